"""The table server's ASGI application (Starlette), its routes and limits.

HTTP and WebSocket interface (JSON; see docs/server.md):

- ``GET /healthz`` → ``{"ok": true}``
- ``POST /api/tables`` ``{"game", "players", "options", "computer", "seed", "names"}`` →
  ``{"table", "seats": [{"seat", "name", "code", "computer"}], "teacher", "play", "show"}``
- ``GET /api/tables/ID?code=C`` → the view for that code; ``&hands=hidden`` → what every seat may
  see (the projector with the hands hidden: no hand, no give's card)
- ``POST /api/tables/ID/actions`` ``{"code", "action", "step"?}`` → the new view, or an error
- ``WS /api/tables/ID/ws?code=C`` (``&hands=hidden`` as above) → ``{"view": …}`` after every change;
  send ``{"action", "step"?}``
  to act; a refusal comes back as ``{"error", "rule"}``
- ``GET /api/tables/ID/record?code=TEACHER`` → the match record (:mod:`cardkit.records`)
- ``GET /api/tables/ID/qr/SEAT.svg?code=TEACHER`` → the QR code of a seat's join link (SVG)
- ``GET /play/ID?code=C``, ``GET /show/ID?code=TEACHER`` → the student's and the projector's pages

Every refusal has an error status and the body ``{"error": message, "rule": item}``, and changes
nothing; an unexpected failure is answered 500 with the same shape, never with a traceback.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import time
from pathlib import Path
from typing import Any, AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from ..i18n import LANGUAGES, _
from .pages import choose_language
from .pages import page as page_html
from .store import Store
from .tables import Room, TableError, speaking

log = logging.getLogger("cardkit.server")

STATIC = Path(__file__).resolve().parent / "static"

#: Largest request body (HTTP) or message (WebSocket) read, in bytes (server.md §6).
MAX_MESSAGE = 4096
#: Largest WebSocket frame the protocol layer accepts before closing the connection (1009), bytes.
MAX_FRAME = 1 << 20
#: Messages per second allowed on one WebSocket connection, and the burst (server.md §6).
RATE, BURST = 20.0, 40
#: Refusals for flooding after which a WebSocket connection is closed (code 1008).
FLOOD_CLOSE = 200
#: Most tables one server holds (server.md §6).
MAX_TABLES = 2000


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


class Connection:
    """One WebSocket subscriber: who it is (``viewer``, who acts), what it is shown (``looks``: the
    viewer, or :attr:`Room.everyone` with ``?hands=hidden``), its language, and a queue of messages
    to send in order."""

    def __init__(self, ws: WebSocket, viewer: int | None, lang: str = "en", looks: int | None = None) -> None:
        self.ws = ws
        self.viewer = viewer
        self.looks = viewer if looks is None else looks
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
        for row in store.tables():
            room = Room.restore(row, store)
            self.rooms[room.id] = room

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
            conn.queue.put_nowait(room.message(conn.looks, conn.lang))

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
    """The request's JSON object, read up to :data:`MAX_MESSAGE` bytes.

    Raises:
        TableError: (413) too large, (400) not JSON or not an object; the message in ``lang``.
    """
    length = request.headers.get("content-length")
    body = b""
    if length is None or (length.isdigit() and int(length) <= MAX_MESSAGE):
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_MESSAGE:
                break
    with speaking(lang):
        if len(body) > MAX_MESSAGE or (length is not None and (not length.isdigit() or int(length) > MAX_MESSAGE)):
            raise TableError(413, _("a request body may hold at most {n} bytes").format(n=MAX_MESSAGE),
                             "server.md §6")
        return _parse(body)


def _parse(body: bytes | str) -> dict[str, Any]:
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise TableError(400, _("the body is not JSON"), "server.md §4") from None
    if not isinstance(data, dict):
        raise TableError(400, _("the body must be a JSON object"), "server.md §4")
    return data


def _only(data: dict[str, Any], fields: set[str]) -> None:
    """Refuse a message with fields other than ``fields``: the code, not a field, says who acts.

    Raises:
        TableError: (400) naming the unknown fields.
    """
    unknown = set(data) - fields
    if unknown:
        raise TableError(400, _("unknown field(s) {unknown}: the code says which seat acts; send only {fields}").format(
            unknown=", ".join(sorted(map(str, unknown))), fields=", ".join(sorted(fields))), "server.md §4")


def create_app(db: str | Path = "cardkit-tables.sqlite", *, computer_delay: float = 0.8,
               public_url: str | None = None, durable: bool = False, prefix: str | None = None) -> Starlette:
    """The server's ASGI app over the database file ``db`` (created if missing; tables stored in it
    resume where they stopped).

    Args:
        db: the SQLite file.
        computer_delay: seconds before each computer player's action.
        public_url: the address students reach the server at (join links, QR codes).
        durable: flush every action to disk (``synchronous=FULL``), not only to the OS.
        prefix: the path every page is served under (default ``$JUPYTERHUB_SERVICE_PREFIX``, else
            ``/``); under a JupyterHub, ``PREFIX/me`` also logs a student in with the hub.
    """
    store = Store(db, durable=durable)
    hall = Hall(store, computer_delay=computer_delay, public_url=public_url)
    http_buckets: dict[str, TokenBucket] = {}

    def http_limit(key: str) -> None:
        bucket = http_buckets.get(key)
        if bucket is None:
            if len(http_buckets) > 10_000:
                http_buckets.clear()
            bucket = http_buckets[key] = TokenBucket()
        if not bucket.take():
            raise TableError(429, _("too many requests: at most {n} a second").format(n=f"{RATE:.0f}"),
                             "server.md §6")

    async def healthz(request: Request) -> Response:
        return JSONResponse({"ok": True})

    async def new_table(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            data = await _read_json(request, lang)
            with speaking(lang):
                room = make_table(request, data)
        except TableError as e:
            return _error(e)
        hall.rooms[room.id] = room
        hall.drive(room)
        seats = room.seats()
        for s in seats:
            s["play"] = hall.join_url(request, f"play/{room.id}?code={s['code']}") if s["code"] else None
        return JSONResponse({"table": room.id, "seats": seats, "teacher": room.row.teacher,
                             "show": hall.join_url(request, f"show/{room.id}?code={room.row.teacher}")},
                            status_code=201)

    def make_table(request: Request, data: dict[str, Any]) -> Room:
        """A new table from the body of ``POST /api/tables``, stored.

        Raises:
            TableError: (429) too many new tables from this address, (503) the server is full,
                (400) a field that is not one of the body's fields or not of its kind.
        """
        http_limit("new:" + (request.client.host if request.client else ""))
        unknown = set(data) - {"game", "players", "options", "computer", "seed", "names"}
        if unknown:
            raise TableError(400, _("unknown field(s): {fields}").format(fields=", ".join(sorted(unknown))),
                             "server.md §3")
        if len(hall.rooms) >= MAX_TABLES:
            raise TableError(503, _("this server holds {n} tables already").format(n=MAX_TABLES), "server.md §6")
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
        return Room.create(store, str(data.get("game")), players, options, computer, data.get("seed"), names)

    async def get_table(request: Request) -> Response:
        lang = api_language(request.query_params)
        try:
            with speaking(lang):
                room = hall.room(request.path_params["table"])
                viewer = room.who(request.query_params.get("code"))
            return Response(room.view_json(looker(room, viewer, request.query_params), lang),
                            media_type="application/json")
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
                http_limit(f"act:{room.id}:{viewer}")
                room.act(viewer, data.get("action"), data.get("step"))
        except TableError as e:
            return _error(e)
        hall.changed(room)
        return Response(room.view_json(looker(room, viewer, request.query_params), lang),
                        media_type="application/json")

    async def record(request: Request) -> Response:
        try:
            room = hall.room(request.path_params["table"])
            if room.who(request.query_params.get("code")) is not None:
                raise TableError(403, _("the record holds every hand: only the teacher's code downloads it"),
                                 "server.md §2")
        except TableError as e:
            return _error(e)
        return Response(room.record() + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="table-{room.id}.json"'})

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
        role = "play" if request.url.path.rstrip("/").split("/")[-2] == "play" else "show"
        return HTMLResponse(page_html(role, language_of(request)),
                            headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                     "Vary": "Accept-Language"})

    async def index(request: Request) -> Response:
        return HTMLResponse(page_html("index", language_of(request)), headers={"Vary": "Accept-Language"})

    async def ws_endpoint(ws: WebSocket) -> None:
        await ws.accept()
        lang = api_language(ws.query_params)
        try:
            with speaking(lang):
                room = hall.room(ws.path_params["table"])
                viewer = room.who(ws.query_params.get("code"))
        except TableError as e:
            await ws.send_text(json.dumps(e.body()))
            await ws.close(code=4000 + e.status)
            return
        conn = Connection(ws, viewer, lang, looker(room, viewer, ws.query_params))
        hall.subscribers.setdefault(room.id, set()).add(conn)
        conn.queue.put_nowait(room.message(conn.looks, lang))

        async def sender() -> None:
            while True:
                text = await conn.queue.get()
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
                            conn.queue.put_nowait(json.dumps({"pong": data["ping"]}))
                            continue
                        _only(data, {"action", "step"})
                        room.act(viewer, data.get("action"), data.get("step"))
                except TableError as e:
                    conn.queue.put_nowait(json.dumps({**e.body(), "status": e.status}))
                    continue
                hall.changed(room)
        except WebSocketDisconnect:
            pass
        finally:
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

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hall.start()
        yield
        for task in hall.drivers.values():
            task.cancel()
        store.close()

    routes = [
        Route("/", index),
        Route("/healthz", healthz),
        Route("/api/tables", new_table, methods=["POST"]),
        Route("/api/tables/{table}", get_table),
        Route("/api/tables/{table}/actions", post_action, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/qr/{seat:int}.svg", qr),
        WebSocketRoute("/api/tables/{table}/ws", ws_endpoint),
        Route("/play/{table}", page),
        Route("/show/{table}", page),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    prefix = "/" + (prefix if prefix is not None else os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")).strip("/")
    prefix = prefix.rstrip("/") + "/"
    hall.prefix = prefix
    from .hub import hub_routes, under_hub

    if under_hub():
        def seats_of(user: str) -> list[dict[str, Any]]:
            return [{"table": r.id, "name": n, "play": f"play/{r.id}?code={r.row.codes[s]}"}
                    for r in hall.rooms.values() for s, n in enumerate(r.game.names)
                    if n == user and s not in r.computer]

        routes += hub_routes(seats_of, prefix)
    if prefix != "/":
        async def to_prefix(request: Request) -> Response:
            return RedirectResponse(prefix)

        routes = [Mount(prefix.rstrip("/"), routes=routes), Route("/", to_prefix)]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: http_error, Exception: server_error})
    app.state.hall = hall
    return app
