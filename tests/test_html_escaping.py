"""No markup from user text: every HTML-producing function and widget of the kit, fed hostile seat
names, titles, descriptions, option values, exercise texts and action texts, puts out no element or
attribute of its own (issue: no script from a record).

User text reaches HTML only through :func:`cardkit.escaping.escape`. :data:`PRODUCERS` lists every
producer with a builder that feeds it hostile text and returns the HTML (or SVG) it makes; the
completeness test finds every HTML producer of ``cardkit/`` by reading the source (functions that
write HTML tags, ``_repr_html_``/``_repr_svg_``, ``*_html``/``*_svg``/``*_frame``/``*_chart``
functions, widget classes), so that a new one cannot be left out of this test.
"""

from __future__ import annotations

import ast
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Callable, Iterable

import pytest

from cardkit import Match, find_game, records
from cardkit.escaping import escape

PACKAGE = Path(__file__).resolve().parent.parent / "cardkit"
EXAMPLES = PACKAGE.parent / "data" / "examples"

#: Hostile texts: markup, a quoted attribute broken out of, quotes and ``&``, and a very long one.
HOSTILE = [
    "<img src=x onerror=window.pwned=1>",
    '"><script>window.pwned=1</script>',
    "' onmouseover='window.pwned=1' data-evil='",
    'Tom & "Jerry" <x-evil>',
    "<img src=x onerror=window.pwned=1>" + "W" * 5000,
]
#: Elements the kit never writes itself: one of them in an output came from user text.
FOREIGN_TAGS = {"img", "script", "x-evil", "iframe", "object", "embed"}


