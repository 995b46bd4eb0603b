"""501♠, item by item of rules.md 501 (§1–§12), on hand-made deals.

Most tests use one of three deals, dealt by C (seat 2) so that A (seat 0) is the first active player:

- ``D``: A ``A♠ 10♠ K♠ Q♠ A♥ 10♥ K♥``, B ``J♠ 9♠ Q♥ J♥ 9♥ A♦ 10♦``, C ``K♦ Q♦ J♦ 9♦ A♣ 10♣ K♣``,
  talon ``Q♣ J♣ 9♣``;
- ``F``: A holds every heart and A♠, talon ``10♠ K♠ Q♠``; B ``A♦ 10♦ A♣ 10♣ K♣ J♠ 9♠``; C
  ``K♦ Q♦ J♦ 9♦ Q♣ J♣ 9♣`` (B and C are void in hearts: following and trumping);
- ``G``: A ``K♥ Q♥ 9♠ J♠ 9♣ J♣ 9♦``, a weak hand with a marriage; B strong.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardkit import PASS, Card, Cards, IllegalActionError, Match, Suit
from cardkit.game import TALON
from cardkit.game501 import MAX_BID, MIN_BID, Bid, Declare, Game501, card_points
from cardkit.records import load

D = (["AS 10S KS QS AH 10H KH", "JS 9S QH JH 9H AD 10D", "KD QD JD 9D AC 10C KC"], "QC JC 9C")
F = (["AH 10H KH QH JH 9H AS", "AD 10D AC 10C KC JS 9S", "KD QD JD 9D QC JC 9C"], "10S KS QS")
G = (["KH QH 9S JS 9C JC 9D", "AH 10H AS 10S KS QS AC", "JH 9H AD 10D KD QD JD"], "10C KC QC")

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"


def texts(actions):
    return [str(a) for a in actions]


def cards(text):
    return set(Cards.parse(text))


def rule_error(state, action, item):
    """Assert ``action`` is rejected citing rules.md 501 §item; return the message."""
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(action)
    assert e.value.rule == f"rules.md 501 §{item}"
    assert f"[rules.md 501 §{item}]" in str(e.value)
    return str(e.value)


# ---------------------------------------------------------------- §1 players, §2 dealer


@pytest.mark.parametrize("n", [2, 5, 6])
def test_1_only_three_or_four_players(n):
    with pytest.raises(ValueError, match=r"3 or 4 players.*rules.md 501 §1"):
        Game501(n)


def test_1_everyone_starts_at_501():
    assert Game501(3).initial_scores() == [501, 501, 501]
    assert Match(Game501(4), seed=1).scores == [501] * 4


def test_1_four_players_dealer_sits_out(deal501, act):
    # dealer D (seat 3) sits out: A, B, C get the same cards as in deal D with C dealing to three.
    s = deal501([*D[0], ""], D[1], dealer=3, players=4)
    assert s.active == [0, 1, 2]
    assert s.hands[3] == [] and s.view().hands[3] == Cards()
    assert s.current_player() == 0
    act(s, "bid 66", "pass", "pass", "declare S 66", "give 10H", "give KH")
    seen = set()
    while not s.is_terminal():
        seen.add(s.current_player())
        s.apply_action(s.legal_actions()[0])
    assert seen == {0, 1, 2}
    assert s.returns()[3] == 0
    assert sum(s.points) == 120 and s.points[3] == 0


def test_1_four_players_abandon_leaves_the_dealer_alone(deal501, act):
    s = deal501(["", *D[0]], D[1], dealer=0, players=4)  # B C D active, A deals
    assert s.active == [1, 2, 3]
    act(s, "bid 70", "pass", "pass", "abandon")
    assert s.returns() == [0, 140, -25, -25]  # B was blind: 2 × 70


def test_2_deal_moves_left_after_every_hand_including_all_pass_and_abandon():
    g = Game501(4)
    m = Match(g, seed=5, dealer=2)
    dealers = []
    for kind in ["pass", "abandon", "pass", "abandon", "pass"]:
        h = m.new_hand()
        dealers.append(h.dealer)
        if kind == "pass":
            apply = ["pass"] * 3
        else:
            apply = ["bid 66", "pass", "pass", "abandon"]
        for a in apply:
            m.apply_action(a)
        assert h.is_terminal()
    assert dealers == [2, 3, 0, 1, 2]
    assert m.dealer == 3


def test_2_first_dealer_drawn_from_the_seed():
    firsts = {Match(Game501(3), seed=s).first_dealer for s in range(40)}
    assert firsts == {0, 1, 2}
    assert Match(Game501(3), seed=11).first_dealer == Match(Game501(3), seed=11).first_dealer
    assert Match(Game501(3), seed=11, dealer=1).first_dealer == 1


# ---------------------------------------------------------------- §3 pack, §4 deal


def test_3_pack_ranks_and_points():
    g = Game501()
    pack = g.new_pack()
    assert len(pack) == 24 and len(set(pack)) == 24
    assert sum(card_points(c) for c in pack) == 120
    assert [card_points(Card.parse(t)) for t in ["AS", "10S", "KS", "QS", "JS", "9S"]] == [11, 10, 4, 3, 2, 0]


def test_3_rank_order_decides_tricks(deal501, act):
    # NT, A leads 10♥ then... use deal D: A leads K♠, B must follow with J♠ or 9♠: K beats both.
    s = deal501(*D)
    act(s, "bid 66", "pass", "pass", "declare NT 66", "give 9C", "give JC")
    act(s, "play 10H", "play QH", "play JC")  # 10 above Q; C void in hearts, NT: any card
    assert s.tricks[0].winner == 0
    act(s, "play KS", "play JS", "play KD")  # K above J
    assert s.tricks[1].winner == 0
    act(s, "play QS", "play 9S", "play QD")  # Q above 9
    assert s.tricks[2].winner == 0 and s.points[0] == (10 + 3 + 2) + (4 + 2 + 4) + (3 + 0 + 3)


@pytest.mark.parametrize("dealer, active", [(0, [1, 2, 0]), (1, [2, 0, 1]), (2, [0, 1, 2])])
def test_4_deal_mapping_three_players(dealer, active):
    g = Game501(3)
    t = TALON
    p1, p2, p3 = active
    assert g.deal_targets(dealer) == [p1, p2, p3, t] * 3 + [p1, p2, p3] * 4
    pack = g.new_pack()
    s = g.new_hand(dealer, g.initial_scores(), pack)
    assert s.hands[p1] == [pack[i] for i in (0, 4, 8, 12, 15, 18, 21)]
    assert s.hands[p2] == [pack[i] for i in (1, 5, 9, 13, 16, 19, 22)]
    assert s.hands[p3] == [pack[i] for i in (2, 6, 10, 14, 17, 20, 23)]
    assert list(s.talon) == [pack[3], pack[7], pack[11]]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_4_deal_mapping_four_players(dealer):
    g = Game501(4)
    p1, p2, p3 = [(dealer + k) % 4 for k in (1, 2, 3)]
    assert g.active_seats(dealer) == [p1, p2, p3]
    assert g.deal_targets(dealer) == [p1, p2, p3, TALON] * 3 + [p1, p2, p3] * 4
    pack = g.new_pack()
    s = g.new_hand(dealer, g.initial_scores(), pack)
    assert s.hands[dealer] == []
    assert s.hands[p1] == [pack[i] for i in (0, 4, 8, 12, 15, 18, 21)]
    assert list(s.talon) == [pack[3], pack[7], pack[11]]


def test_4_deal_from_hands_is_the_inverse(deal501):
    s = deal501(*D)
    assert [Cards(h) for h in s.hands] == [Cards.parse(h) for h in D[0]]
    assert s.talon == Cards.parse(D[1])


# ---------------------------------------------------------------- §5 auction


def test_5_first_speaker_is_left_of_dealer(deal501):
    assert deal501(*D, dealer=2).current_player() == 0
    hands = [D[0][2], D[0][0], D[0][1]]
    assert deal501(hands, D[1], dealer=0).current_player() == 1
    assert deal501([D[0][1], D[0][2], D[0][0]], D[1], dealer=1).current_player() == 2


def test_5_bids_from_66_above_the_standing_bid_up_to_220(deal501, act):
    s = deal501(*D)
    legal = s.legal_actions()
    assert texts(legal[:3]) == ["look", "pass", "bid 66"] and str(legal[-1]) == "bid 220"
    assert len(legal) == 2 + (220 - 66 + 1)
    rule_error(s, "bid 65", 5)
    rule_error(s, "bid 221", 5)
    rule_error(s, "bid 0", 5)
    act(s, "bid 100")
    assert texts(s.legal_actions()[:3]) == ["look", "pass", "bid 101"]
    rule_error(s, "bid 100", 5)
    rule_error(s, "bid 99", 5)
    act(s, "bid 220")
    assert texts(s.legal_actions()) == ["look", "pass"]
    rule_error(s, "bid 221", 5)
    assert (s.high_bid, s.bidder) == (220, 1)


def test_5_speaking_order_skips_passed_players_and_a_pass_is_final(deal501, act):
    s = deal501(*D)
    order = []
    for a in ["pass", "bid 66", "bid 70", "bid 75", "bid 80", "bid 85", "pass"]:
        order.append(s.current_player())
        s.apply_action(a)
    assert order == [0, 1, 2, 1, 2, 1, 2]  # A passed first and is never asked again
    assert s.phase == "talon" and s.declarer == 1 and s.high_bid == 85
    assert s.calls[0] == (0, s.game.parse_action("pass"))


def test_5_auction_ends_when_a_bid_stands_and_the_others_have_passed(deal501, act):
    s = act(deal501(*D), "bid 66", "pass")
    assert s.phase == "auction" and s.current_player() == 2
    act(s, "pass")
    assert s.phase == "talon" and s.current_player() == 0 and s.declarer == 0


def test_5_last_speaker_may_bid_after_two_passes_and_wins_at_once(deal501, act):
    s = act(deal501(*D), "pass", "pass")
    assert s.current_player() == 2 and s.phase == "auction"
    act(s, "bid 66")
    assert s.phase == "talon" and s.declarer == 2 and s.high_bid == 66


def test_5_all_pass_changes_no_score_and_the_deal_moves(deal501, act):
    s = act(deal501(*D), "pass", "pass", "pass")
    assert s.is_terminal() and s.phase == "over"
    assert s.returns() == [0, 0, 0] and s.scores_after() == [501, 501, 501]
    assert s.summary() == "all passed" and s.made() is None
    m = Match(Game501(3), seed=3, dealer=2)
    m.new_hand()
    apply_all_match(m, "pass", "pass", "pass")
    assert m.scores == [501, 501, 501] and m.dealer == 0 and not m.is_over()
    assert m.new_hand().dealer == 0


def apply_all_match(m, *actions):
    for a in actions:
        m.apply_action(a)


# ---------------------------------------------------------------- §6 blind


def test_6_everyone_starts_blind_and_looking_is_final(deal501, act):
    s = deal501(*D)
    assert s.blind == [True, True, True]
    act(s, "look")
    assert s.blind == [False, True, True] and s.current_player() == 0  # looks, then calls
    assert "look" not in texts(s.legal_actions())
    msg = rule_error(s, "look", 6)
    assert "already looked" in msg
    act(s, "bid 66")
    assert s.current_player() == 1 and texts(s.legal_actions())[:2] == ["look", "pass"]


def test_6_blind_abandon_doubles_the_last_bid(deal501, act):
    s = act(deal501(*D), "bid 80", "pass", "pass")
    assert s.declarer_blind
    act(s, "abandon")
    assert s.returns() == [160, -25, -25]


def test_6_blind_then_looking_loses_the_doubling(deal501, act):
    # A bids blind, is outbid, looks, then wins: no longer blind, the result is single.
    s = act(deal501(*D), "bid 80", "bid 85", "pass", "look", "bid 90", "pass")
    assert s.declarer == 0 and not s.declarer_blind
    act(s, "abandon")
    assert s.returns() == [90, -25, -25]  # C passed, but is an opponent
    assert s.summary() == "A abandoned at 90"


def test_6_worked_example_with_a_look_is_not_doubled():
    """The checked example's deal and play, but A looks before bidding: 501 + 100 = 601 (not 701)."""
    m = load(EXAMPLES / "501_worked_blind_contract.json")
    hand = m.hands[0]
    g = Game501(3)
    s = g.new_hand(hand.dealer, [501] * 3, hand.pack)
    s.apply_action("look")
    for a in hand.history():
        s.apply_action(a)
    assert not s.declarer_blind
    assert s.returns() == [100, -32, -20] and s.scores_after() == [601, 469, 481]


