"""Five Hundred in a real browser: the open misère record clicked through, and the bid ladder chart.

``notebooks/500/06_misere.ipynb`` replays ``data/examples/500_failed_open_misere.json`` in the table
widget: A opens open misère, C sits out, A's hand lies face up after the first trick and A fails
at trick 4, when forced to win it with the joker (rules.md 500 §4, §8, §9). The test shows B's
view, clicks "Next ▶" through the hand and reads the page: A's cards are backs to B until the first
trick is complete and faces from then on; the hand stops at trick 4; each side's change is −500
and 0 (rules.md 500 §10). ``notebooks/500/03_bidding_and_the_ladder.ipynb`` charts the ladder: 27 bids under
each misère placement, and exactly one bid worth more than the bid just above it, the plain
misère under ``after-seven`` (rules.md 500 §4, §15).
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest

from .conftest import REPO, page_errors, png_size, screenshot, voila_argv, wait_for_voila, wait_until
from .test_charts import SVG, shown_svgs, texts
from .test_worked_example import score_rows

pytestmark = pytest.mark.browser

MISERE = REPO / "notebooks" / "500" / "06_misere.ipynb"
LADDER = REPO / "notebooks" / "500" / "03_bidding_and_the_ladder.ipynb"
RECORD = REPO / "data" / "examples" / "500_failed_open_misere.json"
LADDER_TITLE = "Five Hundred: every bid's rank and value"


def face_up(table, seat: str) -> list[str]:
    """The cards of ``seat``'s row on the widget's board that are drawn face up (each face has an
    SVG <title> naming the card; a back has none)."""
    return table.locator(".cardkit-board table.cardkit-board").first.evaluate(
        """(t, seat) => {
            const row = Array.from(t.rows).find(r => r.cells[0].innerText.replace('▶', '').trim() === seat);
            return row ? Array.from(row.cells[2].querySelectorAll('title')).map(x => x.textContent) : null;
        }""", seat)


def test_open_misere_clicked_through_in_bs_view(serve, page) -> None:
    from playwright.sync_api import expect

    from cardkit.records import load

    # What the engine says of the record, to compare with what the page shows.
    hand = load(RECORD).hands[0]
    names = hand.game.names
    actions = hand.history()
    replay = hand.game.new_hand(hand.dealer, hand.scores_before, hand.pack)
    first_trick_done = None
    for k, action in enumerate(actions, start=1):
        replay.apply_action(action)
        if first_trick_done is None and len(replay.tricks) == 1:
            first_trick_done = k
    assert names[hand.contractor] == "A" and str(hand.contract) == "open misère"
    assert hand.returns() == [-500, 0, -500, 0] and len(hand.tricks) == 4

    server = serve(lambda port: voila_argv(str(MISERE), port))
    page.goto(server.url)
    wait_for_voila(page)
    assert page_errors(page) == [], server.log_tail()
    expect(page.locator(".cardkit-ex-progress")).to_contain_text("Misère: 0 of 5 right", timeout=60_000)

    table = page.locator(".cardkit-table").first
    status = table.locator(".cardkit-status")
    table.locator(".cardkit-seat select").select_option(label="B")
    start = table.locator(".cardkit-start")
    expect(status).to_contain_text(f" of {len(actions)}")
    if start.is_enabled():  # wherever the notebook's cells left the table, go back to the deal
        start.click()
    expect(status).to_contain_text(f"step 0 of {len(actions)}")
    assert wait_until(page, lambda: face_up(table, "A") == []), face_up(table, "A")
    assert len(face_up(table, "B")) == 10  # B sees B's own ten cards

    nxt = table.locator(".cardkit-next")
    for k in range(1, len(actions) + 1):
        nxt.click()
        expect(status).to_contain_text(f"step {k} of {len(actions)}")
        if k == first_trick_done - 1:  # the first trick still open: A's hand is hidden from B
            assert wait_until(page, lambda: face_up(table, "A") == []), (k, face_up(table, "A"))
        if k == first_trick_done:  # the first trick complete: A's hand lies face up (rules.md 500 §9)
            shown = wait_until(page, lambda: face_up(table, "A"))
            assert len(shown) == 9, (k, shown)
            screenshot(table, "table_widget_500")
    expect(status).to_contain_text("A open misère: failed at trick 4")
    assert wait_until(page, lambda: "change" in score_rows(table)), score_rows(table)
    rows = score_rows(table)
    assert rows["change"] == ["−500", "no change", "−500", "no change"], rows
    assert rows["score"] == ["−500", "0", "−500", "0"], rows  # a true minus sign, as the sentences
    # A side at -500 has lost outright (rules.md 500 §11): the status says the match is over, and
    # Next ▶ is greyed out (no next hand)
    expect(status).to_contain_text("The match is over: B and D win")
    expect(nxt).to_be_disabled()
    assert page.recorded.foreign_hosts() == []
    assert page.recorded.errors == []


def test_bid_ladder_chart_has_every_bid_and_marks_the_misere(serve, page) -> None:
    from cardkit.game500 import bid_ladder_rows

    bids = len(bid_ladder_rows())
    server = serve(lambda port: voila_argv(str(LADDER), port))
    page.goto(server.url)
    wait_for_voila(page)
    assert page_errors(page) == [], server.log_tail()

    charts = [svg for svg in shown_svgs(page) if LADDER_TITLE in texts(svg)]
    assert len(charts) == 1
    svg = charts[0]
    assert texts(svg, "role-column-header") == ["above every seven", "between 8♠ and 8♣"]

    def marks(layer: str) -> list[int]:
        return [sum(1 for _p in g.iter(f"{SVG}path")) for g in svg.iter(f"{SVG}g")
                if re.match(rf"mark-symbol role-mark .*{layer}_marks", g.get("class", ""))]

    assert marks("child_layer_0") == [bids, bids]  # every bid, once per placement
    assert marks("child_layer_1") == [1, 0]  # worth more than the next bid up: after-seven only
    assert bids == 27  # 25 suit and no-trump bids, misère, open misère (rules.md 500 §4)

    index = [i for i, e in enumerate(page.locator(".jp-RenderedSVG img").all())
             if LADDER_TITLE in unquote(e.get_attribute("src"))]
    shot = screenshot(page.locator(".jp-RenderedSVG img").nth(index[0]), "bid_ladder_chart", readme=True)
    w, h = png_size(shot)
    assert w > 500 and h > 200, (w, h)
    assert page.recorded.foreign_hosts() == []
