"""Where fighters are: where they started the turn — "if your fighter started this turn in a
different space" (Momentous Shift, in many decks), "shares no zones with the space he started
this turn in" (Golden Bat); the engine records every fighter's space at the start of each turn
(``Game.started_turn_on``) — zones and adjacency — "each other fighter in your zone", "any one
fighter in Medusa's zone", "your fighters adjacent to the opposing fighter", "for each other
friendly fighter adjacent to the opposing fighter" (Infinite Strikes), "if your fighter is not
in Yennenga's zone" (``not in_hero_zone``), "the number of different zones your fighters are
in" — swapping — "Bruce Lee may swap spaces with the opposing fighter" (Short Lead Hook) — and
placing — "place one of the fighters in the combat in any space; they cannot leave that space
this turn" (The Readiness Is All), "place Bloody Mary in any empty space adjacent to the
opposing fighter" (Trick of the Light), "place in a zone
with no Actors", "return defeated Actors" (Shakespeare), "return a defeated Harpy" (Medusa)."""

from __future__ import annotations

from unmatched_sim.engine.effects import (CONDITIONS, QUANTITIES, SELECTORS, Field, FighterOp, Op, Place,
                                          PlacesFighter, op, place_options)
from unmatched_sim.engine.state import DEFENDER, NO_SPACE, other_role


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


def _in_hero_zone(g, ctx) -> bool:
    """The fighter resolving the effect shares a zone with one of its side's heroes other than
    itself ("if your fighter is not in Yennenga's zone": ``not in_hero_zone``)."""
    fi = g.ctx_fighter(ctx)
    f = g.fighters[fi]
    if not f.on_board:
        return False
    F = g.fighters
    return any(F[h].is_hero and F[h].on_board and h != fi and g.same_zone(fi, h)
               for h in g.players[f.owner].fighters)


CONDITIONS.update({
    "in_hero_zone": _in_hero_zone,
    "started_turn_elsewhere": _started_turn_elsewhere,
    "left_start_zone": _left_start_zone,
    "either_combatant_started_elsewhere": _any_combatant_started_elsewhere,
})


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


# ---------------------------------------------------------------- zones and adjacency
def _others_in_zone(g, ctx) -> list[int]:
    """Every other fighter, friend or foe, sharing a zone with the fighter resolving the effect
    (All Are Punished: "each other fighter in your zone")."""
    me = g.ctx_fighter(ctx)
    if not g.fighters[me].on_board:
        return []
    return [fi for fi in g.all_on_board() if fi != me and g.same_zone(me, fi)]


def _own_adjacent_to_opposing_combatant(g, ctx) -> int:
    """How many of your fighters are adjacent to the opposing fighter in this combat (Et Tu,
    Brute?), the one in the combat included."""
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return 0
    theirs = c.fighters[other_role(ctx.role)]
    return sum(1 for fi in g.fighters_adjacent_to(theirs) if g.fighters[fi].owner == ctx.player)


def _in_zone(g, ctx) -> list[int]:
    """Any fighter sharing a zone with the fighter resolving the effect, itself included (A
    Momentary Glance: "any one fighter in Titania's zone")."""
    me = g.ctx_fighter(ctx)
    if not g.fighters[me].on_board:
        return []
    return [fi for fi in g.all_on_board() if fi == me or g.same_zone(me, fi)]


def _other_friendly_adjacent_to_opposing_combatant(g, ctx) -> int:
    """How many friendly fighters (yours or a teammate's) other than your fighter in this
    combat are adjacent to the opposing fighter (Infinite Strikes)."""
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return 0
    mine, theirs = c.fighters[ctx.role], c.fighters[other_role(ctx.role)]
    return sum(1 for fi in g.fighters_adjacent_to(theirs) if fi != mine and not g.is_foe_fighter(ctx.player, fi))


def _zones_occupied(g, ctx) -> int:
    """Different zones your fighters are in (a space in several zones counts each)."""
    zm = g.board.zone_mask
    mask = 0
    for fi in g.on_board(ctx.player):
        mask |= zm[g.fighters[fi].space]
    return bin(mask).count("1")


def _in_friendly_zones(g, ctx) -> list[int]:
    """Any fighter sharing a zone with one of your fighters (yours included)."""
    zm = g.board.zone_mask
    F = g.fighters
    mask = 0
    for fi in g.friendly_on_board(ctx.player):
        mask |= zm[F[fi].space]
    return [fi for fi in g.all_on_board() if zm[F[fi].space] & mask]


