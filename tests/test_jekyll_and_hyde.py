"""Jekyll & Hyde (Cobble & Fog): two forms of one fighter, the banner of each card naming the
form that may play it, the transformation at the start of the turn and by four cards, Mr.
Hyde's maneuver damage, and every card. Seat 0 is Jekyll & Hyde, seat 1 the Genie, on
Marmoreal."""

from __future__ import annotations

from tests.scenario import play_random
from tests.scenario import Scenario, genie_turn, tuned_at
from unmatched_sim.engine.formats import FreeForAll, Teams

HERO = "Jekyll & Hyde"
GENIE = "The Genie"


def duel(form: str = "Dr. Jekyll") -> Scenario:
    """Jekyll & Hyde on M02 next to the Genie on M03, in the given form."""
    s = Scenario("jekyll_and_hyde", "genie")
    s.place(HERO, "M02").place(GENIE, "M03")
    if form != "Dr. Jekyll":
        from unmatched_sim.hooks.jekyll_and_hyde import set_form
        set_form(s.game, 0, form)
    return s


def form(s: Scenario) -> str:
    return s.game.players[0].res["form"]


def my_turn(s: Scenario, transform: bool = False) -> Scenario:
    s.begin_turn(0)
    s.expect("transform").choose(transform)
    return s


def attack(s: Scenario, card: str, defense: str | None = None) -> Scenario:
    s.hand(0, card)
    if defense:
        s.hand(1, defense)
    my_turn(s)
    return s.attack(HERO, GENIE, card, defense)


def defend(s: Scenario, card: str, attack_card: str = "Careful What You Wish For") -> Scenario:
    s.hand(0, card)
    s.hand(1, attack_card)
    genie_turn(s)
    return s.attack(GENIE, HERO, attack_card, card)


def maneuver_in_place(s: Scenario) -> Scenario:
    """A maneuver without BOOST in which he stays on M02."""
    if s.pending.kind == "action":
        s.choose("maneuver")
    return s.expect("maneuver_boost").choose(None).choose("M02")


def health(s: Scenario, name: str = HERO) -> int:
    return s.f(name).health


def in_hand(s: Scenario, name: str, seat: int = 0) -> int:
    return next(c for c in s.game.players[seat].hand if s.game.card(c).name == name)


def scheme(s: Scenario, card: str) -> Scenario:
    option = (in_hand(s, card), s.fighter(HERO))
    s.choose("scheme")
    return s.choose(option) if s.pending is not None and s.pending.kind == "scheme_card" else s


# ---------------------------------------------------------------- the ability
def test_he_starts_as_dr_jekyll_and_plays_only_dr_jekyll_and_any_cards():
    s = duel()
    assert form(s) == "Dr. Jekyll" and s.f(HERO).defn.name == "Dr. Jekyll"
    s.hand(0, "Recoiling Blow", "Skirmish", "Succumb to Compulsion")
    my_turn(s)
    s.choose("attack")
    assert sorted(s.options()) == ["Skirmish", "Succumb to Compulsion"]


def test_mr_hyde_plays_only_mr_hyde_and_any_cards():
    s = duel("Mr. Hyde")
    s.hand(0, "Recoiling Blow", "Skirmish", "Succumb to Compulsion")
    my_turn(s)
    s.choose("attack")
    assert sorted(s.options()) == ["Recoiling Blow", "Skirmish"]


def test_he_may_transform_at_the_start_of_his_turn():
    s = duel()
    s.hand(0, "Pure Evil")
    my_turn(s, transform=True)
    assert form(s) == "Mr. Hyde" and s.f(HERO).defn.name == "Mr. Hyde"
    assert [e["detail"] for e in s.events("transform")] == ["Mr. Hyde"]
    assert s.can_choose("scheme")


def test_declining_keeps_the_form():
    s = duel("Mr. Hyde")
    my_turn(s, transform=False)
    assert form(s) == "Mr. Hyde"


