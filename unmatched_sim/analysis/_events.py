"""One pass over the event log, slice by slice, reduced to small tables (not part of the public API).

Damage curves, starting health, damage by source, exhaustion and hero names all need the same few
event kinds per game. The pass reads, for a slice of about ``GAMES_PER_SLICE`` games, only those
rows and columns, computes what each table needs for those games, reduces it to counts and sums
by hero, and moves on: memory is bounded by the slice, not by the run.
"""

from __future__ import annotations

from collections import defaultdict

import polars as pl

from unmatched_sim.analysis.run import Run
from unmatched_sim.log import SLOTS

#: damage sources a side inflicts on itself: never counted as damage *dealt* by the opponent
SELF_INFLICTED = ("exhaustion", "misery_bust")
HEALTH_KINDS = ("damage", "recover", "set_health")
PASS_KINDS = HEALTH_KINDS + ("deck_empty", "exhausted")
#: games per slice (each slice's rows of the kinds above are held in memory at once)
GAMES_PER_SLICE = 5_000
START = -1          # placeholder value for "starting health" in health steps, filled in at the end
_SLOT = {s: i for i, s in enumerate(SLOTS)}


def _gs(game: str, player: str) -> pl.Expr:
    """One integer per (game, player): quick to join and sort on (null for no player)."""
    return pl.col(game) * len(SLOTS) + pl.col(player).replace_strict(_SLOT, return_dtype=pl.Int64)


class _Unordered(Exception):
    """A file held games outside the range its position implied: slice by exact ranges instead."""


def event_pass(run: Run, max_turn: int) -> dict:
    """The reduced tables, keyed by name (cached per ``max_turn``):

    ``names`` (h, fighter, n), ``start`` (h, start_health), ``dealt`` and ``health`` (h, value,
    turn, d: step deltas, summed), ``sources`` (h, o, source, amount: damage h's side took, and
    the hero ``o`` of the foe it counts as dealt by, see ``_dealer``; null: none), ``exhaustion``
    (h, deck_empty_turn, won, exhausted, n, exhaustion_damage). ``h``/``o`` index ``run.heroes()``.
    """
    key = ("event_pass", max_turn)
    if key not in run._cache:
        try:
            out = _event_pass(run, max_turn, exact=False)
        except _Unordered:
            out = _event_pass(run, max_turn, exact=True)
        run._cache[key] = out
    return run._cache[key]


