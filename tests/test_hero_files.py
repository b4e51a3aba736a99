"""Hero and board files: every shipped file loads; every fault is named with file, place and cause;
a number changed in TOML is what the next game uses."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from unmatched_sim.data.board import load_board_file, parse_board
from unmatched_sim.data.catalog import all_boards, all_heroes, find_board, find_hero, hero_ids
from unmatched_sim.data.heroes import load_hero_file, parse_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.errors import DataError, UserError

REPO = Path(__file__).resolve().parent.parent


def houdini_raw() -> dict:
    return tomllib.loads((REPO / "heroes" / "houdini.toml").read_text())


def card(raw: dict, name: str) -> dict:
    return next(c for c in raw["cards"] if c["name"] == name)


def fault(raw: dict, name: str = "houdini") -> str:
    with pytest.raises(DataError) as e:
        parse_hero(raw, Path(f"heroes/{name}.toml"))
    return str(e.value)


def test_every_shipped_hero_loads_with_a_thirty_card_deck():
    heroes = all_heroes()
    assert {"houdini", "genie"} <= {h.id for h in heroes}
    for h in heroes:
        assert h.deck_size == 30, h.id


def test_every_shipped_board_loads_with_two_starting_spaces():
    for b in all_boards():
        assert 1 in b.starts and 2 in b.starts


def test_marmoreal_and_sarpedon_have_their_published_size():
    m, s = find_board("marmoreal"), find_board("Sarpedon")
    assert (m.size, sum(map(len, m.adjacent)) // 2, len(m.zone_names)) == (31, 42, 8)
    assert (s.size, sum(map(len, s.adjacent)) // 2, len(s.zone_names)) == (38, 61, 6)
    assert m.labels[m.starts[1]] == "M13" and m.labels[m.starts[2]] == "M31"
    assert s.labels[s.starts[1]] == "S20" and s.labels[s.starts[2]] == "S32"


def test_hero_names_are_case_insensitive_and_accept_display_names():
    assert find_hero("HOUDINI").id == "houdini"
    assert find_hero("The Genie").id == "genie"
    assert "genie" in hero_ids()


def test_unknown_field_on_a_card_is_named():
    raw = houdini_raw()
    card(raw, "Flourish")["valeu"] = 3
    msg = fault(raw)
    assert "houdini.toml" in msg and "'Flourish'" in msg and "unknown field 'valeu'" in msg


def test_wrong_card_type_is_named():
    raw = houdini_raw()
    card(raw, "Misdirection")["type"] = "versatil"
    assert "'Misdirection'" in fault(raw) and "must be one of" in fault(raw)


def test_copies_that_do_not_make_thirty_cards_are_refused():
    raw = houdini_raw()
    card(raw, "Flourish")["copies"] = 5
    assert "31 cards" in fault(raw) and "deck_size" in fault(raw)


def test_a_declared_deck_size_allows_a_designer_to_test_other_sizes():
    raw = houdini_raw()
    card(raw, "Flourish")["copies"] = 5
    raw["deck_size"] = 31
    assert parse_hero(raw, Path("heroes/houdini.toml")).deck_size == 31


def test_unknown_effect_op_suggests_the_closest():
    raw = houdini_raw()
    card(raw, "Flourish")["during_combat"] = [{"op": "boost_crad", "card": "self"}]
    msg = fault(raw)
    assert "'Flourish'" in msg and "unknown op 'boost_crad'" in msg and "boost_card" in msg


def test_unknown_selector_in_an_effect_is_named():
    raw = houdini_raw()
    card(raw, "Misdirection")["boost_bonus"] = [{"op": "damage", "target": "somebody", "amount": 2}]
    msg = fault(raw)
    assert "'Misdirection'" in msg and "unknown fighter selector 'somebody'" in msg


def test_bad_field_value_in_an_effect_is_named():
    raw = houdini_raw()
    card(raw, "Vanishing Act")["after_combat"] = [{"op": "move", "who": "combatant", "up_to": -1}]
    msg = fault(raw)
    assert "'Vanishing Act'" in msg and "up_to" in msg


def test_cost_without_may_is_refused():
    raw = houdini_raw()
    card(raw, "Flourish")["after_combat"] = [{"op": "draw", "cost": {"discard": 1}}]
    assert "needs 'may = true'" in fault(raw)


def test_banner_must_name_one_of_the_heros_fighters():
    raw = houdini_raw()
    card(raw, "Set the Stage")["fighter"] = "Beth"
    msg = fault(raw)
    assert "'Set the Stage'" in msg and "'Beth' is not one of this hero's fighters" in msg


def test_scheme_cards_have_no_value_and_combat_cards_need_one():
    raw = houdini_raw()
    card(raw, "Set the Stage")["value"] = 2
    assert "a scheme card has no value" in fault(raw)
    raw = houdini_raw()
    del card(raw, "Flourish")["value"]
    assert "needs a 'value'" in fault(raw)


def test_missing_hero_stat_is_named():
    raw = houdini_raw()
    del raw["hero"]["health"]
    msg = fault(raw)
    assert "(hero)" in msg and "missing required field 'health'" in msg


def test_wrong_type_for_a_stat_is_named():
    raw = houdini_raw()
    raw["hero"]["health"] = "fourteen"
    assert "must be a whole number" in fault(raw)


def test_ai_style_is_read_and_checked():
    raw = houdini_raw()
    raw["ai"] = {"aggression": 0.25, "caution": 0.75, "note": "measured"}
    hero = parse_hero(raw, Path("heroes/houdini.toml"))
    assert hero.ai_aggression == 0.25 and dict(hero.ai_style) == {"aggression": 0.25, "caution": 0.75}
    del raw["ai"]
    assert parse_hero(raw, Path("heroes/houdini.toml")).ai_aggression is None   # optional
    raw["ai"] = {"aggression": 1.5}
    assert "ai.aggression" in fault(raw) and "between 0 and 1" in fault(raw)
    raw["ai"] = {"agression": 0.2}
    assert "unknown field 'agression'" in fault(raw)


def test_write_ai_style_changes_only_the_ai_table(tmp_path):
    from unmatched_sim.data.heroes import write_ai_style
    src = (REPO / "heroes" / "houdini.toml").read_text()
    # a one-weight table to start from, whatever style the real file holds today
    start = src.index("[ai]\n")
    end = src.index("\n\n", start)
    src = src[:start] + '[ai]\naggression = 0.0\nnote = "old"' + src[end:]
    f = tmp_path / "houdini.toml"
    f.write_text(src)
    write_ai_style(f, 0.3, 'measured "again"')
    raw = tomllib.loads(f.read_text())
    assert raw["ai"] == {"aggression": 0.3, "note": 'measured "again"'}
    before, after = src.splitlines(), f.read_text().splitlines()
    assert [x for x in after if x not in before] == ["aggression = 0.3", 'note = "measured \\"again\\""']
    assert len(after) == len(before)                                   # comments and cards kept
    assert load_hero_file(f).ai_aggression == 0.3


def test_write_ai_style_adds_a_table_to_a_file_without_one(tmp_path):
    from unmatched_sim.data.heroes import write_ai_style
    raw_text = (REPO / "heroes" / "houdini.toml").read_text()
    start = raw_text.index("[ai]")
    raw_text = raw_text[:start] + raw_text[raw_text.index("[[cards]]"):]
    f = tmp_path / "houdini.toml"
    f.write_text(raw_text)
    assert load_hero_file(f).ai_aggression is None
    write_ai_style(f, 0.8, "pressing pays")
    assert load_hero_file(f).ai_aggression == 0.8
    assert not list(tmp_path.glob("*.tmp"))


def test_id_must_match_the_file_name():
    assert "must match" in fault(houdini_raw(), name="houdiny")


def test_unknown_ability_hook_is_named():
    raw = houdini_raw()
    raw["ability"]["hook"] = "escape_artistt"
    msg = fault(raw)
    assert "ability.hook" in msg and "escape_artist" in msg


def test_unreadable_hero_file_is_a_data_error(tmp_path):
    p = tmp_path / "houdini.toml"
    p.write_bytes(b"\xff\xfe not utf8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_hero_file(p)


def test_changing_a_number_in_toml_changes_the_next_game(tmp_path, monkeypatch):
    """A designer edits the Genie's health in TOML; the next game uses it with no Python edit."""
    heroes = tmp_path / "heroes"
    heroes.mkdir()
    (heroes / "houdini.toml").write_text((REPO / "heroes" / "houdini.toml").read_text())
    (heroes / "genie.toml").write_text((REPO / "heroes" / "genie.toml").read_text()
                                       .replace("health = 16", "health = 21"))
    monkeypatch.setenv("UNMATCHED_HEROES", str(heroes))
    genie = find_hero("genie")
    assert genie.hero.health == 21
    g = Game(find_board("marmoreal"), (find_hero("houdini"), genie), seed=1)
    assert g.hero_of(1).health == g.hero_of(1).max_health == 21


