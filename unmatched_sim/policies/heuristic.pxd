# What heuristic.py reads in C when compiled: the engine's typed records (a view's fields and its
# cpdef queries, a fighter's space and health, are C reads in a typed local or argument). Run
# uncompiled, this file is not used.

from unmatched_sim.engine.state cimport Fighter
from unmatched_sim.engine.view cimport _ViewCore
