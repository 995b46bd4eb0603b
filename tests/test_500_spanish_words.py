"""No English on a Spanish Five Hundred page (issue 31): every word a Five Hundred widget, chart,
table, refusal, coach's hint, exercise feedback, phase name and class-table view shows is Spanish
when the language is ``es``.

Each widget and chart is built under Spanish for 3, 4, 5 and 6 players and stepped by the engine's
legal actions through the points of a hand (rules.md 500 §4 auction, §5 kitty and burial, §13 the
five-handed call and going alone, §8 the joker nominated in no trumps, §9 misère, §7 play, §10 the
end of the hand, §11 the end of the match); every text a learner reads (HTML with its tags, styles
and card pictures left out, button descriptions and tooltips, drop-down options, labels, tables'
headings and cells, altair titles, legends, tooltips and marked texts) is searched for English words.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as W  # noqa: E402

from cardkit import Match  # noqa: E402
from cardkit.cards import JOKER  # noqa: E402
from cardkit.game500 import Game500, State500  # noqa: E402
from cardkit.i18n import language, phase_name  # noqa: E402
from cardkit.registry import find_player  # noqa: E402

#: English words that no Spanish page shows. Card names (``K♠``, ``10♥``, ``Jo``), seat letters and
#: numbers are the same in both languages; Spanish names a no-trump bid "8 sin triunfo", never "8NT"
#: (cardkit.i18n.action_text), so ``NT`` is English here too. Words that are also Spanish ("no",
#: "a", "once", "total", "final") are left out.
ENGLISH = frozenset("""
next bury buried burying nominate nominated nominates nomination unnominated bid bids bidding bidder
pass passes passed call calls called alone go goes win wins won winner lose loses lost trick tricks
point points score scores scored kitty trump trumps hand hands dealer deals deal contract contracts
contractor made make failed fails auction play plays played playing step steps of you your the and or
by to is are not yet standing start again over thrown in on at for with suit suits rank ranks value
side sides seat seats player players lowest highest ladder placement after before seven eight spade
spades club clubs diamond diamonds heart hearts joker jokers bower bowers left right partner partners
sits sitting out misère misere nt yes none card cards what if change open kind where worth more
than up printed effective place action actions half each rule rules five hundred who turn must follow
holds led lead leads it its this that there no-trump no-trumps thinking back end hint review you're
true false
""".split())

WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")


def english_words(text: str) -> list[str]:
    """The words of ``text`` from :data:`ENGLISH`; left out: ``rules.md`` (a file name for
    teachers), a page's placeholders for its script to fill (``{what}``) and addresses (``…/play/``)."""
    text = re.sub(r"rules\.md|\{\w+\}|/\w+/", " ", text)
    return [w for w in WORD.findall(text) if w.lower() in ENGLISH]


