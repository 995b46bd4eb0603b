"""The handouts' HTML (cardkit.handouts): every placeholder filled, and every number on them the
engine's own (rules.md 501 §3, §12; rules.md 500 §4, §6, §10, §15). The PDFs are remade and
checked in tests/browser/test_handouts.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from cardkit import game500, game501, handouts
from cardkit.cards import Suit
from cardkit.records import load


class _Tables(HTMLParser):
    """Every table of a page as rows of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables(page: str) -> list[list[list[str]]]:
    parser = _Tables()
    parser.feed(page)
    return parser.tables


def text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))


@pytest.mark.parametrize("name", sorted(handouts.HANDOUTS))
def test_every_placeholder_is_filled(name: str) -> None:
    page = handouts.render(name)
    assert "$" not in page, re.findall(r"\$\w+", page)
    assert page.count("<h1>") == 1


def test_an_unknown_handout_is_named() -> None:
    with pytest.raises(KeyError, match="no handout '502.en'"):
        handouts.facts("502.en")


def test_the_ladder_is_the_engines() -> None:
    grid = next(t for t in tables(handouts.render("500.en")) if t[0][0] == "tricks")
    assert grid[0][1:] == ["♠", "♣", "♦", "♥", "NT"]
    rows = game500.bid_ladder_rows()
    for line in grid[1:]:
        tricks = int(line[0])
        assert line[1:] == [str(r["value"]) for r in rows if r["tricks"] == tricks]
    assert [line[0] for line in grid[1:]] == ["6", "7", "8", "9", "10"]
    # the rule text's own figures (rules.md 500 §15)
    assert grid[1][1] == "40" and grid[3][4] == "300" and grid[5][5] == "520"
    words = text(handouts.render("500.en"))
    assert "Misère (250)" in words and "Open misère (500)" in words
    assert "just above 7NT and below 8♠" in words and "above 10♦, below 10♥" in words


def test_the_trump_order_is_the_engines() -> None:
    game = game500.Game500(players=4)
    suit, order = game.ranking(Suit.HEARTS)
    hearts = sorted((c for c in game.new_pack() if suit[c] is Suit.HEARTS), key=lambda c: -order[c])
    words = text(handouts.render("500.en"))
    assert "♥ trumps: " + " ".join(str(c) for c in hearts) in words
    # joker, right bower, left bower, then A down to 4: 13 red trumps with four players (rules.md 500 §6)
    assert "♥ trumps: Jo J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ " in words
    assert "♠ trumps: Jo J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ The suit" in words
    assert "with ♥ trumps, A♦ K♦ Q♦ 10♦ 9♦" in words


@pytest.mark.parametrize("name", ["501.en", "501.es"])
def test_501_card_points_and_example_are_the_engines(name: str) -> None:
    page = handouts.render(name)
    cards = next(t for t in tables(page) if t[0][0] in ("card", "carta"))
    assert cards[0][1:] == [r.label for r in game501.RANKS] == ["A", "10", "K", "Q", "J", "9"]
    assert cards[1][1:] == [str(game501.POINTS[r]) for r in game501.RANKS] == ["11", "10", "4", "3", "2", "0"]
    match = load(handouts.WORKED_501)
    assert match.scores == [701, 469, 481]  # rules.md 501 §12
    words = text(page)
    for figure in ("501 + 2 × 100 = 701", ": 469", ": 481", "501 − 2 × 100 = 301", " 88,", "120"):
        assert figure in words, figure


def test_side_by_side_numbers_are_the_engines() -> None:
    words = text(handouts.render("side-by-side.en"))
    assert f"{len(game501.Game501().new_pack())} cards: A 10 K Q J 9" in words
    assert f"{len(game500.Game500(players=4).new_pack())} cards (with 4)" in words
    assert "43 cards (with 4)" in words
    assert "at least 66 (at most 220)" in words
    assert "from 6♠ (40) to 10NT (520)" in words
    assert "start at 501 and count down" in words and "start at 0 and count up" in words
    assert "500 on a contract you bid and made wins; -500 loses" in words
