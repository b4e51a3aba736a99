"""Where hero and board files live, and looking them up by their short CLI id.

Heroes: the repository's ``heroes/`` folder when running from a checkout (so a designer's edit
is used by the next run), else the copy shipped inside the installed package. The environment
variable ``UNMATCHED_HEROES`` or the ``--heroes-dir`` option points elsewhere. Boards ship in
``unmatched_sim/data/boards``; ``UNMATCHED_BOARDS`` adds another folder.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from unmatched_sim.data.board import Board, load_board_file
from unmatched_sim.data.heroes import load_hero_file
from unmatched_sim.errors import UserError, suggest
from unmatched_sim.model import HeroDef

PACKAGE = Path(__file__).resolve().parent.parent


def heroes_dir() -> Path:
    env = os.environ.get("UNMATCHED_HEROES")
    if env:
        return Path(env).resolve()      # absolute, so a run's record of its files works from anywhere
    checkout = PACKAGE.parent / "heroes"
    if checkout.is_dir():
        return checkout
    return PACKAGE / "_data" / "heroes"


def boards_dirs() -> list[Path]:
    dirs = [PACKAGE / "data" / "boards"]
    env = os.environ.get("UNMATCHED_BOARDS")
    if env:
        dirs.insert(0, Path(env).resolve())
    return dirs


def _key(name: str) -> str:
    """Case-insensitive id; 'The Genie' and 'genie' both find genie.toml."""
    k = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return k[4:] if k.startswith("the_") else k


def hero_ids(directory: Path | None = None) -> list[str]:
    d = directory or heroes_dir()
    return sorted(p.stem for p in d.glob("*.toml")) if d.is_dir() else []


def board_ids() -> list[str]:
    out = set()
    for d in boards_dirs():
        if d.is_dir():
            out.update(p.stem for p in d.glob("*.toml"))
    return sorted(out)


def find_hero(name: str, directory: Path | None = None) -> HeroDef:
    d = directory or heroes_dir()
    ids = hero_ids(d)
    if not ids:
        raise UserError(f"no hero files (*.toml) found in {d}; point UNMATCHED_HEROES at a folder of hero files")
    key = _key(name)
    match = next((i for i in ids if _key(i) == key), None)
    if match is None:
        raise UserError(f"unknown hero '{name}'{suggest(key, ids)}")
    return _load_hero(d / f"{match}.toml", (d / f"{match}.toml").stat().st_mtime_ns)


@lru_cache(maxsize=None)
def _load_hero(path: Path, mtime: int) -> HeroDef:
    return load_hero_file(path)


def find_board(name: str) -> Board:
    key = _key(name)
    ids = board_ids()
    for d in boards_dirs():
        for p in sorted(d.glob("*.toml")) if d.is_dir() else []:
            if _key(p.stem) == key:
                return load_board_file(p)
    raise UserError(f"unknown board '{name}'{suggest(key, ids)}")


def all_heroes(directory: Path | None = None) -> list[HeroDef]:
    return [find_hero(i, directory) for i in hero_ids(directory)]


def all_boards() -> list[Board]:
    return [find_board(i) for i in board_ids()]
