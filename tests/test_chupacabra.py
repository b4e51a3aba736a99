"""Chupacabra (Battle of Legends Vol. 3): The Hunger and every card of the deck, one rule per
test. Seat 0 is Chupacabra; the opponent is the Genie (one fighter, 16 health) or Houdini.
Board: Marmoreal — M10 is adjacent to M11, M15, M18 and M19; M10/M11 are green+blue, M12 is
blue, M31 violet+brown.
"""

from __future__ import annotations

import random

from tests.scenario import Scenario, genie_turn, kinds
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.greedy import GreedyPolicy


def vs_genie(chupa: str = "M10", genie: str = "M11") -> Scenario:
    return Scenario("chupacabra", "genie").place("Chupacabra", chupa).place("The Genie", genie)


def vs_houdini(chupa: str = "M10", houdini: str = "M11", bess: str | None = None) -> Scenario:
    s = Scenario("chupacabra", "houdini").place("Chupacabra", chupa).place("Houdini", houdini)
    return s.place("Bess", bess) if bess else s.remove("Bess")


# A card kept in Chupacabra's hand so that, after the effect under test, the next action is
# a real choice (with an empty hand the engine would take the only possible action, a
# maneuver, at once — and draw).
SPARE = "Traveler of the Night"


def combat(s: Scenario) -> str:
    """The last combat's values, "attack-defense"."""
    return s.events("combat_result")[-1]["detail"]


# ============================================================ the hero file
def test_chupacabra_has_14_health_move_3_melee_no_sidekick_and_30_cards():
    h = find_hero("chupacabra")
    assert (h.hero.health, h.move, h.hero.ranged, h.sidekicks, h.deck_size) == (14, 3, False, (), 30)
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "Ambush": ("attack", 2, 3, 2), "Wounded Beast": ("versatile", 3, 1, 3),
        "Blood in the Air": ("attack", 4, 4, 3), "Feeding": ("attack", 4, 2, 3),
        "Feint": ("versatile", 2, 2, 3), "Natural Toughness": ("defense", 3, 3, 2),
        "Ravenous Lunge": ("versatile", 3, 2, 3), "Traveler of the Night": ("scheme", None, 3, 3),
        "The More They Struggle": ("attack", 0, 3, 3), "Unsettle": ("scheme", None, 2, 2),
        "Tooth and Tail": ("versatile", 2, 2, 3)}
    assert all(c.users == frozenset({"Chupacabra"}) for c in h.cards)


# ============================================================ The Hunger
def test_the_hunger_offers_a_draw_after_attacking():
    s = vs_genie().hand(0, "Feint").deck_top(0, "Feeding")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    s.expect("ability_draw")
    assert s.pending.player == 0 and s.pending.options == (True, False)
    s.choose(True)
    assert s.hand_names(0) == ["Feeding"]
    assert [(e["detail"], e["amount"]) for e in s.events("ability")] == [("draw_after_attacking", 1)]


def test_the_hunger_may_be_declined():
    s = vs_genie().hand(0, "Feint", SPARE)
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    s.expect("ability_draw").choose(False)
    s.expect("action")
    assert s.hand_names(0) == [SPARE] and s.events("draw") == [] and s.events("ability") == []


def test_the_hunger_comes_after_every_after_combat_effect_and_the_cleanup():
    """The Genie's I Grant You Death (defender, after combat) and Ravenous Lunge (attacker,
    after combat) both resolve, both cards reach the discard piles, and only then the draw."""
    s = vs_genie().health("Chupacabra", 10).hand(0, "Ravenous Lunge").hand(1, "I Grant You Death")
    s.deck_top(0, "Feint")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Ravenous Lunge", "I Grant You Death")
    s.expect("effect_fighter").choose("Chupacabra")      # the Genie's after-combat damage first
    s.expect("ability_draw")
    assert kinds(s, "damage", "recover") == ["damage", "damage", "recover"]  # combat, effect, heal
    assert s.discard_names(0) == ["Ravenous Lunge"] and s.discard_names(1) == ["I Grant You Death"]
    assert s.game.combat is None
    s.choose(True)
    s.expect("action")
    assert kinds(s, "damage", "recover", "discard", "ability", "draw")[-3:] == ["recover", "ability", "draw"]
    assert s.hand_names(0) == ["Feint"]


