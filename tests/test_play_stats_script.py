"""scripts/play_stats.py reads its hero lists as the CLI does: ids separated by spaces or
commas, and an unknown name is one line naming it (with a suggestion), not an empty table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "play_stats.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True)


def test_play_stats_takes_comma_separated_heroes():
    out = run("--heroes", "houdini,genie", "--opponents", "loki", "--games", "2")
    assert out.returncode == 0, out.stderr
    rows = [line.split()[0] for line in out.stdout.splitlines()[2:] if line.strip()]
    assert rows[:2] == ["houdini", "genie"]


def test_play_stats_names_an_unknown_hero_in_one_line():
    out = run("--heroes", "houdini", "--opponents", "hodini", "--games", "2")
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "hodini" in lines[0] and "houdini" in lines[0]
