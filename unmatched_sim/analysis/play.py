"""How the AI played each hero, read from the event log: statistics a reader can judge the AI by.

``play_stats(run)`` gives one row per hero (columns below). Positions are rebuilt from the log's
``place``/``move``/``swap``/``conveyor``/``defeat`` rows; the board and each fighter's range come
from the board and hero files the run names in ``run.json`` (read as data, not played).

* ``turns`` — turns the hero's side played (``turn_end`` rows);
* ``ends_in_reach`` — share of those turns that ended with the hero where an opposing fighter could
  attack it **without moving** (adjacent, or ranged in a shared zone): the foe then has both its
  actions for attacks. A hero of several fighters (the Wayward Sisters) counts as in reach when
  any of its hero fighters still on the board is;
* ``attacked`` — attacks on the hero (on any of its hero fighters: every Sister);
  ``undefended`` — share of them the hero answered with no
  card (``no_defense``). The log does not hold hands (the opening hand is never logged), so it
  cannot tell "held no defense card" from "chose not to defend"; ``scripts/play_stats.py``
  measures the former exactly while playing;
* ``attacks_per_turn`` — attacks the side declared per turn;
* ``boosts``, ``played`` — cards the side discarded to BOOST, and cards it played (combat cards
  revealed, schemes); ``boost_share`` = boosts / (boosts + played).

Duel runs (``games.parquet`` with ``hero_a``/``hero_b``); each interval is a 95% Wilson interval
over turns (or attacks), which treats turns of a game as independent — they are not quite, so
read the intervals as a lower bound on the uncertainty.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import polars as pl

from unmatched_sim.analysis._common import with_ci
from unmatched_sim.analysis.run import Run, as_run

KINDS = ("place", "move", "swap", "conveyor", "conveyor_bin", "defeat", "turn_end", "attack",
         "no_defense", "boost", "reveal", "scheme", "setup")


def _geometry(run: Run):
    """(board, {(hero id, fighter name): ranged}, {hero id: its hero fighters' names}) — a hero of
    ``count`` several fighters (the Wayward Sisters) has them all, named as the engine names them
    ("Sister 1", "Sister 2", "Sister 3")."""
    from unmatched_sim.data.board import load_board_file
    from unmatched_sim.data.heroes import load_hero_file

    board = load_board_file(Path(run.meta["board_file"]["path"]))
    ranged, hero_name = {}, {}
    for hid, f in run.meta.get("hero_files", {}).items():
        h = load_hero_file(Path(f["path"]))
        n = getattr(h.hero, "count", 1)
        hero_name[hid] = frozenset([h.hero.name] if n == 1 else [f"{h.hero.name} {k}" for k in range(1, n + 1)])
        for fd in (h.hero, *h.sidekicks):
            ranged[(hid, fd.name)] = fd.ranged
            for k in range(1, 1 + getattr(fd, "count", 1)):
                ranged[(hid, f"{fd.name} {k}")] = fd.ranged
    return board, ranged, hero_name


def play_stats(run) -> pl.DataFrame:
    """Per hero: turns, ends_in_reach (+ ci), attacked, undefended (+ ci), attacks_per_turn,
    boosts, played, boost_share. See the module docstring."""
    run = as_run(run)
    board, ranged, hero_name = _geometry(run)
    sides = run.sides().select("game_id", "player", "hero")
    hero_of = {(g, p): h for g, p, h in sides.iter_rows()}
    foes_of = defaultdict(set)              # (game, player) -> the players it plays against
    for g, p, f in run.foes().iter_rows():
        foes_of[(g, p)].add(f)
    c = defaultdict(lambda: defaultdict(int))
    adjacent, same_zone = board.adjacent, board.same_zone

    def space_index(label):
        try:
            return board.space(label)
        except (KeyError, ValueError):
            return None

    for _lo, _hi, ev, _checked in run.slices(5_000, exact=True):
        rows = run.collect(ev.filter(pl.col("kind").is_in(KINDS))
                           .select("game_id", "seq", "player", "kind", "fighter", "target", "space", "detail")
                           .sort("game_id", "seq"))
        game = None
        pos: dict = {}
        for gid, _seq, player, kind, fighter, target, space, detail in rows.iter_rows():
            if gid != game:
                game, pos = gid, {}
            hero = hero_of.get((gid, player))
            if hero is None:
                continue
            st = c[hero]
            if kind in ("place", "move", "conveyor", "conveyor_bin"):
                if fighter is not None and space is not None:
                    pos[(player, fighter)] = space_index(space)
            elif kind == "swap":
                a, b = (player, fighter), None
                for key in pos:
                    if key[1] == target and key != a:
                        b = key
                if b is not None and a in pos:
                    pos[a], pos[b] = pos[b], pos[a]
            elif kind == "defeat":
                pos.pop((player, fighter), None)
            elif kind == "turn_end":
                st["turns"] += 1
                mine = [pos[(player, f)] for f in hero_name.get(hero, ()) if pos.get((player, f)) is not None]
                if not mine:
                    continue
                reach = False
                for (side, name), s in pos.items():
                    if side not in foes_of[(gid, player)] or s is None:
                        continue
                    foe = hero_of.get((gid, side))
                    if any(me in adjacent[s] or (ranged.get((foe, name)) and same_zone(s, me)) for me in mine):
                        reach = True
                        break
                st["ends_in_reach"] += reach
            elif kind == "attack":
                st["attacks"] += 1
                hit = [side for side in sorted(foes_of[(gid, player)])
                       if target in hero_name.get(hero_of.get((gid, side)), ())]
                if hit:                       # the target is a hero (not a sidekick)
                    c[hero_of[(gid, hit[0])]]["attacked"] += 1
            elif kind == "no_defense":
                if fighter in hero_name.get(hero, ()):
                    st["undefended"] += 1
            elif kind == "boost":
                st["boosts"] += 1
            elif kind in ("reveal", "scheme"):
                st["played"] += 1
    rows = []
    for hero in run.heroes():
        st = c[hero]
        spent = st["boosts"] + st["played"]
        rows.append({"hero": hero, "turns": st["turns"], "ends_in_reach_n": st["ends_in_reach"],
                     "attacked": st["attacked"], "undefended_n": st["undefended"],
                     "attacks_per_turn": st["attacks"] / st["turns"] if st["turns"] else None,
                     "boosts": st["boosts"], "played": st["played"],
                     "boost_share": st["boosts"] / spent if spent else None})
    df = pl.DataFrame(rows, schema={"hero": pl.Utf8, "turns": pl.Int64, "ends_in_reach_n": pl.Int64,
                                    "attacked": pl.Int64, "undefended_n": pl.Int64,
                                    "attacks_per_turn": pl.Float64, "boosts": pl.Int64, "played": pl.Int64,
                                    "boost_share": pl.Float64})
    df = with_ci(df, "ends_in_reach_n", "turns", "ends_in_reach", "ends_in_reach_lo", "ends_in_reach_hi")
    df = with_ci(df, "undefended_n", "attacked", "undefended", "undefended_lo", "undefended_hi")
    return df.select("hero", "turns", "ends_in_reach", "ends_in_reach_lo", "ends_in_reach_hi",
                     "attacked", "undefended", "undefended_lo", "undefended_hi", "attacks_per_turn",
                     "boosts", "played", "boost_share")
