"""The report of a co-op run (``sim report`` picks it from the run's format): how often the heroes
beat the villain, overall, by player count, by line-up and by hero; how games end; the threat
track over the rounds; the damage each enemy deals (and each minion's share) and each hero takes;
how many rounds games last. Same document model as the duel report (HTML + Markdown, PNG + SVG
charts); the numbers are ``analysis.coop``'s tables."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import matplotlib.ticker
import polars as pl

from unmatched_sim.analysis import coop as K
from unmatched_sim.report import charts as C
from unmatched_sim.report.document import Chart, Document, Section, Table
from unmatched_sim.report.format import ci, display, num, pct

FORMAT_NAME = "co-op (Tales to Amaze Adventures)"
MIN_LINEUP_GAMES = 20     # a line-up is named in the findings only with this many games
MOST_CHARTED = 12         # line-ups charted from each end when there are many
MOST_LISTED = 50          # line-ups listed from each end when there are many (the CSV holds every one)


def lineup_label(lineup: str, names: dict[str, str] | None) -> str:
    """A line-up as a reader names it: "Houdini + Alice" (the CSV keeps "houdini+alice")."""
    return " + ".join(display(h, names) for h in lineup.split("+"))


def example_note(files: list[dict]) -> str | None:
    """The warning a run against invented content carries, or None."""
    invented = list(dict.fromkeys(f["name"] for f in files if f["example"]))
    if not invented:
        return None
    return ("**Example content**: " + ", ".join(invented) + (" is" if len(invented) == 1 else " are")
            + " invented for tests and demonstration (marked `example = true` in the files), not the content of any "
            "published villain, minion or Amazing Event. These figures show what the report reads from a co-op run; they say "
            "nothing about the balance of a real adventure. Enter the official cards (docs/coop.md) to measure that.")


# --------------------------------------------------------------------------- charts
def win_rate_chart(rows: list[tuple[str, dict]], title: str):
    """Heroes' win rate with its interval per row (label, record)."""
    data = [{"label": label, "series": [(r["win_rate"], r["ci_low"], r["ci_high"], "heroes' win rate",
                                         {"color": "#1f77b4"})]} for label, r in rows]
    return C.forest_chart(data, title, xlabel="heroes' win rate", reference=None)


def threat_chart(threat: pl.DataFrame, track: list[int]):
    """The mean threat level (or marker space) and objectives achieved by the end of each round,
    over the games still being played; the share of games still going as grey bars."""
    rounds = threat["round"].to_list()
    with matplotlib.rc_context(C.RC):
        fig = C._fig(7.5, 3.6)
        ax = fig.add_subplot()
        back = ax.twinx()
        back.bar(rounds, threat["share_playing"].to_list(), color="#e6e6e6", width=0.8, zorder=0,
                 label="games still being played")
        back.set_ylim(0, 1)
        back.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(C.percent_axis))
        back.set_ylabel("games still being played", color="#888888")
        back.spines["right"].set_visible(True)
        ax.set_zorder(back.get_zorder() + 1)
        ax.patch.set_visible(False)
        has_level = bool(track)
        ys = threat["mean_level" if has_level else "mean_space"].to_list()
        ax.plot(rounds, ys, marker="o", ms=3.5, color="#d62728",
                label="mean threat level" if has_level else "mean threat marker space")
        ax.plot(rounds, threat["mean_objectives"].to_list(), marker="s", ms=3.5, color="#1f77b4",
                label="mean objectives achieved")
        ax.set_xlabel("round (at its end)")
        ax.set_ylabel("threat level / objectives" if has_level else "marker space / objectives")
        # the scale of the track itself (its highest level or last space), so a low line reads as low
        top = max(track) if has_level else threat["mean_space"].max()
        ax.set_ylim(0, max(top, threat["mean_objectives"].max() or 0) * 1.05)
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        ax.set_title("The threat track over the rounds")
        h1, l1 = ax.get_legend_handles_labels()
        h2, l2 = back.get_legend_handles_labels()
        fig.legend(h1 + h2, l1 + l2, loc="outside lower center", ncol=3, frameon=False, fontsize=8.5)
    return fig


