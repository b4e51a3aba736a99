"""Policy sensitivity of a roster's balance figures from runs made separately (a measurement, not
a test): the same numbers as a robust run's report (``analysis.policy_sensitivity``), for two
runs of one command that differ only in ``--policy``, plus an empirical noise floor from a third
run of the base policy on another seed.

    sim tournament --no-mirrors -n 400 --seed 41 --policy tuned    -j 1 --out runs/sens-tuned-s41
    sim tournament --no-mirrors -n 400 --seed 41 --policy tuned-v1 -j 1 --out runs/sens-tuned-v1-s41
    sim tournament --no-mirrors -n 400 --seed 42 --policy tuned    -j 1 --out runs/sens-tuned-s42
    python scripts/policy_sensitivity.py runs/sens-tuned-s41 runs/sens-tuned-v1-s41 --null runs/sens-tuned-s42

The first two are, game for game, what ``sim tournament --no-mirrors -n 400 --seed 41 --robust
tuned-v1`` plays (the robust run's other-policy games are those of the same command with that
policy; tests/test_robust_runs.py checks it); made apart, each is a plain run that can be reported
on its own.

``--null``: the base policy on another seed in place of the second policy. Every flag it raises
is noise (the same policy, independent deals), so its count is the noise floor of the flags
measured with independent games — an upper bound for the paired comparison, whose deals are shared.
"""

from __future__ import annotations

import argparse
import json

import polars as pl

from unmatched_sim.analysis.robust import SPREAD, policy_sensitivity, sensitivity_summary
from unmatched_sim.analysis.run import Run, open_run


def combined(base_dir: str, other_dir: str, other_name: str | None = None) -> Run:
    """A robust run made of two runs: ``other``'s games appended after ``base``'s as the second
    policy's (named ``other_name`` when both runs used the same policy)."""
    base, other = open_run(base_dir), open_run(other_dir)
    for key in ("pairings", "games_per_pairing", "board", "max_turns", "hero_files"):
        if base.meta.get(key) != other.meta.get(key):
            raise SystemExit(f"{base_dir} and {other_dir} differ in {key}; they are not the same command")
    name = other_name or other.meta["policy_a"]
    shift = base.meta["total_games"]
    og = other.games.with_columns(pl.col("game_id") + shift, pl.lit(name).alias("policy_a"),
                                  pl.lit(name).alias("policy_b"))
    meta = {**base.meta, "robust": [name], "primary_games": shift}
    return Run(games=base.games, events=base.events, meta=meta, robust_games=og, limit=shift)


def report(run: Run, top: int) -> dict:
    t = policy_sensitivity(run)
    s = sensitivity_summary(t)
    pols = run.meta["robust"]
    print(f"{run.meta['policy_a']} vs {pols[0]}: {s['matchups']} matchups, "
          f"{int(t['games_0'].min())}-{int(t['games_0'].max())} games a policy each")
    print(f"  differ by more than {100 * SPREAD:.0f} points: {s['beyond_spread']} ({100 * s['beyond_spread_share']:.1f}%)")
    print(f"  verdict changes: {s['verdict_changes']}; policy-dependent (either): {s['policy_dependent']} "
          f"({100 * s['share']:.1f}%)")
    print(f"  beyond 1.96 paired standard errors: {s['significant']}")
    print(f"  expected to differ by more than {100 * SPREAD:.0f} points by noise alone (from the paired errors): "
          f"{s['expected_by_chance']:.2f}")
    se = t["diff_se_1"]
    print(f"  paired standard error of a difference: median {100 * se.median():.2f} points "
          f"(range {100 * se.min():.2f}-{100 * se.max():.2f})")
    d = t["diff_1"]
    print(f"  |difference|: mean {100 * d.abs().mean():.1f} points, median {100 * d.abs().median():.1f}")
    dep = t.filter(pl.col("beyond_spread"))
    per_hero = pl.concat([dep.select(pl.col("hero").alias("h")), dep.select(pl.col("opponent").alias("h"))])
    if per_hero.height:
        counts = per_hero.group_by("h").len().sort(["len", "h"], descending=[True, False])
        print("  matchups more than the spread apart, by hero: "
              + ", ".join(f"{h} {n}" for h, n in counts.iter_rows()))
    for r in t.head(top).iter_rows(named=True):
        print(f"    {r['hero']:>15} vs {r['opponent']:<15} {100 * r['win_rate_0']:5.1f}% -> {100 * r['win_rate_1']:5.1f}%"
              f"  ({'+' if r['diff_1'] >= 0 else ''}{100 * r['diff_1']:.1f} ± {100 * r['diff_se_1']:.1f})"
              f"  {r['verdict_0']} -> {r['verdict_1']}{'  †' if r['policy_dependent'] else ''}")
    return {"summary": s, "table": t.drop("policies").to_dicts()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base")
    ap.add_argument("other")
    ap.add_argument("--null", help="a run of the base policy on another seed: the empirical noise floor")
    ap.add_argument("--top", type=int, default=20, help="matchups listed, most policy-dependent first")
    ap.add_argument("--json", help="write every number to this file")
    a = ap.parse_args()
    out = {"measured": report(combined(a.base, a.other), a.top)}
    if a.null:
        base_pol = open_run(a.base).meta["policy_a"]
        print()
        out["null"] = report(combined(a.base, a.null, f"{base_pol} (other seed)"), 5)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1, default=str)


if __name__ == "__main__":
    main()