def test_the_hunger_is_not_offered_when_chupacabra_defends():
    s = vs_genie().hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", "Chupacabra", "Careful What You Wish For", None)
    assert not (s.pending and s.pending.kind == "ability_draw")
    assert s.events("ability") == [] and s.game.active == 1


def test_the_hunger_after_each_attack_of_a_turn():
    s = vs_genie().hand(0, "Feint", "Feint")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    s.expect("ability_draw").choose(True)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    s.expect("ability_draw").choose(True)
    assert len(s.events("ability")) == 2


def test_the_hunger_from_an_empty_deck_deals_exhaustion_damage():
    s = vs_genie().hand(0, "Feint", SPARE).empty_deck(0)
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    s.expect("ability_draw").choose(True)
    s.expect("action")
    assert s.f("Chupacabra").health == 12
    assert [e["detail"] for e in s.events("damage") if e["fighter"] == "Chupacabra"] == ["exhaustion"]


def test_the_hunger_is_not_asked_once_the_opposing_hero_is_defeated():
    s = vs_genie().health("The Genie", 2).hand(0, "Feint")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    assert s.game.over and s.game.winner == 0 and s.events("ability") == []


def test_greedy_draws_after_attacking_unless_the_deck_is_empty():
    s = vs_genie().hand(0, "Feint")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    policy = GreedyPolicy(random.Random(1))
    assert policy.choose(PlayerView(s.game, 0), s.pending) is True
    s.game.players[0].deck.clear()
    assert policy.choose(PlayerView(s.game, 0), s.pending) is False


# ============================================================ Ambush
def test_ambush_discards_a_random_card_and_adds_its_boost_value():
    s = vs_genie().hand(0, "Ambush").hand(1, "Three Wishes")    # a scheme: no defense possible
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Ambush", None)
    assert s.discard_names(1) == ["Three Wishes"]
    assert [e["detail"] for e in s.events("discard")] == ["opponent_effect"]
    assert combat(s) == "5-0" and s.f("The Genie").health == 11    # 2 + BOOST 3


def test_ambush_random_discard_comes_from_the_engine_rng():
    s = vs_genie().hand(0, "Ambush").hand(1, "Three Wishes", "Imprisoned Wrath", "Feint")
    expected_rng = random.Random()
    expected_rng.setstate(s.game.rng.getstate())
    hand = list(s.game.players[1].hand)
    pick = expected_rng.choice(hand)
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Ambush", None)
    assert s.discard_names(1) == [s.game.cards[pick].defn.name]
    assert combat(s) == f"{2 + s.game.cards[pick].defn.boost}-0"


def test_ambush_against_an_empty_hand_keeps_its_value():
    s = vs_genie().hand(0, "Ambush")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Ambush", None)
    assert combat(s) == "2-0" and s.events("discard") == []


# ============================================================ Wounded Beast
def test_wounded_beast_is_worth_5_at_7_health_or_less():
    s = vs_genie().health("Chupacabra", 7).hand(0, "Wounded Beast")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Wounded Beast", None)
    assert combat(s) == "5-0"


def test_wounded_beast_is_worth_3_above_7_health():
    s = vs_genie().health("Chupacabra", 8).hand(0, "Wounded Beast")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Wounded Beast", None)
    assert combat(s) == "3-0"


def test_wounded_beast_defending_at_7_health_or_less_is_worth_5():
    s = vs_genie().health("Chupacabra", 6).hand(0, "Wounded Beast").hand(1, "Imprisoned Wrath")
    genie_turn(s)
    s.attack("The Genie", "Chupacabra", "Imprisoned Wrath", "Wounded Beast")
    assert combat(s) == "3-5" and s.f("Chupacabra").health == 6


