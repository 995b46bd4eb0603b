"""The format of exercise files (``data/exercises/**/*.json`` or ``.yaml``), as a JSON schema.

A file is one lesson's exercises in one language::

    {"format": "cardkit-exercises", "version": 1, "lesson": "501/04", "language": "en",
     "title": "Tricks and marriages", "game": "501", "players": 3,
     "exercises": [
        {"id": "501-04-follow", "kind": "play", "ask": "legal", "rules": ["501-play-2"],
         "prompt": "B to play: pick every card B may play.",
         "position": {"record": "501_worked_blind_contract.json", "step": 7}}]}

What each field means is in :mod:`cardkit.exercises` and ``docs/exercises.md``. The schema checks
the shape; :func:`cardkit.exercises.load_file` then checks what a schema cannot (the position can
arise, the question fits it, the rule ids exist) and names the place of every problem
(``exercises[3].position.step``).

Size limits (so a file from anywhere cannot make the kit slow): a file of at most
:data:`MAX_FILE_BYTES`, at most :data:`MAX_EXERCISES` exercises, at most :data:`MAX_RULES` rule
ids per exercise, texts of at most :data:`MAX_TEXT` characters, at most :data:`MAX_ACTIONS`
actions in a position. :func:`validate` checks every list's length (``maxItems``) and object's
size (``maxProperties``) first, and reports those over their limits without running the rest of
the schema: ``jsonschema`` would still compare every pair of a long ``uniqueItems`` list it cannot
sort (a 1 MB ``rules`` list of objects: over an hour; ``benchmarks/bench_exercise_schema.py``).
"""

from __future__ import annotations

import importlib.abc
import sys
from types import ModuleType
from typing import Any, Sequence

from ..i18n import _
from ..registry import game_names

FORMAT = "cardkit-exercises"
VERSION = 1
MAX_FILE_BYTES = 1_000_000
MAX_EXERCISES = 200
#: The most rule statement ids one exercise lists (``rules``, whose items must differ).
MAX_RULES = 10
MAX_TEXT = 2000
MAX_ACTIONS = 120

#: The kinds of question and, for each, what may be asked.
KINDS: dict[str, tuple[str, ...]] = {
    "play": ("legal", "winning"),
    "trick": ("winner",),
    "score": ("changes", "change"),
    "auction": ("legal", "worth", "cheapest"),
    "deal": ("where", "trumps", "pack-size", "hand-size"),
    "play-it-out": ("make",),
}

_TEXT = {"type": "string", "minLength": 1, "maxLength": MAX_TEXT}
_SEAT = {"type": "string", "pattern": r"^[A-Za-z][A-Za-z0-9]{0,11}$"}
_CARDS = {"type": "string", "maxLength": 400}
_INT = {"type": "integer"}

POSITION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "record": {"type": "string", "pattern": r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}\.json$"},
        "hand": {"type": "integer", "minimum": 1, "maximum": 1000},
        "step": {"type": "integer", "minimum": 0, "maximum": 1000},
        "dealer": _SEAT,
        "hands": {"type": "object", "maxProperties": 6,
                  "propertyNames": _SEAT, "additionalProperties": _CARDS},
        "talon": _CARDS,
        "seed": {"type": "integer", "minimum": 0},
        "scores": {"type": "array", "items": _INT, "minItems": 3, "maxItems": 6},
        "actions": {"type": "array", "maxItems": MAX_ACTIONS,
                    "items": {"type": "string", "minLength": 1, "maxLength": 60}},
    },
}

EXERCISE: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "kind", "ask", "rules", "prompt", "position"],
    "properties": {
        "id": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9-]{0,59}$"},
        "kind": {"enum": list(KINDS)},
        "ask": {"type": "string"},
        "rules": {"type": "array", "minItems": 1, "maxItems": MAX_RULES, "uniqueItems": True,
                  "items": {"type": "string", "pattern": r"^(501|500)-[a-z0-9]+-[0-9]+$"}},
        "prompt": _TEXT,
        "hint": _TEXT,
        "position": POSITION,
        # the question's own data, by kind and ask
        "bid": {"type": "string", "minLength": 1, "maxLength": 40},
        "seat": _SEAT,
        "card": {"type": "integer", "minimum": 1, "maximum": 100},
        "trump": {"enum": ["S", "C", "D", "H", "♠", "♣", "♦", "♥"]},
    },
    "allOf": [
        {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
         "then": {"properties": {"ask": {"enum": list(asks)}}}}
        for kind, asks in KINDS.items()
    ] + [
        {"if": {"properties": {"kind": {"const": "auction"}, "ask": {"enum": ["legal", "worth"]}},
                "required": ["kind", "ask"]},
         "then": {"required": ["bid"]}},
        {"if": {"properties": {"kind": {"const": "score"}, "ask": {"const": "change"}},
                "required": ["kind", "ask"]},
         "then": {"required": ["seat"]}},
        {"if": {"properties": {"kind": {"const": "deal"}, "ask": {"const": "where"}},
                "required": ["kind", "ask"]},
         "then": {"required": ["card"]}},
        {"if": {"properties": {"kind": {"const": "deal"}, "ask": {"const": "trumps"}},
                "required": ["kind", "ask"]},
         "then": {"required": ["trump"]}},
    ],
}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "cardkit exercises",
    "type": "object",
    "additionalProperties": False,
    "required": ["format", "version", "lesson", "language", "game", "exercises"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "lesson": {"type": "string", "pattern": r"^[a-z0-9]+/[a-z0-9_-]+$"},
        "title": _TEXT,
        "language": {"enum": ["en", "es"]},
        "game": {"enum": game_names()},
        "players": {"type": "integer", "minimum": 3, "maximum": 6},
        "options": {"type": "object", "maxProperties": 20,
                    "additionalProperties": {"type": ["string", "boolean"]}},
        "exercises": {"type": "array", "minItems": 1, "maxItems": MAX_EXERCISES, "items": EXERCISE},
    },
}


