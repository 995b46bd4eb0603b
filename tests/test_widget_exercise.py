"""The exercise widget (cardkit.widgets.exercise), driven by click() as a learner would.

Each kind of answer is given right and wrong through the widget's own buttons and boxes; the
progress line counts the right ones; a malformed answer gets a friendly message and counts
nothing; Spanish lessons speak Spanish; a play-it-out is played to its end both ways.
"""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from cardkit.exercises import lessons  # noqa: E402
from cardkit.solver import solve  # noqa: E402
from cardkit.widgets.exercise import ExerciseWidget, Practice, show_exercises  # noqa: E402


def _read(w: ExerciseWidget, hint: bool = False) -> str:
    """What the feedback (or the hint) reads: its sentences without tags, the rule cards after them
    left out."""
    html = (w.hint_output if hint else w.output).value
    return re.sub(r"<[^>]+>", "", html.split("<style>")[0]).replace("&#x27;", "'")


def _widget(lesson: str, ex_id: str, lang: str = "en") -> tuple[Practice, ExerciseWidget]:
    p = show_exercises(lesson, lang)
    w = next(w for w in p.widgets if w.exercise.id == ex_id)
    return p, w


def _click_value(w: ExerciseWidget, value) -> None:
    """Click the button of a card or a choice whose value is ``value``."""
    e = w.exercise
    if e.answer_type in ("cards", "card"):
        next(b for b in w.buttons if b.description == str(value)).click()
    else:
        labels = {c.label: c.value for c in e.choices()}
        next(b for b in w.buttons if labels[b.description] == value
             and isinstance(labels[b.description], bool) == isinstance(value, bool)).click()


def _answer(w: ExerciseWidget, value) -> None:
    t = w.exercise.answer_type
    if t == "cards":
        for c in sorted(value, key=lambda c: c.code):
            _click_value(w, c)
    elif t in ("card", "seat", "choice"):
        _click_value(w, value)
    elif t == "number":
        w.inputs[0].value = str(value)
    elif t == "numbers":
        for box, v in zip(w.inputs, value):
            box.value = str(v)
    w.check_button.click()


def test_every_kind_right_and_wrong_by_clicks() -> None:
    seen = set()
    for lesson in lessons():
        if lesson.language != "en":
            continue
        p = Practice(lesson)
        for w in p.widgets:
            e = w.exercise
            if e.answer_type == "playout" or e.answer_type in seen:
                continue
            seen.add(e.answer_type)
            right = e.answer()
            wrong = {"cards": lambda: set(list(right)[1:]) or set(),
                     "card": lambda: next(iter({a.card for a in e.state().legal_actions()} - right), None),
                     "seat": lambda: next(c.value for c in e.choices() if c.value != right),
                     "choice": lambda: next(c.value for c in e.choices() if c.value != right),
                     "number": lambda: right + 10,
                     "numbers": lambda: [right[0] + 10, *right[1:]]}[e.answer_type]()
            if wrong is None or wrong == set():
                seen.discard(e.answer_type)
                continue
            _answer(w, wrong)
            assert "cardkit-ex-wrong" in w.output.value, (e.id, w.output.value)
            # the rule in plain words for the learner, a link to its card; no rules.md item nor statement id
            assert re.search(r"rules? \d+( and \d+)* of (501|Five Hundred)", _read(w))
            assert "rules.md" not in w.output.value
            assert "cardkit-rule-link" in w.output.value and e.rules[0] not in w.output.value
            before = len(p.right)
            w.retry_button.click()
            assert w.output.value == "" and w.picked == []
            given = sorted(right, key=lambda c: c.code)[0] if e.answer_type == "card" else right
            _answer(w, given)
            assert "cardkit-ex-right" in w.output.value, (e.id, w.output.value)
            assert len(p.right) == before + 1
    assert seen == {"cards", "card", "seat", "choice", "number", "numbers"}


def test_progress_line_counts_right_answers_once() -> None:
    p, w = _widget("501/01", "501-01-pack")
    assert "0 of 5 right" in p.progress.value
    _answer(w, 24)
    _answer(w, 24)
    assert "1 of 5 right" in p.progress.value
    _answer(p.widgets[1], 99)
    assert "1 of 5 right" in p.progress.value


