"""The analysis tables on small hand-built event logs whose answers are worked out by hand."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import polars as pl
import pytest

from unmatched_sim import analysis as A
from unmatched_sim.errors import UserError
from unmatched_sim.log import EVENT_SCHEMA, GAME_SCHEMA, SLOTS


# --------------------------------------------------------------------------- building logs by hand
class Log:
    """A tiny run built by hand: ``game(...)`` adds a games.parquet row and the setup events,
    ``ev(...)`` appends an event (seq numbered per game), ``write(dir)`` makes a run directory."""

    def __init__(self):
        self.games: list[dict] = []
        self.events: list[dict] = []
        self.seq: dict[int, int] = {}

    def game(self, gid, hero_a, hero_b, *, first="a", winner="a", turns=4, end="combat", health=(10, 10),
             fighters=("X", "Y"), sidekicks=()):
        self.games.append(dict(game_id=gid, pair=gid // 2, seed=gid, hero_a=hero_a, hero_b=hero_b,
                               first_player=first, first_hero=hero_a if first == "a" else hero_b,
                               winner=winner, winner_hero={"a": hero_a, "b": hero_b}.get(winner),
                               turns=turns, end_reason=end, policy_a="greedy", policy_b="greedy",
                               board="marmoreal", health_a=health[0], health_b=health[1], events=0, decisions=0))
        self.ev(gid, 0, "a", "setup", detail=f"hero={hero_a}")
        self.ev(gid, 0, "b", "setup", detail=f"hero={hero_b}")
        self.ev(gid, 0, first, "place", fighter=fighters[0 if first == "a" else 1], space="S1")
        other = "b" if first == "a" else "a"
        self.ev(gid, 0, other, "place", fighter=fighters[0 if other == "a" else 1], space="S2")
        for side, name in sidekicks:
            self.ev(gid, 0, side, "place", fighter=name, space="S3")
        return self

    def ev(self, gid, turn, player, kind, **cols):
        seq = self.seq.get(gid, 0)
        self.seq[gid] = seq + 1
        self.events.append(dict(game_id=gid, seq=seq, turn=turn, player=player, kind=kind, **cols))
        return self

    def dmg(self, gid, turn, player, fighter, amount, health, source="combat", by="foe"):
        """A damage row; ``by`` names its cause as the engine logs it (``by_player``): "foe" (the
        duel's other side; the default, except for exhaustion, which nobody causes), "self" (the
        victim's own side), a slot, or None."""
        if by == "foe":
            by = None if source == "exhaustion" else {"a": "b", "b": "a"}.get(player)
        elif by == "self":
            by = player
        return self.ev(gid, turn, player, "damage", fighter=fighter, amount=amount, health=health, detail=source,
                       by_player=by)

    def frames(self):
        games = pl.DataFrame(self.games, schema=GAME_SCHEMA)
        events = pl.DataFrame([{k: e.get(k) for k in EVENT_SCHEMA} for e in self.events], schema=EVENT_SCHEMA)
        return games, events

    def run(self, meta=None) -> A.Run:
        g, e = self.frames()
        return A.Run.from_frames(g, e, meta or {})

    def write(self, path: Path, meta: dict | None = None, parts: int = 1, layout=None) -> Path:
        g, e = self.frames()
        path.mkdir(parents=True, exist_ok=True)
        (path / "events").mkdir(exist_ok=True)
        heroes = sorted(set(g["hero_a"].to_list()) | set(g["hero_b"].to_list()))
        per_pairing = set(g.group_by("hero_a", "hero_b").len()["len"].to_list())
        m = {"tool": "unmatched-sim", "version": "test", "seed": 1, "board": "marmoreal",
             "policy_a": "greedy", "policy_b": "greedy", "max_turns": 200,
             "total_games": g.height, "command": ["sim", "tournament"] + heroes,
             "pairings": sorted({(a, b) for a, b in zip(g["hero_a"], g["hero_b"])})}
        if len(per_pairing) == 1:       # as a run writes it: the same number of games each pairing
            m["games_per_pairing"] = per_pairing.pop()
        m.update(meta or {})
        (path / "run.json").write_text(json.dumps(m))
        g.write_parquet(path / "games.parquet")
        ids = g["game_id"].to_list()
        size = -(-len(ids) // parts)
        if layout is None:          # as the runner writes them: consecutive chunks of games
            for i in range(parts):
                chunk = ids[i * size:(i + 1) * size]
                e.filter(pl.col("game_id").is_in(chunk)).write_parquet(path / "events" / f"part-{i:05d}.parquet")
            return path
        # layout: the games of each file; a game listed twice is split between those files
        placed: dict[int, int] = {}
        for i, games in enumerate(layout):
            rows = []
            for gid in games:
                ev = e.filter(pl.col("game_id") == gid)
                n = ev.height
                k = sum(1 for other in layout if gid in other)
                seen = placed.get(gid, 0)
                rows.append(ev.slice(seen * n // k, (seen + 1) * n // k - seen * n // k))
                placed[gid] = seen + 1
            pl.concat(rows).write_parquet(path / "events" / f"part-{i:05d}.parquet")
        return path


def record(wins: dict[tuple[str, str], tuple[int, int]]) -> Log:
    """Games between heroes: {(hero_a, hero_b): (wins of a, wins of b)}; seats alternate."""
    log, gid = Log(), 0
    for (a, b), (wa, wb) in wins.items():
        for winner in ["a"] * wa + ["b"] * wb:
            log.game(gid, a, b, first="a" if gid % 2 == 0 else "b", winner=winner)
            gid += 1
    return log


# --------------------------------------------------------------------------- win rates
def test_win_matrix_counts_wins_with_wilson_intervals_and_marks_clear_imbalance():
    run = record({("x", "y"): (7, 3), ("x", "x"): (2, 2)}).run()
    m = A.win_matrix(run)
    assert m.height == 2                                   # mirrors are left out
    xy = m.filter((pl.col("hero") == "x") & (pl.col("opponent") == "y")).row(0, named=True)
    assert (xy["games"], xy["wins"], xy["losses"], xy["draws"]) == (10, 7, 3, 0)
    assert xy["win_rate"] == pytest.approx(0.7)
    # Wilson 95% for 7/10, by hand: centre (0.7 + z²/20)/(1 + z²/10), half-width z·sqrt(0.021 + z²/400)/(1 + z²/10)
    assert xy["ci_low"] == pytest.approx(0.39678, abs=1e-5)
    assert xy["ci_high"] == pytest.approx(0.89221, abs=1e-5)
    assert not xy["significant"]                           # 7/10 is not enough to call it
    yx = m.filter(pl.col("hero") == "y").row(0, named=True)
    assert yx["win_rate"] == pytest.approx(0.3) and yx["ci_low"] == pytest.approx(0.10779, abs=1e-5)
    big = record({("x", "y"): (70, 30)}).run()
    assert A.win_matrix(big).filter(pl.col("hero") == "x")["significant"][0]


def test_draws_count_as_games_not_won():
    log = record({("x", "y"): (3, 1)})
    log.game(4, "x", "y", winner=None, end="turn_limit")
    xy = A.win_matrix(log.run()).filter(pl.col("hero") == "x").row(0, named=True)
    assert (xy["games"], xy["wins"], xy["losses"], xy["draws"]) == (5, 3, 1, 1)
    assert xy["win_rate"] == pytest.approx(0.6)


def test_bradley_terry_recovers_strengths_from_a_consistent_toy_table():
    # strengths 4 : 2 : 1 — A beats B 4 of 6, A beats C 4 of 5, B beats C 2 of 3: the expected counts
    # satisfy the likelihood equations exactly, so the maximum-likelihood fit is 4 : 2 : 1.
    t = pl.DataFrame({"hero": ["A", "B", "A", "C", "B", "C"], "opponent": ["B", "A", "C", "A", "C", "B"],
                      "wins": [4, 2, 4, 1, 2, 1]})
    bt = A.bradley_terry(t)
    s = dict(zip(bt["hero"], bt["strength"]))
    assert s["A"] / s["B"] == pytest.approx(2.0, rel=1e-8)
    assert s["B"] / s["C"] == pytest.approx(2.0, rel=1e-8)
    assert s["A"] * s["B"] * s["C"] == pytest.approx(1.0)          # geometric mean 1
    assert bt["hero"].to_list() == ["A", "B", "C"]
    assert dict(zip(bt["hero"], bt["win_vs_average"]))["A"] == pytest.approx(s["A"] / (s["A"] + 1))


def test_bradley_terry_two_heroes_is_the_odds_ratio_and_needs_a_prior_for_a_whitewash():
    bt = A.bradley_terry(pl.DataFrame({"hero": ["x", "y"], "opponent": ["y", "x"], "wins": [30, 10]}))
    s = dict(zip(bt["hero"], bt["strength"]))
    assert s["x"] / s["y"] == pytest.approx(3.0)
    whitewash = pl.DataFrame({"hero": ["x"], "opponent": ["y"], "wins": [5]})
    with pytest.raises(ValueError, match="prior"):
        A.bradley_terry(whitewash)
    s = dict(zip(*A.bradley_terry(whitewash, prior=0.5).select("hero", "strength").to_dict(as_series=False).values()))
    assert s["x"] / s["y"] == pytest.approx(5.5 / 0.5)            # pseudo-wins added each way


def test_ranking_orders_by_strength_and_counts_non_mirror_games():
    run = record({("a", "b"): (6, 4), ("a", "c"): (8, 2), ("b", "c"): (7, 3), ("c", "c"): (1, 1)}).run()
    r = A.ranking(run)
    assert r["hero"].to_list() == ["a", "b", "c"]
    assert r["rank"].to_list() == [1, 2, 3]
    a = r.row(0, named=True)
    assert (a["games"], a["wins"]) == (20, 14) and a["win_rate"] == pytest.approx(0.7)
    assert r.filter(pl.col("hero") == "c")["mirror_games"][0] == 2
    assert r["bt_strength"].is_sorted(descending=True)


def test_seat_split_overall_per_hero_and_mirror():
    log = Log()
    # x vs y: x first wins twice, x second wins once, loses once; mirror y: first player wins 2 of 3
    log.game(0, "x", "y", first="a", winner="a").game(1, "x", "y", first="a", winner="a")
    log.game(2, "x", "y", first="b", winner="a").game(3, "x", "y", first="b", winner="b")
    log.game(4, "y", "y", first="a", winner="a").game(5, "y", "y", first="b", winner="b")
    log.game(6, "y", "y", first="a", winner="b")
    s = A.seat_split(log.run())
    rows = {r["hero"]: r for r in s.iter_rows(named=True)}
    assert s["hero"][0] == "all games"
    allr = rows["all games"]
    assert (allr["first_games"], allr["first_wins"], allr["second_wins"]) == (7, 5, 2)
    assert (allr["mirror_games"], allr["mirror_first_wins"]) == (3, 2)
    x = rows["x"]
    assert (x["first_games"], x["first_wins"], x["second_games"], x["second_wins"]) == (2, 2, 2, 1)
    assert x["first_minus_second"] == pytest.approx(0.5)
    assert rows["y"]["mirror_first_win_rate"] == pytest.approx(2 / 3)
    assert rows["x"]["mirror_games"] == 0


# --------------------------------------------------------------------------- damage
def damage_log() -> Log:
    """Three games of x (hero fighter "X", 12 health, sidekick "Xs") against y ("Y", 10 health)."""
    log = Log()
    # game 0: X deals 3 (turn 1), takes 2 + its sidekick 1 (turn 2); Y takes 2 exhaustion (turn 3),
    # then X deals 5 (turn 4) and wins.
    log.game(0, "x", "y", first="a", winner="a", turns=4, health=(10, 0), sidekicks=[("a", "Xs")])
    log.dmg(0, 1, "b", "Y", 3, 7)
    log.dmg(0, 2, "a", "X", 2, 10).dmg(0, 2, "a", "Xs", 1, 2, "effect")
    log.dmg(0, 3, "b", "Y", 2, 5, "exhaustion")
    log.dmg(0, 4, "b", "Y", 5, 0)
    # game 1: X deals nothing; Y hits X for 4 twice (turns 2 and 4); X recovers 1 on turn 3.
    log.game(1, "x", "y", first="a", winner="b", turns=4, health=(5, 10), sidekicks=[("a", "Xs")])
    log.dmg(1, 2, "a", "X", 4, 8)
    log.ev(1, 3, "a", "recover", fighter="X", amount=1, health=9)
    log.dmg(1, 4, "a", "X", 4, 5)
    # game 2: y goes first; X deals 1 on turn 2 and 6 on turn 4 (an effect), wins at turn 4.
    log.game(2, "x", "y", first="b", winner="a", turns=4, health=(12, 3), sidekicks=[("a", "Xs")])
    log.dmg(2, 2, "b", "Y", 1, 9)
    log.dmg(2, 4, "b", "Y", 6, 3, "effect")
    return log


def test_starting_health_is_read_from_the_log():
    h = dict(A.starting_health(damage_log().run()).iter_rows())
    assert h == {"x": 12, "y": 10}


def test_damage_curves_medians_quartiles_and_health_left():
    c = A.damage_curves(damage_log().run(), max_turn=4)
    x = {r["turn"]: r for r in c.filter(pl.col("hero") == "x").iter_rows(named=True)}
    # damage dealt by x so far (games 0, 1, 2):
    #   turn 0: 0,0,0   turn 1: 3,0,0   turn 2: 3,0,1   turn 3: 3,0,1 (exhaustion is not dealt)   turn 4: 8,0,7
    assert [x[t]["dealt_median"] for t in range(5)] == [0, 0, 1, 1, 7]
    assert x[4]["dealt_q25"] == pytest.approx(3.5)          # linear: sorted 0, 7, 8 -> 0.5 of the way from 0 to 7
    assert x[4]["dealt_q75"] == pytest.approx(7.5)
    assert x[4]["dealt_mean"] == pytest.approx(5.0)
    # X's health: start 12; game 0: 10 from turn 2; game 1: 8 (t2), 9 (t3), 5 (t4); game 2: 12 throughout
    assert [x[t]["health_median"] for t in range(5)] == [12, 12, 10, 10, 10]
    assert x[3]["health_q25"] == pytest.approx(9.5)          # 9, 10, 12
    assert x[4]["health_mean"] == pytest.approx(9.0)         # 10, 5, 12
    y = {r["turn"]: r for r in c.filter(pl.col("hero") == "y").iter_rows(named=True)}
    # y's side dealt 2+1 = 3 in game 0 (hero and sidekick), 8 in game 1, 0 in game 2
    assert y[4]["dealt_median"] == 3 and y[4]["dealt_mean"] == pytest.approx(11 / 3)
    # Y's health: game 0: 7, 7, 5 (exhaustion does hurt), 0; game 2: 10, 9 (t2), 3 (t4); game 1: 10
    assert [y[t]["health_median"] for t in range(5)] == [10, 10, 9, 9, 3]
    assert x[0]["games"] == 3 and x[3]["playing"] == 1.0 and x[4]["playing"] == 0.0


def test_damage_by_source_splits_dealt_and_taken_and_never_credits_self_inflicted_damage():
    s = A.damage_by_source(damage_log().run())
    get = {(r["hero"], r["source"]): r for r in s.iter_rows(named=True)}
    assert (get[("x", "combat")]["dealt"], get[("x", "combat")]["taken"]) == (9, 10)
    assert (get[("x", "effect")]["dealt"], get[("x", "effect")]["taken"]) == (6, 1)
    assert (get[("y", "exhaustion")]["dealt"], get[("y", "exhaustion")]["taken"]) == (0, 2)
    assert ("x", "exhaustion") not in get
    assert get[("x", "combat")]["dealt_per_game"] == pytest.approx(3.0)


def test_foes_are_read_from_each_games_teams_never_as_the_other_seat():
    """``Run.foes()``: a game without teams recorded is a duel of a and b; a free-for-all's
    players are all foes; a team game's teammates are not."""
    log = Log()
    log.game(0, "x", "y")                                       # teams not recorded: a duel
    log.game(1, "x", "y")
    log.games[1].update(lineup=["x", "y", "z"], teams=["a", "b", "c"], format="ffa")
    log.game(2, "x", "y")
    log.games[2].update(lineup=["x", "y", "z", "w"], teams=["A", "A", "B", "B"], format="teams")
    foes = {}
    for g, p, f in log.run().foes().iter_rows():
        foes.setdefault((g, p), []).append(f)
    assert foes == {(0, "a"): ["b"], (0, "b"): ["a"],
                    (1, "a"): ["b", "c"], (1, "b"): ["a", "c"], (1, "c"): ["a", "b"],
                    (2, "a"): ["c", "d"], (2, "b"): ["c", "d"], (2, "c"): ["a", "b"], (2, "d"): ["a", "b"]}


def test_damage_counts_as_dealt_by_the_foe_the_log_names_self_damage_as_self_and_exhaustion_as_nobodys():
    """Who caused a damage (``attribute``): the foe named in ``by_player`` (it counts as that
    foe's dealt damage); the victim's own side (self-inflicted, nobody's dealt damage, not even
    in a duel); nobody (by_player null: exhaustion). A log made before by_player was logged is
    read as before: the duel's opponent, exhaustion nobody's, misery busts the side's own."""
    from unmatched_sim.analysis._events import _foes, _gs, attribute

    log = Log()
    log.game(0, "x", "y")
    log.game(1, "x", "y")
    log.games[1].update(lineup=["x", "y", "z"], teams=["a", "b", "c"], format="ffa")
    run = log.run()
    dmg = pl.DataFrame({"game_id": [0, 0, 0, 1, 1, 1], "player": ["a", "a", "b", "a", "a", "a"],
                        "by_player": ["b", "a", None, "c", None, "a"],
                        "detail": ["combat", "ability", "exhaustion", "effect", "effect", "effect"]})
    dmg = dmg.with_columns(_gs("game_id", "player").alias("gs"))

    def who(df):
        return [(c, None if d is None else (d // len(SLOTS), SLOTS[d % len(SLOTS)]))
                for c, d in df.select("cause", "dealer").iter_rows()]
    assert who(attribute(dmg, _foes(run))) == [("foe", (0, "b")), ("self", None), ("none", None),
                                                ("foe", (1, "c")), ("none", None), ("self", None)]
    legacy = attribute(dmg.with_columns(pl.lit(None, pl.Utf8).alias("by_player"),
                                        pl.Series("detail", ["combat", "ability", "exhaustion", "effect",
                                                             "misery_bust", "effect"])), _foes(run), logged=False)
    assert who(legacy) == [("foe", (0, "b")), ("foe", (0, "b")), ("none", None),
                           ("none", None), ("self", None), ("none", None)]


def test_self_inflicted_damage_is_taken_never_the_foes_dealt_damage():
    """A duel where x hurts its own fighters (by_player = its own side) and runs out of cards:
    y is credited only with what it caused; x's own damage shows as self-inflicted."""
    from unmatched_sim.analysis.damage_split import damage_by_fighter

    log = Log()
    log.game(0, "x", "y", turns=4, health=(3, 10), sidekicks=[("a", "Xs")])
    log.dmg(0, 1, "a", "X", 2, 8, "ability", by="self")       # NOT TO BE on its own hero
    log.dmg(0, 2, "a", "Xs", 1, 0, "effect", by="self")       # its own card on its sidekick
    log.dmg(0, 3, "a", "X", 3, 5)                             # y's attack
    log.dmg(0, 4, "a", "X", 2, 3, "exhaustion")               # nobody's
    run = log.run()
    c = A.damage_curves(run, max_turn=4)
    assert c.filter((pl.col("hero") == "y") & (pl.col("turn") == 4))["dealt_mean"].item() == 3
    assert c.filter((pl.col("hero") == "x") & (pl.col("turn") == 4))["dealt_mean"].item() == 0
    assert c.filter((pl.col("hero") == "x") & (pl.col("turn") == 4))["health_mean"].item() == 3
    s = {(r["hero"], r["source"]): (r["dealt"], r["taken"], r["self_inflicted"], r["unattributed"])
         for r in A.damage_by_source(run).iter_rows(named=True)}
    assert s == {("x", "ability"): (0, 2, 2, 0), ("x", "effect"): (0, 1, 1, 0), ("x", "combat"): (0, 3, 0, 0),
                 ("x", "exhaustion"): (0, 2, 0, 2), ("y", "combat"): (3, 0, 0, 0)}
    f = {r["hero"]: r for r in damage_by_fighter(run).iter_rows(named=True)}
    assert (f["y"]["dealt_to_hero"], f["y"]["dealt_to_sidekicks"]) == (3, 0)
    assert (f["x"]["taken_by_hero"], f["x"]["taken_by_sidekicks"]) == (7, 1)


def test_duel_damage_dealt_is_what_the_log_names_the_opponent_as_causing(tmp_path, capsys):
    """A real duel of heroes that damage their own fighters (Hamlet's NOT TO BE, Annie's cards):
    the damage a hero's side deals is exactly what the opponent's fighters took with by_player
    naming the hero's side; what a side did to itself is its self-inflicted damage, and damage
    nobody caused (exhaustion) is nobody's."""
    from tests.cli_helpers import run_cli

    out = tmp_path / "run"
    code, _, err = run_cli(capsys, "matchup", "hamlet", "annie_christmas", "-n", "4", "-j", "1", "--no-progress",
                           "--out", str(out))
    assert code == 0, err
    run = A.open_run(out)
    ev = run.events.filter(pl.col("kind") == "damage").collect().join(run.sides(), on=["game_id", "player"])
    own = pl.col("by_player") == pl.col("player")
    assert ev.filter(own).height > 0                                            # the case this pins
    by_foe = ev.filter(pl.col("by_player").is_not_null() & ~own)
    expected = by_foe.group_by(pl.col("opponent").alias("hero"), "detail").agg(pl.col("amount").sum())
    got = A.damage_by_source(run)
    assert ({(h, src): d for h, src, d in expected.iter_rows()}
            == {(h, src): d for h, src, d in got.filter(pl.col("dealt") > 0).select("hero", "source", "dealt").iter_rows()})
    selfs = ev.filter(own).group_by("hero", "detail").agg(pl.col("amount").sum())
    assert ({(h, src): d for h, src, d in selfs.iter_rows()}
            == {(h, src): d for h, src, d in got.filter(pl.col("self_inflicted") > 0)
                .select("hero", "source", "self_inflicted").iter_rows()})
    taken = ev.group_by("hero", "detail").agg(pl.col("amount").sum())
    assert ({(h, src): d for h, src, d in taken.iter_rows()}
            == {(h, src): d for h, src, d in got.filter(pl.col("taken") > 0).select("hero", "source", "taken").iter_rows()})
    final = A.damage_curves(run, max_turn=200).filter(pl.col("turn") == 200)
    for hero in ("hamlet", "annie_christmas"):
        mean = by_foe.filter(pl.col("opponent") == hero)["amount"].sum() / run.sides().filter(pl.col("hero") == hero).height
        assert final.filter(pl.col("hero") == hero)["dealt_mean"].item() == pytest.approx(mean)


@pytest.mark.parametrize("layout", [None, [[0, 2], [1]], [[0], [0, 1, 2]]],
                         ids=["in order", "games interleaved", "a game split across files"])
def test_tables_are_the_same_when_computed_slice_by_slice(tmp_path, monkeypatch, layout):
    """Slices follow the files (one chunk of games each, in order); a layout that breaks that
    assumption is detected and sliced by exact game ranges instead: the answer never changes."""
    log = damage_log()
    log.ev(1, 5, "b", "deck_empty")
    whole = (A.damage_curves(log.run(), max_turn=4), A.exhaustion(log.run()), A.damage_by_source(log.run()))
    path = log.write(tmp_path / "run", parts=3, layout=layout)
    import unmatched_sim.analysis._events as E
    monkeypatch.setattr(E, "GAMES_PER_SLICE", 1)
    run = A.open_run(path)
    assert A.damage_curves(run, max_turn=4).equals(whole[0])
    assert A.exhaustion(run).equals(whole[1])
    assert A.damage_by_source(run).equals(whole[2])


# --------------------------------------------------------------------------- exhaustion
def test_exhaustion_timing_share_damage_and_win_rates():
    log = Log()
    for gid, (turn, won) in enumerate([(9, True), (11, False), (None, True), (None, False)]):
        log.game(gid, "x", "y", winner="a" if won else "b", turns=14)
        if turn is not None:
            log.ev(gid, turn, "a", "deck_empty")
            log.ev(gid, turn + 2, "a", "exhausted", amount=1)
            log.dmg(gid, turn + 2, "a", "X", 2, 4, "exhaustion")
    run = log.run()
    e = A.exhaustion(run).filter(pl.col("hero") == "x").row(0, named=True)
    assert (e["games"], e["ran_out"], e["exhausted_games"], e["exhaustion_damage"]) == (4, 2, 2, 4)
    assert e["ran_out_share"] == pytest.approx(0.5)
    assert e["turn_median"] == pytest.approx(10.0)
    assert e["win_rate_ran_out"] == pytest.approx(0.5) and e["win_rate_other"] == pytest.approx(0.5)
    assert A.exhaustion(run).filter(pl.col("hero") == "y")["ran_out"][0] == 0
    t = A.exhaustion_timing(run)
    assert t.select("turn", "games", "cumulative_share").rows() == [(9, 1, 0.25), (11, 1, 0.5)]


# --------------------------------------------------------------------------- game length, endings
def test_game_length_and_end_reasons():
    log = Log()
    for gid, (turns, end) in enumerate([(5, "combat"), (7, "combat"), (7, "effect"), (9, "turn_limit")]):
        log.game(gid, "x", "y", turns=turns, end=end, winner=None if end == "turn_limit" else "a")
    run = log.run()
    g = A.game_length(run)
    assert g.select("turns", "games").rows() == [(5, 1), (7, 2), (9, 1)]
    assert g["cumulative_share"].to_list() == [0.25, 0.75, 1.0]
    e = A.end_reasons(run)
    assert e.rows() == [("combat", 2, 0.5), ("effect", 1, 0.25), ("turn_limit", 1, 0.25)]
    s = A.game_length_summary(run).filter(pl.col("hero_a") == "all").row(0, named=True)
    assert (s["median"], s["min"], s["max"], s["mean"]) == (7.0, 5, 9, 7.0)
    assert A.end_reasons(run, by_matchup=True).columns == ["hero_a", "hero_b", "end_reason", "games", "share"]


# --------------------------------------------------------------------------- misery: exact odds
BOX = "Pain:1;Toil:1;Confusion:0;Woe:0;Hope:0;Misfortune:2;Greed:1"


def test_parse_misery_box():
    assert A.parse_misery_box(BOX)[:2] == [("Pain", 1), ("Toil", 1)]
    with pytest.raises(ValueError):
        A.parse_misery_box("Pain;Toil:1")


def test_exact_bust_odds_match_hand_computed_fractions():
    # Feathers 1,1,1,0,0,0,2; a reveal busts at 3 feathers. Sets of k miseries that stay below 3:
    #   k=2: all 21 pairs but Misfortune+a 1 (3 pairs) -> 18/21 = 6/7
    #   k=3: 19 of the 20 triples without Misfortune (not the three 1s) + 3 with it (two 0s) -> 22/35
    #   k=4: 12 of the 15 quadruples without it + 1 with it -> 13/35;  k=5: 3/21;  k=6: 0
    assert A.survival_fractions(BOX, 3) == [1, 1, Fraction(6, 7), Fraction(22, 35), Fraction(13, 35),
                                            Fraction(1, 7), 0, 0]
    # next reveal busts, given k safe: 1 - S(k+1)/S(k)
    assert A.bust_fractions(BOX, 3) == [0, Fraction(1, 7), Fraction(4, 15), Fraction(9, 22), Fraction(8, 13), 1, None]
    odds = A.exact_bust_odds(BOX, 3)
    assert odds["p_bust_next"][2] == pytest.approx(4 / 15)
    assert odds["p_bust_by_next"][3] == pytest.approx(1 - 13 / 35)


def test_exact_bust_odds_agree_with_enumerating_every_draw_order():
    feathers = [f for _, f in A.parse_misery_box(BOX)]
    reach = [0] * 8
    bust_at_pos = [0] * 8
    for order in itertools.permutations(feathers):
        total = 0
        for k, f in enumerate(order):
            reach[k] += 1                    # k safe reveals happened; reveal k+1 is drawn
            total += f
            if total >= 3:
                bust_at_pos[k] += 1
                break
    by_order = [Fraction(bust_at_pos[k], reach[k]) for k in range(7) if reach[k]]
    assert by_order == [x for x in A.bust_fractions(BOX, 3) if x is not None]


def test_exact_bust_chance_given_the_feathers_showing():
    assert A.bust_fraction_given_feathers(BOX, 3, 1, 1) == Fraction(1, 6)     # only Misfortune busts
    assert A.bust_fraction_given_feathers(BOX, 3, 1, 2) == Fraction(3, 6)     # Misfortune out: any 1 busts
    assert A.bust_fraction_given_feathers(BOX, 3, 2, 1) == Fraction(1, 5)
    assert A.bust_fraction_given_feathers(BOX, 3, 2, 0) == 0
    assert A.bust_fraction_given_feathers(BOX, 3, 1, 3) is None


# --------------------------------------------------------------------------- misery: from the log
def misery_log() -> Log:
    """Pandora (side a, "P") against y. Gambles, as (miseries with feathers, outcome):
    game 0: [1] stop; [2, 1] bust — game 1: [0, 1, 0] stop; [1, 2] bust; [0, 2] stop."""
    log = Log()

    def gamble(gid, turn, cards, outcome, health):
        total = 0
        for i, f in enumerate(cards):
            total += f
            log.ev(gid, turn, "a", "misery_reveal", card=f"M{f}{i}", amount=f, value=total)
        if outcome == "stop":
            log.ev(gid, turn, "a", "misery_stop", amount=len(cards), value=total)
        else:
            log.ev(gid, turn, "a", "misery_bust", amount=len(cards), value=total)
            log.dmg(gid, turn, "a", "P", len(cards), health, "misery_bust")

    log.game(0, "pandora", "y", winner="b", turns=4, fighters=("P", "Y"))
    log.ev(0, 0, "a", "misery_box", detail=BOX)
    gamble(0, 1, [1], "stop", None)
    gamble(0, 3, [2, 1], "bust", 12)
    log.game(1, "pandora", "y", winner="a", turns=6, fighters=("P", "Y"))
    log.ev(1, 0, "a", "misery_box", detail=BOX)
    gamble(1, 1, [0, 1, 0], "stop", None)
    gamble(1, 3, [1, 2], "bust", 12)
    gamble(1, 5, [0, 2], "stop", None)
    return log


def test_bust_threshold_is_read_off_the_gambles():
    assert A.bust_threshold(misery_log().run())[0] == 3


def test_misery_risk_simulated_against_exact():
    run = misery_log().run()
    r = {x["revealed"]: x for x in A.misery_risk(run).iter_rows(named=True)}
    # first reveals: 5 gambles, no bust; second reveals: 4 ([2,1], [0,1,0], [1,2], [0,2]), 2 bust;
    # third reveal: 1 ([0,1,0]), safe
    assert (r[0]["attempts"], r[0]["busts"]) == (5, 0)
    assert (r[1]["attempts"], r[1]["busts"]) == (4, 2) and r[1]["simulated"] == pytest.approx(0.5)
    assert (r[2]["attempts"], r[2]["busts"]) == (1, 0)
    assert r[1]["exact_blind"] == pytest.approx(1 / 7) and r[2]["exact_blind"] == pytest.approx(4 / 15)
    # the second reveals came from 2 feathers (once, exact 1/2), 0 feathers (twice, exact 0), 1 (once, 1/6)
    assert r[1]["exact_given_feathers"] == pytest.approx((0.5 + 0 + 0 + 1 / 6) / 4)
    f = A.misery_risk_by_feathers(run)
    row = f.filter((pl.col("revealed") == 1) & (pl.col("feathers_before") == 2)).row(0, named=True)
    assert (row["attempts"], row["busts"], row["exact"]) == (1, 1, 0.5)


def test_misery_pushes_summary_and_win_rates():
    run = misery_log().run()
    p = A.misery_pushes(run)
    assert p.select("revealed", "outcome", "gambles").rows() == [(1, "stop", 1), (2, "bust", 2), (2, "stop", 1),
                                                                  (3, "stop", 1)]
    s = A.misery_summary(run).row(0, named=True)
    assert (s["games"], s["gambles"], s["busts"], s["bust_damage"]) == (2, 5, 2, 4)
    assert s["bust_rate"] == pytest.approx(0.4) and s["reveals_per_gamble"] == pytest.approx(10 / 5)
    w = A.misery_win_rates(run)
    busts = w.filter(pl.col("behaviour") == "busts in the game")
    assert busts.select("bucket", "games", "wins").rows() == [("1", 2, 1)]
    push = w.filter(pl.col("behaviour") == "miseries per gamble")
    assert push.select("bucket", "games", "wins").rows() == [("1-2", 1, 0), ("2-3", 1, 1)]


def test_no_misery_hero_means_empty_misery_tables():
    run = record({("x", "y"): (1, 1)}).run()
    assert not A.has_misery(run)
    assert A.misery_risk(run).height == 0
    assert A.bust_threshold(run)[0] is None


# --------------------------------------------------------------------------- opening runs
def test_open_run_reads_a_written_run_and_caches_per_game_tables(tmp_path):
    path = damage_log().write(tmp_path / "run", parts=2)
    run = A.open_run(path)
    assert run.n_games() == 3 and run.heroes() == ["x", "y"]
    assert A.ranking(str(path))["hero"].to_list()[0] in {"x", "y"}     # a path works as well as a Run


@pytest.mark.parametrize("case, message", [
    ("missing", "does not exist"),
    ("not_a_run", "is not a run directory"),
    ("no_games_file", "has no games.parquet"),
    ("no_games", "holds no games"),
    ("corrupt_games", "corrupt or unreadable"),
    ("corrupt_events", "corrupt or unreadable"),
    ("no_events", "has no event files"),
    ("bad_run_json", "run.json is corrupt"),
])
def test_open_run_errors_are_one_clear_line(tmp_path, case, message):
    path = tmp_path / "run"
    if case != "missing":
        damage_log().write(path)
    if case == "not_a_run":
        (path / "run.json").unlink()
    elif case == "no_games_file":
        (path / "games.parquet").unlink()
    elif case == "no_games":
        pl.DataFrame(schema=GAME_SCHEMA).write_parquet(path / "games.parquet")
    elif case == "corrupt_games":
        (path / "games.parquet").write_bytes(b"PAR1 this is not parquet")
    elif case == "corrupt_events":
        (path / "events" / "part-00000.parquet").write_bytes(b"garbage")
    elif case == "no_events":
        (path / "events" / "part-00000.parquet").unlink()
    elif case == "bad_run_json":
        (path / "run.json").write_text("{not json")
    with pytest.raises(UserError) as e:
        A.open_run(path)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_without_a_bust_the_threshold_is_unknown_and_exact_odds_are_left_blank():
    log = Log()
    log.game(0, "pandora", "y", fighters=("P", "Y"))
    log.ev(0, 0, "a", "misery_box", detail=BOX)
    log.ev(0, 1, "a", "misery_reveal", card="Pain", amount=1, value=1)
    log.ev(0, 1, "a", "misery_stop", amount=1, value=1)
    run = log.run()
    bust_at, why = A.bust_threshold(run)
    assert bust_at is None and "no gamble busted" in why
    risk = A.misery_risk(run)
    assert risk["exact_blind"].is_null().all() and risk.filter(pl.col("revealed") == 0)["attempts"][0] == 1
    assert A.misery_risk(run, bust_at=3).filter(pl.col("revealed") == 1)["exact_blind"][0] == pytest.approx(1 / 7)
    from unmatched_sim.report.charts import misery_risk_chart
    misery_risk_chart(risk)                     # draws without the exact line


def test_play_stats_rebuild_positions_and_count_each_heros_turns_attacks_and_boosts(tmp_path):
    """Per hero from the event log: turns ended where a foe could attack without moving (the
    frozen tuned-v1 Houdini almost always does), attacks per turn, BOOSTs against cards played."""
    from unmatched_sim.analysis.play import play_stats
    from click.testing import CliRunner

    from unmatched_sim.cli import cli
    out = tmp_path / "run"
    res = CliRunner().invoke(cli, ["matchup", "houdini", "chupacabra", "-n", "6", "--jobs", "1",
                                    "--policy", "tuned-v1", "--out", str(out), "--no-progress"])
    assert res.exit_code == 0, res.output
    df = play_stats(out)
    assert set(df["hero"]) == {"houdini", "chupacabra"}
    row = {r["hero"]: r for r in df.iter_rows(named=True)}
    assert row["houdini"]["turns"] > 10 and row["houdini"]["ends_in_reach"] > 0.8
    assert 0 < row["chupacabra"]["attacks_per_turn"] < 2.5
    assert 0 <= row["houdini"]["boost_share"] <= 1 and row["houdini"]["boosts"] > 0
    assert row["houdini"]["attacked"] > 0 and 0 <= row["houdini"]["undefended"] <= 1


def play_log():
    """Loki (a; melee, no sidekick) against Medusa (b; ranged, with Harpy 1) on Marmoreal, by hand:
    game 0 four turns, game 1 only its setup, game 2 one turn each with `tuned` playing Loki
    against `greedy` (as in a checked run). Returns the log, its run metadata and the far space."""
    from unmatched_sim.data.catalog import find_board, find_hero

    board = find_board("marmoreal")
    near = board.space("M13")
    far = next(board.labels[k] for k in range(board.size)
               if k != near and k not in board.adjacent[near] and not board.same_zone(k, near))
    log = Log()
    log.game(0, "loki", "medusa", fighters=("Loki", "Medusa"), sidekicks=[("b", "Harpy 1")])
    log.ev(0, 0, "a", "move", fighter="Loki", space="M13").ev(0, 0, "b", "move", fighter="Medusa", space="M20")
    log.ev(0, 0, "b", "move", fighter="Harpy 1", space="M07")
    # turn 1, Loki: Medusa and Harpy 1 both adjacent: one attack on each; two hand-limit discards
    log.ev(0, 1, "a", "turn_start").ev(0, 1, "a", "action", detail="attack")
    log.ev(0, 1, "a", "attack", fighter="Loki", target="Harpy 1").ev(0, 1, "a", "action", detail="attack")
    log.ev(0, 1, "a", "attack", fighter="Loki", target="Medusa")
    log.ev(0, 1, "a", "discard", card="c", detail="hand_limit").ev(0, 1, "a", "discard", card="d", detail="own_effect")
    log.ev(0, 1, "a", "discard", card="e", detail="hand_limit")
    log.ev(0, 1, "a", "turn_end")                              # Medusa adjacent: in reach
    # turn 2, Medusa: 1 damage to Loki before her first action (counted), 2 after (not)
    log.ev(0, 2, "b", "turn_start").dmg(0, 2, "a", "Loki", 1, 15, source="ability")
    log.ev(0, 2, "b", "action", detail="attack").dmg(0, 2, "a", "Loki", 2, 13)
    log.ev(0, 2, "b", "attack", fighter="Medusa", target="Loki").ev(0, 2, "a", "no_defense", fighter="Loki")
    log.ev(0, 2, "b", "turn_end")                              # Loki adjacent (melee): in reach
    # turn 3, Loki: Medusa moved far away; only Harpy 1 in reach, then defeated; ransoms; deck out
    log.ev(0, 3, "a", "turn_start").ev(0, 3, "b", "move", fighter="Medusa", space=far)
    log.ev(0, 3, "a", "action", detail="attack").ev(0, 3, "a", "attack", fighter="Loki", target="Harpy 1")
    log.ev(0, 3, "b", "defeat", fighter="Harpy 1")
    log.ev(0, 3, "a", "ransom_paid", card="r", amount=1, value=2)       # paid
    log.ev(0, 3, "a", "ransom_refused", card="r", amount=2, value=1)    # could not pay: not offered
    log.ev(0, 3, "a", "ransom_refused", card="r", amount=1, value=3)    # declined
    log.ev(0, 3, "a", "deck_empty").dmg(0, 3, "a", "Loki", 2, 11, source="exhaustion").ev(0, 3, "a", "deck_empty")
    log.ev(0, 3, "a", "turn_end")                              # nobody in reach
    log.ev(0, 4, "b", "turn_start").ev(0, 4, "b", "action", detail="maneuver").ev(0, 4, "b", "turn_end")
    log.game(1, "loki", "medusa", fighters=("Loki", "Medusa"), first="b")
    log.game(2, "loki", "medusa", fighters=("Loki", "Medusa"))
    log.games[-1]["policy_a"] = "tuned"
    for side, turn in (("a", 1), ("b", 2)):
        log.ev(2, turn, side, "turn_start").ev(2, turn, side, "turn_end")
    meta = {"policy_a": "greedy", "policy_b": "greedy", "board_file": {"path": str(board.path)},
            "hero_files": {h: {"path": str(find_hero(h).path)} for h in ("loki", "medusa")}}
    return log, meta, far


def test_play_stats_per_decision_from_a_hand_built_log():
    """Each statistic counted by hand (see ``play_log``); the tuned side of the checked game has a
    row of its own, and the greedy side that faced it counts nowhere."""
    from unmatched_sim.analysis.play import play_stats

    log, meta, _ = play_log()
    df = play_stats(log.run(meta))
    rows = {(r["hero"], r["policy"]): r for r in df.iter_rows(named=True)}
    assert set(rows) == {("loki", "greedy"), ("loki", "tuned"), ("medusa", "greedy")}
    loki, medusa, tuned = rows[("loki", "greedy")], rows[("medusa", "greedy")], rows[("loki", "tuned")]
    assert (loki["games"], loki["turns"], loki["ends_in_reach_n"], loki["ends_in_reach"]) == (2, 2, 1, 0.5)
    assert (loki["foe_turns"], loki["start_hit_n"], loki["start_damage"]) == (2, 1, 0.5)
    assert (loki["target_choices"], loki["on_hero_n"], loki["on_hero"]) == (2, 1, 0.5)
    assert loki["on_hero_lo"] < 0.5 < loki["on_hero_hi"]
    assert (loki["attacked"], loki["undefended_n"], loki["undefended"]) == (1, 1, 1.0)
    assert (loki["ransoms_offered"], loki["ransoms_paid_n"], loki["doubloons_paid"]) == (2, 1, 1)
    assert (loki["deck_out_n"], loki["deck_out"], loki["exhaustion_damage"]) == (1, 0.5, 1.0)
    # exhaustion damage 2 and 0 over two games: mean 1, s.e. sqrt(2 / 2) = 1, the low end cut at 0
    assert (loki["exhaustion_damage_lo"], loki["exhaustion_damage_hi"]) == (0.0, pytest.approx(1 + 1.959963984540054))
    assert (loki["hand_limit_discards_total"], loki["hand_limit_discards"]) == (2, 1.0)
    assert (loki["hand_limit_turns_n"], loki["hand_limit_turns"]) == (1, 0.5)
    assert (loki["attacks"], loki["attacks_per_turn"]) == (3, 1.5)
    assert (medusa["games"], medusa["turns"], medusa["ends_in_reach_n"]) == (2, 2, 1)
    assert (medusa["target_choices"], medusa["on_hero"], medusa["attacked"], medusa["undefended_n"]) == (0, None, 1, 0)
    assert (medusa["start_hit_n"], medusa["deck_out_n"], medusa["ransoms_offered"]) == (0, 0, 0)
    assert (tuned["games"], tuned["turns"], tuned["foe_turns"]) == (1, 1, 1)
    assert df["hero"].to_list() == ["loki", "loki", "medusa"] and df["policy"][0] == "greedy"


def test_play_stats_on_a_real_run_agree_with_the_log_they_read(tmp_path, capsys):
    """A short real run of Loki against Medusa (and her Harpies): every count is within its
    denominator, deck-outs are the log's distinct deck_empty sides, and Loki met hero-or-Harpy
    choices (Medusa's gaze hits him at the start of some of her turns)."""
    from tests.cli_helpers import run_cli
    from unmatched_sim.analysis.play import play_stats

    out = tmp_path / "run"
    code, _, err = run_cli(capsys, "matchup", "loki", "medusa", "-n", "6", "-j", "1", "--no-progress",
                           "--out", str(out))
    assert code == 0, err
    df = play_stats(out)
    assert df["policy"].unique().to_list() == ["tuned"] and df["games"].to_list() == [6, 6]
    for share, n, of in (("ends_in_reach", "ends_in_reach_n", "turns"), ("start_hit", "start_hit_n", "foe_turns"),
                         ("on_hero", "on_hero_n", "target_choices"), ("undefended", "undefended_n", "attacked"),
                         ("deck_out", "deck_out_n", "games")):
        assert (df[n] <= df[of]).all(), share
    loki = df.filter(pl.col("hero") == "loki").row(0, named=True)
    assert loki["target_choices"] > 0 and loki["start_hit_n"] > 0
    ev = A.open_run(out).events.collect()
    empties = ev.filter(pl.col("kind") == "deck_empty").select("game_id", "player").unique().height
    assert int(df["deck_out_n"].sum()) == empties


# --------------------------------------------------------------------------- a hero of several fighters
def sisters_log() -> Log:
    """Two games of the Wayward Sisters ("Sister 1/2/3", 6 health each, the other two placed
    like sidekicks after the opponent's hero) against y ("Y", 10 health, sidekick "Y 1")."""
    log = Log()
    for gid in (0, 1):
        log.game(gid, "sisters", "y", first="a", winner="b" if gid == 0 else "a", turns=4, health=(0, 10) if gid == 0 else (17, 4),
                 fighters=("Sister 1", "Y"), sidekicks=[("a", "Sister 2"), ("a", "Sister 3"), ("b", "Y 1")])
    for e in log.events:
        if e["kind"] == "place":
            e["health"] = 10 if e["fighter"] == "Y" else 6 if e["fighter"].startswith("Sister") else 2
    # game 0: all three Sisters fall, one a turn (the side is beaten on turn 4, not turn 2)
    log.dmg(0, 2, "a", "Sister 1", 6, 0).dmg(0, 3, "a", "Sister 2", 6, 0).dmg(0, 4, "a", "Sister 3", 6, 0)
    # game 1: Sister 2 loses 1; the Sisters deal 6 to Y
    log.dmg(1, 1, "b", "Y", 6, 4).dmg(1, 3, "a", "Sister 2", 1, 5)
    return log


def test_a_hero_of_several_fighters_has_their_health_added_up_everywhere():
    """The Wayward Sisters: starting health 18 (not Sister 1's 6), health left the Sisters'
    sum (0 only once the last one falls), damage to Sisters 2 and 3 counted as damage to the hero."""
    from unmatched_sim.analysis._events import hero_fighters
    from unmatched_sim.analysis.damage_split import damage_by_fighter

    log = sisters_log()
    run = log.run()
    assert dict(A.starting_health(run).iter_rows()) == {"sisters": 18, "y": 10}
    c = A.damage_curves(run, max_turn=4)
    s = {r["turn"]: r for r in c.filter(pl.col("hero") == "sisters").iter_rows(named=True)}
    # game 0: 18, 18, 12, 6, 0; game 1: 18, 18, 18, 17, 17
    assert [s[t]["health_mean"] for t in range(5)] == [18, 18, 15, 11.5, 8.5]
    assert [s[t]["health_q25"] for t in range(5)] == [18, 18, 13.5, 8.75, 4.25]
    f = {r["hero"]: r for r in damage_by_fighter(run).iter_rows(named=True)}
    assert (f["sisters"]["taken_by_hero"], f["sisters"]["taken_by_sidekicks"]) == (19 / 2, 0)
    assert (f["y"]["dealt_to_hero"], f["y"]["dealt_to_sidekicks"]) == (19 / 2, 0)
    t = {r["turn"]: r for r in A.tempo(run, "sisters", "y", max_turn=4).iter_rows(named=True)}
    assert [t[k]["hero_health_median"] for k in range(5)] == [18, 18, 15, 11.5, 8.5]
    assert t[4]["lead_median"] == pytest.approx(((0 - 10) + (17 - 4)) / 2)
    _, ev = log.frames()
    hf = hero_fighters(ev.filter(pl.col("kind") == "place"), ["game_id", "player"]).filter(pl.col("game_id") == 0)
    assert sorted(hf.select("player", "fighter").iter_rows()) == [("a", "Sister 1"), ("a", "Sister 2"),
                                                                  ("a", "Sister 3"), ("b", "Y")]


def test_wayward_sisters_real_games_health_race_and_ai_play_count_every_sister(tmp_path, capsys):
    """A real run: the Sisters start at 18, their health at the end of each game (by the curves
    and the race) is the engine's (games.parquet's health, all three added up), and "How the AI
    played" finds them on the board and counts attacks on any Sister."""
    from tests.cli_helpers import run_cli
    from unmatched_sim.analysis.play import play_stats

    out = tmp_path / "run"
    code, _, err = run_cli(capsys, "matchup", "wayward_sisters", "medusa", "-n", "4", "-j", "1", "--no-progress",
                           "--out", str(out))
    assert code == 0, err
    run = A.open_run(out)
    assert dict(A.starting_health(run).iter_rows())["wayward_sisters"] == 18
    g = run.games.collect()
    ends = pl.concat([g.select(pl.col("hero_a").alias("hero"), pl.col("health_a").alias("h")),
                      g.select(pl.col("hero_b").alias("hero"), pl.col("health_b").alias("h"))])
    T = int(g["turns"].max())
    final = A.damage_curves(run, max_turn=T).filter(pl.col("turn") == T)
    for hero in ("wayward_sisters", "medusa"):
        assert final.filter(pl.col("hero") == hero)["health_mean"].item() == pytest.approx(
            ends.filter(pl.col("hero") == hero)["h"].mean())
    race = A.tempo(run, "wayward_sisters", "medusa", max_turn=T)
    assert race["hero_health_median"][0] == 18
    assert race.filter(pl.col("turn") == T)["hero_health_median"].item() == pytest.approx(
        ends.filter(pl.col("hero") == "wayward_sisters")["h"].median())
    ev = run.events.collect()
    on_sisters = ev.filter((pl.col("kind") == "attack") & pl.col("target").str.starts_with("Sister ")).height
    row = {r["hero"]: r for r in play_stats(run).iter_rows(named=True)}["wayward_sisters"]
    assert on_sisters > 0 and row["attacked"] == on_sisters
    assert row["ends_in_reach"] is not None and row["undefended"] is not None


def test_a_free_for_all_counts_every_player_not_only_the_first_two_slots(tmp_path, capsys):
    """A real four-player run: every hero's starting health, damage curve and final health come
    from the games it played in any slot (the duel columns hero_a/hero_b name only two of the four:
    a hero seated third or fourth had no curve and no starting health)."""
    from tests.cli_helpers import run_cli
    from unmatched_sim.analysis.damage_split import damage_by_fighter

    out = tmp_path / "ffa"
    code, _, err = run_cli(capsys, "tournament", "houdini", "genie", "medusa", "sinbad", "--format", "ffa",
                           "--players", "4", "-n", "4", "-j", "1", "--no-progress", "--out", str(out))
    assert code == 0, err
    run = A.open_run(out)
    g = run.games.collect()
    assert "sinbad" not in set(g["hero_a"]) | set(g["hero_b"])       # the duel columns never name it
    assert dict(A.starting_health(run).iter_rows()) == {"houdini": 14, "genie": 16, "medusa": 16, "sinbad": 15}
    ends = g.select("lineup", "healths").explode("lineup", "healths")
    T = int(g["turns"].max())
    final = A.damage_curves(run, max_turn=T).filter(pl.col("turn") == T)
    for hero in ("houdini", "genie", "medusa", "sinbad"):
        mine = ends.filter(pl.col("lineup") == hero)["healths"]
        row = final.filter(pl.col("hero") == hero)
        assert row["games"].item() == len(mine)
        assert row["health_mean"].item() == pytest.approx(mine.mean())
    assert set(damage_by_fighter(run)["hero"]) == {"houdini", "genie", "medusa", "sinbad"}
