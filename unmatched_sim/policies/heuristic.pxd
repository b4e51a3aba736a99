# What heuristic.py reads in C when compiled: the engine's typed records (a view's fields and its
# cpdef queries, a fighter's space and health, are C reads in a typed local or argument) and the
# other policy modules' records and functions (card facts, card odds, position, tempo). Run
# uncompiled, this file is not used.

from unmatched_sim.engine.state cimport Fighter
from unmatched_sim.engine.view cimport _ViewCore
from unmatched_sim.model cimport CardDef
from unmatched_sim.policies.card_facts cimport (applies, around_damage, blanked_types, card_strength, charged_terms,
                                                conditional_terms, effect_worth,
                                                is_own_card, spends_coils,
                                                keep_worth, mirrored_value, own_draw_counts, own_hero_damage,
                                                counts_foe_boost, damage_draws, damage_guard, deck_boosts, ends_turn, recover_specs, term_worth, trades_values,
                                                usable)
from unmatched_sim.policies.greedy cimport GreedyPolicy
from unmatched_sim.policies.odds cimport Reader, ability_bonus_estimate, combat_odds, foe_in_focus
from unmatched_sim.policies.position cimport SpaceFacts, ThreatMap, exposure_odds, threat_map_of
from unmatched_sim.policies.tempo cimport (boost_draw_count, clock_style, deck_rate, scarcity_of, spend_share,
                                          turns_left_estimate)
from unmatched_sim.policies.weights cimport (AGGRESSION_BASE, ATTACK_BONUS, BONUS_ACTION_WORTH,
                                             BONUS_DISCARD_WORTH, BONUS_DRAW_EMPTY,
                                             BONUS_DRAW_WORTH, BONUS_HEAL_WORTH, BURNED_NEEDED, BURNED_SPARE,
                                             CARDS_PER_TURN, COST_DISCARD_WORTH, COUNT_GUESS,
                                             DEFENSE_EFFECT_SHARE, DEFENSE_STRENGTH_CAP, DEFENSE_WIN_CHANCE,
                                             CONDITIONAL_SHARE, DECK_RACE_SHARE, DRAW_CARD_WORTH, EMPTY_DECK_KEEP, EXTRA_ACTION, HAZARD_ESCAPE_SHARE,
                                             EXTRA_ATTACK_ACTION, FOE_DEFEAT, FOE_DISCARD_WORTH,
                                             FOE_DISTANCE_CAP, FOE_DISTANCE_WORTH, FOE_DRAW_COST,
                                             FOE_HP_AGGRESSION, FOE_HP_BASE, FOE_REACH_MARGIN,
                                             FOE_SIDEKICK_THREAT, HEAL_HP_SHARE, HEAL_RESERVE_BASE,
                                             HEAL_RESERVE_SHARE, HEAL_ROOM_AHEAD, HERO_HP_BASE, HOOK_LIFT, BOOST_ONLY_LIFT, DECK_BOOST_GUESS,
                                             HERO_HP_LOW, HERO_OF_SEVERAL_DEFEAT, INFINITE_POWER_SHARE,
                                             LAST_DEFENSE_HEALTH, LAST_DEFENSE_RESERVE, LOCK_OUT_OF_RANGE,
                                             LOOK_AT_DECK_BONUS, LOOK_AT_FOE_DECK,
                                             MANEUVER_BONUS, MAY_ACTION_WORTH, MAY_DAMAGE_WORTH,
                                             MAY_OTHER_WORTH, MAY_PRICE_SHARE, MIN_BOOST_GAIN,
                                             MIN_COMBAT_BOOST_GAIN,
                                             NOT_LOKI_COST, NO_DECK_ACTION, OUR_SIDEKICK_SHARE,
                                             OWN_DAMAGE_GUESS, OWN_DEFEAT, OWN_DISCARD_COST, OWN_HP_BASE,
                                             OWN_HP_CAUTION, PLACE_COST, PUT_ON_DECK_WORTH, QUANTITY_GUESS,
                                             RANGED_REACH_MARGIN, RANSOM_SHARE, RECOVER_HP_SHARE,
                                             REPLACE_DEFENSE_LOSS, REPLACE_MARGIN, REPOSITION_SHARE,
                                             SAFETY_BASE, SCHEME_BONUS, SEARCH_DECK_WORTH,
                                             SECOND_DEFENSE_HEALTH, SECOND_DEFENSE_RESERVE,
                                             SELF_DAMAGE_CAUTION, SELF_DAMAGE_MARGIN, SHIFT_GUESS,
                                             SHUFFLE_BACK_WORTH, SHUFFLE_FOE_CARD, SIDEKICK_DEFEAT, SIDEKICK_RETURN_SHARE,
                                             SIDEKICK_HP, SUMMON_WORTH, SUMMONED_WORTH, TARGET_HERO, TARGET_SIDEKICK,
                                             TWO_ATTACKS, UNKNOWN_HARM_WORTH, UNKNOWN_OP_WORTH,
                                             UNLESS_KEEP_SHARE, UNUSABLE_BOOST_SHARE, WON_COMBAT_WORTH,
                                             WON_EFFECT_SHARE)


