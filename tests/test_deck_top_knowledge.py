"""Every way a card goes on top of a deck goes through Game.put_deck_top, which keeps who knows
the deck's top cards consistent (Player.deck_top_known for the owner, top_known_by for the
others; search policies read them to determinize): a foe who has seen a deck's top cards does
not "know" a card put there from a hidden hand, and does know one put there face up."""

from tests.scenario import Scenario
from unmatched_sim.engine import effects as E
from unmatched_sim.engine.state import SCHEME_ROLE, Ctx


def run_op(s: Scenario, seat: int, spec: dict, fighter: str) -> None:
    ops = E.parse_effects([spec], frozenset({fighter}))
    s.game.run_effects(ops, Ctx(seat, -1, SCHEME_ROLE, s.fighter(fighter)))
    s.game.run()


def test_a_card_put_on_top_from_a_hidden_hand_is_unknown_to_the_foe():
    s = Scenario("houdini", "genie").place("Houdini", "M02").place("The Genie", "M31")
    s.hand(0, "Grand Escape", "Flourish")
    s.game.know_deck_top(1, 0, 3)                     # the Genie's player has seen Houdini's top 3
    run_op(s, 0, {"op": "put_on_deck", "count": 1}, "Houdini")
    s.expect("effect_put_on_deck").choose("Grand Escape")
    p = s.game.players[0]
    assert s.game.card(p.deck[-1]).name == "Grand Escape"
    assert p.deck_top_known == 1                      # Houdini's player knows it
    assert p.top_known_by.get(1, 0) == 0              # the foe knows no top card any more


def test_a_card_put_on_top_from_a_hand_the_foe_has_seen_stays_known_to_them():
    s = Scenario("houdini", "genie").place("Houdini", "M02").place("The Genie", "M31")
    s.hand(0, "Grand Escape", "Flourish")
    p = s.game.players[0]
    p.known_hand = p.known_hand | {p.hand[-2]}        # e.g. returned to the hand face up
    s.game.know_deck_top(1, 0, 3)
    run_op(s, 0, {"op": "put_on_deck", "count": 1}, "Houdini")
    s.expect("effect_put_on_deck").choose("Grand Escape")
    assert p.top_known_by == {1: 4}


def test_a_card_taken_from_the_discard_pile_to_the_deck_top_is_known_to_everyone():
    s = Scenario("pandora", "genie").place("Pandora", "M02").place("The Genie", "M31")
    s.discard_pile(0, "Hindsight", "Feint")
    s.game.know_deck_top(1, 0, 2)
    run_op(s, 0, {"op": "take_from_discard", "to": "deck_top"}, "Pandora")
    s.expect("effect_take_from_discard").choose("Hindsight")
    p = s.game.players[0]
    assert s.game.card(p.deck[-1]).name == "Hindsight"
    assert p.deck_top_known == 1 and p.top_known_by == {1: 3}
