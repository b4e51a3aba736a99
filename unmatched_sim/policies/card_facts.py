"""What the heuristic reads from a card alone: its strength in attack and defense, what its
effects are worth, what it is worth kept in hand, its draws, healing and harm to its own hero.

Each fact is a function of the card (and of whether its owner plays it: a TRICK of Loki's
played by his opponent), worked out once and kept in the card's own memo (``CardDef.ai_memo``).
The functions are ``ccall``: compiled, the other policy modules call them in C (``card_facts.pxd``).
"""

from __future__ import annotations

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.view import _ViewCore
from unmatched_sim.model import DEFENSE, VERSATILE, CardDef
from unmatched_sim.policies.weights import OP_WORTH

if not cython.compiled:     # compiled, the weights are C variables cimported in card_facts.pxd
    from unmatched_sim.policies.weights import (BOOST_ONLY_LIFT, COILS_SHARE, CONDITIONAL_SHARE, DECK_BOOST_GUESS,
                                                DEFENSE_KEEP_CAP,
                                                EVEN_ODDS, FRIENDLY_FIRE_SHARE, HAND_SIZE_GUESS, HOOK_LIFT,
                                                KEEP_EFFECT_SHARE, OWN_DAMAGE_GUESS, PARTIAL_BLANK_LIFT,
                                                QUANTITY_GUESS, RANSOM_SHARE, SCHEME_KEEP_BASE, SELF_BOOST_LIFT,
                                                SELF_BOOST_MAX, SUBTRACT_GUESS, UNKNOWN_OP_WORTH,
                                                VERSATILE_KEEP_BONUS)

NO_CARD = -1          # "no card" in a value distribution
BLOCK_ALL = 99        # a defense that makes the attack worth 0 (Celestial Raiments)

# Each fact's slot in the card's memo is fact * 2 + mine (0-15; greedy's facts follow): a list
# indexed by a small int, no key to build and hash.
(_F_STRENGTH, _F_KEEP_WORTH, _F_BLANKED, _F_MIRRORED, _F_OWN_DAMAGE, _F_DRAWS,
 _F_RECOVERS, _F_COMBAT_TERMS) = range(8)


@cython.cfunc
@cython.inline
def _known_fact(fact: cython.Py_ssize_t, d: CardDef, mine: cython.bint):
    """A card fact worked out before, or None."""
    return d.ai_fact(fact * 2 + mine)


@cython.cfunc
@cython.inline
def _keep_fact(fact: cython.Py_ssize_t, d: CardDef, mine: cython.bint, value):
    return d.keep_ai_fact(fact * 2 + mine, value)


if not cython.compiled:     # compiled, the same test is inlined from card_facts.pxd
    def usable(d: CardDef, name) -> bool:
        """``d.usable_by(name)`` without the method call (the loops over a hand ask it for every
        card: compiled, it is an inline C function where it is used)."""
        users = d.users
        return users is None or name in users


def _ops(d: CardDef, *timings):
    for t in timings:
        yield from d.effects.get(t, ())


@cython.ccall
def applies(spec: dict, mine: bool) -> bool:
    """Whether an effect can apply for this player at all: Loki's TRICKs say "Loki." (``if =
    "played_by_owner"``) or "Not Loki." (``"not played_by_owner"``)."""
    cond = spec.get("if")
    if cond == "played_by_owner":
        return mine
    if cond == "not played_by_owner":
        return not mine
    return True


@cython.ccall
@cython.locals(v=cython.double, att=cython.double, dfn=cython.double, bonus=cython.double,
               share=cython.double)
