"""``sim tournament --format coop``: every hero line-up of the given sizes against a villain, seeded
like ``sim coop`` (a line-up's games are the same in both), resumable, read by ``sim report``; bad
input is one line."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli

HEROES = ("houdini", "alice", "medusa")


def tournament(out, *extra: str) -> list[str]:
    return ["tournament", "--format", "coop", "--villain", "example_villain", *HEROES, "-j", "1",
            "--no-progress", "--out", str(out), *extra]


def test_coop_tournament_plays_every_lineup_of_the_given_sizes(tmp_path, capsys):
    out = tmp_path / "t"
    code, stdout, err = run_cli(capsys, *tournament(out, "--players", "1,3", "-n", "3", "--json"))
    assert code == 0, err
    summary = json.loads(stdout)
    # sizes 1 and 3: three single heroes and the one three; --games 3 is already a multiple of 1 and 3
    assert summary["lineups"] == [["houdini"], ["alice"], ["medusa"], ["houdini", "alice", "medusa"]]
    games = pl.read_parquet(out / "games.parquet")
    assert games.height == 12
    assert sorted(games.group_by(pl.col("lineup").list.len()).len().rows()) == [(1, 9), (3, 3)]
    meta = json.loads((out / "run.json").read_text())
    # the run names the minions of the largest line-up; a game of one hero meets the first only
    assert [e[1] for e in meta["coop"] if e[0] == "minion"] == ["example_brute", "example_stalker", "example_brute"]
    events = pl.read_parquet(out / "events")
    setup = events.filter(pl.col("kind") == "enemy_setup").group_by("game_id").len()
    per_game = setup.join(games.select("game_id", pl.col("lineup").list.len().alias("n")), on="game_id")
    assert (per_game["len"] == per_game["n"] + 1).all()
    assert sum(r["games"] for r in summary["by_players"]) == 12


def test_coop_tournament_games_round_up_to_every_lineup_size(tmp_path, capsys):
    code, stdout, err = run_cli(capsys, *tournament(tmp_path / "t", "--players", "2-3", "-n", "1", "--json",
                                                    "--sample", "2"))
    assert code == 0, err
    summary = json.loads(stdout)
    assert summary["games_per_lineup"] % len(summary["lineups"][0]) == 0
    assert all(summary["games_per_lineup"] % len(lu) == 0 for lu in summary["lineups"])
    assert len(summary["lineups"]) == 2


def test_coop_tournament_lineup_plays_the_same_games_as_sim_coop(tmp_path, capsys):
    assert run_cli(capsys, *tournament(tmp_path / "t", "--players", "2", "-n", "2"))[0] == 0
    assert run_cli(capsys, "coop", "example_villain", "houdini", "alice", "-n", "2", "-j", "1", "--no-progress",
                   "--out", str(tmp_path / "c"))[0] == 0
    cols = ["seed", "winner", "turns", "events", "end_reason"]
    t = pl.read_parquet(tmp_path / "t" / "games.parquet").filter(pl.col("lineup") == ["houdini", "alice"])
    c = pl.read_parquet(tmp_path / "c" / "games.parquet")
    assert t.select(cols).equals(c.select(cols))


def test_coop_tournament_resumes_to_the_same_games(tmp_path, capsys, monkeypatch):
    """Stopped after its first chunk (Ctrl-C), the same command with --resume finishes it with the
    games an uninterrupted run plays."""
    import unmatched_sim.run.store as S

    args = ("--players", "1-2", "-n", "4")        # 6 line-ups x 4 games: two chunks of 20
    real = S.write_chunk
    calls = {"n": 0}

    def interrupt(*a):
        real(*a)
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyboardInterrupt

    monkeypatch.setattr(S, "write_chunk", interrupt)
    assert run_cli(capsys, *tournament(tmp_path / "r", *args))[0] == 130
    monkeypatch.setattr(S, "write_chunk", real)
    code, _, err = run_cli(capsys, *tournament(tmp_path / "r", *args, "--resume"))
    assert code == 0, err
    assert run_cli(capsys, *tournament(tmp_path / "whole", *args))[0] == 0
    got = pl.read_parquet(tmp_path / "r" / "events")
    want = pl.read_parquet(tmp_path / "whole" / "events")
    assert got.height == want.height and got.sort("game_id", "seq").equals(want.sort("game_id", "seq"))
    assert pl.read_parquet(tmp_path / "r" / "games.parquet").height == 24


def test_coop_tournament_run_feeds_sim_report(tmp_path, capsys):
    assert run_cli(capsys, *tournament(tmp_path / "t", "--players", "1-2", "-n", "2"))[0] == 0
    code, _, err = run_cli(capsys, "report", str(tmp_path / "t"), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    numbers = json.loads((tmp_path / "rep" / "numbers.json").read_text())
    assert len(numbers["tables"]["lineups"]) == 6
    assert {r["players"] for r in numbers["tables"]["win_rate_by_players"]} == {1, 2}


@pytest.mark.parametrize("extra, message", [
    (("--villain", "nobody"), "unknown villain"),
    (("--villain", "mothman"), "has no cards yet"),
    (("--players", "5"), "1 to 4 players"),
    (("--players", "4"), "at least 4 different heroes"),
    (("--players", "two"), "--players 'two'"),
    (("--players", "3-1"), "runs backwards"),
    (("--minions", "example_brute"), "needs 3 minions"),
    (("--policy-b", "greedy"), "--policy-b"),
    (("--robust",), "--robust"),
])
def test_coop_tournament_bad_input_is_one_line(tmp_path, capsys, extra, message):
    args = tournament(tmp_path / "x", "-n", "1")
    code, _, err = run_cli(capsys, *args, *extra)
    assert code != 0 and message in err and len(err.strip().splitlines()) == 1, err


def test_coop_options_need_the_coop_format_and_matchup_points_to_sim_coop(tmp_path, capsys):
    code, _, err = run_cli(capsys, "tournament", "houdini", "alice", "--villain", "example_villain", "-n", "1")
    assert code != 0 and "--format coop" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_cli(capsys, "tournament", "--format", "coop", "houdini", "-n", "1")
    assert code != 0 and "--villain" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_cli(capsys, "matchup", "houdini", "alice", "--format", "coop", "-n", "1")
    assert code != 0 and "sim coop" in err and len(err.strip().splitlines()) == 1


def test_coop_games_of_a_hero_are_those_of_its_lineups_and_replay(tmp_path, capsys):
    from unmatched_sim.analysis import find_games, open_run
    from unmatched_sim.replay import replay_from_run

    out = tmp_path / "t"
    assert run_cli(capsys, *tournament(out, "--players", "1-2", "-n", "2"))[0] == 0
    games = pl.read_parquet(out / "games.parquet")
    with_alice = games.filter(pl.col("lineup").list.contains("alice"))["game_id"].to_list()
    assert sorted(find_games(open_run(out), hero="alice", limit=None)["game_id"].to_list()) == with_alice
    one_hero = games.filter(pl.col("lineup").list.len() == 1)["game_id"][0]
    assert replay_from_run(out, one_hero)[-1].startswith("✓ replay matches")


def test_coop_tournament_on_a_dask_cluster_plays_the_same_games(tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    args = ("--players", "1-2", "-n", "2")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        code, _, err = run_cli(capsys, *tournament(tmp_path / "dask", *args, "--backend", "dask",
                                                   "--scheduler", cluster.scheduler_address))
        assert code == 0, err
    assert run_cli(capsys, *tournament(tmp_path / "local", *args))[0] == 0
    got = pl.read_parquet(tmp_path / "dask" / "events").sort("game_id", "seq")
    assert got.equals(pl.read_parquet(tmp_path / "local" / "events").sort("game_id", "seq"))
