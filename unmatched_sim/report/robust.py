"""The report's "Does the verdict depend on the AI?" section: each matchup's win rate under the
run's policy and under the other policies of a robust run (``--robust``), the matchups whose
verdict depends on the policy, and the noise floor to read their count against
(``analysis.policy_sensitivity``)."""

from __future__ import annotations

import polars as pl

from unmatched_sim import analysis as A
from unmatched_sim.analysis._common import hero_names
from unmatched_sim.analysis.robust import SPREAD, policy_sensitivity, robust_policies, sensitivity_summary
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Section, Table
from unmatched_sim.report.format import ci, count, matchup_label, num, pair_rank, pct, rounded

TITLE = "Does the verdict depend on the AI?"
#: matchups drawn in the chart (the table lists them all)
CHART_ROWS = 24
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]


def flagged_pairs(table: pl.DataFrame) -> set[tuple[str, str]]:
    """(hero, opponent) both ways for every policy-dependent matchup: what the win-rate matrix marks."""
    if not table.height:
        return set()
    dep = table.filter(pl.col("policy_dependent"))
    return {p for h, o in dep.select("hero", "opponent").iter_rows() for p in ((h, o), (o, h))}


def not_measured_line(run: A.Run) -> str:
    pol = run.meta.get("policy_a", "tuned")
    other = "tuned-v1" if pol != "tuned-v1" else "careful"
    return (f"Not measured: one policy ({pol}) played every game. Add `--robust {other}` to `sim tournament` "
            "(or `sim matchup`) to play the same seeds under a second, differently built policy; this section "
            "then shows each matchup's win rate under both and flags the matchups whose verdict depends on the AI.")


