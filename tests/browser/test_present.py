"""Classroom mode, in a real browser: ``make present`` serves the course with Voila on 127.0.0.1.

The test runs the Makefile's own ``present`` target (on a free port, without opening a browser),
opens the course's folder listing in headless Chromium, follows the links to notebooks, and checks
what a class would see on the projector: the notebooks' prose and outputs, no code cells, working
widgets, and not one request to any host but the local server (no CDN: the widgets' code and the
page's icons are Voila's bundled assets, the charts static SVG).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import REPO, listening_addresses, page_errors, screenshot, voila_page_screenshot, wait_for_voila

pytestmark = pytest.mark.browser

VENV = Path(sys.executable).parent.parent


def make_present(port: int) -> list[str]:
    """``make present`` on ``port``, with this interpreter's environment, not opening a browser and
    not reinstalling (``-o`` takes the install stamp as up to date)."""
    return ["make", "-s", "-C", str(REPO), "-o", f"{VENV}/.installed-stamp", "present", f"VENV={VENV}",
            f"PRESENT_PORT={port}", "PRESENT_FLAGS=--no-browser"]


def listing(page) -> list[str]:
    """The names in Voila's folder listing (a JupyterLab file browser)."""
    page.wait_for_selector(".jp-DirListing-item")
    return [t.strip() for t in page.locator(".jp-DirListing-item .jp-DirListing-itemText").all_inner_texts()]


def open_notebook(page, name: str):
    """Click a notebook in the listing: Voila renders it in a new tab, returned once it has run."""
    with page.expect_popup() as popup:
        page.locator(".jp-DirListing-item", has_text=name).click()
    nb = popup.value
    wait_for_voila(nb)
    return nb


def test_make_present_serves_the_course_offline_with_no_code(serve, page) -> None:
    from playwright.sync_api import expect

    server = serve(make_present)
    # The classroom server listens on this machine's loopback address only.
    assert listening_addresses(server.port) == {"127.0.0.1"}
    page.goto(server.url)
    names = listing(page)
    assert "00_start_here.ipynb" in names and "501" in names, names
    assert "cdn.jsdelivr.net" not in page.content()

    # The start page, as the class sees it: prose, a live table, no code.
    nb = open_notebook(page, "00_start_here.ipynb")
    assert page_errors(nb) == [], server.log_tail()
    body = nb.locator("#rendered_cells").inner_text()
    assert "Start here: cardkit" in body
    assert "from cardkit import" not in body and 'Table("501", seed=7, humans=[0])' not in body
    assert nb.locator(".jp-CodeMirrorEditor, .jp-InputArea-editor").count() == 0
    table = nb.locator(".cardkit-table").first
    expect(table).to_be_visible()
    # Seat A is the user's: it is A's turn and the engine's legal actions are buttons.
    expect(table.locator(".cardkit-status")).to_contain_text("A (you) to act")
    assert table.locator(".cardkit-action, .cardkit-card.cardkit-legal").count() > 0
    voila_page_screenshot(nb, "present_start_here", readme=True)
    assert "cdn.jsdelivr.net" not in nb.content()

    # The start page's course links lead to the other notebooks, rendered the same way.
    nb.locator("#rendered_cells a", has_text="Worked example").first.click()
    wait_for_voila(nb)
    assert nb.url.endswith("/voila/render/501/06_worked_blind_contract.ipynb"), nb.url
    assert page_errors(nb) == [], server.log_tail()
    table = nb.locator(".cardkit-table").first
    status = table.locator(".cardkit-status")
    expect(status).to_contain_text("step 0 of 30")  # the table opens at the start of the hand
    expect(table.locator(".cardkit-start")).to_be_disabled()
    table.locator(".cardkit-next").click()
    expect(status).to_contain_text("step 1 of 30")
    expect(table.locator(".cardkit-log")).to_contain_text("A: bid 80")

    # The folder listing goes down into the 501 course and its Spanish version.
    page.locator(".jp-DirListing-item", has_text="501").dblclick()
    expect(page.locator(".jp-DirListing-item", has_text="06_worked_blind_contract.ipynb")).to_be_visible()
    assert {"es", "06_worked_blind_contract.ipynb"} <= set(listing(page))

    # Nothing left the machine: every request of every page went to the local server.
    assert page.recorded.foreign_hosts() == []
    assert page.recorded.errors == []


