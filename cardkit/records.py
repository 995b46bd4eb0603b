"""Hand and match records: a versioned JSON file, validated on load, replayed into a :class:`Match`.

A record holds the game, its options, the seat names, the starting scores and, for every hand,
the dealer, the pack in deal order (or the dealt hands and talon), every action as text, and the
result. Loading parses JSON only (nothing is executed), validates it against :data:`SCHEMA` with
``jsonschema``, then replays every action through the engine; every problem is reported with its
place in the file (``hands[0].actions[7]: ...``) in one :class:`RecordError`.

>>> from cardkit.game501 import Game501
>>> m = Match(Game501(), seed=3); _ = m.new_hand()
>>> loads(dumps(m)).hands[0].pack == m.hands[0].pack
True
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from .cards import Card, Cards
from .errors import CardkitError, RecordError
from .game import Game, Match, State, find_game

FORMAT = "cardkit-record"
VERSION = 1

_CARD = {"type": "string", "pattern": r"^\s*(?i:(10|[2-9]|1[123]|[TJQKA])\s*[SCDH♠♣♦♥]|JK|JO|JOKER)\s*$"}
_SCORES = {"type": "array", "items": {"type": "integer"}}

#: The JSON Schema of a record (draft 2020-12).
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["format", "version", "game", "players", "hands"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "game": {"enum": ["501", "500"]},
        "players": {"type": "integer", "minimum": 3, "maximum": 6},
        "options": {"type": "object", "additionalProperties": {"type": ["string", "boolean", "integer"]}},
        "names": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "seed": {"type": ["integer", "null"]},
        "first_dealer": {"type": ["integer", "null"], "minimum": 0},
        "start_scores": _SCORES,
        "title": {"type": "string"},
        "description": {"type": "string"},
        "hands": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["dealer", "actions"],
                "additionalProperties": False,
                "oneOf": [{"required": ["pack"]}, {"required": ["deal"]}],
                "properties": {
                    "dealer": {"type": "integer", "minimum": 0},
                    "pack": {"type": "array", "items": _CARD},
                    "deal": {
                        "type": "object",
                        "required": ["hands", "talon"],
                        "additionalProperties": False,
                        "properties": {
                            "hands": {"type": "array", "items": {"type": "array", "items": _CARD}},
                            "talon": {"type": "array", "items": _CARD},
                        },
                    },
                    "actions": {"type": "array", "items": {"type": "string", "minLength": 1}},
                    "result": {
                        "type": ["object", "null"],
                        "additionalProperties": False,
                        "properties": {"returns": _SCORES, "scores": _SCORES, "summary": {"type": "string"}},
                    },
                },
            },
        },
        "outcome": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "required": ["winners", "scores"],
            "properties": {"winners": {"type": "array", "items": {"type": "integer"}}, "scores": _SCORES,
                           "reason": {"type": "string"}},
        },
    },
}


def to_record(match: Match | State, *, title: str | None = None, description: str | None = None) -> dict[str, Any]:
    """The record (a JSON-ready dict) of a match, or of a single hand given as a :class:`State`."""
    if isinstance(match, State):
        hands, game, start, seed, first = [match], match.game, match.scores_before, None, match.dealer
        outcome = game.match_outcome(match) if match.is_terminal() else None
    else:
        hands, game, start, seed, outcome = match.hands, match.game, match.start_scores, match.seed, match.outcome
        first = match.first_dealer
        title = title if title is not None else match.title
        description = description if description is not None else match.description
    rec: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": game.name, "players": game.players,
                           "options": dict(game.options), "names": list(game.names), "seed": seed,
                           "first_dealer": first, "start_scores": list(start)}
    if title:
        rec["title"] = title
    if description:
        rec["description"] = description
    rec["hands"] = []
    for h in hands:
        result = None
        if h.is_terminal():
            result = {"returns": h.returns(), "scores": h.scores_after(), "summary": h.summary()}
        rec["hands"].append({"dealer": h.dealer, "pack": h.pack.codes(), "actions": [str(a) for a in h.history()],
                             "result": result})
    rec["outcome"] = None if outcome is None else {
        "winners": list(outcome.winners), "scores": list(outcome.scores), "reason": outcome.reason}
    return rec


def dumps(match: Match | State, **kw: Any) -> str:
    """The record as JSON text: UTF-8, indented, and every list of plain values (a pack, a hand's
    actions, scores) on one line, so a record reads, and diffs, hand by hand.

    ``kw``: ``title`` and ``description``, as for :func:`to_record`.
    """
    return format_json(to_record(match, **kw))


def format_json(data: Any) -> str:
    """``data`` as indented JSON with each list of scalars written on one line."""
    flat: list[str] = []

    def mark(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: mark(v) for k, v in x.items()}
        if isinstance(x, list):
            if all(not isinstance(v, (list, dict)) for v in x):
                flat.append(json.dumps(x, ensure_ascii=False))
                return f"\x00{len(flat) - 1}\x00"
            return [mark(v) for v in x]
        return x

    plain = json.dumps(data, ensure_ascii=False, indent=1)
    if "\\u0000" in plain:  # a NUL in some text: keep the plain layout rather than risk a clash
        return plain
    text = json.dumps(mark(data), ensure_ascii=False, indent=1)
    return re.sub(r'"\\u0000(\d+)\\u0000"', lambda m: flat[int(m.group(1))], text)


def save(match: Match | State, path: str | Path, **kw: Any) -> None:
    """Write the record of ``match`` (or a single hand) to ``path``."""
    Path(path).write_text(dumps(match, **kw) + "\n", encoding="utf-8")


def _place(path: Any) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top)"


def validate(data: Any) -> list[tuple[str, str]]:
    """Every schema problem of ``data`` as ``(place, message)``, in file order; ``[]`` if none."""
    import jsonschema  # imported here: it is slow to import and only records need it

    validator = jsonschema.Draft202012Validator(SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    out = []
    for e in errors:
        msg = e.message
        if e.validator == "pattern":
            msg = f"{e.instance!r} is not a card: write rank then suit, e.g. 10H, QS, JK"
        out.append((_place(e.absolute_path), msg))
    # jsonschema takes 2.0 for an integer; every number of a record is a whole number written as one
    out.extend((_place(path), f"{value!r} is not a whole number: write {int(value) if value.is_integer() else 'an integer'}")
               for path, value in _floats(data, []))
    return out


def _floats(node: Any, path: list) -> list[tuple[list, float]]:
    if isinstance(node, float):
        return [(path, node)]
    if isinstance(node, dict):
        return [f for k, v in node.items() for f in _floats(v, path + [k])]
    if isinstance(node, list):
        return [f for i, v in enumerate(node) for f in _floats(v, path + [i])]
    return []


def _game(data: dict[str, Any], source: str) -> Game:
    """The record's game, each problem named by its field: ``game``, ``players``, ``options``, ``names``."""
    try:
        find_game(data["game"], data["players"])
    except ImportError as e:
        raise RecordError([("game", f"the game {data['game']!r} is not available: {e}")], source) from None
    except (CardkitError, TypeError) as e:
        raise RecordError([("players", str(e))], source) from None
    try:
        find_game(data["game"], data["players"], **data.get("options", {}))
    except (CardkitError, TypeError) as e:
        raise RecordError([("options", str(e))], source) from None
    try:
        return find_game(data["game"], data["players"], **data.get("options", {}),
                         **({"names": data["names"]} if "names" in data else {}))
    except (CardkitError, TypeError) as e:
        raise RecordError([("names", str(e))], source) from None


