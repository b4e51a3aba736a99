"""Pandora (Battle of Legends, Volume Three): Pandora's Box, the seven miseries, every card.

Seat 0 is Pandora, seat 1 the Genie (or Houdini where an opposing sidekick is needed), on
Marmoreal. ``stack_box`` decides which miseries come off the box first; ``open_box`` starts
Pandora's turn, reveals exactly those miseries and stops.
"""

from __future__ import annotations

import copy
import random
import shutil
import tomllib
from pathlib import Path

import pytest

from tests.scenario import maneuver_in_place, Scenario
from unmatched_sim.data.catalog import board_ids, find_board, find_hero, hero_ids
from unmatched_sim.data.heroes import parse_hero
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView, board_distances
from unmatched_sim.errors import DataError
from unmatched_sim.policies.greedy import GreedyPolicy
from unmatched_sim.policies.random_policy import RandomPolicy

HEROES = Path(__file__).resolve().parent.parent / "heroes"
FILE_ORDER = ("Pain", "Toil", "Confusion", "Woe", "Hope", "Misfortune", "Greed")


# ---------------------------------------------------------------------------- helpers
def stack_box(s: Scenario, *names: str, seat: int = 0) -> Scenario:
    """The named miseries are revealed first, in this order; the rest follow."""
    s.game.players[seat].ability.stack(s.game, seat, names)
    return s


def open_box(s: Scenario, *names: str) -> Scenario:
    """Start Pandora's turn, reveal exactly these miseries (no decisions inside them) and stop."""
    stack_box(s, *names)
    s.begin_turn(0)
    for _ in names[1:]:
        s.expect("misery_continue").choose("reveal")
    s.expect("misery_continue").choose("stop")
    return s


def res(s: Scenario, seat: int = 0) -> dict:
    return s.game.players[seat].res


def duel(hero1: str = "genie") -> Scenario:
    """Pandora on M10 next to the opponent's hero on M11; Kakodæmons off the board. Pandora
    holds a spare scheme (Forged by Hephaestus) so that her action decision is always a real
    choice: a lone option would be taken at once and the turn would run on past the checks."""
    s = Scenario("pandora", hero1)
    s.hand(0, "Forged by Hephaestus")
    opp = "The Genie" if hero1 == "genie" else "Houdini"
    s.place("Pandora", "M10").place(opp, "M11")
    if hero1 == "houdini":
        s.place("Bess", "M01")
    return s


def kinds_between(s: Scenario, first: str, last: str) -> list[str]:
    rows = [e["kind"] for e in s.events()]
    i = rows.index(first)
    return rows[i + 1:rows.index(last, i + 1)]


def raw_pandora() -> dict:
    return tomllib.loads((HEROES / "pandora.toml").read_text(encoding="utf-8"))


def misery(raw: dict, name: str) -> dict:
    return next(m for m in raw["ability"]["params"]["miseries"] if m["name"] == name)


@pytest.fixture
def designer_heroes(tmp_path, monkeypatch):
    """Point the catalog at a fresh heroes folder holding an edited copy of pandora.toml (and
    the Genie), as a designer would; Scenario then plays the edited file."""
    made = []

    def write(raw_text: str) -> None:
        folder = tmp_path / f"heroes{len(made)}"
        folder.mkdir()
        made.append(folder)
        (folder / "pandora.toml").write_text(raw_text, encoding="utf-8")
        shutil.copy(HEROES / "genie.toml", folder / "genie.toml")
        monkeypatch.setenv("UNMATCHED_HEROES", str(folder))
    return write


def edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


# ============================================================================ hero and deck
def test_pandora_has_14_health_move_2_and_two_one_health_kakodaemons():
    h = find_hero("pandora")
    assert (h.hero.health, h.move, h.hero.ranged) == (14, 2, False)
    (kako,) = h.sidekicks
    assert (kako.name, kako.count, kako.health, kako.ranged, kako.starts_on_board) == ("Kakodæmon", 2, 1, False, False)


def test_pandora_deck_lists_all_thirty_cards_with_their_numbers():
    h = find_hero("pandora")
    got = {c.name: (c.type, c.value, c.boost, c.copies, None if c.users is None else tuple(sorted(c.users)))
           for c in h.cards}
    assert got == {
        "Hera's Curiosity": ("attack", 3, 4, 3, ("Pandora",)),
        "Aphrodite's Beauty": ("attack", 0, 3, 3, None),
        "Hindsight": ("attack", 3, 2, 3, ("Pandora",)),
        "Celestial Raiments": ("defense", 0, 3, 2, ("Pandora",)),
        "Offering to the Gods": ("defense", 2, 1, 2, None),
        "Guided by the Fates": ("versatile", 2, 3, 3, None),
        "Divine Intervention": ("versatile", 3, 1, 2, ("Pandora",)),
        "Zeus's Mischief": ("scheme", None, 1, 2, ("Pandora",)),
        "Forged by Hephaestus": ("scheme", None, 1, 3, None),
        "Spite": ("attack", 3, 2, 2, ("Kakodæmon",)),
        "Malice": ("versatile", 2, 2, 2, ("Kakodæmon",)),
        "Feint": ("versatile", 2, 2, 3, None),
    }
    assert h.deck_size == 30


