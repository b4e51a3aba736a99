"""Hamlet (Slings and Arrows): The Question and every card of the deck, one rule per test.
Seat 0 is Hamlet with Rosencrantz & Guildenstern ("R&G"); the opponent is Chupacabra (14 health,
no sidekick) unless said otherwise. Board: Marmoreal — M10 is adjacent to M11, M15, M18 and
M19; M11 to M10, M12 and M19; M10/M11/M15/M19 share the green+blue zones.
"""

from __future__ import annotations


from tests.scenario import play_random, Scenario
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine import steps as S
from unmatched_sim.engine.view import PlayerView

RG = "Rosencrantz & Guildenstern"
SPARE = "The Ghost"      # kept in hand so the next action is a real choice


def vs_chupa(hamlet: str = "M10", chupa: str = "M11", rg: str | None = "M28") -> Scenario:
    s = Scenario("hamlet", "chupacabra").place("Hamlet", hamlet).place("Chupacabra", chupa)
    return s.place(RG, rg) if rg else s.remove(RG)


def hamlet_turn(s: Scenario, side: str = "to_be", hurt: str | None = None) -> Scenario:
    s.begin_turn(0)
    s.expect("question_side").choose(side)
    if hurt is not None:
        s.expect("question_damage").choose(hurt)
    return s


def chupa_turn(s: Scenario) -> Scenario:
    return s.begin_turn(1)


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


# ============================================================ the hero file
def test_hamlet_has_15_health_rg_6_move_2_melee_and_30_cards():
    h = find_hero("hamlet")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (15, 2, False, 30)
    assert [(sk.name, sk.health, sk.ranged, sk.count) for sk in h.sidekicks] == [(RG, 6, False, 1)]
    counts = {c.name: (c.type, c.value, c.boost, c.copies, None if c.users is None else sorted(c.users))
              for c in h.cards}
    assert counts == {
        "To Sleep, Perchance to Dream": ("attack", 3, 2, 3, None),
        "Uncertain Doom": ("attack", 2, 3, 3, None),
        "Cruel to Be Kind": ("attack", 2, 4, 2, ["Hamlet"]),
        "Nothing Either Good or Bad": ("defense", 2, 1, 3, None),
        "The Rest Is Silence": ("defense", 2, 3, 2, ["Hamlet"]),
        "Maddening Insight": ("defense", 0, 1, 2, None),
        "The Play's the Thing": ("versatile", 3, 2, 3, None),
        "The Readiness Is All": ("versatile", 2, 2, 2, None),
        "Blood Will Have Blood": ("versatile", 2, 1, 3, ["Hamlet"]),
        "Outrageous Fortune": ("versatile", 1, 2, 2, ["Hamlet"]),
        "The Ghost": ("scheme", None, 1, 2, ["Hamlet"]),
        "Method in the Madness": ("scheme", None, 3, 3, ["Hamlet"]),
    }


# ============================================================ The Question
def test_question_is_asked_at_the_start_of_each_turn_either_side_allowed():
    s = vs_chupa().hand(0, SPARE)
    s.begin_turn(0)
    s.expect("question_side")
    assert s.pending.player == 0 and set(s.pending.options) == {"to_be", "not_to_be"}
    s.choose("to_be")
    assert s.game.players[0].res["question"] == "to_be"
    assert [e["detail"] for e in s.events("question")] == ["to_be"]
    # the next turn: the same side may be chosen again
    s.game.players[0].res["question"] = "to_be"
    s2 = vs_chupa().hand(0, SPARE)
    s2.game.players[0].res["question"] = "to_be"
    s2.begin_turn(0)
    assert "to_be" in s2.pending.options


def test_to_be_draws_one_more_card_on_each_maneuver():
    s = vs_chupa().hand(0, SPARE).deck_top(0, "Uncertain Doom", "Cruel to Be Kind", "The Ghost")
    hamlet_turn(s, "to_be")
    s.choose("maneuver")
    assert s.hand_names(0) == sorted([SPARE, "Uncertain Doom", "Cruel to Be Kind"])
    assert len(s.events("draw")) == 2


