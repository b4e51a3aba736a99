"""What the heuristic AI thought of each option of a decision: the scores it compares (for
``sim replay --explain``).

An ``Explainer`` holds its own copy of each seat's policy, made from the same spec, and asks it
for the scores of the options at each decision. The policy that plays is never called by it,
and scoring reads the position only (the view's and the copy's caches are worked out from the
position alone), so a game replayed with ``--explain`` is the game played without it.

Scores exist where the heuristic compares options by a number: the action (``action_scores``),
the attack target (the best attack against each), the attack card (``attack_eval`` plus the
hero's advice), the defense card (``defense_scores``) and a move's destination
(``space_value``). Other decisions, and policies that are not the heuristic (random, greedy,
the frozen tuned-v1, search), are shown with their options and the choice, unscored.
"""

from __future__ import annotations

import random

from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies.heuristic import HeuristicPolicy
from unmatched_sim.policies.registry import make_policy

SCORED = ("action", "attack_target", "attack_card", "defense_card", "move_destination")


def option_scores(policy: HeuristicPolicy, view, d) -> list[tuple[object, float]] | None:
    """(option, score) for each option of decision ``d``, higher is better; None where the
    heuristic does not score this kind of decision by a number."""
    kind = d.kind
    if kind == "action":
        scores = policy.action_scores(view, d.options)
        return [(o, scores[o]) for o in d.options if o in scores]
    if kind == "attack_target":
        return [(o, policy.best_attack(view, [o])[0]) for o in d.options]
    if kind == "attack_card":
        fi, t = d.info["fighter"], d.info["target"]
        return [(c, policy.attack_eval(view, fi, t, c) + policy.card_bonus(view, c)) for c in d.options]
    if kind == "defense_card":
        return list(policy.defense_scores(view, d))
    if kind == "move_destination":
        fi, after = d.info["fighter"], view.actions_now()
        return [(s, policy.space_value(view, fi, s, after)) for s in d.options]
    return None


class Explainer:
    """Scores of the options at each decision of a game, by a copy of each seat's policy."""

    def __init__(self, game, specs: list[str], seed: int):
        self.copies = []
        for seat, spec in enumerate(specs):
            p = make_policy(spec, random.Random(f"{seed}:explain:{seat}"))
            self.copies.append(p if isinstance(p, HeuristicPolicy) else None)
        self.views = [PlayerView(game, s) for s in range(len(specs))]

    def scores(self, d) -> list[tuple[object, float]] | None:
        policy = self.copies[d.player]
        if policy is None or d.kind not in SCORED:
            return None
        view = self.views[d.player]
        policy.choose(view, d)          # (sets the decision's style and memo, as a real choice does)
        return option_scores(policy, view, d)
