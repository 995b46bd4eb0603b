"""The table server's limits below and beside the routes (docs/server.md §6): uvicorn's HTTP
protocol with the per-address count and the request-head timeout (a real uvicorn on a free port,
with small numbers so the test is quick), tables that expire or are deleted from the database, the
cap's sentence, and a log that says a refusal once per interval.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket
from starlette.testclient import TestClient

import cardkit.server.app as server_app
from cardkit.server.app import create_app
from cardkit.server.guard import OWN_ADDRESSES, Addresses, OncePer, guarded_protocol, quiet_floods
from cardkit.server.store import Store

from server_tools import TEACHER, TOKEN, free_port


@pytest.fixture
def guarded() -> Iterator[tuple[int, Addresses]]:
    """A uvicorn server with the guarded protocol: 3 connections per address, 0.5 s for a head."""
    async def hello(request: Any) -> PlainTextResponse:
        return PlainTextResponse("hello")

    addresses = Addresses(limit=3)
    port = free_port()
    config = uvicorn.Config(Starlette(routes=[Route("/", hello)]), host="127.0.0.1", port=port, log_level="error",
                            http=guarded_protocol(addresses, head_timeout=0.5), timeout_keep_alive=5)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    yield port, addresses
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def refusing() -> Iterator[tuple[int, Addresses]]:
    """A guarded uvicorn whose one WebSocket route refuses every socket (as a wrong table or code
    is refused), counting at most 2 WebSockets per address."""
    async def refuse(ws: WebSocket) -> None:
        await ws.accept()
        await ws.close(code=4404)

    sockets = Addresses(2, OWN_ADDRESSES, "WebSockets")
    port = free_port()
    config = uvicorn.Config(Starlette(routes=[WebSocketRoute("/ws", refuse)]), host="127.0.0.1", port=port,
                            log_level="error", http=guarded_protocol(Addresses(limit=3), sockets=sockets))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    yield port, sockets
    server.should_exit = True
    thread.join(timeout=10)


def handshake(port: int, source: str) -> socket.socket:
    """A WebSocket opening from ``source`` that never answers the server's close."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    s.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
              b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    return s


def test_a_refused_websocket_counts_for_its_address_until_it_is_closed(refusing: tuple[int, Addresses]) -> None:
    """A refused WebSocket waits in its close handshake; it still counts against its address, so
    handshakes that never read the answer cannot pile up (an attack opened 7,000 that way)."""
    port, sockets = refusing
    held = [handshake(port, "127.0.0.2") for _ in range(2)]
    try:
        for s in held:
            assert s.recv(4096).startswith(b"HTTP/1.1 101")
        time.sleep(0.1)
        assert sockets.open == {"127.0.0.2": 2}
        extra = handshake(port, "127.0.0.2")
        assert closed_within(extra, 1.0)  # closed before any answer: the address holds its two
        extra.close()
        other = handshake(port, "127.0.0.3")  # another address is served meanwhile
        assert other.recv(4096).startswith(b"HTTP/1.1 101")
        other.close()
    finally:
        for s in held:
            s.close()
    deadline = time.monotonic() + 5
    while sockets.open and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sockets.open == {}


def test_malformed_requests_are_logged_once_per_interval(caplog: pytest.LogCaptureFixture) -> None:
    """uvicorn writes a line per malformed request before any limit sees it; one passes per interval."""
    quiet_floods()
    with caplog.at_level(logging.WARNING, logger="uvicorn.error"):
        for _ in range(500):
            logging.getLogger("uvicorn.error").warning("Invalid HTTP request received.")
    assert [r.getMessage() for r in caplog.records].count("Invalid HTTP request received.") <= 1
    assert len(caplog.records) <= 1


def get(port: int, source: str = "127.0.0.1") -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return s.recv(4096)


def closed_within(s: socket.socket, seconds: float) -> bool:
    """True when the peer closes ``s`` (EOF or reset) within ``seconds``."""
    s.settimeout(seconds)
    try:
        return s.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_an_address_holds_at_most_its_connections(guarded: tuple[int, Addresses]) -> None:
    port, addresses = guarded
    idle = [socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0)) for _ in range(3)]
    try:
        time.sleep(0.1)
        assert addresses.open == {"127.0.0.2": 3}
        extra = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
        assert closed_within(extra, 0.4)  # refused at once, long before the head timeout
        extra.close()
        assert get(port).startswith(b"HTTP/1.1 200")  # another address is served meanwhile
    finally:
        for s in idle:
            s.close()
    time.sleep(0.2)
    assert "127.0.0.2" not in addresses.open and get(port, "127.0.0.2").startswith(b"HTTP/1.1 200")


