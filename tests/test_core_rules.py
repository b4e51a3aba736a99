"""The core rules of Unmatched, one test per rule, each from a small hand-built position.

Sources: ../shared/rules/slings-and-arrows.txt (the current core rules: "Your Turn", "Action:
Maneuver/Scheme/Attack", "Resolving Effects", "Winning the Combat", "Defeating a Fighter",
"Winning the Game") and ../shared/rules/houdini-vs-genie.txt. Positions use the Marmoreal
board; its gray corridor M01-M02-M03-M04-M05-M06 makes distances easy to read.
Seat 0 is Houdini (with Bess), seat 1 the Genie, unless a test says otherwise.
"""

from __future__ import annotations

import tomllib
from pathlib import Path


from tests.scenario import Scenario, genie_turn, kinds, labels
from unmatched_sim.data.board import parse_board
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.data.heroes import parse_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.state import ATTACKER, NO_SPACE
from unmatched_sim.engine.view import PlayerView


# ---------------------------------------------------------------------------- helpers
def first_index(s: Scenario, kind: str, **match) -> int:
    for i, e in enumerate(s.events()):
        if e["kind"] == kind and all(e[k] == v for k, v in match.items()):
            return i
    raise AssertionError(f"no {kind} event matching {match}")


def stay(s: Scenario, name: str) -> Scenario:
    """Answer a move_destination decision by not moving."""
    return s.expect("move_destination").choose(s.board.labels[s.f(name).space])


# A tiny hero used where Houdini's and the Genie's decks have no card for a rule.
TESTER_TOML = """
id = "tester"
name = "Tester"
move = 2
deck_size = 8
[hero]
name = "Tester"
health = 10
attack = "melee"
[ability]
name = "None"
[[cards]]
name = "Null Ward"
type = "defense"
value = 1
boost = 1
copies = 2
fighter = "any"
during_combat = [{ op = "ignore_value", card = "opponent" }]
[[cards]]
name = "Echo"
type = "attack"
value = 3
boost = 1
copies = 2
fighter = "any"
during_combat = [{ op = "add_value", card = "self", amount = "opponent_card_printed_value" }]
[[cards]]
name = "Filler"
type = "attack"
value = 1
boost = 1
copies = 4
fighter = "any"
"""


def make_tester_hero():
    return parse_hero(tomllib.loads(TESTER_TOML), Path("tester.toml"))


# ============================================================================ setup
def test_setup_shuffles_each_30_card_deck_and_deals_5_card_hands():
    g = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=11).start()
    g2 = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=12).start()
    for seat, p in enumerate(g.players):
        owned = sorted(c for c, info in enumerate(g.cards) if info.owner == seat)
        assert len(owned) == 30
        assert len(p.hand) == 5 and len(p.deck) == 25 and p.discard == []
        assert sorted(p.hand + p.deck) == owned
        assert p.hand + p.deck != owned and p.deck != sorted(p.deck)     # shuffled
        assert g2.players[seat].deck != p.deck                            # by the seed
    setup = [e for e in g.events if e[2] == "setup"]
    assert [e[1] for e in setup] == [0, 1]


def test_setup_heroes_start_on_spaces_1_and_2():
    g = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=3).start()
    b = g.board
    assert g.hero_of(0).space == b.starts[1] == b.index["M13"]
    assert g.hero_of(1).space == b.starts[2] == b.index["M31"]
    g = Game(find_board("marmoreal"), (find_hero("genie"), find_hero("houdini")), seed=3).start()
    assert g.hero_of(0).name == "The Genie" and g.hero_of(0).space == b.index["M13"]
    assert g.hero_of(1).name == "Houdini" and g.hero_of(1).space == b.index["M31"]


def test_setup_sidekick_starts_on_a_separate_space_in_any_zone_of_its_hero():
    """Houdini on start 1 (M13: red and yellow): Bess may start on any other empty space of
    the red or the yellow zone, and nowhere else."""
    g = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=3).start()
    d = g.pending
    assert d.kind == "sidekick_start" and d.player == 0
    assert {g.board.labels[o] for o in d.options} == {"M01", "M07", "M08", "M20", "M21"}
    g.answer(g.board.index["M21"])
    assert g.fighters[d.info["fighter"]].space == g.board.index["M21"]
    # From start 2 (M31: violet and brown) the choices are the violet and brown spaces.
    g = Game(find_board("marmoreal"), (find_hero("genie"), find_hero("houdini")), seed=3).start()
    assert g.pending.kind == "sidekick_start" and g.pending.player == 1
    assert {g.board.labels[o] for o in g.pending.options} == {
        "M16", "M23", "M24", "M25", "M26", "M27", "M28", "M29", "M30"}


