"""Cards, suits, ranks and the shared trick logic."""

import pytest

from cardkit import Card, Cards, InvalidCardError, Rank, Suit
from cardkit.cards import JOKER
from cardkit.tricks import following_cards, trick_winner


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "th", " 10h "])
def test_ten_of_hearts_spellings(text):
    assert Card.parse(text) is Card(Suit.HEARTS, Rank.TEN)


def test_text_forms():
    q = Card.parse("QS")
    assert str(q) == "Q♠"
    assert repr(q) == "Card.parse('QS')"
    assert eval(repr(q)) is q  # noqa: S307 - the repr pastes back
    assert Card.parse("JK") is JOKER and JOKER.is_joker and JOKER.suit is None
    assert [Card.parse(t).rank for t in ("11S", "12D", "13H")] == [Rank.ELEVEN, Rank.TWELVE, Rank.THIRTEEN]


@pytest.mark.parametrize("bad", ["", "1H", "10X", "ZZ", "KK", "JKS", "14H", "H10"])
def test_bad_cards_are_rejected(bad):
    with pytest.raises(InvalidCardError, match="cannot read"):
        Card.parse(bad)


def test_cards_immutable_and_interned():
    c = Card.parse("AS")
    with pytest.raises(AttributeError):
        c.rank = Rank.TWO  # type: ignore[misc]
    assert Card(Suit.SPADES, Rank.ACE) is c
    assert Cards.parse("AS 10S").codes() == ["AS", "10S"]
    assert str(Cards.parse("AS, 10S")) == "A♠ 10♠"


def test_svg_draws_red_suits_red():
    svg = Cards.parse("AH KS")._repr_svg_()
    assert svg.count("#c0152f") == 3 and svg.count("#1a1a1a") == 3


def test_following_cards_and_winner():
    hand = Cards.parse("9H KH AS 10D")
    plain = lambda c: c.suit  # noqa: E731
    assert following_cards(hand, Suit.HEARTS, plain) == list(Cards.parse("9H KH"))
    assert following_cards(hand, Suit.CLUBS, plain, trump=Suit.DIAMONDS, must_trump=True) == [Card.parse("10D")]
    assert following_cards(hand, Suit.CLUBS, plain) == list(hand)
    order = {Rank.ACE: 5, Rank.TEN: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1, Rank.NINE: 0}

    def power(card, led):
        return 100 + order[card.rank] if card.suit is Suit.DIAMONDS else order[card.rank] if card.suit is led else -1

    plays = [(0, Card.parse("KH")), (1, Card.parse("AH")), (2, Card.parse("9D"))]
    assert trick_winner(plays, Suit.HEARTS, power) == 2
    assert trick_winner(plays[:2], Suit.HEARTS, power) == 1
    # equal power: the earlier card wins (identical cards of the improvised six-hand pack)
    assert trick_winner([(0, Card.parse("KH")), (1, Card.parse("KH"))], Suit.HEARTS, power) == 0
