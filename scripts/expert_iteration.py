"""Expert iteration: the search labels decisions, the heuristic's general weights are fitted to
its choices (``unmatched_sim.policies.learn``).

    UNMATCHED_SIM_PURE=1 python scripts/expert_iteration.py labels --out LABELS --games 60 --seed 1
    UNMATCHED_SIM_PURE=1 python scripts/expert_iteration.py fit LABELS [LABELS2 ...] --l2 0.05

``labels`` plays ``--games`` games of ``--policy`` (tuned) on both sides, each between two heroes
drawn from the roster (seeded; seats alternate), and at a ``--share`` of the decisions the
heuristic scores option by option (action, attack target, attack card, defense card, a move's
destination) runs ``ismcts`` (``--iterations`` playouts, all played anew) from the deciding
player's information set. Each option is one row of ``LABELS/all.parquet``: the heuristic's
score, its derivative by each weight of ``learn.WEIGHTS`` (relative: the weight at w (1 + θ)),
the search's visits, mean reward and pick, and the heuristic's own pick. The same seed writes the
same rows. The derivatives need the uncompiled build (the weights are varied as Python
globals); the search runs ~4x faster compiled, so the two parts can run apart and join:

    UNMATCHED_SIM_PURE=1 python scripts/expert_iteration.py labels --out L --part features ...
    python scripts/expert_iteration.py labels --out L --part search ...       # compiled

``fit`` splits the decisions by game (``--holdout`` of the games held out), fits θ by a
conditional logit on the search's visit shares (``--target picks``: on its pick alone) with
L2 ``--l2`` toward the current weights, and prints the top-1 agreement with the search's pick
before and after, on the training and the held-out decisions, by decision kind, and the
weights it proposes.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

import numpy as np
import polars as pl

from unmatched_sim.data.catalog import find_board, find_hero, hero_ids
from unmatched_sim.policies import learn
from unmatched_sim.run import GameSpec, game_seed, play_game


def collect(out: Path | None, games: int, seed: int, iterations: int, share: float, policy: str,
            board_id: str, heroes: list[str] | None = None, step: float = 0.1, quiet: bool = False,
            horizon: int = 1, part: str = "all") -> pl.DataFrame:
    """Play the games and label their sampled decisions; the rows (also written to
    ``out/<part>.parquet`` when ``out`` is given). ``part`` "features" works out the heuristic's
    scores and their derivatives only (uncompiled build), "search" the search's statistics only
    (either build: compiled is ~4x faster), "all" both; the parts of one seed join on (game,
    decision) to the rows of "all", as compiled and uncompiled play the same games."""
    features, search = part in ("all", "features"), part in ("all", "search")
    if features and not learn.can_vary_weights():
        raise SystemExit("error: the features need the uncompiled build (set UNMATCHED_SIM_PURE=1)")
    ids = heroes or hero_ids()
    loaded = {h: find_hero(h) for h in ids}
    board = find_board(board_id)
    pick_rng = random.Random(f"{seed}:pairs")
    rows: list[dict] = []
    labelled = 0
    for i in range(games):
        a, b = pick_rng.sample(ids, 2)
        gs = game_seed(seed, a, b, i)
        g = GameSpec(i, i, gs, a, b, a_first=(i % 2 == 0))
        sample = random.Random(f"{gs}:sample")
        count = [0]

        def on_decision(game, d, choice, g=g, sample=sample, count=count):
            nonlocal labelled
            dec = count[0]
            count[0] += 1
            if d.kind not in learn.KINDS or len(d.options) < 2 or sample.random() >= share:
                return
            # The same decisions in every part: those the heuristic scores option by option.
            if learn.scores_now(game, d, policy, f"{g.seed}:score") is None:
                return
            got = learn.option_features(game, d, policy, step=step, seed=f"{g.seed}:score") if features else None
            lab = (learn.search_label(game, d, iterations, seed=f"{g.seed}:{dec}:search", horizon=horizon)
                   if search else None)
            hero = g.hero_a if (d.player == 0) == g.a_first else g.hero_b
            opts = [repr(o) for o in d.options]
            policy_pick = opts.index(repr(choice))
            for j, o in enumerate(opts):
                row = {"game": g.game_id, "dec": dec, "j": j, "game_seed": g.seed, "hero": hero,
                       "hero_a": g.hero_a, "hero_b": g.hero_b, "seat": d.player, "turn": game.turn,
                       "kind": d.kind, "option": o, "policy_pick": j == policy_pick}
                if got is not None:
                    row["score"] = got[0][j]
                    for k, n in enumerate(learn.WEIGHTS):
                        row[f"f_{n}"] = float(got[1][j, k])
                if lab is not None:
                    row.update(visits=lab["visits"][j], reward=lab["reward"][j], search_pick=j == lab["pick"])
                rows.append(row)
            labelled += 1

        play_game(g, loaded, board, policy, policy, record=False, on_decision=on_decision)
        if not quiet:
            print(f"game {i + 1}/{games}: {a} v {b}, {labelled} decisions labelled", file=sys.stderr, flush=True)
    df = pl.DataFrame(rows)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        df.write_parquet(out / f"{part}.parquet")
        (out / f"{part}.json").write_text(json.dumps(
            {"games": games, "seed": seed, "iterations": iterations, "share": share, "policy": policy,
             "board": board_id, "heroes": ids, "step": step, "horizon": horizon, "part": part,
             "weights": learn.base_weights()}, indent=1))
    return df


def labelled_at(path: Path) -> dict | None:
    """The weights the features of a labels folder were worked out at."""
    for part in ("all", "features"):
        f = path / f"{part}.json"
        if path.is_dir() and f.exists():
            return json.loads(f.read_text()).get("weights")
    return None


def read_labels(path: Path) -> pl.DataFrame:
    """A labels folder's rows: ``all.parquet``, or its ``features`` and ``search`` parts joined."""
    if path.is_file():
        return pl.read_parquet(path)
    if (path / "all.parquet").exists():
        return pl.read_parquet(path / "all.parquet")
    f, s = path / "features.parquet", path / "search.parquet"
    if not (f.exists() and s.exists()):
        raise SystemExit(f"error: no labels in {path} (all.parquet, or features.parquet and search.parquet)")
    feats = pl.read_parquet(f)
    srch = pl.read_parquet(s).select(["game", "dec", "j", "option", "visits", "reward", "search_pick"])
    joined = feats.join(srch, on=["game", "dec", "j"], how="inner")
    if (joined["option"] != joined["option_right"]).any() or joined.height != feats.height:
        raise SystemExit(f"error: the parts in {path} are not of the same games")
    return joined.drop("option_right")


