"""The table server answers only to its teacher (docs/server.md §2, §3, §6), tested over a real
server (``python -m cardkit serve``) on a free port of 127.0.0.1 with a real SQLite file:

- no seat code ever reaches another seat: for every seat code of random tables of each game and
  size, every answer and WebSocket message on every route a seat can ask is searched for the other
  seats' codes and the teacher's;
- only the teacher's token makes, lists and deletes tables; its link sets a session cookie;
- a page of another site can neither act nor open a WebSocket; every answer has the security
  headers; the pages run no inline script;
- bad input (deep JSON, a non-ASCII code, names that turn text around) is refused with a sentence;
- seeds: 128 random bits, and a typed seed mixed with the server's secret;
- WebSockets per code, actions per seat across connections, requests per address.
"""

from __future__ import annotations

from http.client import HTTPConnection
import json
import random
import re
import sqlite3
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Iterator

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from cardkit import Match, find_game
from cardkit.server.app import ADDRESS_BURST, WS_PER_CODE

from server_tools import REPO, TEACHER, TOKEN, RunningServer, http, make_table, start_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    srv = start_server(tmp_path_factory.mktemp("authority"))
    yield srv
    srv.stop()


def ws_url(server: RunningServer, table: str, code: str, extra: str = "") -> str:
    return f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws?code={code}{extra}"


def secrets_of(made: dict[str, Any]) -> dict[str, str]:
    """Every code of a table by whose it is: ``"A"``… for the seats, ``"teacher"``."""
    out = {s["name"]: s["code"] for s in made["seats"] if s["code"]}
    out["teacher"] = made["teacher"]
    return out


def leaks(text: str, codes: dict[str, str], own: str) -> list[str]:
    """Whose codes other than ``own`` appear in ``text``."""
    return [who for who, c in codes.items() if who != own and c in text]


@pytest.mark.parametrize("game,players,computer", [("501", 3, []), ("501", 4, [3]), ("500", 3, []),
                                                  ("500", 4, [1]), ("500", 5, []), ("500", 6, [2, 4])])
def test_no_seat_is_ever_sent_another_seats_code(server: RunningServer, game: str, players: int,
                                                  computer: list[int]) -> None:
    rng = random.Random(players * 31 + len(game))
    made = make_table(server.url, game=game, players=players, computer=computer)
    tid, codes = made["table"], secrets_of(made)
    seats = [s for s in made["seats"] if s["code"]]
    checked = 0
    for _turn in range(6):  # each seat asks every route, then the seat to act acts (at random)
        for s in seats:
            own, code = s["name"], s["code"]
            for query in ("", "&hands=hidden", "&lang=es", "&hands=hidden&lang=es", "&hands=shown"):
                status, body = http("GET", f"{server.url}api/tables/{tid}?code={code}{query}")
                text = json.dumps(body)
                assert status == 200 and not leaks(text, codes, own), (own, query)
                assert "seats" not in body and body["seat"] in (s["seat"], None)
                checked += 1
            for path in (f"show/{tid}?code={code}", f"play/{tid}?code={code}", f"show/{tid}?code={code}&hands=hidden"):
                status, page = http("GET", server.url + path)
                assert status == 200 and not leaks(str(page), codes, own)
            for path in (f"api/tables/{tid}/record?code={code}", f"api/tables/{tid}/qr/{s['seat']}.svg?code={code}"):
                status, body = http("GET", server.url + path)
                assert status == 403 and not leaks(json.dumps(body), codes, own)
            status, body = http("GET", server.url + "api/tables", headers={"Authorization": f"Bearer {code}"})
            assert status == 401 and not leaks(json.dumps(body), codes, own)
            for query in ("", "&hands=hidden"):
                with connect(ws_url(server, tid, code, query)) as ws:
                    msg = ws.recv(timeout=5)
                    ws.send(json.dumps({"action": "no such action"}))
                    refusal = ws.recv(timeout=5)
                assert not leaks(msg + refusal, codes, own) and "seats" not in json.loads(msg)["view"]
        teacher = http("GET", f"{server.url}api/tables/{tid}?code={made['teacher']}")[1]
        to_act = teacher["to_act"]
        if to_act is None or to_act in computer:
            time.sleep(0.3)
            continue
        code = made["seats"][to_act]["code"]
        legal = http("GET", f"{server.url}api/tables/{tid}?code={code}")[1]["legal"]
        status, after = http("POST", f"{server.url}api/tables/{tid}/actions",
                             {"code": code, "action": rng.choice(legal), "step": teacher["step"]})
        assert not leaks(json.dumps(after), codes, made["seats"][to_act]["name"])
    assert checked >= 6 * len(seats) * 5
    # the teacher's code is still shown every code: the projector's join links
    hidden = http("GET", f"{server.url}api/tables/{tid}?code={made['teacher']}&hands=hidden")[1]
    assert [s["code"] for s in hidden["seats"]] == [s["code"] for s in made["seats"]]


