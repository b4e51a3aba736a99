"""Webs and acid (Tales to Amaze, "Tokens"), one scenario test per rule, on a small test board
(tests/boards/coop_tokens.toml) with the invented example villain and minions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.coop_helpers import example_game_on
from unmatched_sim.coop import data, tokens
from unmatched_sim.coop import game as cg
from unmatched_sim.data.board import load_board_file
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine import steps as _steps
from unmatched_sim.engine.effects import parse_effects
from unmatched_sim.engine.state import SCHEME_ROLE, Ctx
from unmatched_sim.engine.view import PlayerView

BOARD = Path(__file__).resolve().parent / "boards" / "coop_tokens.toml"


def token_game(heroes=("houdini",), seed=0) -> cg.CoopGame:
    """A co-op game on the test board, set up, stopped before its first round; every fighter
    off the board (each test places the ones it needs)."""
    return example_game_on(load_board_file(BOARD), tuple(find_hero(h) for h in heroes), seed)


def sp(g, label: str) -> int:
    return g.board.space(label)


def put(g, fi: int, label: str) -> None:
    g.place(fi, sp(g, label))


def hero(g, seat=0) -> int:
    return g.players[seat].fighters[0]


def minion(g) -> int:
    return g.enemy_fighter(g.coop.villain + 1)


def lay(g, kind: str, *labels: str) -> None:
    for label in labels:
        assert tokens.add_token(g, g.coop.villain + 1, kind, sp(g, label))


FIELDS = ("turn", "seat", "kind", "fighter", "card", "target", "amount", "value", "health", "space",
          "detail", "by_seat", "by")


def events_of(g, kind):
    return [dict(zip(FIELDS, e)) for e in g.events if e[2] == kind]


def labels(g, spaces) -> set:
    return {g.board.labels[s] for s in spaces}


def maneuver(g, fi: int, label: str) -> None:
    """The fighter's maneuver move, as the engine offers it, to ``label``."""
    seat = g.fighters[fi].owner
    _steps._move_one(g, seat, 0, False, (), fi)
    d = g.pending
    assert d is not None and d.kind == "move_destination"
    g.answer(sp(g, label))


# ---------------------------------------------------------------------- placing
def test_add_token_op_puts_a_web_on_the_enemy_space():
    g = token_game()
    m = minion(g)
    put(g, m, "A4")
    ops = parse_effects([{"op": "add_token", "kind": "web"}], frozenset(), "test")
    g.run_effects(ops, Ctx(g.fighters[m].owner, -1, SCHEME_ROLE, m))
    g.run()
    assert tokens.spaces_with(g, tokens.WEB) == {sp(g, "A4")}
    assert tokens.spaces_with(g, tokens.ACID) == frozenset()
    placed = events_of(g, "token_placed")
    assert placed and placed[-1]["detail"] == "web" and placed[-1]["space"] == "A4"


def test_add_token_op_rejects_an_unknown_kind():
    with pytest.raises(Exception, match="kind"):
        parse_effects([{"op": "add_token", "kind": "slime"}], frozenset(), "test")


def test_a_space_holds_one_token_of_each_kind():
    g = token_game()
    seat = g.coop.villain + 1
    assert tokens.add_token(g, seat, tokens.WEB, sp(g, "A2"))
    assert not tokens.add_token(g, seat, tokens.WEB, sp(g, "A2"))
    assert not tokens.add_token(g, g.coop.villain, tokens.WEB, sp(g, "A2"))   # whoever places it
    assert tokens.add_token(g, seat, tokens.ACID, sp(g, "A2"))
    assert tokens.placed(g, tokens.WEB) == 1 and tokens.placed(g, tokens.ACID) == 1
    assert [e["detail"] for e in events_of(g, "token_not_placed")] == ["web:already", "web:already"]


def test_placing_with_an_empty_supply_does_nothing():
    g = token_game()
    seat = g.coop.villain + 1
    spaces = ["A1", "A2", "A3", "A4", "A5", "D1"]
    for label in spaces:
        assert tokens.add_token(g, seat, tokens.ACID, sp(g, label))
    assert tokens.SUPPLY == 6
    assert not tokens.add_token(g, seat, tokens.ACID, sp(g, "D2"))
    assert sp(g, "D2") not in tokens.spaces_with(g, tokens.ACID)
    assert events_of(g, "token_not_placed")[-1]["detail"] == "acid:supply_empty"
    assert tokens.add_token(g, seat, tokens.WEB, sp(g, "D2"))     # the webs' supply is its own


def test_tokens_stay_when_their_enemy_is_defeated():
    g = token_game()
    m = minion(g)
    put(g, m, "A4")
    lay(g, tokens.WEB, "A4")
    g.damage(m, 99, "combat")
    assert not g.fighters[m].alive
    assert tokens.spaces_with(g, tokens.WEB) == {sp(g, "A4")}


