"""Running out of cards: when each hero's deck runs out and what it costs.

A deck *runs out* when its last card is drawn (``deck_empty`` event); from then on each card the
player cannot draw (``exhausted`` event) deals 2 damage to each of that player's fighters
(``damage`` rows with ``detail`` = ``exhaustion``). Every hero-game counts (twice for a mirror); in a
free-for-all or team run, every player of every game.
"""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis._common import hist_summary, with_ci
from unmatched_sim.analysis.run import Run, RunLike, as_run


def exhaustion_by_game(run: RunLike) -> pl.DataFrame:
    """One row per hero-game (for a notebook; ``exhaustion`` does not need it): ``game_id``, ``player``, ``hero``, ``opponent``, ``won``, ``turns``,
    ``deck_empty_turn`` (null if the deck never ran out), ``cards_short`` (draws that found the
    deck empty), ``exhaustion_damage`` (damage the side took from exhaustion)."""
    run = as_run(run)
    if "exhaustion_by_game" in run._cache:
        return run._cache["exhaustion_by_game"]
    per = run.collect(_per_player_exhaustion(run))
    df = (run.sides().select("game_id", "player", "hero", "opponent", "won", "turns")
          .join(per, on=["game_id", "player"], how="left")
          .with_columns(pl.col("cards_short", "exhaustion_damage").fill_null(0)))
    run._cache["exhaustion_by_game"] = df
    return df


def _exhaustion_counts(run: Run) -> pl.DataFrame:
    """hero, deck_empty_turn, won, exhausted, n, exhaustion_damage: hero-games counted by when the
    deck ran out (null: never), the result, and whether a draw found the deck empty. A free-for-all
    or team run counts every player of every game (``players.parquet``; in team play a player won
    when its team did)."""
    if run.meta.get("format") in ("ffa", "teams"):
        return _multi_counts(run)
    from unmatched_sim.analysis._events import default_pass, label_heroes
    return label_heroes(run, default_pass(run)["exhaustion"], "h").rename({"h": "hero"})


def _per_player_exhaustion(run: Run) -> pl.LazyFrame:
    """Per game and player (slot) that ran out or drew from an empty deck: deck_empty_turn,
    cards_short, exhaustion_damage."""
    return (run.events.filter(pl.col("kind").is_in(("deck_empty", "exhausted"))
                              | ((pl.col("kind") == "damage") & (pl.col("detail") == "exhaustion")))
            .group_by("game_id", "player")
            .agg(pl.col("turn").filter(pl.col("kind") == "deck_empty").min().cast(pl.Int32).alias("deck_empty_turn"),
                 pl.col("amount").filter(pl.col("kind") == "exhausted").cast(pl.Int64).sum().alias("cards_short"),
                 pl.col("amount").filter(pl.col("kind") == "damage").cast(pl.Int64).sum().alias("exhaustion_damage")))


def _multi_counts(run: Run) -> pl.DataFrame:
    from unmatched_sim.errors import UserError
    path = run.path / "players.parquet" if run.path is not None else None
    if path is None or not path.exists():
        raise UserError(f"{run.name} has no players.parquet; make the run again with this version of sim")
    players = pl.read_parquet(path).select("game_id", pl.col("slot").alias("player"), "hero", "won")
    per = run.collect(_per_player_exhaustion(run))
    df = (players.join(per, on=["game_id", "player"], how="left")
          .with_columns(pl.col("cards_short", "exhaustion_damage").fill_null(0)))
    return (df.group_by("hero", "deck_empty_turn", "won", (pl.col("cards_short") > 0).alias("exhausted"))
            .agg(pl.len().cast(pl.Int64).alias("n"), pl.col("exhaustion_damage").sum().cast(pl.Int64)))


