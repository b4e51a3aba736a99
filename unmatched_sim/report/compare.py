"""``sim compare RUN_A RUN_B``: the diff report of two runs from the same seeds (HTML, Markdown,
a chart, and every table as CSV plus one JSON file)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import matplotlib.ticker
import polars as pl

from unmatched_sim import __version__
from unmatched_sim import analysis as A
from unmatched_sim.analysis import compare as K
from unmatched_sim.analysis._common import hero_names
from unmatched_sim.files import built_in_place
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import (Chart, Document, Section, Table, prepare_out, render_html,
                                           render_markdown)
from unmatched_sim.report.export import export_tables
from unmatched_sim.report.format import display, pct, rounded


@dataclass
class CompareResult:
    out: Path
    files: list[str]
    seconds: float
    result: dict
    names: dict = None          # hero id -> display name


def pts(x, digits: int = 1) -> str:
    """A change in points, signed, as the reports round ("+4.2", "-3.0"; never "-0.0")."""
    if x is None:
        return "–"
    text = rounded(100 * x, digits)
    return text if text.startswith("-") else "+" + text


def pts_ci(lo, hi, digits: int = 1) -> str:
    return f"[{pts(lo, digits)}, {pts(hi, digits)}]"


def tick_pts(x: float, _pos=None) -> str:
    """A tick of the change axis in points, as exact as the tick: ticks fall at 2.5, 7.5 … as
    often as at whole points, and "+3" under a tick at +2.5 misreads the chart."""
    v = round(100 * x, 3)
    return "0" if v == 0 else f"{v:+g}"


def change_chart(rows: list[tuple[str, float, float, float, float, float]], title: str):
    """Each row: (label, change, paired lo, paired hi, unpaired lo, unpaired hi), in points."""
    n = len(rows)
    with matplotlib.rc_context(C.RC):
        fig = C._fig(7.5, max(2.4, 0.45 * n + 1.6))
        ax = fig.add_subplot()
        for i, (label, v, lo, hi, ulo, uhi) in enumerate(rows):
            y = n - 1 - i
            ax.errorbar([v], [y - 0.12], xerr=[[v - ulo], [uhi - v]], color="#aaaaaa", marker="o", mfc="white",
                        ms=5, lw=1.4, label="unpaired 95% interval (as if independent runs)" if i == 0 else None)
            ax.errorbar([v], [y + 0.12], xerr=[[v - lo], [hi - v]], color="#1f77b4", marker="o", ms=6, lw=2,
                        label="paired 95% interval (same seeds)" if i == 0 else None)
        ax.axvline(0, color="#999999", lw=1, ls="--", zorder=0)
        ax.set_yticks([n - 1 - i for i in range(n)], [r[0] for r in rows])
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(tick_pts))
        ax.set_xlabel("change of win rate, B − A (percentage points)")
        ax.set_ylim(-0.6, n - 0.4)
        ax.set_title(title)
        ax.grid(axis="x", color="#eeeeee")
        fig.legend(loc="outside lower center", ncol=2, frameon=False, fontsize=8.5)
    return fig


def shown_tables(result: dict) -> tuple[bool, bool]:
    """Whether the heroes' rows and the matchups' rows are shown: each result once. A run of one
    duel is its matchup (the two heroes' rows are the same result twice); a run of one
    free-for-all or team line-up is its heroes' rows."""
    heroes, matchups = result["heroes"], result["matchups"]
    one_lineup = matchups["lineup"].n_unique() <= 1
    if one_lineup and matchups.height < heroes.height:
        return False, True
    if one_lineup:
        return True, False
    return True, True


def strength_ordered(result: dict) -> dict:
    """The comparison with its heroes strongest first (run A's win rate, as the run's report
    orders them) and its matchups in that order (by their stronger hero, then the weaker; a
    free-for-all or team line-up by its heroes' places in the order): one order in the chart,
    the tables and the printout."""
    from unmatched_sim.report.format import pair_rank
    heroes = result["heroes"].sort(["win_rate_a", "hero"], descending=[True, False])
    order = heroes["hero"].to_list()
    rank = {h: i for i, h in enumerate(order)}
    m = result["matchups"]
    if m.height:
        def key(r: dict) -> tuple:
            others = [h for h in r["opponent"].replace("+", ",").replace(" ", "").split(",") if h]
            if len(others) == 1:
                return (*pair_rank(r["hero"], others[0], order), 0, rank.get(r["hero"], len(order)))
            line = sorted(rank.get(h, len(order)) for h in [r["hero"], *others])
            return (*line, rank.get(r["hero"], len(order)))
        keys = [key(r) for r in m.iter_rows(named=True)]
        m = m.select(pl.all().gather([i for i, _ in sorted(enumerate(keys), key=lambda x: x[1])]))
    return {**result, "heroes": heroes, "matchups": m}


def matchup_label(r: dict, names: dict[str, str]) -> str:
    """A matchup row as a reader names it: "Houdini vs The Genie"; in a free-for-all or team
    game the hero and the others at the table ("Houdini vs The Genie, Loki")."""
    from unmatched_sim.report.cards import against_label
    return f"{display(r['hero'], names)} vs {against_label(r['opponent'], names)}"


def default_compare_dir(run_a: Path, run_b: Path) -> Path:
    return Path("reports") / f"compare-{Path(os.path.abspath(run_a)).name}-vs-{Path(os.path.abspath(run_b)).name}"


def build_compare_report(run_a, run_b, out=None, flips_shown: int = 40) -> CompareResult:
    started = time.perf_counter()
    a, b = A.open_run(run_a), A.open_run(run_b)
    result = strength_ordered(K.compare(a, b))    # refuses non-comparable runs before anything is written
    out = Path(out) if out is not None else default_compare_dir(Path(run_a), Path(run_b))
    with built_in_place(prepare_out(out), out, "the comparison") as tmp:
        files = []
        heroes, matchups, flips = result["heroes"], result["matchups"], result["flipped"]
        names = hero_names(a)       # display names, as the run's own report shows them
        show_heroes, show_matchups = shown_tables(result)
        rows = [(f"{display(r['hero'], names)} (all)", r["change"], r["paired_ci_low"], r["paired_ci_high"],
                 r["unpaired_ci_low"], r["unpaired_ci_high"])
                for r in heroes.iter_rows(named=True)] if show_heroes else []
        rows += [(matchup_label(r, names), r["change"], r["paired_ci_low"], r["paired_ci_high"],
                  r["unpaired_ci_low"], r["unpaired_ci_high"]) for r in matchups.iter_rows(named=True)] \
            if show_matchups else []
        if rows:
            files += C.save(change_chart(rows, "Change of win rate from run A to run B"), tmp, "changes")
        doc = _document(a, b, result, flips_shown, names)
        (tmp / "index.html").write_text(render_html(doc, tmp), encoding="utf-8")
        (tmp / "summary.md").write_text(render_markdown(doc), encoding="utf-8")
        files = ["index.html", "summary.md"] + files
        files += export_tables(tmp, {"heroes": heroes, "matchups": matchups, "flipped_games": flips},
                               extra={"run_a": str(a.path), "run_b": str(b.path),
                                      **K.to_json(result, names)},
                               json_name="compare.json")
    return CompareResult(out, files, time.perf_counter() - started, result, names)


def _document(a: A.Run, b: A.Run, result: dict, flips_shown: int, names: dict[str, str]) -> Document:
    """The comparison as a document; heroes by display name (the tables and compare.json keep
    the ids the commands take)."""
    from unmatched_sim.report.build import board_name
    heroes, matchups, flips = result["heroes"], result["matchups"], result["flipped"]

    def nm(hero):
        return display(hero, names) if hero else "draw"

    diffs = result["differences"] or ["nothing: the two runs have the same inputs, so every change is 0"]
    n = result["games"]
    findings = [f"Run B differs from run A in: {'; '.join(diffs)}.",
                f"{flips.height:,} of {n:,} games ({pct(flips.height / n if n else None)}) have a different "
                "winner; every other game was decided the same way in both runs."]
    show_heroes, show_matchups = shown_tables(result)
    for r in heroes.iter_rows(named=True) if show_heroes else []:        # strength order, as the tables
        sig = "a real change" if r["significant"] else "not distinguishable from no change"
        now = K.standing(r["win_rate_b"], r["ci_low_b"], r["ci_high_b"], r["even"], r["hero"], None, names)
        findings.append(f"**{nm(r['hero'])}**: {pct(r['win_rate_a'])} → {pct(r['win_rate_b'])} "
                        f"({pts(r['change'])} points, paired 95% interval "
                        f"{pts_ci(r['paired_ci_low'], r['paired_ci_high'])}; "
                        f"unpaired {pts_ci(r['unpaired_ci_low'], r['unpaired_ci_high'])}) — {sig}. After the change "
                        f"it wins {pct(r['win_rate_b'])} (95% interval {pct(r['ci_low_b'])}–{pct(r['ci_high_b'])}): "
                        f"{now}.")
    for r in matchups.iter_rows(named=True) if show_matchups else []:
        if show_heroes and not r["significant"]:
            continue            # the heroes' lines said it; a matchup is named when it really changed
        sig = "a real change" if r["significant"] else "not distinguishable from no change"
        now = K.standing(r["win_rate_b"], r["ci_low_b"], r["ci_high_b"], r["even"], r["hero"], r["opponent"], names)
        findings.append(f"**{matchup_label(r, names)}**: {nm(r['hero'])} {pct(r['win_rate_a'])} → "
                        f"{pct(r['win_rate_b'])} ({pts(r['change'])} points, paired 95% interval "
                        f"{pts_ci(r['paired_ci_low'], r['paired_ci_high'])}) — {sig}. Where it stands now: "
                        f"{pct(r['win_rate_b'])} (95% interval {pct(r['ci_low_b'])}–{pct(r['ci_high_b'])}, "
                        f"{r['games']:,} games), {now}.")
    if result["width_ratio_median"]:
        findings.append(f"The paired intervals are {rounded(result['width_ratio_median'], 1)}× narrower than the unpaired "
                        "ones (median): both runs played the same seeds, so most games end the same way and only "
                        "the flipped games carry the difference.")

    def row(label: str, r: dict, opponent) -> list[str]:
        keep = "\u00a0"            # a number and its interval stay on one line in a narrow column
        return [label, f"{r['games']:,}", pct(r["win_rate_a"]),
                f"{pct(r['win_rate_b'])}{keep}({pct(r['ci_low_b'], 0)}\u2060–\u2060{pct(r['ci_high_b'], 0)})",
                pts(r["change"]),
                pts_ci(r["paired_ci_low"], r["paired_ci_high"]).replace(" ", keep),
                f"{r['flipped_to_win']:,}{keep}/{keep}{r['flipped_to_loss']:,}", "yes" if r["significant"] else "no",
                K.standing(r["win_rate_b"], r["ci_low_b"], r["ci_high_b"], r["even"], r["hero"], opponent, names)]
    hero_rows = [row(nm(r["hero"]), r, None) for r in heroes.iter_rows(named=True)]
    head = ["Hero", "Games", "Win rate A", "Win rate B (95%)", "Change (pts)", "Paired 95%",
            "Flipped to win / to loss", "Real change", "Where it stands in B"]
    m_rows = [row(matchup_label(r, names), r, r["opponent"]) for r in matchups.iter_rows(named=True)]
    note_text = ("Change = win rate in B − win rate in A. Paired: per game the hero scores won in B − won in A; "
                 "normal interval of the mean with a variance clustered by seed (both seatings of a seed share the "
                 "deals). Win rate B: the Wilson 95% interval of run B alone; where it stands: that interval against "
                 "an even result (50%; a free-for-all: one in the number of players). ")
    shown = flips.head(flips_shown)
    from unmatched_sim.report.cards import against_label

    def who(ids):
        return against_label(ids, names) if ids else "draw"
    duel = result.get("format", "duel") == "duel"
    f_rows = [[str(r["game_id"]), f"{nm(r['hero_a'])} vs {nm(r['hero_b'])}" if duel else who(r["lineup"]),
               nm(r["first_hero"]), who(r["winner_a"]), who(r["winner_b"]), f"{r['turns_a']} → {r['turns_b']}",
               f"{C.source_label(r['end_reason_a'] or 'unknown')} → {C.source_label(r['end_reason_b'] or 'unknown')}"]
              for r in shown.iter_rows(named=True)]
    example = flips.row(0, named=True)["game_id"] if flips.height else 0
    sections = [
        Section("changes", "What changed", [
            Chart("changes", "Change of win rate with paired and unpaired intervals",
                  "Each row: the change of a win rate from run A to run B in percentage points (dot). Blue: the "
                  "paired 95% interval, which uses that game i of both runs was played from the same seed, seat "
                  "and deals; grey: the interval two independent runs of this size would give. The dashed line "
                  "is no change."),
            *([Table(head, hero_rows,
                     caption="Each hero against the others (mirrors left out), strongest first in run A",
                     align="lrrrrrrll", sortable=True,
                     note=note_text + "Unpaired: Newcombe's interval from the two Wilson intervals, ignoring the "
                          "pairing (in the chart, `tables/heroes.csv` and `compare.json`). Python: "
                          "`analysis.compare.compare_heroes(a, b)`.")] if show_heroes else []),
            *([Table(["Matchup"] + head[1:], m_rows,
                     caption="Each matchup once (the first hero's win rate), in strength order",
                     align="lrrrrrrll", sortable=True, note=("" if show_heroes else note_text)
                     + "Python: `analysis.compare.compare_matchups(a, b)`.")] if show_matchups else []),
        ]),
        Section("flipped", "Games whose winner flipped", [
            f"{flips.height:,} games have a different winner in the two runs"
            + (f"; the first {shown.height} are listed" if flips.height > shown.height else "")
            + f". Tell either version with `sim replay {a.path} GAME_ID` and `sim replay {b.path} GAME_ID` "
              f"(e.g. game {example}). All of them are in `tables/flipped_games.csv`.",
            Table(["Game", "Matchup" if duel else "Line-up", "Went first", "Winner in A", "Winner in B", "Turns A → B",
                   "End A → B"], f_rows,
                  caption="Flipped games", align="rllllrl", sortable=True,
                  note="Python: `analysis.compare.flipped_games(a, b)`."),
        ]),
    ]
    inputs = Table(["Input", "Run A", "Run B"], [
        ["Run", str(a.path), str(b.path)],
        ["Games", f"{a.n_games():,}", f"{b.n_games():,}"],
        ["Seed", str(a.meta.get("seed")), str(b.meta.get("seed"))],
        ["Board", board_name(a), board_name(b)],
        ["Policies", f"{a.meta.get('policy_a')} / {a.meta.get('policy_b')}",
         f"{b.meta.get('policy_a')} / {b.meta.get('policy_b')}"],
        ["What-if overrides", "; ".join(a.meta.get("overrides") or []) or "none",
         "; ".join(b.meta.get("overrides") or []) or "none"],
        ["Command", "`" + " ".join(a.meta.get("command", [])) + "`", "`" + " ".join(b.meta.get("command", [])) + "`"],
    ], align="lll")
    return Document(title=f"Comparison — {a.name} → {b.name}",
                    subtitle=f"{n:,} games played from the same seeds in both runs; what changed, with paired "
                             "intervals.",
                    inputs=inputs, findings=findings, sections=sections, left_out=[],
                    footer=f"Made by unmatched-sim {__version__} with `sim compare {a.path} {b.path}`. "
                           "Tables: `tables/*.csv`; all numbers: `compare.json`.")