def test_not_to_be_draws_only_one_card_on_a_maneuver():
    s = vs_chupa().hand(0, SPARE).deck_top(0, "Uncertain Doom", "Cruel to Be Kind")
    hamlet_turn(s, "not_to_be", RG)
    s.choose("maneuver")
    assert s.hand_names(0) == sorted([SPARE, "Uncertain Doom"])


def test_not_to_be_deals_2_damage_to_a_fighter_of_your_choice():
    s = vs_chupa().hand(0, SPARE)
    s.begin_turn(0)
    s.expect("question_side").choose("not_to_be")
    s.expect("question_damage")
    assert {s.game.fighters[o].name for o in s.pending.options} == {"Hamlet", RG}
    s.choose("Hamlet")
    assert s.f("Hamlet").health == 13 and s.f(RG).health == 6
    assert [(e["fighter"], e["amount"], e["detail"]) for e in s.events("damage")] == [("Hamlet", 2, "ability")]


def test_not_to_be_damage_is_logged_as_hamlets_own_doing():
    """The log names Hamlet as the cause (the analysis counts it as self-inflicted, not as
    damage his opponent dealt), whichever of his fighters takes it."""
    for victim in ("Hamlet", RG):
        s = vs_chupa().hand(0, SPARE)
        s.begin_turn(0)
        s.expect("question_side").choose("not_to_be")
        s.expect("question_damage").choose(victim)
        (dmg,) = s.events("damage")
        assert (dmg["fighter"], dmg["by_player"], dmg["by_fighter"]) == (victim, 0, "Hamlet")


def test_not_to_be_adds_2_to_hamlets_attacks():
    s = vs_chupa().hand(0, "Uncertain Doom", SPARE)
    hamlet_turn(s, "not_to_be", RG)
    s.attack("Hamlet", "Chupacabra", "Uncertain Doom", None)
    assert combat(s) == "4-0" and s.f("Chupacabra").health == 10


def test_not_to_be_gives_no_bonus_to_rosencrantz_and_guildenstern():
    s = vs_chupa(hamlet="M04", rg="M10").hand(0, "Uncertain Doom", SPARE)
    hamlet_turn(s, "not_to_be", "Hamlet")
    s.attack(RG, "Chupacabra", "Uncertain Doom", None)
    assert combat(s) == "2-0"


def test_to_be_gives_no_attack_bonus():
    s = vs_chupa().hand(0, "Uncertain Doom", SPARE)
    hamlet_turn(s, "to_be")
    s.attack("Hamlet", "Chupacabra", "Uncertain Doom", None)
    assert combat(s) == "2-0"


def test_not_to_be_damage_can_defeat_the_sidekick():
    s = vs_chupa().hand(0, SPARE).health(RG, 2)
    hamlet_turn(s, "not_to_be", RG)
    assert not s.f(RG).alive


# ============================================================ the cards
def test_to_sleep_perchance_to_dream_moves_the_loser_up_to_the_combat_damage_dealt():
    s = vs_chupa().hand(0, "To Sleep, Perchance to Dream", SPARE)
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "To Sleep, Perchance to Dream", None)   # 3 damage
    s.expect("effect_destination")
    opts = {s.board.labels[o] for o in s.pending.options}
    assert opts == {s.board.labels[x] for x in s.game.reachable(s.fighter("Chupacabra"), 3)}
    assert "M05" in opts and "M04" not in opts      # 3 steps M11-M12-M06-M05, not 4
    s.choose("M06")
    assert s.f("Chupacabra").space == s.space("M06")