class _Elements(HTMLParser):
    """Every element (tag, attributes) and the text a browser would show, of an HTML string."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, attrs))

    handle_startendtag = handle_starttag

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> _Elements:
    p = _Elements()
    p.feed(html)
    p.close()
    return p


def assert_inert(html: str, where: str) -> None:
    """``html`` holds no element or attribute that user text could have made."""
    for mark in ("<img", "<script", "<x-evil"):
        assert mark not in html, f"{where}: unescaped {mark!r} in …{html[max(0, html.find(mark) - 150):][:300]!r}"
    for tag, attrs in parse(html).elements:
        assert tag not in FOREIGN_TAGS, f"{where}: a <{tag}> element"
        for name, _value in attrs:
            assert not name.startswith("on") and name != "data-evil", f"{where}: attribute {name!r} on <{tag}>"


def shown_text(htmls: Iterable[str]) -> str:
    return "\n".join("".join(parse(h).text) for h in htmls)


# ---------------------------------------------------------------- games, matches and records with hostile text


def _names(text: str, n: int) -> list[str]:
    """``n`` distinct seat names, each holding ``text``."""
    return [f"{text}{i}" for i in range(n)]


def _match(text: str, game: str = "501", players: int = 3, hands: int = 2) -> Match:
    """A match of ``hands`` finished hands with hostile seat names, title and description."""
    from cardkit.registry import find_player

    g = find_game(game, players, names=_names(text, players))
    m = Match(g, seed=5)
    m.play([find_player(g, "sensible", i) for i in range(players)], max_hands=hands)
    m.title, m.description = text, text
    return m


def _record_file(text: str, tmp: Path) -> Path:
    """The worked example with hostile names (cut to what a record allows), title and description."""
    rec = json.loads((EXAMPLES / "501_worked_blind_contract.json").read_text(encoding="utf-8"))
    rec["names"] = [f"{text[:records.MAX_NAME - 1]}{i}" for i in range(3)]
    rec["title"], rec["description"] = text[:records.MAX_TITLE], text
    for hand in rec["hands"]:  # the saved summaries name the old seats
        hand.pop("result", None)
    rec.pop("outcome", None)
    path = tmp / "hostile.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return path


def widget_html(widget: Any) -> list[str]:
    """The value of every HTML widget under ``widget`` (what ipywidgets sets as innerHTML), and the
    descriptions and options of the others (text for ipywidgets, checked all the same)."""
    import ipywidgets as W

    out, todo = [], [widget]
    while todo:
        w = todo.pop()
        if isinstance(w, (W.HTML, W.HTMLMath)):
            out.append(w.value)
        todo.extend(getattr(w, "children", ()) or ())
    return out


def _svg(chart: Any) -> str:
    """An altair chart drawn as SVG, as notebooks show it under ``alt.renderers.enable("svg")``."""
    import vl_convert as vlc

    return str(vlc.vegalite_to_svg(chart.to_json()))


# ---------------------------------------------------------------- the producers


def _table(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.table import Table

    out = []
    table = Table.from_record(_record_file(text, tmp))
    for _ in range(30):
        out += widget_html(table)
        if table.next_button.disabled:
            break
        table.next_button.click()
    out.append(table.picture()._repr_html_())
    live = Table(find_game("501", 3, names=_names(text, 3)), seed=3)
    out += widget_html(live)
    live.act(text)  # an action text that is no action: the refusal quotes it
    live.act("bid " + text)
    out += widget_html(live)
    out.append(escape(live.hint()))
    live.review()
    out += widget_html(live)
    return out


def _table500(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.five_hundred import Table500

    t = Table500(find_game("500", 4, names=_names(text, 4)), seed=2)
    t.act(text)
    return widget_html(t)


def _deal_stepper(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.table import DealStepper

    g = find_game("501", 3, names=_names(text, 3))
    stepper = DealStepper(g, g.new_pack(), 2)
    out = widget_html(stepper)
    for _ in range(4):
        stepper.next_round()
        out += widget_html(stepper)
    return out


def _auction(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.five_hundred import AuctionPanel

    panel = AuctionPanel(find_game("500", 4, names=_names(text, 4)), dealer=3, seed=1)
    out = widget_html(panel)
    panel.act(text)
    panel.act("bid " + text)
    out += widget_html(panel)
    panel.act(panel.choice.options[0][1])
    for _ in range(3):
        panel.act("pass")
    return out + widget_html(panel)


def _trump_explorer(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.five_hundred import TrumpExplorer

    return widget_html(TrumpExplorer(find_game("500", 4, names=_names(text, 4))))


def _frames(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.five_hundred import legal_frame, packs_frame, ranking_frame, what_if_frame

    g = find_game("500", 4, names=_names(text, 4))
    st = g.new_hand(0, g.initial_scores(), g.new_pack())
    st.apply_action(st.legal_actions()[1])
    for _ in range(3):
        st.apply_action("pass")
    while st.phase != "play":
        st.apply_action(st.legal_actions()[0])
    return [legal_frame({text: st})._repr_html_(), what_if_frame(st)._repr_html_(), packs_frame()._repr_html_(),
            ranking_frame(g, None)._repr_html_()]


def _score_sheet(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.tables import score_sheet

    return [score_sheet(_match(text))._repr_html_()]


def _frame(text: str, tmp: Path) -> list[str]:
    from cardkit.frames import frame

    # hostile text as a heading, an index label, a plain cell, a change cell and a list cell
    df = frame({text: [text, -5], "change": [text, -32], "list": [[text, text], -1]}, changes=["change"])
    return [df.rename(index={0: text})._repr_html_()]


def _charts(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.five_hundred import units_chart
    from cardkit.widgets.tables import score_chart

    return [_svg(score_chart(_match(text[:300]), title=text[:300])),
            _svg(units_chart(_match(text[:300], "500", 4, hands=1), title=text[:300]))]


def _explore_charts(text: str, tmp: Path) -> list[str]:
    """Charts of the explore notebooks: the strength table comes from a CSV file (its pair names are
    text from a file); the others draw the engine's own labels."""
    import pandas as pd

    from cardkit.explore.estimate import bid_odds, bid_odds_chart, estimate_bid, results_chart
    from cardkit.explore.strength import strength_chart
    from cardkit.explore.tournament import standings_chart, tournament

    t = text[:200]
    strength = pd.DataFrame([{"game": "501", "players": 3, "a": t, "b": t + "b", "deals": 2, "mean difference": 1.0,
                              "low": 0.0, "high": 2.0, "a ms/decision": 1.0, "b ms/decision": 1.0}])
    g = find_game("501", 3)
    odds = bid_odds(g, "AS 10S KS QS AH 10H KD", [80], n=2, seat=1, progress=False)
    return [_svg(strength_chart(strength, title=t)), _svg(bid_odds_chart(odds, title=t)),
            _svg(results_chart(estimate_bid(g, "AS 10S KS QS AH 10H KD", 80, n=2, seat=1, progress=False), title=t)),
            _svg(standings_chart(tournament(g, ["sensible", "random", "random"], deals=1, seed=1), title=t)),
            _svg(_study_chart(t))]