def test_6_defenders_never_double(deal501, act):
    # B and C stay blind through the auction; their hand totals count singly.
    s = act(deal501(*D), "look", "bid 66", "pass", "pass", "declare H 66", "give 9C", "give JC")
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[-1])
    totals = s.hand_totals()
    assert s.returns()[1:] == [-totals[1], -totals[2]]


# ---------------------------------------------------------------- §7 talon, contract, gives


def test_7_winner_takes_the_talon_and_declares_at_least_the_last_bid(deal501, act):
    s = act(deal501(*D), "pass", "bid 80", "pass")
    assert s.phase == "talon" and s.current_player() == 1
    assert set(s.hands[1]) == cards("JS 9S QH JH 9H AD 10D QC JC 9C")
    legal = texts(s.legal_actions())
    assert legal[0] == "abandon" and legal[1] == "declare ♠ 80" and legal[-1] == "declare NT 220"
    assert len(legal) == 1 + 5 * (MAX_BID - 80 + 1)
    assert "declare ♥ 79" not in legal
    rule_error(s, "declare H 79", 7)
    rule_error(s, "declare NT 66", 7)
    rule_error(s, "declare H 221", 5)
    rule_error(s, "bid 90", 7)
    rule_error(s, "pass", 7)
    act(s, "declare NT 120")
    assert (s.trump, s.contract, s.phase) == (None, 120, "exchange")