def test_malformed_number_gets_a_friendly_message() -> None:
    p, w = _widget("501/01", "501-01-pack")
    w.inputs[0].value = "twenty-four"
    w.check_button.click()
    assert "cardkit-ex-malformed" in w.output.value and "whole number" in w.output.value
    assert "Traceback" not in w.output.value and "0 of 5" in p.progress.value
    w.inputs[0].value = ""
    w.check_button.click()
    assert "empty" in w.output.value
    p, w = _widget("501/04", "501-04-follow")
    w.check_button.click()
    assert "at least one card" in w.output.value


def test_hint_keeps_the_feedback_and_names_the_rule_that_decides() -> None:
    """B holds 10♥ Q♥ 9♥ A♣ with hearts led (rules.md 501 §8): the hint names the suit B must
    follow and the rule, under the wrong answer's feedback, which stays."""
    _p, w = _widget("501/04", "501-04-follow")
    next(b for b in w.buttons if b.description == "A♣").click()
    w.check_button.click()
    wrong = w.output.value
    assert "cardkit-ex-wrong" in wrong
    w.hint_button.click()
    assert w.output.value == wrong  # the last feedback stays visible
    hint = _read(w, hint=True)
    assert "Can B follow suit?" in hint and "B: must follow ♥ (rule 8 of 501)." in hint
    assert "10♥" not in hint and "Q♥" not in hint and "9♥" not in hint  # a hint, not the answer
    w.retry_button.click()
    assert w.output.value == "" and w.hint_output.value == ""


def test_hint_in_spanish_and_for_a_bid() -> None:
    _p, w = _widget("501/04", "501-04-follow", "es")
    w.hint_button.click()
    assert "B: debe asistir a ♥ (regla 8 del 501)." in _read(w, hint=True)
    _p, w = _widget("500/03", "500-03-eight-no-trumps")
    w.hint_button.click()
    assert "Work out what 8NT is worth from the rule." in _read(w, hint=True)
    assert "Read rule 10 of Five Hundred again." in _read(w, hint=True)


def test_show_answer_at_any_time_says_the_answer_and_why() -> None:
    """Show answer with nothing answered, and again after a right answer: "The answer: …" and the
    rule, never "Right"."""
    for lang, head, right, rule in (("en", "The answer: 10♥ Q♥ 9♥", "Right", "Must follow ♥: B holds 10♥ Q♥ 9♥"),
                                    ("es", "La respuesta: 10♥ Q♥ 9♥", "Correcto",
                                     "Debe asistir a ♥: B tiene 10♥ Q♥ 9♥")):
        _p, w = _widget("501/04", "501-04-follow", lang)
        w.show_button.click()
        shown = w.output.value
        assert head in shown and rule in shown and right not in shown, shown
        w.retry_button.click()
        _answer(w, w.exercise.answer())
        assert right in w.output.value
        w.show_button.click()
        assert head in w.output.value and right not in w.output.value


def test_right_and_wrong_feedback_give_the_engines_reason() -> None:
    """Rules.md 501 §8: B must follow hearts; B, void in clubs at no trumps, may play any card."""
    _p, w = _widget("501/04", "501-04-follow")
    _answer(w, w.exercise.answer())
    assert "Right: B may play 10♥ Q♥ 9♥." in w.output.value
    assert "Must follow ♥: B holds 10♥ Q♥ 9♥ (rule 8 of 501)." in _read(w)
    _p, w = _widget("501/04", "501-04-follow")
    _click_value(w, "Q♥")
    w.check_button.click()
    out = _read(w)
    assert "B may play more cards than you picked." in out and "B: must follow ♥ (rule 8 of 501)." in out
    shown = out
    assert "10♥" not in shown and "9♥" not in shown  # the cards left out stay for "Show answer"
    _p, w = _widget("501/07", "501-07-nt-void")
    _answer(w, w.exercise.answer())
    assert "B holds no ♣, the suit led: nothing forbids any card (rule 8 of 501)." in _read(w)
    _p, w = _widget("501/07", "501-07-nt-void", "es")
    _answer(w, w.exercise.answer())
    assert "B no tiene ♣, el palo de salida: ninguna carta está prohibida (regla 8 del 501)." in _read(w)
    _p, w = _widget("501/07", "501-07-defender-marriage")
    _answer(w, w.exercise.answer())
    out = _read(w)
    assert "A: 21 card points + 20 (the ♠ marriage) = 41, subtracted: −41" in out
    assert "The rule: rules 9 and 10 of 501." in out


