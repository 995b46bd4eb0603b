"""Five Hundred, four players: every rules.md 500 item with hand-made positions."""

import csv
import io
from pathlib import Path

import pytest

from cardkit import Card, Cards, IllegalActionError, Match, Suit, UnknownOptionError, find_game
from cardkit.cards import JOKER
from cardkit.game500 import (Bid, Contract, Game500, Options500, bid_ladder_csv, ladder,
                             pack_500, parse_action)
from cardkit.game import TALON

ROOT = Path(__file__).resolve().parents[1]
C = Card.parse


def deal(hands=None, kitty=None, dealer=3, game=None, scores=None):
    """A new hand dealt by ``dealer`` (seat 0 speaks first when dealer is 3)."""
    g = game or Game500()
    return g.new_hand(dealer, scores or [0] * g.players, g.arrange(dealer, hands or {}, kitty))


def run(st, *actions):
    for a in actions:
        st.apply_action(a)
    return st


def contract(st, bid, bury=None):
    """Seat 0 bids ``bid``, the others pass, seat 0 buries ``bury`` (default: the kitty)."""
    kitty = list(st.kitty)
    run(st, f"bid {bid}", "pass", "pass", "pass")
    for c in bury or kitty:
        st.apply_action(f"bury {c.code if isinstance(c, Card) else c}")
    return st


def play_first(st):
    """Everyone plays their first legal action until the hand ends."""
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    return st


def until(st, seat=0):
    """The others play their first legal card until ``seat`` is to act (or the hand ends)."""
    while not st.is_terminal() and st.current_player() != seat:
        st.apply_action(st.legal_actions()[0])
    return st


def texts(actions):
    return [str(a) for a in actions]


def snapshot(st):
    return (repr(st.view()), texts(st.history()), st.phase, st.current_player())


# ---------------------------------------------------------------- §1–§3 seats, pack, deal


def test_sides_are_opposite_seats():
    g = Game500()
    assert g.units == ((0, 2), (1, 3))
    assert g.partners(1) == (3,)


def test_pack_of_43():
    pack = pack_500(4)
    assert len(pack) == 43 == len(set(pack))
    by_suit = {s: sorted(c.rank.label for c in pack if c.suit is s) for s in Suit}
    assert len(by_suit[Suit.SPADES]) == len(by_suit[Suit.CLUBS]) == 10
    assert len(by_suit[Suit.DIAMONDS]) == len(by_suit[Suit.HEARTS]) == 11
    assert C("5S") in pack and C("4S") not in pack and C("4C") not in pack and C("4H") in pack
    assert JOKER in pack


def test_deal_in_packets():
    g = Game500()
    t = g.deal_targets(dealer=0)
    assert t[:13] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, TALON]
    assert t[13:30] == [1] * 4 + [2] * 4 + [3] * 4 + [0] * 4 + [TALON]
    assert t[30:] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, TALON]
    st = g.new_hand(0, [0] * 4, g.new_pack())
    assert [len(h) for h in st.hands] == [10] * 4 and len(st.kitty) == 3
    pack = g.new_pack()
    assert st.kitty == [pack[12], pack[29], pack[42]]
    assert st.hands[1][:4] == list(pack[0:3]) + [pack[13]]


# ---------------------------------------------------------------- §4 auction and ladder


def test_ladder_values_and_checked_examples():
    assert Contract.parse("6S").value == 40
    assert Contract.parse("8H").value == 300
    assert Contract.parse("10NT").value == 520
    assert Contract.parse("8♠").value == 240
    assert Contract.parse("misere").value == 250 and Contract.parse("open misere").value == 500
    values = {str(c): c.value for c in ladder()}
    assert values["7♥"] == 200 and values["9♣"] == 360 and values["10♦"] == 480


def test_ladder_order_both_placements():
    seven = [str(c) for c in ladder("after-seven")]
    eight = [str(c) for c in ladder("after-eight-spades")]
    assert len(seven) == len(eight) == 27
    assert seven[0] == "6♠" and seven[-1] == "10NT"
    assert seven.index("misère") == seven.index("7NT") + 1 == seven.index("8♠") - 1
    assert eight.index("misère") == eight.index("8♠") + 1 == eight.index("8♣") - 1
    for order in (seven, eight):
        assert order.index("open misère") == order.index("10♦") + 1 == order.index("10♥") - 1
    # plain misère (250) is worth more than the 8♠ (240) that outranks it under after-seven (§15)
    lad = ladder()
    assert lad.index(Contract.parse("misere")) < lad.index(Contract.parse("8S"))
    assert Contract.parse("misere").value > Contract.parse("8S").value
    trick_bids = [c for c in lad if not c.is_misere]
    assert trick_bids == sorted(trick_bids, key=lambda c: (c.tricks, c.step))


