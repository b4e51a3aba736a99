"""Cards that swap a new card into a combat (Dracula's Do My Bidding, Loki's Looking for
Trouble, Houdini's Sleight of Hand): the new card resolves its "Immediately" effects unless
they have resolved, or are queued, in this combat already. The rulebooks do not say how two
such cards sending each other back would end; this reading ends it after each card's effects
have resolved once (``effects.swap_into_combat``).

Seat 0 is Loki on M10, seat 1 Dracula on M11 (his Sisters off the board)."""

from __future__ import annotations

from tests.scenario import Scenario
from tests.test_loki import check_every_card_once

LFT, DMB = "Looking for Trouble", "Do My Bidding"


def loki_attacks_dracula(loki_hand=(), dracula_hand=(), attack=True) -> Scenario:
    """Loki attacks Dracula with Looking for Trouble, who defends with Do My Bidding (unless
    ``attack`` is false: then Loki's turn waits at its first action)."""
    s = Scenario("loki", "dracula")
    s.place("Loki", "M10").place("Dracula", "M11")
    for fi in s.game.players[1].fighters[1:]:
        s.remove(s.game.fighters[fi].name, 1)
    s.hand(0, LFT, *loki_hand)
    s.hand(1, DMB, *dracula_hand)
    s.begin_turn(0)
    return s.attack("Loki", "Dracula", LFT, DMB) if attack else s


def times_resolved(s: Scenario, card: str) -> int:
    """How often a card's effect ran: each of these two looks at the other hand first."""
    return sum(1 for e in s.events("look_at_hand") if e["player"] == (0 if card == LFT else 1))


def test_bidding_and_looking_for_trouble_picking_each_other_end_after_one_resolution_each():
    s = loki_attacks_dracula(loki_hand=("Underhanded",), dracula_hand=("Look Into My Eyes",))
    s.expect("bidding_card")                 # the defender's effect first
    assert s.pending.player == 1
    s.choose(LFT)                            # Dracula makes Loki play the same card
    s.expect("choose_opponent_card")         # its effect, queued in the window, still resolves
    assert s.pending.player == 0
    s.choose(DMB)                            # Loki makes Dracula play Do My Bidding again
    assert s.pending is None or s.pending.kind not in ("bidding_card", "choose_opponent_card")
    assert times_resolved(s, DMB) == 1 and times_resolved(s, LFT) == 1
    result = s.events("combat_result")
    assert len(result) == 1 and result[0]["detail"] == "4-3"
    check_every_card_once(s.game)


def test_each_copy_resolves_once_when_the_swaps_go_through_both_hands_copies():
    """Dracula makes Loki play his second Looking for Trouble: it was not in the combat, so it
    resolves at once; Loki makes Dracula play his second Do My Bidding: that resolves too.
    Dracula then picks the first Looking for Trouble: it was queued when the combat's cards
    were revealed, so it resolves once, in its turn, and nothing picked after that resolves."""
    s = loki_attacks_dracula(loki_hand=(LFT,), dracula_hand=(DMB,), attack=False)
    lft1, lft2 = (c for c in s.game.players[0].hand if s.game.card(c).name == LFT)
    dmb1, dmb2 = (c for c in s.game.players[1].hand if s.game.card(c).name == DMB)
    s.choose("attack").expect("attack_card").choose(lft1)
    s.expect("defense_card").choose(dmb1)
    s.expect("bidding_card").choose(lft2)
    s.expect("choose_opponent_card").choose(dmb2)     # the second copy's effect
    s.expect("bidding_card").choose(lft1)             # the second Do My Bidding's effect
    s.expect("choose_opponent_card").choose(dmb1)     # the first copy's own, queued effect
    assert s.pending is None or s.pending.kind not in ("bidding_card", "choose_opponent_card")
    assert len(s.events("look_at_hand")) == 4
    assert s.game.combat is None or s.game.combat.cards == [lft1, dmb1]
    assert [e["detail"] for e in s.events("combat_result")] == ["4-3"]
    check_every_card_once(s.game)


def test_sleight_of_hand_swapped_back_in_does_not_offer_its_swap_again():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Sleight of Hand", "Sleight of Hand")
    s.hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("Sleight of Hand")
    s.expect("defense_card").choose("Prisoner's Torment")
    first = s.game.combat.cards[0]
    second = next(c for c in s.game.players[0].hand if s.game.card(c).name == "Sleight of Hand")
    s.expect("effect_replace_card").choose(second)    # the other copy: its own swap is offered
    s.expect("effect_replace_card").choose(first)     # the first copy back: its swap already ran
    assert s.pending is None or s.pending.kind != "effect_replace_card"
    assert len(s.events("combat_result")) == 1
    assert s.events("reveal")[-1]["card"] == "Sleight of Hand"
    check_every_card_once(s.game)
