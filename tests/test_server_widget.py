"""``Table.join(url, code)``: the notebook widget on a real table server (127.0.0.1, free port)."""

from __future__ import annotations

import time
from pathlib import Path

from cardkit.server.client import TableClient, new_table
from cardkit.widgets import Table

from server_tools import TOKEN, start_server


def test_join_shows_the_seat_and_plays_through_the_server(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        made = new_table(server.url, "500", players=4, computer=[1, 3], seed=4, token=TOKEN, public_seed=True)
        teacher = TableClient(made["show"])
        v = teacher.view()
        seat = v["to_act"] if v["to_act"] in (0, 2) else 0
        mine = Table.join(made["seats"][seat]["play"])
        projector = Table.join(server.url + "show/" + made["table"], made["teacher"])
        try:
            # the seat's own cards face up, the others' face down (an SVG <text> per face)
            assert mine.board.value.count("<svg") == 5 and "you are" in mine.board.value
            assert projector.board.value.count("every hand") == 1
            before = teacher.view()["step"]
            if mine.view["legal"]:
                mine.actions.children[0].click()
                assert teacher.view()["step"] > before
            # a refused action is shown, naming the rule, and changes nothing
            step = teacher.view()["step"]
            err = mine.act("play Q♣") if mine.view["to_act"] != seat else mine.act("bid 99♠")
            assert err and "[" in err and mine.message.value and teacher.view()["step"] >= step
            # the projector follows the table by itself
            target = teacher.view()["step"]
            deadline = time.monotonic() + 10
            while projector.view["step"] < target and time.monotonic() < deadline:
                time.sleep(0.05)
            assert projector.view["step"] == target
        finally:
            mine.close()
            projector.close()
    finally:
        server.stop()
