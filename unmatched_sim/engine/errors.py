"""The engine's own error for a malformed declaration in a hero file: an effect list, a
condition, an ability's parameters. The loader adds the file and card to the message."""

from __future__ import annotations


class SpecError(Exception):
    """A malformed effect or ability declaration; the loader adds the file and card to the message."""
