"""Who comes back from behind: a side's chance to win the duel given its health lead at the end of
a turn, by how far the game has gone (``comeback(run)``), and per hero how often it wins from
behind (``comebacks_by_hero(run)``).

A side's health is its hero fighters' (``tempo.health_by_turn``: a hero of several fighters has
them added up); the lead is its health minus its foe's. Every side of every game still going at
the end of a turn is one observation of that turn, so each game counts once per turn for each of
its two sides (one side's lead is the other's deficit). A rate counts each side once per cell
(however many turns of the band it spent at that lead), so its interval is not narrowed by the
turns of one game."""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis._common import with_ci
from unmatched_sim.analysis.run import RunLike, as_run
from unmatched_sim.analysis.tempo import MAX_GAMES, health_by_turn

#: turn bands (first turn of each; both players' turns count) and lead bands (lowest lead of each)
TURN_BANDS = (1, 5, 9, 13, 17, 25)
LEAD_BANDS = (-99, -5, -2, 0, 1, 3, 6)      # symmetric: 6+ behind … even … 6+ ahead
#: "behind" in ``comebacks_by_hero``: at least this many health points down, from this turn on
BEHIND, FROM_TURN = 3, 5


def _band(bands: tuple[int, ...], labels: list[str], col: str) -> pl.Expr:
    expr = pl.lit(labels[0])
    for lo, label in zip(bands[1:], labels[1:]):
        expr = pl.when(pl.col(col) >= lo).then(pl.lit(label)).otherwise(expr)
    return expr


def turn_labels() -> list[str]:
    b = TURN_BANDS
    return [f"{lo}–{hi - 1}" for lo, hi in zip(b, b[1:])] + [f"{b[-1]}+"]


def lead_labels() -> list[str]:
    """"6+ behind" … "even" … "6+ ahead", in the order of LEAD_BANDS."""
    out = []
    for lo, hi in zip(LEAD_BANDS, LEAD_BANDS[1:] + (99,)):
        top = hi - 1
        if lo == 0 and top == 0:
            out.append("even")
        elif top < 0:
            out.append(f"{-top}+ behind" if lo == -99 else (f"{-top} behind" if lo == top else f"{-top}–{-lo} behind"))
        else:
            out.append(f"{lo}+ ahead" if hi == 99 else (f"{lo} ahead" if lo == top else f"{lo}–{top} ahead"))
    return out


def _leads(run, max_turn: int | None = None) -> pl.DataFrame:
    """Per side and turn of a game still going after it: game_id, player, hero, turn, lead, won (the
    run's first MAX_GAMES duel games, as ``tempo``); cached on the run."""
    key = ("comeback_leads", max_turn)
    if key not in run._cache:
        run._cache[key] = _read_leads(run, max_turn)
    return run._cache[key]


def _read_leads(run, max_turn: int | None) -> pl.DataFrame:
    sides = run.sides().sort("game_id")
    ids = sides["game_id"].unique(maintain_order=True).head(MAX_GAMES)
    sides = sides.join(pl.DataFrame({"game_id": ids}), on="game_id", how="semi")
    pick = (sides.select("game_id", pl.col("player").alias("me"), "hero", "won", "turns")
            .join(run.foes().rename({"player": "me", "foe": "them"}), on=["game_id", "me"]))
    T = max_turn or int(sides["turns"].quantile(0.99, interpolation="higher") or 1)
    grid = health_by_turn(run, ids, T)
    me = pick.join(grid, left_on=["game_id", "me"], right_on=["game_id", "player"])
    them = grid.rename({"player": "them", "health": "foe_health"})
    return (me.join(them, on=["game_id", "them", "turn"])
            .filter((pl.col("turn") >= 1) & (pl.col("turn") < pl.col("turns")))       # still going after it
            .select("game_id", pl.col("me").alias("player"), "hero", "turn",
                    (pl.col("health") - pl.col("foe_health")).alias("lead"), "won"))


def comeback(run: RunLike, max_turn: int | None = None) -> pl.DataFrame:
    """Per turn band and lead band: ``turn_band``, ``lead_band`` (labels, in order ``turn_index``,
    ``lead_index``), ``observations`` (side-turns), ``sides`` (sides of games that ended some turn
    of the band with that lead, each counted once however many turns it did), ``games`` (distinct
    games), ``wins`` (of those sides), ``win_rate`` = wins / sides with its 95% interval
    ``ci_low``/``ci_high`` (over sides, so turns of one game do not narrow it)."""
    run = as_run(run)
    d = _leads(run, max_turn)
    tl, ll = turn_labels(), lead_labels()
    d = d.with_columns(_band(TURN_BANDS, tl, "turn").alias("turn_band"), _band(LEAD_BANDS, ll, "lead").alias("lead_band"))
    per_side = d.group_by("turn_band", "lead_band", "game_id", "player").agg(pl.len().alias("n"), pl.col("won").first())
    out = per_side.group_by("turn_band", "lead_band").agg(pl.col("n").sum().cast(pl.Int64).alias("observations"),
                                                          pl.len().cast(pl.Int64).alias("sides"),
                                                          pl.col("game_id").n_unique().cast(pl.Int64).alias("games"),
                                                          pl.col("won").sum().cast(pl.Int64).alias("wins"))
    out = out.with_columns(pl.col("turn_band").replace_strict(tl, list(range(len(tl)))).alias("turn_index"),
                           pl.col("lead_band").replace_strict(ll, list(range(len(ll)))).alias("lead_index"))
    return with_ci(out.sort("turn_index", "lead_index"), "wins", "sides", "win_rate", "ci_low", "ci_high")


def comebacks_by_hero(run: RunLike, max_turn: int | None = None) -> pl.DataFrame:
    """Per hero (hero-games: a mirror counts once for each side): ``games``, ``games_behind``, the games in which it was at least BEHIND
    health points down at the end of some turn from FROM_TURN on, ``wins_from_behind`` of them,
    ``win_rate`` with its 95% interval (``ci_low``/``ci_high``), and ``share_behind`` of its games."""
    run = as_run(run)
    d = _leads(run, max_turn)
    behind = (d.filter((pl.col("turn") >= FROM_TURN) & (pl.col("lead") <= -BEHIND))
              .group_by("game_id", "player", "hero").agg(pl.col("won").first()))
    played = d.select("game_id", "player", "hero").unique().group_by("hero").len("games")
    per = behind.group_by("hero").agg(pl.len().cast(pl.Int64).alias("games_behind"),
                                      pl.col("won").sum().cast(pl.Int64).alias("wins_from_behind"))
    out = played.join(per, on="hero", how="left").with_columns(pl.col("games_behind", "wins_from_behind").fill_null(0))
    out = out.with_columns((pl.col("games_behind") / pl.col("games")).alias("share_behind"))
    return with_ci(out, "wins_from_behind", "games_behind", "win_rate", "ci_low", "ci_high").sort("hero")
