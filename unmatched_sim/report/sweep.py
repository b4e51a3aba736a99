"""The sweep charts: the swept hero's win rate against the value, one line per opponent (and
all opponents together), with 95% intervals, the 50% line, the current value marked and the
estimated 50% crossing shaded; and for a two-field grid, a heatmap of the win rate."""

from __future__ import annotations

import textwrap

import matplotlib
import matplotlib.patches
import matplotlib.ticker
import numpy as np
import polars as pl
from matplotlib.colors import TwoSlopeNorm

from unmatched_sim.report import charts as C
from unmatched_sim.report.format import pct

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
                        label=f"estimated crossing of the even mark ({c['estimate']:.1f})")
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
        ax.set_xlabel(wrap_title(path))
        who = names.get(hero, hero)
        ax.set_ylabel(f"{who}'s win rate (95% interval)")
        ax.set_title(wrap_title(f"Sweep of {path}: {who}'s win rate by value (same seeds for every value)"))
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
        ax.set_xlabel(wrap_title(paths[0], 60))
        ax.set_ylabel(wrap_title(paths[1], 40))
        ax.tick_params(length=0)
        for s in ax.spines.values():
            s.set_visible(False)
        cb = fig.colorbar(im, ax=ax, shrink=0.8, format=lambda x, _: f"{100 * x:.0f}%")
        who = (names or {}).get(hero, hero)
        cb.set_label(f"{who}'s win rate")
        from unmatched_sim.report.cards import against_label
        vs = "every opponent" if "all" in opponents else against_label(opponents[0], names or {})
        ax.set_title(wrap_title(f"Sweep of {paths[0]} × {paths[1]}: {who}'s win rate against {vs} "
                                f"(bold: the interval excludes an even {pct(even)}; green outline: the current "
                                "values)", 60))
    return fig
