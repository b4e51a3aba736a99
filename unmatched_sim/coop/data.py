"""Villain, minion and Amazing Event files: read, validate, and find them.

One TOML file per enemy or event (the format is ``docs/coop.md``). Files ship in
``unmatched_sim/data/villains/``; the folder named by ``UNMATCHED_VILLAINS`` (or
``sim --villains-dir``) is read first, so an owner's files with the official cards take the
place of a shipped file of the same id. A fault is one line naming the file, the field and
what is wrong (``DataError``), as for hero files.

An enemy's cards are written like a hero's (the same effect vocabulary, parsed by the same
code), with an attack and a defense value in place of one value: every enemy card is
versatile. A file may leave its cards out (the rulebook's facts alone: health, move, what the
minion does); such an enemy is listed but cannot be played until its cards are entered.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from unmatched_sim.data import heroes as _hero_files
from unmatched_sim.engine.effects import SpecError, parse_effects
from unmatched_sim.errors import UserError, suggest
from unmatched_sim.files import read_toml
from unmatched_sim.model import TIMINGS, EFFECT

PACKAGE_DIR = Path(__file__).resolve().parent.parent / "data" / "villains"
KINDS = ("villain", "minion", "event")
OBJECTIVES = ("generic", "destroy_bridges", "invasion")
# What a destroyed-bridge spot may resolve (Mothman; coop/bridges.py), and what the rulebook's
# list gives each spot when the villain file does not say (``destroyed_bridges``): one effect
# per spot, in the order the bridges fall.
DESTROYED_BRIDGE_EFFECTS = ("villain_to_weakest_hero", "each_player_discards",
                            "villain_recovers_per_player", "enemy_attack_bonus")
RULEBOOK_DESTROYED_BRIDGES = tuple((e,) for e in DESTROYED_BRIDGE_EFFECTS)
COMBAT_TIMINGS = tuple(t for t in TIMINGS if t != EFFECT)
# What an initiative card does when revealed: the owner's turn, or nothing (an added card whose
# effect is at the end of the round only).
RIGHT_NOW = ("turn", "none")


@dataclass(frozen=True)
class EnemyCard:
    """One card of an enemy's deck. ``attack_only``: its effects are in the attack box only
    (resolved when the enemy attacks with it, not when it defends)."""
    name: str
    attack: int
    defense: int
    boost: int
    copies: int
    deception: bool = False
    attack_only: bool = False
    text: str = ""
    effects: dict = field(default_factory=dict)    # timing -> raw effect list (hero-file syntax)


@dataclass(frozen=True)
class InitiativeCard:
    """An initiative card an enemy brings. ``at_start``: shuffled in at setup (False: added
    during play by an effect, like Strange Pheromone); ``min_players``: used only with at
    least this many players (the invasion waves); ``end_of_round_threat``: the threat track
    advances this much at the end of the round (the villain's card)."""
    name: str
    copies: int = 1
    at_start: bool = True
    min_players: int = 1
    right_now: str = "turn"
    end_of_round_threat: int = 0
    threat_per_doom: bool = False      # Mothman: one more per doom token on the lowest bridge
    text: str = ""


@dataclass(frozen=True)
class EnemyDef:
    id: str
    kind: str                      # "villain" or "minion"
    name: str
    move: int | None               # None: not entered yet (the rulebook does not give it)
    ranged: bool
    health: int                    # a minion's health; a villain's per player
    cards: tuple[EnemyCard, ...]
    initiative: tuple[InitiativeCard, ...]
    example: bool = False          # invented content for tests and demonstration
    text: str = ""
    # the villain's threat track: the threat level printed under each space, first to last
    threat_track: tuple[int, ...] = ()
    objective: str = "generic"
    objectives_to_win: int = 4
    minions: tuple[str, ...] = ()  # the minions that come with it when none are named
    deck_size: int | None = None   # the rulebook's count of the deck's cards, if known
    # Mothman: the effects each destroyed-bridge spot resolves, spot 1 first (empty: the
    # rulebook's list, RULEBOOK_DESTROYED_BRIDGES)
    destroyed_bridges: tuple[tuple[str, ...], ...] = ()
    path: str = ""
    sha256: str = ""

    @property
    def playable(self) -> bool:
        return (bool(self.cards) and self.move is not None
                and (self.kind != "villain" or len(self.threat_track) >= 2))



@dataclass(frozen=True)
class EventDef:
    """An Amazing Event: in force the whole game. The effects the engine knows are fields."""
    id: str
    name: str
    text: str = ""
    example: bool = False
    enemy_attack_bonus: int = 0     # +N to every enemy attack
    minion_health_bonus: int = 0    # each minion starts with N more health
    path: str = ""
    sha256: str = ""


def _check_enemy_effects(ck, rc: dict, label: str, objective: str | None = None) -> dict:
    """The card's effect lists, checked by the hero files' parser (the names an enemy card may
    use: the enemy's own). An effect marked with an invasion symbol (``invasion = N``) is kept
    as the ``invasion`` op gating it (coop/invasion.py); a villain uses them only with the
    invasion objective (``objective``: the villain's; None for a minion)."""
    effects = {}
    for timing in COMBAT_TIMINGS:
        if timing in rc:
            ops = rc[timing]
            if isinstance(ops, list) and any(isinstance(e, dict) and "invasion" in e for e in ops):
                if objective not in (None, "invasion"):
                    ck.fail(f"{label}.{timing}", "an effect marked with an invasion symbol "
                            "('invasion = N') needs the villain's objective to be \"invasion\"")
                ops = [_symbol_effect(e) if isinstance(e, dict) and "invasion" in e else e for e in ops]
            try:
                parse_effects(ops, frozenset(), timing)
            except SpecError as e:
                ck.fail(label, str(e))
            effects[timing] = ops
    return effects


def _symbol_effect(entry: dict) -> dict:
    """``{ ..., invasion = N }``: the effect resolved only while invasion token N is face up."""
    inner = {k: v for k, v in entry.items() if k != "invasion"}
    return {"op": "invasion", "symbol": entry["invasion"], "effects": [inner]}


def parse_enemy(raw: dict, path: Path, sha: str = "") -> EnemyDef | EventDef:
    ck = _hero_files._Checker(path)
    if not isinstance(raw.get("kind"), str) or raw["kind"] not in KINDS:
        ck.fail("kind", f"must be one of {', '.join(KINDS)}, got {raw.get('kind')!r}")
    kind = raw["kind"]
    common = {"id": str, "kind": str, "name": str}
    if kind == "event":
        ck.table(raw, "", common, {"text": str, "example": bool, "enemy_attack_bonus": int,
                                   "minion_health_bonus": int})
        _check_id(ck, raw, path)
        return EventDef(raw["id"], raw["name"], raw.get("text", ""), raw.get("example", False),
                        raw.get("enemy_attack_bonus", 0), raw.get("minion_health_bonus", 0),
                        str(path), sha)
    optional = {"text": str, "example": bool, "cards": list, "initiative": list, "set": str,
                "move": int, "attack": str, "deck_size": int}
    if kind == "villain":
        required = {**common, "health_per_player": int}
        optional |= {"threat_track": list, "objective": str, "objectives_to_win": int, "minions": list,
                     "destroyed_bridges": list}
    else:
        required = {**common, "health": int}
    ck.table(raw, "", required, optional)
    _check_id(ck, raw, path)
    if "move" in raw:
        ck.positive(raw["move"], "move", allow_zero=True)
    if raw.get("attack", "melee") not in ("melee", "ranged"):
        ck.fail("attack", f"must be \"melee\" or \"ranged\", got {raw['attack']!r}")
    health = raw["health_per_player"] if kind == "villain" else raw["health"]
    ck.positive(health, "health_per_player" if kind == "villain" else "health")
    track = raw.get("threat_track", [])
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in track):
        ck.fail("threat_track", "must be a list of whole numbers (the threat level under each space)")
    if track and len(track) < 2:
        ck.fail("threat_track", "needs at least 2 spaces")
    objective = raw.get("objective", "generic")
    if objective not in OBJECTIVES:
        ck.fail("objective", f"must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    ck.positive(raw.get("objectives_to_win", 4), "objectives_to_win")
    minions = raw.get("minions", [])
    if not all(isinstance(m, str) for m in minions):
        ck.fail("minions", "must be a list of minion ids")
    spots = raw.get("destroyed_bridges", [])
    for i, spot in enumerate(spots):
        if not (isinstance(spot, list) and all(e in DESTROYED_BRIDGE_EFFECTS for e in spot)):
            ck.fail(f"destroyed_bridges[{i}]", "must be a list of effects among "
                    f"{', '.join(DESTROYED_BRIDGE_EFFECTS)}, got {spot!r}")

    cards, seen = [], set()
    for i, rc in enumerate(raw.get("cards", [])):
        label = f"cards[{i}] '{rc.get('name', '?')}'" if isinstance(rc, dict) else f"cards[{i}]"
        ck.table(rc, label, {"name": str, "attack": int, "defense": int, "boost": int, "copies": int},
                 {"deception": bool, "attack_only": bool, "text": str,
                  **{t: list for t in COMBAT_TIMINGS}})
        if rc["name"] in seen:
            ck.fail(label, "a card with this name is listed twice; use 'copies'")
        seen.add(rc["name"])
        for key in ("attack", "defense", "boost"):
            ck.positive(rc[key], f"{label}.{key}", allow_zero=True)
        ck.positive(rc["copies"], f"{label}.copies")
        cards.append(EnemyCard(rc["name"], rc["attack"], rc["defense"], rc["boost"], rc["copies"],
                               rc.get("deception", False), rc.get("attack_only", False),
                               rc.get("text", ""),
                               _check_enemy_effects(ck, rc, label, objective if kind == "villain" else None)))
    if cards and sum(c.deception for c in cards) != 1:
        ck.fail("cards", "an enemy deck has exactly one Deception card (deception = true)")
    if "deck_size" in raw:
        ck.positive(raw["deck_size"], "deck_size")
        if cards and sum(c.copies for c in cards) != raw["deck_size"]:
            ck.fail("cards", f"the copies add up to {sum(c.copies for c in cards)} cards, but "
                    f"deck_size is {raw['deck_size']}")

    initiative = []
    for i, ri in enumerate(raw.get("initiative", [{"name": raw["name"]}])):
        label = f"initiative[{i}]"
        ck.table(ri, label, {"name": str}, {"copies": int, "at_start": bool, "min_players": int,
                                            "right_now": str, "end_of_round_threat": int,
                                            "threat_per_doom": bool, "text": str})
        if ri.get("right_now", "turn") not in RIGHT_NOW:
            ck.fail(f"{label}.right_now", f"must be one of {', '.join(RIGHT_NOW)}, got {ri['right_now']!r}")
        ck.positive(ri.get("copies", 1), f"{label}.copies")
        ck.positive(ri.get("min_players", 1), f"{label}.min_players")
        ck.positive(ri.get("end_of_round_threat", 0), f"{label}.end_of_round_threat", allow_zero=True)
        initiative.append(InitiativeCard(ri["name"], ri.get("copies", 1), ri.get("at_start", True),
                                         ri.get("min_players", 1), ri.get("right_now", "turn"),
                                         ri.get("end_of_round_threat", 0),
                                         ri.get("threat_per_doom", False), ri.get("text", "")))
    return EnemyDef(raw["id"], kind, raw["name"], raw.get("move"), raw.get("attack") == "ranged", health,
                    tuple(cards), tuple(initiative), raw.get("example", False), raw.get("text", ""),
                    tuple(track), objective, raw.get("objectives_to_win", 4), tuple(minions),
                    raw.get("deck_size"), tuple(tuple(spot) for spot in spots), str(path), sha)


def _check_id(ck, raw: dict, path: Path) -> None:
    if raw["id"] != raw["id"].lower() or not raw["id"].replace("_", "").isalnum():
        ck.fail("id", f"must be a short lowercase id like \"mothman\", got {raw['id']!r}")
    if path.stem and raw["id"] != path.stem:
        ck.fail("id", f"is {raw['id']!r} but the file is named {path.name!r}; they must match")


def load_enemy_file(path: Path) -> EnemyDef | EventDef:
    raw, sha = read_toml(path, "villain")
    return parse_enemy(raw, path, sha)


# --------------------------------------------------------------------------- finding them
def villains_dirs() -> list[Path]:
    """The folders read, the user's first (``UNMATCHED_VILLAINS``), then the package's."""
    dirs = [PACKAGE_DIR]
    env = os.environ.get("UNMATCHED_VILLAINS")
    if env:
        dirs.insert(0, Path(env).resolve())
    return dirs


def _files() -> dict[str, Path]:
    """Every file by id; a user's file hides a shipped one of the same id."""
    out: dict[str, Path] = {}
    for d in villains_dirs():
        for p in sorted(d.glob("*.toml")) if d.is_dir() else []:
            out.setdefault(p.stem, p)
    return out


def all_content() -> list[EnemyDef | EventDef]:
    return [load_enemy_file(p) for _, p in sorted(_files().items())]


def find(name: str, kind: str) -> EnemyDef | EventDef:
    """The villain, minion or event called ``name`` (its id; case and spaces do not matter)."""
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    files = _files()
    if key not in files:
        ids = [i for i, p in files.items() if kind_of(load_enemy_file(p)) == kind]
        raise UserError(f"unknown {kind} '{name}'{suggest(key, ids)}")
    got = load_enemy_file(files[key])
    if kind_of(got) != kind:
        raise UserError(f"'{name}' is {_a(kind_of(got))}, not {_a(kind)}")
    return got


def kind_of(item: EnemyDef | EventDef) -> str:
    return item.kind if isinstance(item, EnemyDef) else "event"


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
