"""Peak memory and time of planning an N-game run, as a run dispatches it: every game made chunk
by chunk (``run.plan_range``), nothing played. ``--eager`` builds the whole list at once (the
alternative to lazy planning), for comparison. Run under ``/usr/bin/time -v`` or read the printed
peak RSS of this process.

    python scripts/plan_memory.py --games 1000000
    python scripts/plan_memory.py --games 1000000 --eager
"""

from __future__ import annotations

import argparse
import resource
import time

from unmatched_sim.run import RunSpec, chunk_count, chunk_size, plan, plan_range


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000, help="games in the run (one pairing)")
    ap.add_argument("--eager", action="store_true", help="build the whole plan as one list")
    args = ap.parse_args()
    spec = RunSpec(pairings=(("houdini", "genie"),), games=args.games, seed=1, board="marmoreal",
                   policy_a="random", policy_b="random")
    started = time.perf_counter()
    size = chunk_size(spec.total_games)
    n = 0
    first = None
    if args.eager:
        games = plan(spec)
        n = len(games)
    else:
        for i in range(chunk_count(spec.total_games, size)):
            chunk = list(plan_range(spec, i * size, (i + 1) * size))
            if first is None:
                first = time.perf_counter() - started
            n += len(chunk)
    took = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{n:,} games planned in {took:.1f} s ({'eager list' if args.eager else f'{size}-game chunks, first after {first * 1000:.1f} ms'}); "
          f"peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main()
