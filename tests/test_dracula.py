"""Dracula (Cobble & Fog): Bloodthirsty at the start of his turn, his three Sisters, and every
card. Seat 0 is Dracula, seat 1 the Genie, on Marmoreal: Dracula on M02 next to the Genie on
M03 (zone 1 holds M01-M06); the Sisters start far away unless a test moves them."""

from __future__ import annotations

from tests.scenario import Scenario, genie_turn, play_random
from unmatched_sim.engine.formats import FreeForAll, Teams

GENIE = "The Genie"


def duel(*sisters: str) -> Scenario:
    """Dracula on M02, the Genie on M03; Sister 1, 2, 3 on the given spaces, the rest on
    M20, M31 and M27."""
    s = Scenario("dracula", "genie")
    s.place("Dracula", "M02").place(GENIE, "M03")
    far = ["M20", "M31", "M27"]
    for i in range(3):
        s.place(f"Sister {i + 1}", sisters[i] if i < len(sisters) else far[i])
    return s


def my_turn(s: Scenario, bite=None) -> Scenario:
    """Dracula's turn; Bloodthirsty declined unless ``bite`` names a fighter."""
    s.begin_turn(0)
    if s.pending is not None and s.pending.kind == "effect_fighter":
        s.choose(bite)
    return s


def attack(s: Scenario, card: str, defense: str | None = None, attacker: str = "Dracula") -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    my_turn(s)
    return s.attack(attacker, GENIE, card, defense)


def defend(s: Scenario, card: str, attack_card: str = "Careful What You Wish For") -> Scenario:
    s.hand(0, card)
    s.hand(1, attack_card)
    genie_turn(s)
    return s.attack(GENIE, "Dracula", attack_card, card)


def hp(s: Scenario, name: str) -> int:
    return s.f(name).health


def lost(s: Scenario, name: str = GENIE) -> int:
    f = s.f(name)
    return f.max_health - f.health


def in_hand(s: Scenario, name: str, seat: int = 0) -> int:
    return next(c for c in s.game.players[seat].hand if s.game.card(c).name == name)


def scheme(s: Scenario, card: str, fighter: str = "Dracula") -> Scenario:
    option = (in_hand(s, card), s.fighter(fighter))
    s.choose("scheme")
    return s.choose(option) if s.pending is not None and s.pending.kind == "scheme_card" else s


# ---------------------------------------------------------------- Bloodthirsty
def test_bloodthirsty_deals_1_to_an_adjacent_fighter_and_draws_a_card():
    s = duel()
    hand = len(s.game.players[0].hand)
    my_turn(s, bite=GENIE)
    assert lost(s, GENIE) == 1
    assert len(s.game.players[0].hand) == hand + 1


def test_bloodthirsty_may_bite_a_sister_and_may_be_declined():
    s = duel("M01")
    s.begin_turn(0)
    assert set(s.options()) == {GENIE, "Sister 1", None}
    s.choose(None)
    kinds = [e["kind"] for e in s.events() if e["kind"] in ("draw", "action")]
    assert lost(s, GENIE) == 0 and kinds[0] == "action"


# ---------------------------------------------------------------- attacks
def test_ambush_adds_the_boost_of_a_random_card_the_opponent_discards():
    s = duel()
    s.game.players[1].hand.clear()
    s.hand(1, "Three Wishes")          # the only card: BOOST known
    boost = s.game.card(in_hand(s, "Three Wishes", 1)).boost
    attack(s, "Ambush")
    assert "Three Wishes" in s.discard_names(1)
    assert lost(s, GENIE) == 2 + boost


def test_feeding_frenzy_adds_1_per_sister_in_the_defenders_zone():
    s = duel("M05", "M06")
    attack(s, "Feeding Frenzy")
    assert lost(s, GENIE) == 2 + 2


def test_beastform_adds_1_for_each_card_discarded():
    s = duel()
    s.hand(0, "Exploit", "Dash")
    attack(s, "Beastform")
    s.expect("discard_for_value").choose("Exploit").choose("Dash")
    assert lost(s, GENIE) == 6 + 2
    assert {"Exploit", "Dash"} <= set(s.discard_names(0))


def test_thirst_for_sustenance_places_dracula_next_to_the_opposing_fighter_if_won():
    s = duel("M04")
    s.place("Dracula", "M13")                        # far from the Genie
    attack(s, "Thirst for Sustenance", attacker="Sister 1")
    # the only empty space next to the Genie (M04 holds the Sister): taken without a decision
    assert s.f("Dracula").space == s.space("M02")


