"""Throughput benchmark (not a test): games/s per core, events/s, decisions/s and peak memory.

    python scripts/bench.py                      # default: houdini vs genie, 2000 games per case
    python scripts/bench.py --games 500 --heroes pandora loki --write docs/benchmarks.md
    python scripts/bench.py --format ffa --heroes houdini genie loki pandora --games 400
    python scripts/bench.py --format teams --heroes houdini genie loki pandora --games 400
    python scripts/bench.py --roster --games 40 --write docs/roster-speed.md   # every pairing, tuned
    python scripts/bench.py --cases tuned --games 1000 --versus ../other --versus-games 300 --rounds 3
    python scripts/bench.py --cases tuned --games 1000 --versus . --versus-python /usr/bin/python3.11
    python scripts/bench.py --scaling --games 20000 --rounds 2    # `sim matchup` on 1 worker and on 2

``--roster`` plays every pairing of the roster (mirrors included, as ``sim tournament`` does)
on one core under the default policy and estimates the whole round robin at 1,000 games a
pairing from the per-pairing rates (CPU time, so other load on the machine barely matters).
Every figure says which build ran it (compiled or pure Python; ``UNMATCHED_SIM_PURE=1``).

``--versus DIR`` measures this checkout against another one (a git worktree of an older commit,
with its own build or none) at the same time, one core each, round after round: this machine's
speed drifts by a third within an hour, so two versions measured one after the other can differ
by more than the change between them, while two run side by side meet the same drift. It prints
each side's engine rate (games per CPU second of the whole case, set-up included) and their
ratio, per round and the median. Give the slower side fewer games (``--versus-games``)
so that both finish together. ``--versus-python`` runs the other side under another interpreter
(a virtual environment's ``python`` with the package installed, or an interpreter that finds
it on ``PYTHONPATH``): the same checkout against itself then measures the interpreter.

``--scaling`` runs the same ``sim matchup`` (``--games`` games, ``--policy``) with ``-j 1`` and
with ``-j 2``, alternated round after round (which goes first alternates too), and prints the
wall-clock ratio of the two runs (each run's own elapsed time, run.json: what ``sim`` prints)
with what makes it up: the CPU seconds of the command and its workers, and how busy the two
cores were (CPU / (2 x the command's wall time, start-up included)). A low ratio with both cores
busy and more CPU at -j 2 is this machine's speed drifting between the two runs (or the two
workers slowing each other), not workers left idle.

Each case runs in a fresh subprocess so its peak memory (max RSS) is its own:
  * engine: one core plays the games with the event log recorded into column buffers and turned
    into a polars frame per chunk (everything but the disk write);
  * pipeline: the full `sim matchup` path (joblib workers, Parquet files, games table) on every core.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

CASES = [("random", "random"), ("greedy", "greedy"), ("heuristic", "heuristic"), ("tuned", "tuned")]


def _spec(heroes: list[str], board: str, pa: str, pb: str, games: int, fmt: str, **files):
    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.run import RunSpec

    found = [find_hero(h) for h in heroes]
    ids = tuple(h.id for h in found)
    b = find_board(board)
    extra = {"format": fmt, "lineups": (ids,)} if fmt != "duel" else {}
    return RunSpec(((ids[0], ids[1]),), games, 1, b.id, pa, pb, **files, **extra), {h.id: h for h in found}, b


def engine_case(heroes: list[str], board: str, pa: str, pb: str, games: int, fmt: str = "duel") -> dict:
    from unmatched_sim.log import EventBuffer
    from unmatched_sim.run import plan, play_game, seat_labels

    spec, hs, b = _spec(heroes, board, pa, pb, games, fmt)
    events = decisions = turns = 0
    buf = EventBuffer()
    start = time.perf_counter()
    cpu = time.process_time()
    for g in plan(spec):
        game, row = play_game(g, hs, b, pa, pb)
        buf.add_game(g.game_id, seat_labels(g), game)
        events += row["events"]
        decisions += row["decisions"]
        turns += row["turns"]
        if len(buf) > 200_000:
            buf.frame()
            buf = EventBuffer()
    buf.frame()
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"games": games, "seconds": elapsed, "games_per_s": games / elapsed,
            "cpu_seconds": cpu, "games_per_cpu_s": games / cpu,
            "events_per_s": events / cpu, "decisions_per_s": decisions / cpu,
            "events_per_game": events / games, "turns_per_game": turns / games,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def pipeline_case(heroes: list[str], board: str, pa: str, pb: str, games: int, fmt: str = "duel") -> dict:
    from unmatched_sim.run import execute, spec_files

    _, hs, b = _spec(heroes, board, pa, pb, games, fmt)
    hero_files, board_file = spec_files(list(hs.values()), b)
    spec, _, _ = _spec(heroes, board, pa, pb, games, fmt, hero_files=hero_files, board_file=board_file)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        meta = execute(spec, Path(tmp) / "run", jobs=-1, progress=False, command=["bench"])
        elapsed = time.perf_counter() - start
        size = sum(f.stat().st_size for f in (Path(tmp) / "run").rglob("*") if f.is_file())
    cores = os.cpu_count() or 1
    return {"games": games, "seconds": elapsed, "games_per_s": games / elapsed,
            "games_per_s_per_core": games / elapsed / cores, "cores": cores,
            "log_mb": size / 2**20,
            "peak_rss_mb_main": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "peak_rss_mb_worker": meta["peak_rss_mb"]["workers"]}


def roster_case(games: int, board: str, policy: str = "tuned") -> list[dict]:
    """Every pairing of the roster, mirrors included, on this core: games/s of CPU time."""
    from unmatched_sim.data.catalog import hero_ids

    ids = sorted(hero_ids())
    out = []
    for i, a in enumerate(ids):
        for b in ids[i:]:
            r = engine_case([a, b], board, policy, policy, games)
            out.append({"pair": f"{a}-{b}", **r})
            print(f"{a} vs {b}: {r['games_per_cpu_s']:.0f} games/s of CPU", flush=True)
    return out


def roster_report(rows: list[dict], games: int, board: str, policy: str, build: str) -> list[str]:
    rates = sorted(r["games_per_cpu_s"] for r in rows)
    middle = median(rates)
    slow = sorted(rows, key=lambda r: r["games_per_cpu_s"])
    one_core = sum(1000 / r["games_per_cpu_s"] for r in rows)
    cores = os.cpu_count() or 1
    lines = [
        f"Measured {time.strftime('%Y-%m-%d')} with `python scripts/bench.py --roster --games {games} "
        f"--board {board}` ({build} build, policy {policy}, {len(rows)} pairings, CPU time of one core; "
        f"{platform.machine()}, Python {platform.python_version()}).",
        "",
        f"- median pairing: **{middle:.0f} games/s per core**; fastest {rates[-1]:.0f}; slowest "
        + ", ".join(f"{r['pair']} {r['games_per_cpu_s']:.0f}" for r in slow[:3]) + ".",
        f"- the round robin at 1,000 games a pairing ({1000 * len(rows):,} games): "
        f"{one_core / 60:.1f} minutes of one core, so about **{one_core / 60 / cores:.1f} minutes on "
        f"{cores} cores** if the workers scale perfectly (see the scaling measurement).",
        "",
        "| pairing | games/s per core | events/game | turns/game |",
        "|---|---|---|---|",
    ]
    for r in slow:
        lines.append(f"| {r['pair']} | {r['games_per_cpu_s']:.0f} | {r['events_per_game']:.0f} | {r['turns_per_game']:.1f} |")
    return lines


def run_isolated(kind: str, heroes, board, pa, pb, games, fmt="duel") -> dict:
    code = (f"import json,sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import bench; "
            f"print(json.dumps(bench.{kind}_case({list(heroes)!r}, {board!r}, {pa!r}, {pb!r}, {games}, {fmt!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _engine_code(root: Path, heroes, board, pa, pb, games, fmt) -> str:
    """A child process's program: ``root``'s own benchmark and package play the engine case,
    timed here in CPU seconds (an older benchmark timed the wall clock), the modules it uses
    imported first (an older one imported them inside the timed case)."""
    return (f"import json, sys, time; sys.path.insert(0, {str(root / 'scripts')!r}); "
            f"sys.path.insert(0, {str(root)!r}); import bench, unmatched_sim; "
            f"assert unmatched_sim.__file__.startswith({str(root)!r}), unmatched_sim.__file__; "
            f"import importlib, importlib.util, unmatched_sim.log, unmatched_sim.data.catalog; "
            # the run package: unmatched_sim.run, or unmatched_sim.runner in an older checkout
            f"[importlib.import_module(m) for m in ('unmatched_sim.run', 'unmatched_sim.runner') "
            f"if importlib.util.find_spec(m)]; "
            f"cpu = time.process_time(); "
            f"bench.engine_case({list(heroes)!r}, {board!r}, {pa!r}, {pb!r}, {games}, {fmt!r}); "
            f"print(json.dumps({{'games_per_cpu_s': {games} / (time.process_time() - cpu)}}))")


def versus(other: Path, heroes, board, policy, games: int, other_games: int, fmt: str, rounds: int,
           other_python: str | None = None) -> list[tuple]:
    """(this rate, the other's rate) per round, both sides playing at the same time (the other
    side under ``other_python`` if given, else this interpreter)."""
    here = Path(__file__).resolve().parent.parent
    out = []
    for r in range(rounds):
        procs = []
        for root, n, python in ((here, games, sys.executable), (other, other_games, other_python or sys.executable)):
            env = dict(os.environ, PYTHONPATH=str(root))
            procs.append(subprocess.Popen([python, "-c", _engine_code(root, heroes, board, policy, policy, n, fmt)],
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env))
        rates = []
        for proc, root in zip(procs, (here, other)):
            stdout, stderr = proc.communicate()
            if proc.returncode != 0:
                last = (stderr.strip().splitlines() or ["no output"])[-1]
                sys.exit(f"error: the benchmark in {root} failed: {last}")
            e = json.loads(stdout.strip().splitlines()[-1])
            rates.append(e["games_per_cpu_s"])
        out.append(tuple(rates))
        label = f"{other} ({other_python})" if other_python else str(other)
        print(f"round {r + 1}: this {rates[0]:.0f} games/s, {label} {rates[1]:.0f} games/s, "
              f"ratio {rates[0] / rates[1]:.2f}", flush=True)
    return out


def _timed_run(heroes, board, policy: str, games: int, seed: int, jobs: int, out: Path) -> dict:
    """One ``sim matchup`` in a child process: its own elapsed time (run.json) and the CPU
    seconds it and its workers used (the workers are its children, reaped before it exits)."""
    cmd = [sys.executable, "-c", "from unmatched_sim.cli import main; main()", "matchup", *heroes,
           "-n", str(games), "--seed", str(seed), "-j", str(jobs), "--board", board, "--policy", policy,
           "--no-progress", "--force", "--out", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1].removeprefix("error: ")
        sys.exit(f"error: sim matchup -j {jobs} failed: {last}")
    meta = json.loads((out / "run.json").read_text())
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"jobs": jobs, "seconds": meta["elapsed_s"], "wall_s": wall, "cpu_s": cpu}


def scaling(heroes, board, policy: str, games: int, rounds: int, seed: int = 3) -> list[dict]:
    """``rounds`` pairs of the same run on one worker and on two, alternating which goes first."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            order = (1, 2) if r % 2 == 0 else (2, 1)
            runs = {j: _timed_run(heroes, board, policy, games, seed, j, Path(tmp) / f"j{j}") for j in order}
            one, two = runs[1], runs[2]
            row = {"round": r + 1, "one": one, "two": two, "scaling": one["seconds"] / two["seconds"],
                   "busy": two["cpu_s"] / (2 * two["wall_s"]), "cpu_ratio": two["cpu_s"] / one["cpu_s"]}
            out.append(row)
            print(f"round {r + 1}: -j 1 {one['seconds']:.1f} s ({one['cpu_s']:.1f} s CPU), -j 2 {two['seconds']:.1f} s "
                  f"({two['cpu_s']:.1f} s CPU, both cores {100 * row['busy']:.0f}% busy), scaling "
                  f"{row['scaling']:.2f}; CPU at -j 2 / at -j 1 {row['cpu_ratio']:.2f}", flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--heroes", nargs="+", default=["houdini", "genie"])
    ap.add_argument("--format", default="duel", choices=["duel", "ffa", "teams"],
                    help="duel (2 heroes), ffa (3-4), teams (4: the first two against the last two)")
    ap.add_argument("--cases", default=None, help="comma-separated policies to measure (default: all)")
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--write", type=Path, default=None, help="write a Markdown table to this file")
    ap.add_argument("--roster", action="store_true", help="every pairing of the roster under --policy")
    ap.add_argument("--policy", default="tuned", help="the policy of --roster (default: tuned, the default)")
    ap.add_argument("--versus", type=Path, default=None,
                    help="another checkout to measure side by side with this one (its engine case, --cases' "
                         "first policy)")
    ap.add_argument("--versus-games", type=int, default=None, help="the other checkout's games (default: --games)")
    ap.add_argument("--versus-python", default=None,
                    help="the interpreter of the --versus side (default: this one)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --versus or --scaling (default: 3)")
    ap.add_argument("--scaling", action="store_true",
                    help="sim matchup of --heroes on one worker and on two, alternated --rounds times")
    args = ap.parse_args()
    import unmatched_sim._build as build

    print(f"build: {build.kind()}")
    if args.versus is not None:
        other = args.versus.resolve()
        if not (other / "unmatched_sim").is_dir() or not (other / "scripts" / "bench.py").is_file():
            sys.exit(f"error: {args.versus} is not a checkout of unmatched-sim (no unmatched_sim/ and "
                     f"scripts/bench.py there)")
        if args.versus_python is not None and not os.access(args.versus_python, os.X_OK):
            sys.exit(f"error: --versus-python {args.versus_python} is not an interpreter that can be run")
        policy = args.cases.split(",")[0] if args.cases else "tuned"
        pairs = versus(other, args.heroes, args.board, policy, args.games, args.versus_games or args.games,
                       args.format, args.rounds, args.versus_python)
        ratios = [a / b for a, b in pairs]
        print(f"{policy}, {' vs '.join(args.heroes)}: this checkout runs {median(ratios):.2f} times "
              f"as fast as {args.versus} (median of {len(ratios)} side-by-side rounds)")
        return
    if args.scaling:
        if len(args.heroes) != 2:
            sys.exit("error: --scaling plays a duel: give two --heroes")
        if args.games < 1 or args.rounds < 1:
            sys.exit("error: --scaling needs --games and --rounds of at least 1")
        rows = scaling(args.heroes, args.board, args.policy, args.games, args.rounds)
        print(f"{args.policy}, {' vs '.join(args.heroes)}, {args.games} games: two workers "
              f"{median([r['scaling'] for r in rows]):.2f} times as fast as one (median of {len(rows)}); both "
              f"cores {100 * median([r['busy'] for r in rows]):.0f}% busy; CPU at -j 2 / at -j 1 "
              f"{median([r['cpu_ratio'] for r in rows]):.2f}")
        return
    if args.roster:
        rows = roster_case(args.games, args.board, args.policy)
        lines = roster_report(rows, args.games, args.board, args.policy, build.kind())
        print("\n".join(lines[:5]))
        if args.write:
            args.write.write_text("\n".join(lines) + "\n")
            print(f"wrote {args.write}")
        return
    rows = []
    cases = [(c, c) for c in args.cases.split(",")] if args.cases else CASES
    for pa, pb in cases:
        e = run_isolated("engine", args.heroes, args.board, pa, pb, args.games, args.format)
        p = run_isolated("pipeline", args.heroes, args.board, pa, pb, args.games, args.format)
        rows.append((pa, pb, e, p))
        print(f"{pa} vs {pb}: engine {e['games_per_cpu_s']:.0f} games/s/core, {e['events_per_s']:.0f} events/s, "
              f"{e['decisions_per_s']:.0f} decisions/s, {e['events_per_game']:.0f} events/game, "
              f"peak {e['peak_rss_mb']:.0f} MB | pipeline on {p['cores']} cores {p['games_per_s']:.0f} games/s "
              f"({p['games_per_s_per_core']:.0f}/core), log {p['log_mb']:.1f} MB, "
              f"peak main {p['peak_rss_mb_main']:.0f} MB / worker {p['peak_rss_mb_worker']:.0f} MB", flush=True)
    if args.write:
        lines = [
            f"Measured {time.strftime('%Y-%m-%d')} with `python scripts/bench.py --games {args.games} "
            f"--heroes {' '.join(args.heroes)} --board {args.board} --format {args.format}` on {platform.machine()}, "
            f"{os.cpu_count()} cores, Python {platform.python_version()}, {build.kind()} build. Engine rates are "
            f"per second of CPU time (the wall-clock rate is lower when the machine is shared).",
            "",
            "| policies | engine games/s (1 core) | events/s | decisions/s | events/game | turns/game "
            "| engine peak RSS | pipeline games/s (all cores) | per core | log size | peak RSS main / worker |",
            "|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for pa, pb, e, p in rows:
            lines.append(
                f"| {pa} vs {pb} | {e['games_per_cpu_s']:.0f} | {e['events_per_s']:,.0f} | {e['decisions_per_s']:,.0f} "
                f"| {e['events_per_game']:.0f} | {e['turns_per_game']:.1f} | {e['peak_rss_mb']:.0f} MB "
                f"| {p['games_per_s']:.0f} | {p['games_per_s_per_core']:.0f} | {p['log_mb']:.1f} MB "
                f"| {p['peak_rss_mb_main']:.0f} / {p['peak_rss_mb_worker']:.0f} MB |")
        args.write.write_text("\n".join(lines) + "\n")
        print(f"wrote {args.write}")


if __name__ == "__main__":
    main()
