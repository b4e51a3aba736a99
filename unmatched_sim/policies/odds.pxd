# What odds.py offers the other compiled policy modules in C (they cimport it): the card
# readers as typed records, and the combat odds. Run uncompiled, this file is not used.

cimport cython

from unmatched_sim.engine.view cimport _ViewCore
from unmatched_sim.model cimport CardDef
from unmatched_sim.policies.card_facts cimport card_strength, usable


@cython.final
cdef class KindTable:
    cdef readonly tuple attack, defense, types


@cython.final
cdef class Reader:
    cdef public object foe, lock, my_turn
    cdef public list unseen
    cdef public tuple cards
    cdef public Py_ssize_t n_pool
    cdef public list known
    cdef public Py_ssize_t h_unknown
    cdef dict _tables, _defenses, _attacks, _threats

    cpdef KindTable kind_table(self, object fighter_name)
    cpdef list defense(self, object fighter_name, frozenset blanked=*, tuple lifts=*)
    cpdef list defense_boosts(self, object fighter_name)
    cdef list _as_boosts(self, list levels, object fighter_name)
    cdef double _lift_of(self, CardDef d, bint theirs, tuple lifts)
    cpdef list attack(self, object fighter_name, bint played=*, tuple lifts=*)
    cdef object _attack_odds(self, object fighter_name, bint played, bint expect, tuple lifts=*)
    cpdef double threat(self, object fighter_name)


cpdef (double, double, double) combat_odds(Reader reader, object name, double health, double a, Py_ssize_t k,
                                           frozenset blanked, bint boosts=*, tuple lifts=*)

# ``foe_in_focus``: the same read as odds.py's Python function, inlined where it is called.
cdef inline object foe_in_focus(_ViewCore view):
    foe = view._duel_foe
    return foe if foe is not None else view.opp
cpdef double ability_bonus_estimate(_ViewCore view, object fi, object role, object opponent=*)
