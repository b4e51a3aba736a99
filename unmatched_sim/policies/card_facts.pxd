# What card_facts.py offers the other compiled policy modules as C calls (they cimport it): the
# card facts, typed as the module declares them. Run uncompiled, this file is not used.

from unmatched_sim.engine.view cimport _ViewCore
from unmatched_sim.model cimport CardDef


# ``usable``: the same test as card_facts.py's Python function, inlined where it is called.
cdef inline bint usable(CardDef d, object name):
    users = d.users
    return users is None or name in users

cpdef bint applies(dict spec, bint mine)
cpdef (double, double) card_strength(CardDef d, bint mine=*)
cpdef frozenset blanked_types(CardDef d)
cpdef object own_hero_damage(CardDef d, bint mine=*)
cpdef object mirrored_value(CardDef d)
cpdef tuple recover_specs(CardDef d)
cpdef tuple own_draw_counts(CardDef d, bint mine=*)
cpdef double effect_worth(CardDef d, object timings=*, double p_won=*, bint mine=*)
cpdef double term_worth(double w, bint may, bint ransom)
cpdef double condition_share(Py_ssize_t cond, double p_won)
cpdef Py_ssize_t condition_kind(object cond)
cpdef tuple _effect_terms(CardDef d, tuple timings, bint mine)
cpdef double keep_worth(CardDef d, bint mine=*)
cpdef tuple charged_terms(CardDef d, bint mine, object charged)
cpdef bint spends_coils(CardDef d)
cpdef bint trades_values(CardDef d)
cpdef bint counts_foe_boost(CardDef d)
cpdef bint ends_turn(CardDef d)
cpdef tuple damage_guard(CardDef d)
cpdef Py_ssize_t deck_boosts(CardDef d)
cpdef Py_ssize_t damage_draws(CardDef d)
cpdef tuple around_damage(CardDef d, bint mine)
cpdef tuple conditional_terms(CardDef d, bint mine)
cpdef bint is_own_card(_ViewCore view, object cid)

from unmatched_sim.policies.weights cimport (BOOST_ONLY_LIFT, COILS_SHARE, CONDITIONAL_SHARE, DECK_BOOST_GUESS,
                                             DEFENSE_KEEP_CAP,
                                             EVEN_ODDS, FRIENDLY_FIRE_SHARE, HAND_SIZE_GUESS, HOOK_LIFT,
                                             KEEP_EFFECT_SHARE, OWN_DAMAGE_GUESS, PARTIAL_BLANK_LIFT,
                                             QUANTITY_GUESS, RANSOM_SHARE, SCHEME_KEEP_BASE, SELF_BOOST_LIFT,
                                             SELF_BOOST_MAX, SUBTRACT_GUESS, UNKNOWN_OP_WORTH,
                                             VERSATILE_KEEP_BONUS)
