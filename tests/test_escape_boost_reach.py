"""Houdini's maneuver BOOST, weighed once (``HeuristicPolicy.on_maneuver_boost``): boosted, his
Escape Artist may place him on any empty space instead of moving, and a move reaches only empty
spaces and his own. So every BOOST value ends on the same spaces — the empty ones and his own —
and their best value is worked out once instead of a walk and a union per BOOST value."""

import random

import pytest

from tests.scenario import greedy_midgame
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.heuristic import TunedPolicy


def houdini_on_the_board(seed: int, steps: int):
    """Houdini's view (seat 0) and hero after ``steps`` greedy decisions against the Genie."""
    view = PlayerView(greedy_midgame(seed, steps, ("houdini", "genie")), 0)
    me = view.my_hero()
    if not me.on_board:
        pytest.skip("Houdini is off the board")
    return view, me


@pytest.mark.parametrize("seed,steps", [(1, 0), (2, 12), (3, 25), (4, 40), (5, 60)])
def test_a_boosted_move_with_escape_reaches_only_empty_spaces_and_his_own(seed, steps):
    view, me = houdini_on_the_board(seed, steps)
    here = me.space
    empty_or_here = {s for s in range(view.board.size) if view.occupant(s) < 0 or s == here}
    for extra in range(0, 6):
        reach = set(view.reachable(me.idx, view.move_value() + extra))
        assert here in reach and reach <= empty_or_here
        assert reach | {s for s in empty_or_here if s != here} == empty_or_here


@pytest.mark.parametrize("seed,steps", [(6, 10), (7, 30)])
def test_the_escape_boost_value_equals_the_best_over_each_reach_and_the_empty_spaces(seed, steps):
    view, me = houdini_on_the_board(seed, steps)
    pol = TunedPolicy(random.Random(0))
    pol.choose(view, _Probe(view))           # sets the decision's style and memo for the view
    empty = {s for s in range(view.board.size) if view.occupant(s) < 0}
    once = pol.best_space_value(view, me.idx, sorted(empty | {me.space}), 1)
    for extra in range(0, 4):
        union = set(view.reachable(me.idx, view.move_value() + extra)) | empty
        assert pol.best_space_value(view, me.idx, list(union), 1) == once


class _Probe:
    """A decision no handler knows: ``choose`` answers it with the first option."""

    def __init__(self, view):
        self.kind, self.options, self.info, self.player = "probe", [None], {}, view.seat


class _Boost:
    """A maneuver's BOOST decision offering every card of the hand."""

    def __init__(self, view):
        self.kind, self.options, self.info, self.player = "maneuver_boost", [None] + list(view.hand), {}, view.seat


class _CostedTuned(TunedPolicy):
    """The tuned style with ``boost_cost`` overridden (by itself): every card is costed."""

    def boost_cost(self, view, cid):
        return TunedPolicy.boost_cost(self, view, cid)


@pytest.mark.parametrize("heroes", [("houdini", "genie"), ("genie", "houdini"), ("pandora", "loki")])
@pytest.mark.parametrize("seed,steps", [(11, 5), (12, 20), (13, 35), (14, 50)])
def test_the_boost_pick_is_the_same_with_cards_that_cannot_win_passed_over(heroes, seed, steps):
    g = greedy_midgame(seed, steps, heroes)
    for seat in (0, 1):
        view = PlayerView(g, seat)
        if not view.hand or not view.my_hero().on_board:
            continue
        picks = []
        for cls in (TunedPolicy, _CostedTuned):
            pol = cls(random.Random(0))
            picks.append(pol.choose(view, _Boost(view)))
        assert picks[0] == picks[1]


def test_a_style_that_overrides_a_cost_has_every_card_costed():
    g = greedy_midgame(12, 20, ("genie", "houdini"))
    view = PlayerView(g, 0)
    assert view.my_hero().on_board and len(view.hand) >= 2
    costed = []

    class Counting(TunedPolicy):
        def boost_cost(self, view, cid):
            costed.append(cid)
            return TunedPolicy.boost_cost(self, view, cid)

    Counting(random.Random(0)).choose(view, _Boost(view))
    assert set(costed) == set(view.hand)


class _PlacedView(PlayerView):
    """A view whose hero may also be placed on a few given spaces when boosted (an ability
    that places on some empty spaces only: the BOOST decision weighs each reach with them)."""

    places: list = []
    asked = 0

    def maneuver_place_options(self, fi, boosted):
        self.asked += 1
        return list(self.places) if boosted else []


@pytest.mark.parametrize("seed,steps", [(12, 20), (15, 8), (16, 30)])
def test_a_boost_with_placements_on_some_empty_spaces_weighs_each_reach_with_them(seed, steps):
    g = greedy_midgame(seed, steps, ("genie", "houdini"))
    empty = [s for s in range(g.board.size) if g.occupant[s] < 0]
    view = _PlacedView(g, 0)
    view.places = empty[::3]                          # every third empty space
    me = view.my_hero()
    if not me.on_board or not view.hand:
        pytest.skip("no BOOST to weigh")
    pol = _CostedTuned(random.Random(0))
    pick = pol.choose(view, _Boost(view))
    assert view.asked == 1                            # the policy asked the view, not the ability
    after, move = view.actions_left, view.move_value()
    base = pol.best_space_value(view, me.idx, view.reachable(me.idx, move), after)
    best, want = 0.15, None
    for c in view.hand:
        ends = set(view.reachable(me.idx, move + view.card(c).boost_value)) | set(view.places) | {me.space}
        gain = pol.best_space_value(view, me.idx, sorted(ends), after) - base - pol.boost_cost(view, c)
        if gain > best:
            best, want = gain, c
    assert pick == want
