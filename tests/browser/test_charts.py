"""The course's altair charts, in a real browser with no internet: static SVG drawn in the kernel
(altair's ``svg`` renderer through vl-convert), so the page fetches nothing from a CDN.

``notebooks/501/05_scoring_and_finish.ipynb`` plays a seeded match to its end (rules.md 501 §11:
a score at 0 or below ends it) and charts the running scores with
:func:`cardkit.widgets.score_chart`. The test reads the match's score sheet as the page shows it
and checks the chart against it: one point per seat per hand plus the start, the three seats in
the legend, the rule at 0, and a last row with a score at or below 0.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from urllib.parse import unquote

import pytest

from .conftest import REPO, page_errors, png_size, screenshot, voila_argv, wait_for_voila

pytestmark = pytest.mark.browser

SCORING = REPO / "notebooks" / "501" / "05_scoring_and_finish.ipynb"
TITLE = "Running scores, hand by hand"
SEATS = ["A", "B", "C"]


def match_sheet(page) -> list[dict[str, str]]:
    """The longest score sheet on the page (pandas' table with a 'summary' column) as row dicts."""
    tables = page.locator("table.dataframe").evaluate_all("""ts => ts.map(t => {
        const head = Array.from(t.tHead.rows[0].cells).map(c => c.innerText.trim());
        const rows = Array.from(t.tBodies[0].rows).map(r => Array.from(r.cells).map(c => c.innerText.trim()));
        return {head, rows};
    })""")
    sheets = [t for t in tables if "summary" in t["head"]]
    assert sheets, "no score sheet on the page"
    best = max(sheets, key=lambda t: len(t["rows"]))
    return [dict(zip(best["head"], row)) for row in best["rows"]]


SVG = "{http://www.w3.org/2000/svg}"


def score(cell: str) -> int:
    """A running score as the sheet writes it, a negative one with a true minus sign ("−22")."""
    return int(cell.replace("−", "-"))


def shown_svgs(page) -> list[ET.Element]:
    """The SVG outputs on the page. JupyterLab's renderer (Voila's too) shows an SVG output as an
    ``<img>`` whose source is a ``data:`` URL of the drawing itself; this decodes them."""
    out = []
    for src in page.locator(".jp-RenderedSVG img").evaluate_all("els => els.map(e => e.getAttribute('src'))"):
        assert src.startswith("data:image/svg+xml,"), src[:80]  # inline, not fetched from anywhere
        out.append(ET.fromstring(unquote(src.split(",", 1)[1])))
    return out


def texts(svg: ET.Element, cls: str = "") -> list[str]:
    """The text of every <text> inside groups whose class contains ``cls``."""
    groups = [g for g in svg.iter(f"{SVG}g") if cls in g.get("class", "")] if cls else [svg]
    return [t.text or "" for g in groups for t in g.iter(f"{SVG}text")]


def test_score_chart_is_inline_svg_matching_the_score_sheet(serve, page) -> None:
    server = serve(lambda port: voila_argv(str(SCORING), port))
    page.goto(server.url)
    wait_for_voila(page)
    assert page_errors(page) == [], server.log_tail()

    sheet = match_sheet(page)
    hands = len(sheet)
    assert hands > 1
    assert not any(row[s].startswith("-") for row in sheet for s in SEATS)  # a true minus sign, "−22"
    last = [score(sheet[-1][s]) for s in SEATS]
    assert min(last) <= 0, last  # the match ended (rules.md 501 §11)
    assert all(min(score(row[s]) for s in SEATS) > 0 for row in sheet[:-1])

    charts = [svg for svg in shown_svgs(page) if TITLE in texts(svg)]
    assert len(charts) == 1, f"{len(charts)} charts titled {TITLE!r}"
    svg = charts[0]
    symbols = [g for g in svg.iter(f"{SVG}g") if g.get("class", "").startswith("mark-symbol role-mark")]
    points = sum(1 for g in symbols for _p in g.iter(f"{SVG}path"))
    assert points == len(SEATS) * (hands + 1), (points, hands)
    assert texts(svg, "role-legend-label") == SEATS
    rules = [g for g in svg.iter(f"{SVG}g") if g.get("class", "").startswith("mark-rule role-mark")]
    assert len(rules) == 1  # the dashed rule at 0
    axes = texts(svg, "role-axis")
    assert {"hand", "score", "0", str(hands)} <= set(axes), axes

    index = [i for i, e in enumerate(page.locator(".jp-RenderedSVG img").all()) if TITLE in unquote(e.get_attribute("src"))]
    chart = page.locator(".jp-RenderedSVG img").nth(index[0])
    shot = screenshot(chart, "score_chart", readme=True)
    w, h = png_size(shot)
    assert w > 300 and h > 150, (w, h)
    assert page.recorded.foreign_hosts() == []
    assert page.recorded.errors == []
