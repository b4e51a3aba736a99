"""Opening a run directory for analysis: ``open_run(path)`` -> ``Run``.

A ``Run`` holds the run's metadata (``run.json``) and two polars *lazy* frames: ``games`` (one
row per game, ``games.parquet``) and ``events`` (the event log, ``events/part-*.parquet``). Every
analysis function builds a query on those frames and collects only its aggregate, so memory stays
flat however many events a run holds.

Everything a designer can get wrong (a missing directory, a folder that is not a run, a run with
no games, damaged Parquet files) is reported as a one-line ``UserError``.

This module reads only the Parquet logs; it never imports the engine.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Union

import polars as pl

from unmatched_sim.errors import UserError
from unmatched_sim.log import EVENT_SCHEMA, GAME_SCHEMA, SLOTS

#: the columns the analysis needs in games.parquet
GAME_COLUMNS = ("game_id", "hero_a", "hero_b", "first_player", "winner", "turns", "end_reason",
                "health_a", "health_b")
#: the columns the analysis needs in the event log
EVENT_COLUMNS = ("game_id", "seq", "turn", "player", "kind", "fighter", "amount", "value", "health",
                 "detail")


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


@dataclass
class Run:
    """A run to analyse: metadata plus lazy scans of its games and events.

    ``games`` and ``events`` are ``pl.LazyFrame``; nothing is read until a query is collected
    (use ``run.collect(query)`` for a clear error if a file turns out to be damaged).
    """

    games: pl.LazyFrame
    events: pl.LazyFrame
    meta: dict = field(default_factory=dict)
    path: Path | None = None
    event_files: list[Path] | None = None
    _cache: dict = field(default_factory=dict, repr=False)
    # A robust or checked run (``--robust``, ``--check-with``): the games other policies played on
    # the same seeds, and the first of their game ids. ``games`` and ``events`` hold only the run's
    # own policy's games (ids below ``limit``), so every analysis reads those; ``analysis.robust``
    # and ``analysis.headroom`` read these.
    robust_games: pl.LazyFrame | None = None
    limit: int | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_frames(cls, games: pl.DataFrame | pl.LazyFrame, events: pl.DataFrame | pl.LazyFrame,
                    meta: dict | None = None) -> "Run":
        """A run from frames in memory (hand-built logs in tests, or filtered runs in a notebook).
        Missing columns are added as nulls with the log's types."""
        return cls(games=_conform(games.lazy(), GAME_SCHEMA), events=_conform(events.lazy(), EVENT_SCHEMA),
                   meta=dict(meta or {}))

    @property
    def name(self) -> str:
        return self.path.name if self.path is not None else self.meta.get("name", "run")

    # ------------------------------------------------------------------ collecting
    def collect(self, query: pl.LazyFrame, what: str = "events") -> pl.DataFrame:
        """Collect a query with the streaming engine, turning a damaged file into a UserError."""
        return self.collect_all([query], what)[0]

    def collect_all(self, queries: list[pl.LazyFrame], what: str = "events") -> list[pl.DataFrame]:
        """Collect several queries at once (a shared scan is read once); errors as ``collect``."""
        try:
            return pl.collect_all(queries, engine="streaming")
        except (pl.exceptions.ComputeError, pl.exceptions.SchemaError, pl.exceptions.ShapeError,
                pl.exceptions.PanicException, OSError) as e:
            where = self.path / ("games.parquet" if what == "games" else "events") if self.path else what
            if what != "games" and self.event_files:
                where = self._damaged_file() or where
            raise UserError(f"{where} is corrupt or unreadable ({_first_line(e)}); "
                            "make the run again to replace it") from None

    def _damaged_file(self) -> Path | None:
        """The first event file that cannot be read in full (only looked for after an error)."""
        for f in self.event_files or []:
            try:
                pl.read_parquet(f)
            except BaseException as e:  # noqa: BLE001 - any failure marks the file
                if isinstance(e, (KeyboardInterrupt, SystemExit)):
                    raise
                return f
        return None

    # ------------------------------------------------------------------ shared per-game tables
    def sides(self) -> pl.DataFrame:
        """One row per (game, side): game_id, player ("a"/"b"), hero, opponent, first (bool),
        won (bool), draw (bool), mirror (bool), turns. Small (two rows per game); cached."""
        if "sides" not in self._cache:
            g = self.games.select(GAME_COLUMNS)
            rows = []
            for side, other in (("a", "b"), ("b", "a")):
                rows.append(g.select(
                    "game_id", pl.lit(side).alias("player"),
                    pl.col(f"hero_{side}").alias("hero"), pl.col(f"hero_{other}").alias("opponent"),
                    (pl.col("first_player") == side).alias("first"),
                    (pl.col("winner") == side).fill_null(False).alias("won"),
                    pl.col("winner").is_null().alias("draw"),
                    (pl.col("hero_a") == pl.col("hero_b")).alias("mirror"),
                    pl.col("turns"),
                ))
            self._cache["sides"] = self.collect(pl.concat(rows), "games")
        return self._cache["sides"]

    def foes(self) -> pl.DataFrame:
        """Who plays against whom: one row per (game, player, foe), players by slot ("a".."d").
        Read from each game's ``teams`` in games.parquet (a slot's team; in a duel or a
        free-for-all every player is a team of its own, so a teammate is never a foe); a game that
        records no teams (a log from before they were logged, or a hand-built one) is a duel of
        slots a and b. Small (two rows per duel); cached."""
        if "foes" not in self._cache:
            have = "teams" in self.games.collect_schema()
            teams = pl.col("teams") if have else pl.lit(None, pl.List(pl.Utf8))
            duel = pl.concat_list(*(pl.lit(s) for s in SLOTS[:2]))
            players = (self.games.select("game_id", pl.when(teams.is_null()).then(duel).otherwise(teams).alias("team"))
                       .with_columns(pl.int_ranges(0, pl.col("team").list.len()).alias("k"))
                       .explode("team", "k")
                       .select("game_id", pl.col("k").replace_strict(dict(enumerate(SLOTS)), return_dtype=pl.Utf8)
                               .alias("player"), "team"))
            pairs = (players.join(players.rename({"player": "foe", "team": "foe_team"}), on="game_id")
                     .filter(pl.col("team") != pl.col("foe_team"))
                     .select("game_id", "player", "foe").sort("game_id", "player", "foe"))
            self._cache["foes"] = self.collect(pairs, "games")
        return self._cache["foes"]

    def heroes(self) -> list[str]:
        """Every hero in the run, in the order first met (run.json's pairings, then the games)."""
        if "heroes" not in self._cache and self.meta.get("lineups"):
            seen: list[str] = []            # a free-for-all or team run: every hero of the line-ups
            for lu in self.meta["lineups"]:
                seen += [h for h in lu if h not in seen]
            self._cache["heroes"] = seen
        if "heroes" not in self._cache:
            seen: list[str] = []
            for pair in self.meta.get("pairings", []):
                for h in pair:
                    if h not in seen:
                        seen.append(h)
            for h in self.sides()["hero"].unique(maintain_order=True).to_list():
                if h not in seen:
                    seen.append(h)
            present = set(self.sides()["hero"].to_list())
            self._cache["heroes"] = [h for h in seen if h in present]
        return self._cache["heroes"]

    def n_games(self) -> int:
        return self.sides().height // 2

    def slices(self, max_games: int, exact: bool = False) -> list[tuple[int, int, pl.LazyFrame, bool]]:
        """The events cut into slices of about ``max_games`` whole games, as (first game_id, last
        game_id, events, checked). Per-game computations run slice by slice so their memory does
        not grow with the run; a slice scans only the files holding its games.

        Run directories hold their games in order, one chunk of games per file, so the slices are
        cut at file boundaries found from each file's first row (cheap). That layout is assumed,
        not trusted: ``checked`` is False for such slices and the caller must check that every
        row it reads has a game_id within the slice, and ask again with ``exact=True`` if not
        (then each file's true range is read and the slices are filtered by game_id)."""
        ids = self.sides().filter(pl.col("player") == "a")["game_id"].sort()
        if ids.len() == 0:
            return []
        if ids.len() <= max_games:
            return [(ids[0], ids[-1], self.events, True)]
        if self.event_files is None or self.limit is not None:
            # frames in memory, or a robust run whose last part files mix in other policies' games:
            # filter by game_id
            cuts = [(ids[i], ids[min(i + max_games, ids.len()) - 1]) for i in range(0, ids.len(), max_games)]
            return [(lo, hi, self.events.filter(pl.col("game_id").is_between(lo, hi)), True) for lo, hi in cuts]
        if exact:
            return self._exact_slices(max_games)
        firsts = []
        for f in self.event_files:
            try:
                first = pl.read_parquet(f, n_rows=1, columns=["game_id"])["game_id"]
            except Exception:  # unreadable: let the exact path report it
                return self._exact_slices(max_games)
            if len(first):
                firsts.append((first[0], f))
        firsts.sort(key=lambda x: x[0])
        groups, group = [], []
        for i, (first, f) in enumerate(firsts):
            group.append((first, f))
            nxt = firsts[i + 1][0] if i + 1 < len(firsts) else ids[-1] + 1
            n = int(ids.search_sorted(nxt, "left")) - int(ids.search_sorted(group[0][0], "left"))
            if n >= max_games or i + 1 == len(firsts):
                groups.append((group[0][0], nxt - 1, [x[1] for x in group]))
                group = []
        return [(lo, hi, pl.scan_parquet(files), False) for lo, hi, files in groups]

    def _exact_slices(self, max_games: int) -> list[tuple[int, int, pl.LazyFrame, bool]]:
        q = (pl.scan_parquet(self.event_files, include_file_paths="file").select("file", "game_id")
             .group_by("file").agg(pl.col("game_id").min().alias("lo"), pl.col("game_id").max().alias("hi"),
                                   pl.col("game_id").n_unique().alias("games")))
        ranges = self.collect(q).drop_nulls("lo").sort("lo")
        groups, group, n = [], [], 0
        for r in ranges.iter_rows(named=True):
            group.append(r)
            n += r["games"]
            if n >= max_games:
                groups.append(group)
                group, n = [], 0
        if group:
            groups.append(group)
        # disjoint game ranges, each with every file that holds some of its games
        bounds = [min(r["lo"] for r in g) for g in groups] + [max(r["hi"] for r in ranges.iter_rows(named=True)) + 1]
        out = []
        for lo, nxt in zip(bounds, bounds[1:]):
            hi = nxt - 1
            if hi < lo:
                continue
            files = [r["file"] for r in ranges.iter_rows(named=True) if r["lo"] <= hi and r["hi"] >= lo]
            out.append((lo, hi, pl.scan_parquet(files).filter(pl.col("game_id").is_between(lo, hi)), True))
        return out


