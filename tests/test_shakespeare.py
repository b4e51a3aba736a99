"""William Shakespeare (Slings and Arrows): Iambic Pentameter — the line — and every card of the
deck, its combat effects and its line effect, one rule per test. Seat 0 is Shakespeare with three
Actors ("Actor 1".."Actor 3", 1 health each); the opponent is Chupacabra (14 health, no
sidekick). Board: Marmoreal — M10 is adjacent to M11, M15, M18 and M19; M11 to M10, M12, M19.
"""

from __future__ import annotations

import random

from tests.scenario import play_random, Scenario
from unmatched_sim.data.catalog import find_hero
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.hooks.shakespeare.line import LINE
from unmatched_sim.engine.view import PlayerView

SPARE = "My Kingdom for a Horse"    # kept in hand so the next action is a real choice


def vs_chupa(bard: str = "M10", chupa: str = "M11", actors=()) -> Scenario:
    s = Scenario("shakespeare", "chupacabra").place("Shakespeare", bard).place("Chupacabra", chupa)
    for i in range(1, 4):
        if i <= len(actors) and actors[i - 1]:
            s.place(f"Actor {i}", actors[i - 1])
        else:
            s.remove(f"Actor {i}")
    return s


def line(s: Scenario, *names: str) -> Scenario:
    """Put these cards (taken from the deck) in Shakespeare's line, in order."""
    ids = tuple(s._take_card(0, n) for n in names)
    s.game.players[0].res[LINE] = ids
    return s


def line_names(s: Scenario) -> list[str]:
    return [s.game.cards[c].defn.name for c in s.game.players[0].res[LINE]]


def combat(s: Scenario) -> str:
    return s.events("combat_result")[-1]["detail"]


def attack(s: Scenario, card: str, defense=None, attacker="Shakespeare", target="Chupacabra"):
    s.begin_turn(0)
    s.attack(attacker, target, card, defense)
    return s


def defend(s: Scenario, card, attack_card="Feeding", defender="Shakespeare"):
    s.begin_turn(1)
    s.attack("Chupacabra", defender, attack_card, card)
    return s


# ============================================================ the hero file
def test_shakespeare_has_13_health_three_actors_of_1_move_2_and_30_cards_with_syllables():
    h = find_hero("shakespeare")
    assert (h.hero.health, h.move, h.hero.ranged, h.deck_size) == (13, 2, False, 30)
    assert [(sk.name, sk.health, sk.count, sk.ranged) for sk in h.sidekicks] == [("Actor", 1, 3, False)]
    from unmatched_sim.hooks.shakespeare.line import syllables
    got = {c.name: (c.type, c.value, c.boost, c.copies, syllables(c),
                    None if c.users is None else sorted(c.users)) for c in h.cards}
    assert got == {
        "Horror": ("attack", 4, 3, 5, 2, ["Shakespeare"]),
        "My Kingdom for a Horse": ("attack", 5, 3, 3, 6, ["Shakespeare"]),
        "All Are Punished": ("attack", 4, 2, 2, 4, None),
        "Places, Places!": ("attack", 3, 1, 2, 4, None),
        "Once More unto the Breach": ("versatile", 3, 2, 2, 6, ["Shakespeare"]),
        "Alas": ("versatile", 2, 2, 2, 2, ["Shakespeare"]),
        "The Ides of March": ("versatile", 2, 2, 2, 4, ["Shakespeare"]),
        "Et Tu, Brute?": ("versatile", 3, 3, 2, 4, None),
        "Deceive": ("versatile", 2, 1, 3, 2, None),
        "Revise": ("versatile", 1, 2, 2, 2, None),
        "Such Sweet Sorrow": ("versatile", 4, 2, 2, 4, ["Actor"]),
        "Again": ("versatile", 3, 2, 3, 2, ["Actor"]),
    }
    assert all(c.effects.get("line_effect") for c in h.cards)


# ============================================================ the line
def test_an_attack_card_joins_the_line_instead_of_the_discard_pile():
    s = vs_chupa().hand(0, "The Ides of March", SPARE)
    attack(s, "The Ides of March")
    assert line_names(s) == ["The Ides of March"] and s.discard_names(0) == []
    assert [(e["card"], e["amount"], e["value"]) for e in s.events("line_add")] == [("The Ides of March", 4, 4)]


def test_a_defense_card_joins_the_line_too():
    s = vs_chupa().hand(0, "Deceive").hand(1, "Feeding")
    defend(s, "Deceive")
    assert line_names(s) == ["Deceive"] and s.discard_names(0) == []


