"""Floods against the table server, over loopback: does a legitimate client still get its answers?

Target (the flood-resistant server): ``GET /healthz`` p99 ≤ 50 ms for a legitimate client on
127.0.0.1 while the server is under both attacks below at once.

A real server (``python -m cardkit serve``, computer delay 0, its own temporary SQLite file, its
output written to a log file) is started on a free port of 127.0.0.1 and one table (501, 3 seats)
is made with ``POST /api/tables`` and a teacher token (``--token`` is given to the server only when
its ``serve --help`` lists it, and always as ``$CARDKIT_TOKEN``; the ``Authorization: Bearer``
header is always sent; the server's runtime note is kept in the temporary directory). Then:

- baseline: the legitimate client, from 127.0.0.1, asks ``GET /healthz`` every 20 ms, each time
  over a fresh connection, for ``--seconds``; a request's time runs from connect to its whole
  response, and one that fails or takes longer than ``--probe-timeout`` is a failure;
- under attack: the same, for ``--seconds``, while another process (so that its work does not
  hold this one's interpreter) runs two attacks from the moment they start:
  A. ``--ws`` (500) WebSocket connections on ONE seat's code, from 127.0.0.2, each sending
     ``{"ping": n}`` ``--rate`` (20) times a second: how many opened, how many the server refused
     (and how) or closed (and with which close codes, after how long), pings sent, pongs answered;
  B. ``--slow`` (3,000) TCP connections from 127.0.0.3, each sending an unfinished request head and
     then one more header byte every ``--drip`` (3) seconds, never finishing (slowloris): how many
     connected, how many the server closed, after how many seconds, and what it said first;
- after: 2 s more of the legitimate client once the attackers have closed everything.

Per phase: requests, failures, p50 / p99 / max in ms (a failure counts as slower than any answer,
so a p99 that lands on one prints as ``>`` the probe timeout), the peak of the server's open file
descriptors (``/proc/PID/fd``, sampled every 0.2 s), the server's CPU share, and how much its log
grew (the old server wrote 82 MB of "Too many open files" in 10 s at ~20,000 connections); under
attack, these three run until the attackers have closed their connections.

This process raises its own open-file limit (soft to hard) for the attackers' sockets; the server
is left with the limit this script was started with, as it would have from this shell. The
attackers, the legitimate client and the server share this machine's cores, so the figures are
for the whole system. ``--old REV`` also measures git revision REV (checked out into a temporary
worktree, its server run the same way with this interpreter), old and new side by side. The whole
run is bounded by ``--timeout`` seconds (a server is always stopped, a worktree always removed).

Prints figures; asserts nothing.

    .venv/bin/python benchmarks/bench_flood.py [--seconds 20] [--old REV] [--timeout 120]
                                               [--ws 500] [--slow 3000] [--rate 20] [--drip 3]
                                               [--probe-timeout 1]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import http.client
import importlib.util
import json
import logging
import multiprocessing
import os
import random
import resource
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
T = TypeVar("T")
LEGIT, WS_FROM, SLOW_FROM = "127.0.0.1", "127.0.0.2", "127.0.0.3"
HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
SLOW_HEAD = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
#: The slow connections' drip, one byte at a time: header lines that never make an empty line.
DRIP = b"X-a: b\r\n"
#: Seconds allowed to open one attacking connection (TCP connect, or the WebSocket handshake).
OPEN_TIMEOUT = 10.0
#: Attacking connections being opened at once (each attack).
OPENING = 200
#: Seconds of the legitimate client after the attacks.
AFTER = 2.0
#: Bins of "seconds until the server closed it" (the last is open-ended).
BINS = (1, 2, 5, 10, 20, 30, 60)


class Deadline:
    """The whole run's deadline (``--timeout``)."""

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def left(self) -> float:
        return max(0.0, self.at - time.monotonic())


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LEGIT, 0))
        return int(s.getsockname()[1])


def pct(xs: list[float], p: float) -> float:
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def histogram(seconds: list[float]) -> str:
    """``"<1 s ×3, 5–10 s ×12"``: how many fell in each bin of :data:`BINS`."""
    if not seconds:
        return "-"
    counts: Counter[str] = Counter()
    order: list[str] = []
    for lo, hi in zip((0, *BINS), (*BINS, None)):
        order.append(f"<{hi} s" if lo == 0 else f"{lo}–{hi} s" if hi else f"≥{lo} s")
    for s in seconds:
        i = next((k for k, hi in enumerate(BINS) if s < hi), len(BINS))
        counts[order[i]] += 1
    return ", ".join(f"{name} ×{counts[name]}" for name in order if counts[name])


