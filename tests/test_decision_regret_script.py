"""scripts/decision_regret.py: the split-half estimate of what the best option wins over the
policy's own choice, its measurement on real games, and bad input as one line."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "decision_regret.py"

_spec = importlib.util.spec_from_file_location("decision_regret", SCRIPT)
regret = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regret)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=ROOT, capture_output=True, text=True)


def test_an_option_that_always_wins_gains_its_whole_margin_over_one_that_always_loses():
    results = [[0.0] * 6, [1.0] * 6]
    assert regret.split_half_gain(results, mine=0) == 1.0


def test_the_policy_s_own_best_option_gains_nothing():
    results = [[1.0] * 6, [0.0] * 6, [0.5] * 6]
    assert regret.split_half_gain(results, mine=0) == 0.0


def test_an_option_best_on_one_half_only_is_judged_on_the_other():
    # option 1 wins the first half's worlds and loses the second's: picked on the first half, it
    # is judged on the second (-0.5); on the second half the policy's own is picked (0). The
    # estimate is not flattered by the noise that picked option 1.
    results = [[0.5] * 4, [1.0, 1.0, 0.0, 0.0]]
    assert regret.split_half_gain(results, mine=0) == -0.25


def test_a_measurement_samples_the_hero_s_decisions_and_prints_them_by_kind():
    rows = regret.measure(["houdini"], ["genie"], games=1, seed=3, policy="tuned", worlds=2, share=0.1,
                          max_options=3, board_id="marmoreal")
    assert rows
    assert {r["hero"] for r in rows} == {"houdini"}
    assert all(r["kind"] not in regret.SKIP for r in rows)
    assert all(2 <= r["options"] <= 3 for r in rows)


def test_versus_measures_only_the_decisions_where_the_other_policy_differs():
    rows = regret.measure(["houdini"], ["genie"], games=1, seed=3, policy="tuned", worlds=2, share=1.0,
                          max_options=3, board_id="marmoreal", kinds={"action"}, versus="aggressive")
    assert all(r["kind"] == "action" and ">" in r["detail"] for r in rows)
    assert all(a != b for a, b in (r["detail"].split(">") for r in rows))


def test_a_kind_no_decision_has_is_named_in_one_line():
    out = run("--heroes", "houdini", "--opponents", "genie", "--kinds", "atack_card", "--worlds", "2")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    errors = [line for line in out.stderr.strip().splitlines() if line.startswith("error:")]   # (after progress lines)
    assert len(errors) == 1 and "atack_card" in errors[0] and "--kinds" in errors[0]


def test_bad_input_is_one_line():
    for args in (("--heroes", "hodini"), ("--worlds", "3"), ("--share", "0"), ("--policy", "ismcts")):
        out = run(*args)
        assert out.returncode != 0
        assert "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_where_a_move_goes_is_told_against_the_foes():
    from tests.scenario import Scenario
    s = Scenario("houdini", "genie")
    s.place("Houdini", "M01").place("The Genie", "M11").remove("Bess")
    g = s.game
    genie = g.fighters[s.fighter("The Genie")].space
    beside = min(g.board.adjacent[genie])
    far = next(x for x in range(g.board.size) if not g.board.same_zone(x, genie))
    zone = next(x for x in range(g.board.size)
                if g.board.same_zone(x, genie) and x != genie and x not in g.board.adjacent[genie])
    assert [regret.space_kind(g, 0, x) for x in (beside, zone, far, None)] == ["adj", "zone", "away", "stay"]
    assert regret.disagreement(g, "move_destination", beside, far, 0) == "adj>away"


def test_a_decision_between_cards_is_told_by_the_cards_names():
    from tests.scenario import Scenario
    s = Scenario("houdini", "genie")
    s.hand(0, "Vanishing Act")
    g = s.game
    cid = s.card_ids(0, "Vanishing Act")[0]
    assert regret.disagreement(g, "ability_discard_for_action", cid, None) == "Vanishing Act>none"


def test_a_scheme_is_told_by_its_card_s_name_whoever_plays_it():
    """A scheme's option is the card with the fighter playing it."""
    from tests.scenario import Scenario
    s = Scenario("houdini", "genie")
    s.hand(0, "Vanishing Act")
    g = s.game
    cid = s.card_ids(0, "Vanishing Act")[0]
    hero = s.fighter("Houdini")
    assert regret.disagreement(g, "scheme_card", (cid, hero), None) == "Vanishing Act>none"


def test_a_number_chosen_for_a_card_is_told_with_the_card_s_name():
    """Coils discharged for Intense Experimentation: the card asking, then the two numbers."""
    from tests.scenario import Scenario
    s = Scenario("nikola_tesla", "genie")
    s.hand(0, "Intense Experimentation")
    g = s.game
    cid = s.card_ids(0, "Intense Experimentation")[0]
    assert regret.disagreement(g, "discharge_coils", 2, 0, 0, cid) == "Intense Experimentation: 2>0"
    assert regret.disagreement(g, "discharge_coils", 2, 0, 0) == ""
