"""Decision-makers, chosen by name on the CLI: ``--policy greedy`` or ``greedy:aggression=0.8``.

The registry and spec parsing live in ``registry``; importing this package registers every
policy module in this folder."""

from __future__ import annotations

from unmatched_sim.policies.registry import (POLICIES, make_policy, parse_policy_spec, register,  # noqa: F401
                                             validate_policy_spec)
from unmatched_sim.policies.base import Policy  # noqa: F401
from unmatched_sim.policies import random_policy, greedy, heuristic, search  # noqa: F401


def _import_all() -> None:
    """Import every other module in this folder: a policy file dropped in registers itself."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


_import_all()
