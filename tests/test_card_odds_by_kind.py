"""The card odds' pool kept by card kind: ``PlayerView.unseen_opponent_counts``
counts each kind's unseen copies, the reader weighs a kind once with its count, and
``best_of_dist`` reads its binomial coefficients from a table of exact doubles. Each gives the
same numbers, to the bit, as the per-copy lists and ``math.comb`` arithmetic they replace."""

import random

import pytest

from tests.scenario import greedy_midgame
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import heuristic
from unmatched_sim.policies.card_facts import card_strength
from unmatched_sim.policies.heuristic import TunedPolicy
from unmatched_sim.policies.odds import KindTable, Reader, best_of_dist
# ``best_of_dist`` as it was (a level per distinct value, its cards counted copy by copy, the odds
# from ``math.comb`` on Python integers): the frozen first heuristic still has it, unchanged.
from unmatched_sim.policies.heuristic_v1 import best_of_dist as best_of_dist_by_copy


def test_best_of_dist_equals_the_per_copy_arithmetic_to_the_bit():
    rng = random.Random(16)
    for _ in range(5000):
        n = rng.randint(0, 90)          # past the table's 64 cards too (math.comb then)
        pool = [rng.choice([0.0, 1.0, 2.0, 2.5, 3.0, 4.0, 5.0, 99.0]) for _ in range(rng.randint(0, n))]
        known = [rng.choice([1.0, 3.0, 4.0]) for _ in range(rng.randint(0, 2))]
        h = rng.randint(-1, 12)
        got, want = best_of_dist(known, pool, n, h), best_of_dist_by_copy(known, pool, n, h)
        assert got == want                                      # float == float: the same bits
        assert [type(v) for v, _ in got] == [type(v) for v, _ in want]


def unseen_by_copy(g, me: int, foe: int) -> list[str]:
    """The foe's cards this player has not seen, recounted from the piles: the deck list less
    every discard pile, the cards in play face up, our hand and what we know of theirs."""
    view = PlayerView(g, me)
    gone = [c for p in g.players for c in p.discard]
    face_down = view._face_down_in_play()
    gone += [c for c in g.in_play if c not in face_down]
    gone += g.players[me].hand + view.known_opponent_hand(foe)
    names = [d.name for d in g.players[foe].hero.cards for _ in range(d.copies)]
    for c in gone:
        if g.cards[c].owner == foe:
            names.remove(g.cards[c].defn.name)
    return sorted(names)


@pytest.mark.parametrize("seed,steps", [(1, 0), (2, 15), (3, 30), (4, 45)])
@pytest.mark.parametrize("heroes", [("houdini", "genie"), ("loki", "pandora")])
def test_unseen_counts_by_kind_match_a_recount_of_the_piles(seed, steps, heroes):
    g = greedy_midgame(seed, steps, heroes)
    for me in (0, 1):
        view = PlayerView(g, me)
        foe = view.opp
        counts = view.unseen_opponent_counts(foe)
        assert len(counts) == len(g.players[foe].hero.cards) and min(counts) >= 0
        cards = view.unseen_opponent_cards(foe)
        assert sorted(d.name for d in cards) == unseen_by_copy(g, me, foe)
        r = Reader(view, foe)
        assert r.n_pool == len(cards) == sum(r.counts) and all(r.counts)
        assert sorted(d.name for d in r.pool) == sorted(d.name for d in cards)


@pytest.mark.parametrize("seed,steps", [(5, 20), (6, 40)])
def test_the_readers_odds_by_kind_equal_the_odds_by_copy(seed, steps):
    g = greedy_midgame(seed, steps, ("houdini", "genie"))
    view = PlayerView(g, 0)
    r = Reader(view, view.opp)
    pool = r.pool
    for f in g.fighters:
        name = f.defn.name
        known_a = [card_strength(d, m)[0] for d, m in r.known if d.can_attack and d.usable_by(name)]
        pool_a = [card_strength(d)[0] for d in pool if d.can_attack and d.usable_by(name)]
        if r.lock is None or r.my_turn:
            assert r.attack(name) == best_of_dist_by_copy(known_a, pool_a, len(pool), r.h_unknown)
        known_d = [card_strength(d, m)[1] for d, m in r.known if d.can_defend and d.usable_by(name)]
        pool_d = [card_strength(d)[1] for d in pool if d.can_defend and d.usable_by(name)]
        assert r.defense(name) == best_of_dist_by_copy(known_d, pool_d, len(pool), r.h_unknown)


def test_a_kept_reader_with_a_wrong_count_fails_under_check_caches(monkeypatch):
    monkeypatch.setattr(heuristic, "CHECK_CACHES", True)
    g = greedy_midgame(7, 40)
    view = PlayerView(g, 0)
    pol = TunedPolicy(random.Random(0))
    r = pol._shared_reader(view, view.opp)
    assert pol._shared_reader(view, view.opp) is r            # kept, and checked against a fresh one
    first = next(i for i, n in enumerate(r.unseen) if n)
    r.unseen[first] += 1                                        # one more copy of a kind unseen
    with pytest.raises(AssertionError):
        pol._shared_reader(view, view.opp)



@pytest.mark.parametrize("seed,steps", [(8, 10), (9, 35)])
def test_a_kind_table_holds_each_kinds_strength_where_the_fighter_can_use_it(seed, steps):
    g = greedy_midgame(seed, steps, ("houdini", "genie"))
    view = PlayerView(g, 0)
    r = Reader(view, view.opp)
    for f in g.fighters:
        name = f.defn.name
        table = KindTable(r.cards, name)
        for d, a, dfn, t in zip(r.cards, table.attack, table.defense, table.types):
            assert a == (card_strength(d)[0] if d.can_attack and d.usable_by(name) else None)
            assert dfn == (card_strength(d)[1] if d.can_defend and d.usable_by(name) else None)
            assert t == d.type


def test_readers_of_one_card_list_share_its_kind_tables():
    g = greedy_midgame(10, 20, ("houdini", "genie"))
    a, b = Reader(PlayerView(g, 0), 1), Reader(PlayerView(g, 0), 1)
    name = g.fighters[g.players[1].fighters[0]].defn.name
    a.attack(name)
    assert a.kind_table(name) is b.kind_table(name)


def _summed(dist) -> float:
    total = 0.0
    for v, p in dist:
        total += p * max(0.0, v)
    return total


@pytest.mark.parametrize("seed,steps", [(11, 5), (12, 25), (13, 45)])
@pytest.mark.parametrize("heroes", [("houdini", "genie"), ("loki", "pandora")])
def test_a_threat_is_the_attack_odds_summed_to_the_bit(seed, steps, heroes):
    g = greedy_midgame(seed, steps, heroes)
    for me in (0, 1):
        view = PlayerView(g, me)
        for f in g.fighters:
            name = f.defn.name
            r, other = Reader(view, view.opp), Reader(view, view.opp)
            assert r.threat(name) == _summed(other.attack(name))


def test_a_threat_under_a_value_lock_is_the_locked_value():
    g = greedy_midgame(14, 20, ("houdini", "genie"))
    view = PlayerView(g, 0)
    name = g.fighters[g.players[1].fighters[0]].defn.name
    r = Reader(view, 1)
    r.lock, r.my_turn = 4, False          # "your card values are 4" on the foe's own turn
    assert r.threat(name) == 4.0 == _summed(r.attack(name))
    r2 = Reader(view, 1)
    r2.lock, r2.my_turn = -1, False
    assert r2.threat(name) == 0.0
