"""The table server, tested over a real server (``python -m cardkit serve``) on a free port of
127.0.0.1 with a real SQLite file: the HTTP and WebSocket interface, whole hands with computer
seats, the record that ``cardkit replay`` replays, bad input, two actions at once, and every
WebSocket message of every seat checked against the engine's ``view(seat)``.
"""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from cardkit.display import held_order
from cardkit import Match, find_game
from cardkit.server.app import BURST, RATE
from cardkit.server.tables import NEXT_HAND

from server_tools import TEACHER, REPO, RunningServer, SeenCards, cards_in, http, make_table, start_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    srv = start_server(tmp_path_factory.mktemp("server"))
    yield srv
    srv.stop()


def new_table(server: RunningServer, **body: Any) -> dict[str, Any]:
    return make_table(server.url, **body)


def view(server: RunningServer, made: dict[str, Any], code: str) -> dict[str, Any]:
    status, v = http("GET", f"{server.url}api/tables/{made['table']}?code={code}")
    assert status == 200, v
    return v


def act(server: RunningServer, made: dict[str, Any], code: str, action: str, step: int | None = None) -> tuple[int, Any]:
    body: dict[str, Any] = {"code": code, "action": action}
    if step is not None:
        body["step"] = step
    return http("POST", f"{server.url}api/tables/{made['table']}/actions", body)


def wait_human(server: RunningServer, made: dict[str, Any], timeout: float = 20) -> dict[str, Any]:
    """The teacher's view once a student is to act or the hand is over (computer seats have moved)."""
    deadline = time.monotonic() + timeout
    while True:
        v = view(server, made, made["teacher"])
        if v["to_act"] is None or v["to_act"] not in v["computer"]:
            return v
        assert time.monotonic() < deadline, "the computer players did not move"
        time.sleep(0.02)


def play_hand(server: RunningServer, made: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Play the current hand to its end, students choosing random legal actions ("pass" half the
    time); the teacher's view at the end."""
    codes = {s["seat"]: s["code"] for s in made["seats"]}
    while True:
        t = wait_human(server, made)
        if t["to_act"] is None:
            return t
        seat = t["to_act"]
        mine = view(server, made, codes[seat])
        assert mine["legal"] and mine["step"] == t["step"]
        choice = "pass" if "pass" in mine["legal"] and rng.random() < 0.5 else rng.choice(mine["legal"])
        status, after = act(server, made, codes[seat], choice, mine["step"])
        assert status == 200, after
        assert after["step"] >= mine["step"] + 1


def test_health_and_a_new_table(server: RunningServer) -> None:
    assert http("GET", server.url + "healthz") == (200, {"ok": True})
    made = new_table(server, game="500", players=4, computer=[1, 3], seed=11)
    codes = [s["code"] for s in made["seats"] if s["code"]] + [made["teacher"]]
    assert [s["computer"] for s in made["seats"]] == [False, True, False, True]
    assert [s["name"] for s in made["seats"]] == ["A", "B", "C", "D"]
    assert len(set(codes)) == 3 and all(len(c) >= 22 for c in codes)  # 128 random bits each
    assert made["show"] == f"{server.url}show/{made['table']}?code={made['teacher']}"
    a = view(server, made, made["seats"][0]["code"])
    assert isinstance(a["hands"]["0"], list) and len(a["hands"]["0"]) == 10
    assert a["hands"]["2"] == 10 and a["talon"] == 3 and a["seat"] == 0 and "seats" not in a
    t = view(server, made, made["teacher"])
    assert all(len(t["hands"][str(s)]) == 10 for s in range(4)) and len(t["talon"]) == 3
    assert t["seat"] is None and t["legal"] == [] and [s["code"] for s in t["seats"]][0] == codes[0]
    # the same seed deals the same hands as the engine does, sent as a hand is held (by suit)
    hand = Match(find_game("500", 4), seed=11).new_hand()
    assert t["hands"]["0"] == [str(c) for c in held_order(hand, hand.hands[0])]
    assert sorted(t["hands"]["0"]) == sorted(str(c) for c in hand.hands[0])


def test_a_whole_hand_and_its_record_replays(server: RunningServer, tmp_path: Path) -> None:
    made = new_table(server, game="501", players=3, computer=[2], seed=5)
    end = play_hand(server, made, random.Random(5))
    assert end["to_act"] is None and end["legal"] in ([NEXT_HAND], [])
    status, record = http("GET", f"{server.url}api/tables/{made['table']}/record?code={made['teacher']}")
    assert status == 200 and record["format"] == "cardkit-record" and record["seed"] == 5
    assert len(record["hands"]) == 1 and record["hands"][0]["result"]["scores"] == end["scores"]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "cardkit", "replay", str(path), "--json"], cwd=REPO,
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout)["scores"] == end["scores"]
    # a student's code does not download the record (it holds every hand)
    status, err = http("GET", f"{server.url}api/tables/{made['table']}/record?code={made['seats'][0]['code']}")
    assert status == 403 and err["rule"] == "server.md §2"
    # the next hand is dealt by a student's "next hand"; then the record has two hands
    if end["legal"] == [NEXT_HAND]:
        status, v = act(server, made, made["seats"][1]["code"], NEXT_HAND, end["step"])
        assert status == 200 and v["hand"] == 2 and v["log"] == []


