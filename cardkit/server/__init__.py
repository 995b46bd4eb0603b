"""The table server: students on different devices play one table, a projector shows it.

``python -m cardkit serve [--host 127.0.0.1] [--port 8765] [--db FILE]`` (``make serve``) starts it:
a Starlette app (:mod:`cardkit.server.app`) served by uvicorn, every accepted action stored in one
SQLite file before anyone is told (:mod:`cardkit.server.store`), each seat sent only what the rules
let it see (:mod:`cardkit.server.tables`). ``docs/server.md`` is the interface and its rules.
"""

from __future__ import annotations

import atexit
import ipaddress
import json
import os
import secrets
import sys
from pathlib import Path
from urllib.parse import SplitResult, urlsplit

#: The defaults of ``python -m cardkit serve``.
HOST, PORT, DB = "127.0.0.1", 8765, "cardkit-tables.sqlite"

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def is_loopback(host: str) -> bool:
    """True when ``host`` is reachable from this machine only."""
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def runtime_dir() -> Path:
    """Where a running server notes its address and teacher's token for ``new-table`` on this
    machine (as Jupyter keeps its runtime files): ``$CARDKIT_RUNTIME_DIR``, else
    ``$XDG_RUNTIME_DIR/cardkit``, else ``~/.local/share/cardkit/runtime``."""
    if os.environ.get("CARDKIT_RUNTIME_DIR"):
        return Path(os.environ["CARDKIT_RUNTIME_DIR"])
    if os.environ.get("XDG_RUNTIME_DIR"):
        return Path(os.environ["XDG_RUNTIME_DIR"]) / "cardkit"
    return Path.home() / ".local" / "share" / "cardkit" / "runtime"


def _same_server(a: str, b: str) -> bool:
    pa, pb = urlsplit(a), urlsplit(b)
    def host(p: SplitResult) -> str:
        h = (p.hostname or "").lower()
        return "127.0.0.1" if h in LOOPBACK or h == "0.0.0.0" else h
    return (pa.scheme, host(pa), pa.port, pa.path.rstrip("/")) == (pb.scheme, host(pb), pb.port, pb.path.rstrip("/"))


def _alive(pid: object) -> bool:
    """True when ``pid`` is a process running on this machine."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, under another user
        return True
    return True


def find_token(url: str) -> str | None:
    """The teacher's token of the server at ``url``, from ``$CARDKIT_TOKEN`` or else from the
    runtime file of a server running on this machine at that address; ``None`` if neither has it."""
    if os.environ.get("CARDKIT_TOKEN"):
        return os.environ["CARDKIT_TOKEN"]
    folder = runtime_dir()
    for f in sorted(folder.glob("server-*.json")) if folder.is_dir() else []:
        try:
            info = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(info, dict) or not _alive(info.get("pid")):
            continue  # a note left by a server that did not stop cleanly
        if isinstance(info.get("token"), str) and any(
                isinstance(u, str) and _same_server(u, url) for u in info.get("urls", [])):
            return str(info["token"])
    return None


def serve(host: str = HOST, port: int = PORT, db: str | Path = DB, *, computer_delay: float = 0.8,
          public_url: str | None = None, durable: bool = False, prefix: str | None = None,
          log_level: str = "warning", token: str | None = None, expire_hours: float = 24.0) -> None:
    """Run the table server until interrupted (Ctrl-C).

    Args:
        host: the address to listen on; anything but a loopback address (e.g. ``0.0.0.0``, a
            classroom network) prints a warning.
        port: the TCP port.
        db: the SQLite file holding the tables (created if missing; its tables resume).
        computer_delay: seconds each computer player waits before acting.
        public_url: the address students use, for join links and QR codes.
        durable: flush every action to disk, not only to the operating system.
        prefix: the path the pages are served under (default ``$JUPYTERHUB_SERVICE_PREFIX`` or ``/``).
        log_level: uvicorn's log level.
        token: the teacher's token (default ``$CARDKIT_TOKEN``, else a new random one, printed once in
            the teacher's link).
        expire_hours: a table is deleted this many hours after its last action (``0``: never).

    Raises:
        cardkit.server.store.StoreError: ``db`` cannot be the tables' database.
    """
    import uvicorn

    from .app import MAX_CONNECTIONS, MAX_FRAME, create_app
    from .guard import Addresses, guarded_protocol, quiet_floods, raise_file_limit

    if not is_loopback(host):
        print(f"warning: listening on {host}: every device that can reach this machine on the network can "
              "open this server's pages; the table codes are what keep seats apart. Use it on a classroom "
              "network only, and give --public-url http://THIS-MACHINE:PORT/ so join links work.",
              file=sys.stderr)
    given = token or os.environ.get("CARDKIT_TOKEN")
    token = given or secrets.token_urlsafe(32)
    app = create_app(db, computer_delay=computer_delay, public_url=public_url, durable=durable, prefix=prefix,
                     token=token, expire_hours=expire_hours, local_only=is_loopback(host))
    local = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    url = public_url or local
    if app.state.hall.prefix != "/":
        url = url.rstrip("/") + app.state.hall.prefix
        local = local.rstrip("/") + app.state.hall.prefix
    files = raise_file_limit()
    quiet_floods()
    note: Path | None = runtime_dir() / f"server-{port}.json"
    assert note is not None
    try:  # a file of our own, made new (never one already there, never through a link), mode 600
        note.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fresh = note.with_name(f".{note.name}.{os.getpid()}")
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"urls": sorted({url, local}), "token": token, "pid": os.getpid(), "db": str(db)}, f)
        os.replace(fresh, note)
    except OSError:
        note = None

    def forget() -> None:  # only our own note: a server that failed to start leaves another's alone
        try:
            if note is not None and json.loads(note.read_text(encoding="utf-8")).get("pid") == os.getpid():
                note.unlink()
        except (OSError, ValueError):
            pass

    atexit.register(forget)  # uvicorn re-raises SIGTERM after its shutdown: a finally would not run
    print(f"cardkit table server on {url} (database {db}); Ctrl-C stops it", flush=True)
    if given:
        print("the teacher's token is the one given (--token or CARDKIT_TOKEN); the teacher's page: "
              f"{url}?token=…", flush=True)
    else:
        print(f"the teacher's link (it makes tables; keep it to yourself): {url}?token={token}", flush=True)
    try:
        uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=MAX_FRAME,
                    ws_per_message_deflate=False, proxy_headers=False, limit_concurrency=MAX_CONNECTIONS,
                    timeout_keep_alive=5, http=guarded_protocol(Addresses()),
                    backlog=min(2048, files if files > 0 else 2048))
    finally:
        forget()
