"""Blackbeard (Battle of Legends, Vol. 3): doubloons, the treasury, ransoms and all 12 cards.

Seat 0 is Blackbeard unless a test says otherwise. Positions on Marmoreal used below:
M10, M11, M15, M18, M19 and M09, M14, M17 share Blackbeard's zone when he stands on M10;
M02, M03, M05, M06, M27, M28 are in other zones.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.scenario import Scenario
from unmatched_sim.data.catalog import board_ids, find_board, find_hero, hero_ids
from unmatched_sim.engine.effects import SpecError, parse_effects
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import OTHER_ROLE, Ctx
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.greedy import GreedyPolicy
from unmatched_sim.policies.random_policy import RandomPolicy

BB = 0


def setup(opponent: str = "houdini", doubloons: int = 2, treasury: int = 1) -> Scenario:
    """Blackbeard vs ``opponent`` with no fighter on the board yet and the given doubloons."""
    s = Scenario("blackbeard", opponent)
    s.game.players[BB].res.update(doubloons=doubloons, treasury=treasury)
    return s


def res(s: Scenario) -> tuple[int, int]:
    r = s.game.players[BB].res
    return r["doubloons"], r["treasury"]


def blackbeard_turn(s: Scenario, pay: bool = False) -> Scenario:
    """Start Blackbeard's turn; answer the extra-action offer if he has a doubloon to pay."""
    s.begin_turn(BB)
    if s.pending is not None and s.pending.kind == "ability_pay_for_action":
        s.choose(pay)
    return s


def stay(s: Scenario) -> Scenario:
    """A maneuver without a boost in which every fighter stays where it is (the player must
    hold a card that makes both the action and the boost a real choice)."""
    s.expect("action").choose("maneuver")
    s.expect("maneuver_boost").choose(None)
    while s.pending is not None and s.pending.kind in ("move_order", "move_destination"):
        d = s.pending
        if d.kind == "move_order":
            s.choose(None)
        else:
            s.game.answer(s.game.fighters[d.info["fighter"]].space)
    return s


def greedy(s: Scenario):
    d = s.pending
    return GreedyPolicy(random.Random(0)).choose(PlayerView(s.game, d.player), d)


# ====================================================================== doubloons and the ability
def test_blackbeard_starts_with_two_doubloons_one_in_the_treasury_and_both_sea_dogs_on_the_board():
    g = Game(find_board("marmoreal"), (find_hero("blackbeard"), find_hero("genie")), seed=3)
    g.start()
    while g.pending.kind == "sidekick_start":
        g.answer(g.pending.options[0])
    assert g.players[BB].res == {"doubloons": 2, "treasury": 1}
    hero_space = g.hero_of(BB).space
    dogs = [f for f in g.fighters if f.defn.name == "Sea Dog"]
    assert len(dogs) == 2 and all(f.on_board and f.health == 1 for f in dogs)
    assert all(g.board.same_zone(f.space, hero_space) for f in dogs)


def test_paying_a_doubloon_at_the_start_of_the_turn_gives_a_third_action():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M02").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(BB, "Plunder")
    s.begin_turn(BB)
    s.expect("ability_pay_for_action").choose(True)
    assert s.game.players[BB].actions == 3
    assert res(s) == (1, 2)
    [paid] = s.events("doubloons_paid")
    assert (paid["player"], paid["amount"], paid["value"], paid["detail"]) == (0, 1, 1, "extra_action")
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    s.expect("action")


def test_declining_the_extra_action_keeps_the_doubloon_and_two_actions():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M02").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(BB, "Plunder")
    s.begin_turn(BB)
    s.expect("ability_pay_for_action").choose(False)
    assert s.game.players[BB].actions == 2
    assert res(s) == (2, 1)
    assert s.events("doubloons_paid") == []


def test_the_extra_action_is_bought_once_a_turn_and_offered_again_next_turn():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M02").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(BB, "Plunder").hand(1, "A Magician Never Reveals His Secrets")
    s.begin_turn(BB).choose(True)
    for _ in range(3):                 # three actions, no second offer in between
        stay(s)
    assert s.game.active == 1          # Houdini's turn: two maneuvers
    for _ in range(2):
        stay(s)
    assert s.game.active == BB
    s.expect("ability_pay_for_action")  # a new turn: he may pay his last doubloon
    assert res(s) == (1, 2)


