"""Searched games as a fuzzer: ISMCTS on both sides at a tiny budget, every hero, with the
fuzzer's invariants (``tests.test_fuzz.Checker``) checked after every event of the real game
*and* of every determinized world the search plays forward.

A search plays copies of the game in which the hidden cards were re-dealt
(``engine.determinize``); anything a pending choice or a scheduled step names by card id must
still be where it expects it in those copies. When it was not (Insightful Deduction's "put one
of these under the deck" naming cards the re-deal had moved into the opponent's hand), the
search crashed with ``ValueError: list.remove(x): x not in list`` — in a ladder run, never in
random play, because only a search re-deals. Random play (``test_fuzz``) cannot find this kind
of defect; this can.

A failing game prints the command that replays it alone (from the repository root)::

    python -m tests.test_search_fuzz HERO0 HERO1 BOARD SEED
    python -m tests.test_search_fuzz HERO0 HERO1 HERO2 [HERO3] BOARD SEED --format ffa|teams

Free-for-all and team games are searched too: there a third player may have looked at hand
cards the searching player has not, and the re-dealt world must keep that knowledge consistent.
"""

from __future__ import annotations

import random
import sys

import pytest

from unmatched_sim.data.catalog import board_ids, find_board, find_hero, hero_ids
from unmatched_sim.engine import determinize as determinize_module
from unmatched_sim.engine.formats import FreeForAll, Teams
from unmatched_sim.engine.game import Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import make_policy
from tests.test_fuzz import Checker, InvariantError, replay_args

HEROES = hero_ids()
BOARDS = board_ids()
SEARCH = "ismcts:iterations=4,horizon=1"   # tiny: every decision still samples worlds
MAX_TURNS = 60


class WorldChecker(Checker):
    """The fuzzer's checks for a determinized copy, which starts in the middle of a turn: the
    card totals are every card its owner has (not what the piles held when the checker was
    made), and the first, partial turn's actions are not counted."""

    def __init__(self, g: Game):
        super().__init__(g)
        self.deck_total = [len(owned) for owned in self.owned]
        self.partial_turn = True

    def after_event(self, kind: str, player) -> None:
        if kind == "turn_start":
            self.partial_turn = False
        if self.partial_turn and kind == "turn_end":
            kind = "turn_end (of a turn the world started in the middle of)"
        super().after_event(kind, player)


def _checked(g: Game, checker: Checker) -> None:
    original_log = g.log

    # (the engine passes ``amount`` by name or by position: kind, player, fighter, card,
    # target, amount, ...)
    def checked_log(kind, player=None, fighter=None, card=None, target=None, amount=None, *args, **kwargs):
        original_log(kind, player, fighter, card, target, amount, *args, **kwargs)
        checker.last_amount = amount or 0
        checker.after_event(kind, player)

    g.log = checked_log


def _checked_determinize(real_determinize):
    def determinize(game, seat, rng, attack_guess=None):
        world = real_determinize(game, seat, rng, attack_guess)
        # A clone copies the instance attributes, the real game's checked ``log`` among them:
        # the world logs to its own checker, not to the real game's.
        world.__dict__.pop("log", None)
        checker = WorldChecker(world)
        try:
            checker.check_cards()
        except InvariantError as e:
            raise InvariantError(f"a determinized world for seat {seat} ({game.pending.kind} "
                                 f"pending): {e}") from None
        _checked(world, checker)
        return world
    return determinize


def play_searched(hero0: str, hero1: str, board: str, seed: int, search: str = SEARCH, *more: str,
                  fmt_name: str = "duel") -> Game:
    """One game, the search on every side, every invariant checked in the real game and in
    every world the search samples; returns the finished game. ``more`` adds heroes for a
    free-for-all (``fmt_name="ffa"``) or a team game (``"teams"``)."""
    heroes = tuple(find_hero(h) for h in (hero0, hero1) + more)
    fmt = {"duel": None, "ffa": FreeForAll, "teams": Teams}[fmt_name]
    g = Game(find_board(board), heroes, seed=seed, max_turns=MAX_TURNS, record=False,
             fmt=fmt(len(heroes)) if fmt else None)
    checker = Checker(g)
    _checked(g, checker)
    n = len(heroes)
    views = [PlayerView(g, seat) for seat in range(n)]
    policies = [make_policy(search, random.Random(f"search-fuzz:{seed}:{seat}")) for seat in range(n)]
    real = determinize_module.determinize
    determinize_module.determinize = _checked_determinize(real)
    try:
        g.start()
        while g.pending is not None:
            checker.check_decision(views)
            d = g.pending
            g.answer(policies[d.player].choose(views[d.player], d))
    finally:
        determinize_module.determinize = real
    if not g.over:
        raise InvariantError("the game stopped without a decision pending and without ending")
    checker.check_cards()
    return g


