"""Mismatched triples: every relation of a pair put in one category, the basis
of the GUI's triples table (SPEC section 4, last item)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..align.alignment import Alignment
from ..model import Child, Graph
from .ancast import mirror

__all__ = ["Category", "Triple", "TripleMatch", "classify_triples"]


class Category(str, Enum):
    MATCHED = "matched"
    LABEL_DIFFERS = "label differs"
    CONCEPT_DIFFERS = "concept differs"
    ONLY_IN_TEST = "only in test"
    ONLY_IN_GOLD = "only in gold"


@dataclass(frozen=True)
class Triple:
    """A relation as shown to a person: variables, role, and what they stand for."""

    source: str
    role: str
    target: str
    source_concept: str
    target_concept: str | None  # None when the target is a constant

    def __str__(self) -> str:
        target = self.target if self.target_concept is None else f"{self.target}/{self.target_concept}"
        return f"({self.source}/{self.source_concept} {self.role} {target})"


@dataclass(frozen=True)
class TripleMatch:
    category: Category
    test: Triple | None
    gold: Triple | None
    similarity: float  # s_c of the parent-child pair (eq. 17), 0 without a mirror


def _triple(graph: Graph, key: tuple[int, Child] | None, role: str) -> Triple:
    assert key is not None
    parent, child = key
    source = graph.nodes[parent]
    if isinstance(child, int):
        target = graph.nodes[child]
        return Triple(source.var, role, target.var, source.concept, target.concept)
    return Triple(source.var, role, child[1], source.concept, None)


def _same_concepts(test: Graph, gold: Graph, key, counterpart) -> bool:
    (v1, v2), (w1, w2) = key, counterpart
    if test.nodes[v1].concept != gold.nodes[w1].concept:
        return False
    return not isinstance(v2, int) or test.nodes[v2].concept == gold.nodes[w2].concept


def classify_triples(alignment: Alignment, test: Graph, gold: Graph) -> list[TripleMatch]:
    """Each test and gold relation in exactly one category.

    A test parent-child pair with a mirror in gold (both ends aligned, the gold
    pair related): shared labels are *matched* (same concepts at both ends) or
    *concept differs*; the remaining labels pair up, in sorted order, as *label
    differs*; labels left over are *only in test* / *only in gold*. Gold pairs
    that mirror no test pair are *only in gold*.
    """
    similarity = alignment.similarity
    rows: list[TripleMatch] = []
    covered: set = set()
    for key, labels in test.relation_groups.items():
        counterpart, shared = mirror(key, alignment.gold_map, lambda i, j: float(similarity[i, j]), gold)
        gold_labels = gold.relation_groups.get(counterpart, frozenset()) if counterpart else frozenset()
        if gold_labels:
            covered.add(counterpart)
        same = gold_labels and _same_concepts(test, gold, key, counterpart)
        for role in sorted(labels & gold_labels):
            category = Category.MATCHED if same else Category.CONCEPT_DIFFERS
            rows.append(TripleMatch(category, _triple(test, key, role), _triple(gold, counterpart, role), shared))
        test_rest, gold_rest = sorted(labels - gold_labels), sorted(gold_labels - labels)
        for test_role, gold_role in zip(test_rest, gold_rest):
            rows.append(
                TripleMatch(
                    Category.LABEL_DIFFERS,
                    _triple(test, key, test_role),
                    _triple(gold, counterpart, gold_role),
                    shared,
                )
            )
        for role in test_rest[len(gold_rest) :]:
            rows.append(TripleMatch(Category.ONLY_IN_TEST, _triple(test, key, role), None, 0.0))
        for role in gold_rest[len(test_rest) :]:
            rows.append(TripleMatch(Category.ONLY_IN_GOLD, None, _triple(gold, counterpart, role), 0.0))
    for key, labels in gold.relation_groups.items():
        if key not in covered:
            for role in sorted(labels):
                rows.append(TripleMatch(Category.ONLY_IN_GOLD, None, _triple(gold, key, role), 0.0))
    return rows
