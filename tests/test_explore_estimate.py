"""Estimates over deals of the unseen cards (cardkit.explore.estimate)."""

import pytest

from cardkit import CardkitError, find_game
from cardkit.explore import at_least
from cardkit.explore.estimate import (bid_odds, bid_odds_chart, contract_action, estimate_bid, force_contract,
                                      make_players, odds_table, results_chart)

ALL_SPADES = "AS 10S KS QS JS 9S AH"


@pytest.fixture(scope="module")
def g501():
    return find_game("501", players=3)


def test_unbeatable_hand_always_makes(g501):
    # Six trumps and A♥ and the ♠ marriage (40): the declarer takes every trick, 120 + 40 ≥ 66 always.
    t = estimate_bid(g501, ALL_SPADES, 66, n=30, seat=1, seed=3, progress=False)
    assert len(t) == 30 and t["made"].all() and (t["score"] == -66).all()  # rules.md 501 §10
    assert (t["points"] <= 160).all() and (t["trump"] == "♠").all() and t["summary"][0].startswith("B 66 ♠")
    s = t.attrs["summary"]
    assert s["p_make"] == 1.0 and s["mean_score"] == -66 and s["p_make_se"] == 0
    # 30 made of 30 is not a certainty: Wilson's 95 % interval is 88.6 %–100 % (z = 1.96:
    # n / (n + z²) = 30 / 33.84); a score with no spread has no interval, said as such
    assert round(s["p_make_low"], 4) == round(30 / (30 + 1.959964 ** 2), 4) == 0.8865 and s["p_make_high"] == 1.0
    assert s["mean_score_low"] == s["mean_score_high"] == -66 and s["mean_score_spread"] == 0.0
    from cardkit.explore.estimate import mean_words, share_words
    assert share_words(s) == "100% (89–100%)" and mean_words(s) == "−66 (all 30 deals)"


def test_impossible_contract_never_makes(g501):
    # 220 needs all four marriages (rules.md 501 §5); this hand has six spades, so it cannot.
    t = estimate_bid(g501, ALL_SPADES, 220, n=10, seat=1, seed=3, progress=False)
    assert not t["made"].any() and (t["score"] == 220).all()


def test_scores_follow_made_and_blind(g501):
    t = estimate_bid(g501, None, 80, n=60, seat=2, blind=True, seed=5, progress=False)
    made = t[t["made"]]
    failed = t[~t["made"]]
    assert len(made) and len(failed)
    assert (made["score"] == -160).all()  # blind doubles (rules.md 501 §6)
    assert failed["score"].isin([160]).all()  # failed or abandoned: +2×80
    assert t.attrs["summary"]["mean_score"] == pytest.approx(t["score"].mean())
    assert all(s.startswith("C blind") for s in t["summary"])


def test_constraints_on_other_seats(g501):
    t = estimate_bid(g501, "AH 10H", 90, n=20, seat=0, dealer=2, accept={1: at_least(4, "S")}, seed=1,
                     progress=False)
    assert len(t) == 20 and all(s.startswith("A 9") or s.startswith("A abandoned") for s in t["summary"])


def test_bid_odds_fall_with_the_contract(g501):
    hand = "AS 10S KS QS AH 10H KD"
    odds = bid_odds(g501, hand, [80, 120, 160], n=40, seat=1, seed=2, progress=False)
    p = list(odds["p_make"])
    assert p[0] >= p[1] >= p[2] and p[0] > p[2]
    spec = bid_odds_chart(odds).to_dict()
    assert spec["layer"][0]["mark"]["type"] == "bar"


def test_odds_table_reads_as_words_and_keeps_the_numbers():
    """The learner's table of bid odds (explore/02): contracts named as players name them, the
    chance and the mean change with their ± in words, the same numbers as bid_odds' columns; the
    chart's axis names the contracts the same way."""
    g = find_game("500")
    odds = bid_odds(g, "JK JH JD AH KH 10H 9H AS KC 9D", ["8H", "10NT"], n=6, seat="B", seed=3, progress=False)
    shown = odds_table(odds)
    assert list(shown.index) == ["8♥", "10NT"] and list(shown.columns) == [
        "deals", "chance to make", "mean score change"]
    for (c, r), (_, s) in zip(odds.iterrows(), shown.iterrows()):
        assert s["deals"] == r["n"] == 6
        assert s["chance to make"] == (f"{round(100 * r['p_make'])}% ({round(100 * r['p_make_low'])}–"
                                       f"{round(100 * r['p_make_high'])}%)")
        assert "±" not in s["chance to make"] + s["mean score change"]
        mean = round(r["mean_score"])
        assert s["mean score change"].startswith("0 " if mean == 0 else f"{mean:+d}".replace("-", "−") + " ")
    html = shown._repr_html_()
    assert "p_make" not in html and "mean_score" not in html and "8♥" in html
    spec = bid_odds_chart(odds).to_dict()
    assert [row["contract"] for row in next(iter(spec["datasets"].values()))] == ["8♥", "10NT"]
    # a blind contract keeps its "blind"; Spanish reads Spanish, without the verb
    blind = bid_odds(find_game("501"), None, [80], n=4, seat="B", blind=True, seed=2, progress=False)
    assert list(odds_table(blind).index) == ["blind 80"]
    from cardkit.i18n import language

    with language("es"):
        es = odds_table(bid_odds(g, "JK JH JD AH KH 10H 9H AS KC 9D", ["8H", "10NT"], n=2, seat="B", seed=3,
                                 progress=False))
        assert list(es.index) == ["8♥", "10 sin triunfo"] and es.index.name == "contrato"
        assert list(es.columns) == ["repartos", "probabilidad de cumplir", "cambio medio de puntuación"]
    # a hand-made table with a gap shows the gap blank, not "nan%"
    gap = odds.copy()
    gap.loc[gap.index[0], ["p_make", "mean_score"]] = float("nan")
    assert list(odds_table(gap).iloc[0, 1:]) == ["", ""]


