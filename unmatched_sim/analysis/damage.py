"""Damage over the course of a game, and where it comes from (``damage`` events).

* Damage *dealt* by a hero is the damage suffered by the opposing side's fighters (hero and
  sidekicks), except self-inflicted sources (``exhaustion``: a side's own deck ran out;
  ``misery_bust``: Pandora's own gamble), which are counted only as damage *taken*.
* *Health left* is the hero fighter's own health (not its sidekicks').
* ``turn`` counts both players' turns (turn 1 is the first player's first turn); "at turn t"
  means after turn t has been played. A finished game keeps its final totals on later turns, so
  every game counts at every turn (``playing`` says what share of games was still going).
"""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis._common import GAMES_PER_SLICE, SELF_INFLICTED, hero_fighters, hist_summary
from unmatched_sim.analysis.run import Run, RunLike, as_run

HEALTH_KINDS = ("damage", "recover", "set_health")


def starting_health(run: RunLike) -> pl.DataFrame:
    """hero, start_health: each hero's starting health, read from the log.

    The log has no "starting health" row, so this is the highest health the hero fighter is seen
    at: health before any damage (health after + amount), after any recovery (never above the
    start), or at the end of a game. Exact as soon as the hero was ever damaged at full health.
    """
    run = as_run(run)
    if "start_health" in run._cache:
        return run._cache["start_health"]
    # per fighter in the scan, slice by slice (few groups at a time); then keep the hero fighters
    hf = hero_fighters(run).join(run.sides().select("game_id", "player", "hero"), on=["game_id", "player"])
    parts = []
    for _, _, ev in run.slices(GAMES_PER_SLICE):
        q = (ev.filter(pl.col("kind").is_in(HEALTH_KINDS))
             .group_by("game_id", "player", "fighter")
             .agg(pl.when(pl.col("kind") == "damage")
                  .then(pl.col("health").cast(pl.Int32) + pl.col("amount").fill_null(0).cast(pl.Int32))
                  .otherwise(pl.col("health").cast(pl.Int32)).max().alias("seen")))
        parts.append(run.collect(q).join(hf, on=["game_id", "player", "fighter"])
                     .group_by("hero").agg(pl.col("seen").max()))
    seen = pl.concat(parts).group_by("hero").agg(pl.col("seen").max())
    final = (run.collect(run.games.select(
        pl.concat([pl.struct(hero=pl.col("hero_a"), h=pl.col("health_a")),
                   pl.struct(hero=pl.col("hero_b"), h=pl.col("health_b"))]).alias("s")), "games")
        .unnest("s").group_by("hero").agg(pl.col("h").max().alias("final")))
    df = (pl.DataFrame({"hero": run.heroes()})
          .join(seen, on="hero", how="left").join(final, on="hero", how="left")
          .select("hero", pl.max_horizontal("seen", "final").cast(pl.Int32).alias("start_health")))
    run._cache["start_health"] = df
    return df


def default_max_turn(run: Run, share: float = 0.95) -> int:
    """The turn by which ``share`` of the games are over (at least 1)."""
    turns = run.sides().filter(pl.col("player") == "a")["turns"]
    return max(1, int(turns.quantile(share, interpolation="higher") or 1))


def _step_deltas(steps: pl.DataFrame, T: int) -> pl.DataFrame:
    """Histogram deltas of step functions. ``steps``: game_id, b, h, turn, k, value — the value a
    (game, side) holds from ``turn`` until its next step, sorted by (game_id, b, turn, k). Each
    step adds 1 to the count of (h, value) at its turn and takes it away at the next step's turn,
    so a running sum over turns gives how many (game, side)s hold each value at each turn."""
    steps = steps.with_columns(
        pl.when((pl.col("game_id").shift(-1) == pl.col("game_id")) & (pl.col("b").shift(-1) == pl.col("b")))
        .then(pl.col("turn").shift(-1)).otherwise(T + 1).alias("until"))
    return (pl.concat([steps.select("h", "value", "turn", pl.lit(1, pl.Int64).alias("d")),
                       steps.select("h", "value", pl.col("until").alias("turn"), pl.lit(-1, pl.Int64).alias("d"))])
            .filter(pl.col("turn") <= T)
            .group_by("h", "value", "turn").agg(pl.col("d").sum()))


