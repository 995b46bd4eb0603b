"""Bad input files: each is refused (or shown) with a clear message naming the file, field or rule
at fault, never a traceback.

- An exercise file that is not UTF-8: a problem of that file at ``(file)``; the other files are
  still checked, and a lesson page's loading raises :class:`ExerciseError` as for any bad file.
- An exercise file with a huge list (a ``rules`` list of many different objects): refused by its
  length before the schema runs, whose ``uniqueItems`` check would take time quadratic in it.
- A record whose seat names hold terminal control sequences: ``replay`` and ``solve`` print them
  replaced (:func:`cardkit.escaping.terminal_text`), and their ``--json`` escapes them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardkit import Match, find_game
from cardkit.cli import score_sheet_text, transcript
from cardkit.escaping import terminal_json, terminal_text
from cardkit.exercises import ExerciseError, check_path, lessons, load_file
from cardkit.exercises import schema
from cardkit.players import RandomPlayer
from cardkit.records import load

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "data" / "examples" / "501_worked_blind_contract.json"

#: One good exercise (the pack's size needs no position).
EXERCISE = {"id": "a", "kind": "deal", "ask": "pack-size", "rules": ["501-cards-1"], "prompt": "?", "position": {}}


def lesson(**exercise: Any) -> dict[str, Any]:
    """A one-exercise lesson file's data, ``exercise`` changing the good exercise's fields."""
    return {"format": "cardkit-exercises", "version": 1, "lesson": "501/01", "language": "en", "game": "501",
            "exercises": [{**EXERCISE, **exercise}]}


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m cardkit ARGV`` in a new interpreter, its output read as UTF-8."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "cardkit", *argv], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, env=env, timeout=120)


# ---------------------------------------------------------------- exercise files that are not UTF-8

UTF16_BYTES = b"\xff\xfe\x00garbage"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of exercise files: two undecodable ones, one bad byte inside JSON, a good file
    and a readable file with a schema problem."""
    (tmp_path / "a_bad.json").write_bytes(UTF16_BYTES)
    (tmp_path / "b_bad.yaml").write_bytes(UTF16_BYTES)
    (tmp_path / "c_mid.json").write_bytes(b'{"a": "\xc3\x28"}')
    (tmp_path / "d_good.json").write_text(json.dumps(lesson()), encoding="utf-8")
    (tmp_path / "e_wrong.json").write_text(json.dumps(lesson(kind="quiz")), encoding="utf-8")
    return tmp_path


def test_check_path_reports_each_undecodable_file_and_checks_the_others(folder: Path) -> None:
    count, problems = check_path(folder)
    assert count == 1  # the good file's one exercise
    assert problems[:3] == [
        (str(folder / "a_bad.json"), "(file)", "not UTF-8 text: invalid start byte at byte 0"),
        (str(folder / "b_bad.yaml"), "(file)", "not UTF-8 text: invalid start byte at byte 0"),
        (str(folder / "c_mid.json"), "(file)", "not UTF-8 text: invalid continuation byte at byte 7"),
    ]
    assert [(Path(f).name, p) for f, p, _m in problems[3:]] == [("e_wrong.json", "exercises[0].kind")]


def test_the_check_command_reports_undecodable_files_with_status_1(folder: Path) -> None:
    out = cli("exercises", "check", str(folder))
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert f"{folder / 'a_bad.json'}: (file): not UTF-8 text: invalid start byte at byte 0" in lines
    assert f"{folder / 'b_bad.yaml'}: (file): not UTF-8 text: invalid start byte at byte 0" in lines
    assert any(line.startswith(f"{folder / 'e_wrong.json'}: exercises[0].kind: ") for line in lines)
    assert lines[-1] == "4 problem(s)"


