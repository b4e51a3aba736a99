"""Battlefields: the space graph, zones, starting spaces and special paths, read from TOML.

A board file (see ``unmatched_sim/data/boards/*.toml``) has::

    id, name                      short id used on the CLI, display name
    [spaces]  S = { zones = [...], start = N }     every space, its zones, its start number
    paths = [["A", "B"], ...]     lines between spaces: adjacent, and movable both ways
    one_way = [["A", "B"], ...]   (optional) adjacent, but movement only from A to B
    secret_passages = ["X", ...]  (optional) movement between any two of these costs 1;
                                  not adjacent for attacks or effects
    [[conveyors]]                 (optional) path = [spaces in belt order], bin_zone = "zone"
                                  fighters on the belt ride it at the end of every turn

Spaces are numbered internally in file order; ``Board`` keeps both the labels and the fast
integer form the engine uses (adjacency sets, movement lists and zone bitmasks).
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from unmatched_sim.errors import DataError


@dataclass(frozen=True)
class Conveyor:
    path: tuple[int, ...]        # spaces in the order fighters ride them
    bin_spaces: tuple[int, ...]  # where a fighter leaving the last space may be placed


@dataclass(frozen=True, eq=False)   # compared and hashed by identity (used as a cache key)
class Board:
    id: str
    name: str
    labels: tuple[str, ...]
    adjacent: tuple[frozenset[int], ...]    # adjacency for attacks and effects
    move_edges: tuple[tuple[int, ...], ...]  # where a fighter may step from each space
    zone_mask: tuple[int, ...]               # bit i set = the space is in zone i
    zone_names: tuple[str, ...]
    starts: dict[int, int]                   # start number -> space
    conveyors: tuple[Conveyor, ...] = ()
    path: str = ""
    sha256: str = ""
    notes: str = ""
    index: dict[str, int] = field(default_factory=dict, compare=False)

    @property
    def size(self) -> int:
        return len(self.labels)

    def same_zone(self, a: int, b: int) -> bool:
        return bool(self.zone_mask[a] & self.zone_mask[b])

    def space(self, label: str) -> int:
        return self.index[label]

    def zone_spaces(self, zone: str) -> list[int]:
        bit = 1 << self.zone_names.index(zone)
        return [s for s, m in enumerate(self.zone_mask) if m & bit]


def _require(cond: bool, path: Path, where: str, what: str) -> None:
    if not cond:
        raise DataError(path, where, what)


def parse_board(raw: dict, path: Path, sha: str = "") -> Board:
    """Validate a parsed board TOML document and build the ``Board``."""
    for key in ("id", "name", "spaces", "paths"):
        _require(key in raw, path, key, f"missing required field '{key}'")
    known = {"id", "name", "set", "max_players", "spaces", "paths", "one_way",
             "secret_passages", "conveyors", "notes"}
    for key in raw:
        _require(key in known, path, key, f"unknown field '{key}' (expected one of {sorted(known)})")
    spaces = raw["spaces"]
    _require(isinstance(spaces, dict) and len(spaces) >= 2, path, "spaces",
             "must be a table with at least two spaces")
    labels = tuple(spaces)
    index = {s: i for i, s in enumerate(labels)}
    zone_names: list[str] = []
    zone_mask: list[int] = []
    starts: dict[int, int] = {}
    for label, spec in spaces.items():
        where = f"spaces.{label}"
        _require(isinstance(spec, dict), path, where, "must be a table like { zones = [...] }")
        zones = spec.get("zones")
        _require(isinstance(zones, list) and zones and all(isinstance(z, str) for z in zones),
                 path, where, "'zones' must be a non-empty list of zone names")
        for key in spec:
            _require(key in ("zones", "start"), path, where, f"unknown field '{key}'")
        mask = 0
        for z in zones:
            if z not in zone_names:
                zone_names.append(z)
            mask |= 1 << zone_names.index(z)
        zone_mask.append(mask)
        if "start" in spec:
            n = spec["start"]
            _require(isinstance(n, int) and n >= 1, path, where, "'start' must be a positive integer")
            _require(n not in starts, path, where, f"start {n} is given to two spaces")
            starts[n] = index[label]
    _require(1 in starts and 2 in starts, path, "spaces", "needs starting spaces 1 and 2")

    def pair_list(key: str) -> list[tuple[int, int]]:
        pairs = raw.get(key, [])
        _require(isinstance(pairs, list), path, key, "must be a list of [from, to] pairs")
        out = []
        for i, pair in enumerate(pairs):
            _require(isinstance(pair, list) and len(pair) == 2, path, f"{key}[{i}]",
                     "must be a pair of space ids")
            for s in pair:
                _require(s in index, path, f"{key}[{i}]", f"unknown space '{s}'")
            _require(pair[0] != pair[1], path, f"{key}[{i}]", "a path cannot join a space to itself")
            out.append((index[pair[0]], index[pair[1]]))
        return out

    n = len(labels)
    adjacent = [set() for _ in range(n)]
    moves = [set() for _ in range(n)]
    for a, b in pair_list("paths"):
        adjacent[a].add(b), adjacent[b].add(a)
        moves[a].add(b), moves[b].add(a)
    for a, b in pair_list("one_way"):
        adjacent[a].add(b), adjacent[b].add(a)
        moves[a].add(b)
        moves[b].discard(a)
    passages = raw.get("secret_passages", [])
    _require(isinstance(passages, list), path, "secret_passages", "must be a list of space ids")
    for s in passages:
        _require(s in index, path, "secret_passages", f"unknown space '{s}'")
    for s in passages:
        for t in passages:
            if s != t:
                moves[index[s]].add(index[t])

    conveyors = []
    for i, belt in enumerate(raw.get("conveyors", [])):
        where = f"conveyors[{i}]"
        _require(isinstance(belt, dict) and "path" in belt and "bin_zone" in belt, path, where,
                 "needs 'path' (list of spaces) and 'bin_zone' (zone name)")
        for s in belt["path"]:
            _require(s in index, path, where, f"unknown space '{s}'")
        _require(belt["bin_zone"] in zone_names, path, where, f"unknown zone '{belt['bin_zone']}'")
        bit = 1 << zone_names.index(belt["bin_zone"])
        bins = tuple(s for s in range(n) if zone_mask[s] & bit)
        conveyors.append(Conveyor(tuple(index[s] for s in belt["path"]), bins))

    # Every space must be reachable for movement, or fighters could be stranded by design error.
    seen, todo = {0}, [0]
    while todo:
        s = todo.pop()
        for t in moves[s] | adjacent[s]:
            if t not in seen:
                seen.add(t), todo.append(t)
    if len(seen) != n:
        stranded = labels[min(set(range(n)) - seen)]
        raise DataError(path, "paths", f"space '{stranded}' is not connected to the rest of the board")

    return Board(
        id=str(raw["id"]).lower(), name=str(raw["name"]), labels=labels,
        adjacent=tuple(frozenset(a) for a in adjacent),
        move_edges=tuple(tuple(sorted(m)) for m in moves),
        zone_mask=tuple(zone_mask), zone_names=tuple(zone_names), starts=starts,
        conveyors=tuple(conveyors), path=str(path), sha256=sha, notes=str(raw.get("notes", "")),
        index=index,
    )


def load_board_file(path: Path) -> Board:
    try:
        data = path.read_bytes()
    except OSError as e:
        raise DataError(path, "", f"cannot read board file: {e.strerror}") from None
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise DataError(path, "", f"not valid TOML: {e}") from None
    return parse_board(raw, path, hashlib.sha256(data).hexdigest())
