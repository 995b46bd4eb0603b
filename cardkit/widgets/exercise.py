"""The exercise widget: answer by clicking cards, seats or choices, or by typing a number.

A thin shell over :mod:`cardkit.exercises`: it shows the position the engine rebuilt, collects the
learner's answer and passes it to :meth:`~cardkit.exercises.Exercise.check`; every verdict and
every explanation comes from the engine. Buttons: **Check**, **Hint**, **Show answer**, **Try
again**; a play-it-out is played card by card against the computer. :class:`Practice` shows a
lesson's exercises with a progress line ("4 of 6 right") kept while the page is open; every judged
answer is also recorded in the learner's progress file (:mod:`cardkit.progress`);
:func:`show_exercises` is the one call a notebook makes.

Stable CSS classes for browser tests: ``cardkit-exercise`` (one exercise), ``cardkit-ex-card``
(a card to pick), ``cardkit-ex-choice`` (a seat or choice), ``cardkit-ex-number`` (a number box),
``cardkit-ex-check``, ``cardkit-ex-hint``, ``cardkit-ex-show``, ``cardkit-ex-retry``,
``cardkit-ex-feedback`` (with ``cardkit-ex-right`` / ``cardkit-ex-wrong`` /
``cardkit-ex-malformed`` inside), ``cardkit-ex-hint-text`` (the hint, under the feedback), ``cardkit-ex-progress``, ``cardkit-ex-play`` (a card to play
in a play-it-out). Each exercise box also carries ``cardkit-ex-<kind>``.
"""

from __future__ import annotations

from typing import Any, Callable, Literal, Sequence

import ipywidgets as W

from ..cards import Card
from ..escaping import escape
from ..exercises import AnswerError, Exercise, Feedback, Lesson, PlayOut, find_lesson
from ..exercises import explain as ex
from ..game import State, View
from ..i18n import _, get_language, language
from ..display import held_order, trick_text
from ..progress import Progress, ProgressError, note_refusal, unsaved_html
from ..rulecards import rule_links
from ..svg import cards_svg

#: The exercise widgets' style sheet (one per page: a Practice or the progress page carries it for all).
EXERCISE_CSS = """<style>
.cardkit-exercise {border: 1px solid #ccd; border-radius: 6px; padding: 8px 12px; margin: 10px 0; max-width: 1000px;}
.cardkit-exercise .cardkit-ex-title {font-weight: bold; font-size: 110%;}
.cardkit-exercise .cardkit-ex-prompt {font-size: 110%; margin: 4px 0;}
.cardkit-ex-red {color: #c0152f !important;}
.cardkit-ex-joker {color: #6a1b9a !important;}
.cardkit-legal.cardkit-ex-red, .cardkit-legal.cardkit-ex-joker {color: #fff !important;}
.cardkit-exercise .widget-button.mod-success {background-color: #2e7d32 !important; color: #fff !important;}
.cardkit-ex-picked {outline: 3px solid #b35c00 !important; font-weight: bold !important;
  background-color: #fff3cd !important; color: #000 !important;}
.cardkit-ex-picked.cardkit-ex-red {color: #c0152f !important;}
.cardkit-ex-picked.cardkit-ex-joker {color: #6a1b9a !important;}
.cardkit-ex-feedback .cardkit-ex-right {color: #1b6e20; font-weight: bold;}
.cardkit-ex-feedback .cardkit-ex-wrong {color: #b00020;}
.cardkit-ex-feedback .cardkit-ex-malformed {color: #8a5a00;}
.cardkit-ex-feedback .cardkit-ex-note {color: #333;}
.cardkit-ex-progress {font-weight: bold; font-size: 115%;}
.cardkit-exercise table.cardkit-ex-pos td {padding: 2px 8px; vertical-align: middle;}
</style>"""

def _html(text: str) -> str:
    """Text from a file or the engine, escaped, with its line breaks kept."""
    return escape(text).replace("\n", "<br>")


_LAYOUTS: dict[str, W.Layout] = {}


def _layout(name: str, **kw: str) -> W.Layout:
    """One shared layout per kind of control (fewer widget models in a saved notebook)."""
    if name not in _LAYOUTS:
        _LAYOUTS[name] = W.Layout(**kw)
    return _LAYOUTS[name]


