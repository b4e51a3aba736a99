"""Hero files: read, validate and turn into ``HeroDef``.

The format (see heroes/houdini.toml for a full example)::

    id = "houdini"            must equal the file name; the CLI id
    name, set, move           display name, product, move value for every fighter
    deck_size = 30            optional; the copies of all cards must add up to it
    [hero]        name, health, attack = "melee" | "ranged", count = 1 (several heroes on one
                  side, "Name 1".."Name N": the Wayward Sisters; beaten when all are defeated)
    [[sidekicks]] name, health, attack, count = 1, starts_on_board = true, move (optional)
                  (hero and sidekicks: small = true marks a small fighter, which co-op
                  enemies ignore as a target)
    [ability]     name, text, hook = "python_hook" (optional), params = { ... } (optional;
                  the hook's ``parse_params`` checks them when the file loads)
    [ai]          aggression, caution, safety, reserve = 0..1 each, note (all optional; the
                  style the ``tuned`` policy plays this hero in; the rules never read it.
                  scripts/tune_styles.py --write sets it)
    [[cards]]     name, type, value, boost, copies, fighter = "any" | "Name" | ["A", "B"],
                  text, uncancelable, tags, and one effect list per timing:
                  immediately, during_combat, after_combat, effect (schemes), boost_bonus,
                  when_discarded_by_opponent, line_effect (Shakespeare's completion effect)

Every fault is reported with the file, the card or field and what is wrong.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

# What hero files may name is registered by importing it here, where the files are read (the
# engine imports neither): the shared vocabulary's verbs (engine.vocab, built on engine.effects)
# and every hero's ability and hook effects (unmatched_sim.hooks).
from unmatched_sim import hooks  # noqa: F401
from unmatched_sim.engine import vocab  # noqa: F401
from unmatched_sim.engine.ability import ABILITIES
from unmatched_sim.engine.effects import SpecError, parse_effects
from unmatched_sim.errors import DataError
from unmatched_sim.files import read_toml

# The style weights an [ai] table may set (see policies/heuristic.py; all 0..1).
AI_STYLE_KEYS = ("aggression", "caution", "safety", "reserve")
from unmatched_sim.model import (CARD_TYPES, EFFECT, SCHEME, TIMINGS, AbilityDef, CardDef,
                                 FighterDef, HeroDef)

COMBAT_TIMINGS = tuple(t for t in TIMINGS if t != EFFECT)


class _Checker:
    def __init__(self, path: Path):
        self.path = path

    def fail(self, where: str, what: str):
        raise DataError(self.path, where, what)

    def table(self, raw: dict, where: str, required: dict, optional: dict) -> dict:
        """Check a table's keys and value types; ``required``/``optional`` map key -> type(s)."""
        if not isinstance(raw, dict):
            self.fail(where, "must be a table")
        for key in raw:
            if key not in required and key not in optional:
                known = sorted(set(required) | set(optional))
                self.fail(where, f"unknown field '{key}' (expected one of: {', '.join(known)})")
        for key, types in required.items():
            if key not in raw:
                self.fail(where, f"missing required field '{key}'")
        for key, types in {**required, **optional}.items():
            if key in raw:
                value = raw[key]
                ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in _tuple(types))
                if not ok:
                    self.fail(f"{where}.{key}" if where else key,
                              f"must be {_type_names(types)}, got {value!r}")
        return raw

    def positive(self, value: int, where: str, allow_zero: bool = False) -> int:
        if value < 0 or (value == 0 and not allow_zero):
            self.fail(where, f"must be {'0 or more' if allow_zero else 'at least 1'}, got {value}")
        return value


def _tuple(types):
    return types if isinstance(types, tuple) else (types,)


def _type_names(types) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", list: "a list",
             dict: "a table"}
    return " or ".join(names.get(t, t.__name__) for t in _tuple(types))


