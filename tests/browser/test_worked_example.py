"""The worked blind contract of the 501♠ rule text, in a real browser.

Voila serves ``notebooks/501/06_worked_blind_contract.ipynb`` (and its Spanish twin) on 127.0.0.1;
headless Chromium opens it and waits until every cell has run. The notebook's own cells have
already stepped the table widget to the end of the hand, so the test clicks "⏮ Start", then
"Next ▶" once per action through the whole hand (in Spanish, "End ⏭" once), and reads the scores the page shows: 701, 469 and
481, changes +200, −32, −20 — the rule text's figures (rules.md 501 §9 and §10, the record
``data/examples/501_worked_blind_contract.json``). It also checks that the page shows no code and
asks nothing of any host but the local server, and saves the README's picture of the widget.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import REPO, page_errors, wait_until, png_size, screenshot, voila_argv, voila_page_screenshot, wait_for_voila

pytestmark = pytest.mark.browser

NOTEBOOKS = {
    "en": REPO / "notebooks" / "501" / "06_worked_blind_contract.ipynb",
    "es": REPO / "notebooks" / "501" / "es" / "06_ejemplo_contrato_a_ciegas.ipynb",
}
#: The rule text's worked example (rules.md 501 §9): A blind at 100 fails with 88.
FINAL = [701, 469, 481]
CHANGE = ["+200", "−32", "−20"]
#: What the notebook's "check yourself" cell shows first (its last output): the progress line of
#: the lesson's exercises, before any is answered.
PROGRESS = {"en": "0 of 5 right", "es": "0 de 5 bien"}
ANSWERS = PROGRESS["en"]
#: The record has 30 actions (auction 3, contract 1, gives 2, 24 plays); a bound for the loop.
MAX_STEPS = 60


def words(lang: str) -> dict[str, str]:
    """The widget's words in ``lang``, from the kit's own catalogs (cardkit.i18n)."""
    from cardkit import i18n

    ids = ["Next", "Start", "score", "change", "step {k} of {n}",
           "That is the end of the record: press ⏮ Start to see it again."]
    before = i18n.get_language()
    i18n.set_language(lang)
    try:
        return {m: i18n._(m) for m in ids}
    finally:
        i18n.set_language(before)


def score_rows(table: Any) -> dict[str, list[str]]:
    """The widget's score table as ``{row label: [cell per seat]}``."""
    rows = table.locator(".cardkit-scores table").first.evaluate(
        "t => Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.innerText.trim()))")
    return {r[0]: r[1:] for r in rows if r and r[0]}


def code_lines(notebook: Path) -> list[str]:
    """Distinctive lines of the notebook's code cells (imports and assignments)."""
    nb = json.loads(notebook.read_text())
    lines = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            src = "".join(cell["source"])
            lines += [ln.strip() for ln in src.splitlines() if re.match(r"\s*(from |import |\w+ = )", ln)]
    return lines


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worked_blind_contract_clicked_through_shows_701_469_481(serve, page, lang: str) -> None:
    from playwright.sync_api import expect

    notebook = NOTEBOOKS[lang]
    w = words(lang)
    assert notebook.is_file(), f"the worked-example notebook is missing: {notebook}"
    server = serve(lambda port: voila_argv(str(notebook), port))
    page.goto(server.url)
    wait_for_voila(page)
    assert page_errors(page) == [], server.log_tail()

    # The notebook ran to its end in the page: its last cell's exercises are shown.
    expect(page.locator(".cardkit-ex-progress")).to_contain_text(PROGRESS[lang], timeout=60_000)
    text = page.locator("#rendered_cells").inner_text()
    # Voila shows the outputs and the prose, never the code.
    assert page.locator(".jp-CodeMirrorEditor, .jp-InputArea-editor").count() == 0
    shown_code = [ln for ln in code_lines(notebook) if ln in text]
    assert len(code_lines(notebook)) > 5 and shown_code == []

    table = page.locator(".cardkit-table").first
    expect(table).to_be_visible()
    status = table.locator(".cardkit-status")
    nxt, back, start = (table.locator(f".cardkit-{b}") for b in ("next", "back", "start"))
    expect(nxt).to_contain_text(w["Next"])

    # The table opens at the start of the hand: the notebook's cells step a table of their own.
    expect(status).to_contain_text(w["step {k} of {n}"].format(k=0, n=""))
    expect(start).to_be_disabled()
    steps = int(re.search(w["step {k} of {n}"].format(k=0, n=r"(\d+)"), status.inner_text()).group(1))
    assert steps == 30
    expect(back).to_be_disabled()
    assert wait_until(page, lambda: w["score"] not in score_rows(table)), score_rows(table)

    # Click Next through the whole hand, each step shown before the next click (the Spanish page,
    # whose widget is the same code, goes there with one click on "End ⏭").
    if lang != "en":
        table.locator(".cardkit-end").click()
        expect(status).to_contain_text(w["step {k} of {n}"].format(k=steps, n=steps))
    for k in range(1, min(steps, MAX_STEPS) + 1 if lang == "en" else 0):
        nxt.click()
        expect(status).to_contain_text(w["step {k} of {n}"].format(k=k, n=steps))
        if k == 6 and lang == "en":  # after the exchange: every hand of eight cards face up
            board = table.locator(".cardkit-board").first
            assert wait_until(page, lambda: board.inner_text().count(" gave ") == 2), board.inner_text()
            shot = screenshot(table, "table_widget", readme=True)
            width, height = png_size(shot)
            assert width > 400 and height > 300, (width, height)
        if k < steps:
            assert w["score"] not in score_rows(table), f"scored before the hand ended (step {k})"
    assert wait_until(page, lambda: w["score"] in score_rows(table)), score_rows(table)
    rows = score_rows(table)
    assert rows[w["score"]] == [str(s) for s in FINAL]
    assert rows[w["change"]] == CHANGE
    expect(back).to_be_enabled()

    # At the end: Next ▶ is greyed out, the status line says the record has ended, the scores stay.
    expect(nxt).to_be_disabled()
    expect(status).to_contain_text(w["That is the end of the record: press ⏮ Start to see it again."])
    assert score_rows(table)[w["score"]] == [str(s) for s in FINAL]
    # One step back: the last card is not played, so nothing is scored.
    back.click()
    expect(status).to_contain_text(w["step {k} of {n}"].format(k=steps - 1, n=steps))
    assert wait_until(page, lambda: w["score"] not in score_rows(table)), score_rows(table)

    if lang == "en":
        voila_page_screenshot(page, "worked_blind_contract_page")
    assert page.recorded.foreign_hosts() == []
    assert page.recorded.errors == []
