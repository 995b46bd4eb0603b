"""The solver's part in estimates: a hand in its play phase, valued with best play by everyone.

The perfect-information solver (:mod:`cardkit.solver`) answers "is the contract made with best
play?" and "how many points / tricks with best play?". In both games a null-window search around the
contract (made or not) is used: far faster than the exact total or trick count, and all an
estimate of the chance to make needs (Five Hundred asks a second one, "all ten tricks?", where a
sweep would pay more). The score change then follows the game's scoring (rules.md 501 §6, §10;
rules.md 500 §10): a made contract scores its value, a failed one loses it.
"""

from __future__ import annotations

import math
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


def solved_made_501(state: State, solver: Any, exact: bool = False) -> tuple[bool, float]:
    """``(made, points)`` of a 501♠ play position with best play: whether the declarer's hand total
    reaches the contract (rules.md 501 §10), and the total itself when ``exact`` (else NaN)."""
    from ..solver.solve501 import Position501

    pos = Position501.from_state(state)
    need = state.contract - pos.banked  # type: ignore[attr-defined]
    if exact or not hasattr(solver, "gain"):
        total = solver.value(pos) if hasattr(solver, "value") else solver.solve(state).value
        return total >= state.contract, float(total)  # type: ignore[attr-defined]
    gain = solver.gain(pos, alpha=need - 1, beta=need)
    return gain >= need, math.nan


def solved_result(state: State, seat: int, solver: Any, exact: bool = False) -> dict[str, Any]:
    """The result row of :func:`cardkit.explore.estimate.estimate_bid` for the contracting ``seat``
    when everyone plays best from ``state`` (unchanged).

    Returns ``made``, ``score`` (the seat's score change), ``summary`` and ``points`` (501♠) or
    ``tricks`` (Five Hundred), NaN unless ``exact``.

    Raises:
        CardkitError: ``state`` is not in its play phase.
    """
    if state.phase != "play":
        raise CardkitError(f"the solver needs a hand in its play phase, not {state.phase!r}")
    if state.game.name == "501":
        made, points = solved_made_501(state, solver, exact)
        c = state.contract  # type: ignore[attr-defined]
        mult = 2 if state.declarer_blind else 1  # type: ignore[attr-defined]
        trump = str(state.trump) if state.trump else "NT"  # type: ignore[attr-defined]
        score = -c * mult if made else c * mult  # rules.md 501 §6, §10: scores count down
        return {"made": made, "score": score,
                "summary": f"{state.summary()} with best play: {'made' if made else 'failed'}",
                "points": points, "trump": trump}
    contract = state.contract  # type: ignore[attr-defined]
    value = contract.value
    if not exact and hasattr(solver, "future"):
        made, sweep = solved_made_500(state, solver, value < 250)
        if sweep:
            value = 250  # rules.md 500 §10: a sweep on a contract worth less pays 250
        return {"made": made, "score": value if made else -value,
                "summary": f"{state.summary()} with best play: {'made' if made else 'failed'}",
                "tricks": math.nan}
    if hasattr(solver, "position_value"):
        tricks = solver.position_value(state)  # one search by null windows, not one per legal card
    else:
        tricks = solver.solve(state).value
    made = tricks == 0 if contract.is_misere else tricks >= contract.tricks
    if made and not contract.is_misere and tricks == 10 and value < 250:
        value = 250  # rules.md 500 §10: a sweep on a contract worth less pays 250
    unit = "tricks to the contractor" if contract.is_misere else "tricks"
    return {"made": made, "score": value if made else -value,
            "summary": f"{state.summary()} with best play: {tricks} {unit}", "tricks": tricks}


def solved_made_500(state: State, solver: Any, ask_sweep: bool = True) -> tuple[bool, bool]:
    """``(made, sweep)`` of a Five Hundred play position with best play, by narrow searches only:
    whether the contracting side takes the tricks bid (misère: whether the contractor takes none),
    and, when ``ask_sweep`` and it is made, whether it takes all ten (rules.md 500 §9, §10)."""
    from ..solver.solve500 import Position500

    pos = Position500.from_state(state)
    if pos.misere:
        return solver.future(pos, -1, 0, 1) < 1, False
    left = max(bin(h).count("1") for h in pos.hands) + (1 if pos.table else 0)

    def at_least(k: int) -> bool:  # the counted side takes at least k tricks in the hand
        need = k - pos.banked
        return need <= 0 or (need <= left and solver.future(pos, -1, need - 1, need) >= need)

    made = at_least(pos.target)
    return made, bool(made and ask_sweep and at_least(10))
