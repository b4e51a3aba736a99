"""Houdini (heroes/houdini.toml): every card effect, every BOOST bonus and Escape Artist.

Seat 0 is Houdini (with Bess), seat 1 the Genie, on Marmoreal. Card facts are the hero
file's; the rules for BOOST bonuses are in ../shared/rules/houdini-vs-genie.txt ("Houdini:
Boost Tricks"): a bonus triggers whenever its owner BOOSTs with the card, in a maneuver or
through a card effect, and not when an opponent's effect merely reads its BOOST value.
"""

from __future__ import annotations

from tests.scenario import Scenario, MAGICIAN, genie_turn, labels
from unmatched_sim.engine.view import PlayerView


# ============================================================================ Escape Artist
def test_escape_artist_boosted_maneuver_may_place_houdini_in_any_empty_space():
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M03").place("The Genie", "M31")
    s.hand(0, "Grand Escape")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("Grand Escape")
    s.expect("move_order").choose("Houdini")
    d = s.expect("move_destination").pending
    assert sorted(d.options) == sorted(s.game.empty_spaces() + [s.space("M02")])
    s.choose("M28")                          # far beyond a move of 2 + 3
    assert s.f("Houdini").space == s.space("M28")
    assert [e["space"] for e in s.events("place")][-1] == "M28"
    assert [e for e in s.events("move") if e["fighter"] == "Houdini"] == []


def test_escape_artist_needs_a_boost():
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M03").place("The Genie", "M31")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose(None)
    s.expect("move_order").choose("Houdini")
    assert labels(s, s.expect("move_destination").pending.options) == {"M02", "M01", "M07", "M04"}


def test_escape_artist_does_not_place_bess_who_moves_with_the_boost():
    s = Scenario()
    s.place("Houdini", "M24").place("Bess", "M06").place("The Genie", "M21")
    s.hand(0, "Grand Escape")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("Grand Escape")
    s.expect("move_order").choose("Bess")
    d = s.expect("move_destination").pending
    assert d.info["steps"] == 5
    assert d.options == tuple(s.game.reachable(s.fighter("Bess"), 5))
    assert "M28" not in labels(s, d.options)


# ============================================================================ cards
def test_vanishing_act_moves_the_opposing_combatant_up_to_3_through_opposing_fighters():
    """The Genie at M03 is walled in by Houdini (M02) and Bess (M04); Vanishing Act moves her
    up to 3 spaces through them."""
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M03").place("Bess", "M04")
    s.hand(0, "Vanishing Act")
    s.begin_turn(0)
    s.choose("attack")                       # Bess has no card she may use: Houdini attacks
    assert s.f("The Genie").health == 14
    assert set(s.expect("effect_fighter").options()) == {"Houdini", "The Genie"}
    s.choose("The Genie")
    assert labels(s, s.expect("effect_destination").pending.options) == {
        "M03", "M01", "M07", "M05", "M15", "M06", "M09", "M10"}
    s.choose("M07")
    assert s.f("The Genie").space == s.space("M07")
    assert s.events("move")[-1]["card"] == "Vanishing Act"


def test_vanishing_act_may_move_houdini_instead():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M03").place("Bess", "M04")
    s.hand(0, "Vanishing Act")
    s.begin_turn(0)
    s.choose("attack")
    s.expect("effect_fighter").choose("Houdini")
    assert labels(s, s.expect("effect_destination").pending.options) == {
        "M02", "M01", "M07", "M08", "M13", "M05", "M15"}
    s.choose("M15")
    assert s.f("Houdini").space == s.space("M15")


def test_the_big_reveal_boosts_twice_and_returns_one_boost_card_to_hand():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "The Big Reveal", "Grand Escape", "Vanishing Act", MAGICIAN)   # Magician: stops at the next action
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("The Big Reveal")
    s.expect("combat_boost").choose("Grand Escape")
    s.expect("combat_boost").choose("Vanishing Act")
    assert s.events("combat_result")[0]["detail"] == "7-0"          # 2 + 3 + 2
    assert s.f("The Genie").health == 9
    d = s.expect("effect_return_card").pending
    assert sorted(s.readable(d.options)) == ["Grand Escape", "Vanishing Act"]
    s.choose("Grand Escape")
    s.expect("action")
    assert s.hand_names(0) == [MAGICIAN, "Grand Escape"]
    assert s.discard_names(0) == ["The Big Reveal", "Vanishing Act"]


