"""Mothman's objective, "Destroy Bridges" (the rulebook's "Special Rules: Mothman"), one test per
rule, on a test board with four bridges (tests/data/coop_bridges.toml) and the invented example
villain given Mothman's objective (its cards are not Mothman's)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from tests.coop_helpers import stop_after_setup
from unmatched_sim.coop import bridges as br
from unmatched_sim.coop import data
from unmatched_sim.coop import game as cg
from unmatched_sim.coop.game import CoopGame
from unmatched_sim.coop.play import play_coop
from unmatched_sim.data.board import load_board_file, parse_board
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.effects import parse_effects
from unmatched_sim.engine.state import new_ctx
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import DataError
from unmatched_sim.files import read_toml
from unmatched_sim.hooks import STORY_LINES
from unmatched_sim.policies import make_policy

BOARD_FILE = Path(__file__).parent / "data" / "coop_bridges.toml"
BOARD = load_board_file(BOARD_FILE)


def mothman_like(**kw):
    """The example villain (invented cards) playing Mothman's objective, its initiative card
    counting doom tokens as Mothman's does."""
    v = data.find("example_villain", "villain")
    cards = tuple(dataclasses.replace(ic, threat_per_doom=True) for ic in v.initiative)
    return dataclasses.replace(v, objective="destroy_bridges", initiative=cards, **kw)


def new_game(heroes=("houdini",), seed=0, villain=None, board=BOARD):
    n = len(heroes)
    minions = tuple(data.find(("example_brute", "example_stalker")[i % 2], "minion") for i in range(n))
    return CoopGame(board, tuple(find_hero(h) for h in heroes), villain or mothman_like(), minions, (), seed)


def paused(heroes=("houdini",), seed=0, villain=None):
    """Set up (bridges dealt, minions and sidekicks placed), then stopped: each test drives what
    it checks."""
    return stop_after_setup(new_game(heroes, seed, villain))


def sp(label):
    return BOARD.space(label)


def clear_board(g):
    for f in g.fighters:
        if f.on_board:
            g._remove_from_board(f.idx)


def put(g, fi, label):
    g.place(fi, sp(label))


def hero(g, seat=0):
    return g.players[seat].fighters[0]


def state(g):
    return g.coop.objective_state


def events_of(g, kind):
    return [e for e in g.events if e[2] == kind]


# ---------------------------------------------------------------------- the board's bridges
def test_board_bridges_join_their_two_spaces_for_moves_and_attacks():
    assert BOARD.bridges == ((sp("B1"), sp("C1")), (sp("B3"), sp("C3")), (sp("B4"), sp("C4")),
                             (sp("B6"), sp("C6")))
    assert sp("C1") in BOARD.adjacent[sp("B1")] and sp("B1") in BOARD.adjacent[sp("C1")]
    assert sp("C1") in BOARD.move_edges[sp("B1")] and sp("B1") in BOARD.move_edges[sp("C1")]
    # not a space: the board has the same spaces with or without them
    assert BOARD.size == 24


def test_board_without_a_bridge_cuts_only_that_join():
    cut = BOARD.without_bridges(frozenset({1}))
    assert sp("C1") not in cut.adjacent[sp("B1")] and sp("B1") not in cut.move_edges[sp("C1")]
    assert sp("C3") in cut.adjacent[sp("B3")]
    assert cut.labels == BOARD.labels and cut.zone_mask == BOARD.zone_mask and cut.bridges == BOARD.bridges


def _raw_board():
    raw, _ = read_toml(BOARD_FILE, "board")
    return raw


def test_board_bridge_naming_an_unknown_space_is_a_one_line_error_naming_the_file():
    raw = _raw_board()
    raw["bridges"] = [["B1", "Z9"]]
    with pytest.raises(DataError) as e:
        parse_board(raw, BOARD_FILE)
    msg = str(e.value)
    assert "coop_bridges.toml" in msg and "bridges[0]" in msg and "Z9" in msg and "\n" not in msg