def test_results_chart(g501):
    t = estimate_bid(g501, "AS 10S KS QS AH 10H KD", 100, n=20, seat=1, seed=2, progress=False)
    spec = results_chart(t).to_dict()
    assert spec["mark"]["type"] == "bar" and spec["encoding"]["x"]["field"] == "points"
    assert len(spec["datasets"][next(iter(spec["datasets"]))]) == 20


def test_force_contract_and_errors(g501):
    from cardkit.explore import Predeal

    state = Predeal(g501, dealer=0).deal(1).new_hand(g501)
    force_contract(state, 2, 95)
    assert state.phase == "talon" and state.declarer == 2 and state.high_bid == 95 and not state.declarer_blind
    with pytest.raises(CardkitError, match="cannot read action 'bid ten'"):
        contract_action(g501, "ten")
    with pytest.raises(CardkitError, match="unknown method 'magic'"):
        estimate_bid(g501, None, 80, n=1, method="magic")
    with pytest.raises(CardkitError, match="2 player kinds for 3 seats"):
        make_players(g501, ["random", "random"])


def test_five_hundred_bid_estimate():
    g500 = find_game("500")
    hand = "JK JH JD AH KH QH 10H AS KC 9D"
    t = estimate_bid(g500, hand, "8H", n=20, seat=1, seed=1, progress=False)
    assert len(t) == 20 and set(t["tricks"]) <= set(range(11))
    # rules.md 500 §10: 8♥ is worth 300; a sweep pays 300 too (already above 250)
    assert set(t.loc[t["made"], "score"]) <= {300} and set(t.loc[~t["made"], "score"]) <= {-300}
    assert (t["made"] == (t["tricks"] >= 8)).all()
    assert t.attrs["summary"]["p_make"] > 0.5
    # five-handed, misère is barred unless the option allows it: no climb of the auction helps
    with pytest.raises(CardkitError, match="misère and open misère are barred with five players"):
        estimate_bid(find_game("500", 5), hand, "misere", n=1, seat=1, progress=False)


def test_solver_estimates(g501):
    pytest.importorskip("cardkit.solver.solve501")
    t = estimate_bid(g501, ALL_SPADES, 66, n=3, seat=1, seed=3, method="solver", progress=False)
    assert t["made"].all() and (t["score"] == -66).all() and t["points"].isna().all()
    t = estimate_bid(g501, ALL_SPADES, 165, n=2, seat=1, seed=3, method="solver", progress=False)
    # 120 card points + the ♠ marriage (40) is the most this hand can take: 165 fails with best play
    # (the bidder may also abandon: rules.md 501 §7; either way +165)
    assert (~t["made"]).all() and (t["score"] == 165).all()
    assert results_chart(t).to_dict()["mark"]["type"] == "bar"


def test_solver_estimate_five_hundred():
    pytest.importorskip("cardkit.solver.solve500")
    g500 = find_game("500")
    t = estimate_bid(g500, "JK JH JD AH KH QH 10H 9H 8H 7H", "10H", n=1, seat=1, seed=1, method="solver",
                     progress=False, exact=True)
    # all ten trumps from the top: ten tricks with best play; 10♥ (500) pays itself, no sweep bonus
    assert (t["tricks"] == 10).all() and t["made"].all() and (t["score"] == 500).all()


