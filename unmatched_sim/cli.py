"""The ``sim`` command line: parse, call, print. No game logic lives here."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import click
import polars as pl

from unmatched_sim.errors import RunInterrupted, UserError


DEFAULT_POLICY = "tuned"


def _fail(message: str) -> None:
    raise UserError(message)


# --------------------------------------------------------------------------- shared options
def run_options(f):
    opts = [
        click.option("--games", "-n", type=int, default=1000, show_default=True,
                     help="Games per pairing; each seed is played from both seats."),
        click.option("--seed", type=int, default=1, show_default=True, help="Run seed."),
        click.option("--board", default="marmoreal", show_default=True,
                     help="Battlefield id; several comma-separated (a,b) play every pairing on each board, same seeds.",
                     shell_complete=complete_boards),
        click.option("--policy", default=None, help="Policy for both sides, e.g. careful or heuristic:aggression=0.9 "
                          f"[default: {DEFAULT_POLICY}].", shell_complete=complete_policies),
        click.option("--policy-a", default=None, help="Policy of the first hero given.",
                     shell_complete=complete_policies),
        click.option("--policy-b", default=None, help="Policy of the second hero given.",
                     shell_complete=complete_policies),
        click.option("--jobs", "-j", type=int, default=None, help="Worker processes [default: all cores]."),
        click.option("--out", type=click.Path(path_type=Path), default=None,
                     help="Run directory [default: a new folder under runs/]."),
        click.option("--force", is_flag=True, help="Replace an existing run in --out."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text."),
        click.option("--max-turns", type=int, default=None,
                     help="End a game as a draw after this many turns (both players' turns count) [default: 200]."),
        click.option("--no-progress", is_flag=True, help="Hide the progress bar."),
        click.option("--resume", is_flag=True,
                     help="Continue an interrupted run of this same command from its finished chunks."),
        click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
                     help="Play on this machine's cores, or on a dask.distributed cluster."),
        click.option("--scheduler", default=None,
                     help="With --backend dask: the scheduler's address, e.g. tcp://10.0.0.5:8786."),
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


def _policies(policy, policy_a, policy_b) -> tuple[str, str]:
    from unmatched_sim.policies import validate_policy_spec

    if policy is not None and (policy_a is not None or policy_b is not None):
        _fail("give either --policy or --policy-a/--policy-b, not both")
    for opt, value in (("--policy", policy), ("--policy-a", policy_a), ("--policy-b", policy_b)):
        if value is not None and not value.strip():
            _fail(f"{opt} is empty; name a policy, e.g. {opt} greedy (see: sim policies)")
    # The default is the strongest fast player: the heuristic in each hero's measured style
    # (see docs/policies.md).
    a = policy_a if policy_a is not None else policy if policy is not None else DEFAULT_POLICY
    b = policy_b if policy_b is not None else policy if policy is not None else DEFAULT_POLICY
    validate_policy_spec(a), validate_policy_spec(b)   # validate now, before any game is played
    return a, b


def robust_option(f):
    """``--robust [POLICIES]``: play the run's non-mirror pairings again, same seeds, under other
    policies (``unmatched_sim.robust``)."""
    return click.option(
        "--robust", "robust", default=None, is_flag=False, flag_value="tuned-v1",   # robust.DEFAULT_ROBUST
        metavar="[POLICIES]",
        help="Also play every non-mirror pairing, on the same seeds, under these policies (comma-separated; "
             "alone: tuned-v1), each playing both heroes, into the same run; `sim report` then flags the "
             "matchups whose verdict depends on the policy. Give it after the heroes, or as --robust=P.")(f)


def _with_robust(specs, robust):
    """The run's spec with --robust's games added (a duel on one board only)."""
    if robust is None:
        return specs
    from unmatched_sim.robust import parse_robust, with_robust

    if len(specs) > 1:
        _fail("--robust works with one --board at a time")
    spec, heroes, b = specs[0]
    pols = parse_robust(robust, spec.policy_a, spec.policy_b)
    return [(with_robust(spec, pols), heroes, b)]


def _own_games(out, meta) -> pl.DataFrame:
    """games.parquet of a run, without a robust run's games under its other policies."""
    from unmatched_sim.analysis.run import primary_games
    from unmatched_sim.runner import read_games

    df = read_games(out)
    n = primary_games(meta or {})
    return df if n is None else df.filter(pl.col("game_id") < n)


def set_option(f):
    """``--set`` (repeatable): what-if overrides of the hero files for this run only."""
    return click.option(
        "--set", "overrides", multiple=True, metavar="PATH=VALUE",
        help="What-if change of a hero file for this run only (repeatable), e.g. "
             "'houdini:Vanishing Act.value=3', 'houdini.health=16', 'genie:Three Wishes.copies=2', "
             "'pandora.ability.bust_at=4'. Recorded in run.json; replay applies it again.")(f)


