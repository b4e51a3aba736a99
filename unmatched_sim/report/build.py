"""``sim report``: from a run directory to ``index.html`` + ``summary.md`` + charts (PNG and SVG).

The report only reads the run's Parquet logs through ``unmatched_sim.analysis``; every number in
it is a table a designer can get from Python too (the function is named in each section).
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from unmatched_sim import __version__
from unmatched_sim import analysis as A
from unmatched_sim.analysis._common import hero_names
from unmatched_sim.analysis.damage import default_max_turn
from unmatched_sim.errors import UserError
from unmatched_sim.files import built_in_place
from unmatched_sim.report import charts as C
from unmatched_sim.report.damage import several_fighters
from unmatched_sim.report.document import (Chart, Document, Section, Table, prepare_out, render_html,
                                           render_markdown)
from unmatched_sim.report.format import (ci, display, example_anchor, heroes_line, matchup_label, num, pair_rank,
                                         pct, pts, rounded, strength_pair)


@dataclass
class ReportResult:
    out: Path
    files: list[str]
    seconds: float
    games: int
    heroes: list[str]
    left_out: list[tuple[str, str]]


def default_report_dir(run_dir: Path) -> Path:
    return Path("reports") / Path(os.path.abspath(run_dir)).name


# --------------------------------------------------------------------------- the report
def build_report(run_dir: str | os.PathLike, out: str | os.PathLike | None = None,
                 tempo: list[tuple[str, str]] | None = None) -> ReportResult:
    """Write the balance report of ``run_dir`` into ``out`` (default ``reports/<run name>/``).
    ``tempo``: matchups (hero, opponent) to draw the race of (default: the only matchup of a
    two-hero run). Every table is also written as CSV under ``tables/`` and all of them in
    ``numbers.json``."""
    from unmatched_sim.report.workbench import export_report_tables

    started = time.perf_counter()
    run = A.open_run(run_dir)
    out = Path(out) if out is not None else default_report_dir(Path(run_dir))
    for h, o in tempo or []:
        if h not in run.heroes() or o not in run.heroes():
            raise UserError(f"--tempo {h},{o}: both heroes must play in {run_dir} (heroes: {', '.join(run.heroes())})")
    if run.meta.get("format") == "coop":      # co-op runs have a report of their own
        if tempo:
            raise UserError("--tempo draws a duel's race; this run is a co-op run")
        with built_in_place(prepare_out(out), out, "the report") as tmp:
            return _coop_report(run, Path(run_dir), tmp, out, started)
    multi = run.meta.get("format") in ("ffa", "teams")
    if multi and tempo:
        raise UserError("--tempo draws a duel's race; this run is a free-for-all or team run")
    if multi:                     # free-for-all and team runs have a report of their own
        with built_in_place(prepare_out(out), out, "the report") as tmp:
            return _multi_report(run, Path(run_dir), tmp, out, started)
    with built_in_place(prepare_out(out), out, "the report") as tmp:
        doc, files = _make(run, tmp, tempo)
        (tmp / "index.html").write_text(render_html(doc, tmp), encoding="utf-8")
        (tmp / "summary.md").write_text(render_markdown(doc), encoding="utf-8")
        files = ["index.html", "summary.md"] + files
        files += export_report_tables(run, tmp, run.heroes(), {"findings": doc.findings,
                                                               "overrides": run.meta.get("overrides") or [],
                                                               "robustness": run._cache.get("robustness"),
                                                               "headroom": run._cache.get("headroom")},
                                      run._cache.get("tempo_pairs"))
    return ReportResult(out, files, time.perf_counter() - started, run.n_games(), run.heroes(), doc.left_out)


def multi_document(run: A.Run, run_dir: Path, out: Path):
    """The document of a free-for-all or team run (what ``sim report`` renders), the chart files
    it wrote into ``out``, and the games and players tables it was made from. Heroes are named as
    in the duel report (``hero_names``): display names, ids only where a command takes them."""
    import polars as pl

    from unmatched_sim.report.multi import make_multi

    games = run.collect(run.games, "games")
    path = run_dir / "players.parquet"
    if not path.exists():
        raise UserError(f"{run_dir} has no players.parquet; make the run again with this version of sim")
    players = pl.read_parquet(path)
    m = run.meta
    lineups = m.get("lineups") or []
    names = hero_names(run)
    shown = ", ".join(" / ".join(names.get(h, h) for h in lu) for lu in lineups[:6])
    from unmatched_sim.report.multi import FORMAT_NAMES
    rows = [["Run", str(run_dir)], ["Format", FORMAT_NAMES.get(m.get("format"), str(m.get("format")))],
            ["Heroes", heroes_line(run.heroes(), names)],
            ["Line-ups", f"{len(lineups)} × {m.get('games_per_pairing', '?')} games (every hero in every turn "
                         f"position equally often)" + (f": {shown}" + (" …" if len(lineups) > 6 else "")
                                                       if lineups else "")],
            ["Games", f"{games.height:,}"], ["Policies", f"{m.get('policy_a')} (slot a / team A), {m.get('policy_b')} (the others)"],
            ["Board", board_name(run)], ["Seed", str(m.get("seed", "?"))],
            ["What-if overrides", "; ".join(m.get("overrides") or []) or "none"],
            ["Turn limit", f"{m.get('max_turns', '?')} turns (then a draw)"],
            ["Simulator version", f"unmatched-sim {m.get('version', '?')}"],
            ["Command", "`" + " ".join(m.get("command", [])) + "`" if m.get("command") else "?"]]
    doc, files = make_multi(m, games, players, out, Table(["Input", "Value"], rows, align="ll"), names, run)
    from unmatched_sim.report.cards import cards_section
    from unmatched_sim.analysis import multi as M
    order = M.hero_results(players)["hero"].to_list()          # the order of "Who wins"
    card_section, card_found = cards_section(run, order + [h for h in run.heroes() if h not in order], names)
    doc.sections.append(card_section)
    doc.findings.extend(card_found)
    return doc, files, games, players


def _multi_report(run: A.Run, run_dir: Path, tmp: Path, out: Path, started: float) -> ReportResult:
    """The report of a free-for-all or team run (report/multi.py), with its tables as CSV."""
    import json as _json

    from unmatched_sim.analysis import multi as M

    doc, files, games, players = multi_document(run, run_dir, tmp)
    (tmp / "index.html").write_text(render_html(doc, tmp), encoding="utf-8")
    (tmp / "summary.md").write_text(render_markdown(doc), encoding="utf-8")
    files = ["index.html", "summary.md"] + files
    (tmp / "tables").mkdir(exist_ok=True)
    tables = {"hero_results": M.hero_results(players), "lineups": M.lineup_results(players),
              "places": M.place_distribution(players), "turn_position": M.turn_position(players),
              "plackett_luce": M.plackett_luce(players), "exhaustion": A.exhaustion(run)}
    if run.meta.get("format") == "teams":
        tables["team_pairs"] = M.team_pairs(players)
        tables["team_turn_order"] = M.team_turn_order(players)
    else:
        elims = M.eliminations(run, players)
        tables["eliminations"] = elims
        tables["kingmaking"] = M.kingmaking(elims, players)
    from unmatched_sim.analysis.cards import card_effects
    tables["card_effects"] = card_effects(run)
    for name, df in tables.items():
        df.write_csv(tmp / "tables" / f"{name}.csv")
        files.append(f"tables/{name}.csv")
    (tmp / "numbers.json").write_text(_json.dumps({k: v.to_dicts() for k, v in tables.items()}, indent=1,
                                                  default=str) + "\n")
    files.append("numbers.json")
    heroes = sorted(players["hero"].unique().to_list())
    return ReportResult(out, files, time.perf_counter() - started, games.height, heroes, doc.left_out)


def coop_document(run: A.Run, run_dir: Path, out: Path):
    """The document of a co-op run (what ``sim report`` renders) and the chart files it wrote into
    ``out``."""
    from unmatched_sim.analysis.coop import enemy_files
    from unmatched_sim.report.coop import FORMAT_NAME, lineup_label, make_coop

    m = run.meta
    names = hero_names(run)
    files = enemy_files(run)

    def who(role: str) -> str:
        mine = [f for f in files if f["role"] == role]
        shown = ", ".join(f["name"] for f in mine) or "none"
        return shown + (" (example content, not official)" if any(f["example"] for f in mine) else "")

    lineups = m.get("lineups") or []
    shown = ", ".join(lineup_label("+".join(lu), names) for lu in lineups[:6])
    rows = [["Run", str(run_dir)], ["Format", FORMAT_NAME], ["Villain", who("villain")],
            ["Minions", who("minion") + ("; one per player: a game of n heroes meets the first n"
                                         if sum(f["role"] == "minion" for f in files) > min(map(len, lineups or [[]]))
                                         else "")],
            ["Amazing Events", who("event")], ["Heroes", heroes_line(run.heroes(), names)],
            ["Line-ups", f"{len(lineups)} × {m.get('games_per_pairing', '?')} games (every hero in every turn "
                         f"position equally often)" + (f": {shown}" + (" …" if len(lineups) > 6 else "")
                                                       if lineups else "")],
            ["Games", f"{run.n_games():,}"], ["Policy", f"{m.get('policy_a')} (every player)"],
            ["Board", board_name(run)], ["Seed", str(m.get("seed", "?"))],
            ["Turn limit", f"{m.get('max_turns', '?')} turns, every player's and enemy's (then no winner)"],
            ["Simulator version", f"unmatched-sim {m.get('version', '?')}"],
            ["Command", "`" + " ".join(m.get("command", [])) + "`" if m.get("command") else "?"]]
    return make_coop(run, out, Table(["Input", "Value"], rows, align="ll"), names)


def _coop_report(run: A.Run, run_dir: Path, tmp: Path, out: Path, started: float) -> ReportResult:
    """The report of a co-op run (report/coop.py), with its tables as CSV and numbers.json."""
    from unmatched_sim.report.coop import coop_tables
    from unmatched_sim.report.export import export_tables

    doc, files = coop_document(run, run_dir, tmp)
    (tmp / "index.html").write_text(render_html(doc, tmp), encoding="utf-8")
    (tmp / "summary.md").write_text(render_markdown(doc), encoding="utf-8")
    files = ["index.html", "summary.md"] + files
    files += export_tables(tmp, coop_tables(run), {"findings": doc.findings})
    return ReportResult(out, files, time.perf_counter() - started, run.n_games(), run.heroes(), doc.left_out)


def _make(run: A.Run, out: Path, tempo: list[tuple[str, str]] | None = None) -> tuple[Document, list[str]]:
    from unmatched_sim.report import workbench as W

    files: list[str] = []
    meta = run.meta
    rank = A.ranking(run)
    order = rank["hero"].to_list()
    matrix = A.win_matrix(run)
    seats = A.seat_split(run)
    names = hero_names(run)
    left_out: list[tuple[str, str]] = []
    sections: list[Section] = []
    findings: list[str] = []      # heroes by display name everywhere a reader looks; ids in commands and CSV

    def nm(hero: str) -> str:
        return names.get(hero, hero)

    def chart(fig, name) -> None:
        files.extend(C.save(fig, out, name))

    from unmatched_sim.analysis.run import is_ladder
    if is_ladder(meta):
        findings.append("**This run is a policy ladder** (`sim ladder`): the heroes were played by different "
                        "policies, so these hero results mix policy strength with hero strength. Make balance "
                        "reports from `sim tournament` runs, where one policy plays every hero.")

    # ---------------------------------------------------------------- who beats whom
    from unmatched_sim.report.robust import flagged_pairs, robust_section
    robust_findings: list[str] = []
    robust_sec, robust_table = robust_section(run, chart, robust_findings, left_out, order)
    flagged = flagged_pairs(robust_table)
    mark = ("† marks a matchup whose verdict depends on the AI (see \"Does the verdict depend on the AI?\")."
            if flagged else "")
    blocks: list = []
    if len(order) > 1 and matrix.height:
        chart(C.win_matrix_chart(matrix, seats, order, flagged, names), "win_matrix")
        one = len(order) == 2 and not seats.filter(pl.col("hero").is_in(order))["mirror_games"].sum()
        if one:             # a single matchup, no mirrors: one bar, not a 2 x 2 grid with an empty diagonal
            caption = (f"How often {nm(order[0])} (blue) beat {nm(order[1])}: the bar splits at its win rate, with "
                       "the 95% interval as a black line; the dashed line is 50%. A star marks an interval that "
                       "excludes 50%.")
        else:
            caption = ("Each cell: the win rate of the **row** hero against the **column** hero, with its 95% "
                       "interval and the number of games. Blue cells favour the row hero, red cells the column "
                       "hero; white is an even matchup. A star and a black outline mark matchups whose interval "
                       "excludes 50% — an imbalance this many games can vouch for. Heroes are ordered by "
                       "strength (Bradley-Terry, below), strongest first. The diagonal holds mirror matches: "
                       "there the cell gives how often the player who went first won.")
        if flagged:
            caption += (" A † and a dashed orange outline mark a matchup whose verdict depends on the AI "
                        "playing it (see \"Does the verdict depend on the AI?\").")
        blocks.append(Chart("win_matrix", "The matchup" if one else "Win-rate matrix heatmap", caption))
    else:
        blocks.append("Only one hero took part, so there are no matchups between heroes: see the mirror "
                      "results under first-player advantage.")
    blocks.append(Table(
        ["Rank", "Hero", "Games", "Wins", "Win rate", "95% interval", "Strength (BT)", "Beats an average hero"],
        [[str(r["rank"]), nm(r["hero"]), num(r["games"]), num(r["wins"]), pct(r["win_rate"]),
          ci(r["ci_low"], r["ci_high"]), num(r["bt_strength"], 2), pct(r["bt_win_vs_average"])]
         for r in rank.iter_rows(named=True)],
        caption="Overall ranking (mirror matches left out)", align="llrrrrrr", sortable=True,
        note="Win rate: wins / games against other heroes (a draw counts as a game not won). Strength: a "
             "Bradley-Terry model fitted to every game, where hero A beats hero B with chance "
             "strength A / (strength A + strength B); unlike the raw win rate it allows for whom each hero "
             "happened to meet. Strengths are scaled so an average hero has strength 1, and 'beats an average "
             "hero' is the modelled chance of beating it. Fitted by the MM algorithm, with a weak prior (one "
             "imaginary drawn game per pairing) that keeps strengths finite when a hero wins or loses every game. "
             "Python: `analysis.ranking(run)`, `analysis.win_matrix(run)`."))
    if len(order) > 1:
        rows = []
        for r in rank.iter_rows(named=True):
            rows.append({"label": nm(r["hero"]), "series": [
                (r["win_rate"], r["ci_low"], r["ci_high"], "win rate against other heroes (95% interval)",
                 {"marker": "o", "color": "#1f77b4"}),
                (r["bt_win_vs_average"], None, None, "Bradley-Terry: chance to beat an average hero",
                 {"marker": "D", "color": "#ff7f0e", "mfc": "white"})]})
        chart(C.forest_chart(rows, "Ranking: overall win rate and Bradley-Terry strength",
                             legend_order=["win rate against other heroes (95% interval)"]), "ranking")
        blocks.append(Chart("ranking", "Ranking chart",
                            "Each hero's win rate against the other heroes (dot, with its 95% interval as a line) "
                            "and its Bradley-Terry chance of beating an average hero (open diamond). The dashed "
                            "line is 50%: a balanced hero sits on it."))
        if len(order) > 2 or seats.filter(pl.col("hero").is_in(order))["mirror_games"].sum():
            blocks.append(_matrix_table(matrix, seats, order, flagged, mark, names))
        # (a single matchup without mirrors: the bar above says all a 2 x 2 grid would)
        sig = matrix.filter(pl.col("significant") & (pl.col("win_rate") > 0.5)).sort("win_rate", descending=True)
        pairs = matrix.filter(pl.col("hero") < pl.col("opponent")).height
        top, bottom = rank.row(0, named=True), rank.row(rank.height - 1, named=True)
        findings.append(_strongest_weakest(top, bottom, rank.height, names))
        if sig.height:
            worst = sig.row(0, named=True)
            findings.append((f"{sig.height} of {pairs} matchups {'is' if sig.height == 1 else 'are'} clearly "
                             "unbalanced" if pairs > 1 else
                             "The matchup is clearly unbalanced") + " (95% interval excludes 50%); "
                            + ("the most lopsided: " if pairs > 1 else "")
                            + f"**{nm(worst['hero'])}** beats **{nm(worst['opponent'])}** "
                            f"{pct(worst['win_rate'])} of the time ({ci(worst['ci_low'], worst['ci_high'])}, "
                            f"{worst['games']:,} games)"
                            + (" — policy-dependent †" if (worst["hero"], worst["opponent"]) in flagged else "")
                            + _upset(run, worst["hero"], worst["opponent"], names) + ".")
        else:
            findings.append(f"None of the {pairs} matchups is clearly unbalanced: every 95% interval includes 50%."
                            if pairs > 1 else "The matchup is not clearly unbalanced: its 95% interval includes 50%.")
    sections.append(Section("winrates", "Who beats whom", blocks))
    sections.append(Section("examples", "Example games", [
        "For each matchup, games worth watching: each hero's quickest win, the longest game and a draw. A "
        "cell of the win-rate matrix above links to its matchup's row. Tell a game turn by turn with "
        f"`sim replay {run.path or 'RUN'} GAME_ID`; find others with `sim games`.",
        W.examples_table(run, order, names)]))
    sections.append(robust_sec)
    findings.extend(robust_findings)
    from unmatched_sim.report.headroom import headroom_section
    sections.append(headroom_section(run, findings, left_out))

    # ---------------------------------------------------------------- seats
    allrow = seats.row(0, named=True)
    # two charts, one quantity each: a hero's win rate by seat against other heroes, and the first
    # player's win rate in mirror matches
    rows = [{"label": "all games", "series": [
        (allrow["first_win_rate"], allrow["first_ci_low"], allrow["first_ci_high"], "going first",
         {"marker": "o", "color": "#2ca02c"})]}]
    mrows = [{"label": "all mirrors", "series": [
        (allrow["mirror_first_win_rate"], allrow["mirror_ci_low"], allrow["mirror_ci_high"],
         "first player's win rate in mirror matches", {"marker": "^", "color": "#7f7f7f"})]}] \
        if allrow["mirror_games"] else []
    for r in seats.filter(pl.col("hero") != "all games").iter_rows(named=True):
        rows.append({"label": nm(r["hero"]), "series": [
            (r["first_win_rate"], r["first_ci_low"], r["first_ci_high"], "going first", {"marker": "o", "color": "#2ca02c"}),
            (r["second_win_rate"], r["second_ci_low"], r["second_ci_high"], "going second",
             {"marker": "o", "color": "#9467bd", "mfc": "white"})]})
        if r["mirror_games"]:
            mrows.append({"label": nm(r["hero"]), "series": [
                (r["mirror_first_win_rate"], r["mirror_ci_low"], r["mirror_ci_high"],
                 "first player's win rate in mirror matches", {"marker": "^", "color": "#7f7f7f"})]})
    shown = [nm(h) for h in order]
    order_rows = [rows[0]] + sorted(rows[1:], key=lambda x: shown.index(x["label"]) if x["label"] in shown else 99)
    mrows = mrows[:1] + sorted(mrows[1:], key=lambda x: shown.index(x["label"]) if x["label"] in shown else 99)
    chart(C.forest_chart(order_rows, "Win rate by seat, against other heroes",
                         legend_order=["going first", "going second"]), "seats")
    seat_blocks = [Chart("seats", "Win rate by seat chart",
                         "Filled green dot: the hero's win rate against other heroes when it took the first turn; "
                         "open purple dot: when it went second. Lines are 95% intervals; the dashed line is 50%. The "
                         "top row counts every game once, from the first player's side.")]
    if mrows:
        chart(C.forest_chart(mrows, "First player's win rate in mirror matches"), "seats_mirror")
        seat_blocks.append(Chart("seats_mirror", "Mirror matches by seat chart",
                                 "How often the player who took the first turn won a hero's mirror matches — the "
                                 "purest measure of the seat, since both sides are the same hero (95% intervals)."))
    seat_rows = [["all games (first player)", f"{pct(allrow['first_win_rate'])} ({ci(allrow['first_ci_low'], allrow['first_ci_high'])})",
                  f"{pct(allrow['second_win_rate'])} ({ci(allrow['second_ci_low'], allrow['second_ci_high'])})",
                  _diff_ci(allrow), num(allrow["first_games"]),
                  f"{pct(allrow['mirror_first_win_rate'])} ({ci(allrow['mirror_ci_low'], allrow['mirror_ci_high'])}, n={allrow['mirror_games']:,})"
                  if allrow["mirror_games"] else "–"]]
    for h in order:
        r = seats.filter(pl.col("hero") == h).row(0, named=True)
        seat_rows.append([nm(h), f"{pct(r['first_win_rate'])} ({ci(r['first_ci_low'], r['first_ci_high'])})",
                          f"{pct(r['second_win_rate'])} ({ci(r['second_ci_low'], r['second_ci_high'])})",
                          _diff_ci(r), num(r["first_games"] + r["second_games"]),
                          f"{pct(r['mirror_first_win_rate'])} ({ci(r['mirror_ci_low'], r['mirror_ci_high'])}, n={r['mirror_games']:,})"
                          if r["mirror_games"] else "–"])
    sections.append(Section("seats", "First-player advantage", [
        "Every seed is played twice, once with each hero taking the first turn, so each hero goes first in "
        "half of its games.",
        *seat_blocks,
        Table(["Hero", "Going first", "Going second", "First minus second (95%)", "Games", "Mirror: first player wins"], seat_rows,
              caption="Win rate by seat (95% intervals)", align="lrrrrr", sortable=True,
              note="Per hero: its games against other heroes. First minus second: the difference of the two win "
                   "rates in points, with Newcombe's 95% interval for a difference of two proportions. "
                   "Python: `analysis.seat_split(run)`."),
        W.seats_by_matchup_table(run, order, names),
    ]))
    fp_sig = allrow["first_ci_low"] is not None and (allrow["first_ci_low"] > 0.5 or allrow["first_ci_high"] < 0.5)
    verdict = ("a real first-player advantage" if fp_sig and allrow["first_win_rate"] > 0.5 else
               "a real second-player advantage" if fp_sig else "no clear seat advantage")
    findings.append(f"The first player wins {pct(allrow['first_win_rate'])} of all games "
                    f"({ci(allrow['first_ci_low'], allrow['first_ci_high'])}) — {verdict}"
                    + (f"; {pct(allrow['mirror_first_win_rate'])} in mirror matches "
                       f"({ci(allrow['mirror_ci_low'], allrow['mirror_ci_high'])})." if allrow["mirror_games"] else "."))

    # ---------------------------------------------------------------- damage
    from unmatched_sim.report.damage import damage_section
    T = default_max_turn(run)
    sides = run.sides()
    sections.append(damage_section(run, order, nm, chart, findings, several_fighters(run), names))
    sections.append(_comeback_section(run, order, chart, findings))

    # ---------------------------------------------------------------- boards, cards and the race
    board_section = W.boards_section(run, order, names)
    if board_section is not None:
        sections.append(board_section)
    from unmatched_sim.report.cards import cards_section
    card_section, card_found = cards_section(run, order, names)
    sections.append(card_section)
    findings.extend(card_found)
    pairs = tempo
    if pairs is None:
        mixed = [tuple(p) for p in meta.get("pairings") or [] if p[0] != p[1]]
        pairs = mixed if len(mixed) == 1 else []
    run._cache["tempo_pairs"] = pairs
    if pairs:
        sections.append(W.tempo_section(run, pairs, chart, names))

    # ---------------------------------------------------------------- exhaustion
    ex = A.exhaustion(run)
    timing = A.exhaustion_timing(run)
    chart(C.exhaustion_chart(timing, order, int(sides["turns"].quantile(0.99, interpolation="higher") or T), names),
          "exhaustion")
    ex_rows = []
    for h in order:
        r = ex.filter(pl.col("hero") == h).row(0, named=True)
        when = "–" if not r["ran_out"] else f"{num(r['turn_median'], 1)} ({num(r['turn_q25'], 0)}–{num(r['turn_q75'], 0)})"
        ex_rows.append([nm(h), num(r["games"]), f"{pct(r['ran_out_share'])} ({ci(r['ran_out_ci_low'], r['ran_out_ci_high'])})",
                        when, num(r["exhaustion_damage_per_game"], 2),
                        f"{pct(r['win_rate_ran_out'])} ({ci(r['win_rate_ran_out_ci_low'], r['win_rate_ran_out_ci_high'])}, n={r['ran_out']:,})"
                        if r["ran_out"] else "–",
                        f"{pct(r['win_rate_other'])} ({ci(r['win_rate_other_ci_low'], r['win_rate_other_ci_high'])})"])
    sections.append(Section("exhaustion", "Running out of cards", [
        "A deck runs out when its last card is drawn; from then on, each card the player should draw but cannot "
        "deals 2 damage to each of that player's fighters. Here every game counts once for each side, so a "
        "mirror match counts twice for its hero (hero-games).",
        Chart("exhaustion", "Deck exhaustion timing",
              "For each hero, the share of its games in which its deck had run out by each turn (both players' "
              "turns count). A line that stays at 0% means the deck never ran out; the height at the right end "
              "is the share of games in which it ran out at all." + C.exhaustion_chart_note(order)),
        Table(["Hero", "Hero-games", "Deck ran out", "Turn it ran out: median (middle half)", "Exhaustion damage / game",
               "Win rate when it ran out", "Win rate otherwise"], ex_rows,
              caption="Exhaustion per hero (95% intervals)", align="lrrrrrr", sortable=True,
              note="Exhaustion damage counts all of the side's fighters. Winning more often when the deck runs out "
                   "usually means long games favour the hero, not that running out helps. "
                   "Python: `analysis.exhaustion(run)`, `analysis.exhaustion_timing(run)`."),
    ]))
    most = ex.sort("ran_out_share", descending=True).row(0, named=True)
    if most["ran_out"]:
        findings.append(f"Decks run out most for **{nm(most['hero'])}**: in {pct(most['ran_out_share'])} of its games "
                        f"({ci(most['ran_out_ci_low'], most['ran_out_ci_high'])}; median turn "
                        f"{num(most['turn_median'], 0)}); it then wins {pct(most['win_rate_ran_out'])} of them "
                        f"({ci(most['win_rate_ran_out_ci_low'], most['win_rate_ran_out_ci_high'])}, "
                        f"{most['ran_out']:,} games).")
    else:
        findings.append("No deck ever ran out.")

    # ---------------------------------------------------------------- misery
    if A.has_misery(run):
        sections.append(_misery_section(run, chart, findings))
    else:
        why = ("no hero in this run has a misery box (Pandora), so there is nothing to measure. "
               "Include `pandora` in the tournament to get this section.")
        left_out.append(("Pandora's misery risk", why))
        sections.append(Section("misery", "Pandora's misery risk (left out)", [f"Left out: {why}"]))

    # ---------------------------------------------------------------- length
    length = A.game_length(run)
    reasons = A.end_reasons(run)
    summary = A.game_length_summary(run)
    chart(C.game_length_chart(length, reasons), "game_length")
    allg = summary.filter(pl.col("hero_a") == "all").row(0, named=True)
    len_rows = [[matchup_label(*strength_pair(r["hero_a"], r["hero_b"], order), names)
                 if r["hero_a"] != "all" else "all games", num(r["games"]),
                 num(r["mean"], 1), num(r["median"], 0), f"{num(r['q25'], 0)}–{num(r['q75'], 0)}",
                 f"{r['min']}–{r['max']}"] for r in sorted(summary.iter_rows(named=True),
                                                          key=lambda r: pair_rank(r["hero_a"], r["hero_b"], order))]
    reason_rows = [[C.source_label(r["end_reason"]), num(r["games"]), pct(r["share"])] for r in reasons.iter_rows(named=True)]
    draws = reasons.filter(pl.col("end_reason") == "turn_limit")
    sections.append(Section("length", "Game length and how games end", [
        Chart("game_length", "Game length and end reasons",
              "Left: how many turns games lasted (both players' turns count), as a share of all games. Right: how "
              "games ended — the source of the damage that defeated the losing hero (combat, card effects, "
              "exhaustion, a misery bust...), both heroes defeated at once (the player whose turn it was wins), "
              "or the turn limit (stopped as a draw)."),
        Table(["Matchup", "Games", "Mean turns", "Median", "Middle half", "Range"], len_rows,
              caption="Game length by matchup (strongest hero's matchups first)", align="lrrrrr", sortable=True,
              note="Python: `analysis.game_length(run)`, `analysis.game_length_summary(run)`."),
        Table(["How the game ended", "Games", "Share"], reason_rows, caption="End reasons", align="lrr",
              note="Python: `analysis.end_reasons(run, by_matchup=True)` splits this per matchup."),
    ]))
    top_reason = reasons.row(0, named=True)
    findings.append(f"Games last {num(allg['median'], 0)} turns (median; middle half {num(allg['q25'], 0)}–"
                    f"{num(allg['q75'], 0)}); {pct(top_reason['share'], 0)} end by "
                    f"{C.source_label(top_reason['end_reason'])}"
                    + (f", {draws['games'][0]:,} stopped at the turn limit." if draws.height else ", none at the turn limit."))

    # ---------------------------------------------------------------- how the AI played
    sections.append(_play_section(run, findings, left_out, order))

    # ---------------------------------------------------------------- method
    per_pair = meta.get("games_per_pairing")
    if per_pair is not None and per_pair < 100:
        findings.append(f"Only {per_pair} games per pairing: intervals are wide; run more games (`-n`) before "
                        "trusting small differences.")
    sections.append(Section("method", "How to read this report", [[
        "**95% interval** (Wilson score interval): the range of true win rates consistent with the games "
        "played. If it excludes 50%, the imbalance is unlikely to be luck. More games make it narrower.",
        "**Draws**: a game stopped at the turn limit has no winner; win rates count it as a game not won.",
        "**Mirror matches** (a hero against itself) are left out of the matrix, ranking and per-hero rates; "
        "they measure the first-player advantage instead.",
        "**Turns** count both players' turns: turn 1 is the first player's, turn 2 the second player's.",
        "**Policies** make every decision; results describe these policies playing the heroes, which can "
        "differ from how people play them.",
        "Everything here is computed from the run's Parquet logs by `unmatched_sim.analysis`; each table's "
        "Python function is named under it.",
    ]]))

    doc = Document(
        title=f"Balance report — {run.name}",
        subtitle=_subtitle(run),
        inputs=_inputs_table(run, order, names),
        findings=findings, sections=sections, left_out=left_out,
        footer=f"Made by unmatched-sim {__version__} with `sim report {run.path or run.name}` from the run "
               f"written by unmatched-sim {meta.get('version', '?')}.")
    return doc, files


def _comeback_section(run: A.Run, order: list[str], chart, findings: list[str]) -> Section:
    """Win chance by health lead and turn (``analysis.comeback``), and each hero's wins from behind."""
    from unmatched_sim.analysis import comeback as CB

    names = hero_names(run)
    table = CB.comeback(run)
    chart(C.comeback_chart(table, CB.turn_labels(), CB.lead_labels()), "comeback")
    per = CB.comebacks_by_hero(run)
    rank = {h: i for i, h in enumerate(order)}
    rows = [[display(r["hero"], names), num(r["games"]), f"{num(r['games_behind'])} ({pct(r['share_behind'], 0)})",
             num(r["wins_from_behind"]), pct(r["win_rate"]) if r["games_behind"] else "–",
             ci(r["ci_low"], r["ci_high"]) if r["games_behind"] else "–"]
            for r in sorted(per.iter_rows(named=True), key=lambda r: rank.get(r["hero"], len(rank)))]
    cell = table.filter((pl.col("turn_band") == CB.turn_labels()[2]) & (pl.col("lead_band") == CB.lead_labels()[1]))
    if cell.height and cell["sides"][0] >= C.FEW_SIDES:
        c = cell.row(0, named=True)
        findings.append(f"Comebacks: a side {c['lead_band']} in health after turns {c['turn_band']} still wins "
                        f"{pct(c['win_rate'])} of the time ({ci(c['ci_low'], c['ci_high'])}, {c['sides']:,} sides of games; "
                        "see \"Coming back from behind\").")
    return Section("comeback", "Coming back from behind", [
        "How much a lead in health is worth: the chance that a side wins the game, given how far its heroes' health "
        "was ahead of (or behind) its foe's at the end of a turn, by how far the game had gone. Both sides of every "
        "game count at every turn it was still going (one side's lead is the other's deficit, so the chart is "
        "symmetric). A steep change from bottom to top means leads decide games; pale rows mean games swing.",
        Chart("comeback", "Win chance by health lead and turn",
              f"Each cell: the win rate of the sides of games that ended a turn of that band (both players' "
              f"turns count) with that lead, and n, how many such sides (each once, however many turns it spent "
              f"there). Blue: the side usually won from there; red: it usually lost. Cells with fewer than "
              f"{C.FEW_SIDES} sides say \"few\" and are left grey. "
              "Health is the hero fighters' (the Wayward Sisters' added up), sidekicks left out."),
        Table(["Hero", "Hero-games", f"Games {CB.BEHIND}+ behind (from turn {CB.FROM_TURN})", "Won from there",
               "Win rate from behind", "95% interval"], rows,
              caption="Who comes back: wins after being behind", align="lrrrrr", sortable=True,
              note=f"Behind: at the end of some turn from turn {CB.FROM_TURN} on, the hero's health was at least "
                   f"{CB.BEHIND} below its foe's; each game counts once for each side. Intervals of the chart's "
                   "cells are in `tables/comeback.csv`. "
                   "Python: `analysis.comeback.comeback(run)`, `analysis.comeback.comebacks_by_hero(run)`."),
    ])