def _study_chart(t: str) -> object:
    """A rule study's chart from a study file's rows (option and value are text from a file)."""
    import pandas as pd

    from cardkit.explore.study import study_chart

    rows = pd.DataFrame([{"option": t, "value": t + "v", "deals": 2, "gain difference": 1.0, "gain_low": 0.0,
                          "gain_high": 2.0, "played differently": 0.5, "played_low": 0.1, "played_high": 0.9}])
    return study_chart(rows, title=t)


def _hand_diagram(text: str, tmp: Path) -> list[str]:
    """Hand diagrams of both games: seat names and the title are text a deals file or a caller gives."""
    import random

    from cardkit.explore.deal import Predeal
    from cardkit.explore.diagram import HandDiagram

    out = []
    for game in (find_game("501", 3, names=_names(text, 3)), find_game("500", 5, names=_names(text, 5))):
        d = HandDiagram(game, Predeal(game).deal(random.Random(1)), title=text[:300])
        out += [d.svg(), d._repr_svg_(), d._repr_html_()]
    return out


def _ladder(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.five_hundred import ladder_chart

    return [_svg(ladder_chart(title=text[:300]))]


#: The longest prompt or hint an exercise file may hold (cardkit/exercises/schema.py).
_EXERCISE_TEXT = 600


def _exercise_lesson(text: str, tmp: Path) -> Any:
    from cardkit.exercises import from_data

    (tmp / "examples").mkdir(exist_ok=True)
    _record_file(text, tmp).rename(tmp / "examples" / "501_worked_blind_contract.json")
    data = json.loads((PACKAGE.parent / "data" / "exercises" / "501" / "en" / "01_cards_and_deal.json")
                      .read_text(encoding="utf-8"))
    data["title"] = text[:200]
    for e in data["exercises"]:
        e["prompt"], e["hint"] = text[:_EXERCISE_TEXT], text[:_EXERCISE_TEXT]
    return from_data(data, examples=tmp / "examples")


def _exercise_widget(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.exercise import ExerciseWidget

    out = []
    for e in _exercise_lesson(text, tmp):
        w = ExerciseWidget(e)
        out += widget_html(w)
        w._on_hint()
        out += widget_html(w)
        w._on_check()
        w._on_show()
        out += widget_html(w)
    return out


def _practice(text: str, tmp: Path) -> list[str]:
    from cardkit.widgets.exercise import Practice

    return widget_html(Practice(_exercise_lesson(text, tmp)))


def _progress_page(text: str, tmp: Path) -> list[str]:
    """The My progress page: a learner, exercise ids and a game name read from the progress file,
    and a bad file whose folder's name (in the error said on the page) is the hostile text."""
    from cardkit.progress import Progress, unsaved_html
    from cardkit.widgets.progress import ProgressPage

    p = Progress(tmp / "p.sqlite", learner=text)
    p.record_answer(text, text, [8], False)
    p.record_answer(text, "501", [8], False)
    out = widget_html(ProgressPage("en", p, seed=1))
    folder = tmp / text.replace("/", "|")[:200]
    folder.mkdir()
    (folder / "p.sqlite").write_text(text * 20)
    out += widget_html(ProgressPage("en", Progress(folder / "p.sqlite")))
    return [*out, unsaved_html(text)]


def _remote(text: str, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The table server's view as a remote table shows it: everything in it came over the network."""
    from cardkit.server import client
    from cardkit.widgets.remote import RemoteTable

    names = _names(text, 3)
    view = {"names": names, "dealer": 0, "to_act": 1, "seat": 1, "computer": [2], "hands": {"0": 7, "1": ["AS"],
            "2": 7}, "talon": 3, "talon_word": text, "trick": {"plays": [[0, "KS"]]}, "tricks": [], "title": text,
            "hand": text, "summary": text, "legal": [text], "scores": [text, 0, 1], "step": 3}

    class Refusing:
        def __init__(self, url: str, code: str | None = None) -> None:
            pass

        def view(self) -> dict[str, Any]:
            return view

        def act(self, action: str, step: int) -> dict[str, Any]:
            raise client.ServerRefused(409, f"{action} is not legal here", "rules.md 501 §8")

        def follow(self, callback: Callable[[dict[str, Any]], None]) -> None:
            pass

        def stop(self) -> None:
            pass

    monkeypatch.setattr(client, "TableClient", Refusing)
    table = RemoteTable("http://127.0.0.1:1/", follow=False)
    table.act(text)
    return widget_html(table)


def _display(text: str, tmp: Path) -> list[str]:
    from cardkit.cards import Cards
    from cardkit.display import answer, facts, html_of, illegal_span, refusal, say

    m = _match(text, hands=1)
    trick = m.hands[0].tricks[0]
    names = m.game.names
    return [say("{who} deals; " + text.replace("{", "").replace("}", ""), who=text, names=names)._repr_html_(),
            say("{t}", t=trick, names=names)._repr_html_(),
            facts([(text, text), ("trick", trick), ("cards", Cards.parse("AS KH")), (text, [text, True])],
                  names=names, caption=text)._repr_html_(),
            html_of(text), html_of([text, text]), html_of(trick, names),
            refusal(text + " [rules.md 501 §8]")._repr_html_(), illegal_span(text + " [rules.md 500 §4]"),
            answer("{who} wins", who=text, names=names)._repr_html_()]


def _rule_cards(text: str, tmp: Path) -> list[str]:
    """Sentences naming rules, with hostile text around them, in both languages: the rules become
    links to their cards, the text stays text."""
    from cardkit.display import said_html
    from cardkit.i18n import language
    from cardkit.rulecards import linked_html, rule_links

    out = []
    for lang in ("en", "es"):
        with language(lang):
            out += [linked_html(f"{text} (rule 8 of 501) {text} rules 4 and 6 of Five Hundred {text}"),
                    linked_html(f"{text} regla 8 del 501 {text}"), "".join(rule_links(f"{text} rule 7 of 501")),
                    said_html(text + " [rules.md 500 §7]")]
    return out


def _svg_views(text: str, tmp: Path) -> list[str]:
    from cardkit.svg import cards_svg, view_html

    m = _match(text, hands=1)
    st = m.hands[0]
    return ([view_html(st.view(s), m.game.names) for s in (None, 0, 1)] + [st.view(None)._repr_html_()]
            + [cards_svg(list(m.game.new_pack()))])


def _cards(text: str, tmp: Path) -> list[str]:
    """Card faces: the engine's cards only (a card's text is parsed, never shown as given)."""
    from cardkit.cards import Card, Cards

    m = _match(text, hands=1)
    return [Card.parse("10H")._repr_svg_(), Cards.parse("AS JK")._repr_svg_(), m.hands[0].tricks[0]._repr_svg_()]


def _hub_page(text: str, tmp: Path) -> list[str]:
    from cardkit.server.hub import seats_page

    seats = [{"play": f"play/{text}", "table": text, "name": text}, {"play": "p2", "table": "t", "name": text}]
    return [seats_page(text, seats, "/services/cardkit/"), seats_page(text, [], "/services/cardkit/")]


def _server_pages(text: str, tmp: Path) -> list[str]:
    """The table server's pages: words from the catalogs only (the table's own text reaches them
    through the page script, which sets it with textContent); checked in both languages."""
    from cardkit.server.pages import page

    own = re.compile(r'<script( type="application/json" id="words"| src="[./]*static/[a-z]+\.js")?>.*?</script>', re.S)
    pages = [page(role, lang) for role in ("play", "show", "index") for lang in ("en", "es")]
    assert all(own.search(p) for p in pages)
    return [own.sub("", p) for p in pages]  # the page's own script elements: the rest is checked


def _join_cards(text: str, tmp: Path) -> list[str]:
    """A class's join cards (docs/server.md §10): seat names, partners, the title and the links come
    from the class (the names a teacher typed), in both languages; the QR code of a hostile link."""
    from cardkit.server.classes import cards_html, qr_svg

    link = f"http://127.0.0.1/play/t?code={text[:200]}"  # a QR code holds a link of at most ~2,300 bytes
    cards = [{"number": 1, "seat": 0, "name": text, "partners": [text], "link": link},
             {"number": 2, "seat": 1, "name": "B", "partners": [text, "D"], "link": "http://127.0.0.1/play/u?code=c"}]
    return [cards_html(cards, text, lang) for lang in ("en", "es")] + [qr_svg(link)]


def _start_page_choices(text: str, tmp: Path) -> list[str]:
    """The teacher's start page's game and rule-option choices: the games' own titles and option
    words only (no user text reaches them); checked all the same."""
    from cardkit.server.pages import game_choices, option_fields

    return [game_choices(), option_fields()]


def _handouts(text: str, tmp: Path) -> list[str]:
    """The handouts are filled from the engine's numbers and cards alone (no user text reaches
    them); their HTML is checked all the same."""
    from cardkit.handouts import HANDOUTS, render

    return [render(name) for name in HANDOUTS]


#: Every producer of HTML: ``"module:qualname"`` (a class stands for all its methods) → a builder
#: ``(hostile text, temporary folder) -> [HTML, ...]``, and whether the hostile text is shown (then
#: it must read literally in the page).
PRODUCERS: dict[str, tuple[Callable[..., list[str]], bool]] = {
    "cardkit.widgets.table:Table": (_table, True),
    "cardkit.widgets.five_hundred:Table500": (_table500, True),
    "cardkit.widgets.deal:DealStepper": (_deal_stepper, True),
    "cardkit.widgets.five_hundred:AuctionPanel": (_auction, True),
    "cardkit.widgets.five_hundred:TrumpExplorer": (_trump_explorer, False),
    "cardkit.widgets.five_hundred:legal_frame": (_frames, True),
    "cardkit.widgets.five_hundred:what_if_frame": (_frames, True),
    "cardkit.widgets.five_hundred:packs_frame": (_frames, True),
    "cardkit.widgets.five_hundred:ranking_frame": (_frames, True),
    "cardkit.widgets.five_hundred:units_chart": (_charts, True),
    "cardkit.widgets.five_hundred:ladder_chart": (_ladder, True),
    "cardkit.widgets.tables:score_sheet": (_score_sheet, True),
    "cardkit.frames:Frame._repr_html_": (_frame, True),
    "cardkit.widgets.tables:score_chart": (_charts, True),
    "cardkit.explore.strength:strength_chart": (_explore_charts, True),
    "cardkit.explore.estimate:bid_odds_chart": (_explore_charts, True),
    "cardkit.explore.estimate:results_chart": (_explore_charts, True),
    "cardkit.explore.tournament:standings_chart": (_explore_charts, True),
    "cardkit.explore.study:study_chart": (_explore_charts, True),
    "cardkit.explore.diagram:HandDiagram": (_hand_diagram, True),
    "cardkit.widgets.exercise:ExerciseWidget": (_exercise_widget, True),
    "cardkit.widgets.exercise:Practice": (_practice, True),
    "cardkit.widgets.exercise:_html": (_exercise_widget, True),
    "cardkit.widgets.exercise:_row": (_exercise_widget, True),
    "cardkit.widgets.exercise:_position_html": (_exercise_widget, True),
    "cardkit.widgets.exercise:_last_trick_rows": (_exercise_widget, True),
    "cardkit.widgets.remote:RemoteTable": (_remote, True),
    "cardkit.widgets.progress:ProgressPage": (_progress_page, True),
    "cardkit.widgets.progress:_table_html": (_progress_page, True),
    "cardkit.widgets.progress:rules_frame": (_progress_page, True),
    "cardkit.progress:unsaved_html": (_progress_page, True),
    "cardkit.display:say": (_display, True),
    "cardkit.display:facts": (_display, True),
    "cardkit.display:html_of": (_display, True),
    "cardkit.display:refusal": (_display, True),
    "cardkit.display:illegal_span": (_display, True),
    "cardkit.display:said_html": (_rule_cards, True),
    "cardkit.rulecards:linked_html": (_rule_cards, True),
    "cardkit.rulecards:rule_links": (_rule_cards, True),
    "cardkit.rulecards:link_rules": (_rule_cards, True),
    "cardkit.rulecards:_patterns": (_rule_cards, True),
    "cardkit.display:answer": (_display, True),
    "cardkit.display:_card_html": (_display, True),
    "cardkit.display:Shown": (_display, True),
    "cardkit.svg:view_html": (_svg_views, True),
    "cardkit.svg:cards_svg": (_svg_views, True),
    "cardkit.svg:_face": (_svg_views, True),
    "cardkit.game:View": (_svg_views, True),
    "cardkit.cards:Card": (_cards, False),
    "cardkit.cards:Cards": (_cards, False),
    "cardkit.tricks:Trick": (_cards, False),
    "cardkit.server.hub:seats_page": (_hub_page, True),
    "cardkit.server.pages:page": (_server_pages, False),
    "cardkit.server.classes:cards_html": (_join_cards, True),
    "cardkit.server.classes:qr_svg": (_join_cards, True),
    "cardkit.server.pages:game_choices": (_start_page_choices, False),
    "cardkit.server.pages:option_fields": (_start_page_choices, False),
    "cardkit.handouts:card_html": (_handouts, False),
    "cardkit.handouts:suit_html": (_handouts, False),
    "cardkit.handouts:_cards_html": (_handouts, False),
    "cardkit.handouts:_bid_html": (_handouts, False),
    "cardkit.handouts:facts_501": (_handouts, False),
    "cardkit.handouts:facts_500": (_handouts, False),
    "cardkit.handouts:write_html": (_handouts, False),
}

_TAG = re.compile(r"<[a-z][a-z0-9-]*[\s>/]")  # the start of any HTML or SVG element
_NAME = re.compile(r"^(_repr_html_|_repr_svg_)$|_html$|_svg$|_frame$|_chart$")


def html_producers() -> set[str]:
    """Every function of ``cardkit/`` that writes HTML tags or is named as an HTML/SVG/frame/chart
    maker, and every widget class, as ``"module:qualname"``."""
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")

        def visit(node: ast.AST, prefix: str) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    body = child.body
                    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                        body = body[1:]  # not the docstring
                    writes_tags = any(isinstance(n, ast.Constant) and isinstance(n.value, str) and _TAG.search(n.value)
                                      for b in body for n in ast.walk(b))
                    if writes_tags or _NAME.search(child.name):
                        found.add(f"{module}:{prefix}{child.name}")
                elif isinstance(child, ast.ClassDef):
                    if any(ast.unparse(b).startswith("W.") or ast.unparse(b) == "Table" for b in child.bases):
                        found.add(f"{module}:{prefix}{child.name}")
                    visit(child, prefix + child.name + ".")

        visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def _covered(name: str) -> bool:
    module, qualname = name.split(":")
    return any(f"{module}:{qualname.split('.')[0] if '.' in qualname else qualname}" == key or key == name
               for key in PRODUCERS)


def test_every_html_producer_of_the_kit_is_in_the_registry():
    found = html_producers()
    assert len(found) > 30
    missing = sorted(n for n in found if not _covered(n))
    assert not missing, (f"HTML producers not tested with hostile text: {missing}; add each to PRODUCERS "
                         "in tests/test_html_escaping.py with a builder that feeds it hostile text")


def test_no_module_escapes_html_but_through_the_one_helper():
    """``html.escape`` is called in ``cardkit/escaping.py`` only; every other module uses it from there."""
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "escaping.py" and path.parent == PACKAGE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ("html", "markupsafe") and any(
                    a.name == "escape" for a in node.names):
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
            if isinstance(node, ast.Attribute) and node.attr == "escape" and ast.unparse(node.value) in ("html",):
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not offenders, f"HTML escaped outside cardkit.escaping.escape: {offenders}"


def test_the_helper_escapes_markup_quotes_and_ampersands_and_shows_the_same_text():
    for text in HOSTILE:
        out = escape(text)
        assert "<" not in out and ">" not in out and '"' not in out and "'" not in out
        assert "".join(parse(f"<p title='{out}'>{out}</p>").text) == text
        assert parse(f"<p title='{out}'>x</p>").elements == [("p", [("title", text)])]


_BUILDERS = sorted({builder for builder, _shows in PRODUCERS.values()}, key=lambda b: b.__name__)


@pytest.mark.parametrize("text", HOSTILE, ids=["img", "script", "attribute", "quotes-amp", "long"])
@pytest.mark.parametrize("builder", _BUILDERS, ids=[b.__name__.strip("_") for b in _BUILDERS])
def test_hostile_text_makes_no_markup(builder, text, tmp_path, monkeypatch):
    from cardkit.i18n import set_language

    kwargs = {"monkeypatch": monkeypatch} if builder is _remote else {}
    try:
        htmls = builder(text, tmp_path, **kwargs)
    finally:
        set_language("en")
    assert htmls and all(isinstance(h, str) for h in htmls)
    for i, html in enumerate(htmls):
        assert_inert(html, f"{builder.__name__} output {i}")
    shows = any(s for b, s in PRODUCERS.values() if b is builder)
    if shows and builder not in (_charts, _explore_charts, _ladder, _frames):
        assert text[:30] in shown_text(htmls), f"{builder.__name__}: the hostile text is not shown literally"
