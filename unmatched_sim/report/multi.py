"""The balance report of a free-for-all or team run (``sim report`` picks it from the run's
format): who wins against the 1-in-N a hero no better than its table-mates would get, each
line-up's record, the turn order's advantage (shown per position only where positions differ; in
team play the turn order is the team's), a Plackett-Luce rating fitted to the finishing orders;
for a free-for-all finishing places and who eliminated whom (kingmaking), for teams each pair's
record and synergy with its interval; running out of cards. Same document model as the duel
report (HTML + Markdown, PNG + SVG charts)."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker
import polars as pl

from unmatched_sim.analysis import multi as M
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Document, Section, Table
from unmatched_sim.report.format import ci, display, num, pair_label, pct, pts

FORMAT_NAMES = {"ffa": "free-for-all", "teams": "team play (2 v 2)"}
MIN_PAIR_GAMES = 20     # a pair is named in the findings only with this many games together


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
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(C.percent_axis))
        ax.set_xlabel("share of the hero's games")
        ax.set_title("Finishing places")
        fig.legend(loc="outside lower center", ncol=n_places, frameon=False, fontsize=8.5)
    return fig


def results_chart(results: pl.DataFrame, names: dict[str, str] | None = None):
    rows = [{"label": display(r["hero"], names), "series": [(r["win_rate"], r["ci_low"], r["ci_high"], "win rate", {"color": "#1f77b4"}),
                                            (r["expected"], None, None, "fair share (1 in the number of sides)",
                                             {"color": "#999999", "marker": "|"})]}
            for r in results.iter_rows(named=True)]
    shares = set(round(x, 6) for x in results["expected"])       # one fair share: draw its line
    return C.forest_chart(rows, "Win rate with 95% interval, against a fair share",
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
def _span(lo, hi) -> str:
    """An interval of differences: "-15.3 to +8.2 pts"."""
    return f"{pts(lo).removesuffix(' pts')} to {pts(hi)}"


def _side(side: str, names: dict[str, str] | None) -> str:
    """A side of a line-up as a reader names it: "Alice + Medusa" (a team), "Alice / The Genie"."""
    return " / ".join(" + ".join(display(h, names) for h in part.split("+")) for part in side.split(" / "))


def make_multi(meta: dict, games: pl.DataFrame, players: pl.DataFrame, out: Path,
               inputs: Table, names: dict[str, str] | None = None, run=None) -> tuple[Document, list[str]]:
    """The document of a multi-player run and the chart files it wrote into ``out``. ``names``:
    hero id -> display name (``analysis._common.hero_names(run)``, as the duel report): every
    table, chart label and finding names heroes by it; the CSV tables keep the ids. ``run``: the
    run itself, for what only its event log holds (eliminations, running out of cards)."""
    files: list[str] = []
    fmt = meta.get("format", "ffa")
    teams = fmt == "teams"
    fmt_name = FORMAT_NAMES.get(fmt, fmt)
    n_players = int(players.group_by("game_id").len()["len"].max()) if players.height else 0
    results = M.hero_results(players)
    order = results["hero"].to_list()
    findings: list[str] = []
    sections: list[Section] = []
    left_out: list[tuple[str, str]] = []
    n_games = players["game_id"].n_unique()

    def nm(h: str) -> str:
        return display(h, names)

    def chart(fig, name) -> None:
        files.extend(C.save(fig, out, name))

    # ---------------------------------------------------------------- who wins
    chart(results_chart(results, names), "multi_results")
    rows = [[nm(r["hero"]), num(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"]), pct(r["expected"])]
            + ([] if teams else [num(r["mean_place"], 2)]) + ["★" if r["significant"] else ""]
            for r in results.iter_rows(named=True)]
    sections.append(Section("wins", "Who wins", [
        f"Each hero's share of {fmt_name} games won, with its 95% Wilson interval. A hero no better or "
        "worse than the heroes it sat with would win **1 in the number of sides** of its games (the grey "
        "mark); ★ marks heroes whose interval excludes that fair share."
        + (" In team play a hero wins when its team does." if teams else ""),
        Table(["Hero", "Games", "Win rate", "95% interval", "Fair share"] + ([] if teams else ["Mean place"]) + [""],
              rows, align="lrrrr" + ("" if teams else "r") + "r", sortable=True),
        Chart("multi_results", "win rates with intervals", "Win rate per hero; the grey mark is its fair share."),
    ]))
    strong = [r for r in results.iter_rows(named=True) if r["significant"]]
    if strong:
        best = strong[0]
        findings.append(f"**{nm(best['hero'])}** wins {pct(best['win_rate'])} of its games "
                        f"({ci(best['ci_low'], best['ci_high'])}, {best['games']:,} games) against a fair share of "
                        f"{pct(best['expected'])}.")
    else:
        findings.append(f"No hero's win rate is distinguishable from its fair share with {n_games:,} games.")

    pols = {str(meta.get("policy_a", "")), str(meta.get("policy_b", ""))}
    if any(p.split(":")[0] == "tuned" for p in pols):
        findings.append("The `tuned` policy plays each hero in the style measured best for it **in duels**; no "
                        "style was tuned for free-for-all or team play, so a hero's figure here may depend on the "
                        "policy more than in a duel — compare with another policy (`--policy greedy`, "
                        "`--policy tuned-v1`) before acting on it.")

    # ---------------------------------------------------------------- line-ups
    lu = M.lineup_results(players)
    if lu.height:
        rows = [[_side(r["side_1"], names), _side(r["side_2"], names), num(r["games"]),
                 pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"])]
                + ([] if teams else [num(r["wins_2"])]) + [num(r["draws"])]
                for r in lu.iter_rows(named=True)]
        sections.append(Section("lineups", "Results per line-up", [
            ("Each match-up of two teams: the team with the better record first, how often it won (95% interval) "
             "and the games no team won (turn limit)." if teams else
             "Each set of heroes that played together: the hero that won most often, its win rate (95% interval), "
             "the others' wins together, and the games nobody won (turn limit)."),
            Table((["Team", "Against"] if teams else ["Won most", "Sat with"]) + ["Games", "Win rate", "95% interval"]
                  + ([] if teams else ["The others' wins"]) + ["No winner"], rows,
                  align="llrrr" + ("" if teams else "r") + "r", sortable=True,
                  note="Python: `analysis.multi.lineup_results(players)`."),
        ]))

    # ---------------------------------------------------------------- places
    if not teams:       # in team play a place is the team's result: 1st = won, which "Who wins" says
        dist = M.place_distribution(players)
        chart(places_chart(dist, order, max(2, n_players), names), "multi_places")
        sections.append(Section("places", "Finishing places", [
            "How often each hero finishes in each place, beyond first (which is the win rate above): a hero "
            "often second is a survivor, one often last a target. Players knocked out at the same moment share a "
            "place (the better one); a game stopped by the turn limit leaves every player still in on first "
            "place, with no winner.",
            Chart("multi_places", "finishing places", "Share of each hero's games by finishing place."),
        ]))

    # ---------------------------------------------------------------- turn order
    if teams:
        tt = M.team_turn_order(players)
        rows = [[f"the team moving {r['order']} (positions {'1 and 3' if r['order'] == 'first' else '2 and 4'})",
                 num(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"])] for r in tt.iter_rows(named=True)]
        sections.append(Section("position", "Turn order", [
            "In team play the turn positions alternate between the teams (1 and 3 one team, 2 and 4 the other), so "
            "the turn order is the team's: the team moving first against the team moving second. Seating is "
            "balanced, so a difference belongs to the order, not to the heroes.",
            Table(["Team", "Games", "Win rate", "95% interval"], rows, align="lrrr"),
        ]))
        if tt.height:
            f = tt.row(0, named=True)
            findings.append(f"The team moving first wins {pct(f['win_rate'])} ({ci(f['ci_low'], f['ci_high'])}, "
                            f"{f['games']:,} games).")
    else:
        tp = M.turn_position(players)
        fair = 1 / n_players if n_players else 0.0
        rows = [[str(r["seat"] + 1), num(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"]),
                 num(r["mean_place"], 2)] for r in tp.iter_rows(named=True)]
        differ = M.positions_differ(tp, fair)
        spread = ", ".join(f"{r['seat'] + 1}: {pct(r['win_rate'])} ({ci(r['ci_low'], r['ci_high'])})"
                           for r in tp.iter_rows(named=True))
        blocks: list = ["Win rate by the order of play (1 = first). Seating is balanced — every hero sits in every "
                        "position equally often — so a difference here belongs to the position, not to the heroes."]
        if differ:
            blocks.append(Table(["Position", "Games", "Win rate", "95% interval", "Mean place"], rows, align="lrrrr"))
            findings.append(f"Turn position matters: {spread}, against a fair share of {pct(fair)}.")
        else:
            blocks.append(f"No position's win rate is distinguishable from the fair share of {pct(fair)} with "
                          f"{n_games:,} games ({spread}), so the positions are not listed one by one.")
        sections.append(Section("position", "Turn position", blocks))

    # ---------------------------------------------------------------- eliminations (free-for-all)
    if not teams and run is not None:
        sections.append(_eliminations_section(run, players, order, names, findings))

    # ---------------------------------------------------------------- rating
    rating = M.plackett_luce(players)
    rows = [[nm(r["hero"]), num(r["strength"], 2), num(r["games"])] for r in rating.iter_rows(named=True)]
    sections.append(Section("rating", "Rating from finishing orders", [
        "A Plackett-Luce strength for each hero, fitted to the order in which players went out (the "
        "multi-player form of Bradley-Terry): a hero of strength 2 finishes ahead of a hero of strength 1 "
        "about two times in three. Strengths are scaled to a geometric mean of 1."
        + (" In team play both members of a team share its place, so this rates heroes by their teams' results."
           if teams else ""),
        Table(["Hero", "Strength", "Games"], rows, sortable=True),
    ]))

    # ---------------------------------------------------------------- teams
    if teams:
        pairs = M.team_pairs(players)
        shown = charted_pairs(pairs)
        if pairs.height:
            if shown.height:
                chart(synergy_chart(shown, names), "multi_synergy")
            rows = [[pair_label(r, names), num(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"]),
                     pct(r["expected"]), f"{pts(r['synergy'])} ({_span(r['synergy_low'], r['synergy_high'])})"]
                    for r in pairs.iter_rows(named=True)]
            sections.append(Section("pairs", "Team pairs and synergy", [
                "Each pair of heroes that played on one team: its record, and what its members' individual "
                "strengths predict (a logistic model with one strength per hero, fitted to every team game). "
                "**Synergy** is the difference: a pair that does better together than its members' strengths "
                "predict has positive synergy. Its interval is the win rate's, less the expected rate: a synergy "
                "whose interval holds 0 is not distinguishable from none.",
                Table(["Pair", "Games", "Win rate", "95% interval", "Expected", "Synergy (95% interval)"], rows,
                      sortable=True, note="Python: `analysis.multi.team_pairs(players)`."),
            ] + ([Chart("multi_synergy", "team pairs",
                        f"Pair win rates (blue, with intervals) and expected (red): the {shown.height} pairs with "
                        f"{MIN_PAIR_GAMES}+ games together and the largest synergy either way.")] if shown.height else [])))
            clear = pairs.filter((pl.col("games") >= MIN_PAIR_GAMES)
                                 & ((pl.col("synergy_low") > 0) | (pl.col("synergy_high") < 0)))
            if clear.height:
                top = clear.row(0, named=True)
                findings.append(f"**{pair_label(top, names)}** do {'better' if top['synergy'] > 0 else 'worse'} together "
                                f"than their strengths predict: {pct(top['win_rate'])} won "
                                f"({ci(top['ci_low'], top['ci_high'])}, {top['games']:,} games) against "
                                f"{pct(top['expected'])} expected, synergy {pts(top['synergy'])} "
                                f"({_span(top['synergy_low'], top['synergy_high'])}).")
            else:
                widest = pairs.sort("games", descending=True).row(0, named=True)
                findings.append("No pair's synergy is distinguishable from none: every interval holds 0 (the "
                                f"most-played pair, {pair_label(widest, names)}, {pts(widest['synergy'])} over "
                                f"{widest['games']:,} games, {_span(widest['synergy_low'], widest['synergy_high'])}).")

    # ---------------------------------------------------------------- running out of cards
    if run is not None:
        sections.append(_exhaustion_section(run, order, names, chart, findings, left_out))
        # ------------------------------------------------------------ damage, by its source
        from unmatched_sim.report.damage import damage_section, several_fighters
        sections.append(damage_section(run, order, nm, chart, findings, several_fighters(run), names))

    # ---------------------------------------------------------------- length
    if games.height:
        reasons = games.group_by("end_reason").len().sort("len", descending=True)
        rows = [[C.source_label(r["end_reason"]), num(r["len"]), pct(r["len"] / games.height)]
                for r in reasons.iter_rows(named=True)]
        sections.append(Section("length", "Game length and endings", [
            f"Games last {num(games['turns'].mean(), 1)} turns on average (every player's turn counted; median "
            f"{num(games['turns'].median(), 0)}).",
            Table(["How the game ended", "Games", "Share"], rows),
        ]))

    doc = Document(title=f"Balance report — {fmt_name}",
                   subtitle=f"{n_games:,} games of {n_players} players",
                   inputs=inputs, findings=findings, sections=sections, left_out=left_out)
    return doc, files


def _eliminations_section(run, players: pl.DataFrame, order: list[str], names, findings: list[str]) -> Section:
    """Who eliminated whom, and how often an elimination crowned another hero (kingmaking)."""
    elims = M.eliminations(run, players)
    km = M.kingmaking(elims, players)
    counts = {(a, b): n for a, b, n in elims.group_by("by_hero", "hero").len().iter_rows()}
    nobody = "nobody (exhaustion)"
    rows = []
    for h in order:
        rows.append([display(h, names)] + [("–" if h == o else num(counts.get((h, o), 0))) for o in order])
    if any(k[0] is None for k in counts):
        rows.append([nobody] + [num(counts.get((None, o), 0)) for o in order])
    km_rows = [[display(r["hero"], names), num(r["games"]), num(r["eliminations"]), num(r["for_itself"]),
                num(r["for_another"]), pct(r["kingmaking_share"], 0), num(r["eliminated"]), num(r["by_the_winner"])]
               for r in sorted(km.iter_rows(named=True), key=lambda r: order.index(r["hero"]) if r["hero"] in order
                               else len(order))]
    kings = km.filter(pl.col("eliminations") >= 5).sort("kingmaking_share", descending=True)
    if kings.height:
        k = kings.row(0, named=True)
        findings.append(f"Kingmaking: {pct(k['kingmaking_share'], 0)} of **{display(k['hero'], names)}**'s "
                        f"eliminations ({k['for_another']:,} of {k['eliminations']:,}) ended in another hero's win "
                        "(see \"Who eliminated whom\").")
    return Section("eliminations", "Who eliminated whom", [
        "Each knock-out of a hero, credited to the hero whose side dealt the damage that defeated it (an own card "
        "counts as the hero's own; exhaustion as nobody's). **Kingmaking**: an elimination after which the game "
        "went to a third hero — the eliminator spent its turns, another won.",
        Table(["Eliminated by \\ eliminated"] + [display(h, names) for h in order], rows,
              caption="Eliminations: row hero knocked out column hero", align="l" + "r" * len(order)),
        Table(["Hero", "Games", "Eliminations made", "…then won", "…another won", "Kingmaking share", "Eliminated",
               "…by the winner"], km_rows, caption="Kingmaking", align="lrrrrrrr", sortable=True,
              note="Python: `analysis.multi.eliminations(run, players)`, `analysis.multi.kingmaking(elims, players)`."),
    ])


def _exhaustion_section(run, order: list[str], names, chart, findings: list[str], left_out: list) -> Section:
    """Running out of cards in a free-for-all or team run (``analysis.exhaustion``, every player)."""
    from unmatched_sim import analysis as A

    ex = A.exhaustion(run)
    timing = A.exhaustion_timing(run)
    top_turn = int(run.collect(run.games.select(pl.col("turns").quantile(0.99, interpolation="higher")), "games").item()
                   or 1)
    chart(C.exhaustion_chart(timing, order, top_turn, names), "exhaustion")
    rank = {h: i for i, h in enumerate(order)}
    rows = []
    for r in sorted(ex.iter_rows(named=True), key=lambda r: rank.get(r["hero"], len(rank))):
        when = "–" if not r["ran_out"] else f"{num(r['turn_median'], 1)} ({num(r['turn_q25'], 0)}–{num(r['turn_q75'], 0)})"
        rows.append([display(r["hero"], names), num(r["games"]),
                     f"{pct(r['ran_out_share'])} ({ci(r['ran_out_ci_low'], r['ran_out_ci_high'])})", when,
                     num(r["exhaustion_damage_per_game"], 2),
                     f"{pct(r['win_rate_ran_out'])} ({ci(r['win_rate_ran_out_ci_low'], r['win_rate_ran_out_ci_high'])})"
                     if r["ran_out"] else "–"])
    most = ex.sort("ran_out_share", descending=True)
    if most.height and most["ran_out"][0]:
        m = most.row(0, named=True)
        findings.append(f"Decks run out most for **{display(m['hero'], names)}**: in {pct(m['ran_out_share'])} of its "
                        f"games ({ci(m['ran_out_ci_low'], m['ran_out_ci_high'])}), at a median turn of "
                        f"{num(m['turn_median'], 0)}.")
    return Section("exhaustion", "Running out of cards", [
        "A deck runs out when its last card is drawn; from then on each card the player should draw but cannot deals "
        "2 damage to each of its fighters. Every player of every game counts once. Games with more players last "
        "longer, so decks run out more often than in a duel.",
        Chart("exhaustion", "Deck exhaustion timing",
              "For each hero, the share of its games in which its deck had run out by each turn (every player's "
              "turn counts)." + C.exhaustion_chart_note(order)),
        Table(["Hero", "Hero-games", "Deck ran out (95%)", "Turn it ran out: median (middle half)",
               "Exhaustion damage / game", "Win rate when it ran out"], rows, align="lrrrrr", sortable=True,
              note="Python: `analysis.exhaustion(run)`, `analysis.exhaustion_timing(run)`."),
    ])