def test_only_the_teachers_token_makes_lists_and_deletes_tables(server: RunningServer) -> None:
    body = {"game": "501", "players": 3}
    for headers in ({}, {"Authorization": "Bearer wrong-token-0123456789"}, {"Authorization": f"Basic {TOKEN}"},
                    {"Authorization": "Bearer " + "é" * 20}, {"Cookie": "cardkit-teacher=wrong"}):
        status, err = http("POST", server.url + "api/tables", body, headers=headers)
        assert status == 401 and err["rule"] == "server.md §2" and "teacher" in err["error"], headers
        assert http("GET", server.url + "api/tables", headers=headers)[0] == 401
    made = make_table(server.url, **body)
    assert http("DELETE", f"{server.url}api/tables/{made['table']}")[0] == 401
    listed = http("GET", server.url + "api/tables", headers=TEACHER)[1]
    assert made["table"] in [t["table"] for t in listed["tables"]] and listed["limit"] == 2000
    # the teacher's link: the token goes into an HTTP-only cookie and out of the address
    conn = HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", f"/?token={TOKEN}")
    r = conn.getresponse()
    r.read()
    cookie = r.getheader("set-cookie") or ""
    assert r.status == 303 and r.getheader("location") == "/"
    assert cookie.startswith("cardkit-teacher=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    jar = {"Cookie": cookie.split(";")[0]}
    status, page = http("GET", server.url, headers=jar)
    assert status == 200 and 'id="new"' in page and TOKEN not in page
    status, page = http("GET", server.url)
    assert status == 403 and 'id="new"' not in page and "?token=" in page  # says how to get in
    assert http("GET", server.url + "?token=wrong-token-0123456789")[0] == 403
    assert http("POST", server.url + "api/tables", body, headers=jar)[0] == 201
    # deleting: the seats' pages are told, the codes then find no table
    code = made["seats"][0]["code"]
    with connect(ws_url(server, made["table"], code)) as ws:
        ws.recv(timeout=5)
        assert http("DELETE", f"{server.url}api/tables/{made['table']}", headers=TEACHER) == (
            200, {"deleted": made["table"]})
        assert json.loads(ws.recv(timeout=5))["status"] == 404
        with pytest.raises(Exception):
            ws.recv(timeout=5)
    assert ws.close_code == 4404
    assert http("GET", f"{server.url}api/tables/{made['table']}?code={code}")[0] == 404
    assert http("DELETE", f"{server.url}api/tables/{made['table']}", headers=TEACHER)[0] == 404
    with sqlite3.connect(server.db) as db:
        assert db.execute("SELECT COUNT(*) FROM seats WHERE table_id = ?", (made["table"],)).fetchone()[0] == 0


def test_a_page_of_another_site_can_neither_act_nor_listen(server: RunningServer) -> None:
    made = make_table(server.url, game="501", players=3)
    code = made["seats"][0]["code"]
    evil = {"Origin": "http://evil.example"}
    # a form or fetch from another site: text/plain, the teacher's cookie would ride along
    status, err = http("POST", server.url + "api/tables", raw=b'{"game": "501"}',
                       headers={**evil, **TEACHER, "Content-Type": "text/plain"})
    assert status == 403 and err["rule"] == "server.md §2" and "Origin" in err["error"]
    assert http("POST", f"{server.url}api/tables/{made['table']}/actions", {"code": code, "action": "look"},
                headers=evil)[0] == 403
    assert http("POST", f"{server.url}api/tables/{made['table']}/actions", {"code": code, "action": "look"},
                headers={"Origin": "null"})[0] == 403
    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(server, made["table"], code), origin="http://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    # the server's own pages: same origin, both allowed
    own = f"http://127.0.0.1:{server.port}"
    with connect(ws_url(server, made["table"], code), origin=own) as ws:  # type: ignore[arg-type]
        assert "view" in json.loads(ws.recv(timeout=5))
    status, _v = http("POST", f"{server.url}api/tables/{made['table']}/actions",
                      {"code": code, "action": "look"}, headers={"Origin": own})
    assert status in (200, 409)
    # another name for this machine (a page that points its own name at 127.0.0.1) is refused
    conn = HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", f"/api/tables/{made['table']}?code={code}", headers={"Host": f"evil.example:{server.port}"})
    r = conn.getresponse()
    assert r.status == 403 and "Host" in json.loads(r.read())["error"]
    # a Host that is not a plain name and port, or two of them, is refused too
    for hosts in (["evil.example@127.0.0.1"], ["127.0.0.1/x"], ["127.0.0.1", "evil.example"]):
        raw = HTTPConnection("127.0.0.1", server.port, timeout=10)
        raw.putrequest("GET", f"/api/tables/{made['table']}?code={code}", skip_host=True)
        for h in hosts:
            raw.putheader("Host", h)
        raw.endheaders()
        assert raw.getresponse().status in (400, 403), hosts
    # two Origin headers, the first this server's own: refused
    raw = HTTPConnection("127.0.0.1", server.port, timeout=10)
    raw.putrequest("POST", f"/api/tables/{made['table']}/actions")
    body = json.dumps({"code": code, "action": "pass"}).encode()
    for h, v in (("Origin", own), ("Origin", "http://evil.example"), ("Content-Type", "application/json"),
                 ("Content-Length", str(len(body)))):
        raw.putheader(h, v)
    raw.endheaders(body)
    assert raw.getresponse().status == 403


def test_every_answer_has_the_security_headers_and_no_page_runs_inline_script(server: RunningServer) -> None:
    made = make_table(server.url, game="500", players=4)
    paths = ["", "healthz", f"play/{made['table']}?code={made['seats'][0]['code']}",
             f"show/{made['table']}?code={made['teacher']}", "static/table.js", f"api/tables/{made['table']}?code=x",
             "no/such/page"]
    for path in paths:
        conn = HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/" + path)
        r = conn.getresponse()
        body = r.read().decode()
        csp = r.getheader("content-security-policy") or ""
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp, path
        assert r.getheader("x-frame-options") == "DENY" and r.getheader("referrer-policy") == "no-referrer"
        assert r.getheader("x-content-type-options") == "nosniff"
        if "<html" in body:  # every script of a page is a file, or data that does not run
            for tag in re.findall(r"<script[^>]*>", body):
                assert "src=" in tag or 'type="application/json"' in tag, (path, tag)
            assert not re.search(r"\son[a-z]+=", body), path  # no inline event handler


def test_bad_input_gets_a_sentence_and_the_websocket_stays_open(server: RunningServer) -> None:
    made = make_table(server.url, game="501", players=3)
    tid, code = made["table"], made["seats"][0]["code"]
    deep = b"[" * 2000 + b"]" * 2000
    status, err = http("POST", f"{server.url}api/tables/{tid}/actions", raw=deep)
    assert status == 400 and "nested too deeply" in err["error"]
    status, err = http("POST", f"{server.url}api/tables/{tid}/actions", raw=b'{"a":' * 1500 + b"1" + b"}" * 1500)
    assert status in (400, 413)
    for raw in (b'{"code": "x", "action": "pass", "\\ud800": 1}', b'{"action": "\\udfff"}'):
        status, err = http("POST", f"{server.url}api/tables/{tid}/actions", raw=raw)
        assert status == 400 and err["error"] == "the body is not JSON", raw  # a lone surrogate is no text
    status, err = http("POST", server.url + "api/tables", raw=b'{"game": "501", "names": ["\\ud800", "b", "c"]}',
                       headers=TEACHER)
    assert status == 400 and http("GET", server.url + "api/tables", headers=TEACHER)[0] == 200
    for bad in ("%C3%A9" * 10, "x" * 5000, "%E2%80%AE"):
        status, err = http("GET", f"{server.url}api/tables/{tid}?code={bad}")
        assert status == 403 and err["rule"] == "server.md §2", bad
    with connect(ws_url(server, tid, "%C3%A9%C3%A9")) as ws:
        assert json.loads(ws.recv(timeout=5))["status"] == 403
    with connect(ws_url(server, tid, code)) as ws:
        ws.recv(timeout=5)
        ws.send(deep.decode())
        err = json.loads(ws.recv(timeout=5))
        assert err["status"] == 400 and "nested too deeply" in err["error"]
        ws.send(json.dumps({"ping": "x" * 100}))
        assert json.loads(ws.recv(timeout=5))["status"] == 400
        ws.send(json.dumps({"ping": 7}))
        assert json.loads(ws.recv(timeout=5)) == {"pong": 7}  # still open
    for name in ("A\u202eevil\u202c", "B\x1b[2J", "C\u2066x", "D\nE"):
        status, err = http("POST", server.url + "api/tables", {"game": "501", "names": [name, "b", "c"]},
                           headers=TEACHER)
        assert status == 400 and err["error"].startswith('"names": a name may not hold'), name
    assert "Ana" in make_table(server.url, game="501", names=["Ana", "Bo", "Cy"])["seats"][0]["name"]
    assert "Traceback" not in server.log_text()


def record_of(server: RunningServer, made: dict[str, Any]) -> dict[str, Any]:
    status, rec = http("GET", f"{server.url}api/tables/{made['table']}/record?code={made['teacher']}")
    assert status == 200
    return dict(rec)


def first_hands(server: RunningServer, made: dict[str, Any]) -> list[Any]:
    return list(http("GET", f"{server.url}api/tables/{made['table']}?code={made['teacher']}")[1]["hands"].values())


def test_seeds_are_128_bits_and_a_typed_seed_is_mixed_with_the_servers_secret(
        server: RunningServer, tmp_path: Path) -> None:
    drawn = [record_of(server, make_table(server.url, game="500", players=4))["seed"] for _ in range(4)]
    assert len(set(drawn)) == 4 and max(s.bit_length() for s in drawn) > 100
    typed = [make_table(server.url, game="500", players=4, seed=7, public_seed=False) for _ in range(2)]
    open7 = make_table(server.url, game="500", players=4, seed=7)  # public_seed: the engine's own seed 7
    mixed = record_of(server, typed[0])["seed"]
    assert record_of(server, typed[1])["seed"] == mixed != 7 and mixed.bit_length() > 64
    assert first_hands(server, typed[0]) == first_hands(server, typed[1]) != first_hands(server, open7)
    # the record keeps the seed that replays the deal
    hand = Match(find_game("500", 4), seed=mixed).new_hand()
    assert sorted(first_hands(server, typed[0])[0]) == sorted(str(c) for c in hand.hands[0])
    assert record_of(server, open7)["seed"] == 7
    # another server (another database, another secret) deals other cards for the same number
    other = start_server(tmp_path)
    try:
        elsewhere = make_table(other.url, game="500", players=4, seed=7, public_seed=False)
        assert first_hands(other, elsewhere) != first_hands(server, typed[0])
    finally:
        other.stop()
    status, err = http("POST", server.url + "api/tables", {"game": "501", "seed": 2**64}, headers=TEACHER)
    assert status == 400 and "seed" in err["error"]


def test_websockets_per_code_and_actions_per_seat_are_limited(server: RunningServer) -> None:
    made = make_table(server.url, game="501", players=3)
    to_act = http("GET", f"{server.url}api/tables/{made['table']}?code={made['teacher']}")[1]["to_act"]
    tid, code = made["table"], made["seats"][(to_act + 1) % 3]["code"]  # not its turn: every action refused
    with ExitStack() as stack:
        opened = [stack.enter_context(connect(ws_url(server, tid, code))) for _ in range(WS_PER_CODE)]
        for ws in opened:
            ws.recv(timeout=5)
        with connect(ws_url(server, tid, code)) as extra:
            err = json.loads(extra.recv(timeout=5))
            assert err["status"] == 429 and err["rule"] == "server.md §6"
            with pytest.raises(Exception):
                extra.recv(timeout=5)
        assert extra.close_code == 4429
        # the seat's actions share one limit across its connections: 4 × 20 messages, about 40 pass
        for ws in opened:
            for _ in range(20):
                ws.send(json.dumps({"action": "pass"}))
        statuses = [json.loads(ws.recv(timeout=10)).get("status") for ws in opened for _ in range(20)]
        assert statuses.count(429) >= 80 - 40 - 10 and set(statuses) == {409, 429}
    # a closed connection frees its place
    with connect(ws_url(server, tid, code)) as ws:
        assert "view" in json.loads(ws.recv(timeout=5))


def test_requests_from_one_address_are_limited(server: RunningServer) -> None:
    """127.0.0.2 stands for another machine (127.0.0.1, this machine's own tools, is not counted)."""
    statuses = []
    for _ in range(ADDRESS_BURST + 60):
        conn = HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=("127.0.0.2", 0))
        conn.request("GET", "/healthz")
        statuses.append(conn.getresponse().status)
        conn.close()
    assert statuses[:ADDRESS_BURST // 2].count(200) == ADDRESS_BURST // 2 and statuses.count(429) >= 20
    assert http("GET", server.url + "healthz")[0] == 200  # everyone else is served
    time.sleep(1.0)  # the bucket refills: 100 a second
    conn = HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=("127.0.0.2", 0))
    conn.request("GET", "/healthz")
    assert conn.getresponse().status == 200


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run([sys.executable, "-m", "cardkit", *args], cwd=REPO, capture_output=True, text=True,
                          env={**{k: v for k, v in os.environ.items() if k != "CARDKIT_TOKEN"}, **env}, timeout=60)


