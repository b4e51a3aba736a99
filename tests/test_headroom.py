"""Checked runs (``--check-with POLICY[:K]``): K games of every pairing replayed from the run's own
seeds with another policy on one hero, and the per-hero headroom the report reads from them.

Small runs with fast policies (greedy checked with random or tuned) keep these quick."""

from __future__ import annotations

import json
import math

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from tests.test_robust_runs import sim
from unmatched_sim import analysis as A
from unmatched_sim.analysis.headroom import gains, headroom, headroom_summary, paired_outcomes, reading
from unmatched_sim.errors import UserError
from unmatched_sim.headroom import parse_check_with, split_check_with, with_check
from unmatched_sim.run import RunSpec, plan

HEROES = ("houdini", "genie", "loki")


# --------------------------------------------------------------------------- the option
def test_check_with_splits_k_off_only_a_last_part_of_digits():
    assert split_check_with("random:4") == ("random", 4)
    assert split_check_with("ismcts:iterations=200") == ("ismcts:iterations=200", None)
    assert split_check_with("ismcts:iterations=200:8") == ("ismcts:iterations=200", 8)
    assert split_check_with(" tuned ") == ("tuned", None)


def test_check_with_parsing_defaults_and_checks():
    assert parse_check_with(None, "greedy", "greedy", 40) == ("", 0)
    assert parse_check_with("tuned", "greedy", "greedy", 40) == ("tuned", 20)       # default K
    assert parse_check_with("tuned", "greedy", "greedy", 6) == ("tuned", 6)         # capped at --games
    assert parse_check_with("ismcts:iterations=200:8", "tuned", "tuned", 40) == ("ismcts:iterations=200", 8)


@pytest.mark.parametrize("given, games, pa, pb, fragments", [
    ("greedy", 20, "greedy", "greedy", ["the run's own policy", "ismcts:iterations=200"]),
    ("tuned:5", 20, "greedy", "greedy", ["even", "got 5"]),
    ("tuned:0", 20, "greedy", "greedy", ["at least 2", "got 0"]),
    ("tuned:40", 20, "greedy", "greedy", ["40 check games", "plays 20", "raise --games"]),
    ("tuned", 20, "greedy", "random", ["one --policy"]),
    ("nosuchpolicy", 20, "greedy", "greedy", ["--check-with nosuchpolicy"]),
    ("houdini", 20, "greedy", "greedy", ["is a hero"]),
    (":4", 20, "greedy", "greedy", ["needs a policy"]),
])
def test_check_with_errors_are_one_line_each(given, games, pa, pb, fragments):
    with pytest.raises(UserError) as e:
        parse_check_with(given, pa, pb, games)
    text = str(e.value)
    assert "\n" not in text
    for f in fragments:
        assert f in text, (f, text)


@pytest.mark.parametrize("args, fragments", [
    (["matchup", "houdini", "genie", "-n", "4", "--check-with", "greedy"], ["run's own policy"]),
    (["matchup", "houdini", "genie", "-n", "4", "--check-with", "tuned:6"], ["raise --games"]),
    (["matchup", "houdini", "genie", "loki", "--check-with", "tuned"], ["--check-with is for duels"]),
    (["tournament", "houdini", "genie", "--format", "ffa", "--check-with", "tuned"], ["duel tournaments"]),
    (["tournament", "houdini", "genie", "-n", "4", "--board", "marmoreal,sarpedon", "--check-with", "tuned"],
     ["one --board"]),
])
def test_check_with_errors_from_the_commands(args, fragments, capsys, tmp_path):
    code, _, err = run_cli(capsys, *args, "--policy", "greedy", "--out", str(tmp_path / "r"), "--no-progress")
    assert_one_line_error(code, err, *fragments)


