"""The local scheduler (``run.backends._local_tasks``): with ``-j N`` this process plays chunks beside
N - 1 worker processes. Every chunk is played exactly once, by one of them, and a worker's error
reaches the run as the error it raised."""

from __future__ import annotations

import dataclasses
import time

import pytest

from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.errors import UserError
from unmatched_sim.run import RunSpec, backends, spec_files


def small_spec(games: int = 40) -> RunSpec:
    heroes = [find_hero("houdini"), find_hero("genie")]
    hero_files, board_file = spec_files(heroes, find_board("marmoreal"))
    return RunSpec(pairings=(("houdini", "genie"),), games=games, seed=5, board="marmoreal",
                   policy_a="random", policy_b="random", hero_files=hero_files, board_file=board_file)


def bounds(spec: RunSpec, size: int):
    return [(i, lo, min(spec.total_games, lo + size)) for i, lo in enumerate(range(0, spec.total_games, size))]


def prepared(tmp_path):
    (tmp_path / "events").mkdir()
    (tmp_path / "games-parts").mkdir()
    return tmp_path


def test_two_jobs_play_every_chunk_once_and_this_process_plays_some(tmp_path, monkeypatch):
    spec = small_spec()
    here = []
    play_here = backends._play_here

    def counted(spec, i, lo, hi, partial):
        here.append(i)
        return play_here(spec, i, lo, hi, partial)

    monkeypatch.setattr(backends, "_play_here", counted)
    chunks = bounds(spec, 4)
    got = list(backends._local_tasks(spec, iter(chunks), prepared(tmp_path), 2, len(chunks)))
    assert sorted(r[0] for r in got) == list(range(len(chunks)))
    assert sum(r[1] for r in got) == spec.total_games
    assert here, "this process played no chunk"
    assert sorted(p.name for p in (tmp_path / "games-parts").iterdir()) == \
        [f"part-{i:05d}.parquet" for i in range(len(chunks))]


def test_a_workers_error_is_raised_by_the_run(tmp_path, monkeypatch):
    # the workers get a board file whose checksum does not match; this process only pretends to
    # play (slowly enough that the worker's line takes the first chunk)
    bad = dataclasses.replace(small_spec(), board_file={**small_spec().board_file, "sha256": "0" * 64})

    def pretend(spec, i, lo, hi, partial):
        time.sleep(0.2)
        return i, hi - lo, 0.0

    monkeypatch.setattr(backends, "_play_here", pretend)
    chunks = bounds(bad, 4)
    with pytest.raises(UserError, match="changed while the run was going"):
        list(backends._local_tasks(bad, iter(chunks), prepared(tmp_path), 2, len(chunks)))
