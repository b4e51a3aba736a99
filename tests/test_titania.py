"""Titania (Slings and Arrows): Fairy Magic — the glamour deck, the face-up glamour and its six
ongoing effects — and every card of the deck, one rule per test. Seat 0 is Titania (ranged) with
Oberon; the opponent is Chupacabra (14 health, melee, no sidekick). Board: Marmoreal — M10 is
adjacent to M11, M15, M18 and M19; M11 to M10, M12, M19; M10/M11/M15/M19 share two zones.
"""

from __future__ import annotations


from tests.scenario import play_random, Scenario, kinds
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine import steps as S
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.hooks.titania.glamours import ACTIVE, DECK, DISCARD

GREED, INVIS, JEALOUSY, LOVE, RHYME, SLEEP = (
    "Glamour of Greed", "Glamour of Invisibility", "Glamour of Jealousy", "Glamour of Love",
    "Glamour of Rhyme", "Glamour of Sleep")
SPARE = "Gift of the Fair Folk"


def vs_chupa(titania="M10", chupa="M11", oberon: str | None = "M28", glamour: str = "",
             discarded=()) -> Scenario:
    s = Scenario("titania", "chupacabra").place("Titania", titania).place("Chupacabra", chupa)
    s = s.place("Oberon", oberon) if oberon else s.remove("Oberon")
    res = s.game.players[0].res
    res[DECK] = tuple(n for n in res[DECK] if n != glamour and n not in discarded)
    res[ACTIVE] = glamour
    res[DISCARD] = tuple(discarded)
    return s


def glamour(s):
    return s.game.players[0].res[ACTIVE]


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


# ============================================================ the hero file
def test_titania_has_12_health_ranged_oberon_6_melee_move_2_and_30_cards():
    h = find_hero("titania")
    assert (h.hero.health, h.hero.ranged, h.move, h.deck_size) == (12, True, 2, 30)
    assert [(sk.name, sk.health, sk.ranged) for sk in h.sidekicks] == [("Oberon", 6, False)]
    got = {c.name: (c.type, c.value, c.boost, c.copies, None if c.users is None else sorted(c.users))
           for c in h.cards}
    assert got == {
        "Queen of the Fairies": ("attack", 2, 3, 2, ["Titania"]),
        "Met by Moonlight": ("attack", 5, 2, 3, ["Oberon"]),
        "As Wise as Beautiful": ("versatile", 2, 2, 3, ["Titania"]),
        "Whisked Away": ("versatile", 4, 1, 3, None),
        "The Moon Looks Down": ("versatile", 3, 2, 2, ["Titania"]),
        "Fairy Song": ("versatile", 3, 2, 3, None),
        "Parting Gift": ("versatile", 2, 1, 2, None),
        "But a Dream": ("defense", 0, 2, 2, ["Titania"]),
        "Protection of the Fairy Woods": ("defense", 2, 1, 3, None),
        "A Momentary Glance": ("scheme", None, 4, 2, ["Titania"]),
        "Gift of the Fair Folk": ("scheme", None, 2, 3, None),
        "What Fools These Mortals Be": ("scheme", None, 2, 2, ["Oberon"]),
    }
    assert sorted(h.ability.params["glamours"]) == sorted([GREED, INVIS, JEALOUSY, LOVE, RHYME, SLEEP])


# ============================================================ the glamour deck
def test_six_glamours_are_shuffled_face_down_at_setup_none_face_up():
    s = Scenario("titania", "chupacabra")
    res = s.game.players[0].res
    assert sorted(res[DECK]) == sorted([GREED, INVIS, JEALOUSY, LOVE, RHYME, SLEEP])
    assert res[ACTIVE] == "" and res[DISCARD] == ()
    view = PlayerView(s.game, 1).resources(0)
    assert DECK not in view and view[ACTIVE] == "" and view[DISCARD] == ()


