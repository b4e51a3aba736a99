"""The heuristic's positional and resource judgement, on small hand-built positions."""

import random

from tests.scenario import Scenario
from unmatched_sim.engine.state import Decision
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy


def can_hit_without_moving(s, attacker, target):
    a, t = s.f(attacker), s.f(target)
    b = s.game.board
    return t.space in b.adjacent[a.space] or (a.defn.ranged and b.same_zone(a.space, t.space))


def play_turn(s, seat, policy="tuned", other="greedy"):
    """Let ``policy`` play seat's turn to its end (the other seat answers with ``other``)."""
    g = s.game
    pols = {seat: make_policy(policy, random.Random(1)), 1 - seat: make_policy(other, random.Random(2))}
    while g.pending is not None and not g.over and g.active == seat:
        d = g.pending
        g.answer(pols[d.player].choose(PlayerView(g, d.player), d))


def houdini_cornered():
    s = Scenario("houdini", "chupacabra")
    s.remove("Bess")
    s.place("Houdini", "M10").place("Chupacabra", "M11")
    s.health("Houdini", 4)
    s.hand(0, "The Big Reveal", "Sleight of Hand", "Flourish")
    s.deck_top(0, "Flourish", "Sleight of Hand")
    s.hand(1, "Blood in the Air", "Ambush", "Wounded Beast", "Blood in the Air")
    return s


def test_houdini_with_no_defense_card_ends_his_turn_out_of_reach_when_he_can():
    s = houdini_cornered()
    assert can_hit_without_moving(s, "Chupacabra", "Houdini")
    s.begin_turn(0)
    play_turn(s, 0)
    assert s.game.fighters[s.fighter("Houdini")].alive
    assert not can_hit_without_moving(s, "Chupacabra", "Houdini")


def test_the_old_tuned_stays_in_reach_in_the_same_position():
    # The blind spot of the older heuristic, kept in the frozen baseline: it does not run.
    s = houdini_cornered()
    s.begin_turn(0)
    play_turn(s, 0, policy="tuned-v1")
    assert can_hit_without_moving(s, "Chupacabra", "Houdini")


def test_threat_counts_two_attacks_from_a_foe_that_need_not_move_and_one_from_a_foe_that_must():
    s = Scenario("houdini", "chupacabra")
    s.remove("Bess")
    s.place("Houdini", "M01").place("Chupacabra", "M11")
    s.hand(1, "Blood in the Air", "Ambush", "Wounded Beast")
    pol = make_policy("heuristic", random.Random(0))
    view = PlayerView(s.game, 0)
    pol._fresh()
    threat = pol.threat_map(view)
    adjacent = s.space("M12")            # next to Chupacabra: two attacks
    two_away = s.space("M16")            # reachable after a move: one attack
    far = s.space("M01")
    assert len(threat[adjacent]) == 2 and len(threat[two_away]) == 1 and len(threat[far]) == 0
    assert threat[adjacent][0] >= threat[adjacent][1] > 0


def test_an_escape_places_houdini_where_the_foe_cannot_attack_without_moving():
    s = Scenario("houdini", "chupacabra")
    s.remove("Bess")
    s.place("Houdini", "M10").place("Chupacabra", "M11")
    s.health("Houdini", 5)
    s.hand(1, "Blood in the Air", "Ambush", "Wounded Beast")
    g = s.game
    empty = g.empty_spaces()
    escape = s.card_ids(0, "Grand Escape")[0]
    d = Decision(0, "effect_destination", tuple(empty), None, (), {"fighter": s.fighter("Houdini"),
                                                                   "card": escape, "op": "place"})
    pick = make_policy("tuned", random.Random(0)).choose(PlayerView(g, 0), d)
    chupa = s.f("Chupacabra")
    assert pick not in g.board.adjacent[chupa.space]
    assert PlayerView(g, 0).dist[pick][chupa.space] >= 3


def test_the_hunger_draws_while_the_card_fits_in_hand():
    def decide(deck, foe_deck, hand):
        s = Scenario("chupacabra", "houdini")
        p, q = s.game.players
        for cid in p.deck[deck:]:
            s.game.discard_pile_add(0, cid)
        del p.deck[deck:]
        for cid in q.deck[foe_deck:]:
            s.game.discard_pile_add(1, cid)
        del q.deck[foe_deck:]
        # (the hand is dealt from the deck: ``deck`` less ``hand`` cards are left in it)
        for cid in list(p.deck[:hand]):
            p.deck.remove(cid)
            p.hand.append(cid)
        d = Decision(0, "ability_draw", (True, False), None, (), {"count": 1})
        return make_policy("tuned", random.Random(0)).choose(PlayerView(s.game, 0), d)
    assert decide(deck=20, foe_deck=20, hand=3) is True
    # a short deck against a long one: still drawn (played out against the search, the card in
    # hand beat the card kept for a long game; docs/policies.md, "Conditions on the board")
    assert decide(deck=8, foe_deck=20, hand=4) is True       # four left in the deck, 20 in theirs
    assert decide(deck=12, foe_deck=5, hand=7) is False      # the hand is full: the card is lost
    assert decide(deck=0, foe_deck=5, hand=2) is False       # exhaustion's damage, not a card


