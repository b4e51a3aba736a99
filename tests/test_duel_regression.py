"""Duels are unchanged by the multi-player engine: fixed seeds, hero pairs and policies give the
same events as before free-for-all and team play existed (tests/data/duel_digests.json, made with
the two-player engine at 97c5869; regenerated when damage rows named their source kinds, which
changed only the rows' ``detail`` and ``card``, never a game). A deliberate rules change that
alters duels must regenerate the file and say why in its commit."""

import json
from pathlib import Path

import pytest

from tests.duel_digest import cases, digest

EXPECTED = json.loads((Path(__file__).parent / "data" / "duel_digests.json").read_text())


@pytest.mark.parametrize("a,b,policy,seed", list(cases()))
def test_duel_events_unchanged_by_formats_refactor(a, b, policy, seed):
    assert digest(a, b, policy, seed) == EXPECTED[f"{a}|{b}|{policy}|{seed}"]
