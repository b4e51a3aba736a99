"""Resume and the cluster backend: a run killed at a random point (SIGINT, SIGTERM, kill -9)
continues with the same command plus --resume (or ``sim resume``) and ends byte-identical to a
run never interrupted; a dask.distributed cluster plays the same games as this machine.

run.json alone differs between two runs of one command: ``created_utc``, ``elapsed_s`` and
``peak_rss_mb`` are measurements of the run, not results. Every other byte is compared."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error

SIM = [sys.executable, "-c", "from unmatched_sim.cli import main; main()"]
TIMING = ("created_utc", "elapsed_s", "peak_rss_mb")


def run_args(n: int, *extra: str) -> list[str]:
    return ["matchup", "houdini", "genie", "-n", str(n), "--policy", "greedy", "--no-progress",
            "--out", "r", *extra]


def snapshot(run: Path) -> dict:
    """Every file's SHA-256, with run.json's timing fields left out."""
    out = {}
    for p in sorted(run.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            if p.name == "run.json":
                meta = json.loads(data)
                for k in TIMING:
                    meta.pop(k, None)
                data = json.dumps(meta, sort_keys=True).encode()
            out[str(p.relative_to(run))] = hashlib.sha256(data).hexdigest()
    return out


def reference(tmp_path: Path, n: int) -> dict:
    where = tmp_path / "ref"
    where.mkdir(exist_ok=True)
    if not (where / "r").exists():
        done = subprocess.run(SIM + run_args(n, "-j", "2"), cwd=where, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    return snapshot(where / "r")


def kill_at_random(where: Path, n: int, sig: int, rng: random.Random, jobs: str = "2") -> int:
    """Start the run in ``where``, kill it with ``sig`` after a random number of finished chunks;
    returns the exit code (0 if it finished first)."""
    proc = subprocess.Popen(SIM + run_args(n, "-j", jobs), cwd=where, stderr=subprocess.PIPE, text=True)
    parts = where / ".r.partial" / "games-parts"
    want = rng.randint(1, max(1, min(6, n // 20 - 3)))
    end = time.time() + 120
    while proc.poll() is None and time.time() < end:
        if parts.is_dir() and len(list(parts.glob("part-*.parquet"))) >= want:
            time.sleep(rng.random() * 0.3)
            break
        time.sleep(0.02)
    if proc.poll() is None:
        proc.send_signal(sig)
    proc.communicate(timeout=120)
    return proc.returncode


def resume(where: Path, n: int, how: str = "flag", jobs: str = "2") -> subprocess.CompletedProcess:
    args = run_args(n, "-j", jobs, "--resume") if how == "flag" else ["resume", "r", "-j", jobs, "--no-progress"]
    return subprocess.run(SIM + args, cwd=where, capture_output=True, text=True, timeout=300)


def in_process(capsys, monkeypatch, where: Path, recorded: list[str], args: list[str]) -> None:
    """Run ``sim ARGS`` in this process in ``where``, as if its command line were ``recorded``
    (what run.json records), e.g. the same command with fewer workers for speed."""
    monkeypatch.chdir(where)
    monkeypatch.setattr(sys, "argv", ["sim", *recorded])
    code, _, err = run_cli(capsys, *args)
    assert code == 0, err


def test_kill_9_at_a_random_point_then_resume_is_byte_identical(tmp_path, capsys, monkeypatch):
    n = 160
    (tmp_path / "ref").mkdir()
    in_process(capsys, monkeypatch, tmp_path / "ref", run_args(n, "-j", "2"), run_args(n, "-j", "1"))
    want = snapshot(tmp_path / "ref" / "r")
    where = tmp_path / "killed"
    where.mkdir()
    code = kill_at_random(where, n, signal.SIGKILL, random.Random(int(os.environ.get("SOAK_SEED", "7"))))
    if code != 0:      # killed while playing (plan.json), complete but not yet moved (run.json), or after
        partial = where / ".r.partial"
        assert ((partial / "plan.json").exists() or (partial / "run.json").exists()
                or (where / "r" / "run.json").exists()), sorted(p.name for p in where.iterdir())
    in_process(capsys, monkeypatch, where, ["unused"], run_args(n, "-j", "1", "--resume"))
    assert snapshot(where / "r") == want
    assert sorted(p.name for p in where.iterdir() if p.name.startswith(".")) == []


def test_resume_refuses_other_settings_and_a_finished_run_needs_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    partial = tmp_path / ".r.partial"
    partial.mkdir()
    from unmatched_sim.run import RunSpec, spec_json

    other = RunSpec(pairings=(("houdini", "genie"),), games=999, seed=1, board="marmoreal",
                    policy_a="greedy", policy_b="greedy")
    from unmatched_sim.run.store import plan_digest

    plan = {"spec": spec_json(other), "command": ["sim"]}
    (partial / "plan.json").write_text(json.dumps({**plan, "digest": plan_digest(plan)}))
    code, _, err = run_cli(capsys, *run_args(6, "-j", "1", "--resume"))
    assert_one_line_error(code, err, "other settings", "games was 999, now 6")
    assert partial.exists()
    import shutil
    shutil.rmtree(partial)
    code, _, err = run_cli(capsys, *run_args(6, "-j", "1", "--resume"))      # nothing to resume: plays it
    assert code == 0 and "starting the run from the beginning" in err
    code, _, err = run_cli(capsys, *run_args(6, "-j", "1", "--resume"))
    assert code == 0 and "already holds this run, complete" in err
    code, out, err = run_cli(capsys, "resume", "r")
    assert code == 0 and "finished run" in out
    code, _, err = run_cli(capsys, "resume", "nothing-here")
    assert_one_line_error(code, err, "nothing to resume")


def test_sim_resume_finishes_a_run_interrupted_in_process(tmp_path, capsys, monkeypatch):
    """Ctrl-C in the middle (raised after the second chunk): exit 130, chunks kept; `sim resume`
    ends with the same games as an uninterrupted run."""
    import unmatched_sim.run.store as R

    monkeypatch.chdir(tmp_path)
    real = R.write_chunk
    calls = {"n": 0}

    def interrupt(out, index, events, games):
        real(out, index, events, games)
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(R, "write_chunk", interrupt)
    code, _, err = run_cli(capsys, *run_args(100, "-j", "1"))
    assert code == 130 and "2 of 5 chunks finished" in err
    monkeypatch.setattr(R, "write_chunk", real)
    code, out, err = run_cli(capsys, "resume", "r", "-j", "1", "--no-progress")
    assert code == 0, err
    assert "3 games" not in out and "100 games complete" in out
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "100", "--policy", "greedy",
                           "--no-progress", "-j", "1", "--out", "whole")
    got, want = snapshot(tmp_path / "r"), snapshot(tmp_path / "whole")
    assert {k: v for k, v in got.items() if k != "run.json"} == {k: v for k, v in want.items() if k != "run.json"}


# --------------------------------------------------------------------------- the dask backend
def test_dask_backend_on_a_local_cluster_writes_the_same_games_as_joblib(tmp_path, capsys, monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://")
        code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "80", "--policy", "greedy",
                               "--no-progress", "--out", "dask", "--backend", "dask",
                               "--scheduler", cluster.scheduler_address)
        assert code == 0, err
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "80", "--policy", "greedy",
                           "--no-progress", "--out", "local", "-j", "1")
    got, want = snapshot(tmp_path / "dask"), snapshot(tmp_path / "local")
    assert {k: v for k, v in got.items() if k != "run.json"} == {k: v for k, v in want.items() if k != "run.json"}


def test_dask_backend_bad_scheduler_is_one_line(tmp_path, capsys):
    pytest.importorskip("distributed")
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "--out", str(tmp_path / "r"),
                           "--backend", "dask")
    assert_one_line_error(code, err, "--scheduler")
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "--out", str(tmp_path / "r"),
                           "--scheduler", "tcp://127.0.0.1:1")
    assert_one_line_error(code, err, "--backend dask")
    for bad in ("foo", "tcp://h:1:2", "tcp://host"):
        code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "--out", str(tmp_path / "r"),
                               "--backend", "dask", "--scheduler", bad)
        assert_one_line_error(code, err, "not a scheduler address")
    assert not (tmp_path / "r").exists()


# --------------------------------------------------------------------------- the fault soak
@pytest.mark.slow
def test_soak_random_kills_and_resumes_never_lose_or_duplicate_a_game(tmp_path):
    """Many kills (SIGINT, SIGTERM, kill -9) at random points of one run, each followed by a
    resume that may itself be killed; damaged part files left behind are played again."""
    n = 1000
    want = reference(tmp_path, n)
    rng = random.Random(int(os.environ.get("SOAK_SEED", "14")))
    for trial in range(4):
        where = tmp_path / f"t{trial}"
        where.mkdir()
        kill_at_random(where, n, rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGKILL]), rng)
        for _ in range(rng.randint(0, 2)):
            parts = sorted((where / ".r.partial" / "games-parts").glob("part-*.parquet"))
            if parts and rng.random() < 0.5:
                victim = rng.choice(parts)          # a part damaged on disk is played again
                victim.write_bytes(victim.read_bytes()[:50])
            proc = subprocess.Popen(SIM + run_args(n, "-j", "2", "--resume"), cwd=where,
                                    stderr=subprocess.PIPE, text=True)
            time.sleep(rng.random() * 2)
            proc.send_signal(rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGKILL]))
            proc.communicate(timeout=120)
        done = resume(where, n, how=rng.choice(["flag", "command"]))
        assert done.returncode == 0, done.stderr
        assert snapshot(where / "r") == want, trial


@pytest.mark.slow
def test_soak_concurrent_runs_on_one_out_never_mix(tmp_path):
    procs = [subprocess.Popen(SIM + run_args(400, "-j", "1", "--seed", str(s)), cwd=tmp_path,
                              stderr=subprocess.PIPE, text=True) for s in (1, 2, 3)]
    results = [(p.wait(120), p.stderr.read()) for p in procs]
    winners = [i for i, (code, _) in enumerate(results) if code == 0]
    assert len(winners) >= 1
    for code, err in results:
        assert code == 0 or "in use by another run" in err or "already holds a run" in err, err
    meta = json.loads((tmp_path / "r" / "run.json").read_text())
    assert meta["seed"] in (1, 2, 3) and meta["total_games"] == 400


@pytest.mark.slow
def test_soak_a_real_full_disk_keeps_finished_chunks_and_resume_completes(tmp_path):
    """A 300 KB tmpfs (needs root; skipped otherwise) fills part-way: one clear line, finished
    chunks kept; moved to a roomy folder, the run resumes to the same files as an uninterrupted one."""
    import shutil

    small = tmp_path / "small"
    small.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=300k", "tmpfs", str(small)],
                                           capture_output=True).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        full = subprocess.run(SIM + run_args(1000, "-j", "2"), cwd=small, capture_output=True, text=True, timeout=300)
        assert full.returncode == 1 and "no space left" in full.stderr
        assert len(full.stderr.strip().splitlines()) == 1
        kept = len(list((small / ".r.partial" / "games-parts").glob("part-*.parquet")))
        assert kept >= 1
        roomy = tmp_path / "roomy"
        roomy.mkdir()
        shutil.copytree(small / ".r.partial", roomy / ".r.partial")
    finally:
        subprocess.run(["umount", str(small)])
    done = resume(roomy, 1000)
    assert done.returncode == 0, done.stderr
    assert f"{kept} of" in done.stderr
    assert snapshot(roomy / "r") == reference(tmp_path, 1000)


def test_sim_resume_refuses_when_a_hero_file_changed_since_the_run_started(tmp_path, capsys, monkeypatch):
    import shutil

    import unmatched_sim.run.store as R

    heroes = tmp_path / "heroes"
    shutil.copytree(Path(__file__).resolve().parent.parent / "heroes", heroes)
    monkeypatch.setenv("UNMATCHED_HEROES", str(heroes))
    monkeypatch.chdir(tmp_path)
    real = R.write_chunk

    def interrupt(out, index, events, games):
        real(out, index, events, games)
        raise KeyboardInterrupt

    monkeypatch.setattr(R, "write_chunk", interrupt)
    code, _, err = run_cli(capsys, *run_args(60, "-j", "1"))
    assert code == 130
    monkeypatch.setattr(R, "write_chunk", real)
    (heroes / "genie.toml").write_text((heroes / "genie.toml").read_text() + "\n# edited\n")
    code, _, err = run_cli(capsys, "resume", "r", "-j", "1")
    assert_one_line_error(code, err, "genie.toml", "has changed since the run started")
    code, _, err = run_cli(capsys, *run_args(60, "-j", "1", "--resume"))
    assert_one_line_error(code, err, "other settings", "hero files changed")
    assert (tmp_path / ".r.partial").exists()


def _interrupted_run(tmp_path, capsys, monkeypatch):
    """A run of 100 greedy games stopped after two of its five chunks, in ``tmp_path/r``."""
    import unmatched_sim.run.store as S

    monkeypatch.chdir(tmp_path)
    real = S.write_chunk
    calls = {"n": 0}

    def interrupt(*args):
        real(*args)
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(S, "write_chunk", interrupt)
    assert run_cli(capsys, *run_args(100, "-j", "1"))[0] == 130
    monkeypatch.setattr(S, "write_chunk", real)
    return tmp_path / ".r.partial" / "plan.json"


def test_an_edited_plan_is_named_and_refused_not_resumed_with_another_seed(tmp_path, capsys, monkeypatch):
    plan = _interrupted_run(tmp_path, capsys, monkeypatch)
    doc = json.loads(plan.read_text())
    doc["spec"]["seed"] = 2
    plan.write_text(json.dumps(doc))
    code, _, err = run_cli(capsys, "resume", "r", "-j", "1")
    assert_one_line_error(code, err, "plan.json", "edited or damaged", "--force")
    code, _, err = run_cli(capsys, *run_args(100, "-j", "1", "--seed", "2", "--resume"))
    assert_one_line_error(code, err, "plan.json", "edited or damaged")
    assert plan.exists() and not (tmp_path / "r").exists()


def test_a_corrupt_plan_is_named_by_sim_resume(tmp_path, capsys, monkeypatch):
    plan = _interrupted_run(tmp_path, capsys, monkeypatch)
    plan.write_text(plan.read_text()[:40])
    code, _, err = run_cli(capsys, "resume", "r", "-j", "1")
    assert_one_line_error(code, err, "plan.json", "damaged", "--force")
    assert run_cli(capsys, *run_args(100, "-j", "1", "--force"))[0] == 0
