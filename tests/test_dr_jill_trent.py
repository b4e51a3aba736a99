"""Dr. Jill Trent (Unmatched Adventures: Tales to Amaze): Gadgetology (the Hypnoray Blaster and
the Ultrabiotic Tonic) and every card of the deck, one rule per test. Seat 0 is Jill Trent (13
health) with Daisy (6); the opponent is the Genie (16 health) or Houdini with Bess. Board:
Marmoreal — M10 is adjacent to M11, M15, M18 and M19; M10/M11/M15/M19 are green+blue, M12 blue
only, M31 violet+brown.
"""

from __future__ import annotations

import random

from tests.scenario import play_random, Scenario, genie_turn
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.determinize import determinize
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.greedy import GreedyPolicy

JILL, DAISY, GENIE = "Dr. Jill Trent", "Daisy", "The Genie"
HYPNORAY, TONIC = "hypnoray_blaster", "ultrabiotic_tonic"
SPARE = "Helpful Assistant"     # kept in hand so that the next action is a real choice


def vs_genie(jill: str = "M10", genie: str = "M11", daisy: str | None = "M31") -> Scenario:
    s = Scenario("dr_jill_trent", "genie").place(JILL, jill).place(GENIE, genie)
    return s.place(DAISY, daisy) if daisy else s.remove(DAISY)


def jill_turn(s: Scenario, gadget: str = HYPNORAY) -> Scenario:
    s.begin_turn(0)
    s.expect("gadget_choice").choose(gadget)
    return s


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def boost_of(hero: str, name: str) -> int:
    return next(c.boost for c in find_hero(hero).cards if c.name == name)


# ============================================================ the hero file
def test_dr_jill_trent_stats_and_30_cards():
    h = find_hero("dr_jill_trent")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (13, 2, False, 30)
    (daisy,) = h.sidekicks
    assert (daisy.name, daisy.health, daisy.ranged) == (DAISY, 6, False)
    counts = {c.name: (c.type, c.value, c.boost, c.copies, tuple(sorted(c.users or ("any",)))) for c in h.cards}
    assert counts == {
        "Battle of Wits": ("attack", 2, 4, 3, (JILL,)), "Energizing Spray": ("attack", 5, 1, 2, ("any",)),
        "Utility Belt": ("versatile", 3, 3, 3, (JILL,)), "Stasis Diffuser": ("versatile", 3, 1, 2, ("any",)),
        "Gyroscopic Jetpack": ("versatile", 4, 2, 3, ("any",)), "Laser Pen": ("versatile", 2, 2, 3, ("any",)),
        "Insightful Deduction": ("versatile", 3, 2, 2, ("any",)),
        "Caught Red-Handed": ("versatile", 1, 2, 2, ("any",)), "Sisters in Arms": ("versatile", 3, 1, 2, (DAISY,)),
        "Ace Fighter": ("versatile", 5, 3, 2, (DAISY,)), "Hypnotist": ("defense", 3, 1, 2, (JILL,)),
        "Indestructible Cloth": ("defense", 5, 2, 2, ("any",)), "Helpful Assistant": ("scheme", None, 3, 2, (DAISY,))}
    assert next(c for c in h.cards if c.name == "Sisters in Arms").uncancelable


# ============================================================ Gadgetology
def test_no_gadget_is_active_before_jills_first_turn_then_she_picks_one_each_turn():
    s = vs_genie().hand(0, SPARE)
    assert s.game.players[0].res["gadget"] is None
    s.begin_turn(0)
    s.expect("gadget_choice")
    assert set(s.pending.options) == {HYPNORAY, TONIC}
    s.choose(TONIC)
    assert s.game.players[0].res["gadget"] == TONIC
    assert s.events("gadget")[-1]["detail"] == TONIC


