"""How much better could each hero be played? A run checked with a stronger policy.

``sim tournament --check-with POLICY[:K]`` (and ``sim matchup``) plays the run as usual, then
replays the first ``K`` games (seeds) of every pairing with ``POLICY`` playing one hero and the
run's own policy the other, each way round — so every hero is played by ``POLICY`` on ``K`` deals
it also played under the run's policy, against the same opponent policy. The run's own games come
first (game ids ``0 .. primary_games - 1``, what every other table of the report reads); the check
games follow in the same ``games.parquet`` and event log, their ``policy_a``/``policy_b`` columns
saying who played which side.

``analysis.headroom`` reads them: per hero, the paired win-rate gain of ``POLICY`` over the run's
policy. A small, even gain says the verdicts belong to the heroes; a large or uneven one says the
AI underplays some heroes, so their figures are partly the AI's.

This module checks the option and extends a run's spec; the games are played by ``run`` like any
others (on every backend: local cores or a dask cluster).
"""

from __future__ import annotations

from dataclasses import replace

from unmatched_sim.errors import UserError
from unmatched_sim.run import RunSpec

__all__ = ["DEFAULT_CHECK_GAMES", "parse_check_with", "with_check"]

#: check games a pairing when ``--check-with`` names no K (capped at the run's --games)
DEFAULT_CHECK_GAMES = 20
#: the example the messages give: the strong search, at a budget a tournament can afford
EXAMPLE = "ismcts:iterations=200"


def split_check_with(given: str) -> tuple[str, int | None]:
    """``POLICY[:K]`` -> (policy, K or None). A policy's own parameters also follow a colon
    (``ismcts:iterations=200``), so only a last part made of digits alone is K."""
    text = given.strip()
    head, sep, tail = text.rpartition(":")
    if sep and tail.strip().lstrip("+-").isdigit():
        return head.strip(), int(tail)
    return text, None


def parse_check_with(given: str | None, policy_a: str, policy_b: str, games: int) -> tuple[str, int]:
    """``--check-with POLICY[:K]`` checked against the run: ``("", 0)`` when not given, otherwise
    (policy, K). The policy must be valid and not the run's own; the run must have one policy for
    both sides; K must be even, at least 2, and no more than the run's ``games`` a pairing (the
    check games replay the run's own first K seeds). Errors are one-line ``UserError``."""
    from unmatched_sim.policies import validate_policy_spec

    if given is None:
        return "", 0
    policy, k = split_check_with(given)
    if not policy:
        raise UserError(f"--check-with needs a policy, e.g. --check-with {EXAMPLE}")
    if policy_a != policy_b:
        raise UserError("--check-with measures the run's policy against another on each hero; give one "
                        "--policy instead of --policy-a/--policy-b")
    try:
        validate_policy_spec(policy)
    except UserError as e:
        from unmatched_sim.data.catalog import find_hero
        try:
            find_hero(policy)
        except UserError:
            raise UserError(f"--check-with {given}: {e}") from None
        raise UserError(f"--check-with takes a policy, and {policy!r} is a hero: write --check-with=POLICY, or "
                        "put --check-with after the heroes") from None
    if policy == policy_a:
        raise UserError(f"--check-with {policy}: that is the run's own policy (--policy); name a stronger one, "
                        f"e.g. --check-with {EXAMPLE}")
    if k is None:
        k = min(DEFAULT_CHECK_GAMES, games + games % 2)
    if k < 2 or k % 2:
        raise UserError(f"--check-with {given}: K (games a pairing) must be an even number of at least 2, as "
                        f"every seed is played from both seats (got {k})")
    if k > games:
        raise UserError(f"--check-with {given}: {k} check games a pairing replay the run's own first {k}, but "
                        f"the run plays {games} a pairing; lower K or raise --games")
    return policy, k


def with_check(spec: RunSpec, policy: str, games: int) -> RunSpec:
    """``spec`` (with any robustness games it already has) followed by ``games`` games of every
    pairing with ``policy`` playing hero A and the run's policy hero B, then the other way round.
    Game *i* of a check block is the same deal, from the same seat, as game *i* of that pairing in
    the run's own block, so the two are paired by seed."""
    if not policy:
        return spec
    base = spec.policy_a
    own = spec.matchups or tuple((a, b, spec.policy_a, spec.policy_b) for a, b in spec.pairings)
    check = tuple(m for a, b in spec.pairings for m in ((a, b, policy, base), (a, b, base, policy)))
    return replace(spec, matchups=own + check, check_with=policy, check_games=games)
