"""Where fighters were when the turn started: "if your fighter started this turn in a different
space" (Momentous Shift, in many decks), "shares no zones with the space he started this turn
in" (Golden Bat). The engine records every fighter's space at the start of each turn
(``Game.started_turn_on``)."""

from __future__ import annotations

from unmatched_sim.engine.effects import CONDITIONS
from unmatched_sim.engine.state import NO_SPACE


def _started_turn_elsewhere(g, ctx) -> bool:
    """The fighter resolving the effect is on the board and not on the space it started this
    turn on (a fighter that was off the board at the start counts as elsewhere)."""
    fi = g.ctx_fighter(ctx)
    f = g.fighters[fi]
    return f.on_board and g.started_turn_on(fi) != f.space


def _left_start_zone(g, ctx) -> bool:
    """The fighter resolving the effect shares no zone with the space it started the turn on."""
    fi = g.ctx_fighter(ctx)
    f = g.fighters[fi]
    if not f.on_board:
        return False
    start = g.started_turn_on(fi)
    return start == NO_SPACE or not g.board.same_zone(start, f.space)


def _any_combatant_started_elsewhere(g, ctx) -> bool:
    """Either fighter of the combat started this turn on a different space."""
    c = g.combat
    if c is None:
        return False
    return any(g.fighters[fi].on_board and g.started_turn_on(fi) != g.fighters[fi].space
               for fi in c.fighters)


CONDITIONS.update({
    "started_turn_elsewhere": _started_turn_elsewhere,
    "left_start_zone": _left_start_zone,
    "either_combatant_started_elsewhere": _any_combatant_started_elsewhere,
})
