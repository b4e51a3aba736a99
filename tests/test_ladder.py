"""sim ladder: every pair of policies over mirrored and mixed hero matchups, seats swapped;
win rates with intervals and Bradley-Terry ratings; runner behaviour of matchup/tournament kept."""

from __future__ import annotations

import json
import math
from collections import Counter

import polars as pl
import pytest

from unmatched_sim.analysis.ladder import (bradley_terry, ladder_matchups, ladder_summary,
                                           split_policy_list)
from tests.cli_helpers import run_cli
from unmatched_sim.run import RunSpec, plan



def test_matchups_cover_mirrors_once_and_mixed_both_ways():
    m = ladder_matchups(["genie", "houdini", "loki"], ["p", "q", "r"])
    per_pair = Counter((pa, pb) for _, _, pa, pb in m)
    assert per_pair == {("p", "q"): 9, ("p", "r"): 9, ("q", "r"): 9}   # 3 mirrors + 3 mixed x 2
    pq = [(a, b) for a, b, pa, pb in m if (pa, pb) == ("p", "q")]
    assert sorted(pq) == sorted([("genie", "genie"), ("houdini", "houdini"), ("loki", "loki"),
                                 ("genie", "houdini"), ("houdini", "genie"), ("genie", "loki"),
                                 ("loki", "genie"), ("houdini", "loki"), ("loki", "houdini")])


def test_each_seed_is_played_from_both_seats_and_policies_share_deals():
    spec = RunSpec(pairings=(("genie", "houdini"),), games=4, seed=3, board="marmoreal", policy_a="x",
                   policy_b="x", matchups=tuple(ladder_matchups(["genie", "houdini"], ["p", "q", "r"])))
    games = plan(spec)
    assert len(games) == spec.total_games == 3 * 4 * 4
    for a, b, pa, pb in spec.matchups:
        mine = [g for g in games if (g.hero_a, g.hero_b, g.policy_a, g.policy_b) == (a, b, pa, pb)]
        assert [g.a_first for g in mine] == [True, False, True, False]
        assert mine[0].seed == mine[1].seed != mine[2].seed
    seeds = {(g.hero_a, g.hero_b, g.pair, g.policy_a): g.seed for g in games}
    assert seeds[("genie", "houdini", 0, "p")] == seeds[("genie", "houdini", 0, "q")]


def test_plans_without_matchups_are_unchanged():
    spec = RunSpec(pairings=(("genie", "houdini"), ("houdini", "houdini")), games=3, seed=1,
                   board="marmoreal", policy_a="greedy", policy_b="random")
    games = plan(spec)
    assert len(games) == 6 and all(g.policy_a is None and g.policy_b is None for g in games)
    assert [(g.game_id, g.pair, g.a_first) for g in games[:3]] == [(0, 0, True), (1, 0, False), (2, 1, True)]


def test_policy_lists_split_on_spaces_and_commas_but_keep_parameters():
    assert split_policy_list("greedy, heuristic:aggression=0.9,caution=0.1 ismcts") == [
        "greedy", "heuristic:aggression=0.9,caution=0.1", "ismcts"]
    assert split_policy_list("a,b:x=1,c") == ["a", "b:x=1", "c"]


def test_bradley_terry_recovers_known_odds():
    r = bradley_terry(["p", "q"], {("p", "q"): 750, ("q", "p"): 250}, {("p", "q"): 1000, ("q", "p"): 1000},
                      prior=0)
    assert r["p"] - r["q"] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert (r["p"] + r["q"]) / 2 == pytest.approx(1500)
    # transitive three-way: p 3:1 over q, q 3:1 over r, p 9:1 over r -> 191 points a step
    s = {("p", "q"): 75, ("q", "p"): 25, ("q", "r"): 75, ("r", "q"): 25, ("p", "r"): 90, ("r", "p"): 10}
    n = {k: 100 for k in s}
    r = bradley_terry(["p", "q", "r"], s, n, prior=0)
    assert r["p"] - r["q"] == pytest.approx(r["q"] - r["r"], abs=1)


def test_summary_counts_a_draw_as_not_won_and_reads_either_side():
    df = pl.DataFrame({"policy_a": ["p", "q", "p", "p"], "policy_b": ["q", "p", "q", "q"],
                       "winner": ["a", "a", None, "b"], "hero_a": ["x"] * 4, "hero_b": ["y"] * 4})
    s = ladder_summary(df, ["p", "q"], bootstrap=20)
    pq = next(r for r in s["pairwise"] if (r["policy"], r["opponent"]) == ("p", "q"))
    assert pq["games"] == 4 and pq["score"] == 1.0 and pq["draws"] == 1
    qp = next(r for r in s["pairwise"] if (r["policy"], r["opponent"]) == ("q", "p"))
    assert qp["score"] == 2.0 and qp["draws"] == 1
    assert s["ratings"][0]["policy"] == "q"


