"""A combat card's healing is read from the board (``HeuristicPolicy.heal_adjusts``): each point
at the healed fighter's health worth now, up to the health it has lost (and, after the blow, what
the blow is expected to take), where the card tables count it flat whatever health is missing.
Healing only if the combat is lost stays at the card tables' worth."""

from __future__ import annotations

import pytest

from tests.scenario import Scenario, tuned_at
from unmatched_sim.policies.weights import OP_WORTH

WHALE = "Voyage to the Island That Was a Whale"
SNAKES = "Voyage to the Valley of the Giant Snakes"      # the same value; looks at the foe's hand


def sinbad_beside_the_genie(health: int) -> Scenario:
    s = Scenario("sinbad", "genie")
    s.remove("Porter")
    s.place("Sinbad", "M02").place("The Genie", "M03").health("Sinbad", health)
    s.hand(0, WHALE, SNAKES)
    s.begin_turn(0)
    s.expect("action")
    return s


def whale_over_snakes(health: int) -> float:
    """How much more the AI's attack with the Whale is worth than with the Giant Snakes."""
    s = sinbad_beside_the_genie(health)
    pol, view = tuned_at(s)
    sinbad, genie = s.fighter("Sinbad"), s.fighter("The Genie")
    (whale,), (snakes,) = s.card_ids(0, WHALE), s.card_ids(0, SNAKES)
    return pol.attack_eval(view, sinbad, genie, whale) - pol.attack_eval(view, sinbad, genie, snakes)


def test_an_attack_that_heals_is_worth_the_health_it_gives_back_to_a_hurt_hero():
    # Sinbad at 4 of 15 health: the Whale's 2 health put it above a card of the same value by
    # more than one point of his health now, though it is also the healing he would keep back.
    s = sinbad_beside_the_genie(4)
    pol, view = tuned_at(s)
    assert whale_over_snakes(4) > pol.hp_weight(s.f("Sinbad"), True)


def test_an_attack_that_heals_a_hero_at_full_health_gains_nothing_by_it():
    at_full = whale_over_snakes(15)
    assert at_full < whale_over_snakes(14) < whale_over_snakes(4)
    assert at_full < 0.5


def test_sinbad_hurt_attacks_with_the_whale():
    s = sinbad_beside_the_genie(4)
    s.choose("attack")
    if s.pending.kind == "attack_target":
        s.choose(("Sinbad", "The Genie"))
    s.expect("attack_card")
    pol, view = tuned_at(s)
    assert s.game.card(pol.on_attack_card(view, s.pending)).name == WHALE


def hurt_beside_the_genie(hero: str, fighter: str, health: int, card: str):
    """``fighter`` (of ``hero``) at ``health`` next to the Genie on its own turn, holding
    ``card``: (tuned set up for the decision, the view, the card, the fighter's health worth)."""
    s = Scenario(hero, "genie")
    s.place(fighter, "M02").place("The Genie", "M03").health(fighter, health)
    s.hand(0, card)
    s.begin_turn(0)
    pol, view = tuned_at(s)
    return pol, view, s.game.card(s.card_ids(0, card)[0]), pol.hp_weight(s.f(fighter), True)


def test_healing_if_the_combat_is_won_is_read_and_if_it_is_lost_left_to_the_card_tables():
    # Ravenous Lunge: 2 health if Chupacabra wins the combat, 1 if he loses; at 10 of 14 health
    # both fit in what he has lost. The 1 is left at the card tables' worth.
    pol, view, lunge, w = hurt_beside_the_genie("chupacabra", "Chupacabra", 10, "Ravenous Lunge")
    always, won = pol.heal_adjusts(view, lunge)
    assert always == 0.0
    assert won == pytest.approx(2 * (w - OP_WORTH["recover"]))


def test_healing_only_if_the_combat_is_lost_is_left_to_the_card_tables():
    pol, view, alas, _ = hurt_beside_the_genie("shakespeare", "Shakespeare", 5, "Alas")
    assert pol.heal_adjusts(view, alas) is None


