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

    For every hero and matchup (each once; a free-for-all or team run: each line-up and hero): the
    change of win rate with a paired 95% interval (game i of both runs is the same seed, seat and
    deal, so most games end the same way and the interval is far narrower) and, beside it, the
    unpaired interval two independent runs would give; where it stands after the change (run B's
    win rate with its interval, against an even result); the games whose winner flipped (ready
    for `sim replay`); and an HTML/Markdown diff report with CSV tables.
    """
    from unmatched_sim.analysis.compare import standing, to_json
    from unmatched_sim.report.compare import build_compare_report, matchup_label, pts, pts_ci, shown_tables
    from unmatched_sim.report.format import rounded

    r = build_compare_report(run_a, run_b, out, flips)
    res, names = r.result, r.names
    if as_json:
        click.echo(json.dumps({**to_json(res, names), "out": str(r.out)}))
        return
    click.echo(f"Paired comparison of {res['games']:,} games played from the same seeds")
    click.echo("  B differs from A in: " + ("; ".join(res["differences"]) or "nothing (identical inputs)"))
    click.echo("  win rate A → B [B's 95% interval], change in points with its paired 95% interval; "
               "where it stands in B")
    show_heroes, show_matchups = shown_tables(res)
    rows = [(names.get(r2["hero"], r2["hero"]), None, r2) for r2 in res["heroes"].iter_rows(named=True)] \
        if show_heroes else []
    if show_matchups:
        rows += [(matchup_label(r2, names), r2["opponent"], r2) for r2 in res["matchups"].iter_rows(named=True)]
    w = max((len(k) for k, _, _ in rows), default=4)
    for key, opp, r2 in rows:
        click.echo(f"  {key:<{w}}  {pct(r2['win_rate_a'])} → {pct(r2['win_rate_b'])} "
                   f"[{pct(r2['ci_low_b']).strip()}, {pct(r2['ci_high_b']).strip()}]  {pts(r2['change']):>6} "
                   f"{pts_ci(r2['paired_ci_low'], r2['paired_ci_high']):<16}{' *' if r2['significant'] else '  '}  "
                   + standing(r2["win_rate_b"], r2["ci_low_b"], r2["ci_high_b"], r2["even"], r2["hero"], opp, names))
    if res["width_ratio_median"]:
        click.echo(f"  paired intervals are {rounded(res['width_ratio_median'], 1)}× narrower than unpaired ones (median): the "
                   "same seeds give the same games, so only the flipped games carry the difference")
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
              help="A polars SQL expression over games.parquet, e.g. \"winner_hero = 'houdini' AND turns < 6\" "
                   "(winner is the winning seat, a or b; compared with a hero id it means winner_hero).")
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
    from unmatched_sim.analysis._common import hero_names
    from unmatched_sim.report.format import game_line
    names = hero_names(run)
    for r in shown.iter_rows(named=True):
        click.echo(f"  {r['game_id']:>7}  {game_line(r, names)}")
    if shown.height:
        click.echo(f"  tell one: sim replay {run_dir} {shown['game_id'][0]}")


@click.command()
@click.argument("sweep_specs", metavar="PATH=LOW..HIGH [PATH=LOW..HIGH]", nargs=-1, required=True)
@click.option("--against", "against", multiple=True, shell_complete=lambda c, p, i: complete_heroes(c, p, i),
              help="Opponents, comma-separated (repeatable) [default: every other hero].")
@click.option("--format", "fmt", type=click.Choice(["duel", "ffa", "teams"]), default="duel", show_default=True,
              help="duel: a run per opponent; ffa: one free-for-all of the hero and the 2-3 opponents; teams: "
                   "the hero and the first opponent against the other two.")
@click.option("--games", "-n", type=int, default=400, show_default=True,
              help="Games per value and opponent; each seed is played from every seat.")
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
def sweep(sweep_specs, against, fmt, games, seed, board, policy, policy_a, policy_b, jobs, max_turns, out, force,
          as_json, no_progress, overrides):
    """One run per value of a hero-file field, all from the same seeds.

    \b
    sim sweep houdini:Flourish.value=1..4 --against genie,pandora -n 400
    sim sweep pandora.ability.bust_at=2..5
    sim sweep houdini.health=12,14,16
    sim sweep medusa.health=8..14..2 'medusa:Gaze of Stone.value=0..2'   # a grid
    sim sweep houdini.health=12..16 --format ffa --against genie,loki

    The value the hero file holds now is always played too, and marked. Writes, in the sweep
    folder: a run directory per value (for sim report / compare / replay), sweep.png/.svg (win
    rate against the value, 95% intervals; a grid of two fields: a heatmap), sweep.csv,
    sweep.json, and index.html (one self-contained page; summary.md the same in Markdown).
    Prints where the win rate crosses 50% (with an interval, or what
    the trend says beyond the range) and recommends a value only where its interval does not
    overlap the others'.
    """
    from unmatched_sim.data.catalog import find_hero, hero_ids
    from unmatched_sim.engine.game import DEFAULT_MAX_TURNS
    from unmatched_sim.sweep import default_sweep_dir, parse_sweep, recommendation_text, run_sweep

    if len(sweep_specs) > 2:
        fail(f"a sweep takes one field, or two for a grid (got {len(sweep_specs)})")
    specs = [parse_sweep(text, find_hero) for text in sweep_specs]
    hero = specs[0].hero
    opps = [find_hero(h).id for h in split_names(against)] or [h for h in hero_ids() if h != hero]
    if fmt == "duel":
        games = even_games(games, as_json)
    else:
        from unmatched_sim.cli.formats import check_board, round_games
        if fmt == "ffa" and not 2 <= len(opps) <= 3:
            fail(f"a free-for-all sweep seats {hero} with 2 or 3 opponents (--against; got {len(opps)})")
        if fmt == "teams" and len(opps) != 3:
            fail(f"a team sweep needs 3 more heroes (--against PARTNER,FOE,FOE; got {len(opps)})")
        games = round_games(games, 1 + len(opps), as_json)
        check_board(board, 1 + len(opps))
    if games < 1:
        fail(f"--games must be at least 1 (got {games})")
    check_jobs(jobs)
    if max_turns is not None and max_turns < 2:
        fail(f"--max-turns must be at least 2 (got {max_turns})")
    pa, pb = parse_policies(policy, policy_a, policy_b)
    out = out or default_sweep_dir(specs, seed, games)
    res = run_sweep(specs, opps, games=games, seed=seed, board=board, policy_a=pa, policy_b=pb,
                    max_turns=max_turns or DEFAULT_MAX_TURNS, jobs=jobs if jobs is not None else -1, out=out,
                    force=force, progress=not (no_progress or as_json), extra_sets=tuple(overrides),
                    command=["sim"] + sys.argv[1:], fmt=fmt)
    table, rec, meta = res["table"], res["recommended"], res["meta"]
    specs = res["specs"]
    path = meta["sweep"]
    if as_json:
        click.echo(json.dumps({"sweep": path, "values": meta["values"], "current": meta["current"],
                               "results": table.to_dicts(), "crossing_even": res["crossing"],
                               "recommended": rec.to_dicts(), "out": str(out)}))
        return
    from unmatched_sim.report.format import pct as rate
    from unmatched_sim.sweep import display_names, opponent_label
    names = display_names([hero, *meta["opponents"]])
    click.echo(f"Sweep of {path} over {' × '.join(', '.join(map(str, s.values)) for s in specs)}: "
               f"{names.get(hero, hero)} against {', '.join(names.get(o, o) for o in meta['opponents'])}, {games} "
               f"games per value and opponent, seed {seed} (the same deals for every value)")
    opponents = table["opponent"].unique(maintain_order=True).to_list()
    heads = ["all of them" if o == "all" else "vs " + opponent_label(o, names) for o in opponents]
    cols = [max(len(h), 24) for h in heads]
    labels = table["value"].unique(maintain_order=True).to_list()
    w = max(max(len(v) for v in labels) + 2, 5)
    click.echo(f"  {'value':>{w}}  " + "  ".join(f"{h:>{c}}" for h, c in zip(heads, cols)))
    for v in labels:
        cells = []
        mark = ""
        for o, c in zip(opponents, cols):
            r = table.filter((pl.col("value") == v) & (pl.col("opponent") == o)).row(0, named=True)
            mark = " *" if r["current"] else ""
            cells.append(f"{rate(r['win_rate'])} [{rate(r['ci_low'])}, {rate(r['ci_high'])}]".rjust(c))
        click.echo(f"  {v + mark:>{w}}  " + "  ".join(cells))
    if meta["current"] is not None:
        click.echo("  * the hero file's current value")
    for c in res["crossing"]:
        click.echo(f"  even mark against {opponent_label(c['opponent'], names)}: {c['text']}")
    for r in rec.iter_rows(named=True):
        click.echo(f"  choose {recommendation_text(r, path, names)}")
    click.echo(f"  report: {out / 'index.html'}")
    click.echo(f"  chart: {out / 'sweep.png'}; runs: {out}/value-*/ (sim compare any two: same seeds)")
