"""The decisions log: every change of a session, in order, with its time and author, as JSON.

::

    {"log": "graphagree adjudication", "schema_version": 2,
     "session": {"path", "created_at", "created_by", "format", "gold", "files": [{"annotator", "path", "sha256"}]},
     "changes": [{"at", "author", "action", "sentence", "sentence_id", ...}]}

``action`` is ``decide`` (with ``decision`` - its id -, ``summary``, ``edits`` and, for a
triple, ``verdict``), ``undo`` / ``redo`` (``decision`` and its ``summary``), or
``status`` / ``notes`` / ``start`` (``from``, ``to``, and ``step``: ``undo`` / ``redo`` when the
change undid or redid an earlier one - its ``from`` and ``to`` are then the value written back
and the value written). Changes migrated from a schema-1
session have ``"at": null`` and ``"migrated": 1``. :func:`change_text` says a change in words
(the app's History, the ``session SUMMARY`` command's last change).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .decisions import Decision
from .schema import SCHEMA_VERSION
from .session import Session
from .store import EventRecord
from .verdicts import decision_text

__all__ = ["change_text", "decisions_log"]

NOTES_SHOWN = 80  # characters of the notes a change shows


def _notes_text(notes: str) -> str:
    """The notes' first line, cut to :data:`NOTES_SHOWN` characters, and how many lines follow.

    >>> _notes_text(""), _notes_text("sense?"), _notes_text("one\\ntwo\\nthree")
    ('notes cleared', 'notes: "sense?"', 'notes: "one" (+2 lines)')
    """
    lines = [line for line in notes.strip().splitlines() if line.strip()]
    if not lines:
        return "notes cleared"
    first = lines[0] if len(lines[0]) <= NOTES_SHOWN else lines[0][: NOTES_SHOWN - 1] + "…"
    more = f" (+{len(lines) - 1} line{'s' if len(lines) > 2 else ''})" if len(lines) > 1 else ""
    return f'notes: "{first}"{more}'


def _field_text(action: str, before: Any, after: Any) -> str:
    if action == "status":
        return f"status {before} -> {after}"
    if action == "start":
        return f"start from {after} (was {before})"
    return _notes_text(str(after or ""))


def change_text(event: EventRecord, decisions: Mapping[int, Decision] | None = None) -> str:
    """One logged change in words: a decision as :func:`~.verdicts.decision_text` says it
    (``undid: ...`` / ``redid: ...`` for undo and redo, whose events name the decision only:
    ``decisions`` maps ids to decisions), ``status A -> B``, ``start from B (was A)``, or the
    notes' first line; a status, notes or start change that undid or redid one says
    ``undid: ...`` / ``redid: ...`` with the change it undid or redid (an undo of ``status A -> B``
    writes A back: ``undid: status A -> B``).

    >>> undo = EventRecord(7, None, "ana", 0, "status", None, {"from": "agreed", "to": "not reviewed", "step": "undo"})
    >>> change_text(undo)
    'undid: status not reviewed -> agreed'
    """
    detail = event.detail
    if event.action == "decide":
        return decision_text(Decision.from_json(detail))
    if event.action in ("undo", "redo"):
        decision = (decisions or {}).get(event.decision) if event.decision is not None else None
        what = decision_text(decision) if decision is not None else f"decision {event.decision}"
        return f"{'undid' if event.action == 'undo' else 'redid'}: {what}"
    if event.action in ("status", "start", "notes"):
        before, after, step = detail.get("from"), detail.get("to"), detail.get("step")
        if step == "undo":
            return f"undid: {_field_text(event.action, after, before)}"
        text = _field_text(event.action, before, after)
        return f"redid: {text}" if step == "redo" else text
    return event.action


def _change(event: EventRecord, ids: dict[int, str | None], summaries: dict[int, str]) -> dict[str, Any]:
    change: dict[str, Any] = {
        "at": event.at,
        "author": event.author,
        "action": event.action,
        "sentence": event.sentence,
        "sentence_id": ids.get(event.sentence) if event.sentence is not None else None,
    }
    if event.decision is not None:
        change["decision"] = event.decision
        if event.action != "decide":
            change["summary"] = summaries.get(event.decision, "")
    change.update(event.detail)
    return change


def decisions_log(session: Session) -> dict[str, Any]:
    """The log of ``session`` (see the module docstring)."""
    meta = session.meta
    ids = {record.index: record.id for record in session.sentences()}
    decisions = session.decisions(states=("active", "undone", "discarded"))
    summaries = {record.id: decision_text(record.decision) for record in decisions}
    return {
        "log": "graphagree adjudication",
        "schema_version": SCHEMA_VERSION,
        "session": {
            "path": str(session.path),
            "created_at": meta.get("created_at"),
            "created_by": meta.get("created_by"),
            "format": session.format,
            "gold": session.gold,
            "files": [{"annotator": f.annotator, "path": f.path, "sha256": f.sha256} for f in session.corpus.files],
        },
        "changes": [_change(event, ids, summaries) for event in session.events()],
    }