def test_hypnoray_blaster_adds_the_boost_of_the_opponents_top_card_when_her_printed_value_is_lower():
    s = vs_genie().hand(0, "Laser Pen", SPARE).hand(1, "Feint").deck_top(1, "Three Wishes")
    jill_turn(s, HYPNORAY)
    s.attack(JILL, GENIE, "Laser Pen", "Feint")          # printed 2 against 2: not lower
    assert s.events("gadget_used") == []
    s2 = vs_genie().hand(0, "Caught Red-Handed", SPARE).hand(1, "Feint").deck_top(1, "Three Wishes")
    jill_turn(s2, HYPNORAY)
    s2.attack(JILL, GENIE, "Caught Red-Handed", "Feint")  # printed 1 against 2: lower
    boost = boost_of("genie", "Three Wishes")
    used = s2.events("gadget_used")
    assert [(e["detail"], e["amount"]) for e in used] == [(HYPNORAY, boost)]
    assert combat(s2) == f"{1 + boost}-2"
    assert s2.events("deck_reveal")[-1]["card"] == "Three Wishes"
    assert s2.game.card(s2.game.players[1].deck[-1]).name == "Three Wishes"   # back on top


def test_hypnoray_blaster_is_not_cancelled_with_her_cards_effects():
    s = vs_genie().hand(0, "Caught Red-Handed", SPARE).hand(1, "Feint").deck_top(1, "Three Wishes")
    jill_turn(s, HYPNORAY)
    s.attack(JILL, GENIE, "Caught Red-Handed", "Feint")   # Feint cancels Caught Red-Handed
    assert s.events("cancel") and s.events("gadget_used")
    assert s.game.players[1].hand == []


def test_hypnoray_blaster_does_nothing_against_no_defense_card():
    s = vs_genie().hand(0, "Caught Red-Handed", SPARE)
    jill_turn(s, HYPNORAY)
    s.attack(JILL, GENIE, "Caught Red-Handed", None)      # 1 against 0
    assert s.events("gadget_used") == [] and combat(s) == "1-0"


def test_ultrabiotic_tonic_heals_jill_after_combat_when_her_printed_value_is_higher():
    s = vs_genie().health(JILL, 10).hand(0, "Gyroscopic Jetpack", SPARE).hand(1, "Feint")
    jill_turn(s, TONIC)
    s.attack(JILL, GENIE, "Gyroscopic Jetpack", "Feint")  # 4 against 2 (Jetpack cancelled)
    assert s.f(JILL).health == 11
    assert [(e["detail"], e["amount"]) for e in s.events("gadget_used")] == [(TONIC, 1)]


def test_ultrabiotic_tonic_counts_no_defense_as_0_and_needs_strictly_higher():
    s = vs_genie().health(JILL, 10).hand(0, "Caught Red-Handed", SPARE)
    jill_turn(s, TONIC)
    s.attack(JILL, GENIE, "Caught Red-Handed", None)      # 1 against 0: higher
    assert s.f(JILL).health == 11
    s2 = vs_genie().health(JILL, 10).hand(0, "Laser Pen", SPARE).hand(1, "Feint")
    jill_turn(s2, TONIC)
    s2.attack(JILL, GENIE, "Laser Pen", "Feint")          # 2 against 2
    assert s2.f(JILL).health == 10 and s2.events("gadget_used") == []


def test_gadgets_act_only_when_jill_attacks_not_for_daisy_or_in_defense():
    s = vs_genie(jill="M31", daisy="M10").hand(0, "Ace Fighter", SPARE).health(JILL, 10)
    jill_turn(s, TONIC)
    s.attack(DAISY, GENIE, "Ace Fighter", None)           # Daisy: 5 against 0
    assert s.events("gadget_used") == [] and s.f(JILL).health == 10
    s2 = vs_genie().health(JILL, 10).hand(0, "Indestructible Cloth").hand(1, "Careful What You Wish For")
    s2.game.players[0].res["gadget"] = TONIC
    genie_turn(s2)
    s2.attack(GENIE, JILL, "Careful What You Wish For", "Indestructible Cloth")
    assert s2.events("gadget_used") == []


# ============================================================ the cards
def test_battle_of_wits_deals_3_when_her_revealed_card_has_the_higher_boost():
    s = vs_genie().hand(0, "Battle of Wits", SPARE).deck_top(0, "Battle of Wits").deck_top(1, "Feint")
    jill_turn(s, TONIC)
    s.attack(JILL, GENIE, "Battle of Wits", None)         # 2-0, then BOOST 4 against Feint's
    assert boost_of("dr_jill_trent", "Battle of Wits") > boost_of("genie", "Feint")
    assert s.f(GENIE).health == 16 - 2 - 3
    reveals = [(e["player"], e["card"]) for e in s.events("deck_reveal")]
    assert reveals == [(0, "Battle of Wits"), (1, "Feint")]
    assert s.game.players[1].top_known_by.get(0) == 1 and s.game.players[0].top_known_by.get(1) == 1