def counts(c: dict[Any, int]) -> str:
    return ", ".join(f"{k} ×{n}" for k, n in Counter(c).most_common()) if c else "-"


# --- the legitimate client and the watch on the server ----------------------------------------


def probe(port: int, timeout: float) -> tuple[float, str]:
    """One ``GET /healthz`` over a fresh connection from 127.0.0.1: (ms from connect to the whole
    response, "") or (inf, why it failed)."""
    t0 = time.perf_counter()
    end = t0 + timeout
    buf = b""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(LEGIT, 0)) as s:
            s.sendall(HEALTHZ)
            while True:
                left = end - time.perf_counter()
                if left <= 0:
                    return float("inf"), "timeout"
                s.settimeout(left)
                chunk = s.recv(4096)
                if not chunk:
                    break
                buf += chunk
                head, sep, body = buf.partition(b"\r\n\r\n")
                if sep:
                    length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")[1:]
                                   if line.lower().startswith(b"content-length:")), None)
                    if length is not None and len(body) >= length:
                        break
    except (TimeoutError, socket.timeout):
        return float("inf"), "timeout"
    except OSError as e:
        return float("inf"), type(e).__name__
    ms = (time.perf_counter() - t0) * 1000
    if not buf.startswith(b"HTTP/1.1 200"):
        return float("inf"), (buf.split(b"\r\n", 1)[0].decode("latin-1") or "no answer")
    return ms, ""


@dataclass
class Probes:
    """The legitimate client's requests in one phase."""

    ms: list[float] = field(default_factory=list)  # sorted at the end of the phase
    why: Counter[str] = field(default_factory=Counter)
    slowest: list[tuple[float, float]] = field(default_factory=list)  # (ms, seconds into the phase), 3 worst

    @property
    def failures(self) -> int:
        return sum(self.why.values())


def probe_phase(port: int, seconds: float, timeout: float, every: float = 0.02) -> Probes:
    """``GET /healthz`` every ``every`` seconds (the next one waits for the last) for ``seconds``."""
    out = Probes()
    start = time.monotonic()
    end = start + seconds
    next_at = start
    when: list[tuple[float, float]] = []
    while True:
        now = time.monotonic()
        if now >= end:
            break
        if next_at > now:
            time.sleep(min(next_at - now, end - now))
            continue
        ms, why = probe(port, timeout)
        out.ms.append(ms)
        when.append((ms, now - start))
        if why:
            out.why[why] += 1
        next_at = max(next_at + every, time.monotonic() - every)  # late: no burst to catch up
    out.ms.sort()
    out.slowest = sorted(when, reverse=True)[:3]
    return out


class Watch(threading.Thread):
    """Samples the server's open file descriptors and CPU time every 0.2 s; :meth:`mark` gives
    the peak descriptors and CPU seconds since the last mark."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.peak = self.fds()
        self.cpu_at = self.cpu()

    def fds(self) -> int:
        try:
            return len(os.listdir(f"/proc/{self.pid}/fd"))
        except OSError:
            return 0

    def cpu(self) -> float:
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            return self.cpu_at

    def run(self) -> None:
        while not self.stopping.wait(0.2):
            n = self.fds()
            with self.lock:
                self.peak = max(self.peak, n)

    def mark(self) -> tuple[int, float]:
        with self.lock:
            peak, self.peak = self.peak, self.fds()
        cpu, self.cpu_at = self.cpu() - self.cpu_at, self.cpu()
        return peak, cpu


# --- the attackers (in their own process) -------------------------------------------------------


@dataclass
class WsTally:
    """Attack A: WebSocket connections on one seat."""

    opened: int = 0
    refused: Counter[str] = field(default_factory=Counter)  # could not open: why
    closed: Counter[str] = field(default_factory=Counter)  # closed by the server during the run: close code
    closed_after: list[float] = field(default_factory=list)
    all_open_at: float = 0.0  # seconds from the start until the last opening ended
    sent: int = 0
    pongs: int = 0
    errors: Counter[str] = field(default_factory=Counter)  # {"error"} answers, by status
    other: int = 0  # any other message (the seat's view)
    stalled: int = 0  # a send that waited more than 5 s


@dataclass
class SlowTally:
    """Attack B: slow request heads."""

    connected: int = 0
    failed: Counter[str] = field(default_factory=Counter)  # could not connect: why
    closed_after: list[float] = field(default_factory=list)
    said: Counter[str] = field(default_factory=Counter)  # what the server sent before closing
    all_open_at: float = 0.0
    drips: int = 0


def plain(tally: WsTally | SlowTally) -> dict[str, Any]:
    """A tally's fields, its counters as plain dicts (``dataclasses.asdict`` would count a
    counter's items instead); :func:`tally_of` makes it again."""
    return {f.name: dict(v) if isinstance(v, Counter) else v
            for f in dataclasses.fields(tally) for v in [getattr(tally, f.name)]}


