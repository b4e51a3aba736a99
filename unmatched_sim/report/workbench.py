"""Report sections of the designer's workbench: the race of a matchup,
example games for each matchup, and the export of every table (CSV + one JSON file)."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker
import polars as pl

from unmatched_sim import analysis as A
from unmatched_sim.analysis.cards import card_effects, cards
from unmatched_sim.analysis.tempo import tempo
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Section, Table
from unmatched_sim.report.export import export_tables
from unmatched_sim.report.format import catalog_board_name, ci, num, pct


# --------------------------------------------------------------------------- tempo
def tempo_chart(t: pl.DataFrame, hero: str, opponent: str):
    """The race of ``hero`` against ``opponent`` (as the reader names them: display names)."""
    colors = ("#1f77b4", "#d62728")
    with matplotlib.rc_context(C.RC):
        fig = C._fig(7.5, 3.8)
        ax = fig.add_subplot()
        x = t["turn"].to_list()
        for (who, label), color, ls in zip((("hero", hero), ("opponent", opponent if opponent != hero else f"{hero} (second)")),
                                           colors, ("-", "--")):
            ax.fill_between(x, t[f"{who}_health_q25"], t[f"{who}_health_q75"], color=color, alpha=0.15, lw=0, step="post")
            ax.step(x, t[f"{who}_health_median"], where="post", color=color, ls=ls, lw=2,
                    label=f"{label}'s health (median, middle half shaded)")
        ax.step(x, t["lead_median"], where="post", color="#222222", lw=1.4, ls=":",
                label=f"{hero}'s lead (median of its health − the opponent's)")
        ax.axhline(0, color="#999999", lw=1)
        ax.set_xlabel("turn (both players' turns count)")
        ax.set_ylabel("health")
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        ax.set_title(f"The race: {hero} vs {opponent}")
        ax.grid(color="#f0f0f0")
        fig.legend(loc="outside lower center", ncol=1, frameon=False, fontsize=8.5)
    return fig


def tempo_section(run: A.Run, pairs: list[tuple[str, str]], chart, names: dict[str, str] | None = None) -> Section:
    from unmatched_sim.report.format import display
    blocks: list = ["For a matchup, both heroes' health by turn on one axis, and the lead: who gets ahead, "
                    "when, and by how much. Python: `analysis.tempo.tempo(run, hero, opponent)`."]
    for hid, oid in pairs:
        t = tempo(run, hid, oid)
        name = f"tempo_{hid}_{oid}"
        h, o = display(hid, names), display(oid, names)
        chart(tempo_chart(t, h, o), name)
        blocks.append(Chart(name, f"The race between {h} and {o}",
                            f"Solid blue: {h}'s health, dashed red: {o}'s, by turn (median game; shaded: the middle "
                            f"half of games). Dotted black: {h}'s lead, its health minus {o}'s in the same game "
                            "(median). A finished game keeps its final health on later turns. A hero's health is its "
                            "hero fighter's; a hero of several (the Wayward Sisters) has all of them added up, so it "
                            "reaches 0 when the last one falls."))
        rows = [[str(r["turn"]), num(r["hero_health_median"], 1), num(r["opponent_health_median"], 1),
                 f"{num(r['lead_median'], 1)} ({num(r['lead_q25'], 1)} to {num(r['lead_q75'], 1)})",
                 pct(r["hero_ahead"], 0)] for r in t.iter_rows(named=True) if r["turn"] % 2 == 0 or r["turn"] <= 4]
        from unmatched_sim.analysis.tempo import MAX_GAMES
        blocks.append(Table(["Turn", f"{h} health", f"{o} health", f"{h}'s lead (middle half)", f"{h} ahead"], rows,
                            caption=f"The race, {h} vs {o} ({t['games'][0]:,} games"
                                    + (f": the first {MAX_GAMES:,} of the matchup" if t["games"][0] >= MAX_GAMES else "")
                                    + ")", align="rrrrr"))
    return Section("tempo", "The race (per-matchup tempo)", blocks)


# --------------------------------------------------------------------------- example games
def examples_frame(run: A.Run, order: list[str]) -> pl.DataFrame:
    """Per matchup (``hero`` the stronger, in ``order``; a mirror has hero = opponent): the ids of
    each hero's quickest win with its turns, of the longest game with its turns and end reason,
    and of a draw (null where there is none). Ids only, ready for ``sim replay RUN GAME_ID``."""
    g = run.collect(run.games.select("game_id", "hero_a", "hero_b", "winner_hero", "turns", "end_reason"), "games")
    rows = []
    for i, h in enumerate(order):
        for o in order[i:]:
            sub = g.filter(((pl.col("hero_a") == h) & (pl.col("hero_b") == o))
                           | ((pl.col("hero_a") == o) & (pl.col("hero_b") == h)))
            if sub.height == 0:
                continue

            def quickest(winner):
                w = sub.filter(pl.col("winner_hero") == winner).sort("turns", "game_id")
                return (w["game_id"][0], w["turns"][0]) if w.height else (None, None)
            longest = sub.sort(["turns", "game_id"], descending=[True, False]).row(0, named=True)
            draws = sub.filter(pl.col("winner_hero").is_null()).sort("game_id")
            qh, qo = quickest(h), (quickest(o) if h != o else (None, None))
            rows.append({"hero": h, "opponent": o, "quickest_win_hero": qh[0], "quickest_win_hero_turns": qh[1],
                         "quickest_win_opponent": qo[0], "quickest_win_opponent_turns": qo[1],
                         "longest_game": longest["game_id"], "longest_game_turns": longest["turns"],
                         "longest_game_end_reason": longest["end_reason"],
                         "a_draw": draws["game_id"][0] if draws.height else None})
    schema = {"hero": pl.Utf8, "opponent": pl.Utf8, "quickest_win_hero": pl.Int64, "quickest_win_hero_turns": pl.Int64,
              "quickest_win_opponent": pl.Int64, "quickest_win_opponent_turns": pl.Int64, "longest_game": pl.Int64,
              "longest_game_turns": pl.Int64, "longest_game_end_reason": pl.Utf8, "a_draw": pl.Int64}
    return pl.DataFrame(rows, schema=schema)


def examples_table(run: A.Run, order: list[str], names: dict[str, str] | None = None) -> Table:
    """Per matchup, in strength order: game ids of each hero's quickest win, the longest game and
    a draw, each row an anchor the win-rate matrix links to (``format.example_anchor``)."""
    from unmatched_sim.report.format import display, example_anchor, matchup_label

    t = examples_frame(run, order)

    def game(gid, turns, extra=""):
        return "–" if gid is None else f"{gid} ({turns} turns{extra})"
    rows, ids = [], []
    for r in t.iter_rows(named=True):
        h, o = r["hero"], r["opponent"]
        mirror = h == o
        rows.append([matchup_label(h, o, names),
                     game(r["quickest_win_hero"], r["quickest_win_hero_turns"],
                          ", either side" if mirror else f", {display(h, names)}"),
                     "–" if mirror else game(r["quickest_win_opponent"], r["quickest_win_opponent_turns"],
                                             f", {display(o, names)}"),
                     game(r["longest_game"], r["longest_game_turns"], f", {C.source_label(r['longest_game_end_reason'])}"),
                     "–" if r["a_draw"] is None else str(r["a_draw"])])
        ids.append(example_anchor(h, o, order))
    first = t["longest_game"][0] if t.height else "GAME_ID"
    return Table(["Matchup (stronger hero first)", "Quickest win of the first", "Quickest win of the second",
                  "Longest game", "A draw"], rows,
                 caption="Example games: game ids", align="lllll", row_ids=ids,
                 note=f"Tell one: `sim replay {run.path} {first}`; more of a matchup: "
                      f"`sim games {run.path} --hero HERO --opponent HERO --sort turns`. "
                      "Python: `report.workbench.examples_frame(run, order)`.")


# --------------------------------------------------------------------------- export
def export_report_tables(run: A.Run, out: Path, order: list[str], extra: dict,
                         tempo_pairs: list[tuple[str, str]] | None = None) -> list[str]:
    from unmatched_sim.analysis.damage import default_max_turn
    tables = {
        "ranking": A.ranking(run), "win_matrix": A.win_matrix(run), "seat_split": A.seat_split(run),
        "damage_by_source": A.damage_by_source(run), "damage_by_origin": A.damage_by_origin(run),
        "damage_curves": A.damage_curves(run, default_max_turn(run)),
        "exhaustion": A.exhaustion(run), "exhaustion_timing": A.exhaustion_timing(run),
        "game_length_summary": A.game_length_summary(run), "end_reasons": A.end_reasons(run, by_matchup=True),
        "cards": cards(run), "card_effects": card_effects(run),
    }
    from unmatched_sim.analysis.damage_split import damage_by_fighter
    tables["damage_by_fighter"] = damage_by_fighter(run)
    tables["seats_by_matchup"] = seats_by_matchup(run)
    tables["example_games"] = examples_frame(run, order)
    from unmatched_sim.analysis.comeback import comeback, comebacks_by_hero
    tables["comeback"] = comeback(run)
    tables["comebacks_by_hero"] = comebacks_by_hero(run)
    for h, o in tempo_pairs or []:
        tables[f"tempo_{h}_{o}"] = tempo(run, h, o)
    if run.collect(run.games.select(pl.col("board").n_unique()), "games").item() > 1:
        tables["by_board"] = by_board(run)
    from unmatched_sim.analysis.robust import policy_sensitivity, robust_policies
    if robust_policies(run):
        tables["policy_sensitivity"] = policy_sensitivity(run)
    if run.meta.get("check_with"):
        from unmatched_sim.analysis.headroom import headroom
        tables["headroom"] = headroom(run)
    if A.has_misery(run):
        tables.update({"misery_risk": A.misery_risk(run), "misery_summary": A.misery_summary(run),
                       "misery_win_rates": A.misery_win_rates(run)})
    return export_tables(out, tables, extra={"run": str(run.path), "heroes": order, **extra})


# --------------------------------------------------------------------------- boards
def by_board(run: A.Run) -> pl.DataFrame:
    """Per board, hero and opponent (``all`` = every opponent), mirrors left out: games, wins,
    win rate and its 95% interval."""
    from unmatched_sim.analysis._common import with_ci
    run = A.as_run(run)
    boards = run.collect(run.games.select("game_id", "board"), "games")
    s = run.sides().filter(~pl.col("mirror")).join(boards, on="game_id")
    per = s.group_by("board", "hero", "opponent").agg(pl.len().cast(pl.Int64).alias("games"),
                                                      pl.col("won").sum().cast(pl.Int64).alias("wins"))
    overall = s.group_by("board", "hero").agg(pl.lit("all").alias("opponent"), pl.len().cast(pl.Int64).alias("games"),
                                              pl.col("won").sum().cast(pl.Int64).alias("wins"))
    df = pl.concat([overall.select(per.columns), per]).sort("board", "hero", "opponent")
    return with_ci(df, "wins", "games", "win_rate", "ci_low", "ci_high")


def boards_section(run: A.Run, order: list[str], names: dict[str, str] | None = None) -> Section | None:
    boards = run.collect(run.games.select("board").unique(maintain_order=True), "games")["board"].to_list()
    if len(boards) < 2:
        return None
    t = by_board(run)
    rows = []
    for h in order:
        for o in ["all"] + [x for x in order if x != h]:
            cells = []
            for b in boards:
                r = t.filter((pl.col("board") == b) & (pl.col("hero") == h) & (pl.col("opponent") == o))
                if r.height == 0:
                    cells.append("–")
                    continue
                r = r.row(0, named=True)
                cells.append(f"{pct(r['win_rate'], 1)} ({ci(r['ci_low'], r['ci_high'], 0)}, n={r['games']:,})")
            rows.append([(names or {}).get(h, h), "every opponent" if o == "all" else (names or {}).get(o, o)] + cells)
    return Section("boards", "By board", [
        f"Every pairing was played on each of {len(boards)} boards from the same seeds, so a difference between "
        "boards is the board's doing (and luck, within the intervals).",
        Table(["Hero", "Against"] + [catalog_board_name(b) for b in boards], rows, caption="Win rate by board (95% intervals, mirrors left out)",
              align="ll" + "r" * len(boards), note="Python: `report.workbench.by_board(run)`."),
    ])


# --------------------------------------------------------------------------- seats per matchup
def seats_by_matchup(run: A.Run) -> pl.DataFrame:
    """Per matchup (hero, opponent; mirrors as hero = opponent): games, the first player's wins,
    win rate and 95% interval, and the hero's win rate going first and going second."""
    from unmatched_sim.analysis._common import with_ci
    s = run.sides()
    first = s.filter(pl.col("first"))
    fp = first.with_columns(pl.min_horizontal("hero", "opponent").alias("h1"),
                            pl.max_horizontal("hero", "opponent").alias("h2"))
    df = fp.group_by("h1", "h2").agg(pl.len().cast(pl.Int64).alias("games"),
                                     pl.col("won").sum().cast(pl.Int64).alias("first_wins")).sort("h1", "h2")
    df = with_ci(df, "first_wins", "games", "first_player_win_rate", "ci_low", "ci_high")
    per = s.filter(~pl.col("mirror")).group_by("hero", "opponent", "first").agg(pl.col("won").mean().alias("wr"))
    h1_first = per.filter(pl.col("first")).select(pl.col("hero").alias("h1"), pl.col("opponent").alias("h2"),
                                                  pl.col("wr").alias("h1_first_win_rate"))
    h1_second = per.filter(~pl.col("first")).select(pl.col("hero").alias("h1"), pl.col("opponent").alias("h2"),
                                                    pl.col("wr").alias("h1_second_win_rate"))
    return (df.join(h1_first, on=["h1", "h2"], how="left").join(h1_second, on=["h1", "h2"], how="left")
            .rename({"h1": "hero", "h2": "opponent"}))


