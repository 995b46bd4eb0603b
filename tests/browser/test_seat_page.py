"""A class at one table (issue #27, items 4 and 5), in real Chromium pages on a real server with its
own SQLite file: three students' pages and a computer play Five Hundred, every click on a card is
sent and a refusal is said beside the hand with its rule; burying confirms three cards at once;
the projector shows the trick in the middle of a 1920×1080 screen and keeps its code out of its
address; 501's bid chooser fits a phone.

The deal is the engine's own for seed 1 (``public_seed``), checked by hand: four players, B deals,
so C speaks first. C holds Jo A♠ 9♠ 5♠ 7♣ Q♦ 10♦ 9♦ 6♦ 4♦ and takes the kitty (A♥ Q♥ 10♥) after
bidding 6♠ (D, the computer, A and B pass); A holds J♠ K♠ Q♠ A♣ 9♣ J♦ 8♦ 5♦ 9♥ 8♥.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import screenshot
from .test_table_server import api_act, new_table, server_argv, step

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 720}
PROJECTOR = {"width": 1920, "height": 1080}


def wait_step(page: Any, n: int) -> None:
    page.wait_for_function(f"() => Number(document.body.dataset.step) === {n}", timeout=20_000)


def open_at(browser: Any, url: str, viewport: dict[str, int], contexts: list[Any]) -> Any:
    ctx = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 500)
    contexts.append(ctx)
    p = ctx.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.errors = errors
    p.goto(url)
    p.wait_for_selector("body[data-step]")
    return p


def hand(page: Any) -> list[str]:
    return list(page.locator("#board tr.me .cards .card").all_inner_texts())


def test_three_students_and_a_computer_are_taught_by_refusals(serve, browser, tmp_path) -> None:
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="500", players=4, computer=[3], seed=1)
    contexts: list[Any] = []
    try:
        show = open_at(browser, made["show"], PROJECTOR, contexts)
        # the projector's code leaves its address once open, and a reload still works from the session
        assert "code=" not in show.url and made["teacher"] not in show.url
        show.reload()
        show.wait_for_selector("body[data-step]")
        assert "code=" not in show.url and show.locator(".join-seat").count() == 4
        a = open_at(browser, made["seats"][0]["play"], PHONE, contexts)
        b = open_at(browser, made["seats"][1]["play"], LAPTOP, contexts)
        c = open_at(browser, made["seats"][2]["play"], LAPTOP, contexts)
        # partners from the game's units (rules.md 500 §1); the scores by side
        assert a.locator(".partners").inner_text() == "Your partner is C."
        assert b.locator(".partners").inner_text() == "Your partner is D."
        assert c.locator(".partners").inner_text() == "Your partner is A."
        assert show.locator(".score-table tr").first.locator("th").all_inner_texts() == ["", "A & C", "B & D"]
        # the auction: C opens; the whole ladder is a grid, misère dimmed (no seven yet, rules.md 500 §4)
        c.wait_for_selector("#turn.yours")
        assert c.locator(".ladder-grid button.rung").count() == 25
        assert c.locator(".ladder-grid button.rung.legal").count() == 25
        assert c.locator(".ladder-apart button.rung.dimmed").all_inner_texts() == ["bid misère"]
        c.locator("button.rung[data-action='bid misère']").click()
        c.wait_for_selector("#message .error")
        refused = c.locator("#message .error")
        assert refused.inner_text().startswith("C cannot bid misère: ")
        assert refused.inner_text().endswith("(rule 4 of Five Hundred)") and refused.get_attribute("title") is None
        # the rule's words open the rule's card under the sentence; a second click closes it
        card = c.locator("#message .rule-card")
        assert card.is_hidden()
        c.locator("#message .error button.rule-link", has_text="rule 4 of Five Hundred").click()
        card.wait_for(state="visible")
        assert card.inner_text().startswith("📖 Rule 4 of Five Hundred: Auction")
        assert "A pass is final" in card.inner_text()
        assert "rules.md" not in card.inner_text() + str(c.locator("#message .rule-link").get_attribute("title"))
        c.locator("#message .error button.rule-link").click()
        card.wait_for(state="hidden")
        assert step(c) == 0
        c.locator("button.rung[data-action='bid 6♠']").click()
        wait_step(a, 2)  # C's bid and D's pass
        a.locator("#actions button[data-action='pass']").click()
        wait_step(b, 3)
        b.locator("#actions button[data-action='pass']").click()
        wait_step(c, 4)
        # C buries: a click selects a card and buries nothing; three chosen, one button buries them
        assert hand(c) == ["Jo", "A♠", "9♠", "5♠", "7♣", "Q♦", "10♦", "9♦", "6♦", "4♦", "A♥", "Q♥", "10♥"]
        assert "Choose 3 cards of your hand" in c.locator(".click-card").inner_text()
        go = c.locator("button.confirm-pick")
        assert go.inner_text() == "bury these 3" and go.is_disabled()
        c.locator("#board tr.me button.card", has_text="A♥").click()
        c.wait_for_selector("button.card.picked")
        c.wait_for_timeout(500)
        assert step(c) == 4 and step(show) == 4 and len(hand(c)) == 13 and go.is_disabled()
        assert c.locator(".picked-count").inner_text() == "1 of 3 chosen"
        for card in ("Q♥", "10♥"):
            c.locator("#board tr.me button.card", has_text=card).click()
        assert c.locator("button.card.picked").all_inner_texts() == ["A♥", "Q♥", "10♥"] and not go.is_disabled()
        c.locator("button.confirm-pick").click()
        wait_step(c, 7)
        assert hand(c) == ["Jo", "A♠", "9♠", "5♠", "7♣", "Q♦", "10♦", "9♦", "6♦", "4♦"]
        assert c.locator("#log").inner_text().endswith("C: bury A♥\nC: bury Q♥\nC: bury 10♥")
        # C leads A♠; D (the computer) follows; A is to play
        c.locator("#board tr.me button.playable[data-action='play A♠']").click()
        wait_step(a, 9)
        assert hand(a) == ["J♠", "K♠", "Q♠", "A♣", "9♣", "J♦", "8♦", "5♦", "9♥", "8♥"]
        assert a.locator("#board tr.me button.card.playable").all_inner_texts() == ["J♠", "K♠", "Q♠"]
        assert a.locator("#board tr.me button.card.dimmed").count() == 7
        # B clicks a card out of turn: the sentence is beside B's hand, nothing changes
        b.locator("#board tr.me button.card").first.click()
        b.wait_for_selector("#refusal")
        assert b.locator("#refusal").inner_text() == "✋ it is A's turn, not B's"
        assert b.locator("#refusal").get_attribute("title") is None
        # A clicks A♣, which does not follow suit (the jack of spades, the right bower, is a spade)
        a.locator("#board tr.me button.card.dimmed[data-action='play A♣']").click()
        a.wait_for_selector("#refusal")
        assert a.locator("#refusal").inner_text() == (
            "✋ A cannot play A♣: must follow ♠: A holds J♠ K♠ Q♠ (rule 7 of Five Hundred)")
        assert a.locator("#refusal").get_attribute("title") is None
        a.locator("#refusal button.rule-link").click()  # the card opens under the sentence, by the hand
        a.locator("tr.said .rule-card").wait_for(state="visible")
        assert "Follow the suit led if you can" in a.locator("tr.said .rule-card").inner_text()
        a.locator("tr.said .rule-card button.rule-close").click()
        a.locator("tr.said .rule-card").wait_for(state="hidden")
        assert step(a) == 9 and step(show) == 9 and len(hand(a)) == 10
        box = a.locator("#refusal").bounding_box()
        row = a.locator("#board tr.me").bounding_box()
        assert box is not None and row is not None and 0 <= box["y"] - (row["y"] + row["height"]) < 40
        screenshot(a, "student_phone", readme=True)
        screenshot(b, "student_laptop", readme=True)
        # the projector: the trick in the middle, its cards at least 200 px high at 1920×1080
        shown = show.locator("#trick .card")
        assert shown.all_inner_texts() == ["A♠", hand_card(show)]
        for i in range(shown.count()):
            bb = shown.nth(i).bounding_box()
            assert bb is not None and bb["height"] >= 200, bb
            assert 480 < bb["x"] + bb["width"] / 2 < 1440
        score = show.locator(".score-table td.score").first.bounding_box()
        assert score is not None and score["height"] >= 40
        toggle = show.locator("button.toggle-hands").bounding_box()
        assert toggle is not None and toggle["height"] >= 48
        screenshot(show, "projector", readme=True)
        # A plays a legal card: accepted, the sentence gone
        a.locator("#board tr.me button.playable[data-action='play K♠']").click()
        wait_step(a, 10)
        assert a.locator("#refusal").count() == 0
        for p in (show, a, b, c):
            assert p.errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def hand_card(show: Any) -> str:
    """D's card in the trick, as the projector shows it (the computer's choice)."""
    return str(show.locator("#trick .play").nth(1).locator(".card").inner_text())


def test_the_projector_opens_its_join_links_with_large_qr_codes(serve, browser, tmp_path) -> None:
    """Before the first action the join links are open: each QR code is at least 360 px wide at
    1920×1080 (scannable from 5 m), and the address holds no code."""
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="500", players=4, computer=[3], seed=1)
    contexts: list[Any] = []
    try:
        show = open_at(browser, made["show"], PROJECTOR, contexts)
        show.wait_for_function("() => Array.from(document.querySelectorAll('img.qr')).every(i => i.complete)")
        sizes = show.locator("img.qr").evaluate_all("qs => qs.map(q => q.getBoundingClientRect().width)")
        assert len(sizes) == 3 and min(sizes) >= 360, sizes
        assert "code=" not in show.url
        screenshot(show, "projector_join")
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_501_bid_chooser_fits_a_phone(serve, browser, tmp_path) -> None:
    """501 bids at 390×844 (rules.md 501 §5: any whole number above the standing bid, 66 at
    least): the lowest and the next multiples of 5 one tap each, a stepper through the multiples
    of 5; nothing wider than the phone."""
    server = serve(server_argv(tmp_path / "tables.sqlite"))
    made = new_table(server.url, game="501", players=3, seed=5)  # C deals: A speaks first
    contexts: list[Any] = []
    try:
        a = open_at(browser, made["seats"][0]["play"], PHONE, contexts)
        a.locator("#actions button[data-action='look']").click()
        wait_step(a, 1)
        quick = a.locator(".steps .quick button").evaluate_all("bs => bs.map(b => b.dataset.action)")
        assert quick == ["bid 66", "bid 70", "bid 75", "bid 80", "bid 85", "bid 90"]
        go = a.locator(".stepper .step-go")
        assert go.inner_text() == "bid 66" and a.locator(".stepper .step-down").is_disabled()
        a.locator(".stepper .step-up").click()
        a.locator(".stepper .step-up").click()
        assert go.inner_text() == "bid 75"
        a.locator(".stepper .step-down").click()
        assert go.inner_text() == "bid 70"
        for b in a.locator(".steps button").all():
            bb = b.bounding_box()
            assert bb is not None and bb["height"] >= 44 and bb["x"] + bb["width"] <= 390
        assert a.evaluate("document.documentElement.scrollWidth") <= 390
        go.click()
        wait_step(a, 2)
        assert "A 70" in a.locator("#status").inner_text() or "70" in a.locator("#log").inner_text()
        api_act(server.url, made, 1, "look")
        b = open_at(browser, made["seats"][1]["play"], PHONE, contexts)
        wait_step(b, 3)
        quick = b.locator(".steps .quick button").evaluate_all("bs => bs.map(b => b.dataset.action)")
        assert quick == ["bid 71", "bid 75", "bid 80", "bid 85", "bid 90", "bid 95"]
        b.locator(".steps .quick button[data-action='bid 80']").click()
        wait_step(b, 4)
        screenshot(b, "student_phone_501_bid")
        assert a.errors == [] and b.errors == []
    finally:
        for ctx in contexts:
            ctx.close()
