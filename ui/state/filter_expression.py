"""The corpus filter language (Qt-free): conditions on scores and free text.

Clauses are separated by commas or the word ``and``; a row must satisfy all:

* ``LR F1 < 0.8``, ``concept p >= 0.9``, ``wlr<.5``: a metric (concept, lr,
  ulr, wlr, mock, smatch; counter, dscorer for DRS: any name of
  :func:`engine.registry.filter_names`), optionally ``p``, ``r`` or
  ``f1`` (default f1), an operator (< <= > >= = !=) and a number;
* ``ok`` / ``error`` / ``missing``: the pair's status (:func:`pair_status`, the corpus table's
  Status column): scored / a graph could not be read / a file has no graph of the sentence;
* with an adjudication session open: ``status = needs discussion``, ``status != adjudicated``
  (not reviewed, agreed, needs discussion, adjudicated; ``status = ok`` / ``error`` /
  ``missing`` is the pair's own status), ``decided by = ana``, ``notes`` (sentences with notes);
* anything else: text that the pair's id, sentence, error or adjudication notes must
  contain (case-insensitive).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from engine.adjudication.schema import ReviewStatus
from engine.registry import filter_names
from engine.scoring import PairResult
from engine.scoring.results import PairStatus

OPERATORS = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "=": operator.eq,
    "==": operator.eq,
    "!=": operator.ne,
}
_CONDITION = re.compile(
    r"^(?P<metric>[a-z][a-z ]*?)\s*(?P<part>\bf1|\bf|\bp|\br)?\s*(?P<op><=|>=|==|!=|<|>|=)\s*(?P<value>\d*\.?\d+)$"
)
_SPLIT = re.compile(r"\s*,\s*|\s+and\s+", re.IGNORECASE)

_REVIEW = re.compile(r"^(?P<field>status|decided by)\s*(?P<op>==|=|!=)\s*(?P<value>\S.*)$")
PAIR_STATUSES = tuple(status.value for status in PairStatus)  # a pair's own status (:func:`pair_status`)
REVIEW_STATUSES = tuple(status.value for status in ReviewStatus)  # a sentence's in an adjudication session

Predicate = Callable[[PairResult], bool]


class Review(Protocol):
    """What an adjudication session says of a sentence (:class:`engine.adjudication.store.SentenceRecord`)."""

    @property
    def status(self) -> ReviewStatus: ...

    @property
    def notes(self) -> str: ...

    @property
    def decided_by(self) -> str | None: ...


ReviewOf = Callable[[PairResult], "Review | None"]  # None: the pair is in no open session


def pair_status(result: PairResult) -> PairStatus:
    """``ok`` (scored), ``missing`` (not scored because a file has no graph of the sentence) or
    ``error`` (a graph could not be read, or the pair could not be scored)."""
    return result.status


def _no_review(result: PairResult) -> Review | None:
    return None


@dataclass(frozen=True)
class Condition:
    metric: str
    part: str  # "p", "r" or "f"
    compare: Callable[[float, float], bool]
    value: float

    def __call__(self, result: PairResult) -> bool:
        if result.error or self.metric not in result.tallies:
            return False
        score = getattr(result.scores[self.metric], self.part)
        return score is not None and self.compare(score, self.value)


def _text_predicate(needle: str, review_of: ReviewOf) -> Predicate:
    needle = needle.lower()

    def contains(result: PairResult) -> bool:
        texts = [result.id or "", result.error or ""]
        texts += [graph.text or "" for graph in (result.test, result.gold) if graph is not None]
        review = review_of(result)
        if review is not None:
            texts.append(review.notes)
        return any(needle in text.lower() for text in texts)

    return contains


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _review_predicate(field: str, equal: bool, value: str, review_of: ReviewOf) -> Predicate:
    """``status`` / ``decided by`` equal (or not) to ``value``, ignoring case and spacing; a pair
    in no session has no review status and no decider."""
    wanted = _words(value)
    if field == "status" and wanted in PAIR_STATUSES:
        status = PairStatus(wanted)
        return lambda result: (pair_status(result) is status) == equal

    if field == "status":
        review_status = ReviewStatus(wanted) if wanted in REVIEW_STATUSES else None  # None: no sentence has it

        def has_status(result: PairResult) -> bool:
            review = review_of(result)
            return (review is not None and review.status is review_status) == equal

        return has_status

    def decided_by(result: PairResult) -> bool:
        review = review_of(result)
        found = review.decided_by if review is not None else None
        return (found is not None and _words(found) == wanted) == equal

    return decided_by


def parse_clause(clause: str, review_of: ReviewOf = _no_review) -> Predicate:
    """One clause -> a predicate on a :class:`PairResult` (``review_of`` gives the sentence's
    adjudication status, notes and decider)."""
    lowered = clause.strip().lower()
    word = {"errors": "error"}.get(lowered, lowered)
    if word in PAIR_STATUSES:
        status = PairStatus(word)
        return lambda result: pair_status(result) is status
    if lowered == "notes":
        return lambda result: bool((review := review_of(result)) and review.notes.strip())
    review = _REVIEW.match(lowered)
    if review:
        return _review_predicate(review["field"], review["op"] != "!=", review["value"], review_of)
    match = _CONDITION.match(lowered)
    names = filter_names()
    if match and match["metric"].strip() in names:
        part = (match["part"] or "f")[0]
        return Condition(names[match["metric"].strip()], part, OPERATORS[match["op"]], float(match["value"]))
    return _text_predicate(clause.strip(), review_of)


def parse_filter(text: str, review_of: ReviewOf = _no_review) -> Predicate:
    """The whole filter: every clause must hold; empty text keeps every row. ``review_of``
    gives a pair's adjudication review (None when no session holds it)."""
    clauses = [parse_clause(clause, review_of) for clause in _SPLIT.split(text.strip()) if clause.strip()]
    return lambda result: all(clause(result) for clause in clauses)