def test_unknown_hero_name_is_a_user_error_with_a_suggestion():
    with pytest.raises(UserError, match="did you mean 'houdini'"):
        find_hero("hudini")


# ------------------------------------------------------------------ boards
def board_raw() -> dict:
    return tomllib.loads((REPO / "unmatched_sim" / "data" / "boards" / "marmoreal.toml").read_text())


def board_fault(raw: dict) -> str:
    with pytest.raises(DataError) as e:
        parse_board(raw, Path("boards/marmoreal.toml"))
    return str(e.value)


def test_board_path_to_an_unknown_space_is_named():
    raw = board_raw()
    raw["paths"].append(["M01", "M99"])
    msg = board_fault(raw)
    assert "paths[42]" in msg and "unknown space 'M99'" in msg


def test_board_without_start_two_is_refused():
    raw = board_raw()
    del raw["spaces"]["M31"]["start"]
    assert "starting spaces 1 and 2" in board_fault(raw)


def test_board_with_a_stranded_space_is_refused():
    raw = board_raw()
    raw["spaces"]["M99"] = {"zones": ["gray"]}
    assert "'M99' is not connected" in board_fault(raw)


def test_board_space_needs_zones():
    raw = board_raw()
    raw["spaces"]["M01"] = {"zone": ["gray"]}
    assert "spaces.M01" in board_fault(raw)


