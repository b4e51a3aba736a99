"""Achilles (Battle of Legends, Volume Two): The Rage of Achilles, Relentless Assault and every
card of the deck, one rule per test. Seat 0 is Achilles (18 health, melee) with Patroclus (6);
the opponent is the Genie (16) or Houdini with Bess (5). Board: Marmoreal — M10 is adjacent to
M11, M15, M18 and M19; M12 shares M10's blue zone without being adjacent; M31 is in other zones.
"""

from __future__ import annotations

from tests.scenario import Scenario, genie_turn
from unmatched_sim.data.catalog import find_hero

ACH, PAT, GENIE = "Achilles", "Patroclus", "The Genie"
SPARE = "Spear Throw"        # kept in hand so that the next action is a real choice


def vs_genie(achilles: str = "M10", genie: str = "M11", patroclus: str | None = "M31") -> Scenario:
    """Achilles against the Genie; ``patroclus=None``: Patroclus is already defeated."""
    s = Scenario("achilles", "genie").place(ACH, achilles).place(GENIE, genie)
    if patroclus:
        s.place(PAT, patroclus)
    else:
        s.remove(PAT)
    return s


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def scheme(s: Scenario, name: str, fighter: str = ACH) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        s.choose((name, fighter))
    return s


# ============================================================ the hero file
def test_achilles_has_18_health_move_2_melee_patroclus_6_and_30_cards():
    h = find_hero("achilles")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (18, 2, False, 30)
    assert [(k.name, k.health, k.ranged, k.count) for k in h.sidekicks] == [(PAT, 6, False, 1)]
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "Brothers in Arms": ("attack", 4, 2, 3), "Battle Frenzy": ("attack", 3, 2, 2),
        "The Day of Your Doom": ("attack", 3, 2, 2), "Test for Weakness": ("attack", 1, 3, 3),
        "Skirmish": ("versatile", 4, 1, 3), "Wily Fighting": ("versatile", 3, 1, 2),
        "Blessed by Hermes": ("versatile", 3, 1, 2), "Feint": ("versatile", 2, 1, 3),
        "Battle Hardened": ("versatile", 2, 2, 2), "Achilles' Heel": ("defense", 4, 2, 3),
        "Under Achilles' Helm": ("defense", 2, 4, 3), "Spear Throw": ("scheme", None, 1, 2)}
    assert h.set == "Battle of Legends, Volume Two"


# ============================================================ The Rage of Achilles
def test_when_patroclus_is_defeated_achilles_discards_2_random_cards():
    s = vs_genie(patroclus="M10", achilles="M31").health(PAT, 3)
    s.hand(0, "Feint", "Skirmish", "Wily Fighting").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, PAT, "Careful What You Wish For", None)
    assert not s.f(PAT).alive
    assert len(s.game.players[0].hand) == 1 and len(s.discard_names(0)) == 2
    assert s.events("achilles_rage")[0]["amount"] == 2


def test_while_patroclus_is_defeated_achilles_attacks_are_plus_2():
    s = vs_genie(patroclus=None).hand(0, "Skirmish", SPARE)
    s.begin_turn(0)
    s.attack(ACH, GENIE, "Skirmish", None)
    assert combat(s) == "6-0"
    s2 = vs_genie().hand(0, "Skirmish", SPARE)
    s2.begin_turn(0)
    s2.attack(ACH, GENIE, "Skirmish", None)
    assert combat(s2) == "4-0"


def test_while_patroclus_is_defeated_achilles_draws_1_for_each_combat_he_wins():
    s = vs_genie(patroclus=None).hand(0, "Feint", SPARE)
    s.begin_turn(0)
    hand = len(s.game.players[0].hand)
    s.attack(ACH, GENIE, "Feint", None)                           # 4-0: won
    assert len(s.game.players[0].hand) == hand - 1 + 1
    s2 = vs_genie(patroclus=None).hand(0, "Achilles' Heel").hand(1, "Your Wish Is My Command")
    genie_turn(s2)
    hand = len(s2.game.players[0].hand)
    s2.attack(GENIE, ACH, "Your Wish Is My Command", "Achilles' Heel")    # 3-4: he won defending
    assert len(s2.game.players[0].hand) == hand - 1 + 1
    s3 = vs_genie().hand(0, "Feint", SPARE)
    s3.begin_turn(0)
    hand = len(s3.game.players[0].hand)
    s3.attack(ACH, GENIE, "Feint", None)
    assert len(s3.game.players[0].hand) == hand - 1                # Patroclus is alive: no draw


