"""The search machinery both kernels share (:mod:`cardkit.solver.core501`,
:mod:`cardkit.solver.core500`): reading a transposition-table entry against the window, folding a
finished node's value into an entry, cutting a node off by its bounds, ordering moves, opening a
node's frame, taking in a move's value, going back to the parent, and putting the hands back when
a search stops early.

Both kernels are alpha-beta searches, fail-soft, on an explicit stack of frames; a table entry
holds a lower bound ``lo`` and an upper bound ``hi`` of a position's value. Plain ints only, so
numba compiles these into the kernels (see :mod:`cardkit.solver._jit`).

>>> probe(3, 3, 0, 10)
(True, 3, 0, 10)
>>> probe(2, 6, 0, 10)
(False, 0, 2, 6)
>>> stored(0, 100, 5, 4, 8)
(5, 5)
"""

from __future__ import annotations

import numpy as np

from ._jit import njit

#: The frame fields both kernels keep first, in this order (each adds its own after
#: :data:`COMMON_FIELDS`): the window now and as entered, the best value and move so far, the next
#: move and the number of moves, the gain of the move in progress, the hand before it and the seat
#: that plays it, and the node's table bucket (-1: none).
ALPHA, BETA, A0, B0, BEST, BESTM, K, N, GAIN, HM, P, IDX = range(12)
COMMON_FIELDS = 12


@njit
def probe(lo: int, hi: int, alpha: int, beta: int) -> tuple[bool, int, int, int]:
    """A table entry's bounds ``lo``..``hi`` read against the window ``(alpha, beta)``.

    Returns ``(cut, value, alpha, beta)``: ``cut`` when the entry settles the node (its value is
    then ``value``, a bound on the right side of the window or the exact value), else the window
    narrowed to the entry's bounds."""
    if lo >= beta:
        return True, lo, alpha, beta
    if hi <= alpha:
        return True, hi, alpha, beta
    if lo == hi:
        return True, lo, alpha, beta
    if lo > alpha:
        alpha = lo
    if hi < beta:
        beta = hi
    return False, 0, alpha, beta


@njit
def stored(lo: int, hi: int, best: int, a0: int, b0: int) -> tuple[int, int]:
    """The bounds ``(lo, hi)`` of an entry after a node searched in the window ``(a0, b0)``
    returned ``best`` (fail-soft: at most ``a0`` is an upper bound, at least ``b0`` a lower one,
    in between the exact value)."""
    if best <= a0:
        if best < hi:
            hi = best
    elif best >= b0:
        if best > lo:
            lo = best
    else:
        lo = best
        hi = best
    return lo, hi


@njit
def bounds_cut(lb: int, ub: int, alpha: int, beta: int) -> tuple[bool, int]:
    """``(cut, value)``: whether a node whose value is known to lie in ``lb``..``ub`` (and is never
    below 0) is settled against the window ``(alpha, beta)`` without a search."""
    if ub <= alpha or lb == ub:
        return True, ub
    if beta <= 0:
        return True, 0
    if lb >= beta:
        return True, lb
    return False, 0


@njit
def insert_move(mv: np.ndarray, d: int, k: int, score: int, entry: int, scale: int) -> None:
    """Insert ``entry`` (< ``scale``) with its ordering ``score`` into row ``d`` of ``mv``,
    whose first ``k`` moves are sorted by score, highest first (stable: equal scores keep their
    order)."""
    j = k
    while j > 0 and mv[d, j - 1] // scale < score:
        mv[d, j] = mv[d, j - 1]
        j -= 1
    mv[d, j] = score * scale + entry


@njit
def restore_hands(h: np.ndarray, fr: np.ndarray, d: int) -> None:
    """Put back the hands changed by the moves in progress at depths ``d - 1`` .. 0 (each frame
    keeps the seat that moved and its hand before the move)."""
    for dd in range(d - 1, -1, -1):
        h[fr[dd, P]] = fr[dd, HM]


@njit
def open_node(fr: np.ndarray, d: int, alpha: int, beta: int, worst: int, n: int, hm: int, p: int,
               idx: int) -> None:
    """Open the frame of the node at depth ``d``: window ``(alpha, beta)``, best value so far
    ``worst`` (the side to move's worst), no best move, ``n`` moves from the first, seat ``p``
    holding ``hm`` to move, table bucket ``idx``."""
    fr[d, ALPHA] = alpha
    fr[d, BETA] = beta
    fr[d, A0] = alpha
    fr[d, B0] = beta
    fr[d, BEST] = worst
    fr[d, BESTM] = -1
    fr[d, K] = 0
    fr[d, N] = n
    fr[d, HM] = hm
    fr[d, P] = p
    fr[d, IDX] = idx


@njit
def take_value(fr: np.ndarray, d: int, maxim: bool, v: int, m: int) -> bool:
    """Fold the value ``v`` of move ``m`` into the frame at depth ``d`` (the best so far and the
    window, for the side that maximises when ``maxim``); whether the window is now closed (a cut)."""
    if maxim:
        if v > fr[d, BEST]:
            fr[d, BEST] = v
            fr[d, BESTM] = m
            if v > fr[d, ALPHA]:
                fr[d, ALPHA] = v
    elif v < fr[d, BEST]:
        fr[d, BEST] = v
        fr[d, BESTM] = m
        if v < fr[d, BETA]:
            fr[d, BETA] = v
    cut: bool = fr[d, ALPHA] >= fr[d, BETA]
    return cut


@njit
def back_to(h: np.ndarray, fr: np.ndarray, d: int) -> int:
    """Go back to the node at depth ``d`` from its child: the hand of the seat that moved put back;
    returns the gain of the move that led to the child (added to the child's value)."""
    h[fr[d, P]] = fr[d, HM]
    gain: int = fr[d, GAIN]
    return gain
