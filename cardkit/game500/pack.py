"""The Five Hundred pack for each table size (rules.md 500 §2)."""

from __future__ import annotations

from ..cards import SUITS, Cards, Rank, Suit, make_pack
from ..errors import UnknownOptionError

_BLACK = (Suit.SPADES, Suit.CLUBS)
_TOP = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
_ALL52 = _TOP + (Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)


def pack_500(players: int, six_pack: str = "purpose-made") -> Cards:
    """The pack for ``players`` (rules.md 500 §2): 43 / 33 / 53 / 63 cards, one joker each.

    >>> [len(pack_500(n)) for n in (3, 4, 5, 6)], len(set(pack_500(6, "improvised")))
    ([33, 43, 53, 63], 53)
    """
    if players == 3:
        return make_pack({s: _TOP for s in SUITS}, jokers=1)
    if players == 4:
        return make_pack({s: _ALL52[:10] if s in _BLACK else _ALL52[:11] for s in SUITS}, jokers=1)
    if players == 5:
        return make_pack({s: _ALL52 for s in SUITS}, jokers=1)
    if players == 6:
        if six_pack == "improvised":
            extra = make_pack({s: (Rank.THREE, Rank.TWO) if s in _BLACK else (Rank.FOUR, Rank.THREE, Rank.TWO)
                               for s in SUITS})
            return Cards(list(make_pack({s: _ALL52 for s in SUITS}, jokers=1)) + list(extra))
        extra_ranks = (Rank.TWELVE, Rank.ELEVEN)
        return make_pack({s: _ALL52[:4] + (extra_ranks if s in _BLACK else (Rank.THIRTEEN,) + extra_ranks)
                          + _ALL52[4:] for s in SUITS}, jokers=1)
    raise UnknownOptionError(f"Five Hundred is for 3, 4, 5 or 6 players, not {players} (rules.md 500 §1)")