def test_the_top_glamour_is_flipped_at_the_start_of_her_turn_if_none_is_up():
    s = vs_chupa().hand(0, SPARE)
    top = s.game.players[0].res[DECK][-1]
    s.begin_turn(0)
    assert glamour(s) == top and [e["card"] for e in s.events("glamour_flip")] == [top]
    assert top not in s.game.players[0].res[DECK]


def test_no_glamour_is_flipped_while_one_is_face_up():
    s = vs_chupa(glamour=RHYME).hand(0, SPARE)
    deck = s.game.players[0].res[DECK]
    s.begin_turn(0)
    assert glamour(s) == RHYME and s.game.players[0].res[DECK] == deck and s.events("glamour_flip") == []


def test_an_empty_glamour_deck_flips_nothing_and_the_discards_are_not_reshuffled():
    s = vs_chupa(discarded=(GREED, INVIS, JEALOUSY, LOVE, RHYME, SLEEP)).hand(0, SPARE)
    s.begin_turn(0)
    assert glamour(s) == "" and s.game.players[0].res[DECK] == ()


def test_a_discarded_glamour_is_not_replaced_before_her_next_turn():
    s = vs_chupa(glamour=JEALOUSY).hand(0, "Fairy Song", SPARE)
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "Fairy Song", None)
    s.expect("effect_may").choose(True)
    assert glamour(s) == "" and s.game.players[0].res[DISCARD] == (JEALOUSY,)
    assert s.events("glamour_flip") == []


# ============================================================ the six glamours
def test_glamour_of_greed_may_draw_at_the_end_of_her_turn():
    s = vs_chupa(glamour=GREED).hand(0, "Fairy Song", SPARE).deck_top(0, "Parting Gift")
    s.begin_turn(0)
    s.game.pending = None
    s.game.stack.clear()
    s.game.players[0].actions = 0
    s.run_steps((S._end_of_turn, (0,)))
    s.expect("glamour_greed").choose(True)
    assert "Parting Gift" in s.hand_names(0)
    assert [e["detail"] for e in s.events("glamour")] == ["draw"]


def test_glamour_of_greed_may_be_declined():
    s = vs_chupa(glamour=GREED).hand(0, SPARE)
    s.begin_turn(0)
    s.game.pending = None
    s.game.stack.clear()
    s.run_steps((S._end_of_turn, (0,)))
    s.expect("glamour_greed").choose(False)
    assert [e for e in s.events("draw") if e["player"] == 0] == []


def test_glamour_of_invisibility_lets_her_fighters_move_through_opposing_ones():
    s = vs_chupa(titania="M12", chupa="M11", glamour=INVIS)
    ti = s.fighter("Titania")
    assert s.space("M10") in s.game.reachable(ti, 2)          # through Chupacabra on M11
    s.game.players[0].res[ACTIVE] = ""       # (set by hand, with no event logged: the write moves the version)
    assert s.space("M10") not in s.game.reachable(ti, 2)


def test_glamour_of_invisibility_stops_helping_her_move_once_she_discards_it_in_play():
    # the move rules are kept until an event is logged (Game.move_rules): the discard, logged
    # by the engine, must end the passage without anything told by hand
    s = vs_chupa(titania="M12", chupa="M11", glamour=INVIS).hand(0, "As Wise as Beautiful", SPARE)
    ti = s.fighter("Titania")
    s.begin_turn(0)
    assert s.space("M10") in s.game.reachable(ti, 2)
    s.attack("Titania", "Chupacabra", "As Wise as Beautiful", None)
    s.expect("effect_may").choose(True)
    assert glamour(s) == "" and s.f("Titania").space == s.space("M12")
    assert s.space("M10") not in s.game.reachable(ti, 2)


def test_glamour_of_invisibility_does_not_help_the_opponent():
    s = vs_chupa(titania="M11", chupa="M12", glamour=INVIS)
    assert s.space("M10") not in s.game.reachable(s.fighter("Chupacabra"), 2)


