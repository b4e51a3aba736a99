"""Policies: the registry and its errors, legal complete games for every hero, determinism,
the search policy's budget and cheap clones."""

from __future__ import annotations

import random

import pytest

from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import UserError
from unmatched_sim.policies import (POLICIES, Policy, make_policy, parse_policy_spec, register,
                                    validate_policy_spec)
from unmatched_sim.policies.odds import best_of_dist
from unmatched_sim.run import GameSpec, play_game

BOARD = find_board("marmoreal")


def heroes():
    return {h: find_hero(h) for h in hero_ids()}


def play(policy_a, policy_b, ha="houdini", hb="genie", seed=3, a_first=True, **kw):
    return play_game(GameSpec(0, 0, seed, ha, hb, a_first), heroes(), BOARD, policy_a, policy_b, **kw)


# ------------------------------------------------------------------ registry and specs
def test_every_policy_is_listed_with_a_summary_and_documented_parameters():
    assert {"random", "greedy", "heuristic", "aggressive", "careful", "tuned", "ismcts"} <= set(POLICIES)
    for name, cls in POLICIES.items():
        assert cls.name == name and cls.summary
        assert set(cls.param_help) <= set(cls.params)


def test_sim_policies_lists_each_policy_and_its_parameters(capsys):
    from unmatched_sim.cli import main
    main(["policies"])
    out = capsys.readouterr().out
    for name, cls in POLICIES.items():
        assert f"  {name} " in out
        for key in cls.params:
            assert f"{key}=" in out


@pytest.mark.parametrize("spec, fragment", [
    ("greedyy", "did you mean 'greedy'"),
    ("", "has no name"),
    ("greedy:agression=0.8", "did you mean 'aggression'"),
    ("greedy:aggression", "must look like name=value"),
    ("greedy:aggression=lots", "must be a number"),
    ("ismcts:iterations=2.5", "must be a whole number"),
    ("careful:caution=0.5,caution=0.2", "given twice"),
    ("random:depth=2", "takes none"),
    ("heuristic:aggression=1.5", "between 0 and 1"),
    ("ismcts:iterations=0", "at least 1"),
    ("ismcts:rollout=ismcts", "without search"),
    ("ismcts:rollout=nonsense", "without search"),
    ("ismcts:guide=ismcts", "guide must be a policy without search"),
    ("tuned:aggression=0.5", r"file's \[ai\] table"),
])
def test_bad_policy_specs_are_one_clear_error(spec, fragment):
    with pytest.raises(UserError, match=fragment):
        validate_policy_spec(spec)


def test_specs_parse_typed_parameters():
    assert parse_policy_spec("heuristic:aggression=0.9, caution=0") == ("heuristic", {"aggression": 0.9, "caution": 0.0})
    assert parse_policy_spec("ISMCTS:iterations=50,rollout=careful") == ("ismcts", {"iterations": 50, "rollout": "careful"})
    p = make_policy("careful:caution=0.3", random.Random(0))
    assert (p.aggression, p.caution) == (0.25, 0.3)


def test_a_ten_line_custom_policy_plays_by_name():
    """The example of docs/policies.md, verbatim in spirit: registered, then chosen by name."""
    @register
    class Hasty(Policy):
        name = "hasty-test"
        summary = "attacks whenever it can, otherwise the first option"
        params = {"boldness": 1.0}

        def choose(self, view, decision):
            if decision.kind == "action" and "attack" in decision.options:
                return "attack"
            return decision.options[0]
    try:
        validate_policy_spec("hasty-test:boldness=0.5")
        game, row = play("hasty-test", "greedy", record=False)
        assert game.over and row["policy_a"] == "hasty-test"
    finally:
        del POLICIES["hasty-test"]


def test_every_module_in_the_policies_folder_is_imported():
    import pkgutil
    import sys

    import unmatched_sim.policies as pkg
    for info in pkgutil.iter_modules(pkg.__path__):
        assert f"unmatched_sim.policies.{info.name}" in sys.modules


# ------------------------------------------------------------------ legal, complete games
FAST = [name for name, cls in POLICIES.items() if not cls.uses_search]


@pytest.mark.parametrize("policy", FAST)
def test_every_policy_finishes_legal_games_with_every_hero(policy):
    ids = hero_ids()
    for i, a in enumerate(ids):
        for b in ids[i:]:
            game, row = play(policy, "random" if policy != "random" else "greedy", a, b, seed=i,
                             a_first=(i % 2 == 0), record=False)   # answer() rejects illegal choices
            assert game.over and row["decisions"] > 0


def test_search_finishes_legal_games_with_a_tiny_budget():
    for a, b in (("houdini", "genie"), (hero_ids()[0], hero_ids()[-1])):
        game, row = play("ismcts:iterations=4", "greedy", a, b, seed=2, record=False)
        assert game.over


