"""The default's decisions with the heroes beyond the rulebook sets where the search plays
differently: a scheme's healing priced at what the health is worth to the hero.
Each test is a small position and the choice `tuned` makes in it."""

from __future__ import annotations

import random

import pytest

from tests.scenario import Scenario, tuned_at
from tests.test_jekyll_and_hyde import duel as jekyll_duel
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.weights import FOR_HERO_ADVICE


def decide(s: Scenario, policy: str = "tuned"):
    """What ``policy`` answers to the pending decision."""
    pol = make_policy(policy, random.Random(0))
    return pol.choose(PlayerView(s.game, s.pending.player), s.pending)


# ---------------------------------------------------------------------- a scheme's healing
def jekyll_far_away(health: int) -> Scenario:
    """Dr. Jekyll at ``health`` far from the Genie, Calming Research (recover 2, a card chosen
    from up to 3) among three cards, asked his first action."""
    s = jekyll_duel("Dr. Jekyll").place("The Genie", "M27")
    s.hand(0, "Calming Research", "Skirmish", "Strange Case").health("Jekyll & Hyde", health)
    s.begin_turn(0)
    s.expect("transform").choose(False)
    return s.expect("action")


def test_a_schemes_healing_counts_each_point_at_the_heros_health_worth():
    per_point = []
    for health in (4, 10):
        s = jekyll_far_away(health)
        pol, view = tuned_at(s, 0)
        me = view.my_hero()
        recover = [op for op in view.card(s.card_ids(0, "Calming Research")[0]).effects["effect"]
                   if op.NAME == "recover"]
        per_point.append(pol.ops_worth(view, recover, me.idx) / (2 * pol.hp_weight(me, True)))
    assert per_point[0] == pytest.approx(per_point[1]) and per_point[0] > 0.5


def test_a_wounded_jekyll_heals_with_calming_research_rather_than_maneuver():
    assert decide(jekyll_far_away(health=10)) == "scheme"


def test_a_healthy_jekyll_keeps_calming_research():
    assert decide(jekyll_far_away(health=16)) != "scheme"


# ---------------------------------------------------------------------- Confirm Suspicion
def confirm_suspicion_against(genie_hand: tuple[str, ...]) -> Scenario:
    """Sherlock Holmes plays Confirm Suspicion on the Genie, whose hand (unseen by Holmes) is
    ``genie_hand``; asked the value to name."""
    from tests.test_sherlock_holmes import duel as holmes_duel, scheme
    s = holmes_duel()
    s.game.players[1].hand.clear()
    s.hand(1, *genie_hand)
    s.hand(0, "Confirm Suspicion")
    s.begin_turn(0)
    scheme(s, "Confirm Suspicion")
    return s.expect("name_value")


def test_confirm_suspicion_names_a_value_from_what_holmes_knows_not_the_hidden_hand():
    # the same cards unseen by Holmes (hand and deck together), dealt to the hand two ways
    named = {decide(confirm_suspicion_against(hand))
             for hand in (("Careful What You Wish For", "Careful What You Wish For", "Feint"),
                          ("Back in the Lamp", "Prisoner's Torment", "This Is No Parlor Trick"))}
    assert len(named) == 1


# ---------------------------------------------------------------------- Little Red's basket
def little_red_asked(hp: int, hand: tuple[str, ...], discard: tuple[str, ...] = ()) -> Scenario:
    """Little Red Riding Hood at ``hp`` far from the Genie, the Huntsman beside her, holding
    ``hand`` over a discard pile of ``discard`` (its last card on top: the basket), asked her
    first action."""
    s = Scenario("little_red_riding_hood", "genie").place("Little Red Riding Hood", "M02")
    s.place("Huntsman", "M01").place("The Genie", "M27")
    s.game.players[0].hand.clear()
    s.hand(0, *hand).health("Little Red Riding Hood", hp)
    if discard:
        s.discard_pile(0, *discard)
    s.begin_turn(0)
    return s.expect("action")


GRIMM = ("A Grimm Tale", "Long Have I Sought You", "What Large Hands You Have")


def grimm_tale_worth(s: Scenario) -> float:
    pol, view = tuned_at(s, 0)
    return pol.scheme_eval(view, s.card_ids(0, "A Grimm Tale")[0], s.fighter("Little Red Riding Hood"))


def test_a_grimm_tale_is_worth_the_healing_of_the_item_in_the_basket():
    plain = grimm_tale_worth(little_red_asked(7, GRIMM))
    wolf = grimm_tale_worth(little_red_asked(7, GRIMM, ("What Big Eyes You Have",)))   # wolf: 4, not 2
    s = little_red_asked(7, GRIMM)
    pol, view = tuned_at(s, 0)
    basket = view.card(s.card_ids(0, "A Grimm Tale")[0]).effects["effect"][0]
    two = pol.ops_worth(view, basket.otherwise, s.fighter("Little Red Riding Hood"))      # recover 2
    assert two > 0 and wolf - plain == pytest.approx(two)


