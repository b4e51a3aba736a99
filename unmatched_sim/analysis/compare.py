"""Paired comparison of two runs made from the same seeds (``sim compare RUN_A RUN_B``).

Two runs of the same command with one edit (a ``--set`` override, an edited hero file, another
policy or board) play game *i* from the same seed, the same deals and the same seat. Their games
are pairs: most are decided the same way in both runs, so the *difference* of a win rate varies
far less than either win rate does. The paired interval uses that: per game the hero scores
``won in B − won in A`` (−1, 0 or +1), and the 95% interval of the mean difference is the normal
interval with a cluster-robust variance, clustered by seed (the two seatings of a seed are played
from the same deals, so they are not independent either). The unpaired interval (Newcombe's
hybrid score interval from the two Wilson intervals) is what two independent runs would give;
it ignores the pairing and is shown for comparison.

Everything reads games by player (``analysis.players``): one row per (game, player) with its
hero, whom it played and the line-up, so a free-for-all or team run is compared the same way as
a duel run — per hero, and per matchup (a duel) or per line-up and hero (a free-for-all or team
game). Each row also says where the hero stands after the change: its win rate in run B with a
95% Wilson interval, against an even result (50%; a free-for-all: one in the number of players).
"""

from __future__ import annotations

import math

import polars as pl

from unmatched_sim.analysis.players import players
from unmatched_sim.analysis.run import RunLike, as_run, is_ladder
from unmatched_sim.errors import UserError
from unmatched_sim.stats import Z95, wilson_interval

#: run.json fields that must match for the games to be the same games
SAME = ("seed", "games_per_pairing", "pairings")
#: run.json fields that may differ: each difference is an edit the comparison measures
EDITS = ("board", "policy_a", "policy_b", "max_turns", "overrides", "matchups")


def not_comparable(a, b) -> list[str]:
    """Why two runs cannot be compared game by game (empty when they can)."""
    a, b = as_run(a), as_run(b)
    why = []
    for key in SAME:
        va, vb = a.meta.get(key), b.meta.get(key)
        if va != vb:
            label = {"seed": "run seed", "games_per_pairing": "games per pairing", "pairings": "pairings"}[key]
            why.append(f"different {label} ({_short(va)} vs {_short(vb)})")
    if is_ladder(a.meta) != is_ladder(b.meta):
        why.append("one is a policy ladder and the other is not")
    if why:
        return why
    ga = a.collect(a.games.select("game_id", "seed", "hero_a", "hero_b", "first_player"), "games")
    gb = b.collect(b.games.select("game_id", "seed", "hero_a", "hero_b", "first_player"), "games")
    if ga.height != gb.height:
        return [f"different numbers of games ({ga.height:,} vs {gb.height:,})"]
    j = ga.join(gb, on="game_id", how="full", suffix="_b", coalesce=True)
    bad = j.filter((pl.col("seed") != pl.col("seed_b")) | pl.col("seed").is_null() | pl.col("seed_b").is_null()
                   | (pl.col("hero_a") != pl.col("hero_a_b")) | (pl.col("hero_b") != pl.col("hero_b_b"))
                   | (pl.col("first_player") != pl.col("first_player_b")))
    if bad.height:
        r = bad.row(0, named=True)
        why.append(f"game {r['game_id']} is not the same game in both runs (seed {r['seed']} vs {r['seed_b']}); "
                   f"{bad.height:,} games differ")
        return why
    pa = players(a).select("game_id", "player", "hero")
    pb = players(b).select("game_id", "player", "hero")
    seated = pa.join(pb, on=["game_id", "player"], how="full", suffix="_b", coalesce=True).filter(
        pl.col("hero").ne_missing(pl.col("hero_b")))
    if seated.height:
        r = seated.row(0, named=True)
        why.append(f"game {r['game_id']} seats {r['hero']} in slot {r['player']} in one run and {r['hero_b']} in the "
                   f"other; {seated['game_id'].n_unique():,} games differ")
    return why


def _short(v) -> str:
    text = str(v)
    return text if len(text) <= 60 else text[:57] + "..."


def check_comparable(a, b) -> None:
    for r in (as_run(a), as_run(b)):
        if r.meta.get("format") == "coop":
            raise UserError(f"{r.path or r.name} is a co-op run; sim compare reads duel, free-for-all and "
                            "team runs (`sim report` reads a co-op run)")
    why = not_comparable(a, b)
    if why:
        raise UserError("the runs are not comparable game by game: " + "; ".join(why)
                        + " (a paired comparison needs two runs of the same command and seed, one with an edit)")


