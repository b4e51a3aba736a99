"""Bloody Mary (Battle of Legends, Volume Two): Ritualistic Power, the third action, the
bonus attack of Bloody Requiem and every card of the deck, one rule per test. Seat 0 is Bloody
Mary, seat 1 the Genie (16 health, one fighter), on Marmoreal: M10 is adjacent to M11, M15,
M18 and M19; M10/M11/M15/M19 are green+blue, M13 red+yellow."""

from __future__ import annotations

import pytest

from tests.scenario import genie_turn, maneuver_in_place, play_random, Scenario, tuned_at
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams

BM = "Bloody Mary"
GENIE = "The Genie"
SPARE = "Stolen Memories"     # a scheme kept in hand: the next action stays a real choice


def vs_genie(mary: str = "M10", genie: str = "M11") -> Scenario:
    return Scenario("bloody_mary", "genie").place(BM, mary).place(GENIE, genie)


def genie_lost(s: Scenario) -> int:
    g = s.f(GENIE)
    return g.max_health - g.health


def scheme(s: Scenario, name: str) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        cid = next(c for c in s.game.players[0].hand if s.game.card(c).name == name)
        s.choose((cid, s.fighter(BM)))
    return s


def third_action_turn(s: Scenario) -> Scenario:
    """Her turn with exactly 3 cards in hand (Ritualistic Power: 3 actions), two maneuvers
    taken: the next action is her third."""
    assert len(s.game.players[0].hand) == 3
    s.begin_turn(0)
    maneuver_in_place(s)
    maneuver_in_place(s)
    return s


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


# ============================================================ the hero file
def test_bloody_mary_has_16_health_move_3_melee_no_sidekick_and_30_cards():
    h = find_hero("bloody_mary")
    assert (h.hero.health, h.move, h.hero.ranged, h.sidekicks, h.deck_size) == (16, 3, False, (), 30)
    assert h.set == "Battle of Legends, Volume Two"
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "Bloody Requiem": ("attack", 3, 4, 3), "Speak Three Times": ("attack", 3, 2, 2),
        "Ghostly Touch": ("attack", 1, 2, 2), "Out of the Mirror": ("attack", 1, 2, 2),
        "Evade": ("defense", 3, 1, 3), "Mirror Image": ("defense", 0, 2, 2),
        "Closer Than She Appears": ("scheme", None, 2, 2), "Stolen Memories": ("scheme", None, 3, 2),
        "Broken Glass": ("versatile", 3, 2, 3), "Trick of the Light": ("versatile", 2, 3, 3),
        "Infinity Mirror": ("versatile", 4, 2, 2), "Jump Scare": ("versatile", 3, 2, 2),
        "Feint": ("versatile", 2, 2, 2)}
    assert all(c.users == frozenset({BM}) for c in h.cards)


# ============================================================ Ritualistic Power
def test_ritualistic_power_gains_an_action_with_exactly_3_cards_in_hand():
    s = vs_genie().hand(0, "Evade", "Evade", "Feint")
    s.begin_turn(0)
    assert s.game.players[0].actions == 3
    (gain,) = s.events("gain_action")
    assert gain["amount"] == 1


@pytest.mark.parametrize("cards", [("Evade", "Feint"), ("Evade", "Evade", "Feint", "Feint")])
def test_ritualistic_power_does_nothing_with_another_hand_size(cards):
    s = vs_genie().hand(0, *cards)
    s.begin_turn(0)
    assert s.game.players[0].actions == 2
    assert not s.events("gain_action")


# ============================================================ the third action
def test_action_number_counts_the_action_taken_including_gained_ones():
    from unmatched_sim.engine.effects import QUANTITIES
    from unmatched_sim.engine.state import Ctx, OTHER_ROLE
    s = vs_genie().hand(0, "Closer Than She Appears", "Evade", "Evade", "Feint")
    s.begin_turn(0)
    ctx = Ctx(0, -1, OTHER_ROLE, s.fighter(BM))
    number = QUANTITIES["action_number"]
    assert number(s.game, ctx) == 0
    scheme(s, "Closer Than She Appears")          # 1st action; gains one
    if s.pending.kind == "effect_destination":
        s.choose("M10")
    assert number(s.game, ctx) == 1 and s.game.players[0].actions == 2
    maneuver_in_place(s)                          # 2nd
    assert number(s.game, ctx) == 2
    s.choose("maneuver")                          # 3rd, under way
    assert number(s.game, ctx) == 3
    assert number(s.game, ctx._replace(player=1)) == 0    # not the Genie's turn


