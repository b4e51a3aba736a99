"""Beowulf (Little Red Riding Hood vs. Beowulf): Rage and every card of the deck, one rule per
test. Seat 0 is Beowulf (17 health, melee) with Wiglaf (9); the opponent is the Genie (16) or
Houdini with Bess (5). Board: Marmoreal — M10 is adjacent to M11, M15, M18 and M19; M12 and M31
are not adjacent to M10.
"""

from __future__ import annotations

import pytest

from tests.scenario import Scenario, genie_turn
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import Game

BEO, WIG, GENIE = "Beowulf", "Wiglaf", "The Genie"
SPARE = "Vigor and Courage"      # kept in hand so that the next action is a real choice


def vs_genie(beowulf: str = "M10", genie: str = "M11", rage: int = 1) -> Scenario:
    s = Scenario("beowulf", "genie").place(BEO, beowulf).place(GENIE, genie)
    s.game.players[0].res["rage"] = rage
    return s


def rage(s: Scenario) -> int:
    return s.game.players[0].res["rage"]


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def scheme(s: Scenario, name: str, fighter: str = BEO) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((name, fighter))
    return s


# ============================================================ the hero file
def test_beowulf_has_17_health_move_2_melee_wiglaf_9_and_30_cards():
    h = find_hero("beowulf")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (17, 2, False, 30)
    assert [(k.name, k.health, k.ranged, k.count) for k in h.sidekicks] == [(WIG, 9, False, 1)]
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "Epic Poem": ("attack", 2, 2, 2), "The Ancient Heirloom": ("attack", 3, 1, 2),
        "No Contest Expecteth": ("attack", 3, 3, 2), "Hot for the Battle": ("attack", 3, 3, 2),
        "Fatal Struggle": ("attack", 4, 2, 3), "Feint": ("versatile", 2, 1, 3),
        "The War-King": ("versatile", 1, 3, 3), "Skirmish": ("versatile", 4, 1, 3),
        "The Equal of Grendel": ("defense", 3, 1, 3), "Remnant of Valor": ("scheme", None, 2, 2),
        "Vigor and Courage": ("scheme", None, 2, 3), "Golden Drinking Horn": ("scheme", None, 3, 2)}
    assert find_hero("beowulf").set == "Little Red Riding Hood vs. Beowulf"


# ============================================================ Rage
def test_beowulf_starts_the_game_with_1_rage_of_at_most_3():
    g = Game(find_board("marmoreal"), (find_hero("beowulf"), find_hero("genie")), seed=2).start()
    while g.pending.kind == "sidekick_start":
        g.answer(g.pending.options[0])
    assert g.players[0].res == {"rage": 1, "rage_max": 3}


def test_each_instance_of_damage_to_beowulf_gains_1_rage_whatever_the_amount():
    s = vs_genie(rage=0).hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, BEO, "Careful What You Wish For", None)       # 4 combat damage
    assert s.f(BEO).health == 13 and rage(s) == 1
    assert s.events("rage_gained")[-1]["amount"] == 1 and s.events("rage_gained")[-1]["value"] == 1


def test_rage_never_goes_past_3_and_wiglaf_taking_damage_gives_none():
    s = vs_genie(rage=3).hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, BEO, "Careful What You Wish For", None)
    assert rage(s) == 3 and s.events("rage_gained") == []
    s2 = Scenario("beowulf", "genie").place(WIG, "M10").place(GENIE, "M11").place(BEO, "M31")
    s2.game.players[0].res["rage"] = 0
    s2.hand(1, "Careful What You Wish For")
    genie_turn(s2)
    s2.attack(GENIE, WIG, "Careful What You Wish For", None)
    assert s2.f(WIG).health == 5 and rage(s2) == 0


# ============================================================ the cards
def test_epic_poem_gains_1_rage_then_adds_1_per_rage_held():
    s = vs_genie(rage=1).hand(0, "Epic Poem", SPARE)
    s.begin_turn(0)
    s.attack(BEO, GENIE, "Epic Poem", None)
    assert rage(s) == 2 and combat(s) == "4-0"             # 2 printed + 2 Rage, none spent


def test_the_ancient_heirloom_pays_2_rage_for_value_5_and_1_rage_to_boost():
    s = vs_genie(rage=3).hand(0, "The Ancient Heirloom", "Golden Drinking Horn")    # BOOST 3
    s.begin_turn(0)
    s.attack(BEO, GENIE, "The Ancient Heirloom", None)
    s.expect("effect_may").choose(True)                     # 2 Rage: the value is 5
    s.expect("effect_may").choose(True)                     # 1 Rage: BOOST it
    s.expect("combat_boost").choose("Golden Drinking Horn")
    assert combat(s) == "8-0" and rage(s) == 0