def test_7_gives_go_to_the_left_opponent_first(deal501, act):
    s = act(deal501(*D), "pass", "pass", "look", "bid 66", "declare D 66")
    assert s.current_player() == 2  # C, the declarer; A is on C's left
    assert set(texts(s.legal_actions())) == {f"give {c}" for c in cards("KD QD JD 9D AC 10C KC QC JC 9C")}
    act(s, "give QC")  # a talon card may be given
    act(s, "give 9D")
    assert s.gives == [(2, 0, Card.parse("QC")), (2, 1, Card.parse("9D"))]
    assert [len(h) for h in s.hands] == [8, 8, 8]
    assert Card.parse("QC") in s.hands[0] and Card.parse("9D") in s.hands[1]
    assert s.trump is Suit.DIAMONDS


def test_7_gives_skip_the_sitting_out_dealer(deal501, act):
    s = deal501(["", *D[0]], D[1], dealer=0, players=4)  # B C D active
    act(s, "pass", "pass", "bid 70", "declare S 70", "give QC", "give JC")
    assert s.gives[0][1:] == (1, Card.parse("QC")) and s.gives[1][1] == 2
    assert s.hands[0] == []


def test_7_give_only_own_cards(deal501, act, snapshot):
    s = act(deal501(*D), "bid 66", "pass", "pass", "declare S 66")
    before = snapshot(s)
    rule_error(s, "give JS", 7)
    rule_error(s, "play AS", 7)
    assert snapshot(s) == before


