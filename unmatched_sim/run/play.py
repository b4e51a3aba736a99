"""Playing games: one game to its end (its row of the games table), and one chunk of a run's
games in a worker, its Parquet parts written into the run's unfinished folder or returned as
bytes."""

from __future__ import annotations

import gc
import os
import random
import time
from functools import lru_cache
from pathlib import Path
from typing import Callable

import polars as pl

from unmatched_sim.data.board import Board, load_board_file
from unmatched_sim.data.heroes import load_hero_file
from unmatched_sim.engine.game import DEFAULT_MAX_TURNS, Game, play_out
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import UserError
from unmatched_sim.log import SLOTS, EventBuffer, games_frame
from unmatched_sim.model import HeroDef
from unmatched_sim.policies import make_policy
from unmatched_sim.run import store
from unmatched_sim.run.plan import GameSpec, RunSpec, plan_range, seat_labels, seating


# --------------------------------------------------------------------------- the files a game reads
@lru_cache(maxsize=64)
def _hero(path: str, sha: str) -> HeroDef:
    hero = load_hero_file(Path(path))
    if sha and hero.sha256 != sha:
        raise UserError(f"{path} changed while the run was going; start the run again")
    return hero


@lru_cache(maxsize=8)
def _board(path: str, sha: str) -> Board:
    board = load_board_file(Path(path))
    if sha and board.sha256 != sha:
        raise UserError(f"{path} changed while the run was going; start the run again")
    return board


def spec_heroes(spec: RunSpec) -> dict[str, HeroDef]:
    """The heroes a run plays: its hero files, with its what-if overrides applied."""
    if spec.overrides:
        from unmatched_sim.overrides import cached_hero
        return {hid: cached_hero(f["path"], f["sha256"], spec.overrides) for hid, f in spec.hero_files.items()}
    return {hid: _hero(f["path"], f["sha256"]) for hid, f in spec.hero_files.items()}


# --------------------------------------------------------------------------- one game
# Whether this process has frozen what it made before its first game (``_freeze_startup``).
_STARTUP_FROZEN = False


def _freeze_startup() -> None:
    """Before a process's first game, move every object it has made so far (its imports: the
    modules, polars, the heroes and boards, ~40,000 tracked objects) into the garbage
    collector's permanent generation. They live as long as the process does, yet every full
    collection (about one per 200 tuned games) walked them all: 200 tuned games took 75 M
    instructions more than with them frozen, ~2% of a game's. A full collection now walks only
    what the games made. No game depends on when the collector runs: the same games."""
    global _STARTUP_FROZEN
    if not _STARTUP_FROZEN:
        gc.freeze()
        _STARTUP_FROZEN = True


def _drive(game: Game, policies: list, on_decision: Callable | None, loop: Callable = play_out) -> int:
    _freeze_startup()
    views = [PlayerView(game, s) for s in range(len(game.players))]
    game.start()
    return loop(game, policies, views, on_decision)


def _player_columns(game: Game, fmt: str, lineup: tuple[str, ...], slot_of_seat: tuple[int, ...],
                    policy_of_slot: list[str]) -> dict:
    """The games table's per-player list columns, by slot."""
    seat_of = {slot: seat for seat, slot in enumerate(slot_of_seat)}
    seats = [seat_of[k] for k in range(len(lineup))]
    team_name = (lambda s: "AB"[game.team[s]]) if fmt == "teams" else (lambda s: SLOTS[slot_of_seat[s]])
    return {"format": fmt, "lineup": list(lineup), "seats": seats,
            "teams": [team_name(s) for s in seats], "places": [game.places[s] for s in seats],
            "out_turns": [game.out_turn[s] for s in seats],
            "healths": [game.heroes_health(s) for s in seats], "policies": policy_of_slot}


