"""Robust runs (``--robust``): a run's non-mirror pairings played again from the same seeds under
other policies, into the same run directory; the report shows each matchup under each policy and
labels the policy-dependent ones.

Small runs with fast policies (greedy against random) keep these quick; one test uses the
defaults (tuned against tuned-v1)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import polars as pl
import pytest

from tests.cli_helpers import run_cli
from tests.test_cli import assert_one_line_error
from tests.test_resume import snapshot
from unmatched_sim import analysis as A
from unmatched_sim.analysis.robust import (chance_of_flag, paired_difference, policy_sensitivity,
                                           sensitivity_summary, summarise)

HEROES = ("houdini", "genie", "loki")


def sim(*args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of ``sim ARGS...`` run in-process (usable in a module fixture)."""
    import contextlib
    import io

    from unmatched_sim.cli import main

    out, err, code = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def tournament(out: Path, *extra: str, n: int = 6) -> dict:
    code, stdout, err = sim("tournament", *HEROES, "-n", str(n), "--policy", "greedy", "-j", "1",
                            "--no-progress", "--out", str(out), "--json", *extra)
    assert code == 0, err
    return json.loads(stdout)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The same tournament with and without --robust random (module-wide: played once)."""
    where = tmp_path_factory.mktemp("robust")
    robust = tournament(where / "robust", "--robust", "random")
    plain = tournament(where / "plain")
    return where / "robust", where / "plain", robust, plain


# --------------------------------------------------------------------------- the run directory
def test_a_robust_run_logs_the_other_policy_on_the_same_seeds_after_the_own_games(runs):
    robust, plain, res, _ = runs
    meta = json.loads((robust / "run.json").read_text())
    assert meta["robust"] == ["random"] and meta["policy_a"] == meta["policy_b"] == "greedy"
    games = pl.read_parquet(robust / "games.parquet").sort("game_id")
    own, other = games.filter(pl.col("game_id") < meta["primary_games"]), games.filter(pl.col("game_id") >= meta["primary_games"])
    assert meta["primary_games"] == 6 * 6 and other.height == 3 * 6 == meta["total_games"] - meta["primary_games"]
    assert set(own["policy_a"]) == set(own["policy_b"]) == {"greedy"}
    assert set(other["policy_a"]) == set(other["policy_b"]) == {"random"}
    assert other.filter(pl.col("hero_a") == pl.col("hero_b")).height == 0       # no mirrors replayed
    # every game of the other policy has the same seed and seat as one game of the own policy
    key = ["hero_a", "hero_b", "pair", "seed", "first_player"]
    assert other.select(key).sort(key).equals(own.filter(pl.col("hero_a") != pl.col("hero_b")).select(key).sort(key))
    # the own policy's games are exactly those of the same run without --robust
    cols = ["game_id", "seed", "hero_a", "hero_b", "first_player", "winner", "turns", "events"]
    assert own.select(cols).equals(pl.read_parquet(plain / "games.parquet").sort("game_id").select(cols))
    # and the command's own summary counts only them
    assert res["games"] == 36 and res["robust"]["matchups"] == 3


def test_the_other_policys_games_are_those_a_run_of_that_policy_plays(runs, tmp_path, capsys):
    robust, _, _, _ = runs
    code, _, err = run_cli(capsys, "tournament", *HEROES, "-n", "6", "--policy", "random", "--no-mirrors", "-j", "1",
                           "--no-progress", "--out", str(tmp_path / "random"))
    assert code == 0, err
    mine = pl.read_parquet(robust / "games.parquet").filter(pl.col("policy_a") == "random")
    theirs = pl.read_parquet(tmp_path / "random" / "games.parquet")
    key = ["hero_a", "hero_b", "pair", "first_player"]
    cols = key + ["seed", "winner", "turns", "end_reason", "health_a", "health_b", "events"]
    assert mine.select(cols).sort(key).equals(theirs.select(cols).sort(key))


def test_analyses_read_only_the_own_policys_games(runs):
    robust, plain = A.open_run(runs[0]), A.open_run(runs[1])
    assert robust.n_games() == plain.n_games() == 36
    for table in (A.win_matrix, A.ranking, A.damage_by_source, A.exhaustion, A.cards, A.end_reasons):
        a, b = table(robust), table(plain)          # (ties may come in another order)
        assert a.sort(a.columns).equals(b.sort(b.columns)), table.__name__
    # per-game work slice by slice stays within the own games, whatever the slice size
    seen = []
    for lo, hi, events, _checked in robust.slices(5):
        ids = events.select("game_id").unique().collect()["game_id"].to_list()
        assert all(lo <= i <= hi < 36 for i in ids)
        seen += ids
    assert sorted(seen) == list(range(36))


def test_policy_sensitivity_counts_each_policys_games_and_pairs_them_by_seed(runs):
    robust, _, res, _ = runs
    run = A.open_run(robust)
    t = policy_sensitivity(run)
    games = pl.read_parquet(robust / "games.parquet")
    assert t.height == 3 and set(zip(t["hero"], t["opponent"])) == {("houdini", "genie"), ("houdini", "loki"),
                                                                    ("genie", "loki")}
    for r in t.iter_rows(named=True):
        for k, p in enumerate(["greedy", "random"]):
            g = games.filter((pl.col("hero_a") == r["hero"]) & (pl.col("hero_b") == r["opponent"])
                             & (pl.col("policy_a") == p))
            assert r[f"games_{k}"] == g.height == 6
            assert r[f"win_rate_{k}"] == g.filter(pl.col("winner") == "a").height / 6
        assert r["diff_1"] == pytest.approx(r["win_rate_1"] - r["win_rate_0"])
        assert r["spread"] == pytest.approx(abs(r["diff_1"]))
        assert r["policy_dependent"] == (r["verdict_0"] != r["verdict_1"] or r["spread"] > 0.10)
    s = sensitivity_summary(t)
    assert s["policy_dependent"] == int(t["policy_dependent"].sum()) == res["robust"]["policy_dependent"]
    assert s["expected_by_chance"] == pytest.approx(sum(chance_of_flag(x) for x in t["diff_se_1"]))


def test_paired_difference_and_the_noise_floor():
    # won under base / under other, per seed and seat
    assert paired_difference([(True, True), (False, False)]) == (0.0, 0.0)
    mean, se = paired_difference([(True, False), (False, False), (True, True), (False, True)])
    assert mean == 0.0 and se == pytest.approx(math.sqrt(2 / 3 / 4))
    assert chance_of_flag(0.0) == 0.0                      # identical games never differ
    assert chance_of_flag(0.10 / 1.959963984540054) == pytest.approx(0.05)
    assert chance_of_flag(0.02) < 1e-5 < chance_of_flag(0.05)


def test_summarise_labels_a_changed_verdict_and_a_wide_gap():
    even = summarise("a", "b", {"p": (50, 0, 100), "q": (52, 0, 100)})
    assert not even["policy_dependent"] and even["reason"] == "same verdict under every policy"
    gap = summarise("a", "b", {"p": (30, 0, 100), "q": (45, 0, 100)})        # B favoured vs even, 15 points
    assert gap["policy_dependent"] and gap["verdict_changes"] and gap["beyond_spread"]
    assert gap["policies"]["q"]["diff"] == pytest.approx(0.15)
    wide = summarise("a", "b", {"p": (700, 0, 1000), "q": (820, 0, 1000)})   # both favour A, 12 points apart
    assert wide["policy_dependent"] and not wide["verdict_changes"] and wide["beyond_spread"]


# --------------------------------------------------------------------------- commands on a robust run
def test_replay_and_games_find_and_replay_the_other_policys_games(runs, capsys):
    from unmatched_sim.replay import replay_from_run
    robust = runs[0]
    code, out, err = run_cli(capsys, "games", str(robust), "--policy", "random", "--json", "--limit", "0")
    assert code == 0, err
    found = json.loads(out)
    rows = found["games"] if isinstance(found, dict) else found
    ids = [r["game_id"] for r in rows]
    assert len(ids) == 18 and min(ids) == 36
    code, out, err = run_cli(capsys, "games", str(robust), "--json", "--limit", "0")
    own = json.loads(out)
    assert max(r["game_id"] for r in (own["games"] if isinstance(own, dict) else own)) == 35
    code, _, err = run_cli(capsys, "games", str(robust), "--policy", "careful")
    assert_one_line_error(code, err, "--policy careful", "greedy, random")
    lines = replay_from_run(robust, ids[0])          # checked against the log as it replays
    assert "random" in lines[0] and "greedy" not in lines[0]


@pytest.mark.parametrize("extra, chunks, key, value", [
    (("--robust", "random"), 3, "robust", ["random"]),              # 36 own games and 18 more
    (("--check-with", "random:4"), 5, "check_with", "random"),      # 36 own games and 48 more
])
def test_a_robust_or_checked_run_resumes_to_the_same_files(tmp_path, capsys, monkeypatch, extra, chunks, key, value):
    import unmatched_sim.run.store as R

    monkeypatch.chdir(tmp_path)
    args = ["tournament", *HEROES, "-n", "6", "--policy", "greedy", *extra, "--no-progress", "-j", "1"]
    real = R.write_chunk
    calls = {"n": 0}

    def interrupt(out, index, events, games):
        real(out, index, events, games)
        calls["n"] += 1
        if calls["n"] == 2:       # chunks of 20
            raise KeyboardInterrupt

    monkeypatch.setattr(R, "write_chunk", interrupt)
    code, _, err = run_cli(capsys, *args, "--out", "r")
    assert code == 130 and f"2 of {chunks} chunks finished" in err
    monkeypatch.setattr(R, "write_chunk", real)
    code, _, err = run_cli(capsys, "resume", "r", "-j", "1", "--no-progress")     # from plan.json alone
    assert code == 0, err
    code, _, err = run_cli(capsys, *args, "--out", "whole")
    assert code == 0, err
    got, want = snapshot(tmp_path / "r"), snapshot(tmp_path / "whole")
    assert {k: v for k, v in got.items() if k != "run.json"} == {k: v for k, v in want.items() if k != "run.json"}
    assert json.loads((tmp_path / "r" / "run.json").read_text())[key] == value


def test_sim_matchup_robust_gives_what_sim_robust_gives(tmp_path, capsys):
    """The defaults (tuned, and tuned-v1 for a bare --robust) on four seeds: the run's figures are
    sim robust's, because both play game i of the matchup from the same seed."""
    code, out, err = run_cli(capsys, "matchup", "houdini", "genie", "-n", "4", "--seed", "3", "-j", "1",
                             "--no-progress", "--out", str(tmp_path / "m"), "--json", "--robust")
    assert code == 0, err
    via_run = json.loads(out)["robust"]
    code, out, err = run_cli(capsys, "robust", "houdini", "genie", "-n", "4", "--seed", "3", "--json")
    assert code == 0, err
    in_memory = json.loads(out)
    assert list(via_run["policies"]) == list(in_memory["policies"]) == ["tuned", "tuned-v1"]
    for p in ("tuned", "tuned-v1"):
        for k in ("games", "win_rate", "ci95", "verdict"):
            assert via_run["policies"][p][k] == in_memory["policies"][p][k]
    assert via_run["policies"]["tuned-v1"]["diff_se"] == pytest.approx(in_memory["policies"]["tuned-v1"]["diff_se"])
    assert via_run["policy_dependent"] == in_memory["policy_dependent"]


