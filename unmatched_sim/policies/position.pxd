# What position.py offers the other compiled policy modules in C (heuristic.pxd cimports it):
# the threat map and a fighter's space facts as typed records, the exposure odds and the threat
# map's construction. Run uncompiled, this file is not used.

cimport cython

from unmatched_sim.engine.state cimport Fighter
from unmatched_sim.engine.view cimport _ViewCore
from unmatched_sim.model cimport CardDef
from unmatched_sim.policies.card_facts cimport usable
from unmatched_sim.policies.odds cimport Reader, foe_in_focus


# The threat map's C arrays.
@cython.final
cdef class ThreatMap:
    cdef public double[:] hits
    cdef public bytearray counts
    cdef public Py_ssize_t width
    cpdef tuple attacks(self, Py_ssize_t space)


# One fighter's facts for the values of its spaces in one decision; the policy sets the fields
# that come from its style and judgement, ``read_board`` the board's.
@cython.final
cdef class SpaceFacts:
    cdef public bint has_targets, can_attack, ranged, is_hero, has_me
    cdef public Py_ssize_t hero_space, me_space
    cdef public double health, hero_w, safety, cau, agg
    cdef public tuple targets
    cdef public ThreatMap tmap
    cdef public tuple defs
    cdef public bytes adj
    cdef public Py_ssize_t n
    cdef public tuple zone_mask, dist
    cdef public list hazard
    cdef public double hazard_w, hazard_lethal
    cdef public list _now, _later

    cpdef read_board(self, _ViewCore view, object fi, tuple foes)
    cpdef object known_value(self, Py_ssize_t space, Py_ssize_t actions_after)
    cpdef double value(self, Py_ssize_t space, Py_ssize_t actions_after)


cpdef (double, double) exposure_odds(tuple attacks, tuple defs, double health)
cpdef ThreatMap threat_map_of(_ViewCore view, tuple foes, list readers)

from unmatched_sim.policies.weights cimport (APPROACH_HERO, APPROACH_RANGED, APPROACH_SIDEKICK, BLOW_FLOOR,
                                             DEFENSE_STOP, EXPOSURE_LATER_SHARE, FLANK_PRESS, FOE_BOOST_HAND,
                                             HERO_LETHAL_BASE, HERO_LETHAL_SAFETY, LETHAL_MARGIN, LETHAL_SPREAD,
                                             SCREEN_WORTH, SECOND_ATTACK_SHARE, SIDEKICK_EXPOSURE,
                                             TARGET_HERO, TARGET_LATER_SHARE, TARGET_SIDEKICK,
                                             TARGET_WEAK_BONUS, WEAK_HEALTH)
