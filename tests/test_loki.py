"""Loki (Battle of Legends, Volume Three): Mischief-Monger and every card effect.

Seat 0 is Loki in every scenario unless said otherwise. On Marmoreal M10-M11 and M11-M12 are
adjacent, M01 is far from both.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.scenario import Scenario, genie_turn
from unmatched_sim.data.catalog import board_ids, find_board, find_hero, hero_ids
from unmatched_sim.engine import steps as S
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.greedy import GreedyPolicy
from unmatched_sim.policies.random_policy import RandomPolicy

BALDR = "Trick: Baldr's Downfall"
FREYJA = "Trick: Freyja's Rescue"
SINDRI = "Trick: Sindri's Bet"
LURE = "Trick: Svaðilfari's Lure"
TRICKS = (BALDR, FREYJA, SINDRI, LURE)


# ---------------------------------------------------------------------- helpers
def loki_vs(other: str = "genie", loki_space: str = "M10", other_space: str = "M11") -> Scenario:
    s = Scenario("loki", other)
    s.place("Loki", loki_space)
    hero = s.game.hero_of(1).name
    s.place(hero, other_space)
    for fi in s.game.players[1].fighters[1:]:     # sidekicks off the board unless a test wants them
        s.remove(s.game.fighters[fi].name, 1)
    return s


def give_trick(s: Scenario, name: str, seat: int = 1) -> int:
    """A TRICK of Loki's (seat 0) in another hand, as if he had played it: public to Loki."""
    cid = s._take_card(0, name)
    p = s.game.players[seat]
    p.hand.append(cid)
    p.known_hand = p.known_hand | {cid}
    return cid


def ids(s: Scenario, seat: int, name: str) -> list[int]:
    return s.card_ids(seat, name)


def where(s: Scenario, cid: int) -> str:
    g = s.game
    for seat, p in enumerate(g.players):
        for pile in ("hand", "deck", "discard"):
            if cid in getattr(p, pile):
                return f"{pile}{seat}"
    return "in_play" if cid in g.in_play else "nowhere"


def check_every_card_once(g: Game) -> None:
    places = Counter()
    for seat, p in enumerate(g.players):
        places.update(p.hand)
        places.update(p.deck)
        places.update(p.discard)
        places.update(g.zone_cards(seat))     # a hero's own card zone (Shakespeare's line)
    places.update(g.in_play)
    assert sorted(places) == list(range(len(g.cards))), "a card is lost or created"
    assert max(places.values()) == 1, "a card is in two places"


# ---------------------------------------------------------------------- the deck
def test_loki_deck_matches_the_card_lists():
    hero = find_hero("loki")
    assert (hero.hero.health, hero.move, hero.hero.ranged, hero.sidekicks) == (16, 2, False, ())
    cards = {c.name: c for c in hero.cards}
    assert sum(c.copies for c in hero.cards) == 30
    expected = {  # name: (type, value, boost, copies, fighter users)
        BALDR: ("attack", 4, None, 3, None), FREYJA: ("versatile", 2, None, 2, None),
        SINDRI: ("defense", 3, None, 2, None), LURE: ("scheme", None, None, 2, None),
        "Shapeshifter": ("attack", 0, 2, 4, {"Loki"}), "God of Mischief": ("versatile", 2, 3, 3, {"Loki"}),
        "Lævateinn": ("versatile", 2, 3, 3, {"Loki"}), "Looking for Trouble": ("attack", 4, 3, 3, {"Loki"}),
        "Malicious Flyting": ("versatile", 3, 3, 3, {"Loki"}), "Ragnarök": ("attack", 0, 3, 2, {"Loki"}),
        "Underhanded": ("versatile", 3, 2, 3, {"Loki"}),
    }
    assert set(cards) == set(expected)
    for name, (kind, value, boost, copies, users) in expected.items():
        c = cards[name]
        assert (c.type, c.value, c.boost, c.copies) == (kind, value, boost, copies), name
        assert (set(c.users) if c.users is not None else None) == users, name
        assert ("trick" in c.tags) == name.startswith("Trick:"), name
    assert cards["Ragnarök"].uncancelable


# ---------------------------------------------------------------------- Mischief-Monger
def test_trick_played_by_loki_goes_to_opponents_hand_at_cleanup():
    s = loki_vs()
    s.hand(0, BALDR)
    s.deck_top(0, "Underhanded")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", BALDR, None)
    baldr = ids(s, 0, BALDR)
    in_genie_hand = [c for c in baldr if c in s.game.players[1].hand]
    assert len(in_genie_hand) == 1
    cid = in_genie_hand[0]
    assert cid not in s.game.players[0].discard and cid not in s.game.in_play
    assert s.game.owner(cid) == 0                       # still a card of Loki's deck
    assert cid in s.game.players[1].known_hand         # public: Loki knows the Genie holds it
    assert [e["card"] for e in s.events("trick_to_opponent")] == [BALDR]
    assert PlayerView(s.game, 0).known_opponent_hand() == [cid]
    check_every_card_once(s.game)