def _fighter(ck: _Checker, raw: dict, where: str, is_hero: bool) -> FighterDef:
    # A hero may come in several (the Wayward Sisters: three heroes; the side is beaten when all
    # of them are defeated); the first is placed on the starting space, the others like sidekicks.
    opt = {"count": int, "forms": list} if is_hero else {"count": int, "starts_on_board": bool, "move": int}
    opt["small"] = bool
    ck.table(raw, where, {"name": str, "health": int, "attack": str}, {**opt, "note": str})
    if raw["attack"] not in ("melee", "ranged"):
        ck.fail(f"{where}.attack", f"must be \"melee\" or \"ranged\", got {raw['attack']!r}")
    ck.positive(raw["health"], f"{where}.health")
    count = ck.positive(raw.get("count", 1), f"{where}.count")
    return FighterDef(name=raw["name"], health=raw["health"], ranged=raw["attack"] == "ranged",
                      is_hero=is_hero, count=count, move=raw.get("move") if not is_hero else None,
                      starts_on_board=raw.get("starts_on_board", True), small=raw.get("small", False))


def parse_hero(raw: dict, path: Path, sha: str = "") -> HeroDef:
    ck = _Checker(path)
    ck.table(raw, "", {"id": str, "name": str, "move": int, "hero": dict, "ability": dict, "cards": list},
             {"set": str, "sidekicks": list, "deck_size": int, "notes": str, "ai": dict})
    if raw["id"] != raw["id"].lower() or not raw["id"].replace("_", "").replace("-", "").isalnum():
        ck.fail("id", f"must be a short lowercase id like \"houdini\", got {raw['id']!r}")
    if path.stem and raw["id"] != path.stem:
        ck.fail("id", f"is {raw['id']!r} but the file is named {path.name!r}; they must match")
    ck.positive(raw["move"], "move", allow_zero=True)
    from unmatched_sim.data.limits import check_hero_numbers
    check_hero_numbers(raw, ck.fail)
    hero = _fighter(ck, raw["hero"], "hero", True)
    sidekicks = tuple(_fighter(ck, sk, f"sidekicks[{i}] '{sk.get('name', '?')}'"
                               if isinstance(sk, dict) else f"sidekicks[{i}]", False)
                      for i, sk in enumerate(raw.get("sidekicks", [])))
    # A hero that transforms (Jekyll & Hyde) names its forms: the same fighter under other
    # names, each a banner its cards may carry; its ability decides which one it is.
    form_names = raw["hero"].get("forms", [])
    if not all(isinstance(n, str) and n for n in form_names):
        ck.fail("hero.forms", "must be a list of fighter names")
    forms = tuple(replace(hero, name=n) for n in form_names)
    names = [hero.name] + [s.name for s in sidekicks] + list(form_names)
    if len(set(names)) != len(names):
        ck.fail("sidekicks", "two fighters share a name")
    fighter_names = frozenset(names)

    ab = ck.table(raw["ability"], "ability", {"name": str}, {"text": str, "hook": str, "params": dict})
    if "hook" in ab and ab["hook"] not in ABILITIES:
        ck.fail("ability.hook", f"unknown ability hook {ab['hook']!r} (known: {', '.join(sorted(ABILITIES))})")
    params = dict(ab.get("params", {}))
    if "hook" in ab:
        try:
            params = ABILITIES[ab["hook"]].parse_params(params, fighter_names)
        except SpecError as e:
            ck.fail("ability.params", str(e))
    ability = AbilityDef(ab["name"], ab.get("hook"), params, ab.get("text", ""))

    cards = []
    seen = set()
    for i, rc in enumerate(raw["cards"]):
        label = f"cards[{i}] '{rc.get('name', '?')}'" if isinstance(rc, dict) else f"cards[{i}]"
        timing_types = {t: list for t in TIMINGS}
        ck.table(rc, label, {"name": str, "type": str, "copies": int, "fighter": (str, list)},
                 {"value": int, "boost": int, "text": str, "uncancelable": bool, "tags": list,
                  "note": str, **timing_types})
        if rc["name"] in seen:
            ck.fail(label, "a card with this name is listed twice; use 'copies'")
        seen.add(rc["name"])
        if rc["type"] not in CARD_TYPES:
            ck.fail(f"{label}.type", f"must be one of {', '.join(CARD_TYPES)}, got {rc['type']!r}")
        ck.positive(rc["copies"], f"{label}.copies")
        if rc["type"] == SCHEME:
            if "value" in rc:
                ck.fail(f"{label}.value", "a scheme card has no value")
            for t in ("immediately", "during_combat", "after_combat"):
                if t in rc:
                    ck.fail(f"{label}.{t}", "a scheme card has no combat effects; use 'effect'")
        else:
            if "value" not in rc:
                ck.fail(label, f"a {rc['type']} card needs a 'value'")
            ck.positive(rc["value"], f"{label}.value", allow_zero=True)
            if EFFECT in rc:
                ck.fail(f"{label}.effect", "only scheme cards have an 'effect'; use a combat timing")
        if "boost" in rc:
            ck.positive(rc["boost"], f"{label}.boost", allow_zero=True)
        users = rc["fighter"]
        if isinstance(users, str):
            users = None if users.lower() == "any" else [users]
        if users is not None:
            for u in users:
                if u not in fighter_names:
                    ck.fail(f"{label}.fighter", f"{u!r} is not one of this hero's fighters "
                            f"({', '.join(names)}) or \"any\"")
        tags = rc.get("tags", [])
        if not all(isinstance(t, str) for t in tags):
            ck.fail(f"{label}.tags", "must be a list of text tags")
        effects = {}
        for timing in TIMINGS:
            if timing in rc:
                try:
                    effects[timing] = parse_effects(rc[timing], fighter_names, timing)
                except SpecError as e:
                    ck.fail(label, str(e))
        cards.append(CardDef(
            name=rc["name"], type=rc["type"], value=rc.get("value"), boost=rc.get("boost"),
            copies=rc["copies"], users=frozenset(users) if users is not None else None,
            effects=effects, uncancelable=rc.get("uncancelable", False), tags=frozenset(tags),
            text=rc.get("text", "")))
    if not cards:
        ck.fail("cards", "a hero needs at least one card")
    deck_size = raw.get("deck_size", 30)
    total = sum(c.copies for c in cards)
    if total != deck_size:
        ck.fail("cards", f"the copies add up to {total} cards, but the deck must have {deck_size} "
                "(set 'deck_size' to play a deck of another size)")
    ai = ck.table(raw.get("ai", {}), "ai", {}, {**{k: (int, float) for k in AI_STYLE_KEYS}, "note": str})
    for key in AI_STYLE_KEYS:
        if key in ai and not 0 <= ai[key] <= 1:
            ck.fail(f"ai.{key}", f"must be between 0 and 1, got {ai[key]!r}")
    aggression = ai.get("aggression")
    return HeroDef(id=raw["id"], name=raw["name"], set=raw.get("set", ""), move=raw["move"], hero=hero,
                   sidekicks=sidekicks, ability=ability, cards=tuple(cards), path=str(path), forms=forms,
                   sha256=sha, notes=raw.get("notes", ""),
                   ai_aggression=float(aggression) if aggression is not None else None,
                   ai_style=tuple((k, float(ai[k])) for k in AI_STYLE_KEYS if k in ai))


