# What greedy.py reads in C when compiled: the engine's typed records (their fields are struct
# reads in a typed local), and the greedy policy itself as a typed record whose fields the
# heuristic (heuristic.pxd) extends. Run uncompiled, this file is not used.

from unmatched_sim.engine.state cimport Fighter
from unmatched_sim.engine.view cimport _ViewCore
from unmatched_sim.model cimport CardDef
from unmatched_sim.policies.base cimport Policy


cdef class GreedyPolicy(Policy):
    cdef public object _targets          # (view, target spaces) for the decision being made
    cdef public object _advice_view, _advice_fn   # card_bonus's advice, for this view's hero
    cdef public double aggression
    cdef public double doubloon_worth

    cpdef double card_bonus(self, object view, object cid)
    cpdef double power(self, _ViewCore view, object cid)
    cpdef double held_power(self, _ViewCore view, object cid, object holder)
    cpdef double value_gain(self, object view, object cid)
    cpdef object self_damage(self, object view, object cid)
    cpdef tuple target_spaces(self, _ViewCore view)
    cpdef object best_position(self, _ViewCore view, object fi, object spaces)
    cpdef list usable_attack_cards(self, _ViewCore view, object fi)
