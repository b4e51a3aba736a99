"""What the ``sim`` commands share: the run options, hero / board / policy arguments, preparing
and executing a run, shell completion, and how an error reaches the user (one line, an exit code)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from unmatched_sim.errors import RunInterrupted, Terminated, UserError

DEFAULT_POLICY = "tuned"


def fail(message: str) -> None:
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


def parse_policies(policy, policy_a, policy_b) -> tuple[str, str]:
    """The two sides' policies from --policy / --policy-a / --policy-b, validated."""
    from unmatched_sim.policies import validate_policy_spec

    if policy is not None and (policy_a is not None or policy_b is not None):
        fail("give either --policy or --policy-a/--policy-b, not both")
    for opt, value in (("--policy", policy), ("--policy-a", policy_a), ("--policy-b", policy_b)):
        if value is not None and not value.strip():
            fail(f"{opt} is empty; name a policy, e.g. {opt} greedy (see: sim policies)")
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


def check_option(f):
    """``--check-with POLICY[:K]``: replay K games of every pairing with POLICY on one hero
    (``unmatched_sim.headroom``)."""
    return click.option(
        "--check-with", "check_with", default=None, metavar="POLICY[:K]",
        help="Also replay the first K games (default 20, even) of every pairing with POLICY playing one hero and "
             "the run's policy the other, each way round, into the same run; `sim report` then shows how much "
             "each hero gains from the better play (e.g. ismcts:iterations=200:20).")(f)


def set_option(f):
    """``--set`` (repeatable): what-if overrides of the hero files for this run only."""
    return click.option(
        "--set", "overrides", multiple=True, metavar="PATH=VALUE",
        help="What-if change of a hero file for this run only (repeatable), e.g. "
             "'houdini:Vanishing Act.value=3', 'houdini.health=16', 'genie:Three Wishes.copies=2', "
             "'pandora.ability.bust_at=4'. Recorded in run.json; replay applies it again.")(f)


def check_jobs(jobs: int | None) -> None:
    """--jobs: a number of workers, or negative to leave cores free; never 0."""
    if jobs is not None and jobs == 0:
        fail("--jobs must be a positive number of workers, or negative to leave cores free (got 0)")


def split_names(items) -> list[str]:
    """Names given as several arguments or comma-separated ('houdini,genie'), in order; a display
    name with spaces stays whole ('The Genie')."""
    return [h.strip() for item in items for h in str(item).split(",") if h.strip()]


def roster(names: list[str]) -> list[str]:
    """The hero ids of ``names`` in order, each once; no names: every hero in the catalogue."""
    from unmatched_sim.data.catalog import find_hero, heroes_dir, hero_ids

    names = names or hero_ids()
    if not names:
        fail(f"no hero files (*.toml) in {heroes_dir()}; point UNMATCHED_HEROES at a folder of hero files")
    ids: list[str] = []
    for n in names:
        hid = find_hero(n).id
        if hid not in ids:
            ids.append(hid)
    return ids


def even_games(games: int, quiet: bool = False) -> int:
    """Each seed is played from both seats, so an odd --games is rounded up (and said so)."""
    if games >= 1 and games % 2:
        if not quiet:
            click.echo(f"note: --games {games} is odd; playing {games + 1} so that every seed is played "
                       "from both seats", err=True)
        return games + 1
    return games


