# The typed record of view.py, for the compiled build: Cython reads this file when it
# compiles view.py (``_ViewCore``'s fields, the game typed as ``_GameCore``) and when another
# compiled module cimports ``_ViewCore`` (a typed view's fields are then read in C there too).
# Run uncompiled, the fields are plain attributes.

from unmatched_sim.engine.game cimport _GameCore
from unmatched_sim.engine.state cimport Combat, Fighter, Player


cdef class _ViewCore:
    cdef public _GameCore _g
    cdef public Py_ssize_t seat
    cdef public object board
    cdef public tuple dist
    cdef public object _duel_foe
    cdef public list _players
    cdef public list _fighters
    cdef public list _occupant
    cdef public list _defs
    cdef public list _owners
    cdef public tuple _adjacent  # the board's, for can_hit_from
    cdef public tuple _zone_mask
