"""How well does the AI play each hero? The headroom a stronger policy finds, for a roster.

Plays a round-robin of the roster (mirrors left out unless --mirrors) with the run's policy, then
replays every game of it with the checking policy playing one hero and the run's policy the
other, each way round — the ``--check-with`` of ``sim tournament`` — and prints, per hero, the
paired win-rate gain with its 95% interval, the mean and spread across heroes and their reading
(``unmatched_sim.analysis.headroom``). The run directory stays for ``sim report``.

    python scripts/headroom.py --heroes nikola_tesla,medusa,loki --policy tuned \\
        --check-with ismcts:iterations=200 --games 20 --out runs/headroom

Cost: per pairing ``--games`` games of the run's policy and 2 × ``--games`` with the checking
policy on one side (the search's games dominate: about 1 s each at 200 iterations when compiled).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    import polars as pl

    from unmatched_sim.analysis.headroom import check_policies, gains, headroom_summary, paired_outcomes, reading
    from unmatched_sim.analysis.run import open_run
    from unmatched_sim.cli.common import prepare, split_names
    from unmatched_sim.cli.play import tournament_pairings
    from unmatched_sim.data.catalog import find_hero, hero_ids
    from unmatched_sim.errors import UserError
    from unmatched_sim.headroom import parse_check_with, with_check
    from unmatched_sim.run import execute

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heroes", default=None, help="comma-separated hero ids [default: every hero]")
    ap.add_argument("--policy", default="tuned", help="the run's policy [default: tuned]")
    ap.add_argument("--check-with", default="ismcts:iterations=200", help="the checking policy")
    ap.add_argument("--games", type=int, default=20, help="games a pairing, each replayed with the checking "
                                                          "policy on either hero (even) [default: 20]")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--mirrors", action="store_true", help="check mirror matches too")
    ap.add_argument("--gauntlet", default=None, metavar="HERO",
                    help="only this hero's pairings of the round-robin, in its order, so the same games as "
                         "there (its row is the one to read)")
    ap.add_argument("--jobs", "-j", type=int, default=None, help="worker processes [default: all cores]")
    ap.add_argument("--backend", choices=["local", "dask"], default="local")
    ap.add_argument("--scheduler", default=None, help="with --backend dask: the scheduler's address")
    ap.add_argument("--out", type=Path, default=Path("runs/headroom"))
    ap.add_argument("--pool", type=Path, nargs="+", default=[], metavar="RUN",
                    help="earlier runs of this script on other seeds (same policies): their paired games "
                         "are pooled with this run's, e.g. --games 6 --seed 52 --pool runs/headroom51 for "
                         "12 games a pairing")
    args = ap.parse_args(argv)
    try:
        ids = [find_hero(h).id for h in split_names([args.heroes])] if args.heroes else hero_ids()
        gauntlet = find_hero(args.gauntlet).id if args.gauntlet else None
        if gauntlet and gauntlet not in ids:
            raise UserError(f"--gauntlet {gauntlet} is not among --heroes; add it there")
        pairings = [p for p in tournament_pairings(ids, None, no_mirrors=not args.mirrors)
                    if gauntlet is None or gauntlet in p]
        spec, _, _ = prepare(ids, pairings, args.games, args.seed, args.board, args.policy, None, None, args.jobs,
                             None)
        check, k = parse_check_with(f"{args.check_with}:{args.games}", spec.policy_a, spec.policy_b, spec.games)
        spec = with_check(spec, check, k)
        runs = [open_run(r) for r in args.pool]     # read before playing: a bad --pool fails at once
        for r, path in zip(runs, args.pool):
            if check_policies(r) != (spec.policy_a, check):
                raise UserError(f"--pool {path} checked {check_policies(r)}, not ({spec.policy_a!r}, {check!r})")
        execute(spec, args.out, jobs=args.jobs, progress=True, force=True, backend=args.backend,
                scheduler=args.scheduler, command=sys.argv)
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    pairs = pl.concat([paired_outcomes(r) for r in [open_run(args.out), *runs]])
    table = gains(pairs, ids).with_columns(pl.lit(spec.policy_a).alias("policy"), pl.lit(check).alias("check_with"))
    if gauntlet:  # the others met one foe only: their rows and the spread say nothing
        table = table.filter(table["hero"] == gauntlet)
    s = headroom_summary(table)
    print(f"{check} instead of {spec.policy_a} on one hero; {len(pairings)} pairings × {k} games each way, "
          f"seed {args.seed}, board {args.board}; run in {args.out}"
          + "".join(f", pooled with {r}" for r in args.pool))
    print(f"{'hero':<18}{'games':>6}  {spec.policy_a[:12]:>12}  {check[:22]:>22}  {'gain (95% interval)':>28}")
    for r in table.iter_rows(named=True):
        ci = "" if r["gain_lo"] is None else f"[{100 * r['gain_lo']:+.0f}, {100 * r['gain_hi']:+.0f}]"
        print(f"{r['hero']:<18}{r['games']:>6}  {100 * r['base_win_rate']:>11.0f}%  {100 * r['check_win_rate']:>21.0f}%  "
              f"{100 * r['gain']:>+14.1f} pts {ci:>12}")
    if s.get("heroes") and not gauntlet:
        sd = "–" if s["sd_gain"] is None else f"{100 * s['sd_gain']:.1f}"
        noise = "–" if s["noise_sd"] is None else f"{100 * s['noise_sd']:.1f}"
        beyond = "–" if s["noise_sd"] is None else f"{100 * s['beyond_noise']:.1f}"
        print(f"mean gain {100 * s['mean_gain']:+.1f} pts; SD across heroes {sd} pts (noise alone {noise}, "
              f"beyond noise {beyond})")
    if not gauntlet:
        print(reading(s).replace("**", ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