SELECTORS.update({
    "fighter_in_zone": (True, _in_zone),
    # the same, as other cards word it ("any one fighter in Medusa's zone")
    "any_in_zone": (True, _in_zone),
    "each_any_in_zone": (False, _in_zone),
    "other_in_zone": (True, _others_in_zone),
    "each_other_in_zone": (False, _others_in_zone),
    "fighter_in_friendly_zones": (True, _in_friendly_zones),
})
QUANTITIES.update({
    "own_adjacent_to_opposing_combatant": _own_adjacent_to_opposing_combatant,
    "other_friendly_adjacent_to_opposing_combatant": _other_friendly_adjacent_to_opposing_combatant,
    "zones_occupied": _zones_occupied,
})


@op("place_apart")
class PlaceApart(Place):
    """Place the selected fighter in an empty space that shares no zone with any of your
    fighters named ``apart_from`` (Places, Places!: "in a zone with no Actors")."""
    FIELDS = {"who": Field("selector", required=True), "apart_from": Field("fighter", required=True)}

    def apply(self, g, ctx, fi):
        F, zm = g.fighters, g.board.zone_mask
        mask = 0
        for o in g.on_board(ctx.player):
            if F[o].defn.name == self.apart_from:
                mask |= zm[F[o].space]
        options = [s for s in g.empty_spaces() if not zm[s] & mask]
        if options:
            g.ask(ctx.player, "effect_destination", options, self._placed, ctx, fi,
                  card=ctx.card, fighter=fi, op=self.NAME)


@op("place_by_opposing_combatant")
class PlaceByOpposingCombatant(Place):
    """Place the selected fighter in an empty space adjacent to the other fighter of this
    combat (Trick of the Light); nothing happens if that fighter has left the board."""
    FIELDS = {"who": Field("selector", "self")}

    def apply(self, g, ctx, fi):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        other = g.fighters[c.fighters[other_role(ctx.role)]]
        if not other.on_board:
            return
        adj = g.board.adjacent[other.space]
        options = [s for s in g.empty_spaces() if s in adj]
        if options:
            g.ask(ctx.player, "effect_destination", options, self._placed, ctx, fi,
                  card=ctx.card, fighter=fi, op=self.NAME)


@op("return_defeated")
class ReturnDefeated(PlacesFighter, Op):
    """Return defeated fighters of yours named ``fighter`` (a sidekick) to the board at full
    health, each on an empty space sharing a zone with your hero (``where = "hero_zone"``) or
    anywhere: one (``all = false``; decision ``effect_fighter`` when several are defeated) or
    all of them, one at a time. Nothing happens without a defeated one or a space for it."""
    FIELDS = {"fighter": Field("fighter", required=True), "all": Field("bool", False),
              "where": Field("choice", "hero_zone", ("any", "hero_zone"))}

    def _defeated(self, g, ctx):
        F = g.fighters
        return [fi for fi in g.players[ctx.player].fighters
                if F[fi].defn.name == self.fighter and not F[fi].alive]

    def applicable(self, g, ctx):
        return bool(self._defeated(g, ctx)) and bool(place_options(g, ctx, self.where))

    def run(self, g, ctx):
        down = self._defeated(g, ctx)
        if not down:
            return
        if self.all:
            g.push(*((self._token_chosen, (ctx, fi)) for fi in down))
        elif len({g.fighters[fi].defn for fi in down}) == 1:
            self._token_chosen(g, ctx, down[0])     # identical tokens (Harpies): which one is no choice
        else:
            g.ask(ctx.player, "effect_fighter", down, self._token_chosen, ctx, card=ctx.card, op=self.NAME)

    def _placed(self, g, ctx, fi, dest):
        f = g.fighters[fi]
        f.alive, f.health = True, f.max_health
        g.place(fi, dest, ctx.card if ctx.card >= 0 else None)
        g.log("return_fighter", ctx.player, fi, ctx.card if ctx.card >= 0 else None, space=dest,
              health=f.health)


