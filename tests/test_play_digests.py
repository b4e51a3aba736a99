"""Speed work changes nothing: fixed seeds give the same games (every event field, the result and
the number of decisions) for every hero, the main policies and every format as when the digests
were made (tests/data/play_digests.json; see tests/play_digest.py). The test runs against
whichever build is installed: pure Python, or the compiled one."""

import json
from pathlib import Path

import pytest

from tests.play_digest import cases, digest, key

EXPECTED = json.loads((Path(__file__).parent / "data" / "play_digests.json").read_text())


@pytest.mark.parametrize("fmt,lineup,policy,seed", list(cases()))
def test_games_unchanged(fmt, lineup, policy, seed):
    assert digest(fmt, lineup, policy, seed) == EXPECTED[key(fmt, lineup, policy, seed)]


def test_every_hero_is_pinned():
    from unmatched_sim.data.catalog import hero_ids

    seen = {h for _, lineup, _, _ in cases() for h in lineup}
    assert seen == set(hero_ids())
