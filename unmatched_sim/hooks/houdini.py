"""Houdini: Escape Artist, and Sleight of Hand's card swap.

BOOST bonuses need no code: they are ``boost_bonus`` effects in heroes/houdini.toml, which the
engine resolves whenever the card's owner boosts with it.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import hook_effect, swap_into_combat
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.hooks import Ability, ability


@ability("escape_artist")
class EscapeArtist(Ability):
    """When you maneuver and BOOST, the hero may be placed in any empty space instead of moving.
    Sidekicks move as normal (with the boosted move value)."""

    def maneuver_place_options(self, g, seat, fighter, boosted):
        if boosted and g.fighters[fighter].is_hero:
            return g.empty_spaces()
        return []


@hook_effect("replace_combat_card")
def replace_combat_card(g, ctx, op):
    """"You may return this card to your hand and choose a different card to play. Resolve all
    effects on that card as normal." The new card must suit the fighter and the role."""
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return
    fighter = g.fighters[c.fighters[ctx.role]].defn.name
    fits = (lambda d: d.can_attack) if ctx.role == ATTACKER else (lambda d: d.can_defend)
    options = [cid for cid in g.players[ctx.player].hand
               if fits(g.card(cid)) and g.card(cid).usable_by(fighter)]
    if options:
        g.ask(ctx.player, "effect_replace_card", [None] + options, _replaced, ctx, card=ctx.card)


def _replaced(g, ctx, cid):
    if cid is None:
        return
    g.play_to_hand(ctx.player, ctx.card)
    swap_into_combat(g, ctx.player, ctx.role, cid)
