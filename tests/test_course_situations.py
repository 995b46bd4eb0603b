"""Situations the lessons play on a table, from records under data/examples/ (rules.md 501 §1)."""

from __future__ import annotations

from pathlib import Path

from notebook_tools import NOTEBOOKS, load as load_notebook, source

from cardkit.records import load

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"


def test_four_players_the_dealer_sits_out() -> None:
    match = load(EXAMPLES / "501_four_players_dealer_sits_out.json")
    hand = match.hands[0]
    dealer = hand.dealer
    assert match.game.players == 4 and match.game.names[dealer] == "D"
    assert len(hand.pack) == 24 and dealer not in match.game.deal_targets(dealer)  # no cards
    assert dealer not in match.game.active_seats(dealer)
    assert hand.returns()[dealer] == 0 and match.scores[dealer] == 501
    assert all(seat != dealer for seat, _ in (p for t in hand.tricks for p in t.plays))
    # the three active players' card points add up to the pack's 120 (rules.md 501 §3)
    assert sum(hand.points) == 120 and hand.points[dealer] == 0
    assert match.scores == [480, 435, 495, 501]


def test_the_lessons_step_through_it() -> None:
    for lesson in ("501/01_cards_and_deal.ipynb", "501/es/01_cartas_y_reparto.ipynb"):
        cells = load_notebook(NOTEBOOKS / lesson)["cells"]
        assert any("501_four_players_dealer_sits_out.json" in source(c) and "Table.from_record" in source(c)
                   for c in cells if c["cell_type"] == "code"), lesson


def test_an_abandon_on_the_score_sheet() -> None:
    match = load(EXAMPLES / "501_abandon_at_the_talon.json")
    hand = match.hands[0]
    assert hand.abandoned and hand.tricks == [] and hand.declarer_blind
    # blind: twice the last bid of 80 added to A; 25 off each opponent (rules.md 501 §6, §7)
    assert hand.returns() == [160, -25, -25] and match.scores == [661, 476, 476]
    for lesson in ("501/03_contract_and_exchange.ipynb", "501/es/03_contrato_e_intercambio.ipynb"):
        cells = load_notebook(NOTEBOOKS / lesson)["cells"]
        sheet = next(c for c in cells if "score_sheet(load(" in source(c))
        shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in sheet["outputs"])
        assert "661" in shown and "476" in shown
