"""Damage over the course of a game, and where it comes from (``damage`` events).

* Damage *dealt* by a hero is the damage the opposing fighters (heroes and sidekicks) suffered
  that the log names the hero's side as the cause of (``by_player``). Damage a side does to its
  own fighters (Annie Christmas's, Titania's or Shakespeare's cards that hurt their own fighters) is
  *self-inflicted*: it is damage taken, never the
  foe's dealt damage; damage the log names no cause for (exhaustion; as the engine logs them
  today also Hamlet's NOT TO BE and Pandora's busts) is taken and nobody's. See
  ``_events.attribute`` (and there, how a log made before ``by_player`` is read).
* *Health left* is the hero's health: its hero fighter's (not its sidekicks'), or for a hero of
  several fighters (the Wayward Sisters) all of them added up, so it reaches 0 exactly when the
  hero is beaten.
* ``turn`` counts both players' turns (turn 1 is the first player's first turn); "at turn t"
  means after turn t has been played. A finished game keeps its final totals on later turns, so
  every game counts at every turn (``playing`` says what share of games was still going).
"""

from __future__ import annotations

import polars as pl

from unmatched_sim.analysis._common import hist_summary
from unmatched_sim.analysis._events import (SELF_INFLICTED, default_max_turn, default_pass, event_pass, histogram,
                                            label_heroes)
from unmatched_sim.analysis.players import players
from unmatched_sim.analysis.run import RunLike, as_run

__all__ = ["starting_health", "damage_curves", "damage_by_source", "damage_by_origin", "default_max_turn",
           "SELF_INFLICTED"]


def starting_health(run: RunLike) -> pl.DataFrame:
    """hero, start_health: each hero's starting health, read from the log (the Wayward Sisters:
    the three Sisters' added up, 18).

    The hero's setup ``place`` row carries its health as placed (its starting health); for logs
    without it, this is the highest health the hero fighter is seen at: health before any damage
    (health after + amount), after any recovery (never above the start), or at the end of a game.
    """
    run = as_run(run)
    start = default_pass(run)["start"].sort("h")
    return label_heroes(run, start, "h").select(pl.col("h").alias("hero"), pl.col("start_health").cast(pl.Int32))


def player_turns(run: RunLike) -> pl.DataFrame:
    """game_id, player, hero, turns: every player of every game (a free-for-all's or team game's
    four slots, a duel's two) with the game's length."""
    run = as_run(run)
    if "player_turns" not in run._cache:
        run._cache["player_turns"] = players(run).select("game_id", "player", "hero").join(
            run.collect(run.games.select("game_id", "turns"), "games"), on="game_id")
    return run._cache["player_turns"]


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
    p = event_pass(run, T)
    d = hist_summary(histogram(p["dealt"], T), ["h", "turn"], "value", "dealt")
    h = hist_summary(histogram(p["health"], T), ["h", "turn"], "value", "health")
    code = {hero: i for i, hero in enumerate(run.heroes())}
    turns = pl.DataFrame({"turn": pl.int_range(0, T + 1, eager=True)}).cast(pl.Int32)
    lengths = (player_turns(run).group_by("hero", "turns").agg(pl.len().alias("n"))
               .select(pl.col("hero").replace_strict(code, return_dtype=pl.Int16).alias("h"), "turns", "n"))
    playing = (lengths.join(turns, how="cross").group_by("h", "turn")
               .agg(pl.col("n").sum().cast(pl.Int64).alias("games"),
                    ((pl.col("turns") > pl.col("turn")) * pl.col("n")).sum().alias("_left"))
               .with_columns((pl.col("_left") / pl.col("games")).alias("playing")).drop("_left"))
    out = (playing.join(d, on=["h", "turn"], how="left").join(h, on=["h", "turn"], how="left").sort("h", "turn"))
    return label_heroes(run, out, "h").rename({"h": "hero"}).select(
        "hero", "turn", "games", "playing", "dealt_mean", "dealt_q25", "dealt_median", "dealt_q75",
        "health_mean", "health_q25", "health_median", "health_q75")


