"""Hand diagrams (cardkit.explore.diagram): the text of hand-checked deals, exactly, for 501♠ with
three players and Five Hundred with four and six; the SVG is well-formed XML with one card face a
card; the command line's ``show``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.explore.dealsfile import parse_line
from cardkit.explore.diagram import HandDiagram, diagram

# A holds every spade (501♠'s six) and the ace of clubs; the talon has the three other hearts.
LINE_501 = ("501/3 dealer=C | A: A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ | B: 10♣ K♣ Q♣ J♣ 9♣ A♦ 10♦ "
            "| C: K♦ Q♦ J♦ 9♦ 10♥ K♥ Q♥ | talon: A♥ J♥ 9♥")
TEXT_501 = """\
501♠, 3 players, dealer C

B                               C (dealer)
♠ —            talon            ♠ —
♣ 10 K Q J 9   A♥ J♥ 9♥         ♣ —
♦ A 10                          ♦ K Q J 9
♥ —                             ♥ 10 K Q

               A
               ♠ A 10 K Q J 9
               ♣ A
               ♦ —
               ♥ —"""

# A holds the joker and ten of the twelve spade trumps (both bowers); the kitty holds the other two.
LINE_500_4 = ("500/4 dealer=D | A: Jo J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠ 8♠ 7♠ | B: A♣ K♣ Q♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ A♦ "
              "| C: K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ | D: K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ | kitty: 6♠ 5♠ A♥")
TEXT_500_4 = """\
Five Hundred, 4 players, dealer D

                       C
                       ♠ —
                       ♣ —
                       ♦ K Q J 10 9 8 7 6 5 4
                       ♥ —

B                                               D (dealer)
♠ —                    kitty                    ♠ —
♣ A K Q 10 9 8 7 6 5   6♠ 5♠ A♥                 ♣ —
♦ A                                             ♦ —
♥ —                                             ♥ K Q J 10 9 8 7 6 5 4

                       A
                       Jo
                       ♠ A K Q J 10 9 8 7
                       ♣ J
                       ♦ —
                       ♥ —"""

LINE_500_6 = ("500/6 dealer=F | A: 8♠ 11♣ 10♣ 5♣ K♦ 6♦ A♥ K♥ 13♥ 11♥ | B: 3♠ A♣ K♣ Q♣ 9♣ 4♣ 5♦ 10♥ 6♥ 5♥ "
              "| C: 9♠ 2♠ J♣ 8♣ 7♣ 11♦ 4♦ 2♦ Q♥ 3♥ | D: A♠ K♠ Q♠ J♠ 12♠ 6♠ 6♣ J♦ 9♦ 3♦ "
              "| E: 11♠ 10♠ 7♠ 12♣ A♦ 13♦ 8♦ 7♦ 12♥ 7♥ | F: Jo 5♠ 4♠ 2♣ Q♦ 10♦ J♥ 9♥ 4♥ 2♥ | kitty: 3♣ 12♦ 8♥")
TEXT_500_6 = """\
Five Hundred, 6 players, dealer F

C             D                E
♠ 9 2         ♠ A K Q J 12 6   ♠ 11 10 7
♣ J 8 7       ♣ 6              ♣ 12
♦ 11 4 2      ♦ J 9 3          ♦ A 13 8 7
♥ Q 3         ♥ —              ♥ 12 7

B                              F (dealer)
♠ 3                            Jo
♣ A K Q 9 4   kitty            ♠ 5 4
♦ 5           3♣ 12♦ 8♥        ♣ 2
♥ 10 6 5                       ♦ Q 10
                               ♥ J 9 4 2

              A
              ♠ 8
              ♣ 11 10 5
              ♦ K 6
              ♥ A K 13 11"""


@pytest.mark.parametrize("line, text", [(LINE_501, TEXT_501), (LINE_500_4, TEXT_500_4), (LINE_500_6, TEXT_500_6)],
                         ids=["501/3", "500/4", "500/6"])
def test_text_diagram_exact(line: str, text: str) -> None:
    fd = parse_line(line)
    assert str(HandDiagram(fd.game, fd.deal)) == text


def test_ascii_and_printed_cards_draw_the_same() -> None:
    ascii_line = ("501/3 dealer=C | A: AS TS KS QS JS 9S AC | B: 10C KC QC JC 9C AD 10D "
                  "| C: KD QD JD 9D 10H KH QH | talon: AH JH 9H")
    fd = parse_line(ascii_line)
    assert str(diagram(fd.game, fd.deal)) == TEXT_501


def test_sitting_out_dealer_is_shown() -> None:
    fd = parse_line("501/4 dealer=D | A: A♠ 10♠ K♠ Q♠ J♠ 9♠ A♣ | B: 10♣ K♣ Q♣ J♣ 9♣ A♦ 10♦ "
                    "| C: K♦ Q♦ J♦ 9♦ 10♥ K♥ Q♥ | D: - | talon: A♥ J♥ 9♥")
    lines = str(HandDiagram(fd.game, fd.deal)).splitlines()
    assert lines[0] == "501♠, 4 players, dealer D"
    at = next(i for i, line in enumerate(lines) if line.endswith("D (dealer)"))  # east
    col = lines[at].index("D (dealer)")
    assert lines[at + 1][col:] == "dealt no cards"


@pytest.mark.parametrize("line", [LINE_501, LINE_500_4, LINE_500_6])
def test_svg_well_formed(line: str) -> None:
    fd = parse_line(line)
    d = HandDiagram(fd.game, fd.deal)
    root = ET.fromstring(d.svg())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    cards = [str(c) for h in fd.deal.hands for c in h] + [str(c) for c in fd.deal.talon]
    assert sorted(titles) == sorted(cards)  # one face per card, named by its title
    assert d._repr_svg_() == d.svg()
    assert d._repr_html_().startswith("<div class='cardkit-diagram'><svg")
    ET.fromstring(d._repr_html_())


def test_show_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "two.deals"
    f.write_text("# two deals\n" + LINE_501 + "\n" + LINE_500_4 + "\n", encoding="utf-8")
    assert main(["show", str(f), "--deal", "2", "--svg", str(tmp_path / "d.svg")]) == 0
    assert capsys.readouterr().out == TEXT_500_4 + "\n"
    ET.parse(tmp_path / "d.svg")
    assert main(["show", str(f)]) == 0
    assert capsys.readouterr().out == TEXT_501 + "\n\n" + TEXT_500_4 + "\n"
    assert main(["show", str(f), "--deal", "3"]) == 2
    assert "holds 2 deal(s)" in capsys.readouterr().err
