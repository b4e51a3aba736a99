"""Words about the combat: "if your opponent played a versatile card", "if your health is less
than the defender's", "if the opposing fighter is not adjacent to your fighter", "if the
opposing fighter is a hero", "you may raise or lower the value of this card by 1" and "if the value of this card
matches your opponent's card" (Broken Glass), "+1 for each zone the opposing fighter is in" (Jaws of the Beast), "a number of spaces up to the combat damage dealt", "return your opponent's card to
their hand" (But a Dream), combat-card values held at their printed number (the Stasis
Diffuser), and bonus attacks: an attack of a printed value that follows the combat (VOLLEY: 3,
TRICKED YOU: 4, BLOODY REPRISE).

Each condition is a ``CONDITIONS`` entry read with the ``Ctx`` of the effect (or, for a hero
ability, a ``Ctx`` built for the attacking fighter: see ``hooks/shared/abilities.py``).
"""

from __future__ import annotations

from unmatched_sim.engine import steps as _steps
from unmatched_sim.engine.effects import CONDITIONS, QUANTITIES, Field, Op, SpecError, op
from unmatched_sim.engine.piles import OWN_EFFECT, lasting
from unmatched_sim.engine.state import ATTACKER, DEFENDER, Combat, other_role
from unmatched_sim.model import VERSATILE


def _opposing_combatant(g, ctx) -> int | None:
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return None
    return c.fighters[other_role(ctx.role)]


def _opponent_played_versatile(g, ctx) -> bool:
    """The other combat card is a versatile card (Uncertain Doom, Nothing Either Good or Bad)."""
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return False
    cid = c.cards[other_role(ctx.role)]
    return cid is not None and g.card(cid).type == VERSATILE


def _health_below_opposing_combatant(g, ctx) -> bool:
    """The fighter resolving the effect has less health than the other fighter in the combat."""
    other = _opposing_combatant(g, ctx)
    if other is None:
        return False
    me = g.fighters[g.ctx_fighter(ctx)]
    return me.health < g.fighters[other].health


def _opposing_combatant_adjacent(g, ctx) -> bool:
    """The two fighters of the combat are adjacent ("not ...": a ranged attack from afar)."""
    other = _opposing_combatant(g, ctx)
    return other is not None and g.adjacent(g.ctx_fighter(ctx), other)


def _opposing_combatant_is_hero(g, ctx) -> bool:
    """The other fighter in this combat is a hero (Claws That Catch; a co-op enemy is not,
    ``Format.counts_as_hero``)."""
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return False
    return g.format.counts_as_hero(g, c.fighters[other_role(ctx.role)])


def _combat_damage_dealt(g, ctx) -> int:
    """Combat damage your attack dealt in this combat (0 as the defender)."""
    c = g.combat
    return c.damage if c is not None and ctx.role == ATTACKER else 0


def _values_match(g, ctx) -> bool:
    """Both players played a card and their current values are equal (Broken Glass)."""
    c = g.combat
    if c is None or ctx.role > DEFENDER or c.cards[other_role(ctx.role)] is None or c.cards[ctx.role] is None:
        return False
    return g.combat_value(ctx.role) == g.combat_value(other_role(ctx.role))


def _others_in_opposing_zone(g, ctx) -> int:
    """Your fighters other than the resolving one in a zone of the other fighter in the combat
    (Feeding Frenzy: each Sister in the opposing fighter's zone)."""
    foe = _opposing_combatant(g, ctx)
    if foe is None or not g.fighters[foe].on_board:
        return 0
    me = g.ctx_fighter(ctx)
    return sum(1 for fi in g.on_board(ctx.player) if fi != me and g.same_zone(fi, foe))


QUANTITIES["own_others_in_opposing_zone"] = _others_in_opposing_zone


