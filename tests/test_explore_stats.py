"""numpy deal statistics checked against exact combinatorics (cardkit.explore.stats)."""

import math

import numpy as np
import pytest

from cardkit import find_game
from cardkit.explore import DealError
from cardkit.explore.stats import (exact_both_bowers, exact_holds, exact_marriage, exact_suit_length, random_deals,
                                   suit_length_table, summary_table)
from cardkit.game import TALON

SEEN = "AS 10S KS QS JS 9S AH"  # seat B's seven cards


@pytest.fixture(scope="module")
def g501():
    return find_game("501", players=3)


def within(sim, exact, n, sigmas=4.5):
    sd = math.sqrt(max(exact * (1 - exact), 1e-12) / n)
    return abs(sim - exact) <= sigmas * sd


def test_every_deal_is_a_deal(g501):
    d = random_deals(g501, 20_000, dealer=1, hands={2: "AD KD"}, seed=2)
    counts = np.stack([(d.owner == p).sum(axis=1) for p in (0, 1, 2, TALON)], axis=1)
    assert (counts == [7, 7, 7, 3]).all()  # rules.md 501 §4
    assert d.holds(2, "AD", "KD").all()
    assert (d.suit_lengths(0).sum(axis=1) == 7).all()


def test_talon_three_seventeenths(g501):
    # The check: from one player's view after seeing 7 cards, the talon holds a given card 3/17.
    n = 300_000
    d = random_deals(g501, n, dealer=0, hands={1: SEEN}, seed=11)
    assert exact_holds(d, TALON, "10H") == pytest.approx(3 / 17)
    assert exact_holds(d, TALON, "AS") == 0.0 and exact_holds(d, 1, "AS") == 1.0
    for card in ("10H", "9C", "KD"):
        assert within(d.probability(d.holds(TALON, card)), 3 / 17, n)
    # two given unseen cards both in the talon: C(15,1)/C(17,3)
    assert exact_holds(d, TALON, "10H", "KH") == pytest.approx(15 / 680)
    assert within(d.probability(d.holds(TALON, "10H", "KH")), 15 / 680, n)


def test_suit_lengths_hypergeometric(g501):
    n = 200_000
    d = random_deals(g501, n, dealer=0, seed=4)
    lengths = d.suit_length(0, "H")
    for k in range(7):
        exact = math.comb(6, k) * math.comb(18, 7 - k) / math.comb(24, 7)
        assert exact_suit_length(d, 0, "H", k) == pytest.approx(exact)
        assert within(float(np.mean(lengths == k)), exact, n)
    table = suit_length_table(d, 0, "H")
    assert list(table.index) == list(range(7)) and table["exact"].sum() == pytest.approx(1, abs=1e-3)


def test_marriage_odds(g501):
    n = 200_000
    d = random_deals(g501, n, dealer=0, seed=5)
    one = math.comb(22, 5) / math.comb(24, 7)  # K♥ and Q♥ among 7 of 24
    assert exact_marriage(d, 0, "H") == pytest.approx(one)
    assert within(d.probability(d.marriage(0, "H")), one, n)
    anyp = exact_marriage(d, 0)
    assert 3.5 * one < anyp < 4 * one  # inclusion–exclusion takes off the overlaps
    assert within(d.probability(d.marriage(0)), anyp, n)
    # given B holds K♥: the Q♥ is one of 23 unseen cards, B has 6 free slots
    d2 = random_deals(g501, n, dealer=0, hands={1: "KH"}, seed=6)
    assert exact_marriage(d2, 1, "H") == pytest.approx(6 / 23)
    assert within(d2.probability(d2.marriage(1, "H")), 6 / 23, n)


def test_both_bowers_exact_formula(g501):
    d = random_deals(g501, 100_000, dealer=0, seed=8)
    exact = math.comb(22, 5) / math.comb(24, 7)
    assert exact_both_bowers(d, 0, "H") == pytest.approx(exact)
    assert within(d.probability(d.both_bowers(0, "H")), exact, 100_000)


def test_summary_table_and_conditioning(g501):
    d = random_deals(g501, 50_000, dealer=0, hands={1: SEEN}, seed=9)
    t = summary_table(d, [("talon holds 10♥", d.holds(TALON, "10H"), 3 / 17)])
    assert t.loc["talon holds 10♥", "exact"] == round(3 / 17, 4)
    assert abs(t.loc["talon holds 10♥", "gap (σ)"]) < 4.5
    sub = d.where(d.holds(0, "10H"))
    assert sub.holds(0, "10H").all() and 0 < len(sub) < len(d)


def test_impossible_setup_raises(g501):
    with pytest.raises(DealError, match="given twice"):
        random_deals(g501, 10, hands={0: "AS", 1: "AS"})


def test_five_hundred_kitty_and_bowers():
    g500 = find_game("500", players=4)
    n = 200_000
    d = random_deals(g500, n, dealer=0, seed=12)
    assert (np.stack([(d.owner == p).sum(axis=1) for p in (0, 1, 2, 3, TALON)], axis=1) == [10] * 4 + [3]).all()
    assert exact_holds(d, "kitty", "JK") == pytest.approx(3 / 43)  # rules.md 500 §2–§3: 43 cards, 3 to the kitty
    assert within(d.probability(d.holds("kitty", "JK")), 3 / 43, n)
    both = math.comb(41, 8) / math.comb(43, 10)
    assert exact_both_bowers(d, 1, "H") == pytest.approx(both)
    assert within(d.probability(d.both_bowers(1, "H")), both, n)
    # after seeing my ten cards (no joker), the kitty holds the joker 3/33
    seen = random_deals(g500, n, dealer=0, hands={1: "AS KS QS JS 10S 9S 8S 7S 6S 5S"}, seed=13)
    assert exact_holds(seen, "kitty", "JK") == pytest.approx(3 / 33)
    assert within(seen.probability(seen.holds("kitty", "JK")), 3 / 33, n)
    # hearts run A–4 in the 4-player pack: 11 of them
    k = 4
    exact = math.comb(11, k) * math.comb(32, 10 - k) / math.comb(43, 10)
    assert exact_suit_length(d, 2, "H", k) == pytest.approx(exact)
    assert within(float(np.mean(d.suit_length(2, "H") == k)), exact, n)


def test_three_hand_pack():
    g3 = find_game("500", players=3)
    d = random_deals(g3, 100_000, dealer=0, seed=14)
    assert exact_holds(d, TALON, "JK") == pytest.approx(3 / 33)
    assert within(d.probability(d.holds(TALON, "JK")), 3 / 33, 100_000)