# ============================================================ Blood in the Air
def test_blood_in_the_air_may_be_boosted_after_winning_a_combat_this_turn():
    s = vs_genie().hand(0, "Feint", "Blood in the Air", "Traveler of the Night")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)           # 2-0: won
    s.expect("ability_draw").choose(False)
    s.attack("Chupacabra", "The Genie", "Blood in the Air", None)
    s.expect("combat_boost").choose("Traveler of the Night")
    assert combat(s) == "7-0"


def test_blood_in_the_air_cannot_be_boosted_without_an_earlier_win_this_turn():
    s = vs_genie().hand(0, "Blood in the Air", "Traveler of the Night")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Blood in the Air", None)
    assert not (s.pending and s.pending.kind == "combat_boost")
    assert combat(s) == "4-0" and s.events("boost") == []


def test_blood_in_the_air_cannot_be_boosted_after_losing_the_earlier_combat():
    s = vs_genie().hand(0, "Feint", "Blood in the Air", "Traveler of the Night").hand(1, "Wishing for More Wishes")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", "Wishing for More Wishes")   # 2-3: lost
    # Feint cancelled Wishing for More Wishes, so nobody draws from it.
    s.expect("ability_draw").choose(False)
    s.attack("Chupacabra", "The Genie", "Blood in the Air", None)
    assert not (s.pending and s.pending.kind == "combat_boost") and combat(s) == "4-0"


def test_a_win_on_the_opponents_turn_does_not_count_for_blood_in_the_air():
    """Chupacabra wins a combat as defender on the Genie's turn; its own next turn starts fresh."""
    s = vs_genie().hand(0, "Natural Toughness", "Blood in the Air", "Feint").hand(1, "Feint")
    genie_turn(s)
    s.attack("The Genie", "Chupacabra", "Feint", "Natural Toughness")        # 2-3: Chupacabra won
    assert s.game.turn_flags.get(("won_combat", 0))
    s.expect("maneuver_boost").choose(None)              # the Genie's second action: stay put
    s.expect("move_destination").choose("M11")
    s.expect("action")
    assert s.game.active == 0
    s.attack("Chupacabra", "The Genie", "Blood in the Air", None)
    assert not (s.pending and s.pending.kind == "combat_boost")


# ============================================================ Feeding
def test_feeding_at_7_health_or_less_gains_an_action_and_recovers_1():
    s = vs_genie().health("Chupacabra", 7).hand(0, "Feeding", SPARE)
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feeding", None)
    assert s.f("Chupacabra").health == 8
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    s.expect("ability_draw").choose(False)
    assert s.game.players[0].actions == 2 and s.game.active == 0


def test_feeding_above_7_health_does_nothing():
    s = vs_genie().health("Chupacabra", 8).hand(0, "Feeding")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feeding", None)
    assert s.f("Chupacabra").health == 8 and s.events("gain_action") == []


def test_feeding_reads_health_after_the_defenders_after_combat_effects():
    """At 8 health Feeding would do nothing, but the Genie's I Grant You Death (the defender's
    effect, resolved first) brings Chupacabra to 7 before Feeding checks."""
    s = vs_genie().health("Chupacabra", 8).hand(0, "Feeding").hand(1, "I Grant You Death")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feeding", "I Grant You Death")
    s.expect("effect_fighter").choose("Chupacabra")
    assert s.f("Chupacabra").health == 8                 # 8 - 1 + 1
    assert len(s.events("gain_action")) == 1


# ============================================================ Feint
def test_feint_cancels_the_effects_of_the_opponents_card():
    s = vs_genie().hand(0, "Feint").hand(1, "I Grant You Death")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", "I Grant You Death")
    assert [e["card"] for e in s.events("cancel")] == ["I Grant You Death"]
    s.expect("ability_draw")                             # no I Grant You Death damage choice
    assert s.f("Chupacabra").health == 14