CONDITIONS.update({
    "values_match": _values_match,
    "opponent_played_versatile": _opponent_played_versatile,
    "health_below_opposing_combatant": _health_below_opposing_combatant,
    "opposing_combatant_adjacent": _opposing_combatant_adjacent,
    "opposing_combatant_is_hero": _opposing_combatant_is_hero,
})
def _opposing_combatant_zones(g, ctx) -> int:
    """How many zones the other fighter of this combat is in (Jaws of the Beast)."""
    other = _opposing_combatant(g, ctx)
    if other is None or not g.fighters[other].on_board:
        return 0
    return bin(g.board.zone_mask[g.fighters[other].space]).count("1")


QUANTITIES.update({
    "combat_damage_dealt": _combat_damage_dealt,
    "opposing_combatant_zones": _opposing_combatant_zones,
})


@op("adjust_value")
class AdjustValue(Op):
    """"You may raise or lower this card's value by up to ``by``" (Broken Glass): decision
    ``effect_adjust_value``, an amount from -``by`` to +``by`` (0 leaves it), with the card's
    current ``value`` and the other card's (``opponent_value``, None without one) in its info;
    logs ``value_adjusted`` (``amount`` = the change) unless it is 0. A lowered value stops at 0."""
    FIELDS = {"by": Field("int", 1)}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER or c.cards[ctx.role] is None:
            return
        other = other_role(ctx.role)
        theirs = g.combat_value(other) if c.cards[other] is not None else None
        g.ask(ctx.player, "effect_adjust_value", list(range(-self.by, self.by + 1)), self._chosen, ctx,
              card=ctx.card, value=g.combat_value(ctx.role), opponent_value=theirs)

    def _chosen(self, g, ctx, delta):
        if not delta:
            return
        c = g.combat
        c.mods[ctx.role].append(("add", delta) if delta > 0 else ("sub", -delta))
        g.log("value_adjusted", ctx.player, card=ctx.card, amount=delta)


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


# ---------------------------------------------------------------- printed values
# "The value of your opponent's card is equal to its printed value and cannot be changed": a
# lasting effect on the ``combat_value`` event for the rest of the combat. Whatever adds to,
# subtracts from or sets that card's value (cards, abilities such as Golden Bat's +2, turn
# bonuses), the value is the printed one. An ignored value still counts 0 (ignoring is not a
# change of the value).
@lasting("printed_value_lock")
def _printed_lock(g, seat, data, combat, role, value):
    locked_role, cid = data
    if role != locked_role or combat.cards[role] != cid:
        return value
    return g.format.printed_value(g, cid, role)


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
        g.log("value_lock", ctx.player, card=cid, amount=g.format.printed_value(g, cid, role), detail="printed")


# ---------------------------------------------------------------- bonus attacks
# "After combat: VOLLEY: 3" — once this combat is over (its cleanup and "after attacking"
# done), the same fighter attacks the same fighter again with an attack of that value, which
# takes no action and no card from hand. The defender chooses a defense card as usual (the
# value is printed, so nothing is face down); the defense card's effects resolve, the bonus
# attack has none of its own. Range is not checked again; it does not happen if either fighter
# has left the board or an effect has ended the turn. The combat's attack card is the card
# that made the bonus attack, already discarded: its value is set to the bonus value and its
# effects count as cancelled (they resolved in the first combat). What reads the attack card's
# *printed* value (Mirror Image, a printed-value lock) reads that card's. The defender's AI
# weighs the attack as any other (by the attacker's likely cards), not by its known value.
@op("bonus_attack")
class BonusAttack(Op):
    """Make a bonus attack of ``value`` after this combat (see above): logs ``bonus_attack``
    (``fighter`` the attacker, ``target`` the defender, ``amount`` its value, ``card`` the card
    that made it), then the combat goes on as any other from the defender's choice."""
    FIELDS = {"value": Field("amount", required=True)}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role != ATTACKER:
            return
        step = (_bonus_combat, (c.players[ATTACKER], c.fighters[ATTACKER], c.fighters[DEFENDER],
                                self.value(g, ctx), ctx.card))
        stack = g.stack
        # Below this combat's "after attacking" step (the stack's top is its end): it runs once
        # the combat is over and before the turn goes on.
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][0] is _steps._after_attacking:
                stack.insert(i, step)
                g._changes.n += 1
                return


