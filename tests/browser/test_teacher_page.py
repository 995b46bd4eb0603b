"""The teacher's page of a class (``/teach/ID``, docs/server.md §10) in real Chromium: a class of
three four-handed Five Hundred tables made in one request, its page opened through the teacher's
link at 1920x1080 shows the three tables, their sides and the rules the class broke (a refusal
made at table 2), and its "next hand" and "pause" buttons reach the server. The join cards' page,
printed to the PDF, is photographed too (docs/screenshots/join_cards.png).

A class dealt the same cards: once hand 1 is over at two of its three tables, the page shows
"Hand 1 at every table" (each table's contract, who bid it, the tricks each side took, made or
not, the hand's score and a link to its debrief), the third table as still playing, and the rules
broken in plain words (docs/screenshots/teacher_page.png); the debrief link opens that hand.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from server_tools import play_hand, wait_for_a

from .conftest import screenshot
from .test_table_server import TOKEN, server_argv

pytestmark = pytest.mark.browser

AUTH = {"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"}


def call(url: str, body: Any = None, method: str = "POST") -> tuple[int, Any]:
    req = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(), method=method,
                                 headers=AUTH)
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_the_teacher_sees_every_table_of_the_class(serve: Any, page: Any, tmp_path: Path) -> None:
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    status, made = call(server.url + "api/classes", {"tables": 3, "game": "500", "players": 4, "computer": [3],
                                                     "names": ["Ana", "Ben", "Cruz", "Dani"]})
    assert status == 201, made
    # a refusal at table 2: a student seat that is not to act bids
    t2 = made["tables"][1]
    view = call(server.url + f"api/tables/{t2['table']}?code={t2['teacher']}", method="GET")[1]
    other = next(s for s in range(3) if s != view["to_act"])
    status, err = call(server.url + f"api/tables/{t2['table']}/actions",
                       {"code": t2["seats"][other]["code"], "action": "pass"})
    assert status == 409 and err["rule"] == "server.md §4"

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(server.url + f"?token={TOKEN}")  # the teacher's link: the cookie
    page.goto(made["teacher"])
    page.wait_for_selector("article.class-table >> nth=2")
    tables = page.locator("article.class-table")
    assert tables.count() == 3
    assert [h.strip() for h in page.locator("article.class-table h2").all_text_contents()] == \
        ["Table 1", "Table 2", "Table 3"]
    first = tables.nth(0)
    assert first.locator("table.sides td").all_text_contents()[0::3] == ["Ana + Cruz", "Ben + Dani"]
    assert tables.nth(1).locator(".refusals").inner_text().startswith("Refused: 1")
    broke = page.locator("#broke").inner_text()
    assert "In total: 1 refusals" in broke
    assert page.locator("#broke li .rule").text_content() == "act only in your turn"
    assert page.locator("#broke li .rule").get_attribute("title") == "server.md §4"
    assert page.locator("#compare").is_hidden()  # no hand over yet
    # every table fits the projector's screen at once
    boxes = [tables.nth(i).bounding_box() for i in range(3)]
    assert all(b is not None and b["y"] + b["height"] <= 1080 and b["x"] + b["width"] <= 1920 for b in boxes)
    screenshot(page, "teacher_page_start")
    # the pause button reaches the server, and the page says so
    page.click("#controls button.pause")
    page.wait_for_selector("body.paused")
    assert call(server.url + f"api/classes/{made['class']}", method="GET")[1]["paused"] is True
    page.click("#controls button.pause")
    page.wait_for_selector("body:not(.paused)")
    for size, name in (((390, 844), "teacher_page_phone"), ((1280, 720), "teacher_page_laptop")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        time.sleep(0.3)
        screenshot(page, name)
    assert not page.recorded.errors, page.recorded.errors
    # the only failed load is the icon Chromium asks for by itself (the server has none)
    assert all("404" in c for c in page.recorded.console), page.recorded.console
    assert [u for u in page.recorded.requests if "favicon" not in u and "/api/" not in u and "/static/" not in u
            and "/teach/" not in u and "?token=" not in u and u != server.url] == []
    assert all(u.startswith(server.url) for u in page.recorded.requests)

    # the join cards, as they are printed (A4 at 96 dpi)
    page.set_viewport_size({"width": 794, "height": 1123})
    page.emulate_media(media="print")
    page.goto(made["cards"].replace("cards.pdf", "cards.html"))
    assert page.locator("div.card").count() == 9
    screenshot(page, "join_cards", readme=True)


def signed(n: int) -> str:
    """A hand's score as the page writes it: +120, -500, 0."""
    return f"+{n}" if n > 0 else str(n)


