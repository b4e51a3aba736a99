"""Yennenga (Battle of Legends, Volume Two): Shield of the Archers, the Volley bonus attack,
Surprise Volley and every card of the deck, one rule per test. Seat 0 is Yennenga, seat 1 the
Genie (16 health, one fighter), on Marmoreal: M10 is adjacent to M11, M15, M18 and M19; M11 is
adjacent to M12 and M19; M10/M11/M15/M19 are green+blue, M12 blue only, M13 red+yellow, M31
violet+brown."""

from __future__ import annotations

from tests.scenario import Scenario, genie_turn, play_random
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.hooks.yennenga import shield_plan

Y = "Yennenga"
GENIE = "The Genie"
SPARE = "Master of the Hunt"     # a scheme kept in hand: the next action stays a real choice


def vs_genie(yen: str = "M10", genie: str = "M11", **archers: str) -> Scenario:
    """Archers placed as given (``Archer_1="M15"``), the others defeated."""
    s = Scenario("yennenga", "genie").place(Y, yen).place(GENIE, genie)
    for n in (1, 2):
        key = f"Archer_{n}"
        if key in archers:
            s.place(f"Archer {n}", archers[key])
        else:
            s.remove(f"Archer {n}")
    return s


def genie_lost(s: Scenario) -> int:
    g = s.f(GENIE)
    return g.max_health - g.health


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def scheme(s: Scenario, name: str, fighter: str = Y) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        cid = next(c for c in s.game.players[0].hand if s.game.card(c).name == name)
        s.choose((cid, s.fighter(fighter)))
    return s


def genie_attacks(s: Scenario, defense: str | None, card: str = "Careful What You Wish For",
                  target: str = Y) -> Scenario:
    s.hand(1, card, "Feint")
    if defense:
        s.hand(0, defense)
    genie_turn(s)
    return s.attack(GENIE, target, card, defense)


# ============================================================ the hero file
def test_yennenga_has_15_health_move_2_ranged_and_two_archers():
    h = find_hero("yennenga")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (15, 2, True, 30)
    assert h.set == "Battle of Legends, Volume Two"
    (archer,) = h.sidekicks
    assert (archer.name, archer.count, archer.health, archer.ranged, archer.starts_on_board) == ("Archer", 2, 2, True, True)
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "Rain of Arrows": ("attack", 3, 3, 3), "Surprise Volley": ("attack", 3, 3, 3),
        "Shield Formation": ("defense", 3, 3, 2), "Master of the Hunt": ("scheme", None, 3, 2),
        "One With the Land": ("scheme", None, 2, 2), "Stallion Charge": ("versatile", 3, 3, 3),
        "Jaws of the Beast": ("versatile", 3, 3, 3), "Point Blank": ("versatile", 2, 2, 3),
        "Momentous Shift": ("versatile", 3, 2, 3), "Divide and Conquer": ("versatile", 2, 1, 2),
        "Pin the Prey": ("versatile", 1, 2, 2), "Skirmish": ("versatile", 4, 2, 2)}
    users = {c.name: c.users for c in h.cards}
    assert users["Divide and Conquer"] == users["Pin the Prey"] == frozenset({"Archer"})
    assert users["Surprise Volley"] is None and users["Rain of Arrows"] == frozenset({Y})


# ============================================================ Shield of the Archers
def test_shield_lets_an_archer_in_her_zone_take_part_of_the_combat_damage():
    s = vs_genie(Archer_1="M15")
    genie_attacks(s, None)
    d = s.expect("archer_shield").pending
    assert d.info["damage"] == 4 and d.info["archers"] == (s.fighter("Archer 1"),)
    s.choose((2,))
    assert s.f(Y).health == 15 - 2
    assert not s.f("Archer 1").alive
    result = s.events("combat_result")[-1]
    assert (result["fighter"], result["amount"]) == (GENIE, 4)     # the attack still won


def test_shield_taking_all_the_damage_still_loses_the_combat_for_her():
    s = vs_genie(Archer_1="M15", Archer_2="M19")
    genie_attacks(s, "Shield Formation")
    s.expect("effect_unless_discard").choose("Feint")              # the Genie keeps it simple
    s.expect("archer_shield").choose((1, 0))                       # 4 - 3 = 1 damage
    assert s.f(Y).health == 15
    assert s.f("Archer 1").health == 1
    assert s.events("combat_result")[-1]["fighter"] == GENIE


def test_shield_may_be_refused():
    s = vs_genie(Archer_1="M15")
    genie_attacks(s, None)
    s.expect("archer_shield").choose((0,))
    assert s.f(Y).health == 11 and s.f("Archer 1").health == 2