def decisions(df: pl.DataFrame, target: str = "visits") -> tuple[learn.Decisions, np.ndarray, np.ndarray, np.ndarray]:
    """The rows as ``learn.Decisions`` (one decision per (source, game, decision)); also each
    decision's game key, kind index, the row of the search's pick and whether the search told
    its options apart (not every option at the same mean reward)."""
    df = df.sort(["src", "game", "dec", "j"])
    key = df.select((pl.col("src").cast(pl.Utf8) + ":" + pl.col("game").cast(pl.Utf8) + ":"
                     + pl.col("dec").cast(pl.Utf8)).alias("k"))["k"]
    _, group = np.unique(key.to_numpy(), return_inverse=True)
    # (np.unique sorts the keys: renumber decisions in order of appearance)
    first = {}
    order = []
    for g in group:
        if g not in first:
            first[g] = len(first)
        order.append(first[g])
    group = np.asarray(order)
    n = group.max() + 1
    kinds = [learn.KINDS.index(k) for k in df["kind"].to_list()]
    kind = np.zeros(n, dtype=int)
    kind[group] = kinds
    games = np.empty(n, dtype=object)
    games[group] = (df["src"].cast(pl.Utf8) + ":" + df["game"].cast(pl.Utf8)).to_list()
    if target == "visits":
        v = df["visits"].to_numpy().astype(float)
        tot = np.zeros(n)
        np.add.at(tot, group, v)
        t = np.where(tot[group] > 0, v / np.maximum(tot[group], 1), 0)
    else:
        t = df["search_pick"].to_numpy().astype(float)
    picks = np.flatnonzero(df["search_pick"].to_numpy())
    r = df["reward"].to_numpy().astype(float)
    hi, lo = np.full(n, -np.inf), np.full(n, np.inf)
    np.maximum.at(hi, group, r)
    np.minimum.at(lo, group, r)
    F = df.select([f"f_{w}" for w in learn.WEIGHTS]).to_numpy()
    return learn.Decisions(group, kind, df["score"].to_numpy(), F, t), games, picks, hi - lo > 1e-9


