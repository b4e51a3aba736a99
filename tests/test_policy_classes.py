"""The built-in policies as typed records (``cclass``es declared in policies/base.pxd, greedy.pxd
and heuristic.pxd): their parameters, their defaults for parameters a style does not take, and a
Python subclass's overrides behave as they did when they were ordinary classes."""

import random

import pytest

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import POLICIES
from unmatched_sim.policies.greedy import GreedyPolicy
from unmatched_sim.policies.heuristic import (AggressivePolicy, CarefulPolicy, HeuristicPolicy,
                                              TunedPolicy)


def test_each_style_starts_with_its_own_weights():
    for cls in (HeuristicPolicy, AggressivePolicy, CarefulPolicy):
        pol = cls(random.Random(0))
        for key, value in cls.params.items():
            assert getattr(pol, key) == value, (cls.name, key)
        assert (pol.agg, pol.cau) == (pol.aggression, pol.caution)


def test_a_weight_given_on_the_command_line_is_kept():
    pol = HeuristicPolicy(random.Random(0), aggression=0.8, reserve=0.1)
    assert (pol.aggression, pol.caution, pol.safety, pol.reserve) == (0.8, 0.5, 0.5, 0.1)


def test_tuned_plays_the_balanced_aggression_until_it_knows_its_hero():
    # tuned takes no aggression parameter (the hero file sets it): it starts from the heuristic's
    # balanced default, not greedy's
    pol = TunedPolicy(random.Random(0))
    assert "aggression" not in TunedPolicy.params
    assert pol.aggression == HeuristicPolicy.params["aggression"] != GreedyPolicy.params["aggression"]


def test_greedys_own_parameters_get_greedys_defaults_in_every_heuristic_style():
    # greedy's handlers the heuristic inherits read doubloon_worth (Blackbeard's ransoms)
    for cls in (HeuristicPolicy, AggressivePolicy, CarefulPolicy, TunedPolicy):
        assert cls(random.Random(0)).doubloon_worth == GreedyPolicy.params["doubloon_worth"]
    assert GreedyPolicy(random.Random(0), doubloon_worth=3.0).doubloon_worth == 3.0


@pytest.mark.parametrize("params, fragment", [
    ({"aggression": 1.5}, "aggression must be between 0 and 1"),
    ({"caution": -0.1}, "caution must be between 0 and 1"),
    ({"boldness": 1.0}, "has no parameter 'boldness'"),
])
def test_a_bad_weight_is_refused_by_the_constructor(params, fragment):
    with pytest.raises(ValueError, match=fragment):
        HeuristicPolicy(random.Random(0), **params)


def test_the_styles_are_listed_in_their_order():
    names = list(POLICIES)
    assert names.index("greedy") < names.index("heuristic") < names.index("aggressive") \
        < names.index("careful") < names.index("tuned")
    assert POLICIES["tuned"] is TunedPolicy


class Fearless(HeuristicPolicy):
    """A Python subclass that overrides one of the heuristic's C-level (cpdef) methods."""

    asked = 0

    def hp_weight(self, f, mine):
        Fearless.asked += 1
        return 0.0


def test_a_python_subclass_override_is_what_the_compiled_heuristic_calls():
    s = Scenario("houdini", "genie")
    s.place("Houdini", "M07").place("The Genie", "M11")
    view = PlayerView(s.game, 0)
    fearless = Fearless(random.Random(0))
    fearless._fresh()
    Fearless.asked = 0
    hero = view.my_hero()
    # a space's value weighs the hero's health at stake by hp_weight (SpaceFacts, compiled)
    fearless.space_value(view, hero.idx, hero.space, 0)
    assert Fearless.asked >= 1


class Cautious(GreedyPolicy):
    """A Python subclass of greedy with parameters of its own."""

    params = {"boldness": 0.0}


def test_a_python_subclass_of_greedy_gets_greedys_defaults_and_its_own_attributes():
    pol = Cautious(random.Random(0), boldness=0.5)
    assert pol.boldness == 0.5
    assert (pol.aggression, pol.doubloon_worth) == (GreedyPolicy.params["aggression"],
                                                    GreedyPolicy.params["doubloon_worth"])
    pol.note = "an attribute no class declares"
    assert pol.note and pol._targets is None
