"""The report's "How well does the AI play each hero?" section: per hero, the win-rate gain of the
checking policy of a checked run (``--check-with``) over the run's own policy, paired by seed,
and what its mean and spread across heroes say about the verdicts (``analysis.headroom``)."""

from __future__ import annotations

from unmatched_sim import analysis as A
from unmatched_sim.analysis._common import hero_names
from unmatched_sim.analysis.headroom import LOW, UNEVEN, headroom, headroom_summary, reading
from unmatched_sim.report.document import Section, Table
from unmatched_sim.report.format import display, num, pct, pts

TITLE = "How well does the AI play each hero?"
ID = "headroom"


def not_measured_line(run: A.Run) -> str:
    return ("Not measured: only the run's policy played. Add `--check-with ismcts:iterations=200` to `sim tournament` "
            "(or `sim matchup`) to replay 20 games of every pairing with the search playing one hero: this section "
            "then shows, hero by hero, how much better play would win — and whether the verdicts are the heroes' "
            "or partly the AI's.")


def gain_cell(gain, lo, hi) -> str:
    return pts(gain) + ("" if lo is None else f" ({pts(lo)} to {pts(hi)})")


def headroom_section(run: A.Run, findings: list[str], left_out: list) -> Section:
    """The section (one line for a run that was not checked)."""
    if not run.meta.get("check_with"):
        why = not_measured_line(run)
        run._cache["headroom"] = {"how": why}
        return Section(ID, f"{TITLE} (not measured)", [why])
    table = headroom(run)
    s = headroom_summary(table)
    run._cache["headroom"] = {k: v for k, v in s.items()}
    if not table.height:
        why = "no check game has a twin among the run's own games (same pairing, seed and seat)"
        left_out.append((TITLE, why))
        return Section(ID, f"{TITLE} (left out)", [f"Left out: {why}."])
    names = hero_names(run)
    base, check, k = s["policy"], s["check_with"], run.meta.get("check_games")
    blocks: list = [
        f"A balance figure is only as good as the play behind it. This run replayed the first {k} games of every "
        f"pairing (each seed from both seats) with `{check}` playing one hero and the run's `{base}` the other, "
        f"then the other way round. Each such game has a twin in the run: the same deal, seat and opponent "
        f"policy, with `{base}` playing the hero. The **gain** is how much more often the hero wins with `{check}` "
        "— the room for better play the run's AI leaves with that hero. Low and even gains mean the verdicts are "
        "the heroes'; a large or uneven gain means they are partly the AI's.",
        reading(s, names)]
    rows = [[display(r["hero"], names), f"{r['games']:,}", pct(r["base_win_rate"], 0),
             pct(r["check_win_rate"], 0), gain_cell(r["gain"], r["gain_lo"], r["gain_hi"])]
            for r in table.sort("gain", descending=True, maintain_order=True).iter_rows(named=True)]
    mean_cell = gain_cell(s["mean_gain"], s["mean_lo"], s["mean_hi"])
    rows.append(["all heroes: mean", f"{s['games']:,}", "", "", mean_cell])
    if s["sd_gain"] is not None:
        rows.append(["all heroes: spread (SD)", "", "", "",
                     f"{num(100 * s['sd_gain'], 1)} points (noise alone: {num(100 * (s['noise_sd'] or 0), 1)})"])
    blocks.append(Table(
        ["Hero", "Paired games", f"Wins with {base}", f"Wins with {check}", f"Gain (95% interval)"], rows,
        caption=f"Per hero, the largest gain first: the win-rate gain of {check} over {base}, paired by seed", align="lrrrr",
        note=f"Gain: mean of (won with {check} − won with {base}) over the paired games, in points, with a 95% "
             "interval from the standard error clustered by seed (both seats of a seed share the deal). Spread: the "
             "SD of the heroes' gains; noise alone: the root mean square of their standard errors, the spread "
             f"heroes of equal headroom would still show. A hero that already wins nearly all its paired "
             f"games with {base} has little room left to gain: read its gain against 100% minus its win rate. "
             f"Read as low below {num(100 * LOW, 0)} points on average, "
             f"uneven when the spread beyond noise exceeds {num(100 * UNEVEN, 0)} points. Python: "
             "`analysis.headroom.headroom(run)`, `analysis.headroom.headroom_summary(table)`."))
    findings.append(reading(s, names) + f' See "{TITLE}"')
    return Section(ID, TITLE, blocks)
