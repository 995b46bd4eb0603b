"""The table server's database: one SQLite file (the standard library's :mod:`sqlite3`, WAL mode).

Three tables:

- ``tables``: one row per card table: its id, game, number of players, rule options (JSON), seat
  names (JSON), seed, computer seats (JSON), the teacher's code and when it was made;
- ``seats``: one row per seat: the table, the seat number and the seat's code;
- ``steps``: every accepted action, numbered from 1 per table: the seat that took it (``-1`` for
  the teacher) and its text (an engine action, or ``next hand``, which deals the next hand).

An action is written in the transaction that accepts it, and the transaction is committed before
any client is told (see :meth:`Store.add_step`). A table is rebuilt after a restart by replaying
its steps through the engine, so the database holds only what the rules cannot recompute.

Durability: ``synchronous=NORMAL`` (the default here) survives the server process being killed at
any moment; ``synchronous=FULL`` (``durable=True``) also survives the machine losing power, at the
cost of one disk flush per action.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    names TEXT NOT NULL,
    seed INTEGER NOT NULL,
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
"""


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


class Store:
    """The server's SQLite file. Used from the server's one event-loop thread only.

    Args:
        path: the database file (created if missing), or ``":memory:"`` for a throw-away store.
        durable: ``synchronous=FULL`` (flush to disk at every commit) instead of ``NORMAL``.
    """

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def journal_mode(self) -> str:
        """The journal mode in use (``"wal"``; ``"memory"`` for an in-memory store)."""
        return str(self.db.execute("PRAGMA journal_mode").fetchone()[0])

    def add_table(self, row: TableRow) -> None:
        """Store a new table and its seats' codes in one transaction."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables (id, game, players, options, names, seed, computer, teacher, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.game, row.players, json.dumps(row.options), json.dumps(row.names), row.seed,
                 json.dumps(row.computer), row.teacher, time.time()))
            self.db.executemany("INSERT INTO seats (table_id, seat, code) VALUES (?, ?, ?)",
                                [(row.id, s, c) for s, c in enumerate(row.codes)])

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
        for tid, game, players, options, names, seed, computer, teacher in self.db.execute(
                "SELECT id, game, players, options, names, seed, computer, teacher FROM tables ORDER BY created"):
            codes = [c for (c,) in self.db.execute("SELECT code FROM seats WHERE table_id = ? ORDER BY seat", (tid,))]
            steps = [(s, a) for s, a in self.db.execute(
                "SELECT seat, action FROM steps WHERE table_id = ? ORDER BY n", (tid,))]
            out.append(TableRow(tid, game, players, json.loads(options), json.loads(names), seed,
                                json.loads(computer), teacher, codes, steps))
        return out

    def step_count(self, table_id: str) -> int:
        """How many steps of a table are stored."""
        return int(self.db.execute("SELECT COUNT(*) FROM steps WHERE table_id = ?", (table_id,)).fetchone()[0])

    def close(self) -> None:
        """Close the database file."""
        self.db.close()

    def _transaction(self) -> "_Tx":
        return _Tx(self.db)


class _Tx:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        self.db.execute("ROLLBACK" if kind is not None else "COMMIT")
