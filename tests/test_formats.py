"""The rules of free-for-all and team play (every rulebook's "Free-for-All" and "Team Play"
sections), and the one friend/foe relation the engine asks everywhere."""


import dataclasses
import random

import pytest

from tests.scenario import Scenario, drive_random
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine import effects as E
from unmatched_sim.engine.formats import Format, FreeForAll, Teams, make_format
from unmatched_sim.engine.game import Game, IllegalChoice
from unmatched_sim.engine.state import OTHER_ROLE, SCHEME_ROLE, Ctx
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy


def ffa(*heroes: str, board: str = "marmoreal") -> Scenario:
    return Scenario(heroes[0], heroes[1], board=board, more=heroes[2:], fmt=FreeForAll(len(heroes)))


def teams(*heroes: str, board: str = "marmoreal") -> Scenario:
    return Scenario(heroes[0], heroes[1], board=board, more=heroes[2:], fmt=Teams(4))


def hero(s: Scenario, seat: int) -> int:
    return s.game.hero_of(seat).idx


def defeat(s: Scenario, seat: int) -> None:
    g = s.game
    fi = hero(s, seat)
    g.damage(fi, g.fighters[fi].health, "effect")


def play_out(g: Game, seed: int = 1) -> Game:
    return drive_random(g, seed, salt=None)


# ---------------------------------------------------------------------- the format objects
def test_formats_check_their_number_of_players():
    with pytest.raises(ValueError, match="ffa needs 3–4 heroes, got 2"):
        FreeForAll(2)
    with pytest.raises(ValueError, match="teams needs 4 heroes, got 3"):
        Teams(3)
    with pytest.raises(ValueError, match="duel needs 2 heroes, got 3"):
        Format(3)
    with pytest.raises(ValueError, match="unknown format 'melee'"):
        make_format("melee", 2)


def test_a_board_without_enough_starting_spaces_is_refused(tmp_path):
    board = find_board("marmoreal")
    two_starts = dataclasses.replace(board, starts={1: board.starts[1], 2: board.starts[2]})
    with pytest.raises(ValueError, match="no starting space 3"):
        Game(two_starts, tuple(find_hero(h) for h in ("houdini", "genie", "loki")), fmt=FreeForAll(3))


def test_teams_are_seats_zero_and_two_against_one_and_three():
    s = teams("houdini", "genie", "loki", "chupacabra")
    g = s.game
    assert g.team == (0, 1, 0, 1)
    assert g.foes(0) == (1, 3) and g.allies(0) == (2,) and g.friendly(0) == (0, 2)
    assert g.is_foe(0, 1) and not g.is_foe(0, 2)


def test_every_player_is_a_foe_in_free_for_all():
    g = ffa("houdini", "genie", "loki", "chupacabra").game
    assert g.foes(2) == (0, 1, 3) and g.allies(2) == ()


# ---------------------------------------------------------------------- setup and turn order
def test_team_setup_places_a1_b1_a2_b2_on_spaces_one_to_four_and_turns_follow_that_order():
    board = find_board("marmoreal")
    g = Game(board, tuple(find_hero(h) for h in ("houdini", "genie", "loki", "chupacabra")), seed=3,
             fmt=Teams(4), max_turns=12)
    play_out(g)
    for seat in range(4):
        (place,) = [e for e in g.events if e[2] == "place" and e[0] == 0 and e[1] == seat and e[3] == g.hero_of(seat).name]
        assert place[9] == board.labels[board.starts[seat + 1]]
    starts = [e[1] for e in g.events if e[2] == "turn_start"]
    assert starts[:8] == [0, 1, 2, 3, 0, 1, 2, 3]


def test_free_for_all_places_heroes_on_start_spaces_in_turn_order():
    board = find_board("marmoreal")
    g = Game(board, tuple(find_hero(h) for h in ("genie", "loki", "chupacabra")), seed=4,
             fmt=FreeForAll(3), max_turns=3)
    play_out(g)
    for seat in range(3):
        place = next(e for e in g.events if e[2] == "place" and e[1] == seat)
        assert place[9] == board.labels[board.starts[seat + 1]]


