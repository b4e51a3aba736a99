"""Special board features: one-way paths and conveyor belts (Battle of Legends Vol. 3, Santa's
Workshop) and secret passages (Houdini vs. The Genie, King Solomon's Tomb), on the small test
boards in tests/boards/ — the real boards' layouts are not public — plus the board file checks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenario import Scenario
from unmatched_sim.data.board import load_board_file
from unmatched_sim.engine.board_features import plan_conveyors, run_conveyors
from unmatched_sim.errors import DataError

BOARDS = Path(__file__).resolve().parent / "boards"


def board(name: str):
    return load_board_file(BOARDS / f"{name}.toml")


def labels(s: Scenario, spaces) -> list[str]:
    return sorted(s.board.labels[x] for x in spaces)


def scenario(name: str, hero0: str = "chupacabra", hero1: str = "houdini") -> Scenario:
    return Scenario(hero0, hero1, board_def=board(name))


def belt_step(s: Scenario) -> Scenario:
    """Run the end-of-turn conveyor step on its own."""
    return s.run_steps((run_conveyors, ()))


# ================================================================== one-way paths
def test_one_way_path_can_be_walked_in_the_arrows_direction():
    s = scenario("one_way").place("Chupacabra", "B").remove("Houdini").remove("Bess")
    assert "C" in labels(s, s.game.reachable(s.fighter("Chupacabra"), 1))


def test_one_way_path_cannot_be_walked_against_the_arrow():
    s = scenario("one_way").place("Chupacabra", "C").remove("Houdini").remove("Bess")
    assert labels(s, s.game.reachable(s.fighter("Chupacabra"), 5)) == ["C", "D", "E"]


def test_one_way_path_spaces_are_adjacent_both_ways_for_attacks():
    s = scenario("one_way").place("Chupacabra", "C").place("Houdini", "B").remove("Bess")
    assert s.game.attack_targets(s.fighter("Chupacabra")) == [s.fighter("Houdini")]
    assert s.game.attack_targets(s.fighter("Houdini")) == [s.fighter("Chupacabra")]


def test_one_way_path_spaces_are_adjacent_both_ways_for_effects():
    s = scenario("one_way").place("Chupacabra", "C").place("Houdini", "B").remove("Bess")
    assert s.game.fighters_adjacent_to(s.fighter("Chupacabra")) == [s.fighter("Houdini")]


def test_one_way_path_holds_for_a_card_effect_moving_an_opponents_fighter():
    """Houdini's Vanishing Act moves Chupacabra by the movement rules from Chupacabra's side:
    through opponents is allowed, against the arrow is not."""
    s = scenario("one_way").place("Chupacabra", "C").place("Houdini", "D").place("Bess", "A")
    s.hand(1, "Vanishing Act")
    s.begin_turn(1)
    s.attack("Houdini", "Chupacabra", "Vanishing Act", None)
    s.expect("effect_fighter").choose("Chupacabra")
    s.expect("effect_destination")
    assert sorted(s.options()) == ["C", "E"]          # never B, against the arrow


def test_one_way_path_holds_for_a_card_effect_moving_your_own_fighter():
    """Traveler of the Night: up to 4 spaces, through opponents, but never against the arrow."""
    s = scenario("one_way").place("Chupacabra", "E").place("Houdini", "D").remove("Bess")
    s.hand(0, "Traveler of the Night")
    s.begin_turn(0)
    s.choose("scheme")
    s.expect("effect_destination")
    assert sorted(s.options()) == ["C", "E"]


def test_one_way_path_does_not_limit_placing():
    s = scenario("one_way", "chupacabra", "genie").place("Chupacabra", "C").place("The Genie", "D")
    s.hand(1, "I Am Freed")
    s.begin_turn(1)
    s.choose(None)                                    # Infinite Power: keep the hand
    s.attack("The Genie", "Chupacabra", "I Am Freed", None)
    s.expect("effect_destination")
    assert sorted(s.options()) == ["A", "B", "E", "F"]   # any empty space, both sides of the arrow


def test_one_way_path_does_not_change_zones():
    b = board("one_way")
    assert not b.same_zone(b.space("B"), b.space("C"))            # green / red, as coloured
    assert b.same_zone(b.space("F"), b.space("C"))                # F is in both zones


def test_distances_for_the_ai_follow_the_arrow():
    from unmatched_sim.engine.view import board_distances
    b = board("one_way")
    d = board_distances(b)
    assert d[b.space("B")][b.space("C")] == 1 and d[b.space("C")][b.space("B")] == 99   # never


# ================================================================== secret passages
def test_secret_passage_moves_to_any_other_passage_space_for_one_movement():
    s = scenario("secret_passages").place("Chupacabra", "S1").remove("Houdini").remove("Bess")
    assert labels(s, s.game.reachable(s.fighter("Chupacabra"), 1)) == ["S1", "S2", "S4", "S6"]


def test_secret_passage_costs_one_movement_like_any_step():
    """The rulebook's example: one step onto a passage space, a second step across the map."""
    s = scenario("secret_passages").place("Chupacabra", "S2").remove("Houdini").remove("Bess")
    assert "S6" not in labels(s, s.game.reachable(s.fighter("Chupacabra"), 1))
    assert "S6" in labels(s, s.game.reachable(s.fighter("Chupacabra"), 2))