RunLike = Union[Run, str, os.PathLike]


def _conform(lf: pl.LazyFrame, schema: dict) -> pl.LazyFrame:
    have = lf.collect_schema()
    extra = [pl.lit(None, dtype=t).alias(c) for c, t in schema.items() if c not in have]
    return lf.with_columns(extra) if extra else lf


def as_run(run: RunLike) -> Run:
    """A ``Run`` from a ``Run`` or a run-directory path."""
    return run if isinstance(run, Run) else open_run(run)


def open_run(path: str | os.PathLike) -> Run:
    """Open a run directory written by ``sim matchup`` or ``sim tournament``.

    Checks, each failing with a one-line ``UserError``: the directory exists and is a run
    (``run.json``), ``games.parquet`` is there, readable and holds at least one game, and the
    event files are there and readable (their Parquet footers and column types are checked now;
    damage deeper inside a file is reported when a query reaches it).
    """
    run_dir = Path(path)
    if not run_dir.exists():
        raise UserError(f"run directory {run_dir} does not exist")
    if not run_dir.is_dir():
        raise UserError(f"{run_dir} is a file, not a run directory")
    meta_path = run_dir / "run.json"
    if not meta_path.exists() and (run_dir / "sweep.json").exists():
        runs = sorted(p.name for p in run_dir.iterdir() if (p / "run.json").exists())
        example = f"{run_dir / runs[0]}" if runs else f"{run_dir}/VALUE"
        raise UserError(f"{run_dir} is a sweep, not a run: each value's games are a run inside it "
                        f"({', '.join(runs[:4])}{', …' if len(runs) > 4 else ''}); give one of them, e.g. "
                        f"`sim report {example}`, or two to `sim compare`; the sweep's results are in "
                        f"{run_dir / 'summary.md'}")
    if not meta_path.exists():
        raise UserError(f"{run_dir} is not a run directory (no run.json); make one with "
                        "`sim tournament` or `sim matchup`")
    try:
        meta = json.loads(meta_path.read_text())
        if not isinstance(meta, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError) as e:
        raise UserError(f"{meta_path} is corrupt: {_first_line(e)}") from None

    games_path = run_dir / "games.parquet"
    if not games_path.exists():
        raise UserError(f"{run_dir} has no games.parquet; the run did not finish")
    _check_parquet(games_path, GAME_COLUMNS, GAME_SCHEMA)
    try:
        n = pl.scan_parquet(games_path).select(pl.len()).collect().item()
    except Exception as e:  # polars raises several types for a damaged file
        raise UserError(f"{games_path} is corrupt or unreadable ({_first_line(e)}); "
                        "make the run again to replace it") from None
    if n == 0:
        raise UserError(f"{run_dir} holds no games (games.parquet is empty); nothing to report")

    files = sorted((run_dir / "events").glob("*.parquet"))
    if not files:
        raise UserError(f"{run_dir} has no event files in events/; the run did not finish")
    for f in files:
        _check_parquet(f, EVENT_COLUMNS, EVENT_SCHEMA)
    games = pl.scan_parquet(games_path)
    from unmatched_sim.logcheck import check_log
    check_log(run_dir, meta, games, files)
    events = pl.scan_parquet(files)
    limit = primary_games(meta)
    if limit is not None:        # a robust or checked run: the run's own policy's games, the others apart
        own = pl.col("game_id") < limit
        return Run(games=games.filter(own), events=events.filter(own), meta=meta, path=run_dir,
                   event_files=files, robust_games=games.filter(~own), limit=limit)
    return Run(games=games, events=events, meta=meta, path=run_dir, event_files=files)