def test_setup_sidekick_goes_anywhere_when_its_heros_zone_is_full():
    raw = tomllib.loads("""
        id = "tiny"
        name = "Tiny"
        paths = [["A", "B"], ["B", "C"], ["C", "D"]]
        [spaces]
        A = { zones = ["x"], start = 1 }
        B = { zones = ["y"] }
        C = { zones = ["y"], start = 2 }
        D = { zones = ["y"] }
    """)
    board = parse_board(raw, Path("tiny.toml"))
    g = Game(board, (find_hero("houdini"), find_hero("genie")), seed=1).start()
    assert g.pending.kind == "sidekick_start"
    assert {board.labels[o] for o in g.pending.options} == {"B", "D"}


def test_setup_first_turn_goes_to_the_player_on_start_space_1():
    g = Game(find_board("sarpedon"), (find_hero("genie"), find_hero("houdini")), seed=5).start()
    while g.pending.kind == "sidekick_start":
        g.answer(g.pending.options[0])
    starts = [e for e in g.events if e[2] == "turn_start"]
    assert [e[1] for e in starts] == [0]
    assert g.hero_of(0).space == g.board.starts[1] and g.active == 0
    assert g.pending.player == 0


# ============================================================================ turns
def test_turn_has_exactly_two_actions_then_passes():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.begin_turn(0)
    assert s.game.players[0].actions == 1          # the forced maneuver is under way
    s.expect("maneuver_boost").choose(None)
    stay(s, "Houdini")
    assert s.game.players[0].actions == 0
    s.expect("maneuver_boost").choose(None)
    stay(s, "Houdini")
    # Two actions for seat 0, then the Genie's turn starts (with her own first action).
    assert [e["player"] for e in s.events("action")] == [0, 0, 1]
    assert [e["player"] for e in s.events("turn_start")] == [0, 1]
    assert [e["player"] for e in s.events("turn_end")] == [0]
    assert s.game.active == 1


def test_same_action_may_be_taken_twice():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Careful What You Wish For", "Careful What You Wish For")
    genie_turn(s)
    s.choose("attack").expect("attack_card").choose("Careful What You Wish For")
    assert s.f("Houdini").health == 10
    s.choose("attack")
    assert s.f("Houdini").health == 6
    assert [(e["player"], e["detail"]) for e in s.events("action")][:2] == [(1, "attack"), (1, "attack")]
    assert [e["player"] for e in s.events("turn_start")] == [1, 0]


