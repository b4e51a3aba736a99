"""The definitions compiled as typed records (model.py in ``_build.SOURCES``, ``model.pxd``)
behave as the frozen dataclasses they are in pure Python: equal, hashed, replaced, pickled and
refused changes alike, with the same repr and the same derived facts. Each check runs in this
process (the installed build: compiled where the machine could compile) and again in a
subprocess forced to pure Python, and the two answers must be equal."""

import copy
import dataclasses
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from unmatched_sim import _build
from unmatched_sim.data.catalog import find_board, find_hero

ROOT = Path(__file__).resolve().parents[1]


def _behaviour() -> dict:
    """What the rest of the code relies on, as plain JSON values (also run in the subprocess)."""
    from unmatched_sim.data.catalog import find_hero as find
    from unmatched_sim.model import CardDef as C, FighterDef as F

    hero = find("houdini")
    out = {}
    # (joblib workers get pickled definitions: the cards they pickle, as test_typed_records
    # does, and the fighters; some effects hold local functions that do not pickle in either)
    pickled = (hero.cards[0], hero.hero) + hero.sidekicks
    for d in hero.cards + (hero.hero,) + hero.sidekicks:
        twin = dataclasses.replace(d)
        try:
            hashed = hash(d) == hash(twin)
        except TypeError:        # a card holds its effects in a dict: no hash, as before
            hashed = None
        try:
            d.name = "changed"
            refused = False
        except AttributeError:   # (a frozen dataclass's FrozenInstanceError is one)
            refused = True
        out[d.name] = {
            # (a pickled card's effects are new Op objects, equal only by identity: as before)
            "repr": repr(d), "equal": twin == d,
            "pickled": repr(pickle.loads(pickle.dumps(d))) == repr(d) if d in pickled else None,
            "copied": repr(copy.copy(d)) == repr(d),
            "hashed": hashed, "refused": refused, "unchanged": d.name != "changed",
            "fields": [f.name for f in dataclasses.fields(d)],
            "facts": [getattr(d, k) for k in ("can_attack", "can_defend", "boost_value")]
            if isinstance(d, C) else None,
        }
    scheme = C("S", "scheme", None, None, 1, None)
    out["scheme"] = [scheme.can_attack, scheme.can_defend, scheme.boost_value, scheme.usable_by("x")]
    versatile = C("V", "versatile", 3, 2, 1, frozenset({"a"}))
    out["versatile"] = [versatile.can_attack, versatile.can_defend, versatile.boost_value,
                        versatile.usable_by("a"), versatile.usable_by("b")]
    f = F("Bess", 6, False, False)
    out["fighter"] = [repr(dataclasses.replace(f, health=3)), f == F("Bess", 6, False, False),
                      f != F("Bess", 5, False, False), {f: 1}.get(F("Bess", 6, False, False))]
    return out


def test_a_definition_behaves_alike_compiled_and_pure():
    # the same function, in a process that runs every module as pure Python
    pure = json.loads(subprocess.check_output(
        [sys.executable, "-c", "import json, sys; sys.path.insert(0, '.');"
         "import unmatched_sim.model as m; from tests.test_defs_records import _behaviour;"
         "print(json.dumps([m.__file__, _behaviour()]))"],
        cwd=ROOT, env={**os.environ, _build.PURE_ENV: "1"}, text=True))
    assert pure[0].endswith("model.py")
    assert json.loads(json.dumps(_behaviour())) == pure[1]


def test_a_cards_memo_is_kept_out_of_equality_and_starts_empty_in_a_copy():
    d = find_hero("genie").cards[0]
    d.ai_memo.append("worked out")
    try:
        fresh = dataclasses.replace(d)
        assert fresh == d and fresh.ai_memo == [] and repr(fresh) == repr(d)
        back = pickle.loads(pickle.dumps(d))
        assert repr(back) == repr(d) and back.ai_memo == d.ai_memo
    finally:
        del d.ai_memo[-1]


def test_a_definition_takes_no_new_attribute_and_keeps_its_facts():
    d = find_hero("genie").cards[0]
    for name, value in (("can_attack", not d.can_attack), ("ai_memo", []), ("extra", 1)):
        with pytest.raises(AttributeError):
            setattr(d, name, value)
    assert d.can_attack == (d.type in ("attack", "versatile"))