def test_bid_ladder_csv_is_generated_from_the_engine():
    text = (ROOT / "data" / "bid_ladder_500.csv").read_text(encoding="utf-8")
    assert text == bid_ladder_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 27
    by = {r["code"]: r for r in rows}
    assert by["misere"]["rank_after_seven"] == "11" and by["misere"]["rank_after_eight_spades"] == "12"
    assert by["8H"]["value"] == "300" and by["open-misere"]["rank_after_seven"] == "25"


def test_contract_and_action_text_round_trip():
    for c in ladder():
        assert Contract.parse(str(c)) is c and Contract.parse(c.code) is c
        b = Bid(c)
        assert parse_action(str(b)) == b and eval(repr(b)) == b  # noqa: S307 - repr pastes back
    for text in ("pass", "bury 5♠", "nominate ♥", "nominate none", "play Jo naming ♦", "play 10♥", "call A♥",
                 "go alone"):
        assert str(parse_action(text)) == text
    for bad in ("bid 5S", "bid 11H", "bid 8X", "play KS marriage", "shout"):
        with pytest.raises(ValueError, match="cannot read"):
            parse_action(bad)


def test_auction_opens_left_of_dealer_and_a_pass_is_final():
    st = deal(dealer=1)
    assert st.current_player() == 2
    run(st, "bid 6S", "pass", "bid 6C")  # 2 bids, 3 passes, 0 bids
    assert st.current_player() == 1
    run(st, "pass", "bid 7S")  # 1 passes, 2 bids: 3 is skipped for good
    assert st.current_player() == 0
    run(st, "pass")
    assert st.phase == "bury" and st.contractor == 2 and str(st.contract) == "7♠"


def test_all_pass_throws_the_hand_in():
    g = Game500()
    m = Match(g, seed=1, dealer=0)
    st = m.new_hand()
    for _ in range(4):
        m.apply_action("pass")
    assert st.is_terminal() and st.summary() == "thrown in" and st.returns() == [0, 0, 0, 0]
    assert m.outcome is None and m.dealer == 1 and m.scores == [0, 0, 0, 0]


def test_bid_must_outrank_and_rejection_changes_nothing():
    st = run(deal(), "bid 8H")
    before = snapshot(st)
    with pytest.raises(IllegalActionError, match=r"8♦ does not outrank the standing bid of 8♥.*rules.md 500 §4"):
        st.apply_action("bid 8D")
    assert snapshot(st) == before
    assert "bid 8NT" in texts(st.legal_actions()) and "bid 8♥" not in texts(st.legal_actions())


def test_misere_only_after_a_seven_open_misere_any_time():
    st = deal()
    legal = texts(st.legal_actions())
    assert "bid misère" not in legal and "bid open misère" in legal
    with pytest.raises(IllegalActionError, match="only once somebody has bid seven"):
        st.apply_action("bid misere")
    run(st, "bid 6NT")
    assert "bid misère" not in texts(st.legal_actions())
    run(st, "bid 7S")
    assert "bid misère" in texts(st.legal_actions())
    # an eight also counts as "seven or more" (§16)
    st = run(deal(), "bid 8S")
    assert "bid misère" not in texts(st.legal_actions())  # under after-seven misère ranks below 8♠
    g = Game500(misere="after-eight-spades")
    st = run(deal(game=g), "bid 8S")
    assert "bid misère" in texts(st.legal_actions())
    st = run(deal(game=g), "bid open-misere")
    assert texts(st.legal_actions()) == ["pass", "bid 10♥", "bid 10NT"]


# ---------------------------------------------------------------- §5 kitty


