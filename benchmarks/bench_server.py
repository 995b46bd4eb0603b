"""Load on the table server, over loopback: scripted clients play whole hands at many tables.

Target (issue 16): with 50 tables × 4 seats playing at once on this 2-core machine, p99 ≤ 50 ms
from an action being sent to every seat of its table holding the update.

A real server (``python -m cardkit serve``, computer delay 0) is started on a free port of
127.0.0.1 with a fresh SQLite file. Each table is a four-handed Five Hundred table whose four seats
are scripted clients, each with its own WebSocket: the seat to act sends a random legal action
("pass" half the time it may) with the step it saw, at once, and every seat notes when each step's
view reaches it. Each table plays ``--hands`` hands (the same seat deals the next), and the whole
run is bounded by ``--timeout`` seconds. Figures: actions per second over the run, and the p50 /
p90 / p99 / max time from an action sent to its update held by every seat of the table. Two runs
are compared: the default store (``synchronous=NORMAL``, which survives the server being killed)
and ``--durable`` (``synchronous=FULL``, one disk flush per action). The clients share the two
cores with the server, so the figures are for the whole system.

With ``--think 0`` (the default) every table has an action in flight at all times, so the server is
saturated and the latency is mostly queueing (Little's law: 50 actions waiting / the steps per
second); ``--think T`` makes each seat wait about T seconds (0.5 T to 1.5 T) before acting, as
people do, and measures the latency at that pace.

Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_server.py [--tables 50] [--hands 2] [--timeout 120] [--only normal|durable]
                                                [--think 0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> Any:
    """POST ``body``; waits and tries again while the server's rate limit says 429."""
    import urllib.error

    for _ in range(50):
        req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as e:
            if e.code != 429:
                raise
            time.sleep(0.1)
    raise RuntimeError("the server kept refusing new tables")


class Table:
    """One table's bookkeeping: when each step was asked for and when each seat saw it."""

    def __init__(self, made: dict[str, Any], hands: int) -> None:
        self.id = made["table"]
        self.codes = [s["code"] for s in made["seats"]]
        self.hands = hands
        self.sent: dict[int, float] = {}
        self.seen: dict[int, list[float]] = {}
        self.done = asyncio.Event()
        self.actions = 0
        self.refused = 0


async def seat_client(port: int, table: Table, seat: int, rng: random.Random, deadline: float,
                      think: float = 0.0) -> None:
    from websockets.asyncio.client import connect

    url = f"ws://127.0.0.1:{port}/api/tables/{table.id}/ws?code={table.codes[seat]}"
    async with connect(url, max_queue=None, compression=None) as ws:
        while not table.done.is_set() and time.perf_counter() < deadline:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except asyncio.TimeoutError:
                continue
            now = time.perf_counter()
            msg = json.loads(text)
            if "view" not in msg:
                table.refused += 1
                continue
            v = msg["view"]
            table.seen.setdefault(v["step"], []).append(now)
            legal = v["legal"]
            if v["over"]:  # the match ended with this hand (e.g. a failed misère: -500)
                table.done.set()
                continue
            if legal == ["next hand"]:
                if v["hand"] >= table.hands or v["over"]:
                    table.done.set()
                elif seat == 0:
                    table.sent[v["step"] + 1] = time.perf_counter()
                    await ws.send(json.dumps({"action": "next hand", "step": v["step"]}))
                continue
            if legal and v["to_act"] == seat:
                pick = "pass" if "pass" in legal and rng.random() < 0.5 else rng.choice(legal)
                if think > 0:  # a person's pause before acting (the update was already timed)
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                table.sent[v["step"] + 1] = time.perf_counter()
                table.actions += 1
                await ws.send(json.dumps({"action": pick, "step": v["step"]}))


def start(port: int, db: Path, durable: bool) -> subprocess.Popen[bytes]:
    argv = [sys.executable, "-m", "cardkit", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db),
            "--computer-delay", "0"] + (["--durable"] if durable else [])
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


async def run(port: int, n_tables: int, hands: int, timeout: float, think: float) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}/"
    tables = [Table(post(base + "api/tables", {"game": "500", "players": 4, "seed": i}), hands)
              for i in range(n_tables)]
    rng = random.Random(16)
    t0 = time.perf_counter()
    deadline = t0 + timeout
    await asyncio.gather(*(seat_client(port, t, s, random.Random(rng.random()), deadline, think)
                           for t in tables for s in range(4)))
    wall = time.perf_counter() - t0
    lat = []
    for t in tables:
        for step, at in t.sent.items():
            got = t.seen.get(step, [])
            if len(got) == 4:
                lat.append((max(got) - at) * 1000)
    steps = sum(len(t.sent) for t in tables)
    return {"wall": wall, "steps": steps, "lat": sorted(lat), "finished": sum(t.done.is_set() for t in tables),
            "refused": sum(t.refused for t in tables)}


def pct(xs: list[float], p: float) -> float:
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--hands", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--only", choices=["normal", "durable"])
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a seat waits before acting (0: at once, the server saturated)")
    args = ap.parse_args()
    print(f"{args.tables} tables × 4 seats (Five Hundred), {args.hands} hands each, over loopback; "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; think time {args.think} s")
    print(f"{'store':<28} {'steps/s':>8} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} {'max ms':>7}  tables done")
    for name, durable in (("synchronous=NORMAL", False), ("synchronous=FULL (--durable)", True)):
        if args.only and args.only != ("durable" if durable else "normal"):
            continue
        with tempfile.TemporaryDirectory() as tmp:
            port = free_port()
            proc = start(port, Path(tmp) / "bench.sqlite", durable)
            try:
                r = asyncio.run(run(port, args.tables, args.hands, args.timeout, args.think))
            finally:
                proc.terminate()
                proc.wait(timeout=10)
        lat = r["lat"]
        print(f"{name:<28} {r['steps'] / r['wall']:8.0f} {pct(lat, 50):7.1f} {pct(lat, 90):7.1f} {pct(lat, 99):7.1f} "
              f"{(lat[-1] if lat else float('nan')):7.1f}  {r['finished']}/{args.tables} "
              f"({r['steps']} steps in {r['wall']:.1f} s; {r['refused']} refused)")
    print("target: p99 ≤ 50 ms from an action to every seat's update")
    return 0


if __name__ == "__main__":
    sys.exit(main())
