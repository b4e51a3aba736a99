"""Free-for-all and team runs: who wins, finishing places, turn position, ratings fitted to
multi-player finishes, and for teams which pairs of heroes work together.

These read the per-player results table (``players.parquet``: one row per player per game, see
``docs/events.md``). Columns used: ``game_id``, ``seat`` (turn position, 0 = first), ``team``,
``hero``, ``place`` (1 = won; players out at the same moment share a place), ``won``.

Conventions:

* A *win* is finishing first with a winner declared; a game stopped by the turn limit has no
  winner (every player still in shares first place, and none of them won).
* Intervals are 95% Wilson score intervals.
* The Plackett-Luce rating (``plackett_luce``) is fitted to the order in which players went out,
  the free-for-all generalisation of Bradley-Terry: a player's strength is the weight with which
  it is "chosen" to finish ahead of everyone still in the game. Players out at the same moment
  count as tied (each is a winner of that stage against the set still in).
"""

from __future__ import annotations

import math

import polars as pl

from unmatched_sim.analysis._common import with_ci


def hero_results(players: pl.DataFrame) -> pl.DataFrame:
    """Each hero's record in a multi-player run, strongest first.

    Columns: ``hero``, ``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``, ``mean_place``,
    ``expected`` (the win rate of a hero no better than its table-mates: 1 / sides in the game,
    averaged over its games), ``significant`` (the interval excludes ``expected``).
    """
    sides = players.group_by("game_id").agg(pl.col("team").n_unique().alias("sides"))
    df = (players.join(sides, on="game_id")
          .group_by("hero")
          .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("wins"),
               pl.col("place").mean().alias("mean_place"), (1.0 / pl.col("sides")).mean().alias("expected")))
    df = with_ci(df, "wins", "games", "win_rate", "ci_low", "ci_high")
    df = df.with_columns(((pl.col("ci_low") > pl.col("expected")) | (pl.col("ci_high") < pl.col("expected")))
                         .alias("significant"))
    return df.sort(["win_rate", "hero"], descending=[True, False]).select(
        "hero", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_place", "expected", "significant")


def place_distribution(players: pl.DataFrame) -> pl.DataFrame:
    """How often each hero finishes in each place. Columns: ``hero``, ``place``, ``games``
    (finishes in that place), ``share`` (of the hero's games)."""
    totals = players.group_by("hero").agg(pl.len().alias("total"))
    return (players.group_by("hero", "place").agg(pl.len().cast(pl.Int64).alias("games"))
            .join(totals, on="hero")
            .with_columns((pl.col("games") / pl.col("total")).alias("share"))
            .drop("total").sort("hero", "place"))


def turn_position(players: pl.DataFrame) -> pl.DataFrame:
    """Win rate by turn position (seat 0 moves first), with intervals.

    Columns: ``seat``, ``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``,
    ``mean_place``. With balanced seating every hero sits in every position equally often, so a
    difference here is the position's advantage, not the heroes'."""
    df = (players.group_by("seat")
          .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("wins"),
               pl.col("place").mean().alias("mean_place"))
          .sort("seat"))
    return with_ci(df, "wins", "games", "win_rate", "ci_low", "ci_high")


def plackett_luce(players: pl.DataFrame, prior: float = 0.5, tol: float = 1e-9,
                  max_iter: int = 5000) -> pl.DataFrame:
    """Plackett-Luce strengths fitted to finishing orders by the MM algorithm (Hunter 2004).

    Each game is read as stages from first place down: at each stage the players finishing
    there are chosen out of everyone not yet placed (ties: each tied player counts as chosen
    against that whole set). The last stage (everyone left) carries no information. ``prior``
    adds, for every hero, that many pseudo-wins and pseudo-losses against a reference player
    of strength 1, which keeps strengths finite for a hero that always wins or always loses.

    Columns: ``hero``, ``strength`` (geometric mean 1), ``log_strength``, ``games``; strongest
    first. P(i finishes ahead of j) ≈ strength_i / (strength_i + strength_j).
    """
    heroes = sorted(players["hero"].unique().to_list())
    if not heroes:
        return pl.DataFrame(schema={"hero": pl.Utf8, "strength": pl.Float64, "log_strength": pl.Float64,
                                    "games": pl.Int64})
    idx = {h: i for i, h in enumerate(heroes)}
    stages: list[tuple[tuple[int, ...], tuple[int, ...]]] = []   # (chosen, remaining incl. chosen)
    rows = players.select("game_id", "hero", "place").sort("game_id", "place")
    for (_gid,), grp in rows.group_by(["game_id"], maintain_order=True):
        entries = sorted(zip(grp["place"].to_list(), grp["hero"].to_list()))
        remaining = [idx[h] for _, h in entries]
        places = [p for p, _ in entries]
        k = 0
        while k < len(entries):
            j = k
            while j < len(entries) and places[j] == places[k]:
                j += 1
            chosen = tuple(remaining[k:j])
            if j < len(entries):                       # the last stage tells nothing
                stages.append((chosen, tuple(remaining[k:])))
            k = j
    n = len(heroes)
    wins = [prior] * n
    for chosen, _ in stages:
        for i in chosen:
            wins[i] += 1
    gamma = [1.0] * n
    for _ in range(max_iter):
        denom = [2 * prior / (g + 1.0) for g in gamma]       # the pseudo-games against strength 1
        for chosen, rem in stages:
            total = sum(gamma[i] for i in rem)
            w = len(chosen) / total
            for i in rem:
                denom[i] += w
        new = [wins[i] / denom[i] if denom[i] > 0 else gamma[i] for i in range(n)]
        gm = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / gm for x in new]
        done = max(abs(a - b) for a, b in zip(new, gamma)) < tol
        gamma = new
        if done:
            break
    games = players.group_by("hero").agg(pl.len().cast(pl.Int64).alias("games"))
    df = pl.DataFrame({"hero": heroes, "strength": gamma,
                       "log_strength": [math.log(g) for g in gamma]})
    return df.join(games, on="hero").sort("strength", descending=True)


