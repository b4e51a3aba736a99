"""sim sweep: one run per value on the same seeds, a table and chart, the value closest to 50%."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from unmatched_sim.errors import UserError
from unmatched_sim.sweep import closest_to_even, parse_values


def test_parse_values_ranges_and_lists():
    assert parse_values("1..4") == (1, 2, 3, 4)
    assert parse_values("2..8..3") == (2, 5, 8)
    assert parse_values("0.2,0.5") == (0.2, 0.5)
    with pytest.raises(UserError):
        parse_values("4..1")
    with pytest.raises(UserError):
        parse_values("3")


def test_parse_values_fractional_steps_without_float_drift():
    assert parse_values("0..1..0.25") == (0.0, 0.25, 0.5, 0.75, 1.0)
    assert parse_values("0.1..0.3..0.1") == (0.1, 0.2, 0.3)


def test_parse_values_counts_a_huge_range_before_building_it():
    with pytest.raises(UserError, match="1,000,000,000 values; at most 100"):
        parse_values("1..1000000000")
    assert len(parse_values("1..1000000000..10000000")) == 100


def test_parse_values_refuses_a_repeated_value():
    with pytest.raises(UserError, match="repeat"):
        parse_values("1,1,2")


def test_a_sweep_against_the_swept_hero_is_refused_before_any_game(capsys, tmp_path):
    code, text, err = run_cli(capsys, "sweep", "houdini:Flourish.value=1..2", "--against", "houdini", "-n", "2",
                              "--out", str(tmp_path / "sw"))
    assert_one_line_error(code, err, "the hero being swept")
    assert not (tmp_path / "sw").exists()


def test_closest_to_even_picks_the_value_nearest_fifty_per_opponent():
    t = pl.DataFrame({"value": ["1", "2", "3", "1", "2", "3"], "opponent": ["x"] * 3 + ["all"] * 3,
                      "win_rate": [0.2, 0.45, 0.7, 0.1, 0.3, 0.52], "ci_low": [0.0] * 6, "ci_high": [1.0] * 6,
                      "games": [10] * 6})
    best = closest_to_even(t)
    assert dict(zip(best["opponent"], best["value"])) == {"x": "2", "all": "3"}


def test_sweep_plays_each_value_on_the_same_seeds(capsys, tmp_path):
    out = tmp_path / "sw"
    code, text, err = run_cli(capsys, "sweep", "houdini:Flourish.value=1..3", "--against", "genie", "-n", "6",
                              "-j", "1", "--policy", "greedy", "--out", str(out), "--json")
    assert code == 0, err
    result = json.loads(text)
    assert [r["value"] for r in result["results"] if r["opponent"] == "genie"] == ["1", "2", "3"]
    seeds = [pl.read_parquet(out / f"value-{v}" / "games.parquet")["seed"].to_list() for v in (1, 2, 3)]
    assert seeds[0] == seeds[1] == seeds[2]
    for v in (1, 2, 3):
        meta = json.loads((out / f"value-{v}" / "run.json").read_text())
        assert meta["overrides"] == [f"houdini:Flourish.value={v}"]
    for name in ("sweep.png", "sweep.svg", "sweep.csv", "sweep.json", "summary.md"):
        assert (out / name).exists()
    table = pl.read_csv(out / "sweep.csv")
    assert table.filter(pl.col("opponent") == "genie")["games"].to_list() == [6, 6, 6]


def test_a_bad_sweep_path_fails_before_any_game(capsys, tmp_path):
    code, text, err = run_cli(capsys, "sweep", "houdini:Flourish.valu=1..3", "--against", "genie", "-n", "2",
                              "--out", str(tmp_path / "sw"))
    assert_one_line_error(code, err, "value, boost, copies")
    assert not (tmp_path / "sw").exists()


def test_an_existing_sweep_is_kept_unless_force(capsys, tmp_path):
    out = tmp_path / "sw"
    args = ["sweep", "houdini.health=13,14", "--against", "genie", "-n", "2", "-j", "1", "--policy", "greedy",
            "--out", str(out), "--json"]
    code, text, err = run_cli(capsys, *args)
    assert code == 0, err
    code, text, err = run_cli(capsys, *args)
    assert_one_line_error(code, err, "already holds a sweep")
    assert (out / "sweep.json").exists()
    code, text, err = run_cli(capsys, *args, "--force")
    assert code == 0, err
    assert json.loads((out / "sweep.json").read_text())["values"] == [13, 14]
    assert not list(tmp_path.glob(".sw.tmp-*"))


def test_the_sweep_summary_rounds_as_the_command_line_does(tmp_path):
    """197 of 400 is 49.25%: the command line and every report print 49.3%; the sweep's
    summary.md printed 49.2% (Python's rounding of the float) beside it."""
    from unmatched_sim.sweep import SweepSpec, write_outputs
    t = pl.DataFrame({"value": ["3", "3"], "x": [3.0, 3.0], "opponent": ["pandora", "all"],
                      "win_rate": [197 / 400, 0.5], "ci_low": [0.4435, 0.45], "ci_high": [0.5415, 0.55],
                      "games": [400, 800]})
    meta = {"opponents": ["pandora"], "games_per_pairing": 400, "seed": 1, "board": "marmoreal",
            "policies": ["tuned", "tuned"], "extra_overrides": [], "runs": {"3": "value-3"}}
    write_outputs(tmp_path, SweepSpec("houdini:Flourish.value", ("3",), "houdini"), t, closest_to_even(t), meta)
    text = (tmp_path / "summary.md").read_text()
    assert "| 3 | pandora | 400 | 49.3% | 44.4–54.2% |" in text
    assert "- against pandora: houdini:Flourish.value=3 (49.3%, 44.4–54.2%)" in text
