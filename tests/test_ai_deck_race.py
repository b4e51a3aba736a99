"""The deck race in the heuristic's choices : who runs out of cards first and how long
the game is likely to last. Found reading Dr. Jill Trent against the Genie, a matchup whose
figure moved 42 points with Jill's style (88% with her patient tuned style, 46% with the
balanced one: `sim matchup dr_jill_trent genie -n 400 --seed 41`, `--policy-a
tuned|heuristic`)."""

import random

import pytest

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.heuristic import HeuristicPolicy
from unmatched_sim.policies.tempo import deck_rate

BALANCED = HeuristicPolicy.params["aggression"]
JILL_HAND = ("Gyroscopic Jetpack", "Indestructible Cloth", "Laser Pen")


def jill_by_the_genie(genie_deck: int, jill_deck: int = 20, hand=JILL_HAND) -> Scenario:
    s = Scenario("dr_jill_trent", "genie").place("Dr. Jill Trent", "M10").place("The Genie", "M11")
    s.place("Daisy", "M28")
    s.hand(0, *hand).hand(1, "Feint", "Three Wishes", "Careful What You Wish For")
    s.thin_deck(0, jill_deck).thin_deck(1, genie_deck)
    s.begin_turn(0)
    return s


def ready(s: Scenario, policy: str = "heuristic"):
    pol = make_policy(policy, random.Random(0))
    view = PlayerView(s.game, s.pending.player)
    pol.choose(view, s.pending)
    return pol, view


# ---------------------------------------------------------------------- patience
def test_a_foe_whose_deck_runs_out_first_makes_any_style_patient():
    pol, view = ready(jill_by_the_genie(genie_deck=20))
    assert pol.style_now(view)[0] == BALANCED            # level decks: the style's own appetite
    pol, view = ready(jill_by_the_genie(genie_deck=16))
    assert 0.0 < pol.style_now(view)[0] < BALANCED       # four cards ahead: some patience
    pol, view = ready(jill_by_the_genie(genie_deck=11))
    assert pol.style_now(view)[0] == 0.0                 # nine ahead: wait behind the defenses


def test_our_own_short_deck_still_turns_any_style_to_the_attack():
    # the clock runs both ways: patience is for the side with the longer deck only
    s = jill_by_the_genie(genie_deck=20, jill_deck=3)
    pol, view = ready(s)
    assert pol.style_now(view)[0] > BALANCED


# ---------------------------------------------------------------------- the game's length
def test_the_game_is_read_as_long_when_our_blows_have_not_landed():
    s = jill_by_the_genie(genie_deck=20)
    pol, view = ready(s)
    early = pol.turns_left(view)
    assert early == 13 / 2.5             # no evidence yet: 2.5 a turn; Jill Trent's 13 health first
    s.game.turn = 12                                     # six turns each, neither hero touched
    assert pol.turns_left(view) > 1.5 * early
    s.health("The Genie", 4, seat=1)                     # 12 damage in six turns: 2 a turn
    assert pol.turns_left(view) == 4 / ((12 + 7.5) / 9)


def test_the_game_is_read_as_short_when_our_own_hero_is_falling_first():
    # The game ends at the first hero to fall: Jill Trent at 2 health after six turns each (11
    # damage taken, 2.1 a turn with the prior), the Genie untouched at 16.
    s = jill_by_the_genie(genie_deck=20)
    pol, view = ready(s)
    s.game.turn = 12
    s.health("Dr. Jill Trent", 2, seat=0)
    assert pol.turns_left(view) == 2 / ((11 + 7.5) / 9)


# ---------------------------------------------------------------------- draws the game will need
def test_a_draw_the_game_will_need_later_costs_the_exhaustion_it_brings_nearer():
    s = jill_by_the_genie(genie_deck=20, jill_deck=20)
    pol, view = ready(s)
    long_deck = pol.draw_worth(view, 3)
    s.thin_deck(0, 6)                    # six cards left; the game is likely to last ~6 turns
    assert pol.draw_worth(view, 3) < 0 < long_deck