def test_trick_loki_defends_with_stays_in_play_until_cleanup_then_goes_to_the_attacker():
    """Played on the Genie's turn as a defense, the TRICK is still on the table during the
    after-combat effects and reaches the Genie's hand only at cleanup."""
    s = loki_vs()
    s.hand(0, FREYJA)
    s.hand(1, "I Grant You Death")       # after combat: may deal 1 damage to an adjacent fighter
    genie_turn(s)
    s.attack("The Genie", "Loki", "I Grant You Death", FREYJA)
    s.expect("effect_fighter")
    cid = [c for c in ids(s, 0, FREYJA) if where(s, c) != "deck0"][0]
    assert where(s, cid) == "in_play"
    s.choose(None)
    assert where(s, cid) == "hand1"
    assert s.events("trick_to_opponent")[0]["card"] == FREYJA


def test_scheme_trick_played_by_loki_goes_to_opponents_hand_after_it_resolves():
    s = loki_vs(other_space="M01")
    s.hand(0, LURE)
    s.begin_turn(0)
    s.choose("scheme")
    s.expect("effect_destination")          # the Genie is the only opposing fighter
    cid = [c for c in ids(s, 0, LURE) if c in s.game.in_play][0]   # resolving: on the table
    assert cid not in s.game.players[1].hand
    s.choose("M11")
    assert where(s, cid) == "hand1"
    assert s.events("trick_to_opponent")[0]["card"] == LURE


def test_svadilfaris_lure_played_by_loki_places_an_opposing_fighter_next_to_loki():
    s = loki_vs(other_space="M01")
    s.hand(0, LURE)
    s.begin_turn(0)
    s.choose("scheme")
    s.expect("effect_destination")
    assert sorted(s.options()) == ["M11", "M15", "M18", "M19"]   # the empty spaces next to Loki (M10)
    s.choose("M19")
    assert s.f("The Genie").space == s.space("M19")
    assert s.events("place")[-1]["fighter"] == "The Genie"


def test_opponent_may_play_a_trick_with_any_of_their_fighters():
    """Houdini's sidekick Bess attacks with Loki's Baldr's Downfall (TRICKs are "any")."""
    s = Scenario("loki", "houdini")
    s.place("Loki", "M10").place("Houdini", "M01").place("Bess", "M11")
    give_trick(s, BALDR)
    s.begin_turn(1)
    # Only Bess can reach Loki and Baldr's is the only attack card: the attack resolves at once.
    s.choose("attack")
    assert s.events("attack")[0]["fighter"] == "Bess"
    row = s.events("trick_played_by_opponent")[0]
    assert (row["player"], row["card"], row["detail"]) == (1, BALDR, "attack")
    # "Not Loki.": the player's own hero takes 2 — Houdini, not Bess who attacked.
    assert s.f("Houdini").health == 14 - 2
    assert s.f("Bess").health == 5
    assert s.f("Loki").health == 16 - 4


def test_trick_played_by_opponent_goes_to_lokis_discard_pile():
    s = loki_vs()
    cid = give_trick(s, SINDRI)
    s.hand(0, "Underhanded")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Underhanded", SINDRI)
    assert where(s, cid) == "discard0"
    assert s.events("trick_to_discard")[0]["card"] == SINDRI
    assert s.events("trick_to_opponent") == []
    check_every_card_once(s.game)


def test_opponent_discarding_trick_at_hand_limit_lets_loki_take_it_into_his_hand():
    s = loki_vs()
    cid = give_trick(s, BALDR)
    s.hand(1, *["Feint"] * 3, *["I Grant You Death"] * 3, "Back in the Lamp")   # 8 cards
    s.run_steps((S._hand_limit, (1,)))
    s.expect("hand_limit_discard").choose(BALDR)
    s.expect("trick_destination")
    assert s.pending.player == 0 and set(s.pending.options) == {"hand", "deck", "discard"}
    assert where(s, cid) == "discard0"     # face up while Loki decides
    s.choose("hand")
    assert where(s, cid) == "hand0"
    assert cid in s.game.players[0].known_hand      # the Genie saw it go
    assert s.events("trick_reclaimed")[0]["detail"] == "hand"
    assert len(s.game.players[1].hand) == 7 and s.pending is None
    check_every_card_once(s.game)


def test_opponent_discarding_trick_by_an_effect_lets_loki_put_it_on_top_of_his_deck():
    """The Genie's Infinite Power discards a held TRICK; Loki puts it on his deck."""
    s = loki_vs()
    cid = give_trick(s, FREYJA)
    s.hand(1, "Feint")
    known_before = s.game.players[0].deck_top_known
    s.game.know_deck_top(1, 0, 1)                   # the Genie's player has seen Loki's top card
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(FREYJA)
    s.expect("trick_destination").choose("deck")
    assert s.game.players[0].deck[-1] == cid
    assert s.game.players[0].deck_top_known == known_before + 1
    assert s.game.players[0].top_known_by == {1: 2}  # and the TRICK it saw discarded, on top of it
    assert s.events("trick_reclaimed")[0]["detail"] == "deck"
    assert s.game.players[1].actions == 3          # the discard still bought the action


