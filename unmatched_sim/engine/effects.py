"""The shared effect vocabulary: the verbs cards are written in.

A card's effect in a hero file is a list of small declarations, for example::

    after_combat = [
      { op = "move", who = "combatant", up_to = 3, through_opponents = true },
    ]

Each ``op`` names a class below. Every op also accepts these fields:

    if = "won" | "lost" | ...     a condition checked when the effect resolves (see CONDITIONS);
                                  "not <condition>" is its negation ("not played_by_owner")
    may = true                    the player may decline (a yes/no decision)
    cost = { discard = N }        with ``may``: "you may discard N cards to ..."
    cost = { damage = N }         with ``may``: "you may deal N damage to <this fighter> to ..."
                                  (costs are a registry, COSTS: a hero module adds its own, e.g.
                                  coils or doubloons, with ``@cost("name")``)
    unless_paid = N               a ransom: "... unless 🪙×N". The opponent may pay N of the card
                                  player's ransom currency (Blackbeard: doubloons from the treasury)
                                  to have this effect ignored; see ``offer_ransom``

Fighters are chosen with *selectors* (see SELECTORS): "self" is the fighter resolving the
card; names starting with ``each_`` affect every match; the others mean "choose one" and the
card's player chooses. A hero's own fighter names ("Bess") also work as selectors, and
``each_<name>`` ("each_Harpy") selects every fighter of that name.

Numbers may be an int, a named quantity (see QUANTITIES), or ``{ of = "name", times = k }``.
A condition may also compare a quantity: ``if = { quantity = "fighter_health", at_most = 7 }``
(``at_least`` too; see ``parse_condition``).

To add a verb: subclass ``Op``, declare ``FIELDS``, implement ``run`` and register it with
``@op("name")``. Effects too unique for the vocabulary are a ``{ op = "hook", name = ... }``
pointing at a Python function registered with ``@hook_effect`` in ``unmatched_sim.hooks``.
More verbs live in ``engine.vocab``, one module per domain, built on this one; the hero file
loader (``unmatched_sim.data.heroes``) imports it and ``unmatched_sim.hooks``, so every name a
file may use is registered before a file is read (this module imports neither).
"""

from __future__ import annotations

from typing import Any, Callable

try:
    import cython
except ImportError:       # pure Python without Cython installed: the declarations are no-ops
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.registry import Registry
from unmatched_sim.engine.errors import SpecError
from unmatched_sim.engine.combat import EFFECT_DAMAGE, damage_source  # noqa: F401
from unmatched_sim.engine.game import Game, _GameCore
from unmatched_sim.engine.piles import COST, FROM_DECK, OPPONENT_EFFECT, OWN_EFFECT
from unmatched_sim.engine.state import ATTACKER, DEFENDER, Combat, Ctx, new_ctx, other_role
from unmatched_sim.model import IMMEDIATELY

# ---------------------------------------------------------------------- registries
OPS: dict[str, type["Op"]] = Registry("effect op")
HOOK_EFFECTS: dict[str, Callable[[Game, Ctx, "Op"], None]] = Registry("effect hook")


def op(name: str):
    def register(cls):
        cls.NAME = name
        OPS[name] = cls
        return cls
    return register


def hook_effect(name: str):
    """Register a Python function ``fn(game, ctx, op)`` usable as ``{ op = "hook", name = ... }``."""
    def register(fn):
        HOOK_EFFECTS[name] = fn
        return fn
    return register


# ---------------------------------------------------------------------- selectors
def _self(g: Game, ctx: Ctx) -> list[int]:
    fi = g.ctx_fighter(ctx)
    return [fi] if g.fighters[fi].on_board else []


def _hero(g: Game, ctx: Ctx) -> list[int]:
    return [fi for fi in g.players[ctx.player].fighters if g.fighters[fi].is_hero and g.fighters[fi].alive]


def _owner_hero(g: Game, ctx: Ctx) -> list[int]:
    owner = g.owner(ctx.card) if ctx.card >= 0 else ctx.player
    return [fi for fi in g.players[owner].fighters if g.fighters[fi].is_hero and g.fighters[fi].alive]


def _combatants(g: Game, ctx: Ctx) -> list[int]:
    if g.combat is None:
        return []
    return [fi for fi in g.combat.fighters if g.fighters[fi].on_board]


def _opposing_combatant(g: Game, ctx: Ctx) -> list[int]:
    if g.combat is None or ctx.role > DEFENDER:
        return []
    fi = g.combat.fighters[other_role(ctx.role)]
    return [fi] if g.fighters[fi].on_board else []


def _own(g: Game, ctx: Ctx) -> list[int]:
    return g.on_board(ctx.player)


def _opposing(g: Game, ctx: Ctx) -> list[int]:
    return g.opponents_on_board(ctx.player)


def _friendly(g: Game, ctx: Ctx) -> list[int]:
    return g.friendly_on_board(ctx.player)


def _any(g: Game, ctx: Ctx) -> list[int]:
    return g.all_on_board()


def _adjacent(g: Game, ctx: Ctx) -> list[int]:
    return g.fighters_adjacent_to(g.ctx_fighter(ctx))


def _adjacent_opposing(g: Game, ctx: Ctx) -> list[int]:
    return [fi for fi in _adjacent(g, ctx) if g.is_foe_fighter(ctx.player, fi)]


def _opposing_in_zone(g: Game, ctx: Ctx) -> list[int]:
    me = g.ctx_fighter(ctx)
    return [fi for fi in g.opponents_on_board(ctx.player) if g.same_zone(me, fi)]


# name -> (chooses one?, candidates). "each_" variants are derived below.
SELECTORS: dict[str, tuple[bool, Callable[[Game, Ctx], list[int]]]] = Registry("selector", {
    "self": (False, _self),                       # the fighter resolving the card
    # your hero; with several heroes (the Wayward Sisters) you choose one, "each_hero" is all
    "hero": (True, _hero),
    # the hero of the player whose deck the card comes from: "Loki recovers 3" on a TRICK the
    # opponent plays (the same as "hero" when you play your own card)
    "owner_hero": (True, _owner_hero),
    "combatant": (True, _combatants),             # one of the two fighters in the combat
    "opposing_combatant": (False, _opposing_combatant),  # the other fighter in the combat
    "own_fighter": (True, _own),                  # one of your fighters
    "friendly_fighter": (True, _friendly),        # one of yours or a teammate's
    "opposing_fighter": (True, _opposing),        # one opposing fighter
    "any_fighter": (True, _any),                  # any fighter on the board
    "adjacent": (True, _adjacent),                # a fighter adjacent to yours
    "adjacent_opposing": (True, _adjacent_opposing),
    "opposing_in_zone": (True, _opposing_in_zone),
})
for _name, (_one, _fn) in list(SELECTORS.items()):
    if _one:
        base = _name[:-len("_fighter")] if _name.endswith("_fighter") else _name
        SELECTORS["each_" + base] = (False, _fn)


def selector_for(name: str, hero_fighters: frozenset[str]) -> tuple[bool, Callable]:
    if name in SELECTORS:
        return SELECTORS[name]
    # "each_<fighter name>": every one of this hero's fighters of that name ("each Harpy").
    each = name.startswith("each_") and name[len("each_"):] in hero_fighters
    if name in hero_fighters or each:
        def named(g: Game, ctx: Ctx, _name=name[len("each_"):] if each else name) -> list[int]:
            return [fi for fi in g.players[ctx.player].fighters
                    if g.fighters[fi].defn.name == _name and g.fighters[fi].on_board]
        return (not each, named)
    raise SpecError(f"unknown fighter selector '{name}' (use one of {sorted(SELECTORS)} "
                    f"or a fighter of this hero: {sorted(hero_fighters)})")


# ---------------------------------------------------------------------- conditions
def _won(g: Game, ctx: Ctx) -> bool:
    c = g.combat
    return c is not None and c.resolved and ctx.role <= DEFENDER and c.won(ctx.role)


def _lost(g: Game, ctx: Ctx) -> bool:
    c = g.combat
    return c is not None and c.resolved and ctx.role <= DEFENDER and not c.won(ctx.role)


def _your_turn(g: Game, ctx: Ctx) -> bool:
    return g.active == ctx.player


