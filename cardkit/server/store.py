"""The table server's database: one SQLite file (the standard library's :mod:`sqlite3`, WAL mode).

Its tables:

- ``tables``: one row per card table: its id, game, number of players, rule options (JSON), seat
  names (JSON), seed (the shuffles' seed, as hexadecimal text ``0x…``: up to 128 bits, more than
  an SQLite integer holds; SQLite keeps hexadecimal text as text even in an older file's INTEGER
  column), computer seats (JSON), the teacher's code, when it was made, and its class
  (``class_id``, ``NULL`` for a lone table; a file of an earlier version gains the column when
  the store opens it);
- ``classes``: one row per class (docs/server.md §10): its id, its settings (JSON: ``lang``,
  ``same_deals``, ``go_on``, ``paused``, ``hands``) and when it was made;
- ``refusal_counts``: how many actions of each seat were refused 409 by each rule or for its
  turn: the table, the seat, the rule item (``rules.md 500 §8``), the rule's name in the game's
  rule table (``follow-suit``; ``""`` when it has none), the count and the time of the last one:
  one row per seat and rule, however many refusals (a seat cannot grow the file by sending them);
- ``seats``: one row per seat: the table, the seat number and the seat's code;
- ``steps``: every accepted action, numbered from 1 per table: the seat that took it (``-1`` for
  the teacher) and its text (an engine action, or ``next hand``, which deals the next hand);
- ``server``: the server's own secrets: ``deal_secret``, mixed with a seed the teacher types so
  that nobody who learns the number can work out the deal (docs/server.md §3).

An action is written in the transaction that accepts it, and the transaction is committed before
any client is told (see :meth:`Store.add_step`). A table is rebuilt after a restart by replaying
its steps through the engine, so the database holds only what the rules cannot recompute.

Durability: ``synchronous=NORMAL`` (the default here) survives the server process being killed at
any moment; ``synchronous=FULL`` (``durable=True``) also survives the machine losing power, at the
cost of one disk flush per action.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import CardkitError

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    names TEXT NOT NULL,
    seed TEXT NOT NULL,
    computer TEXT NOT NULL,
    teacher TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    code TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS server (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS classes (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS refusal_counts (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    rule TEXT NOT NULL,
    rule_name TEXT NOT NULL,
    n INTEGER NOT NULL,
    last REAL NOT NULL,
    PRIMARY KEY (table_id, seat, rule, rule_name)
);
"""


class StoreError(CardkitError):
    """The database file cannot be used: the message says why and what to do."""


@dataclass
class TableRow:
    """A stored table: what :class:`cardkit.server.tables.Room` needs to rebuild it."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    names: list[str]
    seed: int
    computer: list[int]
    teacher: str
    codes: list[str]
    steps: list[tuple[int, str]]
    #: When the table was made and when its last step was taken (Unix seconds).
    created: float = 0.0
    last: float = 0.0
    #: The class the table belongs to (docs/server.md §10), or ``None`` for a lone table.
    class_id: str | None = None


@dataclass
class ClassRow:
    """A stored class: its id, its settings (``lang``, ``same_deals``, ``go_on``, ``paused``,
    ``hands``) and its tables' ids in order (table 1 first)."""

    id: str
    settings: dict[str, Any]
    tables: list[str]
    created: float = 0.0