def test_score_by_hero_counts_a_draw_as_not_won_like_the_pairwise_score():
    """--by-hero used to count a draw half a win while the pairwise score (and the docs) said a
    draw is a game neither side won: one rule everywhere."""
    df = pl.DataFrame({"policy_a": ["p", "q", "p", "p"], "policy_b": ["q", "p", "q", "q"],
                       "winner": ["a", "a", None, "b"], "hero_a": ["x"] * 4, "hero_b": ["y"] * 4})
    by = {(r["policy"], r["hero"]): r for r in ladder_summary(df, ["p", "q"], bootstrap=0)["by_hero"]}
    assert (by[("p", "x")]["games"], by[("p", "x")]["win_rate"]) == (3, pytest.approx(1 / 3))
    assert (by[("q", "y")]["games"], by[("q", "y")]["win_rate"]) == (3, pytest.approx(1 / 3))
    assert (by[("q", "x")]["win_rate"], by[("p", "y")]["win_rate"]) == (1.0, 0.0)


def test_sim_ladder_runs_and_is_deterministic_across_jobs(tmp_path, capsys):
    args = ["ladder", "--heroes", "houdini,genie", "--policies", "random,greedy", "--policies", "careful",
            "--games", "2", "--seed", "4", "--json"]
    code, out, err = run_cli(capsys, *args, "--jobs", "1", "--out", str(tmp_path / "one"))
    assert code == 0, err
    s = json.loads(out)
    assert s["games"] == 3 * 4 * 2
    assert {r["policy"] for r in s["ratings"]} == {"random", "greedy", "careful"}
    assert all(r["rating_ci95"][0] <= r["rating"] + 1e-9 for r in s["ratings"])
    code, out2, err = run_cli(capsys, *args, "--jobs", "2", "--out", str(tmp_path / "two"))
    assert code == 0, err
    one = pl.read_parquet(tmp_path / "one" / "games.parquet")
    two = pl.read_parquet(tmp_path / "two" / "games.parquet")
    assert one.drop("events").equals(two.drop("events")) if "events" in one.columns else one.equals(two)
    meta = json.loads((tmp_path / "one" / "run.json").read_text())
    assert len(meta["matchups"]) == 12


def test_sim_ladder_text_output(tmp_path, capsys):
    code, out, err = run_cli(capsys, "ladder", "--heroes", "genie", "--policies", "random greedy",
                             "--games", "2", "--jobs", "1", "--out", str(tmp_path / "r"), "--no-progress",
                             "--by-hero")
    assert code == 0, err
    assert "Bradley-Terry" in out and "95% CI" in out and "greedy" in out and "genie" in out


@pytest.mark.parametrize("args, fragment", [
    (["--policies", "greedy"], "at least two"),
    (["--policies", "greedy,greedy"], "twice"),
    (["--policies", "greedy,bogus"], "unknown policy 'bogus'"),
    (["--heroes", "nobody", "--policies", "greedy,random"], "unknown hero"),
    (["--games", "0", "--policies", "greedy,random"], "--games"),
])
def test_sim_ladder_bad_input_is_one_line(capsys, tmp_path, args, fragment):
    code, out, err = run_cli(capsys, "ladder", *args, "--out", str(tmp_path / "x"))
    assert code != 0
    lines = [ln for ln in err.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and fragment in lines[0], err


def test_an_interrupted_ladder_resumes_to_the_same_result_as_an_uninterrupted_one(tmp_path, capsys, monkeypatch):
    """Ctrl-C after the second of four chunks keeps them; the same command plus --resume (its
    default --out found again) plays only the rest, and `sim resume` works on a ladder too: the
    games, events and ratings are those of a ladder never interrupted."""
    import hashlib

    import unmatched_sim.run.store as R

    monkeypatch.chdir(tmp_path)
    args = ["ladder", "--heroes", "houdini,genie", "--policies", "random,greedy", "-n", "20", "--seed", "2",
            "-j", "1", "--no-progress", "--json"]
    code, out, err = run_cli(capsys, *args, "--out", "whole")
    assert code == 0, err
    whole = json.loads(out)
    real, calls = R.write_chunk, {"n": 0}

    def interrupt(out, index, events, games):
        real(out, index, events, games)
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt

    def files(run):
        return {str(p.relative_to(run)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(run.rglob("*")) if p.is_file() and p.name != "run.json"}

    for how in ("--resume", "sim resume"):
        calls["n"] = 0
        monkeypatch.setattr(R, "write_chunk", interrupt)
        out_args = [] if how == "--resume" else ["--out", "by-resume"]
        code, _, err = run_cli(capsys, *args, *out_args)
        assert code == 130 and "2 of 4 chunks finished" in err
        monkeypatch.setattr(R, "write_chunk", real)
        if how == "--resume":
            code, out, err = run_cli(capsys, *args, "--resume")
            assert code == 0, err
            resumed = json.loads(out)
            run = tmp_path / resumed["out"]
            assert run == tmp_path / "runs" / "ladder-2p-tournament-3_marmoreal_seed2_n20"    # as it was named
            assert {k: v for k, v in resumed.items() if k not in ("elapsed_s", "out")} == \
                {k: v for k, v in whole.items() if k not in ("elapsed_s", "out")}
        else:
            code, _, err = run_cli(capsys, "resume", "by-resume", "-j", "1", "--no-progress")
            assert code == 0, err
            run = tmp_path / "by-resume"
        assert files(run) == files(tmp_path / "whole")
