"""``python -m engine session CREATE|SUMMARY|EXPORT``: adjudication sessions without the app.

* ``session CREATE DB FILE... [--gold FILE] [--author NAME] [--start auto|gold|central|first]``
  makes a session of the annotation files (DB ``-`` : beside the first file).
* ``session SUMMARY DB [--format table|json]`` prints the progress: sentences per status, who
  decided, decisions, each annotator's disagreements with the adjudicated graphs still open
  (a differing top among them), the last change, who has it open, files changed on disk.
* ``session EXPORT DB [--output FILE] [--log FILE] [--report FILE]`` writes the adjudicated
  corpus (stdout without ``--output``), the decisions log (JSON) and the HTML report.

Exit status: 0 done; 2 for input problems (files that cannot be read or paired, a session
that cannot be opened, sentences left out of the export - each named on stderr); 1 when the
export does not read back as the adjudicated graphs (nothing is written then).
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import sys
import tempfile
from pathlib import Path

from ..adjudication import (
    AdjudicationError,
    ExportError,
    Session,
    check_round_trip,
    decisions_log,
    progress,
    progress_data,
    progress_text,
    session_report,
    write_corpus,
)
from ..errors import InputError
from .common import EXIT_INPUT_ERROR, say

__all__ = ["run_session"]

EXIT_EXPORT_BROKEN = 1


def _write(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a temporary file renamed over it)."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _create(args: argparse.Namespace) -> int:
    author = args.author or getpass.getuser()
    path = None if args.db == "-" else args.db
    with Session.create(
        args.files, author, path, gold=args.gold, start=args.start, format_in=args.format_in, pair_by=args.pair_by
    ) as session:
        for warning in session.corpus.warnings:
            say(f"warning: {warning}")
        unreadable = sum(1 for record in session.sentences() if record.start is None)
        print(
            f"created {session.path}: {len(session)} sentences, annotators {', '.join(session.annotators)}"
            + (f", gold {session.gold}" if session.gold else "")
        )
        if unreadable:
            say(f"warning: {unreadable} sentence(s) have no readable annotation")
    return 0


def _summary(args: argparse.Namespace) -> int:
    with Session.open(args.db, readonly=True) as session:
        state = progress(session, open_counts=True)
    if args.format == "json":
        print(json.dumps(progress_data(state), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(progress_text(state))
    return 0


def _export(args: argparse.Namespace) -> int:
    with Session.open(args.db, readonly=True) as session:
        for change in session.changed_files:
            say(f"warning: {change}")
        written = write_corpus(session)
        check_round_trip(written, args.output or "<stdout>")
        log = json.dumps(decisions_log(session), indent=2, ensure_ascii=False) + "\n" if args.log else None
        report = session_report(session, written) if args.report else None
    for problem in written.skipped:
        say(problem)
    if args.output:
        _write(args.output, written.text)
    else:
        sys.stdout.write(written.text)
    if log is not None:
        _write(args.log, log)
    if report is not None:
        _write(args.report, report)
    return EXIT_INPUT_ERROR if written.skipped else 0


def run_session(args: argparse.Namespace) -> int:
    action = args.action.upper()
    try:
        return {"CREATE": _create, "SUMMARY": _summary, "EXPORT": _export}[action](args)
    except ExportError as error:
        say(f"error: export stopped, nothing written: {error}")
        return EXIT_EXPORT_BROKEN
    except (InputError, AdjudicationError) as error:
        say(f"error: {error}")
        return EXIT_INPUT_ERROR
    except BrokenPipeError:
        raise  # the reader of our output went away: engine.cli.main handles it
    except OSError as error:
        say(f"error: {getattr(error, 'filename', None) or ''}: {error.strerror or error}")
        return EXIT_INPUT_ERROR
