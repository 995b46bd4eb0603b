"""Five Hundred for 3, 5 and 6 players (rules.md 500 §2, §3, §10–§14, §16)."""

from collections import Counter

import pytest

from cardkit import Card, Cards, IllegalActionError, Match, Suit
from cardkit.cards import JOKER
from cardkit.game import TALON
from cardkit.game500 import Game500, pack_500

C = Card.parse


def deal(game, hands=None, kitty=None, dealer=None, scores=None):
    n = game.players
    dealer = n - 1 if dealer is None else dealer
    return game.new_hand(dealer, scores or [0] * n, game.arrange(dealer, hands or {}, kitty))


def run(st, *actions):
    for a in actions:
        st.apply_action(a)
    return st


def texts(actions):
    return [str(a) for a in actions]


def until(st, seat):
    while not st.is_terminal() and st.current_player() != seat:
        st.apply_action(st.legal_actions()[0])
    return st


def play_first(st):
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    return st


def trumps(st):
    return [c for c in st.game.new_pack() if st.suit_of(c) is st.trump]


# ---------------------------------------------------------------- packs, ranks, trump depth, deal


@pytest.mark.parametrize("players,size,distinct", [(3, 33, 33), (4, 43, 43), (5, 53, 53), (6, 63, 63)])
def test_pack_sizes(players, size, distinct):
    pack = Game500(players).new_pack()
    assert len(pack) == size == 10 * players + 3 and len(set(pack)) == distinct
    assert Counter(pack)[JOKER] == 1


def test_pack_ranks_per_size():
    three = pack_500(3)
    assert {c.rank.label for c in three if c.suit} == {"A", "K", "Q", "J", "10", "9", "8", "7"}
    five = pack_500(5)
    assert sum(1 for c in five if c.suit is Suit.CLUBS) == 13 and C("2C") in five
    six = pack_500(6)
    for s in Suit:
        labels = [c.rank.label for c in six if c.suit is s]
        assert "11" in labels and "12" in labels and ("13" in labels) == s.is_red and "2" in labels
    improvised = pack_500(6, "improvised")
    dup = Counter(improvised)
    assert sorted(str(c) for c in dup if dup[c] == 2) == sorted(
        ["2♠", "3♠", "2♣", "3♣", "2♦", "3♦", "4♦", "2♥", "3♥", "4♥"])
    assert Card.parse("2S") is Card.parse("2♠")  # the same interned card twice in the pack


@pytest.mark.parametrize("players,options,trump,depth", [
    (3, {}, "S", 10), (3, {}, "H", 10), (5, {}, "C", 15), (5, {}, "D", 15),
    (6, {}, "S", 17), (6, {}, "H", 18), (6, {"six-pack": "improvised"}, "S", 17),
    (6, {"six-pack": "improvised"}, "H", 18)])
def test_trump_depth_per_size(players, options, trump, depth):
    g = Game500(players, **options)
    st = deal(g)
    run(st, f"bid 6{trump}", *["pass"] * (players - 1))
    assert len(trumps(st)) == depth  # duplicates counted once per card in the pack


def test_six_hand_ranks_between_ten_and_jack():
    g = Game500(6)
    st = deal(g)
    run(st, "bid 6H", *["pass"] * 5)
    order = sorted(set(trumps(st)), key=lambda c: -st.power(c, Suit.SPADES))
    assert str(Cards(order[:9])) == "Jo J♥ J♦ A♥ K♥ Q♥ 13♥ 12♥ 11♥"
    clubs = sorted((c for c in set(g.new_pack()) if st.suit_of(c) is Suit.CLUBS), key=lambda c: -st.power(c, Suit.CLUBS))
    assert str(Cards(clubs[:6])) == "A♣ K♣ Q♣ J♣ 12♣ 11♣"


@pytest.mark.parametrize("players", [3, 5, 6])
def test_deal_rhythm_every_size(players):
    g = Game500(players)
    t = g.deal_targets(dealer=0)
    order = [(i + 1) % players for i in range(players)]
    k1, k2 = 3 * players, 3 * players + 1 + 4 * players
    assert t[k1] == t[k2] == t[-1] == TALON and t.count(TALON) == 3
    assert t[:k1] == [s for s in order for _ in range(3)]
    assert t[k1 + 1:k2] == [s for s in order for _ in range(4)]
    st = g.new_hand(0, [0] * players, g.new_pack())
    assert [len(h) for h in st.hands] == [10] * players and len(st.kitty) == 3