def split_names(items) -> list[str]:
    """Names given as several arguments or comma-separated ('houdini,genie'), in order; a display
    name with spaces stays whole ('The Genie')."""
    return [h.strip() for item in items for h in str(item).split(",") if h.strip()]


def even_games(games: int, quiet: bool = False) -> int:
    """Each seed is played from both seats, so an odd --games is rounded up (and said so)."""
    if games >= 1 and games % 2:
        if not quiet:
            click.echo(f"note: --games {games} is odd; playing {games + 1} so that every seed is played "
                       "from both seats", err=True)
        return games + 1
    return games


def _prepare(hero_ids: list[str], pairings, games, seed, board, policy, policy_a, policy_b, jobs,
             max_turns, overrides=()):
    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.engine.game import DEFAULT_MAX_TURNS
    from unmatched_sim.runner import RunSpec, spec_files

    if games < 1:
        _fail(f"--games must be at least 1 (got {games})")
    if jobs is not None and jobs == 0:
        _fail("--jobs must be a positive number of workers, or negative to leave cores free (got 0)")
    if max_turns is not None and not 2 <= max_turns <= 30000:
        _fail(f"--max-turns must be from 2 to 30000 (got {max_turns})")
    heroes = {}
    for name in hero_ids:
        h = find_hero(name)
        heroes[h.id] = h
    b = find_board(board)
    pa, pb = _policies(policy, policy_a, policy_b)
    pairings = tuple((find_hero(a).id, find_hero(bb).id) for a, bb in pairings)
    texts = ()
    if overrides:
        from unmatched_sim.overrides import load_hero, parse_overrides, resolve
        ovs = resolve(parse_overrides(overrides), find_hero)
        for o in ovs:
            if o.hero not in heroes:
                _fail(f"--set '{o.text}' changes {o.hero}, who does not play in this run "
                      f"(heroes: {', '.join(heroes)})")
        for hid in {o.hero for o in ovs}:
            heroes[hid] = load_hero(heroes[hid].path, ovs)       # validated like a file
        texts = tuple(o.text for o in ovs)
    from unmatched_sim.data.limits import check_fits
    check_fits(list(heroes.values()), b, pairings)
    hero_files, board_file = spec_files(list(heroes.values()), b)
    spec = RunSpec(pairings=pairings, games=games, seed=seed, board=b.id, policy_a=pa, policy_b=pb,
                   max_turns=max_turns or DEFAULT_MAX_TURNS, hero_files=hero_files, board_file=board_file,
                   overrides=texts)
    return spec, heroes, b


def _execute(spec, out, jobs, force, no_progress, resume=False, backend="local", scheduler=None):
    from unmatched_sim.runner import default_out_dir, execute, run_name

    from unmatched_sim.backends import check_backend

    check_backend(backend, scheduler)
    out = out or default_out_dir(spec.pairings, spec.board, spec.seed, spec.games, resume=resume,
                                 name=run_name(spec))
    # --resume is how this command was run, not what it runs: the run records the command without it
    command = ["sim"] + [a for a in sys.argv[1:] if a != "--resume"]
    meta = execute(spec, out, jobs=jobs, force=force, progress=not no_progress, command=command,
                   resume=resume, backend=backend, scheduler=scheduler)
    return out, meta


def _boards(board: str) -> list[str]:
    """--board a,b: every pairing on each board (same seeds); a board named twice is played once."""
    from unmatched_sim.data.catalog import find_board
    out = []
    for name in split_names([board]):
        bid = find_board(name).id
        if bid not in out:
            out.append(bid)
    if not out:
        _fail("--board needs a board id (sim boards lists them)")
    return out


def _execute_all(specs, out, jobs, force, no_progress, resume=False, backend="local", scheduler=None):
    """One board: an ordinary run; several: one run per board joined into one directory
    (--resume and --backend apply to a one-board run)."""
    if len(specs) == 1:
        return _execute(specs[0], out, jobs, force, no_progress, resume, backend, scheduler)
    if resume or backend != "local":
        _fail("--resume and --backend work with one --board at a time")
    from unmatched_sim.multiboard import execute_boards
    from unmatched_sim.runner import default_out_dir

    spec = specs[0]
    from unmatched_sim.runner import run_name
    out = out or default_out_dir(spec.pairings, "+".join(s.board for s in specs), spec.seed, spec.games,
                                 name=run_name(spec))
    meta = execute_boards(specs, out, jobs=jobs if jobs is not None else -1, force=force,
                          progress=not no_progress, command=["sim"] + sys.argv[1:])
    return out, meta