def test_feint_as_a_defense_cancels_the_attackers_effects():
    s = vs_genie().hand(0, "Feint").hand(1, "I Am Freed")
    genie_turn(s)
    s.attack("The Genie", "Chupacabra", "I Am Freed", "Feint")
    assert [e for e in s.events("place") if e["card"] == "I Am Freed"] == []
    assert s.f("The Genie").space == s.space("M11")
    assert combat(s) == "3-2" and s.f("Chupacabra").health == 13


# ============================================================ Natural Toughness
def test_natural_toughness_returns_to_hand_when_chupacabra_loses():
    s = vs_genie().hand(0, "Natural Toughness").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", "Chupacabra", "Careful What You Wish For", "Natural Toughness")
    assert combat(s) == "4-3" and s.f("Chupacabra").health == 13
    assert s.hand_names(0) == ["Natural Toughness"] and "Natural Toughness" not in s.discard_names(0)
    assert [e["card"] for e in s.events("return_to_hand")] == ["Natural Toughness"]
    assert s.game.in_play == []


def test_natural_toughness_is_discarded_when_chupacabra_wins():
    s = vs_genie().hand(0, "Natural Toughness").hand(1, "Your Wish Is My Command")
    genie_turn(s)
    s.attack("The Genie", "Chupacabra", "Your Wish Is My Command", "Natural Toughness")
    assert combat(s) == "3-3"
    assert s.hand_names(0) == [] and s.discard_names(0) == ["Natural Toughness"]


# ============================================================ Ravenous Lunge
def test_ravenous_lunge_recovers_2_when_chupacabra_wins():
    s = vs_genie().health("Chupacabra", 9).hand(0, "Ravenous Lunge")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Ravenous Lunge", None)
    assert s.f("Chupacabra").health == 11


def test_ravenous_lunge_recovers_1_when_chupacabra_loses():
    s = vs_genie().health("Chupacabra", 9).hand(0, "Ravenous Lunge").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", "Chupacabra", "Careful What You Wish For", "Ravenous Lunge")
    assert combat(s) == "4-3" and s.f("Chupacabra").health == 9      # 9 - 1 + 1


def test_ravenous_lunge_never_heals_above_starting_health():
    s = vs_genie().health("Chupacabra", 13).hand(0, "Ravenous Lunge")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Ravenous Lunge", None)
    assert s.f("Chupacabra").health == 14 and s.events("recover")[0]["amount"] == 1


# ============================================================ Traveler of the Night
def test_traveler_of_the_night_moves_up_to_4_through_opposing_fighters_and_gains_an_action():
    s = vs_genie("M13", "M20").hand(0, "Traveler of the Night", SPARE)
    s.begin_turn(0)
    s.choose("scheme").choose(("Traveler of the Night", "Chupacabra"))
    s.expect("effect_destination")
    chupa = s.fighter("Chupacabra")
    options = set(s.pending.options)
    assert options == set(s.game.reachable(chupa, 4, through_opponents=True))
    assert s.space("M21") in options and s.space("M21") not in s.game.reachable(chupa, 4)
    s.choose("M21")
    assert s.f("Chupacabra").space == s.space("M21")
    assert s.game.players[0].actions == 2                 # 2 - the scheme + 1 gained


# ============================================================ The More They Struggle
def test_the_more_they_struggle_is_twice_the_printed_value_of_the_opposing_card():
    s = vs_genie().hand(0, "The More They Struggle").hand(1, "Wishing for More Wishes")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "The More They Struggle", "Wishing for More Wishes")
    assert combat(s) == "6-3" and s.f("The Genie").health == 13


def test_the_more_they_struggle_is_0_when_the_opponent_plays_no_card():
    s = vs_genie().hand(0, "The More They Struggle")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "The More They Struggle", None)
    assert combat(s) == "0-0" and s.f("The Genie").health == 16


