"""Golden Bat (Unmatched Adventures: Tales to Amaze): The First Superhero and every card of the
deck, one rule per test. Seat 0 is Golden Bat; the opponent is the Genie (16 health, one
fighter) or Houdini with Bess. Board: Marmoreal — M10 is adjacent to M11, M15, M18 and M19;
M10/M11/M15/M19 are green+blue, M12 blue only, M13 red+yellow, M31 violet+brown.
"""

from __future__ import annotations


from tests.scenario import genie_turn, maneuver_in_place, play_random, Scenario
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView

GB = "Golden Bat"
SPARE = "Arrive Just in Time"   # kept in hand so that the next action is a real choice


def vs_genie(bat: str = "M10", genie: str = "M11") -> Scenario:
    return Scenario("golden_bat", "genie").place(GB, bat).place("The Genie", genie)


def vs_houdini(bat: str = "M10", houdini: str = "M11", bess: str | None = None) -> Scenario:
    s = Scenario("golden_bat", "houdini").place(GB, bat).place("Houdini", houdini)
    return s.place("Bess", bess) if bess else s.remove("Bess")


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def scheme(s: Scenario, name: str) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((name, GB))
    return s


# ============================================================ the hero file
def test_golden_bat_has_18_health_move_3_melee_no_sidekick_and_30_cards():
    h = find_hero("golden_bat")
    assert (h.hero.health, h.move, h.hero.ranged, h.sidekicks, h.deck_size) == (18, 3, False, (), 30)
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "A Punch to Shake the Earth": ("attack", 1, 1, 3), "Super Strength": ("attack", 5, 1, 2),
        "Vaporizing Eyebeams": ("attack", 2, 2, 3), "Insight of the Ancients": ("versatile", 3, 2, 2),
        "Like a Flash of Golden Light": ("versatile", 2, 2, 3), "Sight Beyond Sight": ("versatile", 2, 1, 3),
        "Skirmish": ("versatile", 4, 1, 2), "Terrifying Roar": ("versatile", 3, 1, 3),
        "He Laughs at Your Feebleness": ("defense", 5, 3, 2), "Imposing Presence": ("defense", 3, 2, 2),
        "Alpine Fortress": ("scheme", None, 3, 3), "Arrive Just in Time": ("scheme", None, 2, 2)}
    assert all(c.users == frozenset({GB}) for c in h.cards)


# ============================================================ The First Superhero
def test_first_superhero_adds_2_when_he_attacks_before_any_maneuver():
    s = vs_genie().hand(0, "Super Strength", SPARE)
    s.begin_turn(0)
    s.attack(GB, "The Genie", "Super Strength", None)
    assert combat(s) == "7-0"
    assert s.f("The Genie").health == 9


def test_first_superhero_is_lost_after_a_maneuver_even_without_moving():
    s = vs_genie().hand(0, "Super Strength", SPARE)
    s.begin_turn(0)
    maneuver_in_place(s)
    s.attack(GB, "The Genie", "Super Strength", None)
    assert combat(s) == "5-0"


def test_first_superhero_survives_being_placed_by_arrive_just_in_time():
    s = vs_genie(bat="M31").hand(0, "Arrive Just in Time", "Super Strength", "Skirmish")
    s.begin_turn(0)
    scheme(s, "Arrive Just in Time")
    s.expect("effect_destination").choose("M10")
    s.attack(GB, "The Genie", "Super Strength", None)
    assert combat(s) == "7-0"


def test_first_superhero_does_not_help_his_defense():
    s = vs_genie().hand(0, "He Laughs at Your Feebleness").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", GB, "Careful What You Wish For", "He Laughs at Your Feebleness")
    assert combat(s) == "4-5"


def test_first_superhero_is_an_ability_that_imposing_presence_cannot_cancel():
    """Mirror match: the defender's Imposing Presence cancels the card's effects, not the +2."""
    s = Scenario("golden_bat", "golden_bat").place(GB, "M10", seat=0).place(GB, "M11", seat=1)
    s.hand(0, "Super Strength", SPARE).hand(1, "Imposing Presence")
    s.begin_turn(0)
    s.attack(GB, GB, "Super Strength", "Imposing Presence")
    assert combat(s) == "7-3"


