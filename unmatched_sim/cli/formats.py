"""``sim matchup`` and ``sim tournament`` for free-for-all and team play (``--format ffa|teams``,
``--teams A,B:C,D``): parse, plan the line-ups, run, print. The duel path is in ``cli.play``."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random

import click
import polars as pl

from unmatched_sim.cli.common import ended_by_line, execute_all, fail, parse_boards, prepare

FORMAT_WORDS = {"ffa": "free-for-all", "teams": "team game"}


def parse_teams(spec: str) -> list[str]:
    """'houdini,genie:loki,pandora' -> the four heroes by slot (team A = a, b; team B = c, d)."""
    sides = [s for s in spec.split(":")]
    teams = [[h.strip() for h in side.split(",") if h.strip()] for side in sides]
    if len(teams) != 2 or any(len(t) != 2 for t in teams):
        fail(f"--teams '{spec}' must name two teams of two heroes, like --teams houdini,genie:loki,pandora")
    return teams[0] + teams[1]


def resolve_format(names: list[str], fmt: str | None, teams_spec: str | None) -> tuple[str, list[str]]:
    """The format and the heroes by slot, from the command's heroes, --format and --teams."""
    if fmt == "coop":
        fail("a co-op game is played with `sim coop VILLAIN HERO [HERO...]`; `sim tournament --format coop "
             "--villain V` plays every line-up")
    if teams_spec is not None:
        if names:
            fail("give the heroes either as arguments or with --teams, not both")
        if fmt not in (None, "teams"):
            fail(f"--teams makes a team game; it cannot be combined with --format {fmt}")
        return "teams", parse_teams(teams_spec)
    if fmt is None:
        fmt = "duel" if len(names) == 2 else "ffa"
    from unmatched_sim.engine.formats import make_format
    try:
        make_format(fmt, len(names))
    except ValueError as e:
        hint = {"duel": " (sim matchup HERO_A HERO_B)", "ffa": " (sim matchup A B C [D] --format ffa)",
                "teams": " (the first two heroes against the last two, or --teams A,B:C,D)"}.get(fmt, "")
        fail(f"{e}{hint}")
    return fmt, names


def check_board(board_id: str, players: int) -> None:
    """A board needs a starting space for every player (1..N)."""
    from unmatched_sim.data.catalog import all_boards, find_board
    b = find_board(board_id)
    missing = [k for k in range(1, players + 1) if k not in b.starts]
    if missing:
        fit = [x.id for x in all_boards() if all(k in x.starts for k in range(1, players + 1))]
        fail(f"board {b.id} has no starting space {missing[0]}, so it cannot seat {players} players"
              + (f"; try --board {fit[0]} ({', '.join(fit)} can)" if fit else ""))


def round_games(games: int, players: int, quiet: bool) -> int:
    """Every hero plays every turn position once per seed: --games rounds up to a multiple."""
    if games % players:
        new = games + players - games % players
        if not quiet:
            click.echo(f"note: --games {games} is not a multiple of {players}; playing {new} so that every "
                       "hero takes every turn position equally often", err=True)
        return new
    return games


def all_lineups(ids: list[str], fmt: str, players: int) -> list[tuple[str, ...]]:
    """Every line-up of distinct heroes: free-for-all, each set of ``players`` heroes (their order
    does not matter: every game rotates the seating); teams, each split of each four into two
    pairs (slots a, b against c, d)."""
    if fmt == "ffa":
        return [tuple(c) for c in itertools.combinations(ids, players)]
    out = []
    for four in itertools.combinations(ids, 4):
        a = four[0]
        for mate in four[1:]:
            rest = tuple(h for h in four[1:] if h != mate)
            out.append((a, mate) + rest)
    return out


def sample_lineups(lineups: list, k: int | None, seed: int) -> list:
    if k is None or k >= len(lineups):
        return lineups
    rng = random.Random(f"lineups:{seed}")
    return sorted(rng.sample(lineups, k), key=lineups.index)