def test_to_sleep_perchance_to_dream_distance_follows_the_damage_actually_dealt():
    s = vs_chupa().hand(0, "To Sleep, Perchance to Dream", SPARE).hand(1, "Feint")
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "To Sleep, Perchance to Dream", "Feint")  # Feint cancels nothing
    # Feint cancels the after-combat effect: nothing moves
    assert s.events("move") == []
    s2 = vs_chupa().hand(0, "To Sleep, Perchance to Dream", SPARE).hand(1, "Wounded Beast")
    hamlet_turn(s2)
    s2.attack("Hamlet", "Chupacabra", "To Sleep, Perchance to Dream", "Wounded Beast")  # 3 vs 3
    assert combat(s2) == "3-3" and s2.events("move") == []


def test_to_sleep_perchance_to_dream_heals_hamlet_1_when_lost_even_played_by_rg():
    s = vs_chupa(hamlet="M04", rg="M10").hand(0, "To Sleep, Perchance to Dream", SPARE)
    s.hand(1, "Natural Toughness").health("Hamlet", 10)
    hamlet_turn(s)
    s.attack(RG, "Chupacabra", "To Sleep, Perchance to Dream", "Natural Toughness")
    assert combat(s) == "3-3"
    assert s.f("Hamlet").health == 11 and [e["fighter"] for e in s.events("recover")] == ["Hamlet"]


def test_uncertain_doom_ignores_a_versatile_defense():
    s = vs_chupa().hand(0, "Uncertain Doom", SPARE).hand(1, "Ravenous Lunge")
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "Uncertain Doom", "Ravenous Lunge")
    assert combat(s) == "2-0"


def test_uncertain_doom_does_not_ignore_a_pure_defense_card():
    s = vs_chupa().hand(0, "Uncertain Doom", SPARE).hand(1, "Natural Toughness")
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "Uncertain Doom", "Natural Toughness")
    assert combat(s) == "2-3"


def test_cruel_to_be_kind_may_be_boosted():
    s = vs_chupa().hand(0, "Cruel to Be Kind", "Method in the Madness", SPARE)
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "Cruel to Be Kind", None)
    s.expect("combat_boost").choose("Method in the Madness")
    assert combat(s) == "5-0"


def test_nothing_either_good_or_bad_hurts_a_versatile_attacker():
    s = vs_chupa().hand(0, "Nothing Either Good or Bad").hand(1, "Ravenous Lunge")
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Ravenous Lunge", "Nothing Either Good or Bad")
    assert ("Chupacabra", 2, "card") in [(e["fighter"], e["amount"], e["detail"]) for e in s.events("damage")]


def test_nothing_either_good_or_bad_ignores_a_pure_attack_card():
    s = vs_chupa().hand(0, "Nothing Either Good or Bad").hand(1, "Feeding")
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Feeding", "Nothing Either Good or Bad")
    assert [e["fighter"] for e in s.events("damage")] == ["Hamlet"]


def test_the_rest_is_silence_ends_the_attackers_turn():
    """Chupacabra attacks with its first action and Ravenous Lunge: the defender's The Rest Is
    Silence resolves first and ends the turn, so the Lunge's healing (an after-combat effect
    still waiting), The Hunger (after attacking) and the second action never happen; both
    cards are still cleaned up. Then it is Hamlet's turn."""
    s = vs_chupa().hand(0, "The Rest Is Silence").hand(1, "Ravenous Lunge", "Feeding").health("Chupacabra", 10)
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Ravenous Lunge", "The Rest Is Silence")
    assert combat(s) == "3-2"
    assert s.events("recover") == [] and s.events("ability") == []
    assert s.events("turn_ended") and s.events("turn_ended")[0]["player"] == 1
    assert s.discard_names(0) == ["The Rest Is Silence"] and s.discard_names(1) == ["Ravenous Lunge"]
    s.expect("question_side")
    assert s.pending.player == 0 and s.game.active == 0
    assert [e["detail"] for e in s.events("action")] == ["attack"]


def test_the_rest_is_silence_still_runs_end_of_turn_and_hand_limit():
    s = vs_chupa().hand(0, "The Rest Is Silence").hand(1, "Feeding", *["Ambush"] * 2,
                                                        *["Feint"] * 3, "Natural Toughness", "Unsettle",
                                                        "Wounded Beast")
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Feeding", "The Rest Is Silence")
    s.expect("hand_limit_discard")        # 9 cards left after playing one: discard 1
    assert s.pending.player == 1


