"""Which heuristic style suits each hero? (a measurement, not a test)

    python scripts/tune_styles.py                          # every hero, 200 games per matchup
    python scripts/tune_styles.py --heroes houdini genie --values 0 0.25 0.55 --games 400
    python scripts/tune_styles.py --write                  # and store each hero's best value

For each hero and each ``aggression`` value, the hero is played by ``heuristic:aggression=X``
against every other hero played by ``--opponent`` (default: the plain heuristic), each seed from
both seats, and its win rate against the field is printed with a 95% Wilson interval. Seeds
depend only on the heroes, so every value meets the same deals (common random numbers).
docs/policies.md records a run; the chosen values live in each hero file's [ai] table, which the
`tuned` policy (the default) plays by. ``--write`` sets each hero's [ai] table to the value with
the best win rate (ties go to the value nearest the balanced 0.55) with the measured rates as its
note; the rest of the file is left as it is.
"""

from __future__ import annotations

import argparse
import time
from datetime import date

from joblib import Parallel, delayed

from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.data.heroes import write_ai_style
from unmatched_sim.runner import GameSpec, game_seed, play_game
from unmatched_sim.stats import wilson_interval


def score(hero: str, policy: str, opponent: str, others: list[str], board_id: str, games: int,
          seed: int) -> tuple[int, int]:
    heroes = {h: find_hero(h) for h in [hero, *others]}
    board = find_board(board_id)
    wins = total = 0
    for opp in others:
        for i in range(games):
            g = GameSpec(0, i // 2, game_seed(seed, hero, opp, i // 2), hero, opp, a_first=(i % 2 == 0))
            game, row = play_game(g, heroes, board, policy, opponent, record=False)
            wins += row["winner"] == "a"
            total += 1
    return wins, total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heroes", nargs="*", default=None)
    ap.add_argument("--values", nargs="*", type=float, default=[0.0, 0.15, 0.3, 0.55, 0.8])
    ap.add_argument("--opponent", default="heuristic")
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--games", type=int, default=200, help="games per matchup")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=-1)
    ap.add_argument("--write", action="store_true", help="store each hero's best value in its file's [ai] table")
    args = ap.parse_args()
    heroes = args.heroes or hero_ids()
    field = hero_ids()
    jobs = [(h, x) for h in heroes for x in args.values]
    t = time.perf_counter()
    results = Parallel(n_jobs=args.jobs)(
        delayed(score)(h, f"heuristic:aggression={x}", args.opponent, [o for o in field if o != h],
                       args.board, args.games, args.seed) for h, x in jobs)
    print(f"hero win rate against the field ({args.opponent}), {args.games} games per matchup, "
          f"board {args.board}, seed {args.seed}; {time.perf_counter() - t:.0f} s")
    print(f"{'hero':<12}" + "".join(f"  aggression={x:<14g}" for x in args.values))
    by = dict(zip(jobs, results))
    for h in heroes:
        cells = []
        for x in args.values:
            w, n = by[(h, x)]
            lo, hi = wilson_interval(w, n)
            cells.append(f"  {w / n:6.1%} [{lo:4.0%},{hi:4.0%}]")
        print(f"{h:<12}" + "".join(cells))
        if args.write:
            rates = {x: by[(h, x)][0] / by[(h, x)][1] for x in args.values}
            best = max(args.values, key=lambda x: (rates[x], -abs(x - 0.55)))
            note = (f"{rates[best]:.1%} against the field ({args.opponent}) at aggression {best:g}; "
                    + ", ".join(f"{rates[x]:.1%} at {x:g}" for x in args.values if x != best)
                    + f" (scripts/tune_styles.py, {args.games} games per matchup, seed {args.seed}, "
                    f"{date.today()})")
            write_ai_style(find_hero(h).path, best, note)
            print(f"{'':<12}  -> {find_hero(h).path}: [ai] aggression = {best:g}")


if __name__ == "__main__":
    main()