class Store:
    """The server's SQLite file. Used from the server's one event-loop thread only.

    Args:
        path: the database file (created if missing), or ``":memory:"`` for a throw-away store.
        durable: ``synchronous=FULL`` (flush to disk at every commit) instead of ``NORMAL``.
    """

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        check_path(self.path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            self._migrate()
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path} is not a table server's database ({e}): give --db a new file name "
                             "or a file the server made") from None
        #: Mixed with a seed the teacher types before it shuffles (made once per database).
        self.deal_secret = self._secret("deal_secret")

    def _migrate(self) -> None:
        """Bring a file of an earlier version up to this one: its ``tables`` gain ``class_id``."""
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        if "class_id" not in columns:
            self.db.execute("ALTER TABLE tables ADD COLUMN class_id TEXT")

    def _secret(self, key: str) -> bytes:
        """The server secret ``key`` (32 random bytes, made and stored on first use)."""
        with self._transaction():
            row = self.db.execute("SELECT value FROM server WHERE key = ?", (key,)).fetchone()
            if row is None:
                value = secrets.token_hex(32)
                self.db.execute("INSERT INTO server (key, value) VALUES (?, ?)", (key, value))
            else:
                value = str(row[0])
        return bytes.fromhex(value)

    def journal_mode(self) -> str:
        """The journal mode in use (``"wal"``; ``"memory"`` for an in-memory store)."""
        return str(self.db.execute("PRAGMA journal_mode").fetchone()[0])

    def add_table(self, row: TableRow) -> None:
        """Store a new table and its seats' codes in one transaction."""
        with self._transaction():
            self._insert_table(row)

    def _insert_table(self, row: TableRow) -> None:
        self.db.execute(
            "INSERT INTO tables (id, game, players, options, names, seed, computer, teacher, created, class_id) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.id, row.game, row.players, json.dumps(row.options), json.dumps(row.names), hex(row.seed),
             json.dumps(row.computer), row.teacher, time.time(), row.class_id))
        self.db.executemany("INSERT INTO seats (table_id, seat, code) VALUES (?, ?, ?)",
                            [(row.id, s, c) for s, c in enumerate(row.codes)])

    def add_class(self, row: ClassRow, tables: list[TableRow]) -> None:
        """Store a new class and all its tables (each with its ``class_id``) in one transaction."""
        with self._transaction():
            self.db.execute("INSERT INTO classes (id, settings, created) VALUES (?, ?, ?)",
                            (row.id, json.dumps(row.settings), row.created or time.time()))
            for t in tables:
                self._insert_table(t)

    def set_class(self, class_id: str, settings: dict[str, Any]) -> None:
        """Store a class's settings (after a pause, a resume, the hands shown or hidden)."""
        with self._transaction():
            self.db.execute("UPDATE classes SET settings = ? WHERE id = ?", (json.dumps(settings), class_id))

    def classes(self) -> list[ClassRow]:
        """Every stored class with its tables' ids (in the order they were made), oldest first."""
        out = []
        for cid, settings, created in self.db.execute("SELECT id, settings, created FROM classes ORDER BY created"):
            ids = [t for (t,) in self.db.execute(
                "SELECT id FROM tables WHERE class_id = ? ORDER BY created, rowid", (cid,))]
            out.append(ClassRow(cid, json.loads(settings), ids, float(created)))
        return out

    def add_refusal(self, table_id: str, seat: int, rule: str, rule_name: str | None) -> None:
        """Count a seat's refused action under its table, seat, rule item and rule name (one row
        per seat and rule, its count and the time of the last one)."""
        with self._transaction():
            self.db.execute("INSERT INTO refusal_counts (table_id, seat, rule, rule_name, n, last) "
                            "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (table_id, seat, rule, rule_name) "
                            "DO UPDATE SET n = n + 1, last = excluded.last",
                            (table_id, seat, rule, rule_name or "", time.time()))

    def refusals(self, table_ids: list[str]) -> dict[str, dict[tuple[str, str | None], int]]:
        """How many refusals each of ``table_ids`` has, by rule item and rule name:
        ``{table: {(rule, rule_name): n}}`` (``rule_name`` ``None`` when none was stored)."""
        out: dict[str, dict[tuple[str, str | None], int]] = {t: {} for t in table_ids}
        marks = ", ".join("?" * len(table_ids))
        for tid, rule, name, n in self.db.execute(
                f"SELECT table_id, rule, rule_name, SUM(n) FROM refusal_counts WHERE table_id IN ({marks}) "
                "GROUP BY table_id, rule, rule_name ORDER BY table_id, rule, rule_name", table_ids):
            out[tid][rule, name or None] = n
        return out

    def seat_refusals(self, table_id: str) -> dict[int, dict[tuple[str, str | None], int]]:
        """Each seat's refusals at ``table_id``, by rule item and rule name (a seat's progress on
        the class server): ``{seat: {(rule, rule_name): n}}``, only the seats refused at least once."""
        out: dict[int, dict[tuple[str, str | None], int]] = {}
        for seat, rule, name, n in self.db.execute(
                "SELECT seat, rule, rule_name, n FROM refusal_counts WHERE table_id = ? "
                "ORDER BY seat, rule, rule_name", (table_id,)):
            out.setdefault(seat, {})[rule, name or None] = n
        return out

    def add_step(self, table_id: str, n: int, seat: int, action: str) -> None:
        """Store step ``n`` of a table and commit, before the caller tells anyone.

        Raises:
            sqlite3.IntegrityError: step ``n`` is already stored (another writer got there first);
                nothing is written.
        """
        with self._transaction():
            self.db.execute("INSERT INTO steps (table_id, n, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                            (table_id, n, seat, action, time.time()))

    def tables(self) -> list[TableRow]:
        """Every stored table with its codes and steps, oldest first."""
        out = []
        for tid, game, players, options, names, seed, computer, teacher, created, class_id in self.db.execute(
                "SELECT id, game, players, options, names, seed, computer, teacher, created, class_id FROM tables "
                "ORDER BY created"):
            codes = [c for (c,) in self.db.execute("SELECT code FROM seats WHERE table_id = ? ORDER BY seat", (tid,))]
            steps = [(s, a) for s, a in self.db.execute(
                "SELECT seat, action FROM steps WHERE table_id = ? ORDER BY n", (tid,))]
            last = self.db.execute("SELECT MAX(at) FROM steps WHERE table_id = ?", (tid,)).fetchone()[0]
            out.append(TableRow(tid, game, players, json.loads(options), json.loads(names), _seed(seed),
                                json.loads(computer), teacher, codes, steps, float(created),
                                float(last if last is not None else created), class_id))
        return out

    def summaries(self) -> list[dict[str, Any]]:
        """Every stored table in brief, oldest first: ``id``, ``game``, ``players``, ``names``,
        ``steps`` (how many), ``created`` and ``last`` (its last action, or when it was made; Unix
        seconds). For ``cardkit tables list``, without rebuilding any match."""
        rows = self.db.execute(
            "SELECT t.id, t.game, t.players, t.names, t.created, COUNT(s.n), MAX(s.at) FROM tables t "
            "LEFT JOIN steps s ON s.table_id = t.id GROUP BY t.id ORDER BY t.created")
        return [{"id": tid, "game": game, "players": players, "names": json.loads(names), "steps": n,
                 "created": created, "last": last if last is not None else created}
                for tid, game, players, names, created, n, last in rows]

    def table_ids(self) -> set[str]:
        """The ids of the stored tables."""
        return {tid for (tid,) in self.db.execute("SELECT id FROM tables")}

    def delete_table(self, table_id: str) -> bool:
        """Delete a table, its seats and its steps in one transaction; False if there was none."""
        with self._transaction():
            self.db.execute("DELETE FROM steps WHERE table_id = ?", (table_id,))
            self.db.execute("DELETE FROM refusal_counts WHERE table_id = ?", (table_id,))
            self.db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            gone = self.db.execute("DELETE FROM tables WHERE id = ?", (table_id,)).rowcount
        return bool(gone)

    def close(self) -> None:
        """Close the database file."""
        self.db.close()

    def _transaction(self) -> "_Tx":
        return _Tx(self.db)


def _seed(stored: Any) -> int:
    """A stored seed: hexadecimal text (``0x…``), or an integer in a file of an earlier version."""
    return stored if isinstance(stored, int) else int(str(stored), 0)


def check_path(path: str) -> None:
    """Refuse a database path the server cannot use, before SQLite opens it: a folder, a device
    or pipe (``/dev/zero``), or a file in a folder that does not exist. ``":memory:"`` is allowed.

    Raises:
        StoreError: naming the path and what to give instead.
    """
    if path == ":memory:":
        return
    p = Path(path)
    if p.exists():
        mode = p.stat().st_mode
        if stat.S_ISDIR(mode):
            raise StoreError(f"{path} is a folder: give --db a file name, e.g. {p / 'cardkit-tables.sqlite'}")
        if not stat.S_ISREG(mode):
            raise StoreError(f"{path} is not a regular file (a device or a pipe): give --db a file name")
    elif not p.parent.is_dir():
        raise StoreError(f"the folder {p.parent} does not exist: make it, or give --db a file in a folder that does")


class _Tx:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")
