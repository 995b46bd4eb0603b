"""The solver's part in estimates: a hand in its play phase, finished with best play by everyone.

The perfect-information solver (:mod:`cardkit.solver`) gives each legal action's value with best
play; following the best action at every turn to the end of the hand and reading the engine's
``returns()`` keeps the scoring rules in one place (rules.md 501 §10, 500 §10).
"""

from __future__ import annotations

from typing import Any

from ..errors import CardkitError
from ..game import Game, State


def new_solver(game: Game) -> Any:
    """A solver for ``game``'s play positions, shared across the deals of one estimate.

    Raises:
        CardkitError: the solver package (or its part for this game) is not available.
    """
    try:
        from ..solver import solver_for
    except ImportError as e:
        raise CardkitError(f"the solver is not available ({e}); use method='playout'") from None

    class _Probe:
        pass

    probe = _Probe()
    probe.game = game  # type: ignore[attr-defined]
    try:
        return solver_for(probe)  # type: ignore[arg-type]
    except ImportError as e:
        raise CardkitError(f"no solver for {game.title} yet ({e}); use method='playout'") from None


def finish_with_best_play(state: State, solver: Any) -> State:
    """Play ``state`` (in its play phase) to the end in place, every seat choosing a best action."""
    while not state.is_terminal():
        sol = solver.solve(state)
        state.apply_action(sol.best()[0].action)
    return state


def solved_result(state: State, seat: int, solver: Any) -> dict[str, Any]:
    """The result row of :func:`cardkit.explore.estimate.estimate_bid` for ``seat`` after best play.

    Raises:
        CardkitError: ``state`` is not in its play phase.
    """
    if state.phase != "play":
        raise CardkitError(f"the solver needs a hand in its play phase, not {state.phase!r}")
    from .estimate import _result_row

    finish_with_best_play(state, solver)
    return _result_row(state, seat)
