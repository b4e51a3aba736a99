"""Co-op runs (``sim coop``, ``sim tournament --format coop``): how often the heroes beat the
villain, by player count and line-up; how games end; the threat track over the rounds; the damage
each enemy deals and takes; how long games last in rounds.

Reads the games table (``winner``: the heroes' slots "a+b" or "villain", null at the turn limit;
``lineup``: the heroes by slot) and the log's co-op rows (``docs/events.md``, ``docs/coop.md``):
``enemy_setup`` names each enemy seat's file (``player`` = ``villain`` / ``minion1``...,
``detail`` = ``villain:<id>`` / ``minion:<id>``), ``round`` starts round ``amount``, ``threat``
leaves the marker on space ``value`` (0 = the first), ``objective`` counts the villain's
objectives (``amount`` so far; the marker then goes back to the first space unless that objective
ended the game), ``damage`` / ``defeat`` rows name who dealt them (``by_player``).

Conventions:

* The heroes *win* when the villain is defeated; a game stopped by the turn limit is no win.
* Intervals are 95% Wilson score intervals.
* The threat track "by round" is the marker at the end of each round (after the end-of-round
  effects; a game's last round: where the game ended), averaged over the games still being played
  in that round.
* An enemy *appearance* is one enemy in one game (two minions of the same file in one game are
  two appearances); "per appearance" figures divide by them.

Like the rest of ``analysis``, this reads the Parquet logs and the files run.json names, never the
engine.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from unmatched_sim.analysis._common import with_ci
from unmatched_sim.analysis.run import Run, as_run
from unmatched_sim.log import SLOTS

#: how a co-op game ended, in words (``games.parquet`` ``end_reason``)
END_WORDS = {"villain_defeated": "the villain defeated (the heroes win)",
             "objective": "the villain achieved its last objective",
             "all_fighters_defeated": "all the heroes' fighters defeated",
             "turn_limit": "the turn limit (no winner)"}
END_ORDER = ("villain_defeated", "objective", "all_fighters_defeated", "turn_limit")


def is_coop(run) -> bool:
    return as_run(run).meta.get("format") == "coop"


# --------------------------------------------------------------------------- the enemy files
def enemy_files(run) -> list[dict]:
    """The run's villain, minion and event files as run.json records them, each a dict: ``role``
    ("villain", "minion", "event"), ``id``, ``name``, ``example`` (invented content, not the
    official cards), ``threat_track`` (a villain's; empty when unknown), ``current`` (the file at
    its recorded path still has the recorded SHA-256). A file that is gone keeps its id as name."""
    from unmatched_sim.errors import DataError
    from unmatched_sim.files import read_toml

    out = []
    for role, eid, path, sha in as_run(run).meta.get("coop") or []:
        try:
            raw, now = read_toml(Path(path), role)
        except DataError:
            raw, now = {}, None
        track = raw.get("threat_track") if now == sha else None
        out.append({"role": role, "id": eid, "name": raw.get("name") if isinstance(raw.get("name"), str) else eid,
                    "example": bool(raw.get("example", False)), "current": now == sha,
                    "threat_track": [int(x) for x in track] if isinstance(track, list) else []})
    return out


# --------------------------------------------------------------------------- games
def coop_games(run) -> pl.DataFrame:
    """One row per game: ``game_id``, ``players`` (heroes), ``lineup`` (hero ids by slot, joined
    by "+"), ``heroes_won``, ``end_reason``, ``turns`` (every player's and enemy's turn),
    ``rounds`` (rounds begun), ``objectives`` (the villain's objectives achieved)."""
    run = as_run(run)
    if "coop_games" in run._cache:
        return run._cache["coop_games"]
    games = run.games.select("game_id", "lineup", "winner", "end_reason", "turns")
    per_game = (run.events.filter(pl.col("kind").is_in(["round", "objective"]))
                .group_by("game_id")
                .agg(pl.col("amount").filter(pl.col("kind") == "round").max().fill_null(0).cast(pl.Int64)
                     .alias("rounds"),
                     pl.col("amount").filter(pl.col("kind") == "objective").max().fill_null(0).cast(pl.Int64)
                     .alias("objectives")))
    g, pg = run.collect_all([games, per_game])
    df = (g.join(pg, on="game_id", how="left")
          .select("game_id", pl.col("lineup").list.len().cast(pl.Int64).alias("players"),
                  pl.col("lineup").list.join("+").alias("lineup"),
                  (pl.col("winner").is_not_null() & (pl.col("winner") != "villain")).alias("heroes_won"),
                  "end_reason", pl.col("turns").cast(pl.Int64),
                  pl.col("rounds").fill_null(0), pl.col("objectives").fill_null(0))
          .sort("game_id"))
    run._cache["coop_games"] = df
    return df


def _rates(df: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    stats = (pl.len().cast(pl.Int64).alias("games"), pl.col("heroes_won").sum().cast(pl.Int64).alias("wins"))
    out = df.group_by(keys).agg(*stats) if keys else df.select(*stats)
    return with_ci(out, "wins", "games", "win_rate", "ci_low", "ci_high")


def win_rate(run) -> pl.DataFrame:
    """The heroes' record over the whole run: ``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``."""
    return _rates(coop_games(run), [])


def win_rate_by_players(run) -> pl.DataFrame:
    """The heroes' record by the number of players (heroes): ``players``, ``games``, ``wins``,
    ``win_rate``, ``ci_low``, ``ci_high``."""
    return _rates(coop_games(run), ["players"]).sort("players")


def win_rate_by_lineup(run) -> pl.DataFrame:
    """The record of each line-up (hero ids by slot, joined by "+"), strongest first: ``lineup``,
    ``players``, ``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``, ``mean_rounds``."""
    g = coop_games(run)
    rounds = g.group_by("lineup").agg(pl.col("rounds").mean().alias("mean_rounds"))
    return (_rates(g, ["lineup", "players"]).join(rounds, on="lineup")
            .sort(["win_rate", "players", "lineup"], descending=[True, False, False]))


def win_rate_by_hero(run) -> pl.DataFrame:
    """Each hero's line-ups' record (a hero wins when its line-up does), strongest first:
    ``hero``, ``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``."""
    g = coop_games(run).with_columns(pl.col("lineup").str.split("+").alias("hero")).explode("hero")
    return _rates(g, ["hero"]).sort(["win_rate", "hero"], descending=[True, False])


def end_reasons(run) -> pl.DataFrame:
    """How games ended, by the number of players: ``players``, ``end_reason``, ``words`` (the
    reason in words), ``games``, ``share`` (of that player count's games). Every reason of
    ``END_ORDER`` is listed, with 0 games where none ended so."""
    g = coop_games(run)
    counts = g.group_by("players", "end_reason").agg(pl.len().cast(pl.Int64).alias("games"))
    reasons = list(END_ORDER) + sorted(set(g["end_reason"].drop_nulls()) - set(END_ORDER))
    grid = (pl.DataFrame({"players": sorted(g["players"].unique())})
            .join(pl.DataFrame({"end_reason": reasons, "_order": list(range(len(reasons)))}), how="cross"))
    totals = g.group_by("players").agg(pl.len().alias("_total"))
    return (grid.join(counts, on=["players", "end_reason"], how="left").join(totals, on="players")
            .with_columns(pl.col("games").fill_null(0),
                          pl.col("end_reason").replace_strict(END_WORDS, default=pl.col("end_reason"))
                          .alias("words"))
            .with_columns((pl.col("games") / pl.col("_total")).alias("share"))
            .sort("players", "_order").select("players", "end_reason", "words", "games", "share"))


def rounds_played(run) -> pl.DataFrame:
    """Rounds played by the number of players: ``players``, ``games``, ``rounds_mean``,
    ``rounds_q25``, ``rounds_median``, ``rounds_q75``, ``rounds_max``; and the mean of whole
    turns (every player's and enemy's) as ``turns_mean``."""
    g = coop_games(run)
    return (g.group_by("players")
            .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("rounds").mean().alias("rounds_mean"),
                 pl.col("rounds").quantile(0.25, interpolation="linear").alias("rounds_q25"),
                 pl.col("rounds").median().alias("rounds_median"),
                 pl.col("rounds").quantile(0.75, interpolation="linear").alias("rounds_q75"),
                 pl.col("rounds").max().cast(pl.Int64).alias("rounds_max"),
                 pl.col("turns").mean().alias("turns_mean"))
            .sort("players"))


# --------------------------------------------------------------------------- the threat track
def threat_by_game_round(run) -> pl.DataFrame:
    """The threat marker at the end of each round of each game: ``game_id``, ``round``,
    ``space`` (0 = the first), ``objectives`` (achieved so far)."""
    run = as_run(run)
    ends = run.games.select("game_id", "end_reason")
    ev = (run.events.filter(pl.col("kind").is_in(["round", "threat", "objective"]))
          .select("game_id", "seq", "kind", "amount", "value")
          .join(ends, on="game_id", how="left")
          .sort("game_id", "seq"))
    ev = run.collect(ev)
    last_obj = (pl.col("kind") == "objective") & (pl.col("seq") == pl.col("seq").filter(
        pl.col("kind") == "objective").max().over("game_id")) & (pl.col("end_reason") == "objective")
    ev = ev.with_columns(
        pl.when(pl.col("kind") == "round").then(pl.col("amount")).otherwise(None)
        .forward_fill().over("game_id").fill_null(0).cast(pl.Int64).alias("round"),
        # the marker's space after the row: a threat row says it; an objective sends it back to the
        # first space unless it ended the game (then it stays at the end)
        pl.when(pl.col("kind") == "threat").then(pl.col("value"))
        .when((pl.col("kind") == "objective") & ~last_obj).then(pl.lit(0))
        .otherwise(None).cast(pl.Int64).alias("_space"),
        pl.when(pl.col("kind") == "objective").then(pl.col("amount")).otherwise(None).cast(pl.Int64)
        .alias("_obj"))
    ev = ev.with_columns(pl.col("_space").forward_fill().over("game_id").fill_null(0).alias("space"),
                         pl.col("_obj").forward_fill().over("game_id").fill_null(0).alias("objectives"))
    return (ev.filter(pl.col("round") > 0).group_by("game_id", "round", maintain_order=True)
            .agg(pl.col("space").last(), pl.col("objectives").last())
            .sort("game_id", "round"))


def threat_by_round(run, track: list[int] | None = None) -> pl.DataFrame:
    """The threat track over the rounds, over the games still being played in each round:
    ``round``, ``games`` (reaching it), ``share_playing`` (of all games), ``mean_space`` (1 = the
    first space), ``mean_level`` (the threat level under the marker, from the villain's
    ``track``; null without it), ``mean_objectives`` (achieved by the round's end), ``share_objective``
    (games with at least one objective by then)."""
    gr = threat_by_game_round(run)
    n = as_run(run).collect(as_run(run).games.select(pl.len()), "games").item()
    if track:
        level = pl.col("space").clip(0, len(track) - 1).replace_strict(dict(enumerate(track)),
                                                                        return_dtype=pl.Float64)
    else:
        level = pl.lit(None, pl.Float64)
    return (gr.with_columns(level.alias("level"))
            .group_by("round")
            .agg(pl.len().cast(pl.Int64).alias("games"), (pl.col("space") + 1).mean().alias("mean_space"),
                 pl.col("level").mean().alias("mean_level"),
                 pl.col("objectives").mean().alias("mean_objectives"),
                 (pl.col("objectives") > 0).mean().alias("share_objective"))
            .with_columns((pl.col("games") / n).alias("share_playing"))
            .sort("round").select("round", "games", "share_playing", "mean_space", "mean_level",
                                  "mean_objectives", "share_objective"))


# --------------------------------------------------------------------------- enemies and damage
def enemies(run) -> pl.DataFrame:
    """Every enemy of every game: ``game_id``, ``player`` (its seat's label: ``villain``,
    ``minion1``...), ``role`` ("villain" / "minion"), ``enemy`` (its file's id), ``name`` (its
    fighter's name), ``health`` (at the start)."""
    run = as_run(run)
    setup = (run.events.filter(pl.col("kind") == "enemy_setup")
             .select("game_id", "player", pl.col("detail").str.split_exact(":", 1).alias("_d"),
                     pl.col("amount").cast(pl.Int64).alias("health"))
             .unnest("_d").rename({"field_0": "role", "field_1": "enemy"}))
    first_place = (run.events.filter((pl.col("kind") == "place") & (pl.col("turn") == 0))
                   .group_by("game_id", "player").agg(pl.col("fighter").sort_by("seq").first().alias("name")))
    return run.collect(setup.join(first_place, on=["game_id", "player"], how="left")
                       .select("game_id", "player", "role", "enemy", "name", "health")
                       .sort("game_id", "player"))


def _hero_slots(run) -> pl.DataFrame:
    """(game_id, player = slot letter, hero) for every hero of every game."""
    run = as_run(run)
    lf = (run.games.select("game_id", "lineup")
          .with_columns(pl.int_ranges(0, pl.col("lineup").list.len()).alias("k"))
          .explode("lineup", "k")
          .select("game_id", pl.col("k").replace_strict(dict(enumerate(SLOTS)), return_dtype=pl.Utf8).alias("player"),
                  pl.col("lineup").alias("hero")))
    return run.collect(lf, "games")


def damage_by_enemy(run) -> pl.DataFrame:
    """What each enemy (by file) did and suffered, villain first, then minions by damage dealt:
    ``role``, ``enemy``, ``name``, ``appearances``, ``damage_dealt`` (to the heroes' fighters),
    ``dealt_per_appearance``, ``damage_share`` (of all damage the enemies dealt),
    ``fighters_defeated`` (the heroes' fighters it defeated), ``defeat_share`` (of all the heroes'
    fighters the enemies defeated), ``players_knocked_out`` (players whose last fighter it
    defeated), ``damage_taken``, ``taken_per_appearance``, ``times_defeated``, ``defeated_share``
    (of its appearances)."""
    run = as_run(run)
    en = enemies(run)
    heroes = _hero_slots(run).select("game_id", "player")
    rows = run.collect(run.events.filter(pl.col("kind").is_in(["damage", "defeat", "eliminated"]))
                       .select("game_id", "seq", "player", "kind", "amount", "by_player", "detail"))
    to_heroes = rows.join(heroes, on=["game_id", "player"], how="semi")
    dealt = (to_heroes.filter(pl.col("kind") == "damage")
             .join(en.select("game_id", pl.col("player").alias("by_player"), "enemy"), on=["game_id", "by_player"])
             .group_by("enemy").agg(pl.col("amount").sum().cast(pl.Int64).alias("damage_dealt")))
    defeats = (to_heroes.filter(pl.col("kind") == "defeat")
               .join(en.select("game_id", pl.col("player").alias("by_player"), "enemy"), on=["game_id", "by_player"]))
    # a player is knocked out by whoever defeated its last fighter: the defeat row before its
    # ``eliminated`` row
    elim = to_heroes.filter(pl.col("kind") == "eliminated").select("game_id", "player", pl.col("seq").alias("_eseq"))
    last_defeat = (to_heroes.filter(pl.col("kind") == "defeat").join(elim, on=["game_id", "player"])
                   .filter(pl.col("seq") < pl.col("_eseq"))
                   .sort("seq").group_by("game_id", "player").agg(pl.col("by_player").last())
                   .join(en.select("game_id", pl.col("player").alias("by_player"), "enemy"), on=["game_id", "by_player"])
                   .group_by("enemy").agg(pl.len().cast(pl.Int64).alias("players_knocked_out")))
    on_enemy = rows.join(en.select("game_id", "player", "enemy"), on=["game_id", "player"])
    taken = (on_enemy.group_by("enemy")
             .agg(pl.col("amount").filter(pl.col("kind") == "damage").sum().cast(pl.Int64).alias("damage_taken"),
                  (pl.col("kind") == "defeat").sum().cast(pl.Int64).alias("times_defeated")))
    base = (en.group_by("role", "enemy")
            .agg(pl.col("name").drop_nulls().first(), pl.len().cast(pl.Int64).alias("appearances")))
    df = (base.join(dealt, on="enemy", how="left")
          .join(defeats.group_by("enemy").agg(pl.len().cast(pl.Int64).alias("fighters_defeated")), on="enemy", how="left")
          .join(last_defeat, on="enemy", how="left").join(taken, on="enemy", how="left")
          .with_columns(pl.col(c).fill_null(0) for c in ("damage_dealt", "fighters_defeated", "players_knocked_out",
                                                         "damage_taken", "times_defeated")))
    total_dealt, total_def = df["damage_dealt"].sum(), df["fighters_defeated"].sum()
    return (df.with_columns(
        (pl.col("damage_dealt") / pl.col("appearances")).alias("dealt_per_appearance"),
        (pl.col("damage_dealt") / total_dealt if total_dealt else pl.lit(None, pl.Float64)).alias("damage_share"),
        (pl.col("fighters_defeated") / total_def if total_def else pl.lit(None, pl.Float64)).alias("defeat_share"),
        (pl.col("damage_taken") / pl.col("appearances")).alias("taken_per_appearance"),
        (pl.col("times_defeated") / pl.col("appearances")).alias("defeated_share"))
        .with_columns((pl.col("role") != "villain").alias("_minion"))
        .sort(["_minion", "damage_dealt", "enemy"], descending=[False, True, False])
        .select("role", "enemy", "name", "appearances", "damage_dealt", "dealt_per_appearance", "damage_share",
                "fighters_defeated", "defeat_share", "players_knocked_out", "damage_taken", "taken_per_appearance",
                "times_defeated", "defeated_share"))


def damage_to_heroes(run) -> pl.DataFrame:
    """What each hero suffered, by who dealt it, strongest line-ups' heroes first: ``hero``,
    ``games``, ``taken_per_game`` (damage to the hero's fighters), ``from_villain``,
    ``from_minions``, ``from_other`` (per game: its own side's effects, running out of cards...),
    ``fighters_lost_per_game``, ``knocked_out`` (share of its games in which all its fighters fell),
    ``win_rate`` (its line-ups')."""
    run = as_run(run)
    slots = _hero_slots(run)
    roles = enemies(run).select("game_id", pl.col("player").alias("by_player"), "role")
    rows = run.collect(run.events.filter(pl.col("kind").is_in(["damage", "defeat", "eliminated"]))
                       .select("game_id", "player", "kind", "amount", "by_player"))
    mine = rows.join(slots, on=["game_id", "player"]).join(roles, on=["game_id", "by_player"], how="left")
    dmg = mine.filter(pl.col("kind") == "damage")
    per = (dmg.group_by("hero").agg(
        pl.col("amount").sum().alias("taken"),
        pl.col("amount").filter(pl.col("role") == "villain").sum().alias("villain"),
        pl.col("amount").filter(pl.col("role") == "minion").sum().alias("minions"),
        pl.col("amount").filter(pl.col("role").is_null()).sum().alias("other")))
    lost = mine.group_by("hero").agg((pl.col("kind") == "defeat").sum().alias("lost"),
                                     (pl.col("kind") == "eliminated").sum().alias("out"))
    games = slots.group_by("hero").agg(pl.len().cast(pl.Int64).alias("games"))
    wins = win_rate_by_hero(run).select("hero", "win_rate")
    df = games.join(per, on="hero", how="left").join(lost, on="hero", how="left").join(wins, on="hero", how="left")
    df = df.with_columns(pl.col(c).fill_null(0) for c in ("taken", "villain", "minions", "other", "lost", "out"))
    g = pl.col("games")
    return (df.select("hero", "games", (pl.col("taken") / g).alias("taken_per_game"),
                      (pl.col("villain") / g).alias("from_villain"), (pl.col("minions") / g).alias("from_minions"),
                      (pl.col("other") / g).alias("from_other"), (pl.col("lost") / g).alias("fighters_lost_per_game"),
                      (pl.col("out") / g).alias("knocked_out"), "win_rate")
            .sort(["win_rate", "hero"], descending=[True, False]))


def minion_shares(run) -> pl.DataFrame:
    """Each minion's share of what the minions did: ``enemy``, ``name``, ``appearances``,
    ``damage_share`` / ``defeat_share`` among the minions only, and among all enemies
    (``damage_share_all`` / ``defeat_share_all``, as in ``damage_by_enemy``)."""
    d = damage_by_enemy(run).filter(pl.col("role") == "minion")
    dealt, defeats = d["damage_dealt"].sum(), d["fighters_defeated"].sum()
    return d.select("enemy", "name", "appearances",
                    (pl.col("damage_dealt") / dealt if dealt else pl.lit(None, pl.Float64)).alias("damage_share"),
                    (pl.col("fighters_defeated") / defeats if defeats else pl.lit(None, pl.Float64)).alias("defeat_share"),
                    pl.col("damage_share").alias("damage_share_all"), pl.col("defeat_share").alias("defeat_share_all"))
