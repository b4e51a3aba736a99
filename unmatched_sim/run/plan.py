"""What games a run has: its spec, the pairings or line-ups, every game's seed and seating, and
the fixed chunks the games are played and written in.

Determinism: every game's seed is derived from the run seed, the two hero ids and the index of
the seed within the pairing, and game ``2k``/``2k+1`` play seed ``k`` from both seats. A game's
course depends only on that seed, the hero and board files and the policies, so game i is the
same whatever ``--jobs`` and however the games are chunked. Chunks are a fixed size for a given
run size, so the same command writes the same files.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Iterator

from unmatched_sim.data.board import Board
from unmatched_sim.engine.game import DEFAULT_MAX_TURNS
from unmatched_sim.log import SLOTS
from unmatched_sim.model import HeroDef


@dataclass(frozen=True)
class GameSpec:
    game_id: int
    pair: int          # the seed index within its pairing
    seed: int
    hero_a: str
    hero_b: str
    a_first: bool
    policy_a: str | None = None    # None: the run's policy_a (a ladder sets each game's own)
    policy_b: str | None = None
    # Free-for-all and team games: the heroes by slot (a, b, c, d) and which rotation of the
    # seating this game plays (see ``seating``); a duel leaves them empty.
    lineup: tuple[str, ...] = ()
    rotation: int = 0
    format: str = "duel"
    # A co-op game: the enemy files it plays against (``RunSpec.coop``'s, as a tuple of
    # (role, id, path, sha256) with role "villain", "minion" or "event"); empty otherwise.
    coop: tuple = ()


@dataclass(frozen=True)
class RunSpec:
    pairings: tuple[tuple[str, str], ...]
    games: int                       # per pairing
    seed: int
    board: str
    policy_a: str
    policy_b: str
    max_turns: int = DEFAULT_MAX_TURNS
    hero_files: dict = field(default_factory=dict)   # id -> {"path", "sha256", "name", AI style}
    board_file: dict = field(default_factory=dict)   # {"path", "sha256"}
    # A ladder: (hero_a, hero_b, policy_a, policy_b) per matchup, each played ``games`` times,
    # instead of every pairing played by policy_a / policy_b. Seeds depend on the heroes only,
    # so every pair of policies meets on the same deals (common random numbers).
    matchups: tuple[tuple[str, str, str, str], ...] = ()
    # What-if overrides (``--set`` texts, see ``unmatched_sim.overrides``), applied to the hero
    # files as they load; the files' hashes above stay those of the files on disk.
    overrides: tuple[str, ...] = ()
    # Free-for-all ("ffa") and team ("teams") runs: each line-up of heroes (by slot; teams: slots
    # a, b against c, d) is played ``games`` times, every hero in every turn position equally
    # often. ``pairings`` then lists the line-ups' first two heroes (for names and defaults).
    format: str = "duel"
    lineups: tuple[tuple[str, ...], ...] = ()
    # A robust run (``--robust``, see ``unmatched_sim.robust``): after every pairing played by
    # policy_a / policy_b, ``matchups`` plays the non-mirror pairings again, from the same seeds,
    # under each of these policies (each playing both heroes).
    robust: tuple[str, ...] = ()
    # A run checked with another policy (``--check-with``, see ``unmatched_sim.headroom``): the last
    # ``check_matchups`` matchups replay the first ``check_games`` games (seeds) of every pairing
    # with ``check_with`` playing one hero and the run's policy the other, each way round.
    check_with: str = ""
    check_games: int = 0
    # A co-op run (format "coop", see ``unmatched_sim.coop``): each line-up of heroes plays
    # against these enemy files, (role, id, path, sha256) with role "villain", "minion" (one per
    # player, in order) or "event".
    coop: tuple = ()

    @property
    def check_matchups(self) -> int:
        """How many of ``matchups`` are check games (each pairing twice: the checking policy on
        either hero)."""
        return 2 * len(self.pairings) if self.check_with else 0

    @property
    def primary_games(self) -> int:
        """Games played by the run's own policies (all of them, except in a robust or checked run)."""
        return self.games * len(self.pairings) if self.robust or self.check_with else self.total_games

    @property
    def total_games(self) -> int:
        if self.lineups:
            return self.games * len(self.lineups)
        n = len(self.matchups) or len(self.pairings)
        return self.games * (n - self.check_matchups) + self.check_games * self.check_matchups