def _diff_ci(r: dict) -> str:
    """First minus second win rate, with Newcombe's interval for the difference."""
    from unmatched_sim.analysis.compare import unpaired_interval
    if not r["first_games"] or not r["second_games"]:
        return "–"
    lo, hi = unpaired_interval(r["second_wins"], r["first_wins"], r["second_games"], r["first_games"])
    return f"{pts(r['first_minus_second'])} [{rounded(100 * lo, 1)}, {rounded(100 * hi, 1)}]"


def _upset(run: A.Run, favourite: str, underdog: str, names: dict[str, str]) -> str:
    """'; its quickest win: game 12, its upsets: e.g. game 40' — ids ready for sim replay."""
    from unmatched_sim.analysis.games import find_games
    fav = find_games(run, hero=favourite, opponent=underdog, winner=favourite, order="turns", limit=1)
    ups = find_games(run, hero=favourite, opponent=underdog, winner=underdog, order="turns", limit=2)
    parts = []
    if fav.height:
        parts.append(f"its quickest win is game {fav['game_id'][0]}")
    if ups.height:
        parts.append(f"upsets by {names.get(underdog, underdog)} include game{'s' if ups.height > 1 else ''} "
                     + " and ".join(str(g) for g in ups["game_id"]))
    return ("; " + ", ".join(parts) + f" (`sim replay {run.path} GAME_ID`)") if parts and run.path else ""