def test_board_bridge_also_listed_as_a_path_is_an_error():
    raw = _raw_board()
    raw["bridges"] = [["A1", "A2"]]
    with pytest.raises(DataError, match="already joined"):
        parse_board(raw, BOARD_FILE)


def test_destroy_bridges_on_a_board_with_another_number_of_bridges_is_refused():
    raw = _raw_board()
    raw["bridges"] = raw["bridges"][:3]
    raw["paths"] = raw["paths"] + [["B6", "C6"]]
    board = parse_board(raw, BOARD_FILE)
    with pytest.raises(ValueError, match="needs a board with 4 bridges; board coop_bridges has 3"):
        new_game(board=board)


def test_destroy_bridges_on_a_board_without_bridges_counts_the_threat_track_alone():
    g = play_coop(new_game(board=find_board("marmoreal"), seed=2), "tuned", 2)
    assert g.over and state(g) is None
    assert not events_of(g, "bridge_dealt") and not events_of(g, "doom")
    assert "no bridges" in g.objective_rule.board_note(find_board("marmoreal"))


# ---------------------------------------------------------------------- setup
def test_setup_deals_the_four_bridge_tokens_at_random_and_one_doom_token_on_bridge_1():
    deals = set()
    for seed in range(12):
        g = paused(seed=seed)
        st = state(g)
        assert sorted(st.tokens) == sorted(br.BRIDGE_TOKENS)
        assert st.doom == [1, 0, 0, 0] and st.destroyed == []
        assert [(e[6], e[10]) for e in events_of(g, "bridge_dealt")] == [(k, t) for k, t in enumerate(st.tokens, 1)]
        deals.add(st.tokens)
    assert len(deals) > 3                           # dealt at random ...
    assert state(paused(seed=5)).tokens == state(paused(seed=5)).tokens   # ... from the game's seed


# ---------------------------------------------------------------------- doom tokens
def test_doom_op_places_tokens_on_the_lowest_numbered_standing_bridge():
    g = paused()
    state(g).destroyed = [1]
    state(g).doom = [0, 0, 0, 0]
    ops = parse_effects([{"op": "doom", "amount": 2}], frozenset(), "after_combat")
    g.run_effects(ops, new_ctx(g.coop.villain, -1, 0, g.enemy_fighter(g.coop.villain)))
    g.run()
    assert state(g).doom == [0, 2, 0, 0]
    assert events_of(g, "doom")[-1][6] == 2 and events_of(g, "doom")[-1][7] == 2


def test_doom_op_is_accepted_in_a_villain_file_card():
    v = data.parse_enemy({"id": "v", "kind": "villain", "name": "V", "health_per_player": 10, "move": 3,
                          "threat_track": [1, 2, 3],
                          "cards": [{"name": "Gloom", "attack": 3, "defense": 2, "boost": 1, "copies": 1,
                                     "deception": True,
                                     "after_combat": [{"op": "doom", "amount": 1}]}]}, Path("v.toml"))
    assert v.cards[0].effects["after_combat"] == [{"op": "doom", "amount": 1}]


def test_doom_supply_is_eight_and_each_token_short_advances_the_threat_marker():
    g = paused()
    st = state(g)
    st.doom = [5, 2, 0, 0]
    before = g.coop.threat
    br.place_doom(g, 3, "test")
    assert st.doom == [6, 2, 0, 0] and sum(st.doom) == br.DOOM_SUPPLY
    assert g.coop.threat == before + 2
    assert events_of(g, "threat")[-1][10] == "doom_overflow"


def test_end_of_round_threat_is_the_villain_cards_value_plus_doom_on_the_lowest_standing_bridge():
    g = paused()
    st = state(g)
    st.doom = [0, 2, 1, 0]
    st.destroyed = [1]
    card = next(c for c in g.coop.cards if c.end_of_round_threat)
    assert g.objective_rule.end_of_round_threat(g, card) == card.end_of_round_threat + 2
    other = cg.Initiative("Strange Pheromone", g.coop.villain + 1, "none", 1)
    assert g.objective_rule.end_of_round_threat(g, other) == 1
    # a villain card whose file does not say threat_per_doom moves the marker its own value
    plain = paused(villain=dataclasses.replace(mothman_like(), initiative=data.find(
        "example_villain", "villain").initiative))
    state(plain).doom = [3, 0, 0, 0]
    card = next(c for c in plain.coop.cards if c.end_of_round_threat)
    assert plain.objective_rule.end_of_round_threat(plain, card) == card.end_of_round_threat


