"""Exercises: a position, a question, and the engine's answer, with feedback that says why.

An :class:`Exercise` holds no answer. Its position is rebuilt by the engine (a record replayed to
a step, or a deal set up with :class:`~cardkit.explore.deal.Predeal` and actions applied), and
:meth:`Exercise.answer` asks the engine every time: ``legal_actions()``, the trick's ``winner``,
``returns()``, its refusals (:mod:`cardkit.exercises.refusals`: an ``IllegalActionError``'s
``reason`` and ``rule``), ``deal_targets()``, the solver. :meth:`Exercise.check` compares a
learner's answer with it and returns :class:`Feedback` in the exercise's language, built from
the engine's own messages (see :mod:`cardkit.exercises.explain`).

Each ``(kind, ask)`` below is one class of :mod:`cardkit.exercises.questions`, found in its table
:data:`~cardkit.exercises.questions.QUESTIONS` (:attr:`Exercise.question`); the class answers,
reads, judges, hints and says its question, and :class:`Exercise` asks it.

Kinds and what each asks (``kind`` / ``ask``):

- ``play`` / ``legal``: pick every card the seat to play may play (rules.md 501 §8, 500 §7).
- ``play`` / ``winning``: the last seat of a trick picks a card that wins it.
- ``trick`` / ``winner``: who won the trick just completed.
- ``score`` / ``changes`` (every seat) or ``change`` (``seat``): the finished hand's score changes.
- ``auction`` / ``legal`` (``bid``): may the seat to act bid this? ``worth`` (``bid``): what is it
  worth? ``cheapest``: the cheapest bid that outranks the standing one.
- ``deal`` / ``where`` (``card``, from 1): where does that card of the pack go? ``trumps``
  (``trump``): how many trumps in the pack? ``pack-size``, ``hand-size``.
- ``play-it-out`` / ``make``: play the contracting side of a short ending against best defence
  and make the contract (:class:`PlayOut`); the solver checks the goal can be reached.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterator

from ..errors import CardkitError, InvalidCardError
from ..game import Action, Game, State
from ..i18n import _, language
from ..registry import find_game
from .answers import AnswerError, Choice, Feedback, feedback, sentence
from .data import data_dir, rule_statements, rules_items
from .playout import PlayOut, line_text
from .question import Question
from .questions import QUESTIONS, read_bid
from .schema import FORMAT, KINDS, MAX_FILE_BYTES, place, validate

#: The shape of each question's answer, which decides how a widget asks for it (read from
#: :data:`~cardkit.exercises.questions.QUESTIONS`).
ANSWER_TYPES = {key: q.answer_type for key, q in QUESTIONS.items()}


class ExerciseError(CardkitError):
    """An exercise file that cannot be used: every problem with its place.

    Attributes:
        problems: ``(place, message)`` pairs, place as ``"exercises[3].position.step"``.
        source: the file's name.
    """

    def __init__(self, problems: list[tuple[str, str]], source: str = "exercises") -> None:
        self.problems = problems
        self.source = source
        lines = [f"{p}: {m}" for p, m in problems]
        super().__init__(f"{source}: {len(problems)} problem(s)\n" + "\n".join(lines))



@dataclass
class Exercise:
    """One exercise of a lesson file.

    Attributes:
        id: unique within its language (``"501-04-follow"``); the same id in English and Spanish
            is the same exercise.
        lesson: ``"501/04"``; language: ``"en"`` or ``"es"``; kind / ask: see the module doc.
        rules: the rule statement ids practised; prompt / hint: the teacher's words.
        game: the table's rules; position: the position as written in the file; params: the
            question's own fields (``bid``, ``seat``, ``card``, ``trump``).
        source / index: the file and the exercise's index in it, for error places.
    """

    id: str
    lesson: str
    language: str
    kind: str
    ask: str
    rules: tuple[str, ...]
    prompt: str
    hint: str | None
    game: Game
    position: dict[str, Any]
    params: dict[str, Any] = field(default_factory=dict)
    source: str = ""
    index: int = 0
    examples: Path | None = None
    _state: State | None = field(default=None, repr=False, compare=False)

    # ---------------------------------------------------------------- the position

    @property
    def where(self) -> str:
        """This exercise's place in its file: ``exercises[3]``."""
        return f"exercises[{self.index}]"

    @property
    def answer_type(self) -> str:
        """``"cards"``, ``"card"``, ``"seat"``, ``"choice"``, ``"number"``, ``"numbers"`` or ``"playout"``."""
        return self.question.answer_type

    def state(self) -> State:
        """A fresh copy of the position (the engine's state); changing it changes nothing here.

        Raises:
            ExerciseError: the position cannot arise (places under ``exercises[i].position``).
        """
        if self._state is None:
            self._state = self._build()
        return self._state.clone()

    def _build(self) -> State:
        pos = self.position
        game = self.game
        if "record" in pos:
            extra = [k for k in ("dealer", "hands", "talon", "seed", "scores", "actions") if k in pos]
            if extra:
                raise self.problem(f"position.{extra[0]}", "a position is a record and a step, or a deal with "
                                    "actions, not both: drop " + ", ".join(extra))
            return self._from_record(pos)
        if "hand" in pos or "step" in pos:
            raise self.problem("position", "'hand' and 'step' go with a 'record'")
        return self._from_deal(pos)

    def _from_record(self, pos: dict[str, Any]) -> State:
        from .. import records
        from ..errors import RecordError

        base = self.examples or data_dir() / "examples"
        path = base / pos["record"]
        if not path.is_file():
            raise self.problem("position.record", f"no record {pos['record']!r} in {base}")
        try:
            match = records.load(path)
        except (RecordError, OSError, ValueError) as e:
            raise self.problem("position.record", f"the record cannot be loaded: {e}") from None
        if match.game.name != self.game.name or match.game.players != self.game.players:
            raise self.problem("position.record", f"the record is {match.game.title} with {match.game.players} "
                                f"players; this file is {self.game.title} with {self.game.players}")
        from ..replay import Replay

        k = pos.get("hand", 1)
        if k > len(match.hands):
            raise self.problem("position.hand", f"the record has {len(match.hands)} hand(s), not {k}")
        actions = len(match.hands[k - 1].history())
        step = pos.get("step", actions)
        if step > actions:
            raise self.problem("position.step", f"hand {k} of the record has {actions} actions, "
                                f"so the step is 0 to {actions}, not {step}")
        # the position is played at this file's table (its rule options), not the record's own
        replay = Replay(self.game, seed=match.seed, match=match)
        try:
            replay.goto(k - 1, step)
        except CardkitError as e:
            raise self.problem("position.step", f"the record's actions cannot be played at this file's table "
                                f"(its rule options): {e}") from None
        return replay.state.clone()

    def _from_deal(self, pos: dict[str, Any]) -> State:
        from ..explore.deal import DealError, Predeal

        game = self.game
        dealer = 0
        if "dealer" in pos:
            if pos["dealer"] not in game.names:
                raise self.problem("position.dealer", f"{pos['dealer']!r} is not a seat: use one of "
                                    + ", ".join(game.names))
            dealer = game.names.index(pos["dealer"])
        for name in pos.get("hands", {}):
            if name not in game.names:
                raise self.problem(f"position.hands.{name}", f"{name!r} is not a seat: use one of "
                                    + ", ".join(game.names))
        try:
            pre = Predeal(game, dealer, hands=pos.get("hands"), talon=pos.get("talon"), max_tries=50)
            deal = pre.deal(pos.get("seed", 0))
        except (DealError, InvalidCardError) as e:
            raise self.problem("position.hands", f"this deal cannot arise: {e}") from None
        scores = pos.get("scores")
        if scores is not None and len(scores) != game.players:
            raise self.problem("position.scores", f"give one score per seat ({game.players}), not {len(scores)}")
        state = deal.new_hand(game, scores)
        for j, text in enumerate(pos.get("actions", [])):
            try:
                state.apply_action(text)
            except CardkitError as e:
                raise self.problem(f"position.actions[{j}]", f"{text!r} cannot be played here: {e}") from None
        return state

    # ---------------------------------------------------------------- what questions read

    @cached_property
    def question(self) -> Question:
        """This exercise's question: the class of :data:`~cardkit.exercises.questions.QUESTIONS`
        for its ``(kind, ask)``, which answers, reads, judges and hints it."""
        return QUESTIONS[(self.kind, self.ask)](self)

    def problem(self, where: str, message: str) -> ExerciseError:
        """The error for a problem of this exercise at ``where`` (``"position.step"``, ``"bid"``;
        ``""``: the exercise itself), placed in its file."""
        return ExerciseError([(f"{self.where}.{where}" if where else self.where, message)], self.source)

    def asked_seat(self) -> int:
        """The seat a ``score`` / ``change`` question names (its ``seat``).

        Raises:
            ExerciseError: not a seat of the table.
        """
        name = self.params["seat"]
        if name not in self.game.names:
            raise self.problem("seat", f"{name!r} is not a seat: use one of " + ", ".join(self.game.names))
        return self.game.names.index(name)

    def dealer(self) -> int:
        """The position's dealer (seat A when it names none).

        Raises:
            ExerciseError: ``position.dealer`` is not a seat.
        """
        name = self.position.get("dealer")
        if name is None:
            return 0
        if name not in self.game.names:
            raise self.problem("position.dealer", f"{name!r} is not a seat")
        return self.game.names.index(name)

    def asked_bid(self) -> Action:
        """The call an ``auction`` question names (its ``bid``: ``"80"``, ``"8H"``, ``"misere"``,
        ``"declare ♠ 75"``, ``"pass"``), read by the game (:func:`~cardkit.exercises.questions.read_bid`).

        Raises:
            ExerciseError: not a call of this game.
        """
        try:
            return read_bid(self.game, str(self.params["bid"]).strip())
        except CardkitError as e:
            raise self.problem("bid", f"not a bid of {self.game.title}: {e}") from None

    def best_line(self) -> list[Any]:
        """The solver's best line from the position (steps with ``seat`` and ``action``).

        Raises:
            ExerciseError: the position is not in the play phase.
        """
        from ..solver import best_line

        st = self.state()
        if st.phase != "play":
            raise self.problem("position", f"a play-it-out needs the play phase; the hand is in {st.phase!r}")
        return best_line(st)

    def best_line_text(self) -> list[str]:
        """The solver's best line from the position, one trick per line: ``"A K♠, B 9♠, C J♠"``."""
        return line_text(self.state(), self.best_line())

    # ---------------------------------------------------------------- the engine's answer

    def answer(self) -> Any:
        """The right answer, computed by the engine now.

        Returns, by :attr:`answer_type`: ``cards`` a frozenset of :class:`Card`; ``card`` the
        frozenset of cards that win; ``seat`` a seat number; ``choice`` the right choice's value
        (``True``/``False``, a bid's text, a seat or :data:`~cardkit.game.TALON`); ``number`` an
        int; ``numbers`` a list of ints (one per seat); ``playout`` the learner's actions of the
        solver's best line, as texts.

        Raises:
            ExerciseError: the question does not fit the position (its place in the file).
        """
        return self.question.answer()

    def verify(self) -> None:
        """Check that the engine can answer this exercise (the question fits the position; a
        play-it-out's goal can be reached with best play).

        Raises:
            ExerciseError: with the place of the problem.
        """
        self.question.verify()

    # ---------------------------------------------------------------- asking

    def choices(self) -> list[Choice] | None:
        """The answer buttons for ``seat`` and ``choice`` questions (``None`` for the others)."""
        with language(self.language):
            return self.question.choices()

    def parse(self, given: Any) -> Any:
        """Read a learner's answer into the shape of :meth:`answer`.

        Accepts card codes (``"KS"``, ``"K♠"``) or :class:`Card` for cards; a seat's name or
        number; a choice's value or label (``"yes"``/``"no"``); numbers as ints or text
        (``"+200"``, ``"−32"``); for ``numbers`` a list (one per seat) or ``{seat name: number}``.

        Raises:
            AnswerError: the answer cannot be read; a friendly message in the exercise's language.
        """
        with language(self.language):
            return self.question.parse(given)

    # ---------------------------------------------------------------- checking

    def check(self, given: Any) -> Feedback:
        """Compare a learner's answer with the engine's and say why: a right answer gets the
        engine's reason; a wrong one what is wrong with it and the rule to read again, never the
        right answer (that is :meth:`explanation`'s, behind "Show answer").

        Args:
            given: the learner's answer, in any form :meth:`parse` reads.

        Returns:
            :class:`Feedback`; a malformed answer gives ``correct=False`` and the friendly
            message of :class:`AnswerError`, never an exception.
        """
        with language(self.language):
            try:
                value = self.question.parse(given)
            except AnswerError as e:
                return Feedback(False, str(e), self.rules)
            ok, lines = self.question.judge(value)
            return feedback(ok, lines, self.rules)

    def explanation(self) -> str:
        """The engine's answer and its reasons, in the exercise's language, for "Show answer" at
        any time (nothing answered, a wrong or a right answer): ``"The answer: A♠ 10♠"`` and the
        rule that makes it so (``"must follow ♠: C holds A♠ 10♠ (rule 8 of 501)"``), with no
        verdict on the learner; a play-it-out gives the solver's best line."""
        with language(self.language):
            return self.question.explanation()

    def hint_text(self) -> str:
        """A hint built by the engine, in the exercise's language, that does not give the answer:
        the teacher's hint from the file when it has one, then what the engine reads in the position
        (the rule that decides which cards may be played, the suit led and the trumps, the hand's
        contract, the standing bid, the dealer of a question about the deal's order; nothing for
        the pack's size or trumps) and the rule to read (``"rule 8 of 501"``)."""
        from ..display import plain_rule, rules_words

        with language(self.language):
            lines = [self.hint] if self.hint else []
            engine = self.question.hint()
            if engine:
                lines.append(engine)
            items = rules_items(self.rules)
            text, cited = plain_rule("\n".join(sentence(line) for line in lines))
            if items and not cited:
                text += "\n" + _("Read {rules} again.").format(rules=rules_words(items))
            return text

    def answer_text(self) -> str:
        """The engine's answer in words (``"A +200, B −32, C −20"``, ``"10♥ A♥"``, ``"B"``)."""
        with language(self.language):
            return self.question.say(self.answer())