def card_strength(d: CardDef, mine: bool = True) -> tuple[float, float]:
    """(attack strength, defense strength): the printed value adjusted for effects that change
    combat values (may BOOST itself, set its own value, blank the opponent's card...).
    ``mine``: played by the player whose deck it comes from (not so for a TRICK of Loki's
    played by his opponent)."""
    got = _known_fact(_F_STRENGTH, d, mine)
    if got is not None:
        return got
    v = float(d.value or 0)
    att = dfn = v
    for op in _value_ops(_ops(d, "immediately", "during_combat")):
        n = op.NAME
        spec = op.spec
        if not applies(spec, mine):
            continue
        if n == "boost_card" and spec.get("card", "self") == "self":
            bonus = SELF_BOOST_LIFT * min(SELF_BOOST_MAX, spec.get("times", 1))
            if spec.get("if"):
                bonus *= CONDITIONAL_SHARE
            att += bonus
            dfn += bonus
        elif (n == "set_value" and spec.get("card", "self") == "self"
              and (isinstance(spec.get("to"), int) or isinstance(spec.get("to"), str) and spec["to"] in _HAND_SIZES)):
            to = guess_amount(spec["to"])
            if to > v:
                share = CONDITIONAL_SHARE if spec.get("if") else 1.0
                att += share * (to - v)
                dfn += share * (to - v)
        elif n == "add_value" and spec.get("card", "self") == "self":
            gain = guess_amount(spec.get("amount"))
            att += gain
            dfn += gain
        elif n == "ignore_value" and spec.get("card", "opponent") == "opponent":
            if spec.get("if"):
                # only against some cards (God of Mischief: a TRICK; Uncertain Doom: a versatile
                # card), not every attack. An attack that blanks a type of card is weighed
                # against the defenses left (blanked_types, attack_odds).
                if spec["if"] not in _BLANKS:
                    att += PARTIAL_BLANK_LIFT
                dfn += PARTIAL_BLANK_LIFT
            else:
                dfn = BLOCK_ALL
        elif n == "set_value" and spec.get("card") == "opponent":
            dfn += BOOST_ONLY_LIFT      # the attack drops to its BOOST value (This Is No Parlor Trick)
            att += BOOST_ONLY_LIFT
        elif n in ("subtract_value",) and spec.get("card", "opponent") == "opponent":
            amt = spec.get("amount")
            gain = amt if isinstance(amt, int) else SUBTRACT_GUESS
            att += gain
            dfn += gain
        elif n == "hook":
            att += HOOK_LIFT
            dfn += HOOK_LIFT
        elif n in _DECK_BOOST_OPS and spec.get("add_boost"):
            att += DECK_BOOST_GUESS     # a deck card's BOOST, unseen (Bottom Dealing)
            dfn += DECK_BOOST_GUESS
        elif n == "discharge_coils":
            # Coils may be spent to raise the card (Tesla's Death Ray): counted at half, as
            # they are not always charged.
            tos = [o.spec["to"] for o in op.one + op.two if o.NAME == "set_value"
                   and o.spec.get("card", "self") == "self" and isinstance(o.spec.get("to"), int)]
            if tos and max(tos) > v:
                att += COILS_SHARE * (max(tos) - v)
                dfn += COILS_SHARE * (max(tos) - v)
    if d.value == 0 and not (d.effects.get("immediately") or d.effects.get("during_combat")):
        att = dfn = 0.0
    return _keep_fact(_F_STRENGTH, d, mine, (att, dfn))


# The ops that add the BOOST of a card of their player's deck to the card (``add_boost``).
_DECK_BOOST_OPS = frozenset({"discard_deck_top", "reveal_deck_bottom"})
# The slots in a card's memo of the facts below (after greedy's 16-18 and the heuristic's 19-22).
_DECK_BOOSTS_SLOT, _ENDS_TURN_SLOT, _DAMAGE_GUARD_SLOT = 23, 24, 25


@cython.ccall
def deck_boosts(d: CardDef) -> cython.Py_ssize_t:
    """How many cards of its player's deck card ``d`` adds the BOOST of to itself in combat
    (Manxome Foe, Outrageous Fortune, Guided by the Fates: the top card's; Bottom Dealing: the
    bottom card's): ``card_strength`` counts each at ``DECK_BOOST_GUESS``; its player reads
    them from the deck it knows. Kept in the card's memo."""
    got = d.ai_fact(_DECK_BOOSTS_SLOT)
    if got is None:
        n = 0
        for op in _ops(d, "immediately", "during_combat"):
            if op.NAME in _DECK_BOOST_OPS and op.spec.get("add_boost"):
                n += 1
        got = d.keep_ai_fact(_DECK_BOOSTS_SLOT, n)
    return got


@cython.ccall
def ends_turn(d: CardDef) -> cython.bint:
    """Does card ``d`` end the turn when played in combat (The Rest Is Silence, after combat)?
    Kept in the card's memo."""
    got = d.ai_fact(_ENDS_TURN_SLOT)
    if got is None:
        got = False
        for op in _ops(d, "after_combat", "immediately", "during_combat"):
            if op.NAME == "end_turn":
                got = True
                break
        d.keep_ai_fact(_ENDS_TURN_SLOT, got)
    return got


