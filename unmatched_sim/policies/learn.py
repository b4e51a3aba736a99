"""Fitting the heuristic's general weights to the search's choices (expert iteration).

Three parts, each usable alone (``scripts/expert_iteration.py`` drives them):

* **Labels** (``search_label``): the search (``ismcts``) run from one player's information set at
  a decision of the real game, every iteration played anew (no tree kept, no early stop): each
  option's visits and mean reward, and the option the search would play.
* **Features** (``option_features``): the heuristic's score of each option (``explain.option_scores``:
  the action, the attack target, the attack card, the defense card, a move's destination) and
  how it moves with each weight of ``WEIGHTS``, by central differences of the weight scaled by
  1 ± ``step``: column k is d score / d θ_k with the weight at ``w_k (1 + θ_k)``. A score is then
  ``s0 + F θ`` to first order, whether or not it is linear in the weight.
* **Fit** (``fit_weights``): a conditional logit (softmax over a decision's options) of the
  search's visit shares on those scores, with a temperature per decision kind and L2 toward the
  current weights (θ = 0); ``agreement`` is the share of decisions where the best-scored option
  is the search's.

The differences need the weights as Python globals of the policy modules, so features are worked
out only in the uncompiled build (``UNMATCHED_SIM_PURE=1``). Scoring reads the position only and
each score comes from a fresh policy and view: the game is not changed and nothing a policy
keeps across decisions carries a weight from one evaluation to another.
"""

from __future__ import annotations

import math
import random
import re
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from unmatched_sim.engine.view import PlayerView
from unmatched_sim.policies import heuristic, position, tempo, weights
from unmatched_sim.policies.registry import make_policy

# The weights fitted: general terms of the evaluation (no hero's own), each read by the
# heuristic, position or tempo modules per decision (none is kept in a card's memo, where
# card_facts' weights live).
WEIGHTS = (
    "ATTACK_BONUS", "REPOSITION_SHARE", "MANEUVER_BONUS", "SCHEME_BONUS",
    "HERO_HP_BASE", "HERO_HP_LOW", "OWN_HP_BASE", "FOE_HP_BASE", "SIDEKICK_HP",
    "SIDEKICK_DEFEAT", "SIDEKICK_RETURN_SHARE",
    "TARGET_HERO", "TARGET_SIDEKICK", "APPROACH_HERO", "APPROACH_RANGED",
    "HERO_LETHAL_BASE", "HERO_LETHAL_SAFETY", "EXPOSURE_LATER_SHARE", "SCREEN_WORTH",
    "DRAW_CARD_WORTH", "DEFENSE_STOP", "BLOW_FLOOR",
)

# The decisions the heuristic scores option by option (``explain.option_scores``).
KINDS = ("action", "attack_target", "attack_card", "defense_card", "move_destination")

_MODULES = (weights, heuristic, position, tempo)
WEIGHTS_FILE = Path(__file__).with_name("weights.py")


def base_weights(names=WEIGHTS) -> dict[str, float]:
    """The weights' values now (from ``weights.py``; compiled, where they are C variables, read
    from its text)."""
    if all(hasattr(weights, n) for n in names):
        return {n: float(getattr(weights, n)) for n in names}
    text = WEIGHTS_FILE.read_text()
    out = {}
    for n in names:
        m = re.search(rf"^{n}\s*=\s*([-+0-9.eE]+)", text, re.M)
        if m is None:
            raise KeyError(f"no weight named {n}")
        out[n] = float(m.group(1))
    return out


def can_vary_weights() -> bool:
    """Do the policy modules read the weights as Python globals (the uncompiled build)?"""
    return hasattr(heuristic, "ATTACK_BONUS") and hasattr(position, "TARGET_HERO")


@contextmanager
def weights_set(values: dict[str, float]):
    """The policy modules read ``values`` for those weights inside the block (uncompiled build)."""
    if not can_vary_weights():
        raise RuntimeError("the weights can be varied only in the uncompiled build (UNMATCHED_SIM_PURE=1)")
    saved = []
    for name, v in values.items():
        if not hasattr(weights, name):
            raise KeyError(f"no weight named {name}")
        for m in _MODULES:
            if hasattr(m, name):
                saved.append((m, name, getattr(m, name)))
                setattr(m, name, type(getattr(m, name))(v))
    try:
        yield
    finally:
        for m, name, v in reversed(saved):
            setattr(m, name, v)


