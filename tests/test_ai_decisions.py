"""The default's single decisions where the search plays differently: optional draws weighed by
the deck race, ransoms priced by what the effect would do against what paying costs now, and
Forever Hyde's discards only for damage that lands, Mr. Hyde's maneuvers at the health they
cost him.
Each test is a small position and the choice `tuned` makes in it. (The Hunger keeps its clock of
a card a turn: weighed by the deck's rate, Chupacabra drew less and won less.)"""

from __future__ import annotations

import random

import pytest
from types import SimpleNamespace

from tests.scenario import Scenario
from tests.test_bigfoot import duel, end_turn
from tests.test_jekyll_and_hyde import attack as jekyll_attack, duel as jekyll_duel
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.hooks.jekyll_and_hyde import set_form
from unmatched_sim.policies import make_policy
from unmatched_sim.policies.tempo import deck_rate, turns_left_estimate


def decide(s: Scenario, policy: str = "tuned"):
    """What ``policy`` answers to the pending decision (and the view it answered from)."""
    pol = make_policy(policy, random.Random(0))
    view = PlayerView(s.game, s.pending.player)
    return pol.choose(view, s.pending), view


# ---------------------------------------------------------------------- The Hunger
def hunger_after_a_feint(deck: int, turn: int, genie_health: int = 16) -> Scenario:
    """Chupacabra has just hit the Genie with Feint and is asked The Hunger's draw; his deck
    holds ``deck`` cards, the rest in his discard pile, at game turn ``turn``."""
    s = Scenario("chupacabra", "genie").place("Chupacabra", "M10").place("The Genie", "M11")
    s.hand(0, "Feint", "Traveler of the Night").thin_deck(0, deck)
    s.health("The Genie", genie_health)
    s.game.turn = turn
    s.begin_turn(0)
    s.attack("Chupacabra", "The Genie", "Feint", None)
    return s.expect("ability_draw")


def test_the_hunger_draws_while_the_deck_lasts_the_game():
    s = hunger_after_a_feint(deck=20, turn=2)
    assert decide(s)[0] is True


def test_the_hunger_never_draws_from_an_empty_deck():
    s = hunger_after_a_feint(deck=0, turn=12)
    assert decide(s)[0] is False


# ---------------------------------------------------------------------- Bigfoot's draw
def bigfoot_at_the_end_of_his_turn(deck: int, turn: int, genie_health: int = 16) -> Scenario:
    """Bigfoot alone in his zone at the end of his turn, asked whether to draw; his deck holds
    ``deck`` cards, the rest in his discard pile, at game turn ``turn``."""
    s = duel(genie="M27").hand(0, "Feint").thin_deck(0, deck)
    s.health("The Genie", genie_health)
    s.game.turn = turn
    s.begin_turn(0)
    end_turn(s)
    return s.expect("effect_may")


def test_bigfoot_draws_at_the_end_of_his_turn_while_the_deck_lasts_the_game():
    s = bigfoot_at_the_end_of_his_turn(deck=20, turn=10, genie_health=8)
    assert s.pending.info["op"] == "draw"
    assert decide(s)[0] is True


def test_bigfoot_keeps_a_card_the_deck_race_needs_in_his_deck():
    s = bigfoot_at_the_end_of_his_turn(deck=6, turn=12, genie_health=10)
    view = PlayerView(s.game, 0)
    assert 6 - 1 < turns_left_estimate(view) * deck_rate(view)
    assert decide(s)[0] is False


# ---------------------------------------------------------------------- ransoms
def ransom(s: Scenario, name: str, **spec) -> SimpleNamespace:
    """The ransom decision on the first effect of Blackbeard's deck named ``name`` (with
    ``spec``'s fields), as the engine would ask it of Loki."""
    for cid in s.game.players[1].deck + s.game.players[1].hand:
        for ops in s.game.card(cid).effects.values():
            for op in ops:
                if (op.NAME == name and op.spec.get("unless_paid")
                        and all(op.spec.get(k) == v for k, v in spec.items())):
                    return SimpleNamespace(kind="ransom", options=(True, False), player=0,
                                           info={"effect": op, "amount": op.spec["unless_paid"], "card": cid,
                                                 "op": name})
    raise AssertionError(f"no {name} with a ransom in Blackbeard's deck")


