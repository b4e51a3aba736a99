"""One pass over the event log, slice by slice, reduced to small tables (not part of the public API).

Damage curves, starting health, damage by source, exhaustion and hero names all need the same few
event kinds per game. The pass reads, for a slice of about ``GAMES_PER_SLICE`` games, only those
rows and columns, computes what each table needs for those games, reduces it to counts and sums
by hero, and moves on: memory is bounded by the slice, not by the run.
"""

from __future__ import annotations

from collections import defaultdict

import polars as pl

from unmatched_sim.analysis.players import players
from unmatched_sim.analysis.run import Run
from unmatched_sim.log import SLOTS

#: damage sources a side inflicts on itself. Only read for a log made before damage rows named their
#: cause (no ``by_player`` column): there, damage from these sources is nobody's dealt damage
#: (exhaustion) or the side's own (misery busts). A log with ``by_player`` is read by its cause.
SELF_INFLICTED = ("exhaustion", "misery_bust")
#: who caused a damage, as the analyses count it (``cause`` in ``attribute``): a foe of the victim,
#: the victim's own side (its own cards or ability, or a teammate's), or nobody (exhaustion)
CAUSES = ("foe", "self", "none")
HEALTH_KINDS = ("damage", "recover", "set_health")
#: the source kind a log made before the kinds were told apart gave every card effect's damage
#: (and, without a card, Medusa's Gaze, spells and miseries): read as ``card`` when it names one
LEGACY_EFFECT = "effect"
PASS_KINDS = HEALTH_KINDS + ("deck_empty", "exhausted")
#: games per slice (each slice's rows of the kinds above are held in memory at once)
GAMES_PER_SLICE = 5_000
_SLOT = {s: i for i, s in enumerate(SLOTS)}


def source_kind() -> pl.Expr:
    """A damage row's source kind (``detail``), a log of the older vocabulary read in the current
    one: its ``effect`` that names a card is that card's (``card``); one naming none stays an
    unnamed ``effect``."""
    return (pl.when((pl.col("detail") == LEGACY_EFFECT) & pl.col("card").is_not_null()).then(pl.lit("card"))
            .otherwise(pl.col("detail")))


def _gs(game: str, player: str) -> pl.Expr:
    """One integer per (game, player): quick to join and sort on (null for no player)."""
    return pl.col(game) * len(SLOTS) + pl.col(player).replace_strict(_SLOT, return_dtype=pl.Int64)


class _Unordered(Exception):
    """A file held games outside the range its position implied: slice by exact ranges instead."""


def default_max_turn(run: Run, share: float = 0.95) -> int:
    """The turn by which ``share`` of the games are over (at least 1)."""
    turns = run.sides().filter(pl.col("player") == "a")["turns"]
    return max(1, int(turns.quantile(share, interpolation="higher") or 1))


def default_pass(run: Run, max_turn: int | None = None) -> dict:
    """``event_pass`` up to ``max_turn``, by default the turn by which 95% of the games are over."""
    return event_pass(run, max_turn if max_turn is not None else default_max_turn(run))


def label_heroes(run: Run, df: pl.DataFrame, *cols: str) -> pl.DataFrame:
    """Columns ``cols`` of a pass table (indexes of ``run.heroes()``) as hero ids."""
    heroes = dict(enumerate(run.heroes()))
    return df.with_columns(pl.col(c).replace_strict(heroes, return_dtype=pl.Utf8) for c in cols)


