"""The table server killed with SIGKILL mid-hand and started again on the same database: every
table is at the step of its last acknowledged action, with the same hands, and a following client
reconnects by itself (rules of the server: docs/server.md §5).
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

from cardkit.server.client import TableClient, new_table

from server_tools import TOKEN, http, start_server


def test_sigkill_mid_hand_then_restart(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        rng = random.Random(16)
        tables = [new_table(server.url, "501", players=3, computer=[2], seed=1, token=TOKEN, public_seed=True),
                  new_table(server.url, "500", players=4, computer=[1, 3], seed=2, token=TOKEN, public_seed=True),
                  new_table(server.url, "500", players=5, seed=3, token=TOKEN, public_seed=True)]
        teachers = [TableClient(t["show"]) for t in tables]
        acked: list[int] = []
        # each table played to the middle of its first hand; what was last acknowledged is noted
        for t, teacher in zip(tables, teachers):
            clients = {s["seat"]: TableClient(s["play"]) for s in t["seats"] if s["play"]}
            while True:
                v = teacher.wait_for(lambda v: v["to_act"] is None or v["to_act"] not in v["computer"])
                if v["to_act"] is None:  # a thrown-in hand: deal the next
                    clients[min(clients)].act("next hand", v["step"])
                    continue
                if v["step"] >= 12:
                    break
                me = clients[v["to_act"]].view()
                pick = "pass" if "pass" in me["legal"] and rng.random() < 0.3 else rng.choice(me["legal"])
                clients[v["to_act"]].act(pick, me["step"])
            acked.append(v["step"])
        before = [teacher.view() for teacher in teachers]
        assert all(b["step"] == a for b, a in zip(before, acked)) and min(acked) >= 12
        # a student follows table 0 over its WebSocket
        follower = TableClient(tables[0]["seats"][0]["play"])
        seen: list[dict[str, Any]] = []
        follower.follow(seen.append, retry=0.2)
        deadline = time.monotonic() + 10
        while not seen and time.monotonic() < deadline:
            time.sleep(0.05)
        assert seen and seen[-1]["step"] == acked[0]
        # table 2 (students only) is being played by a thread when the server is killed
        free = tables[2]
        clients = {s["seat"]: TableClient(s["play"]) for s in free["seats"]}
        last_ack = [acked[2]]
        stop = threading.Event()

        def keep_playing() -> None:
            while not stop.is_set():
                try:
                    v = teachers[2].view()
                    if v["to_act"] is None:
                        return
                    me = clients[v["to_act"]].view()
                    after = clients[v["to_act"]].act(rng.choice(me["legal"]), me["step"])
                    last_ack[0] = after["step"]
                except Exception:  # the server has gone
                    return

        player = threading.Thread(target=keep_playing)
        player.start()
        time.sleep(0.6)
        server.kill()
        stop.set()
        player.join()
        n_seen = len(seen)
        restarted = start_server(tmp_path, db=server.db, port=server.port)
        try:
            after = [teacher.view() for teacher in teachers]
            for b, a in zip(before[:2], after[:2]):
                assert a == b  # the same step, hands, trick, log and scores
            # the table being played: at its last acknowledged step, or one on if an action
            # was stored but the answer was lost with the server
            assert after[2]["step"] in (last_ack[0], last_ack[0] + 1), (after[2]["step"], last_ack[0])
            assert after[2]["step"] > acked[2]
            # the follower reconnected by itself and was sent the table again
            deadline = time.monotonic() + 15
            while len(seen) == n_seen and time.monotonic() < deadline:
                time.sleep(0.05)
            assert len(seen) > n_seen and seen[-1]["step"] == acked[0]
            # play goes on from there
            v = teachers[0].view()
            me = TableClient(tables[0]["seats"][v["to_act"]]["play"]).view()
            assert http("POST", f"{restarted.url}api/tables/{tables[0]['table']}/actions",
                        {"code": tables[0]["seats"][v["to_act"]]["code"], "action": me["legal"][0],
                         "step": me["step"]})[0] == 200
            deadline = time.monotonic() + 10
            while seen[-1]["step"] <= acked[0] and time.monotonic() < deadline:
                time.sleep(0.05)
            assert seen[-1]["step"] > acked[0]
        finally:
            follower.stop()
            restarted.stop()
    finally:
        server.kill()
