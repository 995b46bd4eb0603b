"""The 501♠ search kernel: alpha-beta over bitmask positions with a transposition table.

Everything here works on plain ints and numpy arrays so that numba can compile it (see
:mod:`cardkit.solver._jit`); :mod:`cardkit.solver.solve501` builds the compact position from an
engine :class:`~cardkit.game501.State501` and reads the answers back.

Compact position (rules.md 501 §3, §8, §9):

- a card is ``suit * 6 + r`` with ``r`` 0..5 for 9 J Q K 10 A (the 501 order, low to high) and
  the suit's number from :class:`cardkit.cards.Suit`;
- ``h``: three 24-bit masks, the hands of the three active seats in play order (position 0 is the
  first active seat left of the dealer; the next to play is always position + 1 mod 3);
- ``leader``, the cards already in the trick (``c0``, ``c1``, ``-1`` when absent);
- ``trump``: suit number, or ``-1`` for no-trump; ``decl``: the declarer's position;
- ``dwon``: 1 once the declarer has won a trick; ``pend``: the declarer's marriage points declared
  while ``dwon`` is 0 (they count only once a trick is won, rules.md 501 §9).

The value searched is the declarer's *future gain*: card points of tricks the declarer will win
from here, plus marriages the declarer will declare that will count, plus ``pend`` if the declarer
goes on to win a trick. The declarer maximises it; the two defenders minimise it. Declaring a
marriage when leading its king or queen never lowers the declarer's total and changes nothing else
in the play, so inside the search the declarer always declares; a defender's marriage does not
change the declarer's total, so it is not searched either.

Where most of the nodes used to be, at the end of the hand, the search does not go node by node:
a lead with two or three cards in every hand is played out in plain loops (:func:`two_tricks`,
:func:`three_tricks`, the three-card answers kept in the table), and the table keeps buckets of
:data:`BUCKET` entries, replacing the entry with the fewest cards left.
"""

from __future__ import annotations

import types
from typing import Callable

import numpy as np

from ..game501.scoring import MARRIAGE_PLAIN, MARRIAGE_TRUMP
from ._jit import njit
from ._search import (A0 as _A0, ALPHA as _ALPHA, B0 as _B0, BEST as _BEST, BESTM as _BESTC, BETA as _BETA,
                      COMMON_FIELDS, GAIN as _GAIN, HM as _HM, IDX as _IDX, K as _K, N as _N, P as _P, back_to,
                      bounds_cut, insert_move, open_node, probe, stored, take_value)

#: Card points by ``r`` (9 J Q K 10 A), rules.md 501 §3.
PTS6 = np.array([0, 2, 3, 4, 10, 11], dtype=np.int64)
PTS = np.array([PTS6[i % 6] for i in range(24)], dtype=np.int64)
#: The points of each set of one suit's cards (a 6-bit mask, 9 J Q K 10 A from the low bit).
SUITPTS = np.array([sum(int(PTS6[r]) for r in range(6) if (m >> r) & 1) for m in range(64)], dtype=np.int64)
SUITMASK = np.array([0x3F << (6 * s) for s in range(4)], dtype=np.int64)
INF = 10_000
#: move-ordering techniques of :func:`search` (bit flags of its ``heur``; all on by default):
#: killer leads (a lead that cut a search off is tried early at the same depth), the
#: cheapest card sure to win a trick first, and principal variation search (a move after the
#: first asked by a null window whether it does better, searched in full only when it does)
HEUR_KILLER, HEUR_SURE, HEUR_PVS = 1, 2, 4
HEUR_ALL = 7
LOG_TT = 20
#: entries of one bucket of the table: a position may sit in any of them
BUCKET = 4


#: A transposition table: the two key words, the low and high bounds, and the best card, one array each.
Table = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def new_table(log_size: int = LOG_TT) -> Table:
    """A transposition table of ``2**log_size`` entries: keys (2 × int64), bounds (2 × int16),
    best card (int8). About 21 bytes per entry (22 MB at the default size)."""
    n = 1 << log_size
    return (np.zeros(n, np.int64), np.full(n, -1, np.int64), np.zeros(n, np.int16),
            np.zeros(n, np.int16), np.zeros(n, np.int8))


