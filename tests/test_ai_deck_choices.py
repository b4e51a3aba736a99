"""The AI's answers to decisions about deck tops, searches and a foe's hand (they were answered at
random before: no policy handled them). Each scenario has an answer a careful player would give."""

import random

import pytest

from tests.scenario import Scenario
from unmatched_sim.engine import effects as E
from unmatched_sim.engine.state import SCHEME_ROLE, Ctx
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy

POLICIES = ["greedy", "tuned"]


def answer(s: Scenario, policy, kind: str) -> None:
    s.expect(kind)
    d = s.pending
    s.game.answer(policy.choose(PlayerView(s.game, d.player), d))


def names(s: Scenario, cids) -> list[str]:
    return [s.game.card(c).name for c in cids]


@pytest.mark.parametrize("policy", POLICIES)
def test_looking_at_its_own_deck_it_keeps_the_best_and_puts_the_better_rest_on_top(policy):
    # Prophecy: look at 4, 2 to hand, the rest back on top in any order
    s = Scenario("king_arthur", "genie").hand(0, "The Lady of the Lake", "Prophecy")
    s.place("King Arthur", "M02").place("The Genie", "M03").place("Merlin", "M04")
    s.deck_top(0, "Regroup", "Skirmish", "Feint", "Excalibur")
    s.begin_turn(0).choose("scheme")
    s.choose(next(o for o in s.pending.options if s.game.card(o[0]).name == "Prophecy"
                  and o[1] == s.fighter("Merlin")))
    pol = make_policy(policy, random.Random(0))
    answer(s, pol, "deck_to_hand")
    answer(s, pol, "deck_to_hand")
    assert {"Excalibur", "Skirmish"} <= set(s.hand_names(0))      # the 6 and the 4
    answer(s, pol, "deck_order")
    assert names(s, s.game.players[0].deck[-2:]) == ["Regroup", "Feint"]   # Feint (2) drawn next


@pytest.mark.parametrize("policy", POLICIES)
def test_looking_at_a_foes_deck_it_buries_their_best_and_leaves_their_worst_on_top(policy):
    # Insightful Deduction: reveal the foe's top 3, one to the bottom, the rest back in any order
    s = Scenario("dr_jill_trent", "genie").place("Dr. Jill Trent", "M10").place("The Genie", "M11")
    s.remove("Daisy").hand(0, "Insightful Deduction", "Helpful Assistant")
    s.deck_top(1, "Wishing for More Wishes", "Careful What You Wish For", "Back in the Lamp")
    s.begin_turn(0)
    s.expect("gadget_choice").choose("hypnoray_blaster")
    s.attack("Dr. Jill Trent", "The Genie", "Insightful Deduction", None)
    pol = make_policy(policy, random.Random(0))
    answer(s, pol, "deck_to_bottom")
    assert names(s, [s.game.players[1].deck[0]]) == ["Careful What You Wish For"]   # their 4 goes under
    answer(s, pol, "deck_order")
    assert names(s, [s.game.players[1].deck[-1]]) == ["Back in the Lamp"]  # their weakest, drawn next


@pytest.mark.parametrize("policy", POLICIES)
def test_a_searched_card_is_taken_from_the_discard_pile_not_the_deck(policy):
    """A search of the deck and the discard pile for a card both hold (no card of the roster
    does that with a one-copy card like Excalibur; a what-if edit or a new hero may)."""
    s = Scenario("king_arthur", "genie").place("King Arthur", "M02").place("The Genie", "M03")
    s.discard_pile(0, "Feint")
    assert "Feint" in names(s, s.game.players[0].deck)
    deck_before = len(s.game.players[0].deck)
    ops = E.parse_effects([{"op": "search_deck", "card": "Feint", "discard_too": True}], frozenset({"King Arthur"}))
    s.game.run_effects(ops, Ctx(0, -1, SCHEME_ROLE, s.fighter("King Arthur")))
    s.game.run()
    answer(s, make_policy(policy, random.Random(0)), "search_where")
    assert "Feint" in s.hand_names(0) and "Feint" not in s.discard_names(0)
    assert len(s.game.players[0].deck) == deck_before                   # the deck keeps its cards