def test_a_closed_page_stops_its_kernel(serve, page) -> None:
    """Each page view runs a kernel of about 130 MB. When a student closes or reloads the page,
    the page asks Voila to stop that kernel (a beacon that must carry the page's _xsrf cookie,
    which the classroom template sets): the kernel stops at once instead of waiting for the idle
    cull, and the request is not refused. Served as one notebook, the way a lesson is served to a
    class (no folder listing opened first)."""
    import re
    import time

    def argv(port: int) -> list[str]:
        return make_present(port) + ["PRESENT_PATH=notebooks/00_start_here.ipynb", "PRESENT_POOL=0"]

    server = serve(argv)
    page.goto(server.url)
    wait_for_voila(page)
    assert any(c["name"] == "_xsrf" for c in page.context.cookies())
    started = re.findall(r"Kernel started: ([0-9a-f-]+)", server.log.read_text())
    assert len(started) == 1, server.log_tail()
    page.goto("about:blank")  # the tab leaves the lesson: beforeunload sends the beacon
    deadline = time.monotonic() + 20
    while f"Kernel shutdown: {started[0]}" not in server.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    log = server.log.read_text()
    assert f"Kernel shutdown: {started[0]}" in log, server.log_tail()
    assert "403 POST" not in log and "_xsrf' argument missing" not in log, server.log_tail()


#: For every paragraph of a page's prose: its computed font size, its width in characters (the
#: width of "0" in its font, the ``ch`` of CSS) and its longest rendered line, counted character
#: by character from the line boxes the browser laid out.
MEASURE_PROSE = """() => [...document.querySelectorAll('#rendered_cells .jp-RenderedMarkdown p')]
  .filter((p) => p.offsetParent !== null && p.textContent.trim().length > 0).map((p) => {
    const fs = parseFloat(getComputedStyle(p).fontSize);
    const zero = document.createElement('span');
    zero.textContent = '0'.repeat(20);
    p.appendChild(zero);
    const ch = zero.getBoundingClientRect().width / 20;
    zero.remove();
    const range = document.createRange();
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    const lines = [];
    let top = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.length; i++) {
        range.setStart(n, i); range.setEnd(n, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (top === null || box.top > top + fs / 2) { lines.push(0); top = box.top; }
        lines[lines.length - 1] += 1;
      }
    }
    return {fs, chars: p.getBoundingClientRect().width / ch, longest: Math.max(...lines), lines: lines.length};
  })"""


def test_projector_mode_makes_a_lesson_readable_at_1920x1080_and_is_remembered(serve, page) -> None:
    """The classroom page's projector button (static/projector.js of the template) turns on large
    text at 1920x1080: prose of at least 28 px in lines of at most 70 characters, tables of at least
    28 px, the widgets scaled with them; after a reload the page is still in projector mode (the
    browser keeps the choice). A Spanish page names the button in Spanish."""
    from playwright.sync_api import expect

    def argv(port: int) -> list[str]:
        return make_present(port) + ["PRESENT_PATH=notebooks", "PRESENT_POOL=0"]

    server = serve(argv)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{server.url}voila/render/500/03_bidding_and_the_ladder.ipynb")
    wait_for_voila(page)
    toggle = page.locator(".cardkit-projector-toggle")
    expect(toggle).to_have_text("Projector mode: off")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    bid = page.locator(".cardkit-auction .cardkit-bid")
    expect(bid).to_be_visible()
    desk = page.evaluate(MEASURE_PROSE)
    assert max(p["fs"] for p in desk) < 20 and max(p["longest"] for p in desk) > 100, desk  # today: small, long
    desk_button = bid.bounding_box()

    toggle.click()
    expect(toggle).to_have_text("Projector mode: on")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    big = page.evaluate(MEASURE_PROSE)
    assert len(big) >= 10, big
    assert min(p["fs"] for p in big) >= 28, big
    assert max(p["chars"] for p in big) <= 70 and max(p["longest"] for p in big) <= 70, big
    assert any(p["lines"] >= 3 for p in big)  # the long paragraphs wrap, they are not cut
    table_fs = page.evaluate("""() => [...document.querySelectorAll('#rendered_cells .jp-RenderedHTMLCommon table.dataframe td')]
        .map((td) => parseFloat(getComputedStyle(td).fontSize))""")
    assert table_fs and min(table_fs) >= 28, table_fs
    # the auction panel's bid button is drawn about twice as large (the widgets are scaled as one)
    assert bid.bounding_box()["height"] >= 1.8 * desk_button["height"], (bid.bounding_box(), desk_button)
    page.locator("h2", has_text="What a bid is worth").scroll_into_view_if_needed()
    screenshot(page, "lesson_projector", readme=True)

    page.reload()
    wait_for_voila(page)
    expect(toggle).to_have_text("Projector mode: on")
    assert "cardkit-projector" in page.evaluate("document.documentElement.className")
    assert min(p["fs"] for p in page.evaluate(MEASURE_PROSE)) >= 28

    page.goto(f"{server.url}voila/render/501/es/01_cartas_y_reparto.ipynb")
    wait_for_voila(page)
    expect(toggle).to_have_text("Modo proyector: sí")
    toggle.click()
    expect(toggle).to_have_text("Modo proyector: no")
    assert "cardkit-projector" not in page.evaluate("document.documentElement.className")
    assert max(p["fs"] for p in page.evaluate(MEASURE_PROSE)) < 20
    assert page.recorded.foreign_hosts() == [] and page.recorded.errors == []
