"""Report sections of the designer's workbench: per-card statistics, the race of a matchup,
example games for each matchup, and the export of every table (CSV + one JSON file)."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker
import polars as pl

from unmatched_sim import analysis as A
from unmatched_sim.analysis.cards import cards, opening_note
from unmatched_sim.analysis.tempo import tempo
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Section, Table
from unmatched_sim.report.export import export_tables
from unmatched_sim.report.format import pct


def num(x, digits: int = 1) -> str:
    return "–" if x is None else f"{x:,.{digits}f}"


# --------------------------------------------------------------------------- cards
def cards_section(run: A.Run, order: list[str]) -> Section:
    table = cards(run)
    note = opening_note(run)
    blocks: list = [
        "For each hero's cards: how often each is drawn and played, and how games go when it is played. "
        "Counts are totals over the hero's games (mirror matches left out); rates are per game. "
        f"Opening hands: {note}."]
    for h in order:
        t = table.filter(pl.col("hero") == h)
        if t.height == 0:
            continue
        rows = []
        for r in t.iter_rows(named=True):
            rows.append([r["card"], num(r["drawn_per_game"], 2),
                         "–" if r["opening"] is None else f"{r['opening']:,}",
                         f"{r['attack']:,}", f"{r['defense']:,}", f"{r['scheme']:,}", f"{r['boost']:,}",
                         f"{r['discarded']:,}",
                         f"{pct(r['played_win_rate'], 0)} (n={r['games_played']:,})" if r["games_played"] else "–",
                         pct(r["not_played_win_rate"], 0), pct(r["drawn_win_rate"], 0), pct(r["win_rate_per_play"], 0),
                         num(r["damage_per_play"], 2), num(r["prevented_per_defense"], 2)])
        blocks.append(Table(["Card", "Drawn / game", "In opening hand", "Attack", "Defense", "Scheme", "BOOST",
                             "Discarded", "Played win rate", "Not played", "Drawn win rate", "Per play",
                             "Damage / play", "Prevented / defense"], rows,
                            caption=f"{h}: cards, most played first", align="l" + "r" * 13))
    blocks.append(
        "**Played win rate**: the hero's win rate in games in which it played the card at least once (as an "
        "attack, defense, scheme or BOOST); **not played**: in the other games; **drawn win rate**: in games in "
        "which the card was in hand at some point; **per play**: every play weighted by its game's result. These "
        "are associations, not causes: a card played more in long games, or when ahead, looks better than it is. "
        "**Damage / play**: combat damage it dealt as the attack card plus damage its effects did to opposing "
        "fighters, per play; **prevented / defense**: combat damage it stopped as the defense card (the smaller "
        "of the attack's value and its own), per defense play. Python: `analysis.cards(run)`.")
    return Section("cards", "Cards", blocks)


# --------------------------------------------------------------------------- tempo
def tempo_chart(t: pl.DataFrame, hero: str, opponent: str):
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


def tempo_section(run: A.Run, pairs: list[tuple[str, str]], chart) -> Section:
    blocks: list = ["For a matchup, both heroes' health by turn on one axis, and the lead: who gets ahead, "
                    "when, and by how much. Python: `analysis.tempo.tempo(run, hero, opponent)`."]
    for h, o in pairs:
        t = tempo(run, h, o)
        name = f"tempo_{h}_{o}"
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
def _examples_frame(run: A.Run, order: list[str]) -> pl.DataFrame:
    t = examples_table(run, order)
    return pl.DataFrame([dict(zip(["matchup", "quickest_win_first_hero", "quickest_win_second_hero", "longest_game",
                                   "a_draw"], r)) for r in t.rows],
                        schema={c: pl.Utf8 for c in ["matchup", "quickest_win_first_hero", "quickest_win_second_hero",
                                                     "longest_game", "a_draw"]})


def examples_table(run: A.Run, order: list[str]) -> Table:
    """Per matchup: ids of the shortest win of each hero and the longest game (ready for replay)."""
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
                return f"game {w['game_id'][0]} ({w['turns'][0]} turns)" if w.height else "–"
            longest = sub.sort(["turns", "game_id"], descending=[True, False]).row(0, named=True)
            draws = sub.filter(pl.col("winner_hero").is_null())
            rows.append([f"{h} vs {o}" if h != o else f"{h} mirror", quickest(h), quickest(o) if h != o else "–",
                         f"game {longest['game_id']} ({longest['turns']} turns, {longest['end_reason']})",
                         f"game {draws['game_id'][0]}" if draws.height else "–"])
    return Table(["Matchup", "Quickest win, first hero", "Quickest win, second hero", "Longest game", "A draw"], rows,
                 caption="Example games (tell one with `sim replay RUN GAME_ID`; find more with `sim games RUN`)",
                 align="lllll",
                 note=f"e.g. `sim replay {run.path} {rows and g['game_id'][0]}`; "
                      f"`sim games {run.path} --hero HERO --winner HERO --sort turns`.")


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
        "cards": cards(run),
    }
    from unmatched_sim.analysis.damage_split import damage_by_fighter
    tables["damage_by_fighter"] = damage_by_fighter(run)
    tables["seats_by_matchup"] = seats_by_matchup(run)
    tables["example_games"] = _examples_frame(run, order)
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


def boards_section(run: A.Run, order: list[str]) -> Section | None:
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
                cells.append(f"{pct(r['win_rate'], 1)} ({pct(r['ci_low'], 0)}–{pct(r['ci_high'], 0)}, n={r['games']:,})")
            rows.append([h, "every opponent" if o == "all" else o] + cells)
    return Section("boards", "By board", [
        f"Every pairing was played on each of {len(boards)} boards from the same seeds, so a difference between "
        "boards is the board's doing (and luck, within the intervals).",
        Table(["Hero", "Against"] + boards, rows, caption="Win rate by board (95% intervals, mirrors left out)",
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


def seats_by_matchup_table(run: A.Run) -> Table:
    t = seats_by_matchup(run)
    rows = [[f"{r['hero']} vs {r['opponent']}" if r["hero"] != r["opponent"] else f"{r['hero']} mirror",
             f"{r['games']:,}", f"{pct(r['first_player_win_rate'], 1)} ({pct(r['ci_low'], 1)}–{pct(r['ci_high'], 1)})",
             pct(r["h1_first_win_rate"], 1), pct(r["h1_second_win_rate"], 1)] for r in t.iter_rows(named=True)]
    return Table(["Matchup", "Games", "First player wins (95%)", "First hero going first", "First hero going second"],
                 rows, caption="Seats per matchup", align="lrrrr",
                 note="The first hero is the first named in the matchup. Python: `report.workbench.seats_by_matchup(run)`.")


# --------------------------------------------------------------------------- hero / sidekick damage
def damage_by_fighter_table(run: A.Run, order: list[str]) -> Table:
    from unmatched_sim.analysis.damage_split import damage_by_fighter
    t = damage_by_fighter(run)
    rows = []
    for h in order:
        r = t.filter(pl.col("hero") == h)
        if r.height:
            r = r.row(0, named=True)
            rows.append([h, num(r["dealt_to_hero"], 2), num(r["dealt_to_sidekicks"], 2), num(r["taken_by_hero"], 2),
                         num(r["taken_by_sidekicks"], 2)])
    return Table(["Hero", "Dealt to the opposing hero / game", "Dealt to sidekicks / game", "Taken by the hero / game",
                  "Taken by its sidekicks / game"], rows, caption="Damage to heroes and to sidekicks", align="lrrrr",
                 note="The same damage as above, split by the fighter that took it (a hero of several fighters, "
                      "the Wayward Sisters: all of them are the hero). Dealt is what the log names the hero's side "
                      "as the cause of, so it leaves out self-inflicted and unattributed damage; taken includes "
                      "both. Python: `analysis.damage_split.damage_by_fighter(run)`.")
