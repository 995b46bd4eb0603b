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


def _section(text: str, heading: str) -> str:
    """The text under ``## heading`` up to the next heading of that level."""
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


@pytest.mark.parametrize("game, lessons", [("501", ["01", "02", "03", "04", "05"]),
                                           ("500", ["01", "02", "03", "04", "05"])])
def test_a_50_minute_route_shows_lessons_and_plays_at_the_tables(game: str, lessons: list[str]) -> None:
    """The 50-minute class: rows of minutes that add up to 50, lessons 1–5 each shown once (their full
    times add up to far more: 110 and 95 minutes), and a hand played at the tables, then a debrief."""
    text = (ROOT / "docs" / f"teacher-notes-{game}.md").read_text(encoding="utf-8")
    route = _section(text, "A 50-minute class")
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in route.splitlines()
            if re.match(r"\| \d+ \|", line)]
    assert sum(int(r[0]) for r in rows) == 50, rows
    shown = [m for r in rows for m in re.findall(rf"notebooks/{game}/(\d\d)_", r[1])]
    assert shown == lessons, shown
    plays = [r for r in rows if "plays one hand" in r[2]]
    assert len(plays) == 1 and int(plays[0][0]) >= 15 and rows.index(plays[0]) == len(rows) - 2
    full = [int(m) for m in re.findall(rf"notebooks/{game}/0[1-5]_[^)]*\) \|[^|]*\| (\d+) min", text)]
    assert sum(full) == {"501": 110, "500": 95}[game]


@pytest.mark.parametrize("game, players", [("501", "3"), ("500", "4")])
def test_play_at_the_tables_says_how_to_set_up_a_class(game: str, players: str) -> None:
    """The server on the class's network with --public-url, a class in one command, the groups and
    computer seats, the phones."""
    tables = _section((ROOT / "docs" / f"teacher-notes-{game}.md").read_text(encoding="utf-8"), "Play at the tables")
    assert "python -m cardkit serve --host 0.0.0.0 --public-url http://THIS-MACHINE:8765/" in tables
    assert re.search(rf"cardkit new-class --tables \d --game {game} --players {players} --computer [A-F]\b", tables)
    assert "/teach/ID" in tables and "join cards" in tables and "QR code" in tables
    assert "**Groups of 3–" in tables and "computer seat" in tables and "**Phones.**" in tables
    assert "(server.md)" in tables