def test_the_big_reveal_may_boost_once_and_returns_that_card():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "The Big Reveal", "Grand Escape", "Vanishing Act")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("The Big Reveal")
    s.expect("combat_boost").choose("Grand Escape")
    s.expect("combat_boost").choose(None)
    assert s.events("combat_result")[0]["detail"] == "5-0"
    assert s.hand_names(0) == ["Grand Escape", "Vanishing Act"]     # returned at once: one choice
    assert s.discard_names(0) == ["The Big Reveal"]


def test_the_big_reveal_boost_bonus_triggers_on_each_boost_card():
    """Boosting The Big Reveal with Flourish triggers Flourish's BOOST bonus (draw 1)."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "The Big Reveal", "Flourish")
    s.deck_top(0, "Vanishing Act")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("The Big Reveal")
    s.expect("combat_boost").choose("Flourish")
    assert [e["card"] for e in s.events("boost_bonus")] == ["Flourish"]
    assert [e["card"] for e in s.events("draw")] == ["Vanishing Act"]
    s.expect("combat_boost").choose("Vanishing Act")                # the drawn card, second boost
    assert s.events("combat_result")[0]["detail"] == "6-0"           # 2 + 2 + 2
    s.expect("effect_return_card")


def test_smoke_and_mirrors_swaps_houdini_and_bess_and_bess_becomes_the_defender():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").place("Bess", "M12")
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Smoke and Mirrors")
    genie_turn(s)
    s.choose("attack").expect("attack_target").choose(("The Genie", "Houdini"))
    s.expect("defense_card").choose("Smoke and Mirrors")
    s.expect("effect_may").choose(True)
    assert s.f("Houdini").space == s.space("M12") and s.f("Bess").space == s.space("M11")
    assert s.events("combatant_changed")[0]["fighter"] == "Bess"
    assert s.f("Bess").health == 4 and s.f("Houdini").health == 14    # 4 - 3 to Bess
    assert s.events("damage")[0]["fighter"] == "Bess"


def test_smoke_and_mirrors_swap_is_optional():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").place("Bess", "M12")
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Smoke and Mirrors")
    genie_turn(s)
    s.choose("attack").expect("attack_target").choose(("The Genie", "Houdini"))
    s.expect("defense_card").choose("Smoke and Mirrors")
    s.expect("effect_may").choose(False)
    assert s.f("Houdini").space == s.space("M11") and s.f("Houdini").health == 13
    assert s.f("Bess").health == 5 and s.events("combatant_changed") == []


def test_smoke_and_mirrors_played_by_the_attacker_makes_bess_the_attacker():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").place("Bess", "M05")
    s.hand(0, "Smoke and Mirrors")
    s.begin_turn(0)
    s.choose("attack")
    s.expect("effect_may").choose(True)
    assert s.f("Bess").space == s.space("M10") and s.f("Houdini").space == s.space("M05")
    assert s.events("combatant_changed")[0]["fighter"] == "Bess"
    assert s.f("The Genie").health == 13
    assert s.events("combat_result")[0]["fighter"] == "Bess"         # the winner is now Bess


def test_sleight_of_hand_swaps_in_a_card_whose_immediate_effect_then_resolves():
    """Sleight of Hand goes back to hand and Misdirection takes its place: Misdirection's
    immediate cancel resolves (Prisoner's Torment draws nothing) and its value 2 counts."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Sleight of Hand", "Misdirection")
    s.hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("Sleight of Hand")
    s.expect("defense_card").choose("Prisoner's Torment")
    d = s.expect("effect_replace_card").pending
    assert s.readable(d.options) == [None, "Misdirection"]
    s.choose("Misdirection")
    assert [e["card"] for e in s.events("reveal")] == ["Sleight of Hand", "Prisoner's Torment", "Misdirection"]
    assert [(e["card"], e["detail"]) for e in s.events("cancel")] == [("Prisoner's Torment", "Misdirection")]
    assert s.events("combat_result")[0]["detail"] == "2-1"
    assert s.f("The Genie").health == 15
    assert [e for e in s.events("draw") if e["player"] == 1] == []
    assert s.hand_names(0) == ["Sleight of Hand"]
    assert s.discard_names(0) == ["Misdirection"]


def test_sleight_of_hand_may_stay_in_play():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Sleight of Hand", "Misdirection")
    s.hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("Sleight of Hand")
    s.expect("defense_card").choose("Prisoner's Torment")
    s.expect("effect_replace_card").choose(None)
    assert s.events("combat_result")[0]["detail"] == "1-1"
    assert s.discard_names(0) == ["Sleight of Hand"] and s.hand_names(0) == ["Misdirection"]


def test_sleight_of_hand_replacement_must_suit_the_attacker():
    """Only attack cards Houdini may use are offered: not a defense card, not a Bess card."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").place("Bess", "M01")
    s.hand(0, "Sleight of Hand", "Grand Escape", "And the Beautiful Bess!", "Flourish")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("Sleight of Hand")
    assert s.expect("effect_replace_card").options() == [None, "Flourish"]


def test_sleight_of_hand_boost_bonus_draws_a_card():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.hand(0, "Sleight of Hand")
    s.deck_top(0, "Flourish", "Grand Escape")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("Sleight of Hand")
    assert [e["card"] for e in s.events("boost_bonus")] == ["Sleight of Hand"]
    assert s.hand_names(0) == ["Flourish", "Grand Escape"]
    assert s.expect("move_destination").pending.info["steps"] == 5
    assert s.discard_names(0) == ["Sleight of Hand"]


def test_set_the_stage_draws_3_then_puts_a_card_on_top_of_the_deck():
    s = Scenario()
    s.place("Houdini", "M10").place("Bess", "M05").place("The Genie", "M31")
    s.hand(0, "Set the Stage", MAGICIAN)
    s.deck_top(0, "Flourish", "Grand Escape", "Misdirection", "Vanishing Act")
    s.begin_turn(0)
    s.choose("scheme").expect("scheme_card").choose(("Set the Stage", "Bess"))
    assert s.events("scheme")[0]["fighter"] == "Bess"
    s.expect("effect_put_on_deck")
    assert s.hand_names(0) == [MAGICIAN, "Flourish", "Grand Escape", "Misdirection"]
    s.choose("Grand Escape")
    s.expect("action")
    p = s.game.players[0]
    assert s.game.cards[p.deck[-1]].defn.name == "Grand Escape" and p.deck_top_known == 1
    assert s.hand_names(0) == [MAGICIAN, "Flourish", "Misdirection"]
    assert s.discard_names(0) == ["Set the Stage"]


def test_set_the_stage_boost_bonus_looks_at_the_opponents_hand_and_discards_a_card_of_your_choice():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.hand(0, "Set the Stage")
    s.hand(1, "Feint", "Back in the Lamp", "I Am Freed")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("Set the Stage")
    assert s.events("look_at_hand")[0]["amount"] == 3
    d = s.expect("effect_discard").pending
    assert d.player == 0
    assert sorted(s.options()) == ["Back in the Lamp", "Feint", "I Am Freed"]
    s.choose("I Am Freed")
    assert s.discard_names(1) == ["I Am Freed"]
    assert s.events("discard")[-1]["detail"] == "opponent_effect"
    assert sorted(PlayerView(s.game, 0).known_opponent_hand()) == sorted(s.game.players[1].hand)
    assert s.expect("move_destination").pending.info["steps"] == 4


def test_misdirection_cancels_every_effect_of_the_opponents_card():
    """I Am Freed (after: place the Genie, then 1 damage to each adjacent fighter) against
    Misdirection: the Genie stays put and nobody takes effect damage."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I Am Freed")
    s.hand(0, "Misdirection")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("Misdirection")
    assert [(e["card"], e["detail"]) for e in s.events("cancel")] == [("I Am Freed", "Misdirection")]
    assert s.f("The Genie").space == s.space("M10")
    assert s.f("Houdini").health == 13 and s.f("The Genie").health == 16