@cython.ccall
def damage_guard(d: CardDef) -> tuple:
    """How card ``d``, played in combat, shields a fighter of its player from the blow, as
    (fighter, the health damage cannot take it below, whether no damage reaches it at all):
    ``("self", 0, True)`` where it prevents the damage to the fighter that plays it
    (Bewilderment: Merlin takes no damage this combat); a fighter's name (or "self") and a floor
    (Mississippi Queen: ``("Annie Christmas", 1, False)``, not below 1); ``()`` for none (nearly
    every card). Damage prevented other than combat damage (Indestructible Cloth) does not
    shield from the blow. Kept in the card's memo."""
    got = d.ai_fact(_DAMAGE_GUARD_SLOT)
    if got is None:
        got = ()
        for op in _ops(d, "immediately", "during_combat"):
            spec = op.spec
            if op.NAME == "prevent_damage" and spec.get("target", "self") == "self" \
                    and spec.get("source", "any") in ("any", "combat"):
                got = ("self", 0, True)
            elif op.NAME == "health_floor" and isinstance(spec.get("at"), int):
                got = (spec.get("target", "self"), spec["at"], False)
        d.keep_ai_fact(_DAMAGE_GUARD_SLOT, got)
    return got


# Quantities a card's value may be read from that are a hand's size: about 3 cards in play.
_HAND_SIZES = {"own_hand_size": HAND_SIZE_GUESS, "opponent_hand_size": HAND_SIZE_GUESS}


def guess_amount(amount) -> float:
    """A card's number as a static guess: an int as written, a hand's size about 3 (``{ of,
    times }``: that times), any other quantity ``QUANTITY_GUESS``."""
    if isinstance(amount, bool):
        return QUANTITY_GUESS
    if isinstance(amount, (int, float)):
        return float(amount)
    times, name = _amount_parts(amount)
    return times * _HAND_SIZES[name] if name in _HAND_SIZES else QUANTITY_GUESS


def _amount_parts(amount) -> tuple:
    """A named number as written, ``"name"`` or ``{ of = "name", times = k }``: (k, name)."""
    if isinstance(amount, dict):
        times = amount.get("times", 1)
        return (times if isinstance(times, int) else 1), amount.get("of")
    return 1, amount


# "The opponent's card counts 0 if it is of this type" (Uncertain Doom), by the condition's name.
_BLANKS = {"opponent_played_versatile": "versatile"}
# Every type of card that can defend: what a card blanks that makes any opposing card count 0.
ALL_DEFENSES = frozenset({DEFENSE, VERSATILE})


@cython.ccall
def blanked_types(d: CardDef) -> frozenset:
    """The types of defense card this attack card makes count 0 (Uncertain Doom: a versatile
    card; Impossible to See and Highway Robbery: every card, ``ALL_DEFENSES``); a defense of
    that type is as good as none against it."""
    got = _known_fact(_F_BLANKED, d, True)
    if got is not None:
        return got
    types = set()
    for op in _ops(d, "immediately", "during_combat"):
        if op.NAME == "ignore_value" and op.spec.get("card", "opponent") == "opponent":
            cond = op.spec.get("if")
            if cond is None:
                return _keep_fact(_F_BLANKED, d, True, ALL_DEFENSES)
            if cond in _BLANKS:
                types.add(_BLANKS[cond])
    return _keep_fact(_F_BLANKED, d, True, frozenset(types))


def _value_ops(ops):
    """A card's ops with those of a "choose one" whose modes change the card's value put in
    its place (the best mode's: Shapeshifter's "+1 per card in the opponent's hand")."""
    for op in ops:
        if op.NAME == "choose_one":
            best, pick = 0.0, ()
            for _, mode_ops in op.modes:
                gain = sum(guess_amount(o.spec.get("amount")) for o in mode_ops if o.NAME == "add_value")
                if gain > best:
                    best, pick = gain, mode_ops
            yield from pick
        else:
            yield op


