"""Effects that last a while: "prevent all damage" this combat (Bewilderment), "this combat your
fighter takes no damage from effects" (Indestructible Cloth), "any combat damage you would take
is dealt to the opposing fighter instead" (Golden Chain Mail), "fighters cannot leave their
spaces for the rest of the turn" (Terrifying Roar), a floor of health (Mississippi Queen).

Each op puts a lasting effect in force (``Game.add_lasting``) that hooks an engine event
(``damage``, ``hold``) until the combat ends, the turn ends, or its player's next turn starts:
``until = "combat" | "turn" | "next_turn"``.
"""

from __future__ import annotations

from unmatched_sim.engine.effects import Field, FighterOp, op
from unmatched_sim.engine.combat import COMBAT
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.engine.piles import lasting

SOURCES = ("any", "combat", "not_combat")


def _matches(source: str, kind: str) -> bool:
    return kind == "any" or (source == COMBAT) == (kind == "combat")


@lasting("prevent_damage")
def _prevent(g, seat, data, fighter, source, by, card, amount):
    fi, kind = data
    return 0 if fighter == fi and _matches(source, kind) else amount


@lasting("redirect_combat_damage")
def _redirect(g, seat, data, fighter, source, by, card, amount):
    fi, cid = data
    c = g.combat
    if fighter != fi or source != COMBAT or c is None or fi not in c.fighters:
        return amount
    other = c.fighters[DEFENDER if c.fighters[ATTACKER] == fi else ATTACKER]
    g.log("damage_redirected", g.fighters[fi].owner, fi, cid, other, amount)
    # Dealt to the other fighter as combat damage, by the fighter it was meant for (a fighter
    # redirecting back would not loop: only damage to ``fi`` is redirected).
    g.damage(other, amount, COMBAT, cid, fi)
    return 0


@lasting("health_floor")
def _floor(g, seat, data, fighter, source, by, card, amount):
    fi, floor = data
    if fighter != fi:
        return amount
    return max(0, min(amount, g.fighters[fi].health - floor))


@lasting("hold_in_place")
def _hold(g, seat, data, fighter, held):
    return held or data is None or fighter == data


_UNTIL = Field("choice", "combat", ("combat", "turn", "next_turn"))


@op("prevent_damage")
class PreventDamage(FighterOp):
    """Damage to the selected fighters is prevented ``until`` ... : all of it (``source =
    "any"``), combat damage only (``"combat"``), or all but combat damage (``"not_combat"``:
    damage from effects, exhaustion...)."""
    FIELDS = {"target": Field("selector", "self"), "source": Field("choice", "any", SOURCES),
              "until": _UNTIL}

    def apply(self, g, ctx, fi):
        g.add_lasting("damage", ctx.player, "prevent_damage", (fi, self.source), self.until)


@op("redirect_combat_damage")
class RedirectCombatDamage(FighterOp):
    """Combat damage the selected fighter would take ``until`` ... is dealt to the other
    fighter of its combat instead (as combat damage; logged ``damage_redirected``, then the
    other fighter's ``damage``). The fighter itself takes none of it."""
    FIELDS = {"target": Field("selector", "self"), "until": _UNTIL}

    def apply(self, g, ctx, fi):
        g.add_lasting("damage", ctx.player, "redirect_combat_damage",
                      (fi, ctx.card if ctx.card >= 0 else None), self.until)


@op("health_floor")
class HealthFloor(FighterOp):
    """Damage cannot take the selected fighters below ``at`` health ``until`` ..."""
    FIELDS = {"target": Field("selector", "self"), "at": Field("int", 1), "until": _UNTIL}

    def apply(self, g, ctx, fi):
        g.add_lasting("damage", ctx.player, "health_floor", (fi, self.at), self.until)


@op("hold_in_place")
class HoldInPlace(FighterOp):
    """The selected fighters cannot leave their spaces (move, be moved or placed) ``until`` ...
    ``target = "each_any"``: every fighter, including those that come onto the board later."""
    FIELDS = {"target": Field("selector", "each_any"), "until": Field("choice", "turn", ("combat", "turn", "next_turn"))}

    def run(self, g, ctx):
        if self.target == "each_any":
            g.add_lasting("hold", ctx.player, "hold_in_place", None, self.until)
            return
        super().run(g, ctx)

    def apply(self, g, ctx, fi):
        g.add_lasting("hold", ctx.player, "hold_in_place", fi, self.until)
