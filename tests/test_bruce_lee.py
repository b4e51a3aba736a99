"""Bruce Lee (Unmatched: Bruce Lee): his step at the end of each turn, the JEET KUNE DO cards and
every other card, and the vocabulary they brought (take_one_tagged_from_discard, swap_with,
the condition damaged_fighter_defeated, a scheme returning to hand). Seat 0 is Bruce Lee, seat
1 the Genie, on Marmoreal."""

from __future__ import annotations

import pytest

from tests.bol1_play import play_random
from tests.scenario import Scenario, genie_turn, tuned_at
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams

HOO = '"HOO! WHAAAAAA!"'
HIGH = "Jeet Kune Do: High Straight Lead"
KICK = "Jeet Kune Do: Downward Side Kick"
WRIST = "Jeet Kune Do: Wrist Lock"
FIST = "Jeet Kune Do: Intercepting Fist"
JAB = "Jeet Kune Do: Corkscrew Finger Jab"
HOOK = "Jeet Kune Do: Short Lead Hook"


def duel(bruce: str = "M10", genie: str = "M11") -> Scenario:
    """Bruce Lee and the Genie placed as given (M10 and M11: adjacent, one zone)."""
    s = Scenario("bruce_lee", "genie")
    s.place("Bruce Lee", bruce).place("The Genie", genie)
    return s


def attack_with(s: Scenario, card: str, defense: str | None = None, genie_hand: tuple[str, ...] = ()) -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    s.hand(1, *genie_hand)
    s.begin_turn(0)
    return s.attack("Bruce Lee", "The Genie", card, defense)


def genie_attacks(s: Scenario, card: str, defense: str | None) -> Scenario:
    s.hand(1, card)
    if defense:
        s.hand(0, defense)
    genie_turn(s)
    return s.attack("The Genie", "Bruce Lee", card, defense)


def scheme(s: Scenario, card: str) -> Scenario:
    """From the action decision: play ``card`` as a scheme (the choice of card is asked only
    when there is more than one)."""
    cid = next(c for c in s.game.players[0].hand if s.game.card(c).name == card)
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((cid, s.fighter("Bruce Lee")))
    return s


def genie_lost(s: Scenario) -> int:
    g = s.f("The Genie")
    return g.max_health - g.health


def actions_gained(s: Scenario) -> int:
    return sum(e["amount"] or 0 for e in s.events("gain_action") if e["player"] == 0)


# ============================================================================ hero
def test_bruce_lee_has_14_health_move_3_melee_no_sidekick_and_30_cards():
    h = find_hero("bruce_lee")
    assert (h.hero.health, h.move, h.hero.ranged) == (14, 3, False)
    assert not h.sidekicks and h.deck_size == 30 and h.set == "Bruce Lee"
    jkd = [c for c in h.cards if "jeet_kune_do" in c.tags]
    assert len(jkd) == 6 and all(c.name.startswith("Jeet Kune Do: ") for c in jkd)


# ============================================================================ Fleet of Foot
def _end_turn(s: Scenario) -> Scenario:
    """Spend Bruce Lee's actions on maneuvers that stay put (no BOOST)."""
    while s.pending is not None and s.pending.player == 0 and s.pending.kind in (
            "action", "maneuver_boost", "move_destination"):
        d = s.pending
        if d.kind == "action":
            s.choose("maneuver")
        elif d.kind == "maneuver_boost":
            s.choose(None)
        else:
            s.game.answer(s.game.fighters[d.info["fighter"]].space)
    return s


def test_fleet_of_foot_moves_bruce_lee_up_to_1_space_at_the_end_of_his_turn():
    s = duel(genie="M27")
    s.begin_turn(0)
    _end_turn(s)
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Bruce Lee")
    assert set(s.options()) == {"M10", "M11", "M15", "M18", "M19"}
    s.choose("M18")
    assert s.f("Bruce Lee").space == s.space("M18")
    assert s.game.active == 1