def _end_of_round_with_villain_card(g):
    """The villain's card alone in the row at the end of a round (its threat resolves at once;
    what it schedules is left on the stack): the events it logs."""
    g.coop.row = [next(c for c in g.coop.cards if c.end_of_round_threat)]
    g.coop.deck = []
    n = len(g.events)
    cg._end_of_round(g)
    return g.events[n:]


def test_rulebook_example_three_doom_marker_to_the_end_bridge_destroyed_doom_moved_marker_back():
    g = paused()
    st = state(g)
    st.doom = [3, 0, 0, 0]
    last = len(g.coop.track) - 1
    g.coop.threat = last - 4            # 1 + 3 doom spaces reach the end of the track
    events = _end_of_round_with_villain_card(g)
    assert [e[2] for e in events][:4] == ["threat", "objective", "bridge_destroyed", "doom"]
    threat = events[0]
    assert threat[6] == 4 and threat[7] == last
    assert g.coop.objectives == 1
    assert st.destroyed == [1] and st.doom == [0, 3, 0, 0]
    assert (events[2][6], events[2][7]) == (1, 3)
    assert g.coop.threat == 0


def test_marker_ignores_extra_spaces_past_the_end_when_a_bridge_falls():
    g = paused()
    state(g).doom = [6, 0, 0, 0]
    g.coop.threat = len(g.coop.track) - 2
    events = _end_of_round_with_villain_card(g)
    assert events[0][2] == "threat" and events[0][6] == 1
    assert g.coop.objectives == 1 and state(g).destroyed == [1] and g.coop.threat == 0


# ---------------------------------------------------------------------- a destroyed bridge's join
def _destroy(g, times=1):
    for _ in range(times):
        g.coop.threat = len(g.coop.track) - 1
        g.coop.objectives += 1
        br.destroy_lowest_bridge(g)
    g.pending = None
    g.stack.clear()


def test_destroyed_bridge_cuts_movement_and_melee_across_it():
    g = paused(heroes=("houdini",))
    clear_board(g)
    h = hero(g)
    brute = g.enemy_fighter(g.coop.villain + 1)
    put(g, h, "B1")
    put(g, brute, "C1")
    assert g.adjacent(h, brute) and brute in g.attack_targets(h)
    _destroy(g)
    assert not g.adjacent(h, brute) and brute not in g.attack_targets(h)
    g._remove_from_board(brute)
    assert sp("C1") not in g.reachable(h, 2)
    assert sp("C3") in g.board.adjacent[sp("B3")]          # bridge 2 still stands


def test_destroyed_bridge_leaves_ranged_attacks_by_zone():
    g = paused(heroes=("medusa",))
    clear_board(g)
    medusa = hero(g)
    brute = g.enemy_fighter(g.coop.villain + 1)
    put(g, medusa, "B1")
    put(g, brute, "C1")
    _destroy(g)
    assert not g.adjacent(medusa, brute)
    assert brute in g.attack_targets(medusa)          # B1 and C1 share the "ford" zone


def test_destroyed_bridge_clones_and_views_follow_the_board():
    g = paused()
    before = g.clone()
    view = PlayerView(g, 0)
    _destroy(g)
    after = g.clone()
    assert sp("C1") in before.board.adjacent[sp("B1")]
    assert sp("C1") not in after.board.adjacent[sp("B1")] and state(after).destroyed == [1]
    assert sp("C1") in view.board.adjacent[sp("B1")]
    view.follow_board()
    assert view.board is g.board and view.dist[sp("B1")][sp("C1")] > 1
    # the cut board is shared by every game on this board with the same bridges down
    other = paused(seed=1)
    _destroy(other)
    assert other.board is g.board


