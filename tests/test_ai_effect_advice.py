"""A hero's own effect, which the heuristic's shared table of effect worths does not know, is
priced by the hero's package (``hooks.EFFECT_ADVICE``) wherever the heuristic weighs a list of
effects: the Wayward Sisters' Something Wicked This Way Comes is worth the two best spells it
casts, as they would resolve now, not a flat unknown effect's worth."""

import random

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.hooks import EFFECT_ADVICE
from unmatched_sim.policies.heuristic import TunedPolicy
from unmatched_sim.policies.weights import OP_WORTH

WICKED = "Something Wicked This Way Comes"


def ready(view: PlayerView) -> TunedPolicy:
    pol = TunedPolicy(random.Random(0))
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    return pol


def sisters_beside_chupacabra(*hand: str) -> Scenario:
    """The Sisters' turn, two actions: Sister 1 hurt (3 of 6) next to a healthy Chupacabra,
    the other two Sisters across the board; ``hand`` in hand."""
    s = Scenario("wayward_sisters", "chupacabra").place("Sister 1", "M10").place("Chupacabra", "M11")
    s.place("Sister 2", "M28").place("Sister 3", "M01").health("Sister 1", 3)
    s.hand(0, *hand)
    s.begin_turn(0)
    return s


def spell_worths(pol, view) -> list[float]:
    me = view.my_hero()
    return sorted((pol.ops_worth(view, sp.effect, me.idx) for sp in view.hero().ability.params["spells"]),
                  reverse=True)


def test_something_wicked_is_worth_the_two_best_spells_it_casts():
    s = sisters_beside_chupacabra(WICKED)
    view = PlayerView(s.game, 0)
    pol = ready(view)
    wicked = view.card(s.card_ids(0, WICKED)[0])
    worth = pol.ops_worth(view, wicked.effects["effect"], view.my_hero().idx)
    best = spell_worths(pol, view)
    assert abs(worth - (best[0] + best[1])) < 1e-9
    assert worth > 2 * OP_WORTH["hook"]


def test_the_spells_are_weighed_as_they_would_resolve_now():
    """With a foe in reach of Stinging the pair is worth more than with every foe out of it."""
    near = sisters_beside_chupacabra(WICKED)
    far = Scenario("wayward_sisters", "chupacabra").place("Sister 1", "M10").place("Chupacabra", "M28")
    far.remove("Sister 2").remove("Sister 3").health("Sister 1", 3).hand(0, WICKED).begin_turn(0)
    worths = []
    for s in (near, far):
        view = PlayerView(s.game, 0)
        pol = ready(view)
        worths.append(sum(spell_worths(pol, view)[:2]))
    assert worths[0] > worths[1]


def test_the_sisters_cast_something_wicked_rather_than_maneuver(monkeypatch):
    s = sisters_beside_chupacabra(WICKED, "Prophecy")
    view = PlayerView(s.game, 0)
    d = s.expect("action").pending
    assert "scheme" in d.options
    assert ready(view).choose(view, d) == "scheme"
    scores = ready(view).action_scores(view, d.options)
    monkeypatch.delitem(EFFECT_ADVICE, "cast_two_spells")
    flat = ready(view).action_scores(view, d.options)
    assert scores["scheme"] > flat["scheme"]
    assert max(flat, key=flat.get) == "maneuver"      # at the flat worth, the maneuver won