def exhaustion(run: RunLike) -> pl.DataFrame:
    """Per hero: how often and how late the deck runs out, and what it does to the result.

    Columns: ``hero``, ``games`` (hero-games: a mirror counts once per side), ``ran_out`` (games in
    which the deck ran out), ``ran_out_share`` with ``ran_out_ci_low``/``ran_out_ci_high``,
    ``turn_q25``/``turn_median``/``turn_q75`` (turn the deck ran out, among those games),
    ``exhausted_games`` (games with at least one draw from the empty deck), ``exhaustion_damage``
    (total taken), ``exhaustion_damage_per_game``, ``win_rate_ran_out`` (+ ``_ci_low``/``_ci_high``)
    in games where the deck ran out, and ``win_rate_other`` (+ CI) in the rest.
    """
    run = as_run(run)
    c = _exhaustion_counts(run)
    out = c.with_columns(pl.col("deck_empty_turn").is_not_null().alias("_out"))
    agg = out.group_by("hero").agg(
        pl.col("n").sum().cast(pl.Int64).alias("games"),
        pl.col("n").filter(pl.col("_out")).sum().cast(pl.Int64).alias("ran_out"),
        pl.col("n").filter(pl.col("exhausted")).sum().cast(pl.Int64).alias("exhausted_games"),
        pl.col("exhaustion_damage").sum().cast(pl.Int64),
        pl.col("n").filter(pl.col("won") & pl.col("_out")).sum().cast(pl.Int64).alias("_w_out"),
        pl.col("n").filter(pl.col("won") & ~pl.col("_out")).sum().cast(pl.Int64).alias("_w_other"),
    ).with_columns((pl.col("games") - pl.col("ran_out")).alias("_n_other"),
                   (pl.col("exhaustion_damage") / pl.col("games")).alias("exhaustion_damage_per_game"))
    turns = (out.filter(pl.col("_out")).group_by("hero", pl.col("deck_empty_turn").alias("value"))
             .agg(pl.col("n").sum()))
    q = hist_summary(turns, ["hero"], "value", "turn").drop("turn_mean")
    agg = agg.join(q, on="hero", how="left")
    agg = with_ci(agg, "ran_out", "games", "ran_out_share", "ran_out_ci_low", "ran_out_ci_high")
    agg = with_ci(agg, "_w_out", "ran_out", "win_rate_ran_out", "win_rate_ran_out_ci_low", "win_rate_ran_out_ci_high")
    agg = with_ci(agg, "_w_other", "_n_other", "win_rate_other", "win_rate_other_ci_low", "win_rate_other_ci_high")
    return _order(run, agg).select(
        "hero", "games", "ran_out", "ran_out_share", "ran_out_ci_low", "ran_out_ci_high",
        "turn_q25", "turn_median", "turn_q75", "exhausted_games", "exhaustion_damage",
        "exhaustion_damage_per_game", "win_rate_ran_out", "win_rate_ran_out_ci_low",
        "win_rate_ran_out_ci_high", "win_rate_other", "win_rate_other_ci_low", "win_rate_other_ci_high")


def exhaustion_timing(run: RunLike) -> pl.DataFrame:
    """The distribution of the turn each hero's deck runs out.

    One row per (``hero``, ``turn``) at which some deck ran out: ``games`` (how many), ``share``
    (of all the hero's games) and ``cumulative_share`` (decks run out by that turn).
    """
    run = as_run(run)
    c = _exhaustion_counts(run)
    totals = c.group_by("hero").agg(pl.col("n").sum().alias("_total"))
    df = (c.filter(pl.col("deck_empty_turn").is_not_null())
          .group_by("hero", pl.col("deck_empty_turn").cast(pl.Int32).alias("turn"))
          .agg(pl.col("n").sum().cast(pl.Int64).alias("games"))
          .join(totals, on="hero").sort("hero", "turn")
          .with_columns((pl.col("games") / pl.col("_total")).alias("share"))
          .with_columns(pl.col("share").cum_sum().over("hero").alias("cumulative_share")).drop("_total"))
    return _order(run, df, "turn").select("hero", "turn", "games", "share", "cumulative_share")


def _order(run: Run, df: pl.DataFrame, *then: str) -> pl.DataFrame:
    order = {h: i for i, h in enumerate(run.heroes())}
    return (df.with_columns(pl.col("hero").replace_strict(order, default=len(order), return_dtype=pl.Int32).alias("_o"))
            .sort("_o", *then).drop("_o"))