def test_heuristics_beat_random_in_a_short_run():
    """Not a strength measurement (see docs/policies.md), a smoke test that they play to win."""
    for policy in ("heuristic", "aggressive", "careful", "tuned"):
        wins = sum(play(policy, "random", seed=s, a_first=s % 2 == 0, record=False)[1]["winner"] == "a"
                   for s in range(6))
        assert wins >= 5, policy


def test_tuned_plays_each_hero_in_the_style_its_file_gives():
    """tuned = heuristic with the hero file's [ai] style (aggression, caution, safety, reserve),
    decision for decision; a weight the file does not set is played at the balanced default."""
    import dataclasses

    from unmatched_sim.engine.game import Game
    from unmatched_sim.policies.heuristic import HeuristicPolicy
    # styles of their own, whatever the files hold now (re-tuning rewrites them)
    houdini = dataclasses.replace(find_hero("houdini"), ai_aggression=0.0,
                                  ai_style=(("aggression", 0.0), ("caution", 0.75), ("safety", 1.0)))
    chupacabra = dataclasses.replace(find_hero("chupacabra"), ai_aggression=0.75,
                                     ai_style=(("aggression", 0.75), ("caution", 1.0), ("safety", 0.0),
                                               ("reserve", 0.75)))
    unstyled = dataclasses.replace(chupacabra, ai_aggression=None, ai_style=())
    for pair in ((houdini, chupacabra), (chupacabra, houdini), (unstyled, houdini)):
        g = Game(BOARD, pair, seed=5, record=False).start()
        pols = [make_policy("greedy", random.Random(s)) for s in (0, 1)]
        compared = 0
        while g.pending is not None and compared < 120:
            d, seat = g.pending, g.pending.player
            style = {**HeuristicPolicy.params, **dict(pair[seat].ai_style)}
            twin = "heuristic:" + ",".join(f"{k}={v}" for k, v in style.items())
            view = PlayerView(g, seat)
            assert make_policy("tuned", random.Random(1)).choose(view, d) == \
                make_policy(twin, random.Random(1)).choose(view, d)
            compared += 1
            g.answer(pols[seat].choose(view, d))


# ------------------------------------------------------------------ determinism
@pytest.mark.parametrize("policy", ["heuristic", "careful", "tuned", "ismcts:iterations=6"])
def test_same_seed_same_game(policy):
    g1, r1 = play(policy, "aggressive", seed=9)
    g2, r2 = play(policy, "aggressive", seed=9)
    assert g1.events == g2.events and r1 == r2


def test_search_with_a_time_budget_still_answers_legally():
    game, row = play("ismcts:ms=2", "greedy", seed=4, max_turns=6, record=False)
    assert game.over


def test_search_statistics_count_iterations():
    from unmatched_sim.engine.game import Game
    p = make_policy("ismcts:iterations=7", random.Random(1))
    g = Game(BOARD, (find_hero("houdini"), find_hero("genie")), seed=5).start()
    while g.pending.kind in p.DELEGATED:
        g.answer(g.pending.options[0])
    choice = p.choose(PlayerView(g, g.pending.player), g.pending)
    assert choice in g.pending.options and p.iterations_done == 7 and p.decisions == 1


def test_a_clone_replays_exactly_like_the_original():
    """Clones share random streams copy-on-write: drawing in one never disturbs the other."""
    from unmatched_sim.engine.game import Game
    g = Game(BOARD, (find_hero("houdini"), find_hero("genie")), seed=11, record=True).start()
    pols = [make_policy("greedy", random.Random(1)), make_policy("greedy", random.Random(2))]
    for _ in range(15):
        g.answer(pols[g.pending.player].choose(PlayerView(g, g.pending.player), g.pending))
    c = g.clone(record=True)
    c2 = g.clone(record=True)

    def finish(game, seed):
        ps = [make_policy("random", random.Random(seed)), make_policy("random", random.Random(seed + 1))]
        while game.pending is not None:
            game.answer(ps[game.pending.player].choose(PlayerView(game, game.pending.player), game.pending))
        return game
    finish(c, 5)          # the clone draws first ...
    g.raw_events = []
    finish(g, 5)          # ... and the original still plays the same future
    finish(c2, 5)
    assert g.events == c.events == c2.events
    assert (g.winner, g.turn) == (c.winner, c.turn)


# ------------------------------------------------------------------ card odds
def test_best_of_distribution_is_exact():
    # pool of 4 cards, 2 usable (values 3 and 1), hand of 2 drawn: P(best=3) = 1 - C(3,2)/C(4,2) = 1/2
    dist = dict(best_of_dist([], [3, 1], 4, 2))
    assert dist[3] == pytest.approx(0.5)
    assert dist[1] == pytest.approx(1 / 6 * 2 - 0)  # {1, unusable x2}: 2 of 6 hands
    assert dist[-1] == pytest.approx(1 / 6)
    assert sum(dist.values()) == pytest.approx(1.0)
    # a known card floors the distribution
    assert dict(best_of_dist([2], [3, 1], 4, 1)) == pytest.approx({3: 0.25, 2: 0.75})