def test_robust_bad_input_is_one_line(tmp_path, capsys):
    base = ["-n", "2", "-j", "1", "--no-progress", "--out", str(tmp_path / "x")]
    for args, frag in [
        (["matchup", "houdini", "genie", "--policy-a", "greedy", "--policy-b", "random", "--robust", "careful"],
         "--policy-a/--policy-b"),
        (["matchup", "houdini", "genie", "--policy", "greedy", "--robust", "greedy"], "the run's own policy"),
        (["matchup", "houdini", "houdini", "--robust"], "mirror"),
        (["matchup", "houdini", "genie", "--robust", "nosuchpolicy"], "nosuchpolicy"),
        (["tournament", "--robust", "houdini", "genie"], "is a hero"),
        (["matchup", "houdini", "genie", "loki", "--robust"], "duels"),
        (["tournament", "houdini", "genie", "--board", "marmoreal,sarpedon", "--robust"], "one --board"),
    ]:
        code, _, err = run_cli(capsys, *args, *base)
        assert_one_line_error(code, err, frag)
    assert not (tmp_path / "x").exists()


# --------------------------------------------------------------------------- the report
def test_the_report_of_a_robust_run_labels_policy_dependent_matchups(runs, tmp_path):
    from unmatched_sim.report import build_report
    from unmatched_sim.report.robust import TITLE, flagged_pairs

    robust = runs[0]
    r = build_report(robust, tmp_path / "rep")
    assert TITLE not in [t for t, _ in r.left_out]
    numbers = json.loads((tmp_path / "rep" / "numbers.json").read_text())
    t0 = policy_sensitivity(A.open_run(robust))
    assert numbers["robustness"] == json.loads(json.dumps({"policies": ["greedy", "random"],
                                                           **sensitivity_summary(t0)}))
    rows = numbers["tables"]["policy_sensitivity"]
    t = policy_sensitivity(A.open_run(robust))
    assert [(x["hero"], x["opponent"], x["policy_dependent"]) for x in rows] == \
        list(zip(t["hero"], t["opponent"], t["policy_dependent"]))
    flagged = flagged_pairs(t)
    assert flagged == {p for x in rows if x["policy_dependent"] for p in ((x["hero"], x["opponent"]),
                                                                         (x["opponent"], x["hero"]))}
    assert (tmp_path / "rep" / "robustness.png").exists()
    assert numbers["tables"]["win_matrix"] == json.loads(json.dumps(A.win_matrix(A.open_run(runs[1])).to_dicts()))


