"""Tempo and the deck race: how long the game is likely to last, how dear a card is to spend as
the hand runs short, and how the clock turns any style to the attack.

Compiled, the policy calls these in C (``tempo.pxd``).
"""

from __future__ import annotations

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.state import Fighter
from unmatched_sim.engine.steps import STARTING_HAND
from unmatched_sim.engine.view import _ViewCore

if not cython.compiled:     # compiled, the weights are C variables cimported in tempo.pxd
    from unmatched_sim.policies.weights import (CARDS_PER_TURN, DAMAGE_RATE_PRIOR, DECK_MARGIN, FREE_LEAD, FULL_HAND,
                                                FULL_HAND_URGENCY, LEAD_SPAN, MIN_DAMAGE_RATE, PATIENT_URGENCY,
                                                PRIOR_TURNS, SCARCE_HAND, SCARCITY_STEP, SPEND_SHARE_AGG,
                                                SPEND_SHARE_BASE, TURNS_NO_HERO, URGENCY_CAUTION_DROP,
                                                DECK_RATE_PRIOR, RACE_URGENCY, URGENT_DECK)


@cython.ccall
@cython.locals(deck=cython.Py_ssize_t, opp_deck=cython.Py_ssize_t, hand=cython.Py_ssize_t,
               lead=cython.Py_ssize_t, urgency=cython.double, agg=cython.double, cau=cython.double,
               aggression=cython.double, caution=cython.double, turns_left=cython.double,
               lasts=cython.double)
def clock_style(aggression, caution, deck, opp_deck, hand, turns_left) -> tuple:
    """(aggression, caution) of a style given as ``aggression`` and ``caution``, as the clock
    stands: our deck and the foe's (``deck``, ``opp_deck``), our hand's size and the turns
    of ours the game is likely to last (``turns_left``, ``turns_left_estimate``). Waiting only
    pays while the clock is on our side: as our deck runs out (before the opponent's), or will
    run out before the game is likely to end (at the cards a turn needs, sooner than the foe's),
    or our hand fills up (every draw then wastes a card), any style turns to the attack."""
    urgency = max(0.0, (URGENT_DECK - deck) / URGENT_DECK)
    # The race: the share of the game left to play with no cards drawn, exhaustion's 2 damage
    # a draw, if our deck runs out first.
    lasts = deck / CARDS_PER_TURN
    if turns_left > lasts and opp_deck > deck:
        urgency = max(urgency, RACE_URGENCY * (turns_left - lasts) / turns_left)
    if opp_deck + DECK_MARGIN < deck:
        urgency *= PATIENT_URGENCY          # they run out first: patience is fine
    if hand >= FULL_HAND:
        urgency = max(urgency, FULL_HAND_URGENCY)
    agg = aggression + (1.0 - aggression) * urgency
    cau = caution * (1.0 - URGENCY_CAUTION_DROP * urgency)
    # The other side of the clock: a foe whose deck is well behind ours runs out first, so
    # waiting behind our defense cards wins the race while attacking spends the cards that
    # hold it (a patient Dr. Jill Trent wins the race against a Genie whose own draws empty
    # his deck; attacking him, she loses it).
    lead = deck - opp_deck
    if lead > FREE_LEAD:
        agg *= 1.0 - min(1.0, (lead - FREE_LEAD) / LEAD_SPAN)
    return agg, cau


@cython.ccall
@cython.locals(view=_ViewCore, opp_hero=Fighter, me=Fighter, turns=cython.Py_ssize_t, theirs=cython.double,
               ours=cython.double)
def turns_left_estimate(view) -> float:
    """Our turns the game is likely to last: until the first hero falls. The foe hero's health
    at the damage a turn of ours has taken off it so far (its health lost, net of healing, over
    our turns), or ours at what the foe's turns have taken off it, whichever comes first; each
    rate starts from a typical 2.5 a turn as three turns' worth of evidence (3 turns when the
    foe's hero is not on the board). The evidence counts: a slow game against a wall of defense
    cards lasts longer than a fixed rate says, and a deck drawn down for it runs out first; a
    game we are losing ends before a deck kept for a long one is needed."""
    opp_hero = view.opp_hero()
    if not opp_hero.on_board:
        return TURNS_NO_HERO
    turns = view.turn_number() // 2
    theirs = _turns_to_fall(opp_hero, turns)
    me = view.my_hero()
    if not me.on_board:
        return theirs
    ours = _turns_to_fall(me, turns)
    return ours if ours < theirs else theirs


@cython.cfunc
@cython.locals(rate=cython.double)
def _turns_to_fall(hero: Fighter, turns: cython.Py_ssize_t) -> cython.double:
    """The turns ``hero``'s health lasts at the damage it has taken a turn so far (net of
    healing), from the typical rate as prior evidence."""
    rate = ((max(0, hero.max_health - hero.health) + DAMAGE_RATE_PRIOR * PRIOR_TURNS)
            / (turns + PRIOR_TURNS))
    return hero.health / max(MIN_DAMAGE_RATE, rate)


@cython.ccall
@cython.locals(view=_ViewCore, gone=cython.Py_ssize_t)
def deck_rate(view) -> float:
    """Cards our deck loses a turn of ours: the cards of ours out of it past the opening hand
    (drawn, milled; less those put back) over our turns so far, starting from a maneuver's draw
    a turn as three turns' worth of evidence. The deck race's clock: a deck of ``deck`` cards
    lasts ``deck / deck_rate`` more turns (Pandora's Greed and Zeus's Mischief draw on top of
    her maneuvers; a patient player that seldom maneuvers makes its deck last)."""
    gone = max(0, view.hand_size(view.seat) + len(view.discard(view.seat)) - STARTING_HAND)
    return (gone + DECK_RATE_PRIOR * PRIOR_TURNS) / (view.turn_number() // 2 + PRIOR_TURNS)


# The spending price's two factors (``HeuristicPolicy.spend_cost``), as C functions: the price is
# asked for every card of every decision.
if not cython.compiled:     # compiled, the same sum is inlined from tempo.pxd
    def spend_share(agg: float) -> float:
        """The style's appetite for spending: the share of a card's play worth that spending
        costs (compiled, an inline C function where it is used)."""
        return SPEND_SHARE_BASE - SPEND_SHARE_AGG * agg


@cython.ccall
@cython.locals(view=_ViewCore, left=cython.Py_ssize_t)
def scarcity_of(view, back) -> cython.double:
    """``HeuristicPolicy.scarcity``: dearer as the hand would run short (``back``: cards drawn again)."""
    left = view.hand_size(view.seat) - 1 + min(back, view.deck_size(view.seat))
    return 1.0 + SCARCITY_STEP * max(0, SCARCE_HAND - left)


@cython.ccall
@cython.locals(view=_ViewCore)
def boost_draw_count(view, cid):
    """The cards a card's BOOST bonus draws us (Houdini's Flourish and Sleight of Hand: 1)."""
    if view.card_owner(cid) != view.seat:
        return 0
    n = 0
    for op in view.card(cid).effects.get("boost_bonus", ()):
        spec = op.spec
        c = spec.get("count", 1)
        if (op.NAME == "draw" and isinstance(c, int) and spec.get("who", "self") == "self"
                and (spec.get("if") != "your_turn" or view.is_my_turn())):
            n += c
    return n
