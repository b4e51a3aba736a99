"""Sun Wukong (Battle of Legends, Volume Two): Stone Birth and his Clones, the bonus attack of
Ruyi Jingo Bang and every card of the deck, one rule per test. Seat 0 is Sun Wukong, seat 1 the
Genie (16 health, one fighter), on Marmoreal: M10 is adjacent to M11, M15, M18 and M19;
M10/M11/M15/M19 are green+blue, M12 blue only."""

from __future__ import annotations

from tests.scenario import Scenario, genie_turn, play_random
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams

SW = "Sun Wukong"
GENIE = "The Genie"
SPARE = "Phoenix Form"      # a scheme kept in hand: the next action stays a real choice


def vs_genie(wukong: str = "M10", genie: str = "M11", **clones: str) -> Scenario:
    """Clones placed as given (``Clone_1="M15"``), the others in reserve."""
    s = Scenario("sun_wukong", "genie").place(SW, wukong).place(GENIE, genie)
    for key, label in clones.items():
        s.place(key.replace("_", " "), label)
    return s


def start(s: Scenario, summon: str | None = None) -> Scenario:
    """Begin his turn; Stone Birth, if offered, is declined or paid to summon onto ``summon``."""
    s.begin_turn(0)
    if s.pending is not None and s.pending.kind == "effect_may" and s.pending.info.get("op") == "summon_from_reserve":
        s.choose(summon is not None)
        if summon is not None and s.pending is not None and s.pending.kind == "effect_destination":
            s.choose(summon)
    return s


def genie_lost(s: Scenario) -> int:
    g = s.f(GENIE)
    return g.max_health - g.health


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def clones_on_board(s: Scenario) -> list[str]:
    return sorted(f.name for f in s.game.fighters if f.defn.name == "Clone" and f.on_board)


def scheme(s: Scenario, name: str, fighter: str = SW) -> Scenario:
    s.choose("scheme")
    if s.pending is not None and s.pending.kind == "scheme_card":
        cid = next(c for c in s.game.players[0].hand if s.game.card(c).name == name)
        s.choose((cid, s.fighter(fighter)))
    return s


# ============================================================ the hero file
def test_sun_wukong_has_17_health_move_2_melee_and_three_clones_in_reserve():
    h = find_hero("sun_wukong")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (17, 2, False, 30)
    assert h.set == "Battle of Legends, Volume Two"
    (clone,) = h.sidekicks
    assert (clone.name, clone.count, clone.health, clone.ranged, clone.starts_on_board) == ("Clone", 3, 1, False, False)
    counts = {c.name: (c.type, c.value, c.boost, c.copies) for c in h.cards}
    assert counts == {
        "Infinite Strikes": ("attack", 2, 2, 3), "Ruyi Jingo Bang": ("attack", 0, 3, 3),
        "Taunting Laughter": ("attack", 3, 2, 3), "Ox Form": ("attack", 7, 2, 2),
        "72 Transformations": ("versatile", 2, 2, 3), "Sly Monkey": ("versatile", 2, 3, 4),
        "Wily Fighting": ("versatile", 3, 1, 3), "Bewilderment": ("defense", 0, 2, 2),
        "Golden Chain Mail": ("defense", 4, 2, 2), "Tortoise Form": ("defense", 5, 2, 2),
        "Fiery Eyes That See": ("scheme", None, 1, 2), "Phoenix Form": ("scheme", None, 1, 1)}
    assert all(c.users is None for c in h.cards)


# ============================================================ Stone Birth
def test_stone_birth_summons_a_clone_next_to_him_for_1_damage():
    s = vs_genie().hand(0, SPARE)
    s.begin_turn(0)
    d = s.expect("effect_may").pending
    assert d.info["cost_damage"] == 1
    s.choose(True)
    d = s.expect("effect_destination").pending
    assert {s.board.labels[x] for x in d.options} == {"M15", "M18", "M19"}
    s.choose("M15")
    assert s.f(SW).health == 16
    assert clones_on_board(s) == ["Clone 1"]
    assert s.f("Clone 1").space == s.space("M15")
    (summon,) = s.events("summon")
    assert summon["fighter"] == "Clone 1"


def test_stone_birth_may_be_declined():
    s = vs_genie().hand(0, SPARE)
    start(s, None)
    assert s.f(SW).health == 17 and clones_on_board(s) == []


