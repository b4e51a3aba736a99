"""Load-time limits on hero files that the effect vocabulary and the hooks leave unchecked, so a
bad number is one clear line when the file loads, never an internal error after games are played.

* Every whole number in a hero file is at most ``MAX_NUMBER`` (the event log stores numbers in
  16-bit columns, up to 32767; a computed amount ``{ of = ..., times = k }`` multiplies a
  quantity, so ``times`` is a whole number 1..``MAX_TIMES``).
* The parameters of the Genie's and Blackbeard's abilities and of Blackbeard's card hooks are
  whole numbers in a stated range, and only the known ones.
* ``fighter`` names at least one fighter.
* A board must have room for every fighter a matchup places at setup (``check_fits``).
"""

from __future__ import annotations

from unmatched_sim.errors import UserError

MAX_NUMBER = 999
MAX_TIMES = 10

#: ability hook -> parameter -> (lowest, highest)
ABILITY_PARAMS = {
    "discard_for_action": {"cards": (1, 7), "actions": (1, 5)},
    "privateer_turned_pirate": {"doubloons": (0, 99), "treasury": (0, 99)},
}
#: effect hook -> parameter -> (lowest, highest)
HOOK_OP_PARAMS = {
    "steal_doubloons": {"count": (1, 99)},
    "pay_to_lower_value": {"per_doubloon": (1, 99)},
}


def _walk(value, where: str):
    """(where, key, value) for every entry of nested tables and lists."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield where, k, v
            yield from _walk(v, f"{where}.{k}" if where else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield where, i, v
            yield from _walk(v, f"{where}[{i}]")


def _card_label(raw: dict, i: int) -> str:
    return f"cards[{i}] '{raw.get('name', '?')}'" if isinstance(raw, dict) else f"cards[{i}]"


def check_hero_numbers(raw: dict, fail) -> None:
    """Numbers, ``times`` and hook parameters anywhere in a parsed hero file; ``fail(where, what)``."""
    sections = [(k, v) for k, v in raw.items() if k != "cards"]
    sections += [(_card_label(c, i), c) for i, c in enumerate(raw.get("cards", []) if isinstance(raw.get("cards"), list) else [])]
    for label, body in sections:
        for where, key, v in _walk(body, ""):
            place = f"{label}.{where}" if where else label
            if isinstance(v, int) and not isinstance(v, bool) and abs(v) > MAX_NUMBER:
                fail(f"{place}.{key}" if not isinstance(key, int) else f"{place}[{key}]",
                     f"{v} is too large (numbers in a hero file are at most {MAX_NUMBER})")
            if key == "times" and isinstance(body, dict | list):
                if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_TIMES:
                    fail(f"{place}.times", f"must be a whole number from 1 to {MAX_TIMES}, got {v!r}")
            if isinstance(v, dict) and v.get("op") == "hook" and v.get("name") in HOOK_OP_PARAMS:
                _check_params(v.get("params", {}) or {}, HOOK_OP_PARAMS[v["name"]],
                              f"{place}[{key}].params", f"effect hook '{v['name']}'", fail)
        if isinstance(body, dict) and label.startswith("cards["):
            users = body.get("fighter")
            if isinstance(users, list) and not users:
                fail(f"{label}.fighter", "names no fighter; list at least one, or write \"any\"")
            if isinstance(users, list) and not all(isinstance(u, str) for u in users):
                fail(f"{label}.fighter", "must be fighter names (text)")
    ab = raw.get("ability")
    if isinstance(ab, dict) and ab.get("hook") in ABILITY_PARAMS:
        params = ab.get("params", {})
        if not isinstance(params, dict):
            fail("ability.params", "must be a table")
        _check_params(params, ABILITY_PARAMS[ab["hook"]], "ability.params", f"ability '{ab['hook']}'", fail)


def _check_params(params, ranges: dict, where: str, what: str, fail) -> None:
    if not isinstance(params, dict):
        fail(where, "must be a table")
    for k, v in params.items():
        if k not in ranges:
            fail(f"{where}.{k}", f"{what} has no parameter '{k}' (known: {', '.join(ranges)})")
        lo, hi = ranges[k]
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            fail(f"{where}.{k}", f"{what}: must be a whole number from {lo} to {hi}, got {v!r}")


def check_fits(heroes: list, board, pairings) -> None:
    """Refuse a matchup whose fighters placed at setup outnumber the board's spaces, naming the
    hero file that brings the most of them (a sidekick ``count`` is where such a number is set)."""
    by_id = {h.id: h for h in heroes}
    for a, b in pairings:
        counts = {h: _setup_fighters(by_id[h]) for h in (a, b)}
        n = counts[a] + counts[b]
        if n > board.size:
            big = max((a, b), key=lambda h: counts[h])
            raise UserError(f"{by_id[big].path}: {big} places {counts[big]} fighters at setup, and {a} vs {b} "
                            f"{n} in all, but board '{board.id}' has {board.size} spaces; lower its "
                            f"sidekicks' count or choose a bigger --board")


def _setup_fighters(hero) -> int:
    return 1 + sum(s.count for s in hero.sidekicks if s.starts_on_board)
