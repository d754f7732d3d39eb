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
    "NO_MIRROR",
    "Mirror",
    "Partners",
    "RelationSide",
    "concept_tally",
    "mirrors",
    "mock_smatch_tally",
    "pair_tallies",
    "partners",
    "relation_side",
    "reversed_mirrors",
    "side_tallies",
    "smatch_triple_count",
]


@dataclass(frozen=True)
class Partners:
    """The test side of an alignment M: per test node, its partner M(v) in the gold graph
    (``of``, None when unmatched) and their intrinsic similarity S(v, M(v)) (``similarity``,
    0 when unmatched)."""

    of: Sequence[int | None]
    similarity: Sequence[float]


def partners(alignment: Alignment) -> Partners:
    """The test nodes' :class:`Partners` (S read once per aligned pair)."""
    cell = alignment.similarity.item  # S_ij as a Python float
    similarity = [0.0 if j is None else cell(i, j) for i, j in enumerate(alignment.gold_of)]
    return Partners(alignment.gold_of, similarity)


def concept_tally(test_partners: Partners, test: Graph, gold: Graph) -> Tally:
    """Eq. 15-16: Γ' = mean over a side's nodes of S(v, M(v)), 0 when unmatched; both sides
    share the sum over the aligned pairs."""
    matched = sum(test_partners.similarity)
    return Tally(matched, len(test), matched, len(gold))


@dataclass(frozen=True)
class RelationSide:
    """One side's sums for the three relation metrics, and ``shared``: Σ |L_p ∩ L_p'| over
    its parent-child pairs p with a mirror p' (the relation triples mock Smatch matches; left
    0 by the compatibility profile, which counts mock Smatch its own way)."""

    labeled: float
    unlabeled: float
    weighted: float
    size: int
    weighted_size: float
    shared: int = 0


Mirror = tuple[tuple[int, Child] | None, float, frozenset[str]]  # counterpart, s_c, its labels
NO_MIRROR: Mirror = (None, 0.0, frozenset())


def mirrors(test: Graph, test_partners: Partners, gold: Graph) -> list[Mirror]:
    """For each parent-child pair of the test graph (in
    :attr:`~engine.model.Graph.relation_groups` order), its counterpart (w1, w2) among the
    gold graph's pairs, s_c of eq. 17 (the mean similarity of the two ends to their
    partners) and the counterpart's labels.

    A constant child mirrors the constant of the same value under w1 (S = 1
    between them). No aligned parent, no aligned child or no such pair in the
    gold graph: no mirror (:data:`NO_MIRROR`).
    """
    partner, similarity = test_partners.of, test_partners.similarity
    gold_groups = gold.relation_groups
    found: list[Mirror] = []
    counterpart: tuple[int, Child]
    for parent, child in test.relation_groups:
        w1 = partner[parent]
        if w1 is None:
            found.append(NO_MIRROR)
            continue
        if isinstance(child, int):
            w2 = partner[child]
            if w2 is None:
                found.append(NO_MIRROR)
                continue
            counterpart, child_similarity = (w1, w2), similarity[child]
        else:
            counterpart, child_similarity = (w1, child), 1.0
        labels = gold_groups.get(counterpart)
        found.append(
            NO_MIRROR if labels is None else (counterpart, (similarity[parent] + child_similarity) / 2, labels)
        )
    return found


def reversed_mirrors(test: Graph, test_mirrors: list[Mirror], gold: Graph) -> list[Mirror]:
    """:func:`mirrors` of the gold graph's pairs, read off the test graph's: mirroring is one
    to one (M is) and both ways, with the same s_c (the same two similarities, parent's first),
    so a gold pair mirrors the test pair that mirrors it, or nothing."""
    back = {
        counterpart: (key, shared_concept, labels)
        for (key, labels), (counterpart, shared_concept, _) in zip(test.relation_groups.items(), test_mirrors)
        if counterpart is not None
    }
    return [back.get(key, NO_MIRROR) for key in gold.relation_groups]


def relation_side(own: Graph, own_mirrors: list[Mirror]) -> RelationSide:
    """Σ s_p (eq. 19), Σ s_p^u (eq. 23), Σ w_p s_p (eq. 25) and the sizes |T|
    (eq. 20) and Σ w_p |L_p| (eq. 26) over one graph's parent-child pairs (with their
    :func:`mirrors`), with w_p = sqrt(d1 d2 + 1) (eq. 24) from the graph's own descendant
    counts (a constant child has d2 = 0). Each sum is taken in the order of the pairs."""
    labeled = unlabeled = weighted = weighted_size = 0.0
    size = shared = 0
    descendants, sqrt = own.descendant_counts, math.sqrt
    for ((parent, child), labels), (counterpart, shared_concept, other_labels) in zip(
        own.relation_groups.items(), own_mirrors
    ):
        weight = sqrt(descendants[parent] * descendants[child] + 1) if child.__class__ is int else 1.0
        count = len(labels)
        size += count
        weighted_size += weight * count
        if counterpart is None:
            continue
        if labels is other_labels:  # the same label set (a single role's is shared): |L ∩ L'| = |L|
            overlap = least = count
        else:
            overlap, least = len(labels & other_labels), min(count, len(other_labels))
        shared += overlap
        labeled += shared_concept * overlap
        unlabeled += shared_concept * least
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
    test_partners = partners(alignment)
    test_mirrors = mirrors(test, test_partners, gold)
    test_side = relation_side(test, test_mirrors)
    gold_side = relation_side(gold, reversed_mirrors(test, test_mirrors, gold))
    return {
        "concept": concept_tally(test_partners, test, gold),
        **side_tallies(test_side, gold_side),
        "mock_smatch": mock_smatch_tally(test_partners, test, gold, test_side.shared),
    }
