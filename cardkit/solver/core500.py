"""The Five Hundred search kernel: trick counts by alpha-beta over bitmask positions, with a
transposition table, move ordering and equivalent-card reduction.

Like :mod:`cardkit.solver.core501` it works on ints and numpy arrays only, so numba can compile
it. :mod:`cardkit.solver.solve500` builds the position from an engine
:class:`~cardkit.game500.State500`, taking every card's effective suit and strength from the
engine itself (``suit_of``, ``power``), so bowers, the nominated joker, the six-hand pack's ranks
and its identical cards follow the engine's rules.

Compact position (rules.md 500 §6–§9):

- cards are numbered 0..62 in pack order (a second copy of an identical card gets its own number);
  ``esuit[c]``: effective suit 0..3, or 4 for the free joker (no-trump or misère, not nominated);
  ``strength[c]``: the engine's ``power(c, suit_of(c))`` (trumps above 1000, the free joker
  :data:`JOKER_TOP`); ``twin[c]``: the number of an identical card, else -1;
- ``n`` active seats in play order (misère: the partners sit out); ``h[i]``: seat i's cards;
- ``side``: a bit per position of the side whose tricks are counted (the contracting side; in
  misère the contractor alone, who then wants the count low and the hand stops at the first);
- free-joker state, kept only while the free joker is still in a hand and its options need it:
  ``ls`` suits led so far (4 bits), ``vo`` suits each seat has shown void in (4 bits a seat),
  ``pl`` suits each seat has played (4 bits a seat).

The value searched is the counted side's future tricks. A move is ``card + 64 * (named + 1)``,
``named`` the suit a led free joker names (-1 otherwise).
"""

from __future__ import annotations

import numpy as np

from ._jit import njit
from ._search import (A0 as _A0, ALPHA as _ALPHA, B0 as _B0, BEST as _BEST, BESTM as _BESTM, BETA as _BETA,
                      COMMON_FIELDS, GAIN as _GAIN, HM as _HM, IDX as _IDX, K as _K, N as _N, P as _P, back_to,
                      bounds_cut, insert_move, open_node, probe, restore_hands, stored, take_value)

JOKER_TOP = 1_000_000
INF = 100
#: what :func:`search` returns when it stops at its node budget (``stats[1]``)
ABORTED = -1000
LOG_TT = 19
#: move-ordering techniques of :func:`search` (bit flags of its ``heur``; all on by default):
#: killer moves (a move that cut a search off is tried early at the same depth), the
#: cheapest card sure to win a trick first, and leads an opponent can ruff last, those the
#: partner can ruff early
HEUR_KILLER, HEUR_SURE, HEUR_RUFF = 1, 2, 4
HEUR_ALL = 7
MAXDEPTH = 64
# option flags (the engine's Options500, rules.md 500 §8)
OPT_STRICT, OPT_LOOSE, OPT_ANY, OPT_LAST, OPT_VOID, OPT_FIRSTLAST, OPT_MISERE = range(7)
NOPTS = 7
# frame fields: the shared ones (:mod:`cardkit.solver._search`), then this kernel's
(_LEADER, _NPLAYED, _LED, _WPOW, _WPOS, _TABLE, _LS, _VO, _PL, _REL, _EREL, _ELO, _EHI, _TREL, _WCARD, _SKIP,
 _SIG) = range(COMMON_FIELDS, COMMON_FIELDS + 17)
FIELDS = COMMON_FIELDS + 17
#: words of a table key: the hands (6, each card written at its relative rank, only the ranks the
#: entry's result depended on), the leader and free-joker state (3), the suit lengths of every hand
#: (2) and the ranks that mattered (1)
WORDS = 12
#: entries of one bucket: positions with the same suit lengths share a bucket, one entry per
#: set of ranks that mattered
BUCKET = 32


#: A transposition table: the keys (:data:`WORDS` words an entry), the low and high bounds, the
#: best move, and a signature of the key's class words (checked first), one array each.
Table = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def new_table(log_size: int = LOG_TT) -> Table:
    """A transposition table of ``2**log_size`` entries: a key of :data:`WORDS` int64 words and
    two int8 bounds, an int16 best move and an int64 signature per entry (108 bytes an entry)."""
    n = 1 << log_size
    keys = np.full((n, WORDS), -1, np.int64)
    return (keys, np.zeros(n, np.int8), np.zeros(n, np.int8), np.full(n, -1, np.int16),
            np.full(n, -1, np.int64))


@njit
def _popcount(m: int) -> int:
    m = m - ((m >> 1) & 0x5555555555555555)
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((m * 0x0101010101010101) >> 56) & 0xFF


@njit
def _low(m: int) -> int:
    return _popcount((m & -m) - 1)


@njit
def _power(c: int, led: int, trump: int, esuit: np.ndarray, strength: np.ndarray) -> int:
    s = esuit[c]
    if s == 4:
        return JOKER_TOP
    if s == trump or s == led:
        power: int = strength[c]
        return power
    return -1


@njit
def _top_run(s: int, hp: int, present: int, suitorder: np.ndarray, suitlen: np.ndarray) -> int:
    """The highest cards left (in ``present``) of suit ``s`` that the hand ``hp`` holds in an
    unbroken run, as a card mask."""
    run = 0
    for r in range(suitlen[s]):
        c = suitorder[s, r]
        if (present >> c) & 1:
            if (hp >> c) & 1:
                run |= 1 << c
            else:
                break
    return run


