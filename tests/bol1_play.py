"""Shared by the Battle of Legends, Volume One hero tests: play one whole game in any format
with the random policy, every player's view built, and return the finished game."""

from __future__ import annotations

from tests.scenario import play_random as _play_random


def play_random(hero_ids, fmt, seed: int = 1, board: str = "marmoreal"):
    return _play_random(hero_ids, fmt, seed, board, salt="bol1")