def test_board_id_must_match_the_file_name():
    with pytest.raises(DataError, match="must match"):
        parse_board(board_raw(), Path("boards/marmoreal-v2.toml"))


def test_board_file_that_is_not_toml(tmp_path):
    p = tmp_path / "b.toml"
    p.write_text("spaces = [")
    with pytest.raises(DataError, match="not valid TOML"):
        load_board_file(p)


def test_a_name_registered_twice_in_the_vocabulary_is_refused():
    """Heroes written side by side must not silently replace each other's verbs."""
    from unmatched_sim.engine.effects import CONDITIONS, OPS, Op, op

    with pytest.raises(ValueError, match="effect op 'move' is registered twice"):
        @op("move")
        class AnotherMove(Op):
            pass
    with pytest.raises(ValueError, match="condition 'won' is registered twice"):
        CONDITIONS.update({"won": lambda g, ctx: True})
    assert OPS["move"].__name__ != "AnotherMove"


@pytest.mark.parametrize("hero,params,message", [
    ("alice", {"big_atack": 2}, "unknown parameter 'big_atack' (known: big_attack, small_defense)"),
    ("alice", {"big_attack": -1}, "'big_attack' must be a whole number ≥ 0, got -1"),
    ("hamlet", {"to_be_draw": 1.5}, None),
    ("nikola_tesla", {"coils": True}, "'coils' must be a whole number ≥ 0, got True"),
    ("dr_jill_trent", {"tonic": 1}, "unknown parameter 'tonic' (known: tonic_recover)"),
    ("golden_bat", {"amount": "two"}, "'amount' must be a whole number ≥ 0, got 'two'"),
    ("golden_bat", {"fighter": "Robin"}, "'fighter' must name one of this hero's fighters ['Golden Bat'], got 'Robin'"),
    ("golden_bat", {"condition": "moonlit"}, "'condition': unknown condition 'if = 'moonlit''"),
    ("golden_bat", {"condition": None}, "needs 'condition': a condition of the effect vocabulary"),
    ("chupacabra", {"cards": 0}, "'cards' must be a whole number ≥ 1, got 0"),
    ("shakespeare", {"target": 0}, "'target' must be a whole number ≥ 1, got 0"),
    ("shakespeare", {"line": 10}, "unknown parameter 'line' (known: target)"),
    ("nikola_tesla", {"coils_underfunded": "borrow"},
     "'coils_underfunded' must be one of 'refuse', 'fizzle', got 'borrow'"),
    ("nikola_tesla", {"initial": 3}, "'initial' cannot be more than 'coils'"),
    ("titania", {"glamours": ["Glamour of Sleep", "Glamour of Sleep"]}, "'glamours' names 'Glamour of Sleep' twice"),
    ("titania", {"glamours": ["Glamour of Gloom"]}, "'glamours' must list names among"),
    ("titania", {"consort": None}, "needs 'consort'"),
    ("titania", {"hero": "Puck"}, "'hero' must name one of this hero's fighters"),
    ("sinbad", {"tag": ""}, "'tag' must be non-empty text, got ''"),
    ("sinbad", {"per": -2}, "'per' must be a whole number ≥ 0, got -2"),
    ("medusa", {"gaze": 1}, "unknown parameter 'gaze' (known: effect)"),
    ("medusa", {"effect": [{"op": "glare"}]}, "effect[0]: unknown op 'glare'"),
    ("wayward_sisters", {"brew": 1}, "unknown parameter 'brew' (known: spells)"),
    ("pandora", {"bust_at": 0}, "'bust_at' must be a whole number ≥ 1, got 0"),
])
def test_a_bad_ability_parameter_is_named_in_one_line(hero, params, message):
    """Ability parameters are checked against the hook's declared schema (engine/params.py);
    a parameter set to None here is left out of the file."""
    path = REPO / "heroes" / f"{hero}.toml"
    raw = tomllib.loads(path.read_text())
    merged = {**raw["ability"].get("params", {}), **params}
    raw["ability"]["params"] = {k: v for k, v in merged.items() if v is not None}
    with pytest.raises(DataError) as e:
        parse_hero(raw, path)
    text = str(e.value)
    assert "\n" not in text and "params" in text
    if message:
        assert message in text


