"""The report's charts, drawn with matplotlib's object API (no pyplot, no global state: the Agg
canvas renders PNG and SVG without a display). Each function takes analysis tables and returns a
``Figure``; ``save`` writes it as PNG and SVG."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.patches
import matplotlib.ticker
import numpy as np
import polars as pl
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure

from unmatched_sim.report.format import ci, display, pct, percent_axis, rounded, source_label

PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22"]
SOURCE_COLORS = {"combat": "#4c72b0", "card": "#dd8452", "ability": "#55a868", "spell": "#8172b3",
                 "misery": "#937860", "board": "#da8bc3", "exhaustion": "#8c8c8c", "misery_bust": "#c44e52",
                 "effect": "#ccb974"}
OUTCOME_COLORS = {"stop": "#4c72b0", "bust": "#c44e52", "game over": "#8c8c8c"}
DPI = 100

RC = {"font.size": 9.5, "axes.titlesize": 10.5, "axes.spines.top": False, "axes.spines.right": False,
      "svg.hashsalt": "unmatched-sim", "svg.fonttype": "path", "axes.grid": False}


def hero_colors(heroes: list[str]) -> dict[str, str]:
    return {h: PALETTE[i % len(PALETTE)] for i, h in enumerate(heroes)}


def save(fig: Figure, out: Path, name: str) -> list[str]:
    """Write ``name``.png and ``name``.svg into ``out``; returns the file names."""
    with matplotlib.rc_context(RC):
        fig.savefig(out / f"{name}.png", dpi=DPI, metadata={"Software": None})
        fig.savefig(out / f"{name}.svg", metadata={"Date": None, "Creator": None})
    return [f"{name}.png", f"{name}.svg"]


def _fig(w: float, h: float) -> Figure:
    with matplotlib.rc_context(RC):
        return Figure(figsize=(w, h), layout="constrained")




# --------------------------------------------------------------------------- win rates
def win_matrix_chart(matrix: pl.DataFrame, seats: pl.DataFrame, order: list[str],
                     flagged: set[tuple[str, str]] | None = None, names: dict[str, str] | None = None) -> Figure:
    """Heatmap: row hero's win rate against the column hero, 95% interval, games; cells whose
    interval excludes 50% are outlined and starred; the diagonal shows mirror first-seat rates;
    ``flagged`` (hero, opponent) cells — policy-dependent matchups — get a † and a dashed outline.
    ``order``: hero ids, strongest first; labelled by their display names (``names``). Two heroes
    that played no mirror draw no diagonal: one row, the first hero against the second."""
    flagged = flagged or set()
    played_mirror = {r["hero"] for r in seats.iter_rows(named=True) if r.get("mirror_games")}
    if len(order) == 2 and not played_mirror & set(order):
        return _one_matchup_chart(matrix, order, flagged, names)
    n = len(order)
    size = max(4.2, 1.15 * n + 1.8)
    with matplotlib.rc_context(RC):
        fig = _fig(size + 0.9, size)
        ax = fig.add_subplot()
        cell = {(h, o): r for h, o, r in zip(matrix["hero"], matrix["opponent"], matrix.iter_rows(named=True))}
        mirror = {r["hero"]: r for r in seats.iter_rows(named=True)}
        grid = np.full((n, n), np.nan)
        for i, h in enumerate(order):
            for j, o in enumerate(order):
                r = cell.get((h, o))
                if r is not None and r["win_rate"] is not None:
                    grid[i, j] = r["win_rate"]
        norm = TwoSlopeNorm(vmin=0.0, vcenter=0.5, vmax=1.0)
        cmap = matplotlib.colormaps["RdBu"].with_extremes(bad="#f2f2f2")
        im = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, norm=norm, aspect="equal")
        big = 10 if n <= 6 else 8.5
        small = 7 if n <= 6 else 6
        for i, h in enumerate(order):
            for j, o in enumerate(order):
                if h == o:
                    m = mirror.get(h)
                    txt = "mirror"
                    if m and m["mirror_games"]:
                        txt += f"\n1st seat {pct(m['mirror_first_win_rate'], 0)}\nn={m['mirror_games']:,}"
                    else:       # never played in this run: a blank cell, not a grey "mirror" one
                        ax.add_patch(matplotlib.patches.Rectangle((j - 0.5, i - 0.5), 1, 1, color="white", lw=0))
                        txt = "no mirror\nplayed"
                    ax.text(j, i, txt, ha="center", va="center", fontsize=small, color="#555555")
                    continue
                r = cell.get((h, o))
                if r is None or not r["games"]:
                    ax.text(j, i, "not played", ha="center", va="center", fontsize=small, color="#777777")
                    continue
                v = r["win_rate"]
                color = "white" if abs(v - 0.5) > 0.28 else "black"
                star = "*" if r["significant"] else ""
                dagger = "†" if (h, o) in flagged else ""
                if dagger:
                    ax.add_patch(matplotlib.patches.Rectangle((j - 0.42, i - 0.42), 0.84, 0.84, fill=False,
                                                              lw=1.4, ec="#e67e00", ls="--"))
                ax.text(j, i - 0.12, f"{pct(v, 0)}{star}{dagger}", ha="center", va="center", fontsize=big,
                        fontweight="bold" if star else "normal", color=color)
                ax.text(j, i + 0.22, f"[{ci(r['ci_low'], r['ci_high'], 0)}]\nn={r['games']:,}",
                        ha="center", va="center", fontsize=small, color=color, linespacing=1.1)
                if star:
                    ax.add_patch(matplotlib.patches.Rectangle((j - 0.47, i - 0.47), 0.94, 0.94, fill=False,
                                                              lw=1.6, ec="black"))
        ax.set_xticks(range(n), [display(h, names) for h in order], rotation=30, ha="right")
        ax.set_yticks(range(n), [display(h, names) for h in order])
        ax.set_xlabel("opponent")
        ax.set_ylabel("hero (row) — strongest first")
        ax.tick_params(length=0)
        for s in ax.spines.values():
            s.set_visible(False)
        cb = fig.colorbar(im, ax=ax, shrink=0.7, format=percent_axis)
        cb.set_label("row hero's win rate")
        ax.set_title("Win rate of the row hero against the column hero")
    return fig


def _one_matchup_chart(matrix: pl.DataFrame, order: list[str], flagged: set, names: dict[str, str] | None) -> Figure:
    """A two-hero run without mirrors: its one matchup as a bar from 0 to 100%, split at the first
    hero's win rate, with the interval — not a 2 x 2 grid whose diagonal is empty."""
    h, o = order
    r = next((x for x in matrix.iter_rows(named=True) if x["hero"] == h and x["opponent"] == o), None)
    with matplotlib.rc_context(RC):
        fig = _fig(7.5, 1.9)
        ax = fig.add_subplot()
        if r is None or not r["games"]:
            ax.text(0.5, 0, "not played", ha="center", va="center")
        else:
            v = r["win_rate"]
            ax.barh([0], [v], color="#2166ac", height=0.5)
            ax.barh([0], [1 - v], left=[v], color="#b2182b", height=0.5)
            ax.errorbar([v], [0], xerr=[[v - r["ci_low"]], [r["ci_high"] - v]], color="black", capsize=5, lw=1.5)
            mark = ("*" if r["significant"] else "") + (" †" if (h, o) in flagged else "")
            ax.text(v, 0.5, f"{display(h, names)} wins {pct(v)}{mark} (95%: {ci(r['ci_low'], r['ci_high'])}, "
                    f"n={r['games']:,})", ha="center", va="bottom", fontsize=9)
        ax.plot([0.5, 0.5], [-0.4, 0.32], color="#999999", lw=1, ls="--")      # 50%, under the label
        ax.set_xlim(0, 1)
        ax.set_ylim(-0.5, 1.0)
        ax.set_yticks([])
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(percent_axis))
        ax.set_xlabel(f"share of games: {display(h, names)} (blue) won, {display(o, names)} (red) won or drew")
        ax.set_title(f"{display(h, names)} vs {display(o, names)}")
    return fig