def test_battle_of_wits_deals_nothing_on_an_equal_or_lower_boost():
    s = vs_genie().hand(0, "Battle of Wits", SPARE).deck_top(0, "Stasis Diffuser").deck_top(1, "Feint")
    jill_turn(s, TONIC)
    s.attack(JILL, GENIE, "Battle of Wits", None)         # BOOST 1 against Feint's
    assert boost_of("dr_jill_trent", "Stasis Diffuser") <= boost_of("genie", "Feint")
    assert s.f(GENIE).health == 16 - 2


def test_energizing_spray_gains_an_action():
    s = vs_genie().hand(0, "Energizing Spray", SPARE)
    jill_turn(s)
    s.attack(JILL, GENIE, "Energizing Spray", None)
    assert s.game.players[0].actions == 2


def test_utility_belt_offers_recover_move_or_draw():
    for label in ("Jill recovers 1", "move Jill 1 space", "draw 1"):
        s = vs_genie().health(JILL, 10).hand(0, "Utility Belt", SPARE)
        jill_turn(s, HYPNORAY)
        s.attack(JILL, GENIE, "Utility Belt", None)
        s.expect("effect_mode").choose(label)
        if label == "move Jill 1 space":
            s.expect("effect_destination").choose("M15")
            assert s.f(JILL).space == s.space("M15")
        elif label == "draw 1":
            assert len(s.events("draw")) == 1
        else:
            assert s.f(JILL).health == 11


def test_stasis_diffuser_holds_the_opponents_card_at_its_printed_value():
    """Golden Bat's +2 (no maneuver yet) cannot change his card once it is diffused."""
    s = Scenario("golden_bat", "dr_jill_trent").place("Golden Bat", "M10").place(JILL, "M11").remove(DAISY, seat=1)
    s.hand(0, "Super Strength", "Arrive Just in Time").hand(1, "Stasis Diffuser")
    s.begin_turn(0)
    s.attack("Golden Bat", JILL, "Super Strength", "Stasis Diffuser")
    assert combat(s) == "5-3"
    assert s.events("value_lock")[-1]["detail"] == "printed"
    assert s.game.lasting == ()                            # it ends with the combat


def test_stasis_diffuser_stops_a_value_change_of_the_opponents_own_card():
    s = Scenario("nikola_tesla", "dr_jill_trent").place("Nikola Tesla", "M10").place(JILL, "M11")
    s.remove(DAISY, seat=1)
    s.game.players[0].res["coils"] = 1
    s.hand(0, "Death Ray", "Remote Control").hand(1, "Stasis Diffuser")
    s.begin_turn(0)
    s.attack("Nikola Tesla", JILL, "Death Ray", "Stasis Diffuser")
    s.expect("discharge_coils").choose(1)                  # "this card's value is 5" — no
    assert combat(s) == "3-3"


def test_gyroscopic_jetpack_moves_her_up_to_2_even_through_opposing_fighters():
    s = vs_genie(jill="M15", genie="M10").hand(0, "Gyroscopic Jetpack", SPARE)
    jill_turn(s)
    s.attack(JILL, GENIE, "Gyroscopic Jetpack", None)
    s.expect("effect_destination")
    assert "M11" in s.options()                           # M15 -> M10 (the Genie) -> M11
    s.choose("M11")
    assert s.f(JILL).space == s.space("M11")


def test_laser_pen_deals_1_to_the_opposing_fighter():
    s = vs_genie().hand(0, "Laser Pen", SPARE)
    jill_turn(s)
    s.attack(JILL, GENIE, "Laser Pen", None)
    assert s.f(GENIE).health == 16 - 2 - 1


def test_insightful_deduction_reveals_three_puts_one_under_and_orders_the_rest():
    s = vs_genie().hand(0, "Insightful Deduction", SPARE).deck_top(1, "Feint", "Three Wishes", "Back in the Lamp")
    jill_turn(s)
    s.attack(JILL, GENIE, "Insightful Deduction", None)
    assert [e["card"] for e in s.events("deck_reveal")] == ["Feint", "Three Wishes", "Back in the Lamp"]
    s.expect("deck_to_bottom").choose("Three Wishes")
    s.expect("deck_order").choose("Back in the Lamp")
    deck = s.game.players[1].deck
    assert [s.game.card(c).name for c in (deck[-1], deck[-2], deck[0])] == ["Back in the Lamp", "Feint", "Three Wishes"]
    assert s.game.players[1].top_known_by == {0: 2} and s.game.players[1].deck_top_known == 2


