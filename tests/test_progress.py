"""The learner's progress file (cardkit.progress): recording, the rule states, today's review, the
command line, reset, a bad file, and the widgets that record (exercises, tables, the progress page)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from cardkit.cli import main
from cardkit.exercises import find_lesson
from cardkit.i18n import language
from cardkit.progress import Progress, all_rules, ProgressError, exercise_items, rule_states, state_words

REPO = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 12, 1, 10, 0, tzinfo=timezone.utc)


def day(n: int, hour: int = 10) -> datetime:
    """Day ``n`` of the fixed clock (day 0 is 1 December 2026)."""
    return T0 + timedelta(days=n, hours=hour - 10)


@pytest.fixture
def progress(tmp_path: Path) -> Progress:
    return Progress(tmp_path / "p.sqlite", clock=lambda: day(0))


def test_the_file_is_made_on_the_first_record_only(tmp_path: Path) -> None:
    p = Progress(tmp_path / "deep" / "p.sqlite")
    assert p.events() == [] and not p.path.exists()  # reading makes nothing
    p.record_answer("501-04-follow", "501", [8], True, at=day(0))
    assert p.path.is_file()
    db = sqlite3.connect(p.path)
    assert dict(db.execute("SELECT key, value FROM meta")) == {"app": "cardkit-progress", "schema": "1"}


def test_read_back_by_another_process(tmp_path: Path) -> None:
    """A kernel restart: a second Python process reads what the first one wrote."""
    path = tmp_path / "p.sqlite"
    p = Progress(path, learner="ana")
    p.record_answer("501-04-follow", "501", [8], True, at=day(0))
    p.record_answer("500-06-bowers", "500", [6, 7], False, at=day(1))
    p.record_refusal("must follow ♠ [rules.md 501 §8]", "follow-suit", at=day(2))
    code = ("import json, sys; from cardkit.progress import Progress; "
            "p = Progress(sys.argv[1], learner='ana'); "
            "print(json.dumps([[e.kind, e.game, list(e.items), e.correct, e.exercise, e.rule_name, e.at.isoformat()] "
            "for e in p.events()]))")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True,
                         cwd=REPO).stdout
    assert json.loads(out) == [
        ["answer", "501", [8], True, "501-04-follow", None, "2026-12-01T10:00:00+00:00"],
        ["answer", "500", [6, 7], False, "500-06-bowers", None, "2026-12-02T10:00:00+00:00"],
        ["refusal", "501", [8], False, None, "follow-suit", "2026-12-03T10:00:00+00:00"]]
    assert Progress(path, learner="ben").events() == []  # one file, each learner their own


def test_right_on_three_separate_days_is_mastered(progress: Progress) -> None:
    states = []
    for n in range(3):
        progress.record_answer("501-04-follow", "501", [8], True, at=day(n))
        states.append(progress.states(today=day(n).date())[("501", 8)].state)
    assert states == ["practised", "practised", "mastered"]
    rs = progress.states(today=day(2).date())[("501", 8)]
    assert (rs.right, rs.wrong, len(rs.days), rs.due) == (3, 0, 3, False)
    assert progress.states(today=day(2).date())[("501", 9)].state == "new"


def test_three_right_the_same_day_are_not_mastered(progress: Progress) -> None:
    for hour in (9, 10, 11):
        progress.record_answer("501-04-follow", "501", [8], True, at=day(0, hour))
    rs = progress.states(today=day(0).date())[("501", 8)]
    assert (rs.state, rs.right, rs.due) == ("practised", 3, False)
    assert progress.states(today=day(1).date())[("501", 8)].due  # practised before today: due


def test_a_mistake_brings_a_mastered_rule_back_to_review(progress: Progress) -> None:
    for n in range(3):
        progress.record_answer("500-06-bowers", "500", [6], True, at=day(n))
    progress.record_answer("500-06-bowers", "500", [6], False, at=day(3))
    rs = progress.states(today=day(3).date())[("500", 6)]
    assert (rs.state, rs.right, rs.wrong, rs.days, rs.due) == ("to review", 3, 1, set(), True)
    progress.record_answer("500-06-bowers", "500", [6], True, at=day(4))
    assert progress.states(today=day(4).date())[("500", 6)].state == "practised"  # the count starts again
    for n in (5, 6):
        progress.record_answer("500-06-bowers", "500", [6], True, at=day(n))
    assert progress.states(today=day(6).date())[("500", 6)].state == "mastered"


def test_a_refused_play_is_a_mistake_on_its_rule(progress: Progress) -> None:
    progress.record_refusal("rules.md 500 §7", "follow-suit", at=day(0))
    progress.record_refusal("the auction is over", at=day(0))  # cites no rule: nothing recorded
    states = progress.states(today=day(0).date())
    assert (states[("500", 7)].state, states[("500", 7)].wrong) == ("to review", 1)
    assert len(progress.events()) == 1


def test_a_mastered_rule_comes_back_after_a_month() -> None:
    from cardkit.progress import Event

    events = [Event("answer", "501", (5,), True, day(n)) for n in range(3)]
    assert not rule_states(events, day(31).date())[("501", 5)].due
    assert rule_states(events, day(32).date())[("501", 5)].due


def test_every_rule_of_both_games_has_words_in_both_languages() -> None:
    from cardkit.progress import rule_about

    for lang in ("en", "es"):
        with language(lang):
            words = [rule_about(g, i) for g, items in all_rules().items() for i in items]
            assert all(words) and len(words) == 26
    with language("es"):
        assert rule_about("500", 6) == "Triunfos" and state_words("to review") == "por repasar"


def _seeded_history(p: Progress) -> None:
    p.record_answer("501-04-follow", "501", [8], False, at=day(0))  # 501 §8: to review
    p.record_answer("x", "500", [6], True, at=day(0))  # 500 §6: practised yesterday, due
    for n in range(3):
        p.record_answer("x", "501", [5], True, at=day(n - 2))  # 501 §5: mastered, not due


def test_the_review_set_is_drawn_from_the_rules_due(progress: Progress) -> None:
    _seeded_history(progress)
    today = day(1).date()
    first = progress.review_today("en", seed=7, today=today)
    assert [e.id for e in first] == [e.id for e in progress.review_today("en", seed=7, today=today)]
    assert len(first) == 2
    assert 8 in exercise_items(first[0])["501"]  # the rule to review comes first
    assert 6 in exercise_items(first[1])["500"]
    assert all(e.language == "en" for e in first)
    # another seed draws among the same rules' exercises
    other = progress.review_today("en", seed=8, today=today)
    assert [8 in exercise_items(e).get("501", []) for e in other] == [True, False]
    # Five Hundred has no exercises in Spanish yet: a Spanish review has only the 501 rule's
    es = progress.review_today("es", seed=7, today=today)
    assert [(e.language, 8 in exercise_items(e)["501"]) for e in es] == [("es", True)]
    assert progress.review_today("en", seed=7, today=day(0).date())[0].id == first[0].id
    assert len(progress.review_today("en", seed=7, today=day(0).date())) == 1  # 500 §6 answered today


def test_nothing_to_review_without_history(progress: Progress) -> None:
    assert progress.review_today("en", seed=1) == []


def test_reset_forgets_one_learner(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    ana, ben = Progress(path, learner="ana"), Progress(path, learner="ben")
    ana.record_answer("e", "501", [8], True, at=day(0))
    ben.record_answer("e", "501", [8], True, at=day(0))
    ana.reset()
    assert ana.events() == [] and len(ben.events()) == 1
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM event_rules").fetchone() == (1,)


@pytest.mark.parametrize("content", [b"not a database at all\n" * 40, b"SQLite format 3\x00" + b"\xff" * 200])
def test_a_corrupt_file_is_named_and_left_alone(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "p.sqlite"
    path.write_bytes(content)
    p = Progress(path)
    for act in (p.events, lambda: p.record_answer("e", "501", [8], True), p.reset):
        with pytest.raises(ProgressError, match="is not a cardkit progress file") as err:
            act()
        assert str(path) in str(err.value)
    assert path.read_bytes() == content


def test_a_foreign_database_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(ProgressError, match=r"other\.sqlite is not a cardkit progress file \(no cardkit tables\)"):
        Progress(path).record_answer("e", "501", [8], True)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    p = Progress(tmp_path / "p.sqlite")
    p.record_answer("e", "501", [8], True, at=day(0))
    with sqlite3.connect(p.path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    with pytest.raises(ProgressError, match="newer cardkit"):
        p.events()


def test_the_environment_variable_moves_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDKIT_PROGRESS", str(tmp_path / "env.sqlite"))
    assert Progress().path == tmp_path / "env.sqlite"
    assert Progress(tmp_path / "arg.sqlite").path == tmp_path / "arg.sqlite"


# ---------------------------------------------------------------- the command line


def test_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.sqlite"
    p = Progress(path)
    for n in range(3):
        p.record_answer("501-04-follow", "501", [8], True, at=datetime.now().astimezone() - timedelta(days=n))
    p.record_refusal("rules.md 500 §7", "follow-suit")
    assert main(["progress", "--json", "--file", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    rules = {(r["game"], r["item"]): r for r in data["rules"]}
    assert len(data["rules"]) == 26
    assert rules[("501", "rules.md 501 §8")] == {
        "game": "501", "item": "rules.md 501 §8", "words": "rule 8 of 501", "about": "Play", "state": "mastered",
        "state_words": "mastered", "right": 3, "mistakes": 0, "due": False}
    assert rules[("500", "rules.md 500 §7")]["state"] == "to review"
    assert rules[("500", "rules.md 500 §6")]["state"] == "new"
    assert len(data["review_today"]) == 1


def test_cli_text_and_reset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.sqlite"
    Progress(path).record_refusal("rules.md 500 §7", "follow-suit")
    assert main(["progress", "--file", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rule 7 of Five Hundred" in out and "to review" in out and f"Kept in {path}" in out
    assert main(["progress", "--reset", "--file", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"Progress forgotten: {path}"
    assert Progress(path).events() == []


def test_cli_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.sqlite"
    path.write_text("hello\n" * 100)
    assert main(["progress", "--file", str(path)]) == 2
    assert f"{path} is not a cardkit progress file" in capsys.readouterr().err


# ---------------------------------------------------------------- the widgets record


def test_the_exercise_widget_records_each_judged_answer(progress: Progress) -> None:
    from cardkit.widgets.exercise import ExerciseWidget

    e = next(e for e in find_lesson("501/04", "en") if e.answer_type == "number")
    w = ExerciseWidget(e, progress=progress)
    w.inputs[0].value = "hello"
    w._on_check()  # not an answer yet: nothing recorded
    w.inputs[0].value = str(int(e.answer()) + 1)
    w._on_check()
    w.inputs[0].value = str(e.answer())
    w._on_check()
    w._on_show()
    w._on_check()  # right after the answer was shown: not counted
    events = progress.events()
    assert [(ev.exercise, ev.correct) for ev in events] == [(e.id, False), (e.id, True)]
    assert events[0].items == tuple(exercise_items(e)["501"])


def test_a_practice_records_into_the_default_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit.widgets.exercise import show_exercises

    monkeypatch.setenv("CARDKIT_PROGRESS", str(tmp_path / "default.sqlite"))
    practice = show_exercises("501/04", "en")
    w = next(w for w in practice.widgets if w.exercise.answer_type == "number")
    w.inputs[0].value = str(w.exercise.answer())
    w._on_check()
    assert [(ev.exercise, ev.correct) for ev in Progress().events()] == [(w.exercise.id, True)]


def test_the_table_records_a_refused_play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardkit.widgets import Table

    monkeypatch.setenv("CARDKIT_PROGRESS", str(tmp_path / "t.sqlite"))
    table = Table("501", seed=7, humans=[0])
    why = table.act("bid 55")
    assert why is not None and "rules.md 501 §5" in why
    [ev] = Progress().events()
    assert (ev.kind, ev.game, ev.items, ev.correct, ev.rule_name) == ("refusal", "501", (5,), False, "bid-minimum")


def test_an_unwritable_file_is_said_not_raised(tmp_path: Path) -> None:
    from cardkit.widgets.exercise import ExerciseWidget

    bad = tmp_path / "bad.sqlite"
    bad.write_text("hello\n" * 100)
    e = next(e for e in find_lesson("501/04", "en") if e.answer_type == "number")
    w = ExerciseWidget(e, progress=Progress(bad))
    w.inputs[0].value = str(e.answer())
    w._on_check()
    assert "cardkit-ex-right" in w.output.value
    assert "Your progress could not be saved" in w.output.value and "bad.sqlite" in w.output.value


def _answer_right(w: Any) -> None:
    """Give an exercise widget its right answer, as the clicks would, and Check."""
    e = w.exercise
    right = e.answer()
    if e.answer_type == "number":
        w.inputs[0].value = str(right)
    elif e.answer_type == "numbers":
        for box, v in zip(w.inputs, right):
            box.value = str(v)
    else:
        w.picked = list(right) if e.answer_type == "cards" else [right]
    w._on_check()


def test_the_progress_page(progress: Progress) -> None:
    from cardkit.widgets.progress import ProgressPage

    _seeded_history(progress)
    page = ProgressPage("en", progress, seed=7, today=day(1).date())
    assert page.summary.value == ("5 answers recorded, 4 of them right; 0 plays refused. "
                                  "Rules: 1 mastered, 1 practised, 1 to review, 23 new.")
    assert page.table.value.count("<tr>") == 27  # a heading and the 26 rules
    assert '"data row7 col2 cardkit-state-to-review" >to review</td>' in page.table.value
    assert len(page.exercises) == 2
    answer = page.exercises[0]
    assert "2 exercises on the rules due today" in page.review.children[0].value
    right_before = progress.states(day(1).date())[("501", 8)].right
    _answer_right(answer)  # the review's exercises are recorded like a lesson's
    assert progress.states()[("501", 8)].right == right_before + 1
    assert "5 answers" not in page.summary.value  # the page followed the answer
    page.reset_button.click()
    assert page.confirm_row.layout.display == "flex" and progress.events()
    page.keep_button.click()
    assert page.confirm_row.layout.display == "none" and progress.events()
    page.reset_button.click()
    page.confirm_button.click()
    assert progress.events() == []
    assert page.summary.value.startswith("Nothing recorded yet")
    assert page.exercises == []


def test_the_progress_page_in_spanish(progress: Progress) -> None:
    from cardkit.widgets.progress import ProgressPage

    progress.record_refusal("rules.md 500 §7", at=day(0))
    page = ProgressPage("es", progress, seed=1, today=day(0).date())
    assert "por repasar" in page.table.value and "regla 7 del Quinientos" in page.table.value
    assert page.reset_button.description == "Olvidar mi progreso"


def test_the_progress_page_names_a_bad_file(tmp_path: Path) -> None:
    from cardkit.widgets.progress import ProgressPage

    bad = tmp_path / "bad.sqlite"
    bad.write_text("hello\n" * 100)
    page = ProgressPage("en", Progress(bad))
    assert "bad.sqlite is not a cardkit progress file" in page.summary.value


def test_the_class_server_keeps_each_seats_refusals_readable(tmp_path: Path) -> None:
    from cardkit.server.store import Store
    from cardkit.server.tables import Room, TableError

    store = Store(tmp_path / "tables.sqlite")
    room = Room.create(store, "501", 3, seed=5)
    seat = room.state.current_player()
    assert seat is not None
    for _ in range(2):
        with pytest.raises(TableError):
            room.act(seat, "bid 55")
    store.close()
    again = Store(tmp_path / "tables.sqlite")  # read back after a restart
    assert again.seat_refusals(room.id) == {seat: {("rules.md 501 §5", "bid-minimum"): 2}}
    assert again.seat_refusals("no-such-table") == {}
    again.close()


@pytest.mark.parametrize("name, start, words", [
    ("my_progress.ipynb", "00_start_here.ipynb", "set_language(\"en\")"),
    ("mi_progreso.ipynb", "00_empieza_aqui.ipynb", "set_language(\"es\")")])
def test_the_progress_pages_are_linked_and_saved_run(name: str, start: str, words: str) -> None:
    nb = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown"  # prose first, then the one call
    [code] = [c for c in cells if c["cell_type"] == "code"]
    assert words in "".join(code["source"]) and "show_progress()" in "".join(code["source"])
    assert code["execution_count"] == 1
    assert ["".join(o["data"]["text/plain"]) for o in code["outputs"]] in (["<ProgressPage (en)>"], ["<ProgressPage (es)>"])
    start_text = (REPO / "notebooks" / start).read_text(encoding="utf-8")
    assert f"]({name})" in start_text