def _pct(x) -> str:
    from unmatched_sim.stats import round_half_up     # (not from report: that imports matplotlib)
    return "  n/a" if x is None else f"{round_half_up(100 * x, 1):>5}%"


# --------------------------------------------------------------------------- shell completion
def _complete(names, incomplete: str):
    from click.shell_completion import CompletionItem
    last = incomplete.rsplit(",", 1)                   # complete the last of 'a,b,c' too
    head, tail = (last[0] + ",", last[1]) if len(last) == 2 else ("", last[0])
    return [CompletionItem(head + n) for n in names if n.startswith(tail.lower())]


def complete_heroes(ctx, param, incomplete):
    try:
        from unmatched_sim.data.catalog import hero_ids
        return _complete(hero_ids(), incomplete)
    except Exception:  # completion must never fail loudly
        return []


def complete_boards(ctx, param, incomplete):
    try:
        from unmatched_sim.data.catalog import board_ids
        return _complete(board_ids(), incomplete)
    except Exception:
        return []


def complete_policies(ctx, param, incomplete):
    try:
        from unmatched_sim.policies import POLICIES
        return _complete(list(POLICIES), incomplete)
    except Exception:
        return []


# --------------------------------------------------------------------------- commands
def _set_env_dir(var: str):
    def callback(ctx, param, value):
        if value is not None:
            if not Path(value).is_dir():
                raise click.BadParameter(f"{value} is not a folder", ctx=ctx, param=param)
            os.environ[var] = str(Path(value).resolve())     # workers inherit it
        return value
    return callback


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="unmatched-sim", prog_name="sim")
@click.option("--heroes-dir", type=click.Path(path_type=Path), default=None, expose_value=False,
              is_eager=True, callback=_set_env_dir("UNMATCHED_HEROES"),
              help="Folder of hero files to use instead of heroes/ (as UNMATCHED_HEROES).")
@click.option("--boards-dir", type=click.Path(path_type=Path), default=None, expose_value=False,
              is_eager=True, callback=_set_env_dir("UNMATCHED_BOARDS"),
              help="Extra folder of board files (as UNMATCHED_BOARDS).")
def cli():
    """unmatched-sim: simulate Unmatched matchups and measure their balance.

    Shell completion of commands and hero, board and policy names (bash):
    eval "$(_SIM_COMPLETE=bash_source sim)"   (zsh: zsh_source, fish: fish_source)
    """


def format_options(f):
    f = click.option("--format", "fmt", type=click.Choice(["duel", "ffa", "teams"]), default=None,
                     help="duel (2 heroes), ffa: free-for-all (3-4), teams: 2 v 2 (the first two heroes "
                          "against the last two) [default: duel for 2 heroes, ffa for 3-4].")(f)
    return f