def test_kitty_goes_to_the_contractor_who_buries_three_and_leads():
    st = deal({0: "AH KH QH 10H 9H 8H 7H AS KS QS"}, kitty="4D 5D 6D")
    run(st, "bid 7H", "pass", "pass", "pass")
    assert st.phase == "bury" and len(st.hands[0]) == 13 and st.kitty == []
    assert st.view(1).hands[0] == 13 and st.view(1).talon == 0
    run(st, "bury 4D", "bury AS")
    with pytest.raises(IllegalActionError, match="not in A's hand"):
        st.apply_action("bury 4D")
    run(st, "bury 6D")
    assert st.phase == "play" and st.current_player() == 0 and len(st.hands[0]) == 10
    assert st.view(0).extra["buried"] == Cards.parse("4D AS 6D") and st.view(2).extra["buried"] == 3
    assert all(len(h) == 10 for h in st.hands)


# ---------------------------------------------------------------- §6 trumps and bowers


@pytest.mark.parametrize("trump,depth", [("S", 12), ("C", 12), ("D", 13), ("H", 13)])
def test_trumps_run_12_deep_black_13_red(trump, depth):
    st = contract(deal(), f"6{trump}")
    t = Suit.parse(trump)
    trumps = [c for c in st.game.new_pack() if st.suit_of(c) is t]
    assert len(trumps) == depth
    same_colour = [c for c in st.game.new_pack() if st.suit_of(c) is t.partner]
    assert len(same_colour) == depth - 3 and all(c.rank.label != "J" for c in same_colour)


def test_trump_order_joker_right_left_then_ace():
    st = contract(deal(), "6H")
    trumps = sorted((c for c in st.game.new_pack() if st.suit_of(c) is Suit.HEARTS),
                    key=lambda c: -st.power(c, Suit.SPADES))
    assert str(Cards(trumps)) == "Jo J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥"
    diamonds = sorted((c for c in st.game.new_pack() if st.suit_of(c) is Suit.DIAMONDS),
                      key=lambda c: -st.power(c, Suit.DIAMONDS))
    assert str(Cards(diamonds)) == "A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦"
    # any trump beats the best card of the suit led; a card off the led suit loses
    assert st.power(C("4H"), Suit.DIAMONDS) > st.power(C("AD"), Suit.DIAMONDS) > st.power(C("AS"), Suit.DIAMONDS)


def _left_bower_position(seat1):
    st = deal({0: "9H 9D AS KS QS AC KC QC 10C 9C", 1: seat1}, kitty="JS JC 10S")
    return contract(st, "6H")


def test_left_bower_follows_trumps_not_its_printed_suit():
    st = _left_bower_position("JD 5S 6S 7S 8C 9S 5C 6C 7C 8D")
    run(st, "play 9H")
    assert texts(st.legal_actions()) == ["play J♦"]
    before = snapshot(st)
    with pytest.raises(IllegalActionError) as e:
        st.apply_action("play 8D")
    assert "must follow ♥: B holds J♦ (J♦ is a heart and a trump here)" in str(e.value)
    assert e.value.rule == "rules.md 500 §7"
    assert snapshot(st) == before


def test_left_bower_is_not_a_diamond():
    st = _left_bower_position("JD 5S 6S 7S 8C 9S 5C 6C 7C 8D")
    run(st, "play 9D")
    assert texts(st.legal_actions()) == ["play 8♦"]
    with pytest.raises(IllegalActionError, match=r"must follow ♦: B holds 8♦ \(J♦ is a heart and a trump here\)"):
        st.apply_action("play JD")
    # holding the J♦ as its only "diamond", B is void in diamonds and may play anything
    st = _left_bower_position("JD 5S 6S 7S 8C 9S 5C 6C 7C 6H")
    run(st, "play 9D")
    assert len(st.legal_actions()) == 10


def test_trick_to_highest_trump_else_best_of_led_suit():
    st = deal({0: "AD 9H 5S 6S 7S 8S 9S 10S QS KS", 1: "KD 4H AS", 2: "QD 5D", 3: "JH 6D"},
              kitty="AC KC QC")
    contract(st, "6H")
    run(st, "play AD", "play KD", "play QD", "play 6D")
    assert st.tricks[0].winner == 0
    run(st, "play 9H", "play 4H")  # B must follow trumps
    run(st, st.legal_actions()[0], "play JH")
    assert st.tricks[1].winner == 3  # the right bower


# ---------------------------------------------------------------- §8 the joker in no-trump and misère


