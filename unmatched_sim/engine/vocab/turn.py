"""The turn: what happened in it — "if you did not maneuver this turn" (Golden Bat), "if your
hero took damage this turn" (Blood Will Have Blood), "if this is your third action this turn"
(Bloody Mary: the quantity ``action_number``) — "end the turn" (The Rest Is Silence) and "your
opponent gains 1 action" (Achilles' Heel).
Where fighters started the turn is positions' (vocab/position.py)."""

from __future__ import annotations

from unmatched_sim.engine.effects import CONDITIONS, QUANTITIES, Field, Op, op
from unmatched_sim.engine.steps import ACTIONS_PER_TURN


def _no_maneuver_this_turn(g, ctx) -> bool:
    """It is this player's turn and they have not taken the maneuver action this turn (being
    moved or placed by an effect does not count as a maneuver)."""
    return g.active == ctx.player and not g.turn_flags.get("maneuvered")


def _hero_damaged_this_turn(g, ctx) -> bool:
    """One of your heroes lost health this turn, from any source; recorded by ``Game.damage``
    in ``turn_flags[("took_damage", fighter)]``."""
    flags = g.turn_flags
    F = g.fighters
    return any(flags.get(("took_damage", fi)) for fi in g.players[ctx.player].fighters if F[fi].is_hero)


CONDITIONS.update({
    "no_maneuver_this_turn": _no_maneuver_this_turn,
    "hero_damaged_this_turn": _hero_damaged_this_turn,
})


def _action_number(g, ctx) -> int:
    """Which action of the turn is being taken now (1 for the first; 0 outside one's own turn
    or before its first action): the actions the turn has had (its two plus every one gained,
    ``turn_flags["actions_gained"]``) less those still to take. An action gained during the
    current one counts on both sides, so it does not change the number."""
    if g.active != ctx.player:
        return 0
    return ACTIONS_PER_TURN + g.turn_flags.get("actions_gained", 0) - g.players[ctx.player].actions


QUANTITIES["action_number"] = _action_number


@op("end_turn")
class EndTurn(Op):
    """End the turn now (``Game.end_turn``): the active player's actions left are lost; in a
    combat the effects not yet resolved are skipped, the played cards are still cleaned up and
    nothing happens "after attacking"."""
    FIELDS = {}

    def run(self, g, ctx):
        g.end_turn(ctx.card if ctx.card >= 0 else None)


@op("opponent_gains_action")
class OpponentGainsAction(Op):
    """Your opponent (in a combat: the other player in it) gains ``count`` actions (Achilles'
    Heel: "if you lost the combat, your opponent gains 1 action")."""
    FIELDS = {"count": Field("int", 1)}
    NEEDS_OPPONENT = True

    def run(self, g, ctx):
        g.gain_action(g.opponent_of(ctx), self.count, ctx.card if ctx.card >= 0 else None)
