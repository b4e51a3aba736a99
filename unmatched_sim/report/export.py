"""Every table of a report also as CSV, and all of them as one JSON file, so a spreadsheet or a
notebook can take the numbers without polars."""

from __future__ import annotations

import json
import math
from pathlib import Path

import polars as pl


def _clean(v):
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)):
        return None
    if isinstance(v, dict):
        return {k: _clean(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_clean(x) for x in v]
    return v


def _csv_ready(df: pl.DataFrame) -> pl.DataFrame:
    """Nested columns (lists, structs) as JSON text: CSV holds only flat values."""
    out = []
    for name, dtype in df.schema.items():
        if isinstance(dtype, (pl.List, pl.Struct, pl.Array)):
            out.append(pl.Series(name, [json.dumps(_clean(x)) for x in df[name].to_list()], dtype=pl.Utf8))
        else:
            out.append(df[name])
    return pl.DataFrame(out) if out else df


def export_tables(out: Path, tables: dict[str, pl.DataFrame], extra: dict | None = None,
                  json_name: str = "numbers.json", folder: str = "tables") -> list[str]:
    """Write ``folder/<name>.csv`` per table and ``json_name`` with every table as a list of
    records (plus ``extra``); returns the file names written, relative to ``out``."""
    (out / folder).mkdir(parents=True, exist_ok=True)
    files = []
    doc = dict(extra or {})
    doc["tables"] = {}
    for name, df in tables.items():
        if df is None:
            continue
        _csv_ready(df).write_csv(out / folder / f"{name}.csv")
        files.append(f"{folder}/{name}.csv")
        doc["tables"][name] = _clean(df.to_dicts())
    (out / json_name).write_text(json.dumps(_clean(doc), indent=1, default=str) + "\n", encoding="utf-8")
    files.append(json_name)
    return files
