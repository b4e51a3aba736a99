"""Is a matchup's verdict a property of the heroes or of the AI playing them?

``robust_matchup`` plays the same seeds (each from both seats) under several policies — each
policy playing *both* heroes — and reports each policy's win rate for the first hero with its
95% Wilson interval and a verdict (favours A, favours B, or not distinguishable from 50%). The
matchup is labelled **policy-dependent** when the verdicts differ, or when two policies' win
rates differ by more than ``spread`` (default 10 points) — a designer should not act on such a
figure without looking at how the heroes are played (``sim replay``, ``analysis.play_stats``).
"""

from __future__ import annotations

from joblib import Parallel, delayed

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.runner import GameSpec, game_seed, play_game
from unmatched_sim.stats import wilson_interval


def _play(hero_a: str, hero_b: str, policy: str, board_id: str, seed: int, indices: list[int]):
    heroes = {h: find_hero(h) for h in (hero_a, hero_b)}
    board = find_board(board_id)
    wins = draws = games = 0
    for i in indices:
        g = GameSpec(0, i // 2, game_seed(seed, hero_a, hero_b, i // 2), hero_a, hero_b, a_first=(i % 2 == 0))
        _, row = play_game(g, heroes, board, policy, policy, record=False)
        wins += row["winner"] == "a"
        draws += row["winner"] is None
        games += 1
    return wins, draws, games


def verdict(lo: float, hi: float) -> str:
    return "even" if lo <= 0.5 <= hi else ("favours A" if lo > 0.5 else "favours B")


def robust_matchup(hero_a: str, hero_b: str, policies: list[str], games: int = 200, seed: int = 1,
                   board: str = "marmoreal", jobs: int = 1, spread: float = 0.10) -> dict:
    """Per policy: wins, games, win_rate (hero A), ci95, verdict; plus ``policy_dependent`` and
    ``reason``. ``games`` per policy (an even number: each seed from both seats)."""
    a, b = find_hero(hero_a).id, find_hero(hero_b).id
    games += games % 2
    chunks = [list(range(k, games, max(1, jobs))) for k in range(max(1, jobs))]
    par = Parallel(n_jobs=jobs)
    out = {"hero_a": a, "hero_b": b, "games": games, "seed": seed, "board": board, "policies": {}}
    for policy in policies:
        parts = par(delayed(_play)(a, b, policy, board, seed, c) for c in chunks if c)
        w = sum(p[0] for p in parts)
        d = sum(p[1] for p in parts)
        n = sum(p[2] for p in parts)
        lo, hi = wilson_interval(w, n)
        out["policies"][policy] = {"wins": w, "draws": d, "games": n, "win_rate": w / n,
                                   "ci95": [lo, hi], "verdict": verdict(lo, hi)}
    rows = list(out["policies"].values())
    verdicts = {r["verdict"] for r in rows}
    rates = [r["win_rate"] for r in rows]
    gap = max(rates) - min(rates) if rates else 0.0
    reasons = []
    if len(verdicts) > 1:
        reasons.append("the verdict changes with the policy (" + ", ".join(
            f"{p}: {r['verdict']}" for p, r in out["policies"].items()) + ")")
    if gap > spread:
        reasons.append(f"win rates differ by {100 * gap:.0f} points between policies")
    out["spread"] = gap
    out["policy_dependent"] = bool(reasons)
    out["reason"] = "; ".join(reasons) if reasons else "same verdict under every policy"
    return out