def test_hand_one_at_every_table_side_by_side(serve: Any, page: Any, tmp_path: Path) -> None:
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    status, made = call(server.url + "api/classes", {"tables": 3, "game": "500", "players": 4, "computer": [1, 2, 3],
                                                     "same_deals": True, "names": ["Ana", "Ben", "Cruz", "Dani"]})
    assert status == 201, made
    t1, t2, t3 = made["tables"]
    # at table 3 Ana bids 10NT, the highest bid: the others pass, and Ana, the contractor, bids
    # again instead of burying three cards: refused (rules.md 500 §5). The table is still playing.
    act3 = server.url + f"api/tables/{t3['table']}/actions"
    assert wait_for_a(server, t3)["phase"] == "auction"
    status, err = call(act3, {"code": t3["seats"][0]["code"], "action": "bid 10NT"})
    assert status == 200, err
    assert wait_for_a(server, t3)["phase"] == "bury"
    status, err = call(act3, {"code": t3["seats"][0]["code"], "action": "bid 6♠"})
    assert status == 409 and err["rule"] == "rules.md 500 §5", err
    ends = [play_hand(server, t) for t in (t1, t2)]

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(server.url + f"?token={TOKEN}")
    page.goto(made["teacher"])
    page.wait_for_selector("#compare table.comparison tr[data-table]")
    assert page.locator("#compare h2").inner_text() == "Hand 1 at every table"
    assert page.locator("#compare .same").inner_text() == "Every table was dealt the same cards."
    rows = page.locator("#compare tr[data-table]")
    assert rows.count() == 2
    for i, (t, end) in enumerate(zip((t1, t2), ends)):
        row = rows.nth(i)
        assert row.get_attribute("data-table") == t["table"]
        assert row.locator(".number").inner_text() == str(i + 1)
        names = ["Ana", "Ben", "Cruz", "Dani"]
        contractor = next(c for c in reversed(end["calls"]) if c[1].startswith("bid "))[0]
        assert row.locator(".contract .text").inner_text() == end["summary"].split(":")[0]  # "Ana 6♠"
        assert row.locator(".contract .text").inner_text().startswith(names[contractor] + " ")
        assert row.locator(".contract .auction").inner_text() == " · ".join(f"{names[s]} {c}" for s, c in end["calls"])
        won = [sum(1 for tr in end["tricks"] if tr["winner"] in side) for side in ((0, 2), (1, 3))]
        assert row.locator(".took div").all_inner_texts() == [
            f"Ana + Cruz: {won[0]} trick{'s' if won[0] != 1 else ''}", f"Ben + Dani: {won[1]} trick{'s' if won[1] != 1 else ''}"]
        assert row.locator(".score div").all_inner_texts() == [
            f"Ana + Cruz {signed(end['returns'][0])}", f"Ben + Dani {signed(end['returns'][1])}"]
        made_text = "made" if end["returns"][contractor] > 0 else "not made"
        assert row.locator("td.made").inner_text() == made_text
        link = row.locator("a.debrief")
        assert link.get_attribute("href") == server.url + f"debrief/{t['table']}?code={t['teacher']}&hand=1"
    assert page.locator("#compare .playing").inner_text() == "Still playing this hand: table 3 (at hand 1)"
    # each table that has finished a hand links its debrief on its card too
    assert page.locator("article.class-table a.debrief").count() == 2
    assert page.locator("#broke li .rule").all_text_contents() == ["bury three cards (rule 5 of Five Hundred)"]
    page.locator("#compare").scroll_into_view_if_needed()
    box = page.locator("#compare").bounding_box()
    assert box is not None and box["width"] >= 900  # the comparison reads across the projector
    page.evaluate("window.scrollTo(0, 0)")
    screenshot(page, "teacher_page", readme=True, full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    time.sleep(0.3)
    screenshot(page, "teacher_page_compare_phone", full_page=True)
    assert not page.recorded.errors, page.recorded.errors

    # in Spanish
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(made["teacher"] + "?lang=es")
    page.wait_for_selector("#compare table.comparison tr[data-table]")
    assert page.locator("#compare h2").inner_text() == "La mano 1 en todas las mesas"
    assert page.locator("#broke li .rule").all_text_contents() == ["descartar tres cartas (regla 5 del Quinientos)"]
    assert page.locator("#compare .playing").inner_text() == "Aún juegan esta mano: mesa 3 (en la mano 1)"
    screenshot(page, "teacher_page_compare_es")

    # the debrief link opens hand 1 of table 1
    page.goto(rows.nth(0).locator("a.debrief").get_attribute("href"))
    page.wait_for_selector("body[data-hand='1'][data-step='0']", timeout=90_000)
