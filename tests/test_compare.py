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
    assert any(f.startswith("**Houdini vs The Genie**") for f in doc.findings)
    tables = [block for s in doc.sections for block in s.blocks if hasattr(block, "rows")]
    matchups, flips = tables             # a run of one duel: the matchup once, no hero rows repeating it
    assert [row[0] for row in matchups.rows] == ["Houdini vs The Genie"]
    assert all(row[1] in ("Houdini vs The Genie", "The Genie vs Houdini") for row in flips.rows)
    assert {h for h in K.compare_heroes(ra, rb)["hero"]} == {"houdini", "genie"}    # data keeps ids


def test_a_duel_is_one_matchup_row_from_the_first_hero_of_the_pairing(runs):
    a, b, _, _ = runs
    m = K.compare_matchups(a, b)
    assert m.height == 1 and (m["hero"][0], m["opponent"][0]) == ("houdini", "genie")


def test_the_verdict_says_where_the_matchup_stands_after_the_change(runs):
    a, b, _, _ = runs
    r = K.compare_matchups(a, b).row(0, named=True)
    gb = pl.read_parquet(b / "games.parquet")
    assert r["win_rate_b"] == pytest.approx((gb["winner_hero"] == "houdini").sum() / gb.height)
    assert r["ci_low_b"] <= r["win_rate_b"] <= r["ci_high_b"] and r["even"] == 0.5
    assert K.standing(0.55, 0.45, 0.65, 0.5, "h", "o") == "not distinguishable from 50%"
    assert K.standing(0.8, 0.7, 0.9, 0.5, "h", "o", {"h": "H"}) == "favours H by 20–40 points above 50%"
    assert K.standing(0.2, 0.1, 0.3, 0.5, "h", "o", {"o": "O"}) == "favours O: h is 20–40 points below 50%"


def test_compare_json_is_shaped_like_the_matchup_json(runs, capsys, tmp_path):
    a, b, _, _ = runs
    code, out, err = run_cli(capsys, "compare", str(a), str(b), "--out", str(tmp_path / "cmp"), "--json")
    assert code == 0, err
    result = json.loads(out)
    (m,) = result["matchups"]
    assert m["heroes"] == ["houdini", "genie"] and m["games"] == 40
    for when in ("before", "after"):
        assert set(m[when]) >= {"wins", "win_rate", "ci95"}
        lo, hi = m[when]["ci95"]
        assert lo <= m[when]["win_rate"] <= hi
    assert isinstance(m["after"]["verdict"], str)
    assert len(m["change_ci95"]) == 2 and len(m["unpaired_ci95"]) == 2
    assert {h["hero"] for h in result["heroes"]} == {"houdini", "genie"}
    saved = json.loads((tmp_path / "cmp" / "compare.json").read_text())
    assert saved["matchups"][0]["after"]["ci95"] == m["after"]["ci95"]


@pytest.fixture(scope="module")
def multi_runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("compare_multi")
    ffa = ("matchup", "houdini", "genie", "loki", "-n", "6", "--policy", "greedy")
    teams = ("matchup", "houdini", "genie", "loki", "pandora", "--format", "teams", "-n", "4", "--policy", "greedy")
    return (make_run(d / "fa", *ffa), make_run(d / "fb", *ffa, "--set", "houdini.health=20"),
            make_run(d / "ta", *teams), make_run(d / "tb", *teams, "--set", "houdini.health=20"))


def test_compare_reads_free_for_all_runs_per_hero_and_line_up(multi_runs):
    fa, fb, _, _ = multi_runs
    res = K.compare(fa, fb)
    assert set(res["heroes"]["hero"]) == {"houdini", "genie", "loki"}
    assert res["heroes"]["games"].to_list() == [6, 6, 6] and res["heroes"]["even"][0] == pytest.approx(1 / 3)
    m = res["matchups"].filter(pl.col("hero") == "houdini").row(0, named=True)
    assert m["opponent"] == "genie, loki" and m["lineup"] == "genie, houdini, loki"
    h = res["heroes"].filter(pl.col("hero") == "houdini").row(0, named=True)
    assert h["wins_b"] - h["wins_a"] == h["flipped_to_win"] - h["flipped_to_loss"]


def test_compare_reads_team_runs(multi_runs, capsys, tmp_path):
    _, _, ta, tb = multi_runs
    res = K.compare(ta, tb)
    assert res["format"] == "teams" and res["heroes"]["even"][0] == 0.5
    m = res["matchups"].filter(pl.col("hero") == "houdini").row(0, named=True)
    assert m["opponent"] == "loki+pandora" and m["lineup"] == "genie+houdini vs loki+pandora"
    code, out, err = run_cli(capsys, "compare", str(ta), str(tb), "--out", str(tmp_path / "tc"), "--json")
    assert code == 0, err
    assert (tmp_path / "tc" / "index.html").exists()


def test_a_duel_run_and_a_free_for_all_run_are_not_comparable(runs, multi_runs):
    a, _, _, _ = runs
    fa, _, _, _ = multi_runs
    with pytest.raises(UserError, match="not comparable"):
        K.compare(a, fa)


def test_the_compare_page_carries_its_chart_inline_and_sorts_its_tables(runs, capsys, tmp_path):
    from unmatched_sim.report.document import MARKER
    a, b, _, _ = runs
    code, out, err = run_cli(capsys, "compare", str(a), str(b), "--out", str(tmp_path / "cmp"), "--json")
    assert code == 0, err
    page = (tmp_path / "cmp" / "index.html").read_text()
    assert MARKER in page and "data:image/svg+xml;base64," in page and 'src="changes.svg"' not in page
    assert page.count('<table class="sortable">') == 2          # the matchup and the flipped games
    assert (tmp_path / "cmp" / "changes.svg").exists()          # the files stay, for slides


def test_the_compare_rows_follow_the_strength_order_of_run_a():
    from unmatched_sim.report.compare import strength_ordered
    heroes = pl.DataFrame({"hero": ["alice", "houdini", "medusa"], "win_rate_a": [0.4, 0.28, 0.82]})
    matchups = pl.DataFrame({"hero": ["alice", "alice", "houdini"], "opponent": ["houdini", "medusa", "medusa"],
                             "lineup": ["alice vs houdini", "alice vs medusa", "houdini vs medusa"]})
    res = strength_ordered({"heroes": heroes, "matchups": matchups})
    assert res["heroes"]["hero"].to_list() == ["medusa", "alice", "houdini"]
    assert list(zip(res["matchups"]["hero"], res["matchups"]["opponent"])) == [
        ("alice", "medusa"), ("houdini", "medusa"), ("alice", "houdini")]


def test_the_flipped_games_name_how_a_game_ended_in_words(runs):
    from unmatched_sim import analysis as A
    from unmatched_sim.report.compare import _document
    a, b, _, _ = runs
    ra, rb = A.open_run(a), A.open_run(b)
    doc = _document(ra, rb, K.compare(ra, rb), 40, {"houdini": "Houdini", "genie": "The Genie"})
    flips = [blk for s in doc.sections for blk in s.blocks if hasattr(blk, "rows")][-1]
    from unmatched_sim.report.charts import source_label
    data = K.flipped_games(ra, rb)
    assert flips.rows and flips.sortable
    assert [row[-1] for row in flips.rows] == [f"{source_label(x)} → {source_label(y)}" for x, y in
                                               data.select("end_reason_a", "end_reason_b").head(40).iter_rows()]