def _nt(seat0, seat1="", game=None, bid="6NT", kitty="10S 10C 10D", nominate="none"):
    st = deal({0: seat0, **({1: seat1} if seat1 else {})}, kitty=kitty, game=game)
    contract(st, bid)
    if st.phase == "nominate":
        st.apply_action(f"nominate {nominate}")
    return st


def test_nomination_offered_only_to_a_contractor_holding_the_joker():
    st = contract(deal({0: "JK AS"}, kitty="10S 10C 10D"), "6NT")
    assert st.phase == "nominate" and st.current_player() == 0
    assert texts(st.legal_actions()) == ["nominate ♠", "nominate ♣", "nominate ♦", "nominate ♥", "nominate none"]
    with pytest.raises(IllegalActionError, match="nominate its suit"):
        st.apply_action("play AS")
    run(st, "nominate H")
    assert st.phase == "play" and st.suit_of(JOKER) is Suit.HEARTS and st.nominated is Suit.HEARTS
    assert st.power(JOKER, Suit.HEARTS) > st.power(C("AH"), Suit.HEARTS)
    assert st.power(JOKER, Suit.SPADES) < 0  # an ordinary heart now
    st = contract(deal({1: "JK"}, kitty="10S 10C 10D"), "6NT")
    assert st.phase == "play"  # no joker, no nomination
    st = contract(deal({0: "JK AS"}, kitty="10S 10C 10D"), "6H")
    assert st.phase == "play" and st.suit_of(JOKER) is Suit.HEARTS  # in a suit contract it is a trump
    g = Game500(**{"no-nt-nomination": True})
    assert contract(deal({0: "JK AS"}, kitty="10S 10C 10D", game=g), "6NT").phase == "play"
    assert contract(deal({0: "JK AS"}, kitty="10S 10C 10D", game=g), "7S").phase == "play"


def test_no_nt_nomination_keeps_it_for_misere():
    g = Game500(**{"no-nt-nomination": "on"})
    st = deal({0: "JK AS"}, kitty="10S 10C 10D", game=g, dealer=2)
    run(st, "bid 7S", "bid misere", "pass", "pass", "pass")
    run(st, "bury 10S", "bury 10C", "bury 10D")
    assert st.phase == "nominate"


def test_unnominated_joker_follows_only_when_void():
    seat1 = "JK 5S 6S 7S 8S 5C 6C 7C 8C 9C"
    st = _nt("AS KS QS AD KD QD JD AC KC QC", seat1)
    run(st, "play AS")
    assert texts(st.legal_actions()) == ["play 5♠", "play 6♠", "play 7♠", "play 8♠"]
    # the cards B could follow with, listed as the hand is held: highest first (not in engine order)
    with pytest.raises(IllegalActionError, match="^B cannot play the joker: the joker may follow only when void in ♠: "
                                                 "B holds 8♠ 7♠ 6♠ 5♠ "):
        st.apply_action("play JK")
    st = _nt("AS KS QS AD KD QD JD AC KC QC", seat1)
    run(st, "play AD")  # B is void in diamonds: anything, the joker included, need not be played
    assert len(st.legal_actions()) == 10 and "play Jo" in texts(st.legal_actions())


def test_misere_must_play_the_joker_when_void():
    seat0 = "JK 5S 6S 7S 8S 5C 6C 7C 8C 9C"
    st = deal({1: "4D 4H 5H 6H 7H 8H 9H 10H QH KH", 0: seat0},
              kitty="10S 10C 10D", dealer=0)
    run(st, "bid open misere", "pass", "pass", "pass", "bury 10S", "bury 10C", "bury 10D")
    assert st.phase == "play" and st.contractor == 1 and st.sitting_out == (3,)
    run(st, "play 4D")  # seat 2 next, then seat 0 (seat 3 sits out)
    assert st.current_player() == 2
    run(st, st.legal_actions()[0])
    assert st.current_player() == 0
    assert texts(st.legal_actions()) == ["play Jo"]
    with pytest.raises(IllegalActionError, match="void in ♦ under misère, A must play the joker"):
        st.apply_action("play 5S")


