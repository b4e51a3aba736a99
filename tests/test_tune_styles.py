"""scripts/tune_styles.py: a fixed field read from git, the same candidates and seeds for every
hero, and the held-out paired verdict against the balanced default."""

import argparse
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from unmatched_sim.data.catalog import find_hero
from unmatched_sim.data.heroes import load_hero_file, write_ai_style

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import tune_styles  # noqa: E402

FIELD_REV = "6a0257a"       # the revision whose styles are the documented field


def have_revision(rev: str) -> bool:
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"],
                          capture_output=True).returncode == 0


needs_field_rev = pytest.mark.skipif(not have_revision(FIELD_REV), reason="history without the field's revision")


@needs_field_rev
def test_a_revisions_styles_come_from_its_hero_files_in_git():
    styles = tune_styles.styles_at(FIELD_REV, ["houdini", "titania", "achilles"])
    assert styles["houdini"] == {"aggression": 0.0, "caution": 0.75, "safety": 0.75, "reserve": 0.75}
    assert styles["titania"] == {"aggression": 0.0}      # a weight not set stays unset (balanced)
    assert styles["achilles"] == {}                       # no [ai] table then: the balanced default


@needs_field_rev
def test_the_field_plays_each_opponent_in_its_style_at_the_revision_and_a_policy_the_same_for_all():
    heroes = ["houdini", "achilles"]
    pool = tune_styles.parse_pool(f"tuned@{FIELD_REV},heuristic:caution=0.7,safety=0.2,careful", heroes)
    assert len(pool) == 3
    assert pool[0] == {"houdini": "heuristic:aggression=0,caution=0.75,safety=0.75,reserve=0.75",
                       "achilles": "heuristic"}
    assert pool[1] == {h: "heuristic:caution=0.7,safety=0.2" for h in heroes}
    assert pool[2] == {h: "careful" for h in heroes}


@pytest.mark.parametrize("pool, words", [("tuned", "tuned@REV"), ("tuned@nosuchrevision", "nosuchrevision"),
                                         ("careful@HEAD", "only tuned@REV")])
def test_a_field_that_would_move_or_does_not_exist_is_refused_in_one_line(pool, words):
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "tune_styles.py"), "--pool", pool,
                          "--heroes", "houdini"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0 and words in out.stderr


def test_each_hero_gets_its_own_candidates_whatever_else_is_tuned():
    a = tune_styles.candidates_for("houdini", 8, seed=1)
    assert a == tune_styles.candidates_for("houdini", 8, seed=1)
    assert a[0] == tune_styles.DEFAULT
    assert len({tuple(sorted(c.items())) for c in a}) == 8
    current = {**tune_styles.DEFAULT, **dict(find_hero("houdini").ai_style)}
    assert current in a
    assert a != tune_styles.candidates_for("genie", 8, seed=1)


def test_successive_halving_halves_the_candidates_and_doubles_the_seeds():
    assert tune_styles.halving_plan(12, 2) == [(12, 2), (6, 4), (3, 8), (2, 16)]
    assert tune_styles.halving_plan(1, 2) == []


def test_the_paired_difference_is_game_for_game():
    mean, lo, hi = tune_styles.paired(bytes([1, 1, 0, 1, 1, 0]), bytes([0, 1, 0, 0, 1, 0]))
    assert mean == pytest.approx(2 / 6)
    assert lo < mean < hi
    assert tune_styles.paired(bytes([1, 0, 1]), bytes([1, 0, 1])) == (0.0, 0.0, 0.0)


def test_a_style_is_kept_only_where_its_held_out_lead_is_clear():
    args = argparse.Namespace(candidates=2, games=1, holdout=2, board="marmoreal", seed=3)
    pool = [{"houdini": "careful", "genie": "careful"}]

    class Bar:
        def update(self, n):
            pass

    from joblib import Parallel
    r = tune_styles.tune_hero("houdini", ["houdini", "genie"], pool, args, Parallel(n_jobs=1), Bar())
    assert r["held_out_games"] == 2 * 2            # 2 held-out seeds, both seats, 1 opponent
    assert r["keep"] == (r["best"] != tune_styles.DEFAULT and r["diff_lo"] > 0)
    assert r["diff"] == pytest.approx(r["best_rate"] - r["default_rate"])


def test_a_dropped_style_leaves_the_hero_balanced_with_its_note(tmp_path):
    f = tmp_path / "houdini.toml"
    shutil.copy(find_hero("houdini").path, f)
    write_ai_style(f, {}, "balanced: measured no better")
    hero = load_hero_file(f)
    assert hero.ai_style == ()
    assert tune_styles.spec_of(dict(hero.ai_style)) == "heuristic"     # the balanced default


@needs_field_rev
def test_an_older_revisions_tuned_plays_each_hero_in_its_style_of_then(tmp_path, monkeypatch):
    """scripts/versus_revision.py: ``tuned-<rev>`` reads the styles of the revision's hero files,
    not today's, so a style written since changes today's ``tuned`` alone."""
    import dataclasses

    import versus_revision
    from tests.scenario import Scenario
    from unmatched_sim.engine.view import PlayerView
    from unmatched_sim.policies import make_policy

    from unmatched_sim.policies import registry
    monkeypatch.setattr(registry, "POLICIES", dict(registry.POLICIES))   # the revision's leave with the test
    monkeypatch.setattr(sys, "path", list(sys.path))
    tag = versus_revision.register_revision(FIELD_REV, tmp_path)
    restyled = {"ai_style": (("aggression", 1.0), ("caution", 0.0), ("safety", 0.0))}   # "written since"
    s = Scenario(hero_defs=[dataclasses.replace(find_hero(h), **restyled) for h in ("houdini", "achilles")])
    old = make_policy(f"tuned-{tag}:safety=0.1", random.Random(0))
    old.style_now(PlayerView(s.game, 0))
    assert (old.aggression, old.caution, old.safety, old.reserve) == (0.0, 0.75, 0.75, 0.75)
    old.style_now(PlayerView(s.game, 1))      # Achilles had no [ai] table then: balanced, and the spec's safety
    assert (old.aggression, old.caution, old.safety, old.reserve) == (0.55, 0.5, 0.1, 0.5)
    today = make_policy("tuned", random.Random(0))
    today.style_now(PlayerView(s.game, 0))
    assert (today.aggression, today.caution, today.safety) == (1.0, 0.0, 0.0)


@needs_field_rev
def test_an_older_revisions_card_facts_are_kept_apart_from_todays(tmp_path, monkeypatch):
    """scripts/versus_revision.py: the copied policies keep their card facts in slots of their
    own, so a fact worked out differently at the revision is never read by today's policy."""
    import dataclasses
    import importlib

    import versus_revision
    from unmatched_sim.policies import card_facts, registry

    monkeypatch.setattr(registry, "POLICIES", dict(registry.POLICIES))
    monkeypatch.setattr(sys, "path", list(sys.path))
    versus_revision.register_revision(FIELD_REV, tmp_path)
    old = importlib.import_module("policies_" + FIELD_REV + ".card_facts")
    card = next(c for c in find_hero("houdini").cards if c.name == "Flourish")
    d = dataclasses.replace(card)           # a fresh memo
    old.card_strength(d, True)
    assert d.ai_fact(1) is None             # today's slot of the strength (played by its owner)
    today = card_facts.card_strength(d, True)
    assert d.ai_fact(1) == today
