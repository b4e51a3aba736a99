"""How long games last and how they end (``games.parquet``: ``turns``, ``end_reason``)."""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis.run import RunLike, as_run



def game_length(run: RunLike) -> pl.DataFrame:
    """The distribution of game length: one row per ``turns`` value (both players' turns count)
    with ``games``, ``share`` and ``cumulative_share`` (games over by then)."""
    run = as_run(run)
    df = run.collect(run.games.group_by("turns").agg(pl.len().cast(pl.Int64).alias("games")).sort("turns"), "games")
    total = df["games"].sum()
    return df.with_columns((pl.col("games") / total).alias("share"),
                           (pl.col("games").cum_sum() / total).alias("cumulative_share"))


def game_length_summary(run: RunLike) -> pl.DataFrame:
    """Game length per matchup (``hero_a``, ``hero_b`` as in the run), then all games together
    (``hero_a`` = ``hero_b`` = ``"all"``): ``games``, ``mean``, ``q25``, ``median``, ``q75``,
    ``min``, ``max`` turns."""
    run = as_run(run)
    stats = [pl.len().cast(pl.Int64).alias("games"), pl.col("turns").mean().alias("mean"),
             pl.col("turns").quantile(0.25, interpolation="linear").alias("q25"),
             pl.col("turns").median().cast(pl.Float64).alias("median"),
             pl.col("turns").quantile(0.75, interpolation="linear").alias("q75"),
             pl.col("turns").min().cast(pl.Int64).alias("min"), pl.col("turns").max().cast(pl.Int64).alias("max")]
    per = run.collect(run.games.group_by("hero_a", "hero_b").agg(stats).sort("hero_a", "hero_b"), "games")
    order = {tuple(p): i for i, p in enumerate(run.meta.get("pairings", []))}
    per = (per.with_columns(pl.struct("hero_a", "hero_b").map_elements(
        lambda s: order.get((s["hero_a"], s["hero_b"]), len(order)), return_dtype=pl.Int64).alias("_o"))
        .sort("_o", "hero_a", "hero_b").drop("_o"))
    total = run.collect(run.games.select(pl.lit("all").alias("hero_a"), pl.lit("all").alias("hero_b"), *stats), "games")
    return pl.concat([per, total])


def end_reasons(run: RunLike, by_matchup: bool = False) -> pl.DataFrame:
    """How games ended (``end_reason``): the source of the damage that defeated the losing hero
    (``combat``, ``effect``, ``exhaustion``, ``misery_bust``...), ``both_heroes_defeated``, or
    ``turn_limit`` (a draw). Columns: ``end_reason``, ``games``, ``share``; with
    ``by_matchup=True`` also ``hero_a``, ``hero_b`` (share within the matchup)."""
    run = as_run(run)
    keys = ["hero_a", "hero_b"] if by_matchup else []
    df = run.collect(run.games.group_by(*keys, "end_reason").agg(pl.len().cast(pl.Int64).alias("games")), "games")
    share = (pl.col("games") / pl.col("games").sum().over(keys)) if keys else (pl.col("games") / pl.col("games").sum())
    return (df.with_columns(share.alias("share"))
            .sort([*keys, "games", "end_reason"], descending=[*([False] * len(keys)), True, False])
            .select(*keys, "end_reason", "games", "share"))