#: a figure resting on fewer games than this is flagged as such in "At a glance"
FEW_GAMES = 30


def _strongest_weakest(top: dict, bottom: dict, heroes: int, names: dict[str, str]) -> str:
    """Name a strongest / weakest hero only when its interval says so; flag few games."""
    def rate(r):
        few = f", only {r['games']:,} games" if r["games"] < FEW_GAMES else ""
        return f"{pct(r['win_rate'])} won, {ci(r['ci_low'], r['ci_high'])}{few}"
    best, worst = names.get(top["hero"], top["hero"]), names.get(bottom["hero"], bottom["hero"])
    strong = top["ci_low"] is not None and top["ci_low"] > 0.5
    weak = bottom["ci_high"] is not None and bottom["ci_high"] < 0.5
    if heroes == 2:
        if strong:
            return f"**{best}** is the stronger hero ({rate(top)}); **{worst}** {rate(bottom)}."
        return (f"Neither hero is clearly stronger: **{best}** {rate(top)}, **{worst}** "
                f"{rate(bottom)} — the intervals include 50%.")
    parts = []
    parts.append(f"**{best}** is the strongest hero ({rate(top)}; Bradley-Terry: beats an average hero "
                 f"{pct(top['bt_win_vs_average'], 0)} of the time)" if strong else
                 f"No hero is clearly strongest: the best record, **{best}**'s ({rate(top)}), could be luck "
                 "(its interval includes 50%)")
    parts.append(f"**{worst}** the weakest ({rate(bottom)})" if weak else
                 f"no hero is clearly weakest (the worst record, **{worst}**'s {rate(bottom)}, could be luck)")
    return "; ".join(parts) + "."