def test_the_contract_row_is_labelled_contract() -> None:
    """The row that shows the hand's summary (A 71 no-trump) is the contract, in both languages."""
    for lang, label, summary in (("en", "contract", "A 71 no-trump"), ("es", "contrato", "A 71 sin triunfo")):
        _p, w = _widget("501/07", "501-07-nt-void", lang)
        assert f"<tr><td>{label}</td><td>{summary}</td></tr>" in w.position.value
        assert "<td>hand</td>" not in w.position.value and "<td>mano</td>" not in w.position.value


def test_cards_are_shown_as_a_hand_is_held() -> None:
    """C's hand in 'must trump' (diamonds trumps, rules.md 501 §8): the picture and the buttons
    group the suits, trumps first, each from its highest card (A 10 K Q J 9)."""
    for lang in ("en", "es"):
        _p, w = _widget("501/04", "501-04-must-trump", lang)
        shown = [b.description for b in w.buttons]
        assert shown == ["10♦", "9♦", "A♠", "K♥", "J♥"], shown
        pictured = re.findall(r"<title>(.*?)</title>", w.position.value)
        assert pictured[-len(shown):] == shown
        w.show_button.click()
        assert "10♦ 9♦" in w.output.value  # the answer as held too: the ten first


def test_spanish_lesson_speaks_spanish() -> None:
    p, w = _widget("501/04", "501-04-follow", "es")
    assert w.check_button.description == "Comprobar"
    assert "de 6 bien" in p.progress.value
    _click_value(w, next(iter(sorted(w.exercise.answer(), key=lambda c: c.code))))  # 10♥
    next(b for b in w.buttons if b.description == "A♣").click()
    w.check_button.click()
    assert "debe asistir" in _read(w) and "(regla 8 del 501)" in _read(w)
    out = _read(w)
    assert "Aquí no se puede jugar A♣: debe asistir a ♥ (regla 8 del 501)." in out and "play" not in out
    assert "B puede jugar más cartas de las que elegiste." in out and "Q♥" not in out and "9♥" not in out
    _p, w = _widget("501/01", "501-01-pack", "es")
    w.inputs[0].value = "veinte"
    w.check_button.click()
    assert "número entero" in w.output.value


def test_an_illegal_card_shows_the_engines_rule_message() -> None:
    _p, w = _widget("501/04", "501-04-must-trump")
    next(b for b in w.buttons if b.description == "A♠").click()
    w.check_button.click()
    st = w.exercise.state()
    why = st.why_illegal("play AS")
    assert why.endswith(" [rules.md 501 §8]")  # rules.md 501 §8: void in the suit led, so a trump
    rule = why.removesuffix(" [rules.md 501 §8]").split(": ")[1]
    assert rule == "cannot follow ♣, so must play a trump"  # the rule, not "C holds 10♦ 9♦": that is the answer
    assert f"A♠ may not be played here: {rule} (rule 8 of 501)." in _read(w)
    shown = _read(w)
    assert "10♦" not in shown and "9♦" not in shown
    assert "data-rule='501-8'" in w.output.value and "rules.md" not in w.output.value


def test_a_wrong_answer_keeps_the_answer_for_show_answer() -> None:
    """501/05 q3 in Spanish (B defends A's made 100 with 27 card points and the ♠ marriage, 47,
    rules.md 501 §10): typing 47 says it is not B's change and which rule to read, not "−47";
    "La respuesta" gives −47."""
    p, w = _widget("501/05", "501-05-defender", "es")
    _answer(w, 47)
    out = _read(w)
    assert "cardkit-ex-wrong" in w.output.value and "En esta mano, el cambio de B no es +47." in out
    assert "−47" not in out and "-47" not in out and "puntos de cartas" not in out, out
    assert "regla 10 del 501" in out
    w.show_button.click()
    assert "La respuesta: −47" in w.output.value
    assert "0 de 5 bien" in p.progress.value and not w.solved
    # the English twin: answering B on 501/06 q1 (A K♠ wins) names neither A nor K♠
    _p, w = _widget("501/06", "501-06-first-trick")
    _click_value(w, 1)
    w.check_button.click()
    out = _read(w)
    assert "B's 9♠ does not take the trick" in out and "K♠" not in out and "A wins" not in out, out