def test_maddening_insight_is_worth_the_cards_in_hand():
    s = vs_chupa().hand(0, "Maddening Insight", "The Ghost", "The Ghost", "Uncertain Doom").hand(1, "Feeding")
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Feeding", "Maddening Insight")
    assert combat(s) == "4-3"           # three cards left in hand once it is played


def test_maddening_insight_makes_the_opponent_discard_when_won():
    s = vs_chupa().hand(0, "Maddening Insight", *["Uncertain Doom"] * 3, "The Ghost").hand(1, "Feeding", "Unsettle", "Feint")
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Feeding", "Maddening Insight")
    assert combat(s) == "4-4"
    assert s.pending.player == 1 and s.pending.kind == "effect_discard"   # their choice
    s.choose("Unsettle")
    assert s.discard_names(1) == ["Feeding", "Unsettle"] and s.hand_names(1) == ["Feint"]


def test_the_plays_the_thing_random_discard_heals_its_boost_when_won():
    s = vs_chupa().hand(0, "The Play's the Thing", SPARE).hand(1, "Traveler of the Night").health("Hamlet", 10)
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "The Play's the Thing", None)
    assert s.discard_names(1) == ["Traveler of the Night"]
    assert [e["detail"] for e in s.events("discard")] == ["opponent_effect"]
    assert s.f("Hamlet").health == 13            # Traveler of the Night has BOOST 3


def test_the_plays_the_thing_discards_but_does_not_heal_when_lost():
    s = vs_chupa().hand(0, "The Play's the Thing").hand(1, "Feeding", "Traveler of the Night").health("Hamlet", 10)
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Feeding", "The Play's the Thing")
    assert combat(s) == "4-3"
    assert "Traveler of the Night" in s.discard_names(1)
    assert s.f("Hamlet").health == 9 and s.events("recover") == []


def test_the_readiness_is_all_places_a_combatant_who_cannot_leave_this_turn():
    s = vs_chupa().hand(0, "The Readiness Is All", SPARE).deck_top(0, "Uncertain Doom", "Uncertain Doom")
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "The Readiness Is All", None)
    s.expect("effect_fighter").choose("Chupacabra")
    s.expect("effect_destination").choose("M31")
    chupa = s.fighter("Chupacabra")
    assert s.f("Chupacabra").space == s.space("M31")
    assert s.game.reachable(chupa, 3) == [s.space("M31")]
    # Hamlet himself can still move
    assert s.space("M15") in s.game.reachable(s.fighter("Hamlet"), 2)
    s.game.pending = None
    S._pass_turn(s.game, 0)               # the turn ends: the hold lapses
    assert s.game.lasting == () and not s.game.held(chupa)


def test_the_readiness_is_all_may_place_hamlet_himself():
    s = vs_chupa().hand(0, "The Readiness Is All", SPARE)
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "The Readiness Is All", None)
    s.expect("effect_fighter").choose("Hamlet")
    s.expect("effect_destination").choose("M01")
    assert s.f("Hamlet").space == s.space("M01")
    assert s.game.held(s.fighter("Hamlet")) and not s.game.held(s.fighter("Chupacabra"))


def test_blood_will_have_blood_hurts_when_hamlet_took_damage_this_turn():
    s = vs_chupa().hand(0, "Blood Will Have Blood", SPARE).hand(1, "Natural Toughness")
    hamlet_turn(s, "not_to_be", "Hamlet")
    s.attack("Hamlet", "Chupacabra", "Blood Will Have Blood", "Natural Toughness")
    assert combat(s) == "4-3"
    effect = [e for e in s.events("damage") if e["detail"] == "card"]
    assert [(e["fighter"], e["amount"]) for e in effect] == [("Chupacabra", 1)]


