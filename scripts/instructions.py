"""Instructions per game, counted by valgrind: an A/B measure of speed work that load on the
machine does not disturb (CPU time moves by ±4% run to run on a busy 2-core machine; this count
moves by about 0.2% for the same games: string hashing is seeded per process).

    python scripts/instructions.py --policy tuned --games 20                  # Houdini vs the Genie
    python scripts/instructions.py --policy tuned --games 12 --heroes pandora loki
    python scripts/instructions.py --policy greedy --games 100 --pure         # pure Python

It plays the games in one process under ``valgrind --tool=cachegrind`` and subtracts a run that
plays none (start-up and imports). Instructions are a proxy, not time: the compiled build runs
about 1.5 times faster than pure Python on only ~15% fewer instructions. Compare two versions
of the code with the same arguments; the count is about 50 times slower than a normal run.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def play(policy: str, games: int, heroes: list[str], board: str) -> None:
    """The measured work: ``games`` games of the engine with every event recorded."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from bench import _spec
    from unmatched_sim.run import plan, play_game

    spec, hs, b = _spec(heroes, board, policy, policy, max(games, 1), "duel")
    if games == 0:
        return
    for g in plan(spec):
        play_game(g, hs, b, policy, policy)


def count(policy: str, games: int, heroes: list[str], board: str, pure: bool) -> int:
    env = dict(os.environ)
    if pure:
        env["UNMATCHED_SIM_PURE"] = "1"
    code = (f"import sys; sys.path.insert(0, {str(ROOT / 'scripts')!r}); import instructions; "
            f"instructions.play({policy!r}, {games}, {heroes!r}, {board!r})")
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if out.returncode != 0 or m is None:
        own = [line for line in out.stderr.splitlines() if line.strip() and not line.startswith("==")]
        sys.exit(f"error: the measured run failed: {own[-1] if own else out.returncode}")
    return int(m.group(1).replace(",", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--policy", default="tuned")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--heroes", nargs=2, default=["houdini", "genie"])
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--pure", action="store_true", help="force pure Python (UNMATCHED_SIM_PURE=1)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("error: valgrind is not installed (apt-get install -y valgrind)")
    import random

    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.errors import UserError
    from unmatched_sim.policies import make_policy
    try:                      # bad names answered here, in one line, not from inside valgrind
        for h in args.heroes:
            find_hero(h)
        find_board(args.board)
        make_policy(args.policy, random.Random(0))
    except UserError as e:
        sys.exit(f"error: {e}")
    if args.games < 1:
        sys.exit("error: --games must be at least 1")
    start = time.perf_counter()
    total = count(args.policy, args.games, args.heroes, args.board, args.pure)
    base = count(args.policy, 0, args.heroes, args.board, args.pure)
    per_game = (total - base) / args.games
    build = "pure" if args.pure else "as installed"
    print(f"{args.heroes[0]}-{args.heroes[1]} {args.policy}, {args.games} games ({build}): "
          f"{per_game / 1e6:.2f} M instructions per game ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
