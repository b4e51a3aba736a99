# The heuristic's weights as C variables (weights.py gives their values and says what each
# values): the compiled policy modules cimport them. Run uncompiled, this file is not used.


# What an effect is worth, by op name (OP_WORTH above); an op it does not list
cdef double UNKNOWN_OP_WORTH
cdef double UNKNOWN_HARM_WORTH
cdef double QUANTITY_GUESS
cdef double HAND_SIZE_GUESS
cdef Py_ssize_t COUNT_GUESS
cdef Py_ssize_t OWN_DAMAGE_GUESS
cdef double CONDITIONAL_SHARE
cdef double RANSOM_SHARE
cdef double FRIENDLY_FIRE_SHARE
cdef double EVEN_ODDS

# A card's strength in combat (card_facts.card_strength), above its printed value
cdef double SELF_BOOST_LIFT
cdef Py_ssize_t SELF_BOOST_MAX
cdef double PARTIAL_BLANK_LIFT
cdef double BOOST_ONLY_LIFT
cdef Py_ssize_t SUBTRACT_GUESS
cdef double HOOK_LIFT
cdef double COILS_SHARE
cdef double DECK_BOOST_GUESS

# A card kept in hand (card_facts.keep_worth; HeuristicPolicy.keep_base, reserve_worth)
cdef double DEFENSE_KEEP_CAP
cdef double VERSATILE_KEEP_BONUS
cdef double SCHEME_KEEP_BASE
cdef double KEEP_EFFECT_SHARE
cdef double UNUSABLE_BOOST_SHARE
cdef double EMPTY_DECK_KEEP
cdef double LAST_DEFENSE_RESERVE
cdef double LAST_DEFENSE_HEALTH
cdef double SECOND_DEFENSE_RESERVE
cdef double SECOND_DEFENSE_HEALTH
cdef Py_ssize_t HEAL_ROOM_AHEAD
cdef double HEAL_RESERVE_BASE
cdef double HEAL_RESERVE_SHARE
cdef double HEAL_HP_SHARE
cdef double DEFENSE_STRENGTH_CAP

# Spending a card (tempo.spend_share, scarcity_of)
cdef double SPEND_SHARE_BASE
cdef double SPEND_SHARE_AGG
cdef Py_ssize_t SCARCE_HAND
cdef double SCARCITY_STEP

# Health and defeat (HeuristicPolicy.hp_weight, defeat_worth)
cdef double SIDEKICK_HP
cdef double HERO_HP_BASE
cdef double HERO_HP_LOW
cdef double OWN_HP_BASE
cdef double OWN_HP_CAUTION
cdef double FOE_HP_BASE
cdef double FOE_HP_AGGRESSION
cdef double SIDEKICK_DEFEAT
cdef double SIDEKICK_RETURN_SHARE
cdef double HERO_OF_SEVERAL_DEFEAT
cdef double FOE_DEFEAT
cdef double OWN_DEFEAT

# The clock (tempo.clock_style, turns_left_estimate)
cdef Py_ssize_t URGENT_DECK
cdef double RACE_URGENCY
cdef Py_ssize_t DECK_MARGIN
cdef double PATIENT_URGENCY
cdef Py_ssize_t FULL_HAND
cdef double FULL_HAND_URGENCY
cdef double URGENCY_CAUTION_DROP
cdef Py_ssize_t FREE_LEAD
cdef Py_ssize_t LEAD_SPAN
cdef double TURNS_NO_HERO
cdef double DAMAGE_RATE_PRIOR
cdef Py_ssize_t PRIOR_TURNS
cdef double MIN_DAMAGE_RATE
cdef double DECK_RATE_PRIOR

# Drawing (HeuristicPolicy.draw_worth, boost_bonus_worth)
cdef double DRAW_CARD_WORTH
cdef Py_ssize_t CARDS_PER_TURN
cdef double DECK_RACE_SHARE
cdef double BURNED_NEEDED
cdef double BURNED_SPARE
cdef double BONUS_DRAW_WORTH
cdef double BONUS_DRAW_EMPTY
cdef double BONUS_HEAL_WORTH
cdef double BONUS_ACTION_WORTH
cdef double BONUS_DISCARD_WORTH