def assert_refused(status: int, body: Any, want: int, rule: str | None = "server.md") -> None:
    assert status == want, body
    assert isinstance(body, dict) and set(body) >= {"error", "rule"}, body
    assert "Traceback" not in json.dumps(body) and body["error"]
    if rule:
        assert body["rule"].startswith(rule), body


def test_bad_input_changes_nothing(server: RunningServer) -> None:
    made = new_table(server, game="501", players=3, seed=8)
    tid, teacher = made["table"], made["teacher"]
    codes = [s["code"] for s in made["seats"]]
    before = view(server, made, teacher)
    to_act = before["to_act"]
    other = (to_act + 1) % 3
    url = f"{server.url}api/tables/{tid}/actions"
    assert_refused(*http("POST", url, raw=b"{not json"), 400)
    assert_refused(*http("POST", url, raw=b"[1, 2]"), 400)
    assert_refused(*http("POST", url, raw=b"\xff\xfe"), 400)
    assert_refused(*http("POST", url, {"code": codes[to_act], "action": "pass " + "x" * 5000}), 413, "server.md §6")
    assert_refused(*http("POST", f"{server.url}api/tables/nosuch/actions", {"code": codes[0], "action": "pass"}), 404)
    assert_refused(*http("GET", f"{server.url}api/tables/nosuch?code=x"), 404)
    assert_refused(*http("GET", f"{server.url}api/tables/{tid}?code=wrong"), 403, "server.md §2")
    assert_refused(*http("GET", f"{server.url}api/tables/{tid}"), 403, "server.md §2")
    assert_refused(*act(server, made, "wrong", "pass"), 403, "server.md §2")
    assert_refused(*act(server, made, codes[other], "pass"), 409, "server.md §4")  # out of turn
    assert_refused(*http("POST", url, {"code": codes[other], "action": "pass", "seat": to_act}), 400)  # for another
    assert_refused(*act(server, made, teacher, "pass"), 403, "server.md §2")  # the teacher plays no seat
    assert_refused(*act(server, made, codes[to_act], "fly away"), 400, "server.md §4")  # not an action
    assert_refused(*act(server, made, codes[to_act], "play 10♥"), 409, "rules.md 501")  # illegal: the auction
    assert_refused(*act(server, made, codes[to_act], ""), 400)
    assert_refused(*http("POST", url, {"code": codes[to_act], "action": ["pass"]}), 400)
    assert_refused(*act(server, made, codes[to_act], "pass", before["step"] + 3), 409, "server.md §5")  # stale
    assert_refused(*http("POST", url, {"code": codes[to_act], "action": "pass", "step": "0"}), 400)
    assert_refused(*act(server, made, codes[to_act], NEXT_HAND), 409, "server.md §4")
    assert_refused(*http("DELETE", url), 405, "server.md §1")
    assert_refused(*http("GET", server.url + "no/such/page"), 404, "server.md §1")
    assert_refused(*http("POST", server.url + "api/tables", headers=TEACHER, body={"game": "bridge"}), 400, "server.md §3")
    assert_refused(*http("POST", server.url + "api/tables", headers=TEACHER, body={"game": "501", "players": 9}), 400, "server.md §3")
    assert_refused(*http("POST", server.url + "api/tables", headers=TEACHER, body={"game": "501", "computer": [0, 1, 2]}), 400)
    assert_refused(*http("POST", server.url + "api/tables", headers=TEACHER, body={"game": "500", "options": {"joker-lead": "maybe"}}), 400)
    # WebSocket: bad messages get {"error", "rule", "status"} and the connection stays open
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{tid}/ws?code={codes[other]}") as ws:
        assert json.loads(ws.recv(timeout=5))["view"]["step"] == before["step"]
        for text, status in (("{oops", 400), ("x" * 5000, 413), (json.dumps({"action": "pass"}), 409),
                             (json.dumps({"action": "pass", "seat": to_act}), 400), ("[]", 400)):
            ws.send(text)
            err = json.loads(ws.recv(timeout=5))
            # an action out of turn also names the server's rule it breaks (docs/server.md §4)
            named = {"rule_name"} if status == 409 else set()
            assert err["status"] == status and set(err) == {"error", "rule", "status"} | named, err
        ws.send(json.dumps({"ping": 1}))
        assert json.loads(ws.recv(timeout=5)) == {"pong": 1}
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{tid}/ws?code=wrong") as ws:
        assert json.loads(ws.recv(timeout=5))["rule"] == "server.md §2"
        with pytest.raises(Exception):
            ws.recv(timeout=5)
        assert ws.close_code == 4403
    after = view(server, made, teacher)
    assert after == before


