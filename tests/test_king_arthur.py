"""King Arthur (Battle of Legends, Volume One): the face-down BOOST of his attacks, Merlin, and
every card. Seat 0 is King Arthur, seat 1 the Genie, on Marmoreal."""

from __future__ import annotations

import random

from tests.bol1_play import play_random
from tests.scenario import Scenario
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.determinize import FACE_DOWN_EXTRA, determinize, hidden_cards
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.state import ATTACKER
from unmatched_sim.engine.view import PlayerView

ARTHUR = "King Arthur"


def duel(merlin: str | None = None) -> Scenario:
    """King Arthur on M02 next to the Genie on M03; Merlin where given (else off the board).
    Arthur holds a spare scheme so his action decision is a real choice."""
    s = Scenario("king_arthur", "genie")
    s.hand(0, "The Lady of the Lake")
    s.place(ARTHUR, "M02").place("The Genie", "M03")
    if merlin:
        s.place("Merlin", merlin)
    return s


def attack(s: Scenario, card: str, boost: str | None = None, defense: str | None = None,
           attacker: str = ARTHUR) -> Scenario:
    """Begin Arthur's turn and attack the Genie with ``card``; ``boost`` is put face down by
    the ability (None: declined, when offered)."""
    s.hand(0, card)
    if boost:
        s.hand(0, boost)
    if defense:
        s.hand(1, defense)
    s.begin_turn(0).choose("attack")
    if s.pending.kind == "attack_target":
        s.choose((attacker, "The Genie"))
    if s.pending.kind == "attack_card":
        s.choose(card)
    if s.pending is not None and s.pending.kind == "arthur_boost":
        s.choose(boost)
    if s.pending is not None and s.pending.kind == "defense_card":
        s.choose(defense)
    return s


def in_hand(s: Scenario, name: str, seat: int = 0) -> int:
    return next(c for c in s.game.players[seat].hand if s.game.card(c).name == name)


def scheme(s: Scenario, card: str, fighter: str) -> Scenario:
    """From the action decision: play the copy of ``card`` in hand as a scheme by ``fighter``."""
    return s.choose("scheme").choose((in_hand(s, card), s.fighter(fighter)))


def genie_lost(s: Scenario) -> int:
    g = s.f("The Genie")
    return g.max_health - g.health


def drawn(s: Scenario, seat: int = 0) -> int:
    return len([e for e in s.events("draw") if e["player"] == seat])


def result(s: Scenario) -> str:
    return s.events("combat_result")[0]["detail"]


# ============================================================================ hero
def test_king_arthur_has_18_health_move_2_melee_and_a_ranged_merlin_at_7():
    h = find_hero("king_arthur")
    assert (h.hero.health, h.move, h.hero.ranged) == (18, 2, False)
    (merlin,) = h.sidekicks
    assert (merlin.name, merlin.count, merlin.health, merlin.ranged) == ("Merlin", 1, 7, True)
    assert h.deck_size == 30


# ============================================================================ the face-down BOOST
def test_arthur_may_boost_his_attack_face_down_before_the_defender_chooses():
    s = duel()
    s.hand(0, "Excalibur", "Swift Strike")
    s.hand(1, "Feint")
    s.begin_turn(0).choose("attack").choose("Excalibur")
    s.expect("arthur_boost")
    assert set(s.options()) == {None, "Swift Strike", "The Lady of the Lake"}
    s.choose("Swift Strike")
    s.expect("defense_card")                     # the defender chooses after the boost
    g = s.game
    boost = g.combat.extra[FACE_DOWN_EXTRA]
    assert len(boost) == 1 and g.card(boost[0]).name == "Swift Strike"
    assert "Swift Strike" not in s.hand_names(0)
    s.choose(None)
    assert result(s) == "8-0"                    # Excalibur 6 + BOOST 2
    assert genie_lost(s) == 8
    (rev,) = [e for e in s.events("boost") if e["detail"] == "face_down"]
    assert rev["card"] == "Swift Strike" and rev["amount"] == 2
    assert "Swift Strike" in s.discard_names(0)  # discarded once the combat is over
    assert not s.game.in_play