@njit
def _top_cards(s: int, k: int, present: int, suitorder: np.ndarray, suitlen: np.ndarray) -> int:
    """The ``k`` highest cards left (in ``present``) of suit ``s``, as a card mask."""
    m = 0
    r = 0
    if k <= 0:
        return 0
    for i in range(suitlen[s]):
        c = suitorder[s, i]
        if (present >> c) & 1:
            m |= 1 << c
            r += 1
            if r >= k:
                break
    return m


@njit
def _low_rank(rel: int, s: int, suitmask: np.ndarray, rankpos: np.ndarray) -> int:
    """The place in suit ``s``'s order (0: its highest card) of the lowest card of ``rel`` (a card
    mask) in that suit, -1 when ``rel`` holds none of it; ``rankpos[c]``: card ``c``'s place."""
    m = rel & suitmask[s]
    low = -1
    while m != 0:
        c = _low(m)
        m &= m - 1
        if rankpos[c] > low:
            low = rankpos[c]
    return low


@njit
def rank_slots(rel: int, present: int, full: bool, suitmask: np.ndarray, rankpos: np.ndarray,
               prefix: np.ndarray) -> int:
    """The ranks that matter, as the table key writes them: for each suit, the slots (the suit's
    first cards in ``suitorder``) of the cards left from its highest down to the lowest card of
    ``rel`` (a card mask); the free joker always, and every card left when ``full``.
    ``rankpos[c]``: card ``c``'s place in its suit's order; ``prefix[s, r]``: suit ``s``'s cards
    down to place ``r``."""
    out = 0
    for s in range(5):
        left = present & suitmask[s]
        if left == 0:
            continue
        if full or s == 4:
            k = _popcount(left)
        else:
            low = _low_rank(rel, s, suitmask, rankpos)
            if low < 0:
                continue
            k = _popcount(left & prefix[s, low])
        out |= prefix[s, k - 1]
    return out


@njit
def slot_cards(slots: int, present: int, suitmask: np.ndarray, suitorder: np.ndarray, suitlen: np.ndarray) -> int:
    """The cards left (``present``) that the rank slots ``slots`` (of :func:`rank_slots`) stand for."""
    out = 0
    for s in range(5):
        k = _popcount(slots & suitmask[s])
        if k > 0:
            out |= _top_cards(s, k, present, suitorder, suitlen)
    return out


@njit
def extend_runs(rel: int, skipped: int, hm: int, present: int, suitmask: np.ndarray, suitorder: np.ndarray,
                suitlen: np.ndarray, rankpos: np.ndarray) -> int:
    """``rel`` (cards left, in ``present``) widened so that the lowest card that matters in a suit
    never splits a run of the hand ``hm`` whose lower cards were ``skipped`` as equivalent to the
    one above: the run's cards below it matter too (else a position that shares only the ranks that
    matter could hold those cards apart, no longer equivalent, and one of them never searched)."""
    for s in range(4):
        if (skipped & suitmask[s]) == 0:
            continue
        low = _low_rank(rel, s, suitmask, rankpos)
        if low < 0:
            continue
        if ((hm >> suitorder[s, low]) & 1) == 0:
            continue
        for i in range(low + 1, suitlen[s]):
            c = suitorder[s, i]
            if (present >> c) & 1:
                if (hm >> c) & 1:
                    rel |= 1 << c
                else:
                    break
    return rel


@njit
def _highest(hm: int, led: int, trump: int, jk: int, suitmask: np.ndarray, suitorder: np.ndarray,
             suitlen: np.ndarray, strength: np.ndarray) -> int:
    """The strength of the best card the hand ``hm`` can play to a trick led in ``led``: its
    highest card of that suit, else (void) its highest trump, else -1; the free joker
    :data:`JOKER_TOP` (for move ordering only, so a joker option that makes it lose is ignored)."""
    if jk >= 0 and (hm >> jk) & 1:
        return JOKER_TOP
    s = led
    if (hm & suitmask[led]) == 0:
        if trump < 0 or (hm & suitmask[trump]) == 0:
            return -1
        s = trump
    for k in range(suitlen[s]):
        c = suitorder[s, k]
        if (hm >> c) & 1:
            best: int = strength[c]
            return best
    return -1


@njit
def joker_lead_ok(hm: int, p: int, ls: int, vo: int, opts: np.ndarray) -> bool:
    """Whether seat ``p``, on lead with the hand ``hm`` holding the free joker, may lead it now
    (rules.md 500 §8 and its options; the search's own rule for the suits a led joker may name):
    its last card always; never before the last trick under ``joker-lead-last``; else it must have
    a suit to name (``strict``: a suit no one has led, ``ls``; ``joker-lead-any``: one the seat has
    not shown void in, ``vo``; ``loose``: any)."""
    if _popcount(hm) == 1:
        return True
    if opts[OPT_LAST]:
        return False
    if opts[OPT_ANY]:
        return (15 & ~((vo >> (4 * p)) & 15)) != 0
    if opts[OPT_LOOSE]:
        return True
    return (15 & ~ls) != 0