def board_name(run: A.Run) -> str:
    """The run's board as a reader names it ("Marmoreal"), from its board file; the id when the
    file is gone (or several boards were played: their ids)."""
    from unmatched_sim.errors import DataError
    from unmatched_sim.files import read_toml
    m = run.meta
    board = str(m.get("board", "?"))
    try:
        name = read_toml(Path((m.get("board_file") or {})["path"]), "board")[0].get("name")
    except (KeyError, TypeError, DataError):
        return board
    return name if isinstance(name, str) and "," not in board else board


def _subtitle(run: A.Run) -> str:
    m = run.meta
    heroes = run.heroes()
    who = f"between {len(heroes)} heroes" if len(heroes) > 1 else f"of {heroes[0] if heroes else '?'} against itself"
    return (f"{run.n_games():,} simulated games {who} on {board_name(run)}, "
            f"policies {_policies(run)}.")


def _policy_pairs(run: A.Run) -> list[tuple[str, str, int]]:
    """(policy_a, policy_b, games) as the games record them, most games first."""
    if "policies" not in run._cache:
        pairs = run.collect(run.games.group_by("policy_a", "policy_b").len().sort("len", descending=True), "games")
        run._cache["policies"] = pairs.rows()
    return run._cache["policies"]


def _policies(run: A.Run) -> str:
    """The policies as the games record them (a ladder run mixes several)."""
    pairs = _policy_pairs(run)
    if len(pairs) == 1:
        a, b, _ = pairs[0]
        return f"{a} on both sides" if a == b else f"{a} (first hero of each pairing) / {b} (second hero)"
    shown = "; ".join(f"{a} vs {b} ({n:,} games)" for a, b, n in pairs[:6])
    more = f"; and {len(pairs) - 6} more" if len(pairs) > 6 else ""
    return (f"mixed — {len(pairs)} policy pairings: {shown}{more}. Results per hero pool all of them; "
            "use `sim ladder` to compare policies")


