"""Nikola Tesla (Unmatched Adventures: Tales to Amaze): The Scientific Method (two coils) and
every card of the deck, one rule per test. Seat 0 is Tesla (14 health, ranged, no sidekick);
the opponent is the Genie (16 health) or Houdini with Bess. Board: Marmoreal — M10 is adjacent
to M11, M15, M18 and M19; M10/M11/M15/M19 are green+blue, M12 blue only, M13 red+yellow, M31
violet+brown.
"""

from __future__ import annotations

import copy
import random

import pytest

from tests.scenario import play_random, Scenario, genie_turn
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.greedy import GreedyPolicy

TESLA, GENIE = "Nikola Tesla", "The Genie"
SPARE = "Remote Control"     # kept in hand so that the next action is a real choice


def vs_genie(tesla: str = "M10", genie: str = "M11", coils: int = 1) -> Scenario:
    s = Scenario("nikola_tesla", "genie").place(TESLA, tesla).place(GENIE, genie)
    s.game.players[0].res["coils"] = coils
    return s


def coils(s: Scenario) -> int:
    return s.game.players[0].res["coils"]


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def scheme(s: Scenario, name: str) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((name, TESLA))
    return s


# ============================================================ the hero file
def test_nikola_tesla_has_14_health_move_2_ranged_no_sidekick_and_30_cards():
    h = find_hero("nikola_tesla")
    assert (h.hero.health, h.move, h.hero.ranged, h.sidekicks, h.deck_size) == (14, 2, True, (), 30)
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "7 Hertz": ("attack", 4, 3, 3), "The Alternating Current": ("attack", 5, 3, 2),
        "Death Ray": ("attack", 3, 4, 3), "Kinetic Induction": ("versatile", 2, 1, 3),
        "Lightning Storm": ("versatile", 3, 1, 3), "Polyphase Coils": ("versatile", 3, 1, 3),
        "Repulsion Blast": ("versatile", 2, 2, 3), "X-Ray Radiation": ("versatile", 4, 1, 3),
        "Intense Experimentation": ("defense", 3, 2, 3), "Fully Charged": ("scheme", None, 1, 2),
        "Remote Control": ("scheme", None, 3, 2)}
    assert all(c.users == frozenset({TESLA}) for c in h.cards)


# ============================================================ The Scientific Method
def test_tesla_starts_with_one_of_two_coils_charged():
    s = Scenario("nikola_tesla", "genie")
    assert s.game.players[0].res["coils"] == 1 and s.game.players[0].res["coils_max"] == 2
    g = Game(find_board("marmoreal"), (find_hero("nikola_tesla"), find_hero("genie")), seed=1).start()
    assert g.players[0].res["coils"] == 1
    assert [e for e in g.events if e[2] == "coil_charge"][0][10] == "setup"


def test_at_the_end_of_his_turn_tesla_may_charge_one_coil():
    s = vs_genie(genie="M31").hand(0, SPARE)
    s.begin_turn(0)
    s.choose("maneuver").choose(None).choose("M10")
    s.choose("maneuver").choose(None).choose("M10")
    s.expect("coil_charge").choose(True)
    assert coils(s) == 2 and s.events("coil_charge")[-1]["value"] == 2


def test_charging_at_the_end_of_the_turn_may_be_declined_and_is_not_asked_when_full():
    s = vs_genie(genie="M31").hand(0, SPARE)
    s.begin_turn(0)
    s.choose("maneuver").choose(None).choose("M10")
    s.choose("maneuver").choose(None).choose("M10")
    s.expect("coil_charge").choose(False)
    assert coils(s) == 1
    s2 = vs_genie(genie="M31", coils=2).hand(0, SPARE)
    s2.begin_turn(0)
    s2.choose("maneuver").choose(None).choose("M10")
    s2.choose("maneuver").choose(None).choose("M10")
    assert s2.game.active == 1 and coils(s2) == 2


def test_both_coils_charged_shock_each_adjacent_opposing_fighter_then_may_move_it():
    s = Scenario("nikola_tesla", "houdini").place(TESLA, "M10").place("Houdini", "M11").place("Bess", "M15")
    s.game.players[0].res["coils"] = 2
    s.hand(0, SPARE)
    s.begin_turn(0)
    assert s.f("Houdini").health == 13 and s.f("Bess").health == 4
    assert s.events("coil_overflow")[0]["amount"] == 2
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Houdini")
    assert set(s.options()) == {"M11", "M12", "M19"}
    s.choose("M12")
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Bess")
    s.choose("M15")                                       # staying put is allowed
    assert s.f("Houdini").space == s.space("M12") and s.f("Bess").space == s.space("M15")
    assert coils(s) == 2                                  # the ability does not discharge
    assert [e["detail"] for e in s.events("damage")] == ["ability", "ability"]