def test_destroyed_bridge_clone_then_destroyed_in_the_clone_leaves_the_original():
    g = paused()
    c = g.clone()
    _destroy(c)
    assert state(g).destroyed == [] and sp("C1") in g.board.adjacent[sp("B1")]
    assert sp("C1") in g._adjacent[sp("B1")]


# ---------------------------------------------------------------------- the destroyed-bridge spots
def test_destroyed_bridge_1_places_the_villain_next_to_the_hero_with_least_health():
    g = paused(heroes=("houdini", "medusa"))
    clear_board(g)
    villain = g.enemy_fighter(g.coop.villain)
    put(g, villain, "D6")
    put(g, hero(g, 0), "A1")
    put(g, hero(g, 1), "A5")
    g.fighters[hero(g, 1)].health = 3
    g.coop.threat = len(g.coop.track) - 1
    g.coop.objectives = 1
    br.destroy_lowest_bridge(g)
    g.run()
    d = g.pending
    assert d.kind == "villain_placed"
    assert set(d.options) == {sp("A4"), sp("A6"), sp("B5")}
    g.answer(sp("B5"))
    assert g.fighters[villain].space == sp("B5")
    assert [e[10] for e in events_of(g, "bridge_effect")] == ["villain_to_weakest_hero"]


def test_destroyed_bridge_1_ties_between_heroes_are_the_players_choice():
    g = paused(heroes=("houdini", "medusa"))
    clear_board(g)
    put(g, g.enemy_fighter(g.coop.villain), "D6")
    put(g, hero(g, 0), "A1")
    put(g, hero(g, 1), "A6")
    for s in (0, 1):
        g.fighters[hero(g, s)].health = 4
    _destroy_and_run(g)
    assert set(g.pending.options) == {sp("A2"), sp("B1"), sp("A5"), sp("B6")}


def _destroy_and_run(g, spot_objectives=1):
    g.coop.threat = len(g.coop.track) - 1
    g.coop.objectives = spot_objectives
    br.destroy_lowest_bridge(g)
    g.run()


def test_destroyed_bridge_2_each_player_discards_a_card():
    g = paused(heroes=("houdini", "medusa"))
    state(g).destroyed = [1]
    hands = [len(g.players[s].hand) for s in (0, 1)]
    _destroy_and_run(g, 2)
    for s in (0, 1):
        d = g.pending
        assert d.kind == "effect_discard" and d.player == s
        g.answer(d.options[0])
    assert [len(g.players[s].hand) for s in (0, 1)] == [h - 1 for h in hands]
    assert state(g).destroyed == [1, 2]


def test_destroyed_bridge_3_villain_recovers_one_per_player_still_in():
    g = paused(heroes=("houdini", "medusa"))
    state(g).destroyed = [1, 2]
    vf = g.fighters[g.enemy_fighter(g.coop.villain)]
    vf.health = vf.max_health - 5
    _destroy_and_run(g, 3)
    assert vf.health == vf.max_health - 3
    g2 = paused(heroes=("houdini", "medusa"))
    state(g2).destroyed = [1, 2]
    g2.out[1] = True
    vf2 = g2.fighters[g2.enemy_fighter(g2.coop.villain)]
    vf2.health = vf2.max_health - 5
    _destroy_and_run(g2, 3)
    assert vf2.health == vf2.max_health - 4


def test_destroyed_bridge_effects_per_spot_are_villain_data():
    spots = (("enemy_attack_bonus", "villain_recovers_per_player"),)
    g = paused(villain=mothman_like(destroyed_bridges=spots))
    vf = g.fighters[g.enemy_fighter(g.coop.villain)]
    vf.health -= 2
    _destroy_and_run(g)
    assert g.coop.attack_bonus == 1 and vf.health == vf.max_health - 1
    assert [e[10] for e in events_of(g, "bridge_effect")] == list(spots[0])


