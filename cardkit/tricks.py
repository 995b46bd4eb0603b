"""Tricks: who wins one and which cards may follow, shared by both games.

Each game passes its own ranking as two small functions:

- ``suit_of(card) -> Suit | None``: the card's *effective* suit (Five Hundred's left bower is a
  trump; the unnominated joker in no-trump has none);
- ``power(card, led_suit) -> int``: how strongly the card plays to a trick whose led suit is
  ``led_suit``: trumps above the led suit, the led suit above everything else (which scores < 0).

The highest power wins; on equal power the card played earlier wins (rules.md 500 §2, identical
cards of the improvised six-hand pack).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from .cards import Card, Cards, Suit

SuitOf = Callable[[Card], "Suit | None"]
Power = Callable[[Card, "Suit | None"], int]


@dataclass
class Trick:
    """One trick: the ``leader`` seat, the ``plays`` as ``(seat, card)`` in order, the ``led_suit``.

    ``led_suit`` is the effective suit of the first card, or a suit named with a led joker; ``None``
    for an unnominated joker led without a named suit. ``winner`` is set once the trick is complete.
    """

    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)
    led_suit: Suit | None = None
    winner: int | None = None

    @property
    def cards(self) -> Cards:
        """The cards played, in order."""
        return Cards(c for _, c in self.plays)

    def __str__(self) -> str:
        body = " ".join(f"{c}" for _, c in self.plays)
        won = f" → seat {self.winner}" if self.winner is not None else ""
        return f"[{body}]{won}"

    def copy(self) -> Trick:
        """A copy that shares no list with this one."""
        return Trick(self.leader, list(self.plays), self.led_suit, self.winner)

    def _repr_svg_(self) -> str:
        from .svg import cards_svg

        return cards_svg([c for _, c in self.plays])


def trick_winner(plays: Sequence[tuple[int, Card]], led_suit: Suit | None, power: Power) -> int:
    """The seat that wins ``plays`` (a non-empty list of ``(seat, card)``).

    Highest ``power(card, led_suit)`` wins; on equal power the earlier play wins.
    """
    best_seat, best_card = plays[0]
    best = power(best_card, led_suit)
    for seat, card in plays[1:]:
        p = power(card, led_suit)
        if p > best:
            best, best_seat = p, seat
    return best_seat


def following_cards(
    hand: Sequence[Card],
    led_suit: Suit | None,
    suit_of: SuitOf,
    trump: Suit | None = None,
    must_trump: bool = False,
) -> list[Card]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led_suit``.

    Follow suit if able (by effective suit); else, when ``must_trump`` and holding a trump, any
    trump (501: no need to beat or overtrump, rules.md 501 §8); else any card. ``led_suit`` None
    (leading, or a trick led by a suitless card) allows any card.
    """
    if led_suit is None:
        return list(hand)
    follow = [c for c in hand if suit_of(c) is led_suit]
    if follow:
        return follow
    if must_trump and trump is not None:
        trumps = [c for c in hand if suit_of(c) is trump]
        if trumps:
            return trumps
    return list(hand)
