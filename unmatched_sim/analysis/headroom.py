"""How well does the AI play each hero? The headroom a stronger policy finds, hero by hero.

A checked run (``--check-with POLICY[:K]``, see ``unmatched_sim.headroom``) replays the first K
games of every pairing with ``POLICY`` playing one hero and the run's own policy the other. Each
such game has a twin among the run's own games: the same pairing, seed and seat, the same
opponent policy — only the policy playing the hero differs. Per hero, the **gain** is the mean of
``won with POLICY − won with the run's policy`` over these pairs (−1, 0 or +1 each), with a 95%
interval from the cluster-robust standard error, clustered by seed (the two seats of a seed come
from the same deal; ``analysis.compare.paired_mean_se``).

Across heroes: the mean gain, its spread (SD), and the spread noise alone would give (the root
mean square of the heroes' standard errors). ``reading`` turns them into a sentence for a
designer: low and even headroom means the verdicts are the heroes'; large or uneven headroom
means they are partly the AI's.

This module reads only the Parquet logs; it never imports the engine.
"""

from __future__ import annotations

import math

import polars as pl

from unmatched_sim.analysis.compare import paired_mean_se
from unmatched_sim.analysis.run import RunLike, as_run
from unmatched_sim.stats import Z95

#: a mean gain below this (a share: 5 points) is low headroom
LOW = 0.05
#: heroes' gains spread more than this beyond noise (5 points SD) are uneven headroom
UNEVEN = 0.05

_GAME_COLUMNS = ("seed", "pair", "hero_a", "hero_b", "first_player", "winner", "policy_a", "policy_b")


def check_policies(run: RunLike) -> tuple[str, str] | None:
    """(the run's policy, the checking policy) of a checked run; None for any other run."""
    run = as_run(run)
    check = run.meta.get("check_with")
    return (run.meta.get("policy_a"), check) if check else None


def paired_outcomes(run: RunLike) -> pl.DataFrame:
    """One row per check game, paired with the run's own game on the same pairing, seed and seat:
    hero (the one the checking policy played), opponent, seed, pair, first (the hero moved first),
    won_base (the hero won under the run's policy), won_check (under the checking policy). Empty
    for a run that was not checked."""
    run = as_run(run)
    pols = check_policies(run)
    schema = {"hero": pl.Utf8, "opponent": pl.Utf8, "seed": pl.Int64, "pair": pl.Int64, "first": pl.Boolean,
              "won_base": pl.Boolean, "won_check": pl.Boolean}
    if pols is None:
        return pl.DataFrame(schema=schema)
    base, check = pols
    frames = [run.games] + ([run.robust_games] if run.robust_games is not None else [])
    g = pl.concat([f.select(_GAME_COLUMNS) for f in frames])
    key = ["hero_a", "hero_b", "pair", "first_player"]
    own = (g.filter((pl.col("policy_a") == base) & (pl.col("policy_b") == base))
           .select(*key, pl.col("winner").alias("winner_base")))
    parts = []
    for side, other in (("a", "b"), ("b", "a")):
        checked = g.filter((pl.col(f"policy_{side}") == check) & (pl.col(f"policy_{other}") == base))
        parts.append(checked.join(own, on=key, how="inner").select(
            pl.col(f"hero_{side}").alias("hero"), pl.col(f"hero_{other}").alias("opponent"),
            pl.col("seed").cast(pl.Int64), pl.col("pair").cast(pl.Int64),
            (pl.col("first_player") == side).alias("first"),
            (pl.col("winner_base") == side).fill_null(False).alias("won_base"),
            (pl.col("winner") == side).fill_null(False).alias("won_check")))
    return run.collect(pl.concat(parts), "games").cast(schema).sort("hero", "opponent", "pair", "first")


def gains(pairs: pl.DataFrame, heroes: list[str] | None = None) -> pl.DataFrame:
    """Per hero from ``paired_outcomes``' rows: games (pairs), base_wins, check_wins, base_win_rate,
    check_win_rate, gain (check − base win rate, in [−1, 1]), gain_se (cluster-robust, by seed;
    None with fewer than two seeds), gain_lo, gain_hi (95%). In ``heroes`` order when given
    (heroes without a pair left out), else alphabetical."""
    order = heroes or sorted(set(pairs["hero"].to_list()))
    rows = []
    for hero in order:
        sub = pairs.filter(pl.col("hero") == hero)
        if not sub.height:
            continue
        d = [int(c) - int(b) for b, c in sub.select("won_base", "won_check").iter_rows()]
        mean, se = paired_mean_se(d, sub["seed"].to_list())
        n = sub.height
        wb, wc = int(sub["won_base"].sum()), int(sub["won_check"].sum())
        rows.append({"hero": hero, "games": n, "base_wins": wb, "check_wins": wc, "base_win_rate": wb / n,
                     "check_win_rate": wc / n, "gain": mean, "gain_se": se,
                     "gain_lo": None if se is None else max(-1.0, mean - Z95 * se),
                     "gain_hi": None if se is None else min(1.0, mean + Z95 * se)})
    return pl.DataFrame(rows, schema={"hero": pl.Utf8, "games": pl.Int64, "base_wins": pl.Int64,
                                      "check_wins": pl.Int64, "base_win_rate": pl.Float64,
                                      "check_win_rate": pl.Float64, "gain": pl.Float64, "gain_se": pl.Float64,
                                      "gain_lo": pl.Float64, "gain_hi": pl.Float64})


