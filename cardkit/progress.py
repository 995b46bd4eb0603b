"""A learner's progress, kept on their own machine: each exercise answered and each refused play.

The history is a small SQLite file (the standard library's :mod:`sqlite3`):
``~/.cardkit/progress.sqlite`` by default, ``$CARDKIT_PROGRESS`` when set, or the ``path`` given.
It is made on the first answer recorded, carries its schema version, and nothing in it is ever
sent anywhere. Reading it runs no code; a file that is not a cardkit progress file (corrupt, or
another program's) raises :class:`ProgressError` naming it, and is left as it was.

Every rule of both games (the items of ``docs/rules.md``, :func:`all_rules`) has a state worked out
from the history (:func:`rule_states`), spaced repetition in its simplest form:

- ``new``: never practised;
- ``practised``: answered right, on fewer than :data:`MASTERED_DAYS` separate days since the last mistake;
- ``mastered``: answered right on :data:`MASTERED_DAYS` separate days with no mistake since;
- ``to review``: the last mistake (a wrong answer or a refused play) is not yet answered right.

The rules due today are those to review, the practised ones last answered right before today and
the mastered ones not answered for :data:`REFRESH_DAYS` days; :meth:`Progress.review_today` draws
one exercise for each (seeded: the same seed and history give the same set).

>>> import tempfile, datetime as dt
>>> p = Progress(Path(tempfile.mkdtemp()) / "p.sqlite")
>>> for day in (1, 2, 3):
...     p.record_answer("501-04-follow", "501", [8], True, at=dt.datetime(2026, 12, day, 10, 0))
>>> p.states(today=dt.date(2026, 12, 3))[("501", 8)].state
'mastered'
"""

from __future__ import annotations

import os
import random
import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from .errors import CardkitError, UnknownOptionError
from .i18n import _, pgettext

if TYPE_CHECKING:
    from .exercises import Exercise

__all__ = ["MASTERED_DAYS", "REFRESH_DAYS", "all_rules", "rule_items", "STATES", "Event", "Progress", "ProgressError", "RuleState",
           "exercise_items", "item_of", "note_refusal", "progress_path", "rule_about", "rule_states", "state_words",
           "unsaved_html"]

#: The environment variable that moves the file (tests, a shared machine).
ENV = "CARDKIT_PROGRESS"
#: Separate days a rule must be answered right, with no mistake since, to be mastered.
MASTERED_DAYS = 3
#: Days after which a mastered rule comes up again for review.
REFRESH_DAYS = 30
#: The four states, in the order a learner moves through them.
STATES = ("new", "practised", "mastered", "to review")
#: The schema this module writes; a file of a later version is refused (written by a newer kit).
SCHEMA_VERSION = 1
_APP = "cardkit-progress"


