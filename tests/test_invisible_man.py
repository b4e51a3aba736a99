"""The Invisible Man (Cobble & Fog): fog tokens put in his zone at setup, moved by his cards
(and by his opponent's hand on some), the fog step between fog spaces, +1 defending on fog,
Vanish, and every card. Seat 0 is the Invisible Man, seat 1 the Genie, on Marmoreal: he stands
on M02 next to the Genie on M03; fog tokens go where each test puts them."""

from __future__ import annotations

from tests.scenario import Scenario, genie_turn, play_random
from unmatched_sim.engine.board_features import place_token, token_destinations, token_spaces
from unmatched_sim.engine.formats import FreeForAll, Teams

IM, GENIE = "Invisible Man", "The Genie"


def duel(*fog: str) -> Scenario:
    s = Scenario("invisible_man", "genie")
    s.place(IM, "M02").place(GENIE, "M03")
    for label in fog:
        place_token(s.game, 0, "fog", s.space(label))
    return s


def fog(s: Scenario) -> set[str]:
    return {s.board.labels[x] for x in token_spaces(s.game, 0, "fog")}


def attack(s: Scenario, card: str, defense: str | None = None) -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    s.begin_turn(0)
    return s.attack(IM, GENIE, card, defense)


def defend(s: Scenario, card: str, attack_card: str = "Careful What You Wish For") -> Scenario:
    s.hand(0, card)
    s.hand(1, attack_card)
    genie_turn(s)
    return s.attack(GENIE, IM, attack_card, card)


def pick(s: Scenario, kind: str, label: str) -> Scenario:
    """Answer a decision whose options are spaces (the fog's and the return's) by label."""
    s.expect(kind)
    space = s.space(label)
    assert space in s.pending.options, f"{label} is not an option of {kind}"
    s.game.answer(space)
    return s


def lost(s: Scenario, name: str = GENIE) -> int:
    f = s.f(name)
    return f.max_health - f.health


def in_hand(s: Scenario, name: str, seat: int = 0) -> int:
    return next(c for c in s.game.players[seat].hand if s.game.card(c).name == name)


def scheme(s: Scenario, card: str) -> Scenario:
    option = (in_hand(s, card), s.fighter(IM))
    s.choose("scheme")
    return s.choose(option) if s.pending is not None and s.pending.kind == "scheme_card" else s


# ---------------------------------------------------------------- the fog rules
def test_setup_puts_three_fog_tokens_on_different_spaces_of_his_zone():
    s = duel()
    s.game.players[0].ability.setup(s.game, 0)
    zone = s.board.zone_mask[s.space("M02")]
    for _ in range(3):
        s.expect("fog_space")
        assert all(s.board.zone_mask[o] & zone for o in s.pending.options)
        assert not set(s.pending.options) & set(token_spaces(s.game, 0, "fog"))
        s.game.answer(s.pending.options[-1])
    assert len(fog(s)) == 3 and len(s.events("token_placed")) == 3


def test_fog_spaces_are_adjacent_for_his_movement_only():
    s = duel("M02", "M24")
    assert s.space("M24") in s.game.reachable(s.fighter(IM), 1)
    s.place(GENIE, "M05")
    place_token(s.game, 0, "fog", s.space("M05"))
    assert s.space("M24") not in s.game.reachable(s.fighter(GENIE), 1)
    assert s.f(GENIE).idx not in s.game.fighters_adjacent_to(s.fighter(IM))


def test_the_fog_step_follows_a_moved_token():
    s = duel("M02", "M24")
    from unmatched_sim.engine.board_features import move_token
    move_token(s.game, 0, "fog", s.space("M24"), s.space("M16"))
    reach = s.game.reachable(s.fighter(IM), 1)
    assert s.space("M16") in reach and s.space("M24") not in reach


def test_he_defends_at_plus_1_on_fog():
    s = duel("M02")
    defend(s, "Into Thin Air")               # 4 + 1 against 4
    assert s.events("combat_result")[0]["detail"] == "4-5"


def test_no_fog_bonus_off_fog():
    s = duel("M13")
    defend(s, "Into Thin Air")
    assert s.events("combat_result")[0]["detail"] == "4-4"


# ---------------------------------------------------------------- attacks
def test_slip_away_moves_a_fog_token_to_an_empty_space_and_places_him_there():
    s = duel("M13")
    attack(s, "Slip Away")
    s.expect("token_destination")
    assert s.space("M03") not in s.pending.options          # the Genie stands there
    pick(s, "token_destination", "M31")
    assert fog(s) == {"M31"} and s.f(IM).space == s.space("M31")


