"""Hand K of a class's tables side by side (docs/server.md §10, issue 27 items 3 and 6), over a
real server (``python -m cardkit serve``, computer delay 0) on a free port of 127.0.0.1 with a real
SQLite file:

- ``GET /api/classes/ID/compare?hand=K`` puts the tables dealt the same cards side by side once
  their hand K is over: the same cards, who bid what, the contract, who made what, the scores,
  each as that table's own view says, and a table still playing listed as such;
- only the teacher's token asks it; an unknown class is 404, a bad hand 400, a hand over nowhere 409;
- the rules a class broke come in plain words in the page's language, from the game's rule tables.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from server_tools import TEACHER, RunningServer, http, play_hand, start_server, table_view as view, wait_for_a

#: Five Hundred, four hands; B, C and D are computer seats, A a student who takes the first legal action.
ONE_STUDENT = {"game": "500", "players": 4, "computer": [1, 2, 3]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    srv = start_server(tmp_path_factory.mktemp("compare"))
    yield srv
    srv.stop()


def compare(server: RunningServer, cid: str, query: str, headers: dict[str, str] | None = TEACHER) -> tuple[int, Any]:
    return http("GET", server.url + f"api/classes/{cid}/compare?{query}", headers=headers)


def test_the_tables_side_by_side_and_one_still_playing(server: RunningServer) -> None:
    status, made = http("POST", server.url + "api/classes", {"tables": 3, "same_deals": True, **ONE_STUDENT},
                        headers=TEACHER)
    assert status == 201, made
    cid, tables = made["class"], made["tables"]
    ends = [play_hand(server, t) for t in tables[:2]]
    third = wait_for_a(server, tables[2])  # table 3 is still at hand 1: A has not acted
    assert third["to_act"] == 0 and third["hand"] == 1
    status, got = http("GET", server.url + f"api/classes/{cid}", headers=TEACHER)
    assert status == 200 and got["compare_hand"] == 1
    assert [t["last_over"] for t in got["tables"]] == [1, 1, None]
    assert got["tables"][0]["debrief"] == server.url + f"debrief/{tables[0]['table']}?code={tables[0]['teacher']}&hand=1"
    assert got["tables"][2]["debrief"] is None

    status, cmp = compare(server, cid, "hand=1")
    assert status == 200, cmp
    assert cmp["hand"] == 1 and cmp["same_cards"] is True and cmp["differ"] == [] and cmp["note"] is None
    assert [t["number"] for t in cmp["tables"]] == [1, 2]
    assert cmp["playing"] == [{"table": tables[2]["table"], "number": 3, "hand": 1, "summary": third["summary"]}]
    for made_t, end, t in zip(tables, ends, cmp["tables"]):
        assert t["table"] == made_t["table"]
        assert t["summary"] == end["summary"] and t["returns"] == end["returns"] and t["scores"] == end["scores"]
        assert [[c["seat"], c["call"]] for c in t["auction"]] == [[s, c] for s, c in end["calls"]]
        assert t["debrief"] == server.url + f"debrief/{made_t['table']}?code={made_t['teacher']}&hand=1"
        contractor = t["contract"]["contractor"]
        assert t["contractor"] == (None if contractor is None else "ABCD"[contractor])
        # the sides: A with C, B with D (rules.md 500 §1), each scoring as one
        assert [s["seats"] for s in t["sides"]] == [["A", "C"], ["B", "D"]]
        assert [s["returns"] for s in t["sides"]] == [end["returns"][0], end["returns"][1]]
        taken = [sum(1 for tr in end["tricks"] if tr["winner"] in side) for side in ((0, 2), (1, 3))]
        assert [s["tricks"] for s in t["sides"]] == taken
        assert contractor is not None and sum(taken) == 10  # A bid: somebody has a contract
        assert t["contract"]["made"] is (t["returns"][contractor] > 0)
    # the tables were dealt alike: every seat's cards at the start are the same
    deals = [http("GET", server.url + f"api/tables/{t['table']}/debrief?code={t['teacher']}&hand=1")[1]["deal"]
             for t in tables[:2]]
    assert deals[0] == deals[1]

    # Spanish words, the same numbers
    status, es = compare(server, cid, "hand=1&lang=es")
    assert status == 200 and [t["returns"] for t in es["tables"]] == [t["returns"] for t in cmp["tables"]]
    assert "baza" in es["tables"][0]["sides"][0]["took"] and "trick" in cmp["tables"][0]["sides"][0]["took"]

    # table 3 ends its hand: it joins the comparison
    play_hand(server, tables[2])
    status, cmp3 = compare(server, cid, "hand=1")
    assert status == 200 and [t["number"] for t in cmp3["tables"]] == [1, 2, 3] and cmp3["playing"] == []
    assert cmp3["same_cards"] is True


def test_who_may_ask_and_bad_hands(server: RunningServer) -> None:
    status, made = http("POST", server.url + "api/classes", {"tables": 2, **ONE_STUDENT}, headers=TEACHER)
    assert status == 201, made
    cid, t = made["class"], made["tables"][0]
    assert compare(server, cid, "hand=1", headers=None)[0] == 401
    assert compare(server, cid, f"hand=1&code={t['teacher']}", headers=None)[0] == 401  # a table's code is no token
    assert compare(server, cid, f"hand=1&code={t['seats'][0]['code']}", headers=None)[0] == 401
    status, err = compare(server, "nosuchclass", "hand=1")
    assert status == 404 and err["rule"] == "server.md §10"
    for bad in ("", "hand=0", "hand=-1", "hand=x", "hand=1.5", "hand=1234567", "hand=%D9%A1"):
        status, err = compare(server, cid, bad)
        assert status == 400 and '"hand"' in err["error"], (bad, err)
    status, err = compare(server, cid, "hand=1")  # no table has finished hand 1
    assert status == 409 and "hand 1 is over at no table" in err["error"]
    play_hand(server, t)
    status, got = compare(server, cid, "hand=1")
    # not dealt alike: the second table is still playing, the first compared with itself
    assert status == 200 and [x["number"] for x in got["tables"]] == [1] and got["playing"][0]["number"] == 2
    assert compare(server, cid, "hand=2")[0] == 409
    status, cls = http("GET", server.url + f"api/classes/{cid}", headers=TEACHER)
    assert cls["compare_hand"] is None and cls["tables"][0]["last_over"] == 1  # a debrief link all the same
    assert cls["tables"][0]["debrief"].endswith(f"&hand=1")


def test_the_rules_broken_in_plain_words(server: RunningServer) -> None:
    status, made = http("POST", server.url + "api/classes", {"tables": 1, "game": "500", "players": 4, "computer": [3]},
                        headers=TEACHER)
    assert status == 201, made
    cid, t = made["class"], made["tables"][0]

    def act(seat: int, action: str) -> tuple[int, Any]:
        return http("POST", server.url + f"api/tables/{t['table']}/actions",
                    {"code": t["seats"][seat]["code"], "action": action})

    def to_act() -> int:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            seat = view(server, t)["to_act"]
            if seat is not None and seat != 3:
                return int(seat)
            time.sleep(0.02)
        raise TimeoutError

    assert act(to_act(), "bid 10NT")[0] == 200  # the highest bid: no seat can outrank it
    seat = to_act()
    status, err = act(seat, "bid 6♠")
    assert status == 409 and err["rule"] == "rules.md 500 §4"
    other = next(s for s in range(3) if s != to_act())
    assert act(other, "pass")[0] == 409
    status, en = http("GET", server.url + f"api/classes/{cid}", headers=TEACHER)
    assert en["refusals"] == {"rules.md 500 §4": 1, "server.md §4": 1}
    assert en["broken"] == [
        {"rule": "rules.md 500 §4", "rule_name": "bid-higher",
         "words": "bid higher than the standing bid (rule 4 of Five Hundred)", "n": 1},
        {"rule": "server.md §4", "rule_name": "out-of-turn", "words": "act only in your turn", "n": 1}]
    assert en["tables"][0]["broken"] == en["broken"]
    status, es = http("GET", server.url + f"api/classes/{cid}?lang=es", headers=TEACHER)
    assert [b["words"] for b in es["broken"]] == ["pujar más alto que la puja vigente (regla 4 del Quinientos)",
                                                   "actuar solo en tu turno"]


def test_every_rule_of_every_game_has_plain_words_in_english_and_spanish() -> None:
    from cardkit.i18n import language
    from cardkit.registry import GAMES
    from cardkit.rulebook import rule_title

    for cls in GAMES:
        assert cls.phase_rules, cls.name
        for phase in cls.phase_rules.values():
            for r in phase.rules:
                assert r.title and rule_title(cls.phase_rules, r.name) == r.title, (cls.name, r.name)
                with language("es"):
                    es = rule_title(cls.phase_rules, r.name)
                assert es and es != r.title, (cls.name, r.name, es)
    with language("es"):
        assert rule_title(GAMES[0].phase_rules, "follow-suit") == "asistir al palo"
