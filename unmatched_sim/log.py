"""The event log: engine event tuples -> polars frames -> Parquet, one file per chunk of games.

Schema (documented in README "Event log"):

events/part-NNNNN.parquet, one row per game event, ordered by (game_id, seq):
    game_id  Int64   the game (see games.parquet)
    seq      Int32   0, 1, 2... within the game
    turn     Int16   0 during setup, then 1, 2, ... (both players' turns counted)
    player   Utf8    the player the event belongs to, by the letter of the hero's slot in the
                     command: "a", "b" (duel), "c", "d" (free-for-all, teams); for damage,
                     recover, move... the player of the fighter it happened to
    kind     Utf8    what happened (see README for every kind)
    fighter  Utf8    the fighter acting or affected
    card     Utf8    the card involved
    target   Utf8    the other fighter involved (attack target, ...)
    amount   Int16   the number involved (damage dealt, cards, value, ...)
    value    Int16   a second number where an event needs one (see README)
    health   Int16   the fighter's health after a damage / recover event
    space    Utf8    a space id (destination of a move or place)
    detail   Utf8    the rest: action name, damage source, discard cause, ...
    by_player Utf8   for damage and defeat: the player whose fighter caused it (null: nobody,
                     e.g. exhaustion)
    by_fighter Utf8  ... and that fighter
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

EVENT_SCHEMA = {
    "game_id": pl.Int64, "seq": pl.Int32, "turn": pl.Int16, "player": pl.Utf8, "kind": pl.Utf8,
    "fighter": pl.Utf8, "card": pl.Utf8, "target": pl.Utf8, "amount": pl.Int16,
    "value": pl.Int16, "health": pl.Int16, "space": pl.Utf8, "detail": pl.Utf8,
    "by_player": pl.Utf8, "by_fighter": pl.Utf8,
}

GAME_SCHEMA = {
    "game_id": pl.Int64, "pair": pl.Int64, "seed": pl.Int64, "hero_a": pl.Utf8, "hero_b": pl.Utf8,
    "first_player": pl.Utf8, "first_hero": pl.Utf8, "winner": pl.Utf8, "winner_hero": pl.Utf8,
    "turns": pl.Int32, "end_reason": pl.Utf8, "policy_a": pl.Utf8, "policy_b": pl.Utf8,
    "board": pl.Utf8, "health_a": pl.Int32, "health_b": pl.Int32, "events": pl.Int32,
    "decisions": pl.Int32,
    # Every format: the players, by slot (the order the heroes were given: a, b, c, d). The
    # columns above are the duel's; in a free-for-all or team game hero_a/hero_b/health_a/
    # health_b are slots a and b, first_player the slot that moved first, winner the winning
    # slot(s) ("c"; a team: "a+b") and winner_hero their hero(s) ("loki"; "houdini+genie").
    "format": pl.Utf8, "lineup": pl.List(pl.Utf8), "seats": pl.List(pl.Int8),
    "teams": pl.List(pl.Utf8), "places": pl.List(pl.Int8), "out_turns": pl.List(pl.Int16),
    "healths": pl.List(pl.Int16), "policies": pl.List(pl.Utf8),
}

# players.parquet: one row per player per game (the list columns above, exploded).
PLAYER_SCHEMA = {
    "game_id": pl.Int64, "slot": pl.Utf8, "seat": pl.Int8, "team": pl.Utf8, "hero": pl.Utf8,
    "policy": pl.Utf8, "place": pl.Int8, "out_turn": pl.Int16, "health": pl.Int16, "won": pl.Boolean,
    "format": pl.Utf8,
}
SLOTS = "abcd"


def players_frame(games: pl.DataFrame | pl.LazyFrame) -> pl.LazyFrame:
    """The per-player results table from the games table (lazy): slot, turn position (seat
    0 moved first), team, hero, policy, finishing place, the turn the player went out (null:
    never), the hero's health left and whether the player's side won."""
    g = games.lazy().select("game_id", "format", "winner", "lineup", "seats", "teams", "places",
                            "out_turns", "healths", "policies")
    g = g.with_columns(pl.int_ranges(0, pl.col("lineup").list.len()).alias("_k"))
    x = g.explode("lineup", "seats", "teams", "places", "out_turns", "healths", "policies", "_k")
    return x.select(
        pl.col("game_id"),
        pl.col("_k").replace_strict(dict(enumerate(SLOTS)), return_dtype=pl.Utf8).alias("slot"),
        pl.col("seats").alias("seat"), pl.col("teams").alias("team"), pl.col("lineup").alias("hero"),
        pl.col("policies").alias("policy"), pl.col("places").alias("place"),
        pl.col("out_turns").alias("out_turn"), pl.col("healths").alias("health"),
        ((pl.col("places") == 1) & pl.col("winner").is_not_null()).alias("won"),
        pl.col("format"),
    )


class EventBuffer:
    """Column buffers for the events of many games; turned into one frame per chunk."""

    def __init__(self):
        self.columns: dict[str, list] = {k: [] for k in EVENT_SCHEMA}

    def add_game(self, game_id: int, sides: tuple[str, ...], events: list[tuple]) -> None:
        """``sides[seat]`` is the label of the player in that seat ("a", "b", ...)."""
        if not events:
            return
        cols = self.columns
        n = len(events)
        (turn, seat, kind, fighter, card, target, amount, value, health, space, detail,
         by_seat, by_fighter) = zip(*events)
        cols["game_id"].extend([game_id] * n)
        cols["seq"].extend(range(n))
        cols["turn"].extend(turn)
        cols["player"].extend(sides[s] if s is not None else None for s in seat)
        cols["kind"].extend(kind)
        cols["fighter"].extend(fighter)
        cols["card"].extend(card)
        cols["target"].extend(target)
        cols["amount"].extend(amount)
        cols["value"].extend(value)
        cols["health"].extend(health)
        cols["space"].extend(space)
        cols["detail"].extend(detail)
        cols["by_player"].extend(sides[s] if s is not None else None for s in by_seat)
        cols["by_fighter"].extend(by_fighter)

    def frame(self) -> pl.DataFrame:
        return pl.DataFrame(self.columns, schema=EVENT_SCHEMA)

    def __len__(self) -> int:
        return len(self.columns["seq"])


def games_frame(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=GAME_SCHEMA).sort("game_id")


def write_parquet(df: pl.DataFrame, path: Path) -> None:
    df.write_parquet(path, compression="zstd", statistics=True)


def event_files(run_dir: Path) -> list[Path]:
    return sorted((run_dir / "events").glob("*.parquet"))
