"""Vocabulary first needed by Battle of Legends, Volume One (Sinbad, Medusa, King Arthur, Alice),
written for any hero that says the same thing.

Quantities
    ``voyage_cards_in_discard``   VOYAGE cards (tag ``voyage``) in your discard pile. Any other
                                  tag is counted the same way (``Game.tagged_in_discard``);
                                  register a quantity for it with ``count_tag_quantity``.
Selectors
    ``any_in_zone``               one fighter (anyone's) sharing a zone with the fighter resolving
                                  the effect ("any one fighter in Medusa's zone"; read literally,
                                  that fighter itself is in its own zone and may be chosen);
                                  ``each_any_in_zone`` every such fighter.
Ops
    ``take_tagged_from_discard``  every card with a tag goes from your discard pile to your hand
                                  (Voyage Home: "take all other VOYAGE cards ...").
    (Winged Frenzy's "return a defeated Harpy" uses the shared ``return_defeated`` of
    vocab/sa_position.py, which Shakespeare's Actors use too.)
    ``set_health``                a fighter's health becomes N (The Holy Grail).
    ``damage_spaces``             damage each opposing fighter on a chosen space of your zone and
                                  an adjacent space (Restless Spirits); quantity
                                  ``fighters_defeated`` counts what it defeated.
    ``choose_different``          "choose 2 different effects" among labelled options (Looking
                                  Glass); the heuristic values each pick like choose_one's.
Conditions
    ``opposing_combatant_is_hero`` the other fighter in this combat is a hero (Claws That Catch).
"""

from __future__ import annotations

from unmatched_sim.engine.effects import (CONDITIONS, QUANTITIES, SELECTORS, ChooseOne, Field,
                                         FighterOp, Op, SpecError, op)
from unmatched_sim.engine.game import EFFECT_DAMAGE
from unmatched_sim.engine.state import DEFENDER, other_role


# ---------------------------------------------------------------------- quantities
def count_tag_quantity(name: str, tag: str) -> None:
    """Register quantity ``name``: cards tagged ``tag`` in the resolving player's discard pile."""
    QUANTITIES[name] = lambda g, ctx: g.tagged_in_discard(ctx.player, tag)


count_tag_quantity("voyage_cards_in_discard", "voyage")


# ---------------------------------------------------------------------- selectors
def _any_in_zone(g, ctx) -> list[int]:
    me = g.ctx_fighter(ctx)
    if not g.fighters[me].on_board:
        return []
    return [fi for fi in g.all_on_board() if g.same_zone(me, fi)]


SELECTORS["any_in_zone"] = (True, _any_in_zone)
SELECTORS["each_any_in_zone"] = (False, _any_in_zone)


# ---------------------------------------------------------------------- ops
@op("take_tagged_from_discard")
class TakeTaggedFromDiscard(Op):
    """Every card tagged ``tag`` in your discard pile goes to your hand (known to everyone: it
    came from a face-up pile). The card resolving this is in play, not in the pile, so "all
    other VOYAGE cards" is simply every one in the pile."""
    FIELDS = {"tag": Field("str", required=True)}

    def run(self, g, ctx):
        for cid in [c for c in g.players[ctx.player].discard if self.tag in g.card(c).tags]:
            g.discard_to_hand(ctx.player, cid)


@op("set_health")
class SetHealth(FighterOp):
    """The selected fighters' health becomes ``to`` (never above their starting health): The
    Holy Grail ("if King Arthur has 4 or less health but is not defeated, set his health to
    8" — the condition is the card's ``if``)."""
    FIELDS = {"target": Field("selector", "self"), "to": Field("int", required=True)}

    def acts_on(self, g, fi):
        f = g.fighters[fi]
        return f.alive and f.health != min(self.to, f.max_health)

    def apply(self, g, ctx, fi):
        if g.fighters[fi].alive:
            g.set_health(fi, self.to, ctx.card if ctx.card >= 0 else None)


DEFEATED = "defeated"


def _fighters_defeated(g, ctx) -> int:
    return len(g.turn_flags.get((DEFEATED, ctx.card), ()))