@op("swap_with")
class SwapWith(FighterOp):
    """The fighter resolving the effect and the selected fighter (``target``: a selector, e.g.
    ``opposing_combatant``) trade spaces. Nothing happens if either is off the board, they are
    the same fighter, or either cannot leave its space (``Game.held``)."""
    FIELDS = {"target": Field("selector", required=True)}

    def acts_on(self, g, fi):
        return g.fighters[fi].on_board and not g.held(fi)

    def applicable(self, g, ctx):
        me = g.ctx_fighter(ctx)
        if not g.fighters[me].on_board or g.held(me):
            return False
        return any(fi != me and g.fighters[fi].on_board and not g.held(fi) for fi in self.select(g, ctx))

    def apply(self, g, ctx, fi):
        me = g.ctx_fighter(ctx)
        F = g.fighters
        if fi == me or not (F[me].on_board and F[fi].on_board):
            return
        for x in (me, fi):
            if g.held(x):
                g.log("held", ctx.player, x, ctx.card if ctx.card >= 0 else None, space=F[x].space)
                return
        g.swap_spaces(me, fi, ctx.card if ctx.card >= 0 else None)


# ---------------------------------------------------------------- tokens on spaces
@op("move_token")
class MoveToken(Op):
    """Move one of your tokens of ``kind`` on the board (``engine.board_features``: the
    Invisible Man's fog): ``up_to`` spaces along the board's paths (it may stay; 0: to any
    other space), chosen by you or by your opponent (``chooser``). ``which``: ``"any"`` of your
    tokens, ``"under_self"`` the one on the resolving fighter's space (nothing without one), or
    ``"other"`` one this card has not moved yet. ``empty_only``: only to a space without a
    fighter; ``then_place``: the resolving fighter is then placed on that space. ``each``:
    every token in turn may move (to any other space, or stay). Decisions ``token_choice``
    (the token's space) and ``token_destination``; the spaces moved from are remembered for
    the card's later ``which = "other"``."""
    FIELDS = {"kind": Field("str", required=True), "up_to": Field("int", 0),
              "chooser": Field("choice", "self", ("self", "opponent")),
              "which": Field("choice", "any", ("any", "under_self", "other")),
              "empty_only": Field("bool", False), "then_place": Field("bool", False),
              "each": Field("bool", False)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.chooser == "opponent":
            self.needs_opponent = True

    def _moved_key(self, ctx):
        return ("tokens_moved", ctx.card)

    def run(self, g, ctx):
        from unmatched_sim.engine.board_features import token_spaces
        have = token_spaces(g, ctx.player, self.kind)
        if not have:
            return
        mover = g.opponent_of(ctx) if self.chooser == "opponent" else ctx.player
        if self.each:
            g.push((self._each, (ctx, mover, tuple(have))))
            return
        if self.which == "under_self":
            me = g.fighters[g.ctx_fighter(ctx)]
            sources = [me.space] if me.on_board and me.space in have else []
        elif self.which == "other":
            done = g.turn_flags.get(self._moved_key(ctx), ())
            sources = [s for s in have if s not in done]
        else:
            sources = list(have)
        sources = [s for s in sources if self._dests(g, ctx, s)]
        if sources:
            g.ask(mover, "token_choice", sources, self._chosen, ctx, mover, card=ctx.card,
                  token_kind=self.kind, owner=ctx.player)

    def _dests(self, g, ctx, source) -> list:
        from unmatched_sim.engine.board_features import token_destinations
        dests = token_destinations(g, ctx.player, self.kind, source, self.up_to or None, self.empty_only)
        return dests

    def _chosen(self, g, ctx, mover, source):
        dests = self._dests(g, ctx, source)
        if self.up_to and not self.then_place:
            dests = [source] + dests            # "up to": it may stay
        g.ask(mover, "token_destination", dests, self._to, ctx, mover, source, card=ctx.card,
              token_kind=self.kind, owner=ctx.player, source=source)

    def _to(self, g, ctx, mover, source, dest):
        from unmatched_sim.engine.board_features import move_token
        key = self._moved_key(ctx)
        g.turn_flags[key] = g.turn_flags.get(key, ()) + (dest,)
        if dest != source:
            move_token(g, ctx.player, self.kind, source, dest, mover, ctx.card if ctx.card >= 0 else None)
        if self.then_place:
            fi = g.ctx_fighter(ctx)
            if g.occupant[dest] < 0 and g.fighters[fi].on_board and not g.held(fi):
                g.place(fi, dest, ctx.card if ctx.card >= 0 else None)

    def _each(self, g, ctx, mover, left):
        from unmatched_sim.engine.board_features import token_destinations
        if not left:
            return
        source = left[0]
        dests = [source] + token_destinations(g, ctx.player, self.kind, source, None, self.empty_only)
        g.push((self._each, (ctx, mover, left[1:])))
        g.ask(mover, "token_destination", dests, self._to, ctx, mover, source, card=ctx.card,
              token_kind=self.kind, owner=ctx.player, source=source)
