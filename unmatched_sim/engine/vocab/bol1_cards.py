"""Vocabulary first needed by Battle of Legends, Volume One (Sinbad, Medusa, King Arthur, Alice),
written for any hero that says the same thing.

Quantities
    ``voyage_cards_in_discard``   VOYAGE cards (tag ``voyage``) in your discard pile. Any other
                                  tag is counted the same way with ``tagged_in_discard(tag)``;
                                  register a quantity for it with ``count_tag_quantity``.
Selectors
    ``any_in_zone``               one fighter (anyone's) sharing a zone with the fighter resolving
                                  the effect ("any one fighter in Medusa's zone"; read literally,
                                  that fighter itself is in its own zone and may be chosen);
                                  ``each_any_in_zone`` every such fighter.
Ops
    ``take_tagged_from_discard``  every card with a tag goes from your discard pile to your hand
                                  (Voyage Home: "take all other VOYAGE cards ...").
    ``return_defeated``           a defeated sidekick token comes back at full health on an
                                  empty space (Winged Frenzy: "return a defeated Harpy, if any,
                                  to any space in Medusa's zone"); nothing if none is defeated.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import (QUANTITIES, SELECTORS, Field, Op, Summon, op)


# ---------------------------------------------------------------------- quantities
def tagged_in_discard(g, seat: int, tag: str) -> int:
    """How many cards carrying ``tag`` lie in ``seat``'s discard pile."""
    cards = g.cards
    return sum(1 for c in g.players[seat].discard if tag in cards[c].defn.tags)


def count_tag_quantity(name: str, tag: str) -> None:
    """Register quantity ``name``: cards tagged ``tag`` in the resolving player's discard pile."""
    QUANTITIES[name] = lambda g, ctx: tagged_in_discard(g, ctx.player, tag)


count_tag_quantity("voyage_cards_in_discard", "voyage")


# ---------------------------------------------------------------------- selectors
def _any_in_zone(g, ctx) -> list[int]:
    me = g.ctx_fighter(ctx)
    if not g.fighters[me].on_board:
        return []
    return [fi for fi in g.all_on_board() if g.same_zone(me, fi)]


SELECTORS["any_in_zone"] = (True, _any_in_zone)
SELECTORS["each_any_in_zone"] = (False, _any_in_zone)


# ---------------------------------------------------------------------- ops
@op("take_tagged_from_discard")
class TakeTaggedFromDiscard(Op):
    """Every card tagged ``tag`` in your discard pile goes to your hand (known to everyone: it
    came from a face-up pile). The card resolving this is in play, not in the pile, so "all
    other VOYAGE cards" is simply every one in the pile."""
    FIELDS = {"tag": Field("str", required=True)}

    def run(self, g, ctx):
        p = g.players[ctx.player]
        taken = [c for c in p.discard if self.tag in g.card(c).tags]
        for cid in taken:
            p.discard.remove(cid)
            p.hand.append(cid)
            g.log("return_to_hand", ctx.player, card=cid)
        if taken:
            p.known_hand = p.known_hand | frozenset(taken)


@op("return_defeated")
class ReturnDefeated(Summon):
    """One defeated token of ``sidekick`` (if any) is put back at full health on an empty space
    (``where`` as for summon). Unlike summon it never moves a token already on the board, nor
    brings in one that has never been defeated."""

    def applicable(self, g, ctx):
        return bool(self._defeated(g, ctx))

    def _defeated(self, g, ctx):
        F = g.fighters
        return [fi for fi in g.players[ctx.player].fighters
                if F[fi].defn.name == self.sidekick and not F[fi].alive and not F[fi].on_board]

    def run(self, g, ctx):
        defeated = self._defeated(g, ctx)
        if defeated:
            self._token_chosen(g, ctx, defeated[0])
