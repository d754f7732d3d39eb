"""The session file's rows as plain records, and the one way to change them: a transaction.

:class:`Store` owns the SQLite connection (autocommit mode, WAL, ``synchronous=FULL``,
foreign keys on, a 10 s busy timeout). Reads return records; writes happen only inside
:meth:`Store.transaction`, which opens ``BEGIN IMMEDIATE``, checks that this writer still
holds the lock, refreshes its heartbeat and commits before returning - the moment a
change is done. The schema is :mod:`.schema`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import lock
from .decisions import Decision
from .errors import SchemaError, SessionError
from .schema import ReviewStatus, migrate, schema_version

__all__ = [
    "DecisionRecord",
    "EventRecord",
    "FileRecord",
    "SentenceRecord",
    "Store",
    "utc_now",
]

Clock = Callable[[], str]


def utc_now() -> str:
    """The current UTC time as ISO 8601 with milliseconds and a ``Z``."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class FileRecord:
    annotator: str
    position: int
    path: str
    sha256: str
    is_gold: bool


@dataclass(frozen=True)
class SentenceRecord:
    index: int
    id: str | None
    status: ReviewStatus
    notes: str
    decided_by: str | None
    start: str | None
    updated_at: str | None

    @classmethod
    def of_row(cls, row: tuple) -> SentenceRecord:
        """A ``sentences`` row, its stored status word read as a :class:`ReviewStatus`."""
        index, sid, status, *rest = row
        return cls(index, sid, ReviewStatus(status), *rest)


@dataclass(frozen=True)
class DecisionRecord:
    id: int
    sentence: int
    decision: Decision
    author: str
    state: str  # active | undone | discarded
    made_at: str | None


@dataclass(frozen=True)
class EventRecord:
    id: int
    at: str | None
    author: str
    sentence: int | None
    action: str
    decision: int | None
    detail: dict[str, Any]


def connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(str(path), isolation_level=None, timeout=10.0)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = FULL")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


class Store:
    """A session file, opened; ``token`` is this writer's lock (None: read only)."""

    def __init__(self, path: Path, connection: sqlite3.Connection, clock: Clock):
        self.path = path
        self.connection = connection
        self.clock = clock
        self.token: str | None = None

    @classmethod
    def open(cls, path: str | Path, clock: Clock = utc_now, create: bool = False) -> Store:
        """Open (``create``: make) the file and bring its schema up to date."""
        path = Path(path)
        if create and path.exists():
            raise SessionError(f"{path}: a file is already there; open it, or choose another name")
        if not create and not path.is_file():
            raise SessionError(f"{path}: no session file there")
        try:
            connection = connect(path)
            if not create and schema_version(connection) == 0:
                connection.close()
                raise SchemaError(f"{path}: not a session file (it holds no session)")
            migrate(connection, path)
        except sqlite3.OperationalError as error:
            raise SessionError(f"{path}: cannot open: {error}") from None
        except sqlite3.DatabaseError as error:
            raise SchemaError(f"{path}: not a session file ({error})") from None
        return cls(path, connection, clock)

    def close(self) -> None:
        if self.connection.in_transaction:  # a reader's snapshot
            self.connection.execute("ROLLBACK")
        if self.token is not None:
            lock.release(self.connection, self.token)
            self.token = None
        self.connection.close()

    # --- the writer's lock -------------------------------------------------------------------

    def lock(self, owner: str, stale_after: float = lock.STALE_AFTER) -> None:
        self.token = lock.acquire(self.connection, owner, self.clock, stale_after, name=str(self.path))

    def heartbeat(self) -> None:
        with self.transaction():
            pass  # the transaction beats

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing, committed on leaving; only for the lock holder."""
        if self.token is None:
            raise SessionError(f"{self.path} is open read-only")
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            lock.check(self.connection, self.token, str(self.path))
            lock.touch(self.connection, self.token, self.clock())
            yield self.connection
            self.connection.execute("COMMIT")
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise

    # --- reads -------------------------------------------------------------------------------

    def meta(self) -> dict[str, str]:
        return dict(self.connection.execute("SELECT key, value FROM session").fetchall())

    def files(self) -> list[FileRecord]:
        rows = self.connection.execute(
            "SELECT annotator, position, path, sha256, is_gold FROM files ORDER BY position"
        ).fetchall()
        return [FileRecord(a, p, path, sha, bool(gold)) for a, p, path, sha, gold in rows]

    def file_text(self, annotator: str) -> str:
        return self.connection.execute("SELECT content FROM files WHERE annotator = ?", (annotator,)).fetchone()[0]

    def sentences(self) -> list[SentenceRecord]:
        rows = self.connection.execute(
            "SELECT idx, sid, status, notes, decided_by, start_annotator, updated_at FROM sentences ORDER BY idx"
        ).fetchall()
        return [SentenceRecord.of_row(row) for row in rows]

    def sentence(self, index: int) -> SentenceRecord:
        row = self.connection.execute(
            "SELECT idx, sid, status, notes, decided_by, start_annotator, updated_at FROM sentences WHERE idx = ?",
            (index,),
        ).fetchone()
        if row is None:
            raise SessionError(f"there is no sentence {index} in this session")
        return SentenceRecord.of_row(row)

    def annotation_lines(self) -> dict[tuple[int, str], int]:
        """(sentence, annotator) -> the line where the block starts."""
        rows = self.connection.execute("SELECT sentence, annotator, line FROM annotations").fetchall()
        return {(sentence, annotator): line for sentence, annotator, line in rows}

    def decisions(self, sentence: int | None = None, states: Sequence[str] = ("active",)) -> list[DecisionRecord]:
        """Decisions in the given states, in order (of one sentence, or all)."""
        marks = ", ".join("?" for _ in states)
        query = f"SELECT id, sentence, payload, author, state, made_at FROM decisions WHERE state IN ({marks})"
        values: list[Any] = list(states)
        if sentence is not None:
            query += " AND sentence = ?"
            values.append(sentence)
        rows = self.connection.execute(query + " ORDER BY id", values).fetchall()
        return [
            DecisionRecord(number, index, Decision.from_json(json.loads(payload)), author, state, made_at)
            for number, index, payload, author, state, made_at in rows
        ]

    def events(self, after: int = 0) -> list[EventRecord]:
        """The events logged after event ``after`` (0: all), in order."""
        rows = self.connection.execute(
            "SELECT id, at, author, sentence, action, decision, detail FROM events WHERE id > ? ORDER BY id", (after,)
        ).fetchall()
        return [
            EventRecord(number, at, author, sentence, action, decision, json.loads(detail))
            for number, at, author, sentence, action, decision, detail in rows
        ]

    # --- writes (inside a transaction) ---------------------------------------------------------

    def add_event(self, sentence: int | None, author: str, action: str, decision: int | None, detail: dict) -> None:
        self.connection.execute(
            "INSERT INTO events (at, author, sentence, action, decision, detail) VALUES (?, ?, ?, ?, ?, ?)",
            (self.clock(), author, sentence, action, decision, json.dumps(detail, ensure_ascii=False)),
        )

    def touch_sentence(self, sentence: int, author: str, decided: bool = True) -> None:
        """Record the time of a change to a sentence and, for a decision, who made it."""
        if decided:
            self.connection.execute(
                "UPDATE sentences SET decided_by = ?, updated_at = ? WHERE idx = ?", (author, self.clock(), sentence)
            )
        else:
            self.connection.execute("UPDATE sentences SET updated_at = ? WHERE idx = ?", (self.clock(), sentence))
