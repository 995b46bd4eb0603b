"""The table server's pages in real Chromium pages: students on their own pages and the
projector play whole hands together (docs/server.md §8).

- 501♠, three students and the projector: every student page shows its own cards only, the
  projector each seat's join link and QR code, and no hand unless the teacher shows them; the hand
  is played to its end by clicking the pages' buttons and cards, and the projector's scores are
  those of the record it downloads, replayed by ``cardkit replay``.
- Five Hundred, four-handed: two students and two computer seats play a whole hand.

The server (``python -m cardkit serve``) runs on a free port of 127.0.0.1 with its own database;
no page asks anything of any other host.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import REPO, screenshot

pytestmark = pytest.mark.browser


def server_argv(db: Path) -> Any:
    return lambda port: [sys.executable, "-m", "cardkit", "serve", "--host", "127.0.0.1", "--port", str(port),
                         "--db", str(db), "--computer-delay", "0.1", "--token", TOKEN]


#: The teacher's token of the servers these tests start.
TOKEN = "browser-test-teacher-token-7e3b"


def new_table(url: str, **body: Any) -> dict[str, Any]:
    """A table made with the teacher's token; a seed is the engine's own (the deals checked by hand)."""
    import urllib.request

    if "seed" in body:
        body.setdefault("public_seed", True)
    req = urllib.request.Request(url + "api/tables", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return dict(json.loads(r.read()))


#: What a student clicks to act: the buttons above the table, and the marked cards of their hand.
CLICKABLE = "#actions button.cardkit-action, #board tr.me button.cardkit-action"


def step(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.step || -1"))


def own_and_others(page: Any) -> list[int]:
    """(face-up cards in this seat's row, face-up cards in the other seats' rows)."""
    return page.evaluate("""() => {
        const rows = Array.from(document.querySelectorAll('#board tr.seat'));
        const up = (r) => r.querySelectorAll('.cards .card').length;
        return [rows.filter(r => r.classList.contains('me')).map(up).reduce((a, b) => a + b, 0),
                rows.filter(r => !r.classList.contains('me')).map(up).reduce((a, b) => a + b, 0)];
    }""")


def play_out(projector: Any, students: list[Any], max_clicks: int = 400) -> int:
    """Click the students' pages through the hand: a blind seat looks, the first bid is the lowest,
    every later auction turn passes, a bidder does not abandon, a contractor buries the first cards
    offered (chosen together, then confirmed), otherwise the first choice. The number of clicks."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    bid_made = False
    for clicks in range(max_clicks):
        if projector.locator("#turn").inner_text().startswith(("The hand is over", "The match is over")):
            return clicks
        before = step(projector)
        acted, steps = False, 1
        for p in students:
            buttons = p.locator(CLICKABLE)
            if buttons.count() == 0 or not p.locator("#turn.yours").count():
                continue
            if p.locator("button.confirm-pick").count():  # cards chosen together, then one confirmation
                try:
                    n = int(p.locator("button.confirm-pick").get_attribute("data-pick", timeout=2_000) or 0)
                    for i in range(n):
                        p.locator("button.card.pickable").nth(i).click(timeout=5_000)
                    p.locator("button.confirm-pick").click(timeout=5_000)
                except PlaywrightTimeout:  # the page redrew between the count and the read: look again
                    break
                # the page sends the n chosen cards one after another: the hand goes on after the last
                acted, steps = True, n
                break
            # what each button sends (its data-action), else its words: a bid grid's cell reads "6♠"
            texts = buttons.evaluate_all("bs => bs.map(b => b.dataset.action || b.textContent)")
            if not texts:  # the page redrew between the count and the read: look again next round
                continue
            if "look" in texts:
                pick = "look"
            elif not bid_made and any(t.startswith("bid") for t in texts):
                pick = next(t for t in texts if t.startswith("bid"))
                bid_made = True
            elif "pass" in texts:
                pick = "pass"
            else:
                pick = next((t for t in texts if t != "abandon"), texts[0])
            try:
                buttons.nth(texts.index(pick)).click(timeout=5_000)
            except PlaywrightTimeout:  # the page redrew under the click (a computer acted): read it again
                break
            acted = True
            break
        if acted:
            projector.wait_for_function(f"() => Number(document.body.dataset.step) >= {before + steps}",
                                        timeout=20_000)
        else:
            projector.wait_for_timeout(100)  # a computer seat is to act
    raise AssertionError("the hand did not end")