def test_villain_file_destroyed_bridges_names_known_effects():
    raw = {"id": "v", "kind": "villain", "name": "V", "health_per_player": 10,
           "destroyed_bridges": [["each_player_discards"], ["fly_away"]]}
    with pytest.raises(DataError, match=r"destroyed_bridges\[1\]"):
        data.parse_enemy(raw, Path("v.toml"))
    raw["destroyed_bridges"] = [["each_player_discards", "enemy_attack_bonus"]]
    assert data.parse_enemy(raw, Path("v.toml")).destroyed_bridges == (("each_player_discards", "enemy_attack_bonus"),)


def test_rulebook_destroyed_bridge_list_is_the_default():
    assert data.RULEBOOK_DESTROYED_BRIDGES == (("villain_to_weakest_hero",), ("each_player_discards",),
                                               ("villain_recovers_per_player",), ("enemy_attack_bonus",))
    assert data.find("mothman", "villain").destroyed_bridges == ()


def test_fourth_bridge_destroyed_players_lose():
    g = paused()
    state(g).destroyed = [1, 2, 3]
    state(g).doom = [0, 0, 0, 2]
    g.coop.objectives = 3
    g.coop.threat = len(g.coop.track) - 2
    cg.advance_threat(g, 1, "test")
    assert g.over and g.winner == g.coop.villain and g.end_reason == "objective"


# ---------------------------------------------------------------------- activating a bridge
def _beside_bridge_1(g):
    clear_board(g)
    put(g, hero(g), "B1")
    put(g, g.enemy_fighter(g.coop.villain), "D6")
    return hero(g)


def test_activation_is_offered_after_a_maneuver_next_to_a_standing_bridge_only():
    g = paused()
    clear_board(g)
    put(g, hero(g), "A1")
    g.after_maneuver(0)
    assert g.pending is None
    put(g, g.players[0].fighters[1], "C3")          # Bess next to bridge 2
    g.after_maneuver(0)
    d = g.pending
    assert d.kind == "bridge_activate" and d.player == 0 and None in d.options
    assert {o[0] for o in d.options if o} == {2}
    assert {o[1] for o in d.options if o} == set(g.players[0].hand)
    g.pending = None
    state(g).destroyed = [1, 2]
    g.use_board(BOARD.without_bridges(frozenset({1, 2})))
    g.after_maneuver(0)
    assert g.pending is None


def test_activation_discards_the_card_and_removes_doom_by_its_boost():
    g = paused()
    _beside_bridge_1(g)
    st = state(g)
    st.doom = [3, 0, 0, 0]
    st.tokens = ("Truss Bridge", "Drawbridge", "Covered Bridge", "Suspension Bridge")
    cid = max(g.players[0].hand, key=lambda c: g.card(c).boost or 0)
    boost = g.card(cid).boost or 0
    g.after_maneuver(0)
    g.answer((1, cid))
    assert g.pending.kind == "truss_fighter"
    g.answer(None)                                   # the effect is optional
    assert cid in g.players[0].discard and cid not in g.players[0].hand
    assert st.doom[0] == max(0, 3 - boost)
    act = events_of(g, "bridge_activated")[-1]
    assert act[6] == 1 and act[10] == "Truss Bridge" and act[7] == boost


def _activate(g, token, cid=None):
    st = state(g)
    st.tokens = (token,) + tuple(t for t in br.BRIDGE_TOKENS if t != token)
    g.after_maneuver(0)
    g.answer((1, cid if cid is not None else g.players[0].hand[0]))


def test_drawbridge_a_chosen_player_draws_up_to_a_hand_of_four_or_fewer():
    g = paused(heroes=("houdini", "medusa"))
    _beside_bridge_1(g)
    put(g, hero(g, 1), "A6")
    p1 = g.players[1]
    while len(p1.hand) > 1:
        p1.deck.append(p1.hand.pop())
    _activate(g, "Drawbridge")
    d = g.pending
    assert d.kind == "drawbridge"
    assert (1, 3) in d.options and (1, 4) not in d.options and (1, 1) in d.options
    g.answer((1, 2))
    assert len(p1.hand) == 3


def test_covered_bridge_a_chosen_fighter_recovers_up_to_three():
    g = paused()
    h = _beside_bridge_1(g)
    g.fighters[h].health = g.fighters[h].max_health - 5
    _activate(g, "Covered Bridge")
    d = g.pending
    assert d.kind == "covered_bridge" and (h, 3) in d.options and (h, 4) not in d.options
    g.answer((h, 3))
    assert g.fighters[h].health == g.fighters[h].max_health - 2


