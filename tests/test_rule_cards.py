"""Rule cards (issue 28, item 3): every "rule N of <game>" a learner reads in a widget opens that
rule in plain words, in the page's language; no tooltip shows an internal id."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

W = pytest.importorskip("ipywidgets")

from cardkit.exercises import lessons  # noqa: E402
from cardkit.game500 import Game500  # noqa: E402
from cardkit.i18n import language  # noqa: E402
from cardkit.progress import all_rules  # noqa: E402
from cardkit.rulecards import linked_html, rule_card, rule_text  # noqa: E402
from cardkit.widgets import Table  # noqa: E402
from cardkit.widgets.exercise import ExerciseWidget, Practice  # noqa: E402
from cardkit.widgets.five_hundred import AuctionPanel  # noqa: E402

#: An internal id a learner should never read: a rules.md item, or a rule statement id ("500-deal-1").
INTERNAL = re.compile(r"rules\.md|§|\b50[01]-[a-z]+(-[a-z]+)*-\d+\b")


@pytest.fixture(autouse=True)
def _no_progress_file(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDKIT_PROGRESS", str(tmp_path / "progress.sqlite"))


def opened(html: str, rule: str) -> str:
    """The words of the card that the link to ``rule`` ("501-8") in ``html`` opens: the link's
    ``for`` names the check box just before the card, whose words are returned ("" when none)."""
    link = re.search(rf"<label class='cardkit-rule-link' for='([\w-]+)' data-rule='{rule}'", html)
    assert link, f"no link to rule {rule} in {html[:300]}"
    card = re.search(rf"<input type='checkbox' class='cardkit-rule-toggle' id='{link.group(1)}'[^>]*>"
                     rf"<div class='cardkit-rule-card'[^>]*>(.*?)</div></div>", html)
    return re.sub(r"<[^>]+>", " ", card.group(1)).replace("&#x27;", "'") if card else ""


def test_every_rule_of_both_games_has_words_and_a_title_in_both_languages() -> None:
    for lang in ("en", "es"):
        with language(lang):
            for game, items in all_rules().items():
                for n in items:
                    card = rule_card(game, n)
                    assert card is not None and card.words and ":" in card.heading, (lang, game, n)
    with language("es"):
        assert rule_text("501", 8) != rule_text("500", 8) and "Asiste al palo" in rule_text("501", 8)


def test_one_link_per_rule_named_and_several_rules_each_a_link() -> None:
    html = linked_html("Read rules 8 and 12 of 501 again; see rule 7 of Five Hundred.")
    assert "Follow suit if you can" in opened(html, "501-8") and "88 is less than 100" in opened(html, "501-12")
    assert "Follow the suit led" in opened(html, "500-7")
    assert re.sub(r"<[^>]+>", "", html.split("<style>")[0]) == \
        "Read rules 8 and 12 of 501 again; see rule 7 of Five Hundred."
    assert linked_html("rule 99 of 501 and the rule of thumb") == "rule 99 of 501 and the rule of thumb"


@pytest.mark.parametrize("lang,link,words", [("en", "rule 8 of 501", "Follow suit if you can"),
                                             ("es", "regla 8 del 501", "Asiste al palo si puedes")])
def test_a_rule_link_in_exercise_feedback_opens_the_rules_words(lang: str, link: str, words: str) -> None:
    """501/04: A♣ is not an answer where B must follow ♥; the feedback's "rule 8 of 501" opens
    rule 8 in the page's language, and so does the hint's."""
    lesson = next(x for x in lessons() if x.lesson == "501/04" and x.language == lang)
    w = ExerciseWidget(next(e for e in lesson.exercises if e.id == "501-04-follow"), progress=None)
    next(b for b in w.buttons if b.description == "A♣").click()
    w.check_button.click()
    assert f">{link}</label>" in w.output.value
    assert words in opened(w.output.value, "501-8")
    w.hint_button.click()
    assert words in opened(w.hint_output.value, "501-8")
    assert not INTERNAL.search(w.output.value + w.hint_output.value)


@pytest.mark.parametrize("lang,words", [("en", "Follow suit if you can"), ("es", "Asiste al palo si puedes")])
def test_a_table_refusal_opens_its_rule(lang: str, words: str) -> None:
    with language(lang):
        t = Table("501", seed=4, humans=[0, 1, 2], stay_blind=True)
        t.act("bid 60")
        assert "66" in opened(t.message.value, "501-5")
        p = AuctionPanel(Game500(), dealer=3, seed=5)
        p.act("bid 7♠")
        p.act("bid 6♥")
        assert ("♠ ♣ ♦ ♥ NT" if lang == "en" else "♠ ♣ ♦ ♥ y sin triunfo") in opened(p.message.value, "500-4")
    assert not INTERNAL.search(t.message.value + p.message.value)


def _widgets(w: Any) -> Iterator[Any]:
    yield w
    for child in getattr(w, "children", ()):
        yield from _widgets(child)


def _tooltips(root: Any) -> list[str]:
    """Every tooltip of a widget tree: the controls' tooltips and the HTML's title attributes."""
    out = []
    for w in _widgets(root):
        for trait in ("tooltip",):
            if isinstance(getattr(w, trait, None), str):
                out.append(getattr(w, trait))
        if isinstance(w, (W.HTML, W.HTMLMath)):
            out += [a or b for a, b in re.findall(r"title='([^']*)'|title=\"([^\"]*)\"", w.value)]
    return out


@pytest.mark.parametrize("game", ["501", "500"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_tooltip_of_a_games_widgets_shows_an_internal_id(game: str, lang: str) -> None:
    """A table with a refused action, the auction panel, and every exercise of the game's lessons
    after a Check, a Hint and Show answer: no tooltip holds a rules.md item or a statement id."""
    tips: list[str] = []
    with language(lang):
        t = Table(game, seed=4, humans=[0, 1, 2])
        t.act("play AS" if game == "500" else "bid 60")
        tips += _tooltips(t)
        if game == "500":
            p = AuctionPanel(Game500(), dealer=3, seed=5)
            p.act("bid 7♠")
            p.act("bid 6♥")
            tips += _tooltips(p)
    for lesson in lessons():
        if lesson.language != lang or not lesson.lesson.startswith(game):
            continue
        practice = Practice(lesson, progress=None)
        for w in practice.widgets:
            if w.buttons and w.exercise.answer_type != "playout":
                w.buttons[0].click()
                w.check_button.click()
            w.hint_button.click()
            tips += _tooltips(w)
            w.show_button.click()
            tips += _tooltips(w)
    assert tips and any("—" in tip for tip in tips)  # the rules' words are there
    bad = [tip for tip in tips if INTERNAL.search(tip)]
    assert not bad, bad[:5]


def test_an_exercise_widget_with_a_rule_says_its_rule_in_a_tooltip_in_spanish() -> None:
    lesson = next(x for x in lessons() if x.lesson == "501/04" and x.language == "es")
    w: ExerciseWidget = Practice(lesson, progress=None).widgets[0]
    w.hint_button.click()
    tips = _tooltips(w)
    assert any(tip.startswith("Regla ") for tip in tips) and not any("Rule " in tip for tip in tips)


@pytest.mark.parametrize("lang,words", [("en", "Follow the suit led"), ("es", "Asiste al palo de salida")])
def test_the_progress_pages_rules_open_their_cards(tmp_path, lang: str, words: str) -> None:
    from cardkit.progress import Progress
    from cardkit.widgets.progress import ProgressPage

    page = ProgressPage(lang, progress=Progress(tmp_path / "p.sqlite"))
    assert page.table.value.count("class='cardkit-rule-link'") == sum(len(v) for v in all_rules().values())
    assert words in opened(page.table.value, "500-7")
    assert not INTERNAL.search(" ".join(_tooltips(page)))


def test_a_lessons_refusal_opens_its_rule_and_reads_as_before() -> None:
    from cardkit.display import refusal

    with language("es"):
        shown = refusal("A no puede apostar 60: una apuesta es de al menos 66 [rules.md 501 §5]")
    assert repr(shown) == "A no puede apostar 60: una apuesta es de al menos 66 (regla 5 del 501)"
    assert "quien pasa ya no vuelve a hablar" in opened(shown.html, "501-5")
    assert "rules.md" not in shown.html