def play_game(g: GameSpec, heroes: dict[str, HeroDef], board: Board, policy_a: str, policy_b: str,
              max_turns: int = DEFAULT_MAX_TURNS, record: bool = True,
              on_decision: Callable | None = None) -> tuple[Game, dict]:
    """Play one game to the end. Seat 0 moves first; ``sides[seat]`` is "a" or "b"."""
    if g.format == "coop":
        return play_coop_game(g, heroes, board, policy_a, policy_b, max_turns, record, on_decision)
    if g.lineup:
        return play_multi(g, heroes, board, policy_a, policy_b, max_turns, record, on_decision)
    sides = ("a", "b") if g.a_first else ("b", "a")
    by_side = {"a": heroes[g.hero_a], "b": heroes[g.hero_b]}
    policy_of = {"a": policy_a, "b": policy_b}
    game = Game(board, (by_side[sides[0]], by_side[sides[1]]), g.seed, side_keys=sides,
                max_turns=max_turns, record=record)
    policies = [make_policy(policy_of[s], random.Random(f"{g.seed}:policy:{s}")) for s in sides]
    decisions = _drive(game, policies, on_decision)
    seat_of = {s: i for i, s in enumerate(sides)}
    row = {
        "game_id": g.game_id, "pair": g.pair, "seed": g.seed, "hero_a": g.hero_a, "hero_b": g.hero_b,
        "first_player": sides[0], "first_hero": by_side[sides[0]].id,
        "winner": sides[game.winner] if game.winner is not None else None,
        "winner_hero": by_side[sides[game.winner]].id if game.winner is not None else None,
        "turns": game.turn, "end_reason": game.end_reason,
        "policy_a": policy_a, "policy_b": policy_b, "board": board.id,
        "health_a": game.heroes_health(seat_of["a"]), "health_b": game.heroes_health(seat_of["b"]),
        "events": game.event_count, "decisions": decisions,
        **_player_columns(game, "duel", (g.hero_a, g.hero_b), tuple(SLOTS.index(s) for s in sides),
                          [policy_a, policy_b]),
    }
    return game, row


def play_multi(g: GameSpec, heroes: dict[str, HeroDef], board: Board, policy_a: str, policy_b: str,
               max_turns: int = DEFAULT_MAX_TURNS, record: bool = True,
               on_decision: Callable | None = None) -> tuple[Game, dict]:
    """Play one free-for-all or team game. Slot a plays ``policy_a``, the others ``policy_b``
    (a team game: team A plays ``policy_a``, team B ``policy_b``)."""
    from unmatched_sim.engine.formats import make_format

    n = len(g.lineup)
    slot_of_seat = seating(g.format, n, g.rotation)
    labels = tuple(SLOTS[k] for k in slot_of_seat)
    if g.format == "teams":
        policy_of_slot = [policy_a if k < 2 else policy_b for k in range(n)]
    else:
        policy_of_slot = [policy_a] + [policy_b] * (n - 1)
    game = Game(board, tuple(heroes[g.lineup[k]] for k in slot_of_seat), g.seed, side_keys=labels,
                fmt=make_format(g.format, n), max_turns=max_turns, record=record)
    policies = [make_policy(policy_of_slot[k], random.Random(f"{g.seed}:policy:{SLOTS[k]}"))
                for k in slot_of_seat]
    decisions = _drive(game, policies, on_decision)
    winners = [s for s in range(n) if game.won(s)]
    win_slots = sorted(slot_of_seat[s] for s in winners)
    row = {
        "game_id": g.game_id, "pair": g.pair, "seed": g.seed, "hero_a": g.lineup[0], "hero_b": g.lineup[1],
        "first_player": labels[0], "first_hero": g.lineup[slot_of_seat[0]],
        "winner": "+".join(SLOTS[k] for k in win_slots) or None,
        "winner_hero": "+".join(g.lineup[k] for k in win_slots) or None,
        "turns": game.turn, "end_reason": game.end_reason,
        "policy_a": policy_a, "policy_b": policy_b, "board": board.id,
        "health_a": game.heroes_health(slot_of_seat.index(0)),
        "health_b": game.heroes_health(slot_of_seat.index(1)),
        "events": game.event_count, "decisions": decisions,
        **_player_columns(game, g.format, g.lineup, slot_of_seat, policy_of_slot),
    }
    return game, row


@lru_cache(maxsize=32)
def _enemy_file(path: str, sha: str):
    from unmatched_sim.coop.data import load_enemy_file
    item = load_enemy_file(Path(path))
    if sha and item.sha256 != sha:
        raise UserError(f"{path} changed while the run was going; start the run again")
    return item