def test_7_abandon_scores_the_bid_and_25_to_each_opponent(deal501, act):
    s = act(deal501(*D), "look", "bid 66", "pass", "pass", "abandon")
    assert s.returns() == [66, -25, -25] and s.abandoned and s.is_terminal()
    assert s.made() is None and s.summary() == "A abandoned at 66"


def test_7_abandon_pushing_an_opponent_to_zero_ends_the_match(deal501):
    g = Game501(3)
    pack = g.deal_from_hands(2, [Cards.parse(h) for h in D[0]], Cards.parse(D[1]))
    m = Match(g, dealer=2, scores=[300, 30, 10])
    m.new_hand(pack)
    apply_all_match(m, "bid 66", "pass", "pass", "abandon")
    assert m.scores == [432, 5, -15]
    assert m.is_over() and m.outcome.winners == (2,) and m.outcome.scores == (432, 5, -15)
    with pytest.raises(ValueError, match="match is over"):
        m.new_hand()


# ---------------------------------------------------------------- §8 play


def declared(deal501, act, trump, gives=("give KS", "give QS")):
    s = act(deal501(*F), "look", "bid 66", "pass", "pass", f"declare {trump} 66", *gives)
    return s


def test_8_first_lead_is_left_of_the_dealer_whoever_won(deal501, act):
    s = act(deal501(*D), "pass", "look", "bid 70", "pass", "declare S 70", "give 9C", "give JC")
    assert s.phase == "play" and s.declarer == 1 and s.current_player() == 0
    assert s.trick.leader == 0
    s4 = act(deal501(["", *D[0]], D[1], dealer=0, players=4), "pass", "pass", "bid 70", "declare S 70",
             "give 9C", "give JC")
    assert s4.current_player() == 1  # B, first active player left of the dealer A; D won


def test_8_void_player_must_trump_with_any_trump(deal501, act, snapshot):
    s = declared(deal501, act, "D")
    act(s, "play AH")
    assert set(texts(s.legal_actions())) == {"play A♦", "play 10♦"}
    before = snapshot(s)
    msg = rule_error(s, "play AC", 8)
    assert "must play a trump" in msg and "A♦ 10♦" in msg
    assert snapshot(s) == before
    act(s, "play AD")
    # C cannot beat A♦ but must still trump: every trump is allowed, none need overtrump.
    assert set(texts(s.legal_actions())) == {"play K♦", "play Q♦", "play J♦", "play 9♦"}
    rule_error(s, "play QC", 8)
    act(s, "play 9D")
    assert s.tricks[0].winner == 1 and s.points == [0, 22, 0]


def test_8_must_follow_suit(deal501, act):
    s = declared(deal501, act, "D")
    act(s, "play AS")
    assert set(texts(s.legal_actions())) == {"play K♠", "play J♠", "play 9♠"}
    msg = rule_error(s, "play AD", 8)
    assert "must follow ♠" in msg
    act(s, "play 9S")
    assert set(texts(s.legal_actions())) == {"play Q♠"}
    act(s, "play QS")
    assert s.tricks[0].winner == 0 and s.current_player() == 0  # the winner leads next


