# What tempo.py offers the other compiled policy modules as C calls (heuristic.pxd cimports it).
# Run uncompiled, this file is not used.

from unmatched_sim.engine.state cimport Fighter
from unmatched_sim.engine.view cimport _ViewCore

cpdef tuple clock_style(double aggression, double caution, Py_ssize_t deck, Py_ssize_t opp_deck, Py_ssize_t hand,
                        double turns_left)
cpdef double turns_left_estimate(_ViewCore view)
cpdef double deck_rate(_ViewCore view)
cpdef double scarcity_of(_ViewCore view, object back)
cpdef object boost_draw_count(_ViewCore view, object cid)

from unmatched_sim.policies.weights cimport (CARDS_PER_TURN, DAMAGE_RATE_PRIOR, DECK_MARGIN, FREE_LEAD, FULL_HAND,
                                             FULL_HAND_URGENCY, LEAD_SPAN, MIN_DAMAGE_RATE, PATIENT_URGENCY,
                                             PRIOR_TURNS, SCARCE_HAND, SCARCITY_STEP, SPEND_SHARE_AGG,
                                             SPEND_SHARE_BASE, TURNS_NO_HERO, URGENCY_CAUTION_DROP,
                                             DECK_RATE_PRIOR, RACE_URGENCY, URGENT_DECK)


# ``spend_share``: the same sum as tempo.py's Python function, inlined where it is called.
cdef inline double spend_share(double agg):
    return SPEND_SHARE_BASE - SPEND_SHARE_AGG * agg
