"""The cauldron (the Wayward Sisters' Bubbling Brew): a face-up card zone, ``Player.res
["cauldron"]`` (a tuple of card ids, public), that catches the player's cards on every route to
the discard pile (the ability's ``redirect_discard``, in this package's ``__init__``). Each card
has an ingredient (tag ``ingredient:snake`` / ``bat`` / ``lizard``). What cards say about it is
here: "for each different ingredient in your cauldron", "return a card from your discard pile to
your cauldron", "return a card in
your cauldron to your hand", "look at the top card of your deck and put it in your hand or your
cauldron", "reveal the top card; your opponent chooses: your hand, or your cauldron and add its
BOOST", "discard up to 3 cards from your cauldron; for each, a fighter recovers 1".

Cards leaving the cauldron for the discard pile (a spell's cleanup, Unnatural Remedy) go there
directly: they are not caught again.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import QUANTITIES, Field, Op, one_of_each_name, op
from unmatched_sim.engine.game import CARD_ZONES
from unmatched_sim.engine.state import DEFENDER
from unmatched_sim.hooks import view_quantity

CAULDRON = "cauldron"
CARD_ZONES[CAULDRON] = "public"


def ingredient(defn) -> str:
    for t in defn.tags:
        if t.startswith("ingredient:"):
            return t.split(":", 1)[1]
    return ""


def cauldron_of(g, seat: int) -> tuple:
    return g.players[seat].res.get(CAULDRON, ())


def to_cauldron(g, seat: int, cid: int, why: str) -> None:
    p = g.players[seat]
    p.res[CAULDRON] = p.res.get(CAULDRON, ()) + (cid,)
    g.log("to_cauldron", seat, card=cid, detail=why)


def empty_cauldron(g, seat: int, cids=None) -> None:
    """Cards leave the cauldron for the discard pile, straight (not caught again)."""
    p = g.players[seat]
    pot = p.res.get(CAULDRON, ())
    out = pot if cids is None else tuple(cids)
    p.res[CAULDRON] = tuple(c for c in pot if c not in out)
    for cid in out:
        g.discard_pile_add(seat, cid)
    if out:
        g.log("cauldron_discard", seat, amount=len(out))


def _ingredients(g, ctx) -> int:
    return len({ingredient(g.card(c)) for c in cauldron_of(g, ctx.player)} - {""})


QUANTITIES.update({
    "cauldron_ingredients": _ingredients,
})


@view_quantity("cauldron_ingredients")
def _ingredients_seen(view, seat: int, cid: int) -> int:
    """Double, Double's and Toil and Trouble's "+1 for each different ingredient in your
    cauldron": the cauldron's cards lie face up."""
    return len({ingredient(view.card(c)) for c in view.resources(seat).get(CAULDRON, ())} - {""})


@op("discard_to_cauldron")
class DiscardToCauldron(Op):
    """A card of your choice in your discard pile goes to your cauldron (decision
    ``cauldron_from_discard``; copies of one card are offered once)."""
    FIELDS = {}

    def applicable(self, g, ctx):
        return bool(g.players[ctx.player].discard)

    def run(self, g, ctx):
        options = one_of_each_name(g, g.players[ctx.player].discard)
        if options:
            g.ask(ctx.player, "cauldron_from_discard", options, self._chosen, ctx, card=ctx.card)

    def _chosen(self, g, ctx, cid):
        g.discard_pile_take(ctx.player, cid)
        to_cauldron(g, ctx.player, cid, "from_discard")


@op("cauldron_to_hand")
class CauldronToHand(Op):
    """A card of your choice in your cauldron goes to your hand (decision ``cauldron_to_hand``),
    known to everyone (the cauldron is face up)."""
    FIELDS = {}

    def applicable(self, g, ctx):
        return bool(cauldron_of(g, ctx.player))

    def run(self, g, ctx):
        pot = cauldron_of(g, ctx.player)
        seen, options = set(), []
        for cid in pot:
            if g.card(cid).name not in seen:
                seen.add(g.card(cid).name)
                options.append(cid)
        if options:
            g.ask(ctx.player, "cauldron_to_hand", options, self._chosen, ctx, card=ctx.card)

    def _chosen(self, g, ctx, cid):
        res = g.players[ctx.player].res
        res[CAULDRON] = tuple(c for c in res[CAULDRON] if c != cid)
        g.put_in_hand(ctx.player, cid, "return_to_hand", detail="cauldron")


