# JupyterHub configuration: the cardkit table server as a Hub-managed service behind the hub's proxy.
#
# The hub starts `python -m cardkit serve` itself, routes /services/cardkit/ to it through its
# proxy, and lets every logged-in user reach it. A student opens /services/cardkit/me, logs in
# with the hub (OAuth) and is sent to the seat named with their hub user name: make each table with
# the students' user names as seat names, e.g. from a terminal on the hub's machine
#   CARDKIT_TOKEN=... python -m cardkit new-table 501 --players 3 --names alice,bob,carol --url http://127.0.0.1:8765/services/cardkit/
# and open the projector link it prints through the hub: https://HUB/services/cardkit/show/TABLE?code=...
#
# Put this beside your own settings (or `jupyterhub -f docs/jupyterhub/jupyterhub_config.py`);
# CARDKIT_PYTHON is the interpreter where cardkit is installed with its `server` extra
# (pip install "cardkit[server]"), CARDKIT_DB the SQLite file of the tables.
import os
import sys

c = get_config()  # noqa: F821 (provided by JupyterHub)

python = os.environ.get("CARDKIT_PYTHON", sys.executable)
port = int(os.environ.get("CARDKIT_PORT", "8765"))

c.JupyterHub.services = [
    {
        "name": "cardkit",
        "url": f"http://127.0.0.1:{port}",
        "command": [python, "-m", "cardkit", "serve", "--host", "127.0.0.1", "--port", str(port),
                    "--db", os.environ.get("CARDKIT_DB", "cardkit-tables.sqlite")],
        "oauth_no_confirm": True,
        # the teacher's token (it makes tables): set CARDKIT_TOKEN where the hub starts, or read the
        # teacher's link that the server prints in the hub's log
        "environment": {k: os.environ[k] for k in ("CARDKIT_TOKEN",) if k in os.environ},
    }
]
# every user may use the service: every page, API call and WebSocket needs the hub login (the
# seats' codes still keep the seats apart, and only the teacher's token makes tables)
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["self", "access:services!service=cardkit"]},
]