def _games_line(run: A.Run, pairings: list, mirrors: int) -> str:
    """'180 in total: 6 pairings (3 of them mirror matches) × 30 games…'; one matchup said as one."""
    per = run.meta.get("games_per_pairing", "?")
    if len(pairings) == 1:
        what = "1 matchup" + (" (a mirror match)" if mirrors else "")
    else:
        what = f"{len(pairings)} pairings" + (f" ({mirrors} of them mirror matches)" if mirrors else " (no mirror matches)")
    return f"{run.n_games():,} in total: {what} × {per} games, each seed played from both seats"


def _other_policy_rows(run: A.Run) -> list[list[str]]:
    """The inputs' rows for the games a robust or checked run played under other policies."""
    from unmatched_sim.analysis.robust import robust_policies
    m, rows = run.meta, []
    pols = robust_policies(run)
    if len(pols) > 1:
        rows.append(["Robustness (`--robust`)", f"every pairing of two different heroes played again on the same "
                     f"seeds under {', '.join(f'`{p}`' for p in pols[1:])}, which plays both heroes (see \"Does the "
                     "verdict depend on the AI?\"); every other figure is from the run's own policy"])
    if m.get("check_with"):
        rows.append(["Play check (`--check-with`)", f"the first {m.get('check_games', '?')} games of every pairing "
                     f"replayed with `{m['check_with']}` playing one hero (see \"How well does the AI play each "
                     "hero?\")"])
    return rows


