"""Actions common to both games: :class:`Pass` and :class:`Play`.

Each game adds its own (501: look, bid, abandon, declare, give; Five Hundred: its bids, bury,
nominate, …). Every action prints as text that its game's ``parse_action`` reads back.

>>> str(Play(Card.parse("KS"), marriage=True))
'play K♠ marriage'
>>> str(Play(Card.parse("JK"), names=Suit.HEARTS))
'play Jo naming ♥'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import JOKER, Card, Suit
from .errors import InvalidActionError
from .game import Action
from .i18n import pgettext


def card_words(card: Card) -> str:
    """A card as an action's words name it: its symbol (``K♠``), the joker in words (``"the
    joker"``, ``"el comodín"``, rules.md 500 §2)."""
    return pgettext("action", "the joker") if card == JOKER else str(card)


def need_card(kind: str, card: object) -> None:
    """Raise :class:`InvalidActionError` unless ``card`` is a :class:`Card` (checks of action fields)."""
    if not isinstance(card, Card):
        raise InvalidActionError(f"{kind}: {card!r} is not a card")


@dataclass(frozen=True, repr=False)
class Pass(Action):
    """A pass in the auction; final in both games (rules.md 501 §5, 500 §4)."""

    verb = "pass"

    def __str__(self) -> str:
        return "pass"

    def verb_words(self) -> str:
        """``"pass"`` in the language in use (``"pasa"``)."""
        return pgettext("action", "pass")

    def verb_phrase(self) -> str:
        """``"pass"`` after "cannot" (``"pasar"``)."""
        return pgettext("verb", "pass")

    @staticmethod
    def parse(text: str) -> Pass:
        """Read ``"pass"``; raises :class:`InvalidActionError` otherwise."""
        a = parse_common(str(text).strip().lower().split(), str(text))
        if not isinstance(a, Pass):
            raise InvalidActionError(f"cannot read action {text!r}: expected 'pass'")
        return a


PASS = Pass()


@dataclass(frozen=True, repr=False)
class CardAction(Action):
    """An action with one ``card``, written ``"VERB CARD"`` (``give Q♦``, ``bury 5♣``, ``call A♥``).
    A subclass declares its ``verb``, its ``form`` and its verb's words.

    Raises:
        InvalidActionError: ``card`` is not a card.
    """

    card: Card

    def __post_init__(self) -> None:
        need_card(self.verb, self.card)

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"

    def object_words(self) -> str:
        """The card, as people read it: ``"Q♦"``, ``"the joker"``."""
        return card_words(self.card)


@dataclass(frozen=True, repr=False)
class Play(Action):
    """Play ``card`` to the trick.

    ``marriage``: 501, the leader shows K+Q of the card's suit and declares the marriage
    (rules.md 501 §9). ``names``: Five Hundred, a led joker names the suit others must follow
    (rules.md 500 §8).
    """

    card: Card
    marriage: bool = False
    names: Suit | None = None

    verb = "play"
    form = "cards"

    def __post_init__(self) -> None:
        need_card("play", self.card)
        if not isinstance(self.marriage, bool):
            raise InvalidActionError(f"play: marriage must be True or False, not {self.marriage!r}")
        if self.names is not None and not isinstance(self.names, Suit):
            raise InvalidActionError(f"play: {self.names!r} is not a suit")

    @staticmethod
    def parse(text: str) -> Play:
        """Read ``"play KS"``, ``"play KS marriage"`` or ``"play JK naming H"``."""
        a = parse_common(str(text).strip().lower().split(), str(text))
        if not isinstance(a, Play):
            raise InvalidActionError(f"cannot read action {text!r}: expected 'play CARD'")
        return a

    @property
    def special(self) -> bool:
        """A marriage declared or a suit named with the card (offered apart from the card's click)."""
        return self.marriage or self.names is not None

    def with_card(self, card: Card) -> Play:
        """The plain play of ``card``."""
        return Play(card)

    def verb_words(self) -> str:
        """``"play"`` in the language in use (``"juega"``)."""
        return pgettext("action", "play")

    def verb_phrase(self) -> str:
        """``"play"`` after "cannot" (``"jugar"``)."""
        return pgettext("verb", "play")

    def detail_words(self) -> str:
        """``"marriage"``, ``"naming ♥"`` in the language in use, or ``""`` for a plain play."""
        if self.marriage:
            return pgettext("action", "marriage")
        if self.names is not None:
            return f"{pgettext('action', 'naming')} {self.names}"
        return ""

    def object_words(self) -> str:
        """``"K♠ marriage"``, ``"the joker naming ♥"`` in the language in use."""
        detail = self.detail_words()
        return card_words(self.card) + (f" {detail}" if detail else "")

    def __str__(self) -> str:
        text = f"play {self.card}"
        if self.marriage:
            text += " marriage"
        if self.names is not None:
            text += f" naming {self.names}"
        return text


def parse_common(words: list[str], original: str) -> Action | None:
    """``Pass`` or ``Play`` from lower-cased words, ``None`` if the words are neither.

    Raises:
        InvalidActionError: a ``play`` whose card or suffix cannot be read.
    """
    if words == ["pass"]:
        return PASS
    if words and words[0] == "play":
        try:
            card = Card.parse(words[1])
            if len(words) == 2:
                return Play(card)
            if words[2:] == ["marriage"]:
                return Play(card, marriage=True)
            if len(words) == 4 and words[2] == "naming":
                return Play(card, names=Suit.parse(words[3]))
        except (IndexError, ValueError) as e:
            raise InvalidActionError(f"cannot read action {original!r}: {e}") from None
        raise InvalidActionError(
            f"cannot read action {original!r}: expected 'play CARD', 'play CARD marriage' or 'play JK naming SUIT'")
    return None
