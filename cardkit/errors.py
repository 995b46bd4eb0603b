"""The kit's errors, split by cause as python-chess does; all are ``ValueError`` subclasses.

- :class:`InvalidActionError`: the text of an action or card cannot be read at all.
- :class:`IllegalActionError`: a well-formed action that the rules forbid here; it names the rule.
- :class:`RecordError`: a hand record that is malformed; it lists every problem with its place.
- :class:`UnknownOptionError`: a rule option or value the game does not know; it lists the valid ones.
"""

from __future__ import annotations

from typing import Any

from .i18n import _, action_phrase

#: The longest input quoted whole in an error message; longer input is cut, with its length given.
QUOTE_LIMIT = 40


def quoted(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters with the length said, so
    that a huge input is never echoed whole.

    >>> quoted("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (102 characters)"
    """
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit - 1]}… ({len(text)} characters)"


class CardkitError(ValueError):
    """Base class of every error the kit raises on bad input."""


class InvalidCardError(CardkitError):
    """A card's text cannot be parsed (e.g. ``"1X"``)."""


class InvalidActionError(CardkitError):
    """An action's text cannot be parsed, or it is not an action of this game."""


class IllegalActionError(CardkitError):
    """A well-formed action the rules forbid in this position.

    Attributes:
        rule: the rules.md item at fault, e.g. ``"rules.md 501 §8"``.
        seat: the seat that tried the action, or ``None``.
        action: the action as text (as records write it).
        reason: why the rule forbids it, without who tried what (``message`` when not given).
        rule_name: the name of the broken rule in the game's rule table (``"follow-suit"``;
            :class:`cardkit.rulebook.Rule`), or ``None``.
        clause: the broken rule's own clause, without the cards that keep it (``"must follow ♠"``;
            :attr:`cardkit.rulebook.Rule.clause`), ``reason`` when the rule declares none.

    The state the action was tried on is left unchanged.
    """

    def __init__(self, message: str, *, rule: str, seat: int | None = None, action: str = "",
                 reason: str | None = None, rule_name: str | None = None, clause: str | None = None) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.seat = seat
        self.action = action
        self.reason = message if reason is None else reason
        self.rule_name = rule_name
        self.clause = self.reason if clause is None else clause


def refusal_head(name: str, action: Any) -> str:
    """The start of a refusal, in the language in use: ``"C cannot play 10♦: "`` (Spanish ``"C no
    puede jugar 10♦: "``), the action in the reader's words (:func:`cardkit.i18n.action_phrase`),
    never its record text in quotes. :func:`refused` puts the rule's reason after it.

    >>> refusal_head("C", "play 10♦")
    'C cannot play 10♦: '
    """
    return _("{name} cannot {action}: {why}").format(name=name, action=action_phrase(action), why="")


def refused(name: str, action: Any, why: str, *, rule: str, seat: int | None,
            rule_name: str | None = None, clause: str | None = None) -> IllegalActionError:
    """The error for ``action`` by the seat called ``name``, refused by the rule ``rule``
    (e.g. ``"rules.md 501 §8"``) because ``why``: one sentence, ``"C cannot play 10♦: must
    follow ♥: C holds J♥ 10♥ [rules.md 500 §7]"``. Every engine builds its refusals here.

    Returns:
        the :class:`IllegalActionError` (``reason`` is ``why``, ``action`` the record text, ``clause``
        the rule's clause when it declares one).
    """
    return IllegalActionError(refusal_head(name, action) + why, rule=rule, seat=seat, action=str(action),
                              reason=why, rule_name=rule_name, clause=clause)


class UnknownOptionError(CardkitError):
    """A rule option, option value or game name that is not known; the message lists the valid ones."""


class RecordError(CardkitError):
    """A record file that cannot be loaded.

    Attributes:
        problems: the first :attr:`SHOWN` ``(place, message)`` found, place as ``"hands[0].actions[7]"``.
        count: how many problems were found in all (``len(problems)`` unless more than :attr:`SHOWN`).
    """

    #: At most this many problems are kept and shown; the message says how many more there were.
    SHOWN = 50

    def __init__(self, problems: list[tuple[str, str]], source: str = "record", count: int | None = None) -> None:
        self.count = max(len(problems), count or 0)
        self.problems = list(problems[:self.SHOWN])
        lines = [f"{place}: {message}" for place, message in self.problems]
        if self.count > len(self.problems):
            lines.append(_("... and {n} more problem(s) not shown").format(n=self.count - len(self.problems)))
        super().__init__(_("{source}: {n} problem(s)").format(source=source, n=self.count) + "\n" + "\n".join(lines))