def test_no_extra_action_is_offered_without_a_doubloon():
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M02").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(BB, "Plunder")
    s.begin_turn(BB)
    s.expect("action")
    assert s.game.players[BB].actions == 2


def test_blackbeard_pays_one_doubloon_to_the_treasury_when_he_takes_combat_damage():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(1, "Flourish")
    s.begin_turn(1)
    s.attack("Houdini", "Blackbeard", "Flourish", None)
    assert s.f("Blackbeard").health == 10          # 3 combat damage, one doubloon
    assert res(s) == (1, 2)
    [paid] = s.events("doubloons_paid")
    assert (paid["player"], paid["fighter"], paid["amount"], paid["detail"]) == (0, "Blackbeard", 1, "combat_damage")


def test_blackbeard_with_no_doubloons_pays_nothing_for_combat_damage():
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(1, "Flourish")
    s.begin_turn(1)
    s.attack("Houdini", "Blackbeard", "Flourish", None)
    assert s.f("Blackbeard").health == 10
    assert res(s) == (0, 3)
    assert s.events("doubloons_paid") == []


def test_blackbeard_pays_nothing_when_his_defense_blocks_all_combat_damage():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(1, "Flourish")
    s.hand(BB, "Intimidating Visage")
    s.begin_turn(1)
    s.attack("Houdini", "Blackbeard", "Flourish", "Intimidating Visage")
    assert s.f("Blackbeard").health == 13
    assert res(s) == (2, 1)


def test_a_sea_dog_taking_combat_damage_costs_no_doubloon():
    s = setup()
    s.place("Blackbeard", "M02").place("Sea Dog 1", "M10").place("Houdini", "M11").remove("Sea Dog 2").remove("Bess")
    s.hand(1, "Flourish")
    s.begin_turn(1)
    s.attack("Houdini", "Sea Dog 1", "Flourish", None)
    assert not s.f("Sea Dog 1").alive
    assert res(s) == (2, 1)
    assert s.events("doubloons_paid") == []


def test_effect_damage_to_blackbeard_costs_no_doubloon():
    """Light the Fuse's blast hits Blackbeard himself: effect damage, not combat damage."""
    s = setup()
    s.place("Sea Dog 1", "M15").place("Houdini", "M10").place("Blackbeard", "M08").place("Bess", "M17")
    s.remove("Sea Dog 2").hand(BB, "Light the Fuse")
    blackbeard_turn(s)
    s.attack("Sea Dog 1", "Houdini", "Light the Fuse", None)
    s.expect("effect_destination").choose("M09")
    assert s.f("Blackbeard").health == 12
    assert res(s) == (2, 1)


def test_doubloons_are_part_of_the_position_a_clone_copies():
    s = setup()
    g2 = s.game.clone()
    g2.players[BB].res["doubloons"] = 0
    assert res(s) == (2, 1)


# ====================================================================== ransoms (the shared gate)
def brace_position(treasury: int = 2, bess: str = "M02") -> Scenario:
    s = setup(doubloons=3 - treasury, treasury=treasury)
    s.place("Blackbeard", "M10").place("Houdini", "M11").place("Bess", bess)
    s.remove("Sea Dog 1").remove("Sea Dog 2").hand(BB, "A Brace of Primed Pistols")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "A Brace of Primed Pistols", None)
    return s


def test_paying_a_ransom_ignores_the_effect_and_moves_doubloons_to_blackbeard():
    s = brace_position(treasury=2)
    assert s.f("Houdini").health == 12                # 2 combat damage
    s.expect("ransom")
    assert s.pending.player == 1 and s.pending.info["amount"] == 2
    s.choose(True)
    assert s.f("Houdini").health == 12                # the 3 damage is ignored
    assert res(s) == (3, 0)
    [paid] = s.events("ransom_paid")
    assert (paid["player"], paid["card"], paid["amount"], paid["value"], paid["detail"]) == (
        1, "A Brace of Primed Pistols", 2, 2, "damage")
    [moved] = s.events("doubloons_paid")
    assert (moved["player"], moved["amount"], moved["value"], moved["detail"]) == (1, 2, 3, "ransom")


