"""Little Red Riding Hood (Little Red Riding Hood vs. Beowulf): the basket — the symbol on the top
card of her discard pile — and every card of the deck, one rule per test. Seat 0 is Little Red
(14 health, melee) with the Huntsman (9, ranged); the opponent is the Genie (16). Board:
Marmoreal — M10 is adjacent to M11, M15, M18 and M19; M12 shares M10's blue zone without being
adjacent; M31 is in other zones.
"""

from __future__ import annotations

import copy
import random

import pytest

from tests.scenario import Scenario, genie_turn
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.state import Decision
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.hooks.little_red_riding_hood import basket
from unmatched_sim.policies.greedy import GreedyPolicy

RED, HUNT, GENIE = "Little Red Riding Hood", "Huntsman", "The Genie"
SPARE = "Into the Woods (pelt)"      # kept in hand so that the next action is a real choice
WOLF_CARD, PELT_CARD, KNIFE_CARD = "Never Leave the Path", "A Grimm Tale", "The Wolf's Skin"
WILD_CARD = "What's That in My Basket?"


def vs_genie(red: str = "M10", genie: str = "M11", top: str | None = None) -> Scenario:
    """Little Red against the Genie; ``top``: the card put on top of her discard pile."""
    s = Scenario("little_red_riding_hood", "genie").place(RED, red).place(GENIE, genie)
    if top:
        s.discard_pile(0, top)
    return s


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def scheme(s: Scenario, name: str, fighter: str = RED) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((name, fighter))
    return s


# ============================================================ the hero file
def test_little_red_has_14_health_move_2_melee_the_huntsman_9_ranged_and_30_cards():
    h = find_hero("little_red_riding_hood")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (14, 2, False, 30)
    assert [(k.name, k.health, k.ranged, k.count) for k in h.sidekicks] == [(HUNT, 9, True, 1)]
    cards = {c.name: (c.type, c.value, c.boost, c.copies,
                      next(t[7:] for t in c.tags if t.startswith("basket:"))) for c in h.cards}
    assert cards == {
        "What Large Hands You Have": ("attack", 2, 3, 2, "wolf"),
        "What Big Ears You Have": ("attack", 4, 2, 2, "wolf"),
        "What Big Eyes You Have": ("versatile", 3, 2, 2, "wolf"),
        "What's That in My Basket?": ("versatile", 4, 3, 4, "wild"),
        "Never Leave the Path": ("scheme", None, 1, 2, "wolf"),
        "Into the Woods (wolf)": ("scheme", None, 2, 1, "wolf"),
        "Into the Woods (pelt)": ("scheme", None, 2, 1, "pelt"),
        "Into the Woods (knife)": ("scheme", None, 2, 1, "knife"),
        "The Wolf's Skin": ("defense", 2, 2, 3, "knife"),
        "What a Terrible Big Mouth You Have": ("defense", 2, 2, 2, "knife"),
        "Long Have I Sought You": ("attack", 4, 2, 3, "knife"),
        "A Grimm Tale": ("scheme", None, 3, 2, "pelt"),
        "Stones in the Belly": ("versatile", 2, 1, 3, "pelt"),
        "Once Upon a Time": ("versatile", 2, 1, 2, "pelt")}
    assert h.set == "Little Red Riding Hood vs. Beowulf"


# ============================================================ the basket
def test_the_basket_is_the_symbol_of_the_top_card_of_her_discard_pile():
    s = vs_genie()
    assert basket(s.game, 0) is None                       # only the basket card: no item
    s.discard_pile(0, KNIFE_CARD)
    assert basket(s.game, 0) == "knife"
    s.discard_pile(0, WILD_CARD)
    assert basket(s.game, 0) == "wild"


def test_with_basket_start_wild_the_empty_pile_counts_as_a_wild():
    h = copy.deepcopy(find_hero("little_red_riding_hood"))
    h.ability.params["basket_start"] = "wild"
    s = Scenario(hero_defs=(h, find_hero("genie"))).place(RED, "M10").place(GENIE, "M11")
    assert basket(s.game, 0) == "wild"


# ============================================================ the cards
def test_what_large_hands_you_have_may_return_itself_to_her_hand():
    s = vs_genie(top=KNIFE_CARD).hand(0, "What Large Hands You Have", SPARE)
    s.begin_turn(0)
    s.attack(RED, GENIE, "What Large Hands You Have", None)
    s.expect("effect_may").choose(True)
    assert "What Large Hands You Have" in s.hand_names(0)