def test_the_face_down_boost_is_hidden_from_the_defender_until_the_reveal():
    s = duel()
    s.hand(0, "Excalibur", "Swift Strike")
    s.hand(1, "Feint")
    s.begin_turn(0).choose("attack").choose("Excalibur").choose("Swift Strike")
    s.expect("defense_card")
    g = s.game
    (boost,) = g.combat.extra[FACE_DOWN_EXTRA]
    view = PlayerView(g, 1)
    assert view.combat_cards() == (None, None)
    assert view.combat_value(ATTACKER) is None
    unseen = [d.name for d in view.unseen_opponent_cards(0)]
    assert unseen.count("Swift Strike") == 2     # both copies still unseen: one is face down
    assert boost in hidden_cards(g, 1)["attack_card"]
    assert all(boost not in (v for v in d.values() if isinstance(v, int)) for d in [g.pending.info])
    # determinization deals the face-down card again, from cards that can BOOST
    seen = set()
    for k in range(25):
        d = determinize(g, 1, random.Random(k))
        (x,) = d.combat.extra[FACE_DOWN_EXTRA]
        assert x in d.in_play and d.card(x).boost is not None and d.cards[x].owner == 0
        seen.add(x)
    assert len(seen) > 1
    # the attacker knows it
    assert PlayerView(g, 0).combat_value(ATTACKER) == 6 + 2


def test_the_boost_may_be_declined():
    s = duel()
    attack(s, "Excalibur", None)
    assert result(s) == "6-0"
    assert not s.events("face_down_boost")


def test_a_cancelled_attack_card_discards_the_boost_without_effect():
    s = duel()
    attack(s, "Excalibur", "Swift Strike", "Feint")
    assert result(s) == "6-2"                    # no BOOST
    (gone,) = s.events("boost_cancelled")
    assert gone["card"] == "Swift Strike"
    assert "Swift Strike" in s.discard_names(0)


def test_merlins_attacks_are_not_boosted_by_the_ability():
    s = duel(merlin="M04")
    s.place(ARTHUR, "M28").place("The Genie", "M05")
    s.hand(0, "Aid the Chosen One", "Swift Strike")
    s.begin_turn(0).choose("attack")
    while s.pending.kind in ("attack_target", "attack_card"):
        s.game.answer(s.pending.options[0])
    assert s.pending is None or s.pending.kind != "arthur_boost"
    assert not s.events("face_down_boost")


def test_noble_sacrifice_adds_a_second_boost_to_the_face_down_one():
    s = duel()
    s.hand(0, "Regroup")
    attack(s, "Noble Sacrifice", "Swift Strike")
    s.expect("combat_boost").choose("Regroup")
    assert result(s) == "5-0"                    # 2 + face-down 2 + Regroup 1
    assert genie_lost(s) == 5


# ============================================================================ cards
def test_skirmish_when_won_moves_a_combatant_up_to_2():
    s = duel()
    attack(s, "Skirmish")
    s.expect("effect_fighter").choose("The Genie")
    s.expect("effect_destination").choose("M05")
    assert s.f("The Genie").space == s.space("M05")


def test_excalibur_is_worth_6():
    s = duel()
    attack(s, "Excalibur")
    assert result(s) == "6-0"


def test_the_aid_of_morgana_draws_2():
    s = duel()
    attack(s, "The Aid of Morgana")
    assert drawn(s) == 2


def test_divine_intervention_moves_king_arthur_up_to_5():
    s = duel()
    attack(s, "Divine Intervention")
    s.expect("effect_destination")
    assert s.can_choose("M21") and not s.can_choose("M25")   # M02-M01-M07-M13-M20-M21: 5
    s.choose("M20")
    assert s.f(ARTHUR).space == s.space("M20")


def _grail(health: int, attack_card: str = "Careful What You Wish For") -> Scenario:
    s = duel().health(ARTHUR, health)
    s.hand(0, "The Holy Grail")
    s.hand(1, attack_card)
    s.begin_turn(1)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    return s.attack("The Genie", ARTHUR, attack_card, "The Holy Grail")


def test_the_holy_grail_sets_arthur_to_8_at_4_health_or_less():
    s = _grail(7)                                # 4 - 1 = 3 damage: 4 left
    assert s.f(ARTHUR).health == 8
    assert s.events("set_health")


def test_the_holy_grail_does_nothing_above_4_health():
    s = _grail(9)
    assert s.f(ARTHUR).health == 6
    assert not s.events("set_health")


