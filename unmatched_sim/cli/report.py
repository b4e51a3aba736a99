"""The commands that read a run: ``sim report`` (the balance report) and ``sim replay`` (one game
told turn by turn)."""

from __future__ import annotations

from pathlib import Path

import click

from unmatched_sim.cli.common import fail, parse_policies, split_names


@click.command()
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
            fail(f"--tempo {t!r}: give two heroes, HERO,OPPONENT")
        pairs.append(tuple(find_hero(n).id for n in names))
    r = build_report(run_dir, out, pairs or None)
    click.echo(f"Report of {r.games:,} games ({len(r.heroes)} hero{'es' if len(r.heroes) != 1 else ''}) in {r.out}: "
               f"open {r.out / 'index.html'}")
    for title, why in r.left_out:
        click.echo(f"  left out: {title} — {why}")
    click.echo(f"  {len(r.files)} files, {r.seconds:.1f} s")


@click.command()
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
        fail(f"--max-turns must be from 2 to 30000 (got {max_turns})")
    if not heroes:
        ctx = click.get_current_context()
        given = [f"--{name.replace('game_seed', 'seed').replace('_', '-')}"
                 for name in ("game_seed", "first", "board", "policy", "policy_a", "policy_b", "max_turns")
                 if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE]
        if given:
            fail(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} only for --heroes replays; "
                  "`sim replay RUN_DIR GAME_ID` re-plays the game exactly as the run played it")
    if heroes:
        if run_dir is not None:
            fail("give either RUN_DIR GAME_ID or --heroes, not both")
        if game_seed is None:
            fail("--heroes needs --seed (the game's seed, as in games.parquet)")
        lines = replay_from_seed(heroes, game_seed, first, board, *parse_policies(policy, policy_a, policy_b),
                                 max_turns)
    else:
        if run_dir is None or game_id is None:
            fail("give RUN_DIR GAME_ID, or --heroes HERO_A HERO_B --seed N")
        lines = replay_from_run(run_dir, game_id)
    click.echo("\n".join(lines))
