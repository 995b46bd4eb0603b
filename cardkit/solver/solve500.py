"""Five Hundred positions for the search kernel, built from the engine's own card rankings.

>>> from cardkit.game500 import Game500
>>> from cardkit.solver.positions import random_play_state
>>> state = random_play_state(Game500(), seed=2, tricks_left=3)
>>> pos = Position500.from_state(state)
>>> pos.n == len(state.active), sorted(pos.seats) == sorted(state.active)
(True, True)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable

import numpy as np

from ..actions import Play
from ..cards import JOKER, Card
from ..errors import CardkitError
from ..game import Action
from ..i18n import _
from . import Result, core500

if TYPE_CHECKING:
    from ..game500 import Contract, State500
    from . import Solution


def _contract_in_play(state: State500) -> Contract:
    """The contract of a hand in its play phase.

    Raises:
        CardkitError: the hand is not in its play phase (rules.md 500 §7).
    """
    if state.phase != "play" or state.trick is None or state.contract is None:
        raise CardkitError(_("the solver needs a hand in its play phase, not '{phase}' (rules.md 500 §7)")
                           .format(phase=state.phase))
    return state.contract


@dataclass(frozen=True)
class Result500(Result):
    """A Five Hundred contract's result with best play (:meth:`Solver500.result`): besides
    ``made``, ``score`` (the contractor's change) and ``summary``, ``tricks`` (the contracting
    side's tricks, the contractor's under misère; NaN unless solved exactly)."""

    tricks: float


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
    index: dict[tuple[int, Card], int]

    @property
    def to_act(self) -> int:
        """The kernel position of the seat to act."""
        return (self.leader + bin(self.table).count("1")) % len(self.seats)

    @property
    def n(self) -> int:
        """The number of seats in play."""
        return len(self.seats)

    def invariants(self) -> tuple[Hashable, ...]:
        """What a transposition-table entry depends on besides the position itself."""
        return (self.trump, self.jk, self.side, self.n, tuple(self.opts), self.esuit.tobytes(),
                self.strength.tobytes())

    @classmethod
    def from_state(cls, state: State500) -> Position500:
        """The position of a :class:`~cardkit.game500.State500` in its play phase.

        Raises:
            CardkitError: the hand is not in its play phase (rules.md 500 §7).
        """
        contract = _contract_in_play(state)
        contractor = state.contractor
        assert state.trick is not None and contractor is not None, "a hand in play has a trick and a contractor"
        pack = list(state.game.new_pack())
        if len(pack) > 63:
            raise CardkitError(f"the solver handles packs of up to 63 cards, not {len(pack)}")
        copies: dict[Card, list[int]] = {}
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
                assert suit is not None, "only the free joker has no suit (rules.md 500 §8)"
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
        used: dict[Card, int] = {}

        def take(card: Card) -> int:
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
            assert trick.led_suit is not None, "a trick with a card played has a led suit"
            led = trick.led_suit.value
            for seat, card in trick.plays:
                pw = state.power(card, trick.led_suit)
                if wpos < 0 or pw > wpow:
                    wpow, wpos = pw, pos[seat]
        hands = []
        index: dict[tuple[int, Card], int] = {}
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
        misere = contract.is_misere
        counted = (contractor,) if misere else state.contracting_seats()
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
        banked = state.tricks_won[contractor] if misere else state.contract_tricks()
        target = 0 if misere else contract.tricks
        return cls(seats, tuple(hands), pos[trick.leader], table, led, wpow, wpos, ls, vo, pl, side, trump, jk,
                   opts, esuit, strength, twin, suitmask, suitorder, suitlen, banked, misere, target, index)

    def representative(self, move: int) -> int:
        """The highest card of the unbroken run ``move`` belongs to in the hand of the seat to act
        (no card left between them in another hand or on the table): playing any card of the run
        leaves the same position up to equivalent cards, so all have the value of the run's highest
        card, the one the search tries. A joker lead naming a suit, and the six-hand pack's
        identical cards, stand for themselves.

        >>> from cardkit.game500 import Game500
        >>> from cardkit.solver.positions import random_play_state
        >>> pos = Position500.from_state(random_play_state(Game500(), seed=3))
        >>> hand = pos.hands[pos.to_act]
        >>> all(hand >> pos.representative(m) & 1 for m in range(63) if hand >> m & 1)
        True
        """
        if move >= 64 or self.twin[move] >= 0 or self.esuit[move] == 4:
            return move
        s = int(self.esuit[move])
        hand = self.hands[self.to_act]
        present = self.table
        for m in self.hands:
            present |= m
        order = [int(c) for c in self.suitorder[s, :self.suitlen[s]]]
        rep = move
        for c in reversed(order[:order.index(move)]):
            if not present >> c & 1:
                continue
            if not hand >> c & 1 or self.twin[c] >= 0:
                break
            rep = c
        return rep

    def move_of(self, seat: int, action: Action) -> int:
        """The kernel's move number of ``seat``'s ``action`` (a :class:`~cardkit.actions.Play`: the
        play phase has no other action)."""
        assert isinstance(action, Play), f"{action} is not a card played"
        if action.card is JOKER and self.jk >= 0 and action.names is not None:
            return self.jk + 64 * (action.names.value + 1)
        return self.index[(seat, action.card)]


class OverBudget(CardkitError):
    """A search passed its :class:`Budget`."""


@dataclass
class Budget:
    """A limit on the searches of one question: ``seconds`` of wall-clock time and/or ``nodes``
    searched (``None``: no limit of that kind). ``progress`` is called with the nodes searched so
    far after every slice of ``slice_nodes`` nodes (about a tenth of a second each)."""

    seconds: float | None = None
    nodes: int | None = None
    progress: Callable[[int], None] | None = None
    slice_nodes: int = 500_000
    started_at: float = 0.0
    started_nodes: int = 0

    def start(self, nodes: int) -> None:
        """Start the clock and the node count (``nodes``: the solver's counter now)."""
        self.started_at = time.monotonic()
        self.started_nodes = nodes

    def check(self, nodes: int) -> None:
        """Raise :class:`OverBudget` when the time or the nodes are spent."""
        if self.seconds is not None and time.monotonic() - self.started_at >= self.seconds:
            raise OverBudget(f"time budget of {self.seconds:g} s spent")
        if self.nodes is not None and nodes - self.started_nodes >= self.nodes:
            raise OverBudget(f"node budget of {self.nodes:,} spent")


class Solver500:
    """Exact double-dummy trick counts of Five Hundred play positions (rules.md 500 §6–§9), for
    every table size and rule option of :class:`~cardkit.game500.Game500`.

    Args:
        log_tt: the transposition table holds ``2**log_tt`` entries (108 bytes each).
    """

    def __init__(self, log_tt: int = core500.LOG_TT) -> None:
        self.table = core500.new_table(log_tt)
        self._gens: dict[tuple[Hashable, ...], int] = {}
        self.mv = np.zeros((core500.MAXDEPTH, 80), np.int64)
        self.fr = np.zeros((core500.MAXDEPTH, core500.FIELDS), np.int64)
        self.kw = np.zeros((core500.MAXDEPTH, core500.WORDS), np.int64)
        self.killer = np.full(core500.MAXDEPTH, -1, np.int64)
        #: the move-ordering techniques in use (:data:`core500.HEUR_ALL`; the values never depend on them)
        self.heur = core500.HEUR_ALL
        self.stats = np.zeros(2, np.int64)
        self.h = np.zeros(6, np.int64)
        self.budget: Budget | None = None

    def _gen(self, pos: Position500) -> int:
        key = pos.invariants()
        if key not in self._gens:
            if len(self._gens) >= 1 << 20:
                self.table[0][:] = -1
                self.table[4][:] = -1
                self._gens.clear()
            self._gens[key] = len(self._gens) + 1
        return self._gens[key]

    def future(self, pos: Position500, move: int = -1, alpha: int = -core500.INF, beta: int = core500.INF) -> int:
        """The counted side's tricks from here with best play (``move``: forced first move).

        Raises:
            OverBudget: a :class:`Budget` is set (:meth:`set_budget`) and the search passed it.
        """
        self.h[:] = 0
        self.h[:pos.n] = pos.hands
        args = (self.h, pos.n, pos.leader, pos.table, pos.led, pos.wpow, pos.wpos, pos.ls, pos.vo, pos.pl,
                pos.side, pos.trump, pos.jk, pos.opts, pos.esuit, pos.strength, pos.twin, pos.suitmask,
                pos.suitorder, pos.suitlen, alpha, beta, move, *self.table, self._gen(pos), self.mv, self.fr,
                self.kw, self.killer, self.heur, self.stats)
        budget = self.budget
        if budget is None:
            self.stats[1] = 0
            return int(core500.search(*args))
        while True:
            # run in slices of nodes, looking at the clock between them; a search cut short is
            # started again and finds its finished parts in the table
            end = int(self.stats[0]) + budget.slice_nodes
            if budget.nodes is not None:
                end = min(end, budget.started_nodes + budget.nodes)
            self.stats[1] = end
            r = int(core500.search(*args))
            self.stats[1] = 0
            if budget.progress is not None:
                budget.progress(int(self.stats[0]) - budget.started_nodes)
            if r != core500.ABORTED:
                return r
            budget.check(int(self.stats[0]))

    def set_budget(self, budget: Budget | None) -> None:
        """Bound every later search by ``budget`` (``None``: no bound); the clock starts now."""
        if budget is not None:
            budget.start(int(self.stats[0]))
        self.budget = budget

    def exact(self, pos: Position500, move: int = -1, guess: int | None = None,
              box: list[int] | None = None) -> int:
        """:meth:`future` by null-window searches, each asking "at least k tricks?" (far cheaper
        than one full-window search): MTD(f) from ``guess``, else from the middle of the tricks
        left (each next question next to the bound the last one proved: the values lie near the
        middle more often than not, and this asks fewer far questions than bisection).
        ``box``: ``[low, high]`` bounds already known, narrowed in place as searches finish (so a
        search stopped by its budget leaves what was proved)."""
        lo, hi = 0, max(bin(h).count("1") for h in pos.hands) + (1 if pos.table else 0)
        if pos.misere:
            hi = min(hi, 1)
        if box is not None:
            lo, hi = max(lo, box[0]), min(hi, box[1])
        g = (lo + hi + 1) // 2 if guess is None else min(max(guess, lo), hi)
        while lo < hi:
            test = g + 1 if g == lo else g
            r = self.future(pos, move, test - 1, test)
            if r >= test:
                lo = r
            else:
                hi = r
            if box is not None:
                box[0], box[1] = lo, hi
            g = r
        return lo

    def value(self, pos: Position500) -> int:
        """The counted side's tricks in the whole hand with best play (misère: the contractor's,
        0 or 1, the hand stopping at the first)."""
        return pos.banked + self.exact(pos)

    def position_value(self, state: State500) -> int:
        """:meth:`value` of an engine state."""
        return self.value(Position500.from_state(state))

    def result(self, state: State500, exact: bool = False) -> Result500:
        """The contract's result with best play by everyone from the play position ``state``
        (unchanged), scored by the engine's own rule (:meth:`State500.score_if`: a sweep pays at
        least 250, a five-handed called partner's side half each; rules.md 500 §10, §13):
        ``made``, ``score`` (the contractor's change, as ``returns()`` gives it at the end of the
        best line), ``summary`` and ``tricks`` (``nan`` unless ``exact``: then one search by null
        windows per made/sweep question, not one per card)."""
        from ..game500 import TRICKS

        contract = _contract_in_play(state)
        if not exact:
            made, sweep = self.made_and_sweep(state, state.score_if(TRICKS).swept)
            # any count of tricks with the same made and sweep scores the same
            taken = (0 if made else 1) if contract.is_misere else (
                TRICKS if sweep else contract.tricks if made else contract.tricks - 1)
            return Result500(made=made, score=state.score_if(taken).change,
                             summary=f"{state.summary()} with best play: {'made' if made else 'failed'}",
                             tricks=math.nan)
        tricks = self.position_value(state)
        score = state.score_if(tricks)
        unit = "tricks to the contractor" if contract.is_misere else "tricks"
        return Result500(made=score.made, score=score.change,
                         summary=f"{state.summary()} with best play: {tricks} {unit}", tricks=tricks)

    def made_and_sweep(self, state: State500, ask_sweep: bool = True) -> tuple[bool, bool]:
        """``(made, sweep)`` of a play position with best play, by narrow searches only: whether the
        contracting side takes the tricks bid (misère: whether the contractor takes none), and, when
        ``ask_sweep`` and it is made, whether it takes all ten (rules.md 500 §9, §10)."""
        pos = Position500.from_state(state)
        if pos.misere:
            return self.future(pos, -1, 0, 1) < 1, False
        left = max(bin(h).count("1") for h in pos.hands) + (1 if pos.table else 0)

        def at_least(k: int) -> bool:  # the counted side takes at least k tricks in the hand
            need = k - pos.banked
            return need <= 0 or (need <= left and self.future(pos, -1, need - 1, need) >= need)

        made = at_least(pos.target)
        return made, bool(made and ask_sweep and at_least(10))

    def action_values(self, state: State500) -> list[tuple[Action, int]]:
        """Each legal action of the seat to act with the value after it (best play by all)."""
        return [(a, lo) for a, lo, _hi in self.action_ranges(state)[0]]

    def action_ranges(self, state: State500, budget: Budget | None = None) -> tuple[list[tuple[Action, int, int]], str]:
        """Each legal action with the lowest and highest value it can have after it (equal when
        solved), and ``""`` or why the answer stops short (the ``budget`` was spent).

        With a budget, whether each action makes the contract is settled first (one narrow search
        each), then the exact values; a search the budget stops leaves the bounds proved so far.
        """
        pos = Position500.from_state(state)
        seat = state.actor()
        acts = list(state.legal_actions())
        moves = [pos.move_of(seat, a) for a in acts]
        top = max(bin(h).count("1") for h in pos.hands) + (1 if pos.table else 0)
        # the cards of one run in the hand share one box (their values are equal)
        shared: dict[int, list[int]] = {}
        boxes = [shared.setdefault(pos.representative(m), [0, min(top, 1) if pos.misere else top]) for m in moves]
        need = 1 if pos.misere else pos.target - pos.banked  # future tricks that decide the contract
        note = ""
        self.set_budget(budget)
        try:
            if budget is not None:
                for m, box in zip(moves, boxes):
                    if box[0] < need <= box[1]:
                        r = self.future(pos, m, need - 1, need)
                        if r >= need:
                            box[0] = max(box[0], r)
                        else:
                            box[1] = min(box[1], r)
            # the position's value first (most of its work is in the table already when the value
            # was asked before): no action does better for the seat to act, so each action's
            # search starts at it and usually ends with one narrow search
            best = self.exact(pos)
            maxim = bool((pos.side >> pos.to_act) & 1) != pos.misere
            for m, box in zip(moves, boxes):
                if maxim:
                    box[1] = min(box[1], best)
                else:
                    box[0] = max(box[0], best)
                self.exact(pos, m, best, box)
        except OverBudget as e:
            note = str(e)
        finally:
            self.set_budget(None)
        return [(a, pos.banked + lo, pos.banked + hi) for a, (lo, hi) in zip(acts, boxes)], note

    def table_bytes(self) -> int:
        """The transposition table's size in bytes."""
        return sum(a.nbytes for a in self.table)

    def solve(self, state: State500, budget: Budget | None = None) -> Solution:
        """A :class:`~cardkit.solver.Solution` for a Five Hundred play position.

        ``budget``: a :class:`Budget` (time, nodes) for the whole answer; when it is spent the
        solution is not ``settled``: each action's ``value`` is then the lowest it can be, and
        ``ranges`` gives each action's proved ``(lowest, highest)``."""
        from . import ActionValue, Solution

        pos = Position500.from_state(state)
        triples, note = self.action_ranges(state, budget)
        values = [ActionValue(a, lo) for a, lo, _hi in triples]
        seat = state.actor()
        maxim = bool((pos.side >> pos.seats.index(seat)) & 1) != pos.misere
        pick = max if maxim else min
        best = pick(lo for _a, lo, _hi in triples)
        best_hi = pick(hi for _a, _lo, hi in triples)
        names = state.game.names
        counted = state.contracting_seats()
        if pos.misere:
            assert state.contractor is not None, "a misère is played by its contractor"
            counted = (state.contractor,)
        who = " ".join(names[s] for s in counted)
        if pos.misere:
            heading = _("Five Hundred: {seat} to play; {contract} by {who}; value: tricks {who} takes "
                        "(the hand stops at the first)").format(seat=names[seat], contract=state.contract, who=who)
            made = best == 0
        else:
            heading = _("Five Hundred: {seat} to play; {contract} by {who}; value: tricks {who} take in the hand "
                        "with best play").format(seat=names[seat], contract=state.contract, who=who)
            made = best >= pos.target
        sol = Solution("500", seat, maxim, values, best, "misere" if pos.misere else "tricks", pos.target,
                       made, tuple(counted), list(names), heading)
        if note:
            sol.settled = False
            sol.note = note
            sol.ranges = [(lo, hi) for _a, lo, hi in triples]
            sol.value_range = (best, best_hi)
            sol.made = (best_hi == 0) if pos.misere else best >= pos.target
            sol.known = sol.made or ((best >= 1) if pos.misere else best_hi < pos.target)
        return sol