@op("deck_top_to_hand_or_cauldron")
class DeckTopToHandOrCauldron(Op):
    """Look at the top card of your deck and put it into your hand or your cauldron (decision
    ``deck_top_destination``: "hand" / "cauldron"; the card is shown to the player only). Not a
    draw: an empty deck does nothing."""
    FIELDS = {}

    def run(self, g, ctx):
        p = g.players[ctx.player]
        if not p.deck:
            return
        cid = p.deck[-1]
        g.know_deck_top(ctx.player, ctx.player, 1)
        g.log("deck_look", ctx.player, card=ctx.card if ctx.card >= 0 else None, amount=1, value=ctx.player)
        g.ask(ctx.player, "deck_top_destination", ("hand", CAULDRON), self._chosen, ctx, cid,
              card=ctx.card, top=cid)

    def _chosen(self, g, ctx, cid, where):
        p = g.players[ctx.player]
        if not p.deck or p.deck[-1] != cid:
            return
        g.take_deck_top(ctx.player)
        if where == "hand":     # only the player saw it
            g.put_in_hand(ctx.player, cid, "deck_to_hand", known_to=ctx.player, card_logged=False)
        else:
            to_cauldron(g, ctx.player, cid, "from_deck")
        if not p.deck:
            g.log("deck_empty", ctx.player)


@op("reveal_top_opponent_picks")
class RevealTopOpponentPicks(Op):
    """Reveal the top card of your deck; your opponent chooses (decision ``opponent_picks``):
    "hand" — it goes into your hand — or "cauldron" — it goes into your cauldron and its BOOST
    value is added to this combat card (Hurly-Burly)."""
    FIELDS = {}

    def run(self, g, ctx):
        p = g.players[ctx.player]
        if not p.deck:
            return
        cid = p.deck[-1]
        g.log("deck_reveal", ctx.player, card=cid, detail="top")
        boost = g.players[g.owner(cid)].ability.boost_value(g, cid)
        g.ask(g.opponent_of(ctx), "opponent_picks", ("hand", CAULDRON), self._chosen, ctx, cid, boost,
              card=ctx.card, revealed=cid, boost=boost)

    def _chosen(self, g, ctx, cid, boost, where):
        p = g.players[ctx.player]
        if not p.deck or p.deck[-1] != cid:
            return
        g.take_deck_top(ctx.player)
        if where == "hand":     # it was revealed
            g.put_in_hand(ctx.player, cid, "deck_to_hand")
        else:
            to_cauldron(g, ctx.player, cid, "from_deck")
            c = g.combat
            if c is not None and ctx.role <= DEFENDER and c.cards[ctx.role] is not None:
                c.mods[ctx.role].append(("add", boost))
        g.log("mode", g.opponent_of(ctx), card=ctx.card, detail=where)
        if not p.deck:
            g.log("deck_empty", ctx.player)


@op("cauldron_discard_recover")
class CauldronDiscardRecover(Op):
    """Discard up to ``count`` cards from your cauldron (decision ``cauldron_discard``: a card or
    None to stop); for each, a fighter of your choice recovers ``amount`` (decision
    ``effect_fighter``; the same fighter may be chosen again) — Unnatural Remedy."""
    FIELDS = {"count": Field("int", 3), "amount": Field("int", 1)}

    def applicable(self, g, ctx):
        return bool(cauldron_of(g, ctx.player))

    def run(self, g, ctx):
        g.push((self._pick, (ctx, self.count)))

    def _pick(self, g, ctx, left):
        pot = cauldron_of(g, ctx.player)
        if left <= 0 or not pot:
            return
        g.ask(ctx.player, "cauldron_discard", [None] + list(pot), self._picked, ctx, left, card=ctx.card)

    def _picked(self, g, ctx, left, cid):
        if cid is None:
            return
        empty_cauldron(g, ctx.player, (cid,))
        g.push((self._pick, (ctx, left - 1)))
        targets = g.all_on_board()
        if targets:
            g.ask(ctx.player, "effect_fighter", targets, self._heal, ctx, card=ctx.card, op="recover")

    def _heal(self, g, ctx, fi):
        g.recover(fi, self.amount, ctx.card if ctx.card >= 0 else None)