def test_misere_must_play_binds_the_contractor():
    st = deal({0: "JK 4D 5C 6C 7C 8C 9C 10C 4H 5H", 1: "AD KD QD 5S 6S 7S 8S 9S AH KH"},
              kitty="10S JS QS")
    run(st, "bid open misere", "pass", "pass", "pass", "bury 10S", "bury JS", "bury QS", "nominate none")
    run(st, "play 4D", "play AD")  # seat 2 sits out
    run(st, st.legal_actions()[0])
    assert st.tricks[0].winner == 1 and st.current_player() == 1
    run(st, "play 5S")
    run(st, st.legal_actions()[0])
    assert st.current_player() == 0 and texts(st.legal_actions()) == ["play Jo"]


def _four_aces():
    return _nt("JK AS AC AD AH KS KC KD KH QS", kitty="10S 10C 10D")


def test_joker_lead_strict_names_only_unled_suits():
    st = _four_aces()
    leads = [t for t in texts(st.legal_actions()) if t.startswith("play Jo")]
    assert leads == ["play Jo naming ♠", "play Jo naming ♣", "play Jo naming ♦", "play Jo naming ♥"]
    with pytest.raises(IllegalActionError, match="name the suit"):
        st.apply_action("play JK")
    for ace in ("AS", "AC", "AD"):
        run(st, f"play {ace}")
        while st.current_player() != 0:
            run(st, st.legal_actions()[0])
        assert st.tricks[-1].winner == 0
    assert [t for t in texts(st.legal_actions()) if t.startswith("play Jo")] == ["play Jo naming ♥"]
    with pytest.raises(IllegalActionError, match="♠ has been led already this hand, and a led joker names only a suit nobody has led "
                       r"\(any suit on the last trick; leading the joker: a suit nobody has led\)"):
        st.apply_action("play JK naming S")
    run(st, "play AH")
    while st.current_player() != 0:
        run(st, st.legal_actions()[0])
    assert not [t for t in texts(st.legal_actions()) if t.startswith("play Jo")]  # all four led
    # with every suit led, an unnamed joker lead is refused for that reason, not for the missing suit
    assert "every suit has been led already this hand" in st.why_illegal("play JK")
    assert "name the suit" not in st.why_illegal("play JK")


def test_an_unnamed_joker_lead_says_why_the_joker_may_not_lead():
    """rules.md 500 §8: where the reading lets the joker lead, the message asks for the suit; where it
    does not, it gives the reading's reason (lead last before the final trick)."""
    assert "name the suit" in _four_aces().why_illegal("play JK")
    last = _nt("JK AS AC AD AH KS KC KD KH QS", kitty="10S 10C 10D", game=Game500(**{"joker-lead-last": True}))
    assert "may not lead before the final trick" in last.why_illegal("play JK")


def test_joker_lead_loose_any_suit_any_trick():
    st = _nt("JK AS AC AD AH KS KC KD KH QS", kitty="10S 10C 10D", game=Game500(**{"joker-lead": "loose"}))
    for ace in ("AS", "AC", "AD", "AH"):
        run(st, f"play {ace}")
        while st.current_player() != 0:
            run(st, st.legal_actions()[0])
    assert len([t for t in texts(st.legal_actions()) if t.startswith("play Jo")]) == 4


def test_joker_led_names_the_suit_others_follow_and_wins():
    st = _four_aces()
    run(st, "play JK naming H")
    assert st.trick.led_suit is Suit.HEARTS and Suit.HEARTS in st.led_suits
    legal = [a.card for a in st.legal_actions()]
    assert all(c.suit is Suit.HEARTS for c in legal) or not any(c.suit is Suit.HEARTS for c in st.hands[1])
    while st.current_player() != 0:
        run(st, st.legal_actions()[0])
    assert st.tricks[0].winner == 0


def test_joker_lead_last_only_on_the_final_trick():
    st = _nt("JK AS AC AD AH KS KC KD KH QS", kitty="10S 10C 10D", game=Game500(**{"joker-lead-last": True}))
    assert not [t for t in texts(st.legal_actions()) if t.startswith("play Jo")]
    with pytest.raises(IllegalActionError, match="may not lead before the final trick"):
        st.apply_action("play JK naming S")
    for card in ("AS", "AC", "AD", "AH", "KS", "KC", "KD", "KH", "QS"):
        run(st, f"play {card}")
        until(st, 0)
        assert st.tricks[-1].winner == 0
        if len(st.tricks) < 9:
            assert not [t for t in texts(st.legal_actions()) if t.startswith("play Jo")]
    assert len(st.tricks) == 9
    assert texts(st.legal_actions()) == ["play Jo naming ♠", "play Jo naming ♣", "play Jo naming ♦",
                                         "play Jo naming ♥"]


