"""Driving a run: the lock on ``--out``, resuming an unfinished run, how many workers play,
progress, and turning interruptions and full disks into one clear line.

``execute`` plays every game of a ``RunSpec`` (``unmatched_sim.run.plan``) in chunks
(``unmatched_sim.run.backends``) and writes the run directory (``unmatched_sim.run.store``).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from typing import Callable

from unmatched_sim.errors import RunInterrupted, Terminated, UserError
from unmatched_sim.files import no_space, replace_dir
from unmatched_sim.run import store
from unmatched_sim.run.backends import check_backend, run_tasks, stop_local_workers
from unmatched_sim.run.lock import OutLock, check_out_dir, check_out_path, clean_stale_tmp, partial_dir, read_run_json
from unmatched_sim.run.plan import RunSpec, chunk_count, chunk_size, spec_json
from unmatched_sim.run.play import peak_rss_mb


def execute(spec: RunSpec, out: Path, *, jobs: int = -1, force: bool = False, progress: bool = True,
            command: list[str] | None = None, resume: bool = False, backend: str = "local",
            scheduler: str | None = None, notify: Callable[[str], None] | None = None) -> dict:
    """Play every game of ``spec`` and write the run directory ``out``. Returns run.json.

    The run holds a lock on ``out`` throughout. Finished chunks collect in ``.NAME.partial``
    beside ``out``; an interrupted run (Ctrl-C, SIGTERM, kill -9, a full disk) leaves them there
    and ``resume=True`` (the same command plus --resume) plays only the chunks still missing, then
    writes the same directory an uninterrupted run would have.
    """
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
        try:
            old, damaged = (store.read_plan(partial) if partial.exists() else None), None
        except store.DamagedPlan as e:
            old, damaged = None, e
        if damaged is not None and resume:
            raise damaged
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
                k = len(store.finished_chunks(partial, n_chunks)) if old else 0
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


def _plan_difference(old: dict, new: dict) -> str:
    keys = sorted(set(old) | set(new), key=lambda k: (k in ("hero_files", "board_file"), k))
    for key in keys:
        if old.get(key) != new.get(key):
            if key == "hero_files" or key == "board_file":
                return f"{key.replace('_', ' ')} changed since it started"
            return f"{key.replace('_', ' ')} was {old.get(key)!r}, now {new.get(key)!r}"
    return "its options differ"


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
    try:
        store.start_partial(partial, spec, size, n_chunks, command, force, new=old is None)
    except OSError as e:
        if no_space(e):
            raise UserError(f"no space left on the device to write --out {out}; free some space "
                            "and run again") from None
        raise UserError(f"cannot write to --out {out}: {e.strerror}") from None
    done = store.finished_chunks(partial, n_chunks)
    if done:
        say(f"resuming {out}: {len(done)} of {n_chunks} chunks already finished")
    started = time.perf_counter()
    try:
        worker_peak = _play_chunks(spec, size, n_chunks, done, partial, jobs, progress, backend, scheduler, say)
        store.join_parts(partial, n_chunks, spec.total_games)
        elapsed = time.perf_counter() - started
        meta = store.run_metadata(spec, size, n_chunks, elapsed, command)
        meta["peak_rss_mb"] = {"main": round(peak_rss_mb(), 1), "workers": round(worker_peak, 1)}
        store.write_run_json(partial, meta)
        replace_dir(partial, out)
    except KeyboardInterrupt as e:
        stop_local_workers()
        k = len(store.finished_chunks(partial, n_chunks)) if (partial / "plan.json").exists() else 0
        what = "terminated" if isinstance(e, Terminated) else "interrupted"
        if k == 0:
            shutil.rmtree(partial, ignore_errors=True)
            raise RunInterrupted(f"{what}; nothing was written to --out {out}",
                                 143 if isinstance(e, Terminated) else 130) from None
        raise RunInterrupted(f"{what}: {k} of {n_chunks} chunks finished and kept in {partial}; "
                             "continue with the same command plus --resume "
                             f"(or `sim resume {out}`)", 143 if isinstance(e, Terminated) else 130) from None
    except BaseException as e:
        stop_local_workers()
        k = len(store.finished_chunks(partial, n_chunks)) if (partial / "plan.json").exists() else 0
        if k == 0:
            shutil.rmtree(partial, ignore_errors=True)
        kept = (f"{k} finished chunks are kept in {partial}; add --resume to continue" if k
                else "nothing was written")
        if no_space(e):
            raise UserError(f"no space left on the device while writing --out {out}: {kept} "
                            "once space is freed") from None
        if isinstance(e, OSError) and not isinstance(e, UserError):
            raise UserError(f"cannot write to --out {out}: {e.strerror or e}; {kept}") from None
        raise
    return meta


# --------------------------------------------------------------------------- workers and progress
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


def _resolve_jobs(jobs: int) -> int:
    cpus = available_cores()
    if jobs is None or jobs <= 0:
        return max(1, cpus + 1 + jobs) if jobs and jobs < 0 else cpus
    return jobs


def _play_chunks(spec: RunSpec, size: int, n_chunks: int, done: set[int], partial: Path,
                 jobs: int, progress: bool, backend: str, scheduler: str | None, say) -> float:
    """Play every chunk not in ``done``; returns the peak memory (MB) of the processes that played."""
    from tqdm import tqdm

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
