"""Charged tokens a hero spends on its cards: Nikola Tesla's coils. Any hero with such tokens
keeps them in ``Player.res``: ``coils`` (how many are charged, public) and ``coils_max``; the
hero's ability sets them up (this package's ``__init__``).

* ``charge_coils`` — charge N coils (never past ``coils_max``);
* ``discharge_coils`` — "You may discharge coils: 1 coil: <one>. 2 coils: also / instead
  <two>." The player picks how many to discharge (decision ``discharge_coils``: 0, 1 or 2,
  each only if that many are charged). One: ``one`` resolves. Two: ``one`` then ``two``
  (``two_is = "also"``) or ``two`` alone (``"instead"``) — never ``one`` twice;
* ``cost = { coils = N }`` — "discharge N coils to ...", on any optional effect.

Discharging two with only one charged is not something the rules settle. Read here: a coil
can only be discharged if it is charged, so two are offered only when both are. The other
reading (NordCoder's, from a community dispute ruling: declaring two with one charged is legal,
spends the one coil, and the two-coil tier then fizzles instead of falling back to one) is the
hero's ``coils_underfunded = "fizzle"`` ability parameter, kept in ``res`` as
``coils_underfunded``.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import Cost, Field, Op, SpecError, cost, op


def charged(g, seat: int) -> int:
    return g.players[seat].res.get("coils", 0)


def _set(g, seat: int, n: int) -> None:
    g.players[seat].res["coils"] = n


def charge(g, seat: int, n: int, card: int | None = None) -> int:
    """Charge up to ``n`` coils of ``seat``; returns how many were charged (logged)."""
    res = g.players[seat].res
    if "coils_max" not in res:
        return 0
    added = max(0, min(n, res["coils_max"] - res.get("coils", 0)))
    if added:
        _set(g, seat, res.get("coils", 0) + added)
        g.log("coil_charge", seat, card=card, amount=added, value=res["coils"])
    return added


def discharge(g, seat: int, n: int, card: int | None = None) -> int:
    """Discharge ``n`` coils (as many as are charged); returns how many were discharged."""
    spent = min(n, charged(g, seat))
    if spent:
        _set(g, seat, charged(g, seat) - spent)
    g.log("coil_discharge", seat, card=card, amount=spent, value=charged(g, seat), detail=str(n))
    return spent


@cost("coils")
class CoilCost(Cost):
    """Discharge N charged coils."""

    def can_pay(self, g, ctx, n):
        return charged(g, ctx.player) >= n

    def pay(self, g, ctx, n, op, then, args):
        discharge(g, ctx.player, n, ctx.card if ctx.card >= 0 else None)
        then(g, *args)


@op("charge_coils")
class ChargeCoils(Op):
    """Charge ``count`` coils (those already charged stay so; never past the maximum)."""
    FIELDS = {"count": Field("int", 1)}

    def run(self, g, ctx):
        charge(g, ctx.player, self.count, ctx.card if ctx.card >= 0 else None)


@op("discharge_coils")
class DischargeCoils(Op):
    """You may discharge one or two coils for ``one`` / ``two`` (see the module docstring)."""
    FIELDS = {"one": Field("effects", required=True), "two": Field("effects", required=True),
              "two_is": Field("choice", "also", ("also", "instead"))}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.may or self.cost is not None:
            raise SpecError("discharging is always optional: 'discharge_coils' takes no 'may' or 'cost'")
        self.needs_opponent = any(o.needs_opponent for o in self.one + self.two)

    def run(self, g, ctx):
        have = charged(g, ctx.player)
        if not have:
            return
        fizzle = g.players[ctx.player].res.get("coils_underfunded") == "fizzle"
        options = [0, 1] + ([2] if have >= 2 or fizzle else [])
        g.ask(ctx.player, "discharge_coils", options, self._chosen, ctx, card=ctx.card,
              charged=have, two_is=self.two_is)

    def _chosen(self, g, ctx, n):
        if n == 0:
            return
        spent = discharge(g, ctx.player, n, ctx.card if ctx.card >= 0 else None)
        if n == 1:
            g.run_effects(self.one, ctx)
            return
        if spent < 2:       # underfunded (the "fizzle" reading): the two-coil tier fizzles
            g.log("coil_fizzle", ctx.player, card=ctx.card if ctx.card >= 0 else None, amount=spent)
            return
        g.run_effects(self.two if self.two_is == "instead" else self.one + self.two, ctx)