def test_secret_passage_spaces_are_not_adjacent_for_attacks():
    s = scenario("secret_passages").place("Chupacabra", "S1").place("Houdini", "S4").remove("Bess")
    assert s.game.attack_targets(s.fighter("Chupacabra")) == []
    assert not s.game.adjacent(s.fighter("Chupacabra"), s.fighter("Houdini"))


def test_secret_passage_spaces_are_not_adjacent_for_effects():
    """Tooth and Tail hits fighters adjacent to Chupacabra: Houdini, across the passage, is not."""
    s = scenario("secret_passages").place("Chupacabra", "S1").place("Bess", "S2").place("Houdini", "S4")
    assert s.game.fighters_adjacent_to(s.fighter("Chupacabra")) == [s.fighter("Bess")]


def test_secret_passage_cannot_be_used_into_an_opposing_fighter():
    s = scenario("secret_passages").place("Chupacabra", "S1").place("Houdini", "S4").remove("Bess")
    reach = labels(s, s.game.reachable(s.fighter("Chupacabra"), 2))
    assert "S4" not in reach and "S5" in reach          # S5 by S6's passage, not through Houdini


def test_secret_passage_can_be_passed_through_a_friendly_fighter():
    s = scenario("secret_passages", "houdini", "chupacabra")
    s.place("Houdini", "S1").place("Bess", "S4").place("Chupacabra", "S6")
    reach = labels(s, s.game.reachable(s.fighter("Houdini"), 2))
    assert "S4" not in reach and {"S3", "S5"} <= set(reach)


# ================================================================== conveyor belts
def test_conveyor_moves_a_fighter_one_space_along_the_belt():
    s = scenario("conveyor").place("Chupacabra", "B2").place("Houdini", "G3").remove("Bess")
    belt_step(s)
    assert s.f("Chupacabra").space == s.space("B3")
    assert [(e["fighter"], e["space"], e["detail"]) for e in s.events("conveyor")] == [
        ("Chupacabra", "B3", "B2")]


def test_conveyor_leaves_fighters_off_the_belt_alone():
    s = scenario("conveyor").place("Chupacabra", "G2").place("Houdini", "Y1").remove("Bess")
    belt_step(s)
    assert s.f("Chupacabra").space == s.space("G2") and s.f("Houdini").space == s.space("Y1")
    assert s.events("conveyor") == []


def test_conveyor_end_space_fighter_is_placed_in_the_bin_by_its_owner():
    s = scenario("conveyor").place("Chupacabra", "B4").place("Houdini", "G3").remove("Bess")
    belt_step(s)
    s.expect("conveyor_bin")
    assert s.pending.player == 0 and s.pending.info["fighter"] == s.fighter("Chupacabra")
    assert sorted(s.options()) == ["Y1", "Y2"]          # the dual-coloured Y2 is in the bin too
    s.choose("Y2")
    assert s.f("Chupacabra").space == s.space("Y2")
    assert [(e["fighter"], e["space"], e["detail"]) for e in s.events("conveyor_bin")] == [
        ("Chupacabra", "Y2", "B4")]