def test_mr_hyde_takes_1_damage_after_each_maneuver():
    s = duel("Mr. Hyde")
    my_turn(s)
    maneuver_in_place(s)
    assert health(s) == 15
    maneuver_in_place(s)
    assert health(s) == 14


def test_dr_jekyll_takes_no_damage_from_maneuvering():
    s = duel()
    my_turn(s)
    maneuver_in_place(s)
    assert health(s) == 16


def test_the_maneuver_damage_can_defeat_mr_hyde():
    s = duel("Mr. Hyde").health(HERO, 1)
    my_turn(s)
    maneuver_in_place(s)
    assert s.game.over and s.game.winner == 1


# ---------------------------------------------------------------- Dr. Jekyll's cards
def test_succumb_to_compulsion_moves_then_transforms_into_mr_hyde():
    s = duel()
    attack(s, "Succumb to Compulsion")
    s.expect("effect_destination").choose("M02")
    assert form(s) == "Mr. Hyde"


def test_distracted_triage_recovers_2_if_won():
    s = duel().health(HERO, 10)
    attack(s, "Distracted Triage")
    assert health(s) == 12


def test_distracted_triage_recovers_nothing_if_lost():
    s = duel().health(HERO, 10)
    attack(s, "Distracted Triage", "Wishing for More Wishes")   # 3 against 3
    assert health(s) == 10


def test_with_haste_moves_dr_jekyll_up_to_4():
    s = duel()
    defend(s, "With Haste!")
    s.expect("effect_destination")
    assert len(s.pending.options) > 5
    s.choose("M02")


def test_scientific_method_draws_a_card_per_combat_damage_taken():
    s = duel()
    before = len(s.game.players[0].hand) + 1
    defend(s, "Scientific Method")          # 4 against 2: 2 damage
    assert health(s) == 14
    assert len(s.game.players[0].hand) == before - 1 + 2


def test_calming_research_recovers_2_draws_up_to_3_keeps_one_and_puts_the_rest_under():
    s = duel().health(HERO, 10)
    s.hand(0, "Calming Research")
    s.deck_top(0, "Feint", "Skirmish", "With Haste!")
    my_turn(s)
    scheme(s, "Calming Research")
    assert health(s) == 12
    s.expect("draw_up_to").choose(3)
    s.expect("draw_keep").choose("Skirmish")
    s.expect("deck_to_bottom").choose("Feint")
    deck = s.game.players[0].deck
    assert [s.game.card(c).name for c in deck[:2]] == ["With Haste!", "Feint"]
    assert "Skirmish" in s.hand_names(0) and "Feint" not in s.hand_names(0)


def test_calming_research_may_draw_nothing():
    s = duel()
    s.hand(0, "Calming Research")
    my_turn(s)
    scheme(s, "Calming Research")
    s.expect("draw_up_to").choose(0)
    kinds = [e["kind"] for e in s.events() if e["kind"] in ("draw", "action")]
    assert kinds[:3] == ["action", "action", "draw"]     # the next action's maneuver draws first


# ---------------------------------------------------------------- Mr. Hyde's cards
def test_recoiling_blow_places_him_in_his_zone_and_transforms_him_into_dr_jekyll():
    s = duel("Mr. Hyde")
    attack(s, "Recoiling Blow")
    s.expect("effect_destination")
    zm = s.board.zone_mask
    assert all(zm[o] & zm[s.space("M02")] for o in s.pending.options)
    target = s.pending.options[-1]
    s.game.answer(target)
    assert s.f(HERO).space == target and form(s) == "Dr. Jekyll"


def test_forever_hyde_adds_2_for_each_dr_jekyll_card_discarded():
    s = duel("Mr. Hyde")
    s.hand(0, "With Haste!", "Calming Research", "Feint")
    attack(s, "Forever Hyde")
    s.expect("discard_for_value")
    assert sorted(s.game.card(c).name for c in s.pending.options if c is not None) == [
        "Calming Research", "With Haste!"]
    s.choose("With Haste!").choose("Calming Research")
    assert health(s, GENIE) == s.f(GENIE).max_health - 9