def test_loki_may_leave_a_discarded_trick_in_his_discard_pile():
    s = loki_vs()
    cid = give_trick(s, SINDRI)
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(SINDRI)
    s.expect("trick_destination").choose("discard")
    assert where(s, cid) == "discard0"
    assert s.events("trick_reclaimed") == []


def test_loki_discarding_his_own_trick_is_an_ordinary_discard():
    s = loki_vs()
    s.hand(0, BALDR, *["Underhanded"] * 3, *["Shapeshifter"] * 4)   # 8 cards
    s.run_steps((S._hand_limit, (0,)))
    s.expect("hand_limit_discard").choose(BALDR)
    assert s.pending is None                      # no choice: only an opponent's discard counts
    assert "Trick: Baldr's Downfall" in s.discard_names(0)


def test_loki_move_is_plus_one_for_each_trick_in_opponents_hand():
    s = loki_vs(other_space="M01")
    assert s.game.move_value(0) == 2
    give_trick(s, BALDR)
    give_trick(s, LURE)
    assert s.game.move_value(0) == 4
    assert s.game.move_value(1) == 3              # the Genie's own move is untouched
    s.deck_top(0, "Underhanded")
    s.begin_turn(0)                      # nothing to attack or scheme with: a maneuver
    s.expect("maneuver_boost").choose(None)
    s.expect("move_destination")
    assert s.pending.info["steps"] == 4
    assert s.game.reachable(s.fighter("Loki"), 4) == sorted(s.pending.options)


def test_tricks_in_lokis_own_hand_do_not_add_to_his_move():
    s = loki_vs()
    s.hand(0, BALDR, FREYJA)
    assert s.game.move_value(0) == 2


def test_tricks_cannot_be_used_to_boost_by_either_player():
    s = loki_vs(other_space="M01")
    s.hand(0, BALDR, "Underhanded")
    s.deck_top(0, "Shapeshifter")
    s.begin_turn(0)                      # Baldr's has no target in reach: a maneuver
    s.expect("maneuver_boost")
    assert s.options() == [None, "Underhanded", "Shapeshifter"]
    g = s.game
    trick = give_trick(s, FREYJA)
    assert not g.can_boost_with(1, trick)
    assert not g.can_boost_with(0, ids(s, 0, BALDR)[0])


def test_trick_boost_value_counts_zero_for_this_is_no_parlor_trick():
    """The Genie's This Is No Parlor Trick makes Loki's card worth its BOOST value: a TRICK's
    is 0. (Loki's Sindri's Bet first cuts the Genie's 1 to 0, the Genie declining to discard.)"""
    s = loki_vs()
    s.hand(0, SINDRI)
    s.hand(1, "This Is No Parlor Trick", "Feint")
    genie_turn(s)
    s.attack("The Genie", "Loki", "This Is No Parlor Trick", SINDRI)
    s.expect("effect_unless_discard").choose(None)
    assert s.events("combat_result")[0]["detail"] == "0-0"


def test_trick_boost_value_counts_zero_when_an_effect_reads_it():
    s = loki_vs()
    cid = give_trick(s, BALDR)
    g = s.game
    assert g.players[0].ability.boost_value(g, cid) == 0
    assert g.card(cid).boost is None


def test_opponent_knows_the_tricks_it_holds_and_loki_knows_them_too():
    s = loki_vs()
    cid = give_trick(s, LURE)
    genie_view, loki_view = PlayerView(s.game, 1), PlayerView(s.game, 0)
    assert cid in genie_view.hand and genie_view.card(cid).name == LURE
    assert loki_view.known_opponent_hand() == [cid]
    # The Genie counts the Lure it holds as one of Loki's cards already seen.
    unseen = [d.name for d in genie_view.unseen_opponent_cards()]
    assert unseen.count(LURE) == 1


def test_game_clone_mid_trick_decision_is_independent():
    s = loki_vs()
    cid = give_trick(s, BALDR)
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(BALDR)
    s.expect("trick_destination")
    copy = s.game.clone()
    copy.answer("hand")
    s.game.answer("deck")
    assert cid in copy.players[0].hand and cid not in copy.players[0].deck
    assert s.game.players[0].deck[-1] == cid and cid not in s.game.players[0].hand
    check_every_card_once(copy)
    check_every_card_once(s.game)


# ---------------------------------------------------------------------- Trick: Baldr's Downfall
def test_baldrs_downfall_played_by_loki_draws_a_card():
    s = loki_vs()
    s.hand(0, BALDR)
    s.deck_top(0, "Ragnarök")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", BALDR, None)
    assert s.hand_names(0) == ["Ragnarök"]
    assert s.f("The Genie").health == 16 - 4
    assert s.f("Loki").health == 16


