"""The teacher's page of a class (``/teach/ID``, docs/server.md §10) in real Chromium: a class of
three four-handed Five Hundred tables made in one request, its page opened through the teacher's
link at 1920x1080 shows the three tables, their sides and the rules the class broke (a refusal
made at table 2), and its "next hand" and "pause" buttons reach the server. The join cards' page,
printed to the PDF, is photographed too (docs/screenshots/join_cards.png).
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

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
    assert "In total: 1 refusals" in broke and "server.md §4" in broke
    # every table fits the projector's screen at once
    boxes = [tables.nth(i).bounding_box() for i in range(3)]
    assert all(b is not None and b["y"] + b["height"] <= 1080 and b["x"] + b["width"] <= 1920 for b in boxes)
    screenshot(page, "teacher_page", readme=True)
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
