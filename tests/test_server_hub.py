"""The table server as a JupyterHub service (docs/jupyterhub/jupyterhub_config.py), with a real
JupyterHub and its real proxy (configurable-http-proxy, from npm; ``make test`` installs it under
``build/chp``) on 127.0.0.1: the hub starts the server, routes ``/services/cardkit/`` to it, and a
student who logs in with the hub and opens ``/services/cardkit/me`` lands on their own seat; the
pages' API and WebSocket work through the hub's proxy.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from server_tools import REPO, TEACHER, TOKEN, free_port, http

CHP = REPO / "build" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
CONFIG = REPO / "docs" / "jupyterhub" / "jupyterhub_config.py"


def _chp() -> str | None:
    return str(CHP) if CHP.exists() else shutil.which("configurable-http-proxy")


@pytest.mark.skipif(_chp() is None, reason="configurable-http-proxy is not installed (make chp; needs npm)")
def test_a_hub_login_leads_each_student_to_their_seat(tmp_path: Path) -> None:
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("jupyterhub")
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    port, hub_port, api_port, service_port = free_port(), free_port(), free_port(), free_port()
    (tmp_path / "test_config.py").write_text(
        f"exec(open({str(CONFIG)!r}).read())\n"
        f"c.JupyterHub.ip = '127.0.0.1'\nc.JupyterHub.port = {port}\n"
        f"c.JupyterHub.hub_ip = '127.0.0.1'\nc.JupyterHub.hub_port = {hub_port}\n"
        f"c.ConfigurableHTTPProxy.api_url = 'http://127.0.0.1:{api_port}'\n"
        f"c.ConfigurableHTTPProxy.command = [{_chp()!r}]\n"
        "c.JupyterHub.authenticator_class = 'dummy'\n"
        "c.JupyterHub.default_url = '/services/cardkit/me'\n"
        f"c.JupyterHub.db_url = 'sqlite:///{tmp_path}/hub.sqlite'\n"
        f"c.JupyterHub.cookie_secret_file = '{tmp_path}/cookie_secret'\n")
    env = {**os.environ, "CARDKIT_PYTHON": sys.executable, "CARDKIT_PORT": str(service_port),
           "CARDKIT_DB": str(tmp_path / "tables.sqlite"), "CARDKIT_TOKEN": TOKEN}
    log = open(tmp_path / "hub.log", "wb")
    hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(tmp_path / "test_config.py")],
                           cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if http("GET", base + "/services/cardkit/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert hub.poll() is None and time.monotonic() < deadline, (tmp_path / "hub.log").read_text()
            time.sleep(0.3)
        assert http("POST", base + "/services/cardkit/api/tables", {"game": "501"})[0] == 401
        status, made = http("POST", base + "/services/cardkit/api/tables",
                            {"game": "501", "players": 3, "names": ["alice", "bob", "carol"], "seed": 3},
                            headers=TEACHER)
        assert status == 201, made
        hub_cookie = ""
        assert made["show"].startswith(base + "/services/cardkit/show/")
        for seat, user in enumerate(["alice", "bob", "carol"]):
            with httpx.Client(follow_redirects=True, timeout=60) as client:
                page = client.get(base + "/hub/login")
                xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page.text)
                form = {"username": user, "password": "any"} | ({"_xsrf": xsrf.group(1)} if xsrf else {})
                login = client.post(base + "/hub/login", data=form)
                landed = client.get(base + "/services/cardkit/me")
                assert landed.status_code == 200, landed.text
                assert landed.url.path == f"/services/cardkit/play/{made['table']}"
                assert landed.url.params["code"] == made["seats"][seat]["code"]
                assert "table.js" in landed.text  # the seat's page
                # an OAuth round trip went through the hub
                assert any("/hub/api/oauth2/authorize" in str(r.url) for r in login.history + landed.history)
                hub_cookie = f"cardkit-hub-token={client.cookies.get('cardkit-hub-token')}"
                # the logged-in student's own view through the proxy
                mine = client.get(f"{base}/services/cardkit/api/tables/{made['table']}?code={landed.url.params['code']}")
                assert mine.status_code == 200 and mine.json()["seat"] == seat
        # a visitor who has not logged in is sent to the hub's login, not to a seat
        with httpx.Client(follow_redirects=True, timeout=60) as client:
            stranger = client.get(base + "/services/cardkit/me")
            assert "/hub/login" in str(stranger.url)
        # without the hub login, even a seat's code opens nothing: the API, the page, the WebSocket
        code = made["seats"][2]["code"]
        api = f"{base}/services/cardkit/api/tables/{made['table']}?code={code}"
        status, err = http("GET", api)
        assert status == 401 and err["rule"] == "server.md §9"
        with httpx.Client(follow_redirects=False, timeout=60) as client:
            page = client.get(f"{base}/services/cardkit/play/{made['table']}?code={code}")
            assert page.status_code == 302 and "/hub/api/oauth2/authorize" in page.headers["location"]
        ws_url = f"ws://127.0.0.1:{port}/services/cardkit/api/tables/{made['table']}/ws?code={code}"
        with pytest.raises(InvalidStatus):
            connect(ws_url)
        # with it (the last student's cookie), the WebSocket through the hub's proxy
        with connect(ws_url, additional_headers={"Cookie": hub_cookie}) as ws:
            view = json.loads(ws.recv(timeout=10))["view"]
        assert view["seat"] == 2 and view["names"] == ["alice", "bob", "carol"] and "seats" not in view
    finally:
        hub.terminate()
        try:
            hub.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, 9)
        log.close()
