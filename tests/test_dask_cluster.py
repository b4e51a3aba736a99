"""--backend dask on a real (local) cluster: the games run on the cluster's workers whatever its
thread count, losing every worker stops the run in bounded time with finished chunks kept, and a
scheduler that is not one, or has no workers, is one clear line."""

from __future__ import annotations

import socket
import threading
import time

import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from tests.test_resume import run_args, snapshot

distributed = pytest.importorskip("distributed")

import unmatched_sim.run.backends as B  # noqa: E402
import unmatched_sim.run.play as P  # noqa: E402


def _cluster(workers: int):
    return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=False, protocol="tcp",
                                    dashboard_address=None)


def _local_reference(tmp_path, capsys, n: int) -> dict:
    code, _, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", str(n), "--policy", "greedy",
                           "--no-progress", "--out", "local", "-j", "1")
    assert code == 0, err
    return snapshot(tmp_path / "local")


def _same_games(got: dict, want: dict) -> bool:
    return {k: v for k, v in got.items() if k != "run.json"} == {k: v for k, v in want.items() if k != "run.json"}


def test_a_one_thread_cluster_plays_every_game_on_its_worker(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with _cluster(1) as cluster:
        worker = next(iter(cluster.workers.values()))
        code, _, err = run_cli(capsys, *run_args(80, "--backend", "dask", "--scheduler", cluster.scheduler_address))
        assert code == 0, err
        assert worker.state.executed_count == 4         # 80 games, 20 a chunk: every chunk ran there
    assert _same_games(snapshot(tmp_path / "r"), _local_reference(tmp_path, capsys, 80))


def _slow_chunks(monkeypatch) -> None:
    real = P.play_chunk_bytes

    def slow_chunk(*args):
        time.sleep(0.2)
        return real(*args)

    monkeypatch.setattr(P, "play_chunk_bytes", slow_chunk)


def _scale_after_first_chunk(cluster, tmp_path, workers: int) -> threading.Thread:
    parts = tmp_path / ".r.partial" / "games-parts"

    def scale() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (parts.exists() and any(parts.glob("part-*.parquet"))):
            time.sleep(0.02)
        cluster.scale(workers)

    t = threading.Thread(target=scale, daemon=True)
    t.start()
    return t


def test_losing_a_worker_while_another_remains_plays_every_game(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _slow_chunks(monkeypatch)
    with _cluster(2) as cluster:
        scaler = _scale_after_first_chunk(cluster, tmp_path, 1)
        code, _, err = run_cli(capsys, *run_args(200, "--backend", "dask", "--scheduler", cluster.scheduler_address))
        scaler.join()
        assert code == 0, err
        assert len(cluster.workers) == 1
    assert _same_games(snapshot(tmp_path / "r"), _local_reference(tmp_path, capsys, 200))


def test_losing_every_worker_stops_the_run_with_chunks_kept_and_resume_finishes_it(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(B, "LOST_WAIT_S", 1.0)
    _slow_chunks(monkeypatch)
    with _cluster(1) as cluster:
        killer = _scale_after_first_chunk(cluster, tmp_path, 0)
        started = time.monotonic()
        code, _, err = run_cli(capsys, *run_args(400, "--backend", "dask", "--scheduler", cluster.scheduler_address))
        killer.join()
        assert_one_line_error(code, err, "every dask worker", "--resume")
        assert time.monotonic() - started < 30
        kept = len(list((tmp_path / ".r.partial" / "games-parts").glob("part-*.parquet")))
        assert 1 <= kept < 20
        cluster.scale(1)
        code, _, err = run_cli(capsys, *run_args(400, "--backend", "dask", "--scheduler", cluster.scheduler_address,
                                                 "--resume"))
        assert code == 0, err
    assert _same_games(snapshot(tmp_path / "r"), _local_reference(tmp_path, capsys, 400))


def test_a_cluster_without_workers_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(B, "WORKER_WAIT_S", 1.0)
    with _cluster(0) as cluster:
        code, _, err = run_cli(capsys, *run_args(40, "--backend", "dask", "--scheduler", cluster.scheduler_address))
    assert_one_line_error(code, err, "has no workers", "dask worker")
    assert not (tmp_path / "r").exists()


def test_a_listener_that_is_not_a_dask_scheduler_fails_in_bounded_time(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(B, "CONNECT_WAIT_S", 2)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted = []
    threading.Thread(target=lambda: accepted.append(server.accept()), daemon=True).start()   # accepts, never answers
    try:
        started = time.monotonic()
        code, _, err = run_cli(capsys, *run_args(40, "--backend", "dask", "--scheduler",
                                                 f"tcp://127.0.0.1:{server.getsockname()[1]}"))
        assert time.monotonic() - started < 15
    finally:
        server.close()
    assert_one_line_error(code, err, "dask scheduler")
    assert not (tmp_path / "r").exists()


def test_a_server_that_answers_but_is_not_a_dask_scheduler_is_one_line(tmp_path, capsys, monkeypatch):
    """An HTTP server's bytes read as a dask message once asked for 3 EiB of memory."""
    monkeypatch.chdir(tmp_path)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:
        conn, _ = server.accept()
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 50)

    threading.Thread(target=answer, daemon=True).start()
    try:
        code, _, err = run_cli(capsys, *run_args(40, "--backend", "dask", "--scheduler",
                                                 f"tcp://127.0.0.1:{server.getsockname()[1]}"))
    finally:
        server.close()
    assert_one_line_error(code, err, "not as a dask scheduler")


def test_a_refused_scheduler_address_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, *run_args(40, "--backend", "dask", "--scheduler", "tcp://127.0.0.1:1"))
    assert_one_line_error(code, err, "cannot reach the dask scheduler")
