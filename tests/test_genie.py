"""The Genie (heroes/genie.toml): every card effect and Infinite Power.

Seat 1 is the Genie and seat 0 Houdini (with Bess) on Marmoreal, unless a test plays the
Genie against herself.
"""

from __future__ import annotations

from tests.scenario import Scenario, MAGICIAN, genie_turn


def genie_attacks_houdini(s: Scenario, card: str | None = None, defense: str | None = None) -> Scenario:
    """From the Genie's action decision: attack Houdini with ``card`` (if there is a choice)
    and defend with ``defense`` (if Houdini has a choice)."""
    s.choose("attack")
    if s.pending is not None and s.pending.kind == "attack_target":
        s.choose(("The Genie", "Houdini"))
    if s.pending is not None and s.pending.kind == "attack_card":
        s.choose(card)
    if s.pending is not None and s.pending.kind == "defense_card":
        s.choose(defense)
    return s


def finish_turn(s: Scenario) -> Scenario:
    """Play out the current turn with maneuvers that move nobody."""
    g = s.game
    seat = g.active
    while g.active == seat and g.pending is not None:
        d = g.pending
        if d.kind == "action":
            s.choose("maneuver")
        elif d.kind == "move_destination":
            g.answer(g.fighters[d.info["fighter"]].space)
        elif d.kind in ("maneuver_boost", "move_order"):
            s.choose(None)
        else:
            raise AssertionError(f"unexpected decision {d.kind}")
    return s


def genie_damage(s: Scenario) -> list[tuple[str, int]]:
    return [(e["fighter"], e["amount"]) for e in s.events("damage") if e["detail"] == "card"]


# ============================================================================ Infinite Power
def test_infinite_power_discard_a_card_at_the_start_of_the_turn_to_gain_an_action():
    s = Scenario()
    s.place("The Genie", "M02").place("Houdini", "M31").remove("Bess")
    s.hand(1, "Feint", "I Am Freed")
    s.begin_turn(1)
    d = s.expect("ability_discard_for_action").pending
    assert d.player == 1 and set(s.options()) == {None, "Feint", "I Am Freed"}
    assert s.events("action") == []                        # before any action
    s.choose("Feint")
    assert s.discard_names(1) == ["Feint"]
    assert s.events("discard")[0]["detail"] == "own_effect"
    assert s.game.players[1].actions == 2                  # 3, one of them already under way
    for _ in range(3):
        s.expect("maneuver_boost").choose(None)
        s.expect("move_destination").choose("M02")
    assert [e["player"] for e in s.events("action")] == [1, 1, 1, 0]


def test_infinite_power_may_be_declined():
    s = Scenario()
    s.place("The Genie", "M02").place("Houdini", "M31").remove("Bess")
    s.hand(1, "Feint")
    s.begin_turn(1)
    s.expect("ability_discard_for_action").choose(None)
    for _ in range(2):
        s.expect("maneuver_boost").choose(None)
        s.expect("move_destination").choose("M02")
    assert [e["player"] for e in s.events("action")] == [1, 1, 0]
    assert s.discard_names(1) == []


def test_infinite_power_is_not_offered_with_an_empty_hand():
    s = Scenario()
    s.place("The Genie", "M02").place("Houdini", "M31").remove("Bess")
    s.begin_turn(1)
    s.expect("maneuver_boost")
    assert s.events("ability") == []


# ============================================================================ cards
def test_your_wish_is_my_command_if_won_may_discard_2_to_gain_an_action():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Your Wish Is My Command", "Feint", "I Am Freed", "Back in the Lamp")
    genie_turn(s)
    genie_attacks_houdini(s, "Your Wish Is My Command")
    assert s.f("Houdini").health == 11
    s.expect("effect_may").choose(True)
    s.expect("effect_cost_discard").choose("Back in the Lamp")
    s.expect("effect_cost_discard").choose("I Am Freed")
    assert sorted(s.discard_names(1)) == ["Back in the Lamp", "I Am Freed", "Your Wish Is My Command"]
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    assert s.game.players[1].actions == 2
    assert {e["detail"] for e in s.events("discard")} == {"cost"}


def test_your_wish_is_my_command_offers_nothing_if_lost():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Your Wish Is My Command", "Feint", "I Am Freed", "Back in the Lamp")
    s.hand(0, "Grand Escape", "Vanishing Act")
    genie_turn(s)
    genie_attacks_houdini(s, "Your Wish Is My Command", "Grand Escape")
    s.expect("combat_boost").choose("Vanishing Act")        # 4 against 3: the Genie lost
    s.expect("effect_destination").choose("M09")            # Grand Escape; still in range
    assert s.expect("action").pending.player == 1
    assert s.events("gain_action") == [] and s.game.players[1].actions == 1


