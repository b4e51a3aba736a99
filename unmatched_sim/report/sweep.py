"""The sweep's page and charts: the swept hero's win rate against the value, one line per
opponent (and all opponents together), with 95% intervals, the 50% line, the current value marked
and the estimated 50% crossing shaded; for a two-field grid, a heatmap of the win rate; and the
document ``sim sweep`` renders as index.html (self-contained, as every report) and summary.md."""

from __future__ import annotations

import textwrap

import matplotlib
import matplotlib.patches
import matplotlib.ticker
import numpy as np
import polars as pl
from matplotlib.colors import TwoSlopeNorm

from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Document, Section, Table
from unmatched_sim.report.format import (catalog_board_name, ci, display, even_label, num, opponent_label, pct,
                                         rounded)

#: a chart title's line length in characters: a long card path wraps instead of being cut off
TITLE_WIDTH = 70


def wrap_title(text: str, width: int = TITLE_WIDTH) -> str:
    return "\n".join(textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False))


def _tick_labels(values: list[str], current: set[str]) -> list[str]:
    return [f"{v}\n(current)" if v in current else v for v in values]


def sweep_chart(table: pl.DataFrame, path: str, hero: str, crossings: list[dict] | None = None,
                names: dict[str, str] | None = None):
    """The hero and its opponents by display name (``names``; ids where none is given)."""
    from unmatched_sim.report.cards import against_label
    names = names or {}
    values = table["value"].unique(maintain_order=True).to_list()
    numeric = table["x"].null_count() == 0
    pos = {v: (float(x) if numeric else i) for i, (v, x) in
           enumerate(table.select("value", "x").unique("value", maintain_order=True).iter_rows())}
    current = set(table.filter(pl.col("current"))["value"].to_list()) if "current" in table.columns else set()
    opponents = [o for o in table["opponent"].unique(maintain_order=True).to_list() if o != "all"]
    colors = C.hero_colors(opponents)
    styles = ["-", "--", "-.", ":"]
    markers = ["o", "s", "^", "D", "v", "P"]
    with matplotlib.rc_context(C.RC):
        fig = C._fig(7.5, 4.6)
        ax = fig.add_subplot()
        series = [(o, colors[o], styles[i % len(styles)], markers[i % len(markers)], 1.6)
                  for i, o in enumerate(opponents)]
        if len(opponents) > 1:
            series.append(("all", "#222222", "-", "o", 2.6))
        k = len(series)
        span = (max(pos.values()) - min(pos.values())) or 1
        for v in current:
            ax.axvline(pos[v], color="#2ca02c", lw=1.2, ls=":", zorder=0)
        even = table["even"][0] if "even" in table.columns else 0.5
        cross = {c["opponent"]: c for c in crossings or []}
        main = "all" if len(opponents) > 1 else (opponents[0] if opponents else "all")
        c = cross.get(main)
        if numeric and c and c.get("estimate") is not None:
            lo, hi = c["ci"]
            x0, x1 = min(pos.values()), max(pos.values())
            if lo is not None and hi is not None and hi >= x0 and lo <= x1:
                ax.axvspan(max(lo, x0 - 0.02 * span), min(hi, x1 + 0.02 * span), color="#ffd27f", alpha=0.35, lw=0,
                           zorder=0, label="where the even mark is crossed (95% interval)")
            if x0 <= c["estimate"] <= x1:
                ax.plot([c["estimate"]], [even], marker="x", color="#b35900", ms=9, mew=2, ls="none",
                        label=f"estimated crossing of the even mark ({rounded(c['estimate'], 1)})")
        for j, (o, color, ls, mk, lw) in enumerate(series):
            t = table.filter(pl.col("opponent") == o)
            dx = (j - (k - 1) / 2) * 0.012 * span           # side by side, so intervals do not overlap
            xs = [pos[v] + dx for v in t["value"]]
            ys = t["win_rate"].to_list()
            err = [[y - lo for y, lo in zip(ys, t["ci_low"])], [hi - y for y, hi in zip(ys, t["ci_high"])]]
            label = f"against {against_label(o, names)}" if o != "all" else "against all of them"
            ax.errorbar(xs, ys, yerr=err, color=color, ls=ls, marker=mk, lw=lw, ms=5, capsize=3, label=label)
        ax.axhline(even, color="#999999", lw=1, ls="--", zorder=0)
        ax.set_xticks([pos[v] for v in values], _tick_labels(values, current))
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_locator(matplotlib.ticker.MultipleLocator(0.1))
        ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
        what = field_label(path, names)
        ax.set_xlabel(wrap_title(what))
        who = names.get(hero, hero)
        ax.set_ylabel(f"{who}'s win rate (95% interval)")
        ax.set_title(wrap_title(f"Sweep of {what}: {who}'s win rate by value (same seeds for every value)"))
        ax.grid(axis="y", color="#eeeeee")
        fig.legend(loc="outside lower center", ncol=2, frameon=False, fontsize=8.5)
    return fig