def test_baldrs_downfall_played_by_opponent_deals_2_damage_to_their_hero():
    s = loki_vs()
    give_trick(s, BALDR)
    genie_turn(s)
    s.attack("The Genie", "Loki", BALDR, None)
    assert s.f("Loki").health == 16 - 4
    assert s.f("The Genie").health == 16 - 2
    assert [e for e in s.events("draw") if e["player"] == 0] == []   # the "Loki." draw is not made


# ---------------------------------------------------------------------- Trick: Freyja's Rescue
def test_freyjas_rescue_played_by_loki_swaps_the_two_card_values():
    s = loki_vs()
    s.hand(0, FREYJA)
    s.hand(1, "Careful What You Wish For")          # attack 4
    genie_turn(s)
    s.attack("The Genie", "Loki", "Careful What You Wish For", FREYJA)
    assert s.events("combat_result")[0]["detail"] == "2-4"
    assert s.events("combat_result")[0]["amount"] == 0
    assert s.f("Loki").health == 15      # only Careful What You Wish For's 1 (the Genie lost)
    row = s.events("swap_values")[0]
    assert (row["amount"], row["value"]) == (2, 4)


def test_freyjas_rescue_swap_needs_an_opposing_card():
    s = loki_vs()
    s.hand(0, FREYJA)
    s.begin_turn(0)
    s.attack("Loki", "The Genie", FREYJA, None)
    assert s.events("combat_result")[0]["detail"] == "2-0"
    assert s.events("swap_values") == []


def test_freyjas_rescue_played_by_opponent_heals_loki_3():
    s = loki_vs()
    give_trick(s, FREYJA)
    s.health("Loki", 10)
    s.hand(0, "Underhanded")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Underhanded", FREYJA)
    assert s.events("swap_values") == []               # the "Loki." part does not apply
    assert s.events("combat_result")[0]["detail"] == "3-2"
    assert s.f("Loki").health == 13
    assert s.f("The Genie").health == 15


# ---------------------------------------------------------------------- Trick: Sindri's Bet
def test_sindris_bet_played_by_loki_subtracts_3_unless_the_attacker_discards():
    s = loki_vs()
    s.hand(0, SINDRI)
    s.hand(1, "Careful What You Wish For", "Feint")
    genie_turn(s)
    s.attack("The Genie", "Loki", "Careful What You Wish For", SINDRI)
    s.expect("effect_unless_discard")
    assert s.pending.player == 1 and None in s.pending.options
    s.choose(None)
    assert s.events("combat_result")[0]["detail"] == "1-3"
    assert s.events("combat_result")[0]["amount"] == 0


def test_sindris_bet_attacker_may_discard_a_card_to_keep_its_value():
    s = loki_vs()
    s.hand(0, SINDRI)
    s.hand(1, "Careful What You Wish For", "Feint")
    genie_turn(s)
    s.attack("The Genie", "Loki", "Careful What You Wish For", SINDRI)
    s.expect("effect_unless_discard").choose("Feint")
    assert s.events("combat_result")[0]["detail"] == "4-3"
    assert s.f("Loki").health == 15
    assert s.events("discard")[-1]["detail"] == "opponent_effect"
    assert "Feint" in s.discard_names(1)


def test_sindris_bet_never_takes_a_value_below_zero():
    """Houdini's The Big Reveal (2) loses 3: it becomes 0, not -1; boosting it by 3 afterwards
    makes it 3 (an unfloored -1 + 3 would be 2)."""
    s = loki_vs("houdini")
    s.hand(0, SINDRI)
    s.hand(1, "The Big Reveal", "Grand Escape")
    s.begin_turn(1)
    s.attack("Houdini", "Loki", "The Big Reveal", SINDRI)
    s.expect("effect_unless_discard").choose(None)
    s.expect("combat_boost").choose("Grand Escape")      # BOOST 3; the second boost: no card left
    assert s.events("combat_result")[0]["detail"] == "3-3"


def test_sindris_bet_played_by_opponent_returns_top_of_lokis_discard_to_his_hand():
    s = loki_vs()
    give_trick(s, SINDRI)
    s.discard_pile(0, "Shapeshifter", "Ragnarök")      # Ragnarök is on top
    s.hand(0, "Underhanded")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Underhanded", SINDRI)
    assert s.events("effect_unless_discard") == []
    assert s.events("combat_result")[0]["detail"] == "3-3"
    assert s.hand_names(0) == ["Ragnarök"]
    assert s.events("return_to_hand")[0]["card"] == "Ragnarök"
    # Cleanup afterwards puts Underhanded and the Sindri's Bet on the pile.
    assert sorted(s.discard_names(0)) == sorted(["Shapeshifter", "Underhanded", SINDRI])


