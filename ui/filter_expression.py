"""The corpus filter language (Qt-free): conditions on scores and free text.

Clauses are separated by commas or the word ``and``; a row must satisfy all:

* ``LR F1 < 0.8``, ``concept p >= 0.9``, ``wlr<.5``: a metric (concept, lr,
  ulr, wlr, mock, smatch), optionally ``p``, ``r`` or ``f1`` (default f1), an
  operator (< <= > >= = !=) and a number;
* ``error`` / ``ok``: only pairs that could not / could be scored;
* anything else: text that the pair's id, sentence or error must contain
  (case-insensitive).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.scoring import PairResult

METRIC_NAMES = {
    "concept": "concept", "c": "concept",
    "lr": "labeled_relation", "labeled": "labeled_relation", "labeled relation": "labeled_relation",
    "ulr": "unlabeled_relation", "unlabeled": "unlabeled_relation", "unlabeled relation": "unlabeled_relation",
    "wlr": "weighted_relation", "weighted": "weighted_relation", "weighted relation": "weighted_relation",
    "mock": "mock_smatch", "mock smatch": "mock_smatch", "ms": "mock_smatch", "smatch": "smatch",
}
OPERATORS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
             "=": operator.eq, "==": operator.eq, "!=": operator.ne}
_CONDITION = re.compile(
    r"^(?P<metric>[a-z][a-z ]*?)\s*(?P<part>\bf1|\bf|\bp|\br)?\s*(?P<op><=|>=|==|!=|<|>|=)\s*(?P<value>\d*\.?\d+)$"
)
_SPLIT = re.compile(r"\s*,\s*|\s+and\s+", re.IGNORECASE)

Predicate = Callable[[PairResult], bool]


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


def _text_predicate(needle: str) -> Predicate:
    needle = needle.lower()

    def contains(result: PairResult) -> bool:
        texts = [result.id or "", result.error or ""]
        texts += [graph.text or "" for graph in (result.test, result.gold) if graph is not None]
        return any(needle in text.lower() for text in texts)

    return contains


def parse_clause(clause: str) -> Predicate:
    """One clause -> a predicate on a :class:`PairResult`."""
    lowered = clause.strip().lower()
    if lowered in ("error", "errors"):
        return lambda result: result.error is not None
    if lowered == "ok":
        return lambda result: result.error is None
    match = _CONDITION.match(lowered)
    if match and match["metric"].strip() in METRIC_NAMES:
        part = (match["part"] or "f")[0]
        return Condition(METRIC_NAMES[match["metric"].strip()], part, OPERATORS[match["op"]], float(match["value"]))
    return _text_predicate(clause.strip())


def parse_filter(text: str) -> Predicate:
    """The whole filter: every clause must hold; empty text keeps every row."""
    clauses = [parse_clause(clause) for clause in _SPLIT.split(text.strip()) if clause.strip()]
    return lambda result: all(clause(result) for clause in clauses)