def test_cards_join_the_line_left_to_right_in_the_order_played():
    s = vs_chupa().hand(0, "Alas", "Deceive", SPARE)
    s.begin_turn(0)
    s.attack("Shakespeare", "Chupacabra", "Alas", None)
    s.attack("Shakespeare", "Chupacabra", "Deceive", None)
    assert line_names(s) == ["Alas", "Deceive"]


def test_a_card_used_to_boost_goes_to_the_discard_pile_not_the_line():
    s = vs_chupa().hand(0, "Horror", SPARE)
    s.begin_turn(0)
    s.choose("maneuver")
    s.expect("maneuver_boost").choose("Horror")
    assert line_names(s) == [] and s.discard_names(0) == ["Horror"]


def test_a_card_discarded_by_an_effect_goes_to_the_discard_pile_not_the_line():
    s = vs_chupa().hand(0, "Horror", "Deceive").hand(1, "Ambush")
    s.begin_turn(1)
    s.attack("Chupacabra", "Shakespeare", "Ambush", None)       # a random card of the bard's hand
    assert s.game.players[0].res[LINE] == () and len(s.discard_names(0)) == 1


def test_a_line_below_ten_syllables_does_nothing():
    s = vs_chupa().hand(0, "Alas", SPARE)
    line(s, "My Kingdom for a Horse")
    attack(s, "Alas")
    assert line_names(s) == ["My Kingdom for a Horse", "Alas"] and s.events("line_complete") == []


def test_a_line_of_exactly_ten_resolves_the_last_cards_line_effect_then_is_discarded():
    """The rulebook's example: Et Tu, Brute? (4) + Alas (2) + All Are Punished (4) = 10. The
    last card's line effect (draw 1) resolves; then all three go to the discard pile and the
    next combat card starts a new line."""
    s = vs_chupa().hand(0, "All Are Punished", SPARE).deck_top(0, "Horror")
    line(s, "Et Tu, Brute?", "Alas")
    attack(s, "All Are Punished")
    assert [(e["card"], e["value"]) for e in s.events("line_complete")] == [("All Are Punished", 10)]
    assert "Horror" in s.hand_names(0)
    assert s.discard_names(0) == sorted(["Et Tu, Brute?", "Alas", "All Are Punished"])
    assert s.game.players[0].res[LINE] == ()
    # Alas's own after-combat effect is not resolved by the completion
    assert s.events("recover") == []


def test_a_line_past_ten_is_discarded_without_any_effect():
    s = vs_chupa().hand(0, "My Kingdom for a Horse", SPARE)
    line(s, "The Ides of March", "Alas")                          # 6, then +6 = 12
    attack(s, "My Kingdom for a Horse")
    assert s.events("line_broken")[0]["value"] == 12
    assert s.events("gain_action") == [] and s.game.players[0].res[LINE] == ()
    assert s.discard_names(0) == sorted(["The Ides of March", "Alas", "My Kingdom for a Horse"])


def test_the_line_effect_resolves_even_if_the_cards_effects_were_cancelled():
    s = vs_chupa().hand(0, "Alas", SPARE).hand(1, "Feint").health("Shakespeare", 9)
    line(s, "My Kingdom for a Horse", "Horror")                   # 6 + 2, Alas +2 = 10
    attack(s, "Alas", None)
    s2 = vs_chupa().hand(0, "Alas", SPARE).hand(1, "Feint").health("Shakespeare", 9)
    line(s2, "My Kingdom for a Horse", "Horror")
    s2.begin_turn(0)
    s2.attack("Shakespeare", "Chupacabra", "Alas", "Feint")        # Feint cancels Alas's effects
    assert s2.events("cancel")
    assert s2.events("line_complete") and s2.f("Shakespeare").health == 11    # line effect: heal 2
    assert len(s2.events("draw")) == 2


def test_only_the_last_cards_line_effect_resolves():
    s = vs_chupa().hand(0, "Deceive", SPARE)
    line(s, "My Kingdom for a Horse", "Alas")                     # MKfaH's line effect: 2 actions
    attack(s, "Deceive")
    assert s.events("gain_action") == [] and s.hand_names(0).count("Deceive") == 1


def test_the_line_is_public_and_survives_determinization():
    from unmatched_sim.engine.determinize import determinize
    s = vs_chupa().hand(0, "Alas", SPARE)
    line(s, "Horror", "Deceive")
    view = PlayerView(s.game, 1)
    assert view.resources(0)[LINE] == s.game.players[0].res[LINE]
    s.begin_turn(0)
    d = determinize(s.game, 1, random.Random(3))
    assert d.players[0].res[LINE] == s.game.players[0].res[LINE]