def test_conveyor_bin_offers_only_empty_spaces():
    s = scenario("conveyor").place("Chupacabra", "B4").place("Houdini", "Y1").remove("Bess")
    belt_step(s)                                        # one option: taken without asking
    assert s.f("Chupacabra").space == s.space("Y2")


def test_conveyor_bin_decision_goes_to_the_owner_of_the_fighter_not_the_active_player():
    s = scenario("conveyor").place("Chupacabra", "G1").place("Houdini", "B4").place("Bess", "G3")
    s.game.active = 0
    belt_step(s)
    s.expect("conveyor_bin")
    assert s.pending.player == 1


def test_conveyor_full_bin_holds_the_end_fighter():
    s = scenario("conveyor").place("Chupacabra", "B4").place("Houdini", "Y1").place("Bess", "Y2")
    belt_step(s)
    assert s.pending is None and s.f("Chupacabra").space == s.space("B4")
    assert [(e["fighter"], e["detail"]) for e in s.events("conveyor_blocked")] == [("Chupacabra", "bin_full")]


def test_conveyor_line_of_fighters_moves_together():
    """Everyone rides at the same time: a space being left this instant is free to enter."""
    s = scenario("conveyor").place("Houdini", "B2").place("Bess", "B3").place("Chupacabra", "B4")
    belt_step(s)
    s.expect("conveyor_bin").choose("Y1")
    assert s.f("Chupacabra").space == s.space("Y1")
    assert s.f("Bess").space == s.space("B4") and s.f("Houdini").space == s.space("B3")
    assert s.events("conveyor_blocked") == []


def test_conveyor_fighter_behind_a_gap_still_moves():
    s = scenario("conveyor").place("Houdini", "B1").place("Chupacabra", "B3").remove("Bess")
    belt_step(s)
    assert s.f("Houdini").space == s.space("B2") and s.f("Chupacabra").space == s.space("B4")


def test_conveyor_blocked_front_fighter_blocks_the_line_behind_it():
    s = scenario("two_belts", "chupacabra", "houdini")
    # Belt A (A1 > A2) and belt C (C1 > C2) share a one-space bin, Y1.
    s.place("Chupacabra", "A2").place("Houdini", "C2").place("Bess", "C1")
    s.game.active = 0                                   # Chupacabra's turn ends: its owner places first
    belt_step(s)
    assert s.f("Chupacabra").space == s.space("Y1")
    assert s.f("Houdini").space == s.space("C2") and s.f("Bess").space == s.space("C1")
    assert sorted((e["fighter"], e["detail"]) for e in s.events("conveyor_blocked")) == [
        ("Bess", "occupied"), ("Houdini", "bin_full")]


def test_conveyor_shared_bin_goes_first_to_the_player_whose_turn_ended():
    s = scenario("two_belts", "chupacabra", "houdini")
    s.place("Chupacabra", "A2").place("Houdini", "C2").remove("Bess")
    s.game.active = 1
    belt_step(s)
    assert s.f("Houdini").space == s.space("Y1") and s.f("Chupacabra").space == s.space("A2")


def test_conveyor_fighter_held_in_place_does_not_move_and_blocks_the_one_behind():
    s = scenario("conveyor").place("Houdini", "B1").place("Bess", "B2").place("Chupacabra", "B3")
    chupa = s.fighter("Chupacabra")
    p = s.game.players[1]

    class Holds(type(p.ability)):          # a future effect
        def holds_in_place(self, g, fi):
            return fi == chupa

    s.game.set_ability(1, Holds(p.hero, p.ability.params))
    belt_step(s)
    assert s.f("Chupacabra").space == s.space("B3")
    assert s.f("Bess").space == s.space("B2")           # blocked by the held fighter
    assert s.f("Houdini").space == s.space("B1")        # blocked by Bess, who stays
    assert sorted((e["fighter"], e["detail"]) for e in s.events("conveyor_blocked")) == [
        ("Bess", "occupied"), ("Chupacabra", "held"), ("Houdini", "occupied")]


