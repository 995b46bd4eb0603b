"""The Five Hundred course (notebooks/500/) keeps the house shape, checked on the saved files.

Running the notebooks is nbval's job (``make test-notebooks``), and tests/test_notebooks_meta.py checks
what every notebook shares (saved executed in order, no engine code redefined, offline charts). Here,
what is the Five Hundred course's own: the seven notebooks exist; the first cell is its glossary; each
ends with a "check yourself" cell of exercises (checked in tests/test_notebooks_meta.py); the
engine's answers to those exercises cover the rule text's checked numbers (rules.md 500 §2, §6,
§15); the user-facing words are the rule text's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from notebook_tools import NOTEBOOKS, load, source

COURSE = NOTEBOOKS / "500"
#: the lessons in a learner's order (a term is taught before a lesson uses it), then the appendix
NAMES = ["01_pack_and_deal.ipynb", "02_tricks_trumps_and_bowers.ipynb", "03_bidding_and_the_kitty.ipynb",
         "04_scoring_and_winning.ipynb", "05_misere.ipynb", "06_joker_in_no_trumps.ipynb", "07_three_five_six.ipynb",
         "08_situations_at_the_table.ipynb"]
APPENDIX = "appendix_joker_readings.ipynb"
PATHS = [COURSE / n for n in NAMES]


def answers(path: Path) -> list:
    """The engine's answers to the exercises the notebook's last cell shows (its lesson, English),
    numbers and lists of numbers flattened into one list."""
    from cardkit.exercises import find_lesson

    lesson = "500/" + path.name[:2]
    out: list = []
    for e in find_lesson(lesson, "en"):
        a = e.answer()
        if isinstance(a, list) and all(isinstance(x, int) for x in a):
            out.extend(a)
        elif isinstance(a, int) and not isinstance(a, bool):
            out.append(a)
    return out


def test_the_course_is_complete():
    lessons = sorted(p.name for p in COURSE.glob("0*.ipynb"))
    assert [n for n in NAMES if n in lessons] == NAMES
    assert (COURSE / APPENDIX).is_file()


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_first_cell_is_a_glossary(path):
    first = load(path)["cells"][0]
    assert first["cell_type"] == "markdown"
    text = source(first)
    assert text.startswith("# Five Hundred, ")
    assert "**Glossary**" in text and text.count("**") >= 16, "a glossary names each concept in bold"


def test_the_answers_hold_the_rule_texts_numbers():
    """rules.md 500 §15 (43 / 33 / 53 / 63, 6♠ = 40, 8♥ = 300, 10NT = 520 and −520 failed, sweep 250,
    misère 250, open misère 500 and −500 failed) and §6 (12 and 13) are each the engine's answer to
    an exercise of the lesson that teaches it (the lessons end with tests/test_notebooks_meta.py's
    "check yourself" exercises)."""
    got = {n: answers(COURSE / n) for n in NAMES}
    pack, trumps, ladder = got[NAMES[0]], got[NAMES[1]], got[NAMES[2]]
    scoring, misere, variants = got[NAMES[3]], got[NAMES[4]], got[NAMES[6]]
    assert 43 in pack
    assert {40, 300, 520} <= set(ladder)
    assert {12, 13} <= set(trumps)
    assert {250, -500, 500} <= set(misere)
    assert {250, -520, 300} <= set(scoring)
    assert {33, 53, 63} <= set(variants)


@pytest.mark.parametrize("path", [*PATHS, COURSE / APPENDIX], ids=[*NAMES, APPENDIX])
def test_the_rule_texts_words(path):
    """The rule text's words: contractor, kitty, bury, bower, misère (not declarer, talon, widow)."""
    prose = " ".join(source(c) for c in load(path)["cells"] if c["cell_type"] == "markdown")
    for wrong in ("declarer", "talon", "widow", "discard pile", "misere "):
        assert wrong not in prose.lower().replace("`misere", "`"), f"{path.name}: say it as the rule text does"


def test_the_rule_texts_words_are_taught():
    prose = " ".join(source(c) for p in PATHS for c in load(p)["cells"] if c["cell_type"] == "markdown")
    for word in ("contractor", "kitty", "bury", "bower", "misère"):
        assert word in prose


#: a word of the rule text → the lesson (its number) that teaches it, in the learner's order
TAUGHT_IN = {"bower": 2, "auction": 3, "contractor": 3, "misère": 3, "bury": 3, "buried": 3, "nominat": 5}


@pytest.mark.parametrize("word", sorted(TAUGHT_IN))
def test_no_lesson_uses_a_word_before_it_is_taught(word):
    """The learner's order (issue: Five Hundred in a learner's order): a lesson before the one that teaches
    a word mentions it only with a pointer to the lesson that does ("lesson 3", "lessons 3 and 4")."""
    taught = TAUGHT_IN[word]
    assert word in source(load(PATHS[taught - 1])["cells"][0]).lower(), f"lesson {taught}'s glossary names {word}"
    for path in PATHS[:taught - 1]:
        for cell in load(path)["cells"]:
            text = source(cell).lower()
            if cell["cell_type"] == "markdown" and word in text:
                assert f" {taught}" in text and "lesson" in text, f"{path.name} says {word!r} before lesson {taught}"
