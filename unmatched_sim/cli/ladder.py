"""``sim ladder``: rank AI policies against each other over every hero matchup."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from unmatched_sim.cli.common import even_games, execute_run, fail, pct, prepare, roster, set_option


@click.command()
@click.option("--heroes", "hero_list", multiple=True,
              help="Heroes to play, comma- or space-separated (repeatable) [default: every hero].")
@click.option("--policies", "policy_list", multiple=True,
              help="Policies to rank, e.g. 'greedy,heuristic,ismcts:iterations=100' (repeatable) "
                   "[default: random, greedy, heuristic, aggressive, careful, tuned].")
@click.option("--games", "-n", type=int, default=20, show_default=True,
              help="Games per pair of policies and hero matchup; each seed is played from both seats "
                   "(an even number keeps the seats exactly balanced).")
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed.")
@click.option("--board", default="marmoreal", show_default=True, help="Battlefield id.")
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes [default: all cores].")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Run directory [default: a new folder under runs/].")
@click.option("--force", is_flag=True, help="Replace an existing run in --out.")
@click.option("--by-hero", is_flag=True, help="Also print each policy's win rate with each hero.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("--max-turns", type=int, default=None,
              help="End a game as a draw after this many turns (both players' turns count) [default: 200].")
@click.option("--no-progress", is_flag=True, help="Hide the progress bar.")
@click.option("--resume", is_flag=True,
              help="Continue an interrupted ladder of this same command from its finished chunks.")
@set_option
def ladder(hero_list, policy_list, games, seed, board, jobs, out, force, by_hero, as_json, max_turns,
           no_progress, resume, overrides):
    """Rank AI policies: every pair plays every hero matchup, mirrors and mixed, seats swapped.

    Prints each policy's win rate against each other with 95% intervals, and a Bradley-Terry
    rating on the Elo scale. Search policies are slow: add them explicitly with a budget, e.g.
    --policies greedy,heuristic,ismcts:iterations=50.
    """
    from unmatched_sim.analysis.ladder import ladder_matchups, ladder_summary, split_policy_list
    from unmatched_sim.policies import validate_policy_spec
    from unmatched_sim.run import RunSpec, read_games

    ids = roster([h for item in hero_list for h in item.replace(",", " ").split()])
    specs = [p for item in policy_list for p in split_policy_list(item)] or \
        ["random", "greedy", "heuristic", "aggressive", "careful", "tuned"]
    pols = []
    for p in specs:
        validate_policy_spec(p)
        if p in pols:
            fail(f"--policies names '{p}' twice")
        pols.append(p)
    if len(pols) < 2:
        fail(f"--policies needs at least two policies to compare (got {', '.join(pols) or 'none'})")
    pairings = [(a, b) for i, a in enumerate(ids) for b in ids[i:]]
    # _prepare validates games / jobs / max-turns / board the same way as matchup and tournament.
    games = even_games(games, as_json)
    spec, defs, b = prepare(ids, pairings, games, seed, board, None, pols[0], pols[1], jobs, max_turns,
                             overrides)
    matchups = tuple(ladder_matchups(ids, pols))
    spec = RunSpec(pairings=spec.pairings, games=games, seed=seed, board=spec.board, policy_a="ladder",
                   policy_b="ladder", max_turns=spec.max_turns, hero_files=spec.hero_files,
                   board_file=spec.board_file, matchups=matchups, overrides=spec.overrides)
    started = time.perf_counter()
    out, meta = execute_run(spec, out, jobs, force, no_progress or as_json, resume)
    elapsed = time.perf_counter() - started
    summary = ladder_summary(read_games(out), pols, seed=seed)
    summary.update({"elapsed_s": round(elapsed, 3), "out": str(out), "board": b.id, "seed": seed,
                    "heroes": ids, "games_per_matchup": games})
    if as_json:
        click.echo(json.dumps(summary))
        return
    per_pair = len(matchups) // (len(pols) * (len(pols) - 1) // 2)
    click.echo(f"Ladder of {len(pols)} policies on {b.name}: {len(ids)} heroes, {per_pair} hero matchups "
               f"per pair of policies × {games} games (each seed from both seats) = {summary['games']} games, "
               f"seed {seed}")
    w = max(len(p) for p in pols)
    click.echo("  rating (Bradley-Terry, Elo scale, mean 1500) and score against the field:")
    for i, r in enumerate(summary["ratings"], 1):
        lo, hi = r["rating_ci95"]
        flo, fhi = r["ci95"]
        rng_txt = f"[{lo:5.0f}, {hi:5.0f}]" if lo is not None else ""
        click.echo(f"  {i:>3}. {r['policy']:<{w}}  {r['rating']:6.0f} {rng_txt}   "
                   f"wins {pct(r['win_rate'])} [{pct(flo)}, {pct(fhi)}] of {r['games']} games")
    order = [r["policy"] for r in summary["ratings"]]
    cell = {(r["policy"], r["opponent"]): r for r in summary["pairwise"]}
    cw = max(20, w)
    click.echo("  win rate of the row's policy against the column's (a draw is a game not won), 95% CI:")
    click.echo("  " + " " * (w + 2) + "".join(f"{p[:cw]:>{cw + 2}}" for p in order))
    for p in order:
        cells = []
        for q in order:
            r = cell.get((p, q))
            if p == q or r is None:
                cells.append(f"{'—':>{cw + 2}}")
            else:
                lo, hi = r["ci95"]
                text = f"{100 * r['win_rate']:.0f}% [{100 * lo:.0f},{100 * hi:.0f}]"
                cells.append(f"{text:>{cw + 2}}")
        click.echo(f"  {p:<{w + 2}}" + "".join(cells))
    if by_hero:
        click.echo("  score by the hero the policy played (against all the others):")
        for r in summary["by_hero"]:
            lo, hi = r["ci95"]
            click.echo(f"    {r['policy']:<{w}}  {r['hero']:<12} {pct(r['win_rate'])} [{pct(lo)}, {pct(hi)}]"
                       f"  of {r['games']}")
    if summary["draws"]:
        click.echo(f"  draws (turn limit) {summary['draws']}")
    click.echo(f"  {elapsed:.1f} s; log in {out}")
