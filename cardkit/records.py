"""Hand and match records: a versioned JSON file, validated on load, replayed into a :class:`Match`.

A record holds the game, its options, the seat names, the starting scores and, for every hand,
the dealer, the pack in deal order (or the dealt hands and talon), every action as text, and the
result. Loading parses JSON only (nothing is executed), validates it against :data:`SCHEMA` with
``jsonschema``, then replays every action through the engine; every problem is reported with its
place in the file (``hands[0].actions[7]: ...``) in one :class:`RecordError`.

Limits, checked before any other work so that a small hostile file cannot exhaust time or memory:
a record file is at most :data:`MAX_BYTES` bytes, holds at most :data:`MAX_HANDS` hands, lists
nest at most :data:`MAX_DEPTH` deep, no list is longer than :data:`MAX_ITEMS` and no text longer
than :data:`MAX_TEXT` characters; a key given twice in one object is an error (JSON would keep
the last silently). At most ``RecordError.SHOWN`` (50) problems are listed, with the count of
the rest.

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
from .i18n import N_, _
from .game import Game, Match, State
from .registry import find_game, game_names

FORMAT = "cardkit-record"
VERSION = 1

#: The largest record :func:`load` and :func:`loads` read, in bytes of UTF-8 (a hand takes about 1 KB).
MAX_BYTES = 2_000_000
#: The most hands one record may hold.
MAX_HANDS = 1000
#: How deep lists and objects may nest (a record's deepest field, ``hands[0].deal.hands[0][0]``, is 5).
MAX_DEPTH = 8
#: The longest list anywhere in a record (a hand's actions, a match's hands).
MAX_ITEMS = 1000
#: The longest text anywhere in a record (a description), in characters.
MAX_TEXT = 20_000
#: The longest action text, seat name and title.
MAX_ACTION = 60
MAX_NAME = 40
MAX_TITLE = 200
#: Schema problems looked at, at most; beyond this the count says "or more".
_MAX_SCHEMA_PROBLEMS = 1000

_CARD = {"type": "string", "maxLength": 12,
         "pattern": r"^\s*(?i:(10|[2-9]|1[123]|[TJQKA])\s*[SCDH♠♣♦♥]|JK|JO|JOKER)\s*$"}
_CARDS = {"type": "array", "maxItems": 63, "items": _CARD}
_SCORES = {"type": "array", "maxItems": 6, "items": {"type": "integer"}}

#: The JSON Schema of a record (draft 2020-12).
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["format", "version", "game", "players", "hands"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "game": {"enum": game_names()},
        "players": {"type": "integer", "minimum": 3, "maximum": 6},
        "options": {"type": "object", "maxProperties": 40,
                    "additionalProperties": {"type": ["string", "boolean", "integer"], "maxLength": MAX_NAME}},
        "names": {"type": "array", "maxItems": 6, "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME}},
        "seed": {"type": ["integer", "null"]},
        "first_dealer": {"type": ["integer", "null"], "minimum": 0},
        "start_scores": _SCORES,
        "title": {"type": "string", "maxLength": MAX_TITLE},
        "description": {"type": "string", "maxLength": MAX_TEXT},
        "hands": {
            "type": "array",
            "maxItems": MAX_HANDS,
            "items": {
                "type": "object",
                "required": ["dealer", "actions"],
                "additionalProperties": False,
                "oneOf": [{"required": ["pack"]}, {"required": ["deal"]}],
                "properties": {
                    "dealer": {"type": "integer", "minimum": 0},
                    "pack": _CARDS,
                    "deal": {
                        "type": "object",
                        "required": ["hands", "talon"],
                        "additionalProperties": False,
                        "properties": {
                            "hands": {"type": "array", "maxItems": 6, "items": _CARDS},
                            "talon": _CARDS,
                        },
                    },
                    "actions": {"type": "array", "maxItems": MAX_ITEMS,
                                "items": {"type": "string", "minLength": 1, "maxLength": MAX_ACTION}},
                    "result": {
                        "type": ["object", "null"],
                        "additionalProperties": False,
                        "properties": {"returns": _SCORES, "scores": _SCORES,
                                       "summary": {"type": "string", "maxLength": MAX_TITLE}},
                    },
                },
            },
        },
        "outcome": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "required": ["winners", "scores"],
            "properties": {"winners": {"type": "array", "maxItems": 6, "items": {"type": "integer"}},
                           "scores": _SCORES, "reason": {"type": "string", "maxLength": MAX_TITLE}},
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
    """Every problem of ``data``'s shape as ``(place, message)``, in file order; ``[]`` if none.

    First the limits (:data:`MAX_DEPTH`, :data:`MAX_ITEMS`, :data:`MAX_TEXT`), walked without
    recursion; only a record within them goes to the JSON Schema, whose problems are looked at up
    to a bound (the last entry then says how many more there are at least).
    """
    problems, floats = _walk(data)
    if problems:
        return problems
    import itertools

    import jsonschema  # imported here: it is slow to import and only records need it

    validator = jsonschema.Draft202012Validator(SCHEMA)
    found = list(itertools.islice(validator.iter_errors(data), _MAX_SCHEMA_PROBLEMS + 1))
    errors = sorted(found[:_MAX_SCHEMA_PROBLEMS], key=lambda e: [str(p) for p in e.absolute_path])
    out = []
    for e in errors:
        msg = e.message
        if e.validator == "pattern":
            msg = _("{card} is not a card: write rank then suit, e.g. 10H, QS, JK").format(card=_short(e.instance))
        elif e.validator in ("maxLength", "maxItems", "maxProperties"):
            msg = _(_TOO_LONG[e.validator]).format(n=len(e.instance), most=e.validator_value)
        elif len(msg) > 200:
            msg = msg[:200] + "…"
        out.append((_place(e.absolute_path), msg))
    if len(found) > _MAX_SCHEMA_PROBLEMS:
        out.append(("(file)", _("more problems not looked at: the first {n} are counted").format(
            n=_MAX_SCHEMA_PROBLEMS)))
    # jsonschema takes 2.0 for an integer; every number of a record is a whole number written as one
    out.extend((_place(path), _("{value} is not a whole number: write {n}").format(value=repr(value), n=int(value))
                if value.is_integer() else _("{value} is not a whole number").format(value=repr(value)))
               for path, value in floats)
    return out


def _short(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "… " + _("({n} characters)").format(n=len(text))


#: The problem of a text, list or object longer than the schema allows, by the schema's keyword.
_TOO_LONG = {"maxLength": N_("{n} characters, more than the {most} a record allows here"),
             "maxItems": N_("{n} items, more than the {most} a record allows here"),
             "maxProperties": N_("{n} entries, more than the {most} a record allows here")}


def _too_deep() -> str:
    """The problem of lists or objects nested deeper than :data:`MAX_DEPTH`, in the language in use."""
    return _("lists or objects nested more than {most} deep; no field of a record nests so deep").format(
        most=MAX_DEPTH)


def _too_big(size: int, more: bool = False) -> str:
    """The problem of a record of ``size`` bytes, above :data:`MAX_BYTES` (``more``: at least that many)."""
    return (_("more than {size} bytes; a record may hold at most {most} bytes (cardkit.records.MAX_BYTES)") if more
            else _("{size} bytes; a record may hold at most {most} bytes (cardkit.records.MAX_BYTES)")).format(
        size=MAX_BYTES if more else size, most=MAX_BYTES)


def _says(recorded: Any, replayed: Any) -> str:
    """The problem of a recorded value the replay contradicts, in the language in use."""
    return _("the record says {recorded}, the replay gives {replayed}").format(recorded=recorded, replayed=replayed)


def _walk(data: Any) -> tuple[list[tuple[str, str]], list[tuple[list[str | int], float]]]:
    """The limits' problems of ``data`` (nesting, list lengths, text lengths) and its floats, found
    without recursion, so that no nesting depth can overflow the stack."""
    problems: list[tuple[str, str]] = []
    floats: list[tuple[list[str | int], float]] = []
    todo: list[tuple[Any, list[str | int]]] = [(data, [])]
    while todo:
        node, path = todo.pop()
        if isinstance(node, float):
            floats.append((path, node))
        elif isinstance(node, str):
            if len(node) > MAX_TEXT:
                problems.append((_place(path), _("a text of {n} characters; a record allows {most}").format(
                    n=len(node), most=MAX_TEXT)))
        elif isinstance(node, (list, dict)):
            if len(path) >= MAX_DEPTH:
                problems.append((_place(path), _too_deep()))
                continue
            if len(node) > MAX_ITEMS:
                problems.append((_place(path), _("{n} entries; a record allows at most {most}").format(
                    n=len(node), most=MAX_ITEMS)))
                continue
            items = node.items() if isinstance(node, dict) else enumerate(node)
            todo.extend((v, path + [k]) for k, v in reversed(list(items)))
    problems.sort(key=lambda p: p[0])
    return problems, floats


def _game(data: dict[str, Any], source: str) -> Game:
    """The record's game, each problem named by its field: ``game``, ``players``, ``options``, ``names``."""
    try:
        find_game(data["game"], data["players"])
    except ImportError as e:
        raise RecordError([("game", _("the game {game} is not available: {why}").format(
            game=repr(data["game"]), why=e))], source) from None
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
            return i, _("{card} is not a card of the {game} pack").format(card=c, game=game.title)
        if left[c] == 0:
            return i, _("{card} appears more often than in the {game} pack").format(card=c, game=game.title)
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
        raise RecordError([("start_scores", _("{n} scores for {players} players").format(
            n=len(start), players=game.players))], source)
    if start is not None:
        try:
            game.check_match_scores(start)
        except CardkitError as e:
            raise RecordError([("start_scores", str(e))], source) from None
    given = data.get("first_dealer")
    if data["hands"] and given is not None and given != data["hands"][0]["dealer"] < game.players:
        raise RecordError([("first_dealer", _("first dealer {given}, but hands[0] is dealt by {dealer}").format(
            given=given, dealer=data["hands"][0]["dealer"]))], source)
    first_dealer = data["hands"][0]["dealer"] if data["hands"] else given
    try:
        match = Match(game, seed=data.get("seed"), dealer=first_dealer, scores=start)
    except CardkitError as e:
        raise RecordError([("hands[0].dealer" if data["hands"] else "first_dealer", str(e))], source) from None
    match.title, match.description = data.get("title"), data.get("description")
    for i, h in enumerate(data["hands"]):
        where = f"hands[{i}]"
        if match.outcome is not None:  # the match is over
            problems.append((where, _("the match ended after hands[{i}] ({result}); no hand may follow").format(
                i=i - 1, result=match.outcome.result(game.names))))
            break
        if h["dealer"] >= game.players:
            problems.append((f"{where}.dealer", _("dealer {dealer}, but the seats are 0..{last}").format(
                dealer=h["dealer"], last=game.players - 1)))
            break
        if h["dealer"] != match.dealer:
            problems.append((f"{where}.dealer", _("dealer {dealer}, but the deal moves to seat {seat}").format(
                dealer=h["dealer"], seat=match.dealer)))
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
                problems.append((f"{where}.result", _("a result is given, but the actions do not finish the hand")))
            else:
                for key, got in (("returns", state.returns()), ("scores", state.scores_after())):
                    if key in res and res[key] != got:
                        problems.append((f"{where}.result.{key}", _says(res[key], got)))
                if "summary" in res:
                    said = _in_every_language(state.summary)
                    # records saved before five-handed sides were written in words read "A+C 7♠: …"
                    said += [s.replace(f" {word} ", "+", 1) for s, word in zip(said, _in_every_language(lambda: _("and")))]
                    if res["summary"] not in said:
                        problems.append((f"{where}.result.summary", _says(_short(res["summary"]), repr(said[0]))))
        if i < len(data["hands"]) - 1 and not state.is_terminal():
            problems.append((f"{where}.actions", _("the hand is not finished, but another hand follows")))
            break
    out = data.get("outcome")
    if out and not problems:
        got_w = list(match.outcome.winners) if match.outcome else None
        if got_w != out["winners"]:
            problems.append(("outcome.winners", _says(out["winners"], got_w)))
        got_s = list(match.outcome.scores) if match.outcome else None
        if "scores" in out and got_w is not None and got_s != out["scores"]:
            problems.append(("outcome.scores", _says(out["scores"], got_s)))
        if "reason" in out and match.outcome is not None:
            def reason() -> str:
                outcome = game.match_outcome(match.hands[-1])
                assert outcome is not None, "the match is over"
                return outcome.reason

            reasons = _in_every_language(reason)
            if out["reason"] not in reasons:
                problems.append(("outcome.reason", _says(_short(out["reason"]), repr(reasons[0]))))
    elif "outcome" in data and out is None and not problems and match.outcome is not None:
        problems.append(("outcome", _("the record says the match goes on, but the replay ends it: {result}").format(
            result=match.outcome.result(game.names))))
    if problems:
        raise RecordError(problems, source)
    return match


