"""The Wayward Sisters (Slings and Arrows): Three Sisters, Bubbling Brew — the cauldron on every
route to the discard pile and the four spells cast after attacking — and every card of the deck,
one rule per test. Seat 0 is the Sisters ("Sister 1".."Sister 3", 6 health each); the opponent is
Chupacabra (14 health, no sidekick) unless said otherwise. Board: Marmoreal — M10 is adjacent to
M11, M15, M18 and M19; M11 to M10, M12, M19; M10/M11/M15/M19 share the green and blue zones.
"""

from __future__ import annotations


from tests.scenario import play_random, Scenario
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine import steps as S
from unmatched_sim.engine.effects import parse_effects
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.game import COST, Game
from unmatched_sim.engine.state import OTHER_ROLE, Ctx
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.run import GameSpec, play_game
from unmatched_sim.hooks.wayward_sisters.cauldron import CAULDRON

MENDING, BECKONING, STINGING, HASTE = ("Spell of Mending", "Spell of Beckoning", "Spell of Stinging",
                                       "Spell of Haste")
SPARE = "Prophecy"


def vs_chupa(s1="M10", chupa="M11", s2: str | None = "M28", s3: str | None = "M01") -> Scenario:
    s = Scenario("wayward_sisters", "chupacabra").place("Sister 1", s1).place("Chupacabra", chupa)
    s = s.place("Sister 2", s2) if s2 else s.remove("Sister 2")
    return s.place("Sister 3", s3) if s3 else s.remove("Sister 3")


def cauldron(s: Scenario, *names: str) -> Scenario:
    ids = tuple(s._take_card(0, n) for n in names)
    s.game.players[0].res[CAULDRON] = s.game.players[0].res[CAULDRON] + ids
    return s


def pot(s: Scenario) -> list[str]:
    return sorted(s.game.cards[c].defn.name for c in s.game.players[0].res[CAULDRON])


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def attack(s, card, defense=None, attacker="Sister 1", target="Chupacabra"):
    s.begin_turn(0)
    s.attack(attacker, target, card, defense)
    return s


# ============================================================ the hero file
def test_three_sisters_of_6_health_move_2_melee_30_cards_10_of_each_ingredient():
    h = find_hero("wayward_sisters")
    assert (h.hero.health, h.hero.count, h.hero.ranged, h.move, h.sidekicks, h.deck_size) == (6, 3, False, 2, (), 30)
    from unmatched_sim.hooks.wayward_sisters.cauldron import ingredient
    got = {c.name: (c.type, c.value, c.boost, c.copies, ingredient(c)) for c in h.cards}
    assert got == {
        "Double, Double": ("attack", 3, 2, 3, "lizard"),
        "All-Seeing Familiar": ("attack", 4, 2, 2, "lizard"),
        "Hurly-Burly": ("attack", 3, 1, 3, "snake"),
        "Fire Burn and Cauldron Bubble": ("versatile", 3, 2, 3, "bat"),
        "The Stars Align": ("versatile", 0, 1, 3, "lizard"),
        "Curious Familiar": ("versatile", 2, 3, 2, "bat"),
        "Ward": ("versatile", 3, 2, 3, "bat"),
        "Toil and Trouble": ("defense", 2, 3, 3, "snake"),
        "Pricking of My Thumbs": ("defense", 2, 1, 2, "snake"),
        "Unnatural Remedy": ("defense", 1, 2, 2, "snake"),
        "Something Wicked This Way Comes": ("scheme", None, 3, 2, "bat"),
        "Prophecy": ("scheme", None, 2, 2, "lizard"),
    }
    assert all(c.users is None for c in h.cards)
    spells = {sp.name: sorted(sp.needs) for sp in h.ability.params["spells"]}
    assert spells == {MENDING: ["bat", "snake"], BECKONING: ["lizard", "snake"],
                      STINGING: ["bat", "lizard"], HASTE: ["bat", "lizard", "snake"]}