# ---------------------------------------------------------------------- Trick: Svaðilfari's Lure
def test_svadilfaris_lure_played_by_opponent_lets_loki_reveal_a_card_they_discard():
    s = loki_vs()
    s.hand(1, "Feint", "Three Wishes")
    lure = give_trick(s, LURE)
    baldr = give_trick(s, BALDR)
    genie_turn(s)
    s.choose("scheme")
    if s.pending.kind == "scheme_card":
        s.choose((lure, s.fighter("The Genie")))
    s.expect("reveal_hand_card")
    d = s.pending
    hand = s.game.players[1].hand
    assert d.player == 0
    assert list(d.options) == list(range(len(hand)))          # positions, never card ids
    assert d.info["tricks"] == (hand.index(baldr),)            # Loki sees his card backs
    three_wishes = next(i for i, c in enumerate(hand) if s.game.card(c).name == "Three Wishes")
    s.choose(three_wishes)
    assert s.events("hand_reveal")[0]["card"] == "Three Wishes"
    assert s.events("discard")[0]["card"] == "Three Wishes"
    assert "Three Wishes" in s.discard_names(1)
    assert where(s, lure) == "discard0"                        # played by the Genie
    assert s.events("trick_played_by_opponent")[0]["detail"] == "scheme"


def test_svadilfaris_lure_revealing_a_trick_lets_loki_take_it_back():
    s = loki_vs()
    s.hand(1, "Feint")
    lure = give_trick(s, LURE)
    baldr = give_trick(s, BALDR)
    genie_turn(s)
    s.choose("scheme")
    if s.pending.kind == "scheme_card":
        s.choose((lure, s.fighter("The Genie")))
    s.expect("reveal_hand_card").choose(s.pending.info["tricks"][0])
    s.expect("trick_destination").choose("hand")
    assert where(s, baldr) == "hand0"


# ---------------------------------------------------------------------- Shapeshifter
def test_shapeshifter_adds_1_per_card_in_opponents_hand():
    s = loki_vs()
    s.hand(0, "Shapeshifter")
    s.hand(1, "Three Wishes", "Three Wishes", "Wishing for More Wishes")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Shapeshifter", None)
    s.expect("effect_mode").choose("+1 value per card in the opponent's hand")
    assert s.events("combat_result")[0]["detail"] == "3-0"


def test_shapeshifter_can_gain_an_action_instead():
    s = loki_vs()
    s.hand(0, "Shapeshifter")
    s.hand(1, "Three Wishes")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Shapeshifter", None)
    s.expect("effect_mode").choose("gain 1 action")
    assert s.events("combat_result")[0]["detail"] == "0-0"
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    # 2 actions - the attack + 1 gained; the maneuver that follows (nothing else to do) uses one.
    assert [e["detail"] for e in s.events("action")] == ["attack", "maneuver"]
    assert s.game.players[0].actions == 1


# ---------------------------------------------------------------------- God of Mischief
def test_god_of_mischief_ignores_the_value_of_an_opponents_trick():
    s = loki_vs()
    s.hand(0, "God of Mischief")
    give_trick(s, BALDR)
    genie_turn(s)
    s.attack("The Genie", "Loki", BALDR, "God of Mischief")
    assert s.events("combat_result")[0]["detail"] == "0-2"
    assert s.events("cancel") == []
    assert s.f("Loki").health == 16
    assert s.f("The Genie").health == 14       # Baldr's "Not Loki." part still resolves


def test_god_of_mischief_cancels_the_effects_of_a_card_that_is_not_a_trick():
    s = loki_vs()
    s.hand(0, "God of Mischief")
    s.hand(1, "I Am Freed")                    # attack 3; after: place the Genie, 1 damage around
    genie_turn(s)
    s.attack("The Genie", "Loki", "I Am Freed", "God of Mischief")
    assert s.events("cancel")[0]["card"] == "I Am Freed"
    assert s.events("combat_result")[0]["detail"] == "3-2"
    assert s.f("The Genie").space == s.space("M11")      # not placed
    assert s.f("Loki").health == 15                      # combat damage only


# ---------------------------------------------------------------------- Lævateinn
def test_laevateinn_reveals_a_card_and_adds_its_boost_value():
    s = loki_vs()
    s.hand(0, "Lævateinn")
    s.hand(1, "Feint", "Three Wishes")               # BOOST 1, BOOST 3
    give_trick(s, BALDR)
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Lævateinn", None)
    s.expect("reveal_hand_card")
    hand = s.game.players[1].hand
    assert s.pending.info["tricks"] == (2,)
    assert not any(v in hand[:2] for k, v in s.pending.info.items() if k != "victim")
    pos = next(i for i, c in enumerate(hand) if s.game.card(c).name == "Three Wishes")
    wishes = hand[pos]
    s.choose(pos)
    assert s.events("combat_result")[0]["detail"] == "5-0"
    assert wishes in s.game.players[1].known_hand
    assert s.events("hand_reveal")[0]["card"] == "Three Wishes"
    assert "Three Wishes" in s.hand_names(1)          # a revealed card that is no TRICK stays


def test_laevateinn_takes_a_revealed_trick_into_lokis_hand():
    s = loki_vs()
    s.hand(0, "Lævateinn")
    s.hand(1, "Feint")
    freyja = give_trick(s, FREYJA)
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Lævateinn", None)
    s.expect("reveal_hand_card").choose(s.pending.info["tricks"][0])
    assert s.events("combat_result")[0]["detail"] == "2-0"     # a TRICK's BOOST counts 0
    assert where(s, freyja) == "hand0"
    assert s.events("trick_taken")[0]["card"] == FREYJA
    assert s.game.move_value(0) == 2