def prepare(hero_ids: list[str], pairings, games, seed, board, policy, policy_a, policy_b, jobs,
            max_turns, overrides=()):
    """Validate a duel run's options and load its heroes and board: (RunSpec, heroes by id, board)."""
    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.engine.game import DEFAULT_MAX_TURNS
    from unmatched_sim.run import RunSpec, spec_files

    if games < 1:
        fail(f"--games must be at least 1 (got {games})")
    check_jobs(jobs)
    if max_turns is not None and not 2 <= max_turns <= 30000:
        fail(f"--max-turns must be from 2 to 30000 (got {max_turns})")
    heroes = {}
    for name in hero_ids:
        h = find_hero(name)
        heroes[h.id] = h
    b = find_board(board)
    pa, pb = parse_policies(policy, policy_a, policy_b)
    pairings = tuple((find_hero(a).id, find_hero(bb).id) for a, bb in pairings)
    texts = ()
    if overrides:
        from unmatched_sim.overrides import load_hero, parse_overrides, resolve
        ovs = resolve(parse_overrides(overrides), find_hero)
        for o in ovs:
            if o.hero not in heroes:
                fail(f"--set '{o.text}' changes {o.hero}, who does not play in this run "
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


def execute_run(spec, out, jobs, force, no_progress, resume=False, backend="local", scheduler=None):
    """Play ``spec`` into ``out`` (default: a new folder under runs/): (out, run.json)."""
    from unmatched_sim.run import default_out_dir, execute, run_name
    from unmatched_sim.run.backends import check_backend

    check_backend(backend, scheduler)
    out = out or default_out_dir(spec.pairings, spec.board, spec.seed, spec.games, resume=resume,
                                 name=run_name(spec))
    # --resume is how this command was run, not what it runs: the run records the command without it
    command = ["sim"] + [a for a in sys.argv[1:] if a != "--resume"]
    meta = execute(spec, out, jobs=jobs, force=force, progress=not no_progress, command=command,
                   resume=resume, backend=backend, scheduler=scheduler)
    return out, meta


def parse_boards(board: str) -> list[str]:
    """--board a,b: every pairing on each board (same seeds); a board named twice is played once."""
    from unmatched_sim.data.catalog import find_board
    out = []
    for name in split_names([board]):
        bid = find_board(name).id
        if bid not in out:
            out.append(bid)
    if not out:
        fail("--board needs a board id (sim boards lists them)")
    return out


def execute_all(specs, out, jobs, force, no_progress, resume=False, backend="local", scheduler=None):
    """One board: an ordinary run; several: one run per board joined into one directory
    (--resume and --backend apply to a one-board run). Returns (out, run.json, seconds taken)."""
    import time

    started = time.perf_counter()
    if len(specs) == 1:
        out, meta = execute_run(specs[0], out, jobs, force, no_progress, resume, backend, scheduler)
        return out, meta, time.perf_counter() - started
    if resume or backend != "local":
        fail("--resume and --backend work with one --board at a time")
    from unmatched_sim.multiboard import execute_boards
    from unmatched_sim.run import default_out_dir, run_name

    spec = specs[0]
    out = out or default_out_dir(spec.pairings, "+".join(s.board for s in specs), spec.seed, spec.games,
                                 name=run_name(spec))
    meta = execute_boards(specs, out, jobs=jobs if jobs is not None else -1, force=force,
                          progress=not no_progress, command=["sim"] + sys.argv[1:])
    return out, meta, time.perf_counter() - started


def ended_by_line(end_reasons: dict) -> str:
    """The printout's line of how games ended, each end reason in words with its count
    ("villain_defeated" -> "villain defeated 58"); reasons no game ended by are left out."""
    return "  games ended by: " + ", ".join(f"{r.replace('_', ' ')} {c}" for r, c in end_reasons.items() if c)


def pct(x) -> str:
    """A rate as the commands print it: "  n/a" or " 33.3%" (rounded half up, five wide)."""
    from unmatched_sim.report.format import rounded     # the reports' rounding (it loads no plotting)
    return "  n/a" if x is None else f"{rounded(100 * x, 1):>5}%"


def format_options(f):
    """``--format duel|ffa|teams`` of ``sim matchup`` and ``sim tournament``."""
    f = click.option("--format", "fmt", type=click.Choice(["duel", "ffa", "teams", "coop"]), default=None,
                     help="duel (2 heroes), ffa: free-for-all (3-4), teams: 2 v 2 (the first two heroes "
                          "against the last two), coop: every line-up against --villain (tournament only; one "
                          "line-up: sim coop) [default: duel for 2 heroes, ffa for 3-4].")(f)
    return f


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


# --------------------------------------------------------------------------- errors and signals
def stop_on_sigterm():
    """SIGTERM (timeout, Slurm, docker stop) stops any command as Ctrl-C does, so every command's
    clean-up runs (a run keeps its finished chunks; a half-written report folder is removed).
    Returns the handler it replaced (None off the main thread, where nothing is changed)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None

    def handler(signum, frame):
        raise Terminated()

    return signal.signal(signal.SIGTERM, handler)


def run_cli(group: click.Group, argv: list[str] | None) -> None:
    """Run ``group``: a user error is one line on stderr and a non-zero exit, never a traceback."""
    try:
        group.main(args=argv, prog_name="sim", standalone_mode=False)
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
