# What greedy.py reads in C when compiled: the engine's typed records (their fields are struct
# reads in a typed local). Run uncompiled, this file is not used.

from unmatched_sim.engine.state cimport Fighter
from unmatched_sim.engine.view cimport _ViewCore