# ============================================================ Bloody Requiem
def test_bloody_requiem_makes_a_bonus_attack_worth_the_printed_value_of_the_defense_card():
    s = vs_genie().hand(0, "Bloody Requiem", "Evade").hand(1, "Wishing for More Wishes")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Bloody Requiem", "Wishing for More Wishes")
    (bonus,) = s.events("bonus_attack")
    assert (bonus["amount"], bonus["fighter"], bonus["target"]) == (3, BM, GENIE)
    s.expect("defense_card").choose(None)
    assert combat(s) == "3-0"
    assert genie_lost(s) == 3
    assert s.game.players[0].actions == 1          # the reprise took no action
    assert s.pending.kind == "action"


def test_bloody_reprise_lets_the_defender_defend_and_resolves_the_defense_card():
    s = vs_genie().hand(0, "Bloody Requiem", "Evade").hand(1, "Prisoner's Torment", "Prisoner's Torment")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Bloody Requiem", "Prisoner's Torment")
    assert genie_lost(s) == 2
    s.expect("defense_card").choose("Prisoner's Torment")
    assert combat(s) == "1-1"
    assert genie_lost(s) == 2
    assert "Prisoner's Torment" in s.discard_names(1)


def test_bloody_reprise_is_worth_0_when_the_opponent_played_no_card():
    s = vs_genie().hand(0, "Bloody Requiem", "Evade")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Bloody Requiem", None)
    (bonus,) = s.events("bonus_attack")
    assert bonus["amount"] == 0
    assert genie_lost(s) == 3


def test_bloody_reprise_does_not_happen_once_the_defender_is_defeated():
    s = vs_genie().hand(0, "Bloody Requiem", "Evade").hand(1, "Prisoner's Torment").health(GENIE, 2)
    s.begin_turn(0)
    s.attack(BM, GENIE, "Bloody Requiem", "Prisoner's Torment")
    assert not s.events("bonus_attack")
    assert s.game.over


def test_bloody_reprise_is_not_made_when_bloody_requiem_is_cancelled():
    s = vs_genie().hand(0, "Bloody Requiem", "Evade").hand(1, "Feint")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Bloody Requiem", "Feint")
    assert not s.events("bonus_attack")


# ============================================================ Speak Three Times
def test_speak_three_times_is_worth_7_as_the_third_action():
    s = vs_genie().hand(0, "Speak Three Times", "Evade", "Evade")
    third_action_turn(s)
    s.attack(BM, GENIE, "Speak Three Times", None)
    assert combat(s) == "7-0"


def test_speak_three_times_is_worth_3_as_a_first_action():
    s = vs_genie().hand(0, "Speak Three Times", "Evade")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Speak Three Times", None)
    assert combat(s) == "3-0"


# ============================================================ Ghostly Touch
def test_ghostly_touch_may_be_boosted_during_combat():
    s = vs_genie().hand(0, "Ghostly Touch", "Bloody Requiem")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Ghostly Touch", None)
    s.expect("combat_boost").choose("Bloody Requiem")
    assert combat(s) == "5-0"


def test_ghostly_touch_recovers_3_as_the_third_action_only():
    s = vs_genie().hand(0, "Ghostly Touch", "Evade", "Evade").health(BM, 10)
    third_action_turn(s)
    s.attack(BM, GENIE, "Ghostly Touch", None)
    s.expect("combat_boost").choose(None)
    assert s.f(BM).health == 13

    s = vs_genie().hand(0, "Ghostly Touch", "Evade").health(BM, 10)
    s.begin_turn(0)
    s.attack(BM, GENIE, "Ghostly Touch", None)
    s.expect("combat_boost").choose(None)
    assert s.f(BM).health == 10