@cli.command()
@click.argument("hero_a", required=False, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@click.argument("hero_b", required=False, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@click.argument("more", nargs=-1, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@run_options
@set_option
@format_options
@click.option("--teams", "teams_spec", default=None, metavar="A,B:C,D",
              help="A team game: heroes A and B against C and D.")
@robust_option
def matchup(hero_a, hero_b, more, games, seed, board, policy, policy_a, policy_b, jobs, out, force, as_json,
            max_turns, no_progress, resume, backend, scheduler, overrides, fmt, teams_spec, robust):
    """Play HERO_A against HERO_B and report win rates with 95% intervals.

    The heroes may also be given as one argument, HERO_A,HERO_B. With three or four heroes
    (free-for-all, or --format teams / --teams A,B:C,D for two against two) every hero plays
    every turn position equally often; --policy-a then plays the first hero (team A), --policy-b
    the others.
    """
    from unmatched_sim.analysis import matchup_summary
    from unmatched_sim.runner import read_games

    names = split_names([x for x in (hero_a, hero_b) if x] + list(more))
    if teams_spec is not None or fmt not in (None, "duel") or len(names) > 2:
        if robust is not None:
            _fail("--robust is for duels (two heroes)")
        from unmatched_sim.cli_formats import multi_run, resolve_format
        from unmatched_sim.data.catalog import find_hero
        fmt, names = resolve_format(names, fmt, teams_spec)
        lineup = tuple(find_hero(n).id for n in names)
        return multi_run(names, fmt, [lineup], games=games, seed=seed, board=board, policy=policy,
                         policy_a=policy_a, policy_b=policy_b, jobs=jobs, out=out, force=force, as_json=as_json,
                         max_turns=max_turns, no_progress=no_progress, resume=resume, backend=backend,
                         scheduler=scheduler, overrides=overrides, single=True)
    if len(names) != 2:
        _fail(f"matchup needs two heroes, HERO_A HERO_B or HERO_A,HERO_B (got {', '.join(names) or 'none'})")
    hero_a, hero_b = names

    games = even_games(games, as_json)
    specs = [_prepare([hero_a, hero_b], [(hero_a, hero_b)], games, seed, bd, policy,
                      policy_a, policy_b, jobs, max_turns, overrides) for bd in _boards(board)]
    specs = _with_robust(specs, robust)
    spec, heroes, b = specs[0]
    started = time.perf_counter()
    out, meta = _execute_all([s[0] for s in specs], out, jobs, force, no_progress or as_json,
                             resume, backend, scheduler)
    elapsed = time.perf_counter() - started
    summary = matchup_summary(_own_games(out, meta))
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
    if as_json:
        click.echo(json.dumps(summary))
        return
    click.echo(f"{heroes[a].name} vs {heroes[bb].name} on {' and '.join(x[2].name for x in specs)}: {summary['games']} games "
               f"(seed {seed}; each seed from both seats), policies {spec.policy_a} / {spec.policy_b}")
    if spec.overrides:
        click.echo(f"  what-if: {'; '.join(spec.overrides)}")
    width = max(len(n) for n in names)
    for key in names:
        lo, hi = summary["ci95"][key]
        seats = summary["win_rate_by_seat"][key]
        click.echo(f"  {key:<{width}}  wins {summary['wins'][key]:>6}  win rate {_pct(summary['win_rate'][key])}"
                   f"  95% CI [{_pct(lo)}, {_pct(hi)}]   going first {_pct(seats['first']['win_rate'])}"
                   f"  going second {_pct(seats['second']['win_rate'])}")
    if summary["draws"]:
        click.echo(f"  draws (turn limit) {summary['draws']}")
    lo, hi = summary["first_player_ci95"]
    click.echo(f"  first player wins {_pct(summary['first_player_win_rate'])}  [{_pct(lo)}, {_pct(hi)}]")
    for bid, bs in (summary.get("by_board") or {}).items():
        k0 = bs["heroes"][0]
        lo, hi = bs["ci95"][k0]
        click.echo(f"  on {bid:<10} {k0} wins {_pct(bs['win_rate'][k0])} [{_pct(lo)}, {_pct(hi)}] of {bs['games']} games")
    click.echo(f"  mean game length {summary['mean_turns']:.1f} turns")
    click.echo("  games ended by: " + ", ".join(f"{r} {c}" for r, c in summary["end_reasons"].items()))
    played = meta.get("total_games", summary["games"]) if isinstance(meta, dict) else summary["games"]
    click.echo(f"  {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} games/s); log in {out}")
    click.echo(f"Verdict: {summary['verdict']}")
    if summary.get("robust"):
        from unmatched_sim.cli_ai import echo_robust
        click.echo(f"The same {summary['games']} seeds under each policy (each playing both heroes):")
        echo_robust(summary["robust"], heroes[a].name, heroes[bb].name)


def matchup_verdict(summary: dict, names: dict) -> str:
    """A plain sentence: is the matchup distinguishable from 50%, and by how much it leans."""
    key = summary["heroes"][0]
    other = summary["heroes"][1]
    lo, hi = summary["ci95"][key]
    n = summary["games"]
    if lo <= 0.5 <= hi:
        return (f"not distinguishable from 50% with {n:,} games ({names.get(key, key)} wins "
                f"{100 * summary['win_rate'][key]:.1f}%, 95% CI {100 * lo:.1f}–{100 * hi:.1f}%)")
    fav, (flo, fhi) = (key, (lo, hi)) if lo > 0.5 else (other, (1 - hi, 1 - lo))
    if summary.get("draws"):   # with draws the other side's interval is its own
        flo, fhi = summary["ci95"][fav]
    return (f"favours {names.get(fav, fav)} by {100 * (flo - 0.5):.0f}–{100 * (fhi - 0.5):.0f} points above "
            f"an even 50% (wins {100 * summary['win_rate'][fav]:.1f}%, 95% CI {100 * flo:.1f}–{100 * fhi:.1f}%, "
            f"{n:,} games)")


@cli.command()
@click.argument("heroes", nargs=-1, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@run_options
@set_option
@click.option("--gauntlet", default=None, metavar="HERO",
              shell_complete=lambda c, p, i: complete_heroes(c, p, i),
              help="Play only HERO against each of the others (one hero against the field).")
@click.option("--no-mirrors", is_flag=True, help="Leave out mirror matches (a hero against itself).")
@format_options
@click.option("--players", type=int, default=None,
              help="Free-for-all: heroes per game, 3 or 4 [default: 4, or 3 with three heroes].")
@click.option("--sample", type=int, default=None, metavar="K",
              help="Free-for-all or teams: play K line-ups drawn at random (from the run seed) "
                   "instead of every combination.")
@robust_option
def tournament(heroes, games, seed, board, policy, policy_a, policy_b, jobs, out, force, as_json,
               max_turns, no_progress, resume, backend, scheduler, overrides, gauntlet, no_mirrors,
               fmt, players, sample, robust):
    """Round-robin of HEROES (default: every hero), mirrors included, into one run directory.

    HEROES may be given as separate arguments or comma-separated: houdini genie or houdini,genie.
    With --format ffa or teams: every line-up of distinct heroes (every set of --players heroes;
    every split of every four into two teams), or --sample K of them; --games per line-up.
    """
    from unmatched_sim.analysis import matchup_summary
    from unmatched_sim.data.catalog import find_hero, hero_ids

    names = split_names(heroes) or hero_ids()
    if not names:
        from unmatched_sim.data.catalog import heroes_dir
        _fail(f"no hero files (*.toml) in {heroes_dir()}; point UNMATCHED_HEROES at a folder of hero files")
    ids = []
    for n in names:
        hid = find_hero(n).id
        if hid not in ids:
            ids.append(hid)
    if fmt in ("ffa", "teams"):
        if robust is not None:
            _fail("--robust is for duel tournaments")
        if gauntlet or no_mirrors:
            _fail("--gauntlet and --no-mirrors are for duel tournaments (free-for-all and team line-ups "
                  "never repeat a hero)")
        from unmatched_sim.cli_formats import multi_run, plan_tournament
        lineups = plan_tournament(ids, fmt, players, sample, seed, as_json)
        return multi_run(ids, fmt, lineups, games=games, seed=seed, board=board, policy=policy,
                         policy_a=policy_a, policy_b=policy_b, jobs=jobs, out=out, force=force, as_json=as_json,
                         max_turns=max_turns, no_progress=no_progress, resume=resume, backend=backend,
                         scheduler=scheduler, overrides=overrides, single=False)
    if players is not None or sample is not None:
        _fail("--players and --sample are for --format ffa or teams")
    if gauntlet:
        g = find_hero(gauntlet).id
        ids = [g] + [h for h in ids if h != g]
    pairings = tournament_pairings(ids, ids[0] if gauntlet else None, no_mirrors)
    if not pairings:
        _fail("no pairings to play: a single hero with --no-mirrors or --gauntlet leaves nothing")
    games = even_games(games, as_json)
    specs = [_prepare(ids, pairings, games, seed, bd, policy, policy_a, policy_b, jobs, max_turns, overrides)
             for bd in _boards(board)]
    specs = _with_robust(specs, robust)
    spec, defs, b = specs[0]
    started = time.perf_counter()
    out, meta = _execute_all([s[0] for s in specs], out, jobs, force, no_progress or as_json,
                             resume, backend, scheduler)
    elapsed = time.perf_counter() - started
    df = _own_games(out, meta)
    import polars as pl
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
    if as_json:
        click.echo(json.dumps(result))
        return
    kind = f"Gauntlet of {ids[0]} against {len(ids) - 1} heroes" if gauntlet else f"Round-robin of {len(ids)} heroes"
    click.echo(f"{kind} on {' and '.join(x[2].name for x in specs)}: {len(pairings)} pairings × {games} games "
               + (f"× {len(specs)} boards " if len(specs) > 1 else "") +
               f"= {df.height} games, policies {spec.policy_a} / {spec.policy_b}"
               + (f" (and {spec.total_games - spec.primary_games} more under {', '.join(spec.robust)}: --robust)"
                  if spec.robust else ""))
    if spec.overrides:
        click.echo(f"  what-if: {'; '.join(spec.overrides)}")
    w = max(len(h) for h in ids)
    for r in rows:
        ka, kb = r["heroes"]
        if r["hero_a"] == r["hero_b"]:
            # a mirror: either copy's win rate is meaningless; the first player's is not
            lo, hi = r["first_player_ci95"]
            click.echo(f"  {r['hero_a']:>{w}} vs {r['hero_b']:<{w}}  mirror: first player wins "
                       f"{_pct(r['first_player_win_rate'])} [{_pct(lo)}, {_pct(hi)}]  mean {r['mean_turns']:5.1f} turns")
            continue
        lo, hi = r["ci95"][ka]
        click.echo(f"  {r['hero_a']:>{w}} vs {r['hero_b']:<{w}}  {ka:>{w}} wins {_pct(r['win_rate'][ka])} "
                   f"[{_pct(lo)}, {_pct(hi)}]  mean {r['mean_turns']:5.1f} turns")
    if spec.robust:
        from unmatched_sim.cli_ai import echo_sensitivity
        echo_sensitivity(result["robust"], result["robust"]["table"])
    click.echo(f"  {elapsed:.1f} s; log in {out}  (next: sim report {out})")


def tournament_pairings(ids: list[str], gauntlet: str | None = None, no_mirrors: bool = False):
    """Every pairing of a round-robin (mirrors included unless ``no_mirrors``), or with a
    ``gauntlet`` hero only that hero against each of the others."""
    if gauntlet:
        return [(gauntlet, o) for o in ids if o != gauntlet]
    return [(a, b) for i, a in enumerate(ids) for b in ids[i:] if not (no_mirrors and a == b)]


@cli.command()
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
    from unmatched_sim.runlock import partial_dir, read_run_json
    from unmatched_sim.runner import execute, read_plan, spec_from_json

    if jobs is not None and jobs == 0:
        _fail("--jobs must be a positive number of workers, or negative to leave cores free (got 0)")
    if scheduler and backend != "dask":
        _fail("--scheduler is for --backend dask; add --backend dask or leave --scheduler out")
    partial = partial_dir(run_dir)
    doc = read_plan(partial) if partial.is_dir() else None
    if doc is None:
        if read_run_json(run_dir) is not None:
            click.echo(f"nothing to resume: {run_dir} holds a finished run")
            return
        _fail(f"nothing to resume for {run_dir}: no unfinished run ({partial.name} beside it); "
              "give the --out of the interrupted run")
    try:
        spec = spec_from_json(doc["spec"])
    except (KeyError, TypeError, ValueError) as e:
        _fail(f"{partial / 'plan.json'} is damaged ({e}); start the run again with --force")
    import hashlib
    for f in [*spec.hero_files.values(), spec.board_file]:
        try:
            sha = hashlib.sha256(Path(f["path"]).read_bytes()).hexdigest()
        except OSError:
            sha = None
        if sha != f["sha256"]:
            _fail(f"{f['path']} {'is gone' if sha is None else 'has changed'} since the run started, so its "
                  "remaining games would not match; restore it, or start the run again with --force")
    started = time.perf_counter()
    meta = execute(spec, run_dir, jobs=jobs, progress=not no_progress, command=doc.get("command"),
                   resume=True, backend=backend, scheduler=scheduler)
    click.echo(f"{run_dir}: {meta['total_games']} games complete ({time.perf_counter() - started:.1f} s); "
               f"next: sim report {run_dir}")


@cli.command()
@click.argument("run_dir", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Report folder [default: reports/<run name>/]; a previous report there is replaced.")
@click.option("--tempo", "tempo", multiple=True, metavar="HERO,OPPONENT",
              help="Draw the race (both heroes' health by turn) of this matchup (repeatable) "
                   "[default: the matchup of a two-hero run].")
def report(run_dir, out, tempo):
    """Write the balance report of RUN_DIR: index.html, summary.md and charts (PNG + SVG).

    RUN_DIR is a run directory from `sim tournament` or `sim matchup`. Open index.html in a browser.
    Every table is also written as CSV under tables/, and all the numbers in numbers.json.
    """
    from unmatched_sim.data.catalog import find_hero
    from unmatched_sim.report import build_report

    pairs = []
    for t in tempo:
        names = split_names([t])
        if len(names) != 2:
            _fail(f"--tempo {t!r}: give two heroes, HERO,OPPONENT")
        pairs.append(tuple(find_hero(n).id for n in names))
    r = build_report(run_dir, out, pairs or None)
    click.echo(f"Report of {r.games:,} games ({len(r.heroes)} hero{'es' if len(r.heroes) != 1 else ''}) in {r.out}: "
               f"open {r.out / 'index.html'}")
    for title, why in r.left_out:
        click.echo(f"  left out: {title} — {why}")
    click.echo(f"  {len(r.files)} files, {r.seconds:.1f} s")


@cli.command()
@click.argument("run_dir", required=False, type=click.Path(path_type=Path))
@click.argument("game_id", required=False, type=int)
@click.option("--heroes", nargs=2, default=None, help="Replay a game from scratch: HERO_A HERO_B.")
@click.option("--seed", "game_seed", type=int, default=None, help="With --heroes: the game's seed.")
@click.option("--first", type=click.Choice(["a", "b"]), default="a", show_default=True,
              help="With --heroes: which hero takes the first turn.")
@click.option("--board", default="marmoreal", show_default=True, help="With --heroes: battlefield.")
@click.option("--policy", default=None, help="With --heroes: policy for both sides.")
@click.option("--policy-a", default=None, help="With --heroes: policy of HERO_A (instead of --policy).")
@click.option("--policy-b", default=None, help="With --heroes: policy of HERO_B (instead of --policy).")
@click.option("--max-turns", type=int, default=None,
              help="With --heroes: end the game as a draw after this many turns [default: 200].")
def replay(run_dir, game_id, heroes, game_seed, first, board, policy, policy_a, policy_b, max_turns):
    """Re-play one game and tell it turn by turn.

    \b
    sim replay RUN_DIR GAME_ID        a game of a run; checks it against the log
    sim replay --heroes houdini genie --seed 123 [--first b] [--policy greedy]
    """
    from unmatched_sim.replay import replay_from_run, replay_from_seed

    if max_turns is not None and not 2 <= max_turns <= 30000:
        _fail(f"--max-turns must be from 2 to 30000 (got {max_turns})")
    if not heroes:
        ctx = click.get_current_context()
        given = [f"--{name.replace('game_seed', 'seed').replace('_', '-')}"
                 for name in ("game_seed", "first", "board", "policy", "policy_a", "policy_b", "max_turns")
                 if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
        if given:
            _fail(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} only for --heroes replays; "
                  "`sim replay RUN_DIR GAME_ID` re-plays the game exactly as the run played it")
    if heroes:
        if run_dir is not None:
            _fail("give either RUN_DIR GAME_ID or --heroes, not both")
        if game_seed is None:
            _fail("--heroes needs --seed (the game's seed, as in games.parquet)")
        lines = replay_from_seed(heroes, game_seed, first, board, *_policies(policy, policy_a, policy_b),
                                 max_turns)
    else:
        if run_dir is None or game_id is None:
            _fail("give RUN_DIR GAME_ID, or --heroes HERO_A HERO_B --seed N")
        lines = replay_from_run(run_dir, game_id)
    click.echo("\n".join(lines))


@cli.command("heroes")
def heroes_cmd():
    """List the heroes available, with their key stats."""
    from unmatched_sim.data.catalog import all_heroes, heroes_dir

    hs = all_heroes()
    click.echo(f"{len(hs)} heroes in {heroes_dir()}")
    rows = []
    for h in hs:
        sk = ", ".join(f"{s.name} ({s.health})" + (f" x{s.count}" if s.count > 1 else "") for s in h.sidekicks) or "-"
        health = f"{h.hero.health}" + (f" x{h.hero.count}" if h.hero.count > 1 else "")   # the Sisters
        rows.append((h.id, h.name, health, str(h.move), "ranged" if h.hero.ranged else "melee", sk,
                     str(h.deck_size), h.ability.name))
    head = ("id", "name", "health", "move", "attack", "sidekicks", "cards", "ability")
    width = [max(len(r[k]) for r in rows + [head]) for k in range(len(head))]
    right = {2, 3, 6}
    for r in [head] + rows:
        cells = [c.rjust(width[k]) if k in right else c.ljust(width[k]) for k, c in enumerate(r)]
        click.echo("  " + "  ".join(cells).rstrip())


@cli.command("boards")
def boards_cmd():
    """List the battlefields available."""
    from unmatched_sim.data.catalog import all_boards

    for b in all_boards():
        edges = sum(len(a) for a in b.adjacent) // 2
        features = []
        if any(b.move_edges[s] != tuple(sorted(b.adjacent[s])) for s in range(b.size)):
            features.append("one-way paths / secret passages")
        if b.conveyors:
            features.append("conveyor belt")
        starts = ", ".join(f"{n}={b.labels[s]}" for n, s in sorted(b.starts.items()))
        click.echo(f"  {b.id:<12} {b.name:<16} {b.size} spaces, {edges} paths, {len(b.zone_names)} zones; "
                   f"starts {starts}" + (f"; {', '.join(features)}" if features else ""))


@cli.command("policies")
def policies_cmd():
    """List the AI policies and their parameters (use as --policy NAME:key=value,key=value)."""
    from unmatched_sim.policies import POLICIES

    width = max(len(n) for n in POLICIES)
    for name, cls in POLICIES.items():
        click.echo(f"  {name:<{width}}  {cls.summary}")
        pw = max((len(f"{k}={v}") for k, v in cls.params.items()), default=0)
        for k, v in cls.params.items():
            helptext = cls.param_help.get(k, "")
            click.echo(f"  {'':<{width}}    {f'{k}={v}':<{pw}}" + (f"  {helptext}" if helptext else "").rstrip())
    click.echo("  e.g. --policy greedy:aggression=0.9 --policy-b ismcts:iterations=400; "
               "writing your own: docs/policies.md")


@cli.command()
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
    from unmatched_sim.data.catalog import find_hero, hero_ids
    from unmatched_sim.policies import validate_policy_spec
    from unmatched_sim.runner import RunSpec, read_games

    names = [h for item in hero_list for h in item.replace(",", " ").split()] or hero_ids()
    if not names:
        from unmatched_sim.data.catalog import heroes_dir
        _fail(f"no hero files (*.toml) in {heroes_dir()}; point UNMATCHED_HEROES at a folder of hero files")
    ids = []
    for n in names:
        hid = find_hero(n).id
        if hid not in ids:
            ids.append(hid)
    specs = [p for item in policy_list for p in split_policy_list(item)] or \
        ["random", "greedy", "heuristic", "aggressive", "careful", "tuned"]
    pols = []
    for p in specs:
        validate_policy_spec(p)
        if p in pols:
            _fail(f"--policies names '{p}' twice")
        pols.append(p)
    if len(pols) < 2:
        _fail(f"--policies needs at least two policies to compare (got {', '.join(pols) or 'none'})")
    pairings = [(a, b) for i, a in enumerate(ids) for b in ids[i:]]
    # _prepare validates games / jobs / max-turns / board the same way as matchup and tournament.
    games = even_games(games, as_json)
    spec, defs, b = _prepare(ids, pairings, games, seed, board, None, pols[0], pols[1], jobs, max_turns,
                             overrides)
    matchups = tuple(ladder_matchups(ids, pols))
    spec = RunSpec(pairings=spec.pairings, games=games, seed=seed, board=spec.board, policy_a="ladder",
                   policy_b="ladder", max_turns=spec.max_turns, hero_files=spec.hero_files,
                   board_file=spec.board_file, matchups=matchups, overrides=spec.overrides)
    started = time.perf_counter()
    out, meta = _execute(spec, out, jobs, force, no_progress or as_json, resume)
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
                   f"wins {_pct(r['win_rate'])} [{_pct(flo)}, {_pct(fhi)}] of {r['games']} games")
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
            click.echo(f"    {r['policy']:<{w}}  {r['hero']:<12} {_pct(r['win_rate'])} [{_pct(lo)}, {_pct(hi)}]"
                       f"  of {r['games']}")
    if summary["draws"]:
        click.echo(f"  draws (turn limit) {summary['draws']}")
    click.echo(f"  {elapsed:.1f} s; log in {out}")


# --------------------------------------------------------------------------- the workbench
# sim compare, sim games and sim sweep live in cli_workbench.py; importing it registers them.
from unmatched_sim import cli_workbench  # noqa: E402,F401
# sim robust lives in cli_ai.py (the AI's robustness check); importing it registers it.
from unmatched_sim import cli_ai  # noqa: E402,F401


# --------------------------------------------------------------------------- entry point
def _stop_on_sigterm() -> None:
    """SIGTERM (timeout, Slurm, docker stop) stops any command as Ctrl-C does, so every command's
    clean-up runs (a run keeps its finished chunks; a half-written report folder is removed)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None

    def handler(signum, frame):
        from unmatched_sim.runner import Terminated
        raise Terminated()

    return signal.signal(signal.SIGTERM, handler)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI: a user error is one line on stderr and a non-zero exit, never a traceback."""
    previous = _stop_on_sigterm()
    try:
        _main(argv)
    finally:
        if previous is not None:
            import signal
            signal.signal(signal.SIGTERM, previous)


def _main(argv: list[str] | None) -> None:
    try:
        cli.main(args=argv, prog_name="sim", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as e:  # pragma: no cover - click version dependent
        click.echo(e.ctx.get_help())
        sys.exit(2)
    except click.UsageError as e:
        click.echo(f"error: {e.format_message()}" + (f" (see: sim {e.ctx.info_name} --help)"
                   if e.ctx and e.ctx.info_name != 'sim' else " (see: sim --help)"), err=True)
        sys.exit(2)
    except click.ClickException as e:
        click.echo(f"error: {e.format_message()}", err=True)
        sys.exit(e.exit_code or 1)
    except click.exceptions.Abort as e:
        from unmatched_sim.runner import Terminated
        if isinstance(e.__context__, Terminated):
            click.echo("error: terminated; nothing was written", err=True)
            sys.exit(143)
        click.echo("error: aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        click.echo("error: interrupted; nothing was written to --out", err=True)
        sys.exit(130)
    except RunInterrupted as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(e.exit_code)
    except UserError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(1)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as e:  # a bug: say so in one line; SIM_DEBUG=1 shows the traceback
        if os.environ.get("SIM_DEBUG"):
            raise
        click.echo(f"internal error: {type(e).__name__}: {e} (rerun with SIM_DEBUG=1 for details; "
                   "please report it)", err=True)
        sys.exit(70)
    except SystemExit:
        raise


if __name__ == "__main__":
    # run the imported module's group, on which cli_workbench registered its commands
    from unmatched_sim.cli import main as _main
    _main()
