# The typed records of game.py, for the compiled build: Cython reads this file when it
# compiles game.py (``_GameCore``'s fields) and when another compiled module cimports
# ``_GameCore`` (a typed game's fields are then read in C there too). Run uncompiled, the
# fields are plain attributes.

from unmatched_sim.engine.state cimport Combat, Fighter, Player


cdef class _GameCore:
    cdef public object board
    cdef public tuple heroes
    cdef public object format
    cdef public object max_turns
    cdef public object _rngs_shared
    cdef public object _rngs
    cdef public object _rng
    cdef public list cards
    cdef public list card_kind
    cdef public list players
    cdef public list fighters
    cdef public tuple kind_start
    cdef public object kind_count
    cdef public tuple _lone_hero
    cdef public tuple _hero_fis
    cdef public list occupant
    cdef public list in_play
    cdef public list pile_counts
    cdef public list pile_versions
    cdef public list stack
    cdef public object pending
    cdef public Combat combat
    cdef public object active
    cdef public object turn
    cdef public object over
    cdef public object winner
    cdef public object end_reason
    cdef public list defeat_cause
    cdef public list out
    cdef public list out_turn
    cdef public list places
    cdef public list turns_taken
    cdef public list raw_events
    cdef public list extra_names
    cdef public dict turn_flags
    cdef public object lasting
    cdef public tuple team
    cdef public tuple _foes
    cdef public tuple _allies
    cdef public tuple _friendly
    cdef public dict handlers
