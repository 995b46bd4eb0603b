"""Exercises checked by the engine: a position, a question, and feedback that says why.

Teachers write exercises as files under ``data/exercises/`` (JSON or YAML, one lesson in one
language per file; the format is :mod:`cardkit.exercises.schema`, described in
``docs/exercises.md``). No answer is written in a file: the engine computes it every time, and a
wrong answer gets the engine's reasons in the learner's language (the rule message of an illegal
card, the trick's winner and the rule that decides it, the score arithmetic written out).

>>> from cardkit.exercises import from_data
>>> lesson = from_data({"format": "cardkit-exercises", "version": 1, "lesson": "501/01", "language": "en",
...     "game": "501", "exercises": [{"id": "talon-card", "kind": "deal", "ask": "where", "card": 4,
...     "rules": ["501-deal-3"], "prompt": "Where does the 4th card go?", "position": {"dealer": "C"}}]})
>>> exercise = lesson.exercises[0]
>>> exercise.answer_text()
'talon'
>>> exercise.check("A").correct, exercise.check("talon").correct
(False, True)

Each ``(kind, ask)`` is a class of :mod:`cardkit.exercises.questions` (the table
:data:`~cardkit.exercises.questions.QUESTIONS`) that answers, reads, judges, hints and says its
question; an exercise finds its own as :attr:`Exercise.question`.

The widget that asks them is :mod:`cardkit.widgets.exercise`; the command line
``python -m cardkit exercises list|check``.
"""

from __future__ import annotations

from .core import (ANSWER_TYPES, AnswerError, Choice, Exercise, ExerciseError, Feedback, Lesson, PlayOut,
                   check_path, data_dir, exercise_files, find_lesson, from_data, load_all, load_file,
                   lessons, rule_statements)
from .questions import QUESTIONS
from .schema import KINDS, SCHEMA

__all__ = ["ANSWER_TYPES", "AnswerError", "Choice", "Exercise", "ExerciseError", "Feedback", "KINDS", "Lesson",
           "PlayOut", "QUESTIONS", "SCHEMA", "check_path", "data_dir", "exercise_files", "find_lesson", "from_data",
           "load_all", "load_file", "rule_statements"]
