"""Does a matchup's verdict depend on the AI that plays it?

A *robust* run (``sim tournament --robust tuned-v1``, ``sim matchup A B --robust``) plays every
pairing of the run under its policy and then plays the same seeds, each from both seats, under
one or more other policies (each playing *both* heroes). The games of the run's own policy come
first (game ids ``0 .. primary_games - 1``; every other table of the report reads only those),
the other policies' games follow in the same ``games.parquet`` and event log, their
``policy_a``/``policy_b`` columns saying who played.

``policy_sensitivity(run)`` puts each non-mirror matchup's win rate under each policy side by
side and labels the matchup **policy-dependent** when the verdicts (favours A / favours B / not
distinguishable from 50%, at 95%) differ or two policies' win rates differ by more than
``spread`` (10 points). Because the policies play the same deals, the difference has a *paired*
standard error (per seed and seat: did the hero win under one policy and not the other); from it
``expected_by_chance`` says how many matchups would pass the ``spread`` by noise alone if the
policies played alike — the noise floor the count of flags must be read against.

``summarise`` is the verdict logic itself, shared with ``sim robust`` (``unmatched_sim.robust``),
which plays one matchup in memory instead of reading a run.

This module reads only the Parquet logs; it never imports the engine.
"""

from __future__ import annotations

import math

import polars as pl

from unmatched_sim.analysis.run import RunLike, as_run
from unmatched_sim.stats import Z95, wilson_interval

#: two policies' win rates further apart than this (a share) label the matchup policy-dependent
SPREAD = 0.10


def verdict(lo: float, hi: float) -> str:
    """The verdict of a win rate's 95% interval: "favours A", "favours B" or "even"."""
    return "even" if lo <= 0.5 <= hi else ("favours A" if lo > 0.5 else "favours B")


def _normal_tail(x: float) -> float:
    """P(|Z| > x) for a standard normal Z."""
    return math.erfc(x / math.sqrt(2))


def chance_of_flag(se: float | None, spread: float = SPREAD) -> float | None:
    """The chance that a difference whose true value is 0 and standard error ``se`` still comes out
    larger than ``spread`` (either way): one matchup's share of the noise floor."""
    if se is None:
        return None
    if se <= 0:
        return 0.0
    return _normal_tail(spread / se)


def paired_difference(pairs: list[tuple[bool, bool]]) -> tuple[float, float] | None:
    """(mean, standard error) of ``won_other - won_base`` over games paired by seed and seat."""
    n = len(pairs)
    if n == 0:
        return None
    d = [int(o) - int(b) for b, o in pairs]
    mean = sum(d) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


