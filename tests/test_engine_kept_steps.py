"""The engine's steps and queries made cheaper give the same answers:
a turn's fixed steps are made once per seat and pushed again as the same tuples, equal to
fresh ones; a decision's continuation gets its stored arguments and the choice, however many;
the decision record holds what was asked; ``on_board`` gives a list of its own;
``empty_spaces`` and ``pile_counts_of`` agree with the rules as written at every decision."""

from __future__ import annotations

import random

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine import steps as steps_module
from unmatched_sim.engine.game import Game


def _game(heroes=("houdini", "genie"), seed=3) -> Game:
    g = Game(find_board("marmoreal"), tuple(find_hero(h) for h in heroes), seed=seed)
    g.start()
    return g


def _kept_equal_fresh(seats: int) -> None:
    """Every kept step list holds, for each seat made so far, what its maker makes afresh."""
    tables = [(steps_module._TURN_STEPS, steps_module._turn_steps),
              (steps_module._END_STEPS, steps_module._end_steps),
              (steps_module._PASS_STEPS, steps_module._pass_steps),
              (steps_module._UNBOOSTED_MOVES, steps_module._unboosted_moves)]
    tables += [(steps_module._ACTION_STEPS[a], steps_module._ACTION_MAKERS[a]) for a in steps_module.ACTIONS]
    for made, make in tables:
        for seat, steps in enumerate(made):
            assert steps == make(seat)
    assert len(steps_module._TURN_STEPS) >= seats and len(steps_module._END_STEPS) >= seats


def test_a_turns_steps_are_pushed_again_as_the_kept_tuples():
    g = _game()
    rng = random.Random(1)
    turns = 0
    while g.pending is not None and turns < 12:
        d = g.pending
        if d.kind == "action":
            seat = d.player
            # the turn's end, under the action decision, is the very tuple kept for the seat
            end = steps_module._TURN_STEPS[seat][2]
            assert any(step is end for step in g.stack)
            if g.turn > 2:
                turns += 1
        g.answer(rng.choice(d.options))
    _kept_equal_fresh(2)


def test_a_game_of_four_seats_grows_the_kept_lists_to_four():
    g = _game(("houdini", "genie", "medusa", "sinbad"))      # a free-for-all
    rng = random.Random(2)
    while g.pending is not None and g.turn <= 6:
        g.answer(rng.choice(g.pending.options))
    assert g.turn > 4
    _kept_equal_fresh(4)


def _resume(g, *args):
    g.heard.append(args)


def _asking_game() -> Game:
    g = _game()
    g = g.clone()
    g.stack = []                 # nothing of the game's own runs after the continuation
    g.pending = None
    g.heard = []
    return g


def test_a_continuation_gets_its_arguments_and_the_choice():
    for n in range(9):
        args = tuple(range(10, 10 + n))
        g = _asking_game()
        g.ask(1, "test_choice", [None, 4, 5], _resume, *args, extra="x")
        d = g.pending
        assert (d.player, d.kind, d.options, d.resume, d.args, d.info) == (
            1, "test_choice", (None, 4, 5), _resume, args, {"extra": "x"})
        g.answer(5)
        assert g.heard == [args + (5,)] and g.pending is None
        g.ask(0, "test_choice", [7], _resume, *args)       # one option: taken at once
        assert g.heard == [args + (5,), args + (7,)] and g.pending is None


def test_on_board_is_a_list_of_its_own():
    g = _game()
    seat = 0
    got = g.on_board(seat)
    assert got == [fi for fi in g.players[seat].fighters if g.fighters[fi].on_board]
    got.append(99)
    assert 99 not in g.players[seat].fighters and 99 not in g.on_board(seat)
    hero = g.players[seat].fighters[0]
    g.defeat(hero, "test")                                 # one fighter off the board
    assert g.on_board(seat) == [fi for fi in g.players[seat].fighters if g.fighters[fi].on_board]
    assert hero not in g.on_board(seat)


def test_empty_spaces_and_pile_counts_agree_with_the_rules_as_written():
    rng = random.Random(4)
    for heroes in (("houdini", "genie"), ("pandora", "loki")):
        g = _game(heroes, seed=7)
        g.keep_pile_counts()
        while g.pending is not None:
            assert g.empty_spaces() == [s for s, o in enumerate(g.occupant) if o < 0]
            counts = g._count_piles()
            for seat, p in enumerate(g.players):
                start = g.kind_start[seat]
                assert g.pile_counts_of(seat) == counts[start:start + len(p.hero.cards)]
            g.answer(rng.choice(g.pending.options))