def test_the_misery_box_holds_seven_miseries_with_their_feathers():
    ability = find_hero("pandora").ability
    assert [(m.name, m.feathers) for m in ability.params["miseries"]] == [
        ("Pain", 1), ("Toil", 1), ("Confusion", 0), ("Woe", 0), ("Hope", 0), ("Misfortune", 2), ("Greed", 1)]
    assert (ability.params["bust_at"], ability.params["damage_per_misery"]) == (3, 1)


# ============================================================================ setup
def test_kakodaemons_start_off_the_board_and_are_not_placed_at_setup():
    g = Game(find_board("marmoreal"), (find_hero("pandora"), find_hero("genie")), seed=3).start()
    for name in ("Kakodæmon 1", "Kakodæmon 2"):
        f = next(f for f in g.fighters if f.name == name)
        assert f.alive and not f.on_board and f.health == 1
    placed = [e[3] for e in g.events if e[2] == "place"]
    assert sorted(placed) == ["Pandora", "The Genie"]


def test_setup_logs_the_misery_box_composition_in_file_order():
    g = Game(find_board("marmoreal"), (find_hero("genie"), find_hero("pandora")), seed=3).start()
    rows = [e for e in g.events if e[2] == "misery_box"]
    assert len(rows) == 1
    assert rows[0][1] == 1
    assert rows[0][10] == "Pain:1;Toil:1;Confusion:0;Woe:0;Hope:0;Misfortune:2;Greed:1"


def test_setup_shuffles_the_box_with_pandoras_seat_stream():
    g = Game(find_board("marmoreal"), (find_hero("pandora"), find_hero("genie")), seed=11)
    expected = list(FILE_ORDER)
    rng = random.Random("11:a")
    rng.shuffle(list(range(30)))          # her deck is shuffled first from the same stream
    rng.shuffle(expected)
    g.start()                             # runs into her first turn: one misery is revealed
    r = g.players[0].res
    assert r["_misery_box"] + r["revealed_miseries"] == tuple(expected)


# ============================================================================ Pandora's Box
def test_the_box_opens_at_the_start_of_her_turn_before_her_first_action():
    s = duel()
    stack_box(s, "Greed")
    hand_before = len(s.game.players[0].hand)
    s.begin_turn(0)
    kinds = [e["kind"] for e in s.events()]
    assert kinds[kinds.index("turn_start") + 1] == "misery_reveal"
    assert "action" not in kinds
    s.expect("misery_continue")
    assert s.pending.options == ("stop", "reveal")
    assert len(s.game.players[0].hand) == hand_before + 1     # Greed resolved before she decides


def test_each_reveal_logs_the_misery_its_feathers_and_the_running_total():
    s = duel()
    stack_box(s, "Pain", "Hope", "Toil")
    s.begin_turn(0)
    s.choose("reveal").choose("reveal")
    rows = [(e["card"], e["amount"], e["value"]) for e in s.events("misery_reveal")]
    assert rows == [("Pain", 1, 1), ("Hope", 0, 1), ("Toil", 1, 2)]
    assert res(s)["revealed_miseries"] == ("Pain", "Hope", "Toil")
    assert res(s)["misery_feathers"] == 2


def test_stopping_logs_the_miseries_and_feathers_revealed_this_turn():
    s = duel()
    open_box(s, "Hope", "Toil")
    (row,) = s.events("misery_stop")
    assert (row["player"], row["amount"], row["value"]) == (0, 2, 1)
    s.expect("action")                            # the box is closed; her turn goes on


def test_revealing_three_feathers_busts_and_deals_one_damage_per_revealed_misery():
    s = duel()
    stack_box(s, "Hope", "Toil", "Misfortune")
    s.begin_turn(0)
    s.choose("reveal").choose("reveal")
    (bust,) = s.events("misery_bust")
    assert (bust["amount"], bust["value"]) == (3, 3)
    assert s.f("Pandora").health == 11
    rows = s.events()
    i = next(k for k, e in enumerate(rows) if e["kind"] == "misery_bust")
    dmg = rows[i + 1]
    assert (dmg["kind"], dmg["fighter"], dmg["amount"], dmg["detail"]) == ("damage", "Pandora", 3, "misery_bust")
    assert (dmg["by_player"], dmg["by_fighter"]) == (0, "Pandora")     # her own doing, not her foe's