def scores_now(game, d, spec: str, seed: str) -> list[float] | None:
    """The heuristic's score of each option of decision ``d`` (in ``d.options`` order) by a fresh
    ``spec`` policy of the deciding seat; None where it does not score them all."""
    from unmatched_sim.explain import option_scores
    policy = make_policy(spec, random.Random(seed))
    view = PlayerView(game, d.player)
    policy.choose(view, d)          # (sets the decision's style and memo, as a real choice does)
    got = option_scores(policy, view, d)
    if got is None:
        return None
    by = {}
    for o, s in got:
        by[_key(o)] = s
    out = []
    for o in d.options:
        s = by.get(_key(o))
        if s is None or not math.isfinite(s):
            return None
        out.append(float(s))
    return out


def _key(o):
    return repr(o)


def option_features(game, d, spec: str = "tuned", names=WEIGHTS, step: float = 0.1,
                    seed: str = "learn") -> tuple[list[float], np.ndarray] | None:
    """(scores, F): the options' scores and F[i, k] = d score_i / d θ_k at θ = 0 (weight k at
    ``w_k (1 + θ_k)``), by central differences of ±``step``; None where the heuristic does not
    score every option of ``d``."""
    s0 = scores_now(game, d, spec, seed)
    if s0 is None:
        return None
    base = base_weights(names)
    feats = np.zeros((len(s0), len(names)))
    for k, n in enumerate(names):
        w = base[n]
        with weights_set({n: w * (1 + step)}):
            up = scores_now(game, d, spec, seed)
        with weights_set({n: w * (1 - step)}):
            down = scores_now(game, d, spec, seed)
        if up is None or down is None:
            return None
        feats[:, k] = (np.asarray(up) - np.asarray(down)) / (2 * step)
    return s0, feats


def search_label(game, d, iterations: int = 200, seed: str = "label", **params) -> dict:
    """The search's view of decision ``d`` of ``game`` (from its player's information set):
    ``visits`` and ``reward`` (mean) per option in ``d.options`` order, and ``pick``, the index
    of the option the search plays (most visits, the guide's choice counting its head start)."""
    from unmatched_sim.policies.search import Node, strong_attack_guess
    spec = "ismcts" + "".join(f"{':' if i == 0 else ','}{k}={v}" for i, (k, v) in enumerate(params.items()))
    policy = make_policy(spec, random.Random(seed))
    view = PlayerView(game, d.player)
    favourite = policy.guide_policy.choose(view, d) if policy.prior else None
    root = Node(-1)
    rng = policy.rng
    for _ in range(iterations):
        policy._iterate(view.sample_game(rng, strong_attack_guess), root, d.player)
    visits, reward = [], []
    for o in d.options:
        child = root.children.get((d.player, d.kind, o))
        visits.append(child.visits if child else 0)
        reward.append(child.reward / child.visits if child and child.visits else 0.0)
    bonus = policy.prior * iterations
    rank = [(visits[i] + (bonus if o == favourite else 0.0), reward[i]) for i, o in enumerate(d.options)]
    pick = max(range(len(rank)), key=rank.__getitem__)
    return {"visits": visits, "reward": reward, "pick": pick}


# ---------------------------------------------------------------------- the fit
class Decisions:
    """Decisions as flat option rows: ``group`` (the decision of each row, 0..n-1, rows of a
    decision together), ``kind`` (an int per decision), ``s0`` scores, ``F`` features,
    ``target`` (each decision's target shares over its options, summing to 1)."""

    def __init__(self, group, kind, s0, F, target):
        self.group = np.asarray(group, dtype=np.int64)
        self.kind = np.asarray(kind, dtype=np.int64)
        self.s0 = np.asarray(s0, dtype=float)
        self.F = np.asarray(F, dtype=float).reshape(len(self.s0), -1)
        self.target = np.asarray(target, dtype=float)
        self.n = int(self.group.max()) + 1 if len(self.group) else 0

    def subset(self, keep: np.ndarray) -> "Decisions":
        """The decisions whose mask ``keep`` (per decision) is true, renumbered."""
        rows = keep[self.group]
        new_id = np.cumsum(keep) - 1
        return Decisions(new_id[self.group[rows]], self.kind[keep], self.s0[rows], self.F[rows],
                         self.target[rows])


def _softmax_by_group(z, group, n):
    zmax = np.full(n, -np.inf)
    np.maximum.at(zmax, group, z)
    e = np.exp(z - zmax[group])
    tot = np.zeros(n)
    np.add.at(tot, group, e)
    return e / tot[group]


def _nll(data: Decisions, beta, theta):
    """Mean cross-entropy of the target shares under softmax(beta_kind * (s0 + F theta))."""
    b = beta[data.kind][data.group]
    z = b * (data.s0 + data.F @ theta)
    p = _softmax_by_group(z, data.group, data.n)
    return -np.sum(data.target * np.log(np.maximum(p, 1e-300))) / max(data.n, 1), p, b


