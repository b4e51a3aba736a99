"""Heuristic policies that play with intent: ``heuristic``, ``aggressive`` and ``careful``.

They build on ``greedy`` (whose ``on_<decision kind>`` handlers cover every hero's special
decisions) and replace its core judgement with estimates made from what the player may know:

* **Card odds** (``odds``). The opponent's hand is a random draw from the cards not yet seen
  (their deck list minus their discard pile, the cards in play and the cards we have seen in
  their hand, ``PlayerView.unseen_opponent_cards``). From the hand size we get, exactly
  (hypergeometric), the distribution of the best defense they can answer an attack with, or of
  the attack they have just played face down. Attack and defense cards are chosen on the expected damage they
  deal or save, the chance to win the combat (for "if you won" effects) and to defeat the
  fighter, minus what the card would be worth kept in hand.
* **Positioning** (``position``). Each fighter scores spaces: ranged fighters want a target in their zone and no
  melee fighter able to reach them next turn; melee fighters close in on the opposing hero;
  sidekicks flank (aggressive) or stay by their hero to screen it (careful). Threats count what
  each opposing fighter could reach with its move (plus a likely BOOST).
* **Tempo and cards** (``tempo``, ``card_facts``). Whether to attack, scheme or maneuver compares the attack's expected
  value with the scheme's effects and with a maneuver's draw and repositioning. BOOSTs are spent
  when they change an outcome (a target reached, a combat won, damage saved); cards with a BOOST
  bonus (Houdini) count the bonus. Defense cards are saved when the blow is small and the hero
  healthy. An empty deck makes every draw cost 2 damage per fighter, so maneuvers and draws are
  avoided then, and draws are trimmed to what the deck still holds.
* **Hero decisions.** The Genie's extra action, Three Wishes' mode, Blackbeard's doubloons and
  the ransoms asked of his opponent, Pandora's box, Chupacabra's draw: each has a handler
  here or in greedy.

The styles differ in four numbers, each 0..1: ``aggression`` (how much dealing damage weighs
against keeping cards and position), ``caution`` (how much the hero's health weighs),
``safety`` (the blows the foes could deal next turn) and ``reserve`` (a last defense card kept
back); ``tuned`` reads them from each hero file's ``[ai]`` table.

Where things are:

* ``card_facts`` -- what a card is worth, read from the card alone (kept in the card's memo);
* ``odds`` -- a foe's unseen cards and the combat odds they give (``Reader``, ``combat_odds``);
* ``position`` -- the threat map, a fighter's exposure and the value of each space;
* ``tempo`` -- the clock: turns left, the style's urgency, the price of spending a card;
* ``weights`` -- every tuning constant of the evaluation, named;
* this module -- ``HeuristicPolicy``: the decisions (``on_<kind>``) and the judgements they
  share (keep and spend costs, health and defeat worths, attack and effect worths, the
  per-decision memo). They stay one class: compiled, a ``cdef class``'s methods live in one
  module, and they call one another as C methods that a Python subclass may still override
  (the hooks and tests rely on that); what needs no policy state lives in the modules above
  as C functions.
"""

from __future__ import annotations

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim import checking
from unmatched_sim.engine.combat import EXHAUSTION_DAMAGE
from unmatched_sim.engine.effects import QUANTITIES
from unmatched_sim.engine.game import HAND_LIMIT
from unmatched_sim.engine.state import ATTACKER, DEFENDER, Fighter
# Every ``view`` argument is declared a ``_ViewCore`` (``@cython.locals(view=_ViewCore)``; the
# type is cimported in heuristic.pxd): compiled, the view's fields and its cpdef queries
# (``fighter``, ``card``, ``hand_size``, ...) are C reads and calls, and what they return is
# typed in turn. (Functions whose generator expressions or lambdas read ``view`` keep it
# untyped: Cython cannot type a closure's argument.) Run as Python, the declarations do nothing.
from unmatched_sim.engine.view import _ViewCore
from unmatched_sim.model import CardDef
from unmatched_sim.policies.registry import register
from unmatched_sim.policies.card_facts import (ALL_DEFENSES, BLOCK_ALL, COMBAT_TIMINGS, NO_CARD, applies, around_damage,
                                               blanked_types, card_strength, charged_terms, conditional_terms,
                                               effect_worth, spends_coils, estimate_number, TOLD_NUMBERS, is_own_card,
                                               keep_worth, mirrored_value, own_draw_counts, own_hero_damage,
                                               condition_kind, condition_share, counts_foe_boost, damage_draws, damage_guard, deck_boosts, ends_turn,
                                               recover_specs, term_worth, trades_values)
from unmatched_sim.policies.greedy import GreedyPolicy, condition_seen
from unmatched_sim.policies.odds import KEEP, Reader, ability_bonus_estimate, check_reader, combat_odds
from unmatched_sim.policies.position import SpaceFacts, ThreatMap, exposure_odds, threat_map_of
from unmatched_sim.policies.tempo import boost_draw_count, clock_style, deck_rate, scarcity_of, turns_left_estimate
from unmatched_sim.hooks import (AI_ADVICE, DESTINATION_ADVICE, EFFECT_ADVICE, HAND_ADVICE, MANEUVER_ADVICE,
                                 SCHEME_ADVICE, VALUE_ADVICE, VIEW_CONDITIONS, VIEW_QUANTITIES)
from unmatched_sim.policies.weights import OP_WORTH

if not cython.compiled:     # compiled, inline functions and the weights' C variables (heuristic.pxd)
    from unmatched_sim.policies.card_facts import usable
    from unmatched_sim.policies.odds import foe_in_focus
    from unmatched_sim.policies.tempo import spend_share
    from unmatched_sim.policies.weights import (AGGRESSION_BASE, ATTACK_BONUS, BONUS_ACTION_WORTH,
                                                BONUS_DISCARD_WORTH, BONUS_DRAW_EMPTY,
                                                BONUS_DRAW_WORTH, BONUS_HEAL_WORTH, BURNED_NEEDED,
                                                BURNED_SPARE, CARDS_PER_TURN, COST_DISCARD_WORTH, COUNT_GUESS,
                                                DEFENSE_EFFECT_SHARE, DEFENSE_STRENGTH_CAP, DEFENSE_WIN_CHANCE,
                                                CONDITIONAL_SHARE, DECK_RACE_SHARE, DRAW_CARD_WORTH, EMPTY_DECK_KEEP, EXTRA_ACTION, HAZARD_ESCAPE_SHARE,
                                                EXTRA_ATTACK_ACTION, FOE_DEFEAT, FOE_DISCARD_WORTH,
                                                FOE_DISTANCE_CAP, FOE_DISTANCE_WORTH, FOE_DRAW_COST,
                                                FOE_HP_AGGRESSION, FOE_HP_BASE, FOE_REACH_MARGIN,
                                                FOE_SIDEKICK_THREAT, HEAL_HP_SHARE, HEAL_RESERVE_BASE,
                                                HEAL_RESERVE_SHARE, HEAL_ROOM_AHEAD, HERO_HP_BASE, HOOK_LIFT, BOOST_ONLY_LIFT, DECK_BOOST_GUESS,
                                                HERO_HP_LOW, HERO_OF_SEVERAL_DEFEAT, INFINITE_POWER_SHARE,
                                                LAST_DEFENSE_HEALTH, LAST_DEFENSE_RESERVE, LOCK_OUT_OF_RANGE,
                                                LOOK_AT_DECK_BONUS, LOOK_AT_FOE_DECK,
                                                MANEUVER_BONUS, MAY_ACTION_WORTH, MAY_DAMAGE_WORTH,
                                                MAY_OTHER_WORTH, MAY_PRICE_SHARE, MIN_BOOST_GAIN,
                                                MIN_COMBAT_BOOST_GAIN,
                                                NOT_LOKI_COST, NO_DECK_ACTION, OUR_SIDEKICK_SHARE,
                                                OWN_DAMAGE_GUESS, OWN_DEFEAT, OWN_DISCARD_COST, OWN_HP_BASE,
                                                OWN_HP_CAUTION, PLACE_COST, PUT_ON_DECK_WORTH, QUANTITY_GUESS,
                                                RANGED_REACH_MARGIN, RANSOM_SHARE, RECOVER_HP_SHARE,
                                                REPLACE_DEFENSE_LOSS, REPLACE_MARGIN, REPOSITION_SHARE,
                                                SAFETY_BASE, SCHEME_BONUS, SEARCH_DECK_WORTH,
                                                SECOND_DEFENSE_HEALTH, SECOND_DEFENSE_RESERVE,
                                                SELF_DAMAGE_CAUTION, SELF_DAMAGE_MARGIN, SHIFT_GUESS,
                                                SHUFFLE_BACK_WORTH, SHUFFLE_FOE_CARD, SIDEKICK_DEFEAT, SIDEKICK_RETURN_SHARE,
                                                SIDEKICK_HP, SUMMON_WORTH, SUMMONED_WORTH, TARGET_HERO, TARGET_SIDEKICK,
                                                TWO_ATTACKS, UNKNOWN_HARM_WORTH, UNKNOWN_OP_WORTH,
                                                UNLESS_KEEP_SHARE, UNUSABLE_BOOST_SHARE, WON_COMBAT_WORTH,
                                                WON_EFFECT_SHARE)

# Each kept value (the decision memo, card odds, threat maps, defense strengths) is worked out
# afresh and compared with the kept one under CHECK_CACHES (tests; UNMATCHED_SIM_CHECK_CACHES=1).
CHECK_CACHES = checking.CHECK_CACHES


# ---------------------------------------------------------------------- an attack's worth
@cython.cfunc
@cython.locals(card=tuple, tgt=tuple, value=cython.double, exp_dmg=cython.double, p_win=cython.double,
               p_kill=cython.double, a=cython.double, tf=Fighter, reader=Reader, draw_adjust=cython.double,
               harm=cython.double, spend=cython.double, hp_w=cython.double, defeat_w=cython.double,
               lift=cython.double, cond_lift=cython.double)
def _attack_value(card: tuple, tgt: tuple, cond_lift: cython.double) -> cython.double:
    """``HeuristicPolicy.attack_eval`` from the card's facts (``_attack_card_facts``) and the
    target's (``_attack_target_facts``): the damage and defeat the attack may deal at their
    worth, the card's effects, less what the card costs to spend. ``cond_lift``: what the
    card's conditions on the board add to its value against this target (``conditions_now``)."""
    d, mine, a, k, blanked, draw_adjust, harm, spend, around, boosts, conditional, heals = card
    tf, hp_w, defeat_w, bonus, reader, lifts = tgt
    a += cond_lift
    if bonus is not None:
        lift = bonus        # (a C double: the sums below run in C, nothing boxed)
        a += lift
    exp_dmg, p_win, p_kill = combat_odds(reader, tf.defn.name, tf.health, a, k, blanked, boosts, lifts)
    value = hp_w * exp_dmg
    value += defeat_w * p_kill
    value += effect_worth(d, COMBAT_TIMINGS, p_win, mine)     # (by position: a C call)
    value += draw_adjust
    if heals is not None:       # healing read from the board (few cards heal)
        value += heals[0] + p_win * heals[1]
    value -= harm
    return value - spend


@cython.cfunc
@cython.locals(lift=cython.double, worth=cython.double, got=cython.double)
def _attack_score(policy: HeuristicPolicy, view: _ViewCore, fi, target, cid, tgt: tuple) -> cython.double:
    """``HeuristicPolicy.attack_eval`` given the target's facts (``tgt``, looked up once by a
    caller weighing several cards): the card's facts, kept for the decision, combined with
    them; under CHECK_CACHES compared with the value from facts worked out afresh."""
    card = policy._attack_card(view, cid)
    if card[10]:        # conditions on the board: read against this target (few cards have any)
        lift, worth = policy.conditions_now(view, fi, target, card[10], True)
        got = _attack_value(card, tgt, lift) + worth
    else:
        got = _attack_value(card, tgt, 0.0)
    if card[8]:         # damage around the attacker: read from the board (few cards have any)
        got += policy.around_damage_adjust(view, fi, card[8])
    if CHECK_CACHES:
        fresh = policy._attack_eval_fresh(view, fi, target, cid)
        if fresh != got:
            raise AssertionError(f"an attack's value from kept facts {got} != a fresh one {fresh}")
    return got


# Per policy class: whether its BOOST cost is the heuristic's own (``boost_cost`` from
# ``spend_cost``, ``keep_base`` and ``reserve_worth``), which is never below 0 for a card with no
# BOOST bonus and a kept worth not below 0 (``on_maneuver_boost`` passes such cards over when
# their lift cannot win). A class that overrides one of them has each of its cards costed.
_PLAIN_COSTS: dict = {}


@cython.cfunc
def _plain_costs(cls) -> cython.bint:
    got = _PLAIN_COSTS.get(cls)
    if got is None:
        got = _PLAIN_COSTS[cls] = all(getattr(cls, m) is getattr(HeuristicPolicy, m)
                                      for m in ("boost_cost", "spend_cost", "keep_base", "reserve_worth"))
    return got


# Facts the policy reads from the view alone are module functions (here and in card_facts,
# odds, tempo): C calls for the compiled policy. The policy keeps them as static methods under
# their own names for other callers (hooks, tests); a subclass overriding one changes only what
# those callers see.
@cython.ccall
@cython.locals(view=_ViewCore, f=Fighter, o=Fighter)
def _last_hero(view, f) -> bool:
    """Is hero ``f`` the last of its side's heroes standing (its defeat ends its game)?"""
    for o in view.fighters(f.owner):
        if o.is_hero and o.alive and o is not f:
            return False
    return True


# ---------------------------------------------------------------------- the policy
@cython.cclass
class DecisionFacts:
    """What one decision has worked out about single cards, fighters and foes, a dict per kind
    keyed by the card, fighter or seat id (the policy's ``_memo`` keeps the rest, by name):
    an int key is cheaper to hash and compare than a key tuple built at every look-up."""

    keep: dict          # card id -> keep()
    reserve: dict       # card id -> reserve_worth()
    attack_card: dict   # card id -> _attack_card_facts()
    attack_target: dict  # attacker * 256 + target (fighter ids) -> _attack_target_facts()
    defenses: dict      # fighter id -> my_defenses()
    space: dict         # fighter id -> its SpaceFacts
    knowledge: dict     # seat -> PlayerView.knowledge_key()

    def __init__(self):
        self.keep, self.reserve, self.attack_card, self.attack_target = {}, {}, {}, {}
        self.defenses, self.space, self.knowledge = {}, {}, {}

    def clear(self):
        """Forget it all, for a new position. The dicts are emptied, not replaced (new dicts at
        every fresh decision cost their allocation and count towards the collector's passes)."""
        self.keep.clear()
        self.reserve.clear()
        self.attack_card.clear()
        self.attack_target.clear()
        self.defenses.clear()
        self.space.clear()
        self.knowledge.clear()


# The numbers a card's own value can read that the view tells exactly (hand sizes; our TRICKs
# the foe holds; what a hero's package says is public, ``hooks.VIEW_QUANTITIES``: the Horrors in
# Shakespeare's line): where a card's during-combat value reads one of them, its attack strength
# is the value it will have now (``value_gain``), not the card's static guess (Ragnarök's +3 for
# each TRICK held, Shapeshifter's +1 for each card in the foe's hand, Horror's +1 for each Horror
# in the line).
_VIEW_QUANTITIES = frozenset(QUANTITIES[q] for q in ("opponent_hand_size", "own_hand_size",
                                                     "opponent_hand_tricks"))
# Its slot in the card's memo (``CardDef.ai_memo``; card_facts' and greedy's slots come first).
_READS_VIEW_SLOT = 19


def _reads_the_view(d) -> bool:
    """Whether card ``d``'s during-combat effects set or add to its own value by a number the
    view tells (``_VIEW_QUANTITIES``, or "if the foe holds more cards"); kept in the card's memo."""
    got = d.ai_fact(_READS_VIEW_SLOT)
    if got is None:
        got = d.keep_ai_fact(_READS_VIEW_SLOT, _value_reads(d.effects.get("during_combat", ())))
    return got


def _effects_only(terms: tuple) -> tuple:
    """``conditional_terms`` without the value's terms (read another way)."""
    return tuple([t for t in terms if not t[2]]) if terms else terms


