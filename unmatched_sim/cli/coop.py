"""``sim coop``: heroes together against a villain and its minions (Tales to Amaze), seeded games
into a normal run directory (every event logged, replayable with ``sim replay``, resumable)."""

from __future__ import annotations

import dataclasses
import json

import click
import polars as pl

from unmatched_sim.cli.common import (complete_heroes, execute_all, fail, parse_boards, pct, prepare,
                                      run_options, split_names)


def _enemy_entries(villain: str, minions: str | None, events: str | None, players: int) -> tuple:
    """The run's enemy files, (role, id, path, sha256): the villain, one minion per player (the
    villain's own list, repeated, when --minions is not given), the Amazing Events."""
    from unmatched_sim.coop import data

    v = data.find(villain, "villain")
    _check_playable(v)
    if minions:
        names = split_names([minions])
    elif v.minions:
        names = [v.minions[i % len(v.minions)] for i in range(players)]
    else:
        fail(f"{v.name} names no minions of its own; give one per hero with --minions")
    if len(names) != players:
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


@click.command("coop")
@click.argument("villain")
@click.argument("heroes", nargs=-1, required=True, shell_complete=lambda c, p, i: complete_heroes(c, p, i))
@run_options
@click.option("--minions", default=None, metavar="A,B",
              help="The minions, one per hero, comma-separated [default: the villain's own, repeated].")
@click.option("--events", default=None, metavar="E,F", help="Amazing Events in force, comma-separated.")
def coop(villain, heroes, games, seed, board, policy, policy_a, policy_b, jobs, out, force, as_json,
         max_turns, no_progress, resume, backend, scheduler, minions, events):
    """Co-op: 1-4 HEROES together against VILLAIN and one minion per hero (Tales to Amaze rules;
    `sim villains` lists what can be played). Every player plays --policy; every hero takes every
    starting space equally often (--games rounds up to a multiple of the heroes).
    """
    from unmatched_sim.cli.formats import round_games
    from unmatched_sim.coop.game import DEFAULT_COOP_MAX_TURNS
    from unmatched_sim.data.catalog import find_hero

    ids = [find_hero(h).id for h in split_names(heroes)]
    if not 1 <= len(ids) <= 4:
        fail(f"co-op needs 1–4 heroes, got {len(ids)}")
    if len(set(ids)) != len(ids):
        fail("each hero may play only once in a co-op game")
    if policy_b is not None:
        fail("--policy-b has no side to play in co-op: every player plays --policy (or --policy-a)")
    entries = _enemy_entries(villain, minions, events, len(ids))
    from unmatched_sim.coop import data
    from unmatched_sim.coop.objectives import objective_rule
    v = data.find(villain, "villain")
    rule = objective_rule(v.objective)
    if v.objective != rule.name and not as_json:
        click.echo(f"note: {v.name}'s own objective ({v.objective}) is not played yet: its threat track "
                   "counts objectives, without bridges, doom tokens, fields or aliens (docs/coop.md)", err=True)
    games = round_games(games, len(ids), as_json)
    lineup = tuple(ids)
    specs = []
    for b in parse_boards(board):
        spec, _, bd = prepare(ids, [(ids[0], ids[-1])], games, seed, b, policy, policy_a, None, jobs,
                              max_turns or DEFAULT_COOP_MAX_TURNS)
        if len(ids) > len(bd.starts):
            fail(f"board {bd.id} has {len(bd.starts)} starting spaces, too few for {len(ids)} heroes")
        try:
            note = rule.board_note(bd)
        except ValueError as e:
            fail(f"{v.name}: {e}")
        if note and not as_json:
            click.echo(f"note: {v.name}'s objective ({v.objective}): {note}", err=True)
        specs.append(dataclasses.replace(spec, policy_b=spec.policy_a, format="coop", lineups=(lineup,),
                                         coop=entries))
    out, meta, elapsed = execute_all(specs, out, jobs, force, no_progress or as_json, resume, backend, scheduler)
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
    click.echo("  games ended by: " + ", ".join(f"{r} {c}" for r, c in summary["end_reasons"].items()))
    click.echo(f"  mean game length {summary['mean_turns']:.1f} turns (every player's and enemy's turn counted)")
    click.echo(f"  {elapsed:.1f} s; log in {out}")
