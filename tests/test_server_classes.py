"""A whole class of tables in one step (docs/server.md §10, issue 27 items 1-3), over a real server
(``python -m cardkit serve``) on a free port of 127.0.0.1 with a real SQLite file:

- ``POST /api/classes`` makes 3 four-handed Five Hundred tables with a computer seat each in one
  request, stored with their class; every field is checked (400 naming it) and nothing is made;
- only the teacher's token makes, reads and controls a class; a page of another site may not;
- every seat's action refused by a rule or out of turn is stored and counted by rule item;
- at a class table only the teacher deals the next hand (unless the class goes on alone);
- a pause refuses every action and holds the computer players;
- ``same_deals`` deals every table the same cards, hand after hand;
- the store opens a database file of the earlier version (no ``class_id`` column);
- the join cards: one per student seat in the PDF, each QR code the modules of that seat's link.
"""

from __future__ import annotations

import re
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pypdf
import pytest
import segno
from websockets.sync.client import connect

from cardkit.server.classes import CARDS_PER_PAGE, MAX_CLASS_TABLES
from cardkit.server.store import Store

from server_tools import TEACHER, RunningServer, http, make_table, start_server

FOUR = {"game": "500", "players": 4, "computer": [3]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    srv = start_server(tmp_path_factory.mktemp("classes"))
    yield srv
    srv.stop()


def make_class(server: RunningServer, **body: Any) -> dict[str, Any]:
    status, made = http("POST", server.url + "api/classes", body, headers=TEACHER)
    assert status == 201, made
    return dict(made)


def class_of(server: RunningServer, cid: str) -> dict[str, Any]:
    status, got = http("GET", server.url + f"api/classes/{cid}", headers=TEACHER)
    assert status == 200, got
    return dict(got)


def control(server: RunningServer, cid: str, body: dict[str, Any]) -> tuple[int, Any]:
    return http("POST", server.url + f"api/classes/{cid}/control", body, headers=TEACHER)


def teacher_view(server: RunningServer, table: dict[str, Any]) -> dict[str, Any]:
    status, v = http("GET", server.url + f"api/tables/{table['table']}?code={table['teacher']}")
    assert status == 200, v
    return dict(v)


def act(server: RunningServer, table: dict[str, Any], seat: int, action: str) -> tuple[int, Any]:
    code = table["seats"][seat]["code"]
    return http("POST", server.url + f"api/tables/{table['table']}/actions", {"code": code, "action": action})


def student_to_act(server: RunningServer, table: dict[str, Any]) -> int:
    """Wait until a student seat is to act (the computer seat acts by itself); its number."""
    computer = {s["seat"] for s in table["seats"] if s["computer"]}
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        to_act = teacher_view(server, table)["to_act"]
        if to_act is not None and to_act not in computer:
            return int(to_act)
        time.sleep(0.05)
    raise TimeoutError("no student seat came to act")


def test_a_class_of_three_tables_in_one_request(server: RunningServer) -> None:
    made = make_class(server, tables=3, **FOUR)
    cid = made["class"]
    assert made["teacher"] == server.url + f"teach/{cid}"
    assert made["cards"] == server.url + f"api/classes/{cid}/cards.pdf"
    assert len(made["tables"]) == 3 and len({t["table"] for t in made["tables"]}) == 3
    for t in made["tables"]:  # each as POST /api/tables answers it
        assert [s["name"] for s in t["seats"]] == ["A", "B", "C", "D"]
        assert [s["computer"] for s in t["seats"]] == [False, False, False, True]
        assert t["seats"][3]["code"] is None and t["seats"][3]["play"] is None
        assert t["seats"][0]["play"] == server.url + f"play/{t['table']}?code={t['seats'][0]['code']}"
        assert t["show"] == server.url + f"show/{t['table']}?code={t['teacher']}"
    got = class_of(server, cid)
    assert [t["number"] for t in got["tables"]] == [1, 2, 3]
    assert [t["table"] for t in got["tables"]] == [t["table"] for t in made["tables"]]
    for t in got["tables"]:  # Five Hundred's sides (rules.md 500 §1): A with C, B with D
        assert [s["seats"] for s in t["sides"]] == [["A", "C"], ["B", "D"]]
        assert [s["score"] for s in t["sides"]] == [0, 0] and t["hand"] == 1 and t["phase"] == "auction"
    assert got["go_on"] is False and got["paused"] is False and got["refused"] == 0
    with sqlite3.connect(server.db) as db:  # stored with its class
        assert db.execute("SELECT COUNT(*) FROM tables WHERE class_id = ?", (cid,)).fetchone()[0] == 3
        assert db.execute("SELECT COUNT(*) FROM classes WHERE id = ?", (cid,)).fetchone()[0] == 1


@pytest.mark.parametrize("body, field", [
    ({"tables": 0}, '"tables"'), ({"tables": MAX_CLASS_TABLES + 1}, '"tables"'), ({"tables": "3"}, '"tables"'),
    ({"tables": True}, '"tables"'), ({"lang": "fr"}, '"lang"'), ({"same_deals": "yes"}, '"same_deals"'),
    ({"go_on": 1}, '"go_on"'), ({"seed": 5}, "seed"), ({"players": 7}, '"players"'), ({"game": "bridge"}, "bridge"),
    ({"computer": [0, 1, 2, 3]}, "every seat"), ({"computer": [4]}, "computer seats"),
    ({"names": ["A\u202eB", "B", "C", "D"]}, '"names"'), ({"options": {"misere": "never"}}, "misere"),
    ({"options": [1]}, '"options"'),
])
def test_every_field_is_checked_and_nothing_is_made(server: RunningServer, body: dict[str, Any], field: str) -> None:
    before = len(http("GET", server.url + "api/tables", headers=TEACHER)[1]["tables"])
    status, err = http("POST", server.url + "api/classes", {"tables": 2, **FOUR, **body}, headers=TEACHER)
    assert status == 400, err
    assert field in err["error"] and err["rule"] in ("server.md §3", "server.md §10")
    assert len(http("GET", server.url + "api/tables", headers=TEACHER)[1]["tables"]) == before


def test_only_the_teacher_and_only_from_this_site(server: RunningServer) -> None:
    made = make_class(server, tables=1, **FOUR)
    cid, api = made["class"], server.url + f"api/classes/{made['class']}"
    assert http("POST", server.url + "api/classes", {"tables": 1, **FOUR})[0] == 401
    assert http("GET", api)[0] == 401
    assert http("POST", api + "/control", {"do": "pause"})[0] == 401
    assert http("GET", api + "/cards.pdf")[0] == 401
    assert http("GET", api + "/cards.html")[0] == 401
    # a seat's code opens no class page
    seat = made["tables"][0]["seats"][0]["code"]
    assert http("GET", api + f"?code={seat}")[0] == 401
    status, page = http("GET", server.url + f"teach/{cid}")
    assert status == 403 and "Only the teacher" in page
    foreign = {**TEACHER, "Origin": "http://evil.example"}
    assert http("POST", server.url + "api/classes", {"tables": 1, **FOUR}, headers=foreign)[0] == 403
    assert http("POST", api + "/control", {"do": "pause"}, headers=foreign)[0] == 403
    assert class_of(server, cid)["paused"] is False  # nothing changed
    assert http("GET", server.url + "api/classes/nosuchclass", headers=TEACHER)[0] == 404
    for do in ("shuffle", [], {}, 1, None):
        status, err = control(server, cid, {"do": do})
        assert status == 400 and '"do"' in err["error"], (do, err)
    status, err = control(server, cid, {"do": "hands", "shown": "yes"})
    assert status == 400 and '"shown"' in err["error"]
    status, err = control(server, cid, {"do": "pause", "table": None})
    assert status == 400 and "table" in err["error"]


def test_a_seat_sending_refused_actions_grows_a_count_not_the_file(server: RunningServer) -> None:
    """A seat that sends actions out of turn as fast as it may (20 a second, docs/server.md §6)
    adds one row to the database, whose count is every refusal (issue 27: the refusals a class
    broke, without a seat filling the server's file)."""
    made = make_class(server, tables=1, **FOUR)
    t = made["tables"][0]
    other = next(s for s in range(3) if s != student_to_act(server, t))
    answers = [act(server, t, other, "pass")[0] for _ in range(60)]
    refused = answers.count(409)
    assert refused >= 40 and set(answers) <= {409, 429}, answers  # a burst of 40, then the rate
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT seat, rule, rule_name, n FROM refusal_counts WHERE table_id = ?",
                          (t["table"],)).fetchall()
    assert rows == [(other, "server.md §4", "out-of-turn", refused)]
    assert class_of(server, made["class"])["refused"] == refused