def test_fleet_of_foot_may_stay_put():
    s = duel(genie="M27")
    s.begin_turn(0)
    _end_turn(s)
    s.expect("effect_destination").choose("M10")
    assert s.f("Bruce Lee").space == s.space("M10")


def test_fleet_of_foot_cannot_step_onto_an_occupied_space():
    s = duel()
    s.begin_turn(0)
    _end_turn(s)
    s.expect("effect_destination")
    assert "M11" not in s.options()


# ============================================================================ cards
def test_skirmish_when_won_moves_a_fighter_of_the_combat_up_to_2():
    s = duel()
    attack_with(s, "Skirmish")
    s.expect("effect_fighter").choose("Bruce Lee")
    s.expect("effect_destination").choose("M22")           # M10 M18 M22
    assert s.f("Bruce Lee").space == s.space("M22")


def test_little_dragon_is_worth_6_with_an_empty_hand_and_draws_2():
    s = duel()
    attack_with(s, "Little Dragon")
    assert s.events("combat_result")[0]["detail"] == "6-0"
    assert len(s.game.players[0].hand) == 2


def test_little_dragon_is_worth_2_with_cards_in_hand():
    s = duel()
    s.hand(0, "Feint")
    attack_with(s, "Little Dragon")
    assert s.events("combat_result")[0]["detail"] == "2-0"
    assert len(s.game.players[0].hand) == 3


def test_taste_of_blood_draws_3_at_5_health_or_less():
    s = duel().health("Bruce Lee", 6)
    genie_attacks(s, "Careful What You Wish For", "Taste of Blood")     # 4 against 3: 1 damage
    assert s.f("Bruce Lee").health == 5
    assert len(s.game.players[0].hand) == 3


def test_taste_of_blood_draws_nothing_above_5_health():
    s = duel().health("Bruce Lee", 7)
    genie_attacks(s, "Careful What You Wish For", "Taste of Blood")
    assert s.f("Bruce Lee").health == 6 and not s.game.players[0].hand


def test_be_like_water_takes_a_chosen_jeet_kune_do_card_from_the_discard_pile():
    s = duel()
    s.discard_pile(0, "Feint", JAB, WRIST)
    genie_attacks(s, "Careful What You Wish For", "Be Like Water")
    s.expect("effect_take_from_discard")
    assert set(s.options()) == {JAB, WRIST}                # never the Feint
    s.choose(WRIST)
    assert s.hand_names(0) == [WRIST] and WRIST not in s.discard_names(0)


def test_be_like_water_with_no_jeet_kune_do_card_in_the_pile_does_nothing():
    s = duel()
    s.discard_pile(0, "Feint")
    genie_attacks(s, "Careful What You Wish For", "Be Like Water")
    assert s.pending is None or s.pending.kind != "effect_take_from_discard"
    assert not s.game.players[0].hand


def test_hoo_whaaaaaa_takes_a_jeet_kune_do_card_back_and_gains_an_action():
    s = duel()
    s.discard_pile(0, HOOK)
    s.hand(0, HOO)
    s.begin_turn(0)
    scheme(s, HOO)
    assert s.hand_names(0) == [HOOK]
    assert actions_gained(s) == 1
    assert s.game.players[0].actions == 2


def test_high_straight_lead_is_worth_5_when_a_fighter_moved_and_gains_an_action():
    s = duel()
    s.hand(0, HIGH)
    s.begin_turn(0)
    s.place("The Genie", "M19")                # the Genie is off her start space, still adjacent
    s.attack("Bruce Lee", "The Genie", HIGH, None)
    assert s.events("combat_result")[0]["detail"] == "5-0"
    assert actions_gained(s) == 1


def test_high_straight_lead_is_worth_3_when_nobody_moved():
    s = duel()
    attack_with(s, HIGH)
    assert s.events("combat_result")[0]["detail"] == "3-0"


