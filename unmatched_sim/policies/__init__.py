"""Decision-makers, chosen by name on the CLI: ``--policy greedy`` or ``greedy:aggression=0.8``."""

from __future__ import annotations

import random

from unmatched_sim.errors import UserError, suggest
from unmatched_sim.policies.base import Policy

POLICIES: dict[str, type[Policy]] = {}


def register(cls: type[Policy]) -> type[Policy]:
    POLICIES[cls.name] = cls
    return cls


def parse_policy_spec(spec: str) -> tuple[str, dict]:
    """'greedy:aggression=0.8,seed_moves=2' -> ('greedy', {'aggression': 0.8, ...})."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in POLICIES:
        raise UserError(f"unknown policy '{name}'{suggest(name, list(POLICIES))}")
    cls = POLICIES[name]
    params: dict = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq:
            raise UserError(f"policy parameter '{part}' must look like name=value")
        if key not in cls.params:
            raise UserError(f"policy '{name}' has no parameter '{key}'"
                            f"{suggest(key, list(cls.params)) if cls.params else ' (it takes none)'}")
        default = cls.params[key]
        try:
            if isinstance(default, bool):
                if value.lower() not in ("true", "false", "1", "0"):
                    raise ValueError
                params[key] = value.lower() in ("true", "1")
            else:
                params[key] = type(default)(value)
        except ValueError:
            raise UserError(f"policy parameter '{key}' must be a {type(default).__name__}, "
                            f"got '{value}'") from None
    return name, params


def make_policy(spec: str, rng: random.Random) -> Policy:
    name, params = parse_policy_spec(spec)
    return POLICIES[name](rng, **params)


from unmatched_sim.policies import random_policy, greedy  # noqa: E402,F401