def test_shield_is_not_asked_without_an_archer_in_her_zone():
    s = vs_genie(Archer_1="M31")
    genie_attacks(s, None)
    assert s.f(Y).health == 11
    assert s.f("Archer 1").health == 2


def test_shield_shares_effect_damage_by_the_fixed_rule():
    s = vs_genie(Archer_1="M15")
    s.game.damage(s.fighter(Y), 3, "effect")
    assert (s.f(Y).health, s.f("Archer 1").health) == (13, 1)     # the Archer keeps standing
    s = vs_genie(Archer_1="M15").health(Y, 3)
    s.game.damage(s.fighter(Y), 4, "effect")
    assert (s.f(Y).health, s.f("Archer 1").alive) == (1, False)   # lethal: all it can take
    (share,) = [e for e in s.events("ability") if e["detail"] == "shield_of_the_archers"]
    assert share["amount"] == 2


def test_shield_plan_keeps_archers_standing_unless_the_blow_is_lethal():
    assert shield_plan(3, 10, (2, 2)) == (1, 1)
    assert shield_plan(5, 5, (2, 1)) == (2, 1)
    assert shield_plan(1, 10, (1,)) == (0,)


# ============================================================ attack cards
def test_rain_of_arrows_volley_is_a_bonus_attack_of_3():
    s = vs_genie().hand(0, "Rain of Arrows", SPARE).hand(1, "Prisoner's Torment", "Prisoner's Torment")
    s.begin_turn(0)
    s.attack(Y, GENIE, "Rain of Arrows", "Prisoner's Torment")
    (bonus,) = s.events("bonus_attack")
    assert (bonus["amount"], bonus["fighter"], bonus["target"]) == (3, Y, GENIE)
    s.expect("defense_card").choose(None)
    assert genie_lost(s) == 2 + 3


def test_surprise_volley_returns_an_archer_as_the_attacker():
    s = vs_genie(yen="M10", genie="M12").hand(0, "Surprise Volley", SPARE)   # blue, not adjacent
    s.begin_turn(0)
    s.attack(Y, GENIE, "Surprise Volley", None)
    s.expect("effect_may").choose(True)
    d = s.expect("effect_destination").pending
    zm = s.board.zone_mask
    assert all(zm[x] & zm[s.space("M12")] for x in d.options)
    s.choose("M11")
    a = s.f("Archer 1")
    assert a.alive and a.health == 2 and a.space == s.space("M11")
    assert s.events("combatant_changed")[-1]["fighter"] == "Archer 1"
    assert s.events("damage")[-1]["by_fighter"] == "Archer 1"
    assert s.game.players[0].actions == 1


def test_surprise_volley_declined_or_impossible_gains_an_action():
    s = vs_genie(genie="M11").hand(0, "Surprise Volley", SPARE)
    s.begin_turn(0)
    s.attack(Y, GENIE, "Surprise Volley", None)
    s.expect("effect_may").choose(False)
    assert s.game.players[0].actions == 2
    s = vs_genie(Archer_1="M15", Archer_2="M19").hand(0, "Surprise Volley", SPARE)
    s.begin_turn(0)
    s.attack(Y, GENIE, "Surprise Volley", None)
    assert s.game.players[0].actions == 2


# ============================================================ Shield Formation
def test_shield_formation_returns_an_archer_unless_the_opponent_discards():
    s = vs_genie()
    genie_attacks(s, "Shield Formation")
    s.expect("effect_unless_discard").choose(None)
    d = s.expect("effect_destination").pending
    zm = s.board.zone_mask
    assert all(zm[x] & zm[s.space("M10")] for x in d.options)
    s.choose("M15")
    assert s.f("Archer 1").space == s.space("M15")

    s = vs_genie()
    genie_attacks(s, "Shield Formation")
    s.expect("effect_unless_discard").choose("Feint")
    assert not s.f("Archer 1").alive and not s.f("Archer 2").alive


# ============================================================ schemes
def test_master_of_the_hunt_gains_2_actions():
    s = vs_genie().hand(0, "Master of the Hunt", SPARE)
    s.begin_turn(0)
    scheme(s, "Master of the Hunt")
    assert s.game.players[0].actions == 3


def test_one_with_the_land_moves_and_heals_each_fighter_and_draws():
    s = vs_genie(Archer_1="M31").hand(0, "One With the Land", SPARE).health(Y, 10).health("Archer 1", 1)
    s.begin_turn(0)
    scheme(s, "One With the Land")
    while s.pending.kind in ("effect_move_order", "effect_destination"):
        s.game.answer(s.pending.options[0])
    assert s.f(Y).health == 11 and s.f("Archer 1").health == 2
    assert [e for e in s.events("draw") if e["player"] == 0]


