# The typed records of game.py, for the compiled build: Cython reads this file when it
# compiles game.py (``_GameCore``'s fields) and when another compiled module cimports
# ``_GameCore`` (a typed game's fields are then read in C there too). Run uncompiled, the
# fields are plain attributes.

from unmatched_sim.engine.state cimport Combat, Decision, Fighter, Player, StateVersion, new_ctx
from unmatched_sim.model cimport CardDef

# The event log's list and the step stack written in place (``_new_event_log``,
# ``_GameCore.log``, ``_push_kept``, ``_pop_kept``): the room left in a list's block, an item
# stored in it, the list's length set, the last item taken off. Python's own list type has no
# such calls: its append and pop shrink a block that is less than half full.
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


cdef class _GameCore:
    cdef public object board
    cdef public tuple _adjacent
    cdef public tuple _zone_mask
    cdef public tuple _move_edges
    cdef public bytes _walk
    cdef public bytearray _walk_seen, _walk_queue   # _spread's scratch, per game
    cdef public bytes _adjacency
    cdef public tuple heroes
    cdef public object format
    cdef public object max_turns
    cdef public object _rngs_shared
    cdef public object _rngs
    cdef public object _rng
    cdef public str _rng_seed
    cdef public list cards
    cdef public list card_defs
    cdef public list card_owners
    cdef public list card_kind
    cdef public list players
    cdef public list fighters
    cdef public tuple kind_start
    cdef public object kind_count
    cdef public tuple _lone_hero
    cdef public tuple _hero_fis
    cdef public StateVersion _changes
    cdef public tuple occupant
    cdef public dict _reach_memo
    cdef public tuple _reach_occ
    cdef public dict _rules_memo
    cdef public Py_ssize_t _rules_version
    cdef public list in_play
    cdef public list pile_counts
    cdef public list pile_versions
    cdef public list stack
    cdef public Decision pending
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
    cdef public object turn_flags       # a WatchedDict (a dict subclass: not typed ``dict``)
    cdef public object lasting
    cdef public tuple team
    cdef public tuple _foes
    cdef public tuple _allies
    cdef public tuple _friendly
    cdef public dict handlers
    cdef public tuple _own_boost_rule
    cdef public tuple _no_boost_tag
    cdef public tuple _fixed_move
    cdef public tuple _move_tag
    cdef public bint _attack_rule
    cdef public bint _hold_rule
    cdef public bint _pass_rule
    cdef public bint _own_ask

    # The queries the engine, the view and greedy ask most, as C calls from typed code (a
    # Python caller gets the same method; keyword calls still go through it).
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
    cpdef bint held(self, object fi)
    cpdef bint adjacent(self, object a, object b)
    cpdef object move_value(self, object seat)
    cpdef Py_ssize_t cards_in_foe_hands(self, object seat, object tag) except -1
    cpdef Py_ssize_t tagged_in_discard(self, object seat, object tag) except -1
    cpdef list reachable(self, object fi, object steps, object through_opponents=*)
    cpdef list attack_targets(self, object fi)
    cpdef bint can_attack_now(self, object seat)
    cpdef bint can_boost_with(self, object seat, object cid)
    cpdef bint check_win(self)
    cpdef object combat_value(self, object role, object bonuses=*)
    cpdef list known_in_hand(self, object observer, object holder)
    cpdef list pile_counts_of(self, object seat)
    cpdef object pile_version(self, Py_ssize_t seat)
    cpdef _pile_moved(self, object cid, object delta)
    cpdef tuple move_rules(self, object fi)
    cpdef tuple _move_rules(self, object fi)
    cpdef list _spread(self, object fi, Py_ssize_t start, Py_ssize_t steps, bint through)
    cpdef object state_version(self)
    cpdef _occupy(self, object a, object fa, object b=*, object fb=*)
    cpdef run(self)
    cpdef push_steps(self, tuple steps)
    cpdef push_one(self, tuple step)
    cpdef answer(self, object choice)
    # The state changes and queries the engine's own steps call most (each a Python method
    # call before: a look-up on the game and an argument tuple; ~1,500 a greedy game). An
    # instance's or a subclass's own method of the same name is still the one called.
    cpdef log(self, object kind, object player=*, object fighter=*, object card=*, object target=*,
              object amount=*, object health=*, object space=*, object detail=*, object value=*,
              object by=*)
    cpdef take_from_hand(self, object seat, object cid)
    cpdef play_area_add(self, object cid)
    cpdef play_area_take(self, object cid)
    cpdef discard_pile_add(self, object seat, object cid)
    cpdef put_in_discard(self, object cid, object route=*)
    cpdef to_discard_pile(self, object cid, object route)
    cpdef card_played(self, object cid, object seat, object role)
    cpdef finish_played_card(self, object cid, object played_by)
    cpdef discard_from_hand(self, object seat, object cid, object cause)
    cpdef draw(self, object seat, object n=*)
    cpdef damage(self, object fi, object amount, object source, object card=*, object by=*)
    cpdef move_to(self, object fi, object dest, object card=*)
    cpdef place(self, object fi, object dest, object card=*)
    cpdef gain_action(self, object seat, object n=*, object card=*)
    cpdef boost(self, object seat, object cid, object purpose)
    cpdef run_effects(self, object ops, object ctx)
    cpdef bint known_to(self, object observer, object holder, object cid)
    cpdef object next_seat(self, object seat)
    cpdef bint can_scheme_now(self, object seat)
    cpdef list attack_options(self, object seat)
