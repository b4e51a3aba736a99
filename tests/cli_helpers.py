"""Run the real ``sim`` entry point in-process and capture what it prints."""

from __future__ import annotations

from unmatched_sim.cli import main


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``sim ARGS...``."""
    code = 0
    try:
        main(list(args))
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err
