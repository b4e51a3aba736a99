"""Tune each hero's style for the ``tuned`` policy against a fixed field (a measurement, not a test).

    python scripts/tune_styles.py --pool tuned@6a0257a,careful                # every hero
    python scripts/tune_styles.py --heroes houdini genie --candidates 8 --games 2 --holdout 8
    python scripts/tune_styles.py --pool tuned@6a0257a,careful --write        # and store the verdicts

The style is four weights of the heuristic, each 0..1 (``policies/heuristic.py``):
``aggression`` (attack appetite against keeping cards), ``caution`` (how much our health
weighs), ``safety`` (how much the blows foes could deal next turn where we end up weigh),
``reserve`` (how much a last defense card or healing is kept back from BOOSTs and discards).

**The field** (``--pool``) is the opponents' play, and it must not move while styles are
tuned: a policy name (``careful``, ``heuristic:caution=0.7``) plays every opponent hero the
same way, and ``tuned@REV`` plays each opponent hero in the style its hero file's ``[ai]``
table had at git revision REV (read from git, so writing new styles does not change it),
with today's heuristic. While ``unmatched_sim/policies`` and ``unmatched_sim/hooks`` are as
they were at REV that is ``tuned`` as of REV decision for decision (``tuned`` is
``heuristic:<the hero's style>``); the script says whether they are.

**The objective** is the hero's win rate against the field: every other hero of the roster as
opponent, each played by each pool policy in turn, every seed from both seats. Every hero is
tuned with the same budget and the same seeds, and its candidates come from a generator seeded
by ``--seed`` and the hero alone, so tuning some heroes gives what tuning all gives them.

The optimiser is **successive halving**, a noisy-bandit method: ``--candidates`` style vectors
(the balanced default, the hero file's current style, and seeded points on a 0..1 grid of
quarters) each play a round of games; the better half goes on to a round with twice the seeds
(fresh ones), and so on until one is left. Within a round every candidate meets exactly the
same deals (common random numbers), so their difference is measured with far less noise than
their level.

The winner and the balanced default are then measured on **held-out** seeds (pair indices
from 1000, ``--holdout`` per opponent hero), game for game on the same deals, and the
paired difference with its 95% interval is the verdict: a winner picked on noise does not keep
its lead there. ``--write`` stores the winner in the hero file's ``[ai]`` table only where that
interval lies above 0; elsewhere it drops the hero's style (the table keeps only a note, and
the hero plays the balanced default). ``--json`` writes every figure.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from joblib import Parallel, delayed
from tqdm import tqdm

from unmatched_sim.data.catalog import board_ids, find_board, find_hero, hero_ids
from unmatched_sim.data.heroes import AI_STYLE_KEYS, write_ai_style
from unmatched_sim.errors import UserError
from unmatched_sim.policies import validate_policy_spec
from unmatched_sim.run import GameSpec, game_seed, play_game
from unmatched_sim.stats import Z95

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = {"aggression": 0.55, "caution": 0.5, "safety": 0.5, "reserve": 0.5}
HOLDOUT_FROM = 1000     # held-out pair indices start here; training seeds stay below


def spec_of(style: dict) -> str:
    """The heuristic in ``style``: the weights it sets, the rest balanced."""
    set_ = [f"{k}={style[k]:g}" for k in AI_STYLE_KEYS if k in style]
    return "heuristic" + (":" + ",".join(set_) if set_ else "")


def fmt(style: dict) -> str:
    return " ".join(f"{k[:3]}={style[k]:g}" for k in AI_STYLE_KEYS)


# ---------------------------------------------------------------------- the field
def styles_at(rev: str, heroes: list[str]) -> dict[str, dict]:
    """Each hero's ``[ai]`` weights in its hero file at git revision ``rev`` ({} where the file
    had none, or did not exist then)."""
    try:
        subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                       check=True, capture_output=True)
    except subprocess.CalledProcessError:
        raise UserError(f"no git revision {rev!r} in {ROOT}") from None
    out = {}
    for h in heroes:
        path = Path(find_hero(h).path).resolve()
        try:
            rel = path.relative_to(ROOT)
        except ValueError:
            raise UserError(f"hero file {path} is outside the checkout; tuned@REV reads hero files from git") from None
        shown = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{rel.as_posix()}"],
                               capture_output=True, text=True)
        ai = tomllib.loads(shown.stdout).get("ai", {}) if shown.returncode == 0 else {}
        out[h] = {k: float(ai[k]) for k in AI_STYLE_KEYS if k in ai}
    return out


def same_play_code(rev: str) -> bool:
    """Whether the policies and hero hooks are today what they were at ``rev``."""
    return subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", rev, "--",
                           "unmatched_sim/policies", "unmatched_sim/hooks"]).returncode == 0


def parse_pool(text: str, heroes: list[str]) -> list[dict[str, str]]:
    """Each pool entry as {opponent hero: policy spec}."""
    # A policy spec may hold commas itself (``heuristic:caution=0.7,safety=0.2``): a part that
    # is only ``name=value`` belongs to the entry before it.
    entries: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if entries and "=" in part and ":" not in part and "@" not in part:
            entries[-1] += "," + part
        elif part:
            entries.append(part)
    pool = []
    for entry in entries:
        name, at, rev = entry.partition("@")
        if at:
            if name != "tuned":
                raise UserError(f"pool entry {entry!r}: only tuned@REV has a style per hero")
            styles = styles_at(rev, heroes)
            pool.append({h: spec_of(styles[h]) for h in heroes})
        else:
            spec = validate_policy_spec(entry)
            if spec.split(":")[0].strip().lower() == "tuned":
                raise UserError("the pool's tuned would move as styles are written; use tuned@REV")
            pool.append({h: spec for h in heroes})
    if not pool:
        raise UserError("--pool names no policy")
    return pool


# ---------------------------------------------------------------------- games
def play_block(hero: str, style: dict, others: list[str], pool: list[dict[str, str]], board_id: str,
               seeds: list[int], run_seed: int) -> bytes:
    """One byte a game, 1 where ``hero`` in ``style`` won: against every other hero, played by
    the pool's policies in turn, over ``seeds``, each from both seats (always in this order, so
    two styles' blocks pair game for game)."""
    heroes = {h: find_hero(h) for h in [hero, *others]}
    board = find_board(board_id)
    policy = spec_of(style)
    out = bytearray()
    for opp in others:
        for k, i in enumerate(seeds):
            opp_policy = pool[k % len(pool)][opp]
            for first in (True, False):
                g = GameSpec(0, i, game_seed(run_seed, hero, opp, i), hero, opp, a_first=first)
                _, row = play_game(g, heroes, board, policy, opp_policy, record=False)
                out.append(row["winner"] == "a")
    return bytes(out)


