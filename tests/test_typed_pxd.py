"""The typed records read across modules: ``Fighter``, ``Player``,
``Combat`` and ``Decision`` are ``cclass``es whose fields ``engine/state.pxd`` declares, and
``game.pxd``, ``view.pxd`` and ``greedy.pxd`` cimport them (and ``_GameCore``, ``_ViewCore``) so
the compiled modules read them in C. These check what the change could break: the records
behave alike compiled and pure (copies are independent, no stray attributes, pickling), a
clone's records are its own, and a compiled module is never loaded beside a pure one it
cimports (it could not load: it expects the compiled type)."""

from __future__ import annotations

import importlib.machinery
import pickle

import pytest

from unmatched_sim import _build
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import Combat, Decision, Fighter, Player
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.model import FighterDef
from tests.scenario import greedy_midgame

BOARD = find_board("marmoreal")


def _played() -> Game:
    return greedy_midgame(seed=5, steps=30)


def test_a_fighter_copies_every_field_and_takes_no_other_attribute():
    f = Fighter(3, 1, "Bess", FighterDef("Bess", 6, False, False))
    f.space, f.health, f.on_board = 7, 4, True
    c = f.copy()
    assert (c.idx, c.owner, c.name, c.defn, c.is_hero, c.health, c.max_health, c.space, c.alive,
            c.on_board) == (3, 1, "Bess", f.defn, False, 4, 6, 7, True, True)
    c.health = 1
    assert f.health == 4
    with pytest.raises(AttributeError):
        f.poisoned = True            # slotted (pure) or a cclass (compiled): no instance dictionary
    back = pickle.loads(pickle.dumps(f))
    assert (back.name, back.health, back.space, back.alive) == ("Bess", 4, 7, True)


def test_a_player_and_a_combat_copy_their_lists():
    p = Player(0, find_hero("houdini"), None)
    p.hand.extend([1, 2])
    q = p.copy()
    q.hand.append(3)
    assert p.hand == [1, 2] and q.hand == [1, 2, 3] and q.seat == 0 and q.team == 0
    c = Combat(0, 1, 4, 1)
    d = c.copy()
    d.cards[0] = 9
    d.mods[1].append(("add", 2))
    assert c.cards == [None, None] and c.mods == [[], []] and not c.ranged and c.damage == 0


def test_a_decision_keeps_what_it_was_given():
    d = Decision(1, "action", ("maneuver", "attack"), None, (), {"fighter": 2})
    assert (d.player, d.kind, d.options, d.info) == (1, "action", ("maneuver", "attack"), {"fighter": 2})
    assert "action" in repr(d)


def test_a_clones_records_are_its_own():
    g = _played()
    h = g.clone()
    for a, b in zip(g.fighters, h.fighters):
        assert a is not b and (a.space, a.health, a.alive) == (b.space, b.health, b.alive)
    for a, b in zip(g.players, h.players):
        assert a is not b and a.hand == b.hand and a.hand is not b.hand
    h.fighters[0].health -= 1
    h.players[0].hand.append(-1)
    assert g.fighters[0].health == h.fighters[0].health + 1 and -1 not in g.players[0].hand
    assert (g.combat is None) == (h.combat is None) and (g.combat is None or g.combat is not h.combat)


def test_the_cpdef_queries_answer_python_callers_alike():
    """The queries made cpdef (C calls from typed code) are the same methods to Python code,
    keyword arguments included."""
    g = _played()
    hero = g.hero_of(0)
    assert hero is g.fighters[g.players[0].fighters[0]]
    assert g.reachable(hero.idx, 2) == g.reachable(hero.idx, 2, through_opponents=False)
    assert g.on_board(1) == [i for i in g.players[1].fighters if g.fighters[i].on_board]
    assert g.is_foe(0, 1) is True and g.is_foe(1, 1) is False
    assert g.check_win() in (True, False)
    v = PlayerView(g, 0)
    assert v.fighter(hero.idx) is hero and v.card(0) is g.cards[0].defn
    assert v.hand_size(1) == len(g.players[1].hand)


def _fake_tree(tmp_path, pxds: dict[str, str]):
    pkg = tmp_path / "unmatched_sim"
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for rel in _build.SOURCES:
        src = tmp_path / rel
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {rel}\n")
        src.with_name(src.stem + suffix).write_bytes(b"")      # "compiled"
    for rel, text in pxds.items():
        (tmp_path / rel).with_suffix(".pxd").write_text(text)
    return pkg


def test_a_module_cimporting_one_run_as_pure_python_runs_as_pure_python_too(tmp_path):
    pkg = _fake_tree(tmp_path, {
        "unmatched_sim/engine/game.py": "from unmatched_sim.engine.state cimport Fighter\n",
        "unmatched_sim/engine/view.py": "from unmatched_sim.engine.game cimport _GameCore\n",
        "unmatched_sim/policies/greedy.py": "from unmatched_sim.engine.view cimport _ViewCore\n",
    })
    manifest = {rel: _build.source_digest(tmp_path / rel) for rel in _build.SOURCES}
    assert set(_build.plan(manifest, package=pkg).values()) == {"compiled"}
    (tmp_path / "unmatched_sim/engine/state.py").write_text("# edited after the build\n")
    got = _build.plan(manifest, package=pkg)
    for name in ("state", "game", "view"):
        assert got[f"unmatched_sim.engine.{name}"] == "stale", name
    assert got["unmatched_sim.policies.greedy"] == "stale"          # through view and game
    assert got["unmatched_sim.policies.heuristic"] == "compiled"    # cimports none of them


def test_an_edited_pxd_makes_its_module_stale(tmp_path):
    pkg = _fake_tree(tmp_path, {"unmatched_sim/engine/state.py": "cdef class Fighter:\n    pass\n"})
    manifest = {rel: _build.source_digest(tmp_path / rel) for rel in _build.SOURCES}
    (tmp_path / "unmatched_sim/engine/state.pxd").write_text("cdef class Fighter:\n    cdef public int idx\n")
    got = _build.plan(manifest, package=pkg)
    assert got["unmatched_sim.engine.state"] == "stale"
    assert got["unmatched_sim.engine.game"] == "compiled"     # (its .pxd cimports nothing here)
