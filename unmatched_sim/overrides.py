"""What-if overrides: change a number of a hero file for one run, without editing the file.

``--set`` takes ``HERO.FIELD=VALUE`` or ``HERO:NAME.FIELD=VALUE``::

    houdini.health=16                 the hero fighter's health (also hero.health)
    houdini.move=3                    move value of every fighter
    houdini:Vanishing Act.value=3     a card's value, boost, copies, type or fighter
    houdini:Bess.health=6             a sidekick's (or the hero's) health, count, move or attack
    pandora.ability.bust_at=4         a parameter of the special ability ([ability.params])
    houdini.ai.aggression=0.2         the style the `tuned` policy plays the hero in

An override is applied to the file's parsed TOML before the file is validated, so a bad value is
caught by the same checks as a bad file. Changing a card's ``copies`` changes the deck size to
the new total (a what-if on copies is a what-if on the deck). The run records the overrides in
``run.json`` (``overrides``); the hero files' hashes stay those of the files on disk, so a replay
checks the files and applies the same overrides again.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from unmatched_sim.errors import DataError, UserError

CARD_FIELDS = ("value", "boost", "copies", "type", "fighter")
FIGHTER_FIELDS = ("health", "count", "move", "attack")
HERO_FIELDS = ("health", "move", "hero.health", "hero.attack", "ability.<param>", "ai.aggression")


@dataclass(frozen=True)
class Override:
    hero: str                 # hero id as written (resolved by the caller)
    name: str | None          # card or fighter name after ':' (None: a hero-level field)
    field: str                # e.g. "value", "health", "ability.bust_at"
    value: object
    text: str                 # the --set text as given

    @property
    def target(self) -> str:
        """The path without the value: ``houdini:Vanishing Act.value``."""
        return f"{self.hero}:{self.name}.{self.field}" if self.name else f"{self.hero}.{self.field}"


def _usage() -> str:
    return ("HERO.FIELD=VALUE (FIELD: " + ", ".join(HERO_FIELDS) + ") or HERO:CARD.FIELD=VALUE (card: "
            + ", ".join(CARD_FIELDS) + "; sidekick or hero fighter: " + ", ".join(FIGHTER_FIELDS) + ")")


def parse_value(text: str) -> object:
    """A TOML value (3, 0.5, true, "melee", ["A", "B"]); anything else is taken as text."""
    text = text.strip()
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def parse_path(text: str) -> tuple[str, str | None, str]:
    """``houdini:Vanishing Act.value`` -> ("houdini", "Vanishing Act", "value")."""
    text = text.strip()
    if ":" in text:
        hero, rest = text.split(":", 1)
        if "." not in rest:
            raise UserError(f"--set '{text}': no field after the name; expected {_usage()}")
        name, field = rest.rsplit(".", 1)
        if field not in CARD_FIELDS + FIGHTER_FIELDS and "." in name:
            raise UserError(f"--set '{text}': unknown field '{field}'; expected {_usage()}")
        return hero.strip(), name.strip(), field.strip()
    if "." not in text:
        raise UserError(f"--set '{text}': no field; expected {_usage()}")
    hero, field = text.split(".", 1)
    return hero.strip(), None, field.strip()


def parse_override(text: str) -> Override:
    """One ``--set`` text; only its shape is checked here (``apply`` checks it against the file)."""
    if "=" not in text:
        raise UserError(f"--set '{text}' has no '=VALUE'; expected {_usage()}")
    path, value = text.split("=", 1)
    hero, name, field = parse_path(path)
    if not hero:
        raise UserError(f"--set '{text}': no hero; expected {_usage()}")
    if value.strip() == "":
        raise UserError(f"--set '{text}': no value after '='")
    return Override(hero, name, field, parse_value(value), text)


def parse_overrides(texts) -> tuple[Override, ...]:
    out = [parse_override(t) for t in texts]
    seen = {}
    for o in out:
        if o.target in seen:
            raise UserError(f"--set sets {o.target} twice ('{seen[o.target]}' and '{o.text}')")
        seen[o.target] = o.text
    return tuple(out)


# --------------------------------------------------------------------------- applying
def _find(items: list, name: str) -> dict | None:
    key = name.casefold()
    return next((x for x in items if isinstance(x, dict) and str(x.get("name", "")).casefold() == key), None)


def apply_raw(raw: dict, overrides, hero_id: str) -> dict:
    """A copy of a hero file's parsed TOML with the overrides for ``hero_id`` applied."""
    mine = [o for o in overrides if o.hero == hero_id]
    if not mine:
        return raw
    raw = copy.deepcopy(raw)
    copies_changed = False
    for o in mine:
        bad = f"--set '{o.text}'"
        if o.name is None:
            parts = o.field.split(".")
            if parts[0] in ("health",) and len(parts) == 1:
                raw["hero"]["health"] = o.value
            elif parts[0] == "move" and len(parts) == 1:
                raw["move"] = o.value
            elif parts[0] == "hero" and len(parts) == 2 and parts[1] in FIGHTER_FIELDS[:1] + ("attack",):
                raw["hero"][parts[1]] = o.value
            elif parts[0] == "ability" and len(parts) == 2:
                params = raw.get("ability", {}).setdefault("params", {})
                scalars = sorted(k for k, v in params.items() if not isinstance(v, (list, dict)))
                if parts[1] not in scalars:
                    import difflib
                    near = difflib.get_close_matches(parts[1], scalars, n=1, cutoff=0.5)
                    raise UserError(f"{bad}: {hero_id}'s ability has no parameter '{parts[1]}'"
                                    + (f"{f' (did you mean {near[0]!r}?)' if near else ''}; it can set: "
                                       + ", ".join(f"ability.{k}" for k in scalars) if scalars
                                       else " (it has no numeric parameters)"))
                params[parts[1]] = o.value
            elif parts[0] == "ai" and len(parts) == 2 and parts[1] == "aggression":
                raw.setdefault("ai", {})["aggression"] = o.value
            else:
                raise UserError(f"{bad}: unknown field '{o.field}' of {hero_id}; a hero can set: "
                                + ", ".join(HERO_FIELDS) + ", or HERO:CARD.FIELD (" + ", ".join(CARD_FIELDS) + ")")
            continue
        card = _find(raw.get("cards", []), o.name)
        if card is not None:
            if o.field not in CARD_FIELDS:
                raise UserError(f"{bad}: a card's field must be one of {', '.join(CARD_FIELDS)} "
                                f"(got '{o.field}')")
            card[o.field] = o.value
            copies_changed |= o.field == "copies"
            continue
        fighter = _find([raw.get("hero", {})] + list(raw.get("sidekicks", [])), o.name)
        if fighter is not None:
            if o.field not in FIGHTER_FIELDS:
                raise UserError(f"{bad}: a fighter's field must be one of {', '.join(FIGHTER_FIELDS)} "
                                f"(got '{o.field}')")
            if o.field in ("count", "move") and fighter is raw.get("hero"):
                raise UserError(f"{bad}: the hero fighter has no '{o.field}'; use {hero_id}.move for "
                                "the move value")
            fighter[o.field] = o.value
            continue
        names = [c.get("name", "") for c in raw.get("cards", [])] + \
                [raw.get("hero", {}).get("name", "")] + [s.get("name", "") for s in raw.get("sidekicks", [])]
        import difflib
        folded = {n.casefold(): n for n in names}
        near = difflib.get_close_matches(o.name.casefold(), list(folded), n=1, cutoff=0.5)
        close = f" (did you mean '{folded[near[0]]}'?)" if near else ""
        raise UserError(f"{bad}: {hero_id} has no card or fighter named '{o.name}'{close}; "
                        f"its cards: {', '.join(c.get('name', '') for c in raw.get('cards', []))}")
    if copies_changed:
        raw["deck_size"] = sum(c.get("copies", 0) for c in raw["cards"] if isinstance(c.get("copies"), int))
    return raw


