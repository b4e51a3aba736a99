"""Shared by the Battle of Legends, Volume One hero tests: play one whole game in any format
with the random policy, every player's view built, and return the finished game."""

from __future__ import annotations

import random

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.random_policy import RandomPolicy


def play_random(hero_ids, fmt, seed: int = 1, board: str = "marmoreal") -> Game:
    heroes = tuple(find_hero(h) for h in hero_ids)
    g = Game(find_board(board), heroes, seed=seed, fmt=fmt)
    views = [PlayerView(g, s) for s in range(len(heroes))]
    policies = [RandomPolicy(random.Random(f"bol1:{seed}:{s}")) for s in range(len(heroes))]
    g.start()
    for _ in range(200_000):
        d = g.pending
        if d is None:
            break
        g.answer(policies[d.player].choose(views[d.player], d))
    assert g.over, "the game stopped without ending"
    return g
