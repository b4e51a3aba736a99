"""What-if overrides (--set): parsed, validated like the files, applied, recorded and replayed."""

from __future__ import annotations

import json

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.errors import UserError
from unmatched_sim.overrides import load_hero, parse_override, parse_overrides


def _card(hero, name):
    return next(c for c in hero.cards if c.name == name)


def test_card_value_override_changes_only_that_card():
    h = find_hero("houdini")
    changed = load_hero(h.path, parse_overrides(["houdini:Vanishing Act.value=3"]))
    assert _card(changed, "Vanishing Act").value == 3
    assert _card(h, "Vanishing Act").value == 2
    assert changed.sha256 == h.sha256          # the file's hash: replay checks the file itself
    assert [c.value for c in changed.cards if c.name != "Vanishing Act"] == \
           [c.value for c in h.cards if c.name != "Vanishing Act"]


def test_hero_health_sidekick_and_ability_parameter_overrides():
    h = load_hero(find_hero("houdini").path, parse_overrides(["houdini.health=16", "houdini:Bess.health=7"]))
    assert h.hero.health == 16 and h.sidekicks[0].health == 7
    p = load_hero(find_hero("pandora").path, parse_overrides(["pandora.ability.bust_at=4"]))
    assert p.ability.params["bust_at"] == 4


def test_copies_override_changes_the_deck_size():
    g = find_hero("genie")
    before = _card(g, "Three Wishes").copies
    changed = load_hero(g.path, parse_overrides(["genie:Three Wishes.copies=2"]))
    assert _card(changed, "Three Wishes").copies == 2
    assert changed.deck_size == g.deck_size - (before - 2)


def test_value_is_read_as_toml():
    assert parse_override("houdini.ai.aggression=0.25").value == 0.25
    assert parse_override("houdini:Bess.attack=ranged").value == "ranged"


@pytest.mark.parametrize("text, fragment", [
    ("houdini:Vanishing Act.valu=3", "value, boost, copies"),
    ("houdini:Vanishng Act.value=3", "did you mean 'Vanishing Act'"),
    ("houdini.helth=3", "a hero can set"),
    ("houdini:Flourish.value=-1", "must be 0 or more"),
    ("houdini:Flourish.value=abc", "whole number"),
    ("houdini.health", "=VALUE"),
])
def test_bad_override_names_the_problem(text, fragment):
    with pytest.raises(UserError) as e:
        load_hero(find_hero("houdini").path, parse_overrides([text]))
    assert fragment in str(e.value)


def test_bad_set_on_the_command_line_is_one_line(capsys, tmp_path):
    code, out, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "2", "-j", "1", "--no-progress",
                             "--out", str(tmp_path / "r"), "--set", "pandora.ability.bust_at=4")
    assert_one_line_error(code, err, "pandora", "does not play")
    assert not (tmp_path / "r").exists()


def test_override_run_records_it_changes_games_and_replays(capsys, tmp_path):
    args = ["matchup", "houdini", "genie", "-n", "10", "-j", "1", "--policy", "greedy", "--json"]
    code, out, err = run_cli(capsys, *args, "--out", str(tmp_path / "base"))
    assert code == 0, err
    code, out, err = run_cli(capsys, *args, "--out", str(tmp_path / "edit"), "--set", "houdini.health=30")
    assert code == 0, err
    assert json.loads(out)["overrides"] == ["houdini.health=30"]
    meta = json.loads((tmp_path / "edit" / "run.json").read_text())
    assert meta["overrides"] == ["houdini.health=30"]
    base = pl.read_parquet(tmp_path / "base" / "games.parquet")
    edit = pl.read_parquet(tmp_path / "edit" / "games.parquet")
    assert base["seed"].to_list() == edit["seed"].to_list()          # same seeds
    assert edit["health_a"].max() > base["health_a"].max()           # Houdini had more health
    code, out, err = run_cli(capsys, "replay", str(tmp_path / "edit"), "3")
    assert code == 0, err
    assert "replay matches" in out


def test_tournament_accepts_comma_separated_heroes_and_rounds_odd_games_up(capsys, tmp_path):
    code, out, err = run_cli(capsys, "tournament", "houdini,genie", "-n", "3", "-j", "1", "--json",
                             "--policy", "greedy", "--out", str(tmp_path / "t"), "--no-mirrors")
    assert code == 0, err
    result = json.loads(out)
    assert [(r["hero_a"], r["hero_b"]) for r in result["pairings"]] == [("houdini", "genie")]
    assert result["games"] == 4


def test_gauntlet_plays_one_hero_against_each_other(capsys, tmp_path):
    code, out, err = run_cli(capsys, "tournament", "houdini", "genie", "pandora", "--gauntlet", "pandora",
                             "-n", "2", "-j", "1", "--json", "--policy", "greedy", "--out", str(tmp_path / "g"))
    assert code == 0, err
    pairs = [(r["hero_a"], r["hero_b"]) for r in json.loads(out)["pairings"]]
    assert pairs == [("pandora", "houdini"), ("pandora", "genie")]


def test_matchup_accepts_the_comma_form(capsys, tmp_path):
    code, out, err = run_cli(capsys, "matchup", "houdini,genie", "-n", "2", "-j", "1", "--json",
                             "--policy", "greedy", "--out", str(tmp_path / "m"))
    assert code == 0, err
    assert json.loads(out)["heroes"] == ["houdini", "genie"]
    code, out, err = run_cli(capsys, "matchup", "houdini", "-n", "2", "--out", str(tmp_path / "x"))
    assert_one_line_error(code, err, "two heroes")


def test_ladder_takes_set_and_records_it(capsys, tmp_path):
    code, out, err = run_cli(capsys, "ladder", "--heroes", "houdini,genie", "--policies", "random,greedy",
                             "--games", "2", "-j", "1", "--json", "--no-progress", "--out", str(tmp_path / "l"),
                             "--set", "genie.health=10")
    assert code == 0, err
    meta = json.loads((tmp_path / "l" / "run.json").read_text())
    assert meta["overrides"] == ["genie.health=10"]


def test_heroes_dir_option_points_at_another_folder(capsys, tmp_path, monkeypatch):
    import shutil
    from pathlib import Path
    monkeypatch.delenv("UNMATCHED_HEROES", raising=False)
    src = Path(find_hero("houdini").path).parent
    d = tmp_path / "heroes"
    d.mkdir()
    for h in ("houdini", "genie"):
        shutil.copy(src / f"{h}.toml", d / f"{h}.toml")
    from unmatched_sim.data.catalog import hero_ids
    try:
        code, out, err = run_cli(capsys, "--heroes-dir", str(d), "heroes")
        assert code == 0, err
        assert hero_ids() == ["genie", "houdini"]        # the option set the folder for this process
    finally:
        import os
        os.environ.pop("UNMATCHED_HEROES", None)


def test_an_override_to_the_files_own_value_plays_the_same_games(capsys, tmp_path):
    args = ["matchup", "houdini", "genie", "-n", "6", "-j", "1", "--policy", "greedy", "--json"]
    code, out, err = run_cli(capsys, *args, "--out", str(tmp_path / "plain"))
    assert code == 0, err
    value = _card(find_hero("houdini"), "Flourish").value
    code, out, err = run_cli(capsys, *args, "--out", str(tmp_path / "same"), "--set", f"houdini:Flourish.value={value}")
    assert code == 0, err
    plain = pl.read_parquet(tmp_path / "plain" / "games.parquet").drop("events", "decisions")
    same = pl.read_parquet(tmp_path / "same" / "games.parquet").drop("events", "decisions")
    assert plain.equals(same)
