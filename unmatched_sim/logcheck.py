"""Is a run's event log complete? ``sim report`` and ``sim replay`` check before they trust it.

Three checks, each failing with one line that names what is wrong:

* run.json's counts: ``games_per_pairing``, ``total_games``, ``chunks`` and ``chunk_size`` are
  whole numbers, ``pairings`` is a list of hero pairs, and they agree with the games in
  games.parquet (a hand-edited or damaged run.json is refused, not reported on);

* the part files: exactly ``events/part-00000.parquet`` .. ``part-{chunks-1}`` as run.json says
  (a deleted part is named; a copy or stray file is named);
* the rows: every game has exactly as many event rows as its ``events`` count in games.parquet
  (a part that lost rows, or a game's events logged twice, is found even under the right name).

Reads only the ``game_id`` column of the events, so it stays fast on large runs.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

from unmatched_sim.errors import UserError


def _part(i: int) -> str:
    return f"part-{i:05d}.parquet"


def _list(names: list[str]) -> str:
    shown = ", ".join(names[:3])
    return shown + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 1


def check_counts(run_dir: Path, meta: dict, games: pl.LazyFrame) -> None:
    """run.json's counts are of the right shape and agree with games.parquet."""
    where = run_dir / "run.json"
    for key in ("games_per_pairing", "total_games", "chunks", "chunk_size"):
        if key in meta and not _whole(meta[key]):
            raise UserError(f"{where} is damaged: {key} is {meta[key]!r}, not a whole number ≥ 1; "
                            "make the run again")
    pairings = meta.get("pairings")
    if pairings is not None and not (isinstance(pairings, list) and all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(h, str) for h in p) for p in pairings)):
        raise UserError(f"{where} is damaged: pairings is not a list of hero pairs; make the run again")
    try:
        n = games.select(pl.len()).collect().item()
    except Exception:       # a damaged games.parquet is named by its own readers
        return
    if "total_games" in meta and meta["total_games"] != n:
        raise UserError(f"{where} says the run has {meta['total_games']} games, but games.parquet holds {n}; "
                        "make the run again")
    if (pairings and "games_per_pairing" in meta and meta.get("format", "duel") == "duel"
            and not meta.get("robust") and not meta.get("check_with")):
        per = meta["games_per_pairing"] * len(meta.get("boards") or [None])
        got = {(a, b): k for a, b, k in games.group_by("hero_a", "hero_b").len().collect().iter_rows()}
        want = {tuple(p): per for p in pairings}
        if got != want:
            pair = next(iter(sorted(set(got) ^ set(want)) or [k for k in want if got.get(k) != want[k]]))
            raise UserError(f"{where} does not describe games.parquet: {pair[0]} vs {pair[1]} has "
                            f"{got.get(pair, 0)} games there, run.json says {want.get(pair, 0)}; make the run again")


def check_parts(run_dir: Path, meta: dict, files: list[Path]) -> None:
    chunks = meta.get("chunks")
    if not _whole(chunks):
        return          # a hand-made or older log: only the rows can be checked
    have = {f.name for f in files}
    expected = {_part(i) for i in range(chunks)}
    missing = sorted(expected - have)
    if missing:
        size = meta.get("chunk_size")
        games = ""
        if _whole(size) and len(missing) == 1 and not meta.get("boards"):
            i = int(missing[0][5:10])
            games = f" (games {i * size}–{min((i + 1) * size, meta.get('total_games', (i + 1) * size)) - 1})"
        raise UserError(f"the event log of {run_dir} is incomplete: events/{_list(missing)} "
                        f"{'is' if len(missing) == 1 else 'are'} missing{games}; restore "
                        f"{'it' if len(missing) == 1 else 'them'} or make the run again")
    extra = sorted(have - expected)
    if extra:
        raise UserError(f"events/ of {run_dir} holds {_list(extra)}, which the run did not write "
                        f"(it wrote {chunks} parts, part-00000 to {_part(chunks - 1)}); move "
                        f"{'it' if len(extra) == 1 else 'them'} out")


def check_rows(run_dir: Path, games: pl.LazyFrame, files: list[Path], game_id: int | None = None) -> None:
    """Event rows per game against games.parquet's ``events``; ``game_id``: check that game only."""
    if "events" not in games.collect_schema():
        return
    ev = pl.scan_parquet(files).select("game_id")
    g = games.select("game_id", "events")
    if game_id is not None:
        ev, g = ev.filter(pl.col("game_id") == game_id), g.filter(pl.col("game_id") == game_id)
    counts = ev.group_by("game_id").agg(pl.len().alias("rows"))
    try:
        # a played game always logs its setup, so 0 or null means "not recorded" (hand-made logs)
        bad = (g.filter(pl.col("events") > 0).join(counts, on="game_id", how="left")
               .with_columns(pl.col("rows").fill_null(0))
               .filter(pl.col("rows") != pl.col("events")).sort("game_id").collect())
    except Exception as e:  # damaged files are reported by the readers with their own message
        raise UserError(f"event files in {run_dir / 'events'} are corrupt or unreadable ({reason(e)})") from None
    if bad.height == 0:
        return
    lost = bad.filter(pl.col("rows") < pl.col("events"))
    extra = bad.filter(pl.col("rows") > pl.col("events"))
    parts = []
    if lost.height:
        ids = lost["game_id"].to_list()
        parts.append(f"{len(ids)} game(s) lack events (game {_list([str(i) for i in ids])}: "
                     f"{lost['rows'][0]} of {lost['events'][0]} rows)")
    if extra.height:
        ids = extra["game_id"].to_list()
        parts.append(f"{len(ids)} game(s) have extra event rows, e.g. logged twice (game "
                     f"{_list([str(i) for i in ids])}: {extra['rows'][0]} rows for {extra['events'][0]} events)")
    raise UserError(f"the event log of {run_dir} is incomplete or duplicated: {'; '.join(parts)}; "
                    "make the run again")


def reason(e: Exception) -> str:
    """A reader's error as one printable line (a damaged file's message can quote its bytes)."""
    text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= 120 else text[:117] + "..."


def parts_of_game(meta: dict, files: list[Path], game_id: int) -> list[Path]:
    """The part files that hold a game's events: its own chunk's part where run.json gives the
    chunk size (chunk *i* holds games ``i*size`` to ``(i+1)*size - 1``), else every part."""
    size, chunks = meta.get("chunk_size"), meta.get("chunks")
    if _whole(size) and _whole(chunks) and not meta.get("boards"):     # one board: parts in game order
        name = _part(game_id // size)
        return [f for f in files if f.name == name]
    return files


def check_readable(run_dir: Path, meta: dict, files: list[Path]) -> None:
    """Each part's footer is read: a truncated or overwritten part is named, with the games it holds."""
    size = meta.get("chunk_size")
    for f in files:
        try:
            pl.read_parquet_schema(f)
        except Exception as e:  # polars and the OS raise several types for a damaged file
            held = ""
            if _whole(size) and not meta.get("boards") and f.name.startswith("part-"):
                i = int(f.name[5:10])
                last = min((i + 1) * size, meta.get("total_games", (i + 1) * size)) - 1
                held = f"; it holds games {i * size}–{last}, and games in other parts can still be read"
            raise UserError(f"events/{f.name} of {run_dir} is corrupt or unreadable ({reason(e)}){held}") from None


def check_log(run_dir: Path, meta: dict, games: pl.LazyFrame, files: list[Path],
              game_id: int | None = None) -> None:
    check_counts(run_dir, meta, games)
    check_parts(run_dir, meta, files)
    check_rows(run_dir, games, files, game_id)
