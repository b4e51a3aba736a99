# The typed records of a game's mutable pieces (state.py), for the compiled build: Cython reads
# this file when it compiles state.py (the classes become extension types with these fields)
# and when another compiled module cimports them (its typed locals read the fields in C).
# Run uncompiled, state.py's classes are the plain slotted classes it spells out.

from unmatched_sim.model cimport FighterDef

cdef class Fighter:
    cdef public Py_ssize_t idx, owner
    cdef public str name
    cdef public FighterDef defn          # (typed: a fighter's name, ranged, move read in C)
    cdef public bint is_hero
    cdef public Py_ssize_t health, max_health, space
    cdef public bint alive, on_board


cdef class Player:
    cdef public Py_ssize_t seat
    cdef public object team, hero, ability
    cdef public list fighters, hand, deck, discard
    cdef public Py_ssize_t actions
    cdef public object value_lock
    cdef public dict res
    cdef public object known_hand
    cdef public dict seen_by
    cdef public Py_ssize_t deck_top_known
    cdef public dict top_known_by


cdef class Combat:
    cdef public list players, fighters, cards, mods, ignored, cancelled, boosted_with
    cdef public Py_ssize_t damage
    cdef public bint resolved, ranged, revealed
    cdef public dict extra


cdef class Decision:
    cdef public object player, kind
    cdef public tuple options
    cdef public object resume
    cdef public tuple args
    cdef public dict info
