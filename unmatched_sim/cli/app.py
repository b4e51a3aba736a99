"""The ``sim`` group, assembled from the command modules, and ``main``, the ``sim`` entry point."""

from __future__ import annotations

import os
from pathlib import Path

import click

from unmatched_sim.cli.ai import robust
from unmatched_sim.cli.catalog import boards_cmd, heroes_cmd, policies_cmd, villains_cmd
from unmatched_sim.cli.common import run_cli, stop_on_sigterm
from unmatched_sim.cli.coop import coop
from unmatched_sim.cli.ladder import ladder
from unmatched_sim.cli.play import matchup, resume, tournament
from unmatched_sim.cli.report import replay, report
from unmatched_sim.cli.workbench import compare, games, sweep


def _set_env_dir(var: str):
    def callback(ctx, param, value):
        if value is not None:
            if not Path(value).is_dir():
                raise click.BadParameter(f"{value} is not a folder", ctx=ctx, param=param)
            os.environ[var] = str(Path(value).resolve())     # workers inherit it
        return value
    return callback


def _print_version(ctx, param, value):
    if value and not ctx.resilient_parsing:
        from unmatched_sim import _build

        click.echo(_build.describe())
        ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version and which build runs (compiled or pure Python, and why), then exit.")
@click.option("--heroes-dir", type=click.Path(path_type=Path), default=None, expose_value=False,
              is_eager=True, callback=_set_env_dir("UNMATCHED_HEROES"),
              help="Folder of hero files to use instead of heroes/ (as UNMATCHED_HEROES).")
@click.option("--boards-dir", type=click.Path(path_type=Path), default=None, expose_value=False,
              is_eager=True, callback=_set_env_dir("UNMATCHED_BOARDS"),
              help="Extra folder of board files (as UNMATCHED_BOARDS).")
@click.option("--villains-dir", type=click.Path(path_type=Path), default=None, expose_value=False,
              is_eager=True, callback=_set_env_dir("UNMATCHED_VILLAINS"),
              help="Extra folder of co-op villain, minion and event files, read first (as UNMATCHED_VILLAINS).")
def cli():
    """unmatched-sim: simulate Unmatched matchups and measure their balance.

    Shell completion of commands and hero, board and policy names (bash):
    eval "$(_SIM_COMPLETE=bash_source sim)"   (zsh: zsh_source, fish: fish_source)
    """


def first_sentence(help_text: str | None) -> str:
    """A command's line in ``sim --help``: the first sentence of its help, whole (click would cut
    it at 45 characters with "..."; a whole sentence wraps instead)."""
    para = " ".join((help_text or "").strip().split("\n\n")[0].split())
    return para[: para.index(". ") + 1] if ". " in para else para


for _command in (matchup, tournament, resume, ladder, report, replay, heroes_cmd, boards_cmd, policies_cmd,
                 villains_cmd, coop, robust, compare, games, sweep):
    if not _command.short_help:
        _command.short_help = first_sentence(_command.help)
    cli.add_command(_command)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI: a user error is one line on stderr and a non-zero exit, never a traceback."""
    previous = stop_on_sigterm()
    try:
        run_cli(cli, argv)
    finally:
        if previous is not None:
            import signal
            signal.signal(signal.SIGTERM, previous)