def forest_chart(rows: list[dict], title: str, xlabel: str = "win rate",
                 legend_order: list[str] | None = None, reference: float | None = 0.5) -> Figure:
    """Horizontal interval plot. ``rows``: label, then a list of (value, lo, hi, marker label,
    style) series per row; a dashed line marks ``reference`` (50% by default; None: no line). ``legend_order``: series labels, in legend order."""
    n = len(rows)
    with matplotlib.rc_context(RC):
        fig = _fig(7.5, max(2.4, 0.42 * n + 1.6))
        ax = fig.add_subplot()
        styles = {}
        for i, row in enumerate(rows):
            y = n - 1 - i
            series = row["series"]
            k = len(series)
            for s_i, (v, lo, hi, label, style) in enumerate(series):
                if v is None:
                    continue
                dy = (s_i - (k - 1) / 2) * 0.22
                kw = dict(marker=style.get("marker", "o"), color=style.get("color", "black"),
                          mfc=style.get("mfc", style.get("color", "black")), ms=6, lw=1.6, capsize=0)
                if lo is not None and hi is not None:
                    ax.errorbar([v], [y + dy], xerr=[[v - lo], [hi - v]], label=label if label not in styles else None, **kw)
                else:
                    ax.plot([v], [y + dy], ls="none", label=label if label not in styles else None,
                            **{k2: kw[k2] for k2 in ("marker", "color", "mfc", "ms")})
                styles[label] = True
        if reference is not None:       # the even (or fair-share) line
            ax.axvline(reference, color="#999999", lw=1, ls="--", zorder=0)
        ax.set_yticks([n - 1 - i for i in range(n)], [r["label"] for r in rows])
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(percent_axis))
        ax.set_xlabel(xlabel)
        ax.set_ylim(-0.6, n - 0.4)
        ax.set_title(title)
        ax.grid(axis="x", color="#eeeeee")
        handles, labels = ax.get_legend_handles_labels()
        wanted = [lb for lb in legend_order or [] if lb in labels] + [lb for lb in labels if lb not in (legend_order or [])]
        fig.legend([handles[labels.index(lb)] for lb in wanted], wanted, loc="outside lower center", ncol=3,
                   frameon=False, fontsize=8.5)
    return fig