# ============================================================ the cards
def test_a_punch_to_shake_the_earth_deals_2_to_each_opposing_fighter_in_his_zone_when_won():
    s = vs_houdini(bess="M12").hand(0, "A Punch to Shake the Earth", SPARE)   # M12: blue, like M10
    s.begin_turn(0)
    s.attack(GB, "Houdini", "A Punch to Shake the Earth", None)   # 1 + 2 = 3 combat damage
    assert s.f("Houdini").health == 14 - 3 - 2 and s.f("Bess").health == 5 - 2


def test_a_punch_to_shake_the_earth_spares_other_zones_and_deals_1_when_lost():
    s2 = vs_houdini(bess="M31").hand(0, "A Punch to Shake the Earth", SPARE).hand(1, "All Part of the Show")
    s2.begin_turn(0)
    s2.attack(GB, "Houdini", "A Punch to Shake the Earth", "All Part of the Show")  # 3 against 2
    assert s2.f("Bess").health == 5        # M31 shares no zone with Golden Bat on M10
    s3 = Scenario("golden_bat", "golden_bat").place(GB, "M10", seat=0).place(GB, "M11", seat=1)
    s3.hand(0, "A Punch to Shake the Earth", SPARE).hand(1, "He Laughs at Your Feebleness")
    s3.begin_turn(0)
    s3.attack(GB, GB, "A Punch to Shake the Earth", "He Laughs at Your Feebleness")   # 3-5: lost
    assert combat(s3) == "3-5"
    assert s3.f(GB, seat=1).health == 18 - 1 and s3.f(GB, seat=0).health == 18


def test_vaporizing_eyebeams_makes_the_opponent_discard_a_random_card():
    s = vs_genie().hand(0, "Vaporizing Eyebeams", SPARE).hand(1, "Feint", "Back in the Lamp")
    s.begin_turn(0)
    s.attack(GB, "The Genie", "Vaporizing Eyebeams", None)
    assert len(s.game.players[1].hand) == 1
    assert [e["detail"] for e in s.events("discard")] == ["opponent_effect"]


def test_insight_of_the_ancients_returns_a_random_discarded_card_when_won():
    s = vs_genie().hand(0, "Insight of the Ancients", SPARE).discard_pile(0, "Skirmish", "Super Strength")
    s.begin_turn(0)
    s.attack(GB, "The Genie", "Insight of the Ancients", None)
    back = [e for e in s.events("return_to_hand")]
    assert len(back) == 1 and back[0]["detail"] == "random"
    assert back[0]["card"] in ("Skirmish", "Super Strength")
    assert back[0]["card"] in s.hand_names(0)
    assert s.discard_names(0) == sorted(["Insight of the Ancients",
                                         {"Skirmish": "Super Strength", "Super Strength": "Skirmish"}[back[0]["card"]]])


def test_insight_of_the_ancients_does_nothing_when_lost():
    s = Scenario("golden_bat", "golden_bat").place(GB, "M10", seat=0).place(GB, "M11", seat=1)
    s.hand(0, "Insight of the Ancients", SPARE).hand(1, "He Laughs at Your Feebleness")
    s.discard_pile(0, "Skirmish")
    s.begin_turn(0)
    s.attack(GB, GB, "Insight of the Ancients", "He Laughs at Your Feebleness")  # 3+2 against 5
    assert combat(s) == "5-5"
    assert s.events("return_to_hand") == [] and "Skirmish" in s.discard_names(0)