def open_bonus_combat(g, seat: int, fi: int, target: int, card: int, value: int) -> Combat:
    """The combat of a bonus attack (VOLLEY, Relentless Assault...): ``fi`` attacks ``target``
    with ``card`` worth ``value``, its effects counted as cancelled (they are not the bonus
    attack's), face up (the defender knows it), marked ``extra["bonus_attack"] = value``."""
    c = Combat(seat, fi, target, g.fighters[target].owner)
    c.ranged = not g.adjacent(fi, target)
    c.cards[ATTACKER] = card
    c.cancelled[ATTACKER] = True
    c.mods[ATTACKER].append(("set", value))
    c.revealed = True
    c.extra["bonus_attack"] = value
    g.combat = c
    return c


def _bonus_combat(g, seat, fi, target, value, card):
    F = g.fighters
    if g.over or g.turn_flags.get("turn_ended") or not (F[fi].on_board and F[target].on_board):
        return
    c = open_bonus_combat(g, seat, fi, target, card, value)
    g.log("bonus_attack", seat, fi, card, target, value, None, None, "ranged" if c.ranged else "melee")
    g.ask(F[target].owner, "defense_card", _steps.defense_options(g), _bonus_defense, F[target].owner,
          fighter=target, attacker=fi)


def _bonus_defense(g, dseat, cid):
    c = g.combat
    if cid is not None:
        g.take_from_hand(dseat, cid)
        g.play_area_add(cid)
        c.cards[DEFENDER] = cid
        g.log("reveal", dseat, c.fighters[DEFENDER], cid, None, g.card(cid).value, None, None, "defense")
        g.card_played(cid, dseat, DEFENDER)
    else:
        g.log("no_defense", dseat, c.fighters[DEFENDER])
    g.push_steps(_steps._COMBAT_STEPS)


@op("discard_for_value")
class DiscardForValue(Op):
    """"You may discard any number of cards (``banner``: only cards that fighter may use); this
    card's value is +``per`` for each" (Beastform, Forever Hyde). One card at a time (decision
    ``discard_for_value``: a card, or None to stop); each is discarded by its owner's own effect
    and counts at once."""
    FIELDS = {"per": Field("int", 1), "banner": Field("str", None)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.banner is not None and self.banner not in hero_fighters:
            raise SpecError(f"'banner' must name one of this hero's fighters {sorted(hero_fighters)}, "
                            f"got {self.banner!r}")

    def _options(self, g, ctx) -> list:
        banner = self.banner
        return [c for c in g.players[ctx.player].hand
                if banner is None or (g.card(c).users is not None and banner in g.card(c).users)]

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER or c.cards[ctx.role] != ctx.card:
            return
        options = self._options(g, ctx)
        if options:
            g.ask(ctx.player, "discard_for_value", options + [None], self._picked, ctx,
                  card=ctx.card, per=self.per)

    def _picked(self, g, ctx, cid):
        if cid is None:
            return
        g.push((self.run, (ctx,)))
        g.discard_from_hand(ctx.player, cid, OWN_EFFECT)
        g.combat.mods[ctx.role].append(("add", self.per))


@op("set_printed_value")
class SetPrintedValue(Op):
    """A combat card's printed value (``card = "opponent"`` or ``"self"``) becomes a number for
    this combat (Deduce Strategy: the opponent's card's BOOST value): every change made to the
    card's value, before or after, applies on top of it."""
    FIELDS = {"card": Field("choice", "opponent", ("self", "opponent")), "to": Field("amount", required=True)}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        role = ctx.role if self.card == "self" else other_role(ctx.role)
        if c.cards[role] is not None:
            c.mods[role].insert(0, ("set", self.to(g, ctx)))