# Actions and effects resolved now (HeuristicPolicy.on_action, ops_worth, ...)
cdef double ATTACK_BONUS
cdef double REPOSITION_SHARE
cdef double MANEUVER_BONUS
cdef double SCHEME_BONUS
cdef double EXTRA_ATTACK_ACTION
cdef double EXTRA_ACTION
cdef double SUMMONED_WORTH
cdef double NOT_LOKI_COST
cdef double FOE_DRAW_COST
cdef double LOOK_AT_DECK_BONUS
cdef double LOOK_AT_FOE_DECK
cdef double SEARCH_DECK_WORTH
cdef double SHUFFLE_FOE_CARD
cdef double COST_DISCARD_WORTH
cdef double SHUFFLE_BACK_WORTH
cdef double FOE_DISCARD_WORTH
cdef double OWN_DISCARD_COST
cdef double RECOVER_HP_SHARE
cdef double SUMMON_WORTH
cdef double SHIFT_GUESS
cdef double PUT_ON_DECK_WORTH
cdef double LOCK_OUT_OF_RANGE
cdef double PLACE_COST

# A foe's fighter moved or placed by our effect (HeuristicPolicy.foe_space_value)
cdef double FOE_SIDEKICK_THREAT
cdef double OUR_SIDEKICK_SHARE
cdef double SAFETY_BASE
cdef double TWO_ATTACKS
cdef Py_ssize_t FOE_REACH_MARGIN
cdef Py_ssize_t RANGED_REACH_MARGIN
cdef double FOE_DISTANCE_WORTH
cdef Py_ssize_t FOE_DISTANCE_CAP
cdef double AGGRESSION_BASE

# A space for one of our fighters (position.SpaceFacts.value)
cdef double TARGET_HERO
cdef double TARGET_SIDEKICK
cdef double TARGET_WEAK_BONUS
cdef Py_ssize_t WEAK_HEALTH
cdef double TARGET_LATER_SHARE
cdef double APPROACH_RANGED
cdef double APPROACH_HERO
cdef double APPROACH_SIDEKICK
cdef double EXPOSURE_LATER_SHARE
cdef double HAZARD_ESCAPE_SHARE
cdef double HERO_LETHAL_SAFETY
cdef double HERO_LETHAL_BASE
cdef double SIDEKICK_EXPOSURE
cdef double SCREEN_WORTH
cdef double FLANK_PRESS

# The foes' blows (position.threat_map_of, exposure_odds)
cdef Py_ssize_t FOE_BOOST_HAND
cdef double SECOND_ATTACK_SHARE
cdef double BLOW_FLOOR
cdef double DEFENSE_STOP
cdef double LETHAL_MARGIN
cdef double LETHAL_SPREAD

# Combat decisions (HeuristicPolicy.on_defense_card, on_combat_boost, ...)
cdef double DEFENSE_WIN_CHANCE
cdef double DEFENSE_EFFECT_SHARE
cdef double WON_COMBAT_WORTH
cdef double WON_EFFECT_SHARE
cdef double MIN_BOOST_GAIN
cdef double MIN_COMBAT_BOOST_GAIN
cdef double REPLACE_DEFENSE_LOSS
cdef double REPLACE_MARGIN
cdef double UNLESS_KEEP_SHARE
cdef double MAY_PRICE_SHARE
cdef double MAY_ACTION_WORTH
cdef double MAY_DAMAGE_WORTH
cdef double MAY_OTHER_WORTH
cdef Py_ssize_t SELF_DAMAGE_MARGIN
cdef Py_ssize_t SELF_DAMAGE_CAUTION
cdef double NO_DECK_ACTION
cdef double INFINITE_POWER_SHARE
