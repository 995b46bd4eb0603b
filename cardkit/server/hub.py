"""The table server as a JupyterHub service: the hub's login gives each student their seat.

When the hub starts the server as a managed service, it sets ``JUPYTERHUB_API_TOKEN``,
``JUPYTERHUB_SERVICE_PREFIX`` (e.g. ``/services/cardkit/``), ``JUPYTERHUB_CLIENT_ID`` and the
OAuth URLs in the server's environment; the server then serves every page under that prefix, and
``PREFIX/me`` sends a logged-in student to their seat: the seat named with their hub user name at
any table (make the table with ``"names": [user names]``). The OAuth handshake is JupyterHub's own
(:class:`jupyterhub.services.auth.HubOAuth`); nothing here stores a password. JupyterHub is only
needed on the hub's machine: this module imports it when the hub has started the server.
"""

from __future__ import annotations

import os
from typing import Any, Callable, Mapping

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from ..escaping import escape

#: The cookie holding the hub token of a logged-in visitor (HTTP only, path = the service prefix).
TOKEN_COOKIE = "cardkit-hub-token"
STATE_COOKIE = "cardkit-hub-state"


def seats_page(user: str, seats: list[dict[str, Any]], prefix: str) -> str:
    """The page of a hub user's seats: a link to each (``seats``: dicts with ``play``, the seat's
    link under ``prefix``, ``table`` and ``name``), or a sentence when there is none. Every text is
    put in through :func:`cardkit.escaping.escape`: user and seat names come from outside."""
    items = "".join(f"<li><a href='{escape(prefix + s['play'])}'>table {escape(s['table'])}, "
                    f"seat {escape(s['name'])}</a></li>" for s in seats)
    body = (f"<p>{escape(user)}: " + (f"your seats</p><ul>{items}</ul>" if seats else
            "no table has a seat with your name yet: ask your teacher.</p>"))
    return (f"<!doctype html><meta charset='utf-8'><meta name='viewport' "
            f"content='width=device-width, initial-scale=1'><title>cardkit</title>{body}")


def under_hub() -> bool:
    """True when JupyterHub started this process as a service (its API token is set)."""
    return bool(os.environ.get("JUPYTERHUB_API_TOKEN"))


class HubLogin:
    """The hub's login, asked by every request under a hub (docs/server.md §9): who the visitor is,
    from the hub token in :data:`TOKEN_COOKIE` (set by the login) or in an ``Authorization: token
    T`` header (a hub API token), checked with the hub and kept for a minute.

    Args:
        prefix: the service prefix (``/services/cardkit/``), for the cookies' path.
    """

    def __init__(self, prefix: str) -> None:
        from jupyterhub.services.auth import HubOAuth

        self.prefix = prefix
        self.auth = HubOAuth(api_token=os.environ["JUPYTERHUB_API_TOKEN"], cache_max_age=60)

    async def user(self, headers: Headers, cookies: Mapping[str, str]) -> str | None:
        """The hub user name of a request (its cookie or its ``Authorization: token``), or ``None``."""
        token = cookies.get(TOKEN_COOKIE)
        scheme, _sep, value = headers.get("authorization", "").partition(" ")
        if not token and scheme.lower() == "token":
            token = value.strip()
        if not token or len(token) > 1024 or not token.isascii():
            return None
        try:
            user = await self.auth.user_for_token(token, sync=False)
        except Exception:  # the hub refused or is unreachable: no user, not a server failure
            return None
        return str(user["name"]) if user else None

    def login(self, next_url: str) -> Response:
        """A redirect to the hub's login that comes back to ``next_url`` (a path under the prefix)."""
        state = self.auth.generate_state(next_url=next_url)
        response = RedirectResponse(self.auth.login_url + "&state=" + state, status_code=302)
        response.set_cookie(STATE_COOKIE, state, path=self.prefix, httponly=True, samesite="lax")
        return response


def hub_routes(seats_of: Callable[[str], list[dict[str, Any]]], hub: HubLogin) -> list[Route]:
    """The routes ``me`` and ``oauth_callback`` of the hub login.

    Args:
        seats_of: ``seats_of(user name)`` → the seats named so, as ``{"table", "name", "play"}``
            with ``play`` the page's path under the prefix.
        hub: the hub login.
    """
    auth, prefix = hub.auth, hub.prefix

    async def me(request: Request) -> Response:
        user = await hub.user(request.headers, request.cookies)
        if user is None:
            return hub.login(prefix + "me")
        seats = seats_of(user)
        if len(seats) == 1:
            return RedirectResponse(prefix + seats[0]["play"], status_code=302)
        return HTMLResponse(seats_page(user, seats, prefix))

    async def callback(request: Request) -> Response:
        code = request.query_params.get("code")
        state = request.query_params.get("state")
        if not code or not state or state != request.cookies.get(STATE_COOKIE):
            return JSONResponse({"error": "the hub login did not complete: open the link again",
                                 "rule": "server.md §9"}, status_code=403)
        token = await auth.token_for_code(code, sync=False)
        next_url = auth.get_next_url(state)
        auth.clear_oauth_state(state)
        response = RedirectResponse(next_url, status_code=302)
        response.set_cookie(TOKEN_COOKIE, token, path=prefix, httponly=True, samesite="lax")
        response.delete_cookie(STATE_COOKIE, path=prefix)
        return response

    return [Route("/me", me), Route("/oauth_callback", callback)]
