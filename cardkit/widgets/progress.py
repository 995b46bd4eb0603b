"""The "My progress" page: every rule of both games with its state, the review for today, a reset.

:class:`ProgressPage` reads the learner's progress file (:mod:`cardkit.progress`) and shows

- a sentence counting the answers and refused plays recorded, and the rules in each state;
- a table (pandas) of every rule of 501♠ and Five Hundred: its number, what it is about, its
  state (new, practised, mastered, to review), the right answers and the mistakes;
- the exercises to review today (:meth:`~cardkit.progress.Progress.review_today`), each answered
  here like in a lesson and recorded too; the table follows each answer;
- **Refresh** (after answering in another page) and **Forget my progress**, which asks first.

Stable CSS classes for browser tests: ``cardkit-progress``, ``cardkit-progress-summary``,
``cardkit-progress-rules`` (the table; each state cell ``cardkit-state-<state>``),
``cardkit-progress-review``, ``cardkit-progress-refresh``, ``cardkit-progress-reset``,
``cardkit-progress-confirm``, ``cardkit-progress-keep``.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import ipywidgets as W
import pandas as pd

from ..display import rule_words
from ..rulecards import RULE_CARD_CSS, link_rules
from ..escaping import escape
from ..exercises import Exercise, Feedback
from ..i18n import _, get_language, language, ngettext
from ..progress import STATES, Progress, ProgressError, RuleState, rule_about, state_words
from .exercise import EXERCISE_CSS, ExerciseWidget

__all__ = ["ProgressPage", "rules_frame", "show_progress"]

_PAGE_CSS = """<style>
.cardkit-progress-rules table {border-collapse: collapse; margin: 6px 0;}
.cardkit-progress-rules th, .cardkit-progress-rules td {padding: 2px 10px; border-bottom: 1px solid #dde;
  text-align: left;}
