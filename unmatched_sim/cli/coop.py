"""``sim coop``: heroes together against a villain and its minions (Tales to Amaze), seeded games
into a normal run directory (every event logged, replayable with ``sim replay``, resumable)."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math

import click
import polars as pl

from unmatched_sim.cli.common import (complete_heroes, ended_by_line, execute_all, fail, parse_boards, pct, prepare,
                                      run_options, split_names)


def _enemy_entries(villain: str, minions: str | None, events: str | None, players: int,
                   exact: bool = True) -> tuple:
    """The run's enemy files, (role, id, path, sha256): the villain, one minion per player (the
    villain's own list, repeated, when --minions is not given), the Amazing Events. ``players``:
    the largest line-up; with ``exact`` False (a tournament of several sizes) --minions may name
    more, and a game of n heroes meets the first n."""
    from unmatched_sim.coop import data

    v = data.find(villain, "villain")
    _check_playable(v)
    if minions:
        names = split_names([minions])
    elif v.minions:
        names = [v.minions[i % len(v.minions)] for i in range(players)]
    else:
        fail(f"{v.name} names no minions of its own; give one per hero with --minions")
    if len(names) != players and (exact or len(names) < players):
        fail(f"co-op with {players} hero{'es' if players > 1 else ''} needs {players} "
             f"minion{'s' if players > 1 else ''}; --minions names {len(names)}")
    ms = [data.find(m, "minion") for m in names]
    evs = [data.find(e, "event") for e in split_names([events])] if events else []
    for e in ms:
        _check_playable(e)
    return (("villain", v.id, v.path, v.sha256),) + tuple(("minion", m.id, m.path, m.sha256) for m in ms) \
        + tuple(("event", e.id, e.path, e.sha256) for e in evs)


def _check_playable(e) -> None:
    if not e.playable:
        what = "cards" if not e.cards else "move value" if e.move is None else "threat track"
        fail(f"{e.path}: {e.name} has no {what} yet, so it cannot be played; enter it from your copy "
             "(docs/coop.md) in a folder given by --villains-dir")


def coop_summary(out, players: int) -> dict:
    from unmatched_sim.stats import wilson_interval

    games = pl.read_parquet(out / "games.parquet")
    n = games.height
    wins = int(games.filter(pl.col("winner").is_not_null() & (pl.col("winner") != "villain")).height)
    ends = games.group_by("end_reason").len().sort(["len", "end_reason"], descending=[True, False])
    return {"games": n, "hero_wins": wins, "win_rate": wins / n if n else None,
            "ci95": list(wilson_interval(wins, n)), "players": players,
            "end_reasons": dict(zip(ends["end_reason"], ends["len"])),
            "mean_turns": float(games["turns"].mean()) if n else None}


def enemy_options(f):
    """``--minions`` and ``--events`` of ``sim coop`` and ``sim tournament --format coop``."""
    f = click.option("--events", default=None, metavar="E,F", help="Amazing Events in force, comma-separated.")(f)
    return click.option("--minions", default=None, metavar="A,B",
                        help="The minions, one per hero, comma-separated (a tournament: a game of n heroes meets the "
                             "first n) [default: the villain's own, repeated].")(f)


def _note_objective(villain: str, quiet: bool):
    from unmatched_sim.coop import data
    from unmatched_sim.coop.objectives import objective_rule
    v = data.find(villain, "villain")
    if v.objective != "generic" and objective_rule(v.objective).name == "generic" and not quiet:
        click.echo(f"note: {v.name}'s own objective ({v.objective}) is not played yet: its threat track "
                   "counts objectives, without bridges, doom tokens, fields or aliens (docs/coop.md)", err=True)
    return v


def _check_board(entries: tuple, bd, quiet: bool) -> None:
    """Refuse board ``bd`` if the villain's objective cannot be played on it (Martian Invader's
    fields); note what it lacks if the objective then counts on the threat track alone (Mothman's
    bridges)."""
    from unmatched_sim.coop import data
    from unmatched_sim.coop.objectives import objective_rule
    enemies = [data.find(e[1], e[0]) for e in entries if e[0] != "event"]
    rule = objective_rule(enemies[0].objective)
    problem = rule.board_problem(bd, enemies)
    if problem:
        fail(f"{enemies[0].name}: {problem}")
    note = rule.board_note(bd)
    if note and not quiet:
        click.echo(f"note: {enemies[0].name}'s objective ({enemies[0].objective}): {note}", err=True)


def _check_policies(policy_b) -> None:
    if policy_b is not None:
        fail("--policy-b has no side to play in co-op: every player plays --policy (or --policy-a)")


def run_coop(ids: list[str], lineups: list[tuple[str, ...]], entries: tuple, *, games, seed, board, policy,
             policy_a, policy_b, jobs, out, force, quiet, max_turns, no_progress, resume, backend, scheduler):
    """Play each line-up of ``lineups`` (hero ids by slot) ``games`` times against ``entries``' enemies
    into one run directory: (out, the run specs, seconds). ``games`` is already a multiple of
    every line-up's size."""
    from unmatched_sim.coop.game import DEFAULT_COOP_MAX_TURNS

    most = max(len(lu) for lu in lineups)
    specs = []
    for b in parse_boards(board):
        spec, _, bd = prepare(ids, [(ids[0], ids[-1])], games, seed, b, policy, policy_a, None, jobs,
                              max_turns or DEFAULT_COOP_MAX_TURNS)
        if most > len(bd.starts):
            fail(f"board {bd.id} has {len(bd.starts)} starting spaces, too few for {most} heroes")
        _check_board(entries, bd, quiet)
        specs.append(dataclasses.replace(spec, policy_b=spec.policy_a, format="coop", lineups=tuple(lineups),
                                         coop=entries))
    out, meta, elapsed = execute_all(specs, out, jobs, force, no_progress or quiet, resume, backend, scheduler)
    return out, specs, elapsed