def test_bust_damage_counts_miseries_not_feathers():
    s = duel()
    stack_box(s, "Pain", "Toil", "Misfortune")        # 3 miseries, 4 feathers
    s.begin_turn(0)
    s.choose("reveal").choose("reveal")
    (bust,) = s.events("misery_bust")
    assert (bust["amount"], bust["value"]) == (3, 4)
    assert s.f("Pandora").health == 11

    s = duel()
    stack_box(s, "Misfortune", "Greed")               # 2 miseries, 3 feathers
    s.begin_turn(0)
    s.choose("reveal")
    assert s.f("Pandora").health == 12


def test_a_bust_forces_her_to_stop_without_a_choice():
    s = duel()
    stack_box(s, "Misfortune", "Toil")
    s.begin_turn(0)
    s.choose("reveal")
    s.expect("action")
    assert len(s.events("misery_reveal")) == 2
    assert s.events("misery_stop") == []
    assert len(res(s)["_misery_box"]) == 5


def test_the_misery_that_busts_still_resolves_before_the_bust_damage():
    s = duel()
    stack_box(s, "Misfortune", "Greed")
    s.begin_turn(0)
    hand_before = len(s.game.players[0].hand)
    s.choose("reveal")
    assert len(s.game.players[0].hand) == hand_before + 1
    assert kinds_between(s, "misery_reveal", "misery_bust")[-2:] == ["misery_reveal", "draw"]


def test_zero_feather_miseries_never_force_a_stop():
    s = duel()
    stack_box(s, "Hope", "Confusion", "Woe")
    s.begin_turn(0)
    s.choose("reveal")
    s.expect("effect_destination").choose("M10")       # Confusion: stay
    s.expect("misery_continue").choose("reveal")
    s.expect("effect_destination").choose("M19")       # Woe: summon
    s.expect("misery_continue")
    assert res(s)["misery_feathers"] == 0 and len(res(s)["revealed_miseries"]) == 3
    assert s.events("misery_bust") == []


def test_a_bust_that_defeats_pandora_ends_the_game_with_reason_misery_bust():
    s = duel()
    s.health("Pandora", 2)
    stack_box(s, "Misfortune", "Toil")
    s.begin_turn(0)
    s.choose("reveal")
    g = s.game
    assert g.over and g.winner == 1 and g.end_reason == "misery_bust"
    assert s.events("defeat")[0]["detail"] == "misery_bust"


def test_revealed_miseries_stay_face_up_until_her_turn_ends():
    s = duel()
    s.place("The Genie", "M27")
    s.hand(0, "Zeus's Mischief")
    open_box(s, "Hope", "Pain")
    maneuver_in_place(s)
    assert res(s)["revealed_miseries"] == ("Hope", "Pain")
    # They still count for her second action: Zeus's Mischief draws 2.
    hand = len(s.game.players[0].hand)
    s.expect("action").choose("scheme")
    s.expect("scheme_card").choose(("Zeus's Mischief", "Pandora"))
    s.expect("effect_destination").choose("M27")
    assert len(s.game.players[0].hand) == hand - 1 + 2
    maneuver_in_place(s)
    assert s.game.active == 1                        # her turn is over: the box is closed again
    assert res(s)["revealed_miseries"] == ()


def test_at_the_end_of_her_turn_all_seven_miseries_are_reshuffled_with_her_seat_stream():
    s = duel()
    s.place("The Genie", "M27")
    open_box(s, "Hope", "Pain")
    maneuver_in_place(s)
    expected = list(FILE_ORDER)
    copy.deepcopy(s.game.rngs[0]).shuffle(expected)
    maneuver_in_place(s)
    assert s.game.active == 1
    assert res(s)["_misery_box"] == tuple(expected)
    assert res(s)["revealed_miseries"] == () and res(s)["misery_feathers"] == 0


def test_an_empty_box_leaves_her_only_the_choice_to_stop(designer_heroes):
    text = (HEROES / "pandora.toml").read_text(encoding="utf-8")
    for old in ('feathers = 1\n', 'feathers = 2\n'):
        text = text.replace(old, 'feathers = 0\n')
    text = edit(text, '{ op = "move", who = "Pandora", up_to = 1 }', '{ op = "draw", count = 1 }')
    text = edit(text, '{ op = "summon", sidekick = "Kakodæmon", where = "hero_zone" }', '{ op = "draw", count = 1 }')
    designer_heroes(text)
    s = duel()
    stack_box(s, *FILE_ORDER)
    s.begin_turn(0)
    for _ in range(6):
        s.expect("misery_continue").choose("reveal")
    s.expect("action")
    (row,) = s.events("misery_stop")
    assert (row["amount"], row["value"]) == (7, 0)
    assert res(s)["_misery_box"] == ()