def report(name: str, data: learn.Decisions, picks, theta) -> None:
    kinds = data.kind
    line = f"{name:<10} n={data.n:<5} all {learn.agreement(data, None, picks):6.1%} -> {learn.agreement(data, theta, picks):6.1%}"
    print(line)
    for k, kn in enumerate(learn.KINDS):
        keep = kinds == k
        if keep.sum() == 0:
            continue
        sub = data.subset(keep)
        sub_picks = _sub_picks(data, keep, picks)
        print(f"{'':<10} {kn:<17} n={sub.n:<5} {learn.agreement(sub, None, sub_picks):6.1%} -> "
              f"{learn.agreement(sub, theta, sub_picks):6.1%}")


def _sub_picks(data: learn.Decisions, keep: np.ndarray, picks: np.ndarray) -> np.ndarray:
    rows_kept = keep[data.group]
    new_row = np.cumsum(rows_kept) - 1
    return new_row[picks[keep]]


def fit(paths: list[Path], l2: float, holdout: float, seed: int, target: str, fixed: tuple = ()) -> dict:
    frames = []
    for i, p in enumerate(paths):
        if not p.exists():
            raise SystemExit(f"error: no labels at {p}")
        frames.append(read_labels(p).with_columns(pl.lit(i).alias("src")))
    df = pl.concat(frames, how="vertical_relaxed")
    data, games, picks, told = decisions(df, target)
    print(f"{data.n} decisions; the search told the options apart in {told.sum()} (the others are left out)")
    picks = _sub_picks(data, told, picks)
    data, games = data.subset(told), games[told]
    uniq = sorted(set(games))
    rng = random.Random(f"{seed}:holdout")
    held = set(rng.sample(uniq, max(1, int(round(holdout * len(uniq))))))
    test = np.array([g in held for g in games])
    train, hold = data.subset(~test), data.subset(test)
    free = np.array([n not in fixed for n in learn.WEIGHTS])
    res = learn.fit_weights(_columns(train, free), l2=l2, kinds=len(learn.KINDS))
    theta = np.zeros(len(learn.WEIGHTS))
    theta[free] = res["theta"]
    print(f"{data.n} decisions from {len(uniq)} games; {train.n} to fit, {hold.n} held out; "
          f"target: the search's {target}; l2 {l2}")
    print(f"cross-entropy (train): {res['loss_base']:.4f} -> {res['loss']:.4f}")
    print("top-1 agreement with the search's pick (current weights -> fitted):")
    report("train", train, _sub_picks(data, ~test, picks), theta)
    report("held out", hold, _sub_picks(data, test, picks), theta)
    pol = df.sort(["src", "game", "dec", "j"])["policy_pick"].to_numpy()[_rows_kept(df, told)]
    print(f"(the policy's own choice is its best-scored option in "
          f"{np.mean([pol[r] for r in _best_rows(data)]):.1%} of decisions)")
    base = labelled_at(paths[0]) or learn.base_weights()
    values = learn.fitted_values(theta, base=base)
    print(f"{'weight':<22}{'theta':>8}{'now':>8}{'fitted':>8}")
    for n, t in zip(learn.WEIGHTS, theta):
        print(f"{n:<22}{t:>8.3f}{base[n]:>8.3g}{values[n]:>8.3g}")
    return {"theta": theta.tolist(), "values": values}


def _columns(data: learn.Decisions, keep: np.ndarray) -> learn.Decisions:
    """The decisions with only the features of the weights ``keep`` marks (the others held)."""
    return learn.Decisions(data.group, data.kind, data.s0, data.F[:, keep], data.target)