def test_a_request_head_that_does_not_come_is_dropped(guarded: tuple[int, Addresses]) -> None:
    port, addresses = guarded
    slow = socket.create_connection(("127.0.0.1", port))
    slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # never finished, one byte at a time after
    t0 = time.monotonic()
    for _ in range(3):
        time.sleep(0.1)
        slow.sendall(b"X")
    assert closed_within(slow, 2.0) and 0.45 < time.monotonic() - t0 < 1.5
    slow.close()
    # a finished request is answered, and the kept-alive connection then gets the same time again
    alive = socket.create_connection(("127.0.0.1", port))
    alive.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = b""
    while not answer.endswith(b"hello"):  # the head and the body may come apart
        answer += alive.recv(4096)
    assert answer.startswith(b"HTTP/1.1 200")
    assert closed_within(alive, 2.0)
    alive.close()
    time.sleep(0.1)
    assert addresses.open == {}


def test_a_refusal_is_logged_once_per_interval(caplog: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("cardkit.test.once")
    once = OncePer(interval=0.3)
    log.addFilter(once)
    try:
        with caplog.at_level(logging.WARNING, logger="cardkit.test.once"):
            for _ in range(500):
                log.warning("refused connections from %s", "127.0.0.2")
            log.warning("another kind")
            time.sleep(0.35)
            log.warning("refused connections from %s", "127.0.0.2")
    finally:
        log.removeFilter(once)
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["refused connections from 127.0.0.2", "another kind",
                     "refused connections from 127.0.0.2 (and 499 more like it in the last 0.3 s)"]


def make(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_tables_expire_after_their_last_action_and_deleted_ones_are_forgotten(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with TestClient(create_app(db, computer_delay=0, token=TOKEN, expire_hours=24), headers=TEACHER) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        old, busy, gone = (make(client, game="501", players=3) for _ in range(3))
        code = busy["seats"][0]["code"]
        assert client.post(f"/api/tables/{busy['table']}/actions", json={"code": code, "action": "look"}).status_code \
            in (200, 409)
        now = time.time()
        hall.rooms[old["table"]].last = now - 25 * 3600
        hall.rooms[busy["table"]].last = now - 23 * 3600
        Store(db).delete_table(gone["table"])  # as `cardkit tables delete` does, beside the running server
        assert sorted(hall.sweep(24, now)) == sorted([gone["table"], old["table"]])
        assert set(hall.rooms) == {busy["table"]}
        assert client.get(f"/api/tables/{old['table']}?code={old['teacher']}").status_code == 404
        assert hall.sweep(0, now + 10**6) == []  # 0: nothing expires
    # a restart sweeps too: the last action, not the start of the server, is what counts
    with TestClient(create_app(db, computer_delay=0, token=TOKEN, expire_hours=1e-9), headers=TEACHER) as client:
        assert client.app.state.hall.rooms == {}  # type: ignore[attr-defined]
        assert Store(db).summaries() == []


def test_a_full_server_says_how_to_make_room(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_app, "MAX_TABLES", 2)
    with TestClient(create_app(":memory:", computer_delay=0, token=TOKEN), headers=TEACHER) as client:
        first = make(client, game="501")
        make(client, game="501")
        r = client.post("/api/tables", json={"game": "501"})
        assert r.status_code == 503 and r.json()["rule"] == "server.md §6"
        assert "cardkit tables delete" in r.json()["error"] and "24 hours after its last action" in r.json()["error"]
        assert client.delete(f"/api/tables/{first['table']}").status_code == 200
        make(client, game="501")


def test_a_token_of_the_wrong_shape_is_refused() -> None:
    for bad in ("short", "has space in it 0123456789", "é" * 20):
        with pytest.raises(ValueError, match="16 to 256 printable ASCII"):
            create_app(":memory:", token=bad)
    assert len(create_app(":memory:").state.token) >= 40  # a new random one: 256 bits


def test_asyncios_accept_failures_are_logged_once_per_interval(caplog: pytest.LogCaptureFixture) -> None:
    """When file descriptors run out asyncio logs every failed accept (82 MB in 10 s once); the
    server's filter lets one through per interval and keeps asyncio's other records."""
    from cardkit.server.guard import quiet_floods, raise_file_limit

    quiet_floods()
    quiet_floods()  # twice adds no second filter
    aio = logging.getLogger("asyncio")
    assert sum(isinstance(f, OncePer) for f in aio.filters) == 1
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        for _ in range(1000):
            aio.error("socket.accept() out of system resource")
        aio.error("something else")
        aio.error("something else")
    messages = [r.getMessage() for r in caplog.records]
    assert messages.count("socket.accept() out of system resource") == 1 and messages.count("something else") == 2
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert raise_file_limit() == (hard if hard != resource.RLIM_INFINITY else soft)
