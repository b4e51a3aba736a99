"""Damage split by who took it: the hero's fighters or its sidekicks (``damage_by_fighter(run)``).

Read side by side: a side's hero fighters are its first fighter placed at setup (both heroes are
placed before any sidekick) and, for a hero of several (the Wayward Sisters), the others numbered
like it (``_events.hero_fighters``); every other fighter of the side is a sidekick. Damage
*dealt* by a hero's side is the damage the opposing side took that the log names the hero's side
as the cause of (``by_player``), as in ``damage_by_source``: damage a side did to itself and
damage nobody caused (exhaustion) is taken, never dealt."""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis._events import _foes, _gs, attribute, hero_fighters
from unmatched_sim.analysis.players import players
from unmatched_sim.analysis.run import RunLike, as_run


def damage_by_fighter(run: RunLike) -> pl.DataFrame:
    """Per hero: ``hero``, ``hero_games``, ``dealt_to_hero`` / ``dealt_to_sidekicks`` (per game,
    to the opposing hero fighters and to their sidekicks), ``taken_by_hero`` /
    ``taken_by_sidekicks`` (per game, whoever caused it, self-inflicted damage and exhaustion
    included)."""
    run = as_run(run)
    sides = players(run).select("game_id", "player", "hero")     # every player (all four slots of a multi-player game)
    parts = _parts(run, sides, exact=False)
    if parts is None:           # the files' games were not in order: slice by exact ranges
        parts = _parts(run, sides, exact=True)
    df = pl.concat(parts) if parts else pl.DataFrame(schema={"hero": pl.Utf8, "dealer": pl.Utf8,
                                                             "is_hero": pl.Boolean, "amount": pl.Int64})
    df = df.group_by("hero", "dealer", "is_hero").agg(pl.col("amount").sum())
    games = sides.group_by("hero").agg(pl.len().cast(pl.Int64).alias("hero_games"))
    taken = df.group_by("hero").agg(
        pl.col("amount").filter(pl.col("is_hero")).sum().alias("taken_by_hero"),
        pl.col("amount").filter(~pl.col("is_hero")).sum().alias("taken_by_sidekicks"))
    dealt = df.filter(pl.col("dealer").is_not_null()).group_by(pl.col("dealer").alias("hero")).agg(
        pl.col("amount").filter(pl.col("is_hero")).sum().alias("dealt_to_hero"),
        pl.col("amount").filter(~pl.col("is_hero")).sum().alias("dealt_to_sidekicks"))
    out = games.join(taken, on="hero", how="left").join(dealt, on="hero", how="left")
    cols = ["dealt_to_hero", "dealt_to_sidekicks", "taken_by_hero", "taken_by_sidekicks"]
    return (out.with_columns([(pl.col(c).fill_null(0) / pl.col("hero_games")).alias(c) for c in cols])
            .select("hero", "hero_games", *cols).sort("hero"))


def _parts(run, sides: pl.DataFrame, exact: bool) -> list[pl.DataFrame] | None:
    logged = "by_player" in run.events.collect_schema()
    by_player = pl.col("by_player") if logged else pl.lit(None, pl.Utf8)
    foes = _foes(run)
    side_of = sides.select(_gs("game_id", "player").alias("gs"), "hero")
    parts = []
    for lo, hi, ev, checked in run.slices(2_000, exact=exact):
        sub = run.collect(ev.filter((pl.col("kind") == "damage") | ((pl.col("kind") == "place") & (pl.col("turn") == 0)))
                          .select("game_id", "seq", "player", "kind", "fighter", pl.col("amount").cast(pl.Int64),
                                  pl.col("health").cast(pl.Int64), "detail", by_player.alias("by_player"),
                                  _gs("game_id", "player").alias("gs")))
        if not checked and sub.height and (sub["game_id"].min() < lo or sub["game_id"].max() > hi):
            return None
        hf = hero_fighters(sub.filter(pl.col("kind") == "place")).select("gs", "fighter", pl.lit(True).alias("is_hero"))
        d = (attribute(sub.filter(pl.col("kind") == "damage"), foes.filter(pl.col("game_id").is_between(lo, hi)), logged)
             .join(hf, on=["gs", "fighter"], how="left").with_columns(pl.col("is_hero").fill_null(False))
             .join(side_of, on="gs")
             .join(side_of.rename({"gs": "dealer", "hero": "dealer_hero"}), on="dealer", how="left"))
        parts.append(d.group_by("hero", pl.col("dealer_hero").alias("dealer"), "is_hero").agg(pl.col("amount").sum()))
    return parts