def assert_limited(kinds: list[Any], seconds: float) -> None:
    """At most the burst plus the rate over ``seconds`` got through the limit; the rest were 429."""
    allowed = BURST + RATE * seconds + 1
    passed = [k for k in kinds if k != 429]
    assert len(passed) <= allowed, (len(passed), allowed, kinds)
    assert kinds.count(429) >= len(kinds) - allowed, (allowed, kinds)


def test_a_flood_is_limited(server: RunningServer) -> None:
    made = new_table(server, game="501", players=3, seed=9)
    before = view(server, made, made["teacher"])
    other = made["seats"][(before["to_act"] + 1) % 3]["code"]
    t0 = time.monotonic()
    with ThreadPoolExecutor(8) as pool:
        statuses = list(pool.map(lambda _: act(server, made, other, "pass")[0], range(120)))
    assert_limited(statuses, time.monotonic() - t0)
    assert set(statuses) == {409, 429}
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{made['table']}/ws?code={other}") as ws:
        ws.recv(timeout=5)
        t0 = time.monotonic()
        for _ in range(150):
            ws.send(json.dumps({"action": "pass"}))
        kinds = [json.loads(ws.recv(timeout=10)).get("status") for _ in range(150)]
        assert_limited(kinds, time.monotonic() - t0)
        with pytest.raises(ConnectionClosed):
            for _ in range(1000):  # a flood that goes on is cut off
                ws.send(json.dumps({"action": "pass"}))
            while True:
                ws.recv(timeout=10)
    assert ws.close_code == 1008
    assert view(server, made, made["teacher"]) == before


def test_two_actions_at_once_apply_once(server: RunningServer) -> None:
    made = new_table(server, game="501", players=3, seed=10)
    codes = [s["code"] for s in made["seats"]]
    for round_ in range(6):
        t = view(server, made, made["teacher"])
        seat = t["to_act"]
        if seat is None:
            break
        mine = view(server, made, codes[seat])
        picks = [mine["legal"][0], mine["legal"][-1]]  # the same action twice, or two different ones
        results: list[tuple[int, Any]] = [(0, None), (0, None)]
        go = threading.Barrier(2)

        def send(i: int) -> None:
            go.wait()
            results[i] = act(server, made, codes[seat], picks[i], mine["step"])

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(r[0] for r in results) == [200, 409], (round_, picks, mine["step"], [r[1].get("log", r[1]) for r in results])
        after = view(server, made, made["teacher"])
        assert after["step"] == t["step"] + 1
        # the step's own line (a talon turned up may follow it); a give names its receiver
        line, done = after["log"][len(t["log"])], next(picks[i] for i in range(2) if results[i][0] == 200)
        assert line.endswith(done) or (done.startswith("give ") and f" gives {done[5:]} to " in line), (line, done)
    # and over two WebSocket connections of one seat
    made = new_table(server, game="500", players=4, seed=10)
    codes = [s["code"] for s in made["seats"]]
    t = view(server, made, made["teacher"])
    url = f"ws://127.0.0.1:{server.port}/api/tables/{made['table']}/ws?code={codes[t['to_act']]}"
    with connect(url) as w1, connect(url) as w2:
        v = json.loads(w1.recv(timeout=5))["view"]
        w2.recv(timeout=5)
        w1.send(json.dumps({"action": v["legal"][0], "step": v["step"]}))
        w2.send(json.dumps({"action": v["legal"][-1], "step": v["step"]}))
        time.sleep(0.5)
    assert view(server, made, made["teacher"])["step"] == t["step"] + 1
    with sqlite3.connect(server.db) as db:
        assert db.execute("SELECT COUNT(*) FROM steps WHERE table_id = ?", (made["table"],)).fetchone()[0] == t["step"] + 1
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize("game,players,computer", [("501", 3, []), ("501", 4, [1]), ("500", 4, [3]),
                                                  ("500", 5, []), ("500", 3, []), ("500", 6, [2])])
