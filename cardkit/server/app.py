"""The table server's ASGI application (Starlette), its routes, authority and limits.

HTTP and WebSocket interface (JSON; see docs/server.md, whose §2 has the table of who may do what):

- ``GET /healthz`` → ``{"ok": true}``
- ``GET /?token=T`` → sets the teacher's session cookie and leads to ``/``, the form that makes a
  table (the teacher's only)
- ``POST /api/tables`` (the teacher's token) ``{"game", "players", "options", "computer", "seed",
  "public_seed", "names"}`` → ``{"table", "seats": [{"seat", "name", "code", "computer", "play"}],
  "teacher", "show"}``
- ``GET /api/tables`` (the teacher's token) → ``{"tables": [...], "limit"}``;
  ``DELETE /api/tables/ID`` (the teacher's token) → ``{"deleted": ID}``
- ``GET /api/tables/ID?code=C`` → the view for that code; ``&hands=hidden`` → what every seat may
  see (the projector with the hands hidden: no hand, no give's card)
- ``POST /api/tables/ID/actions`` ``{"code", "action", "step"?}`` → the new view, or an error
- ``WS /api/tables/ID/ws?code=C`` (``&hands=hidden`` as above) → ``{"view": …}`` after every change;
  send ``{"action", "step"?}`` to act; a refusal comes back as ``{"error", "rule", "status"}``
- ``GET /api/tables/ID/record?code=TEACHER`` → the match record (:mod:`cardkit.records`)
- ``GET /api/tables/ID/qr/SEAT.svg?code=TEACHER`` → the QR code of a seat's join link (SVG)
- ``GET /api/tables/ID/debrief?code=TEACHER&hand=K`` → the debrief of a finished hand
  (:mod:`cardkit.server.debrief`)
- ``GET /play/ID?code=C``, ``GET /show/ID?code=TEACHER``, ``GET /debrief/ID?code=TEACHER`` → the
  student's, the projector's and the debrief's pages
- ``POST /api/classes`` (the teacher's token) ``{"tables", "game", "players", "options", "computer",
  "names", "lang", "same_deals", "go_on"}`` → ``{"class", "tables": [...as POST /api/tables...],
  "teacher", "cards"}``; ``GET /api/classes/ID`` → the class's tables and refusals;
  ``POST /api/classes/ID/control`` ``{"do": "next-hand"|"pause"|"resume"|"hands", "table", "shown"}``;
  ``GET /api/classes/ID/compare?hand=K`` → hand K of the class's tables side by side;
  ``GET /api/classes/ID/cards.pdf`` → the join cards; ``GET /teach/ID`` → the teacher's page

The teacher's token is the server's (``cardkit serve`` prints it in the teacher's link, or takes
``--token`` / ``CARDKIT_TOKEN``), sent as ``Authorization: Bearer TOKEN`` or held in the session
cookie the teacher's link sets; each table's codes are its own. Every refusal has an error status
and the body ``{"error": message, "rule": item}``, and changes nothing; an unexpected failure is
answered 500 with the same shape, never with a traceback.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import re
import secrets
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, MutableMapping
from urllib.parse import quote, urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..i18n import LANGUAGES, _
from . import LOOPBACK, is_loopback
from .debrief import Debriefs, hand_number
from .guard import REFUSALS
from .pages import choose_language
from .pages import page as page_html
from .classes import (Classroom, cards_html, class_compare, class_settings, load_classes, make_class, print_pdf,
                      status, student_cards)
from .store import Store
from .tables import NEXT_HAND, Room, TableError, deal_seed, name_fault, speaking

log = logging.getLogger("cardkit.server")
log.addFilter(REFUSALS)

STATIC = Path(__file__).resolve().parent / "static"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Largest request body (HTTP) or message (WebSocket) read, in bytes (server.md §6).
MAX_MESSAGE = 4096
#: Largest WebSocket message the protocol layer takes before closing the connection (1009), bytes.
MAX_FRAME = 1 << 16
#: Seconds a request body may take to arrive once its head has come (server.md §6).
BODY_TIMEOUT = 10.0
#: Messages per second allowed on one WebSocket connection, and the burst; the same for the
#: actions of one seat (or of the teacher's code), across all its connections and HTTP (server.md §6).
RATE, BURST = 20.0, 40
#: Refusals for flooding after which a WebSocket connection is closed (code 1008).
FLOOD_CLOSE = 200
#: Requests a second from one address (under a JupyterHub: one hub user), and the burst.
ADDRESS_RATE, ADDRESS_BURST = 100.0, 200
#: This machine's own addresses (the teacher's tools, a hub's proxy): not limited per address.
#: Under a JupyterHub every request is counted by its hub user instead.
OWN_ADDRESSES = frozenset({"127.0.0.1", "::1"})
#: New tables a second from one address (or hub user).
NEW_TABLE_RATE, NEW_TABLE_BURST = 20.0, 40
#: WebSockets open at once on one code, and from one address (or hub user).
WS_PER_CODE, WS_PER_ADDRESS = 4, 256
#: Most tables one server holds (server.md §6).
MAX_TABLES = 2000
#: Hours after its last action a table is deleted (``--expire``), and seconds between two sweeps.
EXPIRE_HOURS, SWEEP_SECONDS = 24.0, 60.0
#: Connections the server serves at once; past it, requests are answered 503 (uvicorn's limit).
MAX_CONNECTIONS = 4096
#: The teacher's session cookie (HTTP only, SameSite=Strict), set by the teacher's link.
TEACHER_COOKIE = "cardkit-teacher"
#: The longest teacher token compared.
MAX_TOKEN = 256
#: What a ``Host`` header may be: a name or an address literal and an optional port, nothing else
#: (no user, path or second value; RFC 9110 §7.2).
HOST_FORM = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?")
#: Headers on every HTTP answer: no script but the server's own files, no framing, no referrer
#: (codes live in addresses), no content sniffing.
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
                                 b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                                 b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


class TokenBucket:
    """A rate limit: ``rate`` tokens a second, at most ``burst`` saved; :meth:`take` spends one."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        """Spend a token if there is one; False when the limit is reached."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Buckets:
    """Token buckets by key (an address, a hub user, a seat), forgotten when there are too many."""

    def __init__(self, rate: float, burst: int, most: int = 10_000) -> None:
        self.rate, self.burst, self.most = rate, burst, most
        self.buckets: dict[Any, TokenBucket] = {}

    def take(self, key: Any) -> bool:
        """Spend a token of ``key``'s bucket; False when its limit is reached."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.most:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take()


class Connection:
    """One WebSocket subscriber: who it is (``viewer``, who acts; ``teacher`` when its code is the
    teacher's), what it is shown (``looks``: the viewer, or :attr:`Room.everyone` with
    ``?hands=hidden``), its language, and a queue of messages to send in order."""

    def __init__(self, ws: WebSocket, viewer: int | None, lang: str = "en", looks: int | None = None,
                 teacher: bool = False) -> None:
        self.ws = ws
        self.viewer = viewer
        self.looks = viewer if looks is None else looks
        self.teacher = teacher
        self.lang = lang
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.bucket = TokenBucket()


class Hall:
    """Every table of the server, its store, subscribers and the computer players' pacing.

    Args:
        store: the database.
        computer_delay: seconds a computer player waits before acting (so people can follow).
        public_url: the address students use to reach the server, for join links and QR codes
            (default: the address the request came to).
    """

    def __init__(self, store: Store, computer_delay: float = 0.8, public_url: str | None = None) -> None:
        self.store = store
        self.computer_delay = computer_delay
        self.public_url = public_url.rstrip("/") + "/" if public_url else None
        #: The path the pages are served under (``/``, or a JupyterHub service's prefix).
        self.prefix = "/"
        self.rooms: dict[str, Room] = {}
        self.subscribers: dict[str, set[Connection]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        #: The actions of each code ((table, seat or None)), across all its connections.
        self.actions = Buckets(RATE, BURST)
        #: WebSockets open per code and per address (or hub user).
        self.sockets: dict[Any, int] = {}
        for row in store.tables():
            room = Room.restore(row, store)
            self.rooms[room.id] = room
        #: The classes (docs/server.md §10), their rules given to their tables.
        self.classes: dict[str, Classroom] = load_classes(store, self.rooms)

    def klass(self, class_id: str) -> Classroom:
        """The class ``class_id``. Raises :class:`TableError` (404) for an unknown class."""
        found = self.classes.get(class_id)
        if found is None:
            raise TableError(404, _("no class with this id on this server"), "server.md §10")
        return found

    def push_hands(self, klass: Classroom, shown: bool) -> None:
        """Tell the projector pages of ``klass`` (connections with a table's teacher code) to show
        or hide the hands: ``{"hands": "shown" | "hidden"}``; a page obeys by reconnecting."""
        text = json.dumps({"hands": "shown" if shown else "hidden"})
        for tid in klass.tables:
            for conn in self.subscribers.get(tid, ()):
                if conn.teacher:
                    conn.queue.put_nowait(text)

    def room(self, table_id: str) -> Room:
        """The table ``table_id``. Raises :class:`TableError` (404) for an unknown table."""
        room = self.rooms.get(table_id)
        if room is None:
            raise TableError(404, _("no table with this id on this server"), "server.md §2")
        return room

    def changed(self, room: Room) -> None:
        """Tell every subscriber of ``room`` its new view, then let a computer seat act if one is due."""
        self.tell(room)
        self.drive(room)

    def tell(self, room: Room) -> None:
        """Queue the current view of ``room`` for each of its subscribers, in their language."""
        for conn in self.subscribers.get(room.id, ()):
            conn.queue.put_nowait(room.message(conn.looks, conn.lang, teacher=conn.teacher))

    def delete(self, table_id: str) -> bool:
        """Delete a table: from the database, from memory, and from its subscribers' pages (they are
        told, and their connections closed with code 4404). False when there was no such table."""
        room = self.rooms.pop(table_id, None)
        task = self.drivers.pop(table_id, None)
        if task is not None:
            task.cancel()
        gone = self.store.delete_table(table_id)
        for conn in self.subscribers.pop(table_id, set()):
            conn.queue.put_nowait(json.dumps({"error": _("this table has been deleted"), "rule": "server.md §3",
                                              "status": 404}))
            conn.queue.put_nowait("")  # the sender closes the connection
        return gone or room is not None

    def sweep(self, expire_hours: float, now: float | None = None) -> list[str]:
        """Delete the tables whose last action is over ``expire_hours`` old (``0``: none expire),
        and forget those deleted from the database by another program (``cardkit tables delete``);
        the ids deleted or forgotten."""
        now = time.time() if now is None else now
        stored = self.store.table_ids()
        out = [tid for tid in list(self.rooms) if tid not in stored]
        for tid in out:
            self.delete(tid)
        if expire_hours > 0:
            old = [r.id for r in self.rooms.values() if now - r.last > expire_hours * 3600]
            for tid in old:
                self.delete(tid)
            out += old
        if out:
            log.info("deleted %d table(s): expired or deleted from the database", len(out))
        return out

    def drive(self, room: Room) -> None:
        """Start the computer players of ``room`` if a computer seat is to act and none is running."""
        if room.computer_to_act() is None:
            return
        task = self.drivers.get(room.id)
        if task is not None and not task.done():
            return
        self.drivers[room.id] = asyncio.get_running_loop().create_task(self._drive(room))

    async def _drive(self, room: Room) -> None:
        while room.computer_to_act() is not None:
            if self.computer_delay > 0:
                await asyncio.sleep(self.computer_delay)
            try:
                if not room.computer_step():
                    break
            except TableError:
                log.exception("computer player of table %s failed", room.id)
                return
            self.tell(room)
            if self.computer_delay <= 0:
                await asyncio.sleep(0)

    def start(self) -> None:
        """Restart the computer players of every table (after a restart)."""
        for room in self.rooms.values():
            self.drive(room)

    def join_url(self, request: Request | WebSocket, path: str) -> str:
        """The absolute address of ``path`` (``play/ID?code=…``) for people to open: under the
        public URL when one is given, else under the address the request came to (and the prefix)."""
        base = self.public_url or f"{request.url.scheme}://{request.url.netloc}{self.prefix}"
        return base + path


def api_language(params: Any) -> str:
    """The language of an API answer: ``?lang=`` when the kit has it, else English (so that a
    client that does not ask gets the same JSON as ever)."""
    lang = params.get("lang")
    return str(lang) if lang in LANGUAGES else "en"


def looker(room: Room, viewer: int | None, params: Any) -> int | None:
    """Whom a view is made for: ``viewer``, or the whole class (:attr:`Room.everyone`: what every
    seat may see) when the request says ``hands=hidden`` (the projector's default, issue 16)."""
    return room.everyone if params.get("hands") == "hidden" else viewer


def _error(e: TableError) -> JSONResponse:
    return JSONResponse(e.body(), status_code=e.status)


async def _read_json(request: Request, lang: str = "en") -> dict[str, Any]:
    """The request's JSON object, read up to :data:`MAX_MESSAGE` bytes within :data:`BODY_TIMEOUT`
    seconds.

    Raises:
        TableError: (413) too large, (408) too slow, (400) not JSON, nested too deep or not an
            object; the message in ``lang``.
    """
    length = request.headers.get("content-length")
    body = b""

    async def read() -> None:
        nonlocal body
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_MESSAGE:
                break

    if length is None or (length.isdigit() and int(length) <= MAX_MESSAGE):
        try:
            await asyncio.wait_for(read(), BODY_TIMEOUT)
        except asyncio.TimeoutError:
            with speaking(lang):
                raise TableError(408, _("the request body did not arrive within {n} seconds").format(
                    n=f"{BODY_TIMEOUT:g}"), "server.md §6") from None
    with speaking(lang):
        if len(body) > MAX_MESSAGE or (length is not None and (not length.isdigit() or int(length) > MAX_MESSAGE)):
            raise TableError(413, _("a request body may hold at most {n} bytes").format(n=MAX_MESSAGE),
                             "server.md §6")
        return _parse(body)


def _parse(body: bytes | str) -> dict[str, Any]:
    """A JSON object from a body or message.

    Raises:
        TableError: (400) not JSON, nested deeper than Python's parser goes, or not an object.
    """
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise TableError(400, _("the body is not JSON"), "server.md §4") from None
    except RecursionError:
        raise TableError(400, _("the body is nested too deeply: a request is a flat JSON object"),
                         "server.md §4") from None
    if not isinstance(data, dict):
        raise TableError(400, _("the body must be a JSON object"), "server.md §4")
    try:  # a lone surrogate (\ud800) parses, but is no text: refuse it before anything keeps it
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise TableError(400, _("the body is not JSON"), "server.md §4") from None
    return data


def _only(data: dict[str, Any], fields: set[str]) -> None:
    """Refuse a message with fields other than ``fields``: the code, not a field, says who acts.

    Raises:
        TableError: (400) naming the unknown fields.
    """
    unknown = set(data) - fields
    if unknown:
        raise TableError(400, _("unknown field(s) {unknown}: the code says which seat acts; send only {fields}").format(
            unknown=", ".join(sorted(map(str, unknown)))[:200], fields=", ".join(sorted(fields))), "server.md §4")


def origin_of(url: str) -> str:
    """The origin (``scheme://host[:port]``, lower case) of an address; ``""`` when it has none."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}".lower()


class Authority:
    """Who a request speaks for, and whether it may come from where it comes from.

    Args:
        token: the teacher's token (compared in constant time).
        public_url: the address students use; its origin and host are allowed beside the server's own.
        local_only: the server listens on a loopback address: a request must name a loopback host or
            the public URL's host in its ``Host`` header (a page of another site that points a
            name of its own at 127.0.0.1, "DNS rebinding", is refused).
        prefix: the path the pages are served under (the cookie's path).
    """

    def __init__(self, token: str, public_url: str | None = None, local_only: bool = False,
                 prefix: str = "/") -> None:
        self.token = token.encode("ascii")
        self.public_origin = origin_of(public_url) if public_url else ""
        self.public_host = (urlsplit(public_url).hostname or "").lower() if public_url else ""
        self.local_only = local_only
        self.prefix = prefix

    def is_teacher(self, conn: HTTPConnection) -> bool:
        """True when the request holds the teacher's token: ``Authorization: Bearer TOKEN``, or the
        session cookie the teacher's link sets."""
        scheme, _sep, value = conn.headers.get("authorization", "").partition(" ")
        given = value.strip() if scheme.lower() == "bearer" else conn.cookies.get(TEACHER_COOKIE, "")
        return self.check(given)

    def check(self, given: str) -> bool:
        """True when ``given`` is the teacher's token (constant-time comparison)."""
        if not given or len(given) > MAX_TOKEN or not given.isascii():
            return False
        return secrets.compare_digest(given.encode("ascii"), self.token)

    def host_allowed(self, headers: Headers) -> bool:
        """The ``Host`` check of a server on loopback (see the class)."""
        if not self.local_only:
            return True
        given = headers.getlist("host")
        if len(given) != 1 or not HOST_FORM.fullmatch(given[0]):
            return False
        host = urlsplit("//" + given[0]).hostname or ""
        return host.lower() in LOOPBACK or is_loopback(host) or (bool(self.public_host) and host == self.public_host)

    def origin_allowed(self, scope: Scope, headers: Headers) -> bool:
        """True when a state-changing request or a WebSocket comes from this server's own pages: no
        ``Origin`` header (not a browser), or the server's own origin, or the public URL's; never
        two ``Origin`` headers."""
        given = headers.getlist("origin")
        if not given:
            return True
        if len(given) > 1:
            return False
        origin = given[0].strip().lower()
        scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"), scope.get("scheme", "http"))
        own = f"{scheme}://{headers.get('host', '')}".lower()
        return origin in (own, self.public_origin) and origin != ""

    def set_cookie(self, response: Response, secure: bool) -> None:
        """Keep the teacher's token in this browser's session (HTTP only, this site only)."""
        response.set_cookie(TEACHER_COOKIE, self.token.decode("ascii"), path=self.prefix, httponly=True,
                            samesite="strict", secure=secure)


class Guard:
    """The ASGI middleware every request passes first (docs/server.md §2 and §6): the ``Host``
    check, the same-origin check of state-changing requests and WebSockets, the hub login under a
    JupyterHub, the rate of requests per address (or hub user), and the security headers of every
    HTTP answer. A refused HTTP request gets its status and ``{"error", "rule"}``; a refused
    WebSocket is closed before it opens (HTTP 403)."""

    SAFE = {"GET", "HEAD", "OPTIONS"}

    def __init__(self, app: ASGIApp, authority: Authority, hub: Any = None) -> None:
        self.app = app
        self.authority = authority
        self.hub = hub
        self.requests = Buckets(ADDRESS_RATE, ADDRESS_BURST)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        conn = HTTPConnection(scope)
        client = scope.get("client") or ("", 0)
        who = str(client[0])
        refusal: tuple[int, str, str] | None = None
        path = scope.get("path", "")
        open_path = path.endswith(("/healthz", "/me", "/oauth_callback")) or "/static/" in path
        if not self.authority.host_allowed(headers):
            refusal = (403, "this server answers only to its own address (Host)", "server.md §2")
        elif (scope["type"] == "websocket" or scope.get("method") not in self.SAFE) \
                and not self.authority.origin_allowed(scope, headers):
            refusal = (403, "a page of another site may not act here (Origin)", "server.md §2")
        elif self.hub is not None and not open_path and not self.authority.is_teacher(conn):
            user = await self.hub.user(headers, conn.cookies)
            if user is None:
                if scope["type"] == "http" and scope.get("method") == "GET" and "/api/" not in path:
                    query = scope.get("query_string", b"").decode("latin-1")
                    await self.hub.login(path + ("?" + query if query else ""))(scope, receive, send)
                    return
                refusal = (401, "log in with the hub first (open this server's /me)", "server.md §9")
            else:
                who = "user:" + user
                scope.setdefault("state", {})["hub_user"] = user
        if refusal is None and who not in OWN_ADDRESSES and not self.requests.take(who):
            refusal = (429, "too many requests from this address: at most {n} a second".replace(
                "{n}", f"{ADDRESS_RATE:.0f}"), "server.md §6")
            log.warning("refused requests from %s: over %d a second (server.md §6)", who, ADDRESS_RATE)
        scope.setdefault("state", {})["who"] = who
        if refusal is not None:
            status, message, rule = refusal
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
                return
            response = JSONResponse({"error": message, "rule": rule}, status_code=status)
            await self._with_headers(response)(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _v in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    (k, v) for k, v in SECURITY_HEADERS if k not in have]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    def _with_headers(response: Response) -> Response:
        for k, v in SECURITY_HEADERS:
            response.headers[k.decode()] = v.decode()
        return response


def create_app(db: str | Path = "cardkit-tables.sqlite", *, computer_delay: float = 0.8,
               public_url: str | None = None, durable: bool = False, prefix: str | None = None,
               token: str | None = None, expire_hours: float = EXPIRE_HOURS, local_only: bool = False) -> Starlette:
    """The server's ASGI app over the database file ``db`` (created if missing; tables stored in it
    resume where they stopped).

    Args:
        db: the SQLite file.
        computer_delay: seconds before each computer player's action.
        public_url: the address students reach the server at (join links, QR codes); its origin
            may act here as the server's own does.
        durable: flush every action to disk (``synchronous=FULL``), not only to the OS.
        prefix: the path every page is served under (default ``$JUPYTERHUB_SERVICE_PREFIX``, else
            ``/``); under a JupyterHub, ``PREFIX/me`` also logs a student in with the hub.
        token: the teacher's token (default ``$CARDKIT_TOKEN``, else a new random one); the app's
            ``state.token`` holds it.
        expire_hours: tables are deleted this long after their last action (``0``: never).
        local_only: refuse requests whose ``Host`` is not a loopback name or the public URL's host
            (for a server listening on a loopback address).

    Raises:
        cardkit.server.store.StoreError: ``db`` cannot be used as the tables' database.
        ValueError: a token that is not 16 to 256 ASCII characters.
    """
    token = token or os.environ.get("CARDKIT_TOKEN") or secrets.token_urlsafe(32)
    if not (16 <= len(token) <= MAX_TOKEN and token.isascii() and token.isprintable() and " " not in token):
        raise ValueError("the teacher's token must be 16 to 256 printable ASCII characters without spaces")
    store = Store(db, durable=durable)
    hall = Hall(store, computer_delay=computer_delay, public_url=public_url)
    prefix = "/" + (prefix if prefix is not None else os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")).strip("/")
    prefix = prefix.rstrip("/") + "/"
    hall.prefix = prefix
    from .hub import HubLogin, hub_routes, under_hub

    # behind a JupyterHub the hub's proxy forwards the hub's own Host: the hub login guards instead
    authority = Authority(token, public_url, local_only and not under_hub(), prefix)
    new_tables = Buckets(NEW_TABLE_RATE, NEW_TABLE_BURST)
    debriefs = Debriefs()

    def who(conn: HTTPConnection) -> str:
        """The key of a request's limits: its hub user under a hub, else its address."""
        return str(conn.scope.get("state", {}).get("who") or (conn.client.host if conn.client else ""))

    def act_limit(room: Room, viewer: int | None) -> None:
        if not hall.actions.take((room.id, viewer)):
            raise TableError(429, _("too many actions: at most {n} a second for one seat").format(
                n=f"{RATE:.0f}"), "server.md §6")

    def teacher_only(request: Request) -> None:
        if not authority.is_teacher(request):
            raise TableError(401, _("only the teacher makes and deletes tables: send the teacher's token "
                                    "(the link \"cardkit serve\" printed, or Authorization: Bearer TOKEN)"),
                             "server.md §2")

    async def teacher_body(request: Request, lang: str) -> dict[str, Any]:
        """The JSON body of a request only the teacher may send (see :func:`teacher_only`)."""
        with speaking(lang):
            teacher_only(request)
        return await _read_json(request, lang)

    async def healthz(request: Request) -> Response:
        return JSONResponse({"ok": True})

    async def new_table(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            data = await teacher_body(request, lang)
            with speaking(lang):
                room = make_table(request, data)
        except TableError as e:
            return _error(e)
        hall.rooms[room.id] = room
        hall.drive(room)
        return JSONResponse(table_answer(request, room), status_code=201)

    def table_answer(request: Request, room: Room, lang: str = "en") -> dict[str, Any]:
        """A new table as ``POST /api/tables`` answers it: its seats with their codes and join
        links (in ``lang``), the teacher's code and the projector's link."""
        tail = "" if lang == "en" else f"&lang={lang}"
        seats = room.seats()
        for s in seats:
            s["play"] = hall.join_url(request, f"play/{room.id}?code={s['code']}{tail}") if s["code"] else None
        return {"table": room.id, "seats": seats, "teacher": room.row.teacher,
                "show": hall.join_url(request, f"show/{room.id}?code={room.row.teacher}{tail}")}

    def room_for(request: Request, count: int) -> None:
        """Refuse ``count`` new tables when this address makes them too fast or the server is full.

        Raises:
            TableError: (429) too many new tables from this address, (503) the server is full.
        """
        if not all(new_tables.take(who(request)) for _i in range(count)):
            raise TableError(429, _("too many new tables: at most {n} a second").format(n=f"{NEW_TABLE_RATE:.0f}"),
                             "server.md §6")
        if len(hall.rooms) + count > MAX_TABLES:
            free = _("delete the tables you are done with (\"cardkit tables delete\", or DELETE /api/tables/ID "
                     "with the teacher's token)")
            if expire_hours > 0:
                free += _("; a table is deleted by itself {hours:g} hours after its last action").format(hours=expire_hours)
            raise TableError(503, _("this server holds {n} tables already: {free}").format(n=MAX_TABLES, free=free),
                             "server.md §6")

    def make_table(request: Request, data: dict[str, Any]) -> Room:
        """A new table from the body of ``POST /api/tables``, stored.

        Raises:
            TableError: (429) too many new tables from this address, (503) the server is full,
                (400) a field that is not one of the body's fields or not of its kind.
        """
        room_for(request, 1)
        unknown = set(data) - {"game", "players", "options", "computer", "seed", "public_seed", "names"}
        if unknown:
            raise TableError(400, _("unknown field(s): {fields}").format(fields=", ".join(sorted(unknown))[:200]),
                             "server.md §3")
        fields = table_fields(data)
        seed, public = data.get("seed"), data.get("public_seed", False)
        if not isinstance(public, bool):
            raise TableError(400, _("\"public_seed\" must be true or false"), "server.md §3")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
            raise TableError(400, _("\"seed\" must be a whole number from 0 to 2**63 - 1, not {seed}").format(
                seed=repr(seed)[:40]), "server.md §3")
        if seed is not None and not public:
            seed = deal_seed(store.deal_secret, seed)
        return Room.create(store, seed=seed, **fields)

    def table_fields(data: dict[str, Any]) -> dict[str, Any]:
        """The checked ``game``, ``players``, ``options``, ``computer`` and ``names`` of a body that
        makes tables (:meth:`Room.new_row` checks the game's own rules on them).

        Raises:
            TableError: (400) a field not of its kind, naming it.
        """
        options = data.get("options") or {}
        computer = data.get("computer") or []
        names = data.get("names")
        players = data.get("players")
        if not isinstance(options, dict) or not all(isinstance(v, (str, int, bool)) for v in options.values()):
            raise TableError(400, _("\"options\" must be an object of rule options, e.g. {example}").format(
                example='{"joker-lead": "loose"}'), "server.md §3")
        if not isinstance(computer, list):
            raise TableError(400, _("\"computer\" must be a list of seat numbers"), "server.md §3")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                    or not 3 <= players <= 6):
            raise TableError(400, _("\"players\" must be a whole number from 3 to 6"), "server.md §3")
        if names is not None and (not isinstance(names, list) or not all(
                isinstance(n, str) and 0 < len(n) <= 64 for n in names)):
            raise TableError(400, _("\"names\" must be a list of seat names of 1 to 64 characters"), "server.md §3")
        for n in names or []:
            fault = name_fault(n)
            if fault:
                raise TableError(400, _("\"names\": {fault}").format(fault=fault), "server.md §3")
        return {"game": str(data.get("game")), "players": players, "options": options, "computer": computer,
                "names": names}

    def class_link(request: Request, klass: Classroom, path: str) -> str:
        """A link of the class's (``play/…``, ``show/…``) in the class's language."""
        lang = klass.settings.get("lang", "en")
        return hall.join_url(request, path + ("" if lang == "en" else f"&lang={lang}"))

    async def new_class(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            data = await teacher_body(request, lang)
            with speaking(lang):
                count, settings = class_settings(data)
                fields = table_fields(data)
                room_for(request, count)
                klass, rooms = make_class(store, count, settings, fields)
        except TableError as e:
            return _error(e)
        hall.classes[klass.id] = klass
        for room in rooms:
            hall.rooms[room.id] = room
            hall.drive(room)
        return JSONResponse({"class": klass.id, "tables": [table_answer(request, r, settings["lang"]) for r in rooms],
                             "teacher": hall.join_url(request, f"teach/{klass.id}"),
                             "cards": hall.join_url(request, f"api/classes/{klass.id}/cards.pdf")}, status_code=201)

    def debrief_link(request: Request, klass: Classroom) -> Callable[[Room, int], str]:
        """The link to a class table's debrief page of a hand (its teacher code in it)."""
        return lambda r, hand: class_link(request, klass, f"debrief/{r.id}?code={r.row.teacher}&hand={hand}")

    def class_status(request: Request, klass: Classroom) -> Response:
        return JSONResponse(status(klass, hall.rooms, store, lambda r: class_link(
            request, klass, f"show/{r.id}?code={r.row.teacher}"), debrief_link(request, klass)),
            headers={"Cache-Control": "no-store"})

    async def compare_class(request: Request) -> Response:
        try:
            with speaking(api_language(request.query_params)):
                teacher_only(request)
                klass = hall.klass(request.path_params["klass"])
                hand = hand_number(request.query_params.get("hand"))
                data = class_compare(klass, hall.rooms, hand, debrief_link(request, klass))
        except TableError as e:
            return _error(e)
        return JSONResponse(data, headers={"Cache-Control": "no-store"})

    async def get_class(request: Request) -> Response:
        try:
            with speaking(api_language(request.query_params)):
                teacher_only(request)
                klass = hall.klass(request.path_params["klass"])
                return class_status(request, klass)
        except TableError as e:
            return _error(e)

    def next_hand(klass: Classroom, table: Any) -> None:
        """Deal the next hand at one table of the class (its id), or at every table whose hand is
        over (``None``)."""
        if table is None:
            ids = [t for t in klass.tables if t in hall.rooms and hall.rooms[t].can_deal()]
            if not ids:
                raise TableError(409, _("no table of the class is between hands"), "server.md §10")
        elif isinstance(table, str) and table in klass.tables and table in hall.rooms:
            ids = [table]
        else:
            raise TableError(400, _("\"table\" must be the id of one of the class's tables, or null for all"),
                             "server.md §10")
        for tid in ids:
            room = hall.rooms[tid]
            room.act(None, NEXT_HAND)
            hall.changed(room)

    async def control(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            data = await teacher_body(request, lang)
            with speaking(lang):
                klass = hall.klass(request.path_params["klass"])
                do = data.get("do")
                allowed = {"next-hand": {"do", "table"}, "pause": {"do"}, "resume": {"do"}, "hands": {"do", "shown"}}
                if not isinstance(do, str) or do not in allowed:
                    raise TableError(400, _("\"do\" must be one of {choices}").format(
                        choices=", ".join(allowed)), "server.md §10")
                unknown = set(data) - allowed[do]
                if unknown:
                    raise TableError(400, _("unknown field(s): {fields}").format(
                        fields=", ".join(sorted(map(str, unknown)))[:200]), "server.md §10")
                if do == "next-hand":
                    next_hand(klass, data.get("table"))
                elif do == "hands":
                    shown = data.get("shown")
                    if not isinstance(shown, bool):
                        raise TableError(400, _("\"{field}\" must be true or false").format(field="shown"),
                                         "server.md §10")
                    klass.settings["hands"] = "shown" if shown else "hidden"
                    store.set_class(klass.id, klass.settings)
                    hall.push_hands(klass, shown)
                else:
                    klass.settings["paused"] = do == "pause"
                    store.set_class(klass.id, klass.settings)
                    for tid in klass.tables:
                        if tid in hall.rooms:
                            klass.apply(hall.rooms[tid])
                            hall.drive(hall.rooms[tid])
                return class_status(request, klass)
        except TableError as e:
            return _error(e)

    def class_cards(request: Request) -> str:
        teacher_only(request)
        klass = hall.klass(request.path_params["klass"])
        cards = student_cards(klass, hall.rooms, lambda room, seat: class_link(
            request, klass, f"play/{room.id}?code={room.row.codes[seat]}"))
        return cards_html(cards, klass.id, klass.settings.get("lang", "en"))

    async def cards_page(request: Request) -> Response:
        try:
            with speaking(api_language(request.query_params)):
                html = class_cards(request)
        except TableError as e:
            return _error(e)
        # the page that is printed: its style inline, and no script at all
        return HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Security-Policy":
                                           "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"})

    async def cards_pdf(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            with speaking(lang):
                html = class_cards(request)
                cid = request.path_params["klass"]
            pdf = await print_pdf(html)
        except TableError as e:
            return _error(e)
        return Response(pdf, media_type="application/pdf", headers={
            "Content-Disposition": f'inline; filename="join-cards-{cid}.pdf"', "Cache-Control": "no-store"})

    async def teach(request: Request) -> Response:
        return teacher_page(request, "teach", prefix + "teach/" + quote(request.path_params["klass"], safe=""))

    async def list_tables(request: Request) -> Response:
        try:
            with speaking(api_language(request.query_params)):
                teacher_only(request)
        except TableError as e:
            return _error(e)
        rows = [{"table": r.id, "game": r.game.name, "players": r.game.players, "names": list(r.game.names),
                 "step": r.step, "hand": r.replay.cursor[0] + 1, "over": r.is_over(), "last": r.last,
                 "teacher": r.row.teacher,
                 "show": hall.join_url(request, f"show/{r.id}?code={r.row.teacher}")} for r in hall.rooms.values()]
        return JSONResponse({"tables": rows, "limit": MAX_TABLES, "expire_hours": expire_hours})

    async def delete_table(request: Request) -> Response:
        try:
            with speaking(api_language(request.query_params)):
                teacher_only(request)
                if not hall.delete(request.path_params["table"]):
                    raise TableError(404, _("no table with this id on this server"), "server.md §2")
        except TableError as e:
            return _error(e)
        return JSONResponse({"deleted": request.path_params["table"]})

    async def get_table(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            with speaking(lang):
                room = hall.room(request.path_params["table"])
                viewer = room.who(request.query_params.get("code"))
            return Response(room.view_json(looker(room, viewer, request.query_params), lang, teacher=viewer is None),
                            media_type="application/json", headers={"Cache-Control": "no-store"})
        except TableError as e:
            return _error(e)

    async def post_action(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            data = await _read_json(request, lang)
            with speaking(lang):
                room = hall.room(request.path_params["table"])
                _only(data, {"code", "action", "step"})
                viewer = room.who(data.get("code"))
                act_limit(room, viewer)
                room.act(viewer, data.get("action"), data.get("step"))
        except TableError as e:
            return _error(e)
        hall.changed(room)
        return Response(room.view_json(looker(room, viewer, request.query_params), lang, teacher=viewer is None),
                        media_type="application/json", headers={"Cache-Control": "no-store"})

    async def record(request: Request) -> Response:
        try:
            room = hall.room(request.path_params["table"])
            if room.who(request.query_params.get("code")) is not None:
                raise TableError(403, _("the record holds every hand: only the teacher's code downloads it"),
                                 "server.md §2")
        except TableError as e:
            return _error(e)
        return Response(room.record() + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="table-{room.id}.json"',
                                 "Cache-Control": "no-store"})

    async def debrief(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            with speaking(lang):
                room = hall.room(request.path_params["table"])
                if room.who(request.query_params.get("code")) is not None:
                    raise TableError(403, _("the debrief shows every hand: only the teacher's code opens it"),
                                     "server.md §2")
                hand = hand_number(request.query_params.get("hand"))
            data = await debriefs.get(room, hand, lang)
        except TableError as e:
            return _error(e)
        return JSONResponse(data, headers={"Cache-Control": "no-store"})

    async def qr(request: Request) -> Response:
        import segno

        try:
            room = hall.room(request.path_params["table"])
            if room.who(request.query_params.get("code")) is not None:
                raise TableError(403, _("join links are for the teacher's code"), "server.md §2")
            seat = request.path_params["seat"]
            if not 0 <= seat < room.game.players or seat in room.computer:
                raise TableError(404, _("no student seat with this number"), "server.md §2")
        except TableError as e:
            return _error(e)
        lang = api_language(request.query_params)  # the join link opens in the projector's language
        url = hall.join_url(request, f"play/{room.id}?code={room.row.codes[seat]}"
                                     + ("" if lang == "en" else f"&lang={lang}"))
        out = io.BytesIO()  # a standalone SVG file (with its namespace), so that <img> shows it
        segno.make(url, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                        title=f"{room.game.names[seat]}: {url}")
        return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    def language_of(request: Request) -> str:
        return choose_language(request.query_params.get("lang"), request.headers.get("accept-language"))

    async def page(request: Request) -> Response:
        role = request.url.path.rstrip("/").split("/")[-2]  # play, show or debrief (the routes' words)
        return HTMLResponse(page_html(role, language_of(request)),
                            headers={"Cache-Control": "no-store", "Vary": "Accept-Language"})

    def teacher_page(request: Request, role: str, here: str) -> Response:
        """A page of the teacher's (``role``: ``"index"`` at ``/``, ``"teach"`` at ``/teach/ID``) at
        the address ``here``: opened with ``?token=`` (the teacher's link), the token is kept in
        the session cookie and dropped from the address by a redirect; without the teacher's
        token or cookie it is the page saying how to get in (403)."""
        lang = language_of(request)
        given = request.query_params.get("token")
        if given is not None:  # the teacher's link: keep the token in a cookie, drop it from the address
            if not authority.check(given):
                return HTMLResponse(page_html("locked", lang), status_code=403, headers={"Vary": "Accept-Language"})
            asked = request.query_params.get("lang")
            response = RedirectResponse(here + (f"?lang={asked}" if asked in LANGUAGES else ""), status_code=303)
            authority.set_cookie(response, request.url.scheme == "https")
            return response
        role = role if authority.is_teacher(request) else "locked"
        return HTMLResponse(page_html(role, lang), status_code=403 if role == "locked" else 200,
                            headers={"Vary": "Accept-Language", "Cache-Control": "no-store"})

    async def index(request: Request) -> Response:
        return teacher_page(request, "index", prefix)

    def ws_key(room: Room, viewer: int | None) -> tuple[str, int | None]:
        return (room.id, viewer)

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        lang = api_language(ws.query_params)
        address = who(ws)
        try:
            with speaking(lang):
                room = hall.room(ws.path_params["table"])
                viewer = room.who(ws.query_params.get("code"))
                if hall.sockets.get(ws_key(room, viewer), 0) >= WS_PER_CODE:
                    raise TableError(429, _("this code has {n} connections open already: close a page").format(
                        n=WS_PER_CODE), "server.md §6")
                if address not in OWN_ADDRESSES and hall.sockets.get(address, 0) >= WS_PER_ADDRESS:
                    raise TableError(429, _("too many connections from this address"), "server.md §6")
        except TableError as e:
            if e.status == 429:
                log.warning("refused WebSockets: %s (server.md §6)", e.message)
            await ws.send_text(json.dumps({**e.body(), "status": e.status}))
            await ws.close(code=4000 + e.status)
            return
        keys = (ws_key(room, viewer), address)
        for k in keys:
            hall.sockets[k] = hall.sockets.get(k, 0) + 1
        conn = Connection(ws, viewer, lang, looker(room, viewer, ws.query_params), teacher=viewer is None)
        hall.subscribers.setdefault(room.id, set()).add(conn)
        conn.queue.put_nowait(room.message(conn.looks, lang, teacher=conn.teacher))

        async def sender() -> None:
            while True:
                text = await conn.queue.get()
                if text == "":  # the table was deleted
                    await ws.close(code=4404)
                    return
                await ws.send_text(text)

        sending = asyncio.get_running_loop().create_task(sender())
        refused = 0
        try:
            while True:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                text = raw.get("text")
                if text is None:
                    data_bytes = raw.get("bytes") or b""
                    text = data_bytes.decode("utf-8", "replace")
                try:
                    if not conn.bucket.take():
                        refused += 1
                        if refused >= FLOOD_CLOSE:
                            await ws.close(code=1008)
                            break
                        with speaking(lang):
                            raise TableError(429, _("too many messages: at most {n} a second").format(
                                n=f"{RATE:.0f}"), "server.md §6")
                    with speaking(lang):  # no await inside: the language is the process's
                        if len(text.encode("utf-8")) > MAX_MESSAGE:
                            raise TableError(413, _("a message may hold at most {n} bytes").format(n=MAX_MESSAGE),
                                             "server.md §6")
                        data = _parse(text)
                        if "ping" in data:
                            ping = data["ping"]
                            if not isinstance(ping, (int, str)) or len(str(ping)) > 64:
                                raise TableError(400, _("\"ping\" must be a number or a short text"), "server.md §7")
                            conn.queue.put_nowait(json.dumps({"pong": ping}))
                            continue
                        if room.id not in hall.rooms:
                            raise TableError(404, _("this table has been deleted"), "server.md §3")
                        _only(data, {"action", "step"})
                        act_limit(room, viewer)
                        room.act(viewer, data.get("action"), data.get("step"))
                except TableError as e:
                    conn.queue.put_nowait(json.dumps({**e.body(), "status": e.status}))
                    continue
                hall.changed(room)
        except WebSocketDisconnect:
            pass
        finally:
            for k in keys:
                n = hall.sockets.get(k, 0) - 1
                if n > 0:
                    hall.sockets[k] = n
                else:
                    hall.sockets.pop(k, None)
            hall.subscribers.get(room.id, set()).discard(conn)
            sending.cancel()
            if ws.client_state == WebSocketState.CONNECTED:
                try:
                    await ws.close()
                except Exception:  # the peer has gone; nothing to tell it
                    pass

    async def http_error(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        if status == 404:
            return JSONResponse({"error": "no such page on this server", "rule": "server.md §1"}, status_code=404)
        if status == 405:
            return JSONResponse({"error": "this address does not take this method", "rule": "server.md §1"},
                                status_code=405)
        return JSONResponse({"error": "the request could not be handled", "rule": "server.md §1"},
                            status_code=status)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        return JSONResponse({"error": "the server failed on this request; nothing was changed",
                             "rule": "server.md §1"}, status_code=500)

    async def sweeper() -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                hall.sweep(expire_hours)
            except Exception:  # a locked or failing database: try again at the next sweep
                log.exception("the sweep of expired tables failed")

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hall.sweep(expire_hours)
        hall.start()
        sweeping = asyncio.get_running_loop().create_task(sweeper())
        yield
        sweeping.cancel()
        for task in hall.drivers.values():
            task.cancel()
        store.close()

    routes = [
        Route("/", index),
        Route("/healthz", healthz),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables/{table}", get_table, methods=["GET"]),
        Route("/api/tables/{table}", delete_table, methods=["DELETE"]),
        Route("/api/tables/{table}/actions", post_action, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/debrief", debrief),
        Route("/api/tables/{table}/qr/{seat:int}.svg", qr),
        WebSocketRoute("/api/tables/{table}/ws", ws_endpoint),
        Route("/api/classes", new_class, methods=["POST"]),
        Route("/api/classes/{klass}", get_class, methods=["GET"]),
        Route("/api/classes/{klass}/control", control, methods=["POST"]),
        Route("/api/classes/{klass}/compare", compare_class, methods=["GET"]),
        Route("/api/classes/{klass}/cards.pdf", cards_pdf),
        Route("/api/classes/{klass}/cards.html", cards_page),
        Route("/teach/{klass}", teach),
        Route("/play/{table}", page),
        Route("/show/{table}", page),
        Route("/debrief/{table}", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    hub = None
    if under_hub():
        hub = HubLogin(prefix)

        def seats_of(user: str) -> list[dict[str, Any]]:
            return [{"table": r.id, "name": n, "play": f"play/{r.id}?code={r.row.codes[s]}"}
                    for r in hall.rooms.values() for s, n in enumerate(r.game.names)
                    if n == user and s not in r.computer]

        routes += hub_routes(seats_of, hub)
    if prefix != "/":
        async def to_prefix(request: Request) -> Response:
            return RedirectResponse(prefix)

        routes = [Mount(prefix.rstrip("/"), routes=routes), Route("/", to_prefix)]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: server_error})
    app.add_middleware(Guard, authority=authority, hub=hub)
    app.state.hall = hall
    app.state.token = token
    return app