def test_a_lesson_page_gets_an_exercise_error_for_an_undecodable_file(folder: Path, monkeypatch) -> None:
    for name in ("b_bad.yaml", "c_mid.json", "e_wrong.json"):
        (folder / name).unlink()
    with pytest.raises(ExerciseError) as err:
        lessons(folder)
    assert err.value.source == "a_bad.json"
    assert err.value.problems == [("(file)", "not UTF-8 text: invalid start byte at byte 0")]
    data = folder / "data"
    (data / "exercises").mkdir(parents=True)
    (folder / "a_bad.json").rename(data / "exercises" / "a_bad.json")
    monkeypatch.setenv("CARDKIT_DATA", str(data))
    from cardkit.widgets.exercise import show_exercises

    with pytest.raises(ExerciseError, match=r"a_bad\.json: 1 problem\(s\)\n\(file\): not UTF-8 text"):
        show_exercises("501/01", "en")


# ---------------------------------------------------------------- huge lists in exercise files


def near_a_megabyte() -> tuple[dict[str, Any], int]:
    """A lesson whose ``rules`` list of different objects fills just under
    :data:`~cardkit.exercises.schema.MAX_FILE_BYTES`, and the number of its rules."""
    n = 75_000
    while len(json.dumps(lesson(rules=[{"r": i} for i in range(n)]))) > schema.MAX_FILE_BYTES:
        n -= 500
    return lesson(rules=[{"r": i} for i in range(n)]), n


@pytest.fixture
def handed(monkeypatch) -> list[int]:
    """The longest list in each instance the schema's validator is handed (one entry per call)."""
    seen: list[int] = []
    real = schema._validator

    def longest(value: Any) -> int:
        if isinstance(value, list):
            return max([len(value), *map(longest, value)])
        if isinstance(value, dict):
            return max([len(value), *map(longest, value.values())])
        return 0

    class Spy:
        def iter_errors(self, instance: Any) -> Any:
            seen.append(longest(instance))
            return real().iter_errors(instance)

    monkeypatch.setattr(schema, "_validator", Spy)
    return seen


def test_a_megabyte_rules_list_is_refused_before_the_schema_runs(tmp_path: Path, handed: list[int]) -> None:
    data, n = near_a_megabyte()
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert 900_000 < path.stat().st_size <= schema.MAX_FILE_BYTES and n > 60_000
    message = f"{n} items, more than the {schema.MAX_RULES} an exercise file allows here"
    with pytest.raises(ExerciseError) as err:
        load_file(path)
    assert err.value.problems == [("exercises[0].rules", message)]
    assert check_path(path) == (0, [(str(path), "exercises[0].rules", message)])
    assert handed == []  # the validator never saw the list


def test_the_validator_is_never_handed_a_list_over_its_limit(handed: list[int]) -> None:
    rules = [f"501-play-{i}" for i in range(1, schema.MAX_RULES + 2)]
    assert schema.validate(lesson(rules=rules)) == [
        ("exercises[0].rules", f"{schema.MAX_RULES + 1} items, more than the {schema.MAX_RULES} an exercise file "
                               "allows here")]
    assert schema.validate(lesson(rules=rules[:-1])) == []
    too_many = lesson(exercises=None)
    too_many["exercises"] = [EXERCISE] * (schema.MAX_EXERCISES + 1)
    assert schema.validate(too_many) == [("exercises", f"{schema.MAX_EXERCISES + 1} items, more than the "
                                                       f"{schema.MAX_EXERCISES} an exercise file allows here")]
    options = {**lesson(), "options": {f"o{i}": "x" for i in range(5000)}}
    assert schema.validate(options) == [("options", "5000 entries, more than the 20 an exercise file allows here")]
    actions = lesson(position={"dealer": "C", "actions": ["pass"] * 10_000})
    assert schema.validate(actions) == [("exercises[0].position.actions",
                                         f"10000 items, more than the {schema.MAX_ACTIONS} an exercise file "
                                         "allows here")]
    assert handed == [schema.MAX_RULES]  # only the file within every limit reached the validator


def test_rules_must_still_differ_and_be_rule_ids() -> None:
    twice = schema.validate(lesson(rules=["501-play-2", "501-play-2"]))
    assert twice == [("exercises[0].rules", "['501-play-2', '501-play-2'] has non-unique elements")]
    objects = schema.validate(lesson(rules=[{"r": i} for i in range(schema.MAX_RULES)]))
    assert objects == [(f"exercises[0].rules[{i}]", f"{{'r': {i}}} is not of type 'string'")
                       for i in range(schema.MAX_RULES)]


