"""A whole class at the tables (issue #27), in real Chromium pages on a real server with its own
SQLite file: three four-handed Five Hundred tables made in one request (``POST /api/classes``),
three students' pages and a computer at each, the tables' projectors and the teacher's page.

Every table plays its hand through by clicking the students' pages: the lowest bid or a pass in
the auction, three cards chosen and confirmed at once to bury, then the first legal card. At the
first table a student first clicks a card the rules refuse: the sentence appears beside the hand
and the teacher's page counts it under its rule. Once the hands are over no student page offers
the next hand and a seat's "next hand" is refused; the teacher's page deals it at every table.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from typing import Any

import pytest

from .test_seat_page import PHONE, PROJECTOR, open_at
from .test_table_server import TOKEN, server_argv, step

pytestmark = pytest.mark.browser

#: What a student page offers to act on: its buttons and the legal cards of its hand.
CLICKABLE = "#actions button.cardkit-action:not([disabled]), #board tr.me button.cardkit-action:not([disabled])"


def teacher_get(url: str) -> dict[str, Any]:
    req = urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return dict(json.loads(r.read()))


def table_view(server_url: str, t: dict[str, Any]) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server_url}api/tables/{t['table']}?code={t['teacher']}", timeout=20) as r:
        return dict(json.loads(r.read()))


def act_by_clicking(page: Any, bid_made: bool) -> bool:
    """One action of the seat to act on ``page``: pass once a bid stands, else its first bid or
    card; three cards chosen and confirmed to bury. True when a bid was made."""
    before = step(page)
    confirm = page.locator("button.confirm-pick")
    if confirm.count():
        need = int(confirm.get_attribute("data-pick") or "3")
        for i in range(need):
            page.locator("#board tr.me button.pickable:not(.picked)").first.click()
        assert not confirm.is_disabled()
        confirm.click()
        page.wait_for_function(f"() => Number(document.body.dataset.step) >= {before + need}", timeout=20_000)
        return False
    passing = page.locator("#actions button[data-action='pass']")
    bidding = page.locator("button.rung.legal")
    bid = False
    if bid_made and passing.count():
        passing.click()
    elif bidding.count():
        bidding.first.click()
        bid = True
    else:
        page.locator(CLICKABLE).first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.step) > {before}", timeout=20_000)
    return bid


def test_a_class_of_three_tables_plays_a_hand_through_and_only_the_teacher_deals(serve, browser, tmp_path) -> None:
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    body = {"tables": 3, "game": "500", "players": 4, "computer": [3]}
    req = urllib.request.Request(server.url + "api/classes", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.status == 201
        made = json.loads(r.read())
    assert len(made["tables"]) == 3
    contexts: list[Any] = []
    try:
        teacher = open_teacher(browser, made["teacher"], contexts)
        tables = []
        for t in made["tables"]:
            students = [open_at(browser, s["play"], PHONE, contexts) for s in t["seats"] if s["play"]]
            assert len(students) == 3
            tables.append((t, students, open_at(browser, t["show"], PROJECTOR, contexts)))
        refused_rule = None
        bids = [False, False, False]
        over = [False, False, False]
        deadline = time.monotonic() + 240
        while not all(over):
            assert time.monotonic() < deadline, "the hands did not end by clicking"
            for i, (t, students, show) in enumerate(tables):
                if over[i]:
                    continue
                v = table_view(server.url, t)
                if v["to_act"] is None:
                    over[i] = True
                    continue
                if v["to_act"] in v["computer"]:
                    continue
                page = students[v["to_act"]]
                page.wait_for_function(f"() => Number(document.body.dataset.step) === {v['step']}", timeout=20_000)
                dimmed = page.locator("#board tr.me button.card.dimmed")
                if i == 0 and refused_rule is None and v["phase"] == "play" and dimmed.count():
                    # a card the rules refuse: its sentence beside the hand, nothing changed
                    dimmed.first.click()
                    page.wait_for_selector("#refusal")
                    said = page.locator("#refusal").inner_text()
                    assert said.startswith("✋ ") and "of Five Hundred)" in said, said
                    # the student reads the rule's words, never its id; the teacher's page counts it by item
                    assert "rules.md" not in (page.locator("#refusal").get_attribute("title") or "")
                    number = re.search(r"rule (\d+) of Five Hundred", said)
                    assert number, said
                    refused_rule = f"rules.md 500 §{number.group(1)}"
                    assert step(page) == v["step"] == table_view(server.url, t)["step"]
                bids[i] = act_by_clicking(page, bids[i]) or bids[i]
        assert refused_rule is not None, "no refused card was clicked"
        # the teacher's page counts the refusal under its rule (it asks every 2 s)
        teacher.wait_for_selector(f"li[data-rule='{refused_rule}']", timeout=10_000)
        status = teacher_get(f"{server.url}api/classes/{made['class']}")
        assert status["refusals"].get(refused_rule) == 1
        # the deals are the server's own random ones: a contract of the computer's side that fails
        # badly can end a match in one hand (rules.md 500 §12); then that table deals no more
        going_on = [not t["over"] for t in status["tables"]]
        assert [t["can_deal"] for t in status["tables"]] == going_on and any(going_on), [
            (t["phase"], t["to_act"], t["summary"], t["over"]) for t in status["tables"]]
        # the hands are over: no student deals the next hand, not even by sending it
        for t, students, show in tables:
            assert table_view(server.url, t)["hand"] == 1
            for page in students:
                page.wait_for_timeout(100)
                assert page.locator(CLICKABLE).count() == 0
            seat = t["seats"][0]
            req = urllib.request.Request(f"{server.url}api/tables/{t['table']}/actions", method="POST",
                                         data=json.dumps({"code": seat["code"], "action": "next hand"}).encode(),
                                         headers={"Content-Type": "application/json"})
            with pytest.raises(urllib.error.HTTPError) as no:
                urllib.request.urlopen(req, timeout=20)
            assert no.value.code == 409
        # the teacher deals the next hand at every table from the teacher's page
        teacher.locator("button", has_text="Deal the next hand at every table").click()
        for (t, students, show), goes_on in zip(tables, going_on):
            if not goes_on:
                continue
            for _ in range(100):
                if table_view(server.url, t)["hand"] == 2:
                    break
                time.sleep(0.1)
            assert table_view(server.url, t)["hand"] == 2
            show.wait_for_function("() => document.querySelector('#status').textContent.includes('Hand 2')",
                                   timeout=20_000)
    finally:
        for ctx in contexts:
            ctx.close()


def open_teacher(browser: Any, link: str, contexts: list[Any]) -> Any:
    """The teacher's page at 1920×1080, opened by the teacher's link (the token goes into the
    session cookie and leaves the address)."""
    ctx = browser.new_context(viewport=PROJECTOR)
    contexts.append(ctx)
    page = ctx.new_page()
    page.goto(link + ("&" if "?" in link else "?") + "token=" + TOKEN)
    assert "token=" not in page.url
    page.wait_for_selector("article.class-table")
    return page
