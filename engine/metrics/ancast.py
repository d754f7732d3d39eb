"""The AnCast metrics of one aligned pair (AnCast paper §2.3, eq. 15-26).

Each metric is a :class:`~engine.metrics.tally.Tally` - the score and the size of each
side - so that a corpus can pool them (micro) as well as average their F1 (macro).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..align.alignment import Alignment
from ..model import Child, Graph
from .tally import Tally

__all__ = [
    "RelationSide",
    "concept_tally",
    "mirror",
    "mock_smatch_tally",
    "pair_tallies",
    "relation_side",
    "relation_tallies",
    "side_tallies",
    "smatch_triple_count",
]


def concept_tally(alignment: Alignment, test: Graph, gold: Graph) -> Tally:
    """Eq. 15-16: Γ' = mean over a side's nodes of S(v, M(v)), 0 when unmatched."""
    matched = sum(float(alignment.similarity[i, j]) for i, j in alignment.pairs())
    return Tally(matched, len(test), matched, len(gold))


@dataclass(frozen=True)
class RelationSide:
    """One side's sums for the three relation metrics."""

    labeled: float
    unlabeled: float
    weighted: float
    size: int
    weighted_size: float


def mirror(
    key: tuple[int, Child], mapping: dict[int, int], own_similarity, other: Graph
) -> tuple[tuple[int, Child] | None, float]:
    """The counterpart (w1, w2) of a parent-child pair and s_c of eq. 17.

    A constant child mirrors the constant of the same value under w1 (S = 1
    between them). No aligned parent, no aligned child or no such constant: no
    mirror, s_c = 0.
    """
    parent, child = key
    w1 = mapping.get(parent)
    if w1 is None:
        return None, 0.0
    if isinstance(child, int):
        w2 = mapping.get(child)
        if w2 is None:
            return None, 0.0
        return (w1, w2), (own_similarity(parent, w1) + own_similarity(child, w2)) / 2
    counterpart = (w1, child)
    if counterpart not in other.relation_groups:
        return None, 0.0
    return counterpart, (own_similarity(parent, w1) + 1.0) / 2


def relation_side(own: Graph, other: Graph, mapping, own_similarity) -> RelationSide:
    """Σ s_p (eq. 19), Σ s_p^u (eq. 23), Σ w_p s_p (eq. 25) and the sizes |T|
    (eq. 20) and Σ w_p |L_p| (eq. 26) over one graph's parent-child pairs, with
    w_p = sqrt(d1 d2 + 1) (eq. 24) from the graph's own descendant counts."""
    labeled = unlabeled = weighted = weighted_size = 0.0
    size = 0
    descendants = own.descendant_counts
    for key, labels in own.relation_groups.items():
        parent, child = key
        weight = math.sqrt(descendants[parent] * (descendants[child] if isinstance(child, int) else 0) + 1)
        size += len(labels)
        weighted_size += weight * len(labels)
        counterpart, shared_concept = mirror(key, mapping, own_similarity, other)
        if counterpart is None:
            continue
        other_labels = other.relation_groups.get(counterpart, frozenset())
        overlap = len(labels & other_labels)
        labeled += shared_concept * overlap
        unlabeled += shared_concept * min(len(labels), len(other_labels))
        weighted += weight * shared_concept * overlap
    return RelationSide(labeled, unlabeled, weighted, size, weighted_size)


def relation_tallies(alignment: Alignment, test: Graph, gold: Graph) -> dict[str, Tally]:
    """Labeled, unlabeled and weighted relation tallies (eq. 17-26) of both sides."""
    cell = alignment.similarity.item  # S_ij as a Python float
    test_side = relation_side(test, gold, alignment.gold_map, cell)
    gold_side = relation_side(gold, test, alignment.test_of, lambda j, i: cell(i, j))
    return side_tallies(test_side, gold_side)


def side_tallies(test_side: RelationSide, gold_side: RelationSide, make=Tally) -> dict[str, Tally]:
    """The labeled, unlabeled and weighted relation tallies of the two sides' sums, built with ``make``."""
    return {
        "labeled_relation": make(test_side.labeled, test_side.size, gold_side.labeled, gold_side.size),
        "unlabeled_relation": make(test_side.unlabeled, test_side.size, gold_side.unlabeled, gold_side.size),
        "weighted_relation": make(
            test_side.weighted, test_side.weighted_size, gold_side.weighted, gold_side.weighted_size
        ),
    }


def smatch_triple_count(graph: Graph) -> int:
    """Number of Smatch-style triples: TOP, one instance a node, relations, attributes."""
    return 1 + len(graph.nodes) + len(graph.edges) + len(graph.attributes)


def mock_smatch_tally(alignment: Alignment, test: Graph, gold: Graph) -> Tally:
    """§2.3.1: Smatch-style triples matched under the anchor-broadcast alignment:
    TOP (roots aligned), instances (same concept), relations (label and both
    ends aligned) and attributes (same role and value)."""
    gold_of = alignment.gold_of
    top = gold.index[gold.top]
    matched = float(gold_of[test.index[test.top]] == top)
    matched += sum(1 for i, j in alignment.pairs() if test.nodes[i].concept == gold.nodes[j].concept)
    gold_edges = {(gold.index[e.source], e.role, gold.index[e.target]) for e in gold.edges}
    for edge in test.edges:
        source, target = gold_of[test.index[edge.source]], gold_of[test.index[edge.target]]
        matched += source is not None and target is not None and (source, edge.role, target) in gold_edges
    gold_attributes = {(gold.index[a.source], a.role, a.value) for a in gold.attributes}
    for attribute in test.attributes:
        source = gold_of[test.index[attribute.source]]
        matched += source is not None and (source, attribute.role, attribute.value) in gold_attributes
    return Tally(matched, smatch_triple_count(test), matched, smatch_triple_count(gold))


def pair_tallies(alignment: Alignment, test: Graph, gold: Graph) -> dict[str, Tally]:
    """Every AnCast metric of one pair, keyed as in :data:`engine.registry.METRICS`."""
    return {
        "concept": concept_tally(alignment, test, gold),
        **relation_tallies(alignment, test, gold),
        "mock_smatch": mock_smatch_tally(alignment, test, gold),
    }
