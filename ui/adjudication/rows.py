"""What the adjudication views show, computed from the session (Qt-free): which session
sentence a scored pair is, the disagreements of an annotator with the adjudicated graph - open
or decided - with their counts, an annotator's agreement as a pair the graph views draw, and the
session's log of changes in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine.adjudication import Agreement, Decision, Session, Verdict
from engine.adjudication.log import change_text
from engine.adjudication.verdicts import category_name, match_key, verdict_key, verdict_text
from engine.enums import WordEnum
from engine.metrics.triples import Category, TripleMatch
from engine.scoring import PairResult

__all__ = [
    "ChangeLog",
    "LogEntry",
    "MismatchRow",
    "RowDecision",
    "comparison_result",
    "counts_text",
    "keep_order",
    "mismatch_rows",
    "same_files",
    "sentence_map",
]

Keyed = Sequence[tuple[int, str | None]]  # (index, id) of each pair or sentence


class RowDecision(WordEnum):
    """Where a disagreement stands; the values are the words the disagreements table shows."""

    TO_DECIDE = "to decide"
    ACCEPTED = "accepted"
    REJECTED = "rejected"


def _unique_ids(items: Keyed) -> bool:
    ids = [sid for _, sid in items]
    return all(sid is not None for sid in ids) and len(set(ids)) == len(ids)


def sentence_map(pairs: Keyed, sentences: Keyed) -> dict[int, int]:
    """Pair index -> session sentence index: by ``# ::id`` when both sides have unique ids,
    else by position.

    >>> sentence_map([(0, "b"), (1, "a")], [(0, "a"), (1, "b")])
    {0: 1, 1: 0}
    >>> sentence_map([(0, None), (1, None), (2, None)], [(0, None), (1, None)])
    {0: 0, 1: 1}
    """
    if _unique_ids(pairs) and _unique_ids(sentences):
        by_id = {sid: index for index, sid in sentences}
        return {index: by_id[sid] for index, sid in pairs if sid in by_id}
    known = {index for index, _ in sentences}
    return {index: index for index, _ in pairs if index in known}


def same_files(stored: Iterable[str], loaded: Iterable[str | Path]) -> bool:
    """Whether the loaded files are the session's (in any order)."""
    return sorted(stored) == sorted(str(Path(path).resolve()) for path in loaded)


@dataclass(frozen=True)
class MismatchRow:
    """One triple of an annotator against the adjudicated graph, with the verdict given on it.

    A decided disagreement stays a row after its decision: accepting makes the triple match
    (``match`` is then that matched triple), and a triple the decision took out of both graphs
    has no ``match`` at all; the row shows the disagreement as it was decided (the verdict's
    category and triples)."""

    match: TripleMatch | None
    verdict: Verdict | None = None

    @property
    def mismatched(self) -> bool:
        """Whether the triple disagrees now (it can be accepted or rejected)."""
        return self.match is not None and self.match.category != Category.MATCHED

    @property
    def decided(self) -> bool:
        return self.verdict is not None

    @property
    def decision(self) -> RowDecision | None:
        """Accepted or rejected when decided, to decide for an open mismatch, None when matched."""
        if self.verdict is not None:
            return RowDecision.ACCEPTED if self.verdict.accepted else RowDecision.REJECTED
        return RowDecision.TO_DECIDE if self.mismatched else None

    @property
    def category(self) -> str:
        """The category in the adjudication's words (:func:`~engine.adjudication.verdicts.category_name`):
        the decided one for a decided row."""
        if self.verdict is not None:
            return category_name(self.verdict.category)
        assert self.match is not None
        return category_name(self.match.category.value)

    def consequence(self, accept: bool) -> str:
        """What accepting (taking the annotator's version) or rejecting does to the adjudicated graph."""
        match = self.match
        if match is None:
            return "nothing to decide"
        if match.category == Category.ONLY_IN_TEST:
            return "add it" if accept else "leave it out"
        if match.category == Category.ONLY_IN_GOLD:
            return "remove it" if accept else "keep it"
        if match.category == Category.LABEL_DIFFERS and match.test is not None:
            return f"relabel it {match.test.role}" if accept else "keep its label"
        if match.category == Category.CONCEPT_DIFFERS:
            return "take the annotator's concepts" if accept else "keep the concepts"
        if match.category == Category.TOP_DIFFERS and match.test is not None:
            return f"make {match.test.source_concept} the top" if accept else "keep the top"
        return "nothing to decide"

    @property
    def key(self) -> tuple[str, str | None, str | None]:
        """What the row is about, the same before and after its decision: the category and both
        triples as decided (a decided row), else as they disagree now."""
        if self.verdict is not None:
            return self.verdict.category, self.verdict.annotator_triple, self.verdict.adjudicated_triple
        assert self.match is not None
        return self.match.category.value, _text(self.match.test), _text(self.match.gold)

    def cells(self) -> tuple[str, str, str, str]:
        """Decision, category, the annotator's triple, the adjudicated triple. A decided row
        shows the annotator's triple as decided and the adjudicated triple as it is now: the
        triple its acceptance made (relabelled, with the annotator's concepts, the new top) or
        kept, ``removed: ...`` when its acceptance took the triple out."""
        decision = str(self.decision or "")
        match = self.match
        if self.verdict is not None:
            verdict = self.verdict
            now = match.gold if match is not None else None
            if now is not None:
                ours = str(now)
            elif verdict.accepted and verdict.adjudicated_triple:
                ours = f"removed: {verdict.adjudicated_triple}"
            else:
                ours = verdict.adjudicated_triple or ""
            return decision, self.category, verdict.annotator_triple or "", ours
        assert match is not None
        return (decision, self.category, str(match.test) if match.test else "", str(match.gold) if match.gold else "")

    def tooltip(self) -> str:
        """What the row's decision was, in the history's words; why an open row disagrees."""
        if self.verdict is not None:
            return verdict_text(self.verdict)
        return self.match.why if self.match is not None else ""


