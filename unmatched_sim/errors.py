"""Errors that reach the user as one clear line.

Every error a designer can cause (a bad option, a malformed hero file, an unwritable output
directory) is a ``UserError``; the CLI prints ``str(error)`` and exits non-zero, no traceback.
Errors inside the engine are programming errors and are allowed to raise normally.
"""

from __future__ import annotations

import difflib


class UserError(Exception):
    """A problem the user can fix; the message is shown as-is."""


class DataError(UserError):
    """A hero or board file that cannot be used: names the file, the place in it, and the fault."""

    def __init__(self, path: object, where: str, what: str):
        self.path, self.where, self.what = str(path), where, what
        place = f" ({where})" if where else ""
        super().__init__(f"{self.path}{place}: {what}")


def suggest(name: str, choices: list[str]) -> str:
    """' (did you mean 'x'?)' for the closest choice, or a list of what exists."""
    close = difflib.get_close_matches(name.lower(), choices, n=1, cutoff=0.5)
    if close:
        return f" (did you mean '{close[0]}'?)"
    return f" (known: {', '.join(sorted(choices))})" if choices else ""


class RunInterrupted(UserError):
    """A run stopped by Ctrl-C or SIGTERM; says what was kept. Exits 130 (SIGINT) or 143 (SIGTERM)."""

    def __init__(self, message: str, exit_code: int = 130):
        super().__init__(message)
        self.exit_code = exit_code


class Terminated(KeyboardInterrupt):
    """SIGTERM (``timeout``, Slurm, ``docker stop``): stop like Ctrl-C, keeping finished chunks."""
