"""Medusa (Battle of Legends, Volume One): her gaze at the start of her turn, the Harpies, and
every card. Seat 0 is Medusa, seat 1 the Genie, on Marmoreal."""

from __future__ import annotations

import pytest

from tests.bol1_play import play_random
from tests.scenario import Scenario
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams


def duel(*harpies: tuple[str, str]) -> Scenario:
    """Medusa on M10 next to the Genie on M11 (same zone); Harpies placed as given, the others
    off the board (defeated). Medusa holds a spare scheme so her action is a real choice."""
    s = Scenario("medusa", "genie")
    s.hand(0, "Winged Frenzy")
    s.place("Medusa", "M10").place("The Genie", "M11")
    placed = dict(harpies)
    for n in (1, 2, 3):
        name = f"Harpy {n}"
        if name in placed:
            s.place(name, placed[name])
        else:
            s.remove(name)
    return s


def start(s: Scenario, gaze=None) -> Scenario:
    """Begin Medusa's turn; answer her gaze (a fighter name, or None to decline) if offered."""
    s.begin_turn(0)
    if s.pending is not None and s.pending.kind == "effect_fighter" and s.pending.info.get("card", -1) in (None, -1):
        s.choose(gaze)
    return s


def attack_with(s: Scenario, card: str, defense: str | None = None, attacker: str = "Medusa") -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    start(s)
    return s.attack(attacker, "The Genie", card, defense)


def scheme(s: Scenario, card: str, fighter: str = "Medusa") -> Scenario:
    """From the action decision: play the copy of ``card`` in Medusa's hand as a scheme."""
    cid = next(c for c in s.game.players[0].hand if s.game.card(c).name == card)
    return s.choose("scheme").choose((cid, s.fighter(fighter)))


def genie_lost(s: Scenario) -> int:
    g = s.f("The Genie")
    return g.max_health - g.health


def drawn(s: Scenario, seat: int = 0) -> int:
    return len([e for e in s.events("draw") if e["player"] == seat])


# ============================================================================ hero
def test_medusa_has_16_health_move_3_ranged_and_three_one_health_harpies():
    h = find_hero("medusa")
    assert (h.hero.health, h.move, h.hero.ranged) == (16, 3, True)
    (harpy,) = h.sidekicks
    assert (harpy.name, harpy.count, harpy.health, harpy.ranged, harpy.starts_on_board) == ("Harpy", 3, 1, False, True)
    assert h.deck_size == 30


# ============================================================================ the gaze
def test_gaze_at_the_start_of_her_turn_deals_1_damage_to_an_opposing_fighter_in_her_zone():
    s = duel()
    s.begin_turn(0)
    s.expect("effect_fighter")
    assert s.options() == ["The Genie", None]
    s.choose("The Genie")
    assert genie_lost(s) == 1
    (dmg,) = s.events("damage")
    assert (dmg["detail"], dmg["card"], dmg["by_fighter"]) == ("ability", None, "Medusa")


def test_gaze_may_be_declined():
    s = duel()
    start(s, None)
    assert genie_lost(s) == 0


def test_gaze_reaches_anywhere_in_the_zone_not_only_adjacent():
    s = duel()
    s.place("The Genie", "M12")            # zone shared with M10, not adjacent
    s.begin_turn(0).expect("effect_fighter")
    assert "The Genie" in s.options()


def test_gaze_is_not_offered_with_no_opposing_fighter_in_her_zone_and_never_at_her_own():
    s = duel(("Harpy 1", "M15"))
    s.place("The Genie", "M02")            # another zone
    s.begin_turn(0)
    assert s.pending.kind == "action"
    assert not s.events("damage")


# ============================================================================ cards
def test_dash_moves_the_fighter_that_played_it_up_to_3():
    s = duel()
    attack_with(s, "Dash")
    s.expect("effect_destination").choose("M09")
    assert s.f("Medusa").space == s.space("M09")


def test_dash_played_by_a_harpy_moves_the_harpy():
    s = duel(("Harpy 1", "M12"))
    attack_with(s, "Dash", attacker="Harpy 1")
    d = s.expect("effect_destination").pending
    assert d.info["fighter"] == s.fighter("Harpy 1")