def load_hero(path, overrides=(), sha: str = ""):
    """Load a hero file with the overrides for its hero applied and validated; a fault names the
    --set text and what is wrong with the value."""
    from unmatched_sim.data.heroes import parse_hero
    from unmatched_sim.files import read_toml

    path = Path(path)
    raw, file_sha = read_toml(path, "hero")
    if sha and file_sha != sha:
        raise UserError(f"{path} has changed since this run was made; restore the file or make a new run")
    hero_id = raw.get("id", path.stem)
    mine = [o for o in overrides if o.hero == hero_id]
    if not mine:
        return parse_hero(raw, path, file_sha)
    changed = apply_raw(raw, mine, hero_id)
    try:
        return parse_hero(changed, path, file_sha)
    except DataError as e:
        sets = ", ".join(f"'{o.text}'" for o in mine)
        where = f" ({e.where})" if e.where else ""
        raise UserError(f"--set {sets} makes {hero_id} invalid{where}: {e.what}") from None


@lru_cache(maxsize=64)
def cached_hero(path: str, sha: str, texts: tuple[str, ...]):
    """For a run's workers: a hero file with the run's overrides, loaded once per process."""
    return load_hero(path, parse_overrides(texts), sha)


def resolve(overrides, find_hero) -> tuple[Override, ...]:
    """The overrides with hero names resolved to ids (``"The Genie:Three Wishes.copies"`` -> genie)."""
    out = []
    for o in overrides:
        hid = find_hero(o.hero).id
        text = o.text if o.hero == hid else o.text.replace(o.hero, hid, 1)
        out.append(Override(hid, o.name, o.field, o.value, text))
    return tuple(out)


def describe(texts) -> str:
    return "; ".join(texts) if texts else "none"