def play_coop_game(g: GameSpec, heroes: dict[str, HeroDef], board: Board, policy_a: str, policy_b: str,
                   max_turns: int = DEFAULT_MAX_TURNS, record: bool = True,
                   on_decision: Callable | None = None) -> tuple[Game, dict]:
    """Play one co-op game: the line-up's heroes (every player by ``policy_a``) against the
    enemy files of ``g.coop``. The winner is the heroes' slots ("a+b") or "villain"."""
    from unmatched_sim.coop.game import HEROES, CoopGame
    from unmatched_sim.coop.play import play_out_coop

    n = len(g.lineup)
    slot_of_seat = seating(g.format, n, g.rotation)
    labels = seat_labels(g)
    files = {role: [_enemy_file(path, sha) for r, _, path, sha in g.coop if r == role]
             for role in ("villain", "minion", "event")}
    # the run names the minions of its largest line-up; a game of n heroes meets the first n
    game = CoopGame(board, tuple(heroes[g.lineup[k]] for k in slot_of_seat), files["villain"][0],
                    tuple(files["minion"][:n]), tuple(files["event"]), g.seed, side_keys=labels[:n],
                    max_turns=max_turns, record=record)
    policies = [make_policy(policy_a, random.Random(f"{g.seed}:policy:{SLOTS[k]}")) for k in slot_of_seat]
    decisions = _drive(game, policies, on_decision, play_out_coop)
    villain = files["villain"][0].id
    won = game.winner == HEROES
    health = [game.heroes_health(slot_of_seat.index(k)) for k in range(n)]
    row = {
        "game_id": g.game_id, "pair": g.pair, "seed": g.seed, "hero_a": g.lineup[0],
        "hero_b": g.lineup[1] if n > 1 else None,
        "first_player": labels[0], "first_hero": g.lineup[slot_of_seat[0]],
        "winner": None if game.winner is None else "+".join(SLOTS[:n]) if won else "villain",
        "winner_hero": None if game.winner is None else "+".join(g.lineup) if won else villain,
        "turns": game.turn, "end_reason": game.end_reason,
        "policy_a": policy_a, "policy_b": policy_b, "board": board.id,
        "health_a": health[0], "health_b": health[1] if n > 1 else None,
        "events": game.event_count, "decisions": decisions,
        **_player_columns(game, g.format, g.lineup, slot_of_seat, [policy_a] * n),
    }
    return game, row


# --------------------------------------------------------------------------- one chunk
def chunk_frames(start: int, stop: int, spec: RunSpec) -> tuple[pl.DataFrame, pl.DataFrame, int]:
    """Play games ``start`` .. ``stop - 1``: (events frame, games frame, games played)."""
    heroes = spec_heroes(spec)
    board = _board(spec.board_file["path"], spec.board_file["sha256"])
    buf = EventBuffer()
    rows = []
    for g in plan_range(spec, start, stop):
        game, row = play_game(g, heroes, board, g.policy_a or spec.policy_a, g.policy_b or spec.policy_b,
                              spec.max_turns)
        buf.add_game(g.game_id, seat_labels(g), game)
        rows.append(row)
    return buf.frame(), games_frame(rows), len(rows)


def play_chunk(index: int, start: int, stop: int, spec: RunSpec, out_dir: str | Path) -> tuple[int, int, float]:
    """Play one chunk and write its parts into the run's unfinished folder ``out_dir``: (index,
    games played, this process's peak memory in MB)."""
    events, games, n = chunk_frames(start, stop, spec)
    store.write_chunk(Path(out_dir), index, events, games)
    return index, n, peak_rss_mb()


def play_chunk_in_worker(index: int, start: int, stop: int, spec: RunSpec, out_dir: str) -> tuple[int, int, float]:
    """``play_chunk`` in a local worker process, which exits if the run's process has died."""
    watch_parent()
    return play_chunk(index, start, stop, spec, out_dir)


def play_chunk_bytes(index: int, start: int, stop: int, spec: RunSpec) -> tuple[int, int, float, bytes, bytes]:
    """Worker on a cluster: play one chunk and return its two Parquet parts as bytes, so the
    client writes them and the run needs no filesystem shared with the workers."""
    events, games, n = chunk_frames(start, stop, spec)
    return index, n, peak_rss_mb(), store.parquet_bytes(events), store.parquet_bytes(games)


_WATCHING = False


def watch_parent(parent: int | None = None) -> None:
    """In a worker process (run as the pool's initializer, so also in a worker that never got a
    chunk): exit at once if the run's process ``parent`` dies (kill -9 of a run must not leave
    workers waiting on for minutes)."""
    global _WATCHING
    if _WATCHING:
        return
    _WATCHING = True
    import threading

    parent = parent or os.getppid()
    if os.getppid() != parent:
        os._exit(1)

    def watch():
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="unmatched-parent-watch", daemon=True).start()


def peak_rss_mb() -> float:
    """This process's peak resident memory so far, in MB."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