def _void_then_joker(game):
    """B discards on a diamond lead (shown void in ♦), then faces a second diamond lead holding the joker."""
    st = _nt("AD KD QD 4D AS KS QS AC KC QC", "JK 5S 6S 7S 8S 5C 6C 7C 8C 9C", game=game, kitty="10S 10C 10H")
    run(st, "play AD", "play 5S")
    until(st, 0)
    run(st, "play KD")
    return st


@pytest.mark.parametrize("how,joker_legal", [("off", True), ("last-card-exempt", False),
                                             ("last-card-loses", False)])
def test_joker_void_bars_a_suit_shown_void(how, joker_legal):
    st = _void_then_joker(Game500(**{"joker-void": how}))
    assert st.current_player() == 1 and Suit.DIAMONDS in st.shown_void[1]
    assert ("play Jo" in texts(st.legal_actions())) is joker_legal
    if not joker_legal:
        with pytest.raises(IllegalActionError, match=r"shown void in ♦ before, so the joker may not"):
            st.apply_action("play JK")


def test_joker_void_last_card_exempt_or_loses():
    # B keeps the joker to the last trick, having shown void in the suit then led
    results = {}
    for how in ("last-card-exempt", "last-card-loses"):
        g = Game500(**{"joker-void": how})
        st = _nt("AD KD QD 4D AS KS QS AC KC QC", "JK 5S 6S 7S 8S 5C 6C 7C 8C 9C", game=g, kitty="10S 10C 10H")
        order = ["AD", "KD", "QD", "AS", "KS", "QS", "AC", "KC", "QC", "4D"]
        for card in order:
            run(st, f"play {card}")
            while not st.is_terminal() and st.current_player() != 0:
                legal = st.legal_actions()
                non_joker = [a for a in legal if a.card is not JOKER]
                run(st, (non_joker or legal)[0])
            if st.is_terminal():
                break
        last = st.tricks[-1]
        assert (1, JOKER) in last.plays and last.led_suit is Suit.DIAMONDS
        results[how] = last.winner
    assert results["last-card-exempt"] == 1 and results["last-card-loses"] != 1


def test_joker_lead_any_names_suits_not_shown_void():
    g = Game500(**{"joker-lead-any": True})
    st = _nt("AD KD QD 4D AS KS QS AC KC 4H", "JK AH 6S 7S 8S 5C 6C 7C 8C 9C", game=g, kitty="10S 10C 10H")
    run(st, "play AD", "play 6S")  # B shows void in diamonds
    until(st, 0)
    run(st, "play 4H", "play AH")  # the best heart: B wins and leads
    until(st, 1)
    assert st.tricks[-1].winner == 1 and Suit.DIAMONDS in st.shown_void[1]
    leads = [t for t in texts(st.legal_actions()) if t.startswith("play Jo")]
    assert leads == ["play Jo naming ♠", "play Jo naming ♣", "play Jo naming ♥"]  # strict: ♠ ♣ only
    with pytest.raises(IllegalActionError, match="B has shown void in ♦, so the joker may not name it"):
        st.apply_action("play JK naming D")
    strict = _nt("AD KD QD 4D AS KS QS AC KC 4H", "JK AH 6S 7S 8S 5C 6C 7C 8C 9C", kitty="10S 10C 10H")
    for a in st.history()[len(strict.history()):]:
        strict.apply_action(a)
    assert [t for t in texts(strict.legal_actions()) if t.startswith("play Jo")] == ["play Jo naming ♠",
                                                                                    "play Jo naming ♣"]


def test_joker_first_last():
    g = Game500(**{"joker-first-last": True})
    st = _nt("AS KS QS AD KD QD JD AC KC QC", "JK 5S 6S 7S 8S 5C 6C 7C 8C 9C", game=g)
    run(st, "play AS")
    assert "play Jo" in texts(st.legal_actions())  # B's first card of spades
    run(st, "play 5S")
    until(st, 0)
    run(st, "play KS")
    assert "play Jo" not in texts(st.legal_actions())  # between first and last
    with pytest.raises(IllegalActionError, match="only as B's first or last card of it"):
        st.apply_action("play JK")