def page_text(markup: str) -> str:
    """What a reader sees of HTML: no style sheets, scripts or card pictures (their faces are card
    names), no tags; a page's words for its script (``<script id="words">``) are read as values."""
    words = re.search(r'<script type="application/json" id="words">(.*?)</script>', markup, re.S)
    said = " ".join(map(str, json.loads(words[1]).values())) if words else ""
    markup = re.sub(r"<style.*?</style>|<script.*?</script>|<svg.*?</svg>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup)) + " " + said


def widget_texts(w: Any) -> Iterator[str]:
    """Every text a widget and its children show: HTML and labels, descriptions, tooltips,
    placeholders, options, tab and accordion titles."""
    if isinstance(w, (W.HTML, W.HTMLMath, W.Label)):
        yield page_text(w.value)
    for attr in ("description", "tooltip", "placeholder"):
        v = getattr(w, attr, None)
        if isinstance(v, str):
            yield v
    if hasattr(w, "_options_labels"):
        yield from (str(x) for x in w._options_labels)
    yield from (str(x) for x in (getattr(w, "tooltips", None) or ()))
    if isinstance(w, (W.Accordion, W.Tab)):
        yield from (w.get_title(i) or "" for i in range(len(w.children)))
    for c in getattr(w, "children", ()):
        yield from widget_texts(c)


def chart_texts(chart: Any) -> Iterator[str]:
    """What an altair chart shows in words: every title (chart, axes, legends, facet headers), the
    tooltips' field names or titles, and the data values of the fields drawn as text, colour,
    shape or facet (legend entries, facet headers and marked texts)."""
    spec = chart.to_dict()
    shown_fields: set[str] = set()

    def walk(x: Any) -> Iterator[str]:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "title" and isinstance(v, (str, list)):
                    yield from ([v] if isinstance(v, str) else map(str, v))
                if k == "tooltip":
                    for t in v if isinstance(v, list) else [v]:
                        if isinstance(t, dict):
                            yield str(t.get("title", t.get("field", "")))
                if k in ("text", "color", "shape", "column", "row", "facet") and isinstance(v, dict):
                    if "field" in v and v.get("legend", {}) is not None or k != "shape":
                        if "field" in v:
                            shown_fields.add(str(v["field"]))
                if k != "datasets":
                    yield from walk(v)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v)

    yield from walk(spec)
    for rows in spec.get("datasets", {}).values():
        for r in rows:
            yield from (v for f, v in r.items() if f in shown_fields and isinstance(v, str))


def frame_texts(df: Any) -> Iterator[str]:
    """What a table shows: its HTML as a notebook draws it."""
    yield page_text(df._repr_html_())


class Seen:
    """The English words found, each with where it was seen (one example per text)."""

    def __init__(self) -> None:
        self.found: dict[tuple[str, ...], str] = {}

    def check(self, where: str, texts: Iterable[str]) -> None:
        for t in texts:
            words = tuple(sorted(set(english_words(t))))
            if words and words not in self.found:  # one example of each set of words
                self.found[words] = f"{where}: {list(words)} in {' '.join(t.split())[:300]!r}"

    def report(self) -> str:
        return "\n".join(self.found.values())


# ---------------------------------------------------------------- driving a hand to each of its points


def _first(st: State500, pred: Callable[[str], bool]) -> str:
    return next(str(a) for a in st.legal_actions() if pred(str(a)))


#: How each hand is played: the auction's first calls (then passes), the five-handed call.
PLANS = {"suit": (["bid 7♥"], "call"), "alone": (["bid 7♥"], "go alone"), "nt": (["bid 8NT"], "call"),
         "misère": (["bid 7♠", "bid misère"], "call"), "thrown in": ([], "call")}


def choose(st: State500, plan: str) -> str:
    """The action of ``plan`` at ``st``: the bids, passes, a burial that keeps the joker, the call,
    the joker nominated ♥, then the first legal card."""
    bids, call = PLANS[plan]
    if st.phase == "auction":
        return bids[len(st.calls)] if len(st.calls) < len(bids) else "pass"
    if st.phase == "bury":
        return _first(st, lambda a: a != f"bury {JOKER}")
    if st.phase == "call":
        return _first(st, lambda a: a.startswith(call))
    if st.phase == "nominate":
        return _first(st, lambda a: a == "nominate ♥") if "nominate ♥" in map(str, st.legal_actions()) \
            else _first(st, lambda a: True)
    return _first(st, lambda a: True)


def seed_with_joker(game: Game500) -> int:
    """A seed whose first bidder gets the joker (in hand or from the kitty): a no-trump contract then
    nominates it (rules.md 500 §8)."""
    for seed in range(200):
        st = Match(game, seed=seed).new_hand()
        if JOKER in st.hands[st.current_player()] + st.kitty:
            return seed
    raise AssertionError("no seed gives the first bidder the joker")