def test_a_last_defense_card_is_worth_more_than_its_play_value():
    s = Scenario("houdini", "chupacabra")
    s.remove("Bess")
    s.place("Houdini", "M10").place("Chupacabra", "M11")
    s.health("Houdini", 5)
    s.hand(0, "Grand Escape", "Flourish")
    pol = make_policy("heuristic", random.Random(0))
    view = PlayerView(s.game, 0)
    pol._fresh()
    escape = next(c for c in s.game.players[0].hand if s.game.cards[c].defn.name == "Grand Escape")
    flourish = next(c for c in s.game.players[0].hand if s.game.cards[c].defn.name == "Flourish")
    assert pol.reserve_worth(view, escape) > 1.0
    assert pol.reserve_worth(view, flourish) == 0.0


def test_healing_is_kept_at_the_worth_of_the_health_it_restores():
    s = Scenario("genie", "houdini")
    s.place("The Genie", "M01").place("Houdini", "M31")
    s.hand(0, "Back in the Lamp")
    lamp = s.game.players[0].hand[-1]
    pol = make_policy("heuristic", random.Random(0))
    s.health("The Genie", 6)
    hurt = pol.reserve_worth(PlayerView(s.game, 0), lamp)
    pol._fresh()
    s.health("The Genie", 16)
    view = PlayerView(s.game, 0)
    pol._fresh()
    healthy = pol.reserve_worth(view, lamp)
    assert hurt > healthy > 0


def test_threat_counts_the_attacks_of_every_foe_in_a_free_for_all():
    s = Scenario("houdini", "chupacabra", more=("loki",))
    s.remove("Bess")
    for name in [f.name for f in s.game.fighters if f.owner == 2 and not f.is_hero]:
        s.remove(name, seat=2)
    s.place("Houdini", "M01").place("Chupacabra", "M11").place("Loki", "M16")
    s.hand(1, "Blood in the Air", "Ambush", "Wounded Beast")
    g = s.game
    for cid in list(g.players[2].deck[-3:]):       # Loki holds three cards of his deck
        g.players[2].deck.remove(cid)
        g.players[2].hand.append(cid)
    pol = make_policy("heuristic", random.Random(0))
    threat = pol.threat_map(PlayerView(g, 0))
    both = s.space("M12")                # next to Chupacabra (M11) and to Loki (M16)
    assert both in g.board.adjacent[s.space("M11")] and both in g.board.adjacent[s.space("M16")]
    assert len(threat[both]) >= 3        # two attacks from each foe whose hand allows it
    assert len(threat[s.space("M01")]) <= 1


def test_the_last_move_of_a_turn_does_not_end_next_to_the_foe_s_hero_for_a_blow_it_cannot_strike_yet():
    """With no action left, a space next to Alice is where her two attacks land first; the blow
    Sinbad could strike from there waits for his next turn (counted at ``TARGET_LATER_SHARE``).
    Played out to the end, tuned's last moves ended next to the foe's hero more often than the
    games favoured; at the share of 0.45 he stepped next to her here."""
    s = Scenario("sinbad", "alice")
    s.remove("Porter").remove("Jabberwock")
    s.place("Sinbad", "M01").place("Alice", "M08")
    s.hand(0, "Exploit", "Exploit", "Toil and Danger", "Toil and Danger")
    s.hand(1, "Claws That Catch", "Claws That Catch", "Momentous Shift", "Momentous Shift")
    s.begin_turn(0)
    g = s.game
    g.players[0].actions = 0                    # the move of the turn's last maneuver
    sinbad, alice = s.f("Sinbad"), s.f("Alice")
    options = tuple(g.reachable(sinbad.idx, 2))
    next_to_her = [o for o in options if o in g.board.adjacent[alice.space]]
    assert next_to_her
    d = Decision(0, "move_destination", options, None, (), {"fighter": sinbad.idx})
    pick = make_policy("tuned", random.Random(0)).choose(PlayerView(g, 0), d)
    assert pick not in next_to_her
