"""What can go wrong in an adjudication session, each with a message for the person at the keyboard."""

from __future__ import annotations

__all__ = ["AdjudicationError", "DraftError", "SchemaError", "SessionError", "SessionLocked"]


class AdjudicationError(Exception):
    """Base of every adjudication error: catch this one to show the message."""


class DraftError(AdjudicationError, ValueError):
    """An edit that cannot be made to the adjudicated graph, and why."""


class SessionError(AdjudicationError):
    """A request the session cannot carry out (unknown sentence or annotator, undo out of order, ...)."""


class SessionLocked(AdjudicationError):
    """The session is open for writing elsewhere, or this writer lost its lock."""


class SchemaError(AdjudicationError):
    """A database this version cannot use: newer, not a session, or inconsistent."""
