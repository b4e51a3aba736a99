"""The hero contract is the engine's (``engine.ability``): one table of hook points from which
the engine's dispatch and fast paths are read; Ability's methods answer each hook's declared
default; the engine imports none of the heroes' code; and one hold rule (``Game.held``) decides
for moves, placements, swaps and conveyor belts, whichever way an ability holds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.scenario import Scenario
from unmatched_sim.data.board import load_board_file
from unmatched_sim.data.catalog import all_heroes, find_board
from unmatched_sim.engine import ability as A
from unmatched_sim.engine.ability import COMPUTED, HOOKS, MODIFY, NOTIFY, QUERY, Ability
from unmatched_sim.engine.board_features import run_conveyors
from unmatched_sim.engine.effects import parse_effects
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import ATTACKER, OTHER_ROLE, Combat, new_ctx

ROOT = Path(__file__).resolve().parent.parent
NOT_HOOKS = {"parse_params", "check_known_params", "whole_number_param"}


def test_every_method_of_ability_is_a_declared_hook_point_and_every_hook_point_a_method():
    methods = {name for name in vars(Ability) if not name.startswith("_") and callable(getattr(Ability, name))}
    assert methods - NOT_HOOKS == {h.method for h in HOOKS}
    assert len({h.key for h in HOOKS}) == len(HOOKS)
    assert all(h.kind in (MODIFY, NOTIFY, QUERY) for h in HOOKS)
    assert all(bool(h.event) == (h.kind == MODIFY) for h in HOOKS)
    assert A.EVENTS == {h.event: h.method for h in HOOKS if h.kind == MODIFY}


def test_abilitys_own_methods_answer_each_hooks_declared_default():
    hero = all_heroes()[0]
    g = Game(find_board("marmoreal"), (hero, hero), seed=1)
    ab = Ability(hero, {})
    fi = g.players[0].fighters[0]
    combat = Combat(0, fi, g.players[1].fighters[0], 1)
    args = {  # a call of each method that takes a value last gives it back
        "move_value": (g, 0, 4), "holds_in_place": (g, fi),
        "maneuver_place_options": (g, 0, fi, False), "can_boost": (g, 0, 0), "boost_value": (g, 0),
        "defense_options": (g, 1, fi),
        "intercept_discard": (g, 0, 0, "own_effect"), "after_card_played": (g, 0, 0),
        "redirect_discard": (g, 0, "played"), "attack_bonus": (g, combat),
        "ransom_available": (g, 0), "combat_bonus_estimate": (g, 0, fi, ATTACKER),
        "token_bonus": (g, 0, fi, ATTACKER), "turn_start_hazards": (g, 0),
        "move_links": (g, 0, fi),
    }
    for h in HOOKS:
        if h.kind == QUERY and h.default is not COMPUTED:
            got = getattr(ab, h.method)(*args[h.method])
            if isinstance(h.default, tuple):
                got = tuple(got)            # (a list of spaces, or of hazards: none)
            assert got == h.default and type(got) is type(h.default), h.method
    marker = object()
    assert ab.modify_hold(g, 0, fi, marker) is marker
    assert ab.modify_damage(g, 0, fi, "combat", None, None, marker) is marker


def test_every_heros_handlers_are_the_seats_whose_class_overrides_each_hook_point():
    heroes = all_heroes()
    board = find_board("marmoreal")
    for a, b in zip(heroes, heroes[1:] + heroes[:1]):
        g = Game(board, (a, b), seed=1)
        assert set(g.handlers) == {h.key for h in HOOKS}
        for h in HOOKS:
            assert g.handlers[h.key] == tuple(
                s for s, p in enumerate(g.players)
                if getattr(type(p.ability), h.method) is not getattr(Ability, h.method)), h.key
        assert g._hold_rule == bool(g.handlers["hold"] or g.handlers["holds_in_place"])
        assert g._fixed_move == tuple(None if s in g.handlers["move_value"] else p.hero.move
                                      for s, p in enumerate(g.players))


def test_the_engine_imports_none_of_the_heroes_code():
    code = ("import sys\n"
            "import unmatched_sim.engine.game, unmatched_sim.engine.effects, unmatched_sim.engine.view\n"
            "import unmatched_sim.engine.ability, unmatched_sim.engine.board_features\n"
            "assert 'unmatched_sim.hooks' not in sys.modules, 'the engine imported the heroes code'\n"
            "assert 'unmatched_sim.engine.vocab' not in sys.modules, 'the engine imported the vocabulary'\n"
            "import unmatched_sim.hooks\n"
            "from unmatched_sim.hooks import Ability, ability, hook_effect\n"
            "from unmatched_sim.engine import ability as A, effects as E\n"
            "assert Ability is A.Ability and ability is A.ability and hook_effect is E.hook_effect\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# ------------------------------------------------------------------ the one hold rule
class HoldsOne(Ability):
    """A test-only ability that holds one fighter by ``holds_in_place`` alone: no ``modify_hold``,
    no lasting effect."""

    held_fighter = -1

    def holds_in_place(self, g, fighter):
        return fighter == self.held_fighter


def hold(s: Scenario, name: str, seat: int = 1) -> int:
    fi = s.fighter(name)
    ab = HoldsOne(s.game.players[seat].hero, {})
    ab.held_fighter = fi
    s.game.set_ability(seat, ab)
    g = s.game
    assert not g.handlers["hold"] and not g.lasting and g.handlers["holds_in_place"] == (seat,)
    return fi


def test_a_fighter_held_only_by_holds_in_place_cannot_move():
    s = Scenario().place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    g = s.game
    houdini, genie = s.fighter("Houdini"), s.fighter("The Genie")
    assert len(g.reachable(houdini, 3)) > 1
    hold(s, "Houdini")
    assert g.held(houdini) and not g.held(genie)
    assert g.move_rules(houdini) == (True, False)
    assert g.reachable(houdini, 3) == [s.space("M02")]
    assert len(g.reachable(genie, 3)) > 1           # the others move as before


def test_a_fighter_held_only_by_holds_in_place_cannot_be_placed_or_swap():
    s = Scenario().place("Houdini", "M02").place("The Genie", "M31").place("Bess", "M05")
    g = s.game
    houdini = hold(s, "Houdini")
    g.place(houdini, s.space("M10"))
    assert s.f("Houdini").space == s.space("M02")
    assert [e["fighter"] for e in s.events("held")] == ["Houdini"]
    swap = parse_effects([{"op": "swap_fighters", "a": "Houdini", "b": "Bess"}],
                         frozenset({"Houdini", "Bess"}))[0]
    ctx = new_ctx(0, -1, OTHER_ROLE, houdini)
    assert not swap.applicable(g, ctx)
    swap.run(g, ctx)
    assert s.f("Houdini").space == s.space("M02") and s.f("Bess").space == s.space("M05")


def test_a_fighter_held_only_by_holds_in_place_does_not_ride_a_conveyor_belt():
    board = load_board_file(Path(__file__).resolve().parent / "boards" / "conveyor.toml")
    s = Scenario("chupacabra", "houdini", board_def=board)
    s.place("Houdini", "B1").place("Bess", "B2").place("Chupacabra", "B3")
    hold(s, "Chupacabra")
    s.run_steps((run_conveyors, ()))
    assert s.f("Chupacabra").space == s.space("B3")
    assert s.f("Bess").space == s.space("B2") and s.f("Houdini").space == s.space("B1")
    assert ("Chupacabra", "held") in [(e["fighter"], e["detail"]) for e in s.events("conveyor_blocked")]


def test_without_any_hold_the_rule_answers_at_once():
    s = Scenario().place("Houdini", "M02").place("The Genie", "M31")
    g = s.game
    assert not g._hold_rule and not g.lasting
    assert not any(g.held(fi) for fi in range(len(g.fighters)))
    assert g.move_rules(s.fighter("Houdini")) == (False, False)
