"""The Five Hundred course (notebooks/500/) keeps the house shape, checked on the saved files.

Running the notebooks is nbval's job (``make test-notebooks``), and tests/test_notebooks_meta.py checks
what every notebook shares (saved executed in order, no engine code redefined, offline charts). Here,
what is the Five Hundred course's own: the nine lessons exist; the first cell is its glossary; each
ends with a "check yourself" cell of exercises (checked in tests/test_notebooks_meta.py); the
engine's answers to those exercises cover the rule text's checked numbers (rules.md 500 §2, §6,
§15); the user-facing words are the rule text's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from notebook_tools import NOTEBOOKS, load, source

COURSE = NOTEBOOKS / "500"
#: the lessons in a learner's order (a term is taught before a lesson uses it), then the appendix
NAMES = ["01_pack_and_deal.ipynb", "02_tricks_trumps_and_bowers.ipynb", "03_bidding_and_the_ladder.ipynb",
         "04_the_kitty.ipynb", "05_scoring_and_winning.ipynb", "06_misere.ipynb", "07_joker_in_no_trumps.ipynb",
         "08_three_five_six.ipynb", "09_situations_at_the_table.ipynb"]
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


def outputs(path: Path) -> str:
    """The text of every output of ``path``'s code cells (what the engine computed on the page)."""
    texts = []
    for cell in load(path)["cells"]:
        for out in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            text = out.get("data", {}).get("text/plain", out.get("text", ""))
            texts.append(text if isinstance(text, str) else "".join(text))
    return "\n".join(texts)


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
    an exercise of the lesson that teaches it, or worked by the engine on its page (the lessons end with tests/test_notebooks_meta.py's
    "check yourself" exercises)."""
    got = {n: answers(COURSE / n) for n in NAMES}
    pack, trumps, ladder = got[NAMES[0]], got[NAMES[1]], got[NAMES[2]]
    scoring, misere, variants = got[NAMES[4]], got[NAMES[5]], got[NAMES[7]]
    assert 43 in pack
    assert {12, 13} <= set(trumps)
    assert {250, -500, 500} <= set(misere)
    assert {33, 53, 63} <= set(variants)
    # The ladder's and the scoring lesson's documented numbers are worked on the page, by the engine
    # (outputs nbval compares), and the exercises ask for others, so that the page does not print
    # their answers just above them: 7♣ = 160, 9♦ = 380, 8NT = 320; C's 7NT +220, B's failed 6♣ −60.
    assert re.search(r"6♠\s+8♥\s+10NT.*\n\s*value\s+40\s+300\s+520\b", outputs(COURSE / NAMES[2]))
    worked = outputs(COURSE / NAMES[4])
    for change in ("A and C +300; B and D +10", "A and C −520; B and D +10", "scores A and C +250"):
        assert change in worked, change
    assert {160, 380, 320} <= set(ladder) and not {40, 300, 520} & set(ladder)
    assert {-60, 50, 250} <= set(scoring) and not {-520, 300} & set(scoring)


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
TAUGHT_IN = {"bower": 2, "auction": 3, "contractor": 3, "misère": 3, "bury": 4, "buried": 4, "nominat": 6}


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


# ---------------------------------------------------------------- the appendix: the seven joker readings

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"


def _line(record: str, step: int, then: tuple[str, ...] = (), **options):
    """The record's hand at a table with the rule ``options``: its first ``step`` actions, then ``then``."""
    from cardkit.game500 import Game500
    from cardkit.records import load as load_record
    from cardkit.replay import Replay

    replay = Replay(Game500(**options), match=load_record(EXAMPLES / record))
    replay.goto(0, step)
    for action in then:
        replay.apply(action)
    return replay.state


HAND1, HAND2 = "500_joker_readings.json", "500_joker_last_card.json"
#: hand 1's actions from the opening lead to A's play at trick 3 (the record's own line)
TO_TRICK_3 = ("play 6♥", "play A♥", "play 4♥", "play J♥", "play A♠", "play 6♠", "play 7♠", "play 5♠",
              "play A♦", "play 9♦", "play 6♦")
