"""Martian Invader's objective, "Invasion" (the rulebook's "Special Rules: Martian Invader" and
its setup line), one scenario test per rule, on an invented test villain
(tests/data/coop_fields_invader.toml) and a fixture board with eight fields
(tests/data/coop_fields.toml: a 4 x 5 grid, field k the square of spaces k)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest

from tests.coop_helpers import stop_after_setup
from unmatched_sim.coop import data, invasion
from unmatched_sim.coop import game as cg
from unmatched_sim.data.board import load_board_file, parse_board
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import play_out
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import DataError
from unmatched_sim.files import read_toml
from unmatched_sim.policies import make_policy

HERE = Path(__file__).resolve().parent / "data"
BOARD = HERE / "coop_fields.toml"
VILLAIN = HERE / "coop_fields_invader.toml"
HEROES = ["houdini", "alice", "genie", "hamlet"]


def invader():
    return data.load_enemy_file(VILLAIN)


def new_game(n=1, seed=0, board=None, villain=None):
    v = villain or invader()
    minions = tuple(data.find(v.minions[i % 2], "minion") for i in range(n))
    return cg.CoopGame(board or load_board_file(BOARD), tuple(find_hero(h) for h in HEROES[:n]),
                       v, minions, (), seed)


def paused(n=1, seed=0):
    """Set up (minions, sidekicks, invasion tokens), stopped before the first round runs."""
    return stop_after_setup(new_game(n, seed))


def events_of(g, kind):
    return [e for e in g.events if e[2] == kind]


def space(g, label):
    return g.board.space(label)


def hero_fi(g, seat=0):
    return g.players[seat].fighters[0]


def put_only(g, placements):
    """Clear the board, then put each fighter on its space ({fighter: label})."""
    for f in g.fighters:
        if f.on_board:
            g._remove_from_board(f.idx)
    for fi, label in placements.items():
        g.place(fi, space(g, label))


# ---------------------------------------------------------------------- the board's fields
def test_board_fields_are_read_in_order_as_the_spaces_they_border():
    b = load_board_file(BOARD)
    assert len(b.fields) == 8
    assert [b.labels[s] for s in b.fields[0]] == ["F00", "F01", "F10", "F11"]
    assert [b.labels[s] for s in b.fields[7]] == ["F13", "F14", "F23", "F24"]
    # a space may border more than one field
    assert sum(b.space("F11") in f for f in b.fields) == 4


def test_board_field_naming_an_unknown_space_is_an_error_naming_the_file(tmp_path):
    raw, _ = read_toml(BOARD, "board")
    raw["fields"] = [["F00", "NOWHERE"]]
    with pytest.raises(DataError) as e:
        parse_board(raw, tmp_path / "coop_fields.toml")
    text = str(e.value)
    assert "coop_fields.toml" in text and "NOWHERE" in text and "fields[0]" in text
    assert "\n" not in text


def test_board_fields_must_be_lists_of_spaces(tmp_path):
    raw, _ = read_toml(BOARD, "board")
    raw["fields"] = [[]]
    with pytest.raises(DataError):
        parse_board(raw, tmp_path / "coop_fields.toml")


def test_boards_without_fields_have_none():
    assert find_board("marmoreal").fields == ()


def test_invasion_needs_a_board_with_fields():
    with pytest.raises(ValueError, match="fields"):
        new_game(board=find_board("marmoreal"))


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_invasion_waves_by_player_count(n):
    g = new_game(n)
    waves = sorted(c.name for c in g.coop.cards if c.name.startswith("Invasion Wave"))
    assert waves == [f"Invasion Wave {k}" for k in range(1, n + 1)]


def _reveal_all(g):
    for _ in range(3):
        _fill_track(g)
    st = g.coop.objective_state
    g.objective_rule.achieved(g)            # the fourth, as if the game went on
    return tuple(st.tokens)


def test_invasion_setup_puts_the_four_tokens_face_down_in_a_random_order():
    orders = set()
    for seed in range(12):
        g = paused(seed=seed)
        st = g.coop.objective_state
        assert st.revealed == 0 and not any(st.face_up(s) for s in invasion.SYMBOLS)
        assert events_of(g, "invasion_setup")[-1][6] == 4
        order = _reveal_all(g)
        assert sorted(order) == [1, 2, 3, 4]          # each symbol once
        orders.add(order)
    assert len(orders) > 3
    assert _reveal_all(paused(seed=5)) == _reveal_all(paused(seed=5))


def test_face_down_tokens_are_nowhere_in_the_game_state():
    g = paused(seed=1)
    assert g.coop.objective_state.tokens == []
    # a search's copy with its own random stream may turn up any symbol first
    firsts = set()
    for k in range(20):
        c = g.clone()
        c.rng = random.Random(k)
        c.objective_rule.achieved(c)
        firsts.add(c.coop.objective_state.tokens[0])
    assert firsts == {1, 2, 3, 4}


def test_invasion_setup_starts_with_empty_fields_and_a_full_supply():
    st = paused().coop.objective_state
    assert st.aliens == [0] * 8 and st.supply == invasion.ALIEN_SUPPLY == 8


# ---------------------------------------------------------------------- aliens
def test_aliens_op_places_aliens_in_the_field_the_card_names():
    g = paused()
    invasion.place_aliens(g, g.coop.villain, 3, 5, "test")
    g.run()
    assert g.coop.objective_state.aliens == [0, 0, 0, 0, 3, 0, 0, 0]
    e = events_of(g, "aliens_placed")[-1]
    assert (e[1], e[6], e[7]) == (g.coop.villain, 3, 5)      # who, amount, value = the field


def test_aliens_op_with_players_choice_asks_the_players_for_each_alien():
    g = paused(2)
    invasion.place_aliens(g, g.coop.villain, 2, invasion.PLAYERS_CHOICE, "test")
    assert g.pending.kind == "place_alien" and g.pending.player == 0
    assert list(g.pending.options) == [1, 2, 3, 4, 5, 6, 7, 8]
    g.answer(2)
    assert g.pending.kind == "place_alien"
    g.answer(7)
    assert g.pending is None
    assert g.coop.objective_state.aliens == [0, 1, 0, 0, 0, 0, 1, 0]


def test_aliens_beyond_the_supply_advance_the_threat_marker_one_space_each():
    g = paused()
    invasion.place_aliens(g, g.coop.villain, 6, 1, "test")
    invasion.place_aliens(g, g.coop.villain, 4, 2, "test")
    st = g.coop.objective_state
    assert st.aliens[:2] == [6, 2] and st.supply == 0
    assert g.coop.threat == 2
    assert events_of(g, "threat")[-1][10] == "aliens_not_placed"


def test_a_field_holds_at_most_eight_aliens():
    st = invasion.InvasionState([8, 0])
    assert st.room(1) == 0
    st = invasion.InvasionState([3, 0])
    assert st.room(1) == 5 and st.room(2) == 5          # the supply is shared
    assert st.room(3) == 0                              # no such field


def test_aliens_in_a_field_the_board_lacks_is_an_error():
    v = invader()
    far = {"after_combat": [{"op": "aliens", "count": 1, "field": 9}]}
    cards = tuple(replace(c, effects=far) if c.name == "Probe" else c for c in v.cards)
    with pytest.raises(ValueError, match="field 9"):
        new_game(villain=replace(v, cards=cards))


def test_aliens_are_not_fighters_and_cannot_be_targeted():
    g = paused()
    fighters = len(g.fighters)
    invasion.place_aliens(g, g.coop.villain, 4, 1, "test")
    assert len(g.fighters) == fighters
    assert all(g.occupant[s] < 0 or g.fighters[g.occupant[s]].alive for s in range(g.board.size))


def test_an_enemy_card_places_aliens_when_it_attacks():
    g = paused()
    seat = g.coop.villain
    p = g.players[seat]
    cid = next(c for c in p.deck if g.card(c).name == "Probe")
    p.deck.remove(cid)
    p.deck.append(cid)
    put_only(g, {g.enemy_fighter(seat): "F22", hero_fi(g): "F23"})
    g.players[0].hand.clear()
    cg._enemy_attack(g, seat, hero_fi(g))
    g.run()
    assert g.coop.objective_state.aliens[2] == 1      # Probe: 1 alien in field 3


# ---------------------------------------------------------------------- removing aliens
def test_after_a_maneuver_a_player_may_remove_one_alien_from_a_bordering_field():
    g = paused()
    st = g.coop.objective_state
    st.aliens[:] = [2, 1, 0, 0, 3, 0, 0, 0]
    put_only(g, {hero_fi(g): "F01"})               # borders fields 1 and 2
    g.after_maneuver(0)
    d = g.pending
    assert d.kind == "remove_alien" and d.player == 0
    assert sorted(d.options, key=lambda k: (k is None, k)) == [1, 2, None]
    g.answer(2)
    assert g.pending is None
    assert st.aliens == [2, 0, 0, 0, 3, 0, 0, 0]
    e = events_of(g, "alien_removed")[-1]
    assert (e[1], e[6], e[7]) == (0, 0, 2)


def test_remove_alien_counts_every_fighter_of_the_player_but_one_field_only():
    g = paused()
    st = g.coop.objective_state
    st.aliens[:] = [2, 0, 0, 1, 0, 0, 0, 0]
    bess = g.players[0].fighters[1]
    put_only(g, {hero_fi(g): "F00", bess: "F14"})    # field 1 / fields 4 and 8
    g.after_maneuver(0)
    assert set(g.pending.options) == {1, 4, None}
    g.answer(1)
    assert g.pending is None and st.aliens[:4] == [1, 0, 0, 1]


def test_remove_alien_is_declinable_and_not_offered_without_an_occupied_bordering_field():
    g = paused()
    st = g.coop.objective_state
    st.aliens[:] = [0, 0, 0, 0, 0, 0, 0, 4]
    put_only(g, {hero_fi(g): "F00"})
    g.after_maneuver(0)
    assert g.pending is None
    put_only(g, {hero_fi(g): "F24"})
    g.after_maneuver(0)
    g.answer(None)
    assert st.aliens[7] == 4 and not events_of(g, "alien_removed")


def test_remove_alien_is_offered_after_every_maneuver_action_in_play():
    g = new_game(1, seed=2)
    seen = []
    g.start()
    policy = make_policy("random", random.Random(1))
    view = PlayerView(g, 0)

    def hear(game, d, choice):
        seen.append(d.kind)
    play_out(g, [policy], [view], hear)
    maneuvers = [e for e in g.events if e[2] == "action" and e[1] == 0 and e[10] == "maneuver"]
    assert maneuvers
    # each offer follows a maneuver; the player removes at most one alien per maneuver
    assert len(events_of(g, "alien_removed")) <= len(maneuvers)
    assert seen.count("remove_alien") <= len(maneuvers)


def test_default_policy_removes_an_alien_from_the_fullest_field():
    g = paused()
    st = g.coop.objective_state
    st.aliens[:] = [1, 3, 0, 0, 0, 0, 0, 0]
    put_only(g, {hero_fi(g): "F01"})
    g.after_maneuver(0)
    choice = make_policy("tuned", random.Random(0)).choose(PlayerView(g, 0), g.pending)
    assert choice == 2


def test_default_policy_places_an_alien_in_the_field_nearest_the_players():
    g = paused(2)
    put_only(g, {hero_fi(g, 0): "F14", hero_fi(g, 1): "F34"})
    invasion.place_aliens(g, g.coop.villain, 1, invasion.PLAYERS_CHOICE, "test")
    choice = make_policy("tuned", random.Random(0)).choose(PlayerView(g, 0), g.pending)
    assert choice in (4, 8)                         # the fields F14 borders
    assert choice == 4                              # both empty: the lower number


# ---------------------------------------------------------------------- the objective
def _fill_track(g):
    cg.advance_threat(g, len(g.coop.track), "test")


def test_the_track_filled_turns_the_leftmost_face_down_token_face_up():
    g = paused()
    st = g.coop.objective_state
    _fill_track(g)
    first = st.tokens[0]
    assert st.revealed == 1 and st.face_up(first)
    assert sum(st.face_up(s) for s in invasion.SYMBOLS) == 1
    e = events_of(g, "invasion_revealed")[-1]
    assert (e[6], e[7]) == (1, first)
    _fill_track(g)
    assert st.revealed == 2 and st.tokens[0] == first           # it stays face up
    assert st.tokens[1] != first and events_of(g, "invasion_revealed")[-1][7] == st.tokens[1]
    assert g.coop.threat == 0 and not g.over


def test_the_fourth_invasion_token_loses_the_game():
    g = paused()
    for _ in range(3):
        _fill_track(g)
    assert g.coop.objective_state.revealed == 3 and not g.over
    _fill_track(g)
    assert g.over and g.end_reason == "objective" and g.winner == g.coop.villain


def _probe_attack(g, hero_health=10):
    seat = g.coop.villain
    p = g.players[seat]
    cid = next(c for c in p.deck if g.card(c).name == "Probe")
    p.deck.remove(cid)
    p.deck.append(cid)
    put_only(g, {g.enemy_fighter(seat): "F22", hero_fi(g): "F23"})
    g.players[0].hand.clear()
    g.fighters[hero_fi(g)].health = hero_health
    cg._enemy_attack(g, seat, hero_fi(g))
    g.run()
    return cid


def test_an_effect_with_a_face_down_symbol_is_ignored():
    g = paused()
    g.coop.objective_state.tokens = [2]             # symbol 2 up, symbol 1 down
    cid = _probe_attack(g)
    assert g.fighters[hero_fi(g)].health == 10 - 2  # the Probe's attack value only
    e = events_of(g, "effect_ignored")[-1]
    assert (e[10], e[6], e[4]) == ("invasion_symbol", 1, g.card(cid).name)


def test_an_effect_with_a_face_up_symbol_resolves():
    g = paused()
    g.coop.objective_state.tokens = [2, 1]
    _probe_attack(g)
    assert g.fighters[hero_fi(g)].health == 10 - 2 - 2
    assert not events_of(g, "effect_ignored")


def test_a_villain_file_marks_effects_with_a_symbol_only_with_the_invasion_objective(tmp_path):
    text = VILLAIN.read_text().replace('objective = "invasion"', 'objective = "generic"')
    bad = tmp_path / "coop_fields_invader.toml"
    bad.write_text(text)
    with pytest.raises(DataError, match="invasion symbol"):
        data.load_enemy_file(bad)


def test_a_villain_file_symbol_must_be_one_of_the_four(tmp_path):
    bad = tmp_path / "coop_fields_invader.toml"
    bad.write_text(VILLAIN.read_text().replace("invasion = 1", "invasion = 5"))
    with pytest.raises(DataError, match="symbol"):
        data.load_enemy_file(bad)


def test_invasion_state_is_copied_with_the_game():
    g = paused()
    c = g.clone()
    c.coop.objective_state.aliens[0] = 5
    c.coop.objective_state.tokens.append(3)
    assert g.coop.objective_state.aliens[0] == 0 and g.coop.objective_state.revealed == 0


def test_invasion_events_have_story_lines():
    from unmatched_sim.hooks import STORY_LINES
    for kind in ("aliens_placed", "alien_removed", "invasion_revealed", "effect_ignored", "invasion_setup"):
        assert kind in STORY_LINES
    line = STORY_LINES["effect_ignored"]({"who": "villain", "amount": 3, "detail": "invasion_symbol"})
    assert "3" in line


# ---------------------------------------------------------------------- fuzz
def _check(g, decision=None, choice=None):
    st = g.coop.objective_state
    assert all(0 <= a <= invasion.FIELD_CAPACITY for a in st.aliens)
    assert sum(st.aliens) <= invasion.ALIEN_SUPPLY
    assert 0 <= st.revealed <= 3
    assert len(set(st.tokens)) == len(st.tokens) and set(st.tokens) <= set(invasion.SYMBOLS)


@pytest.mark.parametrize("n, policy, seed", [(1, "random", 0), (2, "tuned", 1), (3, "random", 2),
                                             (4, "tuned", 3), (2, "random", 4)])
def test_invasion_games_play_to_the_end_keeping_the_invariants(n, policy, seed):
    def play():
        g = new_game(n, seed)
        policies = [make_policy(policy, random.Random(f"{seed}:{s}")) for s in range(n)]
        g.start()
        play_out(g, policies, [PlayerView(g, s) for s in range(n)], _check)
        _check(g)
        return g
    g = play()
    assert g.over
    assert g.end_reason in ("villain_defeated", "all_fighters_defeated", "objective", "turn_limit")
    placed = sum(e[6] for e in events_of(g, "aliens_placed"))
    removed = len(events_of(g, "alien_removed"))
    assert placed - removed == sum(g.coop.objective_state.aliens)
    assert len(events_of(g, "invasion_revealed")) == g.coop.objective_state.revealed
    assert [e[2:] for e in play().events] == [e[2:] for e in g.events]


# ---------------------------------------------------------------------- the command line
@pytest.fixture
def invader_dirs(tmp_path, monkeypatch):
    villains, boards = tmp_path / "villains", tmp_path / "boards"
    villains.mkdir(), boards.mkdir()
    (villains / VILLAIN.name).write_text(VILLAIN.read_text())
    (boards / BOARD.name).write_text(BOARD.read_text())
    monkeypatch.setenv("UNMATCHED_VILLAINS", str(villains))
    monkeypatch.setenv("UNMATCHED_BOARDS", str(boards))
    return tmp_path


def test_sim_coop_plays_the_invasion_on_a_board_with_fields(invader_dirs, capsys):
    from tests.cli_helpers import run_cli
    from unmatched_sim.replay import replay_from_run
    out = invader_dirs / "run"
    code, stdout, err = run_cli(capsys, "coop", "coop_fields_invader", "houdini", "alice", "-n", "2",
                                "-j", "1", "--board", "coop_fields", "--out", str(out), "--json")
    assert code == 0, err
    assert "not played yet" not in err
    events = pl.read_parquet(out / "events")
    assert "aliens_placed" in set(events["kind"])
    for gid in range(2):
        assert replay_from_run(out, gid)[-1].startswith("✓ replay matches")


def test_sim_coop_refuses_the_invasion_on_a_board_without_fields(invader_dirs, capsys):
    from tests.cli_helpers import run_cli
    code, _, err = run_cli(capsys, "coop", "coop_fields_invader", "houdini", "-n", "1", "-j", "1",
                           "--board", "marmoreal", "--out", str(invader_dirs / "run"))
    assert code != 0
    assert "fields" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
