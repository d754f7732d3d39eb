"""The session database: its schema, its version number and the migrations between versions.

A session is one SQLite file (standard library ``sqlite3``) in WAL mode with
``synchronous=FULL``: every change is one transaction, committed before the call that made
it returns, so a killed process loses nothing it reported done. The schema version is
``PRAGMA user_version``; opening an older file migrates it in place, in one transaction,
after copying it to ``<file>.v<N>.bak``; a newer file is refused.

Schema version 2 (:data:`SCHEMA_VERSION`)::

    session      key TEXT PRIMARY KEY, value TEXT
                 -- 'created_at', 'format' (amr | umr), 'pair_by', 'params' (JSON of
                 -- engine.params.Params), 'gold' (annotator name or '')
    files        annotator TEXT PRIMARY KEY      -- the name the file goes by (its stem)
                 position INTEGER UNIQUE         -- order given at creation
                 path TEXT                       -- absolute path when the session was made
                 sha256 TEXT                     -- of the text below: a changed file is detected
                 content TEXT                    -- the text adjudicated (the session's own copy)
                 is_gold INTEGER (0 | 1)
    sentences    idx INTEGER PRIMARY KEY         -- 0-based position in the adjudicated corpus
                 sid TEXT                        -- the sentence id ('# ::id', UMR sntN)
                 status TEXT                     -- not reviewed | agreed | needs discussion | adjudicated
                 notes TEXT                      -- free text
                 decided_by TEXT                 -- who last changed status or decisions
                 start_annotator TEXT            -- the annotation the decisions apply to
                 updated_at TEXT                 -- (v2) UTC time of the last change
    annotations  sentence, annotator             -- PRIMARY KEY; one per file and sentence
                 line INTEGER                    -- where the block starts in the file
                 block TEXT                      -- the block as written (the start annotation
                                                 -- is the block of start_annotator)
                 error TEXT                      -- FILE:LINE: why it cannot be read, or NULL
    decisions    id INTEGER PRIMARY KEY          -- global order; a sentence's are replayed by id
                 sentence INTEGER                -- sentences.idx
                 payload TEXT                    -- JSON of engine.adjudication.decisions.Decision
                 author TEXT
                 state TEXT                      -- (v2) active | undone | discarded
                 made_at TEXT                    -- (v2) UTC time; NULL when migrated from v1
    events       id INTEGER PRIMARY KEY          -- (v2) every change, in order: the decisions log
                 at TEXT, author TEXT, sentence INTEGER,
                 action TEXT                     -- decide | undo | redo | status | notes | start
                 decision INTEGER                -- decisions.id for decide / undo / redo
                 detail TEXT                     -- JSON: {"from": .., "to": ..} or the decision
    lock         id INTEGER PRIMARY KEY CHECK (id = 1)   -- at most one writer (engine.adjudication.lock)
                 token TEXT, owner TEXT, pid INTEGER, host TEXT, acquired_at TEXT, heartbeat_at TEXT

Version 1 had no ``events`` table, no times (``made_at``, ``updated_at``) and an ``undone``
flag (0 | 1) instead of ``state``: an undone decision could not be told from one dropped
by a later decision, and the log could not say when anything happened. Migration 1 -> 2
rebuilds ``decisions`` with ``state`` and ``made_at`` (NULL: unknown), adds
``updated_at``, and writes the events it can know - one ``decide`` per decision and an
``undo`` per undone one, one ``status`` per reviewed sentence - with time NULL and
``"migrated": 1`` in their detail.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

from ..enums import WordEnum
from .errors import SchemaError

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "STATUSES", "ReviewStatus", "migrate", "schema_version"]

SCHEMA_VERSION = 2


class ReviewStatus(WordEnum):
    """A sentence's review status; the values are the words stored in the session and shown."""

    NOT_REVIEWED = "not reviewed"
    AGREED = "agreed"
    NEEDS_DISCUSSION = "needs discussion"
    ADJUDICATED = "adjudicated"


STATUSES = tuple(status.value for status in ReviewStatus)  # as stored, in this order
_STATUS_CHECK = "CHECK (status IN ({}))".format(", ".join(f"'{status}'" for status in STATUSES))