def open_page(browser: Any, url: str, phone: bool = False) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844} if phone else {"width": 1100, "height": 900},
                              is_mobile=phone)
    requests: list[str] = []
    errors: list[str] = []
    ctx.on("request", lambda r: requests.append(r.url))
    p = ctx.new_page()
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(url)
    p.wait_for_selector("body[data-step]")
    return ctx, p, requests + errors


def test_three_students_and_the_projector_play_a_501_hand(serve, page, browser, tmp_path) -> None:
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="501", players=3, seed=21)
    page.goto(made["show"])
    page.wait_for_selector("body[data-step]")
    contexts, students = [], []
    for i, seat in enumerate(made["seats"]):
        ctx, p, _ = open_page(browser, seat["play"], phone=(i == 0))
        contexts.append(ctx)
        students.append(p)
    try:
        # the projector: every seat's join link and its QR code (an SVG image), the hands hidden
        links = page.locator(".join-link").all_inner_texts()
        assert links == [s["play"] for s in made["seats"]]
        page.wait_for_function("() => Array.from(document.querySelectorAll('img.qr')).every(i => i.complete)")
        assert page.evaluate("Array.from(document.querySelectorAll('img.qr')).every(i => i.naturalWidth > 100)")
        assert page.locator("img.qr").count() == 3
        # each student sees their own name; in 501 every seat starts blind (rules.md 501 §6)
        for seat, p in zip(made["seats"], students):
            assert p.locator("#who").inner_text() == f"You are {seat['name']}"
            assert own_and_others(p) == [0, 0]
        clicks = play_out(page, students)
        assert clicks >= 20
        for p in students:
            assert own_and_others(p)[1] == 0  # never another seat's card, at the end too
        screenshot(page, "table_server_projector")
        screenshot(students[0], "table_server_phone")
        # the record downloaded by the projector replays to the scores it shows
        href = page.locator("a.record").get_attribute("href")
        import urllib.request

        with urllib.request.urlopen(server.url.rstrip("/") + href, timeout=20) as r:
            record = r.read()
        path = tmp_path / "hand.json"
        path.write_bytes(record)
        out = subprocess.run([sys.executable, "-m", "cardkit", "replay", str(path), "--json"], cwd=REPO,
                             capture_output=True, text=True, check=True)
        replayed = json.loads(out.stdout)["scores"]
        shown = [int(x.replace("−", "-")) for x in page.locator(".score-table td.score").all_inner_texts()]
        # the hand's changes with a true minus sign (U+2212), as the lessons write them
        changes = page.locator(".score-table tr").last.locator("td").all_inner_texts()
        assert not any("-" in c for c in changes) and any(c.startswith("−") for c in changes), changes
        assert shown == replayed and shown != [501, 501, 501]
        assert page.recorded.foreign_hosts() == [] and page.recorded.errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def test_two_students_and_two_computers_play_five_hundred(serve, page, browser, tmp_path) -> None:
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="500", players=4, computer=[1, 3], seed=4)
    page.goto(made["show"])
    page.wait_for_selector("body[data-step]")
    assert page.locator("img.qr").count() == 2 and page.locator(".join-seat").count() == 4
    contexts, students = [], []
    for seat in (0, 2):
        ctx, p, _ = open_page(browser, made["seats"][seat]["play"])
        contexts.append(ctx)
        students.append(p)
    try:
        for p in students:
            assert own_and_others(p) == [10, 0]
        play_out(page, students)
        final = step(page)
        for p in students:
            p.wait_for_function(f"() => Number(document.body.dataset.step) >= {final}")
            assert own_and_others(p)[1] == 0 or "misère" in page.locator("#status").inner_text()
        tricks = page.evaluate("Array.from(document.querySelectorAll('#board .tricks-won'))"
                               ".map(e => parseInt(e.textContent) || 0).reduce((a, b) => a + b, 0)")
        status = page.locator("#status").inner_text()
        assert tricks == 10 or "thrown in" in status or "all passed" in status, status
        assert page.recorded.foreign_hosts() == [] and page.recorded.errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def test_pages_reconnect_after_the_server_is_killed(serve, page, browser, tmp_path) -> None:
    """The server is killed with SIGKILL mid-hand and started again on the same database and port:
    the student's page and the projector reconnect by themselves (no reload), show the table at the
    step of the last acknowledged action, and the student plays on (docs/server.md §5, §8)."""
    import os
    import signal

    from .conftest import start_server

    db = tmp_path / "tables.sqlite"
    server = serve(server_argv(db))
    made = new_table(server.url, game="501", players=3, computer=[1, 2], seed=7)
    page.goto(made["show"])
    page.wait_for_selector("body[data-step]")
    ctx, student, _ = open_page(browser, made["seats"][0]["play"])
    try:
        # the student acts until the hand is well under way, and it is their turn again
        while True:
            student.wait_for_selector("#turn.yours", timeout=20_000)
            texts = student.locator(CLICKABLE).all_inner_texts()
            acked = step(student)
            if acked >= 6:
                break
            pick = "look" if "look" in texts else ("pass" if "pass" in texts else texts[0])
            student.locator(CLICKABLE).nth(texts.index(pick)).click()
            student.wait_for_function(f"() => Number(document.body.dataset.step) > {acked}", timeout=20_000)
        page.wait_for_function(f"() => Number(document.body.dataset.step) === {acked}", timeout=20_000)
        hand_before = student.locator("#board tr.me td.hand").inner_text()
        board_before = page.locator("#board").inner_text()
        for p in (page, student):  # a reload would lose this mark
            p.evaluate("window.cardkitMark = 'no reload'")
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=10)
        for p in (page, student):
            p.wait_for_selector("#conn.bad", timeout=20_000)
        assert "reconnecting" in student.locator("#conn").inner_text()
        restarted = start_server(server_argv(db)(server.port), server.port, tmp_path / "restarted.log")
        try:
            for p in (page, student):
                p.wait_for_selector("#conn.ok", timeout=30_000)
                assert p.evaluate("window.cardkitMark") == "no reload"
                assert step(p) == acked
            assert student.locator("#board tr.me td.hand").inner_text() == hand_before
            assert page.locator("#board").inner_text() == board_before
            # the student acts again on the restarted server, and both pages follow
            texts = student.locator(CLICKABLE).all_inner_texts()
            assert texts and student.locator("#turn.yours").count() == 1
            student.locator(CLICKABLE).nth(0).click()
            for p in (page, student):
                p.wait_for_function(f"() => Number(document.body.dataset.step) > {acked}", timeout=20_000)
            assert student.locator("#message").inner_text() == ""
            assert page.recorded.foreign_hosts() == [] and page.recorded.errors == []
        finally:
            restarted.stop()
    finally:
        ctx.close()