def test_insightful_deduction_knowledge_survives_determinization_for_jill_only():
    """No peeking: Jill knows the two cards she put back on top; a search playing her keeps
    them there, while the rest of the Genie's deck is re-dealt."""
    s = vs_genie().hand(0, "Insightful Deduction", SPARE).deck_top(1, "Feint", "Three Wishes", "Back in the Lamp")
    jill_turn(s)
    s.attack(JILL, GENIE, "Insightful Deduction", None)
    s.expect("deck_to_bottom").choose("Three Wishes")
    s.expect("deck_order").choose("Back in the Lamp")
    g = s.game
    real = g.players[1].deck
    rest = set()
    for k in range(20):
        d = determinize(g, 0, random.Random(k))
        assert d.players[1].deck[-2:] == real[-2:]
        rest.add(tuple(d.players[1].deck[:-2]))
    assert len(rest) > 1


def test_caught_red_handed_discards_1_when_lost_and_2_when_won():
    s = vs_genie().hand(0, "Caught Red-Handed", SPARE).hand(1, "Feint", "Back in the Lamp", "Three Wishes")
    s.health(JILL, 13)
    jill_turn(s, TONIC)
    s.attack(JILL, GENIE, "Caught Red-Handed", None)      # 1-0: won
    s.expect("effect_discard").choose("Feint").expect("effect_discard").choose("Three Wishes")
    assert s.hand_names(1) == ["Back in the Lamp"]
    s2 = vs_genie().hand(0, "Caught Red-Handed").hand(1, "Careful What You Wish For", "Feint", "Three Wishes")
    genie_turn(s2)
    s2.attack(GENIE, JILL, "Careful What You Wish For", "Caught Red-Handed")   # 4-1: lost
    s2.expect("effect_discard").choose("Feint")
    assert s2.hand_names(1) == ["Three Wishes"]


def test_sisters_in_arms_gives_daisy_the_hypnoray_blaster_next_to_jill():
    s = vs_genie(jill="M15", daisy="M10").hand(0, "Sisters in Arms", SPARE).hand(1, "I Grant You Death")
    s.deck_top(1, "Three Wishes")
    jill_turn(s, HYPNORAY)
    s.attack(DAISY, GENIE, "Sisters in Arms", "I Grant You Death")   # printed 3 against 2: not lower
    assert s.events("gadget_used") == []
    s2 = vs_genie(jill="M15", daisy="M10").hand(0, "Sisters in Arms", SPARE).hand(1, "Back in the Lamp")
    s2.deck_top(1, "Three Wishes")
    jill_turn(s2, TONIC)
    s2.health(JILL, 10)
    s2.attack(DAISY, GENIE, "Sisters in Arms", "Back in the Lamp")   # 3 against 0: higher
    assert s2.f(JILL).health == 11 and s2.events("gadget_used")[0]["fighter"] == DAISY


def test_sisters_in_arms_hypnoray_with_a_lower_printed_value_and_it_cannot_be_cancelled():
    s = Scenario("dr_jill_trent", "golden_bat").place(JILL, "M15").place(DAISY, "M10").place("Golden Bat", "M11")
    s.hand(0, "Sisters in Arms", SPARE).hand(1, "Imposing Presence").deck_top(1, "Super Strength")
    jill_turn(s, HYPNORAY)
    s.attack(DAISY, "Golden Bat", "Sisters in Arms", "Imposing Presence")   # 3 against 3
    assert s.events("gadget_used") == []
    s2 = Scenario("dr_jill_trent", "golden_bat").place(JILL, "M15").place(DAISY, "M10").place("Golden Bat", "M11")
    s2.hand(0, "Sisters in Arms", SPARE).hand(1, "He Laughs at Your Feebleness").deck_top(1, "Skirmish")
    jill_turn(s2, HYPNORAY)
    s2.attack(DAISY, "Golden Bat", "Sisters in Arms", "He Laughs at Your Feebleness")   # 3 against 5
    assert combat(s2) == f"{3 + boost_of('golden_bat', 'Skirmish')}-5"


