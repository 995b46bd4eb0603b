"""A class at the table server, in real Chromium pages: 3 four-handed Five Hundred tables, three
students and a computer at each (issue 27: page-load and action round-trip figures).

A real server (``python -m cardkit serve``, computer delay 0) is started on a free port of
127.0.0.1 with a fresh SQLite file; ``POST /api/classes`` makes the class in one request. One
headless Chromium (``/usr/bin/chromium``) opens, all at once, the nine student pages (each its own
context, as nine phones), the three projector pages and the teacher's page, and notes for each the
time from asking for the page to its first view drawn (``document.body.dataset.step`` set; the
teacher's page: its three tables drawn); then each student page once more, alone.

Then the hands are played by clicking: at each table in turn, the page of the seat to act clicks
its first marked action (a legal card or button; a bury's three cards are chosen and confirmed,
not timed), and the figures are the times from the click to the clicking page drawing the new step,
and to the table's projector drawing it. The computer seats answer at once (``--computer-delay 0``)
and their steps are not counted. Everything shares this machine's cores: the figures are for the
whole system (server, 13 pages, the script).

Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_class.py [--tables 3] [--actions 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "bench-class-teacher-token-0001"
CHROMIUM = "/usr/bin/chromium"

#: What a student page offers to click: the buttons above the table and the marked cards of the hand.
CLICKABLE = "#actions button.cardkit-action:not([disabled]), #board tr.me button.cardkit-action:not([disabled])"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def start(port: int, db: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "cardkit", "serve", "--port", str(port), "--db", str(db),
                             "--computer-delay", "0", "--token", TOKEN], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def line(label: str, xs: list[float]) -> str:
    if not xs:
        return f"{label:<34} (none)"
    return (f"{label:<34} n={len(xs):<4} p50 {statistics.median(xs) * 1000:7.1f} ms   "
            f"p90 {pct(xs, 90) * 1000:7.1f} ms   max {max(xs) * 1000:7.1f} ms")


WATCH = """() => { window.__steps = {}; const note = () => { const s = document.body.dataset.step;
  if (s !== undefined && !(s in window.__steps)) window.__steps[s] = Date.now(); };
  new MutationObserver(note).observe(document.body, {attributes: true, attributeFilter: ['data-step']}); note(); }"""


async def wait_until(page: Any, expression: str, timeout: float = 30.0) -> None:
    """Poll ``expression`` in ``page`` until it is true (the pages' Content-Security-Policy refuses
    the string evaluation that Playwright's ``wait_for_function`` uses)."""
    end = time.perf_counter() + timeout
    while not await page.evaluate(expression):
        if time.perf_counter() > end:
            raise TimeoutError(f"{expression} stayed false for {timeout:g} s")
        await asyncio.sleep(0.005)


async def open_page(browser: Any, url: str, size: tuple[int, int],
                    ready: str = "document.body.dataset.step !== undefined") -> tuple[Any, float]:
    ctx = await browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = await ctx.new_page()
    t0 = time.perf_counter()
    await page.goto(url)
    await wait_until(page, ready)
    took = time.perf_counter() - t0
    await page.evaluate(WATCH)
    return page, took


async def step_of(page: Any) -> int:
    return int(await page.evaluate("Number(document.body.dataset.step || -1)"))


async def act_once(student: Any, projector: Any) -> tuple[float, float] | None:
    """Click the first marked action of ``student`` (a bury: three cards, then the confirmation);
    the times to the new step on the student's page and on the projector (seconds), or None."""
    before = await step_of(student)
    picks = student.locator("#board tr.me button.pickable")
    confirm = student.locator("button.confirm-pick")
    if await picks.count() and await confirm.count():  # a bury: three cards, then confirm (not timed)
        need = int(await confirm.first.get_attribute("data-pick") or "3")
        for i in range(need):
            await picks.nth(i).click()
        await confirm.first.click()
        await wait_until(student, f"Number(document.body.dataset.step) >= {before + need}")
        return None
    target = student.locator(CLICKABLE).first
    if not await target.count():
        return None
    t0 = time.time() * 1000
    await target.click()
    await wait_until(student, f"Number(document.body.dataset.step) > {before}")
    await wait_until(projector, f"Number(document.body.dataset.step) > {before}")
    got = await student.evaluate(f"window.__steps[String({before + 1})] || window.__steps[document.body.dataset.step]")
    shown = await projector.evaluate(f"window.__steps[String({before + 1})] || window.__steps[document.body.dataset.step]")
    return (got - t0) / 1000, (shown - t0) / 1000


async def run(n_tables: int, n_actions: int) -> int:
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        proc = start(port, Path(tmp) / "tables.sqlite")
        url = f"http://127.0.0.1:{port}/"
        try:
            t0 = time.perf_counter()
            made = post(url + "api/classes", {"tables": n_tables, "game": "500", "players": 4, "computer": [3],
                                             "go_on": True})
            print(f"POST /api/classes ({n_tables} tables): {(time.perf_counter() - t0) * 1000:.1f} ms")
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                jobs = []
                for t in made["tables"]:
                    jobs += [open_page(browser, s["play"], (390, 844)) for s in t["seats"] if s["play"]]
                    jobs.append(open_page(browser, t["show"], (1920, 1080)))
                teacher_job = open_page(browser, made["teacher"] + ("&" if "?" in made["teacher"] else "?")
                                        + "token=" + TOKEN, (1920, 1080),
                                        f"document.querySelectorAll('article.class-table').length === {n_tables}")
                t0 = time.perf_counter()
                opened = await asyncio.gather(*jobs)
                wall = time.perf_counter() - t0
                per = n_tables and len(opened) // n_tables
                students = [took for i, (_, took) in enumerate(opened) if i % per != per - 1]
                projectors = [took for i, (_, took) in enumerate(opened) if i % per == per - 1]
                try:
                    _, teach_took = await teacher_job
                    teach = [teach_took]
                except Exception as e:  # the teacher's page draws no step: its load is not counted
                    print(f"teacher's page: {type(e).__name__}")
                    teach = []
                print(f"{len(opened)} pages opened at once in {wall:.2f} s")
                print(line("page load, student (390x844)", students))
                print(line("page load, projector (1920x1080)", projectors))
                print(line("page load, teacher's page", teach))
                one_by_one = []
                for t in made["tables"]:  # then each student page again, alone: a page with the machine to itself
                    for s in t["seats"]:
                        if s["play"]:
                            page, took = await open_page(browser, s["play"], (390, 844))
                            one_by_one.append(took)
                            await page.context.close()
                print(line("page load, student, one at a time", one_by_one))
                pages = [[p for p, _ in opened[i * per:(i + 1) * per]] for i in range(n_tables)]
                own, proj = [], []
                idle = 0
                while len(own) < n_actions and idle < 3 * n_tables:
                    for table in pages:
                        acted = False
                        for student in table[:-1]:
                            if await student.locator("#turn.yours").count():
                                r = await act_once(student, table[-1])
                                if r is not None:
                                    own.append(r[0])
                                    proj.append(r[1])
                                    acted = True
                                break
                        idle = 0 if acted else idle + 1
                        await asyncio.sleep(0.05)
                print(line("action → own page redrawn", own))
                print(line("action → projector redrawn", proj))
                await browser.close()
        finally:
            proc.terminate()
            proc.wait(10)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--actions", type=int, default=60, help="student actions to time (default 60)")
    args = parser.parse_args()
    return asyncio.run(run(args.tables, args.actions))


if __name__ == "__main__":
    sys.exit(main())
