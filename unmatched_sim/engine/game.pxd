# The typed record of game.py, for the compiled build: Cython reads this file when it
# compiles game.py (``_GameCore``'s fields, on top of its bases' in piles.pxd, board_state.pxd
# and combat.pxd) and when another compiled module cimports ``_GameCore`` (a typed game's
# fields, its own and its bases', are then read in C there too). Run uncompiled, the fields
# are plain attributes.

from unmatched_sim.engine.combat cimport _Combat
from unmatched_sim.engine.piles cimport _new_event_log
from unmatched_sim.engine.state cimport Decision
from unmatched_sim.engine.steps cimport _pose, answer_pending, run_stack


cdef class _GameCore(_Combat):
    cdef public object _rngs_shared
    cdef public object _rngs
    cdef public object _rng
    cdef public str _rng_seed

    cpdef run(self)
    cpdef answer(self, object choice)
