"""Per-card statistics (analysis.cards) and finding games (sim games / analysis.find_games)."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from tests.workbench import make_run
from unmatched_sim import analysis as A
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.errors import UserError


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return make_run(tmp_path_factory.mktemp("cards") / "r", "matchup", "houdini", "genie", "-n", "30",
                    "--policy", "greedy")


@pytest.fixture(scope="module")
def table(run):
    return A.cards(run)


def _events(run):
    return pl.read_parquet(run / "events" / "*.parquet")


def test_every_card_of_both_decks_is_listed_once(table):
    for hid in ("houdini", "genie"):
        names = {c.name for c in find_hero(hid).cards}
        got = table.filter(pl.col("hero") == hid)["card"].to_list()
        assert sorted(got) == sorted(set(got)) and set(got) <= names
        assert len(set(got)) >= len(names) - 1        # 30 games: almost every card shows up


def test_counts_match_the_event_log(run, table):
    ev = _events(run)
    games = pl.read_parquet(run / "games.parquet")
    side_hero = pl.concat([games.select("game_id", pl.lit("a").alias("player"), pl.col("hero_a").alias("hero")),
                           games.select("game_id", pl.lit("b").alias("player"), pl.col("hero_b").alias("hero"))])
    ev = ev.join(side_hero, on=["game_id", "player"])
    h = table.filter(pl.col("hero") == "houdini")
    flo = h.filter(pl.col("card") == "Flourish").row(0, named=True)
    mine = ev.filter((pl.col("hero") == "houdini") & (pl.col("card") == "Flourish"))
    assert flo["drawn"] == mine.filter(pl.col("kind") == "draw").height
    assert flo["attack"] == mine.filter((pl.col("kind") == "reveal") & (pl.col("detail") == "attack")).height
    assert flo["boost"] == mine.filter(pl.col("kind") == "boost").height
    assert flo["plays"] == flo["attack"] + flo["defense"] + flo["scheme"] + flo["boost"]


def test_opening_hands_hold_five_cards_per_side(table):
    for hid in ("houdini", "genie"):
        t = table.filter(pl.col("hero") == hid)
        assert t["opening"].sum() == 5 * t["hero_games"][0]


def test_played_and_not_played_games_add_up_to_the_hero_games(table):
    for r in table.iter_rows(named=True):
        assert 0 <= r["games_played"] <= r["hero_games"]
        if r["games_played"]:
            assert r["played_ci_low"] <= r["played_win_rate"] <= r["played_ci_high"]
        assert r["damage_dealt"] >= 0 and r["damage_prevented"] >= 0


def test_attack_cards_deal_damage_and_defense_cards_prevent_it(table):
    h = table.filter(pl.col("hero") == "houdini")
    assert h.filter(pl.col("card") == "Flourish")["damage_per_play"][0] > 0
    assert h.filter(pl.col("card") == "Grand Escape")["prevented_per_defense"][0] > 0


def test_find_games_filters_by_hero_winner_turns_and_sql(run):
    g = pl.read_parquet(run / "games.parquet")
    won = A.find_games(run, winner="genie", limit=None)
    assert won["game_id"].to_list() == g.filter(pl.col("winner_hero") == "genie")["game_id"].to_list()
    short = A.find_games(run, max_turns=8, min_turns=6, limit=None)
    assert short["turns"].is_between(6, 8).all()
    assert short.height == g.filter(pl.col("turns").is_between(6, 8)).height
    sql = A.find_games(run, where="winner_hero = 'genie' AND turns <= 8", limit=None)
    assert sql["game_id"].to_list() == \
        g.filter((pl.col("winner_hero") == "genie") & (pl.col("turns") <= 8))["game_id"].to_list()
    assert A.find_games(run, limit=3).height == 3
    assert A.find_games(run, order="-turns", limit=1)["turns"][0] == g["turns"].max()


def test_bad_where_is_a_user_error(run):
    with pytest.raises(UserError, match="not a valid filter"):
        A.find_games(run, where="winer = 1")


def test_games_command_lists_ids_ready_for_replay(run, capsys):
    code, out, err = run_cli(capsys, "games", str(run), "--hero", "houdini", "--winner", "genie", "--limit", "2",
                             "--json")
    assert code == 0, err
    result = json.loads(out)
    assert len(result["games"]) <= 2 and all(r["winner_hero"] == "genie" for r in result["games"])
    code, out, err = run_cli(capsys, "replay", str(run), str(result["games"][0]["game_id"]))
    assert code == 0, err


def test_games_command_refuses_a_hero_not_in_the_run(run, capsys):
    code, out, err = run_cli(capsys, "games", str(run), "--hero", "loki")
    assert_one_line_error(code, err, "loki", "does not play")