def test_the_plan_appends_k_games_of_each_pairing_each_way_round_on_the_own_seeds():
    spec = RunSpec(pairings=(("x", "y"), ("x", "x")), games=6, seed=3, board="marmoreal", policy_a="greedy",
                   policy_b="greedy")
    checked = with_check(spec, "tuned", 4)
    assert checked.primary_games == 12 and checked.total_games == 12 + 4 * 4
    games = plan(checked)
    own, extra = games[:12], games[12:]
    assert [(g.policy_a, g.policy_b) for g in extra] == [("tuned", "greedy")] * 4 + [("greedy", "tuned")] * 4 + \
        [("tuned", "greedy")] * 4 + [("greedy", "tuned")] * 4
    twin = {(g.hero_a, g.hero_b, g.pair, g.a_first): g.seed for g in own}
    assert all(twin[(g.hero_a, g.hero_b, g.pair, g.a_first)] == g.seed for g in extra)
    assert [g.game_id for g in games] == list(range(28))
    # the run's own games are those of the run without the check
    assert [(g.seed, g.a_first) for g in own] == [(g.seed, g.a_first) for g in plan(spec)]


# --------------------------------------------------------------------------- the paired gain
def pairs_table(rows):
    return pl.DataFrame(rows, schema=["hero", "opponent", "seed", "pair", "first", "won_base", "won_check"],
                        orient="row")


def test_the_paired_gain_by_hand():
    """x: 4 games on 2 seeds; base wins 1, check wins 3: gain +1/2. Per game d = +1, 0, +1, 0;
    cluster sums by seed 1, 1 around a mean of 1/2 per game: variance (0² + 0²)/16 × 2 = 0. y: d =
    −1, +1 on one seed each: mean 0, cluster-robust variance ((−1)² + 1²)/4 × 2/1 = 1, s.e. 1."""
    t = pairs_table([
        ("x", "y", 1, 0, True, False, True), ("x", "y", 1, 0, False, True, True),
        ("x", "y", 2, 1, True, False, True), ("x", "y", 2, 1, False, False, False),
        ("y", "x", 1, 0, True, True, False), ("y", "x", 2, 1, True, False, True),
    ])
    g = {r["hero"]: r for r in gains(t).iter_rows(named=True)}
    x, y = g["x"], g["y"]
    assert (x["games"], x["base_wins"], x["check_wins"]) == (4, 1, 3)
    assert x["gain"] == pytest.approx(0.5) and x["gain_se"] == pytest.approx(0.0)
    assert (y["games"], y["gain"], y["gain_se"]) == (2, 0.0, pytest.approx(1.0))
    assert y["gain_lo"] == -1.0 and y["gain_hi"] == 1.0                   # clamped to [−1, 1]
    s = headroom_summary(gains(t))
    assert s["heroes"] == 2 and s["games"] == 6
    assert s["mean_gain"] == pytest.approx(0.25)
    assert s["sd_gain"] == pytest.approx(math.sqrt(((0.5 - 0.25) ** 2 + 0.25 ** 2) / 1))
    assert s["noise_sd"] == pytest.approx(math.sqrt((0 + 1) / 2))
    assert s["beyond_noise"] == 0.0 and not s["uneven"] and not s["low"]
    assert s["lowest"] == ("y", 0.0) and s["highest"] == ("x", 0.5)


def test_readings_for_a_designer():
    def summary(gains_by_hero, se=0.01):
        t = pl.DataFrame({"hero": list(gains_by_hero), "games": [40] * len(gains_by_hero),
                          "gain": list(gains_by_hero.values()), "gain_se": [se] * len(gains_by_hero),
                          "policy": ["tuned"] * len(gains_by_hero), "check_with": ["ismcts"] * len(gains_by_hero)})
        return headroom_summary(t)
    assert "Low, even headroom: the verdicts are the heroes'" in reading(summary({"a": 0.02, "b": 0.03}))
    assert "Large, even headroom" in reading(summary({"a": 0.20, "b": 0.21}))
    uneven = reading(summary({"a": 0.07, "b": 0.37}), {"b": "Bee"})
    assert "Uneven headroom" in uneven and "+37.0 pts (Bee)" in uneven and "+7.0 pts (a)" in uneven
    # spread that noise explains is not uneven
    assert "Low, even" in reading(summary({"a": -0.05, "b": 0.12}, se=0.2))
    assert "not a stronger player" in reading(summary({"a": -0.2, "b": -0.1}))
    one_seed = headroom_summary(pl.DataFrame({"hero": ["a", "b"], "games": [2, 2], "gain": [0.0, 0.5],
                                              "gain_se": [None, 0.1]}))
    assert one_seed["too_few"] and not one_seed["uneven"] and "cannot be told from noise" in reading(one_seed)


