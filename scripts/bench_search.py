"""The search's cost per game (a measurement, not a test): seconds of CPU per game, decisions
searched, iterations played and kept from the decision before, and a digest of the choices
made (the same digest means the same games).

    python scripts/bench_search.py                                   # ismcts:iterations=100, 4 games
    python scripts/bench_search.py --policy ismcts:iterations=100 --games 6 --heroes pandora loki
    python scripts/bench_search.py --profile                         # cProfile: where the time goes

Both seats play ``--policy`` (games seeded as ``scripts/bench.py`` seeds them). CPU time moves
with other load on the machine; for an A/B comparison count instructions instead:
``python scripts/instructions.py --policy ismcts:iterations=100 --games 2``.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="ismcts:iterations=100")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--heroes", nargs=2, default=["houdini", "genie"])
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of the games")
    args = ap.parse_args()

    from bench import _spec
    from unmatched_sim import _build
    from unmatched_sim.run import play as runner
    from unmatched_sim.run import plan, play_game

    made = []       # the games' policies, for their search statistics
    make_policy = runner.make_policy

    def made_policy(spec, rng):
        made.append(make_policy(spec, rng))
        return made[-1]

    runner.make_policy = made_policy

    spec, hs, b = _spec(args.heroes, args.board, args.policy, args.policy, args.games, "duel")
    digest = hashlib.sha256()
    decisions = 0

    def on_decision(game, decision, choice):
        nonlocal decisions
        decisions += 1
        digest.update(repr((decision.player, decision.kind, choice)).encode())

    def run():
        for g in plan(spec):
            play_game(g, hs, b, args.policy, args.policy, record=False, on_decision=on_decision)

    cpu = time.process_time()
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(run)
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
    else:
        run()
    cpu = time.process_time() - cpu
    searched = sum(getattr(p, "decisions", 0) for p in made) / args.games
    played = sum(getattr(p, "iterations_done", 0) for p in made) / args.games
    kept = sum(getattr(p, "iterations_kept", 0) for p in made) / args.games
    print(f"{args.heroes[0]}-{args.heroes[1]} {args.policy} ({_build.kind()}): {args.games} games, "
          f"{cpu / args.games:.2f} s CPU per game; per game {decisions / args.games:.0f} decisions, "
          f"{searched:.0f} searched, {played:.0f} iterations played and {kept:.0f} kept; "
          f"choices digest {digest.hexdigest()[:12]}")


if __name__ == "__main__":
    main()