def _version_1(connection: sqlite3.Connection) -> None:
    for statement in (
        "CREATE TABLE session (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """CREATE TABLE files (
            annotator TEXT PRIMARY KEY, position INTEGER NOT NULL UNIQUE, path TEXT NOT NULL,
            sha256 TEXT NOT NULL, content TEXT NOT NULL,
            is_gold INTEGER NOT NULL DEFAULT 0 CHECK (is_gold IN (0, 1)))""",
        f"""CREATE TABLE sentences (
            idx INTEGER PRIMARY KEY, sid TEXT,
            status TEXT NOT NULL DEFAULT 'not reviewed' {_STATUS_CHECK},
            notes TEXT NOT NULL DEFAULT '', decided_by TEXT,
            start_annotator TEXT REFERENCES files(annotator))""",
        """CREATE TABLE annotations (
            sentence INTEGER NOT NULL REFERENCES sentences(idx),
            annotator TEXT NOT NULL REFERENCES files(annotator),
            line INTEGER NOT NULL, block TEXT NOT NULL, error TEXT,
            PRIMARY KEY (sentence, annotator))""",
        """CREATE TABLE decisions (
            id INTEGER PRIMARY KEY, sentence INTEGER NOT NULL REFERENCES sentences(idx),
            payload TEXT NOT NULL, author TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)))""",
        "CREATE INDEX decisions_by_sentence ON decisions (sentence, id)",
        """CREATE TABLE lock (
            id INTEGER PRIMARY KEY CHECK (id = 1), token TEXT NOT NULL, owner TEXT NOT NULL,
            pid INTEGER NOT NULL, host TEXT NOT NULL, acquired_at TEXT NOT NULL, heartbeat_at TEXT NOT NULL)""",
    ):
        connection.execute(statement)


def _version_2(connection: sqlite3.Connection) -> None:
    for statement in (
        """CREATE TABLE decisions_v2 (
            id INTEGER PRIMARY KEY, sentence INTEGER NOT NULL REFERENCES sentences(idx),
            payload TEXT NOT NULL, author TEXT NOT NULL,
            state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'undone', 'discarded')),
            made_at TEXT)""",
        """INSERT INTO decisions_v2 (id, sentence, payload, author, state, made_at)
            SELECT id, sentence, payload, author, CASE undone WHEN 1 THEN 'undone' ELSE 'active' END, NULL
            FROM decisions""",
        "DROP TABLE decisions",
        "ALTER TABLE decisions_v2 RENAME TO decisions",
        "CREATE INDEX decisions_by_sentence ON decisions (sentence, id)",
        "ALTER TABLE sentences ADD COLUMN updated_at TEXT",
        """CREATE TABLE events (
            id INTEGER PRIMARY KEY, at TEXT, author TEXT NOT NULL, sentence INTEGER REFERENCES sentences(idx),
            action TEXT NOT NULL CHECK (action IN ('decide', 'undo', 'redo', 'status', 'notes', 'start')),
            decision INTEGER REFERENCES decisions(id), detail TEXT NOT NULL)""",
    ):
        connection.execute(statement)
    migrated = {"migrated": 1}
    for number, sentence, payload, author, state in connection.execute(
        "SELECT id, sentence, payload, author, state FROM decisions ORDER BY id"
    ).fetchall():
        _event(connection, author, sentence, "decide", number, {**json.loads(payload), **migrated})
        if state == "undone":
            _event(connection, author, sentence, "undo", number, migrated)
    for sentence, status, author in connection.execute(
        "SELECT idx, status, decided_by FROM sentences WHERE status != 'not reviewed' ORDER BY idx"
    ).fetchall():
        _event(connection, author or "", sentence, "status", None, {"from": "not reviewed", "to": status, **migrated})


def _event(connection: sqlite3.Connection, author: str, sentence: int, action: str, decision, detail: dict) -> None:
    connection.execute(
        "INSERT INTO events (at, author, sentence, action, decision, detail) VALUES (NULL, ?, ?, ?, ?, ?)",
        (author, sentence, action, decision, json.dumps(detail, ensure_ascii=False)),
    )


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _version_1, 2: _version_2}


def schema_version(connection: sqlite3.Connection) -> int:
    return int(connection.execute("PRAGMA user_version").fetchone()[0])


def migrate(connection: sqlite3.Connection, path: Path | None, target: int = SCHEMA_VERSION) -> int:
    """Bring the database to version ``target`` (an empty one from 0), each step in one
    transaction, after a backup copy of a file that held data (``<file>.v<N>.bak``).
    Returns the version found. The connection must be in autocommit mode
    (``isolation_level=None``)."""
    found = schema_version(connection)
    if found > SCHEMA_VERSION:
        raise SchemaError(
            f"{path}: session schema version {found} is newer than this program's ({SCHEMA_VERSION}); update it"
        )
    if found and found < target and path is not None:
        backup = sqlite3.connect(path.with_name(f"{path.name}.v{found}.bak"))
        with backup:
            connection.backup(backup)
        backup.close()
    for version in range(found + 1, target + 1):
        connection.execute("BEGIN IMMEDIATE")
        try:
            if schema_version(connection) == version - 1:  # another process may have migrated meanwhile
                MIGRATIONS[version](connection)
                connection.execute(f"PRAGMA user_version = {version}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
    return found
