"""How fast a classroom page opens, cold and preheated, and what each page view costs in memory.

    .venv/bin/python benchmarks/bench_present.py [NOTEBOOK] [--runs 5] [--pool 5]

Starts ``make present`` (Voila with the kit's template) twice on a free port of 127.0.0.1, serving
one notebook (default: the 501♠ deal and auction lesson): once with ``PRESENT_POOL=0`` (every page
view starts a kernel and runs the page: *cold*) and once with ``PRESENT_POOL=N`` (Voila keeps N
kernels that have already run the page: *preheated*; the benchmark waits until the pool is full).
Each run opens the page ``--runs`` times, one after the other, in headless Chromium
(``/usr/bin/chromium``) at 1280×720 and prints the median of:

(Preheated: the benchmark waits until the pool's kernels have run the page and gone idle, as
they have when a class arrives a few minutes after the server started.)

- **first paint**: the browser's first contentful paint, from the navigation start;
- **clickable table**: until a table button (``.cardkit-table button``) is visible and enabled, from
  the navigation start (a page without a table: until Voila shows the page);

and, per page view, the resident memory of its kernel (the median over the kernels started, read
from /proc). Needs Chromium and Playwright, like the browser tests; nothing is fetched.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = Path(sys.executable).parent.parent
CHROMIUM = os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kernels(root: int) -> dict[int, int]:
    """``{pid: resident kB}`` of the ipykernel processes descending from ``root``."""
    parent, rss, cmd = {}, {}, {}
    for d in Path("/proc").glob("[0-9]*"):
        try:
            parent[int(d.name)] = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmd[int(d.name)] = (d / "cmdline").read_bytes()
            m = re.search(r"VmRSS:\s+(\d+)", (d / "status").read_text())
            rss[int(d.name)] = int(m.group(1)) if m else 0
        except (OSError, IndexError, ValueError):
            continue
    found, frontier = set(), [root]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p and c not in found]
        found.update(kids)
        frontier.extend(kids)
    return {p: rss[p] for p in found if b"ipykernel" in cmd.get(p, b"")}


def serve(notebook: str, pool: int, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    argv = ["make", "-s", "-C", str(ROOT), "-o", f"{VENV}/.installed-stamp", "present", f"VENV={VENV}",
            f"PRESENT_PATH={notebook}", f"PRESENT_PORT={port}", f"PRESENT_POOL={pool}", "PRESENT_FLAGS=--no-browser"]
    out = open(log, "wb")
    proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.2)
    if pool:  # wait until the pool holds `pool` kernels that have run the page (and gone idle)
        while time.monotonic() < deadline + 300:
            if "is filled with" in log.read_text(errors="replace") and len(kernels(proc.pid)) >= pool:
                break
            time.sleep(0.5)
        wait_idle(proc.pid)
    return proc, f"http://127.0.0.1:{port}/"


def cpu_seconds(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


def wait_idle(root: int, limit: float = 300) -> None:
    """Wait until the server's kernels have run their pages: less than 0.1 s of CPU in 2 s."""
    deadline = time.monotonic() + limit
    before = cpu_seconds(list(kernels(root)))
    while time.monotonic() < deadline:
        time.sleep(2)
        now = cpu_seconds(list(kernels(root)))
        if now - before < 0.1:
            return
        before = now


def stop(proc: subprocess.Popen[bytes]) -> None:
    for pid in kernels(proc.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except (OSError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, signal.SIGKILL)


def open_page(browser, url: str) -> tuple[float, float]:
    """(first paint, clickable table) in seconds for one page view."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    try:
        t0 = time.monotonic()
        page.goto(url, wait_until="commit", timeout=180_000)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=180_000)
        page.wait_for_selector("#loading", state="detached", timeout=180_000)
        if page.locator(".cardkit-table").count():
            page.locator(".cardkit-table button:enabled").first.wait_for(state="visible", timeout=180_000)
        ready = time.monotonic() - t0
        paint = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: NaN}).startTime")
        return float(paint) / 1000, ready
    finally:
        ctx.close()


def measure(notebook: str, pool: int, runs: int, browser) -> dict[str, float]:
    log = ROOT / "build" / f"bench_present_pool{pool}.log"
    log.parent.mkdir(exist_ok=True)
    proc, url = serve(notebook, pool, log)
    page_url = url if notebook.endswith(".ipynb") else url
    try:
        before = set(kernels(proc.pid))
        paints, readies = [], []
        for _i in range(runs):
            paint, ready = open_page(browser, page_url)
            paints.append(paint)
            readies.append(ready)
        time.sleep(1)
        mem = kernels(proc.pid)
        used = [kb for pid, kb in mem.items()] or [0]
        print(f"  pool {pool}: first paint {[round(x, 2) for x in paints]}, clickable {[round(x, 2) for x in readies]}",
              flush=True)
        return {"first paint": statistics.median(paints), "clickable": statistics.median(readies),
                "worst clickable": max(readies), "kernel MB": statistics.median(used) / 1024,
                "kernels": len(mem), "kernels before": len(before)}
    finally:
        stop(proc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("notebook", nargs="?", default="notebooks/501/02_deal_and_auction.ipynb")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pool", type=int, default=5)
    a = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            rows = {"cold (PRESENT_POOL=0)": measure(a.notebook, 0, a.runs, browser),
                    f"preheated (PRESENT_POOL={a.pool})": measure(a.notebook, a.pool, a.runs, browser)}
        finally:
            browser.close()
    print(f"{a.notebook}: median of {a.runs} page views at 1280x720, headless Chromium, {os.cpu_count()} cores")
    print(f"{'':28} {'first paint':>12} {'clickable':>10} {'worst':>7} {'MB/kernel':>10} {'kernels':>8}")
    for name, r in rows.items():
        print(f"{name:28} {r['first paint']:>11.2f}s {r['clickable']:>9.2f}s {r['worst clickable']:>6.2f}s "
              f"{r['kernel MB']:>10.0f} {r['kernels']:>8}")


if __name__ == "__main__":
    main()