# ============================================================ Three Sisters
def test_sister_1_takes_the_starting_space_sisters_2_and_3_are_placed_in_her_zone():
    board = find_board("marmoreal")
    g = Game(board, (find_hero("wayward_sisters"), find_hero("chupacabra")), seed=1)
    g.start()
    assert g.fighters[0].name == "Sister 1" and g.fighters[0].space == board.starts[1]
    asked = []
    while g.pending is not None and g.pending.kind == "sidekick_start":
        asked.append(g.fighters[g.pending.info["fighter"]].name)
        zm = board.zone_mask
        assert all(zm[o] & zm[board.starts[1]] for o in g.pending.options)
        g.answer(g.pending.options[0])
    assert asked == ["Sister 2", "Sister 3"]
    assert all(f.on_board and f.health == 6 for f in g.fighters[:3])


def test_the_side_is_not_beaten_while_one_sister_stands():
    s = vs_chupa().hand(1, "Feeding", "Feint").health("Sister 1", 3)
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Feeding", None)
    assert not s.f("Sister 1").alive and not s.game.over
    assert not s.game.hero_defeated(0)
    assert s.game.hero_of(0).name == "Sister 2"


def test_the_side_is_beaten_when_the_last_sister_falls():
    s = vs_chupa(s2=None, s3=None).hand(1, "Feeding", "Feint").health("Sister 1", 3)
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Feeding", None)
    assert s.game.over and s.game.winner == 1 and s.game.end_reason == "combat"


def test_an_effect_on_your_hero_lets_the_player_choose_a_sister():
    s = vs_chupa().health("Sister 2", 2).health("Sister 3", 2)
    ops = parse_effects([{"op": "recover", "target": "hero", "amount": 2}], frozenset({"Sister"}))
    s.game.run_effects(ops, Ctx(0, -1, OTHER_ROLE, s.fighter("Sister 1")))
    s.game.run()
    s.expect("effect_fighter")
    assert {s.game.fighters[o].name for o in s.pending.options} == {"Sister 1", "Sister 2", "Sister 3"}
    s.choose("Sister 3")
    assert (s.f("Sister 2").health, s.f("Sister 3").health) == (2, 4)


# ============================================================ the cauldron
def test_a_played_card_goes_into_the_cauldron_not_the_discard_pile():
    s = vs_chupa().hand(0, "Ward", SPARE)
    attack(s, "Ward")
    s.expect("effect_destination").choose("M15")
    assert pot(s) == ["Ward"] and s.discard_names(0) == []
    assert [e["detail"] for e in s.events("to_cauldron")] == ["played"]


def test_a_card_used_to_boost_goes_into_the_cauldron():
    s = vs_chupa().hand(0, "Ward", SPARE)
    s.begin_turn(0)
    s.choose("maneuver").expect("maneuver_boost").choose("Ward")
    assert pot(s) == ["Ward"] and s.discard_names(0) == []


def test_a_card_discarded_by_the_opponents_effect_goes_into_the_cauldron():
    s = vs_chupa().hand(0, "Ward").hand(1, "Ambush", "Feint")
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Ambush", None)
    assert pot(s) == ["Ward"] and s.discard_names(0) == []


def test_hand_limit_and_cost_discards_go_into_the_cauldron():
    s = vs_chupa().hand(0, *["Ward"] * 3, *["Double, Double"] * 3, "Prophecy", "Prophecy")
    s.game.pending = None
    s.run_steps((S._hand_limit, (0,)))
    s.expect("hand_limit_discard").choose("Ward")
    s.game.discard_from_hand(0, s.game.players[0].hand[0], COST)
    assert len(pot(s)) == 2 and s.discard_names(0) == []


def test_after_attacking_a_castable_spell_may_be_cast_with_the_attack_card_as_ingredient():
    s = vs_chupa().hand(0, "Hurly-Burly", SPARE).deck_top(0, "Ward")
    cauldron(s, "Ward")                               # bat; Hurly-Burly brings the snake
    attack(s, "Hurly-Burly")
    s.expect("opponent_picks").choose("hand")
    s.expect("spell")
    assert set(s.pending.options) == {MENDING, None}
    s.choose(MENDING)
    s.expect("effect_fighter").choose("Sister 1")
    assert s.game.players[0].res[CAULDRON] == ()
    assert s.discard_names(0) == ["Hurly-Burly", "Ward"]


