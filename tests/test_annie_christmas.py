"""Annie Christmas (Unmatched Adventures: Tales to Amaze): Necklace of Pearls and every card of
the deck, one rule per test. Seat 0 is Annie Christmas (Annie 14 health, Charlie 8); the
opponent is the Genie (16 health, one fighter) or Houdini with Bess. Board: Marmoreal — M10 is
adjacent to M11, M15, M18 and M19; M10/M11/M15/M19 are green+blue, M12 blue only, M13
red+yellow, M31 violet+brown.
"""

from __future__ import annotations

import random

from tests.scenario import genie_turn, maneuver_in_place, play_random, Scenario
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.greedy import GreedyPolicy

ANNIE, CHARLIE, GENIE = "Annie Christmas", "Charlie", "The Genie"
SPARE = "A Few More Pearls"     # kept in hand so that the next action is a real choice


def vs_genie(annie: str = "M10", genie: str = "M11", charlie: str | None = "M31") -> Scenario:
    s = Scenario("annie_christmas", "genie").place(ANNIE, annie).place(GENIE, genie)
    return s.place(CHARLIE, charlie) if charlie else s.remove(CHARLIE)


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def scheme(s: Scenario, name: str, fighter: str = ANNIE) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((name, fighter))
    return s


# ============================================================ the hero file
def test_annie_christmas_stats_and_30_cards():
    h = find_hero("annie_christmas")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (14, 2, False, 30)
    (charlie,) = h.sidekicks
    assert (charlie.name, charlie.health, charlie.ranged, charlie.count) == (CHARLIE, 8, True, 1)
    counts = {c.name: (c.type, c.value, c.boost, c.copies, tuple(sorted(c.users or ("any",)))) for c in h.cards}
    assert counts == {
        "Lagniappe": ("attack", 5, 2, 3, (ANNIE,)), "Bottom Dealing": ("attack", 3, 2, 2, (CHARLIE,)),
        "Keep Your Hands to Yourself": ("versatile", 3, 2, 3, (ANNIE,)),
        "Striking Beauty": ("versatile", 1, 3, 2, (ANNIE,)), "Better Together": ("versatile", 4, 1, 4, ("any",)),
        "Long Shot": ("versatile", 3, 1, 2, ("any",)), "Quite a Pair": ("versatile", 3, 2, 2, ("any",)),
        "The Turn and the River": ("versatile", 2, 3, 2, (CHARLIE,)),
        "Mississippi Queen": ("defense", 2, 3, 3, (ANNIE,)), "Slick Talker": ("defense", 3, 3, 2, ("any",)),
        "A Few More Pearls": ("scheme", None, 2, 3, (ANNIE,)), "Captain's Orders": ("scheme", None, 2, 2, (ANNIE,))}


# ============================================================ Necklace of Pearls
def test_necklace_of_pearls_adds_2_while_annie_has_less_health_than_the_defender():
    s = vs_genie().health(ANNIE, 10).hand(0, "Better Together", SPARE)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Better Together", None)
    assert combat(s) == "6-0"


def test_necklace_of_pearls_needs_strictly_less_health():
    s = vs_genie().health(GENIE, 14).hand(0, "Better Together", SPARE)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Better Together", None)
    assert combat(s) == "4-0"


def test_necklace_of_pearls_is_annies_alone_not_charlies():
    s = vs_genie(annie="M31", charlie="M10").health(ANNIE, 3).hand(0, "The Turn and the River", SPARE)
    s.begin_turn(0)
    s.attack(CHARLIE, GENIE, "The Turn and the River", None)
    assert combat(s) == "2-0"


def test_necklace_of_pearls_does_not_help_her_defense():
    s = vs_genie().health(ANNIE, 5).hand(0, "Slick Talker").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, ANNIE, "Careful What You Wish For", "Slick Talker")
    if s.pending is not None and s.pending.kind == "effect_may":
        s.choose(False)
    assert combat(s) == "4-3"


def test_necklace_of_pearls_cannot_be_cancelled_by_feint():
    s = vs_genie().health(ANNIE, 10).hand(0, "Better Together", SPARE).hand(1, "Feint")
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Better Together", "Feint")
    assert s.events("cancel") and combat(s) == "6-2"


# ============================================================ the cards
def test_lagniappe_deals_annie_up_to_2_damage_to_draw_as_many_cards():
    s = vs_genie().health(GENIE, 13).hand(0, "Lagniappe", SPARE).deck_top(0, "Long Shot", "Quite a Pair")
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Lagniappe", None)
    s.expect("damage_to_draw")
    assert s.pending.options == (0, 1, 2)
    s.choose(2)
    assert s.f(ANNIE).health == 12
    assert sorted(s.hand_names(0)) == sorted([SPARE, "Long Shot", "Quite a Pair"])
    # The damage makes her health lower than the Genie's: Necklace of Pearls applies.
    assert combat(s) == "7-0"


