"""The balance report of a free-for-all or team run (``sim report`` picks it from the run's
format): who wins against the 1-in-N a hero no better than its table-mates would get, finishing
places, turn-position advantage, a Plackett-Luce rating fitted to the finishing orders, and for
teams each pair's record and synergy. Same document model as the duel report (HTML + Markdown,
PNG + SVG charts)."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker
import polars as pl

from unmatched_sim.analysis import multi as M
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Document, Section, Table
from unmatched_sim.report.format import display, pair_label

FORMAT_NAMES = {"ffa": "free-for-all", "teams": "team play (2 v 2)"}
MIN_PAIR_GAMES = 20     # a pair is named in the findings only with this many games together


def pct(x, digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def ci(lo, hi) -> str:
    return "–" if lo is None else f"{100 * lo:.0f}–{100 * hi:.0f}%"


# --------------------------------------------------------------------------- charts
def places_chart(dist: pl.DataFrame, order: list[str], n_places: int, names: dict[str, str] | None = None):
    """Stacked horizontal bars: each hero's share of finishes in each place (``order``: hero ids;
    labelled with their display names from ``names``)."""
    colors = ["#2ca02c", "#98df8a", "#ffbb78", "#d62728"][:n_places]
    with matplotlib.rc_context(C.RC):
        fig = C._fig(7.5, max(2.4, 0.42 * len(order) + 1.4))
        ax = fig.add_subplot()
        left = [0.0] * len(order)
        for place in range(1, n_places + 1):
            vals = []
            for h in order:
                row = dist.filter((pl.col("hero") == h) & (pl.col("place") == place))
                vals.append(row["share"][0] if row.height else 0.0)
            ys = [len(order) - 1 - i for i in range(len(order))]
            ax.barh(ys, vals, left=left, color=colors[(place - 1) % len(colors)], label=f"place {place}")
            left = [a + b for a, b in zip(left, vals)]
        ax.set_yticks([len(order) - 1 - i for i in range(len(order))], [display(h, names) for h in order])
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda x, _: f"{100 * x:.0f}%"))
        ax.set_xlabel("share of the hero's games")
        ax.set_title("Finishing places")
        fig.legend(loc="outside lower center", ncol=n_places, frameon=False, fontsize=8.5)
    return fig


def results_chart(results: pl.DataFrame, names: dict[str, str] | None = None):
    rows = [{"label": display(r["hero"], names), "series": [(r["win_rate"], r["ci_low"], r["ci_high"], "win rate", {"color": "#1f77b4"}),
                                            (r["expected"], None, None, "1 / sides", {"color": "#999999", "marker": "|"})]}
            for r in results.iter_rows(named=True)]
    shares = set(round(x, 6) for x in results["expected"])       # one fair share: draw its line
    return C.forest_chart(rows, "Win rate with 95% interval, against a fair share (1 / sides)",
                          reference=shares.pop() if len(shares) == 1 else None)


def synergy_chart(pairs: pl.DataFrame, names: dict[str, str] | None = None):
    rows = [{"label": pair_label(r, names), "series": [(r["win_rate"], r["ci_low"], r["ci_high"], "pair's win rate", {"color": "#1f77b4"}),
                                            (r["expected"], None, None, "expected from its members", {"color": "#d62728", "marker": "x"})]}
            for r in pairs.iter_rows(named=True)]
    fig = C.forest_chart(rows, "")
    # over the figure, not the axes: pairs' names make wide labels, which narrow the axes until
    # a title centred over them runs off the right edge
    fig.suptitle("Team pairs: record against what the members' strengths predict", fontsize=C.RC["axes.titlesize"])
    return fig


def charted_pairs(pairs: pl.DataFrame, most: int = 12) -> pl.DataFrame:
    """The pairs worth a chart: those with enough games together, the largest synergies either
    way (the table lists every pair)."""
    enough = pairs.filter(pl.col("games") >= MIN_PAIR_GAMES).sort("synergy", descending=True)
    if enough.height <= 2 * most:
        return enough
    return pl.concat([enough.head(most), enough.tail(most)])


# --------------------------------------------------------------------------- the document
def make_multi(meta: dict, games: pl.DataFrame, players: pl.DataFrame, out: Path,
               inputs: Table, names: dict[str, str] | None = None) -> tuple[Document, list[str]]:
    """The document of a multi-player run and the chart files it wrote into ``out``. ``names``:
    hero id -> display name (``analysis._common.hero_names(run)``, as the duel report): every
    table, chart label and finding names heroes by it; the CSV tables keep the ids."""
    files: list[str] = []
    fmt = meta.get("format", "ffa")
    fmt_name = FORMAT_NAMES.get(fmt, fmt)
    n_players = int(players.group_by("game_id").len()["len"].max()) if players.height else 0
    results = M.hero_results(players)
    order = results["hero"].to_list()
    findings: list[str] = []
    sections: list[Section] = []

    def chart(fig, name) -> None:
        files.extend(C.save(fig, out, name))

    # ---------------------------------------------------------------- who wins
    chart(results_chart(results, names), "multi_results")
    rows = [[display(r["hero"], names), r["hero"], str(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"]), pct(r["expected"]),
             f"{r['mean_place']:.2f}", "★" if r["significant"] else ""]
            for r in results.iter_rows(named=True)]
    sections.append(Section("wins", "Who wins", [
        f"Each hero's share of {fmt_name} games won, with its 95% Wilson interval. A hero no better or "
        "worse than the heroes it sat with would win **1 in the number of sides** of its games (the grey "
        "mark); ★ marks heroes whose interval excludes that fair share.",
        Table(["hero", "id", "games", "win rate", "95% interval", "fair share", "mean place", ""], rows,
              align="llrrrrrr"),
        Chart("multi_results", "win rates with intervals", "Win rate per hero; the grey mark is its fair share."),
    ]))
    strong = [r for r in results.iter_rows(named=True) if r["significant"]]
    if strong:
        best = strong[0]
        findings.append(f"**{display(best['hero'], names)}** wins {pct(best['win_rate'])} of its games "
                        f"({ci(best['ci_low'], best['ci_high'])}) against a fair share of {pct(best['expected'])}.")
    else:
        findings.append(f"No hero's win rate is distinguishable from its fair share with {players['game_id'].n_unique()} games.")

    pols = {str(meta.get("policy_a", "")), str(meta.get("policy_b", ""))}
    if any(p.split(":")[0] == "tuned" for p in pols):
        findings.append("The `tuned` policy plays each hero in the style measured best for it **in duels**; no "
                        "style was tuned for free-for-all or team play, so a hero's figure here may depend on the "
                        "policy more than in a duel — compare with another policy (`--policy greedy`, "
                        "`--policy tuned-v1`) before acting on it.")

    # ---------------------------------------------------------------- places
    dist = M.place_distribution(players)
    chart(places_chart(dist, order, max(2, n_players if fmt == "ffa" else 2), names), "multi_places")
    sections.append(Section("places", "Finishing places", [
        "How often each hero finishes in each place. Players knocked out at the same moment share a "
        "place (the better one); a game stopped by the turn limit leaves every player still in on "
        "first place, with no winner.",
        Chart("multi_places", "finishing places", "Share of each hero's games by finishing place."),
    ]))

    # ---------------------------------------------------------------- turn position
    tp = M.turn_position(players)
    rows = [[str(r["seat"] + 1), str(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"]),
             f"{r['mean_place']:.2f}"] for r in tp.iter_rows(named=True)]
    sections.append(Section("position", "Turn position", [
        "Win rate by the order of play (1 = first). Seating is balanced — every hero sits in every "
        "position equally often — so a difference here belongs to the position, not to the heroes."
        + (" In team play positions 1 and 3 are team A, 2 and 4 team B." if fmt == "teams" else ""),
        Table(["position", "games", "win rate", "95% interval", "mean place"], rows),
    ]))
    first, last = tp.row(0, named=True), tp.row(-1, named=True)
    findings.append(f"Going first wins {pct(first['win_rate'])} ({ci(first['ci_low'], first['ci_high'])}); "
                    f"going last {pct(last['win_rate'])} ({ci(last['ci_low'], last['ci_high'])}).")

    # ---------------------------------------------------------------- rating
    rating = M.plackett_luce(players)
    rows = [[display(r["hero"], names), f"{r['strength']:.2f}", str(r["games"])] for r in rating.iter_rows(named=True)]
    sections.append(Section("rating", "Rating from finishing orders", [
        "A Plackett-Luce strength for each hero, fitted to the order in which players went out (the "
        "multi-player form of Bradley-Terry): a hero of strength 2 finishes ahead of a hero of strength 1 "
        "about two times in three. Strengths are scaled to a geometric mean of 1.",
        Table(["hero", "strength", "games"], rows),
    ]))

    # ---------------------------------------------------------------- teams
    if fmt == "teams":
        pairs = M.team_pairs(players)
        shown = charted_pairs(pairs)
        if pairs.height:
            if shown.height:
                chart(synergy_chart(shown, names), "multi_synergy")
            rows = [[pair_label(r, names), str(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"]),
                     pct(r["expected"]), f"{100 * r['synergy']:+.1f} pts"] for r in pairs.iter_rows(named=True)]
            sections.append(Section("pairs", "Team pairs and synergy", [
                "Each pair of heroes that played on one team: its record, and what its members' individual "
                "strengths predict (a logistic model with one strength per hero, fitted to every team game). "
                "**Synergy** is the difference: a pair that does better together than its members' strengths "
                "predict has positive synergy. Pairs seen in few games have wide intervals: read them as leads.",
                Table(["pair", "games", "win rate", "95% interval", "expected", "synergy"], rows),
            ] + ([Chart("multi_synergy", "team pairs",
                       f"Pair win rates (blue, with intervals) and expected (red): the {shown.height} pairs with "
                       f"{MIN_PAIR_GAMES}+ games together and the largest synergy either way.")] if shown.height else [])))
            enough = pairs.filter(pl.col("games") >= MIN_PAIR_GAMES)
            if enough.height:
                top = enough.row(0, named=True)
                findings.append(f"Best pair together (of pairs with {MIN_PAIR_GAMES}+ games): **{pair_label(top, names)}**, "
                                f"{pct(top['win_rate'])} ({ci(top['ci_low'], top['ci_high'])}) over {top['games']} "
                                f"games against {pct(top['expected'])} expected ({100 * top['synergy']:+.0f} points).")
            else:
                findings.append(f"No pair of heroes played {MIN_PAIR_GAMES} team games together here: the pair "
                                "table is a list of leads, not of findings (play fewer line-ups, more games each).")

    # ---------------------------------------------------------------- length
    if games.height:
        reasons = games.group_by("end_reason").len().sort("len", descending=True)
        rows = [[r["end_reason"].replace("_", " "), str(r["len"]), pct(r["len"] / games.height)]
                for r in reasons.iter_rows(named=True)]
        sections.append(Section("length", "Game length and endings", [
            f"Games last {games['turns'].mean():.1f} turns on average (every player's turn counted; median "
            f"{games['turns'].median():.0f}).",
            Table(["how the game ended", "games", "share"], rows),
        ]))

    doc = Document(title=f"Balance report — {fmt_name}",
                   subtitle=f"{players['game_id'].n_unique()} games of {n_players} players",
                   inputs=inputs, findings=findings, sections=sections, left_out=[])
    return doc, files
