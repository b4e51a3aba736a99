"""The workbench commands of ``sim``: compare, games and sweep. Parse, call, print; the work is in
``analysis.compare``, ``analysis.games``, ``report.compare`` and ``sweep``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
import polars as pl

from unmatched_sim.cli.common import (DEFAULT_POLICY, check_jobs, complete_boards, complete_heroes,
                                      complete_policies, even_games, fail, parse_policies, pct, set_option,
                                      split_names)


@click.command()
@click.argument("run_a", type=click.Path(path_type=Path))
@click.argument("run_b", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Report folder [default: reports/compare-<A>-vs-<B>/]; a previous report there is replaced.")
@click.option("--flips", type=int, default=40, show_default=True,
              help="Flipped games listed in the report (all are in tables/flipped_games.csv).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def compare(run_a, run_b, out, flips, as_json):
    """Compare two runs made from the same seeds (RUN_B usually with a --set edit).

    For every hero and matchup: the change of win rate with a paired 95% interval (game i of both
    runs is the same seed, seat and deal, so most games end the same way and the interval is far
    narrower) and, beside it, the unpaired interval two independent runs would give; the games
    whose winner flipped (ready for `sim replay`); and an HTML/Markdown diff report with CSV tables.
    """
    from unmatched_sim.report.compare import build_compare_report, pts, pts_ci

    r = build_compare_report(run_a, run_b, out, flips)
    res = r.result
    if as_json:
        click.echo(json.dumps({"games": res["games"], "differences": res["differences"],
                               "heroes": res["heroes"].to_dicts(), "matchups": res["matchups"].to_dicts(),
                               "flipped_games": res["flipped"]["game_id"].to_list(),
                               "width_ratio_median": res["width_ratio_median"], "out": str(r.out)}))
        return
    click.echo(f"Paired comparison of {res['games']:,} games played from the same seeds")
    click.echo("  B differs from A in: " + ("; ".join(res["differences"]) or "nothing (identical inputs)"))
    click.echo("  win rate A → B, change in points: paired 95% interval | unpaired (as if independent)")
    rows = [(r2["hero"], r2) for r2 in res["heroes"].iter_rows(named=True)]
    if res["heroes"].height > 2:        # with two heroes the matchup rows repeat the hero rows
        rows += [(f"{r2['hero']} vs {r2['opponent']}", r2) for r2 in res["matchups"].iter_rows(named=True)]
    w = max((len(k) for k, _ in rows), default=4)
    for key, r2 in rows:
        click.echo(f"  {key:<{w}}  {pct(r2['win_rate_a'])} → {pct(r2['win_rate_b'])}  {pts(r2['change']):>6}  "
                   f"paired {pts_ci(r2['paired_ci_low'], r2['paired_ci_high']):<16} "
                   f"unpaired {pts_ci(r2['unpaired_ci_low'], r2['unpaired_ci_high']):<16}"
                   f"{'  *' if r2['significant'] else ''}")
    if res["width_ratio_median"]:
        click.echo(f"  paired intervals are {res['width_ratio_median']:.1f}× narrower (median): the same seeds give "
                   "the same games, so only the flipped games carry the difference")
    ids = res["flipped"]["game_id"].to_list()
    click.echo(f"  {len(ids):,} games flipped winner" + (f", e.g. {', '.join(map(str, ids[:8]))} "
                                                         f"(sim replay {run_b} {ids[0]})" if ids else ""))
    click.echo(f"  report: {r.out / 'index.html'}  (* = the paired interval excludes 0)")


@click.command()
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.option("--hero", default=None, shell_complete=lambda c, p, i: complete_heroes(c, p, i),
              help="Games in which this hero plays.")
@click.option("--opponent", default=None, shell_complete=lambda c, p, i: complete_heroes(c, p, i),
              help="Games against this hero (with --hero: that matchup).")
@click.option("--winner", default=None, help="Games this hero won ('draw': games with no winner).")
@click.option("--end-reason", default=None,
              help="How the game ended: combat, card, ability, spell, exhaustion, turn_limit...")
@click.option("--max-turns", type=int, default=None, help="Games of at most this many turns.")
@click.option("--min-turns", type=int, default=None, help="Games of at least this many turns.")
@click.option("--board", default=None, help="Games on this board.")
@click.option("--where", default=None,
              help="A polars SQL expression over games.parquet, e.g. \"winner_hero = 'houdini' AND turns < 6\".")
@click.option("--sort", "order", type=click.Choice(["game_id", "turns", "-turns"]), default="game_id",
              show_default=True, help="Order: by id, shortest first (turns) or longest first (-turns).")
@click.option("--limit", type=int, default=20, show_default=True, help="List at most this many games (0: all).")
@click.option("--policy", default=None,
              help="A robust run (--robust): the games this policy played [default: the run's own policy's].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def games(run_dir, hero, opponent, winner, end_reason, max_turns, min_turns, board, where, order, limit, policy,
          as_json):
    """List the games of RUN_DIR that match the filters, one line each, ready for `sim replay`."""
    from unmatched_sim.analysis import open_run
    from unmatched_sim.analysis.games import find_games
    from unmatched_sim.data.catalog import find_hero

    if limit < 0:
        fail(f"--limit must be 0 (all) or more (got {limit})")
    run = open_run(run_dir)
    present = run.heroes()

    def hero_id(name, opt):
        if name is None:
            return None
        if name in present:
            return name
        hid = find_hero(name).id
        if hid not in present:
            fail(f"{opt} {name}: {hid} does not play in {run_dir} (heroes: {', '.join(present)})")
        return hid

    hero, opponent = hero_id(hero, "--hero"), hero_id(opponent, "--opponent")
    if winner not in (None, "draw", "none"):
        winner = hero_id(winner, "--winner")
    filters = dict(hero=hero, opponent=opponent, winner=winner, end_reason=end_reason, max_turns=max_turns,
                   min_turns=min_turns, board=board, where=where, order=order, policy=policy)
    everything = find_games(run, limit=None, **filters)
    shown = everything if limit == 0 else everything.head(limit)
    if as_json:
        click.echo(json.dumps({"matching": everything.height, "games": shown.to_dicts()}))
        return
    click.echo(f"{everything.height:,} of {run.n_games():,} games match"
               + (f"; the first {shown.height} by {order}:" if shown.height < everything.height else ":"))
    for r in shown.iter_rows(named=True):
        click.echo(f"  {r['game_id']:>7}  {r['summary']}")
    if shown.height:
        click.echo(f"  tell one: sim replay {run_dir} {shown['game_id'][0]}")


@click.command()
@click.argument("sweep_spec", metavar="PATH=LOW..HIGH")
@click.option("--against", "against", multiple=True, shell_complete=lambda c, p, i: complete_heroes(c, p, i),
              help="Opponents, comma-separated (repeatable) [default: every other hero].")
@click.option("--games", "-n", type=int, default=400, show_default=True,
              help="Games per value and opponent; each seed is played from both seats.")
@click.option("--seed", type=int, default=1, show_default=True, help="Run seed (the same for every value).")
@click.option("--board", default="marmoreal", show_default=True, help="Battlefield id.", shell_complete=complete_boards)
@click.option("--policy", default=None, shell_complete=complete_policies,
              help=f"Policy for both sides [default: {DEFAULT_POLICY}].")
@click.option("--policy-a", default=None, help="Policy of the swept hero.", shell_complete=complete_policies)
@click.option("--policy-b", default=None, help="Policy of the opponents.", shell_complete=complete_policies)
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes [default: all cores].")
@click.option("--max-turns", type=int, default=None, help="Turn limit of a game [default: 200].")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Sweep folder [default: a new folder under runs/]; one run directory per value inside.")
@click.option("--force", is_flag=True, help="Replace an existing sweep in --out.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
@click.option("--no-progress", is_flag=True, help="Hide the progress bar.")
@set_option
def sweep(sweep_spec, against, games, seed, board, policy, policy_a, policy_b, jobs, max_turns, out, force,
          as_json, no_progress, overrides):
    """One run per value of a hero-file field, all from the same seeds.

    \b
    sim sweep houdini:Flourish.value=1..4 --against genie,pandora -n 400
    sim sweep pandora.ability.bust_at=2..5
    sim sweep houdini.health=12,14,16

    Writes, in the sweep folder: a run directory per value (for sim report / compare / replay),
    sweep.png/.svg (win rate against the value, 95% intervals), sweep.csv, sweep.json and
    summary.md, and prints the value that brings each matchup closest to 50%.
    """
    from unmatched_sim.data.catalog import find_hero, hero_ids
    from unmatched_sim.engine.game import DEFAULT_MAX_TURNS
    from unmatched_sim.sweep import default_sweep_dir, parse_sweep, run_sweep

    spec = parse_sweep(sweep_spec, find_hero)
    opps = [find_hero(h).id for h in split_names(against)] or [h for h in hero_ids() if h != spec.hero]
    games = even_games(games, as_json)
    if games < 1:
        fail(f"--games must be at least 1 (got {games})")
    check_jobs(jobs)
    if max_turns is not None and max_turns < 2:
        fail(f"--max-turns must be at least 2 (got {max_turns})")
    pa, pb = parse_policies(policy, policy_a, policy_b)
    out = out or default_sweep_dir(spec, seed, games)
    res = run_sweep(spec, opps, games=games, seed=seed, board=board, policy_a=pa, policy_b=pb,
                    max_turns=max_turns or DEFAULT_MAX_TURNS, jobs=jobs if jobs is not None else -1, out=out,
                    force=force, progress=not (no_progress or as_json), extra_sets=tuple(overrides),
                    command=["sim"] + sys.argv[1:])
    table, best = res["table"], res["closest"]
    if as_json:
        click.echo(json.dumps({"sweep": spec.path, "values": list(spec.values), "results": table.to_dicts(),
                               "closest_to_50": best.to_dicts(), "out": str(out)}))
        return
    click.echo(f"Sweep of {spec.path} over {', '.join(map(str, spec.values))}: {spec.hero} against "
               f"{', '.join(res['meta']['opponents'])}, {games} games per value and opponent, seed {seed} "
               "(the same deals for every value)")
    opponents = table["opponent"].unique(maintain_order=True).to_list()
    w = max(len(str(v)) for v in spec.values)
    click.echo(f"  {'value':>{max(w, 5)}}  " + "  ".join(f"{'vs ' + o:>24}" for o in opponents))
    for v in table["value"].unique(maintain_order=True).to_list():
        cells = []
        for o in opponents:
            r = table.filter((pl.col("value") == v) & (pl.col("opponent") == o)).row(0, named=True)
            cells.append(f"{pct(r['win_rate'])} [{pct(r['ci_low'])},{pct(r['ci_high'])}]".rjust(24))
        click.echo(f"  {v:>{max(w, 5)}}  " + "  ".join(cells))
    for r in best.iter_rows(named=True):
        click.echo(f"  closest to 50% against {r['opponent']}: {spec.path}={r['value']} ({pct(r['win_rate']).strip()})")
    click.echo(f"  chart: {out / 'sweep.png'}; runs: {out}/value-*/ (sim compare any two: same seeds)")
