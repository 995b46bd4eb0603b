"""Real-browser tests: the kit's notebooks served by Voila (or JupyterLab) on 127.0.0.1, driven by
Debian's headless Chromium through Playwright's Python client.

No browser is downloaded: Playwright launches ``/usr/bin/chromium`` (or ``$CARDKIT_CHROMIUM``).
These tests run from ``make test`` (its ``test-browser`` step sets ``CARDKIT_BROWSER_TESTS=1``);
a plain ``pytest tests`` skips them, saying so, so that the engine suite stays fast. When they are
asked for but cannot run (no Chromium, no Playwright or Voila), they are skipped with the reason
printed by ``pytest -rs``, except under CI (``CI`` set), where a missing browser is a failure:
``.ci/run`` installs Chromium first.

What the fixtures give:

- ``browser``: one headless Chromium for the session (a fresh profile, no network services).
- ``page``: a new page (1280x900) in a fresh context; ``page.recorded`` holds every request of the
  context's pages (pop-ups too), their uncaught script errors and console errors.
- ``serve``: ``serve(make_argv)`` starts ``make_argv(port)`` on a free port of 127.0.0.1, waits
  until it listens and returns its :class:`Server`; each is stopped, with the kernels it started,
  when the test ends.
- :func:`screenshot`: saves a PNG under ``build/screenshots/``; a picture the README shows is also
  copied to ``docs/screenshots/`` when ``CARDKIT_UPDATE_SCREENSHOTS=1`` (``make screenshots``).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CHROMIUM = Path(os.environ.get("CARDKIT_CHROMIUM", "/usr/bin/chromium"))
#: Chromium's switches: headless, no sandbox (CI runs as root), and no call home of any kind.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-default-apps", "--disable-extensions"]
#: The kit's Voila template (no CDN links), found through JUPYTER_PATH.
CLASSROOM_JUPYTER_PATH = REPO / "classroom" / "share" / "jupyter"
SHOTS_BUILD = REPO / "build" / "screenshots"
SHOTS_DOCS = REPO / "docs" / "screenshots"
ENABLE = "CARDKIT_BROWSER_TESTS"
HERE = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real Chromium; run by `make test` (test-browser)")


def _why_not() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        return (f"no Chromium at {CHROMIUM}: install Debian's browser as root with "
                "`apt-get update && apt-get install -y chromium` (.ci/run does this in CI)")
    for module, extra in (("playwright", "test"), ("voila", "notebooks")):
        try:
            __import__(module)
        except ImportError:
            return f"the Python package {module!r} is missing: pip install -e '.[{extra}]'"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    ours = [i for i in items if HERE in Path(str(i.path)).resolve().parents and i.get_closest_marker("browser")]
    if not ours:
        return
    if os.environ.get(ENABLE) != "1":
        reason = f"browser tests run in `make test` (step test-browser) or with {ENABLE}=1"
    else:
        reason = _why_not()
        if reason is not None and os.environ.get("CI"):
            # CI installs Chromium; a browser test that cannot run there fails, it is not skipped.
            for item in ours:
                item.stash[_CI_FAILURE] = f"CI is set but the browser tests cannot run: {reason}"
            return
        if reason is not None:
            reason = "BROWSER TESTS SKIPPED: " + reason
    if reason is not None:
        for item in ours:
            item.add_marker(pytest.mark.skip(reason=reason))


_CI_FAILURE = pytest.StashKey[str]()


def pytest_runtest_setup(item: pytest.Item) -> None:
    if _CI_FAILURE in item.stash:
        pytest.fail(item.stash[_CI_FAILURE], pytrace=False)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    reasons = {str(r.longrepr[2]) for r in skipped
               if isinstance(getattr(r, "longrepr", None), tuple) and "BROWSER TESTS SKIPPED" in str(r.longrepr[2])}
    for reason in sorted(reasons):
        terminalreporter.write_sep("!", "the real-browser tests did not run", yellow=True)
        terminalreporter.write_line(reason.removeprefix("Skipped: "))


# ---------------------------------------------------------------- servers


def listening_addresses(port: int) -> set[str]:
    """The local addresses (IPv4 dotted, IPv6 hex) with a TCP socket listening on ``port``, read
    from /proc/net/tcp and /proc/net/tcp6 (empty where /proc has no such files)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            address, hexport = fields[1].rsplit(":", 1)
            if int(hexport, 16) == port and fields[3] == "0A":  # 0A: LISTEN
                if len(address) == 8:
                    found.add(socket.inet_ntoa(struct.pack("<I", int(address, 16))))
                else:
                    found.add(address)
    return found


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A server started by :func:`serve`: its ``url`` (``http://127.0.0.1:PORT/``), process, log."""

    url: str
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def stop(self) -> None:
        """Stop the server and everything it started, in at most about 15 s. Jupyter starts each
        kernel in a session of its own, so the kernels are found as descendants; they are ended
        first (a test has no state to save), then the server's process group."""
        children = _descendants(self.process.pid)
        for pid in children:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.process.poll() is None:
            for sig, wait in ((signal.SIGTERM, 8.0), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(self.process.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.process.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        for pid in _descendants(self.process.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass


def _descendants(root: int) -> set[int]:
    """The process ids of every descendant of ``root`` (from /proc; empty where there is none)."""
    parent: dict[int, int] = {}
    for d in Path("/proc").glob("[0-9]*"):
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            parent[int(d.name)] = int(fields[1])
        except (OSError, IndexError, ValueError):
            continue
    found: set[int] = set()
    frontier = [root]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p and c not in found]
        found.update(kids)
        frontier.extend(kids)
    return found


def start_server(argv: list[str], port: int, log: Path, *, cwd: Path = REPO,
                 env: dict[str, str] | None = None, timeout: float = 60.0) -> Server:
    """Start ``argv`` (a server that will listen on 127.0.0.1:``port``) and wait until it accepts
    connections, for at most ``timeout`` seconds.

    Raises:
        RuntimeError: the server exited, or did not listen in time (the message holds its log).
    """
    full_env = {**os.environ, "JUPYTER_PATH": str(CLASSROOM_JUPYTER_PATH), "PYTHONUNBUFFERED": "1",
                **(env or {})}
    out = open(log, "wb")
    proc = subprocess.Popen(argv, cwd=cwd, env=full_env, stdout=out, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    out.close()
    server = Server(f"http://127.0.0.1:{port}/", port, proc, log)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{argv[0]} exited with {proc.returncode}:\n{server.log_tail()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"{argv[0]} did not listen on 127.0.0.1:{port} in {timeout:.0f} s:\n{server.log_tail()}")


def voila_argv(target: str, port: int, *extra: str) -> list[str]:
    """The command line of Voila serving ``target`` (a notebook or a folder) on 127.0.0.1:``port``
    with the kit's classroom template, as ``make present`` does."""
    return [str(BIN / "voila"), target, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--template=cardkit-present", "--VoilaConfiguration.show_tracebacks=True", *extra]


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Server]]:
    """``serve(argv_maker, **kw)``: start ``argv_maker(port)`` on a free port; stopped at teardown."""
    servers: list[Server] = []

    def _serve(make_argv: Callable[[int], list[str]], **kw: Any) -> Server:
        port = free_port()
        server = start_server(make_argv(port), port, tmp_path / f"server-{len(servers)}.log", **kw)
        servers.append(server)
        return server

    yield _serve
    for server in servers:
        server.stop()


# ---------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        # Playwright gives each launch a fresh temporary profile (its own --user-data-dir).
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@dataclass
class Recorded:
    """What a page asked for and what went wrong in it."""

    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def foreign_hosts(self, allowed: str = "127.0.0.1") -> list[str]:
        """The requested URLs whose host is not ``allowed`` (data: and blob: URLs are local)."""
        return [u for u in self.requests
                if urlsplit(u).scheme not in ("data", "blob", "about") and urlsplit(u).hostname != allowed]


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page in a fresh browser context. Every request of the context's pages (pop-ups
    too) is recorded in ``page.recorded`` with their uncaught script errors and console errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    context.set_default_timeout(60_000)
    rec = Recorded()
    context.on("request", lambda r: rec.requests.append(r.url))

    def watch(p: Any) -> None:
        p.on("pageerror", lambda e: rec.errors.append(str(e)))
        p.on("console", lambda m: rec.console.append(f"{m.type}: {m.text}") if m.type == "error" else None)

    context.on("page", watch)
    p = context.new_page()
    p.recorded = rec
    try:
        yield p
    finally:
        context.close()


def wait_for_voila(page: Any, timeout: float = 90_000) -> None:
    """Wait until Voila has run every cell and shows the page (its spinner gone)."""
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout)
    page.wait_for_selector("#loading", state="detached", timeout=timeout)


def wait_until(page: Any, predicate: Callable[[], Any], timeout_ms: int = 15_000) -> Any:
    """Poll ``predicate()`` every 50 ms until it is truthy or ``timeout_ms`` has passed; returns
    its last value. A widget's parts arrive as separate messages from the kernel, so one part (the
    status line) can show the new step a moment before another (the score table)."""
    for _i in range(max(1, timeout_ms // 50)):
        value = predicate()
        if value:
            return value
        page.wait_for_timeout(50)
    return predicate()


def page_errors(page: Any) -> list[str]:
    """Tracebacks and error outputs that the page shows (Voila prints a failing cell's error)."""
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText .ansi-red-fg",
        "els => els.map(e => e.innerText)")


# ---------------------------------------------------------------- screenshots


def png_size(path: Path) -> tuple[int, int]:
    """(width, height) in pixels of a PNG file.

    Raises:
        ValueError: the file is not a PNG.
    """
    head = path.read_bytes()[:24]
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def voila_page_screenshot(page: Any, name: str, *, readme: bool = False, max_height: int = 6000) -> Path:
    """A screenshot of a whole Voila page: Voila scrolls inside ``#rendered_cells``, so the window
    is made as tall as that content (at most ``max_height`` pixels) for the picture."""
    size = page.viewport_size
    height = page.evaluate("document.querySelector('#rendered_cells').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": min(max(height, size["height"]), max_height)})
    try:
        return screenshot(page, name, readme=readme)
    finally:
        page.set_viewport_size(size)


def screenshot(target: Any, name: str, *, readme: bool = False, **kw: Any) -> Path:
    """Save a PNG of ``target`` (a Playwright page or locator) as ``build/screenshots/NAME.png``;
    a picture the README shows (``readme=True``) is also copied to ``docs/screenshots/`` when
    ``CARDKIT_UPDATE_SCREENSHOTS=1`` (``make screenshots``).

    Returns:
        the path under ``build/screenshots/``.
    """
    SHOTS_BUILD.mkdir(parents=True, exist_ok=True)
    path = SHOTS_BUILD / f"{name}.png"
    target.screenshot(path=str(path), **kw)
    if readme and os.environ.get("CARDKIT_UPDATE_SCREENSHOTS") == "1":
        SHOTS_DOCS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, SHOTS_DOCS / path.name)
    return path