def loki_asked(name: str, held: int, hand=("Trick: Svaðilfari's Lure",), **spec) -> bool:
    """Does `tuned` Loki pay Blackbeard's ransom on ``name``, Blackbeard holding ``held``
    doubloons (the treasury the rest of the three)?"""
    s = Scenario("loki", "blackbeard").hand(0, *hand)
    res = s.game.players[1].res
    res["doubloons"], res["treasury"] = held, 3 - held
    d = ransom(s, name, **spec)
    view = PlayerView(s.game, 0)
    pol = make_policy("tuned", random.Random(0))
    return pol.choose(view, d)


def test_blackbeard_s_extra_action_is_not_bought_off_with_the_doubloon_that_buys_it_back():
    # Refused, the action is his now; paid, the doubloon buys him one on his next turn.
    assert loki_asked("gain_action", held=0) is False


def test_blackbeard_s_extra_action_is_bought_off_when_his_doubloons_fund_his_next_turns():
    assert loki_asked("gain_action", held=2) is True


def test_a_random_discard_from_a_full_hand_is_not_worth_a_doubloon_he_would_spend_next_turn():
    hand = ("Trick: Svaðilfari's Lure", "Shapeshifter", "God of Mischief", "Lævateinn", "Looking for Trouble")
    assert loki_asked("discard", held=0, hand=hand, chooser="random") is False


def test_a_random_discard_of_the_last_card_is_worth_a_doubloon():
    assert loki_asked("discard", held=0, hand=("Trick: Svaðilfari's Lure",), chooser="random") is True


def test_the_price_of_each_doubloon_falls_with_those_blackbeard_already_holds():
    s = Scenario("loki", "blackbeard")
    pol = make_policy("tuned", random.Random(0))
    prices = []
    for held in (0, 1, 2):
        s.game.players[1].res["doubloons"] = held
        prices.append(pol.ransom_price(PlayerView(s.game, 0), ransom(s, "gain_action")))
    assert prices[0] == pol.doubloon_worth and prices[0] > prices[1] > prices[2] > 0


# ---------------------------------------------------------------------- Forever Hyde
def forever_hyde_on_the_genie(genie_health: int) -> Scenario:
    """Mr. Hyde attacks the undefended Genie with Forever Hyde (5), two Dr. Jekyll cards in hand."""
    s = jekyll_duel("Mr. Hyde").hand(0, "With Haste!", "Calming Research")
    s.health("The Genie", genie_health)
    return jekyll_attack(s, "Forever Hyde").expect("discard_for_value")


def test_forever_hyde_discards_for_damage_the_blow_still_needs():
    s = forever_hyde_on_the_genie(genie_health=9)
    assert decide(s)[0] is not None


def test_forever_hyde_keeps_the_cards_when_the_blow_already_defeats_the_foe():
    s = forever_hyde_on_the_genie(genie_health=5)
    assert decide(s)[0] is None


# ---------------------------------------------------------------------- Mr. Hyde's maneuvers
def hyde_alone(health: int) -> Scenario:
    """Mr. Hyde far from the Genie at ``health``, Pure Evil and Strange Case in hand, asked his
    first action."""
    s = jekyll_duel("Mr. Hyde").place("The Genie", "M27").hand(0, "Pure Evil", "Strange Case")
    s.health("Jekyll & Hyde", health)
    s.begin_turn(0)
    s.expect("transform").choose(False)
    return s.expect("action")


def test_a_maneuver_as_mr_hyde_costs_the_health_it_takes_from_him():
    s = hyde_alone(health=10)
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol._fresh()
    pol.agg, pol.cau = pol.style_now(view)
    as_hyde = pol.maneuver_eval(view)
    hyde = s.f("Jekyll & Hyde")
    set_form(s.game, 0, "Dr. Jekyll")            # the same position, as Dr. Jekyll
    pol._fresh()
    as_jekyll = pol.maneuver_eval(view)
    assert as_jekyll - as_hyde == pytest.approx(pol.hp_weight(hyde, True))


def test_mr_hyde_at_one_health_does_not_maneuver_into_his_own_defeat():
    s = hyde_alone(health=1)
    assert "maneuver" in s.pending.options
    assert decide(s)[0] != "maneuver"
