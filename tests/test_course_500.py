"""The Five Hundred course (notebooks/500/) keeps the house shape, checked on the saved files.

Running the notebooks is nbval's job (``make test-notebooks``), and tests/test_notebooks_meta.py checks
what every notebook shares (saved executed in order, no engine code redefined, offline charts). Here,
what is the Five Hundred course's own: the seven notebooks exist; the first cell is its glossary; each
ends with a "check yourself" cell whose printed answers are asserted and compared by nbval; the
course's answers cover the rule text's checked numbers (rules.md 500 §2, §6, §15); the user-facing
words are the rule text's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from notebook_tools import NOTEBOOKS, load, source

COURSE = NOTEBOOKS / "500"
NAMES = ["01_pack_and_deal.ipynb", "02_bid_ladder.ipynb", "03_trumps_and_bowers.ipynb",
         "04_joker_in_no_trumps.ipynb", "05_misere.ipynb", "06_scoring_and_winning.ipynb",
         "07_three_five_six.ipynb"]
PATHS = [COURSE / n for n in NAMES]


def answers(path: Path) -> dict:
    """The dict printed by the notebook's last cell."""
    cell = load(path)["cells"][-1]
    printed = "".join("".join(o["text"]) for o in cell["outputs"] if o["output_type"] == "stream")
    return ast.literal_eval(printed.strip())


def test_the_course_is_complete():
    assert sorted(p.name for p in COURSE.glob("*.ipynb")) == NAMES


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_first_cell_is_a_glossary(path):
    first = load(path)["cells"][0]
    assert first["cell_type"] == "markdown"
    text = source(first)
    assert text.startswith("# Five Hundred, ")
    assert "**Glossary**" in text and text.count("**") >= 16, "a glossary names each concept in bold"


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_ends_with_check_yourself(path):
    cells = load(path)["cells"]
    question, answer = cells[-2], cells[-1]
    assert question["cell_type"] == "markdown" and source(question).startswith("## Check yourself")
    assert answer["cell_type"] == "code" and "assert answers ==" in source(answer)
    assert answers(path)["1"] is not None
    assert not answer.get("metadata", {}).get("tags") and "NBVAL_IGNORE_OUTPUT" not in source(answer)


def test_the_answers_hold_the_rule_texts_numbers():
    """rules.md 500 §15 (43 / 33 / 53 / 63, 6♠ = 40, 8♥ = 300, failed 10NT = −520, sweep 250,
    misère 250, open misère 500) and §6 (12 and 13) are each an answer the course checks."""
    got = {n: answers(COURSE / n) for n in NAMES}
    pack, ladder, trumps = got[NAMES[0]], got[NAMES[1]], got[NAMES[2]]
    misere, scoring, variants = got[NAMES[4]], got[NAMES[5]], got[NAMES[6]]
    assert [pack[k] for k in "1234"] == [43, 33, 53, 63]
    assert (ladder["1"], ladder["2"], ladder["3"], ladder["4"], ladder["6"]) == (40, 300, 520, 250, 500)
    assert (trumps["1"], trumps["2"]) == (12, 13)
    assert (misere["1"], misere["2"]) == (250, -500)
    assert (scoring["1"], scoring["2"], scoring["3"], scoring["4"], scoring["5"]) == (40, 300, -520, 250, 500)
    assert [variants[k] for k in "123"] == [33, 53, 63]


@pytest.mark.parametrize("path", PATHS, ids=NAMES)
def test_the_rule_texts_words(path):
    """The rule text's words: contractor, kitty, bury, bower, misère (not declarer, talon, widow)."""
    prose = " ".join(source(c) for c in load(path)["cells"] if c["cell_type"] == "markdown")
    for wrong in ("declarer", "talon", "widow", "discard pile", "misere "):
        assert wrong not in prose.lower().replace("`misere", "`"), f"{path.name}: say it as the rule text does"


def test_the_rule_texts_words_are_taught():
    prose = " ".join(source(c) for p in PATHS for c in load(p)["cells"] if c["cell_type"] == "markdown")
    for word in ("contractor", "kitty", "bury", "bower", "misère"):
        assert word in prose
