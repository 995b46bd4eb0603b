"""The situations the "at the table" notebooks step through, replayed with the engine.

Each record of data/examples/ named here is replayed action by action from its deal; the test
asserts that the situation its title names really happens at the step its description gives (the
step the table shows as "step k of n": k actions applied) and that the hand ends with the stated
scores. The notebooks notebooks/501/07_situations_at_the_table.ipynb (and its Spanish twin) and
notebooks/500/09_situations_at_the_table.ipynb show each record on a table from its start.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from notebook_tools import NOTEBOOKS, load as load_notebook, source

from cardkit import Card, Suit
from cardkit.game import State
from cardkit.records import load

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
JOKER = Card.parse("JK")


def replay(stem: str) -> tuple[State, list[str], list[State]]:
    """``(final state, actions, states)`` of a one-hand record: ``states[k]`` is the hand after
    ``k`` actions (the table's "step k")."""
    match = load(EXAMPLES / f"{stem}.json")
    data = json.loads((EXAMPLES / f"{stem}.json").read_text(encoding="utf-8"))
    assert len(match.hands) == 1 and data["title"] and len(data["description"]) > 80
    hand = match.hands[0]
    actions = data["hands"][0]["actions"]
    st = match.game.new_hand(hand.dealer, hand.scores_before, hand.pack)
    states = [st.clone()]
    for a in actions:
        st.apply_action(a)
        states.append(st.clone())
    assert st.returns() == hand.returns() == data["hands"][0]["result"]["returns"]
    return st, actions, states


def played(st: State, step: int, actions: list[str]) -> Card:
    """The card the ``step``-th action played."""
    return st.game.parse_action(actions[step - 1]).card  # type: ignore[attr-defined,no-any-return]


# ------------------------------------------------------------------------------------------ 501


def test_501_no_trumps_a_void_player_discards() -> None:
    """rules.md 501 §8: in no-trump a void player plays anything (in a suit contract they would have
    to trump)."""
    st, actions, states = replay("501_no_trumps_void_discards")
    assert st.trump is None and st.contract == 71 and st.contractor == 0
    before = states[20]  # B to play to A's A♣ at step 21
    b_hand = before.hands[1]
    assert before.actor() == 1 and str(before.trick.plays[0][1]) == "A♣"
    assert not any(c.suit == Suit.parse("C") for c in b_hand)
    legal = {str(a) for a in before.legal_actions()}
    assert legal == {f"play {c}" for c in b_hand}, "void in no-trump: every card is legal"
    assert {c.suit for c in b_hand} >= {Suit.parse("S"), Suit.parse("D")}
    assert str(played(st, 21, actions)) == "9♠"
    # every card that did not follow the suit led was played by a player void in it
    discards = 0
    for k, a in enumerate(actions, 1):
        before = states[k - 1]
        if a.startswith("play") and before.trick is not None and before.trick.plays:
            led, card = before.trick.plays[0][1].suit, played(st, k, actions)
            if card.suit != led:
                discards += 1
                assert not any(c.suit == led for c in before.hands[before.actor()]), k
    assert discards == 6
    assert st.points == [92, 0, 28] and st.made()
    assert load(EXAMPLES / "501_no_trumps_void_discards.json").scores == [430, 501, 473]


def test_501_a_defenders_marriage_counts() -> None:
    """rules.md 501 §9 (defenders may declare; a marriage counts if its declarer wins a trick) and §10
    (a defender's score goes down by their own hand total)."""
    st, actions, states = replay("501_defenders_marriage_counts")
    assert st.contractor == 1 and st.trump == Suit.parse("D") and st.contract == 66
    assert actions[21] == "play K♠ marriage" and states[21].actor() == 0 and states[21].tricks_won[0] == 1
    assert states[21].marriages == [] and states[22].marriages == [(0, Suit.parse("S"), 20)]
    assert st.points == [21, 64, 35] and st.hand_totals() == [41, 64, 35]
    assert not st.made() and st.returns() == [-41, 66, -35]  # A: −(21 + 20), the marriage counted
    assert load(EXAMPLES / "501_defenders_marriage_counts.json").scores == [460, 567, 466]


def test_501_two_marriages_by_one_player() -> None:
    """rules.md 501 §9 (one marriage per lead, several in a hand; 40 in trumps, 20 otherwise) and §10."""
    st, actions, states = replay("501_two_marriages_one_player")
    assert st.contractor == 0 and st.trump == Suit.parse("D") and st.contract == 105
    assert actions[9] == "play K♦ marriage" and actions[15] == "play Q♣ marriage"
    assert states[10].marriages == [(0, Suit.parse("D"), 40)]
    assert states[16].marriages == [(0, Suit.parse("D"), 40), (0, Suit.parse("C"), 20)]
    assert states[10].tricks_won[0] == 0  # declared before A had won a trick; it counts once A wins one
    assert st.points[0] == 52 < 105 <= st.hand_totals()[0] == 112
    assert st.made() and st.returns() == [-105, -39, -29]
    assert load(EXAMPLES / "501_two_marriages_one_player.json").scores == [396, 462, 472]


# ------------------------------------------------------------------------------- Five Hundred


def test_500_a_void_player_discards_instead_of_trumping() -> None:
    """rules.md 500 §7: follow the suit led if able, else anything; §6: the left bower is a trump for
    every purpose, following suit included."""
    st, actions, states = replay("500_void_player_discards")
    clubs = Suit.parse("C")
    assert st.contractor == 1 and st.trump == clubs and str(st.contract) == "6♣"
    before = states[18]  # D to play at step 19
    assert before.actor() == 3 and str(before.trick.plays[0][1]) == "A♠"
    d_hand = before.hands[3]
    assert Card.parse("JS") in d_hand and before.suit_of(Card.parse("JS")) == clubs  # a trump, not a spade
    assert not any(before.suit_of(c) == Suit.parse("S") for c in d_hand)
    legal = {str(a) for a in before.legal_actions()}
    assert legal == {f"play {c}" for c in d_hand}
    card = played(st, 19, actions)
    assert str(card) == "4♥" and before.suit_of(card) != clubs
    assert st.tricks_won == [4, 4, 1, 1] and not st.made()
    assert st.returns() == [50, -60, 50, -60]


def test_500_a_nominated_joker_in_no_trumps() -> None:
    """rules.md 500 §8 and §16: a no-trump contractor nominates the joker's suit before the opening
    lead; it is then the top card of that suit, and a led joker is followed in that suit."""
    st, actions, states = replay("500_nominated_joker_no_trumps")
    diamonds = Suit.parse("D")
    assert st.trump is None and str(st.contract) == "7NT" and st.contract.value == 220
    assert states[7].suit_of(JOKER) is None and actions[7] == "nominate ♦"
    assert states[8].nominated == diamonds and states[8].suit_of(JOKER) == diamonds
    assert actions[8] == "play Jo" and states[9].actor() == 3
    d_hand = states[9].hands[3]
    assert {c.suit for c in d_hand} > {diamonds}  # D holds other suits too ...
    assert {str(a) for a in states[9].legal_actions()} == {f"play {c}" for c in d_hand if c.suit == diamonds}
    first = st.tricks[0]
    assert all(st.suit_of(c) == diamonds for _, c in first.plays) and first.winner == 2
    assert st.made() and st.returns() == [220, 20, 220, 20]


def test_500_five_handed_partner_surfaces_when_the_card_is_played() -> None:
    """rules.md 500 §13 (call-holder=surfaces): the holder of the called card is known to the others
    only when it is played; half the value each (call-share=half)."""
    st, actions, states = replay("500_five_handed_partner_surfaces")
    assert st.game.options["call-holder"] == "surfaces" and actions[11] == "call Q♣"
    assert st.contractor == 4 and st.partners == (1,) and st.contract.value == 260
    assert actions[22] == "play Q♣" and states[22].current_player() is not None
    for k in range(12, 23):  # from the call until the Q♣ is played
        s = states[k]
        for seat in (0, 2, 3):
            assert not s.partner_known(seat) and s.view(seat).partners is None, (k, seat)
        assert s.partner_known(1) and s.summary().startswith("E and a partner not yet known ")
    after = states[23]
    assert all(after.partner_known(seat) and after.view(seat).partners == [1] for seat in range(5))
    assert after.summary().startswith("E and B ")
    assert st.tricks_won == [1, 4, 1, 0, 4] and st.made()
    assert st.returns() == [10, 130, 10, 0, 130]


def test_500_five_handed_alone_takes_all() -> None:
    """rules.md 500 §13: a contractor who goes alone plays one against four and scores the full value
    (a called partner would share it half and half under call-share=half)."""
    st, actions, states = replay("500_five_handed_alone")
    assert actions[8] == "go alone" and states[9].alone and st.partners == ()
    assert st.contractor == 2 and st.contract.value == 100 and st.made()
    assert st.returns()[2] == st.contract.value == 2 * 50
    assert st.returns() == [0, 10, 100, 10, 0]


def test_500_three_handed_misere() -> None:
    """rules.md 500 §4 and §12 (with three, misère needs no seven first), §9 (the contractor plays
    alone), §10 (±250, defenders nothing)."""
    st, actions, states = replay("500_three_handed_misere")
    assert actions[0] == "bid misère" and not states[0].seven_bid
    assert st.contract.is_misere and st.contractor == 0 and st.sitting_out == ()
    assert len(st.tricks) == 10 and st.tricks_won[0] == 0 and all(t.winner != 0 for t in st.tricks)
    assert st.made() and st.returns() == [250, 0, 0]


# ---------------------------------------------------------------------------------- notebooks

NOTEBOOK_RECORDS = {
    "501/07_situations_at_the_table.ipynb": ["501_no_trumps_void_discards", "501_defenders_marriage_counts",
                                             "501_two_marriages_one_player"],
    "501/es/07_situaciones_en_la_mesa.ipynb": ["501_no_trumps_void_discards", "501_defenders_marriage_counts",
                                                "501_two_marriages_one_player"],
    "500/09_situations_at_the_table.ipynb": ["500_made_8_hearts", "500_void_player_discards",
                                             "500_nominated_joker_no_trumps", "500_five_handed_partner_surfaces",
                                             "500_five_handed_alone", "500_three_handed_misere",
                                             "500_six_handed_identical_cards"],
}


@pytest.mark.parametrize("lesson", sorted(NOTEBOOK_RECORDS))
def test_the_notebooks_step_through_each_from_the_start(lesson: str) -> None:
    """Each record is on a table from its start (Table.from_record or Table500.from_record, never
    at="end"), with prose before
    it, and a cell tagged 'check' whose saved output nbval compares."""
    path = NOTEBOOKS / lesson
    assert path.is_file(), f"{lesson} is missing"
    cells = load_notebook(path)["cells"]
    for stem in NOTEBOOK_RECORDS[lesson]:
        i = next((i for i, c in enumerate(cells) if c["cell_type"] == "code" and f"{stem}.json" in source(c)
                  and re.search(r"Table(500)?\.from_record", source(c))), None)
        assert i is not None, f"{lesson}: no table for {stem}"
        assert 'at="end"' not in source(cells[i]) and cells[i - 1]["cell_type"] == "markdown"
        assert any(c["outputs"] for c in cells[i:i + 1])
    checks = [c for c in cells if "check" in c.get("metadata", {}).get("tags", [])]
    assert len(checks) >= len(NOTEBOOK_RECORDS[lesson])
    assert all(c["outputs"] for c in checks)