def test_the_more_they_struggle_reads_the_printed_value_not_a_boosted_one():
    """Houdini's Grand Escape (printed 2) boosted by Flourish (+2) is worth 4 in the combat;
    The More They Struggle still doubles the printed 2."""
    s = vs_houdini().hand(0, "The More They Struggle").hand(1, "Grand Escape", "Flourish")
    s.begin_turn(0)
    s.attack("Chupacabra", "Houdini", "The More They Struggle", "Grand Escape")
    s.expect("combat_boost").choose("Flourish")
    assert combat(s) == "4-4"


# ============================================================ Unsettle
def test_unsettle_makes_an_opponent_in_chupacabras_zone_discard_1_of_their_choice():
    s = vs_genie("M10", "M12").hand(0, "Unsettle").hand(1, "Feint", "Three Wishes", "I Am Freed")
    s.begin_turn(0)
    s.choose("scheme")
    s.expect("effect_may").choose(False)                 # don't pay 2 damage
    s.expect("effect_discard")
    assert s.pending.player == 1                         # the Genie chooses
    s.choose("Three Wishes")
    assert s.discard_names(1) == ["Three Wishes"] and len(s.game.players[1].hand) == 2
    assert s.f("Chupacabra").health == 14


def test_unsettle_paying_2_damage_to_chupacabra_makes_them_discard_2():
    s = vs_genie("M10", "M12").hand(0, "Unsettle").hand(1, "Feint", "Three Wishes", "I Am Freed")
    s.begin_turn(0)
    s.choose("scheme")
    s.expect("effect_may")
    assert s.pending.info["cost_damage"] == 2
    s.choose(True)
    assert s.f("Chupacabra").health == 12
    s.expect("effect_discard").choose("Feint")
    s.expect("effect_discard").choose("I Am Freed")
    assert s.discard_names(1) == ["Feint", "I Am Freed"] and s.hand_names(1) == ["Three Wishes"]


def test_unsettle_offers_no_damage_for_more_discards_when_the_opponent_has_no_cards():
    s = vs_genie("M10", "M12").hand(0, "Unsettle", SPARE)
    s.begin_turn(0)
    s.choose("scheme").choose(("Unsettle", "Chupacabra"))
    assert s.pending.kind == "action"                    # no "take 2 damage?" question
    assert s.f("Chupacabra").health == 14 and s.discard_names(0) == ["Unsettle"]


def test_unsettle_does_nothing_without_an_opposing_fighter_in_chupacabras_zone():
    s = vs_genie("M10", "M31").hand(0, "Unsettle", SPARE).hand(1, "Feint", "Three Wishes")
    s.begin_turn(0)
    s.choose("scheme").choose(("Unsettle", "Chupacabra"))
    assert s.pending.kind == "action" and len(s.game.players[1].hand) == 2
    assert s.discard_names(0) == ["Unsettle"]


# ============================================================ Tooth and Tail
def test_tooth_and_tail_damages_up_to_2_adjacent_fighters_and_heals_1_for_each():
    s = vs_houdini("M10", "M11", "M15").health("Chupacabra", 10).hand(0, "Tooth and Tail")
    s.begin_turn(0)
    s.attack("Chupacabra", "Houdini", "Tooth and Tail", None)
    s.expect("effect_fighters")
    assert sorted(map(tuple, (sorted(o) for o in s.options()))) == [
        (), ("Bess",), ("Bess", "Houdini"), ("Houdini",)]
    s.choose(("Houdini", "Bess"))
    assert s.f("Houdini").health == 14 - 2 - 1 and s.f("Bess").health == 4
    assert s.f("Chupacabra").health == 12


def test_tooth_and_tail_may_damage_fewer_fighters_and_heals_only_for_those():
    s = vs_houdini("M10", "M11", "M15").health("Chupacabra", 10).hand(0, "Tooth and Tail")
    s.begin_turn(0)
    s.attack("Chupacabra", "Houdini", "Tooth and Tail", None)
    s.expect("effect_fighters").choose(("Bess",))
    assert s.f("Bess").health == 4 and s.f("Chupacabra").health == 11


