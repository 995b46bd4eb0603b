"""Exercises: a position, a question, and the engine's answer, with feedback that says why.

An :class:`Exercise` holds no answer. Its position is rebuilt by the engine (a record replayed to
a step, or a deal set up with :class:`~cardkit.explore.deal.Predeal` and actions applied), and
:meth:`Exercise.answer` asks the engine every time: ``legal_actions()``, the trick's ``winner``,
``returns()``, ``why_illegal()``, ``deal_targets()``, the solver. :meth:`Exercise.check` compares
a learner's answer with it and returns :class:`Feedback` in the exercise's language, built from
the engine's own messages (see :mod:`cardkit.exercises.explain`).

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
import re
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from ..actions import Play
from ..cards import Card, Cards, Suit
from ..errors import CardkitError, InvalidActionError, InvalidCardError, refusal_head
from ..game import TALON, Action, Game, State
from ..registry import find_game
from ..i18n import _, action_phrase, language, ngettext
from . import explain as ex
from .schema import FORMAT, KINDS, MAX_FILE_BYTES, place, validate


def _count(value: Any) -> int:
    """A learner's typed number as the count that chooses a message's plural form ("1 card",
    "2 cards"); anything that is not a whole number counts as many."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 2


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


class AnswerError(CardkitError):
    """A learner's answer that cannot be read (text in a number box, no card picked); its message
    is a friendly sentence in the learner's language, not a traceback."""


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after Check.

    Attributes:
        correct: whether the answer is right.
        message: why, in the exercise's language, built from the engine (may hold several lines).
        rules: the rule statement ids the exercise practises (``data/rule-statements.csv``).
        cited: the rules.md items the message cites, e.g. ``("rules.md 501 §8",)``; the message
            itself names them in plain words ("rule 8 of 501", "regla 8 del 501").
    """

    correct: bool
    message: str
    rules: tuple[str, ...] = ()
    cited: tuple[str, ...] = ()

    @property
    def teacher_note(self) -> str:
        """The rules.md items cited and the rule statement ids practised, for a teacher (a
        tooltip): ``"rules.md 501 §8 · 501-play-2"``; ``""`` when there are none."""
        return " · ".join([*self.cited, *self.rules])

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Choice:
    """One answer button: its ``label`` (what the learner reads) and its ``value``."""

    label: str
    value: Any


#: The shape of each question's answer, which decides how a widget asks for it.
ANSWER_TYPES = {
    ("play", "legal"): "cards", ("play", "winning"): "card", ("trick", "winner"): "seat",
    ("score", "changes"): "numbers", ("score", "change"): "number",
    ("auction", "legal"): "choice", ("auction", "worth"): "number", ("auction", "cheapest"): "choice",
    ("deal", "where"): "choice", ("deal", "trumps"): "number", ("deal", "pack-size"): "number",
    ("deal", "hand-size"): "number", ("play-it-out", "make"): "playout",
}

_YES = ("yes", "y", "sí", "si", "true", "legal")
_NO = ("no", "n", "false", "illegal")


def _int(text: Any) -> int:
    """A whole number from the learner: ``80``, ``"+200"``, ``"−32"`` (a typographic minus)."""
    if isinstance(text, bool):
        raise AnswerError(_("type a whole number, such as 80 or −32"))
    if isinstance(text, int):
        return text
    t = str(text).strip().replace("−", "-").replace("–", "-").replace(" ", "")
    if t.startswith("+"):
        t = t[1:]
    if not t:
        raise AnswerError(_("the box is empty: type a whole number, such as 80 or −32"))
    try:
        return int(t)
    except ValueError:
        raise AnswerError(_("{text!r} is not a whole number: type digits, such as 80 or −32").format(
            text=str(text).strip())) from None


def _card(text: Any) -> Card:
    if isinstance(text, Card):
        return text
    try:
        return Card.parse(str(text))
    except (InvalidCardError, ValueError):
        raise AnswerError(_("{text!r} is not a card: write its rank then its suit, such as 10H or Q♠").format(
            text=str(text))) from None


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
        return ANSWER_TYPES[(self.kind, self.ask)]

    def state(self) -> State:
        """A fresh copy of the position (the engine's state); changing it changes nothing here.

        Raises:
            ExerciseError: the position cannot arise (places under ``exercises[i].position``).
        """
        if self._state is None:
            self._state = self._build()
        return self._state.clone()

    def _problem(self, where: str, message: str) -> ExerciseError:
        return ExerciseError([(f"{self.where}.{where}" if where else self.where, message)], self.source)

    def _build(self) -> State:
        pos = self.position
        game = self.game
        if "record" in pos:
            extra = [k for k in ("dealer", "hands", "talon", "seed", "scores", "actions") if k in pos]
            if extra:
                raise self._problem(f"position.{extra[0]}", "a position is a record and a step, or a deal with "
                                    "actions, not both: drop " + ", ".join(extra))
            return self._from_record(pos)
        if "hand" in pos or "step" in pos:
            raise self._problem("position", "'hand' and 'step' go with a 'record'")
        return self._from_deal(pos)

    def _from_record(self, pos: dict[str, Any]) -> State:
        from .. import records
        from ..errors import RecordError

        base = self.examples or data_dir() / "examples"
        path = base / pos["record"]
        if not path.is_file():
            raise self._problem("position.record", f"no record {pos['record']!r} in {base}")
        try:
            match = records.load(path)
        except (RecordError, OSError, ValueError) as e:
            raise self._problem("position.record", f"the record cannot be loaded: {e}") from None
        if match.game.name != game_name(self.game) or match.game.players != self.game.players:
            raise self._problem("position.record", f"the record is {match.game.title} with {match.game.players} "
                                f"players; this file is {self.game.title} with {self.game.players}")
        from ..replay import Replay

        k = pos.get("hand", 1)
        if k > len(match.hands):
            raise self._problem("position.hand", f"the record has {len(match.hands)} hand(s), not {k}")
        actions = len(match.hands[k - 1].history())
        step = pos.get("step", actions)
        if step > actions:
            raise self._problem("position.step", f"hand {k} of the record has {actions} actions, "
                                f"so the step is 0 to {actions}, not {step}")
        # the position is played at this file's table (its rule options), not the record's own
        replay = Replay(self.game, seed=match.seed, match=match)
        try:
            replay.goto(k - 1, step)
        except CardkitError as e:
            raise self._problem("position.step", f"the record's actions cannot be played at this file's table "
                                f"(its rule options): {e}") from None
        return replay.state.clone()

    def _from_deal(self, pos: dict[str, Any]) -> State:
        from ..explore.deal import DealError, Predeal

        game = self.game
        dealer = 0
        if "dealer" in pos:
            if pos["dealer"] not in game.names:
                raise self._problem("position.dealer", f"{pos['dealer']!r} is not a seat: use one of "
                                    + ", ".join(game.names))
            dealer = game.names.index(pos["dealer"])
        for name in pos.get("hands", {}):
            if name not in game.names:
                raise self._problem(f"position.hands.{name}", f"{name!r} is not a seat: use one of "
                                    + ", ".join(game.names))
        try:
            pre = Predeal(game, dealer, hands=pos.get("hands"), talon=pos.get("talon"), max_tries=50)
            deal = pre.deal(pos.get("seed", 0))
        except (DealError, InvalidCardError) as e:
            raise self._problem("position.hands", f"this deal cannot arise: {e}") from None
        scores = pos.get("scores")
        if scores is not None and len(scores) != game.players:
            raise self._problem("position.scores", f"give one score per seat ({game.players}), not {len(scores)}")
        state = deal.new_hand(game, scores)
        for j, text in enumerate(pos.get("actions", [])):
            try:
                state.apply_action(text)
            except CardkitError as e:
                raise self._problem(f"position.actions[{j}]", f"{text!r} cannot be played here: {e}") from None
        return state

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
        st = self.state()
        k, a = self.kind, self.ask
        if k == "play":
            if st.phase != "play":
                raise self._problem("position", f"a play question needs the play phase; the hand is in {st.phase!r}")
            cards: frozenset[Card] = frozenset(act.card for act in st.legal_actions() if act.card is not None)
            if a == "legal":
                return cards
            wins = frozenset(c for c in cards if self._wins(st, c))
            return wins
        if k == "trick":
            current = st.view().current_trick
            if not st.tricks or (current is not None and current.plays):
                raise self._problem("position.step", "a trick question needs the position right after a trick "
                                    "is complete")
            return st.tricks[-1].winner
        if k == "score":
            if not st.is_terminal():
                raise self._problem("position", "a score question needs a finished hand")
            r = st.returns()
            return r if a == "changes" else r[self._seat()]
        if k == "auction":
            if a == "worth":
                worth = ex.bid_worth(self._bid())
                if worth is None:
                    raise self._problem("bid", f"{self.params['bid']!r} is not a bid")
                return worth
            if a == "legal":
                if st.is_terminal():
                    raise self._problem("position", "a call can be legal or not only while the hand goes on")
                return st.why_illegal(self._bid()) is None
            if st.phase != "auction":
                raise self._problem("position", f"an auction question needs the auction; the hand is in {st.phase!r}")
            if a == "legal":
                return st.why_illegal(self._bid()) is None
            bids = [act for act in st.legal_actions() if ex.bid_worth(act) is not None]
            if not bids:
                raise self._problem("position", "no bid outranks the standing bid here")
            return str(bids[0])
        if k == "deal":
            g = self.game
            dealer = self._dealer()
            if a == "where":
                targets = g.deal_targets(dealer)
                n = self.params["card"]
                if n > len(targets):
                    raise self._problem("card", f"the pack holds {len(targets)} cards, so card {n} is not in it")
                return targets[n - 1]
            if a == "trumps":
                return len(ex.trumps_in_pack(g, Suit.parse(self.params["trump"])))
            if a == "pack-size":
                return len(g.new_pack())
            targets = g.deal_targets(dealer)
            return targets.count(targets[0])
        # play-it-out
        return [str(step.action) for step in self._best_line() if step.seat in self._side()]

    def _wins(self, st: State, card: Card) -> bool:
        before = len(st.tricks)
        c = st.clone()
        seat = c.actor()
        c.apply_action(_play_of(c, card))
        tricks = c.tricks
        if len(tricks) == before:
            raise self._problem("ask", "'winning' asks the last player of a trick; here the trick goes on after "
                                f"{self.game.names[seat]}")
        return bool(tricks[-1].winner == seat)

    def _seat(self) -> int:
        name = self.params["seat"]
        if name not in self.game.names:
            raise self._problem("seat", f"{name!r} is not a seat: use one of " + ", ".join(self.game.names))
        return self.game.names.index(name)

    def _dealer(self) -> int:
        name = self.position.get("dealer")
        if name is None:
            return 0
        if name not in self.game.names:
            raise self._problem("position.dealer", f"{name!r} is not a seat")
        return self.game.names.index(name)

    def _bid(self) -> Action:
        text = str(self.params["bid"]).strip()
        if text.split()[0].lower() not in ("bid", "pass", "look", "declare", "abandon"):
            text = "bid " + text
        try:
            return self.game.parse_action(text)
        except CardkitError as e:
            raise self._problem("bid", f"not a bid of {self.game.title}: {e}") from None

    def _side(self) -> tuple[int, ...]:
        from ..solver import solve

        return tuple(solve(self.state()).side)

    def _best_line(self) -> list[Any]:
        from ..solver import best_line

        st = self.state()
        if st.phase != "play":
            raise self._problem("position", f"a play-it-out needs the play phase; the hand is in {st.phase!r}")
        return best_line(st)

    def verify(self) -> None:
        """Check that the engine can answer this exercise (the question fits the position; a
        play-it-out's goal can be reached with best play).

        Raises:
            ExerciseError: with the place of the problem.
        """
        self.answer()
        if self.kind == "play" and self.ask == "winning" and not self.answer():
            raise self._problem("ask", "no legal card wins this trick, so 'winning' has no answer")
        if self.kind == "play-it-out":
            from ..solver import solve

            if not solve(self.state()).made:
                raise self._problem("position", "the goal cannot be reached: with best defence the contract fails")
        for choice in self.choices() or []:
            pass

    # ---------------------------------------------------------------- asking

    def choices(self) -> list[Choice] | None:
        """The answer buttons for ``seat`` and ``choice`` questions (``None`` for the others)."""
        with language(self.language):
            g = self.game
            if self.answer_type == "seat":
                st = self.state()
                tricks = st.tricks
                seats = [s for s, _c in tricks[-1].plays] if tricks else list(range(g.players))
                return [Choice(g.names[s], s) for s in sorted(seats)]
            if (self.kind, self.ask) == ("auction", "legal"):
                return [Choice(_("yes, it is legal"), True), Choice(_("no, it is not legal"), False)]
            if (self.kind, self.ask) == ("auction", "cheapest"):
                st = self.state()
                bids = [str(a) for a in st.legal_actions() if ex.bid_worth(a) is not None][:3]
                standing = [str(a) for s, a in st.calls if ex.bid_worth(a) is not None][-1:]
                return [Choice(ex.bid_words(b), b) for b in standing + bids]
            if (self.kind, self.ask) == ("deal", "where"):
                targets = g.deal_targets(self._dealer())
                order = list(dict.fromkeys(targets))
                order.sort(key=lambda t: (t == TALON, targets.index(t)))
                return [Choice(ex.place_name(g, t), t) for t in order]
        return None

    def parse(self, given: Any) -> Any:
        """Read a learner's answer into the shape of :meth:`answer`.

        Accepts card codes (``"KS"``, ``"K♠"``) or :class:`Card` for cards; a seat's name or
        number; a choice's value or label (``"yes"``/``"no"``); numbers as ints or text
        (``"+200"``, ``"−32"``); for ``numbers`` a list (one per seat) or ``{seat name: number}``.

        Raises:
            AnswerError: the answer cannot be read; a friendly message in the exercise's language.
        """
        with language(self.language):
            t = self.answer_type
            g = self.game
            if t == "cards":
                if isinstance(given, str):
                    given = given.split()
                if isinstance(given, Card):
                    given = [given]
                cards = frozenset(_card(x) for x in (given or []))
                if not cards:
                    raise AnswerError(_("pick at least one card first"))
                return cards
            if t == "card":
                if isinstance(given, (list, tuple, set, frozenset)):
                    items = list(given)
                    if len(items) != 1:
                        raise AnswerError(_("pick exactly one card"))
                    given = items[0]
                if given is None or given == "":
                    raise AnswerError(_("pick a card first"))
                return _card(given)
            if t == "seat":
                if isinstance(given, int) and not isinstance(given, bool) and 0 <= given < g.players:
                    return given
                name = str(given or "").strip()
                for s, n in enumerate(g.names):
                    if n.lower() == name.lower():
                        return s
                raise AnswerError(_("pick a seat: one of {names}").format(names=", ".join(g.names)))
            if t == "choice":
                options = self.choices() or []
                if given is None or given == "":
                    raise AnswerError(_("pick one of the answers first"))
                for c in options:
                    if given is c.value or (not isinstance(given, bool) and given == c.value):
                        return c.value
                text = str(given).strip().lower()
                if (self.kind, self.ask) == ("auction", "legal"):
                    if text in _YES:
                        return True
                    if text in _NO:
                        return False
                for c in options:
                    if text in (c.label.lower(), str(c.value).lower()):
                        return c.value
                if (self.kind, self.ask) == ("auction", "cheapest"):
                    try:
                        return str(g.parse_action(text if text.startswith("bid ") else "bid " + text))
                    except CardkitError:
                        raise AnswerError(_("{text!r} is not a bid of this game").format(text=str(given))) from None
                if (self.kind, self.ask) == ("deal", "where") and text in (ex.talon_word(g).lower(), "talon", "kitty"):
                    return TALON
                raise AnswerError(_("pick one of: {choices}").format(choices=", ".join(c.label for c in options)))
            if t == "number":
                if isinstance(given, (list, tuple)) and len(given) == 1:
                    given = given[0]
                return _int(given)
            if t == "numbers":
                if isinstance(given, dict):
                    unknown = [k for k in given if k not in g.names]
                    if unknown:
                        raise AnswerError(_("pick a seat: one of {names}").format(names=", ".join(g.names)))
                    given = [given.get(n, "") for n in g.names]
                if isinstance(given, str):
                    given = given.replace(",", " ").split()
                if not isinstance(given, (list, tuple)) or len(given) != g.players:
                    raise AnswerError(_("give one number per player: {names}").format(names=", ".join(g.names)))
                out = []
                for name, x in zip(g.names, given):
                    try:
                        out.append(_int(x))
                    except AnswerError as e:
                        raise AnswerError(f"{name}: {e}") from None
                return out
            # playout: the learner's actions in order
            if isinstance(given, str):
                given = [given]
            return [str(x) for x in given]

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
                value = self.parse(given)
            except AnswerError as e:
                return Feedback(False, str(e), self.rules)
            ok, lines = self._judge(value)
            return _feedback(ok, lines, self.rules)

    def rule_line(self) -> str:
        """The line naming the rule statements practised, for teachers: ``Rule: 501-play-2``."""
        return _("Rule: {ids}").format(ids=", ".join(self.rules))

    def explanation(self) -> str:
        """The engine's answer and its reasons, in the exercise's language, for "Show answer" at
        any time (nothing answered, a wrong or a right answer): ``"The answer: A♠ 10♠"`` and the
        rule that makes it so (``"must follow ♠: C holds A♠ 10♠ (rule 8 of 501)"``), with no
        verdict on the learner; a play-it-out gives the solver's best line."""
        with language(self.language):
            if self.kind == "play-it-out":
                return "\n".join([_("Best play:"), *self.best_line_text()])
            right = self.answer()
            if self.answer_type == "card":  # the cards that win: the reason of the first
                right = _sorted_cards(self.state(), right)[0]
            ok, lines = self._judge(right)
            assert ok, f"{self.where}: the engine's own answer is judged wrong"
            head = _("The answer: {answer}").format(answer=self.answer_text())
            return _feedback(True, [head, *lines[1:]], self.rules).message

    def hint_text(self) -> str:
        """A hint built by the engine, in the exercise's language, that does not give the answer:
        the teacher's hint from the file when it has one, then what the engine reads in the position
        (the rule that decides which cards may be played, the suit led and the trumps, the hand's
        contract, the standing bid, the dealer of a question about the deal's order; nothing for
        the pack's size or trumps) and the rule to read (``"rule 8 of 501"``)."""
        from ..display import plain_rule, rules_words

        with language(self.language):
            lines = [self.hint] if self.hint else []
            engine = self._engine_hint() if self.kind != "play-it-out" else ""
            if engine:
                lines.append(engine)
            items = rules_items(self.rules)
            text, cited = plain_rule("\n".join(_sentence(line) for line in lines))
            if items and not cited:
                text += "\n" + _("Read {rules} again.").format(rules=rules_words(items))
            return text

    def _engine_hint(self) -> str:
        st = self.state()
        g = self.game
        k, a = self.kind, self.ask
        if k == "play" and a == "legal":
            return self._rule_clause(st) + "."
        if k in ("play", "trick"):
            trick = st.tricks[-1] if k == "trick" else st.view().current_trick
            trumps = _("{suit} are trumps").format(suit=st.trump) if st.trump is not None else _("there are no trumps")
            led = trick.led_suit if trick is not None and trick.plays else None
            if led is None:
                return trumps[:1].upper() + trumps[1:] + "."
            return _("The suit led is {suit}, and {trumps}.").format(suit=led, trumps=trumps)
        if k == "score":
            return _("The hand: {summary}.").format(summary=st.summary(outcome=False))
        if k == "auction":
            standing = [x for _s, x in st.calls if ex.bid_worth(x) is not None][-1:]
            if a == "worth":
                return _("Work out what {bid} is worth from the rule.").format(bid=ex.bid_words(self._bid()))
            if standing:
                return _("The standing bid is {bid}.").format(bid=ex.bid_words(standing[0]))
            return _("Nobody has bid yet.")
        if a in ("pack-size", "trumps"):  # the pack does not depend on who deals: nothing to add
            return ""
        return _("The dealer is {dealer}.").format(dealer=g.names[self._dealer()])

    def _rule_clause(self, st: State) -> str:
        """The rule that decides which cards the player to act may play, without naming the cards:
        ``"C: must follow ♠ [rules.md 501 §8]"`` (the first clause of :meth:`_legal_reason`)."""
        name = self.game.names[st.actor()]
        reason = self._legal_reason(st)
        clause = _first_clause(reason)
        clause = clause if clause.startswith(name) else f"{name}: {clause[:1].lower()}{clause[1:]}"
        return clause + "".join(f" {c}" for c in re.findall(r"\[rules\.md [^\]]+\]", reason) if c not in clause)

    def _legal_reason(self, st: State) -> str:
        """Why the cards the player to act may play are what they are, from the engine: the rule
        message of a card it forbids (``"must follow ♠: C holds A♠ 10♠ [rules.md 501 §8]"``), or,
        when it forbids none, that the player leads or holds no card of the suit led; cites the
        rules.md item of the statements practised (rules.md 501 §8, 500 §7)."""
        seat = st.actor()
        name = self.game.names[seat]
        legal = {x.card for x in st.legal_actions()}
        barred = [c for c in _sorted_cards(st, st.hands[seat]) if c not in legal]
        barred.sort(key=lambda c: c.is_joker)  # a suit card says the rule; the joker's is its own
        if barred:
            play = _play_of(st, barred[0])
            why = _why(st, barred[0])
            # the engine's message names the forbidden play first; the rule is what follows
            head = refusal_head(name, play)
            why = why.removeprefix(head)
            return why[:1].upper() + why[1:]
        items = rules_items(self.rules)
        cite = f" [{items[0]}]" if items else ""
        trick = st.view().current_trick
        if trick is None or not trick.plays:
            return _("{name} leads: any card may be led").format(name=name) + cite
        return _("{name} holds no {suit}, the suit led: nothing forbids any card").format(
            name=name, suit=trick.led_suit) + cite

    def answer_text(self) -> str:
        """The engine's answer in words (``"A +200, B −32, C −20"``, ``"10♥ A♥"``, ``"B"``)."""
        with language(self.language):
            return self._say(self.answer())

    def _say(self, value: Any) -> str:
        g = self.game
        t = self.answer_type
        if t in ("cards", "card"):
            cards = value if isinstance(value, (set, frozenset)) else [value]
            return ex.cards_text(_sorted_cards(self.state(), cards))
        if t == "seat":
            return str(g.names[value])
        if t == "numbers":
            return ex.changes_text(g, value)
        if t == "choice":
            for c in self.choices() or []:
                if c.value == value and not (isinstance(value, bool) != isinstance(c.value, bool)):
                    return c.label
            return ex.place_name(g, value) if isinstance(value, int) and not isinstance(value, bool) else \
                ex.bid_words(str(value))
        if t == "playout":
            return ", ".join(ex.action_words(a) for a in value)
        if self.kind == "score":  # a score change, signed as read aloud: +40, 0, −25
            return ex.signed_change(value)
        return str(value)

    def _judge(self, value: Any) -> tuple[bool, list[str]]:
        """The verdict on ``value`` and its lines. A right answer's lines give the engine's reason;
        a wrong answer's lines say what is wrong with it and point at the rule, never the right
        answer (that stays behind "Show answer", :meth:`explanation`)."""
        k, a = self.kind, self.ask
        st = self.state()
        g = self.game
        right: Any = self.answer() if k != "play-it-out" else None
        if k == "play":
            seat = st.actor()
            name = g.names[seat]
            if a == "legal":
                reason = self._legal_reason(st) + "."
                if value == right:
                    return True, [_("Right: {name} may play {cards}.").format(
                        name=name, cards=ex.cards_text(_sorted_cards(st, right))), reason]
                lines = [_barred(st, c) for c in _sorted_cards(st, value - right)]
                if right - value:
                    lines.append(_("{name} may play more cards than you picked.").format(name=name))
                    if len(lines) == 1:  # no refused card has said the rule yet
                        lines.append(self._rule_clause(st) + ".")
                return False, lines
            card = value
            if card not in {x.card for x in st.legal_actions()}:
                return False, [_barred(st, card)]
            after = st.clone()
            after.apply_action(_play_of(after, card))
            reason = ex.trick_reason(after, after.tricks[-1])
            if card in right:
                return True, [_("Right."), reason + "."]
            return False, [_("With {card}: {reason}.").format(card=card, reason=reason)]
        if k == "trick":
            trick = st.tricks[-1]
            if value == right:
                return True, [_("Right."), ex.trick_reason(st, trick) + "."]
            return False, [ex.trick_miss(st, trick, value) + "."]
        if k == "score":
            if a == "changes":
                ok = list(value) == list(right)
                if ok:
                    return True, [_("Right: {changes}.").format(changes=ex.changes_text(g, right)), *ex.score_lines(st)]
                from ..display import text_of  # "B and C", "B y C"

                wrong = [g.names[s] for s, (x, y) in enumerate(zip(value, right)) if x != y]
                good = [g.names[s] for s, (x, y) in enumerate(zip(value, right)) if x == y]
                lines = [_("Not right for {names}.").format(names=text_of(wrong))]
                if good:
                    lines.append(_("Right for {names}.").format(names=text_of(good)))
                return False, lines
            seat = self._seat()
            if value == right:
                return True, [_("Right: {name} {change}.").format(name=g.names[seat], change=ex.signed_change(right)),
                              *ex.score_lines(st)]
            return False, [_("{given} is not {name}'s change in this hand.").format(
                given=ex.signed_change(value), name=g.names[seat])]
        if k == "auction":
            if a == "legal":
                bid = self._bid()
                seat = st.actor()
                name, phrase = g.names[seat], action_phrase(bid)
                if value != right:
                    return False, [_("Not right: look again at whether {name} may {action} here.").format(
                        name=name, action=phrase), self._engine_hint()]
                why = st.why_illegal(bid)
                if why is None:
                    text = _("{name} may {action} here: it outranks every bid so far").format(name=name, action=phrase)
                else:  # the engine's rule, without its head "A cannot bid misère: "
                    text = _("{name} may not {action} here: {why}").format(
                        name=name, action=phrase, why=why.removeprefix(refusal_head(name, bid)))
                return _verdict(True, text + ".")
            if a == "worth":
                if value != right:
                    return False, [_("{given} is not what {bid} is worth.").format(
                        given=value, bid=ex.bid_words(self._bid()))]
                return _verdict(True, ex.worth_text(self._bid()) + ".")
            cheapest = right
            standing = [str(x) for _s, x in st.calls if ex.bid_worth(x) is not None][-1:]
            since = _("after {bid}").format(bid=ex.bid_words(standing[0])) if standing else _("as the first bid")
            if value == cheapest:
                return True, [_("Right."), _("The cheapest bid {after} is {bid}.").format(
                    after=since, bid=ex.bid_words(cheapest))]
            why = st.why_illegal(value)
            name = g.names[st.actor()]
            if why is not None:  # the engine's rule message, without its head naming the call
                why = _("{name} may not {action} here: {why}").format(
                    name=name, action=action_phrase(value), why=why.removeprefix(refusal_head(name, value))) + "."
            return False, [why if why is not None else _("{bid} is legal, but a cheaper bid also outranks the "
                                                         "standing bid").format(bid=ex.bid_words(value)) + "."]
        if k == "deal":
            from ..display import number_text  # "−1", a true minus, as the hints write it

            dealer = self._dealer()
            if a == "where":
                n = self.params["card"]
                if value != right:
                    return False, [_card_goes(g, n, value, goes=False),
                                   _("The dealer is {dealer}.").format(dealer=g.names[dealer])]
                # the deal only up to card n: the places of later cards answer later questions
                text = _("Dealer {dealer}; the deal goes: {pattern} ({near})").format(
                    dealer=g.names[dealer], pattern=ex.deal_pattern(g, dealer, upto=n),
                    near=ex.numbered_places(g, dealer, n, upto=n))
                return _verdict(True, f"{_card_goes(g, n, right, goes=True)} {text}.")
            if a == "trumps":
                suit = Suit.parse(self.params["trump"])
                if value != right:
                    return False, [ngettext("With {suit} trumps the pack does not hold {given} trump.",
                                            "With {suit} trumps the pack does not hold {given} trumps.",
                                            _count(value)).format(suit=suit, given=number_text(value))]
                trumps = ex.trumps_in_pack(g, suit)
                text = _("With {suit} trumps the pack holds {n} trumps: {cards}").format(
                    suit=suit, n=len(trumps), cards=ex.cards_text(trumps))
                return _verdict(True, text + ".")
            if a == "pack-size":
                if value != right:
                    return False, [ngettext("The {title} pack for {n} players does not hold {given} card.",
                                            "The {title} pack for {n} players does not hold {given} cards.",
                                            _count(value)).format(title=g.title, n=g.players,
                                                                  given=number_text(value))]
                text = _("The {title} pack for {n} players holds {size} cards: {summary}").format(
                    title=g.title, n=g.players, size=right, summary=ex.pack_summary(g))
                return _verdict(True, text + ".")
            if value != right:
                return False, [ngettext("A player is not dealt {given} card.", "A player is not dealt {given} cards.",
                                        _count(value)).format(given=number_text(value))]
            # the counts, not the order of the deal, which later questions ask about
            targets = g.deal_targets(dealer)
            set_aside = targets.count(TALON)
            text = _("Each player is dealt {n} cards and the {talon} gets {k}: {players} × {n} + {k} = {size} "
                     "cards").format(n=right, talon=ex.talon_word(g), k=set_aside, players=g.players,
                                     size=len(targets))
            return _verdict(True, text + ".")
        # play-it-out: play the learner's actions against best defence
        po = PlayOut(self)
        for text in value:
            if po.state.is_terminal():
                break
            fb = po.play(text)
            if fb is not None and not fb.correct and not po.state.is_terminal() and po.illegal:
                return False, [fb.message]
        if not po.state.is_terminal():
            return False, [_("The hand is not over yet: keep playing.")]
        fb = po.result()
        return fb.correct, [fb.message]

    def best_line_text(self) -> list[str]:
        """The solver's best line from the position, one trick per line: ``"A K♠, B 9♠, C J♠"``."""
        st = self.state()
        return _line_text(st, self._best_line())


#: The rules.md item (§ number) of each topic of ``data/rule-statements.csv`` (the id without its
#: number), and of the statements that sit in another item than their topic's.
_ITEM_OF_TOPIC = {"501-context": 1, "501-cards": 3, "501-deal": 4, "501-auction": 5, "501-blind": 6,
                  "501-contract": 7, "501-play": 8, "501-marriage": 9, "501-score": 10, "501-end": 11,
                  "501-example": 12, "500-context": 1, "500-setup": 1, "500-pack": 2, "500-deal": 3,
                  "500-sheet": 10, "500-auction": 4, "500-kitty": 5, "500-trump": 6, "500-play": 7,
                  "500-joker": 8, "500-jnt": 8, "500-score": 10, "500-score-1": 11, "500-score-2": 11,
                  "500-3p": 12, "500-5p": 13, "500-6p": 14}


def rules_items(statements: Iterable[str]) -> list[str]:
    """The rules.md items of rule statement ids, in order, once each.

    >>> rules_items(["501-play-2", "501-play-3", "500-score-1"])
    ['rules.md 501 §8', 'rules.md 500 §11']
    """
    out: list[str] = []
    for sid in statements:
        n = _ITEM_OF_TOPIC.get(sid) or _ITEM_OF_TOPIC.get(sid.rsplit("-", 1)[0])
        item = f"rules.md {sid.split('-')[0]} §{n}" if n else None
        if item and item not in out:
            out.append(item)
    return out


def _verdict(correct: bool, text: str) -> tuple[bool, list[str]]:
    """A verdict's lines: ``"Right."`` before the engine's reason when ``correct``."""
    return correct, ([_("Right."), text] if correct else [text])


def _feedback(correct: bool, lines: Sequence[str], rules: tuple[str, ...]) -> Feedback:
    """Feedback whose lines read as a learner reads them (:func:`cardkit.display.plain_rule`): the
    engine's ``[rules.md 501 §8]`` becomes "(rule 8 of 501)" in the language in use and quoted
    actions are in that language; a wrong answer whose lines cite no rule ends with the rules of
    the statements practised ("Read rule 10 of 501 again."). The rules.md items go to
    :attr:`Feedback.cited`, for a teacher's tooltip."""
    from ..display import plain_rule, rules_words

    text, items = plain_rule("\n".join(_sentence(line) for line in lines))
    cited = items.split("; ") if items else []
    if not cited:
        cited = rules_items(rules)
        if cited:
            words = rules_words(cited)
            text += "\n" + (_("The rule: {rules}.") if correct else _("Read {rules} again.")).format(rules=words)
    return Feedback(correct, text, rules, tuple(cited))


def _line_text(state: State, line: Sequence[Any]) -> list[str]:
    out: list[str] = []
    cur: list[str] = []
    st = state.clone()
    names = st.game.names
    for step in line:
        before = len(st.tricks)
        st.apply_action(step.action)
        card = step.action.card if step.action.card is not None else step.action
        cur.append(f"{names[step.seat]} {card}")
        if len(st.tricks) > before:
            won = st.tricks[-1].winner
            assert won is not None, "a completed trick has its winner"
            out.append(", ".join(cur) + " → " + names[won])
            cur = []
    if cur:
        out.append(", ".join(cur))
    return out


def _card_goes(game: Game, n: int, target: int, *, goes: bool) -> str:
    """Where card ``n`` of the pack goes, or does not, as a sentence: "Card 13 of the pack goes to
    the kitty.", "La carta 4 de la baraja va al talón.", "Card 14 of the pack does not go to B."
    (``target``: a seat or :data:`~cardkit.game.TALON`; rules.md 501 §4, 500 §3)."""
    if target == TALON:
        text = (_("Card {n} of the pack goes to the {talon}.") if goes
                else _("Card {n} of the pack does not go to the {talon}."))
        return text.format(n=n, talon=ex.talon_word(game))
    text = _("Card {n} of the pack goes to {place}.") if goes else _("Card {n} of the pack does not go to {place}.")
    return text.format(n=n, place=game.names[target])


def _first_clause(text: str) -> str:
    """``text`` up to its first ": " that is not inside parentheses: the rule before the cards it
    names (``"must follow ♠: C holds A♠ 10♠"`` gives ``"must follow ♠"``); a colon inside an
    option's words, ``"(leading the joker: a suit nobody has led)"``, does not cut the sentence."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and text.startswith(": ", i):
            return text[:i]
    return text


def _sentence(line: str) -> str:
    """``line`` with its first letter a capital, as a sentence starts ("misère is worth 250" reads
    "Misère is worth 250"); a line starting with a card, a seat or a figure is left as it is."""
    return line[:1].upper() + line[1:] if line[:1].islower() else line


def _why(state: State, card: Card) -> str:
    """The engine's reason ``card`` may not be played now (its rule message)."""
    why = state.why_illegal(_play_of(state, card))
    return why if why is not None else _("{card} is legal").format(card=card)


def _barred(state: State, card: Card) -> str:
    """Why ``card`` may not be played now, as the rule without the cards that may:
    ``"10♦ may not be played: must follow ♠ [rules.md 501 §8]."`` (the engine's rule message, cut
    before the list of the cards held)."""
    why = _why(state, card)
    parts = why.split(": ")
    rule = parts[1] if len(parts) > 2 else parts[-1]
    cites = "".join(f" {c}" for c in re.findall(r"\[rules\.md [^\]]+\]", why) if c not in rule)
    return _("{card} may not be played here: {why}").format(card=card, why=rule + cites) + "."


def _play_of(state: State, card: Card) -> Action:
    """The legal play action of ``card`` (a led joker naming its first allowed suit), or a plain play."""
    for a in state.legal_actions():
        if isinstance(a, Play) and a.card == card and not a.marriage:
            return a
    return state.game.parse_action(f"play {card.code}")


def _sorted_cards(state: State, cards: Iterable[Card]) -> list[Card]:
    """Cards once each, as a hand is held (:func:`cardkit.display.held_order`)."""
    from ..display import held_order

    return held_order(state, set(cards))


def game_name(game: Game) -> str:
    """The game's declared short name (``"501"``, ``"500"``)."""
    return game.name


# ---------------------------------------------------------------- play it out


class PlayOut:
    """A short ending played by the learner against the computer.

    The learner plays every seat of the contracting side (the solver's ``side``); the computer
    plays the others with best play (the solver's first best action). The goal is to make the
    contract; the solver has checked it can be made (:meth:`Exercise.verify`).

    Attributes:
        state: the position now. ``illegal``: whether the last try was refused. ``mistake``:
        the learner's first action after which the contract could no longer be made, or ``None``.
    """

    def __init__(self, exercise: Exercise) -> None:
        from ..solver import solve

        self.exercise = exercise
        self.start = exercise.state()
        sol = solve(self.start)
        self.side: tuple[int, ...] = tuple(sol.side)
        self.reset()

    def reset(self) -> None:
        """Back to the start of the ending."""
        self.state = self.start.clone()
        self.played: list[tuple[int, Action]] = []
        self.mistake: Action | None = None
        self.illegal = False
        self._computer()

    def your_turn(self) -> bool:
        """Whether the learner is to play."""
        return not self.state.is_terminal() and self.state.current_player() in self.side

    def _computer(self) -> None:
        from ..solver import solve

        while not self.state.is_terminal() and self.state.current_player() not in self.side:
            seat = self.state.actor()
            act = solve(self.state).best()[0].action
            self.state.apply_action(act)
            self.played.append((seat, act))

    def play(self, action: Any) -> Feedback | None:
        """Play ``action`` (an action, its text, a card or a card code) for the learner's seat to
        play; then the computer's seats play until the learner's next turn.

        Returns:
            ``None`` while the hand goes on; the result's :class:`Feedback` when it ends; a
            ``correct=False`` feedback with the engine's rule message when the action is illegal
            (nothing changes then) or cannot be read.
        """
        from ..solver import solve

        ex_ = self.exercise
        with language(ex_.language):
            self.illegal = False
            if not self.your_turn():
                return self.result() if self.state.is_terminal() else None
            try:
                if isinstance(action, Card):
                    act = _play_of(self.state, action)
                else:
                    text = str(action).strip()
                    if not text.lower().startswith("play"):
                        act = _play_of(self.state, _card(text))
                    else:
                        act = self.state.game.parse_action(text)
            except (AnswerError, CardkitError) as e:
                self.illegal = True
                return _feedback(False, [str(e)], ex_.rules)
            why = self.state.why_illegal(act)
            if why is not None:
                self.illegal = True
                return _feedback(False, [why], ex_.rules)
            seat = self.state.actor()
            if self.mistake is None:
                after = self.state.clone()
                after.apply_action(act)
                made = after.made() if after.is_terminal() else solve(after).made
                if not made:
                    self.mistake = act
            self.state.apply_action(act)
            self.played.append((seat, act))
            self._computer()
            if self.state.is_terminal():
                return self.result()
            return None

    def result(self) -> Feedback:
        """Whether the goal was reached, with the hand's result, the learner's first losing card
        and the solver's best line from the start."""
        ex_ = self.exercise
        with language(ex_.language):
            made = bool(self.state.made())
            summary = self.state.summary()
            if made:
                return Feedback(True, _("Contract made: {summary}.").format(summary=summary), ex_.rules)
            lines = [_("Contract failed: {summary}.").format(summary=summary)]
            if self.mistake is not None:
                card = self.mistake.card
                lines.append(_("After {action} the contract could no longer be made against best defence.").format(
                    action=str(card) if card is not None else ex.action_words(self.mistake)))
            lines.append(_("Best play:"))
            lines.extend(ex_.best_line_text())
            return _feedback(False, lines, ex_.rules)


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


def data_dir() -> Path:
    """The kit's ``data`` folder: ``$CARDKIT_DATA``, else the first ``data/exercises`` above the
    working folder, else the one beside the package, else ``<prefix>/share/cardkit/data``."""
    env = os.environ.get("CARDKIT_DATA")
    if env:
        return Path(env)
    cwd = Path.cwd()
    for p in [cwd, *cwd.parents]:
        if (p / "data" / "exercises").is_dir():
            return p / "data"
    beside = Path(__file__).resolve().parents[2] / "data"
    if (beside / "exercises").is_dir():
        return beside
    return Path(sys.prefix) / "share" / "cardkit" / "data"


_STATEMENTS: dict[str, str] | None = None


def rule_statements() -> dict[str, str]:
    """``{statement id: game}`` from ``data/rule-statements.csv`` (empty when it cannot be found)."""
    global _STATEMENTS
    if _STATEMENTS is None:
        import csv

        path = data_dir() / "rule-statements.csv"
        out: dict[str, str] = {}
        if path.is_file():
            with path.open(encoding="utf-8") as f:
                for row in csv.DictReader(f):
                    out[row["id"]] = row["game"]
        _STATEMENTS = out
    return _STATEMENTS


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
           "load_file", "lessons", "place", "rule_statements"]