def _inputs_table(run: A.Run, order: list[str], names: dict[str, str]) -> Table:
    m = run.meta
    pairings = m.get("pairings") or []
    mirrors = sum(1 for p in pairings if p[0] == p[1])
    rows = [
        ["Run", str(run.path or run.name)],
        ["Heroes", heroes_line(order, names)],
        ["Games", _games_line(run, pairings, mirrors)],
        ["Policies", _policies(run)],
        *_other_policy_rows(run),
        ["Board", board_name(run) + (f" (`{m['board']}`)" if m.get("board") and m["board"] != board_name(run) else "")],
        ["What-if overrides", ("; ".join(f"`{o}`" for o in m["overrides"]) + " (applied to the hero files for "
                               "this run only; `sim replay` applies them again)") if m.get("overrides") else
         "none (the hero files as they are)"],
        ["Seed", str(m.get("seed", "?"))],
        ["Turn limit", f"{m.get('max_turns', '?')} turns (then a draw)"],
        ["Simulator version", f"unmatched-sim {m.get('version', '?')} (polars {m.get('polars', '?')})"],
        ["Run made", str(m.get("created_utc", "?"))],
        ["Command", "`" + " ".join(m.get("command", [])) + "`" if m.get("command") else "?"],
    ]
    files = m.get("hero_files") or {}
    files = {h: files[h] for h in [*order, *files] if h in files}      # the heroes' order, as every table
    if files:
        rows.append(["Hero files", ", ".join(f"{display(h, names)} sha256 {v.get('sha256', '')[:12]}"
                                             for h, v in files.items())])
    if files and any(p.split(":")[0] == "tuned" for pair in _policy_pairs(run) for p in pair[:2]):
        def style(v):
            full = {k: x for k, x in (v.get("ai_style") or {}).items() if k != "aggression"}
            agg = f"{v['ai_aggression']:g}" if v.get("ai_aggression") is not None else "0.55 (none set)"
            return agg + (" (" + ", ".join(f"{k} {x:g}" for k, x in full.items()) + ")" if full else "")
        styles = ", ".join(f"{display(h, names)} {style(v)}" for h, v in files.items())
        rows.append(["Hero styles (`tuned`)", f"aggression (and the other style weights set) from each "
                     f"hero file's [ai] table: {styles}"])
    return Table(["Input", "Value"], rows, align="ll")


