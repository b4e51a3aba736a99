"""A policy's answer that is not one of the decision's options stops the game with a clear
error (policies/greedy.py ``GreedyPolicy.choose``): it is never swapped for a legal option,
which would hide the bug and play another game than the one the policy chose."""

from __future__ import annotations

import pytest

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import IllegalChoice
from unmatched_sim.policies import POLICIES, register
from unmatched_sim.policies.greedy import GreedyPolicy
from unmatched_sim.policies.heuristic import TunedPolicy
from unmatched_sim.run import GameSpec, play_game


def _play(policy: str):
    heroes = {h: find_hero(h) for h in ("houdini", "genie")}
    return play_game(GameSpec(0, 0, 3, "houdini", "genie", True), heroes, find_board("marmoreal"),
                     policy, "greedy", record=False)


@pytest.fixture
def broken():
    """Two deliberately broken policies: greedy dancing instead of acting, and the tuned
    heuristic defending with a card that does not exist."""
    class Dancer(GreedyPolicy):
        name = "dancer-test"
        summary = "greedy, but answers every action decision with 'dance'"

        def on_action(self, view, d):
            return "dance"

    class Phantom(TunedPolicy):
        name = "phantom-test"
        summary = "tuned, but defends with card 999"

        def on_defense_card(self, view, d):
            return 999

    for cls in (Dancer, Phantom):
        register(cls)
    yield
    for name in ("dancer-test", "phantom-test"):
        POLICIES.pop(name, None)


def test_an_illegal_answer_raises_naming_the_policy_the_decision_and_the_answer(broken):
    with pytest.raises(IllegalChoice) as err:
        _play("dancer-test")
    msg = str(err.value)
    assert "'dancer-test'" in msg and "on_action" in msg and "'action'" in msg and "'dance'" in msg
    assert "attack" in msg or "maneuver" in msg         # the options it should have picked from


def test_a_heuristic_handler_answering_illegally_raises_too(broken):
    with pytest.raises(IllegalChoice, match=r"'phantom-test'.*on_defense_card.*999.*'defense_card'"):
        _play("phantom-test")


def test_legal_answers_play_on():
    game, row = _play("greedy")
    assert game.over and row["decisions"] > 0