#: English words of the pages that are no seat name, card or number (the page's own words are added).
ENGLISH = {"table", "talon", "kitty", "pass", "bid", "play", "look", "give", "bury", "declare", "abandon", "next",
           "hand", "hands", "trick", "tricks", "card", "cards", "dealer", "computer", "you", "your", "turn", "score",
           "scores", "deals", "over", "won", "connected", "connecting", "reconnecting", "projector", "join",
           "choices", "step", "none", "auction", "contract", "misère", "record", "download", "hide", "show"}


def words_of(text: str) -> set[str]:
    """The words of a page's text, lower case, without its links (addresses, not words)."""
    import re

    return {w.lower() for w in re.findall(r"[^\W\d_]+", re.sub(r"https?://\S+", " ", text))}


def test_spanish_pages_have_no_english_word(serve, page, browser, tmp_path) -> None:
    """A student's page asked for in Spanish (?lang=es) and a projector whose browser prefers
    Spanish (Accept-Language) play a Five Hundred hand with two computer seats: at every step
    neither page shows an English word of the pages (docs/server.md §8); the buttons read in
    Spanish and still send the actions' own text."""
    from cardkit.i18n import language
    from cardkit.server.pages import words

    with language("en"):
        english = set().union(*(words_of(w) for w in words().values())) | ENGLISH
    with language("es"):
        spanish = set().union(*(words_of(w) for w in words().values()))
    forbidden = english - spanish - {"name", "n", "outcome", "title"}
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="500", players=4, computer=[1, 3], seed=4)
    show_ctx = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 900})
    show = show_ctx.new_page()
    errors: list[str] = []
    show.on("pageerror", lambda e: errors.append(str(e)))
    show.goto(made["show"])
    show.wait_for_selector("body[data-step]")
    ctx, student, _ = open_page(browser, made["seats"][0]["play"] + "&lang=es")
    student.on("pageerror", lambda e: errors.append(str(e)))
    partner = made["seats"][2]["play"] + "&lang=es"
    ctx2, student2, _ = open_page(browser, partner)
    seen: set[str] = set()
    labels: list[tuple[str, str]] = []
    try:
        assert show.evaluate("document.documentElement.lang") == "es"
        for clicks in range(300):
            for p in (show, student, student2):
                found = words_of(p.locator("body").inner_text()) & forbidden
                assert not found, (found, p.locator("body").inner_text())
                seen |= words_of(p.locator("body").inner_text())
            if show.locator("#turn").inner_text().startswith(("La mano ha terminado", "La partida ha terminado")):
                break
            before = step(show)
            for p in (student, student2):
                if not p.locator("#turn.yours").count():
                    continue
                buttons = p.locator(CLICKABLE)
                sent = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
                shown = buttons.all_inner_texts()
                labels += list(zip(sent, shown))
                pick = sent.index("pass") if "pass" in sent else 0
                buttons.nth(pick).click()
                show.wait_for_function(f"() => Number(document.body.dataset.step) > {before}", timeout=20_000)
                break
            else:
                show.wait_for_timeout(100)  # a computer seat is to act
        else:
            raise AssertionError("the hand did not end")
        assert {"te", "toca", "puntuaciones", "repartidor", "mano"} <= seen
        assert ("pass", "pasa") in labels and all(s != t for s, t in labels if s.split()[0] in ("pass", "bid"))
        assert student.locator("#who").inner_text().startswith("Eres ")
        assert errors == []
    finally:
        for c in (ctx, ctx2, show_ctx):
            c.close()


