"""Runs on several boards: ``--board marmoreal,sarpedon`` plays every pairing on each board, from
the same seeds, into one run directory.

Each board is played as an ordinary run (``run.execute``), then the runs are joined: board
*k*'s games follow board *k−1*'s, so a game id is unique in the joined run and ``games.parquet``'s
``board`` column says where it was played. run.json keeps every board's file and hash under
``board_files`` (``board`` lists the ids, comma-separated); ``sim replay`` takes each game's board
from its row. Game *i* of one board and game *i + n* of the next are the same deal on another board.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import polars as pl

from unmatched_sim.errors import UserError
from unmatched_sim.files import replace_dir


def execute_boards(specs, out: Path, *, jobs: int = -1, force: bool = False, progress: bool = True,
                   command: list[str] | None = None) -> dict:
    """Play each RunSpec (one per board, same pairings and seed) and join them into ``out``."""
    from unmatched_sim.run import check_out_dir, execute

    check_out_dir(out, force)
    work = out.parent / f".{out.name}.boards-{os.getpid()}"
    if work.exists():
        shutil.rmtree(work)
    try:
        metas = []
        for spec in specs:
            metas.append(execute(spec, work / spec.board, jobs=jobs, force=False, progress=progress,
                                 command=command))
        merged = work / "merged"
        (merged / "events").mkdir(parents=True)
        offset, part, frames = 0, 0, []
        for spec in specs:
            d = work / spec.board
            g = pl.read_parquet(d / "games.parquet").with_columns(pl.col("game_id") + offset)
            frames.append(g)
            for f in sorted((d / "events").glob("*.parquet")):
                (pl.read_parquet(f).with_columns(pl.col("game_id") + offset)
                 .write_parquet(merged / "events" / f"part-{part:05d}.parquet", compression="zstd"))
                part += 1
            offset += g.height
        pl.concat(frames).write_parquet(merged / "games.parquet", compression="zstd")
        from unmatched_sim.run import write_players
        write_players(merged)
        meta = dict(metas[0])
        meta.update({
            "board": ",".join(s.board for s in specs), "boards": [s.board for s in specs],
            "board_files": {s.board: s.board_file for s in specs},
            "total_games": offset, "chunks": sum(m["chunks"] for m in metas),
            "elapsed_s": round(sum(m["elapsed_s"] for m in metas), 3),
            "board_game_offsets": {s.board: i * (offset // len(specs)) for i, s in enumerate(specs)},
        })
        (merged / "run.json").write_text(json.dumps(meta, indent=2) + "\n")
        replace_dir(merged, out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    shutil.rmtree(work, ignore_errors=True)
    return meta


def board_file_of(meta: dict, board_id: str) -> dict:
    """The board file record of a game's board (a one-board run has only ``board_file``)."""
    files = meta.get("board_files")
    if files:
        if board_id not in files:
            raise UserError(f"run.json has no board file for board {board_id!r}")
        return files[board_id]
    return meta["board_file"]
