"""Who beats whom: the win-rate matrix, the overall ranking (with a Bradley-Terry fit) and seats.

All of these read ``games.parquet`` only. Conventions:

* A *draw* is a game stopped by the turn limit (no winner). Win rates are wins / games, so a draw
  counts as a game not won by either side (as in ``sim matchup``).
* *Mirror* games (a hero against itself) say nothing about the hero's strength: they are left out
  of the matrix and the ranking, and shown as first-player advantage in ``seat_split``.
* Intervals are 95% Wilson score intervals (``unmatched_sim.stats.wilson_interval``).
"""

from __future__ import annotations

import numpy as np
import polars as pl

from unmatched_sim.analysis._common import with_ci
from unmatched_sim.analysis.run import RunLike, as_run

#: pseudo-games added per pairing in the ranking's Bradley-Terry fit (see ``ranking``)
BT_PRIOR = 0.5


def _with_ci(df: pl.DataFrame, wins: str, games: str, prefix: str = "") -> pl.DataFrame:
    return with_ci(df, wins, games, f"{prefix}win_rate", f"{prefix}ci_low", f"{prefix}ci_high")


def win_matrix(run: RunLike) -> pl.DataFrame:
    """Each hero's record against each other hero (mirrors excluded), one row per ordered pair.

    Columns: ``hero``, ``opponent``, ``games``, ``wins``, ``losses``, ``draws``, ``win_rate``
    (wins / games of ``hero`` against ``opponent``), ``ci_low``/``ci_high`` (95% Wilson interval),
    ``significant`` (the interval excludes 50%). Both (X, Y) and (Y, X) rows are present.
    Pivot for a grid: ``df.pivot("opponent", index="hero", values="win_rate")``.
    """
    run = as_run(run)
    s = run.sides().filter(~pl.col("mirror"))
    df = (s.group_by("hero", "opponent")
          .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("wins"),
               pl.col("draw").sum().cast(pl.Int64).alias("draws"))
          .with_columns((pl.col("games") - pl.col("wins") - pl.col("draws")).alias("losses"))
          .select("hero", "opponent", "games", "wins", "losses", "draws")
          .sort("hero", "opponent"))
    df = _with_ci(df, "wins", "games")
    return df.with_columns(((pl.col("ci_low") > 0.5) | (pl.col("ci_high") < 0.5)).alias("significant"))


def bradley_terry(results: pl.DataFrame, prior: float = 0.0, tol: float = 1e-10,
                  max_iter: int = 100_000) -> pl.DataFrame:
    """Fit Bradley-Terry strengths to pairwise results by the MM algorithm (Hunter 2004).

    ``results`` has columns ``hero``, ``opponent``, ``wins`` (games ``hero`` won against
    ``opponent``; several rows for a pair are added up). The model: P(i beats j) = p_i/(p_i+p_j).
    The MM update ``p_i <- W_i / sum_j n_ij / (p_i + p_j)`` (W_i = i's wins, n_ij = games
    between i and j) climbs the likelihood to its maximum; strengths are scaled to geometric mean 1.

    ``prior`` adds that many pseudo-wins in each direction to every pair that met (0.5 = one
    imaginary drawn game), which keeps strengths finite when a hero wins or loses every game.
    With ``prior=0`` the maximum-likelihood fit must exist: every hero must have beaten, directly
    or through others, every other hero; otherwise ``ValueError``.

    Returns ``hero``, ``strength`` (p_i), ``log_strength`` (ln p_i) and ``win_vs_average``
    (p_i / (p_i + 1): the modelled chance of beating a hero of average strength), strongest first.
    """
    heroes = sorted(set(results["hero"].to_list()) | set(results["opponent"].to_list()))
    k = len(heroes)
    if k == 0:
        return pl.DataFrame(schema={"hero": pl.Utf8, "strength": pl.Float64, "log_strength": pl.Float64,
                                    "win_vs_average": pl.Float64})
    idx = {h: i for i, h in enumerate(heroes)}
    w = np.zeros((k, k))
    for h, o, n in results.select("hero", "opponent", "wins").iter_rows():
        if h != o:
            w[idx[h], idx[o]] += n or 0
    met = (w + w.T) > 0
    if prior:
        w = w + prior * met
    elif k > 1 and not _strongly_connected(w > 0):
        raise ValueError("no maximum-likelihood Bradley-Terry fit: some hero never beat (directly or "
                         "through others) some other hero; use prior > 0")
    n = w + w.T
    wins = w.sum(axis=1)
    p = np.ones(k)
    for _ in range(max_iter):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, wins / np.where(denom > 0, denom, 1), 1.0)
        new = new / np.exp(np.log(new).mean())
        done = np.max(np.abs(new - p) / new) < tol
        p = new
        if done:
            break
    return (pl.DataFrame({"hero": heroes, "strength": p, "log_strength": np.log(p),
                          "win_vs_average": p / (p + 1)})
            .sort(["strength", "hero"], descending=[True, False]))


def _strongly_connected(beat: np.ndarray) -> bool:
    k = beat.shape[0]

    def reach(adj) -> set:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j in np.nonzero(adj[i])[0]:
                if j not in seen:
                    seen.add(int(j))
                    todo.append(int(j))
        return seen

    return len(reach(beat)) == k and len(reach(beat.T)) == k