def test_the_report_of_a_one_policy_run_says_how_to_measure_it(runs, tmp_path):
    from unmatched_sim.report import build_report
    from unmatched_sim.report.robust import TITLE

    r = build_report(runs[1], tmp_path / "rep")
    assert TITLE not in dict(r.left_out)               # the ordinary case: no "left out" notice
    numbers = json.loads((tmp_path / "rep" / "numbers.json").read_text())
    assert numbers["robustness"]["policies"] == [] and "--robust tuned-v1" in numbers["robustness"]["how"]
    assert "policy_sensitivity" not in numbers["tables"]
    assert not (tmp_path / "rep" / "robustness.png").exists()


def test_sim_resume_rebuilds_every_field_of_a_runs_spec():
    """`sim resume RUN` rebuilds the run's spec from plan.json; a field it dropped (the robust
    policies, what-if overrides, a multi-player format) made the fingerprint differ and the
    resume refuse the run."""
    import dataclasses

    from unmatched_sim.run import RunSpec, spec_from_json, spec_json

    spec = RunSpec(pairings=(("houdini", "genie"),), games=4, seed=9, board="sarpedon", policy_a="greedy",
                   policy_b="greedy", max_turns=50, hero_files={"houdini": {"path": "h", "sha256": "x"}},
                   board_file={"path": "b", "sha256": "y"}, matchups=(("houdini", "genie", "greedy", "greedy"),),
                   overrides=("houdini.health=16",), format="ffa", lineups=(("houdini", "genie", "loki"),),
                   robust=("random",), check_with="tuned", check_games=2,
                   coop=(("villain", "example_villain", "v", "z"), ("minion", "example_brute", "m", "w")))
    defaults = RunSpec(pairings=(), games=1, seed=1, board="", policy_a="", policy_b="")
    assert all(getattr(spec, f.name) != getattr(defaults, f.name) for f in dataclasses.fields(RunSpec))
    assert spec_from_json(spec_json(spec)) == spec
    assert "robust" not in spec_json(defaults)       # a run without it keeps its old fingerprint
    assert "check_with" not in spec_json(defaults) and "check_games" not in spec_json(defaults)
    assert "coop" not in spec_json(defaults)