# ============================================================ the cards
def test_horror_gets_plus_1_for_each_horror_in_the_line():
    s = vs_chupa().hand(0, "Horror", SPARE)
    line(s, "Horror", "Alas", "Horror")
    attack(s, "Horror")
    assert combat(s) == "6-0"


def test_horror_line_effect_deals_1_damage_per_other_card_in_the_line():
    s = vs_chupa().hand(0, "Horror", SPARE)
    line(s, "My Kingdom for a Horse", "Alas")                    # 6 + 2 + 2 = 10
    attack(s, "Horror")
    effect = [(e["fighter"], e["amount"]) for e in s.events("damage") if e["detail"] == "card"]
    assert effect == [("Chupacabra", 2)]


def test_my_kingdom_for_a_horse_line_effect_gains_2_actions():
    s = vs_chupa().hand(0, "My Kingdom for a Horse", SPARE)
    line(s, "Horror", "Alas")
    attack(s, "My Kingdom for a Horse")
    assert [e["amount"] for e in s.events("gain_action")] == [2]
    assert s.game.players[0].actions == 3


def test_a_line_completed_on_defense_resolves_its_line_effect():
    s = vs_chupa().hand(0, "Alas").hand(1, "Feeding").health("Shakespeare", 9)
    line(s, "Horror", "My Kingdom for a Horse")
    defend(s, "Alas")
    assert s.events("line_complete") and len([e for e in s.events("draw") if e["player"] == 0]) == 2
    assert s.f("Shakespeare").health == 10        # 9 - 2 (combat) + 1 (lost) + 2 (line)


def test_all_are_punished_hurts_every_other_fighter_in_the_zone_friend_or_foe():
    s = vs_chupa(actors=("M15", "M31")).hand(0, "All Are Punished", SPARE)
    attack(s, "All Are Punished")
    hurt = sorted(e["fighter"] for e in s.events("damage") if e["detail"] == "card")
    assert hurt == ["Actor 1", "Chupacabra"]           # Actor 2 at M31 is in another zone
    assert not s.f("Actor 1").alive and s.f("Actor 2").alive


def test_all_are_punished_line_effect_draws_1():
    s = vs_chupa().hand(0, "All Are Punished", SPARE).deck_top(0, "Horror")
    line(s, "My Kingdom for a Horse")
    attack(s, "All Are Punished")
    assert s.events("line_complete") and "Horror" in s.hand_names(0)


def test_places_places_moves_each_actor_up_to_3():
    s = vs_chupa(actors=("M01", "M28")).hand(0, "Places, Places!", SPARE)
    attack(s, "Places, Places!")
    s.expect("effect_move_order").choose("Actor 1")
    s.expect("effect_destination").choose("M13")
    s.expect("effect_destination").choose("M30")
    assert s.f("Actor 1").space == s.space("M13") and s.f("Actor 2").space == s.space("M30")


def test_places_places_line_effect_puts_shakespeare_in_a_zone_without_actors():
    s = vs_chupa(actors=("M15",)).hand(0, "Places, Places!", SPARE)
    line(s, "My Kingdom for a Horse")
    attack(s, "Places, Places!")
    s.expect("effect_destination")                # the Actor moves first (after combat)
    s.choose("M15")
    s.expect("effect_destination")
    zm = s.board.zone_mask
    actor = zm[s.space("M15")]
    assert s.pending.options and all(not zm[o] & actor for o in s.pending.options)
    s.choose("M31")
    assert s.f("Shakespeare").space == s.space("M31")


def test_once_more_unto_the_breach_returns_a_defeated_actor_to_shakespeares_zone():
    s = vs_chupa(actors=("M28",)).hand(0, "Once More unto the Breach", SPARE)
    attack(s, "Once More unto the Breach")
    s.expect("effect_destination")            # the Actors are identical tokens: no choice of which
    zm = s.board.zone_mask
    assert all(zm[o] & zm[s.space("M10")] for o in s.pending.options)
    s.choose("M15")
    a = s.f("Actor 2")
    assert a.alive and a.health == 1 and a.space == s.space("M15")
    assert [e["fighter"] for e in s.events("return_fighter")] == ["Actor 2"]   # the first one down