@njit
def quick_tricks(h: np.ndarray, n: int, p: int, trump: int, jk: int, side: int, ls: int, vo: int,
                 opts: np.ndarray, suitmask: np.ndarray, suitorder: np.ndarray, suitlen: np.ndarray,
                 need: int = 64) -> tuple[int, int]:
    """Tricks seat ``p``, on lead, is sure to win in a row by cashing its top cards (rules.md 500
    §6, §7): first its unbroken run of top trumps (everyone else must follow while they hold
    trumps), then in each plain suit its run of top cards, for as many rounds as every other seat
    still follows suit or holds no trump. Every other seat counts, the partners too, so the lead
    never leaves ``p``.

    The free joker (no-trump, §8; ``side``: a bit per position of one side): led first by ``p``
    when it may lead it (:func:`joker_lead_ok`), it wins a trick more; in a partner's hand (or in
    ``p``'s, not to be led yet) it is kept back and wins a trick after the others, at the latest
    as its holder's last card (not under ``last-card-loses``, where such a joker may lose); in an
    opponent's it can take any trick that opponent is void in, so each suit counts only as many
    rounds as that opponent follows it (and nothing when a joker may be played while following
    suit, ``joker-first-last``).

    In no-trump, when ``p``'s own tricks fall short of ``need`` (the count that would settle the
    search), a partner's top cards reached by a low lead count too (:func:`_partner_tricks`); a
    free joker of ``p``'s is then kept back and wins a trick after them.

    Returns ``(tricks, cards)``: ``cards`` the top cards the count rests on (any position where the
    same seats hold them and every hand has the same suit lengths, the same suits led and shown
    void, has at least as many)."""
    jopp = -1  # an opponent of p holding the free joker
    jlater = 0  # a trick the joker of p's side wins after the others
    jlead = 0  # p leads the free joker first
    qt = 0
    if jk >= 0:
        for i in range(n):
            if (h[i] >> jk) & 1:
                if i == p and joker_lead_ok(h[p], p, ls, vo, opts):
                    qt = 1
                    jlead = 1
                elif ((side >> i) & 1) != ((side >> p) & 1):
                    if opts[OPT_FIRSTLAST]:
                        return 0, 0
                    jopp = i
                elif opts[OPT_VOID] != 2:
                    jlater = 1
    present = 0
    for i in range(n):
        present |= h[i]
    t = 0
    rel = 0
    if trump >= 0:
        rel = _top_run(trump, h[p], present, suitorder, suitlen)
        t = _popcount(rel)
    qt += t
    rounds = 0  # 4 bits a suit: the rounds p cashes in it
    for s in range(4):
        if s == trump:
            continue
        run = _top_run(s, h[p], present, suitorder, suitlen)
        if run == 0:
            continue
        k = _popcount(run)
        safe = k
        for i in range(n):
            if i == p:
                continue
            if (trump >= 0 and _popcount(h[i] & suitmask[trump]) > t) or i == jopp:
                ln = _popcount(h[i] & suitmask[s])
                if ln < safe:
                    safe = ln
        if safe > 0:
            rel |= run
        qt += safe
        rounds |= safe << (4 * s)
    cards = _popcount(h[p])
    if trump < 0 and qt < need:
        cq, crel = _partner_tricks(h, n, p, jk, side, jopp, rounds, present, suitmask, suitorder, suitlen)
        both = cq & 255
        alone = (cq >> 8) & 255
        if not (jk >= 0 and (h[p] >> jk) & 1):
            if both > 0:
                qt += both
                rel |= crel
            elif alone > qt:
                qt = alone
                rel = crel
        elif both > 0 or alone > 0:
            # p keeps its joker back (not led first): its own runs, the partner's, then the
            # joker wins a trick after them, at the latest as p's last card
            alt = qt - jlead + both if both > 0 else alone
            arel = rel | crel if both > 0 else crel
            if opts[OPT_VOID] != 2 and alt < cards:
                alt += 1
            if jlater and qt < cards:
                qt += 1
                jlater = 0
            if alt > qt:
                return alt, arel
    if jlater and qt < cards:
        qt += 1
    return qt, rel


