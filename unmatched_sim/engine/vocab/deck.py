"""Verbs on decks beyond drawing: look at (or reveal) the top cards of a deck and share them out
(Prophecy, Insightful Deduction, Sight Beyond Sight), search a deck for a named card (The Lady
of the Lake), shuffle cards from the discard pile into the deck (Helpful Assistant, Alpine
Fortress).

Knowledge follows the cards: a player who looks at cards put back on top of a deck knows them
(``Game.know_deck_top``: the owner's ``deck_top_known``, another player's ``top_known_by``),
revealed cards are known to everyone, and a shuffle forgets what anyone knew of that deck.
Determinization keeps known top cards in place for whoever knows them.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import Field, Op, SpecError, one_of_each_name, op
from unmatched_sim.engine.game import FROM_DECK


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
        p = g.players[seat]
        g.take_deck_card(seat, cid)
        p.hand.append(cid)
        if self.reveal:
            p.known_hand = p.known_hand | {cid}
        elif ctx.player != seat:
            g.reveal_to(ctx.player, seat, (cid,))
        g.log("deck_to_hand", seat, card=cid)

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
        p = g.players[ctx.player]
        cid = (in_deck if where == "deck" else in_discard)[0]
        if where == "deck":
            g.take_deck_card(ctx.player, cid)    # the shuffle below forgets the top anyway
        else:
            g.discard_pile_take(ctx.player, cid)
        p.hand.append(cid)
        p.known_hand = p.known_hand | {cid}
        g.log("search_found", ctx.player, card=cid, detail=where)
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