def candidates_for(hero: str, n: int, seed: int) -> list[dict]:
    rng = random.Random(f"{seed}|{hero}")
    out = [dict(DEFAULT)]
    current = {**DEFAULT, **dict(find_hero(hero).ai_style)}
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


def halving_plan(candidates: int, games: int) -> list[tuple[int, int]]:
    """(candidates, seeds) of each round."""
    plan, n, g = [], candidates, games
    while n > 1:
        plan.append((n, g))
        n, g = (n + 1) // 2, g * 2
    return plan


def paired(a: bytes, b: bytes) -> tuple[float, float, float]:
    """Mean of a - b over paired games, with its 95% interval (normal approximation)."""
    n = len(a)
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


# ---------------------------------------------------------------------- the run
def tune_hero(hero: str, field: list[str], pool, args, par, bar) -> dict:
    others = [o for o in field if o != hero]
    cands = candidates_for(hero, args.candidates, args.seed)
    next_seed, rounds = 0, []
    for _, g in halving_plan(len(cands), args.games):
        seeds = list(range(next_seed, next_seed + g))
        next_seed += g
        res = par(delayed(play_block)(hero, c, others, pool, args.board, seeds, args.seed) for c in cands)
        bar.update(len(cands) * len(seeds) * 2 * len(others))
        scored = sorted(zip(cands, res), key=lambda cr: -sum(cr[1]))
        rounds.append([(fmt(c), sum(r), len(r)) for c, r in scored])
        cands = [c for c, _ in scored[: (len(cands) + 1) // 2]]
    assert next_seed <= HOLDOUT_FROM, "training seeds would reach the held-out ones"
    best = cands[0]
    hold = list(range(HOLDOUT_FROM, HOLDOUT_FROM + args.holdout))
    if best == DEFAULT:
        rb = rd = play_block(hero, DEFAULT, others, pool, args.board, hold, args.seed)
        bar.update(len(hold) * 2 * 2 * len(others))
    else:
        rb, rd = par(delayed(play_block)(hero, c, others, pool, args.board, hold, args.seed) for c in (best, DEFAULT))
        bar.update(len(hold) * 2 * 2 * len(others))
    diff, lo, hi = paired(rb, rd)
    return {"hero": hero, "best": best, "keep": best != DEFAULT and lo > 0,
            "held_out_games": len(rb), "best_rate": sum(rb) / len(rb), "default_rate": sum(rd) / len(rd),
            "diff": diff, "diff_lo": lo, "diff_hi": hi, "rounds": rounds}


def note_for(r: dict, pool_text: str, args) -> str:
    how = (f"scripts/tune_styles.py --pool {pool_text} --candidates {args.candidates} --games {args.games} "
           f"--holdout {args.holdout} --seed {args.seed}")
    figures = (f"{r['best_rate']:.1%} against balanced {r['default_rate']:.1%} on {r['held_out_games']} "
               f"held-out games, paired difference {100 * r['diff']:+.1f} points "
               f"[{100 * r['diff_lo']:+.1f}, {100 * r['diff_hi']:+.1f}]")
    if r["keep"]:
        return f"{figures} ({how})"
    if r["best"] == DEFAULT:
        return f"balanced: no style beat it in tuning ({how})"
    return f"balanced: the best style found ({fmt(r['best'])}) measured {figures}, not above 0 ({how})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--heroes", nargs="*", default=None)
    ap.add_argument("--candidates", type=int, default=8, help="style vectors in the first round")
    ap.add_argument("--games", type=int, default=2,
                    help="seeds per opponent hero in the first round (each from both seats; doubles every round)")
    ap.add_argument("--holdout", type=int, default=20, help="held-out seeds per opponent hero (both seats)")
    ap.add_argument("--pool", default="tuned@6a0257a,careful",
                    help="the fixed field, comma-separated: policies, or tuned@REV (each hero's style at revision REV)")
    ap.add_argument("--board", default="marmoreal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", type=Path, default=None, help="write every figure here")
    ap.add_argument("--write", action="store_true",
                    help="store each verdict in its hero file's [ai] table (the style, or balanced with a note)")
    args = ap.parse_args()
    try:
        field = hero_ids()
        heroes = [find_hero(h).id for h in args.heroes] if args.heroes else field
        if args.board not in board_ids():
            raise UserError(f"unknown board {args.board!r}; one of: {', '.join(board_ids())}")
        if args.candidates < 1 or args.games < 1 or args.holdout < 2:
            raise UserError("--candidates and --games must be at least 1, --holdout at least 2")
        if sum(g for _, g in halving_plan(args.candidates, args.games)) > HOLDOUT_FROM:
            raise UserError(f"training would use more than {HOLDOUT_FROM} seeds; lower --candidates or --games")
        pool = parse_pool(args.pool, field)
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        raise SystemExit(2)
    for rev in re.findall(r"tuned@([^,\s]+)", args.pool):
        print(f"field tuned@{rev}: today's heuristic in each hero's style at {rev}; policies and hooks "
              + ("unchanged since, so decision for decision tuned as of it" if same_play_code(rev)
                 else "CHANGED since, so not tuned as of it"), flush=True)
    t0 = time.perf_counter()
    plan = halving_plan(args.candidates, args.games)
    per_hero = sum(n * g for n, g in plan) + 2 * args.holdout
    bar = tqdm(total=per_hero * len(heroes) * 2 * (len(field) - 1), unit="game", desc="tuning", mininterval=30)
    par = Parallel(n_jobs=args.jobs)
    report = []
    for hero in heroes:
        t = time.perf_counter()
        r = tune_hero(hero, field, pool, args, par, bar)
        r["seconds"] = round(time.perf_counter() - t, 1)
        report.append(r)
        tqdm.write(f"{hero:<24} {'KEEP' if r['keep'] else 'drop'} {fmt(r['best'])}: {r['best_rate']:.1%} vs balanced "
                   f"{r['default_rate']:.1%}, {100 * r['diff']:+.1f} [{100 * r['diff_lo']:+.1f}, "
                   f"{100 * r['diff_hi']:+.1f}] of {r['held_out_games']} ({r['seconds']:.0f} s)")
    bar.close()
    print(f"\nstyle tuning: successive halving, {args.candidates} candidates, {args.games} seeds per opponent "
          f"hero in round 1 (doubling), {per_hero * 2 * (len(field) - 1)} games a hero; field {args.pool}; "
          f"board {args.board}; seed {args.seed}; held-out: {args.holdout} seeds per opponent hero from pair "
          f"{HOLDOUT_FROM}; {time.perf_counter() - t0:.0f} s")
    for r in report:
        print(f"{r['hero']:<24} {'keep' if r['keep'] else 'drop'} {fmt(r['best'])}: held-out {r['best_rate']:.1%}, "
              f"balanced {r['default_rate']:.1%}, difference {100 * r['diff']:+.1f} points "
              f"[{100 * r['diff_lo']:+.1f}, {100 * r['diff_hi']:+.1f}] of {r['held_out_games']} paired games")
        for k, rows in enumerate(r["rounds"]):
            print(f"{'':<26}round {k + 1}: " + "; ".join(f"{s} {w}/{t}" for s, w, t in rows[:4])
                  + (" ..." if len(rows) > 4 else ""))
        if args.write:
            path = find_hero(r["hero"]).path
            write_ai_style(path, r["best"] if r["keep"] else {}, note_for(r, args.pool, args))
            print(f"{'':<26}-> {path}: [ai] {fmt(r['best']) if r['keep'] else 'balanced'}")
    if args.json:
        args.json.write_text(json.dumps({"pool": args.pool, "candidates": args.candidates, "games": args.games,
                                         "holdout": args.holdout, "seed": args.seed, "board": args.board,
                                         "heroes": report}, indent=1))


if __name__ == "__main__":
    main()
