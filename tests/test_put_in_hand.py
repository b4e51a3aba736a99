"""Every way a card goes into a hand from elsewhere (a deck, a discard pile, play, a hero's own
zone, another hand) goes through Game.put_in_hand: the card joins the hand, the players who know
it is there are recorded, and one event row says so."""

from tests.scenario import Scenario
from unmatched_sim.engine.game import EVERYONE


def _setup():
    s = Scenario("houdini", "genie").place("Houdini", "M02").place("The Genie", "M31")
    g = s.game
    cid = g.take_deck_top(0)
    start = len(g.events)
    return s, g, cid, start


def test_a_card_known_to_everyone_is_public_in_the_hand():
    s, g, cid, start = _setup()
    g.put_in_hand(0, cid, "search_found", detail="deck")
    p = g.players[0]
    assert p.hand[-1] == cid and cid in p.known_hand
    assert g.known_to(1, 0, cid)
    row = g.events[start:]
    assert [(r[1], r[2], r[4], r[10]) for r in row] == [(0, "search_found", g.card(cid).name, "deck")]


def test_a_card_one_other_player_saw_is_known_to_that_player_alone():
    s, g, cid, start = _setup()
    g.put_in_hand(0, cid, "deck_to_hand", known_to=1)
    p = g.players[0]
    assert cid not in p.known_hand and cid in p.seen_by[1]
    assert g.known_to(1, 0, cid)


def test_a_card_only_its_holder_saw_is_not_known_to_the_others_and_can_go_unnamed():
    s, g, cid, start = _setup()
    g.put_in_hand(0, cid, "deck_to_hand", known_to=0, card_logged=False)
    p = g.players[0]
    assert p.hand[-1] == cid and cid not in p.known_hand and not p.seen_by
    assert not g.known_to(1, 0, cid)
    assert [(r[1], r[2], r[4]) for r in g.events[start:]] == [(0, "deck_to_hand", None)]


def test_the_row_may_be_logged_by_another_player():
    s, g, cid, start = _setup()
    g.put_in_hand(1, cid, "trick_to_opponent", known_to=EVERYONE, logged_by=0)
    assert g.players[1].hand[-1] == cid and cid in g.players[1].known_hand
    assert [(r[1], r[2]) for r in g.events[start:]] == [(0, "trick_to_opponent")]
