"""The worked examples printed in the rulebooks, as tests."""

from tests.scenario import Scenario


def test_houdini_vs_genie_combat_example():
    """Houdini vs. The Genie rulebook, "Combat Example": the Genie attacks Houdini (3 health)
    with Careful What You Wish For; Houdini defends with Grand Escape and boosts it with All Part
    of the Show (its BOOST bonus heals him to 5). 4 vs 4: no damage, Houdini wins the combat and
    is placed far away; Careful What You Wish For then finds no adjacent fighter to hurt."""
    s = Scenario("houdini", "genie")
    s.place("The Genie", "M10").place("Houdini", "M11").place("Bess", "M31")
    s.health("Houdini", 3)
    s.hand(1, "Careful What You Wish For", "I Am Freed", "I've Made Sultans Out of Less")
    s.hand(0, "Grand Escape", "All Part of the Show")
    s.begin_turn(1)
    s.choose(None)                       # Infinite Power: keep the hand
    s.attack("The Genie", "Houdini", "Careful What You Wish For", "Grand Escape")
    # Grand Escape: "you may BOOST this card" — with All Part of the Show (+2, BOOST bonus).
    s.expect("combat_boost").choose("All Part of the Show")
    assert s.f("Houdini").health == 5
    assert [e["amount"] for e in s.events("recover")] == [2]
    # Grand Escape (the defender's card) resolves first: Houdini won, so he is placed.
    s.expect("effect_destination").choose("M01")
    g = s.game
    assert s.events("combat_result")[0]["amount"] == 0
    assert s.f("Houdini").space == s.space("M01")
    # Careful What You Wish For: the Genie lost, but no opposing fighter is adjacent now.
    assert s.f("Houdini").health == 5
    assert s.f("Bess").health == 5
    assert "All Part of the Show" in s.discard_names(0) and "Grand Escape" in s.discard_names(0)
    assert "Careful What You Wish For" in s.discard_names(1)
    # The Genie's second action: no target in range any more, so only a maneuver is possible.
    assert g.active == 1 and g.pending.kind == "maneuver_boost"


def test_houdini_vs_genie_combat_example_without_the_escape_careful_deals_damage():
    """Same combat, but Houdini stays adjacent (he does not take the place): Careful What You Wish
    For's after-combat damage lands, which shows the example's outcome hinges on the escape."""
    s = Scenario("houdini", "genie")
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.health("Houdini", 3)
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Flourish", "All Part of the Show")   # Flourish is an attack card: no defense
    s.begin_turn(1)
    s.choose(None)                       # Infinite Power: keep the hand
    s.attack("The Genie", "Houdini", "Careful What You Wish For", "All Part of the Show")
    # 4 vs 2: Houdini takes 2 combat damage (3 -> 1); the Genie won, so Careful does nothing.
    assert s.f("Houdini").health == 1
    assert s.events("combat_result")[0]["amount"] == 2
