"""The policy interface: one small class decides every choice for one player.

A policy is constructed once per game and seat with a seeded ``random.Random`` (all of its
randomness must come from it, so games replay exactly) and its parameters. The engine asks
``choose(view, decision)`` and takes back one of ``decision.options``. ``view`` is a
``PlayerView``: everything that player may know and nothing more.

To add a policy: subclass ``Policy``, set ``name``, ``summary`` and ``params`` (name -> default;
the default's type — int, float, bool or str — is how ``name:key=value`` is parsed), optionally
``param_help`` (name -> one line for ``sim policies``), implement ``choose``, and decorate with
``@register``. A module saved in this folder is imported (and so registered) automatically. A
policy that rejects a parameter value raises ``ValueError`` (or ``UserError``) from
``__init__``. See docs/policies.md.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

try:
    import cython
except ImportError:     # a pure install without Cython: the typing declarations do nothing
    from unmatched_sim import _cython_shim as cython

from unmatched_sim.engine.state import Decision
from unmatched_sim.engine.view import PlayerView


# A ``cclass`` (base.pxd) so that the compiled policies can be typed records too: greedy's and
# the heuristic's state are C fields and their hot methods C calls (a ``cpdef`` method of a
# Python subclass still overrides as usual). Run as Python, it is an ordinary class.
@cython.cclass
class Policy:
    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    params: ClassVar[dict[str, Any]] = {}
    param_help: ClassVar[dict[str, str]] = {}
    #: name -> (lowest, highest), either None for no bound; checked when a spec is parsed
    param_ranges: ClassVar[dict[str, tuple]] = {}
    uses_search: ClassVar = False         # True: plays games forward (too slow for rollouts)

    def __init__(self, rng: random.Random, **params: Any):
        self.rng = rng
        unknown = set(params) - set(self.params)
        if unknown:
            raise ValueError(f"policy '{self.name}' has no parameter {sorted(unknown)[0]!r} "
                             f"(parameters: {', '.join(sorted(self.params)) or 'none'})")
        for key, default in self.params.items():
            setattr(self, key, params.get(key, default))

    def default_params(self, defaults: dict[str, Any]) -> None:
        """Give the parameters of ``defaults`` that this class does not take their default value
        (a subclass that takes other parameters than the class whose code it runs)."""
        for key, default in defaults.items():
            if key not in self.params:
                setattr(self, key, default)

    def choose(self, view: PlayerView, decision: Decision) -> Any:
        raise NotImplementedError
