"""Small real runs shared by the workbench tests (compare, cards, games, sweep)."""

from __future__ import annotations

from pathlib import Path

from unmatched_sim.cli import main


def make_run(out: Path, *args: str) -> Path:
    """``sim ARGS... --out OUT`` quietly; a failure fails the test with its message."""
    try:
        main([*args, "--out", str(out), "--no-progress", "-j", "1", "--json"])
    except SystemExit as e:
        if e.code:
            raise AssertionError(f"sim {' '.join(args)} failed ({e.code})") from None
    return out