def team_pairs(players: pl.DataFrame, l2: float = 1.0) -> pl.DataFrame:
    """Team runs: each pair of heroes that played on one team, its record, and its synergy.

    The expected result comes from the members' individual strengths: a logistic model fitted
    to every team game, P(team A wins) = σ(Σ s_A − Σ s_B) with one strength per hero (L2-penalised
    by ``l2``, so a hero seen in few games stays near 0). A pair's ``expected`` win rate is that
    model's prediction averaged over the pair's own games; ``synergy`` = ``win_rate`` −
    ``expected``: how much better (or worse) the two do together than their strengths predict.

    Columns: ``pair`` ("a+b", sorted), ``hero_1``, ``hero_2``, ``games``, ``wins``, ``win_rate``,
    ``ci_low``, ``ci_high``, ``expected``, ``synergy`` with its 95% interval ``synergy_low`` /
    ``synergy_high`` (the win rate's Wilson interval less the expected rate, which is taken as
    known); largest synergy first.
    """
    strengths = team_strengths(players, l2)
    s = dict(zip(strengths["hero"].to_list(), strengths["strength"].to_list()))
    games: dict[int, dict[int, list[str]]] = {}
    won: dict[tuple[int, int], bool] = {}
    for gid, team, hero, w in players.select("game_id", "team", "hero", "won").iter_rows():
        games.setdefault(gid, {}).setdefault(team, []).append(hero)
        won[(gid, team)] = won.get((gid, team), False) or bool(w)
    rec: dict[tuple[str, str], list[float]] = {}
    for gid, teams in games.items():
        if len(teams) != 2:
            continue
        (ta, ha), (tb, hb) = sorted(teams.items())
        for team, mine, theirs in ((ta, ha, hb), (tb, hb, ha)):
            if len(mine) != 2:
                continue
            x = sum(s[h] for h in mine) - sum(s[h] for h in theirs)
            p = 1.0 / (1.0 + math.exp(-x))
            key = tuple(sorted(mine))
            r = rec.setdefault(key, [0, 0, 0.0])
            r[0] += 1
            r[1] += 1 if won[(gid, team)] else 0
            r[2] += p
    rows = [{"pair": f"{a}+{b}", "hero_1": a, "hero_2": b, "games": n, "wins": w, "expected": e / n}
            for (a, b), (n, w, e) in rec.items()]
    if not rows:
        return pl.DataFrame(schema={"pair": pl.Utf8, "hero_1": pl.Utf8, "hero_2": pl.Utf8, "games": pl.Int64,
                                    "wins": pl.Int64, "win_rate": pl.Float64, "ci_low": pl.Float64,
                                    "ci_high": pl.Float64, "expected": pl.Float64, "synergy": pl.Float64,
                                    "synergy_low": pl.Float64, "synergy_high": pl.Float64})
    df = pl.DataFrame(rows).with_columns(pl.col("games").cast(pl.Int64), pl.col("wins").cast(pl.Int64))
    df = with_ci(df, "wins", "games", "win_rate", "ci_low", "ci_high")
    df = df.with_columns((pl.col("win_rate") - pl.col("expected")).alias("synergy"),
                         (pl.col("ci_low") - pl.col("expected")).alias("synergy_low"),
                         (pl.col("ci_high") - pl.col("expected")).alias("synergy_high"))
    return df.select("pair", "hero_1", "hero_2", "games", "wins", "win_rate", "ci_low", "ci_high",
                     "expected", "synergy", "synergy_low", "synergy_high").sort(["synergy", "pair"],
                                                                                descending=[True, False])


