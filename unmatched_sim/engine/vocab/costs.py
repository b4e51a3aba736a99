"""Costs beyond the core ones of engine/effects.py: "you may reveal two cards from your hand
with the same name" (Quite a Pair) — ``cost = { reveal_pair = 1 }``. A hero's own costs (Titania's
glamour, Nikola Tesla's coils) are registered by its hook package."""

from __future__ import annotations

from unmatched_sim.engine.effects import Cost, cost


def _pairs(g, seat: int) -> list[tuple[int, int]]:
    """One pair of card ids for each name held at least twice (lowest ids first)."""
    by_name: dict[str, list[int]] = {}
    for cid in sorted(g.players[seat].hand):
        by_name.setdefault(g.card(cid).name, []).append(cid)
    return [(ids[0], ids[1]) for name, ids in sorted(by_name.items()) if len(ids) >= 2]


@cost("reveal_pair")
class RevealPair(Cost):
    """Reveal N pairs of cards with the same name from your hand (decision ``reveal_pair``: a
    pair of card ids). Revealed cards stay in hand, known to everyone."""

    def can_pay(self, g, ctx, n):
        return len(_pairs(g, ctx.player)) >= n

    def pay(self, g, ctx, n, op, then, args):
        g.push((self._step, (ctx, n, (), then, args)))

    def _step(self, g, ctx, left, shown, then, args):
        if left == 0:
            then(g, *args)
            return
        options = [pair for pair in _pairs(g, ctx.player) if not set(pair) & set(shown)]
        g.ask(ctx.player, "reveal_pair", options, self._shown, ctx, left, shown, then, args, card=ctx.card)

    def _shown(self, g, ctx, left, shown, then, args, pair):
        p = g.players[ctx.player]
        p.known_hand = p.known_hand | set(pair)
        g.log("reveal_pair", ctx.player, card=pair[0], detail=g.card(pair[0]).name)
        g.push((self._step, (ctx, left - 1, shown + tuple(pair), then, args)))