def test_what_large_hands_you_have_with_a_pelt_may_return_the_top_discard_instead():
    s = vs_genie(top=PELT_CARD).hand(0, "What Large Hands You Have", SPARE)
    s.begin_turn(0)
    s.attack(RED, GENIE, "What Large Hands You Have", None)
    s.expect("effect_may").choose(True)                    # instead: the top card of the pile
    assert PELT_CARD in s.hand_names(0) and "What Large Hands You Have" in s.discard_names(0)


def test_what_big_ears_you_have_may_defend_only_with_a_knife_in_the_basket():
    s = vs_genie(top=KNIFE_CARD).hand(0, "What Big Ears You Have").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, RED, "Careful What You Wish For", "What Big Ears You Have")
    assert combat(s) == "4-4" and s.f(RED).health == 13     # only the 1 of the Genie's lost-combat effect
    s2 = vs_genie(top=WOLF_CARD).hand(0, "What Big Ears You Have").hand(1, "Careful What You Wish For")
    genie_turn(s2)
    s2.attack(GENIE, RED, "Careful What You Wish For", None)
    # No defense decision was posed (its only option would have been None): undefended, 4-0.
    assert s2.events("no_defense") and s2.f(RED).health == 10
    assert "What Big Ears You Have" in s2.hand_names(0)


def test_what_big_eyes_you_have_cancels_and_with_a_pelt_also_ignores_the_value():
    s = vs_genie(top=KNIFE_CARD).hand(0, "What Big Eyes You Have", SPARE).hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.attack(RED, GENIE, "What Big Eyes You Have", "Prisoner's Torment")
    assert s.events("cancel") and combat(s) == "3-1"
    assert len(s.game.players[1].hand) == 0                # Prisoner's Torment drew nothing
    s2 = vs_genie(top=PELT_CARD).hand(0, "What Big Eyes You Have", SPARE).hand(1, "Prisoner's Torment")
    s2.begin_turn(0)
    s2.attack(RED, GENIE, "What Big Eyes You Have", "Prisoner's Torment")
    assert s2.f(GENIE).health == 13                        # 3 against an ignored 1


def test_never_leave_the_path_wolf_places_little_red_anywhere_and_gains_an_action():
    s = vs_genie(top=WOLF_CARD).hand(0, "Never Leave the Path", SPARE)
    s.begin_turn(0)
    actions = s.game.players[0].actions
    scheme(s, "Never Leave the Path")
    s.expect("effect_destination").choose("M31")
    assert s.f(RED).space == s.space("M31") and s.game.players[0].actions == actions


def test_never_leave_the_path_knife_deals_2_to_each_opposing_fighter_in_her_zone():
    s = vs_genie(genie="M12", top=KNIFE_CARD).hand(0, "Never Leave the Path", SPARE)
    s.begin_turn(0)
    scheme(s, "Never Leave the Path")
    assert s.f(GENIE).health == 14


def test_never_leave_the_path_pelt_draws_3_cards():
    s = vs_genie(top=PELT_CARD).hand(0, "Never Leave the Path", SPARE)
    s.begin_turn(0)
    hand = len(s.game.players[0].hand)
    scheme(s, "Never Leave the Path")
    assert len(s.game.players[0].hand) == hand - 1 + 3


def test_a_wild_in_the_basket_counts_as_the_one_symbol_she_chooses():
    s = vs_genie(genie="M12", top=WILD_CARD).hand(0, "Never Leave the Path", SPARE)
    s.begin_turn(0)
    hand = len(s.game.players[0].hand)
    scheme(s, "Never Leave the Path")
    s.expect("basket_item")
    assert list(s.pending.options) == ["wolf", "pelt", "knife"]
    s.choose("knife")
    assert s.f(GENIE).health == 14 and len(s.game.players[0].hand) == hand - 1   # knife alone
    assert s.events("basket")[-1]["detail"] == "knife"


def test_without_an_item_the_symbol_effects_do_not_resolve():
    s = vs_genie(genie="M12").hand(0, "Never Leave the Path", SPARE)
    s.begin_turn(0)
    hand = len(s.game.players[0].hand)
    scheme(s, "Never Leave the Path")
    assert s.f(GENIE).health == 16 and len(s.game.players[0].hand) == hand - 1
    assert s.events("basket")[-1]["detail"] == "empty"


