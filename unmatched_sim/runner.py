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
from unmatched_sim.engine.game import DEFAULT_MAX_TURNS, Game
from unmatched_sim.engine.view import PlayerView
from unmatched_sim.errors import UserError
from unmatched_sim.files import replace_dir
from unmatched_sim.log import EventBuffer, event_files, games_frame, write_parquet
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


@dataclass(frozen=True)
class RunSpec:
    pairings: tuple[tuple[str, str], ...]
    games: int                       # per pairing
    seed: int
    board: str
    policy_a: str
    policy_b: str
    max_turns: int = DEFAULT_MAX_TURNS
    hero_files: dict = field(default_factory=dict)   # id -> {"path", "sha256"}
    board_file: dict = field(default_factory=dict)   # {"path", "sha256"}
    # A ladder: (hero_a, hero_b, policy_a, policy_b) per matchup, each played ``games`` times,
    # instead of every pairing played by policy_a / policy_b. Seeds depend on the heroes only,
    # so every pair of policies meets on the same deals (common random numbers).
    matchups: tuple[tuple[str, str, str, str], ...] = ()
    # What-if overrides (``--set`` texts, see ``unmatched_sim.overrides``), applied to the hero
    # files as they load; the files' hashes above stay those of the files on disk.
    overrides: tuple[str, ...] = ()

    @property
    def total_games(self) -> int:
        return self.games * (len(self.matchups) or len(self.pairings))