def test_downward_side_kick_discards_a_random_card_and_gains_an_action():
    s = duel()
    attack_with(s, KICK, genie_hand=("Feint",))
    assert s.discard_names(1) == ["Feint"]
    assert actions_gained(s) == 1


def test_wrist_lock_draws_a_card_and_gains_an_action():
    s = duel()
    attack_with(s, WRIST)
    assert len(s.game.players[0].hand) == 1 and actions_gained(s) == 1


def test_intercepting_fist_cancels_the_defense_and_gains_an_action():
    s = duel()
    attack_with(s, FIST, "Prisoner's Torment")
    assert s.events("cancel") and actions_gained(s) == 1
    assert not [e for e in s.events("draw") if e["player"] == 1]   # the defense's draw is cancelled


def test_corkscrew_finger_jab_deals_1_more_and_gains_an_action():
    s = duel()
    attack_with(s, JAB)
    assert genie_lost(s) == 3 + 1 and actions_gained(s) == 1


def test_short_lead_hook_may_swap_bruce_lee_with_the_opposing_fighter():
    s = duel()
    attack_with(s, HOOK)
    s.expect("effect_may").choose(True)
    assert s.f("Bruce Lee").space == s.space("M11") and s.f("The Genie").space == s.space("M10")
    assert s.events("swap") and actions_gained(s) == 1


def test_short_lead_hook_swap_may_be_declined():
    s = duel()
    attack_with(s, HOOK)
    s.expect("effect_may").choose(False)
    assert s.f("Bruce Lee").space == s.space("M10") and actions_gained(s) == 1


def test_swap_with_does_nothing_when_the_other_fighter_is_held():
    s = duel()
    s.game.add_lasting("hold", 1, "hold_in_place", s.fighter("The Genie"), "turn")
    attack_with(s, HOOK)
    assert s.pending is None or s.pending.kind != "effect_may"     # nothing to offer
    assert s.f("The Genie").space == s.space("M11") and actions_gained(s) == 1


def test_bring_it_on_puts_an_opposing_fighter_of_his_zone_next_to_him_and_gains_an_action():
    s = duel(genie="M12")                       # same zone, not adjacent
    s.hand(0, "Bring It On")
    s.begin_turn(0)
    scheme(s, "Bring It On")
    s.expect("effect_destination")
    assert set(s.options()) == {"M11", "M15", "M18", "M19"}
    s.choose("M15")
    assert s.f("The Genie").space == s.space("M15") and actions_gained(s) == 1


def test_bring_it_on_with_no_opposing_fighter_in_his_zone_only_gains_the_action():
    s = duel(genie="M27")
    s.hand(0, "Bring It On")
    s.begin_turn(0)
    scheme(s, "Bring It On")
    assert s.f("The Genie").space == s.space("M27") and actions_gained(s) == 1


def test_one_inch_punch_deals_2_to_an_adjacent_fighter_and_is_discarded():
    s = duel()
    s.hand(0, "One-Inch Punch")
    s.begin_turn(0)
    scheme(s, "One-Inch Punch")
    assert genie_lost(s) == 2
    assert "One-Inch Punch" in s.discard_names(0)


def test_one_inch_punch_returns_to_hand_when_it_defeats_the_fighter():
    s = Scenario("bruce_lee", "houdini")
    s.place("Bruce Lee", "M10").place("Houdini", "M27").place("Bess", "M11").health("Bess", 2)
    s.hand(0, "One-Inch Punch")
    s.begin_turn(0)
    scheme(s, "One-Inch Punch")
    assert not s.f("Bess").alive
    assert s.hand_names(0) == ["One-Inch Punch"] and "One-Inch Punch" not in s.discard_names(0)
    assert not s.game.in_play
    assert s.events("return_to_hand")


def test_nunchaku_adds_1_to_bruce_lees_attacks_this_turn_and_gains_an_action():
    s = duel()
    s.hand(0, "Nunchaku", "Feint")
    s.begin_turn(0)
    scheme(s, "Nunchaku")
    assert actions_gained(s) == 1
    s.attack("Bruce Lee", "The Genie", "Feint", None)
    assert genie_lost(s) == 2 + 1


