"""Where to draw each space of a board: board files give the graph (spaces, paths, zones), not
the picture, so the replay lays the graph out itself — the same board always the same way.

A spectral start (the Laplacian's two lowest non-trivial eigenvectors: neighbours close, the
board's long axis laid out along x), then force-directed steps (Fruchterman–Reingold): paths
pull their spaces together, spaces of a shared zone a little, every pair pushes apart. The result
is scaled into the unit square."""

from __future__ import annotations

import numpy as np

ZONE_PULL = 0.15        # a shared zone's pull, as a share of a path's
STEPS = 400


def layout(board) -> dict[str, tuple[float, float]]:
    """Space label -> (x, y), both in [0, 1]."""
    n = board.size
    if n == 1:
        return {board.labels[0]: (0.5, 0.5)}
    w = np.zeros((n, n))
    for s, near in enumerate(board.adjacent):
        for t in near:
            w[s, t] = w[t, s] = 1.0
    mask = np.array(board.zone_mask, dtype=np.int64)
    shared = (mask[:, None] & mask[None, :]) != 0
    w = np.where((w == 0) & shared, ZONE_PULL, w)
    np.fill_diagonal(w, 0.0)
    pos = _spectral(w)
    pos = _relax(pos, w)
    lo, hi = pos.min(axis=0), pos.max(axis=0)
    span = np.where(hi - lo > 1e-9, hi - lo, 1.0)
    pos = (pos - lo) / span
    return {label: (round(float(pos[s, 0]), 4), round(float(pos[s, 1]), 4)) for s, label in enumerate(board.labels)}


def _spectral(w: np.ndarray) -> np.ndarray:
    lap = np.diag(w.sum(axis=1)) - w
    _, vecs = np.linalg.eigh(lap)
    pos = vecs[:, 1:3].copy()
    if pos.shape[1] < 2:
        pos = np.column_stack([pos[:, 0], np.zeros(len(pos))])
    for k in range(2):              # a fixed orientation: the first space left of / above the middle
        if pos[0, k] > pos[:, k].mean():
            pos[:, k] = -pos[:, k]
    pos += 1e-3 * np.arange(len(pos))[:, None] * np.array([1.0, -1.0])   # no two spaces at one point
    return pos / (np.abs(pos).max() or 1.0)


def _relax(pos: np.ndarray, w: np.ndarray) -> np.ndarray:
    n = len(pos)
    k = 1.0 / np.sqrt(n)            # the ideal distance, in a unit area
    heat = 0.1
    for _ in range(STEPS):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.sqrt((delta ** 2).sum(axis=2)) + 1e-9
        force = (k * k / dist ** 2) - w * dist / k          # repulsion - attraction, per unit delta
        np.fill_diagonal(force, 0.0)
        move = (delta * force[:, :, None]).sum(axis=1)
        length = np.sqrt((move ** 2).sum(axis=1))[:, None] + 1e-9
        pos = pos + move / length * np.minimum(length, heat)
        heat *= 0.99
    return pos
