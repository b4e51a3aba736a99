"""The heuristic's weights: every tuning constant of its evaluation, named and commented here,
in rough "damage to the opposing hero" units unless said otherwise. The policy modules read
them by name.

The style weights (aggression, caution, safety, reserve, each 0..1) are the policies'
parameters (``HeuristicPolicy.params`` and its styles, a hero file's ``[ai]`` table); the
numbers here are what those styles scale.

Compiled, each number is a C variable (``weights.pxd``) that the compiled modules cimport and
read as C: a Python float read in a hot loop would be looked up and unboxed at every use. So
run compiled, this module's numbers are not Python attributes; ``OP_WORTH`` is.
"""

from __future__ import annotations

# What an effect is worth, by op name.
OP_WORTH = {"draw": 0.7, "gain_action": 1.1, "damage": 0.9, "recover": 0.6, "discard": 0.6,
            "cancel_effects": 0.6, "place": 0.4, "move": 0.3, "summon": 0.8, "look_at_hand": 0.1,
            "boost_card": 0.8, "put_on_deck": 0.1, "return_boost_card": 0.6, "take_from_discard": 0.6,
            "return_discard_top": 0.5, "unless_discard": 0.5, "hook": 0.5,
            # verbs of engine/vocab/ (discard.py, position.py, fighters.py)
            "take_tagged_from_discard": 1.0, "return_defeated": 0.8, "set_health": 1.0,
            "damage_spaces": 1.0, "take_one_tagged_from_discard": 1.0,
            # (combat.py, hands.py, fighters.py, discard.py, lasting.py, position.py)
            "bonus_attack": 2.0, "pick_from_hand": 1.3, "summon_from_reserve": 0.8,
            "redirect_combat_damage": 1.0,
            "place_by_opposing_combatant": 0.4}


# What an effect is worth, by op name (OP_WORTH above); an op it does not list
UNKNOWN_OP_WORTH = 0.3          # an effect the table does not know
UNKNOWN_HARM_WORTH = 0.4        # a harm it does not know (an "unless you discard" threat)
QUANTITY_GUESS = 1.5            # a number a card reads from the game (not a hand's size)
HAND_SIZE_GUESS = 3.0           # a hand's size, read statically from a card
COUNT_GUESS = 2                 # a draw or healing whose count is read from the game
OWN_DAMAGE_GUESS = 2            # damage to one's own hero whose amount is read from the game
CONDITIONAL_SHARE = 0.5         # an effect with a condition other than the combat's outcome
RANSOM_SHARE = 0.6              # an effect the opponent may pay to stop ("unless")
FRIENDLY_FIRE_SHARE = 0.4       # damage that may land on our own fighters as well
EVEN_ODDS = 0.5                 # the chance of winning a combat not yet in sight

# A card's strength in combat (card_facts.card_strength), above its printed value
SELF_BOOST_LIFT = 1.5           # each BOOST a card may add to itself
SELF_BOOST_MAX = 2              # at most this many counted
PARTIAL_BLANK_LIFT = 1.0        # "the opponent's card counts 0" against some cards only
BOOST_ONLY_LIFT = 1.0           # "the opponent's card counts its BOOST value"
SUBTRACT_GUESS = 2              # "subtract N" whose N is read from the game
HOOK_LIFT = 0.5                 # a hero's own rule on the card (hook)
COILS_SHARE = 0.5               # Tesla's coils raising the card: not always charged
DECK_BOOST_GUESS = 2.0          # a deck card's BOOST the card adds to itself (Bottom Dealing), unseen