def test_feathers_bust_threshold_and_damage_are_read_from_the_hero_file(designer_heroes):
    text = (HEROES / "pandora.toml").read_text(encoding="utf-8")
    text = edit(text, "bust_at = 3 ", "bust_at = 2 ")
    text = edit(text, "damage_per_misery = 1 ", "damage_per_misery = 2 ")
    designer_heroes(text)
    s = duel()
    assert s.events("misery_box")[0]["detail"] == "Pain:1;Toil:1;Confusion:0;Woe:0;Hope:0;Misfortune:2;Greed:1"
    stack_box(s, "Hope", "Pain", "Toil")
    s.begin_turn(0)
    s.choose("reveal").choose("reveal")            # 2 feathers: bust at 2, 2 damage per misery
    assert s.f("Pandora").health == 14 - 6

    raw = (HEROES / "pandora.toml").read_text(encoding="utf-8")
    designer_heroes(edit(raw, 'name = "Misfortune"\nfeathers = 2', 'name = "Misfortune"\nfeathers = 3'))
    s = duel()
    assert "Misfortune:3" in s.events("misery_box")[0]["detail"]
    stack_box(s, "Misfortune")
    s.begin_turn(0)
    s.expect("action")
    assert s.f("Pandora").health == 13


def test_the_continue_decision_gives_her_the_odds_from_the_unrevealed_miseries():
    s = duel()
    stack_box(s, "Pain")
    s.begin_turn(0)
    info = s.expect("misery_continue").pending.info
    assert info["revealed"] == 1 and info["feathers"] == 1 and info["bust_at"] == 3
    assert info["bust_damage"] == 2
    assert info["unrevealed_feathers"] == (0, 0, 0, 1, 1, 2)
    assert info["next_known"] is None


def test_clone_copies_the_misery_state_independently():
    s = duel()
    stack_box(s, "Hope", "Greed")
    s.begin_turn(0)
    g = s.game
    c = g.clone()
    c.answer("reveal")
    assert c.players[0].res["revealed_miseries"] == ("Hope", "Greed")
    assert g.players[0].res["revealed_miseries"] == ("Hope",)
    assert len(g.players[0].res["_misery_box"]) == 6
    g.answer("reveal")
    assert g.players[0].res == c.players[0].res


def test_a_player_view_shows_revealed_miseries_but_never_the_box_order():
    s = duel()
    stack_box(s, "Hope")
    s.begin_turn(0)
    for seat in (0, 1):
        shown = PlayerView(s.game, seat).resources(0)
        assert shown["revealed_miseries"] == ("Hope",)
        assert not any(k.startswith("_") for k in shown)


# ============================================================================ the miseries
def test_pain_deals_one_damage_to_each_opposing_fighter_adjacent_to_pandora_only():
    s = duel("houdini")                           # Houdini on M11 is adjacent, Bess on M01 is not
    s.place("Kakodæmon 1", "M19")                 # her own Kakodæmon next to her is spared
    open_box(s, "Pain")
    assert s.f("Houdini").health == 13
    assert s.f("Bess").health == 5
    assert s.f("Kakodæmon 1").health == 1 and s.f("Pandora").health == 14
    s = duel("houdini")
    s.place("Bess", "M15")                        # now both are adjacent
    open_box(s, "Pain")
    assert (s.f("Houdini").health, s.f("Bess").health) == (13, 4)


def test_toil_adds_one_to_the_value_of_pandoras_attacks_this_turn():
    s = duel()
    s.hand(0, "Hindsight")
    open_box(s, "Toil")
    s.attack("Pandora", "The Genie", "Hindsight", None)
    assert s.events("combat_result")[0]["amount"] == 4
    assert s.f("The Genie").health == 12
    (row,) = s.events("attack_bonus")
    assert (row["amount"], row["detail"]) == (1, "Pandora")


def test_toil_does_not_add_to_a_kakodaemons_attack():
    s = duel()
    s.place("Kakodæmon 1", "M19")
    s.hand(0, "Malice")
    open_box(s, "Toil")
    s.attack("Kakodæmon 1", "The Genie", "Malice", None)
    assert s.events("combat_result")[0]["amount"] == 2


def test_toil_lapses_when_her_turn_ends():
    s = duel()
    s.place("The Genie", "M27")
    s.hand(0, "Hindsight")
    open_box(s, "Toil")
    maneuver_in_place(s)
    maneuver_in_place(s)
    assert s.game.active == 1
    stack_box(s, "Hope")                          # her next turn reveals only Hope
    maneuver_in_place(s)                          # the Genie's turn
    maneuver_in_place(s)
    s.game.place(s.fighter("The Genie"), s.space("M11"))
    s.expect("misery_continue").choose("stop")
    s.attack("Pandora", "The Genie", "Hindsight", None)
    assert s.events("combat_result")[0]["amount"] == 3