def test_refusing_a_ransom_lets_the_effect_resolve():
    s = brace_position(treasury=2)
    s.expect("ransom").choose(False)
    assert s.f("Houdini").health == 9
    assert res(s) == (1, 2)
    [refused] = s.events("ransom_refused")
    assert (refused["player"], refused["amount"], refused["value"], refused["detail"]) == (1, 2, 2, "damage")


def test_a_ransom_cannot_be_paid_when_the_treasury_holds_too_few_doubloons():
    s = brace_position(treasury=1)
    assert s.pending is None or s.pending.kind != "ransom"
    assert s.f("Houdini").health == 9
    assert res(s) == (2, 1)
    [refused] = s.events("ransom_refused")
    assert (refused["amount"], refused["value"]) == (2, 1)     # asked 2, only 1 available


def test_the_ransom_is_offered_after_blackbeard_picks_the_fighter_it_would_hit():
    s = brace_position(treasury=2, bess="M19")
    s.expect("effect_fighter")
    assert s.pending.player == BB and sorted(s.options()) == ["Bess", "Houdini"]
    s.choose("Bess")
    s.expect("ransom")
    assert s.pending.info["fighters"] == (s.fighter("Bess"),)
    s.choose(False)
    assert s.f("Bess").health == 2 and s.f("Houdini").health == 12


def test_a_brace_of_primed_pistols_cannot_hit_a_fighter_outside_blackbeards_zone():
    s = brace_position(treasury=2, bess="M02")
    s.expect("ransom")                                 # no target choice: Houdini is the only one
    assert s.pending.info["fighters"] == (s.fighter("Houdini"),)
    s.choose(False)
    assert s.f("Bess").health == 5


def test_no_ransom_is_offered_for_an_effect_with_nothing_to_act_on():
    """Avast Ye!: Houdini's hand is empty (no discard to ransom) and Vanishing Act carries him
    out of Blackbeard's zone before the after-combat damage (no one to hit)."""
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Avast Ye!", "Plunder").hand(1, "Vanishing Act")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Avast Ye!", "Vanishing Act")
    s.expect("effect_fighter").choose("Houdini")
    s.expect("effect_destination").choose("M06")
    assert s.events("ransom_paid") == [] and s.events("ransom_refused") == []
    assert s.f("Houdini").health == 11
    s.expect("action")


def test_unless_paid_must_be_a_whole_number_of_at_least_one():
    for bad in (0, -1, "two", True):
        with pytest.raises(SpecError, match="unless_paid"):
            parse_effects([{"op": "draw", "unless_paid": bad}], frozenset())


def test_a_ransom_on_a_hero_without_a_ransom_currency_can_never_be_paid():
    """The gate asks the card player's ability what may be paid; the Genie has nothing."""
    s = Scenario("houdini", "genie")
    [op] = parse_effects([{"op": "draw", "count": 1, "unless_paid": 1}], frozenset({"The Genie"}))
    genie = s.fighter("The Genie")
    s.run_steps((op.start, (Ctx(1, -1, OTHER_ROLE, genie),)))
    assert s.pending is None
    assert len(s.game.players[1].hand) == 1
    [refused] = s.events("ransom_refused")
    assert (refused["player"], refused["value"]) == (0, 0)


def test_a_may_effect_with_a_ransom_asks_the_player_first_then_the_opponent():
    s = setup(doubloons=1, treasury=2)
    [op] = parse_effects([{"op": "draw", "count": 1, "may": True, "unless_paid": 1}], frozenset())
    s.run_steps((op.start, (Ctx(BB, -1, OTHER_ROLE, s.fighter("Blackbeard")),)))
    s.expect("effect_may")
    assert s.pending.player == BB
    s.choose(True).expect("ransom")
    assert s.pending.player == 1
    s.choose(False)
    assert len(s.game.players[BB].hand) == 1


