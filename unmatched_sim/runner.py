"""Seeded batches of games: plan, play in parallel chunks, write the run directory.

Determinism: every game's seed is derived from the run seed, the two hero ids and the index of
the seed within the pairing, and game ``2k``/``2k+1`` play seed ``k`` from both seats. A game's
course depends only on that seed, the hero and board files and the policies, so game i is the
same whatever ``--jobs`` and however the games are chunked. Chunks are a fixed size for a given
run size, so the same command writes the same files.

Run directory layout::

    run.json                the command, versions, seed, hashes of the hero and board files
    games.parquet           one row per game
    events/part-NNNNN.parquet   the events of one chunk of games
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import platform
import random
import shutil
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

import polars as pl

from unmatched_sim import __version__
from unmatched_sim.data.board import Board, load_board_file
from unmatched_sim.data.heroes import load_hero_file
from unmatched_sim.engine.game import DEFAULT_MAX_TURNS, Game, play_out
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import RunInterrupted, UserError
from unmatched_sim.files import replace_dir
from unmatched_sim.log import SLOTS, EventBuffer, event_files, games_frame, write_parquet
from unmatched_sim.model import HeroDef
from unmatched_sim.policies import make_policy


@dataclass(frozen=True)
class GameSpec:
    game_id: int
    pair: int          # the seed index within its pairing
    seed: int
    hero_a: str
    hero_b: str
    a_first: bool
    policy_a: str | None = None    # None: the run's policy_a (a ladder sets each game's own)
    policy_b: str | None = None
    # Free-for-all and team games: the heroes by slot (a, b, c, d) and which rotation of the
    # seating this game plays (see ``seating``); a duel leaves them empty.
    lineup: tuple[str, ...] = ()
    rotation: int = 0
    format: str = "duel"


@dataclass(frozen=True)
class RunSpec:
    pairings: tuple[tuple[str, str], ...]
    games: int                       # per pairing
    seed: int
    board: str
    policy_a: str
    policy_b: str
    max_turns: int = DEFAULT_MAX_TURNS
    hero_files: dict = field(default_factory=dict)   # id -> {"path", "sha256", "name", AI style}
    board_file: dict = field(default_factory=dict)   # {"path", "sha256"}
    # A ladder: (hero_a, hero_b, policy_a, policy_b) per matchup, each played ``games`` times,
    # instead of every pairing played by policy_a / policy_b. Seeds depend on the heroes only,
    # so every pair of policies meets on the same deals (common random numbers).
    matchups: tuple[tuple[str, str, str, str], ...] = ()
    # What-if overrides (``--set`` texts, see ``unmatched_sim.overrides``), applied to the hero
    # files as they load; the files' hashes above stay those of the files on disk.
    overrides: tuple[str, ...] = ()
    # Free-for-all ("ffa") and team ("teams") runs: each line-up of heroes (by slot; teams: slots
    # a, b against c, d) is played ``games`` times, every hero in every turn position equally
    # often. ``pairings`` then lists the line-ups' first two heroes (for names and defaults).
    format: str = "duel"
    lineups: tuple[tuple[str, ...], ...] = ()
    # A robust run (``--robust``, see ``unmatched_sim.robust``): after every pairing played by
    # policy_a / policy_b, ``matchups`` plays the non-mirror pairings again, from the same seeds,
    # under each of these policies (each playing both heroes).
    robust: tuple[str, ...] = ()

    @property
    def primary_games(self) -> int:
        """Games played by the run's own policies (all of them, except in a robust run)."""
        return self.games * len(self.pairings) if self.robust else self.total_games

    @property
    def total_games(self) -> int:
        return self.games * (len(self.lineups) or len(self.matchups) or len(self.pairings))


