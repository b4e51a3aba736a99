"""Games per second of one `sim matchup` on this machine's cores (joblib, --jobs W) against the
same run on a dask.distributed LocalCluster of W single-threaded worker processes
(--backend dask). Both write their run directory; the games must be byte-identical.

    python scripts/bench_cluster.py --games 4000 --workers 2 --policy greedy
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIM = [sys.executable, "-c", "from unmatched_sim.cli import main; main()"]


def digest(run: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(run.rglob("*.parquet")):
        h.update(p.relative_to(run).as_posix().encode() + p.read_bytes())
    return h.hexdigest()[:16]


def timed(args: list[str], cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run(SIM + args, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--policy", default="greedy")
    args = ap.parse_args()
    from distributed import LocalCluster

    run = ["matchup", "houdini", "genie", "-n", str(args.games), "--policy", args.policy, "--no-progress"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        local = timed(run + ["-j", str(args.workers), "--out", "local"], tmp)
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            dask = timed(run + ["--backend", "dask", "--scheduler", cluster.scheduler_address, "--out", "dask"], tmp)
        same = digest(tmp / "local") == digest(tmp / "dask")
    print(f"{args.games} {args.policy} games, {args.workers} workers: joblib local {local:.1f} s "
          f"({args.games / local:.0f} games/s), dask LocalCluster {dask:.1f} s ({args.games / dask:.0f} games/s) "
          f"(wall time of the whole command, start-up included); Parquet files identical: {same}")


if __name__ == "__main__":
    main()
