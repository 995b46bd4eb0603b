"""A small client of the table server, for the notebook widget, the command line and tests.

:class:`TableClient` reads a seat's (or the teacher's) view, sends actions, and follows the table
over its WebSocket, reconnecting by itself when the server goes away and comes back.

>>> parse_table_url("http://127.0.0.1:8765/play/AbC?code=xyz")
('http://127.0.0.1:8765/', 'AbC', 'xyz')
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from typing import Any, Callable
from urllib.parse import parse_qs, quote, urlsplit, urlunsplit

from ..errors import CardkitError


class ServerRefused(CardkitError):
    """The server refused a request: ``status`` (HTTP), ``rule`` (the rule at fault), the message."""

    def __init__(self, status: int, message: str, rule: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.status = status
        self.rule = rule


def parse_table_url(url: str, code: str | None = None) -> tuple[str, str, str]:
    """``(server, table, code)`` from a table's address (``…/play/ID?code=C``, ``…/show/ID?code=C``
    or ``…/api/tables/ID``) and an optional code (which wins over the address's own).

    Raises:
        CardkitError: no table id or no code in what was given.
    """
    parts = urlsplit(url)
    segs = [s for s in parts.path.split("/") if s]
    table = None
    for i, s in enumerate(segs[:-1]):
        if s in ("play", "show", "tables"):
            table, base = segs[i + 1], segs[:i - 1] if s == "tables" and i > 0 and segs[i - 1] == "api" else segs[:i]
            break
    if table is None:
        raise CardkitError(f"{url!r} is not a table's address: give …/play/TABLE?code=CODE")
    found = parse_qs(parts.query).get("code", [None])[0]
    code = code or found
    if not code:
        raise CardkitError("give the table's code: join(url, code)")
    server = urlunsplit((parts.scheme, parts.netloc, "/" + "".join(b + "/" for b in base), "", ""))
    return server, table, code


def _request(method: str, url: str, body: dict[str, Any] | None = None, timeout: float = 10.0,
             raw: bool = False, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode("utf-8")
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            text = r.read().decode("utf-8")
            return text if raw else json.loads(text)
    except urllib.error.HTTPError as e:
        try:
            err = json.loads(e.read().decode("utf-8"))
            message, rule = str(err["error"]), str(err["rule"])
        except (ValueError, KeyError, TypeError):
            message, rule = f"HTTP {e.code}", "server.md §1"
        raise ServerRefused(e.code, message, rule) from None


def new_table(server: str, game: str, *, token: str, players: int | None = None,
              computer: list[int] | None = None, options: dict[str, Any] | None = None, seed: int | None = None,
              names: list[str] | None = None, public_seed: bool = False) -> dict[str, Any]:
    """Make a table on ``server`` with the teacher's ``token``; the server's answer (``table``,
    ``seats`` with codes and links, ``teacher``, ``show``). Raises :class:`ServerRefused`."""
    body: dict[str, Any] = {"game": game, "players": players, "options": options or {}, "computer": computer or []}
    if seed is not None:
        body["seed"] = seed
        body["public_seed"] = public_seed
    if names:
        body["names"] = names
    return dict(_request("POST", server.rstrip("/") + "/api/tables", body, token=token))


def new_class(server: str, game: str, *, token: str, tables: int, players: int | None = None,
              computer: list[int] | None = None, options: dict[str, Any] | None = None,
              names: list[str] | None = None, lang: str = "en", same_deals: bool = False,
              go_on: bool = False) -> dict[str, Any]:
    """Make a class of ``tables`` tables on ``server`` with the teacher's ``token``; the server's
    answer (``class``, ``tables``, ``teacher``: the teacher's page, ``cards``: the join cards'
    PDF). Raises :class:`ServerRefused`."""
    body: dict[str, Any] = {"tables": tables, "game": game, "players": players, "options": options or {},
                            "computer": computer or [], "lang": lang, "same_deals": same_deals, "go_on": go_on}
    if names:
        body["names"] = names
    return dict(_request("POST", server.rstrip("/") + "/api/classes", body, token=token))


class TableClient:
    """One code's connection to one table.

    Args:
        url: the table's address (see :func:`parse_table_url`), or the server's with ``table``.
        code: the seat's or the teacher's code (else the one in ``url``).
    """

    def __init__(self, url: str, code: str | None = None) -> None:
        self.server, self.table, self.code = parse_table_url(url, code)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: The last view received (a dict, see :meth:`cardkit.server.tables.Room.view`).
        self.last: dict[str, Any] | None = None

    def _api(self, tail: str = "") -> str:
        return f"{self.server}api/tables/{quote(self.table)}{tail}"

    def view(self) -> dict[str, Any]:
        """The table as this code sees it now."""
        self.last = dict(_request("GET", self._api(f"?code={quote(self.code)}")))
        return self.last

    def act(self, action: str, step: int | None = None) -> dict[str, Any]:
        """Send ``action`` (its text); the new view. Raises :class:`ServerRefused`, naming the rule."""
        body: dict[str, Any] = {"code": self.code, "action": action}
        if step is not None:
            body["step"] = step
        self.last = dict(_request("POST", self._api("/actions"), body))
        return self.last

    def record(self) -> str:
        """The match's record (the teacher's code only)."""
        return str(_request("GET", self._api(f"/record?code={quote(self.code)}"), raw=True))

    def ws_url(self) -> str:
        """The table's WebSocket address for this code."""
        parts = urlsplit(self._api("/ws"))
        scheme = "wss" if parts.scheme == "https" else "ws"
        return urlunsplit((scheme, parts.netloc, parts.path, f"code={quote(self.code)}", ""))

    def follow(self, on_view: Callable[[dict[str, Any]], None], *, retry: float = 1.0) -> None:
        """Call ``on_view(view)`` from a background thread at every change, reconnecting after
        ``retry`` seconds whenever the connection drops, until :meth:`stop`."""
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect

        def run() -> None:
            while not self._stop.is_set():
                try:
                    with connect(self.ws_url(), open_timeout=5, close_timeout=1) as ws:
                        while not self._stop.is_set():
                            try:
                                text = ws.recv(timeout=0.5)
                            except TimeoutError:
                                continue
                            msg = json.loads(text)
                            if "view" in msg:
                                self.last = msg["view"]
                                on_view(msg["view"])
                            elif "error" in msg and msg.get("status") in (403, 404):
                                return
                except (OSError, WebSocketException):
                    pass
                self._stop.wait(retry)

        self._stop.clear()
        self._thread = threading.Thread(target=run, name=f"cardkit-table-{self.table}", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop following."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def wait_for(self, test: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        """Poll the view until ``test(view)`` is true; the view. Raises ``TimeoutError``."""
        deadline = time.monotonic() + timeout
        while True:
            v = self.view()
            if test(v):
                return v
            if time.monotonic() > deadline:
                raise TimeoutError(f"table {self.table}: condition not met in {timeout} s")
            time.sleep(0.05)
