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

from unmatched_sim.engine.state import EVENT_FIELDS

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


# The coded columns of ``Game.raw_events``, in order, and the frame column each one becomes.
_RAW = ("turn", "seat", "kind", "fighter", "card", "target", "amount", "value", "health", "space",
        "detail", "by")


class EventBuffer:
    """The events of many games, as the engine's codes (ints for seats, fighters, cards and
    spaces), turned into one frame per chunk: the names are looked up there, for the whole chunk
    at once, from each game's name tables (``Game.name_tables``)."""

    def __init__(self):
        self.columns: dict[str, list] = {k: [] for k in ("game_id", "seq", "game")}
        self.flat: list = []                # every game's ``raw_events``, one after the other
        # the name tables of every game, one after the other, and where each game's start
        self.names: list[str] = []          # fighter names
        self.by_labels: list[str] = []      # the slot label of each fighter's player
        self.cards: list[str] = []          # card names
        self.sides: list[str] = []          # slot labels by seat
        self.spaces: list[str] = []         # space labels (one table per board)
        self.bases: dict[str, list[int]] = {k: [] for k in ("names", "cards", "sides", "spaces")}
        self._boards: dict[int, tuple] = {}  # id(labels) -> (labels, base)

    def add_game(self, game_id: int, sides: tuple[str, ...], game) -> None:
        """``sides[seat]`` is the label of the player in that seat ("a", "b", ...)."""
        flat = game.raw_events
        if not flat:
            return
        cols = self.columns
        n = len(flat) // EVENT_FIELDS
        k = len(self.bases["names"])
        cols["game_id"].extend([game_id] * n)
        cols["seq"].extend(range(n))
        cols["game"].extend([k] * n)
        self.flat.extend(flat)      # split into columns once per chunk (``frame``)
        names, owners, cards = game.name_tables()
        b = self.bases
        b["names"].append(len(self.names))
        b["cards"].append(len(self.cards))
        b["sides"].append(len(self.sides))
        self.names.extend(names)
        self.by_labels.extend(sides[o] for o in owners)
        self.cards.extend(cards)
        self.sides.extend(sides)
        labels = game.board.labels
        board = self._boards.get(id(labels))
        if board is None:
            board = self._boards[id(labels)] = (labels, len(self.spaces))
            self.spaces.extend(labels)
        b["spaces"].append(board[1])

    def frame(self) -> pl.DataFrame:
        if not self.columns["seq"]:
            return pl.DataFrame(schema=EVENT_SCHEMA)
        flat = self.flat
        coded = {name: flat[k::EVENT_FIELDS] for k, name in enumerate(_RAW)}
        cols = self.columns
        i64 = pl.Int64
        raw = pl.DataFrame(
            {**{k: cols[k] for k in ("game_id", "seq", "game")}, **coded},
            schema={"game_id": i64, "seq": pl.Int32, "game": i64, "turn": pl.Int16, "seat": i64,
                    "kind": pl.Utf8, "fighter": i64, "card": i64, "target": i64, "amount": pl.Int16,
                    "value": pl.Int16, "health": pl.Int16, "space": i64, "detail": pl.Utf8, "by": i64})
        at = {k: pl.lit(pl.Series(v, dtype=i64)).gather(pl.col("game")) for k, v in self.bases.items()}

        def look(table: list[str], col: str, base: str) -> pl.Expr:
            return pl.lit(pl.Series(table, dtype=pl.Utf8)).gather(pl.col(col) + at[base])

        names = self.names
        return raw.select(
            "game_id", "seq", "turn",
            look(self.sides, "seat", "sides").alias("player"),
            "kind",
            look(names, "fighter", "names").alias("fighter"),
            look(self.cards, "card", "cards").alias("card"),
            look(names, "target", "names").alias("target"),
            "amount", "value", "health",
            look(self.spaces, "space", "spaces").alias("space"),
            "detail",
            look(self.by_labels, "by", "names").alias("by_player"),
            look(names, "by", "names").alias("by_fighter"),
        )

    def __len__(self) -> int:
        return len(self.columns["seq"])


def games_frame(rows: list[dict]) -> pl.DataFrame:
    return pl.DataFrame(rows, schema=GAME_SCHEMA).sort("game_id")


def write_parquet(df: pl.DataFrame, path: Path) -> None:
    df.write_parquet(path, compression="zstd", statistics=True)


def event_files(run_dir: Path) -> list[Path]:
    return sorted((run_dir / "events").glob("*.parquet"))