# ====================================================================== the cards
def test_light_the_fuse_moves_the_sea_dog_then_deals_one_to_every_adjacent_fighter():
    s = setup()
    s.place("Sea Dog 1", "M15").place("Houdini", "M10").place("Blackbeard", "M08").place("Bess", "M17")
    s.remove("Sea Dog 2").hand(BB, "Light the Fuse")
    blackbeard_turn(s)
    s.attack("Sea Dog 1", "Houdini", "Light the Fuse", None)
    assert s.f("Houdini").health == 12
    s.expect("effect_destination")
    assert {"M15", "M09", "M14"} <= set(s.options())
    s.choose("M09")                                    # next to Blackbeard and Bess, away from Houdini
    assert s.f("Sea Dog 1").space == s.space("M09")
    assert s.f("Bess").health == 4
    assert s.f("Blackbeard").health == 12              # friendly fire: every adjacent fighter
    assert s.f("Houdini").health == 12
    assert s.events("ransom_paid") == [] and s.events("ransom_refused") == []


def test_plunder_moves_each_fighter_up_to_three_through_opponents_and_steals_a_doubloon():
    s = setup()
    s.place("Blackbeard", "M10").place("Sea Dog 1", "M11").place("Houdini", "M15").remove("Sea Dog 2")
    s.place("Bess", "M27").hand(BB, "Plunder")
    blackbeard_turn(s)
    s.choose("scheme")
    # The player picks the order: the Sea Dog first, out of Blackbeard's way, then Blackbeard.
    s.expect("effect_move_order")
    assert sorted(s.options()) == ["Blackbeard", "Sea Dog 1"]
    s.choose("Sea Dog 1").expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Sea Dog 1")
    s.choose("M12")
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Blackbeard")
    assert "M04" in s.options()                        # M10 → M15 (Houdini) → M04
    s.choose("M04")
    assert res(s) == (3, 0)
    [stolen] = s.events("doubloons_stolen")
    assert (stolen["player"], stolen["card"], stolen["amount"], stolen["value"]) == (0, "Plunder", 1, 3)
    assert s.events("ransom_paid") == [] and s.events("ransom_refused") == []


def test_plunder_steals_nothing_from_an_empty_treasury():
    s = setup(doubloons=3, treasury=0)
    s.place("Blackbeard", "M10").place("Houdini", "M27").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(BB, "Plunder")
    blackbeard_turn(s)
    s.choose("scheme").expect("effect_destination").choose("M10")
    assert res(s) == (3, 0)
    assert s.events("doubloons_stolen") == []


def test_scourge_of_the_seven_seas_has_three_separate_ransoms():
    """Recover 2 (paid off), summon a Sea Dog to any space (refused), gain an action (refused)."""
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M02").place("Sea Dog 2", "M11").remove("Sea Dog 1")
    s.remove("Bess").health("Blackbeard", 9).hand(BB, "Scourge of the Seven Seas", "Plunder")
    blackbeard_turn(s)
    s.choose("scheme").expect("scheme_card").choose(("Scourge of the Seven Seas", "Blackbeard"))
    s.expect("ransom").choose(True)                    # Blackbeard does not recover
    assert s.f("Blackbeard").health == 9
    s.expect("ransom").choose(False)                   # the defeated Sea Dog 1 comes back anywhere
    s.expect("effect_destination")
    assert "M27" in s.options()                        # far outside Blackbeard's zone
    s.choose("M27")
    dog = s.f("Sea Dog 1")
    assert dog.alive and dog.health == 1 and dog.space == s.space("M27")
    s.expect("ransom").choose(False)
    assert s.game.players[BB].actions == 2             # 2 - the scheme + 1 gained
    assert res(s) == (1, 2)
    assert [e["detail"] for e in s.events("ransom_paid")] == ["recover"]
    assert [e["detail"] for e in s.events("ransom_refused")] == ["summon", "gain_action"]