def test_madness_relents_transforms_him_into_dr_jekyll():
    s = duel("Mr. Hyde")
    attack(s, "Madness Relents")
    assert form(s) == "Dr. Jekyll"


def test_pure_evil_places_him_and_deals_2_to_every_adjacent_fighter():
    s = duel("Mr. Hyde")
    s.hand(0, "Pure Evil")
    my_turn(s)
    scheme(s, "Pure Evil")
    s.expect("effect_destination")
    genie = s.f(GENIE).space
    s.game.answer(next(o for o in s.pending.options if o in s.board.adjacent[genie]))
    assert health(s, GENIE) == s.f(GENIE).max_health - 2


def test_strange_case_deals_the_revealed_boost_to_an_adjacent_fighter_and_takes_the_card():
    s = duel("Mr. Hyde")
    s.hand(0, "Strange Case")
    s.deck_top(0, "Forever Hyde")         # BOOST 2
    my_turn(s)
    scheme(s, "Strange Case")
    assert health(s, GENIE) == s.f(GENIE).max_health - 2
    assert "Forever Hyde" in s.hand_names(0)
    cid = in_hand(s, "Forever Hyde")
    assert cid in s.game.players[0].known_hand


# ---------------------------------------------------------------- cards of either form
def test_feint_cancels_the_opponents_effects():
    s = duel()
    defend(s, "Feint", "I Grant You Death")     # its "may deal 1 damage" is never offered
    assert s.pending is None or s.pending.kind != "effect_fighter"
    assert health(s) == 16


def test_skirmish_moves_a_fighter_of_the_combat_if_won():
    s = duel()
    attack(s, "Skirmish")
    s.expect("effect_fighter").choose(GENIE)
    s.expect("effect_destination")


def test_duality_of_man_is_worth_6_when_dr_jekyll_defends():
    s = duel()
    defend(s, "Duality of Man")
    # 6 against the Genie's 4: no combat damage, only Careful What You Wish For's 1 for losing
    assert health(s) == 15


def test_duality_of_man_is_worth_6_when_mr_hyde_attacks_and_3_when_dr_jekyll_does():
    s = duel("Mr. Hyde")
    attack(s, "Duality of Man")
    assert health(s, GENIE) == s.f(GENIE).max_health - 6
    s = duel()
    attack(s, "Duality of Man")
    assert health(s, GENIE) == s.f(GENIE).max_health - 3


# ---------------------------------------------------------------- formats
def test_plays_whole_games_in_a_duel_a_free_for_all_and_a_team_game():
    for seed in range(3):
        g = play_random(("jekyll_and_hyde", "genie"), seed=seed)
        assert g.over
        g = play_random(("jekyll_and_hyde", "alice", "medusa"), FreeForAll(3), seed=seed)
        assert g.over
        g = play_random(("jekyll_and_hyde", "sinbad", "genie", "houdini"), Teams(4), seed=seed)
        assert g.over


# ---------------------------------------------------------------- the hero file's forms
def _raw() -> dict:
    import tomllib
    from pathlib import Path
    return tomllib.loads((Path(__file__).resolve().parent.parent / "heroes" / "jekyll_and_hyde.toml").read_text())


def test_forms_are_banners_with_the_heros_numbers():
    from pathlib import Path
    from unmatched_sim.data.heroes import parse_hero
    hero = parse_hero(_raw(), Path("heroes/jekyll_and_hyde.toml"))
    assert [f.name for f in hero.forms] == ["Dr. Jekyll", "Mr. Hyde"]
    assert all(f.health == 16 and f.is_hero and not f.ranged for f in hero.forms)
    assert {c.name for c in hero.cards if c.users == frozenset({"Mr. Hyde"})} >= {"Pure Evil", "Forever Hyde"}