def robust_section(run: A.Run, chart, findings: list[str], left_out: list,
                   order: list[str] | None = None) -> tuple[Section, pl.DataFrame]:
    """The section, and the table it shows (empty for a run without robustness games). The table's
    rows in strength order (``order``, strongest first), the chart's the matchups that move most."""
    pols = robust_policies(run)
    if not pols:
        # one line, not a "left out" notice: a run of one policy is the ordinary case
        why = not_measured_line(run)
        run._cache["robustness"] = {"policies": [], "how": why}
        return Section("robust", f"{TITLE} (not measured)", [why]), pl.DataFrame()
    table = policy_sensitivity(run)
    if not table.height:
        why = "the run has no pairing of two different heroes to compare"
        left_out.append((TITLE, why))
        run._cache["robustness"] = {"policies": pols, "how": why}
        return Section("robust", f"{TITLE} (left out)", [f"Left out: {why}."]), table
    s = sensitivity_summary(table)
    run._cache["robustness"] = {"policies": pols, **s}
    per = int(table["games_0"].max())
    others = ", ".join(f"`{p}`" for p in pols[1:])
    blocks: list = [
        f"Every matchup's win rate comes from an AI playing both heroes. To see whether a verdict belongs to the "
        f"heroes or to the AI, this run played each pairing of two different heroes again on the same seeds "
        f"(each from both seats, {per:,} games a policy) under {others}, a differently built policy, which "
        f"played both heroes in turn. A matchup is labelled **policy-dependent** (†) when its verdict — favours "
        f"one hero, or not distinguishable from 50%, at 95% — changes with the policy, or when the policies' win "
        f"rates differ by more than {rounded(100 * SPREAD, 0)} points. Such a figure describes the AI as much as the "
        "heroes: look at how each policy plays it (`sim games RUN --policy P`, then `sim replay`) before acting "
        "on it."]
    chance = s["expected_by_chance"]
    blocks.append(
        f"**{s['policy_dependent']} of {count(s['matchups'], 'matchup')} ({pct(s['share'], 0)}) "
        f"{'is' if s['policy_dependent'] == 1 else 'are'} policy-dependent**: "
        f"{s['beyond_spread']} differ by more than {rounded(100 * SPREAD, 0)} points and {s['verdict_changes']} change "
        f"verdict. Noise alone: if the policies played alike, about **{num(chance, 1)}** matchups would still differ by "
        f"more than {rounded(100 * SPREAD, 0)} points with this many games (the sum over matchups of the chance, from each "
        f"difference's paired standard error); {s['significant']} differences are beyond 1.96 paired standard "
        "errors. A verdict change needs no large gap when an interval sits near 50%.")
    names = hero_names(run)
    top = table.head(CHART_ROWS)
    rows = []
    for r in top.iter_rows(named=True):
        series = []
        for k, p in enumerate(pols):
            series.append((r[f"win_rate_{k}"], r[f"ci_low_{k}"], r[f"ci_high_{k}"], p,
                           {"marker": "o" if k == 0 else "D", "color": COLORS[k % len(COLORS)],
                            "mfc": COLORS[k % len(COLORS)] if k == 0 else "white"}))
        rows.append({"label": matchup_label(r["hero"], r["opponent"], names) + (" †" if r["policy_dependent"] else ""),
                     "series": series})
    chart(C.forest_chart(rows, "First hero's win rate by policy" + (f" ({len(rows)} that move most)" if len(rows) > 1 else ""),
                         legend_order=pols), "robustness")
    blocks.append(Chart("robustness", "Win rate under each policy",
                        f"For the {count(len(rows), 'matchup')} whose win rate moves most between policies: the first-named "
                        f"hero's win rate under {pols[0]} (filled dot) and under {others} (open diamond), with 95% "
                        "intervals. † marks a policy-dependent matchup. The dashed line is 50%."))
    head = ["Matchup"] + [f"{p}: first hero wins (95%)" for p in pols] + \
        [f"{p} − {pols[0]} (paired s.e.)" for p in pols[1:]] + ["Policy-dependent?"]
    body = []
    for r in sorted(table.iter_rows(named=True), key=lambda r: pair_rank(r["hero"], r["opponent"], order or [])):
        row = [matchup_label(r["hero"], r["opponent"], names)]
        for k in range(len(pols)):
            row.append(f"{pct(r[f'win_rate_{k}'], 0)} ({ci(r[f'ci_low_{k}'], r[f'ci_high_{k}'], 0)}) "
                       f"{_short(r[f'verdict_{k}'], r['hero'], r['opponent'])}")
        for k in range(1, len(pols)):
            d, se = r[f"diff_{k}"], r[f"diff_se_{k}"]
            row.append("–" if d is None else f"{'+' if d >= 0 else ''}{rounded(100 * d, 0)} pts"
                       + (f" ({rounded(100 * se, 1)})" if se is not None else ""))
        row.append(("† yes: " + _why(r)) if r["policy_dependent"] else "no")
        body.append(row)
    blocks.append(Table(head, body, caption="Each matchup under each policy, strongest heroes' matchups first "
                                            "(click a header to sort)",
                        align="l" + "r" * (len(pols) * 2 - 1) + "l", sortable=True,
                        note="Win rate: the first-named hero's, with its Wilson 95% interval and verdict (A: favours "
                             "the first hero, B: the second, even: the interval holds 50%). Difference in points, with "
                             "its paired standard error (the same seed and seat under both policies). Python: "
                             "`analysis.policy_sensitivity(run)`, `analysis.robust.sensitivity_summary(table)`."))
    dep = table.filter(pl.col("policy_dependent"))
    if dep.height:
        worst = dep.row(0, named=True)
        rates = ", ".join(f"{pct(worst[f'win_rate_{k}'], 0)} under {p}" for k, p in enumerate(pols))
        findings.append(f"**{s['policy_dependent']} of {count(s['matchups'], 'matchup')} ({pct(s['share'], 0)}) depend on the "
                        f"AI** (marked †): the verdict changes, or the win rate moves more than {rounded(100 * SPREAD, 0)} "
                        f"points, between {' and '.join(pols)} on the same seeds (noise alone would move about "
                        f"{num(chance, 0 if chance >= 10 else 1)} of them that far). Most: **{names.get(worst['hero'], worst['hero'])}** vs "
                        f"**{names.get(worst['opponent'], worst['opponent'])}**, {rates}.")
    else:
        findings.append(f"No matchup's verdict depends on the AI: {' and '.join(pols)} agree within "
                        f"{rounded(100 * SPREAD, 0)} points and on the verdict in "
                        + ("the matchup." if s["matchups"] == 1 else f"all {s['matchups']} matchups."))
    return Section("robust", TITLE, blocks), table


def _short(v: str, a: str, b: str) -> str:
    return {"favours A": "A", "favours B": "B"}.get(v, v)


def _why(r: dict) -> str:
    parts = []
    if r["verdict_changes"]:
        parts.append("verdict changes")
    if r["beyond_spread"]:
        parts.append(f"{rounded(100 * r['spread'], 0)} pts apart")
    return ", ".join(parts)