def _combat_fighter_defeated(g: Game, ctx: Ctx) -> bool:
    return g.combat is not None and not g.fighters[g.combat.fighters[ctx.role]].alive


def _opponent_played_card(g: Game, ctx: Ctx) -> bool:
    return g.combat is not None and g.combat.cards[other_role(ctx.role)] is not None


def _ally_adjacent_to_opposing_combatant(g: Game, ctx: Ctx) -> bool:
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return False
    mine, theirs = c.fighters[ctx.role], c.fighters[other_role(ctx.role)]
    return any(fi != mine and not g.is_foe_fighter(ctx.player, fi) for fi in g.fighters_adjacent_to(theirs))


def _adjacent_to_opposing(g: Game, ctx: Ctx) -> bool:
    return any(g.is_foe_fighter(ctx.player, fi) for fi in g.fighters_adjacent_to(g.ctx_fighter(ctx)))


def _played_by_owner(g: Game, ctx: Ctx) -> bool:
    return ctx.card >= 0 and g.owner(ctx.card) == ctx.player


def _opponent_played_trick(g: Game, ctx: Ctx) -> bool:
    c = g.combat
    if c is None or ctx.role > DEFENDER:
        return False
    cid = c.cards[other_role(ctx.role)]
    return cid is not None and "trick" in g.card(cid).tags


def _opponent_hand_larger(g: Game, ctx: Ctx) -> bool:
    return len(g.players[g.opponent_of(ctx)].hand) > len(g.players[ctx.player].hand)


def _won_combat_this_turn(g: Game, ctx: Ctx) -> bool:
    """A combat this player won earlier this turn (as attacker or defender); read during a
    combat's own effects, before its damage step, this means an earlier combat."""
    return bool(g.turn_flags.get(("won_combat", ctx.player)))


CONDITIONS: dict[str, Callable[[Game, Ctx], bool]] = Registry("condition", {
    "won": _won,                                  # you won this combat
    "lost": _lost,                                # you lost this combat
    "won_combat_this_turn": _won_combat_this_turn,   # "if you already won a combat this turn"
    "your_turn": _your_turn,
    "fighter_defeated": _combat_fighter_defeated,  # your fighter in this combat is defeated
    "opponent_played_card": _opponent_played_card,
    # another friendly fighter (yours or a teammate's) is adjacent to the opposing fighter in
    # this combat
    "ally_adjacent_to_opposing_combatant": _ally_adjacent_to_opposing_combatant,
    # the fighter resolving the card is adjacent to an opposing fighter
    "adjacent_to_opposing": _adjacent_to_opposing,
    # the card is played by the player whose deck it comes from; "not played_by_owner": an
    # opponent plays it (Loki's TRICKs, which change hands, say "Loki." / "Not Loki.")
    "played_by_owner": _played_by_owner,
    # the opponent's combat card is a TRICK (tag "trick")
    "opponent_played_trick": _opponent_played_trick,
    # the opponent holds more cards than you
    "opponent_hand_larger": _opponent_hand_larger,
})


# ---------------------------------------------------------------------- quantities
def _combat_damage_taken(g: Game, ctx: Ctx) -> int:
    c = g.combat
    return c.damage if c is not None and ctx.role == DEFENDER else 0


def _opponent_hand(g: Game, ctx: Ctx) -> int:
    return len(g.players[g.opponent_of(ctx)].hand)


def _own_hand(g: Game, ctx: Ctx) -> int:
    return len(g.players[ctx.player].hand)


def _opponent_card_printed(g: Game, ctx: Ctx) -> int:
    c = g.combat
    cid = c.cards[other_role(ctx.role)] if c is not None and ctx.role <= DEFENDER else None
    return g.format.printed_value(g, cid, other_role(ctx.role)) if cid is not None else 0


def _opponent_card_boost(g: Game, ctx: Ctx) -> int:
    c = g.combat
    cid = c.cards[other_role(ctx.role)] if c is not None and ctx.role <= DEFENDER else None
    if cid is None:
        return 0
    return g.players[g.owner(cid)].ability.boost_value(g, cid)


def _revealed_miseries(g: Game, ctx: Ctx) -> int:
    return len(g.players[ctx.player].res.get("revealed_miseries", ()))


def _fighter_health(g: Game, ctx: Ctx) -> int:
    f = g.fighters[g.ctx_fighter(ctx)]
    return f.health if f.alive else 0


def _opposing_in_zone_count(g: Game, ctx: Ctx) -> int:
    return len(_opposing_in_zone(g, ctx)) if g.fighters[g.ctx_fighter(ctx)].on_board else 0


# Results an earlier op of the same card left for a later one ("add ITS BOOST value", "for each
# fighter damaged THIS WAY"). Kept in ``turn_flags`` under (what, card id): immutable tuples,
# reset when the recording op starts, so they never leak into another resolution.
DISCARDED, DAMAGED = "discarded", "damaged"


def _noted(g: Game, ctx: Ctx, what: str) -> tuple:
    return g.turn_flags.get((what, ctx.card), ())


def _discarded_boost(g: Game, ctx: Ctx) -> int:
    return sum(g.players[g.owner(c)].ability.boost_value(g, c) for c in _noted(g, ctx, DISCARDED))


def _fighters_damaged(g: Game, ctx: Ctx) -> int:
    return len(_noted(g, ctx, DAMAGED))


def _opponent_hand_tricks(g: Game, ctx: Ctx) -> int:
    cards = g.cards
    return sum(1 for c in g.players[g.opponent_of(ctx)].hand
               if cards[c].owner == ctx.player and "trick" in cards[c].defn.tags)


QUANTITIES: dict[str, Callable[[Game, Ctx], int]] = Registry("quantity", {
    "fighter_health": _fighter_health,            # health of the fighter resolving the effect
    "opposing_fighters_in_zone": _opposing_in_zone_count,  # in the resolving fighter's zone
    "discarded_boost_value": _discarded_boost,    # BOOST of the cards this card's discard took
    "fighters_damaged": _fighters_damaged,        # fighters this card's damage op actually hurt
    "combat_damage_taken": _combat_damage_taken,
    "opponent_hand_size": _opponent_hand,
    "own_hand_size": _own_hand,
    "opponent_card_printed_value": _opponent_card_printed,
    "opponent_card_boost_value": _opponent_card_boost,
    # misery cards your Pandora's Box has revealed this turn (res "revealed_miseries", a tuple
    # of names kept by hooks/pandora.py); 0 for a hero without a box
    "revealed_miseries": _revealed_miseries,
    # TRICK cards of your deck now in the opponent's hand (Loki's TRICKs change hands)
    "opponent_hand_tricks": _opponent_hand_tricks,
})


class Amount:
    __slots__ = ("const", "fn", "times", "text")

    def __init__(self, spec: Any):
        self.text = repr(spec)
        self.times = 1
        self.fn = None
        self.const = 0
        if isinstance(spec, bool):
            raise SpecError(f"expected a number, got {spec!r}")
        if isinstance(spec, int):
            if spec < 0:
                raise SpecError(f"a number here cannot be negative, got {spec}")
            self.const = spec
            return
        if isinstance(spec, dict):
            extra = set(spec) - {"of", "times"}
            if extra or "of" not in spec:
                raise SpecError(f"a computed number is {{ of = \"quantity\", times = k }}, got {spec!r}")
            self.times = spec.get("times", 1)
            spec = spec["of"]
        if not isinstance(spec, str) or spec not in QUANTITIES:
            raise SpecError(f"unknown quantity {spec!r} (known: {sorted(QUANTITIES)})")
        self.fn = QUANTITIES[spec]

    def __call__(self, g: Game, ctx: Ctx) -> int:
        return self.const if self.fn is None else self.fn(g, ctx) * self.times


