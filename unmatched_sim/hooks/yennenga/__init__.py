"""Yennenga: Shield of the Archers (damage she would take goes to Archers in her zone), and two
cards the vocabulary cannot say: Surprise Volley (a defeated Archer returns and takes over the
attack) and Stallion Charge (a ride through opposing fighters, hurting each one passed).

Shield of the Archers. Combat damage: once both combat values are final (after the cards'
"during combat" effects), if the defender is Yennenga, an Archer shares a zone with her and the
attack would deal damage, her player decides how much of it each such Archer takes (decision
``archer_shield``: a tuple of amounts, one per Archer listed in ``info["archers"]``, each at
most that Archer's health, together at most the damage). The plan waits in the combat
(``Combat.extra["archer_shield"]``) and is applied when the damage is dealt; the Archers' share
still counts as combat damage the attack dealt (``steps.COMBAT_DAMAGE_ELSEWHERE``). Any other
damage (effects, exhaustion) is dealt at once by the rules, with no moment to ask: it is shared
by the same rule the AI uses for the decision (``shield_plan``). Each Archer's share is logged
as an ``ability`` event (``detail`` = ``shield_of_the_archers``) before its ``damage`` row.
"""

from __future__ import annotations

from unmatched_sim.engine.combat import CARD, COMBAT
from unmatched_sim.engine.effects import hook_effect
from unmatched_sim.engine.state import ATTACKER, DEFENDER
from unmatched_sim.engine.steps import COMBAT_DAMAGE_ELSEWHERE
from unmatched_sim.hooks import Ability, ability, advise
from unmatched_sim.model import DURING

ARCHER = "Archer"
PLAN = "archer_shield"
SHIELD = "shield_of_the_archers"


def shield_plan(amount: int, hero_health: int, archer_health: tuple[int, ...]) -> tuple[int, ...]:
    """How much of ``amount`` each Archer takes: everything they can hold when the blow would
    defeat Yennenga (the healthiest Archer first), else as much as leaves each Archer standing
    (so 1 from an Archer at 2 health)."""
    left = amount
    out = [0] * len(archer_health)
    lethal = amount >= hero_health
    for i in sorted(range(len(archer_health)), key=lambda k: -archer_health[k]):
        take = min(left, archer_health[i] if lethal else archer_health[i] - 1)
        if take > 0:
            out[i] = take
            left -= take
    return tuple(out)


def _archers_in_zone(g, hero: int) -> list[int]:
    F = g.fighters
    return [fi for fi in g.players[F[hero].owner].fighters
            if F[fi].defn.name == ARCHER and F[fi].on_board and g.same_zone(fi, hero)]


@ability("shield_of_the_archers")
class ShieldOfTheArchers(Ability):
    """When Yennenga would take damage, her player may have Archers in her zone take any part
    of it instead (each at most its health); see the module's text."""

    def combat_step(self, g, seat, combat, timing, value):
        if timing == DURING:
            d = combat.fighters[DEFENDER]
            f = g.fighters[d]
            if f.is_hero and f.owner == seat and _archers_in_zone(g, d):
                g.push((_ask_shield, (seat, d)))
        return value

    def modify_damage(self, g, seat, fighter, source, by, card, amount):
        f = g.fighters[fighter]
        if amount <= 0 or not f.is_hero or f.owner != seat:
            return amount
        archers = _archers_in_zone(g, fighter)
        if not archers:
            return amount
        c = g.combat
        plan = None
        if source == COMBAT and c is not None and c.fighters[DEFENDER] == fighter:
            plan = c.extra.pop(PLAN, None)
            if plan is None:
                return amount        # the player chose to keep it (or was not asked)
        if plan is None:
            shares = shield_plan(amount, f.health, tuple(g.fighters[a].health for a in archers))
            plan = tuple(zip(archers, shares))
        left = amount
        for archer, n in plan:
            n = min(n, left)
            if n <= 0 or not g.fighters[archer].on_board or archer not in archers:
                continue
            g.log("ability", seat, archer, card, amount=n, detail=SHIELD)
            took = g.damage(archer, n, source, card, by)
            left -= took
            if source == COMBAT and c is not None:
                c.extra[COMBAT_DAMAGE_ELSEWHERE] = c.extra.get(COMBAT_DAMAGE_ELSEWHERE, 0) + took
        return left


def _attack_damage(g) -> int:
    c = g.combat
    attack = g.combat_value(ATTACKER)
    defense = g.combat_value(DEFENDER) if c.cards[DEFENDER] is not None else 0
    return max(0, attack - defense)


