"""The engine's lists kept with room and its kept walks give the same
games: an event log made with room ahead records what one grown by appends records, past its
room too; the step stack runs the last pushed step first however far it grew and shrank; a
kept reach is a copy of its own, goes when a fighter's space changes (a move, a placement, a
defeat, a conveyor's ``shift``: each a new ``occupant`` tuple) and agrees with a fresh
walk at every decision of a game; ``new_ctx`` makes the named tuple ``Ctx`` would; an effect
with no condition, "may" or ransom is marked plain (run as it starts) and no other is."""

from __future__ import annotations

import random
import sys

import pytest

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.effects import parse_effects
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import Ctx, new_ctx

EVENT_ROOM = 4096      # the values a game's event log has room for at its start (game._EVENT_ROOM)


def _game(heroes=("houdini", "genie"), seed=3, start=True) -> Game:
    g = Game(find_board("marmoreal"), tuple(find_hero(h) for h in heroes), seed=seed)
    if start:
        g.start()
    return g


def _play(g: Game, seed: int, limit: int = 10_000) -> None:
    rng = random.Random(seed)
    n = 0
    while g.pending is not None and n < limit:
        g.answer(rng.choice(g.pending.options))
        n += 1


def test_an_event_log_with_room_records_what_one_grown_by_appends_records():
    for seed in range(1, 6):
        roomy = _game(seed=seed, start=False)
        grown = _game(seed=seed, start=False)
        grown.raw_events = []          # no room made: every value appended
        roomy.start()
        grown.start()
        _play(roomy, seed)
        _play(grown, seed)
        assert roomy.raw_events == grown.raw_events
        assert roomy.events == grown.events
        if len(roomy.raw_events) > EVENT_ROOM:
            break                      # the log ran past its room: both ways were taken
    else:
        raise AssertionError("no game logged past the event log's room")


def test_the_step_stack_runs_the_last_pushed_step_first_after_growing_and_shrinking():
    g = _game(start=False)
    ran = []

    def step(game, k):
        ran.append(k)

    g.push_steps(tuple((step, (k,)) for k in range(40)))
    g.run()
    assert ran == list(range(40)) and g.stack == []
    ran.clear()
    g.push_one((step, ("last",)))
    g.push(*((step, (k,)) for k in range(3)))
    g.run()
    assert ran == [0, 1, 2, "last"] and g.stack == []


def _fresh_reach(g: Game, fi: int, steps: int) -> list[int]:
    f = g.fighters[fi]
    return g._spread(fi, f.space, steps, False) if f.on_board else []


def test_a_kept_reach_is_a_list_of_its_own():
    g = _game()
    fi = g.on_board(0)[0]
    first = g.reachable(fi, 3)
    first.append(-5)
    again = g.reachable(fi, 3)
    assert -5 not in again and again == _fresh_reach(g, fi, 3)


def _mover_and_a_space_it_reaches(g: Game) -> tuple[int, int, int]:
    """Seat 0's first fighter (its reach now kept), seat 1's, and a space the first reaches."""
    mover, other = g.on_board(0)[0], g.on_board(1)[0]
    target = next(s for s in g.reachable(mover, 4) if s != g.fighters[mover].space)
    return mover, other, target


def test_a_kept_reach_goes_when_a_fighter_moves_is_placed_or_leaves_the_board():
    g = _game()
    mover, other, target = _mover_and_a_space_it_reaches(g)
    # another fighter steps into a space the mover could reach: it is no longer reachable
    g.move_to(other, target)
    after = g.reachable(mover, 4)
    assert target not in after and after == _fresh_reach(g, mover, 4)
    # placed back elsewhere, then removed from the board
    free = next(s for s in g.empty_spaces() if s not in after)
    g.place(other, free)
    assert g.reachable(mover, 4) == _fresh_reach(g, mover, 4)
    g._remove_from_board(other)
    assert g.reachable(mover, 4) == _fresh_reach(g, mover, 4)


def test_occupant_is_written_only_by_the_game_and_a_shift_drops_the_kept_walks():
    g = _game()
    mover, other, target = _mover_and_a_space_it_reaches(g)
    with pytest.raises(TypeError):
        g.occupant[target] = other     # a tuple: nobody writes it in place
    version = g.state_version()
    g.shift(other, target)             # as a conveyor belt shifts a fighter, nothing logged
    assert g.state_version() > version
    assert g.occupant[target] == other and g.fighters[other].space == target
    assert target not in g.reachable(mover, 4)
    assert g.reachable(mover, 4) == _fresh_reach(g, mover, 4)


def test_every_kept_reach_agrees_with_a_fresh_walk_at_every_decision():
    g = _game(seed=5)
    assert not g._hold_rule and not g._pass_rule and not g.lasting
    rng = random.Random(5)
    checked = 0
    while g.pending is not None:
        for fi in range(len(g.fighters)):
            for steps in (0, 1, 2, 3, 5, 60):
                assert g.reachable(fi, steps) == _fresh_reach(g, fi, steps)
                checked += 1
        g.answer(rng.choice(g.pending.options))
    assert g.over and checked > 1000


def test_new_ctx_makes_the_named_tuple_with_its_defaults():
    made = new_ctx(0, 12, 1, 2)
    assert type(made) is Ctx and made == Ctx(0, 12, 1, 2)
    assert (made.opponent, made.uncancelable) == (-1, False)
    assert made._replace(card=3) == Ctx(0, 3, 1, 2) and hash(made) == hash(Ctx(0, 12, 1, 2))


def test_only_an_effect_with_no_condition_may_or_ransom_is_plain():
    ops = parse_effects([{"op": "draw"},
                         {"op": "draw", "if": "won"},
                         {"op": "draw", "may": True},
                         {"op": "draw", "unless_paid": 1},
                         {"op": "damage", "target": "opposing_combatant", "amount": 1}],
                        frozenset(), "test")
    assert [op.plain for op in ops] == [True, False, False, False, True]


def test_each_game_and_each_clone_walks_with_a_scratch_of_its_own():
    """A dask cluster may play games in threads: a walk's marks must not be another game's."""
    g = _game()
    c = g.clone()
    assert g._walk_seen is not c._walk_seen and g._walk_queue is not c._walk_queue
    assert len(g._walk_seen) == g.board.size and len(g._walk_queue) == 2 * g.board.size


def test_games_walking_in_threads_find_what_they_find_alone():
    import threading

    def walks(seed: int) -> list:
        g = _game(seed=seed)
        out = []
        rng = random.Random(seed)
        for _ in range(300):
            if g.pending is None:
                break
            for fi in range(len(g.fighters)):
                out.append(tuple(g._spread(fi, g.fighters[fi].space, 1 + fi % 4, False))
                           if g.fighters[fi].on_board else None)
            g.answer(rng.choice(g.pending.options))
        return out

    alone = {seed: walks(seed) for seed in (1, 2, 3, 4)}
    got = {}
    threads = [threading.Thread(target=lambda s=seed: got.__setitem__(s, walks(s))) for seed in alone]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)       # threads take turns as often as they can (pure Python)
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    assert got == alone