@pytest.mark.parametrize("name", ["Into the Woods (wolf)", "Into the Woods (pelt)", "Into the Woods (knife)"])
def test_into_the_woods_moves_little_red_up_to_3_and_gains_an_action(name):
    s = vs_genie(genie="M31").hand(0, name, WOLF_CARD)
    s.begin_turn(0)
    actions = s.game.players[0].actions
    scheme(s, name)
    s.expect("effect_destination").choose("M19")
    assert s.f(RED).space == s.space("M19") and s.game.players[0].actions == actions


def test_the_wolfs_skin_draws_2_after_combat_with_a_wolf_in_the_basket():
    s = vs_genie(top=WOLF_CARD).hand(0, "The Wolf's Skin").hand(1, "Careful What You Wish For")
    genie_turn(s)
    hand = len(s.game.players[0].hand)
    s.attack(GENIE, RED, "Careful What You Wish For", "The Wolf's Skin")
    assert len(s.game.players[0].hand) == hand - 1 + 2
    s2 = vs_genie(top=PELT_CARD).hand(0, "The Wolf's Skin").hand(1, "Careful What You Wish For")
    genie_turn(s2)
    hand = len(s2.game.players[0].hand)
    s2.attack(GENIE, RED, "Careful What You Wish For", "The Wolf's Skin")
    assert len(s2.game.players[0].hand) == hand - 1


def test_what_a_terrible_big_mouth_you_have_deals_the_attacks_printed_value_with_a_wolf():
    s = vs_genie(top=WOLF_CARD).hand(0, "What a Terrible Big Mouth You Have").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, RED, "Careful What You Wish For", "What a Terrible Big Mouth You Have")
    assert s.f(RED).health == 12 and s.f(GENIE).health == 12


def test_long_have_i_sought_you_is_worth_6_when_the_huntsman_is_adjacent():
    s = vs_genie(red="M31").place(HUNT, "M10").hand(0, "Long Have I Sought You", SPARE)
    s.begin_turn(0)
    s.attack(HUNT, GENIE, "Long Have I Sought You", None)
    assert combat(s) == "6-0"
    s2 = vs_genie(red="M31", genie="M12").place(HUNT, "M10").hand(0, "Long Have I Sought You", SPARE)
    s2.begin_turn(0)
    s2.attack(HUNT, GENIE, "Long Have I Sought You", None)     # ranged, same zone, not adjacent
    assert combat(s2) == "4-0"


def test_a_grimm_tale_heals_little_red_2_or_4_with_a_wolf():
    s = vs_genie(red="M31", top=KNIFE_CARD).place(HUNT, "M10").hand(0, "A Grimm Tale", SPARE).health(RED, 5)
    s.begin_turn(0)
    scheme(s, "A Grimm Tale", HUNT)
    assert s.f(RED).health == 7
    s2 = vs_genie(red="M31", top=WOLF_CARD).place(HUNT, "M10").hand(0, "A Grimm Tale", SPARE).health(RED, 5)
    s2.begin_turn(0)
    scheme(s2, "A Grimm Tale", HUNT)
    assert s2.f(RED).health == 9


def test_stones_in_the_belly_with_a_knife_discards_a_random_card_and_adds_its_boost():
    s = vs_genie(top=KNIFE_CARD).hand(0, "Stones in the Belly", SPARE).hand(1, "Three Wishes")  # BOOST 3
    s.begin_turn(0)
    s.attack(RED, GENIE, "Stones in the Belly", None)
    assert s.discard_names(1) == ["Three Wishes"] and combat(s) == "5-0"


def test_once_upon_a_time_with_a_knife_deals_3_to_the_opposing_fighter():
    s = vs_genie(top=KNIFE_CARD).hand(0, "Once Upon a Time", SPARE)
    s.begin_turn(0)
    s.attack(RED, GENIE, "Once Upon a Time", None)
    assert s.f(GENIE).health == 16 - 2 - 3


def test_a_combat_card_never_reads_its_own_symbol():
    """Once Upon a Time shows a pelt; with a wolf on the pile its knife clause stays off, and
    after the combat it is the new top card."""
    s = vs_genie(top=WOLF_CARD).hand(0, "Once Upon a Time", SPARE)
    s.begin_turn(0)
    s.attack(RED, GENIE, "Once Upon a Time", None)
    assert s.f(GENIE).health == 14 and basket(s.game, 0) == "pelt"


def test_the_ai_takes_the_knife_of_a_wild_when_it_hits_a_foe_in_little_reds_zone():
    s = vs_genie(genie="M12", top=WILD_CARD)
    d = Decision(0, "basket_item", ("wolf", "pelt", "knife"), None, (), {})
    assert GreedyPolicy(random.Random(0)).choose(PlayerView(s.game, 0), d) == "knife"
