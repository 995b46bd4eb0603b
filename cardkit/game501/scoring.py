"""501♠ scoring: the pack's card points, the contract's value, a hand's returns (rules.md 501 §3,
§5–§7, §9, §10). Pure functions of numbers, one place per rule."""

from __future__ import annotations

from typing import Sequence

from ..cards import Card, Rank, Suit

#: Ranks of the 24-card pack, highest first, and their card points (rules.md 501 §3).
RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
#: Each rank's order within its suit, ace highest (rules.md 501 §3).
RANK_ORDER = {r: 5 - i for i, r in enumerate(RANKS)}
START_SCORE = 501
MIN_BID = 66
#: The most a hand can score, 120 card points + marriages 40+20+20+20 (rules.md 501 §5, kit).
MAX_BID = 220
ABANDON_PENALTY = 25
#: What a declared marriage counts: 40 in trumps, 20 in another suit (rules.md 501 §9).
MARRIAGE_TRUMP, MARRIAGE_PLAIN = 40, 20



def card_points(card: Card) -> int:
    """Card points of a 501 card: A 11, 10 10, K 4, Q 3, J 2, 9 0 (rules.md 501 §3)."""
    return POINTS[card.rank]



def marriage_value(suit: Suit, trump: Suit | None) -> int:
    """What a marriage (king and queen of ``suit``) counts when declared: 40 in trumps, 20
    otherwise (rules.md 501 §9)."""
    return MARRIAGE_TRUMP if suit is trump else MARRIAGE_PLAIN



def contract_value(contract: int, blind: bool) -> int:
    """What a contract counts on the score sheet: its points, doubled when the bidder won the
    auction blind (rules.md 501 §6, §10)."""
    return contract * (2 if blind else 1)


def contract_made(total: int, contract: int) -> bool:
    """Whether the declarer's hand total (card points plus marriages that count) reaches the
    contract (rules.md 501 §10)."""
    return total >= contract


def declarer_change(contract: int, blind: bool, made: bool) -> int:
    """The declarer's score change: scores count down, so a made contract subtracts its value and
    a failed one adds it (rules.md 501 §6, §10)."""
    value = contract_value(contract, blind)
    return -value if made else value


def contract_returns(players: int, active: Sequence[int], declarer: int, contract: int, blind: bool,
                     totals: Sequence[int]) -> list[int]:
    """Every seat's score change for a contract played out (rules.md 501 §6, §10): the declarer's
    by :func:`declarer_change`, each defender subtracts its own hand total, a seat sitting out 0.

    >>> contract_returns(3, [0, 1, 2], 0, 100, True, [88, 32, 20])
    [200, -32, -20]
    """
    r = [0] * players
    r[declarer] = declarer_change(contract, blind, contract_made(totals[declarer], contract))
    for s in active:
        if s != declarer:
            r[s] = -totals[s]
    return r


def abandon_returns(players: int, active: Sequence[int], declarer: int, bid: int, blind: bool) -> list[int]:
    """Every seat's score change when the declarer abandons at ``bid`` (rules.md 501 §7): the bid
    (doubled if blind, §6) added to the declarer, :data:`ABANDON_PENALTY` subtracted from each
    defender."""
    r = [0] * players
    r[declarer] = contract_value(bid, blind)
    for s in active:
        if s != declarer:
            r[s] = -ABANDON_PENALTY
    return r


def rule(n: int) -> str:
    """The citation of rules.md 501 item ``n``."""
    return f"rules.md 501 §{n}"
