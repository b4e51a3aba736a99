"""Expert iteration (``policies/learn.py``, ``scripts/expert_iteration.py``): the fit recovers
known weights, the labels are the same for the same seed, the weights are varied and restored."""

import sys
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from unmatched_sim.policies import heuristic, learn, position

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import expert_iteration  # noqa: E402

pure_only = pytest.mark.skipif(not learn.can_vary_weights(),
                               reason="the weights are varied only in the uncompiled build")


def synthetic(theta_true, n=400, options=4, kinds=2, beta=(2.0, 0.5), seed=0):
    """Decisions whose target shares are softmax(beta_kind * (s0 + F theta_true)) exactly."""
    rng = np.random.default_rng(seed)
    K = len(theta_true)
    group = np.repeat(np.arange(n), options)
    kind = rng.integers(0, kinds, n)
    s0 = rng.normal(size=n * options)
    F = rng.normal(size=(n * options, K))
    z = np.asarray(beta)[kind][group] * (s0 + F @ theta_true)
    z = z.reshape(n, options)
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return learn.Decisions(group, kind, s0, F, p.ravel())


def test_the_fit_recovers_the_weights_and_temperatures_that_made_the_choices():
    truth = np.array([0.5, -0.3, 0.0])
    data = synthetic(truth)
    got = learn.fit_weights(data, l2=1e-8, kinds=2)
    assert np.allclose(got["theta"], truth, atol=1e-3)
    assert np.allclose(got["beta"], [2.0, 0.5], atol=1e-3)
    assert got["loss"] < got["loss_base"]
    assert learn.agreement(data, got["theta"]) == pytest.approx(1.0)
    assert learn.agreement(data) < 0.9


def test_the_l2_term_pulls_the_fit_toward_the_current_weights():
    data = synthetic(np.array([0.5, -0.3, 0.0]))
    free = learn.fit_weights(data, l2=1e-8, kinds=2)["theta"]
    held = learn.fit_weights(data, l2=1.0, kinds=2)["theta"]
    assert np.linalg.norm(held) < 0.5 * np.linalg.norm(free)


def test_a_subset_keeps_its_decisions_rows_together():
    data = synthetic(np.array([0.2]), n=6, options=3)
    keep = np.array([True, False, True, False, False, True])
    sub = data.subset(keep)
    assert sub.n == 3 and len(sub.s0) == 9
    assert np.array_equal(sub.s0[3:6], data.s0[6:9])
    assert list(sub.group) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


@pure_only
def test_a_weight_set_in_a_block_is_read_by_the_policy_modules_and_restored_after():
    was = heuristic.ATTACK_BONUS
    with learn.weights_set({"ATTACK_BONUS": was + 1.0, "TARGET_HERO": 7.5}):
        assert heuristic.ATTACK_BONUS == was + 1.0
        assert position.TARGET_HERO == 7.5
    assert heuristic.ATTACK_BONUS == was and position.TARGET_HERO == learn.base_weights()["TARGET_HERO"]


def test_fitted_values_keep_each_change_within_bounds():
    theta = np.zeros(len(learn.WEIGHTS))
    theta[0], theta[1] = 5.0, -5.0
    got = learn.fitted_values(theta)
    base = learn.base_weights()
    n0, n1 = learn.WEIGHTS[:2]
    # (rounded to two significant digits)
    assert got[n0] == pytest.approx(2 * base[n0], rel=0.05) and got[n1] == pytest.approx(0.5 * base[n1], rel=0.05)
    assert all(got[n] == pytest.approx(base[n]) for n in learn.WEIGHTS[2:])


def test_written_weights_replace_only_their_values(tmp_path):
    f = tmp_path / "weights.py"
    f.write_text("ATTACK_BONUS = 0.6              # an attack's score\nTARGET_HERO = 3.0  # reach\n")
    expert_iteration.write_weights({"ATTACK_BONUS": 0.81}, f)
    assert f.read_text() == "ATTACK_BONUS = 0.81             # an attack's score\nTARGET_HERO = 3.0  # reach\n"


@pure_only
def test_the_labels_are_the_same_for_the_same_seed():
    def labels():
        return expert_iteration.collect(None, games=1, seed=5, iterations=4, share=0.04, policy="tuned",
                                        board_id="marmoreal", heroes=["houdini", "genie"], quiet=True)
    first, again = labels(), labels()
    assert first.height > 0
    assert first.equals(again)
    # Each labelled decision: one search pick and one policy pick among its options.
    per = first.group_by(["game", "dec"]).agg(pl.col("search_pick").sum(), pl.col("policy_pick").sum())
    assert (per["search_pick"] == 1).all() and (per["policy_pick"] == 1).all()
    assert set(first["kind"]) <= set(learn.KINDS)
