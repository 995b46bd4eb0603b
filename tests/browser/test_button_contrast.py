"""Card text on every button state reads at WCAG AA (contrast 4.5:1 or more), measured in headless
Chromium on a classroom page: Five Hundred's joker lesson (red cards, the joker's purple), with
cards picked (the pale picked state) and an answer judged; then 501♠'s trick lesson, whose tables show
legal cards green and the marriage buttons teal. Colours are read with ``getComputedStyle``, not from the style sheet's text."""

from __future__ import annotations

import pytest

from .conftest import REPO, page_errors, voila_argv, voila_page_screenshot, wait_for_voila

pytestmark = pytest.mark.browser

#: WCAG 2.1 AA for text under 18 pt (1.4.3).
AA = 4.5

#: Every visible button's text colour and background, as the browser draws them.
READ = """() => [...document.querySelectorAll('button.jupyter-button, button.widget-button')].filter(b => b.offsetParent !== null).map(b => {
  const s = getComputedStyle(b); return [b.innerText, s.color, s.backgroundColor, b.className]; })"""


def _rgb(css: str) -> tuple[float, ...]:
    parts = css[css.index("(") + 1:css.index(")")].split(",")
    return tuple(float(p) for p in parts[:3]) + ((float(parts[3]),) if len(parts) > 3 else (1.0,))


def _luminance(rgb: tuple[float, ...]) -> float:
    def f(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2])


def contrast(color: str, background: str) -> float:
    """WCAG contrast ratio of two computed CSS colours (a transparent ground is the page's white)."""
    fg, bg = _rgb(color), _rgb(background)
    if bg[3] == 0:
        bg = (255.0, 255.0, 255.0, 1.0)
    a, b = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_contrast_of_bare_colours():
    assert round(contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)"), 1) == 21.0
    assert round(contrast("rgb(192, 21, 47)", "rgb(0, 151, 167)"), 2) == 1.77  # red on the old teal
    assert contrast("rgb(0, 0, 0)", "rgba(0, 0, 0, 0)") == 21.0


@pytest.fixture(scope="module")
def lessons(tmp_path_factory):
    from .conftest import free_port, start_server

    port = free_port()
    server = start_server(voila_argv(str(REPO / "notebooks"), port), port,
                          tmp_path_factory.mktemp("voila") / "voila.log")
    yield server
    server.stop()


def test_card_text_on_every_button_state_reads_at_aa(lessons, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    context.set_default_timeout(120_000)
    page = context.new_page()
    try:
        page.goto(f"{lessons.url}voila/render/500/07_joker_in_no_trumps.ipynb")
        wait_for_voila(page, timeout=180_000)
        cards = page.locator(".cardkit-exercise .widget-button.cardkit-ex-red, "
                             ".cardkit-exercise .widget-button.cardkit-ex-joker")
        page.wait_for_selector(".cardkit-exercise .cardkit-ex-red", timeout=120_000)
        assert cards.count() >= 4
        for i in range(min(6, cards.count())):
            cards.nth(i).click()
        page.wait_for_timeout(500)
        picked = page.eval_on_selector_all(".cardkit-ex-picked", "els => els.length")
        assert picked >= 1
        voila_page_screenshot(page, "button_contrast_picked", max_height=16000)
        buttons = page.evaluate(READ)
        page.locator(".cardkit-exercise .cardkit-ex-check").first.click()  # the answer judged
        page.wait_for_timeout(500)
        buttons += page.evaluate(READ)
        assert len(buttons) > 20 and any("cardkit-ex-picked" in b[3] for b in buttons)
        page.goto(f"{lessons.url}voila/render/501/04_tricks_and_marriages.ipynb")  # tables: legal cards green
        wait_for_voila(page, timeout=180_000)
        page.wait_for_selector(".cardkit-table .cardkit-legal", timeout=120_000)
        buttons += page.evaluate(READ)
        assert any("mod-success" in b[3] for b in buttons) and any("mod-info" in b[3] for b in buttons)
        low = [(text, color, bg, round(contrast(color, bg), 2)) for text, color, bg, _cls in buttons
               if text.strip() and contrast(color, bg) < AA]
        assert low == [], low
        assert page_errors(page) == [], lessons.log_tail()
    finally:
        context.close()
