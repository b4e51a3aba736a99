"""Damage split by who took it: the hero fighter or its sidekicks (``damage_by_fighter(run)``).

Read side by side: a side's hero fighter is its first fighter placed at setup (both heroes are
placed before any sidekick); every other fighter of the side is a sidekick. Damage *dealt* by a
hero's side is the damage the opposing side took from sources other than self-inflicted ones
(exhaustion, misery busts), as in ``damage_by_source``."""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis._events import SELF_INFLICTED
from unmatched_sim.analysis.run import RunLike, as_run


def damage_by_fighter(run: RunLike) -> pl.DataFrame:
    """Per hero: ``hero``, ``hero_games``, ``dealt_to_hero`` / ``dealt_to_sidekicks`` (per game,
    to the opposing hero fighter and to its sidekicks), ``taken_by_hero`` / ``taken_by_sidekicks``
    (per game, all sources, self-inflicted included)."""
    run = as_run(run)
    sides = run.sides().select("game_id", "player", "hero", "opponent")
    parts = _parts(run, sides, exact=False)
    if parts is None:           # the files' games were not in order: slice by exact ranges
        parts = _parts(run, sides, exact=True)
    df = pl.concat(parts) if parts else pl.DataFrame(schema={"hero": pl.Utf8, "opponent": pl.Utf8,
                                                             "is_hero": pl.Boolean, "self": pl.Boolean,
                                                             "amount": pl.Int64})
    df = df.group_by("hero", "opponent", "is_hero", "self").agg(pl.col("amount").sum())
    games = sides.group_by("hero").agg(pl.len().cast(pl.Int64).alias("hero_games"))
    taken = df.group_by("hero").agg(
        pl.col("amount").filter(pl.col("is_hero")).sum().alias("taken_by_hero"),
        pl.col("amount").filter(~pl.col("is_hero")).sum().alias("taken_by_sidekicks"))
    dealt = df.filter(~pl.col("self")).group_by(pl.col("opponent").alias("dealer")).agg(
        pl.col("amount").filter(pl.col("is_hero")).sum().alias("dealt_to_hero"),
        pl.col("amount").filter(~pl.col("is_hero")).sum().alias("dealt_to_sidekicks")).rename({"dealer": "hero"})
    out = games.join(taken, on="hero", how="left").join(dealt, on="hero", how="left")
    cols = ["dealt_to_hero", "dealt_to_sidekicks", "taken_by_hero", "taken_by_sidekicks"]
    return (out.with_columns([(pl.col(c).fill_null(0) / pl.col("hero_games")).alias(c) for c in cols])
            .select("hero", "hero_games", *cols))


def _parts(run, sides: pl.DataFrame, exact: bool) -> list[pl.DataFrame] | None:
    parts = []
    for lo, hi, ev, checked in run.slices(2_000, exact=exact):
        sub = run.collect(ev.filter((pl.col("kind") == "damage") | ((pl.col("kind") == "place") & (pl.col("turn") == 0)))
                          .select("game_id", "seq", "player", "kind", "fighter", pl.col("amount").cast(pl.Int64), "detail"))
        if not checked and sub.height and (sub["game_id"].min() < lo or sub["game_id"].max() > hi):
            return None
        hf = (sub.filter(pl.col("kind") == "place").sort("seq").group_by("game_id", "player")
              .agg(pl.col("fighter").first().alias("hf")))
        d = (sub.filter(pl.col("kind") == "damage").join(hf, on=["game_id", "player"], how="left")
             .with_columns((pl.col("fighter") == pl.col("hf")).fill_null(False).alias("is_hero"),
                           pl.col("detail").is_in(SELF_INFLICTED).fill_null(False).alias("self"))
             .join(sides, on=["game_id", "player"]))
        parts.append(d.group_by("hero", "opponent", "is_hero", "self").agg(pl.col("amount").sum()))
    return parts
