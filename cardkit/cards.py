"""Suits, ranks, cards and packs, shared by both games.

A :class:`Card` is an immutable, interned value: ``Card.parse("QS") is Card.parse("Q♠")``.
Text forms accepted by :meth:`Card.parse`: rank then suit, ranks ``2``–``10`` (or ``T``), ``11``
``12`` ``13`` (the six-hand pack's extras), ``J Q K A``; suits ``S C D H`` or ``♠ ♣ ♦ ♥``; and
``JK`` (or ``joker``) for the joker.

>>> Card.parse("10H")
Card.parse('10H')
>>> str(Card.parse("th")), str(Card.parse("JK"))
('10♥', 'Jo')
>>> Card.parse("1X")
Traceback (most recent call last):
...
cardkit.errors.InvalidCardError: cannot read card '1X': ...
"""

from __future__ import annotations

import enum
from typing import Any, Iterable, Sequence

from .errors import InvalidCardError, quoted


class Suit(enum.Enum):
    """The four suits, in Five Hundred's ladder order ♠ < ♣ < ♦ < ♥ (rules.md 500 §4)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def letter(self) -> str:
        """``"S"``, ``"C"``, ``"D"`` or ``"H"``."""
        return "SCDH"[self.value]

    @property
    def symbol(self) -> str:
        """``"♠"``, ``"♣"``, ``"♦"`` or ``"♥"``."""
        return "♠♣♦♥"[self.value]

    @property
    def is_red(self) -> bool:
        """True for ♦ and ♥."""
        return self.value >= 2

    @property
    def partner(self) -> Suit:
        """The other suit of the same colour (♠↔♣, ♦↔♥): the left bower's printed suit."""
        return _SUITS[self.value ^ 1]

    def __str__(self) -> str:
        return "♠♣♦♥"[self._value_]  # the symbol (``_value_``: Enum's plain attribute behind ``value``)

    def __repr__(self) -> str:
        return f"Suit.parse({self.letter!r})"

    # A suit is one object (an enum member, compared by identity): hashed by identity, in C,
    # rather than by Enum's hash of its name in Python (suits fill the sets of every trick played).
    __hash__ = object.__hash__

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read ``S``/``♠``/``spades`` etc.; raises :class:`InvalidCardError` otherwise."""
        t = text.strip().upper()
        for s in _SUITS:
            if t in (s.letter, s.symbol, s.name, s.name[:-1]):
                return s
        raise InvalidCardError(f"cannot read suit {text!r}: use S C D H or ♠ ♣ ♦ ♥")


_SUITS = tuple(Suit)
SUITS: tuple[Suit, ...] = _SUITS


class Rank(enum.IntEnum):
    """Card ranks in the ordinary order, the six-hand pack's 11 12 13 between the 10 and the jack.

    Each game ranks cards its own way (501: A 10 K Q J 9); this order only names them.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    ELEVEN = 11
    TWELVE = 12
    THIRTEEN = 13
    JACK = 14
    QUEEN = 15
    KING = 16
    ACE = 17
    JOKER = 18

    @property
    def label(self) -> str:
        """``"2"``…``"10"``, ``"11"``…``"13"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, ``"Jo"``."""
        return _RANK_LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank label (``T`` means 10); raises :class:`InvalidCardError` otherwise."""
        t = text.strip().upper()
        r = _RANK_BY_TEXT.get(t)
        if r is None or r is Rank.JOKER:
            raise InvalidCardError(f"cannot read rank {text!r}: use 2-10, T, 11-13, J, Q, K, A")
        return r


_RANK_LABELS = {r: str(r.value) for r in Rank if r.value <= 13}
_RANK_LABELS.update({Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Jo"})
_RANK_BY_TEXT = {label.upper(): r for r, label in _RANK_LABELS.items()}
_RANK_BY_TEXT["T"] = Rank.TEN


class Card:
    """One playing card: a ``suit`` (``None`` for the joker) and a ``rank``.

    Cards are interned: there is one object per (suit, rank), so ``==`` is identity and cheap.
    ``str`` uses suit symbols (``"Q♠"``); ``repr`` pastes back (``Card.parse('QS')``); ``code`` is
    the plain-text form used in records (``"QS"``, ``"JK"``).
    """

    __slots__ = ("suit", "rank", "code", "_text", "__weakref__")
    _interned: dict[tuple[Suit | None, Rank], Card] = {}

    suit: Suit | None
    rank: Rank
    _text: str
    code: str

    def __new__(cls, suit: Suit | None, rank: Rank) -> Card:
        key = (suit, rank)
        card = cls._interned.get(key)
        if card is not None:
            return card
        if (suit is None) != (rank is Rank.JOKER):
            raise InvalidCardError("only the joker has no suit, and the joker has none")
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        code = "JK" if suit is None else rank.label + suit.letter
        object.__setattr__(card, "code", code)
        object.__setattr__(card, "_text", "Jo" if suit is None else rank.label + suit.symbol)
        cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit | None, Rank]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    # Cards are interned, so identity is equality and the default (C-level) hash is the fastest.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.suit is None

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card from text (see the module doc); a card is returned as it is. Raises
        :class:`InvalidCardError`."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str) or len(text) > 12:
            raise InvalidCardError(f"cannot read card {quoted(text)}: expected rank then suit, e.g. 10H, QS, JK")
        t = text.strip()
        up = t.upper()
        if up in ("JK", "JO", "JOKER", "🃏"):
            return JOKER
        if len(t) < 2:
            raise InvalidCardError(f"cannot read card {text!r}: expected rank then suit, e.g. 10H, QS, JK")
        try:
            suit = Suit.parse(t[-1])
            rank = Rank.parse(t[:-1])
        except InvalidCardError as e:
            raise InvalidCardError(f"cannot read card {text!r}: {e}") from None
        return cls(suit, rank)

    def _repr_svg_(self) -> str:
        from .svg import cards_svg

        return cards_svg([self])


JOKER = Card(None, Rank.JOKER)


class Cards(tuple[Card, ...]):
    """An immutable sequence of cards that prints as text and draws as card faces in Jupyter.

    >>> Cards.parse("AS 10S JK")
    Cards.parse('AS 10S JK')
    >>> str(Cards.parse("AS 10S"))
    'A♠ 10♠'
    """

    __slots__ = ()

    def __new__(cls, cards: Iterable[Card] = ()) -> Cards:
        return super().__new__(cls, cards)

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> Cards:
        """Read cards separated by spaces or commas, or an iterable of card texts."""
        if isinstance(text, str):
            items: Iterable[Any] = text.replace(",", " ").split()
        elif isinstance(text, (list, tuple, Cards)) or (hasattr(text, "__iter__") and not isinstance(text, (bytes, dict))):
            items = text
        else:
            raise InvalidCardError(f"cannot read cards {quoted(text)}: give text such as 'AS KH 10D' or a list "
                                   "of card texts")
        return cls(Card.parse(t) for t in items)

    def __str__(self) -> str:
        return " ".join(map(str, self))

    def __repr__(self) -> str:
        return f"Cards.parse({' '.join(c.code for c in self)!r})"

    def codes(self) -> list[str]:
        """The plain-text codes, as stored in records."""
        return [c.code for c in self]

    def _repr_svg_(self) -> str:
        from .svg import cards_svg

        return cards_svg(list(self))


def make_pack(suits_ranks: dict[Suit, Sequence[Rank]], jokers: int = 0) -> Cards:
    """A pack of the given ranks in each suit plus ``jokers`` jokers, in suit then rank order."""
    cards = [Card(s, r) for s in SUITS for r in suits_ranks.get(s, ())]
    cards.extend([JOKER] * jokers)
    return Cards(cards)
