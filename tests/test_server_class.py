"""The table server in a class (issue 16): what the projector shows with the hands hidden, the
501 talon turned up for every seat, the gives naming their receiver, the hands sent as they are
held, and the ``new-table`` command a teacher types (seats by letter, a sentence when no server
answers, Spanish words and links under ``CARDKIT_LANG=es``).

The hand of seed 5 (three players, C deals) is checked by hand: A looks and bids 66, B looks and
passes, C passes; A wins the auction and turns up the talon 10♠ J♦ K♠ (rules.md 501 §7); A
declares ♠ 70 and gives Q♦ to B (left first, the kit's order) and J♣ to C.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from starlette.testclient import TestClient

from cardkit.cli import _seats
from cardkit.display import held_order
from cardkit.server.app import create_app
from cardkit.server.store import Store
from cardkit.server.tables import Room

from server_tools import TEACHER, TOKEN, REPO, RunningServer, cards_in, free_port, start_server

TALON = ["10♠", "J♦", "K♠"]


def seed5_to_play() -> Room:
    """The table of seed 5 after the auction, the declaration and both gives (A to lead)."""
    room = Room.create(Store(":memory:"), "501", 3, seed=5)
    for seat, action in [(0, "look"), (0, "bid 66"), (1, "look"), (1, "pass"), (2, "pass"),
                         (0, "declare ♠ 70"), (0, "give Q♦"), (0, "give J♣")]:
        room.act(seat, action)
    return room


def test_the_talon_turned_up_is_shown_to_every_seat() -> None:
    room = seed5_to_play()
    assert [str(c) for c in room.state.view(None).talon_turned_up()[0]] == TALON
    for viewer in (0, 1, 2, None, room.everyone):
        v = room.view(viewer)
        # the log: the last pass, then the talon turned up for all (rules.md 501 §7), then the declaration
        assert v["log"][4:7] == ["C: pass", "A turned up the talon and took it: 10♠ J♦ K♠", "A: declare ♠ 70"]
        assert v["talon_turned_up"] == {"cards": TALON, "by": 0} and v["talon"] == []
        es = room.view(viewer, "es")
        assert es["log"][5] == "A descubrió el talón y se lo llevó: 10♠ J♦ K♠"


def test_a_give_names_its_receiver_and_stays_face_down_for_the_other() -> None:
    room = seed5_to_play()
    assert room.view(1)["log"][7:] == ["A gives Q♦ to B", "A gives a card face down to C"]
    assert room.view(2)["log"][7:] == ["A gives a card face down to B", "A gives J♣ to C"]
    assert room.view(None)["log"][7:] == ["A gives Q♦ to B", "A gives J♣ to C"]
    assert room.view(room.everyone)["log"][7:] == ["A gives a card face down to B", "A gives a card face down to C"]
    assert room.view(2, "es")["log"][7:] == ["A da una carta tapada a B", "A da J♣ a C"]


def test_the_whole_class_sees_only_what_every_seat_may_see() -> None:
    room = seed5_to_play()
    v = room.view(room.everyone)
    assert v["seat"] is None and v["legal"] == [] and "seats" not in v  # no seat's code for the class
    # the projector asks with the teacher's code: its hidden view has the join links' codes
    assert [s["seat"] for s in room.view(room.everyone, teacher=True)["seats"]] == [0, 1, 2]
    assert v["hands"] == {"0": 8, "1": 8, "2": 8}
    # no card but the talon turned up: no hand, no give's card
    assert cards_in({k: v[k] for k in ("hands", "talon", "log", "notes", "talon_turned_up", "trick", "tricks")}) == set(TALON)
    # the teacher's own view is unchanged: every hand
    assert all(isinstance(h, list) and len(h) == 8 for h in room.view(None)["hands"].values())


def test_hands_come_as_they_are_held_trumps_first() -> None:
    room = seed5_to_play()
    a = room.view(0)["hands"]["0"]
    assert a == ["10♠", "K♠", "A♣", "10♣", "Q♣", "J♦", "K♥", "J♥"]  # ♠ trumps first, each suit high to low
    assert a == [str(c) for c in held_order(room.state, room.state.view(0).hands[0])]
    before = Room.create(Store(":memory:"), "501", 3, seed=5)
    before.act(0, "look")
    held = before.view(0)["hands"]["0"]
    order = {str(c): i for i, c in enumerate(before.game.new_pack())}  # no trumps yet: the pack's order
    assert held == sorted(held, key=order.__getitem__) and len(held) == 7


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", computer_delay=0, token=TOKEN), headers=TEACHER) as c:
        yield c


def test_the_api_shows_the_hidden_hands_view_on_asking(client: TestClient) -> None:
    t = client.post("/api/tables", json={"game": "501", "players": 3, "seed": 5, "public_seed": True}).json()
    codes = [s["code"] for s in t["seats"]]
    for seat, action in [(0, "look"), (0, "bid 66"), (1, "look"), (1, "pass"), (2, "pass"),
                         (0, "declare ♠ 70"), (0, "give Q♦")]:
        r = client.post(f"/api/tables/{t['table']}/actions", json={"code": codes[seat], "action": action})
        assert r.status_code == 200, r.text
    hidden = client.get(f"/api/tables/{t['table']}?code={t['teacher']}&hands=hidden").json()
    full = client.get(f"/api/tables/{t['table']}?code={t['teacher']}").json()
    assert hidden["hands"] == {"0": 9, "1": 8, "2": 7} and hidden["log"][-1] == "A gives a card face down to B"
    assert full["hands"]["1"][-1] != 8 and full["log"][-1] == "A gives Q♦ to B"
    with client.websocket_connect(f"/api/tables/{t['table']}/ws?code={t['teacher']}&hands=hidden&lang=es") as ws:
        v = json.loads(ws.receive_text())["view"]
        assert v["hands"]["0"] == 9 and v["log"][-1] == "A da una carta tapada a B"
        # the projector still deals the next hand with the teacher's code: the hand is not over
        ws.send_text(json.dumps({"action": "next hand"}))
        assert json.loads(ws.receive_text())["status"] == 409
    assert set(hidden) == set(full)  # the same JSON names


@pytest.mark.parametrize("text,seats", [("C", ["C"]), ("b,c", ["B", "C"]), ("2,1", [2, 1]), (" A , 2", ["A", 2])])
def test_computer_seats_by_letter_or_number(text: str, seats: list[Any]) -> None:
    assert _seats(text) == seats


def run_cli(*args: str, lang: str = "en", runtime: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m cardkit ARGS``; ``runtime``: the folder where a running server noted its token."""
    env = {**os.environ, "CARDKIT_LANG": lang}
    env.pop("CARDKIT_TOKEN", None)
    if runtime is not None:
        env["CARDKIT_RUNTIME_DIR"] = str(runtime)
    return subprocess.run([sys.executable, "-m", "cardkit", *args], cwd=REPO, capture_output=True, text=True,
                          env=env, timeout=60)