# ---------------------------------------------------------------- §9 misère


def test_misere_partner_sits_out_and_hand_stops_on_a_trick():
    st = deal({0: "AS 4H 5H 6H 7H 8H 9H 10H QH KH", 1: "KS"}, kitty="10S 10C 10D")
    run(st, "bid 7C", "bid misere", "pass", "pass", "pass")
    assert st.contractor == 1 and st.sitting_out == (3,) and st.active == (0, 1, 2)
    run(st, "bury 10S", "bury 10C", "bury 10D")
    assert st.current_player() == 1
    run(st, "play KS")
    assert st.current_player() == 2
    run(st, st.legal_actions()[-1])
    assert st.current_player() == 0  # seat 3 is skipped
    assert texts(st.legal_actions()) == ["play A♠"]
    run(st, "play AS")
    assert st.tricks[0].winner == 0 and not st.is_terminal() and st.current_player() == 0
    # the contractor wins a trick: the hand stops there, cards stay in hand, nobody scores tricks
    st = deal({1: "AS 4H 5H 6H 7H 8H 9H 10H QH KH"}, kitty="10S 10C 10D")
    run(st, "bid 7C", "bid misere", "pass", "pass", "pass", "bury 10S", "bury 10C", "bury 10D", "play AS")
    until(st, 1)
    assert st.is_terminal() and st.stopped and not st.made()
    assert st.returns() == [0, -250, 0, -250] and st.summary() == "B misère: failed at trick 1"
    assert [len(h) for h in st.hands] == [9, 9, 9, 10]


def test_open_misere_made_pays_500_and_defenders_nothing():
    st = deal({0: "5S 6S 5C 6C 4D 5D 6D 4H 5H 6H"}, kitty="AS AC AD")
    run(st, "bid open misere", "pass", "pass", "pass", "bury AS", "bury AC", "bury AD")
    play_first(st)  # the lowest card of every suit: every trick goes to a defender
    assert st.tricks_won == [0, 0, 0, 10] and st.made() and len(st.tricks) == 10
    assert st.returns() == [500, 0, 500, 0] and st.summary() == "A open misère: made"


def test_open_misere_exposes_the_hand_after_the_first_trick():
    st = deal({1: "4D 4H 5H 6H 7H 8H 9H 10H 5C 6C", 0: "AD"}, kitty="10S 10C 10D", dealer=0)
    run(st, "bid open misere", "pass", "pass", "pass", "bury 10S", "bury 10C", "bury 10D")
    assert isinstance(st.view(2).hands[1], int)
    run(st, "play 4D")
    while len(st.tricks) == 0:
        run(st, st.legal_actions()[0])
    assert st.view(2).hands[1] == Cards(st.held_order(st.hands[1])) and st.view(2).extra["exposed"]  # as held
    assert isinstance(st.view(2).hands[0], int)


# ---------------------------------------------------------------- §10 scoring


def _spade_sweep(bid):
    st = deal({0: "JK JS JC AS KS QS 10S 9S 8S 7S"}, kitty="6S 5S AH")
    contract(st, bid, bury=["6S", "5S", "AH"])
    return play_first(st)


def test_sweep_below_250_pays_250_and_none_above():
    st = _spade_sweep("7S")
    assert st.tricks_won == [10, 0, 0, 0] and st.made()
    assert st.returns() == [250, 0, 250, 0]
    st = _spade_sweep("6S")  # 40, swept: 250
    assert st.returns() == [250, 0, 250, 0]
    st = _spade_sweep("9S")  # 340: no bonus above 250
    assert st.tricks_won == [10, 0, 0, 0] and st.returns() == [340, 0, 340, 0]


def test_made_contract_defenders_score_their_tricks():
    st = deal({0: "JK JS JC AS KS QS 10S 9S 5S 4H", 1: "AH"}, kitty="8S 7S 6S")
    contract(st, "6S", bury=["8S", "7S", "6S"])
    play_first(st)
    assert st.contract_tricks() == 9 and st.tricks_won[1] + st.tricks_won[3] == 1
    assert st.returns() == [40, 10, 40, 10] and st.summary() == "A 6♠: 9 tricks, made"


