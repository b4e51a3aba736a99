"""Re-play one game exactly and tell its story; check it against the run's log."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from unmatched_sim.data.board import load_board_file
from unmatched_sim.data.catalog import find_board, find_hero
from unmatched_sim.data.heroes import load_hero_file
from unmatched_sim.engine.game import DEFAULT_MAX_TURNS
from unmatched_sim.errors import UserError
from unmatched_sim.log import EventBuffer
from unmatched_sim.log import SLOTS
from unmatched_sim.run import GameSpec, play_game, read_games, read_run, seat_labels, seating
from unmatched_sim.story import tell


def _events_of(game, spec: GameSpec) -> list[dict]:
    buf = EventBuffer()
    buf.add_game(spec.game_id, seat_labels(spec), game)
    return buf.frame().drop("game_id").to_dicts()


def _team(spec: GameSpec, slot: int) -> str:
    return (" team A" if slot < 2 else " team B") if spec.format == "teams" else ""


def _names(heroes, spec: GameSpec) -> dict[str, str]:
    """Player label -> how the story names that player ("Houdini (a)", "Loki (c, team B)")."""
    lineup = spec.lineup or (spec.hero_a, spec.hero_b)
    names = {SLOTS[k]: f"{heroes[h].name} ({SLOTS[k]}{',' + _team(spec, k) if _team(spec, k) else ''})"
             for k, h in enumerate(lineup)}
    if spec.format == "coop":       # the enemies' seats, by their labels and files
        enemies = [e[1] for e in spec.coop if e[0] in ("villain", "minion")]
        labels = seat_labels(spec)[len(lineup):]
        names.update({label: f"{eid} ({label})" for label, eid in zip(labels, enemies)})
    return names


def _teams(spec: GameSpec) -> dict[str, str] | None:
    if spec.format == "coop":
        return {label: "the heroes" if k < len(spec.lineup) else "the enemies"
                for k, label in enumerate(seat_labels(spec))}
    if spec.format != "teams":
        return None
    return {SLOTS[k]: ("team A" if k < 2 else "team B") for k in range(len(spec.lineup))}


def _header(heroes, spec: GameSpec, board, pa: str, pb: str, row: dict | None) -> list[str]:
    if spec.lineup:
        order = seating(spec.format, len(spec.lineup), spec.rotation)
        who = ", ".join(f"{heroes[spec.lineup[k]].name} ({SLOTS[k]}{',' + _team(spec, k) if _team(spec, k) else ''})"
                        for k in order)
        kind = {"teams": "team game", "coop": "co-op game"}.get(spec.format, "free-for-all")
        lines = [f"Game {spec.game_id}: {kind} on {board.name}, seed {spec.seed}; turn order: {who}; "
                 f"policies {pa} (a{', team A' if spec.format == 'teams' else ''}) / {pb} (the others)"]
        if row is not None:
            winner = (row["winner_hero"] or "nobody").replace("+", " and ")
            lines.append(f"Logged result: {winner} won after {row['turns']} turns ({row['end_reason']})")
        return lines
    first = spec.hero_a if spec.a_first else spec.hero_b
    lines = [f"Game {spec.game_id}: {heroes[spec.hero_a].name} (a, {pa}) vs {heroes[spec.hero_b].name} "
             f"(b, {pb}) on {board.name}; seed {spec.seed}; {heroes[first].name} goes first"]
    if row is not None:
        winner = row["winner_hero"] or "nobody"
        lines.append(f"Logged result: {winner} won after {row['turns']} turns ({row['end_reason']})")
    return lines


def replay_from_run(run_dir: Path, game_id: int) -> list[str]:
    meta = read_run(run_dir)
    games = read_games(run_dir)
    rows = games.filter(pl.col("game_id") == game_id)
    if rows.height == 0:
        raise UserError(f"game {game_id} is not in {run_dir} (game ids run 0..{games.height - 1})")
    row = rows.row(0, named=True)
    from unmatched_sim.log import event_files
    from unmatched_sim.logcheck import (check_counts, check_parts, check_readable, check_rows, parts_of_game,
                                        reason)
    files = event_files(run_dir)
    if not files:
        raise UserError(f"{run_dir} has no event files in events/")
    check_counts(run_dir, meta, games.lazy())
    check_parts(run_dir, meta, files)
    own = parts_of_game(meta, files, game_id)     # only the game's own part is read: a damaged
    check_readable(run_dir, meta, own)            # part elsewhere does not stop this replay
    check_rows(run_dir, games.lazy(), own, game_id)
    heroes = {}
    for hid, f in meta["hero_files"].items():
        path = Path(f["path"])
        if not path.exists():
            raise UserError(f"hero file {path} used by this run no longer exists")
        hero = load_hero_file(path)
        if hero.sha256 == f["sha256"] and meta.get("overrides"):
            # a what-if run: the same --set overrides again (run.json records them)
            from unmatched_sim.overrides import load_hero, parse_overrides
            hero = load_hero(path, parse_overrides(meta["overrides"]), f["sha256"])
        if hero.sha256 != f["sha256"]:
            raise UserError(f"{path} has changed since this run was made, so the game cannot be "
                            "replayed exactly; restore the file or make a new run")
        heroes[hid] = hero
    from unmatched_sim.multiboard import board_file_of
    board_file = board_file_of(meta, row["board"])       # a run on several boards: the game's own
    board = load_board_file(Path(board_file["path"]))
    if board.sha256 != board_file["sha256"]:
        raise UserError(f"{board.path} has changed since this run was made; the game cannot be replayed exactly")
    spec = spec_of_row(row)
    if spec.format == "coop":       # the enemy files the run played against (run.json)
        import dataclasses
        spec = dataclasses.replace(spec, coop=tuple(tuple(e) for e in meta.get("coop", ())))
    game, replayed_row = play_game(spec, heroes, board, row["policy_a"], row["policy_b"],
                                   meta.get("max_turns", DEFAULT_MAX_TURNS))
    replayed = _events_of(game, spec)
    try:
        logged = (pl.scan_parquet(own).filter(pl.col("game_id") == game_id).sort("seq").collect()
                  .drop("game_id").to_dicts())
    except Exception as e:  # a part whose footer reads but whose pages are damaged
        raise UserError(f"events/{own[0].name if len(own) == 1 else ''} of {run_dir} is corrupt or "
                        f"unreadable ({reason(e)})") from None
    lines = _header(heroes, spec, board, row["policy_a"], row["policy_b"], row)
    lines += tell(replayed, _names(heroes, spec), _teams(spec))
    lines.append("")
    if replayed != logged:
        n = min(len(replayed), len(logged))
        k = next((i for i in range(n) if replayed[i] != logged[i]), n)
        got = replayed[k] if k < len(replayed) else "(nothing)"
        want = logged[k] if k < len(logged) else "(nothing)"
        print("\n".join(lines))
        raise UserError(f"replay of game {game_id} differs from the log at event {k}: "
                        f"logged {want}, replayed {got}")
    lines.append(f"✓ replay matches the {len(logged)} logged events of game {game_id}")
    return lines


def spec_of_row(row: dict) -> GameSpec:
    """The game a games-table row was made from (any format)."""
    fmt = row.get("format") or "duel"
    if fmt == "duel":
        return GameSpec(row["game_id"], row["pair"], row["seed"], row["hero_a"], row["hero_b"],
                        a_first=row["first_player"] == "a")
    lineup = tuple(row["lineup"])
    first_slot = SLOTS.index(row["first_player"])
    rotation = next(r for r in range(len(lineup)) if seating(fmt, len(lineup), r)[0] == first_slot)
    return GameSpec(row["game_id"], row["pair"], row["seed"], lineup[0], lineup[1], a_first=True,
                    lineup=lineup, rotation=rotation, format=fmt)


def replay_from_seed(hero_names, seed: int, first: str, board_name: str, policy_a: str, policy_b: str,
                     max_turns: int | None) -> list[str]:
    ha, hb = (find_hero(n) for n in hero_names)
    board = find_board(board_name)
    heroes = {ha.id: ha, hb.id: hb}
    from unmatched_sim.data.limits import check_fits
    check_fits([ha, hb], board, [(ha.id, hb.id)])
    spec = GameSpec(0, 0, seed, ha.id, hb.id, a_first=(first == "a"))
    game, row = play_game(spec, heroes, board, policy_a, policy_b,
                          DEFAULT_MAX_TURNS if max_turns is None else max_turns)
    lines = _header(heroes, spec, board, policy_a, policy_b, None)
    lines += tell(_events_of(game, spec), _names(heroes, spec))
    return lines