def test_the_ancient_heirloom_clauses_are_optional_and_need_the_rage():
    s = vs_genie(rage=1).hand(0, "The Ancient Heirloom", SPARE)
    s.begin_turn(0)
    s.attack(BEO, GENIE, "The Ancient Heirloom", None)
    s.expect("effect_may").choose(False)                    # only the BOOST clause is payable
    assert combat(s) == "3-0" and rage(s) == 1


def test_the_ancient_heirlooms_effects_cannot_be_cancelled():
    assert next(c for c in find_hero("beowulf").cards if c.name == "The Ancient Heirloom").uncancelable
    s = vs_genie(rage=2).hand(0, "The Ancient Heirloom", SPARE).hand(1, "Feint")
    s.begin_turn(0)
    s.attack(BEO, GENIE, "The Ancient Heirloom", "Feint")
    assert s.events("cancel_failed")
    s.expect("effect_may").choose(True)
    assert combat(s) == "5-2"


def test_no_contest_expecteth_spends_3_rage_to_defeat_the_sidekick_it_beat():
    s = Scenario("beowulf", "houdini").place(BEO, "M10").place("Bess", "M11").place("Houdini", "M31")
    s.game.players[0].res["rage"] = 3
    s.hand(0, "No Contest Expecteth", SPARE)
    s.begin_turn(0)
    s.attack(BEO, "Bess", "No Contest Expecteth", None)     # 3 damage: Bess has 2 left
    s.expect("effect_may").choose(True)
    assert not s.f("Bess").alive and rage(s) == 0


def test_no_contest_expecteth_is_not_offered_against_a_hero_or_without_3_rage():
    s = vs_genie(rage=3).hand(0, "No Contest Expecteth", SPARE)
    s.begin_turn(0)
    s.attack(BEO, GENIE, "No Contest Expecteth", None)
    assert s.pending.kind == "action" and s.f(GENIE).alive and rage(s) == 3
    s2 = Scenario("beowulf", "houdini").place(BEO, "M10").place("Bess", "M11").place("Houdini", "M31")
    s2.game.players[0].res["rage"] = 2
    s2.hand(0, "No Contest Expecteth", SPARE)
    s2.begin_turn(0)
    s2.attack(BEO, "Bess", "No Contest Expecteth", None)
    assert s2.pending.kind == "action" and s2.f("Bess").alive


def test_hot_for_the_battle_lets_wiglaf_swap_spaces_with_beowulf():
    s = Scenario("beowulf", "genie").place(WIG, "M10").place(GENIE, "M11").place(BEO, "M31")
    s.hand(0, "Hot for the Battle", SPARE)
    s.begin_turn(0)
    s.attack(WIG, GENIE, "Hot for the Battle", None)
    s.expect("effect_may").choose(True)
    assert s.f(WIG).space == s.space("M31") and s.f(BEO).space == s.space("M10")


def test_fatal_struggle_draws_2_when_won_and_the_opponent_draws_2_when_lost():
    s = vs_genie().hand(0, "Fatal Struggle", SPARE)
    s.begin_turn(0)
    hand = len(s.game.players[0].hand)
    s.attack(BEO, GENIE, "Fatal Struggle", None)
    assert len(s.game.players[0].hand) == hand - 1 + 2
    s2 = vs_genie().hand(0, "Fatal Struggle", SPARE).hand(1, "Prisoner's Torment")
    s2.game.players[0].value_lock = 1          # Beowulf's card held to 1: he loses 1-1
    s2.begin_turn(0)
    theirs = len(s2.game.players[1].hand)
    s2.attack(BEO, GENIE, "Fatal Struggle", "Prisoner's Torment")
    assert combat(s2) == "1-1" and len(s2.game.players[1].hand) == theirs - 1 + 2


def test_feint_cancels_the_effects_of_the_opponents_card():
    s = vs_genie().hand(0, "Feint").hand(1, "Your Wish Is My Command", "Three Wishes", "Feint", "Back in the Lamp")
    genie_turn(s)
    s.attack(GENIE, BEO, "Your Wish Is My Command", "Feint")      # 3-2: the Genie wins
    assert s.events("cancel") and combat(s) == "3-2"
    assert s.pending.kind == "action" and not s.events("gain_action")   # no extra action offered


def test_the_war_king_spends_any_amount_of_rage_for_2_each():
    s = vs_genie(rage=3).hand(0, "The War-King", SPARE)
    s.begin_turn(0)
    s.attack(BEO, GENIE, "The War-King", None)
    s.expect("rage_spend")
    assert list(s.pending.options) == [0, 1, 2, 3]
    s.choose(2)
    assert combat(s) == "5-0" and rage(s) == 1


