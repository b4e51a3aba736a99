"""Small file helpers shared by the data loaders and the writers of runs and reports."""

from __future__ import annotations

import hashlib
import os
import shutil
import tomllib
from pathlib import Path

from unmatched_sim.errors import DataError


def read_toml(path: Path, what: str) -> tuple[dict, str]:
    """Parse a TOML data file; returns (document, sha256 of its bytes). Faults name the file."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise DataError(path, "", f"cannot read {what} file: {e.strerror}") from None
    try:
        raw = tomllib.loads(data.decode("utf-8-sig"))   # a BOM from a Windows editor is fine
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise DataError(path, "", f"not valid TOML: {e}") from None
    return raw, hashlib.sha256(data).hexdigest()


def replace_dir(tmp: Path, out: Path) -> None:
    """Move a finished directory into place; an old one is removed only once the new one is there,
    so an interrupted write never loses what was already written."""
    old = None
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        out.rename(old)
    tmp.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
