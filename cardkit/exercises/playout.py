"""A short ending played by the learner against the computer (a ``play-it-out`` question)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..actions import Play
from ..cards import Card
from ..errors import CardkitError
from ..game import Action, State
from ..i18n import _, language
from . import explain as ex
from .answers import AnswerError, Feedback, feedback, read_card
from .refusals import play_of, refusal

if TYPE_CHECKING:
    from .core import Exercise


class PlayOut:
    """A short ending played by the learner against the computer.

    The learner plays every seat of the contracting side (the solver's ``side``); the computer
    plays the others with best play (the solver's first best action). The goal is to make the
    contract; the solver has checked it can be made (:meth:`Exercise.verify`).

    Attributes:
        state: the position now. ``illegal``: whether the last try was refused. ``mistake``:
        the learner's first action after which the contract could no longer be made, or ``None``.
    """

    def __init__(self, exercise: Exercise) -> None:
        from ..solver import solve

        self.exercise = exercise
        self.start = exercise.state()
        sol = solve(self.start)
        self.side: tuple[int, ...] = tuple(sol.side)
        self.reset()

    def reset(self) -> None:
        """Back to the start of the ending."""
        self.state = self.start.clone()
        self.played: list[tuple[int, Action]] = []
        self.mistake: Action | None = None
        self.illegal = False
        self._computer()

    def your_turn(self) -> bool:
        """Whether the learner is to play."""
        return not self.state.is_terminal() and self.state.current_player() in self.side

    def _computer(self) -> None:
        from ..solver import solve

        while not self.state.is_terminal() and self.state.current_player() not in self.side:
            seat = self.state.actor()
            act = solve(self.state).best()[0].action
            self.state.apply_action(act)
            self.played.append((seat, act))

    def play(self, action: Any) -> Feedback | None:
        """Play ``action`` (an action, its text, a card or a card code) for the learner's seat to
        play; then the computer's seats play until the learner's next turn.

        Returns:
            ``None`` while the hand goes on; the result's :class:`Feedback` when it ends; a
            ``correct=False`` feedback with the engine's rule message when the action is illegal
            (nothing changes then) or cannot be read.
        """
        from ..solver import solve

        ex_ = self.exercise
        with language(ex_.language):
            self.illegal = False
            if not self.your_turn():
                return self.result() if self.state.is_terminal() else None
            try:
                act = self._read(action)
            except (AnswerError, CardkitError) as e:
                self.illegal = True
                return feedback(False, [str(e)], ex_.rules)
            err = refusal(self.state, act)
            if err is not None:
                self.illegal = True
                return feedback(False, [str(err)], ex_.rules)
            seat = self.state.actor()
            if self.mistake is None:
                after = self.state.clone()
                after.apply_action(act)
                made = after.made() if after.is_terminal() else solve(after).made
                if not made:
                    self.mistake = act
            self.state.apply_action(act)
            self.played.append((seat, act))
            self._computer()
            if self.state.is_terminal():
                return self.result()
            return None

    def _read(self, given: Any) -> Action:
        """The play ``given`` names: a card (a :class:`Card` or its text, played as :func:`play_of`
        plays it) or a play of the game (a :class:`Play` or its text, ``"play K♠"``).

        Raises:
            AnswerError: neither (the card reader's message).
        """
        if isinstance(given, Card):
            return play_of(self.state, given)
        if isinstance(given, Play):
            return given
        text = str(given).strip()
        try:
            return play_of(self.state, read_card(text))
        except AnswerError as not_card:
            try:
                act = self.state.game.parse_action(text)
            except CardkitError:
                raise not_card from None
            if not isinstance(act, Play):
                raise not_card from None
            return act

    def result(self) -> Feedback:
        """Whether the goal was reached, with the hand's result, the learner's first losing card
        and the solver's best line from the start."""
        ex_ = self.exercise
        with language(ex_.language):
            made = bool(self.state.made())
            summary = self.state.summary()
            if made:
                return Feedback(True, _("Contract made: {summary}.").format(summary=summary), ex_.rules)
            lines = [_("Contract failed: {summary}.").format(summary=summary)]
            if self.mistake is not None:
                card = self.mistake.card
                lines.append(_("After {action} the contract could no longer be made against best defence.").format(
                    action=str(card) if card is not None else ex.action_words(self.mistake)))
            lines.append(_("Best play:"))
            lines.extend(ex_.best_line_text())
            return feedback(False, lines, ex_.rules)


def line_text(state: State, line: Sequence[Any]) -> list[str]:
    """A line of play from ``state`` (solver steps with ``seat`` and ``action``), one trick per
    line with its winner: ``"A K♠, B 9♠, C J♠ → A"``."""
    out: list[str] = []
    cur: list[str] = []
    st = state.clone()
    names = st.game.names
    for step in line:
        before = len(st.tricks)
        st.apply_action(step.action)
        card = step.action.card if step.action.card is not None else step.action
        cur.append(f"{names[step.seat]} {card}")
        if len(st.tricks) > before:
            won = st.tricks[-1].winner
            assert won is not None, "a completed trick has its winner"
            out.append(", ".join(cur) + " → " + names[won])
            cur = []
    if cur:
        out.append(", ".join(cur))
    return out


__all__ = ["PlayOut", "line_text"]
