"""scripts/bench.py --versus: two checkouts measured side by side, each with its own package."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import bench  # noqa: E402


def test_a_checkout_measured_against_itself_gives_a_rate_for_each_side():
    pairs = bench.versus(ROOT, ["houdini", "genie"], "marmoreal", "greedy", 3, 2, "duel", 1)
    assert len(pairs) == 1
    this, other = pairs[0]
    assert this > 0 and other > 0


def test_a_directory_that_is_no_checkout_is_refused_in_one_line(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), "--versus", str(tmp_path)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.strip().count("\n") == 0 and "not a checkout" in out.stderr