# ---------------------------------------------------------------------- Looking for Trouble
def test_looking_for_trouble_returns_their_card_and_loki_chooses_the_one_they_play():
    s = loki_vs()
    s.hand(0, "Looking for Trouble")
    s.hand(1, "I Grant You Death", "Prisoner's Torment", "Three Wishes")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Looking for Trouble", "I Grant You Death")
    s.expect("choose_opponent_card")
    assert s.pending.player == 0
    assert sorted(s.options()) == ["I Grant You Death", "Prisoner's Torment"]   # defense cards only
    assert all(s.game.known_to(0, 1, c) for c in s.game.players[1].hand)     # Loki looked
    s.choose("Prisoner's Torment")
    assert s.events("look_at_hand")[0]["player"] == 0
    assert s.events("return_to_hand")[0]["card"] == "I Grant You Death"
    assert s.events("combat_result")[0]["detail"] == "4-1"
    assert "I Grant You Death" in s.hand_names(1)
    assert "Prisoner's Torment" in s.discard_names(1)
    check_every_card_once(s.game)


def test_looking_for_trouble_resolves_the_immediate_effects_of_the_chosen_card():
    s = loki_vs()
    s.health("The Genie", 10)
    s.hand(0, "Looking for Trouble")
    s.hand(1, "I Grant You Death", "Back in the Lamp")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Looking for Trouble", "I Grant You Death")
    s.expect("choose_opponent_card").choose("Back in the Lamp")
    assert [e["amount"] for e in s.events("recover")] == [4]
    assert s.f("The Genie").health == 10 + 4 - 4


def test_looking_for_trouble_does_nothing_if_the_opponent_played_no_card():
    s = loki_vs()
    s.hand(0, "Looking for Trouble")
    s.hand(1, "Three Wishes")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Looking for Trouble", None)
    assert s.events("look_at_hand") == []
    assert s.events("combat_result")[0]["detail"] == "4-0"


def test_looking_for_trouble_can_make_them_play_a_trick_they_hold():
    s = loki_vs()
    s.hand(0, "Looking for Trouble")
    s.hand(1, "Feint")
    freyja = give_trick(s, FREYJA)
    s.health("Loki", 10)
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Looking for Trouble", "Feint")
    # The Genie's Feint (defender, immediately) cancels Looking for Trouble first.
    assert s.events("cancel")[0]["card"] == "Looking for Trouble"
    assert s.events("look_at_hand") == []
    s2 = loki_vs()
    s2.hand(0, "Looking for Trouble")
    s2.hand(1, "I Grant You Death")
    freyja = give_trick(s2, FREYJA)
    s2.health("Loki", 10)
    s2.begin_turn(0)
    s2.attack("Loki", "The Genie", "Looking for Trouble", "I Grant You Death")
    s2.expect("choose_opponent_card").choose(FREYJA)
    assert s2.events("trick_played_by_opponent")[0]["detail"] == "defense"
    assert s2.f("Loki").health == 13                     # "Not Loki.": Loki recovers 3
    assert where(s2, freyja) == "discard0"


def test_looking_for_trouble_is_cancelled_by_a_magician_never_reveals_his_secrets():
    s = loki_vs("houdini")
    s.hand(0, "Looking for Trouble")
    s.hand(1, "Grand Escape", "A Magician Never Reveals His Secrets")
    s.begin_turn(0)
    s.attack("Loki", "Houdini", "Looking for Trouble", "Grand Escape")
    s.expect("cancel_look").choose("A Magician Never Reveals His Secrets")
    assert s.events("reveal_cancel")[0]["card"] == "A Magician Never Reveals His Secrets"
    assert s.events("return_to_hand") == []
    assert s.game.combat.cards[DEFENDER] in ids(s, 1, "Grand Escape")


# ---------------------------------------------------------------------- Malicious Flyting
def test_malicious_flyting_draws_one_card():
    s = loki_vs()
    s.hand(0, "Malicious Flyting")
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", "Loki", "Careful What You Wish For", "Malicious Flyting")
    assert len(s.game.players[0].hand) == 1


def test_malicious_flyting_draws_two_cards_against_a_trick():
    s = loki_vs()
    s.hand(0, "Malicious Flyting")
    give_trick(s, BALDR)
    genie_turn(s)
    s.attack("The Genie", "Loki", BALDR, "Malicious Flyting")
    assert len(s.game.players[0].hand) == 2


# ---------------------------------------------------------------------- Ragnarök
def test_ragnarok_adds_3_for_each_trick_in_opponents_hand():
    s = loki_vs()
    s.hand(0, "Ragnarök")
    give_trick(s, BALDR)
    give_trick(s, LURE)
    s.hand(1, "Three Wishes")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Ragnarök", None)
    assert s.events("combat_result")[0]["detail"] == "6-0"


