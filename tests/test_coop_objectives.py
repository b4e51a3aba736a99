"""The objective interface of a co-op villain (coop/objectives.py): each hook is called where
the rulebook's threat track and maneuver put it, and its state is copied with the game."""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.coop_helpers import stop_after_setup
from unmatched_sim.coop import game as cg
from unmatched_sim.coop.objectives import Objective
from unmatched_sim.coop.play import make_coop_game, play_coop


@dataclass
class _Count:
    calls: list = field(default_factory=list)

    def copy(self):
        return _Count(list(self.calls))


class _Recording(Objective):
    """Counts its hooks; each end-of-round card moves the marker 2 more spaces."""
    name = "recording"
    acts_after_maneuver = True

    def new_state(self, g):
        return _Count()

    def setup(self, g):
        g.coop.objective_state.calls.append("setup")

    def end_of_round_threat(self, g, card):
        return card.end_of_round_threat + 2

    def achieved(self, g):
        g.coop.objective_state.calls.append("achieved")

    def after_maneuver(self, g, seat):
        g.coop.objective_state.calls.append(("maneuver", seat))


def _game(seed=3):
    g = make_coop_game("example_villain", ["houdini", "medusa"], seed=seed)
    g.objective_rule = _Recording()
    g.coop.objective_state = g.objective_rule.new_state(g)
    g._dispatch()
    return g


def test_objective_hooks_run_at_setup_after_each_player_maneuver_and_when_the_track_fills():
    g = play_coop(_game(), seed=3)
    calls = g.coop.objective_state.calls
    assert calls[0] == "setup"
    maneuvers = [c for c in calls if isinstance(c, tuple)]
    assert {seat for _, seat in maneuvers} <= {0, 1} and maneuvers
    # one call per maneuver action the players took
    actions = [e for e in g.events if e[2] == "action" and e[1] in (0, 1) and e[10] == "maneuver"]
    assert len(maneuvers) == len(actions)
    assert calls.count("achieved") == sum(1 for e in g.events if e[2] == "objective") - (
        1 if g.end_reason == "objective" else 0)


def test_objective_end_of_round_threat_sets_how_far_the_marker_moves():
    g = stop_after_setup(_game())
    villain_card = next(c for c in g.coop.cards if c.end_of_round_threat)
    g.coop.row = [villain_card]
    cg._end_of_round(g)
    assert g.coop.threat == villain_card.end_of_round_threat + 2


def test_objective_state_is_copied_with_the_game():
    g = _game()
    g.start()
    c = g.clone()
    c.coop.objective_state.calls.append("only in the copy")
    assert "only in the copy" not in g.coop.objective_state.calls