def test_refusals_are_stored_and_counted_by_rule_item(server: RunningServer) -> None:
    made = make_class(server, tables=3, **FOUR)
    t1, t2 = made["tables"][0], made["tables"][1]
    first = student_to_act(server, t1)
    assert act(server, t1, first, "bid 7♠")[0] == 200
    nxt = student_to_act(server, t1)
    status, err = act(server, t1, nxt, "bid 6♠")  # does not outrank 7♠ (or a higher bid since)
    assert status == 409 and err["rule"] == "rules.md 500 §4", err
    other = next(s for s in range(3) if s != student_to_act(server, t1))
    status, err = act(server, t1, other, "pass")
    assert status == 409 and err["rule"] == "server.md §4", err
    other2 = next(s for s in range(3) if s != student_to_act(server, t2))
    assert act(server, t2, other2, "pass")[0] == 409
    assert act(server, t2, student_to_act(server, t2), "dance")[0] == 400  # no action of the game: not a rule broken, not counted
    got = class_of(server, made["class"])
    by_table = {t["number"]: t["refusals"] for t in got["tables"]}
    assert by_table == {1: {"rules.md 500 §4": 1, "server.md §4": 1}, 2: {"server.md §4": 1}, 3: {}}
    assert [t["refused"] for t in got["tables"]] == [2, 1, 0]
    assert got["refusals"] == {"server.md §4": 2, "rules.md 500 §4": 1} and got["refused"] == 3
    with sqlite3.connect(server.db) as db:  # the rule's name in the game's rule table is kept
        assert db.execute("SELECT rule_name, n FROM refusal_counts WHERE table_id = ? AND rule = 'rules.md 500 §4'",
                          (t1["table"],)).fetchall() == [("bid-higher", 1)]