def _in_every_language(text: Any) -> list[str]:
    """``text()`` in the current language, then in every other the kit speaks (a record keeps its
    summaries in the language it was saved in)."""
    from .i18n import LANGUAGES, get_language, language

    out = [text()]
    for lang in LANGUAGES:
        if lang != get_language():
            with language(lang):
                out.append(text())
    return out


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},]')


def _scan(text: str) -> list[tuple[str, str]]:
    """Problems of JSON ``text`` that :func:`json.loads` hides or dies of, found by a flat scan:
    nesting deeper than :data:`MAX_DEPTH` (named by the field that nests) and a key given twice in
    one object."""
    frames: list[list[Any]] = []  # [is_object, current key or index, keys seen, expecting a key]
    problems: list[tuple[str, str]] = []
    for m in _TOKEN.finditer(text):
        t = m.group()
        top = frames[-1] if frames else None
        if t in "[{":
            if len(frames) >= MAX_DEPTH:
                problems.append((_place([f[1] for f in frames if f[1] is not None]), _too_deep()))
                break
            frames.append([True, None, set(), True] if t == "{" else [False, 0, None, False])
        elif t in "]}":
            if frames:
                frames.pop()
        elif t == ",":
            if top is not None:
                if top[0]:
                    top[3] = True
                else:
                    top[1] += 1
        elif top is not None and top[0] and top[3]:  # a key
            try:
                key = json.loads(t)
            except ValueError:
                key = t
            if key in top[2]:
                path = [f[1] for f in frames[:-1] if f[1] is not None] + [key]
                problems.append((_place(path), _("this key is given twice in one object; JSON would keep the "
                                                 "last silently")))
            top[2].add(key)
            top[1], top[3] = key, False
    return problems