def test_actions_cannot_be_skipped():
    """There is no 'pass': the action decision lists only maneuver/scheme/attack, and with
    nothing else possible the maneuver is taken."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Flourish")
    s.begin_turn(0)
    assert s.expect("action").pending.options == ("maneuver", "attack")
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.begin_turn(0)
    assert s.events("action")[0]["detail"] == "maneuver"
    s.expect("maneuver_boost")


# ============================================================================ maneuver
def test_maneuver_draws_the_top_card_first_and_mandatorily():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.deck_top(0, "Flourish")
    s.begin_turn(0)
    # The first decision of the maneuver comes after the draw: it cannot be refused.
    s.expect("maneuver_boost")
    assert s.hand_names(0) == ["Flourish"]
    assert kinds(s)[-2:] == ["action", "draw"]
    s.choose(None)
    s.expect("move_destination").choose("M01")
    assert first_index(s, "draw") < first_index(s, "move")


def test_maneuver_moves_a_fighter_up_to_the_move_value():
    s = Scenario()
    s.place("The Genie", "M01").place("Houdini", "M31").remove("Bess")
    genie_turn(s)
    s.expect("maneuver_boost").choose(None)
    d = s.expect("move_destination").pending
    assert d.info["steps"] == 3
    assert labels(s, d.options) == {"M01", "M02", "M07", "M03", "M08", "M13", "M04", "M09", "M14", "M20"}
    s.choose("M04")
    assert s.f("The Genie").space == s.space("M04")
    assert s.events("move")[-1]["space"] == "M04" and s.events("move")[-1]["detail"] == "M01"


def test_movement_passes_friendly_fighters_but_ends_on_an_empty_space():
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M03").place("The Genie", "M31")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose(None)
    s.expect("move_order").choose("Houdini")
    assert labels(s, s.pending.options) == {"M02", "M01", "M07", "M04"}   # M03 (Bess): pass only
    s.choose("M04")
    assert s.f("Houdini").space == s.space("M04") and s.f("Bess").space == s.space("M03")


def test_movement_cannot_pass_opposing_fighters():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M03").remove("Bess")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose(None)
    assert labels(s, s.expect("move_destination").pending.options) == {"M02", "M01", "M07"}


def test_fighter_may_move_zero_spaces():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose(None)
    setup_events = len(s.events())
    s.expect("move_destination").choose("M02")
    assert s.f("Houdini").space == s.space("M02")
    assert not [e for e in s.events()[setup_events:] if e["kind"] in ("move", "place")]


def test_fighters_move_one_at_a_time_each_at_most_once():
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M05").place("The Genie", "M31")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose(None)
    assert set(s.expect("move_order").options()) == {"Houdini", "Bess", None}
    s.choose("Bess").expect("move_destination").choose("M06")
    assert s.expect("move_order").options() == ["Houdini", None]
    s.choose("Houdini").expect("move_destination").choose("M03")
    assert [(e["fighter"], e["space"]) for e in s.events("move")] == [("Bess", "M06"), ("Houdini", "M03")]
    s.expect("maneuver_boost")                       # the second action


def test_maneuver_allows_at_most_one_boost():
    s = Scenario()
    s.place("The Genie", "M01").place("Houdini", "M31").remove("Bess")
    s.hand(1, "Feint", "I Am Freed")
    genie_turn(s)
    s.expect("maneuver_boost")
    assert set(s.options()) >= {None, "Feint", "I Am Freed"}
    s.choose("I Am Freed")
    s.expect("move_destination")          # straight on to movement: no second boost
    assert len(s.events("boost")) == 1
    assert "Feint" in s.hand_names(1) and s.discard_names(1) == ["I Am Freed"]


def test_boost_adds_the_cards_boost_value_to_every_fighters_move():
    s = Scenario()
    s.place("Bess", "M06").place("Houdini", "M24").place("The Genie", "M21")
    s.hand(0, "Grand Escape")                        # BOOST 3, no BOOST bonus
    s.begin_turn(0)
    s.expect("maneuver_boost").choose("Grand Escape")
    assert s.events("boost")[0]["amount"] == 3 and s.discard_names(0) == ["Grand Escape"]
    s.expect("move_order").choose("Bess")
    d = s.expect("move_destination").pending
    assert d.info["steps"] == 2 + 3
    assert "M01" in labels(s, d.options)             # 5 spaces away
    assert "M07" not in labels(s, d.options)         # 6 spaces away
    s.choose("M01")
    s.expect("move_order").choose("Houdini")
    assert s.expect("move_destination").pending.info["steps"] == 5


def test_boost_with_a_card_whose_fighter_is_defeated():
    """Bess is defeated, yet her card may still be discarded to BOOST."""
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.hand(0, "And the Beautiful Bess!")
    s.begin_turn(0)
    assert "And the Beautiful Bess!" in s.expect("maneuver_boost").options()
    s.choose("And the Beautiful Bess!")
    assert s.events("boost")[0]["amount"] == 1
    assert s.expect("move_destination").pending.info["steps"] == 3


def test_boost_ignores_the_effects_of_the_discarded_card():
    """Three Wishes used to BOOST adds 3 to the move; its scheme effect (gain an action, choose
    a wish) does not resolve."""
    s = Scenario()
    s.place("The Genie", "M01").place("Houdini", "M31").remove("Bess")
    s.hand(1, "Three Wishes", "Feint")
    genie_turn(s)
    s.choose("maneuver").expect("maneuver_boost").choose("Three Wishes")
    assert s.expect("move_destination").pending.info["steps"] == 6
    assert s.events("gain_action") == [] and s.events("mode") == []
    assert s.game.players[1].actions == 1 and s.discard_names(1) == ["Three Wishes"]


# ============================================================================ scheme
def test_scheme_only_by_an_undefeated_fighter_its_banner_allows():
    s = Scenario()
    s.place("Houdini", "M10").place("Bess", "M05").place("The Genie", "M31")
    s.hand(0, "Set the Stage", "A Magician Never Reveals His Secrets")
    s.begin_turn(0)
    s.choose("scheme")
    g = s.game
    options = s.expect("scheme_card").pending.options
    assert sorted((g.cards[c].defn.name, g.fighters[f].name) for c, f in options) == [
        ("A Magician Never Reveals His Secrets", "Houdini"), ("Set the Stage", "Bess")]
    # With Bess defeated, Set the Stage (a Bess card) cannot be played at all.
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Set the Stage", "Flourish")
    s.begin_turn(0)
    assert s.expect("action").pending.options == ("maneuver", "attack")


def test_scheme_card_resolves_then_goes_to_the_discard_pile():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "A Magician Never Reveals His Secrets", "Flourish")
    s.deck_top(0, "Vanishing Act", "Grand Escape")
    s.begin_turn(0)
    s.choose("scheme")
    s.expect("action")
    assert s.discard_names(0) == ["A Magician Never Reveals His Secrets"]
    assert s.game.in_play == []
    assert s.hand_names(0) == ["Flourish", "Grand Escape", "Vanishing Act"]
    assert s.game.players[0].actions == 2            # 1 left + 1 gained
    assert first_index(s, "scheme") < first_index(s, "draw")


# ============================================================================ attack legality
def test_melee_attack_needs_an_adjacent_target():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M04").remove("Bess")   # same zone, 2 apart
    s.hand(0, "Flourish", "A Magician Never Reveals His Secrets")
    s.begin_turn(0)
    assert s.expect("action").pending.options == ("maneuver", "scheme")
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M03").remove("Bess")
    s.hand(0, "Flourish", "A Magician Never Reveals His Secrets")
    s.begin_turn(0)
    assert s.expect("action").pending.options == ("maneuver", "scheme", "attack")


def test_ranged_attack_reaches_an_adjacent_fighter_or_one_in_a_shared_zone():
    s = Scenario()
    s.place("The Genie", "M12").place("Houdini", "M06").place("Bess", "M19")
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.choose("attack")
    # Houdini (M06, gray) is adjacent to M12 (blue); Bess (M19) shares the blue zone.
    assert set(s.expect("attack_target").options()) == {("The Genie", "Houdini"), ("The Genie", "Bess")}
    s.choose(("The Genie", "Bess"))
    assert s.events("attack")[0]["detail"] == "ranged"
    s = Scenario()
    s.place("The Genie", "M12").place("Houdini", "M06").place("Bess", "M21")   # Bess: red only
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.choose("attack")
    assert s.events("attack")[0]["target"] == "Houdini"      # the only target: chosen at once
    assert s.events("attack")[0]["detail"] == "melee"


def test_ranged_fighter_cannot_reach_outside_its_zones_unless_adjacent():
    s = Scenario()
    s.place("The Genie", "M02").place("Houdini", "M21").place("Bess", "M24")
    assert s.game.attack_targets(s.fighter("The Genie")) == []
    s.place("Houdini", "M06")                         # gray, like M02: in range
    assert s.game.attack_targets(s.fighter("The Genie")) == [s.fighter("Houdini")]


def test_no_attack_without_a_usable_attack_card():
    """Houdini is adjacent to the Genie but holds only a defense card and a Bess card."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").place("Bess", "M01")
    s.hand(0, "Grand Escape", "And the Beautiful Bess!", "A Magician Never Reveals His Secrets")
    s.begin_turn(0)
    assert s.expect("action").pending.options == ("maneuver", "scheme")
    # Bess next to the Genie can use her card: the attack is possible, by Bess only.
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").place("Bess", "M12")
    s.hand(0, "Grand Escape", "And the Beautiful Bess!", "A Magician Never Reveals His Secrets")
    s.begin_turn(0)
    s.choose("attack")
    assert s.events("attack")[0]["fighter"] == "Bess"


