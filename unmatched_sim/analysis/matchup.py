"""The headline numbers of a two-hero run: win rates with intervals, seats, length, endings."""

from __future__ import annotations

import polars as pl

from unmatched_sim.stats import wilson_interval


def side_keys(hero_a: str, hero_b: str) -> tuple[str, str]:
    """Keys for the two sides in summaries: the hero ids, the second marked in a mirror match."""
    return (hero_a, hero_b) if hero_a != hero_b else (hero_a, f"{hero_b}#2")


def matchup_summary(games: pl.DataFrame) -> dict:
    """Summary of a run of one pairing (a tournament pairing's rows work too)."""
    n = games.height
    hero_a, hero_b = games["hero_a"][0], games["hero_b"][0]
    keys = side_keys(hero_a, hero_b)
    out: dict = {"games": n, "heroes": list(keys), "wins": {}, "win_rate": {}, "ci95": {},
                 "win_rate_by_seat": {}}
    for side, key in zip(("a", "b"), keys):
        wins = games.filter(pl.col("winner") == side).height
        out["wins"][key] = wins
        out["win_rate"][key] = wins / n if n else 0.0
        lo, hi = wilson_interval(wins, n)
        out["ci95"][key] = [lo, hi]
        by_seat = {}
        for seat, goes_first in (("first", True), ("second", False)):
            sub = games.filter((pl.col("first_player") == side) == goes_first)
            w = sub.filter(pl.col("winner") == side).height
            by_seat[seat] = {"games": sub.height, "win_rate": w / sub.height if sub.height else None,
                             "ci95": list(wilson_interval(w, sub.height))}
        out["win_rate_by_seat"][key] = by_seat
    out["draws"] = games.filter(pl.col("winner").is_null()).height
    first_wins = games.filter(pl.col("winner") == pl.col("first_player")).height
    out["first_player_win_rate"] = first_wins / n if n else 0.0
    out["first_player_ci95"] = list(wilson_interval(first_wins, n))
    out["mean_turns"] = float(games["turns"].mean()) if n else 0.0
    reasons = games.group_by("end_reason").len().sort(["len", "end_reason"], descending=[True, False])
    out["end_reasons"] = {r: c for r, c in reasons.iter_rows()}
    return out