def test_surprise_attack_cancels_and_moves_the_fog_he_stands_on():
    s = duel("M02", "M13")
    attack(s, "Surprise Attack", "Back in the Lamp")
    s.expect("token_destination")
    assert s.space("M13") not in s.pending.options
    pick(s, "token_destination", "M31")
    assert fog(s) == {"M13", "M31"}


def test_surprise_attack_moves_nothing_off_fog():
    s = duel("M13")
    attack(s, "Surprise Attack")
    assert fog(s) == {"M13"} and not s.events("token_moved")


def test_emerge_from_mist_is_worth_5_if_he_started_the_turn_on_fog():
    s = duel("M02")
    attack(s, "Emerge from Mist")
    assert lost(s) == 5
    s = duel("M13")
    attack(s, "Emerge from Mist")
    assert lost(s) == 3


# ---------------------------------------------------------------- versatile cards
def test_covert_preparation_draws_then_he_and_his_opponent_each_move_a_different_token():
    s = duel("M13", "M21")
    attack(s, "Covert Preparation")
    assert s.events("draw")[-1]["player"] == 0
    pick(s, "token_choice", "M13")
    pick(s, "token_destination", "M07")
    assert s.pending.player == 1
    if s.pending.kind == "token_choice":
        assert s.pending.options == [s.space("M21")]
        pick(s, "token_choice", "M21")
    s.expect("token_destination")
    assert s.space("M21") in s.pending.options and s.space("M07") not in s.pending.options


def test_dreaming_of_revenge_hurts_opposing_fighters_on_fog_when_he_is_on_fog():
    s = duel("M02", "M03")
    attack(s, "Dreaming of Revenge")
    assert lost(s) == 3 + 1


def test_dreaming_of_revenge_needs_him_on_fog():
    s = duel("M03")
    attack(s, "Dreaming of Revenge")
    assert lost(s) == 3


def test_confound_moves_every_token_when_the_opponent_keeps_their_cards():
    s = duel("M13", "M21")
    s.hand(1, "Feint")
    attack(s, "Confound")
    s.expect("effect_unless_discard").choose(None)
    pick(s, "token_destination", "M31")
    pick(s, "token_destination", "M30")
    assert fog(s) == {"M31", "M30"}


def test_confound_moves_nothing_if_the_opponent_discards():
    s = duel("M13")
    s.hand(1, "Feint")
    attack(s, "Confound")
    s.expect("effect_unless_discard").choose("Feint")
    assert fog(s) == {"M13"}


def test_impossible_to_see_makes_the_opponents_value_0():
    s = duel()
    defend(s, "Impossible to See", "Careful What You Wish For")
    assert s.events("combat_result")[0]["detail"].startswith("0-")


# ---------------------------------------------------------------- defence cards
def test_lurking_draws_and_places_him_on_a_fog_space():
    s = duel("M13")
    defend(s, "Lurking")
    s.choose(s.pending.options[0])          # the first of the two effects: onto a fog space
    assert s.f(IM).space == s.space("M13")


def test_lurking_may_move_a_fog_token_up_to_3_instead():
    s = duel("M13")
    defend(s, "Lurking")
    s.choose(s.pending.options[1])
    s.expect("token_destination")
    assert s.space("M13") in s.pending.options
    pick(s, "token_destination", "M08")
    assert fog(s) == {"M08"}


def test_into_thin_air_moves_him_1_then_the_opponent_moves_a_fog_token_up_to_3():
    s = duel("M13")
    defend(s, "Into Thin Air")
    s.expect("effect_destination").choose("M01")
    s.expect("token_destination")
    assert s.pending.player == 1
    pick(s, "token_destination", "M21")
    assert fog(s) == {"M21"}


def test_coded_notes_draws_3_and_puts_2_on_top():
    s = duel()
    defend(s, "Coded Notes")
    s.expect("effect_put_on_deck")
    first = s.pending.options[0]
    s.game.answer(first)
    s.expect("effect_put_on_deck")
    second = s.pending.options[0]
    s.game.answer(second)
    assert s.game.players[0].deck[-1] == second and s.game.players[0].deck[-2] == first


