"""An adjudication session: what the app and the command line call.

::

    session = Session.create(files, author="ana", gold="gold.amr")   # or Session.open(path, "ana")
    graph = session.adjudicated(0).graph                  # start annotation + decisions
    table = session.agreement(0)["annot1"].triples()      # the annotator's mismatches
    decision = session.triple_decision(0, "annot1", table[3], accept=True)
    number = session.decide(0, decision)                  # written at once (QUndoCommand.redo)
    session.undo(0, number); session.redo(0, number)      # QUndoCommand.undo / redo
    session.set_status(0, "adjudicated"); session.set_notes(0, "see guideline 3.2")
    session.close()

Every change is one transaction, committed before the call returns (:mod:`.store`), so
there is no save step and nothing reported done is lost if the process dies. One writer
at a time (:mod:`.lock`): a second ``open`` for writing is refused with
:class:`~engine.adjudication.errors.SessionLocked`; ``readonly=True`` opens without the
lock and refuses writes.

Undo follows ``QUndoStack``: each sentence's decisions undo last-first and redo in order,
and a new decision after an undo discards the undone ones. The session keeps its own copy
of the annotation files; reopening reads that copy, and :attr:`Session.changed_files` says
which files on disk differ from it (or are gone).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ..metrics.triples import TripleMatch
from ..model import Graph
from ..params import Params
from ..read.amr import parse_entry
from ..read.formats import FormatChoice
from ..read.pairing import PairBy
from ..read.source import Entry
from ..registry import params_dict, params_from_dict
from . import lock
from .agreement import Agreement, agree
from .centrality import choose_start, pairwise_agreement
from .corpus import AnnotationFile, Corpus, annotator_names, load_file, read_corpus, text_hash
from .decisions import PAIR_EDITS, Decision, Verdict, apply_decision, pair_corrections, replay
from .draft import Draft
from .errors import DraftError, SchemaError, SessionError
from .schema import SCHEMA_VERSION, STATUSES, ReviewStatus
from .store import Clock, DecisionRecord, EventRecord, SentenceRecord, Store, utc_now
from .verdicts import triple_decision

__all__ = [
    "SUFFIX",
    "Adjudicated",
    "FileChange",
    "Session",
    "StartRule",
    "Step",
    "default_session_path",
    "find_session",
]

SUFFIX = ".adjudication.sqlite"
StartRule = Literal["auto", "gold", "central", "first"]
Step = Literal["undo", "redo"]  # a change that undoes or redoes an earlier one


@dataclass(frozen=True)
class Adjudicated:
    """A sentence's adjudicated graph now: the start annotation's name, the graph, and why it
    cannot be written yet (empty when it can)."""

    start: str
    graph: Graph
    problems: tuple[str, ...]
    decisions: tuple[int, ...]  # the active decisions' ids, in order


@dataclass(frozen=True)
class FileChange:
    annotator: str
    path: str
    change: Literal["changed", "missing"]

    def __str__(self) -> str:
        if self.change == "missing":
            return f"{self.path} ({self.annotator}) is no longer there; the session keeps its own copy"
        return f"{self.path} ({self.annotator}) changed since the session was made; the session keeps its own copy"


def default_session_path(files: Sequence[str | Path]) -> Path:
    """``<first file's folder>/<its stem>.adjudication.sqlite`` (``-2``, ``-3``, ... when that
    name holds another set of files' session)."""
    first = Path(files[0]).resolve()
    number = 1
    while True:
        candidate = first.with_name(first.stem + (f"-{number}" if number > 1 else "") + SUFFIX)
        if not candidate.exists() or _same_files(candidate, files):
            return candidate
        number += 1


def _stored_paths(path: Path) -> list[str] | None:
    """The files a session file was made from, without opening it for work (None if it is not a session)."""
    import sqlite3

    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = connection.execute("SELECT path FROM files ORDER BY position").fetchall()
        finally:
            connection.close()
    except sqlite3.Error:
        return None
    return [row[0] for row in rows]


def _same_files(path: Path, files: Sequence[str | Path]) -> bool:
    stored = _stored_paths(path)
    return stored is not None and sorted(stored) == sorted(str(Path(f).resolve()) for f in files)


def find_session(files: Sequence[str | Path]) -> Path | None:
    """The session made from exactly these files (in any order), looked for beside them."""
    folders = dict.fromkeys(Path(f).resolve().parent for f in files)
    for folder in folders:
        for candidate in sorted(folder.glob("*" + SUFFIX)):
            if _same_files(candidate, files):
                return candidate
    return None