def parse_condition(spec: Any) -> Callable[[Game, Ctx], bool]:
    """``if = "name"`` (see CONDITIONS) or a comparison of a number (see QUANTITIES):
    ``{ quantity = "fighter_health", at_most = 7 }`` / ``at_least = N`` (both bounds inclusive)."""
    if isinstance(spec, str):
        if spec.startswith("not "):            # "not <condition>": its negation
            inner = parse_condition(spec[4:].strip())
            return lambda g, ctx: not inner(g, ctx)
        if spec not in CONDITIONS:
            raise SpecError(f"unknown condition 'if = {spec!r}' (known: {sorted(CONDITIONS)}, "
                            "or { quantity = \"...\", at_most = N })")
        return CONDITIONS[spec]
    if not isinstance(spec, dict):
        raise SpecError(f"'if' must be a condition name or {{ quantity = ..., at_most = N }}, got {spec!r}")
    extra = set(spec) - {"quantity", "at_most", "at_least"}
    if extra or "quantity" not in spec or not ({"at_most", "at_least"} & set(spec)):
        raise SpecError("a comparison is { quantity = \"name\", at_most = N } and/or at_least = N, "
                        f"got {spec!r}")
    amount = Amount(spec["quantity"])
    lo, hi = spec.get("at_least"), spec.get("at_most")
    for key, bound in (("at_least", lo), ("at_most", hi)):
        if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int)):
            raise SpecError(f"'{key}' must be a whole number, got {bound!r}")

    def check(g: Game, ctx: Ctx) -> bool:
        v = amount(g, ctx)
        return (lo is None or v >= lo) and (hi is None or v <= hi)
    return check


# ---------------------------------------------------------------------- field schema
class Field:
    def __init__(self, kind: str, default: Any = None, choices: tuple = (), required: bool = False):
        self.kind, self.default, self.choices, self.required = kind, default, choices, required


def _convert(name: str, f: Field, value: Any, hero_fighters: frozenset[str]) -> Any:
    if f.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise SpecError(f"'{name}' must be a whole number ≥ 0, got {value!r}")
        return value
    if f.kind == "bool":
        if not isinstance(value, bool):
            raise SpecError(f"'{name}' must be true or false, got {value!r}")
        return value
    if f.kind == "amount":
        try:
            return Amount(value)
        except SpecError as e:
            raise SpecError(f"'{name}': {e}") from None
    if f.kind == "choice":
        if value not in f.choices:
            raise SpecError(f"'{name}' must be one of {list(f.choices)}, got {value!r}")
        return value
    if f.kind == "selector":
        if not isinstance(value, str):
            raise SpecError(f"'{name}' must be a fighter selector name, got {value!r}")
        selector_for(value, hero_fighters)
        return value
    if f.kind == "fighter":
        if value not in hero_fighters:
            raise SpecError(f"'{name}' must name one of this hero's fighters {sorted(hero_fighters)}, "
                            f"got {value!r}")
        return value
    if f.kind == "str":
        if not isinstance(value, str):
            raise SpecError(f"'{name}' must be text, got {value!r}")
        return value
    if f.kind == "effects":
        return parse_effects(value, hero_fighters, where=name)
    if f.kind == "raw":
        return value
    raise AssertionError(f.kind)


# Terms that read "your opponent" as one player: fields, conditions and quantities.
_OPPONENT_PLAYER_TERMS = ("'who': 'opponent'", "opponent_hand", "unless_paid", "unless_discard",
                          "look_at_hand")


def _names_a_player_opponent(spec: dict) -> bool:
    text = repr(spec)
    return any(t in text for t in _OPPONENT_PLAYER_TERMS)


def _source_fighter(g: Game, ctx: Ctx) -> int | None:
    """The fighter an effect comes from, for "who dealt this damage" (None if none)."""
    fi = g.ctx_fighter(ctx)
    return fi if 0 <= fi < len(g.fighters) else None


# ---------------------------------------------------------------------- costs
class Cost:
    """A price an optional effect asks: "you may <pay> to <effect>". ``can_pay`` says whether
    the player could pay ``n`` now (an unpayable option is not offered); ``pay`` pays it, then
    calls ``then(g, *args)`` once paid (possibly after decisions)."""

    def can_pay(self, g: Game, ctx: Ctx, n: int) -> bool:
        return True

    def pay(self, g: Game, ctx: Ctx, n: int, op: "Op", then: Callable, args: tuple) -> None:
        raise NotImplementedError


COSTS: dict[str, Cost] = Registry("cost", {})


def cost(name: str):
    """Register a Cost subclass under ``name``: usable as ``cost = { name = N }``."""
    def register(cls):
        COSTS[name] = cls()
        return cls
    return register


@cost("discard")
class DiscardCost(Cost):
    """Discard N cards from your hand (one decision per card, ``effect_cost_discard``)."""

    def can_pay(self, g, ctx, n):
        return len(g.players[ctx.player].hand) >= n

    def pay(self, g, ctx, n, op, then, args):
        g.push((self._step, (ctx, n, op, then, args)))

    def _step(self, g, ctx, left, op, then, args):
        if left == 0:
            then(g, *args)
            return
        g.ask(ctx.player, "effect_cost_discard", list(g.players[ctx.player].hand), self._paid,
              ctx, left, op, then, args, card=ctx.card, op=op.NAME)

    def _paid(self, g, ctx, left, op, then, args, cid):
        g.discard_from_hand(ctx.player, cid, COST)
        g.push((self._step, (ctx, left - 1, op, then, args)))


@cost("damage")
class DamageCost(Cost):
    """The fighter resolving the effect takes N damage (effect damage it deals itself)."""

    def pay(self, g, ctx, n, op, then, args):
        fi = g.ctx_fighter(ctx)
        g.damage(fi, n, *damage_source(ctx), by=fi)
        then(g, *args)


# ---------------------------------------------------------------------- the Op base class
_DEFENDER = cython.declare(cython.Py_ssize_t, DEFENDER)
# Where the context's tuple keeps the fields ``effect_cancelled`` reads, taken from the named
# tuple itself (a reordered ``Ctx`` moves them here too).
_CTX_CARD_AT = cython.declare(cython.Py_ssize_t, Ctx._fields.index("card"))
_CTX_ROLE_AT = cython.declare(cython.Py_ssize_t, Ctx._fields.index("role"))
_CTX_UNCANCELABLE_AT = cython.declare(cython.Py_ssize_t, Ctx._fields.index("uncancelable"))


@cython.ccall
@cython.locals(g=_GameCore, c=Combat, role=cython.Py_ssize_t)
@cython.annotation_typing(False)
def effect_cancelled(g: Game, ctx: Ctx) -> bool:
    """Effects of a combat card stop once it is cancelled or has left the combat. (Asked as
    every effect starts: a C call reading the game's and the combat's fields in C, the role
    as a C integer. Each of the context's fields is read once: a named tuple's field is an
    attribute looked up on its class, ~110 instructions; by position, ``ctx[2]``, it is a
    Python-level item call, dearer still. Compiled, the fields are read where the tuple keeps
    its items, ``_ctx_field`` in ``effects.pxd``.)"""
    if cython.compiled and type(ctx) is Ctx:
        role = _ctx_field(ctx, _CTX_ROLE_AT)
        if role > _DEFENDER or g.combat is None or _ctx_field(ctx, _CTX_UNCANCELABLE_AT):
            return False
        card = _ctx_field(ctx, _CTX_CARD_AT)
    else:
        role = ctx.role
        if role > _DEFENDER or g.combat is None or ctx.uncancelable:
            return False
        card = ctx.card
    c = g.combat
    if c.cards[role] != card or g.turn_flags.get("turn_ended"):
        return True
    return c.cancelled[role] and not g.card(card).uncancelable


