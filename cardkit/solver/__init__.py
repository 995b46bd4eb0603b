"""Exact perfect-information ("double-dummy") solving of the play phase, all cards known.

- 501♠ (rules.md 501 §8–§10): the declarer's best hand total (card points + marriages that will
  count) against two defenders who together minimise it; the contract is made with best play iff
  that total reaches it.
- Five Hundred (rules.md 500 §6–§9): the contracting side's most tricks against best defence; for
  misère, whether the contractor can avoid every trick.

:func:`solve` gives, for each legal action of the seat to act, the value with best play by everyone
afterwards (the table a player wants: "this card makes 9, that one 8"); :func:`best_line` follows
best play to the end of the hand. Both take an engine :class:`~cardkit.game.State` in its play
phase and leave it unchanged.

The search is alpha-beta on bitmask positions with a transposition table and move ordering, run
compiled by numba when it is installed (``pip install cardkit[solver]``) and as plain Python
otherwise (same answers, far slower). See :mod:`cardkit.solver.core501`.

>>> from cardkit.game501 import Game501
>>> from cardkit.solver.positions import random_play_state
>>> state = random_play_state(Game501(), seed=5, tricks_left=2)
>>> sol = solve(state)
>>> sol.value == max(v.value for v in sol.values) if sol.maximising else True
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..errors import CardkitError
from ..game import Action, Game, State
from ..i18n import _

if TYPE_CHECKING:
    from .solve500 import Budget

__all__ = ["ActionValue", "LineStep", "Result", "Solution", "Solver", "best_line", "new_solver", "solve",
           "solver_for"]

#: The state class a solver reads: its own game's.
S_contra = TypeVar("S_contra", bound=State, contravariant=True)


@dataclass(frozen=True)
class ActionValue:
    """One legal ``action`` and its ``value`` with best play by everyone after it."""

    action: Action
    value: int

    def __str__(self) -> str:
        return f"{self.action}: {self.value}"


@dataclass
class Solution:
    """The solved position.

    Attributes:
        game: ``"501"`` or ``"500"``.
        seat: the seat to act; ``maximising``: whether it wants the value high (the 501 declarer,
            the Five Hundred contracting side).
        values: every legal action with its value, in the engine's order.
        value: the position's value with best play (the best of ``values`` for ``seat``).
        unit: what a value counts: ``"points"`` (501: the declarer's hand total) or ``"tricks"``
            (Five Hundred: the contracting side's tricks in the hand; misère: the contractor's).
        target: the value the contracting side needs (501 contract; tricks bid; misère: 0 tricks).
        made: whether the contract is made with best play.
        side: the seats of the contracting side.
    """

    game: str
    seat: int
    maximising: bool
    values: list[ActionValue]
    value: int
    unit: str
    target: int
    made: bool
    side: tuple[int, ...]
    names: list[str] = field(default_factory=list)
    heading: str = ""
    #: False when a budget stopped the search first: then ``value`` and each action's value are the
    #: lowest proved, ``ranges`` each action's proved (lowest, highest), ``value_range`` the
    #: position's, ``known`` whether ``made`` is proved all the same, ``note`` which budget was spent
    settled: bool = True
    ranges: list[tuple[int, int]] = field(default_factory=list)
    value_range: tuple[int, int] = (0, 0)
    known: bool = True
    note: str = ""

    def best(self) -> list[ActionValue]:
        """The actions that reach :attr:`value`."""
        return [v for v in self.values if v.value == self.value]

    def rows(self) -> list[dict[str, Any]]:
        """One dict per action (``action``, ``value``, ``best``), ready for ``pandas.DataFrame``."""
        return [{"action": str(v.action), "value": v.value, "best": v.value == self.value} for v in self.values]

    def lines(self) -> list[str]:
        """The table as text lines: a heading, one line per action with ``← best`` marks, a verdict."""
        width = max([len(str(v.action)) for v in self.values] + [6])
        out = [self.heading, f"  {_('action'):<{width}}  {_('value'):>5}"]
        for v in self.values:
            mark = "  ← " + _("best") if v.value == self.value else ""
            out.append(f"  {str(v.action):<{width}}  {v.value:>5}{mark}")
        out.append(self.verdict())
        return out

    def verdict(self) -> str:
        """One sentence: the value with best play and whether the contract is made."""
        if self.unit == "points":
            who = self.names[self.side[0]] if self.names else f"seat {self.side[0]}"
            key = ("{who} makes {target} with best play ({value})" if self.made
                   else "{who} fails {target} with best play ({value})")
            return _(key).format(who=who, target=self.target, value=self.value)
        if self.unit == "misere":
            return _("the contractor avoids every trick with best play") if self.made else \
                _("the contractor cannot avoid taking a trick")
        key = ("the contracting side makes {value} tricks with best play, contract made" if self.made
               else "the contracting side makes {value} tricks with best play, contract failed")
        return _(key).format(value=self.value)

    def __str__(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True)
class LineStep:
    """One action of a best line: the ``seat``, the ``action`` and the position's ``value`` then."""

    seat: int
    action: Action
    value: int


@dataclass(frozen=True)
class Result:
    """A contract's result with best play by everyone from a play position, scored by the game's
    own rule: whether it is ``made``, ``score`` (the contracting seat's change, as ``returns()``
    gives it at the end of the best line) and a ``summary`` line. Each game's solver adds its own
    figures (:class:`~cardkit.solver.solve501.Result501`,
    :class:`~cardkit.solver.solve500.Result500`)."""

    made: bool
    score: int
    summary: str

    def row(self) -> dict[str, object]:
        """Every field by name, in order: a row of an estimate's table."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


class Solver(Protocol[S_contra]):
    """What every game's solver offers (:class:`~cardkit.solver.solve501.Solver501`,
    :class:`~cardkit.solver.solve500.Solver500`), for play positions of its own game's state class
    ``S_contra``."""

    def solve(self, state: S_contra, budget: Budget | None = None) -> Solution:
        """Every legal action's value with best play (see :func:`solve`)."""
        ...

    def action_values(self, state: S_contra) -> list[tuple[Action, int]]:
        """Each legal action with its value after it, in the engine's order."""
        ...

    def position_value(self, state: S_contra) -> int:
        """The position's value with best play."""
        ...

    def result(self, state: S_contra, exact: bool = False) -> Result:
        """The contract's result with best play, scored by the game's own rule."""
        ...


