"""Deals files (cardkit.explore.dealsfile): write → read gives the same deals for both games and
every table size; every kind of malformed line is reported with its line number and what is
wrong; the size limits hold; loading never runs code; estimates write the deals they used."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cardkit import find_game
from cardkit.explore import dealsfile
from cardkit.explore.deal import Predeal
from cardkit.explore.dealsfile import (DealsFileError, deal_key, deal_line, deals_text, parse_deals, read_deals,
                                       write_deals)
from cardkit.explore.estimate import bid_odds, estimate_bid

GOOD_500 = ("500/4 dealer=D | A: Jo A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ J♣ | B: A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ A♦ "
            "| C: K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ | D: K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ | kitty: 6♠ 5♠ A♥")
GOOD_501 = ("501/3 dealer=C | A: A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ | B: 10♣ K♣ Q♣ J♣ 9♣ A♦ 10♦ "
            "| C: K♦ Q♦ J♦ 9♦ 10♥ K♥ Q♥ | talon: A♥ J♥ 9♥")


@pytest.mark.parametrize("name, players, options", [
    ("501", 3, {}), ("501", 4, {}), ("500", 3, {}), ("500", 4, {}), ("500", 5, {}), ("500", 6, {}),
    ("500", 6, {"six-pack": "improvised"}), ("500", 4, {"joker-lead-any": True}),
])
def test_round_trip(tmp_path: Path, name: str, players: int, options: dict[str, object]) -> None:
    game = find_game(name, players, **options)
    deals = list(Predeal(game, dealer=players - 1).deals(5, seed=3))
    f = tmp_path / "x.deals"
    assert write_deals(f, game, deals, seed=3, comment="five deals") == 5
    back = read_deals(f)
    assert [deal_key(b.deal) for b in back] == [deal_key(d) for d in deals]
    assert [b.number for b in back] == [0, 1, 2, 3, 4] and {b.seed for b in back} == {3}
    assert [b.line for b in back] == [3, 4, 5, 6, 7]  # after the two comment lines
    assert back[0].game.options == game.options and back[0].game.players == players
    # the pack a deal deals from is the same pack: the hand starts with the same cards in each seat
    state = back[0].deal.new_hand(back[0].game)
    assert [sorted(c.code for c in h) for h in state.hands] == [sorted(c.code for c in h) for h in deals[0].hands]
    # a line written again reads the same
    assert [b.line_text() for b in back] == f.read_text(encoding="utf-8").splitlines()[2:]


def test_predeal_written_and_shown(tmp_path: Path) -> None:
    game = find_game("501", 3)
    pre = Predeal(game, dealer=2, hands={"A": "AS 10S KS"})
    f = tmp_path / "pre.deals"
    assert dealsfile.write_predeal(f, pre, 3, seed=9) == 3
    text = f.read_text(encoding="utf-8").splitlines()
    assert text[1] == "# dealer C; seat A holds A♠ 10♠ K♠"
    back = read_deals(f)
    assert [deal_key(b.deal) for b in back] == [deal_key(pre.numbered(9, i)) for i in range(3)]
    assert str(back[0].diagram()).startswith("501♠, 3 players, dealer C\n")


def test_line_reads_as_written() -> None:
    game = find_game("500", 4)
    fd = parse_deals(GOOD_500)[0]
    assert deal_line(game, fd.deal) == GOOD_500
    assert fd.seed is None and fd.number is None and fd.line == 1


def test_ascii_cards_any_order_and_custom_names() -> None:
    fd = parse_deals("501/3 dealer=C | A: AC 9S JS QS KS TS AS | B: 10c kc qc jc 9c ad 10d "
                     "| C: KD QD JD 9D 10H KH QH | talon: AH JH 9H")[0]
    assert deal_key(fd.deal) == deal_key(parse_deals(GOOD_501)[0].deal)
    game = find_game("500", 4, names=["N", "E", "S", "W"])
    deal = Predeal(game).deal(1)
    text = deals_text(game, [deal])
    assert "500/4 names=N,E,S,W dealer=N deal=0 | N: " in text
    back = parse_deals(text)[0]
    assert back.game.names == ["N", "E", "S", "W"] and deal_key(back.deal) == deal_key(deal)


BAD = [
    (GOOD_500.replace("A♦ |", "5♠ |"), "5♠ is given twice (seat B and the kitty); the pack holds it once"),
    (GOOD_500.replace("J♣ |", "|"), "seat A holds 9 cards, but is dealt 10 with dealer D"),
    (GOOD_500.replace("A♦ |", "3♦ |"), "3♦ is not in the Five Hundred pack of 43 cards"),
    (GOOD_500.replace("| D:", "| E:"), "unknown seat 'E': Five Hundred with 4 players has seats A, B, C, D and the kitty"),
    (GOOD_500.replace("500/4", "500/9"), "players"),
    (GOOD_500.replace("500/4", "bridge/4"), "bridge"),
    (GOOD_500.replace("500/4", "500"), "'500' is not a game and table size such as 500/4 or 501/3"),
    (GOOD_500.replace("dealer=D", "dealer=Q"), "unknown dealer 'Q': Five Hundred with 4 players has seats A, B, C, D"),
    (GOOD_500.replace("dealer=D", "seed=1"), "no dealer: write dealer=SEAT in the header"),
    (GOOD_500.replace("dealer=D", "dealer=D colour=red"), "unknown field 'colour'"),
    (GOOD_500.replace("dealer=D", "dealer=D seed=x"), "seed='x': not a whole number"),
    (GOOD_500.replace("dealer=D", "dealer D"), "'dealer' in the header: write key=value"),
    (GOOD_500.replace("| kitty: 6♠ 5♠ A♥", ""), "the kitty is missing: write 'kitty: …' ('-' for no cards)"),
    (GOOD_500 + " | A: 6♠", "A is given twice"),
    (GOOD_500.replace("A♦ |", "1X |"), "cannot read card '1X'"),
    (GOOD_500.replace("| B:", "| B"), "write SEAT: CARDS"),
    (GOOD_501.replace("9♠ A♣ |", "A♣ A♣ |"), "A♣ is given twice in seat A; the pack holds it once"),
    (GOOD_501.replace("| talon:", "| D: - | talon:"), "unknown seat 'D'"),
    (GOOD_501.replace("A♣ |", "10♣ |"), "10♣ is given twice (seat A and seat B)"),
    (GOOD_501.replace("dealer=C", "dealer=C names=A,B,\x1b[2J"), "a control character '\\x1b' in the line"),
]


@pytest.mark.parametrize("line, message", BAD, ids=[m[:30] for _l, m in BAD])
def test_malformed_line_names_its_line_and_problem(line: str, message: str) -> None:
    text = "# a comment\n\n" + GOOD_501 + "\n" + line + "\n"
    with pytest.raises(DealsFileError) as e:
        parse_deals(text, source="mine.deals")
    assert len(e.value.problems) == 1
    number, problem = e.value.problems[0]
    assert number == 4
    assert message in problem
    assert str(e.value).startswith("mine.deals: line 4: ")


def test_every_problem_is_reported_with_its_line() -> None:
    lines = [GOOD_501, GOOD_501.replace("A♣ |", "|"), GOOD_500, GOOD_500.replace("| D:", "| E:"), "x"]
    with pytest.raises(DealsFileError) as e:
        parse_deals("\n".join(lines))
    assert [n for n, _m in e.value.problems] == [2, 4, 5]


def test_loading_never_runs_code(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    evil = f"__import__('pathlib').Path({str(marker)!r}).write_text('x') | A: AS"
    with pytest.raises(DealsFileError):
        parse_deals(evil)
    with pytest.raises(DealsFileError):
        parse_deals(GOOD_500.replace("dealer=D", f"dealer=D names=__import__('os').system('touch {marker}')"))
    assert not marker.exists()


def test_size_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(DealsFileError, match=r"line 1: 2001 characters: a line holds at most 2000"):
        parse_deals("#" * 2001)
    monkeypatch.setattr(dealsfile, "MAX_LINES", 3)
    with pytest.raises(DealsFileError, match="4 lines: a deals file holds at most 3"):
        parse_deals("#\n#\n#\n#\n")
    monkeypatch.setattr(dealsfile, "MAX_BYTES", 100)
    f = tmp_path / "big.deals"
    f.write_text(GOOD_500 + "\n", encoding="utf-8")
    with pytest.raises(DealsFileError, match="larger than 100 bytes"):
        read_deals(f)
    f.write_bytes(b"\xff\xfe#\n")
    monkeypatch.setattr(dealsfile, "MAX_BYTES", 20_000_000)
    with pytest.raises(DealsFileError, match="not UTF-8 text"):
        read_deals(f)
    assert read_deals(io.StringIO(GOOD_501 + "\n"))[0].game.name == "501"


def test_estimate_writes_the_deals_it_used(tmp_path: Path) -> None:
    game = find_game("500", 4)
    f = tmp_path / "est.deals"
    hand = "JK JH JD AH KH QH 10H AS KC 9D"
    table = estimate_bid(game, hand, "8H", n=4, seat="B", method="playout", seed=5, progress=False, deals_file=f)
    back = read_deals(f)
    assert len(back) == len(table) == 4
    expected = [Predeal(game, dealer=0, hands={1: hand}).numbered(5, i) for i in range(4)]  # the estimate's own deals
    assert [deal_key(b.deal) for b in back] == [deal_key(d) for d in expected]
    assert all(set(hand.replace("JK", "Jo").split()) <= {c.code if not c.is_joker else "Jo" for c in b.deal.hands[1]}
               for b in back)
    assert "# estimate of 8H by seat B holding " + hand in f.read_text(encoding="utf-8")
    g = tmp_path / "odds.deals"
    bid_odds(game, hand, ["8H", "9H"], n=3, seat="B", method="playout", seed=5, progress=False, deals_file=g)
    assert [deal_key(b.deal) for b in read_deals(g)] == [deal_key(d) for d in expected[:3]]