@cython.ccall
def own_hero_damage(d: CardDef, mine: bool = True):
    """Damage a card's effects deal to the hero of the player who plays it (a TRICK of Loki's
    played by his opponent: "their own hero takes 2 damage")."""
    got = _known_fact(_F_OWN_DAMAGE, d, mine)
    if got is not None:
        return got
    total = 0
    for op in _ops(d, "immediately", "during_combat", "after_combat"):
        spec = op.spec
        if op.NAME == "damage" and str(spec.get("target", "")) in ("hero", "self") and applies(spec, mine):
            a = spec.get("amount", 1)
            total += a if isinstance(a, int) else OWN_DAMAGE_GUESS
    return _keep_fact(_F_OWN_DAMAGE, d, mine, total)


@cython.ccall
def mirrored_value(d: CardDef):
    """k when the card is worth k times the printed value of the opponent's card (0 if they
    played none: Chupacabra's The More They Struggle); 0 for any other card."""
    got = _known_fact(_F_MIRRORED, d, True)
    if got is not None:
        return got
    k = 0
    for op in _ops(d, "during_combat", "immediately"):
        to = op.spec.get("to")
        if (op.NAME == "set_value" and op.spec.get("card", "self") == "self" and isinstance(to, dict)
                and to.get("of") == "opponent_card_printed_value"):
            k = to.get("times", 1)
            k = k if isinstance(k, int) else 1
            break
    return _keep_fact(_F_MIRRORED, d, True, k)


@cython.ccall
def recover_specs(d: CardDef) -> tuple:
    """The specs of a card's healing effects that resolve when it is played (immediately or
    after combat), in the order written."""
    got = _known_fact(_F_RECOVERS, d, True)
    if got is not None:
        return got
    specs = []
    for op in _ops(d, "immediately", "after_combat"):
        if op.NAME == "recover":
            specs.append(op.spec)
    return _keep_fact(_F_RECOVERS, d, True, tuple(specs))


@cython.ccall
def own_draw_counts(d: CardDef, mine: bool = True) -> tuple:
    """The counts of a card's own unconditional draws for the player who plays it (Wishing for
    More Wishes: (3,)), in the order written."""
    got = _known_fact(_F_DRAWS, d, mine)
    if got is not None:
        return got
    counts = []
    for op in _ops(d, "after_combat", "immediately", "during_combat"):
        spec = op.spec
        c = spec.get("count", 1)
        if (op.NAME == "draw" and spec.get("who", "self") == "self" and isinstance(c, int)
                and spec.get("if") in (None, "played_by_owner") and applies(spec, mine)):
            counts.append(c)
    return _keep_fact(_F_DRAWS, d, mine, tuple(counts))


# The timings of a card's effects in a combat: ``effect_worth``'s default, the one nearly every
# caller asks for (its terms are then a card fact like the others, see ``_effect_terms``).
COMBAT_TIMINGS = ("after_combat", "immediately", "during_combat")


@cython.ccall
@cython.locals(p_won=cython.double, total=cython.double, w=cython.double)
def effect_worth(d: CardDef, timings=COMBAT_TIMINGS,
                 p_won: float = EVEN_ODDS, mine: bool = True) -> float:
    """Rough worth of a card's non-value effects when it is played in combat (``mine``: by the
    player whose deck it comes from)."""
    total = 0.0
    for w, cond, may, ransom in _effect_terms(d, timings, mine):
        if cond != _IF_NONE:
            w *= condition_share(cond, p_won)
        total += term_worth(w, may, ransom)
    return total


@cython.ccall
def condition_share(cond: cython.Py_ssize_t, p_won: cython.double) -> cython.double:
    """The share of an effect term with condition ``cond`` (``condition_kind``) that counts in a
    combat won at ``p_won``: all of it unconditional, the chance of the outcome it asks, or
    ``CONDITIONAL_SHARE`` for a condition on anything else."""
    if cond == _IF_WON:
        return p_won
    if cond == _IF_LOST:
        return 1 - p_won
    if cond == _IF_OTHER:
        return CONDITIONAL_SHARE
    return 1.0


@cython.ccall
def condition_kind(cond) -> cython.Py_ssize_t:
    """An effect's condition (its ``if``) as the terms keep it: none (or who plays a TRICK), the
    combat won, lost, or anything else."""
    return (_IF_WON if cond == "won" else _IF_LOST if cond == "lost"
            else _IF_NONE if cond in (None, "", "played_by_owner", "not played_by_owner")
            else _IF_OTHER)