def tally_of(cls: type[T], d: dict[str, Any]) -> T:
    return cls(**{k: Counter(v) if isinstance(v, dict) else v for k, v in d.items()})


async def ws_attacker(uri: str, rate: float, tally: WsTally, gate: asyncio.Semaphore, start: float,
                      end: float) -> None:
    from websockets.asyncio.client import ClientConnection, connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

    loop = asyncio.get_running_loop()
    async with gate:
        try:
            ws: ClientConnection = await asyncio.wait_for(
                connect(uri, local_addr=(WS_FROM, 0), proxy=None, compression=None, ping_interval=None,
                        open_timeout=None, close_timeout=1, max_queue=None),
                min(OPEN_TIMEOUT, max(0.1, end - loop.time())))
        except InvalidStatus as e:
            tally.refused[f"HTTP {e.response.status_code}"] += 1
            return
        except asyncio.TimeoutError:
            tally.refused["timeout"] += 1
            return
        except (OSError, InvalidHandshake, EOFError) as e:
            tally.refused[type(e).__name__] += 1
            return
        finally:
            tally.all_open_at = max(tally.all_open_at, loop.time() - start)
    tally.opened += 1
    opened = loop.time()

    async def read() -> None:
        async for text in ws:
            try:
                msg = json.loads(text)
            except ValueError:
                msg = None
            if isinstance(msg, dict) and "pong" in msg:
                tally.pongs += 1
            elif isinstance(msg, dict) and "error" in msg:
                tally.errors[str(msg.get("status", "?"))] += 1
            else:
                tally.other += 1

    reader = asyncio.create_task(read())
    try:
        n = 0
        next_at = loop.time() + random.random() / rate
        while not reader.done():
            wait = min(next_at, end) - loop.time()
            if wait > 0:
                await asyncio.wait({reader}, timeout=wait)
                continue
            if loop.time() >= end:
                break
            try:
                await asyncio.wait_for(ws.send(json.dumps({"ping": n})), 5)
            except asyncio.TimeoutError:
                tally.stalled += 1
                break
            except ConnectionClosed:
                break
            tally.sent += 1
            n += 1
            next_at += 1 / rate
        if loop.time() < end:  # the server closed it (or broke it) before the end
            await asyncio.wait({reader}, timeout=2)
            rcvd = ws.protocol.close_rcvd
            tally.closed[str(rcvd.code) if rcvd else "1006 (no close frame)"] += 1
            tally.closed_after.append(loop.time() - opened)
    finally:
        try:
            await asyncio.wait_for(ws.close(), 2)
        except (asyncio.TimeoutError, OSError, ConnectionClosed):
            pass
        if ws.transport is not None:
            ws.transport.abort()
        reader.cancel()
        await asyncio.gather(reader, return_exceptions=True)


