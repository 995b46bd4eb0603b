"""What every question does, and the shapes of answers: the classes each kind of question builds on.

A question (:class:`Question`) belongs to one exercise and answers for its ``kind`` and ``ask``:
``answer()`` (the engine's answer now), ``choices()``, ``parse(given)`` (a learner's answer read
into the shape of ``answer()``), ``judge(value)`` (the verdict and its lines), ``hint()`` (what
the engine reads in the position), ``say(value)`` (an answer in words) and ``explanation()``.
Each shape of answer (``cards``, ``card``, ``seat``, ``choice``, ``number``, ``numbers``,
``playout``) is a class here that reads and says answers of that shape; the kinds of question
(:mod:`cardkit.exercises.questions`) build on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from ..cards import Card
from ..errors import CardkitError
from ..i18n import _
from . import explain as ex
from .answers import AnswerError, Choice, feedback, read_card, read_int
from .refusals import sorted_cards

if TYPE_CHECKING:
    from .core import Exercise

#: What :meth:`ChoiceQuestion.read_word` returns for a word it does not know.
NOT_READ: Any = object()


class Question:
    """One exercise's question; a subclass per ``(kind, ask)``, listed in
    :data:`cardkit.exercises.questions.QUESTIONS`.

    Class attributes:
        kind, ask: the file's ``kind`` and ``ask``.
        answer_type: the shape of the answer, which decides how a widget asks for it.
        title: the heading a widget shows (a message id, translated where shown).
        shows: the parts of the position a widget shows above the question, in order:
            ``contract``, ``calls``, ``last-trick``, ``score``, ``current-trick``, ``hand``
            (the seat to play's), ``hands`` (every hand); none for a question on the deal.
    """

    kind: ClassVar[str] = ""
    ask: ClassVar[str] = ""
    answer_type: ClassVar[str] = ""
    title: ClassVar[str] = ""
    shows: ClassVar[tuple[str, ...]] = ()

    def __init__(self, exercise: Exercise) -> None:
        self.exercise = exercise

    def answer(self) -> Any:
        """The right answer, computed by the engine now (:meth:`Exercise.answer`).

        Raises:
            ExerciseError: the question does not fit the position (its place in the file).
        """
        raise NotImplementedError

    def verify(self) -> None:
        """Check that the engine can answer (:meth:`Exercise.verify`).

        Raises:
            ExerciseError: with the place of the problem.
        """
        self.answer()
        self.choices()

    def choices(self) -> list[Choice] | None:
        """The answer buttons of a ``seat`` or ``choice`` question; ``None`` for the others."""
        return None

    def parse(self, given: Any) -> Any:
        """A learner's answer in the shape of :meth:`answer`.

        Raises:
            AnswerError: the answer cannot be read.
        """
        raise NotImplementedError

    def judge(self, value: Any) -> tuple[bool, list[str]]:
        """The verdict on ``value`` (parsed) and its lines: a right answer's give the engine's
        reason; a wrong answer's say what is wrong with it, never the right answer."""
        raise NotImplementedError

    def hint(self) -> str:
        """What the engine reads in the position, without giving the answer (``""``: nothing)."""
        return ""

    def say(self, value: Any) -> str:
        """An answer in words (``"A +200, B −32, C −20"``, ``"10♥ A♥"``, ``"B"``)."""
        return str(value)

    def shown(self, right: Any) -> Any:
        """The answer "Show answer" explains: the engine's answer (one card of those that win)."""
        return right

    def explanation(self) -> str:
        """The engine's answer and its reasons (:meth:`Exercise.explanation`)."""
        e = self.exercise
        right = self.answer()
        ok, lines = self.judge(self.shown(right))
        assert ok, f"{e.where}: the engine's own answer is judged wrong"
        head = _("The answer: {answer}").format(answer=self.say(right))
        return feedback(True, [head, *lines[1:]], e.rules).message


def _cards_text(question: Question, cards: Iterable[Card]) -> str:
    return ex.cards_text(sorted_cards(question.exercise.state(), cards))


def _pack_card(question: Question, given: Any) -> Card:
    """A card the learner gave (:func:`read_card`) that the exercise's pack holds (a 2♣ is in no
    four-handed Five Hundred pack, rules.md 500 §2).

    Raises:
        AnswerError: not a card, or not one of this pack.
    """
    card = read_card(given)
    game = question.exercise.game
    if card not in game.new_pack():
        raise AnswerError(_("there is no {card} in the {title} pack for {n} players").format(
            card=card, title=_(game.title), n=game.players))
    return card


class CardsQuestion(Question):
    """Pick every card that…: a frozenset of cards."""

    answer_type = "cards"

    def parse(self, given: Any) -> frozenset[Card]:
        if isinstance(given, str):
            given = given.split()
        if isinstance(given, Card):
            given = [given]
        cards = frozenset(_pack_card(self, x) for x in (given or []))
        if not cards:
            raise AnswerError(_("pick at least one card first"))
        return cards

    def say(self, value: Any) -> str:
        return _cards_text(self, value)


class CardQuestion(Question):
    """Pick one card: a card; the answer is the frozenset of the cards that are right."""

    answer_type = "card"

    def parse(self, given: Any) -> Card:
        if isinstance(given, (list, tuple, set, frozenset)):
            items = list(given)
            if len(items) != 1:
                raise AnswerError(_("pick exactly one card"))
            given = items[0]
        if given is None or given == "":
            raise AnswerError(_("pick a card first"))
        return _pack_card(self, given)

    def say(self, value: Any) -> str:
        return _cards_text(self, value if isinstance(value, (set, frozenset)) else [value])

    def shown(self, right: Any) -> Any:
        return sorted_cards(self.exercise.state(), right)[0]


class SeatQuestion(Question):
    """Pick a seat: a seat number; the buttons are the seats of the last trick."""

    answer_type = "seat"

    def choices(self) -> list[Choice]:
        g = self.exercise.game
        tricks = self.exercise.state().tricks
        seats = [s for s, _c in tricks[-1].plays] if tricks else list(range(g.players))
        return [Choice(g.names[s], s) for s in sorted(seats)]

    def parse(self, given: Any) -> int:
        g = self.exercise.game
        if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < g.players:
            return given
        name = str(given or "").strip()
        for s, n in enumerate(g.names):
            if n.lower() == name.lower():
                return s
        raise AnswerError(_("pick a seat: one of {names}").format(names=", ".join(g.names)))

    def say(self, value: Any) -> str:
        return str(self.exercise.game.names[value])


class ChoiceQuestion(Question):
    """Pick one of :meth:`choices`: the choice's value, given as the value, its label or a word
    :meth:`read_word` knows."""

    answer_type = "choice"

    def choices(self) -> list[Choice]:
        raise NotImplementedError

    def read_word(self, text: str, given: Any, options: list[Choice]) -> Any:
        """The value ``text`` (the answer ``given``, stripped, in lower case) names: a choice's
        label or value, else :data:`NOT_READ`."""
        for c in options:
            if text in (c.label.lower(), str(c.value).lower()):
                return c.value
        return NOT_READ

    def parse(self, given: Any) -> Any:
        options = self.choices()
        if given is None or given == "":
            raise AnswerError(_("pick one of the answers first"))
        for c in options:
            if given is c.value or (not isinstance(given, bool) and given == c.value):
                return c.value
        value = self.read_word(str(given).strip().lower(), given, options)
        if value is NOT_READ:
            raise AnswerError(_("pick one of: {choices}").format(choices=", ".join(c.label for c in options)))
        return value

    def say(self, value: Any) -> str:
        for c in self.choices():
            if c.value == value and not (isinstance(value, bool) != isinstance(c.value, bool)):
                return c.label
        if isinstance(value, int) and not isinstance(value, bool):
            return ex.place_name(self.exercise.game, value)
        return ex.bid_words(self.exercise.game.parse_action(value))


class NumberQuestion(Question):
    """Type a whole number."""

    answer_type = "number"

    def parse(self, given: Any) -> int:
        if isinstance(given, (list, tuple)) and len(given) == 1:
            given = given[0]
        return read_int(given)


class NumbersQuestion(Question):
    """Type a whole number for every seat: a list, one per seat (or ``{seat name: number}``)."""

    answer_type = "numbers"

    def parse(self, given: Any) -> list[int]:
        g = self.exercise.game
        if isinstance(given, dict):
            unknown = [k for k in given if k not in g.names]
            if unknown:
                raise AnswerError(_("pick a seat: one of {names}").format(names=", ".join(g.names)))
            given = [given.get(n, "") for n in g.names]
        if isinstance(given, str):
            given = given.replace(",", " ").split()
        if not isinstance(given, (list, tuple)) or len(given) != g.players:
            raise AnswerError(_("give one number per player: {names}").format(names=", ".join(g.names)))
        out = []
        for name, x in zip(g.names, given):
            try:
                out.append(read_int(x))
            except AnswerError as e:
                raise AnswerError(f"{name}: {e}") from None
        return out

    def say(self, value: Any) -> str:
        return ex.changes_text(self.exercise.game, value)


class PlayoutQuestion(Question):
    """Play a short ending: the learner's actions in order, as texts."""

    answer_type = "playout"

    def parse(self, given: Any) -> list[str]:
        if isinstance(given, str):
            given = [given]
        return [str(x) for x in given]

    def say(self, value: Any) -> str:
        return ", ".join(self._words(a) for a in value)

    def _words(self, text: str) -> str:
        """One of the learner's actions in the reader's words (as typed, when it is no action)."""
        try:
            return ex.action_words(self.exercise.game.parse_action(text))
        except CardkitError:
            return text


__all__ = ["CardQuestion", "CardsQuestion", "ChoiceQuestion", "NOT_READ", "NumberQuestion", "NumbersQuestion",
           "PlayoutQuestion", "Question", "SeatQuestion"]
