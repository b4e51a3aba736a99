# What tempo.py offers the other compiled policy modules as C calls (heuristic.pxd cimports it).
# Run uncompiled, this file is not used.

from unmatched_sim.engine.view cimport _ViewCore

cpdef tuple clock_style(double aggression, double caution, Py_ssize_t deck, Py_ssize_t opp_deck, Py_ssize_t hand)
cpdef double turns_left_estimate(_ViewCore view)
cpdef double spend_share(double agg)
cpdef double scarcity_of(_ViewCore view, object back)
cpdef object boost_draw_count(_ViewCore view, object cid)
