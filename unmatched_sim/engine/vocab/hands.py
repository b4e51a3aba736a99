"""Another player's hand: "look at an opponent's hand and choose a card", then that card goes
under their deck (Fiery Eyes That See), they discard it or take damage equal to its BOOST value
(Stolen Memories), or they shuffle it into their deck (What Fools These Mortals Be). Looking goes
through ``effects.look_at_hand``, so a card that cancels a look (A Magician Never Reveals His
Secrets) cancels these too."""

from __future__ import annotations

from unmatched_sim.engine.combat import EFFECT_DAMAGE
from unmatched_sim.engine.effects import OPS, Field, Op, look_at_hand, op
from unmatched_sim.engine.piles import OPPONENT_EFFECT
from unmatched_sim.engine.vocab.deck import shuffle_deck

DECK_BOTTOM, DISCARD_OR_DAMAGE = "deck_bottom", "discard_or_boost_damage"


class _FromOpponentHand(Op):
    """Look at the opponent's hand, choose one of its cards (decision ``DECISION``, ``victim`` =
    the opponent); ``_picked`` says what becomes of it."""
    NEEDS_OPPONENT = True
    DECISION = "effect_discard"

    def applicable(self, g, ctx):
        victim = g.opponent_of(ctx)
        return bool(g.players[victim].hand) or not g.format.has_hand(victim)

    def run(self, g, ctx):
        # A player without a hand (a co-op enemy) shows the top card of its deck: the look
        # happens, and no card of a hand is there to choose.
        victim = g.opponent_of(ctx)
        if g.players[victim].hand or not g.format.has_hand(victim):
            look_at_hand(g, ctx, victim, self._looked, ())

    def _looked(self, g, ctx, victim):
        hand = g.players[victim].hand
        if hand:
            g.ask(ctx.player, self.DECISION, list(hand), self._picked, ctx, victim, **self._info(ctx, victim))

    def _info(self, ctx, victim) -> dict:
        return {"card": ctx.card, "victim": victim}

    def _picked(self, g, ctx, victim, cid) -> None:
        raise NotImplementedError


@op("pick_from_hand")
class PickFromHand(_FromOpponentHand):
    """Look at the opponent's hand and choose one of its cards (decision ``effect_discard``,
    ``victim`` = the opponent, as for a discard you choose), then, by ``then``:

    ``deck_bottom``              the card goes to the bottom of its owner's deck (logged
                                 ``to_deck_bottom`` without the card's name);
    ``discard_or_boost_damage``  the opponent discards it, or refuses (decision
                                 ``effect_unless_discard``: the card or None) and their hero
                                 takes effect damage equal to its BOOST value (0 for a card
                                 with none)."""
    FIELDS = {"then": Field("choice", required=True, choices=(DECK_BOTTOM, DISCARD_OR_DAMAGE))}

    def _info(self, ctx, victim) -> dict:
        return {"card": ctx.card, "victim": victim, "op": self.NAME}

    def _picked(self, g, ctx, victim, cid):
        if self.then == DECK_BOTTOM:
            g.take_from_hand(victim, cid)
            g.put_deck_bottom(victim, cid)
            g.log("to_deck_bottom", victim, card=ctx.card if ctx.card >= 0 else None, amount=1)
            return
        n = g.players[g.owner(cid)].ability.boost_value(g, cid) if g.card(cid).boost is not None else 0
        harm = (OPS["damage"]({"op": "damage", "target": "hero", "amount": n}, frozenset()),)
        g.ask(victim, "effect_unless_discard", [None, cid], self._answered, ctx, victim, n,
              card=ctx.card, count=1, effects=harm)

    def _answered(self, g, ctx, victim, n, cid):
        if cid is not None:
            g.discard_from_hand(victim, cid, OPPONENT_EFFECT)
            return
        hero = g.hero_of(victim)
        if n > 0 and hero.on_board:
            g.damage(hero.idx, n, EFFECT_DAMAGE, ctx.card if ctx.card >= 0 else None,
                     by=g.ctx_fighter(ctx) if g.fighters[g.ctx_fighter(ctx)].on_board else None)


@op("shuffle_from_hand")
class ShuffleFromHand(_FromOpponentHand):
    """Look at the opponent's hand (their reveal-to-cancel card may stop it), choose a card
    there (decision ``effect_hand_card``) and they shuffle it into their deck (What Fools These
    Mortals Be)."""
    FIELDS = {}
    DECISION = "effect_hand_card"

    def _picked(self, g, ctx, victim, cid):
        g.take_from_hand(victim, cid)
        g.players[victim].deck.append(cid)
        g.log("to_deck", victim, card=cid, detail=g.card(ctx.card).name if ctx.card >= 0 else None)
        shuffle_deck(g, victim)
