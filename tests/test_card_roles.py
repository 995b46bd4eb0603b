"""What a bower or the joker counts as, said wherever it decides a card (rules.md 500 §6, §8): the
engine's one source of the words (:func:`cardkit.game500.rules.card_role`) in a refusal, in the
exercises' reason for the legal cards, in both languages; and lists of trumps in trump order."""

from __future__ import annotations

import pytest

from cardkit import find_game
from cardkit.cards import JOKER, Card, Cards, Suit
from cardkit.errors import IllegalActionError
from cardkit.exercises.refusals import legal_reason
from cardkit.game500.rules import card_role
from cardkit.i18n import language
from cardkit.solver.positions import setup_500

G500 = find_game("500")


def _play(state, card: str) -> None:
    state.apply_action(next(a for a in state.legal_actions() if a.card == Card.parse(card)))


def test_each_role_in_words():
    assert card_role(Suit.CLUBS, None, Card.parse("JS")) == "J♠ is a club and a trump here"
    assert card_role(Suit.CLUBS, None, Card.parse("JC")) == ""  # the right bower is a club by its face
    assert card_role(Suit.DIAMONDS, None, JOKER) == "the joker counts as a ♦ here, the highest trump"
    assert card_role(None, Suit.HEARTS, JOKER) == "the joker counts as a ♥ here (nominated)"
    assert card_role(None, None, JOKER) == "the joker has no suit here"
    assert card_role(None, None, Card.parse("JS")) == ""  # no trumps: jacks are jacks
    with language("es"):
        assert card_role(Suit.CLUBS, None, Card.parse("JS")) == "J♠ es un trébol y un triunfo aquí"
        assert card_role(Suit.DIAMONDS, None, JOKER) == "el comodín cuenta como un ♦ aquí, el triunfo más alto"


def test_the_left_bower_is_named_when_it_does_not_follow_its_face():
    # clubs are trumps; A leads A♠; B's J♠ is a club, so B holds no spade and may play anything
    st = setup_500(["AS 9C", "JS 5H", "KS 6D", "QS 7D"], contractor=0, contract="6C")
    _play(st, "AS")
    assert st.current_player() == 1
    assert legal_reason(st, ["500-play-2"]) == (
        "B holds no ♠, the suit led (J♠ is a club and a trump here): nothing forbids any card [rules.md 500 §7]")
    with language("es"):
        assert "(J♠ es un trébol y un triunfo aquí)" in legal_reason(st, ["500-play-2"])


def test_a_led_joker_is_named_as_the_trump_it_is():
    # diamonds are trumps; A leads the joker, a diamond: B must follow with its diamond
    st = setup_500(["JK 9C", "9D 5S", "KS 6H", "QS 7H"], contractor=0, contract="6D")
    _play(st, "JK")
    with pytest.raises(IllegalActionError) as e:
        _play_any(st, "5S")
    assert str(e.value).startswith(
        "B cannot play 5♠: must follow ♦: B holds 9♦ (the joker counts as a ♦ here, the highest trump)")
    assert st.current_player() == 1 and set(st.hands[1]) == set(Cards.parse("9D 5S"))  # nothing changed
    with language("es"):
        assert "(el comodín cuenta como un ♦ aquí, el triunfo más alto)" in st.why_illegal("play 5♠")


def _play_any(state, card: str) -> None:
    from cardkit.actions import Play

    state.apply_action(Play(Card.parse(card)))


def test_trumps_are_listed_highest_first():
    assert str(Cards(G500.trump_cards(Suit.SPADES))) == "Jo J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠"
    assert str(Cards(G500.trump_cards(Suit.HEARTS))) == "Jo J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥"
    assert str(Cards(find_game("501").trump_cards(Suit.HEARTS))) == "A♥ 10♥ K♥ Q♥ J♥ 9♥"


def test_the_trump_count_exercise_lists_trumps_in_trump_order():
    from cardkit.exercises import find_lesson

    ex = next(e for e in find_lesson("500/02", "en").exercises if e.id == "500-02-black-trumps")
    assert "12 trumps: Jo J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠." in str(ex.check("12"))
