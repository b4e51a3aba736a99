"""The race of one matchup: both heroes' health by turn, and the lead, on one axis
(``tempo(run, hero, opponent)``). Read side by side from the event log: a side's health is its
hero fighters' (``_events.hero_fighters``: the first fighter placed at setup; the Wayward
Sisters' three added up, so it reaches 0 when the last Sister falls); each one's health after
each turn is the last health logged up to that turn (its starting health before any). A
finished game keeps its final health on later turns, so every game counts at every turn."""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis._events import hero_fighters
from unmatched_sim.analysis.run import RunLike, as_run
from unmatched_sim.errors import UserError

#: at most this many games of the matchup are read (the first ones: medians and quartiles of the
#: race need no more, and memory stays small on a large run)
MAX_GAMES = 4_000


def health_by_turn(run, game_ids: pl.Series, max_turn: int) -> pl.DataFrame:
    """Per game of ``game_ids``, player and turn 0..``max_turn``: ``health``, the side's hero
    fighters' health after that turn (the last logged up to it; its starting health before any;
    the final health after the game ended)."""
    lo, hi = game_ids.min(), game_ids.max()
    ev = run.collect(run.events.filter(pl.col("game_id").is_between(lo, hi)
                                       & pl.col("kind").is_in(("place", "damage", "recover", "set_health")))
                     .select("game_id", "seq", pl.col("turn").cast(pl.Int32), "player", "kind", "fighter",
                             pl.col("health").cast(pl.Int64)))
    ev = ev.join(pl.DataFrame({"game_id": game_ids.unique()}), on="game_id", how="semi")
    hf = hero_fighters(ev.filter((pl.col("kind") == "place") & (pl.col("turn") == 0)), ["game_id", "player"])
    hrows = (ev.filter(pl.col("kind") != "place").join(hf.select("game_id", "player", "fighter"),
                                                        on=["game_id", "player", "fighter"])
             .group_by("game_id", "player", "fighter", "turn").agg(pl.col("health").sort_by("seq").last()))
    return (hf.select("game_id", "player", "fighter", "start")
            .join(pl.DataFrame({"turn": list(range(0, max_turn + 1))}, schema={"turn": pl.Int32}), how="cross")
            .join(hrows, on=["game_id", "player", "fighter", "turn"], how="left")
            .sort("game_id", "player", "fighter", "turn")
            .with_columns(pl.col("health").forward_fill().over("game_id", "player", "fighter"))
            .with_columns(pl.col("health").fill_null(pl.col("start")))
            .group_by("game_id", "player", "turn").agg(pl.col("health").sum()))


def tempo(run: RunLike, hero: str, opponent: str, max_turn: int | None = None) -> pl.DataFrame:
    """Per turn: ``turn``, ``games``, ``hero_health_median``/``_q25``/``_q75``,
    ``opponent_health_median``/``_q25``/``_q75``, ``lead_median``/``_q25``/``_q75`` (hero's health
    minus the opponent's, per game), ``hero_ahead`` (share of games the hero leads). In a mirror the
    hero is the first player's side and the opponent the second's."""
    run = as_run(run)
    s = run.sides()
    mirror = hero == opponent
    if mirror:
        mine = s.filter((pl.col("hero") == hero) & pl.col("mirror") & pl.col("first"))
    else:
        mine = s.filter((pl.col("hero") == hero) & (pl.col("opponent") == opponent))
    if mine.height == 0:
        raise UserError(f"no games of {hero} against {opponent} in {run.name} "
                        f"(heroes: {', '.join(run.heroes())})")
    mine = mine.sort("game_id").head(MAX_GAMES)
    pick = (mine.select("game_id", pl.col("player").alias("me"))        # the race: a side and its foe
            .join(run.foes().rename({"player": "me", "foe": "them"}), on=["game_id", "me"]))
    T = max_turn or int(mine["turns"].quantile(0.95, interpolation="higher") or 1)
    grid = health_by_turn(run, pick["game_id"], T)
    me = grid.join(pick, left_on=["game_id", "player"], right_on=["game_id", "me"]).select(
        "game_id", "turn", pl.col("health").alias("h"))
    them = grid.join(pick, left_on=["game_id", "player"], right_on=["game_id", "them"]).select(
        "game_id", "turn", pl.col("health").alias("o"))
    both = me.join(them, on=["game_id", "turn"]).with_columns((pl.col("h") - pl.col("o")).alias("lead"))

    def q(c, x):
        return pl.col(c).quantile(x, interpolation="linear")
    return (both.group_by("turn").agg(
        pl.len().cast(pl.Int64).alias("games"),
        pl.col("h").median().alias("hero_health_median"), q("h", 0.25).alias("hero_health_q25"),
        q("h", 0.75).alias("hero_health_q75"),
        pl.col("o").median().alias("opponent_health_median"), q("o", 0.25).alias("opponent_health_q25"),
        q("o", 0.75).alias("opponent_health_q75"),
        pl.col("lead").median().alias("lead_median"), q("lead", 0.25).alias("lead_q25"),
        q("lead", 0.75).alias("lead_q75"),
        (pl.col("lead") > 0).mean().alias("hero_ahead"))
        .sort("turn").with_columns(pl.lit(hero).alias("hero"), pl.lit(opponent).alias("opponent")))
