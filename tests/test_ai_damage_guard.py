"""A defense card that shields its fighter from the blow, as `tuned` reads it: Mississippi Queen
(damage cannot take Annie Christmas below 1 this turn) and Bewilderment (Merlin takes no damage
this combat). The card tables read both by their printed values (2 and 0), so a blow they do
not stop counted in full, even a defeat."""

from __future__ import annotations

import random

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.card_facts import damage_guard


def decide(s: Scenario):
    return make_policy("tuned", random.Random(0)).choose(PlayerView(s.game, s.pending.player), s.pending)


def sinbad_attacks(hero: str, defender: str, health: int, *hand: str) -> Scenario:
    """Sinbad attacks ``defender`` (at ``health``) with Exploit; its player holds ``hand``."""
    s = Scenario(hero, "sinbad").place(defender, "M10").place("Sinbad", "M11").health(defender, health)
    s.hand(0, *hand).hand(1, "Exploit", "Toil and Danger", "Regroup")
    s.begin_turn(1)
    return s.attack_with("Sinbad", defender, "Exploit").expect("defense_card")


def card(hero: str, name: str):
    s = Scenario(hero, "sinbad")
    return s.game.card(s.card_ids(0, name)[0])


def test_the_guards_read_from_the_cards():
    assert damage_guard(card("annie_christmas", "Mississippi Queen")) == ("Annie Christmas", 1, False)
    assert damage_guard(card("king_arthur", "Bewilderment")) == ("self", 0, True)
    # damage other than the blow's prevented (Indestructible Cloth) shields nothing from it
    assert damage_guard(card("dr_jill_trent", "Indestructible Cloth")) == ()
    assert damage_guard(card("annie_christmas", "Keep Your Hands to Yourself")) == ()


def test_annie_at_two_health_defends_with_mississippi_queen_which_keeps_her_alive():
    s = sinbad_attacks("annie_christmas", "Annie Christmas", 2, "Mississippi Queen", "Keep Your Hands to Yourself")
    assert s.readable([decide(s)]) == ["Mississippi Queen"]


def test_annie_at_nine_health_defends_with_the_stronger_card():
    s = sinbad_attacks("annie_christmas", "Annie Christmas", 9, "Mississippi Queen", "Keep Your Hands to Yourself")
    assert s.readable([decide(s)]) == ["Keep Your Hands to Yourself"]


def test_merlin_at_two_health_defends_with_bewilderment_which_takes_no_damage():
    s = sinbad_attacks("king_arthur", "Merlin", 2, "Bewilderment", "Skirmish")
    assert s.readable([decide(s)]) == ["Bewilderment"]
