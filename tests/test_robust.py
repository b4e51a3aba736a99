"""sim robust: a matchup under several policies, flagged when its verdict depends on the policy."""

import json

from click.testing import CliRunner

from unmatched_sim.cli import cli
from unmatched_sim.robust import robust_matchup, verdict


def test_robust_reports_each_policy_on_the_same_seeds_and_flags_a_changing_verdict():
    res = robust_matchup("houdini", "genie", ["greedy", "random"], games=6, seed=3)
    assert set(res["policies"]) == {"greedy", "random"}
    for r in res["policies"].values():
        assert r["games"] == 6 and 0 <= r["win_rate"] <= 1 and r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    again = robust_matchup("houdini", "genie", ["greedy", "random"], games=6, seed=3)
    assert again["policies"] == res["policies"]                 # same seeds, same games
    assert res["policy_dependent"] == (len({r["verdict"] for r in res["policies"].values()}) > 1
                                       or res["spread"] > 0.10)


def test_a_verdict_is_even_when_the_interval_holds_fifty_percent():
    assert verdict(0.4, 0.6) == "even" and verdict(0.55, 0.7) == "favours A" and verdict(0.2, 0.45) == "favours B"


def test_sim_robust_prints_one_line_per_policy_and_a_labelled_verdict():
    r = CliRunner().invoke(cli, ["robust", "houdini", "genie", "-n", "4", "--policies", "greedy,random", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["hero_a"] == "houdini" and "policy_dependent" in out
    r = CliRunner().invoke(cli, ["robust", "houdini", "genie", "-n", "4", "--policies", "greedy"])
    assert r.exit_code != 0
