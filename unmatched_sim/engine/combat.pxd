# The typed record of combat.py, for the compiled build: ``_Combat``'s fields and C-called
# methods on top of ``_Board`` (board_state.pxd). Run uncompiled, the fields are plain
# attributes.

from unmatched_sim.engine.board_state cimport _Board
from unmatched_sim.engine.piles cimport _list_put, _list_room, _set_list_length
from unmatched_sim.engine.state cimport Combat, Decision, Fighter, Player, new_ctx
from unmatched_sim.model cimport CardDef


cdef class _Combat(_Board):
    cdef public list stack
    cdef public Decision pending
    cdef public Combat combat
    cdef public object active
    cdef public object over
    cdef public object winner
    cdef public object end_reason
    cdef public list defeat_cause
    cdef public list out_turn
    cdef public list places
    cdef public list turns_taken
    cdef public tuple _own_boost_rule
    cdef public tuple _no_boost_tag
    cdef public bint _own_ask

    cpdef bint can_boost_with(self, object seat, object cid)
    cpdef bint check_win(self)
    cpdef object combat_value(self, object role, object bonuses=*)
    cpdef push_steps(self, tuple steps)
    cpdef push_one(self, tuple step)
    cpdef card_played(self, object cid, object seat, object role)
    cpdef finish_played_card(self, object cid, object played_by)
    cpdef discard_from_hand(self, object seat, object cid, object cause)
    cpdef draw(self, object seat, object n=*)
    cpdef damage(self, object fi, object amount, object source, object card=*, object by=*)
    cpdef gain_action(self, object seat, object n=*, object card=*)
    cpdef boost(self, object seat, object cid, object purpose)
    cpdef run_effects(self, object ops, object ctx)