def test_once_more_unto_the_breach_line_effect_returns_all_defeated_actors():
    s = vs_chupa(actors=("M28",)).hand(0, "Once More unto the Breach", SPARE)
    line(s, "Horror", "Alas")
    attack(s, "Once More unto the Breach")
    s.expect("effect_destination").choose("M15")     # the after-combat effect: one

    s.choose("M19")                                   # the line effect: the other one
    assert all(s.f(f"Actor {i}").alive for i in (1, 2, 3))
    assert len(s.events("return_fighter")) == 2


def test_alas_heals_1_when_the_combat_is_lost():
    s = vs_chupa().hand(0, "Alas").hand(1, "Feeding").health("Shakespeare", 9)
    defend(s, "Alas")
    assert combat(s) == "4-2" and s.f("Shakespeare").health == 8   # 9 - 2 + 1


def test_alas_line_effect_draws_2_and_heals_2():
    s = vs_chupa().hand(0, "Alas", SPARE).health("Shakespeare", 9)
    line(s, "My Kingdom for a Horse", "Horror")
    attack(s, "Alas")
    assert s.f("Shakespeare").health == 11 and len(s.events("draw")) == 2


def test_the_ides_of_march_line_effect_deals_2_to_an_opposing_fighter():
    s = vs_chupa().hand(0, "The Ides of March", SPARE)
    line(s, "My Kingdom for a Horse")
    attack(s, "The Ides of March")
    effect = [(e["fighter"], e["amount"]) for e in s.events("damage") if e["detail"] == "card"]
    assert effect == [("Chupacabra", 2)]


def test_et_tu_brute_gets_plus_1_per_own_fighter_next_to_the_opposing_fighter():
    s = vs_chupa(actors=("M12", "M19", "M28")).hand(0, "Et Tu, Brute?", SPARE)
    attack(s, "Et Tu, Brute?")
    assert combat(s) == "6-0"       # Shakespeare, Actor 1 and Actor 2 are next to Chupacabra


def test_et_tu_brute_line_effect_places_each_of_your_fighters():
    s = vs_chupa(actors=("M28",)).hand(0, "Et Tu, Brute?", SPARE)
    line(s, "My Kingdom for a Horse")
    attack(s, "Et Tu, Brute?")
    s.expect("effect_destination").choose("M01")
    s.expect("effect_destination").choose("M02")
    assert {s.f("Shakespeare").space, s.f("Actor 1").space} == {s.space("M01"), s.space("M02")}


def test_deceive_cancels_the_opponents_effects():
    s = vs_chupa().hand(0, "Deceive").hand(1, "Ravenous Lunge").health("Chupacabra", 5)
    defend(s, "Deceive", "Ravenous Lunge")
    assert s.events("cancel") and s.events("recover") == []


def test_deceive_line_effect_returns_it_to_hand_and_the_rest_is_discarded():
    s = vs_chupa().hand(0, "Deceive", SPARE)
    line(s, "My Kingdom for a Horse", "Alas")
    attack(s, "Deceive")
    assert "Deceive" in s.hand_names(0)
    assert s.discard_names(0) == sorted(["My Kingdom for a Horse", "Alas"])
    assert [e["card"] for e in s.events("line_to_hand")] == ["Deceive"]


def test_revise_draws_2_when_won():
    s = vs_chupa().hand(0, "Revise", SPARE)
    attack(s, "Revise")
    assert combat(s) == "1-0" and len(s.events("draw")) == 2


def test_revise_draws_1_when_lost():
    s = vs_chupa().hand(0, "Revise", SPARE).hand(1, "Natural Toughness")
    attack(s, "Revise", "Natural Toughness")
    assert len(s.events("draw")) == 1


def test_revise_line_effect_moves_every_fighter_up_to_2_even_opposing_ones():
    s = vs_chupa().hand(0, "Revise", SPARE)
    line(s, "My Kingdom for a Horse", "Alas")
    attack(s, "Revise")
    s.expect("effect_move_order")
    assert {s.game.fighters[o].name for o in s.pending.options} == {"Shakespeare", "Chupacabra"}
    s.choose("Chupacabra")
    s.expect("effect_destination").choose("M06")
    s.expect("effect_destination").choose("M15")
    assert s.f("Chupacabra").space == s.space("M06") and s.f("Shakespeare").space == s.space("M15")


def test_such_sweet_sorrow_moves_your_fighter_up_to_2():
    s = vs_chupa(bard="M01", chupa="M11", actors=("M10",)).hand(0, "Such Sweet Sorrow", SPARE)
    attack(s, "Such Sweet Sorrow", attacker="Actor 1")
    s.expect("effect_destination").choose("M18")
    assert s.f("Actor 1").space == s.space("M18")