def _ask_shield(g, seat, hero):
    c = g.combat
    if c is None or c.resolved or c.fighters[DEFENDER] != hero or not g.fighters[hero].on_board:
        return
    dmg = _attack_damage(g)
    archers = tuple(_archers_in_zone(g, hero))
    if dmg <= 0 or not archers:
        return
    options = [()]
    for a in archers:
        options = [o + (n,) for o in options for n in range(min(g.fighters[a].health, dmg) + 1)]
    options = [o for o in options if sum(o) <= dmg]
    g.ask(seat, "archer_shield", options, _shield_chosen, seat, archers, fighter=hero, damage=dmg,
          archers=archers)


def _shield_chosen(g, seat, archers, shares):
    if any(shares):
        g.combat.extra[PLAN] = tuple(zip(archers, shares))


@advise("archer_shield")
def advise_archer_shield(policy, view, d):
    """The rule the engine uses for other damage (``shield_plan``), on public facts."""
    hero = view.fighter(d.info["fighter"])
    want = shield_plan(d.info["damage"], hero.health,
                       tuple(view.fighter(a).health for a in d.info["archers"]))
    return want if want in d.options else d.options[0]


# ---------------------------------------------------------------- Surprise Volley
@hook_effect("surprise_volley")
def surprise_volley(g, ctx, op):
    """"You may return a defeated Archer to a space in the opposing fighter's zone; if you do,
    that Archer is now the attacker. If not, gain 1 action." (decisions ``effect_may`` then
    ``effect_destination``; with no defeated Archer or no empty space there, the action.)"""
    c = g.combat
    if c is None or ctx.role != ATTACKER:
        return
    F = g.fighters
    down = [fi for fi in g.players[ctx.player].fighters if F[fi].defn.name == ARCHER and not F[fi].alive]
    other = F[c.fighters[DEFENDER]]
    zm = g.board.zone_mask
    spaces = [s for s in g.empty_spaces() if other.on_board and zm[s] & zm[other.space]]
    if not down or not spaces:
        g.gain_action(ctx.player, 1, ctx.card)
        return
    g.ask(ctx.player, "effect_may", (True, False), _volley_may, ctx, down[0], card=ctx.card,
          op="return_defeated")


def _volley_may(g, ctx, archer, yes):
    if not yes:
        g.gain_action(ctx.player, 1, ctx.card)
        return
    c = g.combat
    zm = g.board.zone_mask
    other = g.fighters[c.fighters[DEFENDER]]
    spaces = [s for s in g.empty_spaces() if zm[s] & zm[other.space]]
    g.ask(ctx.player, "effect_destination", spaces, _volley_placed, ctx, archer, card=ctx.card,
          fighter=archer, op="return_defeated")


def _volley_placed(g, ctx, archer, dest):
    f = g.fighters[archer]
    f.alive, f.health = True, f.max_health
    g.place(archer, dest, ctx.card)
    g.log("return_fighter", ctx.player, archer, ctx.card, space=dest, health=f.health)
    g.combat.fighters[ATTACKER] = archer
    g.log("combatant_changed", ctx.player, archer, ctx.card)


# ---------------------------------------------------------------- Stallion Charge
def charge_routes(g, fi: int, steps: int) -> dict[int, tuple[int, ...]]:
    """Where fighter ``fi`` can end a move of up to ``steps`` spaces passing through any
    fighters (it must end on an empty space, or stay), and for each end the opposing fighters
    it passes through on the route that passes the most (distinct fighters)."""
    F = g.fighters
    me = F[fi]
    occ = g.occupant
    edges = g.board.move_edges
    best: dict[int, tuple[int, ...]] = {me.space: ()}

    def walk(space, left, seen, passed):
        for nxt in edges[space]:
            if nxt in seen:
                continue
            o = occ[nxt]
            if o < 0 and (nxt not in best or len(passed) > len(best[nxt])):
                best[nxt] = passed
            if left > 1:
                more = passed + (o,) if (o >= 0 and g.is_foe_fighter(me.owner, o) and o not in passed) else passed
                walk(nxt, left - 1, seen | {nxt}, more)
    if steps > 0:
        walk(me.space, steps, frozenset({me.space}), ())
    return best


@hook_effect("stallion_charge")
def stallion_charge(g, ctx, op):
    """Yennenga moves up to ``params.up_to`` spaces, passing through any fighters (decision
    ``effect_destination``); each opposing fighter passed through on the way (the route that
    passes the most, to the chosen space) takes ``params.damage``."""
    fi = g.ctx_fighter(ctx)
    if not g.fighters[fi].on_board or g.held(fi):
        return
    params = op.params or {}
    routes = charge_routes(g, fi, params.get("up_to", 5))
    g.ask(ctx.player, "effect_destination", sorted(routes), _charged, ctx, fi,
          tuple(sorted(routes.items())), params.get("damage", 1), card=ctx.card, fighter=fi, op="move")


def _charged(g, ctx, fi, routes, n, dest):
    g.move_to(fi, dest, ctx.card)
    for victim in dict(routes)[dest]:
        if g.fighters[victim].on_board:
            g.damage(victim, n, CARD, ctx.card, by=fi)