def test_8_no_trump_void_player_plays_anything(deal501, act):
    s = declared(deal501, act, "NT")
    act(s, "play AH")
    assert set(s.legal_actions()) == {s.game.parse_action(f"play {c}") for c in s.hands[1]}
    act(s, "play AC")
    assert len(s.legal_actions()) == 8
    act(s, "play KD")
    assert s.tricks[0].winner == 0  # only the suit led can win in no-trump


def test_8_void_without_trumps_plays_anything(deal501, act):
    s = declared(deal501, act, "S", gives=("give JH", "give 9H"))  # A keeps K♠ Q♠; B C hold no spade? B has J♠ 9♠
    act(s, "play 10H", "play JH", "play 9H")  # B and C follow with the given hearts
    assert s.tricks[0].winner == 0
    act(s, "play AH")
    # B: no heart left; trumps J♠ 9♠ → must trump
    assert set(texts(s.legal_actions())) == {"play J♠", "play 9♠"}
    act(s, "play 9S")
    # C: no heart and no spade: anything
    assert len(s.legal_actions()) == len(s.hands[2]) == 7
    act(s, "play KD")
    assert s.tricks[1].winner == 1  # the trump beats the ace led


def test_8_eight_tricks_and_120_points(deal501, act):
    s = declared(deal501, act, "H")
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert len(s.tricks) == 8 and sum(s.points) == 120
    assert sum(s.tricks_won) == 8 and all(len(t.plays) == 3 for t in s.tricks)
    assert all(len(h) == 0 for h in s.hands)


# ---------------------------------------------------------------- §9 marriages


@pytest.mark.parametrize("trump, value", [("H", 40), ("D", 20), ("NT", 20)])
def test_9_marriage_values(deal501, act, trump, value):
    s = declared(deal501, act, trump)
    assert "play K♥ marriage" in texts(s.legal_actions()) and "play Q♥ marriage" in texts(s.legal_actions())
    act(s, "play QH marriage")
    assert s.marriages == [(0, Suit.HEARTS, value)]
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.tricks_won[0] > 0
    assert s.hand_totals()[0] == s.points[0] + value


def test_9_marriage_only_when_leading_and_with_both_cards(deal501, act, snapshot):
    s = declared(deal501, act, "D")
    rule_error(s, "play AH marriage", 9)
    rule_error(s, "play AS marriage", 9)
    act(s, "play AS")
    # B holds K♠ (given) but not Q♠, and is not leading
    before = snapshot(s)
    rule_error(s, "play KS marriage", 9)
    assert snapshot(s) == before
    assert not any(a.marriage for a in s.legal_actions())


def test_9_marriage_impossible_after_giving_a_member_away(deal501, act):
    s = declared(deal501, act, "D", gives=("give QH", "give QS"))
    assert Card.parse("QH") in s.hands[1]
    assert not any(getattr(a, "marriage", False) for a in s.legal_actions())
    msg = rule_error(s, "play KH marriage", 9)
    assert "does not hold Q♥" in msg


def test_9_marriage_impossible_after_playing_a_member(deal501, act):
    s = declared(deal501, act, "D")
    act(s, "play QH", "play AD", "play 9D")  # B trumps; B leads next
    act(s, "play JS", "play QS", "play AS")  # B, C, then A, who wins and leads again
    assert s.tricks[1].winner == 0 and s.current_player() == 0
    msg = rule_error(s, "play KH marriage", 9)
    assert "does not hold Q♥" in msg
    assert "play K♥ marriage" not in texts(s.legal_actions())


def test_9_marriage_by_a_player_who_wins_no_trick_does_not_count(deal501, act):
    s = deal501(*G)
    act(s, "look", "pass", "look", "bid 66", "pass", "declare C 66", "give AH", "give 10H")
    act(s, "play KH marriage", "play AC", "play AH")
    act(s, *["play 10C", "play JH", "play 9C", "play KC", "play 9H", "play JC", "play QC", "play AD",
             "play QH", "play AS", "play 10D", "play 9S", "play 10S", "play KD", "play JS", "play KS",
             "play QD", "play 9D", "play QS", "play JD", "play 10H"])
    assert s.is_terminal()
    assert s.marriages == [(0, Suit.HEARTS, 20)]
    assert s.tricks_won[0] == 0 and s.points[0] == 0
    assert s.hand_totals()[0] == 0  # the 20 does not count
    assert s.returns() == [0, -66, 0]


