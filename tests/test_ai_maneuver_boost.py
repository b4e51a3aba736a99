"""A maneuver is weighed with the BOOST it could make (``HeuristicPolicy.maneuver_boost_worth``):
the farther reach, or Houdini's placement anywhere, and a BOOST bonus that pays for its card;
a BOOST bonus's damage is weighed on its best target, a defeat counted
(``boost_bonus_worth``); and a BOOST in combat onto The Big Reveal, which gives one card back,
costs nothing the first time (``on_combat_boost``)."""

from __future__ import annotations

import random

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy


def houdini_beside_medusa(*hand: str, medusa_health: int = 16) -> Scenario:
    s = Scenario("houdini", "medusa")
    s.remove("Bess").remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    s.place("Houdini", "M10").place("Medusa", "M11").health("Medusa", medusa_health)
    s.hand(0, *hand)
    s.begin_turn(0)
    s.expect("action")
    return s


def scores(s: Scenario) -> dict:
    pol = make_policy("tuned", random.Random(0))
    return pol.action_scores(PlayerView(s.game, 0), s.pending.options)


def test_a_maneuver_counts_the_boost_bonus_that_pays_for_its_card():
    # Misdirection's BOOST bonus (2 damage to any fighter) comes with the maneuver; Grand
    # Escape's BOOST only reaches farther, which Houdini next to Medusa does not need.
    with_bonus = scores(houdini_beside_medusa("Flourish", "Misdirection"))["maneuver"]
    without = scores(houdini_beside_medusa("Flourish", "Grand Escape"))["maneuver"]
    assert with_bonus > without + 1.0


def test_a_maneuver_counts_the_reach_its_boost_gives():
    # Houdini far from Medusa: boosted, his Escape Artist places him on any empty space, a reach
    # his plain move of 2 does not have. (A scheme on offer, so that the action is a choice.)
    s = Scenario("houdini", "medusa")
    s.remove("Bess").remove("Harpy 1").remove("Harpy 2").remove("Harpy 3")
    s.place("Houdini", "M01").place("Medusa", "M31")
    s.hand(0, "A Magician Never Reveals His Secrets", "Flourish", "Vanishing Act", "Grand Escape")
    s.begin_turn(0)
    s.expect("action")
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.action_scores(view, s.pending.options)      # the decision's style and memo
    assert pol.maneuver_boost_worth(view, view.my_hero()) > 0.5


def test_a_boost_bonus_that_defeats_the_foe_hero_is_worth_the_game():
    pol = make_policy("tuned", random.Random(0))
    worth = {}
    for health in (2, 10):
        s = houdini_beside_medusa("Misdirection", medusa_health=health)
        view = PlayerView(s.game, 0)
        pol.action_scores(view, s.pending.options)
        worth[health] = pol.boost_bonus_worth(view, s.card_ids(0, "Misdirection")[0])
    assert worth[2] > 5 * worth[10]


def big_reveal_boost(s: Scenario, defense: str, *boosts: str):
    """Houdini attacks with The Big Reveal (2) against ``defense``, BOOSTs with ``boosts``
    first: the card `tuned` boosts with next (None: no BOOST)."""
    s.hand(1, defense)
    s.choose("attack")
    if s.pending.kind == "attack_card":
        s.choose("The Big Reveal")
    s.expect("defense_card").choose(defense)
    for b in boosts:
        s.expect("combat_boost").choose(b)
    d = s.expect("combat_boost").pending
    pick = make_policy("tuned", random.Random(0)).choose(PlayerView(s.game, 0), d)
    return None if pick is None else s.game.card(pick).name


def test_a_boost_the_big_reveal_gives_back_is_made_for_its_bonus_alone():
    # Flourish's +2 makes 4 against Hiss and Slither's 4: no damage, but it draws 1 and comes
    # back to hand after combat.
    s = houdini_beside_medusa("The Big Reveal", "Flourish")
    assert big_reveal_boost(s, "Hiss and Slither") == "Flourish"


def test_only_the_first_boost_onto_the_big_reveal_is_given_back():
    # Against a Harpy (1 health) defending with Dash (3): a first Flourish makes 4 and defeats
    # her; a second would add nothing and, The Big Reveal giving back one card, be spent.
    assert big_reveal_boost(houdini_beside_a_harpy(), "Dash") == "Flourish"
    assert big_reveal_boost(houdini_beside_a_harpy(), "Dash", "Flourish") is None


def houdini_beside_a_harpy() -> Scenario:
    s = Scenario("houdini", "medusa")
    s.remove("Bess").remove("Harpy 2").remove("Harpy 3")
    s.place("Houdini", "M10").place("Harpy 1", "M11").place("Medusa", "M31")
    s.hand(0, "The Big Reveal", "Flourish", "Flourish")
    s.deck_top(0, "Vanishing Act")          # Flourish's BOOST bonus draws it
    s.begin_turn(0)
    return s