class Session:
    """An open session; see the module docstring. Use :meth:`create` or :meth:`open`."""

    def __init__(self, store: Store, corpus: Corpus, author: str | None, gold: str | None, params: Params):
        self._store = store
        self.corpus = corpus
        self.author = author
        self.gold = gold
        self.params = params
        self._graphs: dict[tuple[int, str], Graph | None] = {}
        self._drafts: dict[int, tuple[tuple[int, ...], Draft]] = {}
        self._agreements: dict[int, tuple[tuple[int, ...], dict[str, Agreement]]] = {}
        self._sentences = {record.index: record for record in store.sentences()}

    # --- making and opening ---------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        files: Sequence[str | Path],
        author: str,
        path: str | Path | None = None,
        *,
        gold: str | Path | None = None,
        start: StartRule = "auto",
        format_in: FormatChoice = "auto",
        pair_by: PairBy = "auto",
        params: Params = Params(),
        central_metric: str = "mock_smatch",
        clock: Clock = utc_now,
    ) -> Session:
        """Make a session of ``files`` (a ``gold`` file not among them is added first) at
        ``path`` (default: :func:`default_session_path`) and open it for ``author``.

        Start annotation per sentence (``start``): ``gold`` the gold one, ``central`` the most
        central by ``central_metric`` (:mod:`.centrality`), ``first`` the first file's;
        ``auto`` is gold when there is one, else central for three or more annotators, else
        first; a sentence whose choice is unreadable starts from the first readable one.
        Raises :class:`~engine.errors.InputError` for files that cannot be read or paired."""
        author = _person(author)
        paths = [Path(f) for f in files]
        if gold is not None and Path(gold).resolve() not in [p.resolve() for p in paths]:
            paths.insert(0, Path(gold))
        if not paths:
            raise SessionError("a session needs at least one annotation file")
        names = annotator_names(paths)
        loaded = [load_file(p, name) for p, name in zip(paths, names)]
        corpus = read_corpus(loaded, format_in, pair_by)
        gold_name = names[[p.resolve() for p in paths].index(Path(gold).resolve())] if gold is not None else None
        if start == "gold" and gold_name is None:
            raise SessionError("start from the gold annotation needs a gold file")
        session_path = Path(path) if path is not None else default_session_path(paths)
        store = Store.open(session_path, clock, create=True)
        try:
            store.lock(author)
            with store.transaction() as db:
                meta = {
                    "created_at": clock(),
                    "created_by": author,
                    "format": corpus.format,
                    "pair_by": pair_by,
                    "params": json.dumps(params_dict(params)),
                    "gold": gold_name or "",
                    "start_rule": start,
                    "warnings": json.dumps(corpus.warnings, ensure_ascii=False),
                }
                db.executemany("INSERT INTO session (key, value) VALUES (?, ?)", meta.items())
                db.executemany(
                    "INSERT INTO files (annotator, position, path, sha256, content, is_gold) VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (f.annotator, n, f.path, f.sha256, f.text, int(f.annotator == gold_name))
                        for n, f in enumerate(loaded)
                    ],
                )
                for row in corpus.rows:
                    chosen = _start_of(row.entries, gold_name, start, central_metric, params)
                    db.execute(
                        "INSERT INTO sentences (idx, sid, start_annotator) VALUES (?, ?, ?)",
                        (row.index, row.id, chosen),
                    )
                    db.executemany(
                        "INSERT INTO annotations (sentence, annotator, line, block, error) VALUES (?, ?, ?, ?, ?)",
                        [
                            (row.index, name, entry.line, entry.text, str(entry.error) if entry.error else None)
                            for name, entry in row.entries.items()
                            if entry is not None
                        ],
                    )
        except BaseException:
            store.close()
            session_path.unlink(missing_ok=True)
            raise
        return cls(store, corpus, author, gold_name, params)

    @classmethod
    def open(
        cls,
        path: str | Path,
        author: str | None = None,
        *,
        readonly: bool = False,
        clock: Clock = utc_now,
        stale_after: float = lock.STALE_AFTER,
    ) -> Session:
        """Open a session file: for writing as ``author`` (taking the lock; a live writer
        elsewhere makes this raise :class:`~engine.adjudication.errors.SessionLocked`), or
        ``readonly``: no lock, no writes, and every read from one snapshot of the file taken
        now (a writer's later changes are seen by opening again). An older schema is
        migrated first (:mod:`.schema`)."""
        if not readonly:
            author = _person(author)
        store = Store.open(path, clock)
        try:
            if not readonly:
                assert author is not None
                store.lock(author, stale_after)
            else:
                store.connection.execute("BEGIN")  # one snapshot for every read until close
            meta = store.meta()
            files = store.files()
            loaded = [AnnotationFile(f.annotator, f.path, store.file_text(f.annotator), f.sha256) for f in files]
            corpus = read_corpus(loaded, meta["format"], meta["pair_by"], lazy=True)  # type: ignore[arg-type]
            _check_rows(store, corpus)
        except BaseException:
            store.close()
            raise
        params = params_from_dict(json.loads(meta["params"]))
        return cls(store, corpus, author if not readonly else None, meta["gold"] or None, params)

    def close(self) -> None:
        """Release the lock and close the file (every change is already written)."""
        self._store.close()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def heartbeat(self) -> None:
        """Tell other processes this writer is alive (the app calls it every minute or so)."""
        self._store.heartbeat()

    # --- what is in the session ---------------------------------------------------------------

    @property
    def path(self) -> Path:
        return self._store.path

    @property
    def format(self) -> str:
        return self.corpus.format

    @property
    def annotators(self) -> list[str]:
        return self.corpus.annotators

    @property
    def readonly(self) -> bool:
        return self._store.token is None

    @property
    def meta(self) -> dict[str, str]:
        return self._store.meta()

    @property
    def schema_version(self) -> int:
        return SCHEMA_VERSION

    @property
    def lock_holder(self) -> lock.LockHolder | None:
        """Who has the session open for writing (None: nobody)."""
        return lock.holder(self._store.connection)

    @property
    def changed_files(self) -> list[FileChange]:
        """Files whose text on disk is not the session's copy any more."""
        changes = []
        for file in self.corpus.files:
            where = Path(file.path)
            if not where.is_file():
                changes.append(FileChange(file.annotator, file.path, "missing"))
                continue
            try:
                now = text_hash(where.read_bytes().decode("utf-8-sig"))
            except (OSError, UnicodeDecodeError):
                now = ""
            if now != file.sha256:
                changes.append(FileChange(file.annotator, file.path, "changed"))
        return changes

    def __len__(self) -> int:
        return len(self._sentences)

    def sentences(self) -> list[SentenceRecord]:
        return [self._sentences[index] for index in sorted(self._sentences)]

    def sentence(self, index: int) -> SentenceRecord:
        if index not in self._sentences:
            raise SessionError(f"there is no sentence {index} in this session (it has {len(self)})")
        return self._sentences[index]

    def entry(self, index: int, annotator: str) -> Entry | None:
        """An annotator's block of a sentence (None when the file has none)."""
        self.sentence(index)
        if annotator not in self.annotators:
            raise SessionError(f"there is no annotator {annotator!r} (the session has {', '.join(self.annotators)})")
        entries = self.corpus.rows[index].entries
        entry = entries[annotator]
        if entry is not None and not entry.parsed:
            entry = entries[annotator] = parse_entry(entry)
        return entry

    def annotation(self, index: int, annotator: str) -> Graph | None:
        """An annotator's graph of a sentence (None when missing or unreadable)."""
        key = (index, annotator)
        if key not in self._graphs:
            entry = self.entry(index, annotator)
            self._graphs[key] = entry.graph if entry is not None else None
        return self._graphs[key]

    def decisions(self, index: int | None = None, states: Sequence[str] = ("active",)) -> list[DecisionRecord]:
        """A sentence's decisions (all sentences' when ``index`` is None) in the given states,
        in the order they were made."""
        if index is not None:
            self.sentence(index)
        return self._store.decisions(index, states)

    def events(self, after: int = 0) -> list[EventRecord]:
        """Every change of the session in order (the decisions log, :mod:`.log`); with
        ``after``, those logged after that event's id."""
        return self._store.events(after)

    def adjudicated(self, index: int) -> Adjudicated:
        """The sentence's adjudicated graph: its start annotation after its active decisions."""
        draft, active = self._draft(index)
        start = self.sentence(index).start
        assert start is not None
        return Adjudicated(start, draft.graph(), tuple(draft.problems()), active)

    def agreement(self, index: int) -> dict[str, Agreement]:
        """Every readable annotation against the adjudicated graph, under the alignment
        corrections made for it (:mod:`.agreement`)."""
        draft, active = self._draft(index)
        cached = self._agreements.get(index)
        if cached is not None and cached[0] == active:
            return cached[1]
        decisions = [record.decision for record in self._store.decisions(index)]
        adjudicated = draft.graph()
        result = {}
        for annotator in self.annotators:
            graph = self.annotation(index, annotator)
            if graph is not None:
                result[annotator] = agree(
                    annotator, graph, adjudicated, pair_corrections(decisions, annotator), self.params
                )
        self._agreements[index] = (active, result)
        return result

    def triple_decision(self, index: int, annotator: str, match: TripleMatch, accept: bool) -> Decision:
        """The decision accepting or rejecting a row of ``agreement(index)[annotator].triples()``
        (not yet made: pass it to :meth:`decide`)."""
        agreements = self.agreement(index)
        if annotator not in agreements:
            raise SessionError(f"{annotator} has no readable annotation of sentence {index}")
        return triple_decision(match, agreements[annotator], accept)

    def verdicts(self, index: int) -> list[Verdict]:
        """The verdicts on mismatched triples among the active decisions, in order."""
        return [record.decision.verdict for record in self.decisions(index) if record.decision.verdict is not None]

    # --- changes (each one transaction) --------------------------------------------------------

    def decide(self, index: int, decision: Decision) -> int:
        """Apply ``decision`` to the sentence and write it; returns its id. Raises
        :class:`~engine.adjudication.errors.DraftError` (nothing written) when it cannot be
        applied. Undone decisions of the sentence are discarded (they can no longer be redone)."""
        author = self._writer()
        trial = replay(self._start_graph(index), [r.decision for r in self._store.decisions(index)])
        self._check_pairs(index, decision)
        summary = apply_decision(trial, decision)
        stored = Decision(decision.edits, summary, decision.verdict)
        with self._store.transaction() as db:
            db.execute("UPDATE decisions SET state = 'discarded' WHERE sentence = ? AND state = 'undone'", (index,))
            number = db.execute(
                "INSERT INTO decisions (sentence, payload, author, state, made_at) VALUES (?, ?, ?, 'active', ?)",
                (index, json.dumps(stored.to_json(), ensure_ascii=False), author, self._store.clock()),
            ).lastrowid
            assert number is not None
            self._store.add_event(index, author, "decide", number, stored.to_json())
            self._store.touch_sentence(index, author)
        self._refresh(index)
        self._drafts[index] = (tuple(record.id for record in self._store.decisions(index)), trial)
        return number

    def undo(self, index: int, decision: int) -> None:
        """Undo ``decision``, which must be the sentence's last active one."""
        author = self._writer()
        active = self._store.decisions(index)
        if not active or active[-1].id != decision:
            raise SessionError(f"decision {decision} is not the last active decision of sentence {index}")
        self._set_state(index, decision, "undone", "undo", author)

    def redo(self, index: int, decision: int) -> None:
        """Redo ``decision``, which must be the sentence's first undone one."""
        author = self._writer()
        undone = self._store.decisions(index, ("undone",))
        if not undone or undone[0].id != decision:
            raise SessionError(f"decision {decision} is not the next decision to redo in sentence {index}")
        self._set_state(index, decision, "active", "redo", author)

    def set_status(self, index: int, status: ReviewStatus | str, step: Step | None = None) -> bool:
        """Set a sentence's status (a :class:`~engine.adjudication.schema.ReviewStatus` or its
        word); False when it already had it (nothing written). ``step``: the change undoes or
        redoes an earlier one (the log says so, :mod:`.log`)."""
        try:
            chosen = ReviewStatus(status)
        except ValueError:
            raise SessionError(f"unknown status {status!r}; choose one of: {', '.join(STATUSES)}") from None
        return self._set_field(index, "status", chosen.value, decided=True, step=step)

    def set_notes(self, index: int, notes: str, step: Step | None = None) -> bool:
        """Replace a sentence's notes; False when unchanged. ``step`` as for :meth:`set_status`."""
        return self._set_field(index, "notes", notes, decided=False, step=step)

    def set_start(self, index: int, annotator: str, step: Step | None = None) -> bool:
        """Start the sentence from another annotation; only before any active decision (they
        are written in the start's variables). Undone decisions are discarded. ``step`` as for
        :meth:`set_status`."""
        author = self._writer()
        before = self.sentence(index).start
        if before == annotator:
            return False
        if self.annotation(index, annotator) is None:
            raise SessionError(f"{annotator} has no readable annotation of sentence {index}")
        active = self._store.decisions(index)
        if active:
            raise SessionError(
                f"sentence {index} has {len(active)} decision(s) on {before}'s annotation; undo them first"
            )
        with self._store.transaction() as db:
            db.execute("UPDATE decisions SET state = 'discarded' WHERE sentence = ? AND state = 'undone'", (index,))
            db.execute("UPDATE sentences SET start_annotator = ? WHERE idx = ?", (annotator, index))
            self._store.add_event(index, author, "start", None, _change(before, annotator, step))
            self._store.touch_sentence(index, author)
        self._drafts.pop(index, None)  # built from the former start annotation
        self._agreements.pop(index, None)
        self._refresh(index)
        return True

    # --- helpers ---------------------------------------------------------------------------------

    def _writer(self) -> str:
        if self._store.token is None or self.author is None:
            raise SessionError(f"{self.path} is open read-only")
        return self.author

    def _start_graph(self, index: int) -> Graph:
        start = self.sentence(index).start
        graph = self.annotation(index, start) if start is not None else None
        if graph is None:
            raise SessionError(f"sentence {index} has no readable annotation to start from")
        return graph

    def _draft(self, index: int) -> tuple[Draft, tuple[int, ...]]:
        records = self._store.decisions(index)
        active = tuple(record.id for record in records)
        cached = self._drafts.get(index)
        if cached is None or cached[0] != active:
            try:
                draft = replay(self._start_graph(index), [record.decision for record in records])
            except DraftError as error:
                raise SchemaError(f"{self.path}: the decisions of sentence {index} no longer apply: {error}") from None
            cached = self._drafts[index] = (active, draft)
        return cached[1], active

    def _check_pairs(self, index: int, decision: Decision) -> None:
        for edit in decision.edits:
            if isinstance(edit, PAIR_EDITS):
                graph = self.annotation(index, edit.annotator) if edit.annotator in self.annotators else None
                if graph is None or edit.annotator_var not in graph.index:
                    raise DraftError(f"there is no node {edit.annotator_var} in {edit.annotator}'s annotation")

    def _set_field(self, index: int, field: str, value: str, decided: bool, step: Step | None) -> bool:
        """Write a sentence's ``status`` or ``notes`` with its event; False when unchanged.
        ``decided``: the change makes its author the sentence's decider."""
        author = self._writer()
        before = str(getattr(self.sentence(index), field))  # a status as its stored word
        if before == value:
            return False
        with self._store.transaction() as db:
            db.execute(f"UPDATE sentences SET {field} = ? WHERE idx = ?", (value, index))  # field: status | notes
            self._store.add_event(index, author, field, None, _change(before, value, step))
            self._store.touch_sentence(index, author, decided)
        self._refresh(index)
        return True

    def _set_state(self, index: int, decision: int, state: str, action: str, author: str) -> None:
        with self._store.transaction() as db:
            db.execute("UPDATE decisions SET state = ? WHERE id = ?", (state, decision))
            self._store.add_event(index, author, action, decision, {})
            self._store.touch_sentence(index, author)
        self._refresh(index)

    def _refresh(self, index: int) -> None:
        self._sentences[index] = self._store.sentence(index)