def _event_pass(run: Run, T: int, exact: bool) -> dict:
    heroes = run.heroes()
    code = {h: i for i, h in enumerate(heroes)}
    sides_all = run.sides().select(
        "game_id", _gs("game_id", "player").alias("gs"),
        pl.col("hero").replace_strict(code, return_dtype=pl.Int16).alias("h"), "won")
    foes = _foes(run)
    by_player = pl.col("by_player") if "by_player" in run.events.collect_schema() else pl.lit(None, pl.Utf8)
    parts: dict[str, list[pl.DataFrame]] = defaultdict(list)
    for lo, hi, ev, checked in run.slices(GAMES_PER_SLICE, exact=exact):
        sub = run.collect(
            ev.filter(pl.col("kind").is_in(PASS_KINDS) | ((pl.col("kind") == "place") & (pl.col("turn") == 0)))
            .select("game_id", "seq", pl.col("turn").cast(pl.Int32), "kind", "fighter",
                    pl.col("amount").cast(pl.Int64), pl.col("health").cast(pl.Int64), "detail",
                    _gs("game_id", "player").alias("gs"), by_player.alias("by_player")))
        if not checked and sub.height and (sub["game_id"].min() < lo or sub["game_id"].max() > hi):
            raise _Unordered
        sides = sides_all.filter(pl.col("game_id").is_between(lo, hi))
        _slice(sub, sides, foes.filter(pl.col("game_id").is_between(lo, hi)), T, parts)
        del sub
        for name, frames in parts.items():           # keep the running totals small
            if len(frames) >= 8:
                parts[name] = [_reduce(name, pl.concat(frames))]

    final = (run.collect(run.games.select(
        pl.concat([pl.struct(hero=pl.col("hero_a"), h=pl.col("health_a")),
                   pl.struct(hero=pl.col("hero_b"), h=pl.col("health_b"))]).alias("s")), "games")
        .unnest("s").group_by("hero").agg(pl.col("h").max().cast(pl.Int64).alias("final"))
        .select(pl.col("hero").replace_strict(code, return_dtype=pl.Int16).alias("h"), "final"))
    seen = _concat(parts["seen"], {"h": pl.Int16, "seen": pl.Int64}).group_by("h").agg(pl.col("seen").max())
    start = (pl.DataFrame({"h": list(range(len(heroes)))}, schema={"h": pl.Int16})
             .join(seen, on="h", how="left").join(final, on="h", how="left")
             .select("h", pl.max_horizontal("seen", "final").alias("start_health")))
    delta_schema = {"h": pl.Int16, "value": pl.Int64, "turn": pl.Int32, "d": pl.Int64}
    health = (_concat(parts["health"], delta_schema).join(start, on="h", how="left")
              .with_columns(pl.when(pl.col("value") == START).then(pl.col("start_health"))
                            .otherwise(pl.col("value")).alias("value"))
              .group_by("h", "value", "turn").agg(pl.col("d").sum()))
    return {
        "names": _concat(parts["names"], {"h": pl.Int16, "fighter": pl.Utf8, "n": pl.UInt32})
        .group_by("h", "fighter").agg(pl.col("n").sum()),
        "start": start,
        "dealt": _concat(parts["dealt"], delta_schema).group_by("h", "value", "turn").agg(pl.col("d").sum()),
        "health": health,
        "sources": _concat(parts["sources"], {"h": pl.Int16, "o": pl.Int16, "source": pl.Utf8, "amount": pl.Int64})
        .group_by("h", "o", "source").agg(pl.col("amount").sum()),
        "exhaustion": _concat(parts["exhaustion"], {"h": pl.Int16, "deck_empty_turn": pl.Int32, "won": pl.Boolean,
                                                    "exhausted": pl.Boolean, "n": pl.Int64,
                                                    "exhaustion_damage": pl.Int64})
        .group_by("h", "deck_empty_turn", "won", "exhausted").agg(pl.col("n").sum(), pl.col("exhaustion_damage").sum()),
    }


_SUMS = {"names": (["h", "fighter"], ["n"]), "seen": (["h"], []), "health": (["h", "value", "turn"], ["d"]),
         "dealt": (["h", "value", "turn"], ["d"]), "sources": (["h", "o", "source"], ["amount"]),
         "exhaustion": (["h", "deck_empty_turn", "won", "exhausted"], ["n", "exhaustion_damage"])}


def _reduce(name: str, df: pl.DataFrame) -> pl.DataFrame:
    keys, sums = _SUMS[name]
    if name == "seen":
        return df.group_by(keys).agg(pl.col("seen").max())
    return df.group_by(keys).agg(pl.col(c).sum() for c in sums)


def _concat(frames: list[pl.DataFrame], schema: dict) -> pl.DataFrame:
    frames = [f.select([pl.col(c).cast(t) for c, t in schema.items()]) for f in frames]
    return pl.concat(frames) if frames else pl.DataFrame(schema=schema)


def _foes(run: Run) -> pl.DataFrame:
    """game_id, gs (a player), foe_gs (a foe of that player), sole (it is the player's only foe)."""
    f = run.foes().select("game_id", _gs("game_id", "player").alias("gs"), _gs("game_id", "foe").alias("foe_gs"))
    return f.with_columns((pl.len().over("gs") == 1).alias("sole"))


