"""Glamours (Titania's Fairy Magic): a face-down glamour deck, at most one face-up glamour whose
ongoing effect is in force, and a face-up glamour discard pile. The glamours' ongoing effects
and the flip at the start of her turn are the ability's (this package's ``__init__``); what cards say about
glamours is here: "discard your glamour" as a cost (``cost = { glamour = 1 }``), "for each
glamour in your glamour discard pile", "put a discarded glamour on the bottom of your glamour
deck".

State in ``Player.res`` (immutable values):

    _glamour_deck     tuple of glamour names, face down; the top is the last item (hidden)
    glamour           the face-up glamour's name, "" if none (public)
    glamour_discard   tuple of discarded glamour names, in order (public)
"""

from __future__ import annotations

from unmatched_sim.engine.determinize import HIDDEN_ORDER
from unmatched_sim.engine.effects import QUANTITIES, Cost, Op, cost, op

DECK, ACTIVE, DISCARD = "_glamour_deck", "glamour", "glamour_discard"
HIDDEN_ORDER.add(DECK)


def discard_glamour(g, seat: int, why: str | None = None) -> str:
    """The face-up glamour goes to the glamour discard pile; returns its name ("" if none)."""
    res = g.players[seat].res
    name = res.get(ACTIVE, "")
    if name:
        res[ACTIVE] = ""
        res[DISCARD] = res.get(DISCARD, ()) + (name,)
        g.log("glamour_discard", seat, card=name, detail=why)
    return name


@cost("glamour")
class GlamourCost(Cost):
    """Discard your face-up glamour (N is always 1: there is only one)."""

    def can_pay(self, g, ctx, n):
        return bool(g.players[ctx.player].res.get(ACTIVE))

    def pay(self, g, ctx, n, op, then, args):
        discard_glamour(g, ctx.player, "cost")
        then(g, *args)


def _glamours_discarded(g, ctx) -> int:
    return len(g.players[ctx.player].res.get(DISCARD, ()))


QUANTITIES.update({"glamours_discarded": _glamours_discarded})


@op("glamour_to_bottom")
class GlamourToBottom(Op):
    """Put a glamour of your choice from your glamour discard pile on the bottom of your glamour
    deck (decision ``glamour_choice``: a name)."""
    FIELDS = {}

    def applicable(self, g, ctx):
        return bool(g.players[ctx.player].res.get(DISCARD))

    def run(self, g, ctx):
        pile = g.players[ctx.player].res.get(DISCARD, ())
        if pile:
            g.ask(ctx.player, "glamour_choice", sorted(set(pile)), self._chosen, ctx, card=ctx.card)

    def _chosen(self, g, ctx, name):
        res = g.players[ctx.player].res
        pile = list(res[DISCARD])
        pile.remove(name)
        res[DISCARD] = tuple(pile)
        res[DECK] = (name,) + res.get(DECK, ())      # the bottom is the first item
        g.log("glamour_to_deck", ctx.player, card=name)