@cython.ccall
def term_worth(w: cython.double, may: cython.bint, ransom: cython.bint) -> cython.double:
    """One effect term's worth (an ``_effect_terms`` term, its condition's share already taken)
    as ``effect_worth`` adds it: a "may" never below 0, a ransom's effect at ``RANSOM_SHARE``."""
    if may and w < 0.0:
        w = 0.0
    if ransom:
        w *= RANSOM_SHARE
    return w


# The named numbers ``estimate_number`` reads exactly from the view (any other is guessed).
TOLD_NUMBERS = frozenset({"own_hand_size", "opponent_hand_size", "revealed_miseries"})


@cython.locals(view=_ViewCore)
def estimate_number(spec, view, guess: float = QUANTITY_GUESS) -> float:
    """A number as written in a card: an int, a named quantity (``"own_hand_size"``) or
    ``{ of = "quantity", times = k }`` (see engine.effects.Amount). Hand sizes are read from
    the view, and so are the miseries Pandora's box has revealed this turn (a public resource);
    any other quantity is estimated as ``guess`` (the ones read: ``TOLD_NUMBERS``)."""
    if isinstance(spec, bool):
        return guess
    if isinstance(spec, (int, float)):
        return spec
    times = 1
    if isinstance(spec, dict):
        times = spec.get("times", 1) if isinstance(spec.get("times", 1), int) else 1
        spec = spec.get("of")
    if spec == "own_hand_size":
        return times * view.hand_size(view.seat)
    if spec == "opponent_hand_size":
        return times * view.hand_size(view.opp)
    if spec == "revealed_miseries":     # a public count of the player's own resources
        return times * len(view.resources(view.seat).get("revealed_miseries", ()))
    return times * guess


_IF_NONE, _IF_WON, _IF_LOST, _IF_OTHER = range(4)
_TERMS: dict[tuple, tuple] = {}


@cython.ccall
def _effect_terms(d: CardDef, timings: tuple, mine: bool) -> tuple:
    """A card's effects as (worth, condition, may, ransom) terms, worked out once per card:
    effect_worth then only applies the chance of winning the combat. The combat's timings
    (``COMBAT_TIMINGS``, every attack weighed) are kept in the card's memo; any other timings in
    a table keyed by the card's id, the timings and ``mine``."""
    if timings is COMBAT_TIMINGS:
        got = _known_fact(_F_COMBAT_TERMS, d, mine)
        if got is None:
            got = _keep_fact(_F_COMBAT_TERMS, d, mine, _work_out_terms(d, timings, mine))
        return got
    key = (id(d), timings, mine)
    got = _TERMS.get(key)
    if got is not None and got[0] is d:
        return got[1]
    got = _work_out_terms(d, timings, mine)
    _TERMS[key] = (d, got)
    return got


def _work_out_terms(d: CardDef, timings: tuple, mine: bool) -> tuple:
    """``_effect_terms`` worked out."""
    return tuple(_terms_of(_ops(d, *timings), mine))


def _terms_of(ops, mine: bool) -> list:
    """The (worth, condition, may, ransom) terms of a list of effects."""
    terms = []
    for op in ops:
        n = op.NAME
        spec = op.spec
        if n in ("boost_card", "set_value", "add_value", "ignore_value", "subtract_value"):
            continue        # counted in card_strength
        if not applies(spec, mine):
            continue
        w = OP_WORTH.get(n, UNKNOWN_OP_WORTH)
        if n == "draw":
            c = spec.get("count", 1)
            w *= c if isinstance(c, int) else QUANTITY_GUESS
            if spec.get("who") == "opponent":
                w = -w
        elif n in ("damage", "recover"):
            a = spec.get("amount", 1)
            w *= a if isinstance(a, int) else QUANTITY_GUESS
            tgt = str(spec.get("target", ""))
            if n == "damage" and tgt in ("hero", "self", "own_fighter", "each_own"):
                w = -w        # hurts us (a TRICK of Loki's played by his opponent)
            elif n == "recover" and tgt == "owner_hero":
                w = -w        # heals Loki when we play his TRICK
            elif n == "damage" and not ("opposing" in tgt or tgt == "any_fighter" or tgt.startswith("each_opp")):
                w *= FRIENDLY_FIRE_SHARE      # may hit our own fighters
        elif n == "discard":
            c = spec.get("count", 1)
            w *= c if isinstance(c, int) else 1
            if spec.get("who") == "self":
                w = -w
        terms.append((w, condition_kind(spec.get("if")), bool(spec.get("may")), bool(spec.get("unless_paid"))))
    return terms