def test_the_holy_grail_cannot_save_a_defeated_arthur():
    s = _grail(2)
    assert not s.f(ARTHUR).alive and s.game.over


def test_the_lady_of_the_lake_finds_excalibur_in_the_deck_and_shuffles_it():
    s = duel()
    s.begin_turn(0).choose("scheme")
    assert "Excalibur" in s.hand_names(0)
    assert s.events("search_found")[0]["detail"] == "deck"
    assert s.events("shuffle")


def test_the_lady_of_the_lake_may_take_excalibur_from_the_discard_pile():
    s = duel()
    s.discard_pile(0, "Excalibur")
    s.begin_turn(0).choose("scheme")
    assert "Excalibur" in s.hand_names(0)
    assert s.events("search_found")[0]["detail"] == "discard"


def test_prophecy_looks_at_4_keeps_2_and_puts_2_back_on_top():
    s = duel(merlin="M04")
    s.hand(0, "Prophecy")
    s.deck_top(0, "Skirmish", "Regroup", "Feint", "Excalibur")
    scheme(s.begin_turn(0), "Prophecy", "Merlin")
    s.expect("deck_to_hand").choose("Excalibur")
    s.expect("deck_to_hand").choose("Skirmish")
    s.expect("deck_order").choose("Feint")
    assert "Excalibur" in s.hand_names(0) and "Skirmish" in s.hand_names(0)
    top = [s.game.card(c).name for c in s.game.players[0].deck[-2:]]
    assert top == ["Regroup", "Feint"]           # Feint on top
    assert s.game.players[0].deck_top_known == 2


def test_bewilderment_prevents_all_damage_to_merlin_then_may_place_him():
    s = duel(merlin="M04")
    s.place("The Genie", "M05")
    s.hand(0, "Bewilderment")
    s.hand(1, "Careful What You Wish For")
    s.begin_turn(1)
    if s.pending.kind == "ability_discard_for_action":
        s.choose(None)
    s.attack("The Genie", "Merlin", "Careful What You Wish For", "Bewilderment")
    s.expect("effect_may").choose(True)
    s.expect("effect_destination").choose("M28")
    assert s.f("Merlin").health == 7
    assert s.events("damage_prevented")
    assert s.f("Merlin").space == s.space("M28")


def test_aid_the_chosen_one_draws_2_when_won():
    s = duel(merlin="M04")
    s.place(ARTHUR, "M28").place("The Genie", "M05")
    attack(s, "Aid the Chosen One", attacker="Merlin")
    assert drawn(s) == 2


def test_restless_spirits_hits_opposing_fighters_on_two_spaces_and_draws_if_one_falls():
    s = Scenario("king_arthur", "houdini")
    s.hand(0, "Restless Spirits", "The Lady of the Lake")
    s.place(ARTHUR, "M20").place("Merlin", "M10")
    s.place("Houdini", "M11").place("Bess", "M12")
    s.health("Bess", 2)
    scheme(s.begin_turn(0), "Restless Spirits", "Merlin")
    s.expect("effect_space")
    assert s.pending.info["step"] == "first"
    s.game.answer(s.space("M11"))
    s.expect("effect_space")
    assert set(s.pending.options) == {s.space(x) for x in ("M10", "M12", "M19")}
    s.game.answer(s.space("M12"))
    assert s.f("Houdini").health == s.f("Houdini").max_health - 2
    assert not s.f("Bess").alive
    assert drawn(s) == 1


def test_restless_spirits_spares_friendly_fighters_and_draws_nothing_without_a_defeat():
    s = duel(merlin="M10")
    s.hand(0, "Restless Spirits")
    s.place("The Genie", "M11")
    s.place(ARTHUR, "M19")
    scheme(s.begin_turn(0), "Restless Spirits", "Merlin")
    s.game.answer(s.space("M11"))
    s.game.answer(s.space("M19"))
    assert s.f(ARTHUR).health == 18 and genie_lost(s) == 2
    assert drawn(s) == 0


def test_command_the_storms_moves_every_fighter_opposing_ones_too():
    s = duel(merlin="M10")
    s.hand(0, "Command the Storms")
    scheme(s.begin_turn(0), "Command the Storms", "Merlin")
    s.expect("effect_move_order")
    assert set(s.options()) == {ARTHUR, "Merlin", "The Genie"}
    s.choose("The Genie").expect("effect_destination").choose("M06")
    assert s.f("The Genie").space == s.space("M06")