def api_act(url: str, made: dict[str, Any], seat: int, action: str) -> dict[str, Any]:
    import urllib.request

    body = json.dumps({"code": made["seats"][seat]["code"], "action": action}).encode()
    req = urllib.request.Request(f"{url}api/tables/{made['table']}/actions", data=body, method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return dict(json.loads(r.read()))


#: Seed 5, three players (C deals): A looks and bids 66, B looks and passes, C passes; A takes the
#: talon 10♠ J♦ K♠, turned up for all (rules.md 501 §7).
AUCTION = [(0, "look"), (0, "bid 66"), (1, "look"), (1, "pass"), (2, "pass")]


def table_after_the_exchange(serve: Any, tmp_path: Any) -> dict[str, Any]:
    """A new server's 501 table (seed 5) after the auction and A's two gives (Q♦ to B, J♣ to C):
    the table as :func:`new_table` returned it, with the play about to start (step 8)."""
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="501", players=3, seed=5)
    for seat, action in [*AUCTION, (0, "declare ♠ 70"), (0, "give Q♦"), (0, "give J♣")]:
        api_act(server.url, made, seat, action)
    return made


def face_up_in_seats(page: Any) -> int:
    return int(page.evaluate("document.querySelectorAll('#board tr.seat .cards .card').length"))


def test_the_projector_hides_the_hands_until_the_teacher_shows_them(serve, browser, tmp_path) -> None:
    """The projector opens with the hands hidden, and a reload keeps them hidden; hidden, it shows
    only what every seat may see (no give's card in its log); "Show the hands" shows them, and a
    reload, or the projector opened again in the same browser, remembers that choice (issue 16)."""
    made = table_after_the_exchange(serve, tmp_path)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        show = ctx.new_page()
        for _ in range(2):  # opened, then reloaded
            show.goto(made["show"])
            show.wait_for_selector("body[data-step='8']")
            assert face_up_in_seats(show) == 0
            assert show.locator("button.toggle-hands").inner_text() == "Show the hands"
            log = show.locator("#log").inner_text()
            assert "A gives a card face down to B" in log and "Q♦" not in log and "J♣" not in log
            assert "A turned up the talon and took it: 10♠ J♦ K♠" in log
        # once play has started the join links are folded away: the table is at the top of the screen
        assert show.locator("details.join-box").get_attribute("open") is None
        assert show.locator("#board tr.seat").first.bounding_box()["y"] < 400
        show.locator("button.toggle-hands").click()
        show.wait_for_function("() => document.querySelectorAll('#board tr.seat .cards .card').length === 24")
        assert "hands=shown" in show.url and "A gives Q♦ to B" in show.locator("#log").inner_text()
        show.reload()
        show.wait_for_selector("body[data-step='8']")
        assert face_up_in_seats(show) == 24
        again = ctx.new_page()  # the plain link, in the same browser: the choice is remembered
        again.goto(made["show"])
        again.wait_for_selector("body[data-step='8']")
        assert face_up_in_seats(again) == 24
        show.locator("button.toggle-hands").click()
        show.wait_for_function("() => document.querySelectorAll('#board tr.seat .cards .card').length === 0")
        assert "hands=hidden" in show.url
        screenshot(show, "table_server_projector_hidden")
    finally:
        ctx.close()
    other = browser.new_context(viewport={"width": 1280, "height": 720})  # another browser: hidden
    try:
        p = other.new_page()
        p.goto(made["show"])
        p.wait_for_selector("body[data-step='8']")
        assert face_up_in_seats(p) == 0
    finally:
        other.close()