def test_confusion_moves_pandora_up_to_one_space():
    s = duel()
    stack_box(s, "Confusion")
    s.begin_turn(0)
    s.expect("effect_destination")
    assert sorted(s.options()) == ["M10", "M15", "M18", "M19"]
    s.choose("M15")
    assert s.f("Pandora").space == s.space("M15")


def test_woe_summons_a_kakodaemon_onto_an_empty_space_in_pandoras_zone():
    s = duel()
    stack_box(s, "Woe")
    s.begin_turn(0)
    s.expect("effect_destination")
    b = s.board
    zone = b.zone_mask[s.space("M10")]
    expected = sorted(b.labels[x] for x in range(b.size)
                      if b.zone_mask[x] & zone and s.game.occupant[x] < 0)
    assert sorted(s.options()) == expected
    s.choose("M14")
    k = s.f("Kakodæmon 1")
    assert k.on_board and k.space == s.space("M14") and k.health == 1
    (row,) = s.events("summon")
    assert (row["fighter"], row["space"]) == ("Kakodæmon 1", "M14")


def test_woe_with_both_kakodaemons_on_the_board_moves_one_of_them():
    s = duel()
    s.place("Kakodæmon 1", "M01").place("Kakodæmon 2", "M02")
    stack_box(s, "Woe")
    s.begin_turn(0)
    s.expect("effect_fighter").choose("Kakodæmon 2")
    s.expect("effect_destination").choose("M19")
    assert s.f("Kakodæmon 2").space == s.space("M19")
    assert s.f("Kakodæmon 1").space == s.space("M01")


def test_woe_brings_back_a_defeated_kakodaemon_at_full_health():
    s = duel()
    s.place("Kakodæmon 2", "M01")
    s.remove("Kakodæmon 1")
    stack_box(s, "Woe")
    s.begin_turn(0)
    s.expect("effect_destination").choose("M19")
    k = s.f("Kakodæmon 1")
    assert k.alive and k.on_board and k.health == 1


def test_hope_shows_pandora_the_next_misery_before_she_decides():
    s = duel()
    stack_box(s, "Hope", "Misfortune", "Pain")
    s.begin_turn(0)
    assert s.expect("misery_continue").pending.info["next_known"] == ("Misfortune", 2)
    s.choose("reveal")
    assert s.pending.info["next_known"] is None


def test_misfortune_carries_two_feathers_and_does_nothing_else():
    s = duel()
    g = s.game
    before = ([f.health for f in g.fighters], [f.space for f in g.fighters], len(g.players[0].hand))
    stack_box(s, "Misfortune")
    s.begin_turn(0)
    assert kinds_between(s, "turn_start", "misery_reveal") == []
    assert [e["kind"] for e in s.events()][-1] == "misery_reveal"
    assert s.events("misery_reveal")[0]["amount"] == 2
    assert ([f.health for f in g.fighters], [f.space for f in g.fighters], len(g.players[0].hand)) == before


def test_greed_draws_a_card():
    s = duel()
    s.deck_top(0, "Spite")
    stack_box(s, "Greed")
    s.begin_turn(0)
    assert "Spite" in s.hand_names(0)
    assert s.events("draw")[-1]["card"] == "Spite"


# ============================================================================ the cards
def test_heras_curiosity_adds_one_to_its_value_for_each_revealed_misery():
    s = duel()
    s.hand(0, "Hera's Curiosity")
    open_box(s, "Hope", "Misfortune")
    s.attack("Pandora", "The Genie", "Hera's Curiosity", None)
    assert s.events("combat_result")[0]["amount"] == 5
    assert s.f("The Genie").health == 11


def test_heras_curiosity_looks_at_the_opponents_hand_after_combat():
    s = duel()
    s.hand(0, "Hera's Curiosity")
    s.hand(1, "Feint", "Three Wishes")
    open_box(s, "Hope")
    s.attack("Pandora", "The Genie", "Hera's Curiosity", None)
    (row,) = s.events("look_at_hand")
    assert row["amount"] == 2
    assert all(s.game.known_to(0, 1, c) for c in s.game.players[1].hand)


