"""The table server: students on different devices play one table, a projector shows it.

``python -m cardkit serve [--host 127.0.0.1] [--port 8765] [--db FILE]`` (``make serve``) starts it:
a Starlette app (:mod:`cardkit.server.app`) served by uvicorn, every accepted action stored in one
SQLite file before anyone is told (:mod:`cardkit.server.store`), each seat sent only what the rules
let it see (:mod:`cardkit.server.tables`). ``docs/server.md`` is the interface and its rules.
"""

from __future__ import annotations

import ipaddress
import sys
from pathlib import Path

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


def serve(host: str = HOST, port: int = PORT, db: str | Path = DB, *, computer_delay: float = 0.8,
          public_url: str | None = None, durable: bool = False, prefix: str | None = None,
          log_level: str = "warning") -> None:
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
    """
    import uvicorn

    from .app import MAX_FRAME, create_app

    if not is_loopback(host):
        print(f"warning: listening on {host}: every device that can reach this machine on the network can "
              "open this server's pages; the table codes are what keep seats apart. Use it on a classroom "
              "network only, and give --public-url http://THIS-MACHINE:PORT/ so join links work.",
              file=sys.stderr)
    app = create_app(db, computer_delay=computer_delay, public_url=public_url, durable=durable, prefix=prefix)
    url = public_url or f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    if prefix:
        url = url.rstrip("/") + "/" + prefix.strip("/") + "/"
    print(f"cardkit table server on {url} (database {db}); Ctrl-C stops it", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=MAX_FRAME,
                ws_per_message_deflate=False, proxy_headers=False)
