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


def test_score_changes_read_with_a_minus_sign_and_no_plus_zero() -> None:
    """A score change (rules.md 501 §10: 501 counts down) reads −21, +66, and 0 as words."""
    from cardkit.display import change_words

    with language("en"):
        assert [change_words(-21), change_words(66), change_words(0)] == ["−21", "+66", "no change"]
    with language("es"):
        assert [change_words(-6), change_words(0)] == ["−6", "sin cambio"]