# A card kept in hand (card_facts.keep_worth; HeuristicPolicy.keep_base, reserve_worth)
DEFENSE_KEEP_CAP = 6.0          # a defense stronger than this is worth no more kept
VERSATILE_KEEP_BONUS = 0.5      # a card that can both attack and defend
SCHEME_KEEP_BASE = 1.5          # a scheme, beyond its effects
KEEP_EFFECT_SHARE = 0.3         # a card's combat effects, counted kept
UNUSABLE_BOOST_SHARE = 0.25     # a card none of our fighters can use: its BOOST value at this share
EMPTY_DECK_KEEP = 1.2           # every card is dearer with the deck empty (times)
LAST_DEFENSE_RESERVE = 1.2      # our hero's last defense card, as a reserve (times `reserve`) ...
LAST_DEFENSE_HEALTH = 8.0       # ... plus this over the hero's health
SECOND_DEFENSE_RESERVE = 0.4    # one of its last two (times `reserve`) ...
SECOND_DEFENSE_HEALTH = 3.0     # ... plus this over the hero's health
HEAL_ROOM_AHEAD = 3             # health the next blows will take, room for healing beyond the loss
HEAL_RESERVE_BASE = 0.3         # healing as a reserve: this plus ...
HEAL_RESERVE_SHARE = 0.5        # ... this times `reserve`, per health point at its worth ...
HEAL_HP_SHARE = 0.5             # ... at this share
DEFENSE_STRENGTH_CAP = 8.0      # a defense card's strength counted at most (our defenses in hand)

# Spending a card (tempo.spend_share, scarcity_of)
SPEND_SHARE_BASE = 0.55         # the share of a card's play worth that spending it costs ...
SPEND_SHARE_AGG = 0.35          # ... less this times the aggression
SCARCE_HAND = 4                 # a hand left smaller than this makes each card dearer ...
SCARCITY_STEP = 0.5             # ... by this share per card short

# Health and defeat (HeuristicPolicy.hp_weight, defeat_worth)
SIDEKICK_HP = 0.5               # a sidekick's health point
HERO_HP_BASE = 1.6              # a hero's health point: this ...
HERO_HP_LOW = 3.0               # ... plus this over its health (dearer as it runs low) ...
OWN_HP_BASE = 0.85              # ... ours times this plus ...
OWN_HP_CAUTION = 0.8            # ... this times the caution ...
FOE_HP_BASE = 1.0               # ... a foe's times this plus ...
FOE_HP_AGGRESSION = 0.5         # ... this times the aggression
SIDEKICK_DEFEAT = 1.4           # defeating a sidekick: its attacks and zone taken from the foe ...
SIDEKICK_RETURN_SHARE = 0.4     # ... at this share when the foe's cards can summon it again
HERO_OF_SEVERAL_DEFEAT = 6.0    # a hero whose side has others standing (the Wayward Sisters)
FOE_DEFEAT = 25.0               # the foe's last hero: the game
OWN_DEFEAT = 40.0               # our last hero: the game, feared more than the win is sought

# The clock (tempo.clock_style, turns_left_estimate)
URGENT_DECK = 10                # a deck this short makes the style more urgent, to all-out at 0
RACE_URGENCY = 1.0              # a deck that runs out before the game ends (and the foe's): urgency per share of the game left
DECK_MARGIN = 3                 # a foe's deck this much shorter than ours runs out first ...
PATIENT_URGENCY = 0.3           # ... and the urgency counts at this share
FULL_HAND = 6                   # a hand this large wastes the next draws ...
FULL_HAND_URGENCY = 0.5         # ... the urgency at least this
URGENCY_CAUTION_DROP = 0.7      # the caution falls by this share of the urgency
FREE_LEAD = 2                   # a deck lead over the foe beyond this ...
LEAD_SPAN = 6                   # ... calms the aggression, to none over this many cards more
TURNS_NO_HERO = 3.0             # the game's turns left when the foe's hero is off the board
DAMAGE_RATE_PRIOR = 2.5         # damage a turn of ours deals the foe's hero, before evidence ...
PRIOR_TURNS = 3                 # ... counted as this many turns of evidence
MIN_DAMAGE_RATE = 0.75          # the rate counted at least
DECK_RATE_PRIOR = 1.0           # cards our deck loses a turn of ours (a maneuver's draw), before evidence

