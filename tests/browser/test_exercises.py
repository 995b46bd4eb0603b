"""The exercise widget in classroom mode (Voila, the kit's template), in a real browser.

Voila serves ``tests/browser/exercise_kinds.ipynb``: the first 501♠ exercise of each kind (deal,
trick, auction, score, play, play-it-out) in the language of ``CARDKIT_LANG``, English then
Spanish. Headless Chromium answers each one wrong and then right by clicking cards, seats and
choices and typing numbers, as a learner would; the page must show the engine's feedback (naming
the rule when wrong), the progress line must count the right answers (not one checked after "Show
answer", which also takes the picked cards off), and a text in a number box
must get a friendly message. The answers are computed here by the engine, never written down.
A picture of the widget at 1280×720 is saved as ``build/screenshots/exercise_widget_<lang>.png``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import REPO, page_errors, screenshot, voila_argv, wait_for_voila, wait_until

pytestmark = pytest.mark.browser

NOTEBOOK = REPO / "tests" / "browser" / "exercise_kinds.ipynb"


def _exercises(lang: str) -> dict[str, Any]:
    from cardkit.exercises import lessons

    first: dict[str, Any] = {}
    for lesson in lessons():
        if lesson.language == lang and lesson.lesson.startswith("501/"):
            for e in lesson:
                first.setdefault(e.kind, e)
    return first


def _words(lang: str) -> dict[str, str]:
    from cardkit import i18n

    with i18n.language(lang):
        return {"check": i18n._("Check"), "retry": i18n._("Try again"), "rule": i18n._("rule {n} of {game}").split(" {n}")[0],
                "right": i18n._("{title}: {right} of {n} right"), "hint": i18n._("Hint"),
                "show": i18n._("Show answer"), "answer": i18n._("The answer: {answer}").split(":")[0]}


def _feedback(box: Any, css: str) -> str:
    fb = box.locator(f".cardkit-ex-feedback .{css}")
    fb.wait_for(state="visible", timeout=30_000)
    return str(fb.inner_text())


def _opens_its_rule(box: Any) -> str:
    """Click the feedback's first rule link: its card shows (no internal id in it nor in any
    tooltip); a second click hides it. Returns the card's text."""
    link = box.locator(".cardkit-ex-feedback .cardkit-rule-link").first
    card = box.locator(f".cardkit-ex-feedback .cardkit-rule-card[data-rule='{link.get_attribute('data-rule')}']")
    assert card.is_hidden()
    link.click()
    card.wait_for(state="visible", timeout=10_000)
    text = str(card.inner_text())
    titles = box.locator(".cardkit-ex-feedback [title]").evaluate_all("els => els.map(e => e.title).join(' ')")
    assert text and "rules.md" not in text + titles and "§" not in titles
    link.click()
    card.wait_for(state="hidden", timeout=10_000)
    return text


def _click(box: Any, css: str, text: str) -> None:
    box.locator(f".{css}", has_text=text).first.click()


def _pick(box: Any, e: Any, value: Any) -> None:
    """Give ``value`` (in the shape of ``e.answer()``) through the widget's own controls."""
    t = e.answer_type
    if t == "cards":
        for card in sorted(value, key=lambda c: c.code):
            box.locator(".cardkit-ex-card").get_by_text(str(card), exact=True).click()
    elif t in ("seat", "choice"):
        label = next(c.label for c in e.choices() if c.value == value
                     and isinstance(c.value, bool) == isinstance(value, bool))
        box.locator(".cardkit-ex-choice").get_by_text(label, exact=True).click()
    elif t == "number":
        box.locator(".cardkit-ex-number input").fill(str(value))
    elif t == "numbers":
        inputs = box.locator(".cardkit-ex-number input")
        for i, v in enumerate(value):
            inputs.nth(i).fill(str(v))


def _wrong(e: Any) -> Any:
    right = e.answer()
    t = e.answer_type
    if t == "cards":
        hand = set(e.state().hands[e.state().current_player()])
        return right | {sorted(hand - right, key=lambda c: c.code)[0]}
    if t in ("seat", "choice"):
        return next(c.value for c in e.choices() if c.value != right)
    if t == "number":
        return right + 10
    return [right[0] + 10, *right[1:]]


def _learner_cards(e: Any, losing: bool) -> list[str]:
    """The learner's cards of a play-it-out: the solver's best line, or a line that starts with a
    card after which the contract can no longer be made (then the first legal card each turn)."""
    from cardkit.exercises import PlayOut
    from cardkit.solver import solve

    if not losing:
        return [a.split()[1] for a in e.answer()]
    po = PlayOut(e)
    out = []
    first = True
    while po.your_turn():
        if first:
            act = next(v.action for v in solve(po.state).values if not _made_after(po.state, v.action))
            first = False
        else:
            act = po.state.legal_actions()[0]
        out.append(str(act.card))
        po.play(act)
    return out


