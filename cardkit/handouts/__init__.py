"""Printable one-page handouts, made from the kit's own data (``make handouts``).

Each handout is an HTML page (a template in ``templates/`` beside this file, one per handout and
language, holding the words) whose every number and card order is filled in from the engine: the
501♠ card points and limits (``cardkit.game501``), its worked example replayed from
``data/examples/501_worked_blind_contract.json`` when that file is at hand, and the Five Hundred bid
ladder, trump order and scores (``cardkit.game500``). :func:`write_pdfs` prints the pages to A4 PDF
with headless Chromium (Debian's ``/usr/bin/chromium`` through Playwright's Python client).

This module imports no Jupyter and no browser until :func:`write_pdfs` is called.

>>> facts = facts_500()
>>> facts["value_8H"], facts["sweep"]
('300', '250')
>>> sorted(HANDOUTS)
['500.en', '501.en', '501.es', 'side-by-side.en']
"""

from __future__ import annotations

import os
import string
import sys
from pathlib import Path
from typing import Any, Sequence, cast

from .. import game500, game501
from ..cards import SUITS, Card, Rank, Suit
from ..escaping import escape
from ..game import TALON

TEMPLATES = Path(__file__).resolve().parent / "templates"
#: The handouts: ``name.language`` → the facts they are filled from.
HANDOUTS: dict[str, str] = {"501.en": "501", "501.es": "501", "500.en": "500", "side-by-side.en": "both"}
#: The worked example of the 501♠ rule text (rules.md 501 §12), replayed for its final scores.
WORKED_501 = Path(__file__).resolve().parents[2] / "data" / "examples" / "501_worked_blind_contract.json"
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def card_html(card: Card) -> str:
    """One card as HTML: its short name (``10♥``, ``Jo`` for the joker), red suits in red."""
    text = escape(str(card))
    if card.suit is not None and card.suit.is_red:
        return f'<span class="red">{text}</span>'
    return text


def suit_html(suit: Suit | None) -> str:
    """A suit symbol as HTML (red for ♥ ♦), or ``NT`` for no trumps."""
    if suit is None:
        return "NT"
    return f'<span class="red">{suit}</span>' if suit.is_red else str(suit)


def _cards_html(cards: Sequence[Card]) -> str:
    return " ".join(card_html(c) for c in cards)


def _hand_size(targets: Sequence[int]) -> tuple[int, int]:
    """(cards each active player gets, cards to the talon or kitty) from a deal's targets."""
    seats = [t for t in targets if t != TALON]
    return seats.count(seats[0]), sum(1 for t in targets if t == TALON)


def facts_501() -> dict[str, str]:
    """The numbers and cards of the 501♠ handout, each a string of HTML, read from the engine
    (rules.md 501 §1, §3–§7, §9–§10, §12).

    Keys: ``rank_cells`` / ``point_cells`` (table cells, highest rank first), ``points_ace``, ``points_king``, ``total``, ``start``,
    ``min_bid``, ``max_bid``, ``abandon``, ``pack``, ``hand``, ``talon``, and the worked example's
    ``ex_bid``, ``ex_contract``, ``ex_trump``, ``ex_points``, ``ex_marriage``, ``ex_total``, ``ex_a``,
    ``ex_b``, ``ex_c``, ``ex_made``.
    """
    game = game501.Game501(players=3)
    pack = game.new_pack()
    hand, talon = _hand_size(game.deal_targets(0))
    facts = {
        "rank_cells": "".join(f"<td>{r.label}</td>" for r in game501.RANKS),
        "point_cells": "".join(f"<td>{game501.POINTS[r]}</td>" for r in game501.RANKS),
        "points_ace": str(game501.POINTS[Rank.ACE]),
        "points_king": str(game501.POINTS[Rank.KING]),
        "total": str(sum(game501.card_points(c) for c in pack)),
        "pack": str(len(pack)),
        "hand": str(hand),
        "talon": str(talon),
        "start": str(game.initial_scores()[0]),
        "min_bid": str(game501.MIN_BID),
        "max_bid": str(game501.MAX_BID),
        "abandon": str(game501.ABANDON_PENALTY),
    }
    facts.update(_worked_501())
    return facts