# ---------------------------------------------------------------- terminal text from records

HOSTILE = ["\x1b]0;pwned\x07A", "B\x1b[2J", "C\u202e\x9b"]
RAW = ["\x1b", "\x07", "\x9b", "\u202e"]


@pytest.fixture
def hostile_record(tmp_path: Path) -> Path:
    """The worked example with seat names holding an OSC title, a clear-screen, a C1 CSI and a
    right-to-left override, and such a title (its recorded results left out: they quote the names)."""
    data = json.loads(WORKED.read_text(encoding="utf-8"))
    data["names"] = HOSTILE
    data["title"] = "\x1b[31mred\u2066"
    for hand in data["hands"]:
        hand.pop("result", None)
    data.pop("outcome", None)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_records_accept_such_names_so_the_terminal_needs_its_own_guard(hostile_record: Path) -> None:
    match = load(hostile_record)
    assert match.game.names == HOSTILE and match.title == "\x1b[31mred\u2066"


def test_replay_prints_no_control_characters(hostile_record: Path) -> None:
    out = cli("replay", str(hostile_record))
    assert out.returncode == 0, out.stderr
    assert not [c for c in RAW if c in out.stdout]
    lines = out.stdout.splitlines()
    assert lines[0] == "— hand 1, dealer C\ufffd\ufffd —"
    assert lines[1].startswith("  \ufffd]0;pwned\ufffdA holds ")
    assert "  B\ufffd[2J: pass" in lines
    assert lines[-1].split()[:5] == ["1", "C\ufffd\ufffd", "701", "469", "481"]


def test_replay_json_escapes_c1_and_bidi_characters_too(hostile_record: Path) -> None:
    out = cli("replay", str(hostile_record), "--json")
    assert out.returncode == 0, out.stderr
    assert not [c for c in RAW if c in out.stdout]
    assert '"C\\u202e\\u009b"' in out.stdout and "♦" in out.stdout  # other text stays as it is
    data = json.loads(out.stdout)
    assert data["names"] == HOSTILE and data["scores"] == [701, 469, 481]


def test_solve_prints_no_control_characters(hostile_record: Path) -> None:
    text = cli("solve", str(hostile_record), "--plays", "20")
    assert text.returncode == 0, text.stderr
    assert not [c for c in RAW if c in text.stdout]
    assert text.stdout.splitlines()[0] == "position after 20 card(s) of play, B\ufffd[2J to act"
    assert "\ufffd]0;pwned\ufffdA fails 100 with best play (88)" in text.stdout
    js = cli("solve", str(hostile_record), "--plays", "20", "--json")
    assert js.returncode == 0 and json.loads(js.stdout)["value"] == 88


def test_transcript_and_score_sheet_of_a_played_match_are_safe() -> None:
    game = find_game("501", 3, names=HOSTILE)
    match = Match(game, seed=3)
    match.play([RandomPlayer(s) for s in range(3)], max_hands=1)
    lines = transcript(match) + score_sheet_text(match)
    assert not [c for c in RAW if any(c in line for line in lines)]
    assert lines[0].startswith("— hand 1, dealer ")
    head = score_sheet_text(match)[0]
    assert head == f"{'hand':>4}  {'dealer':<6} " + " ".join(f"{terminal_text(n):>7}" for n in HOSTILE) + "  summary"


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x08", "\x0b", "\x0c", "\r", "\x1b", "\x1f", "\x7f", "\x80",
                                  "\x9b", "\x9f", "\u061c", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066",
                                  "\u2069"])
def test_terminal_text_replaces_each_control_character(char: str) -> None:
    assert terminal_text(f"a{char}b") == "a\ufffdb"
    written = terminal_json(f"a{char}b")  # an escape: \u001b, or json's own \b, \f, \r
    assert char not in written and written in (f'"a\\u{ord(char):04x}b"', json.dumps(f"a{char}b"))
    assert json.loads(written) == f"a{char}b"


def test_terminal_text_keeps_newline_tab_and_ordinary_text() -> None:
    text = "A\tB\n10♦ Ñandú 名前 \u00a0 \u200d"
    assert terminal_text(text) == text
    assert json.loads(terminal_json({"t": text})) == {"t": text}
