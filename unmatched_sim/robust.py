"""Is a matchup's verdict a property of the heroes or of the AI playing them?

Two ways to measure it, one verdict logic (``analysis.robust.summarise``):

* ``robust_matchup`` (``sim robust``) plays the same seeds (each from both seats) under several
  policies — each policy playing *both* heroes — in memory, and reports each policy's win rate
  for the first hero with its 95% Wilson interval and a verdict (favours A, favours B, or not
  distinguishable from 50%).
* ``with_robust`` turns a duel run (``sim matchup`` / ``sim tournament``) into a *robust* run
  (``--robust``): the same run, followed by its non-mirror pairings played again from the same
  seeds under each other policy, logged into the same run directory, so ``sim report`` can show
  every matchup under each policy (``analysis.policy_sensitivity``).

The matchup is labelled **policy-dependent** when the verdicts differ, or when two policies' win
rates differ by more than ``spread`` (default 10 points) — a designer should not act on such a
figure without looking at how the heroes are played (``sim replay``, ``analysis.play_stats``).
"""

from __future__ import annotations

from dataclasses import replace

from joblib import Parallel, delayed

from unmatched_sim.analysis.robust import SPREAD, paired_difference, summarise, verdict
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.errors import UserError
from unmatched_sim.run import GameSpec, RunSpec, game_seed, play_game

__all__ = ["DEFAULT_ROBUST", "SPREAD", "parse_robust", "robust_matchup", "verdict", "with_robust"]

#: the second policy of ``--robust`` given without a value: the frozen baseline, built differently
DEFAULT_ROBUST = "tuned-v1"


def _play(hero_a: str, hero_b: str, policy: str, board_id: str, seed: int, indices: list[int]):
    heroes = {h: find_hero(h) for h in (hero_a, hero_b)}
    board = find_board(board_id)
    out = []
    for i in indices:
        g = GameSpec(0, i // 2, game_seed(seed, hero_a, hero_b, i // 2), hero_a, hero_b, a_first=(i % 2 == 0))
        _, row = play_game(g, heroes, board, policy, policy, record=False)
        out.append((i, row["winner"]))
    return out


def robust_matchup(hero_a: str, hero_b: str, policies: list[str], games: int = 200, seed: int = 1,
                   board: str = "marmoreal", jobs: int = 1, spread: float = SPREAD) -> dict:
    """Per policy: wins, draws, games, win_rate (hero A), ci95, verdict (the others also diff and
    its paired standard error); plus ``spread``, ``policy_dependent`` and ``reason``
    (``analysis.robust.summarise``). ``games`` per policy (an even number: each seed from both
    seats). Game *i* is the game *i* of ``sim matchup A B --seed S`` under that policy."""
    a, b = find_hero(hero_a).id, find_hero(hero_b).id
    games += games % 2
    chunks = [list(range(k, games, max(1, jobs))) for k in range(max(1, jobs))]
    par = Parallel(n_jobs=jobs)
    counts, winners = {}, {}
    for policy in policies:
        parts = par(delayed(_play)(a, b, policy, board, seed, c) for c in chunks if c)
        winners[policy] = dict(x for part in parts for x in part)
        w = winners[policy]
        counts[policy] = (sum(v == "a" for v in w.values()), sum(v is None for v in w.values()), len(w))
    base = winners[policies[0]]
    paired = {p: paired_difference([(base[i] == "a", winners[p][i] == "a") for i in sorted(base)])
              for p in policies[1:]}
    out = {"hero_a": a, "hero_b": b, "games": games, "seed": seed, "board": board}
    out.update(summarise(a, b, counts, spread, paired))
    return out


def parse_robust(given: str | None, policy_a: str, policy_b: str) -> tuple[str, ...]:
    """The policies ``--robust`` names (comma-separated; the CLI passes ``DEFAULT_ROBUST`` when it
    is given without a value), checked: known, not the run's own, and only for a run where one
    policy plays both sides."""
    from unmatched_sim.policies import validate_policy_spec

    if given is None:
        return ()
    if policy_a != policy_b:
        raise UserError("--robust compares policies that each play both heroes; give one --policy "
                        "instead of --policy-a/--policy-b")
    pols = []
    for p in (x.strip() for x in given.split(",")):
        if not p:
            continue
        try:
            validate_policy_spec(p)
        except UserError as e:
            try:
                find_hero(p)
            except UserError:
                raise e from None
            raise UserError(f"--robust takes policies, and {p!r} is a hero: write --robust=POLICY, or put "
                            "--robust after the heroes") from None
        if p == policy_a:
            raise UserError(f"--robust {p}: that is the run's own policy (--policy); name another, "
                            f"e.g. --robust {DEFAULT_ROBUST if policy_a != DEFAULT_ROBUST else 'careful'}")
        if p not in pols:
            pols.append(p)
    if not pols:
        raise UserError(f"--robust needs a policy, e.g. --robust {DEFAULT_ROBUST}")
    return tuple(pols)


def with_robust(spec: RunSpec, policies: tuple[str, ...]) -> RunSpec:
    """``spec`` followed by its non-mirror pairings under each of ``policies`` (same seeds; each
    policy plays both heroes). Game ids: the run's own games first, unchanged, then each policy's
    block in turn, pairing by pairing, so game *i* of a block is the same deal as game *i* of
    the same pairing in the run's own block."""
    if not policies:
        return spec
    own = [(a, b, spec.policy_a, spec.policy_b) for a, b in spec.pairings]
    other = [(a, b, p, p) for p in policies for a, b in spec.pairings if a != b]
    if not other:
        raise UserError("--robust needs a pairing of two different heroes (a mirror match is even under "
                        "every policy)")
    return replace(spec, matchups=tuple(own + other), robust=tuple(policies))