def _histogram(deltas: list[pl.DataFrame], T: int) -> pl.DataFrame:
    """h, turn, value, n from summed step deltas."""
    d = pl.concat(deltas).group_by("h", "value", "turn").agg(pl.col("d").sum())
    turns = pl.DataFrame({"turn": pl.int_range(0, T + 1, eager=True)}).cast(pl.Int64)
    return (d.select("h", "value").unique().join(turns, how="cross")
            .join(d.with_columns(pl.col("turn").cast(pl.Int64)), on=["h", "value", "turn"], how="left")
            .sort("h", "value", "turn")
            .with_columns(pl.col("d").fill_null(0).cum_sum().over("h", "value").alias("n"))
            .filter(pl.col("n") > 0).select("h", "turn", "value", "n"))


def damage_curves(run: RunLike, max_turn: int | None = None) -> pl.DataFrame:
    """Cumulative damage dealt and health left, by turn, per hero (median and quartiles).

    One row per (``hero``, ``turn``) for turns 0..``max_turn`` (default: the turn by which 95% of
    games are over). Columns: ``games`` (hero-games counted: every game the hero played, twice
    for a mirror), ``playing`` (share of those games still going after that turn),
    ``dealt_mean``/``dealt_q25``/``dealt_median``/``dealt_q75`` (damage dealt so far) and
    ``health_mean``/``health_q25``/``health_median``/``health_q75`` (the hero's health).
    Quartiles interpolate linearly between games (numpy's default).

    Computed slice by slice over the games and reduced to histograms of (hero, turn, value), so
    memory does not grow with the size of the run.
    """
    run = as_run(run)
    T = max_turn if max_turn is not None else default_max_turn(run)
    heroes = run.heroes()
    code = {h: i for i, h in enumerate(heroes)}
    start = starting_health(run).select(pl.col("hero").replace_strict(code, return_dtype=pl.Int16).alias("h"),
                                        pl.col("start_health").cast(pl.Int64))
    side = pl.col("player") == "b"          # the side as a boolean: small and quick to join on
    hf_all = hero_fighters(run).select("game_id", side.alias("b"), pl.col("fighter").alias("hero_fighter"))
    sides_all = run.sides().select("game_id", side.alias("b"),
                                   pl.col("hero").replace_strict(code, return_dtype=pl.Int16).alias("h"))
    keys = ["game_id", "b", "turn", "k"]
    dealt_d, health_d = [], []
    for lo, hi, ev in run.slices(GAMES_PER_SLICE):
        in_slice = pl.col("game_id").is_between(lo, hi)
        ev = ev.filter(pl.col("turn") <= T)
        dealt = (ev.filter((pl.col("kind") == "damage") & ~pl.col("detail").is_in(SELF_INFLICTED))
                 .group_by("game_id", (pl.col("player") == "a").alias("b"), "turn")   # dealt by the other side
                 .agg(pl.col("amount").cast(pl.Int64).sum().alias("value")))
        health = (ev.filter(pl.col("kind").is_in(HEALTH_KINDS))
                  .group_by("game_id", side.alias("b"), "fighter", "turn")
                  .agg(pl.col("health").sort_by("seq").last().cast(pl.Int64).alias("value")))
        dealt_df, health_df = run.collect_all([dealt, health])
        health_df = health_df.join(hf_all.filter(in_slice), left_on=["game_id", "b", "fighter"],
                                   right_on=["game_id", "b", "hero_fighter"]).drop("fighter")
        sides = sides_all.filter(in_slice)
        # each (game, side) starts at turn 0 with 0 dealt and its starting health (k=0 sorts the
        # starting step before a real change on the same turn)
        first = sides.with_columns(pl.lit(0, pl.Int16).alias("turn"), pl.lit(0, pl.Int8).alias("k"))
        real = [df.with_columns(pl.col("turn").cast(pl.Int16), pl.lit(1, pl.Int8).alias("k")) for df in (dealt_df, health_df)]
        d_steps = (pl.concat([first.with_columns(pl.lit(0, pl.Int64).alias("value")),
                              real[0].join(sides, on=["game_id", "b"])], how="diagonal_relaxed")
                   .sort(keys).with_columns(pl.col("value").cum_sum().over("game_id", "b")))
        h_steps = (pl.concat([first.join(start, on="h").rename({"start_health": "value"}),
                              real[1].join(sides, on=["game_id", "b"])], how="diagonal_relaxed")
                   .sort(keys))
        dealt_d.append(_step_deltas(d_steps, T))
        health_d.append(_step_deltas(h_steps, T))

    names = dict(enumerate(heroes))
    d = _histogram(dealt_d, T).rename({"value": "dealt"})
    h = _histogram(health_d, T).rename({"value": "health"})
    d = hist_summary(d, ["h", "turn"], "dealt", "dealt")
    h = hist_summary(h, ["h", "turn"], "health", "health")
    turns = pl.DataFrame({"turn": pl.int_range(0, T + 1, eager=True)}).cast(pl.Int64)
    lengths = sides_all.join(run.sides().select("game_id", side.alias("b"), "turns"), on=["game_id", "b"]) \
        .group_by("h", "turns").agg(pl.len().alias("n"))
    playing = (lengths.join(turns, how="cross").group_by("h", "turn")
               .agg(pl.col("n").sum().cast(pl.Int64).alias("games"),
                    ((pl.col("turns") > pl.col("turn")) * pl.col("n")).sum().alias("_left"))
               .with_columns((pl.col("_left") / pl.col("games")).alias("playing")).drop("_left"))
    return (playing.join(d, on=["h", "turn"], how="left").join(h, on=["h", "turn"], how="left")
            .sort("h", "turn")
            .with_columns(pl.col("h").replace_strict(names, return_dtype=pl.Utf8).alias("hero"),
                          pl.col("turn").cast(pl.Int32))
            .select("hero", "turn", "games", "playing", "dealt_mean", "dealt_q25", "dealt_median", "dealt_q75",
                    "health_mean", "health_q25", "health_median", "health_q75"))


