"""Five Hundred positions for the search kernel, built from the engine's own card rankings.

>>> from cardkit.game500 import Game500
>>> from cardkit.solver.positions import random_play_state
>>> state = random_play_state(Game500(), seed=2, tricks_left=3)
>>> pos = Position500.from_state(state)
>>> pos.n == len(state.active), sorted(pos.seats) == sorted(state.active)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..actions import Play
from ..cards import JOKER
from ..errors import CardkitError
from ..game import Action
from ..i18n import _
from . import core500


@dataclass
class Position500:
    """A Five Hundred play-phase position in the kernel's terms (see :mod:`cardkit.solver.core500`).

    ``seats`` maps kernel positions to table seats; ``index`` maps each card (and copy) to its
    number; ``banked`` is the counted side's tricks already won; ``misere`` marks a misère
    contract (counted side: the contractor alone, who wants no trick).
    """

    seats: tuple[int, ...]
    hands: tuple[int, ...]
    leader: int
    table: int
    led: int
    wpow: int
    wpos: int
    ls: int
    vo: int
    pl: int
    side: int
    trump: int
    jk: int
    opts: np.ndarray
    esuit: np.ndarray
    strength: np.ndarray
    twin: np.ndarray
    suitmask: np.ndarray
    suitorder: np.ndarray
    suitlen: np.ndarray
    banked: int
    misere: bool
    target: int
    index: dict

    @property
    def n(self) -> int:
        """The number of seats in play."""
        return len(self.seats)

    def invariants(self) -> tuple:
        """What a transposition-table entry depends on besides the position itself."""
        return (self.trump, self.jk, self.side, self.n, tuple(self.opts), self.esuit.tobytes(),
                self.strength.tobytes())

    @classmethod
    def from_state(cls, state) -> Position500:
        """The position of a :class:`~cardkit.game500.State500` in its play phase.

        Raises:
            CardkitError: the hand is not in its play phase (rules.md 500 §7).
        """
        if state.phase != "play" or state.trick is None:
            raise CardkitError(_("the solver needs a hand in its play phase, not '{phase}' (rules.md 500 §7)")
                               .format(phase=state.phase))
        pack = list(state.game.new_pack())
        if len(pack) > 63:
            raise CardkitError(f"the solver handles packs of up to 63 cards, not {len(pack)}")
        copies: dict = {}
        for i, c in enumerate(pack):
            copies.setdefault(c, []).append(i)
        trump = -1 if state.trump is None else state.trump.value
        free = state.trump is None and state.nominated is None
        ncards = len(pack)
        esuit = np.full(64, 5, np.int64)
        strength = np.zeros(64, np.int64)
        twin = np.full(64, -1, np.int64)
        jk = -1
        for c, idxs in copies.items():
            if c is JOKER and free:
                s, st = 4, core500.JOKER_TOP
                jk = idxs[0]
            else:
                suit = state.suit_of(c)
                s, st = suit.value, state.power(c, suit)
            for i in idxs:
                esuit[i], strength[i] = s, st
            if len(idxs) == 2:
                twin[idxs[0]], twin[idxs[1]] = idxs[1], idxs[0]
        suitmask = np.zeros(5, np.int64)
        suitorder = np.zeros((5, 64), np.int64)
        suitlen = np.zeros(5, np.int64)
        for s in range(5):
            members = sorted((i for i in range(ncards) if esuit[i] == s), key=lambda i: (-strength[i], i))
            suitlen[s] = len(members)
            for k, i in enumerate(members):
                suitorder[s, k] = i
                suitmask[s] |= 1 << i
        seats = tuple(state.active)
        pos = {s: i for i, s in enumerate(seats)}
        used: dict = {}

        def take(card) -> int:
            k = used.get(card, 0)
            used[card] = k + 1
            return copies[card][k]

        trick = state.trick
        table = 0
        led, wpow, wpos = -1, -3, -1
        for seat, card in trick.plays:
            i = take(card)
            table |= 1 << i
        if trick.plays:
            led = trick.led_suit.value
            best = None
            for seat, card in trick.plays:
                pw = state.power(card, trick.led_suit)
                if best is None or pw > best:
                    best, wpos = pw, pos[seat]
            wpow = best
        hands = []
        index: dict = {}
        for s in seats:
            m = 0
            for card in state.hands[s]:
                i = take(card)
                m |= 1 << i
                index.setdefault((s, card), i)
            hands.append(m)
        ls = sum(1 << s.value for s in state.led_suits)
        vo = sum(sum(1 << (4 * p + s.value) for s in state.shown_void[seat]) for p, seat in enumerate(seats))
        pl = sum(sum(1 << (4 * p + s.value) for s in state.played_suits[seat]) for p, seat in enumerate(seats))
        misere = state.contract.is_misere
        counted = (state.contractor,) if misere else state.contracting_seats()
        side = sum(1 << pos[s] for s in counted if s in pos)
        r = state.rules
        opts = np.zeros(core500.NOPTS, np.int64)
        opts[core500.OPT_STRICT] = r.joker_lead == "strict"
        opts[core500.OPT_LOOSE] = r.joker_lead == "loose"
        opts[core500.OPT_ANY] = r.joker_lead_any
        opts[core500.OPT_LAST] = r.joker_lead_last
        opts[core500.OPT_VOID] = ("off", "last-card-exempt", "last-card-loses").index(r.joker_void)
        opts[core500.OPT_FIRSTLAST] = r.joker_first_last
        opts[core500.OPT_MISERE] = misere
        banked = state.tricks_won[state.contractor] if misere else state.contract_tricks()
        target = 0 if misere else state.contract.tricks
        return cls(seats, tuple(hands), pos[trick.leader], table, led, wpow, wpos, ls, vo, pl, side, trump, jk,
                   opts, esuit, strength, twin, suitmask, suitorder, suitlen, banked, misere, target, index)

    def move_of(self, seat: int, action: Play) -> int:
        """The kernel's move number of ``seat``'s ``action``."""
        if action.card is JOKER and self.jk >= 0 and action.names is not None:
            return self.jk + 64 * (action.names.value + 1)
        return self.index[(seat, action.card)]


class Solver500:
    """Exact double-dummy trick counts of Five Hundred play positions (rules.md 500 §6–§9), for
    every table size and rule option of :class:`~cardkit.game500.Game500`.

    Args:
        log_tt: the transposition table holds ``2**log_tt`` entries (68 bytes each).
    """

    def __init__(self, log_tt: int = core500.LOG_TT) -> None:
        self.table = core500.new_table(log_tt)
        self._gens: dict = {}
        self.mv = np.zeros((core500.MAXDEPTH, 80), np.int64)
        self.fr = np.zeros((core500.MAXDEPTH, core500.FIELDS), np.int64)
        self.kw = np.zeros((core500.MAXDEPTH, core500.WORDS), np.int64)
        self.stats = np.zeros(1, np.int64)
        self.h = np.zeros(6, np.int64)

    def _gen(self, pos: Position500) -> int:
        key = pos.invariants()
        if key not in self._gens:
            if len(self._gens) >= 1 << 20:
                self.table[0][:] = -1
                self._gens.clear()
            self._gens[key] = len(self._gens) + 1
        return self._gens[key]

    def future(self, pos: Position500, move: int = -1, alpha: int = -core500.INF, beta: int = core500.INF) -> int:
        """The counted side's tricks from here with best play (``move``: forced first move)."""
        self.h[:] = 0
        self.h[:pos.n] = pos.hands
        return int(core500.search(self.h, pos.n, pos.leader, pos.table, pos.led, pos.wpow, pos.wpos, pos.ls,
                                  pos.vo, pos.pl, pos.side, pos.trump, pos.jk, pos.opts, pos.esuit, pos.strength,
                                  pos.twin, pos.suitmask, pos.suitorder, pos.suitlen, alpha, beta, move,
                                  *self.table, self._gen(pos), self.mv, self.fr, self.kw, self.stats))

    def exact(self, pos: Position500, move: int = -1, guess: int | None = None) -> int:
        """:meth:`future` by null-window searches, each asking "at least k tricks?" (far cheaper
        than one full-window search): MTD(f) from ``guess``, else bisection over the tricks left."""
        lo, hi = 0, max(bin(h).count("1") for h in pos.hands) + (1 if pos.table else 0)
        if pos.misere:
            hi = min(hi, 1)
        g = None if guess is None else min(max(guess, lo), hi)
        while lo < hi:
            if g is None:
                test = (lo + hi + 1) // 2
            else:
                test = g + 1 if g == lo else g
            r = self.future(pos, move, test - 1, test)
            if r >= test:
                lo = r
            else:
                hi = r
            g = r if g is not None else None
        return lo

    def value(self, pos: Position500) -> int:
        """The counted side's tricks in the whole hand with best play (misère: the contractor's,
        0 or 1, the hand stopping at the first)."""
        return pos.banked + self.exact(pos)

    def position_value(self, state) -> int:
        """:meth:`value` of an engine state."""
        return self.value(Position500.from_state(state))

    def action_values(self, state) -> list[tuple[Action, int]]:
        """Each legal action of the seat to act with the value after it (best play by all)."""
        pos = Position500.from_state(state)
        seat = state.current_player()
        out: list[tuple[Action, int]] = []
        guess = None
        for a in state.legal_actions():
            v = self.exact(pos, pos.move_of(seat, a), guess)
            guess = v
            out.append((a, pos.banked + v))
        return out

    def table_bytes(self) -> int:
        """The transposition table's size in bytes."""
        return sum(a.nbytes for a in self.table)

    def solve(self, state):
        """A :class:`~cardkit.solver.Solution` for a Five Hundred play position."""
        from . import ActionValue, Solution

        pos = Position500.from_state(state)
        values = [ActionValue(a, v) for a, v in self.action_values(state)]
        seat = state.current_player()
        maxim = bool((pos.side >> pos.seats.index(seat)) & 1) != pos.misere
        best = max(v.value for v in values) if maxim else min(v.value for v in values)
        names = state.game.names
        counted = (state.contractor,) if pos.misere else state.contracting_seats()
        who = " ".join(names[s] for s in counted)
        if pos.misere:
            heading = _("Five Hundred: {seat} to play; {contract} by {who}; value: tricks {who} takes "
                        "(the hand stops at the first)").format(seat=names[seat], contract=state.contract, who=who)
            made = best == 0
        else:
            heading = _("Five Hundred: {seat} to play; {contract} by {who}; value: tricks {who} take in the hand "
                        "with best play").format(seat=names[seat], contract=state.contract, who=who)
            made = best >= pos.target
        return Solution("500", seat, maxim, values, best, "misere" if pos.misere else "tricks", pos.target,
                        made, tuple(counted), list(names), heading)