def test_scourge_recovers_two_health_when_the_ransom_is_refused():
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M02").place("Sea Dog 1", "M11").place("Sea Dog 2", "M19")
    s.remove("Bess").health("Blackbeard", 9).hand(BB, "Scourge of the Seven Seas", "Plunder")
    blackbeard_turn(s)
    s.choose("scheme").expect("scheme_card").choose(("Scourge of the Seven Seas", "Blackbeard"))
    s.expect("ransom").choose(False)
    assert s.f("Blackbeard").health == 11
    s.expect("ransom").choose(False)                   # both Sea Dogs on the board: move one
    s.expect("effect_fighter").choose("Sea Dog 2")
    s.expect("effect_destination").choose("M27")
    assert s.f("Sea Dog 2").space == s.space("M27")
    s.expect("ransom").choose(True)
    assert s.game.players[BB].actions == 1


def test_scourge_offers_no_ransom_on_the_recovery_when_blackbeard_is_at_full_health():
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M02").place("Sea Dog 1", "M11").place("Sea Dog 2", "M19")
    s.remove("Bess").hand(BB, "Scourge of the Seven Seas", "Plunder")
    blackbeard_turn(s)
    s.choose("scheme").expect("scheme_card").choose(("Scourge of the Seven Seas", "Blackbeard"))
    s.expect("ransom")
    assert s.pending.info["op"] == "summon"            # the first ransom is the Sea Dog's
    assert [e["detail"] for e in s.events("ransom_paid") + s.events("ransom_refused")] == []


def test_avast_ye_makes_the_opponent_discard_a_random_card_unless_paid():
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Avast Ye!").hand(1, "Grand Escape", "Flourish")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Avast Ye!", "Grand Escape")
    s.expect("ransom")
    assert s.pending.player == 1 and s.pending.info["op"] == "discard"
    s.choose(False)
    assert s.hand_names(1) == [] and "Flourish" in s.discard_names(1)
    [discard] = s.events("discard")
    assert discard["detail"] == "opponent_effect"
    assert s.f("Houdini").health == 11                 # 5 - 2


def test_avast_ye_after_combat_hits_each_opposing_fighter_in_the_zone_for_one_ransom():
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").place("Bess", "M19").remove("Sea Dog 1")
    s.remove("Sea Dog 2").hand(BB, "Avast Ye!")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Avast Ye!", None)   # Houdini's hand is empty: no discard
    s.expect("ransom")
    assert sorted(s.pending.info["fighters"]) == sorted((s.fighter("Houdini"), s.fighter("Bess")))
    s.choose(False)
    assert s.f("Houdini").health == 8                  # 5 combat + 1
    assert s.f("Bess").health == 4
    assert len(s.events("ransom_refused")) == 1


def test_avast_ye_after_combat_damage_is_ignored_when_paid():
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").place("Bess", "M19").remove("Sea Dog 1")
    s.remove("Sea Dog 2").hand(BB, "Avast Ye!")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Avast Ye!", None)
    s.expect("ransom").choose(True)
    assert s.f("Houdini").health == 9 and s.f("Bess").health == 5
    assert res(s) == (2, 1)


def test_give_no_quarter_is_worth_five_when_another_friendly_fighter_is_next_to_the_defender():
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M11").place("Sea Dog 1", "M12").remove("Sea Dog 2")
    s.remove("Bess").hand(BB, "Give No Quarter")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Give No Quarter", None)
    assert s.f("Houdini").health == 9
    assert s.events("combat_result")[0]["detail"] == "5-0"


def test_give_no_quarter_stays_three_when_only_the_attacker_is_next_to_the_defender():
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M11").place("Sea Dog 1", "M02").remove("Sea Dog 2")
    s.remove("Bess").hand(BB, "Give No Quarter")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Give No Quarter", None)
    assert s.f("Houdini").health == 11


def test_give_no_quarter_gains_an_action_unless_paid():
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Sea Dog 1").remove("Sea Dog 2").remove("Bess")
    s.hand(BB, "Give No Quarter", "Give No Quarter", "Plunder")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Give No Quarter", None)
    s.expect("ransom").choose(False)
    assert s.game.players[BB].actions == 2
    s.expect("action")
    s.attack("Blackbeard", "Houdini", "Give No Quarter", None)
    s.expect("ransom").choose(True)
    assert s.game.players[BB].actions == 1
    assert res(s) == (1, 2)


