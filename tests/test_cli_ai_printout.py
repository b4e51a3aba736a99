"""What sim matchup / tournament print of robustness and headroom: heroes by display name (ids
only in commands and CSV), numbers rounded as the reports round them."""

from __future__ import annotations

from unmatched_sim.cli.ai import echo_headroom, echo_robust, echo_sensitivity


def test_the_policy_dependent_matchups_are_printed_by_display_name(capsys):
    summary = {"policies": ["tuned", "tuned-v1"], "matchups": 3, "policy_dependent": 1, "share": 1 / 3,
               "beyond_spread": 1, "spread": 0.1, "expected_by_chance": 0.25, "verdict_changes": 1}
    rows = [{"hero": "genie", "opponent": "houdini", "policy_dependent": True, "win_rate_0": 0.6125,
             "win_rate_1": 0.45, "reason": "verdicts differ"},
            {"hero": "genie", "opponent": "genie", "policy_dependent": True, "win_rate_0": 0.5, "win_rate_1": 0.7,
             "reason": "spread"},
            {"hero": "medusa", "opponent": "houdini", "policy_dependent": False, "win_rate_0": 0.5,
             "win_rate_1": 0.5, "reason": ""}]
    echo_sensitivity(summary, rows)
    out = capsys.readouterr().out
    assert "The Genie vs Houdini: 61.3% / 45.0%" in out          # 61.25 rounds half up
    assert "The Genie mirror" in out
    assert "genie vs" not in out and "Medusa" not in out          # the first robust matchup ends the list
    assert "(33%)" in out and "more than 10 points" in out


def test_the_headroom_is_printed_by_display_name(capsys):
    summary = {"heroes": 2, "check_with": "ismcts", "policy": "tuned", "mean_gain": 0.05, "sd_gain": 0.0125,
               "noise_sd": 0.02, "lowest": ("genie", 0.0375), "highest": ("wayward_sisters", 0.0625),
               "too_few": False, "uneven": False, "low": True}
    rows = [{"hero": "genie", "base_win_rate": 0.5, "check_win_rate": 0.5375, "gain": 0.0375, "gain_lo": 0.0,
             "gain_hi": 0.075, "games": 40},
            {"hero": "wayward_sisters", "base_win_rate": 0.5, "check_win_rate": 0.5625, "gain": 0.0625,
             "gain_lo": 0.01, "gain_hi": 0.115, "games": 40}]
    echo_headroom(summary, rows)
    out = capsys.readouterr().out
    assert "The Genie " in out and "The Wayward Sisters " in out
    assert "wayward_sisters" not in out and " genie " not in out
    assert "gain +3.8 pts" in out and "SD across heroes 1.3 points" in out    # 3.75 and 1.25 half up


def test_a_robust_matchup_prints_its_paired_error_rounded_half_up(capsys):
    res = {"policies": {"tuned": {"ci95": [0.4, 0.6], "win_rate": 0.5, "verdict": "even"},
                        "tuned-v1": {"ci95": [0.5, 0.7], "win_rate": 0.6, "verdict": "favours A", "diff": 0.1,
                                     "diff_se": 0.0125}},
           "policy_dependent": False, "reason": "the verdicts agree", "beyond_spread": False}
    echo_robust(res, "Houdini", "The Genie")
    out = capsys.readouterr().out
    assert "(paired s.e. 1.3)" in out and "favours Houdini" in out


def test_a_game_line_names_heroes_and_how_the_game_ended_in_words():
    from unmatched_sim.report.format import game_line
    names = {"genie": "The Genie", "houdini": "Houdini", "medusa": "Medusa", "alice": "Alice"}
    duel = {"hero_a": "genie", "hero_b": "houdini", "first_hero": "houdini", "winner_hero": None, "turns": 200,
            "end_reason": "turn_limit", "health_a": 3, "health_b": 4}
    assert game_line(duel, names) == ("The Genie (a) vs Houdini (b), Houdini first; no winner after 200 turns "
                                      "(turn limit (draw)); health left 3–4")
    team = {"lineup": ["alice", "houdini", "medusa", "genie"], "format": "teams", "first_hero": "genie",
            "winner_hero": "medusa+genie", "turns": 30, "end_reason": "both_heroes_defeated"}
    assert game_line(team, names) == ("Alice + Houdini (team A) vs Medusa + The Genie (team B), The Genie first; "
                                      "Medusa and The Genie won in 30 turns by both heroes defeated")
