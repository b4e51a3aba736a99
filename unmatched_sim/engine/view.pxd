# The typed record of view.py, for the compiled build: Cython reads this file when it
# compiles view.py (``_ViewCore``'s fields, the game typed as ``_GameCore``) and when another
# compiled module cimports ``_ViewCore`` (a typed view's fields are then read in C there too).
# Run uncompiled, the fields are plain attributes.

from unmatched_sim.engine.game cimport _GameCore
from unmatched_sim.engine.state cimport Combat, Fighter, Player
from unmatched_sim.model cimport CardDef


cdef class _ViewCore:
    cdef public _GameCore _g
    cdef public Py_ssize_t seat
    cdef public object board
    cdef public tuple dist
    cdef public object _duel_foe
    cdef public list _players
    cdef public list _fighters
    cdef public list _defs
    cdef public list _owners
    cdef public tuple _adjacent  # the board's, for can_hit_from
    cdef public tuple _zone_mask
    cdef public bytes _adjacency   # the board's n * n adjacency bytes, and its n (Board.adjacency, size)
    cdef public Py_ssize_t _size
    cdef public tuple _adjacent_seq  # Board.adjacent_seq

    # What the policies ask most, as C calls from typed code (a Python caller gets the same
    # method). An index argument (a card, fighter, seat or space) is a C integer: the list it
    # indexes is read in C, not through the Python item protocol.
    cpdef follow_board(self)
    cpdef CardDef card(self, Py_ssize_t cid)
    cpdef object card_owner(self, Py_ssize_t cid)
    cpdef Fighter fighter(self, Py_ssize_t fi)
    cpdef Py_ssize_t hand_size(self, Py_ssize_t seat)
    cpdef Py_ssize_t deck_size(self, Py_ssize_t seat)
    cpdef object occupant(self, Py_ssize_t space)
    cpdef list on_board(self, Py_ssize_t seat)
    cpdef Fighter my_hero(self)
    cpdef Fighter opp_hero(self)
    cpdef list reachable(self, object fi, object steps, object through_opponents=*)
    cpdef list attack_targets(self, object fi)
    cpdef bint can_hit_from(self, object fi, object space, object target_space)
    cpdef bint is_foe(self, object seat)
    cpdef list known_opponent_hand(self, object seat=*)
    cpdef list unseen_opponent_counts(self, object seat=*, object known=*)
    cpdef tuple occupancy(self)
    cpdef tuple positions(self)
    cpdef object state_version(self)
    cpdef tuple move_rules(self, object fi)
    cpdef object move_value(self, object seat=*)
    cpdef tuple knowledge_key(self, object foe)
    cpdef tuple turn_start_hazards(self, object seat)
    cpdef list maneuver_place_options(self, object fi, object boosted)
    cpdef object value_lock(self, Py_ssize_t seat)
    cpdef object hero(self, object seat=*)
    cpdef list fighters(self, Py_ssize_t seat)
    cpdef object combat_bonus_estimate(self, Py_ssize_t fi, Py_ssize_t role, object opponent=*)
    cpdef object token_bonus(self, Py_ssize_t fi, Py_ssize_t role)
    cdef set _face_down_cards(self)
    cpdef tuple foe_seats(self)
    cpdef bint is_my_turn(self)
    cpdef Py_ssize_t actions_now(self)
    cpdef list hand_ids(self)
    cpdef object turn_number(self)


# The two-player view (view.DuelView): its ``opp`` a field.
cdef class DuelView(_ViewCore):
    cdef public object opp