# Drawing (HeuristicPolicy.draw_worth, boost_bonus_worth)
DRAW_CARD_WORTH = 0.9           # a card drawn with room for it in hand
CARDS_PER_TURN = 2              # the cards a turn of the game needs (the deck race)
DECK_RACE_SHARE = 0.5           # a draw the deck race will need later: this share of its damage
BURNED_NEEDED = 0.6             # a card drawn only to be discarded, from a deck the game needs
BURNED_SPARE = 0.3              # and from a deck that will last
BONUS_DRAW_WORTH = 0.7          # a BOOST bonus's card drawn
BONUS_DRAW_EMPTY = -2.0         # a BOOST bonus's draw from a deck without the cards
BONUS_HEAL_WORTH = 0.8          # a BOOST bonus's health point restored
BONUS_ACTION_WORTH = 1.2        # a BOOST bonus's action
BONUS_DISCARD_WORTH = 0.8       # a BOOST bonus's discard from the foe's hand

# Actions and effects resolved now (HeuristicPolicy.on_action, ops_worth, ...)
ATTACK_BONUS = 0.81             # an attack's score over its expected worth (plus the aggression)
REPOSITION_SHARE = 0.4          # a better space reached by a maneuver (or after a hit and run)
MANEUVER_BONUS = 0.24           # a maneuver's score beyond its draw and repositioning
SCHEME_BONUS = 0.31             # a scheme's score beyond its effects and cost
EXTRA_ATTACK_ACTION = 1.6       # one more action with an attack to make
EXTRA_ACTION = 1.0              # one more action otherwise
SUMMONED_WORTH = 2.0            # a foe's sidekick summoned onto the board: its attacks, and ours spent removing it again
NOT_LOKI_COST = 1.0             # the "Not Loki." half of a TRICK played by its victim
FOE_DRAW_COST = 0.5             # each card a foe draws from our effect
LOOK_AT_DECK_BONUS = 0.3        # choosing the cards drawn from our deck's top
LOOK_AT_FOE_DECK = 0.2          # looking at a foe's deck top
SEARCH_DECK_WORTH = 1.0         # a chosen card from our deck
SHUFFLE_FOE_CARD = 0.7          # a foe's card of our choice shuffled back into its deck
COST_DISCARD_WORTH = 0.8        # a card discarded to pay for an effect
SHUFFLE_BACK_WORTH = 0.35       # each card back from our discard pile into our deck
FOE_DISCARD_WORTH = 0.7         # each card a foe discards
OWN_DISCARD_COST = 0.5          # each card we discard
RECOVER_HP_SHARE = 1.0          # each health point our hero recovers from a scheme, at this share of
                                # the point's worth (`hp_weight`: what a blow's point costs it)
SUMMON_WORTH = 1.0              # a fighter summoned
SHIFT_GUESS = 0.5               # a move or place of our own fighters
PUT_ON_DECK_WORTH = -0.1        # a card of our hand put on our deck
LOCK_OUT_OF_RANGE = 0.4         # its share with no target in range yet
PLACE_COST = 0.05               # a place that gains nothing over a move (ties)

# A foe's fighter moved or placed by our effect (HeuristicPolicy.foe_space_value)
FOE_SIDEKICK_THREAT = 0.6       # a foe's sidekick's threat at this share of its hero's
OUR_SIDEKICK_SHARE = 0.4        # our sidekick's health at stake at this share
SAFETY_BASE = 0.5               # the threat to us weighs this plus the safety
TWO_ATTACKS = 1.8               # a foe in reach without moving: its two attacks
FOE_REACH_MARGIN = 1            # a foe this much beyond its move (plus a BOOST) ...
RANGED_REACH_MARGIN = 3         # ... or this for a ranged one, still threatens
FOE_DISTANCE_WORTH = 0.1        # each space further away from a foe out of reach ...
FOE_DISTANCE_CAP = 6            # ... counted up to this many
AGGRESSION_BASE = 0.5           # our attack on it weighs this plus the aggression

