"""Immutable definitions of heroes, fighters and cards, as loaded from the hero TOML files.

These are shared by every game and never change during play; the mutable state of a game
lives in ``unmatched_sim.engine.state``.

``FighterDef`` and ``CardDef`` are frozen dataclasses. In the compiled build
(``_build.SOURCES``) they are also extension types with the fields declared in ``model.pxd``
(Cython turns a ``cclass`` dataclass into one): compiled code that types a local as one of
them reads its fields as C struct fields instead of attribute look-ups (the AI reads a card's
fields tens of thousands of times a game). Equality, ``repr``, ``dataclasses.replace`` and
``fields``, pickling and immutability are the dataclass's either way; run uncompiled they are
plain frozen dataclasses (without ``slots``: Cython's dataclass does not take that argument,
and an extension type has no instance dictionary anyway).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

try:
    import cython
except ImportError:  # a pure install without Cython: the same names, doing nothing
    from unmatched_sim import _cython_shim as cython

ATTACK, DEFENSE, VERSATILE, SCHEME = "attack", "defense", "versatile", "scheme"
CARD_TYPES = (ATTACK, DEFENSE, VERSATILE, SCHEME)

# When a card's effects resolve. Combat windows run defender first, then attacker.
IMMEDIATELY, DURING, AFTER = "immediately", "during_combat", "after_combat"
EFFECT = "effect"                      # a scheme card's effect
BOOST_BONUS = "boost_bonus"            # Houdini: when the owner uses the card to BOOST
ON_DISCARD_BY_OPPONENT = "when_discarded_by_opponent"
# Shakespeare: the completion effect of the card that makes a line exactly 10 syllables; it
# resolves at cleanup and cannot be cancelled (see hooks/shakespeare.py)
LINE_EFFECT = "line_effect"
TIMINGS = (IMMEDIATELY, DURING, AFTER, EFFECT, BOOST_BONUS, ON_DISCARD_BY_OPPONENT, LINE_EFFECT)


@dataclass(frozen=True)
@cython.cclass
class FighterDef:
    name: str
    health: int
    ranged: bool
    is_hero: bool
    count: int = 1
    move: int | None = None   # None: use the hero's move value
    starts_on_board: bool = True   # False for sidekicks that are only ever summoned
    small: bool = False            # a small fighter (co-op enemies ignore it as a target)


# The facts ``CardDef.__post_init__`` derives, in the order it works them out.
_CARD_FACTS = ("can_attack", "can_defend", "boost_value", "ai_memo")


@dataclass(frozen=True)
@cython.final               # (no subclass: its C methods need no check for a Python override)
@cython.cclass
class CardDef:
    name: str
    type: str
    value: int | None
    boost: int | None          # None: this card cannot be used to BOOST (e.g. Loki's TRICKs)
    copies: int
    users: frozenset[str] | None   # fighter names allowed to use it; None = any fighter
    effects: dict[str, tuple] = field(default_factory=dict)  # timing -> tuple of Op
    uncancelable: bool = False
    tags: frozenset[str] = frozenset()   # free-form markers: "trick", "reveal_to_cancel_look", ...
    text: str = ""
    # Facts derived from the fields above, set once (plain attributes: the AI reads them
    # hundreds of thousands of times a run): may it attack, may it defend, and the BOOST value
    # an effect reads (a card without one counts 0).
    can_attack: bool = field(init=False, repr=False, compare=False)
    can_defend: bool = field(init=False, repr=False, compare=False)
    boost_value: int = field(init=False, repr=False, compare=False)
    # What an AI works out from this card alone, kept with the card: shared by every game that
    # uses the card and never read by the rules. A memo, not part of the card: no equality, no
    # repr. A list of slots, None until worked out, grown as slots are filled: slots 0-15 hold
    # the heuristic's card facts (``policies.card_facts._known_fact``), 16-18 greedy's
    # (``policies.greedy.card_power``). (A list indexed by slot: no key to box and hash.)
    ai_memo: list = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        facts = (self.type in (ATTACK, VERSATILE), self.type in (DEFENSE, VERSATILE), self.boost or 0, [])
        if cython.compiled:
            # the extension type's fields are read-only to Python but its own C code sets them
            self.can_attack, self.can_defend, self.boost_value, self.ai_memo = facts
        else:
            # a frozen dataclass refuses ``self.x = ...``; object's own setter does not
            for name, value in zip(_CARD_FACTS, facts):
                object.__setattr__(self, name, value)

    def usable_by(self, fighter_name: str) -> bool:
        return self.users is None or fighter_name in self.users

    # (C calls from the compiled policies; Python methods too, for a policy module run as pure
    # Python beside a compiled model: ``_build``'s stale fallback.)
    @cython.ccall
    @cython.locals(memo=list)
    def ai_fact(self, slot: cython.Py_ssize_t):
        """The AI's fact kept in ``slot`` of this card's memo, or None (not worked out yet)."""
        memo = self.ai_memo
        return memo[slot] if slot < len(memo) else None

    @cython.ccall
    @cython.locals(memo=list)
    def keep_ai_fact(self, slot: cython.Py_ssize_t, value):
        """Keep ``value`` in ``slot`` of this card's memo (grown to hold it); returns it."""
        memo = self.ai_memo
        while len(memo) <= slot:
            memo.append(None)
        memo[slot] = value
        return value


@dataclass(frozen=True, slots=True)
class AbilityDef:
    name: str
    hook: str | None
    params: dict[str, Any]
    text: str = ""


@dataclass(frozen=True, slots=True)
class HeroDef:
    id: str
    name: str
    set: str
    move: int
    hero: FighterDef
    sidekicks: tuple[FighterDef, ...]
    ability: AbilityDef
    cards: tuple[CardDef, ...]   # one entry per distinct card; copies say how many
    path: str = ""
    sha256: str = ""
    notes: str = ""
    # The heuristic style this hero plays best in (the ``tuned`` policy reads it; the rules
    # never do). None: the balanced style.
    ai_aggression: float | None = None
    # The whole style from the [ai] table: (key, value) pairs of AI_STYLE_KEYS that are set.
    ai_style: tuple[tuple[str, float], ...] = ()
    # The hero fighter under its other names (``[hero] forms``): same numbers, another banner;
    # the ability switches the fighter between them (Jekyll & Hyde).
    forms: tuple[FighterDef, ...] = ()

    @property
    def deck_size(self) -> int:
        return sum(c.copies for c in self.cards)

    @property
    def fighter_names(self) -> tuple[str, ...]:
        return (self.hero.name,) + tuple(s.name for s in self.sidekicks)

    @property
    def ranged(self) -> bool:
        return self.hero.ranged