def test_attack_card_must_be_usable_by_the_attacker():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Flourish", "The Big Reveal", "And the Beautiful Bess!", "Grand Escape")
    s.begin_turn(0)
    s.choose("attack")
    assert sorted(s.expect("attack_card").options()) == ["Flourish", "The Big Reveal"]


def test_defense_card_must_be_usable_by_the_defender_and_may_be_declined():
    s = Scenario()
    s.place("The Genie", "M10").place("Bess", "M11").place("Houdini", "M31")
    s.hand(0, "Grand Escape", "All Part of the Show", "And the Beautiful Bess!", "Flourish")
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.choose("attack")
    d = s.expect("defense_card").pending
    assert d.player == 0
    assert set(s.options()) == {None, "All Part of the Show", "And the Beautiful Bess!"}
    s.choose(None)
    assert s.events("no_defense")[0]["fighter"] == "Bess"
    assert s.events("combat_result")[0]["detail"] == "4-0"   # nothing subtracted
    assert s.f("Bess").health == 1


def test_defender_chooses_without_seeing_the_attack_card():
    """While the defender chooses, neither the Decision's info nor anything in the
    defender's PlayerView tells which card the attacker played face down — even when the
    defender had seen the attacker's whole hand earlier (a look at the hand)."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Flourish", "The Big Reveal", "Vanishing Act")
    s.hand(1, "Feint", "Back in the Lamp")
    g = s.game
    houdini = g.players[0]
    houdini.known_hand = frozenset(houdini.hand)         # the Genie has seen this hand
    genie_view, houdini_view = PlayerView(g, 1), PlayerView(g, 0)
    s.begin_turn(0)
    s.choose("attack")
    s.expect("attack_card")
    known_before = sorted(genie_view.known_opponent_hand())
    unseen_before = sorted(d.name for d in genie_view.unseen_opponent_cards())
    s.choose("The Big Reveal")
    d = s.expect("defense_card").pending
    attack_card = g.combat.cards[ATTACKER]
    assert g.cards[attack_card].defn.name == "The Big Reveal"
    assert d.player == 1
    assert not any("card" in k or "value" in k for k in d.info)
    assert all(v != attack_card for k, v in d.info.items() if k not in ("fighter", "attacker"))
    assert d.info["fighter"] == s.fighter("The Genie") and d.info["attacker"] == s.fighter("Houdini")
    assert genie_view.combat_cards() == (None, None)
    assert genie_view.combat_value(ATTACKER) is None
    assert sorted(genie_view.known_opponent_hand()) == known_before
    assert sorted(d.name for d in genie_view.unseen_opponent_cards()) == unseen_before
    assert genie_view.hand_size(0) == 2                  # that a card was played is public
    assert houdini_view.combat_cards() == (attack_card, None)
    assert s.events("reveal") == []
    s.choose(None)
    s.expect("combat_boost")                             # The Big Reveal: revealed, may boost
    assert genie_view.combat_cards() == (attack_card, None)
    assert genie_view.combat_value(ATTACKER) == 2
    assert [e["card"] for e in s.events("reveal")] == ["The Big Reveal"]


# ============================================================================ combat
def test_combat_resolves_immediately_then_during_then_damage_defender_first():
    """An Illusion of My Own Design (attack 4; immediately: the opponent may BOOST; during:
    you may BOOST) against Back in the Lamp (defense 0; immediately: recover 4). The
    defender's immediate effect resolves before the attacker's, then the during effects,
    then combat damage."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.health("The Genie", 10)
    s.hand(0, "An Illusion of My Own Design", "Grand Escape")
    s.hand(1, "Back in the Lamp", "Feint")
    s.begin_turn(0)
    s.choose("attack")
    s.expect("defense_card").choose("Back in the Lamp")
    assert s.f("The Genie").health == 14                  # the defender's immediately first
    d = s.expect("combat_boost").pending                  # then the attacker's immediately
    assert d.player == 1
    s.choose("Feint")
    assert s.expect("combat_boost").pending.player == 0   # during combat
    s.choose("Grand Escape")
    assert s.game.combat is None
    order = [(e["kind"], e["player"]) for e in s.events()
             if e["kind"] in ("reveal", "recover", "boost", "combat_result", "damage")]
    assert order == [("reveal", 0), ("reveal", 1), ("recover", 1), ("boost", 1), ("boost", 0),
                     ("damage", 1), ("combat_result", 0)]
    # 4 + 3 against 0 + 1: 6 combat damage.
    assert s.events("combat_result")[0]["amount"] == 6 and s.f("The Genie").health == 8


