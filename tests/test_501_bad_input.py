"""Bad input to the 501♠ engine: every kind of illegal action is rejected naming its rules.md item and
leaves the state exactly as it was; unreadable action texts are rejected as invalid.

Deal ``D`` (C deals; A speaks first): A ``A♠ 10♠ K♠ Q♠ A♥ 10♥ K♥``, B ``J♠ 9♠ Q♥ J♥ 9♥ A♦ 10♦``,
C ``K♦ Q♦ J♦ 9♦ A♣ 10♣ K♣``, talon ``Q♣ J♣ 9♣``.
"""

from __future__ import annotations

import pytest

from cardkit import Cards, IllegalActionError, InvalidActionError
from cardkit.game501 import Game501

D = (["AS 10S KS QS AH 10H KH", "JS 9S QH JH 9H AD 10D", "KD QD JD 9D AC 10C KC"], "QC JC 9C")

AUCTION: list[str] = []
LOOKED = ["look"]
BID_100 = ["bid 100"]
TALON = ["look", "bid 80", "pass", "pass"]
EXCHANGE = TALON + ["declare H 80"]
LEAD = EXCHANGE + ["give QC", "give 9C"]           # B holds Q♣, C holds 9♣; A leads
FOLLOW_SUIT = LEAD + ["play AS"]                    # B holds J♠ 9♠
OVER = ["pass", "pass", "pass"]

# (name, setup, action, rules.md 501 item, words the message must contain)
CASES = [
    ("bid below 66", AUCTION, "bid 65", 5, "at least 66"),
    ("bid above 220", AUCTION, "bid 221", 5, "220"),
    ("bid not above the standing bid", BID_100, "bid 100", 5, "higher than the standing bid of 100"),
    ("bid below the standing bid", BID_100, "bid 90", 5, "standing bid"),
    ("look twice", LOOKED, "look", 6, "already looked"),
    ("play in the auction", AUCTION, "play AS", 5, "look, pass or bid"),
    ("declare in the auction", AUCTION, "declare H 100", 5, "look, pass or bid"),
    ("give in the auction", AUCTION, "give AS", 5, "look, pass or bid"),
    ("abandon in the auction", AUCTION, "abandon", 5, "look, pass or bid"),
    ("contract below the last bid", TALON, "declare S 79", 7, "lower than the last bid, 80"),
    ("contract above 220", TALON, "declare NT 221", 5, "220"),
    ("bid after the auction", TALON, "bid 90", 7, "abandon or declare"),
    ("pass after the auction", TALON, "pass", 7, "abandon or declare"),
    ("look after the auction", TALON, "look", 7, "abandon or declare"),
    ("play before declaring", TALON, "play AS", 7, "abandon or declare"),
    ("give a card not held", EXCHANGE, "give JS", 7, "not in the bidder's hand"),
    ("play before giving", EXCHANGE, "play AS", 7, "give one card to each opponent"),
    ("abandon after declaring", EXCHANGE, "abandon", 7, "give one card"),
    ("play a card not held", LEAD, "play JS", 8, "not in A's hand"),
    ("pass in the play", LEAD, "pass", 8, "time to play a card"),
    ("give in the play", LEAD, "give AS", 8, "time to play a card"),
    ("not following suit", FOLLOW_SUIT, "play QH", 8, "must follow ♠"),
    ("marriage without the partner card", LEAD, "play AS marriage", 9, "king or queen"),
    ("marriage of a king without its queen", LEAD, "play KH marriage", 9, "does not hold Q♥"),
    ("marriage when not leading", FOLLOW_SUIT, "play JS marriage", 9, "only when leading"),
    ("any action once the hand is over", OVER, "pass", 11, "hand is over"),
]


def setup(actions):
    game = Game501(3)
    pack = game.deal_from_hands(2, [Cards.parse(h) for h in D[0]], Cards.parse(D[1]))
    state = game.new_hand(2, game.initial_scores(), pack)
    for a in actions:
        state.apply_action(a)
    return state


def snapshot(state):
    return (state.view(), [str(a) for a in state.history()], state.current_player(), state.phase,
            state.returns(), [list(h) for h in state.hands], list(state.blind), state.high_bid)


@pytest.mark.parametrize("name, actions, action, item, words", CASES, ids=[c[0] for c in CASES])
def test_illegal_action_names_its_rule_and_changes_nothing(name, actions, action, item, words):
    state = setup(actions)
    before = snapshot(state)
    assert action not in [str(a) for a in state.legal_actions()]
    assert state.why_illegal(action) is not None and f"rules.md 501 §{item}" in state.why_illegal(action)
    with pytest.raises(IllegalActionError) as e:
        state.apply_action(action)
    assert e.value.rule == f"rules.md 501 §{item}"
    assert words in str(e.value)
    assert str(e.value).startswith(("A cannot ", "B cannot ", "C cannot ", "D cannot ")) or "hand is over" in str(e.value)
    assert snapshot(state) == before


def test_must_trump_is_rejected_with_the_trumps_held():
    # trumps ♣: A leads A♠, B follows; C is void in ♠ and holds A♣ 10♣ K♣ and the given 9♣.
    state = setup(["look", "bid 80", "pass", "pass", "declare C 80", "give QC", "give 9C", "play AS", "play 9S"])
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as e:
        state.apply_action("play KD")
    assert e.value.rule == "rules.md 501 §8"
    assert "must play a trump" in str(e.value) and "A♣ 10♣ K♣ 9♣" in str(e.value)
    assert snapshot(state) == before
    assert {str(a) for a in state.legal_actions()} == {"play A♣", "play 10♣", "play K♣", "play 9♣"}


def test_the_error_carries_seat_and_action():
    state = setup(BID_100)
    with pytest.raises(IllegalActionError) as e:
        state.apply_action("bid 90")
    assert e.value.seat == 1 and e.value.action == "bid 90"
    assert str(e.value).startswith("B cannot bid 90: ") and "'" not in str(e.value)


@pytest.mark.parametrize("text", ["", "bid", "bid x", "bid 10 20", "declare X 100", "declare H", "give",
                                  "give 1X", "play", "play ZZ", "play AS marry", "play JK naming H",
                                  "jump", "look now", "abandon all", "pass pass"])
def test_unreadable_actions_are_invalid_and_change_nothing(text):
    state = setup(LEAD)
    before = snapshot(state)
    with pytest.raises(InvalidActionError, match="cannot read action|not an action"):
        state.apply_action(text)
    with pytest.raises(InvalidActionError):
        state.why_illegal(text)
    assert snapshot(state) == before


def test_an_action_of_the_other_game_is_invalid():
    from cardkit.actions import Action

    class Bogus(Action):
        def __str__(self):
            return "bogus"

    state = setup(AUCTION)
    with pytest.raises(InvalidActionError, match="not an action of this game"):
        state.apply_action(Bogus())


def test_errors_are_value_errors_for_callers_that_catch_broadly():
    state = setup(AUCTION)
    with pytest.raises(ValueError):
        state.apply_action("bid 1")
    with pytest.raises(ValueError):
        state.apply_action("nonsense")