# ---------------------------------------------------------------------- webs
def test_web_ends_a_heros_movement_there():
    g = token_game()
    h = hero(g)
    put(g, h, "A1")
    lay(g, tokens.WEB, "A2")
    reach = labels(g, g.reachable(h, 2))
    assert "A2" in reach                       # it may enter the web...
    assert reach == {"A1", "A2", "S1", "D1", "D2"}   # ...not pass it (A3 only by the detour's 3 steps)
    assert "A3" in labels(g, g.reachable(h, 3))


def test_web_reach_is_what_the_players_view_and_the_maneuver_offer():
    g = token_game()
    h = hero(g)
    put(g, h, "A1")
    lay(g, tokens.WEB, "A2", "D1")
    want = {"A1", "A2", "S1", "D1"}
    assert labels(g, PlayerView(g, 0).reachable(h, 2)) == want
    _steps._move_one(g, 0, 0, False, (), h)
    assert labels(g, g.pending.options) == want


def test_a_hero_on_a_web_may_move_again_with_a_new_move():
    g = token_game()
    h = hero(g)
    put(g, h, "A1")
    lay(g, tokens.WEB, "A2")
    maneuver(g, h, "A2")
    assert g.fighters[h].space == sp(g, "A2")
    effect = [e for e in events_of(g, "token_effect") if e["detail"] == "web"]
    assert effect and effect[-1]["space"] == "A2"
    assert {"A3", "A4"} <= labels(g, g.reachable(h, 2))


def test_web_is_ignored_where_a_friendly_fighter_stands():
    g = token_game(("houdini", "alice"))
    h, friend = hero(g, 0), hero(g, 1)
    put(g, h, "A1")
    put(g, friend, "A2")
    lay(g, tokens.WEB, "A2")
    assert "A3" in labels(g, g.reachable(h, 2))


def test_enemies_ignore_webs():
    g = token_game()
    m = minion(g)
    put(g, m, "A1")
    lay(g, tokens.WEB, "A2")
    assert "A3" in labels(g, g.reachable(m, 2))


def test_on_web_condition_reads_the_resolving_fighters_space():
    g = token_game()
    m = minion(g)
    put(g, m, "A4")
    ctx = Ctx(g.fighters[m].owner, -1, SCHEME_ROLE, m)
    on_web = tokens.CONDITIONS["on_web"]
    assert not on_web(g, ctx)
    lay(g, tokens.WEB, "A4")
    assert on_web(g, ctx)
    assert not tokens.CONDITIONS["on_acid"](g, ctx)


# ---------------------------------------------------------------------- acid
def _acid_damage(g, fi):
    name = g.fighters[fi].defn.name
    return [e for e in events_of(g, "damage") if e["fighter"] == name and e["detail"] == "board"]


def test_acid_damages_a_hero_entering_it_and_the_move_goes_on():
    g = token_game()
    h = hero(g)
    put(g, h, "A2")
    lay(g, tokens.ACID, "A3")
    before = g.fighters[h].health
    maneuver(g, h, "A4")
    assert g.fighters[h].space == sp(g, "A4")
    assert g.fighters[h].health == before - 1
    hit = _acid_damage(g, h)
    assert len(hit) == 1 and hit[0]["card"] == "acid" and hit[0]["amount"] == 1
    assert [e["space"] for e in events_of(g, "token_effect") if e["detail"] == "acid"] == ["A3"]


def test_acid_on_the_destination_damages_too():
    g = token_game()
    h = hero(g)
    put(g, h, "A3")
    lay(g, tokens.ACID, "A4")
    maneuver(g, h, "A4")
    assert len(_acid_damage(g, h)) == 1


def test_a_hero_takes_the_route_without_acid_when_its_move_allows():
    g = token_game()
    h = hero(g)                                 # Houdini: move 2
    put(g, h, "A1")
    lay(g, tokens.ACID, "A2")
    maneuver(g, h, "A3")                        # A1-A2-A3 is the only 2-step route
    assert len(_acid_damage(g, h)) == 1
    g2 = token_game()
    h2 = hero(g2)
    put(g2, h2, "A1")
    lay(g2, tokens.ACID, "A2")
    _steps._move_one(g2, 0, 1, False, (), h2)   # move 3: the detour D1-D2-A3 fits
    g2.answer(sp(g2, "A3"))
    assert g2.fighters[h2].space == sp(g2, "A3")
    assert _acid_damage(g2, h2) == []


def test_acid_is_ignored_where_a_friendly_fighter_stands():
    g = token_game(("houdini", "alice"))
    h, friend = hero(g, 0), hero(g, 1)
    put(g, h, "A2")
    put(g, friend, "A3")
    lay(g, tokens.ACID, "A3")
    maneuver(g, h, "A4")
    assert _acid_damage(g, h) == []


def test_enemies_ignore_acid():
    g = token_game()
    m = minion(g)
    put(g, m, "A2")
    lay(g, tokens.ACID, "A3")
    health = g.fighters[m].health
    g.move_to(m, sp(g, "A4"))
    assert g.fighters[m].health == health
    assert events_of(g, "token_effect") == []


