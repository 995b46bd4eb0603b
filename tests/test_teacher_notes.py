"""The teacher notes (docs/teacher-notes-501.md, docs/teacher-notes-500.md): one row per lesson of the course,
each with an aim, a time, what to click and exercises; every link leads to a file that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("game", ["501", "500"])
def test_every_lesson_has_a_row(game: str) -> None:
    notes = ROOT / "docs" / f"teacher-notes-{game}.md"
    text = notes.read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| [")]
    lessons = sorted((ROOT / "notebooks" / game).glob("0*.ipynb"))
    for lesson in lessons:
        row = next((r for r in rows if f"notebooks/{game}/{lesson.name})" in r), None)
        assert row is not None, f"no row for {lesson.name}"
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 5 and all(cells), row
        assert re.fullmatch(r"\d+ min", cells[2]), cells[2]
    assert len(rows) == len(lessons) + 1  # and the primer
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        assert (notes.parent / target).resolve().exists(), target
