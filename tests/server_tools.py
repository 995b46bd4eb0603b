"""Helpers of the table server's tests: a real server on a free port of 127.0.0.1, and a checker
that no message tells a seat a card the rules hide from it.

- :func:`start_server` starts ``python -m cardkit serve`` on a free port with a database file and
  the teacher's token :data:`TOKEN`, and waits until ``/healthz`` answers; :class:`RunningServer`
  stops (or kills) it.
- :func:`http` sends one request and returns ``(status, JSON body)`` whatever the status;
  :func:`make_table` makes a table with the teacher's token; :func:`play_hand` plays a hand to its
  end at a table whose only student seat is A (the others the server's computer players).
- :class:`SeenCards` follows one seat through a hand: every card the engine's ``view(seat)`` has
  shown it so far; :func:`cards_in` finds every card written in a message.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardkit.cards import Card, Cards
from cardkit.game import State
from cardkit.tricks import Trick

REPO = Path(__file__).resolve().parents[1]
#: The teacher's token of the servers the tests start (``serve --token``).
TOKEN = "test-teacher-token-5d1f0c2a9b"
#: The header that carries it.
TEACHER = {"Authorization": f"Bearer {TOKEN}"}


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RunningServer:
    """A table server started by :func:`start_server`."""

    url: str
    port: int
    db: Path
    process: subprocess.Popen[bytes]
    log: Path
    token: str = TOKEN
    #: Where the server notes its address and token for ``new-table`` (``CARDKIT_RUNTIME_DIR``).
    runtime: Path | None = None

    def kill(self) -> None:
        """SIGKILL the server (no shutdown of any kind) and wait for it to go."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 5 s)."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def start_server(tmp: Path, *, db: Path | None = None, port: int | None = None, delay: float = 0.0,
                 extra: tuple[str, ...] = ()) -> RunningServer:
    """Start ``python -m cardkit serve`` on 127.0.0.1 and wait (at most 30 s) until it answers."""
    port = port or free_port()
    db = db or tmp / "tables.sqlite"
    log = tmp / f"server-{port}-{time.monotonic_ns()}.log"
    out = open(log, "wb")
    proc = subprocess.Popen([sys.executable, "-m", "cardkit", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--db", str(db), "--computer-delay", str(delay), "--token", TOKEN, *extra],
                            cwd=REPO, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "CARDKIT_RUNTIME_DIR": str(tmp / "runtime")})
    out.close()
    server = RunningServer(f"http://127.0.0.1:{port}/", port, db, proc, log, TOKEN, tmp / "runtime")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}:\n{server.log_text()}")
        try:
            if http("GET", server.url + "healthz")[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"the server did not answer in 30 s:\n{server.log_text()}")


def http(method: str, url: str, body: Any = None, *, raw: bytes | None = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """``(status, body)``: the body parsed as JSON when it is JSON, else its text."""
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def make_table(url: str, **body: Any) -> dict[str, Any]:
    """Make a table on the server at ``url`` with the teacher's token; the server's answer.

    A ``seed`` is taken as the engine's own (``public_seed``, unless the body says otherwise), so
    that the tests' hand-checked deals are the engine's deals of those seeds.
    """
    if "seed" in body:
        body.setdefault("public_seed", True)
    status, made = http("POST", url + "api/tables", body, headers=TEACHER)
    assert status == 201, made
    return dict(made)


def table_view(server: Any, table: dict[str, Any], code: str | None = None) -> dict[str, Any]:
    """The view of ``table`` (as ``POST /api/tables`` answered it) on ``server`` (anything with a
    ``url``) for ``code``, by default the teacher's."""
    status, v = http("GET", server.url + f"api/tables/{table['table']}?code={code or table['teacher']}")
    assert status == 200, v
    return dict(v)


def wait_for_a(server: Any, table: dict[str, Any]) -> dict[str, Any]:
    """Wait until seat A is to act or the hand is over (the computer seats act by themselves); the view."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        v = table_view(server, table, table["seats"][0]["code"])
        if v["to_act"] in (0, None):
            return v
        time.sleep(0.02)
    raise TimeoutError("seat A never came to act")


def play_hand(server: Any, table: dict[str, Any]) -> dict[str, Any]:
    """Play the hand to its end, seat A bidding the lowest bid it may at its first turn (so that
    the hand has a contract) and then taking its first legal action each turn; the teacher's view
    at the end."""
    bid = False
    while True:
        v = wait_for_a(server, table)
        if v["to_act"] is None:
            return table_view(server, table)
        action = v["legal"][0]
        if not bid and v["phase"] == "auction":
            action = next((a for a in v["legal"] if a.startswith("bid ")), action)
            bid = True
        status, _v = http("POST", server.url + f"api/tables/{table['table']}/actions",
                          {"code": table["seats"][0]["code"], "action": action, "step": v["step"]})
        assert status == 200, _v


CARD_RE = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♠♣♦♥]|(?<![\w-])Jo(?![a-z])")


#: A Five Hundred bid reads like a card ("bid 6♠", "bid 10♥"; in Spanish "puja 6♠"): its contract is no card.
BID_RE = re.compile(r"\b(?:bid|puja) \S+")


def cards_in(data: Any) -> set[str]:
    """Every card written anywhere in ``data`` (a message's JSON value, or a text), as its text.

    Bids and contracts are not cards: ``bid 6♠`` is skipped, and so is the contract at the head
    of the ``summary`` (``"C 6♠: 3 tricks, failed"``), the last bid of the view's ``calls``.
    """
    if isinstance(data, dict) and isinstance(data.get("summary"), str) and data.get("calls"):
        bids = [str(c) for _s, c in data["calls"] if str(c).startswith("bid ")]
        if bids:
            data = dict(data)
            data["summary"] = data["summary"].replace(" " + bids[-1].removeprefix("bid "), " ", 1)
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)
    return set(CARD_RE.findall(BID_RE.sub(" ", text)))


SUIT_CHARS = "♠♣♦♥"
#: Every card's text in either pack.
CARD_TEXTS = {f"{r}{s}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
              for s in SUIT_CHARS} | {"Jo"}


def _view_cards(x: Any) -> set[str]:
    out: set[str] = set()
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, Card):
            out.add(str(y))
        elif isinstance(y, Trick):
            out.update(str(c) for _, c in y.plays)
        elif isinstance(y, (list, tuple, Cards)):
            stack.extend(y)
        elif isinstance(y, dict):
            stack.extend(y.values())
    return out


class SeenCards:
    """The cards one seat has been shown in a hand, by the engine's ``view(seat)`` (the oracle)."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.seen: set[str] = set()
        #: The log lines already checked in each language (for callers that check only new lines).
        self.logs: dict[str, list[str]] = {}

    def update(self, state: State) -> set[str]:
        """Add what ``view(seat)`` shows now; the cards seen so far in this hand."""
        v = state.view(self.seat)
        self.seen |= _view_cards([h for h in v.hands if not isinstance(h, int)])
        if not isinstance(v.talon, int):
            self.seen |= _view_cards(v.talon)
        self.seen |= _view_cards(v.tricks) | _view_cards(v.current_trick) | _view_cards(v.extra)
        self.seen |= cards_in([str(c) for _, c in v.calls])
        return self.seen

    def reset(self) -> None:
        """A new hand: nothing seen yet."""
        self.seen = set()
        self.logs = {}
