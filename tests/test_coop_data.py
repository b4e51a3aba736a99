"""Villain, minion and Amazing Event files: the shipped ones load, faults are one line, a user
folder is read first."""

from __future__ import annotations

from pathlib import Path

import pytest

from unmatched_sim.coop import data
from unmatched_sim.errors import DataError, UserError


def test_coop_shipped_files_load():
    items = {i.id: i for i in data.all_content()}
    assert {"mothman", "martian_invader", "example_villain", "example_brute", "example_stalker",
            "ant_queen", "the_blob", "jersey_devil", "skunk_ape", "tarantula", "loveland_frog",
            "example_event"} <= set(items)


def test_coop_rulebook_facts_villain_health_ten_per_player_minions_ten():
    for item in data.all_content():
        if isinstance(item, data.EnemyDef):
            if item.kind == "villain":
                assert item.health == 10
            else:
                assert item.health == 10


def test_coop_official_enemies_ship_without_cards_and_are_not_playable():
    for name in ("mothman", "martian_invader"):
        v = data.find(name, "villain")
        assert not v.cards and not v.playable and not v.example
    assert data.find("mothman", "villain").move == 3


def test_coop_example_content_is_labelled_example():
    for name, kind in (("example_villain", "villain"), ("example_brute", "minion"),
                       ("example_stalker", "minion"), ("example_event", "event")):
        assert data.find(name, kind).example


def test_coop_invasion_cards_depend_on_player_count():
    v = data.find("martian_invader", "villain")
    waves = [c.min_players for c in v.initiative if c.name.startswith("Invasion")]
    assert waves == [1, 2, 3, 4]


def test_coop_minions_initiative_cards_added_later():
    assert [c.copies for c in data.find("ant_queen", "minion").initiative if not c.at_start] == [3]
    assert [c.copies for c in data.find("loveland_frog", "minion").initiative if not c.at_start] == [3]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / f"{name}.toml"
    p.write_text(text)
    return p


GOOD_MINION = '''id = "{id}"
kind = "minion"
name = "Test"
health = 10
move = 2
[[cards]]
name = "Hit"
attack = 3
defense = 1
boost = 1
copies = 2
[[cards]]
name = "Deception"
attack = 1
defense = 1
boost = 1
copies = 1
deception = true
'''


@pytest.mark.parametrize("change, message", [
    (("kind = \"minion\"", "kind = \"boss\""), "kind"),
    (("health = 10", "health = 0"), "health"),
    (("attack = 3", "attack = \"x\""), "cards[0] 'Hit'.attack"),
    (("deception = true", "deception = false"), "exactly one Deception"),
    (("boost = 1\ncopies = 2", "boost = 1\ncopies = 2\nbogus = 1"), "unknown field 'bogus'"),
])
def test_coop_bad_file_is_one_line_naming_file_and_field(tmp_path, change, message):
    text = GOOD_MINION.format(id="bad").replace(*change)
    p = _write(tmp_path, "bad", text)
    with pytest.raises(DataError) as e:
        data.load_enemy_file(p)
    assert message in str(e.value) and "bad.toml" in str(e.value) and "\n" not in str(e.value)


def test_coop_bad_effect_is_reported(tmp_path):
    text = GOOD_MINION.format(id="bad").replace("copies = 2", 'copies = 2\nafter_combat = [{ op = "no_such_op" }]')
    with pytest.raises(DataError, match="no_such_op"):
        data.load_enemy_file(_write(tmp_path, "bad", text))


def test_coop_user_folder_is_read_first(tmp_path, monkeypatch):
    _write(tmp_path, "example_brute", GOOD_MINION.format(id="example_brute"))
    monkeypatch.setenv("UNMATCHED_VILLAINS", str(tmp_path))
    m = data.find("example_brute", "minion")
    assert m.name == "Test" and Path(m.path).parent == tmp_path.resolve()


def test_coop_unknown_or_wrong_kind_is_a_user_error():
    with pytest.raises(UserError, match="unknown villain"):
        data.find("nobody", "villain")
    with pytest.raises(UserError, match="is a minion, not a villain"):
        data.find("example_brute", "villain")


def test_coop_sim_villains_lists_files_and_says_which_play(capsys):
    from tests.cli_helpers import run_cli

    code, out, _ = run_cli(capsys, "villains")
    assert code == 0
    line = next(l for l in out.splitlines() if l.split()[:1] == ["mothman"])
    assert "facts only" in line
    line = next(l for l in out.splitlines() if l.split()[:1] == ["example_villain"])
    assert "playable" in line and "example, not official" in line


def test_coop_sim_villains_bad_user_file_is_one_line(tmp_path, capsys, monkeypatch):
    from tests.cli_helpers import run_cli

    monkeypatch.setenv("UNMATCHED_VILLAINS", str(tmp_path))    # restored after: the option sets it
    _write(tmp_path, "broken", GOOD_MINION.format(id="broken").replace("health = 10", "health = -1"))
    code, out, err = run_cli(capsys, "--villains-dir", str(tmp_path), "villains")
    assert code != 0 and "broken.toml" in err and "health" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
