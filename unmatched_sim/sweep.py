"""Sweeps: one run per value of a hero-file field, all from the same seeds.

``sim sweep houdini:Flourish.value=1..4 --against genie,pandora -n 400`` plays Houdini against
each opponent with Flourish's value set to 1, 2, 3 and 4 (a ``--set`` override per run), into
``OUT/value-1``, ``OUT/value-2``... Every run uses the same run seed, so game *i* is the same deal
in every run: the runs differ only by the value (and any two of them can be given to
``sim compare``). The sweep writes ``sweep.csv``/``sweep.json`` (the swept hero's win rate per
value and opponent, 95% Wilson intervals), ``sweep.png``/``.svg`` (win rate against the value)
and ``summary.md``, and names the value that brings each matchup closest to 50%.
"""

from __future__ import annotations

import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from unmatched_sim.errors import UserError
from unmatched_sim.files import built_in_place
from unmatched_sim.stats import wilson_interval


@dataclass(frozen=True)
class SweepSpec:
    path: str                  # e.g. houdini:Flourish.value
    values: tuple              # the values, in order
    hero: str                  # the swept hero (resolved id)


# A sweep plays every value against every opponent: more values than this is a typing slip
# (1..1000000000), not a design question, and is refused before any value is built.
MAX_VALUES = 100

_NUMBER = r"-?\d+(?:\.\d+)?"


def parse_values(text: str) -> tuple:
    """``1..4`` (whole numbers, both ends included), ``1..4..2`` (a step), ``0..1..0.25`` (a
    fractional step), or ``1,2,5`` / ``0.2,0.5``. Each value once, at most ``MAX_VALUES``."""
    from decimal import Decimal

    from unmatched_sim.overrides import parse_value
    text = text.strip()
    m = re.fullmatch(rf"({_NUMBER})\s*\.\.\s*({_NUMBER})(?:\s*\.\.\s*({_NUMBER}))?", text)
    if m:
        lo, hi = Decimal(m.group(1)), Decimal(m.group(2))
        step = Decimal(m.group(3) or "1")
        if step <= 0 or hi < lo:
            raise UserError(f"sweep range {text!r} must go up: LOW..HIGH with LOW ≤ HIGH, and a step above 0 "
                            f"(LOW..HIGH..STEP)")
        count = int((hi - lo) / step) + 1          # counted before any value is built
        if count > MAX_VALUES:
            raise UserError(f"sweep range {text!r} has {count:,} values; at most {MAX_VALUES} are played "
                            f"(give a step: LOW..HIGH..STEP)")
        whole = all("." not in (g or "") for g in m.groups())
        values = tuple(int(lo + k * step) if whole else float(lo + k * step) for k in range(count))
    else:
        parts = [v for v in text.split(",") if v.strip()]
        if len(parts) > MAX_VALUES:
            raise UserError(f"sweep values {text[:40]!r}… are {len(parts):,}; at most {MAX_VALUES} are played")
        values = tuple(parse_value(v) for v in parts)
    if len(values) < 2:
        raise UserError(f"a sweep needs at least two values, as LOW..HIGH, LOW..HIGH..STEP or a,b,c (got {text!r})")
    names: dict[str, object] = {}
    for v in values:
        if run_name(v) in names:
            raise UserError(f"sweep values repeat: {names[run_name(v)]!r} and {v!r} (give each value once)")
        names[run_name(v)] = v
    return values


def parse_sweep(text: str, find_hero) -> SweepSpec:
    from unmatched_sim.overrides import parse_path
    if "=" not in text:
        raise UserError(f"sweep {text!r}: expected PATH=LOW..HIGH, e.g. houdini:Flourish.value=1..4")
    path, values = text.split("=", 1)
    hero, name, field = parse_path(path)
    hid = find_hero(hero).id
    path = f"{hid}:{name}.{field}" if name else f"{hid}.{field}"
    return SweepSpec(path, parse_values(values), hid)


def default_sweep_dir(spec: SweepSpec, seed: int, games: int) -> Path:
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", spec.path).strip("-")
    base = Path("runs") / f"sweep-{stem}_seed{seed}_n{games}"
    out, k = base, 2
    while out.exists():
        out = base.with_name(f"{base.name}-{k}")
        k += 1
    return out


