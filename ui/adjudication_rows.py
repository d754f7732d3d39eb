"""What the adjudication views show, computed from the session (Qt-free): which session
sentence a scored pair is, the mismatch rows of an annotator against the adjudicated graph
with the verdicts already given, and an annotator's agreement as a pair the graph views draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.adjudication import Agreement, Verdict
from engine.metrics.triples import Category, TripleMatch
from engine.scoring import PairResult

__all__ = ["MismatchRow", "comparison_result", "mismatch_rows", "same_files", "sentence_map"]

Keyed = Sequence[tuple[int, str | None]]  # (index, id) of each pair or sentence


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
    """One triple of an annotator against the adjudicated graph, with the verdict given on it."""

    match: TripleMatch
    verdict: Verdict | None = None

    @property
    def mismatched(self) -> bool:
        return self.match.category != Category.MATCHED

    @property
    def decision(self) -> str:
        """"accepted" / "rejected" when settled, "to decide" for an open mismatch, "" when matched."""
        if self.verdict is not None:
            return "accepted" if self.verdict.accepted else "rejected"
        return "to decide" if self.mismatched else ""

    @property
    def category(self) -> str:
        """The category, "annotation" for test and "adjudicated" for gold."""
        return {Category.ONLY_IN_TEST: "only in annotation", Category.ONLY_IN_GOLD: "only in adjudicated"}.get(
            self.match.category, self.match.category.value)

    def consequence(self, accept: bool) -> str:
        """What accepting (taking the annotator's version) or rejecting does to the adjudicated graph."""
        match = self.match
        if match.category == Category.ONLY_IN_TEST:
            return "add it" if accept else "leave it out"
        if match.category == Category.ONLY_IN_GOLD:
            return "remove it" if accept else "keep it"
        if match.category == Category.LABEL_DIFFERS and match.test is not None:
            return f"relabel it {match.test.role}" if accept else "keep its label"
        if match.category == Category.CONCEPT_DIFFERS:
            return "take the annotator's concepts" if accept else "keep the concepts"
        return "nothing to decide"

    def cells(self) -> tuple[str, str, str, str]:
        """Decision, category, the annotator's triple, the adjudicated triple."""
        match = self.match
        return (self.decision, self.category, str(match.test) if match.test else "",
                str(match.gold) if match.gold else "")


def _key(annotator: str, category: str, theirs: str | None, ours: str | None) -> tuple:
    return annotator, category, theirs, ours


def mismatch_rows(agreement: Agreement, verdicts: Iterable[Verdict], matched: bool = False) -> list[MismatchRow]:
    """The annotator's mismatched triples (every triple with ``matched``), each with the
    last verdict given on that very row (same category, same triple on both sides)."""
    given = {
        _key(v.annotator, v.category, v.annotator_triple, v.adjudicated_triple): v
        for v in verdicts
        if v.annotator == agreement.annotator
    }
    rows = []
    for match in agreement.triples():
        if match.category == Category.MATCHED and not matched:
            continue
        key = _key(agreement.annotator, match.category.value, str(match.test) if match.test else None,
                   str(match.gold) if match.gold else None)
        rows.append(MismatchRow(match, given.get(key)))
    return rows


def comparison_result(index: int, sid: str | None, agreement: Agreement) -> PairResult:
    """The annotation (as test) against the adjudicated graph (as gold) as a scored pair."""
    return PairResult(
        index, sid, agreement.annotation, agreement.adjudicated, alignment=agreement.alignment,
        tallies=dict(agreement.tallies),
    )