def test_sisters_in_arms_does_nothing_away_from_jill():
    s = vs_genie(jill="M31", daisy="M10").hand(0, "Sisters in Arms", SPARE).hand(1, "Back in the Lamp")
    jill_turn(s, TONIC)
    s.health(JILL, 10)
    s.attack(DAISY, GENIE, "Sisters in Arms", "Back in the Lamp")
    assert s.f(JILL).health == 10 and s.events("gadget_used") == []


def test_ace_fighter_draws_a_card():
    s = vs_genie(jill="M31", daisy="M10").hand(0, "Ace Fighter", SPARE)
    jill_turn(s)
    s.attack(DAISY, GENIE, "Ace Fighter", None)
    assert len(s.events("draw")) == 1


def test_hypnotist_cancels_only_with_the_hypnoray_blaster_active():
    s = vs_genie().hand(0, "Hypnotist").hand(1, "I Am Freed")
    s.game.players[0].res["gadget"] = HYPNORAY
    genie_turn(s)
    s.attack(GENIE, JILL, "I Am Freed", "Hypnotist")
    assert [e["card"] for e in s.events("cancel")] == ["I Am Freed"]
    s2 = vs_genie().hand(0, "Hypnotist").hand(1, "I Am Freed")
    s2.game.players[0].res["gadget"] = TONIC
    genie_turn(s2)
    s2.attack(GENIE, JILL, "I Am Freed", "Hypnotist")
    assert s2.events("cancel") == []


def test_indestructible_cloth_stops_effect_damage_but_not_combat_damage_this_combat():
    s = vs_genie().hand(0, "Indestructible Cloth").hand(1, "Imprisoned Wrath", "Feint", "Feint")
    genie_turn(s)
    s.attack(GENIE, JILL, "Imprisoned Wrath", "Indestructible Cloth")   # 3-5; then 2 effect damage
    if s.pending is not None and s.pending.kind == "effect_may":
        s.choose(True)
        while s.pending is not None and s.pending.kind == "effect_cost_discard":
            s.choose("Feint")
        if s.pending is not None and s.pending.kind == "effect_fighter":
            s.choose(JILL)
    assert s.f(JILL).health == 13 and s.events("damage_prevented")
    s2 = vs_genie().hand(0, "Indestructible Cloth").hand(1, "Careful What You Wish For")
    s2.game.fighters[s2.fighter(GENIE)].health = 16
    genie_turn(s2)
    s2.attack(GENIE, JILL, "Careful What You Wish For", "Indestructible Cloth")   # 4-5
    assert s2.game.lasting == ()


def test_helpful_assistant_shuffles_up_to_3_jill_cards_back_and_draws_1():
    s = vs_genie(jill="M31", daisy="M10").hand(0, "Helpful Assistant", "Laser Pen")
    s.discard_pile(0, "Battle of Wits", "Battle of Wits", "Hypnotist", "Laser Pen")
    jill_turn(s)
    s.choose("scheme")
    if s.pending.kind == "scheme_card":
        s.choose(("Helpful Assistant", DAISY))
    s.expect("shuffle_into_deck")
    assert set(s.options()) == {"Battle of Wits", "Hypnotist", None}   # Laser Pen is "any"
    s.choose("Battle of Wits").choose("Battle of Wits").choose("Hypnotist")
    assert s.discard_names(0) == ["Helpful Assistant", "Laser Pen"]
    assert len(s.events("draw")) == 1 and len(s.events("to_deck")) == 3


# ============================================================ AI and formats
def test_greedy_picks_the_hypnoray_blaster_holding_a_hypnotist():
    s = vs_genie().hand(0, "Hypnotist", SPARE)
    s.begin_turn(0)
    d = s.expect("gadget_choice").pending
    assert GreedyPolicy(random.Random(0)).choose(PlayerView(s.game, 0), d) == HYPNORAY


def _play(heroes, fmt, seed):
    return play_random(heroes, fmt, seed, salt="jill")


def test_dr_jill_trent_plays_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play(("dr_jill_trent", "nikola_tesla", "annie_christmas"), FreeForAll(3), seed)
        assert g.over and g.end_reason


def test_dr_jill_trent_plays_a_two_against_two_team_game_to_the_end():
    for seed in range(3):
        g = _play(("dr_jill_trent", "golden_bat", "dr_jill_trent", "genie"), Teams(4), seed)
        assert g.over and g.end_reason