def _summary(out, fmt: str, lineup: tuple[str, ...] | None) -> dict:
    from unmatched_sim.analysis import multi as M
    from unmatched_sim.stats import wilson_interval

    players = pl.read_parquet(out / "players.parquet")
    games = pl.read_parquet(out / "games.parquet")
    n = games.height
    res = {"format": fmt, "games": n}
    if lineup is not None:
        by_slot = players.group_by("slot").agg(pl.col("won").sum().alias("wins")).sort("slot")
        wins = dict(zip(by_slot["slot"], by_slot["wins"]))
        res["players"] = {f"{s}:{h}": {"hero": h, "slot": s, **({"team": "A" if s in "ab" else "B"} if fmt == "teams" else {}),
                                       "wins": int(wins.get(s, 0)), "win_rate": wins.get(s, 0) / n if n else None,
                                       "ci95": list(wilson_interval(int(wins.get(s, 0)), n))}
                          for s, h in zip("abcd", lineup)}
        if fmt == "teams":
            team_wins = {t: int(games.filter(pl.col("winner") == w).height) for t, w in (("A", "a+b"), ("B", "c+d"))}
            res["teams"] = {t: {"heroes": list(lineup[:2] if t == "A" else lineup[2:]), "wins": w,
                                "win_rate": w / n if n else None, "ci95": list(wilson_interval(w, n))}
                            for t, w in team_wins.items()}
    tp = M.turn_position(players)
    res["win_rate_by_position"] = {int(r["seat"]) + 1: {"games": r["games"], "win_rate": r["win_rate"],
                                                         "ci95": [r["ci_low"], r["ci_high"]]}
                                   for r in tp.iter_rows(named=True)}
    res["draws"] = int(games.filter(pl.col("winner").is_null()).height)
    res["mean_turns"] = float(games["turns"].mean()) if n else None
    res["end_reasons"] = dict(zip(*games.group_by("end_reason").len().sort("len", descending=True)
                                  .select("end_reason", "len")))
    hr = M.hero_results(players)
    res["heroes"] = {r["hero"]: {"games": r["games"], "wins": r["wins"], "win_rate": r["win_rate"],
                                 "ci95": [r["ci_low"], r["ci_high"]], "fair_share": r["expected"],
                                 "mean_place": r["mean_place"]} for r in hr.iter_rows(named=True)}
    return res


def _pct(x) -> str:
    from unmatched_sim.cli.common import pct      # one rounding rule for every command
    return pct(x)