def _newton(objective, grad_hess, x, steps=60, tol=1e-8):
    """Minimise a convex ``objective`` by Newton steps, each halved until the objective falls."""
    fx = objective(x)
    for _ in range(steps):
        g, h = grad_hess(x)
        dx = np.linalg.solve(h + 1e-9 * np.eye(len(x)), g)
        t = 1.0
        while t > 1e-8:
            nx = x - t * dx
            fn = objective(nx)
            if fn <= fx:
                break
            t *= 0.5
        else:
            break
        done = fx - fn < tol
        x, fx = nx, fn
        if done:
            break
    return x


def fit_weights(data: Decisions, l2: float = 1.0, rounds: int = 4, kinds: int | None = None) -> dict:
    """Fit θ (and a temperature per decision kind) to the target shares: alternately the
    temperatures with θ fixed and θ with them fixed (each a convex problem, by Newton's method),
    minimising the mean cross-entropy plus ``l2`` · |θ|² (pulling toward the current weights).
    Returns ``theta``, ``beta`` and the loss before and after."""
    nk = kinds if kinds is not None else int(data.kind.max()) + 1
    K = data.F.shape[1]
    theta = np.zeros(K)
    n = max(data.n, 1)
    grp = data.group

    def beta_gh(bt):
        u = data.s0 + data.F @ theta
        b = bt[data.kind][grp]
        p = _softmax_by_group(b * u, grp, data.n)
        # d/d beta_j: sum over rows of kind j of (p - t) u
        rk = data.kind[grp]
        g = np.zeros(nk)
        np.add.at(g, rk, (p - data.target) * u)
        mean_u = np.zeros(data.n)
        np.add.at(mean_u, grp, p * u)
        var = np.zeros(data.n)
        np.add.at(var, grp, p * (u - mean_u[grp]) ** 2)
        h = np.zeros(nk)
        np.add.at(h, data.kind, var)
        return g / n + 1e-6 * bt, np.diag(h / n + 1e-6)

    def theta_gh(th):
        b = beta[data.kind][grp]
        X = b[:, None] * data.F
        p = _softmax_by_group(b * (data.s0 + data.F @ th), grp, data.n)
        g = X.T @ (p - data.target) / n + 2 * l2 * th
        xbar = np.zeros((data.n, K))
        np.add.at(xbar, grp, p[:, None] * X)
        D = X - xbar[grp]
        h = (D * p[:, None]).T @ D / n + 2 * l2 * np.eye(K)
        return g, h

    def beta_obj(bt):
        return _nll(data, bt, theta)[0] + 0.5e-6 * float(bt @ bt)

    def theta_obj(th):
        return _nll(data, beta, th)[0] + l2 * float(th @ th)

    beta = _newton(beta_obj, beta_gh, np.full(nk, 0.1))
    base_loss = _nll(data, beta, theta)[0]
    base_beta = beta.copy()
    for _ in range(rounds):
        theta = _newton(theta_obj, theta_gh, theta)
        beta = _newton(beta_obj, beta_gh, beta)
    return {"theta": theta, "beta": beta, "beta_base": base_beta, "loss_base": float(base_loss),
            "loss": float(_nll(data, beta, theta)[0])}


def agreement(data: Decisions, theta=None, picks=None) -> float:
    """Share of decisions whose best-scored option (scores ``s0 + F θ``) is the target's best
    (or ``picks``: the index of the right row of each decision, in row order)."""
    if data.n == 0:
        return float("nan")
    s = data.s0 if theta is None else data.s0 + data.F @ theta
    right = 0
    order = np.argsort(data.group, kind="stable")
    starts = np.searchsorted(data.group[order], np.arange(data.n))
    ends = np.append(starts[1:], len(order))
    for g in range(data.n):
        rows = order[starts[g]:ends[g]]
        best = rows[np.argmax(s[rows])]
        want = rows[np.argmax(data.target[rows])] if picks is None else picks[g]
        right += best == want
    return right / data.n


def fitted_values(theta, names=WEIGHTS, lo: float = -0.5, hi: float = 1.0, digits: int = 2,
                  base: dict | None = None) -> dict:
    """The weights for θ (each change kept within ``lo``..``hi`` of its value, rounded to
    ``digits`` significant digits) from ``base`` (the weights the features were worked out
    at; default: today's)."""
    base = base or base_weights(names)
    out = {}
    for n, t in zip(names, theta):
        v = base[n] * (1 + min(max(float(t), lo), hi))
        out[n] = float(f"{v:.{digits}g}")
    return out
