"""Where chunks of games are played: this machine's cores (joblib's process pool) or a cluster
(``dask.distributed``'s futures, ``pip install 'unmatched-sim[cluster]'``).

Either way the games are the same (each depends only on its seed) and results stream back in
whatever order chunks finish. Local workers write their chunk's Parquet parts straight into the
run's unfinished directory; cluster workers return the parts as bytes and this process writes
them, so a cluster needs no filesystem shared with this machine (the workers do need the same
hero and board files at the same paths, checked by their SHA-256 before any game is played).
"""

from __future__ import annotations

import os
import re
import time
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
        return _dask_tasks(spec, bounds, partial, n_jobs, connect(scheduler), scheduler)
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


# Bounded waits on a cluster, in seconds (the environment variables are for tests and for
# clusters whose workers take longer to start).
CONNECT_WAIT_S = 20      # the scheduler to answer (a non-dask listener never does)
WORKER_WAIT_S = float(os.environ.get("UNMATCHED_SIM_DASK_WORKER_WAIT", "30"))   # a first worker to join
LOST_WAIT_S = float(os.environ.get("UNMATCHED_SIM_DASK_LOST_WAIT", "60"))       # a worker to come back
_POLL_S = 1.0


def connect(scheduler: str | None):
    """A ``distributed.Client`` for ``--scheduler``, or one clear error line within
    ``CONNECT_WAIT_S``: the client is made in a daemon thread, so a listener that accepts the
    connection and never answers as a dask scheduler cannot hold the run."""
    try:
        from distributed import Client
    except ImportError:
        raise UserError("--backend dask needs dask.distributed: pip install 'unmatched-sim[cluster]'") from None
    if not scheduler:
        raise UserError("--backend dask needs --scheduler tcp://HOST:PORT (the address `dask scheduler` prints)")
    import threading

    box: dict = {}

    def make() -> None:
        import asyncio

        try:
            reply = asyncio.run(_identity(scheduler, CONNECT_WAIT_S / 2))
        except (OSError, asyncio.TimeoutError) as e:     # refused, unreachable, no answer in time
            box["error"] = f"cannot reach the dask scheduler at {scheduler}: {_first_line(e)}"
            return
        except Exception:        # bytes that are no dask message (an HTTP server, say)
            reply = None
        if not (isinstance(reply, dict) and reply.get("type") == "Scheduler"):
            box["error"] = (f"the server at {scheduler} answered, but not as a dask scheduler; give the "
                            "address `dask scheduler` printed")
            return
        try:
            box["client"] = Client(scheduler, timeout=f"{CONNECT_WAIT_S // 2}s", set_as_default=False)
        except Exception as e:      # reported below as one line, whatever it is
            box["error"] = f"cannot reach the dask scheduler at {scheduler}: {_first_line(e)}"

    t = threading.Thread(target=make, name="unmatched-dask-connect", daemon=True)
    t.start()
    t.join(CONNECT_WAIT_S)
    if t.is_alive():
        raise UserError(f"no dask scheduler answered at {scheduler} within {CONNECT_WAIT_S} s; is `dask "
                        f"scheduler` listening there?")
    if "error" in box:
        raise UserError(box["error"])
    return box["client"]


async def _identity(address: str, timeout: float):
    """Ask the server at ``address`` who it is, as a dask client would, without making a
    ``Client`` (whose clean-up after a failed start prints a traceback and waits)."""
    import asyncio

    from distributed.comm import connect as comm_connect

    comm = await comm_connect(address, timeout=timeout)
    try:
        await comm.write({"op": "identity"})
        return await asyncio.wait_for(comm.read(), timeout)
    finally:
        comm.abort()


def _first_line(e: BaseException) -> str:
    return str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__


def _workers(client) -> dict:
    """The cluster's workers now: {address: threads}."""
    return {a: w.get("nthreads", 1) for a, w in client.scheduler_info()["workers"].items()}


def _wait_for_a_worker(client, scheduler: str, seconds: float) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        workers = _workers(client)
        if workers:
            return workers
        if time.monotonic() >= deadline:
            raise UserError(f"the dask scheduler at {scheduler} has no workers (waited {seconds:g} s); "
                            f"start them with `dask worker {scheduler}` on the machines that should play")
        time.sleep(min(_POLL_S, seconds))


def _first_done(futures: set, seconds: float) -> list:
    """The futures finished within ``seconds`` (an empty list if none): polled, since the
    client is not the process's default one that ``distributed.wait`` needs."""
    deadline = time.monotonic() + seconds
    while True:
        done = [f for f in futures if f.done()]
        if done or time.monotonic() >= deadline:
            return done
        time.sleep(0.02)


def _dask_tasks(spec, bounds, partial: Path, n_jobs: int, client, scheduler: str) -> Iterator[tuple]:
    """Chunks as futures on the cluster's workers, whatever their thread count (joblib's dask
    backend plays every game in this process when the cluster has one thread). At most
    ``n_jobs`` chunks (default: twice the cluster's threads) are out at once, so results come
    back as they are written. A worker that dies has its chunks played by the others (dask's
    rescheduling); with none left for ``LOST_WAIT_S`` the run stops with one line, its finished
    chunks kept for --resume."""
    from distributed import KilledWorker

    try:
        workers = _wait_for_a_worker(client, scheduler, WORKER_WAIT_S)
        window = n_jobs if n_jobs > 0 else 2 * sum(workers.values())
        todo = iter(bounds)
        out: set = set()
        none_since = None
        while True:
            while len(out) < window:
                nxt = next(todo, None)
                if nxt is None:
                    break
                i, lo, hi = nxt
                out.add(client.submit(play.play_chunk_bytes, i, lo, hi, spec, pure=False))
            if not out:
                return
            done = _first_done(out, _POLL_S)
            for f in done:
                out.discard(f)
                try:
                    i, n, rss, events, games = f.result()
                except KilledWorker:
                    raise UserError("a chunk of games killed every dask worker that played it (out of memory?); "
                                    "the finished chunks are kept: add --resume to continue") from None
                store.write_chunk_bytes(partial, i, events, games)
                yield i, n, rss
            if done:
                none_since = None
                continue
            if _workers(client):
                none_since = None
            elif none_since is None:
                none_since = time.monotonic()
            elif time.monotonic() - none_since >= LOST_WAIT_S:
                raise UserError(f"every dask worker of {scheduler} has gone (none for {LOST_WAIT_S:g} s); the "
                                f"finished chunks are kept: add --resume to continue once workers are back")
    except OSError as e:     # the scheduler itself went away (TimeoutError is an OSError)
        raise UserError(f"lost the dask scheduler at {scheduler} ({_first_line(e)}); "
                        "the finished chunks are kept: add --resume to continue") from None
    finally:
        client.close()


def stop_local_workers() -> None:
    """Stop joblib's idle worker processes now instead of letting them linger for minutes."""
    try:
        from joblib.externals.loky import get_reusable_executor

        get_reusable_executor().shutdown(wait=False, kill_workers=True)
    except Exception:
        pass
