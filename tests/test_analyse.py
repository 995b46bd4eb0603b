"""Double-dummy analysis of deals files (cardkit.explore.analyse, ``cardkit analyse``): the CSV rows
of three hand-checked deals, the denomination table of one deal, and Five Hundred positions set up
by hand (cardkit.solver.positions.setup_500) solved by the solver."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.errors import CardkitError
from cardkit.explore.analyse import Analyser, denomination_table, denominations, reach_play
from cardkit.explore.dealsfile import parse_line
from cardkit.explore.solve import new_solver
from cardkit.solver.positions import setup_500

# Five Hundred, 4 players: A (the dealer's left) holds the joker and ten of the twelve spade trumps
# (both bowers), the kitty the other two: with spades trumps no one else holds a trump, so A's side
# takes all ten tricks; as contractor B holds only the two small trumps of the kitty, and A's
# trumps take every trick: B's side takes none.
DEAL_500_4 = ("500/4 dealer=D | A: Jo A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ J♣ | B: A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ A♦ "
              "| C: K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ | D: K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ | kitty: 6♠ 5♠ A♥")
# Five Hundred, 3 players: A holds all ten trumps of the 33-card pack in spades (joker, both
# bowers, A K Q 10 9 8 7): ten tricks in spades whatever it buries.
DEAL_500_3 = ("500/3 dealer=C seed=4 deal=9 | A: JK JS JC AS KS QS TS 9S 8S 7S | B: AC KC QC 10C 9C 8C 7C AD KD QD "
              "| C: JD 10D 9D 8D 7D AH KH QH JH 10H | kitty: 9H 8H 7H")
# 501♠, 3 players: A holds five spades and two aces, the talon the third ace; the only other
# trump is B's Q♠. A declares spades, gives away J♥ and 9♥, leads first (the dealer's left,
# rules.md 501 §8) and draws B's queen with A♠: every card A leads then wins, all eight tricks,
# all 120 card points, no marriage (B holds the queen of spades).
DEAL_501_3 = ("501/3 dealer=C | A: A♠ 10♠ K♠ J♠ 9♠ A♣ A♦ | B: Q♠ 10♣ K♣ Q♣ J♣ 9♣ 10♦ "
              "| C: K♦ Q♦ J♦ 9♦ 10♥ K♥ Q♥ | talon: A♥ J♥ 9♥")


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, *args: str) -> list[str]:
    f = tmp_path / "one.deals"
    f.write_text("# hand-checked\n" + line + "\n", encoding="utf-8")
    assert main(["analyse", str(f), *args]) == 0
    return capsys.readouterr().out.splitlines()


def test_csv_rows_of_hand_checked_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, capsys, DEAL_500_4, "--contract", "8S", "--seat", "A", "--seat", "B") == [
        "line,deal,seed,dealer,8S A tricks,8S A made,8S B tricks,8S B made",
        "2,,,D,10,True,0,False",
    ]
    assert _run(tmp_path, capsys, DEAL_500_3, "--contract", "7S") == [
        "line,deal,seed,dealer,seat,7S tricks,7S made",
        "2,9,4,C,A,10,True",
    ]
    assert _run(tmp_path, capsys, DEAL_501_3, "--contract", "100", "--seat", "A") == [
        "line,deal,seed,dealer,100 A points,100 A made",
        "2,,,C,120,True",
    ]


def test_denomination_table_of_one_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fd = parse_line(DEAL_500_4)
    table = denomination_table(fd.game, fd.deal)
    assert list(table.columns) == denominations(fd.game) == ["♠", "♣", "♦", "♥", "NT"]
    assert table.attrs["figure"] == "tricks"
    assert table.to_dict(orient="index") == {
        # A and C are one side. Hand-checked: ten tricks in spades (A's trumps, above); none for
        # B's side in spades. The other cells are the solver's.
        "A": {"♠": 10, "♣": 3, "♦": 10, "♥": 2, "NT": 10},
        "B": {"♠": 0, "♣": 7, "♦": 0, "♥": 9, "NT": 1},
        "C": {"♠": 10, "♣": 3, "♦": 10, "♥": 2, "NT": 10},
        "D": {"♠": 0, "♣": 7, "♦": 0, "♥": 9, "NT": 1},
    }
    # partners' rows agree: the side's tricks do not depend on which partner contracts here
    assert (table.loc["A"] == table.loc["C"]).all() and (table.loc["B"] == table.loc["D"]).all()
    out = _run(tmp_path, capsys, DEAL_501_3, "--table")
    assert out[0] == "line,deal,contractor,♠,♣,♦,♥,NT"
    assert out[1].startswith("2,,A,120,")  # A's hand-checked spades: 120 points


def test_denomination_reached_by_the_engine() -> None:
    fd = parse_line(DEAL_501_3)
    state = reach_play(fd.game, fd.deal, 1, denomination="♥")
    assert state.phase == "play" and str(state.trump) == "♥" and state.contractor == 1
    fd4 = parse_line(DEAL_500_4)
    state = reach_play(fd4.game, fd4.deal, 2, denomination="NT")
    assert str(state.contract) == "6NT" and state.contractor == 2
    with pytest.raises(CardkitError, match="not a denomination"):
        Analyser(fd4.game).result(fd4.deal, 0, denomination="X")


def test_analyse_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mixed.deals"
    f.write_text(DEAL_500_4 + "\n" + DEAL_500_3 + "\n", encoding="utf-8")
    assert main(["analyse", str(f), "--contract", "8S"]) == 2
    assert "analyse one game at a time" in capsys.readouterr().err
    assert main(["analyse", str(f)]) == 2
    assert "give at least one --contract" in capsys.readouterr().err
    f.write_text("501/4 dealer=D | A: A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ | B: 10♣ K♣ Q♣ J♣ 9♣ A♦ 10♦ "
                 "| C: K♦ Q♦ J♦ 9♦ 10♥ K♥ Q♥ | D: - | talon: A♥ J♥ 9♥\n", encoding="utf-8")
    assert main(["analyse", str(f), "--contract", "100", "--seat", "D"]) == 2
    assert "line 1: seat D is dealt no cards with dealer D, so it cannot contract" in capsys.readouterr().err
    f.write_text(DEAL_500_4.replace("A♦ |", "A♣ |") + "\n", encoding="utf-8")
    assert main(["analyse", str(f), "--contract", "8S"]) == 2
    assert "line 1: A♣ is given twice" in capsys.readouterr().err


def test_setup_500_opening_lead_and_ending_solved() -> None:
    # an ending of three cards each: A holds the top three hearts (both red bowers and the ace),
    # the others one suit each: in hearts A takes all three; the seven earlier tricks went to A.
    hands = ["JH JD AH", "AS KS QS", "AC KC QC", "AD KD QD"]
    state = setup_500(hands, contractor=0, contract="6H")
    assert state.phase == "play" and state.current_player() == 0
    assert [sorted(c.code for c in h) for h in state.hands] == [sorted(h.split()) for h in hands]
    assert state.tricks_won == [7, 0, 0, 0] and len(state.tricks) == 7
    solver = new_solver(state.game)
    result = solver.result(state, exact=True)
    assert result.tricks == 10 and result.made  # 7 + 3
    # no-trump, B to lead having taken the earlier tricks: B's three spades all win, A's side none
    state = setup_500(hands, contractor=0, contract="6NT", leader=1)
    assert state.current_player() == 1 and state.tricks_won == [0, 7, 0, 0]
    assert solver.result(state, exact=True).tricks == 0
    # the earlier tricks split as asked: A's side banks 5 (A 3, C 2), the leader D 2
    state = setup_500(hands, contractor=0, contract="6H", leader=3, winners=[0, 0, 2, 0, 2, 3, 3])
    assert state.tricks_won == [3, 0, 2, 2] and state.current_player() == 3
    assert solver.result(state, exact=True).tricks == 5 + 3
    # a whole hand of ten: every spade trump but the two small ones: ten tricks in spades
    full = ["JK JS JC AS KS QS 10S 9S 8S 7S", "AC KC QC 10C 9C 8C 7C 6C 5C AD",
            "KD QD JD 10D 9D 8D 7D 6D 5D 4D", "KH QH JH 10H 9H 8H 7H 6H 5H 4H"]
    state = setup_500(full, contractor=0, contract="8S")
    assert state.tricks == [] and sorted(c.code for c in state.buried) == ["5S", "6S", "AH"]
    assert solver.result(state, exact=True).tricks == 10


@pytest.mark.parametrize("hands, kwargs, message", [
    (["JH JD AH", "AS KS", "AC KC QC", "AD KD QD"], {}, "hands of unequal sizes: A 3, B 2, C 3, D 3"),
    (["JH JD AH", "AS KS AH", "AC KC QC", "AD KD QD"], {}, "A♥ is given twice (seats A, B); the pack holds it once"),
    (["JH JD 3H", "AS KS QS", "AC KC QC", "AD KD QD"], {}, "3♥ is not in the 43-card pack"),
    (["JH JD AH", "AS KS QS", "AC KC QC", "AD KD QD"], {"contract": "misere"}, "a misère is not set up here"),
    (["JH JD AH", "AS KS QS", "AC KC QC", "AD KD QD"], {"winners": [0, 1]}, "winners: 7 seats"),
    (["JH JD AH", "AS KS QS", "AC KC QC", "AD KD QD"], {"contract": "6X"}, "contract '6X'"),
    ([""] * 4, {}, "hands of 0 cards"),
    (["JH"] * 2, {}, "2 hands"),
])
def test_setup_500_errors(hands: list[str], kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"contractor": 0, "contract": "6H", **kwargs}
    with pytest.raises(CardkitError) as e:
        setup_500(hands, **args)  # type: ignore[arg-type]
    assert message in str(e.value)


def test_setup_500_ending_on_the_table_widget() -> None:
    pytest.importorskip("ipywidgets")
    from cardkit.game import Match
    from cardkit.widgets.table import Table

    state = setup_500(["JH JD AH", "AS KS QS", "AC KC QC", "AD KD QD"], contractor=0, contract="6H", leader=2,
                      winners=[0, 1, 2, 3, 0, 1, 2])
    match = Match(state.game, dealer=state.dealer)
    match.new_hand(state.pack)
    for action in state.history():  # the set-up is engine actions only: a record replays it
        match.apply_action(action)
    table = Table.from_record(match, at="end")
    assert table.state.phase == "play" and table.state.current_player() == 2
    assert [sorted(c.code for c in h) for h in table.state.hands] == [sorted(c.code for c in h) for h in state.hands]
    assert table.state.tricks_won == [2, 2, 2, 1]
