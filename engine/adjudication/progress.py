"""A session's progress: sentences per status, who decided, decisions, the last change."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from .lock import LockHolder
from .log import change_text
from .schema import ReviewStatus
from .session import FileChange, Session
from .store import EventRecord

__all__ = ["Progress", "local_time", "progress", "progress_data", "progress_text"]


def local_time(at: str | None, zone: tzinfo | None = None) -> str:
    """An event's time (ISO 8601, UTC, as the session stores it) for people: ``YYYY-MM-DD HH:MM`` in
    the local time zone (``zone``: another one); "time unknown" without one.

    >>> from datetime import timezone
    >>> local_time("2026-01-15T10:00:01.000Z", timezone.utc), local_time(None)
    ('2026-01-15 10:00', 'time unknown')
    """
    if not at:
        return "time unknown"
    return datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone(zone).strftime("%Y-%m-%d %H:%M")


@dataclass(frozen=True)
class Progress:
    path: str
    format: str
    annotators: tuple[str, ...]
    gold: str | None
    sentences: int
    by_status: dict[str, int]  # every status, in ReviewStatus order
    by_person: dict[str, int]  # sentences per person who decided, most first
    decisions: dict[str, int]  # active / undone / discarded
    last_change: EventRecord | None
    last_sentence_id: str | None
    writer: LockHolder | None
    changed_files: tuple[FileChange, ...]


def progress(session: Session) -> Progress:
    records = session.sentences()
    statuses = Counter(record.status for record in records)
    people = Counter(record.decided_by for record in records if record.decided_by)
    states = Counter(record.state for record in session.decisions(states=("active", "undone", "discarded")))
    events = session.events()
    last = events[-1] if events else None
    last_id = session.sentence(last.sentence).id if last is not None and last.sentence is not None else None
    return Progress(
        str(session.path),
        session.format,
        tuple(session.annotators),
        session.gold,
        len(records),
        {status.value: statuses.get(status, 0) for status in ReviewStatus},
        dict(people.most_common()),
        {state: states.get(state, 0) for state in ("active", "undone", "discarded")},
        last,
        last_id,
        session.lock_holder,
        tuple(session.changed_files),
    )


def progress_text(state: Progress) -> str:
    """The progress as the ``session SUMMARY`` command prints it."""
    gold = f", gold: {state.gold}" if state.gold else ""
    width = max(len(status.value) for status in ReviewStatus)
    lines = [
        f"session    {state.path}",
        f"format     {state.format}; {len(state.annotators)} annotator(s): {', '.join(state.annotators)}{gold}",
        f"sentences  {state.sentences}",
    ]
    for status, count in state.by_status.items():
        share = f"{100 * count / state.sentences:5.1f} %" if state.sentences else ""
        lines.append(f"  {status:<{width}}  {count:>6}  {share}")
    people = ", ".join(f"{name} {count}" for name, count in state.by_person.items()) or "nobody yet"
    lines.append(f"decided by {people}")
    lines.append(
        f"decisions  {state.decisions['active']} active, {state.decisions['undone']} undone, "
        f"{state.decisions['discarded']} discarded"
    )
    if state.last_change is not None:
        event = state.last_change
        named = f" ({state.last_sentence_id})" if state.last_sentence_id else ""
        where = f"sentence {event.sentence + 1}{named}" if event.sentence is not None else "the session"
        lines.append(f"last change {event.at or 'time unknown'} by {event.author}: {where}: {change_text(event)}")
    else:
        lines.append("last change none")
    lines.append(f"open by    {state.writer}" if state.writer else "open by    nobody")
    lines += [f"warning: {change}" for change in state.changed_files]
    return "\n".join(lines) + "\n"


def progress_data(state: Progress) -> dict[str, Any]:
    """The progress as JSON data."""
    event = state.last_change
    return {
        "path": state.path,
        "format": state.format,
        "annotators": list(state.annotators),
        "gold": state.gold,
        "sentences": state.sentences,
        "by_status": state.by_status,
        "by_person": state.by_person,
        "decisions": state.decisions,
        "last_change": None
        if event is None
        else {
            "at": event.at,
            "author": event.author,
            "action": event.action,
            "sentence": event.sentence,
            "sentence_id": state.last_sentence_id,
            "decision": event.decision,
            "detail": event.detail,
        },
        "open_by": None
        if state.writer is None
        else {
            "owner": state.writer.owner,
            "pid": state.writer.pid,
            "host": state.writer.host,
            "since": state.writer.acquired_at,
            "heartbeat": state.writer.heartbeat_at,
        },
        "changed_files": [{"annotator": c.annotator, "path": c.path, "change": c.change} for c in state.changed_files],
    }
