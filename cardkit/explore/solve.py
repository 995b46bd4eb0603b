"""The solver's part in estimates: a hand in its play phase, valued with best play by everyone.

The perfect-information solver (:mod:`cardkit.solver`) answers "is the contract made with best
play?" and "how many points / tricks with best play?". In both games a null-window search around the
contract (made or not) is used: far faster than the exact total or trick count, and all an
estimate of the chance to make needs (Five Hundred asks a second one, "all ten tricks?", where a
sweep would pay more). The score change then follows the game's scoring (rules.md 501 §6, §10;
rules.md 500 §10): a made contract scores its value, a failed one loses it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CardkitError
from ..game import Game, State

if TYPE_CHECKING:
    from ..solver import Result, Solver


def new_solver(game: Game) -> Solver[State]:
    """A solver for ``game``'s play positions, shared across the deals of one estimate (see
    :func:`cardkit.solver.new_solver`).

    Raises:
        CardkitError: the solver package (or its part for this game) is not available.
    """
    try:
        from ..solver import new_solver as make
    except ImportError as e:
        raise CardkitError(f"the solver is not available ({e}); use method='playout'") from None
    try:
        return make(game)
    except ImportError as e:
        raise CardkitError(f"no solver for {game.title} yet ({e}); use method='playout'") from None


def solved_result(state: State, seat: int, solver: Solver[State], exact: bool = False) -> Result:
    """The result row of :func:`cardkit.explore.estimate.estimate_bid` for the contracting ``seat``
    when everyone plays best from ``state`` (unchanged): the game's solver says how the contract
    fares and scores it by the game's own scoring rule (rules.md 501 §6, §10; 500 §10).

    Returns a :class:`~cardkit.solver.Result`: ``made``, ``score`` (the seat's score change),
    ``summary`` and ``points`` (501♠) or ``tricks`` (Five Hundred), NaN unless ``exact`` (else only
    made or not is searched, with narrow windows: far faster).

    Raises:
        CardkitError: ``state`` is not in its play phase.
    """
    if state.phase != "play":
        raise CardkitError(f"the solver needs a hand in its play phase, not {state.phase!r}")
    return solver.result(state, exact)
