"""Dr. Jill Trent: Gadgetology — two gadgets, one active at a time.

At the start of each of her turns Jill's player picks the active gadget (decision
``gadget_choice``: "hypnoray_blaster" or "ultrabiotic_tonic"; the same as before is allowed);
before her first turn none is active. It is public (``Player.res["gadget"]``) and logged
(``gadget``). Both act only when Jill attacks, and compare *printed* values: her attack card's
against the defender's card (0 if none was played):

* Hypnoray Blaster — during combat, if her card's printed value is lower: reveal the top card
  of the opponent's deck; her card gets +its BOOST value;
* Ultrabiotic Tonic — after combat, if her card's printed value is higher: Jill recovers
  ``tonic_recover`` (1) health.

They are her ability, not card effects (nothing cancels them), and resolve after the cards'
effects of the same timing (the ``combat_step`` event; ``after_combat`` for the tonic). Daisy
uses the active gadget only through Sisters in Arms (a card hook below), when she attacks next
to Jill. The Hypnotist reads the active gadget (condition ``gadget_hypnoray_blaster``).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import CONDITIONS, hook_effect
from unmatched_sim.engine.params import DeclaredParams, Param
from unmatched_sim.engine.state import ATTACKER, DEFENDER, Ctx
from unmatched_sim.engine.vocab.deck import reveal_top
from unmatched_sim.hooks import Ability, ability, advise, story_line, view_condition
from unmatched_sim.model import AFTER, DURING

HYPNORAY, TONIC = "hypnoray_blaster", "ultrabiotic_tonic"
GADGETS = (HYPNORAY, TONIC)


def active_gadget(g, seat: int) -> str | None:
    return g.players[seat].res.get("gadget")


def _printed(g, cid, role: int) -> int:
    # (a co-op enemy's defense card: its defense value, ``Format.printed_value``)
    return g.format.printed_value(g, cid, role) if cid is not None else 0


def gadget_acts(g, seat: int, timing: str, fighter: int) -> None:
    """The active gadget of ``seat`` acts for ``fighter`` attacking in the current combat at
    ``timing`` (DURING: the Hypnoray Blaster; AFTER: the Ultrabiotic Tonic), if its printed-value
    comparison holds."""
    c = g.combat
    if c is None or c.players[ATTACKER] != seat or c.fighters[ATTACKER] != fighter:
        return
    gadget = active_gadget(g, seat)
    mine, theirs = _printed(g, c.cards[ATTACKER], ATTACKER), _printed(g, c.cards[DEFENDER], DEFENDER)
    if gadget == HYPNORAY and timing == DURING and mine < theirs:
        ctx = Ctx(seat, c.cards[ATTACKER], ATTACKER, fighter)
        cid = reveal_top(g, ctx, c.players[DEFENDER])
        boost = g.players[g.owner(cid)].ability.boost_value(g, cid) if cid is not None else 0
        g.log("gadget_used", seat, fighter, c.cards[ATTACKER], amount=boost, detail=HYPNORAY)
        if boost and c.cards[ATTACKER] is not None:
            c.mods[ATTACKER].append(("add", boost))
    elif gadget == TONIC and timing == AFTER and mine > theirs:
        jill = g.players[seat].fighters[0]
        n = g.players[seat].ability.params["tonic_recover"]
        g.log("gadget_used", seat, fighter, c.cards[ATTACKER], amount=n, detail=TONIC)
        g.recover(jill, n)


@ability("gadgetology")
class Gadgetology(DeclaredParams, Ability):
    PARAMS = {"tonic_recover": Param.whole(1, "health the Ultrabiotic Tonic gives Jill back")}

    def setup(self, g, seat):
        g.players[seat].res["gadget"] = None

    def start_of_turn(self, g, seat):
        if not g.fighters[g.players[seat].fighters[0]].alive:
            return      # a team game goes on with Daisy alone: no gadget to choose
        g.ask(seat, "gadget_choice", GADGETS, self._chosen, seat)

    def _chosen(self, g, seat, gadget):
        g.players[seat].res["gadget"] = gadget
        g.log("gadget", seat, g.players[seat].fighters[0], detail=gadget)

    def combat_step(self, g, seat, combat, timing, value):
        if timing == DURING and combat.players[ATTACKER] == seat:
            jill = g.players[seat].fighters[0]
            if combat.fighters[ATTACKER] == jill:
                g.push((gadget_acts, (seat, DURING, jill)))
        return value

    def after_combat(self, g, seat, role):
        if role == ATTACKER:
            gadget_acts(g, seat, AFTER, g.players[seat].fighters[0])


@hook_effect("sisters_in_arms")
def _sisters_in_arms(g, ctx, op):
    """Daisy gains the active gadget's effect when she attacks adjacent to Jill."""
    c = g.combat
    if c is None or ctx.role != ATTACKER:
        return
    daisy = g.ctx_fighter(ctx)
    jill = g.players[ctx.player].fighters[0]
    if not g.adjacent(daisy, jill):
        return
    timing = (op.params or {}).get("timing", "during")
    gadget_acts(g, ctx.player, DURING if timing == "during" else AFTER, daisy)


def _gadget_is(name):
    return lambda g, ctx: active_gadget(g, ctx.player) == name


CONDITIONS.update({
    "gadget_hypnoray_blaster": _gadget_is(HYPNORAY),   # your active gadget is the Hypnoray Blaster
    "gadget_ultrabiotic_tonic": _gadget_is(TONIC),
})


# ------------------------------------------------------------ the AI
@advise("gadget_choice")
def _gadget_advice(policy, view, d):
    """The Hypnoray Blaster pays when Jill will attack with low printed values (or holds a
    Hypnotist); the Tonic when she is hurt and holds high attack cards."""
    me = view.my_hero()
    hand = [view.card(c) for c in view.hand]
    if any(c.name == "Hypnotist" for c in hand):
        return HYPNORAY
    attacks = [c.value or 0 for c in hand if c.can_attack and c.usable_by(me.defn.name)]
    if me.health < me.max_health and attacks and max(attacks) >= 4:
        return TONIC
    return HYPNORAY


@view_condition("gadget_hypnoray_blaster")
def _hypnoray_seen(view, fi: int, foe: int) -> bool:
    """Hypnotist: the active gadget of the fighter's side, chosen face up at the start of Jill's
    turn, is the Hypnoray Blaster."""
    return view.resources(view.fighter(fi).owner).get("gadget") == HYPNORAY


@story_line("gadget")
def _gadget_line(row):
    return f"{row['who']} activates the {row['detail'].replace('_', ' ').title()}"


@story_line("gadget_used")
def _gadget_used_line(row):
    if row["detail"] == HYPNORAY:
        return f"the Hypnoray Blaster adds {row['amount']} to {row['card']}"
    return f"the Ultrabiotic Tonic heals {row['amount']}"
