"""Guarding run directories: which ``--out`` a run may write, what counts as a run, one run per
``--out`` at a time, and the leftovers of runs that were killed.

* A folder is a run only if its ``run.json`` is a JSON object written by this tool
  (``"tool": "unmatched-sim"``) and everything in it is something the tool writes
  (``RUN_ENTRIES``; ``events/`` holding only ``part-NNNNN.parquet``). ``--force`` replaces only
  such a folder, so it never removes a file the tool did not write.
* ``OutLock`` holds an exclusive ``flock`` on ``.NAME.lock`` beside ``--out`` for the life of a
  run, with the holder's pid written in it. The kernel releases the lock when its process dies
  (even by ``kill -9``), so a stale lock is simply taken over; a live one is one clear error.
* Unfinished output lives in ``.NAME.partial`` beside ``--out`` (kept for ``--resume``); the
  ``.NAME.tmp-PID`` folders of older versions are removed once their process is gone.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import shutil
from pathlib import Path

from unmatched_sim.errors import UserError
from unmatched_sim.run.plan import pairings_name

TOOL = "unmatched-sim"
#: what the tool writes in a finished run directory
RUN_ENTRIES = frozenset({"run.json", "games.parquet", "players.parquet", "events"})
PART_RE = re.compile(r"^part-\d{5}\.parquet$")


def read_run_json(run_dir: Path) -> dict | None:
    """run.json as a dict, or None if it is missing, unreadable or not a JSON object."""
    try:
        meta = json.loads((run_dir / "run.json").read_text())
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) else None


def foreign_entries(run_dir: Path) -> list[str]:
    """Entries of ``run_dir`` that the tool did not write (relative names, sorted)."""
    out = []
    for p in sorted(run_dir.iterdir()):
        if p.name not in RUN_ENTRIES:
            out.append(p.name)
        elif p.name == "events":
            if not p.is_dir() or p.is_symlink():
                out.append(p.name)
                continue
            out += [f"events/{q.name}" for q in sorted(p.iterdir()) if not PART_RE.match(q.name) or not q.is_file()]
        elif not p.is_file() or p.is_symlink():
            out.append(p.name)
    return out


def is_run_dir(run_dir: Path) -> bool:
    """True only for a folder the tool wrote: a run.json of ours and nothing else but its files."""
    if not run_dir.is_dir() or run_dir.is_symlink():
        return False
    meta = read_run_json(run_dir)
    if meta is None or meta.get("tool") != TOOL:
        return False
    return not foreign_entries(run_dir)


def partial_dir(out: Path) -> Path:
    """Where the unfinished output of a run to ``out`` lives (kept across kills for --resume)."""
    return out.parent / f".{out.name}.partial"


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_stale_tmp(out: Path) -> list[Path]:
    """Remove ``.NAME.tmp-PID`` folders (older versions' unfinished output) and ``.NAME.old-PID``
    (a replaced run not yet deleted) whose process is gone."""
    removed = []
    if not out.parent.is_dir():
        return removed
    found = [*out.parent.glob(f".{glob_escape(out.name)}.tmp-*"), *out.parent.glob(f".{glob_escape(out.name)}.old-*")]
    for p in found:
        pid = p.name.rsplit("-", 1)[-1]
        if pid.isdigit() and int(pid) != os.getpid() and not pid_alive(int(pid)) and p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
            removed.append(p)
    return removed


def glob_escape(name: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", name)


class OutLock:
    """An exclusive lock on ``--out`` for the life of a run (a context manager)."""

    def __init__(self, out: Path):
        self.out = out
        self.path = out.parent / f".{out.name}.lock"
        self.fd: int | None = None

    def acquire(self) -> "OutLock":
        for _ in range(20):
            if self._try_acquire():
                return self
        raise UserError(f"cannot lock --out {self.out}: the lock file keeps changing; try again")

    def _try_acquire(self) -> bool:
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise UserError(f"cannot write to --out {self.out}: {e.strerror}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            holder = ""
            try:
                holder = os.read(fd, 64).decode(errors="replace").strip()
            except OSError:
                pass
            os.close(fd)
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                who = f"process {holder}" if holder.isdigit() else "another process"
                raise UserError(f"--out {self.out} is in use by another run ({who}); wait for it to "
                                "finish or choose another --out") from None
            raise UserError(f"cannot lock --out {self.out}: {e.strerror}") from None
        # A holder that finished unlinks the file as it lets go: lock the file that is there now.
        try:
            same = os.stat(self.path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if not same:
            os.close(fd)
            return False
        # ours now (a lock left by a dead process is released by the kernel): record our pid
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd
        return True

    def release(self) -> None:
        if self.fd is None:
            return
        try:
            os.unlink(self.path)        # still ours: nobody else can hold it while we do
        except OSError:
            pass
        os.close(self.fd)
        self.fd = None

    def __enter__(self) -> "OutLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


# --------------------------------------------------------------------------- where a run may go
def check_out_path(out: Path) -> None:
    """Refuse an --out that can never be a run folder (the current folder or one holding it, a
    path through a file), and create its parent."""
    try:
        here = Path.cwd().resolve()
        where = out.resolve()
    except OSError as e:
        raise UserError(f"cannot use --out {out}: {e.strerror}") from None
    if where == here or where in here.parents:
        raise UserError(f"--out {out} is the current folder or holds it; a run needs a folder of its "
                        "own, e.g. --out runs/my-run")
    for p in [*reversed(where.parents), where]:
        if p.exists() and not p.is_dir():
            if p == where:
                raise UserError(f"--out {out} exists and is not a directory; choose another --out")
            raise UserError(f"cannot create --out {out}: {p} is a file, not a folder; choose another --out")
    parent = out.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UserError(f"cannot create --out {out}: {e.strerror}") from None
    if not os.access(parent, os.W_OK):
        raise UserError(f"cannot write to --out {out}: {parent} is not writable")


def check_out_dir(out: Path, force: bool) -> None:
    """Refuse to overwrite anything that is not a run, and a run unless --force. A folder is a run
    only if the tool wrote it and everything in it (``is_run_dir``)."""
    check_out_path(out)
    if out.exists() and any(out.iterdir()):
        meta = read_run_json(out)
        if meta is None or meta.get("tool") != TOOL:
            raise UserError(f"--out {out} is a non-empty directory that is not a run; "
                            "choose another --out (nothing was written)")
        foreign = foreign_entries(out)
        if foreign:
            shown = ", ".join(foreign[:3]) + (f" and {len(foreign) - 3} more" if len(foreign) > 3 else "")
            raise UserError(f"--out {out} holds a run but also files the tool did not write ({shown}); "
                            "move them out or choose another --out (nothing was removed)")
        if not force:
            raise UserError(f"--out {out} already holds a run; use --force to replace it "
                            "or choose another --out")


def default_out_dir(pairings: tuple[tuple[str, str], ...], board: str, seed: int, games: int,
                    resume: bool = False, name: str | None = None) -> Path:
    """A new folder under runs/ named after the run (``name``: what was played, instead of the
    pairings); with ``resume``, the first of those names whose unfinished run is waiting (so
    the same command plus --resume finds it)."""
    stem = f"{name or pairings_name(pairings)}_{board}_seed{seed}_n{games}"
    base = Path("runs") / stem
    out, k = base, 2
    while out.exists() or partial_dir(out).exists():
        if resume and partial_dir(out).exists() and not out.exists():
            return out
        out = base.with_name(f"{stem}-{k}")
        k += 1
    return out