def test_9_marriage_counts_when_a_trick_is_won_later(deal501, act):
    s = declared(deal501, act, "D")
    act(s, "play KH marriage", "play AD", "play 9D")  # A loses the first trick
    assert s.tricks_won[0] == 0 and s.current_player() == 1
    act(s, "play AC", "play 9C", "play JH")
    act(s, "play JS", "play QS", "play AS")  # B leads J♠, A wins with A♠
    assert s.tricks[-1].winner == 0
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.hand_totals()[0] == s.points[0] + 20


def test_9_marriages_never_change_trumps_and_several_may_be_declared(deal501, act):
    s = declared(deal501, act, "S", gives=("give JH", "give 9H"))  # A keeps K♠ Q♠ and K♥ Q♥
    act(s, "play KS marriage", "play 9S", "play KD")  # C: no spade, no trump: any card
    assert s.tricks[0].winner == 0
    act(s, "play QH marriage")
    assert s.marriages == [(0, Suit.SPADES, 40), (0, Suit.HEARTS, 20)] and s.trump is Suit.SPADES


# ---------------------------------------------------------------- §10 scoring


def test_10_made_contract_and_defenders_minus_their_totals(deal501, act):
    s = act(deal501(*D), "look", "bid 66", "pass", "pass", "declare H 66", "give QC", "give JC")
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    totals = s.hand_totals()
    assert s.made() == (totals[0] >= 66)
    want0 = -66 if totals[0] >= 66 else 66
    assert s.returns() == [want0, -totals[1], -totals[2]]


def test_10_failed_contract_adds_the_contract(deal501, act):
    s = act(deal501(*G), "pass", "look", "bid 66", "pass", "declare C 220", "give AH", "give 10H")
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert not s.made()
    assert s.returns()[1] == 220
    assert s.summary().endswith("failed")


# ---------------------------------------------------------------- §11 end


def test_11_lowest_score_at_or_below_zero_wins(deal501):
    m = load(EXAMPLES / "501_worked_blind_contract_made.json")
    pack = m.hands[0].pack
    actions = m.hands[0].history()
    g = Game501(3)
    m2 = Match(g, dealer=2, scores=[100, 5, 40])
    m2.new_hand(pack)
    apply_all_match(m2, *actions)
    assert m2.scores == [-100, -4, 10]
    assert m2.outcome.winners == (0,)


def test_11_simultaneous_finish_exact_tie_shares_the_win():
    m = load(EXAMPLES / "501_worked_blind_contract_made.json")
    g = Game501(3)
    m2 = Match(g, dealer=2, scores=[200, 9, 40])
    m2.new_hand(m.hands[0].pack)
    apply_all_match(m2, *m.hands[0].history())
    assert m2.scores == [0, 0, 10]  # A made 100 blind (−200), B captured 9
    assert m2.outcome.winners == (0, 1)
    assert m2.outcome.result(g.names).startswith("A and B win")


def test_11_abandon_tie_of_two_opponents(deal501):
    g = Game501(3)
    pack = g.deal_from_hands(2, [Cards.parse(h) for h in D[0]], Cards.parse(D[1]))
    m = Match(g, dealer=2, scores=[300, 10, 10])
    m.new_hand(pack)
    apply_all_match(m, "bid 66", "pass", "pass", "abandon")
    assert m.scores == [432, -15, -15] and m.outcome.winners == (1, 2)


def test_11_no_end_while_every_score_is_positive(deal501):
    g = Game501(3)
    pack = g.deal_from_hands(2, [Cards.parse(h) for h in D[0]], Cards.parse(D[1]))
    m = Match(g, dealer=2, scores=[300, 26, 26])
    m.new_hand(pack)
    apply_all_match(m, "bid 66", "pass", "pass", "abandon")
    assert m.scores == [432, 1, 1] and not m.is_over() and m.dealer == 0


def test_11_no_action_after_the_hand_is_over(deal501, act):
    s = act(deal501(*D), "pass", "pass", "pass")
    assert s.legal_actions() == [] and s.current_player() is None
    rule_error(s, "pass", 11)


# ---------------------------------------------------------------- §12 the checked example


def test_12_worked_example_record():
    m = load(EXAMPLES / "501_worked_blind_contract.json")
    h = m.hands[0]
    assert (h.declarer, h.declarer_blind, h.high_bid, h.contract) == (0, True, 80, 100)
    assert h.trump is not None and h.marriages == [(0, h.marriages[0][1], 20)]
    assert h.marriages[0][1] is not h.trump
    assert h.points == [68, 32, 20] and sum(h.points) == 120
    assert h.tricks_won[0] >= 1 and h.hand_totals() == [88, 32, 20]
    assert not h.made()
    assert h.returns() == [200, -32, -20] and m.scores == [701, 469, 481]
    assert h.calls == [(0, Bid(80)), (1, PASS), (2, PASS)]
    assert "look" not in texts(h.history())