def test_a_student_page_fits_a_1280x720_screen(serve, browser, tmp_path) -> None:
    """At 1280×720 a student's page holds a few controls, not one button per bid (157) or per
    declaration (776), and the student's own hand is on screen without scrolling; a bid is a
    number chosen (the lowest preselected) and a button, a declaration a trump and a value, and a
    card is given or played by clicking it in the hand (issue 16)."""
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="501", players=3, seed=5)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        a = ctx.new_page()
        a.goto(made["seats"][0]["play"])
        a.wait_for_selector("#turn.yours")

        def fits(n_cards: int) -> None:
            assert a.locator("button").count() < 40
            row = a.locator("#board tr.me").bounding_box()
            assert row is not None and row["y"] + row["height"] <= 720
            assert a.locator("#board tr.me .cards .card").count() == n_cards

        fits(0)  # blind: her cards are face down until she looks (rules.md 501 §6)
        assert a.locator("#actions .step-go").inner_text() == "bid 66"  # the lowest bid
        a.locator("#actions button", has_text="look").click()
        a.wait_for_selector("body[data-step='1']")
        fits(7)
        a.locator("#actions button[data-action='bid 66']").click()
        a.wait_for_selector("body[data-step='2']")
        for seat, action in AUCTION[2:]:
            api_act(server.url, made, seat, action)
        a.wait_for_selector("body[data-step='5']")
        fits(10)
        assert a.evaluate("document.body.scrollHeight") < 1200
        selects = a.locator("#actions .chooser select")
        assert selects.count() == 2
        selects.nth(0).select_option("♥")
        selects.nth(1).select_option("80")
        a.locator("#actions button.chooser-go").click()
        a.wait_for_selector("body[data-step='6']")
        assert "A 80 ♥" in a.locator("#status").inner_text()
        # hearts are trumps now: her hand is held trumps first
        assert a.locator("#board tr.me .card").first.inner_text().endswith("♥")
        fits(10)
        assert a.locator("#board tr.me button.playable").count() == 10
        a.locator("#board tr.me button.playable[data-action='give Q♦']").click()
        a.wait_for_selector("body[data-step='7']")
        assert "A gives Q♦ to B" in a.locator("#log").inner_text()
        screenshot(a, "table_server_student_1280")
    finally:
        ctx.close()


def test_a_defender_sees_the_talon_turned_up(serve, browser, tmp_path) -> None:
    """B, a defender, sees the three talon cards the bidder turned up (rules.md 501 §7) in the
    talon's row and in the log, in Spanish too; the cards given to C stay face down for B."""
    made = table_after_the_exchange(serve, tmp_path)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        b = ctx.new_page()
        b.goto(made["seats"][1]["play"] + "&lang=es")
        b.wait_for_selector("body[data-step='8']")
        assert b.locator("#board tr.talon .card").all_inner_texts() == ["10♠", "J♦", "K♠"]
        assert "se lo llevó A" in b.locator("#board tr.talon").inner_text()
        log = b.locator("#log").inner_text()
        assert "A descubrió el talón y se lo llevó: 10♠ J♦ K♠" in log
        assert "A da Q♦ a B" in log and "A da una carta tapada a C" in log and "J♣" not in log
        screenshot(b, "table_server_defender_es")
    finally:
        ctx.close()