def test_blood_will_have_blood_does_nothing_if_hamlet_is_unhurt_this_turn():
    s = vs_chupa().hand(0, "Blood Will Have Blood", SPARE).health("Hamlet", 5)
    hamlet_turn(s, "not_to_be", RG)          # the sidekick took it, not Hamlet
    s.attack("Hamlet", "Chupacabra", "Blood Will Have Blood", None)
    assert [e["detail"] for e in s.events("damage") if e["fighter"] == "Chupacabra"] == ["combat"]


def test_blood_will_have_blood_counts_damage_taken_on_the_opponents_turn_this_turn():
    s = vs_chupa().hand(0, "Blood Will Have Blood").hand(1, "Feeding")
    chupa_turn(s)
    s.attack("Chupacabra", "Hamlet", "Feeding", "Blood Will Have Blood")   # Hamlet takes 2
    assert ("Chupacabra", 1) in [(e["fighter"], e["amount"]) for e in s.events("damage")]


def test_outrageous_fortune_adds_the_boost_of_the_discarded_top_card():
    s = vs_chupa().hand(0, "Outrageous Fortune", SPARE).deck_top(0, "Cruel to Be Kind")
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "Outrageous Fortune", None)
    assert combat(s) == "5-0"                         # 1 + BOOST 4
    assert "Cruel to Be Kind" in s.discard_names(0) and "Cruel to Be Kind" not in s.hand_names(0)


def test_outrageous_fortune_returns_the_discarded_card_when_lost():
    s = vs_chupa().hand(0, "Outrageous Fortune", SPARE).deck_top(0, "The Ghost").hand(1, "Natural Toughness")
    hamlet_turn(s)
    s.attack("Hamlet", "Chupacabra", "Outrageous Fortune", "Natural Toughness")
    assert combat(s) == "2-3"
    assert s.hand_names(0) == ["The Ghost", "The Ghost"]
    assert s.discard_names(0) == ["Outrageous Fortune"]
    assert [e["card"] for e in s.events("return_to_hand")] == ["The Ghost"]


def test_the_ghost_heals_hamlet_2():
    s = vs_chupa().hand(0, "The Ghost", SPARE).health("Hamlet", 10)
    hamlet_turn(s)
    s.choose("scheme").expect("scheme_card")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "The Ghost"))
    s.expect("effect_mode").choose("recover")
    assert s.f("Hamlet").health == 12


def test_the_ghost_places_hamlet_in_his_zone_and_gains_an_action():
    s = vs_chupa().hand(0, "The Ghost", SPARE)
    hamlet_turn(s)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "The Ghost"))
    s.expect("effect_mode").choose("place")
    s.expect("effect_destination")
    zm = s.board.zone_mask
    assert all(zm[o] & zm[s.space("M10")] for o in s.pending.options)
    assert s.space("M31") not in s.pending.options
    s.choose("M15")
    assert s.f("Hamlet").space == s.space("M15")
    assert s.game.players[0].actions == 2 and [e["amount"] for e in s.events("gain_action")] == [1]


def test_method_in_the_madness_puts_cards_under_draws_as_many_and_gains_an_action():
    s = vs_chupa().hand(0, "Method in the Madness", "Uncertain Doom", "Maddening Insight", SPARE)
    s.deck_top(0, "Cruel to Be Kind", "Blood Will Have Blood", "The Ghost")
    hamlet_turn(s)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "Method in the Madness"))
    s.expect("hand_to_bottom").choose("Uncertain Doom")
    s.expect("hand_to_bottom").choose("Maddening Insight")
    s.expect("hand_to_bottom").choose(None)
    s.expect("draw_up_to")
    assert s.pending.options == (2, 1, 0)
    s.choose(2)
    assert s.hand_names(0) == sorted([SPARE, "Cruel to Be Kind", "Blood Will Have Blood"])
    deck = s.game.players[0].deck
    assert [s.game.cards[c].defn.name for c in deck[:2]] == ["Maddening Insight", "Uncertain Doom"]
    assert s.game.players[0].actions == 2
    assert all(e["card"] == "Method in the Madness" for e in s.events("to_deck_bottom"))