def test_combat_after_combat_then_cleanup_then_after_attacking_defender_first():
    """Wishing for More Wishes (after: the opponent draws 1, you draw 3) against Vanishing Act
    (after: move a combatant up to 3). The defender's after-combat effect resolves first, both
    cards stay in play until cleanup, and "after attacking" comes last."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Wishing for More Wishes")
    s.hand(0, "Vanishing Act")
    g = s.game
    seen = {}

    def after_attacking(game, seat):
        seen["combat"] = game.combat
        seen["discards"] = (s.discard_names(0), s.discard_names(1))
        seen["draws"] = len(s.events("draw"))

    p = g.players[1]
    g.set_ability(1, type("Heard", (type(p.ability),), {"after_attacking": lambda self, game, seat:
                                                        after_attacking(game, seat)})(p.hero, p.ability.params))
    genie_turn(s)
    s.choose("attack")
    s.expect("defense_card").choose("Vanishing Act")
    s.expect("effect_fighter")                           # Vanishing Act: which combatant?
    assert s.events("draw") == []                         # the attacker's effect waits
    assert sorted(g.cards[c].defn.name for c in g.in_play) == ["Vanishing Act", "Wishing for More Wishes"]
    s.choose("Houdini").expect("effect_destination").choose("M18")
    assert [e["player"] for e in s.events("draw")] == [0, 1, 1, 1]
    assert first_index(s, "move") < first_index(s, "draw")
    assert seen == {"combat": None, "draws": 4,
                    "discards": (["Vanishing Act"], ["Wishing for More Wishes"])}


def test_defenders_effect_resolves_first_at_the_same_timing():
    """Misdirection and Feint both cancel the other card immediately; the defender's resolves
    first, so only the attacker's card is cancelled."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Misdirection")
    s.hand(1, "Feint")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Feint")
    cancels = s.events("cancel")
    assert [(e["card"], e["detail"]) for e in cancels] == [("Misdirection", "Feint")]


def test_combat_damage_is_attack_minus_defense_and_never_hurts_the_attacker():
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I Grant You Death")
    s.hand(0, "Grand Escape", "Vanishing Act")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("Grand Escape")
    s.expect("combat_boost").choose("Vanishing Act")       # 2 + 2 against an attack of 2
    assert s.events("combat_result")[0]["detail"] == "2-4"
    assert s.events("combat_result")[0]["amount"] == 0
    assert s.f("The Genie").health == 16 and s.f("Houdini").health == 14


