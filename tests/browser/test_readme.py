"""The README's classroom sections point at things that exist (no browser needed).

The pictures the README shows are PNG files in ``docs/screenshots/``, made by the browser tests
(``make screenshots``); every one of them is shown, and the classroom command is a Makefile target.
"""

from __future__ import annotations

import re

from .conftest import REPO, SHOTS_DOCS, png_size

README = (REPO / "README.md").read_text()


def test_every_readme_picture_is_a_screenshot_the_tests_make() -> None:
    shown = set(re.findall(r"docs/screenshots/([\w-]+\.png)", README))
    files = {p.name for p in SHOTS_DOCS.glob("*.png")}
    assert {"table_widget.png", "bid_ladder_chart.png", "score_chart.png"} <= shown
    assert shown == files, (shown, files)
    for name in files:
        w, h = png_size(SHOTS_DOCS / name)
        assert w >= 300 and h >= 150, (name, w, h)
    made_by_tests = set(re.findall(r'"([\w-]+)", readme=True', "".join(
        p.read_text() for p in (REPO / "tests" / "browser").glob("test_*.py"))))
    assert {n.removesuffix(".png") for n in files} == made_by_tests


def test_make_present_is_documented_and_defined() -> None:
    assert "make present" in README
    makefile = (REPO / "Makefile").read_text()
    assert re.search(r"^present:", makefile, re.M) and re.search(r"^test:.*\btest-browser\b", makefile, re.M)
    assert "--Voila.ip=127.0.0.1" in makefile  # the classroom server listens on this machine only
