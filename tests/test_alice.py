"""Alice (Battle of Legends, Volume One): BIG and SMALL, the six cards that change her size,
the Jabberwock, and every card. Seat 0 is Alice, seat 1 the Genie, on Marmoreal."""

from __future__ import annotations

from tests.bol1_play import play_random
from tests.scenario import Scenario
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.game import Game


def duel(size: str = "big", jabberwock: str | None = None) -> Scenario:
    """Alice on M02 next to the Genie on M03, at the given size; the Jabberwock where given.
    Alice holds a spare scheme so her action decision is a real choice."""
    s = Scenario("alice", "genie")
    s.expect("alice_size").choose(size)
    s.hand(0, "Drink Me")
    s.place("Alice", "M02").place("The Genie", "M03")
    if jabberwock:
        s.place("Jabberwock", jabberwock)
    return s


def size(s: Scenario) -> str:
    return s.game.players[0].res["size"]


def attack(s: Scenario, card: str, defense: str | None = None, attacker: str = "Alice") -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    s.begin_turn(0)
    return s.attack(attacker, "The Genie", card, defense)


def defend(s: Scenario, card: str, attack_card: str = "Imprisoned Wrath") -> Scenario:
    s.hand(0, card)
    s.hand(1, attack_card)
    s.begin_turn(1)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    return s.attack("The Genie", "Alice", attack_card, card)


def result(s: Scenario) -> str:
    return s.events("combat_result")[0]["detail"]


def drawn(s: Scenario, seat: int = 0) -> int:
    return len([e for e in s.events("draw") if e["player"] == seat])


def in_hand(s: Scenario, name: str, seat: int = 0) -> int:
    return next(c for c in s.game.players[seat].hand if s.game.card(c).name == name)


def scheme(s: Scenario, card: str, fighter: str = "Alice") -> Scenario:
    return s.choose("scheme").choose((in_hand(s, card), s.fighter(fighter)))


# ============================================================================ hero and size
def test_alice_has_13_health_move_2_melee_and_an_8_health_jabberwock():
    h = find_hero("alice")
    assert (h.hero.health, h.move, h.hero.ranged) == (13, 2, False)
    (jab,) = h.sidekicks
    assert (jab.name, jab.count, jab.health, jab.ranged) == ("Jabberwock", 1, 8, False)
    assert h.deck_size == 30
    assert all(c.value is None for c in h.cards if c.type == "scheme")


def test_her_size_is_chosen_when_she_is_placed_at_the_start_of_the_game():
    g = Game(find_board("marmoreal"), (find_hero("genie"), find_hero("alice")), seed=2).start()
    while g.pending.kind == "sidekick_start":
        g.answer(g.pending.options[0])
    assert g.pending.kind == "alice_size" and g.pending.player == 1
    assert set(g.pending.options) == {"big", "small"}
    assert g.fighters[g.players[1].fighters[0]].on_board      # after she is placed
    g.answer("small")
    assert g.players[1].res["size"] == "small"
    assert g.turn == 1                                        # then the first turn begins


def test_big_alice_adds_2_to_her_attack_card():
    s = duel("big")
    attack(s, "Snicker-Snack")
    assert result(s) == "5-0"


def test_small_alice_adds_nothing_to_her_attack_card():
    s = duel("small")
    attack(s, "Snicker-Snack")
    assert result(s) == "3-0"


def test_small_alice_adds_1_to_her_defence_card_versatile_included():
    s = duel("small")
    defend(s, "Feint", "Imprisoned Wrath")          # Imprisoned Wrath 3 against Feint 2 + 1
    assert result(s).endswith("-3")
    s = duel("small")
    defend(s, "Looking Glass", "Imprisoned Wrath")
    assert result(s) == "3-3"


def test_big_alice_adds_nothing_to_her_defence():
    s = duel("big")
    defend(s, "Feint", "Imprisoned Wrath")
    assert result(s) == "3-2"