# ============================================================ the cards
def test_brothers_in_arms_gains_an_action_while_patroclus_is_not_defeated():
    s = vs_genie().hand(0, "Brothers in Arms", SPARE)
    s.begin_turn(0)
    actions = s.game.players[0].actions
    s.attack(ACH, GENIE, "Brothers in Arms", None)
    assert s.game.players[0].actions == actions                   # the action spent is given back
    s2 = vs_genie(patroclus=None).hand(0, "Brothers in Arms", SPARE)
    s2.begin_turn(0)
    actions = s2.game.players[0].actions
    s2.attack(ACH, GENIE, "Brothers in Arms", None)
    assert s2.game.players[0].actions == actions - 1


def test_battle_frenzy_deals_2_damage_to_both_fighters_of_the_combat():
    s = vs_genie(achilles="M31", patroclus="M10").hand(0, "Battle Frenzy", SPARE)
    s.begin_turn(0)
    s.attack(PAT, GENIE, "Battle Frenzy", None)
    assert s.f(GENIE).health == 16 - 3 - 2 and s.f(PAT).health == 4


def test_the_day_of_your_doom_lets_patroclus_take_2_damage_for_a_value_of_5():
    s = vs_genie(achilles="M31", patroclus="M10").hand(0, "The Day of Your Doom", SPARE)
    s.begin_turn(0)
    s.attack(PAT, GENIE, "The Day of Your Doom", None)
    s.expect("effect_may").choose(True)
    assert combat(s) == "5-0" and s.f(PAT).health == 4


def test_test_for_weakness_makes_a_relentless_assault_worth_3_the_defender_may_defend():
    s = vs_genie().hand(0, "Test for Weakness", SPARE).hand(1, "Prisoner's Torment")
    s.begin_turn(0)
    s.attack(ACH, GENIE, "Test for Weakness", None)               # 1-0, then the assault
    s.expect("defense_card").choose("Prisoner's Torment")
    assert [e["detail"] for e in s.events("combat_result")] == ["1-0", "3-1"]
    assert s.f(GENIE).health == 16 - 1 - 2
    assert s.events("relentless_assault")[0]["amount"] == 3
    assert "Test for Weakness" in s.discard_names(0) and not s.game.in_play
    assert s.pending.kind == "action" and s.game.combat is None


def test_relentless_assault_carries_the_rage_bonus_and_not_the_cards_own_effect():
    s = vs_genie(patroclus=None).hand(0, "Test for Weakness", SPARE)
    s.begin_turn(0)
    s.attack(ACH, GENIE, "Test for Weakness", None)
    assert [e["detail"] for e in s.events("combat_result")] == ["3-0", "5-0"]   # no third attack


def test_relentless_assault_has_no_target_once_the_defender_is_defeated():
    s = Scenario("achilles", "houdini").place(ACH, "M10").place("Bess", "M11").place("Houdini", "M31")
    s.place(PAT, "M27").health("Bess", 1, seat=1).hand(0, "Test for Weakness", SPARE)
    s.begin_turn(0)
    s.attack(ACH, "Bess", "Test for Weakness", None)
    assert not s.f("Bess").alive and len(s.events("combat_result")) == 1
    assert s.events("relentless_assault")[0]["detail"] == "no_target"
    assert "Test for Weakness" in s.discard_names(0) and not s.game.in_play


def test_relentless_assault_is_not_made_when_the_game_is_over():
    s = vs_genie().health(GENIE, 1).hand(0, "Test for Weakness", SPARE)
    s.begin_turn(0)
    s.attack(ACH, GENIE, "Test for Weakness", None)
    assert s.game.over and len(s.events("combat_result")) == 1
    assert "Test for Weakness" in s.discard_names(0)


def test_skirmish_moves_a_fighter_of_the_combat_when_won():
    s = vs_genie().hand(0, "Skirmish", SPARE)
    s.begin_turn(0)
    s.attack(ACH, GENIE, "Skirmish", None)
    s.expect("effect_fighter").choose(ACH)
    s.expect("effect_destination").choose("M19")
    assert s.f(ACH).space == s.space("M19")


def test_wily_fighting_deals_1_to_each_opposing_fighter_next_to_your_fighter():
    s = Scenario("achilles", "houdini").place(ACH, "M10").place("Houdini", "M11").place("Bess", "M15")
    s.place(PAT, "M31").hand(0, "Wily Fighting", SPARE)
    s.begin_turn(0)
    s.attack(ACH, "Houdini", "Wily Fighting", None)
    assert s.f("Houdini").health == 14 - 3 - 1 and s.f("Bess").health == 4