def test_tooth_and_tail_may_damage_no_one():
    s = vs_houdini("M10", "M11", "M15").health("Chupacabra", 10).hand(0, "Tooth and Tail")
    s.begin_turn(0)
    s.attack("Chupacabra", "Houdini", "Tooth and Tail", None)
    s.expect("effect_fighters").choose(())
    assert s.f("Bess").health == 5 and s.f("Chupacabra").health == 10


def test_tooth_and_tail_only_reaches_fighters_adjacent_to_chupacabra():
    s = vs_houdini("M10", "M11", "M31").health("Chupacabra", 10).hand(0, "Tooth and Tail")
    s.begin_turn(0)
    s.attack("Chupacabra", "Houdini", "Tooth and Tail", None)
    s.expect("effect_fighters")
    assert sorted(s.options()) == [(), ("Houdini",)]


def test_tooth_and_tail_heals_only_for_fighters_actually_damaged():
    """Bess at 1 health is defeated by the 1 damage — she was damaged, so it counts; a fighter
    defeated earlier is no longer adjacent and cannot be picked."""
    s = vs_houdini("M10", "M11", "M15").health("Chupacabra", 10).health("Bess", 1).hand(0, "Tooth and Tail")
    s.begin_turn(0)
    s.attack("Chupacabra", "Houdini", "Tooth and Tail", None)
    s.expect("effect_fighters").choose(("Houdini", "Bess"))
    assert not s.f("Bess").alive and s.f("Chupacabra").health == 12


def test_greedy_tooth_and_tail_picks_every_opposing_fighter_it_can():
    s = vs_houdini("M10", "M11", "M15").hand(0, "Tooth and Tail")
    s.begin_turn(0)
    s.attack("Chupacabra", "Houdini", "Tooth and Tail", None)
    s.expect("effect_fighters")
    choice = GreedyPolicy(random.Random(1)).choose(PlayerView(s.game, 0), s.pending)
    assert sorted(choice) == sorted((s.fighter("Houdini"), s.fighter("Bess")))


# ============================================================ whole games
def test_chupacabra_plays_whole_greedy_games_against_every_opponent_on_file():
    from unmatched_sim.data.catalog import find_board
    from unmatched_sim.engine.game import Game
    from unmatched_sim.policies import make_policy

    for other in ("genie", "houdini"):
        for seed in range(4):
            g = Game(find_board("marmoreal"), (find_hero("chupacabra"), find_hero(other)), seed=seed).start()
            pols = [make_policy("greedy", random.Random(seed + i)) for i in (0, 1)]
            while not g.over:
                d = g.pending
                g.answer(pols[d.player].choose(PlayerView(g, d.player), d))
            assert g.over and g.end_reason


def test_the_hunger_is_still_offered_in_a_free_for_all_after_defeating_one_of_two_foes():
    """Defeating one hero of a free-for-all does not decide the game while another stands, so
    the draw after attacking is still offered (the duel's "the game is over" skip must not fire)."""
    from unmatched_sim.engine.formats import FreeForAll
    s = Scenario("chupacabra", "genie", more=("loki",), fmt=FreeForAll(3))
    s.place("Chupacabra", "M10").place("The Genie", "M11").place("Loki", "M31")
    s.health("The Genie", 1).hand(0, "Feint").deck_top(0, "Feeding")
    s.game.turns_taken = [2, 2, 2]
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    assert not s.f("The Genie").alive
    s.expect("ability_draw").choose(True)
    assert "Feeding" in s.hand_names(0) and not s.game.over
    assert [e["detail"] for e in s.events("ability")] == ["draw_after_attacking"]


def test_the_hunger_is_not_offered_once_the_duel_is_decided():
    s = vs_genie().health("The Genie", 1).hand(0, "Feint").deck_top(0, "Feeding")
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    assert s.game.over and s.events("ability") == []