def test_like_a_flash_of_golden_light_is_worth_4_once_he_left_every_zone_of_his_start():
    s = vs_genie(bat="M13", genie="M11").hand(0, "Like a Flash of Golden Light", SPARE)
    s.hand(0, "Arrive Just in Time")
    s.begin_turn(0)
    scheme(s, "Arrive Just in Time")
    s.expect("effect_destination").choose("M10")          # red+yellow -> green+blue
    s.attack(GB, "The Genie", "Like a Flash of Golden Light", None)
    assert combat(s) == "6-0"                              # 4, +2 for no maneuver
    s.expect("effect_destination")                         # after combat: move up to 5
    assert s.pending.info["fighter"] == s.fighter(GB)
    s.choose("M31")
    assert s.f(GB).space == s.space("M31")


def test_like_a_flash_of_golden_light_keeps_its_value_2_in_a_zone_he_started_in():
    s = vs_genie(bat="M15", genie="M11").hand(0, "Like a Flash of Golden Light", SPARE)
    s.begin_turn(0)
    s.choose("maneuver").choose(None).expect("move_destination").choose("M10")   # still green+blue
    s.attack(GB, "The Genie", "Like a Flash of Golden Light", None)
    assert combat(s) == "2-0"


def test_sight_beyond_sight_reorders_the_opponents_top_three_and_golden_bat_knows_them():
    s = vs_genie().hand(0, "Sight Beyond Sight", SPARE).deck_top(1, "Feint", "Back in the Lamp", "Three Wishes")
    s.begin_turn(0)
    s.attack(GB, "The Genie", "Sight Beyond Sight", None)
    s.expect("deck_order")
    assert s.pending.player == 0
    s.choose("Three Wishes").expect("deck_order").choose("Feint")
    top = [s.game.card(c).name for c in reversed(s.game.players[1].deck[-3:])]
    assert top == ["Three Wishes", "Feint", "Back in the Lamp"]
    assert s.game.players[1].top_known_by == {0: 3}
    assert len(s.events("deck_look")) == 1 and s.events("deck_arranged")[0]["amount"] == 3


def test_skirmish_moves_a_combatant_up_to_2_when_won():
    s = vs_genie().hand(0, "Skirmish", SPARE)
    s.begin_turn(0)
    s.attack(GB, "The Genie", "Skirmish", None)
    s.expect("effect_fighter").choose("The Genie")
    s.expect("effect_destination").choose("M16")
    assert s.f("The Genie").space == s.space("M16")


def test_skirmish_does_nothing_when_lost():
    s3 = Scenario("golden_bat", "golden_bat").place(GB, "M10", seat=0).place(GB, "M11", seat=1)
    s3.hand(0, "Skirmish", SPARE).hand(1, "He Laughs at Your Feebleness")
    s3.begin_turn(0)
    maneuver_in_place(s3)
    s3.attack(GB, GB, "Skirmish", "He Laughs at Your Feebleness")    # 4-5: lost
    assert combat(s3) == "4-5"
    assert not s3.events("move") and s3.events("effect_fighter") == []


def test_terrifying_roar_holds_every_fighter_for_the_rest_of_the_turn():
    s = vs_houdini(bess="M31").hand(0, "Terrifying Roar", SPARE).hand(1, "Vanishing Act")
    s.begin_turn(0)
    s.attack(GB, "Houdini", "Terrifying Roar", "Vanishing Act")
    s.expect("effect_fighter").choose("Houdini")     # Vanishing Act: move a combatant up to 3 ...
    s.expect("action")                               # ... but it cannot leave its space
    assert s.events("move") == []
    g = s.game
    for name in (GB, "Houdini", "Bess"):
        fi = s.fighter(name)
        assert g.held(fi) and g.reachable(fi, 5) == [g.fighters[fi].space]
    s.choose("maneuver").choose(None)                # his own maneuver: staying put is all
    assert s.events("move") == [] and s.f(GB).space == s.space("M10")


def test_terrifying_roar_ends_with_the_turn():
    s = vs_genie().hand(0, "Terrifying Roar", SPARE)
    s.begin_turn(0)
    s.attack(GB, "The Genie", "Terrifying Roar", None)
    assert s.game.lasting != ()
    s.choose("maneuver").choose(None)                # ends Golden Bat's turn
    assert s.game.active == 1 and s.game.lasting == ()
    assert not s.game.held(s.fighter("The Genie"))