def damage_by_source(run: RunLike) -> pl.DataFrame:
    """Damage per hero split by source (``damage`` events' ``detail``).

    One row per (``hero``, ``source``): ``dealt`` (damage from that source that the hero's foes
    took and the log names the hero's side as the cause of), ``taken`` (all damage the hero's
    side suffered from it, whoever caused it), ``self_inflicted`` (the part of ``taken`` the
    hero's own side caused) and each per game (``dealt_per_game``, ``taken_per_game``,
    ``self_inflicted_per_game``: divided by the hero's games), ``unattributed`` (the part of
    ``taken`` the log names no cause for: exhaustion; Hamlet's NOT TO BE and Pandora's busts
    name their own hero, so they are self-inflicted) and ``unattributed_per_game``. Sources: the
    kinds of docs/events.md "Damage sources" (``combat``, ``card``, ``ability``, ``spell``,
    ``misery``, ``board``, ``exhaustion``, hero-specific ones such as ``misery_bust``); a log of
    the older vocabulary has its card effects read as ``card`` and its unnamed ones as ``effect``.
    """
    run = as_run(run)
    d = label_heroes(run, default_pass(run)["sources"], "h", "o").rename({"h": "hero", "o": "opponent"})
    taken = d.group_by("hero", "source").agg(
        pl.col("amount").sum().alias("taken"),
        pl.col("amount").filter(pl.col("cause") == "self").sum().alias("self_inflicted"),
        pl.col("amount").filter(pl.col("cause") == "none").sum().alias("unattributed"))
    dealt = (d.filter((pl.col("cause") == "foe") & pl.col("opponent").is_not_null())
             .group_by(pl.col("opponent").alias("hero"), "source").agg(pl.col("amount").sum().alias("dealt")))
    games = player_turns(run).group_by("hero").agg(pl.len().alias("games"))
    out = (taken.join(dealt, on=["hero", "source"], how="full", coalesce=True)
           .with_columns(pl.col("taken", "dealt", "self_inflicted", "unattributed").fill_null(0).cast(pl.Int64))
           .join(games, on="hero", how="left")
           .with_columns((pl.col("dealt") / pl.col("games")).alias("dealt_per_game"),
                         (pl.col("taken") / pl.col("games")).alias("taken_per_game"),
                         (pl.col("self_inflicted") / pl.col("games")).alias("self_inflicted_per_game"),
                         (pl.col("unattributed") / pl.col("games")).alias("unattributed_per_game")))
    order = {hero: i for i, hero in enumerate(run.heroes())}
    return (out.with_columns(pl.col("hero").replace_strict(order, default=len(order), return_dtype=pl.Int32).alias("_o"))
            .sort(["_o", "dealt", "taken", "source"], descending=[False, True, True, False]).drop("_o")
            .select("hero", "source", "dealt", "dealt_per_game", "taken", "taken_per_game",
                    "self_inflicted", "self_inflicted_per_game", "unattributed", "unattributed_per_game"))


def damage_by_origin(run: RunLike) -> pl.DataFrame:
    """The damage each hero's side caused, by what caused it: one row per (``hero``, ``source``,
    ``card``) — ``card`` the card, spell or misery the log names (null: the hero's ability, or a
    source that has none) — with ``dealt`` (to foes), ``self_inflicted`` (to its own side: a
    Hamlet hurting himself with NOT TO BE counts here, never as a foe's) and each per game of the
    hero (``dealt_per_game``, ``self_inflicted_per_game``). Damage nobody caused (exhaustion) is
    no hero's and has no row. Sorted by hero (``run.heroes()``), then most dealt first."""
    run = as_run(run)
    d = label_heroes(run, default_pass(run)["sources"], "h", "o")
    d = d.filter(pl.col("cause") != "none").with_columns(
        pl.when(pl.col("cause") == "foe").then(pl.col("o")).otherwise(pl.col("h")).alias("hero"))
    out = d.group_by("hero", "source", "card").agg(
        pl.col("amount").filter(pl.col("cause") == "foe").sum().cast(pl.Int64).alias("dealt"),
        pl.col("amount").filter(pl.col("cause") == "self").sum().cast(pl.Int64).alias("self_inflicted"))
    games = player_turns(run).group_by("hero").agg(pl.len().alias("games"))
    order = {hero: i for i, hero in enumerate(run.heroes())}
    return (out.join(games, on="hero", how="left")
            .with_columns((pl.col("dealt") / pl.col("games")).alias("dealt_per_game"),
                          (pl.col("self_inflicted") / pl.col("games")).alias("self_inflicted_per_game"),
                          pl.col("hero").replace_strict(order, default=len(order), return_dtype=pl.Int32).alias("_o"))
            .sort(["_o", "dealt", "self_inflicted", "source", "card"], descending=[False, True, True, False, False],
                  nulls_last=True)
            .select("hero", "source", "card", "dealt", "dealt_per_game", "self_inflicted", "self_inflicted_per_game"))
