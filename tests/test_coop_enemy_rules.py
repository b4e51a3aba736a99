"""The enemy rules of co-op that meet card text and the players' fighters (Tales to Amaze,
"Enemies" and "Adding Unmatched Fighters"): small fighters, effects for heroes or sidekicks,
an enemy's hand read as its deck, and its defense value when it defends. On the test board
of tests/boards/coop_tokens.toml with the invented example villain."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from tests.coop_helpers import example_game_on
from unmatched_sim.coop import data
from unmatched_sim.coop import game as cg
from unmatched_sim.coop.enemy_rules import enemy_targets
from unmatched_sim.data.board import load_board_file
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.data.heroes import parse_hero
from unmatched_sim.engine.effects import CONDITIONS, HOOK_EFFECTS, OPS, QUANTITIES, parse_effects
from unmatched_sim.engine.state import ATTACKER, SCHEME_ROLE, Combat, Ctx
from tests.test_coop_tokens import BOARD, events_of, hero, put, sp

REPO = Path(__file__).resolve().parent.parent


def game_of(heroes, seed=0) -> cg.CoopGame:
    """A co-op game of these hero definitions on the test board, set up, every fighter off the
    board, stopped before its first round."""
    return example_game_on(load_board_file(BOARD), tuple(heroes), seed)


def small(hero_id: str):
    """A hero definition whose hero fighter is marked small (a fixture: no shipped hero is)."""
    h = find_hero(hero_id)
    return replace(h, hero=replace(h.hero, small=True))


def villain(g) -> int:
    return g.enemy_fighter(g.coop.villain)


# ---------------------------------------------------------------------- small fighters
def test_hero_file_small_mark_is_read_and_checked(tmp_path):
    raw = tomllib.loads((REPO / "heroes" / "houdini.toml").read_text())
    assert parse_hero(raw, tmp_path / "houdini.toml").hero.small is False
    raw["hero"]["small"] = True
    assert parse_hero(raw, tmp_path / "houdini.toml").hero.small is True
    raw["hero"]["small"] = "yes"
    with pytest.raises(Exception, match="small"):
        parse_hero(raw, tmp_path / "houdini.toml")


def test_no_shipped_hero_has_a_small_fighter():
    from unmatched_sim.data.catalog import all_heroes
    assert not any(f.small for h in all_heroes() for f in (h.hero, *h.sidekicks))


def test_enemy_ignores_an_adjacent_small_fighter_and_attacks_the_other():
    g = game_of((small("houdini"), find_hero("alice")))
    put(g, villain(g), "A3")
    put(g, hero(g, 0), "A4")                   # small, next to the villain
    put(g, hero(g, 1), "A1")                   # two steps away
    assert enemy_targets(g) == [f for f in g.on_board(1)]
    g.players[1].hand.clear()
    cg._enemy_turn(g, g.coop.villain)
    g.run()
    attack = events_of(g, "attack")[-1]
    assert attack["target"] == g.fighters[hero(g, 1)].defn.name
    assert g.fighters[villain(g)].space in g.board.adjacent[sp(g, "A1")]


def test_enemy_with_only_small_fighters_in_reach_advances_the_threat():
    g = game_of((small("houdini"),))
    put(g, villain(g), "A3")
    put(g, hero(g, 0), "A4")
    cg._enemy_turn(g, g.coop.villain)
    g.run()
    assert not events_of(g, "attack")
    assert events_of(g, "no_target") and g.coop.threat == 1


def test_a_small_fighter_still_blocks_enemy_movement():
    g = game_of((small("houdini"),))
    put(g, villain(g), "A3")
    put(g, hero(g, 0), "A4")
    assert sp(g, "A5") not in g.reachable(villain(g), 3)


# ---------------------------------------------------------------------- "hero" and "sidekick" text
def test_an_enemy_is_neither_hero_nor_sidekick_for_card_text():
    g = game_of((find_hero("houdini"),))
    fmt = g.format
    for seat in range(g.coop.villain, len(g.players)):
        fi = g.enemy_fighter(seat)
        assert not fmt.counts_as_hero(g, fi) and not fmt.counts_as_sidekick(g, fi)
    assert fmt.counts_as_hero(g, hero(g))
    assert all(fmt.counts_as_sidekick(g, fi) for fi in g.players[0].fighters[1:])


def test_claws_that_catch_condition_is_false_against_an_enemy():
    g = game_of((find_hero("alice"),))
    is_hero = CONDITIONS["opposing_combatant_is_hero"]
    g.combat = Combat(0, hero(g), villain(g), g.coop.villain)
    assert not is_hero(g, Ctx(0, -1, ATTACKER, hero(g)))
    # (its card: 3, or 5 against a hero)
    card = next(c for c in find_hero("alice").cards if c.name == "Claws That Catch")
    assert any(op.cond is not None for ops in card.effects.values() for op in ops)


def test_no_contest_expecteth_never_defeats_an_enemy():
    g = game_of((find_hero("beowulf"),))
    put(g, villain(g), "A3")
    defeat = OPS["defeat"]({"op": "defeat", "target": "opposing_combatant", "sidekick_only": True},
                           frozenset())
    assert not defeat.acts_on(g, villain(g))
    g.combat = Combat(0, hero(g), villain(g), g.coop.villain)
    defeat.apply(g, Ctx(0, -1, ATTACKER, hero(g)), villain(g))
    assert g.fighters[villain(g)].alive


def test_master_of_disguise_does_not_swap_with_an_enemy():
    g = game_of((find_hero("sherlock_holmes"),))
    put(g, hero(g), "A1")
    put(g, villain(g), "A4")
    health = g.fighters[villain(g)].health
    op = parse_effects([{"op": "hook", "name": "swap_with_opposing_hero",
                         "params": {"who": "opponent", "damage": 1}}], frozenset(), "test")[0]
    HOOK_EFFECTS["swap_with_opposing_hero"](g, Ctx(0, -1, SCHEME_ROLE, hero(g), g.coop.villain), op)
    g.run()
    assert g.fighters[hero(g)].space == sp(g, "A1")
    assert g.fighters[villain(g)].health == health


def test_effects_on_fighters_act_on_enemies():
    g = game_of((find_hero("houdini"),))
    put(g, hero(g), "A3")
    put(g, villain(g), "A4")
    health = g.fighters[villain(g)].health
    ops = parse_effects([{"op": "damage", "target": "each_adjacent_opposing", "amount": 2}],
                        frozenset(), "test")
    g.run_effects(ops, Ctx(0, -1, SCHEME_ROLE, hero(g)))
    g.run()
    assert g.fighters[villain(g)].health == health - 2


# ---------------------------------------------------------------------- an enemy's "hand"
def _vs_villain(g) -> Ctx:
    put(g, hero(g), "A3")
    put(g, villain(g), "A4")
    return Ctx(0, -1, SCHEME_ROLE, hero(g), g.coop.villain)


def test_looking_at_an_enemys_hand_looks_at_the_top_card_of_its_deck():
    g = game_of((find_hero("houdini"),))
    ctx = _vs_villain(g)
    seat = g.coop.villain
    g.run_effects(parse_effects([{"op": "look_at_hand"}], frozenset(), "test"), ctx)
    g.run()
    look = events_of(g, "deck_look")[-1]
    assert (look["amount"], look["value"], look["detail"]) == (1, seat, "no_hand")
    assert g.players[seat].top_known_by.get(0) == 1
    assert g.players[seat].hand == []


@pytest.mark.parametrize("chooser", ["owner", "you", "random"])
def test_an_enemy_made_to_discard_puts_cards_from_its_deck_top_into_its_discard_pile(chooser):
    g = game_of((find_hero("houdini"),))
    ctx = _vs_villain(g)
    p = g.players[g.coop.villain]
    deception = next(c for c in p.deck if g.card(c).name == "Deception")
    p.deck.remove(deception)
    p.deck.insert(0, deception)                # out of the way at the bottom
    top = list(reversed(p.deck[-2:]))
    size = len(p.deck)
    ops = parse_effects([{"op": "discard", "count": 2, "chooser": chooser}], frozenset(), "test")
    g.run_effects(ops, ctx)
    g.run()
    assert g.pending is None                   # nobody chooses
    assert p.discard == top and len(p.deck) == size - 2
    assert [e["detail"] for e in events_of(g, "discard_from_deck")] == ["no_hand", "no_hand"]


def test_an_enemys_deception_discarded_from_its_deck_reshuffles():
    g = game_of((find_hero("houdini"),))
    ctx = _vs_villain(g)
    p = g.players[g.coop.villain]
    deception = next(c for c in p.deck if g.card(c).name == "Deception")
    p.deck.remove(deception)
    p.deck.append(deception)
    g.run_effects(parse_effects([{"op": "discard", "count": 1}], frozenset(), "test"), ctx)
    g.run()
    assert p.discard == [] and deception in p.deck
    assert events_of(g, "enemy_reshuffle")[-1]["detail"] == "deception"


def test_a_may_discard_is_offered_against_an_enemy_with_cards_in_its_deck():
    g = game_of((find_hero("houdini"),))
    ctx = _vs_villain(g)
    ops = parse_effects([{"op": "discard", "count": 1, "may": True}], frozenset(), "test")
    g.run_effects(ops, ctx)
    g.run()
    assert g.pending is not None and g.pending.kind == "effect_may"


def test_picking_from_an_enemys_hand_looks_and_finds_no_card():
    g = game_of((find_hero("houdini"),))
    ctx = _vs_villain(g)
    p = g.players[g.coop.villain]
    deck, health = list(p.deck), g.fighters[villain(g)].health
    ops = parse_effects([{"op": "pick_from_hand", "then": "discard_or_boost_damage"}], frozenset(), "test")
    g.run_effects(ops, ctx)
    g.run()
    assert g.pending is None
    assert events_of(g, "deck_look")
    assert p.deck == deck and p.discard == [] and g.fighters[villain(g)].health == health


def test_players_hand_effects_are_unchanged_in_coop():
    g = game_of((find_hero("houdini"), find_hero("alice")))
    assert g.format.has_hand(0) and g.format.has_hand(1)
    assert not any(g.format.has_hand(s) for s in range(g.coop.villain, len(g.players)))


# ---------------------------------------------------------------------- the defense value shown
def test_a_defending_enemys_reveal_shows_its_defense_value():
    g = game_of((find_hero("houdini"),))
    seat = g.coop.villain
    p = g.players[seat]
    cid = next(c for c in p.deck if g.card(c).name == "Dark Ward")       # attack 2, defense 4
    p.deck.remove(cid)
    p.deck.append(cid)
    put(g, villain(g), "A4")
    put(g, hero(g), "A3")
    g.combat = Combat(0, hero(g), villain(g), seat)
    att = next(c for c in g.players[0].deck if g.card(c).value is not None and g.card(c).type != "scheme")
    g.players[0].deck.remove(att)
    g.play_area_add(att)
    g.combat.cards[0] = att
    cg._steps._ask_defense(g)
    g.run()
    reveals = {e["detail"]: e for e in events_of(g, "reveal")}
    assert reveals["defense"]["card"] == "Dark Ward" and reveals["defense"]["amount"] == 4
    assert reveals["attack"]["amount"] == g.card(att).value


def test_an_attacking_enemys_reveal_shows_its_attack_value():
    g = game_of((find_hero("houdini"),))
    seat = g.coop.villain
    p = g.players[seat]
    cid = next(c for c in p.deck if g.card(c).name == "Dark Ward")
    p.deck.remove(cid)
    p.deck.append(cid)
    put(g, villain(g), "A4")
    put(g, hero(g), "A3")
    g.players[0].hand.clear()
    cg._enemy_attack(g, seat, hero(g))
    g.run()
    reveal = events_of(g, "reveal")[-1]
    assert (reveal["card"], reveal["detail"], reveal["amount"]) == ("Dark Ward", "attack", 2)


def test_effects_read_a_defending_enemys_printed_value_as_its_defense_value():
    g = game_of((find_hero("houdini"),))
    seat = g.coop.villain
    cid = next(c for c in g.players[seat].deck if g.card(c).name == "Dark Ward")   # attack 2, defense 4
    g.combat = Combat(0, hero(g), villain(g), seat)
    g.combat.cards[1] = cid
    printed = QUANTITIES["opponent_card_printed_value"]
    assert printed(g, Ctx(0, -1, ATTACKER, hero(g))) == 4
    assert g.format.printed_value(g, cid, ATTACKER) == 2     # attacking, and in its deck: attack value


def test_jill_trents_gadgets_compare_against_a_defending_enemys_defense_value():
    from unmatched_sim.hooks import dr_jill_trent as jill
    g = game_of((find_hero("dr_jill_trent"),))
    seat = g.coop.villain
    cid = next(c for c in g.players[seat].deck if g.card(c).name == "Dark Ward")
    assert jill._printed(g, cid, 1) == 4 and jill._printed(g, cid, 0) == 2


def test_a_printed_value_lock_holds_a_defending_enemys_card_at_its_defense_value():
    g = game_of((find_hero("houdini"),))
    seat = g.coop.villain
    p = g.players[seat]
    cid = next(c for c in p.deck if g.card(c).name == "Dark Ward")      # attack 2, defense 4
    p.deck.remove(cid)
    g.play_area_add(cid)
    att = g.players[0].deck.pop()
    g.play_area_add(att)
    g.combat = Combat(0, hero(g), villain(g), seat)
    g.combat.cards[0], g.combat.cards[1] = att, cid
    g.run_effects(parse_effects([{"op": "lock_printed_value"}], frozenset(), "test"),
                  Ctx(0, att, ATTACKER, hero(g)))
    g.run()
    assert g.combat_value(1) == 4
    assert events_of(g, "value_lock")[-1]["amount"] == 4