def _card_button(card: Card, css: str) -> W.Button:
    b = W.Button(description=str(card), tooltip=str(card), layout=_layout("card", width="56px"))
    b.add_class(css)
    if card.is_joker:
        b.add_class("cardkit-ex-joker")
    elif card.suit is not None and card.suit.is_red:
        b.add_class("cardkit-ex-red")
    return b


def _row(label: str, html: str) -> str:
    """One row of a position table: a translated label and its (already safe) HTML."""
    return f"<tr><td>{escape(label)}</td><td>{html}</td></tr>"


def _contract_rows(st: State, view: View, names: Sequence[str]) -> list[str]:
    # the contract only: a finished hand's outcome ("made", "failed at trick 4") is what a trick
    # or score question asks, so it is not shown before the answer
    return [_row(_("contract"), escape(st.summary(outcome=False)))]


def _calls_rows(st: State, view: View, names: Sequence[str]) -> list[str]:
    calls = ", ".join(f"{names[s]}: {ex.action_words(a)}" for s, a in view.calls) or _("no call yet")
    rows = [_row(_("calls"), escape(calls))]
    seat = st.current_player()
    if seat is not None:
        rows.append(_row(_("to act"), escape(names[seat])))
    return rows


def _last_trick_rows(st: State, view: View, names: Sequence[str]) -> list[str]:
    cells = "".join(f"<td style='text-align:center'>{cards_svg([c])}<br>{escape(names[s])}</td>"
                    for s, c in st.tricks[-1].plays)
    return [_row(_("trick"), f"<table><tr>{cells}</tr></table>")]


def _score_rows(st: State, view: View, names: Sequence[str]) -> list[str]:
    return [_row(label, escape(text)) for label, text in view.score_rows(names)]


def _current_trick_rows(st: State, view: View, names: Sequence[str]) -> list[str]:
    current = view.current_trick
    if current is None or not current.plays:
        return []
    return [_row(_("trick"), escape(", ".join(f"{names[s]} {c}" for s, c in current.plays)))]


def _hand_rows(st: State, view: View, names: Sequence[str]) -> list[str]:
    seat = st.current_player()
    if seat is None:
        return []
    hand = st.view(seat).hands[seat]
    if isinstance(hand, int):
        return []
    return [_row(names[seat], cards_svg(held_order(st, hand)))]


def _hands_rows(st: State, view: View, names: Sequence[str]) -> list[str]:
    return [_row(names[s], cards_svg(held_order(st, hand))) for s, hand in enumerate(view.hands)
            if not isinstance(hand, int) and hand]


#: The rows of each part of a position a question shows (:attr:`~cardkit.exercises.question.Question.shows`).
_PARTS: dict[str, Callable[[State, View, Sequence[str]], list[str]]] = {
    "contract": _contract_rows, "calls": _calls_rows, "last-trick": _last_trick_rows, "score": _score_rows,
    "current-trick": _current_trick_rows, "hand": _hand_rows, "hands": _hands_rows}


def _position_html(exercise: Exercise) -> str:
    """The position an exercise asks about, as the learner may see it: the parts its question
    shows (the calls, the trick so far, the seat's hand, the finished hand's result, or every
    hand for a play-it-out); nothing for a question on the deal."""
    parts = exercise.question.shows
    if not parts:
        return ""
    st = exercise.state()
    view = st.view(None)
    rows = [row for part in parts for row in _PARTS[part](st, view, exercise.game.names)]
    return f"<table class='cardkit-ex-pos'>{''.join(rows)}</table>"