def test_truss_bridge_moves_any_fighter_enemy_or_friendly_up_to_three():
    g = paused()
    _beside_bridge_1(g)
    villain = g.enemy_fighter(g.coop.villain)
    _activate(g, "Truss Bridge")
    d = g.pending
    assert d.kind == "truss_fighter" and villain in d.options and hero(g) in d.options
    g.answer(villain)
    d = g.pending
    assert d.kind == "truss_destination" and sp("D3") in d.options and sp("D2") not in d.options
    g.answer(sp("D3"))
    assert g.fighters[villain].space == sp("D3")


def test_suspension_bridge_looks_at_two_enemy_cards_discards_one_the_other_back_on_top():
    g = paused()
    _beside_bridge_1(g)
    villain_seat = g.coop.villain
    deck = g.players[villain_seat].deck
    top, second = deck[-1], deck[-2]
    _activate(g, "Suspension Bridge")
    assert g.pending.kind == "suspension_enemy" and villain_seat in g.pending.options
    g.answer(villain_seat)
    d = g.pending
    assert d.kind == "suspension_discard" and list(d.options) == [top, second]
    g.answer(top)
    assert top in g.players[villain_seat].discard or g.card(top).tags & {"deception"}
    assert deck[-1] == second or g.card(top).tags & {"deception"}


# ---------------------------------------------------------------------- the players' advice
def _policy_answer(g, kind="tuned"):
    d = g.pending
    return make_policy(kind, random.Random(0)).choose(PlayerView(g, d.player), d)


def _hand_of(g, seat, names):
    """Give ``seat`` a hand of the named cards (from its hand and deck)."""
    p = g.players[seat]
    pool = p.hand + p.deck
    hand = []
    for name in names:
        cid = next(c for c in pool if g.card(c).name == name and c not in hand)
        hand.append(cid)
    p.deck = [c for c in pool if c not in hand]
    p.hand = hand
    return hand


def test_default_policy_activates_the_lowest_bridge_with_a_weak_high_boost_card():
    g = paused()
    _beside_bridge_1(g)
    put(g, g.players[0].fighters[1], "C3")          # Bess next to bridge 2
    st = state(g)
    st.doom = [3, 2, 0, 0]
    st.tokens = ("Truss Bridge", "Suspension Bridge", "Covered Bridge", "Drawbridge")
    weak, strong = _hand_of(g, 0, ["Sleight of Hand", "An Illusion of My Own Design"])
    assert g.card(weak).boost == 3 and g.card(strong).boost == 1
    g.after_maneuver(0)
    # 3 doom off the lowest bridge (each moves the marker every round) for a value-1 card
    assert _policy_answer(g) == (1, weak)


def test_default_policy_keeps_its_cards_when_a_bridge_has_nothing_to_give():
    g = paused()
    _beside_bridge_1(g)
    st = state(g)
    st.doom = [0, 0, 0, 0]
    st.tokens = ("Suspension Bridge", "Truss Bridge", "Covered Bridge", "Drawbridge")
    g.after_maneuver(0)
    assert _policy_answer(g) is None


def test_default_policy_heals_the_most_hurt_of_the_players_fighters():
    g = paused()
    h = _beside_bridge_1(g)
    g.fighters[h].health = g.fighters[h].max_health - 4
    villain = g.fighters[g.enemy_fighter(g.coop.villain)]
    villain.health = villain.max_health - 6
    _activate(g, "Covered Bridge")
    assert _policy_answer(g) == (h, 3)


# ---------------------------------------------------------------------- events and full games
def test_bridge_events_have_story_lines():
    for kind in ("bridge_dealt", "doom", "bridge_activated", "bridge_destroyed", "bridge_effect"):
        assert kind in STORY_LINES
    line = STORY_LINES["doom"]({"who": "villain", "amount": -2, "value": 1, "detail": "activation"})
    assert "off bridge 1" in line


