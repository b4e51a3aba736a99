"""Verbs on the discard pile beyond "choose a card": "return a random card in your discard pile
to your hand" (Golden Bat's Insight of the Ancients)."""

from __future__ import annotations

from unmatched_sim.engine.effects import Field, Op, op


@op("take_random_from_discard")
class TakeRandomFromDiscard(Op):
    """A card picked at random from your discard pile goes to your hand (``count`` cards, one
    after another; an empty pile: nothing). The pile is public, so the card is known to all."""
    FIELDS = {"count": Field("amount", 1)}

    def applicable(self, g, ctx):
        return bool(g.players[ctx.player].discard)

    def run(self, g, ctx):
        p = g.players[ctx.player]
        for _ in range(self.count(g, ctx)):
            if not p.discard:
                return
            cid = g.rng.choice(p.discard)
            g.discard_to_hand(ctx.player, cid, detail="random")
