"""Helpers shared by the event-log analyses (not part of the public API)."""

from __future__ import annotations

import math
from pathlib import Path

import polars as pl

from unmatched_sim.analysis.run import Run
from unmatched_sim.stats import wilson_interval

def hero_names(run: Run) -> dict[str, str]:
    """Hero id -> the hero's display name ("genie" -> "The Genie", "wayward_sisters" -> "The
    Wayward Sisters"): the name run.json records for each hero file; for a run made before it did,
    the ``name`` in the hero file at its recorded path. Only a log that names neither (a hand-built
    one) falls back to its hero fighter's name from the setup rows, which is not the hero's name
    for a hero of several fighters ("Sister 1") or a differently named fighter ("Shakespeare")."""
    names = {h: name for h in run.heroes() if (name := _recorded_name(run, h))}
    if len(names) < len(run.heroes()):
        from unmatched_sim.analysis._events import default_pass, label_heroes
        fighters = label_heroes(run, default_pass(run)["names"], "h").sort(["h", "n"], descending=[False, True])
        for h, f in fighters.unique("h", keep="first", maintain_order=True).select("h", "fighter").iter_rows():
            names.setdefault(h, f)
    return names


def _recorded_name(run: Run, hero: str) -> str | None:
    files = (run.meta.get("hero_files") or {}).get(hero) or {}
    if isinstance(files.get("name"), str):
        return files["name"]
    from unmatched_sim.errors import DataError
    from unmatched_sim.files import read_toml
    try:
        name = read_toml(Path(files["path"]), "hero")[0].get("name")
    except (KeyError, TypeError, DataError):      # no path recorded, or the file is gone or damaged
        return None
    return name if isinstance(name, str) else None


def with_ci(df: pl.DataFrame, wins: str, games: str, rate: str, lo: str, hi: str) -> pl.DataFrame:
    los, his = [], []
    for w, n in zip(df[wins].to_list(), df[games].to_list()):
        a, b = wilson_interval(w or 0, n or 0)
        los.append(a if n else None)
        his.append(b if n else None)
    return df.with_columns(
        pl.when(pl.col(games) > 0).then(pl.col(wins) / pl.col(games)).otherwise(None).alias(rate),
        pl.Series(lo, los, dtype=pl.Float64), pl.Series(hi, his, dtype=pl.Float64))


def hist_quantile(values: list[float], counts: list[int], q: float) -> float | None:
    """The q-quantile of data given as a histogram (values ascending), with linear interpolation
    between order statistics (numpy's default; the median of 0, 2, 5 is 2, its quartiles 1, 3.5)."""
    n = sum(counts)
    if n == 0:
        return None
    h = (n - 1) * q
    lo = math.floor(h)
    frac = h - lo

    def at(rank: int) -> float:
        seen = 0
        for v, c in zip(values, counts):
            seen += c
            if rank < seen:
                return v
        return values[-1]

    a = at(lo)
    return a if frac == 0 else a + frac * (at(lo + 1) - a)


def hist_summary(hist: pl.DataFrame, keys: list[str], value: str, prefix: str) -> pl.DataFrame:
    """Mean and quartiles per group of a histogram frame (keys..., value, n)."""
    rows = []
    for key, g in hist.sort(keys + [value]).group_by(keys, maintain_order=True):
        vals, cnts = g[value].to_list(), g["n"].to_list()
        total = sum(cnts)
        mean = sum(v * c for v, c in zip(vals, cnts)) / total if total else None
        rows.append((*key, mean, hist_quantile(vals, cnts, 0.25), hist_quantile(vals, cnts, 0.5),
                     hist_quantile(vals, cnts, 0.75)))
    schema = {k: hist.schema[k] for k in keys}
    schema.update({f"{prefix}_mean": pl.Float64, f"{prefix}_q25": pl.Float64,
                   f"{prefix}_median": pl.Float64, f"{prefix}_q75": pl.Float64})
    return pl.DataFrame(rows, schema=schema, orient="row")