def all_pass(server: RunningServer, table: dict[str, Any]) -> None:
    for _i in range(4):
        seat = teacher_view(server, table)["to_act"]
        assert act(server, table, seat, "pass")[0] == 200
    assert teacher_view(server, table)["summary"] == "thrown in"


def test_only_the_teacher_deals_the_next_hand_and_same_deals_deal_alike(server: RunningServer) -> None:
    made = make_class(server, tables=2, game="500", players=4, same_deals=True)
    cid, (t1, t2) = made["class"], made["tables"]
    views = [teacher_view(server, t) for t in (t1, t2)]
    assert views[0]["hands"] == views[1]["hands"] and views[0]["dealer"] == views[1]["dealer"]
    for t in (t1, t2):
        all_pass(server, t)
    step = teacher_view(server, t1)["step"]
    status, err = act(server, t1, 0, "next hand")
    assert status == 409 and err["rule"] == "server.md §10" and "teacher deals" in err["error"]
    seat_view = http("GET", server.url + f"api/tables/{t1['table']}?code={t1['seats'][0]['code']}")[1]
    assert seat_view["legal"] == [] and teacher_view(server, t1)["legal"] == ["next hand"]
    assert teacher_view(server, t1)["step"] == step  # nothing changed
    status, got = control(server, cid, {"do": "next-hand", "table": t1["table"]})
    assert status == 200 and [t["hand"] for t in got["tables"]] == [2, 1]
    status, got = control(server, cid, {"do": "next-hand", "table": None})
    assert status == 200 and [t["hand"] for t in got["tables"]] == [2, 2]
    status, err = control(server, cid, {"do": "next-hand", "table": None})
    assert status == 409 and err["rule"] == "server.md §10"  # no table is between hands
    views = [teacher_view(server, t) for t in (t1, t2)]
    assert views[0]["hand"] == views[1]["hand"] == 2
    assert views[0]["hands"] == views[1]["hands"] and views[0]["dealer"] == views[1]["dealer"]


def test_without_same_deals_the_tables_are_dealt_apart_and_go_on_lets_seats_deal(server: RunningServer) -> None:
    made = make_class(server, tables=2, game="500", players=4, go_on=True)
    t1, t2 = made["tables"]
    assert teacher_view(server, t1)["hands"] != teacher_view(server, t2)["hands"]
    all_pass(server, t1)
    status, v = act(server, t1, 2, "next hand")
    assert status == 200 and v["hand"] == 2
    # a lone table is as before: any seat deals the next hand
    lone = make_table(server.url, game="500", players=4)
    all_pass(server, lone)
    assert act(server, lone, 1, "next hand")[0] == 200