@njit
def _partner_tricks(h: np.ndarray, n: int, p: int, jk: int, side: int, jopp: int, rounds: int, present: int,
                    suitmask: np.ndarray, suitorder: np.ndarray, suitlen: np.ndarray) -> tuple[int, int]:
    """No-trump tricks of a partner of seat ``p`` (on lead) reached by
    a low lead to the partner's top card (rules.md 500 §7, §8): seat ``p`` has a card of a suit
    whose highest card left a partner ``q`` holds; ``q`` wins that trick, keeps the lead and cashes
    its runs of top cards in every suit ``p`` has no run in (against an opponent holding the free
    joker, ``jopp``, a suit counts only as many rounds as that opponent follows it).

    ``rounds`` (4 bits a suit): the rounds ``p`` cashes in each suit first. When ``q`` can follow
    or discard through those rounds without giving up a card of its runs or the free joker, the
    partner's tricks come on top of ``p``'s; else they count alone. Returns
    ``(both + 256 * alone, cards)``: ``both`` the tricks added to ``p``'s (0 when they cannot be),
    ``alone`` the partner's tricks without ``p``'s, ``cards`` the top cards they rest on."""
    best_both = 0
    best_alone = 0
    best_rel = 0
    for q in range(n):
        if q == p or ((side >> q) & 1) != ((side >> p) & 1):
            continue
        hq = h[q]
        cross = False
        tot = 0
        qrel = 0
        for u in range(4):
            if (rounds >> (4 * u)) & 15:
                continue
            run = _top_run(u, hq, present, suitorder, suitlen)
            if run == 0:
                continue
            c = _popcount(run)
            if jopp >= 0:
                ln = _popcount(h[jopp] & suitmask[u])
                if ln < c:
                    c = ln
            if c == 0:
                continue
            if (h[p] & suitmask[u]) != 0:
                cross = True
            tot += c
            qrel |= _top_cards(u, c, present, suitorder, suitlen)
        if not cross:
            continue
        # q's cards played to p's cashing rounds: followed, or discarded from outside its runs
        follow = 0
        need = 0
        for u in range(4):
            r = (rounds >> (4 * u)) & 15
            if r == 0:
                continue
            lq = _popcount(hq & suitmask[u])
            if lq >= r:
                follow += r
            else:
                follow += lq
                need += r - lq
        jq = 1 if jk >= 0 and (hq >> jk) & 1 else 0
        spare = _popcount(hq) - tot - jq - follow
        if need <= spare:
            if tot > best_both:
                best_both = tot
                best_rel = qrel
        elif tot > best_alone and best_both == 0:
            best_alone = tot
            best_rel = qrel
    if best_both > 0:
        return best_both, best_rel
    return best_alone << 8, best_rel


@njit
def sure_tricks(h: np.ndarray, n: int, trump: int, jk: int, opts: np.ndarray, suitorder: np.ndarray,
                suitlen: np.ndarray, twin: np.ndarray) -> tuple[int, int]:
    """``(seat, k)``: a seat sure to win ``k`` tricks wherever its cards fall, or ``(-1, 0)``.
    The highest trump left wins the trick it is played to, and so do the next ones while the same
    seat holds them (rules.md 500 §6); in no-trump the free joker wins its trick (§8), unless a
    joker played when void as the last card loses (``joker-void=last-card-loses``)."""
    if trump >= 0:
        present = 0
        for i in range(n):
            present |= h[i]
        owner = -1
        k = 0
        for r in range(suitlen[trump]):
            c = suitorder[trump, r]
            if (present >> c) & 1:
                if owner < 0:
                    for i in range(n):
                        if (h[i] >> c) & 1:
                            owner = i
                elif ((h[owner] >> c) & 1) == 0:
                    break
                tw = twin[c]
                if tw >= 0 and ((present >> tw) & 1) and ((h[owner] >> tw) & 1) == 0:
                    break  # an identical card in another hand, played first, would hold the trick
                k += 1
        if k == 0:
            return -1, 0
        return owner, k
    if jk >= 0 and opts[OPT_VOID] != 2:
        for i in range(n):
            if (h[i] >> jk) & 1:
                return i, 1
    return -1, 0


@njit
def last_trick(h: np.ndarray, n: int, leader: int, vo: int, trump: int, jk: int, opts: np.ndarray,
               esuit: np.ndarray, strength: np.ndarray) -> tuple[int, int]:
    """The position that wins the last trick, every seat holding one card (rules.md 500 §7, §8):
    the same winner the search's move-by-move play finds, without the search. Returns
    ``(position, cards)``, ``cards`` the winning card when it beat another of its suit (its rank
    decided the trick), else 0."""
    c = _low(h[leader])
    s = esuit[c]
    if s == 4:
        return leader, 0  # a led free joker wins whatever suit it names
    led = s
    wpow = _power(c, led, trump, esuit, strength)
    wpos = leader
    wc = c
    for j in range(1, n):
        p = (leader + j) % n
        c = _low(h[p])
        s = esuit[c]
        if s != led and s == 4 and opts[OPT_VOID] == 2 and ((vo >> (4 * p + led)) & 1):
            pw = -2
        else:
            pw = _power(c, led, trump, esuit, strength)
        if pw > wpow:
            wpow = pw
            wpos = p
            wc = c
    ws = esuit[wc]
    for j in range(n):
        c = _low(h[j])
        if c != wc and esuit[c] == ws:
            return wpos, 1 << wc
    return wpos, 0