def test_glamour_of_jealousy_swaps_titania_and_oberon_before_the_defense_card():
    s = vs_chupa(titania="M10", chupa="M11", oberon="M12", glamour=JEALOUSY).hand(1, "Feeding", "Feint")
    s.hand(0, "Protection of the Fairy Woods")
    s.begin_turn(1)
    s.choose("attack").choose(("Chupacabra", "Titania")).choose("Feeding")
    s.expect("glamour_jealousy").choose(True)
    assert s.f("Titania").space == s.space("M12") and s.f("Oberon").space == s.space("M10")
    s.expect("defense_card")
    assert s.game.combat.fighters[1] == s.fighter("Oberon")
    s.choose(None)
    assert [e["fighter"] for e in s.events("damage")] == ["Oberon"]


def test_glamour_of_jealousy_may_be_declined():
    s = vs_chupa(titania="M10", chupa="M11", oberon="M12", glamour=JEALOUSY).hand(1, "Feeding", "Feint")
    s.begin_turn(1)
    s.choose("attack").choose(("Chupacabra", "Titania")).choose("Feeding")
    s.expect("glamour_jealousy").choose(False)
    assert [e["fighter"] for e in s.events("damage")] == ["Titania"]


def test_glamour_of_love_moves_an_opposing_fighter_1_before_her_fighters_move():
    s = vs_chupa(titania="M01", chupa="M11", glamour=LOVE).hand(0, SPARE)
    s.begin_turn(0)
    s.choose("maneuver")
    s.expect("maneuver_boost").choose(None)
    s.expect("glamour_love").choose("Chupacabra")
    s.expect("effect_destination").choose("M12")
    assert s.f("Chupacabra").space == s.space("M12")
    s.expect("move_order")          # then her own fighters move


def test_glamour_of_rhyme_gains_an_action_after_each_scheme():
    s = vs_chupa(glamour=RHYME).hand(0, "A Momentary Glance", SPARE)
    s.begin_turn(0)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "A Momentary Glance"))
    s.expect("effect_fighter").choose("Chupacabra")
    assert s.game.players[0].actions == 2
    assert [e["detail"] for e in s.events("glamour")] == ["gain_action"]
    # the action comes after the scheme has resolved and been discarded
    assert kinds(s, "damage", "gain_action")[-2:] == ["damage", "gain_action"]


def test_glamour_of_sleep_prevents_all_but_combat_damage_to_her_fighters():
    s = vs_chupa(glamour=SLEEP).hand(1, "Tooth and Tail", "Feeding")
    s.begin_turn(1)
    s.attack("Chupacabra", "Titania", "Tooth and Tail", None)       # 2 combat damage, then 1 effect
    if s.pending is not None and s.pending.kind == "effect_fighters":
        s.choose((s.fighter("Titania"),))
    assert s.f("Titania").health == 10
    assert [e["detail"] for e in s.events("damage_prevented")] == ["card"]


# ============================================================ the cards
def test_queen_of_the_fairies_gets_plus_1_per_discarded_glamour():
    s = vs_chupa(discarded=(LOVE, GREED)).hand(0, "Queen of the Fairies", SPARE)
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "Queen of the Fairies", None)
    assert combat(s) == "4-0"


def test_met_by_moonlight_puts_oberon_next_to_titania():
    s = vs_chupa(titania="M31", chupa="M11", oberon="M10").hand(0, "Met by Moonlight", SPARE)
    s.begin_turn(0)
    s.attack("Oberon", "Chupacabra", "Met by Moonlight", None)
    s.expect("effect_destination")
    assert {s.board.labels[o] for o in s.pending.options} == {"M30", "M23"}
    s.choose("M30")
    assert s.f("Oberon").space == s.space("M30")


def test_as_wise_as_beautiful_draws_1():
    s = vs_chupa().hand(0, "As Wise as Beautiful", SPARE)
    s.game.players[0].res[DECK] = ()          # no glamour to discard
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "As Wise as Beautiful", None)
    assert len(s.events("draw")) == 1 and s.events("glamour_discard") == []


