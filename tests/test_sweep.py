"""sim sweep: one run per value on the same seeds, a table and chart, the value closest to 50%."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from unmatched_sim.errors import UserError
from unmatched_sim.sweep import parse_values, recommend


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


def test_the_value_nearest_fifty_is_recommended_per_opponent_when_it_stands_apart():
    t = pl.DataFrame({"value": ["1", "2", "3", "1", "2", "3"], "opponent": ["x"] * 3 + ["all"] * 3,
                      "win_rate": [0.2, 0.45, 0.7, 0.1, 0.3, 0.52], "ci_low": [0.15, 0.4, 0.65, 0.05, 0.25, 0.47],
                      "ci_high": [0.25, 0.5, 0.75, 0.15, 0.35, 0.57], "games": [400] * 6})
    best = recommend(t)
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
    from unmatched_sim.data.catalog import find_hero
    current = find_hero("houdini").hero.health
    assert json.loads((out / "sweep.json").read_text())["values"] == sorted({13, 14, current})
    assert not list(tmp_path.glob(".sw.tmp-*"))


def _one_value_sweep(tmp_path):
    """A sweep's outputs written from a hand-built table: Houdini's Flourish at 3 (the current
    value) against Pandora, 197 of 400 games won."""
    from unmatched_sim.sweep import SweepSpec, recommend, write_outputs
    t = pl.DataFrame({"value": ["3", "3"], "x": [3.0, 3.0], "opponent": ["pandora", "all"],
                      "win_rate": [197 / 400, 0.5], "ci_low": [0.4435, 0.45], "ci_high": [0.5415, 0.55],
                      "games": [400, 800], "even": [0.5, 0.5], "current": [True, True]})
    meta = {"opponents": ["pandora"], "games_per_pairing": 400, "seed": 1, "board": "marmoreal",
            "policies": ["tuned", "tuned"], "extra_overrides": [], "runs": {"3": "value-3"}, "current": 3}
    write_outputs(tmp_path, SweepSpec("houdini:Flourish.value", ("3",), "houdini"), t, recommend(t), [], meta)
    return t, recommend(t), meta


def _sweep_doc(t, rec, meta, cross=()):
    from unmatched_sim.report.sweep import sweep_document
    from unmatched_sim.sweep import recommendation_text
    names = {"houdini": "Houdini", "pandora": "Pandora"}
    choice = {r["opponent"]: recommendation_text(r, "houdini:Flourish.value", names) for r in rec.iter_rows(named=True)}
    return sweep_document(["houdini:Flourish.value"], "houdini", t, list(cross), meta, names, choice)


def test_the_sweep_page_rounds_as_the_command_line_does(tmp_path):
    """197 of 400 is 49.25%: the command line and every report print 49.3% (Python's rounding of
    the float gives 49.2)."""
    from unmatched_sim.sweep import recommendation_text
    t, rec, meta = _one_value_sweep(tmp_path)
    table = next(b for s in _sweep_doc(t, rec, meta).sections for b in s.blocks if hasattr(b, "rows"))
    assert table.rows[0][3:5] == ["49.3%", "44.4–54.2%"]
    assert "(49.3%, 44.4–54.2%)" in recommendation_text(rec.row(0, named=True), "houdini:Flourish.value")


def test_the_sweep_writes_one_self_contained_page_as_every_report(tmp_path):
    from unmatched_sim.report.document import MARKER, Chart, Table
    t, rec, meta = _one_value_sweep(tmp_path)
    page = (tmp_path / "index.html").read_text()
    assert MARKER in page and "data:image/svg+xml;base64," in page and 'src="sweep.svg"' not in page
    assert (tmp_path / "summary.md").exists()
    doc = _sweep_doc(t, rec, meta)
    blocks = [b for s in doc.sections for b in s.blocks]
    assert any(isinstance(b, Chart) and b.name == "sweep" for b in blocks)
    results = next(b for b in blocks if isinstance(b, Table))
    assert results.sortable and 'class="sortable"' in page
    # heroes by display name, the current value marked, ids only in the path the commands take
    assert [r[:2] for r in results.rows] == [["3 (current)", "Pandora"], ["3 (current)", "every opponent together"]]
    assert doc.title == "Sweep — Houdini's Flourish value"
    assert any("houdini:Flourish.value=3" in f for f in doc.findings)


def test_the_sweep_page_says_where_the_win_rate_crosses_even(tmp_path):
    from unmatched_sim.sweep import crossing, recommend
    t = _table(_logistic_rows(range(2, 9), -2.5, 0.5))
    meta = {"opponents": ["x"], "runs": {}, "current": None}
    doc = _sweep_doc(t, recommend(t), meta, [crossing(t, "x")])
    section = next(s for s in doc.sections if s.id == "crossing")
    assert any("crosses 50% at about 5" in line for line in section.blocks[1])
    assert any("crosses 50% at about 5" in f for f in doc.findings)


def test_a_report_is_not_written_over_a_sweep_folder(tmp_path):
    from unmatched_sim.errors import UserError
    from unmatched_sim.report.document import prepare_out
    _one_value_sweep(tmp_path)
    with pytest.raises(UserError, match="is a sweep folder"):
        prepare_out(tmp_path)


def test_values_that_cannot_be_told_apart_are_named_beside_the_closest():
    """27.5% and 72.5% differ from each other; each overlaps 55%: the closest value cannot be
    told apart from either, which is not "all values cannot be told apart"."""
    from unmatched_sim.sweep import recommend, recommendation_text
    r = recommend(_table([(2, 11, 40), (3, 22, 40), (4, 29, 40)])).row(0, named=True)
    assert r["value"] is None and r["closest"] == "3" and r["tied"] == "2, 3, 4"
    text = recommendation_text(r, "houdini:Flourish.value", {"x": "X"})
    assert "3, the closest to 50%" in text and "from 2 and 4" in text and "against X" in text


def _table(rows, even=0.5):
    """A sweep table from (value, wins, games) against one opponent."""
    from unmatched_sim.stats import wilson_interval
    out = []
    for v, w, n in rows:
        lo, hi = wilson_interval(w, n)
        out.append({"value": str(v), "x": float(v), "opponent": "x", "games": n, "wins": w, "win_rate": w / n,
                    "ci_low": lo, "ci_high": hi, "even": even, "current": False})
    return pl.DataFrame(out)


def _logistic_rows(values, b0, b1, n=4000):
    import math
    return [(v, round(n / (1 + math.exp(-(b0 + b1 * v)))), n) for v in values]


def test_the_crossing_of_fifty_percent_is_estimated_with_an_interval():
    from unmatched_sim.sweep import crossing
    # P(win) = 1 / (1 + exp(-(v - 5) / 2)): 50% at 5
    c = crossing(_table(_logistic_rows(range(2, 9), -2.5, 0.5)), "x")
    assert c["within"] and c["trend"] == "up"
    assert c["estimate"] == pytest.approx(5.0, abs=0.05)
    assert c["ci"][0] < 5.0 < c["ci"][1] and c["ci"][1] - c["ci"][0] < 0.5
    assert "crosses 50% at about 5" in c["text"]


def test_a_crossing_beyond_the_range_is_said_to_be_outside_it_with_the_trend():
    from unmatched_sim.sweep import crossing
    c = crossing(_table(_logistic_rows([8, 10, 12, 14], -2.5, 0.5)), "x")      # 50% at 5, below the range
    assert not c["within"] and c["estimate"] == pytest.approx(5.0, abs=0.2)
    assert "does not cross 50% within 8–14" in c["text"] and "rising" in c["text"]


def test_a_flat_trend_places_no_crossing():
    from unmatched_sim.sweep import crossing
    c = crossing(_table([(0, 36, 40), (1, 35, 40), (2, 36, 40), (3, 35, 40)]), "x")
    assert c["trend"] == "flat" and c["estimate"] is None
    assert "above 50% at every value" in c["text"]


def test_the_crossing_of_a_free_for_all_is_its_fair_share():
    import math
    from unmatched_sim.sweep import crossing
    logit = math.log(1 / 3 / (2 / 3))
    c = crossing(_table(_logistic_rows(range(0, 11), logit - 0.5 * 4, 0.5), even=1 / 3), "x")   # 1/3 at 4
    assert c["estimate"] == pytest.approx(4.0, abs=0.05) and "33.3%" in c["text"]


def test_no_value_is_recommended_among_overlapping_intervals():
    from unmatched_sim.sweep import recommend
    # the case: 90.0% at 0 and 87.5% at 3, nothing near 50%, intervals overlapping
    r = recommend(_table([(0, 54, 60), (1, 53, 60), (2, 54, 60), (3, 52, 60)])).row(0, named=True)
    assert r["value"] is None and not r["reaches_50"]
    # one value far apart from the others is recommended
    r = recommend(_table([(0, 50, 100), (1, 80, 100), (2, 95, 100)])).row(0, named=True)
    assert r["value"] == "0" and r["reaches_50"] and r["tied"] == "0"


def test_the_current_value_of_a_field_is_read_from_the_hero_file():
    from unmatched_sim.data.catalog import find_hero
    from unmatched_sim.sweep import SweepSpec, current_value, with_current
    h = find_hero("houdini")
    flourish = next(c for c in h.cards if c.name == "Flourish")
    assert current_value(SweepSpec("houdini:Flourish.value", (1, 2), "houdini"), h.path) == flourish.value
    assert current_value(SweepSpec("houdini.health", (1, 2), "houdini"), h.path) == h.hero.health
    spec = with_current(SweepSpec("houdini.health", (10, 20), "houdini"), 16)
    assert spec.values == (10, 16, 20)
    assert with_current(spec, 16).values == (10, 16, 20)


def test_a_grid_sweep_plays_every_combination_and_marks_the_current_one(capsys, tmp_path):
    from unmatched_sim.data.catalog import find_hero
    out = tmp_path / "grid"
    h = find_hero("houdini")
    flourish = next(c for c in h.cards if c.name == "Flourish").value
    code, text, err = run_cli(capsys, "sweep", f"houdini.health={h.hero.health - 1},{h.hero.health}",
                              f"houdini:Flourish.value={flourish},{flourish + 1}", "--against", "genie", "-n", "2",
                              "-j", "1", "--policy", "greedy", "--out", str(out), "--json")
    assert code == 0, err
    result = json.loads(text)
    rows = [r for r in result["results"] if r["opponent"] == "genie"]
    assert len(rows) == 4 and [r["current"] for r in rows] == [False, False, True, False]
    assert (out / f"value-{h.hero.health}__value-{flourish + 1}" / "games.parquet").exists()
    assert (out / "sweep.png").exists()


def test_a_free_for_all_sweep_reads_the_hero_in_its_line_up(capsys, tmp_path):
    out = tmp_path / "ffa"
    code, text, err = run_cli(capsys, "sweep", "houdini.health=12,14", "--format", "ffa", "--against", "genie,loki",
                              "-n", "3", "-j", "1", "--policy", "greedy", "--out", str(out), "--json")
    assert code == 0, err
    result = json.loads(text)
    assert {r["opponent"] for r in result["results"]} == {"genie, loki"}
    assert all(r["games"] == 3 and r["even"] == pytest.approx(1 / 3) for r in result["results"])
    assert [c["opponent"] for c in result["crossing_even"]] == ["genie, loki"]


def test_report_on_a_sweep_folder_points_at_its_runs(capsys, tmp_path):
    out = tmp_path / "sw"
    code, text, err = run_cli(capsys, "sweep", "houdini.health=12,13", "--against", "genie", "-n", "2", "-j", "1",
                              "--policy", "greedy", "--out", str(out), "--json")
    assert code == 0, err
    code, text, err = run_cli(capsys, "report", str(out))
    assert_one_line_error(code, err, "is a sweep, not a run", "value-12", f"sim report {out / 'value-12'}")


@pytest.mark.parametrize("args, words", [
    (["houdini.health=12,13", "genie.health=12,13", "--against", "loki"], ("same hero",)),
    (["houdini.health=12,13", "houdini.health=14,15", "--against", "loki"], ("two different fields",)),
    (["houdini.health=12,13", "houdini.move=1,2", "houdini:Flourish.value=1,2"], ("one field, or two",)),
    (["houdini.health=12,13", "--format", "teams", "--against", "genie,loki"], ("3 more heroes",)),
])
def test_a_bad_grid_or_line_up_is_refused_in_one_line_before_any_game(capsys, tmp_path, args, words):
    code, text, err = run_cli(capsys, "sweep", *args, "-n", "2", "--out", str(tmp_path / "sw"))
    assert_one_line_error(code, err, *words)
    assert not (tmp_path / "sw").exists()


def test_the_sweep_printout_names_heroes_as_the_page_does(capsys, tmp_path):
    out = tmp_path / "sw"
    code, text, err = run_cli(capsys, "sweep", "houdini.health=12,13", "--against", "genie", "-n", "2", "-j", "1",
                              "--policy", "greedy", "--out", str(out), "--no-progress")
    assert code == 0, err
    assert "Houdini against The Genie" in text and "vs The Genie" in text and "against The Genie:" in text
    assert "vs genie" not in text and "houdini against" not in text
    assert (out / "index.html").exists()