# ---------------------------------------------------------------- three players (§12)


def test_three_players_alone_individual_scores():
    g = Game500(3)
    assert g.units == ((0,), (1,), (2,))
    st = deal(g, {0: "JK JS JC AS KS QS 10S 9S 8S 7S"}, kitty="AH KH QH")
    assert "bid misère" in texts(st.legal_actions())  # no seven needed with three (§12)
    run(st, "bid 7S", "pass", "pass", "bury AH", "bury KH", "bury QH")
    assert st.partners == () and st.active == (0, 1, 2)
    play_first(st)
    assert st.returns() == [250, 0, 0]  # a sweep of 7♠ pays 250
    st = deal(g, {0: "8C 7C JK JS JC AS KS QS 10S 9S", 1: "AC KC 7H 8H 9H 10H JH 7D 8D 9D"}, kitty="AD KD QD")
    run(st, "bid 6S", "pass", "pass", "bury AD", "bury KD", "bury QD")
    play_first(st)  # B wins the two club leads, then A trumps and draws everything
    assert st.tricks_won == [8, 2, 0]
    assert st.returns() == [40, 20, 0]


def test_three_players_misere_single_handed():
    g = Game500(3)
    st = deal(g, {1: "7S 8S 7C 8C 7D 8D 7H 8H 9H 10H"}, kitty="AS AC AD")
    run(st, "pass", "bid misere", "pass", "bury AS", "bury AC", "bury AD")
    assert st.contractor == 1 and st.sitting_out == () and st.active == (0, 1, 2)


# ---------------------------------------------------------------- five players (§13)


def _five(options=None, seat0="AS KS QS 10S 9S 8S 7S AH KH QH", kitty="2C 3C 4C", bid="7S"):
    g = Game500(5, **(options or {}))
    st = deal(g, {0: seat0, 3: "JS JC JK 2S 3S"}, kitty=kitty)
    run(st, f"bid {bid}", *["pass"] * 4)
    run(st, *[f"bury {c}" for c in kitty.split()])
    return st


def test_five_call_phase_and_callable_cards():
    st = _five()
    assert st.phase == "call" and st.current_player() == 0
    legal = texts(st.legal_actions())
    assert legal[0] == "go alone"
    for barred in ("call Jo", "call J♠", "call J♣", "call A♠", "call 2♣"):  # joker, bowers, own, buried
        assert barred not in legal
    assert "call A♣" in legal and "call 6♠" in legal
    with pytest.raises(IllegalActionError, match=r"J♣ may not be called \(cards that may be called: all but the joker and the bowers\)"):
        st.apply_action("call JC")
    with pytest.raises(IllegalActionError, match=r"hand or buried, and this table.s rules do not let the contractor call such a card"):
        st.apply_action("call AS")
    st = _five({"call-cards": "any"})
    assert "call Jo" in texts(st.legal_actions()) and "call J♣" in texts(st.legal_actions())
    st = _five({"call-cards": "no-trumps"})
    legal = texts(st.legal_actions())
    assert "call 6♠" not in legal and "call J♣" not in legal and "call Jo" not in legal and "call A♦" in legal
    st = _five({"self-call": "on"})
    assert "call A♠" in texts(st.legal_actions()) and "call 2♣" in texts(st.legal_actions())
    st = _five(bid="7NT")
    legal = texts(st.legal_actions())
    assert "call Jo" not in legal and "call J♣" in legal  # in no-trump only the joker is barred (§16)


def test_five_called_partner_owns_up_or_surfaces():
    st = run(_five(), "call 3S")
    assert st.partners == (3,) and st.phase == "play"
    assert st.view(1).extra["partners"] == [3]
    st = run(_five({"call-holder": "surfaces"}), "call 3S")
    assert st.partners == (3,)
    assert st.view(1).extra["partners"] is None and st.view(0).extra["partners"] is None
    assert st.view(1).extra["contract_tricks"] is None
    assert st.view(3).extra["partners"] == [3] and st.view().extra["partners"] == [3]
    while C("3S") in st.hands[3]:
        legal = st.legal_actions()
        if st.current_player() == 3:
            legal = [a for a in legal if a.card is C("3S")] or legal
        assert st.view(1).extra["partners"] is None
        run(st, legal[0])
    assert st.view(1).extra["partners"] == [3]  # surfaced when the card was played


