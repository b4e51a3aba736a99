# The typed record of piles.py, for the compiled build: the bottom of the game's class chain
# (``_Piles`` <- ``_Board`` <- ``_Combat`` <- ``_GameCore``, each module's .pxd cimporting the
# one below), so a game is still one C struct whose every field is read in C and whose every
# cpdef method is a C call in the modules above. Run uncompiled, the fields are plain
# attributes.

from unmatched_sim.engine.state cimport Fighter, Player, StateVersion
from unmatched_sim.model cimport CardDef

# The event log's list and the step stack written in place (``_new_event_log``, ``_Piles.log``,
# ``combat._push_kept``, ``steps._pop_kept``): the room left in a list's block, an item stored
# in it, the list's length set, the last item taken off. Python's own list type has no such
# calls: its append and pop shrink a block that is less than half full.
from cpython.list cimport PyList_New

cdef extern from *:
    """
    static CYTHON_INLINE Py_ssize_t unmatched_sim_list_room(PyObject *o) {
        return ((PyListObject *)o)->allocated - Py_SIZE(o);
    }
    static CYTHON_INLINE void unmatched_sim_list_put(PyObject *o, Py_ssize_t i, PyObject *x) {
        Py_INCREF(x);
        PyList_SET_ITEM(o, i, x);
    }
    /* the last item of a list that has one, taken off: the list's reference becomes the caller's */
    static CYTHON_INLINE PyObject *unmatched_sim_list_take_last(PyObject *o) {
        Py_ssize_t n = Py_SIZE(o) - 1;
        PyObject *x = PyList_GET_ITEM(o, n);
        Py_SET_SIZE(o, n);
        return x;
    }
    """
    Py_ssize_t _list_room "unmatched_sim_list_room" (object)
    void _list_put "unmatched_sim_list_put" (object, Py_ssize_t, object)
    void _set_list_length "Py_SET_SIZE" (object, Py_ssize_t)
    object _list_take_last "unmatched_sim_list_take_last" (object)

# (C functions other modules call: cpdef, so that a module run as pure Python, edited since the
# build, still imports them from this one compiled)
cpdef list _new_event_log()


cdef class _Piles:
    cdef public object board
    cdef public tuple heroes
    cdef public object format
    cdef public object max_turns
    cdef public list cards
    cdef public list card_defs
    cdef public list card_owners
    cdef public list card_kind
    cdef public list players
    cdef public list fighters
    cdef public tuple kind_start
    cdef public object kind_count
    cdef public object lineup_serial
    cdef public tuple _lone_hero
    cdef public tuple _hero_fis
    cdef public StateVersion _changes
    cdef public list in_play
    cdef public list pile_counts
    cdef public object turn
    cdef public list out
    cdef public list raw_events
    cdef public list extra_names
    cdef public object turn_flags       # a WatchedDict (a dict subclass: not typed ``dict``)
    cdef public object lasting
    cdef public tuple team
    cdef public tuple _foes
    cdef public tuple _allies
    cdef public tuple _friendly
    cdef public dict handlers

    # The queries the engine, the view and greedy ask most, and the state changes the engine's
    # own steps call most, as C calls from typed code (a Python caller gets the same method;
    # keyword calls still go through it). An instance's or a subclass's own method of the same
    # name is still the one called.
    cpdef CardDef card(self, Py_ssize_t cid)
    cpdef object owner(self, Py_ssize_t cid)
    cpdef Fighter hero_of(self, Py_ssize_t seat)
    cpdef bint hero_defeated(self, object seat)
    cpdef list on_board(self, Py_ssize_t seat)
    cpdef list opponents_on_board(self, object seat)
    cpdef list friendly_on_board(self, object seat)
    cpdef bint is_foe(self, object a, object b)
    cpdef tuple foes(self, object seat)
    cpdef bint handles(self, object event)
    cpdef Py_ssize_t cards_in_foe_hands(self, object seat, object tag) except -1
    cpdef Py_ssize_t tagged_in_discard(self, object seat, object tag) except -1
    cpdef list known_in_hand(self, object observer, object holder)
    cpdef list pile_counts_of(self, object seat)
    cpdef _pile_moved(self, object cid, object delta)
    cpdef object state_version(self)
    cpdef bint known_to(self, object observer, object holder, object cid)
    cpdef object next_seat(self, object seat)
    cpdef log(self, object kind, object player=*, object fighter=*, object card=*, object target=*,
              object amount=*, object health=*, object space=*, object detail=*, object value=*,
              object by=*)
    cpdef take_from_hand(self, object seat, object cid)
    cpdef play_area_add(self, object cid)
    cpdef play_area_take(self, object cid)
    cpdef discard_pile_add(self, object seat, object cid)
    cpdef put_in_discard(self, object cid, object route=*)
    cpdef to_discard_pile(self, object cid, object route)