# (card, mine) -> its terms under a condition on the board: conditional_terms, worked out once.
_CONDITIONAL: dict = {}
# Conditions other readings take care of: the combat's outcome, who plays a TRICK, and "if the
# foe holds more cards" (a card whose value reads the view, ``_reads_the_view`` in the heuristic).
_NOT_ON_THE_BOARD = frozenset({"won", "lost", "not won", "not lost", "played_by_owner",
                               "not played_by_owner", "opponent_hand_larger"})


@cython.ccall
def conditional_terms(d: CardDef, mine: bool) -> tuple:
    """The parts of a card's combat effects that hang on a condition other than the combat's
    outcome (Claws That Catch is 5 against a hero; Feeding heals Chupacabra at 7 health or
    lower), which ``card_strength`` and ``effect_worth`` count at ``CONDITIONAL_SHARE``, as
    (condition, after combat, value lift, effect worth, may, ransom) each: the lift is the rise
    of the card's own value when the condition holds (0 for any other effect), the worth the
    effect's (0 for a value change). A reader that can tell the condition from the board
    (``hooks.VIEW_CONDITIONS``) counts them in full or not at all. Empty for nearly every card."""
    key = (id(d), mine)
    got = _CONDITIONAL.get(key)
    if got is not None and got[0] is d:
        return got[1]
    out = []
    v = float(d.value or 0)
    for t in COMBAT_TIMINGS:
        for op in d.effects.get(t, ()):
            spec = op.spec
            cond = spec.get("if")
            if (cond is None and t == "during_combat" and op.NAME == "add_value"
                    and spec.get("card", "self") == "self" and applies(spec, mine)):
                counted = _counted_quantity(spec.get("amount"))
                if counted is not None:
                    out.append(counted)
                continue
            if cond is None or (isinstance(cond, str) and cond in _NOT_ON_THE_BOARD) or not applies(spec, mine):
                continue
            n = op.NAME
            if n in ("boost_card", "set_value") and spec.get("card", "self") == "self":
                # the lift card_strength counts (a value changed before the blow only)
                to = spec.get("to")
                lift = 0.0
                if t != "after_combat":
                    if n == "boost_card":
                        lift = SELF_BOOST_LIFT * min(SELF_BOOST_MAX, spec.get("times", 1))
                    elif isinstance(to, int) or isinstance(to, str) and to in _HAND_SIZES:
                        lift = max(0.0, guess_amount(to) - v)
                if lift > 0.0:
                    out.append((cond, False, lift, 0.0, False, False))
                continue
            for w, kind, may, ransom in _terms_of((op,), mine):
                if kind == _IF_OTHER:
                    out.append((cond, t == "after_combat", 0.0, w, may, ransom))
    got = tuple(out)
    _CONDITIONAL[key] = (d, got)
    return got


# A conditional term's condition that is a number the card's value adds (``_counted_quantity``).
COUNTED = "counted"


def _counted_quantity(amount):
    """A value's addition of a named number (Et Tu, Brute?'s "+1 for each of your fighters next
    to the opposing fighter") as a term of ``conditional_terms``: the condition
    ``(COUNTED, name, what card_strength counted)``, the lift per unit as its value; None for a
    written number or a hand's size (read another way)."""
    times, name = _amount_parts(amount)
    if not isinstance(name, str) or name in _HAND_SIZES:
        return None
    return ((COUNTED, name, guess_amount(amount)), False, float(times), 0.0, False, False)


# (card, mine) -> its damage around its fighter: around_damage, worked out once.
_AROUND: dict = {}
# Damage targets read from the board around the fighter that resolves them (the heuristic's
# ``effect_damage_worth`` knows each): "each_other_in_zone", "adjacent", ...
AROUND_TARGETS = frozenset({"adjacent", "adjacent_opposing", "any_in_zone", "fighter_in_zone",
                            "opposing_in_zone", "other_in_zone"})


