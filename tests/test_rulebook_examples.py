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


def test_slings_and_arrows_shakespeare_line_example():
    """Slings and Arrows rulebook, Iambic Pentameter "Example": on Shakespeare's turn he attacks
    Titania with All Are Punished, his line already holding Et Tu, Brute? (4) and Alas (2). The
    card joins the line: 10 syllables. Its line effect draws 1 card; then all 3 cards of the line
    go to the discard pile, and his next combat card starts a new line."""
    from unmatched_sim.hooks.shakespeare.line import LINE
    s = Scenario("shakespeare", "titania")
    s.place("Shakespeare", "M10").place("Titania", "M11").place("Oberon", "M31")
    for i in (1, 2, 3):
        s.remove(f"Actor {i}")
    g = s.game
    g.players[0].res[LINE] = (s._take_card(0, "Et Tu, Brute?"), s._take_card(0, "Alas"))
    g.players[1].res["glamour"] = ""
    g.players[1].res["_glamour_deck"] = ()
    s.hand(0, "All Are Punished", "Horror").deck_top(0, "Deceive")
    s.begin_turn(0)
    s.attack("Shakespeare", "Titania", "All Are Punished", None)
    assert [(e["card"], e["value"]) for e in s.events("line_complete")] == [("All Are Punished", 10)]
    assert "Deceive" in s.hand_names(0)
    assert s.discard_names(0) == sorted(["Et Tu, Brute?", "Alas", "All Are Punished"])
    assert g.players[0].res[LINE] == ()


def test_slings_and_arrows_glamour_of_jealousy_example():
    """Slings and Arrows rulebook, Fairy Magic's example glamour: with Glamour of Jealousy face
    up, when Titania or Oberon is attacked they may swap spaces before the defense card is
    played; the other fighter is then the defender."""
    s = Scenario("chupacabra", "titania")
    s.place("Chupacabra", "M11").place("Oberon", "M10").place("Titania", "M31")
    res = s.game.players[1].res
    res["glamour"] = "Glamour of Jealousy"
    res["_glamour_deck"] = tuple(n for n in res["_glamour_deck"] if n != "Glamour of Jealousy")
    s.hand(0, "Feeding", "Feint").hand(1, "Fairy Song")
    s.begin_turn(0)
    s.choose("attack").choose("Feeding")           # Oberon is the only target in reach
    s.expect("glamour_jealousy").choose(True)
    assert s.f("Titania").space == s.space("M10") and s.f("Oberon").space == s.space("M31")
    s.expect("defense_card")
    assert s.game.combat.fighters[1] == s.fighter("Titania")
