"""What the engine and the policies keep to save work never changes a game: the pinned digests
and a sample of the fuzz games pass with every cache checked against a fresh computation at
each use (``UNMATCHED_SIM_CHECK_CACHES=1``, in a process of their own: the switch is read at
import), and for every hero of the catalogue a few games played with the checks on log exactly
the events of the same games played with them off."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.play_digest import digest
from tests.test_fuzz import CONFIGS
from unmatched_sim.data.catalog import hero_ids
from unmatched_sim.engine import board_state, piles
from unmatched_sim.engine import view as V
from unmatched_sim.policies import heuristic

ROOT = Path(__file__).resolve().parent.parent
HEROES = hero_ids()
FUZZ_SAMPLE = 12       # fuzz configurations run with the checks on, spread over the catalogue


def test_the_pinned_digests_and_a_fuzz_sample_pass_with_every_cache_checked():
    step = max(1, len(CONFIGS) // FUZZ_SAMPLE)
    fuzz = [f"tests/test_fuzz.py::test_random_games_keep_every_invariant[{a}-{b}-{board}]"
            for a, b, board in CONFIGS[::step]]
    env = dict(os.environ, UNMATCHED_SIM_CHECK_CACHES="1")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
         "tests/test_play_digests.py", "tests/test_duel_regression.py", *fuzz,
         "tests/test_cache_checks.py::test_the_switch_is_on_in_this_process"],
        cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_the_switch_is_on_in_this_process():
    """Run by the test above in its own process (and trivially true in a plain one)."""
    if os.environ.get("UNMATCHED_SIM_CHECK_CACHES", "") not in ("", "0"):
        assert piles.CHECK_CACHES and board_state.CHECK_CACHES and V.CHECK_PILES and heuristic.CHECK_CACHES


@pytest.fixture
def cache_checks(monkeypatch):
    """Turn every cache check of this process on or off (the modules' own copies of the switch)."""
    def switch(on: bool) -> None:
        monkeypatch.setattr(piles, "CHECK_CACHES", on)
        monkeypatch.setattr(board_state, "CHECK_CACHES", on)
        monkeypatch.setattr(V, "CHECK_PILES", on)
        monkeypatch.setattr(heuristic, "CHECK_CACHES", on)
    return switch


@pytest.mark.parametrize("hero", HEROES)
def test_every_heros_games_are_the_same_with_the_cache_checks_on_and_off(hero, cache_checks):
    partner = HEROES[(HEROES.index(hero) + 1) % len(HEROES)]
    cases = [("duel", (hero, partner), policy, seed)     # (the seed's parity: who goes first)
             for policy, seed in (("tuned", 31), ("tuned", 32), ("greedy", 33), ("heuristic", 34))]
    cache_checks(False)
    off = [digest(*case) for case in cases]
    cache_checks(True)
    on = [digest(*case) for case in cases]
    assert on == off