# ---------------------------------------------------------------- schemes
def test_reign_of_terror_deals_2_to_any_opposing_fighter_from_fog():
    s = duel("M02")
    s.place(GENIE, "M31")
    s.hand(0, "Reign of Terror")
    s.begin_turn(0)
    scheme(s, "Reign of Terror")
    assert lost(s) == 2


def test_reign_of_terror_does_nothing_off_fog():
    s = duel()
    s.hand(0, "Reign of Terror")
    s.begin_turn(0)
    scheme(s, "Reign of Terror")
    assert lost(s) == 0


def test_vanish_as_the_first_action_ends_the_turn_and_he_returns_next_turn():
    s = duel().health(IM, 10)
    s.hand(0, "Vanish", "Rolling Fog")
    s.begin_turn(0)
    scheme(s, "Vanish")
    assert s.f(IM).health == 11 and not s.f(IM).on_board and s.f(IM).alive
    assert s.events("turn_ended")
    genie_turn(s)
    while s.pending is not None and s.pending.player == 1:
        s.game.answer(s.pending.options[0])
    pick(s, "return_space", "M31")
    assert s.f(IM).on_board and s.f(IM).space == s.space("M31")


def test_vanish_as_the_second_action_does_not_end_the_turn_early():
    s = duel()
    s.hand(0, "Vanish", "Rolling Fog")
    place_token(s.game, 0, "fog", s.space("M13"))
    s.begin_turn(0)
    s.choose("maneuver").choose(None).choose("M02")
    scheme(s, "Vanish")
    assert not s.events("turn_ended") and not s.f(IM).on_board


def test_step_lightly_deals_1_or_3_on_fog_then_the_opponent_moves_a_token_up_to_2():
    s = duel("M13")
    s.hand(0, "Step Lightly")
    s.begin_turn(0)
    scheme(s, "Step Lightly")
    assert lost(s) == 1
    s.expect("token_destination")
    assert s.pending.player == 1
    s = duel("M02")
    s.hand(0, "Step Lightly")
    s.begin_turn(0)
    scheme(s, "Step Lightly")
    assert lost(s) == 3


def test_rolling_fog_moves_a_token_anywhere_and_gains_an_action():
    s = duel("M13")
    s.hand(0, "Rolling Fog")
    s.begin_turn(0)
    scheme(s, "Rolling Fog")
    pick(s, "token_destination", "M31")
    assert fog(s) == {"M31"} and [e["player"] for e in s.events("gain_action")] == [0]


def test_token_destinations_never_stack_fog():
    s = duel("M13", "M07")
    assert s.space("M07") not in token_destinations(s.game, 0, "fog", s.space("M13"))


# ---------------------------------------------------------------- formats
def test_plays_whole_games_in_a_duel_a_free_for_all_and_a_team_game():
    for seed in range(3):
        assert play_random(("invisible_man", "genie"), seed=seed).over
        assert play_random(("invisible_man", "alice", "medusa"), FreeForAll(3), seed=seed).over
        assert play_random(("invisible_man", "sinbad", "genie", "houdini"), Teams(4), seed=seed).over


# ---------------------------------------------------------------- tokens on spaces (board_features)
def test_a_token_walks_up_to_n_steps_over_fighters_and_may_be_kept_off_fighters():
    s = duel("M01")
    near = {s.board.labels[x] for x in token_destinations(s.game, 0, "fog", s.space("M01"), 2)}
    assert near == {"M02", "M07", "M03", "M13", "M08"}        # over the Invisible Man on M02
    empty = {s.board.labels[x] for x in token_destinations(s.game, 0, "fog", s.space("M01"), 2, empty_only=True)}
    assert empty == near - {"M02", "M03"}


def test_moving_a_token_logs_who_moved_it_and_from_where():
    from unmatched_sim.engine.board_features import move_token
    s = duel("M13")
    move_token(s.game, 0, "fog", s.space("M13"), s.space("M31"), mover=1)
    e = s.events("token_moved")[-1]
    assert e["player"] == 1 and e["space"] == "M31" and e["value"] == s.space("M13") and e["detail"] == "fog"


def test_a_game_copy_keeps_the_tokens_apart():
    s = duel("M13")
    copy = s.game.clone()
    from unmatched_sim.engine.board_features import move_token
    move_token(copy, 0, "fog", s.space("M13"), s.space("M31"))
    assert fog(s) == {"M13"} and token_spaces(copy, 0, "fog") == (s.space("M31"),)
