"""A record whose seat names and title carry HTML runs no script in the page (issue: no script
from a record). ``tests/hostile/script_names.json`` names seat C ``<img src=x onerror=...>``; before,
the table's status line put the dealer's name in unescaped and ipywidgets' HTML set it as innerHTML,
so the image's ``onerror`` ran in Voila. The page must show the name as text and run nothing."""

from __future__ import annotations

import nbformat
import pytest

from .conftest import REPO, voila_argv, wait_for_voila

pytestmark = pytest.mark.browser

RECORD = REPO / "tests" / "hostile" / "script_names.json"


def test_hostile_names_in_a_record_run_no_script(serve, page, tmp_path) -> None:
    from playwright.sync_api import expect

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        f"from cardkit.widgets import Table\ntable = Table.from_record({str(RECORD)!r})\ntable")]
    path = tmp_path / "hostile.ipynb"
    nbformat.write(nb, path)
    server = serve(lambda port: voila_argv(str(path), port))
    page.goto(server.url)
    wait_for_voila(page)
    table = page.locator(".cardkit-table").first
    status = table.locator(".cardkit-status")
    expect(status).to_contain_text("step 0 of", timeout=60_000)
    nxt = table.locator(".cardkit-next")
    for k in range(1, 6):
        nxt.click()
        expect(status).to_contain_text(f"step {k} of")
    # the name reads as text, and nothing of it ran
    assert "<img src=x onerror=window.pwned=1>" in page.inner_text("body")
    assert page.evaluate("window.pwned") is None
    assert page.locator(".cardkit-table img").count() == 0


HOSTILE = "<img src=x onerror=window.pwned=1>"
LESSON = REPO / "data" / "exercises" / "501" / "en" / "01_cards_and_deal.json"


def test_hostile_text_in_the_auction_panel_exercises_deal_stepper_and_a_chart_runs_no_script(
        serve, page, tmp_path) -> None:
    """Hostile seat names, exercise prompts and hints, a refused call and a chart title on one
    page: the Five Hundred auction panel, an exercise set, the deal stepper and a score chart
    (altair's SVG, as the lessons draw it). Each shows the text as text; no script runs."""
    import json

    from playwright.sync_api import expect

    examples = tmp_path / "examples"
    examples.mkdir()
    (examples / "501_worked_blind_contract.json").write_text(RECORD.read_text(encoding="utf-8"), encoding="utf-8")
    lesson = json.loads(LESSON.read_text(encoding="utf-8"))
    for e in lesson["exercises"]:
        e["prompt"], e["hint"] = f"{HOSTILE} prompt", f"{HOSTILE} hint"
    (tmp_path / "lesson.json").write_text(json.dumps(lesson), encoding="utf-8")
    names4 = [f"{HOSTILE}{i}" for i in range(4)]
    names3 = names4[:3]
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in (
        "from cardkit import Match, find_game\n"
        "from cardkit.widgets.five_hundred import AuctionPanel\n"
        f"panel = AuctionPanel(find_game('500', 4, names={names4!r}), dealer=3, seed=1)\n"
        f"panel.act({'bid ' + HOSTILE!r})\n"
        "panel",
        "import json\nfrom pathlib import Path\nfrom cardkit.exercises import from_data\n"
        "from cardkit.widgets.exercise import Practice\n"
        f"lesson = from_data(json.loads(Path({str(tmp_path / 'lesson.json')!r}).read_text()), "
        f"examples=Path({str(examples)!r}))\n"
        "Practice(lesson)",
        "from cardkit.widgets.table import DealStepper\n"
        f"g = find_game('501', 3, names={names3!r})\n"
        "stepper = DealStepper(g, g.new_pack(), 2)\nstepper.next_round()\nstepper",
        "import altair as alt\nfrom cardkit.registry import find_player\nfrom cardkit.widgets import score_chart\n"
        "alt.renderers.enable('svg')\n"
        "m = Match(g, seed=5)\nm.play([find_player(g, 'sensible', i) for i in range(3)], max_hands=2)\n"
        f"score_chart(m, title={HOSTILE!r})",
    )]
    path = tmp_path / "hostile_widgets.ipynb"
    nbformat.write(nb, path)
    server = serve(lambda port: voila_argv(str(path), port))
    page.goto(server.url)
    wait_for_voila(page)
    auction = page.locator(".cardkit-auction").first
    expect(auction.locator(".cardkit-status")).to_contain_text(f"{HOSTILE}0 to call", timeout=60_000)
    expect(auction.locator(".cardkit-message")).to_contain_text(f"bid {HOSTILE}")
    auction.locator(".cardkit-pass").click()
    expect(auction.locator(".cardkit-status")).to_contain_text(f"{HOSTILE}1 to call")
    expect(page.locator(".cardkit-ex-prompt").first).to_contain_text(f"{HOSTILE} prompt")
    hint = page.locator(".cardkit-ex-hint").first
    hint.click()
    expect(page.get_by_text(f"{HOSTILE} hint").first).to_be_visible()
    body = page.inner_text("body")
    assert f"{HOSTILE}2" in body  # the deal stepper's seat names, as text
    # the chart: an inline SVG drawing (an <img> of a data: URL) whose title and legend read the names
    from urllib.parse import unquote

    srcs = page.locator(".jp-RenderedSVG img").evaluate_all("els => els.map(e => e.getAttribute('src'))")
    drawings = [unquote(s.split(",", 1)[1]) for s in srcs if s.startswith("data:image/svg+xml,")]
    assert any("&lt;img src=x onerror=window.pwned=1&gt;0" in d for d in drawings)
    assert page.evaluate("window.pwned") is None
    for widget in (".cardkit-auction", ".cardkit-exercise", ".cardkit-board"):
        assert page.locator(f"{widget} img").count() == 0, widget
