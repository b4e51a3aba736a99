"""The heuristic keeps what one decision worked out (its memo: card odds, space facts, attack
facts) for the next decision in the same position: the view's ``state_version`` is the same
(no event logged, no card put into play, no turn flag or combat modifier added). A position
that changed anyway is caught under CHECK_CACHES by the view's ``position_fingerprint``, which
the suite's checked runs (tests/test_policy_caches.py) compare at every reuse."""

import random

import pytest

from tests.scenario import Scenario
from unmatched_sim.engine.state import Decision
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import heuristic
from unmatched_sim.policies.heuristic import TunedPolicy


def houdini_moving() -> tuple[Scenario, PlayerView, TunedPolicy, Decision]:
    """Houdini two spaces from the Genie on his turn, asked where to move."""
    s = Scenario("houdini", "genie").place("Houdini", "M10").place("The Genie", "M12").remove("Bess")
    s.hand(0, "Flourish", "Misdirection").hand(1, "Feint", "I Am Freed")
    s.game.active = 0
    view = PlayerView(s.game, 0)
    me = s.fighter("Houdini")
    spaces = tuple(view.reachable(me, 2))
    d = Decision(0, "move_destination", spaces, None, (), {"fighter": me})
    return s, view, TunedPolicy(random.Random(0)), d


def _mark(pol) -> None:
    """Plant an entry in the decision's memo and facts: still there after the next decision
    only if that decision reused what this one worked out."""
    pol._memo["planted"] = True
    pol._facts.space[999] = "planted"


def _kept(pol) -> bool:
    return pol._memo.get("planted") is True and pol._facts.space.get(999) == "planted"


def _forgotten(pol) -> bool:
    return "planted" not in pol._memo and 999 not in pol._facts.space


def test_a_decision_in_the_same_position_reuses_the_last_ones_memo():
    s, view, pol, d = houdini_moving()
    pol.choose(view, d)
    assert s.fighter("Houdini") in pol._facts.space     # its SpaceFacts, with the values asked
    _mark(pol)
    pol.choose(view, d)
    assert _kept(pol)


def test_an_event_makes_the_next_decision_start_afresh():
    s, view, pol, d = houdini_moving()
    pol.choose(view, d)
    _mark(pol)
    s.game.log("note", 0)
    pol.choose(view, d)
    assert _forgotten(pol)
    assert s.fighter("Houdini") in pol._facts.space     # worked out again for this position


def test_a_fresh_decision_empties_the_memo_in_place():
    """The memo's dicts are emptied, not replaced: nothing outside the policy holds them."""
    s, view, pol, d = houdini_moving()
    pol.choose(view, d)
    memo, facts, space = pol._memo, pol._facts, pol._facts.space
    s.game.log("note", 0)
    pol.choose(view, d)
    assert pol._memo is memo and pol._facts is facts and pol._facts.space is space
    pol._fresh()
    assert pol._memo == {} and all(not getattr(facts, k) for k in (
        "keep", "reserve", "attack_card", "attack_target", "defenses", "space", "knowledge"))


def test_a_card_put_into_play_or_a_turn_flag_moves_the_version():
    s, view, pol, d = houdini_moving()
    before = view.state_version()
    s.game.turn_flags["maneuvered"] = True
    assert view.state_version() != before
    before = view.state_version()
    s.game.play_area_add(s.game.players[0].hand.pop())
    assert view.state_version() != before


def test_another_view_or_foe_in_focus_starts_afresh():
    s, view, pol, d = houdini_moving()
    pol.choose(view, d)
    _mark(pol)
    pol.choose(PlayerView(s.game, 0), d)
    assert _forgotten(pol)


def test_a_game_without_an_event_log_keeps_the_memo_too():
    """A search's copy of a game records no events; its state version moves all the same."""
    s, view, pol, d = houdini_moving()
    s.game.raw_events = None
    assert view.state_version() is not None
    pol.choose(view, d)
    _mark(pol)
    pol.choose(view, d)
    assert _kept(pol)
    s.game.turn_flags["maneuvered"] = True      # a change that logs nothing
    pol.choose(view, d)
    assert _forgotten(pol)


def test_a_position_changed_without_an_event_fails_under_check_caches(monkeypatch):
    monkeypatch.setattr(heuristic, "CHECK_CACHES", True)
    s, view, pol, d = houdini_moving()
    pol.choose(view, d)
    pol.choose(view, d)                      # the same position: reused, and checked
    s.f("The Genie").health -= 1             # a change the version cannot see
    with pytest.raises(AssertionError):
        pol.choose(view, d)


def test_the_fingerprint_sees_cards_fighters_and_flags():
    s, view, pol, d = houdini_moving()
    first = view.position_fingerprint()
    assert view.position_fingerprint() == first
    s.f("Houdini").health -= 1
    assert view.position_fingerprint() != first
    second = view.position_fingerprint()
    s.game.turn_flags[("damaged", 3)] = ()
    assert view.position_fingerprint() != second