def test_imposing_presence_cancels_the_attackers_card_effects():
    s = vs_genie().hand(0, "Imposing Presence").hand(1, "I Am Freed")
    genie_turn(s)
    s.attack("The Genie", GB, "I Am Freed", "Imposing Presence")
    assert [e["card"] for e in s.events("cancel")] == ["I Am Freed"]
    assert s.f("The Genie").space == s.space("M11") and s.f(GB).health == 18


def test_alpine_fortress_shuffles_a_chosen_discard_in_draws_2_and_moves_him_up_to_4():
    s = vs_genie(bat="M13").hand(0, "Alpine Fortress", SPARE).discard_pile(0, "Super Strength", "Skirmish")
    s.begin_turn(0)
    scheme(s, "Alpine Fortress")
    s.expect("shuffle_into_deck").choose("Super Strength")
    assert "Super Strength" not in s.discard_names(0)
    assert len(s.events("draw")) == 2
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter(GB)
    s.choose("M15")
    assert s.f(GB).space == s.space("M15")
    assert s.discard_names(0) == ["Alpine Fortress", "Skirmish"]


def test_arrive_just_in_time_places_golden_bat_on_any_empty_space():
    s = vs_genie(bat="M13").hand(0, "Arrive Just in Time", SPARE)
    s.begin_turn(0)
    scheme(s, "Arrive Just in Time")
    s.expect("effect_destination")
    assert len(s.options()) == 31 - 2
    s.choose("M30")
    assert s.f(GB).space == s.space("M30") and s.events("place")[-1]["fighter"] == GB


# ============================================================ multi-player formats
def _play(heroes, fmt, seed):
    return play_random(heroes, fmt, seed, salt="gb")


def test_golden_bat_plays_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play(("golden_bat", "genie", "houdini"), FreeForAll(3), seed)
        assert g.over and g.end_reason


def test_golden_bat_plays_a_two_against_two_team_game_to_the_end():
    for seed in range(3):
        g = _play(("golden_bat", "pandora", "golden_bat", "chupacabra"), Teams(4), seed)
        assert g.over and g.end_reason


def test_sight_beyond_sight_in_a_free_for_all_looks_at_the_defenders_deck():
    s = Scenario("golden_bat", "genie")
    g = Game(s.board, (find_hero("golden_bat"), find_hero("genie"), find_hero("houdini")), seed=0,
             fmt=FreeForAll(3))
    s.game = g
    s.place(GB, "M10").place("The Genie", "M31").place("Houdini", "M11").remove("Bess")
    s.hand(0, "Sight Beyond Sight", SPARE)
    g.turns_taken[2] = 1      # Houdini has had a turn: he may be attacked on the first round
    s.begin_turn(0)
    s.attack(GB, "Houdini", "Sight Beyond Sight", None)
    s.expect("deck_order")
    assert s.pending.info["owner"] == 2


def test_the_ai_sees_the_first_superhero_bonus_before_it_maneuvers():
    s = vs_genie().hand(0, "Super Strength", SPARE)
    s.begin_turn(0)
    view = PlayerView(s.game, 0)
    gb, genie = s.fighter(GB), s.fighter("The Genie")
    assert view.combat_bonus_estimate(gb, 0, genie) == 2
    maneuver_in_place(s)
    assert view.combat_bonus_estimate(gb, 0, genie) == 0
    assert s.game.combat is None


def test_rulebook_feint_cannot_cancel_the_first_superhero():
    """The set's rulebook: the ability is not a card effect; Feint cannot cancel it."""
    s = vs_genie().hand(0, "Super Strength", SPARE).hand(1, "Feint")
    s.begin_turn(0)
    s.attack(GB, "The Genie", "Super Strength", "Feint")
    assert s.events("cancel") and combat(s) == "7-2"
