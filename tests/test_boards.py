"""--board a,b: every pairing on each board from the same seeds, one run, replayable, per-board report."""

from __future__ import annotations

import json

import polars as pl

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from unmatched_sim.report.workbench import by_board


def test_each_pairing_is_played_on_each_board_from_the_same_seeds(capsys, tmp_path):
    out = tmp_path / "mb"
    code, text, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "6", "-j", "1", "--policy", "greedy",
                              "--board", "marmoreal,sarpedon", "--out", str(out), "--json")
    assert code == 0, err
    result = json.loads(text)
    assert result["games"] == 12 and set(result["by_board"]) == {"marmoreal", "sarpedon"}
    g = pl.read_parquet(out / "games.parquet")
    assert g["game_id"].to_list() == list(range(12))
    m, s = g.filter(pl.col("board") == "marmoreal"), g.filter(pl.col("board") == "sarpedon")
    assert m["seed"].to_list() == s["seed"].to_list()
    meta = json.loads((out / "run.json").read_text())
    assert set(meta["board_files"]) == {"marmoreal", "sarpedon"}
    ev = pl.read_parquet(out / "events" / "*.parquet")
    assert sorted(ev["game_id"].unique().to_list()) == list(range(12))
    code, text, err = run_cli(capsys, "replay", str(out), "9")        # a sarpedon game
    assert code == 0 and "replay matches" in text, err
    t = by_board(out)
    assert t.filter(pl.col("opponent") == "all")["games"].to_list() == [6, 6, 6, 6]


def test_an_unknown_board_in_the_list_is_one_line(capsys, tmp_path):
    code, text, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "--board", "marmoreal,sarpedn",
                              "--out", str(tmp_path / "x"))
    assert_one_line_error(code, err, "sarpedn", "did you mean")