def summarise(out: Path, spec: SweepSpec) -> pl.DataFrame:
    """Per value and opponent (and ``all``): the swept hero's games, wins, win rate and interval."""
    rows = []
    for v in spec.values:
        g = pl.read_parquet(out / run_name(v) / "games.parquet")
        g = g.filter(pl.col("hero_a") != pl.col("hero_b"))
        hero_won = pl.col("winner_hero") == spec.hero
        for opp, sub in [*((o, g.filter((pl.col("hero_b") == o) | (pl.col("hero_a") == o)))
                           for o in g["hero_b"].unique(maintain_order=True).to_list()), ("all", g)]:
            n = sub.height
            w = int(sub.filter(hero_won.fill_null(False)).height)
            lo, hi = wilson_interval(w, n)
            rows.append({"value": str(v), "x": float(v) if isinstance(v, (int, float)) else None,
                         "opponent": opp, "games": n, "wins": w, "win_rate": w / n if n else None,
                         "ci_low": lo, "ci_high": hi})
    return pl.DataFrame(rows)


def closest_to_even(table: pl.DataFrame) -> pl.DataFrame:
    """Per opponent (and ``all``): the value whose win rate is closest to 50%."""
    order = table["opponent"].unique(maintain_order=True).to_list()
    best = (table.with_columns((pl.col("win_rate") - 0.5).abs().alias("off"))
            .sort("off").group_by("opponent", maintain_order=True).first()
            .select("opponent", "value", "win_rate", "ci_low", "ci_high", "games"))
    return best.sort(pl.col("opponent").replace_strict({o: i for i, o in enumerate(order)}, return_dtype=pl.Int32))


def run_name(value) -> str:
    return "value-" + re.sub(r"[^A-Za-z0-9_.-]+", "_", str(value))


def run_sweep(spec: SweepSpec, against: list[str], *, games: int, seed: int, board: str, policy_a: str,
              policy_b: str, max_turns: int, jobs: int, out: Path, force: bool, progress: bool,
              extra_sets: tuple[str, ...] = (), command=None) -> dict:
    """Play every value (validated first, before any game) and write the sweep folder."""
    from tqdm import tqdm

    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.overrides import load_hero, parse_overrides, resolve
    from unmatched_sim.run import RunSpec, check_out_dir, execute, spec_files

    heroes = {spec.hero: find_hero(spec.hero)}
    for o in against:
        heroes[find_hero(o).id] = find_hero(o)
    if spec.hero in (find_hero(o).id for o in against):
        # the edit applies to the hero's file, so both sides of a mirror would carry it
        raise UserError(f"--against names {spec.hero}, the hero being swept: both sides of a mirror get "
                        f"the edit; sweep against other heroes")
    opponents = [h for h in heroes if h != spec.hero]
    if not opponents:
        raise UserError(f"a sweep of {spec.hero} needs an opponent other than {spec.hero} (--against)")
    pairings = tuple((spec.hero, o) for o in opponents)
    b = find_board(board)
    base_sets = resolve(parse_overrides(extra_sets), find_hero)
    if any(o.target == spec.path for o in base_sets):
        raise UserError(f"--set also sets {spec.path}, the field being swept")
    plans = []
    for v in spec.values:
        text = f"{spec.path}={json.dumps(v) if isinstance(v, str) else v}"
        ovs = base_sets + resolve(parse_overrides([text]), find_hero)
        defs = [load_hero(h.path, ovs) for h in heroes.values()]       # validated before any game
        hero_files, board_file = spec_files(defs, b)
        plans.append((v, RunSpec(pairings=pairings, games=games, seed=seed, board=b.id, policy_a=policy_a,
                                 policy_b=policy_b, max_turns=max_turns, hero_files=hero_files,
                                 board_file=board_file, overrides=tuple(o.text for o in ovs))))
    if out.exists():
        if not out.is_dir():
            raise UserError(f"--out {out} exists and is not a directory; choose another --out")
        if any(out.iterdir()):
            if not (out / "sweep.json").exists():
                raise UserError(f"--out {out} is a non-empty directory that is not a sweep; choose another --out")
            if not force:
                raise UserError(f"--out {out} already holds a sweep; use --force to replace it or choose another --out")
    # built in a temporary folder and moved into place at the end: an interrupted sweep loses nothing
    work = out.parent / f".{out.name}.tmp-{os.getpid()}"
    check_out_dir(work, False)
    total = sum(p.total_games for _, p in plans)
    bar = tqdm(total=total, unit="game", disable=not progress, desc="sweep", dynamic_ncols=True, leave=False)
    try:
        with built_in_place(work, out, "the sweep"):
            work.mkdir(parents=True, exist_ok=True)
            for i, (v, rs) in enumerate(plans):
                bar.set_description(f"sweep {spec.path}={v} ({i + 1}/{len(plans)})")
                execute(rs, work / run_name(v), jobs=jobs, force=False, progress=False,
                        command=(command or ["sim"] + sys.argv[1:]) + [f"# value {v}"])
                bar.update(rs.total_games)
            table = summarise(work, spec)
            best = closest_to_even(table)
            meta = _meta(spec, opponents, games, seed, b.id, policy_a, policy_b, base_sets, command)
            write_outputs(work, spec, table, best, meta)
    finally:
        bar.close()
    return {"table": table, "closest": best, "meta": meta, "out": out}


