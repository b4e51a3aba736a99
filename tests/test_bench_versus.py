"""scripts/bench.py --versus (two checkouts measured side by side, each with its own package) and
--scaling (one worker against two)."""

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


def test_the_other_side_runs_under_the_interpreter_it_is_given(tmp_path):
    # A wrapper interpreter that leaves a mark when it runs: the other side must run under it,
    # this side under this interpreter.
    mark = tmp_path / "ran"
    wrapper = tmp_path / "python"
    wrapper.write_text(f"#!/bin/sh\ntouch {mark}\nexec {sys.executable} \"$@\"\n")
    wrapper.chmod(0o755)
    pairs = bench.versus(ROOT, ["houdini", "genie"], "marmoreal", "greedy", 2, 2, "duel", 1,
                         other_python=str(wrapper))
    assert mark.exists()
    assert len(pairs) == 1 and all(rate > 0 for rate in pairs[0])


def test_an_interpreter_that_cannot_run_is_refused_in_one_line(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), "--versus", str(ROOT),
                          "--versus-python", str(tmp_path / "nope")], capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.strip().count("\n") == 0 and "--versus-python" in out.stderr


def test_scaling_runs_the_same_matchup_on_one_worker_and_on_two_and_says_how_busy_the_cores_were():
    rows = bench.scaling(["houdini", "genie"], "marmoreal", "greedy", 40, 2)
    assert [r["round"] for r in rows] == [1, 2]
    for r in rows:
        assert r["one"]["jobs"] == 1 and r["two"]["jobs"] == 2
        assert all(run[k] > 0 for run in (r["one"], r["two"]) for k in ("seconds", "wall_s", "cpu_s"))
        assert r["scaling"] == r["one"]["seconds"] / r["two"]["seconds"]
        # the same games on two processes: the worker's CPU is counted too (against the wall
        # clock this would depend on how busy the machine is; against one worker's CPU it does not)
        assert r["two"]["cpu_s"] > r["one"]["cpu_s"] * 0.7
        assert 0 < r["busy"] <= 1.5


def test_scaling_refuses_anything_but_a_duel_in_one_line():
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench.py"), "--scaling", "--heroes", "houdini",
                          "genie", "loki"], capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.strip().count("\n") == 0 and "two --heroes" in out.stderr