def test_the_size_bonus_is_alices_alone_not_the_jabberwocks():
    s = duel("big", jabberwock="M04")
    s.place("Alice", "M20")
    attack(s, "Jaws That Bite", attacker="Jabberwock")
    assert result(s) == "4-0"


def test_an_ignored_value_stays_0_whatever_her_size():
    s = Scenario("alice", "pandora")
    s.expect("alice_size").choose("big")
    s.hand(0, "Drink Me", "Snicker-Snack")
    s.hand(1, "Celestial Raiments")
    s.place("Alice", "M02").place("Pandora", "M03")
    s.begin_turn(0).attack("Alice", "Pandora", "Snicker-Snack", "Celestial Raiments")
    assert result(s) == "0-0"


# ============================================================================ size changers
def test_o_frabjous_day_changes_size():
    s = duel("big")
    attack(s, "O Frabjous Day!")
    assert result(s) == "6-0" and size(s) == "small"
    assert [e["detail"] for e in s.events("size")] == ["big", "small"]


def test_the_other_side_of_the_mushroom_moves_alice_up_to_3_then_changes_size():
    s = duel("small")
    attack(s, "The Other Side of the Mushroom")
    s.expect("effect_destination").choose("M13")
    assert s.f("Alice").space == s.space("M13") and size(s) == "big"


def test_eat_me_moves_alice_up_to_3_then_changes_size():
    s = duel("big")
    s.hand(0, "Eat Me")
    scheme(s.begin_turn(0), "Eat Me")
    s.expect("effect_destination").choose("M13")
    assert s.f("Alice").space == s.space("M13") and size(s) == "small"


def test_im_late_im_late_moves_alice_up_to_5_then_changes_size():
    s = duel("small")
    attack(s, "I'm Late, I'm Late")
    s.expect("effect_destination")
    assert s.can_choose("M21") and not s.can_choose("M25")
    s.choose("M21")
    assert size(s) == "big"


def test_drink_me_draws_2_and_changes_size():
    s = duel("big")
    s.hand(0, "Eat Me")
    scheme(s.begin_turn(0), "Drink Me")
    assert drawn(s) == 2 and size(s) == "small"


def test_mad_as_a_hatter_moves_each_of_her_fighters_up_to_2_and_changes_size():
    s = duel("big", jabberwock="M20")
    attack(s, "Mad as a Hatter")
    s.expect("effect_move_order")
    assert set(s.options()) == {"Alice", "Jabberwock"}
    s.choose("Jabberwock").expect("effect_destination").choose("M25")
    s.expect("effect_destination").choose("M01")
    assert s.f("Jabberwock").space == s.space("M25") and s.f("Alice").space == s.space("M01")
    assert size(s) == "small"


def test_a_cancelled_size_change_does_not_happen():
    s = duel("big")
    attack(s, "O Frabjous Day!", "Feint")
    assert size(s) == "big"


# ============================================================================ other cards
def test_claws_that_catch_is_worth_5_against_a_hero():
    s = duel("big", jabberwock="M04")
    s.place("Alice", "M20")
    attack(s, "Claws That Catch", attacker="Jabberwock")
    assert result(s) == "5-0"


def test_claws_that_catch_is_worth_3_against_a_sidekick():
    s = Scenario("alice", "houdini")
    s.expect("alice_size").choose("big")
    s.hand(0, "Drink Me", "Claws That Catch")
    s.place("Alice", "M20").place("Jabberwock", "M02").place("Houdini", "M28").place("Bess", "M03")
    s.begin_turn(0).attack("Jabberwock", "Bess", "Claws That Catch", None)
    assert result(s) == "3-0"


def test_momentous_shift_is_worth_5_after_a_move():
    s = duel("small")
    s.place("Alice", "M01")
    s.hand(0, "Momentous Shift")
    s.deck_top(0, "Eat Me")
    s.begin_turn(0).choose("maneuver").choose(None).choose("M02")
    s.choose("attack")
    assert result(s) == "5-0"


