"""Every notebook of the course works with no internet (no browser needed; runs in every ``make test``).

The browser tests render a few notebooks and record every request; this checks all of them,
cheaply, through their saved outputs (which nbval keeps equal to what running them gives): no
output loads a script, style sheet or picture from another host, none is a kind that JupyterLab
4 or Voila cannot draw offline (altair's default HTML pulls vega from a CDN; its ``mimetype``
renderer emits a Vega-Lite type that neither renders), and every notebook that uses altair turns
on its ``svg`` renderer (static SVG drawn in the kernel by vl-convert).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import REPO

NOTEBOOKS = sorted(p for p in (REPO / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
#: Output types a classroom page draws from the installed packages alone.
DRAWABLE = {"text/plain", "text/html", "text/markdown", "text/latex", "image/svg+xml", "image/png",
            "image/jpeg", "application/vnd.jupyter.widget-view+json"}
#: A script whose code names a URL (altair's HTML renderer loads vega that way, from a CDN).
SCRIPT_URL = re.compile(r"<script[^>]*>(?:(?!</script>).)*?(https?:)?//[\w.-]+\.[a-z]{2,}/", re.I | re.S)
#: A reference that makes the browser fetch something: <script src>, <link href>, <img src>, @import, url().
FETCH = re.compile(r"""<script[^>]*\bsrc\s*=\s*["']?(https?:)?//|<link[^>]*\bhref\s*=\s*["']?(https?:)?//|"""
                   r"""<img[^>]*\bsrc\s*=\s*["']?(https?:)?//|@import\s+(url\()?["']?(https?:)?//|url\(\s*["']?https?://""",
                   re.I)


def outputs(path: Path) -> list[dict]:
    return [o for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code" for o in c["outputs"]]


def text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else value if isinstance(value, str) else json.dumps(value)


def test_the_course_has_notebooks() -> None:
    assert len(NOTEBOOKS) >= 10 and any(p.parent.name == "500" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_notebook_outputs_fetch_nothing_from_the_internet(path: Path) -> None:
    for out in outputs(path):
        for mime, value in out.get("data", {}).items():
            assert mime in DRAWABLE, f"{mime} output: not drawn offline (altair: alt.renderers.enable('svg'))"
            if mime in ("text/html", "image/svg+xml", "text/markdown"):
                m = FETCH.search(text(value)) or SCRIPT_URL.search(text(value))
                assert m is None, f"{mime} output fetches from another host: {text(value)[max(0, m.start() - 40):m.end() + 60]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO / "notebooks")))
def test_altair_notebooks_draw_svg(path: Path) -> None:
    code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code")
    if re.search(r"^\s*(import altair|from altair)", code, re.M) or re.search(r"_chart\(", code):
        assert re.search(r"""renderers\.enable\(\s*["']svg["']""", code), "uses altair without the svg renderer"
