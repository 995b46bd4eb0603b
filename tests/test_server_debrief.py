"""The debrief of a finished hand (docs/server.md §11) on a real server: a seeded Five Hundred hand
is played to its end at a table (seat A through the HTTP API with its code, B, C and D computer
players with no delay), and the debrief is checked against the table's record, its view, and a
card that visibly cost a trick; who may ask for it and what is refused. Then, on real rooms over a
real database file, :func:`compare` and the debriefs' cache limit.

The hand (public seed 18, four-handed, hand-checked): C bids 6♣ and the others pass; A holds
8♣ 6♣ A♦ J♦ 10♦ 5♦ K♥ J♥ 10♥ 6♥ and the kitty is A♠ A♥ 9♥. In trick 2 B leads 4♦, C plays 8♦ and D
9♦; A, last to play with A♦ J♦ 10♦ 5♦, plays 5♦ and D takes the trick that any of A's three
higher diamonds would have won for A and C (clubs are trumps: J♦ is no bower). C makes exactly six
tricks: A and C score 6♣ = 60, B and D 10 for each of their 4 tricks (rules.md 500 §4, §10).
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from cardkit.records import from_record
from cardkit.server.debrief import Debriefs, compare, hand_debrief
from cardkit.server.store import Store
from cardkit.server.tables import Room, TableError

from server_tools import RunningServer, http, make_table, start_server

SEED = 18
#: Seat A's actions, in order: a pass, then its cards (5♦ in trick 2: the card that costs a trick).
A_PLAYS = ["pass", "play 8♣", "play 5♦", "play K♥", "play 6♣", "play A♦", "play 6♥", "play 10♦", "play 10♥",
           "play J♥", "play J♦"]
BAD_CARD = "Trick 2: A played 5♦ (7 with best play after it); best was A♦ / 10♦ / J♦ (8)."


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    s = start_server(tmp_path_factory.mktemp("debrief"))
    try:
        yield s
    finally:
        s.stop()


def view(server: RunningServer, table: str, code: str) -> dict[str, Any]:
    status, v = http("GET", f"{server.url}api/tables/{table}?code={code}")
    assert status == 200, v
    return dict(v)


def play_a(server: RunningServer, made: dict[str, Any], plays: list[str]) -> dict[str, Any]:
    """Seat A acts through the HTTP API with its code until the hand is over; the last view."""
    code = made["seats"][0]["code"]
    todo = list(plays)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        v = view(server, made["table"], code)
        if v["returns"] is not None:
            assert not todo, f"the hand ended before A played {todo}"
            return v
        if v["to_act"] == 0 and v["legal"]:
            status, answer = http("POST", f"{server.url}api/tables/{made['table']}/actions",
                                  {"code": code, "action": todo.pop(0), "step": v["step"]})
            assert status == 200, answer
        else:
            time.sleep(0.02)
    raise AssertionError("the hand did not end")


def debrief(server: RunningServer, table: str, code: str, hand: Any = 1, lang: str = "en") -> tuple[int, Any]:
    return http("GET", f"{server.url}api/tables/{table}/debrief?code={code}&hand={hand}&lang={lang}")


def test_the_debrief_of_a_hand_tells_the_record_and_names_the_card_that_cost_a_trick(server: RunningServer) -> None:
    made = make_table(server.url, game="500", players=4, computer=[1, 2, 3], seed=SEED)
    table, teacher = made["table"], made["teacher"]
    status, refused = debrief(server, table, teacher)
    assert status == 409 and refused["rule"] == "server.md §11" and "not over" in refused["error"]

    last = play_a(server, made, A_PLAYS)
    started = time.monotonic()
    status, d = debrief(server, table, teacher)
    first_answer = time.monotonic() - started
    assert status == 200, d
    # the deal, hand-checked (as held: trumps first once they stand)
    assert d["deal"]["hands"][0] == ["8♣", "6♣", "A♦", "J♦", "10♦", "5♦", "K♥", "J♥", "10♥", "6♥"]
    assert sorted(d["deal"]["talon"]) == sorted(["A♠", "A♥", "9♥"]) and d["talon_word"] == "kitty"
    assert d["auction"] == [{"seat": 2, "call": "bid 6♣"}, {"seat": 3, "call": "pass"}, {"seat": 0, "call": "pass"},
                            {"seat": 1, "call": "pass"}]
    assert d["contract"] == {"text": "C 6♣", "contractor": 2, "side": [2, 0], "made": True}
    assert d["badges"][2] == ["contractor"]
    assert len(d["steps"]) == 3 and all(s.startswith("C: bury ") for s in d["steps"])
    # the tricks and their winners are those of the table's record, replayed by the engine
    status, record = http("GET", f"{server.url}api/tables/{table}/record?code={teacher}")
    assert status == 200
    hand = from_record(record).hands[0]
    assert [(t["leader"], t["plays"], t["winner"]) for t in d["tricks"]] == [
        (t.leader, [[s, str(c)] for s, c in t.plays], t.winner) for t in hand.tricks]
    assert d["tricks"][1]["plays"] == [[1, "4♦"], [2, "8♦"], [3, "9♦"], [0, "5♦"]] and d["tricks"][1]["winner"] == 3
    assert d["tricks"][1]["lines"] == ["B: play 4♦", "C: play 8♦", "D: play 9♦", "A: play 5♦"]
    # the score: the view's returns, hand-checked
    assert d["score"]["returns"] == last["returns"] == [60, 40, 60, 40]
    assert d["score"]["summary"] == last["summary"] == "C 6♣: 6 tricks, made"
    assert d["score"]["rows"] == [["tricks", "A 1, B 3, C 5, D 1"]] == last["score_rows"]
    # the solver's review names the card beside its trick
    assert BAD_CARD in d["review"]["lines"] and d["tricks"][1]["review"] == [BAD_CARD]
    assert d["review"]["checked"] == 40 and "contracting side" in d["review"]["note"]
    assert all(line.startswith(f"Trick {t['n']}: ") for t in d["tricks"] for line in t["review"])
    assert d["over"] == [1] and d["hand"] == 1
    # made once: the second answer comes from the cache
    started = time.monotonic()
    assert debrief(server, table, teacher) == (200, d)
    assert time.monotonic() - started < max(first_answer, 0.5)
    # in Spanish, the same hand in the catalog's words
    status, es = debrief(server, table, teacher, lang="es")
    assert status == 200 and es["tricks"] == [{**t, "lines": es["tricks"][i]["lines"],
                                                "review": es["tricks"][i]["review"]} for i, t in enumerate(d["tricks"])]
    assert es["talon_word"] == "pozo" and es["tricks"][1]["review"][0].startswith("Baza 2: A ")
    assert es["auction"][0]["call"].startswith("puja ")


def test_only_the_teacher_code_opens_a_debrief_and_bad_hands_are_refused(server: RunningServer) -> None:
    made = make_table(server.url, game="500", players=4, computer=[1, 2, 3], seed=SEED)
    table, teacher, seat = made["table"], made["teacher"], made["seats"][0]["code"]
    over = play_a(server, made, A_PLAYS)
    status, body = debrief(server, table, seat)
    assert status == 403 and body["rule"] == "server.md §2" and "teacher" in body["error"]
    assert debrief(server, table, "")[0] == 403
    assert debrief(server, table, "x" * 65)[0] == 403
    assert debrief(server, "no-such-table", teacher)[0] == 404
    for bad in ("0", "-1", "abc", "1.5", "1234567", "", "%D9%A1", "1%00"):
        status, body = debrief(server, table, teacher, hand=bad)
        assert status == 400 and body["rule"] == "server.md §11" and "hand" in body["error"], (bad, body)
    status, body = debrief(server, table, teacher, hand=2)
    assert status == 409 and "not been played" in body["error"]
    # the answer carries the security headers of every answer; a debrief changes nothing at the table
    with urllib.request.urlopen(f"{server.url}api/tables/{table}/debrief?code={teacher}&hand=1", timeout=20) as r:
        assert r.headers["Cache-Control"] == "no-store" and r.headers["X-Frame-Options"] == "DENY"
        assert r.headers["Referrer-Policy"] == "no-referrer" and "script-src 'self'" in r.headers["Content-Security-Policy"]
    assert view(server, table, teacher)["step"] == over["step"]
    # the next hand is dealt: hand 1 is still told, hand 2 is not over
    status, _v = http("POST", f"{server.url}api/tables/{table}/actions", {"code": teacher, "action": "next hand"})
    assert status == 200
    assert debrief(server, table, teacher)[0] == 200
    status, body = debrief(server, table, teacher, hand=2)
    assert status == 409 and "not over" in body["error"]


def play_room(store: Store, seed: int, plays: list[str] | None) -> Room:
    """A four-handed Five Hundred table in memory over ``store``, A playing ``plays`` (else its first
    legal action, a pass where it may) and the computers the rest, to the end of the first hand."""
    room = Room.create(store, "500", 4, computer=[1, 2, 3], seed=seed)
    todo = list(plays) if plays is not None else None
    while not room.state.is_terminal():
        if room.computer_step():
            continue
        if todo is not None:
            room.act(0, todo.pop(0))
        else:
            legal = [str(a) for a in room.state.legal_actions()]
            room.act(0, "pass" if "pass" in legal else legal[0])
    return room


def test_compare_puts_tables_with_the_same_cards_side_by_side(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite")
    same = play_room(store, SEED, A_PLAYS)
    other_play = play_room(store, SEED, None)
    other_cards = play_room(store, 5, None)
    out = compare([same, other_play], 1)
    assert out["same_cards"] is True and out["differ"] == [] and out["note"] is None
    first, second = out["tables"]
    assert first["table"] == same.id and first["contract"]["text"] == "C 6♣"
    assert first["returns"] == [60, 40, 60, 40] and first["scores"] == [60, 40, 60, 40]
    assert first["tallies"] == ["1 trick", "3 tricks", "5 tricks", "1 trick"]
    # A played its first legal card each time at the second table: the same deal, another result
    assert second["auction"] == first["auction"]
    assert second["returns"] == other_play.state.returns() and second["summary"] == other_play.state.summary()
    out = compare([same, other_play, other_cards], 1)
    assert out["same_cards"] is False and out["differ"] == [other_cards.id]
    assert other_cards.id in out["note"] and same.id in out["note"]
    with pytest.raises(TableError) as e:
        compare([same], 2)
    assert e.value.status == 409
    with pytest.raises(TableError) as e:
        compare([], 1)
    assert e.value.status == 400
    # hand_debrief without a server: the same words the route sends
    assert BAD_CARD in hand_debrief(same, 1)["review"]["lines"]
    store.close()


def test_debriefs_keep_at_most_their_limit(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite")
    rooms = [play_room(store, SEED, A_PLAYS), play_room(store, 5, None), play_room(store, 6, None)]
    cache = Debriefs(most=2)

    async def ask() -> list[dict[str, Any]]:
        return [await cache.get(r, 1, "en") for r in rooms]

    answers = asyncio.run(ask())
    assert [a["table"] for a in answers] == [r.id for r in rooms]
    assert list(cache.made) == [(rooms[1].id, 1, "en"), (rooms[2].id, 1, "en")]
    assert list(cache.checks) == [(rooms[1].id, 1), (rooms[2].id, 1)] and not cache.running
    assert BAD_CARD in answers[0]["review"]["lines"]
    store.close()
