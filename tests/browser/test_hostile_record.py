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