JOKER_LATE = ("play Jo naming ♥", "play 10♦", "play K♥", "play Q♥")
#: reading → (trick number, the default line, the reading's line, who takes the trick by default, under the reading);
#: a line is (record, step, actions after the step, options). Hand-checked: see the appendix notebook.
READINGS = {
    "loose": (6, (HAND1, 32, (), {}), (HAND1, 28, JOKER_LATE, {"joker-lead": "loose"}), "C", "A"),
    "lead any": (6, (HAND1, 32, (), {}), (HAND1, 28, JOKER_LATE, {"joker-lead-any": True}), "C", "A"),
    "lead last": (1, (HAND1, 8, ("play Jo naming ♥", "play A♥", "play 4♥", "play J♥"), {}),
                  (HAND1, 12, (), {"joker-lead-last": True}), "A", "B"),
    "last card exempt": (5, (HAND2, 25, ("play Jo", "play Q♣", "play 10♣"), {}),
                         (HAND2, 28, (), {"joker-void": "last-card-exempt"}), "A", "B"),
    "last card loses": (10, (HAND2, 48, (), {}), (HAND2, 48, (), {"joker-void": "last-card-loses"}), "A", "D"),
    "first or last": (3, (HAND1, 20, (), {}), (HAND1, 19, ("play Jo",), {"joker-first-last": True}), "B", "A"),
    "no nomination in no trumps": (3, (HAND1, 7, ("nominate ♦", *TO_TRICK_3, "play Jo"), {}),
                                   (HAND1, 7, (*TO_TRICK_3, "play 4♦"), {"no-nt-nomination": True}), "A", "B"),
}


@pytest.mark.parametrize("reading", sorted(READINGS))
def test_each_joker_reading_changes_who_takes_its_trick(reading):
    """rules.md 500 §8: each of the seven readings the appendix shows changes who takes a trick of its
    position (the issue: each reading on a position where it changes the result)."""
    number, default, other, by_default, under_reading = READINGS[reading]
    names = ["A", "B", "C", "D"]
    record, step, then, options = default
    assert names[_line(record, step, then, **options).tricks[number - 1].winner] == by_default
    record, step, then, options = other
    assert names[_line(record, step, then, **options).tricks[number - 1].winner] == under_reading


#: where a reading (or the default) keeps the joker in A's hand in hand 1: (step, actions after it, options)
NO_JOKER = {"lead last, trick 1": (8, (), {"joker-lead-last": True}), "default, trick 6": (28, (), {}),
            "no nomination, trick 3": (7, TO_TRICK_3, {"no-nt-nomination": True})}


@pytest.mark.parametrize("where", sorted(NO_JOKER))
def test_where_the_joker_may_not_go_every_other_card_of_as_loses(where):
    """The line without the joker is not a poor choice of A's (hand 1): A may not play the joker, and
    every card A may lead can be beaten by a card of its suit another seat holds, or, following,
    every card A may play loses to a card already in the trick."""
    from cardkit.cards import JOKER

    step, then, options = NO_JOKER[where]
    state = _line(HAND1, step, then, **options)
    assert state.current_player() == 0
    plays = [a.card for a in state.legal_actions()]
    assert plays and JOKER not in plays
    trick = state.trick
    for card in plays:
        if trick.plays:
            rivals = [c for _, c in trick.plays]
            suit = trick.led_suit
        else:
            suit = state.suit_of(card)
            rivals = [c for seat, hand in enumerate(state.hands) if seat != 0 for c in hand]
        assert max(state.power(c, suit) for c in rivals) > state.power(card, suit), f"{card} can win"


def test_the_appendix_ends_with_exercises_whose_answers_depend_on_the_reading():
    """The appendix's "check yourself": one call showing lesson 500/joker-readings; each exercise at a
    table that plays a reading other than the default has another answer at a default table."""
    from dataclasses import replace

    from cardkit.exercises import find_lesson
    from cardkit.game500 import Game500

    last = load(COURSE / APPENDIX)["cells"][-1]
    assert source(last) == 'from cardkit.widgets.exercise import show_exercises\n\nshow_exercises("500/joker-readings")'
    lesson = find_lesson("500/joker-readings", "en")
    readings = {tuple(sorted((k, v) for k, v in e.game.options.items() if v != Game500().options[k])) for e in lesson}
    assert len(lesson) >= 4 and len(readings) >= 4
    for e in lesson:
        if e.game.options != Game500().options:
            assert replace(e, game=Game500(), _state=None).answer() != e.answer(), e.id
