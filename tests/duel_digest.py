"""Digests of duel games: the engine's own event tuples for fixed seeds, hero pairs and policies.

Used by ``test_duel_regression.py`` to pin duels to what they produced before the engine learned
free-for-all and team play. Only the event fields that existed then are hashed (turn, seat of
the event, kind, fighter, card, target, amount, value, health, space, detail), so columns added
since (who caused a damage) do not change a digest.
"""

from __future__ import annotations

import hashlib

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.run import GameSpec, play_game

PAIRS = [("houdini", "genie"), ("blackbeard", "pandora"), ("loki", "chupacabra"),
         ("pandora", "loki"), ("genie", "blackbeard"), ("chupacabra", "houdini")]
POLICIES = ["random", "greedy", "tuned"]
SEEDS = [11, 12, 13]


def cases():
    for a, b in PAIRS:
        for policy in POLICIES:
            for seed in SEEDS:
                yield a, b, policy, seed


def digest(a: str, b: str, policy: str, seed: int, board: str = "marmoreal") -> str:
    heroes = {a: find_hero(a), b: find_hero(b)}
    spec = GameSpec(0, 0, seed, a, b, a_first=(seed % 2 == 1))
    game, row = play_game(spec, heroes, find_board(board), policy, policy)
    h = hashlib.sha256()
    for ev in game.events:
        h.update(repr(tuple(ev[:11])).encode())
    h.update(repr((row["winner"], row["turns"], row["end_reason"])).encode())
    return h.hexdigest()[:16]
