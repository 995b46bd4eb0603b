"""The table server's pages in real Chromium pages: students on their own pages and the
projector play whole hands together (docs/server.md §8).

- 501♠, three students and the projector: every student page shows its own cards only, the
  projector shows every hand, each seat's join link and QR code; the hand is played to its end by
  clicking the pages' buttons, and the projector's scores are those of the record it downloads,
  replayed by ``cardkit replay``.
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
                         "--db", str(db), "--computer-delay", "0.1"]


def new_table(url: str, **body: Any) -> dict[str, Any]:
    import urllib.request

    req = urllib.request.Request(url + "api/tables", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return dict(json.loads(r.read()))


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
    every later auction turn passes, a bidder does not abandon, otherwise the first choice. The
    number of clicks."""
    bid_made = False
    for clicks in range(max_clicks):
        if projector.locator("#turn").inner_text().startswith(("The hand is over", "The match is over")):
            return clicks
        before = step(projector)
        acted = False
        for p in students:
            buttons = p.locator("#actions button.cardkit-action")
            if buttons.count() == 0 or not p.locator("#turn.yours").count():
                continue
            texts = buttons.all_inner_texts()
            if "look" in texts:
                pick = "look"
            elif not bid_made and any(t.startswith("bid") for t in texts):
                pick = next(t for t in texts if t.startswith("bid"))
                bid_made = True
            elif "pass" in texts:
                pick = "pass"
            else:
                pick = next((t for t in texts if t != "abandon"), texts[0])
            buttons.nth(texts.index(pick)).click()
            acted = True
            break
        if acted:
            projector.wait_for_function(f"Number(document.body.dataset.step) > {before}", timeout=20_000)
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
        # the projector: every seat's join link and its QR code (an SVG image), every hand face up
        links = page.locator(".join-link").all_inner_texts()
        assert links == [s["play"] for s in made["seats"]]
        page.wait_for_function("Array.from(document.querySelectorAll('img.qr')).every(i => i.complete)")
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
        shown = [int(x) for x in page.locator(".score-table td.score").all_inner_texts()]
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
            p.wait_for_function(f"Number(document.body.dataset.step) >= {final}")
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
            texts = student.locator("#actions button.cardkit-action").all_inner_texts()
            acked = step(student)
            if acked >= 6:
                break
            pick = "look" if "look" in texts else ("pass" if "pass" in texts else texts[0])
            student.locator("#actions button.cardkit-action").nth(texts.index(pick)).click()
            student.wait_for_function(f"Number(document.body.dataset.step) > {acked}", timeout=20_000)
        page.wait_for_function(f"Number(document.body.dataset.step) === {acked}", timeout=20_000)
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
            texts = student.locator("#actions button.cardkit-action").all_inner_texts()
            assert texts and student.locator("#turn.yours").count() == 1
            student.locator("#actions button.cardkit-action").nth(0).click()
            for p in (page, student):
                p.wait_for_function(f"Number(document.body.dataset.step) > {acked}", timeout=20_000)
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
                buttons = p.locator("#actions button.cardkit-action")
                sent = [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]
                shown = buttons.all_inner_texts()
                labels += list(zip(sent, shown))
                pick = sent.index("pass") if "pass" in sent else 0
                buttons.nth(pick).click()
                show.wait_for_function(f"Number(document.body.dataset.step) > {before}", timeout=20_000)
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