def team_strengths(players: pl.DataFrame, l2: float = 1.0, iters: int = 200) -> pl.DataFrame:
    """Each hero's individual strength in team games (log-odds units; see ``team_pairs``),
    fitted by Newton's method on the penalised logistic likelihood. Columns: ``hero``,
    ``strength``, ``games``."""
    heroes = sorted(players["hero"].unique().to_list())
    idx = {h: i for i, h in enumerate(heroes)}
    n = len(heroes)
    games: dict[int, dict[int, list[int]]] = {}
    won: dict[tuple[int, int], bool] = {}
    for gid, team, hero, w in players.select("game_id", "team", "hero", "won").iter_rows():
        games.setdefault(gid, {}).setdefault(team, []).append(idx[hero])
        won[(gid, team)] = won.get((gid, team), False) or bool(w)
    data = []
    for gid, teams in games.items():
        if len(teams) != 2:
            continue
        (ta, ha), (tb, hb) = sorted(teams.items())
        if not (won[(gid, ta)] or won[(gid, tb)]):
            continue                                       # no winner: no information
        x = [0.0] * n
        for i in ha:
            x[i] += 1.0
        for i in hb:
            x[i] -= 1.0
        data.append((x, 1.0 if won[(gid, ta)] else 0.0))
    beta = [0.0] * n
    for _ in range(iters):
        grad = [-l2 * b for b in beta]
        hess = [[(l2 if i == j else 0.0) for j in range(n)] for i in range(n)]
        for x, y in data:
            z = sum(b * v for b, v in zip(beta, x) if v)
            prob = 1.0 / (1.0 + math.exp(-z))
            nz = [(i, v) for i, v in enumerate(x) if v]
            for i, v in nz:
                grad[i] += (y - prob) * v
                for j, u in nz:
                    hess[i][j] += prob * (1.0 - prob) * v * u
        step = _solve(hess, grad)
        beta = [b + d for b, d in zip(beta, step)]
        if max((abs(d) for d in step), default=0.0) < 1e-9:
            break
    counts = players.group_by("hero").agg(pl.len().cast(pl.Int64).alias("games"))
    return (pl.DataFrame({"hero": heroes, "strength": beta}).join(counts, on="hero")
            .sort("strength", descending=True))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b (a symmetric positive definite, small) by Gaussian elimination."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-15:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-15 else 0.0 for i in range(n)]


# --------------------------------------------------------------------------- line-ups and seats
def lineup_results(players: pl.DataFrame) -> pl.DataFrame:
    """Each line-up's record. Team play: one row per match-up of two pairs, ``side_1`` and
    ``side_2`` ("a+b", the pair with the better record first), ``games``, ``wins_1``, ``wins_2``,
    ``draws``, ``win_rate`` (side 1's) with ``ci_low``/``ci_high``. Free-for-all: one row per set
    of heroes, ``side_1`` the hero that won most of them, ``side_2`` the others ("b / c"), the same
    columns (``wins_2``: the others' wins together)."""
    teams = (players.group_by("game_id", "team")
             .agg(pl.col("hero").sort().str.join("+").alias("side"), pl.col("won").any().alias("won")))
    per_game = teams.group_by("game_id").agg(pl.col("side"), pl.col("won"))
    rows: dict[tuple[str, ...], dict] = {}
    for sides, won in per_game.select("side", "won").iter_rows():
        key = tuple(sorted(sides))
        r = rows.setdefault(key, {"games": 0, "draws": 0, **{s: 0 for s in key}})
        r["games"] += 1
        if not any(won):
            r["draws"] += 1
        for s, w in zip(sides, won):
            r[s] += int(w)
    out = []
    for key, r in rows.items():
        best = max(key, key=lambda s: (r[s], s))
        others = [s for s in key if s != best]
        out.append({"lineup": " / ".join(key), "side_1": best, "side_2": " / ".join(others), "games": r["games"],
                    "wins_1": r[best], "wins_2": sum(r[s] for s in others), "draws": r["draws"]})
    schema = {"lineup": pl.Utf8, "side_1": pl.Utf8, "side_2": pl.Utf8, "games": pl.Int64, "wins_1": pl.Int64,
              "wins_2": pl.Int64, "draws": pl.Int64}
    df = pl.DataFrame(out, schema=schema)
    return with_ci(df, "wins_1", "games", "win_rate", "ci_low", "ci_high").sort(["win_rate", "lineup"],
                                                                                descending=[True, False])