def test_a_form_sharing_a_fighters_name_or_a_banner_naming_no_form_is_refused():
    from pathlib import Path
    import pytest
    from unmatched_sim.data.heroes import parse_hero
    from unmatched_sim.errors import DataError
    raw = _raw()
    raw["hero"]["forms"] = ["Dr. Jekyll", "Jekyll & Hyde"]
    with pytest.raises(DataError, match="share a name"):
        parse_hero(raw, Path("heroes/jekyll_and_hyde.toml"))
    raw = _raw()
    raw["hero"]["forms"] = ["Dr. Jekyll", "Edward Hyde"]
    with pytest.raises(DataError, match="'Mr. Hyde' is not one of this hero's fighters"):
        parse_hero(raw, Path("heroes/jekyll_and_hyde.toml"))


# ---------------------------------------------------------------- the AI
def test_the_ai_puts_mr_hyde_next_to_the_foe_that_pure_evil_then_hurts():
    """Mr. Hyde far from the Genie but in her zone: Pure Evil's place ends next to her."""
    s = Scenario("jekyll_and_hyde", "genie").place(HERO, "M09").place(GENIE, "M11")
    from unmatched_sim.hooks.jekyll_and_hyde import set_form
    set_form(s.game, 0, "Mr. Hyde")
    s.hand(0, "Pure Evil", "Skirmish")
    my_turn(s)
    scheme(s, "Pure Evil")
    s.expect("effect_destination")
    pol, view = tuned_at(s)
    genie = s.f(GENIE).space
    assert pol.on_effect_destination(view, s.pending) in s.board.adjacent[genie]


def test_the_ai_does_not_play_pure_evil_when_its_place_can_only_carry_him_away_from_the_foe():
    """Mr. Hyde on M24 next to the Genie on M16: no empty space of his violet zone is next to
    her, so Pure Evil would only move him off; it is worth less than the card, and he attacks."""
    s = Scenario("jekyll_and_hyde", "genie").place(HERO, "M24").place(GENIE, "M16")
    from unmatched_sim.hooks.jekyll_and_hyde import set_form
    set_form(s.game, 0, "Mr. Hyde")
    s.hand(0, "Pure Evil", "Skirmish")
    my_turn(s)
    pol, view = tuned_at(s)
    card = in_hand(s, "Pure Evil")
    assert pol.scheme_eval(view, card, s.fighter(HERO)) < 0.0
    assert pol.on_action(view, s.pending) != "scheme"


def test_the_ai_does_not_attack_with_succumb_to_compulsion_when_it_strands_his_defense():
    """Dr. Jekyll holding With Haste! (his defense card, 4): attacking with Succumb to
    Compulsion would make him Mr. Hyde for the Genie's turn, With Haste! unplayable; Feint
    (either form) does not."""
    s = duel()
    s.hand(0, "Succumb to Compulsion", "Feint", "With Haste!")
    my_turn(s)
    s.choose("attack")
    if s.pending.kind == "attack_target":
        s.choose((HERO, GENIE))
    s.expect("attack_card")
    pol, view = tuned_at(s)
    assert s.game.card(pol.on_attack_card(view, s.pending)).name == "Feint"


def test_the_ai_transforms_into_the_form_whose_cards_attack_and_defend_best():
    """Next to the Genie with Recoiling Blow (Mr. Hyde: 5, and back to Dr. Jekyll after it)
    and With Haste! (Dr. Jekyll's 4 defense): Mr. Hyde. Far from her with only Dr. Jekyll
    cards: he stays Dr. Jekyll."""
    from unmatched_sim.hooks.jekyll_and_hyde import _advise_transform
    s = duel()
    s.hand(0, "Recoiling Blow", "With Haste!")
    s.begin_turn(0)
    s.expect("transform")
    pol, view = tuned_at(s)
    assert _advise_transform(pol, view, s.pending) is True
    s = Scenario("jekyll_and_hyde", "genie").place(HERO, "M31").place(GENIE, "M03")
    s.hand(0, "With Haste!", "Distracted Triage")
    s.begin_turn(0)
    s.expect("transform")
    pol, view = tuned_at(s)
    assert _advise_transform(pol, view, s.pending) is False