def test_no_shock_with_one_coil_charged_or_nobody_adjacent():
    s = vs_genie(coils=1).hand(0, SPARE)
    s.begin_turn(0)
    assert s.events("coil_overflow") == [] and s.f(GENIE).health == 16
    s2 = vs_genie(genie="M31", coils=2).hand(0, SPARE)
    s2.begin_turn(0)
    assert s2.events("coil_overflow") == [] and s2.f(GENIE).health == 16


# ============================================================ discharging
def test_discharge_offers_only_as_many_coils_as_are_charged():
    s = vs_genie(coils=1).hand(0, "Death Ray", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Death Ray", None)
    s.expect("discharge_coils")
    assert s.pending.options == (0, 1)


def test_discharge_is_not_asked_with_no_coil_charged():
    s = vs_genie(coils=0).hand(0, "Death Ray", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Death Ray", None)
    assert combat(s) == "3-0" and s.events("coil_discharge") == []


def test_the_other_reading_two_declared_with_one_charged_spends_it_and_fizzles():
    h = copy.deepcopy(find_hero("nikola_tesla"))
    h.ability.params["coils_underfunded"] = "fizzle"
    s = Scenario(hero_defs=(h, find_hero("genie"))).place(TESLA, "M10").place(GENIE, "M11")
    s.game.players[0].res["coils"] = 1
    s.hand(0, "Death Ray", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Death Ray", None)
    s.expect("discharge_coils")
    assert s.pending.options == (0, 1, 2)
    s.choose(2)
    assert coils(s) == 0 and combat(s) == "3-0"
    assert len(s.events("coil_fizzle")) == 1


def test_7_hertz_one_coil_gains_an_action():
    s = vs_genie(coils=1).hand(0, "7 Hertz", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "7 Hertz", None)
    s.expect("discharge_coils").choose(1)
    assert coils(s) == 0 and s.game.players[0].actions == 2 and s.events("draw") == []


def test_7_hertz_two_coils_also_draws_a_card():
    s = vs_genie(genie="M12", coils=2).hand(0, "7 Hertz", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "7 Hertz", None)
    s.expect("discharge_coils").choose(2)
    assert coils(s) == 0 and s.game.players[0].actions == 2 and len(s.events("draw")) == 1


def test_the_alternating_current_charges_both_coils():
    s = vs_genie(coils=0).hand(0, "The Alternating Current", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "The Alternating Current", None)
    s.expect("effect_mode").choose("charge both coils")
    assert coils(s) == 2


def test_the_alternating_current_discharges_both_coils_for_tesla_to_recover_2():
    s = vs_genie(genie="M12", coils=2).health(TESLA, 9).hand(0, "The Alternating Current", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "The Alternating Current", None)
    s.expect("effect_mode").choose("discharge both coils: Tesla recovers 2")
    s.expect("effect_may").choose(True)
    assert coils(s) == 0 and s.f(TESLA).health == 11


def test_the_alternating_current_cannot_discharge_both_with_one_charged():
    s = vs_genie(coils=1).health(TESLA, 9).hand(0, "The Alternating Current", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "The Alternating Current", None)
    s.expect("effect_mode").choose("discharge both coils: Tesla recovers 2")
    assert coils(s) == 1 and s.f(TESLA).health == 9


@pytest.mark.parametrize("n, value", [(0, 3), (1, 5), (2, 7)])
def test_death_ray_is_worth_5_with_one_coil_and_7_instead_with_two(n, value):
    s = vs_genie(genie="M12", coils=2).hand(0, "Death Ray", SPARE)   # not adjacent: no shock
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Death Ray", None)
    s.expect("discharge_coils").choose(n)
    assert combat(s) == f"{value}-0" and coils(s) == 2 - n


def test_kinetic_induction_charges_one_coil_when_lost_and_both_when_won():
    s = vs_genie(coils=0).hand(0, "Kinetic Induction", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Kinetic Induction", None)     # 2-0: won
    assert coils(s) == 2
    s2 = vs_genie(coils=0).hand(0, "Kinetic Induction").hand(1, "Careful What You Wish For")
    genie_turn(s2)
    s2.attack(GENIE, TESLA, "Careful What You Wish For", "Kinetic Induction")   # 4-2: Tesla lost
    assert coils(s2) == 1


def test_lightning_storm_one_coil_deals_1_to_each_opposing_fighter_in_the_zone():
    s = Scenario("nikola_tesla", "houdini").place(TESLA, "M10").place("Houdini", "M12").place("Bess", "M31")
    s.game.players[0].res["coils"] = 1
    s.hand(0, "Lightning Storm", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, "Houdini", "Lightning Storm", None)
    s.expect("discharge_coils").choose(1)
    assert s.f("Houdini").health == 14 - 3 - 1 and s.f("Bess").health == 5


def test_lightning_storm_two_coils_deal_2_instead():
    s = Scenario("nikola_tesla", "houdini").place(TESLA, "M10").place("Houdini", "M12").place("Bess", "M15")
    s.game.players[0].res["coils"] = 2
    s.hand(0, "Lightning Storm", SPARE)
    s.begin_turn(0)      # Bess on M15 is adjacent: the shock hits her first
    s.choose("M15")
    s.attack(TESLA, "Houdini", "Lightning Storm", None)
    s.expect("discharge_coils").choose(2)
    assert s.f("Houdini").health == 14 - 3 - 2 and s.f("Bess").health == 5 - 1 - 2


def test_polyphase_coils_one_coil_cancels_the_opponents_card():
    s = vs_genie(coils=1).hand(0, "Polyphase Coils").hand(1, "I Am Freed")
    genie_turn(s)
    s.attack(GENIE, TESLA, "I Am Freed", "Polyphase Coils")
    s.expect("discharge_coils").choose(1)
    assert [e["card"] for e in s.events("cancel")] == ["I Am Freed"]
    assert combat(s) == "3-3" and s.f(GENIE).space == s.space("M11")


def test_polyphase_coils_two_coils_also_ignore_its_value():
    s = vs_genie(coils=2).hand(0, "Polyphase Coils").hand(1, "I Am Freed")
    genie_turn(s)
    s.attack(GENIE, TESLA, "I Am Freed", "Polyphase Coils")
    s.expect("discharge_coils").choose(2)
    assert s.events("cancel") and combat(s) == "0-3" and s.f(TESLA).health == 14


def test_repulsion_blast_moves_the_opposing_fighter_and_with_one_coil_tesla_too():
    s = vs_genie(coils=1).hand(0, "Repulsion Blast", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Repulsion Blast", None)
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter(GENIE)
    s.choose("M16")
    s.expect("discharge_coils").choose(1)
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter(TESLA)
    s.choose("M15")
    assert s.f(GENIE).space == s.space("M16") and s.f(TESLA).space == s.space("M15")


def test_repulsion_blast_two_coils_also_make_the_opponent_discard_at_random():
    s = vs_genie(genie="M12", coils=2).hand(0, "Repulsion Blast", SPARE).hand(1, "Feint", "Back in the Lamp")
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Repulsion Blast", None)
    s.expect("effect_destination").choose("M12")
    s.expect("discharge_coils").choose(2)
    s.expect("effect_destination").choose("M10")
    assert len(s.game.players[1].hand) == 1 and s.events("discard")[-1]["detail"] == "opponent_effect"


def test_x_ray_radiation_reveals_the_opponents_top_card_which_stays_known_on_top():
    s = vs_genie(coils=1).hand(0, "X-Ray Radiation", SPARE).deck_top(1, "Three Wishes")
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "X-Ray Radiation", None)
    rev = s.events("deck_reveal")[-1]
    assert (rev["card"], rev["detail"], rev["player"]) == ("Three Wishes", "top", 1)
    s.expect("discharge_coils").choose(0)
    p = s.game.players[1]
    assert s.game.card(p.deck[-1]).name == "Three Wishes"
    assert p.top_known_by.get(0) == 1 and p.deck_top_known >= 1


def test_x_ray_radiation_one_coil_discards_the_revealed_card():
    s = vs_genie(coils=1).hand(0, "X-Ray Radiation", SPARE).deck_top(1, "Three Wishes")
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "X-Ray Radiation", None)
    s.expect("discharge_coils").choose(1)
    assert s.discard_names(1) == ["Three Wishes"] and combat(s) == "4-0"


def test_x_ray_radiation_two_coils_also_add_its_boost_value():
    s = vs_genie(genie="M12", coils=2).hand(0, "X-Ray Radiation", SPARE).deck_top(1, "Three Wishes")
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "X-Ray Radiation", None)
    s.expect("discharge_coils").choose(2)
    boost = find_hero("genie").cards[[c.name for c in find_hero("genie").cards].index("Three Wishes")].boost
    assert s.discard_names(1) == ["Three Wishes"] and combat(s) == f"{4 + boost}-0"


def test_intense_experimentation_draws_1_and_with_coils_2_or_3_and_recovers():
    for n, drawn, health in ((0, 1, 9), (1, 2, 9), (2, 3, 10)):
        s = vs_genie(coils=2).health(TESLA, 10).hand(0, "Intense Experimentation")
        s.hand(1, "Careful What You Wish For")
        genie_turn(s)
        s.attack(GENIE, TESLA, "Careful What You Wish For", "Intense Experimentation")   # 4-3
        s.expect("discharge_coils")
        assert len([e for e in s.events("draw") if e["player"] == 0]) == 1   # the printed draw first
        s.choose(n)
        assert len([e for e in s.events("draw") if e["player"] == 0]) == drawn
        assert s.f(TESLA).health == health and coils(s) == 2 - n


def test_fully_charged_charges_both_coils_and_gains_an_action():
    s = vs_genie(coils=0).hand(0, "Fully Charged", SPARE)
    s.begin_turn(0)
    scheme(s, "Fully Charged")
    assert coils(s) == 2 and s.game.players[0].actions == 2


def test_remote_control_moves_every_opposing_fighter_up_to_2_and_gains_an_action():
    s = Scenario("nikola_tesla", "houdini").place(TESLA, "M31").place("Houdini", "M11").place("Bess", "M15")
    s.hand(0, "Remote Control", "Death Ray")
    s.begin_turn(0)
    scheme(s, "Remote Control")
    s.expect("effect_move_order").choose("Bess")
    s.expect("effect_destination").choose("M04")
    s.expect("effect_destination").choose("M16")
    assert s.f("Bess").space == s.space("M04") and s.f("Houdini").space == s.space("M16")
    assert s.game.players[0].actions == 2


# ============================================================ AI and formats
def test_greedy_spends_both_coils_on_death_ray():
    s = vs_genie(genie="M12", coils=2).hand(0, "Death Ray", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Death Ray", None)
    d = s.expect("discharge_coils").pending
    assert GreedyPolicy(random.Random(0)).choose(PlayerView(s.game, 0), d) == 2


def _play(heroes, fmt, seed):
    return play_random(heroes, fmt, seed, salt="tesla")


def test_nikola_tesla_plays_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play(("nikola_tesla", "annie_christmas", "golden_bat"), FreeForAll(3), seed)
        assert g.over and g.end_reason
        assert 0 <= g.players[0].res["coils"] <= 2


def test_nikola_tesla_plays_a_two_against_two_team_game_to_the_end():
    for seed in range(3):
        g = _play(("nikola_tesla", "houdini", "golden_bat", "nikola_tesla"), Teams(4), seed)
        assert g.over and g.end_reason


def test_the_shock_spares_a_teammate_next_to_tesla():
    s = Scenario("nikola_tesla", "genie")
    g = Game(s.board, (find_hero("nikola_tesla"), find_hero("genie"), find_hero("golden_bat"),
                       find_hero("houdini")), seed=0, fmt=Teams(4))
    s.game = g
    g.players[0].ability.setup(g, 0)
    g.players[0].res["coils"] = 2
    s.place(TESLA, "M10").place("Golden Bat", "M11").place(GENIE, "M15").place("Houdini", "M31")
    s.remove("Bess")
    s.hand(0, SPARE)
    s.begin_turn(0)
    assert s.f("Golden Bat").health == 18 and s.f(GENIE).health == 15


def test_greedy_keeps_its_coils_when_polyphase_coils_faces_no_card_or_lightning_storm_hits_nobody():
    s = vs_genie(genie="M12", coils=2).hand(0, "Polyphase Coils", SPARE)
    s.begin_turn(0)
    s.attack(TESLA, GENIE, "Polyphase Coils", None)
    d = s.expect("discharge_coils").pending
    assert GreedyPolicy(random.Random(0)).choose(PlayerView(s.game, 0), d) == 0
    s2 = vs_genie(coils=2, genie="M31").hand(0, "Lightning Storm").hand(1, "Careful What You Wish For")
    s2.place(GENIE, "M11")
    genie_turn(s2)
    s2.attack(GENIE, TESLA, "Careful What You Wish For", "Lightning Storm")
    d = s2.expect("discharge_coils").pending
    pol = GreedyPolicy(random.Random(0))
    assert pol.choose(PlayerView(s2.game, 0), d) == 2          # the Genie shares Tesla's zone
    s2.game.fighters[s2.fighter(GENIE)].space = s2.space("M31")   # (as if elsewhere)
    assert pol.choose(PlayerView(s2.game, 0), d) == 0