_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('answer', 'refusal')),
    game TEXT NOT NULL,
    exercise TEXT,
    correct INTEGER NOT NULL,
    rule_name TEXT,
    at TEXT NOT NULL
);
CREATE TABLE event_rules (event INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE, item INTEGER NOT NULL);
CREATE INDEX event_rules_event ON event_rules(event);
"""


class ProgressError(CardkitError):
    """The progress file cannot be read or written (not a cardkit progress file, a newer schema)."""


def rule_about(game: str, item: int) -> str:
    """What rule ``item`` of ``game`` is about, in a few words in the language in use ("Play")."""
    return rule_items(game).get(item, ("", ""))[0]


def rule_items(game: str) -> dict[int, tuple[str, str]]:
    """The rules game ``game`` declares (:meth:`cardkit.game.Game.rule_items`): item → (title,
    words); none for a name no game has."""
    from .registry import find_game_class

    try:
        return find_game_class(game).rule_items()
    except UnknownOptionError:
        return {}


def all_rules() -> dict[str, tuple[int, ...]]:
    """Every rule of every game: its numbered items, by game name, in their order."""
    from .registry import GAMES

    return {g.name: tuple(g.rule_items()) for g in GAMES}


def state_words(state: str) -> str:
    """A state (:data:`STATES`) as learners read it, in the language in use."""
    words = {"new": pgettext("rule state", "new"), "practised": pgettext("rule state", "practised"),
             "mastered": pgettext("rule state", "mastered"), "to review": pgettext("rule state", "to review")}
    return words[state]


def item_of(text: str) -> tuple[str, int] | None:
    """The game and item number of the first ``rules.md 501 §8`` in ``text``, or ``None``.

    >>> item_of("must follow ♠ [rules.md 501 §8]")
    ('501', 8)
    """
    m = re.search(r"rules\.md (\w+) §(\d+)", text)
    return None if m is None else (m.group(1), int(m.group(2)))


def progress_path(path: str | Path | None = None) -> Path:
    """The progress file: ``path`` when given, else ``$CARDKIT_PROGRESS``, else ``~/.cardkit/progress.sqlite``."""
    if path is not None:
        return Path(path)
    env = os.environ.get(ENV)
    if env:
        return Path(env)
    return Path.home() / ".cardkit" / "progress.sqlite"


@dataclass(frozen=True)
class Event:
    """One recorded event: an exercise answered (``kind="answer"``) or a play refused (``"refusal"``,
    never correct), for the rule ``items`` of ``game``, at the time ``at``."""

    kind: str
    game: str
    items: tuple[int, ...]
    correct: bool
    at: datetime
    exercise: str | None = None
    rule_name: str | None = None


@dataclass
class RuleState:
    """A rule's state (:data:`STATES`) and what it comes from.

    Attributes:
        game / item: the rule (``"501"``, ``8``); state: one of :data:`STATES`; right / wrong: how
        many right answers and mistakes (refusals included) ever; days: the separate days answered
        right since the last mistake; last_right: the day of the last right answer; due: whether
        it is up for review today.
    """

    game: str
    item: int
    state: str = "new"
    right: int = 0
    wrong: int = 0
    days: set[date] = field(default_factory=set)
    last_right: date | None = None
    due: bool = False


def rule_states(events: Iterable[Event], today: date) -> dict[tuple[str, int], RuleState]:
    """The state of every rule of :func:`all_rules` (and of any other rule in ``events``) after
    ``events`` (taken in time order), and whether it is due on ``today``."""
    out = {(g, i): RuleState(g, i) for g, items in all_rules().items() for i in items}
    for ev in sorted(events, key=lambda e: e.at):
        for item in ev.items:
            rs = out.setdefault((ev.game, item), RuleState(ev.game, item))
            day = ev.at.date()
            if ev.correct:
                rs.right += 1
                rs.days.add(day)
                rs.last_right = day
                rs.state = "mastered" if len(rs.days) >= MASTERED_DAYS else "practised"
            else:
                rs.wrong += 1
                rs.days = set()
                rs.state = "to review"
    for rs in out.values():
        last = rs.last_right
        rs.due = (rs.state == "to review" or (rs.state == "practised" and last is not None and last < today)
                  or (rs.state == "mastered" and last is not None and (today - last).days >= REFRESH_DAYS))
    return out


def _now() -> datetime:
    return datetime.now().astimezone()


class Progress:
    """One learner's progress file.

    Args:
        path: the file (default :func:`progress_path`); made, with its folder, on the first record.
        learner: whose progress (``$CARDKIT_LEARNER``, else ``"me"``): one file may hold several.
        clock: the time of a record when none is given (tests fix it).

    Raises:
        ProgressError: (on first read or write) the file is not a cardkit progress file.
    """

    def __init__(self, path: str | Path | None = None, learner: str | None = None,
                 clock: Callable[[], datetime] = _now) -> None:
        self.path = progress_path(path)
        self.learner = learner or os.environ.get("CARDKIT_LEARNER") or "me"
        self.clock = clock

    def __repr__(self) -> str:
        return f"<Progress of {self.learner} in {self.path}>"

    # ------------------------------------------------------------ the file

    def _bad(self, why: str) -> ProgressError:
        return ProgressError(_("{path} is not a cardkit progress file ({why}); it was left as it was: "
                               "move it away, or give another file").format(path=self.path, why=why))

    def _check(self, db: sqlite3.Connection) -> bool:
        """Whether the file holds the schema (False: an empty database); raises if it is foreign."""
        try:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not tables:
                return False
            if "meta" not in tables:
                raise self._bad(_("no cardkit tables"))
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as e:
            raise self._bad(str(e)) from None
        if meta.get("app") != _APP:
            raise self._bad(_("no cardkit tables"))
        version = int(meta.get("schema", "0"))
        if version > SCHEMA_VERSION:
            raise ProgressError(_("{path} was written by a newer cardkit (progress schema {version}): "
                                  "update cardkit to read it").format(path=self.path, version=version))
        return True

    def _connect(self, *, write: bool) -> sqlite3.Connection | None:
        """A connection to the file, checked; ``None`` when reading a file that does not exist."""
        if not self.path.exists():
            if not write:
                return None
            self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.is_dir():
            raise self._bad(_("a folder"))
        mode = "rwc" if write else "ro"
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode={mode}", uri=True, timeout=10)
        except sqlite3.Error as e:
            raise ProgressError(_("cannot open {path}: {why}").format(path=self.path, why=e)) from None
        try:
            made = self._check(db)
            if write and not made:
                with db:
                    db.executescript(_SCHEMA)
                    db.executemany("INSERT INTO meta VALUES (?, ?)",
                                   [("app", _APP), ("schema", str(SCHEMA_VERSION))])
            db.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            db.close()
            raise
        return db

    # ------------------------------------------------------------ recording

    def _record(self, kind: str, game: str, items: Sequence[int], correct: bool, at: datetime | None,
                exercise: str | None = None, rule_name: str | None = None) -> None:
        when = (at or self.clock()).isoformat(timespec="seconds")
        db = self._connect(write=True)
        assert db is not None
        with closing(db), db:
            cur = db.execute("INSERT INTO events (learner, kind, game, exercise, correct, rule_name, at) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (self.learner, kind, game, exercise, int(correct), rule_name, when))
            db.executemany("INSERT INTO event_rules VALUES (?, ?)", [(cur.lastrowid, i) for i in items])

    def record_answer(self, exercise: str, game: str, items: Sequence[int], correct: bool,
                      at: datetime | None = None) -> None:
        """Record exercise ``exercise`` answered right or wrong, practising rule ``items`` of ``game``."""
        self._record("answer", game, items, correct, at, exercise=exercise)

    def record_exercise(self, exercise: Exercise, correct: bool, at: datetime | None = None) -> None:
        """Record an :class:`~cardkit.exercises.Exercise` answered right or wrong (its rule items
        from the rule statements it practises)."""
        for game, items in exercise_items(exercise).items():
            self.record_answer(exercise.id, game, items, correct, at)

    def record_refusal(self, rule: str, rule_name: str | None = None, at: datetime | None = None) -> None:
        """Record a refused play: ``rule`` is the rules.md item that refused it (``"rules.md 501
        §8"``, or a refusal's text citing it); nothing is recorded when it cites none."""
        found = item_of(rule)
        if found is not None:
            self._record("refusal", found[0], [found[1]], False, at, rule_name=rule_name)

    def reset(self) -> None:
        """Forget this learner's whole history (the file stays, for other learners)."""
        db = self._connect(write=False)
        if db is None:
            return
        db.close()
        db = self._connect(write=True)
        assert db is not None
        with closing(db), db:
            db.execute("DELETE FROM event_rules WHERE event IN (SELECT id FROM events WHERE learner = ?)",
                       (self.learner,))
            db.execute("DELETE FROM events WHERE learner = ?", (self.learner,))

    # ------------------------------------------------------------ reading

    def events(self) -> list[Event]:
        """This learner's events, oldest first."""
        db = self._connect(write=False)
        if db is None:
            return []
        with closing(db):
            try:
                rows = db.execute(
                    "SELECT e.id, e.kind, e.game, e.exercise, e.correct, e.rule_name, e.at, r.item "
                    "FROM events e LEFT JOIN event_rules r ON r.event = e.id WHERE e.learner = ? "
                    "ORDER BY e.at, e.id", (self.learner,)).fetchall()
            except sqlite3.DatabaseError as e:
                raise self._bad(str(e)) from None
        grouped: dict[int, tuple[tuple[str, str, str | None, int, str | None, str], list[int]]] = {}
        for eid, kind, game, exercise, correct, rule_name, at, item in rows:
            head, items = grouped.setdefault(eid, ((kind, game, exercise, correct, rule_name, at), []))
            if item is not None:
                items.append(int(item))
        out = []
        for head, items in grouped.values():
            kind, game, exercise, correct, rule_name, at = head
            try:
                when = datetime.fromisoformat(at)
            except ValueError:
                raise self._bad(_("a time that is not a time: {at}").format(at=at)) from None
            out.append(Event(kind, game, tuple(items), bool(correct), when, exercise, rule_name))
        return out

    def states(self, today: date | None = None) -> dict[tuple[str, int], RuleState]:
        """Every rule's state (:func:`rule_states`) on ``today`` (default: the clock's day)."""
        return rule_states(self.events(), today or self.clock().date())

    def review_today(self, lang: str = "en", n: int = 5, seed: int | str | None = None,
                     today: date | None = None) -> list[Exercise]:
        """Up to ``n`` exercises in ``lang`` for the rules due today: one for each rule due, those
        to review first, then the ones waiting longest; each drawn at random among the exercises
        practising that rule, with ``seed`` (default: the learner and the day), so the same seed and
        history give the same set. A rule with no exercise in ``lang`` is left out."""
        from .exercises.core import lessons

        day = today or self.clock().date()
        states = rule_states(self.events(), day)
        due = sorted((rs for rs in states.values() if rs.due),
                     key=lambda rs: (rs.state != "to review", rs.last_right or date.min, rs.game, rs.item))
        pool = [e for les in lessons() if les.language == lang for e in les]
        rng = random.Random(f"{self.learner}:{day.isoformat()}" if seed is None else seed)
        picked: list[Exercise] = []
        for rs in due:
            if len(picked) >= n:
                break
            fits = [e for e in pool if rs.item in exercise_items(e).get(rs.game, ()) and e not in picked]
            if fits:
                picked.append(rng.choice(fits))
        return picked


def exercise_items(exercise: Exercise) -> dict[str, list[int]]:
    """The rule items an exercise practises, by game: ``{"501": [8]}``."""
    from .exercises.data import rules_items

    out: dict[str, list[int]] = {}
    for item in rules_items(exercise.rules):
        found = item_of(item)
        if found is not None:
            out.setdefault(found[0], []).append(found[1])
    return out



def note_refusal(refusal: str | BaseException, rule_name: str | None = None,
                 progress: Progress | None = None) -> str | None:
    """Record a refused play in ``progress`` (default: the learner's own file), from the refusal
    (an :class:`~cardkit.errors.IllegalActionError`, or a text citing its rules.md item).

    Returns:
        ``None`` when recorded (or when the refusal cites no rule), else why it could not be saved,
        for the page to say.
    """
    rule = getattr(refusal, "rule", None) or str(refusal)
    name = rule_name or getattr(refusal, "rule_name", None)
    try:
        (progress or Progress()).record_refusal(rule, name)
    except (ProgressError, OSError) as err:
        return str(err)
    return None


def unsaved_html(error: str | None) -> str:
    """A widget's line saying the progress could not be saved (HTML, escaped); ``""`` for ``None``."""
    if error is None:
        return ""
    from .escaping import escape

    words = _("Your progress could not be saved: {why}").format(why=error)
    return f"<div class='cardkit-unsaved'>{escape(words)}</div>"