# ---------------------------------------------------------------------- who may attack whom
def test_first_round_attacks_only_the_next_player_or_those_who_have_had_a_turn():
    s = ffa("genie", "loki", "chupacabra", "houdini").remove("Bess")
    s.place("The Genie", "M10", 0).place("Loki", "M11", 1).place("Chupacabra", "M15", 2).place("Houdini", "M18", 3)
    g = s.game
    owners = lambda seat: sorted(g.fighters[t].owner for t in g.attack_targets(hero(s, seat)))
    g.active, g.turns_taken = 0, [1, 0, 0, 0]      # the first player's first turn
    assert owners(0) == [1]                         # not the third or the fourth
    g.active, g.turns_taken = 0, [2, 1, 1, 1]      # the second round: anyone
    assert owners(0) == [1, 2, 3]


def test_second_player_on_first_turn_may_attack_the_first_and_third_but_not_the_fourth():
    s = ffa("genie", "loki", "chupacabra", "houdini").remove("Bess")
    s.place("Loki", "M10", 1).place("The Genie", "M11", 0).place("Chupacabra", "M15", 2).place("Houdini", "M18", 3)
    g = s.game
    g.active, g.turns_taken = 1, [1, 1, 0, 0]
    owners = sorted(g.fighters[t].owner for t in g.attack_targets(hero(s, 1)))
    assert owners == [0, 2]


def test_no_first_round_restriction_in_team_play():
    s = teams("genie", "loki", "chupacabra", "houdini").remove("Bess")
    s.place("The Genie", "M10", 0).place("Loki", "M11", 1).place("Houdini", "M18", 3).place("Chupacabra", "M01", 2)
    g = s.game
    g.active, g.turns_taken = 0, [1, 0, 0, 0]
    owners = sorted(g.fighters[t].owner for t in g.attack_targets(hero(s, 0)))
    assert owners == [1, 3]      # both foes; never the teammate


def test_a_teammate_is_never_an_attack_target():
    s = teams("genie", "loki", "chupacabra", "houdini").remove("Bess")
    s.place("The Genie", "M10", 0).place("Chupacabra", "M11", 2).place("Loki", "M01", 1).place("Houdini", "M31", 3)
    g = s.game
    g.turns_taken = [3, 3, 3, 3]
    assert g.attack_targets(hero(s, 0)) == []


# ---------------------------------------------------------------------- friendly fighters
def test_a_teammates_fighter_is_friendly_for_movement():
    s = teams("genie", "loki", "chupacabra", "houdini").remove("Bess")
    s.place("The Genie", "M01", 0).place("Chupacabra", "M02", 2).place("Loki", "M31", 1).place("Houdini", "M25", 3)
    g = s.game
    assert s.space("M03") in g.reachable(hero(s, 0), 2)     # through the teammate
    s2 = teams("genie", "loki", "chupacabra", "houdini").remove("Bess")
    s2.place("The Genie", "M01", 0).place("Loki", "M02", 1).place("Chupacabra", "M31", 2).place("Houdini", "M25", 3)
    assert s2.space("M03") not in s2.game.reachable(hero(s2, 0), 2)   # not through a foe


def test_selectors_treat_a_teammates_fighters_as_friendly_and_never_opposing():
    s = teams("houdini", "genie", "loki", "chupacabra")
    s.place("Houdini", "M10", 0).place("Bess", "M11", 0).place("The Genie", "M15", 1)
    s.place("Loki", "M18", 2).place("Chupacabra", "M19", 3)
    g = s.game
    ctx = Ctx(0, -1, OTHER_ROLE, hero(s, 0))
    opposing = E.SELECTORS["opposing_fighter"][1](g, ctx)
    friendly = E.SELECTORS["friendly_fighter"][1](g, ctx)
    adjacent_opposing = E.SELECTORS["adjacent_opposing"][1](g, ctx)
    name = lambda fis: sorted(g.fighters[f].name for f in fis)
    assert name(opposing) == ["Chupacabra", "The Genie"]
    assert name(friendly) == ["Bess", "Houdini", "Loki"]
    assert name(adjacent_opposing) == ["Chupacabra", "The Genie"]   # Loki (M18) is a teammate


# ---------------------------------------------------------------------- elimination and winning
def test_free_for_all_elimination_removes_the_players_sidekicks_at_once():
    s = ffa("houdini", "genie", "loki")
    s.place("Houdini", "M10", 0).place("Bess", "M11", 0).place("The Genie", "M31", 1).place("Loki", "M01", 2)
    g = s.game
    s.health("Houdini", 1)
    g.damage(hero(s, 0), 1, "effect")
    assert not s.f("Bess").on_board and s.f("Bess").alive      # removed, not defeated
    assert [e["fighter"] for e in s.events("removed")] == ["Bess"]
    assert not g.check_win()                                   # two players are still in
    assert g.out[0] and g.places[0] == 3
    assert [e["player"] for e in s.events("eliminated")] == [0]