def test_a_wayward_sisters_spell_is_checked_field_by_field():
    path = REPO / "heroes" / "wayward_sisters.toml"
    raw = tomllib.loads(path.read_text())
    spells = raw["ability"]["params"]["spells"]
    spells[1]["name"] = spells[0]["name"]
    with pytest.raises(DataError, match=f"spells\\[1\\] '{spells[0]['name']}': two spells are named"):
        parse_hero(raw, path)
    raw = tomllib.loads(path.read_text())
    raw["ability"]["params"]["spells"][0]["needs"] = ["newt"]
    with pytest.raises(DataError, match=r"spells\[0\] '.*': 'needs' must list names among \['snake', 'bat', 'lizard'\]"):
        parse_hero(raw, path)
    raw = tomllib.loads(path.read_text())
    raw["ability"]["params"]["spells"][0]["cost"] = 1
    with pytest.raises(DataError, match=r"spells\[0\] '.*': unknown field 'cost' \(known: effect, name, needs, text\)"):
        parse_hero(raw, path)


def test_a_parameter_schema_fills_defaults_and_describes_itself():
    """engine/params.py: what a hook declares once gives the parsed parameters, their defaults
    and their help."""
    from unmatched_sim.engine.effects import SpecError
    from unmatched_sim.engine.params import REQUIRED, Param, describe, parse

    schema = {"n": Param.whole(2, "how many", least=1, most=5),
              "side": Param.choice(("left", "right"), "left", "which side"),
              "who": Param.fighter(doc="whose"),
              "steps": Param.effects([], "what happens")}
    got = parse(schema, {"who": "Alice"}, frozenset({"Alice"}))
    assert got == {"n": 2, "side": "left", "who": "Alice", "steps": ()}
    assert parse(schema, {"who": "Alice", "n": 5, "side": "right"}, frozenset({"Alice"}))["n"] == 5
    for params, message in [({"who": "Alice", "n": 6}, "'n' must be a whole number from 1 to 5, got 6"),
                            ({"who": "Alice", "n": True}, "'n' must be a whole number from 1 to 5, got True"),
                            ({"who": "Alice", "side": "up"}, "'side' must be one of 'left', 'right', got 'up'"),
                            ({"who": "Alice", "x": 1}, "unknown parameter 'x' (known: n, side, steps, who)"),
                            ({}, "needs 'who': whose")]:
        with pytest.raises(SpecError) as e:
            parse(schema, params, frozenset({"Alice"}))
        assert str(e.value) == message
    assert describe(schema)[0] == ("n", "2", "how many")
    assert describe(schema)[2] == ("who", "required", "whose")
    assert schema["who"].default is REQUIRED


def test_every_ability_with_parameters_declares_them():
    """Every ability hook a hero file names with parameters checks them against a declared
    schema, so a typo in any of them is refused the same way."""
    from unmatched_sim.engine.params import DeclaredParams
    from unmatched_sim.hooks import ABILITIES

    for path in sorted((REPO / "heroes").glob("*.toml")):
        ab = tomllib.loads(path.read_text())["ability"]
        if ab.get("params"):
            cls = ABILITIES[ab["hook"]]
            assert issubclass(cls, DeclaredParams) and set(ab["params"]) <= set(cls.PARAMS), path.name


def test_too_many_sidekicks_for_the_board_names_the_hero_file(tmp_path):
    from unmatched_sim.data.limits import check_fits

    text = Path(find_hero("houdini").path).read_text()
    path = tmp_path / "houdini.toml"
    path.write_text(text.replace('name = "Bess"', 'name = "Bess"\ncount = 999', 1))
    hero = load_hero_file(path)
    with pytest.raises(UserError) as e:
        check_fits([hero], find_board("marmoreal"), [("houdini", "houdini")])
    assert str(e.value).startswith(str(path)) and "1000 fighters" in str(e.value)