def test_as_wise_as_beautiful_may_discard_the_glamour_to_draw_2():
    s = vs_chupa(glamour=GREED).hand(0, "As Wise as Beautiful", SPARE)
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "As Wise as Beautiful", None)
    s.expect("effect_may").choose(True)
    assert len(s.events("draw")) == 2 and glamour(s) == ""
    assert [e["detail"] for e in s.events("glamour_discard")] == ["cost"]


def test_whisked_away_moves_up_to_2_then_may_discard_the_glamour_to_place_anywhere():
    s = vs_chupa(glamour=LOVE).hand(0, "Whisked Away", SPARE)
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "Whisked Away", None)
    s.expect("effect_destination").choose("M15")
    s.expect("effect_may").choose(True)
    s.expect("effect_destination").choose("M31")
    assert s.f("Titania").space == s.space("M31") and glamour(s) == ""


def test_whisked_away_without_a_glamour_only_moves():
    s = vs_chupa().hand(0, "Whisked Away", SPARE)
    s.begin_turn(0)
    s.game.players[0].res[ACTIVE] = ""
    s.attack("Titania", "Chupacabra", "Whisked Away", None)
    s.expect("effect_destination").choose("M15")
    assert s.pending is None or s.pending.kind != "effect_may"


def test_the_moon_looks_down_puts_a_discarded_glamour_under_the_deck():
    s = vs_chupa(glamour=RHYME, discarded=(SLEEP, LOVE)).hand(0, "The Moon Looks Down", SPARE)
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "The Moon Looks Down", None)
    s.expect("glamour_choice").choose(SLEEP)
    res = s.game.players[0].res
    assert res[DECK][0] == SLEEP and res[DISCARD] == (LOVE,)


def test_fairy_song_may_discard_the_glamour_to_be_worth_5():
    s = vs_chupa(glamour=GREED).hand(0, "Fairy Song", SPARE)
    s.begin_turn(0)
    s.attack("Titania", "Chupacabra", "Fairy Song", None)
    s.expect("effect_may").choose(True)
    assert combat(s) == "5-0" and glamour(s) == ""


def test_parting_gift_may_deal_2_to_both_fighters_in_the_combat():
    s = vs_chupa().hand(0, "Parting Gift", SPARE)
    s.begin_turn(0)
    s.game.players[0].res[ACTIVE] = ""
    s.attack("Titania", "Chupacabra", "Parting Gift", None)
    s.expect("effect_may").choose(True)
    effect = sorted((e["fighter"], e["amount"]) for e in s.events("damage") if e["detail"] == "card")
    assert effect == [("Chupacabra", 2), ("Titania", 2)]


def test_but_a_dream_sends_the_attack_card_back_to_the_attackers_hand():
    s = vs_chupa().hand(0, "But a Dream").hand(1, "Ravenous Lunge").health("Chupacabra", 5)
    s.begin_turn(1)
    s.attack("Chupacabra", "Titania", "Ravenous Lunge", "But a Dream")
    assert s.hand_names(1) == ["Ravenous Lunge"] or "Ravenous Lunge" in s.hand_names(1)
    assert s.f("Titania").health == 12 and s.events("recover") == []
    assert combat(s) == "0-0"
    assert s.discard_names(1) == [] and s.discard_names(0) == ["But a Dream"]
    assert len([e for e in s.events("draw") if e["player"] == 0]) == 1
    cid = s.card_ids(1, "Ravenous Lunge")[0]
    assert s.game.known_to(0, 1, next(c for c in s.game.players[1].hand if s.game.cards[c].defn.name == "Ravenous Lunge"))


def test_protection_of_the_fairy_woods_may_discard_the_glamour_to_cancel():
    s = vs_chupa(glamour=GREED).hand(0, "Protection of the Fairy Woods").hand(1, "Ravenous Lunge").health("Chupacabra", 5)
    s.begin_turn(1)
    s.attack("Chupacabra", "Titania", "Ravenous Lunge", "Protection of the Fairy Woods")
    s.expect("effect_may").choose(True)
    assert s.events("cancel") and s.events("recover") == [] and glamour(s) == ""


