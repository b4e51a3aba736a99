"""Seeded batches of games: plan them, play them in parallel chunks, write the run directory.

* ``plan``: what games a run has (``RunSpec``, ``GameSpec``, seeds, seating, chunks);
* ``play``: playing one game, and one chunk of games in a worker;
* ``store``: the run's files (Parquet parts, ``plan.json``, ``run.json``) and reading them back;
* ``lock``: which ``--out`` a run may write, what counts as a run, the lock on ``--out``;
* ``backends``: where chunks are played (this machine's cores or a dask cluster);
* ``execute``: driving a run (workers, progress, resume, interruptions).
"""

from unmatched_sim.errors import Terminated
from unmatched_sim.run.execute import available_cores, cap_jobs, execute
from unmatched_sim.run.lock import check_out_dir, check_out_path, default_out_dir, partial_dir, read_run_json
from unmatched_sim.run.plan import (GameSpec, RunSpec, chunk_count, chunk_size, game_seed, lineup_seed, plan,
                                    plan_range, run_name, seat_labels, seating, spec_files, spec_from_json,
                                    spec_json)
from unmatched_sim.run.play import play_game, play_multi, spec_heroes
from unmatched_sim.run.store import (check_run_meta, games_as_dicts, read_games, read_plan,
                                     read_run, write_players)

__all__ = [
    "GameSpec", "RunSpec", "Terminated", "available_cores", "cap_jobs", "check_out_dir", "check_out_path",
    "check_run_meta", "chunk_count", "chunk_size", "default_out_dir", "execute", "game_seed", "games_as_dicts",
    "lineup_seed", "partial_dir", "plan", "plan_range", "play_game", "play_multi",
    "read_games", "read_plan", "read_run", "read_run_json", "run_name", "seat_labels", "seating",
    "spec_files", "spec_from_json", "spec_heroes", "spec_json", "write_players",
]
