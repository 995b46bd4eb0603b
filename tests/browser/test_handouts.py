"""`make handouts`: the printable handouts remade with headless Chromium's print-to-PDF, each one
A4 page whose numbers are the engine's (rules.md 501 §3, §12; rules.md 500 §4, §6, §15)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardkit import game500, game501, handouts
from cardkit.cards import Suit

from .conftest import REPO

pytestmark = pytest.mark.browser
A4_POINTS = (595, 842)


@pytest.fixture(scope="module")
def remade(browser: object, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("handouts")
    return {p.stem: p for p in handouts.write_pdfs(out, browser=browser)}


def page_text(pdf: Path) -> str:
    reader = PdfReader(pdf)
    return "\n".join(p.extract_text() for p in reader.pages)


@pytest.mark.parametrize("name", sorted(handouts.HANDOUTS))
def test_each_handout_is_one_a4_page(remade: dict[str, Path], name: str) -> None:
    reader = PdfReader(remade[name])
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == A4_POINTS


@pytest.mark.parametrize("name", sorted(handouts.HANDOUTS))
def test_the_committed_handout_is_one_page(name: str) -> None:
    committed = REPO / "docs" / "handouts" / f"{name}.pdf"
    assert committed.is_file(), f"{committed} is missing: run `make handouts`"
    assert len(PdfReader(committed).pages) == 1


def test_the_ladder_printed_is_the_engines(remade: dict[str, Path]) -> None:
    text = page_text(remade["500.en"])
    rows = game500.bid_ladder_rows()
    for tricks in range(6, 11):
        line = " ".join([str(tricks), *(str(r["value"]) for r in rows if r["tricks"] == tricks)])
        assert re.search(rf"^{line}$", text, re.M), line
    assert "6 40 60 80 100 120" in text and "8 240 260 280 300 320" in text  # 6♠ = 40, 8♥ = 300
    game = game500.Game500(players=4)
    suit, order = game.ranking(Suit.HEARTS)
    hearts = sorted((c for c in game.new_pack() if suit[c] is Suit.HEARTS), key=lambda c: -order[c])
    assert " ".join(str(c) for c in hearts) in " ".join(text.split())
    assert "Misère (250)" in text and "Open misère (500)" in text


@pytest.mark.parametrize("name", ["501.en", "501.es"])
def test_501_card_points_printed_are_the_engines(remade: dict[str, Path], name: str) -> None:
    text = page_text(remade[name])
    ranks = " ".join(r.label for r in game501.RANKS)
    points = " ".join(str(game501.POINTS[r]) for r in game501.RANKS)
    assert re.search(rf" {ranks}$", text, re.M) and re.search(rf" {points}$", text, re.M)
    assert points == "11 10 4 3 2 0"
    words = " ".join(text.split())
    assert "501 + 2 × 100 = 701" in words and "469" in words and "481" in words


def test_side_by_side_printed(remade: dict[str, Path]) -> None:
    words = " ".join(page_text(remade["side-by-side.en"]).split())
    assert "24 cards: A 10 K Q J 9" in words and "43 cards (with 4)" in words
    assert "from 6♠ (40) to 10NT (520)" in words