def _meta(spec, opponents, games, seed, board, policy_a, policy_b, base_sets, command) -> dict:
    return {"sweep": spec.path, "values": [v for v in spec.values], "hero": spec.hero, "opponents": opponents,
            "games_per_pairing": games, "seed": seed, "board": board, "policies": [policy_a, policy_b],
            "extra_overrides": [o.text for o in base_sets], "runs": {str(v): run_name(v) for v in spec.values},
            "command": command or ["sim"] + sys.argv[1:]}


def write_outputs(out: Path, spec: SweepSpec, table: pl.DataFrame, best: pl.DataFrame, meta: dict) -> None:
    from unmatched_sim.report.charts import save
    from unmatched_sim.report.sweep import sweep_chart
    from unmatched_sim.stats import round_half_up

    table.write_csv(out / "sweep.csv")
    (out / "sweep.json").write_text(json.dumps({**meta, "results": table.to_dicts(),
                                                "closest_to_50": best.to_dicts()}, indent=1) + "\n")
    save(sweep_chart(table, spec.path, spec.hero), out, "sweep")
    lines = [f"# Sweep of {spec.path}", "",
             f"{spec.hero} against {', '.join(meta['opponents'])}: {meta['games_per_pairing']} games per value and "
             f"opponent, seed {meta['seed']} (the same deals for every value), board {meta['board']}, policies "
             f"{' / '.join(meta['policies'])}" + (f"; also set: {'; '.join(meta['extra_overrides'])}"
                                                  if meta["extra_overrides"] else "") + ".", "",
             "![win rate against the value](sweep.png)", "",
             f"| {spec.path} | opponent | games | {spec.hero} win rate | 95% interval |", "|---:|:---|---:|---:|---:|"]
    def p1(x: float) -> str:        # as the command line and the reports round: 197/400 is 49.3%
        return round_half_up(100 * x, 1)

    for r in table.iter_rows(named=True):
        lines.append(f"| {r['value']} | {r['opponent']} | {r['games']} | {p1(r['win_rate'])}% | "
                     f"{p1(r['ci_low'])}–{p1(r['ci_high'])}% |")
    lines += ["", "Closest to an even 50%:", ""]
    for r in best.iter_rows(named=True):
        lines.append(f"- against {r['opponent']}: {spec.path}={r['value']} ({p1(r['win_rate'])}%, "
                     f"{p1(r['ci_low'])}–{p1(r['ci_high'])}%)")
    lines += ["", "Each value's games are a run directory (`" + "`, `".join(meta["runs"].values())
              + "`): `sim report`, `sim compare` (paired, same seeds) and `sim replay` work on them.", ""]
    (out / "summary.md").write_text("\n".join(lines), encoding="utf-8")