def test_12_worked_example_made_record():
    m = load(EXAMPLES / "501_worked_blind_contract_made.json")
    h = m.hands[0]
    assert (h.declarer, h.declarer_blind, h.high_bid, h.contract) == (0, True, 80, 100)
    assert h.marriages[0][2] == 20 and h.marriages[0][1] is not h.trump
    assert h.points == [81, 9, 30] and h.hand_totals() == [101, 9, 30]
    assert h.made()
    assert m.scores == [301, 492, 471]


def test_12_declare_object_text_roundtrip():
    g = Game501()
    for t in ["declare ♥ 100", "declare NT 66", "give 10♦", "play K♠ marriage", "bid 80", "look", "abandon"]:
        assert str(g.parse_action(t)) == t
    assert g.parse_action("declare H 100") == Declare(Suit.HEARTS, 100)
    assert MIN_BID == 66 and MAX_BID == 220


# ---------------------------------------------------------------- views (§6, §7)


def test_views_hide_own_cards_while_blind_and_others_always(deal501, act):
    s = deal501(*D)
    v = s.view(0)
    assert v.hands == [7, 7, 7] and v.talon == 3  # blind: A sees none of A's own cards
    act(s, "look")
    v = s.view(0)
    assert v.hands[0] == Cards.parse(D[0][0]) and v.hands[1:] == [7, 7] and v.talon == 3
    assert s.view(1).hands == [7, 7, 7]
    full = s.view()
    assert full.hands == [Cards.parse(h) for h in D[0]] and full.talon == Cards.parse(D[1])


def test_views_show_the_talon_taken_after_the_auction_and_hide_gives(deal501, act):
    """rules.md 501 §7: the winner turns the three talon cards face up for all and adds them to
    hand: from then on every view (the full one too) shows the talon empty, the bidder's hand
    holds its cards, and every seat is told which cards they were."""
    s = act(deal501(*D), "look", "bid 66")
    assert [s.view(seat).talon for seat in (0, 1, 2)] == [3, 3, 3] and s.view().talon == Cards.parse(D[1])
    act(s, "pass", "pass")
    talon = Cards.parse(D[1])
    for seat in (0, 1, 2, None):
        v = s.view(seat)
        assert v.talon == Cards([]) and v.extra["talon_taken"] == talon
        assert v.notes(["A", "B", "C"])[0] == "A turned up the talon and took it: " + " ".join(map(str, talon))
    assert all(c in s.view(0).hands[0] for c in talon) and len(s.view(0).hands[0]) == 10
    assert s.view(1).hands[1] == Cards.parse(D[0][1])  # blindness ends with the auction
    act(s, "declare S 66", "give QC", "give 9C")
    assert s.view(1).extra["gives"] == [(0, 1, Card.parse("QC")), (0, 2, None)]
    assert s.view(2).extra["gives"] == [(0, 1, None), (0, 2, Card.parse("9C"))]
    assert s.view(0).extra["gives"] == s.view().extra["gives"]
    assert s.view(2).hands[0] == 8 and s.view(2).hands[1] == 8


def test_4_shuffle_and_cut_are_seeded_permutations():
    g = Game501()
    packs = [g.shuffled_pack(random.Random(s)) for s in (1, 1, 2)]
    assert packs[0] == packs[1] != packs[2]
    assert all(sorted(p, key=str) == sorted(g.new_pack(), key=str) for p in packs)
    m1, m2 = Match(g, seed=9), Match(g, seed=9)
    assert m1.new_hand().pack == m2.new_hand().pack


def test_10_made_contract_not_blind_is_single():
    """The made example's deal and play, but A looks first: 501 − 100 = 401 (not 301)."""
    m = load(EXAMPLES / "501_worked_blind_contract_made.json")
    hand = m.hands[0]
    s = Game501(3).new_hand(hand.dealer, [501] * 3, hand.pack)
    s.apply_action("look")
    for a in hand.history():
        s.apply_action(a)
    assert s.made() and s.scores_after() == [401, 492, 471]