def test_ragnarok_cannot_be_cancelled():
    s = loki_vs()
    s.hand(0, "Ragnarök")
    give_trick(s, BALDR)
    s.hand(1, "Feint")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Ragnarök", "Feint")
    assert s.events("cancel_failed")[0]["card"] == "Ragnarök"
    assert s.events("combat_result")[0]["detail"] == "3-2"


# ---------------------------------------------------------------------- Underhanded
def test_underhanded_is_6_when_opponent_holds_more_cards():
    s = loki_vs()
    s.hand(0, "Underhanded", "Shapeshifter")
    s.hand(1, "Three Wishes", "Three Wishes")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Underhanded", None)     # Loki holds 1, the Genie 2
    assert s.events("combat_result")[0]["detail"] == "6-0"


def test_underhanded_keeps_its_value_when_hands_are_equal():
    s = loki_vs()
    s.hand(0, "Underhanded", "Shapeshifter")
    s.hand(1, "Three Wishes")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Underhanded", None)
    assert s.events("combat_result")[0]["detail"] == "3-0"


# ---------------------------------------------------------------------- the greedy policy
def _greedy() -> GreedyPolicy:
    return GreedyPolicy(random.Random(1))


def test_greedy_takes_a_discarded_trick_into_hand_or_onto_the_deck_by_hand_size():
    s = loki_vs()
    give_trick(s, BALDR)
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(BALDR)
    s.expect("trick_destination")
    view = PlayerView(s.game, 0)
    assert _greedy().choose(view, s.pending) == "hand"
    s.hand(0, *["Underhanded"] * 3, *["Shapeshifter"] * 3)
    assert _greedy().choose(view, s.pending) == "deck"


def test_greedy_reveals_a_trick_when_the_opponent_holds_one():
    s = loki_vs()
    s.hand(0, "Lævateinn")
    s.hand(1, "Feint", "Three Wishes")
    give_trick(s, SINDRI)
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Lævateinn", None)
    s.expect("reveal_hand_card")
    assert _greedy().choose(PlayerView(s.game, 0), s.pending) == s.pending.info["tricks"][0]


def test_greedy_looking_for_trouble_picks_their_weakest_defense():
    s = loki_vs()
    s.hand(0, "Looking for Trouble")
    s.hand(1, "I Grant You Death", "Back in the Lamp", "Prisoner's Torment")
    s.begin_turn(0)
    s.attack("Loki", "The Genie", "Looking for Trouble", "I Grant You Death")
    s.expect("choose_opponent_card")
    choice = _greedy().choose(PlayerView(s.game, 0), s.pending)
    assert s.game.card(choice).name == "Prisoner's Torment"   # not the healing Back in the Lamp


def test_greedy_opponent_does_not_scheme_with_lokis_lure_but_plays_his_tricks_in_combat():
    s = loki_vs(other_space="M01")
    give_trick(s, LURE)
    genie_turn(s)
    s.expect("action")
    assert "scheme" in s.pending.options
    assert _greedy().choose(PlayerView(s.game, 1), s.pending) == "maneuver"
    # As a defender the Genie uses Loki's Sindri's Bet (3) over its own weaker card.
    s2 = loki_vs()
    s2.hand(0, "Underhanded")
    s2.hand(1, "Back in the Lamp")
    give_trick(s2, SINDRI)
    s2.begin_turn(0)
    s2.choose("attack")                   # one target, one attack card: straight to the defense
    s2.expect("defense_card")
    choice = _greedy().choose(PlayerView(s2.game, 1), s2.pending)
    assert s2.game.card(choice).name == SINDRI


def test_greedy_attacks_with_ragnarok_when_the_opponent_holds_his_tricks():
    """Ragnarök prints 0 but is worth +3 per TRICK of Loki's in the opponent's hand."""
    s = loki_vs()
    s.hand(0, "Ragnarök", "Malicious Flyting")
    s.begin_turn(0)
    s.choose("attack")
    s.expect("attack_card")
    view = PlayerView(s.game, 0)
    assert s.game.card(_greedy().choose(view, s.pending)).name == "Malicious Flyting"
    give_trick(s, BALDR)
    give_trick(s, SINDRI)
    assert _greedy().value_gain(view, ids(s, 0, "Ragnarök")[-1]) == 6
    assert s.game.card(_greedy().choose(view, s.pending)).name == "Ragnarök"


def test_greedy_never_attacks_with_baldrs_downfall_when_its_self_damage_would_defeat_its_hero():
    """Played by anyone but Loki, Baldr's Downfall deals 2 damage to its player's own hero: at
    2 health or less greedy picks another attack card; with more health it may still use it."""
    s = loki_vs(other="houdini", loki_space="M10", other_space="M11")
    s.hand(1, "Sleight of Hand")
    baldr = give_trick(s, BALDR)
    s.health("Houdini", 2)
    s.begin_turn(1)
    s.choose("attack")
    s.expect("attack_card")
    view = PlayerView(s.game, 1)
    assert _greedy().self_damage(view, baldr) == 2
    assert s.game.card(_greedy().choose(view, s.pending)).name == "Sleight of Hand"
    s.health("Houdini", 9)
    assert _greedy().choose(view, s.pending) == baldr       # 4 damage for 2 is worth it here
    # Loki himself takes no damage from his own TRICK.
    assert _greedy().self_damage(PlayerView(s.game, 0), ids(s, 0, BALDR)[0]) == 0