def test_solver_estimate_five_hundred_made_or_failed_only():
    """Without ``exact`` only made-or-not (and a sweep, where it pays more) is searched: the same
    made and score as the exact count on every deal, tricks NaN. 6♥ with the ten top trumps sweeps:
    the sweep pays 250 instead of 6♥'s 140 (rules.md 500 §10)."""
    pytest.importorskip("cardkit.solver.solve500")
    g500 = find_game("500")
    hand = "JK JH JD AH KH 9S 5S 4H 6D 7D"
    for contract in ("7H", "9H", "misere"):
        try:
            fast = estimate_bid(g500, hand, contract, n=12, seat=1, seed=4, method="solver", progress=False)
        except CardkitError:
            continue  # misère needs an earlier seven with four players
        slow = estimate_bid(g500, hand, contract, n=12, seat=1, seed=4, method="solver", progress=False, exact=True)
        assert fast["tricks"].isna().all() and (fast["made"] == slow["made"]).all()
        assert (fast["score"] == slow["score"]).all()
    top = "JK JH JD AH KH QH 10H 9H 8H 7H"
    t = estimate_bid(g500, top, "6H", n=2, seat=1, seed=1, method="solver", progress=False)
    assert t["made"].all() and (t["score"] == 250).all()


def test_progress_bar(g501, capsys):
    t = estimate_bid(g501, ALL_SPADES, 66, n=3, seat=1, seed=3, progress=True)
    assert len(t) == 3  # tqdm draws on stderr and leaves no bar behind
    assert "501♠ bid 66" in capsys.readouterr().err


def test_hand_without_a_contract(g501):
    # no contract forced: the sensible players bid; with six trumps B always wins the auction
    t = estimate_bid(g501, ALL_SPADES, None, n=8, seat=1, seed=4, progress=False)
    assert t["won auction"].all() and t["made"].all() and (t["score"] < 0).all()
    weak = estimate_bid(g501, "9S 9H 9D 9C JS JH JD", None, n=8, seat=1, seed=4, progress=False)
    assert not weak["won auction"].any() and not weak["made"].any()
    with pytest.raises(CardkitError, match="by method='playout' only"):
        estimate_bid(g501, ALL_SPADES, None, n=1, method="solver")


def test_solver_estimate_on_two_threads_gives_the_same_table():
    """``jobs=2`` solves two deals at once, each thread with its own solver: the same table, deal by
    deal, as one solver (Five Hundred, made-or-failed and exact counts), also when the time limit
    stops the dealing; ``jobs=0`` is refused."""
    pytest.importorskip("cardkit.solver.solve500")
    g500 = find_game("500")
    hand = "JK JH JD AH KH 9S 5S 4H 6D 7D"
    for exact in (False, True):
        one = estimate_bid(g500, hand, "8H", n=12, seat=1, seed=5, method="solver", progress=False, exact=exact)
        two = estimate_bid(g500, hand, "8H", n=12, seat=1, seed=5, method="solver", progress=False, exact=exact,
                           jobs=2)
        assert one.equals(two) and len(two) == 12 and two["tricks"].isna().all() != exact
    stopped = estimate_bid(g500, hand, "8H", n=20, seat=1, seed=5, method="solver", progress=False, jobs=2,
                           time_limit=0.0)
    assert stopped.attrs["setup"]["stopped"] and 1 <= len(stopped) < 20
    with pytest.raises(CardkitError, match="jobs=0"):
        estimate_bid(g500, hand, "8H", n=2, method="solver", jobs=0)


def test_a_plain_misere_is_estimated_under_either_option():
    """Misère may be called only once somebody has bid seven (rules.md 500 §4): the others climb
    the ladder with the cheapest bids below it, then pass; under after-eight-spades misère sits
    between 8♠ and 8♣, so the climb stops at the same 7♦."""
    import random

    climb = ["B bid 6♠", "C bid 6♣", "D bid 6♦", "A bid 6♥", "B bid 6NT", "C bid 7♠", "D bid 7♣", "A bid 7♦",
             "B bid misère", "C pass", "D pass", "A pass"]
    for option in ("after-seven", "after-eight-spades"):
        g = find_game("500", misere=option)
        state = g.new_hand(0, g.initial_scores(), g.shuffled_pack(random.Random(1)))
        force_contract(state, 1, "misere")
        assert [f"{g.names[s]} {a}" for s, a in state.calls] == climb and state.contractor == 1
        t = estimate_bid(g, "JK 5S 7C 5C 4D 5D 4H 5H 6H 7H", "misere", n=6, seat="B", seed=1, progress=False)
        assert len(t) == 6 and all(s.startswith("B misère") for s in t["summary"])
    # open misère needs no seven: B opens with it, the others pass (no climb)
    g = find_game("500")
    state = g.new_hand(0, g.initial_scores(), g.shuffled_pack(random.Random(1)))
    force_contract(state, 1, "open misere")
    assert [f"{g.names[s]} {a}" for s, a in state.calls] == ["B bid open misère", "C pass", "D pass", "A pass"]
    # a refused contract leaves the state as it was
    g5 = find_game("500", 5)
    state = g5.new_hand(0, g5.initial_scores(), g5.shuffled_pack(random.Random(2)))
    with pytest.raises(CardkitError, match="barred with five players"):
        force_contract(state, 1, "misere")
    assert state.calls == [] and state.phase == "auction"