def test_blessed_by_hermes_moves_each_of_your_fighters_up_to_3_through_opponents():
    s = vs_genie(patroclus="M19").hand(0, "Blessed by Hermes", SPARE)
    s.begin_turn(0)
    s.attack(ACH, GENIE, "Blessed by Hermes", None)
    s.expect("effect_move_order").choose(ACH)
    s.expect("effect_destination")
    assert s.can_choose("M12")                                   # through the Genie on M11
    s.choose("M12")
    s.expect("effect_destination").choose("M18")
    assert s.f(ACH).space == s.space("M12") and s.f(PAT).space == s.space("M18")


def test_feint_cancels_the_effects_of_the_opponents_card():
    s = vs_genie().hand(0, "Feint").hand(1, "Your Wish Is My Command", "Three Wishes", "Feint", "Back in the Lamp")
    genie_turn(s)
    s.attack(GENIE, ACH, "Your Wish Is My Command", "Feint")      # 3-2: the Genie wins
    assert s.events("cancel") and s.pending.kind == "action" and not s.events("gain_action")


def test_battle_hardened_returns_a_card_of_the_discard_pile_to_the_hand():
    s = vs_genie().discard_pile(0, "Spear Throw").hand(0, "Battle Hardened", "Feint")
    s.begin_turn(0)
    s.attack(ACH, GENIE, "Battle Hardened", None)      # (the only card there: no decision)
    assert "Spear Throw" in s.hand_names(0)


def test_achilles_heel_gives_the_opponent_an_action_when_achilles_loses():
    s = vs_genie().hand(0, "Achilles' Heel").hand(1, "Careful What You Wish For", "Three Wishes")
    s.game.players[0].value_lock = 1                              # held to 1: he loses 4-1
    genie_turn(s)
    actions = s.game.players[1].actions
    s.attack(GENIE, ACH, "Careful What You Wish For", "Achilles' Heel")
    assert combat(s) == "4-1" and s.game.players[1].actions == actions
    s2 = vs_genie().hand(0, "Achilles' Heel").hand(1, "Your Wish Is My Command", "Three Wishes")
    genie_turn(s2)
    actions = s2.game.players[1].actions
    s2.attack(GENIE, ACH, "Your Wish Is My Command", "Achilles' Heel")     # 3-4: he won
    assert s2.game.players[1].actions == actions - 1


def test_under_achilles_helm_swaps_in_patroclus_as_the_defender():
    s = vs_genie(patroclus="M31").hand(0, "Under Achilles' Helm").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, ACH, "Careful What You Wish For", "Under Achilles' Helm")
    s.expect("effect_may").choose(True)
    assert s.f(PAT).space == s.space("M10") and s.f(ACH).space == s.space("M31")
    assert s.f(PAT).health == 6 - 2 and s.f(ACH).health == 18
    assert s.events("combatant_changed")


def test_under_achilles_helm_is_not_offered_once_patroclus_is_defeated():
    s = vs_genie(patroclus=None).hand(0, "Under Achilles' Helm").hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.attack(GENIE, ACH, "Careful What You Wish For", "Under Achilles' Helm")
    assert s.f(ACH).health == 16 and not s.events("combatant_changed")


def test_spear_throw_deals_2_to_an_opposing_fighter_in_achilles_zone():
    s = vs_genie(genie="M12").hand(0, "Spear Throw", "Feint")
    s.begin_turn(0)
    scheme(s, "Spear Throw")
    assert s.f(GENIE).health == 14


def _tuned_says(s: Scenario) -> bool:
    import random

    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.policies.heuristic import TunedPolicy

    return TunedPolicy(random.Random(0)).choose(PlayerView(s.game, 0), s.pending)


def test_the_ai_pays_the_day_of_your_doom_from_patrocluss_health_not_achilles():
    """The 2 damage are Patroclus's: at 6 health he pays; at 2 (the payment would defeat him) he
    does not, however healthy Achilles is."""
    for health, pays in ((6, True), (2, False)):
        s = vs_genie(achilles="M31", patroclus="M10").hand(0, "The Day of Your Doom", SPARE)
        s.health(PAT, health)
        s.begin_turn(0)
        s.attack(PAT, GENIE, "The Day of Your Doom", None)
        s.expect("effect_may")
        assert s.pending.info["payer"] == s.fighter(PAT)
        assert _tuned_says(s) is pays