def test_your_wish_is_my_command_needs_2_cards_to_pay():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Your Wish Is My Command", "Feint")
    genie_turn(s)
    genie_attacks_houdini(s, "Your Wish Is My Command")
    assert s.f("Houdini").health == 11
    s.expect("action")
    assert s.events("gain_action") == [] and s.game.players[1].actions == 1


def test_wishing_for_more_wishes_opponent_draws_1_then_you_draw_3():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Wishing for More Wishes", "Feint")
    s.deck_top(0, "Flourish")
    s.deck_top(1, "I Am Freed", "Back in the Lamp", "Feint")
    genie_turn(s)
    genie_attacks_houdini(s, "Wishing for More Wishes")
    draws = [(e["player"], e["card"]) for e in s.events("draw")]
    assert draws[:4] == [(0, "Flourish"), (1, "I Am Freed"), (1, "Back in the Lamp"), (1, "Feint")]
    assert s.hand_names(0) == ["Flourish"]
    assert s.f("Houdini").health == 11


def test_three_wishes_gain_an_action_and_draw_5():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Three Wishes", "Feint")
    genie_turn(s)
    s.choose("scheme")
    assert s.expect("effect_mode").options() == ["draw 5", "values are 4", "opponent discards 2"]
    s.choose("draw 5")
    s.expect("action")
    assert len(s.game.players[1].hand) == 6
    assert len([e for e in s.events("draw") if e["player"] == 1]) == 5
    assert s.game.players[1].actions == 2
    assert s.discard_names(1) == ["Three Wishes"]


def test_three_wishes_values_are_4_for_the_rest_of_the_turn():
    """This Is No Parlor Trick is printed 1; under the lock it attacks for 4."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Three Wishes", "This Is No Parlor Trick", "Feint")
    s.hand(0, "Misdirection")
    genie_turn(s)
    s.choose("scheme").expect("effect_mode").choose("values are 4")
    genie_attacks_houdini(s, "This Is No Parlor Trick", "Misdirection")
    # Misdirection cancels Parlor Trick; its value is still locked at 4 (Misdirection: 2).
    assert s.events("combat_result")[0]["detail"] == "4-2"
    assert s.f("Houdini").health == 12
    assert s.game.players[1].value_lock == 4


def test_three_wishes_locked_value_cannot_be_changed_by_any_modifier():
    """Genie against Genie. The attacker locks her values at 4 and attacks with This Is No
    Parlor Trick; the defender's own Parlor Trick ("your opponent's card is equal to its
    BOOST value", 2) cannot change it. The defender's card is not locked: it becomes 2."""
    s = Scenario("genie", "genie")
    s.place("The Genie", "M10", seat=0).place("The Genie", "M11", seat=1)
    s.hand(0, "Three Wishes", "This Is No Parlor Trick", "Feint")
    s.hand(1, "This Is No Parlor Trick")
    s.begin_turn(0)
    s.expect("ability_discard_for_action").choose(None)
    s.choose("scheme").expect("effect_mode").choose("values are 4")
    s.choose("attack").expect("attack_card").choose("This Is No Parlor Trick")
    s.expect("defense_card").choose("This Is No Parlor Trick")
    assert s.events("combat_result")[0]["detail"] == "4-2"
    assert s.game.fighters[s.fighter("The Genie", 1)].health == 14


def test_three_wishes_value_lock_ends_with_the_turn():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Three Wishes")
    s.hand(0, "Flourish")
    s.deck_top(1, "Back in the Lamp")
    genie_turn(s)
    s.choose("scheme").expect("effect_mode").choose("values are 4")
    assert s.game.players[1].value_lock == 4
    finish_turn(s)                                           # two more actions (one gained)
    assert s.game.active == 0 and s.game.players[1].value_lock is None
    # Houdini's turn: the Genie's Back in the Lamp defends with its printed 0 again.
    s.expect("action").choose("attack")
    s.expect("defense_card").choose("Back in the Lamp")
    assert s.events("combat_result")[0]["detail"] == "3-0"


def test_three_wishes_opponent_discards_2_of_their_choice():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Three Wishes", "Feint")
    s.hand(0, "Flourish", "Grand Escape", "Vanishing Act")
    genie_turn(s)
    s.choose("scheme").expect("effect_mode").choose("opponent discards 2")
    d = s.expect("effect_discard").pending
    assert d.player == 0 and len(d.options) == 3
    s.choose("Grand Escape")
    s.expect("effect_discard").choose("Flourish")
    assert s.hand_names(0) == ["Vanishing Act"]
    assert s.discard_names(0) == ["Flourish", "Grand Escape"]
    assert [e["detail"] for e in s.events("discard")] == ["opponent_effect", "opponent_effect"]
    assert s.events("look_at_hand") == []                   # no look: the Magician is not asked
    assert s.game.players[1].actions == 2