FUZZ_LINEUPS = (("houdini",), ("houdini", "medusa"), ("medusa", "houdini", "alice"),
                ("alice", "medusa", "houdini", "sinbad"))


def _fuzz_game(policy, seed, on_decision=None):
    return play_coop(new_game(FUZZ_LINEUPS[seed % 4], seed), policy, seed, on_decision=on_decision)


@pytest.mark.parametrize("policy", ["random", "tuned"])
@pytest.mark.parametrize("seed", range(8))
def test_fuzz_full_games_with_bridges_keep_their_invariants(policy, seed):
    seen = []

    def check(game, d, choice):
        st = state(game)
        assert 0 <= sum(st.doom) <= br.DOOM_SUPPLY and all(0 <= n <= br.DOOM_PER_BRIDGE for n in st.doom)
        assert all(st.doom[k - 1] == 0 for k in st.destroyed)
        for k in st.destroyed:
            a, b = BOARD.bridges[k - 1]
            assert b not in game.board.adjacent[a] and b not in game.board.move_edges[a]
            assert a not in game._move_edges[b]
        for k in st.standing():
            a, b = BOARD.bridges[k - 1]
            assert b in game.board.adjacent[a]
        seen.append(d.kind)

    g = _fuzz_game(policy, seed, check)
    assert g.over
    st = state(g)
    assert len(st.destroyed) == g.coop.objectives - (1 if g.end_reason == "objective" else 0)
    assert st.destroyed == list(range(1, len(st.destroyed) + 1))      # in order
    again = _fuzz_game(policy, seed)
    assert again.events == g.events and again.turn == g.turn


def test_fuzz_games_reach_every_bridge_rule():
    """The fuzz's games activate every bridge and destroy bridges (so the invariants above are
    checked where it matters)."""
    kinds, tokens = set(), set()
    for policy in ("random", "tuned"):
        for seed in range(8):
            g = _fuzz_game(policy, seed)
            kinds |= {e[2] for e in g.events}
            tokens |= {e[10] for e in events_of(g, "bridge_activated")}
    assert {"bridge_destroyed", "bridge_effect", "bridge_activated", "doom"} <= kinds
    assert tokens == set(br.BRIDGE_TOKENS)


def test_sim_coop_plays_bridges_and_replay_tells_them(tmp_path, capsys, monkeypatch):
    from tests.cli_helpers import run_cli
    from unmatched_sim.replay import replay_from_run

    text = (data.PACKAGE_DIR / "example_villain.toml").read_text()
    text = text.replace('id = "example_villain"', 'id = "bridge_villain"').replace(
        'objective = "generic"', 'objective = "destroy_bridges"').replace(
        'end_of_round_threat = 1', 'end_of_round_threat = 1\nthreat_per_doom = true')
    folder = tmp_path / "villains"
    folder.mkdir()
    (folder / "bridge_villain.toml").write_text(text)
    monkeypatch.setenv("UNMATCHED_VILLAINS", str(folder))
    monkeypatch.setenv("UNMATCHED_BOARDS", str(BOARD_FILE.parent))
    out = tmp_path / "run"
    code, stdout, err = run_cli(capsys, "coop", "bridge_villain", "houdini", "medusa", "--board", "coop_bridges",
                                "-n", "2", "-j", "1", "--seed", "4", "--out", str(out), "--no-progress")
    assert code == 0, err
    assert "not played" not in err
    for gid in range(2):
        lines = replay_from_run(out, gid)
        assert lines[-1].startswith("✓ replay matches")
        assert any(line.endswith("Bridge 1: " + t) for t in br.BRIDGE_TOKENS for line in lines)
        assert any("doom token(s) on bridge 1 (setup)" in line for line in lines)


def test_search_policy_plays_a_bridges_game_to_its_end():
    """ISMCTS searches copies of the game: each copy keeps its own bridges and board."""
    g = play_coop(new_game(("houdini", "medusa"), 5), "ismcts:iterations=8", 5)
    assert g.over and g.end_reason in ("villain_defeated", "all_fighters_defeated", "objective", "turn_limit")