class Op:
    NAME = "op"
    FIELDS: dict[str, Field] = {}

    def __init__(self, spec: dict, hero_fighters: frozenset[str]):
        self.spec = dict(spec)
        cond = spec.get("if")
        self.cond = parse_condition(cond) if cond is not None else None
        self.may = spec.get("may", False)
        if not isinstance(self.may, bool):
            raise SpecError("'may' must be true or false")
        cost = spec.get("cost")
        self.cost_discard = 0
        self.cost_damage = 0     # damage the resolving fighter takes to pay (not combat damage)
        self.cost: tuple[str, int] | None = None   # (registered cost name, amount)
        if cost is not None:
            if not (isinstance(cost, dict) and len(cost) == 1 and set(cost) <= set(COSTS)
                    and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in cost.values())):
                raise SpecError("'cost' must be one of " + ", ".join(f"{{ {k} = N }}" for k in sorted(COSTS))
                                + f" with N ≥ 1, got {cost!r}")
            if not self.may:
                raise SpecError("'cost' needs 'may = true' (a cost is always optional to pay)")
            self.cost = next(iter(cost.items()))
            self.cost_discard = cost.get("discard", 0)
            self.cost_damage = cost.get("damage", 0)
        self.unless_paid = spec.get("unless_paid", 0)   # 0: no ransom
        if "unless_paid" in spec and (isinstance(self.unless_paid, bool)
                                      or not isinstance(self.unless_paid, int) or self.unless_paid < 1):
            raise SpecError(f"'unless_paid' must be a whole number ≥ 1, got {self.unless_paid!r}")
        known = set(self.FIELDS) | {"op", "if", "may", "cost", "unless_paid"}
        for key in spec:
            if key not in known:
                raise SpecError(f"op '{self.NAME}' has no field '{key}' (fields: {sorted(known - {'op'})})")
        for name, f in self.FIELDS.items():
            if name in spec:
                setattr(self, name, _convert(name, f, spec[name], hero_fighters))
            elif f.required:
                raise SpecError(f"op '{self.NAME}' needs field '{name}'")
            else:
                setattr(self, name, _convert(name, f, f.default, hero_fighters)
                        if f.default is not None and f.kind in ("amount", "effects") else f.default)
        self.hero_fighters = hero_fighters
        self.needs_opponent = self.NEEDS_OPPONENT or _names_a_player_opponent(spec)
        # No condition, no "may", no ransom: ``start`` runs the effect at once (set from the
        # declaration, which nothing changes after it is parsed).
        self.plain = self.cond is None and not self.may and not self.unless_paid

    # Does this op act on "your opponent" as a player (their hand, their draw, a ransom)? Out
    # of combat with several foes, the opponent is chosen before the effects resolve
    # (Game.run_effects). Fighter selectors ("an opposing fighter") need no such choice.
    NEEDS_OPPONENT = False

    def __repr__(self) -> str:
        return f"<{self.NAME} {self.spec}>"

    # Entry point from the game stack.
    def start(self, g: Game, ctx: Ctx) -> None:
        if effect_cancelled(g, ctx):
            return
        if self.plain:         # (one attribute read for most effects, not three)
            self.run(g, ctx)
            return
        if self.cond is not None and not self.cond(g, ctx):
            return
        if self.may:
            if not self.can_pay(g, ctx):
                return
            # "You may (pay X to) do Y" is not offered when Y would act on nothing: paying for
            # nothing is never better, and offering it would make weak policies waste cards.
            if not self.applicable(g, ctx):
                return
            # ``payer``: the fighter a damage cost would hurt (the one resolving the effect)
            g.ask(ctx.player, "effect_may", (True, False), self._may_answered, ctx,
                  card=ctx.card, op=self.NAME, cost=self.cost_discard, cost_damage=self.cost_damage,
                  cost_kind=self.cost[0] if self.cost else None,
                  payer=g.ctx_fighter(ctx) if self.cost_damage else -1)
            return
        if self.unless_paid:
            self._resolve(g, ctx)
        else:                  # (_resolve's plain case without its call: most effects)
            self.run(g, ctx)

    def can_pay(self, g: Game, ctx: Ctx) -> bool:
        return self.cost is None or COSTS[self.cost[0]].can_pay(g, ctx, self.cost[1])

    def _may_answered(self, g: Game, ctx: Ctx, yes: bool) -> None:
        if not yes:
            return
        if self.cost is None:
            self._resolve(g, ctx)
            return
        name, n = self.cost
        COSTS[name].pay(g, ctx, n, self, self._resolve, (ctx,))

    # A ransom ("unless_paid") is offered after "may" and any cost, just before the effect runs;
    # ops that first pick a fighter offer it once the fighter is picked (FighterOp).
    ransom_after_target = False

    def _resolve(self, g: Game, ctx: Ctx) -> None:
        if self.unless_paid and not self.ransom_after_target and self.applicable(g, ctx):
            offer_ransom(g, ctx, self, self.run, (ctx,), **self.ransom_info(g, ctx))
            return
        self.run(g, ctx)

    def ransom_info(self, g: Game, ctx: Ctx) -> dict:
        """What the ransom decision tells the payer beyond the card, amount and op."""
        return {}

    def applicable(self, g: Game, ctx: Ctx) -> bool:
        """Would this effect act on anything now? A ransom is offered only if it would; an
        effect with nothing to act on just resolves (as nothing)."""
        return True

    def run(self, g: Game, ctx: Ctx) -> None:
        raise NotImplementedError


def offer_ransom(g: Game, ctx: Ctx, op: Op, then: Callable, args: tuple, **info) -> None:
    """"<effect> unless 🪙×N": the card player's opponent may pay ``op.unless_paid`` to have the
    effect ignored; if they do not (or cannot), ``then(g, *args)`` resolves it.

    What is paid and where it goes belongs to the card player's ability (``ransom_available``,
    ``pay_ransom``; Blackbeard: doubloons from the treasury go to him), so the opponent can pay
    only while that much is available; against a hero with no ransom currency it never can.
    Logs ``ransom_paid`` or ``ransom_refused`` (amount = the ransom, value = what was available,
    detail = the op). The decision ``ransom`` (True = pay) goes to the paying player with the
    card, amount, op name, the Op itself (``effect``) and, for effects on fighters, the
    ``fighters`` it would affect."""
    seat, payer = ctx.player, _ransom_payer(g, ctx, info.get("fighters"))
    amount = op.unless_paid
    available = (g.players[seat].ability.ransom_available(g, seat)
                 if seat in g.handlers["ransom_available"] else 0)
    if available < amount:
        g.log("ransom_refused", payer, card=ctx.card if ctx.card >= 0 else None, amount=amount,
              value=available, detail=op.NAME)
        then(g, *args)
        return
    g.ask(payer, "ransom", (True, False), _ransom_answered, ctx, payer, op.NAME, amount, available, then, args,
          card=ctx.card, amount=amount, op=op.NAME, effect=op, **info)


def _ransom_payer(g: Game, ctx: Ctx, fighters) -> int:
    """Who may pay a ransom: the owner of the one fighter it would hit, if a foe; else "your
    opponent" (the other player in the combat, or the one chosen for the effect)."""
    if fighters and len(fighters) == 1 and g.is_foe_fighter(ctx.player, fighters[0]):
        return g.fighters[fighters[0]].owner
    return g.opponent_of(ctx)


def _ransom_answered(g: Game, ctx: Ctx, payer: int, name: str, amount: int, available: int,
                     then: Callable, args: tuple, pay: bool) -> None:
    seat = ctx.player
    card = ctx.card if ctx.card >= 0 else None
    if pay:
        g.log("ransom_paid", payer, card=card, amount=amount, value=available, detail=name)
        if seat in g.handlers["pay_ransom"]:
            g.players[seat].ability.pay_ransom(g, seat, payer, amount, card)
        return
    g.log("ransom_refused", payer, card=card, amount=amount, value=available, detail=name)
    then(g, *args)