def loads(text: str, source: str = "record") -> Match:
    """Replay a record given as JSON text. Raises :class:`RecordError` (bad JSON included), also
    for text longer than :data:`MAX_BYTES`, a key given twice, or nesting deeper than :data:`MAX_DEPTH`."""
    if not isinstance(text, str):
        raise RecordError([("(file)", _("a record is JSON text, not {kind}").format(kind=type(text).__name__))],
                          source)
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) * 4 > MAX_BYTES else len(text)
    if size > MAX_BYTES:
        raise RecordError([("(file)", _too_big(size))], source)
    twice: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                twice.append(k)
            out[k] = v
        return out

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as e:
        raise RecordError([(_("line {line} column {column}").format(line=e.lineno, column=e.colno),
                            _("not valid JSON: {why}").format(why=e.msg))], source) from None
    except RecursionError:  # absurd nesting: name the field
        raise RecordError(_scan(text) or [("(file)", _too_deep())], source) from None
    except ValueError as e:  # e.g. a number of thousands of digits
        raise RecordError([("(file)", _("not a record: {why}").format(why=f"{type(e).__name__}: {_short(str(e), 200)}"))],
                          source) from None
    if twice:
        raise RecordError(_scan(text) or [("(file)", _("key {key} given twice").format(key=repr(k))) for k in twice],
                          source)
    return from_record(data, source)


def load(path: str | Path) -> Match:
    """Replay the record file at ``path``: a regular file of at most :data:`MAX_BYTES` bytes.

    Raises:
        RecordError: naming the file and every problem's place; also for a path that is no regular
            file (a directory, a FIFO, a device such as ``/dev/zero``) or a file that is too big,
            refused before reading it.
    """
    import os
    import stat

    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise RecordError([("(file)", e.strerror or str(e))], str(p)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise RecordError([("(file)", _("not a regular file: a record is a .json file"))], str(p))
        if st.st_size > MAX_BYTES:
            raise RecordError([("(file)", _too_big(st.st_size))], str(p))
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise RecordError([("(file)", e.strerror or str(e))], str(p)) from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        raise RecordError([("(file)", _too_big(len(raw), more=True))], str(p))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError([("(file)", _("not UTF-8 text: {why} at byte {at}").format(why=e.reason, at=e.start))],
                          str(p)) from None
    return loads(text, str(p))
