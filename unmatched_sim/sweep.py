"""Sweeps: one run per value of a hero-file field, all from the same seeds.

``sim sweep houdini:Flourish.value=1..4 --against genie,pandora -n 400`` plays Houdini against
each opponent with Flourish's value set to 1, 2, 3 and 4 (a ``--set`` override per run), into
``OUT/value-1``, ``OUT/value-2``... The value the hero file holds now is always played too, and
marked. Every run uses the same run seed, so game *i* is the same deal in every run: the runs
differ only by the value (and any two of them can be given to ``sim compare``). Two fields
(``sim sweep A=.. B=..``) play every combination, a grid drawn as a heatmap. ``--format ffa`` or
``teams`` plays the hero in one free-for-all or team line-up with the opponents instead of duels.

The sweep writes ``sweep.csv``/``sweep.json`` (the swept hero's win rate per value and opponent,
95% Wilson intervals), ``sweep.png``/``.svg`` and a page, ``index.html`` (self-contained, as every
report; ``summary.md`` the same in Markdown), and answers the designer's
question — which value makes the matchup even — in two ways that do not over-read noise:

* where the win rate crosses 50%: a logistic fit of the games' results on the value, its 50%
  point and a 95% interval (Fieller's, from the fit's covariance), or, when the crossing lies
  outside the range, what the trend says beyond it;
* a recommended value only when its interval does not overlap another candidate's: values whose
  intervals overlap cannot be told apart by these games, and are named together.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import polars as pl

from unmatched_sim.errors import UserError
from unmatched_sim.files import built_in_place
from unmatched_sim.report.format import even_label, even_short, opponent_label   # (no plotting loaded)
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


def current_value(spec: SweepSpec, hero_path: Path) -> object | None:
    """The value the hero file holds now at the swept path (None where the file does not set it
    and a default applies). Found by applying the path with a marker value and reading the
    unchanged file at the place the marker landed, so it addresses fields as ``--set`` does."""
    from unmatched_sim.files import read_toml
    from unmatched_sim.overrides import apply_raw, parse_override
    raw, _sha = read_toml(Path(hero_path), "hero")
    marker = object()
    o = replace(parse_override(f"{spec.path}=0"), hero=spec.hero, value=marker)
    changed = apply_raw(raw, [o], spec.hero)

    def find(new, old):
        if new is marker:
            return old if not isinstance(old, (dict, list)) else None
        if isinstance(new, dict):
            for k, v in new.items():
                got = find(v, old.get(k) if isinstance(old, dict) else None)
                if got is not _MISSING:
                    return got
        if isinstance(new, list):
            for i, v in enumerate(new):
                got = find(v, old[i] if isinstance(old, list) and i < len(old) else None)
                if got is not _MISSING:
                    return got
        return _MISSING
    got = find(changed, raw)
    return None if got is _MISSING else got


_MISSING = object()


def with_current(spec: SweepSpec, current) -> SweepSpec:
    """The spec with the current value among its values (in order, for numbers)."""
    if current is None or isinstance(current, bool) or run_name(current) in {run_name(v) for v in spec.values}:
        return spec
    values = spec.values + (current,)
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        values = tuple(sorted(values))
    if len(values) > MAX_VALUES:
        raise UserError(f"sweep of {spec.path}: with the current value {current} it has {len(values)} values; "
                        f"at most {MAX_VALUES} are played")
    return replace(spec, values=values)


def default_sweep_dir(specs, seed: int, games: int) -> Path:
    specs = _as_list(specs)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", "+".join(s.path for s in specs)).strip("-")
    base = Path("runs") / f"sweep-{stem}_seed{seed}_n{games}"
    out, k = base, 2
    while out.exists():
        out = base.with_name(f"{base.name}-{k}")
        k += 1
    return out


def _as_list(specs) -> list[SweepSpec]:
    return [specs] if isinstance(specs, SweepSpec) else list(specs)


def combos(specs) -> list[tuple]:
    """Every combination of the specs' values, the first spec's varying slowest."""
    return list(itertools.product(*(s.values for s in _as_list(specs))))


def combo_name(combo: tuple) -> str:
    """The run directory of one value (``value-3``) or one cell of a grid (``value-3__value-12``)."""
    return "__".join(run_name(v) for v in combo)


def combo_label(combo: tuple) -> str:
    return " × ".join(str(v) for v in combo)


def _read_players(run_dir: Path) -> pl.DataFrame:
    from unmatched_sim.analysis.players import players
    from unmatched_sim.analysis.run import Run
    return players(Run.from_frames(pl.read_parquet(run_dir / "games.parquet"), pl.DataFrame()))


def summarise(out: Path, specs, current: tuple | None = None) -> pl.DataFrame:
    """Per value (a grid: per combination) and opponent (and ``all`` with several): the swept
    hero's games, wins, win rate and 95% interval, ``even`` (the win rate of an even result: 50%,
    or a free-for-all's fair share) and ``current`` (the value the hero file holds now). In a
    free-for-all or team sweep the opponent is the rest of the table."""
    specs = _as_list(specs)
    hero = specs[0].hero
    rows = []
    for combo in combos(specs):
        p = _read_players(out / combo_name(combo))
        p = p.filter((pl.col("hero") == hero) & ~pl.col("mirror"))
        groups = [(o, p.filter(pl.col("against") == o)) for o in p["against"].unique(maintain_order=True).to_list()]
        # an even result: 1 in the number of sides at the table (a duel or teams 50%, a free-for-all of 3 33%)
        even = 1 / (2 + p["against"][0].count(", ")) if p.height and p["format"][0] == "ffa" else 0.5
        for opp, sub in groups + ([("all", p)] if len(groups) > 1 else []):
            n = sub.height
            w = int(sub["won"].sum())
            lo, hi = wilson_interval(w, n)
            row = {"value": combo_label(combo), "x": _num_or_none(combo[0]), "opponent": opp, "games": n,
                   "wins": w, "win_rate": w / n if n else None, "ci_low": lo, "ci_high": hi, "even": even,
                   "current": current is not None and all(run_name(a) == run_name(b) for a, b in zip(combo, current))}
            if len(specs) == 2:
                row.update({"value_1": str(combo[0]), "value_2": str(combo[1]), "y": _num_or_none(combo[1])})
            rows.append(row)
    return pl.DataFrame(rows)


def _num_or_none(v) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def recommend(table: pl.DataFrame) -> pl.DataFrame:
    """Per opponent (and ``all``): the value to choose, only where the games can tell it apart.

    The candidate is the value whose win rate is closest to even; every value whose 95% interval
    overlaps the candidate's is as good a candidate by these games. One value alone is
    recommended; several are named together (``value`` null, ``tied`` all of them). Columns:
    ``opponent``, ``value``, ``closest`` (the candidate, recommended or not), ``tied`` (values,
    comma-separated), ``win_rate``, ``ci_low``,
    ``ci_high``, ``games`` (the closest value's), ``even`` (50%, or a free-for-all's fair
    share), ``reaches_50`` (its interval holds the even mark)."""
    rows = []
    for opp in table["opponent"].unique(maintain_order=True).to_list():
        t = table.filter((pl.col("opponent") == opp) & pl.col("win_rate").is_not_null())
        if t.height == 0:
            continue
        even = t["even"][0] if "even" in t.columns else 0.5
        best = t.with_columns((pl.col("win_rate") - even).abs().alias("off")).sort("off").row(0, named=True)
        tied = t.filter((pl.col("ci_low") <= best["ci_high"]) & (pl.col("ci_high") >= best["ci_low"]))["value"]
        rows.append({"opponent": opp, "value": best["value"] if tied.len() == 1 else None, "closest": best["value"],
                     "tied": ", ".join(tied.to_list()),
                     "win_rate": best["win_rate"], "ci_low": best["ci_low"],
                     "ci_high": best["ci_high"], "games": best["games"], "even": even,
                     "reaches_50": best["ci_low"] <= even <= best["ci_high"]})
    return pl.DataFrame(rows, schema={"opponent": pl.Utf8, "value": pl.Utf8, "closest": pl.Utf8, "tied": pl.Utf8,
                                      "win_rate": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64, "games": pl.Int64,
                                      "even": pl.Float64, "reaches_50": pl.Boolean})


# --------------------------------------------------------------------------- the even crossing
def logistic_fit(xs: list[float], wins: list[int], games: list[int]):
    """Maximum-likelihood fit of P(win) = 1 / (1 + exp(-(b0 + b1·(x − mean x)))) to binomial
    counts by Newton's method: (b0, b1, covariance 2×2, mean x), or None where the fit has no
    finite answer (every game won, or lost, or results split perfectly by the value)."""
    n = sum(games)
    if n == 0 or sum(wins) in (0, n) or len(set(xs)) < 2:
        return None
    mx = sum(x * g for x, g in zip(xs, games)) / n
    c = [x - mx for x in xs]
    p0 = sum(wins) / n
    b0, b1 = math.log(p0 / (1 - p0)), 0.0
    for _ in range(100):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for ci, w, m in zip(c, wins, games):
            eta = b0 + b1 * ci
            p = 1 / (1 + math.exp(-eta)) if eta > -700 else 0.0
            wt = m * p * (1 - p)
            g0 += w - m * p
            g1 += (w - m * p) * ci
            h00 += wt
            h01 += wt * ci
            h11 += wt * ci * ci
        det = h00 * h11 - h01 * h01
        if det <= 1e-12:
            return None
        d0, d1 = (h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det
        b0, b1 = b0 + d0, b1 + d1
        if abs(d0) < 1e-10 and abs(d1) < 1e-10:
            break
    else:
        return None
    if abs(b1) * (max(c) - min(c)) > 50:        # the results split by the value: no finite slope
        return None
    return b0, b1, ((h11 / det, -h01 / det), (-h01 / det, h00 / det)), mx


def crossing(table: pl.DataFrame, opponent: str = "all", who: str = "the hero") -> dict:
    """Where the swept hero's win rate against ``opponent`` crosses the even mark (50%; a
    free-for-all: the fair share, see ``summarise``), from a logistic fit of
    the games on the value: ``estimate``, its 95% interval ``ci`` ([lo, hi], a bound null where
    the interval is open), ``within`` (the estimate lies within the values played), ``trend``
    (up, down or flat: the slope's interval excludes 0 or not) and ``text``, a sentence. Null
    numbers for values that are not numbers. ``who``: the hero as the sentence names it."""
    from unmatched_sim.stats import Z95
    t = table.filter((pl.col("opponent") == opponent) & pl.col("x").is_not_null() & (pl.col("games") > 0))
    out = {"opponent": opponent, "estimate": None, "ci": [None, None], "within": False, "trend": None, "text": ""}
    if t.height < 2 or t.height < table.filter(pl.col("opponent") == opponent).height:
        out["text"] = "the values are not numbers, so no crossing is estimated"
        return out
    xs, ws, ns = t["x"].to_list(), t["wins"].to_list(), t["games"].to_list()
    even = t["even"][0] if "even" in t.columns else 0.5
    mark = even_label(even)
    short = even_short(even)
    lo_x, hi_x = min(xs), max(xs)
    span = f"{_fmt(lo_x)}–{_fmt(hi_x)}"
    fit = logistic_fit(xs, ws, ns)
    if fit is None:
        won = sum(ws)
        side = ("wins every game" if won == sum(ns) else "loses every game" if won == 0 else
                "has too few wins or losses at some values for a trend to be fitted")
        out["text"] = f"{who} {side} over {span}, so no crossing of {mark} can be estimated"
        return out
    b0, b1, ((v00, v01), (_, v11)), mx = fit
    b0 -= math.log(even / (1 - even))            # crossing the even mark: b0 + b1·t = logit(even)
    z2 = Z95 * Z95
    slope_clear = b1 * b1 > z2 * v11
    out["trend"] = ("up" if b1 > 0 else "down") if slope_clear else "flat"
    all_above = all(r["ci_low"] > even for r in t.iter_rows(named=True))
    all_below = all(r["ci_high"] < even for r in t.iter_rows(named=True))
    if not slope_clear:
        where = (f"above {mark} at every value" if all_above else f"below {mark} at every value" if all_below
                 else f"near {mark} within its intervals")
        out["text"] = (f"the win rate does not change clearly with the value over {span} (the fitted trend's "
                       f"interval includes no change) and stays {where}: no crossing of {short} can be placed")
        return out
    est = mx - b0 / b1
    # Fieller: the values t where b0 + b1·t is within its 95% interval of 0
    a = b1 * b1 - z2 * v11
    bq = 2 * (b0 * b1 - z2 * v01)
    cq = b0 * b0 - z2 * v00
    disc = bq * bq - 4 * a * cq
    if disc >= 0:
        r1, r2 = sorted(((-bq - math.sqrt(disc)) / (2 * a), (-bq + math.sqrt(disc)) / (2 * a)))
        ci = [mx + r1, mx + r2]
    else:
        ci = [None, None]
    out.update({"estimate": est, "ci": ci, "within": lo_x <= est <= hi_x})
    ci_text = (f"95% interval {_fmt(ci[0])} to {_fmt(ci[1])}" if ci[0] is not None else "interval open")
    if out["within"]:
        out["text"] = f"the win rate crosses {mark} at about {_fmt(est)} ({ci_text})"
    else:
        way = "rising" if b1 > 0 else "falling"
        out["text"] = (f"the win rate does not cross {mark} within {span}; the trend ({way} with the value) says "
                       f"{short} would be "
                       f"near {_fmt(est)} ({ci_text}) — beyond the values played, so a sweep that reaches it "
                       "would confirm")
    return out


def _fmt(x) -> str:
    """A value of the swept field as the reports round it: whole numbers as they are, else one
    decimal (two below 1), half up."""
    from unmatched_sim.report.format import rounded
    if x is None:
        return "–"
    if float(x).is_integer():
        return str(int(x))
    return rounded(x, 2 if abs(x) < 1 else 1)


def run_name(value) -> str:
    return "value-" + re.sub(r"[^A-Za-z0-9_.-]+", "_", str(value))


def run_sweep(specs, against: list[str], *, games: int, seed: int, board: str, policy_a: str,
              policy_b: str, max_turns: int, jobs: int, out: Path, force: bool, progress: bool,
              extra_sets: tuple[str, ...] = (), command=None, fmt: str = "duel") -> dict:
    """Play every value (validated first, before any game) and write the sweep folder. The
    current value of each swept field is added to its values. ``fmt``: duel (one pairing per
    opponent), or ffa / teams (one line-up: the hero, then the opponents; teams: the hero and
    the first opponent against the other two)."""
    from tqdm import tqdm

    from unmatched_sim.data.catalog import find_board, find_hero
    from unmatched_sim.overrides import load_hero, parse_overrides, resolve
    from unmatched_sim.run import RunSpec, check_out_dir, execute, spec_files

    specs = _as_list(specs)
    if len({s.hero for s in specs}) > 1:
        raise UserError(f"a grid sweeps two fields of the same hero (got {specs[0].hero} and {specs[1].hero})")
    if len({s.path for s in specs}) < len(specs):
        raise UserError(f"a grid sweeps two different fields (got {specs[0].path} twice)")
    hero_id = specs[0].hero
    heroes = {hero_id: find_hero(hero_id)}
    for o in against:
        heroes[find_hero(o).id] = find_hero(o)
    if hero_id in (find_hero(o).id for o in against):
        # the edit applies to the hero's file, so both sides of a mirror would carry it
        raise UserError(f"--against names {hero_id}, the hero being swept: both sides of a mirror get "
                        f"the edit; sweep against other heroes")
    opponents = [h for h in heroes if h != hero_id]
    if not opponents:
        raise UserError(f"a sweep of {hero_id} needs an opponent other than {hero_id} (--against)")
    if fmt == "ffa" and not 2 <= len(opponents) <= 3:
        raise UserError(f"a free-for-all sweep seats {hero_id} with 2 or 3 opponents (--against; got {len(opponents)})")
    if fmt == "teams" and len(opponents) != 3:
        raise UserError(f"a team sweep needs 3 more heroes (--against PARTNER,FOE,FOE; got {len(opponents)})")
    currents = tuple(current_value(s, heroes[hero_id].path) for s in specs)
    specs = [with_current(s, c) for s, c in zip(specs, currents)]
    current = currents if all(c is not None for c in currents) else None
    pairings = tuple((hero_id, o) for o in opponents)
    b = find_board(board)
    base_sets = resolve(parse_overrides(extra_sets), find_hero)
    for s in specs:
        if any(o.target == s.path for o in base_sets):
            raise UserError(f"--set also sets {s.path}, the field being swept")
    plans = []
    for combo in combos(specs):
        texts = [f"{s.path}={json.dumps(v) if isinstance(v, str) else v}" for s, v in zip(specs, combo)]
        ovs = base_sets + resolve(parse_overrides(texts), find_hero)
        defs = [load_hero(h.path, ovs) for h in heroes.values()]       # validated before any game
        hero_files, board_file = spec_files(defs, b)
        rs = RunSpec(pairings=pairings, games=games, seed=seed, board=b.id, policy_a=policy_a,
                     policy_b=policy_b, max_turns=max_turns, hero_files=hero_files,
                     board_file=board_file, overrides=tuple(o.text for o in ovs))
        if fmt != "duel":
            rs = replace(rs, pairings=pairings[:1], format=fmt, lineups=((hero_id, *opponents),))
        plans.append((combo, rs))
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
            for i, (combo, rs) in enumerate(plans):
                bar.set_description(f"sweep {combo_label(combo)} ({i + 1}/{len(plans)})")
                execute(rs, work / combo_name(combo), jobs=jobs, force=False, progress=False,
                        command=(command or ["sim"] + sys.argv[1:]) + [f"# value {combo_label(combo)}"])
                bar.update(rs.total_games)
            table = summarise(work, specs, current)
            rec = recommend(table)
            # a crossing needs numbers in one dimension (a grid is read from its heatmap)
            who = display_names([hero_id]).get(hero_id, hero_id)
            cross = ([crossing(table, o, who) for o in table["opponent"].unique(maintain_order=True).to_list()]
                     if len(specs) == 1 and table["x"].null_count() == 0 else [])
            meta = _meta(specs, opponents, games, seed, b.id, policy_a, policy_b, base_sets, command, current, fmt)
            write_outputs(work, specs, table, rec, cross, meta)
    finally:
        bar.close()
    return {"table": table, "recommended": rec, "crossing": cross, "meta": meta, "out": out, "specs": specs}


def _meta(specs, opponents, games, seed, board, policy_a, policy_b, base_sets, command, current, fmt) -> dict:
    one = len(specs) == 1
    return {"sweep": " × ".join(s.path for s in specs), "paths": [s.path for s in specs],
            "values": list(specs[0].values) if one else [list(s.values) for s in specs],
            "current": (current[0] if one else list(current)) if current is not None else None,
            "hero": specs[0].hero, "opponents": opponents, "format": fmt,
            "games_per_pairing": games, "seed": seed, "board": board, "policies": [policy_a, policy_b],
            "extra_overrides": [o.text for o in base_sets],
            "runs": {combo_label(c): combo_name(c) for c in combos(specs)},
            "command": command or ["sim"] + sys.argv[1:]}


def display_names(ids: list[str]) -> dict[str, str]:
    from unmatched_sim.report.format import catalog_names
    return catalog_names(ids)


def recommendation_text(r: dict, path: str, names: dict[str, str] | None = None) -> str:
    """One line per opponent: the value to choose, or why there is none (opponents by display
    name from ``names``; the path as the commands take it)."""
    from unmatched_sim.report.format import ci, pct
    who = opponent_label(r["opponent"], names)
    at = f"{pct(r['win_rate'])}, {ci(r['ci_low'], r['ci_high'])}"
    if r["value"] is not None:
        near = "" if r["reaches_50"] else f" — the closest value, though its interval excludes {even_label(r['even'])}"
        return f"against {who}: {path}={r['value']} ({at}){near}"
    closest = r.get("closest")
    others = [v for v in r["tied"].split(", ") if v != closest] if closest else None
    head = "no single value" if r["reaches_50"] else "no value reaches an even matchup, and none stands out"
    if others:
        listed = (", ".join(others[:-1]) + " and " + others[-1] if 1 < len(others) <= 6 else others[0]
                  if len(others) == 1 else f"{len(others)} other values")
        return (f"against {who}: {head} — {closest}, the closest to {even_label(r['even'])} ({at}), cannot be told "
                f"apart from {listed} by these games (their 95% intervals overlap)")
    return (f"against {who}: {head} — {r['tied']} cannot be told apart by these games (their 95% intervals "
            f"overlap; the closest to {even_label(r['even'])} is at {at})")


def write_outputs(out: Path, specs, table: pl.DataFrame, rec: pl.DataFrame, cross: list[dict], meta: dict) -> None:
    """sweep.csv and sweep.json (ids, as the commands take them), the chart, and the page:
    index.html (self-contained: the chart inline, sortable tables) and summary.md, one document."""
    from unmatched_sim.report.charts import save
    from unmatched_sim.report.document import render_html, render_markdown
    from unmatched_sim.report.sweep import grid_chart, sweep_chart, sweep_document

    specs = _as_list(specs)
    path = " × ".join(s.path for s in specs)
    hero = specs[0].hero
    table.write_csv(out / "sweep.csv")
    (out / "sweep.json").write_text(json.dumps({**meta, "results": table.to_dicts(), "recommended": rec.to_dicts(),
                                                "crossing_even": cross}, indent=1) + "\n")
    names = display_names([hero, *meta["opponents"]])
    if len(specs) == 1:
        save(sweep_chart(table, path, hero, cross, names), out, "sweep")
    else:
        save(grid_chart(table, [s.path for s in specs], hero, names), out, "sweep")
    choice = {r["opponent"]: recommendation_text(r, path, names) for r in rec.iter_rows(named=True)}
    doc = sweep_document([s.path for s in specs], hero, table, cross, meta, names, choice)
    (out / "index.html").write_text(render_html(doc, out), encoding="utf-8")
    (out / "summary.md").write_text(render_markdown(doc), encoding="utf-8")