def _matrix_table(matrix: pl.DataFrame, seats: pl.DataFrame, order: list[str], flagged: set, mark: str,
                  names: dict[str, str] | None = None) -> Table:
    """The win-rate matrix as numbers: a grid (see ``Table.grid``) so 18 heroes fit a laptop's
    page. A cell is the win rate (with its * and † marks; in HTML a link to the matchup's example
    games), then its 95% interval on a line of its own, then its games unless every cell has the
    same number (then the note says it once)."""
    cells = {(h, o): r for h, o, r in zip(matrix["hero"], matrix["opponent"], matrix.iter_rows(named=True))}
    counts = {r["games"] for r in cells.values()}
    same_n = len(counts) == 1
    rows = []
    for h in order:
        row = [display(h, names)]
        for o in order:
            if h == o:
                played = seats.filter(pl.col("hero") == h)["mirror_games"]
                row.append(f"[mirror](#{example_anchor(h, o, order)})" if played.len() and played[0] else "no mirror")
                continue
            r = cells.get((h, o))
            row.append("–" if r is None else
                       f"[{pct(r['win_rate'], 0)}{'*' if r['significant'] else ''}{' †' if (h, o) in flagged else ''}]"
                       f"(#{example_anchor(h, o, order)})"
                       f"\n{ci(r['ci_low'], r['ci_high'], 0)}" + ("" if same_n else f"\nn={r['games']:,}"))
        rows.append(row)
    games = f"every cell is {next(iter(counts)):,} games" if same_n else "then its number of games"
    return Table(["Hero \\ opponent"] + [display(h, names) for h in order], rows, caption="Win-rate matrix as numbers",
                 align="l" + "r" * len(order), grid=True,
                 note=f"Row hero's win rate against the column hero, then its 95% interval; {games}. "
                      "* = the interval excludes 50%." + (" " + mark if mark else "")
                      + " In the page, a win rate links to the matchup's example games.")


# --------------------------------------------------------------------------- misery section
def _misery_section(run: A.Run, chart, findings: list[str]) -> Section:
    blocks: list = []
    boxes = A.misery_boxes(run)
    bust_at, why = A.bust_threshold(run)
    risk = A.misery_risk(run, bust_at)
    byf = A.misery_risk_by_feathers(run, bust_at)
    pushes = A.misery_pushes(run)
    summ = A.misery_summary(run)
    wins = A.misery_win_rates(run)
    heroes = summ["hero"].to_list()
    names = hero_names(run)
    who = " and ".join(names.get(h, h) for h in heroes)
    blocks.append(f"At the start of her turn {who} reveals miseries from her box one at a time, resolving each, and "
                  "may stop after any of them; once the revealed miseries carry enough feathers she must stop and "
                  "takes damage for each misery revealed (a **bust**). The box is shuffled again after every turn.")
    if boxes.height:
        b = boxes.row(0, named=True)
        comp = A.parse_misery_box(b["box"])
        blocks.append(Table(["Misery", "Feathers"], [[n, str(f)] for n, f in comp],
                            caption=f"The box ({len(comp)} miseries, {sum(f for _, f in comp)} feathers)"
                                    + (f"; {boxes.height} different boxes were seen, this is the most common"
                                       if boxes.height > 1 else ""), align="lr"))
    blocks.append(f"Bust rule: {why}." if bust_at is not None else f"Exact odds are not shown: {why}.")
    chart(C.misery_risk_chart(risk), "misery_risk")
    blocks.append(Chart("misery_risk", "Misery risk chart",
                        "The chance that the next reveal busts, by how many miseries are already out this turn. "
                        "Grey squares: the exact odds computed from the box when all you know is how many came "
                        "out safely (every order of the seven cards equally likely). Red dots: what happened in the "
                        "simulation, with 95% intervals and the number of reveals (n). Green diamonds: the exact "
                        "odds for the feathers actually showing each time the policy chose to reveal again. The "
                        "policy pushes mostly when few feathers are showing, so it busts less than the blind odds; "
                        "the green diamonds are what its rate should match. Hope lets Pandora look at the next "
                        "misery before deciding, which lets the policy beat even those odds after Hope."))
    risk_rows = []
    for r in risk.iter_rows(named=True):
        if r["attempts"] == 0 and r["exact_blind"] is None:
            continue
        risk_rows.append(([display(r["hero"], names)] if len(heroes) > 1 else []) + [
            str(r["revealed"]), str(r["revealed"] + 1), pct(r["exact_blind"]), pct(r["exact_given_feathers"]),
            f"{pct(r['simulated'])} ({ci(r['ci_low'], r['ci_high'])})" if r["attempts"] else "–", num(r["attempts"])])
    head = (["Hero"] if len(heroes) > 1 else []) + ["Already revealed", "Next reveal", "Exact (blind)",
                                                    "Exact (for the feathers showing)", "Simulated", "Reveals"]
    blocks.append(Table(head, risk_rows, caption="Chance the next reveal busts",
                        align=("l" if len(heroes) > 1 else "") + "rrrrrr",
                        note="The first reveal of a turn is not a choice. Python: `analysis.misery_risk(run)`, "
                             "`analysis.exact_bust_odds(box, bust_at)`."))
    byf_rows = [([display(r["hero"], names)] if len(heroes) > 1 else []) + [
        str(r["revealed"]), str(r["feathers_before"]), pct(r["exact"]),
        f"{pct(r['simulated'])} ({ci(r['ci_low'], r['ci_high'])})", num(r["attempts"])]
        for r in byf.iter_rows(named=True)]
    blocks.append(Table((["Hero"] if len(heroes) > 1 else []) + ["Already revealed", "Feathers showing", "Exact",
                                                                 "Simulated", "Reveals"], byf_rows,
                        caption="Chance the next reveal busts, by feathers showing",
                        align=("l" if len(heroes) > 1 else "") + "rrrrr",
                        note="Only positions the policy actually revealed from. "
                             "Python: `analysis.misery_risk_by_feathers(run)`."))
    chart(C.misery_pushes_chart(pushes), "misery_pushes")
    blocks.append(Chart("misery_pushes", "How far the policy pushed",
                        "How many miseries were revealed on each of Pandora's turns, split by how the turn's gamble "
                        "ended: stopped safely, or busted (the last misery counted is the one that busted)."))
    s_rows = [[display(r["hero"], names), num(r["games"]), num(r["gambles_per_game"], 1), num(r["reveals_per_gamble"], 2),
               f"{pct(r['bust_rate'])} ({ci(r['bust_rate_ci_low'], r['bust_rate_ci_high'])})", pct(r["games_with_bust"]),
               num(r["bust_damage_per_game"], 2), pct(r["win_rate"])] for r in summ.iter_rows(named=True)]
    blocks.append(Table(["Hero", "Hero-games", "Turns with a gamble / game", "Miseries per turn", "Bust rate (per turn)",
                         "Games with a bust", "Bust damage / game", "Win rate (mirrors included)"], s_rows,
                        caption="Misery gambles", align="lrrrrrrr",
                        note="Python: `analysis.misery_summary(run)`, `analysis.misery_pushes(run)`."))
    w_rows = [[display(r["hero"], names), r["behaviour"], r["bucket"], num(r["games"]),
               f"{pct(r['win_rate'])} ({ci(r['ci_low'], r['ci_high'])})"] for r in wins.iter_rows(named=True)]
    blocks.append(Table(["Hero", "Behaviour in the game", "Group", "Games", "Win rate"], w_rows,
                        caption="Win rate by misery behaviour", align="lllrr",
                        note="Miseries per gamble: the game's average, in bands (1-2 means at least 1 and under 2). "
                             "An association, not a cause: a Pandora who is behind may gamble harder, and long "
                             "games give more chances to bust. Python: `analysis.misery_win_rates(run)`."))
    for r in summ.iter_rows(named=True):
        findings.append(f"**{names.get(r['hero'], r['hero'])}** busts on {pct(r['bust_rate'])} of her turns "
                        f"({ci(r['bust_rate_ci_low'], r['bust_rate_ci_high'])}), losing "
                        f"{num(r['bust_damage_per_game'], 2)} health per game to busts"
                        + (f" (a reveal busts at {bust_at} feathers)." if bust_at is not None else "."))
    return Section("misery", "Pandora's misery risk", blocks)