#: Each 501 statement of the rule texts (the shared rule-statements list) and the tests that check it.
STATEMENTS = {
    "501-cards-1": ["test_3_pack_ranks_and_points", "test_3_rank_order_decides_tricks"],
    "501-cards-2": ["test_3_pack_ranks_and_points", "test_8_eight_tricks_and_120_points"],
    "501-cards-3": ["test_1_only_three_or_four_players"],
    "501-cards-4": ["test_1_four_players_dealer_sits_out", "test_1_four_players_abandon_leaves_the_dealer_alone",
                    "test_7_gives_skip_the_sitting_out_dealer"],
    "501-cards-5": ["test_1_everyone_starts_at_501"],
    "501-deal-1": ["test_2_first_dealer_drawn_from_the_seed",
                   "test_2_deal_moves_left_after_every_hand_including_all_pass_and_abandon"],
    "501-deal-2": ["test_4_shuffle_and_cut_are_seeded_permutations", "test_4_deal_mapping_three_players"],
    "501-deal-3": ["test_4_deal_mapping_three_players", "test_4_deal_mapping_four_players"],
    "501-auction-1": ["test_5_first_speaker_is_left_of_dealer"],
    "501-auction-2": ["test_5_bids_from_66_above_the_standing_bid_up_to_220"],
    "501-auction-3": ["test_5_speaking_order_skips_passed_players_and_a_pass_is_final",
                      "test_5_auction_ends_when_a_bid_stands_and_the_others_have_passed",
                      "test_5_last_speaker_may_bid_after_two_passes_and_wins_at_once"],
    "501-auction-4": ["test_5_all_pass_changes_no_score_and_the_deal_moves"],
    "501-blind-1": ["test_6_everyone_starts_blind_and_looking_is_final", "test_6_blind_abandon_doubles_the_last_bid"],
    "501-blind-2": ["test_6_blind_then_looking_loses_the_doubling", "test_6_worked_example_with_a_look_is_not_doubled",
                    "test_10_made_contract_not_blind_is_single"],
    "501-blind-3": ["test_12_worked_example_record", "test_12_worked_example_made_record"],
    "501-blind-4": ["test_6_defenders_never_double"],
    "501-contract-1": ["test_7_winner_takes_the_talon_and_declares_at_least_the_last_bid",
                       "test_views_show_the_talon_taken_after_the_auction_and_hide_gives"],
    "501-contract-2": ["test_7_winner_takes_the_talon_and_declares_at_least_the_last_bid"],
    "501-contract-3": ["test_7_gives_go_to_the_left_opponent_first", "test_7_give_only_own_cards"],
    "501-contract-4": ["test_9_marriages_never_change_trumps_and_several_may_be_declared"],
    "501-contract-5": ["test_7_abandon_scores_the_bid_and_25_to_each_opponent",
                       "test_7_abandon_pushing_an_opponent_to_zero_ends_the_match"],
    "501-play-1": ["test_8_first_lead_is_left_of_the_dealer_whoever_won"],
    "501-play-2": ["test_8_must_follow_suit", "test_8_void_player_must_trump_with_any_trump",
                   "test_8_void_without_trumps_plays_anything", "test_8_no_trump_void_player_plays_anything"],
    "501-play-3": ["test_8_void_player_must_trump_with_any_trump"],
    "501-play-4": ["test_3_rank_order_decides_tricks", "test_8_must_follow_suit", "test_8_eight_tricks_and_120_points"],
    "501-marriage-1": ["test_9_marriage_values", "test_9_marriage_only_when_leading_and_with_both_cards"],
    "501-marriage-2": ["test_9_marriage_values"],
    "501-marriage-3": ["test_9_marriage_by_a_player_who_wins_no_trick_does_not_count",
                       "test_9_marriage_counts_when_a_trick_is_won_later"],
    "501-marriage-4": ["test_9_marriage_values"],
    "501-marriage-5": ["test_9_marriage_impossible_after_giving_a_member_away",
                       "test_9_marriage_impossible_after_playing_a_member"],
    "501-marriage-6": ["test_9_marriages_never_change_trumps_and_several_may_be_declared"],
    "501-score-1": ["test_9_marriage_values", "test_12_worked_example_record"],
    "501-score-2": ["test_10_made_contract_and_defenders_minus_their_totals", "test_10_failed_contract_adds_the_contract"],
    "501-score-3": ["test_12_worked_example_record", "test_12_worked_example_made_record"],
    "501-score-4": ["test_10_made_contract_and_defenders_minus_their_totals", "test_12_worked_example_record"],
    "501-end-1": ["test_7_abandon_pushing_an_opponent_to_zero_ends_the_match", "test_11_no_end_while_every_score_is_positive"],
    "501-end-2": ["test_11_lowest_score_at_or_below_zero_wins", "test_11_simultaneous_finish_exact_tie_shares_the_win",
                  "test_11_abandon_tie_of_two_opponents"],
    "501-end-3": ["test_11_no_end_while_every_score_is_positive", "test_5_all_pass_changes_no_score_and_the_deal_moves"],
    "501-example-1": ["test_12_worked_example_record", "test_12_worked_example_made_record"],
}


def test_every_rule_statement_has_tests():
    assert len(STATEMENTS) == 39
    for statement, names in STATEMENTS.items():
        for name in names:
            assert callable(globals().get(name)), f"{statement}: no test {name}"