def game_seed(run_seed: int, hero_a: str, hero_b: str, pair: int) -> int:
    digest = hashlib.sha256(f"{run_seed}|{hero_a}|{hero_b}|{pair}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def plan(spec: RunSpec) -> list[GameSpec]:
    return list(plan_range(spec, 0, spec.total_games))


def lineup_seed(run_seed: int, lineup: tuple[str, ...], fmt: str, pair: int) -> int:
    digest = hashlib.sha256(f"{run_seed}|{fmt}|{'|'.join(lineup)}|{pair}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def seating(fmt: str, players: int, rotation: int) -> tuple[int, ...]:
    """The slot sitting in each turn position: ``seating(...)[seat] = slot``.

    The games of one seed play every rotation of the turn order, so each hero takes every turn
    position once per seed — the multi-player form of a duel's "each seed from both seats". A
    team game keeps the rulebooks' alternation A1 B1 A2 B2 (slots a, b are team A; c, d team B)
    and rotates it, which also swaps which team moves first."""
    base = (0, 2, 1, 3) if fmt == "teams" else tuple(range(players))
    return tuple(base[(k + rotation) % players] for k in range(players))


def seat_labels(g: GameSpec) -> tuple[str, ...]:
    """The slot label ("a".."d") of the player in each seat (seat 0 moves first)."""
    if g.lineup:
        labels = tuple(SLOTS[k] for k in seating(g.format, len(g.lineup), g.rotation))
        if g.format == "coop":      # then the enemies' seats: the villain's, each minion's
            labels += ("villain",) + tuple(f"minion{k + 1}" for k in range(len(g.lineup)))
        return labels
    return ("a", "b") if g.a_first else ("b", "a")


def plan_range(spec: RunSpec, start: int, stop: int) -> Iterator[GameSpec]:
    """Games ``start`` .. ``stop - 1`` of the run, made on demand (the same games ``plan`` lists),
    so a run of any size is planned in constant memory: game id = matchup index x games + i."""
    if spec.lineups:
        for gid in range(start, min(stop, spec.total_games)):
            m, i = divmod(gid, spec.games)
            lineup = spec.lineups[m]
            pair, rot = divmod(i, len(lineup))
            yield GameSpec(gid, pair, lineup_seed(spec.seed, lineup, spec.format, pair), lineup[0],
                           lineup[1] if len(lineup) > 1 else lineup[0],
                           a_first=True, lineup=lineup, rotation=rot, format=spec.format, coop=spec.coop)
        return
    matchups = spec.matchups or tuple((a, b, None, None) for a, b in spec.pairings)
    whole = len(matchups) - spec.check_matchups       # matchups of ``games`` games; check ones follow
    for gid in range(start, min(stop, spec.total_games)):
        if gid < whole * spec.games:
            m, i = divmod(gid, spec.games)
        else:
            k, i = divmod(gid - whole * spec.games, spec.check_games)
            m = whole + k
        a, b, pa, pb = matchups[m]
        pair = i // 2
        yield GameSpec(gid, pair, game_seed(spec.seed, a, b, pair), a, b, a_first=(i % 2 == 0),
                       policy_a=pa, policy_b=pb)


def chunk_count(total: int, size: int) -> int:
    return -(-total // size)


def chunk_size(total: int) -> int:
    """Fixed by the run size alone (never by --jobs), so output files are reproducible."""
    return max(20, min(500, total // 64 or 1))


def chunk_bounds(spec: RunSpec, size: int, chunks) -> Iterator[tuple[int, int, int]]:
    """(index, first game, game after the last) of each chunk in ``chunks``, made as consumed."""
    total = spec.total_games
    return ((i, i * size, min(total, (i + 1) * size)) for i in chunks)


def spec_files(heroes: list[HeroDef], board: Board) -> tuple[dict, dict]:
    """A run's ``hero_files`` and ``board_file``: where each file is and its hash."""
    # The hero's display name goes along so a report names the hero as its file does (not by its
    # fighters: "Sister 1"), and the AI style so a report can say how `tuned` played it.
    return ({h.id: {"path": h.path, "sha256": h.sha256, "name": h.name, "ai_aggression": h.ai_aggression,
                   "ai_style": dict(h.ai_style)} for h in heroes},
            {"id": board.id, "path": board.path, "sha256": board.sha256})


def spec_json(spec: RunSpec) -> dict:
    """RunSpec as plain JSON data (the fingerprint an unfinished run is resumed against)."""
    import dataclasses

    d = json.loads(json.dumps(dataclasses.asdict(spec)))
    for key, empty in (("robust", []), ("check_with", ""), ("check_games", 0), ("coop", [])):
        if d[key] == empty:
            del d[key]         # runs without these extra games keep the fingerprint they always had
    return d


def spec_from_json(d: dict) -> RunSpec:
    return RunSpec(pairings=tuple(tuple(p) for p in d["pairings"]), games=d["games"], seed=d["seed"],
                   board=d["board"], policy_a=d["policy_a"], policy_b=d["policy_b"],
                   max_turns=d["max_turns"], hero_files=d["hero_files"], board_file=d["board_file"],
                   matchups=tuple(tuple(m) for m in d.get("matchups", ())),
                   overrides=tuple(d.get("overrides", ())), format=d.get("format", "duel"),
                   lineups=tuple(tuple(lu) for lu in d.get("lineups", ())), robust=tuple(d.get("robust", ())),
                   check_with=d.get("check_with", ""), check_games=d.get("check_games", 0),
                   coop=tuple(tuple(e) for e in d.get("coop", ())))


def pairings_name(pairings: tuple[tuple[str, str], ...]) -> str:
    return f"{pairings[0][0]}-vs-{pairings[0][1]}" if len(pairings) == 1 else f"tournament-{len(pairings)}"


def run_name(spec: RunSpec) -> str | None:
    """How a policy ladder's, a free-for-all's or a team run's folder is named (None: a duel run,
    named by its pairings)."""
    if spec.matchups and not spec.robust and not spec.check_with:     # a ladder: its policies, then its pairings
        policies = {p for m in spec.matchups for p in m[2:]}
        return f"ladder-{len(policies)}p-{pairings_name(spec.pairings)}"
    if not spec.lineups:
        return None
    if spec.format == "coop":
        villain = next(e[1] for e in spec.coop if e[0] == "villain")
        if len(spec.lineups) == 1:
            return f"coop-{villain}-{'-'.join(spec.lineups[0])}"
        return f"coop-{villain}-tournament-{len(spec.lineups)}"
    if len(spec.lineups) == 1:
        lu = spec.lineups[0]
        if spec.format == "teams":
            return f"teams-{lu[0]}+{lu[1]}-vs-{lu[2]}+{lu[3]}"
        return f"ffa-{'-'.join(lu)}"
    return f"{spec.format}-tournament-{len(spec.lineups)}"