# ============================================================ versatile cards
def test_stallion_charge_rides_through_the_genie_and_hurts_it():
    s = vs_genie().hand(0, "Stallion Charge", SPARE)
    s.begin_turn(0)
    s.attack(Y, GENIE, "Stallion Charge", None)
    d = s.expect("effect_destination").pending
    assert s.space("M12") in d.options                              # through the Genie on M11
    s.choose("M12")
    assert s.f(Y).space == s.space("M12")
    assert genie_lost(s) == 3 + 1


def test_stallion_charge_to_a_space_reached_without_passing_a_foe_hurts_nobody():
    s = vs_genie().hand(0, "Stallion Charge", SPARE)
    s.begin_turn(0)
    s.attack(Y, GENIE, "Stallion Charge", None)
    s.choose("M15")
    assert genie_lost(s) == 3


def test_jaws_of_the_beast_adds_1_per_zone_of_the_opposing_fighter():
    s = vs_genie().hand(0, "Jaws of the Beast", SPARE)             # M11: green and blue
    s.begin_turn(0)
    s.attack(Y, GENIE, "Jaws of the Beast", None)
    assert combat(s) == "5-0"


def test_point_blank_deals_2_only_when_the_opposing_fighter_is_adjacent():
    s = vs_genie().hand(0, "Point Blank", SPARE)
    s.begin_turn(0)
    s.attack(Y, GENIE, "Point Blank", None)
    assert genie_lost(s) == 2 + 2
    s = vs_genie(genie="M12").hand(0, "Point Blank", SPARE)        # same zone, not adjacent
    s.begin_turn(0)
    s.attack(Y, GENIE, "Point Blank", None)
    assert genie_lost(s) == 2


def test_momentous_shift_is_worth_5_after_her_fighter_moved_this_turn():
    s = vs_genie().hand(0, "Momentous Shift", SPARE)
    s.begin_turn(0)
    flags = s.game.turn_flags
    spaces = list(flags["start_spaces"])
    spaces[s.fighter(Y)] = s.space("M15")
    flags["start_spaces"] = tuple(spaces)
    s.attack(Y, GENIE, "Momentous Shift", None)
    assert combat(s) == "5-0"


def test_divide_and_conquer_is_worth_4_away_from_yennengas_zone():
    s = vs_genie(yen="M31", genie="M12", Archer_1="M11").hand(0, "Divide and Conquer", SPARE)
    s.begin_turn(0)
    s.attack("Archer 1", GENIE, "Divide and Conquer", None)
    assert combat(s) == "4-0"
    s = vs_genie(yen="M10", genie="M12", Archer_1="M11").hand(0, "Divide and Conquer", SPARE)
    s.begin_turn(0)
    s.attack("Archer 1", GENIE, "Divide and Conquer", None)
    assert combat(s) == "2-0"


def test_pin_the_prey_moves_the_opposing_fighter_and_the_opponent_discards():
    s = vs_genie(yen="M31", genie="M12", Archer_1="M11").hand(0, "Pin the Prey", SPARE)
    s.hand(1, "Feint", "I Am Freed")
    s.begin_turn(0)
    s.attack("Archer 1", GENIE, "Pin the Prey", None)
    d = s.expect("effect_destination").pending
    assert d.info["fighter"] == s.fighter(GENIE)
    s.choose("M16")
    assert s.f(GENIE).space == s.space("M16")
    s.expect("effect_discard")
    assert s.pending.player == 1
    s.choose("Feint")
    assert s.discard_names(1) == ["Feint"]


def test_skirmish_moves_a_fighter_of_the_combat_only_when_she_won():
    s = vs_genie().hand(0, "Skirmish", SPARE)
    s.begin_turn(0)
    s.attack(Y, GENIE, "Skirmish", None)
    s.expect("effect_fighter")
    assert set(s.options()) == {Y, GENIE}

    s = vs_genie().hand(1, "Careful What You Wish For", "Feint").hand(0, "Skirmish")
    genie_turn(s)
    s.game.turn_flags["attack_bonus"] = ((1, None, 1),)            # 5 against her 4: she lost
    s.attack(GENIE, Y, "Careful What You Wish For", "Skirmish")
    assert combat(s) == "5-4"
    assert s.pending.kind == "action" and s.pending.player == 1


# ============================================================ every format
def test_yennenga_plays_whole_games_in_every_format():
    for seed in range(3):
        assert play_random(("yennenga", "medusa"), seed=seed).over
        assert play_random(("yennenga", "genie", "houdini"), FreeForAll(3), seed=seed).over
        assert play_random(("yennenga", "pandora", "alice", "yennenga"), Teams(4), seed=seed).over
