"""Adjudication: decide each disagreement, keep notes and status, write the
adjudicated file, never lose a decision.

A :class:`Session` (:mod:`.session`) is one SQLite file (:mod:`.schema`, :mod:`.store`,
:mod:`.lock`) holding the annotation files (:mod:`.corpus`), each sentence's status, notes,
decider and start annotation (:mod:`.centrality` picks it), and the decisions
(:mod:`.decisions`, :mod:`.verdicts`) that turn the start annotation into the adjudicated
graph (:mod:`.draft`), scored against every annotator (:mod:`.agreement`). Out of it come the
adjudicated corpus (:mod:`.writer`), the decisions log (:mod:`.log`), the progress
(:mod:`.progress`) and the HTML report (:mod:`.report`). No Qt here: the app drives these
functions, wrapping :meth:`Session.decide` / :meth:`Session.undo` / :meth:`Session.redo` in
``QUndoCommand`` objects.
"""

from .agreement import Agreement
from .centrality import choose_start, most_central, pairwise_agreement
from .decisions import (
    AddNode,
    AddRelation,
    ChangeRelation,
    ClearPair,
    Decision,
    ExcludePair,
    PinPair,
    RemoveNode,
    RemoveRelation,
    SetConcept,
    SetTop,
    Verdict,
)
from .errors import AdjudicationError, DraftError, SchemaError, SessionError, SessionLocked
from .log import decisions_log
from .progress import Progress, progress, progress_data, progress_text
from .report import session_report
from .schema import SCHEMA_VERSION, STATUSES, ReviewStatus
from .session import Adjudicated, FileChange, Session, default_session_path, find_session
from .writer import ExportError, Written, check_round_trip, write_corpus

__all__ = [
    "SCHEMA_VERSION",
    "STATUSES",
    "AddNode",
    "AddRelation",
    "Adjudicated",
    "AdjudicationError",
    "Agreement",
    "ChangeRelation",
    "ClearPair",
    "Decision",
    "DraftError",
    "ExcludePair",
    "ExportError",
    "FileChange",
    "PinPair",
    "Progress",
    "RemoveNode",
    "RemoveRelation",
    "ReviewStatus",
    "SchemaError",
    "Session",
    "SessionError",
    "SessionLocked",
    "SetConcept",
    "SetTop",
    "Verdict",
    "Written",
    "check_round_trip",
    "choose_start",
    "decisions_log",
    "default_session_path",
    "find_session",
    "most_central",
    "pairwise_agreement",
    "progress",
    "progress_data",
    "progress_text",
    "session_report",
    "write_corpus",
]