def test_only_one_spell_per_attack_and_the_whole_cauldron_is_emptied():
    s = vs_chupa().hand(0, "Ward", SPARE)
    cauldron(s, "Hurly-Burly", "Double, Double", "Toil and Trouble")   # with Ward: all three
    attack(s, "Ward")
    s.expect("effect_destination").choose("M15")
    s.expect("spell")
    assert set(s.pending.options) == {MENDING, BECKONING, STINGING, HASTE, None}
    s.choose(HASTE)
    assert s.game.players[0].actions == 2 and len(s.events("spell")) == 1
    assert pot(s) == [] and len(s.discard_names(0)) == 4


def test_declining_the_spell_keeps_the_cauldron():
    s = vs_chupa().hand(0, "Ward", SPARE)
    cauldron(s, "Hurly-Burly")
    attack(s, "Ward")
    s.expect("effect_destination").choose("M15")
    s.expect("spell").choose(None)
    assert pot(s) == ["Hurly-Burly", "Ward"] and s.discard_names(0) == []


def test_no_spell_is_offered_without_the_ingredients():
    s = vs_chupa().hand(0, "Ward", SPARE)
    attack(s, "Ward")
    s.expect("effect_destination").choose("M15")
    assert not (s.pending and s.pending.kind == "spell")


def test_no_spell_when_defending():
    s = vs_chupa().hand(0, "Toil and Trouble").hand(1, "Feeding", "Feint")
    cauldron(s, "Ward")
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Feeding", "Toil and Trouble")
    assert s.events("spell") == [] and pot(s) == ["Toil and Trouble", "Ward"]


def test_the_cauldron_is_public():
    s = vs_chupa()
    cauldron(s, "Ward")
    assert PlayerView(s.game, 1).resources(0)[CAULDRON] == s.game.players[0].res[CAULDRON]


# ============================================================ the spells
def test_spell_of_mending_draws_1_and_heals_a_friendly_fighter_1():
    s = vs_chupa().hand(0, "Ward", SPARE).health("Sister 2", 3)
    cauldron(s, "Hurly-Burly")
    attack(s, "Ward")
    s.expect("effect_destination").choose("M15")
    s.expect("spell").choose(MENDING)
    s.expect("effect_fighter").choose("Sister 2")
    assert s.f("Sister 2").health == 4 and len(s.events("draw")) == 1


def test_spell_of_beckoning_moves_any_fighter_up_to_3():
    s = vs_chupa().hand(0, "Double, Double", SPARE)
    cauldron(s, "Hurly-Burly")
    attack(s, "Double, Double")
    s.expect("spell").choose(BECKONING)
    s.expect("effect_fighter").choose("Chupacabra")
    s.expect("effect_destination").choose("M05")
    assert s.f("Chupacabra").space == s.space("M05")


def test_spell_of_stinging_hurts_a_fighter_in_a_zone_of_hers():
    s = vs_chupa().hand(0, "Double, Double", SPARE)
    cauldron(s, "Ward")
    attack(s, "Double, Double")
    s.expect("spell").choose(STINGING)
    s.expect("effect_fighter").choose("Chupacabra")
    assert [(e["amount"], e["card"]) for e in s.events("damage") if e["detail"] == "spell"] == [(1, STINGING)]


def test_spell_of_haste_gains_an_action():
    s = vs_chupa().hand(0, "Double, Double", SPARE)
    cauldron(s, "Ward", "Hurly-Burly")
    attack(s, "Double, Double")
    s.expect("spell").choose(HASTE)
    assert s.game.players[0].actions == 2


# ============================================================ the cards
def test_double_double_gets_plus_1_per_different_ingredient_in_the_cauldron():
    s = vs_chupa().hand(0, "Double, Double", SPARE)
    cauldron(s, "Ward", "Ward", "Hurly-Burly")
    attack(s, "Double, Double")
    assert combat(s) == "5-0"