def test_parley_cancels_the_opponents_card_effects_unless_paid_two():
    s = setup("genie", doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("The Genie", "M11").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(1, "Wishing for More Wishes", "Three Wishes").hand(BB, "Parley")
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(None)
    s.attack("The Genie", "Blackbeard", "Wishing for More Wishes", "Parley")
    s.expect("ransom")
    assert s.pending.player == 1 and s.pending.info["amount"] == 2
    s.choose(False)
    [cancel] = s.events("cancel")
    assert cancel["card"] == "Wishing for More Wishes" and cancel["detail"] == "Parley"
    assert s.events("draw") == []                      # neither player draws


def test_parley_paid_off_leaves_the_opponents_effects_alone():
    s = setup("genie", doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("The Genie", "M11").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(1, "Wishing for More Wishes", "Three Wishes").hand(BB, "Parley")
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(None)
    s.attack("The Genie", "Blackbeard", "Wishing for More Wishes", "Parley")
    s.expect("ransom").choose(True)
    assert s.events("cancel") == []
    assert sorted(e["player"] for e in s.events("draw")) == [0, 1, 1, 1]
    assert res(s) == (3, 0)


def test_parley_offers_no_ransom_against_a_card_that_cannot_be_cancelled():
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Parley").hand(1, "All Part of the Show")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Parley", "All Part of the Show")
    assert s.events("ransom_paid") == [] and s.events("ransom_refused") == []
    assert [e["card"] for e in s.events("cancel_failed")] == ["All Part of the Show"]


def test_fearsome_and_calculating_lets_blackbeard_pick_the_discard_unless_paid():
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Fearsome and Calculating").hand(1, "Flourish", "Grand Escape", "Vanishing Act")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Fearsome and Calculating", None)
    s.expect("ransom").choose(False)
    s.expect("effect_discard")
    assert s.pending.player == BB
    s.choose("Grand Escape")
    assert s.hand_names(1) == ["Flourish", "Vanishing Act"]
    assert len(s.events("look_at_hand")) == 1


def test_fearsome_and_calculating_paid_off_shows_nothing():
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Fearsome and Calculating").hand(1, "Flourish", "Grand Escape")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Fearsome and Calculating", None)
    s.expect("ransom").choose(True)
    assert s.hand_names(1) == ["Flourish", "Grand Escape"]
    assert s.events("look_at_hand") == []


def test_intimidating_visage_recovers_two_when_an_opposing_fighter_is_adjacent():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.health("Blackbeard", 8).hand(1, "Flourish").hand(BB, "Intimidating Visage")
    s.begin_turn(1)
    s.attack("Houdini", "Blackbeard", "Flourish", "Intimidating Visage")
    assert s.f("Blackbeard").health == 10


def test_intimidating_visage_recovers_nothing_against_a_ranged_attack_from_afar():
    s = setup("genie")
    s.place("Blackbeard", "M10").place("The Genie", "M17").remove("Sea Dog 1").remove("Sea Dog 2")
    s.health("Blackbeard", 8).hand(1, "Careful What You Wish For").hand(BB, "Intimidating Visage")
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(None)
    s.attack("The Genie", "Blackbeard", "Careful What You Wish For", "Intimidating Visage")
    assert s.f("Blackbeard").health == 8


def test_show_a_leg_summons_a_defeated_sea_dog_into_blackbeards_zone():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").place("Sea Dog 2", "M02").remove("Sea Dog 1")
    s.remove("Bess").hand(BB, "Show a Leg!")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Show a Leg!", None)
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Sea Dog 1")
    b = s.board
    assert s.options() and all(b.same_zone(s.space(x), s.space("M10")) for x in s.options())
    assert "M02" not in s.options() and "M27" not in s.options()
    s.choose("M19")
    dog = s.f("Sea Dog 1")
    assert dog.alive and dog.health == 1 and dog.space == s.space("M19")
    [summon] = s.events("summon")
    assert summon["fighter"] == "Sea Dog 1" and summon["card"] == "Show a Leg!"