class FighterOp(Op):
    """An op applied to fighters picked by a selector (field ``target``/``who``)."""

    SELECTOR_FIELD = "target"

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        self.choose_one, self.select = selector_for(getattr(self, self.SELECTOR_FIELD), hero_fighters)
        self.ransom_after_target = self.choose_one   # the payer sees who would be hit

    def start(self, g: Game, ctx: Ctx) -> None:
        # "You may <do X> to a fighter" with no cost is one decision: a target, or None.
        if self.may and not self.cost_discard and not self.cost_damage and self.choose_one:
            if effect_cancelled(g, ctx) or (self.cond is not None and not self.cond(g, ctx)):
                return
            candidates = self.select(g, ctx)
            if candidates:
                g.ask(ctx.player, "effect_fighter", candidates + [None], self._maybe_apply, ctx,
                      card=ctx.card, op=self.NAME)
            return
        super().start(g, ctx)

    def _maybe_apply(self, g: Game, ctx: Ctx, fi: int | None) -> None:
        if fi is not None:
            self._chosen(g, ctx, fi)

    def _chosen(self, g: Game, ctx: Ctx, fi: int) -> None:
        if self.unless_paid and self.acts_on(g, fi):
            offer_ransom(g, ctx, self, self.apply, (ctx, fi), fighters=(fi,))
        else:
            self.apply(g, ctx, fi)

    def acts_on(self, g: Game, fi: int) -> bool:
        """Would applying this op to fighter ``fi`` change anything?"""
        return True

    def applicable(self, g: Game, ctx: Ctx) -> bool:
        return any(self.acts_on(g, fi) for fi in self.select(g, ctx))

    def ransom_info(self, g: Game, ctx: Ctx) -> dict:
        return {"fighters": tuple(self.select(g, ctx))}

    def run(self, g: Game, ctx: Ctx) -> None:
        candidates = self.select(g, ctx)
        if not candidates:
            return
        up_to = getattr(self, "up_to_fighters", 0)
        if up_to:
            # "... to up to N fighters": one decision listing every set of 0..N distinct fighters.
            from itertools import combinations
            sets = [s for k in range(min(up_to, len(candidates)) + 1)
                    for s in combinations(sorted(candidates), k)]
            g.ask(ctx.player, "effect_fighters", sets, self._chosen_set, ctx, card=ctx.card,
                  op=self.NAME, up_to=up_to)
            return
        if self.choose_one:
            g.ask(ctx.player, "effect_fighter", candidates, self._chosen, ctx, card=ctx.card, op=self.NAME)
        else:
            g.push(*((self.apply, (ctx, fi)) for fi in candidates))

    def _chosen_set(self, g: Game, ctx: Ctx, fighters: tuple) -> None:
        g.push(*((self._chosen, (ctx, fi)) for fi in fighters))

    def apply(self, g: Game, ctx: Ctx, fi: int) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------------- the verbs
@op("draw")
class Draw(Op):
    """Draw cards (an opponent may be made to draw instead)."""
    FIELDS = {"count": Field("amount", 1), "who": Field("choice", "self", ("self", "opponent"))}

    def run(self, g, ctx):
        seat = ctx.player if self.who == "self" else g.opponent_of(ctx)
        g.draw(seat, self.count(g, ctx))


@op("gain_action")
class GainAction(Op):
    FIELDS = {"count": Field("int", 1)}

    def run(self, g, ctx):
        g.gain_action(ctx.player, self.count, ctx.card if ctx.card >= 0 else None)


@op("damage")
class Damage(FighterOp):
    """Deal damage (not combat damage) to the selected fighters; ``up_to_fighters = N``: to up
    to N different fighters the player picks among the selector's matches. The fighters actually
    hurt are the quantity ``fighters_damaged`` for the card's later effects."""
    FIELDS = {"target": Field("selector", required=True), "amount": Field("amount", required=True),
              "up_to_fighters": Field("int", 0)}

    def start(self, g, ctx):
        g.turn_flags[(DAMAGED, ctx.card)] = ()
        super().start(g, ctx)

    def apply(self, g, ctx, fi):
        if g.damage(fi, self.amount(g, ctx), *damage_source(ctx),
                    by=_source_fighter(g, ctx)):
            key = (DAMAGED, ctx.card)
            g.turn_flags[key] = g.turn_flags.get(key, ()) + (fi,)


@op("recover")
class Recover(FighterOp):
    FIELDS = {"target": Field("selector", required=True), "amount": Field("amount", required=True)}

    def acts_on(self, g, fi):
        # A fighter at full health has nothing to recover (so no ransom or "may" is offered).
        f = g.fighters[fi]
        return f.health < f.max_health

    def apply(self, g, ctx, fi):
        g.recover(fi, self.amount(g, ctx), ctx.card if ctx.card >= 0 else None)


@op("move")
class Move(FighterOp):
    """Move fighters up to N spaces by the normal movement rules, from their owner's side."""
    SELECTOR_FIELD = "who"
    FIELDS = {"who": Field("selector", required=True), "up_to": Field("amount", required=True),
              "through_opponents": Field("bool", False), "up_to_fighters": Field("int", 0)}

    def run(self, g, ctx):
        if self.choose_one or getattr(self, "up_to_fighters", 0):
            super().run(g, ctx)
            return
        # "Move each of your fighters": the player picks the order (one may clear the way for
        # another), finishing each fighter's move before the next.
        self._next(g, ctx, tuple(self.select(g, ctx)))

    def _next(self, g, ctx, left):
        left = tuple(fi for fi in left if g.fighters[fi].on_board)
        if left:
            g.ask(ctx.player, "effect_move_order", list(left), self._order_chosen, ctx, left,
                  card=ctx.card, op=self.NAME)

    def _order_chosen(self, g, ctx, left, fi):
        g.push((self.apply, (ctx, fi)), (self._next, (ctx, tuple(x for x in left if x != fi))))

    def apply(self, g, ctx, fi):
        steps = self.up_to(g, ctx)
        options = g.reachable(fi, steps, self.through_opponents)
        if options:
            g.ask(ctx.player, "effect_destination", options, self._moved, ctx, fi,
                  card=ctx.card, fighter=fi, op=self.NAME, steps=steps, through=self.through_opponents)

    def _moved(self, g, ctx, fi, dest):
        g.move_to(fi, dest, ctx.card if ctx.card >= 0 else None)


@op("place")
class Place(FighterOp):
    """Place fighters in an empty space of the player's choice (not a move)."""
    SELECTOR_FIELD = "who"
    FIELDS = {"who": Field("selector", required=True),
              "where": Field("choice", "any", ("any", "adjacent_to_self", "hero_zone", "adjacent_to_hero",
                                               "self_zone", "adjacent_to_opposing_combatant"))}

    def apply(self, g, ctx, fi):
        options = place_options(g, ctx, self.where)
        if options:
            g.ask(ctx.player, "effect_destination", options, self._placed, ctx, fi,
                  card=ctx.card, fighter=fi, op=self.NAME)

    def _placed(self, g, ctx, fi, dest):
        g.place(fi, dest, ctx.card if ctx.card >= 0 else None)


def place_options(g: Game, ctx: Ctx, where: str) -> list[int]:
    empty = g.empty_spaces()
    if where == "any":
        return empty
    if where == "adjacent_to_self":
        me = g.fighters[g.ctx_fighter(ctx)]
        return [s for s in empty if me.on_board and s in g.board.adjacent[me.space]]
    if where == "self_zone":          # in a zone of the fighter resolving the effect (Ward)
        me = g.fighters[g.ctx_fighter(ctx)]
        zm = g.board.zone_mask
        return [s for s in empty if me.on_board and zm[s] & zm[me.space]]
    if where == "adjacent_to_hero":   # next to your hero (any of them, for several heroes)
        heroes = [g.fighters[fi] for fi in _hero(g, ctx)]
        adj = g.board.adjacent
        return [s for s in empty if any(h.on_board and s in adj[h.space] for h in heroes)]
    if where == "adjacent_to_opposing_combatant":     # next to the other fighter in the combat
        foe = _opposing_combatant(g, ctx)
        return [s for s in empty if foe and s in g.board.adjacent[g.fighters[foe[0]].space]]
    if where == "hero_zone":
        hero = g.hero_of(ctx.player)
        zm = g.board.zone_mask
        return [s for s in empty if hero.on_board and zm[s] & zm[hero.space]]
    raise AssertionError(where)


class PlacesFighter:
    """For ops that put one of their player's fighters on a space they choose among
    ``place_options(g, ctx, self.where)`` (decision ``effect_destination``); ``_placed`` does
    the rest."""

    def _token_chosen(self, g, ctx, fi):
        options = place_options(g, ctx, self.where)
        if options:
            g.ask(ctx.player, "effect_destination", options, self._placed, ctx, fi,
                  card=ctx.card, fighter=fi, op=self.NAME)


def one_of_each_name(g: Game, cids) -> list[int]:
    """The first of each card name among ``cids`` (choices where copies of a card are alike)."""
    seen, out = set(), []
    for cid in cids:
        name = g.card(cid).name
        if name not in seen:
            seen.add(name)
            out.append(cid)
    return out