def test_the_deck_race_runs_at_the_rate_our_deck_has_been_losing_cards():
    # Nine cards left, 16 of Jill's 30 gone past her opening hand: by turn 12 (six turns each)
    # that is two cards a turn, by turn 30 one. With the Genie's health left for about six more
    # turns at the rate it has been falling either way, the draw is one the game will need only
    # at two cards a turn.
    rates, worths = [], []
    for turn, genie_health in ((12, 10), (30, 6)):
        s = jill_by_the_genie(genie_deck=20, jill_deck=9)
        s.game.turn = turn
        s.health("The Genie", genie_health, seat=1)
        pol, view = ready(s)
        assert 6 < pol.turns_left(view) < 7
        rates.append(deck_rate(view))
        worths.append(pol.draw_worth(view, 1))
    gone = 3 + 18 - 5                    # her hand and discard pile, past the opening hand
    assert rates == [(gone + 3) / (6 + 3), (gone + 3) / (15 + 3)]
    assert worths[0] < 0 < worths[1]


def test_the_deck_rate_starts_at_a_maneuver_s_draw_a_turn():
    s = Scenario("dr_jill_trent", "genie").place("Dr. Jill Trent", "M10").place("The Genie", "M11")
    jill = s.game.players[0]
    jill.hand.extend(jill.deck.pop() for _ in range(5))         # the opening hand, nothing since
    s.begin_turn(0)
    pol, view = ready(s)
    assert deck_rate(view) == 1.0


# ---------------------------------------------------------------------- the Genie's Infinite Power
def infinite_power(genie: str, houdini: str, *hand: str) -> tuple:
    """The tuned Genie's answer to Infinite Power (discard a card for an action) at the start of
    his turn, against Houdini."""
    s = Scenario("houdini", "genie").remove("Bess")
    s.place("The Genie", genie).place("Houdini", houdini)
    s.hand(1, *hand).hand(0, "Flourish", "Grand Escape")
    s.begin_turn(1)
    d = s.expect("ability_discard_for_action").pending
    pol = make_policy("tuned", random.Random(0))
    cid = pol.choose(PlayerView(s.game, 1), d)
    return s, (None if cid is None else s.game.card(cid).name)


def test_infinite_power_is_not_spent_on_an_action_that_would_only_draw():
    # Houdini far out of reach, little to gain by moving: the extra action would be a maneuver's
    # draw — a card for the card discarded, one card nearer exhaustion. (Priced at a flat 1.1,
    # the action was bought with Prisoner's Torment.)
    _, discarded = infinite_power("M02", "M31", "Prisoner's Torment", "Back in the Lamp", "Feint")
    assert discarded is None


def test_infinite_power_buys_an_extra_attack_with_the_weakest_card():
    s, discarded = infinite_power("M07", "M11", "Careful What You Wish For", "I Am Freed", "Feint", "Feint")
    assert discarded == "Feint"


# ---------------------------------------------------------------------- Pandora's box, deck empty
def pandora_after_three_miseries(deck_empty: bool):
    """Pandora at 6 health, her box open on its three 0-feather miseries (Hope, Confusion,
    Woe), Greed among the four left, her deck empty or not: reveal the next one?"""
    s = Scenario("pandora", "genie").place("Pandora", "M10").place("The Genie", "M12")
    s.hand(0, "Forged by Hephaestus").hand(1, "Feint").health("Pandora", 6)
    if deck_empty:
        s.empty_deck(0)
    s.game.players[0].ability.stack(s.game, 0, ("Hope", "Confusion", "Woe"))   # Hope looks at Confusion
    s.begin_turn(0)
    while True:
        d = s.pending
        if d.kind == "misery_continue" and d.info["revealed"] == 3:
            return s
        s.choose("reveal" if d.kind == "misery_continue" else d.options[0])


def test_pandora_reveals_on_a_full_deck_but_not_into_greed_with_an_empty_one():
    for empty, want in ((False, "reveal"), (True, "stop")):
        s = pandora_after_three_miseries(empty)
        d = s.pending
        assert sum(d.info["unrevealed_draws"]) == 1            # Greed is still in the box
        pol = make_policy("tuned", random.Random(0))
        view = PlayerView(s.game, 0)
        assert pol.choose(view, d) == want, (empty, d.info)
    # greedy does not price exhaustion: its games stay as they were
    s = pandora_after_three_miseries(True)
    assert make_policy("greedy", random.Random(0)).choose(PlayerView(s.game, 0), s.pending) == "reveal"