# ---------------------------------------------------------------- files and lessons


@dataclass
class Lesson:
    """One file's exercises: ``lesson`` (``"501/04"``), ``language``, ``title``, ``game``,
    ``exercises``, and the ``path`` it was read from."""

    lesson: str
    language: str
    title: str
    game: Game
    exercises: list[Exercise]
    path: Path | None = None

    def __iter__(self) -> Iterator[Exercise]:
        return iter(self.exercises)

    def __len__(self) -> int:
        return len(self.exercises)



def _read(path: Path) -> Any:
    """The file's data, JSON or YAML (safe loading: plain data only, never code).

    Raises:
        ExerciseError: at ``(file)``: too big, not UTF-8 text (naming the first bad byte, counted
            from 0, as :func:`cardkit.records.load` does), or not valid JSON or YAML.
    """
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ExerciseError([("(file)", f"{size} bytes; an exercise file may hold at most {MAX_FILE_BYTES}")],
                            path.name)
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ExerciseError([("(file)", _("not UTF-8 text: {why} at byte {at}").format(why=e.reason, at=e.start))],
                            path.name) from None
    try:
        if path.suffix.lower() in (".yaml", ".yml"):
            import yaml

            return yaml.safe_load(text)
        return json.loads(text)
    except Exception as e:  # a syntax error of either format: say where
        raise ExerciseError([("(file)", f"not valid {'YAML' if path.suffix.lower() in ('.yaml', '.yml') else 'JSON'}: "
                                        f"{e}")], path.name) from None