def grid_chart(table: pl.DataFrame, paths: list[str], hero: str, names: dict[str, str] | None = None):
    """A two-field sweep: the hero's win rate against every opponent together, one cell per
    combination (first field across, second up), with its 95% interval and games; cells whose
    interval excludes 50% outlined, the current combination marked."""
    opponents = table["opponent"].unique(maintain_order=True).to_list()
    t = table.filter(pl.col("opponent") == ("all" if "all" in opponents else opponents[0]))
    xs = t["value_1"].unique(maintain_order=True).to_list()
    ys = t["value_2"].unique(maintain_order=True).to_list()
    grid = np.full((len(ys), len(xs)), np.nan)
    cells = {}
    for r in t.iter_rows(named=True):
        i, j = ys.index(r["value_2"]), xs.index(r["value_1"])
        grid[i, j] = r["win_rate"] if r["win_rate"] is not None else np.nan
        cells[(i, j)] = r
    w = max(5.0, 0.95 * len(xs) + 2.6)
    h = max(3.6, 0.7 * len(ys) + 2.2)
    with matplotlib.rc_context(C.RC):
        fig = C._fig(w, h)
        ax = fig.add_subplot()
        even = t["even"][0] if "even" in t.columns and t.height else 0.5
        norm = TwoSlopeNorm(vmin=0.0, vcenter=even, vmax=1.0)
        cmap = matplotlib.colormaps["RdBu"].with_extremes(bad="#f2f2f2")
        im = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, norm=norm, aspect="auto", origin="lower")
        small = 7 if len(xs) <= 8 else 6
        for (i, j), r in cells.items():
            if r["win_rate"] is None:
                continue
            v = r["win_rate"]
            color = "white" if abs(v - even) > 0.28 else "black"
            ax.text(j, i + 0.1, pct(v, 0), ha="center", va="center", fontsize=small + 2, color=color,
                    fontweight="bold" if (r["ci_low"] > even or r["ci_high"] < even) else "normal")
            ax.text(j, i - 0.22, f"{pct(r['ci_low'], 0)}–{pct(r['ci_high'], 0)}", ha="center", va="center",
                    fontsize=small, color=color)
            if r.get("current"):
                ax.add_patch(matplotlib.patches.Rectangle((j - 0.47, i - 0.47), 0.94, 0.94, fill=False, lw=2.2,
                                                          ec="#2ca02c"))
        cur = t.filter(pl.col("current"))
        ax.set_xticks(range(len(xs)), _tick_labels(xs, set(cur["value_1"].to_list())))
        ax.set_yticks(range(len(ys)), [f"{y} (current)" if y in set(cur["value_2"].to_list()) else y for y in ys])
        ax.set_xlabel(wrap_title(field_label(paths[0], names), 60))
        ax.set_ylabel(wrap_title(field_label(paths[1], names), 40))
        ax.tick_params(length=0)
        for s in ax.spines.values():
            s.set_visible(False)
        cb = fig.colorbar(im, ax=ax, shrink=0.8, format=lambda x, _: f"{100 * x:.0f}%")
        who = (names or {}).get(hero, hero)
        cb.set_label(f"{who}'s win rate")
        from unmatched_sim.report.cards import against_label
        vs = "every opponent" if "all" in opponents else against_label(opponents[0], names or {})
        what = f"{field_label(paths[0], names)} × {field_label(paths[1], names)}"
        ax.set_title(wrap_title(f"Sweep of {what}: {who}'s win rate against {vs} "
                                f"(bold: the interval excludes an even {rounded(100 * even, 1).removesuffix('.0')}%; green outline: the current "
                                "values)", 60))
    return fig