def test_this_is_no_parlor_trick_opponents_card_value_becomes_its_boost_value():
    """Houdini's Sleight of Hand (printed 1, BOOST 3) against the Genie's Parlor Trick: the
    attack counts 3. No BOOST bonus triggers: the card is only read, not used to BOOST."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Sleight of Hand", MAGICIAN)
    s.hand(1, "This Is No Parlor Trick")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("This Is No Parlor Trick")
    s.expect("action")
    assert s.events("combat_result")[0]["detail"] == "3-1"
    assert s.f("The Genie").health == 14
    assert s.events("boost_bonus") == [] and s.events("draw") == []


def test_this_is_no_parlor_trick_lowers_a_card_whose_boost_is_below_its_value():
    s = Scenario()
    s.place("The Genie", "M10").place("Bess", "M11").place("Houdini", "M31")   # M31: out of range
    s.hand(1, "This Is No Parlor Trick")
    s.hand(0, "And the Beautiful Bess!")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("And the Beautiful Bess!")
    assert s.events("combat_result")[0]["detail"] == "1-1"     # Bess's card: 3 -> BOOST 1
    assert s.f("Bess").health == 5


def test_this_is_no_parlor_trick_later_boosts_still_add():
    """Reading chosen: "the value ... is equal to its BOOST value" is applied when Parlor
    Trick resolves (the defender's during-combat effect resolves first); a BOOST that the
    attacker adds afterwards, in the same step, still counts on top."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Flourish", "Grand Escape")
    s.hand(1, "This Is No Parlor Trick")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("This Is No Parlor Trick")
    s.expect("combat_boost").choose("Grand Escape")
    assert s.events("combat_result")[0]["detail"] == "5-1"     # Flourish: BOOST 2, then + 3