def test_a_pause_refuses_actions_and_holds_the_computer(tmp_path: Path) -> None:
    srv = start_server(tmp_path, delay=0.5)
    try:
        made = make_class(srv, tables=1, **FOUR)
        cid, t = made["class"], made["tables"][0]
        # bring the computer seat D to act: the students pass until D is to act
        while teacher_view(srv, t)["to_act"] != 3:
            seat = student_to_act(srv, t)
            assert act(srv, t, seat, "pass")[0] == 200
            if teacher_view(srv, t)["to_act"] == 3:
                break
        status, got = control(srv, cid, {"do": "pause"})
        assert status == 200 and got["paused"] is True
        step = teacher_view(srv, t)["step"]
        time.sleep(1.5)  # three times the computer's delay
        assert teacher_view(srv, t)["step"] == step and teacher_view(srv, t)["to_act"] == 3
        status, err = act(srv, t, 0, "pass")
        assert status == 409 and err["rule"] == "server.md §10" and "paused" in err["error"]
        # the pause is stored: a restart keeps it
        srv.stop()
        srv = start_server(tmp_path, db=srv.db, delay=0.5)
        assert class_of(srv, cid)["paused"] is True
        time.sleep(1.0)
        assert teacher_view(srv, t)["step"] == step
        status, got = control(srv, cid, {"do": "resume"})
        assert status == 200 and got["paused"] is False
        deadline = time.monotonic() + 10
        while teacher_view(srv, t)["step"] == step and time.monotonic() < deadline:
            time.sleep(0.1)
        assert teacher_view(srv, t)["step"] == step + 1  # the computer played on
    finally:
        srv.stop()


def test_hands_shown_or_hidden_reach_the_class_projectors_only(server: RunningServer) -> None:
    made = make_class(server, tables=1, **FOUR)
    t = made["tables"][0]
    base = f"ws://127.0.0.1:{server.port}/api/tables/{t['table']}/ws"
    with connect(f"{base}?code={t['teacher']}&hands=hidden") as projector, \
            connect(f"{base}?code={t['seats'][0]['code']}") as student:
        assert "view" in projector.recv(timeout=5) and "view" in student.recv(timeout=5)
        status, got = control(server, made["class"], {"do": "hands", "shown": True})
        assert status == 200 and got["hands"] == "shown"
        assert projector.recv(timeout=5) == '{"hands": "shown"}'
        with pytest.raises(TimeoutError):
            student.recv(timeout=0.5)


OLD_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL,
    names TEXT NOT NULL, seed TEXT NOT NULL, computer TEXT NOT NULL, teacher TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, code TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat));
CREATE TABLE steps (table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
    action TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (table_id, n));