def multi_run(names: list[str], fmt: str, lineups: list[tuple[str, ...]], *, games: int, seed: int,
              board: str, policy, policy_a, policy_b, jobs, out, force, as_json: bool, max_turns,
              no_progress: bool, resume: bool, backend: str, scheduler, overrides, single: bool) -> None:
    """Run ``lineups`` (heroes by slot) in format ``fmt`` and print the summary."""
    from unmatched_sim.data.catalog import find_hero

    players = len(lineups[0])
    games = round_games(games, players, as_json)
    ids = []
    for lu in lineups:
        for h in lu:
            if h not in ids:
                ids.append(h)
    boards = parse_boards(board)
    for b in boards:
        check_board(b, players)
    specs = []
    for b in boards:
        spec, heroes, bd = prepare(ids, [(lineups[0][0], lineups[0][1])], games, seed, b, policy, policy_a,
                                   policy_b, jobs, max_turns, overrides)
        specs.append(dataclasses.replace(spec, format=fmt, lineups=tuple(lineups)))
    out, meta, elapsed = execute_all(specs, out, jobs, force, no_progress or as_json, resume, backend, scheduler)
    summary = _summary(out, fmt, lineups[0] if single else None)
    summary.update({"lineups": [list(lu) for lu in lineups] if not single else [list(lineups[0])],
                    "board": ",".join(boards), "seed": seed, "elapsed_s": round(elapsed, 3), "out": str(out),
                    "policies": {"a": specs[0].policy_a, "others": specs[0].policy_b},
                    "overrides": list(specs[0].overrides)})
    if as_json:
        click.echo(json.dumps(summary))
        return
    name = {h: find_hero(h).name for h in ids}
    word = FORMAT_WORDS[fmt]
    if single:
        lu = lineups[0]
        who = (f"{name[lu[0]]} and {name[lu[1]]} (team A) against {name[lu[2]]} and {name[lu[3]]} (team B)"
               if fmt == "teams" else ", ".join(name[h] for h in lu))
        click.echo(f"{word}: {who} on {', '.join(boards)}: {summary['games']} games (seed {seed}; every hero in "
                   f"every turn position equally often), policies {specs[0].policy_a} (a) / {specs[0].policy_b}")
        if fmt == "teams":
            for t, r in summary["teams"].items():
                lo, hi = r["ci95"]
                click.echo(f"  team {t} ({' + '.join(r['heroes'])}): wins {r['wins']:>6}  win rate {_pct(r['win_rate'])}"
                           f"  95% CI [{_pct(lo)}, {_pct(hi)}]")
        else:
            width = max(len(k) for k in summary["players"])
            for key, r in summary["players"].items():
                lo, hi = r["ci95"]
                click.echo(f"  {key:<{width}}  wins {r['wins']:>6}  win rate {_pct(r['win_rate'])}"
                           f"  95% CI [{_pct(lo)}, {_pct(hi)}]   fair share {_pct(1 / len(lu))}")
    else:
        click.echo(f"{word} tournament: {len(lineups)} line-ups of {players} from {len(ids)} heroes, "
                   f"{games} games each ({summary['games']} in all) on {', '.join(boards)}, seed {seed}")
        width = max(len(h) for h in summary["heroes"])
        for h, r in summary["heroes"].items():
            lo, hi = r["ci95"]
            click.echo(f"  {h:<{width}}  games {r['games']:>6}  win rate {_pct(r['win_rate'])}  95% CI "
                       f"[{_pct(lo)}, {_pct(hi)}]  fair share {_pct(r['fair_share'])}  mean place {r['mean_place']:.2f}")
    pos = summary["win_rate_by_position"]
    click.echo("  by turn position: " + ", ".join(f"{k}: {_pct(v['win_rate']).strip()}" for k, v in pos.items()))
    if summary["draws"]:
        click.echo(f"  draws (turn limit) {summary['draws']}")
    click.echo(f"  mean game length {summary['mean_turns']:.1f} turns (every player's turn counted)")
    click.echo(ended_by_line(summary["end_reasons"]))
    click.echo(f"  {elapsed:.1f} s ({summary['games'] / max(elapsed, 1e-9):.0f} games/s); log in {out}")


def plan_tournament(names: list[str], fmt: str, players: int | None, sample: int | None, seed: int,
                    quiet: bool) -> list[tuple[str, ...]]:
    """The line-ups of a free-for-all or team tournament over ``names`` (hero ids)."""
    if fmt == "teams":
        players = 4
    elif players is None:
        players = 4 if len(names) >= 4 else 3
    if players not in (3, 4) or (fmt == "teams" and players != 4):
        fail(f"--players must be 3 or 4 for free-for-all (teams are always 4), got {players}")
    if len(names) < players:
        fail(f"a {FORMAT_WORDS[fmt]} tournament of {players} players needs at least {players} different heroes, "
              f"got {len(names)}")
    return choose_lineups(all_lineups(names, fmt, players), sample, seed, quiet)


def choose_lineups(lineups: list, sample: int | None, seed: int, quiet: bool) -> list:
    """The line-ups a tournament plays: all of ``lineups``, or ``--sample K`` of them drawn with
    the run's seed; the user is told which, and where the whole set is large."""
    if sample is not None and sample < 1:
        fail(f"--sample must be at least 1 (got {sample})")
    chosen = sample_lineups(lineups, sample, seed)
    if not quiet and len(chosen) < len(lineups):
        click.echo(f"note: playing {len(chosen)} line-ups sampled (seed {seed}) from the {len(lineups)} possible",
                   err=True)
    if not quiet and len(lineups) > 500 and sample is None:
        click.echo(f"note: {len(lineups)} line-ups; --sample K plays a random K of them", err=True)
    return chosen


def n_lineups(n_heroes: int, fmt: str, players: int) -> int:
    if fmt == "ffa":
        return math.comb(n_heroes, players)
    return math.comb(n_heroes, 4) * 3