def test_greedy_pays_for_sindris_bet_only_when_it_matters():
    s = loki_vs()
    s.hand(0, SINDRI)
    s.hand(1, "Careful What You Wish For", "Feint", "Feint")
    genie_turn(s)
    s.attack("The Genie", "Loki", "Careful What You Wish For", SINDRI)
    s.expect("effect_unless_discard")
    choice = _greedy().choose(PlayerView(s.game, 1), s.pending)
    assert choice is not None and s.game.card(choice).name == "Feint"


# ---------------------------------------------------------------------- whole games
@pytest.mark.parametrize("board", board_ids())
@pytest.mark.parametrize("other", hero_ids())
def test_random_games_of_loki_against_every_hero_end_with_every_card_accounted_for(other, board):
    for seed in range(4):
        for heroes in (("loki", other), (other, "loki")):
            g = Game(find_board(board), (find_hero(heroes[0]), find_hero(heroes[1])), seed=seed)
            views = [PlayerView(g, 0), PlayerView(g, 1)]
            policies = [RandomPolicy(random.Random(f"{seed}:{k}")) for k in (0, 1)]
            g.start()
            steps = 0
            while g.pending is not None:
                d = g.pending
                g.answer(policies[d.player].choose(views[d.player], d))
                if not g.combat:
                    check_every_card_once(g)
                steps += 1
                assert steps < 100_000
            assert g.over
            check_every_card_once(g)


def test_greedy_games_of_loki_run_to_the_end():
    for seed in range(6):
        for heroes in (("loki", "genie"), ("houdini", "loki")):
            g = Game(find_board("marmoreal"), (find_hero(heroes[0]), find_hero(heroes[1])), seed=seed)
            views = [PlayerView(g, 0), PlayerView(g, 1)]
            policies = [GreedyPolicy(random.Random(f"{seed}:{k}")) for k in (0, 1)]
            g.start()
            while g.pending is not None:
                d = g.pending
                g.answer(policies[d.player].choose(views[d.player], d))
            assert g.over
            check_every_card_once(g)


# ---------------------------------------------------------------------- search determinization
def _trick_attack_face_down():
    """The Genie, holding two of Loki's TRICKs Loki saw it take, attacks Loki with one of them
    face down: (scenario, the TRICK played, the other TRICK)."""
    s = loki_vs()
    s.hand(0, "Underhanded")
    baldr = give_trick(s, BALDR)
    other = give_trick(s, FREYJA)
    s.hand(1, "Feint", "Careful What You Wish For")
    genie_turn(s)
    s.choose("attack")
    s.expect("attack_card").choose(BALDR)
    s.expect("defense_card")
    return s, baldr, other


def test_determinizing_for_loki_keeps_a_face_down_trick_among_his_tricks():
    """Loki defends against a face-down card with his own back: it is one of the TRICKs he
    knows the opponent held. A determinization for him may trade it for another of those, never
    for one of the opponent's own cards, and no TRICK of his ends up in the opponent's deck."""
    from unmatched_sim.engine.determinize import determinize
    s, baldr, other = _trick_attack_face_down()
    picks = set()
    for seed in range(20):
        g = determinize(s.game, 0, random.Random(seed))
        hidden = g.combat.cards[ATTACKER]
        picks.add(hidden)
        assert hidden in (baldr, other)
        assert all(g.cards[c].owner == 1 for c in g.players[1].deck)
        assert {baldr, other} == {hidden} | {c for c in g.players[1].hand if g.cards[c].owner == 0}
        check_every_card_once(g)
    assert picks == {baldr, other}


def test_a_determinization_that_trades_the_face_down_trick_trades_what_loki_knows_of_it():
    """When Loki's determinized world swaps the face-down TRICK for another he knew the
    opponent held, the knowledge goes with the cards: the TRICK now in the hand is the one
    known there (``known_hand`` never names a card that is not in the hand) and the one face
    down is the seen card played face down; Loki's view of the world still counts both."""
    from unmatched_sim.engine.determinize import determinize
    s, baldr, other = _trick_attack_face_down()
    assert s.game.combat.extra["known_face_down"] == baldr
    swapped = 0
    for seed in range(20):
        g = determinize(s.game, 0, random.Random(seed))
        hidden = g.combat.cards[ATTACKER]
        them = g.players[1]
        in_hand = ({baldr, other} - {hidden}).pop()
        assert them.known_hand <= set(them.hand)
        assert in_hand in them.known_hand
        assert g.combat.extra["known_face_down"] == hidden
        assert PlayerView(g, 0).known_opponent_hand(1) == sorted([baldr, other])
        swapped += hidden != baldr
    assert swapped