# A space for one of our fighters (position.SpaceFacts.value)
TARGET_HERO = 3.0               # standing within reach of a foe's hero
TARGET_SIDEKICK = 1.2           # of a foe's sidekick ...
TARGET_WEAK_BONUS = 1.0         # ... plus this if it is weak
WEAK_HEALTH = 2                 # weak: this much health or less
# A target reached with no action left to attack it, or no card: the foe moves first, and a
# space next to its hero at the turn's end is where its two attacks land, not ours. Played out
# to the end, tuned's last moves ended next to the foe's hero more than the games favour
# (docs/policies.md, "Decisions played out to the end").
TARGET_LATER_SHARE = 0.1
APPROACH_RANGED = 0.35          # a ranged fighter outside the foe hero's zone: per space away
APPROACH_HERO = 0.54            # our hero (melee) per space away from the foe's hero
APPROACH_SIDEKICK = 0.35        # our sidekick (melee) per space away
EXPOSURE_LATER_SHARE = 0.43     # the blows we could take there while we still act this turn
HAZARD_ESCAPE_SHARE = 1.0       # a maneuver out of a foe's turn-start damage, the turn's last action
HERO_LETHAL_SAFETY = 23.0       # our hero's chance of defeat there: this times the safety ...
HERO_LETHAL_BASE = 4.8          # ... plus this
SIDEKICK_EXPOSURE = 0.15        # each damage our sidekick could take there
SCREEN_WORTH = 0.8              # a sidekick guarding our hero (times the caution)
FLANK_PRESS = 0.15              # a sidekick per space away from the foe's hero (times the aggression)

# The foes' blows (position.threat_map_of, exposure_odds)
FOE_BOOST_HAND = 3              # a foe with this many cards BOOSTs its move by 1
SECOND_ATTACK_SHARE = 0.8       # a foe's second attack, at this share of its best
BLOW_FLOOR = 0.24               # the share of an expected blow that gets through any defense
DEFENSE_STOP = 1.2              # the share of a defense's strength that stops a blow
LETHAL_MARGIN = 2.0             # the chance-ish of defeat: damage over health plus this ...
LETHAL_SPREAD = 3.0             # ... over this

# Combat decisions (HeuristicPolicy.on_defense_card, on_combat_boost, ...)
DEFENSE_WIN_CHANCE = 0.6        # a defense card's "if you won" effects: this chance ...
DEFENSE_EFFECT_SHARE = 0.6      # ... and its effects at this share
WON_COMBAT_WORTH = 0.8          # a combat won by a BOOST (the "if you won" effects come at ...
WON_EFFECT_SHARE = 0.5          # ... this share)
MIN_BOOST_GAIN = 0.15           # a BOOST of our move is played for at least this gain
MIN_COMBAT_BOOST_GAIN = 0.05    # and of a combat
REPLACE_DEFENSE_LOSS = 1.5      # each damage a replaced defense card lets through
REPLACE_MARGIN = 0.5            # a card is replaced for at least this gain
UNLESS_KEEP_SHARE = 0.8         # a discard to stop a harm: the card at this share of its worth
MAY_PRICE_SHARE = 0.6           # cards paid for an optional effect, at this share of their worth
MAY_ACTION_WORTH = 1.6          # what an optional paid effect is worth: an action ...
MAY_DAMAGE_WORTH = 1.8          # ... damage ...
MAY_OTHER_WORTH = 0.8           # ... anything else
SELF_DAMAGE_MARGIN = 4          # health our hero keeps above an optional self-damage ...
SELF_DAMAGE_CAUTION = 4         # ... plus this times the caution
NO_DECK_ACTION = -1.0           # the Genie's extra action with an empty deck
INFINITE_POWER_SHARE = 0.55     # the card discarded for it, at this share of its worth

# The numbers a hero's advice (``hooks/``, which runs as Python) weighs its options with, as
# Python values: compiled, the names above are C variables only the compiled modules can read.
FOR_HERO_ADVICE = {"ATTACK_BONUS": ATTACK_BONUS, "SCHEME_BONUS": SCHEME_BONUS,
                   "CONDITIONAL_SHARE": CONDITIONAL_SHARE, "FOE_DISCARD_WORTH": FOE_DISCARD_WORTH}
