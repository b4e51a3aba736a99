"""The AI with several foes: every policy finishes legal free-for-all and team games, the
heuristic fears every foe (not only the one in focus), picks targets among all foes, reads each
foe's cards separately, and never treats a teammate as a target."""

from __future__ import annotations

import random

import pytest

from tests.scenario import Scenario
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.heuristic import HeuristicPolicy
from unmatched_sim.run import GameSpec, play_game
from unmatched_sim.data.catalog import find_board, find_hero

BOARD = find_board("marmoreal")
LINEUP = ("houdini", "genie", "loki", "pandora")


@pytest.mark.parametrize("fmt", ["ffa", "teams"])
@pytest.mark.parametrize("policy", ["random", "greedy", "tuned"])
def test_every_policy_finishes_multiplayer_games(policy, fmt):
    heroes = {h: find_hero(h) for h in LINEUP}
    for rot in range(4):
        g = GameSpec(rot, 0, 17, LINEUP[0], LINEUP[1], True, lineup=LINEUP, rotation=rot, format=fmt)
        game, row = play_game(g, heroes, BOARD, policy, policy)
        assert game.over and sorted(row["places"]) == sorted(game.places)


def test_search_finishes_a_free_for_all_with_a_tiny_budget():
    heroes = {h: find_hero(h) for h in LINEUP[:3]}
    g = GameSpec(0, 0, 5, "houdini", "genie", True, lineup=LINEUP[:3], rotation=0, format="ffa")
    game, _ = play_game(g, heroes, BOARD, "ismcts:iterations=2", "greedy", max_turns=12)
    assert game.over


def ffa_position():
    s = Scenario("genie", "houdini", more=("loki",), fmt=FreeForAll(3)).remove("Bess")
    s.place("The Genie", "M10", 0).place("Houdini", "M31", 1).place("Loki", "M01", 2)
    for seat, hero in ((1, "houdini"), (2, "loki")):
        attack = next(c.name for c in find_hero(hero).cards if c.can_attack and c.value and c.value >= 3)
        s.hand(seat, attack)
    s.game.turns_taken = [3, 3, 3]
    return s


def test_the_threat_map_counts_a_foe_who_is_not_in_focus():
    s = ffa_position()
    view = PlayerView(s.game, 0)
    pol = HeuristicPolicy(random.Random(1))
    pol._fresh()
    # Loki (M01) is the foe in focus (nearer); a space next to Houdini is threatened all the same.
    threat = pol.threat_map(view)
    near_houdini = s.space("M30")
    near_loki = s.space("M02")
    # (each space lists the attacks foes could make on it: non-empty means threatened)
    assert sum(threat[near_houdini]) > 0 and sum(threat[near_loki]) > 0


def test_the_heuristic_reads_each_foes_cards_separately():
    s = ffa_position()
    view = PlayerView(s.game, 0)
    pol = HeuristicPolicy(random.Random(1))
    pol._fresh()
    r_houdini, r_loki = pol.reader(view, 1), pol.reader(view, 2)
    assert r_houdini.foe == 1 and r_loki.foe == 2
    assert {d.name for d in r_houdini.pool} <= {c.name for c in find_hero("houdini").cards}
    assert {d.name for d in r_loki.pool} <= {c.name for c in find_hero("loki").cards}


def test_attack_targets_offered_to_the_ai_are_foes_only_in_team_play():
    s = Scenario("genie", "loki", more=("houdini", "pandora"), fmt=Teams(4)).remove("Bess")
    s.place("The Genie", "M10", 0).place("Houdini", "M11", 2).place("Loki", "M15", 1).place("Pandora", "M31", 3)
    s.hand(0, "Careful What You Wish For")
    s.hand(2, "Flourish")
    s.game.turns_taken = [3, 3, 3, 3]
    options = s.game.attack_options(0)
    assert {s.game.fighters[t].name for _, t in options} == {"Loki"}    # never the teammate
    s.begin_turn(0)
    pol = make_policy("tuned", random.Random(2))
    while s.pending is not None and s.pending.player == 0:
        s.game.answer(pol.choose(PlayerView(s.game, 0), s.pending))
    assert s.f("Houdini").health == s.f("Houdini").max_health    # the teammate is never hit