def test_lagniappe_may_take_no_damage_and_draw_nothing():
    s = vs_genie().health(GENIE, 13).hand(0, "Lagniappe", SPARE)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Lagniappe", None)
    s.expect("damage_to_draw").choose(0)
    assert s.f(ANNIE).health == 14 and s.events("draw") == []
    assert combat(s) == "5-0"


def test_bottom_dealing_adds_the_bottom_cards_boost_and_puts_it_on_top():
    s = vs_genie(annie="M31", charlie="M10").hand(0, "Bottom Dealing", SPARE)
    p = s.game.players[0]
    bottom = s._take_card(0, "The Turn and the River")     # BOOST 3
    p.deck.insert(0, bottom)
    s.begin_turn(0)
    s.attack(CHARLIE, GENIE, "Bottom Dealing", None)
    s.expect("deck_bottom_to")
    assert s.pending.info["revealed"] == bottom
    s.choose("top")
    assert combat(s) == "6-0"
    assert p.deck[-1] == bottom and p.deck[0] != bottom
    assert s.game.players[0].deck_top_known >= 1 and s.game.players[0].top_known_by.get(1) == 1
    rev = s.events("deck_reveal")[-1]
    assert (rev["card"], rev["amount"], rev["detail"]) == ("The Turn and the River", 3, "bottom")


def test_bottom_dealing_on_a_deck_everyone_knows_keeps_the_knowledge_to_the_decks_size():
    """The bottom card moved to the top was already known to whoever knew the whole deck: they
    know as many top cards as before (the deck's size), not one more than the deck holds."""
    s = vs_genie(annie="M31", charlie="M10").hand(0, "Bottom Dealing", SPARE)
    p = s.game.players[0]
    del p.deck[:-3]                                   # a deck of 3, seen in full by both players
    s.game.know_deck_top(0, 0, 3)
    s.game.know_deck_top(1, 0, 3)
    bottom = p.deck[0]
    s.begin_turn(0)
    s.attack(CHARLIE, GENIE, "Bottom Dealing", None)
    s.expect("deck_bottom_to").choose("top")
    assert p.deck[-1] == bottom and len(p.deck) == 3
    assert p.deck_top_known == 3 and p.top_known_by == {1: 3}


def test_bottom_dealing_may_leave_the_card_at_the_bottom():
    s = vs_genie(annie="M31", charlie="M10").hand(0, "Bottom Dealing", SPARE)
    p = s.game.players[0]
    bottom = s._take_card(0, "Long Shot")                    # BOOST 1
    p.deck.insert(0, bottom)
    s.begin_turn(0)
    s.attack(CHARLIE, GENIE, "Bottom Dealing", None)
    s.expect("deck_bottom_to").choose("bottom")
    assert combat(s) == "4-0" and p.deck[0] == bottom
    assert s.events("deck_card_to")[-1]["detail"] == "bottom"


def test_keep_your_hands_to_yourself_moves_each_fighter_in_the_combat_up_to_2():
    s = vs_genie().hand(0, "Keep Your Hands to Yourself", SPARE)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Keep Your Hands to Yourself", None)
    s.expect("effect_move_order").choose(GENIE)
    s.expect("effect_destination").choose("M16")
    s.expect("effect_destination").choose("M15")
    assert s.f(GENIE).space == s.space("M16") and s.f(ANNIE).space == s.space("M15")


def test_striking_beauty_deals_2_to_the_opposing_fighter_when_won():
    s = vs_genie().health(GENIE, 14).hand(0, "Striking Beauty", SPARE)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Striking Beauty", None)
    assert combat(s) == "1-0" and s.f(GENIE).health == 14 - 1 - 2


def test_striking_beauty_deals_1_when_lost():
    s2 = vs_genie().health(GENIE, 14).hand(0, "Striking Beauty", SPARE).hand(1, "Prisoner's Torment")
    s2.begin_turn(0)
    s2.attack(ANNIE, GENIE, "Striking Beauty", "Prisoner's Torment")   # 1 against 1: lost
    assert combat(s2) == "1-1"
    assert s2.f(GENIE).health == 14 - 1


def test_better_together_heals_annie_and_each_adjacent_friendly_fighter():
    s = vs_genie(charlie="M15").health(ANNIE, 10).health(CHARLIE, 5).hand(0, "Better Together", SPARE)
    s.health(GENIE, 8)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Better Together", None)
    assert s.f(ANNIE).health == 11 and s.f(CHARLIE).health == 6