# A card list (by identity, kept alive with its entry) -> its kinds whose value hangs on a
# condition on the board, as (index, value terms) each: ``_value_conditions``.
_VALUE_CONDITIONS: dict = {}


def _value_conditions(cards: tuple) -> tuple:
    """The kinds of a foe's card list whose value has terms under conditions on the board
    (``conditional_terms``' value terms: a foe's card is guessed by its value), worked out once
    per list; empty for most heroes."""
    got = _VALUE_CONDITIONS.get(id(cards))
    if got is None or got[0] is not cards:
        found = []
        for i in range(len(cards)):
            terms = tuple([t for t in conditional_terms(cards[i], True) if t[2]])
            if terms:
                found.append((i, terms))
        got = _VALUE_CONDITIONS[id(cards)] = (cards, tuple(found))
    return got[1]


# The slot of the sidekicks a card brings back (``_brings_back``).
_BRINGS_BACK_SLOT = 20


@cython.cfunc
@cython.locals(d=CardDef, got=tuple)
def _brings_back(d, name) -> cython.bint:
    """Does card ``d`` summon sidekick ``name`` or return it once defeated (``sidekick_returns``)?
    A card's own ops are read once, kept in its memo as (does one name no sidekick, so any,
    the sidekicks they name): an op without a name brings back whoever is asked about."""
    got = d.ai_fact(_BRINGS_BACK_SLOT)
    if got is None:
        got = d.keep_ai_fact(_BRINGS_BACK_SLOT, _brought_back(d))
    return got[0] or name in got[1]


def _brought_back(d) -> tuple:
    anyone = False
    named = []
    for ops in d.effects.values():
        for op in ops:
            key = "sidekick" if op.NAME == "summon" else "fighter" if op.NAME == "return_defeated" else None
            if key is not None:
                if key in op.spec:
                    named.append(op.spec[key])
                else:
                    anyone = True
    return anyone, tuple(named)


def _returns_a_boost(d) -> bool:
    """Does card ``d`` give back, after combat, a card it was boosted with (The Big Reveal)?"""
    for op in d.effects.get("after_combat", ()):
        if op.NAME == "return_boost_card":
            return True
    return False


# Its slot for the names of the card's during-combat ``hook`` effects (``_value_hooks``).
_VALUE_HOOKS_SLOT = 21


@cython.cfunc
@cython.locals(d=CardDef, got=tuple, names=list)
def _value_hooks(d) -> tuple:
    """The names of card ``d``'s during-combat ``hook`` effects that a hero's package prices
    (``hooks.VALUE_ADVICE``: Lævateinn's "laevateinn"), whose lift the card tables guess flat
    (``HOOK_LIFT``); kept in the card's memo. Empty for nearly every card."""
    got = d.ai_fact(_VALUE_HOOKS_SLOT)
    if got is None:
        names = []
        for op in d.effects.get("during_combat", ()):
            if op.NAME == "hook" and op.spec.get("name") in VALUE_ADVICE:
                names.append(op.spec.get("name"))
        got = d.keep_ai_fact(_VALUE_HOOKS_SLOT, tuple(names))
    return got


# Its slot for the card's own combat effects that its hero's package prices (``_package_terms``).
_PACKAGE_TERMS_SLOT = 26


@cython.cfunc
@cython.locals(d=CardDef, terms=list)
def _package_terms(d) -> tuple:
    """Card ``d``'s combat effects, played by its owner, that its hero's package prices from the
    board (an op of ``hooks.EFFECT_ADVICE``: Kinetic Induction's coils), where the card tables
    guess them flat: (op, condition kind, may, ransom, the tables' worth) each, kept in its memo.
    Empty for nearly every card."""
    got = d.ai_fact(_PACKAGE_TERMS_SLOT)
    if got is None:
        terms = []
        for timing in COMBAT_TIMINGS:
            for op in d.effects.get(timing, ()):
                if op.NAME in EFFECT_ADVICE and applies(op.spec, True):
                    terms.append((op, condition_kind(op.spec.get("if")), bool(op.spec.get("may")),
                                  bool(op.spec.get("unless_paid")), OP_WORTH.get(op.NAME, UNKNOWN_OP_WORTH)))
        got = d.keep_ai_fact(_PACKAGE_TERMS_SLOT, tuple(terms))
    return got


# Its slot for the healing of its own hero a card gives in combat (``_own_heals``).
_OWN_HEALS_SLOT = 22
# A heal's condition, as ``_own_heals`` keeps it: none, or the combat won.
_HEAL_ALWAYS, _HEAL_IF_WON = range(2)


@cython.cfunc
@cython.locals(d=CardDef, heals=list)
def _own_heals(d) -> tuple:
    """The health card ``d`` gives back to a fighter of the player whose deck it is when played
    in combat, as (amount, condition, target, immediately) each: the condition
    ``_HEAL_ALWAYS`` or ``_HEAL_IF_WON``, the target as written ("self", "hero" or a name).
    The Whale's 2 after combat; Back in the Lamp's 4 immediately; the amount may be a number the
    view tells exactly (``TOLD_NUMBERS``: Aphrodite's Beauty's 1 per misery revealed this turn).
    Kept in the card's memo.
    Healing by another number the card works out, under another condition, ransomed, of several
    fighters or inside a choice is left to the card tables (``effect_worth``); so is healing if
    the combat is lost (Alas's 1), which read from the board cost Shakespeare 2 points a game
    (docs/policies.md, "Healing read from the board")."""
    got = d.ai_fact(_OWN_HEALS_SLOT)
    if got is None:
        heals = []
        for t in COMBAT_TIMINGS:
            for op in d.effects.get(t, ()):
                spec = op.spec
                amount = spec.get("amount", 1)
                cond = spec.get("if")
                if (op.NAME != "recover" or not (isinstance(amount, int) or amount in TOLD_NUMBERS)
                        or spec.get("unless_paid") or not applies(spec, True)):
                    continue
                kind = (_HEAL_ALWAYS if cond in (None, "played_by_owner") else _HEAL_IF_WON if cond == "won"
                        else -1)
                if kind >= 0:
                    heals.append((amount, kind, str(spec.get("target", "self")), t == "immediately"))
        got = d.keep_ai_fact(_OWN_HEALS_SLOT, tuple(heals))
    return got


def _value_reads(ops) -> bool:
    for op in ops:
        if op.NAME == "choose_one":
            for _, mode in op.modes:
                if _value_reads(mode):
                    return True
        elif op.NAME in ("add_value", "set_value") and op.card == "self":
            a = op.amount if op.NAME == "add_value" else op.to
            fn = getattr(a, "fn", None)
            if fn in _VIEW_QUANTITIES or fn in VIEW_QUANTITIES or op.spec.get("if") == "opponent_hand_larger":
                return True
    return False


