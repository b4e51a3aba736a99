# What heuristic.py reads in C when compiled: the engine's typed records (a view's fields and its
# cpdef queries, a fighter's space and health, are C reads in a typed local or argument). Run
# uncompiled, this file is not used.

from unmatched_sim.engine.state cimport Fighter
from unmatched_sim.engine.view cimport _ViewCore
from unmatched_sim.policies.greedy cimport GreedyPolicy


# The heuristic policies as typed records: their state is read in C by their own methods (a
# decision reads ``_memo``, ``agg`` and the weights thousands of times a game).
cdef class HeuristicPolicy(GreedyPolicy):
    cdef public double caution, safety, reserve
    cdef public double agg, cau            # the style of the decision being made (style_now)
    cdef public object _reader             # the foe in focus's card odds, this decision
    cdef public dict _memo                 # what this decision has worked out
    cdef public dict _readers, _threats    # kept across decisions
    cdef public dict _defenses
    cdef public object _defenses_view

cdef class AggressivePolicy(HeuristicPolicy):
    pass

cdef class CarefulPolicy(HeuristicPolicy):
    pass

cdef class TunedPolicy(HeuristicPolicy):
    cdef public dict _given                # the weights given on the command line
    cdef public object _styled_for         # the hero whose file's style is set
