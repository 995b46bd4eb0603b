"""Every course page as a class sees it: classroom mode (the kit's Voila template, no code) in headless
Chromium at 1280×720 — the two start pages, the 501♠ course in English and Spanish, Five Hundred.

Each page: no output that reads as a Python value (a tuple, list, dict, a quoted string, ``True``,
``Cards.parse(…)``, ``Trick(…)``), no table cell reading ``True``/``False``/``None`` or a bracketed
list, no programmer wording ("represents it in code", ``python -m cardkit``), no error box, every
table at its first step (nothing stepped a table
already on the page), no English word of the table on a Spanish page; a screenshot of the whole page
is saved in ``build/screenshots/course_*.png``. The start page's table at "projector" size fits the
1280×720 screen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import REPO, page_errors, voila_argv, voila_page_screenshot, wait_for_voila

pytestmark = pytest.mark.browser

NOTEBOOKS = REPO / "notebooks"
PAGES = (["00_start_here.ipynb", "00_empieza_aqui.ipynb"]
         + [str(p.relative_to(NOTEBOOKS)) for p in sorted((NOTEBOOKS / "501").glob("*.ipynb"))]
         + [str(p.relative_to(NOTEBOOKS)) for p in sorted((NOTEBOOKS / "501" / "es").glob("*.ipynb"))]
         + [str(p.relative_to(NOTEBOOKS)) for p in sorted((NOTEBOOKS / "500").glob("*.ipynb"))])

#: An output that reads as a Python value (the shapes a learner must never meet).
RAW = re.compile(r"^\s*([\(\[\{]|True\b|False\b|None\b|-?\d+\s*$|'[^']*'\s*$|\w+\.parse\(|Trick\(|View\(|<\w+ )")
#: A table cell that reads as a Python value: True/False/None or a bracketed list.
RAW_CELL = re.compile(r"^\s*(True|False|None|\[.*\])\s*$", re.S)
#: Programmer words a lesson page must not show (glossaries "in code", commands, interpreter paths).
CODE_WORDS = ["represents it in code", "representa en el código", ".venv/bin/python", "python -m cardkit"]
#: Words of the table that a Spanish page must show in Spanish.
ENGLISH = ["Next", "Back", "Start", "End", "view", "all hands", "to act", "step", "dealer", "talon", "bid",
           "pass", "play", "look", "declare", "abandon", "give", "auction", "you", "trick", "tricks", "points",
           "score", "change", "hand total", "New deal", "Hint", "Review my hand", "large", "projector",
           "stay blind", "bidder", "blind"]
#: Tables a lesson opens at a later step on purpose (the prose says where): page -> statuses allowed.
OPENED_LATER = {"03_contract_and_exchange.ipynb": ("step 3 of",), "04_tricks_and_marriages.ipynb": ("step 10 of", "step 9 of 9")}


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    from .conftest import free_port, start_server

    port = free_port()
    server = start_server(voila_argv(str(NOTEBOOKS), port), port, tmp_path_factory.mktemp("voila") / "voila.log")
    yield server
    server.stop()


@pytest.fixture
def screen(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    context.set_default_timeout(120_000)
    p = context.new_page()
    try:
        yield p
    finally:
        context.close()


def outputs(page) -> list[str]:
    """The text of every output that is not a widget."""
    return page.eval_on_selector_all(
        ".jp-OutputArea-output:not(:has(.jupyter-widgets))", "els => els.map(e => e.innerText)")


@pytest.mark.parametrize("name", PAGES)
def test_course_page_reads_as_sentences_tables_and_pictures(course, screen, name: str) -> None:
    screen.goto(f"{course.url}voila/render/{name}")
    wait_for_voila(screen, timeout=180_000)
    screen.wait_for_timeout(500)
    shot = voila_page_screenshot(screen, "course_" + name.replace("/", "_").removesuffix(".ipynb"), max_height=16000)
    assert Path(shot).is_file()
    assert page_errors(screen) == [], course.log_tail()
    raw = [t for t in outputs(screen) if RAW.match(t)]
    assert raw == [], f"{name}: outputs that read as Python values: {raw}"
    cells = screen.eval_on_selector_all("td", "els => els.map(e => e.innerText)")
    raw_cells = [t for t in cells if RAW_CELL.match(t)]
    assert raw_cells == [], f"{name}: table cells that read as Python values: {raw_cells}"
    text = screen.inner_text("body")
    assert [w for w in CODE_WORDS if w in text] == [], f"{name}: programmer wording on a lesson page"

    # every table fits the 1280 px screen: the score panel wraps below rather than run past the edge
    too_wide = screen.eval_on_selector_all(
        ".cardkit-table", "els => els.map(e => Math.max(...[e, ...e.querySelectorAll('*')]"
        ".map(c => Math.round(c.getBoundingClientRect().right))))"
        ".filter(r => r > document.documentElement.clientWidth)")
    assert too_wide == [], f"{name}: tables wider than the screen (right edges in px): {too_wide}"

    allowed = OPENED_LATER.get(Path(name).name, ())
    for i, table in enumerate(screen.locator(".cardkit-table:not(.cardkit-picture)").all()):
        status = table.locator(".cardkit-status").first.inner_text()
        at_start = table.locator(".cardkit-start").first.is_disabled()
        your_turn = "(you)" in status or "(tú)" in status
        assert at_start or your_turn or any(a in status for a in allowed), f"{name}: table {i} at {status!r}"

    if "/es/" in name or name == "00_empieza_aqui.ipynb":
        for table in screen.locator(".cardkit-table, .cardkit-deal").all():
            text = table.inner_text()
            words = [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
            assert words == [], f"{name}: English words in a Spanish table: {words}\n{text}"


def test_projector_size_fits_the_whole_table_on_the_screen(course, screen) -> None:
    screen.goto(f"{course.url}voila/render/00_start_here.ipynb")
    wait_for_voila(screen, timeout=180_000)
    table = screen.locator(".cardkit-table").first
    table.locator(".cardkit-size button", has_text="projector").click()
    screen.wait_for_function("() => document.querySelector('.cardkit-table.cardkit-size-projector')")
    screen.wait_for_timeout(300)
    table.scroll_into_view_if_needed()
    box = table.bounding_box()  # on the screen, zoom included
    zoom = screen.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.cardkit-table')).zoom)")
    from .conftest import screenshot

    screenshot(table, "projector_table")
    assert zoom > 1.2 and box["width"] <= 1280 and box["height"] <= 720, (zoom, box)