def test_the_last_hero_standing_wins_free_for_all_and_places_follow_elimination_order():
    s = ffa("houdini", "genie", "loki").remove("Bess")
    s.place("Houdini", "M10", 0).place("The Genie", "M31", 1).place("Loki", "M01", 2)
    g = s.game
    defeat(s, 1)
    assert not g.check_win()
    defeat(s, 0)
    assert g.check_win() and g.over
    assert g.winner == 2 and g.places == [2, 3, 1]
    assert g.won(2) and not g.won(0)


def test_simultaneous_defeat_in_free_for_all_goes_to_the_player_whose_turn_it_is():
    s = ffa("houdini", "genie", "loki").remove("Bess")
    s.place("Houdini", "M10", 0).place("The Genie", "M31", 1).place("Loki", "M01", 2)
    g = s.game
    g.active = 1
    for seat in (0, 1, 2):
        defeat(s, seat)
    assert g.check_win()
    assert g.winner == 1 and g.end_reason == "simultaneous_defeat"
    assert g.places == [2, 1, 2]


def test_simultaneous_defeat_without_the_active_player_goes_to_the_next_in_turn_order():
    s = ffa("houdini", "genie", "loki").remove("Bess")
    s.place("Houdini", "M10", 0).place("The Genie", "M31", 1).place("Loki", "M01", 2)
    g = s.game
    defeat(s, 0)
    assert not g.check_win()          # seat 0 is out
    g.active = 0
    defeat(s, 1)
    defeat(s, 2)
    assert g.check_win() and g.winner == 1 and g.places == [3, 1, 2]


def test_a_team_is_not_beaten_until_both_its_heroes_are_defeated():
    s = teams("genie", "loki", "chupacabra", "houdini")
    s.place("The Genie", "M10", 0).place("Loki", "M11", 1).place("Chupacabra", "M15", 2)
    s.place("Houdini", "M18", 3).place("Bess", "M19", 3)
    g = s.game
    defeat(s, 1)
    assert not g.check_win() and g.out[1]          # Loki's player has no fighter left: out
    defeat(s, 3)
    assert g.check_win() and g.winner == 0         # both team B heroes down: team A wins
    assert g.places == [1, 2, 1, 2] and g.won(0) and g.won(2)


def test_a_heroless_team_player_with_a_sidekick_keeps_taking_turns():
    s = teams("genie", "houdini", "chupacabra", "loki")
    s.place("The Genie", "M10", 0).place("Houdini", "M11", 1).place("Bess", "M15", 1)
    s.place("Chupacabra", "M18", 2).place("Loki", "M01", 3)
    g = s.game
    defeat(s, 1)
    assert not g.check_win() and not g.out[1]
    assert s.f("Bess").on_board                    # no sidekick removal in team play
    assert g.next_seat(0) == 1                     # Houdini's player still takes turns
    s.begin_turn(1)
    assert s.events("turn_start")[-1]["player"] == 1 and s.events("action")[-1]["player"] == 1


def test_an_eliminated_player_is_skipped_in_turn_order():
    s = ffa("houdini", "genie", "loki").remove("Bess")
    s.place("Houdini", "M10", 0).place("The Genie", "M31", 1).place("Loki", "M01", 2)
    g = s.game
    defeat(s, 1)
    g.check_win()
    assert g.next_seat(0) == 2 and g.next_seat(2) == 0


# ---------------------------------------------------------------------- "your opponent"
def test_your_opponent_on_a_combat_card_is_the_other_player_in_the_combat():
    # I've Made Sultans Out of Less: after combat, look at your opponent's hand and choose a
    # card for them to discard. The Genie attacks Loki; Houdini, also a foe, is not touched.
    s = ffa("genie", "houdini", "loki").remove("Bess")
    s.place("The Genie", "M10", 0).place("Houdini", "M31", 1).place("Loki", "M11", 2)
    s.hand(0, "I've Made Sultans Out of Less")
    s.hand(1, "Flourish", "Grand Escape")
    s.hand(2, s.game.cards[s.game.players[2].deck[-1]].defn.name)
    g = s.game
    g.turns_taken = [2, 2, 2]
    s.begin_turn(0)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    s.attack("The Genie", "Loki", "I've Made Sultans Out of Less", None)
    assert [e["player"] for e in s.events("discard")] == [2]       # Loki's one card
    assert len(g.players[1].hand) == 2


