"""The AnCast metrics of one aligned pair (AnCast paper §2.3, eq. 15-26).

Each metric is a :class:`~engine.metrics.tally.Tally` - the score and the size of each
side - so that a corpus can pool them (micro) as well as average their F1 (macro).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..align.alignment import Alignment
from ..model import Child, Graph
from .tally import Tally

__all__ = [
    "Partners",
    "RelationSide",
    "concept_tally",
    "mirrors",
    "mock_smatch_tally",
    "pair_tallies",
    "partners",
    "relation_side",
    "side_tallies",
    "smatch_triple_count",
]


@dataclass(frozen=True)
class Partners:
    """One side of an alignment M: per node of a graph, its partner M(v) in the other graph
    (``of``, None when unmatched) and their intrinsic similarity S(v, M(v)) (``similarity``,
    0 when unmatched)."""

    of: Sequence[int | None]
    similarity: Sequence[float]


def partners(alignment: Alignment) -> tuple[Partners, Partners]:
    """The test side's and the gold side's :class:`Partners` (S read once per aligned pair)."""
    gold_of = alignment.gold_of
    cell = alignment.similarity.item  # S_ij as a Python float
    gold_size = alignment.similarity.shape[1]
    test_similarity = [0.0] * len(gold_of)
    test_of: list[int | None] = [None] * gold_size
    gold_similarity = [0.0] * gold_size
    for i, j in enumerate(gold_of):
        if j is not None:
            test_similarity[i] = gold_similarity[j] = cell(i, j)
            test_of[j] = i
    return Partners(gold_of, test_similarity), Partners(test_of, gold_similarity)


def concept_tally(test_partners: Partners, test: Graph, gold: Graph) -> Tally:
    """Eq. 15-16: Γ' = mean over a side's nodes of S(v, M(v)), 0 when unmatched; both sides
    share the sum over the aligned pairs."""
    matched = sum(test_partners.similarity)
    return Tally(matched, len(test), matched, len(gold))


@dataclass(frozen=True)
class RelationSide:
    """One side's sums for the three relation metrics, and ``shared``: Σ |L_p ∩ L_p'| over
    its parent-child pairs p with a mirror p' (the relation triples mock Smatch matches)."""

    labeled: float
    unlabeled: float
    weighted: float
    size: int
    weighted_size: float
    shared: int = 0


def mirrors(own: Graph, own_partners: Partners, other: Graph) -> list[tuple[tuple[int, Child] | None, float]]:
    """For each parent-child pair of ``own`` (in :attr:`~engine.model.Graph.relation_groups`
    order), its counterpart (w1, w2) among the other graph's pairs and s_c of eq. 17: the
    mean similarity of the two ends to their partners.

    A constant child mirrors the constant of the same value under w1 (S = 1
    between them). No aligned parent, no aligned child or no such pair in the
    other graph: no mirror (None), s_c = 0.
    """
    partner, similarity = own_partners.of, own_partners.similarity
    other_groups = other.relation_groups
    found: list[tuple[tuple[int, Child] | None, float]] = []
    for parent, child in own.relation_groups:
        w1 = partner[parent]
        if w1 is None:
            found.append((None, 0.0))
        elif isinstance(child, int):
            w2 = partner[child]
            if w2 is None or (w1, w2) not in other_groups:
                found.append((None, 0.0))
            else:
                found.append(((w1, w2), (similarity[parent] + similarity[child]) / 2))
        elif (w1, child) in other_groups:
            found.append(((w1, child), (similarity[parent] + 1.0) / 2))
        else:
            found.append((None, 0.0))
    return found


def relation_side(own: Graph, other: Graph, own_partners: Partners) -> RelationSide:
    """Σ s_p (eq. 19), Σ s_p^u (eq. 23), Σ w_p s_p (eq. 25) and the sizes |T|
    (eq. 20) and Σ w_p |L_p| (eq. 26) over one graph's parent-child pairs, with
    w_p = sqrt(d1 d2 + 1) (eq. 24) from the graph's own descendant counts
    (a constant child has d2 = 0). Each sum is taken in the order of the pairs."""
    labeled = unlabeled = weighted = weighted_size = 0.0
    size = shared = 0
    descendants = own.descendant_counts
    other_groups = other.relation_groups
    found = mirrors(own, own_partners, other)
    for ((parent, child), labels), (counterpart, shared_concept) in zip(own.relation_groups.items(), found):
        weight = math.sqrt(descendants[parent] * descendants[child] + 1) if isinstance(child, int) else 1.0
        count = len(labels)
        size += count
        weighted_size += weight * count
        if counterpart is None:
            continue
        other_labels = other_groups[counterpart]
        overlap = len(labels & other_labels)
        shared += overlap
        labeled += shared_concept * overlap
        unlabeled += shared_concept * min(count, len(other_labels))
        weighted += weight * shared_concept * overlap
    return RelationSide(labeled, unlabeled, weighted, size, weighted_size, shared)


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


def mock_smatch_tally(test_partners: Partners, test: Graph, gold: Graph, shared: int) -> Tally:
    """§2.3.1: Smatch-style triples matched under the anchor-broadcast alignment:
    TOP (roots aligned), instances (same concept), and the ``shared`` relations and
    attributes (:attr:`RelationSide.shared` of the test side: the same label between
    aligned ends, an attribute of an aligned node with the same role and value)."""
    partner = test_partners.of
    gold_nodes = gold.nodes
    top = float(partner[test.index[test.top]] == gold.index[gold.top])
    same_concept = sum(
        1 for node, j in zip(test.nodes, partner) if j is not None and node.concept == gold_nodes[j].concept
    )
    matched = top + same_concept + shared
    return Tally(matched, smatch_triple_count(test), matched, smatch_triple_count(gold))


def pair_tallies(alignment: Alignment, test: Graph, gold: Graph) -> dict[str, Tally]:
    """Every AnCast metric of one pair, keyed as in :data:`engine.registry.METRICS`."""
    test_partners, gold_partners = partners(alignment)
    test_side = relation_side(test, gold, test_partners)
    gold_side = relation_side(gold, test, gold_partners)
    return {
        "concept": concept_tally(test_partners, test, gold),
        **side_tallies(test_side, gold_side),
        "mock_smatch": mock_smatch_tally(test_partners, test, gold, test_side.shared),
    }