def test_this_is_no_parlor_trick_as_attack_overrides_a_boost_the_defender_added_first():
    """The other side of the same reading: when the Genie attacks with it, the defender's
    during-combat BOOST resolves first, then Parlor Trick sets the card to its BOOST value."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Grand Escape", "Flourish")
    s.hand(1, "This Is No Parlor Trick")
    genie_turn(s)
    s.attack("The Genie", "Houdini", "This Is No Parlor Trick", "Grand Escape")
    s.expect("combat_boost").choose("Flourish")                # Grand Escape 2 + 2 ...
    assert s.events("combat_result")[0]["detail"] == "1-3"     # ... then set to its BOOST, 3


def test_prisoners_torment_draws_a_card_per_combat_damage_taken():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "An Illusion of My Own Design", MAGICIAN)
    s.hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Prisoner's Torment")
    s.expect("combat_boost").choose(None)                     # Houdini does not boost
    assert s.events("combat_result")[0]["amount"] == 3
    assert len([e for e in s.events("draw") if e["player"] == 1]) == 3
    assert len(s.game.players[1].hand) == 3


def test_prisoners_torment_draws_nothing_without_combat_damage():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Sleight of Hand")
    s.hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Prisoner's Torment")
    assert s.events("combat_result")[0]["amount"] == 0
    assert [e for e in s.events("draw") if e["player"] == 1] == []


def test_ive_made_sultans_out_of_less_look_at_the_hand_and_choose_the_discard():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I've Made Sultans Out of Less")
    s.hand(0, "Flourish", "The Big Reveal")                   # attack cards: no defense
    genie_turn(s)
    genie_attacks_houdini(s)
    assert s.f("Houdini").health == 12
    assert s.events("look_at_hand")[0]["amount"] == 2
    d = s.expect("effect_discard").pending
    assert d.player == 1 and sorted(s.options()) == ["Flourish", "The Big Reveal"]
    s.choose("The Big Reveal")
    assert s.discard_names(0) == ["The Big Reveal"] and s.hand_names(0) == ["Flourish"]
    assert s.events("discard")[0]["detail"] == "opponent_effect"


def test_imprisoned_wrath_may_discard_2_to_deal_2_damage_to_an_adjacent_opposing_fighter():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").place("Bess", "M19")
    s.hand(1, "Imprisoned Wrath", "Feint", "I Am Freed", "Back in the Lamp")
    genie_turn(s)
    genie_attacks_houdini(s, "Imprisoned Wrath")
    assert s.f("Houdini").health == 11
    s.expect("effect_may").choose(True)
    s.expect("effect_cost_discard").choose("Feint")
    s.expect("effect_cost_discard").choose("I Am Freed")
    assert set(s.expect("effect_fighter").options()) == {"Houdini", "Bess"}
    s.choose("Bess")
    assert s.f("Bess").health == 3 and s.f("Houdini").health == 11
    assert sorted(s.discard_names(1)) == ["Feint", "I Am Freed", "Imprisoned Wrath"]
    assert "Back in the Lamp" in s.hand_names(1)


def test_imprisoned_wrath_may_be_declined():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Imprisoned Wrath", "Feint", "I Am Freed")
    genie_turn(s)
    genie_attacks_houdini(s, "Imprisoned Wrath")
    s.expect("effect_may").choose(False)
    assert s.f("Houdini").health == 11 and sorted(s.hand_names(1)) == ["Feint", "I Am Freed"]


def test_i_grant_you_death_may_deal_1_damage_to_an_adjacent_fighter():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").place("Bess", "M19")
    s.hand(1, "I Grant You Death")
    genie_turn(s)
    genie_attacks_houdini(s)
    assert s.f("Houdini").health == 12
    assert set(s.expect("effect_fighter").options()) == {"Houdini", "Bess", None}
    s.choose("Bess")
    assert s.f("Bess").health == 4 and genie_damage(s) == [("Bess", 1)]


def test_i_grant_you_death_damage_is_optional():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I Grant You Death")
    genie_turn(s)
    genie_attacks_houdini(s)
    s.expect("effect_fighter").choose(None)
    assert s.f("Houdini").health == 12 and genie_damage(s) == []


def test_i_am_freed_places_the_genie_then_deals_1_damage_to_each_adjacent_fighter():
    s = Scenario()
    s.place("The Genie", "M02").place("Houdini", "M04").place("Bess", "M06")
    s.hand(1, "I Am Freed")
    genie_turn(s)
    genie_attacks_houdini(s)                                  # ranged: gray zone
    assert s.f("Houdini").health == 11
    d = s.expect("effect_destination").pending
    assert sorted(d.options) == sorted(s.game.empty_spaces())
    s.choose("M05")                                           # between Houdini and Bess
    assert s.f("The Genie").space == s.space("M05")
    assert sorted(genie_damage(s)) == [("Bess", 1), ("Houdini", 1)]
    assert s.f("Houdini").health == 10 and s.f("Bess").health == 4


def test_back_in_the_lamp_recovers_4_immediately_before_combat_damage():
    """At 3 health the Genie would fall to Flourish (3); Back in the Lamp heals her first."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.health("The Genie", 3)
    s.hand(0, "Flourish")
    s.hand(1, "Back in the Lamp")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Back in the Lamp")
    assert s.events("recover")[0]["amount"] == 4
    assert s.f("The Genie").health == 4 and not s.game.over


def test_careful_what_you_wish_for_if_lost_deals_1_damage_to_an_adjacent_opposing_fighter():
    s = Scenario()
    s.place("The Genie", "M10").place("Bess", "M11").place("Houdini", "M19")
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "All Part of the Show", "Grand Escape")
    genie_turn(s)
    s.choose("attack").expect("attack_target").choose(("The Genie", "Houdini"))
    s.expect("defense_card").choose("Grand Escape")
    s.expect("combat_boost").choose("All Part of the Show")    # 4 against 4: the Genie lost
    s.expect("effect_destination").choose("M18")             # Grand Escape: next to the Genie
    assert set(s.expect("effect_fighter").options()) == {"Houdini", "Bess"}
    s.choose("Bess")
    assert s.f("Bess").health == 4 and genie_damage(s) == [("Bess", 1)]


def test_careful_what_you_wish_for_does_nothing_if_won():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    genie_attacks_houdini(s)
    assert s.f("Houdini").health == 10 and genie_damage(s) == []


def test_feint_cancels_every_effect_on_the_opponents_card():
    """Grand Escape loses its boost and its escape to Feint: 4 against 2."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Feint", "Careful What You Wish For")
    s.hand(0, "Grand Escape", "Vanishing Act")
    genie_turn(s)
    genie_attacks_houdini(s, "Feint", "Grand Escape")
    assert [(e["card"], e["detail"]) for e in s.events("cancel")] == [("Grand Escape", "Feint")]
    assert s.events("boost") == []
    assert s.events("combat_result")[0]["detail"] == "2-2"
    assert s.f("Houdini").space == s.space("M11")