class ExerciseWidget(W.VBox):
    """One exercise: the prompt, the position, an answer area, Check / Hint / Show answer / Try
    again, and the engine's feedback.

    Args:
        exercise: a :class:`~cardkit.exercises.Exercise`.
        number: its number in the lesson (shown in the title).
        on_result: called with ``(exercise, feedback)`` after every Check (and at the end of a
            play-it-out); :class:`Practice` counts progress with it.
        standalone: whether the widget carries its own style sheet (a :class:`Practice` carries
            one for all its exercises).
        progress: where each judged answer is recorded (:class:`~cardkit.progress.Progress`; by
            default the learner's own file); ``None`` records nothing.

    Attributes:
        picked: the cards or the choice picked so far; ``feedback``: the last :class:`Feedback`;
        ``solved``: whether the exercise was answered right; ``shown``: whether "Show answer" was
        used (a right answer after it is not counted as right by :class:`Practice`).
    """

    def __init__(self, exercise: Exercise, number: int = 1,
                 on_result: Callable[[Exercise, Feedback], None] | None = None, *, standalone: bool = True,
                 progress: Progress | None | Literal["default"] = "default") -> None:
        self.exercise = exercise
        self.progress = Progress() if progress == "default" else progress
        self.standalone = standalone
        self.on_result = on_result
        self.picked: list[Any] = []
        self.feedback: Feedback | None = None
        self.solved = False
        self.shown = False
        self.playout: PlayOut | None = None
        with language(exercise.language):
            self._build(number)
        super().__init__(children=self._children)
        self.add_class("cardkit-exercise")
        self.add_class(f"cardkit-ex-{exercise.kind}")

    # ------------------------------------------------------------ building

    def _build(self, number: int) -> None:
        e = self.exercise
        heading = escape(_(e.question.title))
        css = EXERCISE_CSS if self.standalone else ""
        title = W.HTML(f"{css}<div class='cardkit-ex-title'>{number}. {heading}</div>"
                       f"<div class='cardkit-ex-prompt'>{escape(e.prompt)}</div>")
        self.position = W.HTML(_position_html(e))
        self.answer_box = W.HBox(layout=_layout("wrap", flex_flow="row wrap"))
        self.inputs: list[W.Text] = []
        self.buttons: list[W.Button] = []
        self.check_button = self._action(_("Check"), "cardkit-ex-check", self._on_check, "primary")
        self.hint_button = self._action(_("Hint"), "cardkit-ex-hint", self._on_hint)
        self.show_button = self._action(_("Show answer"), "cardkit-ex-show", self._on_show)
        self.retry_button = self._action(_("Try again"), "cardkit-ex-retry", self._on_retry)
        self.output = W.HTML("")
        self.output.add_class("cardkit-ex-feedback")
        self.hint_output = W.HTML("")
        self.hint_output.add_class("cardkit-ex-hint-text")
        self._fill_answer_box()
        controls = [self.check_button, self.hint_button, self.show_button, self.retry_button]
        if e.answer_type == "playout":
            controls.remove(self.check_button)
        self._children = [title, self.position, self.answer_box, W.HBox(controls), self.output, self.hint_output]

    def _action(self, label: str, css: str, handler: Callable[[Any], None], style: str = "") -> W.Button:
        b = W.Button(description=label, tooltip=label, button_style=style)
        b.add_class(css)
        b.on_click(handler)
        return b

    def _fill_answer_box(self) -> None:
        e = self.exercise
        t = e.answer_type
        self.buttons = []
        self.inputs = []
        if t in ("cards", "card"):
            st = e.state()
            seat = st.current_player()
            hand = st.hands[seat] if seat is not None else []
            for card in dict.fromkeys(held_order(st, hand)):
                b = _card_button(card, "cardkit-ex-card")
                b.on_click(lambda _b, c=card, btn=b: self._pick(c, btn, many=(t == "cards")))
                self.buttons.append(b)
            self.answer_box.children = tuple(self.buttons)
        elif t in ("seat", "choice"):
            for choice in e.choices() or []:
                b = W.Button(description=choice.label, tooltip=choice.label,
                             layout=_layout("choice", width="auto", min_width="56px"))
                b.add_class("cardkit-ex-choice")
                b.on_click(lambda _b, v=choice.value, btn=b: self._pick(v, btn, many=False))
                self.buttons.append(b)
            self.answer_box.children = tuple(self.buttons)
        elif t == "number":
            box = W.Text(placeholder=_("a whole number"), layout=_layout("number", width="160px"))
            box.add_class("cardkit-ex-number")
            self.inputs = [box]
            self.answer_box.children = (box,)
        elif t == "numbers":
            for name in e.game.names:
                box = W.Text(description=name, placeholder="±", layout=_layout("number", width="160px"),
                             style={"description_width": "30px"})
                box.add_class("cardkit-ex-number")
                self.inputs.append(box)
            self.answer_box.children = tuple(self.inputs)
        else:  # play it out
            if self.playout is None:
                self.playout = PlayOut(e)
            self._show_playout()

    # ------------------------------------------------------------ answering

    def _pick(self, value: Any, button: W.Button, *, many: bool) -> None:
        if many:
            if value in self.picked:
                self.picked.remove(value)
                button.remove_class("cardkit-ex-picked")
                button.button_style = ""
            else:
                self.picked.append(value)
                button.add_class("cardkit-ex-picked")
                button.button_style = "info"
            return
        self._clear_picks()
        self.picked = [value]
        button.add_class("cardkit-ex-picked")
        button.button_style = "info"

    def given(self) -> Any:
        """The learner's answer as the widget holds it (cards, a choice, the boxes' texts)."""
        t = self.exercise.answer_type
        if t == "cards":
            return list(self.picked)
        if t in ("card", "seat", "choice"):
            return self.picked[0] if self.picked else None
        if t == "number":
            return self.inputs[0].value
        if t == "numbers":
            return [box.value for box in self.inputs]
        return None

    def _say(self, css: str, text: str, extra: str = "") -> None:
        """Show ``text`` (plain words for the learner), each rule it names a link that opens the
        rule's card under it (:func:`cardkit.rulecards.rule_links`)."""
        html, cards = rule_links(text)
        self.output.value = f"<div class='{css}'>{html}</div>{cards}{extra}"

    def _on_check(self, _b: Any = None) -> None:
        e = self.exercise
        with language(e.language):
            try:
                e.parse(self.given())
            except AnswerError as err:
                self._say("cardkit-ex-malformed", _("Not quite an answer yet: {why}").format(why=err))
                return
            fb = e.check(self.given())
            self.feedback = fb
            if fb.correct:
                self.solved = True
                self.hint_output.value = ""  # the hint and its "Read rule … again" have done their work
                self._say("cardkit-ex-right", fb.message)
            else:
                note = _html(_("Try again, or ask for a hint."))
                self._say("cardkit-ex-wrong", fb.message, f"<div class='cardkit-ex-note'>{note}</div>")
            self._remember(fb)
        if self.on_result is not None:
            self.on_result(e, fb)

    def _remember(self, fb: Feedback) -> None:
        """Record a judged answer in the learner's progress (a right one only when the answer was
        not shown first); a file that cannot be written is said under the feedback."""
        if self.progress is None or (fb.correct and self.shown):
            return
        try:
            self.progress.record_exercise(self.exercise, fb.correct)
        except (ProgressError, OSError) as err:
            self.output.value += unsaved_html(str(err))

    def _on_hint(self, _b: Any = None) -> None:
        """Show the engine's hint (:meth:`~cardkit.exercises.Exercise.hint_text`) under the last
        feedback, which stays visible."""
        e = self.exercise
        with language(e.language):
            html, cards = rule_links(_("Hint: {hint}").format(hint=e.hint_text()))
            self.hint_output.value = f"<div class='cardkit-ex-note'>{html}</div>{cards}"

    def _on_show(self, _b: Any = None) -> None:
        """Show the engine's answer and its reasons ("The answer: …"), whatever was answered
        before (nothing, a wrong or a right answer). The learner's picks are cleared, so no wrong
        card or seat stays highlighted beside the answer; from now on a right Check does not count
        in :class:`Practice`'s progress (:attr:`shown`)."""
        e = self.exercise
        with language(e.language):
            self.shown = True
            self._clear_picks()
            self._say("cardkit-ex-note", e.explanation())

    def _clear_picks(self) -> None:
        """Forget the cards or the choice picked, and take their highlight off."""
        self.picked = []
        for b in self.buttons:
            b.remove_class("cardkit-ex-picked")
            b.button_style = ""

    def _on_retry(self, _b: Any = None) -> None:
        self._clear_picks()
        for box in self.inputs:
            box.value = ""
        self.output.value = ""
        self.hint_output.value = ""
        if self.playout is not None:
            self.playout.reset()
            self._show_playout()

    # ------------------------------------------------------------ playing it out

    def _show_playout(self) -> None:
        po = self.playout
        assert po is not None
        e = self.exercise
        with language(e.language):
            st = po.state
            view = st.view(None)
            names = e.game.names
            rows = []
            for s, hand in enumerate(view.hands):
                if isinstance(hand, int) or not hand:
                    continue
                # the seats the learner plays (the contracting side), said in words
                who = escape(_("{name} (you)").format(name=names[s]) if s in po.side else names[s])
                rows.append(f"<tr><td>{who}</td><td>{cards_svg(held_order(st, hand))}</td></tr>")
            trick = view.current_trick
            if trick is not None and trick.plays:
                rows.append(_row(_("trick"), escape(trick_text(trick, names))))
            # the ending's finished tricks, one a line, each with who won it
            done = st.tricks[len(po.start.tricks):]
            if done:
                rows.append(_row(_("played"), "<br>".join(escape(trick_text(t, names)) for t in done)))
            rows.append(_row(_("contract"), escape(st.summary())))
            needed = st.needed_words(po.side[0] if po.side else None)  # after each trick
            if needed is not None:
                rows.append(_row(_("to make"), escape(needed)))
            self.position.value = f"<table class='cardkit-ex-pos'>{''.join(rows)}</table>"
            self.buttons = []
            if po.your_turn():
                seat = st.current_player()
                assert seat is not None
                label = W.HTML(escape(_("{name} to play:").format(name=names[seat])))
                # the cards that may be played are green, as on every table (cardkit-legal)
                legal = {a.card for a in st.legal_actions() if a.card is not None}
                for card in dict.fromkeys(held_order(st, st.hands[seat])):
                    b = _card_button(card, "cardkit-ex-play")
                    if card in legal:
                        b.button_style = "success"
                        b.add_class("cardkit-legal")
                    b.on_click(lambda _b, c=card: self.play(c))
                    self.buttons.append(b)
                self.answer_box.children = (label, *self.buttons)
            else:
                self.answer_box.children = ()

    def play(self, card: Card | str) -> Feedback | None:
        """Play a card for the learner's seat to play (a play-it-out), as a click does."""
        po = self.playout
        assert po is not None
        e = self.exercise
        fb = po.play(card)
        with language(e.language):
            if not po.illegal:
                self.hint_output.value = ""  # a hint is about the position it was asked at
            if fb is None:
                self.output.value = ""
            elif po.illegal:
                self._say("cardkit-ex-wrong", fb.message)
                if self.progress is not None and fb.cited:
                    self.output.value += unsaved_html(note_refusal(fb.cited[0], progress=self.progress))
            else:
                self.feedback = fb
                if fb.correct:
                    self.solved = True
                    self._say("cardkit-ex-right", fb.message)
                else:
                    note = _html(_("Try again: the ending starts over."))
                    self._say("cardkit-ex-wrong", fb.message, f"<div class='cardkit-ex-note'>{note}</div>")
                self._remember(fb)
                if self.on_result is not None:
                    self.on_result(e, fb)
            self._show_playout()
        return fb