def test_new_table_needs_the_token_and_finds_a_local_servers(server: RunningServer, tmp_path: Path) -> None:
    none = run_cli("new-table", "501", "--url", server.url, CARDKIT_RUNTIME_DIR=str(tmp_path))
    assert none.returncode == 2 and "no teacher's token" in none.stderr and "--token" in none.stderr
    assert "Traceback" not in none.stderr
    wrong = run_cli("new-table", "501", "--url", server.url, "--token", "wrong-token-0123456789",
                    CARDKIT_RUNTIME_DIR=str(tmp_path))
    assert wrong.returncode == 2 and "only the teacher makes" in wrong.stderr
    given = run_cli("new-table", "501", "--url", server.url, "--token", TOKEN, CARDKIT_RUNTIME_DIR=str(tmp_path))
    env = run_cli("new-table", "501", "--url", server.url, CARDKIT_TOKEN=TOKEN, CARDKIT_RUNTIME_DIR=str(tmp_path))
    found = run_cli("new-table", "501", "--url", server.url, CARDKIT_RUNTIME_DIR=str(server.runtime))
    for out in (given, env, found):
        assert out.returncode == 0 and out.stdout.startswith(f"projector: {server.url}show/"), out.stderr
    note = json.loads(next(Path(str(server.runtime)).glob("server-*.json")).read_text())
    assert note["token"] == TOKEN and oct(next(Path(str(server.runtime)).glob("server-*.json")).stat().st_mode)[-3:] == "600"


@pytest.mark.parametrize("db,words", [("/dev/zero", "not a regular file"), (".", "is a folder"),
                                      ("missing-folder/t.sqlite", "does not exist"),
                                      ("README.md", "not a table server's database")])
def test_serve_says_what_is_wrong_with_its_database(db: str, words: str) -> None:
    out = run_cli("serve", "--db", db, "--port", "1")
    assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr, out.stderr


def test_tables_list_and_delete_work_on_the_database(server: RunningServer) -> None:
    made = make_table(server.url, game="500", players=5)
    listed = run_cli("tables", "list", "--db", str(server.db))
    assert listed.returncode == 0 and made["table"] in listed.stdout and "500 × 5" in listed.stdout
    gone = run_cli("tables", "delete", made["table"], "nosuchtable", "--db", str(server.db))
    assert gone.returncode == 1 and "deleted 1 table(s)" in gone.stdout and "no table nosuchtable" in gone.stderr
    assert made["table"] not in run_cli("tables", "list", "--db", str(server.db)).stdout
    assert run_cli("tables", "list", "--db", "no-such.sqlite").returncode == 2