def illegal_tries(st: State500) -> list[str]:
    """Actions of every phase that are not legal here: their refusals are read too."""
    legal = {str(a) for a in st.legal_actions()}
    seat = st.current_player()
    hand = [str(c) for c in st.hands[seat]] if seat is not None else []
    other = [str(c) for s, h in enumerate(st.hands) if s != seat for c in h][:1]
    tries = ["pass", "bid 6♠", "bid 10NT", "bid misère", "go alone", "nominate ♥", "nominate none"]
    tries += [f"{verb} {c}" for verb in ("play", "bury", "call") for c in hand[:2] + other]
    return [a for a in tries if a not in legal]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_table_and_its_refusals_speak_spanish(players: int) -> None:
    from cardkit.widgets import Table

    seen = Seen()
    with language("es"):
        game = Game500(players)
        phases: set[str] = set()
        for plan in PLANS:
            if plan == "alone" and players != 5 or plan == "misère" and players == 5:  # §13: barred by default
                continue
            seed = seed_with_joker(game) if plan == "nt" else 1
            t = Table(game, seed=seed, humans=range(players))
            hinted: set[str] = set()
            for _i in range(120):
                st = t.state
                phases.add(st.phase)
                where = f"{players} players, {plan}, {st.phase}"
                seen.check(where, widget_texts(t))
                seen.check(where, [phase_name(st.phase)])
                for a in illegal_tries(st)[:4]:
                    try:
                        why = st.why_illegal(a)
                    except Exception as e:  # an action the game cannot read: its message is shown too
                        why = str(e)
                    seen.check(where + f", refusing {a}", [why or ""])
                if st.is_terminal():
                    break
                if st.phase not in hinted:  # the coach's hint, once a phase (the table shows it too)
                    hinted.add(st.phase)
                    seen.check(where + ", hint", [t.hint()] + list(widget_texts(t)))
                bad = illegal_tries(st)
                if bad and _i % 7 == 0:  # a refusal as the table shows it
                    t.act(bad[0])
                    seen.check(where + f", refused {bad[0]}", widget_texts(t))
                assert t.act(choose(st, plan)) is None
            seen.check(f"{players} players, {plan}, picture", [page_text(t.picture()._repr_html_())])
            if plan == "suit":
                seen.check(f"{players} players, {plan}, review", t.review())
        expected = {"auction", "bury", "play", "over"} | ({"call"} if players == 5 else set()) | {"nominate"}
        assert expected <= phases, phases
    assert not seen.found, "\n" + seen.report()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_lessons_widgets_tables_and_charts_speak_spanish(players: int) -> None:
    from cardkit.cards import Suit
    from cardkit.widgets.five_hundred import (AuctionPanel, TrumpExplorer, ladder_chart, legal_frame, packs_frame,
                                              ranking_frame, units_chart, what_if_frame)

    seen = Seen()
    with language("es"):
        game = Game500(players)
        panel = AuctionPanel(game, dealer=0, seed=2)
        seen.check("auction panel", widget_texts(panel))
        panel.act("bid 6♠")
        panel.act("bid 6♠")  # refused: does not outrank the standing bid
        seen.check("auction panel, refused", widget_texts(panel))
        while panel.state.phase == "auction":
            panel.act("pass")
            seen.check("auction panel, passing", widget_texts(panel))
        panel.act("pass")  # refused: the auction is over
        seen.check("auction panel, over", widget_texts(panel))
        panel.reset()
        while panel.state.phase == "auction":
            panel.act("pass")
        seen.check("auction panel, thrown in", widget_texts(panel))
        for trump in (Suit.HEARTS, None):
            seen.check("trump explorer", widget_texts(TrumpExplorer(game, trump)))
            seen.check("ranking frame", frame_texts(ranking_frame(game, trump)))
        seen.check("packs frame", frame_texts(packs_frame()))
        seen.check("ladder chart", chart_texts(ladder_chart()))
        match = Match(game, seed=4)
        bots = [find_player(game, "random", seed=s) for s in range(players)]
        positions: dict[str, State500] = {}
        for _h in range(3):
            st = match.new_hand()
            while not st.is_terminal():
                if st.phase == "play" and not positions and st.trick is not None and st.trick.plays:
                    positions = {"ahora": st.clone()}
                st.apply_action(bots[st.current_player()].choose(st.clone()).action)
            if st.contract is not None:
                seen.check("what-if frame", frame_texts(what_if_frame(st)))
        seen.check("legal frame", frame_texts(legal_frame(positions)))
        seen.check("units chart", chart_texts(units_chart(match)))
    assert not seen.found, "\n" + seen.report()