def test_method_in_the_madness_may_draw_fewer_or_put_none_under():
    s = vs_chupa().hand(0, "Method in the Madness", "Uncertain Doom", SPARE)
    hamlet_turn(s)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "Method in the Madness"))
    s.expect("hand_to_bottom").choose("Uncertain Doom")
    s.expect("hand_to_bottom").choose(None)
    s.expect("draw_up_to").choose(0)
    assert s.hand_names(0) == [SPARE] and s.game.players[0].actions == 2
    s2 = vs_chupa().hand(0, "Method in the Madness", SPARE)
    hamlet_turn(s2)
    s2.choose("scheme")
    s2.game.answer(next(o for o in s2.pending.options if s2.game.cards[o[0]].defn.name == "Method in the Madness"))
    s2.expect("hand_to_bottom").choose(None)
    assert s2.events("draw") == [] and s2.game.players[0].actions == 2


def test_the_question_is_public_in_the_view():
    s = vs_chupa().hand(0, SPARE)
    hamlet_turn(s, "not_to_be", RG)
    assert PlayerView(s.game, 1).resources(0)["question"] == "not_to_be"


# ============================================================ other formats
def _play_random(fmt, heroes, seed):
    return play_random(heroes, fmt, seed, salt=None)


def test_hamlet_plays_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play_random(FreeForAll(3), ("hamlet", "chupacabra", "genie"), seed)
        assert g.over


def test_hamlet_plays_a_two_versus_two_team_game_to_the_end():
    for seed in range(3):
        g = _play_random(Teams(4), ("hamlet", "chupacabra", "pandora", "houdini"), seed)
        assert g.over
        assert any(e[2] == "question" for e in g.events)


def test_the_rest_is_silence_ends_a_wayward_sisters_turn_before_any_spell():
    """The Sisters' spell comes "after attacking": ending their turn in the combat skips it
    (their played card still goes into the cauldron at cleanup)."""
    from unmatched_sim.hooks.wayward_sisters.cauldron import CAULDRON
    s = Scenario("hamlet", "wayward_sisters").place("Hamlet", "M10").place(RG, "M28")
    s.place("Sister 1", "M11").remove("Sister 2").remove("Sister 3")
    s.hand(0, "The Rest Is Silence").hand(1, "Ward", "Prophecy")
    p = s.game.players[1]
    p.res[CAULDRON] = (s._take_card(1, "Hurly-Burly"),)          # snake + Ward's bat: castable
    s.begin_turn(1)
    s.attack("Sister 1", "Hamlet", "Ward", "The Rest Is Silence")
    assert s.events("turn_ended") and s.events("spell") == []
    assert sorted(s.game.cards[c].defn.name for c in p.res[CAULDRON]) == ["Hurly-Burly", "Ward"]
    assert s.game.active == 0


def test_the_rest_is_silence_still_discards_king_arthurs_face_down_boost():
    """Found by the soak fuzzer: King Arthur's face-down BOOST was discarded by an after-combat
    step, which The Rest Is Silence skips, so the card stayed in play for the rest of the game.
    It is part of the combat's cleanup, which always happens."""
    s = Scenario("hamlet", "king_arthur").place("Hamlet", "M10").place("King Arthur", "M11")
    s.hand(0, "The Rest Is Silence").hand(1, "Excalibur", "Skirmish", "Swift Strike")
    s.begin_turn(1).choose("attack")
    if s.pending.kind == "attack_target":
        s.choose(("King Arthur", "Hamlet"))
    s.choose("Excalibur").expect("arthur_boost").choose("Skirmish")
    s.expect("defense_card").choose("The Rest Is Silence")
    assert s.events("turn_ended")
    assert combat(s) == "7-2"                      # Excalibur 6 + Skirmish's BOOST 1
    assert not s.game.in_play
    assert sorted(s.discard_names(1)) == ["Excalibur", "Skirmish"]
    assert s.discard_names(0) == ["The Rest Is Silence"]