@op("summon")
class Summon(PlacesFighter, Op):
    """Summon a sidekick: put one of its tokens that is off the board (never placed, or defeated
    and removed — it comes back at full health) in an empty space; if every token is already on
    the board, the player takes one of them and places it instead (``only_off_board``: then
    nothing happens — "return a defeated Sister, if any")."""
    FIELDS = {"sidekick": Field("fighter", required=True),
              "where": Field("choice", "any", ("any", "adjacent_to_self", "hero_zone")),
              "only_off_board": Field("bool", False)}

    def run(self, g, ctx):
        F = g.fighters
        tokens = [fi for fi in g.players[ctx.player].fighters if F[fi].defn.name == self.sidekick]
        off = [fi for fi in tokens if not F[fi].on_board]
        if off:
            self._token_chosen(g, ctx, off[0])
        elif tokens and not self.only_off_board:
            g.ask(ctx.player, "effect_fighter", tokens, self._token_chosen, ctx, card=ctx.card, op=self.NAME)

    def _placed(self, g, ctx, fi, dest):
        f = g.fighters[fi]
        if not f.alive:
            f.alive, f.health = True, f.max_health
        g.place(fi, dest, ctx.card if ctx.card >= 0 else None)
        g.log("summon", ctx.player, fi, ctx.card if ctx.card >= 0 else None, space=dest, health=f.health)


@op("discard")
class Discard(Op):
    """A player discards cards: chosen by their owner, by you after looking, or at random."""
    FIELDS = {"who": Field("choice", "opponent", ("opponent", "self")),
              "count": Field("amount", 1),
              "chooser": Field("choice", "owner", ("owner", "you", "random"))}

    def applicable(self, g, ctx):
        victim = g.opponent_of(ctx) if self.who == "opponent" else ctx.player
        p = g.players[victim]
        return bool(p.hand if g.format.has_hand(victim) else p.deck)

    def run(self, g, ctx):
        victim = g.opponent_of(ctx) if self.who == "opponent" else ctx.player
        if self.chooser == "you" and victim != ctx.player:
            # Looking at a hand: the owner may answer with a card that cancels the look.
            look_at_hand(g, ctx, victim, self._discard_loop, (self.count(g, ctx),))
            return
        g.push((self._discard_loop, (ctx, victim, self.count(g, ctx))))

    def _discard_loop(self, g, ctx, victim, left):
        if not g.format.has_hand(victim):
            discard_from_deck_top(g, victim, left)
            return
        hand = g.players[victim].hand
        if left <= 0 or not hand:
            return
        cause = OPPONENT_EFFECT if victim != ctx.player else OWN_EFFECT
        if self.chooser == "random":
            self._discarded(g, ctx, victim, left, cause, g.rng.choice(hand))
            return
        decider = victim if self.chooser == "owner" else ctx.player
        g.ask(decider, "effect_discard", list(hand), self._discarded, ctx, victim, left, cause,
              card=ctx.card, victim=victim, op=self.NAME)

    def start(self, g, ctx):
        g.turn_flags[(DISCARDED, ctx.card)] = ()   # read by "discarded_boost_value"
        super().start(g, ctx)

    def _discarded(self, g, ctx, victim, left, cause, cid):
        key = (DISCARDED, ctx.card)
        g.turn_flags[key] = g.turn_flags.get(key, ()) + (cid,)
        # The next discard is scheduled first, so what the discard triggers (And the Beautiful
        # Bess!'s draw) resolves at once, before the next card is chosen.
        g.push((self._discard_loop, (ctx, victim, left - 1)))
        g.discard_from_hand(victim, cid, cause)


def discard_from_deck_top(g: Game, seat: int, n: int) -> None:
    """A player without a hand (``Format.has_hand``: a co-op enemy) made to discard ``n``
    cards puts that many from the top of its deck into its discard pile (fewer if the deck runs
    out; its owner's ability sees each discard: an enemy's Deception reshuffles)."""
    p = g.players[seat]
    for _ in range(n):
        cid = g.take_deck_top(seat)
        if cid is None:
            return
        g.log("discard_from_deck", seat, card=cid, amount=p.ability.boost_value(g, cid), detail="no_hand")
        g.to_discard_pile(cid, FROM_DECK)


def look_at_hand(g: Game, ctx: Ctx, victim: int, then: Callable, args: tuple) -> None:
    """``ctx.player`` looks at ``victim``'s hand, then ``then(g, ctx, victim, *args)`` runs.

    A card in the victim's hand tagged ``reveal_to_cancel_look`` (A Magician Never Reveals His
    Secrets) lets its holder cancel the whole effect instead. A player without a hand
    (``Format.has_hand``: a co-op enemy) shows the top card of its deck instead."""
    if not g.format.has_hand(victim):
        if g.players[victim].deck:
            g.know_deck_top(ctx.player, victim, 1)
            g.log("deck_look", ctx.player, card=ctx.card if ctx.card >= 0 else None, amount=1, value=victim,
                  detail="no_hand")
        then(g, ctx, victim, *args)
        return
    blockers = [c for c in g.players[victim].hand if "reveal_to_cancel_look" in g.card(c).tags]
    if blockers:
        g.ask(victim, "cancel_look", [None, blockers[0]], _look_answered, ctx, victim, then, args,
              card=ctx.card)
        return
    _look_answered(g, ctx, victim, then, args, None)


def _look_answered(g: Game, ctx: Ctx, victim: int, then: Callable, args: tuple, blocker) -> None:
    p = g.players[victim]
    if blocker is not None:
        p.known_hand = p.known_hand | {blocker}
        g.log("reveal_cancel", victim, card=blocker, detail=g.card(ctx.card).name if ctx.card >= 0 else None)
        return
    g.reveal_to(ctx.player, victim, p.hand)
    g.log("look_at_hand", ctx.player, target=g.hero_of(victim).idx, amount=len(p.hand))
    then(g, ctx, victim, *args)


def swap_into_combat(g: Game, seat: int, role: int, cid: int) -> None:
    """Card ``cid`` from ``seat``'s hand becomes the combat card of side ``role`` (the card
    there has already gone back to a hand): it is revealed, starts with no modifiers, is not
    cancelled or ignored, and resolves its "Immediately" effects, unless they have resolved or
    are queued in this combat already (``Combat.immediate``). That is the reading that ends
    the loop of two cards each sending the other back (Do My Bidding against Looking for
    Trouble): the rulebooks do not say, and a card resolves its effects once a combat."""
    c = g.combat
    g.take_from_hand(seat, cid)
    g.play_area_add(cid)
    c.cards[role] = cid
    c.mods[role] = []
    c.ignored[role] = False
    c.cancelled[role] = False
    fi = c.fighters[role]
    d = g.card(cid)
    g.log("reveal", seat, fi, cid, amount=d.value, detail="attack" if role == ATTACKER else "defense")
    g.card_played(cid, seat, role)
    ops = d.effects.get(IMMEDIATELY)
    if ops and cid not in c.immediate:
        c.immediate.append(cid)
        g.run_effects(ops, new_ctx(seat, cid, role, fi))


@op("look_at_hand")
class LookAtHand(Op):
    """Look at the opponent's hand (information only)."""
    FIELDS = {}
    NEEDS_OPPONENT = True

    def run(self, g, ctx):
        look_at_hand(g, ctx, g.opponent_of(ctx), lambda *a: None, ())


@op("cancel_effects")
class CancelEffects(Op):
    """Cancel all effects on the opponent's combat card (unless it cannot be cancelled)."""
    FIELDS = {}

    def applicable(self, g, ctx):
        c = g.combat
        cid = c.cards[other_role(ctx.role)] if c is not None and ctx.role <= DEFENDER else None
        return cid is not None and not g.card(cid).uncancelable

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        other = other_role(ctx.role)
        cid = c.cards[other]
        if cid is None:
            return
        if g.card(cid).uncancelable:
            g.log("cancel_failed", ctx.player, card=cid)
            return
        c.cancelled[other] = True
        g.log("cancel", ctx.player, card=cid, detail=g.card(ctx.card).name)


def _combat_role(ctx: Ctx, which: str) -> int:
    return ctx.role if which == "self" else other_role(ctx.role)


