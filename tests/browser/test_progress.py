"""Progress that persists, in a real browser: answers on two lesson pages, then the My progress page.

Voila (the kit's classroom template) serves a folder holding two lesson pages (the exercises of
501♠ lessons 2 and 5, as a lesson shows them) and the kit's ``notebooks/my_progress.ipynb``, with
``CARDKIT_PROGRESS`` pointing at a fresh file. Headless Chromium answers one exercise right and one
wrong on the first page and one right on the second, each page a kernel of its own; the progress
page, loaded afterwards and loaded again (a new kernel each time), must count them, show each rule's
state and offer the rule answered wrong for review; Forget my progress empties it. A picture of the
page at 1280×720 is saved as ``build/screenshots/progress.png`` (and ``docs/screenshots/progress.png``
with ``CARDKIT_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import nbformat
import pytest

from .conftest import REPO, page_errors, screenshot, voila_argv, wait_for_voila, wait_until
from .test_exercises import _click, _feedback, _pick, _wrong

pytestmark = pytest.mark.browser


def _lesson_page(folder: Path, name: str, lesson: str) -> None:
    cell = f'from cardkit.widgets.exercise import show_exercises\n\nshow_exercises("{lesson}", "en")'
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# Lesson {lesson}"),
                                         nbformat.v4.new_code_cell(cell)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    nbformat.write(nb, str(folder / name))


def _answer(page: Any, index: int, exercise: Any, right: bool) -> None:
    box = page.locator(".cardkit-exercise").nth(index)
    _pick(box, exercise, exercise.answer() if right else _wrong(exercise))
    _click(box, "cardkit-ex-check", "Check")
    _feedback(box, "cardkit-ex-right" if right else "cardkit-ex-wrong")


def _state_of(page: Any, rule: str) -> str:
    row = page.locator(".cardkit-progress-rules tr", has_text=rule).first
    return str(row.locator("td").nth(2).inner_text())


def test_answers_on_two_pages_are_counted_on_the_progress_page(serve, page, tmp_path: Path) -> None:
    from cardkit.exercises import find_lesson

    site = tmp_path / "site"
    site.mkdir()
    _lesson_page(site, "lesson_a.ipynb", "501/02")
    _lesson_page(site, "lesson_b.ipynb", "501/05")
    shutil.copy(REPO / "notebooks" / "my_progress.ipynb", site / "my_progress.ipynb")
    store = tmp_path / "progress.sqlite"
    server = serve(lambda port: voila_argv(str(site), port),
                   env={"CARDKIT_PROGRESS": str(store), "CARDKIT_DATA": str(REPO / "data")})
    page.set_viewport_size({"width": 1280, "height": 720})
    a, b = find_lesson("501/02", "en").exercises, find_lesson("501/05", "en").exercises

    page.goto(f"{server.url}voila/render/lesson_a.ipynb")
    wait_for_voila(page)
    assert page_errors(page) == [], server.log_tail()
    _answer(page, 0, a[0], right=True)  # rule 5 of 501
    _answer(page, 4, a[4], right=False)  # rule 6 of 501
    page.goto(f"{server.url}voila/render/lesson_b.ipynb")
    wait_for_voila(page)
    _answer(page, 2, b[2], right=True)  # rule 10 of 501

    for _visit in range(2):  # each load runs a new kernel, which reads the same file
        page.goto(f"{server.url}voila/render/my_progress.ipynb")
        wait_for_voila(page)
        assert page_errors(page) == [], server.log_tail()
        summary = page.locator(".cardkit-progress-summary")
        summary.wait_for(state="visible", timeout=30_000)
        assert summary.inner_text() == ("3 answers recorded, 2 of them right; 0 plays refused. "
                                        "Rules: 0 mastered, 2 practised, 1 to review, 23 new.")
        assert _state_of(page, "rule 5 of 501") == "practised"
        assert _state_of(page, "rule 6 of 501") == "to review"
        assert _state_of(page, "rule 10 of 501") == "practised"
        assert _state_of(page, "rule 8 of Five Hundred") == "new"
        review = page.locator(".cardkit-progress-review")
        assert "1 exercise on the rules due today" in review.inner_text()
        assert review.locator(".cardkit-exercise").count() == 1
    # the picture starts at the section heading: the summary and the table, as the class sees them
    page.locator("h2", has_text="Every rule").evaluate("e => e.scrollIntoView()")
    shot = screenshot(page, "progress", readme=True)
    assert shot.is_file()

    # answered on the progress page itself: recorded, and the table follows
    from cardkit.progress import Progress

    [due] = Progress(store).review_today("en")
    _answer(page, 0, due, right=True)
    wait_until(page, lambda: _state_of(page, "rule 6 of 501") == "practised")
    assert _state_of(page, "rule 6 of 501") == "practised"

    page.locator(".cardkit-progress-reset").click()
    page.locator(".cardkit-progress-confirm").click()
    wait_until(page, lambda: "Nothing recorded yet" in page.locator(".cardkit-progress-summary").inner_text())
    assert page.locator(".cardkit-progress-summary").inner_text().startswith("Nothing recorded yet")
    assert Progress(store).events() == []