@cython.ccall
def around_damage(d: CardDef, mine: bool) -> tuple:
    """The damage effects a card deals in combat around its fighter (All Are Punished: 1 to every
    other fighter in its zone, friend or foe) as (spec, static worth, share) each: the static
    worth is what ``effect_worth`` counts for it, without the board (the share that may hit a
    friend, ``FRIENDLY_FIRE_SHARE``); the share, what its condition leaves of it (as
    ``effect_worth`` weighs it, at even odds of winning the combat). The heuristic reads the
    board instead. Empty for nearly every card."""
    key = (id(d), mine)
    got = _AROUND.get(key)
    if got is not None and got[0] is d:
        return got[1]
    out = []
    for op in _ops(d, *COMBAT_TIMINGS):
        tgt = str(op.spec.get("target", ""))
        base = tgt[len("each_"):] if tgt.startswith("each_") else tgt
        if op.NAME != "damage" or base not in AROUND_TARGETS or not applies(op.spec, mine):
            continue
        if op.spec.get("may") or op.spec.get("unless_paid"):
            continue        # (a choice or a ransom: the static reading stands)
        for w, cond, may, ransom in _terms_of((op,), mine):
            share = 1.0 if cond == _IF_NONE else EVEN_ODDS if cond in (_IF_WON, _IF_LOST) else CONDITIONAL_SHARE
            out.append((op.spec, w, share))
    got = tuple(out)
    _AROUND[key] = (d, got)
    return got


# (card, mine, coils charged) -> (value lift, effect worth): charged_terms, worked out once.
_CHARGED: dict = {}


# card -> (card, count): the counts of a card's own effects of one kind, worked out once
# (``_own_effects``): trades_values, counts_foe_boost, damage_draws, spends_coils.
_TRADES: dict = {}
_FOE_BOOSTS: dict = {}
_DAMAGE_DRAWS: dict = {}
_SPENDS: dict = {}


@cython.cfunc
@cython.locals(n=cython.Py_ssize_t)
def _own_effects(memo: dict, d: CardDef, timings: tuple, matches) -> cython.Py_ssize_t:
    """How many of card ``d``'s effects at ``timings`` apply when its owner plays it and
    ``matches`` (a test of the effect), kept in ``memo`` by card."""
    got = memo.get(id(d))
    if got is not None and got[0] is d:
        return got[1]
    n = 0
    for op in _ops(d, *timings):
        if applies(op.spec, True) and matches(op):
            n += 1
    memo[id(d)] = (d, n)
    return n


def _swaps(op) -> bool:
    return op.NAME == "swap_values"


def _sets_foe_to_boost(op) -> bool:
    return (op.NAME == "set_value" and op.spec.get("card") == "opponent"
            and op.spec.get("to") == "opponent_card_boost_value")


def _draws_per_damage(op) -> bool:
    return (op.NAME == "draw" and op.spec.get("count") == "combat_damage_taken"
            and op.spec.get("who", "self") == "self" and not op.spec.get("if"))


def _spends(op) -> bool:
    return op.NAME == "discharge_coils"


@cython.ccall
def trades_values(d: CardDef) -> cython.bint:
    """Whether a card played by its owner makes the two combat cards trade values (Freyja's
    Rescue): in defense the attack is left with this card's value and the defense takes the
    attack card's; read where the heuristic weighs its own defense."""
    return _own_effects(_TRADES, d, ("immediately", "during_combat"), _swaps) > 0


@cython.ccall
def counts_foe_boost(d: CardDef) -> cython.bint:
    """Whether a card played by its owner makes the other combat card count its BOOST value
    (This Is No Parlor Trick). Its strength (``card_strength``) guesses that as a flat lift;
    where the heuristic weighs its own attack with it, the odds read the BOOSTs of the foe's
    defense cards instead (``Reader.defense_boosts``). Its defense keeps the flat lift
    (docs/policies.md, "Tried and not kept")."""
    return _own_effects(_FOE_BOOSTS, d, ("immediately", "during_combat"), _sets_foe_to_boost) > 0


@cython.ccall
def damage_draws(d: CardDef) -> cython.Py_ssize_t:
    """How many cards a card played by its owner draws for each point of combat damage its
    fighter takes (Prisoner's Torment: 1); 0 for nearly every card. Its effect's worth
    (``effect_worth``) guesses the damage flat; where the heuristic weighs its own defense, the
    draws are read from the damage the defense odds expect."""
    return _own_effects(_DAMAGE_DRAWS, d, COMBAT_TIMINGS, _draws_per_damage)