def test_healing_after_the_blow_has_room_for_what_the_blow_takes():
    # Sinbad at full health defending: the Whale's kind of healing after the blow has room only
    # for the damage the blow is expected to deal.
    s = sinbad_beside_the_genie(15)
    pol, view = tuned_at(s)
    whale = s.game.card(s.card_ids(0, WHALE)[0])
    w = pol.hp_weight(s.f("Sinbad"), True)
    assert pol.heal_adjusts(view, whale)[0] == pytest.approx(-2 * OP_WORTH["recover"])
    assert pol.heal_adjusts(view, whale, 1.0)[0] == pytest.approx(w - 2 * OP_WORTH["recover"])


def test_healing_before_the_blow_in_defense_is_counted_once():
    # Back in the Lamp heals the Genie 4 before the blow: the defense reads that health itself,
    # so the card tables' worth of it is taken off, not added again.
    s = Scenario("houdini", "genie")
    s.place("Houdini", "M02").place("The Genie", "M03").health("The Genie", 6)
    s.hand(1, "Back in the Lamp")
    s.begin_turn(0)
    pol, view = tuned_at(s, 1)
    lamp = s.game.card(s.card_ids(1, "Back in the Lamp")[0])
    share = 0.5         # the share of the card tables' effect worth the defense counts
    got = pol.heal_adjusts(view, lamp, 0.0, share, True)
    assert got == pytest.approx([-4 * OP_WORTH["recover"] * share, 0.0])


def test_a_card_that_heals_no_one_has_no_healing_to_read():
    s = sinbad_beside_the_genie(4)
    pol, view = tuned_at(s)
    assert pol.heal_adjusts(view, s.game.card(s.card_ids(0, SNAKES)[0])) is None


def test_healing_that_needs_the_combat_won_has_no_room_for_the_blow():
    # Guided by the Fates heals Pandora 2 if she wins the combat: a defense won takes nothing,
    # so at full health it heals nothing, whatever the blow would have taken.
    s = Scenario("pandora", "genie")
    s.place("Pandora", "M02").place("The Genie", "M03")
    s.hand(0, "Guided by the Fates")
    s.begin_turn(1)
    pol, view = tuned_at(s, 0)
    fates = s.game.card(s.card_ids(0, "Guided by the Fates")[0])
    assert pol.heal_adjusts(view, fates, 3.0)[1] == pytest.approx(-2 * OP_WORTH["recover"])


# ---------------------------------------------------------------------- a number the view tells
def kakodaemon_beside_houdini(miseries: tuple, pandora_health: int) -> Scenario:
    """A Kakodæmon next to Houdini, Pandora far off at ``pandora_health``, ``miseries`` revealed
    from her box this turn; her hand holds Spite and Aphrodite's Beauty (Pandora recovers 1
    health per misery revealed this turn, after combat)."""
    s = Scenario("pandora", "houdini").place("Pandora", "M03").place("Kakodæmon 1", "M10").place("Houdini", "M11")
    s.health("Pandora", pandora_health)
    s.hand(0, "Spite", "Aphrodite's Beauty", "Forged by Hephaestus").hand(1, "Grand Escape")
    s.game.players[0].res["revealed_miseries"] = miseries
    return s


def kakodaemon_s_card(s: Scenario) -> str:
    pol, view = tuned_at(s)
    _, _, cid = pol.best_attack(view, [(s.fighter("Kakodæmon 1"), s.fighter("Houdini"))])
    return s.game.card(cid).name


def test_healing_by_the_miseries_revealed_is_read_at_their_number():
    # The card tables guess a number a card reads at 1.5 whatever it is; the view tells the
    # miseries revealed this turn. Three, with Pandora at 5 health: 3 health back are worth more
    # than Spite's blow; with none revealed Aphrodite's Beauty heals nothing.
    assert kakodaemon_s_card(kakodaemon_beside_houdini(("Woe", "Misfortune", "Toil"), 5)) == "Aphrodite's Beauty"
    assert kakodaemon_s_card(kakodaemon_beside_houdini((), 5)) == "Spite"