def test_aphrodites_beauty_cancels_the_opponents_card_and_heals_one_per_revealed_misery():
    s = duel()
    s.health("Pandora", 8)
    s.hand(0, "Aphrodite's Beauty")
    s.hand(1, "Wishing for More Wishes")          # after combat: Pandora draws 1, the Genie 3
    open_box(s, "Hope", "Misfortune")
    hands = [len(p.hand) for p in s.game.players]
    s.attack("Pandora", "The Genie", "Aphrodite's Beauty", "Wishing for More Wishes")
    assert s.events("cancel")[0]["card"] == "Wishing for More Wishes"
    assert s.events("draw") == []
    assert [len(p.hand) for p in s.game.players] == [hands[0] - 1, hands[1] - 1]
    assert s.f("Pandora").health == 10               # +1 per revealed misery
    assert s.events("combat_result")[0]["detail"] == "0-3"


def test_aphrodites_beauty_can_be_played_by_a_kakodaemon_and_still_heals_pandora():
    s = duel()
    s.health("Pandora", 8)
    s.place("Kakodæmon 1", "M19")
    s.hand(0, "Aphrodite's Beauty")
    open_box(s, "Hope", "Misfortune", )
    s.attack("Kakodæmon 1", "The Genie", "Aphrodite's Beauty", None)
    assert s.f("Pandora").health == 10


def test_hindsight_puts_a_card_from_her_discard_pile_on_top_of_her_deck_when_she_wins():
    s = duel()
    s.hand(0, "Hindsight")
    s.discard_pile(0, "Spite", "Feint", "Feint")
    open_box(s, "Hope")
    s.attack("Pandora", "The Genie", "Hindsight", None)
    s.expect("effect_take_from_discard")
    assert sorted(s.options()) == ["Feint", "Spite"]     # copies are offered once
    s.choose("Spite")
    g = s.game
    assert g.cards[g.players[0].deck[-1]].defn.name == "Spite"
    assert s.discard_names(0) == ["Feint", "Feint", "Hindsight"]
    assert s.events("return_to_deck")[0]["card"] == "Spite"


def test_hindsight_does_nothing_when_she_loses_the_combat():
    s = duel()
    s.hand(0, "Hindsight")
    s.hand(1, "Wishing for More Wishes")
    s.discard_pile(0, "Spite")
    open_box(s, "Hope")
    s.attack("Pandora", "The Genie", "Hindsight", "Wishing for More Wishes")
    assert s.events("combat_result")[0]["amount"] == 0
    assert s.events("return_to_deck") == []
    assert "Spite" in s.discard_names(0)


def test_celestial_raiments_makes_the_attack_worth_zero():
    s = duel()
    s.hand(1, "Your Wish Is My Command")
    s.hand(0, "Celestial Raiments")
    s.begin_turn(1)
    s.choose(None)                                # Infinite Power: keep the hand
    s.attack("The Genie", "Pandora", "Your Wish Is My Command", "Celestial Raiments")
    assert s.events("combat_result")[0]["detail"] == "0-0"
    assert s.f("Pandora").health == 14


def test_offering_to_the_gods_may_be_boosted_and_deals_two_damage_when_she_wins():
    s = duel()
    s.hand(1, "Your Wish Is My Command")
    s.hand(0, "Offering to the Gods", "Hera's Curiosity")
    s.begin_turn(1)
    s.choose(None)                                # Infinite Power: keep the hand
    s.attack("The Genie", "Pandora", "Your Wish Is My Command", "Offering to the Gods")
    s.expect("combat_boost").choose("Hera's Curiosity")
    assert s.events("combat_result")[0]["detail"] == "3-6"
    assert s.f("Pandora").health == 14
    assert s.f("The Genie").health == 14


def test_offering_to_the_gods_deals_no_damage_when_she_loses():
    s = duel()
    s.hand(1, "Your Wish Is My Command")
    s.hand(0, "Offering to the Gods", "Hera's Curiosity")
    s.begin_turn(1)
    s.choose(None)
    s.attack("The Genie", "Pandora", "Your Wish Is My Command", "Offering to the Gods")
    s.expect("combat_boost").choose(None)
    assert s.f("Pandora").health == 13
    assert s.f("The Genie").health == 16


def test_guided_by_the_fates_discards_her_top_card_and_adds_its_boost_then_heals_two_on_a_win():
    s = duel()
    s.health("Pandora", 10)
    s.hand(0, "Guided by the Fates")
    open_box(s, "Hope")
    s.deck_top(0, "Hera's Curiosity")             # BOOST 4
    s.attack("Pandora", "The Genie", "Guided by the Fates", None)
    (row,) = s.events("discard_from_deck")
    assert (row["card"], row["amount"]) == ("Hera's Curiosity", 4)
    assert "Hera's Curiosity" in s.discard_names(0)
    assert s.events("combat_result")[0]["amount"] == 6
    assert s.f("Pandora").health == 12