def test_new_table_without_a_server_says_how_to_start_one() -> None:
    url = f"http://127.0.0.1:{free_port()}/"
    out = run_cli("new-table", "501", "--computer", "C", "--url", url)
    assert out.returncode == 2 and "urlopen" not in out.stderr and "Errno" not in out.stderr.split("(")[0]
    assert f"no table server answers at {url}" in out.stderr
    assert "python -m cardkit serve" in out.stderr and "--url" in out.stderr
    es = run_cli("new-table", "501", "--url", url, lang="es")
    assert f"ningún servidor de mesas responde en {url}" in es.stderr


def test_a_bad_seat_is_refused_in_words() -> None:
    out = run_cli("new-table", "501", "--computer", "x1")
    assert out.returncode == 2 and "'x1' is not a seat: give seats by letter" in out.stderr
    assert "invalid" not in out.stderr


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    s = start_server(Path(tmp_path_factory.mktemp("class")))
    yield s
    s.stop()


def test_new_table_takes_letters_and_speaks_spanish(server: RunningServer) -> None:
    out = run_cli("new-table", "501", "--players", "3", "--computer", "B,C", "--url", server.url,
                  runtime=server.runtime)
    lines = out.stdout.splitlines()
    assert out.returncode == 0, out.stderr
    assert lines[0].startswith(f"projector: {server.url}show/") and lines[1].startswith(f"A: {server.url}play/")
    assert lines[2:] == ["B: computer player", "C: computer player"]
    es = run_cli("new-table", "501", "--computer", "2", "--url", server.url, lang="es",
                 runtime=server.runtime).stdout.splitlines()
    assert es[0].startswith("proyector: ") and es[0].endswith("&lang=es")
    assert es[1].startswith("A: ") and es[1].endswith("&lang=es") and es[3] == "C: jugador del ordenador"