@njit
def _low(m: int) -> int:
    return _popcount((m & -m) - 1)


@njit
def _high(m: int) -> int:
    """The number of the highest card of the mask ``m`` (> 0)."""
    k = 0
    while m >> (k + 1):
        k += 1
    return k


@njit
def _points(mask: int) -> int:
    """The card points of the cards of ``mask`` (rules.md 501 §3), a suit at a time through
    :data:`SUITPTS`."""
    return int(SUITPTS[mask & 63] + SUITPTS[(mask >> 6) & 63] + SUITPTS[(mask >> 12) & 63]
               + SUITPTS[(mask >> 18) & 63])


@njit
def _popcount(m: int) -> int:
    m = m - ((m >> 1) & 0x5555555555555555)
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((m * 0x0101010101010101) >> 56) & 0xFF


@njit
def _power(c: int, led: int, trump: int) -> int:
    s = c // 6
    if s == trump:
        return 100 + c % 6
    if s == led:
        return c % 6
    return -1


@njit
def _lowest_points(m: int, k: int) -> int:
    """The points of the ``k`` lowest cards of the one-suit mask ``m`` (fewer if it holds fewer)."""
    total = 0
    while m and k > 0:
        low = m & -m
        c = _popcount(low - 1)
        total += PTS[c]
        m ^= low
        k -= 1
    return total


@njit
def _top_run(s: int, p: int, h: np.ndarray) -> int:
    """The mask of the highest cards left in suit ``s`` that seat ``p`` holds in an unbroken run."""
    present = h[0] | h[1] | h[2]
    run = 0
    for r in range(5, -1, -1):
        c = 6 * s + r
        if (present >> c) & 1:
            if (h[p] >> c) & 1:
                run |= 1 << c
            else:
                break
    return run


@njit
def sure_points(h: np.ndarray, leader: int, trump: int) -> tuple[int, int, int, int]:
    """Points the seats are sure to take, for the bounds of the search (rules.md 501 §3, §8).

    Returns ``(qt, rounds, owner, top)``: ``qt`` the points of the tricks the ``leader`` wins in a
    row by cashing its top cards (its unbroken run of top trumps, everyone following with trumps
    while they hold them; then in each plain suit its run of top cards, for as many rounds as each
    other seat follows suit or, void, holds no trump it would have to play), counting the led cards
    and the lowest cards each follower must give; ``rounds`` those tricks; ``owner`` the seat
    holding the highest trump left, and ``top`` the points of its unbroken run of top trumps, each
    of which wins its trick wherever it falls (``owner`` -1 in no-trump)."""
    t = 0
    qt = 0
    owner = -1
    top = 0
    if trump >= 0:
        tm = SUITMASK[trump]
        for r in range(5, -1, -1):
            c = 6 * trump + r
            for i in range(3):
                if (h[i] >> c) & 1:
                    owner = i
            if owner >= 0:
                break
        if owner >= 0:
            run = _top_run(trump, owner, h)
            top = _points(run)
            if owner == leader:
                t = _popcount(run)
                qt = top
                for i in range(3):
                    if i != leader:
                        qt += _lowest_points(h[i] & tm, t)
    rounds = t
    for s in range(4):
        if s == trump:
            continue
        run = _top_run(s, leader, h)
        k = _popcount(run)
        if k == 0:
            continue
        for i in range(3):
            if i != leader and trump >= 0 and _popcount(h[i] & SUITMASK[trump]) > t:
                ln = _popcount(h[i] & SUITMASK[s])
                if ln < k:
                    k = ln
        if k == 0:
            continue
        rounds += k
        # the led cards: the k highest of the run
        m = run
        for _j in range(_popcount(run) - k):
            m &= m - 1
        qt += _points(m)
        for i in range(3):
            # a follower void in trumps may have thrown this suit's cards on the trump rounds
            if i != leader and (trump < 0 or _popcount(h[i] & SUITMASK[trump]) >= t):
                qt += _lowest_points(h[i] & SUITMASK[s], k)
    return qt, rounds, owner, top