def test_misdirection_boost_bonus_deals_2_damage_to_any_fighter():
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M05").place("The Genie", "M31")
    s.hand(0, "Misdirection")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("Misdirection")
    assert set(s.expect("effect_fighter").options()) == {"Houdini", "Bess", "The Genie"}
    s.choose("The Genie")
    assert s.f("The Genie").health == 14
    assert s.events("damage")[0]["detail"] == "card"
    s.expect("move_order")


def test_grand_escape_may_be_boosted_and_places_houdini_anywhere_if_he_won():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Grand Escape", "Vanishing Act")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("Grand Escape")
    s.expect("combat_boost").choose("Vanishing Act")
    assert s.events("combat_result")[0]["detail"] == "4-4"
    d = s.expect("effect_destination").pending
    assert d.player == 0 and sorted(d.options) == sorted(s.game.empty_spaces())
    s.choose("M27")
    assert s.f("Houdini").space == s.space("M27") and s.f("Houdini").health == 14


def test_grand_escape_does_not_place_houdini_if_he_lost():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Grand Escape", "Vanishing Act")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("Grand Escape")
    s.expect("combat_boost").choose(None)
    assert s.f("Houdini").health == 12 and s.f("Houdini").space == s.space("M11")
    assert s.events("place") == [e for e in s.events("place") if e["turn"] == 0]


