"""A card that adds the BOOST of a card of its player's deck to itself (Bottom Dealing: the bottom
card's; Guided by the Fates, Manxome Foe, Outrageous Fortune: the top card's), as `tuned` reads
it: a foe's at a guess, our own at the mean BOOST of the deck we know, nothing once it is empty."""

import random

from tests.scenario import Scenario
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.card_facts import card_strength, deck_boosts
from unmatched_sim.policies.heuristic import TunedPolicy


def ready(view: PlayerView) -> TunedPolicy:
    pol = TunedPolicy(random.Random(0))
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    return pol


def annie_with_deck(*deck: str) -> tuple[Scenario, PlayerView, int]:
    """Annie holding Bottom Dealing, her deck holding only ``deck`` (the rest discarded)."""
    s = Scenario("annie_christmas", "pandora")
    s.hand(0, "Bottom Dealing")
    kept = [s._take_card(0, name) for name in deck]
    s.empty_deck(0)
    s.game.players[0].deck.extend(kept)
    return s, PlayerView(s.game, 0), s.game.players[0].hand[-1]


def test_every_card_adding_a_deck_card_s_boost_counts_a_guess_of_it_in_its_strength():
    lifts = set()
    for hero, name in (("annie_christmas", "Bottom Dealing"), ("pandora", "Guided by the Fates"),
                       ("alice", "Manxome Foe"), ("hamlet", "Outrageous Fortune")):
        s = Scenario(hero, "houdini")
        d = s.game.card(s.card_ids(0, name)[0])
        assert deck_boosts(d) == 1, name
        lifts.add(card_strength(d)[0] - d.value)
    assert len(lifts) == 1 and lifts.pop() > 0     # one guess, the same for every such card
    plain = Scenario("annie_christmas", "houdini")
    long_shot = plain.game.card(plain.card_ids(0, "Long Shot")[0])
    assert deck_boosts(long_shot) == 0


def test_bottom_dealing_is_as_strong_as_the_mean_boost_of_the_deck_it_will_reveal():
    # Striking Beauty and The Turn and the River BOOST 3, Better Together 1.
    _, high, cid = annie_with_deck("Striking Beauty", "The Turn and the River")
    assert ready(high).my_attack_strength(high, cid) == 3 + 3
    _, mixed, cid = annie_with_deck("Striking Beauty", "Better Together")
    assert ready(mixed).my_attack_strength(mixed, cid) == 3 + 2
    _, low, cid = annie_with_deck("Better Together")
    assert ready(low).my_attack_strength(low, cid) == 3 + 1


def test_bottom_dealing_with_an_empty_deck_is_its_printed_value():
    _, view, cid = annie_with_deck()
    assert view.deck_size(0) == 0
    assert ready(view).my_attack_strength(view, cid) == 3
