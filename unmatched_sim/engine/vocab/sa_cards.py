"""Cards between hand, deck and discard pile: "put any number of cards from your hand on the
bottom of your deck, then draw up to that many" (Method in the Madness), "return the card you
discarded to your hand" (Outrageous Fortune)."""

from __future__ import annotations

from unmatched_sim.engine.effects import DISCARDED, Field, Op, op


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


@op("shuffle_from_hand")
class ShuffleFromHand(Op):
    """Look at the opponent's hand (their reveal-to-cancel card may stop it), choose a card
    there (decision ``effect_hand_card``) and they shuffle it into their deck (What Fools These
    Mortals Be)."""
    FIELDS = {}
    NEEDS_OPPONENT = True

    def applicable(self, g, ctx):
        return bool(g.players[g.opponent_of(ctx)].hand)

    def run(self, g, ctx):
        from unmatched_sim.engine.effects import look_at_hand
        victim = g.opponent_of(ctx)
        if g.players[victim].hand:
            look_at_hand(g, ctx, victim, self._looked, ())

    def _looked(self, g, ctx, victim):
        hand = g.players[victim].hand
        if hand:
            g.ask(ctx.player, "effect_hand_card", list(hand), self._chosen, ctx, victim,
                  card=ctx.card, victim=victim)

    def _chosen(self, g, ctx, victim, cid):
        from unmatched_sim.engine.vocab.deck import shuffle_deck
        g.take_from_hand(victim, cid)
        g.players[victim].deck.append(cid)
        g.log("to_deck", victim, card=cid, detail=g.card(ctx.card).name if ctx.card >= 0 else None)
        shuffle_deck(g, victim)


@op("choose_some")
class ChooseSome(Op):
    """Choose ``count`` different effects among ``options`` (Gift of the Fair Folk: "choose 2
    different effects"); they resolve in printed order. One decision ``effect_modes`` whose
    options are tuples of labels."""
    FIELDS = {"count": Field("int", 2), "options": Field("raw", required=True)}

    def __init__(self, spec, hero_fighters):
        from unmatched_sim.engine.effects import ChooseOne
        super().__init__(spec, hero_fighters)
        self.modes = ChooseOne({"op": "choose_one", "options": self.options}, hero_fighters).modes

    def run(self, g, ctx):
        from itertools import combinations
        labels = [label for label, _ in self.modes]
        sets = list(combinations(labels, min(self.count, len(labels))))
        g.ask(ctx.player, "effect_modes", sets, self._chosen, ctx, card=ctx.card)

    def _chosen(self, g, ctx, chosen):
        g.log("mode", ctx.player, card=ctx.card if ctx.card >= 0 else None, detail="+".join(chosen))
        ops = tuple(o for label, mode in self.modes if label in chosen for o in mode)
        g.run_effects(ops, ctx)