def headroom(run: RunLike) -> pl.DataFrame:
    """Per hero of a checked run (``gains`` of ``paired_outcomes``), in the run's hero order, with
    the two policies as columns ``policy`` and ``check_with``. Empty for a run that was not checked."""
    run = as_run(run)
    pols = check_policies(run)
    table = gains(paired_outcomes(run), run.heroes())
    base, check = pols or (None, None)
    return table.with_columns(pl.lit(base, pl.Utf8).alias("policy"), pl.lit(check, pl.Utf8).alias("check_with"))


def headroom_summary(table: pl.DataFrame) -> dict:
    """Across the heroes of ``headroom``'s (or ``gains``') table: heroes, games (check games in
    all), mean_gain and its 95% interval (mean_lo, mean_hi), sd_gain (spread across heroes),
    noise_sd (the spread noise alone would give: the root mean square of the heroes' standard
    errors; None when a hero's gain has none: a single seed), beyond_noise (sqrt(max(0, sd² −
    noise²))), lowest / highest ((hero, gain)), low (mean below ``LOW``), too_few (noise unknown),
    uneven (beyond_noise above ``UNEVEN``, never when too_few), policy and check_with."""
    n = table.height
    out: dict = {"heroes": n, "games": int(table["games"].sum()) if n else 0,
                 "policy": table["policy"][0] if n and "policy" in table.columns else None,
                 "check_with": table["check_with"][0] if n and "check_with" in table.columns else None}
    if not n:
        return out
    g = table["gain"].to_list()
    ses = [s for s in table["gain_se"].to_list() if s is not None]
    mean = sum(g) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in g) / (n - 1)) if n > 1 else None
    # noise is known only when every hero's gain has a standard error (two seeds or more)
    noise = math.sqrt(sum(s * s for s in ses) / n) if len(ses) == n else None
    mean_se = math.sqrt(sum(s * s for s in ses)) / n if len(ses) == n else None
    beyond = math.sqrt(max(0.0, sd * sd - noise * noise)) if sd is not None and noise is not None else sd
    order = table.sort("gain")
    out.update({"mean_gain": mean, "mean_lo": None if mean_se is None else mean - Z95 * mean_se,
                "mean_hi": None if mean_se is None else mean + Z95 * mean_se,
                "sd_gain": sd, "noise_sd": noise, "beyond_noise": beyond,
                "lowest": (order["hero"][0], order["gain"][0]), "highest": (order["hero"][-1], order["gain"][-1]),
                "low": mean < LOW, "too_few": noise is None,
                "uneven": noise is not None and beyond is not None and beyond > UNEVEN})
    return out


def _pts(x: float | None) -> str:
    """A gain as the report's headroom table writes it (``report.format.pts``), so the two agree."""
    from unmatched_sim.report.format import pts
    return pts(x)


def reading(s: dict, names: dict[str, str] | None = None) -> str:
    """``headroom_summary`` read for a designer, in one or two sentences (heroes by ``names``)."""
    names = names or {}
    if not s.get("heroes"):
        return "No hero has check games paired with the run's own, so the headroom is unknown."
    base, check = f"`{s.get('policy')}`", f"`{s.get('check_with')}`"
    mean, sd, noise = s["mean_gain"], s["sd_gain"], s["noise_sd"]
    (lo_h, lo_g), (hi_h, hi_g) = s["lowest"], s["highest"]
    from unmatched_sim.report.format import num
    beyond = s.get("beyond_noise")
    spread = ("" if sd is None else f" (SD {num(100 * sd, 1)} points across heroes"
              + ("" if noise is None else f"; noise alone would give about {num(100 * noise, 1)}")
              + ("" if noise is None or beyond is None else
                 ", so none of it is measurably the heroes'" if beyond < 0.0005 else
                 f", so about {num(100 * beyond, 1)} of it is the heroes'")
              + ")")
    if mean <= -LOW:
        return (f"{check} wins {num(100 * -mean, 1)} points less than {base} with the same heroes on the same deals: "
                "it is not a stronger player, so it cannot show what better play would get from each hero. Check "
                "with a stronger policy, e.g. `--check-with ismcts:iterations=200`.")
    if s["too_few"]:
        return (f"{check} wins {_pts(mean)} more than {base} on average, from {_pts(lo_g)} "
                f"({names.get(lo_h, lo_h)}) to {_pts(hi_g)} ({names.get(hi_h, hi_h)}), but some hero was checked on "
                "a single seed, so these gains cannot be told from noise: replay more games (`--check-with "
                "POLICY:K` with K of 4 or more).")
    if s["uneven"]:
        return (f"**Uneven headroom: the verdicts are partly the AI's.** Playing a hero with {check} instead of "
                f"{base} gains from {_pts(lo_g)} ({names.get(lo_h, lo_h)}) to {_pts(hi_g)} "
                f"({names.get(hi_h, hi_h)}){spread}: the AI underplays some heroes more than others, so those with "
                "a large gain are likely stronger than their win rates here say, and a balance change aimed at them "
                "may be fixing the AI rather than the hero.")
    if not s["low"]:
        return (f"**Large, even headroom: the verdicts are partly the AI's.** {check} wins {_pts(mean)} more than "
                f"{base} on average, about as much with every hero{spread}. The ranking probably stands, but the "
                "run's AI leaves a lot unplayed with every hero, so its win rates describe a weaker player than "
                "the game deserves; confirm a close verdict with better play before acting on it.")
    return (f"**Low, even headroom: the verdicts are the heroes'.** {check} wins only {_pts(mean)} more than "
            f"{base} on average, and about as much with every hero{spread}: the run's AI gets close to what better "
            "play gets from each hero.")