# What one decision has worked out, a dict per kind keyed by an int id.
cdef class DecisionFacts:
    cdef public dict keep, reserve, attack_card, attack_target, defenses, space, knowledge
    cpdef clear(self)


# The heuristic policies as typed records: their state is read in C by their own methods (a
# decision reads ``_memo``, ``agg`` and the weights thousands of times a game).
cdef class HeuristicPolicy(GreedyPolicy):
    cdef public double caution, safety, reserve
    cdef public double agg, cau            # the style of the decision being made (style_now)
    cdef public object _reader             # the foe in focus's card odds, this decision
    cdef public dict _memo                 # what this decision has worked out
    cdef public DecisionFacts _facts       # and of it, about single cards, fighters and foes
    cdef public object _memo_version       # the position it was worked out in (state_version)
    cdef public object _memo_view, _memo_focus, _memo_print
    cdef public dict _readers, _threats    # kept across decisions
    cdef public dict _defenses
    cdef public object _defenses_view

    # The methods a decision calls most, as C calls from the policy's own code (a Python caller
    # or a Python subclass's override works as before).
    cpdef tuple style_now(self, _ViewCore view)
    cpdef double power(self, _ViewCore view, object cid)
    cpdef object reader(self, _ViewCore view, object foe=*)
    cpdef tuple _foes(self, _ViewCore view)
    cpdef tuple _knowledge_key(self, _ViewCore view, object foe)
    cpdef object _shared_reader(self, _ViewCore view, object foe)
    cpdef double keep(self, _ViewCore view, object cid)
    cpdef double keep_base(self, _ViewCore view, object cid)
    cpdef double spend_cost(self, _ViewCore view, object cid, object back=*)
    cpdef double reserve_worth(self, _ViewCore view, object cid)
    cpdef double hp_weight(self, Fighter f, object mine)
    cpdef double foe_hp_weight(self, _ViewCore view, Fighter f)
    cpdef double boost_bonus_worth(self, _ViewCore view, object cid)
    cpdef double boost_cost(self, _ViewCore view, object cid)
    cpdef tuple _attack_card(self, _ViewCore view, object cid)
    cpdef tuple _attack_card_facts(self, _ViewCore view, object cid)
    cpdef tuple _attack_target(self, _ViewCore view, object fi, object target)
    cpdef tuple _attack_target_facts(self, _ViewCore view, object fi, object target)
    cpdef object best_attack(self, _ViewCore view, object options=*)
    cpdef double hit_and_run(self, _ViewCore view)
    cpdef double draw_worth(self, object view, object n)
    cpdef object exhaustion_cost(self, _ViewCore view)
    cpdef double defeat_worth(self, _ViewCore view, Fighter f)
    cpdef double maneuver_eval(self, object view)
    cpdef double reposition_worth(self, _ViewCore view)
    cpdef list _move_reach(self, _ViewCore view, object me)
    cpdef list threat_map(self, _ViewCore view)
    cpdef ThreatMap threat_record(self, _ViewCore view)
    cpdef ThreatMap _threat_map(self, _ViewCore view)
    cpdef tuple my_defenses(self, _ViewCore view, object fi)
    cpdef tuple _my_defenses(self, _ViewCore view, object name, tuple hand)
    cpdef object turn_start_hazards(self, _ViewCore view)
    cpdef object _space_ctx(self, _ViewCore view, object fi)
    cpdef list space_values(self, _ViewCore view, object fi, object spaces, object actions_after)
    cpdef double best_space_value(self, _ViewCore view, object fi, object spaces, object actions_after)
    cpdef object best_space(self, _ViewCore view, object fi, object spaces, object actions_after)
    cpdef double space_value(self, _ViewCore view, object fi, object space, object actions_after)
    cpdef object _after_now(self, _ViewCore view)
    cpdef double ops_worth(self, _ViewCore view, object ops, object fi, bint mine=*)
    cpdef double scheme_eval(self, _ViewCore view, object cid, object fi)
    cpdef double effect_damage_worth(self, _ViewCore view, object fi, object spec)
    cpdef object foe_shift_worth(self, _ViewCore view, object op, object fi)
    cpdef object _foe_shift_worth(self, _ViewCore view, object op, object fi)
    cpdef double foe_space_value(self, _ViewCore view, object fi, object space, object acts=*)
    cpdef double _best_reach_value(self, _ViewCore view, object fi, object steps, object actions_after)

cdef class AggressivePolicy(HeuristicPolicy):
    pass

cdef class CarefulPolicy(HeuristicPolicy):
    pass

cdef class TunedPolicy(HeuristicPolicy):
    cdef public dict _given                # the weights given on the command line
    cdef public object _styled_for         # the hero whose file's style is set
    cdef public dict _styles               # each hero's weights, worked out once

    cpdef tuple style_now(self, _ViewCore view)