@pytest.mark.parametrize("policy", POLICIES)
def test_it_shuffles_the_foes_strongest_hand_card_away(policy):
    s = Scenario("titania", "chupacabra").place("Titania", "M01").place("Chupacabra", "M11")
    s.place("Oberon", "M10").hand(0, "What Fools These Mortals Be", "Gift of the Fair Folk")
    s.hand(1, "Feint", "Feeding")
    s.begin_turn(0).choose("scheme")
    s.game.answer(next(o for o in s.pending.options
                       if s.game.cards[o[0]].defn.name == "What Fools These Mortals Be"))
    answer(s, make_policy(policy, random.Random(0)), "effect_hand_card")
    assert s.hand_names(1) == ["Feint"]                                 # Feeding (4) is gone


@pytest.mark.parametrize("policy", POLICIES)
def test_it_shuffles_its_best_discarded_cards_back_and_takes_every_one_allowed(policy):
    pol = make_policy(policy, random.Random(0))
    s = Scenario("king_arthur", "genie").place("King Arthur", "M02").place("The Genie", "M03")
    s.discard_pile(0, "Regroup", "Excalibur", "Feint")
    ops = E.parse_effects([{"op": "shuffle_into_deck", "count": 2, "up_to": True}], frozenset({"King Arthur"}))
    s.game.run_effects(ops, Ctx(0, -1, SCHEME_ROLE, s.fighter("King Arthur")))
    s.game.run()
    answer(s, pol, "shuffle_into_deck")
    answer(s, pol, "shuffle_into_deck")
    s.game.run()
    assert s.discard_names(0) == ["Regroup"]
    assert {"Excalibur", "Feint"} <= set(names(s, s.game.players[0].deck))


def test_every_decision_met_in_play_has_an_ai_answer():
    """No decision falls through to a random answer: every kind asked in random-policy games of
    every hero (duels, a free-for-all, a team game) has a handler in the greedy policy (which
    every heuristic style inherits) or a hero's advice (hooks.advise)."""
    from tests.scenario import drive_random
    from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
    from unmatched_sim.engine.formats import FreeForAll, Teams
    from unmatched_sim.engine.game import Game
    from unmatched_sim.hooks import AI_ADVICE
    from unmatched_sim.policies.greedy import GreedyPolicy

    ids = sorted(hero_ids())
    kinds: set[str] = set()
    orig_ask = Game.ask

    def ask(self, player, kind, options, *rest, **info):
        kinds.add(kind)
        return orig_ask(self, player, kind, options, *rest, **info)

    board = find_board("marmoreal")
    lineups = [((a, ids[(k + 7) % len(ids)]), None) for k, a in enumerate(ids)]
    lineups += [(tuple(ids[k:k + 4]), FreeForAll(4)) for k in range(0, 16, 4)]
    lineups += [(tuple(ids[k:k + 4]), Teams(4)) for k in range(2, 18, 4)]
    Game.ask = ask
    try:
        for seed in (1, 2, 3):
            for heroes, fmt in lineups:
                drive_random(Game(board, tuple(find_hero(h) for h in heroes), seed=seed, fmt=fmt), seed)
    finally:
        Game.ask = orig_ask
    unanswered = sorted(k for k in kinds if not hasattr(GreedyPolicy, "on_" + k) and k not in AI_ADVICE)
    assert len(kinds) > 40 and unanswered == []


@pytest.mark.parametrize("policy", ["greedy", "heuristic", "tuned", "tuned-v1", "aggressive", "careful"])
def test_every_fast_policy_chooses_two_different_effects(policy):
    """Gift of the Fair Folk's "choose 2 different effects", answered by each fast policy (the
    frozen tuned-v1 reaches greedy's handler through its own one-mode rule)."""
    s = Scenario("titania", "chupacabra").place("Titania", "M10").place("Chupacabra", "M11")
    s.place("Oberon", "M15").hand(0, "Gift of the Fair Folk", "Gift of the Fair Folk").health("Oberon", 3)
    s.begin_turn(0).choose("scheme")
    s.game.answer(next(o for o in s.pending.options if s.game.cards[o[0]].defn.name == "Gift of the Fair Folk"))
    s.expect("effect_modes")
    d = s.pending
    choice = make_policy(policy, random.Random(0)).choose(PlayerView(s.game, 0), d)
    assert choice in d.options