def damage_by_source(run: RunLike) -> pl.DataFrame:
    """Damage per hero split by source (``damage`` events' ``detail``).

    One row per (``hero``, ``source``): ``dealt`` (damage the hero's side caused to the other
    side from that source; 0 for self-inflicted sources), ``taken`` (damage the hero's side
    suffered from it), and both per game (``dealt_per_game``, ``taken_per_game``: divided by
    the hero's games). Sources: ``combat``, ``effect`` (card effects), ``exhaustion``,
    ``ability``, and hero-specific ones such as ``misery_bust``.
    """
    run = as_run(run)
    sides = run.sides().lazy().select("game_id", "player", "hero", "opponent")
    q = (run.events.filter(pl.col("kind") == "damage")
         .select("game_id", "player", pl.col("detail").fill_null("unknown").alias("source"),
                 pl.col("amount").cast(pl.Int64))
         .join(sides, on=["game_id", "player"])
         .group_by("hero", "opponent", "source").agg(pl.col("amount").sum()))
    d = run.collect(q)
    taken = d.group_by("hero", "source").agg(pl.col("amount").sum().alias("taken"))
    dealt = (d.filter(~pl.col("source").is_in(SELF_INFLICTED))
             .group_by(pl.col("opponent").alias("hero"), "source").agg(pl.col("amount").sum().alias("dealt")))
    games = run.sides().group_by("hero").agg(pl.len().alias("games"))
    out = (taken.join(dealt, on=["hero", "source"], how="full", coalesce=True)
           .with_columns(pl.col("taken", "dealt").fill_null(0).cast(pl.Int64))
           .join(games, on="hero", how="left")
           .with_columns((pl.col("dealt") / pl.col("games")).alias("dealt_per_game"),
                         (pl.col("taken") / pl.col("games")).alias("taken_per_game")))
    order = {hero: i for i, hero in enumerate(run.heroes())}
    return (out.with_columns(pl.col("hero").replace_strict(order, default=len(order), return_dtype=pl.Int32).alias("_o"))
            .sort(["_o", "dealt", "taken", "source"], descending=[False, True, True, False]).drop("_o")
            .select("hero", "source", "dealt", "dealt_per_game", "taken", "taken_per_game"))