.cardkit-progress-rules .cardkit-state-mastered {color: #1b6e20; font-weight: bold;}
.cardkit-progress-rules .cardkit-state-practised {color: #0b5394;}
.cardkit-progress-rules .cardkit-state-to-review {color: #b00020; font-weight: bold;}
.cardkit-progress-rules .cardkit-state-new {color: #555;}
.cardkit-progress-summary {font-size: 110%; margin: 4px 0;}
.cardkit-unsaved {color: #8a5a00;}
</style>"""


def rules_frame(states: dict[tuple[str, int], RuleState]) -> pd.DataFrame:
    """Every rule of :func:`~cardkit.progress.all_rules` as a learner reads it, in the language in
    use: the rule ("rule 8 of 501"), what it is about, its state, the right answers and
    the mistakes (refused plays included)."""
    rows = [{_("Rule"): rule_words(f"rules.md {rs.game} §{rs.item}"),
             _("About"): rule_about(rs.game, rs.item), _("State"): state_words(rs.state),
             _("Right answers"): rs.right, _("Mistakes"): rs.wrong}
            for rs in states.values() if rule_about(rs.game, rs.item)]
    return pd.DataFrame(rows)


def _table_html(states: dict[tuple[str, int], RuleState]) -> str:
    df = rules_frame(states)
    classes = pd.DataFrame("", index=df.index, columns=df.columns)
    # one class per state cell, for its colour and for browser tests
    classes[_("State")] = [f"cardkit-state-{rs.state.replace(' ', '-')}" for rs in states.values()
                           if rule_about(rs.game, rs.item)]
    styler = df.style.hide(axis="index").set_uuid("progress").format(escape="html").set_td_classes(classes)
    # each rule's name opens its card in plain words, under the table
    html, cards = link_rules(str(styler.to_html()))
    return html + (RULE_CARD_CSS + cards if cards else "")


def summary_words(progress: Progress, states: dict[tuple[str, int], RuleState]) -> str:
    """The page's first sentences: the answers and refused plays recorded, the rules in each state."""
    events = progress.events()
    answers = [e for e in events if e.kind == "answer"]
    refused = len(events) - len(answers)
    count = {s: sum(1 for rs in states.values() if rs.state == s and rule_about(rs.game, rs.item)) for s in STATES}
    if not events:
        head = _("Nothing recorded yet: answer the exercises of the lessons, and each answer is kept here.")
    else:
        right = sum(1 for e in answers if e.correct)
        head = ngettext("{n} answer recorded, {right} of them right", "{n} answers recorded, {right} of them right",
                        len(answers)).format(n=len(answers), right=right)
        head += "; " + ngettext("{k} play refused.", "{k} plays refused.", refused).format(k=refused)
    rules = _("Rules: {mastered} mastered, {practised} practised, {review} to review, {new} new.").format(
        mastered=count["mastered"], practised=count["practised"], review=count["to review"], new=count["new"])
    return f"{head} {rules}"


class ProgressPage(W.VBox):
    """The learner's progress: a summary, every rule's state, today's review, reset.

    Args:
        lang: the page's language (default: the language in use).
        progress: the file (default: the learner's own, :class:`~cardkit.progress.Progress`).
        n: how many exercises to review today, at most. seed / today: fix the review's draw and
            the day (tests; by default the learner and today).
    """

    def __init__(self, lang: str | None = None, progress: Progress | None = None, n: int = 5,
                 seed: int | str | None = None, today: date | None = None) -> None:
        self.lang = lang or get_language()
        self.progress = progress or Progress()
        self.n, self.seed, self.today = n, seed, today
        self.summary = W.HTML("")
        self.summary.add_class("cardkit-progress-summary")
        self.table = W.HTML("")
        self.table.add_class("cardkit-progress-rules")
        self.review = W.VBox()
        self.review.add_class("cardkit-progress-review")
        self.exercises: list[ExerciseWidget] = []
        with language(self.lang):
            heading = _("Review today")
            self.review_head = W.HTML(f"<h3>{escape(heading)}</h3>")
            self.refresh_button = self._button(_("Refresh"), "cardkit-progress-refresh", lambda _b: self.refresh())
            self.reset_button = self._button(_("Forget my progress"), "cardkit-progress-reset",
                                             lambda _b: self._ask_reset(), "danger")
            self.confirm_button = self._button(_("Yes, forget every answer"), "cardkit-progress-confirm",
                                               lambda _b: self.reset(), "danger")
            self.keep_button = self._button(_("No, keep it"), "cardkit-progress-keep", lambda _b: self._keep())
            self.question = W.HTML("")
        self.confirm_row = W.HBox([self.question, self.confirm_button, self.keep_button])
        self.confirm_row.layout.display = "none"
        super().__init__(children=[W.HTML(EXERCISE_CSS + _PAGE_CSS), self.summary, self.table,
                                   W.HBox([self.refresh_button, self.reset_button]), self.confirm_row,
                                   self.review_head, self.review])
        self.add_class("cardkit-progress")
        self.refresh(review=True)

    def __repr__(self) -> str:
        return f"<ProgressPage ({self.lang})>"

    @staticmethod
    def _button(label: str, css: str, handler: Any, style: str = "") -> W.Button:
        b = W.Button(description=label, tooltip=label, button_style=style, layout=W.Layout(width="auto"))
        b.add_class(css)
        b.on_click(handler)
        return b

    def refresh(self, review: bool = False) -> None:
        """Read the file again: the summary and the table (and, with ``review``, today's exercises)."""
        with language(self.lang):
            try:
                states = self.progress.states(self.today)
                self.summary.value = escape(summary_words(self.progress, states))
                self.table.value = _table_html(states)
                if review:
                    self._fill_review()
            except ProgressError as err:
                self.summary.value = f"<div class='cardkit-unsaved'>{escape(str(err))}</div>"
                self.table.value = ""

    def _fill_review(self) -> None:
        picked = self.progress.review_today(self.lang, self.n, self.seed, self.today)
        self.exercises = [ExerciseWidget(e, i, on_result=self._answered, standalone=False, progress=self.progress)
                          for i, e in enumerate(picked, 1)]
        if picked:
            words = ngettext("{n} exercise on the rules due today: answer it here.",
                             "{n} exercises on the rules due today: answer them here.",
                             len(picked)).format(n=len(picked))
        elif self.progress.events():
            words = _("Nothing to review today: every rule practised is fresh.")
        else:
            words = _("Nothing to review yet: the rules you practise come back here when they are due.")
        self.review.children = (W.HTML(escape(words)), *self.exercises)

    def _answered(self, exercise: Exercise, feedback: Feedback) -> None:
        self.refresh()

    def _ask_reset(self) -> None:
        with language(self.lang):
            self.question.value = escape(_("This forgets every answer recorded here. Sure?"))
        self.confirm_row.layout.display = "flex"

    def _keep(self) -> None:
        self.confirm_row.layout.display = "none"

    def reset(self) -> None:
        """Forget the learner's progress (after the confirmation) and show the empty page."""
        self.progress.reset()
        self.confirm_row.layout.display = "none"
        self.refresh(review=True)


def show_progress(lang: str | None = None) -> ProgressPage:
    """The "My progress" page in ``lang`` (default: the language in use), read from the learner's file."""
    return ProgressPage(lang)