def test_conveyor_plan_changes_nothing():
    s = scenario("conveyor").place("Houdini", "B2").place("Chupacabra", "B4").remove("Bess")
    rides, leavers, blocked = plan_conveyors(s.game)
    assert s.f("Houdini").space == s.space("B2") and s.f("Chupacabra").space == s.space("B4")
    assert [(s.game.fighters[f].name, s.board.labels[a], s.board.labels[b]) for f, a, b in rides] == [
        ("Houdini", "B2", "B3")]
    assert [s.game.fighters[f].name for f, _, _ in leavers] == ["Chupacabra"] and blocked == ()


def stay_put(s: Scenario, fighter: str) -> None:
    """A maneuver that draws and moves nobody."""
    s.expect("maneuver_boost").choose(None)
    if s.pending is not None and s.pending.kind == "move_destination":
        s.choose(s.board.labels[s.f(fighter).space])


def test_conveyor_runs_at_the_end_of_every_turn_whoever_took_it():
    s = scenario("conveyor", "chupacabra", "genie").place("Chupacabra", "B1").place("The Genie", "G3")
    s.begin_turn(0)
    stay_put(s, "Chupacabra")
    stay_put(s, "Chupacabra")
    assert s.f("Chupacabra").space == s.space("B2")     # end of Chupacabra's own turn
    assert s.game.active == 1
    stay_put(s, "The Genie")                            # (empty hand: no Infinite Power choice)
    stay_put(s, "The Genie")
    assert s.f("Chupacabra").space == s.space("B3")     # end of the Genie's turn too
    assert [e["turn"] for e in s.events("conveyor")] == [1, 2]


def test_conveyor_runs_before_the_hand_limit():
    s = scenario("conveyor", "chupacabra", "genie").place("Chupacabra", "B4").place("The Genie", "G3")
    s.hand(0, "Feint", "Feint", "Feint", "Wounded Beast", "Wounded Beast", "Wounded Beast", "Ambush")
    s.begin_turn(0)
    stay_put(s, "Chupacabra")
    stay_put(s, "Chupacabra")                           # 9 cards in hand now
    s.expect("conveyor_bin").choose("Y1")
    s.expect("hand_limit_discard")
    assert s.f("Chupacabra").space == s.space("Y1")


def test_conveyor_play_never_breaks_the_rules_in_whole_games():
    """Greedy games on the belt board: no two fighters share a space, the board's occupant table
    matches every fighter, and the belt moved fighters."""
    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.engine.game import Game
    from unmatched_sim.data.catalog import find_hero
    from unmatched_sim.policies import make_policy
    import random

    rode = 0
    for seed in range(12):
        g = Game(board("conveyor"), (find_hero("chupacabra"), find_hero("houdini")), seed=seed).start()
        pols = [make_policy("greedy", random.Random(seed * 2 + i)) for i in (0, 1)]
        while not g.over:
            d = g.pending
            g.answer(pols[d.player].choose(PlayerView(g, d.player), d))
            for f in g.fighters:
                if f.on_board:
                    assert g.occupant[f.space] == f.idx
            assert sum(1 for o in g.occupant if o >= 0) == sum(1 for f in g.fighters if f.on_board)
        rode += sum(1 for e in g.events if e[2] in ("conveyor", "conveyor_bin"))
    assert rode > 0


# ================================================================== board file checks
def bad_board(tmp_path, text: str) -> str:
    p = tmp_path / "bad.toml"
    p.write_text('id = "bad"\nname = "Bad"\n' + text)
    with pytest.raises(DataError) as e:
        load_board_file(p)
    return str(e.value)


SPACES = """
[spaces]
A = { zones = ["green"], start = 1 }
B = { zones = ["green"] }
C = { zones = ["red"], start = 2 }
Y = { zones = ["yellow"] }
"""


