"""The heuristic's tuning constants, named in one place."""

OP_WORTH = {"draw": 0.7, "gain_action": 1.1, "damage": 0.9, "recover": 0.6, "discard": 0.6,
            "cancel_effects": 0.6, "place": 0.4, "move": 0.3, "summon": 0.8, "look_at_hand": 0.1,
            "boost_card": 0.8, "put_on_deck": 0.1, "return_boost_card": 0.6, "take_from_discard": 0.6,
            "return_discard_top": 0.5, "unless_discard": 0.5, "hook": 0.5,
            # Battle of Legends Vol. 1 verbs (engine/vocab/bol1_cards.py)
            "take_tagged_from_discard": 1.0, "return_defeated": 0.8, "set_health": 1.0,
            "damage_spaces": 1.0}
