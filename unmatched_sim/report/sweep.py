"""The sweep chart: the swept hero's win rate against the value, one line per opponent (and
all opponents together), with 95% intervals and the 50% line."""

from __future__ import annotations

import matplotlib
import matplotlib.ticker
import polars as pl

from unmatched_sim.report import charts as C


def sweep_chart(table: pl.DataFrame, path: str, hero: str):
    values = table["value"].unique(maintain_order=True).to_list()
    numeric = table["x"].null_count() == 0
    pos = {v: (float(v) if numeric else i) for i, v in enumerate(values)}
    opponents = [o for o in table["opponent"].unique(maintain_order=True).to_list() if o != "all"]
    colors = C.hero_colors(opponents)
    styles = ["-", "--", "-.", ":"]
    markers = ["o", "s", "^", "D", "v", "P"]
    with matplotlib.rc_context(C.RC):
        fig = C._fig(7.5, 4.2)
        ax = fig.add_subplot()
        series = [(o, colors[o], styles[i % len(styles)], markers[i % len(markers)], 1.6)
                  for i, o in enumerate(opponents)]
        if len(opponents) > 1:
            series.append(("all", "#222222", "-", "o", 2.6))
        k = len(series)
        span = (max(pos.values()) - min(pos.values())) or 1
        for j, (o, color, ls, mk, lw) in enumerate(series):
            t = table.filter(pl.col("opponent") == o)
            dx = (j - (k - 1) / 2) * 0.012 * span           # side by side, so intervals do not overlap
            xs = [pos[v] + dx for v in t["value"]]
            ys = t["win_rate"].to_list()
            err = [[y - lo for y, lo in zip(ys, t["ci_low"])], [hi - y for y, hi in zip(ys, t["ci_high"])]]
            label = f"against {o}" if o != "all" else "against all of them"
            ax.errorbar(xs, ys, yerr=err, color=color, ls=ls, marker=mk, lw=lw, ms=5, capsize=3, label=label)
        ax.axhline(0.5, color="#999999", lw=1, ls="--", zorder=0)
        ax.set_xticks([pos[v] for v in values], values)
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_locator(matplotlib.ticker.MultipleLocator(0.1))
        ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{100 * y:.0f}%"))
        ax.set_xlabel(path)
        ax.set_ylabel(f"{hero}'s win rate (95% interval)")
        ax.set_title(f"Sweep of {path}: {hero}'s win rate by value (same seeds for every value)")
        ax.grid(axis="y", color="#eeeeee")
        ax.legend(frameon=False, fontsize=8.5, loc="best")
    return fig