# ============================================================ Out of the Mirror
def test_out_of_the_mirror_adds_the_boost_of_a_random_discard_from_the_opponent():
    s = vs_genie().hand(0, "Out of the Mirror", "Evade", SPARE, SPARE).hand(1, "I Am Freed")   # BOOST 2
    s.begin_turn(0)
    s.attack(BM, GENIE, "Out of the Mirror", None)
    assert s.discard_names(1) == ["I Am Freed"]
    assert combat(s) == "3-0"
    assert not [e for e in s.events("draw") if e["player"] == 0]


def test_out_of_the_mirror_draws_as_the_third_action():
    s = vs_genie().hand(0, "Out of the Mirror", "Evade", "Evade")
    third_action_turn(s)
    before = len([e for e in s.events("draw") if e["player"] == 0])
    s.attack(BM, GENIE, "Out of the Mirror", None)
    assert combat(s) == "1-0"                      # the Genie holds nothing to discard
    assert len([e for e in s.events("draw") if e["player"] == 0]) == before + 1


# ============================================================ defense cards
def test_evade_draws_a_card_after_combat():
    s = vs_genie().hand(1, "Careful What You Wish For", "Feint").hand(0, "Evade")
    genie_turn(s)
    s.attack(GENIE, BM, "Careful What You Wish For", "Evade")
    assert [e for e in s.events("draw") if e["player"] == 0]


def test_mirror_image_is_worth_the_printed_value_of_the_attack():
    s = vs_genie().hand(1, "Careful What You Wish For", "Feint").hand(0, "Mirror Image")
    genie_turn(s)
    s.attack(GENIE, BM, "Careful What You Wish For", "Mirror Image")
    assert combat(s) == "4-4"
    assert s.f(BM).health == 16 - 1               # the Genie's card: 1 damage when it loses


# ============================================================ schemes
def test_closer_than_she_appears_moves_1_draws_and_gains_an_action():
    s = vs_genie().hand(0, "Closer Than She Appears", "Evade", SPARE, SPARE)
    s.begin_turn(0)
    scheme(s, "Closer Than She Appears")
    d = s.expect("effect_destination").pending
    assert {s.board.labels[x] for x in d.options} >= {"M10", "M15"}
    s.choose("M15")
    assert s.f(BM).space == s.space("M15")
    assert [e for e in s.events("draw") if e["player"] == 0]
    assert s.game.players[0].actions == 2


def test_stolen_memories_the_opponent_discards_the_chosen_card():
    s = vs_genie().hand(0, "Stolen Memories", "Evade").hand(1, "I Am Freed", "Feint")
    s.begin_turn(0)
    scheme(s, "Stolen Memories")
    s.expect("effect_discard").choose("I Am Freed")
    d = s.expect("effect_unless_discard").pending
    assert d.player == 1
    s.choose("I Am Freed")
    assert s.discard_names(1) == ["I Am Freed"]
    assert genie_lost(s) == 0
    assert s.events("look_at_hand")


def test_stolen_memories_refused_deals_the_cards_boost_to_their_hero():
    s = vs_genie().hand(0, "Stolen Memories", "Evade").hand(1, "I Am Freed", "Feint")
    s.begin_turn(0)
    scheme(s, "Stolen Memories")
    s.expect("effect_discard").choose("I Am Freed")
    s.expect("effect_unless_discard").choose(None)
    assert genie_lost(s) == 2                      # I Am Freed: BOOST 2
    assert s.hand_names(1) == ["Feint", "I Am Freed"]
    (dmg,) = s.events("damage")
    assert dmg["detail"] == "card"


# ============================================================ versatile cards
def test_broken_glass_matching_the_opponents_value_draws_and_deals_2():
    s = vs_genie().hand(0, "Broken Glass", "Evade").hand(1, "Wishing for More Wishes")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Broken Glass", "Wishing for More Wishes")
    s.expect("effect_adjust_value").choose(0)
    assert combat(s) == "3-3"
    assert genie_lost(s) == 2
    assert [e for e in s.events("draw") if e["player"] == 0]


