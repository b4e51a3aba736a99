"""The shared vocabulary the Battle of Legends, Volume Two heroes brought, on cases their own
hero tests do not reach: a bonus attack against a fighter that changed, a look at a hand that a
card cancels, a summon from an empty reserve, a redirect that only moves combat damage, the
quantities and conditions read from the board. Seat 0 is the hero under test, seat 1 Houdini
or the Genie, on Marmoreal (M10 adjacent to M11, M15, M18, M19; M10/M11 green+blue, M12 blue)."""

from __future__ import annotations

from tests.scenario import MAGICIAN, Scenario, genie_turn
from unmatched_sim.engine.effects import CONDITIONS, QUANTITIES
from unmatched_sim.engine.state import ATTACKER, DEFENDER, OTHER_ROLE, Combat, Ctx


def test_pick_from_hand_is_cancelled_by_a_card_that_cancels_a_look():
    s = Scenario("bloody_mary", "houdini").place("Bloody Mary", "M10").place("Houdini", "M31").remove("Bess")
    s.hand(0, "Stolen Memories", "Evade").hand(1, MAGICIAN, "Flourish")
    s.begin_turn(0)
    s.choose("scheme")
    if s.pending.kind == "scheme_card":
        s.choose((s.card_ids(0, "Stolen Memories")[0], s.fighter("Bloody Mary")))
    s.expect("cancel_look").choose(MAGICIAN)
    assert s.events("reveal_cancel")
    assert not s.events("look_at_hand")
    assert s.hand_names(1) == sorted([MAGICIAN, "Flourish"])


def test_summon_from_reserve_is_not_offered_without_an_empty_space_next_to_him():
    s = Scenario("sun_wukong", "houdini").place("Sun Wukong", "M10")
    s.place("Houdini", "M11").place("Bess", "M19").place("Clone 1", "M15").place("Clone 2", "M18")
    s.hand(0, "Phoenix Form")               # Clone 3 is in reserve, every neighbour is taken
    s.begin_turn(0)
    assert s.pending.kind == "action"
    assert s.f("Sun Wukong").health == 17 and not s.f("Clone 3").on_board


def test_redirect_moves_only_combat_damage():
    s = Scenario("sun_wukong", "genie").place("Sun Wukong", "M10").place("The Genie", "M11")
    s.hand(1, "I Grant You Death", "Feint").hand(0, "Golden Chain Mail")
    genie_turn(s)
    s.attack("The Genie", "Sun Wukong", "I Grant You Death", "Golden Chain Mail")   # 2 against 4
    if s.pending is not None and s.pending.kind == "effect_fighter":
        s.choose("Sun Wukong")              # the Genie's own effect: 1 damage, not redirected
    assert s.f("Sun Wukong").health == 16
    assert not s.events("damage_redirected")


def test_board_quantities_and_conditions_read_the_combat():
    s = Scenario("yennenga", "genie").place("Yennenga", "M10").place("The Genie", "M11")
    s.place("Archer 1", "M12").remove("Archer 2")
    g = s.game
    g.combat = Combat(0, s.fighter("Archer 1"), s.fighter("The Genie"), 1)
    archer = Ctx(0, -1, ATTACKER, s.fighter("Archer 1"))
    assert QUANTITIES["opposing_combatant_zones"](g, archer) == 2          # green and blue
    assert QUANTITIES["other_friendly_adjacent_to_opposing_combatant"](g, archer) == 1   # Yennenga
    assert CONDITIONS["in_hero_zone"](g, archer)                            # blue, with her
    g.place(s.fighter("Archer 1"), s.space("M13"))
    assert not CONDITIONS["in_hero_zone"](g, archer)
    assert QUANTITIES["own_sidekicks_on_board"](g, Ctx(0, -1, OTHER_ROLE, s.fighter("Yennenga"))) == 1
    genie = Ctx(1, -1, DEFENDER, s.fighter("The Genie"))
    assert QUANTITIES["opposing_combatant_zones"](g, genie) == 2            # M13: red and yellow
    assert not CONDITIONS["values_match"](g, genie)                         # no cards played
