"""display.text_of: what a lesson table shows in a cell is a word, never a Python value (issue 13)."""

from __future__ import annotations

from cardkit.display import text_of
from cardkit.i18n import language


def test_values_read_as_words_in_english() -> None:
    with language("en"):
        assert [text_of(True), text_of(False), text_of(None)] == ["yes", "no", "none"]
        assert text_of([501, 501, 501]) == "501, 501 and 501"
        assert text_of(["A", "B"]) == "A and B"
        assert text_of(["B"]) == "B"


def test_values_read_as_words_in_spanish() -> None:
    with language("es"):
        assert [text_of(True), text_of(False), text_of(None)] == ["sí", "no", "ninguno"]
        assert text_of(["A", "B"]) == "A y B"