def test_broken_glass_changed_by_1_to_match():
    s = vs_genie().hand(0, "Broken Glass", "Evade").hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Broken Glass", "Prisoner's Torment")
    d = s.expect("effect_adjust_value").pending
    assert d.options == (-1, 0, 1) and (d.info["value"], d.info["opponent_value"]) == (3, 1)
    s.choose(-1)
    assert combat(s) == "2-1"
    assert genie_lost(s) == 1                      # no match: combat damage only


def test_trick_of_the_light_places_her_next_to_the_opposing_fighter():
    s = vs_genie(mary="M10", genie="M13").hand(0, "Trick of the Light", "Evade")
    s.hand(1, "Prisoner's Torment")
    s.place(GENIE, "M11")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Trick of the Light", "Prisoner's Torment")
    s.expect("effect_may").choose(True)
    d = s.expect("effect_destination").pending
    adj = s.board.adjacent[s.space("M11")]
    assert set(d.options) == {x for x in s.game.empty_spaces() if x in adj}
    target = d.options[-1]
    s.game.answer(target)
    assert s.f(BM).space == target


def test_infinity_mirror_moves_either_fighter_of_the_combat_up_to_4():
    s = vs_genie().hand(0, "Infinity Mirror", "Evade")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Infinity Mirror", None)
    s.expect("effect_fighter")
    assert set(s.options()) == {BM, GENIE}
    s.choose(GENIE)
    d = s.expect("effect_destination").pending
    assert d.info["fighter"] == s.fighter(GENIE)


def started_on(s: Scenario, name: str, label: str) -> None:
    """Record that ``name`` started this turn on ``label`` (as if it moved since)."""
    flags = s.game.turn_flags
    spaces = list(flags["start_spaces"])
    spaces[s.fighter(name)] = s.space(label)
    flags["start_spaces"] = tuple(spaces)


def test_jump_scare_is_worth_6_once_she_left_her_starting_zones():
    s = vs_genie().hand(0, "Jump Scare", "Evade")
    s.begin_turn(0)
    started_on(s, BM, "M13")                        # red+yellow: no zone shared with M10
    s.attack(BM, GENIE, "Jump Scare", None)
    assert combat(s) == "6-0"


def test_jump_scare_is_worth_3_in_her_starting_zone():
    s = vs_genie().hand(0, "Jump Scare", "Evade")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Jump Scare", None)
    assert combat(s) == "3-0"


def test_feint_cancels_the_opponents_card_effects():
    s = vs_genie().hand(0, "Feint", "Evade").hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Feint", "Prisoner's Torment")
    assert s.events("cancel")
    assert genie_lost(s) == 1
    assert not [e for e in s.events("draw") if e["player"] == 1]   # its draw was cancelled


# ============================================================ every format
def test_bloody_mary_plays_whole_games_in_every_format():
    for seed in range(3):
        assert play_random(("bloody_mary", "medusa"), seed=seed).over
        assert play_random(("bloody_mary", "genie", "houdini"), FreeForAll(3), seed=seed).over
        assert play_random(("bloody_mary", "pandora", "alice", "bloody_mary"), Teams(4), seed=seed).over


# ============================================================ the AI
def test_the_ai_is_advised_to_keep_speak_three_times_for_the_third_action():
    """Off her third action, a share of what its 7 would add; on it, nothing more: the view
    reads the action's number, and the policies the card at 7 (test_view_conditions.py)."""
    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.hooks import CARD_ADVICE
    advice = CARD_ADVICE["ritualistic_power"]
    s = vs_genie().hand(0, "Speak Three Times", "Evade", "Evade")
    third_action_turn(s)
    s.choose("attack")
    if s.pending.kind == "attack_target":
        s.choose((BM, GENIE))
    view = PlayerView(s.game, 0)
    speak = s.card_ids(0, "Speak Three Times")[0]
    assert advice(None, view, speak) == 0.0
    assert advice(None, view, s.card_ids(0, "Evade")[0]) == 0.0

    s = vs_genie().hand(0, "Speak Three Times", "Evade")
    s.begin_turn(0)
    assert advice(None, PlayerView(s.game, 0), speak) < 0    # first action: keep it