def ranking(run: RunLike, prior: float = BT_PRIOR) -> pl.DataFrame:
    """Every hero's overall record against other heroes, strongest first.

    Columns: ``rank``, ``hero``, ``games``, ``wins``, ``draws``, ``win_rate``, ``ci_low``,
    ``ci_high`` (95% Wilson), ``bt_strength`` and ``bt_win_vs_average`` (a Bradley-Terry fit to
    every non-mirror game; see ``bradley_terry``; ``prior`` pseudo-wins each way per pairing keep
    it finite), ``mirror_games``. The overall win rate depends on whom a hero happened to meet; the
    Bradley-Terry strength accounts for the opponents, so the ranking is by strength.
    """
    run = as_run(run)
    s = run.sides()
    heroes = run.heroes()
    rec = (s.filter(~pl.col("mirror")).group_by("hero")
           .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("wins"),
                pl.col("draw").sum().cast(pl.Int64).alias("draws")))
    mirrors = (s.filter(pl.col("mirror") & (pl.col("player") == "a")).group_by("hero")
               .agg(pl.len().cast(pl.Int64).alias("mirror_games")))
    base = pl.DataFrame({"hero": heroes})
    df = (base.join(rec, on="hero", how="left").join(mirrors, on="hero", how="left")
          .with_columns(pl.col("games", "wins", "draws", "mirror_games").fill_null(0)))
    df = _with_ci(df, "wins", "games")
    wm = win_matrix(run)
    if wm.height:
        bt = bradley_terry(wm, prior=prior).select("hero", pl.col("strength").alias("bt_strength"),
                                                   pl.col("win_vs_average").alias("bt_win_vs_average"))
    else:
        bt = pl.DataFrame(schema={"hero": pl.Utf8, "bt_strength": pl.Float64, "bt_win_vs_average": pl.Float64})
    df = (df.join(bt, on="hero", how="left")
          .sort(["bt_strength", "win_rate", "hero"], descending=[True, True, False], nulls_last=True))
    return df.with_row_index("rank", offset=1).with_columns(pl.col("rank").cast(pl.Int64)).select(
        "rank", "hero", "games", "wins", "draws", "win_rate", "ci_low", "ci_high", "bt_strength",
        "bt_win_vs_average", "mirror_games")


def seat_split(run: RunLike) -> pl.DataFrame:
    """Win rate by seat: going first vs going second.

    The first row (``hero`` = ``"all games"``) counts every game once: ``first_*`` is the first
    player's record, ``second_*`` the second player's. Then one row per hero over its non-mirror
    games: its record when it took the first turn and when it took the second. Mirror columns
    (``mirror_games``, ``mirror_first_wins``, ``mirror_first_win_rate``, ``mirror_ci_low``,
    ``mirror_ci_high``) give the first player's record in that hero's mirror matches — the
    cleanest measure of the seat's advantage, since the heroes are equal.

    Columns per seat (``first_`` / ``second_``): ``games``, ``wins``, ``win_rate``, ``ci_low``,
    ``ci_high``; and ``first_minus_second`` (win-rate difference).
    """
    run = as_run(run)
    s = run.sides()

    def seat_stats(frame: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
        out = None
        for seat, cond in (("first", pl.col("first")), ("second", ~pl.col("first"))):
            d = (frame.filter(cond).group_by(keys)
                 .agg(pl.len().cast(pl.Int64).alias(f"{seat}_games"),
                      pl.col("won").sum().cast(pl.Int64).alias(f"{seat}_wins")))
            out = d if out is None else out.join(d, on=keys, how="full", coalesce=True)
        return out

    everything = seat_stats(s.with_columns(pl.lit("all games").alias("hero")), ["hero"])
    per_hero = seat_stats(s.filter(~pl.col("mirror")), ["hero"])
    mirror = (s.filter(pl.col("mirror") & pl.col("first")).group_by("hero")
              .agg(pl.len().cast(pl.Int64).alias("mirror_games"),
                   pl.col("won").sum().cast(pl.Int64).alias("mirror_first_wins")))
    mirror_all = mirror.select(pl.lit("all games").alias("hero"),
                               pl.col("mirror_games").sum().cast(pl.Int64),
                               pl.col("mirror_first_wins").sum().cast(pl.Int64))
    heroes = pl.DataFrame({"hero": ["all games"] + run.heroes()})
    df = (heroes.join(pl.concat([everything, per_hero], how="diagonal_relaxed"), on="hero", how="left")
          .join(pl.concat([mirror_all, mirror]), on="hero", how="left"))
    cols = ["first_games", "first_wins", "second_games", "second_wins", "mirror_games", "mirror_first_wins"]
    df = df.with_columns(pl.col(cols).fill_null(0).cast(pl.Int64))
    df = _with_ci(df, "first_wins", "first_games", "first_")
    df = _with_ci(df, "second_wins", "second_games", "second_")
    df = _with_ci(df, "mirror_first_wins", "mirror_games", "mirror_first_")
    df = df.rename({"mirror_first_ci_low": "mirror_ci_low", "mirror_first_ci_high": "mirror_ci_high"})
    df = df.with_columns((pl.col("first_win_rate") - pl.col("second_win_rate")).alias("first_minus_second"))
    return df.select("hero", "first_games", "first_wins", "first_win_rate", "first_ci_low", "first_ci_high",
                     "second_games", "second_wins", "second_win_rate", "second_ci_low", "second_ci_high",
                     "first_minus_second", "mirror_games", "mirror_first_wins", "mirror_first_win_rate",
                     "mirror_ci_low", "mirror_ci_high")
