"""The table server's defences below the application: connections, file descriptors, log floods.

uvicorn accepts a connection and waits for its request head for as long as the peer likes, and
counts no connection per address; a few thousand idle sockets then use up the process's file
descriptors and the server stops answering everyone. :func:`guarded_protocol` makes uvicorn's
HTTP protocol (h11) refuse a connection over :data:`CONNECTIONS_PER_ADDRESS` open from one address,
and close one whose request head has not arrived within :data:`HEAD_TIMEOUT` seconds (on a new
connection and between keep-alive requests). A connection that becomes a WebSocket leaves this
count for another, :data:`SOCKETS_PER_ADDRESS`, kept until the socket is closed, so a refused
WebSocket that lingers in its close handshake still counts (the application also counts the
WebSockets it accepts, per code and per address: docs/server.md §6).

:class:`OncePer` keeps a log from growing with an attack: the first record of a kind passes, the
rest of an interval are counted and said once. :func:`raise_file_limit` lifts the soft limit of open
files to the hard one, so that the limits above, not the operating system, decide.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: HTTP connections one address may hold open at once (a WebSocket is counted apart).
CONNECTIONS_PER_ADDRESS = 256
#: WebSockets one address may hold open at once, counted from the upgrade until the socket closes
#: (the server's own loopback addresses, a JupyterHub's proxy among them, are not counted).
SOCKETS_PER_ADDRESS = 256
#: The addresses :data:`SOCKETS_PER_ADDRESS` leaves alone.
OWN_ADDRESSES = frozenset({"127.0.0.1", "::1"})
#: Seconds a connection may take to send its request head (new, or between keep-alive requests).
HEAD_TIMEOUT = 10.0
#: Seconds between two records of one kind of refusal in the log.
LOG_INTERVAL = 10.0

log = logging.getLogger("cardkit.server")


class OncePer(logging.Filter):
    """A log filter that lets one record of each message through per ``interval`` seconds; the
    next one that passes says how many were held back (``… (and 5,120 more like it in 10 s)``).

    Args:
        interval: seconds between two records of one message.
        only: pass every record whose message does not start with one of these (``()``: filter all).
    """

    def __init__(self, interval: float = LOG_INTERVAL, only: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.interval = interval
        self.only = only
        self.last: dict[str, float] = {}
        self.held: dict[str, int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = str(record.msg)
        if self.only and not key.startswith(self.only):
            return True
        now = time.monotonic()
        if now - self.last.get(key, -self.interval) < self.interval:
            self.held[key] = self.held.get(key, 0) + 1
            return False
        self.last[key] = now
        held = self.held.pop(key, 0)
        if held:
            record.msg = f"{record.msg} (and {held:,} more like it in the last {self.interval:g} s)"
        return True


#: The one log filter of connection refusals (the cardkit.server and asyncio loggers).
REFUSALS = OncePer()


def quiet_floods() -> None:
    """Put :data:`REFUSALS` on the server's log, and a :class:`OncePer` on asyncio's
    "socket.accept() out of system resource" (written at every failed accept when file
    descriptors run out) and on uvicorn's "Invalid HTTP request received." and "Exceeded
    concurrency limit." (written for each malformed request or refused connection, before the
    application and its limits see them)."""
    if REFUSALS not in log.filters:
        log.addFilter(REFUSALS)
    web = logging.getLogger("uvicorn.error")  # a line per malformed request or refused connection
    if not any(isinstance(f, OncePer) for f in web.filters):
        web.addFilter(OncePer(only=("Invalid HTTP request received.", "Exceeded concurrency limit.")))
    aio = logging.getLogger("asyncio")
    if not any(isinstance(f, OncePer) for f in aio.filters):
        aio.addFilter(OncePer(only=("socket.accept() out of system resource",)))


def raise_file_limit() -> int:
    """Lift this process's soft limit of open files to its hard limit; the limit now in force
    (``-1`` where the platform has no such limit)."""
    try:
        import resource
    except ImportError:  # not on a POSIX system
        return -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return int(hard)
    return int(soft)


class Addresses:
    """The connections open from each address; :meth:`admit` and :meth:`release` pair up.

    Args:
        limit: how many one address may hold.
        exempt: addresses never refused (and not counted).
        what: the connections' name in the log (``"connections"``, ``"WebSockets"``).
    """

    def __init__(self, limit: int = CONNECTIONS_PER_ADDRESS, exempt: frozenset[str] = frozenset(),
                 what: str = "connections") -> None:
        self.limit = limit
        self.exempt = exempt
        self.what = what
        self.open: dict[str, int] = {}

    def admit(self, host: str) -> bool:
        """Count one more connection from ``host``; False (not counted) when it holds the limit."""
        if host in self.exempt:
            return True
        n = self.open.get(host, 0)
        if n >= self.limit:
            log.warning("refused %s from %s: it holds %d open (server.md §6)", self.what, host, self.limit)
            return False
        self.open[host] = n + 1
        return True

    def release(self, host: str) -> None:
        """One connection from ``host`` has closed (or become a WebSocket)."""
        if host in self.exempt:
            return
        n = self.open.get(host, 0) - 1
        if n > 0:
            self.open[host] = n
        else:
            self.open.pop(host, None)


def guarded_protocol(addresses: Addresses, head_timeout: float = HEAD_TIMEOUT,
                     sockets: Addresses | None = None) -> type[H11Protocol]:
    """uvicorn's h11 protocol with the per-address count and the request-head timeout; a
    connection upgraded to a WebSocket moves to the ``sockets`` count (by default
    :data:`SOCKETS_PER_ADDRESS`, loopback exempt) until it closes, and is closed at once when its
    address holds that many.

    Pass it as ``uvicorn.run(app, http=guarded_protocol(Addresses()))``.
    """
    socket_count = sockets or Addresses(SOCKETS_PER_ADDRESS, OWN_ADDRESSES, "WebSockets")

    class GuardedH11Protocol(H11Protocol):
        _host = ""
        _counted = False
        _head: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._host = self.client[0] if self.client else ""
            if not addresses.admit(self._host):
                transport.abort()
                return
            self._counted = True
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._head = self.loop.call_later(head_timeout, self._head_late)

        def _disarm(self) -> None:
            if self._head is not None:
                self._head.cancel()
                self._head = None

        def _head_late(self) -> None:
            self._head = None
            if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
                log.warning("closed connections whose request head took over %g s (server.md §6)", head_timeout)
                self.transport.abort()

        def _release(self) -> None:
            self._disarm()
            if self._counted:
                self._counted = False
                addresses.release(self._host)

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:  # a whole request head has come
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():  # waiting for the next request's head
                self._arm()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._release()  # counted from now on as a WebSocket
            host = self._host
            if not socket_count.admit(host):
                self.transport.abort()
                return
            super().handle_websocket_upgrade(event)
            ws = self.transport.get_protocol()
            lost = ws.connection_lost

            def connection_lost(exc: Exception | None) -> None:
                socket_count.release(host)
                lost(exc)

            ws.connection_lost = connection_lost  # type: ignore[method-assign]

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

    return GuardedH11Protocol
