# What card_facts.py offers the other compiled policy modules as C calls (they cimport it): the
# card facts, typed as the module declares them. Run uncompiled, this file is not used.

from unmatched_sim.engine.view cimport _ViewCore
from unmatched_sim.model cimport CardDef

cpdef bint usable(CardDef d, object name)
cpdef bint applies(dict spec, bint mine)
cpdef (double, double) card_strength(CardDef d, bint mine=*)
cpdef frozenset blanked_types(CardDef d)
cpdef object own_hero_damage(CardDef d, bint mine=*)
cpdef object mirrored_value(CardDef d)
cpdef tuple recover_specs(CardDef d)
cpdef tuple own_draw_counts(CardDef d, bint mine=*)
cpdef double effect_worth(CardDef d, object timings=*, double p_won=*, bint mine=*)
cpdef tuple _effect_terms(CardDef d, tuple timings, bint mine)
cpdef double keep_worth(CardDef d, bint mine=*)
cpdef bint is_own_card(_ViewCore view, object cid)
