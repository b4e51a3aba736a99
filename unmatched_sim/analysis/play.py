"""How the AI played each hero, read from the event log: per-decision statistics a reader can
judge the AI by.

``play_stats(run)`` gives one row per hero and policy (columns below). Positions are rebuilt from
the log's ``place``/``move``/``swap``/``conveyor``/``defeat`` rows; the board and each fighter's
range come from the board and hero files the run names in ``run.json`` (read as data, not played).

Which sides count: in the run's own games both sides (one policy played both); in the games of a
robust or checked run (``--robust``, ``--check-with``) the sides another policy played, so a
checked run shows, hero by hero, how the checking policy plays it next to the run's policy. A
side the run's policy played against another policy is left out (it faced another opponent).

* ``turns`` — turns the side played (``turn_end`` rows); ``games`` — games it played;
* ``ends_in_reach`` — share of those turns that ended with the hero where an opposing fighter could
  attack it **without moving** (adjacent, or ranged in a shared zone): the foe then has both its
  actions for attacks. A hero of several fighters (the Wayward Sisters) counts as in reach when
  any of its hero fighters still on the board is;
* ``start_hit`` — share of the foe's turns that began with damage to the side's fighters before the
  foe's first action (Medusa's gaze, Tesla's coil overflow...): ``start_damage`` is that damage
  per foe turn;
* ``target_choices`` — attacks declared by a fighter that could attack, from where it stood, both
  an opposing hero fighter and an opposing sidekick (rebuilt from positions and ranges); ``on_hero``
  — share of them made on the hero. The log does not say which attacks the engine offered, so an
  effect that forbids a target (or one that lets a fighter attack from further away) is not seen,
  and the attacker itself was a choice too: this is the share *given the attacker*;
* ``attacked`` — attacks on the hero (on any of its hero fighters: every Sister);
  ``undefended`` — share of them the hero answered with no card (``no_defense``). The log does not
  hold hands (the opening hand is never logged), so it cannot tell "held no defense card" from
  "chose not to defend"; ``scripts/play_stats.py`` measures the former exactly while playing;
* ``ransoms_offered`` — Blackbeard's ransoms offered to the side that it could pay (``ransom_paid``
  rows, and ``ransom_refused`` rows whose treasury held enough); ``ransoms_paid`` — share of them
  paid; ``doubloons_paid`` — doubloons the side paid in ransoms;
* ``deck_out`` — share of games in which the side's deck ran out (``deck_empty``);
  ``exhaustion_damage`` — exhaustion damage its fighters took per game, with a 95% normal interval
  over its games;
* ``hand_limit_turns`` — share of its turns that ended with cards discarded unused at the hand
  limit (``discard`` and the Sisters' ``to_cauldron`` rows with ``detail`` = ``hand_limit``);
  ``hand_limit_discards`` — such cards per turn;
* ``attacks_per_turn`` — attacks the side declared per turn;
* ``boosts``, ``played`` — cards the side discarded to BOOST, and cards it played (combat cards
  revealed, schemes); ``boost_share`` = boosts / (boosts + played).

Each share comes with its count and a 95% Wilson interval (``_lo``/``_hi``), which treats turns
(or attacks) of a game as independent — they are not quite, so read the intervals as a lower
bound on the uncertainty. Duel runs (``games.parquet`` with ``hero_a``/``hero_b``).
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path

import polars as pl

from unmatched_sim.analysis._common import with_ci
from unmatched_sim.analysis.run import Run, as_run
from unmatched_sim.stats import Z95

KINDS = ("place", "move", "swap", "conveyor", "conveyor_bin", "defeat", "turn_start", "action", "turn_end",
         "attack", "no_defense", "boost", "reveal", "scheme", "damage", "deck_empty", "discard", "to_cauldron",
         "ransom_paid", "ransom_refused", "return_fighter")

#: the counts, in the table's order
COUNTS = ("games", "turns", "ends_in_reach_n", "foe_turns", "start_hit_n", "start_damage_total",
          "target_choices", "on_hero_n", "attacked", "undefended_n", "ransoms_offered", "ransoms_paid_n",
          "doubloons_paid", "deck_out_n", "exhaustion_damage_total", "hand_limit_turns_n", "hand_limit_discards_total",
          "attacks",
          "boosts", "played")


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


def _every_game(run: Run) -> Run:
    """The run with the games of its other policies too (a robust or checked run), or the run."""
    if run.limit is None or run.robust_games is None or not run.event_files:
        return run
    return Run(games=pl.concat([run.games, run.robust_games]), events=pl.scan_parquet(run.event_files),
               meta=run.meta, path=run.path, event_files=run.event_files)


def _sides(run: Run) -> dict:
    """(game, player) -> (hero, policy) for every side that counts (see the module docstring)."""
    base = run.meta.get("policy_a")
    games = run.collect(run.games.select("game_id", "hero_a", "hero_b", "policy_a", "policy_b"), "games")
    out = {}
    for gid, ha, hb, pa, pb in games.iter_rows():
        for side, hero, mine, theirs in (("a", ha, pa, pb), ("b", hb, pb, pa)):
            if base is None or theirs == base or mine != base:
                out[(gid, side)] = (hero, mine or "?")
    return out


def play_stats(run) -> pl.DataFrame:
    """Per hero and policy: the counts and shares of the module docstring, each share with its 95%
    interval. Rows in the run's hero order, the run's own policy first."""
    run = _every_game(as_run(run))
    board, ranged, hero_name = _geometry(run)
    key_of = _sides(run)
    foes_of = defaultdict(set)              # (game, player) -> the players it plays against
    for g, p, f in run.foes().iter_rows():
        foes_of[(g, p)].add(f)
    hero_of = {(g, p): h for g, p, h in run.sides().select("game_id", "player", "hero").iter_rows()}
    c = defaultdict(lambda: defaultdict(int))
    exhaustion: dict = defaultdict(int)      # (game, player) -> exhaustion damage
    for key in key_of.values():
        c[key]["games"] += 1
    adjacent, same_zone = board.adjacent, board.same_zone

    def space_index(label):
        try:
            return board.space(label)
        except (KeyError, ValueError):
            return None

    def reach(s, me, foe, name) -> bool:
        return me in adjacent[s] or bool(ranged.get((foe, name)) and same_zone(s, me))

    for _lo, _hi, ev, _checked in run.slices(5_000, exact=True):
        rows = run.collect(ev.filter(pl.col("kind").is_in(KINDS))
                           .select("game_id", "seq", "player", "kind", "fighter", "target", "space", "amount",
                                   "value", "detail")
                           .sort("game_id", "seq"))
        game = None
        pos: dict = {}
        active, start = None, False
        for gid, _seq, player, kind, fighter, target, space, amount, value, detail in rows.iter_rows():
            if gid != game:
                game, pos, active, start, deck_out, turn_no, hand_limit = gid, {}, None, False, set(), 0, set()
            key = key_of.get((gid, player))
            hero = hero_of.get((gid, player))
            st = c[key] if key is not None else None
            if kind in ("place", "move", "conveyor", "conveyor_bin", "return_fighter"):
                if fighter is not None and space is not None:
                    pos[(player, fighter)] = space_index(space)
            elif kind == "swap":
                a, b = (player, fighter), None
                for k in pos:
                    if k[1] == target and k != a:
                        b = k
                if b is not None and a in pos:
                    pos[a], pos[b] = pos[b], pos[a]
            elif kind == "defeat":
                pos.pop((player, fighter), None)
            elif kind == "turn_start":
                active, start, turn_no = player, True, turn_no + 1
                for foe in foes_of[(gid, player)]:
                    if (gid, foe) in key_of:
                        c[key_of[(gid, foe)]]["foe_turns"] += 1
                        c[key_of[(gid, foe)]]["_hit_this_turn"] = 0
            elif kind == "action":
                start = False
            elif kind == "damage":
                if start and player != active and st is not None:
                    st["start_damage_total"] += amount or 0
                    if not st["_hit_this_turn"]:
                        st["_hit_this_turn"] = 1
                        st["start_hit_n"] += 1
                if detail == "exhaustion" and st is not None:
                    st["exhaustion_damage_total"] += amount or 0
                    exhaustion[(gid, player)] += amount or 0
            elif st is None:
                if kind == "attack":         # an uncounted side's attack on a counted side's hero
                    _attacked(c, key_of, hero_of, hero_name, foes_of, gid, player, target)
                continue
            elif kind == "turn_end":
                start = False
                st["turns"] += 1
                mine = [pos[(player, f)] for f in hero_name.get(hero, ()) if pos.get((player, f)) is not None]
                if mine and any(reach(s, me, hero_of.get((gid, side)), name)
                                for (side, name), s in pos.items()
                                if side in foes_of[(gid, player)] and s is not None for me in mine):
                    st["ends_in_reach_n"] += 1
            elif kind == "attack":
                st["attacks"] += 1
                at = pos.get((player, fighter))
                if at is not None:
                    can = {"hero": False, "sidekick": False}
                    for (side, name), s in pos.items():
                        if side in foes_of[(gid, player)] and s is not None and reach(at, s, hero, fighter):
                            can["hero" if name in hero_name.get(hero_of.get((gid, side)), ()) else "sidekick"] = True
                    if can["hero"] and can["sidekick"]:
                        st["target_choices"] += 1
                        st["on_hero_n"] += any(target in hero_name.get(hero_of.get((gid, side)), ())
                                               for side in foes_of[(gid, player)])
                _attacked(c, key_of, hero_of, hero_name, foes_of, gid, player, target)
            elif kind == "no_defense":
                if fighter in hero_name.get(hero, ()):
                    st["undefended_n"] += 1
            elif kind == "boost":
                st["boosts"] += 1
            elif kind in ("reveal", "scheme"):
                st["played"] += 1
            elif kind == "deck_empty":
                if player not in deck_out:
                    deck_out.add(player)
                    st["deck_out_n"] += 1
            elif kind in ("discard", "to_cauldron"):
                if detail == "hand_limit":
                    st["hand_limit_discards_total"] += 1
                    if (player, turn_no) not in hand_limit:
                        hand_limit.add((player, turn_no))
                        st["hand_limit_turns_n"] += 1
            elif kind == "ransom_paid":
                st["ransoms_offered"] += 1
                st["ransoms_paid_n"] += 1
                st["doubloons_paid"] += amount or 0
            elif kind == "ransom_refused":
                could = (value or 0) >= amount if amount else (value or 0) > 0
                st["ransoms_offered"] += could
    return _table(run, c, _per_game_interval(key_of, exhaustion))


def _per_game_interval(key_of: dict, per_side: dict) -> dict:
    """{key: (low, high)}: the 95% normal interval of the mean of ``per_side`` over each key's games
    (a game without an entry counts 0); None with fewer than two games."""
    values = defaultdict(list)
    for side, key in key_of.items():
        values[key].append(per_side.get(side, 0))
    out = {}
    for key, v in values.items():
        n = len(v)
        if n < 2:
            out[key] = (None, None)
            continue
        mean = sum(v) / n
        half = Z95 * math.sqrt(sum((x - mean) ** 2 for x in v) / (n - 1) / n)
        out[key] = (max(0.0, mean - half), mean + half)
    return out


def _attacked(c, key_of, hero_of, hero_name, foes_of, gid, player, target) -> None:
    """An attack on ``target``: counted against the side whose hero fighter it is (if it counts)."""
    for side in sorted(foes_of[(gid, player)]):
        if target in hero_name.get(hero_of.get((gid, side)), ()) and (gid, side) in key_of:
            c[key_of[(gid, side)]]["attacked"] += 1
            return


def _table(run: Run, c: dict, exhaustion_ci: dict) -> pl.DataFrame:
    base = run.meta.get("policy_a")
    heroes = run.heroes()
    keys = sorted(c, key=lambda k: (heroes.index(k[0]) if k[0] in heroes else len(heroes), k[1] != base, k[1]))
    rows = [{"hero": h, "policy": p, **{n: int(c[(h, p)][n]) for n in COUNTS},
             "exhaustion_damage_lo": exhaustion_ci.get((h, p), (None, None))[0],
             "exhaustion_damage_hi": exhaustion_ci.get((h, p), (None, None))[1]} for h, p in keys]
    schema = {"hero": pl.Utf8, "policy": pl.Utf8, **{n: pl.Int64 for n in COUNTS},
              "exhaustion_damage_lo": pl.Float64, "exhaustion_damage_hi": pl.Float64}
    df = pl.DataFrame(rows, schema=schema)

    def per(total, n):
        return pl.when(pl.col(n) > 0).then(pl.col(total) / pl.col(n)).otherwise(None)

    df = df.with_columns(per("start_damage_total", "foe_turns").alias("start_damage"),
                         per("exhaustion_damage_total", "games").alias("exhaustion_damage"),
                         per("hand_limit_discards_total", "turns").alias("hand_limit_discards"),
                         per("attacks", "turns").alias("attacks_per_turn"),
                         pl.when((pl.col("boosts") + pl.col("played")) > 0)
                         .then(pl.col("boosts") / (pl.col("boosts") + pl.col("played"))).otherwise(None)
                         .alias("boost_share"))
    for share, n, of in (("ends_in_reach", "ends_in_reach_n", "turns"), ("start_hit", "start_hit_n", "foe_turns"),
                         ("on_hero", "on_hero_n", "target_choices"), ("undefended", "undefended_n", "attacked"),
                         ("ransoms_paid", "ransoms_paid_n", "ransoms_offered"), ("deck_out", "deck_out_n", "games"),
                         ("hand_limit_turns", "hand_limit_turns_n", "turns")):
        df = with_ci(df, n, of, share, f"{share}_lo", f"{share}_hi")
    return df.select(
        "hero", "policy", "games", "turns",
        "ends_in_reach_n", "ends_in_reach", "ends_in_reach_lo", "ends_in_reach_hi",
        "foe_turns", "start_hit_n", "start_hit", "start_hit_lo", "start_hit_hi", "start_damage",
        "target_choices", "on_hero_n", "on_hero", "on_hero_lo", "on_hero_hi",
        "attacked", "undefended_n", "undefended", "undefended_lo", "undefended_hi",
        "ransoms_offered", "ransoms_paid_n", "ransoms_paid", "ransoms_paid_lo", "ransoms_paid_hi", "doubloons_paid",
        "deck_out_n", "deck_out", "deck_out_lo", "deck_out_hi",
        "exhaustion_damage", "exhaustion_damage_lo", "exhaustion_damage_hi",
        "hand_limit_turns_n", "hand_limit_turns", "hand_limit_turns_lo", "hand_limit_turns_hi",
        "hand_limit_discards_total", "hand_limit_discards",
        "attacks", "attacks_per_turn", "boosts", "played", "boost_share")
