"""One writer per session: a lock row with who holds it, where, and a heartbeat.

The writer that opens a session puts a row in the ``lock`` table (owner name, process id,
host, a random token, times) in the same transaction that finds the table free; a second
writer finds the row and is refused with :class:`SessionLocked`, which says who holds the
session and since when. Every write checks, inside its own transaction, that the row still
carries the writer's token, so a writer whose lock was taken over can never write again.

A lock is *stale* - taken over without asking - when its process is gone (same host, the
process id no longer exists; checked on POSIX only) or when its heartbeat is older than
``stale_after`` seconds (another host, or a process id reused). The app calls
:meth:`~engine.adjudication.session.Session.heartbeat` now and then (every write beats too).
Readers (``session SUMMARY``, ``EXPORT``) take no lock: WAL gives them a consistent snapshot
while a writer works.
"""

from __future__ import annotations

import logging
import os
import socket
import sqlite3
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from .errors import SessionLocked

__all__ = ["STALE_AFTER", "LockHolder", "acquire", "check", "holder", "is_stale", "release", "touch"]

log = logging.getLogger(__name__)
STALE_AFTER = 600.0  # seconds without a heartbeat after which another host's lock is stale


@dataclass(frozen=True)
class LockHolder:
    owner: str
    pid: int
    host: str
    acquired_at: str
    heartbeat_at: str

    def __str__(self) -> str:
        return f"{self.owner} (process {self.pid} on {self.host}) since {self.acquired_at}"


def holder(connection: sqlite3.Connection) -> LockHolder | None:
    row = connection.execute("SELECT owner, pid, host, acquired_at, heartbeat_at FROM lock WHERE id = 1").fetchone()
    return LockHolder(*row) if row else None


def _process_gone(pid: int) -> bool:
    """True when no process ``pid`` exists on this machine (POSIX; elsewhere: unknown, False)."""
    if os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _age(heartbeat: str, now: str) -> float:
    return (
        datetime.fromisoformat(now.replace("Z", "+00:00")) - datetime.fromisoformat(heartbeat.replace("Z", "+00:00"))
    ).total_seconds()


def is_stale(lock: LockHolder, now: str, stale_after: float = STALE_AFTER) -> bool:
    """Whether ``lock`` may be taken over: its process is gone, or its heartbeat is too old.
    A lock of this very process is not stale: a second window in it is a second writer."""
    if lock.host == socket.gethostname() and _process_gone(lock.pid):
        return True
    return _age(lock.heartbeat_at, now) > stale_after


def acquire(
    connection: sqlite3.Connection,
    owner: str,
    clock: Callable[[], str],
    stale_after: float = STALE_AFTER,
    name: str = "session",
) -> str:
    """Take the lock (in its own transaction) and return its token; :class:`SessionLocked`
    naming the holder when a live writer has it."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        now = clock()
        current = holder(connection)
        if current is not None and not is_stale(current, now, stale_after):
            raise SessionLocked(
                f"{name} is open for writing by {current}; close it there first "
                f"(a lock whose process is gone is taken over at once; another host's after "
                f"{stale_after:g} s without a heartbeat)"
            )
        if current is not None:
            log.info("%s: taking over the stale lock of %s", name, current)
        token = uuid.uuid4().hex
        connection.execute(
            "INSERT OR REPLACE INTO lock (id, token, owner, pid, host, acquired_at, heartbeat_at) "
            "VALUES (1, ?, ?, ?, ?, ?, ?)",
            (token, owner, os.getpid(), socket.gethostname(), now, now),
        )
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    return token


def check(connection: sqlite3.Connection, token: str, name: str = "session") -> None:
    """Inside a write transaction: :class:`SessionLocked` unless the lock is still ours."""
    row = connection.execute("SELECT token FROM lock WHERE id = 1").fetchone()
    if row is None or row[0] != token:
        current = holder(connection)
        taken = f"; it is now held by {current}" if current else ""
        raise SessionLocked(f"{name}: this window lost its lock on the session{taken}; reopen the session")


def touch(connection: sqlite3.Connection, token: str, now: str) -> None:
    """Inside a write transaction: refresh the heartbeat of our lock."""
    connection.execute("UPDATE lock SET heartbeat_at = ? WHERE id = 1 AND token = ?", (now, token))


def release(connection: sqlite3.Connection, token: str) -> None:
    """Remove the lock if it is still ours (its own transaction)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        connection.execute("DELETE FROM lock WHERE id = 1 AND token = ?", (token,))
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