@njit
def _legal(hm: int, led: int, trump: int) -> int:
    """The cards of the hand ``hm`` that may follow to a trick led in suit ``led`` (rules.md 501
    §8: follow suit, else trump, else any card)."""
    lg = hm & SUITMASK[led]
    if lg == 0:
        if trump >= 0 and (hm & SUITMASK[trump]) != 0:
            lg = hm & SUITMASK[trump]
        else:
            lg = hm
    return int(lg)


@njit
def _winner(a: int, b: int, c: int, leader: int, trump: int) -> int:
    """The position that wins the trick ``a``, ``b``, ``c`` (played in that order from ``leader``)."""
    led = a // 6
    w = leader
    wpow = _power(a, led, trump)
    pw = _power(b, led, trump)
    if pw > wpow:
        wpow = pw
        w = (leader + 1) % 3
    if _power(c, led, trump) > wpow:
        w = (leader + 2) % 3
    return w


@njit
def _lead_marriage(c: int, hm: int, trump: int, dwon: int, pend: int) -> tuple[int, int]:
    """The declarer leads ``c`` from the hand ``hm``: a king or queen whose partner the hand
    holds declares the marriage (rules.md 501 §9: 40 in trumps, else 20), which counts at once
    once the declarer has won a trick (``dwon``), else waits in ``pend``. Returns ``(gain, pend)``."""
    r = c % 6
    if r == 2 or r == 3:
        partner = c + 1 if r == 2 else c - 1
        if (hm >> partner) & 1:
            mar = MARRIAGE_TRUMP if c // 6 == trump else MARRIAGE_PLAIN
            if dwon:
                return mar, pend
            return 0, pend + mar
    return 0, pend


@njit
def _nothing_left(h: np.ndarray, leader: int, trump: int, decl: int, dwon: int, pend: int,
                  alpha: int, beta: int) -> int:
    """The gain after the last trick: none (the ``_rest`` of :func:`two_tricks`, never called)."""
    return 0


@njit
def _narrowed(alpha: int, beta: int, maxim: bool, best: int) -> tuple[int, int]:
    """The window ``(alpha, beta)`` of a node's next move once its moves so far are worth ``best``
    to the side that maximises (``maxim``: the declarer) or minimises."""
    if maxim:
        if best > alpha:
            alpha = best
    elif best < beta:
        beta = best
    return alpha, beta


@njit
def _better(best: int, v: int, maxim: bool) -> int:
    """``best`` with the value ``v`` of one more move folded in (the higher for the declarer,
    ``maxim``, else the lower)."""
    if maxim:
        return v if v > best else best
    return v if v < best else best


#: what :func:`_play_out` does after the first trick, as bound in each compiled copy: the forced
#: last trick (``_LAST``), else ``_rest``
_LAST = True
_rest = _nothing_left


