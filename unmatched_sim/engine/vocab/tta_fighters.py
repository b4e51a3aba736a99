"""Selectors and verbs about one's own fighters that the Tales to Amaze decks say and others
may: "each friendly fighter adjacent to your fighter" (Better Together), "another friendly
fighter" (Captain's Orders), "deal up to N damage to your fighter to draw that many cards"
(Lagniappe)."""

from __future__ import annotations

from unmatched_sim.engine.effects import EFFECT_DAMAGE, SELECTORS, Field, Op, op


def _adjacent_friendly(g, ctx) -> list[int]:
    """Friendly fighters (yours or a teammate's) adjacent to the resolving fighter."""
    fi = g.ctx_fighter(ctx)
    return [o for o in g.fighters_adjacent_to(fi) if not g.is_foe_fighter(ctx.player, o)]


def _other_friendly(g, ctx) -> list[int]:
    """Friendly fighters on the board other than the resolving fighter."""
    fi = g.ctx_fighter(ctx)
    return [o for o in g.friendly_on_board(ctx.player) if o != fi]


SELECTORS.update({
    "adjacent_friendly": (True, _adjacent_friendly),
    "each_adjacent_friendly": (False, _adjacent_friendly),
    "other_friendly": (True, _other_friendly),
    "each_other_friendly": (False, _other_friendly),
})


@op("damage_self_to_draw")
class DamageSelfToDraw(Op):
    """Deal up to ``up_to`` damage to the resolving fighter to draw that many cards (decision
    ``damage_to_draw``: 0..up_to). The damage is an effect the fighter deals itself; the cards
    drawn are as many as chosen."""
    FIELDS = {"up_to": Field("int", required=True)}

    def run(self, g, ctx):
        fi = g.ctx_fighter(ctx)
        if not g.fighters[fi].on_board:
            return
        g.ask(ctx.player, "damage_to_draw", list(range(self.up_to + 1)), self._chosen, ctx, fi,
              card=ctx.card, fighter=fi)

    def _chosen(self, g, ctx, fi, n):
        if n <= 0:
            return
        g.log("damage_to_draw", ctx.player, fi, ctx.card if ctx.card >= 0 else None, amount=n)
        g.damage(fi, n, EFFECT_DAMAGE, ctx.card if ctx.card >= 0 else None, by=fi)
        g.draw(ctx.player, n)