@njit
def search(h: np.ndarray, n: int, leader: int, table: int, led: int, wpow: int, wpos: int,
           ls: int, vo: int, pl: int, side: int, trump: int, jk: int, opts: np.ndarray,
           esuit: np.ndarray, strength: np.ndarray, twin: np.ndarray, suitmask: np.ndarray,
           suitorder: np.ndarray, suitlen: np.ndarray,
           alpha: int, beta: int, forced: int,
           tkey: np.ndarray, tlo: np.ndarray, thi: np.ndarray, tbest: np.ndarray, tcls: np.ndarray, gen: int,
           mv: np.ndarray, fr: np.ndarray, kw: np.ndarray, killer: np.ndarray, heur: int,
           stats: np.ndarray) -> int:
    """The counted side's future tricks within ``(alpha, beta)`` (fail-soft), from a position
    with ``nplayed = popcount(table)`` cards in the trick, ``led``/``wpow``/``wpos`` its led suit,
    best strength and winning position (``-1`` when empty). ``jk`` is the free joker's number or
    -1. ``forced`` ≥ 0 searches only that move at the root. ``h`` is restored on return.
    ``killer`` (``MAXDEPTH`` moves) keeps the last lead that cut a search off at each depth, tried
    right after the table's best move; ``heur`` says which ordering techniques are on
    (:data:`HEUR_ALL`); neither changes a value.
    ``stats[0]`` counts nodes; when ``stats[1]`` > 0 the search stops once ``stats[0]`` passes it
    and returns :data:`ABORTED` (every table entry stored so far stays exact)."""
    mask = tlo.shape[0] - 1
    misere = opts[OPT_MISERE]
    # identical cards (the six-hand pack) keep every rank in the key
    full = False
    for c in range(64):
        if twin[c] >= 0:
            full = True
    rankpos = np.zeros(64, np.int64)
    prefix = np.zeros((5, 64), np.int64)
    for s in range(5):
        acc = 0
        for i in range(suitlen[s]):
            rankpos[suitorder[s, i]] = i
            acc |= 1 << suitorder[s, i]
            prefix[s, i] = acc
    d = 0
    fr[0, _LEADER] = leader
    fr[0, _NPLAYED] = _popcount(table)
    fr[0, _LED] = led
    fr[0, _WPOW] = wpow
    fr[0, _WPOS] = wpos
    fr[0, _TABLE] = table
    fr[0, _LS] = ls
    fr[0, _VO] = vo
    fr[0, _PL] = pl
    fr[0, _ALPHA] = alpha
    fr[0, _BETA] = beta
    fr[0, _WCARD] = -1
    if fr[0, _NPLAYED] > 0:
        for c in range(64):
            if (table >> c) & 1 and _power(c, led, trump, esuit, strength) == wpow:
                fr[0, _WCARD] = c
    v = 0
    vrel = 0
    mode = 0
    while True:
        if mode == 0:
            stats[0] += 1
            if stats.shape[0] > 1 and stats[1] > 0 and stats[0] > stats[1]:
                # over the node budget: put the hands back and give up (nothing half-done is stored)
                restore_hands(h, fr, d)
                return ABORTED
            leader = fr[d, _LEADER]
            nplayed = fr[d, _NPLAYED]
            led = fr[d, _LED]
            table = fr[d, _TABLE]
            ls = fr[d, _LS]
            vo = fr[d, _VO]
            pl = fr[d, _PL]
            alpha = fr[d, _ALPHA]
            beta = fr[d, _BETA]
            p = (leader + nplayed) % n
            hm = h[p]
            idx = -1
            ttbest = -1
            sig = -1
            early = False
            ret = 0
            retrel = 0  # the cards whose ranks an early answer rests on
            erel = 0
            elo = 0
            ehi = INF
            isforced = d == 0 and forced >= 0
            if nplayed == 0 and not isforced:
                left = _popcount(h[leader])
                ub = left
                if misere and ub > 1:
                    ub = 1
                lb = 0
                if ub > alpha and beta > 0 and not misere:
                    if left == 1:
                        # the last trick: every card is forced (the state of the joker's options
                        # as played so far decides a joker's power)
                        wl, retrel = last_trick(h, n, leader, vo, trump, jk, opts, esuit, strength)
                        ub = lb = (side >> wl) & 1
                    else:
                        # quick tricks of the leader, sure tricks of the top trumps
                        need = beta if (side >> leader) & 1 else left - alpha
                        qt, retrel = quick_tricks(h, n, leader, trump, jk, side, ls, vo, opts, suitmask, suitorder,
                                                  suitlen, need)
                        if (side >> leader) & 1:
                            lb = qt
                        else:
                            ub = left - qt
                        owner, k = sure_tricks(h, n, trump, jk, opts, suitorder, suitlen, twin)
                        if owner >= 0:
                            if trump >= 0:
                                present = 0
                                for i in range(n):
                                    present |= h[i]
                                retrel |= _top_cards(trump, k, present, suitorder, suitlen)
                            if (side >> owner) & 1:
                                if k > lb:
                                    lb = k
                            elif left - k < ub:
                                ub = left - k
                early, ret = bounds_cut(lb, ub, alpha, beta)
                if not early:
                    retrel = 0
                    # the free-joker state matters only while the joker is in a hand
                    live = False
                    if jk >= 0:
                        for i in range(n):
                            if (h[i] >> jk) & 1:
                                live = True
                    if not live:
                        ls = 0
                        vo = 0
                        pl = 0
                    else:
                        if not opts[OPT_STRICT]:
                            ls = 0
                        if not (opts[OPT_ANY] or opts[OPT_VOID]):
                            vo = 0
                        if not opts[OPT_FIRSTLAST]:
                            pl = 0
                    fr[d, _LS] = ls
                    fr[d, _VO] = vo
                    fr[d, _PL] = pl
                    # the key holds relative ranks: the r-th highest card left in a suit is
                    # written as the suit's r-th card, so positions that differ only in which
                    # lower cards are gone share an entry (as in bridge solvers)
                    for i in range(n):
                        kw[d, i] = 0
                    ties = 0
                    lena = 0
                    lenb = 0
                    present = 0
                    for i in range(n):
                        present |= h[i]
                    for s in range(5):
                        if (present & suitmask[s]) == 0:
                            continue
                        r = 0
                        prev = -1
                        for k in range(suitlen[s]):
                            c = suitorder[s, k]
                            if ((present >> c) & 1) == 0:
                                continue
                            for i in range(n):
                                if (h[i] >> c) & 1:
                                    slot = suitorder[s, r]
                                    kw[d, i] |= 1 << slot
                                    if strength[c] == prev:
                                        ties |= 1 << slot
                                    prev = strength[c]
                                    r += 1
                                    if i < 3:
                                        lena += 1 << (4 * (5 * i + s))
                                    else:
                                        lenb += 1 << (4 * (5 * (i - 3) + s))
                                    break
                    for i in range(n, 6):
                        kw[d, i] = 0
                    kw[d, 6] = leader | (ls << 3) | (gen << 7)
                    kw[d, 7] = vo | (pl << 24)
                    kw[d, 8] = ties
                    kw[d, 9] = lena
                    kw[d, 10] = lenb
                    kw[d, 11] = 0
                    # partition search: an entry keeps only the ranks its result rested on, so
                    # the bucket is chosen by what every position it stands for shares: the suit
                    # lengths of each hand, the leader and the free joker's state
                    hsh = (kw[d, 6] * 7919) ^ (kw[d, 7] * 131) ^ (ties * 31)
                    hsh ^= ((lena ^ (lena >> 29)) & 0xFFFFFFFFFF) * 104729
                    hsh &= 0xFFFFFFFFFFFF
                    hsh ^= ((lenb ^ (lenb >> 31)) & 0xFFFFFFFFFF) * 337
                    hsh &= 0xFFFFFFFFFFFF
                    sig = hsh
                    idx = ((hsh ^ (hsh >> 23) ^ (hsh >> 41)) & mask) & ~(BUCKET - 1)
                    lo = 0
                    hi = INF
                    got = False
                    rsu = 0
                    for b in range(BUCKET):
                        j = idx + b
                        if tcls[j] != sig:
                            continue
                        if tkey[j, 9] != lena or tkey[j, 10] != lenb or tkey[j, 6] != kw[d, 6] \
                                or tkey[j, 7] != kw[d, 7] or tkey[j, 8] != ties:
                            continue
                        rs = tkey[j, 11]
                        same = True
                        for i in range(n):
                            if (kw[d, i] & rs) != tkey[j, i]:
                                same = False
                                break
                        if not same:
                            continue
                        got = True
                        if tlo[j] > lo:
                            lo = tlo[j]
                        if thi[j] < hi:
                            hi = thi[j]
                        rsu |= rs  # each suit's slots run down from its top: the union is the widest
                        if ttbest < 0:
                            ttbest = tbest[j]
                        if lo >= beta or hi <= alpha or lo == hi:
                            break
                    if got:
                        erel = slot_cards(rsu, present, suitmask, suitorder, suitlen)
                        early, ret, a2, b2 = probe(lo, hi, alpha, beta)
                        if early:
                            retrel = erel
                        elif a2 != alpha or b2 != beta:
                            alpha = a2
                            beta = b2
                            elo = lo
                            ehi = hi
                        else:
                            erel = 0
                    if not early and not got:
                        erel = 0
            if early:
                if d == 0:
                    return ret
                d -= 1
                v = back_to(h, fr, d) + ret
                vrel = retrel
                mode = 1
                continue
            # ---- legal moves (rules.md 500 §7, §8; the engine's _legal_plays)
            jbit = (1 << jk) if jk >= 0 else 0
            holds_joker = (hm & jbit) != 0
            names = 0  # suits a led free joker may name
            if nplayed == 0:
                legal = hm & ~jbit
                if holds_joker:
                    if _popcount(hm) == 1:
                        names = 15
                    elif opts[OPT_LAST]:
                        names = 0
                    elif opts[OPT_ANY]:
                        names = 15 & ~((vo >> (4 * p)) & 15)
                    elif opts[OPT_LOOSE]:
                        names = 15
                    else:
                        names = 15 & ~ls
            else:
                follow = hm & suitmask[led]
                if not holds_joker:
                    legal = follow if follow != 0 else hm
                elif follow != 0:
                    legal = follow
                    if opts[OPT_FIRSTLAST] and ((pl >> (4 * p + led)) & 1) == 0:
                        legal |= jbit
                elif opts[OPT_VOID] and ((vo >> (4 * p + led)) & 1) and _popcount(hm) > 1:
                    legal = hm & ~jbit
                elif misere:
                    legal = jbit
                else:
                    legal = hm
            if isforced:
                fc = forced % 64
                legal = 1 << fc
                names = 0
                if forced >= 64:
                    legal = 0
                    names = 1 << (forced // 64 - 1)
            maxim = (((side >> p) & 1) ^ misere) == 1
            ours_winning = False
            if nplayed > 0:
                ours_winning = ((((side >> fr[d, _WPOS]) & 1) ^ ((side >> p) & 1)) == 0)
            present = table
            for i in range(n):
                present |= h[i]
            wp = fr[d, _WPOW]
            # the best a later seat of this trick can play: an opponent's (whom a card must beat
            # to be sure of the trick) and a partner's
            opp_max = -1
            part_max = -1
            if nplayed > 0 and not misere and (heur & HEUR_SURE):
                for j in range(nplayed + 1, n):
                    q = (fr[d, _LEADER] + j) % n
                    top_q = _highest(h[q], led, trump, jk, suitmask, suitorder, suitlen, strength)
                    if ((side >> q) & 1) == ((side >> p) & 1):
                        if top_q > part_max:
                            part_max = top_q
                    elif top_q > opp_max:
                        opp_max = top_q
            # ---- the moves, one per group of equivalent cards, with an ordering score
            nm = 0
            skipped = 0
            for s in range(5):
                cand = legal & suitmask[s] if s < 4 else legal & jbit
                if s == 4 and jk < 0:
                    cand = 0
                if cand == 0:
                    continue
                prev_ours = False
                for k in range(suitlen[s]):
                    c = suitorder[s, k]
                    if ((present >> c) & 1) == 0:
                        continue
                    if ((cand >> c) & 1) == 0:
                        prev_ours = False
                        continue
                    tw = twin[c]
                    clean = tw < 0 or ((cand >> tw) & 1) == 1 or ((present >> tw) & 1) == 0
                    if prev_ours and clean:
                        skipped |= 1 << c
                        continue  # equivalent to the card above it
                    prev_ours = clean
                    m = c
                    if m == ttbest:
                        sc = 100_000
                    elif m == killer[d] and (heur & HEUR_KILLER) and nplayed == 0:
                        sc = 50_000
                    elif nplayed == 0:
                        # lead a top trump first, then low to the partner's winner, then a winner
                        # of ours, else low
                        top = -1
                        for kk in range(suitlen[s]):
                            if (present >> suitorder[s, kk]) & 1:
                                top = suitorder[s, kk]
                                break
                        low = strength[c] % 1000
                        # a seat void in the suit that holds trumps can ruff it
                        ruff_opp = False
                        ruff_part = False
                        if (heur & HEUR_RUFF) and trump >= 0 and s != trump and s < 4:
                            for i in range(n):
                                if i != p and (h[i] & suitmask[s]) == 0 and (h[i] & suitmask[trump]) != 0:
                                    if ((side >> i) & 1) == ((side >> p) & 1):
                                        ruff_part = True
                                    else:
                                        ruff_opp = True
                        if top >= 0 and (hm >> top) & 1:
                            sc = 1500 + low if ruff_opp else 3000 + low + (500 if s == trump else 0)
                        elif ruff_opp:
                            sc = 500 - low
                        elif ruff_part:
                            sc = 2500 - low
                        else:
                            owner = -1
                            for i in range(n):
                                if (h[i] >> top) & 1:
                                    owner = i
                            if owner >= 0 and ((side >> owner) & 1) == ((side >> p) & 1):
                                sc = 3500 - low
                            else:
                                sc = 1000 - low
                    else:
                        pw = _power(c, led, trump, esuit, strength)
                        # a discard (a card of no power here) goes lowest first, from a longer
                        # suit first among near ranks, and before a free joker that the
                        # partner's winning card makes needless
                        low = pw % 1000 if pw >= 0 else strength[c] % 1000 - 1000 - 2 * _popcount(hm & suitmask[s])
                        if misere:
                            sc = 2000 - (pw % 1000 if pw >= 0 else 0)
                        elif ours_winning and wp > opp_max:
                            sc = 500 - low  # the partner's card holds the trick: play low
                        elif pw > wp and pw > opp_max:
                            sc = 5000 - min(pw, 1999)  # the cheapest card sure to win the trick
                        elif ours_winning or part_max > opp_max:
                            sc = 500 - low
                        elif pw > wp:
                            sc = 3000 - min(pw, 1999)
                        else:
                            sc = 100 - low
                    insert_move(mv, d, nm, sc, m, 4096)
                    nm += 1
            if names != 0:
                for s in range(4):
                    if (names >> s) & 1:
                        m = jk + 64 * (s + 1)
                        sc = 100_000 if m == ttbest else (50_000 if m == killer[d] and (heur & HEUR_KILLER) else 5000)
                        insert_move(mv, d, nm, sc, m, 4096)
                        nm += 1
            open_node(fr, d, alpha, beta, -INF if maxim else INF, nm, hm, p, idx)
            fr[d, _SIG] = sig
            fr[d, _REL] = erel
            fr[d, _EREL] = erel
            fr[d, _ELO] = elo
            fr[d, _EHI] = ehi
            fr[d, _SKIP] = skipped
            mode = 2
        p = fr[d, _P]
        maxim = (((side >> p) & 1) ^ misere) == 1
        if mode == 1:
            k = fr[d, _K]
            m = mv[d, k] % 4096
            crel = vrel | fr[d, _TREL]
            if take_value(fr, d, maxim, v, m):
                killer[d] = m  # a killer move: tried early at this depth from now on
                # the bound rests on this move alone
                fr[d, _REL] = fr[d, _EREL] | crel
            else:
                fr[d, _REL] |= crel
            fr[d, _K] = k + 1
            mode = 2
        k = fr[d, _K]
        alpha = fr[d, _ALPHA]
        beta = fr[d, _BETA]
        if k < fr[d, _N] and alpha < beta:
            m = mv[d, k] % 4096
            c = m % 64
            named = m // 64 - 1
            hm = fr[d, _HM]
            nplayed = fr[d, _NPLAYED]
            led = fr[d, _LED]
            wpow = fr[d, _WPOW]
            wpos = fr[d, _WPOS]
            wcard = fr[d, _WCARD]
            ls = fr[d, _LS]
            vo = fr[d, _VO]
            pl = fr[d, _PL]
            s = esuit[c]
            if nplayed == 0:
                led = named if s == 4 else s
                ls |= 1 << led
                wpow = _power(c, led, trump, esuit, strength)
                wpos = p
                wcard = c
                pl |= 1 << (4 * p + led)
            else:
                if s != led:
                    if s == 4 and opts[OPT_VOID] == 2 and ((vo >> (4 * p + led)) & 1):
                        pw = -2  # a joker that must go as a last card loses (last-card-loses)
                    else:
                        pw = _power(c, led, trump, esuit, strength)
                    vo |= 1 << (4 * p + led)
                else:
                    pw = _power(c, led, trump, esuit, strength)
                pl |= 1 << (4 * p + (s if s != 4 else led))
                if pw > wpow:
                    wpow = pw
                    wpos = p
                    wcard = c
            h[p] = hm ^ (1 << c)
            gain = 0
            e = d + 1
            fr[d, _TREL] = 0
            if nplayed + 1 < n:
                fr[e, _LEADER] = fr[d, _LEADER]
                fr[e, _NPLAYED] = nplayed + 1
                fr[e, _LED] = led
                fr[e, _WPOW] = wpow
                fr[e, _WPOS] = wpos
                fr[e, _WCARD] = wcard
                fr[e, _TABLE] = fr[d, _TABLE] | (1 << c)
            else:
                if (side >> wpos) & 1:
                    gain = 1
                # the winning card's rank decided the trick when another card of its suit was
                # played to it (else any card of that suit would have won it)
                ws = esuit[wcard]
                if ws < 4 and ((fr[d, _TABLE] | (1 << c)) & suitmask[ws] & ~(1 << wcard)) != 0:
                    fr[d, _TREL] = 1 << wcard
                empty = True
                for i in range(n):
                    if h[i] != 0:
                        empty = False
                if empty or (misere and gain == 1):
                    # the last trick, or a misère contractor's first trick: the hand is over (§9)
                    stats[0] += 1
                    h[p] = hm
                    v = gain
                    vrel = 0
                    mode = 1
                    continue
                fr[e, _LEADER] = wpos
                fr[e, _NPLAYED] = 0
                fr[e, _LED] = -1
                fr[e, _WPOW] = -3
                fr[e, _WPOS] = -1
                fr[e, _WCARD] = -1
                fr[e, _TABLE] = 0
            fr[e, _LS] = ls
            fr[e, _VO] = vo
            fr[e, _PL] = pl
            fr[d, _GAIN] = gain
            fr[e, _ALPHA] = alpha - gain
            fr[e, _BETA] = beta - gain
            d = e
            mode = 0
            continue
        best: int = fr[d, _BEST]
        idx = fr[d, _IDX]
        rel = fr[d, _REL]
        if d > 0 or idx >= 0:
            present = fr[d, _TABLE]
            for i in range(n):
                present |= h[i]
            if fr[d, _ALPHA] < fr[d, _BETA] and fr[d, _SKIP] != 0:
                rel = extend_runs(rel, fr[d, _SKIP], fr[d, _HM], present, suitmask, suitorder, suitlen, rankpos)
        if idx >= 0:
            rs = rank_slots(rel, present, full, suitmask, rankpos, prefix)
            for i in range(6):
                kw[d, i] &= rs
            kw[d, 11] = rs
            lo = fr[d, _ELO]
            hi = fr[d, _EHI]
            j = -1
            sig = fr[d, _SIG]
            for b in range(BUCKET):
                jj = idx + b
                if tcls[jj] != sig:
                    continue
                same = True
                for i in range(WORDS):
                    if tkey[jj, i] != kw[d, i]:
                        same = False
                        break
                if same:
                    j = jj
                    if tlo[jj] > lo:
                        lo = tlo[jj]
                    if thi[jj] < hi:
                        hi = thi[jj]
                    break
            if j < 0:
                # a free entry, else one of another class, else any (in turn)
                j = idx + (stats[0] & (BUCKET - 1))
                for b in range(BUCKET):
                    jj = idx + b
                    if tcls[jj] == -1:
                        j = jj
                        break
                    if tcls[jj] != sig:
                        j = jj
            lo, hi = stored(lo, hi, best, fr[d, _A0], fr[d, _B0])
            for i in range(WORDS):
                tkey[j, i] = kw[d, i]
            tlo[j] = lo
            thi[j] = hi
            tbest[j] = fr[d, _BESTM]
            tcls[j] = sig
        if d == 0:
            return best
        d -= 1
        v = back_to(h, fr, d) + best
        vrel = rel
        mode = 1
