# The typed record of board_state.py, for the compiled build: ``_Board``'s fields and C-called
# methods on top of ``_Piles`` (piles.pxd). Run uncompiled, the fields are plain attributes.

from unmatched_sim.engine.piles cimport _Piles
from unmatched_sim.engine.state cimport Fighter, Player
from unmatched_sim.model cimport CardDef


cdef class _Board(_Piles):
    cdef public tuple _adjacent
    cdef public tuple _zone_mask
    cdef public tuple _move_edges
    cdef public bytes _walk
    cdef public bytearray _walk_seen, _walk_queue   # _spread's scratch, per game
    cdef public bytes _adjacency
    cdef public tuple occupant
    cdef public dict _reach_memo
    cdef public tuple _reach_occ
    cdef public dict _rules_memo
    cdef public Py_ssize_t _rules_version
    cdef public tuple _fixed_move
    cdef public tuple _move_tag
    cdef public bint _attack_rule
    cdef public bint _hold_rule
    cdef public bint _pass_rule

    cpdef bint held(self, object fi)
    cpdef bint adjacent(self, object a, object b)
    cpdef object move_value(self, object seat)
    cpdef list reachable(self, object fi, object steps, object through_opponents=*)
    cpdef list attack_targets(self, object fi)
    cpdef bint can_attack_now(self, object seat)
    cpdef bint can_scheme_now(self, object seat)
    cpdef list attack_options(self, object seat)
    cpdef tuple move_rules(self, object fi)
    cpdef tuple _move_rules(self, object fi)
    cpdef list _spread(self, object fi, Py_ssize_t start, Py_ssize_t steps, bint through)
    cpdef _occupy(self, object a, object fa, object b=*, object fb=*)
    cpdef move_to(self, object fi, object dest, object card=*)
    cpdef place(self, object fi, object dest, object card=*)
