"""Sherlock Holmes (Cobble & Fog): his cards' effects that the opponent cannot cancel,
Elementary's prediction made before the reveal, and every card. Seat 0 is Holmes, seat 1 the
Genie, on Marmoreal: Holmes on M02 next to the Genie on M03, Dr. Watson on M01 next to Holmes
unless a test moves him."""

from __future__ import annotations

from tests.scenario import Scenario, genie_turn, play_random
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.view import PlayerView

HOLMES, WATSON, GENIE = "Sherlock Holmes", "Dr. Watson", "The Genie"


def duel(watson: str = "M01") -> Scenario:
    s = Scenario("sherlock_holmes", "genie")
    s.place(HOLMES, "M02").place(GENIE, "M03").place(WATSON, watson)
    return s


def attack(s: Scenario, card: str, defense: str | None = None, attacker: str = HOLMES) -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    s.begin_turn(0)
    return s.attack(attacker, GENIE, card, defense)


def defend(s: Scenario, card: str, attack_card: str = "Careful What You Wish For") -> Scenario:
    s.hand(0, card)
    s.hand(1, attack_card)
    genie_turn(s)
    return s.attack(GENIE, HOLMES, attack_card, card)


def combat_draws(s: Scenario) -> list[int]:
    """Who drew, by seat, from the combat's reveal to the next action."""
    out, on = [], False
    for e in s.events():
        if e["kind"] == "reveal":
            on = True
        elif e["kind"] == "action" and on:
            break
        elif e["kind"] == "draw" and on:
            out.append(e["player"])
    return out


def lost(s: Scenario, name: str = GENIE) -> int:
    f = s.f(name)
    return f.max_health - f.health


def in_hand(s: Scenario, name: str, seat: int = 0) -> int:
    return next(c for c in s.game.players[seat].hand if s.game.card(c).name == name)


def scheme(s: Scenario, card: str, fighter: str = HOLMES) -> Scenario:
    option = (in_hand(s, card), s.fighter(fighter))
    s.choose("scheme")
    return s.choose(option) if s.pending is not None and s.pending.kind == "scheme_card" else s


# ---------------------------------------------------------------- the ability
def test_the_opponent_cannot_cancel_the_effects_of_holmes_cards():
    s = duel()
    attack(s, "The Game is Afoot", "Feint")
    assert s.events("cancel_failed")
    s.expect("effect_destination")          # Holmes still moves


def test_any_cards_are_not_protected():
    s = duel()
    attack(s, "Education Never Ends", "Feint")
    assert s.events("cancel") and not s.events("cancel_failed")


# ---------------------------------------------------------------- combat cards
def test_feint_cancels_the_opponents_effects():
    s = duel()
    defend(s, "Feint", "I Grant You Death")
    assert s.pending is None or s.pending.kind != "effect_fighter"


def test_education_never_ends_if_won_the_opponent_draws_1():
    s = duel()
    attack(s, "Education Never Ends")
    assert combat_draws(s) == [1]


def test_education_never_ends_if_lost_you_draw_2():
    s = duel()
    defend(s, "Education Never Ends")          # 3 against 4
    assert combat_draws(s) == [0, 0]


def test_study_methods_looks_at_the_opponents_hand_if_won():
    s = duel()
    s.hand(1, "Feint")
    attack(s, "Study Methods")
    assert s.events("look_at_hand")
    assert in_hand(s, "Feint", 1) in s.game.players[1].seen_by.get(0, frozenset())


def test_deduce_strategy_makes_the_opponents_printed_value_its_boost():
    s = duel()
    attack(s, "Deduce Strategy", "Prisoner's Torment")   # defence 1, BOOST 2 → 2
    s.expect("effect_may").choose(True)
    boost = s.game.card(s.card_ids(1, "Prisoner's Torment")[0]).boost
    assert lost(s) == 3 - boost


def test_counterpunch_deals_2_to_an_adjacent_opposing_fighter():
    s = duel()
    defend(s, "Counterpunch", "Imprisoned Wrath")         # 3 against 3
    assert lost(s) == 2


def test_fixed_point_in_a_changing_age_heals_watson_and_holmes_when_adjacent():
    s = duel(watson="M04").health(HOLMES, 10).health(WATSON, 5)
    s.place(HOLMES, "M05")
    attack(s, "Fixed Point in a Changing Age", attacker=WATSON)
    assert s.f(WATSON).health == 6 and s.f(HOLMES).health == 11