def test_acid_from_an_effect_move_counts_the_effects_steps():
    g = token_game()
    h = hero(g)
    put(g, h, "A2")
    lay(g, tokens.ACID, "A3", "A4")
    ops = parse_effects([{"op": "move", "who": "self", "up_to": 3}], frozenset(), "test")
    g.run_effects(ops, Ctx(0, -1, SCHEME_ROLE, h))
    g.run()
    assert g.pending.kind == "effect_destination" and g.pending.info["steps"] == 3
    g.answer(sp(g, "A5"))
    assert len(_acid_damage(g, h)) == 2


def test_acid_and_web_on_one_space_both_act():
    g = token_game()
    h = hero(g)
    put(g, h, "A1")
    lay(g, tokens.ACID, "A2")
    lay(g, tokens.WEB, "A2")
    assert "A3" not in labels(g, g.reachable(h, 2))
    maneuver(g, h, "A2")
    assert len(_acid_damage(g, h)) == 1
    assert {e["detail"] for e in events_of(g, "token_effect")} == {"acid", "web"}


# ---------------------------------------------------------------------- whole games
def _spinner(kind: str, enemy):
    """A minion whose every card adds a token of ``kind`` to its space (a test fixture)."""
    from dataclasses import replace
    add = [{"op": "add_token", "kind": kind}]
    return replace(enemy, id=f"{enemy.id}_{kind}",
                   cards=tuple(replace(c, effects={**c.effects, "immediately": add}) for c in enemy.cards))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_games_with_webs_and_acid_run_to_an_end(seed):
    from unmatched_sim.coop.play import play_coop
    from unmatched_sim.data.catalog import find_board
    v = data.find("example_villain", "villain")
    ms = (_spinner(tokens.WEB, data.find("example_stalker", "minion")),
          _spinner(tokens.ACID, data.find("example_brute", "minion")))
    heroes = tuple(find_hero(h) for h in ("houdini", "alice"))
    g = cg.CoopGame(find_board("marmoreal"), heroes, v, ms, (), seed)
    play_coop(g, "tuned", seed)
    assert g.over and g.pending is None
    for kind in tokens.KINDS:
        assert tokens.placed(g, kind) <= tokens.SUPPLY
        per_seat = [token_spaces_of(g, s, kind) for s in range(g.coop.villain, len(g.players))]
        flat = [s for spaces in per_seat for s in spaces]
        assert len(flat) == len(set(flat))
    assert events_of(g, "token_placed")
    burns = [e for e in events_of(g, "damage") if e["detail"] == "board"]
    assert len(burns) <= len([e for e in events_of(g, "token_effect") if e["detail"] == "acid"])
    again = cg.CoopGame(find_board("marmoreal"), heroes, v, ms, (), seed)
    assert play_coop(again, "tuned", seed).events == g.events


def token_spaces_of(g, seat, kind):
    from unmatched_sim.engine.board_features import token_spaces
    return token_spaces(g, seat, kind)


def test_replay_tells_the_token_events():
    from unmatched_sim.story import tell
    rows = [{"kind": "token_effect", "turn": 3, "player": "a", "fighter": "Houdini", "space": "A3",
             "detail": "acid", "amount": 1},
            {"kind": "token_effect", "turn": 3, "player": "a", "fighter": "Houdini", "space": "A2",
             "detail": "web"},
            {"kind": "token_not_placed", "turn": 4, "player": "minion1", "space": "A4",
             "detail": "web:supply_empty"},
            {"kind": "token_placed", "turn": 4, "player": "minion1", "space": "A5", "detail": "web"}]
    lines = [line.strip() for line in tell(rows, {"a": "Houdini (a)", "minion1": "Example Stalker"})]
    assert lines == ["Houdini enters the acid on A3",
                     "Houdini is caught in the web on A2: its move ends there",
                     "Example Stalker places no web token on A4: none is left in the supply",
                     "Example Stalker puts a web token on A5"]


def test_replay_names_an_acid_token_with_an():
    from unmatched_sim.story import tell
    row = {"kind": "token_placed", "turn": 4, "player": "minion1", "space": "A5", "detail": "acid"}
    assert tell([row], {"minion1": "The Blob"})[0].strip() == "The Blob puts an acid token on A5"


def _minion_file(tmp_path, effect: str) -> Path:
    src = (Path(__file__).resolve().parent.parent / "unmatched_sim" / "data" / "villains"
           / "example_stalker.toml").read_text()
    text = src.replace('id = "example_stalker"', 'id = "spinner"').replace(
        "copies = 4\n", f"copies = 4\nimmediately = [{effect}]\n", 1)
    path = tmp_path / "spinner.toml"
    path.write_text(text)
    return path


def test_a_minion_file_may_add_tokens(tmp_path):
    m = data.load_enemy_file(_minion_file(tmp_path, '{ op = "add_token", kind = "web" }'))
    assert any("immediately" in c.effects for c in m.cards)


def test_a_minion_file_with_an_unknown_token_kind_is_one_clear_fault(tmp_path):
    with pytest.raises(Exception) as err:
        data.load_enemy_file(_minion_file(tmp_path, '{ op = "add_token", kind = "slime" }'))
    message = str(err.value)
    assert "spinner.toml" in message and "kind" in message and "\n" not in message
