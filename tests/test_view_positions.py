"""``PlayerView.positions`` (each fighter's space) tells who stands where exactly as
``occupancy`` (each space's fighter) does: the threat map's cache key holds the shorter one."""

import random

import pytest

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy


def assert_positions_rebuild_the_occupancy(view):
    rebuilt = [-1] * view.board.size
    for fi, space in enumerate(view.positions()):
        if space >= 0:
            assert rebuilt[space] == -1          # one fighter a space
            rebuilt[space] = fi
    assert tuple(rebuilt) == view.occupancy()


@pytest.mark.parametrize("heroes", [("houdini", "genie"), ("pandora", "loki"), ("medusa", "sinbad"),
                                    ("wayward_sisters", "hamlet"), ("alice", "titania")])
def test_the_positions_rebuild_the_occupancy_at_every_decision(heroes):
    g = Game(find_board("marmoreal"), tuple(find_hero(h) for h in heroes), seed=5).start()
    pols = [make_policy("greedy", random.Random(1)), make_policy("greedy", random.Random(2))]
    decisions = 0
    while g.pending is not None and decisions < 400:
        view = PlayerView(g, g.pending.player)
        assert_positions_rebuild_the_occupancy(view)
        assert len(view.positions()) == len(g.fighters)
        g.answer(pols[g.pending.player].choose(view, g.pending))
        decisions += 1
    assert decisions > 20
