"""sim compare: paired changes, flipped games, refusal of runs that are not the same games."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from tests.workbench import make_run
from unmatched_sim.analysis import compare as K
from unmatched_sim.errors import UserError

BASE = ("matchup", "houdini", "genie", "-n", "40", "--policy", "greedy")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("compare")
    a = make_run(d / "a", *BASE)
    b = make_run(d / "b", *BASE, "--set", "houdini.health=20")
    same = make_run(d / "same", *BASE)
    other_seed = make_run(d / "s2", *BASE, "--seed", "2")
    return a, b, same, other_seed


def test_change_equals_difference_of_win_rates_and_flips_explain_it(runs):
    a, b, _, _ = runs
    res = K.compare(a, b)
    h = res["heroes"].filter(pl.col("hero") == "houdini").row(0, named=True)
    ga, gb = pl.read_parquet(a / "games.parquet"), pl.read_parquet(b / "games.parquet")
    wa = (ga["winner_hero"] == "houdini").sum() / ga.height
    wb = (gb["winner_hero"] == "houdini").sum() / gb.height
    assert h["win_rate_a"] == pytest.approx(wa) and h["win_rate_b"] == pytest.approx(wb)
    assert h["change"] == pytest.approx(wb - wa)
    # every change of the win count comes from a flipped game
    assert h["wins_b"] - h["wins_a"] == h["flipped_to_win"] - h["flipped_to_loss"]
    flips = res["flipped"]
    assert flips.height >= h["flipped_to_win"] + h["flipped_to_loss"]
    assert (flips["winner_a"].ne_missing(flips["winner_b"])).all()
    assert res["differences"] == ["overrides: none → houdini.health=20"]


def test_paired_interval_contains_the_change_and_is_narrower_than_unpaired(runs):
    a, b, _, _ = runs
    for r in K.compare_heroes(a, b).iter_rows(named=True):
        assert r["paired_ci_low"] <= r["change"] <= r["paired_ci_high"]
        assert r["paired_ci_high"] - r["paired_ci_low"] < r["unpaired_ci_high"] - r["unpaired_ci_low"]


def test_identical_runs_compare_to_zero_with_no_flips(runs):
    a, _, same, _ = runs
    res = K.compare(a, same)
    assert res["flipped"].height == 0
    assert res["heroes"]["change"].to_list() == [0.0, 0.0]
    assert res["differences"] == []


def test_runs_from_other_seeds_are_refused_with_the_reason(runs, capsys):
    a, _, _, other = runs
    with pytest.raises(UserError, match="different run seed"):
        K.compare(a, other)
    code, out, err = run_cli(capsys, "compare", str(a), str(other))
    assert_one_line_error(code, err, "not comparable", "seed")


def test_compare_command_writes_report_tables_and_json(runs, capsys, tmp_path):
    a, b, _, _ = runs
    code, out, err = run_cli(capsys, "compare", str(a), str(b), "--out", str(tmp_path / "cmp"), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert {h["hero"] for h in result["heroes"]} == {"houdini", "genie"}
    for name in ("index.html", "summary.md", "changes.png", "compare.json", "tables/heroes.csv",
                 "tables/matchups.csv", "tables/flipped_games.csv"):
        assert (tmp_path / "cmp" / name).exists(), name
    flipped = pl.read_csv(tmp_path / "cmp" / "tables" / "flipped_games.csv")
    assert flipped["game_id"].to_list() == result["flipped_games"]


def test_paired_interval_is_clustered_by_seed():
    # two games of one seed that move together count as one piece of evidence, not two
    mean, lo, hi = K.paired_interval([1, 1, 0, 0, -1, -1, 1, 1], ["s1", "s1", "s2", "s2", "s3", "s3", "s4", "s4"])
    mean2, lo2, hi2 = K.paired_interval([1, 1, 0, 0, -1, -1, 1, 1], list(range(8)))
    assert mean == mean2 == 0.25
    assert hi - lo > hi2 - lo2


def test_the_change_chart_labels_each_tick_with_its_own_value():
    """Ticks at 2.5 points were labelled "+3" (and -2.5 "-2"): a chart whose axis misreads."""
    from unmatched_sim.report.compare import change_chart
    rows = [("genie", -0.023, -0.084, 0.039, -0.090, 0.046), ("houdini", 0.03, -0.026, 0.086, -0.039, 0.099)]
    ax = change_chart(rows, "t").axes[0]            # the README's worked example: ticks every 2.5 points
    ticks = ax.get_xticks()
    labels = ax.xaxis.get_major_formatter().format_ticks(ticks)
    assert any(abs(100 * x - round(100 * x)) > 0.1 for x in ticks)      # half-point ticks are drawn here
    assert [float(lb) for lb in labels] == pytest.approx([100 * x for x in ticks])
    assert ax.xaxis.get_major_formatter().format_ticks([0.025, 0.0, -0.025]) == ["+2.5", "0", "-2.5"]


def test_the_compare_report_names_heroes_as_the_run_report_does_and_its_tables_keep_ids(runs):
    from unmatched_sim import analysis as A
    from unmatched_sim.report.compare import _document

    a, b, _, _ = runs
    ra, rb = A.open_run(a), A.open_run(b)
    doc = _document(ra, rb, K.compare(ra, rb), 40, {"houdini": "Houdini", "genie": "The Genie"})
    assert any(f.startswith("**The Genie**") for f in doc.findings)
    tables = [block for s in doc.sections for block in s.blocks if hasattr(block, "rows")]
    heroes, matchups, flips = tables
    assert {row[0] for row in heroes.rows} == {"Houdini", "The Genie"}
    assert {row[0] for row in matchups.rows} == {"Houdini vs The Genie", "The Genie vs Houdini"}
    assert all(row[1] in ("Houdini vs The Genie", "The Genie vs Houdini") for row in flips.rows)
    assert {h for h in K.compare_heroes(ra, rb)["hero"]} == {"houdini", "genie"}    # data keeps ids
