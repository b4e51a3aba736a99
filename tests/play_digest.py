"""Digests of whole games for the speed work: every event field and the result, for fixed seeds,
over every hero, the main policies and all three formats.

``test_play_digests.py`` pins them (tests/data/play_digests.json). Optimisations (caches in the
policies, a compiled build) must leave every game exactly as it was; a deliberate change of play
(a rules fix, a new AI idea, a re-tuned style) regenerates the file with
``python scripts/regen_play_digests.py`` and says why in its commit.
"""

from __future__ import annotations

import hashlib

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.run import GameSpec, play_game

# Sixteen duels that between them seat every hero of the roster, each from both seats.
DUELS = [("houdini", "genie"), ("pandora", "loki"), ("blackbeard", "chupacabra"),
         ("sinbad", "medusa"), ("king_arthur", "alice"), ("hamlet", "shakespeare"),
         ("titania", "wayward_sisters"), ("golden_bat", "annie_christmas"),
         ("nikola_tesla", "dr_jill_trent"), ("robin_hood", "bigfoot"), ("sherlock_holmes", "dracula"),
         ("jekyll_and_hyde", "invisible_man"), ("little_red_riding_hood", "beowulf"),
         ("achilles", "bloody_mary"), ("sun_wukong", "yennenga"), ("bruce_lee", "medusa")]
DUEL_POLICIES = ["random", "greedy", "heuristic", "tuned", "tuned-v1"]
MULTI = [("ffa", ("houdini", "genie", "loki", "pandora")),
         ("ffa", ("medusa", "alice", "sinbad")),
         ("teams", ("blackbeard", "chupacabra", "king_arthur", "titania")),
         ("ffa", ("sun_wukong", "invisible_man", "yennenga", "achilles")),
         ("teams", ("robin_hood", "little_red_riding_hood", "bloody_mary", "jekyll_and_hyde"))]
MULTI_POLICIES = ["greedy", "tuned"]
SEEDS = [21, 22]


def cases():
    for a, b in DUELS:
        for policy in DUEL_POLICIES:
            for seed in SEEDS:
                yield "duel", (a, b), policy, seed
    for fmt, lineup in MULTI:
        for policy in MULTI_POLICIES:
            for seed in SEEDS:
                yield fmt, lineup, policy, seed


def key(fmt: str, lineup: tuple[str, ...], policy: str, seed: int) -> str:
    return f"{fmt}|{','.join(lineup)}|{policy}|{seed}"


def digest(fmt: str, lineup: tuple[str, ...], policy: str, seed: int, board: str = "marmoreal") -> str:
    heroes = {h: find_hero(h) for h in lineup}
    if fmt == "duel":
        spec = GameSpec(0, 0, seed, lineup[0], lineup[1], a_first=(seed % 2 == 1))
    else:
        spec = GameSpec(0, 0, seed, lineup[0], lineup[1], True, lineup=lineup,
                        rotation=seed % len(lineup), format=fmt)
    game, row = play_game(spec, heroes, find_board(board), policy, policy)
    h = hashlib.sha256()
    for ev in game.events:
        h.update(repr(tuple(ev)).encode())
    h.update(repr((row["winner"], row["turns"], row["end_reason"], row["decisions"],
                   row.get("places"), row.get("healths"))).encode())
    return h.hexdigest()[:16]