def _play_out(h: np.ndarray, leader: int, trump: int, decl: int, dwon: int, pend: int,
              alpha: int, beta: int) -> int:
    """The declarer's future gain when every hand holds the same number of cards (two, or three),
    ``leader`` to lead, within the window ``(alpha, beta)`` (fail-soft, as :func:`search`; exact
    for a full window), rules.md 501 §8, §9: the first trick played out directly (follow suit, else
    trump, else any; the declarer's lead of a king or queen whose partner it holds declares the
    marriage, as in the search), with alpha-beta cut-offs at each of its three plays, then the
    rest from its winner: the forced last trick (:data:`_LAST`), else ``_rest`` (the two-card
    play-out). ``h`` is restored before returning.

    The plain source of :func:`two_tricks` and :func:`three_tricks`, compiled once for each (see
    :func:`_specialised`): the search's own recursion would cost a call at every leaf."""
    p1 = (leader + 1) % 3
    p2 = (leader + 2) % 3
    hl = h[leader]
    h1 = h[p1]
    h2 = h[p2]
    best0 = -INF if leader == decl else INF
    m0 = hl
    while m0:
        if (leader == decl and best0 >= beta) or (leader != decl and best0 <= alpha):
            break
        low = m0 & -m0
        a = _popcount(low - 1)
        m0 ^= low
        g0 = 0
        pd = pend
        if leader == decl:
            g0, pd = _lead_marriage(a, hl, trump, dwon, pend)
        led = a // 6
        a1, b1 = _narrowed(alpha, beta, leader == decl, best0)
        best1 = -INF if p1 == decl else INF
        m1 = _legal(h1, led, trump)
        while m1:
            low = m1 & -m1
            b = _popcount(low - 1)
            m1 ^= low
            a2, b2 = _narrowed(a1, b1, p1 == decl, best1)
            if a2 >= b2:
                break  # cut off: the value so far already settles this play
            best2 = -INF if p2 == decl else INF
            m2 = _legal(h2, led, trump)
            while m2 and a2 < b2:
                low = m2 & -m2
                c = _popcount(low - 1)
                m2 ^= low
                g = g0
                dw = dwon
                pd2 = pd
                w = _winner(a, b, c, leader, trump)
                if w == decl:
                    g += PTS[a] + PTS[b] + PTS[c]
                    if dw == 0:
                        g += pd2
                        pd2 = 0
                        dw = 1
                if _LAST:
                    # the last trick: every card forced, led by the winner
                    la = _low(hl ^ (1 << a))
                    lb = _low(h1 ^ (1 << b))
                    lc = _low(h2 ^ (1 << c))
                    if w == leader:
                        w2 = _winner(la, lb, lc, leader, trump)
                    elif w == p1:
                        w2 = _winner(lb, lc, la, p1, trump)
                    else:
                        w2 = _winner(lc, la, lb, p2, trump)
                    if w2 == decl:
                        g += PTS[la] + PTS[lb] + PTS[lc] + pd2
                else:
                    h[leader] = hl ^ (1 << a)
                    h[p1] = h1 ^ (1 << b)
                    h[p2] = h2 ^ (1 << c)
                    g += _rest(h, w, trump, decl, dw, pd2, a2 - g, b2 - g)
                best2 = _better(best2, g, p2 == decl)
                a2, b2 = _narrowed(a2, b2, p2 == decl, best2)
            best1 = _better(best1, best2, p1 == decl)
        best0 = _better(best0, best1, leader == decl)
    h[leader] = hl
    h[p1] = h1
    h[p2] = h2
    return best0


def _specialised(func: Callable[..., int], name: str, **names: object) -> Callable[..., int]:
    """A copy of the plain function ``func`` called ``name`` whose global ``names`` are bound to the
    values given, compiled (numba takes globals as constants: the branches they rule out are
    dropped, so each copy runs as fast as one written out by hand, and numba's cache keeps each
    under its own name)."""
    copy = types.FunctionType(func.__code__, {**func.__globals__, **names}, name, func.__defaults__,
                              func.__closure__)
    copy.__qualname__ = name
    copy.__module__ = func.__module__
    copy.__doc__ = func.__doc__
    copy.__annotations__ = dict(func.__annotations__)
    return njit(copy)


#: :func:`_play_out` with two cards a hand: the first trick, then the forced last one.
two_tricks = _specialised(_play_out, "two_tricks", _LAST=True, _rest=_nothing_left)
#: :func:`_play_out` with three cards a hand: the first trick, then :func:`two_tricks` from its winner.
three_tricks = _specialised(_play_out, "three_tricks", _LAST=False, _rest=two_tricks)


