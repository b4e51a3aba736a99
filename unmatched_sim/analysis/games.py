"""Finding games: ``find_games(run, ...)`` — the games of a run that match some filters, with a
one-line summary each, ready for ``sim replay RUN GAME_ID``."""

from __future__ import annotations

import re

import polars as pl

from unmatched_sim.analysis.run import RunLike, as_run
from unmatched_sim.errors import UserError


def find_games(run: RunLike, *, hero: str | None = None, opponent: str | None = None,
               winner: str | None = None, end_reason: str | None = None, max_turns: int | None = None,
               min_turns: int | None = None, board: str | None = None, where: str | None = None,
               limit: int | None = 20, order: str = "game_id", policy: str | None = None) -> pl.DataFrame:
    """Games matching every filter given (all optional):

    ``hero`` plays in the game (either side); ``opponent`` plays against it; ``winner`` is the
    winning hero id, or ``draw`` for no winner; ``end_reason`` (``combat``, ``exhaustion``,
    ``turn_limit``...); ``min_turns``/``max_turns`` bound the length; ``where`` is a polars SQL
    expression over games.parquet's columns, e.g. ``winner_hero = 'houdini' AND turns < 6``
    (``winner`` holds the winning seat, ``a`` or ``b``; compared with a hero id, as in
    ``winner = 'medusa'``, it is read as ``winner_hero``: see ``seat_or_hero``).
    ``order``: ``game_id`` (default), ``turns`` (shortest first) or ``-turns`` (longest first).
    ``policy``: in a robust or checked run (``--robust``, ``--check-with``), the games that policy
    played, on one side or both (default: the run's own policy's games, as every analysis reads them).

    Columns: game_id, seed, hero_a, hero_b, first_hero, winner_hero, turns, end_reason, health_a,
    health_b, board, summary (one line). ``limit`` rows at most (None: all).
    """
    run = as_run(run)
    g = run.games
    if policy is not None:
        from unmatched_sim.analysis.robust import robust_policies
        pols = robust_policies(run) or _policies(run)
        if run.meta.get("check_with"):          # a checked run: the checking policy played one side
            pols = [*pols, run.meta["check_with"]]
        if policy not in pols:
            raise UserError(f"--policy {policy}: no game of this run was played by it (policies: {', '.join(pols)})")
        if run.robust_games is not None:
            g = pl.concat([run.games, run.robust_games])
        g = g.filter((pl.col("policy_a") == policy) | (pl.col("policy_b") == policy))
    cols = run.collect(g.limit(0), "games").columns
    conds = []
    multi = run.meta.get("format") in ("ffa", "teams", "coop")
    if multi:
        # A free-for-all, team or co-op game: "plays" is in the line-up; "against" is on another side.
        if hero:
            conds.append(pl.col("lineup").list.contains(hero))
        if opponent:
            conds.append(pl.col("lineup").list.contains(opponent))
        hero = opponent = None
    if winner and multi and winner not in ("draw", "none"):
        conds.append(pl.col("winner_hero").str.split("+").list.contains(winner))
        winner = None
    if hero:
        conds.append((pl.col("hero_a") == hero) | (pl.col("hero_b") == hero))
        if opponent:
            conds.append(((pl.col("hero_a") == hero) & (pl.col("hero_b") == opponent))
                         | ((pl.col("hero_b") == hero) & (pl.col("hero_a") == opponent)))
    elif opponent:
        conds.append((pl.col("hero_a") == opponent) | (pl.col("hero_b") == opponent))
    if winner:
        conds.append(pl.col("winner_hero").is_null() if winner in ("draw", "none") else pl.col("winner_hero") == winner)
    if end_reason:
        conds.append(pl.col("end_reason") == end_reason)
    if max_turns is not None:
        conds.append(pl.col("turns") <= max_turns)
    if min_turns is not None:
        conds.append(pl.col("turns") >= min_turns)
    if board:
        conds.append(pl.col("board") == board)
    if where:
        where = seat_or_hero(where, run.heroes())
        try:
            expr = pl.sql_expr(where)
            run.collect(g.limit(1).filter(expr), "games")         # check it now, on one row
        except Exception as e:  # polars raises several types for a bad expression
            msg = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            msg = msg.split("; valid columns")[0]
            raise UserError(f"--where {where!r} is not a valid filter ({msg}); columns: {', '.join(cols)}") from None
        conds.append(expr)
    q = g
    for c in conds:
        q = q.filter(c)
    desc = order.startswith("-")
    key = order.lstrip("-")
    if key not in cols:
        raise UserError(f"cannot order games by {key!r}; columns: {', '.join(cols)}")
    q = q.sort([key, "game_id"], descending=[desc, False])
    if limit is not None:
        q = q.limit(limit)
    extra = ["format", "lineup"] if multi else []
    df = run.collect(q.select("game_id", "seed", "hero_a", "hero_b", "first_hero", "winner_hero", "turns",
                              "end_reason", "health_a", "health_b", "board", *extra), "games")
    line = multi_summary_line if multi else summary_line
    return df.with_columns(pl.Series("summary", [line(r) for r in df.iter_rows(named=True)], dtype=pl.Utf8))


_WINNER_IS = re.compile(r"\bwinner\b(\s*(?:==|=|!=|<>)\s*)'([^']*)'", re.IGNORECASE)


def seat_or_hero(where: str, heroes: list[str]) -> str:
    """``where`` with each comparison of the ``winner`` column (the winning seat) to a hero id
    turned into one of ``winner_hero`` (the winning hero): ``winner = 'medusa'`` can only mean
    the hero, and would otherwise silently match no game. Seats ('a', 'b'...) are left as they are."""
    return _WINNER_IS.sub(lambda m: f"winner_hero{m.group(1)}'{m.group(2)}'" if m.group(2) in heroes else m.group(0),
                          where)


def _policies(run) -> list[str]:
    """Every policy that played a game of the run (either side), most games first."""
    q = pl.concat([run.games.select(pl.col("policy_a").alias("p")), run.games.select(pl.col("policy_b").alias("p"))])
    return run.collect(q.group_by("p").len().sort(["len", "p"], descending=[True, False]), "games")["p"].to_list()


def multi_summary_line(r: dict) -> str:
    lu = r["lineup"]
    if r["format"] == "teams":
        who = f"{lu[0]}+{lu[1]} (team A) vs {lu[2]}+{lu[3]} (team B)"
    else:
        who = ", ".join(f"{h} ({'abcd'[k]})" for k, h in enumerate(lu))
    result = (f"no winner after {r['turns']} turns ({r['end_reason']})" if r["winner_hero"] is None else
              f"{r['winner_hero'].replace('+', ' and ')} won in {r['turns']} turns by {r['end_reason']}")
    return f"{who}, {r['first_hero']} first; {result}"


def count_games(run: RunLike, **filters) -> int:
    return find_games(run, limit=None, **filters).height


def summary_line(r: dict) -> str:
    who = f"{r['hero_a']} (a) vs {r['hero_b']} (b)"
    if r["winner_hero"] is None:
        result = f"no winner after {r['turns']} turns ({r['end_reason']})"
    else:
        result = f"{r['winner_hero']} won in {r['turns']} turns by {r['end_reason']}"
    return f"{who}, {r['first_hero']} first; {result}; health left {r['health_a']}–{r['health_b']}"


def example_ids(run: RunLike, n: int = 3, **filters) -> list[int]:
    """A few game ids matching the filters (for a report cell's 'e.g. games ...')."""
    return find_games(run, limit=n, **filters)["game_id"].to_list()
