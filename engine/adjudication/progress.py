"""A session's progress: sentences per status, who decided, decisions, the last change and,
when asked for (it scores every sentence), the disagreements still open per annotator."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from .errors import AdjudicationError
from .lock import LockHolder
from .log import change_text
from .schema import ReviewStatus
from .session import FileChange, Session
from .store import EventRecord
from .verdicts import open_count

__all__ = ["Progress", "local_time", "open_disagreements", "progress", "progress_data", "progress_text"]

Open = dict[str, tuple[int, int]]  # annotator -> (open disagreements, how many of them a top)


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
    open: Open | None = None  # over every sentence; None when not counted
    uncounted: tuple[int, ...] = ()  # sentences whose decisions no longer apply: not in ``open``


def open_disagreements(session: Session, index: int) -> Open:
    """Per annotator with a readable annotation of the sentence, its disagreements with the
    adjudicated graph that no verdict settles yet (:func:`~.verdicts.open_count`)."""
    verdicts = session.verdicts(index)
    return {
        annotator: open_count(agreement, [v for v in verdicts if v.annotator == annotator])
        for annotator, agreement in session.agreement(index).items()
    }


def _open_in_session(session: Session) -> tuple[Open, tuple[int, ...]]:
    totals = dict.fromkeys(session.annotators, (0, 0))
    uncounted = []
    for record in session.sentences():
        try:
            found = open_disagreements(session, record.index) if record.start is not None else {}
        except AdjudicationError:
            uncounted.append(record.index)
            continue
        for annotator, (count, top) in found.items():
            before = totals[annotator]
            totals[annotator] = (before[0] + count, before[1] + top)
    return totals, tuple(uncounted)


def progress(session: Session, open_counts: bool = False) -> Progress:
    """The session's progress; with ``open_counts`` also the open disagreements of every
    annotator over every sentence (each sentence scored against every annotator: slower)."""
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
        *(_open_in_session(session) if open_counts else (None, ())),
    )


def _tops(count: int) -> str:
    """How many of an annotator's open disagreements are a differing top.

    >>> _tops(0), _tops(1), _tops(17)
    ('', ' (1 of them a top)', ' (17 of them tops)')
    """
    return "" if not count else f" ({count} of them {'a top' if count == 1 else 'tops'})"


def _open_text(state: Progress) -> list[str]:
    if state.open is None:
        return []
    counts = [
        f"{count} {'disagreement(s) ' if not number else ''}of {annotator}" + _tops(top)
        for number, (annotator, (count, top)) in enumerate(state.open.items())
    ]
    lines = ["open       " + ", ".join(counts)]
    if state.uncounted:
        lines.append(f"warning: {len(state.uncounted)} sentence(s) not counted: their decisions no longer apply")
    return lines


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
    lines += _open_text(state)
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
        **(
            {}
            if state.open is None
            else {
                "open": {name: {"disagreements": count, "top": top} for name, (count, top) in state.open.items()},
                "uncounted": list(state.uncounted),
            }
        ),
    }
