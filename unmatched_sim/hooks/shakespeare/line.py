"""The line (Shakespeare's Iambic Pentameter): combat cards kept face up, left to right, in the
order they were played, in ``Player.res["line"]`` (a tuple of card ids, public). The rules of
the line — which cards join it and when it completes — are the ability's (this package's ``__init__``);
what cards say about it is here: "for each other card in your line", "for each HORROR card in
your line", "return the first card in your line to your hand", "return this card to your hand"
(from the line).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import QUANTITIES, Field, Op, op
from unmatched_sim.engine.game import CARD_ZONES

LINE = "line"
CARD_ZONES[LINE] = "public"


def line_of(g, seat: int) -> tuple:
    return g.players[seat].res.get(LINE, ())


def syllables(defn) -> int:
    """A card's syllables, from its tag ``syllables:N`` (0 without one)."""
    for t in defn.tags:
        if t.startswith("syllables:"):
            return int(t.split(":", 1)[1])
    return 0


def _line_count(g, ctx) -> int:
    """Cards in your line other than this one."""
    return sum(1 for c in line_of(g, ctx.player) if c != ctx.card)


def _line_same_name(g, ctx) -> int:
    """Cards in your line with this card's name, other than this one (Horror)."""
    if ctx.card < 0:
        return 0
    name = g.card(ctx.card).name
    return sum(1 for c in line_of(g, ctx.player) if c != ctx.card and g.card(c).name == name)


QUANTITIES.update({
    "line_count": _line_count,
    "line_same_name": _line_same_name,
})


@op("take_from_line")
class TakeFromLine(Op):
    """A card leaves your line for your hand (face up, so everyone knows it): the first card
    (``which = "first"``, Again) or this card (``which = "this"``, Deceive's completion)."""
    FIELDS = {"which": Field("choice", "first", ("first", "this"))}

    def _card(self, g, ctx):
        line = line_of(g, ctx.player)
        if self.which == "first":
            return line[0] if line else None
        return ctx.card if ctx.card in line else None

    def applicable(self, g, ctx):
        return self._card(g, ctx) is not None

    def run(self, g, ctx):
        cid = self._card(g, ctx)
        if cid is None:
            return
        res = g.players[ctx.player].res
        res[LINE] = tuple(c for c in res[LINE] if c != cid)
        g.put_in_hand(ctx.player, cid, "line_to_hand")