def test_five_self_call_goes_secretly_alone():
    st = run(_five({"self-call": "on", "call-holder": "surfaces"}), "call 2C")  # a buried card
    assert st.alone and st.partners == () and st.view(1).extra["partners"] is None
    assert st.view(0).extra["partners"] == []


def test_five_scoring_half_full_alone():
    hand = "JK JS JC AS KS QS 10S 9S 8S 7S"
    results = {}
    for share in ("half", "full"):
        g = Game500(5, **{"call-share": share})
        st = deal(g, {0: hand, 2: "AH"}, kitty="6S 5S 4S")
        run(st, "bid 7S", *["pass"] * 4, "bury 6S", "bury 5S", "bury 4S", "call AH")
        assert st.partners == (2,)
        play_first(st)
        results[share] = st.returns()
    assert results["half"] == [125, 0, 125, 0, 0]  # a sweep: 250, half each (§16)
    assert results["full"] == [250, 0, 250, 0, 0]
    g = Game500(5)
    st = deal(g, {0: hand}, kitty="6S 5S 4S")
    run(st, "bid 7S", *["pass"] * 4, "bury 6S", "bury 5S", "bury 4S", "go alone")
    play_first(st)
    assert st.returns() == [250, 0, 0, 0, 0]


def test_five_defenders_score_own_tricks_partner_earns_no_tens():
    g = Game500(5)
    st = deal(g, {0: "JK JS JC AS KS QS 10S 9S 2H 3H", 1: "AH KH"}, kitty="8S 7S 6S")
    run(st, "bid 6S", *["pass"] * 4, "bury 8S", "bury 7S", "bury 6S", "call AD")
    partner = st.partners[0]
    play_first(st)
    r = st.returns()
    made = st.contract_tricks() >= 6
    assert r[0] == r[partner] == (20 if made else -20)
    for s in range(5):
        if s not in (0, partner):
            assert r[s] == 10 * st.tricks_won[s]


def test_five_misere_barred_or_allowed():
    g = Game500(5)
    st = deal(g)
    run(st, "bid 7S")
    assert not any("misère" in t for t in texts(st.legal_actions()))
    with pytest.raises(IllegalActionError, match="barred with five players"):
        st.apply_action("bid open misere")
    g = Game500(5, **{"five-misere": "allowed"})
    st = deal(g, {0: "2S 3S 2C 3C 2D 3D 2H 3H 4H 4D"}, kitty="AS AC AD")
    assert "bid open misère" in texts(st.legal_actions()) and "bid misère" not in texts(st.legal_actions())
    run(st, "bid open misere", *["pass"] * 4, "bury AS", "bury AC", "bury AD")
    assert st.phase == "play" and st.sitting_out == () and len(st.active) == 5  # alone against four


# ---------------------------------------------------------------- six players (§14)


def test_six_seatings_and_misere_partners_sit_out():
    g = Game500(6)
    assert g.units == ((0, 2, 4), (1, 3, 5))
    st = deal(g)
    run(st, "bid 7S", "bid misere", *["pass"] * 5)
    assert st.contractor == 1 and st.sitting_out == (3, 5) and st.active == (0, 1, 2, 4)
    g = Game500(6, **{"six-seating": "three-pairs"})
    assert g.units == ((0, 3), (1, 4), (2, 5))
    st = deal(g)
    run(st, "bid 7S", "bid misere", *["pass"] * 5)
    assert st.sitting_out == (4,) and len(st.active) == 5


def test_six_two_threes_scoring():
    g = Game500(6)
    st = deal(g, {0: "JK JH JD AH KH QH 13H 12H 11H 10H"}, kitty="2S 3S 4S")
    run(st, "bid 7H", *["pass"] * 5, "bury 2S", "bury 3S", "bury 4S")
    play_first(st)
    assert st.tricks_won[0] == 10 and st.returns() == [250, 0, 250, 0, 250, 0]