def test_a_wounded_little_red_heals_with_a_grimm_tale_rather_than_maneuver():
    assert decide(little_red_asked(7, GRIMM)) == "scheme"


def test_little_red_at_full_health_keeps_a_grimm_tale():
    assert decide(little_red_asked(14, GRIMM)) != "scheme"


# ---------------------------------------------------------------------- Jekyll & Hyde's form
def jekyll_with_hydes_schemes(genie_health: int) -> Scenario:
    """Dr. Jekyll next to the Genie at ``genie_health``, holding Mr. Hyde's Pure Evil and Strange
    Case and a Feint, asked whether to transform."""
    s = jekyll_duel("Dr. Jekyll").hand(0, "Pure Evil", "Strange Case", "Feint")
    s.health("The Genie", genie_health)
    s.begin_turn(0)
    return s.expect("transform")


def test_mr_hydes_schemes_count_in_the_worth_of_his_form():
    from unmatched_sim.hooks.jekyll_and_hyde import scheme_turn
    s = jekyll_with_hydes_schemes(16)
    pol, view = tuned_at(s, 0)
    assert scheme_turn(pol, view, "Mr. Hyde", 2) > scheme_turn(pol, view, "Mr. Hyde", 1) > 0
    assert scheme_turn(pol, view, "Dr. Jekyll", 2) == 0


def test_jekyll_turns_mr_hyde_to_play_his_schemes_on_a_foe_beside_him():
    assert decide(jekyll_with_hydes_schemes(16)) is True


# ---------------------------------------------------------------------- a scheme that draws
def test_a_scheme_that_draws_counts_the_cards_it_draws_back_in_the_hand_it_leaves():
    s = Scenario("bloody_mary", "genie").place("Bloody Mary", "M02").place("The Genie", "M27")
    s.game.players[0].hand.clear()
    s.hand(0, "Closer Than She Appears", "Evade")
    s.begin_turn(0)
    s.expect("action")
    pol, view = tuned_at(s, 0)
    cid = s.card_ids(0, "Closer Than She Appears")[0]
    me = view.my_hero()
    SCHEME_BONUS = FOR_HERO_ADVICE["SCHEME_BONUS"]
    effects = view.card(cid).effects["effect"]
    assert pol.spend_cost(view, cid, 1) < pol.spend_cost(view, cid)      # one card drawn back
    assert pol.scheme_eval(view, cid, me.idx) == pytest.approx(
        pol.ops_worth(view, effects, me.idx) - pol.spend_cost(view, cid, 1) + SCHEME_BONUS)


# ---------------------------------------------------------------------- Holmes's schemes
def holmes_asked(genie_health: int, hand: tuple[str, ...], genie_hand: tuple[str, ...] = ()) -> Scenario:
    """Sherlock Holmes far from the Genie at ``genie_health`` (whose hand is ``genie_hand``),
    holding ``hand``, asked his first action."""
    s = Scenario("sherlock_holmes", "genie").place("Sherlock Holmes", "M02").place("Dr. Watson", "M01")
    s.place("The Genie", "M27").health("The Genie", genie_health)
    s.game.players[0].hand.clear()
    s.hand(0, *hand)
    s.game.players[1].hand.clear()
    if genie_hand:
        s.hand(1, *genie_hand)
    s.begin_turn(0)
    return s.expect("action")


def test_holmes_finishes_the_genie_at_one_health_with_master_of_disguise():
    assert decide(holmes_asked(1, ("Master of Disguise", "Feint"))) == "scheme"


GENIE_HAND = ("Feint", "Back in the Lamp", "Three Wishes", "I Am Freed", "Imprisoned Wrath")


def test_confirm_suspicion_is_worth_more_the_more_cards_the_foe_holds():
    from unmatched_sim.hooks.sherlock_holmes import _suspicion_worth
    worths = []
    for hand in (GENIE_HAND[:1], GENIE_HAND):
        pol, view = tuned_at(holmes_asked(16, ("Confirm Suspicion", "Feint", "Feint"), hand), 0)
        worths.append(_suspicion_worth(pol, view, 1))
    assert 0 < worths[0] < worths[1]


def test_holmes_plays_confirm_suspicion_against_a_full_hand_rather_than_maneuver():
    assert decide(holmes_asked(16, ("Confirm Suspicion", "Feint", "Feint"), GENIE_HAND)) == "scheme"


# ---------------------------------------------------------------------- more than one action
def test_a_scheme_of_two_actions_is_worth_more_than_one_action():
    """Yennenga's Master of the Hunt (gain 2 actions): the second action counts too, at a plain
    action's worth."""
    s = Scenario("yennenga", "genie").place("Yennenga", "M02").place("The Genie", "M27")
    s.hand(0, "Master of the Hunt").begin_turn(0)
    pol, view = tuned_at(s, 0)
    me = view.my_hero().idx
    two = view.card(s.card_ids(0, "Master of the Hunt")[0]).effects["effect"]
    assert pol.ops_worth(view, two, me) > pol.extra_action_worth(view) > 0
