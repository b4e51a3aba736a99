"""Playing a co-op game out: the players' seats by their policies, the enemies by the rules."""

from __future__ import annotations

import random

from unmatched_sim.coop import data
from unmatched_sim.coop.game import CoopGame
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.engine.game import play_out
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy

DEFAULT_BOARD = "marmoreal"


def make_coop_game(villain: str, heroes: list[str], minions: list[str] | None = None,
                   events: list[str] = (), board: str = DEFAULT_BOARD, seed: int | str = 0,
                   **kw) -> CoopGame:
    """A co-op game by ids; without ``minions``, the villain's own list, repeated as needed to
    give one minion per player."""
    v = data.find(villain, "villain")
    if not minions:
        if not v.minions:
            raise ValueError(f"{v.name} names no minions; name one per player")
        minions = [v.minions[i % len(v.minions)] for i in range(len(heroes))]
    ms = tuple(data.find(m, "minion") for m in minions)
    evs = tuple(data.find(e, "event") for e in events)
    return CoopGame(find_board(board), tuple(find_hero(h) for h in heroes), v, ms, evs, seed, **kw)


def play_coop(game: CoopGame, policy: str = "tuned", seed: int | str = 0, on_decision=None) -> CoopGame:
    """Start ``game`` and play it to its end, each player's decisions by ``policy``
    (``on_decision(game, decision, choice)`` hears each answer first)."""
    n = game.coop.heroes
    policies = [make_policy(policy, random.Random(f"{seed}:policy:{s}")) for s in range(n)]
    views = [PlayerView(game, s) for s in range(n)]
    game.start()
    play_out_coop(game, policies, views, on_decision)
    return game


def play_out_coop(game: CoopGame, policies: list, views: list, on_decision=None) -> int:
    """``play_out`` for a co-op game: the players' views follow the board when it changes (a
    bridge destroyed, ``Game.use_board``). The number of decisions."""
    if not game.board.bridges:
        return play_out(game, policies, views, on_decision)
    board = game.board
    decisions = 0
    while game.pending is not None:
        if game.board is not board:
            board = game.board
            for v in views:
                v.follow_board()
        d = game.pending
        choice = policies[d.player].choose(views[d.player], d)
        if on_decision is not None:
            on_decision(game, d, choice)
        game.answer(choice)
        decisions += 1
    return decisions
