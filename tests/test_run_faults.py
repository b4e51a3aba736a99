"""Long runs and their output folders under faults (locks, --force, full disks, signals,
leftovers, incomplete logs), and bad input answered in one line before any game is played."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.data.heroes import parse_hero
from unmatched_sim.errors import DataError

REPO = Path(__file__).resolve().parent.parent
SIM = [sys.executable, "-c", "from unmatched_sim.cli import main; main()"]


def small_run(capsys, out: Path, *extra: str, n: str = "6") -> tuple[int, str, str]:
    return run_cli(capsys, "matchup", "houdini", "genie", "-n", n, "-j", "1", "--policy", "greedy",
                   "--no-progress", "--out", str(out), *extra)


def raw(hero: str = "houdini") -> dict:
    return tomllib.loads((REPO / "heroes" / f"{hero}.toml").read_text())


def fault(doc: dict, name: str) -> str:
    with pytest.raises(DataError) as e:
        parse_hero(doc, Path(f"heroes/{name}.toml"))
    return str(e.value)


# ------------------------------------------------------------------ --force and what is a run
def test_force_never_removes_a_folder_that_merely_holds_a_run_json(tmp_path, capsys):
    d = tmp_path / "d"
    (d / "photos").mkdir(parents=True)
    (d / "run.json").write_text("{}")
    (d / "photos" / "p.jpg").write_text("x")
    code, _, err = small_run(capsys, d, "--force")
    assert_one_line_error(code, err, "not a run")
    assert (d / "photos" / "p.jpg").read_text() == "x"


def test_force_keeps_a_file_the_user_added_to_a_real_run(tmp_path, capsys):
    out = tmp_path / "r"
    assert small_run(capsys, out)[0] == 0
    (out / "notes.txt").write_text("mine")
    code, _, err = small_run(capsys, out, "--force")
    assert_one_line_error(code, err, "did not write", "notes.txt")
    assert (out / "notes.txt").read_text() == "mine"
    (out / "notes.txt").unlink()
    assert small_run(capsys, out, "--force", "--seed", "2")[0] == 0      # a pure run is replaced
    assert json.loads((out / "run.json").read_text())["seed"] == 2


# ------------------------------------------------------------------ one run per --out
def test_a_second_run_to_a_locked_out_is_refused_and_a_dead_holder_is_taken_over(tmp_path, capsys):
    from unmatched_sim.run.lock import OutLock

    out = tmp_path / "x"
    with OutLock(out):
        code, _, err = small_run(capsys, out)
        assert_one_line_error(code, err, "in use by another run", str(os.getpid()))
        assert not out.exists()
    # a lock file left by a process that died (kill -9) holds no lock: taken over
    (tmp_path / ".x.lock").write_text("999999999\n")
    code, _, err = small_run(capsys, out)
    assert code == 0, err
    assert not (tmp_path / ".x.lock").exists()


@pytest.mark.slow
def test_concurrent_processes_on_one_out_one_wins_the_other_says_so(tmp_path):
    out = tmp_path / "X"
    # (2,000 greedy games: ~2 s, so the first run is still playing when the second, started
    # once the first has made its folder, has imported and asks for the lock; 200 games were
    # over in ~0.2 s, before the second got that far)
    cmd = SIM + ["matchup", "houdini", "genie", "-n", "2000", "-j", "1", "--policy", "greedy",
                 "--no-progress", "--out", str(out)]
    first = subprocess.Popen(cmd, cwd=REPO, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(200):
            if (tmp_path / ".X.partial").exists():
                break
            time.sleep(0.05)
        second = subprocess.run(cmd[:-1] + [str(out)], cwd=REPO, capture_output=True, text=True)
    finally:
        first.wait(60)
    assert first.returncode == 0
    assert second.returncode != 0 and "in use by another run" in second.stderr
    assert len(second.stderr.strip().splitlines()) == 1
    assert pl.read_parquet(out / "games.parquet").height == 2000


# ------------------------------------------------------------------ --jobs bounded
def test_jobs_capped_at_chunks_and_cores_and_said_so(tmp_path, capsys):
    from unmatched_sim.run import available_cores, cap_jobs

    n, note = cap_jobs(1000, 2)
    assert n == min(2, available_cores()) and "capped at" in note and "1000" in note
    assert cap_jobs(None, 50)[0] == available_cores() and cap_jobs(None, 50)[1] is None
    assert cap_jobs(1, 50) == (1, None)
    assert cap_jobs(1000, 7, backend="dask")[0] == 7 and cap_jobs(None, 7, backend="dask")[0] == -1
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "-j", "1000", "--policy",
                           "greedy", "--no-progress", "--out", str(tmp_path / "r"))
    assert code == 0 and "--jobs 1000 capped at 1" in err


# ------------------------------------------------------------------ every policy, every form
@pytest.mark.parametrize("policy", ["random", "greedy", "heuristic", "tuned", "careful"])
def test_every_policy_plays_boost_bonuses_with_computed_amounts(policy):
    from unmatched_sim.run import GameSpec, play_game

    doc = raw()
    computed = {"draw": {"count": "own_hand_size"}, "damage": {"amount": {"of": "opponent_hand_size", "times": 2}},
                "recover": {"amount": "fighter_health"}}
    n = 0
    for c in doc["cards"]:
        for op in c.get("boost_bonus", []):
            if op["op"] in computed:
                op.update(computed[op["op"]])
                n += 1
    doc["cards"][0].setdefault("boost_bonus", []).append({"op": "recover", "target": "self", "amount": "fighter_health"})
    assert n >= 2
    houdini = parse_hero(doc, Path("heroes/houdini.toml"))
    heroes = {"houdini": houdini, "genie": find_hero("genie")}
    board = find_board("marmoreal")
    for seed in range(4):
        game, row = play_game(GameSpec(0, 0, seed, "houdini", "genie", a_first=seed % 2 == 0), heroes,
                              board, policy, policy)
        assert row["end_reason"]


# ------------------------------------------------------------------ checked when files load
def test_numbers_too_large_for_the_event_log_are_refused_at_load():
    doc = raw()
    doc["hero"]["health"] = 40000
    assert "hero.health" in fault(doc, "houdini") and "too large" in fault(doc, "houdini")
    doc = raw()
    next(c for c in doc["cards"] if c.get("boost_bonus"))["boost_bonus"][0]["count"] = 32768
    msg = fault(doc, "houdini")
    assert "cards[" in msg and "boost_bonus" in msg and "32768" in msg


@pytest.mark.parametrize("times", [0, -1, 100000, "x", 1.5])
def test_times_multiplier_is_validated(times):
    doc = raw()
    c = next(c for c in doc["cards"] if c.get("boost_bonus"))
    c["boost_bonus"] = [{"op": "draw", "count": {"of": "own_hand_size", "times": times}}]
    msg = fault(doc, "houdini")
    assert "times" in msg and c["name"] in msg


@pytest.mark.parametrize("hero,params,field", [
    ("genie", {"cards": -1, "actions": 1}, "cards"),
    ("genie", {"cards": 1, "actions": "two"}, "actions"),
    ("genie", {"cards": 1, "wishes": 3}, "wishes"),
    ("blackbeard", {"doubloons": 2, "treasury": -5}, "treasury"),
    ("blackbeard", {"doubloons": 1000, "treasury": 1}, "doubloons"),
])
def test_genie_and_blackbeard_ability_params_are_validated(hero, params, field):
    doc = raw(hero)
    doc["ability"]["params"] = params
    msg = fault(doc, hero)
    assert "ability.params" in msg and field in msg


def test_blackbeard_card_hook_params_and_empty_fighter_list_are_validated():
    doc = raw("blackbeard")
    for c in doc["cards"]:
        for op in c.get("effect", []) + c.get("after_combat", []) + c.get("during_combat", []):
            if op.get("name") == "steal_doubloons":
                op["params"] = {"count": -2}
    assert "steal_doubloons" in fault(doc, "blackbeard")
    doc = raw()
    doc["cards"][0]["fighter"] = []
    msg = fault(doc, "houdini")
    assert "fighter" in msg and "names no fighter" in msg


def test_more_fighters_than_board_spaces_is_refused_before_play(tmp_path, capsys, monkeypatch):
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "tiny.toml").write_text('id = "tiny"\nname = "Tiny"\npaths = [["A", "B"]]\n'
                                      '[spaces]\nA = { zones = ["red"], start = 1 }\n'
                                      'B = { zones = ["red"], start = 2 }\n')
    monkeypatch.setenv("UNMATCHED_BOARDS", str(boards))
    assert find_board("tiny").size == 2
    code, _, err = small_run(capsys, tmp_path / "r", "--board", "tiny")
    assert_one_line_error(code, err, "tiny", "spaces", "fighters")
    assert not (tmp_path / "r").exists()


# ------------------------------------------------------------------ faults as one clear line
def test_disk_full_is_one_line_and_keeps_finished_chunks(tmp_path, capsys, monkeypatch):
    import unmatched_sim.run.store as R

    real = R.write_parquet
    calls = {"n": 0}

    def full(df, path):
        calls["n"] += 1
        if calls["n"] > 4:          # two chunks written, then the disk fills
            raise OSError(errno.ENOSPC, "No space left on device")
        real(df, path)

    monkeypatch.setattr(R, "write_parquet", full)
    code, _, err = small_run(capsys, tmp_path / "r", n="100")
    assert_one_line_error(code, err, "no space left", "--resume")
    assert (tmp_path / ".r.partial" / "games-parts" / "part-00001.parquet").exists()
    monkeypatch.setattr(R, "write_parquet", real)
    code, _, err = small_run(capsys, tmp_path / "r", "--resume", n="100")
    assert code == 0, err
    assert pl.read_parquet(tmp_path / "r" / "games.parquet").height == 100


def test_out_dot_with_force_is_refused(tmp_path, capsys, monkeypatch):
    assert small_run(capsys, tmp_path / "r")[0] == 0
    monkeypatch.chdir(tmp_path / "r")
    code, _, err = small_run(capsys, Path("."), "--force")
    assert_one_line_error(code, err, "current folder")
    assert (tmp_path / "r" / "games.parquet").exists()


@pytest.mark.parametrize("content", ["[]", "{}", '{"hero_files": {}, "board_file": {}}', '"x"'])
def test_run_json_of_the_wrong_shape_in_replay_and_report(tmp_path, capsys, content):
    out = tmp_path / "r"
    assert small_run(capsys, out)[0] == 0
    (out / "run.json").write_text(content)
    code, _, err = run_cli(capsys, "replay", str(out), "1")
    assert_one_line_error(code, err, "run.json")
    if content in ("[]", '"x"'):
        code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
        assert_one_line_error(code, err, "run.json")


def test_empty_heroes_folder_and_bom(tmp_path, capsys, monkeypatch):
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("UNMATCHED_HEROES", str(tmp_path / "empty"))
    for args in (("tournament", "-n", "2"), ("matchup", "houdini", "genie", "-n", "2"), ("ladder",)):
        code, _, err = run_cli(capsys, *args, "--out", str(tmp_path / "o"))
        assert_one_line_error(code, err, "no hero files", "UNMATCHED_HEROES")
    heroes = tmp_path / "heroes"
    shutil.copytree(REPO / "heroes", heroes)
    (heroes / "genie.toml").write_bytes(b"\xef\xbb\xbf" + (REPO / "heroes" / "genie.toml").read_bytes())
    monkeypatch.setenv("UNMATCHED_HEROES", str(heroes))
    code, _, err = small_run(capsys, tmp_path / "r")
    assert code == 0, err


# ------------------------------------------------------------------ SIGTERM and leftovers
def wait_for_chunks(partial: Path, proc, n: int = 1, timeout: float = 60) -> None:
    end = time.time() + timeout
    while time.time() < end and proc.poll() is None:
        if len(list((partial / "games-parts").glob("part-*.parquet"))) >= n:
            return
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    try:
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    except FileNotFoundError:
        return []
    return [int(x) for x in out.split()]


def test_sigterm_stops_workers_keeps_chunks_and_resume_finishes(tmp_path, capsys):
    out = tmp_path / "r"
    cmd = SIM + ["matchup", "houdini", "genie", "-n", "160", "-j", "2", "--policy", "greedy",
                 "--no-progress", "--out", str(out)]
    proc = subprocess.Popen(cmd, cwd=REPO, stderr=subprocess.PIPE, text=True)
    wait_for_chunks(tmp_path / ".r.partial", proc, 1)
    kids = children(proc.pid)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the run finished before SIGTERM arrived")
    assert proc.returncode == 143, err
    assert "terminated" in err and "--resume" in err and len(err.strip().splitlines()) == 1
    time.sleep(0.5)
    assert not [k for k in kids if Path(f"/proc/{k}").exists() and "loky" in Path(f"/proc/{k}/cmdline").read_text(errors="ignore")]
    assert (tmp_path / ".r.partial" / "plan.json").exists() and not out.exists()
    code, _, err = run_cli(capsys, *[a if a != "2" else "1" for a in cmd[3:]], "--resume")   # -j 1
    assert code == 0, err
    assert pl.read_parquet(out / "games.parquet")["game_id"].to_list() == list(range(160))
    assert not (tmp_path / ".r.partial").exists() and not (tmp_path / ".r.lock").exists()


def test_stale_tmp_dirs_of_dead_processes_are_removed(tmp_path, capsys):
    stale = tmp_path / ".r.tmp-999999999"
    (stale / "events").mkdir(parents=True)
    live = tmp_path / f".r.tmp-{os.getppid()}"
    live.mkdir()
    assert small_run(capsys, tmp_path / "r")[0] == 0
    assert not stale.exists() and live.exists()


def test_unfinished_run_without_resume_is_refused_not_lost(tmp_path, capsys):
    partial = tmp_path / ".r.partial"
    (partial / "games-parts").mkdir(parents=True)
    (partial / "plan.json").write_text("{}")
    code, _, err = small_run(capsys, tmp_path / "r")
    assert_one_line_error(code, err, "unfinished run", "--resume", "--force")
    assert partial.exists()
    assert small_run(capsys, tmp_path / "r", "--force")[0] == 0 and not partial.exists()


# ------------------------------------------------------------------ incomplete logs
def test_a_deleted_part_is_named_by_report_and_replay(tmp_path, capsys):
    out = tmp_path / "r"
    assert small_run(capsys, out, n="60")[0] == 0
    (out / "events" / "part-00001.parquet").unlink()
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert_one_line_error(code, err, "part-00001.parquet", "missing", "games 20–39")
    code, _, err = run_cli(capsys, "replay", str(out), "25")
    assert_one_line_error(code, err, "part-00001.parquet", "missing")


def test_a_duplicated_part_or_lost_rows_are_found(tmp_path, capsys):
    out = tmp_path / "r"
    assert small_run(capsys, out, n="60")[0] == 0
    shutil.copy(out / "events" / "part-00001.parquet", out / "events" / "part-00001 copy.parquet")
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert_one_line_error(code, err, "part-00001 copy.parquet", "did not write")
    (out / "events" / "part-00001 copy.parquet").unlink()
    # the right name, but a part that lost a game's rows
    p = out / "events" / "part-00002.parquet"
    pl.read_parquet(p).filter(pl.col("game_id") != 45).write_parquet(p)
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert_one_line_error(code, err, "lack events", "game 45")
    code, _, err = run_cli(capsys, "replay", str(out), "45")
    assert_one_line_error(code, err, "game 45")


# ------------------------------------------------------------------ policy parameters
@pytest.mark.parametrize("spec,frag", [
    ("greedy:aggression=2", "between 0 and 1"), ("greedy:aggression=nan", "finite"),
    ("heuristic:caution=inf", "finite"), ("greedy:doubloon_worth=-1", "at least 0"),
    ("ismcts:c=nan", "finite"), ("", "empty"), ("  ", "empty"),
])
def test_policy_parameters_outside_their_range_and_empty_policy(tmp_path, capsys, spec, frag):
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "--policy", spec,
                           "--out", str(tmp_path / "r"))
    assert_one_line_error(code, err, frag)
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "--policy-b", spec,
                           "--out", str(tmp_path / "r"))
    assert_one_line_error(code, err, frag)
    assert not (tmp_path / "r").exists()


# ------------------------------------------------------------------ smaller ones
def test_replay_heroes_max_turns_is_checked_not_replaced(capsys):
    for bad in ("0", "-5"):
        code, _, err = run_cli(capsys, "replay", "--heroes", "houdini", "genie", "--seed", "3",
                               "--max-turns", bad)
        assert_one_line_error(code, err, "--max-turns", bad)
    code, out, err = run_cli(capsys, "replay", "--heroes", "houdini", "genie", "--seed", "3",
                             "--max-turns", "2", "--policy", "greedy")
    assert code == 0 and "turn_limit" not in err


def test_replay_of_a_run_refuses_options_it_would_ignore(tmp_path, capsys):
    out = tmp_path / "r"
    assert small_run(capsys, out)[0] == 0
    for opt in (["--policy", "random"], ["--first", "b"], ["--board", "sarpedon"], ["--max-turns", "9"],
                ["--seed", "4"]):
        code, _, err = run_cli(capsys, "replay", str(out), "1", *opt)
        assert_one_line_error(code, err, opt[0], "only for --heroes")
    assert run_cli(capsys, "replay", str(out), "1")[0] == 0


def test_relative_heroes_folder_is_stored_absolute(tmp_path, capsys, monkeypatch):
    shutil.copytree(REPO / "heroes", tmp_path / "myheroes")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UNMATCHED_HEROES", "myheroes")
    assert small_run(capsys, Path("r"))[0] == 0
    meta = json.loads((tmp_path / "r" / "run.json").read_text())
    assert all(Path(f["path"]).is_absolute() for f in meta["hero_files"].values())
    monkeypatch.chdir(REPO)
    assert run_cli(capsys, "replay", str(tmp_path / "r"), "2")[0] == 0


def test_out_through_a_file_says_so(tmp_path, capsys):
    (tmp_path / "afile").write_text("x")
    code, _, err = small_run(capsys, tmp_path / "afile" / "sub")
    assert_one_line_error(code, err, "afile is a file, not a folder")


def test_planning_is_lazy_and_flat():
    import tracemalloc

    from unmatched_sim.run import RunSpec, chunk_size, plan, plan_range

    spec = RunSpec(pairings=(("houdini", "genie"), ("genie", "genie")), games=5_000_000, seed=3,
                   board="marmoreal", policy_a="random", policy_b="random")
    small = RunSpec(pairings=spec.pairings, games=6, seed=3, board="marmoreal", policy_a="random",
                    policy_b="random")
    assert list(plan_range(small, 0, 12)) == plan(small)
    assert list(plan_range(small, 5, 9)) == plan(small)[5:9]
    tracemalloc.start()
    started = time.perf_counter()
    size = chunk_size(spec.total_games)
    last = list(plan_range(spec, spec.total_games - size, spec.total_games + 10))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(last) == size and last[-1].game_id == 9_999_999 and last[-1].hero_b == "genie"
    assert time.perf_counter() - started < 1.0 and peak < 2_000_000


def test_sigterm_stops_every_command_as_ctrl_c_does():
    """Outside a run too (a report, a replay): SIGTERM raises, so each command's clean-up runs."""
    from unmatched_sim.cli.common import stop_on_sigterm
    from unmatched_sim.errors import Terminated

    previous = stop_on_sigterm()
    try:
        with pytest.raises(Terminated):
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
    finally:
        signal.signal(signal.SIGTERM, previous)