def team_turn_order(players: pl.DataFrame) -> pl.DataFrame:
    """Team play: the team that moves first (positions 1 and 3) against the team that moves second
    (2 and 4), one row each (in a 2 v 2 the turn position is the team's). Columns: ``order``
    ("first", "second"), ``games``, ``wins``, ``win_rate``, ``ci_low``, ``ci_high``."""
    t = (players.group_by("game_id", "team").agg(pl.col("seat").min().alias("seat"), pl.col("won").any().alias("won"))
         .with_columns(pl.when(pl.col("seat") == 0).then(pl.lit("first")).otherwise(pl.lit("second")).alias("order")))
    df = t.group_by("order").agg(pl.len().cast(pl.Int64).alias("games"),
                                 pl.col("won").sum().cast(pl.Int64).alias("wins")).sort("order")
    return with_ci(df, "wins", "games", "win_rate", "ci_low", "ci_high")


def positions_differ(tp: pl.DataFrame, fair: float) -> bool:
    """Whether some turn position's interval (``turn_position``) excludes the fair share."""
    return any(lo is not None and (lo > fair or hi < fair) for lo, hi in tp.select("ci_low", "ci_high").iter_rows())


# --------------------------------------------------------------------------- eliminations
def eliminations(run, players: pl.DataFrame) -> pl.DataFrame:
    """Free-for-all: who eliminated whom. One row per player eliminated: ``game_id``, ``hero``
    (eliminated), ``by_hero`` (the hero whose side dealt the damage that defeated it; null when
    nobody did — exhaustion — and the hero itself for its own card), ``detail`` (the source of
    that damage), ``turn``, ``winner_hero`` (the game's winner, null for none). Read from the
    ``defeat`` of the player's hero, the last defeat logged for that player before its
    ``eliminated`` row."""
    ev = run.collect(run.events.filter(pl.col("kind").is_in(("defeat", "eliminated")))
                     .select("game_id", "seq", "turn", "player", "kind", "detail", "by_player"))
    out = ev.filter(pl.col("kind") == "eliminated").select("game_id", "player", pl.col("seq").alias("out_seq"),
                                                           pl.col("turn").cast(pl.Int32), "detail")
    defeats = ev.filter(pl.col("kind") == "defeat").select("game_id", "player", "seq", "by_player",
                                                           pl.col("detail").alias("defeat_detail"))
    last = (out.join(defeats, on=["game_id", "player"], how="left")
            .filter(pl.col("seq").is_null() | (pl.col("seq") < pl.col("out_seq")))
            .sort("seq").group_by("game_id", "player").agg(pl.col("by_player").last(), pl.col("defeat_detail").last()))
    who = players.select("game_id", pl.col("slot").alias("player"), "hero")
    winners = (players.filter(pl.col("won")).group_by("game_id").agg(pl.col("hero").first().alias("winner_hero")))
    df = (out.join(last, on=["game_id", "player"], how="left").join(who, on=["game_id", "player"], how="left")
          .join(who.rename({"player": "by_player", "hero": "by_hero"}), on=["game_id", "by_player"], how="left")
          .join(winners, on="game_id", how="left"))
    return df.select("game_id", "hero", "by_hero", pl.coalesce("defeat_detail", "detail").alias("detail"), "turn",
                     "winner_hero").sort("game_id", "turn")


def kingmaking(elims: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """Per hero: ``games``, ``eliminations`` it made (of other heroes), ``for_itself`` (then won
    the game), ``for_another`` (another hero won: the elimination made that one king), with
    ``kingmaking_share`` = for_another / eliminations; and ``eliminated`` (times it was knocked
    out), ``by_the_winner`` of those."""
    made = (elims.filter(pl.col("by_hero").is_not_null() & (pl.col("by_hero") != pl.col("hero")))
            .group_by(pl.col("by_hero").alias("hero"))
            .agg(pl.len().cast(pl.Int64).alias("eliminations"),
                 (pl.col("winner_hero") == pl.col("by_hero")).sum().cast(pl.Int64).alias("for_itself"),
                 (pl.col("winner_hero").is_not_null() & (pl.col("winner_hero") != pl.col("by_hero")))
                 .sum().cast(pl.Int64).alias("for_another")))
    taken = elims.group_by("hero").agg(pl.len().cast(pl.Int64).alias("eliminated"),
                                       (pl.col("by_hero") == pl.col("winner_hero")).fill_null(False).sum()
                                       .cast(pl.Int64).alias("by_the_winner"))
    games = players.group_by("hero").agg(pl.len().cast(pl.Int64).alias("games"))
    df = (games.join(made, on="hero", how="left").join(taken, on="hero", how="left")
          .with_columns(pl.col("eliminations", "for_itself", "for_another", "eliminated", "by_the_winner").fill_null(0)))
    return df.with_columns(pl.when(pl.col("eliminations") > 0).then(pl.col("for_another") / pl.col("eliminations"))
                           .otherwise(None).alias("kingmaking_share")).sort("hero")