def test_show_a_leg_with_both_sea_dogs_on_the_board_moves_one_of_them():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").place("Sea Dog 1", "M02").place("Sea Dog 2", "M03")
    s.remove("Bess").hand(BB, "Show a Leg!")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Show a Leg!", None)
    s.expect("effect_fighter")
    assert sorted(s.options()) == ["Sea Dog 1", "Sea Dog 2"]
    s.choose("Sea Dog 2").expect("effect_destination").choose("M19")
    assert s.f("Sea Dog 2").space == s.space("M19") and s.f("Sea Dog 1").space == s.space("M02")


def test_no_prey_no_pay_may_be_boosted_and_draws_a_card_when_it_wins():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "No Prey, No Pay", "Avast Ye!").deck_top(BB, "Parley")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "No Prey, No Pay", None)
    s.expect("combat_boost").choose("Avast Ye!")
    assert s.f("Houdini").health == 9                  # 2 + BOOST 3
    assert s.hand_names(BB) == ["Parley"]


def test_no_prey_no_pay_draws_nothing_when_it_loses():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "No Prey, No Pay", "Plunder").hand(1, "All Part of the Show").deck_top(BB, "Parley")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "No Prey, No Pay", "All Part of the Show")
    assert s.f("Houdini").health == 14
    assert s.hand_names(BB) == ["Plunder"]


def qar_attack(treasury: int, houdini_health: int = 14) -> Scenario:
    s = setup(doubloons=3 - treasury, treasury=treasury)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.health("Houdini", houdini_health).hand(BB, "Queen Anne's Revenge")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Queen Anne's Revenge", None)
    return s


def test_queen_annes_revenge_loses_two_value_for_each_doubloon_the_opponent_pays():
    s = qar_attack(treasury=3)
    s.expect("ransom_amount")
    assert s.pending.player == 1 and s.pending.options == (0, 1, 2, 3)
    s.choose(2)
    assert s.f("Houdini").health == 11                 # 7 - 2×2 = 3
    assert res(s) == (2, 1)
    [paid] = s.events("ransom_paid")
    assert (paid["player"], paid["card"], paid["amount"], paid["detail"]) == (
        1, "Queen Anne's Revenge", 2, "subtract_value")
    assert [e["detail"] for e in s.events("doubloons_paid")] == ["ransom"]


def test_queen_annes_revenge_payment_is_limited_to_what_the_treasury_holds():
    s = qar_attack(treasury=1)
    s.expect("ransom_amount")
    assert s.pending.options == (0, 1)
    s.choose(0)
    assert s.f("Houdini").health == 7
    [refused] = s.events("ransom_refused")
    assert (refused["amount"], refused["value"]) == (0, 1)


def test_queen_annes_revenge_against_an_empty_treasury_asks_nothing():
    s = qar_attack(treasury=0)
    assert s.f("Houdini").health == 7
    assert s.events("ransom_paid") == []


def test_queen_annes_revenge_cannot_be_cancelled():
    s = setup("genie", doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("The Genie", "M11").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(1, "Feint").hand(BB, "Queen Anne's Revenge")
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(None)
    s.attack("The Genie", "Blackbeard", "Feint", "Queen Anne's Revenge")
    assert [e["card"] for e in s.events("cancel_failed")] == ["Queen Anne's Revenge"]
    s.expect("ransom_amount")                          # its effect still resolves
    assert s.pending.player == 1
    s.choose(0)
    assert s.f("Blackbeard").health == 13


# ====================================================================== greedy policy
def test_greedy_pays_a_ransom_against_damage_that_would_defeat_its_hero():
    s = brace_position(treasury=2)
    s.game.fighters[s.fighter("Houdini")].health = 3
    assert s.expect("ransom") and greedy(s) is True


def test_greedy_refuses_a_ransom_for_damage_a_healthy_hero_can_take():
    s = brace_position(treasury=2)
    assert s.expect("ransom") and greedy(s) is False


def test_greedy_refuses_a_ransom_for_a_random_discard():
    s = setup(doubloons=1, treasury=2)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Avast Ye!").hand(1, "Grand Escape", "Flourish", "Vanishing Act", "Misdirection")
    blackbeard_turn(s)
    s.attack("Blackbeard", "Houdini", "Avast Ye!", "Grand Escape")
    assert s.expect("ransom") and greedy(s) is False


def test_greedy_pays_queen_annes_revenge_down_far_enough_to_survive():
    s = qar_attack(treasury=3, houdini_health=5)
    s.expect("ransom_amount")
    k = greedy(s)
    assert 7 - 2 * k < 5


def test_greedy_does_not_pay_against_a_defending_queen_annes_revenge_it_cannot_beat_cheaply():
    """Houdini attacks for 3 into a 7: two doubloons only reach a draw, three let 2 damage
    through; neither is worth handing Blackbeard the doubloons."""
    s = setup(doubloons=0, treasury=3)
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(1, "Flourish").hand(BB, "Queen Anne's Revenge")
    s.begin_turn(1)
    s.attack("Houdini", "Blackbeard", "Flourish", "Queen Anne's Revenge")
    s.expect("ransom_amount")
    assert greedy(s) == 0


def test_greedy_blackbeard_buys_an_extra_action_when_he_can_attack_twice():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M11").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Avast Ye!", "Give No Quarter")
    s.begin_turn(BB)
    assert s.expect("ability_pay_for_action") and greedy(s) is True