def test_flourish_may_be_boosted_and_its_boost_bonus_draws_a_card():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Flourish", "Flourish", MAGICIAN)
    s.deck_top(0, "Grand Escape")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("Flourish")
    s.expect("combat_boost").choose("Flourish")
    assert [e["card"] for e in s.events("boost_bonus")] == ["Flourish"]
    assert [e["card"] for e in s.events("draw")] == ["Grand Escape"]
    # "You may BOOST this card" once: the drawn card is not offered for a second boost.
    assert s.events("combat_result")[0]["detail"] == "5-0"
    assert s.f("The Genie").health == 11
    s.expect("action")
    assert s.hand_names(0) == [MAGICIAN, "Grand Escape"]


def test_an_illusion_of_my_own_design_lets_the_opponent_boost_then_houdini_boosts():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "An Illusion of My Own Design", "Grand Escape")
    s.hand(1, "Prisoner's Torment", "I Am Freed")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Prisoner's Torment")
    d = s.expect("combat_boost").pending
    assert d.player == 1 and s.readable(d.options) == [None, "I Am Freed"]
    s.choose("I Am Freed")                                      # Prisoner's Torment: 1 + 2
    assert s.expect("combat_boost").pending.player == 0
    s.choose("Grand Escape")                                    # Illusion: 4 + 3
    assert s.events("combat_result")[0]["detail"] == "7-3"
    assert s.f("The Genie").health == 12
    assert len([e for e in s.events("draw") if e["player"] == 1]) == 4   # Prisoner's Torment


def test_an_illusion_of_my_own_design_opponent_may_decline_to_boost():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "An Illusion of My Own Design")
    s.hand(1, "Prisoner's Torment", "I Am Freed")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Prisoner's Torment")
    s.expect("combat_boost").choose(None)
    assert s.events("combat_result")[0]["detail"] == "4-1"
    assert "I Am Freed" in s.hand_names(1)