# fighters an earlier damage_spaces op of the same card defeated ("if at least one fighter is
# defeated this way")
QUANTITIES["fighters_defeated"] = _fighters_defeated


@op("damage_spaces")
class DamageSpaces(Op):
    """Choose a space in the zone of the fighter resolving the effect (decision
    ``effect_space``, ``step = "first"``), then ``adjacent`` space(s) adjacent to it (``step =
    "adjacent"``); deal ``amount`` damage to each opposing fighter on the chosen spaces
    (Restless Spirits). The fighters it defeats are the quantity ``fighters_defeated`` for the
    card's later effects. Empty spaces may be chosen."""
    FIELDS = {"amount": Field("amount", required=True), "adjacent": Field("int", 1)}

    def start(self, g, ctx):
        g.turn_flags[(DEFEATED, ctx.card)] = ()
        super().start(g, ctx)

    def run(self, g, ctx):
        me = g.fighters[g.ctx_fighter(ctx)]
        if not me.on_board:
            return
        zm = g.board.zone_mask
        options = [s for s in range(g.board.size) if zm[s] & zm[me.space]]
        g.ask(ctx.player, "effect_space", options, self._first, ctx,
              card=ctx.card, op=self.NAME, step="first", amount=self.amount(g, ctx))

    def _first(self, g, ctx, space):
        g.push((self._more, (ctx, (space,), self.adjacent)))

    def _more(self, g, ctx, chosen, left):
        adj = g.board.adjacent[chosen[0]]
        options = sorted(s for s in adj if s not in chosen)
        if left <= 0 or not options:
            self._hit(g, ctx, chosen)
            return
        g.ask(ctx.player, "effect_space", options, self._next, ctx, chosen, left,
              card=ctx.card, op=self.NAME, step="adjacent", first=chosen[0], amount=self.amount(g, ctx))

    def _next(self, g, ctx, chosen, left, space):
        g.push((self._more, (ctx, chosen + (space,), left - 1)))

    def _hit(self, g, ctx, spaces):
        g.log("target_spaces", ctx.player, card=ctx.card if ctx.card >= 0 else None,
              detail=",".join(g.board.labels[s] for s in spaces))
        n = self.amount(g, ctx)
        victims = [g.occupant[s] for s in spaces
                   if g.occupant[s] >= 0 and g.is_foe_fighter(ctx.player, g.occupant[s])]
        by = g.ctx_fighter(ctx)
        for fi in victims:
            g.damage(fi, n, EFFECT_DAMAGE, ctx.card if ctx.card >= 0 else None, by=by)
            if not g.fighters[fi].alive:
                key = (DEFEATED, ctx.card)
                g.turn_flags[key] = g.turn_flags.get(key, ()) + (fi,)


@op("choose_different")
class ChooseDifferent(ChooseOne):
    """"Choose ``count`` different effects" among labelled options (Looking Glass: two of draw
    2, recover 3, place Alice). One ``effect_mode`` decision per pick (the labels not yet
    chosen); each chosen effect resolves before the next is picked."""
    FIELDS = {"options": Field("raw", required=True), "count": Field("int", 2)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if not 1 <= self.count <= len(self.modes):
            raise SpecError(f"'count' must be between 1 and the number of options ({len(self.modes)}), "
                            f"got {self.count}")

    def run(self, g, ctx):
        self._pick(g, ctx, ())

    def _pick(self, g, ctx, done):
        labels = [label for label, _ in self.modes if label not in done]
        if len(done) >= self.count or not labels:
            return
        g.ask(ctx.player, "effect_mode", labels, self._picked, ctx, done, card=ctx.card,
              picks_left=self.count - len(done))

    def _picked(self, g, ctx, done, label):
        g.push((self._pick, (ctx, done + (label,))))     # runs once this effect has resolved
        self._chosen(g, ctx, label)


def _opposing_combatant_is_hero(g, ctx) -> bool:
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return False
    return g.fighters[c.fighters[other_role(ctx.role)]].is_hero


# the other fighter in this combat is a hero (Claws That Catch)
CONDITIONS["opposing_combatant_is_hero"] = _opposing_combatant_is_hero
