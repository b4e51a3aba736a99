"""The command line: real runs, and bad input answered in one clear line with no traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest

from tests.cli_helpers import run_cli

REPO = Path(__file__).resolve().parent.parent



def assert_one_line_error(code: int, err: str, *fragments: str) -> None:
    assert code != 0
    lines = [line for line in err.strip().splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one error line, got: {err!r}"
    assert "Traceback" not in err
    for frag in fragments:
        assert frag in lines[0], f"{frag!r} not in {lines[0]!r}"


# ------------------------------------------------------------------ real runs
def test_matchup_json_reports_win_rates_intervals_seats_and_endings(tmp_path, capsys):
    code, out, err = run_cli(capsys, "matchup", "houdini", "genie", "--games", "12", "--jobs", "1",
                             "--out", str(tmp_path / "run"), "--json", "--seed", "5")
    assert code == 0, err
    result = json.loads(out)
    assert result["games"] == 12
    assert list(result["wins"]) == ["houdini", "genie"]
    assert sum(result["wins"].values()) + result["draws"] == 12
    for hero in ("houdini", "genie"):
        lo, hi = result["ci95"][hero]
        assert 0 <= lo <= result["win_rate"][hero] <= hi <= 1
    assert 0 <= result["first_player_win_rate"] <= 1
    assert result["mean_turns"] > 0
    assert sum(result["end_reasons"].values()) == 12
    assert result["elapsed_s"] >= 0
    games = pl.read_parquet(tmp_path / "run" / "games.parquet")
    assert games.height == 12
    # each seed is played from both seats
    assert (games.group_by("seed").agg(pl.col("first_player").n_unique())["first_player"] == 2).all()
    meta = json.loads((tmp_path / "run" / "run.json").read_text())
    assert set(meta["hero_files"]) == {"houdini", "genie"} and len(meta["board_file"]["sha256"]) == 64


def test_matchup_text_output_names_both_heroes_and_the_interval(tmp_path, capsys):
    code, out, err = run_cli(capsys, "matchup", "Houdini", "The Genie", "-n", "6", "-j", "1",
                             "--out", str(tmp_path / "r"), "--no-progress")
    assert code == 0, err
    assert "Houdini" in out and "The Genie" in out and "95% CI" in out and "first player wins" in out


def test_same_command_twice_writes_identical_games_and_events(tmp_path, capsys):
    for name in ("r1", "r2"):
        code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "30", "--seed", "9",
                               "--out", str(tmp_path / name), "--no-progress", "-j", "1")
        assert code == 0, err
    for f in ["games.parquet"] + [f"events/{p.name}" for p in (tmp_path / "r1" / "events").iterdir()]:
        assert (tmp_path / "r1" / f).read_bytes() == (tmp_path / "r2" / f).read_bytes(), f


def test_games_do_not_depend_on_the_number_of_workers(tmp_path, capsys):
    for name, jobs in (("one", "1"), ("two", "2")):
        code, _, err = run_cli(capsys, "matchup", "genie", "houdini", "-n", "60", "--seed", "3",
                               "--out", str(tmp_path / name), "--no-progress", "-j", jobs)
        assert code == 0, err
    a = pl.read_parquet(tmp_path / "one" / "events").sort("game_id", "seq")
    b = pl.read_parquet(tmp_path / "two" / "events").sort("game_id", "seq")
    assert a.height > 0 and a.equals(b)
    assert pl.read_parquet(tmp_path / "one" / "games.parquet").equals(
        pl.read_parquet(tmp_path / "two" / "games.parquet"))


def test_replay_tells_the_game_and_confirms_it_matches_the_log(tmp_path, capsys):
    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "-j", "1", "--out", str(run),
                   "--no-progress")[0] == 0
    code, out, err = run_cli(capsys, "replay", str(run), "3")
    assert code == 0, err
    assert "── Turn 1" in out and "Game over" in out
    assert "replay matches the" in out


def test_replay_from_heroes_and_seed_equals_the_logged_game(tmp_path, capsys):
    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "-j", "1", "--out", str(run),
                   "--no-progress")[0] == 0
    row = pl.read_parquet(run / "games.parquet").row(1, named=True)
    code, out, err = run_cli(capsys, "replay", "--heroes", "houdini", "genie", "--seed", str(row["seed"]),
                             "--first", row["first_player"])
    assert code == 0, err
    assert f"after {row['turns']} turns" not in out  # no logged result to quote in this form
    assert out.count("── Turn ") == row["turns"]


def test_replay_of_a_tampered_log_is_an_error(tmp_path, capsys):
    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "-j", "1", "--out", str(run),
                   "--no-progress")[0] == 0
    part = next((run / "events").iterdir())
    df = pl.read_parquet(part)
    df = df.with_columns(pl.when(pl.col("seq") == 5).then(pl.lit("nonsense")).otherwise(pl.col("kind"))
                         .alias("kind"))
    df.write_parquet(part)
    code, out, err = run_cli(capsys, "replay", str(run), "0")
    assert code != 0 and "differs from the log at event 5" in err


def test_heroes_boards_and_policies_list_what_is_available(capsys):
    code, out, _ = run_cli(capsys, "heroes")
    assert code == 0 and "houdini" in out and "genie" in out and "Escape Artist" in out
    from unmatched_sim.data.catalog import all_heroes
    rows = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert set(rows) == {h.id for h in all_heroes()}                 # one row a hero
    assert all(h.set and h.set in rows[h.id] for h in all_heroes())  # each with its set
    code, out, _ = run_cli(capsys, "boards")
    assert code == 0 and "marmoreal" in out and "sarpedon" in out and "31 spaces" in out
    code, out, _ = run_cli(capsys, "policies")
    assert code == 0 and "random" in out and "greedy" in out


# ------------------------------------------------------------------ bad input
def test_unknown_hero_suggests_the_closest_name(capsys):
    code, _, err = run_cli(capsys, "matchup", "houdin", "genie")
    assert_one_line_error(code, err, "unknown hero 'houdin'", "did you mean 'houdini'")


def test_unknown_board_suggests_the_closest_name(capsys):
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "--board", "marmoreel")
    assert_one_line_error(code, err, "unknown board 'marmoreel'", "did you mean 'marmoreal'")


@pytest.mark.parametrize("games", ["0", "-3"])
def test_games_must_be_positive(capsys, games):
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "--games", games)
    assert_one_line_error(code, err, "--games must be at least 1")


def test_games_must_be_a_number(capsys):
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "--games", "many")
    assert_one_line_error(code, err, "--games")


def test_unknown_policy_is_refused(capsys):
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "--policy", "greedyy")
    assert_one_line_error(code, err, "unknown policy 'greedyy'", "did you mean 'greedy'")


def test_bad_policy_parameter_is_refused(capsys):
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "--policy", "greedy:agression=2")
    assert_one_line_error(code, err, "no parameter 'agression'", "aggression")


def test_unknown_option_is_one_line(capsys):
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "--gmaes", "3")
    assert_one_line_error(code, err, "--gmaes")


def test_malformed_hero_file_names_file_card_and_fault(tmp_path, capsys, monkeypatch):
    heroes = tmp_path / "heroes"
    heroes.mkdir()
    shutil.copy(REPO / "heroes" / "genie.toml", heroes / "genie.toml")
    text = (REPO / "heroes" / "houdini.toml").read_text().replace('name = "Flourish"\n', 'name = "Flourish"\nvalu = 3\n', 1)
    (heroes / "houdini.toml").write_text(text)
    monkeypatch.setenv("UNMATCHED_HEROES", str(heroes))
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2")
    assert_one_line_error(code, err, "houdini.toml", "Flourish", "unknown field 'valu'")


def test_unreadable_toml_is_reported_with_its_path(tmp_path, capsys, monkeypatch):
    heroes = tmp_path / "heroes"
    heroes.mkdir()
    shutil.copy(REPO / "heroes" / "genie.toml", heroes / "genie.toml")
    (heroes / "houdini.toml").write_text("id = 'houdini'\n[hero\n")
    monkeypatch.setenv("UNMATCHED_HEROES", str(heroes))
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2")
    assert_one_line_error(code, err, "houdini.toml", "not valid TOML")


def test_unwritable_out_is_refused_before_playing(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if (locked / "probe").parent.stat().st_mode & 0o200 == 0 and shutil.os.access(locked, shutil.os.W_OK):
            pytest.skip("running as a user who can write anywhere")
        code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "--out", str(locked / "run"))
        assert_one_line_error(code, err, "cannot write to --out")
    finally:
        locked.chmod(0o700)


def test_out_under_a_file_cannot_be_created(tmp_path, capsys):
    f = tmp_path / "afile"
    f.write_text("keep me")
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "--out", str(f / "run"))
    assert_one_line_error(code, err, "cannot create --out")
    assert f.read_text() == "keep me"


def test_out_that_is_a_file_is_refused(tmp_path, capsys):
    f = tmp_path / "afile"
    f.write_text("keep me")
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "--out", str(f))
    assert_one_line_error(code, err, "not a directory")
    assert f.read_text() == "keep me"


def test_existing_run_is_refused_without_force_and_kept(tmp_path, capsys):
    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "-j", "1", "--out", str(run),
                   "--no-progress")[0] == 0
    before = (run / "games.parquet").read_bytes()
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "--out", str(run))
    assert_one_line_error(code, err, "already holds a run", "--force")
    assert (run / "games.parquet").read_bytes() == before
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "-j", "1", "--out", str(run),
                           "--force", "--no-progress")
    assert code == 0, err
    assert pl.read_parquet(run / "games.parquet").height == 4


def test_non_run_directory_is_never_overwritten(tmp_path, capsys):
    d = tmp_path / "mine"
    d.mkdir()
    (d / "notes.txt").write_text("precious")
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "--out", str(d), "--force")
    assert_one_line_error(code, err, "not a run")
    assert (d / "notes.txt").read_text() == "precious"


def test_replay_of_a_missing_or_non_run_directory(tmp_path, capsys):
    code, _, err = run_cli(capsys, "replay", str(tmp_path / "nope"), "0")
    assert_one_line_error(code, err, "does not exist")
    code, _, err = run_cli(capsys, "replay", str(tmp_path), "0")
    assert_one_line_error(code, err, "not a run directory")


def test_replay_of_an_unknown_game_id(tmp_path, capsys):
    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "-j", "1", "--out", str(run),
                   "--no-progress")[0] == 0
    code, _, err = run_cli(capsys, "replay", str(run), "99")
    assert_one_line_error(code, err, "game 99 is not in")


def test_replay_with_corrupt_games_file(tmp_path, capsys):
    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "-j", "1", "--out", str(run),
                   "--no-progress")[0] == 0
    (run / "games.parquet").write_bytes(b"not parquet at all")
    code, _, err = run_cli(capsys, "replay", str(run), "0")
    assert_one_line_error(code, err, "corrupt")


def test_replay_names_a_truncated_part_and_still_replays_games_in_healthy_parts(tmp_path, capsys):
    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "40", "-j", "1", "--policy", "greedy",
                   "--out", str(run), "--no-progress")[0] == 0
    part = run / "events" / "part-00001.parquet"         # games 20-39 (20 games a chunk)
    part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])
    code, _, err = run_cli(capsys, "replay", str(run), "25")
    assert_one_line_error(code, err, "events/part-00001.parquet")
    assert "games 20–39" in err and "\\x" not in err
    code, text, err = run_cli(capsys, "replay", str(run), "3")
    assert code == 0, err
    assert "replay matches" in text


@pytest.mark.parametrize("field, value, named", [
    ("games_per_pairing", 7, "houdini vs genie"), ("pairings", [["houdini", "pandora"]], "houdini vs"),
    ("chunks", "many", "chunks"), ("total_games", 41, "41 games"), ("pairings", "houdini", "pairings")])
def test_report_and_replay_refuse_a_run_json_that_does_not_describe_the_games(tmp_path, capsys, field, value, named):
    import json

    run = tmp_path / "run"
    assert run_cli(capsys, "matchup", "houdini", "genie", "-n", "40", "-j", "1", "--policy", "greedy",
                   "--out", str(run), "--no-progress")[0] == 0
    meta = json.loads((run / "run.json").read_text())
    meta[field] = value
    (run / "run.json").write_text(json.dumps(meta))
    code, _, err = run_cli(capsys, "replay", str(run), "3")
    assert_one_line_error(code, err, "run.json", named)
    code, _, err = run_cli(capsys, "report", str(run), "--out", str(tmp_path / "rep"))
    assert_one_line_error(code, err, "run.json", named)
    assert not (tmp_path / "rep").exists()


def test_version_names_the_build_that_runs(capsys, monkeypatch):
    from unmatched_sim import __version__, _build

    code, text, err = run_cli(capsys, "--version")
    assert code == 0, err
    assert text.startswith(f"sim {__version__} ")
    assert f"build: {_build.kind()}" in text.replace("pure Python", "pure")