def test_nunchaku_bonus_ends_with_the_turn():
    s = duel()
    s.hand(0, "Nunchaku")
    s.begin_turn(0)
    scheme(s, "Nunchaku")
    assert "attack_bonus" in s.game.turn_flags
    _end_turn(s)
    if s.pending is not None and s.pending.kind == "effect_destination":
        s.choose("M10")
    assert s.game.active == 1 and "attack_bonus" not in s.game.turn_flags


def test_momentous_shift_is_worth_5_after_bruce_lee_moved_this_turn():
    s = duel(bruce="M19")
    s.hand(0, "Momentous Shift")
    s.begin_turn(0)
    s.place("Bruce Lee", "M10")
    s.attack("Bruce Lee", "The Genie", "Momentous Shift", None)
    assert s.events("combat_result")[0]["detail"] == "5-0"


def test_feint_cancels_the_opponents_card():
    s = duel()
    attack_with(s, WRIST, "Feint")
    assert s.events("cancel") and actions_gained(s) == 0


def test_regroup_draws_2_when_won_and_1_when_lost():
    s = duel()
    attack_with(s, "Regroup")
    assert len(s.game.players[0].hand) == 2
    s = duel()
    attack_with(s, "Regroup", "Prisoner's Torment")          # 1 against 1
    assert len(s.game.players[0].hand) == 1


# ============================================================================ formats
@pytest.mark.parametrize("seed", [1, 2])
def test_bruce_lee_plays_a_three_player_free_for_all_to_the_end(seed):
    assert play_random(("bruce_lee", "bigfoot", "genie"), FreeForAll(3), seed=seed).over


def test_bruce_lee_plays_a_two_against_two_team_game_to_the_end():
    assert play_random(("bruce_lee", "robin_hood", "bigfoot", "houdini"), Teams(4), seed=5).over


# ============================================================================ the AI
def test_the_ai_sees_the_turns_nunchaku_bonus_in_an_attack_it_weighs():
    s = duel()
    s.hand(0, "Nunchaku", "Skirmish")
    s.begin_turn(0)
    pol, view = tuned_at(s)
    skirmish = s.card_ids(0, "Skirmish")[0]
    bruce, genie = s.fighter("Bruce Lee"), s.fighter("The Genie")
    before = pol.attack_eval(view, bruce, genie, skirmish)
    scheme(s, "Nunchaku")
    pol, view = tuned_at(s)
    assert view.combat_bonus_estimate(bruce, 0, genie) == 1.0
    assert pol.attack_eval(view, bruce, genie, skirmish) > before


def test_the_ai_does_not_play_nunchaku_with_no_attack_to_make_after_it():
    """Out of reach of any foe, Nunchaku's action back is no free action: its +1 has no attack
    to go to, so it is worth the maneuver that follows less the card, and the AI maneuvers."""
    s = duel(bruce="M31")
    s.hand(0, "Nunchaku", "Skirmish")
    s.begin_turn(0)
    pol, view = tuned_at(s)
    assert not pol.attack_options(view)
    nunchaku = s.card_ids(0, "Nunchaku")[0]
    worth = pol.scheme_eval(view, nunchaku, s.fighter("Bruce Lee"))
    assert worth == pol.maneuver_eval(view) - pol.spend_cost(view, nunchaku)
    assert pol.on_action(view, s.pending) == "maneuver"


def test_the_ai_weighs_nunchaku_as_the_attack_it_improves_less_the_card():
    s = duel()
    s.hand(0, "Nunchaku", "Skirmish")
    s.begin_turn(0)
    pol, view = tuned_at(s)
    nunchaku = s.card_ids(0, "Nunchaku")[0]
    scores = pol.action_scores(view, s.pending.options)
    worth = pol.scheme_eval(view, nunchaku, s.fighter("Bruce Lee"))
    assert worth == scores["scheme"]
    assert worth <= max(scores["attack"], scores["maneuver"]) + 1.0