def _games() -> list[tuple[str, str, str, int]]:
    """Every hero twice, once from each seat, against a different opponent each time (the
    catalog order shifted), on the boards in turn: a few minutes on one core."""
    n = len(HEROES)
    out = []
    for i, hero in enumerate(HEROES):
        board = BOARDS[i % len(BOARDS)]
        out.append((hero, HEROES[(i + 1) % n], board, 1000 + i))
        out.append((HEROES[(i + n // 2) % n], hero, board, 2000 + i))
    return out


GAMES = _games()


def _multi_games() -> list[tuple[str, tuple[str, ...], str, int]]:
    """Free-for-all (3 and 4 players) and team line-ups, every hero in one of them."""
    rng = random.Random("search-fuzz:multi")
    out, seen, i = [], set(), 0
    while i < 12 or seen != set(HEROES):        # (at least twelve, more as the roster grows)
        fmt, size = (("ffa", 3), ("ffa", 4), ("teams", 4))[i % 3]
        lineup = tuple(HEROES[(i * 4 + k) % len(HEROES)] for k in range(size))
        boards = [b for b in BOARDS if len(find_board(b).starts) >= size]
        out.append((fmt, lineup, boards[rng.randrange(len(boards))], 3000 + i))
        seen.update(lineup)
        i += 1
    return out


MULTI = _multi_games()


def _play_or_fail(hero0, hero1, board, seed):
    try:
        play_searched(hero0, hero1, board, seed)
    except Exception as e:  # noqa: BLE001 - any crash is a finding; say how to replay it
        pytest.fail(f"{type(e).__name__}: {e}\n  reproduce with: python -m tests.test_search_fuzz "
                    f"{hero0} {hero1} {board} {seed}", pytrace=False)


@pytest.mark.slow
@pytest.mark.parametrize("hero0,hero1,board,seed", GAMES, ids=[f"{a}-{b}-{c}-{s}" for a, b, c, s in GAMES])
def test_searched_games_keep_every_invariant_in_the_game_and_in_every_sampled_world(hero0, hero1, board, seed):
    _play_or_fail(hero0, hero1, board, seed)


@pytest.mark.slow
@pytest.mark.parametrize("fmt_name,lineup,board,seed", MULTI,
                         ids=[f"{f}-{'-'.join(lu)}-{b}-{s}" for f, lu, b, s in MULTI])
def test_searched_multiplayer_games_keep_every_invariant_in_the_game_and_in_every_sampled_world(
        fmt_name, lineup, board, seed):
    try:
        play_searched(lineup[0], lineup[1], board, seed, SEARCH, *lineup[2:], fmt_name=fmt_name)
    except Exception as e:  # noqa: BLE001
        pytest.fail(f"{type(e).__name__}: {e}\n  reproduce with: python -m tests.test_search_fuzz "
                    f"{' '.join(lineup)} {board} {seed} --format {fmt_name}", pytrace=False)


def test_searched_games_cover_every_hero_from_both_seats():
    assert {g[0] for g in GAMES} == set(HEROES) == {g[1] for g in GAMES}
    assert {h for _, lineup, _, _ in MULTI for h in lineup} == set(HEROES)


def test_world_checker_catches_a_card_lost_by_a_determinization():
    """The checks on sampled worlds can fail: a world that lost a card is reported."""
    g = Game(find_board("marmoreal"), (find_hero("houdini"), find_hero("genie")), seed=3)
    g.start()
    broken = _checked_determinize(lambda game, seat, rng, guess: _lose_a_card(game.clone()))
    with pytest.raises(InvariantError, match="determinized world.*cards lost"):
        broken(g, 0, random.Random(1))


def _lose_a_card(world: Game) -> Game:
    world.players[1].deck.pop()
    return world


def main(argv: list[str]) -> int:
    args = replay_args(argv, "test_search_fuzz")
    if args is None:
        return 2
    heroes, board, seed, fmt_name = args
    g = play_searched(heroes[0], heroes[1], board, seed, SEARCH, *heroes[2:], fmt_name=fmt_name)
    print(f"ok: {' v '.join(heroes)} on {board}, seed {seed}: {g.end_reason} after {g.turn} turns")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
