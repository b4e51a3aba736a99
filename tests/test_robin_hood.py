"""Robin Hood (Robin Hood vs. Bigfoot): the move after attacking, the Outlaws, and every card.
Seat 0 is Robin Hood, seat 1 the Genie, on Marmoreal."""

from __future__ import annotations

import pytest

from tests.bol1_play import play_random
from tests.scenario import Scenario, genie_turn
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams


def duel(*outlaws: tuple[str, str], robin: str = "M10", genie: str = "M11") -> Scenario:
    """Robin Hood and the Genie placed as given (M10 and M11: adjacent, one zone); Outlaws
    placed as given, the others off the board (defeated)."""
    s = Scenario("robin_hood", "genie")
    s.place("Robin Hood", robin).place("The Genie", genie)
    placed = dict(outlaws)
    for n in (1, 2, 3, 4):
        name = f"Outlaw {n}"
        if name in placed:
            s.place(name, placed[name])
        else:
            s.remove(name)
    return s


def attack_with(s: Scenario, card: str, defense: str | None = None, attacker: str = "Robin Hood",
                genie_hand: tuple[str, ...] = ()) -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    s.hand(1, *genie_hand)
    s.begin_turn(0)
    return s.attack(attacker, "The Genie", card, defense)


def scheme(s: Scenario, card: str, fighter: str = "Robin Hood") -> Scenario:
    """From the action decision: play ``card`` as a scheme (the choice of card is asked only
    when there is more than one)."""
    cid = next(c for c in s.game.players[0].hand if s.game.card(c).name == card)
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((cid, s.fighter(fighter)))
    return s


def genie_lost(s: Scenario) -> int:
    g = s.f("The Genie")
    return g.max_health - g.health


def drawn(s: Scenario, seat: int = 0) -> int:
    return len([e for e in s.events("draw") if e["player"] == seat])


# ============================================================================ hero
def test_robin_hood_has_13_health_move_2_ranged_and_four_one_health_melee_outlaws():
    h = find_hero("robin_hood")
    assert (h.hero.health, h.move, h.hero.ranged) == (13, 2, True)
    (outlaw,) = h.sidekicks
    assert (outlaw.name, outlaw.count, outlaw.health, outlaw.ranged) == ("Outlaw", 4, 1, False)
    assert h.deck_size == 30 and h.set == "Robin Hood vs. Bigfoot"


# ============================================================================ the ability
def test_after_attacking_robin_hood_may_move_up_to_2_spaces():
    s = duel(genie="M12")                   # same zone, not adjacent: a ranged attack
    attack_with(s, "A Hunter's Eye")
    assert genie_lost(s) == 5
    d = s.expect("effect_destination").pending
    assert d.info["fighter"] == s.fighter("Robin Hood")
    assert {"M10", "M22", "M15"} <= set(s.options())      # staying is a choice; 2 spaces away too
    assert "M17" not in s.options()                        # 3 spaces away
    s.choose("M22")
    assert s.f("Robin Hood").space == s.space("M22")
    assert s.pending.kind != "effect_destination"


def test_after_attacking_an_outlaw_moves_the_outlaw_not_robin():
    s = duel(("Outlaw 1", "M19"), robin="M02")
    attack_with(s, "Highway Robbery", attacker="Outlaw 1")
    d = s.expect("effect_destination").pending
    assert d.info["fighter"] == s.fighter("Outlaw 1")
    s.choose("M16")
    assert s.f("Outlaw 1").space == s.space("M16")


def test_the_move_comes_after_every_after_combat_effect():
    s = duel(genie="M12")
    attack_with(s, "Piercing Shot")
    assert drawn(s) == 2                     # the card's draw has resolved
    s.expect("effect_destination")


def test_no_move_when_robin_defends():
    s = duel()
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", "Robin Hood", "Careful What You Wish For", None)
    assert s.pending is None or s.pending.kind != "effect_destination" or \
        s.pending.info["fighter"] != s.fighter("Robin Hood")


def test_an_outlaw_defeated_in_its_attack_does_not_move():
    s = duel(("Outlaw 1", "M19"), robin="M02")
    attack_with(s, "Wily Fighting", "I Grant You Death", attacker="Outlaw 1")
    s.expect("effect_fighter").choose("Outlaw 1")          # the Genie's 1 damage
    assert not s.f("Outlaw 1").alive
    assert s.pending.kind != "effect_destination"


# ============================================================================ cards
def test_a_hunters_eye_is_a_plain_5():
    s = duel()
    attack_with(s, "A Hunter's Eye")
    assert s.events("combat_result")[0]["detail"] == "5-0"


def test_steal_from_the_rich_draws_once_when_the_opponent_discards():
    s = duel()
    s.hand(0, "Steal from the Rich")
    s.hand(1, "Feint")
    s.begin_turn(0)
    scheme(s, "Steal from the Rich")
    assert drawn(s) == 1
    s.expect("effect_unless_discard")
    assert s.pending.player == 1
    s.choose("Feint")
    assert drawn(s) == 1 and s.discard_names(1) == ["Feint"]


def test_steal_from_the_rich_draws_twice_when_the_opponent_keeps_the_hand():
    s = duel()
    s.hand(0, "Steal from the Rich")
    s.hand(1, "Feint")
    s.begin_turn(0)
    scheme(s, "Steal from the Rich")
    s.expect("effect_unless_discard").choose(None)
    assert drawn(s) == 2 and s.hand_names(1) == ["Feint"]


def test_steal_from_the_rich_draws_twice_when_the_opponent_has_no_card():
    s = duel()
    s.hand(0, "Steal from the Rich")
    s.begin_turn(0)
    scheme(s, "Steal from the Rich")
    assert drawn(s) == 2