def game_seed(run_seed: int, hero_a: str, hero_b: str, pair: int) -> int:
    digest = hashlib.sha256(f"{run_seed}|{hero_a}|{hero_b}|{pair}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def plan(spec: RunSpec) -> list[GameSpec]:
    out = []
    gid = 0
    matchups = spec.matchups or tuple((a, b, None, None) for a, b in spec.pairings)
    for a, b, pa, pb in matchups:
        for i in range(spec.games):
            pair = i // 2
            out.append(GameSpec(gid, pair, game_seed(spec.seed, a, b, pair), a, b, a_first=(i % 2 == 0),
                                policy_a=pa, policy_b=pb))
            gid += 1
    return out


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


def play_game(g: GameSpec, heroes: dict[str, HeroDef], board: Board, policy_a: str, policy_b: str,
              max_turns: int = DEFAULT_MAX_TURNS, record: bool = True,
              on_decision: Callable | None = None) -> tuple[Game, dict]:
    """Play one game to the end. Seat 0 moves first; ``sides[seat]`` is "a" or "b"."""
    sides = ("a", "b") if g.a_first else ("b", "a")
    by_side = {"a": heroes[g.hero_a], "b": heroes[g.hero_b]}
    policy_of = {"a": policy_a, "b": policy_b}
    game = Game(board, (by_side[sides[0]], by_side[sides[1]]), g.seed, side_keys=sides,
                max_turns=max_turns, record=record)
    policies = [make_policy(policy_of[s], random.Random(f"{g.seed}:policy:{s}")) for s in sides]
    views = [PlayerView(game, 0), PlayerView(game, 1)]
    game.start()
    decisions = 0
    while game.pending is not None:
        d = game.pending
        choice = policies[d.player].choose(views[d.player], d)
        if on_decision is not None:
            on_decision(game, d, choice)
        game.answer(choice)
        decisions += 1
    seat_of = {s: i for i, s in enumerate(sides)}
    row = {
        "game_id": g.game_id, "pair": g.pair, "seed": g.seed, "hero_a": g.hero_a, "hero_b": g.hero_b,
        "first_player": sides[0], "first_hero": by_side[sides[0]].id,
        "winner": sides[game.winner] if game.winner is not None else None,
        "winner_hero": by_side[sides[game.winner]].id if game.winner is not None else None,
        "turns": game.turn, "end_reason": game.end_reason,
        "policy_a": policy_a, "policy_b": policy_b, "board": board.id,
        "health_a": game.hero_of(seat_of["a"]).health, "health_b": game.hero_of(seat_of["b"]).health,
        "events": len(game.events) if game.events is not None else 0, "decisions": decisions,
    }
    return game, row


def _run_chunk(index: int, games: list[GameSpec], spec: RunSpec, out_dir: str) -> int:
    if spec.overrides:
        from unmatched_sim.overrides import cached_hero
        heroes = {hid: cached_hero(f["path"], f["sha256"], spec.overrides) for hid, f in spec.hero_files.items()}
    else:
        heroes = {hid: _hero(f["path"], f["sha256"]) for hid, f in spec.hero_files.items()}
    board = _board(spec.board_file["path"], spec.board_file["sha256"])
    buf = EventBuffer()
    rows = []
    for g in games:
        game, row = play_game(g, heroes, board, g.policy_a or spec.policy_a, g.policy_b or spec.policy_b,
                              spec.max_turns)
        buf.add_game(g.game_id, ("a", "b") if g.a_first else ("b", "a"), game.events)
        rows.append(row)
    out = Path(out_dir)
    write_parquet(buf.frame(), out / "events" / f"part-{index:05d}.parquet")
    write_parquet(games_frame(rows), out / "games-parts" / f"part-{index:05d}.parquet")
    return len(games), _peak_rss_mb()


def _peak_rss_mb() -> float:
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# --------------------------------------------------------------------------- the run directory
def check_out_dir(out: Path, force: bool) -> None:
    """Refuse to overwrite anything that is not a run, and a run unless --force."""
    if out.exists():
        if not out.is_dir():
            raise UserError(f"--out {out} exists and is not a directory; choose another --out")
        if any(out.iterdir()):
            if not (out / "run.json").exists():
                raise UserError(f"--out {out} is a non-empty directory that is not a run; "
                                "choose another --out (nothing was written)")
            if not force:
                raise UserError(f"--out {out} already holds a run; use --force to replace it "
                                "or choose another --out")
    parent = out.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create --out {out}: {e.strerror}") from None
    if not os.access(parent, os.W_OK):
        raise UserError(f"cannot write to --out {out}: {parent} is not writable")


def default_out_dir(pairings: tuple[tuple[str, str], ...], board: str, seed: int, games: int) -> Path:
    if len(pairings) == 1:
        stem = f"{pairings[0][0]}-vs-{pairings[0][1]}_{board}_seed{seed}_n{games}"
    else:
        stem = f"tournament-{len(pairings)}_{board}_seed{seed}_n{games}"
    base = Path("runs") / stem
    out, k = base, 2
    while out.exists():
        out = base.with_name(f"{stem}-{k}")
        k += 1
    return out


def execute(spec: RunSpec, out: Path, *, jobs: int = -1, force: bool = False, progress: bool = True,
            command: list[str] | None = None) -> dict:
    """Play every game of ``spec`` and write the run directory ``out``. Returns run.json."""
    check_out_dir(out, force)
    games = plan(spec)
    size = chunk_size(len(games))
    chunks = [games[i:i + size] for i in range(0, len(games), size)]
    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    try:
        (tmp / "events").mkdir(parents=True)
        (tmp / "games-parts").mkdir()
    except OSError as e:
        raise UserError(f"cannot write to --out {out}: {e.strerror}") from None
    started = time.perf_counter()
    try:
        worker_peak = _play_chunks(spec, chunks, tmp, jobs, progress)
        parts = sorted((tmp / "games-parts").glob("*.parquet"))
        pl.scan_parquet(parts).sort("game_id").collect().write_parquet(tmp / "games.parquet",
                                                                        compression="zstd")
        shutil.rmtree(tmp / "games-parts")
        elapsed = time.perf_counter() - started
        meta = run_metadata(spec, size, len(chunks), elapsed, command)
        meta["peak_rss_mb"] = {"main": round(_peak_rss_mb(), 1), "workers": round(worker_peak, 1)}
        (tmp / "run.json").write_text(json.dumps(meta, indent=2) + "\n")
        replace_dir(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return meta


def _play_chunks(spec: RunSpec, chunks: list[list[GameSpec]], tmp: Path, jobs: int, progress: bool) -> float:
    """Play every chunk; returns the peak memory (MB) of the processes that played them."""
    from tqdm import tqdm

    total = sum(len(c) for c in chunks)
    bar = tqdm(total=total, unit="game", disable=not progress, desc="playing", leave=False,
               dynamic_ncols=True)
    try:
        n_jobs = _resolve_jobs(jobs)
        peak = 0.0
        if n_jobs == 1 or len(chunks) == 1:
            for i, chunk in enumerate(chunks):
                done, rss = _run_chunk(i, chunk, spec, str(tmp))
                bar.update(done)
                peak = max(peak, rss)
        else:
            from joblib import Parallel, delayed
            with Parallel(n_jobs=n_jobs, return_as="generator_unordered") as parallel:
                for done, rss in parallel(delayed(_run_chunk)(i, c, spec, str(tmp)) for i, c in enumerate(chunks)):
                    bar.update(done)
                    peak = max(peak, rss)
        return peak
    finally:
        bar.close()


def _resolve_jobs(jobs: int) -> int:
    cpus = os.cpu_count() or 1
    if jobs is None or jobs <= 0:
        return max(1, cpus + 1 + jobs) if jobs and jobs < 0 else cpus
    return jobs


def run_metadata(spec: RunSpec, size: int, chunks: int, elapsed: float, command: list[str] | None) -> dict:
    import joblib

    return {
        "tool": "unmatched-sim", "version": __version__,
        "command": command or sys.argv,
        "created_utc": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "python": platform.python_version(), "polars": pl.__version__, "joblib": joblib.__version__,
        "seed": spec.seed, "games_per_pairing": spec.games, "total_games": spec.total_games,
        "pairings": [list(p) for p in spec.pairings], "board": spec.board,
        "policy_a": spec.policy_a, "policy_b": spec.policy_b, "max_turns": spec.max_turns,
        "chunk_size": size, "chunks": chunks, "elapsed_s": round(elapsed, 3),
        "hero_files": spec.hero_files, "board_file": spec.board_file,
        **({"matchups": [list(m) for m in spec.matchups]} if spec.matchups else {}),
        **({"overrides": list(spec.overrides)} if spec.overrides else {}),
    }


def read_run(run_dir: Path) -> dict:
    """run.json of a run directory, with clear errors for what is not one."""
    if not run_dir.exists():
        raise UserError(f"run directory {run_dir} does not exist")
    meta_path = run_dir / "run.json"
    if not meta_path.exists():
        raise UserError(f"{run_dir} is not a run directory (no run.json); make one with `sim matchup`")
    try:
        return json.loads(meta_path.read_text())
    except (OSError, json.JSONDecodeError) as e:
        raise UserError(f"{meta_path} is corrupt: {e}") from None


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
    # The AI style from each hero file goes along so a report can say how `tuned` played it.
    return ({h.id: {"path": h.path, "sha256": h.sha256, "ai_aggression": h.ai_aggression} for h in heroes},
            {"id": board.id, "path": board.path, "sha256": board.sha256})


def games_as_dicts(df: pl.DataFrame) -> Iterator[dict]:
    return iter(df.iter_rows(named=True))


