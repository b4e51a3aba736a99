"""The co-op report's numbers (``analysis.coop``) on a hand-built log whose answers are known, the
same numbers on a real small run checked against its own log, and the report built from
``sim coop`` output."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from unmatched_sim.analysis import Run, open_run
from unmatched_sim.analysis import coop as K

TRACK = [1, 2, 3]      # the hand-built villain's threat levels: the last space is index 2


def _ev(game, seq, kind, player=None, turn=1, **cols):
    return {"game_id": game, "seq": seq, "turn": turn, "player": player, "kind": kind, **cols}


def hand_built() -> Run:
    """Game 0: Houdini and Alice beat the villain in round 2; the villain dealt 3, the Brute 2, the
    Stalker 4 and defeated Alice (her only fighter here), knocking her player out; the marker ends
    round 1 on space 1 and round 2 on space 2. Game 1: Houdini alone; objective at the end of round
    1 (the marker back to the first space), the second and last objective in round 2 ends the
    game with the marker at the end."""
    games = pl.DataFrame({
        "game_id": [0, 1], "hero_a": ["houdini", "houdini"], "hero_b": ["alice", None],
        "first_player": ["a", "a"], "winner": ["a+b", "villain"], "turns": [12, 8],
        "end_reason": ["villain_defeated", "objective"], "health_a": [5, 3], "health_b": [0, None],
        "format": ["coop", "coop"], "lineup": [["houdini", "alice"], ["houdini"]],
    }, schema_overrides={"turns": pl.Int32, "health_a": pl.Int32, "health_b": pl.Int32})
    rows = [
        _ev(0, 1, "enemy_setup", "villain", 0, amount=20, detail="villain:vx"),
        _ev(0, 2, "enemy_setup", "minion1", 0, amount=10, detail="minion:brute"),
        _ev(0, 3, "enemy_setup", "minion2", 0, amount=10, detail="minion:stalker"),
        _ev(0, 4, "place", "villain", 0, fighter="Vex"),
        _ev(0, 5, "place", "minion1", 0, fighter="Brute"),
        _ev(0, 6, "place", "minion2", 0, fighter="Stalker"),
        _ev(0, 7, "round", amount=1),
        _ev(0, 8, "damage", "a", fighter="Houdini", amount=3, by_player="villain", by_fighter="Vex"),
        _ev(0, 9, "damage", "b", fighter="Alice", amount=2, by_player="minion1", by_fighter="Brute"),
        _ev(0, 10, "threat", "villain", amount=1, value=1, detail="end_of_round:Vex"),
        _ev(0, 11, "round", amount=2),
        _ev(0, 12, "damage", "villain", fighter="Vex", amount=5, by_player="a", by_fighter="Houdini"),
        _ev(0, 13, "damage", "b", fighter="Alice", amount=4, by_player="minion2", by_fighter="Stalker"),
        _ev(0, 14, "defeat", "b", fighter="Alice", by_player="minion2", by_fighter="Stalker"),
        _ev(0, 15, "eliminated", "b", detail="combat"),
        _ev(0, 16, "threat", "villain", amount=1, value=2, detail="no_target"),
        _ev(0, 17, "defeat", "villain", fighter="Vex", by_player="a", by_fighter="Houdini"),
        _ev(0, 18, "game_end", "a", detail="villain_defeated"),
        _ev(1, 1, "enemy_setup", "villain", 0, amount=10, detail="villain:vx"),
        _ev(1, 2, "enemy_setup", "minion1", 0, amount=10, detail="minion:brute"),
        _ev(1, 3, "place", "villain", 0, fighter="Vex"),
        _ev(1, 4, "place", "minion1", 0, fighter="Brute"),
        _ev(1, 5, "round", amount=1),
        _ev(1, 6, "threat", "villain", amount=2, value=2, detail="end_of_round:Vex"),
        _ev(1, 7, "objective", "villain", amount=1, detail="generic"),
        _ev(1, 8, "round", amount=2),
        _ev(1, 9, "threat", "villain", amount=1, value=1, detail="no_target"),
        _ev(1, 10, "threat", "villain", amount=1, value=2, detail="end_of_round:Vex"),
        _ev(1, 11, "objective", "villain", amount=2, detail="generic"),
        _ev(1, 12, "game_end", "villain", detail="objective"),
    ]
    events = pl.DataFrame(rows, schema_overrides={"seq": pl.Int32, "turn": pl.Int16, "amount": pl.Int16,
                                                  "value": pl.Int16}, infer_schema_length=None)
    return Run.from_frames(games, events, {"format": "coop", "lineups": [["houdini", "alice"], ["houdini"]]})


def test_coop_win_rate_overall_by_players_and_lineup():
    run = hand_built()
    assert K.win_rate(run).select("games", "wins").row(0) == (2, 1)
    by_players = K.win_rate_by_players(run)
    assert by_players.select("players", "games", "wins").rows() == [(1, 1, 0), (2, 1, 1)]
    assert by_players["ci_low"][1] < 1.0 == by_players["ci_high"][1]
    lineups = K.win_rate_by_lineup(run)
    assert lineups.select("lineup", "win_rate", "mean_rounds").rows() == [("houdini+alice", 1.0, 2.0),
                                                                          ("houdini", 0.0, 2.0)]
    assert dict(K.win_rate_by_hero(run).select("hero", "win_rate").rows()) == {"alice": 1.0, "houdini": 0.5}


def test_coop_end_reasons_by_player_count_list_every_ending():
    ends = K.end_reasons(run := hand_built())
    assert ends.filter(pl.col("games") > 0).select("players", "end_reason", "share").rows() == [
        (1, "objective", 1.0), (2, "villain_defeated", 1.0)]
    assert ends.height == 2 * len(K.END_ORDER)
    assert set(K.coop_games(run)["rounds"]) == {2}


def test_coop_threat_marker_at_each_round_end_resets_after_an_objective_but_not_the_last():
    run = hand_built()
    assert K.threat_by_game_round(run).rows() == [(0, 1, 1, 0), (0, 2, 2, 0), (1, 1, 0, 1), (1, 2, 2, 2)]
    by_round = K.threat_by_round(run, TRACK)
    r1, r2 = by_round.rows(named=True)
    assert (r1["games"], r1["mean_space"], r1["mean_level"], r1["mean_objectives"], r1["share_objective"]) == (
        2, 1.5, 1.5, 0.5, 0.5)
    assert (r2["mean_space"], r2["mean_level"], r2["mean_objectives"]) == (3.0, 3.0, 1.0)
    assert K.threat_by_round(run)["mean_level"].is_null().all()     # no track: no levels


def test_coop_damage_by_enemy_credits_the_enemy_the_log_names():
    dmg = K.damage_by_enemy(hand_built())
    assert dmg["enemy"].to_list() == ["vx", "stalker", "brute"]          # the villain, then minions by damage
    by = {r["enemy"]: r for r in dmg.iter_rows(named=True)}
    assert by["vx"]["name"] == "Vex" and by["vx"]["appearances"] == 2
    assert [by[e]["damage_dealt"] for e in ("vx", "brute", "stalker")] == [3, 2, 4]
    assert by["brute"]["damage_share"] == pytest.approx(2 / 9) and by["brute"]["dealt_per_appearance"] == 1.0
    assert (by["stalker"]["fighters_defeated"], by["stalker"]["defeat_share"],
            by["stalker"]["players_knocked_out"]) == (1, 1.0, 1)
    assert (by["vx"]["damage_taken"], by["vx"]["times_defeated"], by["vx"]["defeated_share"]) == (5, 1, 0.5)


def test_coop_minion_shares_are_among_the_minions():
    shares = {r["enemy"]: r for r in K.minion_shares(hand_built()).iter_rows(named=True)}
    assert shares["stalker"]["damage_share"] == pytest.approx(4 / 6)
    assert shares["brute"]["damage_share"] == pytest.approx(2 / 6) and shares["brute"]["defeat_share"] == 0.0
    assert shares["stalker"]["damage_share_all"] == pytest.approx(4 / 9)


def test_coop_damage_to_each_hero_by_who_dealt_it():
    heroes = {r["hero"]: r for r in K.damage_to_heroes(hand_built()).iter_rows(named=True)}
    assert (heroes["alice"]["taken_per_game"], heroes["alice"]["from_minions"], heroes["alice"]["knocked_out"]) == (
        6.0, 6.0, 1.0)
    assert (heroes["houdini"]["games"], heroes["houdini"]["from_villain"]) == (2, 1.5)


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("coop") / "run"
    import contextlib
    import io

    from unmatched_sim.cli import main
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(["coop", "example_villain", "houdini", "alice", "-n", "4", "-j", "1", "--out", str(out),
                  "--no-progress", "--seed", "5"])
        except SystemExit as e:
            assert not e.code
    return out


def test_coop_numbers_of_a_real_run_agree_with_its_log(small_run):
    run = open_run(small_run)
    games = pl.read_parquet(small_run / "games.parquet")
    events = pl.read_parquet(small_run / "events")
    total = K.win_rate(run).row(0, named=True)
    assert total["games"] == 4 and total["wins"] == games.filter(pl.col("winner") == "a+b").height
    dmg = K.damage_by_enemy(run)
    assert dmg["enemy"].to_list()[0] == "example_villain" and set(dmg["role"]) == {"villain", "minion"}
    dealt = events.filter((pl.col("kind") == "damage") & pl.col("player").is_in(["a", "b"])
                          & pl.col("by_player").is_in(["villain", "minion1", "minion2"]))["amount"].sum()
    assert dmg["damage_dealt"].sum() == dealt
    assert dmg["appearances"].to_list() == [4, 4, 4]
    rounds = events.filter(pl.col("kind") == "round").group_by("game_id").agg(pl.col("amount").max())
    assert K.threat_by_round(run)["games"][0] == 4
    assert K.threat_by_game_round(run).group_by("game_id").len()["len"].sum() == rounds["amount"].sum()
    assert K.enemy_files(run)[0] | {"threat_track": None} == {
        "role": "villain", "id": "example_villain", "name": "Example Villain", "example": True, "current": True,
        "threat_track": None}


def test_coop_report_builds_from_a_sim_coop_run(small_run, tmp_path, capsys):
    out = tmp_path / "report"
    code, _, err = run_cli(capsys, "report", str(small_run), "--out", str(out))
    assert code == 0, err
    numbers = json.loads((out / "numbers.json").read_text())
    assert numbers["tables"]["win_rate"][0]["games"] == 4
    assert {"lineups", "threat_by_round", "damage_by_enemy", "minion_shares", "end_reasons", "rounds_played"} <= set(
        numbers["tables"])
    assert (out / "tables" / "damage_by_enemy.csv").exists() and (out / "coop_threat.svg").exists()
    assert any("Example content" in f for f in numbers["findings"])        # invented content is labelled


def test_coop_report_refuses_tempo_in_one_line(small_run, tmp_path, capsys):
    code, _, err = run_cli(capsys, "report", str(small_run), "--tempo", "houdini,alice", "--out", str(tmp_path / "r"))
    assert code != 0 and len(err.strip().splitlines()) == 1