def enemy_damage_chart(dmg: pl.DataFrame):
    """Each enemy's share of the damage the enemies dealt and of the heroes' fighters they defeated."""
    labels = [f"{r['name']} ({r['role']})" for r in dmg.iter_rows(named=True)]
    ys = list(range(len(labels)))[::-1]
    with matplotlib.rc_context(C.RC):
        fig = C._fig(7.5, max(2.2, 0.55 * len(labels) + 1.3))
        ax = fig.add_subplot()
        ax.barh([y + 0.18 for y in ys], [x or 0 for x in dmg["damage_share"].to_list()], height=0.34,
                color="#4c72b0", label="share of the enemies' damage")
        ax.barh([y - 0.18 for y in ys], [x or 0 for x in dmg["defeat_share"].to_list()], height=0.34,
                color="#c44e52", label="share of the heroes' fighters defeated")
        ax.set_yticks(ys, labels)
        ax.set_xlim(0, 1)
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(C.percent_axis))
        ax.set_title("What each enemy did")
        fig.legend(loc="outside lower center", ncol=2, frameon=False, fontsize=8.5)
    return fig


def charted_lineups(lu: pl.DataFrame) -> pl.DataFrame:
    """The line-ups worth a chart: all of them when few, else the strongest and weakest (the table
    lists every one)."""
    if lu.height <= 2 * MOST_CHARTED:
        return lu
    return pl.concat([lu.head(MOST_CHARTED), lu.tail(MOST_CHARTED)])


