# The typed records of model.py, for the compiled build: Cython reads this file when it
# compiles model.py (the frozen dataclasses ``FighterDef`` and ``CardDef`` become
# extension types with these fields, read-only to Python) and when another compiled module
# cimports them (a typed local's fields are then read in C there). The fields are declared in
# the dataclasses' order; their types are the ones the loader gives (data/heroes.py). Run
# uncompiled, this file is not used.

cdef class FighterDef:
    cdef readonly str name
    cdef readonly Py_ssize_t health
    cdef readonly bint ranged
    cdef readonly bint is_hero
    cdef readonly Py_ssize_t count
    cdef readonly object move              # None: the hero's move value
    cdef readonly bint starts_on_board
    cdef readonly bint small


cdef class CardDef:
    cdef readonly str name
    cdef readonly str type
    cdef readonly object value             # None: a scheme card
    cdef readonly object boost             # None: cannot BOOST
    cdef readonly Py_ssize_t copies
    cdef readonly frozenset users          # None: any fighter
    cdef readonly dict effects
    cdef readonly bint uncancelable
    cdef readonly frozenset tags
    cdef readonly str text
    cdef readonly bint can_attack
    cdef readonly bint can_defend
    cdef readonly Py_ssize_t boost_value
    cdef readonly list ai_memo

    cpdef object ai_fact(self, Py_ssize_t slot)
    cpdef object keep_ai_fact(self, Py_ssize_t slot, object value)

