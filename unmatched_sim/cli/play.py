"""The commands that play runs: ``sim matchup``, ``sim tournament`` (duels here, free-for-all and
team play in ``cli.formats``) and ``sim resume``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click
import polars as pl

from unmatched_sim.cli.common import (check_jobs, complete_heroes, ended_by_line, even_games, execute_all, fail,
                                      format_options, parse_boards, pct, prepare, robust_option, run_options, set_option,
                                      roster, split_names, check_option)
from unmatched_sim.cli.coop import enemy_options


def add_other_policies(specs, robust, check_with):
    """The run's spec with --robust's and --check-with's games added (a duel on one board only)."""
    if robust is None and check_with is None:
        return specs
    from unmatched_sim.headroom import parse_check_with, with_check
    from unmatched_sim.robust import parse_robust, with_robust

    if len(specs) > 1:
        fail(f"{'--robust' if robust is not None else '--check-with'} works with one --board at a time")
    spec, heroes, b = specs[0]
    pols = parse_robust(robust, spec.policy_a, spec.policy_b)
    check, k = parse_check_with(check_with, spec.policy_a, spec.policy_b, spec.games)
    return [(with_check(with_robust(spec, pols), check, k), heroes, b)]


def other_games_note(spec) -> str:
    """' (and N more under P: --robust; M with Q on one side: --check-with)', or ''."""
    parts = []
    if spec.robust:
        n = spec.games * sum(1 for a, b in spec.pairings if a != b) * len(spec.robust)
        parts.append(f"{n} more under {', '.join(spec.robust)}: --robust")
    if spec.check_with:
        parts.append(f"{spec.check_games * spec.check_matchups} with {spec.check_with} on one side: --check-with")
    return f" (and {'; '.join(parts)})" if parts else ""


def own_games(out, meta) -> pl.DataFrame:
    """games.parquet of a run, without a robust or checked run's games under its other policies."""
    from unmatched_sim.analysis.run import primary_games
    from unmatched_sim.run import read_games

    df = read_games(out)
    n = primary_games(meta or {})
    return df if n is None else df.filter(pl.col("game_id") < n)