class Practice(W.VBox):
    """A lesson's exercises, each an :class:`ExerciseWidget`, under a progress line
    ("4 of 6 right") kept while the page is open.

    Args:
        lesson: a :class:`~cardkit.exercises.Lesson`.
        progress: where each judged answer is recorded (see :class:`ExerciseWidget`).
    """

    def __init__(self, lesson: Lesson, progress: Progress | None | Literal["default"] = "default") -> None:
        self.lesson = lesson
        self.right: set[str] = set()
        self.progress = W.HTML("")
        self.progress.add_class("cardkit-ex-progress")
        store = Progress() if progress == "default" else progress
        self.widgets = [ExerciseWidget(e, i, on_result=self._result, standalone=False, progress=store)
                        for i, e in enumerate(lesson.exercises, 1)]
        self._update()
        super().__init__(children=[W.HTML(EXERCISE_CSS), self.progress, *self.widgets])
        self.add_class("cardkit-practice")

    def __repr__(self) -> str:
        return f"<Practice {self.lesson.lesson} ({self.lesson.language}): {len(self.lesson.exercises)} exercises>"

    def _result(self, exercise: Exercise, feedback: Feedback) -> None:
        """Count ``exercise`` right after a right answer, unless its answer was shown first."""
        shown = any(w.shown for w in self.widgets if w.exercise is exercise)
        if feedback.correct and not shown:
            self.right.add(exercise.id)
        self._update()

    def _update(self) -> None:
        with language(self.lesson.language):
            n = len(self.lesson.exercises)
            self.progress.value = escape(_("{title}: {right} of {n} right").format(
                title=self.lesson.title, right=len(self.right), n=n))


def show_exercises(lesson: str, lang: str | None = None) -> Practice:
    """The exercises of ``lesson`` (``"501/04"``) in ``lang`` (default: the language in use,
    ``cardkit.i18n.set_language``), as a :class:`Practice` widget.

    Raises:
        CardkitError: no such lesson in that language.
    """
    return Practice(find_lesson(lesson, lang or get_language()))


__all__ = ["ExerciseWidget", "Practice", "show_exercises"]
