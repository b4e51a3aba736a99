"""Bigfoot (Robin Hood vs. Bigfoot): the draw at the end of his turn, the Jackalope, and every
card. Seat 0 is Bigfoot, seat 1 the Genie, on Marmoreal."""

from __future__ import annotations

import pytest

from tests.bol1_play import play_random
from tests.scenario import Scenario, genie_turn
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams


def duel(bigfoot: str = "M10", genie: str = "M11", jackalope: str | None = None) -> Scenario:
    """Bigfoot and the Genie placed as given (M10 and M11: adjacent, one zone); the Jackalope
    on ``jackalope``, or off the board (defeated)."""
    s = Scenario("bigfoot", "genie")
    s.place("Bigfoot", bigfoot).place("The Genie", genie)
    if jackalope:
        s.place("Jackalope", jackalope)
    else:
        s.remove("Jackalope")
    return s


def attack_with(s: Scenario, card: str, defense: str | None = None, attacker: str = "Bigfoot") -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    s.begin_turn(0)
    return s.attack(attacker, "The Genie", card, defense)


def scheme(s: Scenario, card: str, fighter: str = "Bigfoot") -> Scenario:
    """From the action decision: play ``card`` as a scheme (the choice of card and fighter is
    asked only when there is more than one)."""
    cid = next(c for c in s.game.players[0].hand if s.game.card(c).name == card)
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((cid, s.fighter(fighter)))
    return s


def end_turn(s: Scenario) -> Scenario:
    """Spend Bigfoot's remaining actions on maneuvers that stay put (no BOOST), up to the end
    of his turn."""
    while s.pending is not None and s.pending.kind in ("action", "maneuver_boost", "move_order",
                                                       "move_destination"):
        d = s.pending
        if d.kind == "action":
            s.choose("maneuver")
        elif d.kind == "maneuver_boost":
            s.choose(None)
        elif d.kind == "move_order":
            s.game.answer(d.options[0])
        else:
            fi = d.info["fighter"]
            s.game.answer(s.game.fighters[fi].space)
    return s


def genie_lost(s: Scenario) -> int:
    g = s.f("The Genie")
    return g.max_health - g.health


def ability_draws(s: Scenario) -> int:
    """Cards Bigfoot drew after his last maneuver's draw (the end-of-turn draw)."""
    return len([e for e in s.events("draw") if e["player"] == 0])


# ============================================================================ hero
def test_bigfoot_has_16_health_move_3_melee_and_a_six_health_jackalope():
    h = find_hero("bigfoot")
    assert (h.hero.health, h.move, h.hero.ranged) == (16, 3, False)
    (jack,) = h.sidekicks
    assert (jack.name, jack.count, jack.health, jack.ranged) == ("Jackalope", 1, 6, False)
    assert h.deck_size == 30 and h.set == "Robin Hood vs. Bigfoot"


# ============================================================================ the ability
def test_at_the_end_of_his_turn_alone_in_his_zone_bigfoot_may_draw_a_card():
    s = duel(genie="M27")                     # another zone
    s.begin_turn(0)
    end_turn(s)
    before = ability_draws(s)
    s.expect("effect_may")
    assert s.pending.player == 0 and s.pending.info["op"] == "draw"
    s.choose(True)
    assert ability_draws(s) == before + 1


def test_the_end_of_turn_draw_may_be_declined():
    s = duel(genie="M27")
    s.begin_turn(0)
    end_turn(s)
    before = ability_draws(s)
    s.expect("effect_may").choose(False)
    assert ability_draws(s) == before


def test_no_draw_with_an_opposing_fighter_in_his_zone_even_far_from_him():
    s = duel(genie="M12")                     # same zone, not adjacent
    s.begin_turn(0)
    end_turn(s)
    assert s.pending is None or s.pending.kind != "effect_may"
    assert s.pending is not None and s.pending.player == 1


def test_his_own_jackalope_in_his_zone_does_not_stop_the_draw():
    s = duel(genie="M27", jackalope="M11")
    s.begin_turn(0)
    end_turn(s)
    s.expect("effect_may")


def test_no_draw_at_the_end_of_the_opponents_turn():
    s = duel(genie="M27")
    genie_turn(s)
    while s.pending is not None and s.pending.player == 1:
        d = s.pending
        if d.kind == "action":
            s.choose("maneuver")
        elif d.kind in ("maneuver_boost",):
            s.choose(None)
        elif d.kind == "hand_limit_discard":
            s.game.answer(d.options[0])
        else:
            fi = d.info.get("fighter")
            s.game.answer(s.game.fighters[fi].space if fi is not None and s.game.fighters[fi].space in d.options
                          else d.options[0])
    assert not [e for e in s.events("draw") if e["player"] == 0 and e["turn"] == 1]


# ============================================================================ cards
def test_larger_than_life_is_a_plain_6():
    s = duel()
    attack_with(s, "Larger Than Life")
    assert s.events("combat_result")[0]["detail"] == "6-0" and genie_lost(s) == 6


def test_savagery_when_won_hits_every_fighter_next_to_bigfoot_his_own_too():
    s = duel(jackalope="M19")                 # M19 is next to M10
    attack_with(s, "Savagery")
    assert genie_lost(s) == 4 + 1
    assert s.f("Jackalope").health == 5