def test_failed_contract_defenders_still_score():
    st = deal({0: "5S 6S 7S 8S 9S 5C 6C 7C 8C 9C", 1: "JK JD JH AD KD QD 10D 9D 8D 7D"}, kitty="10S 10C 4H")
    contract(st, "6D")
    play_first(st)
    assert st.tricks_won[1] == 10 and not st.made()
    assert st.returns() == [-80, 100, -80, 100] and st.summary() == "A 6♦: 0 tricks, failed"


# ---------------------------------------------------------------- §11 winning


def _crossing_match(win, scores):
    g = Game500(win=win)
    m = Match(g, dealer=3, scores=scores)
    m.new_hand(g.arrange(3, {0: "JK JS JC AS KS QS 10S 9S 5S 4H", 1: "AH"}, kitty="8S 7S 6S"))
    for a in ("bid 6S", "pass", "pass", "pass", "bury 8S", "bury 7S", "bury 6S"):
        m.apply_action(a)
    while not m.is_over() and not m.state.is_terminal():
        m.apply_action(m.state.legal_actions()[0])
    return m  # A+C make 6♠ (+40), B+D take one trick (+10)


def test_bid_out_defending_points_do_not_win():
    m = _crossing_match("bid-out", [300, 490, 300, 490])
    assert m.scores == [340, 500, 340, 500] and m.outcome is None
    m = _crossing_match("points", [300, 490, 300, 490])
    assert m.outcome.winners == (1, 3)


def test_both_sides_cross_contractor_wins():
    for win in ("bid-out", "points"):
        m = _crossing_match(win, [460, 495, 460, 495])
        assert m.scores == [500, 505, 500, 505] and m.outcome.winners == (0, 2)


def test_minus_500_loses_outright():
    g = Game500()
    m = Match(g, dealer=3, scores=[-450, 0, -450, 0])
    m.new_hand(g.arrange(3, {0: "5S 6S 7S 8S 9S 5C 6C 7C 8C 9C", 1: "JK JD JH AD KD QD 10D 9D 8D 7D"},
                         kitty="10S 10C 4H"))
    for a in ("bid 6D", "pass", "pass", "pass", "bury 10S", "bury 10C", "bury 4H"):
        m.apply_action(a)
    while not m.state.is_terminal():
        m.apply_action(m.state.legal_actions()[0])
    assert m.scores == [-530, 100, -530, 100] and m.outcome.winners == (1, 3)


# ---------------------------------------------------------------- options, views, misc


def test_options_defaults_and_errors():
    g = find_game("500", 4)
    assert g.options == Options500().as_dict()
    assert g.options["misere"] == "after-seven" and g.options["joker-lead"] == "strict"
    assert g.options["joker-void"] == "off" and g.options["win"] == "bid-out"
    assert Game500(joker_lead="loose").rules.joker_lead == "loose"
    with pytest.raises(UnknownOptionError, match="use one of strict, loose"):
        find_game("500", 4, **{"joker-lead": "wild"})
    with pytest.raises(UnknownOptionError, match="unknown rule option 'trumps'.*misere, joker-lead"):
        find_game("500", 4, trumps="yes")
    with pytest.raises(UnknownOptionError, match="use true or false"):
        Game500(**{"joker-first-last": "maybe"})
    with pytest.raises(UnknownOptionError, match="contradict"):
        Game500(**{"joker-lead-any": True, "joker-lead-last": True})
    with pytest.raises(UnknownOptionError, match="3, 4, 5 or 6 players"):
        Game500(players=7)


def test_views_hide_other_hands():
    st = deal()
    v = st.view(2)
    assert v.hands[2] == Cards(st.hands[2]) and v.hands[0] == 10 and v.talon == 3
    assert st.view().talon == Cards(st.kitty)


def test_illegal_actions_in_every_phase_name_the_rule():
    st = deal()
    with pytest.raises(IllegalActionError, match=r"only pass or bid.*rules.md 500 §4"):
        st.apply_action("play AS")
    contract(st, "6S")
    with pytest.raises(IllegalActionError, match="not in"):
        st.apply_action("play " + next(c.code for c in st.game.new_pack() if c not in st.hands[0]))
    with pytest.raises(IllegalActionError, match="only an unnominated joker"):
        st.apply_action(f"play {st.hands[0][0].code} naming H")
    play_first(st)
    with pytest.raises(IllegalActionError, match="the hand is over"):
        st.apply_action("pass")