def _dealer(dmg: pl.DataFrame, foes: pl.DataFrame) -> pl.DataFrame:
    """``dmg`` with ``dealer``: the (game, player) its damage counts as dealt by — the foe who
    caused it (``by_player``), or else the victim's only foe (in a duel every damage a side takes
    counts as dealt by its opponent, its own cards' and ability's included); null when the
    victim has several foes and none of them caused it."""
    named = foes.select("gs", pl.col("foe_gs").alias("by_gs"), pl.lit(True).alias("by_foe"))
    sole = foes.filter(pl.col("sole")).select("gs", pl.col("foe_gs").alias("sole_gs"))
    return (dmg.with_columns(_gs("game_id", "by_player").alias("by_gs"))
            .join(named, on=["gs", "by_gs"], how="left").join(sole, on="gs", how="left")
            .with_columns(pl.when(pl.col("by_foe")).then(pl.col("by_gs")).otherwise(pl.col("sole_gs")).alias("dealer"))
            .drop("by_gs", "by_foe", "sole_gs"))


def _slice(sub: pl.DataFrame, sides: pl.DataFrame, foes: pl.DataFrame, T: int, parts: dict) -> None:
    # ``gs``: one integer per (game, player), see ``_gs``
    # each side's hero fighter: at setup the engine places both heroes before any sidekick, so it
    # is the side's first `place` row at turn 0 (a side, not a name: names repeat in a mirror)
    hf = (sub.filter(pl.col("kind") == "place").group_by("gs")
          .agg(pl.col("fighter").sort_by("seq").first().alias("hero_fighter"))
          .join(sides.select("gs", "h"), on="gs"))
    parts["names"].append(hf.group_by("h", pl.col("hero_fighter").alias("fighter")).agg(pl.len().alias("n")))

    # --- the hero fighter's health: highest seen (for the starting health) and steps by turn
    hrows = (sub.filter(pl.col("kind").is_in(HEALTH_KINDS)).join(hf, on="gs")
             .filter(pl.col("fighter") == pl.col("hero_fighter")))
    parts["seen"].append(hrows.group_by("h").agg(
        pl.when(pl.col("kind") == "damage").then(pl.col("health") + pl.col("amount").fill_null(0))
        .otherwise(pl.col("health")).max().alias("seen")))
    # the setup `place` row carries the hero's health as placed: its starting health
    parts["seen"].append(sub.filter((pl.col("kind") == "place") & (pl.col("turn") == 0))
                         .join(hf, on="gs").filter(pl.col("fighter") == pl.col("hero_fighter"))
                         .group_by("h").agg(pl.col("health").max().alias("seen")))
    first = sides.select("gs", "h", pl.lit(0, pl.Int32).alias("turn"), pl.lit(0, pl.Int64).alias("k"))
    h_real = (hrows.filter(pl.col("turn") <= T).group_by("gs", "turn")
              .agg(pl.col("health").sort_by("seq").last().alias("value"), pl.col("h").first())
              .with_columns(pl.lit(1, pl.Int64).alias("k")))
    h_steps = _in_order(pl.concat([first.with_columns(pl.lit(START, pl.Int64).alias("value")), h_real],
                                  how="diagonal_relaxed"))
    parts["health"].append(_step_deltas(h_steps, T))

    # --- damage dealt: suffered by a foe and counted as dealt by this side (``_dealer``), except
    # self-inflicted sources
    dmg = _dealer(sub.filter(pl.col("kind") == "damage"), foes)
    d_real = (dmg.filter(~pl.col("detail").is_in(SELF_INFLICTED) & (pl.col("turn") <= T) & pl.col("dealer").is_not_null())
              .group_by(pl.col("dealer").alias("gs"), "turn").agg(pl.col("amount").sum().alias("value"))
              .join(sides.select("gs", "h"), on="gs").with_columns(pl.lit(1, pl.Int64).alias("k")))
    d_steps = _in_order(pl.concat([first.with_columns(pl.lit(0, pl.Int64).alias("value")), d_real],
                                  how="diagonal_relaxed"))
    # running total within each (game, side): the total so far minus the total before its first step
    total = pl.col("value").cum_sum()
    d_steps = d_steps.with_columns(
        (total - pl.when(pl.col("k") == 0).then(total - pl.col("value")).otherwise(None).forward_fill()).alias("value"))
    parts["dealt"].append(_step_deltas(d_steps, T))

    # --- damage by source: (victim's hero, the dealer's hero (null: no dealer), source)
    parts["sources"].append(
        dmg.group_by("gs", "dealer", pl.col("detail").fill_null("unknown").alias("source")).agg(pl.col("amount").sum())
        .join(sides.select("gs", "h"), on="gs")
        .join(sides.select(pl.col("gs").alias("dealer"), pl.col("h").alias("o")), on="dealer", how="left")
        .group_by("h", "o", "source").agg(pl.col("amount").sum()))

    # --- exhaustion: per (game, side), reduced to counts by hero
    ex = (sub.filter(pl.col("kind").is_in(("deck_empty", "exhausted"))
                     | ((pl.col("kind") == "damage") & (pl.col("detail") == "exhaustion")))
          .group_by("gs").agg(
              pl.col("turn").filter(pl.col("kind") == "deck_empty").min().alias("deck_empty_turn"),
              pl.col("amount").filter(pl.col("kind") == "exhausted").sum().alias("cards_short"),
              pl.col("amount").filter(pl.col("kind") == "damage").sum().alias("exhaustion_damage")))
    parts["exhaustion"].append(
        sides.join(ex, on="gs", how="left")
        .group_by("h", "deck_empty_turn", "won", (pl.col("cards_short").fill_null(0) > 0).alias("exhausted"))
        .agg(pl.len().alias("n"), pl.col("exhaustion_damage").fill_null(0).sum()))