def test_all_seeing_familiar_moves_a_discard_into_the_cauldron():
    s = vs_chupa().hand(0, "All-Seeing Familiar", SPARE).discard_pile(0, "Ward").hand(1, "Natural Toughness", "Feint")
    s.begin_turn(0)
    s.attack("Sister 1", "Chupacabra", "All-Seeing Familiar", "Natural Toughness")
    assert "Ward" in pot(s) and s.discard_names(0) == []


def test_all_seeing_familiar_when_won_puts_the_top_card_in_hand_or_cauldron():
    s = vs_chupa().hand(0, "All-Seeing Familiar", SPARE).deck_top(0, "Hurly-Burly")
    attack(s, "All-Seeing Familiar")
    s.expect("deck_top_destination").choose("cauldron")
    assert "Hurly-Burly" in pot(s)
    s2 = vs_chupa().hand(0, "All-Seeing Familiar", SPARE).deck_top(0, "Hurly-Burly")
    attack(s2, "All-Seeing Familiar")
    s2.expect("deck_top_destination").choose("hand")
    assert "Hurly-Burly" in s2.hand_names(0)


def test_hurly_burly_opponent_picks_cauldron_adds_the_boost():
    s = vs_chupa().hand(0, "Hurly-Burly", SPARE).deck_top(0, "Toil and Trouble")
    attack(s, "Hurly-Burly")
    s.expect("opponent_picks")
    assert s.pending.player == 1
    s.choose("cauldron")
    assert combat(s) == "6-0" and "Toil and Trouble" in pot(s)


def test_hurly_burly_opponent_picks_hand():
    s = vs_chupa().hand(0, "Hurly-Burly", SPARE).deck_top(0, "Toil and Trouble")
    attack(s, "Hurly-Burly")
    s.expect("opponent_picks").choose("hand")
    assert combat(s) == "3-0" and "Toil and Trouble" in s.hand_names(0)


def test_fire_burn_and_cauldron_bubble_moves_a_discard_into_the_cauldron():
    s = vs_chupa().hand(0, "Fire Burn and Cauldron Bubble", SPARE).discard_pile(0, "Hurly-Burly", "Ward")
    attack(s, "Fire Burn and Cauldron Bubble")
    s.expect("cauldron_from_discard").choose("Hurly-Burly")
    assert s.discard_names(0) == ["Ward"]


def test_the_stars_align_is_worth_the_zones_her_fighters_stand_in():
    s = vs_chupa(s1="M10", s2="M31", s3="M01").hand(0, "The Stars Align", SPARE)
    zm = s.board.zone_mask
    want = bin(zm[s.space("M10")] | zm[s.space("M31")] | zm[s.space("M01")]).count("1")
    attack(s, "The Stars Align")
    assert combat(s) == f"{want}-0"


def test_curious_familiar_returns_a_cauldron_card_to_hand():
    s = vs_chupa().hand(0, "Curious Familiar", SPARE)
    cauldron(s, "Hurly-Burly")
    attack(s, "Curious Familiar")
    assert "Hurly-Burly" in s.hand_names(0)


def test_ward_puts_the_opposing_fighter_in_her_zone():
    s = vs_chupa(s1="M31", chupa="M30").hand(0, "Ward", SPARE)
    attack(s, "Ward")
    s.expect("effect_destination")
    zm = s.board.zone_mask
    assert all(zm[o] & zm[s.space("M31")] for o in s.pending.options)
    s.choose("M23")
    assert s.f("Chupacabra").space == s.space("M23")


def test_toil_and_trouble_gets_plus_1_per_different_ingredient():
    s = vs_chupa().hand(0, "Toil and Trouble").hand(1, "Feeding", "Feint")
    cauldron(s, "Ward", "Double, Double")
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Feeding", "Toil and Trouble")
    assert combat(s) == "4-4"


def test_pricking_of_my_thumbs_returns_the_combat_damage_taken():
    s = vs_chupa().hand(0, "Pricking of My Thumbs").hand(1, "Feeding", "Feint")
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Feeding", "Pricking of My Thumbs")
    effect = [(e["fighter"], e["amount"], e["card"]) for e in s.events("damage") if e["detail"] == "card"]
    assert effect == [("Chupacabra", 2, "Pricking of My Thumbs")]