def test_the_ai_adjusts_broken_glass_to_match_the_opponents_value():
    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.hooks import AI_ADVICE
    s = vs_genie().hand(0, "Broken Glass", "Evade").hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.attack(BM, GENIE, "Broken Glass", None)
    d = s.expect("effect_adjust_value").pending
    assert AI_ADVICE["effect_adjust_value"](None, PlayerView(s.game, 0), d) == 1    # nothing to match
    s = vs_genie().hand(0, "Broken Glass", "Evade").hand(1, "I Grant You Death")   # a 2
    s.begin_turn(0)
    s.attack(BM, GENIE, "Broken Glass", "I Grant You Death")
    d = s.expect("effect_adjust_value").pending
    assert AI_ADVICE["effect_adjust_value"](None, PlayerView(s.game, 0), d) == -1
    s.choose(-1)
    assert [e["amount"] for e in s.events("value_adjusted")] == [-1]


def test_the_ai_values_ending_her_turn_on_the_hand_that_starts_the_next_with_3_cards():
    """Out of the Genie's reach: 3 cards at the end of her turn are worth the ability's action,
    4 nothing. Within it, 4 (she may defend once) is worth the chance of that."""
    from unmatched_sim.hooks.bloody_mary import DEFEND_CHANCE, RITUAL_WORTH, ritual_hand_advice
    s = vs_genie(mary="M31")
    s.begin_turn(0)
    pol, view = tuned_at(s)
    assert [ritual_hand_advice(pol, view, n) for n in (2, 3, 4)] == [0.0, RITUAL_WORTH, 0.0]
    s = vs_genie().hand(1, "Prisoner's Torment", "Prisoner's Torment")
    s.begin_turn(0)
    pol, view = tuned_at(s)
    assert ritual_hand_advice(pol, view, 3) == RITUAL_WORTH * (1 - DEFEND_CHANCE)
    assert ritual_hand_advice(pol, view, 4) == RITUAL_WORTH * DEFEND_CHANCE


def test_the_ais_last_action_counts_the_hand_it_leaves_for_ritualistic_power():
    """Two cards, her last action, out of reach: a maneuver's draw leaves 3 (the next turn's
    extra action), so it scores the ability's action more than it would for another hero."""
    from unmatched_sim.hooks import HAND_ADVICE
    from unmatched_sim.hooks.bloody_mary import RITUAL_WORTH
    s = vs_genie(mary="M31").hand(0, "Evade", SPARE)
    s.begin_turn(0)
    maneuver_in_place(s)
    s.game.players[0].hand.pop()          # back to 2 cards: the maneuver's draw undone
    pol, view = tuned_at(s)
    assert view.actions_now() == 1 and view.hand_size(0) == 2
    advised = pol.action_scores(view, s.pending.options)
    fn = HAND_ADVICE.pop("ritualistic_power")
    try:
        plain = _scores(s)
    finally:
        HAND_ADVICE["ritualistic_power"] = fn
    assert advised["maneuver"] == plain["maneuver"] + RITUAL_WORTH
    assert advised["scheme"] == plain["scheme"]


def _scores(s: Scenario) -> dict:
    pol, view = tuned_at(s)
    return pol.action_scores(view, s.pending.options)


def _third_action_attack_card(genie_health: int) -> str:
    s = vs_genie().hand(0, "Speak Three Times", "Infinity Mirror", "Evade").health(GENIE, genie_health)
    third_action_turn(s)
    s.choose("attack")
    if s.pending.kind == "attack_target":
        s.choose((BM, GENIE))
    s.expect("attack_card")
    pol, view = tuned_at(s)
    return s.game.card(pol.on_attack_card(view, s.pending)).name


def test_the_ai_spends_speak_three_times_on_the_third_action_only_where_its_7_counts():
    """On her third action the 7 is worth what it adds against the fighter attacked: against
    the Genie at 16 health she plays it; at 1 health any card defeats her, and she keeps it."""
    assert _third_action_attack_card(16) == "Speak Three Times"
    assert _third_action_attack_card(1) != "Speak Three Times"