async def slow_attacker(port: int, drip: float, tally: SlowTally, gate: asyncio.Semaphore, start: float,
                        end: float) -> None:
    loop = asyncio.get_running_loop()
    async with gate:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=(SLOW_FROM, 0)),
                min(OPEN_TIMEOUT, max(0.1, end - loop.time())))
        except asyncio.TimeoutError:
            tally.failed["timeout"] += 1
            return
        except OSError as e:
            tally.failed[type(e).__name__] += 1
            return
        finally:
            tally.all_open_at = max(tally.all_open_at, loop.time() - start)
    tally.connected += 1
    opened = loop.time()

    async def watch() -> str:
        """What the server sent first (its status line), once it has closed the connection."""
        first = b""
        how = ""
        try:
            while True:
                chunk = await reader.read(4096)
                if not chunk:
                    break
                first = first or chunk
        except OSError as e:
            how = type(e).__name__
        said = first.split(b"\r\n", 1)[0].decode("latin-1") or "nothing"
        return f"{said} then {how}" if how else said

    watcher = asyncio.create_task(watch())
    try:
        writer.write(SLOW_HEAD)
        k = 0
        next_at = loop.time() + random.random() * drip
        while not watcher.done() and loop.time() < end:
            await asyncio.wait({watcher}, timeout=max(0.0, min(next_at, end) - loop.time()))
            if watcher.done() or loop.time() >= end:
                break
            if not writer.is_closing():
                writer.write(DRIP[k % len(DRIP):k % len(DRIP) + 1])
                tally.drips += 1
                k += 1
            next_at += drip
        if watcher.done():
            tally.closed_after.append(loop.time() - opened)
            tally.said[watcher.result()] += 1
    finally:
        watcher.cancel()
        await asyncio.gather(watcher, return_exceptions=True)
        writer.transport.abort()


async def attack(port: int, ws_uri: str, cfg: dict[str, Any], pipe: Connection) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    ws, slow = WsTally(), SlowTally()
    start = loop.time()
    end = start + cfg["seconds"]
    pipe.send("go")

    ws_gate, slow_gate = asyncio.Semaphore(OPENING), asyncio.Semaphore(OPENING)
    tasks = [asyncio.create_task(ws_attacker(ws_uri, cfg["rate"], ws, ws_gate, start, end))
             for _ in range(cfg["ws"])]
    tasks += [asyncio.create_task(slow_attacker(port, cfg["drip"], slow, slow_gate, start, end))
              for _ in range(cfg["slow"])]
    done, pending = await asyncio.wait(tasks, timeout=cfg["seconds"] + 8)
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    crashed = [repr(t.exception()) for t in done if not t.cancelled() and t.exception() is not None]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"ws": plain(ws), "slow": plain(slow), "crashed": crashed[:3],
            "n_crashed": len(crashed), "cancelled": len(pending),
            "cpu": usage.ru_utime + usage.ru_stime, "wall": loop.time() - start}


def attack_process(port: int, ws_uri: str, cfg: dict[str, Any], pipe: Connection) -> None:
    """The attackers' process: runs both attacks for ``cfg["seconds"]`` and sends back the tallies."""
    logging.getLogger("websockets").setLevel(logging.CRITICAL)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        result = asyncio.run(attack(port, ws_uri, cfg, pipe))
    except BaseException as e:  # reported by the parent, which prints figures either way
        result = {"error": repr(e)}
    pipe.send(result)
    pipe.close()


# --- one server ---------------------------------------------------------------------------------


@dataclass
class Tree:
    """A source tree whose server is measured."""

    label: str
    path: Path


@dataclass
class Phase:
    name: str
    probes: Probes
    fds: int
    cpu: float
    seconds: float
    log_grew: int


@dataclass
class Measured:
    tree: Tree
    about: str = ""
    phases: list[Phase] = field(default_factory=list)
    attacks: dict[str, Any] = field(default_factory=dict)
    log_top: str = ""
    fds_end: int = -1  # the server's open descriptors at the end of the "after" phase
    note: str = ""