def test_guided_by_the_fates_with_an_empty_deck_adds_nothing_and_deals_no_exhaustion_damage():
    s = duel()
    s.hand(0, "Guided by the Fates")
    open_box(s, "Hope")
    s.empty_deck(0)
    s.attack("Pandora", "The Genie", "Guided by the Fates", None)
    assert s.events("combat_result")[0]["amount"] == 2
    assert s.events("exhausted") == [] and s.events("discard_from_deck") == []
    assert s.f("Pandora").health == 14


def test_guided_by_the_fates_heals_pandora_when_a_kakodaemon_wins_with_it():
    s = duel()
    s.health("Pandora", 10)
    s.place("Kakodæmon 1", "M19")
    s.hand(0, "Guided by the Fates")
    open_box(s, "Hope")
    s.attack("Kakodæmon 1", "The Genie", "Guided by the Fates", None)
    assert s.f("Pandora").health == 12


def test_guided_by_the_fates_does_not_heal_when_she_loses():
    s = duel()
    s.health("Pandora", 10)
    s.hand(0, "Guided by the Fates")
    s.hand(1, "Wishing for More Wishes")
    open_box(s, "Hope")
    s.deck_top(0, "Divine Intervention")           # BOOST 1: 3 against 3
    s.attack("Pandora", "The Genie", "Guided by the Fates", "Wishing for More Wishes")
    assert s.events("combat_result")[0]["detail"] == "3-3"
    assert s.f("Pandora").health == 10


def test_divine_intervention_moves_pandora_up_to_five_spaces_after_combat():
    s = duel()
    s.hand(0, "Divine Intervention")
    open_box(s, "Hope")
    s.attack("Pandora", "The Genie", "Divine Intervention", None)
    s.expect("effect_destination")
    dist = board_distances(s.board)[s.space("M10")]
    reach = [s.space(label) for label in s.options()]
    assert max(dist[x] for x in reach) == 5
    assert s.space("M01") in reach and s.space("M20") not in reach     # 5 and 6 spaces away
    s.choose("M01")
    assert s.f("Pandora").space == s.space("M01")


def test_zeus_s_mischief_draws_per_revealed_misery_moves_an_opponent_and_gains_an_action():
    s = duel()
    s.hand(0, "Zeus's Mischief")
    open_box(s, "Hope", "Misfortune")
    hand = len(s.game.players[0].hand)
    s.expect("action").choose("scheme")
    s.expect("scheme_card").choose(("Zeus's Mischief", "Pandora"))
    s.expect("effect_destination")
    assert sorted(s.options()) == ["M11", "M12", "M19"]
    s.choose("M12")
    assert s.f("The Genie").space == s.space("M12")
    assert len(s.game.players[0].hand) == hand - 1 + 2
    assert s.game.players[0].actions == 2
    s.expect("action")


def test_forged_by_hephaestus_places_the_fighter_playing_it_anywhere_and_gains_an_action():
    s = duel()
    s.place("Kakodæmon 1", "M19")
    s.hand(0, "Forged by Hephaestus")
    open_box(s, "Hope")
    s.expect("action").choose("scheme")
    s.expect("scheme_card").choose(("Forged by Hephaestus", "Kakodæmon 1"))
    s.expect("effect_destination")
    assert len(s.options()) == len(s.game.empty_spaces())
    s.choose("M27")
    assert s.f("Kakodæmon 1").space == s.space("M27")
    assert s.f("Pandora").space == s.space("M10")
    assert s.game.players[0].actions == 2


def test_spite_damages_every_fighter_adjacent_to_the_kakodaemon_friend_or_foe():
    s = Scenario("pandora", "genie")
    s.place("The Genie", "M10").place("Kakodæmon 1", "M11").place("Pandora", "M12").place("Kakodæmon 2", "M19")
    s.hand(0, "Spite")
    open_box(s, "Hope")
    s.attack("Kakodæmon 1", "The Genie", "Spite", None)
    assert s.f("The Genie").health == 16 - 3 - 1
    assert s.f("Pandora").health == 13
    assert not s.f("Kakodæmon 2").alive
    assert s.f("Kakodæmon 1").health == 1


def test_malice_makes_the_opponent_discard_a_card_of_their_choice():
    s = duel()
    s.place("Kakodæmon 1", "M19")
    s.hand(0, "Malice")
    s.hand(1, "Feint", "Three Wishes")
    open_box(s, "Hope")
    s.attack("Kakodæmon 1", "The Genie", "Malice", None)
    d = s.expect("effect_discard").pending
    assert d.player == 1
    s.choose("Feint")
    assert s.hand_names(1) == ["Three Wishes"]
    assert s.events("discard")[-1]["detail"] == "opponent_effect"


def test_feint_cancels_the_effects_of_the_opponents_card():
    s = duel()
    s.hand(0, "Feint")
    s.hand(1, "Wishing for More Wishes")
    open_box(s, "Hope")
    s.attack("Pandora", "The Genie", "Feint", "Wishing for More Wishes")
    assert s.events("cancel")[0]["card"] == "Wishing for More Wishes"
    assert s.events("draw") == []                 # neither player draws


