"""Sun Wukong: his Clones, and Sly Monkey's trade of places with a new Clone.

The Clones are the hero file's sidekick (three 1-health tokens, none on the board at the
start): the ability (``start_of_turn_effects`` with the vocabulary's ``summon_from_reserve``,
paid with 1 damage to him) and Sly Monkey bring them in from the tokens off the board; a
defeated Clone goes back to that reserve. Nothing about them needs its own state: which tokens
are on the board is the game's.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import hook_effect

CLONE = "Clone"


def _reserve(g, seat: int) -> list[int]:
    F = g.fighters
    return [fi for fi in g.players[seat].fighters if F[fi].defn.name == CLONE and not F[fi].on_board]


@hook_effect("sly_monkey")
def sly_monkey(g, ctx, op):
    """"If Sun Wukong played this card, summon a Clone in his space, then place him in a space
    in his zone": he is placed first (decision ``effect_destination``: an empty space sharing a
    zone with him), then a Clone from the reserve is summoned onto the space he left. Played by
    a Clone, with no Clone in reserve or no space to go to, nothing happens."""
    fi = g.ctx_fighter(ctx)
    me = g.fighters[fi]
    if not (me.is_hero and me.on_board and me.owner == ctx.player) or not _reserve(g, ctx.player):
        return
    zm = g.board.zone_mask
    options = [s for s in g.empty_spaces() if zm[s] & zm[me.space]]
    if options and not g.held(fi):
        g.ask(ctx.player, "effect_destination", options, _placed, ctx, fi, me.space,
              card=ctx.card, fighter=fi, op="place")


def _placed(g, ctx, fi, left, dest):
    g.place(fi, dest, ctx.card)
    reserve = _reserve(g, ctx.player)
    if g.fighters[fi].space != dest or not reserve or g.occupant[left] >= 0:
        return
    clone = g.fighters[reserve[0]]
    clone.alive, clone.health = True, clone.max_health
    g.place(clone.idx, left, ctx.card)
    g.log("summon", ctx.player, clone.idx, ctx.card, space=left, health=clone.health)