@cython.cclass
class HeuristicPolicy(GreedyPolicy):
    name = "heuristic"
    summary = ("plays with intent: card odds from the unseen cards, ranged/melee positioning, "
               "boosts and defenses when they pay, deck-exhaustion aware (balanced style)")
    params = {"aggression": 0.55, "caution": 0.5, "safety": 0.5, "reserve": 0.5}
    param_ranges = {k: (0.0, 1.0) for k in params}
    param_help = {"aggression": "0..1: how much dealing damage outweighs keeping cards and position",
                  "safety": "0..1: how much the blows the foes could deal next turn where the hero "
                            "ends up weigh (out of reach, or in reach of one attack, not two)",
                  "reserve": "0..1: how much a last defense card (or healing) is kept back from "
                             "BOOSTs and discards",
                  "caution": "0..1: how much the hero's health and safety weigh"}

    def __init__(self, rng, **params):
        super().__init__(rng, **params)
        # A style that does not take one of the four weights (tuned's aggression comes from the
        # hero file) plays with the balanced one until it sets its own.
        self.default_params(HeuristicPolicy.params)
        for key in ("aggression", "caution", "safety", "reserve"):
            if not 0.0 <= getattr(self, key) <= 1.0:
                raise ValueError(f"{key} must be between 0 and 1 (got {getattr(self, key)})")
        self._memo = {}
        self._facts = DecisionFacts()
        self._fresh()
        self._memo_view = self._memo_focus = self._memo_print = None
        self._readers = {}      # kept across decisions (see _shared_reader, threat_map)
        self._threats = {}
        self._defenses = {}     # and our defense strengths, for one view (my_defenses)
        self._defenses_view = None
        self.agg, self.cau = self.aggression, self.caution

    # ------------------------------------------------------------ plumbing
    def _fresh(self) -> None:
        """Forget what was worked out for the last decision: the card odds (``_reader``), the
        per-decision memo (with each fighter's ``SpaceFacts``, which keeps its space values).
        The memo's dicts are emptied, not replaced (nothing outside the policy holds them, and
        a decision never asks the same policy for another while it decides)."""
        self._reader = None
        self._memo.clear()
        self._facts.clear()
        self._memo_version = None

    @cython.locals(view=_ViewCore)
    def choose(self, view, decision):
        # What the last decision worked out is kept while the position is the same: no event
        # logged since, by the same view with the same foe in focus (``state_version``). Many
        # decisions come right after one of ours in the same position: the move's destination
        # after a maneuver's "no BOOST", the fighter to move first, the next action after a move
        # that stayed put. Everything the memo holds is worked out from the position alone,
        # never from the decision asked.
        version = view.state_version()
        focus = foe_in_focus(view)
        if (version is None or version != self._memo_version or view is not self._memo_view
                or focus != self._memo_focus):
            self._reader = None         # _fresh(), without the call
            self._memo.clear()
            self._facts.clear()
            self.agg, self.cau = self.style_now(view)
            self._memo_version, self._memo_view, self._memo_focus = version, view, focus
            if CHECK_CACHES:
                self._memo_print = view.position_fingerprint()
        elif CHECK_CACHES and view.position_fingerprint() != self._memo_print:
            raise AssertionError("the position changed with no event logged: a kept decision memo "
                                 "would be stale")
        return GreedyPolicy.choose(self, view, decision)     # (super() builds a proxy per call)

    @cython.locals(view=_ViewCore)
    def style_now(self, view) -> tuple[float, float]:
        """(aggression, caution) for this decision: the style's, as the clock turns it
        (``tempo.clock_style``: our deck and hand against the foe in focus's deck and the
        game's likely length)."""
        return clock_style(self.aggression, self.caution, view.deck_size(view.seat),
                           view.deck_size(foe_in_focus(view)), view.hand_size(view.seat),
                           turns_left_estimate(view))

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore)
    def reader(self, view, foe: int | None = None) -> Reader:
        """The card odds of ``foe`` (default: the foe in focus)."""
        r = self._reader
        if r is None:
            r = self._reader = self._shared_reader(view, foe_in_focus(view))
        if foe is None or foe == r.foe:
            return r
        others = self._memo.setdefault("readers", {})
        if foe not in others:
            others[foe] = self._shared_reader(view, foe)
        return others[foe]

    @cython.locals(view=_ViewCore, memo=dict)
    def _foes(self, view) -> tuple:
        """``view.foe_seats()`` (the game's tuple of foes), once per decision: a decision's
        ``SpaceFacts``, threat map and hazards each read it."""
        memo = self._memo
        got = memo.get("foes")
        if got is None:
            got = memo["foes"] = view.foe_seats()
        return got

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore, memo=dict)
    def _knowledge_key(self, view, foe: int) -> tuple:
        memo = self._facts.knowledge
        got = memo.get(foe)
        if got is None:
            got = memo[foe] = view.knowledge_key(foe)
        return got

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore, readers=dict)
    def _shared_reader(self, view, foe: int) -> Reader:
        """A foe's card odds are kept across decisions while what we know of its cards is the
        same (``PlayerView.knowledge_key``): a maneuver's draw or a move does not change them."""
        key = self._knowledge_key(view, foe)
        readers = self._readers
        r = readers.get(key)
        if r is None:
            if len(self._readers) >= KEEP:
                self._readers.clear()
            r = self._readers[key] = Reader(view, foe)
        elif CHECK_CACHES:
            check_reader(r, Reader(view, foe))
        return r

    @cython.locals(view=_ViewCore, memo=dict)
    def keep(self, view, cid) -> float:
        """Worth of keeping a card of our hand (what a discard gives up): its worth in play, plus
        the reserve a defense card or healing is. Spending it on an attack, a BOOST or a scheme
        costs ``spend_cost``. (Worked out once per card and decision: a decision may weigh each
        card of the hand many times.)"""
        memo = self._facts.keep
        got = memo.get(cid)
        if got is None:
            got = memo[cid] = self.keep_base(view, cid) + self.reserve_worth(view, cid)
        return got

    @cython.locals(view=_ViewCore, memo=dict, d=CardDef)
    def keep_base(self, view, cid) -> float:
        """Worth of a card of our hand as a card to play; cards no fighter of ours can use only
        BOOST."""
        d = view.card(cid)
        if d.type != "scheme" and d.users is not None:
            memo = self._memo       # our fighters' names, once per decision
            alive = memo.get("alive_names")
            if alive is None:
                alive = memo["alive_names"] = {view.fighter(fi).defn.name for fi in view.on_board(view.seat)}
                forms = view.hero().forms
                if forms and view.my_hero().on_board:
                    # a hero that transforms may play its other forms' cards once it does
                    alive |= {f.name for f in forms}
            if alive.isdisjoint(d.users):     # (no set built to test it)
                return UNUSABLE_BOOST_SHARE * d.boost_value
        w = keep_worth(d, view.card_owner(cid) == view.seat)
        if view.deck_size(view.seat) == 0:
            w *= EMPTY_DECK_KEEP          # nothing more is coming
        return w

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore)
    def spend_cost(self, view, cid, back: int = 0) -> float:
        """What spending a card of our hand (on an attack, a BOOST, a scheme, a replacement)
        costs: its play worth at the style's appetite for spending (``spend_weight``), plus the
        reserve it is (the last defense cards, healing: ``reserve_worth``) in full — the reserve
        is about surviving the foe's next turn, which a free-spending style needs as much as any
        (discounted with the play worth, an aggressive style threw its last defense card into an
        attack whatever its health). The play worth rises as the hand runs short
        (``scarcity``; ``back``: the cards spending it draws into the hand again)."""
        return (spend_share(self.agg) * scarcity_of(view, back) * self.keep_base(view, cid)
                + self.reserve_worth(view, cid))

    @staticmethod
    @cython.locals(view=_ViewCore)
    def scarcity(view, back: int = 0) -> float:
        """How much dearer a card of our hand is to spend when few would be left: the last cards
        are the next turn's attack and defense both, whatever the style (a free-spending style
        otherwise attacks and boosts its hand away and starts its turns with one card). A card
        that draws its replacement (``back``: Flourish's BOOST bonus, For My Next Trick's draw)
        leaves the hand as large as it was."""
        return scarcity_of(view, back)

    @cython.locals(view=_ViewCore, cache=dict, me=Fighter, d=CardDef, extra=cython.double, heal=cython.double,
                   room=cython.double)
    def reserve_worth(self, view, cid) -> float:
        """What a card is worth as a reserve beyond its play value: the last defense cards our
        hero holds (spent on a BOOST or discarded, the next attack meets no defense), and
        healing at what the health it restores is worth now."""
        cache = self._facts.reserve
        got = cache.get(cid)
        if got is not None:
            return got
        me = view.my_hero()
        if not me.on_board or self.reserve <= 0:
            cache[cid] = 0.0
            return 0.0
        d = view.card(cid)
        name = me.defn.name
        extra = 0.0
        if d.can_defend and usable(d, name):
            n_def = len(self.my_defenses(view, me.idx))     # our hero's defense cards in hand
            if n_def <= 1:
                extra += self.reserve * (LAST_DEFENSE_RESERVE + LAST_DEFENSE_HEALTH / max(1, me.health))
            elif n_def == 2:
                extra += self.reserve * (SECOND_DEFENSE_RESERVE + SECOND_DEFENSE_HEALTH / max(1, me.health))
        heal = 0.0
        for spec in recover_specs(d):
            if str(spec.get("target", "self")) in ("self", me.defn.name):
                a = spec.get("amount", 1)
                heal += a if isinstance(a, int) else QUANTITY_GUESS
        if heal:
            # health lost by now, plus what the game's next blows will take
            room = min(heal, me.max_health - me.health + HEAL_ROOM_AHEAD)
            extra += (HEAL_RESERVE_BASE + HEAL_RESERVE_SHARE * self.reserve) * room * self.hp_weight(me, True) * HEAL_HP_SHARE
        cache[cid] = extra
        return extra

    @cython.locals(view=_ViewCore)
    def power(self, view, cid) -> float:       # greedy's helpers (lowest/highest) use this
        return self.keep(view, cid)

    def spend_weight(self) -> float:
        return spend_share(self.agg)

    @cython.annotation_typing(False)
    @cython.locals(w=cython.double, f=Fighter)
    def hp_weight(self, f, mine: bool) -> float:
        """Worth of one health point of fighter ``f``."""
        if not f.is_hero:
            return SIDEKICK_HP if f.health > 0 else 0.0
        w = HERO_HP_BASE + HERO_HP_LOW / max(1, f.health)
        if mine:
            w *= OWN_HP_BASE + OWN_HP_CAUTION * self.cau
        else:
            w *= FOE_HP_BASE + FOE_HP_AGGRESSION * self.agg
        return w

    @cython.locals(view=_ViewCore, f=Fighter)
    def foe_hp_weight(self, view, f) -> float:
        """Worth of one health point of the foe's fighter ``f``: ``hp_weight``, and for a
        sidekick its owner can bring back (``sidekick_returns``) that share of it its defeat
        keeps (``SIDEKICK_RETURN_SHARE``): the damage, like the kill, is undone when a fresh one
        is summoned, where damage to the hero stays and wins the game."""
        if not f.is_hero and self.sidekick_returns(view, f):
            return self.hp_weight(f, False) * SIDEKICK_RETURN_SHARE
        return self.hp_weight(f, False)

    @cython.locals(view=_ViewCore, d=CardDef)
    def boost_bonus_worth(self, view, cid) -> float:
        """What a card's BOOST bonus is worth when we BOOST with it (Houdini's cards)."""
        d = view.card(cid)
        ops = d.effects.get("boost_bonus", ())
        if not ops or view.card_owner(cid) != view.seat:
            return 0.0
        total = 0.0
        for op in ops:
            n, spec = op.NAME, op.spec
            cond = spec.get("if")
            if cond == "your_turn" and not view.is_my_turn():
                continue
            if n == "draw":
                c = estimate_number(spec.get("count", 1), view)
                total += BONUS_DRAW_WORTH * c if view.deck_size(view.seat) >= c else BONUS_DRAW_EMPTY
            elif n == "damage":
                # on its best target, a defeat counted (Misdirection's 2 damage on a foe hero
                # at 2 health is the game)
                me = view.my_hero()
                total += self.effect_damage_worth(view, me.idx if me.on_board else None, spec)
            elif n == "recover":
                me = view.my_hero()
                total += BONUS_HEAL_WORTH * min(estimate_number(spec.get("amount", 1), view), me.max_health - me.health)
            elif n == "gain_action":
                total += BONUS_ACTION_WORTH
            elif n == "discard":
                total += BONUS_DISCARD_WORTH if view.hand_size(view.opp) else 0.0
            else:
                total += OP_WORTH.get(n, UNKNOWN_OP_WORTH)
        return total

    @cython.locals(view=_ViewCore)
    def boost_cost(self, view, cid) -> float:
        if not view.card(cid).effects.get("boost_bonus"):
            # no BOOST bonus: it draws nothing back and adds nothing (boost_draws 0, worth 0.0)
            return self.spend_cost(view, cid, 0) - 0.0
        return self.spend_cost(view, cid, boost_draw_count(view, cid)) - self.boost_bonus_worth(view, cid)

    boost_draws = staticmethod(boost_draw_count)

    mine = staticmethod(is_own_card)

    @cython.locals(view=_ViewCore)
    def my_attack_strength(self, view, cid) -> float:
        lock = view.value_lock(view.seat)
        if lock is not None and view.is_my_turn():
            return float(lock)
        d = view.card(cid)
        mine = is_own_card(view, cid)
        if mine and _reads_the_view(d):
            return float(d.value or 0) + self.value_gain(view, cid)
        a = card_strength(d, mine)[0]
        if mine and (_value_hooks(d) or deck_boosts(d)):
            a += self.own_strength_adjust(view, cid, d)
        return a

    ability_bonus = staticmethod(ability_bonus_estimate)

    # ------------------------------------------------------------ attack evaluation
    @cython.locals(view=_ViewCore)
    def attack_eval(self, view, fi, target, cid) -> float:
        """What attacking ``target`` with our fighter ``fi`` and card ``cid`` is worth: the
        damage and defeat it may deal, the card's effects, less what the card costs to spend.
        The parts that depend on the card alone (``_attack_card``) and on the attacker and
        target alone (``_attack_target``) are worked out once per decision; their combination
        is not kept (a decision weighs each attack once: ``best_attack`` and
        ``on_attack_card`` combine the facts themselves, the target's looked up once)."""
        return _attack_score(self, view, fi, target, cid, self._attack_target(view, fi, target))

    @cython.locals(view=_ViewCore, memo=dict)
    def _attack_card(self, view, cid) -> tuple:
        """``_attack_card_facts``, once per decision."""
        memo = self._facts.attack_card
        got = memo.get(cid)
        if got is None:
            got = memo[cid] = self._attack_card_facts(view, cid)
        return got

    @cython.locals(view=_ViewCore, back=cython.Py_ssize_t, c=cython.Py_ssize_t, draws=tuple, d=CardDef)
    def _attack_card_facts(self, view, cid) -> tuple:
        """attack_eval's facts of the card ``cid`` in this decision: (card, mine, attack
        strength, mirrored k, blanked types, draw room adjustment, own harm cost, spend cost,
        its damage around the attacker: ``around_damage``, whether the defense card counts its
        BOOST: ``counts_foe_boost``, its terms under conditions on the board:
        ``conditional_terms``, a value's only where the card tables' strength is read, its
        healing read from the board: ``heal_adjusts``).
        (``my_attack_strength``, ``mine``, ``draw_room_adjust`` and ``own_harm_cost`` read
        inline: the card's draws and own damage are card facts, mostly none.)"""
        seat = view.seat
        d = view.card(cid)
        mine = view.card_owner(cid) == seat
        lock = view.value_lock(seat)
        boosts = mine and counts_foe_boost(d)
        conditional = conditional_terms(d, mine)
        if lock is not None and view.is_my_turn():
            a = float(lock)
            conditional = _effects_only(conditional)
        elif mine and _reads_the_view(d):
            a = float(d.value or 0) + self.value_gain(view, cid)
            conditional = _effects_only(conditional)
        else:
            a = card_strength(d, mine)[0]
            if mine and (_value_hooks(d) or deck_boosts(d)):
                a += self.own_strength_adjust(view, cid, d)
            if boosts:      # read from the BOOSTs of the foe's cards (combat_odds), not as a flat lift
                a -= BOOST_ONLY_LIFT
        draws = own_draw_counts(d, mine)
        back = 0
        for c in draws:
            back += c
        extra = self.draw_room_adjust(view, d, mine) if draws else 0.0
        blanked = blanked_types(d)
        if spends_coils(d):     # a card that spends coils: read at the coils charged now
            charged = charged_terms(d, mine, view.resources(seat).get("coils", 0))
            if lock is None or not view.is_my_turn():
                a += charged[0]
            extra += charged[1]
            if charged[2]:
                blanked = ALL_DEFENSES
        return (d, mine, a, mirrored_value(d) if lock is None else 0, blanked, extra,
                self.own_harm_cost(view, d, mine) if own_hero_damage(d, mine) else 0.0,
                self.spend_cost(view, cid, back), around_damage(d, mine), boosts, conditional,
                self.heal_adjusts(view, d) if mine and _own_heals(d) else None)

    @cython.locals(view=_ViewCore, memo=dict)
    def _attack_target(self, view, fi, target) -> tuple:
        """``_attack_target_facts``, once per decision."""
        memo = self._facts.attack_target
        key = fi * 256 + target         # (fighter ids are small: one int, no tuple)
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._attack_target_facts(view, fi, target)
        return got

    @cython.locals(view=_ViewCore, tf=Fighter)
    def _attack_target_facts(self, view, fi, target) -> tuple:
        """attack_eval's facts of the target in this decision: (its fighter, its health's worth,
        its defeat's worth, the attacker's ability bonus or None, its player's card reader, what
        its defense cards' conditions on the board add to them: ``foe_lifts``)."""
        tf = view.fighter(target)
        lock = view.value_lock(view.seat)
        bonus = None
        if lock is None or not view.is_my_turn():
            # the ability's expected bonus: Alice BIG, Arthur's BOOST, Golden Bat's standing +2
            bonus = ability_bonus_estimate(view, fi, ATTACKER, target)
        reader = self.reader(view, tf.owner)
        return (tf, self.foe_hp_weight(view, tf), self.defeat_worth(view, tf), bonus, reader,
                self.foe_lifts(view, reader, target, fi))

    @cython.locals(view=_ViewCore)
    def _attack_eval_fresh(self, view, fi, target, cid) -> float:
        """attack_eval from facts worked out afresh, none kept (CHECK_CACHES compares the two)."""
        card = self._attack_card_facts(view, cid)
        lift, worth = self.conditions_now(view, fi, target, card[10], True)
        value = _attack_value(card, self._attack_target_facts(view, fi, target), lift) + worth
        return value + self.around_damage_adjust(view, fi, card[8]) if card[8] else value

    @cython.locals(view=_ViewCore, reader=Reader, lift=cython.double)
    def foe_lifts(self, view, reader, fi, foe) -> tuple:
        """What the conditions on the board add to each kind of card of a foe's list
        (``reader.cards``) played by its fighter ``fi`` against ours, ``foe``: the lift the card
        tables count at ``CONDITIONAL_SHARE``, in full or not at all where the view tells the
        condition (the foe's Momentous Shift defends as a 3 on our turn; its Claws That Catch
        attacks our hero as a 5). () where nothing changes (nearly always); kept for the
        decision."""
        key = ("foe_lifts", fi, foe)
        got = self._memo.get(key)
        if got is None:
            out = None
            for i, terms in _value_conditions(reader.cards):
                lift = self.conditions_now(view, fi, foe, terms, True)[0]
                if lift != 0.0:
                    if out is None:
                        out = [0.0] * len(reader.cards)
                    out[i] = lift
            got = self._memo[key] = tuple(out) if out is not None else ()
        return got

    @cython.locals(view=_ViewCore, lift=cython.double, worth=cython.double, w=cython.double,
                   holds=cython.double)
    def conditions_now(self, view, fi, foe, terms: tuple, attacking: bool) -> tuple:
        """(value lift, effect worth) that a card's terms under conditions on the board
        (``conditional_terms``) add when fighter ``fi`` plays it against ``foe``, beyond the
        share of them the card tables count (``CONDITIONAL_SHARE``): each condition the view
        tells (``hooks.VIEW_CONDITIONS``) counts in full or not at all (Claws That Catch is 5
        against a hero, 3 against a sidekick; Momentous Shift 3 in defense, where we have not
        moved). An after-combat effect's condition is read now only in attack, where the blow
        falls on the foe (a defender's health is read after it). A number the card's value adds
        counts at what the view tells, where the card tables guessed it (Et Tu, Brute?)."""
        lift = worth = 0.0
        for cond, after, value, w, may, ransom in terms:
            if after and not attacking:
                continue
            if type(cond) is tuple:
                # a number the card's value adds, read against this foe where the view tells it
                # (Et Tu, Brute?: our fighters next to the foe), where its strength counted a guess
                read = VIEW_CONDITIONS.get(cond[1])
                if read is not None:
                    lift += value * read(view, fi, foe) - cond[2]
                continue
            got = condition_seen(view, cond, fi, foe)
            if got < 0:
                continue
            holds = got
            if value:
                lift += (holds - CONDITIONAL_SHARE) * value
            else:
                worth += term_worth(w * holds, may, ransom) - term_worth(w * CONDITIONAL_SHARE, may, ransom)
        return lift, worth

    @cython.locals(view=_ViewCore)
    def around_damage_adjust(self, view, fi, around: tuple) -> float:
        """What a card's damage around our fighter ``fi`` (``around_damage``) is worth on the
        board as it stands, beyond the static worth ``effect_worth`` gave it: each fighter it
        would hit at its health's worth, ours against us (All Are Punished beside our own
        1-health Actors costs them)."""
        adjust = 0.0
        for spec, static, share in around:
            adjust += share * (self.effect_damage_worth(view, fi, spec) - static)
        return adjust

    def own_strength_adjust(self, view, cid, d) -> float:
        """What our own card ``cid`` (``d``) is worth in combat now beyond the strength the card
        tables guess for it: its hooks as the hero's package prices them (``hook_value_adjust``)
        and the BOOST of the deck cards it adds to itself (``deck_boost_adjust``). Callers ask
        only for a card with either (``_value_hooks``, ``deck_boosts``): nearly none."""
        adjust = 0.0
        if _value_hooks(d):
            adjust += self.hook_value_adjust(view, cid, _value_hooks(d))
        if deck_boosts(d):
            adjust += deck_boosts(d) * self.deck_boost_adjust(view)
        return adjust

    def package_effects_adjust(self, view, d, fi, p_won: float) -> float:
        """What our own card ``d``'s combat effects that its hero's package prices
        (``_package_terms``) are worth resolved by our fighter ``fi`` on the board now, beyond
        the card tables' guess of them, each term at the share of its condition in a combat won
        at ``p_won`` (``condition_share``)."""
        adjust = 0.0
        for op, cond, may, ransom, static in _package_terms(d):
            share = condition_share(cond, p_won)
            adjust += (term_worth(share * EFFECT_ADVICE[op.NAME](self, view, op, fi), may, ransom)
                       - term_worth(share * static, may, ransom))
        return adjust

    def hook_value_adjust(self, view, cid, hooks: tuple) -> float:
        """What our own card ``cid``'s during-combat hooks (``_value_hooks``) add to its value
        now, as the hero's package tells it (``hooks.VALUE_ADVICE``), beyond the flat
        ``HOOK_LIFT`` its strength already counts: Lævateinn adds the BOOST of the card it will
        show from the foe's hand."""
        adjust = 0.0
        for name in hooks:
            adjust += VALUE_ADVICE[name](self, view, cid) - HOOK_LIFT
        return adjust

    @cython.locals(view=_ViewCore, memo=dict, counts=list, cards=tuple, i=cython.Py_ssize_t,
                   n=cython.Py_ssize_t, total=cython.double, d=CardDef)
    def deck_boost_adjust(self, view) -> float:
        """What the BOOST of a card of our deck that our own card adds to itself (Bottom
        Dealing, Guided by the Fates: ``deck_boosts``) is worth beyond the ``DECK_BOOST_GUESS``
        its strength counts: the mean BOOST of the cards our deck holds, 0 with none left.
        Once per decision."""
        memo = self._memo
        got = memo.get("deck_boost")
        if got is None:
            counts = view.unseen_opponent_counts(view.seat)     # our deck: our cards not seen
            cards = view._players[view.seat].hero.cards
            n, total = 0, 0.0
            for i in range(len(cards)):
                n += counts[i]
                d = cards[i]
                total += counts[i] * d.boost_value
            got = memo["deck_boost"] = (total / n if n and view.deck_size(view.seat) else 0.0) - DECK_BOOST_GUESS
        return got

    @cython.locals(view=_ViewCore, f=Fighter, o=Fighter, w=cython.double, missing=cython.double,
                   table=cython.double)
    def heal_adjusts(self, view, d: CardDef, lost_first: float = 0.0, share: float = 1.0,
                     immediate_read: bool = False):
        """What our card ``d``'s healing in combat (``_own_heals``) is worth now beyond the flat
        worth the card tables give it (``effect_worth``, counted at ``share``), as a list by
        condition (always, if won) for the caller to weigh by the combat's odds, or None for a
        card with no such healing. Each point is worth its fighter's health now (``hp_weight``),
        up to the health it has lost and, for healing after the blow unless it needs the combat
        won, ``lost_first`` more (what the combat is expected to take from it): the Whale's 2
        health are worth much to Sinbad at 4 health and nothing at full. ``immediate_read``: the
        caller counts the healing that comes before the blow itself (``defense_scores``), so only
        the table's worth of it is taken off."""
        heals = _own_heals(d)
        if not heals:
            return None
        out = [0.0, 0.0]
        for told, cond, target, immediate in heals:
            amount = estimate_number(told, view)    # a number the view tells, read now
            table = OP_WORTH["recover"] * (told if isinstance(told, int) else QUANTITY_GUESS) * share
            f = None
            users = d.users
            name = (next(iter(users)) if target == "self" and users is not None and len(users) == 1
                    else view.my_hero().defn.name if target == "hero" else target)
            for o in view.fighters(view.seat):
                if o.defn.name == name:
                    f = o
                    break
            if f is None or not f.on_board:
                continue        # a fighter the card does not name alone, or one not in play
            if immediate and immediate_read:
                out[cond] -= table
                continue
            missing = f.max_health - f.health
            if not immediate and cond != _HEAL_IF_WON:
                missing += lost_first       # (a combat won took nothing)
            w = self.hp_weight(f, True)
            out[cond] += w * min(amount, missing) - table
        return out

    @cython.locals(view=_ViewCore)
    def draw_room_adjust(self, view, d: CardDef, mine: bool) -> float:
        """What a card's own unconditional draws are worth now (``draw_worth``: the room in hand,
        the deck) beyond the flat worth ``effect_worth`` gives them: an attack with Wishing for
        More Wishes (draw 3) on a full hand only discards what it draws."""
        adjust = 0.0
        for c in own_draw_counts(d, mine):
            adjust += self.draw_worth(view, c) - OP_WORTH["draw"] * c
        return adjust

    @cython.locals(view=_ViewCore)
    def attack_odds(self, view, tf, a: float, k: int = 0,
                    blanked: frozenset = frozenset(), boosts: bool = False) -> tuple[float, float, float]:
        """(expected damage, chance to win the combat, chance to defeat) of an attack of strength
        ``a`` on fighter ``tf``, against the best defense its player may hold (``k``: the attack
        is also worth k times the defense card's value, see ``mirrored_value``; ``blanked``:
        types of defense card that count 0 against it; ``boosts``: the defense card counts its
        BOOST value, ``counts_foe_boost``). See ``combat_odds``."""
        return combat_odds(self.reader(view, tf.owner), tf.defn.name, tf.health, a, k, blanked, boosts)

    @cython.locals(view=_ViewCore, me=Fighter)
    def own_harm_cost(self, view, d: CardDef, mine: bool) -> float:
        """What the damage a card deals to our own hero costs beyond the rough worth
        ``effect_worth`` gave it: our hero's health at its worth now, and the game if it kills."""
        harm = own_hero_damage(d, mine)
        if not harm:
            return 0.0
        me = view.my_hero()
        if not me.on_board:
            return 0.0
        lost = min(harm, me.health)
        cost = max(0.0, self.hp_weight(me, True) - OP_WORTH["damage"]) * lost
        return cost + (OWN_DEFEAT if harm >= me.health else 0.0)

    @cython.locals(view=_ViewCore, memo=dict, hand=list, d=CardDef)
    def best_attack(self, view, options=None):
        """(score, (fighter, target), card) of the best attack we can make now (among all our
        attacks: once per decision, which may ask several times)."""
        memo = self._memo
        if options is None:
            got = memo.get("best_attack")
            if got is not None and not CHECK_CACHES:
                return got
        best = (-1e9, None, None)
        hand = view.hand_ids()
        for fi, t in options if options is not None else self.attack_options(view):
            name = view.fighter(fi).defn.name
            tgt = None      # the target's facts, looked up once for all our cards
            for cid in hand:
                d = view.card(cid)
                if d.can_attack and usable(d, name):
                    if tgt is None:
                        tgt = self._attack_target(view, fi, t)
                    s = _attack_score(self, view, fi, t, cid, tgt)
                    if s > best[0]:
                        best = (s, (fi, t), cid)
        if options is None:
            got = memo.get("best_attack")
            if got is not None and got != best:
                raise AssertionError(f"a kept best attack differs from a fresh one: {got} != {best}")
            memo["best_attack"] = best
        return best

    @cython.locals(view=_ViewCore)
    def attack_options(self, view):
        out = []
        for fi in view.on_board(view.seat):
            for t in view.attack_targets(fi):
                out.append((fi, t))
        return out

    # ------------------------------------------------------------ turn structure
    def on_action(self, view, d):
        scores = self.action_scores(view, d.options)
        # The best score; of equals an attack, else the first (a loop: cheaper than max() with a
        # key function built per call).
        pick, top, top_attack = None, 0.0, False
        for k, v in scores.items():
            attack = k == "attack"
            if pick is None or v > top or (v == top and attack and not top_attack):
                pick, top, top_attack = k, v, attack
        return pick

    def action_scores(self, view, opts) -> dict:
        """What each action of ``opts`` is worth now (``on_action`` takes the best; the replay's
        ``--explain`` shows them)."""
        scores = {"maneuver": self.maneuver_eval(view)}
        if "attack" in opts:
            s, _, _ = self.best_attack(view)
            scores["attack"] = s + ATTACK_BONUS + self.agg + self.hit_and_run(view)
        if "scheme" in opts:
            best = None         # (a loop: max() of a generator costs more than the work here)
            for cid, fi in self.scheme_options(view):
                v = self.scheme_eval(view, cid, fi)
                if best is None or v > best:
                    best = v
            scores["scheme"] = best
        if HAND_ADVICE and view.actions_now() == 1 and view.is_my_turn():
            self.turn_end_hand(view, scores)
        return scores

    def turn_end_hand(self, view, scores: dict) -> None:
        """On the turn's last action, add what the hand it leaves is worth to our hero's ability
        (hooks.HAND_ADVICE): a maneuver draws a card, an attack or a scheme spends one."""
        fn = HAND_ADVICE.get(view.hero().ability.hook)
        if fn is None:
            return
        hand = view.hand_size(view.seat)
        drawn = 1 if view.deck_size(view.seat) else 0
        for k in scores:
            if scores[k] is not None:
                scores[k] += fn(self, view, hand + drawn if k == "maneuver" else hand - 1)

    @cython.locals(view=_ViewCore, me=Fighter)
    def hit_and_run(self, view) -> float:
        """Hit and run: attacking first keeps a maneuver in hand to get out of reach afterwards,
        so an attack with an action to spare is worth what that escape would gain (the
        maneuver's own repositioning term, as if it were the turn's last action)."""
        if view.actions_now() < 2:
            return 0.0
        me = view.my_hero()
        if not me.on_board:
            return 0.0
        here = self.space_value(view, me.idx, me.space, 0)
        reach = self._move_reach(view, me)
        best = self.best_space_value(view, me.idx, reach, 0) if reach else here
        return REPOSITION_SHARE * max(0.0, best - here) + (self.hazard_escape(view, me, reach) if reach else 0.0)

    @cython.locals(view=_ViewCore, dd=CardDef)
    def scheme_options(self, view):
        out = []
        for cid in view.hand_ids():
            dd = view.card(cid)
            if dd.type == "scheme":
                for fi in view.on_board(view.seat):
                    if dd.usable_by(view.fighter(fi).defn.name):
                        out.append((cid, fi))
        return out

    @cython.locals(view=_ViewCore)
    def exhaustion_cost(self, view):
        """What one card drawn from our empty deck costs: 2 damage to each of our fighters on
        the board, by their health weight, and the defeat of each it kills (our last hero's:
        the game). (A loop rather than ``sum()`` of a generator: a ``cpdef`` method may hold no
        closure.)"""
        hurt = 0
        for fi in view.on_board(view.seat):
            f = view.fighter(fi)
            hurt += min(EXHAUSTION_DAMAGE, f.health) * self.hp_weight(f, True)
            if f.health <= EXHAUSTION_DAMAGE:
                hurt += self.defeat_worth(view, f)
        return hurt

    @cython.annotation_typing(False)
    @cython.locals(v=_ViewCore, deck=cython.Py_ssize_t, hand=cython.Py_ssize_t, room=cython.Py_ssize_t,
                   w=cython.double, short=cython.double, turns=cython.double)
    def draw_worth(self, view, n: int) -> float:
        """Worth of drawing n cards now (exhaustion damage for cards that are not there). A card
        that the hand limit will make us discard at the end of the turn (the hand is full, and
        the actions left after this one could play one card each) is worth nothing: it only
        brings our exhaustion a card closer (a patient style would otherwise draw turn after
        turn into the hand limit and lose the deck race). (The view as a typed local, the
        counts and the worth C numbers: its calls and sums run in C.)"""
        v = view
        deck = v.deck_size(v.seat)
        hand = v.hand_size(v.seat)
        drawn = min(n, deck)
        missing = n - drawn
        room = max(0, HAND_LIMIT - hand + max(0, v.actions_now() - 1))
        w = DRAW_CARD_WORTH * min(drawn, room)
        burned = drawn - min(drawn, room)
        turns = turns_left_estimate(v)      # (asked once: both the burned cards and the deck race read it)
        if burned:
            # cards drawn only to be discarded shorten the deck, more so one the game will need
            # (Three Wishes' "draw 5" on a full hand discards good cards and runs the Genie out
            # of his deck)
            w -= (BURNED_NEEDED if deck - drawn < CARDS_PER_TURN * turns else BURNED_SPARE) * burned
        if missing:
            w -= missing * self.exhaustion_cost(v)
        # The deck race: a card drawn now that the game will need later (the deck, less the
        # draw, is shorter than what the turns the game is likely to last take from it at our
        # deck's rate) brings exhaustion's 2 damage nearer, counted at even odds of the game
        # lasting that long, at DECK_RACE_SHARE of that: at full weight the heuristic draws far
        # less than the search, which plays better for drawing (docs/policies.md, "Drawing").
        short = min(drawn, max(0.0, turns * deck_rate(v) - (deck - drawn)))
        if short > 0:
            w -= DECK_RACE_SHARE * short * self.hp_weight(v.my_hero(), True)
        return w

    @cython.locals(view=_ViewCore, deck=cython.Py_ssize_t)
    def misery_gain(self, view, draws: int) -> float:
        """What revealing one more misery of Pandora's box gains when it draws ``draws`` cards:
        a misery's flat gain (1) for one without a draw; for one with, its draw at what a draw
        is worth now over a plain card's (``draw_worth``: the room in hand, a deck the game will
        need, exhaustion's damage for cards the deck no longer holds). Greed revealed from a
        deck the race needs, or an empty one, is a loss, not a misery's gain."""
        if not draws:
            return 1.0
        deck = view.deck_size(view.seat)
        base = 1.0 if deck >= draws else 0.0
        return base + self.draw_worth(view, draws) - DRAW_CARD_WORTH * min(draws, deck)

    @cython.locals(view=_ViewCore, total=cython.double, v=cython.double, worths=list)
    def ops_worth(self, view, ops, fi, mine: bool = True) -> float:
        """Worth of a list of effects resolved now by our fighter ``fi`` (schemes, modes);
        ``mine``: the card is from our deck (a TRICK of Loki's played by us only hurts us).
        (The best of several modes in loops, not ``max`` of a generator: a ``cpdef`` method
        holds no closure, and Loki weighs his schemes in every action decision.)"""
        total = 0.0
        for op in ops:
            n, spec = op.NAME, op.spec
            if not applies(spec, mine):
                continue
            if op.cost is not None and mine and not view.can_pay(op.cost):
                continue        # a price we cannot pay: it does not happen (a healing a coil short)
            if not mine and spec.get("if") == "not played_by_owner":
                total -= NOT_LOKI_COST      # the "Not Loki." half of a TRICK: it works against us
                continue
            if n == "draw":
                c = spec.get("count", 1)
                # a count read from the game where the view shows it (Zeus's Mischief: the miseries
                # revealed this turn), else a guess
                c = c if isinstance(c, int) else int(estimate_number(c, view, COUNT_GUESS))
                w = self.draw_worth(view, c) if spec.get("who", "self") == "self" else -FOE_DRAW_COST * c
            elif n == "gain_action":
                w = self.extra_action_worth(view)
                c = spec.get("count", 1)
                if w > 0 and isinstance(c, int) and c > 1:
                    w += (c - 1) * EXTRA_ACTION     # the actions after the first: a maneuver's worth
            elif n == "choose_one":
                w = None
                for _, mode_ops in op.modes:
                    v = self.ops_worth(view, mode_ops, fi)
                    if w is None or v > w:
                        w = v
                if w is None:
                    w = 0.0
            elif n == "look_at_deck":         # Prophecy: the cards kept are drawn, chosen
                k = spec.get("to_hand", 0)
                w = (self.draw_worth(view, k) + LOOK_AT_DECK_BONUS if spec.get("who", "self") == "self"
                     else LOOK_AT_FOE_DECK)
            elif n == "search_deck":          # The Lady of the Lake: a chosen card to hand
                w = SEARCH_DECK_WORTH
            elif n in ("choose_different", "choose_some"):     # the best ``count`` of the options
                worths = []
                for _, mode_ops in op.modes:
                    worths.append(self.ops_worth(view, mode_ops, fi))
                worths.sort(reverse=True)
                w = sum(worths[:op.count])
            elif n == "damage":
                w = self.effect_damage_worth(view, fi, spec)
            elif n == "shuffle_from_hand":    # a foe's card of our choice back into its deck
                w = SHUFFLE_FOE_CARD if view.hand_size(view.opp) else 0.0
            elif n == "instead":        # Unsettle: the better of the two (one paid for), if it applies
                cond = spec.get("if")
                if (isinstance(cond, dict) and cond.get("quantity") == "opposing_fighters_in_zone"
                        and not self._foes_in_zone(view, fi)):
                    w = 0.0
                else:
                    paid = op.cost_damage * self.hp_weight(view.my_hero(), True) + COST_DISCARD_WORTH * op.cost_discard
                    w = max(self.ops_worth(view, op.effects, fi, mine),
                            self.ops_worth(view, op.instead, fi, mine) - paid)
            elif n == "shuffle_into_deck":    # cards back from the discard pile: a longer deck
                c = spec.get("count", 1)
                c = c if isinstance(c, int) else 1
                w = SHUFFLE_BACK_WORTH * min(c, len(view.discard(view.seat)))
            elif n == "damage_spaces":        # Restless Spirits: the foes in the zone it can reach
                w = self.effect_damage_worth(view, fi, {"target": "each_opposing_in_zone",
                                                        "amount": spec.get("amount", 1)})
            elif n == "lock_values":
                w = self.lock_worth(view, spec.get("value", 4))
            elif n == "discard":
                c = spec.get("count", 1)
                c = c if isinstance(c, int) else 1
                if spec.get("who", "opponent") == "opponent":
                    w = FOE_DISCARD_WORTH * min(c, view.hand_size(view.opp))
                else:
                    w = -OWN_DISCARD_COST * c
            elif n == "recover":
                me = view.my_hero()
                a = spec.get("amount", 1)
                a = a if isinstance(a, int) else COUNT_GUESS
                w = RECOVER_HP_SHARE * self.hp_weight(me, True) * min(a, me.max_health - me.health)
            elif n == "summon":
                w = SUMMON_WORTH
            elif n in ("move", "place"):
                w = self.foe_shift_worth(view, op, fi)
                if w is None:
                    w = SHIFT_GUESS
            elif n == "put_on_deck":
                w = PUT_ON_DECK_WORTH
            else:
                # a hero's own effect is priced by its package (hooks.EFFECT_ADVICE), else the table
                adv = EFFECT_ADVICE.get(spec.get("name") if n == "hook" else n) if EFFECT_ADVICE else None
                w = adv(self, view, op, fi) if adv is not None else OP_WORTH.get(n, UNKNOWN_OP_WORTH)
            if spec.get("unless_paid"):
                w *= RANSOM_SHARE
            total += w
        return total

    @cython.locals(view=_ViewCore)
    def extra_action_worth(self, view) -> float:
        """What one more action this turn is worth: an attack if we have one, else a maneuver's
        draw. None on a foe's turn; and with an empty deck and nothing to attack or scheme with,
        the action is a forced maneuver whose draw costs exhaustion damage (Spell of Haste cast
        on the Sisters' last card costs 2 damage on each Sister)."""
        if not view.is_my_turn():
            return 0.0
        if self.best_attack(view)[1] is not None:
            return EXTRA_ATTACK_ACTION
        if view.deck_size(view.seat) == 0 and not self.scheme_options(view):
            return min(0.0, self.maneuver_eval(view))
        return EXTRA_ACTION

    @cython.locals(view=_ViewCore, f=Fighter)
    def heal_worth(self, view, amount: int) -> float:
        """The most ``amount`` health restored to one of our fighters on the board is worth
        (each point at ``hp_weight``)."""
        best = 0.0
        for fi in view.on_board(view.seat):
            f = view.fighter(fi)
            w = self.hp_weight(f, True) * min(amount, f.max_health - f.health)
            if w > best:
                best = w
        return best

    def best_effects(self, view, effects: dict):
        """The key of ``effects`` (option -> effect list resolved now by our hero) worth most
        (``ops_worth``): a hero's choice among effects, asked by its hook (the Sisters' spells)."""
        me = view.my_hero()
        fi = me.idx if me.on_board else None
        return max(effects, key=lambda k: (self.ops_worth(view, effects[k], fi), str(k)))

    # Where an effect's damage may land, by the target's name: the spaces next to the fighter
    # resolving it, its zone, the zones of all our fighters; None for a target anywhere (see
    # effect_damage_worth).
    _DAMAGE_REACH = {"adjacent": "adjacent", "adjacent_opposing": "adjacent",
                     "any_in_zone": "zone", "fighter_in_zone": "zone", "opposing_in_zone": "zone",
                     "other_in_zone": "zone", "opposing_fighter": None, "any_fighter": None,
                     "fighter_in_friendly_zones": "our_zones"}

    @cython.locals(view=_ViewCore)
    def blow_worth(self, view, f, amount: float) -> float:
        """What ``amount`` damage landing on fighter ``f`` is worth to us: a foe's health lost at
        its worth, a defeat of its hero counted as the game — or, on a fighter of ours, the
        same against us (``defeat_worth``). ``amount`` may be an estimate with a fraction (a
        number a card reads from the game: ``QUANTITY_GUESS``), compiled as well as pure."""
        hit = min(amount, f.health)
        dead = amount >= f.health
        if view.is_foe(f.owner):
            return self.foe_hp_weight(view, f) * hit + (self.defeat_worth(view, f) if dead else 0.0)
        return -(self.hp_weight(f, True) * hit + (self.defeat_worth(view, f) if dead else 0.0))

    @cython.locals(view=_ViewCore, f=Fighter)
    def defeat_worth(self, view, f) -> float:
        """What defeating fighter ``f`` is worth (to us if it is a foe's; what it costs us if it is
        ours): the game (``FOE_DEFEAT``, ``OWN_DEFEAT``) for the last hero standing of its side, a
        fighter's worth for a sidekick — and for one of several heroes (the Wayward Sisters:
        their player loses only with the last) a fighter and its attacks, not the game."""
        if not f.is_hero:
            if view.is_foe(f.owner) and self.sidekick_returns(view, f):
                return SIDEKICK_DEFEAT * SIDEKICK_RETURN_SHARE
            return SIDEKICK_DEFEAT
        if not _last_hero(view, f):
            return HERO_OF_SEVERAL_DEFEAT
        return FOE_DEFEAT if view.is_foe(f.owner) else OWN_DEFEAT

    last_hero = staticmethod(_last_hero)

    @cython.locals(view=_ViewCore, memo=dict, cards=tuple, counts=list, i=cython.Py_ssize_t)
    def sidekick_returns(self, view, f) -> bool:
        """Can the foe who owns sidekick ``f`` bring it back once defeated: does a card it may
        still draw or hold (its unseen cards, the cards of its hand we have seen) summon or
        return that sidekick? (Blackbeard's Sea Dogs come back; Medusa's Harpies do not.)
        Once per foe, fighter name and decision."""
        memo = self._memo
        key = ("returns", f.owner, f.defn.name)
        got = memo.get(key)
        if got is None:
            # Each kind of the foe's card list that brings it back (a fact of the card), asked
            # whether a copy is unseen (the unseen cards counted only then: most heroes have no
            # such card); then the cards of its hand we have seen.
            name = f.defn.name
            got = False
            cards = view._players[f.owner].hero.cards
            counts = None
            for i in range(len(cards)):
                if _brings_back(cards[i], name):
                    if counts is None:
                        counts = view.unseen_opponent_counts(f.owner)
                    if counts[i]:
                        got = True
                        break
            if not got:
                for cid in view.known_opponent_hand(f.owner):
                    if _brings_back(view.card(cid), name):
                        got = True
                        break
            memo[key] = got
        return got

    @cython.locals(view=_ViewCore, me=Fighter, f=Fighter)
    def effect_damage_worth(self, view, fi, spec) -> float:
        """Worth of an effect's damage resolved now by our fighter ``fi`` (a scheme's "2 damage
        to a fighter in Titania's zone"): each fighter it may hit at its health's worth (a hero
        defeated counting as the game), foes for us, ours against us; the best target of a
        choice, the sum of an "each". A target the table does not know keeps the rough worth."""
        a = spec.get("amount", 1)
        a = a if isinstance(a, int) else QUANTITY_GUESS
        tgt = str(spec.get("target", ""))
        each = tgt.startswith("each_")
        base = tgt[len("each_"):] if each else tgt
        if base not in self._DAMAGE_REACH or fi is None:
            return OP_WORTH["damage"] * a
        reach = self._DAMAGE_REACH[base]
        me = view.fighter(fi)
        board = view.board
        ours = 0
        if reach == "our_zones":
            for o in view.on_board(view.seat):
                ours |= board.zone_mask[view.fighter(o).space]
        worths = []
        for seat in range(view.players):
            foe = view.is_foe(seat)
            if "opposing" in base and not foe:
                continue
            for o in view.on_board(seat):
                f = view.fighter(o)
                if o == fi and reach in ("adjacent", "zone"):
                    continue
                if reach == "adjacent" and f.space not in board.adjacent[me.space]:
                    continue
                if reach == "zone" and not board.zone_mask[me.space] & board.zone_mask[f.space]:
                    continue
                if reach == "our_zones" and not board.zone_mask[f.space] & ours:
                    continue
                if foe or seat == view.seat:          # a teammate's fighters do not count
                    worths.append(self.blow_worth(view, f, a))
        if each:
            return sum(worths)
        return max(worths, default=0.0)

    @cython.locals(view=_ViewCore, n=cython.Py_ssize_t)
    def _foes_in_zone(self, view, fi) -> int:
        """How many foe fighters share a zone with our fighter ``fi`` (Board.same_zone's test on
        the zone masks, in C)."""
        zm = view.board.zone_mask
        zones = zm[view.fighter(fi).space]
        n = 0
        for t in (view.foe_seats() or (view.opp,)):
            for o in view.on_board(t):
                if zm[view.fighter(o).space] & zones:
                    n += 1
        return n

    def lock_worth(self, view, value: int) -> float:
        """"Your card values are N this turn": what it adds to the printed values of the attack
        cards the turn's actions could play, at ``LOCK_OUT_OF_RANGE`` with no target in range."""
        actions = view.actions_now()
        if actions <= 0:
            return 0.0
        attackers = [fi for fi in view.on_board(view.seat)
                     if any(view.card(c).can_attack and view.card(c).usable_by(view.fighter(fi).defn.name)
                            for c in view.hand_ids())]
        if not attackers:
            return 0.0
        in_range = any(view.attack_targets(fi) for fi in attackers)
        vals = sorted((card_strength(view.card(c), is_own_card(view, c))[0] for c in view.hand_ids()
                       if view.card(c).can_attack),
                      reverse=True)
        uses = min(actions, len(vals))
        gain = sum(max(0.0, value - v) for v in vals[:uses])
        return gain * (1.0 if in_range else LOCK_OUT_OF_RANGE)

    @cython.locals(view=_ViewCore, d=CardDef)
    def scheme_eval(self, view, cid, fi) -> float:
        if SCHEME_ADVICE:
            fn = SCHEME_ADVICE.get(view.hero().ability.hook)
            got = fn(self, view, cid, fi) if fn is not None else None
            if got is not None:
                return got
        d = view.card(cid)
        mine = is_own_card(view, cid)
        # the cards the scheme itself draws refill the hand it leaves (Closer Than She Appears)
        back = 0
        for op in d.effects.get("effect", ()):
            c = op.spec.get("count", 1)
            if (op.NAME == "draw" and op.spec.get("who", "self") == "self" and isinstance(c, int)
                    and op.spec.get("if") is None and applies(op.spec, mine)):
                back += c
        return (self.ops_worth(view, d.effects.get("effect", ()), fi, mine)
                - self.spend_cost(view, cid, back) + SCHEME_BONUS)

    def maneuver_eval(self, view) -> float:
        """A maneuver's worth: its draw (exhaustion's damage from an empty deck), where it takes
        our hero, less what the hero's ability makes it cost (hooks.MANEUVER_ADVICE: Mr. Hyde's
        damage after each of his maneuvers)."""
        me = view.my_hero()
        deck = view.deck_size(view.seat)
        if deck == 0:
            w = -self.exhaustion_cost(view)
        else:
            w = self.draw_worth(view, 1)
        if MANEUVER_ADVICE:
            fn = MANEUVER_ADVICE.get(view.hero().ability.hook)
            if fn is not None:
                w -= fn(self, view)
        if not me.on_board:
            return w
        return w + self.reposition_worth(view) + MANEUVER_BONUS + self.maneuver_boost_worth(view, me)

    def maneuver_boost_worth(self, view, me) -> float:
        """What the best BOOST a maneuver of our hero could make adds to it
        (``best_maneuver_boost``): a farther reach, or a placement anywhere (Houdini's Escape
        Artist), at the repositioning share, and a BOOST bonus that pays for the card
        (Misdirection's 2 damage); 0 where no BOOST gains."""
        cards = []
        for c in view.hand_ids():
            if view.card(c).boost is not None:
                cards.append(c)
        if not cards:
            return 0.0
        gain, pick = self.best_maneuver_boost(view, me, cards, view.actions_now() - 1, REPOSITION_SHARE)
        return gain if pick is not None else 0.0

    @cython.locals(view=_ViewCore, me=Fighter)
    def reposition_worth(self, view) -> float:
        """A maneuver's repositioning: how much better a space our hero can reach than where it
        stands (0 with the hero off the board)."""
        me = view.my_hero()
        if not me.on_board:
            return 0.0
        after = view.actions_now() - 1
        here = self.space_value(view, me.idx, me.space, after)
        reach = self._move_reach(view, me)
        best = self.best_space_value(view, me.idx, reach, after) if reach else here
        w = REPOSITION_SHARE * max(0.0, best - here)
        if after <= 0 and reach:
            w += self.hazard_escape(view, me, reach)
        return w

    @cython.locals(view=_ViewCore, me=Fighter, ctx=SpaceFacts, here=cython.double, best=cython.double,
                   plain=cython.double, v=cython.double, lost=cython.double)
    def hazard_escape(self, view, me, reach) -> float:
        """A move that ends the turn out of a foe's turn-start damage (Medusa's Gaze) escapes a
        sure loss, not a guess: the repositioning share every move gets counts that damage (and
        defeat) avoided at ``HAZARD_ESCAPE_SHARE``. What a move to the best space of ``reach``
        so counted adds over the plain repositioning term (0 where no foe hazard hurts us)."""
        hazard = self.turn_start_hazards(view)
        if hazard is None or not hazard[me.space]:
            return 0.0
        ctx = self._space_ctx(view, me.idx)
        here = ctx.known_value(me.space, 0)
        hurt = min(hazard[me.space], me.health)
        plain = best = 0.0
        for s in reach:
            v = ctx.known_value(s, 0) - here
            plain = max(plain, REPOSITION_SHARE * v)
            lost = ctx.hazard_w * (hurt - min(hazard[s], me.health))
            if hazard[me.space] >= me.health > hazard[s]:
                lost += ctx.hazard_lethal
            best = max(best, REPOSITION_SHARE * v + (HAZARD_ESCAPE_SHARE - REPOSITION_SHARE) * lost)
        return max(0.0, best - plain)

    @cython.locals(view=_ViewCore, memo=dict)
    def _move_reach(self, view, me) -> list:
        """Where a maneuver takes our hero ``me`` (no BOOST), once per decision: the action's
        maneuver, hit and run and the Genie's extra action all ask."""
        memo = self._memo
        got = memo.get("move_reach")
        if got is None:
            got = memo["move_reach"] = view.reachable(me.idx, view.move_value())
        elif CHECK_CACHES and got != view.reachable(me.idx, view.move_value()):
            raise AssertionError("a kept maneuver reach differs from a fresh one")
        return got

    # ------------------------------------------------------------ positions
    def threat_map(self, view) -> list[tuple[float, ...]]:
        """For each space, the attacks the foes could make next turn on a fighter of ours
        standing there, strongest first (``threat_record`` as tuples)."""
        return self.threat_record(view).as_list()

    @cython.locals(view=_ViewCore, memo=dict, threats=dict, parts=list, got=ThreatMap, fresh=ThreatMap)
    def threat_record(self, view) -> ThreatMap:
        """The threat map (``_threat_map``), kept across decisions while the foes' cards as we
        know them, who stands where and the rules of their movement are the same.

        The key is one flat tuple (who stands where, as each fighter's space; then per foe its
        card reader, whether its deck holds a card, its move, and each of its fighters with
        its movement rules), built with C calls to the view: it is asked for in every decision
        that weighs a space. (The positions fix which fighters each foe has on the board, so
        the flat tuple reads one way only.) A foe's reader stands for what we know of its cards:
        readers are shared by knowledge key (``_shared_reader``), and the key holds the reader
        itself, hashed and compared by identity, not the knowledge key's nested tuples."""
        memo = self._memo
        got = memo.get("threat_map")
        if got is not None:
            return got
        foes = self._foes(view) or (view.opp,)
        parts = [view.seat, foes, view.positions()]
        for t in foes:
            parts.append(self.reader(view, t))
            parts.append(view.deck_size(t) > 0)
            parts.append(view.move_value(t))
            for o in view.on_board(t):
                parts.append(o)
                parts.append(view.move_rules(o))
        key = tuple(parts)
        threats = self._threats
        got = threats.get(key)
        if got is None or CHECK_CACHES:
            fresh = self._threat_map(view)
            if got is not None and got.as_list() != fresh.as_list():
                raise AssertionError(f"a kept threat map differs from a fresh one: {got.as_list()} "
                                     f"!= {fresh.as_list()}")
            if len(threats) >= KEEP:
                threats.clear()
            got = threats[key] = fresh
        memo["threat_map"] = got
        return got

    @cython.locals(view=_ViewCore, foes=tuple, readers=list)
    def _threat_map(self, view) -> ThreatMap:
        """For each space, the attacks the foes could make next turn on a fighter of ours
        standing there (``position.threat_map_of``, from each foe's card odds)."""
        foes = self._foes(view) or (view.opp,)
        readers = []
        for t in foes:
            readers.append(self.reader(view, t))
        return threat_map_of(view, foes, readers)

    @cython.locals(view=_ViewCore, cache=dict, kept=dict, hand=tuple)
    def my_defenses(self, view, fi) -> tuple[float, ...]:
        """Defense strengths of the cards in our hand that fighter ``fi`` could use, best first.
        Kept across decisions by the fighter's name and the hand's card ids: for one view (one
        game, one seat) a card id is always the same card, ours or not, with the same strength
        (every fighter's ``SpaceFacts`` asks for them)."""
        cache = self._facts.defenses
        got = cache.get(fi)
        if got is None:
            name = view.fighter(fi).defn.name
            hand = tuple(view.hand_ids())
            if self._defenses_view is not view:
                self._defenses_view = view
                self._defenses = {}
            kept = self._defenses
            k2 = (name, hand)
            got = kept.get(k2)
            if got is None or CHECK_CACHES:
                fresh = self._my_defenses(view, name, hand)
                if got is not None and got != fresh:
                    raise AssertionError(f"kept defense strengths differ from fresh ones: {got} != {fresh}")
                if len(kept) >= KEEP:
                    kept.clear()
                got = kept[k2] = fresh
            cache[fi] = got
        return got

    @cython.locals(view=_ViewCore, d=CardDef)
    def _my_defenses(self, view, name, hand: tuple) -> tuple[float, ...]:
        strengths = []
        for c in hand:
            d = view.card(c)
            if d.can_defend and usable(d, name):
                strengths.append(min(DEFENSE_STRENGTH_CAP, card_strength(d, is_own_card(view, c))[1]))
        strengths.sort(reverse=True)
        return tuple(strengths)

    @cython.locals(view=_ViewCore)
    def exposure(self, view, fi, space) -> tuple[float, float]:
        """(expected damage, chance-ish of defeat) for our fighter ``fi`` ending on ``space``:
        each attack that could come, answered by our defense cards in turn (the best first)."""
        attacks = self.threat_record(view).attacks(space)
        if not attacks:
            return 0.0, 0.0
        return exposure_odds(attacks, self.my_defenses(view, fi), view.fighter(fi).health)

    @cython.locals(view=_ViewCore, memo=dict)
    def turn_start_hazards(self, view) -> list | None:
        """The damage the foes' abilities will deal at the start of their next turns to a
        fighter of ours on each space (``PlayerView.turn_start_hazards``: Medusa's Gaze,
        Tesla's overflow), a list indexed by space; None when no foe has such an ability."""
        memo = self._memo
        if "hazards" in memo:
            return memo["hazards"]
        out = None
        for t in self._foes(view):
            for spaces, amount in view.turn_start_hazards(t):
                if out is None:
                    out = [0.0] * view.board.size
                for sp in spaces:
                    out[sp] += amount
        memo["hazards"] = out
        return out

    @cython.locals(view=_ViewCore, memo=dict, got=SpaceFacts, f=Fighter)
    def _space_ctx(self, view, fi) -> SpaceFacts:
        """Per-decision facts space_value needs for fighter ``fi``: the board's, and the
        policy's (its style, the threat map, our defenses, the foes' turn-start hazards)."""
        memo = self._facts.space
        got = memo.get(fi)
        if got is None:
            got = SpaceFacts.__new__(SpaceFacts)
            got.read_board(view, fi, self._foes(view))
            f = view.fighter(fi)
            got.hero_w = self.hp_weight(f, True) * self.safety if f.is_hero else 0.0
            got.safety, got.cau, got.agg = self.safety, self.cau, self.agg
            got.tmap = self.threat_record(view)
            got.defs = self.my_defenses(view, fi)
            got.hazard = self.turn_start_hazards(view)
            if got.hazard is not None:
                got.hazard_w = self.hp_weight(f, True)
                got.hazard_lethal = self.defeat_worth(view, f)
            memo[fi] = got
        return got

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore, ctx=SpaceFacts, out=list)
    def space_values(self, view, fi, spaces, actions_after: int) -> list[float]:
        """``space_value`` of each of ``spaces``, in order. A loop that looks the decision's
        facts up once, not per space: this is the AI's innermost loop."""
        ctx = None
        out = []
        for s in spaces:
            if ctx is None:
                ctx = self._space_ctx(view, fi)
            out.append(ctx.known_value(s, actions_after))
        return out

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore, ctx=SpaceFacts, best=cython.double, v=cython.double, first=cython.bint)
    def best_space_value(self, view, fi, spaces, actions_after: int) -> float:
        """The best ``space_value`` among ``spaces`` (not empty). (``space_values``' loop, its
        values compared as they come rather than listed first.)"""
        ctx = None
        best = 0.0
        first = True
        for s in spaces:
            if ctx is None:
                ctx = self._space_ctx(view, fi)
            v = ctx.known_value(s, actions_after)
            if first or v > best:
                best = v
                first = False
        return best

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore, ctx=SpaceFacts, best=cython.double, v=cython.double, first=cython.bint)
    def best_space(self, view, fi, spaces, actions_after: int) -> int:
        """The space of ``spaces`` with the best ``space_value`` (the lowest-numbered of equals)."""
        ctx = None
        best = 0.0
        pick = None
        first = True
        for s in spaces:
            if ctx is None:
                ctx = self._space_ctx(view, fi)
            v = ctx.known_value(s, actions_after)
            if first or v > best or (v == best and s < pick):
                best, pick = v, s
                first = False
        return pick

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore, ctx=SpaceFacts)
    def space_value(self, view, fi, space, actions_after: int) -> float:
        """How good ``space`` is for our fighter ``fi`` (in rough damage units)."""
        ctx = self._space_ctx(view, fi)
        return ctx.known_value(space, actions_after)

    @cython.locals(view=_ViewCore)
    def on_move_destination(self, view, d):
        fi = d.info["fighter"]
        after = view.actions_now()
        return self.best_space(view, fi, d.options, after)

    # ------------------------------------------------------------ effects we decide
    @cython.locals(view=_ViewCore)
    def _after_now(self, view) -> int:
        """Actions we still have after an effect resolves now (none on a foe's turn: a fighter
        of ours placed then is exposed to the foe's remaining actions at once)."""
        return view.actions_now() if view.is_my_turn() else 0

    # Where a "place" effect may put a fighter, by its ``where`` (engine.effects.place_options).
    @cython.locals(view=_ViewCore)
    def _place_spaces(self, view, where: str, fi) -> list[int]:
        board = view.board
        empty = [s for s in range(board.size) if view.occupant(s) < 0]
        me = view.fighter(fi)
        if where == "any":
            return empty
        if where == "adjacent_to_self":
            return [s for s in empty if s in board.adjacent[me.space]]
        if where == "self_zone":
            # (Board.same_zone's test on the zone masks, in C: Loki weighs a "place" scheme in
            # every action decision)
            zm = board.zone_mask
            zones = zm[me.space]
            return [s for s in empty if zm[s] & zones]
        return []

    @cython.locals(view=_ViewCore, memo=dict)
    def foe_shift_worth(self, view, op, fi) -> float | None:
        """What a scheme's "move / place an opposing fighter" is worth played now by our fighter
        ``fi``: the best gain ``foe_space_value`` sees over where the foe's fighter stands,
        with the actions left after the scheme (Svaðilfari's Lure puts the foe next to Loki:
        worth playing against a foe who keeps out of his reach). None for a move or place of
        our own fighters.

        Worked out once per decision for each effect and fighter (``_foe_shift_worth``): a second
        copy of the scheme in hand, and the next decision in the same position, ask again."""
        memo = self._memo.get("foe_shift")
        if memo is None:
            memo = self._memo["foe_shift"] = {}
        key = (op, fi)
        if key in memo:
            got = memo[key]
            if CHECK_CACHES and got != self._foe_shift_worth(view, op, fi):
                raise AssertionError("a kept foe shift worth differs from a fresh one")
            return got
        got = memo[key] = self._foe_shift_worth(view, op, fi)
        return got

    @cython.locals(view=_ViewCore, hit_now=cython.bint, there=cython.bint)
    def _foe_shift_worth(self, view, op, fi) -> float | None:
        spec = op.spec
        who = str(spec.get("who", ""))
        if not who.startswith(("opposing", "each_opposing")) or who == "opposing_combatant":
            return None
        if fi is None or not view.fighter(fi).on_board:
            return 0.0
        acts = max(0, self._after_now(view) - 1)
        mine = view.on_board(view.seat)
        best = 0.0
        for t in view.foe_seats() or (view.opp,):
            for o in view.on_board(t):
                if op.NAME == "move":
                    n = spec.get("up_to", 1)
                    spaces = view.reachable(o, n if isinstance(n, int) else 1)
                else:
                    spaces = self._place_spaces(view, spec.get("where", "any"), fi)
                if not spaces:
                    continue
                # the attack it opens, at its worth (foe_space_value's flat term left out); the
                # blows the foe could deal from there only count if it survives that attack
                attack, alive = 0.0, 1.0
                if acts >= 1:
                    score, pair, cid = self.best_attack(view, [(mi, o) for mi in mine])
                    if pair is not None and score > 0:
                        attack = score
                        a = self.my_attack_strength(view, cid) + ability_bonus_estimate(view, pair[0], ATTACKER, o)
                        alive = 1.0 - self.attack_odds(view, view.fighter(o), a, 0, blanked_types(view.card(cid)))[2]
                here = self.foe_space_value(view, o, view.fighter(o).space, 0)
                hit_now = False         # (loops, not any() of a generator: a cpdef method)
                for mi in mine:
                    if view.can_hit_from(mi, view.fighter(mi).space, view.fighter(o).space):
                        hit_now = True
                        break
                for s in spaces:
                    gain = self.foe_space_value(view, o, s, 0) - here
                    if attack and not hit_now:
                        there = False
                        for mi in mine:
                            if view.can_hit_from(mi, view.fighter(mi).space, s):
                                there = True
                                break
                        if there:
                            gain = alive * gain + attack
                    if gain > best:
                        best = gain
        return best

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore, f=Fighter, me=Fighter)
    def foe_space_value(self, view, fi, space, acts: int | None = None) -> float:
        """How good it is for us that the foe's fighter ``fi`` stands on ``space`` (moved or
        placed by our effect): far from our fighters when it threatens them, within our reach
        when we still have an attack to make this turn (``acts``: the actions we have left
        then; default, those after an effect resolving now)."""
        f = view.fighter(fi)
        dist = view.dist
        reader = self.reader(view, f.owner)
        e = reader.threat(f.defn.name) * (1.0 if f.is_hero else FOE_SIDEKICK_THREAT)
        m = (f.defn.move if f.defn.move is not None else view.move_value(f.owner)) + 1
        value = 0.0
        for mi in view.on_board(view.seat):
            me = view.fighter(mi)
            w = self.hp_weight(me, True) * (1.0 if me.is_hero else OUR_SIDEKICK_SHARE) * (SAFETY_BASE + self.safety)
            if view.can_hit_from(fi, space, me.space):
                value -= w * TWO_ATTACKS * e           # two attacks without moving
            elif (dist[space][me.space] <= m + FOE_REACH_MARGIN
                  or (f.defn.ranged and dist[space][me.space] <= m + RANGED_REACH_MARGIN)):
                value -= w * e                 # one, after a move
            else:
                value += FOE_DISTANCE_WORTH * min(dist[space][me.space], FOE_DISTANCE_CAP)
        if acts is None:
            acts = self._after_now(view)
        if acts >= 1:
            for mi in view.on_board(view.seat):
                if view.can_hit_from(mi, view.fighter(mi).space, space) and self.usable_attack_cards(view, mi):
                    value += (TARGET_HERO if f.is_hero else TARGET_SIDEKICK) * (AGGRESSION_BASE + self.agg)
                    break
        return value

    @cython.locals(view=_ViewCore)
    def _op_spec(self, view, d) -> dict:
        """The spec of the effect a decision comes from (its card's op of that name), or {}."""
        card, name = d.info.get("card"), d.info.get("op")
        if card is None or card < 0 or name is None:
            return {}
        for ops in view.card(card).effects.values():
            for op in ops:
                if op.NAME == name:
                    return op.spec
        return {}

    def on_effect_destination(self, view, d):
        """Where an effect puts a fighter (place, move, push, revive, summon): ours by the same
        space evaluation as movement (so an escape ends out of reach when that is worth most),
        a foe's where it threatens us least (and where we can hit it, if we still attack)."""
        fi = d.info["fighter"]
        f = view.fighter(fi)
        if view.is_foe(f.owner):
            return max(d.options, key=lambda s: (self.foe_space_value(view, fi, s), -s))
        if f.owner != view.seat:       # a teammate's: greedy's rule
            return super().on_effect_destination(view, d)
        if DESTINATION_ADVICE:          # the hero's own advice (hooks.DESTINATION_ADVICE)
            fn = DESTINATION_ADVICE.get(view.hero().ability.hook)
            got = fn(self, view, d) if fn is not None else None
            if got is not None:
                return got
        after = self._after_now(view)
        return self.best_space(view, fi, d.options, after)

    def on_effect_fighter(self, view, d):
        """Which fighter an effect applies to. A move or place that may take either side's
        fighter (Vanishing Act: either combatant) goes to the one whose move gains us most."""
        op = d.info.get("op")
        opts = [o for o in d.options if o is not None]
        if op in ("move", "place") and opts:
            spec = self._op_spec(view, d)
            up_to = spec.get("up_to", 3) if isinstance(spec.get("up_to", 3), int) else 3
            through = bool(spec.get("through_opponents", False))
            after = self._after_now(view)

            def gain(o):
                f = view.fighter(o)
                if not f.on_board:
                    return 0.0
                spaces = (view.reachable(o, up_to, through) if op == "move"
                          else [s for s in range(view.board.size) if view.occupant(s) < 0])
                if not spaces:
                    return -1e9 if None not in d.options else 0.0
                if view.is_foe(f.owner):
                    here = self.foe_space_value(view, o, f.space)
                    return max(self.foe_space_value(view, o, s) for s in spaces) - here
                if f.owner != view.seat:
                    return 0.0
                here = self.space_value(view, o, f.space, after)
                best = self.best_space_value(view, o, spaces, after)
                return best - here if op == "move" else best - here - PLACE_COST
            scored = max(opts, key=lambda o: (gain(o), view.fighter(o).is_hero, -o))
            if None in d.options and gain(scored) <= 0:
                return None
            return scored
        if op == "recover" and opts:
            mine = [o for o in opts if view.fighter(o).owner == view.seat]
            if mine:
                return max(mine, key=lambda o: (min(3, view.fighter(o).max_health - view.fighter(o).health)
                                                * self.hp_weight(view.fighter(o), True), -o))
        return super().on_effect_fighter(view, d)

    @cython.locals(view=_ViewCore)
    def on_ability_draw(self, view, d):
        """An optional draw (The Hunger): taken whenever the card fits in hand, never into
        exhaustion. The search drew where a card kept in the deck for each turn the game might
        last refused it (24 of 26 such decisions, +8 points each played out), and drawing
        always won Chupacabra more of his games against the roster than weighing the deck race
        (``draw_worth``) did (docs/policies.md, "Conditions on the board")."""
        n = d.info.get("count", 1)
        if view.deck_size(view.seat) < n:
            return False                      # exhaustion's damage, not a card
        return view.hand_size(view.seat) + n <= HAND_LIMIT

    turns_left = staticmethod(turns_left_estimate)

    @cython.locals(view=_ViewCore)
    def on_move_order(self, view, d):
        # Sidekicks that screen move after the hero (they guard where it ends up); others first.
        mine = [o for o in d.options if o is not None]
        heroes = [o for o in mine if view.fighter(o).is_hero]
        if heroes:
            return heroes[0]
        return mine[0] if mine else None

    @cython.locals(view=_ViewCore, me=Fighter)
    def on_maneuver_boost(self, view, d):
        """The BOOST card whose extra movement gains most in space value over its cost (none
        unless the gain is worth 0.15)."""
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        me = view.my_hero()
        if not me.on_board:
            costs = [self.boost_cost(view, c) for c in cards]
            return min(zip(costs, cards))[1] if min(costs) < 0 else None
        return self.best_maneuver_boost(view, me, cards, view.actions_now(), 1.0)[1]

    @cython.locals(view=_ViewCore, me=Fighter, card=CardDef, n=cython.Py_ssize_t, s=cython.Py_ssize_t,
                   ends=bytearray, every=cython.bint)
    def best_maneuver_boost(self, view, me, cards, after: int, share: float) -> tuple:
        """(gain, card): the BOOST of a maneuver of our hero ``me`` that gains most over its
        cost (``boost_cost``: the card spent less its BOOST bonus), with ``share`` of the space
        value its farther reach gains (1 for the BOOST itself; the repositioning share where
        the action's choice weighs the maneuver); (MIN_BOOST_GAIN, None) where none gains that
        much. ``after``: the actions left after the maneuver. (Without closures, so that the
        view is typed here.)"""
        move = view.move_value()
        # the plain move's reach, kept for the decision (the action's choice asks it too)
        base = self.best_space_value(view, me.idx, self._move_reach(view, me), after)
        # Where a BOOST lets the hero be placed instead of moving (Escape Artist: any empty
        # space), as the engine offers it. A move reaches only empty spaces and its own, so
        # placements that take in every empty space leave the same ends whatever the BOOST's
        # value: their best is worked out once, not a walk and a union per BOOST value.
        boosted = None
        placed = view.maneuver_place_options(me.idx, True)
        if placed:
            n = view._size
            ends = bytearray(n)         # the spaces placed on, and its own
            for s in placed:
                ends[s] = 1
            ends[me.space] = 1
            every = True
            for s in range(n):
                if not ends[s] and view.occupant(s) < 0:
                    every = False
                    break
            if every:
                boosted = self.best_space_value(view, me.idx, [s for s in range(n) if ends[s]], after)
        best, pick = MIN_BOOST_GAIN, None
        # On the turn's last action a BOOST is also a card fewer in the hand the turn leaves
        # (hooks.HAND_ADVICE: Bloody Mary's 3 cards).
        hand_lift = 0.0
        if HAND_ADVICE and after == 0:
            fn = HAND_ADVICE.get(view.hero().ability.hook)
            if fn is not None:
                h = view.hand_size(view.seat)
                hand_lift = fn(self, view, h - 1) - fn(self, view, h)
        seen: dict[int, float] = {}
        # A card's cost is only worked out where it could matter: one that costs nothing or
        # more (no BOOST bonus, kept worth not negative) cannot gain more than its lift in
        # space value, so with a lift no better than the best so far it is passed over.
        plain = _plain_costs(type(self))
        for c in cards:
            card = view.card(c)
            b = card.boost_value
            if b not in seen:
                if boosted is not None:
                    seen[b] = boosted
                elif placed:
                    for s in view.reachable(me.idx, move + b):
                        if not ends[s]:
                            ends[s] = 2     # (this BOOST's reach beyond the placements: unmarked after)
                    seen[b] = self.best_space_value(view, me.idx, [s for s in range(n) if ends[s]], after)
                    for s in range(n):
                        if ends[s] == 2:
                            ends[s] = 0
                else:
                    seen[b] = self._best_reach_value(view, me.idx, move + b, after)
            lift = share * (seen[b] - base) + hand_lift
            if plain and lift <= best and not card.effects.get("boost_bonus") and keep_worth(card, is_own_card(view, c)) >= 0.0:
                continue
            gain = lift - self.boost_cost(view, c)
            if gain > best:
                best, pick = gain, c
        return best, pick

    @cython.annotation_typing(False)
    @cython.locals(view=_ViewCore)
    def _best_reach_value(self, view, fi, steps, actions_after: int) -> float:
        """The best space value fighter ``fi`` reaches with a move of ``steps``."""
        return self.best_space_value(view, fi, view.reachable(fi, steps), actions_after)

    # ------------------------------------------------------------ combat
    @cython.locals(view=_ViewCore)
    def on_attack_target(self, view, d):
        _, opt, _ = self.best_attack(view, d.options)
        return opt if opt is not None else d.options[0]

    @cython.locals(view=_ViewCore, v=cython.double)
    def on_attack_card(self, view, d):
        """The card worth most to attack with (``attack_eval``, plus the hero's own advice)."""
        fi, t = d.info["fighter"], d.info["target"]
        tgt = self._attack_target(view, fi, t)
        best = pick = None
        for c in d.options:
            v = _attack_score(self, view, fi, t, c, tgt)
            key = (v + self.card_bonus(view, c), -c)
            if best is None or key > best:      # max(): the first of equal keys
                best, pick = key, c
        return pick

    @cython.locals(view=_ViewCore, sc=cython.double)
    def on_defense_card(self, view, d):
        """The defense card (or none) that loses least (``defense_scores``; of equals, the
        first)."""
        best = pick = None
        for cid, sc in self.defense_scores(view, d):
            key = (sc, -(cid if cid is not None else -1))
            if best is None or key > best:      # max(): the first of equal keys
                best, pick = key, cid
        return pick

    @cython.locals(view=_ViewCore, me=Fighter, attacker=Fighter, w=cython.double, dv=cython.double,
                   heal=cython.double, worth=cython.double, cost=cython.double, exp_loss=cython.double,
                   p_dead=cython.double, v=cython.double, p=cython.double, av=cython.double,
                   dmg=cython.double, health=cython.double, healed=cython.double, sc=cython.double,
                   spend_w=cython.double, defeat_w=cython.double, card=CardDef, trade=cython.bint,
                   traded=cython.double, own=cython.bint, draws_per_damage=cython.Py_ssize_t,
                   conditional=tuple, lift=cython.double, cworth=cython.double, room=cython.double,
                   guard=tuple)
    def defense_scores(self, view, d) -> list:
        """(option, score) of each defense card of ``d`` (or none): minus the health the attack
        may take (and the game, if it may defeat us) against the odds of the attacker's card,
        plus what the card heals (read from the board: ``heal_adjusts``) and its effects are
        worth, less what it costs to spend, plus the hero's own advice (``card_bonus``). (A loop
        in C doubles, not a closure per option: the same arithmetic in the same order.)"""
        me = view.fighter(d.info["fighter"])
        attacker = view.fighter(d.info["attacker"])
        foe_reader = self.reader(view, attacker.owner)
        dist = foe_reader.attack(attacker.defn.name, True,
                                 self.foe_lifts(view, foe_reader, attacker.idx, me.idx))
        w = self.hp_weight(me, True)
        # Standing bonuses of the fighters' own abilities (Alice's size): public estimates.
        mine_bonus = ability_bonus_estimate(view, me.idx, DEFENDER)
        their_bonus = ability_bonus_estimate(view, attacker.idx, ATTACKER)
        spend_w = self.spend_weight()
        defeat_w = self.defeat_worth(view, me)
        out = []
        for cid in d.options:
            draws_per_damage = 0
            if cid is None:
                dv, heal, worth, cost = 0.0, 0.0, 0.0, 0.0
                trade, traded = False, 0.0
            else:
                card = view.card(cid)
                own = is_own_card(view, cid)
                if own:
                    draws_per_damage = damage_draws(card)
                if own and _reads_the_view(card):
                    # its value read from the view, as in attack (Maddening Insight: the cards
                    # left in our hand), not the card tables' guess
                    dv = float(card.value or 0) + self.value_gain(view, cid) + mine_bonus
                else:
                    dv = card_strength(card, own)[1] + mine_bonus
                if own and (_value_hooks(card) or deck_boosts(card)):
                    dv += self.own_strength_adjust(view, cid, card)
                if (own and spends_coils(card)
                        and charged_terms(card, True, view.resources(view.seat).get("coils", 0))[2]):
                    dv = BLOCK_ALL      # the coils charged make the attack count 0 (Polyphase Coils)
                # a card that trades values (Freyja's Rescue): the attack keeps its bonuses on
                # this card's value, the defense takes the attack card's
                trade = own and trades_values(card)
                traded = float(card.value or 0)
                heal = 0.0
                for op in card.effects.get("immediately", ()):
                    if op.NAME == "recover":
                        a = op.spec.get("amount", 1)
                        heal += a if isinstance(a, int) else 1
                worth = effect_worth(card, COMBAT_TIMINGS, DEFENSE_WIN_CHANCE, own)
                if own and _package_terms(card):
                    # its hero's own effects priced on the board (Kinetic Induction's coils)
                    worth += self.package_effects_adjust(view, card, me.idx, DEFENSE_WIN_CHANCE)
                worth *= DEFENSE_EFFECT_SHARE
                if own and ends_turn(card):
                    # the turn's end read from the board (The Rest Is Silence): the attacker's
                    # player loses the actions it has left, where the table guessed it flat
                    worth += (EXTRA_ACTION * view._players[attacker.owner].actions
                              - UNKNOWN_OP_WORTH * DEFENSE_EFFECT_SHARE)
                conditional = conditional_terms(card, own)
                if conditional:     # conditions on the board (Momentous Shift: we have not moved)
                    if own and _reads_the_view(card):
                        conditional = _effects_only(conditional)
                    lift, cworth = self.conditions_now(view, me.idx, attacker.idx, conditional, False)
                    dv += lift
                    worth += cworth * DEFENSE_EFFECT_SHARE
                cost = spend_w * self.keep_base(view, cid)
            exp_loss = p_dead = 0.0
            health = min(me.max_health, me.health + heal)
            # what the blow can take: all the health, less a floor our card keeps (Mississippi
            # Queen: not below 1), none where it prevents the damage (Bewilderment)
            room = health
            if cid is not None and own:
                guard = damage_guard(card)
                if guard and (guard[0] == "self" or guard[0] == me.defn.name):
                    room = 0.0 if guard[2] else max(0.0, health - guard[1])
            for v, p in dist:
                av = 0.0 if v == NO_CARD else v + their_bonus
                if trade and v != NO_CARD:
                    dmg = max(0.0, traded + their_bonus - (v + mine_bonus))
                else:
                    dmg = 0.0 if dv >= BLOCK_ALL else max(0.0, av - dv)
                dmg = min(dmg, room)
                exp_loss += p * dmg
                if dmg >= health:
                    p_dead += p
            healed = min(heal, me.max_health - me.health)
            if cid is not None and own and _own_heals(card):
                # healing read from the board: after the blow, up to what it takes too
                heals = self.heal_adjusts(view, card, exp_loss, DEFENSE_EFFECT_SHARE, True)
                worth += heals[0] + DEFENSE_WIN_CHANCE * heals[1]
            if draws_per_damage:
                # a card drawn for each point of damage taken (Prisoner's Torment): the draws
                # the expected damage brings, where its effect's worth guessed the damage flat
                worth += (self.draw_worth(view, draws_per_damage * exp_loss)
                          - DEFENSE_EFFECT_SHARE * OP_WORTH["draw"] * QUANTITY_GUESS * draws_per_damage)
            sc = -w * exp_loss + w * healed + worth - cost     # a health point restored is one not lost
            sc -= defeat_w * p_dead
            out.append((cid, sc + self.card_bonus(view, cid)))
        return out

    def on_combat_boost(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        boosted = d.info.get("card")
        roles = view.combat_cards()
        if boosted is None or not view.in_combat:
            return super().on_combat_boost(view, d)
        role = 0 if roles[0] == boosted else 1
        mine = view.card_owner(boosted) == view.seat or view.my_role() == role
        if not mine:
            return None
        a, dv = view.combat_value(0), view.combat_value(1)
        fighters = view.combat_fighters()
        defender = view.fighter(fighters[1])
        if role == 0:       # attacking: more damage, maybe a won combat
            w = self.hp_weight(defender, False)

            def gain(b):
                before, after = max(0, a - dv), max(0, a + b - dv)
                g = w * (min(after, defender.health) - min(before, defender.health))
                if before == 0 and after > 0:
                    g += WON_COMBAT_WORTH + effect_worth(view.card(boosted), ("after_combat",), 1.0,
                                                         is_own_card(view, boosted)) * WON_EFFECT_SHARE
                if after >= defender.health > before:
                    g += self.defeat_worth(view, defender)
                return g
        else:               # defending: less damage taken
            w = self.hp_weight(defender, True)

            def gain(b):
                before, after = max(0, a - dv), max(0, a - dv - b)
                g = w * (min(before, defender.health) - min(after, defender.health))
                if before > 0 and after == 0:
                    g += WON_COMBAT_WORTH + effect_worth(view.card(boosted), ("after_combat",), 1.0,
                                                         is_own_card(view, boosted)) * WON_EFFECT_SHARE
                if before >= defender.health > after:
                    g += self.defeat_worth(view, defender)
                return g
        # A card that gives back a card it was boosted with after combat (The Big Reveal): the
        # first BOOST onto it comes back to hand, so it costs nothing, and its BOOST bonus
        # (Flourish's draw, Bess's action) is a gain. (A card whose effects are cancelled offers
        # no BOOST at all: the offer is its own effect.)
        free = _returns_a_boost(view.card(boosted)) and not view.combat_boosts(role)
        best, pick = MIN_COMBAT_BOOST_GAIN, None
        for c in cards:
            cost = -self.boost_bonus_worth(view, c) if free else self.boost_cost(view, c)
            v = gain(view.card(c).boost_value) - cost
            if v > best:
                best, pick = v, c
        return pick

    @cython.locals(view=_ViewCore)
    def attack_boost_unseen(self, view, d):
        """A BOOST card added to our attack before the defense is seen (King Arthur's face-down
        BOOST; his hook module asks this): the card whose BOOST adds most to the attack's expected
        worth against the defense the foe may hold, net of what the card is worth kept
        (Excalibur, The Holy Grail, The Lady of the Lake are not thrown in for +2); none if no
        card pays."""
        cards = [c for c in d.options if c is not None]
        if not cards or view.hand_size(view.seat) <= 1:
            return None
        tf = view.fighter(d.info["target"])
        a = self.my_attack_strength(view, d.info["card"])
        k = mirrored_value(view.card(d.info["card"]))
        w = self.hp_weight(tf, False)
        blanked = blanked_types(view.card(d.info["card"]))
        dmg0, win0, kill0 = self.attack_odds(view, tf, a, k, blanked)
        won_worth = WON_COMBAT_WORTH + WON_EFFECT_SHARE * effect_worth(view.card(d.info["card"]), ("after_combat",),
                                                                   1.0, is_own_card(view, d.info["card"]))
        best, pick = MIN_COMBAT_BOOST_GAIN, None
        seen: dict[int, float] = {}
        for c in cards:
            b = view.card(c).boost_value
            if b not in seen:
                dmg, win, kill = self.attack_odds(view, tf, a + b, k, blanked)
                seen[b] = (w * (dmg - dmg0) + won_worth * (win - win0)
                           + self.defeat_worth(view, tf) * (kill - kill0))
            gain = seen[b] - self.boost_cost(view, c)
            if gain > best:
                best, pick = gain, c
        return pick

    def on_effect_replace_card(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards or not view.in_combat:
            return None
        role = view.my_role()
        current = d.info.get("card")
        if role == 0:
            other = view.combat_value(1)
            fighters = view.combat_fighters()
            target = view.fighter(fighters[1])

            def score(c):
                a = card_strength(view.card(c), is_own_card(view, c))[0]
                return (self.hp_weight(target, False) * min(target.health, max(0.0, a - other))
                        + effect_worth(view.card(c), p_won=1.0 if a > other else 0.0, mine=is_own_card(view, c))
                        - self.spend_cost(view, c))
        else:
            other = view.combat_value(0)

            def score(c):
                dv = card_strength(view.card(c), is_own_card(view, c))[1]
                return -max(0.0, other - dv) * REPLACE_DEFENSE_LOSS - self.spend_cost(view, c)
        best = max(cards, key=lambda c: (score(c), -c))
        base = score(current) if current is not None else -1e9
        return best if score(best) > base + REPLACE_MARGIN else None

    # ------------------------------------------------------------ cards
    def on_hand_limit_discard(self, view, d):
        return min(d.options, key=lambda c: (self.keep(view, c), c))

    def on_effect_cost_discard(self, view, d):
        return min(d.options, key=lambda c: (self.keep(view, c), c))

    def on_effect_put_on_deck(self, view, d):
        # It is the next card we draw: give back the one we need least now.
        return min(d.options, key=lambda c: (self.keep(view, c), c))

    def on_effect_discard(self, view, d):
        if d.info.get("victim") == view.seat:
            return min(d.options, key=lambda c: (self.keep(view, c), c))
        # Their best card: the strongest value, schemes and effects counted.
        return max(d.options, key=lambda c: (keep_worth(view.card(c), view.card_owner(c) == view.opp), -c))

    def on_effect_unless_discard(self, view, d):
        cards = [c for c in d.options if c is not None]
        if not cards:
            return None
        effects = d.info.get("effects", ())
        harm = 0.0
        for op in effects:
            n, spec = op.NAME, op.spec
            if n == "damage":
                a = spec.get("amount", 1)
                harm += (a if isinstance(a, int) else OWN_DAMAGE_GUESS) * self.hp_weight(view.my_hero(), True)
            else:
                harm += OP_WORTH.get(n, UNKNOWN_HARM_WORTH)
        cheapest = min(cards, key=lambda c: (self.keep(view, c), c))
        return cheapest if harm > UNLESS_KEEP_SHARE * self.keep(view, cheapest) else None

    def on_effect_may(self, view, d):
        advice = self.cost_advice(view, d)
        if advice is not None:
            return advice
        cost = d.info.get("cost", 0)
        op = d.info.get("op")
        if view.deck_size(view.seat) == 0 and op == "draw":
            return False
        if cost:
            hand = sorted(self.keep(view, c) for c in view.hand_ids())
            if len(hand) < cost:
                return False
            price = sum(hand[:cost]) * MAY_PRICE_SHARE
            worth = MAY_ACTION_WORTH if op == "gain_action" else MAY_DAMAGE_WORTH if op == "damage" else MAY_OTHER_WORTH
            if op == "gain_action" and self.best_attack(view)[1] is None and view.deck_size(view.seat) == 0:
                worth = 0.0
            return worth > price
        dmg = d.info.get("cost_damage", 0)
        if dmg:
            # The fighter that pays (Patroclus for The Day of Your Doom), else our hero: a hero
            # keeps a margin of health, a sidekick only has to survive the payment.
            payer = d.info.get("payer", -1)
            me = view.fighter(payer) if payer is not None and payer >= 0 else view.my_hero()
            if not me.is_hero:
                return me.health > dmg
            return me.health > dmg + SELF_DAMAGE_MARGIN + SELF_DAMAGE_CAUTION * self.cau
        if op == "damage":
            worth = self.optional_damage_worth(view, d)
            if worth is not None:
                return worth > 0
        if op == "swap_fighters":
            worth = self.swap_defender_worth(view, d)
            if worth is not None:
                return worth >= 0
        if op == "draw":
            # an optional draw of our own (Bigfoot's at the end of his turn): taken when the
            # cards are worth drawing now, the deck race included (``draw_worth``)
            spec = self._op_spec(view, d)
            if spec.get("who", "self") == "self":
                c = spec.get("count", 1)
                return self.draw_worth(view, c if isinstance(c, int) else 1) > 0
        return True

    @cython.locals(view=_ViewCore)
    def optional_damage_worth(self, view, d) -> float | None:
        """What an optional "deal N damage to both fighters of the combat" is worth to us (Parting
        Gift): the foe's health lost at its worth, less ours, a defeat counted as the game; None
        for an optional damage that can only hit foes or whose fighters are chosen later."""
        spec = self._op_spec(view, d)
        if spec.get("target") != "each_combatant" or not view.in_combat:
            return None
        a = spec.get("amount", 1)
        a = a if isinstance(a, int) else 1
        worth = 0.0
        for fi in view.combat_fighters():
            f = view.fighter(fi)
            if f.on_board:
                worth += self.blow_worth(view, f, a)
        return worth

    def swap_defender_worth(self, view, d) -> float | None:
        """What trading places with another fighter of ours, who then defends in its stead, is
        worth to us (Smoke and Mirrors, Slick Talker): the blow as the revealed cards stand now
        lands on the other one; a hero's defeat counts as the game. None outside that case (our
        fighter attacking, no card values yet)."""
        spec = self._op_spec(view, d)
        if not spec.get("switch_combatant") or not view.in_combat or view.my_role() != DEFENDER:
            return None
        a_val, d_val = view.combat_value(ATTACKER), view.combat_value(DEFENDER)
        if a_val is None or d_val is None:
            return None
        current = view.fighter(view.combat_fighters()[DEFENDER])
        names = {spec.get("a"), spec.get("b")}
        other = next((view.fighter(fi) for fi in view.on_board(view.seat)
                      if fi != current.idx and view.fighter(fi).defn.name in names), None)
        if other is None:
            return None
        dmg = max(0, a_val - d_val)
        return self.blow_worth(view, other, dmg) - self.blow_worth(view, current, dmg)

    # ------------------------------------------------------------ hero decisions
    def on_ability_discard_for_action(self, view, d):
        """The Genie's Infinite Power: the worst card of the hand (``held_worth``: a scheme at
        what playing it would gain too) for an extra action, when what the action would do is
        worth more than the card — an attack with another card (as
        ``on_action`` scores it), or a maneuver for where it takes him. A maneuver's draw is not
        counted: it only replaces the card discarded, a card nearer exhaustion (a flat worth for
        the action has him discard turn after turn to maneuver, into his own exhaustion)."""
        cards = [c for c in d.options if c is not None]
        if not cards or view.hand_size(view.seat) < 2:
            return None
        held = {c: self.held_worth(view, c) for c in cards}
        worst = min(cards, key=lambda c: (held[c], c))
        action = self.reposition_worth(view) if view.deck_size(view.seat) > 0 else NO_DECK_ACTION
        score, how, card = self.best_attack(view)
        if how is not None and card != worst:
            action = max(action, score + ATTACK_BONUS + self.agg)
        return worst if action > INFINITE_POWER_SHARE * held[worst] else None

    def held_worth(self, view, cid) -> float:
        """What card ``cid`` is worth in our hand: its kept worth (``keep``), and for a scheme
        what playing it now would gain beyond that (``scheme_eval``, by the best fighter that may
        play it): Three Wishes' draw of 5, which the card tables guess at a flat 0.3."""
        worth = self.keep(view, cid)
        if view.card(cid).type == "scheme":
            gain = 0.0
            for c, fi in self.scheme_options(view):
                if c == cid:
                    gain = max(gain, self.scheme_eval(view, cid, fi))
            worth += gain
        return worth

    @cython.locals(view=_ViewCore)
    @cython.locals(view=_ViewCore, f=Fighter)
    def on_ransom(self, view, d):
        """"<effect> unless 🪙×N" (Blackbeard's ransoms): pay when what the effect would give the
        foe is worth more than paying costs now (``ransom_price``). A sidekick summoned is a
        fighter with its attacks and zone (``SUMMONED_WORTH``: its attacks, and ours spent
        removing it again); health the foe's hero regains undoes damage toward the win, at its
        health's worth; an action for the foe, what an action is; damage to our fighters, at
        their health's worth (and defeat's); a discard from our hand, the cards it would take
        at what we keep them for (one at random: what a card drawn is worth, as the hand runs short). Other effects (a cancel) as
        greedy weighs them."""
        op = d.info["effect"]
        name = op.NAME
        price = self.ransom_price(view, d)
        if name == "summon":
            gone = False        # a foe's sidekick off the board that it would bring on
            for t in self._foes(view):
                for f in view.fighters(t):
                    if not f.is_hero and not f.on_board and f.defn.name == op.spec.get("sidekick", f.defn.name):
                        gone = True
            return gone and SUMMONED_WORTH > price
        if name == "recover":
            n = self._number(op.amount)
            cost = 0.0
            for fi in d.info.get("fighters", ()):
                f = view.fighter(fi)
                if view.is_foe(f.owner):
                    cost += self.hp_weight(f, False) * min(n, f.max_health - f.health)
            return cost > price
        if name == "damage":
            n = self._number(op.amount)
            cost = 0.0
            for fi in d.info.get("fighters", ()):
                f = view.fighter(fi)
                if not view.is_foe(f.owner):
                    cost += self.hp_weight(f, True) * min(n, f.health)
                    if n >= f.health:
                        cost += self.defeat_worth(view, f)
            return cost > price
        if name == "gain_action":
            return EXTRA_ACTION > price
        if name == "cancel_effects" and view.my_role() is not None:
            return self.cancel_cost(view) > price
        if name == "discard" and op.spec.get("who") == "opponent":
            hand = view.hand_ids()
            if not hand:
                return False
            c = op.spec.get("count", 1)
            n = min(len(hand), c if isinstance(c, int) else 1)
            if op.spec.get("chooser") == "random":
                # a card at random: a card of the hand as a card drawn is worth, dearer as the
                # hand runs short
                return n * DRAW_CARD_WORTH * scarcity_of(view, 0) > price
            keeps = [self.keep(view, c) for c in hand]
            keeps.sort(reverse=True)
            return sum(keeps[:n]) > price      # they see the hand and take what we keep most
        return GreedyPolicy.on_ransom(self, view, d)

    def ransom_price(self, view, d) -> float:
        """What paying the ransom asked in ``d`` costs now: the hero's own advice on what its
        currency buys the foe (``@advise("ransom_price")``: Blackbeard's doubloons, an action a
        turn), else ``doubloon_worth`` each."""
        fn = AI_ADVICE.get("ransom_price")
        if fn is not None:
            return fn(self, view, d)
        return self.doubloon_worth * d.info["amount"]

    def on_ability_pay_for_action(self, view, d):
        """Blackbeard: 1 doubloon for 1 action, unless an extra action could only hurt."""
        if view.deck_size(view.seat) == 0 and self.best_attack(view)[1] is None:
            return False
        return True

    def on_effect_mode(self, view, d):
        card = d.info.get("card")
        modes = None
        if card is not None and card >= 0:
            for timing_ops in view.card(card).effects.values():
                for op in timing_ops:
                    if op.NAME in ("choose_one", "choose_different"):
                        modes = dict(op.modes)
        if not modes or not all(label in modes for label in d.options):
            return super().on_effect_mode(view, d)
        me = view.my_hero().idx
        return max(d.options, key=lambda label: self.mode_worth(view, modes[label], me))

    def mode_worth(self, view, ops, fi) -> float:
        """A mode's worth (``ops_worth``), except that in a combat with both cards shown a change
        to our card's value is worth the combat it changes now (``value_change_worth``): a
        Shapeshifter's +1 for each card the foe holds against one more action."""
        role = view.my_role()
        if role is None:
            return self.ops_worth(view, ops, fi)
        delta = 0.0
        rest = []
        for op in ops:
            spec = op.spec
            if op.NAME == "add_value" and spec.get("card", "self") == "self" and applies(spec, True):
                delta += estimate_number(spec.get("amount", 1), view)
            else:
                rest.append(op)
        if delta == 0.0:
            return self.ops_worth(view, ops, fi)
        worth = self.value_change_worth(view, role, delta)
        if worth is None:
            return self.ops_worth(view, ops, fi)
        return self.ops_worth(view, rest, fi) + worth

    def value_change_worth(self, view, role, delta: float):
        """What ``delta`` more on our combat card is worth once both cards are shown: the damage it
        adds to the blow we deal (attacking) or takes off the blow we take (defending), each at
        its worth with the defeat it brings or saves (``blow_worth``). None while the foe's card
        is face down."""
        other = DEFENDER if role == ATTACKER else ATTACKER
        mine, theirs = view.combat_value(role), view.combat_value(other)
        pair = view.combat_fighters()
        if mine is None or theirs is None or pair is None:
            return None
        t = view.fighter(pair[DEFENDER])
        if role == ATTACKER:
            before, after = max(0.0, mine - theirs), max(0.0, mine + delta - theirs)
        else:
            before, after = max(0.0, theirs - mine), max(0.0, theirs - mine - delta)
        return self.blow_worth(view, t, after) - self.blow_worth(view, t, before)

    def cancel_cost(self, view) -> float:
        """What cancelling the effects still to come on our combat card costs us (a ransom on
        Parley): a change to its own value at the blow it changes now (``value_change_worth``),
        any other effect at its worth (``ops_worth``), halved where a condition other than the
        combat's may not hold. The defender's "immediately" effects have already run."""
        role = view.my_role()
        if role is None:
            return 0.0
        cid = view.combat_cards()[role]
        pair = view.combat_fighters()
        if cid is None or pair is None:
            return 0.0
        fi = pair[role]
        card = view.card(cid)
        mine = view.card_owner(cid) == view.seat
        timings = ("during_combat", "after_combat") + (("immediately",) if role == ATTACKER else ())
        delta = 0.0
        cost = 0.0
        for t in timings:
            for op in card.effects.get(t, ()):
                spec = op.spec
                if not applies(spec, mine):
                    continue
                cond = spec.get("if")
                if op.NAME in ("add_value", "set_value") and spec.get("card", "self") == "self":
                    if op.NAME == "add_value":
                        step = estimate_number(spec.get("amount", 1), view)
                    else:
                        step = estimate_number(spec.get("to", 0), view) - (view.combat_value(role) or 0)
                    if cond == "opponent_hand_larger":
                        step = step if view.hand_size(view.opp) > view.hand_size(view.seat) else 0.0
                    elif cond is not None and cond != "played_by_owner":
                        step *= CONDITIONAL_SHARE
                    delta += step
                    continue
                if op.NAME == "choose_one":     # the best mode, a value change at its blow
                    w = 0.0
                    for _, mode in op.modes:
                        v = self.mode_worth(view, mode, fi)
                        if v > w:
                            w = v
                else:
                    w = self.ops_worth(view, [op], fi, mine)
                if cond is not None and cond not in ("played_by_owner", "not played_by_owner"):
                    w *= CONDITIONAL_SHARE
                cost += w
        if delta != 0.0:
            change = self.value_change_worth(view, role, delta)
            if change is not None:
                cost += change
        return cost

    def on_effect_modes(self, view, d):
        """"Choose N different effects" (choose_some: Gift of the Fair Folk): the set of modes
        worth most together."""
        card = d.info.get("card")
        modes = None
        if card is not None and card >= 0:
            for timing_ops in view.card(card).effects.values():
                for op in timing_ops:
                    if op.NAME == "choose_some":
                        modes = dict(op.modes)
        if not modes:
            return d.options[0]
        me = view.my_hero().idx
        return max(d.options, key=lambda labels: (sum(self.ops_worth(view, modes[lab], me) for lab in labels),
                                                  labels))


@cython.cclass
class AggressivePolicy(HeuristicPolicy):
    name = "aggressive"
    summary = "the heuristic in an aggressive style: presses attacks, spends cards freely, sidekicks flank"
    params = {"aggression": 0.9, "caution": 0.2, "safety": 0.3, "reserve": 0.3}


@cython.cclass
class CarefulPolicy(HeuristicPolicy):
    name = "careful"
    summary = ("the heuristic in a careful style: guards the hero's health and position, saves "
               "cards, sidekicks screen")
    params = {"aggression": 0.25, "caution": 0.9, "safety": 0.8, "reserve": 0.8}


@cython.cclass
class TunedPolicy(HeuristicPolicy):
    """The heuristic playing each hero in the style measured best for it: the hero file's
    ``[ai]`` table (``aggression``, ``caution``, ``safety``, ``reserve``; tuned by
    scripts/tune_styles.py, see docs/policies.md); a weight the table does not set keeps the
    balanced default (or the value given on the command line)."""
    name = "tuned"
    summary = ("the heuristic in each hero's own measured style (the hero file's [ai] table: "
               "aggression, caution, safety, reserve; balanced where unset)")
    params = {"caution": 0.5, "safety": 0.5, "reserve": 0.5}
    param_help = {"caution": "0..1: how much the hero's health and safety weigh (unless the hero file sets it)",
                  "safety": "0..1: weight of the blows foes could deal next turn (unless the hero file sets it)",
                  "reserve": "0..1: how much a last defense card is kept back (unless the hero file sets it)"}
    # weights a user may think to give but that the hero file sets (parse_policy_spec says why)
    not_params = {"aggression": "each hero's aggression comes from its file's [ai] table; "
                                "to set one for every hero, use heuristic:aggression=…"}

    def __init__(self, rng, **params):
        super().__init__(rng, **params)
        self._given = dict(caution=self.caution, safety=self.safety, reserve=self.reserve)
        self._styled_for = None
        # Each hero's weights, worked out once: (hero, aggression, caution, safety, reserve), by
        # the hero's id (the hero kept with them: an id is not reused while it is). A search's
        # playouts ask one policy for both sides, and so switch heroes at most of its decisions.
        self._styles = {}

    @cython.locals(view=_ViewCore, got=tuple, given=dict)
    def style_now(self, view):
        hero = view.hero(view.seat)
        if self._styled_for is not hero:
            self._styled_for = hero
            got = self._styles.get(id(hero))
            if got is None or got[0] is not hero:
                style = dict(hero.ai_style)
                given = self._given
                got = self._styles[id(hero)] = (
                    hero, style.get("aggression", HeuristicPolicy.params["aggression"]),
                    style.get("caution", given["caution"]), style.get("safety", given["safety"]),
                    style.get("reserve", given["reserve"]))
            self.aggression, self.caution, self.safety, self.reserve = got[1], got[2], got[3], got[4]
        return HeuristicPolicy.style_now(self, view)      # (super() without its look-up)


# Choosable by name, in this order (a cclass takes no decorator but its own).
for _policy in (HeuristicPolicy, AggressivePolicy, CarefulPolicy, TunedPolicy):
    register(_policy)
