"""Combat-card values held at their printed number: "the value of your opponent's card is equal
to its printed value and cannot be changed" (Jill Trent's Stasis Diffuser) — op
``lock_printed_value``. A lasting effect on the ``combat_value`` event for the rest of the
combat: whatever adds to, subtracts from or sets that card's value (cards, abilities such as
Golden Bat's +2, turn bonuses), the value is the printed one. An ignored value still counts 0
(ignoring is not a change of the value)."""

from __future__ import annotations

from unmatched_sim.engine.effects import Field, Op, op
from unmatched_sim.engine.game import lasting
from unmatched_sim.engine.state import DEFENDER, other_role


@lasting("printed_value_lock")
def _printed_lock(g, seat, data, combat, role, value):
    locked_role, cid = data
    if role != locked_role or combat.cards[role] != cid:
        return value
    return g.card(cid).value or 0


@op("lock_printed_value")
class LockPrintedValue(Op):
    """This combat, a combat card's value (``card = "opponent"`` or ``"self"``) is its printed
    value and cannot be changed."""
    FIELDS = {"card": Field("choice", "opponent", ("self", "opponent"))}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        role = ctx.role if self.card == "self" else other_role(ctx.role)
        cid = c.cards[role]
        if cid is None:
            return
        g.add_lasting("combat_value", ctx.player, "printed_value_lock", (role, cid), "combat")
        g.log("value_lock", ctx.player, card=cid, amount=g.card(cid).value or 0, detail="printed")