def test_play_it_out_made_and_failed_by_clicks() -> None:
    _p, w = _widget("501/06", "501-06-save-it")
    you = [w.exercise.game.names[s] for s in w.playout.side]
    assert all(f"{n} (you)" in w.position.value for n in you) and "★" not in w.position.value
    for action in w.exercise.answer():
        card = action.split()[1]
        next(b for b in w.buttons if b.description == card).click()
    assert w.solved and "cardkit-ex-right" in w.output.value
    w.retry_button.click()
    assert not w.output.value and w.playout.your_turn()
    # a losing card first: the engine says which card lost it and shows the best line
    po = w.playout
    losing = next(v.action for v in solve(po.state).values
                  if not solve(_after(po.state, v.action)).made)
    w.play(losing.card)
    while po.your_turn():
        legal = {str(a.card) for a in po.state.legal_actions()}
        # the cards that may be played are green, exactly those, as on the tables
        assert {b.description for b in w.buttons if b.button_style == "success"} == legal
        assert {b.description for b in w.buttons if "cardkit-legal" in b._dom_classes} == legal
        next(b for b in w.buttons if b.description in legal).click()
    assert "Contract failed" in w.output.value and "Best play" in w.output.value
    assert str(losing.card) in w.output.value


def _after(state, action):
    s = state.clone()
    s.apply_action(action)
    return s


def test_an_illegal_card_in_a_play_it_out_changes_nothing() -> None:
    """A card the seat to play does not hold is refused with the engine's rule message, and
    nothing moves (the buttons offer only the seat's own cards; the learner leads in these
    endings, so every card they hold is legal)."""
    _p, w = _widget("501/06", "501-06-save-it")
    po = w.playout
    n, before = len(po.played), [list(h) for h in po.state.hands]
    stranger = next(c for c in po.state.game.new_pack() if c not in po.state.hands[po.state.current_player()])
    fb = w.play(stranger)
    assert fb is not None and not fb.correct
    assert len(po.played) == n and [list(h) for h in po.state.hands] == before
    assert "rule 8 of 501" in _read(w) and "cardkit-ex-wrong" in w.output.value


def test_show_answer_takes_the_wrong_pick_off() -> None:
    """A wrong seat picked, then "Show answer": no button stays highlighted beside the answer."""
    _p, w = _widget("500/08", "500-08-identical-cards")
    _answer(w, w.exercise.game.names.index("B"))
    assert "cardkit-ex-wrong" in w.output.value
    picked = next(b for b in w.buttons if b.description == "B")
    assert "cardkit-ex-picked" in picked._dom_classes and picked.button_style == "info"
    w.show_button.click()
    assert "The answer: A" in w.output.value
    assert w.picked == []
    assert all("cardkit-ex-picked" not in b._dom_classes and b.button_style == "" for b in w.buttons)


def test_a_right_answer_clears_the_hint() -> None:
    """Hint after a wrong answer, then the right answer: the hint and its "Read rule … again" go."""
    _p, w = _widget("501/04", "501-04-follow")
    _answer(w, {w.exercise.game.parse_action("play AC").card})
    w.hint_button.click()
    assert "Read" in w.hint_output.value or "rule 8 of 501" in w.hint_output.value
    w.retry_button.click()
    w.hint_button.click()
    assert w.hint_output.value
    _answer(w, w.exercise.answer())
    assert "cardkit-ex-right" in w.output.value and w.hint_output.value == ""


def test_a_shown_answer_does_not_count_as_right() -> None:
    """"Show answer", then the right answer checked: the feedback says right, the progress does not count it."""
    p, w = _widget("501/01", "501-01-pack")
    w.show_button.click()
    _answer(w, 24)
    assert "cardkit-ex-right" in w.output.value
    assert "0 of 5 right" in p.progress.value and w.shown
    w.retry_button.click()
    _answer(w, 24)
    assert "0 of 5 right" in p.progress.value
    _answer(p.widgets[1], 7)  # another exercise, answered without looking, counts
    assert "1 of 5 right" in p.progress.value
