"""The self-checks' switch: with ``UNMATCHED_SIM_CHECK_CACHES=1`` (tests, a suspicious run),
every value the engine or a policy keeps to save work (a line-up's cards, card odds, threat
maps, the view's pile counts) is worked out afresh where it is used and compared with the kept
one; a difference fails at once. Each module copies the switch into a global of its own (a
test turns one module's checks on with ``monkeypatch.setattr``)."""

from __future__ import annotations

import os

CHECK_CACHES = os.environ.get("UNMATCHED_SIM_CHECK_CACHES", "") not in ("", "0")
