"""The decisions log: every change of a session, in order, with its time and author, as JSON.

::

    {"log": "graphagree adjudication", "schema_version": 2,
     "session": {"path", "created_at", "created_by", "format", "gold", "files": [{"annotator", "path", "sha256"}]},
     "changes": [{"at", "author", "action", "sentence", "sentence_id", ...}]}

``action`` is ``decide`` (with ``decision`` - its id -, ``summary``, ``edits`` and, for a
triple, ``verdict``), ``undo`` / ``redo`` (``decision`` and its ``summary``), or
``status`` / ``notes`` / ``start`` (``from``, ``to``). Changes migrated from a schema-1
session have ``"at": null`` and ``"migrated": 1``.
"""

from __future__ import annotations

from typing import Any

from .schema import SCHEMA_VERSION
from .session import Session
from .store import EventRecord

__all__ = ["decisions_log"]


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
    summaries = {record.id: record.decision.summary for record in decisions}
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
