"""Revealing single cards of a deck (Tales to Amaze: "flip that card face up so both players
can see it; then return it to the top of the deck unless an effect says otherwise"):

* ``reveal_deck_bottom`` — Bottom Dealing: reveal the bottom card of your deck, add its BOOST
  value to this card, then put it on the top or the bottom;
* ``reveal_deck_top`` — X-Ray Radiation, Battle of Wits, the Hypnoray Blaster: reveal the top
  card of your deck or the opponent's; it stays on top (known to everyone) unless the card's
  later effects act on it (``discard_revealed``; quantity ``revealed_boost``).

What a reveal showed is remembered for the rest of the card's resolution in ``turn_flags``
under ("revealed", card id) — like ``discarded_boost_value`` — so later effects of the same
card read it: quantity ``revealed_boost`` (its BOOST value, 0 if nothing was revealed).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import CONDITIONS, QUANTITIES, Field, Op, op
from unmatched_sim.engine.game import FROM_DECK
from unmatched_sim.engine.state import DEFENDER

REVEALED = "revealed"


def _everyone(g) -> tuple[int, ...]:
    return tuple(range(len(g.players)))


def _add_to_card(g, ctx, amount: int) -> None:
    c = g.combat
    if c is not None and ctx.role <= DEFENDER and c.cards[ctx.role] is not None and amount:
        c.mods[ctx.role].append(("add", amount))


def revealed(g, ctx) -> tuple:
    """The cards this card's reveal showed: ((seat, card id), ...)."""
    return g.turn_flags.get((REVEALED, ctx.card), ())


def _revealed_boost(g, ctx) -> int:
    return sum(g.players[g.owner(cid)].ability.boost_value(g, cid) for _, cid in revealed(g, ctx))


def _own_boost_higher(g, ctx) -> bool:
    """Of the cards this card revealed, yours has a higher BOOST value than the opponent's (a
    deck with nothing to reveal counts 0)."""
    mine = theirs = 0
    for seat, cid in revealed(g, ctx):
        boost = g.players[g.owner(cid)].ability.boost_value(g, cid)
        if seat == ctx.player:
            mine = boost
        else:
            theirs = boost
    return mine > theirs


QUANTITIES["revealed_boost"] = _revealed_boost
CONDITIONS["revealed_own_boost_higher"] = _own_boost_higher


@op("reveal_deck_bottom")
class RevealDeckBottom(Op):
    """Reveal the bottom card of your deck; with ``add_boost`` its BOOST value is added to this
    combat card's value; then you put it on the top or the bottom of your deck (decision
    ``deck_bottom_to``: "top" / "bottom"). On top, everyone knows it is there."""
    FIELDS = {"add_boost": Field("bool", False)}

    def run(self, g, ctx):
        p = g.players[ctx.player]
        if not p.deck:
            return
        cid = p.deck[0]
        boost = g.players[g.owner(cid)].ability.boost_value(g, cid)
        g.log("deck_reveal", ctx.player, card=cid, amount=boost, detail="bottom")
        g.turn_flags[(REVEALED, ctx.card)] = ((ctx.player, cid),)
        if self.add_boost:
            _add_to_card(g, ctx, boost)
        if len(p.deck) == 1:      # the bottom card is also the top card: nothing to choose
            g.know_deck_top(ctx.player, ctx.player, 1)
            for o in _everyone(g):
                g.know_deck_top(o, ctx.player, 1)
            return
        g.ask(ctx.player, "deck_bottom_to", ("top", "bottom"), self._put, ctx, cid, card=ctx.card,
              revealed=cid)

    def _put(self, g, ctx, cid, where):
        g.log("deck_card_to", ctx.player, card=cid, detail=where)
        if where == "bottom":
            return
        g.take_deck_card(ctx.player, cid)    # whoever knew the whole deck knew this card too
        g.put_deck_top(ctx.player, cid, known_to=_everyone(g))


@op("reveal_deck_top")
class RevealDeckTop(Op):
    """Reveal the top card of your deck (``who = "self"``), the opponent's (``"opponent"``) or
    yours then theirs (``"both"``: Battle of Wits, read by condition ``revealed_own_boost_higher``);
    it stays on top, known to everyone, and later effects of this card may read it
    (``revealed_boost``) or discard it (``discard_revealed``). ``add_boost``: add its BOOST
    value to this combat card at once."""
    FIELDS = {"who": Field("choice", "self", ("self", "opponent", "both")), "add_boost": Field("bool", False)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.who != "self":
            self.needs_opponent = True

    def start(self, g, ctx):
        g.turn_flags[(REVEALED, ctx.card)] = ()
        super().start(g, ctx)

    def run(self, g, ctx):
        if self.who in ("self", "both"):
            reveal_top(g, ctx, ctx.player)
        if self.who in ("opponent", "both"):
            reveal_top(g, ctx, g.opponent_of(ctx))
        if self.add_boost:
            _add_to_card(g, ctx, _revealed_boost(g, ctx))


def reveal_top(g, ctx, seat: int) -> int | None:
    """Reveal the top card of ``seat``'s deck for the effect ``ctx`` (remembered for the card's
    later effects); returns the card id, or None for an empty deck."""
    p = g.players[seat]
    if not p.deck:
        g.log("deck_reveal", seat, detail="empty")
        return None
    cid = p.deck[-1]
    boost = g.players[g.owner(cid)].ability.boost_value(g, cid)
    g.log("deck_reveal", seat, card=cid, amount=boost, detail="top")
    for o in _everyone(g):
        g.know_deck_top(o, seat, 1)
    key = (REVEALED, ctx.card)
    g.turn_flags[key] = g.turn_flags.get(key, ()) + ((seat, cid),)
    return cid


@op("discard_revealed")
class DiscardRevealed(Op):
    """The card(s) this card revealed from the top of a deck go to the discard pile (if they
    are still on top)."""
    FIELDS = {}

    def applicable(self, g, ctx):
        return any(g.players[s].deck and g.players[s].deck[-1] == cid for s, cid in revealed(g, ctx))

    def run(self, g, ctx):
        for seat, cid in revealed(g, ctx):
            p = g.players[seat]
            if not p.deck or p.deck[-1] != cid:
                continue
            g.take_deck_top(seat)
            g.to_discard_pile(cid, FROM_DECK)
            g.log("discard_from_deck", seat, card=cid, amount=g.players[g.owner(cid)].ability.boost_value(g, cid))
            if not p.deck:
                g.log("deck_empty", seat)
