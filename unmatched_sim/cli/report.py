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
@click.option("--html", "html_out", type=click.Path(path_type=Path), default=None, metavar="FILE",
              help="Write the game as one self-contained HTML page (board, turn slider, combats) to FILE.")
@click.option("--hands", is_flag=True, help="With --html: show the cards in each hand every turn.")
@click.option("--explain", is_flag=True,
              help="With --html: show the AI's options and their scores at each decision (the game is unchanged).")
def replay(run_dir, game_id, heroes, game_seed, first, board, policy, policy_a, policy_b, max_turns, html_out,
           hands, explain):
    """Re-play one game and tell it turn by turn.

    \b
    sim replay RUN_DIR GAME_ID        a game of a run; checks it against the log
    sim replay --heroes houdini genie --seed 123 [--first b] [--policy greedy]
    sim replay RUN_DIR GAME_ID --html game.html [--hands] [--explain]
    """
    from unmatched_sim.replay import replay_game_from_run, replay_game_from_seed

    if (hands or explain) and html_out is None:
        fail(f"{'--hands' if hands else '--explain'} is for the HTML replay: add --html FILE")
    if html_out is not None:
        html_out = _html_target(html_out)
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
        r = replay_game_from_seed(heroes, game_seed, first, board, *parse_policies(policy, policy_a, policy_b),
                                  max_turns, hands, explain)
    else:
        if run_dir is None or game_id is None:
            fail("give RUN_DIR GAME_ID, or --heroes HERO_A HERO_B --seed N")
        r = replay_game_from_run(run_dir, game_id, hands, explain)
    if html_out is None:
        click.echo("\n".join(r.lines))
        return
    from unmatched_sim.report.replay_html import write_replay_html
    try:
        write_replay_html(r, html_out)
    except OSError as e:
        fail(f"cannot write {html_out}: {e.strerror or e}")
    click.echo(f"Replay of {r.header[0].split(':')[0]} written to {html_out}" + (f" ({r.checked[2:]})" if r.checked else ""))


def _html_target(path: Path) -> Path:
    """The --html file, checked before the game is played: a file in a folder that exists."""
    if path.exists() and path.is_dir():
        fail(f"--html {path}: is a folder; give a file name such as game.html")
    if not path.parent.exists() and str(path.parent) not in ("", "."):
        fail(f"--html {path}: folder {path.parent} does not exist")
    return path
