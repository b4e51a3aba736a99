"""The policy ladder: which AI plays Unmatched better, measured over many heroes.

Every pair of policies meets on every hero matchup — mirrors (both play the same hero) and
mixed (each policy plays each of the two heroes in turn) — and every seed is played from both
seats, so neither hero choice nor going first favours a policy. Seeds depend only on the heroes,
so all pairs of policies play the same deals.

From ``games.parquet`` of such a run this module computes each policy's score against each
other and with each hero (wins / games — a draw is a game neither side won, as in every other
table — with 95% Wilson intervals) and a Bradley-Terry rating on the Elo scale (400 points = 10:1
odds; the mean rating is 1500) fitted to the decided games only (a draw is no evidence either
way), with a 95% interval from a parametric bootstrap of the pairwise results.
"""

from __future__ import annotations

import math
import random

import polars as pl

from unmatched_sim.stats import wilson_interval

ELO_MEAN = 1500.0


def ladder_matchups(heroes: list[str], policies: list[str]) -> list[tuple[str, str, str, str]]:
    """(hero_a, hero_b, policy_a, policy_b) for every pair of policies and hero matchup: mirror
    matches once, mixed matchups both ways round (each policy plays each hero)."""
    out = []
    for i, p in enumerate(policies):
        for q in policies[i + 1:]:
            for j, h1 in enumerate(heroes):
                for h2 in heroes[j:]:
                    out.append((h1, h2, p, q))
                    if h1 != h2:
                        out.append((h2, h1, p, q))
    return out


def split_policy_list(text: str) -> list[str]:
    """'greedy, heuristic:aggression=0.9,caution=0.1 ismcts' -> three specs.

    Specs are separated by spaces or commas; a comma-separated piece that is only ``key=value``
    (no ':') continues the parameters of the spec before it."""
    out: list[str] = []
    for token in text.replace(",", " , ").split():
        if token == ",":
            continue
        if "=" in token and ":" not in token and out:
            out[-1] += ("," if not out[-1].endswith(":") else "") + token
        else:
            out.append(token)
    return out


def pairwise(games: pl.DataFrame) -> dict[tuple[str, str], dict]:
    """Score of policy p against q, over every game between them (either side)."""
    res: dict[tuple[str, str], dict] = {}
    for row in games.select("policy_a", "policy_b", "winner").iter_rows():
        pa, pb, winner = row
        if pa == pb:
            continue
        # One rule for draws everywhere (ladder, matchup, report): a draw is a game neither side won.
        sa, sb = (1.0, 0.0) if winner == "a" else (0.0, 1.0) if winner == "b" else (0.0, 0.0)
        for p, q, s in ((pa, pb, sa), (pb, pa, sb)):
            r = res.setdefault((p, q), {"games": 0, "score": 0.0, "wins": 0, "draws": 0})
            r["games"] += 1
            r["score"] += s
            r["wins"] += s == 1.0
            r["draws"] += winner is None
    for r in res.values():
        n = r["games"]
        r["win_rate"] = r["score"] / n if n else None
        r["ci95"] = list(wilson_interval(r["score"], n))
    return res