def from_data(data: Any, source: str = "exercises", examples: Path | None = None) -> Lesson:
    """A :class:`Lesson` from plain data (a parsed file), every problem reported with its place.

    Raises:
        ExerciseError: the schema's problems, else the first problem of each exercise the engine
            finds (a position that cannot arise, a question that does not fit it, an unknown rule id).
    """
    problems = validate(data)
    if problems:
        raise ExerciseError(problems, source)
    if data["format"] != FORMAT:  # pragma: no cover - the schema checks it
        raise ExerciseError([("format", f"use {FORMAT!r}")], source)
    try:
        game = find_game(data["game"], data.get("players"), **data.get("options", {}))
    except CardkitError as e:
        where = "options" if data.get("options") else "players"
        raise ExerciseError([(where, str(e))], source) from None
    known = rule_statements()
    out: list[Exercise] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(data["exercises"]):
        base = f"exercises[{i}]"
        if item["id"] in seen:
            problems.append((f"{base}.id", f"{item['id']!r} is already the id of exercises[{seen[item['id']]}]"))
        seen.setdefault(item["id"], i)
        for j, rid in enumerate(item["rules"]):
            if known and rid not in known:
                problems.append((f"{base}.rules[{j}]", f"{rid!r} is not a rule statement id of data/rule-statements.csv"))
            elif known and known[rid] != data["game"]:
                problems.append((f"{base}.rules[{j}]", f"{rid!r} is a rule of {known[rid]}, not of {data['game']}"))
        params = {k: item[k] for k in ("bid", "seat", "card", "trump") if k in item}
        out.append(Exercise(id=item["id"], lesson=data["lesson"], language=data["language"], kind=item["kind"],
                            ask=item["ask"], rules=tuple(item["rules"]), prompt=item["prompt"],
                            hint=item.get("hint"), game=game, position=dict(item["position"]), params=params,
                            source=source, index=i, examples=examples))
    if problems:
        raise ExerciseError(problems, source)
    return Lesson(data["lesson"], data["language"], data.get("title", data["lesson"]), game, out)