def test_skirmish_moves_a_fighter_of_the_combat_when_won():
    s = vs_genie().hand(0, "Skirmish", SPARE)
    s.begin_turn(0)
    s.attack(BEO, GENIE, "Skirmish", None)
    s.expect("effect_fighter").choose(BEO)
    s.expect("effect_destination").choose("M19")
    assert s.f(BEO).space == s.space("M19")


def test_the_equal_of_grendel_spends_2_rage_to_deal_the_attack_cards_printed_value():
    s = vs_genie(rage=2).hand(0, "The Equal of Grendel").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, BEO, "Careful What You Wish For", "The Equal of Grendel")
    s.expect("effect_may").choose(True)
    assert s.f(GENIE).health == 12 and rage(s) == 1          # 2 spent; 1 gained from 4-3 combat
    assert combat(s) == "4-3"


def test_the_equal_of_grendel_is_not_offered_without_2_rage():
    s = vs_genie(rage=1).hand(0, "The Equal of Grendel").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, BEO, "Careful What You Wish For", "The Equal of Grendel")
    assert s.f(GENIE).health == 16 and not s.events("rage_spent")


def test_remnant_of_valor_hits_every_adjacent_fighter_and_gains_an_action_if_beowulf_was_hit():
    s = vs_genie(beowulf="M11", genie="M15", rage=0).place(WIG, "M10").hand(0, "Remnant of Valor", SPARE)
    s.begin_turn(0)
    actions = s.game.players[0].actions
    scheme(s, "Remnant of Valor", WIG)
    assert s.f(BEO).health == 16 and s.f(GENIE).health == 15 and rage(s) == 1
    assert s.game.players[0].actions == actions          # the action spent is given back


def test_remnant_of_valor_gains_no_action_when_beowulf_is_not_adjacent():
    s = vs_genie(beowulf="M31", genie="M11").place(WIG, "M10").hand(0, "Remnant of Valor", SPARE)
    s.begin_turn(0)
    actions = s.game.players[0].actions
    scheme(s, "Remnant of Valor", WIG)
    assert s.f(GENIE).health == 15 and s.game.players[0].actions == actions - 1


def test_vigor_and_courage_discards_a_random_card_and_gains_its_boost_in_rage():
    s = vs_genie(rage=0).hand(0, "Vigor and Courage", "Feint").hand(1, "Three Wishes")   # BOOST 3
    s.begin_turn(0)
    scheme(s, "Vigor and Courage")
    assert s.discard_names(1) == ["Three Wishes"] and rage(s) == 3
    s2 = vs_genie(rage=2).hand(0, "Vigor and Courage", "Feint").hand(1, "Three Wishes")
    s2.begin_turn(0)
    scheme(s2, "Vigor and Courage")
    assert rage(s2) == 3                                   # capped


def test_golden_drinking_horn_spends_rage_for_that_many_different_effects():
    s = vs_genie(rage=3).hand(0, "Golden Drinking Horn", SPARE).health(BEO, 10)
    s.begin_turn(0)
    hand = len(s.game.players[0].hand)
    scheme(s, "Golden Drinking Horn")
    s.expect("rage_spend")
    assert list(s.pending.options) == [0, 1, 2, 3]
    s.choose(2)
    s.expect("effect_mode").choose("draw 2 cards")
    s.expect("effect_mode")
    assert "draw 2 cards" not in s.pending.options
    s.choose("Beowulf recovers 2 health")
    assert rage(s) == 1 and s.f(BEO).health == 12 and len(s.game.players[0].hand) == hand - 1 + 2


def test_golden_drinking_horn_without_rage_does_nothing():
    s = vs_genie(rage=0).hand(0, "Golden Drinking Horn", SPARE)
    s.begin_turn(0)
    scheme(s, "Golden Drinking Horn")
    assert s.pending.kind == "action" and not s.events("rage_spent")


@pytest.mark.parametrize("purpose,options,want", [("value", [0, 1, 2], 2), ("effects", [0, 1, 2, 3], 1)])
def test_the_ai_spends_all_rage_for_value_and_one_per_useful_horn_effect(purpose, options, want):
    import random

    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.policies.greedy import GreedyPolicy
    from unmatched_sim.engine.state import Decision
    s = vs_genie(rage=3)
    s.game.players[0].hand.clear()
    s.empty_deck(0)
    d = Decision(0, "rage_spend", tuple(options), None, (), {"purpose": purpose})
    assert GreedyPolicy(random.Random(0)).choose(PlayerView(s.game, 0), d) == want
