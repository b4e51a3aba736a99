"""sim matchup / tournament / replay / report for free-for-all and team play, through the real
entry point: balanced seating, determinism whatever --jobs, the per-player table, clear errors."""

import json
from pathlib import Path

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from unmatched_sim.run import seating

GREEDY = ("--policy", "greedy", "--no-progress")


def run(capsys, tmp_path, name, *args):
    out = tmp_path / name
    code, stdout, err = run_cli(capsys, *args, "--out", str(out), "--json", *GREEDY)
    assert code == 0, err
    return out, json.loads(stdout)


def test_seating_rotates_every_slot_through_every_turn_position():
    for fmt, n in (("ffa", 3), ("ffa", 4), ("teams", 4)):
        positions = {slot: set() for slot in range(n)}
        for r in range(n):
            for seat, slot in enumerate(seating(fmt, n, r)):
                positions[slot].add(seat)
        assert all(p == set(range(n)) for p in positions.values())


def test_team_seating_keeps_a1_b1_a2_b2_alternation():
    for r in range(4):
        order = seating("teams", 4, r)
        teams = ["A" if slot < 2 else "B" for slot in order]
        assert teams[0] != teams[1] and teams[0] == teams[2] and teams[1] == teams[3]


def test_ffa_matchup_plays_balanced_seats_and_writes_the_player_table(capsys, tmp_path):
    out, summary = run(capsys, tmp_path, "ffa", "matchup", "houdini", "genie", "loki", "-n", "6", "-j", "1")
    assert summary["format"] == "ffa" and summary["games"] == 6
    players = pl.read_parquet(out / "players.parquet")
    assert players.height == 18
    # every hero sat in every turn position twice
    counts = players.group_by("hero", "seat").len()
    assert counts["len"].to_list() == [2] * 9
    per_game = players.group_by("game_id").agg(pl.col("won").sum().alias("w"), pl.col("place").min().alias("best"))
    games = pl.read_parquet(out / "games.parquet")
    decided = set(games.filter(pl.col("winner").is_not_null())["game_id"])
    for row in per_game.iter_rows(named=True):
        assert row["w"] == (1 if row["game_id"] in decided else 0) and row["best"] == 1
    assert sum(p["wins"] for p in summary["players"].values()) == len(decided)
    assert json.loads((out / "run.json").read_text())["format"] == "ffa"


def test_odd_games_round_up_to_a_multiple_of_the_players(capsys, tmp_path):
    out, summary = run(capsys, tmp_path, "r", "matchup", "houdini", "genie", "loki", "pandora", "-n", "5", "-j", "1")
    assert summary["games"] == 8


def test_team_matchup_reports_each_team_and_both_members_win_together(capsys, tmp_path):
    out, summary = run(capsys, tmp_path, "teams", "matchup", "--teams", "houdini,genie:loki,pandora",
                       "-n", "4", "-j", "1")
    assert summary["format"] == "teams"
    assert summary["teams"]["A"]["heroes"] == ["houdini", "genie"]
    assert summary["teams"]["A"]["wins"] + summary["teams"]["B"]["wins"] + summary["draws"] == 4
    players = pl.read_parquet(out / "players.parquet")
    by_game = players.group_by("game_id", "team").agg(pl.col("won").n_unique().alias("k"))
    assert set(by_game["k"]) == {1}                 # teammates share the result


def test_format_teams_takes_the_first_two_against_the_last_two(capsys, tmp_path):
    out, summary = run(capsys, tmp_path, "t", "matchup", "houdini", "genie", "loki", "pandora",
                       "--format", "teams", "-n", "4", "-j", "1")
    assert summary["teams"]["B"]["heroes"] == ["loki", "pandora"]


@pytest.mark.parametrize("fmt_args", [("houdini", "genie", "loki"), ("--teams", "houdini,genie:loki,pandora")])
def test_multiplayer_runs_do_not_depend_on_jobs(capsys, tmp_path, fmt_args):
    a, _ = run(capsys, tmp_path, "j1", "matchup", *fmt_args, "-n", "8", "-j", "1")
    b, _ = run(capsys, tmp_path, "j2", "matchup", *fmt_args, "-n", "8", "-j", "2")
    assert pl.read_parquet(a / "games.parquet").equals(pl.read_parquet(b / "games.parquet"))
    ea = pl.concat([pl.read_parquet(f) for f in sorted((a / "events").glob("*.parquet"))])
    eb = pl.concat([pl.read_parquet(f) for f in sorted((b / "events").glob("*.parquet"))])
    assert ea.equals(eb)


