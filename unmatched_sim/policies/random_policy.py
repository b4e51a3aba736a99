from __future__ import annotations

from unmatched_sim.policies.registry import register
from unmatched_sim.policies.base import Policy


@register
class RandomPolicy(Policy):
    name = "random"
    summary = "uniform over the legal options of every decision (a baseline and a fuzzer)"

    def choose(self, view, decision):
        options = decision.options
        return options[self.rng.randrange(len(options))]
