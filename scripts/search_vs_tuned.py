"""The search against ``tuned`` on paired deals, in-process (a measurement, not a test).

    python scripts/search_vs_tuned.py --part 0 & python scripts/search_vs_tuned.py --part 1   # two cores
    python scripts/search_vs_tuned.py --search ismcts:iterations=100 \
        --baseline ismcts:iterations=100,reuse=false,early=false,horizon=2   # search vs search

Every ordered pair of the heroes (mirrors included; the pair's two orders give both seatings),
``--seeds`` seeds each, each policy on each side; ``--part`` k of ``--parts`` plays every parts-th hero pair (run the parts in
parallel and add up their lines). An engine error in one game is printed and the game skipped.
Each part prints its wins, draws and games and the 95% interval of its win rate (Wilson, the
draws counted as half a win); pool the parts' counts for the whole sample's.
"""

import argparse
import math
import time
import traceback

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.run import GameSpec, game_seed, play_game

ap = argparse.ArgumentParser()
ap.add_argument("--search", default="ismcts:iterations=100")
ap.add_argument("--baseline", default="tuned")
ap.add_argument("--heroes", default="blackbeard,chupacabra,genie,houdini,loki,pandora")
ap.add_argument("--seeds", type=int, default=2)
ap.add_argument("--seed", type=int, default=22)
ap.add_argument("--part", type=int, default=0)
ap.add_argument("--parts", type=int, default=2)
args = ap.parse_args()
heroes = args.heroes.split(",")
H = {h: find_hero(h) for h in heroes}
board = find_board("marmoreal")
pairs = [(a, b) for a in heroes for b in heroes]
wins = draws = games = errors = 0
t = time.time()
for k, (a, b) in enumerate(pairs):
    if k % args.parts != args.part:
        continue
    for i in range(args.seeds):           # seed i: hero a first when i is even (both orders overall)
        for pa, pb in ((args.search, args.baseline), (args.baseline, args.search)):
            g = GameSpec(0, i, game_seed(args.seed, a, b, i), a, b, a_first=(i % 2 == 0))
            try:
                _, row = play_game(g, H, board, pa, pb, record=False)
            except Exception:
                errors += 1
                print("ERROR", a, b, i, pa, pb, flush=True)
                traceback.print_exc()
                continue
            games += 1
            wins += row["winner"] == ("a" if pa == args.search else "b")
            draws += row["winner"] is None


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a rate observed as ``score`` successes in ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


low, high = wilson(wins + draws / 2, games)
print(f"part {args.part}: {args.search} won {wins}/{games} against {args.baseline} ({draws} draws; "
      f"win rate {(wins + draws / 2) / max(games, 1):.3f}, 95% {low:.3f}-{high:.3f}), errors {errors}, "
      f"{time.time() - t:.0f} s, {time.process_time():.0f} s CPU", flush=True)
