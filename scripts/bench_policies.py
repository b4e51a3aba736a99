"""Cost of the search machinery and of each policy's decisions (a benchmark, not a test).

    python scripts/bench_policies.py                         # every hero, default policies
    python scripts/bench_policies.py --games 4 --policies greedy heuristic "ismcts:iterations=100"

Measures, on one core:
  * ``Game.clone()`` and ``determinize()`` in microseconds, over positions taken from real games
    of every hero pairing;
  * each policy's cost per decision: the time spent in its ``choose`` (only decisions with a real
    choice reach a policy), playing every hero against greedy from both seats.

Numbers depend on the machine; docs/policies.md records one run with the command used.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.engine.determinize import determinize
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy


def positions(ids, board, per_pairing=60):
    out = []
    for i, a in enumerate(ids):
        for b in ids[i:]:
            g = Game(board, (find_hero(a), find_hero(b)), seed=f"bench{i}{b}", record=False).start()
            pols = [make_policy("greedy", random.Random(1)), make_policy("greedy", random.Random(2))]
            k = 0
            while g.pending is not None and k < per_pairing * 3:
                if k % 3 == 0:
                    out.append(g.clone())
                g.answer(pols[g.pending.player].choose(PlayerView(g, g.pending.player), g.pending))
                k += 1
    return out


def time_clones(snaps, reps=5):
    t = time.perf_counter()
    for _ in range(reps):
        for g in snaps:
            g.clone()
    clone_us = (time.perf_counter() - t) / (reps * len(snaps)) * 1e6
    rng = random.Random(0)
    t = time.perf_counter()
    for _ in range(reps):
        for g in snaps:
            determinize(g, g.pending.player, rng)
    det_us = (time.perf_counter() - t) / (reps * len(snaps)) * 1e6
    return clone_us, det_us


def decision_cost(spec, ids, board, games_per_hero):
    """Mean and median µs per decision of ``spec`` playing every hero against greedy."""
    times = []
    seed = 0
    for hero in ids:
        for k in range(games_per_hero):
            opp = ids[(ids.index(hero) + k + 1) % len(ids)]
            mine = k % 2
            heroes = (find_hero(hero), find_hero(opp)) if mine == 0 else (find_hero(opp), find_hero(hero))
            seed += 1
            g = Game(board, heroes, seed=seed, record=False).start()
            pols = [None, None]
            pols[mine] = make_policy(spec, random.Random(f"{seed}:me"))
            pols[1 - mine] = make_policy("greedy", random.Random(f"{seed}:opp"))
            views = (PlayerView(g, 0), PlayerView(g, 1))
            while g.pending is not None:
                d = g.pending
                if d.player == mine:
                    t = time.perf_counter()
                    choice = pols[mine].choose(views[mine], d)
                    times.append(time.perf_counter() - t)
                else:
                    choice = pols[d.player].choose(views[d.player], d)
                g.answer(choice)
    return statistics.mean(times) * 1e6, statistics.median(times) * 1e6, len(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heroes", nargs="*", default=None)
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--games", type=int, default=4, help="games per hero per policy")
    ap.add_argument("--policies", nargs="*",
                    default=["random", "greedy", "heuristic", "aggressive", "careful",
                             "ismcts:iterations=50", "ismcts"])
    args = ap.parse_args()
    ids = args.heroes or hero_ids()
    board = find_board(args.board)
    print(f"python {platform.python_version()} on {platform.machine()}; heroes: {', '.join(ids)}; "
          f"board {board.id}")
    snaps = positions(ids, board)
    clone_us, det_us = time_clones(snaps)
    print(f"Game.clone(): {clone_us:.1f} µs   determinize(): {det_us:.1f} µs   ({len(snaps)} positions)")
    print("| policy | µs per decision (mean) | median | decisions timed |")
    print("|---|---:|---:|---:|")
    for spec in args.policies:
        games = args.games if "ismcts" not in spec else max(1, args.games // 2)
        mean, med, n = decision_cost(spec, ids, board, games)
        print(f"| `{spec}` | {mean:,.0f} | {med:,.0f} | {n} |", flush=True)


if __name__ == "__main__":
    main()