def _attack_card_choice(hand: tuple[str, ...], moved: bool) -> str:
    """The card the AI attacks the Genie with, Bruce Lee having stepped to another space next
    to her this turn (``moved``) or not."""
    s = duel()
    s.hand(0, *hand)
    s.begin_turn(0)
    g = s.game
    bruce, genie = s.fighter("Bruce Lee"), s.fighter("The Genie")
    if moved:
        here = g.fighters[bruce].space
        taken = {f.space for f in g.fighters if f.on_board}
        g.place(bruce, next(x for x in sorted(g.board.adjacent[g.fighters[genie].space])
                            if x not in taken and x != here))
    s.choose("attack")
    if s.pending.kind == "attack_target":
        s.choose((bruce, genie))
    s.expect("attack_card")
    pol, view = tuned_at(s)
    return g.card(pol.on_attack_card(view, s.pending)).name


def test_the_ai_attacks_with_momentous_shift_at_5_once_bruce_lee_has_moved_this_turn():
    assert _attack_card_choice(("Momentous Shift", "Skirmish"), moved=True) == "Momentous Shift"
    assert _attack_card_choice(("Momentous Shift", "Skirmish"), moved=False) == "Skirmish"


def test_the_ai_attacks_with_high_straight_lead_at_5_once_bruce_lee_has_moved_this_turn():
    assert _attack_card_choice((HIGH, WRIST), moved=True) == HIGH
    assert _attack_card_choice((HIGH, WRIST), moved=False) == WRIST


def test_the_ai_does_not_play_bring_it_on_with_no_foe_to_pull_or_nothing_to_hit_it_with():
    """The Genie already next to Bruce Lee: Bring It On has nobody to pull and is worth the
    maneuver after it less the card. Out of reach in his zone with an attack card in hand: it
    is worth the attack on her it makes possible (or the maneuver, if that is worth more), less
    the card."""
    s = duel()
    s.hand(0, "Bring It On", "Skirmish")
    s.begin_turn(0)
    pol, view = tuned_at(s)
    card = s.card_ids(0, "Bring It On")[0]
    assert pol.scheme_eval(view, card, s.fighter("Bruce Lee")) == pol.maneuver_eval(view) - pol.spend_cost(view, card)
    s = duel(bruce="M09")        # in a zone of the Genie on M11, not next to her
    s.hand(0, "Bring It On", "Skirmish")
    s.begin_turn(0)
    pol, view = tuned_at(s)
    assert not pol.attack_options(view)
    from unmatched_sim.hooks.bruce_lee import best_attack_on_pulled
    from unmatched_sim.policies.weights import FOR_HERO_ADVICE
    ATTACK_BONUS = FOR_HERO_ADVICE["ATTACK_BONUS"]
    attack = best_attack_on_pulled(pol, view, s.fighter("Bruce Lee"))
    card = s.card_ids(0, "Bring It On")[0]
    then = max(pol.maneuver_eval(view), attack + ATTACK_BONUS + pol.agg + pol.hit_and_run(view))
    assert pol.scheme_eval(view, card, s.fighter("Bruce Lee")) == then - pol.spend_cost(view, card)


def test_greedy_and_tuned_play_whole_games_with_his_advice():
    """His combat-card advice serves the greedy policy too (which weighs cards by value)."""
    from unmatched_sim.data.catalog import find_board
    from unmatched_sim.run.play import play_game
    from unmatched_sim.run.plan import GameSpec

    heroes = {h: find_hero(h) for h in ("bruce_lee", "bigfoot")}
    for policy in ("greedy", "tuned"):
        game, row = play_game(GameSpec(0, 0, 7, "bruce_lee", "bigfoot", True), heroes,
                              find_board("marmoreal"), policy, policy, record=False)
        assert row["winner"] in ("a", "b", None) and game.turn > 1