def test_identical_cards_in_one_trick_the_earlier_wins():
    g = Game500(6, **{"six-pack": "improvised"})
    seat0 = "4D AD KD QD JD 10D 9D 8D 7D 6D"
    st = deal(g, {0: seat0, 1: "4D AS KS QS AC KC QC AH KH QH"}, kitty="5D JK 2S")
    run(st, "bid 6NT", *["pass"] * 5, "bury 5D", "bury JK", "bury 2S")
    assert st.phase == "play"
    run(st, "play 4D")
    assert texts(st.legal_actions()) == ["play 4♦"]
    run(st, "play 4D")
    while len(st.tricks) == 0:
        run(st, st.legal_actions()[0])
    trick = st.tricks[0]
    assert trick.plays[0][1] is trick.plays[1][1] is C("4D")
    assert trick.winner == 0


def test_improvised_pack_deals_and_checks_duplicates():
    g = Game500(6, **{"six-pack": "improvised"})
    m = Match(g, seed=4)
    st = m.new_hand()
    assert Counter(c for h in st.hands for c in h) + Counter(st.kitty) == Counter(g.new_pack())
    with pytest.raises(ValueError, match="missing"):
        Match(g, seed=1).new_hand(list(dict.fromkeys(g.new_pack())) + [C("2S")] * 10)


# ---------------------------------------------------------------- winning with several units (§11, §16)


def _three_match(win, scores):
    """A (seat 0) makes 6♠ with 9 tricks; C takes the tenth (B threw the A♥ on the first trump)."""
    g = Game500(3, win=win)
    m = Match(g, dealer=2, scores=scores)
    m.new_hand(g.arrange(2, {0: "JK JS JC AS KS QS 10S 9S 8S 7H", 1: "AH"}, kitty="AC KC QC"))
    for a in ("bid 6S", "pass", "pass", "bury AC", "bury KC", "bury QC"):
        m.apply_action(a)
    while not m.state.is_terminal():
        m.apply_action(m.state.legal_actions()[0])
    return m


def test_several_units_contractor_at_500_takes_precedence():
    m = _three_match("points", [470, 495, 495])
    assert m.hands[0].tricks_won == [9, 0, 1] and m.hands[0].returns() == [40, 0, 10]
    assert m.scores == [510, 495, 505] and m.outcome.winners == (0,)  # A ahead of C, both at 500+
    m = _three_match("points", [470, 495, 500])
    assert m.scores == [510, 495, 510] and m.outcome.winners == (0,)  # the contractor, not a tie


def test_several_units_points_highest_over_500_wins_bid_out_does_not():
    m = _three_match("points", [0, 495, 495])
    assert m.scores == [40, 495, 505] and m.outcome.winners == (2,)
    m = _three_match("points", [0, 510, 500])
    assert m.scores == [40, 510, 510] and m.outcome.winners == (1, 2)  # exact ties share
    m = _three_match("bid-out", [0, 495, 495])
    assert m.scores == [40, 495, 505] and m.outcome is None


def _three_failure(win, scores):
    """A (seat 0) bids 6♦ on nothing; B holds the joker, both bowers and A K Q 10 of diamonds."""
    g = Game500(3, win=win)
    m = Match(g, dealer=2, scores=scores)
    m.new_hand(g.arrange(2, {0: "7S 8S 7C 8C 9C 7D 8D 9D 7H 8H", 1: "JK JD JH AD KD QD 10D"}, kitty="AS KS QS"))
    for a in ("bid 6D", "pass", "pass", "bury AS", "bury KS", "bury QS"):
        m.apply_action(a)
    while not m.state.is_terminal():
        m.apply_action(m.state.legal_actions()[0])
    return m


def test_several_units_minus_500_highest_wins_ties_share():
    m = _three_failure("bid-out", [-450, 100, 200])
    assert not m.hands[0].made() and m.hands[0].returns() == [-80, 100, 0]
    assert m.scores == [-530, 200, 200] and m.outcome.winners == (1, 2)
    assert "−500" in m.outcome.reason
    m = _three_failure("bid-out", [-450, 100, 150])
    assert m.outcome.winners == (1,)


def test_several_units_reaching_500_beats_a_minus_500_loss():
    m = _three_failure("points", [-450, 420, 490])
    assert m.scores == [-530, 520, 490] and m.outcome.winners == (1,) and m.outcome.reason == "reached 500"
    m = _three_failure("bid-out", [-450, 420, 490])  # B's 520 is from defending: the −500 rule decides
    assert m.outcome.winners == (1,) and "−500" in m.outcome.reason


def test_several_units_made_contract_reaches_500():
    m = _three_match("bid-out", [480, -495, -495])
    assert m.scores == [520, -495, -485] and m.outcome.winners == (0,)