def post_table(port: int, token: str) -> dict[str, Any]:
    """``POST /api/tables`` (501, 3 seats) with the teacher token; waits while it says 429."""
    for _ in range(50):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(LEGIT, 0))
        try:
            c.request("POST", "/api/tables", body=json.dumps({"game": "501", "players": 3}),
                      headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
            r = c.getresponse()
            status, data = r.status, r.read()
        finally:
            c.close()
        if status == 429:
            time.sleep(0.2)
            continue
        if status != 201:
            raise RuntimeError(f"POST /api/tables answered {status}: {data[:300]!r}")
        made: dict[str, Any] = json.loads(data)
        return made
    raise RuntimeError("the server kept refusing a new table (429)")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def log_summary(log: Path, since: int, most: int = 5 << 20) -> str:
    """The most frequent line the server wrote after byte ``since`` (in its next ``most`` bytes)."""
    try:
        with open(log, "rb") as f:
            f.seek(since)
            data = f.read(most)
    except OSError:
        return ""
    lines = Counter(line.strip()[:120] for line in data.decode("utf-8", "replace").splitlines() if line.strip())
    if not lines:
        return ""
    line, n = lines.most_common(1)[0]
    where = f" in its first {most >> 20} MB" if len(data) >= most else ""
    return f"{line!r} ×{n} (of {sum(lines.values())} lines{where})"


def measure(tree: Tree, args: argparse.Namespace, limit: tuple[int, int], deadline: Deadline) -> Measured:
    out = Measured(tree)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(tree.path)}
    which = subprocess.run([sys.executable, "-c", "import cardkit; print(cardkit.__file__)"], cwd=tree.path,
                           env=env, capture_output=True, text=True, timeout=max(1.0, min(60.0, deadline.left())))
    helps = subprocess.run([sys.executable, "-m", "cardkit", "serve", "--help"], cwd=tree.path, env=env,
                           capture_output=True, text=True, timeout=max(1.0, min(60.0, deadline.left())))
    token = secrets.token_urlsafe(24)
    takes_token = "--token" in helps.stdout
    with tempfile.TemporaryDirectory(prefix="cardkit-flood-") as tmp:
        port = free_port()
        log = Path(tmp) / "server.log"
        # the token also by $CARDKIT_TOKEN, and the server's runtime note (its address and token) kept here
        env.update(CARDKIT_TOKEN=token, CARDKIT_RUNTIME_DIR=str(Path(tmp) / "runtime"))
        argv = [sys.executable, "-m", "cardkit", "serve", "--host", "127.0.0.1", "--port", str(port),
                "--db", str(Path(tmp) / "tables.sqlite"), "--computer-delay", "0"]
        with open(log, "wb") as sink:
            proc = subprocess.Popen(argv + (["--token", token] if takes_token else []), cwd=tree.path, env=env,
                                    stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        watch: Watch | None = None
        try:
            try:  # the server gets the open-file limit this script was started with, not the raised one
                resource.prlimit(proc.pid, resource.RLIMIT_NOFILE, limit)
            except (OSError, ValueError):
                pass
            up = time.monotonic() + min(30.0, deadline.left())
            while time.monotonic() < up and proc.poll() is None and probe(port, 1.0)[1]:
                time.sleep(0.1)
            if proc.poll() is not None or probe(port, 1.0)[1]:
                tail = log.read_bytes()[-800:].decode("utf-8", "replace")
                out.note = f"the server did not answer /healthz (exit status {proc.poll()}): {tail}"
                return out
            try:
                limits = Path(f"/proc/{proc.pid}/limits").read_text().splitlines()
                server_limit = next(line.split()[3] for line in limits if line.startswith("Max open files"))
            except (OSError, StopIteration, IndexError):
                server_limit = "?"
            out.about = (f"cardkit from {which.stdout.strip() or which.stderr.strip()[-200:]}; --token "
                         f"{'given' if takes_token else 'not listed by serve --help'}; open-file limit {server_limit}")
            made = post_table(port, token)
            code = made["seats"][0]["code"]
            ws_uri = f"ws://127.0.0.1:{port}/api/tables/{made['table']}/ws?code={code}"
            watch = Watch(proc.pid)
            watch.start()

            def phase(name: str, t0: float, probes: Probes, size0: int) -> int:
                """Note a phase that began at ``t0``; the log's size now."""
                seconds = time.monotonic() - t0
                fds, cpu = watch.mark() if watch else (0, 0.0)
                size = log.stat().st_size
                out.phases.append(Phase(name, probes, fds, cpu, seconds, size - size0))
                return size

            size = log.stat().st_size
            t0 = time.monotonic()
            size = phase("baseline", t0,
                         probe_phase(port, min(args.seconds, deadline.left()), args.probe_timeout), size)
            if deadline.left() < args.seconds + 12:
                out.note = "the attacks were not run: --timeout would be passed"
                return out
            attack_from = size
            ctx = multiprocessing.get_context("spawn")
            mine, theirs = ctx.Pipe()
            cfg = {"seconds": args.seconds + 0.5, "ws": args.ws, "slow": args.slow, "rate": args.rate,
                   "drip": args.drip}
            child = ctx.Process(target=attack_process, args=(port, ws_uri, cfg, theirs), daemon=True)
            child.start()
            theirs.close()
            probes = Probes()
            try:
                if not mine.poll(min(30.0, deadline.left())):
                    out.note = "the attackers did not start"
                    return out
                mine.recv()
                t0 = time.monotonic()
                probes = probe_phase(port, min(args.seconds, deadline.left()), args.probe_timeout)
                if mine.poll(min(30.0, deadline.left())):
                    out.attacks = mine.recv()
                else:
                    out.attacks = {"error": "the attackers did not report in time"}
                child.join(timeout=5)
            except EOFError:
                out.attacks = {"error": f"the attackers' process died (exit code {child.exitcode})"}
            finally:
                if child.is_alive():
                    child.kill()
                    child.join(timeout=5)
                mine.close()
            # the phase's descriptors and CPU run until the attackers have closed their connections
            size = phase("under attack", t0, probes, size)
            out.log_top = log_summary(log, attack_from)
            t0 = time.monotonic()
            probes = probe_phase(port, min(AFTER, deadline.left()), args.probe_timeout)
            phase("after", t0, probes, size)
            out.fds_end = watch.fds()
            if proc.poll() is not None:
                out.note = f"the server exited with status {proc.returncode}"
        finally:
            if watch is not None:
                watch.stopping.set()
                watch.join(timeout=2)
            stop(proc)
    return out


# --- the report ---------------------------------------------------------------------------------


def fmt_ms(x: float, timeout: float) -> str:
    return f">{timeout * 1000:.0f}" if x == float("inf") else "-" if x != x else f"{x:.1f}"


def ws_rows(t: WsTally, seconds: float) -> list[tuple[str, str]]:
    errors = {f"status {k}": n for k, n in t.errors.items()}
    return [("opened", f"{t.opened} (all openings ended after {t.all_open_at:.1f} s)"),
            ("refused at opening", f"{sum(t.refused.values())}: {counts(t.refused)}"),
            ("closed by the server", f"{len(t.closed_after)}: {counts(t.closed)}"),
            ("seconds until closed", histogram(t.closed_after)),
            ("pings sent", f"{t.sent} ({t.sent / seconds:.0f}/s; {t.stalled} sends stalled)"),
            ("pongs answered", f"{t.pongs} ({t.pongs / max(t.sent, 1):.0%} of pings)"),
            ("error answers", f"{sum(t.errors.values())}: {counts(errors)}"),
            ("other messages", str(t.other))]


def slow_rows(t: SlowTally) -> list[tuple[str, str]]:
    return [("connected", f"{t.connected} (all openings ended after {t.all_open_at:.1f} s)"),
            ("could not connect", f"{sum(t.failed.values())}: {counts(t.failed)}"),
            ("closed by the server", str(len(t.closed_after))),
            ("seconds until closed", histogram(t.closed_after)),
            ("the server's last words", counts(t.said)),
            ("bytes dripped", str(t.drips))]


def side_by_side(title: str, runs: list[Measured], columns: list[list[tuple[str, str]] | None]) -> None:
    """One attack's figures, a column per server (``-`` where a server has none)."""
    labels = next(c for c in columns if c is not None)
    cells = [[""] + [r.tree.label for r in runs]]
    cells += [[label] + [c[i][1] if c is not None else "-" for c in columns] for i, (label, _) in enumerate(labels)]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    print()
    print(title)
    for row in cells:
        print("  " + "  │ ".join(f"{x:<{w}}" for x, w in zip(row, widths)).rstrip())


def report(runs: list[Measured], args: argparse.Namespace) -> None:
    for r in runs:
        print(f"{r.tree.label}: {r.about or '-'}")
        if r.note:
            print(f"  note: {r.note}")
    print()
    width = max(len(r.tree.label) for r in runs)
    print(f"{'phase':<13} {'server':<{width}} {'requests':>8} {'failures':>8} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} {'peak fds':>8} {'CPU':>5} {'log grew':>10}  failed how")
    names = ["baseline", "under attack", "after"]
    for name in names:
        for r in runs:
            p = next((x for x in r.phases if x.name == name), None)
            if p is None:
                continue
            xs = p.probes.ms
            print(f"{name:<13} {r.tree.label:<{width}} {len(xs):8d} {p.probes.failures:8d} "
                  f"{fmt_ms(pct(xs, 50), args.probe_timeout):>7} {fmt_ms(pct(xs, 99), args.probe_timeout):>7} "
                  f"{fmt_ms(xs[-1] if xs else float('nan'), args.probe_timeout):>7} {p.fds:8d} "
                  f"{100 * p.cpu / max(p.seconds, 1e-9):4.0f}% {p.log_grew:>10,d}  {counts(p.probes.why)}")
    print("target: /healthz p99 ≤ 50 ms under attack")
    for r in runs:
        p = next((x for x in r.phases if x.name == "under attack"), None)
        if p and p.probes.slowest:
            print(f"{r.tree.label}: the slowest under attack: " + ", ".join(
                f"{fmt_ms(x, args.probe_timeout)} ms at {at:.1f} s" for x, at in p.probes.slowest))
    if not any("ws" in r.attacks for r in runs):
        for r in runs:
            if "error" in r.attacks:
                print(f"{r.tree.label}: attackers: {r.attacks['error']}")
        return
    seconds = args.seconds + 0.5
    side_by_side(f"attack A: {args.ws} WebSockets on one seat's code from {WS_FROM}, {args.rate:g} pings/s "
                 f"each, {seconds:g} s", runs,
                 [ws_rows(tally_of(WsTally, r.attacks["ws"]), seconds) if "ws" in r.attacks else None
                  for r in runs])
    side_by_side(f"attack B: {args.slow} slow request heads from {SLOW_FROM}, one more header byte every "
                 f"{args.drip:g} s, {seconds:g} s", runs,
                 [slow_rows(tally_of(SlowTally, r.attacks["slow"])) if "slow" in r.attacks else None
                  for r in runs])
    print()
    for r in runs:
        a = r.attacks
        if "error" in a:
            print(f"{r.tree.label}: attackers: {a['error']}")
        elif a:
            print(f"{r.tree.label}: attackers' process used {a['cpu']:.1f} s of CPU in {a['wall']:.1f} s"
                  + (f"; {a['n_crashed']} attacker tasks failed, e.g. {a['crashed']}" if a["n_crashed"] else "")
                  + (f"; {a['cancelled']} cancelled at the end" if a["cancelled"] else ""))
        if r.fds_end >= 0:
            print(f"{r.tree.label}: the server held {r.fds_end} descriptors at the end, {AFTER:g} s after the "
                  "attackers closed theirs")
        if r.log_top:
            print(f"{r.tree.label}: the server's most frequent log line under attack: {r.log_top}")


def raise_nofile(need: int) -> tuple[tuple[int, int], str]:
    """Raise this process's open-file soft limit to the hard limit; (the limit before, a note)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ValueError, OSError) as e:
        want = soft
        note = f"could not raise the open-file limit ({e}); it stays {soft}"
    else:
        note = f"open-file limit of the clients {want} (was {soft})"
    if want < need:
        note += f"; TOO LOW for the {need} sockets of the attacks: some will fail to open"
    return (soft, hard), note


def old_tree(rev: str, tmp: Path) -> Tree:
    path = tmp / "old"
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev], check=True, capture_output=True,
                         text=True).stdout.strip()
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(path), rev], check=True)
    return Tree(f"old {rev} ({sha})", path)


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="seconds of each phase (baseline, under attack)")
    ap.add_argument("--old", default=None, help="a git revision whose server is measured too, e.g. HEAD~3")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds the whole run may take")
    ap.add_argument("--ws", type=int, default=500, help="WebSocket connections of attack A")
    ap.add_argument("--rate", type=float, default=20.0, help="pings a second on each of them")
    ap.add_argument("--slow", type=int, default=3000, help="slow connections of attack B")
    ap.add_argument("--drip", type=float, default=3.0, help="seconds between two bytes on each slow connection")
    ap.add_argument("--probe-timeout", type=float, default=1.0, help="seconds before a /healthz request fails")
    args = ap.parse_args()
    deadline = Deadline(args.timeout)
    limit, note = raise_nofile(args.ws + args.slow + 100)
    spec = importlib.util.find_spec("cardkit")
    here = Path(spec.origin).resolve().parents[1] if spec and spec.origin else ROOT
    print(f"floods on the table server over loopback; {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}; {args.seconds:g} s per phase; {note}; the servers keep {limit[0]}")
    tmp = Path(tempfile.mkdtemp(prefix="cardkit-flood-old-"))
    trees: list[Tree] = []
    runs: list[Measured] = []
    try:
        if args.old:
            trees.append(old_tree(args.old, tmp))
        trees.append(Tree("new (this tree)" if args.old else "this tree", here))
        for tree in trees:
            if deadline.left() < 2 * args.seconds + AFTER + 12:  # a server's whole measure
                runs.append(Measured(tree, note="not measured: --timeout reached"))
                continue
            runs.append(measure(tree, args, limit, deadline))
    finally:
        if args.old:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tmp / "old")],
                           check=False, capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    report(runs, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