@click.command("coop")
@click.argument("villain")
@click.argument("heroes", nargs=-1, required=True, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@run_options
@enemy_options
def coop(villain, heroes, games, seed, board, policy, policy_a, policy_b, jobs, out, force, as_json,
         max_turns, no_progress, resume, backend, scheduler, minions, events):
    """Co-op: 1-4 HEROES together against VILLAIN and one minion per hero (Tales to Amaze rules;
    `sim villains` lists what can be played). Every player plays --policy; every hero takes every
    starting space equally often (--games rounds up to a multiple of the heroes).
    """
    from unmatched_sim.cli.formats import round_games
    from unmatched_sim.data.catalog import find_hero

    ids = [find_hero(h).id for h in split_names(heroes)]
    if not 1 <= len(ids) <= 4:
        fail(f"co-op needs 1–4 heroes, got {len(ids)}")
    if len(set(ids)) != len(ids):
        fail("each hero may play only once in a co-op game")
    _check_policies(policy_b)
    entries = _enemy_entries(villain, minions, events, len(ids))
    _note_objective(villain, as_json)
    games = round_games(games, len(ids), as_json)
    out, specs, elapsed = run_coop(ids, [tuple(ids)], entries, games=games, seed=seed, board=board, policy=policy,
                                   policy_a=policy_a, policy_b=policy_b, jobs=jobs, out=out, force=force,
                                   quiet=as_json, max_turns=max_turns, no_progress=no_progress, resume=resume,
                                   backend=backend, scheduler=scheduler)
    summary = coop_summary(out, len(ids))
    summary.update({"villain": entries[0][1], "minions": [e[1] for e in entries if e[0] == "minion"],
                    "events": [e[1] for e in entries if e[0] == "event"], "heroes": list(ids),
                    "board": ",".join(s.board for s in specs), "seed": seed, "policy": specs[0].policy_a,
                    "elapsed_s": round(elapsed, 3), "out": str(out)})
    if as_json:
        click.echo(json.dumps(summary))
        return
    lo, hi = summary["ci95"]
    click.echo(f"co-op: {', '.join(ids)} against {summary['villain']} with {', '.join(summary['minions'])}"
               + (f"; events {', '.join(summary['events'])}" if summary["events"] else "")
               + f" on {summary['board']}: {summary['games']} games (seed {seed}), policy {summary['policy']}")
    click.echo(f"  heroes win {summary['hero_wins']} of {summary['games']}: {pct(summary['win_rate']).strip()}"
               f"  95% CI [{pct(lo).strip()}, {pct(hi).strip()}]")
    click.echo(ended_by_line(summary["end_reasons"]))
    click.echo(f"  mean game length {summary['mean_turns']:.1f} turns (every player's and enemy's turn counted)")
    click.echo(f"  {elapsed:.1f} s; log in {out}  (next: sim report {out})")


# --------------------------------------------------------------------------- sim tournament --format coop
def parse_players(spec: str | None, heroes: int) -> list[int]:
    """``--players`` of a co-op tournament: "2", "1-4" or "2,3" -> the line-up sizes, ascending
    [default: 1 to 4, as far as there are heroes]."""
    if spec is None:
        return list(range(1, min(4, heroes) + 1))
    sizes: set[int] = set()
    for part in spec.split(","):
        lo, dash, hi = part.strip().partition("-")
        try:
            a, b = int(lo), int(hi) if dash else int(lo)
        except ValueError:
            fail(f"--players '{spec}' must be a number of heroes per game, a range or a list, like 2, 1-4 or 2,3")
        if a > b:
            fail(f"--players '{spec}': the range {a}-{b} runs backwards")
        sizes.update(range(a, b + 1))
    if min(sizes) < 1 or max(sizes) > 4:
        fail(f"--players '{spec}': co-op is for 1 to 4 players")
    if max(sizes) > heroes:
        fail(f"a co-op line-up of {max(sizes)} players needs at least {max(sizes)} different heroes, got {heroes}")
    return sorted(sizes)


def coop_lineups(ids: list[str], sizes: list[int]) -> list[tuple[str, ...]]:
    """Every line-up of distinct heroes of each size (their order does not matter: every game
    rotates the turn order), smallest line-ups first."""
    return [tuple(c) for n in sizes for c in itertools.combinations(ids, n)]


def coop_tournament(ids: list[str], villain: str | None, minions, events, players, sample, *, games, seed, board,
                    policy, policy_a, policy_b, jobs, out, force, as_json, max_turns, no_progress, resume, backend,
                    scheduler) -> None:
    """``sim tournament --format coop``: every line-up of ``ids`` of the ``players`` sizes (or a
    sample of them) against ``villain``, into one run directory; prints the heroes' record."""
    from unmatched_sim.cli.formats import choose_lineups, round_games

    if villain is None:
        fail("--format coop needs --villain V (see: sim villains)")
    _check_policies(policy_b)
    sizes = parse_players(players, len(ids))
    entries = _enemy_entries(villain, minions, events, max(sizes), exact=False)
    _note_objective(villain, as_json)
    chosen = choose_lineups(coop_lineups(ids, sizes), sample, seed, as_json)
    # every hero of every line-up takes every turn position equally often: a multiple of each size
    games = round_games(games, math.lcm(*{len(lu) for lu in chosen}), as_json)
    out, specs, elapsed = run_coop(ids, chosen, entries, games=games, seed=seed, board=board, policy=policy,
                                   policy_a=policy_a, policy_b=policy_b, jobs=jobs, out=out, force=force,
                                   quiet=as_json, max_turns=max_turns, no_progress=no_progress, resume=resume,
                                   backend=backend, scheduler=scheduler)
    summary = tournament_summary(out)
    summary.update({"villain": entries[0][1], "minions": [e[1] for e in entries if e[0] == "minion"],
                    "events": [e[1] for e in entries if e[0] == "event"], "heroes": list(ids), "players": sizes,
                    "lineups": [list(lu) for lu in chosen], "games_per_lineup": games,
                    "board": ",".join(s.board for s in specs), "seed": seed, "policy": specs[0].policy_a,
                    "elapsed_s": round(elapsed, 3), "out": str(out)})
    if as_json:
        click.echo(json.dumps(summary))
        return
    from unmatched_sim.report.format import catalog_names, ci
    names = catalog_names(ids)
    total = summary["win_rate"]
    click.echo(f"co-op tournament against {summary['villain']}: {len(chosen)} line-ups of {', '.join(map(str, sizes))} "
               f"from {len(ids)} heroes, {games} games each ({total['games']} in all) on {summary['board']}, "
               f"seed {seed}, policy {summary['policy']}")
    click.echo(f"  heroes win {pct(total['win_rate']).strip()}  95% CI {ci(total['ci_low'], total['ci_high'])}")
    for r in summary["by_players"]:
        click.echo(f"  {r['players']} player{'s' if r['players'] > 1 else ' '}: win {pct(r['win_rate'])}  95% CI "
                   f"{ci(r['ci_low'], r['ci_high'])}  ({r['games']} games)")
    rows = summary["by_lineup"]
    shown = rows if len(rows) <= 12 else rows[:6] + rows[-6:]
    width = max(len(" + ".join(names.get(h, h) for h in r["lineup"].split("+"))) for r in shown)
    click.echo("  line-ups, strongest first" + (f" (the 6 strongest and 6 weakest of {len(rows)})"
                                                 if len(shown) < len(rows) else "") + ":")
    for r in shown:
        label = " + ".join(names.get(h, h) for h in r["lineup"].split("+"))
        click.echo(f"    {label:<{width}}  win {pct(r['win_rate'])}  95% CI {ci(r['ci_low'], r['ci_high'])}")
    click.echo(ended_by_line(summary["end_reasons"]))
    click.echo(f"  {elapsed:.1f} s; log in {out}  (next: sim report {out})")


def tournament_summary(out) -> dict:
    """A co-op run's record as JSON data (``analysis.coop``'s tables)."""
    from unmatched_sim.analysis import coop as K
    from unmatched_sim.analysis import open_run

    run = open_run(out)
    ends = K.end_reasons(run).group_by("end_reason", maintain_order=True).agg(pl.col("games").sum())
    return {"win_rate": K.win_rate(run).to_dicts()[0], "by_players": K.win_rate_by_players(run).to_dicts(),
            "by_lineup": K.win_rate_by_lineup(run).to_dicts(), "by_hero": K.win_rate_by_hero(run).to_dicts(),
            "end_reasons": dict(ends.iter_rows())}
