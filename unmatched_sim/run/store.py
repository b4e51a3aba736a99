"""A run's files: the Parquet parts of each chunk, the unfinished folder's ``plan.json``, the
joined tables and ``run.json``, and reading them back.

Run directory layout::

    run.json                the command, versions, seed, hashes of the hero and board files
    games.parquet           one row per game
    players.parquet         one row per player per game
    events/part-NNNNN.parquet   the events of one chunk of games

While a run goes on, its unfinished folder (``.NAME.partial`` beside ``--out``, see
``unmatched_sim.run.lock``) holds ``plan.json``, ``events/`` and ``games-parts/``: a chunk is
finished when both its parts are there, whole.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

import polars as pl

from unmatched_sim import __version__
from unmatched_sim.errors import UserError
from unmatched_sim.log import write_parquet
from unmatched_sim.run.plan import RunSpec, spec_json


# --------------------------------------------------------------------------- chunk parts
def part_name(index: int) -> str:
    return f"part-{index:05d}.parquet"


def write_chunk(out: Path, index: int, events: pl.DataFrame, games: pl.DataFrame) -> None:
    """Write one chunk's two parts, each whole or not at all; the games part, written last,
    marks the chunk finished (what --resume trusts)."""
    write_chunk_bytes(out, index, parquet_bytes(events), parquet_bytes(games))


def parquet_bytes(df: pl.DataFrame) -> bytes:
    """A frame as Parquet bytes (the same bytes as written to a file). Parts are made in memory
    and written by Python, because a Parquet writer can leave a truncated file behind on a full
    disk without raising; Python's own write raises ENOSPC."""
    import io

    buf = io.BytesIO()
    write_parquet(df, buf)
    return buf.getvalue()


def write_chunk_bytes(out: Path, index: int, events: bytes, games: bytes) -> None:
    """Write a chunk's two parts, already Parquet bytes (``write_chunk``)."""
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


# --------------------------------------------------------------------------- the unfinished folder
def start_partial(partial: Path, spec: RunSpec, size: int, n_chunks: int, command: list[str] | None,
                  force: bool, new: bool) -> None:
    """Make the unfinished folder's sub-folders and, for a ``new`` run, its ``plan.json`` (what
    ``--resume`` and ``sim resume`` continue from)."""
    (partial / "events").mkdir(parents=True, exist_ok=True)
    (partial / "games-parts").mkdir(exist_ok=True)
    if new:
        doc = {"spec": spec_json(spec), "chunk_size": size, "chunks": n_chunks,
               "command": command or sys.argv, "force": force}
        doc["digest"] = plan_digest(doc)
        tmp = partial / "plan.json.tmp"
        tmp.write_text(json.dumps(doc, indent=2) + "\n")
        os.replace(tmp, partial / "plan.json")


class DamagedPlan(UserError):
    """An unfinished run's plan.json that cannot be trusted: unreadable, or not what the run wrote."""


def plan_digest(doc: dict) -> str:
    """The SHA-256 of a plan's content (without its digest), in a canonical JSON form."""
    import hashlib

    body = {k: v for k, v in doc.items() if k != "digest"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def read_plan(partial: Path) -> dict | None:
    """The unfinished run's plan, None where there is no plan.json; ``DamagedPlan`` where there
    is one that is unreadable or whose digest does not match its content (an edited plan would
    mix the games of two runs)."""
    path = partial / "plan.json"
    if not path.exists():
        return None
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise DamagedPlan(f"{path} is damaged ({str(e).splitlines()[0] if str(e) else type(e).__name__}); "
                          "start the run again with --force") from None
    if not (isinstance(doc, dict) and isinstance(doc.get("spec"), dict)):
        raise DamagedPlan(f"{path} is damaged (not a run's plan); start the run again with --force")
    if doc.get("digest") != plan_digest(doc):
        raise DamagedPlan(f"{path} was edited or damaged since the run wrote it (its digest does not match); "
                          "its finished chunks cannot be trusted to belong to one run: start again with --force")
    return doc


def join_parts(partial: Path, n_chunks: int, total_games: int) -> None:
    """Join the chunks' games parts into games.parquet (checked whole) and write players.parquet;
    the parts are removed."""
    parts = [partial / "games-parts" / part_name(i) for i in range(n_chunks)]
    pl.scan_parquet(parts).sink_parquet(partial / "games.parquet", compression="zstd")
    check_written(partial / "games.parquet", total_games)
    write_players(partial)
    shutil.rmtree(partial / "games-parts")


def write_run_json(partial: Path, meta: dict) -> None:
    """The last file of a run: run.json, which makes the folder a finished run (plan.json goes)."""
    (partial / "run.json").write_text(json.dumps(meta, indent=2) + "\n")
    (partial / "plan.json").unlink()


def check_written(path: Path, rows: int) -> None:
    """A file written by polars really holds ``rows`` rows (a full disk can truncate it silently)."""
    import errno

    try:
        ok = pl.scan_parquet(path).select(pl.len()).collect().item() == rows
    except Exception:
        ok = False
    if not ok:
        path.unlink(missing_ok=True)
        raise OSError(errno.EIO, f"{path.name} was written incomplete (is the disk full?)")


def write_players(run_dir: Path) -> None:
    """players.parquet: one row per player per game, from games.parquet (log.players_frame)."""
    from unmatched_sim.log import players_frame
    players_frame(pl.scan_parquet(run_dir / "games.parquet")).sink_parquet(
        run_dir / "players.parquet", compression="zstd")


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
        **({"robust": list(spec.robust)} if spec.robust else {}),
        **({"check_with": spec.check_with, "check_games": spec.check_games} if spec.check_with else {}),
        **({"primary_games": spec.primary_games} if spec.robust or spec.check_with else {}),
        **({"overrides": list(spec.overrides)} if spec.overrides else {}),
        "format": spec.format,
        **({"lineups": [list(lu) for lu in spec.lineups]} if spec.lineups else {}),
        **({"coop": [list(e) for e in spec.coop]} if spec.coop else {}),
    }


# --------------------------------------------------------------------------- reading a run
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


def games_as_dicts(df: pl.DataFrame) -> Iterator[dict]:
    return iter(df.iter_rows(named=True))