def bradley_terry(policies: list[str], score: dict[tuple[str, str], float],
                  games: dict[tuple[str, str], int], prior: float = 0.5) -> dict[str, float]:
    """Elo-scale Bradley-Terry ratings by minorization-maximization.

    ``prior`` adds that many virtual drawn games to every pair that met, so a policy that won
    (or lost) every game still gets a finite rating."""
    k = len(policies)
    idx = {p: i for i, p in enumerate(policies)}
    n = [[0.0] * k for _ in range(k)]
    w = [[0.0] * k for _ in range(k)]
    for (p, q), g in games.items():
        if p in idx and q in idx and g:
            i, j = idx[p], idx[q]
            n[i][j] = g + 2 * prior
            w[i][j] = score[(p, q)] + prior
    s = [1.0] * k
    for _ in range(2000):
        new = []
        for i in range(k):
            wins = sum(w[i])
            denom = sum(n[i][j] / (s[i] + s[j]) for j in range(k) if j != i and n[i][j])
            new.append(wins / denom if denom else s[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        done = max(abs(a - b) for a, b in zip(new, s)) < 1e-10
        s = new
        if done:
            break
    return {p: ELO_MEAN + 400.0 * math.log10(s[idx[p]]) for p in policies}


def ladder_summary(games: pl.DataFrame, policies: list[str] | None = None, *, bootstrap: int = 300,
                   seed: int = 0) -> dict:
    """Pairwise scores, ratings with 95% intervals, and each policy's score by hero."""
    if policies is None:
        seen: list[str] = []
        for p in games["policy_a"].to_list() + games["policy_b"].to_list():
            if p not in seen:
                seen.append(p)
        policies = seen
    pw = pairwise(games)
    score = {k: v["score"] for k, v in pw.items()}
    # the rating is fitted to decided games (a draw is neither side's win, and no evidence either way)
    count = {k: v["games"] - v["draws"] for k, v in pw.items()}
    rating = bradley_terry(policies, score, count)
    # Parametric bootstrap: redraw each pair's results from its observed score.
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {p: [] for p in policies}
    pairs = [(p, q) for (p, q) in pw if policies.index(p) < policies.index(q)] if policies else []
    for _ in range(bootstrap if len(policies) > 1 else 0):
        sc: dict[tuple[str, str], float] = {}
        for p, q in pairs:
            nn = count[(p, q)]
            rate = score[(p, q)] / nn if nn else 0.0
            x = sum(1 for _ in range(nn) if rng.random() < rate)
            sc[(p, q)], sc[(q, p)] = x, nn - x
        r = bradley_terry(policies, sc, count)
        for p in policies:
            samples[p].append(r[p])
    rows = []
    for p in policies:
        tot_n = sum(v["games"] for (a, _), v in pw.items() if a == p)
        tot_s = sum(v["score"] for (a, _), v in pw.items() if a == p)
        vals = sorted(samples[p])
        ci = [vals[int(0.025 * (len(vals) - 1))], vals[int(0.975 * (len(vals) - 1))]] if vals else [None, None]
        rows.append({"policy": p, "rating": rating[p], "rating_ci95": ci, "games": tot_n,
                     "score": tot_s, "win_rate": tot_s / tot_n if tot_n else None,
                     "ci95": list(wilson_interval(tot_s, tot_n))})
    rows.sort(key=lambda r: -r["rating"])
    return {"policies": policies, "ratings": rows,
            "pairwise": [{"policy": p, "opponent": q, **v} for (p, q), v in sorted(pw.items())],
            "by_hero": by_hero(games, policies), "games": games.height,
            "draws": games.filter(pl.col("winner").is_null()).height}


def by_hero(games: pl.DataFrame, policies: list[str]) -> list[dict]:
    """Each policy's score against all others when it plays a given hero (wins / games; a draw is a
    game neither side won)."""
    acc: dict[tuple[str, str], list[float]] = {}
    for pa, pb, ha, hb, winner in games.select("policy_a", "policy_b", "hero_a", "hero_b", "winner").iter_rows():
        if pa == pb:
            continue
        # the same rule as ``pairwise``: a draw is a game neither side won (not half a win)
        sa, sb = (1.0, 0.0) if winner == "a" else (0.0, 1.0) if winner == "b" else (0.0, 0.0)
        for p, h, s in ((pa, ha, sa), (pb, hb, sb)):
            a = acc.setdefault((p, h), [0, 0.0])
            a[0] += 1
            a[1] += s
    out = []
    for (p, h), (n, s) in sorted(acc.items(), key=lambda kv: (policies.index(kv[0][0]) if kv[0][0] in policies
                                                               else 99, kv[0][1])):
        out.append({"policy": p, "hero": h, "games": n, "win_rate": s / n, "ci95": list(wilson_interval(s, n))})
    return out