_SOLVERS: dict[type[Game], Solver[State]] = {}


def new_solver(game: Game) -> Solver[State]:
    """A new solver object for ``game``'s play positions: the class the registry pairs with the
    game (:func:`cardkit.registry.solver_class`: a :class:`~cardkit.solver.solve501.Solver501` or
    :class:`~cardkit.solver.solve500.Solver500`), with an empty transposition table.

    Raises:
        CardkitError: the game declares no solver, or numpy is not installed
            (``pip install 'cardkit[solver]'``).
    """
    try:
        import numpy  # noqa: F401
    except ImportError:  # pragma: no cover - numpy comes with the solver extra
        raise CardkitError(_("the solver needs numpy (and numba for speed): pip install 'cardkit[solver]'")) from None
    from ..registry import solver_class

    return solver_class(game)()


def solver_for(state: State) -> Solver[State]:
    """The shared solver object for ``state``'s game (its transposition table is kept), built by
    :func:`new_solver` once per game.

    Raises:
        CardkitError: the game declares no solver, or numpy is not installed.
    """
    kind = type(state.game)
    if kind not in _SOLVERS:
        _SOLVERS[kind] = new_solver(state.game)
    return _SOLVERS[kind]


def solve(state: State, solver: Solver[State] | None = None, budget: Budget | None = None) -> Solution:
    """Solve the play position ``state`` (unchanged): every legal action's value with best play.

    Args:
        state: a 501 or Five Hundred hand in its play phase, any trick, any seat to act.
        solver: a solver object to use (default: one shared per game, see :func:`solver_for`).
        budget: a :class:`~cardkit.solver.solve500.Budget` (seconds, nodes); when it is spent the solution says so (``settled`` false) and
            gives each action's proved bounds. ``None``: no limit.

    Returns:
        a :class:`Solution`.

    Raises:
        CardkitError: the hand is not in its play phase.
    """
    solver = solver or solver_for(state)
    if budget is not None:
        return solver.solve(state, budget=budget)
    return solver.solve(state)


def best_line(state: State, solver: Solver[State] | None = None) -> list[LineStep]:
    """Best play from ``state`` (unchanged) to the end of the hand: each seat plays the first
    action (in the engine's order) that keeps the best value for it.

    Returns:
        the steps; every step's ``value`` is the value of the position before it, so with exact
        solving all the values are equal.
    """
    solver = solver or solver_for(state)
    line = []
    st = state.clone()
    while not st.is_terminal():
        sol = solver.solve(st)
        act = sol.best()[0].action
        line.append(LineStep(st.actor(), act, sol.value))
        st.apply_action(act)
    return line
