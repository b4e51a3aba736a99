"""Shared set-up of the co-op scenario tests: a game set up and stopped before its first round."""

from __future__ import annotations

from unmatched_sim.coop import data
from unmatched_sim.coop import game as cg


def stop_after_setup(g: cg.CoopGame) -> cg.CoopGame:
    """Run ``g``'s co-op setup (minions and sidekicks placed on the first space offered, the
    objective's own setup), then drop the round it scheduled: each test drives what it checks."""
    g.push_one((cg._coop_setup, ()))
    g.run()
    while g.pending is not None and g.pending.kind in ("minion_start", "sidekick_start"):
        g.answer(g.pending.options[0])
    g.pending = None
    g.stack.clear()
    return g


def example_game_on(board, heroes: tuple, seed: int = 0) -> cg.CoopGame:
    """The example villain and one of its minions per hero (definitions) on ``board``, set up and
    stopped, every fighter off the board."""
    v = data.find("example_villain", "villain")
    ms = tuple(data.find(v.minions[i % len(v.minions)], "minion") for i in range(len(heroes)))
    g = stop_after_setup(cg.CoopGame(board, tuple(heroes), v, ms, (), seed))
    for f in g.fighters:
        if f.on_board:
            g._remove_from_board(f.idx)
    return g