def differences(a, b) -> list[str]:
    """What differs between the two runs' inputs: the edits being measured."""
    a, b = as_run(a), as_run(b)
    out = []
    for key in EDITS:
        va, vb = a.meta.get(key), b.meta.get(key)
        if key == "overrides":
            va, vb = va or [], vb or []
        if va != vb:
            if key == "overrides":
                out.append(f"overrides: {'; '.join(va) or 'none'} → {'; '.join(vb) or 'none'}")
            else:
                out.append(f"{key}: {_short(va)} → {_short(vb)}")
    fa, fb = a.meta.get("hero_files") or {}, b.meta.get("hero_files") or {}
    for h in sorted(set(fa) | set(fb)):
        sa, sb = (fa.get(h) or {}).get("sha256"), (fb.get(h) or {}).get("sha256")
        if sa != sb:
            out.append(f"hero file {h}: sha256 {str(sa)[:12]} → {str(sb)[:12]}")
    ba, bb = (a.meta.get("board_file") or {}).get("sha256"), (b.meta.get("board_file") or {}).get("sha256")
    if ba != bb and a.meta.get("board") == b.meta.get("board"):
        out.append(f"board file: sha256 {str(ba)[:12]} → {str(bb)[:12]}")
    return out


# --------------------------------------------------------------------------- paired sides
def paired_sides(a, b) -> pl.DataFrame:
    """One row per (game, player) present in both runs: game_id, seed, player, hero, opponent
    (whom the player played: see ``analysis.players``' ``against``), lineup, format, mirror,
    won_a, won_b (bool), d (won_b − won_a as −1/0/+1). Checks comparability first."""
    a, b = as_run(a), as_run(b)
    check_comparable(a, b)
    sa = players(a).select("game_id", "seed", "player", "hero", pl.col("against").alias("opponent"), "lineup",
                           "format", "mirror", pl.col("won").alias("won_a"))
    sb = players(b).select("game_id", "player", pl.col("won").alias("won_b"))
    return (sa.join(sb, on=["game_id", "player"])
            .with_columns((pl.col("won_b").cast(pl.Int64) - pl.col("won_a").cast(pl.Int64)).alias("d"))
            .select("game_id", "seed", "player", "hero", "opponent", "lineup", "format", "mirror", "won_a", "won_b",
                    "d"))


def even_share(ps: pl.DataFrame) -> float:
    """The win rate of an even result: 50% in a duel or a team game, one in the number of
    players in a free-for-all."""
    if ps.height and ps["format"][0] == "ffa":
        return 1 / (2 + ps["opponent"][0].count(", "))
    return 0.5


def standing(win_rate: float, lo: float, hi: float, even: float, hero: str, opponent: str | None,
             names: dict[str, str] | None = None) -> str:
    """Where a hero stands, in words: "even (not distinguishable from 50%)", or whom the
    result favours and by how many points (the interval's distance from the even mark)."""
    nm = (names or {}).get
    mark = f"{100 * even:.3g}%"
    if lo <= even <= hi:
        return f"not distinguishable from {mark}"
    if lo > even:
        return f"favours {nm(hero, hero)} by {100 * (lo - even):.0f}–{100 * (hi - even):.0f} points above {mark}"
    who = ("its opponents" if not opponent else "the other team" if "+" in opponent
           else "the others" if "," in opponent else nm(opponent, opponent))
    return f"favours {who}: {nm(hero, hero)} is {100 * (even - hi):.0f}–{100 * (even - lo):.0f} points below {mark}"


def paired_mean_se(d: list[int], clusters: list) -> tuple[float, float | None]:
    """Mean of ``d`` and its cluster-robust standard error (clusters: one key per value); the
    error is None with fewer than two clusters, and the mean 0 without data."""
    n = len(d)
    if n == 0:
        return (0.0, None)
    mean = sum(d) / n
    sums: dict = {}
    sizes: dict = {}
    for x, c in zip(d, clusters):
        sums[c] = sums.get(c, 0) + x
        sizes[c] = sizes.get(c, 0) + 1
    k = len(sums)
    if k < 2:
        return (mean, None)
    var = sum((sums[c] - sizes[c] * mean) ** 2 for c in sums) / (n * n) * k / (k - 1)
    return (mean, math.sqrt(var))


def paired_interval(d: list[int], clusters: list) -> tuple[float, float, float]:
    """Mean of ``d`` and its 95% interval, cluster-robust (clusters: one key per value)."""
    mean, se = paired_mean_se(d, clusters)
    if se is None:
        return (mean, mean, mean)
    half = Z95 * se
    return (mean, max(-1.0, mean - half), min(1.0, mean + half))