def _worked_501() -> dict[str, str]:
    """The worked blind contract (rules.md 501 §12) replayed by the engine from its record."""
    from ..records import load

    match = load(WORKED_501)
    hand = match.hands[-1]
    hand = cast(game501.State501, hand)  # the record is a 501♠ match
    seat = hand.declarer
    assert seat is not None and hand.contract is not None
    marriage = sum(v for s, _suit, v in hand.marriages if s == seat)
    start = match.start_scores[seat]
    return {
        "ex_bid": str(hand.high_bid),
        "ex_contract": str(hand.contract),
        "ex_trump": suit_html(hand.trump),
        "ex_points": str(hand.points[seat]),
        "ex_marriage": str(marriage),
        "ex_total": str(hand.hand_totals()[seat]),
        "ex_a": str(match.scores[0]),
        "ex_b": str(match.scores[1]),
        "ex_c": str(match.scores[2]),
        "ex_start": str(start),
        "ex_b_points": str(hand.points[1]),
        "ex_c_points": str(hand.points[2]),
        "ex_made": str(start - 2 * hand.contract),
    }


def _trump_order(game: game500.Game500, trump: Suit) -> list[Card]:
    suit, order = game.ranking(trump)
    return sorted((c for c in game.new_pack() if suit[c] is trump), key=lambda c: -order[c])


def _plain_order(game: game500.Game500, trump: Suit, plain: Suit) -> list[Card]:
    suit, order = game.ranking(trump)
    return sorted((c for c in game.new_pack() if suit[c] is plain), key=lambda c: -order[c])


def facts_500() -> dict[str, str]:
    """The numbers and cards of the Five Hundred handout, each a string of HTML, read from the
    engine with its default options (rules.md 500 §2–§4, §6, §10–§11, §15).

    Keys: ``ladder_rows`` (the 6–10 × ♠ ♣ ♦ ♥ NT grid of values), ``value_<code>`` for every bid
    (``value_8H``, ``value_misere``, ``value_open_misere``), ``misere_after`` / ``misere_before``
    and ``open_after`` / ``open_before`` (the bids around the misères under the default
    ``misere=after-seven``), ``trumps_red`` / ``trumps_black`` (♥ and ♠ trumps, highest first, with
    four players), ``plain_same`` (♦ when ♥ are trumps) and ``plain_other`` (♣ when ♥ are trumps),
    ``pack`` (four players), ``packs`` (table cells of the pack size for 3–6 players), ``hand``, ``kitty``, ``per_trick``,
    ``sweep``, ``target``, ``loss``, ``start``, ``lowest``, ``highest``.
    """
    game = game500.Game500(players=4)
    rows = game500.bid_ladder_rows()
    facts = {f"value_{str(r['code']).replace('-', '_')}": str(r["value"]) for r in rows}
    grid = []
    for tricks in range(6, 11):
        cells = "".join(f"<td>{r['value']}</td>" for r in rows if r["tricks"] == tricks)
        grid.append(f"<tr><th>{tricks}</th>{cells}</tr>")
    facts["ladder_rows"] = "\n".join(grid)
    facts["strain_heads"] = "".join(f"<th>{suit_html(s)}</th>" for s in (*SUITS, None))
    order = game500.ladder(game.rules.misere)
    for key, code in (("misere", "misere"), ("open", "open-misere")):
        at = next(i for i, c in enumerate(order) if c.code == code)
        facts[f"{key}_after"] = _bid_html(order[at - 1])
        facts[f"{key}_before"] = _bid_html(order[at + 1])
    facts["lowest"], facts["highest"] = _bid_html(order[0]), _bid_html(order[-1])
    facts["trumps_red"] = _cards_html(_trump_order(game, Suit.HEARTS))
    facts["trumps_black"] = _cards_html(_trump_order(game, Suit.SPADES))
    facts["plain_same"] = _cards_html(_plain_order(game, Suit.HEARTS, Suit.DIAMONDS))
    facts["plain_other"] = _cards_html(_plain_order(game, Suit.HEARTS, Suit.CLUBS))
    facts["pack"] = str(len(game.new_pack()))
    facts["packs"] = "".join(f"<td>{len(game500.pack_500(n))}</td>" for n in (3, 4, 5, 6))
    hand, kitty = _hand_size(game.deal_targets(0))
    facts.update(hand=str(hand), kitty=str(kitty), per_trick=str(game500.PER_TRICK),
                 sweep=str(game500.SWEEP), target=str(game500.TARGET), loss=str(game500.LOSS),
                 start=str(game.initial_scores()[0]), tricks=str(game500.TRICKS))
    return facts