def place(path: Any) -> str:
    """A JSON path as people read it: ``["exercises", 3, "position", "step"]`` →
    ``exercises[3].position.step``; the empty path is ``(top)``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top)"


class _NoIriGrammars(importlib.abc.MetaPathFinder):
    """An import finder that refuses ``rfc3987_syntax`` (see :func:`_jsonschema`)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> None:
        if fullname.split(".")[0] == "rfc3987_syntax":
            raise ImportError("rfc3987_syntax is not loaded for the exercise schema")
        return None


def _jsonschema() -> Any:
    """The ``jsonschema`` module, imported without its optional ``rfc3987_syntax`` format check.

    That package compiles some forty grammars when ``jsonschema`` is first imported (5 s on a busy
    2-core machine, most of the time a lesson page with exercises took to open; see
    ``benchmarks/bench_exercise_load.py``); :data:`SCHEMA` uses no ``format`` keyword, so the
    package is kept out while ``jsonschema`` loads, and stays importable afterwards.
    """
    if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
        blocker = _NoIriGrammars()
        sys.meta_path.insert(0, blocker)
        try:
            import jsonschema
        finally:
            sys.meta_path.remove(blocker)
    import jsonschema

    return jsonschema


def oversized(data: Any, schema: dict[str, Any] = SCHEMA,
              path: tuple[str | int, ...] = ()) -> list[tuple[str, str]]:
    """Every list of ``data`` longer than its schema's ``maxItems`` and object with more entries
    than its ``maxProperties``, as ``(place, message)``; time linear in the size of ``data``.

    It follows ``properties``, ``items`` and ``additionalProperties`` only (how deep it goes is
    bounded by the schema), and does not look inside an oversized list or object.

    >>> oversized({"exercises": [{"rules": ["501-play-2"] * 11}]})
    [('exercises[0].rules', '11 items, more than the 10 an exercise file allows here')]
    """
    out: list[tuple[str, str]] = []
    if isinstance(data, list):
        most = schema.get("maxItems")
        if most is not None and len(data) > most:
            return [(place(path), _("{n} items, more than the {most} an exercise file allows here").format(
                n=len(data), most=most))]
        items = schema.get("items")
        if isinstance(items, dict):
            for i, item in enumerate(data):
                out.extend(oversized(item, items, (*path, i)))
    elif isinstance(data, dict):
        most = schema.get("maxProperties")
        if most is not None and len(data) > most:
            return [(place(path), _("{n} entries, more than the {most} an exercise file allows here").format(
                n=len(data), most=most))]
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties")
        for key, value in data.items():
            sub = properties.get(key, extra)
            if isinstance(sub, dict):
                out.extend(oversized(value, sub, (*path, key)))
    return out


def _validator() -> Any:
    """A ``jsonschema`` validator of :data:`SCHEMA` (draft 2020-12)."""
    return _jsonschema().Draft202012Validator(SCHEMA)


def validate(data: Any) -> list[tuple[str, str]]:
    """Every schema problem of ``data`` as ``(place, message)``, in file order; ``[]`` if none.

    Lists and objects over their size limits (:func:`oversized`) are reported alone, before the
    rest of the schema is checked, so the schema's checks never see one (``uniqueItems`` takes
    time quadratic in a list's length)."""
    too_big = oversized(data)
    if too_big:
        return too_big
    validator = _validator()
    errors = sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    out: list[tuple[str, str]] = []
    for e in errors:
        msg = e.message
        if e.validator == "enum" and list(e.absolute_path)[-1:] == ["ask"]:
            msg = f"{e.instance!r} cannot be asked of this kind: use one of {', '.join(map(str, e.validator_value))}"
        elif e.validator == "additionalProperties":
            msg = f"{msg}; the fields allowed here are {', '.join(sorted(e.schema.get('properties', {})))}"
        out.append((place(e.absolute_path), msg))
    return out