def summarise(hero_a: str, hero_b: str, counts: dict[str, tuple[int, int, int]],
              spread: float = SPREAD, paired: dict[str, tuple[float, float] | None] | None = None) -> dict:
    """One matchup under several policies, from ``counts[policy] = (wins of hero_a, draws, games)``
    (the first policy is the base the others are compared with). ``paired[policy]``: the paired
    (mean, standard error) of that policy's win rate minus the base's, when the games were paired.

    Returns ``hero_a``, ``hero_b``, ``policies`` (per policy: wins, draws, games, win_rate, ci95,
    verdict, and for the others diff / diff_se / chance), ``spread`` (largest gap between two
    policies' win rates), ``policy_dependent``, ``reason`` and ``expected_by_chance`` (the chance
    the gap passes ``spread`` by noise alone, from the paired errors; None without them)."""
    out: dict = {"hero_a": hero_a, "hero_b": hero_b, "policies": {}}
    base = None
    for policy, (w, d, n) in counts.items():
        lo, hi = wilson_interval(w, n)
        row = {"wins": w, "draws": d, "games": n, "win_rate": w / n if n else None,
               "ci95": [lo, hi], "verdict": verdict(lo, hi) if n else "no games"}
        if base is None:
            base = row
        else:
            row["diff"] = (row["win_rate"] - base["win_rate"]) if n and base["games"] else None
            mean_se = (paired or {}).get(policy)
            row["diff_se"] = mean_se[1] if mean_se else None
            row["chance"] = chance_of_flag(row["diff_se"], spread)
        out["policies"][policy] = row
    rows = [r for r in out["policies"].values() if r["games"]]
    verdicts = {r["verdict"] for r in rows}
    rates = [r["win_rate"] for r in rows]
    gap = max(rates) - min(rates) if rates else 0.0
    reasons = []
    if len(verdicts) > 1:
        named = {"favours A": f"favours {hero_a}", "favours B": f"favours {hero_b}"}
        reasons.append("the verdict changes with the policy (" + ", ".join(
            f"{p}: {named.get(r['verdict'], r['verdict'])}" for p, r in out["policies"].items()) + ")")
    if gap > spread:
        reasons.append(f"win rates differ by {100 * gap:.0f} points between policies")
    chances = [r["chance"] for r in list(out["policies"].values())[1:] if r.get("chance") is not None]
    out["spread"] = gap
    out["spread_limit"] = spread
    out["policy_dependent"] = bool(reasons)
    out["verdict_changes"] = len(verdicts) > 1
    out["beyond_spread"] = gap > spread
    out["reason"] = "; ".join(reasons) if reasons else "same verdict under every policy"
    out["expected_by_chance"] = (1 - math.prod(1 - c for c in chances)) if chances else None
    return out


# --------------------------------------------------------------------------- runs
def robust_policies(run: RunLike) -> list[str]:
    """The run's own policy followed by the policies of its robustness games ([] for a run without
    them)."""
    run = as_run(run)
    others = run.meta.get("robust") or []
    return [run.meta.get("policy_a"), *others] if others else []


def policy_games(run: RunLike) -> pl.DataFrame:
    """Every game of a robust run, the robustness games included: game_id, policy (the policy that
    played both heroes), hero_a, hero_b, pair, first_player, winner."""
    run = as_run(run)
    frames = [run.games] + ([run.robust_games] if run.robust_games is not None else [])
    q = pl.concat([f.select("game_id", "policy_a", "policy_b", "hero_a", "hero_b", "pair", "first_player", "winner")
                   for f in frames])
    return run.collect(q, "games").rename({"policy_a": "policy"})


def policy_sensitivity(run: RunLike, spread: float = SPREAD) -> pl.DataFrame:
    """One row per non-mirror matchup of a robust run (empty for a run without robustness games):

    hero, opponent (the pairing's two heroes), policies (in run order), and per policy ``k`` (0 =
    the run's own): ``policy_k``, ``games_k``, ``win_rate_k`` (hero's), ``ci_low_k``, ``ci_high_k``,
    ``verdict_k``; for each other policy ``diff_k`` (its win rate minus the run's own, in
    [-1, 1]), ``diff_se_k`` (paired standard error) and ``chance_k``; then ``spread`` (largest gap),
    ``verdict_changes``, ``beyond_spread``, ``policy_dependent``, ``reason`` and
    ``expected_by_chance``. Sorted by spread, largest first."""
    run = as_run(run)
    pols = robust_policies(run)
    if not pols:
        return pl.DataFrame()
    g = policy_games(run).filter(pl.col("hero_a") != pl.col("hero_b"))
    g = g.with_columns((pl.col("winner") == "a").fill_null(False).alias("won"))
    rows = []
    for (a, b), sub in g.group_by(["hero_a", "hero_b"], maintain_order=True):
        counts, outcome = {}, {}
        for p in pols:
            s = sub.filter(pl.col("policy") == p)
            counts[p] = (int(s["won"].sum()), int(s["winner"].is_null().sum()), s.height)
            outcome[p] = {(pr, f): w for pr, f, w in s.select("pair", "first_player", "won").iter_rows()}
        paired = {}
        for p in pols[1:]:
            keys = outcome[pols[0]].keys() & outcome[p].keys()
            paired[p] = paired_difference([(outcome[pols[0]][k], outcome[p][k]) for k in sorted(keys)])
        res = summarise(a, b, counts, spread, paired)
        row = {"hero": a, "opponent": b, "policies": pols}
        for k, (p, r) in enumerate(res["policies"].items()):
            row.update({f"policy_{k}": p, f"games_{k}": r["games"], f"win_rate_{k}": r["win_rate"],
                        f"ci_low_{k}": r["ci95"][0], f"ci_high_{k}": r["ci95"][1], f"verdict_{k}": r["verdict"]})
            if k:
                row.update({f"diff_{k}": r["diff"], f"diff_se_{k}": r["diff_se"], f"chance_{k}": r["chance"]})
        row.update({key: res[key] for key in ("spread", "verdict_changes", "beyond_spread", "policy_dependent",
                                              "reason", "expected_by_chance")})
        rows.append(row)
    if not rows:
        return pl.DataFrame()
    return pl.DataFrame(rows).sort(["spread", "hero", "opponent"], descending=[True, False, False])


