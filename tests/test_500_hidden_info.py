"""Five Hundred: what a seat may not learn, odd action objects, and thrown-in hands at the thresholds."""

import pytest

from cardkit import CardkitError, Match
from cardkit.cards import Suit
from cardkit.game500 import Bid, Call, Contract, Game500, Nominate
from cardkit.players.sensible500 import Sensible500


def _five_handed_surfacing(holder_is_b: bool):
    """Five players, call-holder=surfaces: A bids 6♥ and calls A♠, held by B or by C (rules.md 500 §13)."""
    g = Game500(players=5, **{"call-holder": "surfaces"})
    h1 = "KD 5C 6C 7C 8C 9C 10C 5S 6S " + ("AS" if holder_is_b else "2C")
    h2 = "2D 3C 4C 2S 3S 4S 7S 8S 9S " + ("2C" if holder_is_b else "AS")
    st = g.new_hand(4, [0] * 5, g.arrange(4, {0: "3D AH KH QH JH 10H 9H 8H 7H 6H", 1: h1, 2: h2,
                                              3: "AD 4D QC KC AC 10S JS QS KS JC"}, kitty="2H 3H 4H"))
    for a in ["bid 6H", "pass", "pass", "pass", "pass", "bury 2H", "bury 3H", "bury 4H", "call AS",
              "play 3D", "play KD", "play 2D"]:
        st.apply_action(a)
    return st


def test_summary_does_not_name_a_partner_who_has_not_surfaced():
    st = _five_handed_surfacing(holder_is_b=True)
    assert st.summary() == "A and a partner not yet known 6♥"
    assert st.view(3).extra["partners"] is None
    assert st.known_contracting_seats(3) == [0]
    assert sorted(st.known_contracting_seats(None)) == [0, 1]


def test_computer_player_decides_from_what_its_seat_can_know():
    """Two positions seat D cannot tell apart get the same play."""
    a, b = _five_handed_surfacing(True), _five_handed_surfacing(False)
    assert repr(a.view(3)) == repr(b.view(3))
    assert str(Sensible500(seed=0).choose(a).action) == str(Sensible500(seed=0).choose(b).action)


@pytest.mark.parametrize("make", [
    lambda: Bid(Contract("trumps", 11, Suit.SPADES)),
    lambda: Bid("8H"),
    lambda: Bid(None),
    lambda: Contract("trumps", 7, "S"),
    lambda: Contract("no-trump", 7, Suit.SPADES),
    lambda: Call(["AS"]),
    lambda: Nominate("H"),
    lambda: Game500(players=4.0),
])
def test_malformed_action_objects_are_clear_errors(make):
    with pytest.raises(CardkitError):
        make()


@pytest.mark.parametrize("win, scores", [("bid-out", [-520, 100, -520, 100]), ("points", [510, 100, 510, 100])])
def test_a_thrown_in_hand_ends_no_game(win, scores):
    """rules.md 500 §16: a thrown-in hand changes no score and ends no game, whatever the scores."""
    m = Match(Game500(win=win), seed=1, dealer=0, scores=scores)
    m.new_hand()
    for _ in range(4):
        m.apply_action("pass")
    assert m.outcome is None and m.scores == scores


@pytest.mark.parametrize("how, joker_callable", [("no-joker-or-bowers", False), ("no-trumps", True), ("any", True)])
def test_calling_the_joker_in_no_trump(how, joker_callable):
    """rules.md 500 §13 and §16: in no-trump there are no trumps and no bowers; only the default bars the joker."""
    g = Game500(players=5, **{"call-cards": how})
    st = g.new_hand(4, [0] * 5, g.arrange(4, {0: "AH KH QH JH 10H AS KS QS AC KC"}, kitty="2H 3H 4H"))
    for a in ["bid 6NT", "pass", "pass", "pass", "pass", "bury 2H", "bury 3H", "bury 4H"]:
        st.apply_action(a)
    assert (st.why_illegal("call JK") is None) == joker_callable
