"""The engine's typed records: ``Game`` and ``PlayerView`` are Python
subclasses of compiled ``cclass`` bases (``_GameCore``, ``_ViewCore``) whose fields the compiled
code reads in C, and a card keeps the AI's facts about it in its own memo. These check what the
change could break: a clone copies every field and attributes of its own, a view reads the
game's own lists, the multi-foe view is still chosen, a card's memo is no part of the card."""

from __future__ import annotations

import dataclasses
import pickle
import re
import sys
from pathlib import Path

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine import game as game_module
from unmatched_sim.engine.game import Game, _GameCore
from unmatched_sim.engine.view import DuelView, MultiPlayerView, PlayerView
from unmatched_sim.policies.card_facts import card_strength, keep_worth
from tests.scenario import greedy_midgame

BOARD = find_board("marmoreal")

# Every field a game has after set-up: the names _GameCore and its bases declare in their .pxd
# files (read from the files, so that a field added there is checked here too).
FIELDS = tuple(name for pxd in ("piles", "board_state", "combat", "game")
               for name in re.findall(r"^    cdef public \S+ (\w+)$",
                                      (Path(game_module.__file__).with_name(f"{pxd}.pxd")).read_text(), re.M))


def _played() -> Game:
    return greedy_midgame(seed=3, steps=25)


def test_the_field_list_is_read_from_the_declarations():
    assert len(FIELDS) > 40 and {"players", "fighters", "_rng_seed", "_attack_rule", "handlers"} <= set(FIELDS)


def test_the_game_is_one_chain_of_typed_layers_each_field_declared_once():
    """``_GameCore`` stands on ``_Combat``, ``_Board`` and ``_Piles`` (one module and .pxd each,
    all compiled with the rest), and no field is declared by two of them."""
    from unmatched_sim import _build
    from unmatched_sim.engine.board_state import _Board
    from unmatched_sim.engine.combat import _Combat
    from unmatched_sim.engine.piles import _Piles

    assert Game.__mro__[1:5] == (_GameCore, _Combat, _Board, _Piles)
    assert len(FIELDS) == len(set(FIELDS))
    for name in ("piles", "board_state", "combat", "steps", "game"):
        assert f"unmatched_sim/engine/{name}.py" in _build.SOURCES
        if _build.kind() == "compiled":
            assert not _build.loaded_from(f"unmatched_sim.engine.{name}").endswith(".py"), name


def test_a_game_is_a_typed_record_with_every_field_set():
    g = _played()
    assert isinstance(g, _GameCore)
    for name in FIELDS:
        getattr(g, name)          # set (a declared field never set would read as None: see below)
    assert g.players and g.fighters and g.cards and g.handlers is not None and g.team


def test_a_clone_copies_every_field_and_the_games_own_attributes():
    g = _played()
    g.custom_note = ("kept", 1)        # code outside may give a game attributes of its own
    c = g.clone()
    assert c.custom_note == ("kept", 1)
    for name in FIELDS:
        if name in ("raw_events", "_rng", "_rngs", "_rngs_shared", "extra_names", "combat", "stack"):
            continue       # not recorded by a clone; random streams copy-on-write; checked below
        a, b = getattr(g, name), getattr(c, name)
        if name == "fighters":
            a = [(f.idx, f.owner, f.health, f.space, f.alive, f.on_board) for f in a]
            b = [(f.idx, f.owner, f.health, f.space, f.alive, f.on_board) for f in b]
        elif name == "players":
            a = [(p.seat, p.hand, p.deck, p.discard, p.actions, p.res) for p in a]
            b = [(p.seat, p.hand, p.deck, p.discard, p.actions, p.res) for p in b]
        elif name == "_changes":
            assert a is not b       # (the clone's own version, from the same number)
            a, b = a.n, b.n
        assert a == b, name
    assert (g.combat is None) == (c.combat is None) and len(g.stack) == len(c.stack)
    # the position's containers are the clone's own
    for name in ("fighters", "players", "in_play", "stack", "defeat_cause", "out",
                 "out_turn", "places", "turns_taken", "turn_flags"):
        assert getattr(c, name) is not getattr(g, name), name
    assert c.turn_flags.version is c._changes and c.players[0].res.version is c._changes
    assert all(a is not b for a, b in zip(g.fighters, c.fighters))