@njit
def _store(tk1: np.ndarray, tk2: np.ndarray, tlo: np.ndarray, thi: np.ndarray, tbest: np.ndarray, idx: int,
           key1: int, key2: int, best: int, a0: int, b0: int, bestc: int) -> None:
    """Fold the value ``best`` of a node searched in the window ``(a0, b0)`` into the table
    bucket starting at ``idx``: into the position's entry (keys ``key1``, ``key2``), else a free one,
    else the one with the fewest cards left (the cheapest to search again); ``bestc`` its best card."""
    lo = 0
    hi = INF
    j = -1
    fewest = 99
    for b in range(BUCKET):
        jj = idx + b
        if tk1[jj] == key1 and tk2[jj] == key2:
            j = jj
            lo = tlo[jj]
            hi = thi[jj]
            break
        if tk2[jj] == -1:
            if fewest > 0:
                j = jj
                fewest = 0
        else:
            left = _popcount(tk1[jj] & 0xFFFFFFFFFFFF) + _popcount(tk2[jj] & 0xFFFFFF)
            if left < fewest:
                j = jj
                fewest = left
    lo, hi = stored(lo, hi, best, a0, b0)
    tk1[j] = key1
    tk2[j] = key2
    tlo[j] = lo
    thi[j] = hi
    tbest[j] = bestc


# frame fields of the explicit search stack (the search does not recurse): the shared
# ones (:mod:`cardkit.solver._search`), then this kernel's
_LEADER, _C0, _C1, _DWON, _PEND, _KEY1, _KEY2, _LED, _WPOW, _WPOS, _NPLAYED, _SCOUT = range(COMMON_FIELDS, COMMON_FIELDS + 12)
FIELDS = COMMON_FIELDS + 12
MAXDEPTH = 26


