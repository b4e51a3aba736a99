"""Verbs on the discard pile beyond "choose a card": "return a random card in your discard pile
to your hand" (Insight of the Ancients), "take all other VOYAGE cards from your discard pile"
(Voyage Home), "return the card you discarded to your hand" (Outrageous Fortune), "choose a JEET
KUNE DO card in your discard pile and add it to your hand" (Be Like Water), "take an OX FORM,
TORTOISE FORM or PHOENIX FORM from your discard pile" (72 Transformations: one card of a tag), and the
quantity ``voyage_cards_in_discard``: VOYAGE cards (tag ``voyage``) in your discard pile. Any
other tag is counted the same way (``Game.tagged_in_discard``); register a quantity for it with
``count_tag_quantity``.

The discard pile is face up, so a card it gives back to a hand is known to everyone
(``Game.discard_to_hand``)."""

from __future__ import annotations

from unmatched_sim.engine.effects import DISCARDED, QUANTITIES, Field, Op, TakeFromDiscard, one_of_each_name, op


def count_tag_quantity(name: str, tag: str) -> None:
    """Register quantity ``name``: cards tagged ``tag`` in the resolving player's discard pile."""
    QUANTITIES[name] = lambda g, ctx: g.tagged_in_discard(ctx.player, tag)


count_tag_quantity("voyage_cards_in_discard", "voyage")


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


@op("take_tagged_from_discard")
class TakeTaggedFromDiscard(Op):
    """Every card tagged ``tag`` in your discard pile goes to your hand (known to everyone: it
    came from a face-up pile). The card resolving this is in play, not in the pile, so "all
    other VOYAGE cards" is simply every one in the pile."""
    FIELDS = {"tag": Field("str", required=True)}

    def run(self, g, ctx):
        for cid in [c for c in g.players[ctx.player].discard if self.tag in g.card(c).tags]:
            g.discard_to_hand(ctx.player, cid)


@op("return_discarded")
class ReturnDiscarded(Op):
    """The cards an earlier effect of this card discarded (``discard``, ``discard_deck_top``)
    go from their owner's discard pile back to that player's hand, if still there."""
    FIELDS = {}

    def run(self, g, ctx):
        for cid in g.turn_flags.get((DISCARDED, ctx.card), ()):
            p = g.players[g.owner(cid)]
            if cid in p.discard:
                g.discard_to_hand(p.seat, cid)


@op("take_one_tagged_from_discard")
class TakeOneTaggedFromDiscard(TakeFromDiscard):
    """Choose one card tagged ``tag`` in your discard pile and put it into your hand (``to =
    "hand"``, the default) or on top of your deck (decision ``effect_take_from_discard``, copies
    of one card offered once). No such card: nothing happens."""
    FIELDS = {"tag": Field("str", required=True), "to": Field("choice", "hand", ("deck_top", "hand"))}

    def applicable(self, g, ctx):
        return g.tagged_in_discard(ctx.player, self.tag) > 0

    def run(self, g, ctx):
        options = one_of_each_name(g, [c for c in g.players[ctx.player].discard if self.tag in g.card(c).tags])
        if options:
            g.ask(ctx.player, "effect_take_from_discard", options, self._taken, ctx,
                  card=ctx.card, to=self.to)
