"""Plain exhaustive search through the engine's own :class:`~cardkit.game.State`: the reference
that the fast solver is checked against on small endings.

It knows no rule: it asks the state for ``legal_actions()``, plays each on a ``clone()`` with
``apply_action`` and scores the end from the finished state, so it follows the engine exactly. Its
cost grows with every card left; use it on endings of 3–4 tricks.

>>> from cardkit.game501 import Game501
>>> from cardkit.solver.positions import random_play_state
>>> state = random_play_state(Game501(), seed=3, tricks_left=2)
>>> 0 <= exhaustive_value_501(state) <= 220
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, TypeVar

from ..game import Action, State

if TYPE_CHECKING:
    from ..game500 import State500
    from ..game501 import State501

#: The state type a search runs over: the scoring and the maximiser read that game's own fields.
S = TypeVar("S", bound=State)


def minimax(state: S, score: Callable[[S], int], maximiser: Callable[[S, int], bool]) -> int:
    """The minimax value of ``state``: ``score`` of each finished hand; at each turn the seat to
    act maximises when ``maximiser(state, seat)`` and minimises otherwise."""
    if state.is_terminal():
        return score(state)
    seat = state.current_player()
    assert seat is not None
    values = [minimax(_child(state, a), score, maximiser) for a in state.legal_actions()]
    return max(values) if maximiser(state, seat) else min(values)


def action_values(state: S, score: Callable[[S], int],
                  maximiser: Callable[[S, int], bool]) -> list[tuple[Action, int]]:
    """Each legal action with :func:`minimax` of the state after it."""
    return [(a, minimax(_child(state, a), score, maximiser)) for a in state.legal_actions()]


def _child(state: S, action: Action) -> S:
    child = state.clone()
    assert isinstance(child, type(state))
    child.apply_action(action)
    return child


def declarer_total_501(state: State501) -> int:
    """The declarer's hand total of a finished 501 hand (rules.md 501 §10)."""
    assert state.declarer is not None, "a 501 play position has a declarer"
    return state.hand_totals()[state.declarer]


def is_declarer_501(state: State501, seat: int) -> bool:
    """The declarer maximises; the defenders minimise (rules.md 501 §10)."""
    return seat == state.declarer


def exhaustive_value_501(state: State501) -> int:
    """The declarer's best hand total in a 501 play position, by plain exhaustive search."""
    return minimax(state, declarer_total_501, is_declarer_501)


def exhaustive_actions_501(state: State501) -> list[tuple[Action, int]]:
    """Each legal action's value (the declarer's total with best play after it), exhaustively."""
    return action_values(state, declarer_total_501, is_declarer_501)


def counted_tricks_500(state: State500) -> int:
    """Five Hundred: the contracting side's tricks; misère: the contractor's (rules.md 500 §9, §10)."""
    if state.misere():
        assert state.contractor is not None, "a misère is played by its contractor"
        return state.tricks_won[state.contractor]
    return state.contract_tricks()


def is_maximiser_500(state: State500, seat: int) -> bool:
    """The contracting side maximises its tricks; in misère the defenders maximise the contractor's."""
    if state.misere():
        return seat != state.contractor
    return seat in state.contracting_seats()


def exhaustive_value_500(state: State500) -> int:
    """:func:`counted_tricks_500` with best play, by plain exhaustive search."""
    return minimax(state, counted_tricks_500, is_maximiser_500)


def exhaustive_actions_500(state: State500) -> list[tuple[Action, int]]:
    """Each legal action's value (counted tricks with best play after it), exhaustively."""
    return action_values(state, counted_tricks_500, is_maximiser_500)