def unpaired_interval(wins_a: int, wins_b: int, n_a: int, n_b: int) -> tuple[float, float]:
    """Newcombe's hybrid score interval for p_B − p_A from two independent samples."""
    pa, pb = wins_a / n_a, wins_b / n_b
    la, ua = wilson_interval(wins_a, n_a)
    lb, ub = wilson_interval(wins_b, n_b)
    diff = pb - pa
    return (diff - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2), diff + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2))


def _summarise(ps: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    rows = []
    even = even_share(ps)
    for key, g in ps.sort("game_id").group_by(keys, maintain_order=True):
        n = g.height
        wa, wb = int(g["won_a"].sum()), int(g["won_b"].sum())
        mean, lo, hi = paired_interval(g["d"].to_list(), g["seed"].to_list())
        ulo, uhi = unpaired_interval(wa, wb, n, n)
        la, ha = wilson_interval(wa, n)
        lb, hb = wilson_interval(wb, n)
        rows.append({**dict(zip(keys, key)), "games": n, "wins_a": wa, "wins_b": wb,
                     "win_rate_a": wa / n, "win_rate_b": wb / n, "ci_low_a": la, "ci_high_a": ha,
                     "ci_low_b": lb, "ci_high_b": hb, "even": even, "change": (wb - wa) / n,
                     "paired_ci_low": lo, "paired_ci_high": hi, "unpaired_ci_low": ulo, "unpaired_ci_high": uhi,
                     "significant": lo > 0 or hi < 0,
                     "flipped_to_win": int((g["d"] == 1).sum()), "flipped_to_loss": int((g["d"] == -1).sum())})
    schema = {k: pl.Utf8 for k in keys}
    schema.update({"games": pl.Int64, "wins_a": pl.Int64, "wins_b": pl.Int64, "win_rate_a": pl.Float64,
                   "win_rate_b": pl.Float64, "ci_low_a": pl.Float64, "ci_high_a": pl.Float64,
                   "ci_low_b": pl.Float64, "ci_high_b": pl.Float64, "even": pl.Float64, "change": pl.Float64,
                   "paired_ci_low": pl.Float64, "paired_ci_high": pl.Float64, "unpaired_ci_low": pl.Float64,
                   "unpaired_ci_high": pl.Float64, "significant": pl.Boolean, "flipped_to_win": pl.Int64,
                   "flipped_to_loss": pl.Int64})
    return pl.DataFrame(rows, schema=schema).sort(keys)


def compare_heroes(a: RunLike, b: RunLike, paired: pl.DataFrame | None = None) -> pl.DataFrame:
    """Each hero's win rate against other heroes (mirrors left out) in run A and run B.

    Columns: ``hero``, ``games``, ``wins_a``, ``wins_b``, ``win_rate_a``, ``win_rate_b``,
    ``ci_low_a``/``ci_high_a`` and ``ci_low_b``/``ci_high_b`` (each run's 95% Wilson interval:
    where the hero stands before and after), ``even`` (the even mark), ``change`` (B − A),
    ``paired_ci_low``/``_high`` (95%, paired by game, clustered by seed),
    ``unpaired_ci_low``/``_high`` (95%, as if the runs were independent), ``significant`` (the
    paired interval excludes 0), ``flipped_to_win`` / ``flipped_to_loss`` (games the hero lost
    in A and won in B, and the reverse)."""
    ps = paired if paired is not None else paired_sides(a, b)
    return _summarise(ps.filter(~pl.col("mirror")), ["hero"])


def compare_matchups(a: RunLike, b: RunLike, paired: pl.DataFrame | None = None) -> pl.DataFrame:
    """As ``compare_heroes``, one row per matchup: in a duel run, each pair of heroes once, from
    the side of the hero named first in the run's pairings (``hero``, ``opponent``; mirrors left
    out); in a free-for-all or team run, each line-up and hero (``opponent``: the others at the
    table). A ``lineup`` column names the matchup."""
    a = as_run(a)
    ps = paired if paired is not None else paired_sides(a, b)
    ps = ps.filter(~pl.col("mirror"))
    if ps.height and ps["format"][0] == "duel":
        first = {}
        for i, p in enumerate(a.meta.get("pairings") or []):
            first.setdefault(tuple(sorted(p)), p[0])
        keep = [(h, o) for h, o in ps.select("hero", "opponent").unique().iter_rows()
                if first.get(tuple(sorted((h, o))), min(h, o)) == h]
        ps = ps.join(pl.DataFrame(keep, schema={"hero": pl.Utf8, "opponent": pl.Utf8}, orient="row"),
                     on=["hero", "opponent"])
    out = _summarise(ps, ["lineup", "hero", "opponent"])
    first = ("hero", "opponent", "lineup")
    return out.select(*first, *[c for c in out.columns if c not in first])


def flipped_games(a: RunLike, b: RunLike) -> pl.DataFrame:
    """Games whose winner differs between the runs: game_id, seed, lineup (the heroes at the
    table), hero_a, hero_b, first_hero, winner_a, winner_b (the winning hero(es) in each run, null
    for a draw), turns_a, turns_b, end_reason_a, end_reason_b. ``sim replay RUN game_id`` tells
    either version."""
    a, b = as_run(a), as_run(b)
    check_comparable(a, b)
    cols = ["game_id", "seed", "hero_a", "hero_b", "first_hero", "winner", "winner_hero", "turns", "end_reason"]
    ga = a.collect(a.games.select(cols), "games")
    gb = b.collect(b.games.select("game_id", "winner", "winner_hero", "turns", "end_reason"), "games")
    j = ga.join(gb, on="game_id", suffix="_b")
    flipped = j.filter(pl.col("winner").ne_missing(pl.col("winner_b")))
    lineups = players(a).select("game_id", "lineup").unique("game_id")
    flipped = flipped.join(lineups, on="game_id", how="left")
    return flipped.select("game_id", "seed", "lineup", "hero_a", "hero_b", "first_hero",
                          pl.col("winner_hero").alias("winner_a"), pl.col("winner_hero_b").alias("winner_b"),
                          pl.col("turns").alias("turns_a"), pl.col("turns_b"),
                          pl.col("end_reason").alias("end_reason_a"), pl.col("end_reason_b")).sort("game_id")


def compare(a: RunLike, b: RunLike) -> dict:
    """Everything ``sim compare`` shows: heroes, matchups, flipped games, differences, and the
    ratio of unpaired to paired interval widths (how much the pairing saves)."""
    a, b = as_run(a), as_run(b)
    ps = paired_sides(a, b)
    heroes = compare_heroes(a, b, ps)
    matchups = compare_matchups(a, b, ps)
    flips = flipped_games(a, b)
    both = pl.concat([heroes.select("paired_ci_low", "paired_ci_high", "unpaired_ci_low", "unpaired_ci_high"),
                      matchups.select("paired_ci_low", "paired_ci_high", "unpaired_ci_low", "unpaired_ci_high")])
    pw = (both["paired_ci_high"] - both["paired_ci_low"])
    uw = (both["unpaired_ci_high"] - both["unpaired_ci_low"])
    ratio = (uw / pw).filter(pw > 0)
    return {"heroes": heroes, "matchups": matchups, "flipped": flips, "differences": differences(a, b),
            "games": a.n_games(), "width_ratio_median": float(ratio.median()) if ratio.len() else None,
            "format": ps["format"][0] if ps.height else "duel"}


def _json_row(r: dict, names: dict[str, str] | None = None) -> dict:
    opponent = r.get("opponent")
    return {
        **({"heroes": [r["hero"], opponent], "lineup": r["lineup"]} if opponent is not None else {"hero": r["hero"]}),
        "games": r["games"],
        "before": {"wins": r["wins_a"], "win_rate": r["win_rate_a"], "ci95": [r["ci_low_a"], r["ci_high_a"]]},
        "after": {"wins": r["wins_b"], "win_rate": r["win_rate_b"], "ci95": [r["ci_low_b"], r["ci_high_b"]],
                  "verdict": standing(r["win_rate_b"], r["ci_low_b"], r["ci_high_b"], r["even"], r["hero"],
                                      opponent, names)},
        "even": r["even"], "change": r["change"], "change_ci95": [r["paired_ci_low"], r["paired_ci_high"]],
        "unpaired_ci95": [r["unpaired_ci_low"], r["unpaired_ci_high"]], "significant": r["significant"],
        "flipped_to_win": r["flipped_to_win"], "flipped_to_loss": r["flipped_to_loss"]}


def to_json(result: dict, names: dict[str, str] | None = None) -> dict:
    """``compare``'s result as ``sim compare --json`` prints it, shaped like ``sim matchup
    --json``: each hero and matchup with ``games``, and ``before`` / ``after`` each holding
    ``wins``, ``win_rate`` and ``ci95`` as ``[lo, hi]`` (``after`` also the ``verdict``: where it
    stands now); the change with its paired ``change_ci95`` and ``unpaired_ci95``."""
    return {"games": result["games"], "format": result.get("format", "duel"), "differences": result["differences"],
            "heroes": [_json_row(r, names) for r in result["heroes"].iter_rows(named=True)],
            "matchups": [_json_row(r, names) for r in result["matchups"].iter_rows(named=True)],
            "flipped_games": result["flipped"]["game_id"].to_list(),
            "width_ratio_median": result["width_ratio_median"]}
