"""Dracula's two unique cards (his ability, Bloodthirsty, is the shared
``start_of_turn_effects``; the rest of his deck is the vocabulary).

* ``do_my_bidding`` — Do My Bidding, played to defend: Dracula looks at the attacker's hand
  (a card that cancels a look stops it all) and the attack card goes back to that hand, known
  to everyone; he then picks an attack or versatile card of that hand the attacking fighter
  may use (decision ``bidding_card``; the same card may be picked again), which becomes the
  attack card and resolves its own "immediately" effects unless they have resolved in this
  combat already (``effects.swap_into_combat``). With no such card the attack goes on with no
  card (value 0).
* ``ravening_seduction`` — Ravening Seduction: move any fighter up to 2 spaces (decisions
  ``effect_fighter``, ``effect_destination``), then 1 damage to it for each of your Sisters
  (your fighters named by ``params.sidekick``) next to it.
"""

from __future__ import annotations

from unmatched_sim.engine.combat import CARD
from unmatched_sim.engine.effects import hook_effect, look_at_hand, swap_into_combat
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.hooks import advise


@hook_effect("do_my_bidding")
def do_my_bidding(g, ctx, op):
    c = g.combat
    if c is None or ctx.role != DEFENDER or c.cards[ATTACKER] is None:
        return
    look_at_hand(g, ctx, c.players[ATTACKER], _bidding, ())


def _bidding(g, ctx, victim: int) -> None:
    c = g.combat
    old = c.cards[ATTACKER] if c is not None else None
    if old is None:
        return
    c.cards[ATTACKER] = None
    g.play_to_hand(victim, old, detail=g.card(ctx.card).name)
    name = g.fighters[c.fighters[ATTACKER]].defn.name
    options = [cid for cid in g.players[victim].hand
               if g.card(cid).can_attack and g.card(cid).usable_by(name)]
    if options:
        g.ask(ctx.player, "bidding_card", options, _bid, ctx, victim, card=ctx.card, victim=victim)


def _bid(g, ctx, victim: int, cid: int) -> None:
    swap_into_combat(g, victim, ATTACKER, cid)


@hook_effect("ravening_seduction")
def ravening_seduction(g, ctx, op):
    candidates = g.all_on_board()
    if candidates:
        g.ask(ctx.player, "effect_fighter", candidates, _seduced, ctx, op, card=ctx.card, op="ravening_seduction")


def _seduced(g, ctx, op, fi: int) -> None:
    f = g.fighters[fi]
    options = g.reachable(fi, (op.params or {}).get("up_to", 2))
    if f.space not in options:
        options = [f.space] + list(options)
    g.ask(ctx.player, "effect_destination", options, _moved, ctx, op, fi, card=ctx.card, fighter=fi,
          op="ravening_seduction")


def _moved(g, ctx, op, fi: int, dest: int) -> None:
    if dest != g.fighters[fi].space:
        g.move_to(fi, dest, ctx.card)
    name = (op.params or {}).get("sidekick", "Sister")
    adjacent = [x for x in g.fighters_adjacent_to(fi)
                if g.fighters[x].owner == ctx.player and g.fighters[x].defn.name == name]
    if adjacent and g.fighters[fi].on_board:
        g.damage(fi, len(adjacent), CARD, ctx.card, by=g.ctx_fighter(ctx))


# ---------------------------------------------------------------------- the AI
@advise("bidding_card")
def _advise_bidding(policy, view, d):
    """Make the attacker play its weakest attack: the lowest value, then the lowest BOOST."""
    return min(d.options, key=lambda c: (view.card(c).value or 0, view.card(c).boost or 0, c))