def test_such_sweet_sorrow_line_effect_draws_1():
    s = vs_chupa(bard="M01", actors=("M10",)).hand(0, "Such Sweet Sorrow", SPARE)
    line(s, "My Kingdom for a Horse")
    attack(s, "Such Sweet Sorrow", attacker="Actor 1")
    s.expect("effect_destination").choose("M10")
    assert s.events("line_complete") and len(s.events("draw")) == 1


def test_again_may_return_the_first_card_of_the_line_before_joining_it():
    s = vs_chupa(bard="M01", actors=("M10",)).hand(0, "Again", SPARE)
    line(s, "My Kingdom for a Horse", "Alas")                 # 8; Again +2 would complete it
    attack(s, "Again", attacker="Actor 1")
    s.expect("effect_may").choose(True)
    assert "My Kingdom for a Horse" in s.hand_names(0)
    assert line_names(s) == ["Alas", "Again"] and s.events("line_complete") == []


def test_again_line_effect_draws_1_when_it_completes_the_line():
    s = vs_chupa(bard="M01", actors=("M10",)).hand(0, "Again", SPARE)
    line(s, "My Kingdom for a Horse", "Alas")
    attack(s, "Again", attacker="Actor 1")
    s.expect("effect_may").choose(False)
    assert s.events("line_complete") and len(s.events("draw")) == 1


# ============================================================ other formats
def _play_random(fmt, heroes, seed):
    return play_random(heroes, fmt, seed, salt=None)


def test_shakespeare_plays_a_three_player_free_for_all_to_the_end():
    for seed in range(3):
        g = _play_random(FreeForAll(3), ("shakespeare", "hamlet", "genie"), seed)
        assert g.over


def test_shakespeare_plays_a_two_versus_two_team_game_to_the_end():
    for seed in range(3):
        g = _play_random(Teams(4), ("shakespeare", "chupacabra", "hamlet", "houdini"), seed)
        assert g.over and any(e[2] == "line_add" for e in g.events)


# ---------------------------------------------------------------- the AI's reading of the line
def completion_worth(s: Scenario, card: str) -> float:
    """What ``tuned``'s advice adds to ``card`` played now into Shakespeare's line."""
    from unmatched_sim.hooks.shakespeare import line_fit
    from unmatched_sim.policies import make_policy
    s.hand(0, card).begin_turn(0)
    return line_fit(make_policy("tuned", random.Random(0)), PlayerView(s.game, 0), s.card_ids(0, card)[0])


def test_a_card_completing_the_line_is_worth_its_completion_effect():
    # Both complete a line of 8 syllables: the Ides of March with 2 damage to Chupacabra,
    # Deceive only by coming back to hand.
    ides = completion_worth(line(vs_chupa(), "My Kingdom for a Horse"), "The Ides of March")
    deceive = completion_worth(line(vs_chupa(), "My Kingdom for a Horse", "Alas"), "Deceive")
    assert ides > deceive + 2.0


def test_horror_completing_the_line_is_worth_a_blow_for_each_card_before_it():
    two = completion_worth(line(vs_chupa(), "My Kingdom for a Horse", "Alas"), "Horror")
    four = completion_worth(line(vs_chupa(), "Alas", "Alas", "Deceive", "Deceive"), "Horror")
    assert four > two > 0.0


def test_et_tu_brute_is_read_at_the_fighters_next_to_the_foe_it_attacks():
    # "+1 for each of your fighters next to the opposing fighter": the card tables guess 1.5;
    # against a foe with only Shakespeare beside it, Et Tu, Brute? is a 4 (its 3 and him), one
    # Actor beside it too makes it a 5. The search attacked with Horror where `tuned` played Et
    # Tu, Brute? (14 decisions, +20 points a decision: `decision_regret.py --heroes shakespeare
    # --opponents <the 18> --games 2 --share 1 --worlds 20 --versus ismcts:iterations=200`).
    from tests.scenario import tuned_at
    worths = []
    for actors in ((), ("M12",)):
        s = vs_chupa(actors=actors)
        s.hand(0, "Et Tu, Brute?", "Horror")
        pol, view = tuned_at(s)
        bard, chupa = s.f("Shakespeare").idx, s.f("Chupacabra").idx
        worths.append({view.card(c).name: pol.attack_eval(view, bard, chupa, c) for c in view.hand_ids()})
    alone, beside = worths
    assert alone["Et Tu, Brute?"] < alone["Horror"]
    assert beside["Et Tu, Brute?"] > beside["Horror"]
    assert beside["Horror"] == alone["Horror"]