def test_paired_outcomes_pair_each_check_game_with_its_twin():
    """A hand-built checked run: the own games 0-3 (pairs 0 and 1, each seat first once), then check
    games on pair 0 with tuned on hero a (games 4, 5) and on hero b (6, 7). Pairs are found by the
    policies, pairing, pair and seat, whatever the game ids."""
    from tests.test_analysis import Log
    log = Log()
    own = [("a", "a"), ("b", "b"), ("a", "b"), ("b", "a")]            # (first, winner)
    check = [("a", "a", "tuned", "greedy"), ("b", "a", "tuned", "greedy"),
             ("a", "b", "greedy", "tuned"), ("b", None, "greedy", "tuned")]
    for gid, (first, winner) in enumerate(own):
        log.game(gid, "x", "y", first=first, winner=winner)
        log.games[-1].update(pair=gid // 2, seed=gid // 2)
    for gid, (first, winner, pa, pb) in enumerate(check, start=4):
        log.game(gid, "x", "y", first=first, winner=winner)
        log.games[-1].update(pair=0, seed=0, policy_a=pa, policy_b=pb)
    run = log.run({"policy_a": "greedy", "policy_b": "greedy", "check_with": "tuned"})
    rows = sorted(paired_outcomes(run).select("hero", "first", "won_base", "won_check").iter_rows())
    # x (tuned on a): game 4 (a first; twin 0: a won) won; game 5 (b first; twin 1: b won) won
    # y (tuned on b): game 6 (a first; twin 0: a won) won; game 7 (b first; twin 1: b won) a draw
    assert rows == [("x", False, False, True), ("x", True, True, True),
                    ("y", False, False, True), ("y", True, True, False)]
    t = headroom(run)
    assert t["policy"].to_list() == ["greedy"] * 2 and t["check_with"].to_list() == ["tuned"] * 2
    assert dict(zip(t["hero"], t["gain"])) == {"x": 0.5, "y": 0.0}
    assert paired_outcomes(log.run({"policy_a": "greedy"})).height == 0     # not a checked run


# --------------------------------------------------------------------------- a real checked run
@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    where = tmp_path_factory.mktemp("checked")
    code, out, err = sim("tournament", *HEROES, "-n", "6", "--policy", "greedy", "--check-with", "random:4",
                         "-j", "1", "--no-progress", "--out", str(where / "run"), "--json")
    assert code == 0, err
    return where / "run", json.loads(out)


def test_a_checked_run_logs_k_games_of_each_pairing_each_way_after_the_own_games(checked):
    out, res = checked
    meta = json.loads((out / "run.json").read_text())
    assert meta["check_with"] == "random" and meta["check_games"] == 4 and meta["primary_games"] == 6 * 6
    games = pl.read_parquet(out / "games.parquet")
    extra = games.filter(pl.col("game_id") >= 36)
    assert extra.height == meta["total_games"] - 36 == 6 * 2 * 4
    assert extra.group_by("policy_a", "policy_b").len().sort("policy_a")["len"].to_list() == [24, 24]
    assert res["games"] == 36                                   # the command's summary: the own games
    run = A.open_run(out)
    assert run.n_games() == 36 and run.meta.get("policy_a") == "greedy"
    # per hero: 4 games with random on it in each of its 3 pairings, and 4 more in its mirror
    t = headroom(run)
    assert t["hero"].to_list() == list(HEROES) and t["games"].to_list() == [16, 16, 16]
    assert res["headroom"]["heroes"] == 3 and res["headroom"]["check_with"] == "random"
    assert [r["gain"] for r in res["headroom"]["table"]] == pytest.approx(t["gain"].to_list())


def test_play_stats_of_a_checked_run_show_the_checking_policy_on_each_hero(checked):
    from unmatched_sim.analysis.play import play_stats
    out, _ = checked
    df = play_stats(out)
    rows = {(r["hero"], r["policy"]): r for r in df.iter_rows(named=True)}
    assert set(rows) == {(h, p) for h in HEROES for p in ("greedy", "random")}
    # the run's policy in its own games (both sides of 6 games × 3 pairings, mirrors twice); the
    # checking policy on the side it played (its 16 games a hero)
    assert all(rows[(h, "greedy")]["games"] == 24 and rows[(h, "random")]["games"] == 16 for h in HEROES)


def test_the_report_shows_how_well_the_ai_plays_each_hero(checked, tmp_path):
    from unmatched_sim.report.build import _make
    out, _ = checked
    doc, _ = _make(A.open_run(out), tmp_path)
    (section,) = [s for s in doc.sections if s.id == "headroom"]
    assert section.title == "How well does the AI play each hero?"
    (table,) = [b for b in section.blocks if hasattr(b, "rows")]
    names = {"genie": "The Genie", "houdini": "Houdini", "loki": "Loki"}
    by = {r[0]: r for r in table.rows if not r[0].startswith("all heroes")}
    assert set(by) == {names[h] for h in HEROES} and all(r[1] == "16" for r in by.values())
    mean = [r for r in table.rows if r[0] == "all heroes: mean"][0]
    assert mean[1] == "48"
    assert "{" not in table.note and "5 points" in table.note
    assert any("not a stronger player" in f and "How well does the AI play each hero?" in f for f in doc.findings)


def test_an_unchecked_run_says_how_to_measure_it(tmp_path):
    from tests.test_analysis import record
    from unmatched_sim.report.headroom import headroom_section
    left: list = []
    s = headroom_section(record({("x", "y"): (2, 2)}).run(), [], left)
    assert s.title.endswith("(not measured)") and "--check-with ismcts:iterations=200" in s.blocks[0] and not left


def test_a_checked_run_with_the_search_plays_on_a_dask_cluster_as_on_local_cores(tmp_path, capsys, monkeypatch):
    """The check games go through the runner like any others: on a dask cluster they are the same
    games, the search included."""
    distributed = pytest.importorskip("distributed")
    from tests.test_dask_cluster import _same_games
    from tests.test_resume import snapshot

    monkeypatch.chdir(tmp_path)
    args = ["matchup", "houdini", "genie", "-n", "4", "--policy", "greedy", "--check-with", "ismcts:iterations=5:2",
            "--no-progress"]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        code, _, err = run_cli(capsys, *args, "--out", "d", "--backend", "dask", "--scheduler", cluster.scheduler_address)
        assert code == 0, err
    code, _, err = run_cli(capsys, *args, "--out", "l", "-j", "1")
    assert code == 0, err
    assert _same_games(snapshot(tmp_path / "d"), snapshot(tmp_path / "l"))
    games = pl.read_parquet(tmp_path / "d" / "games.parquet")
    assert games.height == 4 + 2 * 2 and set(games["policy_a"]) == {"greedy", "ismcts:iterations=5"}


def test_the_spread_beyond_noise_is_what_the_heroes_spread_more_than_noise_alone_would():
    def table(gains_, se):
        return pl.DataFrame({"hero": [f"h{k}" for k in range(len(gains_))], "games": [100] * len(gains_),
                             "gain": gains_, "gain_se": [se] * len(gains_)})
    wide = headroom_summary(table([0.0, 0.2, 0.4], 0.05))          # SD 0.2 against noise 0.05
    assert wide["beyond_noise"] == pytest.approx(math.sqrt(0.2 ** 2 - 0.05 ** 2))
    narrow = headroom_summary(table([0.15, 0.2, 0.25], 0.1))       # SD 0.05, below noise 0.1
    assert narrow["beyond_noise"] == 0.0 and not narrow["uneven"]
    assert "none of it is measurably the heroes'" in reading(narrow)
