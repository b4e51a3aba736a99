"""The search keeps the subtree of its choice for its next decision of the same turn: only
when that subtree can stand for the decision, its playouts counted towards the budget, and the
same seed still giving the same choices."""

from __future__ import annotations

import random

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.search import Node

BOARD = find_board("marmoreal")
SPEC = "ismcts:iterations=40,horizon=1,early=false"   # every budget played out


def _game(seed: int = 5) -> Game:
    return Game(BOARD, (find_hero("houdini"), find_hero("genie")), seed=seed, record=False).start()


def _play_turn(seed: int, spec: str = SPEC):
    """The first two turns, seat 0 played by the search (seat 1 by greedy): the search's
    statistics after each of its decisions, and the choices."""
    g = _game(seed)
    search = make_policy(spec, random.Random(seed))
    other = make_policy("greedy", random.Random(1))
    views = [PlayerView(g, 0), PlayerView(g, 1)]
    steps = []
    while g.pending is not None and g.turn <= 2:
        d = g.pending
        if d.player == 0:
            before = (search.iterations_done, search.iterations_kept)
            choice = search.choose(views[0], d)
            if d.kind not in search.DELEGATED:
                    steps.append((d.kind, choice, search.iterations_done - before[0],
                              search.iterations_kept - before[1]))
        else:
            choice = other.choose(views[1], d)
        g.answer(choice)
    return steps


def test_a_kept_subtree_counts_towards_the_budget():
    steps = [s for seed in (5, 6, 7) for s in _play_turn(seed)]
    kept = [s for s in steps if s[3]]
    assert kept, "no decision of a first turn kept the tree of the one before"
    for kind, choice, played, carried in steps:
        assert played + carried >= 40 or played == 10      # the budget, or its fresh share (0.25)
        assert played >= 10


def test_without_reuse_every_decision_searches_its_whole_budget():
    for kind, choice, played, carried in _play_turn(5, SPEC + ",reuse=false"):
        assert (played, carried) == (40, 0)


def test_the_same_seed_gives_the_same_choices():
    assert _play_turn(6) == _play_turn(6)


def test_a_subtree_is_kept_only_for_the_same_game_turn_and_decision_kind():
    g = _game()
    search = make_policy(SPEC, random.Random(3))
    view = PlayerView(g, 0)
    d = g.pending
    node = Node(0)
    node.children[(0, d.kind, d.options[0])] = Node(0)
    search._kept = (node, view, view.turn)
    assert search._kept_root(view, d) is node
    assert search._kept_root(PlayerView(g, 0), d) is None          # another view: another game
    search._kept = (node, view, view.turn + 1)
    assert search._kept_root(view, d) is None                       # another turn
    search._kept = (node, view, view.turn)
    node.children[(1, d.kind, d.options[0])] = Node(1)               # some world: a foe's choice first
    assert search._kept_root(view, d) is None
    search._kept = (Node(0), view, view.turn)                        # nothing played below it
    assert search._kept_root(view, d) is None


def test_fresh_must_be_a_share_of_the_budget():
    import pytest

    from unmatched_sim.errors import UserError
    for bad in ("0", "1.5", "-0.1"):
        with pytest.raises(UserError, match="fresh"):
            make_policy(f"ismcts:fresh={bad}", random.Random(0))


def test_stopping_early_gives_the_answer_of_the_whole_budget():
    """The search stops once the iterations left cannot change its answer: the same answer as
    the whole budget's, from fewer iterations."""
    g = _game(8)
    pols = [make_policy("greedy", random.Random(s)) for s in (0, 1)]
    saved = compared = 0
    while g.pending is not None and compared < 25:
        d = g.pending
        if len(d.options) > 1 and d.kind not in ("move_order", "effect_move_order", "sidekick_start"):
            view = PlayerView(g, d.player)
            answers = []
            for early in (True, False):
                p = make_policy(f"ismcts:iterations=30,horizon=1,rollout=greedy,early={early}", random.Random(4))
                answers.append(p.choose(view, d))
                if early:
                    saved += 30 - p.iterations_done
            assert answers[0] == answers[1], d
            compared += 1
        g.answer(pols[d.player].choose(PlayerView(g, d.player), d))
    assert saved > 0
