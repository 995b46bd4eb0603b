"""The debrief page (/debrief/ID, docs/server.md §11) in a real Chromium at 1920x1080, the projector's
size: a seeded Five Hundred hand is played to its end on a real server (seat A through the HTTP
API, three computer seats), the projector links its debrief, and the page steps through the
tricks with the solver's review beside trick 2, where A's 5♦ cost a trick (the hand of
tests/test_server_debrief.py). Screenshots at the projector's, a laptop's and a phone's size;
the projector's is docs/screenshots/debrief.png.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .conftest import SHOTS_DOCS, screenshot

pytestmark = pytest.mark.browser

TOKEN = "browser-test-teacher-token-debrief"
A_PLAYS = ["pass", "play 8♣", "play 5♦", "play K♥", "play 6♣", "play A♦", "play 6♥", "play 10♦", "play 10♥",
           "play J♥", "play J♦"]
BAD_CARD = "Trick 2: A played 5♦ (7 with best play after it); best was A♦ / 10♦ / J♦ (8)."


def call(method: str, url: str, body: Any = None, token: bool = False) -> Any:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {TOKEN}"} if token else {})}
    req = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method,
                                 headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def play_hand(url: str) -> dict[str, Any]:
    """A table of public seed 18 whose first hand A plays through the HTTP API to its end."""
    made = call("POST", url + "api/tables", {"game": "500", "players": 4, "computer": [1, 2, 3], "seed": 18,
                                             "public_seed": True}, token=True)
    code, todo = made["seats"][0]["code"], list(A_PLAYS)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        v = call("GET", f"{url}api/tables/{made['table']}?code={code}")
        if v["returns"] is not None:
            return dict(made)
        if v["to_act"] == 0 and v["legal"]:
            call("POST", f"{url}api/tables/{made['table']}/actions", {"code": code, "action": todo.pop(0),
                                                                      "step": v["step"]})
        else:
            time.sleep(0.02)
    raise AssertionError("the hand did not end")


def served_hand(serve: Any, tmp_path: Path) -> tuple[Any, dict[str, Any]]:
    """A real server (computer players with no delay, a database file) and its table whose first hand is over."""
    db = tmp_path / "tables.sqlite"
    server = serve(lambda port: [sys.executable, "-m", "cardkit", "serve", "--host", "127.0.0.1", "--port", str(port),
                                 "--db", str(db), "--computer-delay", "0", "--token", TOKEN])
    return server, play_hand(server.url)


def test_the_projector_steps_through_a_hand_with_the_solvers_review(serve, browser, tmp_path: Path) -> None:
    server, made = served_hand(serve, tmp_path)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    requests: list[str] = []
    errors: list[str] = []
    ctx.on("request", lambda r: requests.append(r.url))
    try:
        projector = ctx.new_page()
        projector.on("pageerror", lambda e: errors.append(str(e)))
        projector.goto(made["show"])
        projector.wait_for_selector("body[data-step]")
        link = projector.locator("a.debrief")
        link.wait_for(state="visible")
        assert link.inner_text() == "Debrief of hand 1"
        screenshot(projector, "debrief-link-projector")
        href = link.get_attribute("href")
        assert href.endswith(f"debrief/{made['table']}?code={made['teacher']}&hand=1")

        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + href.lstrip("/"))
        page.wait_for_selector("body[data-hand='1'][data-step='0']", timeout=60_000)
        # the teacher's code has left the address the class sees
        assert "code=" not in page.url and "hand=1" in page.url
        assert page.locator("#where").inner_text() == "The deal and the auction"
        assert page.locator(".middle .calls li").all_inner_texts() == ["C bid 6♣", "D pass", "A pass", "B pass"]
        assert page.locator(".seat[data-seat='0'] .card").all_inner_texts() == [
            "8♣", "6♣", "A♦", "J♦", "10♦", "5♦", "K♥", "J♥", "10♥", "6♥"]
        assert page.locator("#prev").is_disabled()
        shot = screenshot(page, "debrief-deal-1920")

        page.click("#next")
        page.wait_for_selector("body[data-step='1']")
        assert page.locator("#where").inner_text() == "Trick 1 of 10"
        page.click("#next")
        page.wait_for_selector("body[data-step='2']")
        # trick 2: B 4♦, C 8♦, D 9♦, A 5♦; D wins; the review beside it names A's 5♦
        assert page.locator(".trick-cards .big-card").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))") \
            == ["4♦", "8♦", "9♦", "5♦"]
        assert page.locator(".play.winner figcaption").inner_text().startswith("D")
        assert page.locator("#side .review-lines li").all_inner_texts() == [BAD_CARD]
        heights = page.locator(".trick-cards .big-card").evaluate_all(
            "cs => cs.map(c => c.getBoundingClientRect().height)")
        assert min(heights) >= 200, heights
        size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#side .review-lines')).fontSize)")
        assert size >= 28
        # the cards of the trick are marked in the hands at the start, those of trick 1 faded
        assert page.locator(".seat[data-seat='0'] .card.in-trick").inner_text() == "5♦"
        assert page.locator(".seat[data-seat='0'] .card.gone").all_inner_texts() == ["8♣"]
        # nothing runs past the bottom of a 1920x1080 screen
        shot = screenshot(page, "debrief", readme=True)
        assert page.evaluate("document.documentElement.scrollHeight") <= 1080
        SHOTS_DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, SHOTS_DOCS / "debrief.png")
        # the arrow keys step too (a presenter's clicker), to the score after trick 10
        for _i in range(9):
            page.keyboard.press("ArrowRight")
        page.wait_for_selector("body[data-step='11']")
        assert page.locator("#where").inner_text() == "The score"
        assert page.locator(".score-table tr.this_hand td").all_inner_texts() == ["+60", "+40", "+60", "+40"]
        assert page.locator("#next").is_disabled()
        assert BAD_CARD in page.locator("#side .review-lines li").all_inner_texts()
        screenshot(page, "debrief-score-1920")
        # a reload keeps the hand and the step (the code is kept in this tab's session)
        page.reload()
        page.wait_for_selector("body[data-hand='1'][data-step='11']")
        # a laptop and a phone
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector("body[data-step='10']")
        for width, height in ((1280, 720), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, f"debrief-{width}", full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        # Spanish
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(server.url + f"debrief/{made['table']}?code={made['teacher']}&hand=1&step=2&lang=es")
        page.wait_for_selector("body[data-step='2']")
        assert page.locator("#where").inner_text() == "Baza 2 de 10"
        assert page.locator("#side .review-lines li").inner_text().startswith("Baza 2: A ")
        screenshot(page, "debrief-es-1920")
        assert not errors, errors
        assert all(r.startswith(server.url) for r in requests), [r for r in requests if not r.startswith(server.url)]
    finally:
        ctx.close()


def test_a_seats_code_opens_no_debrief(serve, browser, tmp_path: Path) -> None:
    server, made = served_hand(serve, tmp_path)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = ctx.new_page()
        page.goto(server.url + f"debrief/{made['table']}?code={made['seats'][0]['code']}&hand=1")
        page.wait_for_function("() => document.getElementById('message').textContent.includes('teacher')")
        assert page.locator(".seat").count() == 0 and page.locator(".card").count() == 0
    finally:
        ctx.close()
