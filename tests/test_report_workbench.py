"""The report's workbench additions: overrides shown, cards, the race, example games, CSV/JSON export."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.workbench import make_run
from unmatched_sim.analysis.tempo import tempo
from unmatched_sim.report import build_report


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return make_run(tmp_path_factory.mktemp("rw") / "r", "matchup", "houdini", "genie", "-n", "20",
                    "--policy", "greedy", "--set", "houdini.health=15")


@pytest.fixture(scope="module")
def report(run, tmp_path_factory):
    out = tmp_path_factory.mktemp("rep") / "report"
    build_report(run, out)
    return out


def test_every_table_is_exported_as_csv_and_in_one_json(report):
    numbers = json.loads((report / "numbers.json").read_text())
    assert numbers["overrides"] == ["houdini.health=15"]
    for name in ("ranking", "win_matrix", "seat_split", "damage_by_source", "exhaustion", "cards",
                 "game_length_summary", "end_reasons"):
        csv = pl.read_csv(report / "tables" / f"{name}.csv")
        assert csv.height == len(numbers["tables"][name]), name
    ranking = {r["hero"]: r["games"] for r in numbers["tables"]["ranking"]}
    assert ranking == {"houdini": 20, "genie": 20}


def test_report_shows_the_overrides_and_example_games(report):
    md = (report / "summary.md").read_text()
    assert "houdini.health=15" in md
    assert "Example games" in md


def test_race_starts_at_starting_health_and_lead_is_the_difference(run):
    t = tempo(run, "houdini", "genie")
    first = t.row(0, named=True)
    assert first["turn"] == 0 and first["games"] == 20
    assert first["hero_health_median"] == 15            # the override
    assert first["lead_median"] == 15 - first["opponent_health_median"]
    assert t["games"].to_list() == [20] * t.height


def test_percentages_round_half_up():
    from unmatched_sim.report.format import ci, pct
    assert pct(0.325, 0) == "33%" and pct(0.675, 0) == "68%"
    assert pct(0.0125, 2) == "1.25%" and ci(0.325, 0.675, 0) == "33–68%"


def test_at_a_glance_names_a_strongest_hero_only_when_its_interval_excludes_half():
    from unmatched_sim.report.build import _strongest_weakest
    even = {"hero": "x", "win_rate": 0.55, "ci_low": 0.45, "ci_high": 0.65, "games": 100, "bt_win_vs_average": 0.55}
    low = {"hero": "y", "win_rate": 0.45, "ci_low": 0.35, "ci_high": 0.55, "games": 100, "bt_win_vs_average": 0.45}
    assert "No hero is clearly strongest" in _strongest_weakest(even, low, 3, {})
    assert "Neither hero is clearly stronger" in _strongest_weakest(even, low, 2, {})
    clear = dict(even, ci_low=0.52, games=8)
    text = _strongest_weakest(clear, low, 3, {})
    assert text.startswith("**x** is the strongest") and "only 8 games" in text
    # prose names a hero as a reader knows it; ids stay for commands and tables
    assert _strongest_weakest(clear, low, 3, {"x": "The Genie"}).startswith("**The Genie** is the strongest")


def test_seats_per_matchup_count_every_game_once(run):
    from unmatched_sim import analysis as A
    from unmatched_sim.report.workbench import seats_by_matchup
    t = seats_by_matchup(A.open_run(run))
    assert t["games"].to_list() == [20]
    assert 0 <= t["first_player_win_rate"][0] <= 1


def test_report_tables_come_in_a_fixed_order_so_a_report_rewritten_is_the_same(run):
    """Rows tied on their sort key (two cards played as often) and group-by output would
    otherwise come in any order, and a report written twice from one run would differ."""
    from unmatched_sim import analysis as A
    from unmatched_sim.analysis.damage_split import damage_by_fighter
    heroes = damage_by_fighter(run)["hero"].to_list()
    assert heroes == sorted(heroes)
    cards = A.cards(A.open_run(run)).select("hero", "plays", "card").rows()
    assert cards == sorted(cards, key=lambda r: (r[0], -r[1], r[2]))


def test_hero_and_sidekick_damage_add_up_to_damage_by_source(run):
    import polars as pl

    from unmatched_sim import analysis as A
    from unmatched_sim.analysis.damage_split import damage_by_fighter
    split = damage_by_fighter(run)
    src = A.damage_by_source(run).group_by("hero").agg(pl.col("dealt_per_game", "taken_per_game").sum())
    j = split.join(src, on="hero")
    for r in j.iter_rows(named=True):
        assert r["dealt_to_hero"] + r["dealt_to_sidekicks"] == pytest.approx(r["dealt_per_game"])
        assert r["taken_by_hero"] + r["taken_by_sidekicks"] == pytest.approx(r["taken_per_game"])


def test_exhaustion_ticks_print_the_decimals_they_need():
    import polars as pl

    from unmatched_sim.report.charts import exhaustion_chart
    # a small run: decks ran out in about 1% of games; ticks must not all read "0%, 0%, 1%..."
    timing = pl.DataFrame({"hero": ["x"], "turn": [10], "cumulative_share": [0.012]})
    fig = exhaustion_chart(timing, ["x"], 20)
    fig.canvas.draw()
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels() if t.get_text()]
    assert len(set(labels)) == len(labels)                 # no two ticks print the same
    assert "0.5%" in labels and labels[0] == "0%"


def test_exhaustion_chart_of_a_large_roster_shows_the_heroes_whose_decks_ran_out_most():
    import polars as pl

    from unmatched_sim.report.charts import EXHAUSTION_LINES, exhaustion_chart, exhaustion_chart_note
    heroes = [f"h{i:02d}" for i in range(31)]
    timing = pl.DataFrame({"hero": heroes, "turn": [20] * 31, "cumulative_share": [i / 100 for i in range(31)]})
    fig = exhaustion_chart(timing, heroes, 40)
    ax = fig.axes[0]
    shown = [t.get_text() for t in ax.get_legend().get_texts()]
    assert shown == heroes[::-1][:EXHAUSTION_LINES]          # the most exhausted first
    assert f"{EXHAUSTION_LINES} of 31" in ax.get_title()
    few = exhaustion_chart(timing.head(3), heroes[:3], 40)
    assert len(few.axes[0].get_legend().get_texts()) == 3 and "heroes whose" not in few.axes[0].get_title()
    assert "the 8 whose decks ran out" in exhaustion_chart_note(heroes) and exhaustion_chart_note(heroes[:3]) == ""


def test_shell_completion_offers_hero_board_and_policy_names():
    from unmatched_sim.cli import complete_boards, complete_heroes, complete_policies
    assert [c.value for c in complete_heroes(None, None, "hou")] == ["houdini"]
    assert [c.value for c in complete_heroes(None, None, "houdini,ge")] == ["houdini,genie"]
    assert "sarpedon" in [c.value for c in complete_boards(None, None, "s")]
    assert "greedy" in [c.value for c in complete_policies(None, None, "gr")]


def test_export_includes_the_race_seats_per_matchup_and_example_games(report):
    numbers = json.loads((report / "numbers.json").read_text())
    for name in ("tempo_houdini_genie", "seats_by_matchup", "example_games", "damage_by_fighter"):
        assert (report / "tables" / f"{name}.csv").exists(), name
        assert numbers["tables"][name], name
