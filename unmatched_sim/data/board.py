"""Battlefields: the space graph, zones, starting spaces and special paths, read from TOML.

A board file (see ``unmatched_sim/data/boards/*.toml``) has::

    id, name                      short id used on the CLI, display name
    [spaces]  S = { zones = [...], start = N }     every space, its zones, its start number
    paths = [["A", "B"], ...]     lines between spaces: adjacent, and movable both ways
    one_way = [["A", "B"], ...]   (optional) an arrowed path: adjacent both ways (attacks,
                                  effects), but fighters move along it only from A to B — by
                                  any movement, a card's or an opponent's included. Zones and
                                  placing are unaffected. A pair is listed in paths or in
                                  one_way, not both.
    secret_passages = ["X", ...]  (optional, at least two spaces) a fighter may move from any of
                                  these spaces to any other as one step of movement (cost 1);
                                  they are not adjacent for attacks or effects
    bridges = [["A", "B"], ...]   (optional) bridges, numbered 1, 2, ... in this order (Mothman's
                                  board): each joins its two spaces like a path — adjacent, and
                                  movable both ways — while it stands (``Board.without_bridges``
                                  gives the board once some have fallen). Not a space: nobody
                                  stops on a bridge. A pair is a path or a bridge, not both.
    [[conveyors]]                 (optional, one table per belt)
    path = ["A", "B", ...]        the belt's spaces in the order fighters ride them (2 or more)
    bin_zone = "zone"             where a fighter on the last space is placed (its owner picks
                                  an empty space of that zone); at the end of every turn
                                  everyone on the belt rides one space (engine.board_features)
    fields = [["A", "B", ...], ...]   (optional) co-op fields, numbered 1, 2, ... in order: each
                                  lists the spaces on its perimeter (the spaces it borders; a
                                  space may border two fields). Martian Invader's aliens land
                                  in them (coop.invasion); other games ignore them.

A belt's arrows are not paths: list any line a fighter may also walk along in ``paths`` or
``one_way`` as the board shows it. No space may be on two belts, and no belt space may lie in a
bin zone (a fighter leaving a belt must leave it).

Spaces are numbered internally in file order; ``Board`` keeps both the labels and the fast
integer form the engine uses (adjacency sets, movement lists and zone bitmasks). Every fault is
reported as ``<file> (<field>): <what is wrong>``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from unmatched_sim.errors import DataError
from unmatched_sim.files import read_toml


@dataclass(frozen=True, slots=True)
class Conveyor:
    path: tuple[int, ...]        # spaces in the order fighters ride them
    bin_spaces: tuple[int, ...]  # where a fighter leaving the last space may be placed


@dataclass(frozen=True, eq=False, slots=True)   # compared and hashed by identity (used as a cache key)
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
    fields: tuple[tuple[int, ...], ...] = ()   # co-op fields: field k (1-based) is fields[k - 1]
    bridges: tuple[tuple[int, int], ...] = ()  # bridge k + 1 joins these two spaces (standing)
    path: str = ""
    sha256: str = ""
    notes: str = ""
    index: dict[str, int] = field(default_factory=dict, compare=False)
    zone_sets: dict[int, frozenset] = field(default_factory=dict, compare=False, repr=False)  # spaces_in_zones
    # ``adjacent`` as an n * n matrix of bytes, 1 at ``s * n + t`` where space s is adjacent to
    # t: the AI's space values read it in C (``policies.position.SpaceFacts``).
    adjacency: bytes = field(init=False, compare=False, repr=False)
    # and as a sorted tuple of its neighbours per space: loops over it run in C (iterating a
    # frozenset goes through Python's iterator protocol: the threat map walks it per space).
    adjacent_seq: tuple = field(init=False, compare=False, repr=False)

    def __post_init__(self):
        n = len(self.labels)
        m = bytearray(n * n)
        for s, near in enumerate(self.adjacent):
            for t in near:
                m[s * n + t] = 1
        object.__setattr__(self, "adjacency", bytes(m))
        object.__setattr__(self, "adjacent_seq", tuple(tuple(sorted(near)) for near in self.adjacent))

    @property
    def size(self) -> int:
        return len(self.labels)

    def same_zone(self, a: int, b: int) -> bool:
        return bool(self.zone_mask[a] & self.zone_mask[b])

    def spaces_in_zones(self, mask: int) -> frozenset[int]:
        """Every space in any of the zones of ``mask`` (a union of zone bits: ``zone_mask[s]``
        for the zones of space s), worked out once per board and mask."""
        got = self.zone_sets.get(mask)
        if got is None:
            got = self.zone_sets[mask] = frozenset(s for s, m in enumerate(self.zone_mask) if m & mask)
        return got

    def space(self, label: str) -> int:
        return self.index[label]

    def zone_spaces(self, zone: str) -> list[int]:
        bit = 1 << self.zone_names.index(zone)
        return [s for s, m in enumerate(self.zone_mask) if m & bit]

    def without_bridges(self, fallen: frozenset[int]) -> "Board":
        """This board with the bridges numbered in ``fallen`` (1, 2, ...) gone: their two
        spaces no longer adjacent, nor joined for movement. A new board (its own caches) every
        call; ``bridges`` still lists every bridge by number."""
        cut = {frozenset(self.bridges[k - 1]) for k in fallen}
        adjacent = tuple(frozenset(t for t in near if frozenset((s, t)) not in cut)
                         for s, near in enumerate(self.adjacent))
        moves = tuple(tuple(t for t in out if frozenset((s, t)) not in cut)
                      for s, out in enumerate(self.move_edges))
        return Board(id=self.id, name=self.name, labels=self.labels, adjacent=adjacent,
                     move_edges=moves, zone_mask=self.zone_mask, zone_names=self.zone_names,
                     starts=self.starts, conveyors=self.conveyors, bridges=self.bridges,
                     path=self.path, sha256=self.sha256, notes=self.notes, index=self.index)


def _require(cond: bool, path: Path, where: str, what: str) -> None:
    if not cond:
        raise DataError(path, where, what)


def parse_board(raw: dict, path: Path, sha: str = "") -> Board:
    """Validate a parsed board TOML document and build the ``Board``."""
    for key in ("id", "name", "spaces", "paths"):
        _require(key in raw, path, key, f"missing required field '{key}'")
    known = {"id", "name", "set", "max_players", "spaces", "paths", "one_way",
             "secret_passages", "conveyors", "bridges", "notes", "fields"}
    for key in raw:
        _require(key in known, path, key, f"unknown field '{key}' (expected one of {sorted(known)})")
    _require(isinstance(raw["id"], str) and raw["id"] == raw["id"].lower(), path, "id",
             f"must be a short lowercase id like \"marmoreal\", got {raw['id']!r}")
    # --board finds a board by its file name, and sim boards shows its id: they must agree.
    _require(path.suffix != ".toml" or raw["id"] == path.stem, path, "id",
             f"is {raw['id']!r} but the file is named {path.name!r}; they must match")
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

    def space_id(value, where: str) -> int:
        _require(isinstance(value, str), path, where, f"a space id must be text, got {value!r}")
        _require(value in index, path, where, f"unknown space '{value}'")
        return index[value]

    joined: dict[frozenset, str] = {}   # each pair of spaces is joined by one line only

    def pair_list(key: str) -> list[tuple[int, int]]:
        pairs = raw.get(key, [])
        _require(isinstance(pairs, list), path, key, "must be a list of [from, to] pairs")
        out = []
        for i, pair in enumerate(pairs):
            where = f"{key}[{i}]"
            _require(isinstance(pair, list) and len(pair) == 2, path, where,
                     "must be a pair of space ids")
            a, b = space_id(pair[0], where), space_id(pair[1], where)
            _require(a != b, path, where, "a path cannot join a space to itself")
            line = frozenset((a, b))
            _require(line not in joined, path, where,
                     f"{pair[0]}-{pair[1]} is already joined by {joined.get(line)}; list each line once"
                     + (" (a two-way line goes in 'paths')" if key == "one_way" else ""))
            joined[line] = where
            out.append((a, b))
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
    bridges = pair_list("bridges")
    for a, b in bridges:
        adjacent[a].add(b), adjacent[b].add(a)
        moves[a].add(b), moves[b].add(a)
    passages = raw.get("secret_passages", [])
    _require(isinstance(passages, list), path, "secret_passages", "must be a list of space ids")
    passage_ids = [space_id(s, f"secret_passages[{i}]") for i, s in enumerate(passages)]
    _require(len(set(passage_ids)) == len(passage_ids), path, "secret_passages",
             "lists a space twice")
    _require(len(passage_ids) != 1, path, "secret_passages",
             "needs at least two spaces (a passage leads from one to another)")
    for s in passage_ids:
        for t in passage_ids:
            if s != t:
                moves[s].add(t)

    conveyors = []
    belts = raw.get("conveyors", [])
    _require(isinstance(belts, list), path, "conveyors",
             "must be a list of belts: write each as a [[conveyors]] table")
    on_belt: dict[int, str] = {}
    for i, belt in enumerate(belts):
        where = f"conveyors[{i}]"
        _require(isinstance(belt, dict), path, where, "must be a table with 'path' and 'bin_zone'")
        for key in belt:
            _require(key in ("path", "bin_zone"), path, f"{where}.{key}",
                     f"unknown field '{key}' (expected 'path' and 'bin_zone')")
        _require("path" in belt and "bin_zone" in belt, path, where,
                 "needs 'path' (list of spaces) and 'bin_zone' (zone name)")
        spaces_on = belt["path"]
        _require(isinstance(spaces_on, list) and len(spaces_on) >= 2, path, f"{where}.path",
                 "must list at least two spaces, in the order fighters ride them")
        ids = []
        for j, s in enumerate(spaces_on):
            sid = space_id(s, f"{where}.path[{j}]")
            _require(sid not in on_belt, path, f"{where}.path[{j}]",
                     f"space '{s}' is already on {on_belt.get(sid)}")
            on_belt[sid] = f"{where}.path"
            ids.append(sid)
        zone = belt["bin_zone"]
        _require(isinstance(zone, str) and zone in zone_names, path, f"{where}.bin_zone",
                 f"unknown zone {zone!r} (zones: {', '.join(zone_names)})")
        bit = 1 << zone_names.index(zone)
        bins = tuple(s for s in range(n) if zone_mask[s] & bit)
        conveyors.append(Conveyor(tuple(ids), bins))
    for i, belt in enumerate(conveyors):
        for s in belt.bin_spaces:
            _require(s not in on_belt, path, f"conveyors[{i}].bin_zone",
                     f"belt space '{labels[s]}' ({on_belt.get(s)}) is in this bin zone; a fighter "
                     "leaving the belt must leave it")

    fields = raw.get("fields", [])
    _require(isinstance(fields, list), path, "fields",
             "must be a list of fields, each a list of the spaces it borders")
    field_spaces = []
    for i, spaces_of in enumerate(fields):
        where = f"fields[{i}]"
        _require(isinstance(spaces_of, list) and spaces_of, path, where,
                 "must list the spaces the field borders (at least one)")
        ids = tuple(space_id(s, f"{where}[{j}]") for j, s in enumerate(spaces_of))
        _require(len(set(ids)) == len(ids), path, where, "lists a space twice")
        field_spaces.append(ids)

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
        conveyors=tuple(conveyors), fields=tuple(field_spaces), bridges=tuple(bridges), path=str(path), sha256=sha, notes=str(raw.get("notes", "")),
        index=index,
    )


def load_board_file(path: Path) -> Board:
    raw, sha = read_toml(path, "board")
    return parse_board(raw, path, sha)