def test_printed_value_ignores_changes_made_by_effects():
    """Echo (attack 3; during: add the opponent card's printed value). Grand Escape is printed
    2 but boosted to 4 first (the defender's during effect resolves first): Echo becomes 3 + 2,
    not 3 + 4."""
    s = Scenario(hero_defs=(make_tester_hero(), find_hero("houdini")))
    s.place("Tester", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(0, "Echo")
    s.hand(1, "Grand Escape", "Vanishing Act")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Grand Escape")
    s.expect("combat_boost").choose("Vanishing Act")
    assert [e["amount"] for e in s.events("reveal")] == [3, 2]     # printed values
    assert s.events("combat_result")[0]["detail"] == "5-4"
    assert s.f("Houdini").health == 13


def test_ignored_value_counts_zero_however_it_is_changed():
    """Null Ward (defense 1; during: ignore the opponent card's value) against Flourish,
    which is boosted after the value is ignored: the attack still counts 0."""
    s = Scenario(hero_defs=(find_hero("houdini"), make_tester_hero()))
    s.place("Houdini", "M10").place("Tester", "M11").remove("Bess")
    s.hand(0, "Flourish", "Grand Escape")
    s.hand(1, "Null Ward")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Null Ward")
    s.expect("combat_boost").choose("Grand Escape")
    assert s.events("boost")[0]["amount"] == 3
    assert s.events("combat_result")[0]["detail"] == "0-1"
    assert s.f("Tester").health == 10


def test_cancelled_effects_are_not_resolved():
    """For My Next Trick (after: move 1, draw 1, gain 1 action) cancelled by Feint: none of
    it happens."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "For My Next Trick", "Flourish")
    s.hand(1, "Feint")
    s.begin_turn(0)
    s.choose("attack").expect("attack_card").choose("For My Next Trick")
    s.expect("defense_card").choose("Feint")
    assert s.events("cancel")[0]["card"] == "For My Next Trick"
    for kind in ("move", "draw", "gain_action"):
        assert s.events(kind) == []
    assert s.game.players[0].actions == 1
    assert s.hand_names(0) == ["Flourish"]


def test_effects_of_a_defeated_fighters_card_still_resolve():
    """Houdini (2 health) is defeated by the combat damage, yet his Vanishing Act still moves
    the Genie after combat; then the action ends and so does the game."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.health("Houdini", 2)
    s.hand(1, "Careful What You Wish For")
    s.hand(0, "Vanishing Act")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("Vanishing Act")
    assert not s.f("Houdini").alive and not s.game.over
    d = s.expect("effect_destination").pending            # only the Genie is left to move
    assert d.player == 0 and d.info["fighter"] == s.fighter("The Genie")
    s.choose("M22")
    assert s.f("The Genie").space == s.space("M22")
    assert s.game.over and s.game.winner == 1


def test_up_to_n_allows_zero():
    """Vanishing Act: "move up to 3 spaces" — staying put is an option."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.hand(0, "Vanishing Act")
    s.begin_turn(0)
    s.choose("attack")
    s.expect("effect_fighter").choose("Houdini")
    assert "M10" in labels(s, s.expect("effect_destination").pending.options)
    s.choose("M10")
    assert s.f("Houdini").space == s.space("M10") and s.events("move") == []


def test_partial_resolution_resolves_what_it_can():
    """Three Wishes: gain 1 action and the opponent discards 2 — Houdini holds 1 card: he
    discards it and the Genie still gains her action."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Three Wishes", "Feint")
    s.hand(0, "Flourish")
    genie_turn(s)
    s.choose("scheme").expect("effect_mode").choose("opponent discards 2")
    s.expect("action")
    assert s.hand_names(0) == [] and s.discard_names(0) == ["Flourish"]
    assert [e["amount"] for e in s.events("gain_action")] == [1]
    assert s.game.players[1].actions == 2


def test_attacker_wins_the_combat_by_dealing_at_least_one_combat_damage():
    """Your Wish Is My Command (3) against Grand Escape (2): 1 combat damage, the attacker won
    (its "if you won" is offered), the defender lost (Grand Escape's escape is not)."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "Your Wish Is My Command", "Feint", "Feint")
    s.hand(0, "Grand Escape")
    genie_turn(s)
    s.choose("attack").expect("attack_card").choose("Your Wish Is My Command")
    s.expect("defense_card").choose("Grand Escape")
    result = s.events("combat_result")[0]
    assert (result["player"], result["amount"]) == (1, 1)
    assert s.f("Houdini").health == 13
    assert s.expect("effect_may").pending.player == 1
    s.choose(False)
    assert s.f("Houdini").space == s.space("M11")


def test_defender_wins_without_combat_damage_even_if_hurt_by_effects():
    """Grand Escape boosted with Misdirection, whose BOOST bonus hurts Houdini himself: he
    loses 2 health to the effect but takes no combat damage, so he won and escapes."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.hand(1, "I Grant You Death")
    s.hand(0, "Grand Escape", "Misdirection")
    genie_turn(s)
    s.choose("attack").expect("defense_card").choose("Grand Escape")
    s.expect("combat_boost").choose("Misdirection")
    s.expect("effect_fighter").choose("Houdini")
    assert s.f("Houdini").health == 12
    result = s.events("combat_result")[0]
    assert (result["player"], result["amount"], result["detail"]) == (0, 0, "2-3")
    s.expect("effect_destination").choose("M01")           # Grand Escape: "if you won"
    assert s.f("Houdini").space == s.space("M01")