def game_seed(run_seed: int, hero_a: str, hero_b: str, pair: int) -> int:
    digest = hashlib.sha256(f"{run_seed}|{hero_a}|{hero_b}|{pair}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def plan(spec: RunSpec) -> list[GameSpec]:
    return list(plan_range(spec, 0, spec.total_games))


def lineup_seed(run_seed: int, lineup: tuple[str, ...], fmt: str, pair: int) -> int:
    digest = hashlib.sha256(f"{run_seed}|{fmt}|{'|'.join(lineup)}|{pair}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seating(fmt: str, players: int, rotation: int) -> tuple[int, ...]:
    """The slot sitting in each turn position: ``seating(...)[seat] = slot``.

    The games of one seed play every rotation of the turn order, so each hero takes every turn
    position once per seed — the multi-player form of a duel's "each seed from both seats". A
    team game keeps the rulebooks' alternation A1 B1 A2 B2 (slots a, b are team A; c, d team B)
    and rotates it, which also swaps which team moves first."""
    base = (0, 2, 1, 3) if fmt == "teams" else tuple(range(players))
    return tuple(base[(k + rotation) % players] for k in range(players))


def plan_range(spec: RunSpec, start: int, stop: int) -> Iterator[GameSpec]:
    """Games ``start`` .. ``stop - 1`` of the run, made on demand (the same games ``plan`` lists),
    so a run of any size is planned in constant memory: game id = matchup index x games + i."""
    if spec.lineups:
        for gid in range(start, min(stop, spec.total_games)):
            m, i = divmod(gid, spec.games)
            lineup = spec.lineups[m]
            pair, rot = divmod(i, len(lineup))
            yield GameSpec(gid, pair, lineup_seed(spec.seed, lineup, spec.format, pair), lineup[0], lineup[1],
                           a_first=True, lineup=lineup, rotation=rot, format=spec.format)
        return
    matchups = spec.matchups or tuple((a, b, None, None) for a, b in spec.pairings)
    for gid in range(start, min(stop, spec.total_games)):
        m, i = divmod(gid, spec.games)
        a, b, pa, pb = matchups[m]
        pair = i // 2
        yield GameSpec(gid, pair, game_seed(spec.seed, a, b, pair), a, b, a_first=(i % 2 == 0),
                       policy_a=pa, policy_b=pb)


def chunk_count(total: int, size: int) -> int:
    return -(-total // size)


def chunk_size(total: int) -> int:
    """Fixed by the run size alone (never by --jobs), so output files are reproducible."""
    return max(20, min(500, total // 64 or 1))


# --------------------------------------------------------------------------- one game
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


def seat_labels(g: GameSpec) -> tuple[str, ...]:
    """The slot label ("a".."d") of the player in each seat (seat 0 moves first)."""
    if g.lineup:
        return tuple(SLOTS[k] for k in seating(g.format, len(g.lineup), g.rotation))
    return ("a", "b") if g.a_first else ("b", "a")


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


def _drive(game: Game, policies: list, on_decision: Callable | None) -> int:
    _freeze_startup()
    views = [PlayerView(game, s) for s in range(len(game.players))]
    game.start()
    return play_out(game, policies, views, on_decision)


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


def spec_heroes(spec: RunSpec) -> dict[str, HeroDef]:
    """The heroes a run plays: its hero files, with its what-if overrides applied."""
    if spec.overrides:
        from unmatched_sim.overrides import cached_hero
        return {hid: cached_hero(f["path"], f["sha256"], spec.overrides) for hid, f in spec.hero_files.items()}
    return {hid: _hero(f["path"], f["sha256"]) for hid, f in spec.hero_files.items()}


def _chunk_frames(start: int, stop: int, spec: RunSpec) -> tuple[pl.DataFrame, pl.DataFrame, int]:
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


def part_name(index: int) -> str:
    return f"part-{index:05d}.parquet"


def _write_chunk(out: Path, index: int, events: pl.DataFrame, games: pl.DataFrame) -> None:
    """Write one chunk's two parts, each whole or not at all; the games part, written last,
    marks the chunk finished (what --resume trusts)."""
    _write_chunk_bytes(out, index, parquet_bytes(events), parquet_bytes(games))


def parquet_bytes(df: pl.DataFrame) -> bytes:
    """A frame as Parquet bytes (the same bytes as written to a file). Parts are made in memory
    and written by Python, because a Parquet writer can leave a truncated file behind on a full
    disk without raising; Python's own write raises ENOSPC."""
    import io

    buf = io.BytesIO()
    write_parquet(df, buf)
    return buf.getvalue()


def _write_chunk_bytes(out: Path, index: int, events: bytes, games: bytes) -> None:
    for sub, data in (("events", events), ("games-parts", games)):
        path = out / sub / part_name(index)
        tmp = path.with_name(path.name + f".tmp-{os.getpid()}")
        try:
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        os.replace(tmp, path)


def _run_chunk_range(index: int, start: int, stop: int, spec: RunSpec, out_dir: str) -> tuple[int, int, float]:
    """Worker: play one chunk and write its parts into the run's unfinished directory."""
    _watch_parent()
    events, games, n = _chunk_frames(start, stop, spec)
    _write_chunk(Path(out_dir), index, events, games)
    return index, n, _peak_rss_mb()


def _run_chunk_bytes(index: int, start: int, stop: int, spec: RunSpec) -> tuple[int, int, float, bytes, bytes]:
    """Worker on a cluster: play one chunk and return its two Parquet parts as bytes, so the
    client writes them and the run needs no filesystem shared with the workers."""
    events, games, n = _chunk_frames(start, stop, spec)
    return index, n, _peak_rss_mb(), parquet_bytes(events), parquet_bytes(games)


_WATCHING = False


def _watch_parent(parent: int | None = None) -> None:
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


def write_players(run_dir: Path) -> None:
    """players.parquet: one row per player per game, from games.parquet (log.players_frame)."""
    from unmatched_sim.log import players_frame
    players_frame(pl.scan_parquet(run_dir / "games.parquet")).sink_parquet(
        run_dir / "players.parquet", compression="zstd")


def _peak_rss_mb() -> float:
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# --------------------------------------------------------------------------- the run directory
def check_out_path(out: Path) -> None:
    """Refuse an --out that can never be a run folder (the current folder or one holding it, a
    path through a file), and create its parent."""
    try:
        here = Path.cwd().resolve()
        where = out.resolve()
    except OSError as e:
        raise UserError(f"cannot use --out {out}: {e.strerror}") from None
    if where == here or where in here.parents:
        raise UserError(f"--out {out} is the current folder or holds it; a run needs a folder of its "
                        "own, e.g. --out runs/my-run")
    for p in [*reversed(where.parents), where]:
        if p.exists() and not p.is_dir():
            if p == where:
                raise UserError(f"--out {out} exists and is not a directory; choose another --out")
            raise UserError(f"cannot create --out {out}: {p} is a file, not a folder; choose another --out")
    parent = out.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create --out {out}: {e.strerror}") from None
    if not os.access(parent, os.W_OK):
        raise UserError(f"cannot write to --out {out}: {parent} is not writable")


def check_out_dir(out: Path, force: bool) -> None:
    """Refuse to overwrite anything that is not a run, and a run unless --force. A folder is a run
    only if the tool wrote it and everything in it (``runlock.is_run_dir``)."""
    from unmatched_sim.runlock import TOOL, foreign_entries, read_run_json

    check_out_path(out)
    if out.exists() and any(out.iterdir()):
        meta = read_run_json(out)
        if meta is None or meta.get("tool") != TOOL:
            raise UserError(f"--out {out} is a non-empty directory that is not a run; "
                            "choose another --out (nothing was written)")
        foreign = foreign_entries(out)
        if foreign:
            shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
            raise UserError(f"--out {out} holds a run but also files the tool did not write ({shown}); "
                            "move them out or choose another --out (nothing was removed)")
        if not force:
            raise UserError(f"--out {out} already holds a run; use --force to replace it "
                            "or choose another --out")


def default_out_dir(pairings: tuple[tuple[str, str], ...], board: str, seed: int, games: int,
                    resume: bool = False, name: str | None = None) -> Path:
    """A new folder under runs/ named after the run (``name``: what was played, instead of the
    pairings); with ``resume``, the first of those names whose unfinished run is waiting (so
    the same command plus --resume finds it)."""
    from unmatched_sim.runlock import partial_dir

    stem = f"{name or _pairings_name(pairings)}_{board}_seed{seed}_n{games}"
    base = Path("runs") / stem
    out, k = base, 2
    while out.exists() or partial_dir(out).exists():
        if resume and partial_dir(out).exists() and not out.exists():
            return out
        out = base.with_name(f"{stem}-{k}")
        k += 1
    return out


class Terminated(KeyboardInterrupt):
    """SIGTERM (``timeout``, Slurm, ``docker stop``): stop like Ctrl-C, keeping finished chunks."""


def _pairings_name(pairings: tuple[tuple[str, str], ...]) -> str:
    return f"{pairings[0][0]}-vs-{pairings[0][1]}" if len(pairings) == 1 else f"tournament-{len(pairings)}"


def run_name(spec: RunSpec) -> str | None:
    """How a policy ladder's, a free-for-all's or a team run's folder is named (None: a duel run,
    named by its pairings)."""
    if spec.matchups and not spec.robust:           # a ladder: its policies, then its pairings
        policies = {p for m in spec.matchups for p in m[2:]}
        return f"ladder-{len(policies)}p-{_pairings_name(spec.pairings)}"
    if not spec.lineups:
        return None
    if len(spec.lineups) == 1:
        lu = spec.lineups[0]
        if spec.format == "teams":
            return f"teams-{lu[0]}+{lu[1]}-vs-{lu[2]}+{lu[3]}"
        return f"ffa-{'-'.join(lu)}"
    return f"{spec.format}-tournament-{len(spec.lineups)}"


def spec_json(spec: RunSpec) -> dict:
    """RunSpec as plain JSON data (the fingerprint an unfinished run is resumed against)."""
    import dataclasses

    d = json.loads(json.dumps(dataclasses.asdict(spec)))
    if not d["robust"]:
        del d["robust"]        # runs without robustness games keep the fingerprint they always had
    return d


def spec_from_json(d: dict) -> RunSpec:
    return RunSpec(pairings=tuple(tuple(p) for p in d["pairings"]), games=d["games"], seed=d["seed"],
                   board=d["board"], policy_a=d["policy_a"], policy_b=d["policy_b"],
                   max_turns=d["max_turns"], hero_files=d["hero_files"], board_file=d["board_file"],
                   matchups=tuple(tuple(m) for m in d.get("matchups", ())),
                   overrides=tuple(d.get("overrides", ())), format=d.get("format", "duel"),
                   lineups=tuple(tuple(lu) for lu in d.get("lineups", ())), robust=tuple(d.get("robust", ())))


def read_plan(partial: Path) -> dict | None:
    try:
        doc = json.loads((partial / "plan.json").read_text())
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) and isinstance(doc.get("spec"), dict) else None


def _plan_difference(old: dict, new: dict) -> str:
    keys = sorted(set(old) | set(new), key=lambda k: (k in ("hero_files", "board_file"), k))
    for key in keys:
        if old.get(key) != new.get(key):
            if key == "hero_files" or key == "board_file":
                return f"{key.replace('_', ' ')} changed since it started"
            return f"{key.replace('_', ' ')} was {old.get(key)!r}, now {new.get(key)!r}"
    return "its options differ"


def finished_chunks(partial: Path, n_chunks: int) -> set[int]:
    """Chunks whose two parts are both complete in an unfinished run (partly written files,
    ``*.tmp-PID``, are removed: their chunk is played again)."""
    done = set()
    for sub in ("events", "games-parts"):
        for t in (partial / sub).glob("*.tmp-*"):
            t.unlink(missing_ok=True)
    for i in range(n_chunks):
        g, e = partial / "games-parts" / part_name(i), partial / "events" / part_name(i)
        if g.is_file() and e.is_file():
            try:
                pl.read_parquet_schema(g), pl.read_parquet_schema(e)
            except Exception:
                continue
            done.add(i)
    return done


def _no_space(e: BaseException) -> bool:
    import errno

    if isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    text = str(e)
    return "No space left on device" in text or "os error 28" in text or "Disk quota exceeded" in text


def execute(spec: RunSpec, out: Path, *, jobs: int = -1, force: bool = False, progress: bool = True,
            command: list[str] | None = None, resume: bool = False, backend: str = "local",
            scheduler: str | None = None, notify: Callable[[str], None] | None = None) -> dict:
    """Play every game of ``spec`` and write the run directory ``out``. Returns run.json.

    The run holds a lock on ``out`` throughout. Finished chunks collect in ``.NAME.partial``
    beside ``out``; an interrupted run (Ctrl-C, SIGTERM, kill -9, a full disk) leaves them there
    and ``resume=True`` (the same command plus --resume) plays only the chunks still missing, then
    writes the same directory an uninterrupted run would have.
    """
    from unmatched_sim.backends import check_backend
    from unmatched_sim.runlock import OutLock, clean_stale_tmp, partial_dir, read_run_json

    say = notify or (lambda msg: print(msg, file=sys.stderr))
    check_backend(backend, scheduler)
    out = Path(out)
    check_out_path(out)
    size = chunk_size(spec.total_games)
    n_chunks = chunk_count(spec.total_games, size)
    fingerprint = spec_json(spec)
    partial = partial_dir(out)
    with OutLock(out), _sigterm_raises():
        clean_stale_tmp(out)
        old = read_plan(partial) if partial.exists() else None
        if old is None and partial.is_dir() and (partial / "games.parquet").is_file():
            meta = read_run_json(partial)
            if meta is not None and resume and _same_run(meta, spec, size):
                # killed after the run was complete but before it was moved into place
                check_out_dir(out, True)
                replace_dir(partial, out)
                say(f"note: {out} was complete but not yet in place; moved it there")
                return meta
        if partial.exists() and not resume:
            if not force:
                k = len(finished_chunks(partial, n_chunks)) if old else 0
                raise UserError(f"--out {out} has an unfinished run ({k} chunks finished, in {partial}); "
                                "add --resume to continue it, or --force to start over")
            shutil.rmtree(partial)
            old = None
        if resume and old is None:
            meta = read_run_json(out) if out.exists() else None
            if meta is not None and _same_run(meta, spec, size):
                say(f"note: nothing to resume: {out} already holds this run, complete")
                return meta
            if partial.exists():
                if any(p.is_file() for p in partial.rglob("*")):
                    raise UserError(f"{partial} holds an unfinished run that this command cannot resume "
                                    "(its plan.json is missing or damaged); use --force to start over")
                shutil.rmtree(partial)       # not even a plan was written: nothing was played
            say(f"note: nothing to resume in {out}; starting the run from the beginning")
        if old is not None:
            if old["spec"] != fingerprint:
                raise UserError(f"the unfinished run in {out} was started with other settings "
                                f"({_plan_difference(old['spec'], fingerprint)}); resume it with its own "
                                "command (or `sim resume`), or use --force to start over")
            command = old.get("command") or command
            force = force or bool(old.get("force"))
        check_out_dir(out, force)
        return _execute_locked(spec, out, partial, old, size, n_chunks, jobs, force, progress, command,
                               backend, scheduler, say)


def _same_run(meta: dict, spec: RunSpec, size: int) -> bool:
    return (meta.get("tool") == "unmatched-sim" and meta.get("chunk_size") == size
            and meta.get("seed") == spec.seed and meta.get("total_games") == spec.total_games
            and meta.get("hero_files") == spec_json(spec)["hero_files"]
            and meta.get("board_file") == spec.board_file and meta.get("policy_a") == spec.policy_a
            and meta.get("policy_b") == spec.policy_b and meta.get("max_turns") == spec.max_turns
            and meta.get("pairings") == [list(p) for p in spec.pairings])


class _sigterm_raises:
    """While a run goes on, SIGTERM stops it as Ctrl-C does (finished chunks kept for --resume)."""

    def __enter__(self):
        import signal
        import threading

        self.old = None
        self.fired = False
        if threading.current_thread() is threading.main_thread():
            def handler(signum, frame):
                if self.fired:        # already stopping: let the clean-up finish
                    return
                self.fired = True
                raise Terminated()
            self.old = signal.signal(signal.SIGTERM, handler)
        return self

    def __exit__(self, *exc):
        import signal

        if self.old is not None:
            signal.signal(signal.SIGTERM, self.old)


def _execute_locked(spec, out, partial, old, size, n_chunks, jobs, force, progress, command, backend,
                    scheduler, say) -> dict:
    created = old is None
    try:
        (partial / "events").mkdir(parents=True, exist_ok=True)
        (partial / "games-parts").mkdir(exist_ok=True)
        if created:
            doc = {"spec": spec_json(spec), "chunk_size": size, "chunks": n_chunks,
                   "command": command or sys.argv, "force": force}
            tmp = partial / "plan.json.tmp"
            tmp.write_text(json.dumps(doc, indent=2) + "\n")
            os.replace(tmp, partial / "plan.json")
    except OSError as e:
        if _no_space(e):
            raise UserError(f"no space left on the device to write --out {out}; free some space "
                            "and run again") from None
        raise UserError(f"cannot write to --out {out}: {e.strerror}") from None
    done = finished_chunks(partial, n_chunks)
    if done:
        say(f"resuming {out}: {len(done)} of {n_chunks} chunks already finished")
    started = time.perf_counter()
    try:
        worker_peak = _play_chunk_ranges(spec, size, n_chunks, done, partial, jobs, progress, backend,
                                         scheduler, say)
        parts = [partial / "games-parts" / part_name(i) for i in range(n_chunks)]
        pl.scan_parquet(parts).sink_parquet(partial / "games.parquet", compression="zstd")
        _check_written(partial / "games.parquet", spec.total_games)
        write_players(partial)
        shutil.rmtree(partial / "games-parts")
        elapsed = time.perf_counter() - started
        meta = run_metadata(spec, size, n_chunks, elapsed, command)
        meta["peak_rss_mb"] = {"main": round(_peak_rss_mb(), 1), "workers": round(worker_peak, 1)}
        (partial / "run.json").write_text(json.dumps(meta, indent=2) + "\n")
        (partial / "plan.json").unlink()
        replace_dir(partial, out)
    except KeyboardInterrupt as e:
        _stop_local_workers()
        k = len(finished_chunks(partial, n_chunks)) if (partial / "plan.json").exists() else 0
        what = "terminated" if isinstance(e, Terminated) else "interrupted"
        if k == 0:
            shutil.rmtree(partial, ignore_errors=True)
            raise RunInterrupted(f"{what}; nothing was written to --out {out}",
                                 143 if isinstance(e, Terminated) else 130) from None
        raise RunInterrupted(f"{what}: {k} of {n_chunks} chunks finished and kept in {partial}; "
                             "continue with the same command plus --resume "
                             f"(or `sim resume {out}`)", 143 if isinstance(e, Terminated) else 130) from None
    except BaseException as e:
        _stop_local_workers()
        k = len(finished_chunks(partial, n_chunks)) if (partial / "plan.json").exists() else 0
        if k == 0:
            shutil.rmtree(partial, ignore_errors=True)
        kept = (f"{k} finished chunks are kept in {partial}; add --resume to continue" if k
                else "nothing was written")
        if _no_space(e):
            raise UserError(f"no space left on the device while writing --out {out}: {kept} "
                            "once space is freed") from None
        if isinstance(e, OSError) and not isinstance(e, UserError):
            raise UserError(f"cannot write to --out {out}: {e.strerror or e}; {kept}") from None
        raise
    return meta


def _check_written(path: Path, rows: int) -> None:
    """A file written by polars really holds ``rows`` rows (a full disk can truncate it silently)."""
    import errno

    try:
        ok = pl.scan_parquet(path).select(pl.len()).collect().item() == rows
    except Exception:
        ok = False
    if not ok:
        path.unlink(missing_ok=True)
        raise OSError(errno.EIO, f"{path.name} was written incomplete (is the disk full?)")


def _stop_local_workers() -> None:
    """Stop joblib's idle worker processes now instead of letting them linger for minutes."""
    try:
        from joblib.externals.loky import get_reusable_executor

        get_reusable_executor().shutdown(wait=False, kill_workers=True)
    except Exception:
        pass


def available_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def cap_jobs(jobs: int | None, chunks: int, backend: str = "local") -> tuple[int, str | None]:
    """Workers to start: --jobs (default all cores; negative: all but |J|-1), never more than the
    chunks to play nor, locally, the cores this process may use. Returns (workers, note if capped)."""
    cores = available_cores()
    if backend == "local":
        want = _resolve_jobs(jobs if jobs is not None else 0)
        limit = min(chunks, cores)
    else:
        if jobs is None or jobs < 0:
            return -1, None          # as many as the cluster's workers run at once (joblib asks)
        want, limit = jobs, chunks
    n = max(1, min(want, limit))
    note = None
    if jobs is not None and jobs > 0 and n < jobs:
        why = (f"{cores} cores available, {chunks} chunks to play" if backend == "local"
               else f"{chunks} chunks to play")
        note = f"note: --jobs {jobs} capped at {n} ({why})"
    return n, note


def _play_chunk_ranges(spec: RunSpec, size: int, n_chunks: int, done: set[int], partial: Path,
                       jobs: int, progress: bool, backend: str, scheduler: str | None, say) -> float:
    """Play every chunk not in ``done``; returns the peak memory (MB) of the processes that played."""
    from tqdm import tqdm

    from unmatched_sim.backends import run_tasks

    total = spec.total_games
    todo = [i for i in range(n_chunks) if i not in done]
    finished = sum(min(size, total - i * size) for i in done)
    n_jobs, note = cap_jobs(jobs, len(todo), backend)
    if note:
        say(note)
    tasks = run_tasks(spec, size, todo, partial, n_jobs, backend, scheduler)
    bar = tqdm(total=total, initial=finished, unit="game", disable=not progress, desc="playing",
               leave=False, dynamic_ncols=True)
    try:
        peak = 0.0
        for result in tasks:
            bar.update(result[1])
            peak = max(peak, result[2])
        return peak
    finally:
        bar.close()


def _resolve_jobs(jobs: int) -> int:
    cpus = available_cores()
    if jobs is None or jobs <= 0:
        return max(1, cpus + 1 + jobs) if jobs and jobs < 0 else cpus
    return jobs



def run_metadata(spec: RunSpec, size: int, chunks: int, elapsed: float, command: list[str] | None) -> dict:
    from importlib.metadata import version   # joblib's version without importing joblib (-j 1 never does)

    from unmatched_sim import _build

    return {
        "tool": "unmatched-sim", "version": __version__,
        "command": command or sys.argv,
        "created_utc": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(), "polars": pl.__version__, "joblib": version("joblib"),
        "build": _build.kind(),
        "seed": spec.seed, "games_per_pairing": spec.games, "total_games": spec.total_games,
        "pairings": [list(p) for p in spec.pairings], "board": spec.board,
        "policy_a": spec.policy_a, "policy_b": spec.policy_b, "max_turns": spec.max_turns,
        "chunk_size": size, "chunks": chunks, "elapsed_s": round(elapsed, 3),
        "hero_files": spec.hero_files, "board_file": spec.board_file,
        **({"matchups": [list(m) for m in spec.matchups]} if spec.matchups else {}),
        **({"robust": list(spec.robust), "primary_games": spec.primary_games} if spec.robust else {}),
        **({"overrides": list(spec.overrides)} if spec.overrides else {}),
        "format": spec.format,
        **({"lineups": [list(lu) for lu in spec.lineups]} if spec.lineups else {}),
    }


def read_run(run_dir: Path) -> dict:
    """run.json of a run directory, with clear errors for what is not one."""
    if not run_dir.exists():
        raise UserError(f"run directory {run_dir} does not exist")
    meta_path = run_dir / "run.json"
    if not meta_path.exists():
        raise UserError(f"{run_dir} is not a run directory (no run.json); make one with `sim matchup`")
    try:
        meta = json.loads(meta_path.read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise UserError(f"{meta_path} is corrupt: {e}") from None
    check_run_meta(meta, meta_path)
    return meta


def check_run_meta(meta, meta_path: Path) -> None:
    """run.json must be the object a run writes: what replay needs, of the right types."""
    if not isinstance(meta, dict):
        raise UserError(f"{meta_path} is not a run's metadata (a JSON {type(meta).__name__}, not an "
                        "object); make the run again")
    missing = [k for k in ("hero_files", "board_file", "max_turns") if k not in meta]
    if missing:
        raise UserError(f"{meta_path} lacks {', '.join(missing)}; it is damaged or not from unmatched-sim; "
                        "make the run again")
    hf, bf = meta["hero_files"], meta["board_file"]
    ok = (isinstance(hf, dict) and all(isinstance(f, dict) and isinstance(f.get("path"), str)
                                       and isinstance(f.get("sha256"), str) for f in hf.values())
          and isinstance(bf, dict) and isinstance(bf.get("path"), str) and isinstance(bf.get("sha256"), str)
          and isinstance(meta["max_turns"], int) and not isinstance(meta["max_turns"], bool))
    if not ok:
        raise UserError(f"{meta_path} is damaged: hero_files, board_file or max_turns is not what a run "
                        "writes; make the run again")


def read_games(run_dir: Path) -> pl.DataFrame:
    path = run_dir / "games.parquet"
    if not path.exists():
        raise UserError(f"{run_dir} has no games.parquet; the run did not finish")
    try:
        return pl.read_parquet(path)
    except Exception as e:  # polars raises several types for a damaged file
        raise UserError(f"{path} is corrupt or unreadable: {str(e).splitlines()[0]}") from None


def read_game_events(run_dir: Path, game_id: int) -> pl.DataFrame:
    files = event_files(run_dir)
    if not files:
        raise UserError(f"{run_dir} has no event files in events/")
    try:
        return (pl.scan_parquet(files).filter(pl.col("game_id") == game_id).sort("seq").collect())
    except Exception as e:
        raise UserError(f"event files in {run_dir / 'events'} are corrupt or unreadable: "
                        f"{str(e).splitlines()[0]}") from None


def spec_files(heroes: list[HeroDef], board: Board) -> tuple[dict, dict]:
    # The hero's display name goes along so a report names the hero as its file does (not by its
    # fighters: "Sister 1"), and the AI style so a report can say how `tuned` played it.
    return ({h.id: {"path": h.path, "sha256": h.sha256, "name": h.name, "ai_aggression": h.ai_aggression,
                   "ai_style": dict(h.ai_style)} for h in heroes},
            {"id": board.id, "path": board.path, "sha256": board.sha256})


def games_as_dicts(df: pl.DataFrame) -> Iterator[dict]:
    return iter(df.iter_rows(named=True))


