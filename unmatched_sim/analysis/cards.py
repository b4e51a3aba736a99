"""Per-card statistics: ``cards(run)`` — how each hero's cards are drawn, played and discarded,
how games go when they are played, and the damage they deal and prevent.

Read from the event log, side by side: every row belongs to a player (side), whose hero comes from
``Run.sides()``. A card counts for the hero whose deck it belongs to (the cards that hero's sides
draw); a card of one hero played by the other (Loki's TRICKs in the opponent's hand) is left out
of both. Mirror matches are left out when the run has other games (as in the ranking), so a win
rate says how the card does against other heroes.

Columns (one row per hero and card):

* ``hero``, ``card``, ``hero_games`` — games of that hero counted
* ``drawn`` (cards drawn in play, not the opening hand), ``opening`` (copies in the opening hand,
  or null when opening hands cannot be rebuilt; see ``opening_hands``), ``attack``, ``defense``,
  ``scheme``, ``boost`` (times played each way), ``plays`` (their sum), ``discarded`` (discarded
  from hand for any reason other than a BOOST)
* per hero-game: ``drawn_per_game``, ``plays_per_game``
* ``games_played``, ``played_win_rate`` (+ ``played_ci_low``/``_high``): the hero's win rate in
  games in which it played the card at least once; ``not_played_win_rate`` the rest;
  ``played_minus_not`` the difference (an association, not a cause)
* ``games_drawn``, ``drawn_win_rate``: games in which the card was in hand at some point (opening
  hand or drawn)
* ``win_rate_per_play``: each play weighted by the game's result (HSReplay's per-play rate)
* ``damage_per_play``: combat damage dealt by the card as an attack card plus damage its effects
  dealt to opposing fighters, per play; ``prevented_per_defense``: combat damage a defense card
  stopped (the smaller of the attack value and its value), per defense play
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import polars as pl

from unmatched_sim.analysis._common import with_ci
from unmatched_sim.analysis.players import players
from unmatched_sim.analysis.run import Run, RunLike, as_run

KINDS = ("draw", "reveal", "scheme", "boost", "discard", "combat_result", "damage", "attack")
STARTING_HAND = 5
GAMES_PER_SLICE = 2_000
#: "drawn by turn N": cards in the opening hand or drawn by the end of this game turn (every
#: player's turn counted: a duel player's third turn)
DRAWN_BY_TURN = 6
#: games whose opening hands are checked against the log
CHECK_GAMES = 2_000


def _slice_counts(ev: pl.DataFrame) -> pl.DataFrame:
    """Per (game_id, player, card): draws, plays by kind, discards, damage dealt and prevented."""
    ev = ev.sort("game_id", "seq").with_columns(
        (pl.col("kind") == "attack").cast(pl.Int32).cum_sum().over("game_id").alias("cid"))
    plays = ev.filter(pl.col("kind").is_in(("reveal", "scheme", "boost")) & pl.col("card").is_not_null()).with_columns(
        pl.when(pl.col("kind") == "reveal").then(pl.col("detail")).otherwise(pl.col("kind")).alias("how"))
    # combat: the result of the combat each revealed card was in
    cr = (ev.filter(pl.col("kind") == "combat_result")
          .with_columns(pl.col("detail").str.split_exact("-", 1).alias("v"))
          .unnest("v")
          .select("game_id", "cid", pl.col("player").alias("won_by"), pl.col("amount").cast(pl.Int64).alias("combat_damage"),
                  pl.col("field_0").cast(pl.Int64, strict=False).alias("att"),
                  pl.col("field_1").cast(pl.Int64, strict=False).alias("dfn"))
          .unique(["game_id", "cid"], keep="last"))
    rev = plays.filter(pl.col("kind") == "reveal").join(cr, on=["game_id", "cid"], how="left")
    combat = rev.select(
        "game_id", "player", "card",
        pl.when((pl.col("how") == "attack") & (pl.col("won_by") == pl.col("player")))
        .then(pl.col("combat_damage")).otherwise(0).fill_null(0).alias("dealt"),
        pl.when(pl.col("how") == "defense").then(pl.min_horizontal("att", "dfn")).otherwise(0)
        .fill_null(0).alias("prevented"))
    # effect damage: a damage row naming a card belongs to the latest play of that card
    dmg = ev.filter((pl.col("kind") == "damage") & pl.col("card").is_not_null() & (pl.col("detail") != "combat"))
    eff = pl.DataFrame(schema={"game_id": pl.Int64, "player": pl.Utf8, "card": pl.Utf8, "dealt": pl.Int64,
                               "prevented": pl.Int64})
    if dmg.height and plays.height:
        p = plays.select("game_id", "card", "seq", pl.col("player").alias("by")).sort("seq")
        d = dmg.select("game_id", "card", "seq", pl.col("player").alias("victim"),
                       pl.col("amount").cast(pl.Int64)).sort("seq")
        with warnings.catch_warnings():          # both sides are sorted by seq within each group
            warnings.simplefilter("ignore")
            j = d.join_asof(p, on="seq", by=["game_id", "card"], strategy="backward")
        j = j.filter(
            pl.col("by").is_not_null() & (pl.col("by") != pl.col("victim")))
        eff = j.select("game_id", pl.col("by").alias("player"), "card", pl.col("amount").alias("dealt"),
                       pl.lit(0, pl.Int64).alias("prevented"))
    damage = (pl.concat([combat.with_columns(pl.col("dealt").cast(pl.Int64), pl.col("prevented").cast(pl.Int64)), eff])
              .group_by("game_id", "player", "card").agg(pl.col("dealt").sum(), pl.col("prevented").sum()))
    counts = (ev.filter(pl.col("card").is_not_null() & pl.col("kind").is_in(("draw", "reveal", "scheme", "boost", "discard")))
              .with_columns(pl.when(pl.col("kind") == "reveal").then(pl.col("detail")).otherwise(pl.col("kind")).alias("how"))
              .filter(~((pl.col("how") == "discard") & (pl.col("detail") == "boost")))
              .group_by("game_id", "player", "card").agg(
                  *[(pl.col("how") == h).sum().cast(pl.Int64).alias(h)
                    for h in ("draw", "attack", "defense", "scheme", "boost", "discard")],
                  ((pl.col("how") == "draw") & (pl.col("turn") <= DRAWN_BY_TURN)).sum().cast(pl.Int64)
                  .alias("draw_early")))
    return counts.join(damage, on=["game_id", "player", "card"], how="full", coalesce=True).with_columns(
        pl.col(*COUNTS).fill_null(0))


def card_games(run: RunLike) -> pl.DataFrame:
    """Per (game, player, card) counts: game_id, player, card, draw, attack, defense, scheme,
    boost, discard, dealt, prevented, and opening (copies in the opening hand, null if opening
    hands cannot be rebuilt). The whole run at once: for a notebook on a small run (``cards``
    reduces slice by slice instead)."""
    run = as_run(run)
    deals, _why = _opening_deals(run)
    parts = _by_slice(run, False, lambda lo, hi, c: _with_opening(c, deals, lo, hi))
    if parts is None:
        parts = _by_slice(run, True, lambda lo, hi, c: _with_opening(c, deals, lo, hi))
    return pl.concat(parts) if parts else _with_opening(_slice_counts(_EMPTY), deals, 0, -1)


_EMPTY = pl.DataFrame(schema={"game_id": pl.Int64, "seq": pl.Int32, "turn": pl.Int16, "player": pl.Utf8, "kind": pl.Utf8,
                              "card": pl.Utf8, "amount": pl.Int16, "detail": pl.Utf8})
COUNTS = ("draw", "attack", "defense", "scheme", "boost", "discard", "dealt", "prevented", "draw_early")


def _with_opening(counts: pl.DataFrame, deals, lo: int, hi: int) -> pl.DataFrame:
    if deals is None:
        return counts.with_columns(pl.lit(None, pl.Int64).alias("opening"))
    per_game, hands = deals
    op = (per_game.filter(pl.col("game_id").is_between(lo, hi)).join(hands, on="d")
          .group_by("game_id", "player", "card").agg(pl.len().cast(pl.Int64).alias("opening")))
    return counts.join(op, on=["game_id", "player", "card"], how="full", coalesce=True).with_columns(
        pl.col(*COUNTS, "opening").fill_null(0))


def _by_slice(run: Run, exact: bool, reduce) -> list[pl.DataFrame] | None:
    """``reduce(lo, hi, counts)`` for each slice of games; None if the files' games turn out not to
    be in order (then call again with ``exact=True``)."""
    parts = []
    for lo, hi, ev, checked in run.slices(GAMES_PER_SLICE, exact=exact):
        sub = run.collect(ev.filter(pl.col("kind").is_in(KINDS)).select(
            "game_id", "seq", "turn", "player", "kind", "card", "amount", "detail"))
        if not checked and sub.height and (sub["game_id"].min() < lo or sub["game_id"].max() > hi):
            return None
        parts.append(reduce(lo, hi, _slice_counts(sub)))
        del sub
    return parts


# --------------------------------------------------------------------------- opening hands
def opening_hands(run: RunLike) -> tuple[pl.DataFrame | None, str]:
    """Each side's opening hand as (game_id, player, card, opening = copies), or None and why
    not; see ``_opening_deals``."""
    run = as_run(run)
    deals, why = _opening_deals(run)
    if deals is None:
        return None, why
    per_game, hands = deals
    return (per_game.join(hands, on="d").group_by("game_id", "player", "card")
            .agg(pl.len().cast(pl.Int64).alias("opening"))), why


def _opening_deals(run: Run) -> tuple[tuple[pl.DataFrame, pl.DataFrame] | None, str]:
    """Each side's opening hand, cached: ((game_id, player, d), (d, card) rows of each deal d), rebuilt from the
    game seed and the hero files (the log's ``setup`` row does not list the cards). A side's deck
    is shuffled by ``random.Random(f"{seed}:{side}")`` and the hand is its last five cards; the
    rebuild is checked against the log on the first ``CHECK_GAMES`` games (each side's first draw
    must be the next card of the rebuilt deck) and refused if any disagrees. Returns (table or None, why not)."""
    if "opening_deals" not in run._cache:
        run._cache["opening_deals"] = _rebuild_deals(run)
    return run._cache["opening_deals"]


def _rebuild_deals(run: Run) -> tuple[tuple[pl.DataFrame, pl.DataFrame] | None, str]:
    files = run.meta.get("hero_files") or {}
    if not files:
        return None, "the run does not record its hero files"
    from unmatched_sim.errors import UserError
    from unmatched_sim.overrides import load_hero, parse_overrides
    try:
        ovs = parse_overrides(run.meta.get("overrides") or [])
        decks = {}
        for hid, f in files.items():
            hero = load_hero(Path(f["path"]), ovs, f.get("sha256", ""))
            decks[hid] = [c.name for c in hero.cards for _ in range(c.copies)]
    except (UserError, OSError) as e:
        return None, f"the hero files cannot be read as they were for this run ({str(e).splitlines()[0]})"
    # each player's deck is shuffled by a stream keyed by its slot, in every format
    sides = players(run).select("game_id", "seed", "player", "hero")
    games = sides.select("game_id").unique()
    missing = sorted(set(sides["hero"].unique().to_list()) - set(decks))
    if missing:
        return None, f"hero {missing[0]} has no file in run.json"
    # every seating of a seed deals each slot the same cards: one shuffle per (seed, slot, hero)
    deals = sides.select("seed", "player", "hero").unique(maintain_order=True).with_row_index("d")
    d_col, card_col, nexts = [], [], []          # flat columns: cheap to build, no list dtype
    for d, seed, side, hid in deals.iter_rows():
        deck = decks[hid][:]
        random.Random(f"{seed}:{side}").shuffle(deck)
        hand = deck[-STARTING_HAND:]
        d_col.extend([d] * len(hand))
        card_col.extend(hand)
        nexts.append(deck[-STARTING_HAND - 1] if len(deck) > STARTING_HAND else None)
    deals = deals.with_columns(pl.Series("next_card", nexts, dtype=pl.Utf8))
    hands = pl.DataFrame({"d": d_col, "card": card_col}, schema={"d": deals.schema["d"], "card": pl.Utf8})
    per_game = sides.join(deals, on=["seed", "player", "hero"]).select("game_id", "player", "d", "next_card")
    # check: the first card each side takes from its deck, when it is a draw, is the next card
    # (on the first CHECK_GAMES games: enough to catch a changed setup, and cheap on a large run)
    upto = games["game_id"].sort().head(CHECK_GAMES).max()
    first = run.collect(run.events.filter(pl.col("game_id") <= upto)
                        .filter(pl.col("kind").is_in(("draw", "discard_from_deck", "put_on_deck", "return_to_deck")))
                        .group_by("game_id", "player").agg(pl.col("kind").sort_by("seq").first(),
                                                           pl.col("card").sort_by("seq").first()))
    checked_rows = first.filter(pl.col("kind") == "draw").join(per_game, on=["game_id", "player"])
    checked = checked_rows.height
    bad = checked_rows.filter(pl.col("card").ne_missing(pl.col("next_card"))).height
    if bad:
        return None, (f"the opening hands rebuilt from the seeds disagree with the log in {bad} of {checked} "
                      "games (the engine's setup has changed)")
    return (per_game.select("game_id", "player", "d"), hands), \
        f"rebuilt from the seeds and checked against the first draw of {checked:,} hands"


# --------------------------------------------------------------------------- the table
def cards(run: RunLike, hero: str | None = None) -> pl.DataFrame:
    """Per-card statistics, one row per (hero, card); see the module docstring for columns."""
    run = as_run(run)
    sides = _counted_players(run).select("game_id", "player", "hero", "won")
    deals, _why = _opening_deals(run)

    def reduce(lo, hi, counts):
        per = _with_opening(counts, deals, lo, hi).join(sides, on=["game_id", "player"])
        per = per.with_columns(
            (pl.col("attack") + pl.col("defense") + pl.col("scheme") + pl.col("boost")).alias("plays"),
            ((pl.col("draw") + pl.col("opening").fill_null(0)) > 0).alias("held"))
        return per.group_by("hero", "card").agg(
            pl.col("draw").sum().alias("drawn"), pl.col("opening").sum().alias("opening"),
            *[pl.col(c).sum() for c in ("attack", "defense", "scheme", "boost", "plays")],
            pl.col("discard").sum().alias("discarded"),
            (pl.col("plays") > 0).sum().cast(pl.Int64).alias("games_played"),
            ((pl.col("plays") > 0) & pl.col("won")).sum().cast(pl.Int64).alias("wins_played"),
            pl.col("held").sum().cast(pl.Int64).alias("games_drawn"),
            (pl.col("held") & pl.col("won")).sum().cast(pl.Int64).alias("wins_drawn"),
            (pl.col("plays") * pl.col("won").cast(pl.Int64)).sum().alias("play_wins"),
            pl.col("dealt").sum().alias("damage_dealt"), pl.col("prevented").sum().alias("damage_prevented"))

    parts = _by_slice(run, False, reduce)
    if parts is None:           # the files' games were not in order: slice by exact ranges
        parts = _by_slice(run, True, reduce)
    if not parts:
        parts = [reduce(0, -1, _slice_counts(_EMPTY))]
    sums = [c for c in parts[0].columns if c not in ("hero", "card")]
    agg = pl.concat(parts).group_by("hero", "card").agg(
        *[pl.col(c).sum() for c in sums if c != "opening"],
        pl.col("opening").sum() if deals is not None else pl.lit(None, pl.Int64).alias("opening"))
    # a card belongs to the hero whose sides draw it (or hold it in an opening hand)
    agg = agg.filter((pl.col("drawn") > 0) | (pl.col("opening").fill_null(0) > 0))
    hero_games = sides.group_by("hero").agg(pl.len().cast(pl.Int64).alias("hero_games"),
                                            pl.col("won").sum().cast(pl.Int64).alias("hero_wins"))
    agg = agg.join(hero_games, on="hero")
    agg = agg.with_columns(
        (pl.col("hero_games") - pl.col("games_played")).alias("games_not_played"),
        (pl.col("hero_wins") - pl.col("wins_played")).alias("wins_not_played"))
    agg = with_ci(agg, "wins_played", "games_played", "played_win_rate", "played_ci_low", "played_ci_high")
    agg = with_ci(agg, "wins_not_played", "games_not_played", "not_played_win_rate", "not_played_ci_low",
                  "not_played_ci_high")
    agg = with_ci(agg, "wins_drawn", "games_drawn", "drawn_win_rate", "drawn_ci_low", "drawn_ci_high")
    out = agg.with_columns(
        (pl.col("drawn") / pl.col("hero_games")).alias("drawn_per_game"),
        (pl.col("plays") / pl.col("hero_games")).alias("plays_per_game"),
        (pl.col("played_win_rate") - pl.col("not_played_win_rate")).alias("played_minus_not"),
        pl.when(pl.col("plays") > 0).then(pl.col("play_wins") / pl.col("plays")).alias("win_rate_per_play"),
        pl.when(pl.col("plays") > 0).then(pl.col("damage_dealt") / pl.col("plays")).alias("damage_per_play"),
        pl.when(pl.col("defense") > 0).then(pl.col("damage_prevented") / pl.col("defense")).alias("prevented_per_defense"),
    ).select("hero", "card", "hero_games", "drawn", "opening", "attack", "defense", "scheme", "boost", "plays",
             "discarded", "drawn_per_game", "plays_per_game", "games_played", "played_win_rate", "played_ci_low",
             "played_ci_high", "not_played_win_rate", "played_minus_not", "games_drawn", "drawn_win_rate",
             "drawn_ci_low", "drawn_ci_high", "win_rate_per_play", "damage_dealt", "damage_per_play",
             "damage_prevented", "prevented_per_defense").sort("hero", "plays", "card", descending=[False, True, False])
    return out.filter(pl.col("hero") == hero) if hero else out


def opening_note(run: RunLike) -> str:
    """Why opening-hand counts are (or are not) shown."""
    return _opening_deals(as_run(run))[1]


def _counted_players(run: Run) -> pl.DataFrame:
    """The players whose games count for their cards: mirror matches left out when the run has
    other games (so a rate says how a card does against other heroes)."""
    ps = players(run)
    return ps.filter(~pl.col("mirror")) if ps.filter(~pl.col("mirror")).height else ps


# --------------------------------------------------------------------------- card effects
#: the three moments a card's effect is read at, in HSReplay's manner
STATS = ("opening", "drawn", "played")
#: a statistic whose games with or without the card are fewer than this is shown greyed and
#: never named in the findings
SMALL = 40


def _indicators(counts: pl.DataFrame, deals, lo: int, hi: int, ps: pl.DataFrame) -> pl.DataFrame:
    """Per (game, player, card) of one slice: ``opening``, ``drawn``, ``played`` (null where
    opening hands are unknown), ``plays`` and ``own`` (the player held it: its hero's card)."""
    per = _with_opening(counts, deals, lo, hi).join(ps, on=["game_id", "player"])
    held = pl.col("opening").fill_null(0) > 0
    plays = pl.col("attack") + pl.col("defense") + pl.col("scheme") + pl.col("boost")
    known = deals is not None
    return per.select(
        "game_id", "player", "hero", "card",
        held.alias("opening") if known else pl.lit(None, pl.Boolean).alias("opening"),
        (held | (pl.col("draw_early") > 0)).alias("drawn") if known else pl.lit(None, pl.Boolean).alias("drawn"),
        (plays > 0).alias("played"), plays.alias("plays"), (held | (pl.col("draw") > 0)).alias("own"))


def card_indicators(run: RunLike) -> tuple[pl.DataFrame, bool]:
    """Per (game, player, card) of the counted players' own cards: ``opening`` (in the opening
    hand), ``drawn`` (in the opening hand or drawn by the end of game turn ``DRAWN_BY_TURN``),
    ``played`` (played at least once, as an attack, defense, scheme or BOOST), ``plays``; and
    whether opening hands could be rebuilt (without them ``opening`` and ``drawn`` are null).
    A card counts for the hero whose deck it is in (a card one hero's sides draw or start
    with); cards of another deck (Loki's TRICKs in a foe's hand) are left out. The whole run at
    once: for a notebook on a small run (``card_effects`` reduces slice by slice)."""
    run = as_run(run)
    deals, _why = _opening_deals(run)
    ps = _counted_players(run).select("game_id", "player", "hero")
    parts = _by_slice(run, False, lambda lo, hi, c: _indicators(c, deals, lo, hi, ps))
    if parts is None:
        parts = _by_slice(run, True, lambda lo, hi, c: _indicators(c, deals, lo, hi, ps))
    ind = pl.concat(parts) if parts else _indicators(_slice_counts(_EMPTY), deals, 0, -1, ps)
    owned = ind.filter(pl.col("own")).select("hero", "card").unique()
    return ind.join(owned, on=["hero", "card"]).drop("own"), deals is not None


def card_effects(run: RunLike, hero: str | None = None) -> pl.DataFrame:
    """Each card's effect on its hero's win rate, in HSReplay's manner, overall and per opponent.

    One row per (hero, against, card); ``against`` is ``all`` (every opponent together) or the
    opponent (a free-for-all or team game: the others at the table, see ``analysis.players``),
    the latter only for a hero that met several. Mirror matches are left out when the run has
    other games. Columns: ``games`` and ``wins`` (the hero's), ``baseline`` (its win rate),
    ``plays_per_game``, and for each moment S of ``STATS`` — ``opening`` (the card in the
    opening hand), ``drawn`` (in hand by game turn ``DRAWN_BY_TURN``, the opening hand
    included), ``played`` (played at least once):

    * ``S_games``: games with it; ``S_win_rate``: the hero's win rate in them
    * ``S_delta``: that win rate minus the baseline, with ``S_ci_low``/``S_ci_high`` its 95%
      interval
    * ``S_small``: fewer than ``SMALL`` games with it or without it (shown greyed, never named)
    * ``S_clear``: not small, and the interval excludes 0

    The difference from the baseline is (1 − f)·(p_with − p_without), f the share of games with
    the card; its interval is the normal interval of p_with − p_without with a variance clustered
    by seed (the seatings of a seed share their deals, so their games are not independent),
    scaled the same way. These are associations, not causes: a card played more when ahead looks
    better than it is; the opening hand is the closest to a cause, as it is dealt before any
    choice. Read slice by slice: only sums per (hero, opponent, card) are kept, so memory does not
    grow with the run (a seed's games are taken to lie in one slice and one opponent group, as
    the runs write them)."""
    run = as_run(run)
    deals, _why = _opening_deals(run)
    ps = _counted_players(run).select("game_id", "player", "hero", "seed", "against", "won")

    def reduce(lo, hi, counts):
        ind = _indicators(counts, deals, lo, hi, ps.select("game_id", "player", "hero"))
        owned = ind.filter(pl.col("own")).select("hero", "card").unique()
        return (*_moments(ind.drop("own"), ps.filter(pl.col("game_id").is_between(lo, hi))), owned)

    parts = _by_slice(run, False, reduce)
    if parts is None:
        parts = _by_slice(run, True, reduce)
    if not parts:
        parts = [reduce(0, -1, _slice_counts(_EMPTY))]
    owned = pl.concat([p[2] for p in parts]).unique()
    card_m = pl.concat([p[0] for p in parts]).join(owned, on=["hero", "card"])
    tot_m = pl.concat([p[1] for p in parts])
    unknown = {s: deals is None for s in ("opening", "drawn")} | {"played": False}
    out = _from_moments(card_m, tot_m, unknown)
    return out.filter(pl.col("hero") == hero) if hero else out


def effects_from_indicators(ind: pl.DataFrame, ps: pl.DataFrame) -> pl.DataFrame:
    """``card_effects`` from per-(game, player, card) indicators (``hero``, ``card``, the
    booleans of ``STATS`` and ``plays``) and the players (``game_id``, ``player``, ``seed``,
    ``against``, ``won``, and ``hero``: without it, the players the indicators name)."""
    if "hero" not in ps.columns:
        ps = ps.join(ind.select("game_id", "player", "hero").unique(["game_id", "player"]), on=["game_id", "player"])
    unknown = {s: ind[s].is_null().all() for s in STATS}
    return _from_moments(*_moments(ind, ps), unknown)


#: the cluster sums of one moment S kept per (hero, against, card): with C and S the games and
#: wins of a cluster (a seed) and C1, S1 those with the card, the products the clustered
#: variance needs (clusters where the card never shows have C1 = S1 = 0 and add nothing)
_PRODUCTS = {"S1S1": ("S1", "S1"), "S1C1": ("S1", "C1"), "C1C1": ("C1", "C1"), "S1S": ("S1", "S"),
             "S1C": ("S1", "C"), "C1S": ("C1", "S"), "C1C": ("C1", "C")}


def _moments(ind: pl.DataFrame, ps: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The sums ``_from_moments`` needs, from indicators and players of whole seeds: per (hero,
    against, card) and per (hero, against)."""
    x = ind.drop("hero").join(ps, on=["game_id", "player"])
    tot = ps.group_by("hero", "against", "seed").agg(pl.len().cast(pl.Int64).alias("C"),
                                                    pl.col("won").cast(pl.Int64).sum().alias("S"))
    cl = (x.group_by("hero", "against", "card", "seed")
          .agg(*[c for s in STATS for c in (pl.col(s).fill_null(False).cast(pl.Int64).sum().alias(f"C1_{s}"),
                                            (pl.col(s).fill_null(False) & pl.col("won")).cast(pl.Int64).sum()
                                            .alias(f"S1_{s}"))],
               pl.col("plays").sum().cast(pl.Int64).alias("plays"))
          .join(tot, on=["hero", "against", "seed"]))

    def col(name, s):
        return pl.col(f"{name}_{s}") if name in ("S1", "C1") else pl.col(name)
    card_m = cl.group_by("hero", "against", "card").agg(
        pl.col("plays").sum(),
        *[c for s in STATS for c in (pl.col(f"C1_{s}").sum(), pl.col(f"S1_{s}").sum(),
                                     *[(col(u, s) * col(v, s)).cast(pl.Float64).sum().alias(f"{k}_{s}")
                                       for k, (u, v) in _PRODUCTS.items()])])
    tot_m = tot.group_by("hero", "against").agg(
        pl.len().cast(pl.Int64).alias("k"), pl.col("C").sum().alias("n"), pl.col("S").sum().alias("w"),
        (pl.col("S") * pl.col("S")).cast(pl.Float64).sum().alias("SS"),
        (pl.col("S") * pl.col("C")).cast(pl.Float64).sum().alias("SC"),
        (pl.col("C") * pl.col("C")).cast(pl.Float64).sum().alias("CC"))
    return card_m, tot_m


def _from_moments(card_m: pl.DataFrame, tot_m: pl.DataFrame, unknown: dict[str, bool]) -> pl.DataFrame:
    sums = [c for c in card_m.columns if c not in ("hero", "against", "card")]
    card_m = card_m.group_by("hero", "against", "card").agg(pl.col(c).sum() for c in sums)   # slices added up
    tot_m = tot_m.group_by("hero", "against").agg(pl.col(c).sum() for c in ("k", "n", "w", "SS", "SC", "CC"))
    every_c = card_m.group_by("hero", "card").agg(pl.lit("all").alias("against"), *[pl.col(c).sum() for c in sums])
    every_t = tot_m.group_by("hero").agg(pl.lit("all").alias("against"),
                                         *[pl.col(c).sum() for c in ("k", "n", "w", "SS", "SC", "CC")])
    # a hero that met one opponent (or line-up) only: its rows per opponent would repeat "all"
    several = tot_m.group_by("hero").agg(pl.len().alias("m")).filter(pl.col("m") > 1).select("hero")
    rows = pl.concat([
        every_c.select(card_m.columns).join(every_t.select(tot_m.columns), on=["hero", "against"]),
        card_m.join(several, on="hero").join(tot_m, on=["hero", "against"])])
    return _effects(rows, unknown).sort("hero", pl.col("against").replace({"all": ""}), "card")


def _effects(m: pl.DataFrame, unknown: dict[str, bool]) -> pl.DataFrame:
    """The statistics of each row of sums (per hero, against and card; see ``_moments``)."""
    from unmatched_sim.stats import Z95
    n, w = pl.col("n"), pl.col("w")
    cols = []
    for s in STATS:
        def c(k):
            return pl.col(f"{k}_{s}")
        nx, wx = c("C1"), c("S1")
        nn = n - nx
        px, pn = wx / nx, (w - wx) / nn
        # per cluster u = a/nX − b/nN, a = S1 − pX·C1, b = (S − pN·C) − (S1 − pN·C1); Σu² from the sums
        aa = c("S1S1") - 2 * px * c("S1C1") + px * px * c("C1C1")
        e1 = c("S1S") - pn * c("S1C") - pn * c("C1S") + pn * pn * c("C1C")          # Σ (S − pN C)(S1 − pN C1)
        e2 = c("S1S1") - 2 * pn * c("S1C1") + pn * pn * c("C1C1")                  # Σ (S1 − pN C1)²
        bb = (pl.col("SS") - 2 * pn * pl.col("SC") + pn * pn * pl.col("CC")) - 2 * e1 + e2
        ab = ((c("S1S") - pn * c("S1C") - px * c("C1S") + px * pn * c("C1C"))
              - (c("S1S1") - pn * c("S1C1") - px * c("S1C1") + px * pn * c("C1C1")))
        var = (aa / (nx * nx) - 2 * ab / (nx * nn) + bb / (nn * nn)).clip(lower_bound=0)
        half = Z95 * (var * pl.col("k") / (pl.col("k") - 1)).sqrt()
        f = nx / n
        diff = px - pn
        both = (nx > 0) & (nn > 0)
        ok = both & (pl.col("k") > 1) & pl.lit(not unknown[s])
        small = (nx < SMALL) | (nn < SMALL)
        lo, hi = (1 - f) * (diff - half), (1 - f) * (diff + half)
        known = pl.lit(not unknown[s])
        cols += [pl.when(known).then(nx).alias(f"{s}_games"),
                 pl.when(known & (nx > 0)).then(px).alias(f"{s}_win_rate"),
                 pl.when(known & both).then((1 - f) * diff).alias(f"{s}_delta"),
                 pl.when(ok).then(lo).alias(f"{s}_ci_low"), pl.when(ok).then(hi).alias(f"{s}_ci_high"),
                 pl.when(known).then(small).alias(f"{s}_small"),
                 (ok & ~small & ((lo > 0) | (hi < 0))).fill_null(False).alias(f"{s}_clear")]
    return m.select("hero", "against", "card", pl.col("n").alias("games"), pl.col("w").alias("wins"),
                    (w / n).alias("baseline"), (pl.col("plays") / n).alias("plays_per_game"), *cols)
