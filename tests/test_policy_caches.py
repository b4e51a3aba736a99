"""What the heuristic keeps across decisions (a foe's card odds, the threat map) is only reused
while everything it was computed from is unchanged: with CHECK_CACHES on, every reuse is
recomputed from scratch and compared, over games of every hero in every format. The card odds
start from the game's own counts of the cards in discard piles and in play (``Game.pile_counts``,
kept as the cards move): with the view's CHECK_PILES on, every read recounts the piles."""

import random

import pytest

from tests.play_digest import DUELS, MULTI
from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.engine import view as view_module
from unmatched_sim.policies import heuristic, make_policy
from unmatched_sim.run import GameSpec, play_game


@pytest.fixture
def checked(monkeypatch):
    monkeypatch.setattr(heuristic, "CHECK_CACHES", True)
    monkeypatch.setattr(view_module, "CHECK_PILES", True)


def _roster_lineups(size: int) -> list[tuple[str, ...]]:
    """Line-ups of ``size`` heroes taken in catalog order (wrapping round), so that every hero
    of the catalog plays in one."""
    heroes = hero_ids()
    return [tuple(heroes[(i + k) % len(heroes)] for k in range(size))
            for i in range(0, len(heroes), size)]


ROSTER = ([("duel", lu) for lu in _roster_lineups(2)] + [("ffa", lu) for lu in _roster_lineups(3)]
          + [("teams", lu) for lu in _roster_lineups(4)])


@pytest.mark.parametrize("a,b", DUELS)
def test_kept_card_odds_and_threat_maps_equal_fresh_ones_in_duels(checked, a, b):
    heroes = {a: find_hero(a), b: find_hero(b)}
    for seed in (31, 32):
        play_game(GameSpec(0, 0, seed, a, b, a_first=seed % 2 == 1), heroes, find_board("marmoreal"),
                  "tuned", "tuned")


@pytest.mark.parametrize("fmt,lineup", MULTI)
def test_kept_card_odds_and_threat_maps_equal_fresh_ones_with_several_foes(checked, fmt, lineup):
    heroes = {h: find_hero(h) for h in lineup}
    for seed in (31, 32):
        play_game(GameSpec(0, 0, seed, lineup[0], lineup[1], True, lineup=lineup, rotation=seed % len(lineup),
                           format=fmt), heroes, find_board("marmoreal"), "tuned", "tuned")


@pytest.mark.parametrize("fmt,lineup", [("duel", ("houdini", "genie")), ("ffa", ("pandora", "loki", "medusa"))])
def test_what_the_search_s_playouts_keep_equals_fresh(checked, fmt, lineup):
    """The search's copies of a game keep the heuristic's memo too (their guide and playout
    policies): every reuse checked, in a duel and with several foes."""
    heroes = {h: find_hero(h) for h in lineup}
    play_game(GameSpec(0, 0, 43, lineup[0], lineup[1], True, lineup=() if fmt == "duel" else lineup,
                       format=fmt), heroes, find_board("marmoreal"),
              "ismcts:iterations=10", "ismcts:iterations=10")


@pytest.mark.parametrize("fmt,lineup", ROSTER)
def test_card_odds_follow_every_card_move_of_every_hero_in_every_format(checked, fmt, lineup):
    """Tuned games of every hero of the catalog, in a duel, a free-for-all and a team game, with
    the pile counts recounted at every read and every kept reader and threat map recomputed."""
    heroes = {h: find_hero(h) for h in lineup}
    play_game(GameSpec(0, 0, 41, lineup[0], lineup[1], True, lineup=() if fmt == "duel" else lineup,
                       format=fmt), heroes, find_board("marmoreal"),
              "tuned", "tuned")


def test_a_checked_reuse_that_differs_fails(checked):
    """The check can fail: a kept threat map altered behind the policy's back is caught."""
    from tests.scenario import Scenario
    from unmatched_sim.engine.view import PlayerView

    s = Scenario("houdini", "genie")
    s.place("Houdini", "M10").place("The Genie", "M31")
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    pol.threat_map(view)
    ((key, kept),) = pol._threats.items()
    if kept.counts[0] == 0:          # space 0's attacks, one stronger (or one where none was)
        kept.counts[0] = 1
    kept.hits[0] += 9.0
    pol._fresh()
    with pytest.raises(AssertionError, match="kept threat map"):
        pol.threat_map(view)


def test_card_odds_are_kept_over_our_own_draw():
    """Drawing a card of our own deck changes nothing we know of the foe's cards: the reader
    made before the draw is the one used after it."""
    from tests.scenario import Scenario
    from unmatched_sim.engine.view import PlayerView

    s = Scenario("houdini", "genie")
    s.place("Houdini", "M10").place("The Genie", "M31")
    pol = make_policy("tuned", random.Random(0))
    view = PlayerView(s.game, 0)
    before = pol.reader(view)
    s.game.players[0].hand.append(s.game.players[0].deck.pop())
    pol._fresh()
    assert pol.reader(view) is before
    s.game.discard_pile_add(1, s.game.players[1].deck.pop())   # a card of theirs seen
    pol._fresh()
    assert pol.reader(view) is not before


def test_card_odds_are_shared_by_the_worlds_that_moved_the_same_cards():
    """The card odds' key holds the counts of the foe's cards in the piles, not a number changed
    at every card moved: two copies of a game (a search's worlds) that discard the same card of
    the foe's share one key, and taking it back gives the key from before. The line-up is in
    the key too: card ids name other cards in a game of other heroes."""
    from tests.scenario import Scenario
    from unmatched_sim.engine.view import PlayerView

    s = Scenario("houdini", "genie")
    s.place("Houdini", "M10").place("The Genie", "M31")
    g = s.game
    before = PlayerView(g, 0).knowledge_key(1)
    a, b = g.clone(), g.clone()
    for c in (a, b):
        c.discard_pile_add(1, c.players[1].deck.pop())
    assert PlayerView(a, 0).knowledge_key(1) == PlayerView(b, 0).knowledge_key(1) != before
    a.players[1].deck.append(a.discard_pile_take(1))
    assert PlayerView(a, 0).knowledge_key(1) == before
    pol = make_policy("tuned", random.Random(0))
    kept = pol.reader(PlayerView(a, 0))
    pol._fresh()
    assert pol.reader(PlayerView(g, 0)) is kept
    same_lineup = Scenario("houdini", "genie").game
    other = Scenario("medusa", "genie").game
    assert PlayerView(same_lineup, 0).knowledge_key(1) == before
    assert PlayerView(other, 0).knowledge_key(1)[:-3] == before[:-3]     # all but the cards' line-up,
    assert PlayerView(other, 0).knowledge_key(1) != before               # their counts and the combat
