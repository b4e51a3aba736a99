"""Sinbad (Battle of Legends, Volume One): VOYAGE cards, his maneuver growing with them, and
every card. Seat 0 is Sinbad, seat 1 the Genie, on Marmoreal."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.bol1_play import play_random
from tests.scenario import Scenario
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.data.heroes import parse_hero
from unmatched_sim.engine.formats import FreeForAll, Teams

HEROES = Path(__file__).resolve().parent.parent / "heroes"
VOYAGES = ("Voyage Home", "Voyage to the Island That Was a Whale",
           "Voyage to the Valley of the Giant Snakes",
           "Voyage to the Creature With Eyes Like Coals of Fire",
           "Voyage to the Cannibals With the Root of Madness",
           "Voyage to the City of the Man-Eating Apes",
           "Voyage to the City of the King of Serendib")


def duel() -> Scenario:
    """Sinbad on M02 next to the Genie on M03 (a corridor of one zone); Porter off the board.
    Sinbad holds a spare scheme so the action decision is a real choice."""
    s = Scenario("sinbad", "genie")
    s.hand(0, "Riches Beyond Compare")
    s.place("Sinbad", "M02").place("The Genie", "M03")
    return s


def attack_with(s: Scenario, card: str, defense: str | None = None, *voyages_in_discard: str) -> Scenario:
    s.discard_pile(0, *voyages_in_discard)
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    s.begin_turn(0)
    return s.attack("Sinbad", "The Genie", card, defense)


def genie_health(s: Scenario) -> int:
    return s.f("The Genie").health


# ============================================================================ hero and deck
def test_sinbad_has_15_health_move_2_melee_and_a_6_health_porter():
    h = find_hero("sinbad")
    assert (h.hero.health, h.move, h.hero.ranged) == (15, 2, False)
    (porter,) = h.sidekicks
    assert (porter.name, porter.count, porter.health, porter.ranged) == ("Porter", 1, 6, False)
    assert h.deck_size == 30


def test_the_other_health_reading_16_is_one_edit_away():
    text = (HEROES / "sinbad.toml").read_text(encoding="utf-8")
    assert text.count("health = 15") == 1
    raw = tomllib.loads(text.replace("health = 15", "health = 16"))
    assert parse_hero(raw, Path("sinbad.toml")).hero.health == 16


def test_the_seven_voyage_cards_are_tagged_voyage_and_nothing_else_is():
    h = find_hero("sinbad")
    tagged = {c.name for c in h.cards if "voyage" in c.tags}
    assert tagged == set(VOYAGES)
    assert sum(c.copies for c in h.cards if "voyage" in c.tags) == 7


# ============================================================================ Voyages (ability)
@pytest.mark.parametrize("in_discard", [0, 1, 3])
def test_maneuver_moves_one_extra_space_per_voyage_card_in_the_discard_pile(in_discard):
    s = duel()
    s.discard_pile(0, *VOYAGES[:in_discard], "Exploit")   # a non-VOYAGE card adds nothing
    s.begin_turn(0).choose("maneuver").choose(None)
    s.expect("move_destination")
    assert s.pending.info["steps"] == 2 + in_discard


def test_voyages_bonus_applies_to_the_porter_as_well():
    s = duel().place("Porter", "M21")
    s.discard_pile(0, *VOYAGES[:2])
    s.begin_turn(0).choose("maneuver").choose(None)
    s.expect("move_order").choose("Porter")
    assert s.pending.info["steps"] == 4
    assert s.can_choose("M27") and s.can_choose("M26")   # 2 spaces beyond his own move


def test_voyages_bonus_adds_to_a_boost():
    s = duel()
    s.discard_pile(0, *VOYAGES[:2])
    s.hand(0, "Exploit")
    s.begin_turn(0).choose("maneuver").choose("Exploit")
    assert s.expect("move_destination").pending.info["steps"] == 2 + 2 + 1


def test_voyages_bonus_does_not_change_a_card_effect_move():
    s = duel()
    s.discard_pile(0, *VOYAGES[1:4])
    s.hand(1, "Feint")
    attack_with(s, "Toil and Danger", None)
    s.expect("effect_destination")
    assert not s.can_choose("M06")        # M02 -> M06 is 4 spaces: Toil and Danger moves 3


# ============================================================================ VOYAGE cards
def test_voyage_card_value_grows_by_one_per_other_voyage_in_the_discard_pile():
    s = duel()
    attack_with(s, "Voyage to the City of the King of Serendib", None, *VOYAGES[1:4])
    (result,) = s.events("combat_result")
    assert result["detail"] == "5-0"                  # printed 2, +3 other VOYAGE cards
    assert genie_health(s) == s.f("The Genie").max_health - 5


def test_voyage_card_with_no_other_voyage_in_the_discard_pile_is_worth_2():
    s = duel()
    attack_with(s, "Voyage to the City of the Man-Eating Apes", None, "Exploit", "Regroup")
    assert s.events("combat_result")[0]["detail"] == "2-0"


def test_voyage_home_returns_every_other_voyage_card_to_hand_known_to_all():
    s = duel()
    attack_with(s, "Voyage Home", None, *VOYAGES[1:4], "Exploit")
    assert s.events("combat_result")[0]["detail"] == "5-0"
    hand = s.hand_names(0)
    for name in VOYAGES[1:4]:
        assert name in hand
    assert s.discard_names(0) == sorted(["Exploit", "Voyage Home"])   # it stays; Exploit too
    p = s.game.players[0]
    returned = {c for c in p.hand if s.game.card(c).name in VOYAGES[1:4]}
    assert returned <= p.known_hand


def test_voyage_home_cancelled_returns_nothing():
    s = duel()
    attack_with(s, "Voyage Home", "Feint", *VOYAGES[1:3])
    assert s.events("combat_result")[0]["detail"] == "2-2"   # its bonus was cancelled too
    assert all(v not in s.hand_names(0) for v in VOYAGES[1:3])


def test_voyage_to_the_island_that_was_a_whale_sinbad_recovers_2():
    s = duel().health("Sinbad", 9)
    attack_with(s, "Voyage to the Island That Was a Whale", None)
    assert s.f("Sinbad").health == 11


def test_voyage_to_the_valley_of_the_giant_snakes_looks_at_the_opponents_hand():
    s = duel()
    s.hand(1, "Feint", "Feint")
    attack_with(s, "Voyage to the Valley of the Giant Snakes", None)
    assert s.events("look_at_hand")
    g = s.game
    assert all(g.known_to(0, 1, c) for c in g.players[1].hand)


def test_voyage_to_the_creature_with_eyes_like_coals_of_fire_discards_one_at_random():
    s = duel()
    s.hand(1, "Feint", "Feint", "Feint")
    before = len(s.game.players[1].hand)
    attack_with(s, "Voyage to the Creature With Eyes Like Coals of Fire", None)
    assert len(s.game.players[1].hand) == before - 1
    assert [e["detail"] for e in s.events("discard")] == ["opponent_effect"]


def test_voyage_to_the_cannibals_with_the_root_of_madness_moves_sinbad_up_to_2():
    s = duel()
    attack_with(s, "Voyage to the Cannibals With the Root of Madness", None)
    s.expect("effect_destination")
    assert s.can_choose("M01") and s.can_choose("M02") and not s.can_choose("M13")
    s.choose("M01")
    assert s.f("Sinbad").space == s.space("M01")


def test_voyage_to_the_city_of_the_man_eating_apes_deals_2_more_damage():
    s = duel()
    attack_with(s, "Voyage to the City of the Man-Eating Apes", None)
    assert genie_health(s) == s.f("The Genie").max_health - 2 - 2


def test_voyage_to_the_city_of_the_king_of_serendib_draws_a_card():
    s = duel()
    attack_with(s, "Voyage to the City of the King of Serendib", None)
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 1


# ============================================================================ other cards
def test_exploit_draws_a_card():
    s = duel()
    attack_with(s, "Exploit", None)
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 1


def test_commanding_impact_draws_a_card():
    s = duel()
    attack_with(s, "Commanding Impact", None)
    assert s.events("combat_result")[0]["detail"] == "5-0"
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 1


def test_toil_and_danger_moves_sinbad_up_to_3():
    s = duel()
    attack_with(s, "Toil and Danger", None)
    s.expect("effect_destination").choose("M13")       # M02 -> M01 -> M07 -> M13
    assert s.f("Sinbad").space == s.space("M13")


def test_riches_beyond_compare_draws_3():
    s = duel()
    s.begin_turn(0).choose("scheme")            # the only scheme, by the only fighter on board
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 3
    assert "Riches Beyond Compare" in s.discard_names(0)


def test_by_fortune_and_fate_is_the_porters_and_draws_2():
    s = duel().place("Porter", "M04")
    s.hand(0, "By Fortune and Fate")
    assert s.game.attack_options(0) == [(s.fighter("Porter"), s.fighter("The Genie"))]
    s.begin_turn(0).choose("attack")        # Sinbad holds no card he may attack with
    assert s.events("attack")[0]["fighter"] == "Porter"
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 2


def test_leap_away_when_won_moves_a_fighter_in_the_combat_up_to_4():
    s = duel()
    attack_with(s, "Leap Away", None)
    s.expect("effect_fighter").choose("The Genie")
    s.expect("effect_destination").choose("M06")
    assert s.f("The Genie").space == s.space("M06")


def mirror() -> Scenario:
    s = Scenario("sinbad", "sinbad")
    s.hand(0, "Riches Beyond Compare")
    s.place("Sinbad", "M02", seat=0).place("Sinbad", "M03", seat=1)
    return s


def test_leap_away_when_lost_moves_nobody():
    s = mirror()
    s.hand(0, "Leap Away")
    s.hand(1, "Exploit")
    s.begin_turn(0).choose("attack")
    s.expect("defense_card").choose("Exploit")       # 4 against 4: the attacker lost
    assert s.events("combat_result")[0]["detail"] == "4-4"
    assert not s.events("move")
    assert s.pending is None or s.pending.kind != "effect_fighter"


def test_leap_away_on_defence_when_won_moves_a_combatant():
    s = duel()
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Leap Away")
    s.begin_turn(1)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    s.attack("The Genie", "Sinbad", "Careful What You Wish For", "Leap Away")   # 4 against 4
    s.expect("effect_fighter").choose("Sinbad")
    s.expect("effect_destination").choose("M13")
    assert s.f("Sinbad").space == s.space("M13")


def test_momentous_shift_is_worth_5_after_moving_and_3_otherwise():
    s = duel()
    s.place("Sinbad", "M01")
    s.hand(0, "Momentous Shift", "Momentous Shift")
    s.begin_turn(0).choose("maneuver").choose(None).choose("M02")
    s.attack("Sinbad", "The Genie", "Momentous Shift", None)
    assert s.events("combat_result")[0]["detail"] == "5-0"
    s2 = duel()
    attack_with(s2, "Momentous Shift", None)
    assert s2.events("combat_result")[0]["detail"] == "3-0"


def test_feint_cancels_the_opponents_card_effects():
    s = duel()
    s.hand(0, "Feint")
    s.hand(1, "Feint")
    s.hand(0, "Exploit")
    s.begin_turn(0).attack("Sinbad", "The Genie", "Exploit", "Feint")
    (cancel,) = s.events("cancel")
    assert cancel["player"] == 1 and cancel["card"] == "Exploit"
    assert not [e for e in s.events("draw") if e["player"] == 0]     # Exploit's draw is gone


def test_regroup_draws_2_when_won_and_1_when_lost():
    s = duel()
    attack_with(s, "Regroup", None)
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 2
    s2 = duel()
    s2.hand(1, "Prisoner's Torment")   # 1 against 1: Sinbad lost
    attack_with(s2, "Regroup", None)
    s2 = duel()
    s2.hand(0, "Regroup")
    s2.hand(1, "Prisoner's Torment")
    s2.begin_turn(0).attack("Sinbad", "The Genie", "Regroup", "Prisoner's Torment")
    assert s2.events("combat_result")[0]["detail"] == "1-1"
    assert len([e for e in s2.events("draw") if e["player"] == 0]) == 1


# ============================================================================ formats
def test_sinbad_plays_a_three_player_free_for_all_to_the_end():
    g = play_random(("sinbad", "genie", "pandora"), FreeForAll(3), seed=3)
    assert g.over and g.events


def test_sinbad_plays_a_two_against_two_team_game_to_the_end():
    g = play_random(("sinbad", "houdini", "sinbad", "loki"), Teams(4), seed=4)
    assert g.over and g.events