# ============================================================================ exhaustion, hand limit
def test_exhaustion_each_fighter_takes_2_damage_per_undrawable_card_and_no_reshuffle():
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M05").place("The Genie", "M31")
    s.empty_deck(0)
    discard_before = list(s.game.players[0].discard)
    s.begin_turn(0)
    assert s.events("exhausted")[0]["amount"] == 1
    assert (s.f("Houdini").health, s.f("Bess").health) == (12, 3)
    assert s.game.players[0].deck == [] and s.game.players[0].discard == discard_before
    assert s.game.players[0].hand == []


def test_exhaustion_damage_counts_every_card_that_cannot_be_drawn():
    """Set the Stage draws 3 with 1 card left: 1 is drawn, 2 are missing — 4 damage each."""
    s = Scenario()
    s.place("Houdini", "M02").place("Bess", "M05").place("The Genie", "M31")
    s.hand(0, "Set the Stage")
    p = s.game.players[0]
    for cid in p.deck[:-1]:
        s.game.discard_pile_add(0, cid)
    del p.deck[:-1]
    last = p.deck[-1]
    s.begin_turn(0)
    s.choose("scheme")
    assert [e["amount"] for e in s.events("exhausted")] == [2]
    assert (s.f("Houdini").health, s.f("Bess").health) == (10, 1)
    # Set the Stage put the one card drawn back on top; the second action (a maneuver) drew it.
    assert [e["card"] for e in s.events("put_on_deck")] == [s.game.cards[last].defn.name]
    s.expect("maneuver_boost")
    assert p.hand == [last] and p.deck == []
    assert len(s.events("exhausted")) == 1


def test_hand_limit_of_7_at_end_of_turn_player_chooses_the_discards():
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.hand(0, "Flourish", "Flourish", "Flourish", "Flourish", "Vanishing Act", "Vanishing Act",
           "Vanishing Act", "Grand Escape")
    s.deck_top(0, "Misdirection", "Misdirection")
    s.begin_turn(0)
    s.expect("maneuver_boost").choose(None)
    stay(s, "Houdini")
    s.expect("maneuver_boost")
    assert len(s.game.players[0].hand) == 10 and s.events("discard") == []  # fine mid-turn
    s.choose(None)
    stay(s, "Houdini")
    d = s.expect("hand_limit_discard").pending
    assert d.player == 0 and d.info["excess"] == 3 and len(d.options) == 10
    s.choose("Grand Escape").choose("Misdirection").choose("Misdirection")
    assert len(s.game.players[0].hand) == 7
    assert s.discard_names(0) == ["Grand Escape", "Misdirection", "Misdirection"]
    assert {e["detail"] for e in s.events("discard")} == {"hand_limit"}
    assert first_index(s, "discard") < first_index(s, "turn_end")
    assert s.game.active == 1


# ============================================================================ defeat, recovery
def test_defeated_fighter_is_removed_from_the_board():
    s = Scenario()
    s.place("The Genie", "M10").place("Bess", "M11").place("Houdini", "M31")
    s.health("Bess", 1)
    s.hand(1, "Careful What You Wish For")
    genie_turn(s)
    s.choose("attack")
    bess = s.f("Bess")
    assert (bess.alive, bess.on_board, bess.space, bess.health) == (False, False, NO_SPACE, 0)
    assert s.game.occupant[s.space("M11")] == -1
    assert s.events("defeat")[0]["fighter"] == "Bess"
    assert not s.game.over                                 # a sidekick, not the hero
    s.expect("maneuver_boost")                             # nothing left in range to attack


def test_recovery_is_capped_at_starting_health():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.health("The Genie", 14)
    s.hand(0, "Flourish")
    s.hand(1, "Back in the Lamp")
    s.begin_turn(0)
    s.choose("attack").expect("defense_card").choose("Back in the Lamp")
    assert s.events("recover")[0]["amount"] == 2 and s.events("recover")[0]["health"] == 16
    assert s.f("The Genie").health == 13


def test_defeated_fighter_cannot_recover():
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    assert s.game.recover(s.fighter("Bess"), 3) == 0
    assert s.f("Bess").health == 0 and not s.f("Bess").alive
    assert s.events("recover") == []


# ============================================================================ place vs move
def test_place_ignores_paths_and_blockers_move_does_not():
    """The Genie boxed in at M01 by Houdini (M02) and Bess (M07) cannot move anywhere, but I Am
    Freed places her on any empty space."""
    s = Scenario()
    s.place("The Genie", "M01").place("Houdini", "M02").place("Bess", "M07")
    genie = s.fighter("The Genie")
    assert s.game.reachable(genie, 3) == [s.space("M01")]
    s.hand(1, "I Am Freed")
    genie_turn(s)
    s.choose("attack").expect("attack_target").choose(("The Genie", "Houdini"))
    d = s.expect("effect_destination").pending
    assert sorted(d.options) == sorted(s.game.empty_spaces()) and len(d.options) == 28
    s.choose("M31")
    assert s.f("The Genie").space == s.space("M31")
    assert s.events("place")[-1]["space"] == "M31" and s.events("move") == []