def test_a_spanish_five_hundred_seat_view_has_no_english(tmp_path: Path) -> None:
    """The class server's seat view of a Five Hundred table with ``lang=es`` (docs/server.md §8): every
    text a page shows (badges, tallies, notes, score rows, summary, log, labels, groups' labels,
    outcome, refusals) is Spanish; the actions' own texts (``legal``, ``action``) stay the records'."""
    from server_tools import TEACHER, http, make_table, start_server

    server = start_server(tmp_path)
    seen = Seen()
    try:
        for players in (4, 5):
            t = make_table(server.url, game="500", players=players, seed=1)
            url = server.url + f"api/tables/{t['table']}"
            for _i in range(80):
                status, v = http("GET", f"{url}?code={t['teacher']}&lang=es")
                assert status == 200, v
                if v["to_act"] is None:
                    break
                code = t["seats"][v["to_act"]]["code"]
                _s, sv = http("GET", f"{url}?code={code}&lang=es")
                seen.check(f"view {players}, {sv['phase']}", shown_strings(sv))
                _s, refused = http("POST", f"{url}/actions?lang=es", {"code": code, "action": "bury 4♠"})
                seen.check(f"refusal {players}, {sv['phase']}", [refused.get("plain", ""), refused.get("error", "")])
                action = sv["legal"][0] if sv["phase"] != "auction" or sv["calls"] else "bid 7♥"
                status, _r = http("POST", f"{url}/actions?lang=es", {"code": code, "action": action})
                assert status == 200, _r
            _s, v = http("GET", f"{url}?code={t['teacher']}&lang=es", headers=TEACHER)
            seen.check(f"view {players}, over", shown_strings(v))
            status, d = http("GET", f"{url}/debrief?code={t['teacher']}&hand=1&lang=es", headers=TEACHER)
            assert status == 200, d
            seen.check(f"debrief {players}", shown_strings(d))
        for path in ("", f"show/{t['table']}?code={t['teacher']}&", f"play/{t['table']}?code={t['seats'][0]['code']}&",
                     f"debrief/{t['table']}?code={t['teacher']}&"):
            status, page = http("GET", server.url + (path or "?") + "lang=es", headers=TEACHER)
            assert status == 200, (path, page)
            seen.check(f"page /{path}", [page_text(page)])
    finally:
        server.stop()
    assert not seen.found, "\n" + seen.report()


#: Keys of a view whose texts are the records' own (what acting takes) or codes, never shown as words.
RECORD_KEYS = {"legal", "action", "calls", "game", "phase", "table", "seats", "code", "verb", "kind", "choice",
               "css", "form", "names", "every_action"}


def shown_strings(x: Any, key: str = "") -> Iterator[str]:
    if key in RECORD_KEYS:
        return
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from shown_strings(v, k)
    elif isinstance(x, list):
        for v in x:
            yield from shown_strings(v, key)


def test_five_hundred_exercise_feedback_speaks_spanish() -> None:
    """Every Five Hundred exercise of the course, asked in Spanish (its own prompt and hint aside,
    which a Spanish lesson writes itself): the engine's feedback on a right answer and on wrong or
    unreadable ones, the answer shown, the engine's hint."""
    import dataclasses

    from cardkit.exercises import lessons

    seen = Seen()
    exercises = [e for les in lessons() for e in les if e.game.name == "500" and e.language == "en"]
    assert len(exercises) > 30
    for original in exercises:
        e = dataclasses.replace(original, language="es", hint="")
        right = e.answer()
        if e.answer_type == "cards":
            right = sorted(right, key=str)
        texts = [e.check(given).message for given in (right, "0", "A", "no", "2♣", "nonsense")]
        seen.check(e.id, texts + [e.explanation(), e.hint_text(), e.answer_text()])
    assert not seen.found, "\n" + seen.report()