def test_disarming_shot_draws_a_card_per_damage_dealt():
    s = duel()
    attack_with(s, "Disarming Shot", "Prisoner's Torment")   # 4 against 1
    assert genie_lost(s) == 3
    assert sum(e["amount"] or 1 for e in s.events("draw") if e["player"] == 0) >= 1
    assert len(s.game.players[0].hand) == 3


def test_disarming_shot_draws_nothing_when_blocked():
    s = Scenario("robin_hood", "medusa")
    s.place("Robin Hood", "M10").place("Medusa", "M12")
    for name in ("Outlaw 1", "Outlaw 2", "Outlaw 3", "Outlaw 4", "Harpy 1", "Harpy 2", "Harpy 3"):
        s.remove(name)
    s.hand(0, "Disarming Shot").hand(1, "Hiss and Slither")
    s.begin_turn(0)
    s.attack("Robin Hood", "Medusa", "Disarming Shot", "Hiss and Slither")     # 4 against 4
    assert s.events("combat_result")[0]["detail"] == "4-4"
    assert not s.game.players[0].hand


def test_piercing_shot_draws_2():
    s = duel()
    attack_with(s, "Piercing Shot")
    assert len(s.game.players[0].hand) == 2


def test_highway_robbery_cancels_the_defense_and_ignores_its_value():
    s = duel(("Outlaw 1", "M19"))
    attack_with(s, "Highway Robbery", "Prisoner's Torment", attacker="Outlaw 1")
    assert s.events("cancel")[0]["card"] is not None
    assert genie_lost(s) == 2                       # 2 against an ignored 1
    assert drawn(s, seat=1) == 0                    # Prisoner's Torment's draw was cancelled


def test_defenders_of_sherwood_draws_and_returns_a_defeated_outlaw_to_robins_zone():
    s = duel(("Outlaw 1", "M19"))
    s.hand(0, "Defenders of Sherwood")
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", "Robin Hood", "Careful What You Wish For", "Defenders of Sherwood")
    s.expect("effect_destination")
    zone = s.board.zone_mask[s.space("M10")]
    assert all(s.board.zone_mask[sp] & zone for sp in s.pending.options)
    s.choose("M15")
    assert drawn(s) == 1
    (ret,) = s.events("return_fighter")
    back = s.game.fighters[s.game.occupant[s.space("M15")]]
    assert back.defn.name == "Outlaw" and back.alive and back.health == 1


def test_defenders_of_sherwood_with_no_defeated_outlaw_only_draws():
    s = duel(("Outlaw 1", "M19"), ("Outlaw 2", "M02"), ("Outlaw 3", "M03"), ("Outlaw 4", "M05"))
    s.hand(0, "Defenders of Sherwood")
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack("The Genie", "Robin Hood", "Careful What You Wish For", "Defenders of Sherwood")
    assert drawn(s) == 1 and not s.events("return_fighter")


def test_ambush_discards_a_random_card_and_adds_its_boost_value():
    s = duel()
    attack_with(s, "Ambush", genie_hand=("Feint",))
    assert s.discard_names(1) == ["Feint"]
    boost = s.game.card(s.game.players[1].discard[0]).boost
    assert s.events("combat_result")[0]["detail"] == f"{2 + boost}-0"


def test_ambush_against_an_empty_hand_keeps_its_value():
    s = duel()
    attack_with(s, "Ambush")
    assert s.events("combat_result")[0]["detail"] == "2-0"


def test_wily_fighting_deals_1_to_each_opposing_fighter_next_to_your_fighter():
    s = Scenario("robin_hood", "houdini")
    s.place("Robin Hood", "M10").place("Houdini", "M11").place("Bess", "M19")
    for n in (1, 2, 3, 4):
        s.remove(f"Outlaw {n}")
    s.hand(0, "Wily Fighting")
    s.begin_turn(0)
    s.attack("Robin Hood", "Houdini", "Wily Fighting", None)
    hurt = {e["fighter"] for e in s.events("damage") if e["detail"] == "card"}
    assert hurt == {"Houdini", "Bess"} or hurt == {s.fighter("Houdini"), s.fighter("Bess")}
    assert s.f("Bess").health == s.f("Bess").max_health - 1


def test_wily_fighting_spares_a_fighter_not_adjacent():
    s = duel(genie="M12")
    attack_with(s, "Wily Fighting")
    assert genie_lost(s) == 3                        # the combat damage only


def test_snark_draws_when_adjacent_to_the_opposing_fighter():
    s = duel()
    attack_with(s, "Snark")
    assert len(s.game.players[0].hand) == 1


def test_snark_draws_nothing_from_afar():
    s = duel(genie="M12")
    attack_with(s, "Snark")
    assert not s.game.players[0].hand


def test_feint_cancels_the_opponents_card():
    s = duel()
    attack_with(s, "Piercing Shot", "Feint")
    assert s.events("cancel")
    assert not s.game.players[0].hand               # Piercing Shot's draw was cancelled


def test_regroup_draws_2_when_won_and_1_when_lost():
    s = duel()
    attack_with(s, "Regroup")
    assert len(s.game.players[0].hand) == 2
    s = duel()
    attack_with(s, "Regroup", "Prisoner's Torment")          # 1 against 1
    assert len(s.game.players[0].hand) == 1


# ============================================================================ formats
@pytest.mark.parametrize("seed", [1, 2])
def test_robin_hood_plays_a_three_player_free_for_all_to_the_end(seed):
    assert play_random(("robin_hood", "sinbad", "genie"), FreeForAll(3), seed=seed).over


def test_robin_hood_plays_a_two_against_two_team_game_to_the_end():
    assert play_random(("robin_hood", "pandora", "medusa", "houdini"), Teams(4), seed=5).over