def test_page_words_for_the_class(serve, browser, tmp_path) -> None:
    """A bad code's refusal is a sentence, with no server.md item in a tooltip; the projector
    page opened with a student's code says whose seat it shows; a finished hand reads "none" on
    every row, not "none" beside "0 cards" (issue 16)."""
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="501", players=3, seed=5, computer=[1, 2])
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        p = ctx.new_page()
        p.goto(made["seats"][0]["play"].replace("code=", "code=wrong"))
        p.wait_for_selector("#message .error")
        error = p.locator("#message .error")
        assert error.inner_text() == "this code is not one of this table's codes"
        assert error.get_attribute("title") is None  # no internal id for a learner
        p.goto(made["show"].replace(made["teacher"], made["seats"][0]["code"]) + "&hands=shown")
        p.wait_for_selector("body[data-step]")
        assert p.locator("#who").inner_text() == "Projector: A's seat"
        api_act(server.url, made, 0, "look")
        api_act(server.url, made, 0, "pass")  # B and C (computers) finish the auction; A plays on
        a = ctx.new_page()
        a.goto(made["seats"][0]["play"])
        for _ in range(40):
            a.wait_for_selector("body[data-step]")
            if "The hand is over" in a.locator("#turn").inner_text():
                break
            if a.locator("#turn.yours").count():
                before = step(a)
                a.locator(CLICKABLE).first.click()
                a.wait_for_function(f"() => Number(document.body.dataset.step) > {before}", timeout=20_000)
            else:
                a.wait_for_timeout(200)
        else:
            raise AssertionError("the hand did not end")
        rows = a.locator("#board tr.seat td.hand").all_inner_texts()
        assert rows == ["none"] * 3 or "abandon" in a.locator("#log").inner_text(), rows
        assert "0 cards" not in a.locator("#board").inner_text()
    finally:
        ctx.close()


def test_five_hundred_bids_are_one_chooser_even_when_they_look_like_cards(serve, browser, tmp_path) -> None:
    """A Five Hundred bid such as "bid 9♠" reads like a card of the hand but is no card to click:
    every bid is a cell of the one bid grid (tricks by trumps, misère apart), "pass" a button
    (issue 16, issue 27)."""
    import urllib.request

    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="500", players=4, seed=4, computer=[1, 3])
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        c = ctx.new_page()
        c.goto(made["seats"][2]["play"])
        c.wait_for_selector("#turn.yours", timeout=20_000)
        with urllib.request.urlopen(f"{server.url}api/tables/{made['table']}?code={made['seats'][2]['code']}") as r:
            v = json.loads(r.read())
        bids = [a for a in v["legal"] if a.startswith("bid ")]
        own = set(v["hands"]["2"])
        assert any(b.split()[1] in own for b in bids)  # this deal has a bid that reads like a held card
        offered = c.locator("#actions .ladder button.rung.legal").evaluate_all("bs => bs.map(b => b.dataset.action)")
        assert sorted(offered) == sorted(bids) and len(offered) == len(bids) == 26
        assert c.locator("#board button.playable").count() == 0
        assert c.locator("#actions button:not(.rung)").all_inner_texts() == ["pass"]
    finally:
        ctx.close()


def test_the_form_takes_computer_seats_by_letter(serve, page, tmp_path) -> None:
    """The form at / takes the computer seats by letter, as the table names them ("C"), and opens
    the projector with C a computer player (issue 16)."""
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    page.goto(server.url)  # without the teacher's link: no form, a sentence saying how to get in
    assert page.locator("form").count() == 0 and "?token=" in page.locator("main").inner_text()
    page.goto(server.url + "?token=" + TOKEN)  # the teacher's link, as "cardkit serve" prints it
    assert page.url == server.url  # the token has left the address for the session cookie
    form = page.locator("form#new")  # the table's form (the class's is beside it)
    assert form.locator("input[name=computer]").get_attribute("placeholder") == "e.g. B C"
    form.locator("input[name=computer]").fill("C")
    form.locator("button[type=submit]").click()
    page.wait_for_selector("body[data-step]")
    # textContent, not innerText: if the computer has already acted when the page first draws, the
    # join list is folded (it opens only at step 0) and its innerText is empty
    seats = page.locator(".join-seat").all_text_contents()
    assert "computer player" in seats[2] and "computer player" not in seats[0] + seats[1], seats


def test_a_students_code_on_the_projector_page_shows_no_join_link(serve, browser, tmp_path) -> None:
    """A student who opens /show with their own code sees their seat's view: no join link, no QR
    code, no record, and no other seat's code anywhere in the page (docs/server.md §2)."""
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="500", players=4, computer=[3])
    own = made["seats"][0]["code"]
    for hands in ("hidden", "shown"):
        ctx, p, problems = open_page(browser, f"{server.url}show/{made['table']}?code={own}&hands={hands}")
        try:
            assert p.locator(".join-seat").count() == 0 and p.locator("img.qr").count() == 0
            assert p.locator("a.record").count() == 0 and not [e for e in problems if not e.startswith("http")]
            html = p.content()
            assert all(s["code"] not in html for s in made["seats"][1:] if s["code"]) and made["teacher"] not in html
            screenshot(p, f"show_with_a_seat_code_{hands}")
        finally:
            ctx.close()
