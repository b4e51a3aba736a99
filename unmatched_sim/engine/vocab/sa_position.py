"""Placing and holding: "place one of the fighters in the combat in any space; they cannot
leave that space this turn" (The Readiness Is All)."""

from __future__ import annotations

from unmatched_sim.engine.effects import Field, Place, op


@op("place_and_hold")
class PlaceAndHold(Place):
    """Place the selected fighter (as ``place``), then it cannot leave that space (move, be
    moved or placed) ``until`` the combat, the turn or its player's next turn ends. A fighter
    that could not be placed (held already, no empty space) is not held by this effect."""
    FIELDS = {**Place.FIELDS, "until": Field("choice", "turn", ("combat", "turn", "next_turn"))}

    def _placed(self, g, ctx, fi, dest):
        g.place(fi, dest, ctx.card if ctx.card >= 0 else None)
        if g.fighters[fi].space == dest:
            g.add_lasting("hold", ctx.player, "hold_in_place", fi, self.until)
