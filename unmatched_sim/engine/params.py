"""One schema for a hero ability's parameters (``[ability] params`` in a hero file).

An ability hook declares its parameters once, as a class attribute, and takes its
``parse_params`` from ``DeclaredParams``::

    @ability("big_and_small")
    class BigAndSmall(DeclaredParams, Ability):
        PARAMS = {
            "big_attack": Param.whole(2, "added to Alice's attack cards while she is BIG"),
            "small_defense": Param.whole(1, "added to her defence cards while she is SMALL"),
        }

When the hero file loads, ``parse`` checks the table against the schema and returns what the
ability's ``__init__`` receives: every declared parameter, a default filled in where the file
leaves it out, effect lists parsed, tables of items made into values. Anything wrong is one
``SpecError`` naming the parameter (the loader adds the file and ``ability.params``):

    unknown parameter 'big_atack' (known: big_attack, small_defense)
    'big_attack' must be a whole number ≥ 0, got -1
    needs 'miseries': a list of [[ability.params.miseries]] tables with name, feathers and effect
    miseries[3] 'Woe': missing required field 'feathers'

Kinds of parameter (``Param.kind``):

    whole      a whole number ≥ ``least`` (and ≤ ``most`` if given); true/false is not one
    choice     one of ``choices``
    fighter    the name of one of this hero's fighters
    text       text (non-empty unless ``empty``), without any character of ``forbid``
    names      a non-empty list of distinct names among ``choices``; a tuple
    condition  a condition of the effect vocabulary (``if = ...``); checked, kept as written
    effects    an effect list in the card vocabulary; the parsed ops
    tables     a non-empty list of tables, each checked against ``fields`` (a schema of its
               own); ``unique`` names the field holding each item's name, which no two may
               share; each item becomes ``make(**item)``
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from unmatched_sim.engine.effects import SpecError, parse_condition, parse_effects


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()      # the default of a parameter the file must give


@dataclass(frozen=True)
class Param:
    """One parameter: its kind, its default (``REQUIRED``: none) and what it means."""
    kind: str
    default: Any = REQUIRED
    doc: str = ""
    least: int = 0
    most: int | None = None
    choices: tuple = ()
    forbid: str = ""
    fields: Mapping[str, "Param"] | None = None
    unique: str | None = None
    make: Callable | None = None

    # ---- the kinds, spelled as constructors
    @classmethod
    def whole(cls, default: Any = REQUIRED, doc: str = "", least: int = 0, most: int | None = None) -> "Param":
        return cls("whole", default, doc, least=least, most=most)

    @classmethod
    def choice(cls, choices: tuple, default: Any = REQUIRED, doc: str = "") -> "Param":
        return cls("choice", default, doc, choices=tuple(choices))

    @classmethod
    def fighter(cls, default: Any = REQUIRED, doc: str = "") -> "Param":
        return cls("fighter", default, doc)

    @classmethod
    def text(cls, default: Any = REQUIRED, doc: str = "", forbid: str = "", empty: bool = False) -> "Param":
        return cls("text", default, doc, least=0 if empty else 1, forbid=forbid)

    @classmethod
    def names(cls, choices: tuple, default: Any = REQUIRED, doc: str = "") -> "Param":
        return cls("names", default, doc, choices=tuple(choices))

    @classmethod
    def condition(cls, default: Any = REQUIRED, doc: str = "") -> "Param":
        return cls("condition", default, doc)

    @classmethod
    def effects(cls, default: Any = REQUIRED, doc: str = "") -> "Param":
        return cls("effects", default, doc)

    @classmethod
    def tables(cls, fields: Mapping[str, "Param"], make: Callable, doc: str = "",
               unique: str | None = None) -> "Param":
        return cls("tables", REQUIRED, doc, fields=fields, make=make, unique=unique)

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


def _whole(key: str, value, p: Param) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < p.least or (
            p.most is not None and value > p.most):
        span = f"from {p.least} to {p.most}" if p.most is not None else f"≥ {p.least}"
        raise SpecError(f"'{key}' must be a whole number {span}, got {value!r}")
    return value


def _text(key: str, value, p: Param) -> str:
    if not isinstance(value, str) or (p.least and not value.strip()) or any(c in value for c in p.forbid):
        without = f" without {' or '.join(repr(c) for c in p.forbid)}" if p.forbid else ""
        raise SpecError(f"'{key}' must be {'non-empty ' if p.least else ''}text{without}, got {value!r}")
    return value


def _names(key: str, value, p: Param) -> tuple:
    if not isinstance(value, list) or not value or not all(v in p.choices for v in value):
        raise SpecError(f"'{key}' must list names among {list(p.choices)}, got {value!r}")
    twice = sorted({v for v in value if value.count(v) > 1})
    if twice:
        raise SpecError(f"'{key}' names {twice[0]!r} twice")
    return tuple(value)


def _tables(key: str, value, p: Param, fighter_names, where: str) -> tuple:
    if not isinstance(value, list) or not value:
        raise SpecError(f"'{key}' must be {p.doc}, got {value!r}")
    out, seen = [], set()
    for i, item in enumerate(value):
        at = f"{where}{key}[{i}]"
        if not isinstance(item, dict):
            raise SpecError(f"{at} must be a table with {', '.join(p.fields)}")
        if p.unique is not None and isinstance(item.get(p.unique), str):
            at = f"{at} '{item[p.unique]}'"
        parsed = parse(p.fields, item, fighter_names, where=at, field_word="field")
        if p.unique is not None:
            u = parsed[p.unique]
            if u in seen:
                raise SpecError(f"{at}: two {key} are named {u!r}; names must be unique")
            seen.add(u)
        out.append(p.make(**parsed))
    return tuple(out)


def _value(key: str, value, p: Param, fighter_names: frozenset, where: str):
    kind = p.kind
    if kind == "whole":
        return _whole(key, value, p)
    if kind == "choice":
        if value not in p.choices:
            raise SpecError(f"'{key}' must be one of {', '.join(repr(c) for c in p.choices)}, got {value!r}")
        return value
    if kind == "fighter":
        if value not in fighter_names:
            raise SpecError(f"'{key}' must name one of this hero's fighters {sorted(fighter_names)}, got {value!r}")
        return value
    if kind == "text":
        return _text(key, value, p)
    if kind == "names":
        return _names(key, value, p)
    if kind == "condition":
        try:
            parse_condition(value)
        except SpecError as e:
            raise SpecError(f"'{key}': {e}") from None
        return value
    if kind == "effects":
        return parse_effects(value, fighter_names, f"{where}{key}")
    if kind == "tables":
        return _tables(key, value, p, fighter_names, where)
    raise ValueError(f"parameter '{key}' has an unknown kind {kind!r}")


def parse(schema: Mapping[str, Param], params: dict, fighter_names: frozenset = frozenset(),
          where: str = "", field_word: str = "parameter") -> dict:
    """Check ``params`` against ``schema`` and return every declared parameter: as given,
    checked and parsed, or its default. ``where`` prefixes the messages of a nested table."""
    at = f"{where}: " if where else ""
    unknown = sorted(set(params) - set(schema))
    if unknown:
        raise SpecError(f"{at}unknown {field_word} '{unknown[0]}' (known: {', '.join(sorted(schema))})")
    out = {}
    for key, p in schema.items():
        if key not in params:
            if p.required:
                if not where:
                    raise SpecError(f"needs '{key}': {p.doc}" if p.doc else f"needs '{key}'")
                raise SpecError(f"{at}missing required {field_word} '{key}'")
            out[key] = parse_effects(p.default, fighter_names, key) if p.kind == "effects" else p.default
            continue
        try:
            out[key] = _value(key, params[key], p, fighter_names, f"{where}." if where else "")
        except SpecError as e:
            if p.kind in ("effects", "tables"):
                raise           # their messages say where already
            raise SpecError(f"{at}{e}") from None
    return out


class DeclaredParams:
    """Mix in before ``Ability``: ``parse_params`` from the class's ``PARAMS`` schema, then
    ``check_params`` for what relates one parameter to another."""
    PARAMS: Mapping[str, Param] = {}

    @classmethod
    def parse_params(cls, params: dict, fighter_names: frozenset[str]) -> dict:
        parsed = parse(cls.PARAMS, params, fighter_names)
        cls.check_params(parsed)
        return parsed

    @classmethod
    def check_params(cls, params: dict) -> None:
        """Checks across parameters (raise ``SpecError``); by default none."""


def describe(schema: Mapping[str, Param]) -> list[tuple[str, str, str]]:
    """(name, default, meaning) for each parameter, for help texts and docs."""
    return [(key, "required" if p.required else repr(p.default), p.doc) for key, p in schema.items()]