# ============================================================================ hero file checks
def _load(raw: dict):
    return parse_hero(raw, Path("pandora.toml"))


def test_the_hero_file_loads_as_shipped():
    assert _load(raw_pandora()).ability.hook == "pandoras_box"


def test_a_misery_without_feathers_is_rejected_naming_the_misery():
    raw = raw_pandora()
    del misery(raw, "Woe")["feathers"]
    with pytest.raises(DataError, match=r"ability\.params.*miseries\[3\] 'Woe'.*'feathers'"):
        _load(raw)


def test_negative_or_non_integer_feathers_are_rejected():
    for bad in (-1, 1.5, "2", True):
        raw = raw_pandora()
        misery(raw, "Pain")["feathers"] = bad
        with pytest.raises(DataError, match=r"'Pain'.*feathers.*whole number"):
            _load(raw)


def test_two_miseries_with_one_name_are_rejected():
    raw = raw_pandora()
    misery(raw, "Greed")["name"] = "Pain"
    with pytest.raises(DataError, match="two miseries are named 'Pain'"):
        _load(raw)


def test_an_unknown_misery_field_is_rejected():
    raw = raw_pandora()
    misery(raw, "Hope")["feather"] = 1
    with pytest.raises(DataError, match="unknown field 'feather'"):
        _load(raw)


def test_an_unknown_op_in_a_misery_effect_is_rejected():
    raw = raw_pandora()
    misery(raw, "Greed")["effect"] = [{"op": "drow", "count": 1}]
    with pytest.raises(DataError, match=r"'Greed'\.effect.*unknown op 'drow'"):
        _load(raw)


def test_a_box_without_miseries_or_with_an_unknown_parameter_is_rejected():
    raw = raw_pandora()
    del raw["ability"]["params"]["miseries"]
    with pytest.raises(DataError, match="needs 'miseries'"):
        _load(raw)
    raw = raw_pandora()
    raw["ability"]["params"]["bust"] = 3
    with pytest.raises(DataError, match="unknown parameter 'bust'"):
        _load(raw)


# ============================================================================ greedy policy
def greedy_choice(s: Scenario):
    return GreedyPolicy(random.Random(0)).choose(PlayerView(s.game, s.pending.player), s.pending)


def test_greedy_pandora_never_risks_a_bust_that_could_defeat_her():
    for health, expected in ((2, "stop"), (14, "reveal")):
        s = duel()
        s.health("Pandora", health)
        stack_box(s, "Pain")                       # Misfortune would bust for 2 damage
        s.begin_turn(0)
        assert greedy_choice(s) == expected, health


def test_greedy_pandora_reveals_when_no_unrevealed_misery_can_bust_her_even_at_one_health():
    s = duel()
    s.health("Pandora", 1)
    stack_box(s, "Confusion")
    s.begin_turn(0)
    s.choose("M10")
    assert greedy_choice(s) == "reveal"


def test_greedy_pandora_stops_on_even_odds_of_a_bust():
    s = duel()
    stack_box(s, "Misfortune")                    # 3 of the 6 left carry a feather
    s.begin_turn(0)
    assert greedy_choice(s) == "stop"


def test_greedy_pandora_trusts_what_hope_showed_her():
    s = duel()
    stack_box(s, "Greed", "Hope", "Misfortune")
    s.begin_turn(0)
    s.choose("reveal")
    assert greedy_choice(s) == "stop"             # Misfortune would make 3 feathers
    s = duel()
    s.health("Pandora", 1)
    stack_box(s, "Greed", "Hope", "Pain")
    s.begin_turn(0)
    s.choose("reveal")
    assert greedy_choice(s) == "reveal"           # Pain makes 2: safe even at 1 health


# ============================================================================ whole games
@pytest.mark.parametrize("other", hero_ids())
def test_random_games_of_pandora_against_every_hero_on_every_board_run_to_the_end(other):
    for board in board_ids():
        for seed in range(4):
            heroes = (find_hero("pandora"), find_hero(other))
            if seed % 2:
                heroes = heroes[::-1]
            g = Game(find_board(board), heroes, seed=seed)
            policies = [RandomPolicy(random.Random(f"{seed}:{k}")) for k in (0, 1)]
            views = [PlayerView(g, 0), PlayerView(g, 1)]
            g.start()
            while g.pending is not None:
                d = g.pending
                g.answer(policies[d.player].choose(views[d.player], d))
            assert g.over, (other, board, seed)
            assert g.end_reason == "turn_limit" or g.hero_defeated(1 - g.winner)
