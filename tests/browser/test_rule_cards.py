"""Rule cards on a lesson page, in classroom mode (Voila, the kit's template), headless Chromium at
1280×720: a learner asks for a hint, clicks the rule it names ("rule 6 of Five Hundred", "regla 8
del 501") and reads that rule's card under it, in the page's language; the card's ✕ closes it.
The English card is saved as ``build/screenshots/rule_card.png`` (``docs/screenshots/`` with
``CARDKIT_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import pytest

from .conftest import REPO, page_errors, screenshot, voila_argv, wait_for_voila

pytestmark = pytest.mark.browser

NOTEBOOKS = REPO / "notebooks"


@pytest.mark.parametrize("name,words,heading", [
    ("500/02_tricks_trumps_and_bowers.ipynb", "trump", "of Five Hundred: "),
    ("501/es/04_bazas_y_matrimonios.ipynb", "Asiste al palo", "Regla 8 del 501: "),
])
def test_a_hints_rule_opens_its_card_on_a_lesson_page(serve, browser, name: str, words: str, heading: str) -> None:
    server = serve(lambda port: voila_argv(str(NOTEBOOKS), port))
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}voila/render/{name}")
        wait_for_voila(page, timeout=180_000)
        assert page_errors(page) == [], server.log_tail()
        page.wait_for_selector(".cardkit-exercise .cardkit-ex-hint")
        boxes = page.locator(".cardkit-exercise")
        assert boxes.count() > 0
        opened = None
        for i in range(boxes.count()):
            box = boxes.nth(i)
            box.locator(".cardkit-ex-hint").scroll_into_view_if_needed()
            box.locator(".cardkit-ex-hint").click()
            box.locator(".cardkit-ex-hint-text .cardkit-ex-note").wait_for(state="visible")
            link = box.locator(".cardkit-ex-hint-text .cardkit-rule-link")
            cards = box.locator(".cardkit-ex-hint-text .cardkit-rule-card").all_text_contents()
            if link.count() and any(words in c for c in cards):
                opened = box
                break
        assert opened is not None, "no hint on the page names the rule"
        card = opened.locator(".cardkit-ex-hint-text .cardkit-rule-card").filter(has_text=words)
        assert card.is_hidden()
        rule = card.get_attribute("data-rule")
        opened.locator(f".cardkit-ex-hint-text .cardkit-rule-link[data-rule='{rule}']").first.click()
        card.wait_for(state="visible")
        assert heading in card.inner_text() and words in card.inner_text()
        assert "rules.md" not in card.inner_text() and "§" not in card.inner_text()
        if name.startswith("500/"):
            card.evaluate("el => el.scrollIntoView({block: 'center'})")
            page.wait_for_timeout(300)
            screenshot(page, "rule_card", readme=True)
        card.locator(".cardkit-rule-close").click()
        card.wait_for(state="hidden")
    finally:
        ctx.close()
