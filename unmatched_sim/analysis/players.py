"""Every player of every game, whatever the format: ``players(run)``.

A duel has two players (slots a and b); a free-for-all three or four, each on its own; a team
game four, in two teams. The card statistics and the paired comparison read games through this
one table, so they work the same way on each format. Columns, one row per (game, player):

* ``game_id``, ``seed`` (games from the same seed share their deals, so they are not independent:
  intervals cluster by it), ``player`` (the slot, "a".."d", as the event log's ``player``),
  ``hero``, ``won`` (the player's side won; a game stopped by the turn limit has no winner),
  ``mirror`` (the hero is on the table more than once: a duel mirror)
* ``against``: whom the player played, as hero ids — the opponent in a duel, the others sorted
  and joined by ", " in a free-for-all, the opposing team joined by "+" in a team game
* ``lineup``: the game's line-up as a label (a duel "genie vs houdini", sorted; a free-for-all
  "genie, houdini, loki"; a team game "genie+houdini vs loki+pandora"), the unit a result is
  read by in a multi-player run
* ``format``: duel, ffa or teams

A log without the per-player columns (a hand-built duel) is read as a duel of slots a and b.
"""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis.run import Run, RunLike, as_run

COLUMNS = ("game_id", "seed", "player", "hero", "won", "mirror", "against", "lineup", "format")


def players(run: RunLike) -> pl.DataFrame:
    """One row per (game, player); see the module docstring. Cached on the run."""
    run = as_run(run)
    if "players_all" not in run._cache:
        run._cache["players_all"] = _players(run)
    return run._cache["players_all"]


def formats(run: RunLike) -> list[str]:
    """The formats the run's games were played in (a run holds one)."""
    return players(run)["format"].unique(maintain_order=True).to_list()


def _players(run: Run) -> pl.DataFrame:
    schema = run.games.collect_schema()
    seed = pl.col("seed") if "seed" in schema else pl.col("game_id")
    multi = "lineup" in schema and run.collect(
        run.games.select(pl.col("lineup").is_not_null().any()), "games").item()
    if not multi:
        s = run.sides().join(run.collect(run.games.select("game_id", seed.fill_null(pl.col("game_id")).alias("seed")),
                                         "games"), on="game_id")
        return s.select(
            "game_id", "seed", "player", "hero", "won", "mirror", pl.col("opponent").alias("against"),
            pl.concat_str(pl.min_horizontal("hero", "opponent"), pl.lit(" vs "),
                          pl.max_horizontal("hero", "opponent")).alias("lineup"),
            pl.lit("duel").alias("format")).sort("game_id", "player")
    from unmatched_sim.log import SLOTS
    g = run.games.select("game_id", seed.alias("seed"), "winner", pl.col("format").fill_null("duel"), "lineup",
                         "teams", "places")
    x = (g.with_columns(pl.int_ranges(0, pl.col("lineup").list.len()).alias("_k"))
         .explode("lineup", "teams", "places", "_k")
         .select("game_id", "seed", "format",
                 pl.col("_k").replace_strict(dict(enumerate(SLOTS)), return_dtype=pl.Utf8).alias("player"),
                 pl.col("lineup").alias("hero"), pl.col("teams").fill_null(pl.col("_k").cast(pl.Utf8)).alias("team"),
                 ((pl.col("places") == 1) & pl.col("winner").is_not_null()).fill_null(False).alias("won")))
    p = run.collect(x, "games")
    foes = (p.join(p.select("game_id", pl.col("team").alias("t2"), pl.col("hero").alias("foe"),
                            pl.col("player").alias("p2")), on="game_id")
            .filter(pl.col("team") != pl.col("t2"))
            .group_by("game_id", "player")
            .agg(pl.col("foe").sort().alias("foes"), pl.col("format").first()))
    mates = (p.group_by("game_id", "team").agg(pl.col("hero").sort().str.join("+").alias("side")))
    lineups = (mates.sort("side").group_by("game_id")
               .agg(pl.col("side").alias("sides")))
    counts = p.group_by("game_id", "hero").agg(pl.len().alias("copies"))
    out = (p.join(foes.drop("format"), on=["game_id", "player"], how="left")
           .join(lineups, on="game_id").join(counts, on=["game_id", "hero"]))
    out = out.with_columns(
        pl.when(pl.col("format") == "teams").then(pl.col("foes").list.join("+"))
        .otherwise(pl.col("foes").list.join(", ")).alias("against"),
        pl.when(pl.col("format") == "ffa").then(pl.col("sides").list.join(", "))
        .otherwise(pl.col("sides").list.join(" vs ")).alias("lineup"),
        (pl.col("copies") > 1).alias("mirror"))
    return out.select(*COLUMNS).sort("game_id", "player")