def test_greedy_blackbeard_keeps_his_doubloon_with_no_attack_to_make():
    s = setup()
    s.place("Blackbeard", "M10").place("Houdini", "M27").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Plunder", "Intimidating Visage")
    s.begin_turn(BB)
    assert s.expect("ability_pay_for_action") and greedy(s) is False


def test_greedy_blackbeard_buys_an_action_to_reach_a_target_two_maneuvers_away():
    s = setup()
    # M10 → M28 is out of reach in one move of 2 but in range after two (M22 → M29 sees M28).
    s.place("Blackbeard", "M10").place("Houdini", "M28").remove("Bess").remove("Sea Dog 1").remove("Sea Dog 2")
    s.hand(BB, "Avast Ye!")
    view = PlayerView(s.game, BB)
    me = s.fighter("Blackbeard")
    target = s.space("M28")
    assert not any(view.can_hit_from(me, x, target) for x in view.reachable(me, 2))
    assert any(view.can_hit_from(me, x, target) for x in view.reachable(me, 4))
    s.begin_turn(BB)
    assert s.expect("ability_pay_for_action") and greedy(s) is True


# ====================================================================== whole games and records
def _play_random(opponent: str, board: str, seed: int, blackbeard_seat: int) -> Game:
    heroes = [find_hero(opponent), find_hero(opponent)]
    heroes[blackbeard_seat] = find_hero("blackbeard")
    g = Game(find_board(board), tuple(heroes), seed=seed)
    original_log = g.log

    def checked_log(kind, *args, **kwargs):
        original_log(kind, *args, **kwargs)
        r = g.players[blackbeard_seat].res
        if r and not (r["doubloons"] >= 0 and r["treasury"] >= 0 and r["doubloons"] + r["treasury"] == 3):
            raise AssertionError(f"doubloons out of balance after {kind}: {r}")

    g.log = checked_log
    views = [PlayerView(g, 0), PlayerView(g, 1)]
    policies = [RandomPolicy(random.Random(f"bb:{seed}:{seat}")) for seat in (0, 1)]
    g.start()
    steps = 0
    while g.pending is not None:
        d = g.pending
        g.answer(policies[d.player].choose(views[d.player], d))
        steps += 1
        assert steps < 100_000, "the game does not end"
    return g


@pytest.mark.parametrize("board", board_ids())
@pytest.mark.parametrize("opponent", hero_ids())
def test_random_games_against_every_hero_end_and_keep_three_doubloons(opponent, board):
    kinds = set()
    for seed in range(4):
        g = _play_random(opponent, board, seed, blackbeard_seat=seed % 2)
        assert g.over
        kinds.update(e[2] for e in g.events)
    assert "doubloons_paid" in kinds or "ransom_refused" in kinds


def test_blackbeard_event_kinds_are_documented():
    doc = (Path(__file__).resolve().parent.parent / "docs" / "events.md").read_text()
    section = doc.split("### Blackbeard", 1)[1]
    for kind in ("doubloons_paid", "doubloons_stolen", "ransom_paid", "ransom_refused"):
        assert f"`{kind}`" in section, kind