def test_better_together_heals_nobody_without_an_adjacent_friend():
    s = vs_genie(charlie="M31").health(ANNIE, 10).hand(0, "Better Together", SPARE)
    s.health(GENIE, 8)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Better Together", None)
    assert s.f(ANNIE).health == 10 and s.events("recover") == []


def test_long_shot_is_worth_5_from_afar_and_3_adjacent():
    s = vs_genie(annie="M31", charlie="M12", genie="M10").hand(0, "Long Shot", SPARE)   # same blue zone
    s.begin_turn(0)
    s.attack(CHARLIE, GENIE, "Long Shot", None)
    assert combat(s) == "5-0"
    s2 = vs_genie(annie="M31", charlie="M10").hand(0, "Long Shot", SPARE)
    s2.begin_turn(0)
    s2.attack(CHARLIE, GENIE, "Long Shot", None)
    assert combat(s2) == "3-0"


def test_quite_a_pair_shows_a_pair_to_cancel_the_opponents_card():
    s = vs_genie().hand(0, "Quite a Pair", "Long Shot", "Long Shot", SPARE).hand(1, "I Am Freed")
    genie_turn(s)
    s.attack(GENIE, ANNIE, "I Am Freed", "Quite a Pair")
    s.expect("effect_may").choose(True)
    assert [e["card"] for e in s.events("reveal_pair")] == ["Long Shot"]
    assert [e["card"] for e in s.events("cancel")] == ["I Am Freed"]
    assert s.f(GENIE).space == s.space("M11")
    p = s.game.players[0]
    assert sum(1 for c in p.known_hand if s.game.card(c).name == "Long Shot") == 2


def test_quite_a_pair_is_not_offered_without_a_pair():
    s = vs_genie().hand(0, "Quite a Pair", "Long Shot", SPARE).hand(1, "I Am Freed")
    genie_turn(s)
    s.attack(GENIE, ANNIE, "I Am Freed", "Quite a Pair")
    assert s.events("reveal_pair") == [] and s.events("cancel") == []
    assert s.events("place")[-1]["fighter"] == GENIE or s.pending.kind == "effect_destination"


def test_the_turn_and_the_river_draws_2():
    s = vs_genie(annie="M31", charlie="M10").hand(0, "The Turn and the River", SPARE)
    s.begin_turn(0)
    s.attack(CHARLIE, GENIE, "The Turn and the River", None)
    assert len(s.events("draw")) == 2


def test_mississippi_queen_keeps_annie_at_1_health_for_the_rest_of_the_turn():
    s = vs_genie().health(ANNIE, 3).hand(0, "Mississippi Queen").hand(1, "Careful What You Wish For",
                                                                       "Imprisoned Wrath", "Feint", "Feint")
    genie_turn(s)
    s.attack(GENIE, ANNIE, "Careful What You Wish For", "Mississippi Queen")   # 4 against 2
    assert s.f(ANNIE).health == 1 and s.f(ANNIE).alive
    s.attack(GENIE, ANNIE, "Imprisoned Wrath", None)                           # a second blow
    if s.pending is not None and s.pending.kind == "effect_may":
        s.choose(False)
    assert s.f(ANNIE).health == 1 and s.f(ANNIE).alive
    assert s.events("damage_prevented")


def test_mississippi_queen_lapses_when_the_turn_ends():
    s = vs_genie().health(ANNIE, 3).hand(0, "Mississippi Queen", SPARE).hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, ANNIE, "Careful What You Wish For", "Mississippi Queen")
    assert s.game.lasting
    maneuver_in_place(s)
    assert s.game.active == 0 and s.game.lasting == ()


def test_slick_talker_swaps_annie_and_charlie_and_charlie_defends():
    s = vs_genie(charlie="M15").hand(0, "Slick Talker").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, ANNIE, "Careful What You Wish For", "Slick Talker")
    s.expect("effect_may").choose(True)
    assert s.f(ANNIE).space == s.space("M15") and s.f(CHARLIE).space == s.space("M10")
    assert s.f(CHARLIE).health == 8 - 1 and s.f(ANNIE).health == 14
    assert [e["fighter"] for e in s.events("combatant_changed")] == [CHARLIE]


def test_slick_talker_may_be_declined():
    s = vs_genie(charlie="M15").hand(0, "Slick Talker").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, ANNIE, "Careful What You Wish For", "Slick Talker")
    s.expect("effect_may").choose(False)
    assert s.f(ANNIE).health == 13 and s.events("swap") == []