# --------------------------------------------------------------------------- damage
def damage_curves_chart(curves: pl.DataFrame, order: list[str], lengths: dict[str, float],
                        names: dict[str, str] | None = None) -> Figure:
    """Small multiples, one panel per hero: damage dealt so far and health left, median line
    and interquartile band, by turn."""
    n = len(order)
    cols = min(3, n)
    rows = (n + cols - 1) // cols
    with matplotlib.rc_context(RC):
        fig = _fig(3.3 * cols + 0.6, 2.6 * rows + 0.7)
        axes = fig.subplots(rows, cols, sharex=True, sharey=True, squeeze=False)
        top = max(float(curves["dealt_q75"].max() or 0), float(curves["health_q75"].max() or 0)) + 1
        for idx, hero in enumerate(order):
            ax = axes[idx // cols][idx % cols]
            c = curves.filter(pl.col("hero") == hero).sort("turn")
            t = c["turn"].to_list()
            ax.fill_between(t, c["dealt_q25"].to_list(), c["dealt_q75"].to_list(), color="#c44e52", alpha=0.18, lw=0,
                            step=None)
            ax.plot(t, c["dealt_median"].to_list(), color="#c44e52", lw=2, label="damage dealt (median)")
            ax.fill_between(t, c["health_q25"].to_list(), c["health_q75"].to_list(), color="#4c72b0", alpha=0.18, lw=0)
            ax.plot(t, c["health_median"].to_list(), color="#4c72b0", lw=2, ls="--", label="health left (median)")
            if hero in lengths:
                ax.axvline(lengths[hero], color="#777777", lw=1, ls=":", label="median game length")
            ax.set_title(display(hero, names))
            ax.set_ylim(0, top)
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
            ax.yaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
            ax.grid(color="#f0f0f0")
        for idx in range(n, rows * cols):
            axes[idx // cols][idx % cols].set_visible(False)
        for ax in axes[-1]:
            ax.set_xlabel("turn (both players' turns count)")
        for r in axes:
            r[0].set_ylabel("damage / health")
        handles, labels = axes[0][0].get_legend_handles_labels()
        handles += [matplotlib.patches.Patch(color="#888888", alpha=0.25)]
        labels += ["shaded: middle half of games (25th–75th percentile)"]
        fig.legend(handles, labels, loc="outside lower center", ncol=2, frameon=False, fontsize=8.5)
    return fig


def damage_sources_chart(sources: pl.DataFrame, order: list[str], names: dict[str, str] | None = None) -> Figure:
    """Two stacked horizontal bar charts: damage dealt per game and damage taken per game, by source."""
    all_sources = sources["source"].unique().to_list()
    known = [s for s in SOURCE_COLORS if s in all_sources]
    others = sorted(s for s in all_sources if s not in SOURCE_COLORS)
    srcs = known + others
    extra = ["#937860", "#da8bc3", "#ccb974", "#64b5cd"]
    colors = {s: SOURCE_COLORS.get(s, extra[i % len(extra)]) for i, s in enumerate(srcs)}
    n = len(order)
    with matplotlib.rc_context(RC):
        fig = _fig(9, max(2.4, 0.45 * n + 1.6))
        axes = fig.subplots(1, 2, sharey=True)
        for ax, col, title in ((axes[0], "dealt_per_game", "Damage dealt per game"),
                               (axes[1], "taken_per_game", "Damage taken per game")):
            left = [0.0] * n
            for s in srcs:
                vals = []
                for h in order:
                    r = sources.filter((pl.col("hero") == h) & (pl.col("source") == s))
                    vals.append(float(r[col][0]) if r.height else 0.0)
                if not any(vals):
                    continue
                ys = [n - 1 - i for i in range(n)]
                ax.barh(ys, vals, left=left, color=colors[s], label=source_label(s), height=0.6)
                left = [a + b for a, b in zip(left, vals)]
            for i, total in enumerate(left):
                ax.text(total, n - 1 - i, f" {rounded(total, 1)}", va="center", fontsize=8)
            ax.set_title(title)
            ax.set_xlabel("average per game")
            ax.set_xlim(0, max(left + [1]) * 1.15)
        axes[0].set_yticks([n - 1 - i for i in range(n)], [display(h, names) for h in order])
        handles = {}
        for ax in axes:
            for hd, lb in zip(*ax.get_legend_handles_labels()):
                handles.setdefault(lb, hd)
        if handles:             # no damage at all draws empty bars (the report writes a note instead)
            fig.legend(list(handles.values()), list(handles.keys()), loc="outside lower center", ncol=min(len(handles), 5),
                       frameon=False, fontsize=8.5)
    return fig


# --------------------------------------------------------------------------- exhaustion
EXHAUSTION_LINES = 8     # lines a deck-exhaustion chart can show apart (and its legend hold)


def exhaustion_chart_note(order: list[str]) -> str:
    """The chart caption's word on which heroes the exhaustion chart leaves out, if any."""
    if len(order) <= EXHAUSTION_LINES:
        return ""
    return (f" Of the {len(order)} heroes the chart draws the {EXHAUSTION_LINES} whose decks ran out in the most "
            "games; the table below has every hero.")


def exhaustion_chart(timing: pl.DataFrame, order: list[str], max_turn: int,
                     names: dict[str, str] | None = None) -> Figure:
    """Share of each hero's games in which its deck has run out, by turn (cumulative steps).

    At most ``EXHAUSTION_LINES`` lines: with more heroes, those whose decks ran out in the most
    games (the title says so; the report's table has every hero)."""
    shown = order
    if len(order) > EXHAUSTION_LINES:
        final = dict(timing.group_by("hero").agg(pl.col("cumulative_share").max()).iter_rows())
        shown = sorted(order, key=lambda h: (-final.get(h, 0.0), order.index(h)))[:EXHAUSTION_LINES]
    colors = hero_colors(shown)
    with matplotlib.rc_context(RC):
        fig = _fig(7.5, 3.6)
        ax = fig.add_subplot()
        for h in shown:
            t = timing.filter(pl.col("hero") == h).sort("turn")
            if t.height == 0:
                ax.plot([0, max_turn], [0, 0], color=colors[h], lw=1.5, label=f"{display(h, names)} (never)")
                continue
            xs = [0] + t["turn"].to_list() + [max(max_turn, t["turn"].max() + 1)]
            ys = [0] + t["cumulative_share"].to_list() + [t["cumulative_share"][-1]]
            k = shown.index(h)
            # line style and marker as well as colour, so blue/cyan and red/orange lines stay apart
            ax.step(xs, ys, where="post", color=colors[h], lw=2, label=display(h, names), ls=["-", "--", "-.", ":"][k % 4],
                    marker=["o", "s", "^", "D", "v", "P"][k % 6], markevery=max(1, len(xs) // 6), ms=4)
        # ticks at round percentages, printed with as many decimals as they need (2.5%, not "2%")
        ax.yaxis.set_major_locator(matplotlib.ticker.MaxNLocator(nbins=6, steps=[1, 2, 5, 10]))
        ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(
            lambda y, _: f"{rounded(100 * y, 3).rstrip('0').rstrip('.')}%"))
        ax.set_ylim(bottom=0)
        ax.set_xlabel("turn (both players' turns count)")
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        ax.set_ylabel("games with the deck run out")
        ax.set_title("When decks run out: share of each hero's games, by turn" if shown is order else
                     f"When decks run out: the {len(shown)} of {len(order)} heroes whose decks ran out most")
        ax.grid(color="#f0f0f0")
        ax.legend(frameon=False, fontsize=8.5, loc="upper left")
    return fig


# --------------------------------------------------------------------------- misery
def misery_risk_chart(risk: pl.DataFrame) -> Figure:
    """Chance the next reveal busts, by miseries already revealed: exact (blind), exact for the
    positions the policy pushed from, and simulated with 95% intervals."""
    with matplotlib.rc_context(RC):
        fig = _fig(7.5, 4.0)
        ax = fig.add_subplot()
        risk = risk.filter(pl.col("exact_blind").is_not_null() | (pl.col("attempts") > 0))
        heroes = risk["hero"].unique(maintain_order=True).to_list()
        for hero in heroes:
            r = risk.filter(pl.col("hero") == hero).sort("revealed")
            blind = r.filter(pl.col("exact_blind").is_not_null())
            suffix = f" ({hero})" if len(heroes) > 1 else ""
            if blind.height:
                ax.plot(blind["revealed"].to_list(), blind["exact_blind"].to_list(), color="#555555", lw=1.5,
                        marker="s", ms=5, label="exact, knowing only how many are out" + suffix)
            gf = r.filter(pl.col("exact_given_feathers").is_not_null() & (pl.col("attempts") > 0))
            if gf.height:
                ax.plot(gf["revealed"].to_list(), gf["exact_given_feathers"].to_list(), ls="none", marker="D",
                        mfc="white", mec="#2ca02c", ms=7, mew=1.5,
                        label="exact, for the feathers showing when the policy pushed" + suffix)
            sim = r.filter(pl.col("attempts") > 0)
            if sim.height:
                v = sim["simulated"].to_list()
                lo = [a - b for a, b in zip(v, sim["ci_low"].to_list())]
                hi = [b - a for a, b in zip(v, sim["ci_high"].to_list())]
                ax.errorbar(sim["revealed"].to_list(), v, yerr=[lo, hi], ls="none", marker="o", color="#c44e52",
                            ms=6, capsize=3, label="simulated (95% interval)" + suffix)
        ax.set_ylim(0, 1.05)
        ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(percent_axis))
        ax.set_xlabel("miseries already revealed this turn (n = reveals made from there in the simulation)")
        ax.set_ylabel("chance the next reveal busts")
        ks = sorted(set(risk["revealed"].to_list()))
        made = risk.group_by("revealed").agg(pl.col("attempts").sum())
        made = dict(made.iter_rows())
        ax.set_xticks(ks, [f"{k}\nn={made.get(k, 0):,}" for k in ks])
        ax.set_title("Misery risk: chance the next reveal busts")
        ax.grid(color="#f0f0f0")
        ax.legend(frameon=False, fontsize=8, loc="upper left")
    return fig


def misery_pushes_chart(pushes: pl.DataFrame) -> Figure:
    """How many miseries each gamble revealed, split by how it ended."""
    with matplotlib.rc_context(RC):
        fig = _fig(7.5, 3.4)
        ax = fig.add_subplot()
        ks = sorted(set(pushes["revealed"].to_list()))
        bottom = {k: 0.0 for k in ks}
        for outcome in ("stop", "bust", "game over"):
            sub = pushes.filter(pl.col("outcome") == outcome)
            if sub.height == 0:
                continue
            vals = {k: v for k, v in zip(sub["revealed"].to_list(), sub["share"].to_list())}
            ys = [vals.get(k, 0.0) for k in ks]
            label = {"stop": "stopped safely", "bust": "busted", "game over": "game ended mid-gamble"}[outcome]
            ax.bar(ks, ys, bottom=[bottom[k] for k in ks], color=OUTCOME_COLORS[outcome], label=label, width=0.7)
            for k, y in zip(ks, ys):
                bottom[k] += y
        for k in ks:
            ax.text(k, bottom[k], pct(bottom[k], 0), ha="center", va="bottom", fontsize=8)
        ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(percent_axis))
        ax.set_xticks(ks)
        ax.set_xlabel("miseries revealed in the turn (including one that busted)")
        ax.set_ylabel("share of turns")
        ax.set_title("How far the policy pushed")
        ax.legend(frameon=False, fontsize=8.5)
    return fig


# --------------------------------------------------------------------------- length and endings
def game_length_chart(length: pl.DataFrame, reasons: pl.DataFrame) -> Figure:
    """Histogram of game length, and a bar of how games ended."""
    with matplotlib.rc_context(RC):
        fig = _fig(10, 3.6)
        a1, a2 = fig.subplots(1, 2, width_ratios=[2.2, 1])
        a1.bar(length["turns"].to_list(), length["share"].to_list(), color="#4c72b0", width=0.85)
        a1.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(percent_axis))
        a1.set_xlabel("game length in turns (both players' turns count)")
        a1.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        a1.set_ylabel("share of games")
        a1.set_title("Game length")
        r = reasons.sort("games")
        labels = r["end_reason"].to_list()
        a2.barh(range(len(labels)), r["share"].to_list(),
                color=[SOURCE_COLORS.get(x, "#8c8c8c") for x in labels], height=0.6)
        for i, s in enumerate(r["share"].to_list()):
            a2.text(s, i, f" {pct(s)}", va="center", fontsize=8)
        a2.set_yticks(range(len(labels)), [source_label(x) for x in labels])
        a2.set_xlim(0, 1.18)
        a2.set_xticks([0, 0.25, 0.5, 0.75, 1.0])
        a2.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(percent_axis))
        a2.set_title("How games ended")
    return fig