def _play_section(run: A.Run, findings: list[str], left_out: list, order: list[str] | None = None) -> Section:
    """How the AI played each hero (analysis.play_stats): what a reader can judge the AI by; rows in
    ``order`` (strongest first), each hero's policies together."""
    from unmatched_sim.analysis.play import play_stats

    try:
        ps = play_stats(run)
    except KeyError as e:
        why = f"run.json names no {e.args[0]} (a hand-built log?): positions cannot be rebuilt"
        left_out.append(("How the AI played", why))
        return Section("play", "How the AI played (left out)", [f"Left out: {why}"])
    except (UserError, OSError, ValueError) as e:
        why = f"the run's hero or board files are not readable ({e})"
        left_out.append(("How the AI played", why))
        return Section("play", "How the AI played (left out)", [f"Left out: {why}"])
    if order:
        rank = {h: i for i, h in enumerate(order)}
        ps = ps.with_row_index("_k").sort(pl.col("hero").replace_strict(rank, default=len(order)), "_k").drop("_k")
    several = several_fighters(run)
    names = hero_names(run)
    base = run.meta.get("policy_a")
    policies = ps["policy"].unique(maintain_order=True).to_list()
    by_policy = len(policies) > 1

    def share(r, name, digits=0) -> str:
        n = {"ends_in_reach": "turns", "start_hit": "foe_turns", "on_hero": "target_choices", "undefended": "attacked",
             "ransoms_paid": "ransoms_offered", "deck_out": "games", "hand_limit_turns": "turns"}[name]
        if not r[n]:
            return "–"
        return f"{pct(r[name], digits)} ({ci(r[f'{name}_lo'], r[f'{name}_hi'], 0)}) of {num(r[n])}"

    def lead(r) -> list[str]:
        return [display(r["hero"], names)] + ([r["policy"]] if by_policy else [])

    rows, choice_rows = [], []
    for r in ps.iter_rows(named=True):
        rows.append(lead(r) + [num(r["turns"]), share(r, "ends_in_reach"),
                               share(r, "start_hit") + (f"; {num(r['start_damage'], 2)} damage a turn"
                                                         if r["foe_turns"] else ""),
                               share(r, "undefended"), num(r["attacks_per_turn"], 2), pct(r["boost_share"], 0)])
        exhaustion = num(r["exhaustion_damage"], 2) + ("" if r["exhaustion_damage_lo"] is None else
                                                        f" ({num(r['exhaustion_damage_lo'], 2)}–"
                                                        f"{num(r['exhaustion_damage_hi'], 2)})")
        choice_rows.append(lead(r) + [share(r, "on_hero"), share(r, "ransoms_paid"), share(r, "deck_out"),
                                      exhaustion, share(r, "hand_limit_turns")
                                      + (f"; {num(r['hand_limit_discards'], 2)} cards a turn" if r["turns"] else "")])
    own = ps.filter(pl.col("policy") == base) if base in policies else ps
    exposed = own.filter(~pl.col("hero").is_in(list(several)) & pl.col("ends_in_reach").is_not_null()).sort(
        "ends_in_reach", descending=True)
    if exposed.height:
        top = exposed.row(0, named=True)
        findings.append(f"The AI leaves **{names.get(top['hero'], top['hero'])}** where a foe can attack it "
                        "without moving at the end of "
                        f"{pct(top['ends_in_reach'], 0)} of its turns ({ci(top['ends_in_reach_lo'], top['ends_in_reach_hi'], 0)}"
                        f" of {top['turns']:,}; see \"How the AI played\"): a figure that "
                        "depends on the AI's positional play as much as on the hero.")
    shy = own.filter((pl.col("target_choices") >= 10) & (pl.col("on_hero") < 0.5)).sort("on_hero")
    if shy.height:
        top = shy.row(0, named=True)
        findings.append(f"With both a foe's hero and a sidekick in reach, the AI playing **{names.get(top['hero'], top['hero'])}"
                        f"** attacked the hero only {pct(top['on_hero'], 0)} of the time "
                        f"({ci(top['on_hero_lo'], top['on_hero_hi'], 0)}; {top['on_hero_n']:,} of "
                        f"{top['target_choices']:,} attacks): check that sidekick-first play is a choice, not a flaw "
                        "(see \"How the AI played\").")
    head = ["Hero"] + (["Policy"] if by_policy else [])
    return Section("play", "How the AI played", [
        "Statistics to judge the play behind the figures above (`analysis.play_stats(run)`): how often a hero "
        "ended its turn where an opposing fighter could attack it **without moving** (the foe then has both "
        "actions for attacks), how often the foe's turn began by damaging it (Medusa's gaze, Tesla's coils...), "
        "how often it answered an attack with no card, attacks declared per turn, and "
        "the share of cards spent on BOOST rather than played. A strong player rarely ends exposed without a "
        "defense in hand; a high figure here says the AI may be underplaying that hero. A hero of several "
        "fighters (the Wayward Sisters) counts as in reach when any of its heroes still standing is, and attacks "
        "on any of them count"
        + (f" ({', '.join(sorted(display(h, names) for h in several))}: with three fighters to guard, compare it with care)." if several else ".")
        + (f" Rows per policy: the run's `{base}` in its own games, the other policies in the games they played "
           "(one side each in a checked run: compare how each plays the same hero)." if by_policy else ""),
        Table(head + ["Turns", "Ends turn in reach", "Foe turns starting with damage to it",
                      "Attacks answered with no card", "Attacks per turn", "Cards spent on BOOST"], rows,
              caption="Position and defense", align="l" * len(head) + "rrrrrr", sortable=True,
              note="Shares with their 95% interval and count. Positions are rebuilt from the log; intervals treat "
                   "turns as independent (a lower bound on the uncertainty)."),
        Table(head + ["Hero and sidekick in reach: attacks on the hero", "Ransoms paid (of those it could pay)",
                      "Deck ran out (games)", "Exhaustion damage / game", "Turns ending with hand-limit discards"],
              choice_rows,
              caption="Choices and resources", align="l" * len(head) + "rrrrr", sortable=True,
              note="Attacks on the hero: among attacks declared by a fighter that could attack, from where it stood, "
                   "both an opposing hero and a sidekick (rebuilt from positions and ranges; an effect that forbids "
                   "or allows a target is not seen, and the attacker itself was chosen too). Ransoms: Blackbeard's "
                   "`unless` costs offered to this hero's side when its treasury held enough. Exhaustion damage: per "
                   "game, with a 95% normal interval over games. Hand-limit discards: cards discarded unused at the "
                   "end of a turn."),
    ])