def _first_bad_card(game: Game, pack: list[Card]) -> tuple[int, str] | None:
    """``(position, why)`` of the first card of ``pack`` that the game's pack lacks or that repeats."""
    left: dict[Card, int] = {}
    for c in game.new_pack():
        left[c] = left.get(c, 0) + 1
    for i, c in enumerate(pack):
        if c not in left:
            return i, f"{c} is not a card of the {game.title} pack"
        if left[c] == 0:
            return i, f"{c} appears more often than in the {game.title} pack"
        left[c] -= 1
    return None


def from_record(data: Any, source: str = "record") -> Match:
    """Replay a record (a dict as read from JSON) into a :class:`Match`.

    Raises:
        RecordError: listing every problem found, each with its place.
    """
    problems = validate(data)
    if problems:
        raise RecordError(problems, source)
    game = _game(data, source)
    start = data.get("start_scores")
    if start is not None and len(start) != game.players:
        raise RecordError([("start_scores", f"{len(start)} scores for {game.players} players")], source)
    first_dealer = data["hands"][0]["dealer"] if data["hands"] else data.get("first_dealer")
    try:
        match = Match(game, seed=data.get("seed"), dealer=first_dealer, scores=start)
    except CardkitError as e:
        raise RecordError([("hands[0].dealer" if data["hands"] else "first_dealer", str(e))], source) from None
    match.title, match.description = data.get("title"), data.get("description")
    for i, h in enumerate(data["hands"]):
        where = f"hands[{i}]"
        if match.is_over():
            problems.append((where, f"the match ended after hands[{i - 1}] "
                                    f"({match.outcome.result(game.names)}); no hand may follow"))  # type: ignore[union-attr]
            break
        if h["dealer"] >= game.players:
            problems.append((f"{where}.dealer", f"dealer {h['dealer']}, but the seats are 0..{game.players - 1}"))
            break
        if h["dealer"] != match.dealer:
            problems.append((f"{where}.dealer", f"dealer {h['dealer']}, but the deal moves to seat {match.dealer}"))
            break
        try:
            if "pack" in h:
                pack = [Card.parse(c) for c in h["pack"]]
                bad = _first_bad_card(game, pack)
                if bad is not None:
                    problems.append((f"{where}.pack[{bad[0]}]", bad[1]))
                    break
            else:
                hands = [[Card.parse(c) for c in hand] for hand in h["deal"]["hands"]]
                pack = game.deal_from_hands(h["dealer"], hands, [Card.parse(c) for c in h["deal"]["talon"]])
            state = match.new_hand(Cards(pack))
        except CardkitError as e:
            problems.append((f"{where}.{'pack' if 'pack' in h else 'deal'}", str(e)))
            break
        stopped = False
        for j, text in enumerate(h["actions"]):
            try:
                match.apply_action(text)
            except CardkitError as e:
                problems.append((f"{where}.actions[{j}]", str(e)))
                stopped = True
                break
        if stopped:
            break
        res = h.get("result")
        if res:
            if not state.is_terminal():
                problems.append((f"{where}.result", "a result is given, but the actions do not finish the hand"))
            else:
                for key, got in (("returns", state.returns()), ("scores", state.scores_after())):
                    if key in res and res[key] != got:
                        problems.append((f"{where}.result.{key}", f"the record says {res[key]}, the replay gives {got}"))
        if i < len(data["hands"]) - 1 and not state.is_terminal():
            problems.append((f"{where}.actions", "the hand is not finished, but another hand follows"))
            break
    out = data.get("outcome")
    if out and not problems:
        got_w = list(match.outcome.winners) if match.outcome else None
        if got_w != out["winners"]:
            problems.append(("outcome.winners", f"the record says {out['winners']}, the replay gives {got_w}"))
        got_s = list(match.outcome.scores) if match.outcome else None
        if "scores" in out and got_w is not None and got_s != out["scores"]:
            problems.append(("outcome.scores", f"the record says {out['scores']}, the replay gives {got_s}"))
    elif "outcome" in data and out is None and not problems and match.outcome is not None:
        problems.append(("outcome", "the record says the match goes on, but the replay ends it: "
                                    + match.outcome.result(game.names)))
    if problems:
        raise RecordError(problems, source)
    return match


def loads(text: str, source: str = "record") -> Match:
    """Replay a record given as JSON text. Raises :class:`RecordError` (bad JSON included)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError([(f"line {e.lineno} column {e.colno}", f"not valid JSON: {e.msg}")], source) from None
    except (ValueError, RecursionError) as e:  # e.g. a number of thousands of digits, absurd nesting
        raise RecordError([("(file)", f"not a record: {type(e).__name__}: {e}")], source) from None
    return from_record(data, source)


def load(path: str | Path) -> Match:
    """Replay the record file at ``path``. Raises :class:`RecordError` naming the file and places."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError([("(file)", str(e))], str(p)) from None
    return loads(text, str(p))