def test_all_part_of_the_show_revives_defeated_houdini_at_4_health_and_the_game_goes_on():
    """Houdini (2 health) takes 2 combat damage and is defeated — which would end the game at
    the end of the action — but All Part of the Show sets him to 4 and places him."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.health("Houdini", 2)
    s.hand(1, "Careful What You Wish For", "Feint")
    s.hand(0, "All Part of the Show")
    genie_turn(s)
    s.choose("attack").expect("attack_card").choose("Careful What You Wish For")
    s.expect("defense_card").choose("All Part of the Show")
    assert s.events("defeat")[0]["fighter"] == "Houdini"
    d = s.expect("effect_destination").pending
    assert d.player == 0 and sorted(d.options) == sorted(s.game.empty_spaces())
    s.choose("M01")
    houdini = s.f("Houdini")
    assert (houdini.alive, houdini.health, houdini.space) == (True, 4, s.space("M01"))
    assert s.events("set_health")[0]["health"] == 4
    g = s.game
    assert not g.over and g.winner is None and s.events("game_end") == []
    assert g.active == 1 and g.pending.player == 1          # the Genie's turn goes on
    assert s.discard_names(0) == ["All Part of the Show"]


def test_all_part_of_the_show_revives_bess_too():
    s = Scenario()
    s.place("The Genie", "M10").place("Bess", "M11").place("Houdini", "M31")
    s.health("Bess", 1)
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "All Part of the Show")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("All Part of the Show")
    s.expect("effect_destination").choose("M05")
    assert (s.f("Bess").alive, s.f("Bess").health, s.f("Bess").space) == (True, 4, s.space("M05"))


def test_all_part_of_the_show_does_nothing_if_the_fighter_survives():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "All Part of the Show")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("All Part of the Show")
    assert s.f("Houdini").health == 12 and s.f("Houdini").space == s.space("M11")
    assert s.events("set_health") == []


def test_all_part_of_the_show_cannot_be_cancelled():
    """Under Three Wishes' "values are 4", Feint hits for 4 and tries to cancel All Part of
    the Show: the cancel fails, so the defeated Houdini comes back."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.health("Houdini", 2)
    s.hand(1, "Three Wishes", "Feint")
    s.hand(0, "All Part of the Show")
    genie_turn(s)
    s.choose("scheme").expect("effect_mode").choose("values are 4")
    s.choose("attack").expect("defense_card").choose("All Part of the Show")
    assert s.events("combat_result")[0]["detail"] == "4-2"
    assert [e["card"] for e in s.events("cancel_failed")] == ["All Part of the Show"]
    assert s.events("cancel") == []
    s.expect("effect_destination").choose("M01")
    assert s.f("Houdini").health == 4 and not s.game.over


def test_all_part_of_the_show_boost_bonus_houdini_recovers_2():
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M05").place("The Genie", "M31")
    s.health("Houdini", 10).health("Bess", 2)
    s.hand(0, "All Part of the Show")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("All Part of the Show")
    assert s.f("Houdini").health == 12 and s.f("Bess").health == 2
    assert [(e["fighter"], e["amount"]) for e in s.events("recover")] == [("Houdini", 2)]


def test_a_magician_never_reveals_his_secrets_draws_2_and_gains_an_action():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "A Magician Never Reveals His Secrets", "Flourish")
    s.deck_top(0, "Misdirection", "Vanishing Act")
    s.begin_turn(0)
    s.choose("scheme")
    s.expect("action")
    assert s.hand_names(0) == ["Flourish", "Misdirection", "Vanishing Act"]
    assert s.game.players[0].actions == 2