def test_a_draw_from_an_empty_deck_that_would_defeat_our_hero_costs_the_game():
    s = pandora_after_three_miseries(True)
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    pandora = s.f("Pandora")
    healthy = pol.exhaustion_cost(view)
    s.health("Pandora", 2)
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    assert pol.exhaustion_cost(view) > healthy + pol.defeat_worth(view, pandora) - 1e-9


# ---------------------------------------------------------------------- Pandora's box, deck short
def pandora_after_toil(deck: int):
    """Pandora at 6 health, her box open on Toil (1 feather; a second feather busts her for 2
    damage, Misfortune does), Greed among the six left, ``deck`` cards in her deck."""
    s = Scenario("pandora", "genie").place("Pandora", "M10").place("The Genie", "M12")
    s.hand(0, "Forged by Hephaestus").hand(1, "Feint").health("Pandora", 6)
    s.thin_deck(0, deck)
    s.game.players[0].ability.stack(s.game, 0, ("Toil",))
    s.begin_turn(0)
    while True:
        d = s.pending
        if d.kind == "misery_continue" and d.info["revealed"] == 1:
            return s
        s.choose(d.options[0])


def test_greed_is_a_misery_s_gain_from_a_long_deck_and_a_loss_from_one_the_game_needs():
    pol = make_policy("tuned", random.Random(0))
    s = pandora_after_toil(deck=20)
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    assert pol.misery_gain(view, 0) == 1.0 == pytest.approx(pol.misery_gain(view, 1))
    s = pandora_after_toil(deck=2)               # the game is likely to last longer than that
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    assert pol.misery_gain(view, 1) < 0.0
    s.empty_deck(0)
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    assert pol.misery_gain(view, 1) == pytest.approx(-pol.exhaustion_cost(view))


def test_pandora_risks_a_bust_for_the_box_with_a_long_deck_but_not_with_one_the_race_needs():
    for deck, want in ((20, "reveal"), (2, "stop")):
        s = pandora_after_toil(deck)
        d = s.pending
        assert d.info["feathers"] == 1 and sum(d.info["unrevealed_draws"]) == 1
        assert make_policy("tuned", random.Random(0)).choose(PlayerView(s.game, 0), d) == want, deck


# ---------------------------------------------------------------------- a draw counted from the game
def test_zeus_s_mischief_draws_as_many_cards_as_the_miseries_revealed_this_turn():
    s = pandora_after_toil(deck=20)
    view = PlayerView(s.game, 0)
    pol = make_policy("tuned", random.Random(0))
    pol.choose(view, s.pending)
    zeus = s.game.card(s.card_ids(0, "Zeus's Mischief")[0])
    draw = next(op for op in zeus.effects["effect"] if op.NAME == "draw")
    assert pol.ops_worth(view, (draw,), s.f("Pandora").idx) == pytest.approx(pol.draw_worth(view, 1))
    s.game.players[0].res["revealed_miseries"] += ("Hope", "Woe")
    view = PlayerView(s.game, 0)
    pol.choose(view, s.pending)
    assert pol.ops_worth(view, (draw,), s.f("Pandora").idx) == pytest.approx(pol.draw_worth(view, 3))


# ---------------------------------------------------------------------- a maneuver into exhaustion
def pandora_next_to_sinbad(deck: int):
    """Pandora (6 health) next to Sinbad with Hindsight (an attack) in hand, ``deck`` cards left,
    at her first action (the box closed after its first misery)."""
    s = Scenario("pandora", "sinbad").place("Pandora", "M10").place("Sinbad", "M11").remove("Porter")
    s.hand(0, "Hindsight").hand(1, "Exploit").health("Pandora", 6).thin_deck(0, deck)
    s.game.players[0].ability.stack(s.game, 0, ("Misfortune",))
    s.begin_turn(0)
    while s.pending.kind != "action":
        s.choose("stop" if s.pending.kind == "misery_continue" else s.pending.options[0])
    return s


def test_an_empty_deck_turns_the_action_to_the_attack_not_a_maneuver_into_exhaustion():
    s = pandora_next_to_sinbad(deck=0)
    d = s.pending
    assert {"attack", "maneuver"} <= set(d.options)
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    assert pol.choose(view, d) == "attack"
    assert pol.maneuver_eval(view) < 0.0 < pol.exhaustion_cost(view)     # the draw costs 2 damage