def test_protection_of_the_fairy_woods_without_a_glamour_just_defends():
    s = vs_chupa().hand(0, "Protection of the Fairy Woods").hand(1, "Ravenous Lunge").health("Chupacabra", 5)
    s.game.players[0].res[ACTIVE] = ""
    s.begin_turn(1)
    s.attack("Chupacabra", "Titania", "Ravenous Lunge", "Protection of the Fairy Woods")
    assert s.events("cancel") == [] and combat(s) == "3-2"


def test_a_momentary_glance_hits_any_fighter_in_titanias_zone():
    s = vs_chupa(titania="M10", chupa="M19", oberon="M15").hand(0, "A Momentary Glance", SPARE)
    s.begin_turn(0)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "A Momentary Glance"))
    s.expect("effect_fighter")
    assert {s.game.fighters[o].name for o in s.pending.options} == {"Titania", "Oberon", "Chupacabra"}
    s.choose("Chupacabra")
    assert s.f("Chupacabra").health == 12


def test_gift_of_the_fair_folk_resolves_two_different_effects():
    s = vs_chupa(oberon="M15").hand(0, "Gift of the Fair Folk", SPARE).health("Oberon", 3)
    s.begin_turn(0)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "Gift of the Fair Folk"))
    s.expect("effect_modes")
    assert set(s.pending.options) == {("recover", "draw"), ("recover", "move"), ("draw", "move")}
    s.choose(("recover", "move"))
    s.expect("effect_fighter").choose("Oberon")
    assert s.f("Oberon").health == 5
    s.expect("effect_fighters")
    s.choose((s.fighter("Oberon"), s.fighter("Chupacabra")))
    s.expect("effect_destination").choose("M04")      # Oberon from M15
    s.expect("effect_destination").choose("M12")      # Chupacabra from M11
    assert s.f("Oberon").space == s.space("M04") and s.f("Chupacabra").space == s.space("M12")


def test_what_fools_these_mortals_be_shuffles_a_chosen_hand_card_into_their_deck():
    s = vs_chupa(titania="M01", oberon="M10").hand(0, "What Fools These Mortals Be", SPARE)
    s.hand(1, "Feeding", "Feint")
    s.begin_turn(0)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options
                       if s.game.cards[o[0]].defn.name == "What Fools These Mortals Be"))
    s.expect("effect_hand_card").choose("Feeding")
    assert s.hand_names(1) == ["Feint"]
    assert "Feeding" in [s.game.cards[c].defn.name for c in s.game.players[1].deck]
    assert s.events("look_at_hand") and s.events("shuffle")


# ============================================================ other formats
def _play_random(fmt, heroes, seed):
    return play_random(heroes, fmt, seed, salt=None)


def test_titania_plays_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play_random(FreeForAll(3), ("titania", "shakespeare", "hamlet"), seed)
        assert g.over


def test_titania_plays_a_two_versus_two_team_game_to_the_end():
    for seed in range(3):
        g = _play_random(Teams(4), ("titania", "chupacabra", "hamlet", "shakespeare"), seed)
        assert g.over and any(e[2] == "glamour_flip" for e in g.events)


def test_but_a_dream_sends_a_sisters_card_back_to_her_hand_not_her_cauldron():
    from unmatched_sim.hooks.wayward_sisters.cauldron import CAULDRON
    s = Scenario("titania", "wayward_sisters").place("Titania", "M10").place("Oberon", "M28")
    s.place("Sister 1", "M11").remove("Sister 2").remove("Sister 3")
    s.game.players[0].res[ACTIVE] = ""
    s.game.players[0].res[DECK] = ()
    s.hand(0, "But a Dream").hand(1, "Hurly-Burly", "Prophecy")
    s.begin_turn(1)
    s.attack("Sister 1", "Titania", "Hurly-Burly", "But a Dream")
    assert "Hurly-Burly" in s.hand_names(1) and s.game.players[1].res[CAULDRON] == ()
    assert combat(s) == "0-0" and s.events("deck_reveal") == []
