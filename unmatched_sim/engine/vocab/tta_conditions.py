"""Conditions the Tales to Amaze heroes say, and any other hero may: "if you did not maneuver
this turn" (Golden Bat), "if your health is less than the defender's" (Annie Christmas), "if
your fighter is adjacent to a friendly fighter" (Better Together), "if the opposing fighter is
not adjacent to your fighter" (Long Shot).

Each is a ``CONDITIONS`` entry read with the ``Ctx`` of the effect (or, for a hero ability, a
``Ctx`` built for the attacking fighter: see ``hooks/tta_attack_bonus.py``).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import CONDITIONS
from unmatched_sim.engine.state import DEFENDER, other_role


def _no_maneuver_this_turn(g, ctx) -> bool:
    """It is this player's turn and they have not taken the maneuver action this turn (being
    moved or placed by an effect does not count as a maneuver)."""
    return g.active == ctx.player and not g.turn_flags.get("maneuvered")


def _opposing_combatant(g, ctx) -> int | None:
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return None
    return c.fighters[other_role(ctx.role)]


def _health_below_opposing_combatant(g, ctx) -> bool:
    """The fighter resolving the effect has less health than the other fighter in the combat."""
    other = _opposing_combatant(g, ctx)
    if other is None:
        return False
    me = g.fighters[g.ctx_fighter(ctx)]
    return me.health < g.fighters[other].health


def _adjacent_to_friendly(g, ctx) -> bool:
    """Another friendly fighter (yours or a teammate's) is adjacent to the resolving fighter."""
    fi = g.ctx_fighter(ctx)
    return any(o != fi and not g.is_foe_fighter(ctx.player, o) for o in g.fighters_adjacent_to(fi))


def _opposing_combatant_adjacent(g, ctx) -> bool:
    """The two fighters of the combat are adjacent ("not ...": a ranged attack from afar)."""
    other = _opposing_combatant(g, ctx)
    return other is not None and g.adjacent(g.ctx_fighter(ctx), other)


CONDITIONS.update({
    "no_maneuver_this_turn": _no_maneuver_this_turn,
    "health_below_opposing_combatant": _health_below_opposing_combatant,
    "adjacent_to_friendly": _adjacent_to_friendly,
    "opposing_combatant_adjacent": _opposing_combatant_adjacent,
})