def _text(triple) -> str | None:
    return str(triple) if triple is not None else None


def mismatch_rows(agreement: Agreement, verdicts: Iterable[Verdict], matched: bool = False) -> list[MismatchRow]:
    """The annotator's disagreements with the adjudicated graph, open and decided (every
    triple with ``matched``), in the order of its triples.

    A mismatched triple carries the last verdict given on that very row (same category, same
    triple on both sides). A verdict whose row is gone - the decision made the triple match,
    or took it out - is a decided row all the same: on the matched triple that holds its
    annotator's (else adjudicated) triple, else at the end."""
    given = {verdict_key(v): v for v in verdicts if v.annotator == agreement.annotator}
    triples = agreement.triples()
    on_rows = {match_key(agreement.annotator, m) for m in triples}
    left = [verdict for key, verdict in given.items() if key not in on_rows]
    settled: dict[int, Verdict] = {}  # matched triple (its position) -> the verdict that made or found it so
    for verdict in list(left):
        for position, match in enumerate(triples):
            side = _text(match.test) if verdict.annotator_triple else _text(match.gold)
            wanted = verdict.annotator_triple or verdict.adjudicated_triple
            if match.category == Category.MATCHED and position not in settled and side == wanted:
                settled[position] = verdict
                left.remove(verdict)
                break
    rows = []
    for position, match in enumerate(triples):
        if match.category != Category.MATCHED:
            rows.append(MismatchRow(match, given.get(match_key(agreement.annotator, match))))
        elif position in settled or matched:
            rows.append(MismatchRow(match, settled.get(position)))
    return rows + [MismatchRow(None, verdict) for verdict in left]


def keep_order(rows: Sequence[MismatchRow], shown: Sequence[tuple]) -> list[MismatchRow]:
    """``rows`` in the order of ``shown`` (the keys of the rows shown before, in their order), so
    that a decision moves no row; a row not shown before comes after the row it follows in
    ``rows``.

    >>> from types import SimpleNamespace as Row
    >>> [row.key for row in keep_order([Row(key=k) for k in "abxc"], ["c", "a", "b"])]
    ['c', 'a', 'b', 'x']
    >>> [row.key for row in keep_order([Row(key=k) for k in "xab"], ["b", "a"])]
    ['x', 'b', 'a']
    """
    place = {key: number for number, key in enumerate(shown)}
    after = -1  # the place of the last row shown before, in the rows' own order
    order = []
    for number, row in enumerate(rows):
        found = place.get(row.key)
        after = found if found is not None else after
        order.append((after, found is None, number))
    return [rows[number] for *_, number in sorted(order)]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def counts_text(rows: Iterable[MismatchRow], annotator: str) -> str:
    """How many disagreements the annotator has with the adjudicated graph, decided and open.

    >>> counts_text([], "ann2")
    'No disagreement of ann2 with the adjudicated graph'
    """
    rows = [row for row in rows if row.decided or row.mismatched]
    if not rows:
        return f"No disagreement of {annotator} with the adjudicated graph"
    accepted = sum(1 for row in rows if row.decision is RowDecision.ACCEPTED)
    rejected = sum(1 for row in rows if row.decision is RowDecision.REJECTED)
    still = sum(1 for row in rows if row.decision is RowDecision.TO_DECIDE)
    return (
        f"{_plural(len(rows), 'disagreement')} of {annotator}: {accepted + rejected} decided "
        f"({accepted} accepted, {rejected} rejected), {still} open"
    )


def comparison_result(index: int, sid: str | None, agreement: Agreement) -> PairResult:
    """The annotation (as test) against the adjudicated graph (as gold) as a scored pair."""
    return PairResult(
        index,
        sid,
        agreement.annotation,
        agreement.adjudicated,
        alignment=agreement.alignment,
        tallies=dict(agreement.tallies),
    )


@dataclass(frozen=True)
class LogEntry:
    """One logged change of the session, in words."""

    event: int  # its id in the log
    at: str  # UTC time, "" when unknown (migrated from a schema-1 session)
    author: str
    sentence: int | None
    where: str  # the sentence's id, else "sentence N"
    text: str


@dataclass
class ChangeLog:
    """The session's log (:meth:`Session.events`) in words, read on from where it was last read."""

    entries: list[LogEntry] = field(default_factory=list)
    _decisions: dict[int, Decision] = field(default_factory=dict)  # for undo and redo, which name the decision only

    def update(self, session: Session) -> list[LogEntry]:
        """The entries, the changes logged since the last call read too."""
        after = self.entries[-1].event if self.entries else 0
        for event in session.events(after):
            if event.action == "decide" and event.decision is not None:
                self._decisions[event.decision] = Decision.from_json(event.detail)
            where = None
            if event.sentence is not None:
                where = session.sentence(event.sentence).id or f"sentence {event.sentence + 1}"
            self.entries.append(
                LogEntry(
                    event.id,
                    event.at or "",
                    event.author,
                    event.sentence,
                    where or "",
                    change_text(event, self._decisions),
                )
            )
        return self.entries
