"""501♠ positions for the search kernel, and the answers read back as engine actions.

>>> from cardkit.game501 import Game501
>>> from cardkit.solver.positions import random_play_state
>>> state = random_play_state(Game501(), seed=1)
>>> pos = Position501.from_state(state)
>>> len(pos.hands), pos.to_act_seat == state.current_player()
(3, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..actions import Play
from ..cards import Card, Rank, Suit
from ..errors import CardkitError
from ..game import Action
from ..i18n import _
from . import Result, core501

if TYPE_CHECKING:
    from ..game501 import State501
    from . import Solution

#: 501 ranks low to high, as the kernel numbers them (rules.md 501 §3).
_RANKS = (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
_R = {r: i for i, r in enumerate(_RANKS)}
_SUITS = tuple(Suit)


def card_index(card: Card) -> int:
    """The kernel's number of a 501 card: ``suit * 6 + r``, ``r`` 0..5 for 9 J Q K 10 A."""
    assert card.suit is not None and card.rank is not None, "the 501 pack has no joker"
    return card.suit.value * 6 + _R[card.rank]


def index_card(i: int) -> Card:
    """The card of kernel number ``i`` (the inverse of :func:`card_index`)."""
    return Card(_SUITS[i // 6], _RANKS[i % 6])


@dataclass(frozen=True)
class Result501(Result):
    """A 501♠ contract's result with best play (:meth:`Solver501.result`): besides ``made``,
    ``score`` (the declarer's change) and ``summary``, ``points`` (the declarer's hand total, NaN
    unless solved exactly) and ``trump`` (``"NT"`` for no-trump)."""

    points: float
    trump: str


@dataclass
class Position501:
    """A 501 play-phase position in the kernel's terms (see :mod:`cardkit.solver.core501`).

    ``seats`` maps kernel positions 0..2 to table seats; ``banked`` is the declarer's total that
    is already certain (points and counted marriages, 0 while no trick is won).
    """

    seats: tuple[int, int, int]
    hands: tuple[int, int, int]
    leader: int
    c0: int
    c1: int
    trump: int
    decl: int
    dwon: int
    pend: int
    banked: int
    contract: int

    @property
    def to_act(self) -> int:
        """The kernel position to act."""
        n = 0 if self.c0 < 0 else 1 if self.c1 < 0 else 2
        return (self.leader + n) % 3

    @property
    def to_act_seat(self) -> int:
        """The table seat to act."""
        return self.seats[self.to_act]

    @classmethod
    def from_state(cls, state: State501) -> Position501:
        """The position of a :class:`~cardkit.game501.State501` in its play phase.

        Raises:
            CardkitError: the hand is not in its play phase (rules.md 501 §8).
        """
        if state.phase != "play" or state.trick is None:
            raise CardkitError(_("the solver needs a hand in its play phase, not '{phase}' (rules.md 501 §8)")
                               .format(phase=state.phase))
        s0, s1, s2 = state.active
        seats = (s0, s1, s2)
        pos = {s: i for i, s in enumerate(seats)}
        h0, h1, h2 = (sum(1 << card_index(c) for c in state.hands[s]) for s in seats)
        plays = state.trick.plays
        c0 = card_index(plays[0][1]) if len(plays) > 0 else -1
        c1 = card_index(plays[1][1]) if len(plays) > 1 else -1
        d = state.declarer
        assert d is not None and state.contract is not None, "a 501 hand in play has a declarer and a contract"
        won = state.tricks_won[d] > 0
        marr = sum(v for s, _s, v in state.marriages if s == d)
        banked = state.points[d] + marr if won else 0
        pend = 0 if won else marr
        return cls(seats, (h0, h1, h2), pos[state.trick.leader], c0, c1,
                   -1 if state.trump is None else state.trump.value, pos[d], int(won), pend, banked,
                   state.contract)


class Solver501:
    """Exact double-dummy values of 501♠ play positions (rules.md 501 §8–§10).

    Args:
        log_tt: the transposition table holds ``2**log_tt`` entries (about 21 bytes each).

    The table is kept between calls: its entries stay exact for any later position (a key holds
    the whole position and the trump/declarer pair), so following a line reuses earlier work.
    """

    def __init__(self, log_tt: int = core501.LOG_TT) -> None:
        self.table = core501.new_table(log_tt)
        self._gens: dict[tuple[int, int], int] = {}
        self.mv = np.zeros((core501.MAXDEPTH, 48), np.int64)
        self.fr = np.zeros((core501.MAXDEPTH, core501.FIELDS), np.int64)
        self.stats = np.zeros(2, np.int64)
        self.h = np.zeros(3, np.int64)
        self.killer = np.full(core501.MAXDEPTH, -1, np.int64)
        #: the move-ordering techniques in use (:data:`core501.HEUR_ALL`; the values never depend on them)
        self.heur = core501.HEUR_ALL

    def _gen(self, pos: Position501) -> int:
        key = (pos.trump, pos.decl)
        if key not in self._gens:
            self._gens[key] = len(self._gens) + 1
        return self._gens[key]

    def gain(self, pos: Position501, card: int = -1, declare: bool = True,
             alpha: int = -core501.INF, beta: int = core501.INF) -> int:
        """The declarer's future gain with best play (``card``: the first card is forced)."""
        self.h[:] = pos.hands
        return int(core501.search(self.h, pos.leader, pos.c0, pos.c1, pos.trump, pos.decl, pos.dwon,
                                  pos.pend, alpha, beta, card, 1 if declare else 0, *self.table,
                                  self._gen(pos), self.mv, self.fr, self.killer, self.heur, self.stats))

    def value(self, pos: Position501) -> int:
        """The declarer's hand total (card points + marriages that count) with best play."""
        return pos.banked + self.gain(pos)

    def action_values(self, state: State501) -> list[tuple[Action, int]]:
        """Each legal action of the seat to act, with the declarer's hand total after it with
        best play by all; in the engine's order of :meth:`legal_actions`."""
        pos = Position501.from_state(state)
        out: list[tuple[Action, int]] = []
        for a in state.legal_actions():
            assert isinstance(a, Play)
            out.append((a, pos.banked + self.gain(pos, card_index(a.card), a.marriage)))
        return out

    def solve(self, state: State501, budget: object = None) -> Solution:
        """A :class:`~cardkit.solver.Solution` for a 501 play position (see :func:`cardkit.solver.solve`).

        ``budget`` is accepted for the common interface and not needed: a whole 501 play phase (three
        hands of eight) is solved in well under a second (``benchmarks/bench_solver.py``)."""
        from . import ActionValue, Solution

        pos = Position501.from_state(state)
        values = [ActionValue(a, v) for a, v in self.action_values(state)]
        maxim = pos.to_act == pos.decl
        best = max(v.value for v in values) if maxim else min(v.value for v in values)
        d = pos.seats[pos.decl]
        names = state.game.names
        trump = str(state.trump) if state.trump else _("no-trump")
        heading = _("501♠: {who} to play; declarer {decl}, contract {contract} {trump}; "
                    "value: {decl}'s hand total with best play").format(
            who=names[pos.to_act_seat], decl=names[d], contract=state.contract, trump=trump)
        return Solution("501", pos.to_act_seat, maxim, values, best, "points", pos.contract,
                        best >= pos.contract, (d,), list(names), heading)

    def position_value(self, state: State501) -> int:
        """The declarer's hand total with best play from ``state`` (one search, no table)."""
        return self.value(Position501.from_state(state))

    def result(self, state: State501, exact: bool = False) -> Result501:
        """The contract's result with best play by everyone from the play position ``state``
        (unchanged), scored by the game's own rule (:func:`cardkit.game501.declarer_change`,
        rules.md 501 §6, §10): ``made``, ``score`` (the declarer's change), ``summary``,
        ``points`` (the declarer's hand total when ``exact``, else NaN: a null-window search
        around the contract says only made or not, far faster) and ``trump``."""
        from ..game501 import contract_made, declarer_change

        pos = Position501.from_state(state)
        if exact:
            total = self.value(pos)
            made, points = contract_made(total, pos.contract), float(total)
        else:
            need = pos.contract - pos.banked
            made, points = self.gain(pos, alpha=need - 1, beta=need) >= need, math.nan
        return Result501(made=made, score=declarer_change(pos.contract, state.declarer_blind, made),
                         summary=f"{state.summary()} with best play: {'made' if made else 'failed'}",
                         points=points, trump=str(state.trump) if state.trump else "NT")

    def table_bytes(self) -> int:
        """The transposition table's size in bytes."""
        return sum(a.nbytes for a in self.table)
