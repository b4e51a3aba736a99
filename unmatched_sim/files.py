"""Small file helpers shared by the data loaders and the writers of runs and reports."""

from __future__ import annotations

import hashlib
import os
import shutil
import tomllib
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from unmatched_sim.errors import DataError, UserError


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


def no_space(e: BaseException) -> bool:
    """Is this a full disk (or quota)? polars reports one as a text, not an ``OSError``."""
    import errno

    if isinstance(e, OSError) and e.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    text = str(e)
    return "No space left on device" in text or "os error 28" in text or "Disk quota exceeded" in text


@contextmanager
def built_in_place(tmp: Path, out: Path, what: str) -> Iterator[Path]:
    """Build a folder in ``tmp``; when the block ends it is moved into place as ``out``. On any
    failure ``tmp`` is removed (nothing half-written is left; an older ``out`` stays as it was),
    and a write that fails (a full disk, no permission) is one line naming ``what`` and ``out``."""
    try:
        yield tmp
        replace_dir(tmp, out)
    except BaseException as e:
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(e, UserError):
            raise
        if no_space(e):
            raise UserError(f"no space left on the device to write {what} to {out}; nothing was written "
                            "(free some space and run again)") from None
        if isinstance(e, OSError):
            raise UserError(f"cannot write {what} to {out}: {e.strerror or e}; nothing was written") from None
        raise
