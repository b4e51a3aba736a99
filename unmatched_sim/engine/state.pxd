# The typed records of a game's mutable pieces (state.py), for the compiled build: Cython reads
# this file when it compiles state.py (the classes become extension types with these fields)
# and when another compiled module cimports them (its typed locals read the fields in C).
# Run uncompiled, state.py's classes are the plain slotted classes it spells out.

from cpython.dict cimport PyDict_DelItem, PyDict_SetItem
from unmatched_sim.model cimport FighterDef

cdef class StateVersion:
    cdef public Py_ssize_t n


cdef class WatchedDict(dict):
    cdef public StateVersion version
    cdef inline _changed(self)


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
    cdef public object res              # a WatchedDict (a dict subclass: not typed ``dict``)
    cdef public object known_hand
    cdef public dict seen_by
    cdef public Py_ssize_t deck_top_known
    cdef public dict top_known_by


cdef class Combat:
    cdef public list players, fighters, cards, mods, ignored, cancelled, boosted_with, immediate
    cdef public Py_ssize_t damage
    cdef public bint resolved, ranged, revealed
    cdef public dict extra


cdef class Decision:
    cdef public object player, kind
    cdef public tuple options
    cdef public object resume
    cdef public tuple args
    cdef public dict info


# A context (``Ctx``, a named tuple) made in C by ``new_ctx``: a tuple of the named tuple's
# type allocated by that type and filled, as ``tuple.__new__(Ctx, items)`` does.
cdef extern from *:
    """
    static PyObject *unmatched_sim_tuple_of_type(PyObject *type, PyObject *a, PyObject *b,
                                                 PyObject *c, PyObject *d, PyObject *e, PyObject *f,
                                                 PyObject *g, PyObject *h) {
        PyObject *items[8] = {a, b, c, d, e, f, g, h};
        PyObject *t = ((PyTypeObject *)type)->tp_alloc((PyTypeObject *)type, 8);
        Py_ssize_t i;
        if (t == NULL) return NULL;
        for (i = 0; i < 8; i++) {
            Py_INCREF(items[i]);
            PyTuple_SET_ITEM(t, i, items[i]);
        }
        return t;
    }
    """
    object _tuple_of_type "unmatched_sim_tuple_of_type" (object, object, object, object, object, object, object,
                                                          object, object)

cpdef object new_ctx(object player, object card, object role, object fighter)