def test_stone_birth_is_not_offered_with_every_clone_on_the_board():
    s = vs_genie(Clone_1="M15", Clone_2="M18", Clone_3="M02").hand(0, SPARE)
    s.begin_turn(0)
    assert s.pending.kind == "action"
    assert s.f(SW).health == 17


def test_a_defeated_clone_goes_back_to_the_reserve():
    s = vs_genie(Clone_1="M15", Clone_2="M18", Clone_3="M02").hand(0, SPARE)
    s.health("Clone 3", 1)
    s.game.damage(s.fighter("Clone 3"), 1, "effect")
    assert not s.f("Clone 3").on_board
    start(s, "M19")
    assert s.f("Clone 3").space == s.space("M19") and s.f("Clone 3").health == 1


# ============================================================ attack cards
def test_infinite_strikes_adds_1_per_other_friendly_fighter_next_to_the_target_and_gains_an_action():
    s = vs_genie(Clone_1="M12", Clone_2="M02").hand(0, "Infinite Strikes", SPARE)   # M12 touches M11
    assert s.game.adjacent(s.fighter("Clone 1"), s.fighter(GENIE))
    start(s)
    s.attack(SW, GENIE, "Infinite Strikes", None)
    assert combat(s) == "3-0"
    assert s.game.players[0].actions == 2
    assert s.events("gain_action")


def test_ruyi_jingo_bang_makes_a_bonus_attack_of_4_when_the_opponent_played_a_card():
    s = vs_genie().hand(0, "Ruyi Jingo Bang", SPARE).hand(1, "Prisoner's Torment")
    start(s)
    s.attack(SW, GENIE, "Ruyi Jingo Bang", "Prisoner's Torment")
    (bonus,) = s.events("bonus_attack")
    assert (bonus["amount"], bonus["fighter"], bonus["target"]) == (4, SW, GENIE)
    assert combat(s) == "4-0"                         # the Genie had no card left to defend with
    assert genie_lost(s) == 4


def test_ruyi_jingo_bang_makes_no_bonus_attack_against_no_card():
    s = vs_genie().hand(0, "Ruyi Jingo Bang", SPARE)
    start(s)
    s.attack(SW, GENIE, "Ruyi Jingo Bang", None)
    assert not s.events("bonus_attack")


def test_taunting_laughter_ignores_the_defense_unless_the_opponent_discards():
    s = vs_genie().hand(0, "Taunting Laughter", SPARE).hand(1, "Prisoner's Torment", "Feint")
    start(s)
    s.attack(SW, GENIE, "Taunting Laughter", "Prisoner's Torment")
    s.expect("effect_unless_discard").choose(None)
    assert combat(s) == "3-0"

    s = vs_genie().hand(0, "Taunting Laughter", SPARE).hand(1, "Prisoner's Torment", "Feint")
    start(s)
    s.attack(SW, GENIE, "Taunting Laughter", "Prisoner's Torment")
    s.expect("effect_unless_discard").choose("Feint")
    assert combat(s) == "3-1"
    assert "Feint" in s.discard_names(1)


def test_ox_form_lets_the_opponent_boost_and_cannot_be_cancelled():
    s = vs_genie().hand(0, "Ox Form", SPARE).hand(1, "Feint", "I Am Freed")
    start(s)
    s.attack(SW, GENIE, "Ox Form", "Feint")
    assert s.events("cancel_failed")
    d = s.expect("combat_boost").pending
    assert d.player == 1
    s.choose("I Am Freed")                            # BOOST 2
    assert combat(s) == "7-4"


# ============================================================ versatile cards
def test_72_transformations_takes_a_form_card_from_the_discard_pile():
    s = vs_genie().hand(0, "72 Transformations", SPARE)
    s.discard_pile(0, "Ox Form", "Ox Form", "Tortoise Form", "Wily Fighting")
    start(s)
    s.attack(SW, GENIE, "72 Transformations", None)
    d = s.expect("effect_take_from_discard").pending
    assert sorted(s.game.card(c).name for c in d.options) == ["Ox Form", "Tortoise Form"]
    s.choose("Ox Form")
    assert "Ox Form" in s.hand_names(0)
    assert "Wily Fighting" in s.discard_names(0)


def test_sly_monkey_played_by_him_leaves_a_clone_in_his_place():
    s = vs_genie().hand(0, "Sly Monkey", SPARE)
    start(s)
    s.attack(SW, GENIE, "Sly Monkey", None)
    d = s.expect("effect_destination").pending
    zm = s.board.zone_mask
    assert all(zm[x] & zm[s.space("M10")] for x in d.options)
    s.choose("M12")
    assert s.f(SW).space == s.space("M12")
    assert clones_on_board(s) == ["Clone 1"] and s.f("Clone 1").space == s.space("M10")