# --------------------------------------------------------------------------- the document
def make_coop(run, out: Path, inputs: Table, names: dict[str, str] | None = None) -> tuple[Document, list[str]]:
    """The document of a co-op run and the chart files it wrote into ``out``. ``names``: hero id ->
    display name; every table, chart label and finding names heroes by it (the CSV keeps ids)."""
    files: list[str] = []
    findings: list[str] = []
    sections: list[Section] = []
    left_out: list[tuple[str, str]] = []
    enemy_files = K.enemy_files(run)
    villain = next((f for f in enemy_files if f["role"] == "villain"), None)
    villain_name = villain["name"] if villain else "the villain"

    def chart(fig, name) -> None:
        files.extend(C.save(fig, out, name))


    # ---------------------------------------------------------------- who wins
    total = K.win_rate(run).row(0, named=True)
    by_players = K.win_rate_by_players(run)
    lineups = K.win_rate_by_lineup(run)
    by_hero = K.win_rate_by_hero(run)
    findings.append(f"The heroes beat {villain_name} in **{pct(total['win_rate'])}** of {num(total['games'])} games "
                       f"(95% interval {ci(total['ci_low'], total['ci_high'])}).")
    note = example_note(enemy_files)
    if note:
        findings.insert(0, note)
    if by_players.height > 1:
        spread = ", ".join(f"{r['players']} player{'s' if r['players'] > 1 else ''} {pct(r['win_rate'])} "
                           f"({ci(r['ci_low'], r['ci_high'])})" for r in by_players.iter_rows(named=True))
        findings.append(f"By the number of players: {spread}.")
    rows = [[str(r["players"]), num(r["games"]), num(r["wins"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"])]
            for r in by_players.iter_rows(named=True)]
    blocks: list = [
        f"How often the heroes win — defeat {villain_name} — with its 95% Wilson interval: over the whole run "
        f"{pct(total['win_rate'])} ({ci(total['ci_low'], total['ci_high'])}, {num(total['games'])} games), and by the "
        "number of players (heroes). Each player count has its own villain health (10 per player) and one minion "
        "per player, so the counts are different games, not more of the same.",
        Table(["Players", "Games", "Heroes' wins", "Win rate", "95% interval"], rows, align="rrrrr",
              note="Python: `analysis.coop.win_rate(run)`, `analysis.coop.win_rate_by_players(run)`."),
    ]
    if by_players.height > 1:
        chart(win_rate_chart([(f"{r['players']} player{'s' if r['players'] > 1 else ''}", r)
                              for r in by_players.iter_rows(named=True)], "Heroes' win rate by player count"),
              "coop_players")
        blocks.append(Chart("coop_players", "win rate by player count",
                            "The heroes' win rate with its 95% interval at each player count."))
    sections.append(Section("wins", "How often the heroes win", blocks))

    # ---------------------------------------------------------------- line-ups
    listed = lineups if lineups.height <= 2 * MOST_LISTED else pl.concat([lineups.head(MOST_LISTED),
                                                                          lineups.tail(MOST_LISTED)])
    rows = [[lineup_label(r["lineup"], names), str(r["players"]), num(r["games"]), pct(r["win_rate"]),
             ci(r["ci_low"], r["ci_high"]), num(r["mean_rounds"], 1)] for r in listed.iter_rows(named=True)]
    blocks = ["Each line-up of heroes, strongest first: how often it beat the villain (95% interval) and how many "
              "rounds its games lasted. Every hero of a line-up takes every turn position equally often."
              + (f" The {MOST_LISTED} strongest and {MOST_LISTED} weakest of {lineups.height:,} line-ups are listed; "
                 "`tables/lineups.csv` holds every one." if listed.height < lineups.height else ""),
              Table(["Line-up", "Players", "Games", "Win rate", "95% interval", "Mean rounds"], rows,
                    align="lrrrrr", sortable=True, note="Python: `analysis.coop.win_rate_by_lineup(run)`.")]
    if lineups.height > 1:
        shown = charted_lineups(lineups)
        chart(win_rate_chart([(lineup_label(r["lineup"], names), r) for r in shown.iter_rows(named=True)],
                             "Heroes' win rate by line-up"), "coop_lineups")
        blocks.append(Chart("coop_lineups", "win rate by line-up",
                            "Each line-up's win rate with its 95% interval" + (
                                f" (the {MOST_CHARTED} strongest and {MOST_CHARTED} weakest of {lineups.height})"
                                if shown.height < lineups.height else "") + "."))
        enough = lineups.filter(pl.col("games") >= MIN_LINEUP_GAMES)
        if enough.height > 1:
            best, worst = enough.row(0, named=True), enough.row(enough.height - 1, named=True)
            findings.append(f"Strongest line-up: **{lineup_label(best['lineup'], names)}** "
                            f"{pct(best['win_rate'])} ({ci(best['ci_low'], best['ci_high'])}); weakest: "
                            f"**{lineup_label(worst['lineup'], names)}** {pct(worst['win_rate'])} "
                            f"({ci(worst['ci_low'], worst['ci_high'])}).")
    if by_hero.height > 1 and lineups.height > 1:
        rows = [[display(r["hero"], names), num(r["games"]), pct(r["win_rate"]), ci(r["ci_low"], r["ci_high"])]
                for r in by_hero.iter_rows(named=True)]
        blocks += ["Each hero's line-ups together (a hero wins when its line-up does), strongest first. Line-ups "
                   "mix heroes, so a hero's figure carries its partners' strength too.",
                   Table(["Hero", "Games", "Win rate", "95% interval"], rows, align="lrrr", sortable=True,
                         caption="By hero", note="Python: `analysis.coop.win_rate_by_hero(run)`.")]
    sections.append(Section("lineups", "Line-ups", blocks))

    # ---------------------------------------------------------------- endings
    ends = K.end_reasons(run)
    counts = sorted(ends["players"].unique().to_list())
    reasons = ends.select("end_reason", "words").unique(maintain_order=True)
    rows = []
    for reason, words in reasons.iter_rows():
        cells = []
        for p in counts:
            r = ends.filter((pl.col("players") == p) & (pl.col("end_reason") == reason)).row(0, named=True)
            cells.append(f"{pct(r['share'])} ({num(r['games'])})")
        rows.append([words[0].upper() + words[1:]] + cells)
    sections.append(Section("endings", "How games end", [
        "The heroes win only by defeating the villain. They lose when the villain achieves its last objective on "
        "the threat track, or when every one of their fighters is defeated; a game stopped by the turn limit has "
        "no winner. Share of the games at each player count (games).",
        Table(["How the game ended"] + [f"{p} player{'s' if p > 1 else ''}" for p in counts], rows,
              align="l" + "r" * len(counts), note="Python: `analysis.coop.end_reasons(run)`."),
    ]))
    lost = ends.filter(pl.col("end_reason").is_in(["objective", "all_fighters_defeated"]))
    if lost["games"].sum():
        by = lost.group_by("end_reason").agg(pl.col("games").sum()).sort("games", descending=True)
        top = by.row(0, named=True)
        how = {"objective": f"{villain_name} achieving its last objective",
               "all_fighters_defeated": "all their fighters falling"}[top["end_reason"]]
        findings.append(f"When the heroes lose, it is {'always' if top['games'] == lost['games'].sum() else 'mostly'} "
                        f"by {how} ({num(top['games'])} of {num(lost['games'].sum())} losses).")

    # ---------------------------------------------------------------- threat track
    track = villain["threat_track"] if villain else []
    threat = K.threat_by_round(run, track)
    if threat.height:
        chart(threat_chart(threat, track), "coop_threat")
        rows = [[str(r["round"]), num(r["games"]), pct(r["share_playing"]), num(r["mean_space"], 1),
                 num(r["mean_level"], 2) if track else "–", num(r["mean_objectives"], 2), pct(r["share_objective"])]
                for r in threat.iter_rows(named=True)]
        level_words = (f"the threat level printed under its space ({villain_name}'s track: "
                       f"{', '.join(str(x) for x in track)})" if track else
                       "(the threat levels are not shown: the villain's file has changed or is gone since the run)")
        sections.append(Section("threat", "The threat track over the rounds", [
            "Where the threat marker stands at the end of each round (after the end-of-round effects; a game's last "
            "round: where the game ended), averaged over the games still being played in that round: its space "
            f"(1 = the first), {level_words}, and the villain's objectives achieved so far. The marker goes back to "
            "the first space at each objective.",
            Chart("coop_threat", "threat track by round",
                  "Mean threat level and objectives achieved by the end of each round, over the games still going "
                  "(grey bars: their share of all games)."),
            Table(["Round", "Games playing", "Share of games", "Mean marker space", "Mean threat level",
                   "Mean objectives", "Games with an objective"], rows, align="rrrrrrr",
                  note="Python: `analysis.coop.threat_by_round(run, track)`, per game "
                       "`analysis.coop.threat_by_game_round(run)`."),
        ]))
        first = threat.filter(pl.col("share_objective") >= 0.5)
        if first.height:
            findings.append(f"By the end of round {first['round'][0]}, at least half the games still going have seen "
                            f"{villain_name} achieve an objective.")

    # ---------------------------------------------------------------- enemies
    dmg = K.damage_by_enemy(run)
    if dmg.height:
        chart(enemy_damage_chart(dmg), "coop_enemies")
        rows = [[f"{r['name'] or r['enemy']} ({r['role']})", num(r["appearances"]), num(r["dealt_per_appearance"], 1),
                 pct(r["damage_share"]), num(r["fighters_defeated"]), pct(r["defeat_share"]),
                 num(r["players_knocked_out"]), num(r["taken_per_appearance"], 1), pct(r["defeated_share"])]
                for r in dmg.iter_rows(named=True)]
        minions = K.minion_shares(run)
        sections.append(Section("enemies", "Damage by enemy", [
            "What each enemy did to the heroes and suffered from them. An appearance is one enemy in one game; "
            "shares are of all the damage the enemies dealt to the heroes' fighters and of all the heroes' fighters "
            "(heroes and sidekicks) they defeated. A player is knocked out by the enemy that defeated its last fighter; "
            "Defeated is the share of its appearances in which the heroes defeated the enemy.",
            Chart("coop_enemies", "damage by enemy",
                  "Each enemy's share of the enemies' damage (blue) and of the heroes' fighters defeated (red)."),
            Table(["Enemy", "Appearances", "Damage dealt / appearance", "Share of damage", "Fighters defeated",
                   "Share of defeats", "Players knocked out", "Damage taken / appearance", "Defeated"],
                  rows, align="lrrrrrrrr", sortable=True, note="Python: `analysis.coop.damage_by_enemy(run)`."),
        ] + ([
            "Among the minions alone: each one's share of the minions' damage and defeats.",
            Table(["Minion", "Appearances", "Share of the minions' damage", "Share of the minions' defeats"],
                  [[r["name"] or r["enemy"], num(r["appearances"]), pct(r["damage_share"]), pct(r["defeat_share"])]
                   for r in minions.iter_rows(named=True)], align="lrrr", caption="Each minion's share",
                  note="Python: `analysis.coop.minion_shares(run)`."),
        ] if minions.height > 1 else [])))
        hurt = minions.filter(pl.col("damage_share").is_not_null())
        if hurt.height > 1:
            m = hurt.sort("damage_share", descending=True).row(0, named=True)
            findings.append(f"The minion that hurts most: **{m['name'] or m['enemy']}**, {pct(m['damage_share'])} of the "
                            f"minions' damage and {pct(m['defeat_share'])} of the fighters they defeated.")

    # ---------------------------------------------------------------- heroes
    to_heroes = K.damage_to_heroes(run)
    rows = [[display(r["hero"], names), num(r["games"]), num(r["taken_per_game"], 1), num(r["from_villain"], 1),
             num(r["from_minions"], 1), num(r["from_other"], 1), num(r["fighters_lost_per_game"], 2),
             pct(r["knocked_out"]), pct(r["win_rate"])] for r in to_heroes.iter_rows(named=True)]
    sections.append(Section("heroes", "Damage to each hero", [
        "What each hero's fighters took per game, by who dealt it (other: the heroes' own effects, running out of "
        "cards), the fighters it lost, and how often all of them fell (the player knocked out).",
        Table(["Hero", "Games", "Damage taken / game", "From the villain", "From minions", "Other",
               "Fighters lost / game", "Knocked out", "Line-ups' win rate"], rows, align="lrrrrrrrr", sortable=True,
              note="Python: `analysis.coop.damage_to_heroes(run)`."),
    ]))

    # ---------------------------------------------------------------- rounds
    rp = K.rounds_played(run)
    rows = [[str(r["players"]), num(r["games"]), num(r["rounds_mean"], 1), num(r["rounds_median"], 1),
             f"{num(r['rounds_q25'], 1)}–{num(r['rounds_q75'], 1)}", num(r["rounds_max"]), num(r["turns_mean"], 1)]
            for r in rp.iter_rows(named=True)]
    sections.append(Section("rounds", "Rounds played", [
        "How many rounds games last (a round: every card of the initiative deck revealed once), by the number of "
        "players, and the turns that makes (every player's and enemy's turn).",
        Table(["Players", "Games", "Mean rounds", "Median", "Middle half", "Longest", "Mean turns"], rows,
              align="rrrrrrr", note="Python: `analysis.coop.rounds_played(run)`."),
    ]))

    pols = {str(run.meta.get("policy_a", ""))}
    if any(p.split(":")[0] == "tuned" for p in pols):
        findings.append("The `tuned` policy plays each hero in the style measured best for it **in duels**; no style "
                        "was tuned for co-op, so compare with another policy (`--policy greedy`) before acting on a "
                        "hero's figure.")
    n_games = int(total["games"])
    title = f"Co-op report — {villain_name}" + (" (example content)" if villain and villain["example"] else "")
    doc = Document(title=title, subtitle=f"{n_games:,} games of {', '.join(str(p) for p in counts)} player"
                   + ("s" if counts != [1] else ""),
                   inputs=inputs, findings=findings, sections=sections, left_out=left_out)
    return doc, files


def coop_tables(run) -> dict[str, pl.DataFrame]:
    """Every table of the co-op report, for CSV and numbers.json."""
    track = next((f["threat_track"] for f in K.enemy_files(run) if f["role"] == "villain"), [])
    return {"win_rate": K.win_rate(run), "win_rate_by_players": K.win_rate_by_players(run),
            "lineups": K.win_rate_by_lineup(run), "win_rate_by_hero": K.win_rate_by_hero(run),
            "end_reasons": K.end_reasons(run), "threat_by_round": K.threat_by_round(run, track),
            "damage_by_enemy": K.damage_by_enemy(run), "minion_shares": K.minion_shares(run),
            "damage_to_heroes": K.damage_to_heroes(run), "rounds_played": K.rounds_played(run),
            "games": K.coop_games(run)}
