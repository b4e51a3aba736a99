"""``sim coop``: seeded co-op games into a normal run directory, replayable; bad input is one
line."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli


def test_coop_run_writes_a_replayable_run_directory(tmp_path, capsys):
    out = tmp_path / "run"
    code, stdout, err = run_cli(capsys, "coop", "example_villain", "houdini", "alice", "-n", "4", "-j", "1",
                                "--out", str(out), "--json", "--seed", "3")
    assert code == 0, err
    summary = json.loads(stdout)
    assert summary["games"] == 4 and summary["minions"] == ["example_brute", "example_stalker"]
    meta = json.loads((out / "run.json").read_text())
    assert meta["format"] == "coop" and [e[1] for e in meta["coop"]] == [
        "example_villain", "example_brute", "example_stalker"]
    games = pl.read_parquet(out / "games.parquet")
    assert games.height == 4
    assert set(games["end_reason"]) <= {"villain_defeated", "all_fighters_defeated", "objective", "turn_limit"}
    events = pl.read_parquet(out / "events")
    assert {"villain", "minion1", "minion2", "a", "b"} <= set(events["player"].drop_nulls())
    assert {"initiative", "round"} <= set(events["kind"])
    players = pl.read_parquet(out / "players.parquet")
    wins = games.filter(pl.col("winner") != "villain").height
    assert players.filter(pl.col("won")).height == 2 * wins
    from unmatched_sim.replay import replay_from_run
    for gid in range(4):
        assert replay_from_run(out, gid)[-1].startswith("✓ replay matches")


def test_coop_same_command_same_games(tmp_path, capsys):
    frames = []
    for k in (1, 2):
        out = tmp_path / f"r{k}"
        code, _, err = run_cli(capsys, "coop", "example_villain", "genie", "-n", "2", "-j", "1",
                               "--out", str(out), "--no-progress")
        assert code == 0, err
        frames.append(pl.read_parquet(out / "events"))
    assert frames[0].equals(frames[1])


@pytest.mark.parametrize("args, message", [
    (("mothman", "houdini"), "has no cards yet"),
    (("example_villain", "houdini", "--minions", "example_brute,example_stalker"), "needs 1 minion"),
    (("nobody", "houdini"), "unknown villain"),
    (("example_brute", "houdini"), "is a minion, not a villain"),
    (("example_villain", "houdini", "houdini"), "only once"),
    (("example_villain", "houdini", "--events", "nothing"), "unknown event"),
    (("example_villain", "houdini", "--policy-b", "greedy"), "--policy-b"),
])
def test_coop_bad_input_is_one_line(tmp_path, capsys, args, message):
    code, _, err = run_cli(capsys, "coop", *args, "-n", "2", "--out", str(tmp_path / "x"))
    assert code != 0 and message in err and len(err.strip().splitlines()) == 1


def test_coop_run_is_refused_by_compare_in_one_line(tmp_path, capsys):
    out = tmp_path / "run"
    assert run_cli(capsys, "coop", "example_villain", "houdini", "-n", "1", "-j", "1", "--out", str(out),
                   "--no-progress")[0] == 0
    code, _, err = run_cli(capsys, "compare", str(out), str(out))
    assert code != 0 and "co-op run" in err and len(err.strip().splitlines()) == 1


def test_coop_owner_entered_villain_in_user_folder_plays(tmp_path, capsys, monkeypatch):
    """An owner's mothman.toml (here with invented test cards) takes the shipped facts-only
    file's place; its own objective is not played yet, which the command says."""
    from pathlib import Path

    shipped = (Path(__file__).resolve().parent.parent / "unmatched_sim" / "data" / "villains" / "mothman.toml")
    text = shipped.read_text() + '''
[[cards]]
name = "Test Strike"
attack = 3
defense = 2
boost = 1
copies = 9

[[cards]]
name = "Deception"
attack = 1
defense = 1
boost = 2
copies = 1
deception = true
'''
    text = text.replace('deck_size = 10', 'deck_size = 10\nthreat_track = [1, 1, 2, 2, 3]')
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "mothman.toml").write_text(text)
    monkeypatch.setenv("UNMATCHED_VILLAINS", str(folder))
    code, out, err = run_cli(capsys, "coop", "mothman", "houdini", "--minions", "example_brute", "-n", "1",
                             "-j", "1", "--out", str(tmp_path / "run"), "--no-progress")
    assert code == 0, err
    assert "not played yet" in err and "heroes win" in out
