"""Pandora's misery box: how risky each reveal is, as simulated and as computed exactly.

Events (see docs/events.md): ``misery_box`` at setup (``detail`` = the box, ``"Name:feathers;..."``);
on a turn Pandora reveals miseries one at a time: ``misery_reveal`` (``card`` = the misery,
``amount`` = its feathers, ``value`` = feathers revealed so far this turn), and the turn's
gamble ends with ``misery_stop`` (``amount`` = miseries revealed, ``value`` = feathers) or
``misery_bust`` (``amount`` = damage = miseries revealed, ``value`` = feathers), the latter
followed by a ``damage`` row with ``detail`` = ``misery_bust``.

Exact odds assume each gamble reveals from the full, shuffled box (every order equally likely)
and that a reveal busts when the feathers revealed so far reach a threshold, ``bust_at``. The
threshold is not in the log's setup row, so ``bust_threshold`` reads it off the gambles (the
fewest feathers any bust showed, checked against every reveal that did not bust); pass
``bust_at`` to the functions to override it.

*Blind* odds (``exact_bust_odds``) are the chance that reveal k+1 busts given only that k
miseries came out safely; they differ from the simulated rate because a policy decides whether to
push knowing the feathers so far (it stops on a high total), which is why the risk is also given
by feathers so far (``misery_risk_by_feathers``), where exact and simulated should agree.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import polars as pl

from unmatched_sim.analysis._common import with_ci
from unmatched_sim.analysis.run import Run, RunLike, as_run
from unmatched_sim.errors import UserError

MISERY_KINDS = ("misery_reveal", "misery_stop", "misery_bust")
END_KINDS = ("misery_stop", "misery_bust")


# --------------------------------------------------------------------------- exact odds
def parse_misery_box(detail: str) -> list[tuple[str, int]]:
    """``"Plague:2;Famine:1;..."`` -> ``[("Plague", 2), ("Famine", 1), ...]``."""
    box = []
    for part in (detail or "").split(";"):
        part = part.strip()
        if not part:
            continue
        name, sep, feathers = part.rpartition(":")
        if not sep or not feathers.strip().lstrip("-").isdigit():
            raise ValueError(f"misery box entry {part!r} is not Name:feathers")
        box.append((name.strip(), int(feathers)))
    if not box:
        raise ValueError("empty misery box")
    return box


def _feathers(box) -> list[int]:
    if isinstance(box, str):
        box = parse_misery_box(box)
    return [f if isinstance(f, int) else int(f[1]) for f in box]


def survival_fractions(box, bust_at: int) -> list[Fraction]:
    """P(the first k reveals are all safe) for k = 0..len(box), as exact fractions.

    A set of k miseries is safe when its feathers total less than ``bust_at``; every k-subset of
    the box is equally likely to be the first k revealed."""
    f = _feathers(box)
    n = len(f)
    out = []
    for k in range(n + 1):
        subsets = list(combinations(range(n), k))
        safe = sum(1 for s in subsets if sum(f[i] for i in s) < bust_at)
        out.append(Fraction(safe, len(subsets)))
    return out


def bust_fractions(box, bust_at: int) -> list[Fraction | None]:
    """For k = 0..len(box)-1 miseries already revealed safely: the exact chance that the next
    reveal busts (``None`` where k safe reveals are impossible)."""
    safe = survival_fractions(box, bust_at)
    return [None if safe[k] == 0 else 1 - safe[k + 1] / safe[k] for k in range(len(safe) - 1)]


def exact_bust_odds(box, bust_at: int) -> pl.DataFrame:
    """The blind odds, one row per number of miseries already revealed (``revealed`` = k):
    ``p_safe_so_far`` (chance k reveals in a row are all safe), ``p_bust_next`` (chance reveal
    k+1 busts, given k were safe), ``p_bust_by_next`` (chance a gamble that pushes to k+1
    reveals busts somewhere on the way)."""
    safe = survival_fractions(box, bust_at)
    b = bust_fractions(box, bust_at)
    rows = [(k, float(safe[k]), None if b[k] is None else float(b[k]), float(1 - safe[k + 1]))
            for k in range(len(b))]
    return pl.DataFrame(rows, schema={"revealed": pl.Int64, "p_safe_so_far": pl.Float64,
                                      "p_bust_next": pl.Float64, "p_bust_by_next": pl.Float64}, orient="row")


def bust_fraction_given_feathers(box, bust_at: int, revealed: int, feathers: int) -> Fraction | None:
    """Exact chance the next reveal busts, given ``revealed`` miseries showing ``feathers`` in
    total (and no bust yet); ``None`` if that position cannot happen."""
    f = _feathers(box)
    n = len(f)
    if feathers >= bust_at or revealed >= n:
        return None
    hits = total = 0
    for s in combinations(range(n), revealed):
        if sum(f[i] for i in s) != feathers:
            continue
        rest = [f[i] for i in range(n) if i not in s]
        hits += sum(1 for x in rest if feathers + x >= bust_at)
        total += len(rest)
    return Fraction(hits, total) if total else None


# --------------------------------------------------------------------------- from the log
def misery_boxes(run: RunLike) -> pl.DataFrame:
    """The box compositions seen at setup: ``hero``, ``box`` (the ``detail`` text), ``bust_at``
    (the event's ``value``, if the engine logs the threshold there), ``games``, ``feathers``
    (list of feathers per misery), ``size``. Empty if no hero has a misery box."""
    run = as_run(run)
    if "misery_boxes" not in run._cache:
        q = (run.events.filter(pl.col("kind") == "misery_box")
             .select("game_id", "player", pl.col("detail").alias("box"), pl.col("value").cast(pl.Int64).alias("bust_at"))
             .join(run.sides().lazy().select("game_id", "player", "hero"), on=["game_id", "player"])
             .group_by("hero", "box", "bust_at").agg(pl.len().cast(pl.Int64).alias("games")))
        df = run.collect(q).sort(["games", "hero"], descending=[True, False])
        feathers, sizes = [], []
        for box in df["box"].to_list():
            try:
                f = _feathers(box)
            except ValueError as e:
                raise UserError(f"{run.path or 'run'}: misery_box event has a malformed box {box!r}: {e}") from None
            feathers.append(f)
            sizes.append(len(f))
        run._cache["misery_boxes"] = df.with_columns(pl.Series("feathers", feathers, dtype=pl.List(pl.Int64)),
                                                     pl.Series("size", sizes, dtype=pl.Int64))
    return run._cache["misery_boxes"]


def _misery_rows(run: Run) -> pl.DataFrame:
    """The misery events of each side in order (small integer columns; cached): ``gs`` (game
    and side: game_id * 2 + 1 for side b), ``seq``, ``turn``, ``k`` (0 reveal, 1 stop, 2 bust),
    ``amount``, ``value``, numbered by gamble (``episode``) and by reveal within the gamble
    (``position``, 1-based; on the closing row, the number of reveals before it)."""
    if "misery_rows" not in run._cache:
        kind = (pl.when(pl.col("kind") == "misery_reveal").then(0)
                .when(pl.col("kind") == "misery_stop").then(1).otherwise(2).cast(pl.Int8))
        q = (run.events.filter(pl.col("kind").is_in(MISERY_KINDS))
             .select((pl.col("game_id") * 2 + (pl.col("player") == "b").cast(pl.Int64)).alias("gs"),
                     "seq", pl.col("turn").cast(pl.Int32), kind.alias("k"), "amount", "value"))
        df = run.collect(q).sort("gs", "seq")
        # running counts within a group of consecutive rows = running count overall minus its value
        # where the group starts (cheaper than window functions on big logs)
        new_side = pl.col("gs") != pl.col("gs").shift(1)
        ends_before = (pl.col("k") > 0).cast(pl.Int64).cum_sum() - (pl.col("k") > 0).cast(pl.Int64)
        df = df.with_columns((ends_before - pl.when(new_side.fill_null(True)).then(ends_before)
                              .forward_fill()).alias("episode"))
        new_gamble = (new_side | (pl.col("episode") != pl.col("episode").shift(1))).fill_null(True)
        reveals = (pl.col("k") == 0).cast(pl.Int64).cum_sum()
        before = reveals - (pl.col("k") == 0).cast(pl.Int64)
        df = df.with_columns((reveals - pl.when(new_gamble).then(before).forward_fill()).alias("position"))
        run._cache["misery_rows"] = df
    return run._cache["misery_rows"]


def _with_sides(run: Run, df: pl.DataFrame) -> pl.DataFrame:
    """Add game_id, player and hero to a frame keyed by ``gs``."""
    sides = run.sides().select((pl.col("game_id") * 2 + (pl.col("player") == "b").cast(pl.Int64)).alias("gs"),
                               "game_id", "player", "hero")
    return df.join(sides, on="gs")


def misery_episodes(run: RunLike) -> pl.DataFrame:
    """One row per gamble: ``game_id``, ``player``, ``hero``, ``turn``, ``outcome`` ("stop",
    "bust", or "game over" when the game ended mid-gamble), ``revealed`` (miseries turned over,
    including one that busted), ``feathers`` (their total) and ``bust_damage`` (the damage the
    bust called for; 0 otherwise)."""
    run = as_run(run)
    if "misery_episodes" not in run._cache:
        ep = (_misery_rows(run).group_by("gs", "episode")
              .agg(pl.col("turn").first(), pl.col("k").max().alias("_closing"),
                   (pl.col("k") == 0).sum().cast(pl.Int64).alias("revealed"),
                   pl.col("value").sort_by("seq").last().cast(pl.Int64).alias("feathers"),
                   pl.col("amount").filter(pl.col("k") == 2).cast(pl.Int64).sum().alias("bust_damage"))
              .with_columns(pl.col("_closing").replace_strict({0: "game over", 1: "stop", 2: "bust"},
                                                              return_dtype=pl.Utf8).alias("outcome")))
        run._cache["misery_episodes"] = (_with_sides(run, ep).sort("game_id", "player", "episode")
                                         .select("game_id", "player", "hero", "turn", "outcome", "revealed",
                                                 "feathers", "bust_damage"))
    return run._cache["misery_episodes"]


def misery_reveals(run: RunLike) -> pl.DataFrame:
    """Reveals aggregated by position: ``hero``, ``revealed`` (miseries already out before this
    reveal), ``feathers_before`` (their feathers), ``attempts`` (reveals made from that
    position), ``busts`` (of which busted: the last reveal of a gamble that ended in a bust)."""
    run = as_run(run)
    if "misery_reveals" not in run._cache:
        # a reveal busted when the gamble's next row is its bust
        busted = ((pl.col("k").shift(-1) == 2) & (pl.col("gs").shift(-1) == pl.col("gs"))).fill_null(False)
        rv = (_misery_rows(run).with_columns(busted.alias("busted"))
              .filter(pl.col("k") == 0)
              .select("gs", (pl.col("position") - 1).alias("revealed"),
                      (pl.col("value").cast(pl.Int64) - pl.col("amount")).alias("feathers_before"), "busted"))
        hero = run.sides().select((pl.col("game_id") * 2 + (pl.col("player") == "b").cast(pl.Int64)).alias("gs"),
                                  "hero")
        run._cache["misery_reveals"] = (
            rv.join(hero, on="gs").group_by("hero", "revealed", "feathers_before")
            .agg(pl.len().cast(pl.Int64).alias("attempts"), pl.col("busted").sum().cast(pl.Int64).alias("busts"))
            .sort("hero", "revealed", "feathers_before"))
    return run._cache["misery_reveals"]


def has_misery(run: RunLike) -> bool:
    """Whether any hero in the run gambled with a misery box."""
    run = as_run(run)
    return misery_boxes(run).height > 0 or misery_episodes(run).height > 0


def bust_threshold(run: RunLike) -> tuple[int | None, str]:
    """(``bust_at``, explanation): the feathers total at which a reveal busts.

    Taken from the ``misery_box`` event's ``value`` when the engine logs it there; otherwise read
    off the gambles: the fewest feathers any bust showed, confirmed when no gamble ever went on
    safely at that many feathers. ``None`` (with the reason) when there was no bust to read it
    from, or when the gambles do not follow a single threshold."""
    run = as_run(run)
    logged = misery_boxes(run)["bust_at"].drop_nulls().unique().to_list()
    if len(logged) == 1:
        return int(logged[0]), f"a reveal busts when the feathers revealed this turn reach {logged[0]}"
    ep = misery_episodes(run)
    busts = ep.filter(pl.col("outcome") == "bust")
    if busts.height == 0:
        return None, "no gamble busted, so the bust threshold cannot be read from this run"
    bust_at = int(busts["feathers"].min())
    highest_safe = ep.filter(pl.col("outcome") != "bust")["feathers"].max()
    if highest_safe is not None and highest_safe >= bust_at:
        return None, (f"a gamble ended safely at {highest_safe} feathers but another busted at {bust_at}: "
                      "the busts do not follow one feathers threshold, so exact odds are not computed")
    rv = misery_reveals(run)
    if rv.height and int(rv["feathers_before"].max()) >= bust_at:
        return None, "reveals went on past the bust threshold; exact odds are not computed"
    return bust_at, (f"a reveal busts when the feathers revealed this turn reach {bust_at} "
                     f"(read off the log: the fewest feathers any of the {busts.height:,} busts showed, "
                     "and no gamble went on safely at that many)")


def _box_and_threshold(run: Run, hero: str, bust_at: int | None):
    boxes = misery_boxes(run).filter(pl.col("hero") == hero)
    box = boxes["feathers"][0].to_list() if boxes.height else None
    if bust_at is None:
        bust_at, _ = bust_threshold(run)
    return box, bust_at


def misery_risk(run: RunLike, bust_at: int | None = None) -> pl.DataFrame:
    """The chance the next reveal busts, by miseries already revealed: simulated vs exact.

    One row per (``hero``, ``revealed`` = k): ``attempts`` (gambles that went on to reveal
    k+1), ``busts`` (of which busted on that reveal), ``simulated`` (busts / attempts) with
    ``ci_low``/``ci_high`` (95% Wilson), ``exact_blind`` (exact chance given only that k came
    out safely; null when the box or threshold is unknown), ``exact_given_feathers`` (the exact
    chance averaged over the feathers totals the policy actually pushed from — what the
    simulated rate should match)."""
    run = as_run(run)
    rv = misery_reveals(run)
    if rv.height == 0:
        return pl.DataFrame(schema={"hero": pl.Utf8, "revealed": pl.Int64, "attempts": pl.Int64,
                                    "busts": pl.Int64, "simulated": pl.Float64, "ci_low": pl.Float64,
                                    "ci_high": pl.Float64, "exact_blind": pl.Float64,
                                    "exact_given_feathers": pl.Float64})
    byf = misery_risk_by_feathers(run, bust_at)
    out = []
    for hero in rv["hero"].unique(maintain_order=True).to_list():
        box, b_at = _box_and_threshold(run, hero, bust_at)
        sub = byf.filter(pl.col("hero") == hero)
        agg = (sub.group_by("revealed").agg(
            pl.col("attempts").sum(), pl.col("busts").sum(),
            ((pl.col("exact") * pl.col("attempts")).sum() / pl.col("attempts").sum()).alias("exact_given_feathers"),
            pl.col("exact").is_null().any().alias("_gap")).sort("revealed"))
        agg = agg.with_columns(pl.when(pl.col("_gap")).then(None).otherwise(pl.col("exact_given_feathers"))
                               .alias("exact_given_feathers")).drop("_gap")
        n = len(box) if box else int(agg["revealed"].max()) + 1
        blind = bust_fractions(box, b_at) if box and b_at is not None else [None] * n
        grid = pl.DataFrame({"revealed": list(range(n)),
                             "exact_blind": [None if x is None else float(x) for x in blind]},
                            schema={"revealed": pl.Int64, "exact_blind": pl.Float64})
        df = (grid.join(agg, on="revealed", how="full", coalesce=True).sort("revealed")
              .with_columns(pl.lit(hero).alias("hero"), pl.col("attempts", "busts").fill_null(0)))
        out.append(df)
    df = with_ci(pl.concat(out, how="diagonal_relaxed"), "busts", "attempts", "simulated", "ci_low", "ci_high")
    return df.select("hero", "revealed", "attempts", "busts", "simulated", "ci_low", "ci_high",
                     "exact_blind", "exact_given_feathers")


def misery_risk_by_feathers(run: RunLike, bust_at: int | None = None) -> pl.DataFrame:
    """The chance the next reveal busts, by miseries revealed *and* feathers showing.

    One row per (``hero``, ``revealed``, ``feathers_before``) position the policy pushed from:
    ``attempts``, ``busts``, ``simulated`` (+ 95% CI) and ``exact`` (exact chance from the box)."""
    run = as_run(run)
    rv = misery_reveals(run)
    exact = []
    cache: dict = {}
    for hero, k, f in rv.select("hero", "revealed", "feathers_before").iter_rows():
        if hero not in cache:
            cache[hero] = _box_and_threshold(run, hero, bust_at)
        box, b_at = cache[hero]
        x = bust_fraction_given_feathers(box, b_at, k, f) if box and b_at is not None else None
        exact.append(None if x is None else float(x))
    df = rv.with_columns(pl.Series("exact", exact, dtype=pl.Float64))
    df = with_ci(df, "busts", "attempts", "simulated", "ci_low", "ci_high")
    return df.select("hero", "revealed", "feathers_before", "attempts", "busts", "simulated", "ci_low",
                     "ci_high", "exact")


def misery_pushes(run: RunLike) -> pl.DataFrame:
    """How far the policy pushed: one row per (``hero``, ``revealed``, ``outcome``) with
    ``gambles`` and ``share`` (of the hero's gambles). ``revealed`` counts the miseries turned
    over in the gamble, including the one that busted."""
    run = as_run(run)
    ep = misery_episodes(run)
    df = ep.group_by("hero", "revealed", "outcome").agg(pl.len().cast(pl.Int64).alias("gambles"))
    return (df.with_columns((pl.col("gambles") / pl.col("gambles").sum().over("hero")).alias("share"))
            .sort("hero", "revealed", "outcome"))


def misery_games(run: RunLike) -> pl.DataFrame:
    """One row per game of a misery hero: ``game_id``, ``player``, ``hero``, ``won``, ``gambles``,
    ``reveals``, ``busts``, ``bust_damage`` (health lost to busts, from ``damage`` rows)."""
    run = as_run(run)
    ep = misery_episodes(run)
    heroes = set(misery_boxes(run)["hero"].to_list()) | set(ep["hero"].to_list())
    sides = run.sides().filter(pl.col("hero").is_in(sorted(heroes))).select("game_id", "player", "hero", "won")
    per = ep.group_by("game_id", "player").agg(pl.len().cast(pl.Int64).alias("gambles"),
                                               pl.col("revealed").sum().cast(pl.Int64).alias("reveals"),
                                               (pl.col("outcome") == "bust").sum().cast(pl.Int64).alias("busts"))
    dmg = run.collect(run.events.filter((pl.col("kind") == "damage") & (pl.col("detail") == "misery_bust"))
                      .group_by("game_id", "player").agg(pl.col("amount").cast(pl.Int64).sum().alias("bust_damage")))
    return (sides.join(per, on=["game_id", "player"], how="left").join(dmg, on=["game_id", "player"], how="left")
            .with_columns(pl.col("gambles", "reveals", "busts", "bust_damage").fill_null(0)))


def misery_summary(run: RunLike) -> pl.DataFrame:
    """Per misery hero: ``games``, ``gambles``, ``gambles_per_game``, ``reveals_per_gamble``,
    ``busts``, ``bust_rate`` (busts / gambles) with 95% CI, ``games_with_bust`` (share of games
    with at least one bust), ``bust_damage`` (total), ``bust_damage_per_game``, ``win_rate``."""
    run = as_run(run)
    g = misery_games(run)
    df = g.group_by("hero").agg(
        pl.len().cast(pl.Int64).alias("games"), pl.col("gambles").sum(), pl.col("reveals").sum(),
        pl.col("busts").sum(), (pl.col("busts") > 0).mean().alias("games_with_bust"),
        pl.col("bust_damage").sum(), pl.col("won").mean().alias("win_rate"))
    df = df.with_columns((pl.col("gambles") / pl.col("games")).alias("gambles_per_game"),
                         (pl.col("reveals") / pl.col("gambles")).alias("reveals_per_gamble"),
                         (pl.col("bust_damage") / pl.col("games")).alias("bust_damage_per_game"))
    df = with_ci(df, "busts", "gambles", "bust_rate", "bust_rate_ci_low", "bust_rate_ci_high")
    return df.sort("hero").select("hero", "games", "gambles", "gambles_per_game", "reveals_per_gamble", "busts",
                                  "bust_rate", "bust_rate_ci_low", "bust_rate_ci_high", "games_with_bust",
                                  "bust_damage", "bust_damage_per_game", "win_rate")


def misery_win_rates(run: RunLike) -> pl.DataFrame:
    """A misery hero's win rate by how it gambled in the game.

    ``behaviour`` = ``"busts in the game"`` (buckets 0, 1, 2, 3+) or ``"miseries per gamble"``
    (average reveals per gamble: 0-1, 1-2, 2-3, 3+; "never gambled" if no gamble). Columns:
    ``hero``, ``behaviour``, ``bucket``, ``games``, ``wins``, ``win_rate``, ``ci_low``,
    ``ci_high``. An association, not a cause: a hero that is losing may gamble harder."""
    run = as_run(run)
    g = misery_games(run)
    if g.height == 0:
        return pl.DataFrame(schema={"hero": pl.Utf8, "behaviour": pl.Utf8, "bucket": pl.Utf8, "games": pl.Int64,
                                    "wins": pl.Int64, "win_rate": pl.Float64, "ci_low": pl.Float64,
                                    "ci_high": pl.Float64})
    busts = pl.when(pl.col("busts") >= 3).then(pl.lit("3+")).otherwise(pl.col("busts").cast(pl.Utf8))
    per = pl.col("reveals") / pl.col("gambles")
    pushes = (pl.when(pl.col("gambles") == 0).then(pl.lit("never gambled"))
              .when(per < 1).then(pl.lit("0-1")).when(per < 2).then(pl.lit("1-2"))
              .when(per < 3).then(pl.lit("2-3")).otherwise(pl.lit("3+")))
    parts = []
    for label, expr in (("busts in the game", busts), ("miseries per gamble", pushes)):
        parts.append(g.with_columns(expr.alias("bucket")).group_by("hero", "bucket")
                     .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("wins"))
                     .with_columns(pl.lit(label).alias("behaviour")))
    df = pl.concat(parts).sort("hero", "behaviour", "bucket")
    df = with_ci(df, "wins", "games", "win_rate", "ci_low", "ci_high")
    return df.select("hero", "behaviour", "bucket", "games", "wins", "win_rate", "ci_low", "ci_high")