def test_swift_strike_moves_the_attacker_up_to_4():
    s = duel()
    attack(s, "Swift Strike")
    s.expect("effect_destination").choose("M20")
    assert s.f(ARTHUR).space == s.space("M20")


def test_momentous_shift_is_worth_5_after_a_move():
    s = duel()
    s.place(ARTHUR, "M01")
    s.hand(0, "Momentous Shift")
    s.deck_top(0, "Prophecy")                    # the maneuver draws a scheme
    s.begin_turn(0).choose("maneuver").choose(None).choose("M02")
    s.choose("attack")
    if s.pending.kind == "arthur_boost":
        s.choose(None)
    assert result(s) == "5-0"


def test_feint_cancels_the_opponents_card():
    s = duel()
    s.hand(0, "Feint")
    s.hand(1, "Prisoner's Torment")
    attack(s, "Excalibur", None, "Feint")
    assert s.events("cancel")[0]["card"] == "Excalibur"


def test_regroup_draws_2_when_won():
    s = duel()
    attack(s, "Regroup")
    assert drawn(s) == 2


# ============================================================================ formats
def test_king_arthur_plays_a_three_player_free_for_all_to_the_end():
    g = play_random(("king_arthur", "medusa", "genie"), FreeForAll(3), seed=6)
    assert g.over


def test_king_arthur_plays_a_two_against_two_team_game_to_the_end():
    g = play_random(("king_arthur", "sinbad", "medusa", "pandora"), Teams(4), seed=7)
    assert g.over


def test_the_ai_aims_restless_spirits_at_the_foes_it_can_defeat():
    import random as _random

    from unmatched_sim.policies import make_policy
    s = Scenario("king_arthur", "houdini")
    s.hand(0, "Restless Spirits", "The Lady of the Lake")
    s.place(ARTHUR, "M20").place("Merlin", "M10")
    s.place("Houdini", "M19").place("Bess", "M12")
    s.health("Bess", 2)
    scheme(s.begin_turn(0), "Restless Spirits", "Merlin")
    for name in ("greedy", "heuristic", "tuned"):
        pick = make_policy(name, _random.Random(0)).choose(PlayerView(s.game, 0), s.pending)
        assert s.board.labels[pick] in ("M11", "M12", "M19")      # Bess and Houdini side by side
    s.game.answer(s.space("M11"))
    pick = make_policy("greedy", _random.Random(0)).choose(PlayerView(s.game, 0), s.pending)
    assert s.board.labels[pick] == "M12"                          # Bess falls to 2 damage


def test_a_defeated_merlins_card_may_still_boost_arthurs_attack_face_down():
    """The Vol. 1 guide: a card of an already defeated fighter may still be discarded to BOOST."""
    s = duel()
    s.remove("Merlin")
    s.hand(0, "Excalibur", "Bewilderment")
    s.begin_turn(0).choose("attack")                    # Excalibur, his only attack card
    s.expect("arthur_boost").choose("Bewilderment")
    assert result(s) == "8-0"


def test_restless_spirits_in_a_team_game_spares_the_teammate():
    from unmatched_sim.data.catalog import find_board
    from unmatched_sim.engine.game import Game
    g = Game(find_board("marmoreal"), tuple(find_hero(h) for h in ("king_arthur", "genie", "sinbad", "houdini")),
             seed=0, fmt=Teams(4))
    arthur, merlin = g.players[0].fighters[:2]
    sin, gen = g.players[2].fighters[0], g.players[1].fighters[0]
    b = g.board.index
    g.place(arthur, b["M28"]); g.place(merlin, b["M10"])
    g.place(sin, b["M11"]); g.place(gen, b["M12"])
    g.place(g.players[3].fighters[0], b["M31"])
    from unmatched_sim.engine.state import SCHEME_ROLE, Ctx
    cid = next(c for c in g.players[0].deck if g.card(c).name == "Restless Spirits")
    g.run_effects(g.card(cid).effects["effect"], Ctx(0, cid, SCHEME_ROLE, merlin))
    g.run()
    g.answer(b["M11"])
    g.answer(b["M12"])
    assert g.fighters[sin].health == g.fighters[sin].max_health      # teammate unhurt
    assert g.fighters[gen].health == g.fighters[gen].max_health - 2