def test_gaze_of_stone_deals_8_more_when_it_wins():
    s = duel()
    attack_with(s, "Gaze of Stone")
    assert genie_lost(s) == 2 + 8


def test_gaze_of_stone_does_nothing_more_when_it_loses():
    s = duel()
    attack_with(s, "Gaze of Stone", "I've Made Sultans Out of Less")
    assert s.events("combat_result")[0]["detail"].endswith("-2")
    assert genie_lost(s) == 0


def test_a_momentary_glance_deals_2_to_any_one_fighter_in_medusas_zone():
    s = duel(("Harpy 1", "M15"), ("Harpy 2", "M02"))
    s.hand(0, "A Momentary Glance")
    start(s)
    scheme(s, "A Momentary Glance")
    s.expect("effect_fighter")
    # her own fighters too (read literally), never one outside her zone (Harpy 2 on M02)
    assert set(s.options()) == {"Medusa", "The Genie", "Harpy 1"}
    s.choose("The Genie")
    assert genie_lost(s) == 2


def test_hiss_and_slither_makes_the_attacker_discard_a_card():
    s = duel()
    s.hand(0, "Hiss and Slither")
    s.hand(1, "Imprisoned Wrath", "Feint", "Feint")
    s.begin_turn(1)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    s.attack("The Genie", "Medusa", "Imprisoned Wrath", "Hiss and Slither")
    s.expect("effect_discard")
    assert s.pending.player == 1
    s.choose("Feint")
    assert [e["detail"] for e in s.events("discard")] == ["opponent_effect"]


def test_the_hounds_of_mighty_zeus_moves_each_harpy_up_to_3():
    s = duel(("Harpy 1", "M12"), ("Harpy 2", "M02"))
    attack_with(s, "The Hounds of Mighty Zeus", attacker="Harpy 1")
    s.expect("effect_move_order")
    assert set(s.options()) == {"Harpy 1", "Harpy 2"}      # Medusa does not move
    s.choose("Harpy 2").expect("effect_destination").choose("M05")
    s.expect("effect_destination").choose("M16")
    assert s.f("Harpy 2").space == s.space("M05") and s.f("Harpy 1").space == s.space("M16")


def test_clutching_claws_makes_the_opponent_discard_a_card():
    s = duel(("Harpy 1", "M12"))
    s.hand(1, "Feint", "Feint")
    attack_with(s, "Clutching Claws", attacker="Harpy 1")
    s.expect("effect_discard")
    assert s.pending.player == 1
    s.choose("Feint")
    assert len(s.game.players[1].hand) == 1


def test_winged_frenzy_moves_every_fighter_through_opposing_fighters():
    s = duel(("Harpy 1", "M19"))
    s.place("Medusa", "M12")               # the Genie on M11 stands between M12 and M10
    scheme(start(s), "Winged Frenzy")
    s.expect("effect_move_order").choose("Medusa")
    assert s.can_choose("M10")             # M12 -> M11 (the Genie) -> M10
    s.choose("M10")
    s.expect("effect_destination").choose("M19")           # the Harpy stays
    assert s.f("Medusa").space == s.space("M10")


def test_winged_frenzy_returns_a_defeated_harpy_to_medusas_zone_at_full_health():
    s = duel(("Harpy 1", "M19"))
    scheme(start(s), "Winged Frenzy")
    s.expect("effect_move_order").choose("Medusa").choose("M10")
    s.expect("effect_destination").choose("M19")
    s.expect("effect_destination")
    zone = s.board.zone_mask[s.space("M10")]
    assert all(s.board.zone_mask[sp] & zone for sp in s.pending.options)
    s.choose("M15")
    returned = [e for e in s.events("return_fighter")]
    assert len(returned) == 1
    f = s.game.fighters[[fi for fi in s.game.players[0].fighters
                         if s.game.fighters[fi].space == s.space("M15")][0]]
    assert f.defn.name == "Harpy" and f.alive and f.health == 1


