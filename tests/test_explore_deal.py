"""Deal set-ups: predeal, constraints, clear errors, uniform allocation (cardkit.explore.deal)."""

import random
from collections import Counter

import pytest

from cardkit import Card, Cards, Suit, find_game
from cardkit.explore import (DealError, Predeal, allocate, at_least, at_most, both_bowers, has_marriage, holds,
                             no_rank, void)
from cardkit.game import TALON


@pytest.fixture
def g501():
    return find_game("501", players=3)


def test_fixed_cards_and_sizes_follow_the_deal(g501):
    # rules.md 501 §4: 7 cards to each of the three active seats, 3 to the talon.
    pre = Predeal(g501, dealer=2, hands={"A": "AS 10S", 1: "JK" if False else "9H"}, talon="KD")
    for deal in pre.deals(50, seed=3):
        g501.check_pack(deal.pack)
        assert [len(h) for h in deal.hands] == [7, 7, 7] and len(deal.talon) == 3
        assert {Card.parse("AS"), Card.parse("10S")} <= set(deal.hands[0])
        assert Card.parse("9H") in deal.hands[1] and Card.parse("KD") in deal.talon
        state = deal.new_hand(g501)
        assert [sorted(map(str, state.hands[s])) for s in range(3)] == [sorted(map(str, h)) for h in deal.hands]
        assert set(state.talon) == set(deal.talon)


def test_constraints_hold_in_every_deal(g501):
    cons = {1: [at_least(4, "H"), has_marriage("S")], 2: [no_rank("A")], "talon": [holds("10C")]}
    pre = Predeal(g501, dealer=0, accept=cons)
    seen_hearts = Counter()
    for deal in pre.deals(80, seed=1):
        b, c = deal.hands[1], deal.hands[2]
        assert sum(1 for x in b if x.suit is Suit.HEARTS) >= 4
        assert Card.parse("KS") in b and Card.parse("QS") in b
        assert not any(x.rank.label == "A" for x in c)
        assert Card.parse("10C") in deal.talon
        seen_hearts[sum(1 for x in b if x.suit is Suit.HEARTS)] += 1
    assert set(seen_hearts) == {4, 5}  # 5 hearts possible (7 cards, 2 are ♠ K Q); 6 not: 6+2 > 7


def test_combined_constraints_words():
    c = at_least(5, "H") & ~holds("JK") | void("S")
    assert str(c) == "at least 5 ♥ and not (holds Jo) or void in ♠"
    assert at_most(1, "D")(Cards.parse("AD 9S")) and not at_most(1, "D")(Cards.parse("AD KD"))
    assert both_bowers("H")(Cards.parse("JH JD 9S")) and not both_bowers("H")(Cards.parse("JH JC"))


def test_full_hands_deal_exactly(g501):
    hands = {0: "AS 10S KS QS JS 9S AH", 1: "10H KH QH JH 9H AD 10D", 2: "KD QD JD 9D AC 10C KC"}
    deal = Predeal(g501, dealer=2, hands=hands).deal(0)
    assert set(deal.talon) == set(Cards.parse("QC JC 9C"))
    assert deal.pack == Cards(g501.deal_from_hands(2, deal.hands, deal.talon))


@pytest.mark.parametrize("kwargs, message", [
    ({"hands": {0: "AS", 1: "AS"}}, r"A♠ is given twice \(seat B and seat A\); the 501♠ pack holds it once"),
    ({"hands": {0: "JK"}}, r"Jo is not in the 501♠ pack of 24 cards"),
    ({"hands": {0: "2S"}}, r"2♠ is not in the 501♠ pack"),
    ({"hands": {0: "AS 10S KS QS JS 9S AH KH"}}, r"seat A receives 7 cards, but 8 were given"),
    ({"talon": "AS KS QS JS"}, r"the talon receives 3 cards, but 4 were given"),
    ({"hands": {"Z": "AS"}}, r"unknown seat 'Z'"),
    ({"hands": {5: "AS"}}, r"unknown seat 5"),
])
def test_impossible_setups_are_named(g501, kwargs, message):
    with pytest.raises(DealError, match=message):
        Predeal(g501, dealer=0, **kwargs)


def test_sitting_out_dealer_gets_no_cards():
    game = find_game("501", players=4)  # rules.md 501 §1: with 4 the dealer sits out
    with pytest.raises(DealError, match=r"seat D is dealt no cards with dealer D"):
        Predeal(game, dealer=3, hands={3: "AS"})
    deal = Predeal(game, dealer=3, hands={0: "AS"}).deal(1)
    assert [len(h) for h in deal.hands] == [7, 7, 7, 0]