CREATE TABLE server (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


def test_the_store_opens_a_database_of_the_earlier_version(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    with sqlite3.connect(db) as old:  # the schema before classes: no class_id, no classes, no refusals
        old.executescript(OLD_SCHEMA)
        old.execute("INSERT INTO tables VALUES ('oldtable', '501', 3, '{}', '[\"A\", \"B\", \"C\"]', '0x5', '[]', "
                    "'teachercode-old-000000', 1.0)")
        old.executemany("INSERT INTO seats VALUES ('oldtable', ?, ?)", [(s, f"seatcode-old-{s}-000000") for s in range(3)])
        old.executemany("INSERT INTO steps VALUES ('oldtable', ?, ?, ?, ?)",
                        [(1, 0, "look", 2.0), (2, 0, "bid 66", 3.0)])
    srv = start_server(tmp_path, db=db)
    try:
        status, v = http("GET", srv.url + "api/tables/oldtable?code=teachercode-old-000000")
        assert status == 200 and v["step"] == 2 and v["calls"] == [[0, "bid 66"]]
        made = make_class(srv, tables=2, game="501", players=3)
        assert len(class_of(srv, made["class"])["tables"]) == 2
    finally:
        srv.stop()
    store = Store(db)
    rows = {r.id: r.class_id for r in store.tables()}
    store.close()
    assert rows["oldtable"] is None and sorted(v for v in rows.values() if v) == [made["class"]] * 2


def qr_modules(svg: str) -> list[list[int]]:
    """The QR code's modules read back from a join card's SVG (one ``<rect>`` per dark run of a row,
    inside a quiet zone of 4)."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1)) - 8  # type: ignore[union-attr]
    grid = [[0] * size for _ in range(size)]
    for x, y, w in re.findall(r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="1"/>', svg):
        for i in range(int(w)):
            grid[int(y) - 4][int(x) - 4 + i] = 1
    return grid


def qr_text(modules: list[list[int]], scale: int = 6) -> str:
    """What a QR reader (zxing-cpp) reads from ``modules`` drawn black on white, ``scale`` pixels a
    module, in a quiet zone of 4 modules; ``""`` when it finds no code."""
    import numpy as np
    import zxingcpp

    dark = np.pad(np.array(modules, dtype=np.uint8), 4)
    image = np.where(np.kron(dark, np.ones((scale, scale), dtype=np.uint8)) == 1, 0, 255).astype(np.uint8)
    found = zxingcpp.read_barcodes(image)
    return found[0].text if found else ""


def test_join_cards_one_per_student_seat_with_its_link_and_qr_code(server: RunningServer, tmp_path: Path) -> None:
    made = make_class(server, tables=3, lang="es", **FOUR)
    api = server.url + f"api/classes/{made['class']}"
    links = {(n + 1, s["name"]): s["play"] for n, t in enumerate(made["tables"]) for s in t["seats"] if s["play"]}
    assert len(links) == 9 and all(link.endswith("&lang=es") for link in links.values())
    status, html = http("GET", api + "/cards.html", headers=TEACHER)
    assert status == 200
    cards = re.findall(r'<div class="card" data-table="(\d+)" data-seat="(\d+)">(<svg.*?</svg>)'
                       r'<p class="table">(.*?)</p><p class="seat">(.*?)</p><p class="partner">(.*?)</p>'
                       r'.*?<p class="link">(.*?)</p>', html)
    assert len(cards) == 9
    partner = {"A": "C", "B": "D", "C": "A"}
    for number, seat, svg, table_text, seat_text, partner_text, link_text in cards:
        name = "ABC"[int(seat)]
        link = links[int(number), name]
        assert table_text == f"Mesa {number}" and seat_text == f"Asiento {name}"
        assert partner_text == f"Tu compañero: {partner[name]}"
        assert link_text == link.replace("&", "&amp;")
        # a QR reader (zxing-cpp) reads that seat's link from the code as printed, and the code's
        # modules are those of that seat's link, and of no other seat's
        assert qr_text(qr_modules(svg)) == link
        assert qr_modules(svg) == [list(row) for row in segno.make(link, error="m").matrix]
        other = links[int(number), "B" if name != "B" else "A"]
        assert qr_modules(svg) != [list(row) for row in segno.make(other, error="m").matrix]
    req_status, pdf = http_bytes(api + "/cards.pdf")
    assert req_status == 200 and pdf.startswith(b"%PDF")
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf)
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == -(-9 // CARDS_PER_PAGE) == 2
    assert abs(float(reader.pages[0].mediabox.width) - 595.3) < 1  # A4
    text = "".join(p.extract_text() for p in reader.pages)
    assert text.count("Mesa ") == 9 and text.count("Asiento ") == 9
    flat = re.sub(r"\s+", "", text)
    assert all(link in flat for link in links.values())


def http_bytes(url: str) -> tuple[int, bytes]:
    import urllib.request

    req = urllib.request.Request(url, headers=TEACHER)
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.status, r.read()


def test_new_class_on_the_command_line(server: RunningServer) -> None:
    import subprocess
    import sys

    from server_tools import REPO, TOKEN

    out = subprocess.run([sys.executable, "-m", "cardkit", "new-class", "500", "--tables", "2", "--players", "4",
                          "--computer", "D", "--same-deals", "--url", server.url, "--token", TOKEN],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    found = re.fullmatch(r"the teacher's page: (http://127\.0\.0\.1:\d+/teach/([^?\s]+))\?token=(\S+)", lines[0])
    assert found is not None, lines[0]
    link, cid, token = found.groups()
    assert token == TOKEN
    # the printed link, as a browser opens it: the token goes into the session cookie and leaves
    # the address; the page then opens with the cookie alone; a wrong token opens nothing
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with opener.open(lines[0].split(": ", 1)[1], timeout=30) as page:
        assert page.status == 200 and page.url == link and TOKEN not in page.url
        assert 'src="../static/teach.js"' in page.read().decode()
    with opener.open(link, timeout=30) as again:
        assert again.status == 200
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(link + "?token=not-the-teachers-token-0000", timeout=30)
    assert refused.value.code == 403 and "set-cookie" not in {k.lower() for k in refused.value.headers.keys()}
    assert lines[1] == f"the join cards to print (PDF): {server.url}api/classes/{cid}/cards.pdf"
    got = class_of(server, cid)
    assert len(got["tables"]) == 2 and got["same_deals"] is True
    assert lines[2:] == [f"table {t['number']}, projector: {t['show']}" for t in got["tables"]]
    bad = subprocess.run([sys.executable, "-m", "cardkit", "new-class", "500", "--tables", "13", "--url", server.url,
                          "--token", TOKEN], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and '"tables" must be a whole number from 1 to 12' in bad.stderr
