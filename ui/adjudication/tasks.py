"""Adjudication work the app runs off the GUI thread (Qt-free): making a session and writing
its exports. A session's SQLite connection belongs to the thread that opened it, so each
task opens its own: :func:`create_session` makes the file and closes it (the app then opens
it for writing), :func:`export_session` reads a read-only snapshot, which holds every
decision made so far since each one is committed as it is made.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from engine.adjudication import (
    AdjudicationError,
    Session,
    check_round_trip,
    decisions_log,
    session_report,
    write_corpus,
)
from engine.adjudication.session import SUFFIX, StartRule
from engine.adjudication.store import Clock, utc_now
from engine.demos import is_bundled
from engine.errors import InputError
from engine.params import PAPER, Params

from ..state.tasks import TaskFailed

__all__ = [
    "EXPORTS",
    "ExportKind",
    "ExportRequest",
    "Exported",
    "NewSession",
    "create_session",
    "export_session",
    "free_session_path",
    "session_params",
]

ExportKind = Literal["corpus", "log", "report"]
EXPORTS: dict[ExportKind, str] = {"corpus": "adjudicated file", "log": "decisions log", "report": "session report"}


def session_params(params: Params) -> Params:
    """The app's parameters for scoring against the adjudicated graph: the paper profile (the
    one that takes alignment corrections), without the slow optimal Smatch."""
    return replace(params, profile=PAPER, optional_metrics=frozenset())


def free_session_path(files: Sequence[str | Path]) -> Path:
    """``<first file's stem>.adjudication.sqlite`` beside it (in the home folder for the bundled demo
    data, installed with the package), numbered (``-2``, ...) when taken."""
    first = Path(files[0]).resolve()
    folder = Path.home() if is_bundled(first) else first.parent
    number = 1
    while True:
        candidate = folder / (first.stem + (f"-{number}" if number > 1 else "") + SUFFIX)
        if not candidate.exists():
            return candidate
        number += 1


@dataclass(frozen=True)
class NewSession:
    files: tuple[Path, ...]
    author: str
    path: Path
    gold: Path | None = None
    start: StartRule = "auto"
    params: Params = field(default_factory=Params)
    clock: Clock = utc_now


def create_session(request: NewSession, progress=None, cancelled=None) -> Path:
    """Make the session file (reading and lining up every file, choosing each sentence's start
    annotation) and close it; returns its path."""
    try:
        Session.create(
            request.files,
            request.author,
            request.path,
            gold=request.gold,
            start=request.start,
            params=request.params,
            clock=request.clock,
        ).close()
    except (AdjudicationError, InputError) as error:
        raise TaskFailed(str(error)) from error
    return request.path


@dataclass(frozen=True)
class ExportRequest:
    session: Path
    kind: ExportKind
    output: Path


@dataclass(frozen=True)
class Exported:
    """What was written, and the sentences left out of an adjudicated file (with why)."""

    output: Path
    sentences: int
    skipped: tuple[str, ...] = ()


def export_session(request: ExportRequest, progress=None, cancelled=None) -> Exported:
    """Write the adjudicated corpus (read back and checked first), the decisions log (JSON) or
    the session report (HTML) of the session file to ``request.output``."""
    try:
        with Session.open(request.session, readonly=True) as session:
            skipped: tuple[str, ...] = ()
            if request.kind == "log":
                text = json.dumps(decisions_log(session), indent=2, ensure_ascii=False) + "\n"
                count = len(session)
            else:
                written = write_corpus(session)
                skipped, count = tuple(written.skipped), len(written.graphs)
                if request.kind == "corpus":
                    check_round_trip(written, str(request.output))
                    text = written.text
                else:
                    text = session_report(session, written)
    except AdjudicationError as error:
        raise TaskFailed(str(error)) from error
    try:
        request.output.write_text(text, encoding="utf-8")
    except OSError as error:
        raise TaskFailed(f"could not write {request.output}: {error.strerror or error}") from error
    return Exported(request.output, count, skipped)
