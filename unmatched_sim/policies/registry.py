"""The policy registry: each policy class registers its name, and a spec (``greedy`` or
``greedy:aggression=0.8``) is parsed, checked and made into a policy here. The policy modules
import this module, never the package, so the package can import them all without a cycle."""

from __future__ import annotations

import math
import random

from unmatched_sim.errors import UserError, suggest
from unmatched_sim.policies.base import Policy

POLICIES: dict[str, type[Policy]] = {}


def register(cls: type[Policy]) -> type[Policy]:
    """Class decorator: make a policy choosable by its ``name`` (``--policy NAME``)."""
    if not cls.name or not cls.name.replace("_", "").replace("-", "").isalnum() or cls.name != cls.name.lower():
        raise ValueError(f"policy name {cls.name!r} must be lower-case letters, digits, '-' or '_'")
    unknown_help = set(cls.param_help) - set(cls.params)
    if unknown_help:
        raise ValueError(f"policy '{cls.name}': param_help names no parameter {sorted(unknown_help)[0]!r}")
    POLICIES[cls.name] = cls
    return cls


def parse_policy_spec(spec: str) -> tuple[str, dict]:
    """'greedy:aggression=0.8,seed_moves=2' -> ('greedy', {'aggression': 0.8, ...})."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if not name:
        raise UserError(f"policy '{spec}' has no name; use one of: {', '.join(POLICIES)} (see: sim policies)")
    if name not in POLICIES:
        raise UserError(f"unknown policy '{name}'{suggest(name, list(POLICIES))} (see: sim policies)")
    cls = POLICIES[name]
    params: dict = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq:
            raise UserError(f"policy parameter '{part}' must look like name=value")
        why = getattr(cls, "not_params", {}).get(key)
        if why is not None:
            raise UserError(f"policy '{name}' has no parameter '{key}': {why}")
        if key not in cls.params:
            raise UserError(f"policy '{name}' has no parameter '{key}'"
                            f"{suggest(key, list(cls.params)) if cls.params else ' (it takes none)'}")
        if key in params:
            raise UserError(f"policy parameter '{key}' is given twice in '{spec}'")
        default = cls.params[key]
        try:
            if isinstance(default, bool):
                if value.lower() not in ("true", "false", "1", "0"):
                    raise ValueError
                params[key] = value.lower() in ("true", "1")
            else:
                params[key] = type(default)(value)
        except ValueError:
            kind = {bool: "true or false", int: "a whole number", float: "a number"}.get(type(default), "text")
            raise UserError(f"policy parameter '{key}' of '{name}' must be {kind}, "
                            f"got '{value}'") from None
        v = params[key]
        if isinstance(v, float) and not math.isfinite(v):
            raise UserError(f"policy parameter '{key}' of '{name}' must be a finite number, got '{value}'")
        lo, hi = getattr(cls, "param_ranges", {}).get(key, (None, None))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            rng = (f"between {lo:g} and {hi:g}" if lo is not None and hi is not None
                   else f"at least {lo:g}" if lo is not None else f"at most {hi:g}")
            raise UserError(f"policy parameter '{key}' of '{name}' must be {rng}, got '{value}'")
    return name, params


def make_policy(spec: str, rng: random.Random) -> Policy:
    name, params = parse_policy_spec(spec)
    return POLICIES[name](rng, **params)


def validate_policy_spec(spec: str) -> str:
    """Check a spec fully — name, parameters, and the values the policy itself accepts — before
    any game is played; returns it unchanged. Errors are ``UserError`` (one clear line)."""
    name, params = parse_policy_spec(spec)
    try:
        POLICIES[name](random.Random(0), **params)
    except UserError:
        raise
    except (ValueError, TypeError) as e:
        raise UserError(f"policy '{spec}': {e}") from None
    return spec