def seats_by_matchup_table(run: A.Run, order: list[str] | None = None, names: dict[str, str] | None = None) -> Table:
    """Seats per matchup in strength order (``order``), the stronger hero named first."""
    from unmatched_sim.report.format import matchup_label, pair_rank, strength_pair

    t = seats_by_matchup(run)
    order = order or sorted(set(t["hero"]) | set(t["opponent"]))
    per = {(h, o, f): w for h, o, f, w in run.sides().filter(~pl.col("mirror")).group_by("hero", "opponent", "first")
           .agg(pl.col("won").mean()).iter_rows()}
    rows = []
    for r in sorted(t.iter_rows(named=True), key=lambda r: pair_rank(r["hero"], r["opponent"], order)):
        h, o = strength_pair(r["hero"], r["opponent"], order)        # the stronger named first
        rows.append([matchup_label(h, o, names), f"{r['games']:,}",
                     f"{pct(r['first_player_win_rate'], 1)} ({ci(r['ci_low'], r['ci_high'])})",
                     "–" if h == o else pct(per.get((h, o, True)), 1), "–" if h == o else pct(per.get((h, o, False)), 1)])
    return Table(["Matchup (stronger hero first)", "Games", "First player wins (95%)", "First hero going first",
                  "First hero going second"], rows, caption="Seats per matchup", align="lrrrr", sortable=True,
                 note="The first hero is the stronger, named first. Python: `report.workbench.seats_by_matchup(run)` "
                      "(there the first hero is the first in alphabetical order).")


# --------------------------------------------------------------------------- hero / sidekick damage
def damage_by_fighter_table(run: A.Run, order: list[str], names: dict[str, str] | None = None) -> Table:
    from unmatched_sim.analysis.damage_split import damage_by_fighter
    t = damage_by_fighter(run)
    rows = []
    for h in order:
        r = t.filter(pl.col("hero") == h)
        if r.height:
            r = r.row(0, named=True)
            rows.append([(names or {}).get(h, h), num(r["dealt_to_hero"], 2), num(r["dealt_to_sidekicks"], 2), num(r["taken_by_hero"], 2),
                         num(r["taken_by_sidekicks"], 2)])
    return Table(["Hero", "Dealt to the opposing hero / game", "Dealt to sidekicks / game", "Taken by the hero / game",
                  "Taken by its sidekicks / game"], rows, caption="Damage to heroes and to sidekicks", align="lrrrr",
                 sortable=True,
                 note="The same damage as above, split by the fighter that took it (a hero of several fighters, "
                      "the Wayward Sisters: all of them are the hero). Dealt is what the log names the hero's side "
                      "as the cause of, so it leaves out self-inflicted and unattributed damage; taken includes "
                      "both. Python: `analysis.damage_split.damage_by_fighter(run)`.")