# --------------------------------------------------------------------------- the page
FORMAT_WORDS = {"duel": "duels", "ffa": "one free-for-all line-up", "teams": "one team line-up"}


def field_label(path: str, names: dict[str, str] | None) -> str:
    """A swept field as a reader names it: "houdini:Flourish.value" -> "Houdini's Flourish value",
    "medusa.health" -> "Medusa's health" (the path itself is shown where a command takes it)."""
    hero, sep, rest = path.partition(":")
    if not sep:
        hero, _, rest = path.partition(".")
    who = display(hero, names)
    return f"{who}'{'' if who.endswith('s') else 's'} {rest.replace('.', ' ').replace('_', ' ')}"


def _value_label(value: str, current: bool) -> str:
    return f"{value} (current)" if current else value


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _standing(r: dict) -> str:
    """A row's win rate against the even mark, in words."""
    if r["win_rate"] is None:
        return "–"
    if r["ci_low"] > r["even"]:
        return "above even"
    if r["ci_high"] < r["even"]:
        return "below even"
    return "not told apart from even"


def sweep_document(paths: list[str], hero: str, table: pl.DataFrame, cross: list[dict], meta: dict,
                   names: dict[str, str] | None = None, choice: dict[str, str] | None = None) -> Document:
    """The sweep as a document: the chart, every value's win rate per opponent (the current value
    marked), where the win rate crosses the even mark, the value to choose or the values that
    cannot be told apart, and the runs with the commands that read them. Heroes by display name
    (``names``); ids only in the paths and commands. ``choice``: per opponent, the sentence of
    ``sweep.recommendation_text``."""
    names, choice = names or {}, choice or {}
    path = " × ".join(paths)
    what = " × ".join(field_label(p, names) for p in paths)
    who = display(hero, names)
    opponents = meta.get("opponents") or []
    fmt = meta.get("format", "duel")
    main = "all" if "all" in table["opponent"].to_list() else (table["opponent"][0] if table.height else "all")
    cur = meta.get("current")
    cur_text = " × ".join(map(str, cur)) if isinstance(cur, list) else (str(cur) if cur is not None else None)

    findings = []
    now = table.filter(pl.col("current") & (pl.col("opponent") == main)) if "current" in table.columns else table[:0]
    if now.height:
        r = now.row(0, named=True)
        findings.append(f"Now ({what} = {cur_text}): {who} wins {pct(r['win_rate'])} ({ci(r['ci_low'], r['ci_high'])}, "
                        f"{num(r['games'])} games) against {opponent_label(main, names)}.")
    elif cur_text is None:
        findings.append("The hero file does not set this field (a default applies), so no current value is marked.")
    c_main = next((c for c in cross if c["opponent"] == main), None)
    if c_main:
        findings.append(f"Against {opponent_label(main, names)}: {c_main['text']}.")
    elif len(paths) == 2:
        findings.append("Two fields: the heatmap shows every combination; bold cells are those whose interval "
                        "excludes the even mark.")
    if main in choice:      # ("against …: the value, or the values that cannot be told apart")
        findings.append(f"The value to choose {choice[main]}.")

    rows, ids = [], []
    for r in table.iter_rows(named=True):
        rows.append([_value_label(r["value"], bool(r.get("current"))), opponent_label(r["opponent"], names),
                     num(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"]), _standing(r)])
    even = table["even"][0] if "even" in table.columns and table.height else 0.5
    results = Table(["Value", "Against", "Games", f"{who}'s win rate", "95% interval",
                     f"Against even ({even_label(even)})"], rows,
                    caption=f"{who}'s win rate by value of {what} and opponent", align="llrrrl", sortable=True,
                    note="Wilson 95% intervals; every value played from the same seeds (the same deals). "
                         "Click a column header to sort. Numbers: `sweep.csv`, `sweep.json`.")
    chart_caption = (f"{who}'s win rate against each value of {what}, with 95% intervals; the dashed line is "
                     f"{even_label(even)}, the dotted green line the current value, the shaded band where the "
                     "win rate crosses it (95% interval)." if len(paths) == 1 else
                     f"{who}'s win rate at every combination of {what}: blue above even, red below, bold where the "
                     "95% interval excludes even, the current combination outlined in green.")
    sections = [Section("values", "Win rate by value", [
        Chart("sweep", f"{who}'s win rate by value of {what}", chart_caption), results])]
    if cross:
        sections.append(Section("crossing", "Where the win rate crosses the even mark", [
            "A logistic fit of every game's result on the value; the interval is Fieller's, from the fit.",
            [f"Against {opponent_label(c['opponent'], names)}: {c['text']}." for c in cross]]))
    sections.append(Section("choice", "The value to choose", [
        "A value is recommended only where its 95% interval does not overlap another candidate's; values whose "
        "intervals overlap cannot be told apart by these games and are named together.",
        [_sentence(text) for text in choice.values()]]))
    out_runs = meta.get("runs") or {}
    run_rows = [[_value_label(v, cur_text is not None and v == cur_text), f"`{d}/`",
                 f"`sim report {d}`"] for v, d in out_runs.items()]
    if run_rows:
        sections.append(Section("runs", "The runs", [
            "Each value's games are a run directory inside the sweep folder: `sim report`, `sim compare` (any two: "
            "the same seeds, so the comparison is paired) and `sim replay` read them.",
            Table(["Value", "Run directory (in the sweep folder)", "Its report (from the sweep folder)"], run_rows,
                  align="lll")]))
    policies = meta.get("policies") or []
    inputs = Table(["Input", "Value"], [
        ["Swept field", f"`{path}` ({what})"],
        ["Values", ", ".join(_value_label(str(v), cur_text is not None and str(v) == cur_text)
                             for v in (meta.get("values") or [])) if len(paths) == 1
         else "; ".join(f"{field_label(p, names)}: " + ", ".join(
             _value_label(str(v), isinstance(cur, list) and str(v) == str(cur[i])) for v in vs)
             for i, (p, vs) in enumerate(zip(paths, meta.get("values") or [])))],
        ["Hero", who],
        ["Against", ", ".join(display(o, names) for o in opponents) + f" ({FORMAT_WORDS.get(fmt, fmt)})"],
        ["Games per value and opponent", f"{meta.get('games_per_pairing', '?')} (each seed from every seat)"],
        ["Seed", f"{meta.get('seed', '?')} (the same deals for every value)"],
        ["Board", catalog_board_name(str(meta.get("board", "?")))],
        ["Policies", " / ".join(policies) if policies else "?"],
        ["Also set", "; ".join(meta.get("extra_overrides") or []) or "nothing"],
        ["Command", "`" + " ".join(c for c in meta.get("command", []) if not c.startswith("#")) + "`"
         if meta.get("command") else "?"],
    ], align="ll")
    from unmatched_sim import __version__
    return Document(title=f"Sweep — {what}",
                    subtitle=f"{who} against {', '.join(display(o, names) for o in opponents)}: one run per value, "
                             "all from the same seeds.",
                    inputs=inputs, findings=findings, sections=sections, left_out=[],
                    footer=f"Made by unmatched-sim {__version__} with `sim sweep`. Numbers: `sweep.csv`, "
                           "`sweep.json`; the chart for slides: `sweep.png`, `sweep.svg`.")
