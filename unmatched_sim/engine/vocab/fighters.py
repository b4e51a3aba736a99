"""Fighters: who is friendly and adjacent — "each friendly fighter adjacent to your fighter"
(Better Together), "another friendly fighter" (Captain's Orders), "if your fighter is adjacent to
a friendly fighter", "for each Clone on the board" (Phoenix Form: ``own_sidekicks_on_board``),
"summon a Clone" from those in reserve (``summon_from_reserve``) — and what happens to their
health: "deal up to N damage to your fighter to
draw that many cards" (Lagniappe), "set his health to 8" (The Holy Grail), "deal 2 damage to each
opposing fighter in a space of your zone and an adjacent space" (Restless Spirits), "defeat
that sidekick" (No Contest Expecteth), "if Beowulf was dealt damage this way" (Remnant of Valor),
"if this defeats that fighter" (One-Inch Punch)."""

from __future__ import annotations

from unmatched_sim.engine.effects import (CONDITIONS, DAMAGED, QUANTITIES, SELECTORS, Field, FighterOp,
                                          Op, Summon, damage_source, op, place_options)


def _adjacent_friendly(g, ctx) -> list[int]:
    """Friendly fighters (yours or a teammate's) adjacent to the resolving fighter."""
    fi = g.ctx_fighter(ctx)
    return [o for o in g.fighters_adjacent_to(fi) if not g.is_foe_fighter(ctx.player, o)]


def _other_friendly(g, ctx) -> list[int]:
    """Friendly fighters on the board other than the resolving fighter."""
    fi = g.ctx_fighter(ctx)
    return [o for o in g.friendly_on_board(ctx.player) if o != fi]


SELECTORS.update({
    "adjacent_friendly": (True, _adjacent_friendly),
    "each_adjacent_friendly": (False, _adjacent_friendly),
    "other_friendly": (True, _other_friendly),
    "each_other_friendly": (False, _other_friendly),
})


def _adjacent_to_friendly(g, ctx) -> bool:
    """Another friendly fighter (yours or a teammate's) is adjacent to the resolving fighter."""
    fi = g.ctx_fighter(ctx)
    return any(o != fi and not g.is_foe_fighter(ctx.player, o) for o in g.fighters_adjacent_to(fi))


CONDITIONS["adjacent_to_friendly"] = _adjacent_to_friendly


def _own_sidekicks_on_board(g, ctx) -> int:
    """Your fighters on the board that are not heroes (Phoenix Form: "for each Clone")."""
    F = g.fighters
    return sum(1 for fi in g.on_board(ctx.player) if not F[fi].is_hero)


QUANTITIES["own_sidekicks_on_board"] = _own_sidekicks_on_board


@op("summon_from_reserve")
class SummonFromReserve(Summon):
    """Summon a sidekick from its reserve: one of its tokens off the board (never placed, or
    defeated) comes on at full health on an empty space (``where``, as ``summon``). Unlike
    ``summon``, with every token on the board nothing happens; and with ``may``, nothing is
    offered unless a token and a space are free."""

    def _reserve(self, g, ctx) -> list[int]:
        F = g.fighters
        return [fi for fi in g.players[ctx.player].fighters
                if F[fi].defn.name == self.sidekick and not F[fi].on_board]

    def applicable(self, g, ctx):
        return bool(self._reserve(g, ctx)) and bool(place_options(g, ctx, self.where))

    def run(self, g, ctx):
        reserve = self._reserve(g, ctx)
        if reserve:
            self._token_chosen(g, ctx, reserve[0])


def _adjacent_to_hero(g, ctx) -> bool:
    """The resolving fighter is adjacent to a hero of its own player (Fixed Point in a
    Changing Age: Dr. Watson next to Holmes)."""
    me = g.ctx_fighter(ctx)
    return any(g.fighters[fi].is_hero and g.fighters[fi].owner == ctx.player
               for fi in g.fighters_adjacent_to(me))


CONDITIONS["adjacent_to_hero"] = _adjacent_to_hero


@op("damage_self_to_draw")
class DamageSelfToDraw(Op):
    """Deal up to ``up_to`` damage to the resolving fighter to draw that many cards (decision
    ``damage_to_draw``: 0..up_to). The damage is an effect the fighter deals itself; the cards
    drawn are as many as chosen."""
    FIELDS = {"up_to": Field("int", required=True)}

    def run(self, g, ctx):
        fi = g.ctx_fighter(ctx)
        if not g.fighters[fi].on_board:
            return
        g.ask(ctx.player, "damage_to_draw", list(range(self.up_to + 1)), self._chosen, ctx, fi,
              card=ctx.card, fighter=fi)

    def _chosen(self, g, ctx, fi, n):
        if n <= 0:
            return
        g.log("damage_to_draw", ctx.player, fi, ctx.card if ctx.card >= 0 else None, amount=n)
        g.damage(fi, n, *damage_source(ctx), by=fi)
        g.draw(ctx.player, n)


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


def _damaged_fighter_defeated(g, ctx) -> bool:
    """A fighter an earlier ``damage`` op of this card hurt is now defeated ("if this defeats
    that fighter", One-Inch Punch)."""
    F = g.fighters
    return any(not F[fi].alive for fi in g.turn_flags.get((DAMAGED, ctx.card), ()))


CONDITIONS["damaged_fighter_defeated"] = _damaged_fighter_defeated


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
            g.damage(fi, n, *damage_source(ctx), by=by)
            if not g.fighters[fi].alive:
                key = (DEFEATED, ctx.card)
                g.turn_flags[key] = g.turn_flags.get(key, ()) + (fi,)


@op("defeat")
class Defeat(FighterOp):
    """The selected fighter is defeated outright, whatever its health (No Contest Expecteth:
    "defeat that sidekick"); ``sidekick_only``: only a sidekick (never a hero, nor a co-op
    enemy: ``Format.counts_as_sidekick``)."""
    FIELDS = {"target": Field("selector", required=True), "sidekick_only": Field("bool", False)}

    def acts_on(self, g, fi):
        f = g.fighters[fi]
        return f.on_board and not (self.sidekick_only and not g.format.counts_as_sidekick(g, fi))

    def apply(self, g, ctx, fi):
        if self.acts_on(g, fi):
            source, card = damage_source(ctx)
            g.defeat(fi, source, g.ctx_fighter(ctx), card)


def _own_hero_damaged_this_way(g, ctx) -> bool:
    """An earlier damage op of this card hurt the card player's own hero (Remnant of Valor:
    "if Beowulf was dealt damage this way")."""
    F = g.fighters
    return any(F[fi].is_hero and F[fi].owner == ctx.player
               for fi in g.turn_flags.get((DAMAGED, ctx.card), ()))


CONDITIONS["own_hero_damaged_this_way"] = _own_hero_damaged_this_way


def _own_sidekick_undefeated(g, ctx) -> bool:
    """One of the card player's sidekicks is not defeated (Brothers in Arms: "if Patroclus is
    not defeated"; a sidekick not yet summoned counts as undefeated)."""
    F = g.fighters
    return any(not F[fi].is_hero and F[fi].alive for fi in g.players[ctx.player].fighters)


CONDITIONS["own_sidekick_undefeated"] = _own_sidekick_undefeated
