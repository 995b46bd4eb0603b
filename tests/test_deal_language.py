"""The deal language (cardkit.explore.language): each test on hand-checked hands, every error
message, the command line's --where, and not/and/or against Python's on random hands."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import Card, Cards, find_game
from cardkit.cards import SUITS, Suit
from cardkit.cli import main
from cardkit.explore import (DealError, DealSyntaxError, Predeal, at_least, high_card_points, parse_constraints,
                             shape, trump_count)
from cardkit.explore.dealsfile import read_deals
from cardkit.explore.estimate import estimate_bid
from cardkit.game import TALON, deal_cards
from cardkit.registry import find_player

G501 = find_game("501", players=3)
G500 = find_game("500", players=4)


def check(game, text: str, hand: str, seat: int = 0) -> bool:
    """Whether ``hand`` meets the constraint ``text`` sets on ``seat``."""
    return parse_constraints(game, text)[seat](Cards.parse(hand))


# ---------------------------------------------------------------- each test, hand-checked


def test_trumps_count_the_bowers_and_the_joker_in_five_hundred_only():
    hand = "JD QH 9H JK AS KC 5S 6S 7C 8C"  # ♥ trumps: J♦ (left bower), Q♥, 9♥, Jo (rules.md 500 §6)
    assert trump_count(G500, Cards.parse(hand), Suit.HEARTS) == 4
    assert check(G500, "A: trumps(H) >= 4", hand) and check(G500, "A: trumps(♥) == 4", hand)
    assert not check(G500, "A: trumps(H) >= 5", hand)
    assert not check(G500, "A: ♥ >= 3", hand)  # the printed suit: Q♥ 9♥ only
    assert check(G500, "A: ♥ == 2", hand)
    assert not check(G500, "A: 3+H", hand)
    # ♦ trumps: J♦ (right bower) and the joker; J♥ would be the left bower
    assert check(G500, "A: trumps(D) == 2", hand) and check(G500, "A: trumps(D) == 3", "JD JH JK AS")
    # 501♠ has no bowers and no joker: trumps(H) is the ♥ count (rules.md 501 §8)
    assert check(G501, "A: trumps(H) == 2", "JD QH 9H AS KC 9S 9C")
    assert trump_count(G501, Cards.parse("JD QH 9H AS"), Suit.HEARTS) == 2


def test_shape_is_in_any_order():
    for hand in ("AS KS QS JS AH KH QH JH AD AC", "AS AH KH QH JH AD KD QD JD AC", "AS AC KC QC JC AH KH QH JH AD"):
        assert check(G500, "A: shape 4-4-1-1", hand) and check(G500, "A: shape 4411", hand)
        assert check(G500, "A: shape 1-4-1-4", hand)
    assert not check(G500, "A: shape 4-4-1-1", "AS KS QS JS AH KH QH AD KD AC")  # 4-3-2-1
    # the joker has no suit: a hand with it has 9 cards in the suits
    assert check(G500, "A: shape 3-3-2-1", "JK AS KS QS AH KH QH AD KD AC")
    assert check(G501, "B: shape 4-2-1-0", "AS 10S KS QS AH 10H KD", seat=1)
    assert check(G501, "talon: shape 3000", "AS 10S KS", seat=TALON)
    assert shape(5, 4, 3, 1)(Cards.parse("AS KS QS JS 10S AH KH QH JH AD KD QD AC"))


def test_hcp_counts_the_four_highest_of_each_suit_in_the_games_order():
    # Five Hundred: A 4, K 3, Q 2, J 1 (bridge's count); the joker 4
    assert check(G500, "A: hcp == 14", "AS KS QS JS 10S JK 9S 8S 7S 6S")
    assert high_card_points(G500)[Card.parse("JK")] == 4
    assert high_card_points(G500)[Card.parse("10H")] == 0
    # 501♠ ranks A 10 K Q J 9 (rules.md 501 §3): A 4, 10 3, K 2, Q 1, J and 9 nothing
    assert check(G501, "A: hcp == 10", "AS 10S KS QS JS 9S 9H")
    assert check(G501, "A: hcp >= 12 and hcp <= 12 and hcp > 11 and hcp < 13 and hcp != 11",
                 "AS AH AD 9S 9H 9D 9C")


def test_points_are_the_games_card_points():
    # 501♠: A 11, 10 10, K 4, Q 3, J 2, 9 0 (rules.md 501 §3): 11+10+4+3+2+0+11 = 41
    assert G501.card_points()[Card.parse("10S")] == 10 and G500.card_points() == {}
    assert check(G501, "A: points == 41", "AS 10S KS QS JS 9S AH")
    assert not check(G501, "A: points >= 42", "AS 10S KS QS JS 9S AH")


def test_cards_suits_voids_and_marriages():
    hand = "AS KS QS 10H JD 9C 9D"
    assert check(G501, "A: holds AS KS", hand) and check(G501, "A: holds A♠, K♠", hand)
    assert check(G501, "A: has JD", hand) and check(G501, "A: has J♦", hand)  # JD and J♦ name one card
    assert not check(G501, "A: holds AS AH", hand)
    assert check(G501, "A: void(C)", "AS KS QS 10H JD 9D 10D") and not check(G501, "A: void(C)", hand)
    assert check(G501, "A: not void ♣", hand)
    assert check(G501, "A: marriage(S)", hand) and not check(G501, "A: marriage(H)", hand)
    assert check(G501, "A: marriage", hand) and not check(G501, "A: marriage", "AS 10S KH QD JC 9C 9D")
    assert check(G501, "A: 3+♠ and ♠ >= 3 and spades == 3 and S <= 3", hand)
    assert not check(G501, "A: 4+♠", hand)
    assert check(G500, "A: has J♦ or has Jo", "JK AS KS QS AH KH QH AD KD AC")
    assert not check(G500, "A: has J♦ or has Jo", "JH AS KS QS AH KH QH AD KD AC")


def test_places_clauses_and_words():
    rules = parse_constraints(G501, ["A: 5+♥; B: ♠ >= 4 and ♥ <= 1", "talon: holds 10H", "b: not void(C)"])
    assert sorted(rules) == [TALON, 0, 1]
    assert str(rules[0]) == "at least 5 ♥"
    assert str(rules[1]) == "at least 4 ♠ and at most 1 ♥ and not (void in ♣)"
    assert str(rules[TALON]) == "holds 10♥"
    assert parse_constraints(G500, "kitty: holds Jo")[TALON](Cards.parse("JK 4H 5S"))
    assert sorted(parse_constraints(G501, "0: 5+H; 2: 5+S")) == [0, 2]
    words = parse_constraints(G500, "B: (trumps(H) >= 3 or holds Jo) and not hcp < 10; C: shape 5-4-1-0")
    assert str(words[1]) == ("(at least 3 trumps with ♥ trumps or holds Jo) and "
                             "not (fewer than 10 high-card points)")
    assert str(words[2]) == "shape 5-4-1-0 in any order"
    assert str(parse_constraints(G501, "A: ♥ == 2 or ♥ != 3 or ♥ > 4")[0]) == (
        "exactly 2 ♥ or other than 3 ♥ or more than 4 ♥")


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("game, text, message, column", [
    (G501, "A: holds ZZ", "ZZ is not a card: cards are written AS, 10H, J♦, Jo", 10),
    (G501, "A: has Jo", "Jo is not in the 501♠ pack", 8),
    (G501, "A: holds 2S", "2♠ is not in the 501♠ pack", 10),
    (G501, "Q: 5+♥", "'Q' is not a seat: the places are A, B, C and the talon", 1),
    (G501, "B: shape 4-4-4-4", "shape 4-4-4-4 has 16 cards; B holds 7", 4),
    (G500, "B: shape 4-4-4-4", "shape 4-4-4-4 has 16 cards; B holds 10 (9 in the suits with the joker)", 4),
    (G501, "talon: shape 4-0-0-0", "shape 4-0-0-0 has 4 cards; talon holds 3", 8),
    (G501, "A: shape 433", "shape 4-3-3 gives 3 suit lengths: give four", 10),
    (G501, "A: foo(H) >= 2", "'foo' is not a function: use trumps(S), void(S) or marriage(S)", 4),
    (G501, "A: hpc >= 12", "'hpc' is not a test: use hcp, points", 4),
    (G500, "A: points >= 30", "points: Five Hundred counts no card points (use hcp or trumps(S))", 4),
    (G501, "A: trumps(NT) >= 3", "trumps takes a suit (S, C, D, H or ♠ ♣ ♦ ♥), not no-trump", 11),
    (G501, "A: trumps(X) >= 3", "'X' is not a suit: trumps takes S, C, D, H", 11),
    (G501, "A: hcp >= ", "expected a whole number after >=, not the end of the text", 11),
    (G501, "A: hcp 12", "expected a comparison (>=, <=, ==, !=, >, <) after high-card points, not '12'", 8),
    (G501, "A: (hcp >= 3", "the parenthesis at column 4 is not closed: the end of the text instead", 13),
    (G501, "hcp >= 3", "a constraint starts with its place and ':', e.g. B: hcp >= 12", 1),
    (G501, "A: hcp $ 3", "'$' is not part of the deal language", 8),
    (G501, "A: AS", "AS is a card: write holds AS or has AS", 4),
    (G501, "A: hcp >= 3 5+H", "expected and, or, ; or the end after a test, not '5'", 13),
    (G501, "A: holds", "holds takes one or more cards, e.g. holds AS KS, not the end of the text", 9),
    (G501, "A: 5 H", "a number starts a test only as N+suit, e.g. 5+♥, not 'H'", 6),
    (G501, "  ", "no constraint: write a place and a test, e.g. B: hcp >= 12", 3),
    (G501, "A: " + "(" * 50 + "hcp >= 1" + ")" * 50, "nested more than 40 deep", 44),
])
def test_errors_name_the_column_and_the_word(game, text, message, column):
    with pytest.raises(DealSyntaxError) as e:
        parse_constraints(game, text)
    assert message in str(e.value) and e.value.column == column
    assert f"(at column {column} of " in str(e.value)


def test_seats_by_their_own_names_and_suits_in_one_pair_of_parentheses():
    from cardkit.game501 import Game501

    game = Game501(3, names=["Ana", "Bea", "Íñigo"])
    rules = parse_constraints(game, "Íñigo: void(♣); bea: trumps (H) >= 2")
    assert {p: str(c) for p, c in rules.items()} == {2: "void in ♣", 1: "at least 2 trumps with ♥ trumps"}
    for text, message in [("Ana: void" + "(" * 900 + "H", "'(' is not a suit: void takes S, C, D, H"),
                          ("Ana: void(H", "expected ')' after 'H', not the end of the text"),
                          ("Ana: hcp >= ٣", "expected a whole number after >=, not '٣'")]:
        with pytest.raises(DealSyntaxError) as e:
            parse_constraints(game, text)
        assert message in str(e.value)


def test_overlong_text_and_non_text_are_refused():
    with pytest.raises(DealSyntaxError, match="characters long: at most 2000"):
        parse_constraints(G501, "A: " + "hcp >= 1 and " * 200 + "hcp >= 1")
    with pytest.raises(DealError, match="a deal constraint is text"):
        parse_constraints(G501, [3])  # type: ignore[list-item]


def test_a_seat_the_dealer_leaves_out_is_refused_by_the_setup():
    g4 = find_game("501", players=4)  # rules.md 501 §1: with 4 the dealer sits out
    with pytest.raises(DealError, match="seat D is dealt no cards"):
        Predeal(g4, dealer=3, accept="D: 5+♥")
    assert parse_constraints(g4, "D: shape 4-2-1-0")  # D holds 7 when another seat deals


# ---------------------------------------------------------------- deals and estimates


def test_predeal_takes_the_text_and_deals_only_hands_meeting_it():
    setup = Predeal(G500, dealer=0, accept="B: trumps(H) >= 4 and hcp >= 10; kitty: holds Jo")
    trumps = set(G500.trump_cards(Suit.HEARTS))
    hcp = high_card_points(G500)
    for deal in setup.deals(30, seed=5):
        b = deal.hands[1]
        assert sum(1 for c in b if c in trumps) >= 4 and sum(hcp[c] for c in b) >= 10
        assert Card.parse("JK") in deal.talon


class Recording:
    """A random player that also notes every deal it is asked to act in (from the hand's pack in
    deal order, as the engine dealt it)."""

    def __init__(self, game, seed: int, seen: dict) -> None:
        self.player = find_player(game, "random", seed)
        self.game = game
        self.seen = seen

    def choose(self, state):
        hands, talon = deal_cards(state.pack, self.game.deal_targets(state.dealer))
        self.seen[tuple(state.pack)] = (hands, talon)
        return self.player.choose(state)


def test_an_estimate_with_where_deals_only_hands_meeting_it():
    seen: dict = {}
    table = estimate_bid(G501, "AS 10S KS QS JS 9S AH", 66, n=12, seat=1,
                         players=lambda s, seed: Recording(G501, seed, seen),
                         accept=parse_constraints(G501, "C: hcp >= 9 and 2+♥; talon: not holds AD"), progress=False)
    assert len(table) == 12 and len(seen) == 12  # every deal, each one seen
    hcp = high_card_points(G501)
    for hands, talon in seen.values():
        assert set(hands[1]) == set(Cards.parse("AS 10S KS QS JS 9S AH"))
        assert sum(hcp[c] for c in hands[2]) >= 9 and sum(1 for c in hands[2] if c.suit is Suit.HEARTS) >= 2
        assert Card.parse("AD") not in talon


# ---------------------------------------------------------------- the command line


def test_deal_prints_hands_meeting_the_constraints(capsys):
    assert main(["deal", "500", "--where", "B: trumps(H) >= 3 and hcp >= 12", "--where", "kitty: holds 10H",
                 "--seed", "1", "--count", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("Five Hundred, dealer A: seat B: at least 3 trumps with ♥ trumps and at least 12 high-card "
                        "points; the kitty: holds 10♥")
    assert [line for line in lines if line.startswith("deal")] == ["deal 1", "deal 2", "deal 3"]
    assert len(lines) == 1 + 3 * 6
    trumps, hcp = set(G500.trump_cards(Suit.HEARTS)), high_card_points(G500)
    for i in range(3):
        block = lines[1 + 6 * i:7 + 6 * i]
        hands = {line.split(":")[0].strip(): Cards.parse(line.split(":", 1)[1]) for line in block[1:]}
        assert sorted(hands) == ["A", "B", "C", "D", "kitty"] and [len(hands[n]) for n in "ABCD"] == [10] * 4
        assert sum(1 for c in hands["B"] if c in trumps) >= 3 and sum(hcp[c] for c in hands["B"]) >= 12
        assert Card.parse("10H") in hands["kitty"]


def test_deal_json_and_shapes(capsys):
    assert main(["deal", "501", "--where", "C: shape 4-2-1-0; A: 5+♥", "--seed", "2", "--count", "4", "--json",
                 "--talon", "KD", "--dealer", "C"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["dealer"] == "C" and all("KD" in d["talon"] for d in out["deals"])
    assert out["where"] == {"C": "shape 4-2-1-0 in any order", "A": "at least 5 ♥"} and len(out["deals"]) == 4
    for d in out["deals"]:
        c = Cards.parse(d["C"])
        assert sorted((sum(1 for x in c if x.suit is s) for s in SUITS), reverse=True) == [4, 2, 1, 0]
        assert sum(1 for x in Cards.parse(d["A"]) if x.suit is Suit.HEARTS) >= 5
        assert len(d["talon"]) == 3


def test_deal_saves_the_deals_it_prints(capsys, tmp_path):
    f = tmp_path / "deals.txt"
    assert main(["deal", "500", "--where", "B: trumps(H) >= 3", "--seed", "4", "--count", "2", "--json",
                 "--save-deals", str(f)]) == 0
    printed = json.loads(capsys.readouterr().out)["deals"]
    back = read_deals(f)
    assert len(back) == 2 and "\n# dealer A; seat B: at least 3 trumps" in f.read_text(encoding="utf-8")
    setup = Predeal(G500, accept=parse_constraints(G500, "B: trumps(H) >= 3"))
    assert [[set(h) for h in fd.deal.hands] for fd in back] == [[set(h) for h in setup.numbered(4, i).hands]
                                                                for i in range(2)]  # its seed and number
    for fd, d in zip(back, printed):
        assert [sorted(c.code for c in h) for h in fd.deal.hands] == [sorted(d[n]) for n in "ABCD"]
        assert sorted(c.code for c in fd.deal.talon) == sorted(d["kitty"])


def test_deal_errors(capsys):
    assert main(["deal", "501", "--where", "B: holds ZZ"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: ZZ is not a card: cards are written AS, 10H, J♦, Jo (at column 10 of 'B: holds ZZ')"
    assert main(["deal", "501", "--where", "E: 5+♥"]) == 2
    assert "'E' is not a seat" in capsys.readouterr().err
    assert main(["deal", "501", "--where", "A: 7+♥ and void(H)", "--tries", "50"]) == 2
    assert "no deal met the constraints in 50 tries" in capsys.readouterr().err


def test_estimate_where_on_the_command_line(capsys):
    assert main(["estimate", "501", "--hand", "AS 10S KS QS JS 9S AH", "--seat", "B", "--contract", "66",
                 "--deals", "4", "--where", "C: 2+♥", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["where"] == {"C": "at least 2 ♥"} and out["contracts"][0]["n"] == 4
    assert main(["estimate", "501", "--hand", "AS 10S KS QS JS 9S AH", "--seat", "B", "--contract", "66",
                 "--deals", "2", "--where", "C: 2+♥", "--where", "talon: holds KD"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == ("501♠: AS 10S KS QS JS 9S AH where C: at least 2 ♥; talon: holds K♦, 2 deals, playout; "
                     "each figure with its 95 % interval")


def test_a_short_hand_needs_partial(capsys):
    hand = "JK JH JD AH KH 10H 9H AS KC"  # 9 of the 10 cards a Five Hundred seat holds
    assert main(["estimate", "500", "--contract", "8H", "--hand", hand, "--seat", "B", "--deals", "2"]) == 2
    assert capsys.readouterr().err.strip() == (
        "error: B holds 10 cards; --hand gives 9: add --partial to deal the rest at random")
    assert main(["estimate", "500", "--contract", "8H", "--hand", hand, "--seat", "B", "--deals", "2",
                 "--partial", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["contracts"][0]["n"] == 2


# ---------------------------------------------------------------- not, and, or as Python has them


ATOMS = [("5+♥", lambda h: sum(1 for c in h if c.suit is Suit.HEARTS) >= 5),
         ("♠ <= 1", lambda h: sum(1 for c in h if c.suit is Suit.SPADES) <= 1),
         ("hcp >= 8", lambda h: sum(HCP[c] for c in h) >= 8),
         ("points > 40", lambda h: sum(POINTS[c] for c in h) > 40),
         ("holds AS", lambda h: Card.parse("AS") in h),
         ("void(D)", lambda h: not any(c.suit is Suit.DIAMONDS for c in h)),
         ("marriage", lambda h: any(Card.parse("K" + s) in h and Card.parse("Q" + s) in h for s in "SCDH")),
         ("trumps(C) == 2", lambda h: sum(1 for c in h if c.suit is Suit.CLUBS) == 2)]
HCP, POINTS = high_card_points(G501), G501.card_points()
PREC = {"or": 1, "and": 2, "not": 3, "atom": 4}

trees = st.recursive(st.integers(0, len(ATOMS) - 1).map(lambda i: ("atom", i)),
                     lambda kids: st.one_of(st.tuples(st.just("not"), kids),
                                            st.tuples(st.sampled_from(["and", "or"]), kids, kids)),
                     max_leaves=8)


def text_of(tree, need: int = 0) -> str:
    """The tree as deal-language text with only the parentheses Python's precedence needs."""
    kind = tree[0]
    if kind == "atom":
        out = ATOMS[tree[1]][0]
    elif kind == "not":
        out = "not " + text_of(tree[1], PREC["not"])
    else:
        out = f"{text_of(tree[1], PREC[kind])} {kind} {text_of(tree[2], PREC[kind])}"
    return f"({out})" if PREC[kind] < need else out


def value_of(tree, hand) -> bool:
    kind = tree[0]
    if kind == "atom":
        return ATOMS[tree[1]][1](hand)
    if kind == "not":
        return not value_of(tree[1], hand)
    if kind == "and":
        return value_of(tree[1], hand) and value_of(tree[2], hand)
    return value_of(tree[1], hand) or value_of(tree[2], hand)


@settings(max_examples=150, deadline=None)
@given(trees, st.randoms(use_true_random=False))
def test_not_and_or_agree_with_pythons(tree, rng):
    con = parse_constraints(G501, "B: " + text_of(tree))[1]
    pack = list(G501.new_pack())
    for _ in range(5):
        hand = rng.sample(pack, 7)
        assert con(hand) == value_of(tree, hand), (text_of(tree), hand)
