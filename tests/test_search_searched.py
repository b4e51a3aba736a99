"""``searched``: the search limited to some groups of its player's decisions (to measure which
decisions its gain comes from). The others are the guide's, in the real game and in the tree."""

from __future__ import annotations

import random

import pytest

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import UserError
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.search import searched_groups

BOARD = find_board("marmoreal")


def _searched_and_guided(spec: str, seed: int = 5, turns: int = 4):
    """Seat 0 played by ``spec`` for the first turns: the kinds of its real decisions that were
    searched, the kinds it left to the guide, and the kinds of seat 0's decisions the tree left
    to the guide (asked of the guide below the root)."""
    g = Game(BOARD, (find_hero("houdini"), find_hero("genie")), seed=seed, record=False).start()
    search = make_policy(spec, random.Random(seed))
    other = make_policy("tuned", random.Random(1))
    asked_in_tree = []

    class Recording:
        """The guide, noting whose decisions of which kind it is asked (a compiled policy's
        methods cannot be replaced on the instance)."""

        def __init__(self, guide):
            self.guide = guide

        def choose(self, view, decision):
            asked_in_tree.append((view.seat, decision.kind))
            return self.guide.choose(view, decision)

    search.guide_policy = Recording(search.guide_policy)
    searched, guided = set(), set()
    views = [PlayerView(g, 0), PlayerView(g, 1)]
    while g.pending is not None and g.turn <= turns and not g.over:
        d = g.pending
        if d.player == 0 and len(d.options) > 1 and d.kind not in search.DELEGATED:
            before = search.decisions
            choice = search.choose(views[0], d)
            (searched if search.decisions > before else guided).add(d.kind)
        else:
            choice = (search if d.player == 0 else other).choose(views[d.player], d)
        g.answer(choice)
    return searched, guided, {k for s, k in asked_in_tree if s == 0}


def test_searched_action_searches_only_the_players_action_choices():
    searched, guided, _ = _searched_and_guided("ismcts:iterations=30,searched=action")
    assert searched == {"action"}
    assert {"move_destination"} & guided


def test_a_decision_left_to_the_guide_is_the_guides_in_the_tree_too():
    _, guided, in_tree = _searched_and_guided("ismcts:iterations=30,searched=action")
    assert "move_destination" in in_tree      # the tree asked the guide for seat 0's moves


def test_searched_all_searches_every_kind():
    searched, guided, _ = _searched_and_guided("ismcts:iterations=30")
    assert {"action", "move_destination"} <= searched and not guided


def test_searched_groups_join_with_plus_and_effects_stand_for_every_other_kind():
    search = make_policy("ismcts:searched=move+effects", random.Random(0))
    assert search.searched_groups == {"move", "effects"}
    assert search._searches("move_destination") and search._searches("maneuver_boost")
    assert search._searches("ransom") and search._searches("bidding_card")    # no group names them
    assert not search._searches("action") and not search._searches("defense_card")
    assert searched_groups("all") is None and searched_groups("") is None


def test_an_unknown_group_names_it_and_lists_the_groups():
    with pytest.raises(UserError, match="no group 'moves'.*action, target"):
        make_policy("ismcts:searched=action+moves", random.Random(0))
