"""The heuristic's per-decision and cross-decision caches (attack
evaluation split into card and target facts, ``best_attack`` kept for the decision, our defense
strengths kept across decisions, the maneuver's reach): each equals what it replaces, and with
CHECK_CACHES on a kept value that differs from a fresh one fails loudly (so the suite's
checked runs, ``tests/test_policy_caches.py``, really check them)."""

import random

import pytest

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import heuristic
from unmatched_sim.policies.heuristic import TunedPolicy


def houdini_at_the_genie() -> tuple[Scenario, PlayerView, TunedPolicy]:
    """Houdini next to the Genie on his turn, three attack cards in hand, ready to decide."""
    s = Scenario("houdini", "genie").place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Flourish", "Misdirection", "Sleight of Hand", "Grand Escape").hand(1, "Feint", "I Am Freed")
    s.game.active = 0
    view = PlayerView(s.game, 0)
    pol = TunedPolicy(random.Random(0))
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    return s, view, pol


@pytest.fixture
def checked(monkeypatch):
    monkeypatch.setattr(heuristic, "CHECK_CACHES", True)


def test_attack_eval_equals_its_fresh_evaluation_for_every_pair():
    s, view, pol = houdini_at_the_genie()
    pairs = pol.attack_options(view)
    assert pairs
    for fi, t in pairs:
        for cid in view.hand:
            if view.card(cid).can_attack:
                first = pol.attack_eval(view, fi, t, cid)
                assert first == pol._attack_eval_fresh(view, fi, t, cid)
                assert pol.attack_eval(view, fi, t, cid) == first        # from the kept facts


def test_best_attack_is_kept_for_the_decision_and_equals_a_fresh_one():
    s, view, pol = houdini_at_the_genie()
    best = pol.best_attack(view)
    assert best[1] is not None
    assert pol._memo["best_attack"] == best
    assert pol.best_attack(view) == best         # (the kept one; a fresh one under CHECK_CACHES)
    pol._fresh()
    assert pol.best_attack(view) == best


def test_a_wrong_kept_attack_value_fails_under_check_caches(checked):
    s, view, pol = houdini_at_the_genie()
    (fi, t), cid = pol.attack_options(view)[0], next(c for c in view.hand if view.card(c).can_attack)
    pol.attack_eval(view, fi, t, cid)
    facts = list(pol._facts.attack_card[cid])  # keep a wrong card fact:
    facts[7] += 1.0                            # its spend cost
    pol._facts.attack_card[cid] = tuple(facts)
    with pytest.raises(AssertionError):
        pol.attack_eval(view, fi, t, cid)


def test_defense_strengths_are_kept_by_name_and_hand_for_one_view_only(checked):
    s, view, pol = houdini_at_the_genie()
    me = s.f("Houdini")
    got = pol.my_defenses(view, me.idx)
    assert got == pol._my_defenses(view, "Houdini", tuple(view.hand))
    assert list(got) == sorted(got, reverse=True)
    # another decision with the same hand reuses them; a wrong kept value is caught
    pol._fresh()
    assert pol.my_defenses(view, me.idx) == got
    key = ("Houdini", tuple(view.hand))
    pol._defenses[key] = got + (9.0,)
    pol._fresh()
    with pytest.raises(AssertionError):
        pol.my_defenses(view, me.idx)
    # another view (another game: card ids name other cards) starts afresh
    s2, view2, _ = houdini_at_the_genie()
    pol._fresh()
    pol.my_defenses(view2, s2.f("Houdini").idx)
    assert pol._defenses_view is view2 and key in pol._defenses and pol._defenses[key] == got


def test_the_maneuver_reach_is_walked_once_per_decision():
    s, view, pol = houdini_at_the_genie()
    me = view.my_hero()
    reach = pol._move_reach(view, me)
    assert reach == view.reachable(me.idx, view.move_value())
    assert pol._memo["move_reach"] is reach and pol._move_reach(view, me) is reach