def test_every_websocket_message_of_every_seat_hides_what_the_rules_hide(
        server: RunningServer, game: str, players: int, computer: list[int]) -> None:
    """Each seat follows the table over its WebSocket for four hands; every message it gets names
    only cards that the engine's ``view(seat)`` had shown it by that step."""
    made = new_table(server, game=game, players=players, computer=computer, seed=players * 7)
    tid = made["table"]
    got: dict[int, list[dict[str, Any]]] = {s: [] for s in range(players)}
    stop = threading.Event()

    def follow(seat: int, code: str) -> None:
        with connect(f"ws://127.0.0.1:{server.port}/api/tables/{tid}/ws?code={code}") as ws:
            while not stop.is_set():
                try:
                    got[seat].append(json.loads(ws.recv(timeout=0.2)))
                except TimeoutError:
                    continue

    followers = [threading.Thread(target=follow, args=(s["seat"], s["code"] or made["teacher"]), daemon=True)
                 for s in made["seats"] if s["code"]]
    for f in followers:
        f.start()
    rng = random.Random(players)
    hands = 0
    while True:
        end = play_hand(server, made, rng)
        hands += 1
        if hands == 4 or end["legal"] != [NEXT_HAND]:
            break
        act(server, made, made["seats"][0]["code"], NEXT_HAND)
    time.sleep(0.5)
    stop.set()
    for f in followers:
        f.join()
    # replay the record step by step: the oracle of what each seat had been shown at each step
    status, record = http("GET", f"{server.url}api/tables/{tid}/record?code={made['teacher']}")
    match = Match(find_game(game, players, **record["options"]), seed=record["seed"])
    seen_at: dict[int, list[set[str]]] = {s: [] for s in range(players)}
    trackers = [SeenCards(s) for s in range(players)]
    for i, hand in enumerate(record["hands"]):
        match.new_hand()  # step 0, then each "next hand" step
        for t in trackers:
            t.reset()
        for a in [None] + hand["actions"]:
            if a is not None:
                match.apply_action(a)
            for s, t in enumerate(trackers):
                seen_at[s].append(set(t.update(match.state)))
    checked = 0
    for s in got:
        if s in computer:
            continue
        assert got[s], f"seat {s} got no message"
        for msg in got[s]:
            if "view" not in msg:
                continue
            v = msg["view"]
            v.pop("table")
            legal = v.pop("legal")
            leaked = cards_in(v) - seen_at[s][v["step"]]
            assert not leaked, f"seat {s} was sent {leaked} at step {v['step']}"
            hidden = cards_in(legal) - seen_at[s][v["step"]]
            assert all(a.startswith("call ") for a in legal if cards_in(a) & hidden)
            checked += 1
    assert checked >= hands * 20


def test_a_public_address_warns(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                tmp_path: Path) -> None:
    """Serving anything but 127.0.0.1 prints a warning (the run itself is not started here)."""
    import uvicorn

    from cardkit.server import is_loopback, serve

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    serve("0.0.0.0", 9, tmp_path / "t.sqlite")
    err = capsys.readouterr().err
    assert "warning: listening on 0.0.0.0" in err and calls[0]["host"] == "0.0.0.0"
    serve("127.0.0.1", 9, tmp_path / "t.sqlite")
    assert "warning" not in capsys.readouterr().err
    assert is_loopback("::1") and is_loopback("127.0.0.2") and not is_loopback("192.168.1.10")