@cython.ccall
def spends_coils(d: CardDef) -> cython.bint:
    """Whether a card may spend charged coils in combat (``discharge_coils``)."""
    return _own_effects(_SPENDS, d, COMBAT_TIMINGS, _spends) > 0


@cython.ccall
@cython.locals(v=cython.double, shared=cython.double, lift=cython.double, worth=cython.double,
               best=cython.double, n=cython.Py_ssize_t)
def charged_terms(d: CardDef, mine: bool, charged) -> tuple:
    """What the coils charged now make of a card that may spend them in combat
    (``discharge_coils``: Nikola Tesla's), against the static reading: (value lift, effect
    worth, blanks) — the lift and worth to add to ``card_strength``'s attack value and to
    ``effect_worth``, and whether the tier makes the opponent's card count 0 (Polyphase Coils
    with both coils: an attack no defense blocks, a defense no attack gets through). The card
    is read at the highest tier the charged coils afford (the tier the hero's advice spends
    them on): its value at that tier's ``set_value`` / ``add_value`` in place of the
    ``COILS_SHARE`` of the best one, and that tier's effects in place of the unknown op's
    worth. (0, 0, False) for a card without coils to spend."""
    key = (id(d), mine, charged)
    got = _CHARGED.get(key)
    if got is not None and got[0] is d:
        return got[1]
    lift = worth = 0.0
    blanks = False
    v = d.value or 0
    for op in _ops(d, *COMBAT_TIMINGS):
        if op.NAME != "discharge_coils" or not applies(op.spec, mine):
            continue
        tos = [o.spec["to"] for o in op.one + op.two if o.NAME == "set_value"
               and o.spec.get("card", "self") == "self" and isinstance(o.spec.get("to"), int)]
        shared = COILS_SHARE * (max(tos) - v) if tos and max(tos) > v else 0.0
        n = min(int(charged), 2)
        tier = () if n == 0 else tuple(op.one) if n == 1 else (
            tuple(op.two) if op.spec.get("two_is", "also") == "instead" else tuple(op.one) + tuple(op.two))
        best = v
        for o in tier:
            if o.NAME == "set_value" and o.spec.get("card", "self") == "self" and isinstance(o.spec.get("to"), int):
                best = max(best, float(o.spec["to"]))
        for o in tier:
            if o.NAME == "add_value" and o.spec.get("card", "self") == "self":
                best += guess_amount(o.spec.get("amount"))
            elif (o.NAME == "ignore_value" and o.spec.get("card", "opponent") == "opponent"
                  and o.spec.get("if") is None):
                blanks = True
        lift += best - v - shared
        worth -= UNKNOWN_OP_WORTH       # the static reading of the op (_work_out_terms)
        for w, cond, may, ransom in _terms_of(tier, mine):
            if cond != _IF_NONE:
                w *= CONDITIONAL_SHARE
            worth += max(0.0, w) if may else w
    got = (lift, worth, blanks)
    _CHARGED[key] = (d, got)
    return got


@cython.ccall
@cython.locals(att=cython.double, dfn=cython.double, best=cython.double, worth=cython.double)
def keep_worth(d: CardDef, mine: bool = True) -> float:
    """What a card is worth kept in hand (the cost of spending it); worked out once per card
    (keyed like ``card_strength``)."""
    got = _known_fact(_F_KEEP_WORTH, d, mine)
    if got is not None:
        return got
    att, dfn = card_strength(d, mine)
    best = max(att if d.can_attack else 0.0, min(dfn, DEFENSE_KEEP_CAP) if d.can_defend else 0.0)
    if d.can_attack and d.can_defend:
        best += VERSATILE_KEEP_BONUS
    if d.type == "scheme":
        best = SCHEME_KEEP_BASE + effect_worth(d, ("effect",), mine=mine)
    worth = best + KEEP_EFFECT_SHARE * effect_worth(d, COMBAT_TIMINGS, EVEN_ODDS, mine)
    return _keep_fact(_F_KEEP_WORTH, d, mine, worth)



@cython.ccall
@cython.locals(view=_ViewCore)
def is_own_card(view, cid) -> bool:
    """Is this card from our own deck (not a TRICK of Loki's we hold)?"""
    return view.card_owner(cid) == view.seat
