"""Verbs on decks: look at (or reveal) the top cards of a deck and share them out (Prophecy,
Insightful Deduction, Sight Beyond Sight), reveal single cards (Bottom Dealing, X-Ray
Radiation, Battle of Wits, the Hypnoray Blaster), search a deck for a named card (The Lady of
the Lake), shuffle cards from the discard pile or a hand into a deck (Helpful Assistant, Alpine
Fortress; an opponent's hand card: vocab/hands.py), put cards from hand under the deck and draw (Method in
the Madness).

Knowledge follows the cards: a player who looks at cards put back on top of a deck knows them
(``Game.know_deck_top``: the owner's ``deck_top_known``, another player's ``top_known_by``),
revealed cards are known to everyone, and a shuffle forgets what anyone knew of that deck.
Determinization keeps known top cards in place for whoever knows them.

Revealing single cards ("flip that card face up so both players can see it; then return it to
the top of the deck unless an effect says otherwise"):

* ``reveal_deck_bottom`` — reveal the bottom card of your deck, add its BOOST value to this
  card, then put it on the top or the bottom;
* ``reveal_deck_top`` — reveal the top card of your deck or the opponent's; it stays on top
  (known to everyone) unless the card's later effects act on it (``discard_revealed``,
  ``revealed_to_hand``; quantity ``revealed_boost``).

What a reveal showed is remembered for the rest of the card's resolution in ``turn_flags``
under ("revealed", card id) — like ``discarded_boost_value`` — so later effects of the same
card read it: quantity ``revealed_boost`` (its BOOST value, 0 if nothing was revealed).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import (CONDITIONS, QUANTITIES, Field, Op, SpecError,
                                          one_of_each_name, op)
from unmatched_sim.engine.piles import EVERYONE, FROM_DECK, REVEALED
from unmatched_sim.engine.state import DEFENDER


def deck_owner(g, ctx, who: str) -> int:
    return ctx.player if who == "self" else g.opponent_of(ctx)


def shuffle_deck(g, seat: int) -> None:
    """Shuffle ``seat``'s deck with that player's own random stream; nobody knows its order."""
    p = g.players[seat]
    g.rngs[seat].shuffle(p.deck)
    p.deck_top_known = 0
    p.top_known_by = {}
    g.log("shuffle", seat, amount=len(p.deck))


@op("look_at_deck")
class LookAtDeck(Op):
    """Look at (``reveal = true``: reveal to everyone) the top ``count`` cards of your deck or
    the opponent's (``who``), then, in this order: put ``to_hand`` of them into the deck
    owner's hand, ``to_bottom`` at the bottom of the deck, ``discard`` into the discard pile,
    and the rest back on top in any order. The player resolving the effect makes every choice
    (decisions ``deck_to_hand``, ``deck_to_bottom``, ``deck_discard``, ``deck_order``; options
    are card ids among the cards looked at) and knows the cards put back."""
    FIELDS = {"who": Field("choice", "self", ("self", "opponent")), "count": Field("amount", required=True),
              "to_hand": Field("int", 0), "to_bottom": Field("int", 0), "discard": Field("int", 0),
              "reveal": Field("bool", False)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.who == "opponent":
            self.needs_opponent = True

    def run(self, g, ctx):
        seat = deck_owner(g, ctx, self.who)
        deck = g.players[seat].deck
        n = min(self.count(g, ctx), len(deck))
        if n <= 0:
            return
        cards = tuple(deck[len(deck) - n:])
        card = ctx.card if ctx.card >= 0 else None
        if self.reveal:
            for cid in reversed(cards):
                g.log("deck_reveal", seat, card=cid, detail="top")
        else:
            g.log("deck_look", ctx.player, card=card, amount=n, value=seat)
        # From now on the looker (everyone, if revealed) knows these top cards, while the choices
        # below are made too (a search must not re-deal them away).
        for observer in (range(len(g.players)) if self.reveal else (ctx.player,)):
            g.know_deck_top(observer, seat, n)
        steps = ([("deck_to_hand", self._to_hand)] * self.to_hand + [("deck_to_bottom", self._to_bottom)] * self.to_bottom
                 + [("deck_discard", self._discard)] * self.discard)
        g.push((self._step, (ctx, seat, cards, tuple(steps), ())))

    def _step(self, g, ctx, seat, left, steps, order):
        if steps and left:
            kind, fn = steps[0]
            g.ask(ctx.player, kind, list(left), self._chosen, ctx, seat, left, steps, order, fn,
                  card=ctx.card, owner=seat)
            return
        if len(order) < len(left) - 1:   # the rest back on top: the top card is chosen first
            rest = [c for c in left if c not in order]
            g.ask(ctx.player, "deck_order", rest, self._ordered, ctx, seat, left, order,
                  card=ctx.card, owner=seat)
            return
        self._restack(g, ctx, seat, left, order)

    def _chosen(self, g, ctx, seat, left, steps, order, fn, cid):
        fn(g, ctx, seat, cid)
        g.push((self._step, (ctx, seat, tuple(c for c in left if c != cid), steps[1:], order)))

    def _ordered(self, g, ctx, seat, left, order, cid):
        g.push((self._step, (ctx, seat, left, (), order + (cid,))))

    def _restack(self, g, ctx, seat, left, order):
        p = g.players[seat]
        if not left:
            return
        top_down = list(order) + [c for c in left if c not in order]
        kept = [c for c in p.deck if c not in left]
        p.deck = kept + list(reversed(top_down))
        # Whatever anyone knew of these top cards was known before the look; now the looker
        # (everyone, if revealed) knows exactly the top len(left).
        for observer in (range(len(g.players)) if self.reveal else (ctx.player,)):
            g.know_deck_top(observer, seat, len(left))
        if len(left) > 1:
            g.log("deck_arranged", ctx.player, amount=len(left), value=seat)

    def _to_hand(self, g, ctx, seat, cid):
        g.take_deck_card(seat, cid)
        g.put_in_hand(seat, cid, "deck_to_hand", known_to=EVERYONE if self.reveal else ctx.player)

    def _to_bottom(self, g, ctx, seat, cid):
        g.take_deck_card(seat, cid)
        g.put_deck_bottom(seat, cid)
        g.log("deck_to_bottom", seat, card=cid if self.reveal else None)

    def _discard(self, g, ctx, seat, cid):
        p = g.players[seat]
        g.take_deck_card(seat, cid)
        g.log("discard_from_deck", seat, card=cid, amount=g.players[seat].ability.boost_value(g, cid))
        g.to_discard_pile(cid, FROM_DECK)
        if not p.deck:
            g.log("deck_empty", seat)


@op("search_deck")
class SearchDeck(Op):
    """Search your deck (and, with ``discard_too``, your discard pile) for a card named ``card``
    and put it into your hand, revealed. Where both hold one, you choose (decision
    ``search_where``: "deck" or "discard"). A searched deck is shuffled afterwards."""
    FIELDS = {"card": Field("str", required=True), "discard_too": Field("bool", False)}

    def run(self, g, ctx):
        p = g.players[ctx.player]
        in_deck = [c for c in p.deck if g.card(c).name == self.card]
        in_discard = [c for c in p.discard if g.card(c).name == self.card] if self.discard_too else []
        where = [w for w, found in (("deck", in_deck), ("discard", in_discard)) if found]
        if not where:
            g.log("search_failed", ctx.player, card=ctx.card if ctx.card >= 0 else None, detail=self.card)
            shuffle_deck(g, ctx.player)   # the deck was searched, so it is shuffled
            return
        g.ask(ctx.player, "search_where", where, self._found, ctx, in_deck[:1], in_discard[:1],
              card=ctx.card, name=self.card)

    def _found(self, g, ctx, in_deck, in_discard, where):
        cid = (in_deck if where == "deck" else in_discard)[0]
        if where == "deck":
            g.take_deck_card(ctx.player, cid)    # the shuffle below forgets the top anyway
        else:
            g.discard_pile_take(ctx.player, cid)
        g.put_in_hand(ctx.player, cid, "search_found", detail=where)   # revealed
        if where == "deck":
            shuffle_deck(g, ctx.player)


@op("shuffle_into_deck")
class ShuffleIntoDeck(Op):
    """Choose ``count`` cards in your discard pile (``up_to``: any number up to it; ``banner``:
    only cards that fighter may use) and shuffle them into your deck (decision
    ``shuffle_into_deck``: a card, or None to stop when ``up_to``)."""
    FIELDS = {"count": Field("amount", 1), "up_to": Field("bool", False), "banner": Field("str", None)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.banner is not None and self.banner not in hero_fighters:
            raise SpecError(f"'banner' must name one of this hero's fighters {sorted(hero_fighters)}, "
                            f"got {self.banner!r}")

    def _options(self, g, ctx, chosen):
        banner = self.banner
        return one_of_each_name(g, [c for c in g.players[ctx.player].discard if c not in chosen and (
            banner is None or (g.card(c).users is not None and banner in g.card(c).users))])

    def run(self, g, ctx):
        g.push((self._pick, (ctx, self.count(g, ctx), ())))

    def _pick(self, g, ctx, left, chosen):
        options = self._options(g, ctx, chosen) if left > 0 else []
        if not options:
            self._shuffle(g, ctx, chosen)
            return
        g.ask(ctx.player, "shuffle_into_deck", options + ([None] if self.up_to else []), self._picked,
              ctx, left, chosen, card=ctx.card)

    def _picked(self, g, ctx, left, chosen, cid):
        if cid is None:
            self._shuffle(g, ctx, chosen)
            return
        g.push((self._pick, (ctx, left - 1, chosen + (cid,))))

    def _shuffle(self, g, ctx, chosen):
        p = g.players[ctx.player]
        for cid in chosen:
            g.discard_pile_take(ctx.player, cid)
            p.deck.append(cid)
            g.log("to_deck", ctx.player, card=cid)
        if chosen:
            shuffle_deck(g, ctx.player)


@op("bottom_then_draw")
class BottomThenDraw(Op):
    """Put any number of cards from your hand on the bottom of your deck, one at a time
    (decision ``hand_to_bottom``: a card, or None to stop), then draw up to that many
    (decision ``draw_up_to``: a number 0..n; ``draw_all = true`` draws exactly that many).
    The opponents do not learn which cards went under (the put-under cards are not logged by
    name: ``to_deck_bottom`` events carry no card)."""
    FIELDS = {"draw_all": Field("bool", False)}

    def run(self, g, ctx):
        g.push((self._pick, (ctx, 0)))

    def _pick(self, g, ctx, n):
        hand = g.players[ctx.player].hand
        if not hand:
            self._draw(g, ctx, n)
            return
        g.ask(ctx.player, "hand_to_bottom", [None] + list(hand), self._picked, ctx, n,
              card=ctx.card, count=n)

    def _picked(self, g, ctx, n, cid):
        if cid is None:
            self._draw(g, ctx, n)
            return
        g.take_from_hand(ctx.player, cid)
        g.put_deck_bottom(ctx.player, cid)
        g.log("to_deck_bottom", ctx.player, card=ctx.card if ctx.card >= 0 else None, amount=n + 1)
        g.push((self._pick, (ctx, n + 1)))

    def _draw(self, g, ctx, n):
        if n <= 0:
            return
        if self.draw_all:
            g.draw(ctx.player, n)
            return
        g.ask(ctx.player, "draw_up_to", list(range(n, -1, -1)), self._count, ctx,
              card=ctx.card, most=n, deck=len(g.players[ctx.player].deck))

    def _count(self, g, ctx, k):
        if k:
            g.draw(ctx.player, k)


# ---------------------------------------------------------------- revealing single cards


def _everyone(g) -> tuple[int, ...]:
    return tuple(range(len(g.players)))


def _add_to_card(g, ctx, amount: int) -> None:
    c = g.combat
    if c is not None and ctx.role <= DEFENDER and c.cards[ctx.role] is not None and amount:
        c.mods[ctx.role].append(("add", amount))


def revealed(g, ctx) -> tuple:
    """The cards this card's reveal showed: ((seat, card id), ...)."""
    return g.turn_flags.get((REVEALED, ctx.card), ())