def test_a_few_more_pearls_deals_2_to_each_adjacent_opposing_fighter():
    s = Scenario("annie_christmas", "houdini").place(ANNIE, "M10").place("Houdini", "M11")
    s.place("Bess", "M15").place(CHARLIE, "M19")
    s.hand(0, "A Few More Pearls", "Long Shot")
    s.begin_turn(0)
    scheme(s, "A Few More Pearls")
    assert s.f("Houdini").health == 12 and s.f("Bess").health == 3 and s.f(CHARLIE).health == 8


def test_captains_orders_places_annie_then_another_friendly_fighter_in_her_zone_and_gains_an_action():
    s = vs_genie(annie="M10", genie="M31", charlie="M13").hand(0, "Captain's Orders", "Long Shot")
    s.begin_turn(0)
    scheme(s, "Captain's Orders")
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter(ANNIE)
    assert "M12" in s.options() and "M13" not in s.options()
    s.choose("M12")                                      # blue only now
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter(CHARLIE)
    assert "M16" in s.options() and "M15" in s.options() and "M31" not in s.options()
    s.choose("M16")
    assert s.f(ANNIE).space == s.space("M12") and s.f(CHARLIE).space == s.space("M16")
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    assert s.game.players[0].actions == 2


# ============================================================ AI and formats
def test_greedy_takes_lagniappe_damage_only_with_health_to_spare():
    s = vs_genie().hand(0, "Lagniappe", SPARE)
    s.begin_turn(0)
    s.attack(ANNIE, GENIE, "Lagniappe", None)
    d = s.expect("damage_to_draw").pending
    pol = GreedyPolicy(random.Random(0))
    assert pol.choose(PlayerView(s.game, 0), d) >= 1
    s.game.fighters[s.fighter(ANNIE)].health = 6
    assert pol.choose(PlayerView(s.game, 0), d) == 0


def _play(heroes, fmt, seed):
    return play_random(heroes, fmt, seed, salt="annie")


def test_annie_christmas_plays_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play(("annie_christmas", "golden_bat", "houdini"), FreeForAll(3), seed)
        assert g.over and g.end_reason


def test_annie_christmas_plays_a_two_against_two_team_game_to_the_end():
    for seed in range(3):
        g = _play(("annie_christmas", "pandora", "annie_christmas", "houdini"), Teams(4), seed)
        assert g.over and g.end_reason


def test_captains_orders_in_a_team_game_may_place_a_teammates_fighter():
    s = Scenario("annie_christmas", "genie")
    g = Game(s.board, (find_hero("annie_christmas"), find_hero("genie"), find_hero("golden_bat"),
                       find_hero("houdini")), seed=0, fmt=Teams(4))
    s.game = g
    s.place(ANNIE, "M10").place(CHARLIE, "M31").place(GENIE, "M01").place("Golden Bat", "M13")
    s.place("Houdini", "M03").remove("Bess")
    s.hand(0, "Captain's Orders", "Long Shot")
    s.begin_turn(0)
    scheme(s, "Captain's Orders")
    s.expect("effect_destination").choose("M12")
    s.expect("effect_fighter")
    assert set(s.readable(s.pending.options)) == {CHARLIE, "Golden Bat"}
    s.choose("Golden Bat").expect("effect_destination").choose("M16")
    assert s.f("Golden Bat").space == s.space("M16")


def test_slick_talker_cannot_swap_fighters_held_by_terrifying_roar():
    """Golden Bat's Terrifying Roar from an earlier combat this turn still holds everyone."""
    s = Scenario("golden_bat", "annie_christmas").place("Golden Bat", "M10").place(ANNIE, "M11")
    s.place(CHARLIE, "M12")
    s.hand(0, "Terrifying Roar", "Super Strength").hand(1, "Long Shot", "Slick Talker")
    s.begin_turn(0)
    s.attack("Golden Bat", ANNIE, "Terrifying Roar", "Long Shot")
    s.attack("Golden Bat", ANNIE, "Super Strength", "Slick Talker")
    assert s.events("swap") == [] and s.f(ANNIE).space == s.space("M11")
    assert len(s.events("combat_result")) == 2        # the swap was not even offered


def test_the_ai_sees_the_necklace_of_pearls_bonus_for_annie_only():
    s = vs_genie(charlie="M12").health(ANNIE, 10)
    view = PlayerView(s.game, 0)
    genie = s.fighter(GENIE)
    assert view.combat_bonus_estimate(s.fighter(ANNIE), 0, genie) == 2
    assert view.combat_bonus_estimate(s.fighter(CHARLIE), 0, genie) == 0
    s.health(ANNIE, 16)
    assert view.combat_bonus_estimate(s.fighter(ANNIE), 0, genie) == 0