def test_unmeetable_constraints_fail_within_the_bound(g501):
    pre = Predeal(g501, accept={0: at_least(7, "H")}, max_tries=200)  # only 6 hearts in the pack
    with pytest.raises(DealError, match=r"no deal met the constraints in 200 tries \(seat A: at least 7 ♥\)"):
        pre.deal(0)


def test_talon_odds_match_exact_fraction(g501):
    # One player's view after seeing 7 cards: a given unseen card is in the talon with chance 3/17.
    pre = Predeal(g501, dealer=0, hands={1: "AS 10S KS QS JS 9S AH"})
    n = 4000
    hits = sum(Card.parse("10H") in d.talon for d in pre.deals(n, seed=7))
    p = 3 / 17
    sd = (p * (1 - p) / n) ** 0.5
    assert abs(hits / n - p) < 4 * sd


def test_allocate_respects_exclusions_and_is_uniform():
    x, others = Cards.parse("AS"), Cards.parse("KH QH JH")
    counts = Counter()
    rng = random.Random(5)
    n = 3000
    for _ in range(n):
        out = allocate([(x, ["W"]), (others, ["W", "E"])], {"W": 2, "E": 2}, rng)
        assert Card.parse("AS") in out["W"] and len(out["W"]) == 2 and len(out["E"]) == 2
        counts[next(c for c in out["W"] if c.code != "AS").code] += 1
    assert set(counts) == {"KH", "QH", "JH"}
    for v in counts.values():  # three allocations, each 1/3
        assert abs(v / n - 1 / 3) < 4 * (2 / 9 / n) ** 0.5


def test_allocate_uniform_over_unequal_groups():
    # Slots W (3 cards) and E (1); ♠ cards may go only to W. Allocations: E takes one of the 2 hearts,
    # so each heart is in E half the time — a rejection-free sampler that weighted groups wrongly would not.
    groups = [(Cards.parse("AS KS"), ["W"]), (Cards.parse("AH KH"), ["W", "E"])]
    rng = random.Random(2)
    e = Counter(allocate(groups, {"W": 3, "E": 1}, rng)["E"][0].code for _ in range(2000))
    assert abs(e["AH"] / 2000 - 0.5) < 0.05


def test_allocate_contradiction():
    with pytest.raises(DealError, match="contradicts"):
        allocate([(Cards.parse("AS KS"), ["W"])], {"W": 1, "E": 1}, random.Random(0))
    with pytest.raises(DealError, match="2 unseen cards for 3 places"):
        allocate([(Cards.parse("AS KS"), ["W"])], {"W": 1, "E": 2}, random.Random(0))


def test_talon_key_is_talon_constant(g501):
    pre = Predeal(g501, hands={TALON: "9S"})
    assert Card.parse("9S") in pre.deal(3).talon


def test_required_card_given_elsewhere(g501):
    with pytest.raises(DealError, match=r"seat A must hold A♠ \(holds A♠\), but A♠ is given elsewhere"):
        Predeal(g501, hands={1: "AS"}, accept={0: holds("AS")})
    with pytest.raises(DealError, match=r"the talon receives 3 cards, but its constraints need"):
        Predeal(g501, accept={"talon": holds("AS KS QS JS")})


def test_more_constraints_and_where(g501):
    from cardkit.explore import count_rank, holds_none, points_at_least
    from cardkit.game501 import card_points

    pre = Predeal(g501, accept={0: [count_rank("A", 2), points_at_least(40, card_points)],
                                1: holds_none("AS", "AH")},
                  where=lambda d: Card.parse("9C") in d.talon)
    for deal in pre.deals(30, seed=2):
        a, b = deal.hands[0], deal.hands[1]
        assert sum(c.rank.label == "A" for c in a) >= 2 and sum(card_points(c) for c in a) >= 40
        assert Card.parse("AS") not in b and Card.parse("AH") not in b
        assert Card.parse("9C") in deal.talon
    assert "a test on the whole deal" in pre.describe()
    assert str(count_rank("A", 2)) == "at least 2×A" and str(points_at_least(40, card_points)) == "at least 40 points"


def test_kitty_name_in_five_hundred():
    g500 = find_game("500")
    pre = Predeal(g500, hands={"kitty": "JK"})
    deal = pre.deal(1)
    assert Card.parse("JK") in deal.talon and [len(h) for h in deal.hands] == [10] * 4
    with pytest.raises(DealError, match="the kitty receives 3 cards, but 4 were given"):
        Predeal(g500, talon="AS KS QS JS")