# ---------------------------------------------------------------- versatile cards
def test_feint_cancels_the_opponents_effects():
    s = duel()
    defend(s, "Feint", "I Grant You Death")
    assert s.pending is None or s.pending.kind != "effect_fighter"
    assert hp(s, "Dracula") == 13


def test_dash_moves_his_fighter_up_to_3():
    s = duel()
    attack(s, "Dash")
    s.expect("effect_destination")
    assert "M07" in s.options()          # two steps past M01 (the Genie blocks the other way)


def test_exploit_draws_a_card():
    s = duel()
    attack(s, "Exploit")
    assert s.events("draw")[-1]["player"] == 0


# ---------------------------------------------------------------- defence cards
def test_do_my_bidding_returns_the_attack_and_picks_the_card_the_attacker_plays():
    s = duel()
    s.hand(1, "Feint")
    defend(s, "Do My Bidding", "I Am Freed")
    s.expect("bidding_card")
    assert set(s.options()) >= {"Feint", "I Am Freed"}
    s.choose("Feint")
    reveals = [(e["player"], e["card"]) for e in s.events("reveal")]
    assert reveals[-1] == (1, "Feint")
    assert "I Am Freed" in s.hand_names(1)
    assert in_hand(s, "I Am Freed", 1) in s.game.players[1].known_hand


def test_look_into_my_eyes_adds_the_attack_cards_boost():
    s = duel()
    defend(s, "Look Into My Eyes", "Careful What You Wish For")   # 4, BOOST 2(+1 = 3)
    boost = s.game.card(s.card_ids(1, "Careful What You Wish For")[0]).boost
    assert lost(s, "Dracula") == max(0, 4 - (1 + boost))


# ---------------------------------------------------------------- schemes
def test_mistform_places_dracula_anywhere_and_gains_an_action():
    s = duel()
    s.hand(0, "Mistform")
    my_turn(s)
    scheme(s, "Mistform")
    s.expect("effect_destination").choose("M13")
    assert s.f("Dracula").space == s.space("M13")
    assert [e["player"] for e in s.events("gain_action")] == [0]


def test_prey_upon_damages_each_adjacent_foe_and_recovers_as_much():
    s = duel().health("Dracula", 8)
    s.hand(0, "Prey Upon")
    my_turn(s)
    scheme(s, "Prey Upon")
    assert lost(s, GENIE) == 1 and hp(s, "Dracula") == 9


def test_baptism_of_blood_recovers_2_and_returns_a_defeated_sister_to_his_zone():
    s = duel().health("Dracula", 8).remove("Sister 1")
    s.hand(0, "Baptism of Blood")
    my_turn(s)
    scheme(s, "Baptism of Blood")
    assert hp(s, "Dracula") == 10
    s.expect("effect_destination")
    assert all(s.board.zone_mask[o] & 1 for o in s.pending.options)
    s.choose("M05")
    assert s.f("Sister 1").on_board and s.f("Sister 1").health == 1


def test_baptism_of_blood_moves_no_living_sister():
    s = duel().health("Dracula", 8)
    s.hand(0, "Baptism of Blood")
    my_turn(s)
    scheme(s, "Baptism of Blood")
    assert hp(s, "Dracula") == 10
    assert s.pending is None or s.pending.kind != "effect_destination"


def test_ravening_seduction_moves_a_fighter_then_each_adjacent_sister_deals_1():
    s = duel("M05", "M06")
    s.hand(0, "Ravening Seduction")
    my_turn(s)
    scheme(s, "Ravening Seduction", fighter="Sister 1")
    s.expect("effect_fighter").choose(GENIE)
    s.expect("effect_destination").choose("M04")      # next to Sister 1 on M05 only
    assert lost(s, GENIE) == 1


# ---------------------------------------------------------------- formats
def test_plays_whole_games_in_a_duel_a_free_for_all_and_a_team_game():
    for seed in range(3):
        assert play_random(("dracula", "genie"), seed=seed).over
        assert play_random(("dracula", "alice", "medusa"), FreeForAll(3), seed=seed).over
        assert play_random(("dracula", "sinbad", "genie", "houdini"), Teams(4), seed=seed).over