@op("boost_card")
class BoostCard(Op):
    """"You may BOOST this card" (``card = "self"``, ``times`` boosts) or "your opponent may
    BOOST their card" (``card = "opponent"``: the opponent decides and boosts from their hand)."""
    FIELDS = {"card": Field("choice", "self", ("self", "opponent")), "times": Field("int", 1)}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        role = _combat_role(ctx, self.card)
        if c.cards[role] is None:
            return
        g.push((self._offer, (ctx, role, self.times)))

    def _offer(self, g, ctx, role, left):
        c = g.combat
        seat = c.players[role]
        if left <= 0 or c.cards[role] is None:
            return
        options = [None] + [cid for cid in g.players[seat].hand if g.can_boost_with(seat, cid)]
        g.ask(seat, "combat_boost", options, self._boosted, ctx, role, left,
              card=c.cards[role], source=ctx.card)

    def _boosted(self, g, ctx, role, left, cid):
        if cid is None:
            return
        c = g.combat
        g.push((self._offer, (ctx, role, left - 1)))
        c.boosted_with[role].append(cid)
        added = g.boost(c.players[role], cid, "combat")
        c.mods[role].append(("add", added))


class CardValueOp(Op):
    """Base of the ops that change a combat card's value: ``card = "self"`` (this card) or
    ``"opponent"``. Nothing happens outside combat or when that side played no card."""

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        role = _combat_role(ctx, self.card)
        if c.cards[role] is not None:
            self.change(g, ctx, c, role)
            g._changes.n += 1     # a combat's values are part of the position (state_version)

    def change(self, g, ctx, c, role) -> None:
        raise NotImplementedError


def _card_field(default: str) -> Field:
    return Field("choice", default, ("self", "opponent"))


@op("set_value")
class SetValue(CardValueOp):
    """A combat card's value becomes a number (later changes still apply on top)."""
    FIELDS = {"card": _card_field("self"), "to": Field("amount", required=True)}

    def change(self, g, ctx, c, role):
        c.mods[role].append(("set", self.to(g, ctx)))


@op("add_value")
class AddValue(CardValueOp):
    """Add N to a combat card's value."""
    FIELDS = {"card": _card_field("self"), "amount": Field("amount", required=True)}

    def change(self, g, ctx, c, role):
        c.mods[role].append(("add", self.amount(g, ctx)))


@op("ignore_value")
class IgnoreValue(CardValueOp):
    """The card's value counts 0 for combat damage, however it is changed."""
    FIELDS = {"card": _card_field("opponent")}

    def change(self, g, ctx, c, role):
        c.ignored[role] = True


@op("subtract_value")
class SubtractValue(CardValueOp):
    """Subtract N from a combat card's value; a value that would go below 0 becomes 0 right
    away, so later additions count up from 0 (Sindri's Bet)."""
    FIELDS = {"card": _card_field("opponent"), "amount": Field("amount", required=True)}

    def change(self, g, ctx, c, role):
        c.mods[role].append(("sub", self.amount(g, ctx)))


@op("swap_values")
class SwapValues(Op):
    """The two combat cards trade their current values (Freyja's Rescue). Standing attack
    bonuses (abilities, turn effects) are not part of a card's value: they keep applying to
    the attack. Nothing happens unless both players played a card."""
    FIELDS = {}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER or c.cards[ATTACKER] is None or c.cards[DEFENDER] is None:
            return
        a, d = g.combat_value(ATTACKER, bonuses=False), g.combat_value(DEFENDER, bonuses=False)
        c.mods[ATTACKER].append(("set", d))
        c.mods[DEFENDER].append(("set", a))
        g.log("swap_values", ctx.player, card=ctx.card, amount=d, value=a)


@op("unless_discard")
class UnlessDiscard(Op):
    """"Your opponent may discard N cards; if they don't, <effects>". The opponent decides
    (decision ``effect_unless_discard``: a card, or None to refuse); a discard made this way is
    caused by your effect. An opponent holding fewer than N cards cannot pay."""
    FIELDS = {"count": Field("int", 1), "effects": Field("effects", required=True)}

    NEEDS_OPPONENT = True

    def run(self, g, ctx):
        victim = g.opponent_of(ctx)
        hand = g.players[victim].hand
        if len(hand) < self.count:
            g.run_effects(self.effects, ctx)
            return
        g.ask(victim, "effect_unless_discard", [None] + list(hand), self._answered, ctx, self.count,
              card=ctx.card, count=self.count, effects=self.effects)

    def _answered(self, g, ctx, left, cid):
        if cid is None:
            g.run_effects(self.effects, ctx)
            return
        victim = g.opponent_of(ctx)
        g.discard_from_hand(victim, cid, OPPONENT_EFFECT)
        if left > 1:
            g.push((self._more, (ctx, left - 1)))

    def _more(self, g, ctx, left):
        victim = g.opponent_of(ctx)
        hand = g.players[victim].hand
        if hand:
            g.ask(victim, "effect_unless_discard", list(hand), self._answered, ctx, left,
                  card=ctx.card, count=left, effects=self.effects)


@op("return_discard_top")
class ReturnDiscardTop(Op):
    """The top card of a discard pile returns to its owner's hand: your pile, or
    (``who = "card_owner"``) the pile of the player whose deck this card comes from — "Loki
    returns the top card of their discard pile" on a TRICK the opponent plays."""
    FIELDS = {"who": Field("choice", "self", ("self", "card_owner"))}

    def run(self, g, ctx):
        seat = g.owner(ctx.card) if (self.who == "card_owner" and ctx.card >= 0) else ctx.player
        if g.players[seat].discard:
            g.discard_to_hand(seat)


@op("return_boost_card")
class ReturnBoostCard(Op):
    """Return one card this combat card was boosted with from the discard pile to hand."""
    FIELDS = {}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        discard = g.players[ctx.player].discard
        options = [cid for cid in c.boosted_with[ctx.role] if cid in discard]
        if options:
            g.ask(ctx.player, "effect_return_card", options, self._returned, ctx, card=ctx.card)

    def _returned(self, g, ctx, cid):
        g.discard_to_hand(ctx.player, cid)


@op("put_on_deck")
class PutOnDeck(Op):
    """Put cards from your hand on top of your deck."""
    FIELDS = {"count": Field("int", 1)}

    def run(self, g, ctx):
        g.push((self._loop, (ctx, self.count)))

    def _loop(self, g, ctx, left):
        hand = g.players[ctx.player].hand
        if left > 0 and hand:
            g.ask(ctx.player, "effect_put_on_deck", list(hand), self._put, ctx, left, card=ctx.card)

    def _put(self, g, ctx, left, cid):
        p = g.players[ctx.player]
        seen = tuple(o for o in range(len(g.players)) if o != ctx.player and (
            cid in p.known_hand or cid in p.seen_by.get(o, ())))       # who knew the hand card
        g.take_from_hand(ctx.player, cid)
        g.put_deck_top(ctx.player, cid, known_to=(ctx.player, *seen))
        g.log("put_on_deck", ctx.player, card=cid)
        g.push((self._loop, (ctx, left - 1)))


@op("take_from_discard")
class TakeFromDiscard(Op):
    """Choose a card in your discard pile and put it on top of your deck (``to = "deck_top"``,
    Hindsight) or into your hand (``to = "hand"``). Copies of one card are offered once."""
    FIELDS = {"to": Field("choice", "deck_top", ("deck_top", "hand"))}

    def run(self, g, ctx):
        options = one_of_each_name(g, g.players[ctx.player].discard)
        if options:
            g.ask(ctx.player, "effect_take_from_discard", options, self._taken, ctx,
                  card=ctx.card, to=self.to)

    def _taken(self, g, ctx, cid):
        if self.to == "hand":
            g.discard_to_hand(ctx.player, cid)
        else:
            g.discard_pile_take(ctx.player, cid)
            g.put_deck_top(ctx.player, cid, known_to=tuple(range(len(g.players))))   # it was face up
            g.log("return_to_deck", ctx.player, card=cid)