# ============================================================================ winning
def test_game_ends_at_the_end_of_the_action_that_defeats_a_hero():
    """Wishing for More Wishes defeats Houdini by combat damage; its after-combat draws still
    resolve, then the action ends and so does the game (no second action)."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.health("Houdini", 2)
    s.hand(1, "Wishing for More Wishes")
    genie_turn(s)
    s.choose("attack")
    g = s.game
    assert g.over and g.winner == 1 and g.end_reason == "combat"
    k = kinds(s)
    assert k.index("defeat") < k.index("draw") < k.index("game_end")
    assert [e["player"] for e in s.events("draw")] == [0, 1, 1, 1]
    assert len(s.events("action")) == 1 and g.pending is None


def test_both_heroes_defeated_the_player_whose_turn_it_is_wins():
    """The Genie's attack defeats Houdini; then drawing 3 from her empty deck defeats her."""
    s = Scenario()
    s.place("The Genie", "M10").place("Houdini", "M11").remove("Bess")
    s.health("Houdini", 2).health("The Genie", 6)
    s.hand(1, "Wishing for More Wishes")
    s.empty_deck(1)
    genie_turn(s)
    s.choose("attack")
    g = s.game
    assert not g.fighters[s.fighter("Houdini")].alive and not g.fighters[s.fighter("The Genie")].alive
    assert g.over and g.winner == 1 and g.end_reason == "both_heroes_defeated"


def test_both_heroes_defeated_on_the_other_players_turn_that_player_wins():
    """For My Next Trick defeats the Genie; its draw from Houdini's empty deck defeats him."""
    s = Scenario()
    s.place("Houdini", "M10").place("The Genie", "M11").remove("Bess")
    s.health("Houdini", 2).health("The Genie", 2)
    s.hand(0, "For My Next Trick")
    s.empty_deck(0)
    s.begin_turn(0)
    s.choose("attack")
    s.expect("effect_destination").choose("M10")          # "move up to 1": stay
    g = s.game
    assert g.over and g.winner == 0 and g.end_reason == "both_heroes_defeated"


def test_win_is_checked_at_the_start_of_an_action():
    """A hero defeated outside any action (here by a start-of-turn ability, as Hamlet's NOT TO
    BE can) loses before an action is taken."""
    s = Scenario()
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    houdini = s.fighter("Houdini")
    p = s.game.players[0]
    s.game.set_ability(0, type("Struck", (type(p.ability),), {"start_of_turn": lambda self, g, seat:
                                                              g.damage(houdini, 20, "ability")})(p.hero, p.ability.params))
    s.begin_turn(0)
    g = s.game
    assert g.over and g.winner == 1 and g.end_reason == "ability"
    assert s.events("action") == []


def test_turn_limit_ends_the_game_with_no_winner():
    s = Scenario(max_turns=2)
    s.place("Houdini", "M02").place("The Genie", "M31").remove("Bess")
    s.begin_turn(0)
    for _ in range(2):
        s.expect("maneuver_boost").choose(None)
        stay(s, "Houdini")
    for _ in range(2):
        s.expect("maneuver_boost").choose(None)
        stay(s, "The Genie")
    g = s.game
    assert g.over and g.winner is None and g.end_reason == "turn_limit" and g.turn == 2
    assert s.events("game_end")[0]["player"] is None
    assert [e["player"] for e in s.events("turn_start")] == [0, 1]


def test_the_action_menu_offers_attack_and_scheme_exactly_when_there_are_options():
    """The action menu asks "is there an attack / a scheme?" without listing them: at every
    action decision of random games over the roster, the answers match the full option lists."""
    import random as _random

    from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
    from unmatched_sim.engine.game import Game
    from unmatched_sim.policies.random_policy import RandomPolicy
    from unmatched_sim.engine.view import PlayerView

    ids = sorted(hero_ids())
    checked = 0
    for k, a in enumerate(ids):
        b = ids[(k + 5) % len(ids)]
        g = Game(find_board("marmoreal"), (find_hero(a), find_hero(b)), seed=k)
        pols = [RandomPolicy(_random.Random(f"menu:{k}:{s}")) for s in range(2)]
        g.start()
        while g.pending is not None and not g.over:
            d = g.pending
            for seat in range(2):    # at every decision, in every position reached
                assert g.can_attack_now(seat) == bool(g.attack_options(seat))
                assert g.can_scheme_now(seat) == bool(g.scheme_options(seat))
            if d.kind == "action":
                seat = d.player
                assert ("attack" in d.options) == bool(g.attack_options(seat)) == g.can_attack_now(seat)
                assert ("scheme" in d.options) == bool(g.scheme_options(seat)) == g.can_scheme_now(seat)
                checked += 1
            g.answer(pols[d.player].choose(PlayerView(g, d.player), d))
    assert checked > 200