def test_winged_frenzy_returns_nothing_when_no_harpy_is_defeated():
    s = duel(("Harpy 1", "M19"), ("Harpy 2", "M02"), ("Harpy 3", "M05"))
    s.place("The Genie", "M27")
    scheme(start(s), "Winged Frenzy")
    while s.pending is not None and s.pending.kind in ("effect_move_order", "effect_destination"):
        if s.pending.kind == "effect_move_order":
            s.game.answer(s.pending.options[0])
        else:
            fi = s.pending.info["fighter"]
            s.game.answer(s.game.fighters[fi].space)
    assert not s.events("return_fighter")
    assert [s.f(f"Harpy {n}").space for n in (1, 2, 3)] == [s.space(x) for x in ("M19", "M02", "M05")]


def test_second_shot_may_be_boosted():
    s = duel()
    s.hand(0, "Snipe")
    attack_with(s, "Second Shot")
    s.expect("combat_boost").choose("Snipe")
    assert s.events("combat_result")[0]["detail"] == "4-0"   # 3 + Snipe's BOOST 1
    assert genie_lost(s) == 4


def test_second_shot_boost_may_be_declined():
    s = duel()
    s.hand(0, "Snipe")
    attack_with(s, "Second Shot")
    s.expect("combat_boost").choose(None)
    assert s.events("combat_result")[0]["detail"] == "3-0"


def test_snipe_draws_a_card():
    s = duel()
    attack_with(s, "Snipe")
    assert drawn(s) == 1


def test_feint_cancels_the_opponents_card():
    s = duel()
    attack_with(s, "Gaze of Stone", "Feint")
    assert s.events("cancel")[0]["card"] == "Gaze of Stone"
    assert genie_lost(s) == 0


def test_regroup_draws_2_when_won_and_1_when_lost():
    s = duel()
    attack_with(s, "Regroup")
    assert drawn(s) == 2
    s = duel()
    attack_with(s, "Regroup", "Prisoner's Torment")          # 1 against 1
    assert drawn(s) == 1


# ============================================================================ formats
def test_gaze_in_a_free_for_all_offers_every_foe_in_the_zone():
    from unmatched_sim.data.catalog import find_board
    from unmatched_sim.engine.game import Game
    g = Game(find_board("marmoreal"), (find_hero("medusa"), find_hero("genie"), find_hero("pandora")),
             seed=0, fmt=FreeForAll(3))
    med, gen, pan = (g.players[s].fighters[0] for s in range(3))
    g.place(med, 9)    # M10
    g.place(gen, 10)   # M11
    g.place(pan, 11)   # M12
    g.players[0].ability.start_of_turn(g, 0)
    g.run()
    assert g.pending.kind == "effect_fighter"
    assert set(g.pending.options) == {gen, pan, None}


@pytest.mark.parametrize("seed", [1, 2])
def test_medusa_plays_a_three_player_free_for_all_to_the_end(seed):
    g = play_random(("medusa", "sinbad", "genie"), FreeForAll(3), seed=seed)
    assert g.over


def test_medusa_plays_a_two_against_two_team_game_to_the_end():
    g = play_random(("medusa", "pandora", "sinbad", "houdini"), Teams(4), seed=5)
    assert g.over


def test_gaze_in_a_team_game_never_offers_a_teammate():
    from unmatched_sim.data.catalog import find_board
    from unmatched_sim.engine.game import Game
    g = Game(find_board("marmoreal"), tuple(find_hero(h) for h in ("medusa", "genie", "sinbad", "houdini")),
             seed=0, fmt=Teams(4))
    med, gen, sin, hou = (g.players[s].fighters[0] for s in range(4))
    g.place(med, 9)    # M10
    g.place(sin, 10)   # M11: Medusa's teammate
    g.place(hou, 11)   # M12: a foe
    g.place(gen, 30)   # M31: a foe in another zone
    g.players[0].ability.start_of_turn(g, 0)
    g.run()
    assert g.pending.kind == "effect_fighter"
    assert set(g.pending.options) == {hou, None}