def is_ladder(meta: dict) -> bool:
    """A policy ladder's run.json (``sim ladder``: each matchup played by its own policies), not a
    tournament whose ``matchups`` only add games under other policies (``--robust``,
    ``--check-with``)."""
    return meta.get("policy_a") == "ladder" or bool(meta.get("matchups") and not meta.get("robust")
                                                    and not meta.get("check_with"))


def primary_games(meta: dict) -> int | None:
    """In a robust or checked run (``--robust``, ``--check-with``), how many games the run's own
    policy played (game ids ``0 .. n - 1``; the other policies' games follow); None for any other
    run."""
    if not meta.get("robust") and not meta.get("check_with"):
        return None
    n = meta.get("primary_games")
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise UserError("run.json of a robust or checked run lacks primary_games (how many games its own policy "
                        "played); make the run again")
    return n


def _check_parquet(path: Path, needed: tuple[str, ...], schema: dict) -> None:
    try:
        have = pl.read_parquet_schema(path)
    except Exception as e:
        raise UserError(f"{path} is corrupt or unreadable ({_first_line(e)}); "
                        "make the run again to replace it") from None
    missing = [c for c in needed if c not in have]
    if missing:
        raise UserError(f"{path} is not an unmatched-sim log: it lacks column(s) {', '.join(missing)}")
    wrong = [c for c in needed if have[c] != schema[c]]
    if wrong:
        c = wrong[0]
        raise UserError(f"{path} is not an unmatched-sim log: column {c} is {have[c]}, expected {schema[c]}")