def test_the_definitions_are_compiled_with_the_engine():
    """model.py is compiled with the modules that cimport its records (the fighters' ``defn``
    is a ``FighterDef`` there): listed in the build, and its pxd named as their dependency."""
    assert "unmatched_sim/model.py" in _build.SOURCES
    assert "unmatched_sim.model" in _build.cimports(ROOT / "unmatched_sim/engine/state.py")
    assert "unmatched_sim.model" in _build.cimports(ROOT / "unmatched_sim/engine/piles.py")
    if _build.kind() == "compiled":
        assert _build.loaded_from("unmatched_sim.model").endswith(".so")


def test_the_games_card_lists_are_its_cards_and_shared_by_its_line_up():
    """``card_defs`` and ``card_owners`` (what ``card``, ``owner`` and the views read) are the
    cards' definitions and owners, kept once per line-up like the cards themselves."""
    from unmatched_sim.engine.game import Game
    from unmatched_sim.engine.view import PlayerView

    heroes = (find_hero("houdini"), find_hero("genie"))
    board = find_board("marmoreal")
    g, other = Game(board, heroes, seed=1), Game(board, heroes, seed=2)
    assert g.card_defs == [c.defn for c in g.cards] and g.card_owners == [c.owner for c in g.cards]
    assert g.card_defs is other.card_defs and g.card_owners is other.card_owners
    assert g.clone().card_defs is g.card_defs
    v = PlayerView(g, 1)
    assert all(v.card(c) is g.card(c) is g.cards[c].defn for c in range(len(g.cards)))
    assert all(v.card_owner(c) == g.owner(c) == g.cards[c].owner for c in range(len(g.cards)))
    assert (g._adjacent, g._zone_mask, g._move_edges) == (board.adjacent, board.zone_mask, board.move_edges)


def test_a_move_value_skips_only_abilities_that_keep_the_printed_move():
    """``move_value`` answers from the hero's printed move where the seat's ability does not
    override ``Ability.move_value`` (``_fixed_move``), and asks the ability where it does."""
    from unmatched_sim.engine.game import Game
    from unmatched_sim.hooks import Ability

    g = Game(find_board("marmoreal"), (find_hero("loki"), find_hero("houdini")), seed=3)
    for seat, p in enumerate(g.players):
        overridden = type(p.ability).move_value is not Ability.move_value
        assert (g._fixed_move[seat] is None) == overridden
        assert g.move_value(seat) == p.ability.move_value(g, seat, p.hero.move)
    assert g._fixed_move[1] == find_hero("houdini").move and g.clone()._fixed_move == g._fixed_move


def test_push_steps_and_push_one_schedule_as_push_does():
    from unmatched_sim.engine.game import Game

    g = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=1)
    a, b, c = (print, (1,)), (print, (2,)), (print, (3,))
    g.stack = []
    g.push(a, b)
    g.push(c)
    by_push = g.stack
    g.stack = []
    g.push_steps((a, b))
    g.push_one(c)
    assert g.stack == by_push == [b, a, c]


def test_the_engine_calls_an_own_hook_only_where_the_ability_overrides_it():
    """``Game.handlers`` lists, per hook point of ``ability.HOOKS``, the seats whose ability class
    overrides it (Loki's TRICKs go elsewhere after play: ``after_card_played``); the engine
    skips the call of Ability's do-nothing default for the others."""
    from unmatched_sim.engine.ability import HOOKS
    from unmatched_sim.engine.game import Game
    from unmatched_sim.hooks import Ability

    for heroes in (("loki", "houdini"), ("genie", "pandora")):
        g = Game(find_board("marmoreal"), tuple(find_hero(h) for h in heroes), seed=1)
        for h in HOOKS:
            assert g.handlers[h.key] == tuple(s for s, p in enumerate(g.players)
                                              if getattr(type(p.ability), h.method) is not getattr(Ability, h.method))
    assert 0 in Game(find_board("marmoreal"), (find_hero("loki"), find_hero("houdini")),
                     seed=1).handlers["after_card_played"]
