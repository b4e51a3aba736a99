# What search.py reads in C when compiled: the tree's node as a typed record (an iteration reads
# and updates the statistics of every node on its path, and of their siblings), the engine's
# typed records the tree walk and the playout read (the pending decision, a player's hand and a
# fighter's health are C reads in a typed local), and the C library's log and sqrt for UCB1 (the
# functions math.log and math.sqrt call). Run uncompiled, this file is not used.

from libc.math cimport log, sqrt

from unmatched_sim.engine.game cimport _GameCore
from unmatched_sim.engine.state cimport Decision, Fighter, Player


cdef class Node:
    cdef public Py_ssize_t player
    cdef public Py_ssize_t visits, avail
    cdef public double reward
    cdef public dict children
    cdef public object guided       # a set, or None