def event_pass(run: Run, max_turn: int) -> dict:
    """The reduced tables, keyed by name (cached per ``max_turn``):

    ``names`` (h, fighter, n), ``start`` (h, start_health: all its hero fighters' added up), ``dealt``
    and ``health`` (h, value, turn, d: step deltas, summed), ``sources`` (h, o, cause, source,
    card, amount: damage h's side took, who caused it (``attribute``) and the hero ``o`` of the foe it
    counts as dealt by; null: no foe), ``exhaustion``
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
    # every player of a game (``players``: a free-for-all or team game's four slots, a duel's two)
    sides_all = players(run).select(
        "game_id", _gs("game_id", "player").alias("gs"),
        pl.col("hero").replace_strict(code, return_dtype=pl.Int16).alias("h"), "won")
    foes = _foes(run)
    logged = "by_player" in run.events.collect_schema()
    by_player = pl.col("by_player") if logged else pl.lit(None, pl.Utf8)
    parts: dict[str, list[pl.DataFrame]] = defaultdict(list)
    for lo, hi, ev, checked in run.slices(GAMES_PER_SLICE, exact=exact):
        sub = run.collect(
            ev.filter(pl.col("kind").is_in(PASS_KINDS) | ((pl.col("kind") == "place") & (pl.col("turn") == 0)))
            .select("game_id", "seq", pl.col("turn").cast(pl.Int32), "kind", "fighter",
                    pl.col("amount").cast(pl.Int64), pl.col("health").cast(pl.Int64),
                    pl.when(pl.col("kind") == "damage").then(source_kind()).otherwise(pl.col("detail")).alias("detail"),
                    "card", _gs("game_id", "player").alias("gs"), by_player.alias("by_player")))
        if not checked and sub.height and (sub["game_id"].min() < lo or sub["game_id"].max() > hi):
            raise _Unordered
        sides = sides_all.filter(pl.col("game_id").is_between(lo, hi))
        _slice(sub, sides, foes.filter(pl.col("game_id").is_between(lo, hi)), T, parts, logged)
        del sub
        for name, frames in parts.items():           # keep the running totals small
            if len(frames) >= 8:
                parts[name] = [_reduce(name, pl.concat(frames))]

    final = (_final_healths(run).group_by("hero").agg(pl.col("h").max().cast(pl.Int64).alias("final"))
             .select(pl.col("hero").replace_strict(code, return_dtype=pl.Int16).alias("h"), "final"))
    # a hero of several fighters (the Wayward Sisters) has ``nf`` copies of one fighter: its
    # starting health is theirs added up (the side is beaten only when all of them are)
    seen = (_concat(parts["seen"], {"h": pl.Int16, "seen": pl.Int64, "nf": pl.Int64})
            .group_by("h").agg(pl.col("seen").max(), pl.col("nf").max()))
    start = (pl.DataFrame({"h": list(range(len(heroes)))}, schema={"h": pl.Int16})
             .join(seen, on="h", how="left").join(final, on="h", how="left")
             .with_columns(pl.col("nf").fill_null(1))
             .with_columns(pl.max_horizontal("seen", (pl.col("final") + pl.col("nf") - 1) // pl.col("nf")).alias("each"))
             .select("h", (pl.col("each") * pl.col("nf")).alias("start_health"), "each"))
    delta_schema = {"h": pl.Int16, "value": pl.Int64, "turn": pl.Int32, "d": pl.Int64}
    # a health step holds the known health of the hero fighters seen so far (``value``) and how
    # many are still at their starting health (``u``)
    health = (_concat(parts["health"], {**delta_schema, "u": pl.Int64}).join(start, on="h", how="left")
              .with_columns((pl.col("value") + pl.col("u") * pl.col("each")).alias("value"))
              .group_by("h", "value", "turn").agg(pl.col("d").sum()))
    start = start.drop("each")
    return {
        "names": _concat(parts["names"], {"h": pl.Int16, "fighter": pl.Utf8, "n": pl.UInt32})
        .group_by("h", "fighter").agg(pl.col("n").sum()),
        "start": start,
        "dealt": _concat(parts["dealt"], delta_schema).group_by("h", "value", "turn").agg(pl.col("d").sum()),
        "health": health,
        "sources": _concat(parts["sources"], {"h": pl.Int16, "o": pl.Int16, "cause": pl.Utf8, "source": pl.Utf8,
                                              "card": pl.Utf8, "amount": pl.Int64})
        .group_by("h", "o", "cause", "source", "card").agg(pl.col("amount").sum()),
        "exhaustion": _concat(parts["exhaustion"], {"h": pl.Int16, "deck_empty_turn": pl.Int32, "won": pl.Boolean,
                                                    "exhausted": pl.Boolean, "n": pl.Int64,
                                                    "exhaustion_damage": pl.Int64})
        .group_by("h", "deck_empty_turn", "won", "exhausted").agg(pl.col("n").sum(), pl.col("exhaustion_damage").sum()),
    }


_SUMS = {"names": (["h", "fighter"], ["n"]), "seen": (["h"], []), "health": (["h", "value", "u", "turn"], ["d"]),
         "dealt": (["h", "value", "turn"], ["d"]), "sources": (["h", "o", "cause", "source", "card"], ["amount"]),
         "exhaustion": (["h", "deck_empty_turn", "won", "exhausted"], ["n", "exhaustion_damage"])}


def _reduce(name: str, df: pl.DataFrame) -> pl.DataFrame:
    keys, sums = _SUMS[name]
    if name == "seen":
        return df.group_by(keys).agg(pl.col("seen").max(), pl.col("nf").max())
    return df.group_by(keys).agg(pl.col(c).sum() for c in sums)


def _concat(frames: list[pl.DataFrame], schema: dict) -> pl.DataFrame:
    frames = [f.select([pl.col(c).cast(t) for c, t in schema.items()]) for f in frames]
    return pl.concat(frames) if frames else pl.DataFrame(schema=schema)


def _final_healths(run: Run) -> pl.DataFrame:
    """hero, h: each player's hero health at the game's end (a multi-player game's every slot,
    from ``lineup`` and ``healths``; a duel's two)."""
    duel = run.collect(run.games.select(
        pl.concat([pl.struct(hero=pl.col("hero_a"), h=pl.col("health_a").cast(pl.Int64)),
                   pl.struct(hero=pl.col("hero_b"), h=pl.col("health_b").cast(pl.Int64))]).alias("s")),
        "games").unnest("s")
    schema = run.games.collect_schema()
    if "lineup" not in schema or "healths" not in schema:
        return duel
    multi = (run.collect(run.games.select("lineup", "healths").filter(pl.col("lineup").is_not_null()), "games")
             .explode("lineup", "healths")
             .select(pl.col("lineup").alias("hero"), pl.col("healths").cast(pl.Int64).alias("h")))
    return pl.concat([duel, multi]).filter(pl.col("hero").is_not_null())


def _foes(run: Run) -> pl.DataFrame:
    """game_id, gs (a player), foe_gs (a foe of that player), sole (it is the player's only foe)."""
    f = run.foes().select("game_id", _gs("game_id", "player").alias("gs"), _gs("game_id", "foe").alias("foe_gs"))
    return f.with_columns((pl.len().over("gs") == 1).alias("sole"))


def hero_fighters(places: pl.DataFrame, key: str | list[str] = "gs") -> pl.DataFrame:
    """Each side's hero fighters from its setup ``place`` rows (``key`` columns, ``seq``,
    ``fighter``, ``health``): one row per (key, fighter) with ``start`` (its health as placed; null
    if the log did not say) and ``first`` (the side's first fighter placed).

    At setup the engine places every side's hero before any sidekick, so a side's first ``place``
    row is its hero. A hero of several fighters (``count`` in the hero file: the Wayward Sisters)
    names them "Sister 1", "Sister 2", "Sister 3"; its other heroes are placed like sidekicks, so
    they are found by name: every fighter of the side numbered like the first ("<name> <k>")."""
    keys = [key] if isinstance(key, str) else list(key)
    p = places.select(*keys, "seq", "fighter", "health").sort("seq").unique([*keys, "fighter"], keep="first",
                                                                            maintain_order=True)
    first = p.group_by(keys).agg(pl.col("fighter").first().alias("_first"))
    return (p.join(first, on=keys)
            .filter((pl.col("fighter") == pl.col("_first"))
                    | (pl.col("fighter").str.extract(r"^(.*) \d+$", 1) == pl.col("_first").str.extract(r"^(.*) 1$", 1))
                    .fill_null(False))
            .select(*keys, "fighter", pl.col("health").cast(pl.Int64).alias("start"),
                    (pl.col("fighter") == pl.col("_first")).alias("first")))


def attribute(dmg: pl.DataFrame, foes: pl.DataFrame, logged: bool = True) -> pl.DataFrame:
    """``dmg`` (with ``gs``, ``game_id``, ``by_player``, ``detail``) with ``cause`` and ``dealer``.

    ``cause`` is who the log names as the damage's cause (``by_player``): ``"foe"`` (a foe of the
    victim; ``dealer`` is that foe's (game, player), the damage counts as dealt by it), ``"self"``
    (the victim's own player or a teammate: Annie Christmas's, Titania's or Shakespeare's cards
    that hurt their own fighters, Hamlet's NOT TO BE, Pandora's misery busts) or ``"none"`` (the
    log names nobody: exhaustion). Self-inflicted and
    unattributed damage is never anyone's dealt damage.

    A log made before damage rows named their cause (``logged`` False: no ``by_player`` column)
    is read as those logs always were: exhaustion is nobody's, misery busts are the side's own,
    and any other damage counts as dealt by the victim's only foe (nobody's if it has several)."""
    named = foes.select("gs", pl.col("foe_gs").alias("by_gs"), pl.lit(True).alias("by_foe"))
    out = dmg.with_columns(_gs("game_id", "by_player").alias("by_gs")).join(named, on=["gs", "by_gs"], how="left")
    if logged:
        return (out.with_columns(
            pl.when(pl.col("by_foe")).then(pl.lit("foe")).when(pl.col("by_player").is_not_null()).then(pl.lit("self"))
            .otherwise(pl.lit("none")).alias("cause"),
            pl.when(pl.col("by_foe")).then(pl.col("by_gs")).otherwise(None).alias("dealer"))
            .drop("by_gs", "by_foe"))
    sole = foes.filter(pl.col("sole")).select("gs", pl.col("foe_gs").alias("sole_gs"))
    return (out.join(sole, on="gs", how="left").with_columns(
        pl.when(pl.col("detail") == "misery_bust").then(pl.lit("self"))
        .when((pl.col("detail") == "exhaustion") | pl.col("sole_gs").is_null()).then(pl.lit("none"))
        .otherwise(pl.lit("foe")).alias("cause"))
        .with_columns(pl.when(pl.col("cause") == "foe").then(pl.col("sole_gs")).otherwise(None).alias("dealer"))
        .drop("by_gs", "by_foe", "sole_gs"))


def _slice(sub: pl.DataFrame, sides: pl.DataFrame, foes: pl.DataFrame, T: int, parts: dict,
           logged: bool = True) -> None:
    # ``gs``: one integer per (game, player), see ``_gs``
    # each side's hero fighters (``hero_fighters``: its first fighter placed at setup, and the
    # other Sisters of the Wayward Sisters); a side, not a name: names repeat in a mirror
    hfs = (hero_fighters(sub.filter(pl.col("kind") == "place")).join(sides.select("gs", "h"), on="gs")
           .rename({"fighter": "hero_fighter"}))
    parts["names"].append(hfs.filter(pl.col("first")).group_by("h", pl.col("hero_fighter").alias("fighter"))
                          .agg(pl.len().alias("n")))
    nf = hfs.group_by("gs").agg(pl.len().cast(pl.Int64).alias("nf"))

    # --- the hero fighters' health: highest seen (for the starting health) and steps by turn
    hrows = (sub.filter(pl.col("kind").is_in(HEALTH_KINDS))
             .join(hfs.select("gs", pl.col("hero_fighter").alias("fighter"), "h"), on=["gs", "fighter"]))
    parts["seen"].append(hrows.group_by("h").agg(
        pl.when(pl.col("kind") == "damage").then(pl.col("health") + pl.col("amount").fill_null(0))
        .otherwise(pl.col("health")).max().alias("seen"), pl.lit(None, pl.Int64).alias("nf")))
    # the setup `place` rows carry each hero fighter's health as placed: its starting health
    parts["seen"].append(hfs.join(nf, on="gs").group_by("h").agg(pl.col("start").max().alias("seen"),
                                                                 pl.col("nf").max()))
    first = (sides.select("gs", "h", pl.lit(0, pl.Int32).alias("turn"), pl.lit(0, pl.Int64).alias("k"))
             .join(nf, on="gs", how="left").with_columns(pl.col("nf").fill_null(1)))
    # each hero fighter's health after each turn it changed; a step changes the side's known
    # health by the fighter's change (its whole health the first time it is seen, when one fewer
    # fighter is still at its starting health)
    per = (hrows.filter(pl.col("turn") <= T).group_by("gs", "fighter", "turn")
           .agg(pl.col("health").sort_by("seq").last(), pl.col("h").first()).sort("gs", "fighter", "turn")
           .with_columns(pl.col("health").shift(1).over("gs", "fighter").alias("prev")))
    h_real = (per.group_by("gs", "turn").agg(
        pl.col("h").first(), (pl.col("health") - pl.col("prev").fill_null(0)).sum().alias("value"),
        (-pl.col("prev").is_null().cast(pl.Int64)).sum().alias("u"))
        .with_columns(pl.lit(1, pl.Int64).alias("k")))
    h_steps = _in_order(pl.concat([first.select("gs", "h", "turn", "k", pl.lit(0, pl.Int64).alias("value"),
                                                pl.col("nf").alias("u")), h_real], how="diagonal_relaxed"))
    h_steps = _running(h_steps, "value", "u")
    parts["health"].append(_step_deltas(h_steps, T, "u"))

    # --- damage dealt: suffered by a foe and caused by this side (``attribute``)
    dmg = attribute(sub.filter(pl.col("kind") == "damage"), foes, logged)
    d_real = (dmg.filter((pl.col("cause") == "foe") & (pl.col("turn") <= T))
              .group_by(pl.col("dealer").alias("gs"), "turn").agg(pl.col("amount").sum().alias("value"))
              .join(sides.select("gs", "h"), on="gs").with_columns(pl.lit(1, pl.Int64).alias("k")))
    d_steps = _in_order(pl.concat([first.select("gs", "h", "turn", "k", pl.lit(0, pl.Int64).alias("value")), d_real],
                                  how="diagonal_relaxed"))
    parts["dealt"].append(_step_deltas(_running(d_steps, "value"), T))

    # --- damage by source: (victim's hero, the dealer's hero (null: no foe dealt it), cause, source)
    parts["sources"].append(
        dmg.group_by("gs", "dealer", "cause", pl.col("detail").fill_null("unknown").alias("source"), "card")
        .agg(pl.col("amount").sum())
        .join(sides.select("gs", "h"), on="gs")
        .join(sides.select(pl.col("gs").alias("dealer"), pl.col("h").alias("o")), on="dealer", how="left")
        .group_by("h", "o", "cause", "source", "card").agg(pl.col("amount").sum()))

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


def _running(steps: pl.DataFrame, *cols: str) -> pl.DataFrame:
    """``cols`` summed so far within each (game, side) of steps sorted by ``_in_order`` (each
    side's starting step, k=0, first): the running total minus the total before its first step."""
    def run(c):
        total = pl.col(c).cum_sum()
        return (total - pl.when(pl.col("k") == 0).then(total - pl.col(c)).otherwise(None).forward_fill()).alias(c)
    return steps.with_columns(run(c) for c in cols)


def _step_deltas(steps: pl.DataFrame, T: int, *extra: str) -> pl.DataFrame:
    """Histogram deltas of step functions. ``steps``: gs, h, turn, k, value (and ``extra``
    columns, kept as keys) — the value a (game, side) ``gs`` holds from ``turn`` until its next
    step, sorted by (gs, turn, k). Each step adds 1 to the count of (h, value) at its turn and
    takes it away at the next step's turn, so a running sum over turns gives how many (game,
    side)s hold each value at each turn."""
    same = pl.col("gs").shift(-1) == pl.col("gs")
    steps = steps.with_columns(pl.when(same).then(pl.col("turn").shift(-1)).otherwise(T + 1).alias("until"))
    return (pl.concat([steps.select("h", "value", *extra, "turn", pl.lit(1, pl.Int64).alias("d")),
                       steps.select("h", "value", *extra, pl.col("until").alias("turn"), pl.lit(-1, pl.Int64).alias("d"))])
            .filter(pl.col("turn") <= T)
            .group_by("h", "value", *extra, "turn").agg(pl.col("d").sum()))


def histogram(deltas: pl.DataFrame, T: int) -> pl.DataFrame:
    """h, turn, value, n (game-sides holding ``value`` after ``turn``) from summed step deltas."""
    turns = pl.DataFrame({"turn": pl.int_range(0, T + 1, eager=True)}).cast(pl.Int32)
    return (deltas.select("h", "value").unique().join(turns, how="cross")
            .join(deltas.with_columns(pl.col("turn").cast(pl.Int32)), on=["h", "value", "turn"], how="left")
            .sort("h", "value", "turn")
            .with_columns(pl.col("d").fill_null(0).cum_sum().over("h", "value").alias("n"))
            .filter(pl.col("n") > 0).select("h", "turn", "value", "n"))