def load_file(path: str | Path, *, verify: bool = False) -> Lesson:
    """Read one exercise file (``.json``, ``.yaml`` or ``.yml``) without executing anything.

    Args:
        path: the file.
        verify: also ask the engine to answer every exercise (:meth:`Exercise.verify`), so a
            position that cannot arise or a question that does not fit it is found now.

    Raises:
        ExerciseError: every problem found, with its place.
    """
    p = Path(path)
    examples = None
    for parent in p.resolve().parents:
        if (parent / "examples").is_dir():
            examples = parent / "examples"
            break
    lesson = from_data(_read(p), p.name, examples)
    lesson.path = p
    if verify:
        problems: list[tuple[str, str]] = []
        for exercise in lesson:
            try:
                exercise.verify()
            except ExerciseError as e:
                problems.extend(e.problems)
        if problems:
            raise ExerciseError(problems, p.name)
    return lesson


def exercise_files(root: str | Path | None = None) -> list[Path]:
    """Every exercise file under ``root`` (default ``data/exercises``), sorted; a file is itself."""
    r = Path(root) if root is not None else data_dir() / "exercises"
    if r.is_file():
        return [r]
    return sorted(p for p in r.rglob("*") if p.suffix.lower() in (".json", ".yaml", ".yml") and p.is_file())