def test_sly_monkey_played_by_a_clone_does_nothing():
    s = vs_genie(wukong="M02", Clone_1="M10").hand(0, "Sly Monkey", SPARE)
    start(s)
    s.attack("Clone 1", GENIE, "Sly Monkey", None)
    assert s.pending.kind == "action"
    assert clones_on_board(s) == ["Clone 1"]


def test_wily_fighting_deals_1_to_each_opposing_fighter_next_to_his_fighter():
    s = vs_genie().hand(0, "Wily Fighting", SPARE)
    start(s)
    s.attack(SW, GENIE, "Wily Fighting", None)
    assert genie_lost(s) == 3 + 1


# ============================================================ defense cards
def test_bewilderment_prevents_all_damage_then_may_place_his_fighter():
    s = vs_genie().hand(1, "Careful What You Wish For", "Feint").hand(0, "Bewilderment")
    genie_turn(s)
    s.attack(GENIE, SW, "Careful What You Wish For", "Bewilderment")
    assert s.f(SW).health == 17
    assert s.events("damage_prevented")
    s.expect("effect_may").choose(True)
    s.expect("effect_destination").choose("M31")
    assert s.f(SW).space == s.space("M31")


def test_golden_chain_mail_deals_the_combat_damage_to_the_attacker_instead():
    s = vs_genie().hand(1, "Careful What You Wish For", "Feint").hand(0, "Golden Chain Mail")
    s.hand(1, "I Am Freed")
    genie_turn(s)
    s.attack(GENIE, SW, "Careful What You Wish For", "Golden Chain Mail")
    if s.pending is not None and s.pending.kind == "effect_fighter":
        s.choose(None)
    assert combat(s) == "4-4"                         # 0 damage to redirect
    s = vs_genie().hand(1, "Careful What You Wish For", "I Am Freed").hand(0, "Golden Chain Mail")
    genie_turn(s)
    s.game.turn_flags["attack_bonus"] = ((1, None, 3),)   # a 7 against 4: 3 to redirect
    s.attack(GENIE, SW, "Careful What You Wish For", "Golden Chain Mail")
    assert combat(s) == "7-4"
    assert genie_lost(s) == 3
    assert s.f(SW).health == 16                       # not the combat's 3: Careful's own 1 (it lost)
    (red,) = s.events("damage_redirected")
    assert red["amount"] == 3


def test_tortoise_form_lets_the_attacker_boost():
    s = vs_genie().hand(1, "Careful What You Wish For", "I Am Freed").hand(0, "Tortoise Form")
    genie_turn(s)
    s.attack(GENIE, SW, "Careful What You Wish For", "Tortoise Form")
    d = s.expect("combat_boost").pending
    assert d.player == 1
    s.choose("I Am Freed")
    assert combat(s) == "6-5"


# ============================================================ schemes
def test_fiery_eyes_that_see_puts_a_card_under_their_deck_and_both_draw():
    s = vs_genie().hand(0, "Fiery Eyes That See", SPARE).hand(1, "I Am Freed", "Feint")
    start(s)
    scheme(s, "Fiery Eyes That See")
    s.expect("effect_discard").choose("I Am Freed")
    genie = s.game.players[1]
    assert s.game.card(genie.deck[0]).name == "I Am Freed"
    assert len(genie.hand) == 2 and "I Am Freed" not in s.hand_names(1)
    assert {e["player"] for e in s.events("draw")} == {0, 1}


def test_phoenix_form_recovers_1_per_clone_on_the_board():
    s = vs_genie(Clone_1="M15", Clone_2="M02").hand(0, "Phoenix Form", "Wily Fighting").health(SW, 10)
    start(s)
    scheme(s, "Phoenix Form")
    assert s.f(SW).health == 12


# ============================================================ every format
def test_sun_wukong_plays_whole_games_in_every_format():
    for seed in range(3):
        assert play_random(("sun_wukong", "medusa"), seed=seed).over
        assert play_random(("sun_wukong", "genie", "houdini"), FreeForAll(3), seed=seed).over
        assert play_random(("sun_wukong", "pandora", "alice", "sun_wukong"), Teams(4), seed=seed).over