def _revealed_on_top(g, ctx) -> list:
    """Of ``revealed``, the cards still on top of their decks: ((seat, card id), ...)."""
    return [(s, cid) for s, cid in revealed(g, ctx) if g.players[s].deck and g.players[s].deck[-1] == cid]


def _take_revealed(g, ctx, to) -> None:
    """Each revealed card still on top leaves its deck for ``to(seat, card)`` (its owner's
    discard pile or hand); a deck it empties is logged ``deck_empty``."""
    for seat, cid in _revealed_on_top(g, ctx):
        g.take_deck_top(seat)
        to(seat, cid)
        if not g.players[seat].deck:
            g.log("deck_empty", seat)


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
        return bool(_revealed_on_top(g, ctx))

    def run(self, g, ctx):
        def discard(seat, cid):
            g.to_discard_pile(cid, FROM_DECK)
            g.log("discard_from_deck", seat, card=cid, amount=g.players[g.owner(cid)].ability.boost_value(g, cid))
        _take_revealed(g, ctx, discard)


@op("revealed_to_hand")
class RevealedToHand(Op):
    """The card(s) this card revealed from the top of a deck go into that deck owner's hand,
    known to everyone (if they are still on top): Strange Case."""
    FIELDS = {}

    def run(self, g, ctx):
        _take_revealed(g, ctx, lambda seat, cid: g.put_in_hand(seat, cid, "deck_to_hand"))