def load_all(root: str | Path | None = None) -> list[Lesson]:
    """Every lesson under ``root`` (default ``data/exercises``).

    Raises:
        ExerciseError: the problems of the first bad file.
    """
    return [load_file(p) for p in exercise_files(root)]


def lessons(root: str | Path | None = None) -> list[Lesson]:
    """Every lesson under ``root`` (default ``data/exercises``), one per lesson and language: the
    files of one lesson (e.g. Five Hundred's 3-, 5- and 6-handed files of ``500/08``) joined in
    file-name order. Each exercise keeps its own table (:attr:`Exercise.game`).

    Raises:
        ExerciseError: the problems of the first bad file.
    """
    out: dict[tuple[str, str], Lesson] = {}
    for les in load_all(root):
        key = (les.lesson, les.language)
        if key in out:
            out[key].exercises.extend(les.exercises)
        else:
            out[key] = Lesson(les.lesson, les.language, les.title, les.game, list(les.exercises), les.path)
    return list(out.values())


def find_lesson(lesson: str, lang: str | None = None, root: str | Path | None = None) -> Lesson:
    """The exercises of ``lesson`` (``"501/04"``) in ``lang`` (default: the language in use).

    Raises:
        CardkitError: no such lesson in that language; the message lists the lessons there are.
    """
    from ..i18n import get_language

    lang = lang or get_language()
    every = lessons(root)
    for les in every:
        if les.lesson == lesson and les.language == lang:
            return les
    have = sorted({f"{les.lesson} ({les.language})" for les in every})
    raise CardkitError(f"no exercises for lesson {lesson!r} in {lang!r}: there are " + ", ".join(have))


def check_path(root: str | Path) -> tuple[int, list[tuple[str, str, str]]]:
    """Validate and solve every exercise file under ``root`` (a file or a folder).

    Returns:
        ``(number of exercises checked, problems)``, each problem ``(file, place, message)``.
    """
    count = 0
    problems: list[tuple[str, str, str]] = []
    files = exercise_files(root)
    if not files:
        problems.append((str(root), "(top)", "no exercise file (.json, .yaml, .yml) found"))
    for p in files:
        try:
            lesson = load_file(p, verify=True)
            count += len(lesson)
        except ExerciseError as e:
            problems.extend((str(p), where, msg) for where, msg in e.problems)
    return count, problems




__all__ = ["ANSWER_TYPES", "AnswerError", "Choice", "Exercise", "ExerciseError", "Feedback", "KINDS", "Lesson",
           "PlayOut", "check_path", "data_dir", "exercise_files", "find_lesson", "from_data", "load_all",
           "load_file", "lessons", "place", "rule_statements", "rules_items"]
