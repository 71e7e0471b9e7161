"""Every table in SQLite (stdlib sqlite3): its settings, its seats' token digests and its record,
written after each action, so that a server stopped and started again resumes every table.

What is stored is data (JSON and text), read back through ruledsl.records' checks; the
tokens themselves are not stored, only their SHA-256 digests (a copy of the file gives
nobody a seat).
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from typing import Optional

import attrs

from .. import records

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,          -- the rules file's absolute path, as the host served it
    kinds TEXT NOT NULL,         -- JSON: who plays each seat ("human" or a bot's spec)
    digests TEXT NOT NULL,       -- JSON: the SHA-256 of each seat's token ("" for a bot's seat)
    record TEXT NOT NULL,        -- JSON: the game's record (ruledsl.records), after its latest action
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
)
"""


@attrs.define
class Saved:
    """One table as stored: id, rules path, kinds, token digests, record, creation time."""
    id: str
    game: str
    kinds: list
    digests: list
    record: dict
    created: float = 0.0


class Store:
    """The tables' database at path (":memory:" for none kept). Used from the event loop's thread."""

    def __init__(self, path: str):
        self.path = path
        if path != ":memory:":
            folder = os.path.dirname(os.path.abspath(path))
            os.makedirs(folder, exist_ok=True)
            if not os.path.exists(path):
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))   # the host's alone
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")     # WAL: a crash loses at most the last commits, never the file
        self.db.execute(SCHEMA)

    def add(self, saved: Saved) -> None:
        now = time.time()
        self.db.execute("INSERT INTO tables (id, game, kinds, digests, record, created, updated, finished) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
                        (saved.id, saved.game, json.dumps(saved.kinds), json.dumps(saved.digests),
                         json.dumps(saved.record), saved.created or now, now))

    def update(self, table_id: str, record: dict) -> None:
        """The table's record after its latest action."""
        self.db.execute("UPDATE tables SET record = ?, updated = ?, finished = ? WHERE id = ?",
                        (json.dumps(record), time.time(), int(record.get("returns") is not None), table_id))

    def all(self) -> list:
        """Every stored table, oldest first; a row that is damaged is left out (and said in problems)."""
        out, self.problems = [], []
        for row in self.db.execute("SELECT id, game, kinds, digests, record, created FROM tables ORDER BY created"):
            try:
                saved = _read(row)
            except (ValueError, TypeError, KeyError) as err:
                self.problems.append(f"table {str(row[0])[:40]!r}: {err}")
                continue
            out.append(saved)
        return out

    def get(self, table_id: str) -> Optional[Saved]:
        row = self.db.execute("SELECT id, game, kinds, digests, record, created FROM tables WHERE id = ?",
                              (table_id,)).fetchone()
        return _read(row) if row else None

    def close(self) -> None:
        self.db.close()


def _read(row) -> Saved:
    table_id, game, kinds, digests, record, created = row
    kinds, digests, record = json.loads(kinds), json.loads(digests), json.loads(record)
    if not (isinstance(kinds, list) and all(isinstance(k, str) for k in kinds)):
        raise ValueError("its seats are not a list of texts")
    if not (isinstance(digests, list) and len(digests) == len(kinds) and all(isinstance(d, str) for d in digests)):
        raise ValueError("its tokens do not match its seats")
    try:
        records.check(record)
    except Exception as err:        # a RulesError saying what is wrong
        raise ValueError(f"its record: {err}") from None
    return Saved(str(table_id), str(game), kinds, digests, record, float(created))