@click.command()
@click.argument("hero_a", required=False, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@click.argument("hero_b", required=False, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@click.argument("more", nargs=-1, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@run_options
@set_option
@format_options
@click.option("--teams", "teams_spec", default=None, metavar="A,B:C,D",
              help="A team game: heroes A and B against C and D.")
@robust_option
@check_option
def matchup(hero_a, hero_b, more, games, seed, board, policy, policy_a, policy_b, jobs, out, force, as_json,
            max_turns, no_progress, resume, backend, scheduler, overrides, fmt, teams_spec, robust, check_with):
    """Play HERO_A against HERO_B and report win rates with 95% intervals.

    The heroes may also be given as one argument, HERO_A,HERO_B. With three or four heroes
    (free-for-all, or --format teams / --teams A,B:C,D for two against two) every hero plays
    every turn position equally often; --policy-a then plays the first hero (team A), --policy-b
    the others.
    """
    from unmatched_sim.analysis import matchup_summary
    from unmatched_sim.run import read_games

    names = split_names([x for x in (hero_a, hero_b) if x] + list(more))
    if teams_spec is not None or fmt not in (None, "duel") or len(names) > 2:
        if robust is not None or check_with is not None:
            fail(f"{'--robust' if robust is not None else '--check-with'} is for duels (two heroes)")
        from unmatched_sim.cli.formats import multi_run, resolve_format
        from unmatched_sim.data.catalog import find_hero
        fmt, names = resolve_format(names, fmt, teams_spec)
        lineup = tuple(find_hero(n).id for n in names)
        return multi_run(names, fmt, [lineup], games=games, seed=seed, board=board, policy=policy,
                         policy_a=policy_a, policy_b=policy_b, jobs=jobs, out=out, force=force, as_json=as_json,
                         max_turns=max_turns, no_progress=no_progress, resume=resume, backend=backend,
                         scheduler=scheduler, overrides=overrides, single=True)
    if len(names) != 2:
        fail(f"matchup needs two heroes, HERO_A HERO_B or HERO_A,HERO_B (got {', '.join(names) or 'none'})")
    hero_a, hero_b = names

    games = even_games(games, as_json)
    specs = [prepare([hero_a, hero_b], [(hero_a, hero_b)], games, seed, bd, policy,
                      policy_a, policy_b, jobs, max_turns, overrides) for bd in parse_boards(board)]
    specs = add_other_policies(specs, robust, check_with)
    spec, heroes, b = specs[0]
    out, meta, elapsed = execute_all([s[0] for s in specs], out, jobs, force, no_progress or as_json,
                                      resume, backend, scheduler)
    summary = matchup_summary(own_games(out, meta))
    summary.update({"elapsed_s": round(elapsed, 3), "board": ",".join(x[2].id for x in specs), "seed": seed,
                    "policies": {"a": spec.policy_a, "b": spec.policy_b}, "out": str(out),
                    "overrides": list(spec.overrides)})
    summary["verdict"] = matchup_verdict(summary, {k: heroes[h].name for k, h in zip(summary["heroes"], spec.pairings[0])})
    a, bb = spec.pairings[0]
    names = summary["heroes"]
    if len(specs) > 1:
        summary["by_board"] = {x[2].id: matchup_summary(read_games(out).filter(pl.col("board") == x[2].id))
                               for x in specs}
    if spec.robust:
        from unmatched_sim.analysis.robust import matchup_robustness
        summary["robust"] = matchup_robustness(out, a, bb) if a != bb else None
    if spec.check_with:
        summary["headroom"] = _headroom_json(out)
    if as_json:
        click.echo(json.dumps(summary))
        return
    said = f"{heroes[a].name} mirror" if a == bb else f"{heroes[a].name} vs {heroes[bb].name}"
    click.echo(f"{said} on {' and '.join(x[2].name for x in specs)}: {summary['games']} games "
               f"(seed {seed}; each seed from both seats), policies {spec.policy_a} / {spec.policy_b}")
    if spec.overrides:
        click.echo(f"  what-if: {'; '.join(spec.overrides)}")
    shown = {key: _shown(key, heroes) for key in names}          # display names; ids stay in --json
    width = max(len(n) for n in shown.values())
    for key in names:
        lo, hi = summary["ci95"][key]
        seats = summary["win_rate_by_seat"][key]
        click.echo(f"  {shown[key]:<{width}}  wins {summary['wins'][key]:>6}  win rate {pct(summary['win_rate'][key])}"
                   f"  95% CI [{pct(lo)}, {pct(hi)}]   going first {pct(seats['first']['win_rate'])}"
                   f"  going second {pct(seats['second']['win_rate'])}")
    if summary["draws"]:
        click.echo(f"  draws (turn limit) {summary['draws']}")
    lo, hi = summary["first_player_ci95"]
    click.echo(f"  first player wins {pct(summary['first_player_win_rate'])}  [{pct(lo)}, {pct(hi)}]")
    for bid, bs in (summary.get("by_board") or {}).items():
        k0 = bs["heroes"][0]
        lo, hi = bs["ci95"][k0]
        click.echo(f"  on {bid:<10} {_shown(k0, heroes)} wins {pct(bs['win_rate'][k0])} [{pct(lo)}, {pct(hi)}] of {bs['games']} games")
    click.echo(f"  mean game length {num1(summary['mean_turns'])} turns")
    click.echo(ended_by_line(summary["end_reasons"]))
    played = meta.get("total_games", summary["games"]) if isinstance(meta, dict) else summary["games"]
    click.echo(f"  {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} games/s); log in {out}")
    click.echo(f"Verdict: {summary['verdict']}")
    if summary.get("robust"):
        from unmatched_sim.cli.ai import echo_robust
        click.echo(f"The same {summary['games']} seeds under each policy (each playing both heroes):")
        echo_robust(summary["robust"], heroes[a].name, heroes[bb].name)
    if spec.check_with:
        from unmatched_sim.cli.ai import echo_headroom
        echo_headroom(summary["headroom"], summary["headroom"]["table"])


def _shown(key: str, heroes: dict) -> str:
    """A hero of a summary as the printed table names it: its display name; in a mirror the second
    copy ("houdini#2") as "Houdini #2"."""
    hid, _, copy = key.partition("#")
    name = heroes[hid].name if hid in heroes else hid
    return f"{name} #{copy}" if copy else name


def matchup_verdict(summary: dict, names: dict) -> str:
    """A plain sentence: is the matchup distinguishable from 50%, and by how much it leans. Its
    numbers are rounded as the table above it (``report.format``), so the two never disagree."""
    from unmatched_sim.report.format import ci, pct, rounded

    key = summary["heroes"][0]
    other = summary["heroes"][1]
    lo, hi = summary["ci95"][key]
    n = summary["games"]
    if lo <= 0.5 <= hi:
        return (f"not distinguishable from 50% with {n:,} games ({names.get(key, key)} wins "
                f"{pct(summary['win_rate'][key])}, 95% CI {ci(lo, hi)})")
    fav, (flo, fhi) = (key, (lo, hi)) if lo > 0.5 else (other, (1 - hi, 1 - lo))
    if summary.get("draws"):   # with draws the other side's interval is its own
        flo, fhi = summary["ci95"][fav]
    return (f"favours {names.get(fav, fav)} by {rounded(100 * (flo - 0.5), 0)}–{rounded(100 * (fhi - 0.5), 0)} "
            f"points above an even 50% (wins {pct(summary['win_rate'][fav])}, 95% CI {ci(flo, fhi)}, {n:,} games)")


@click.command()
@click.argument("heroes", nargs=-1, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@run_options
@set_option
@click.option("--gauntlet", default=None, metavar="HERO",
              shell_complete=lambda c, p, i: complete_heroes(c, p, i),
              help="Play only HERO against each of the others (one hero against the field).")
@click.option("--no-mirrors", is_flag=True, help="Leave out mirror matches (a hero against itself).")
@format_options
@click.option("--players", default=None, metavar="N",
              help="Free-for-all: heroes per game, 3 or 4 [default: 4, or 3 with three heroes]. Co-op: the "
                   "line-up sizes, e.g. 2, 1-4 or 2,3 [default: 1-4].")
@click.option("--sample", type=int, default=None, metavar="K",
              help="Free-for-all, teams or co-op: play K line-ups drawn at random (from the run seed) "
                   "instead of every combination.")
@click.option("--villain", default=None, help="Co-op: the villain every line-up plays against (see: sim villains).")
@enemy_options
@robust_option
@check_option
def tournament(heroes, games, seed, board, policy, policy_a, policy_b, jobs, out, force, as_json,
               max_turns, no_progress, resume, backend, scheduler, overrides, gauntlet, no_mirrors,
               fmt, players, sample, villain, minions, events, robust, check_with):
    """Round-robin of HEROES (default: every hero), mirrors included, into one run directory.

    HEROES may be given as separate arguments or comma-separated: houdini genie or houdini,genie.
    With --format ffa or teams: every line-up of distinct heroes (every set of --players heroes;
    every split of every four into two teams), or --sample K of them; --games per line-up.
    With --format coop: every line-up of --players heroes (1-4) against --villain and its minions.
    """
    from unmatched_sim.analysis import matchup_summary
    from unmatched_sim.data.catalog import find_hero

    ids = roster(split_names(heroes))
    if fmt != "coop" and (villain, minions, events) != (None, None, None):
        fail("--villain, --minions and --events are for --format coop")
    if fmt in ("coop", "ffa", "teams"):
        if robust is not None or check_with is not None:
            fail(f"{'--robust' if robust is not None else '--check-with'} is for duel tournaments")
        if gauntlet or no_mirrors:
            fail("--gauntlet and --no-mirrors are for duel tournaments (free-for-all, team and co-op line-ups "
                  "never repeat a hero)")
    if fmt == "coop":
        if overrides:
            fail("--set is for duel, free-for-all and team runs")
        from unmatched_sim.cli.coop import coop_tournament
        return coop_tournament(ids, villain, minions, events, players, sample, games=games, seed=seed, board=board,
                               policy=policy, policy_a=policy_a, policy_b=policy_b, jobs=jobs, out=out, force=force,
                               as_json=as_json, max_turns=max_turns, no_progress=no_progress, resume=resume,
                               backend=backend, scheduler=scheduler)
    if players is not None:
        try:
            players = int(players)
        except ValueError:
            fail(f"--players must be a number of heroes per game, got '{players}'")
    if fmt in ("ffa", "teams"):
        from unmatched_sim.cli.formats import multi_run, plan_tournament
        lineups = plan_tournament(ids, fmt, players, sample, seed, as_json)
        return multi_run(ids, fmt, lineups, games=games, seed=seed, board=board, policy=policy,
                         policy_a=policy_a, policy_b=policy_b, jobs=jobs, out=out, force=force, as_json=as_json,
                         max_turns=max_turns, no_progress=no_progress, resume=resume, backend=backend,
                         scheduler=scheduler, overrides=overrides, single=False)
    if players is not None or sample is not None:
        fail("--players and --sample are for --format ffa or teams (or coop)")
    if gauntlet:
        g = find_hero(gauntlet).id
        ids = [g] + [h for h in ids if h != g]
    pairings = tournament_pairings(ids, ids[0] if gauntlet else None, no_mirrors)
    if not pairings:
        fail("no pairings to play: a single hero with --no-mirrors or --gauntlet leaves nothing")
    games = even_games(games, as_json)
    specs = [prepare(ids, pairings, games, seed, bd, policy, policy_a, policy_b, jobs, max_turns, overrides)
             for bd in parse_boards(board)]
    specs = add_other_policies(specs, robust, check_with)
    spec, defs, b = specs[0]
    out, meta, elapsed = execute_all([s[0] for s in specs], out, jobs, force, no_progress or as_json,
                                      resume, backend, scheduler)
    df = own_games(out, meta)
    rows = []
    for a, bb in spec.pairings:
        s = matchup_summary(df.filter((pl.col("hero_a") == a) & (pl.col("hero_b") == bb)))
        rows.append({"hero_a": a, "hero_b": bb, **s})
    result = {"games": df.height, "pairings": rows, "elapsed_s": round(elapsed, 3), "out": str(out),
              "board": ",".join(x[2].id for x in specs), "seed": seed, "overrides": list(spec.overrides)}
    if spec.robust:
        from unmatched_sim.analysis.robust import policy_sensitivity, sensitivity_summary
        table = policy_sensitivity(out)
        result["robust"] = {"policies": [spec.policy_a, *spec.robust], **sensitivity_summary(table),
                            "table": table.to_dicts()}
    if spec.check_with:
        result["headroom"] = _headroom_json(out)
    if as_json:
        click.echo(json.dumps(result))
        return
    kind = f"Gauntlet of {ids[0]} against {len(ids) - 1} heroes" if gauntlet else f"Round-robin of {len(ids)} heroes"
    click.echo(f"{kind} on {' and '.join(x[2].name for x in specs)}: {len(pairings)} pairings × {games} games "
               + (f"× {len(specs)} boards " if len(specs) > 1 else "") +
               f"= {df.height} games, policies {spec.policy_a} / {spec.policy_b}" + other_games_note(spec))
    if spec.overrides:
        click.echo(f"  what-if: {'; '.join(spec.overrides)}")
    name = {h: defs[h].name for h in ids}               # display names; ids stay in --json
    w = max(len(n) for n in name.values())
    for r in rows:
        ka, kb = r["heroes"]
        a, bb = name[r["hero_a"]], name[r["hero_b"]]
        if r["hero_a"] == r["hero_b"]:
            # a mirror: either copy's win rate is meaningless; the first player's is not
            lo, hi = r["first_player_ci95"]
            click.echo(f"  {a + ' mirror':<{2 * w + 4}}  first player wins "
                       f"{pct(r['first_player_win_rate'])} [{pct(lo)}, {pct(hi)}]  mean {num1(r['mean_turns']):>5} turns")
            continue
        lo, hi = r["ci95"][ka]
        click.echo(f"  {a + ' vs ' + bb:<{2 * w + 4}}  {a:>{w}} wins {pct(r['win_rate'][ka])} "
                   f"[{pct(lo)}, {pct(hi)}]  mean {num1(r['mean_turns']):>5} turns")
    if spec.robust:
        from unmatched_sim.cli.ai import echo_sensitivity
        echo_sensitivity(result["robust"], result["robust"]["table"])
    if spec.check_with:
        from unmatched_sim.cli.ai import echo_headroom
        echo_headroom(result["headroom"], result["headroom"]["table"])
    click.echo(f"  {elapsed:.1f} s; log in {out}  (next: sim report {out})")


def num1(x) -> str:
    """A mean to one decimal, rounded as every report rounds (``report.format``)."""
    from unmatched_sim.report.format import num
    return num(x, 1)


def tournament_pairings(ids: list[str], gauntlet: str | None = None, no_mirrors: bool = False):
    """Every pairing of a round-robin (mirrors included unless ``no_mirrors``), or with a
    ``gauntlet`` hero only that hero against each of the others."""
    if gauntlet:
        return [(gauntlet, o) for o in ids if o != gauntlet]
    return [(a, b) for i, a in enumerate(ids) for b in ids[i:] if not (no_mirrors and a == b)]


@click.command()
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes [default: all cores].")
@click.option("--no-progress", is_flag=True, help="Hide the progress bar.")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Play on this machine's cores, or on a dask.distributed cluster.")
@click.option("--scheduler", default=None, help="With --backend dask: the scheduler's address.")
def resume(run_dir, jobs, no_progress, backend, scheduler):
    """Finish an interrupted run into RUN_DIR (its --out) from the chunks it had finished.

    The same as re-running the run's own command with --resume: the games and files are those
    an uninterrupted run would have written.
    """
    from unmatched_sim.run import execute, partial_dir, read_plan, read_run_json, spec_from_json

    check_jobs(jobs)
    if scheduler and backend != "dask":
        fail("--scheduler is for --backend dask; add --backend dask or leave --scheduler out")
    partial = partial_dir(run_dir)
    doc = read_plan(partial) if partial.is_dir() else None     # a damaged or edited plan is named
    if doc is None:
        if read_run_json(run_dir) is not None:
            click.echo(f"nothing to resume: {run_dir} holds a finished run")
            return
        fail(f"nothing to resume for {run_dir}: no unfinished run ({partial.name} beside it); "
              "give the --out of the interrupted run")
    try:
        spec = spec_from_json(doc["spec"])
    except (KeyError, TypeError, ValueError) as e:
        fail(f"{partial / 'plan.json'} is damaged ({e}); start the run again with --force")
    import hashlib
    for f in [*spec.hero_files.values(), spec.board_file]:
        try:
            sha = hashlib.sha256(Path(f["path"]).read_bytes()).hexdigest()
        except OSError:
            sha = None
        if sha != f["sha256"]:
            fail(f"{f['path']} {'is gone' if sha is None else 'has changed'} since the run started, so its "
                  "remaining games would not match; restore it, or start the run again with --force")
    started = time.perf_counter()
    meta = execute(spec, run_dir, jobs=jobs, progress=not no_progress, command=doc.get("command"),
                   resume=True, backend=backend, scheduler=scheduler)
    click.echo(f"{run_dir}: {meta['total_games']} games complete ({time.perf_counter() - started:.1f} s); "
               f"next: sim report {run_dir}")


def _headroom_json(out) -> dict:
    """A checked run's headroom per hero and its summary, as --json and the printed table read it."""
    from unmatched_sim.analysis.headroom import headroom, headroom_summary

    table = headroom(out)
    return {**headroom_summary(table), "table": table.to_dicts()}