def _made_after(state: Any, action: Any) -> bool:
    from cardkit.solver import solve

    s = state.clone()
    s.apply_action(action)
    return bool(s.made() if s.is_terminal() else solve(s).made)


def _play_out(page: Any, box: Any, cards: list[str]) -> None:
    for k, card in enumerate(cards):
        buttons = box.locator(".cardkit-ex-play")
        wait_until(page, lambda: buttons.get_by_text(card, exact=True).count() == 1, 30_000)
        before = box.locator(".cardkit-ex-pos").inner_text()
        buttons.get_by_text(card, exact=True).click()
        wait_until(page, lambda: box.locator(".cardkit-ex-pos").inner_text() != before, 30_000)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_kind_right_and_wrong_in_classroom_mode(serve, page, lang: str) -> None:
    exercises = _exercises(lang)
    assert set(exercises) == {"deal", "trick", "auction", "score", "play", "play-it-out"}
    w = _words(lang)
    server = serve(lambda port: voila_argv(str(NOTEBOOK), port), env={"CARDKIT_LANG": lang})
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(server.url)
    wait_for_voila(page)
    assert page_errors(page) == [], server.log_tail()
    progress = page.locator(".cardkit-ex-progress")
    n = len(exercises)
    assert w["right"].format(title="501♠", right=0, n=n) in progress.inner_text()
    assert page.locator(".cardkit-exercise").count() == n

    # a malformed number: a friendly message, not a traceback, and nothing counted
    deal = page.locator(".cardkit-exercise.cardkit-ex-deal")
    deal.locator(".cardkit-ex-number input").fill("twenty" if lang == "en" else "veinte")
    _click(deal, "cardkit-ex-check", w["check"])
    message = _feedback(deal, "cardkit-ex-malformed")
    assert "Traceback" not in message and ("whole number" in message or "número entero" in message)

    right_count = 0
    for kind, e in exercises.items():
        box = page.locator(f".cardkit-exercise.cardkit-ex-{kind}")
        box.scroll_into_view_if_needed()
        if kind == "play-it-out":
            _play_out(page, box, _learner_cards(e, losing=True))
            text = _feedback(box, "cardkit-ex-wrong")
            assert w["rule"] in text and "[rules.md" not in text
            _opens_its_rule(box)  # the rule named opens in plain words
            if lang == "en":
                screenshot(page, f"exercise_play_it_out_{lang}")
            _click(box, "cardkit-ex-retry", w["retry"])
            wait_until(page, lambda: box.locator(".cardkit-ex-feedback").inner_text().strip() == "", 30_000)
            _play_out(page, box, _learner_cards(e, losing=False))
            _feedback(box, "cardkit-ex-right")
        else:
            _click(box, "cardkit-ex-retry", w["retry"])
            _pick(box, e, _wrong(e))
            _click(box, "cardkit-ex-check", w["check"])
            text = _feedback(box, "cardkit-ex-wrong")
            assert w["rule"] in text and "[rules.md" not in text, text
            assert all(r not in _opens_its_rule(box) for r in e.rules)  # the rule in words, never its ids
            if kind == "play":
                # the hint comes under the wrong answer's feedback, which stays; Show answer gives
                # the engine's answer and its rule, never a verdict
                _click(box, "cardkit-ex-hint", w["hint"])
                hint = box.locator(".cardkit-ex-hint-text")
                wait_until(page, lambda: w["rule"] in hint.inner_text(), 30_000)
                assert w["rule"] in _feedback(box, "cardkit-ex-wrong")
                box.scroll_into_view_if_needed()
                screenshot(page, f"exercise_widget_{lang}")
                _click(box, "cardkit-ex-show", w["show"])
                wait_until(page, lambda: w["answer"] in box.locator(".cardkit-ex-feedback").inner_text(), 30_000)
                # the wrong cards picked are no longer highlighted beside the answer
                wait_until(page, lambda: box.locator(".cardkit-ex-picked").count() == 0, 30_000)
            _click(box, "cardkit-ex-retry", w["retry"])
            _pick(box, e, e.answer())
            _click(box, "cardkit-ex-check", w["check"])
            _feedback(box, "cardkit-ex-right")
        if kind != "play":  # an answer checked after "Show answer" is not counted right
            right_count += 1
        expected = w["right"].format(title="501♠", right=right_count, n=n)
        wait_until(page, lambda: expected in progress.inner_text(), 30_000)
        assert expected in progress.inner_text()
    assert page.recorded.errors == []
    assert page.recorded.foreign_hosts() == []