def test_board_error_names_file_field_and_a_one_way_path_also_listed_as_a_path(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\none_way = [["B", "A"]]\n' + SPACES)
    assert "bad.toml" in msg and "(one_way[0])" in msg and "already joined by paths[0]" in msg


def test_board_error_for_a_one_way_path_listed_both_ways(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["B", "C"], ["C", "Y"]]\none_way = [["A", "B"], ["B", "A"]]\n' + SPACES)
    assert "bad.toml (one_way[1])" in msg and "two-way line goes in 'paths'" in msg


def test_board_error_for_an_unknown_space_in_a_one_way_path(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\none_way = [["A", "Q"]]\n' + SPACES)
    assert "bad.toml (one_way[0])" in msg and "unknown space 'Q'" in msg


def test_board_error_for_a_lone_secret_passage(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\nsecret_passages = ["A"]\n' + SPACES)
    assert "bad.toml (secret_passages)" in msg and "at least two" in msg


def test_board_error_for_a_secret_passage_that_is_not_a_space_id(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\nsecret_passages = ["A", 3]\n' + SPACES)
    assert "bad.toml (secret_passages[1])" in msg and "must be text" in msg


def test_board_error_for_a_conveyor_with_an_unknown_bin_zone(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\n' + SPACES
                    + '[[conveyors]]\npath = ["A", "B"]\nbin_zone = "gold"\n')
    assert "bad.toml (conveyors[0].bin_zone)" in msg and "unknown zone 'gold'" in msg


def test_board_error_for_a_conveyor_space_inside_its_own_bin(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\n' + SPACES
                    + '[[conveyors]]\npath = ["B", "Y"]\nbin_zone = "yellow"\n')
    assert "bad.toml (conveyors[0].bin_zone)" in msg and "belt space 'Y'" in msg


def test_board_error_for_a_space_on_two_belts(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\n' + SPACES
                    + '[[conveyors]]\npath = ["A", "B"]\nbin_zone = "yellow"\n'
                    + '[[conveyors]]\npath = ["B", "C"]\nbin_zone = "yellow"\n')
    assert "bad.toml (conveyors[1].path[0])" in msg and "already on conveyors[0].path" in msg


def test_board_error_for_a_conveyor_of_one_space(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\n' + SPACES
                    + '[[conveyors]]\npath = ["A"]\nbin_zone = "yellow"\n')
    assert "bad.toml (conveyors[0].path)" in msg and "at least two spaces" in msg


def test_board_error_for_an_unknown_conveyor_field(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\n' + SPACES
                    + '[[conveyors]]\npath = ["A", "B"]\nbin_zone = "yellow"\nspeed = 2\n')
    assert "bad.toml (conveyors[0].speed)" in msg and "unknown field 'speed'" in msg


def test_board_error_for_conveyors_written_as_a_single_table(tmp_path):
    msg = bad_board(tmp_path, 'paths = [["A", "B"], ["B", "C"], ["C", "Y"]]\n' + SPACES
                    + '[conveyors]\npath = ["A", "B"]\nbin_zone = "yellow"\n')
    assert "bad.toml (conveyors)" in msg and "[[conveyors]]" in msg


def test_every_test_board_loads():
    for p in sorted(BOARDS.glob("*.toml")):
        assert load_board_file(p).size >= 6


def test_the_adjacency_matrix_is_the_boards_adjacency_for_every_board():
    """``Board.adjacency`` (the AI's C-readable copy of ``adjacent``) says adjacent exactly
    where ``adjacent`` does, on the shipped boards and the test boards."""
    from unmatched_sim.data.catalog import all_boards

    for b in list(all_boards()) + [load_board_file(p) for p in sorted(BOARDS.glob("*.toml"))]:
        n = b.size
        assert len(b.adjacency) == n * n
        for s in range(n):
            for t in range(n):
                assert bool(b.adjacency[s * n + t]) == (t in b.adjacent[s]), (b.id, s, t)


def test_the_adjacent_sequences_are_the_boards_adjacency_for_every_board():
    """``Board.adjacent_seq`` (the threat map's tuple copy of ``adjacent``) lists each space's
    neighbours exactly, in order, on the shipped boards and the test boards."""
    from unmatched_sim.data.catalog import all_boards

    for b in list(all_boards()) + [load_board_file(p) for p in sorted(BOARDS.glob("*.toml"))]:
        assert len(b.adjacent_seq) == b.size
        for s in range(b.size):
            assert b.adjacent_seq[s] == tuple(sorted(b.adjacent[s])), (b.id, s)
