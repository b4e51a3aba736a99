"""What one more action is worth to `tuned` when an effect offers it (the Wayward Sisters'
Spell of Haste against Stinging's sure 1 damage): the best attack it buys, where that is worth
more than a usual action."""

import random
from types import SimpleNamespace

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.hooks import AI_ADVICE
from unmatched_sim.policies.heuristic import TunedPolicy

STINGING, HASTE = "Spell of Stinging", "Spell of Haste"


def spell_choice(chupacabra_health: int, *hand: str):
    """Sister 1 next to the Chupacabra (at ``chupacabra_health``) on the Sisters' turn, with
    ``hand``; which of Stinging and Haste `tuned` casts."""
    s = Scenario("wayward_sisters", "chupacabra").place("Sister 1", "M10").place("Chupacabra", "M11")
    s.place("Sister 2", "M28").place("Sister 3", "M01")
    s.health("Chupacabra", chupacabra_health)
    s.hand(0, *hand)
    s.begin_turn(0)
    view = PlayerView(s.game, 0)
    pol = TunedPolicy(random.Random(0))
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    d = SimpleNamespace(kind="spell", options=(STINGING, HASTE, None), info={})
    return AI_ADVICE["spell"](pol, view, d)


def test_haste_buys_a_blow_that_may_defeat_the_foe_rather_than_a_sting():
    assert spell_choice(3, "All-Seeing Familiar") == HASTE


def test_with_no_attack_to_make_the_sure_sting_is_worth_more_than_an_action():
    assert spell_choice(3, "Toil and Trouble") == STINGING
