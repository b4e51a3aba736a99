"""Tune each hero's style vector for the ``tuned`` policy (a measurement, not a test).

    python scripts/tune_styles.py                                   # every hero
    python scripts/tune_styles.py --heroes houdini genie --candidates 16 --games 8
    python scripts/tune_styles.py --write                           # and store each hero's best style

The style is four weights of the heuristic, each 0..1 (``policies/heuristic.py``):
``aggression`` (attack appetite against keeping cards), ``caution`` (how much our health
weighs), ``safety`` (how much the blows foes could deal next turn where we end up weigh),
``reserve`` (how much a last defense card or healing is kept back from BOOSTs and discards).

The optimiser is **successive halving**, a noisy-bandit method: ``--candidates`` style vectors
(the balanced default, the hero file's current style, and seeded random points on a 0..1 grid
of quarters) each play a round of games; the better half goes on to a round with twice the games
on fresh seeds, and so on until one is left. Each game puts the hero, played by the candidate,
against another hero of the roster played by a policy of the opponent pool (``--pool``, taken
in turn), every seed from both seats; within a round every candidate meets exactly the same deals
(common random numbers), so their difference is measured with far less noise than their level.

Training seeds come from ``--seed``; the winner, the balanced default and the file's current style are then measured on
**held-out** seeds (``--seed`` + 1000, ``--holdout`` games per opponent hero and pool policy),
and that is the figure reported (and written as the note): a winner picked on noise does not
keep its lead there. ``--write`` stores the winner in the hero file's ``[ai]`` table only when
its held-out win rate is at least both the default's and the file's current style's.
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date

from joblib import Parallel, delayed
from tqdm import tqdm

from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.data.heroes import AI_STYLE_KEYS, write_ai_style
from unmatched_sim.run import GameSpec, game_seed, play_game
from unmatched_sim.stats import wilson_interval

DEFAULT = {"aggression": 0.55, "caution": 0.5, "safety": 0.5, "reserve": 0.5}


def spec_of(style: dict) -> str:
    return "heuristic:" + ",".join(f"{k}={style[k]:g}" for k in AI_STYLE_KEYS)


def play_block(hero: str, style: dict, others: list[str], pool: list[str], board_id: str,
               seeds: list[int], run_seed: int) -> tuple[int, int]:
    """Wins and games of ``hero`` in ``style`` against every other hero, each played by each
    pool policy, over ``seeds`` (each from both seats)."""
    heroes = {h: find_hero(h) for h in [hero, *others]}
    board = find_board(board_id)
    policy = spec_of(style)
    wins = total = 0
    for opp in others:
        for k, i in enumerate(seeds):
            opp_policy = pool[k % len(pool)]
            for first in (True, False):
                g = GameSpec(0, i, game_seed(run_seed, hero, opp, i), hero, opp, a_first=first)
                _, row = play_game(g, heroes, board, policy, opp_policy, record=False)
                wins += row["winner"] == "a"
                total += 1
    return wins, total


def candidates_for(hero: str, n: int, rng: random.Random) -> list[dict]:
    current = dict(DEFAULT)
    current.update(dict(find_hero(hero).ai_style))
    out = [dict(DEFAULT)]
    if current != DEFAULT:
        out.append(current)
    grid = (0.0, 0.25, 0.5, 0.75, 1.0)
    seen = {tuple(c[k] for k in AI_STYLE_KEYS) for c in out}
    while len(out) < n:
        c = {k: rng.choice(grid) for k in AI_STYLE_KEYS}
        key = tuple(c[k] for k in AI_STYLE_KEYS)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def fmt(style: dict) -> str:
    return " ".join(f"{k[:3]}={style[k]:g}" for k in AI_STYLE_KEYS)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heroes", nargs="*", default=None)
    ap.add_argument("--candidates", type=int, default=12, help="style vectors in the first round")
    ap.add_argument("--games", type=int, default=4,
                    help="seeds per opponent hero in the first round (each from both seats; doubles every round)")
    ap.add_argument("--holdout", type=int, default=10, help="held-out seeds per opponent hero (both seats)")
    ap.add_argument("--pool", default="tuned-v1,heuristic", help="opponent policies, comma-separated")
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--write", action="store_true", help="store each hero's winning style in its file's [ai] table")
    args = ap.parse_args()
    heroes = args.heroes or hero_ids()
    field = hero_ids()
    pool = [p.strip() for p in args.pool.split(",") if p.strip()]
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    # Total games, for the progress bar.
    plan, n, g = [], args.candidates, args.games
    while n > 1:
        plan.append((n, g))
        n, g = (n + 1) // 2, g * 2
    per_hero = sum(n * g for n, g in plan) + 3 * args.holdout
    bar = tqdm(total=per_hero * len(heroes) * 2 * (len(field) - 1), unit="game", desc="tuning")
    par = Parallel(n_jobs=args.jobs)
    report = []
    for hero in heroes:
        others = [o for o in field if o != hero]
        cands = candidates_for(hero, args.candidates, rng)
        next_seed = 0
        history = []
        for n_c, g in plan:
            seeds = list(range(next_seed, next_seed + g))
            next_seed += g
            res = par(delayed(play_block)(hero, c, others, pool, args.board, seeds, args.seed) for c in cands)
            bar.update(len(cands) * g * 2 * len(others))
            scored = sorted(zip(cands, res), key=lambda cr: -cr[1][0] / cr[1][1])
            history.append([(fmt(c), w, t) for c, (w, t) in scored])
            cands = [c for c, _ in scored[: (len(cands) + 1) // 2]]
        best = cands[0]
        current = {**DEFAULT, **dict(find_hero(hero).ai_style)}
        hold = list(range(1000, 1000 + args.holdout))
        (wb, nb), (wd, nd), (wc, nc) = par(delayed(play_block)(hero, c, others, pool, args.board, hold, args.seed)
                                           for c in (best, DEFAULT, current))
        bar.update(3 * args.holdout * 2 * len(others))
        report.append((hero, best, wb, nb, wd, nd, wc, nc, current, history))
    bar.close()
    print(f"\nstyle tuning: successive halving, {args.candidates} candidates, {args.games} seeds per "
          f"opponent hero in round 1 (doubling), pool {', '.join(pool)}, board {args.board}, "
          f"seed {args.seed}; held-out: {args.holdout} seeds per opponent hero; "
          f"{time.perf_counter() - t0:.0f} s")
    for hero, best, wb, nb, wd, nd, wc, nc, current, history in report:
        lo, hi = wilson_interval(wb, nb)
        dlo, dhi = wilson_interval(wd, nd)
        clo, chi = wilson_interval(wc, nc)
        print(f"{hero:<12} best {fmt(best)}: held-out {wb / nb:.1%} [{lo:.0%}, {hi:.0%}] of {nb}; "
              f"default {wd / nd:.1%} [{dlo:.0%}, {dhi:.0%}]; file's current ({fmt(current)}) "
              f"{wc / nc:.1%} [{clo:.0%}, {chi:.0%}]")
        for r, rows in enumerate(history):
            print(f"{'':<14}round {r + 1}: " + "; ".join(f"{s} {w}/{t}" for s, w, t in rows[:4])
                  + (" ..." if len(rows) > 4 else ""))
        if args.write:
            if best != current and wb >= wd and wb >= wc:
                note = (f"{wb / nb:.1%} [{lo:.0%}, {hi:.0%}] on held-out seeds against the field ({', '.join(pool)}), "
                        f"balanced default {wd / nd:.1%} (scripts/tune_styles.py successive halving, "
                        f"{args.candidates} candidates, seed {args.seed}, {date.today()})")
                write_ai_style(find_hero(hero).path, best, note)
                print(f"{'':<14}-> {find_hero(hero).path}: [ai] {fmt(best)}")
            else:
                print(f"{'':<14}not written: the winner is the file's style, or did no better than the "
                      f"default or the file's style on held-out seeds")


if __name__ == "__main__":
    main()