def test_savagery_does_nothing_more_when_it_loses():
    s = Scenario("bigfoot", "medusa")
    s.place("Bigfoot", "M10").place("Medusa", "M11").place("Jackalope", "M19")
    for n in (1, 2, 3):
        s.remove(f"Harpy {n}")
    s.hand(0, "Savagery").hand(1, "Hiss and Slither")
    s.begin_turn(0)
    s.attack("Bigfoot", "Medusa", "Savagery", "Hiss and Slither")      # 4 against 4
    assert s.events("combat_result")[0]["detail"] == "4-4"
    assert s.f("Jackalope").health == 6 and s.f("Medusa").health == s.f("Medusa").max_health


def test_crash_through_the_trees_moves_bigfoot_up_to_5_through_opposing_fighters():
    s = duel(bigfoot="M12", genie="M11")
    s.hand(0, "Crash Through the Trees")
    s.begin_turn(0)
    scheme(s, "Crash Through the Trees")
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Bigfoot")
    assert "M18" in s.options()               # M12 -> M11 (the Genie) -> M10 -> M18: through her
    assert "M30" in s.options()               # 5 spaces: M12 M11 M10 M18 M22 M30
    s.choose("M18")
    assert s.f("Bigfoot").space == s.space("M18")


def test_jackalope_horns_moves_the_jackalope_then_deals_2_to_a_fighter_next_to_it():
    s = duel(bigfoot="M02", genie="M11", jackalope="M06")
    s.hand(0, "Jackalope Horns")
    s.begin_turn(0)
    scheme(s, "Jackalope Horns", fighter="Jackalope")
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Jackalope")
    s.choose("M10")                            # M06 M12 M11 (the Genie) M10
    assert s.f("Jackalope").space == s.space("M10")
    if s.pending is not None and s.pending.kind == "effect_fighter":
        s.choose("The Genie")
    assert genie_lost(s) == 2


def test_jackalope_horns_with_no_one_next_to_it_only_moves():
    s = duel(bigfoot="M02", genie="M27", jackalope="M06")
    s.hand(0, "Jackalope Horns")
    s.begin_turn(0)
    scheme(s, "Jackalope Horns", fighter="Jackalope")
    s.expect("effect_destination").choose("M05")
    assert not s.events("damage")


def test_hoax_moves_your_fighter_up_to_5_through_opposing_fighters_after_combat():
    s = duel(bigfoot="M10", genie="M11")
    attack_with(s, "Hoax")
    s.expect("effect_destination")
    assert s.pending.info["fighter"] == s.fighter("Bigfoot")
    assert "M06" in s.options()               # M10 M11 (the Genie) M12 M06
    s.choose("M06")
    assert s.f("Bigfoot").space == s.space("M06")


def test_disengage_places_your_fighter_on_an_empty_space_of_its_zone():
    s = duel()
    attack_with(s, "Disengage")
    s.expect("effect_destination")
    zone = s.board.zone_mask[s.space("M10")]
    assert all(s.board.zone_mask[x] & zone for x in s.pending.options)
    assert "M27" not in s.options()
    s.choose("M17")                            # not adjacent: a placement, not a move
    assert s.f("Bigfoot").space == s.space("M17")
    assert s.events("place")[-1]["space"] == "M17"


def test_its_just_your_imagination_cancels_the_attackers_effects():
    s = duel()
    s.hand(0, "It's Just Your Imagination")
    s.hand(1, "I Am Freed")
    genie_turn(s)
    s.attack("The Genie", "Bigfoot", "I Am Freed", "It's Just Your Imagination")
    assert s.events("cancel")
    assert s.f("The Genie").space == s.space("M11")      # I Am Freed's placement was cancelled


def test_skirmish_when_won_moves_a_fighter_of_the_combat_up_to_2():
    s = duel()
    attack_with(s, "Skirmish")
    s.expect("effect_fighter").choose("The Genie")
    s.expect("effect_destination").choose("M06")          # M11 M12 M06
    assert s.f("The Genie").space == s.space("M06")


def test_momentous_shift_is_worth_5_after_bigfoot_moved_this_turn():
    s = duel(bigfoot="M19")
    s.hand(0, "Momentous Shift")
    s.begin_turn(0)
    s.place("Bigfoot", "M10")                  # moved since the turn started
    s.attack("Bigfoot", "The Genie", "Momentous Shift", None)
    assert s.events("combat_result")[0]["detail"] == "5-0"


def test_momentous_shift_is_worth_3_without_a_move():
    s = duel()
    attack_with(s, "Momentous Shift")
    assert s.events("combat_result")[0]["detail"] == "3-0"


def test_feint_cancels_the_opponents_card():
    s = duel()
    attack_with(s, "Savagery", "Feint")
    assert s.events("cancel")


def test_regroup_draws_2_when_won_and_1_when_lost():
    s = duel()
    attack_with(s, "Regroup")
    assert len(s.game.players[0].hand) == 2
    s = duel()
    attack_with(s, "Regroup", "Prisoner's Torment")          # 1 against 1
    assert len(s.game.players[0].hand) == 1


# ============================================================================ formats
@pytest.mark.parametrize("seed", [1, 2])
def test_bigfoot_plays_a_three_player_free_for_all_to_the_end(seed):
    assert play_random(("bigfoot", "robin_hood", "genie"), FreeForAll(3), seed=seed).over


def test_bigfoot_plays_a_two_against_two_team_game_to_the_end():
    assert play_random(("bigfoot", "medusa", "robin_hood", "houdini"), Teams(4), seed=5).over