def test_replay_of_a_team_game_matches_its_log(capsys, tmp_path):
    out, _ = run(capsys, tmp_path, "t", "matchup", "--teams", "houdini,genie:loki,pandora", "-n", "4", "-j", "1")
    for gid in range(4):
        code, stdout, err = run_cli(capsys, "replay", str(out), str(gid))
        assert code == 0, err
        assert "replay matches" in stdout


def test_report_detects_a_free_for_all_run(capsys, tmp_path):
    out, _ = run(capsys, tmp_path, "f", "matchup", "houdini", "genie", "loki", "-n", "6", "-j", "1")
    code, stdout, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    numbers = json.loads((tmp_path / "rep" / "numbers.json").read_text())
    assert {r["hero"] for r in numbers["hero_results"]} == {"houdini", "genie", "loki"}
    assert len(numbers["turn_position"]) == 3


def test_ffa_tournament_plays_every_combination_or_a_stated_sample(capsys, tmp_path):
    out, summary = run(capsys, tmp_path, "all", "tournament", "houdini", "genie", "loki", "pandora",
                       "--format", "ffa", "--players", "3", "-n", "3", "-j", "1")
    assert len(summary["lineups"]) == 4 and summary["games"] == 12
    out, summary = run(capsys, tmp_path, "some", "tournament", "houdini", "genie", "loki", "pandora", "chupacabra",
                       "--format", "teams", "--sample", "3", "-n", "4", "-j", "1")
    assert len(summary["lineups"]) == 3 and summary["games"] == 12


@pytest.mark.parametrize("args,message", [
    (("matchup", "houdini", "genie", "loki", "pandora", "blackbeard"), "ffa needs 3–4 heroes, got 5"),
    (("matchup", "houdini", "genie", "loki", "--format", "teams"), "teams needs 4 heroes, got 3"),
    (("matchup", "houdini", "genie", "--format", "ffa"), "ffa needs 3–4 heroes, got 2"),
    (("matchup", "houdini", "genie", "--format", "melee"), "Invalid value for '--format'"),
    (("matchup", "--teams", "houdini,genie:loki"), "two teams of two heroes"),
    (("matchup", "houdini", "--teams", "houdini,genie:loki,pandora"), "either as arguments or with --teams"),
    (("tournament", "houdini", "genie", "loki", "--format", "teams"), "needs at least 4 different heroes"),
    (("tournament", "houdini", "genie", "--players", "3"), "--players and --sample are for --format ffa or teams"),
])
def test_bad_format_input_is_one_clear_line_and_writes_nothing(capsys, tmp_path, args, message):
    code, out, err = run_cli(capsys, *args, "--out", str(tmp_path / "never"), "-n", "4")
    assert code != 0
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "never").exists()