def test_a_view_reads_the_games_own_lists_and_each_cards_definition():
    g = _played()
    v = PlayerView(g, 0)
    assert type(v) is DuelView and v.opp == 1       # a two-player game's compiled view
    assert v._players is g.players and v._fighters is g.fighters and v.occupancy() is g.occupant
    assert all(v.card(c) is g.cards[c].defn and v.card_owner(c) == g.cards[c].owner
               for c in range(len(g.cards)))
    assert v.occupancy() == tuple(g.occupant)
    for fi, f in enumerate(g.fighters):
        for s in range(BOARD.size):
            for t in range(BOARD.size):
                expect = t in BOARD.adjacent[s] or bool(f.defn.ranged and BOARD.same_zone(s, t))
                assert bool(v.can_hit_from(fi, s, t)) == expect


def test_several_foes_still_get_the_multi_foe_view():
    from unmatched_sim.engine.formats import make_format
    g = Game(BOARD, (find_hero("houdini"), find_hero("genie"), find_hero("pandora")), seed=2,
             fmt=make_format("ffa", 3)).start()
    v = PlayerView(g, 0)
    assert type(v) is MultiPlayerView and v.opp in (1, 2)


def test_a_cards_ai_memo_is_no_part_of_the_card():
    d = find_hero("houdini").cards[0]
    card_strength(d), keep_worth(d)        # the facts fill the card's memo
    assert d.ai_memo
    fresh = dataclasses.replace(d)         # the same card, its memo empty
    assert fresh.ai_memo == [] and fresh == d and repr(fresh) == repr(d)
    assert card_strength(fresh) == card_strength(d) and keep_worth(fresh) == keep_worth(d)
    back = pickle.loads(pickle.dumps(d))   # (joblib workers get pickled definitions)
    assert back.name == d.name and card_strength(back) == card_strength(d)


def test_a_duel_view_is_a_static_type_when_compiled():
    """A two-player game's view is DuelView itself, not a Python subclass of it: compiled, a
    static type, so its methods called from compiled code skip the check for a Python
    override."""
    g = _played()
    v = PlayerView(g, 0)
    assert type(v) is DuelView
    if sys.modules[DuelView.__module__].__file__.endswith((".so", ".pyd")):
        assert not type(v).__flags__ & (1 << 9)     # Py_TPFLAGS_HEAPTYPE: not a Python class


def test_the_heuristics_card_facts_and_greedys_keep_to_their_own_memo_slots():
    """The two policies share a card's memo: the heuristic's slots (fact * 2 + mine) end below
    greedy's first, so one policy's fact never reads as the other's."""
    import unmatched_sim.policies.greedy as greedy
    import unmatched_sim.policies.card_facts as card_facts

    facts = [v for k, v in vars(card_facts).items() if k.startswith("_F_")]
    assert len(facts) == len(set(facts)) and min(facts) == 0
    assert max(facts) * 2 + 1 < greedy._POWER_SLOT < greedy._SELF_DAMAGE_SLOT
    d = find_hero("genie").cards[0]
    d.ai_memo.clear()
    power, strength = greedy.card_power(d), card_strength(d)
    assert d.ai_memo[greedy._POWER_SLOT] == power and d.ai_memo[card_facts._F_STRENGTH * 2 + 1] == strength   # (mine)
    assert greedy.card_power(d) == power and card_strength(d) == strength     # read back, not mixed up
    # The memo's methods answer Python callers too (a policy module run as pure Python beside a
    # compiled model, as after an edit without a rebuild, calls them so).
    assert d.ai_fact(greedy._POWER_SLOT) == power and d.ai_fact(len(d.ai_memo) + 5) is None