@op("discard_deck_top")
class DiscardDeckTop(Op):
    """Discard the top card of your deck (an empty deck: nothing happens; this is not a draw).
    With ``add_boost = true`` its BOOST value is added to this combat card's value (Guided by
    the Fates)."""
    FIELDS = {"add_boost": Field("bool", False)}

    def run(self, g, ctx):
        p = g.players[ctx.player]
        if not p.deck:
            return
        cid = g.take_deck_top(ctx.player)
        g.turn_flags[(DISCARDED, ctx.card)] = (cid,)   # "return the card you discarded"
        boost = g.players[g.owner(cid)].ability.boost_value(g, cid)
        g.to_discard_pile(cid, FROM_DECK)
        g.log("discard_from_deck", ctx.player, card=cid, amount=boost)
        if not p.deck:
            g.log("deck_empty", ctx.player)
        c = g.combat
        if self.add_boost and c is not None and ctx.role <= DEFENDER and c.cards[ctx.role] is not None:
            c.mods[ctx.role].append(("add", boost))


@op("turn_attack_bonus")
class TurnAttackBonus(Op):
    """For the rest of this turn, attacks by your fighters — or only by ``fighter`` — get +N
    value (Pandora's Toil). Kept in ``game.turn_flags["attack_bonus"]`` and read by
    ``Game.combat_value``, so it lapses when the turn ends."""
    FIELDS = {"amount": Field("amount", required=True), "fighter": Field("fighter", None)}

    def run(self, g, ctx):
        n = self.amount(g, ctx)
        if n:
            g.turn_flags["attack_bonus"] = g.turn_flags.get("attack_bonus", ()) + ((ctx.player, self.fighter, n),)
            g.log("attack_bonus", ctx.player, card=ctx.card if ctx.card >= 0 else None, amount=n,
                  detail=self.fighter)


@op("revive")
class Revive(Op):
    """If your fighter in this combat was defeated: set its health instead and place it."""
    FIELDS = {"health": Field("int", required=True)}

    def run(self, g, ctx):
        c = g.combat
        if c is None or ctx.role > DEFENDER:
            return
        fi = c.fighters[ctx.role]
        if g.fighters[fi].alive:
            return
        g.set_health(fi, self.health, ctx.card)
        g.ask(ctx.player, "effect_destination", g.empty_spaces(), self._placed, ctx, fi,
              card=ctx.card, fighter=fi, op=self.NAME)

    def _placed(self, g, ctx, fi, dest):
        g.place(fi, dest, ctx.card)


@op("swap_fighters")
class SwapFighters(Op):
    """Two of your fighters swap spaces; with ``switch_combatant`` the other one is now in
    the combat (Smoke and Mirrors)."""
    FIELDS = {"a": Field("fighter", required=True), "b": Field("fighter", required=True),
              "switch_combatant": Field("bool", False)}

    def applicable(self, g, ctx):
        mine = {g.fighters[fi].defn.name: fi for fi in g.on_board(ctx.player)}
        if self.a not in mine or self.b not in mine:
            return False
        return not (g.held(mine[self.a]) or g.held(mine[self.b]))

    def run(self, g, ctx):
        F = g.fighters
        mine = {F[fi].defn.name: fi for fi in g.on_board(ctx.player)}
        if self.a not in mine or self.b not in mine:
            return
        a, b = mine[self.a], mine[self.b]
        if g.held(a) or g.held(b):
            # A fighter that cannot leave its space cannot trade it (Terrifying Roar).
            g.log("held", ctx.player, a if g.held(a) else b, ctx.card, space=F[a if g.held(a) else b].space)
            return
        g.swap_spaces(a, b, ctx.card)
        c = g.combat
        if self.switch_combatant and c is not None and ctx.role <= DEFENDER:
            cur = c.fighters[ctx.role]
            if cur in (a, b):
                c.fighters[ctx.role] = b if cur == a else a
                g.log("combatant_changed", ctx.player, c.fighters[ctx.role], ctx.card)


@op("choose_one")
class ChooseOne(Op):
    """Choose one of several effects: ``options = [{ label = "...", effects = [...] }, ...]``."""
    FIELDS = {"options": Field("raw", required=True)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if not isinstance(self.options, list) or len(self.options) < 2:
            raise SpecError("'options' must list at least two { label, effects } choices")
        parsed = []
        for i, o in enumerate(self.options):
            if not isinstance(o, dict) or set(o) != {"label", "effects"}:
                raise SpecError(f"options[{i}] must be {{ label = \"...\", effects = [...] }}")
            parsed.append((o["label"], parse_effects(o["effects"], hero_fighters, f"options[{i}]")))
        self.modes = tuple(parsed)

    def run(self, g, ctx):
        labels = [label for label, _ in self.modes]
        g.ask(ctx.player, "effect_mode", labels, self._chosen, ctx, card=ctx.card)

    def _chosen(self, g, ctx, label):
        g.log("mode", ctx.player, card=ctx.card if ctx.card >= 0 else None, detail=label)
        for lab, ops in self.modes:
            if lab == label:
                g.run_effects(ops, ctx)


@op("lock_values")
class LockValues(Op):
    """For the rest of your turn your combat cards' values are N and cannot be changed."""
    FIELDS = {"value": Field("int", required=True)}

    def run(self, g, ctx):
        g.players[ctx.player].value_lock = self.value
        g.log("value_lock", ctx.player, card=ctx.card, amount=self.value)


@op("hook")
class Hook(Op):
    """A named Python effect for what the vocabulary cannot say (see unmatched_sim.hooks)."""
    FIELDS = {"name": Field("str", required=True), "params": Field("raw", None)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if self.name not in HOOK_EFFECTS:       # (registered by unmatched_sim.hooks: the loader imports it)
            raise SpecError(f"unknown effect hook '{self.name}' (known: {sorted(HOOK_EFFECTS)})")
        self.fn = HOOK_EFFECTS[self.name]

    def run(self, g, ctx):
        self.fn(g, ctx, self)


@op("return_to_hand")
class ReturnToHand(Op):
    """This played card goes back to its player's hand instead of the discard pile."""
    FIELDS = {}

    def run(self, g, ctx):
        g.play_to_hand(ctx.player, ctx.card)


@op("instead")
class Instead(Op):
    """"<effects>. You may <cost> to <instead> instead": the player decides (and pays the
    ``cost``) first; declining, or being unable to pay, resolves ``effects``. Needs ``may``."""
    FIELDS = {"effects": Field("effects", required=True), "instead": Field("effects", required=True)}

    def __init__(self, spec, hero_fighters):
        super().__init__(spec, hero_fighters)
        if not self.may:
            raise SpecError("op 'instead' needs 'may = true' (the player chooses the other effect)")

    def start(self, g, ctx):
        if effect_cancelled(g, ctx) or (self.cond is not None and not self.cond(g, ctx)):
            return
        unaffordable = not self.can_pay(g, ctx)
        # Paying for an alternative that would act on nothing is never offered (an opponent
        # with an empty hand cannot be made to discard more).
        if unaffordable or not any(op.applicable(g, ctx) for op in self.instead):
            g.run_effects(self.effects, ctx)
            return
        g.ask(ctx.player, "effect_may", (True, False), self._may_answered, ctx,
              card=ctx.card, op=self.NAME, cost=self.cost_discard, cost_damage=self.cost_damage,
              cost_kind=self.cost[0] if self.cost else None,
              payer=g.ctx_fighter(ctx) if self.cost_damage else -1)

    def _may_answered(self, g, ctx, yes):
        if not yes:
            g.run_effects(self.effects, ctx)
            return
        super()._may_answered(g, ctx, yes)

    def run(self, g, ctx):
        g.run_effects(self.instead, ctx)


# ---------------------------------------------------------------------- parsing
def parse_effects(specs: Any, hero_fighters: frozenset[str], where: str = "") -> tuple[Op, ...]:
    if not isinstance(specs, list):
        raise SpecError(f"{where}: an effect must be a list of {{ op = ... }} tables")
    ops = []
    for i, spec in enumerate(specs):
        if not isinstance(spec, dict) or "op" not in spec:
            raise SpecError(f"{where}[{i}]: each effect is a table with an 'op' field")
        name = spec["op"]
        if name not in OPS:
            import difflib
            close = difflib.get_close_matches(str(name), list(OPS), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (known: {sorted(OPS)})"
            raise SpecError(f"{where}[{i}]: unknown op '{name}'{hint}")
        try:
            ops.append(OPS[name](spec, hero_fighters))
        except SpecError as e:
            raise SpecError(f"{where}[{i}] ({name}): {e}") from None
    return tuple(ops)