def test_a_board_without_enough_starting_spaces_is_refused_with_a_suggestion(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("UNMATCHED_BOARDS", str(Path(__file__).parent / "boards"))
    code, out, err = run_cli(capsys, "matchup", "houdini", "genie", "loki", "--board", "conveyor",
                             "--out", str(tmp_path / "x"), "-n", "3")
    assert code != 0 and "cannot seat 3 players" in err and "--board marmoreal" in err
    assert not (tmp_path / "x").exists()


def test_sim_games_finds_multiplayer_games_by_hero_and_winner(capsys, tmp_path):
    out, _ = run(capsys, tmp_path, "t", "matchup", "--teams", "houdini,genie:loki,pandora", "-n", "8", "-j", "1")
    from unmatched_sim.analysis.games import find_games
    games = pl.read_parquet(out / "games.parquet")
    won_by_loki = games.filter(pl.col("winner_hero").str.contains("loki"))["game_id"].to_list()
    found = find_games(out, hero="loki", winner="loki", limit=None)
    assert found["game_id"].to_list() == won_by_loki


def test_sim_compare_reads_a_free_for_all_run(capsys, tmp_path):
    a, _ = run(capsys, tmp_path, "a", "matchup", "houdini", "genie", "loki", "-n", "3", "-j", "1")
    code, out, err = run_cli(capsys, "compare", str(a), str(a), "--out", str(tmp_path / "cmp"), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert {h["hero"] for h in result["heroes"]} == {"houdini", "genie", "loki"}
    assert all(h["change"] == 0 for h in result["heroes"])


def test_free_for_all_and_team_reports_name_heroes_as_the_duel_report_does(capsys, tmp_path):
    """Every table, chart label and finding of a multi-player report names a hero by the display
    name the duel report uses (analysis._common.hero_names): "Dr. Jill Trent", not dr_jill_trent;
    the id stays only in the inputs (what the commands take) and in the CSVs."""
    from unmatched_sim import analysis as A
    from unmatched_sim.analysis import multi as M
    from unmatched_sim.analysis._common import hero_names
    from unmatched_sim.report.build import multi_document
    from unmatched_sim.report.document import Table
    from unmatched_sim.report.multi import places_chart, results_chart, synergy_chart

    heroes = ["dr_jill_trent", "genie", "wayward_sisters", "houdini", "loki"]
    names = {"dr_jill_trent": "Dr. Jill Trent", "genie": "The Genie", "wayward_sisters": "The Wayward Sisters",
             "houdini": "Houdini", "loki": "Loki"}
    ids = ("dr_jill_trent", "genie", "wayward_sisters")          # the ids that differ from their names
    for fmt, n in (("ffa", "12"), ("teams", "8")):                 # teams: 24 games per pair, enough to chart
        out, _ = run(capsys, tmp_path, fmt, "tournament", *heroes, "--format", fmt, "-n", n, "-j", "1")
        run_ = A.open_run(out)
        assert hero_names(run_) == names
        doc, _, _, players = multi_document(run_, out, tmp_path)

        section = {s.id: [b for b in s.blocks if isinstance(b, Table)] for s in doc.sections}
        tables = [t for ts in section.values() for t in ts]
        wins, rating = section["wins"][0], section["rating"][0]
        assert wins.header[0] == "Hero" and "id" not in wins.header        # ids only in commands and CSV
        assert {r[0] for r in wins.rows} == set(names.values())
        assert {r[0] for r in rating.rows} == set(names.values())
        cells = [c for t in tables for r in [t.header] + t.rows for c in r]
        cells += doc.findings + [doc.inputs.rows[[r[0] for r in doc.inputs.rows].index("Line-ups")][1]]
        assert not [c for c in cells for h in ids if h in c]
        results = M.hero_results(players)
        strong = results.filter(pl.col("significant"))
        assert strong.height                      # the finding that names the strongest hero is made
        assert doc.findings[0].startswith(f"**{names[strong['hero'][0]]}** wins")
        heroes_row = dict(doc.inputs.rows)["Heroes"]
        assert "dr_jill_trent (Dr. Jill Trent)" in heroes_row and "genie (The Genie)" in heroes_row

        labels = lambda fig: [t.get_text() for t in fig.axes[0].get_yticklabels()]     # noqa: E731
        assert set(labels(results_chart(results, names))) == set(names.values())
        order = results["hero"].to_list()
        assert labels(places_chart(M.place_distribution(players), order, 3, names)) == [names[h] for h in order]
        if fmt == "teams":
            pairs = M.team_pairs(players)
            table = section["pairs"][0]
            assert {r[0] for r in table.rows} == {f"{names[a]} + {names[b]}"
                                                  for a, b in pairs.select("hero_1", "hero_2").iter_rows()}
            assert set(labels(synergy_chart(pairs, names))) == {r[0] for r in table.rows}
            # a pair's synergy is headlined with its interval, or not at all ("no pair ... distinguishable")
            (said,) = [f for f in doc.findings if "synergy" in f]
            assert " to " in said and ("than their strengths predict" in said or "distinguishable" in said)