def load_hero_file(path: Path) -> HeroDef:
    raw, sha = read_toml(path, "hero")
    return parse_hero(raw, path, sha)


def write_ai_style(path: Path, aggression: float | dict, note: str) -> None:
    """Set ``[ai] aggression`` (or a whole style: a dict of ``AI_STYLE_KEYS`` values) and
    ``note`` in a hero file, keeping everything else (comments included) as it is; a file
    without an ``[ai]`` table gets one before its first card."""
    import re

    text = Path(path).read_text(encoding="utf-8")
    note = note.replace("\\", "\\\\").replace('"', '\\"')
    style = aggression if isinstance(aggression, dict) else {"aggression": aggression}
    body = "".join(f"{k} = {style[k]:g}\n" for k in AI_STYLE_KEYS if k in style) + f'note = "{note}"\n'
    table = re.search(r"^\[ai\][ \t]*\n(?:(?!\[).*\n)*", text, flags=re.M)
    if table:
        kept = [line for line in table.group(0).splitlines(keepends=True)[1:]
                if not re.match(r"\s*(aggression|caution|safety|reserve|note)\s*=", line)]
        blank = [line for line in kept if not line.strip()]
        rest = [line for line in kept if line.strip()]
        text = text[:table.start()] + "[ai]\n" + body + "".join(rest + blank) + text[table.end():]
    else:
        at = text.find("[[cards]]")
        at = len(text) if at < 0 else at
        text = text[:at] + "[ai]\n" + body + "\n" + text[at:]
    tmp = Path(path).with_suffix(".toml.tmp")     # written whole, then swapped in
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
