"""Where chunks of games are played: this machine's cores (joblib's process pool) or a cluster
(joblib's dask backend over ``dask.distributed``, ``pip install 'unmatched-sim[cluster]'``).

Either way the games are the same (each depends only on its seed) and results stream back in
whatever order chunks finish. Local workers write their chunk's Parquet parts straight into the
run's unfinished directory; cluster workers return the parts as bytes and this process writes
them, so a cluster needs no filesystem shared with this machine (the workers do need the same
hero and board files at the same paths, checked by their SHA-256 before any game is played).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from unmatched_sim.errors import UserError
from unmatched_sim.run import play, store
from unmatched_sim.run.plan import chunk_bounds

BACKENDS = ("local", "dask")
ADDRESS = re.compile(r"^(?:[a-z]+://)?[^\s:/]+:\d{1,5}$|^inproc://\S+$")   # HOST:PORT, with a scheme or not


def run_tasks(spec, size: int, todo: list[int], partial: Path, n_jobs: int, backend: str,
              scheduler: str | None) -> Iterator[tuple]:
    """Play chunks ``todo`` (each ``size`` games of ``spec``); yields (index, games, peak MB) per
    finished chunk, its parts already in ``partial``. A cluster is connected to at once (so a bad
    --scheduler fails before anything starts); the chunks are played as the result is iterated."""
    bounds = chunk_bounds(spec, size, todo)      # lazy: planned as dispatched
    if backend == "dask":
        return _dask_tasks(spec, bounds, partial, n_jobs, connect(scheduler))
    if backend != "local":
        raise UserError(f"unknown --backend '{backend}' (known: {', '.join(BACKENDS)})")
    return _local_tasks(spec, bounds, partial, n_jobs, len(todo))


def _local_tasks(spec, bounds, partial: Path, n_jobs: int, count: int) -> Iterator[tuple]:
    """This machine's cores. With ``n_jobs`` > 1, this process plays chunks too, beside
    ``n_jobs - 1`` worker processes: it has imported everything already and starts playing at
    once, while each worker first spends about half a second starting an interpreter and
    importing the package and polars (on two cores that start-up was the largest loss of
    ``-j 2`` against ``-j 1``). The chunks are shared out as they finish: a feeder thread hands
    the next chunk to a worker the moment it is free, this process takes one whenever it has
    finished its own."""
    if n_jobs == 1 or count <= 1:
        for i, lo, hi in bounds:
            yield _play_here(spec, i, lo, hi, partial)
        return
    import os
    import queue
    import threading
    from collections import deque

    from joblib.externals.loky import get_reusable_executor

    todo = deque(bounds)                # popped by both threads: deque's pops are atomic
    results: queue.SimpleQueue = queue.SimpleQueue()
    stop = threading.Event()
    # every worker watches this process from its start: killed, it takes its workers with it
    executor = get_reusable_executor(max_workers=n_jobs - 1, initializer=play.watch_parent,
                                     initargs=(os.getpid(),))

    def feed() -> None:
        """One worker's line: its next chunk is sent as soon as it returns the last."""
        try:
            while not stop.is_set():
                try:
                    i, lo, hi = todo.popleft()
                except IndexError:
                    return
                results.put(executor.submit(play.play_chunk_in_worker, i, lo, hi, spec, str(partial)).result())
        except BaseException as e:          # a worker's error is raised where the results are read
            results.put(e)
        finally:
            results.put(None)               # this line is finished

    lines = [threading.Thread(target=feed, name=f"unmatched-feed-{k}", daemon=True)
             for k in range(n_jobs - 1)]
    for t in lines:
        t.start()
    open_lines = len(lines)
    try:
        while open_lines:
            try:
                got = results.get_nowait()          # hand on what a worker finished
            except queue.Empty:
                try:
                    i, lo, hi = todo.pop()          # else play a chunk here, from the end
                except IndexError:
                    got = results.get()             # none left to take: wait for the workers
                else:
                    yield _play_here(spec, i, lo, hi, partial)
                    continue
            if got is None:                         # a worker's line is finished
                open_lines -= 1
            elif isinstance(got, BaseException):
                raise got
            else:
                yield got
    finally:
        stop.set()


def _play_here(spec, i: int, lo: int, hi: int, partial: Path) -> tuple:
    """Play chunk ``i`` (games ``lo`` .. ``hi - 1``) in this process and write its parts."""
    return play.play_chunk(i, lo, hi, spec, partial)


def check_backend(backend: str, scheduler: str | None) -> None:
    """Before anything is written: the backend is known, and dask has what it needs."""
    if backend not in BACKENDS:
        raise UserError(f"unknown --backend '{backend}' (known: {', '.join(BACKENDS)})")
    if scheduler and backend != "dask":
        raise UserError("--scheduler is for --backend dask; add --backend dask or leave --scheduler out")
    if backend == "dask":
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise UserError("--backend dask needs dask.distributed: pip install 'unmatched-sim[cluster]'") from None
        if not scheduler:
            raise UserError("--backend dask needs --scheduler tcp://HOST:PORT (the address `dask scheduler` prints)")
        if not ADDRESS.match(scheduler):
            raise UserError(f"--scheduler {scheduler} is not a scheduler address; give it as "
                            "tcp://HOST:PORT (the address `dask scheduler` prints)")


def connect(scheduler: str | None):
    """A ``distributed.Client`` for ``--scheduler``, or one clear error line."""
    try:
        from distributed import Client
    except ImportError:
        raise UserError("--backend dask needs dask.distributed: pip install 'unmatched-sim[cluster]'") from None
    if not scheduler:
        raise UserError("--backend dask needs --scheduler tcp://HOST:PORT (the address `dask scheduler` prints)")
    try:
        return Client(scheduler, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as e:
        raise UserError(f"cannot reach the dask scheduler at {scheduler}: {str(e).splitlines()[0]}") from None
    except ValueError as e:
        raise UserError(f"--scheduler {scheduler}: {e}") from None


def _dask_tasks(spec, bounds, partial: Path, n_jobs: int, client) -> Iterator[tuple]:
    import joblib
    from joblib import Parallel, delayed

    try:
        with joblib.parallel_config(backend="dask", client=client, wait_for_workers_timeout=30):
            with Parallel(n_jobs=n_jobs, return_as="generator_unordered") as parallel:
                for i, n, rss, events, games in parallel(
                        delayed(play.play_chunk_bytes)(i, lo, hi, spec) for i, lo, hi in bounds):
                    store.write_chunk_bytes(partial, i, events, games)
                    yield i, n, rss
    finally:
        client.close()


def stop_local_workers() -> None:
    """Stop joblib's idle worker processes now instead of letting them linger for minutes."""
    try:
        from joblib.externals.loky import get_reusable_executor

        get_reusable_executor().shutdown(wait=False, kill_workers=True)
    except Exception:
        pass