def _rows_kept(df: pl.DataFrame, told: np.ndarray) -> np.ndarray:
    """The row mask of the decisions kept (``told``), rows in ``decisions``' order."""
    d = df.sort(["src", "game", "dec", "j"])
    key = (d["src"].cast(pl.Utf8) + ":" + d["game"].cast(pl.Utf8) + ":" + d["dec"].cast(pl.Utf8)).to_list()
    ids, out = {}, []
    for k in key:
        if k not in ids:
            ids[k] = len(ids)
        out.append(told[ids[k]])
    return np.asarray(out, dtype=bool)


def _best_rows(data: learn.Decisions):
    order = np.argsort(data.group, kind="stable")
    starts = np.searchsorted(data.group[order], np.arange(data.n))
    ends = np.append(starts[1:], len(order))
    for g in range(data.n):
        rows = order[starts[g]:ends[g]]
        yield rows[np.argmax(data.s0[rows])]


def write_weights(values: dict[str, float], path: Path = learn.WEIGHTS_FILE) -> None:
    """Rewrite the values of ``values``' weights in ``weights.py`` (each ``NAME = value`` line;
    its comment stays)."""
    text = path.read_text()
    for name, v in values.items():
        pat = re.compile(rf"^({name}\s*=\s*)([-+0-9.eE]+)( *)", re.M)
        if not pat.search(text):
            raise SystemExit(f"error: no weight {name} in {path}")
        text = pat.sub(lambda m: m.group(1) + (repr(v) + " ").ljust(len(m.group(2) + m.group(3))), text, count=1)
    path.write_text(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="stage", required=True)
    la = sub.add_parser("labels", help="play games and label sampled decisions with the search")
    la.add_argument("--out", type=Path, required=True, help="folder for <part>.parquet")
    la.add_argument("--part", choices=("all", "features", "search"), default="all",
                    help="features only (uncompiled), the search only (compiled is faster), or both")
    la.add_argument("--games", type=int, default=40)
    la.add_argument("--seed", type=int, default=1)
    la.add_argument("--iterations", type=int, default=200, help="the search's playouts per decision")
    la.add_argument("--share", type=float, default=0.15, help="share of the scored decisions labelled")
    la.add_argument("--horizon", type=int, default=2,
                    help="the search's playouts run this many turns before scoring (2: through the foe's reply)")
    la.add_argument("--policy", default="tuned", help="the policy playing both sides (and scored)")
    la.add_argument("--board", default="marmoreal")
    la.add_argument("--heroes", nargs="*", default=None, help="the roster drawn from (default: every hero)")
    fi = sub.add_parser("fit", help="fit the weights to labels")
    fi.add_argument("labels", type=Path, nargs="+")
    fi.add_argument("--l2", type=float, default=0.05)
    fi.add_argument("--holdout", type=float, default=0.3, help="share of the games held out")
    fi.add_argument("--seed", type=int, default=1)
    fi.add_argument("--target", choices=("visits", "picks"), default="visits")
    fi.add_argument("--json", type=Path, default=None, help="write θ and the fitted weights here")
    fi.add_argument("--fix", nargs="*", default=[], metavar="WEIGHT",
                    help="weights held at their current values")
    fi.add_argument("--write", action="store_true", help="write the fitted weights into weights.py")
    args = ap.parse_args()
    if args.stage == "labels":
        if args.games < 1 or not 0 < args.share <= 1 or args.iterations < 1:
            raise SystemExit("error: --games and --iterations must be at least 1, --share in (0, 1]")
        unknown = [h for h in args.heroes or [] if h not in hero_ids()]
        if unknown:
            raise SystemExit(f"error: unknown hero {unknown[0]!r}")
        collect(args.out, args.games, args.seed, args.iterations, args.share, args.policy, args.board, args.heroes,
                horizon=args.horizon, part=args.part)
    else:
        unknown = [n for n in args.fix if n not in learn.WEIGHTS]
        if unknown:
            raise SystemExit(f"error: {unknown[0]} is not one of the fitted weights ({', '.join(learn.WEIGHTS)})")
        got = fit(args.labels, args.l2, args.holdout, args.seed, args.target, tuple(args.fix))
        if args.json:
            args.json.write_text(json.dumps(got, indent=1))
        if args.write:
            write_weights(got["values"])


if __name__ == "__main__":
    main()