def test_unnatural_remedy_takes_up_to_3_cards_out_and_heals_1_each():
    s = vs_chupa().hand(0, "Unnatural Remedy").hand(1, "Feeding", "Feint").health("Sister 2", 2)
    cauldron(s, "Ward", "Hurly-Burly", "Double, Double", "Prophecy")
    s.begin_turn(1)
    s.attack("Chupacabra", "Sister 1", "Feeding", "Unnatural Remedy")
    for card in ("Ward", "Hurly-Burly"):
        s.expect("cauldron_discard").choose(card)
        s.expect("effect_fighter").choose("Sister 2")
    s.expect("cauldron_discard").choose(None)
    assert s.f("Sister 2").health == 4
    assert s.discard_names(0) == ["Hurly-Burly", "Ward"]
    assert "Double, Double" in pot(s)


def test_something_wicked_casts_two_different_spells_without_ingredients():
    s = vs_chupa().hand(0, "Something Wicked This Way Comes", SPARE)
    cauldron(s, "Ward")
    s.begin_turn(0)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options
                       if s.game.cards[o[0]].defn.name == "Something Wicked This Way Comes"))
    s.expect("spell")
    assert set(s.pending.options) == {MENDING, BECKONING, STINGING, HASTE}
    s.choose(HASTE)
    s.expect("spell")
    assert HASTE not in s.pending.options
    s.choose(STINGING)
    s.expect("effect_fighter").choose("Chupacabra")
    assert s.game.players[0].actions == 2 and [e["card"] for e in s.events("spell")] == [HASTE, STINGING]
    assert "Ward" in pot(s) and "Something Wicked This Way Comes" in pot(s)


def test_prophecy_takes_2_of_the_top_4():
    s = vs_chupa().hand(0, "Prophecy", "Ward").deck_top(0, "Hurly-Burly", "Ward", "Double, Double", "Curious Familiar")
    s.begin_turn(0)
    s.choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "Prophecy"))
    s.expect("deck_to_hand").choose("Hurly-Burly")
    s.expect("deck_to_hand").choose("Curious Familiar")
    s.expect("deck_order").choose("Double, Double")
    assert sorted(s.hand_names(0)) == ["Curious Familiar", "Hurly-Burly", "Ward"]
    assert "Prophecy" in pot(s)


# ============================================================ other formats
def _play_random(fmt, heroes, seed):
    return play_random(heroes, fmt, seed, salt=None)


def test_the_sisters_play_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play_random(FreeForAll(3), ("wayward_sisters", "titania", "hamlet"), seed)
        assert g.over


def test_the_sisters_play_a_two_versus_two_team_game_to_the_end():
    for seed in range(3):
        g = _play_random(Teams(4), ("wayward_sisters", "shakespeare", "chupacabra", "titania"), seed)
        assert g.over and any(e[2] == "to_cauldron" for e in g.events)


def test_games_table_records_the_three_sisters_health_added_up():
    """games.parquet's health_a/health_b and healths (so players.parquet's health): all three
    Sisters, in a duel and in a free-for-all."""
    heroes = {h: find_hero(h) for h in ("wayward_sisters", "medusa", "loki")}
    duel = GameSpec(0, 0, 7, "wayward_sisters", "medusa", a_first=True)
    ffa = GameSpec(1, 0, 8, "wayward_sisters", "medusa", True, lineup=("wayward_sisters", "medusa", "loki"),
                   rotation=0, format="ffa")
    differs = []
    for spec in (duel, ffa):
        game, row = play_game(spec, heroes, find_board("marmoreal"), "greedy", "greedy")
        seat = next(s for s, p in enumerate(game.players) if p.hero.id == "wayward_sisters")
        sisters = [game.fighters[i] for i in game.players[seat].fighters if game.fighters[i].is_hero]
        assert len(sisters) == 3
        total = sum(f.health for f in sisters)
        assert row["health_a"] == row["healths"][0] == total
        differs.append(total != sisters[0].health)
    assert any(differs), "the seeds must leave a Sister other than the first alive"
