"""What a learner gives and gets: answer buttons, the reading of typed answers, the feedback.

- :class:`Choice`: one answer button; :class:`AnswerError`: an answer that cannot be read.
- :func:`read_int`, :func:`read_card`: a typed number or card, or a friendly :class:`AnswerError`.
- :class:`Feedback` and :func:`feedback`: the verdict and its lines as the learner reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..cards import Card
from ..errors import CardkitError, InvalidCardError
from ..i18n import _
from .data import rules_items


class AnswerError(CardkitError):
    """A learner's answer that cannot be read (text in a number box, no card picked); its message
    is a friendly sentence in the learner's language, not a traceback."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after Check.

    Attributes:
        correct: whether the answer is right.
        message: why, in the exercise's language, built from the engine (may hold several lines).
        rules: the rule statement ids the exercise practises (``data/rule-statements.csv``).
        cited: the rules.md items the message cites, e.g. ``("rules.md 501 §8",)``; the message
            itself names them in plain words ("rule 8 of 501", "regla 8 del 501").
    """

    correct: bool
    message: str
    rules: tuple[str, ...] = ()
    cited: tuple[str, ...] = ()

    @property
    def teacher_note(self) -> str:
        """The rules.md items cited and the rule statement ids practised, for a teacher (a
        tooltip): ``"rules.md 501 §8 · 501-play-2"``; ``""`` when there are none."""
        return " · ".join([*self.cited, *self.rules])

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Choice:
    """One answer button: its ``label`` (what the learner reads) and its ``value``."""

    label: str
    value: Any


def count_of(value: Any) -> int:
    """A learner's typed number as the count that chooses a message's plural form ("1 card",
    "2 cards"); anything that is not a whole number counts as many."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 2


def read_int(text: Any) -> int:
    """A whole number from the learner: ``80``, ``"+200"``, ``"−32"`` (a typographic minus).

    Raises:
        AnswerError: not a whole number, or an empty box.
    """
    if isinstance(text, bool):
        raise AnswerError(_("type a whole number, such as 80 or −32"))
    if isinstance(text, int):
        return text
    t = str(text).strip().replace("−", "-").replace("–", "-").replace(" ", "")
    if t.startswith("+"):
        t = t[1:]
    if not t:
        raise AnswerError(_("the box is empty: type a whole number, such as 80 or −32"))
    try:
        return int(t)
    except ValueError:
        raise AnswerError(_("{text!r} is not a whole number: type digits, such as 80 or −32").format(
            text=str(text).strip())) from None


def read_card(text: Any) -> Card:
    """A card from the learner: a :class:`Card` or its code (``"10H"``, ``"Q♠"``).

    Raises:
        AnswerError: not a card.
    """
    if isinstance(text, Card):
        return text
    try:
        return Card.parse(str(text))
    except (InvalidCardError, ValueError):
        raise AnswerError(_("{text!r} is not a card: write its rank then its suit, such as 10H or Q♠").format(
            text=str(text))) from None


def sentence(line: str) -> str:
    """``line`` with its first letter a capital, as a sentence starts ("misère is worth 250" reads
    "Misère is worth 250"); a line starting with a card, a seat or a figure is left as it is."""
    return line[:1].upper() + line[1:] if line[:1].islower() else line


def verdict(correct: bool, text: str) -> tuple[bool, list[str]]:
    """A verdict's lines: ``"Right."`` before the engine's reason when ``correct``."""
    return correct, ([_("Right."), text] if correct else [text])


def feedback(correct: bool, lines: Sequence[str], rules: tuple[str, ...]) -> Feedback:
    """Feedback whose lines read as a learner reads them (:func:`cardkit.display.plain_rule`): the
    engine's ``[rules.md 501 §8]`` becomes "(rule 8 of 501)" in the language in use and quoted
    actions are in that language; a wrong answer whose lines cite no rule ends with the rules of
    the statements practised ("Read rule 10 of 501 again."). The rules.md items go to
    :attr:`Feedback.cited`, for a teacher's tooltip."""
    from ..display import plain_rule, rules_words

    text, items = plain_rule("\n".join(sentence(line) for line in lines))
    cited = items.split("; ") if items else []
    if not cited:
        cited = rules_items(rules)
        if cited:
            words = rules_words(cited)
            text += "\n" + (_("The rule: {rules}.") if correct else _("Read {rules} again.")).format(rules=words)
    return Feedback(correct, text, rules, tuple(cited))


__all__ = ["AnswerError", "Choice", "Feedback", "count_of", "feedback", "read_card", "read_int", "sentence",
           "verdict"]
