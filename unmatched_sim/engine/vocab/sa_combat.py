"""Combat words the Slings and Arrows decks brought (any hero may say them): "if your opponent
played a versatile card", "if your hero took damage this turn", "a number of spaces up to the
combat damage dealt", and "end the turn" (The Rest Is Silence).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import CONDITIONS, QUANTITIES, Op, op
from unmatched_sim.engine.state import ATTACKER, DEFENDER, other_role
from unmatched_sim.model import VERSATILE


def _opponent_played_versatile(g, ctx) -> bool:
    """The other combat card is a versatile card (Uncertain Doom, Nothing Either Good or Bad)."""
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return False
    cid = c.cards[other_role(ctx.role)]
    return cid is not None and g.card(cid).type == VERSATILE


def _hero_damaged_this_turn(g, ctx) -> bool:
    """One of your heroes lost health this turn, from any source (Blood Will Have Blood);
    recorded by ``Game.damage`` in ``turn_flags[("took_damage", fighter)]``."""
    flags = g.turn_flags
    F = g.fighters
    return any(flags.get(("took_damage", fi)) for fi in g.players[ctx.player].fighters if F[fi].is_hero)


def _combat_damage_dealt(g, ctx) -> int:
    """Combat damage your attack dealt in this combat (0 as the defender)."""
    c = g.combat
    return c.damage if c is not None and ctx.role == ATTACKER else 0


CONDITIONS.update({
    "opponent_played_versatile": _opponent_played_versatile,
    "hero_damaged_this_turn": _hero_damaged_this_turn,
})
QUANTITIES.update({
    "combat_damage_dealt": _combat_damage_dealt,
})


@op("end_turn")
class EndTurn(Op):
    """End the turn now (``Game.end_turn``): the active player's actions left are lost; in a
    combat the effects not yet resolved are skipped, the played cards are still cleaned up and
    nothing happens "after attacking"."""
    FIELDS = {}

    def run(self, g, ctx):
        g.end_turn(ctx.card if ctx.card >= 0 else None)


@op("return_combat_card")
class ReturnCombatCard(Op):
    """The opponent's combat card leaves the combat and goes back to the hand it was played
    from (But a Dream): it no longer counts, its effects are over, and it is not cleaned up.
    Everyone saw it, so it is known in that hand."""
    FIELDS = {}

    def applicable(self, g, ctx):
        c = g.combat
        return c is not None and ctx.role <= DEFENDER and c.cards[other_role(ctx.role)] is not None

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        role = other_role(ctx.role)
        cid = c.cards[role]
        if cid is None:
            return
        c.cards[role] = None
        g.play_to_hand(c.players[role], cid, detail=g.card(ctx.card).name if ctx.card >= 0 else None)