def _in_order(steps: pl.DataFrame) -> pl.DataFrame:
    """Steps sorted by (game, side), turn, and the starting step (k=0) first, by one integer key."""
    return steps.sort(pl.col("gs") * (1 << 22) + pl.col("turn").cast(pl.Int64) * 2 + pl.col("k"))


def _step_deltas(steps: pl.DataFrame, T: int) -> pl.DataFrame:
    """Histogram deltas of step functions. ``steps``: gs, h, turn, k, value — the value a
    (game, side) ``gs`` holds from ``turn`` until its next step, sorted by (gs, turn, k). Each
    step adds 1 to the count of (h, value) at its turn and takes it away at the next step's turn,
    so a running sum over turns gives how many (game, side)s hold each value at each turn."""
    same = pl.col("gs").shift(-1) == pl.col("gs")
    steps = steps.with_columns(pl.when(same).then(pl.col("turn").shift(-1)).otherwise(T + 1).alias("until"))
    return (pl.concat([steps.select("h", "value", "turn", pl.lit(1, pl.Int64).alias("d")),
                       steps.select("h", "value", pl.col("until").alias("turn"), pl.lit(-1, pl.Int64).alias("d"))])
            .filter(pl.col("turn") <= T)
            .group_by("h", "value", "turn").agg(pl.col("d").sum()))


def histogram(deltas: pl.DataFrame, T: int) -> pl.DataFrame:
    """h, turn, value, n (game-sides holding ``value`` after ``turn``) from summed step deltas."""
    turns = pl.DataFrame({"turn": pl.int_range(0, T + 1, eager=True)}).cast(pl.Int32)
    return (deltas.select("h", "value").unique().join(turns, how="cross")
            .join(deltas.with_columns(pl.col("turn").cast(pl.Int32)), on=["h", "value", "turn"], how="left")
            .sort("h", "value", "turn")
            .with_columns(pl.col("d").fill_null(0).cum_sum().over("h", "value").alias("n"))
            .filter(pl.col("n") > 0).select("h", "turn", "value", "n"))