def test_an_effect_on_your_opponent_outside_combat_asks_which_foe():
    s = ffa("houdini", "genie", "loki").remove("Bess")
    g = s.game
    draw_op = E.parse_effects([{"op": "draw", "who": "opponent"}], frozenset({"Houdini"}))
    before = [len(p.hand) for p in g.players]
    g.run_effects(draw_op, Ctx(0, -1, SCHEME_ROLE, hero(s, 0)))
    s.expect("effect_opponent")
    assert sorted(s.pending.options) == [1, 2]
    s.game.answer(2)
    assert [len(p.hand) for p in g.players] == [before[0], before[1], before[2] + 1]
    assert s.events("opponent_chosen")[0]["target"] == "Loki"


def test_a_yes_is_not_a_seat_when_the_opponent_is_asked_for():
    """True == 1 in Python: answering "yes" to "which foe?" must be refused, not taken as seat 1."""
    s = ffa("houdini", "genie", "loki").remove("Bess")
    draw_op = E.parse_effects([{"op": "draw", "who": "opponent"}], frozenset({"Houdini"}))
    s.game.run_effects(draw_op, Ctx(0, -1, SCHEME_ROLE, hero(s, 0)))
    s.expect("effect_opponent")
    with pytest.raises(IllegalChoice):
        s.game.answer(True)


def test_greedy_names_the_foe_in_focus_as_your_opponent():
    s = ffa("houdini", "genie", "loki").remove("Bess")
    s.place("Houdini", "M10", 0).place("The Genie", "M31", 1).place("Loki", "M11", 2)
    draw_op = E.parse_effects([{"op": "draw", "who": "opponent"}], frozenset({"Houdini"}))
    s.game.run_effects(draw_op, Ctx(0, -1, SCHEME_ROLE, hero(s, 0)))
    s.expect("effect_opponent")
    view = PlayerView(s.game, 0)
    assert view.opp == 2        # Loki stands next to Houdini
    assert make_policy("greedy", random.Random(0)).choose(view, s.pending) == 2


def test_with_one_foe_left_no_opponent_is_asked():
    s = ffa("houdini", "genie", "loki").remove("Bess")
    s.place("Houdini", "M10", 0).place("The Genie", "M31", 1).place("Loki", "M01", 2)
    g = s.game
    defeat(s, 1)
    g.check_win()
    ops = E.parse_effects([{"op": "draw", "who": "opponent"}], frozenset({"Houdini"}))
    n = len(g.players[2].hand)
    g.run_effects(ops, Ctx(0, -1, SCHEME_ROLE, hero(s, 0)))
    g.run()
    assert g.pending is None and len(g.players[2].hand) == n + 1


# ---------------------------------------------------------------------- hidden information
def test_a_look_at_a_hand_is_known_to_the_looker_only():
    s = ffa("genie", "houdini", "loki").remove("Bess")
    s.hand(1, "Flourish", "Grand Escape")
    g = s.game
    look = E.parse_effects([{"op": "look_at_hand"}], frozenset({"The Genie"}))
    g.run_effects(look, Ctx(0, -1, SCHEME_ROLE, hero(s, 0), opponent=1))
    g.run()
    hand = g.players[1].hand
    assert hand and all(g.known_to(0, 1, c) for c in hand)
    assert not any(g.known_to(2, 1, c) for c in hand)
    assert PlayerView(g, 0).known_opponent_hand(1) == sorted(hand)
    assert PlayerView(g, 2).known_opponent_hand(1) == []


def test_view_focuses_on_the_nearest_foe_and_lists_every_foe():
    s = ffa("genie", "houdini", "loki").remove("Bess")
    s.place("The Genie", "M10", 0).place("Houdini", "M31", 1).place("Loki", "M11", 2)
    v = PlayerView(s.game, 0)
    assert v.foes == (1, 2) and v.opp == 2


def test_the_other_side_of_a_combat_is_read_from_the_combat_not_from_seat_numbers():
    """Combat.opposing / other_player name the other player of a combat by its two sides, so a
    combat between seats 2 and 0 of a four-player game is read right (``1 - seat`` would not)."""
    from unmatched_sim.engine.state import ATTACKER, DEFENDER, Combat, other_role

    c = Combat(2, 5, 7, 0)          # seat 2's fighter 5 attacks seat 0's fighter 7
    assert (other_role(ATTACKER), other_role(DEFENDER)) == (DEFENDER, ATTACKER)
    assert (c.opposing(ATTACKER), c.opposing(DEFENDER)) == (0, 2)
    assert (c.other_player(2), c.other_player(0)) == (0, 2)