def test_skirmish_when_won_moves_a_combatant_up_to_2():
    s = duel("small")
    attack(s, "Skirmish")
    s.expect("effect_fighter").choose("The Genie")
    s.expect("effect_destination").choose("M05")
    assert s.f("The Genie").space == s.space("M05")


def test_manxome_foe_adds_the_boost_of_the_deck_top():
    s = duel("small")
    s.deck_top(0, "Snicker-Snack")                  # BOOST 4
    attack(s, "Manxome Foe")
    assert result(s) == "7-0"
    assert "Snicker-Snack" in s.discard_names(0)


def test_feint_cancels_the_opponents_card():
    s = duel("small")
    defend(s, "Feint", "Imprisoned Wrath")
    assert s.events("cancel")[0]["card"] == "Imprisoned Wrath"


def test_regroup_draws_2_when_won():
    s = duel("small")
    attack(s, "Regroup")
    assert drawn(s) == 2


def test_looking_glass_resolves_two_different_effects():
    s = duel("small").health("Alice", 5)
    defend(s, "Looking Glass", "Imprisoned Wrath")   # 3 against 2 + 1: no damage
    s.expect("effect_mode")
    assert set(s.options()) == {"draw 2 cards", "Alice recovers 3 health", "place Alice in another space"}
    s.choose("Alice recovers 3 health")
    s.expect("effect_mode")
    assert set(s.options()) == {"draw 2 cards", "place Alice in another space"}   # a different one
    s.choose("place Alice in another space")
    s.expect("effect_destination").choose("M28")
    assert s.f("Alice").health == 8 and s.f("Alice").space == s.space("M28")
    assert drawn(s) == 0
    assert [e["detail"] for e in s.events("mode")] == ["Alice recovers 3 health", "place Alice in another space"]


def test_snicker_snack_when_won_looks_and_picks_the_discard():
    s = duel("big")
    s.hand(1, "Feint", "Back in the Lamp")
    attack(s, "Snicker-Snack")
    s.expect("effect_discard")
    assert s.pending.player == 0                    # Alice's player chooses
    s.choose("Back in the Lamp")
    assert [s.game.card(c).name for c in s.game.players[1].hand] == ["Feint"]
    assert s.events("look_at_hand")


def test_jaws_that_bite_deals_2_to_one_fighter_next_to_the_jabberwock():
    s = duel("big", jabberwock="M04")
    s.place("Alice", "M20")
    s.place("Alice", "M05")                        # next to the Jabberwock too: she may be picked
    attack(s, "Jaws That Bite", attacker="Jabberwock")
    s.expect("effect_fighter")
    assert set(s.options()) == {"The Genie", "Alice"}
    s.choose("The Genie")
    g = s.f("The Genie")
    assert g.max_health - g.health == 4 + 2


# ============================================================================ formats
def test_alice_plays_a_three_player_free_for_all_to_the_end():
    g = play_random(("alice", "king_arthur", "medusa"), FreeForAll(3), seed=8)
    assert g.over


def test_alice_plays_a_two_against_two_team_game_to_the_end():
    g = play_random(("alice", "sinbad", "genie", "king_arthur"), Teams(4), seed=9)
    assert g.over


def test_the_ai_sees_her_size_bonus_as_a_public_estimate():
    from unmatched_sim.engine.view import PlayerView
    for size_, att, dfn in (("big", 2.0, 0.0), ("small", 0.0, 1.0)):
        s = duel(size_, jabberwock="M20")
        for seat in (0, 1):      # her own view and the opponent's alike
            view = PlayerView(s.game, seat)
            assert view.combat_bonus_estimate(s.fighter("Alice"), 0) == att
            assert view.combat_bonus_estimate(s.fighter("Alice"), 1) == dfn
            assert view.combat_bonus_estimate(s.fighter("Jabberwock"), 0) == 0.0