def _bid_html(contract: game500.Contract) -> str:
    if contract.is_misere:
        return escape(str(contract))
    return f"{contract.tricks}{suit_html(contract.trump)}"


def facts(handout: str) -> dict[str, str]:
    """Every placeholder value of ``handout`` (a key of :data:`HANDOUTS`); raises ``KeyError``
    naming the handout if it is not one."""
    if handout not in HANDOUTS:
        raise KeyError(f"no handout {handout!r}: choose one of {', '.join(sorted(HANDOUTS))}")
    kind = HANDOUTS[handout]
    out: dict[str, str] = {}
    if kind in ("501", "both"):
        out.update({f"g501_{k}" if kind == "both" else k: v for k, v in facts_501().items()})
    if kind in ("500", "both"):
        out.update({f"g500_{k}" if kind == "both" else k: v for k, v in facts_500().items()})
    return out


def render(handout: str) -> str:
    """The HTML page of ``handout`` (e.g. ``"501.es"``): its template filled from the engine.
    Raises ``KeyError`` if a placeholder of the template has no value (a template naming a fact
    the engine does not give)."""
    template = string.Template((TEMPLATES / f"{handout}.html").read_text(encoding="utf-8"))
    style = (TEMPLATES / "handout.css").read_text(encoding="utf-8")
    return template.substitute(facts(handout), style=style)


def write_html(out_dir: str | Path) -> list[Path]:
    """Write every handout as ``<out_dir>/<name>.html``; returns the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in sorted(HANDOUTS):
        path = out / f"{name}.html"
        path.write_text(render(name), encoding="utf-8")
        paths.append(path)
    return paths


def write_pdfs(out_dir: str | Path, browser: Any = None) -> list[Path]:
    """Print every handout to ``<out_dir>/<name>.pdf`` (A4, backgrounds on, no header or footer)
    with headless Chromium; returns the paths.

    ``browser`` is a Playwright ``Browser`` already launched (a test's), or ``None`` to launch
    Chromium at ``$CARDKIT_CHROMIUM`` (default ``/usr/bin/chromium``) through Playwright's Python
    client. Raises ``FileNotFoundError`` if that browser is missing."""
    pages = write_html(out_dir)
    if browser is not None:
        return _print(browser, pages)
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        raise FileNotFoundError(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as pw:
        launched = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return _print(launched, pages)
        finally:
            launched.close()


def _print(browser: Any, pages: Sequence[Path]) -> list[Path]:
    pdfs = []
    page = browser.new_page()
    try:
        for path in pages:
            page.goto(path.resolve().as_uri())
            pdf = path.with_suffix(".pdf")
            page.pdf(path=str(pdf), format="A4", print_background=True, prefer_css_page_size=True)
            pdfs.append(pdf)
    finally:
        page.close()
    return pdfs


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardkit.handouts [OUT_DIR]``: write the handouts' HTML and PDF (default
    ``docs/handouts``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0] if args else "docs/handouts")
    for pdf in write_pdfs(out):
        print(pdf)
    return 0