def matchup_robustness(run: RunLike, hero_a: str, hero_b: str, spread: float = SPREAD) -> dict:
    """One matchup of a robust run in ``summarise``'s shape (what ``sim robust`` prints)."""
    t = policy_sensitivity(run, spread)
    t = t.filter(((pl.col("hero") == hero_a) & (pl.col("opponent") == hero_b))) if t.height else t
    if not t.height:
        return {}
    r = t.row(0, named=True)
    pols = r["policies"]
    out = {"hero_a": hero_a, "hero_b": hero_b, "policies": {}}
    for k, p in enumerate(pols):
        row = {"games": r[f"games_{k}"], "win_rate": r[f"win_rate_{k}"],
               "ci95": [r[f"ci_low_{k}"], r[f"ci_high_{k}"]], "verdict": r[f"verdict_{k}"]}
        if k:
            row.update({"diff": r[f"diff_{k}"], "diff_se": r[f"diff_se_{k}"], "chance": r[f"chance_{k}"]})
        out["policies"][p] = row
    out.update({key: r[key] for key in ("spread", "verdict_changes", "beyond_spread", "policy_dependent",
                                        "reason", "expected_by_chance")})
    out["spread_limit"] = spread            # what `sim matchup --robust` names the noise floor against
    return out


def sensitivity_summary(table: pl.DataFrame, spread: float = SPREAD) -> dict:
    """Counts over ``policy_sensitivity``'s table: matchups, policy_dependent, verdict_changes,
    beyond_spread (gap > ``spread``), significant (some policy's paired difference beyond 1.96
    standard errors), expected_by_chance (matchups whose gap would pass ``spread`` by noise alone:
    the noise floor of ``beyond_spread``) and share (policy_dependent / matchups)."""
    n = table.height
    if n == 0:
        return {"matchups": 0}
    k_max = max(int(c.split("_")[-1]) for c in table.columns if c.startswith("policy_") and c[7:].isdigit())
    sig = pl.lit(False)
    for k in range(1, k_max + 1):
        sig = sig | ((pl.col(f"diff_{k}").abs() > Z95 * pl.col(f"diff_se_{k}")) & (pl.col(f"diff_se_{k}") > 0))
    significant = table.select(sig.fill_null(False).sum()).item()
    dep = int(table["policy_dependent"].sum())
    return {"matchups": n, "policy_dependent": dep, "share": dep / n,
            "verdict_changes": int(table["verdict_changes"].sum()), "beyond_spread": int(table["beyond_spread"].sum()),
            "beyond_spread_share": int(table["beyond_spread"].sum()) / n, "significant": int(significant),
            "expected_by_chance": float(table["expected_by_chance"].fill_null(0).sum()), "spread": spread}