def test_a_magician_never_reveals_his_secrets_cancels_a_look_at_the_hand():
    """I've Made Sultans Out of Less would look at Houdini's hand and discard a card; showing
    the Magician cancels the whole effect. Only the Magician becomes known."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I've Made Sultans Out of Less")
    s.hand(0, "A Magician Never Reveals His Secrets", "Flourish", "Grand Escape")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose(None)
    d = s.expect("cancel_look").pending
    assert d.player == 0 and s.readable(d.options) == [None, "A Magician Never Reveals His Secrets"]
    s.choose("A Magician Never Reveals His Secrets")
    assert [e["card"] for e in s.events("reveal_cancel")] == ["A Magician Never Reveals His Secrets"]
    assert s.events("look_at_hand") == [] and s.events("discard") == []
    assert s.hand_names(0) == ["A Magician Never Reveals His Secrets", "Flourish", "Grand Escape"]
    known = PlayerView(s.game, 1).known_opponent_hand()
    assert [s.game.cards[c].defn.name for c in known] == ["A Magician Never Reveals His Secrets"]


def test_a_magician_never_reveals_his_secrets_may_let_the_look_happen():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I've Made Sultans Out of Less")
    s.hand(0, "A Magician Never Reveals His Secrets", "Flourish")
    genie_turn(s)
    s.choose("attack")                                       # Houdini has no defense card
    s.expect("cancel_look").choose(None)
    assert s.expect("effect_discard").pending.player == 1
    s.choose("A Magician Never Reveals His Secrets")
    assert s.discard_names(0) == ["A Magician Never Reveals His Secrets"]
    assert s.hand_names(0) == ["Flourish"]


def test_for_my_next_trick_moves_a_fighter_1_draws_1_and_gains_an_action():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").place("Bess", "M05")
    s.hand(0, "For My Next Trick", MAGICIAN)
    s.deck_top(0, "Grand Escape")
    s.begin_turn(0)
    s.choose("attack")
    assert s.f("The Genie").health == 14
    assert set(s.expect("effect_fighter").options()) == {"Houdini", "Bess"}
    s.choose("Bess")
    assert labels(s, s.expect("effect_destination").pending.options) == {"M05", "M04", "M06"}
    s.choose("M06")
    s.expect("action")
    assert s.f("Bess").space == s.space("M06")
    assert s.hand_names(0) == [MAGICIAN, "Grand Escape"]
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    assert s.game.players[0].actions == 2                    # 1 left + 1 gained


def test_and_the_beautiful_bess_draws_when_an_opponents_effect_discards_it():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I've Made Sultans Out of Less")
    s.hand(0, "And the Beautiful Bess!", "Flourish")
    s.deck_top(0, "Vanishing Act")
    genie_turn(s)
    s.choose("attack")                                       # Houdini has no defense card
    s.expect("effect_discard").choose("And the Beautiful Bess!")
    assert s.discard_names(0) == ["And the Beautiful Bess!"]
    assert s.hand_names(0) == ["Flourish", "Vanishing Act"]


def test_and_the_beautiful_bess_no_draw_when_discarded_by_your_own_choice():
    """Discarding it to the hand limit (or to pay a cost) is not an opponent's effect."""
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.hand(0, *["Flourish"] * 4, *["Vanishing Act"] * 3, "And the Beautiful Bess!")
    s.begin_turn(0)
    for _ in range(2):
        s.expect("maneuver_boost").choose(None)
        s.expect("move_destination").choose("M02")
    s.expect("hand_limit_discard").choose("And the Beautiful Bess!")
    s.choose("Flourish").choose("Flourish")
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 2   # the two maneuvers only
    assert len(s.game.players[0].hand) == 7


def test_and_the_beautiful_bess_boost_bonus_gains_an_action_on_your_turn():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.hand(0, "And the Beautiful Bess!")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("And the Beautiful Bess!")
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    assert s.game.players[0].actions == 2
    assert s.expect("move_destination").pending.info["steps"] == 3


def test_and_the_beautiful_bess_boost_bonus_gains_nothing_on_the_opponents_turn():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Grand Escape", "And the Beautiful Bess!")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("Grand Escape")
    s.expect("combat_boost").choose("And the Beautiful Bess!")
    assert [e["card"] for e in s.events("boost_bonus")] == ["And the Beautiful Bess!"]
    assert s.events("gain_action") == []
    assert s.events("combat_result")[0]["detail"] == "4-3"
    assert s.game.players[0].actions == 0


def test_and_the_beautiful_bess_draw_resolves_at_once_even_mid_discard():
    """Three Wishes makes Houdini discard 2; he discards And the Beautiful Bess! first. Reading
    chosen: its draw resolves at once, as a BOOST bonus does ("resolve the effect immediately
    ... then resolve the rest of the action", Houdini vs. The Genie rules), so the drawn card
    is already in hand when he picks the second discard."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Three Wishes", "Feint")
    s.hand(0, "And the Beautiful Bess!", "Flourish", "Grand Escape")
    s.deck_top(0, "Vanishing Act")
    genie_turn(s)
    s.choose("scheme").expect("effect_mode").choose("opponent discards 2")
    s.expect("effect_discard").choose("And the Beautiful Bess!")
    assert [e["card"] for e in s.events("draw")] == ["Vanishing Act"]
    assert sorted(s.expect("effect_discard").options()) == ["Flourish", "Grand Escape", "Vanishing Act"]
    s.choose("Vanishing Act")
    assert s.hand_names(0) == ["Flourish", "Grand Escape"]
    assert s.discard_names(0) == ["And the Beautiful Bess!", "Vanishing Act"]