# --------------------------------------------------------------------------- comebacks
#: a cell of the comeback chart resting on fewer sides of games than this is greyed, its rate unshown
FEW_SIDES = 20


def comeback_chart(table: pl.DataFrame, turn_labels: list[str], lead_labels: list[str]) -> Figure:
    """Heatmap: the chance to win of a side with each health lead (rows, ahead at the top) at the end
    of each band of turns (columns), from ``analysis.comeback``; a cell shows the win rate and its
    number of sides of games, greyed when they are few."""
    n_t, n_l = len(turn_labels), len(lead_labels)
    grid = np.full((n_l, n_t), np.nan)
    cells = {(r["lead_index"], r["turn_index"]): r for r in table.iter_rows(named=True)}
    for (li, ti), r in cells.items():
        if r["sides"] >= FEW_SIDES:
            grid[n_l - 1 - li, ti] = r["win_rate"]
    with matplotlib.rc_context(RC):
        fig = _fig(7.8, 4.6)
        ax = fig.add_subplot()
        norm = TwoSlopeNorm(vmin=0.0, vcenter=0.5, vmax=1.0)
        cmap = matplotlib.colormaps["RdBu"].with_extremes(bad="#f2f2f2")
        im = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, norm=norm, aspect="auto")
        for (li, ti), r in cells.items():
            y = n_l - 1 - li
            few = r["sides"] < FEW_SIDES
            v = r["win_rate"]
            color = "#777777" if few else ("white" if abs(v - 0.5) > 0.28 else "black")
            ax.text(ti, y - 0.12, "few" if few else pct(v, 0), ha="center", va="center", fontsize=9, color=color,
                    fontweight="normal" if few else "bold")
            ax.text(ti, y + 0.25, f"n={r['sides']:,}", ha="center", va="center", fontsize=6.5, color=color)
        ax.set_xticks(range(n_t), turn_labels)
        ax.set_yticks(range(n_l), list(reversed(lead_labels)))
        ax.set_xlabel("turn (both players' turns count)")
        ax.set_ylabel("the side's health lead at the end of the turn")
        ax.tick_params(length=0)
        for s in ax.spines.values():
            s.set_visible(False)
        cb = fig.colorbar(im, ax=ax, shrink=0.8, format=percent_axis)
        cb.set_label("chance to win the game")
        ax.set_title("Win chance by health lead and turn: who comes back from behind")
    return fig