@njit
def search(h: np.ndarray, leader: int, c0: int, c1: int, trump: int, decl: int, dwon: int, pend: int,
           alpha: int, beta: int, forced: int, fdeclare: int,
           tk1: np.ndarray, tk2: np.ndarray, tlo: np.ndarray, thi: np.ndarray, tbest: np.ndarray,
           gen: int, mv: np.ndarray, fr: np.ndarray, killer: np.ndarray, heur: int, stats: np.ndarray) -> int:
    """The declarer's future gain from this position within the window ``(alpha, beta)``
    (fail-soft: a value ≤ alpha is an upper bound, ≥ beta a lower bound).

    ``forced`` ≥ 0 searches only that card for the player to act (the root of a per-action
    value); ``fdeclare`` then says whether the declarer's lead of it declares a marriage.
    ``mv`` (``MAXDEPTH`` × 48: moves, then their values) and ``fr`` (``MAXDEPTH`` × ``FIELDS``) are scratch space;
    ``h`` is restored before returning. Alpha-beta with an explicit stack of frames.
    ``killer`` (``MAXDEPTH`` cards) keeps the last lead that cut a search off at each depth, tried
    right after the table's best card; ``heur`` says which ordering techniques are on
    (:data:`HEUR_ALL`); neither changes a value.
    """
    mask = tk1.shape[0] - 1
    d = 0
    fr[0, _LEADER] = leader
    fr[0, _C0] = c0
    fr[0, _C1] = c1
    fr[0, _DWON] = dwon
    fr[0, _PEND] = pend
    fr[0, _ALPHA] = alpha
    fr[0, _BETA] = beta
    v = 0
    mode = 0  # 0: enter the node at depth d; 1: take in value v of its current move; 2: next move
    while True:
        if mode == 0:
            stats[0] += 1
            leader = fr[d, _LEADER]
            c0 = fr[d, _C0]
            c1 = fr[d, _C1]
            dwon = fr[d, _DWON]
            pend = fr[d, _PEND]
            alpha = fr[d, _ALPHA]
            beta = fr[d, _BETA]
            nplayed = 0 if c0 < 0 else (1 if c1 < 0 else 2)
            p = (leader + nplayed) % 3
            hm = h[p]
            idx = -1
            key1 = 0
            key2 = 0
            ttbest = -1
            early = False
            ret = 0
            isforced = d == 0 and forced >= 0
            if nplayed == 0 and not isforced:
                marr = 0
                hd = h[decl]
                for s in range(4):
                    if (hd >> (6 * s + 2)) & 3 == 3:
                        marr += MARRIAGE_TRUMP if s == trump else MARRIAGE_PLAIN
                ub = _points(h[0] | h[1] | h[2]) + pend + marr
                lb = 0
                if ub > alpha and beta > 0:
                    if (h[leader] & (h[leader] - 1)) == 0:
                        # the last trick: every card is forced
                        c = _low(h[leader])
                        wpow = _power(c, c // 6, trump)
                        w = leader
                        for j in (1, 2):
                            q = (leader + j) % 3
                            if _power(_low(h[q]), c // 6, trump) > wpow:
                                wpow = _power(_low(h[q]), c // 6, trump)
                                w = q
                        ub = lb = (_points(h[0] | h[1] | h[2]) + pend) if w == decl else 0
                    elif _popcount(h[leader]) == 2:
                        # the last two tricks: played out directly
                        ub = lb = two_tricks(h, leader, trump, decl, dwon, pend, -INF, INF)
                    elif _popcount(h[leader]) > 3:
                        # (three cards a hand: straight to the table and the direct play-out,
                        # whose exact answers serve the table better than these bounds)
                        qt, rounds, owner, top = sure_points(h, leader, trump)
                        if leader == decl:
                            if rounds > 0:
                                lb = qt + pend
                        else:
                            ub -= qt
                        if owner == decl:
                            if top + pend > lb:
                                lb = top + pend
                        elif owner >= 0:
                            if owner != leader:
                                ub -= top
                            elif top > qt:
                                ub -= top - qt
                early, ret = bounds_cut(lb, ub, alpha, beta)
                if not early:
                    key1 = h[0] | (h[1] << 24) | (leader << 48) | (dwon << 50) | ((pend // 20) << 51)
                    key2 = h[2] | (gen << 24)
                    idx = ((key1 ^ (key1 >> 21) ^ (key1 >> 42) ^ (key2 << 5) ^ (key2 >> 19) ^ (key2 >> 40))
                           & mask) & ~(BUCKET - 1)
                    for b in range(BUCKET):
                        j = idx + b
                        if tk1[j] == key1 and tk2[j] == key2:
                            early, ret, alpha, beta = probe(tlo[j], thi[j], alpha, beta)
                            if not early:
                                ttbest = tbest[j]
                            break
                    if not early and _popcount(h[leader]) == 3:
                        # the last three tricks: played out directly within the window, the
                        # answer kept in the table like a searched node's
                        ret = three_tricks(h, leader, trump, decl, dwon, pend, alpha, beta)
                        _store(tk1, tk2, tlo, thi, tbest, idx, key1, key2, ret, alpha, beta, -1)
                        early = True
            if early:
                if d == 0:
                    return ret
                d -= 1
                v = back_to(h, fr, d) + ret
                mode = 1
                continue
            # legal cards (rules.md 501 §8)
            led = -1
            if nplayed == 0:
                legal = hm
            else:
                led = c0 // 6
                legal = hm & SUITMASK[led]
                if legal == 0:
                    if trump >= 0 and (hm & SUITMASK[trump]) != 0:
                        legal = hm & SUITMASK[trump]
                    else:
                        legal = hm
            if isforced:
                legal = 1 << forced
            wpow = -2
            wpos = -1
            if nplayed >= 1:
                wpow = _power(c0, led, trump)
                wpos = leader
                if nplayed == 2:
                    pw = _power(c1, led, trump)
                    if pw > wpow:
                        wpow = pw
                        wpos = (leader + 1) % 3
            maxim = p == decl
            # the best the seat still to play in this trick can play: an opponent's (whom a card
            # must beat to be sure of the trick) or a partner's
            opp_max = -1
            part_max = -1
            if nplayed == 1 and (heur & HEUR_SURE):
                q = (leader + 2) % 3
                hq = h[q]
                if hq & SUITMASK[led]:
                    top_q = _power(_high(hq & SUITMASK[led]), led, trump)
                elif trump >= 0 and (hq & SUITMASK[trump]):
                    top_q = _power(_high(hq & SUITMASK[trump]), led, trump)
                else:
                    top_q = -1
                if (q == decl) == maxim:
                    part_max = top_q
                else:
                    opp_max = top_q
            n = 0
            m = legal
            present = h[0] | h[1] | h[2]
            if c0 >= 0:
                present |= 1 << c0
            if c1 >= 0:
                present |= 1 << c1
            while m:
                low = m & -m
                c = _popcount(low - 1)
                m ^= low
                # the run of c: its cards next in rank (no card left between) in this hand
                t = c
                end = 6 * (c // 6) + 6
                while True:
                    u = t + 1
                    while u < end and ((present >> u) & 1) == 0:
                        u += 1
                    if u < end and ((legal >> u) & 1) == 1:
                        t = u
                    else:
                        break
                run = t + 1
                if p == decl and (hm >> (6 * (c // 6) + 2)) & 3 == 3:
                    run = 0  # the declarer's K and Q: which card goes decides the marriage
                if c == ttbest:
                    sc = 10_000
                elif nplayed == 0 and c == killer[d] and (heur & HEUR_KILLER):
                    sc = 5_000
                elif nplayed == 0:
                    # a winner first (the top card left in its suit), then low to a partner's
                    # winner, else low
                    s = c // 6
                    left = (h[0] | h[1] | h[2]) & SUITMASK[s]
                    top = 6 * s + 5
                    while top > 6 * s and ((left >> top) & 1) == 0:
                        top -= 1
                    if (hm >> top) & 1:
                        sc = 3000 + PTS[c] + (500 if s == trump else 0)
                    elif (((h[decl] >> top) & 1) == 1) == maxim:
                        sc = 2000 - PTS[c]
                    else:
                        sc = 1000 - PTS[c]
                else:
                    pw = _power(c, led, trump)
                    ours_winning = (wpos == decl) == maxim
                    if pw > wpow and pw > opp_max and nplayed == 1 and (heur & HEUR_SURE):
                        sc = 1000 + 2 * PTS[c] - pw  # a card sure to win the trick: points first, then low
                    elif (part_max > wpow and part_max > opp_max) or (ours_winning and wpow > opp_max >= 0):
                        sc = 300 + PTS[c]  # our side takes the trick for sure: points to it
                    elif pw > wpow:
                        sc = 500 - pw if not ours_winning else 200 + PTS[c]
                    else:
                        sc = 300 + PTS[c] if ours_winning else 100 - PTS[c]
                insert_move(mv, d, n, sc, run * 64 + c, 2048)
                n += 1
            open_node(fr, d, alpha, beta, -INF if maxim else INF, n, hm, p, idx)
            fr[d, _SCOUT] = 0
            fr[d, _KEY1] = key1
            fr[d, _KEY2] = key2
            fr[d, _LED] = led
            fr[d, _WPOW] = wpow
            fr[d, _WPOS] = wpos
            fr[d, _NPLAYED] = nplayed
            mode = 2
        p = fr[d, _P]
        if mode == 1:
            k = fr[d, _K]
            scout = fr[d, _SCOUT]
            fr[d, _SCOUT] = 0
            if scout == 1 and fr[d, _ALPHA] < v < fr[d, _BETA]:
                fr[d, _SCOUT] = 2  # it does better: searched again, with the whole window
            else:
                c = mv[d, k] % 64
                mv[d, 24 + k] = v
                if take_value(fr, d, p == decl, v, c):
                    killer[d] = c  # a killer card: tried early at this depth from now on
                fr[d, _K] = k + 1
            mode = 2
        # mode 2: the next move at depth d, or the node is done
        k = fr[d, _K]
        alpha = fr[d, _ALPHA]
        beta = fr[d, _BETA]
        # Cards of one run win the same tricks; swapping them changes the total by at most their
        # point difference, so |value(a) - value(b)| <= |points(a) - points(b)|: a card whose
        # run-mate's value plus that difference cannot reach the window is settled unsearched.
        # (Not for the declarer's runs holding K and Q: the marriage breaks the symmetry.)
        maxim = p == decl
        while k < fr[d, _N] and alpha < beta:
            e = mv[d, k]
            c = e % 64
            run = (e // 64) % 32
            bound = INF if maxim else -INF
            for j in range(k):
                if run > 0 and (mv[d, j] // 64) % 32 == run:
                    diff = PTS[c] - PTS[mv[d, j] % 64]
                    if diff < 0:
                        diff = -diff
                    if maxim:
                        if mv[d, 24 + j] + diff < bound:
                            bound = mv[d, 24 + j] + diff
                    elif mv[d, 24 + j] - diff > bound:
                        bound = mv[d, 24 + j] - diff
            if (maxim and bound <= alpha) or (not maxim and bound >= beta):
                mv[d, 24 + k] = bound
                if (maxim and bound > fr[d, _BEST]) or (not maxim and bound < fr[d, _BEST]):
                    fr[d, _BEST] = bound
                k += 1
                fr[d, _K] = k
                stats[1] += 1
            else:
                break
        if k < fr[d, _N] and alpha < beta:
            c = mv[d, k] % 64
            hm = fr[d, _HM]
            nplayed = fr[d, _NPLAYED]
            c0 = fr[d, _C0]
            c1 = fr[d, _C1]
            gain = 0
            ndwon = fr[d, _DWON]
            npend = fr[d, _PEND]
            if nplayed == 0 and p == decl and (d > 0 or forced < 0 or fdeclare == 1):
                gain, npend = _lead_marriage(c, hm, trump, ndwon, npend)
            h[p] = hm ^ (1 << c)
            nl = fr[d, _LEADER]
            n0 = c
            n1 = -1
            if nplayed == 1:
                n0 = c0
                n1 = c
            elif nplayed == 2:
                w = fr[d, _WPOS]
                if _power(c, fr[d, _LED], trump) > fr[d, _WPOW]:
                    w = p
                if w == decl:
                    gain += PTS[c0] + PTS[c1] + PTS[c]
                    if ndwon == 0:
                        gain += npend
                        npend = 0
                        ndwon = 1
                if h[0] == 0 and h[1] == 0 and h[2] == 0:
                    # the last card of the hand: a leaf
                    stats[0] += 1
                    h[p] = hm
                    v = gain
                    mode = 1
                    continue
                nl = w
                n0 = -1
            fr[d, _GAIN] = gain
            e = d + 1
            fr[e, _LEADER] = nl
            fr[e, _C0] = n0
            fr[e, _C1] = n1
            fr[e, _DWON] = ndwon
            fr[e, _PEND] = npend
            ae = alpha
            be = beta
            if k > 0 and beta - alpha > 1 and fr[d, _SCOUT] == 0 and (heur & HEUR_PVS) and _popcount(hm) >= 5:
                # principal variation search: a later move is first asked only whether it does
                # better than the best so far (a null window), and searched again with the whole
                # window when it does (from five cards a hand: below, a search again costs more
                # than the null windows save)
                if p == decl:
                    be = alpha + 1
                else:
                    ae = beta - 1
                fr[d, _SCOUT] = 1
            fr[e, _ALPHA] = ae - gain
            fr[e, _BETA] = be - gain
            d = e
            mode = 0
            continue
        # all moves tried, or a cut: store the bound and return to the parent
        best: int = fr[d, _BEST]
        idx = fr[d, _IDX]
        if idx >= 0:
            _store(tk1, tk2, tlo, thi, tbest, idx, fr[d, _KEY1], fr[d, _KEY2], best, fr[d, _A0], fr[d, _B0],
                   fr[d, _BESTC])
        if d == 0:
            return best
        d -= 1
        v = back_to(h, fr, d) + best
        mode = 1