def test_fixed_point_in_a_changing_age_heals_nobody_apart():
    s = duel(watson="M04").health(HOLMES, 10).health(WATSON, 5)
    s.place(HOLMES, "M31")
    attack(s, "Fixed Point in a Changing Age", attacker=WATSON)
    assert s.f(WATSON).health == 5 and s.f(HOLMES).health == 10


def test_the_game_is_afoot_moves_holmes_up_to_3():
    s = duel()
    attack(s, "The Game is Afoot")
    s.expect("effect_destination")
    assert "M07" in s.options()


def test_service_revolver_is_a_plain_ranged_attack_for_watson():
    s = duel(watson="M05")
    attack(s, "Service Revolver", attacker=WATSON)
    assert lost(s) == 5


# ---------------------------------------------------------------- Elementary
def test_elementary_predicts_before_the_reveal_and_the_attack_stays_hidden():
    s = duel()
    defend(s, "Elementary", "Careful What You Wish For")
    s.expect("predict_value")
    view = PlayerView(s.game, 0)
    assert view.combat_cards()[0] is None            # still face down for Holmes
    assert not s.events("reveal")


def test_elementary_right_cancels_and_ignores_the_attack():
    s = duel()
    defend(s, "Elementary", "Careful What You Wish For")  # printed 4
    s.expect("predict_value").choose(4)
    assert s.f(HOLMES).health == 16                       # no damage, no effect for losing
    assert s.events("prediction")[0]["amount"] == 4


def test_elementary_wrong_changes_nothing():
    s = duel()
    defend(s, "Elementary", "Careful What You Wish For")
    s.expect("predict_value").choose(3)
    assert s.f(HOLMES).health == 15                       # 4 against 3


# ---------------------------------------------------------------- schemes
def test_confirm_suspicion_discards_a_card_of_the_named_value_and_hurts_the_hero_by_its_boost():
    s = duel()
    s.game.players[1].hand.clear()
    s.hand(1, "Careful What You Wish For", "Feint")
    s.hand(0, "Confirm Suspicion")
    s.begin_turn(0)
    scheme(s, "Confirm Suspicion")
    s.expect("name_value").choose(4)
    boost = s.game.card(s.card_ids(1, "Careful What You Wish For")[0]).boost
    assert "Careful What You Wish For" in s.discard_names(1)
    assert lost(s) == boost


def test_confirm_suspicion_without_a_match_reveals_the_hand():
    s = duel()
    s.game.players[1].hand.clear()
    s.hand(1, "Feint")
    s.hand(0, "Confirm Suspicion")
    s.begin_turn(0)
    scheme(s, "Confirm Suspicion")
    s.expect("name_value").choose(4)
    assert s.events("hand_revealed")
    assert in_hand(s, "Feint", 1) in s.game.players[1].known_hand


def test_eliminate_the_impossible_looks_and_picks_a_discard():
    s = duel()
    s.hand(1, "Feint")
    s.hand(0, "Eliminate the Impossible")
    s.begin_turn(0)
    scheme(s, "Eliminate the Impossible")     # (the Genie's only card: no choice to make)
    assert s.events("look_at_hand")
    assert "Feint" in s.discard_names(1)


def test_master_of_disguise_swaps_holmes_with_the_opposing_hero_and_deals_1():
    s = duel()
    s.place(GENIE, "M31")
    s.hand(0, "Master of Disguise")
    s.begin_turn(0)
    scheme(s, "Master of Disguise")
    assert s.f(HOLMES).space == s.space("M31") and s.f(GENIE).space == s.space("M02")
    assert lost(s) == 1


def test_administer_aid_places_watson_next_to_holmes_heals_holmes_and_draws():
    s = duel(watson="M31").health(HOLMES, 10)
    s.hand(0, "Administer Aid")
    s.begin_turn(0)
    scheme(s, "Administer Aid", fighter=WATSON)
    assert s.f(WATSON).space == s.space("M01")     # the only empty space next to Holmes
    assert s.f(HOLMES).health == 11 and s.events("draw")[-1]["player"] == 0


# ---------------------------------------------------------------- formats
def test_plays_whole_games_in_a_duel_a_free_for_all_and_a_team_game():
    for seed in range(3):
        assert play_random(("sherlock_holmes", "genie"), seed=seed).over
        assert play_random(("sherlock_holmes", "alice", "medusa"), FreeForAll(3), seed=seed).over
        assert play_random(("sherlock_holmes", "sinbad", "genie", "houdini"), Teams(4), seed=seed).over