def _change(before: str | None, after: str, step: Step | None) -> dict[str, str | None]:
    """A status, notes or start change's detail in the log: from, to, and whether it undid or redid one."""
    detail: dict[str, str | None] = {"from": before, "to": after}
    if step is not None:
        detail["step"] = step
    return detail


def _person(name: str | None) -> str:
    """An adjudicator's name on one line (it goes into metadata lines), or SessionError."""
    person = " ".join((name or "").split())
    if not person:
        raise SessionError("a session is written to under the adjudicator's name: give one")
    return person


def _start_of(
    entries: dict[str, Entry | None], gold: str | None, rule: StartRule, metric: str, params: Params
) -> str | None:
    readable = {name: entry.graph for name, entry in entries.items() if entry is not None and entry.graph}
    names = list(readable)
    if rule == "first":
        return names[0] if names else None
    wants_central = rule == "central" or (rule == "auto" and gold is None and len(names) >= 3)
    central = wants_central and len(names) >= 2
    matrix = pairwise_agreement(readable, metric, params) if central else None
    return choose_start(names, gold if rule in ("auto", "gold") else None, matrix)


def _check_rows(store: Store, corpus: Corpus) -> None:
    """The stored copy of the files must give the sentences the session was made with."""
    stored = store.sentences()
    lines = store.annotation_lines()
    found = {(row.index, name): entry.line for row in corpus.rows for name, entry in row.entries.items() if entry}
    if [(s.index, s.id) for s in stored] != [(row.index, row.id) for row in corpus.rows] or found != lines:
        raise SchemaError(f"{store.path}: the stored files no longer give the session's sentences")
