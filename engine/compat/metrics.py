"""The scores of ``ancast`` 0.1.1 for one aligned pair (as observed by running it).

* concept: the test side's mean matched similarity, reported as precision,
  recall and F alike (the reference computes F(P, P));
* labeled / unlabeled / weighted relation: relations grouped by (head, tail)
  as in the paper, but s_c uses only the name-and-sense part of S, the weight
  is sqrt(d1·d2) + 1 with descendant counts looked up by variable *name in the
  test graph* for both sides, and a side without relations reports its concept
  score (:class:`~engine.metrics.FallbackTally`);
* mock Smatch: the relation triples (plus TOP) matched under each direction's
  mapping, together with a 1 for each match of identical concepts, over the
  triples and the matches made.
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import partial

from ..align.similarity import lemma_similarity
from ..metrics.ancast import RelationSide, side_tallies
from ..metrics.tally import FallbackTally, Tally
from ..model import reachable_sets
from .alignment import CompatAlignment
from .graph import CompatGraph

Triple = tuple[str, str, str]
Groups = dict[tuple[str, str], set[str]]  # (head, tail) -> labels
Names = dict[str, tuple[str, int]]  # variable -> (lemma, sense)


def _mapping(own: CompatGraph, other: CompatGraph, matched: dict[int, int | None]) -> dict[str, str]:
    """Variable -> partner variable (``NULL<var>`` when unmatched)."""
    return {
        own.variables[k]: other.variables[v] if v is not None else "NULL" + own.variables[k] for k, v in matched.items()
    }


def _translated(triples: frozenset[Triple], mapping: dict[str, str]) -> set[Triple]:
    return {(mapping.get(head, head), label, mapping.get(tail, tail)) for head, label, tail in triples}


def descendant_counts(graph: CompatGraph) -> dict[str, int]:
    """Variable -> number of variables reachable from it (itself too when on a cycle)."""
    children: list[list[int]] = [[] for _ in graph.variables]
    for predicate, argument in graph.links:
        children[predicate].append(argument)
    return {var: bits.bit_count() for var, bits in zip(graph.variables, reachable_sets(children))}


def _names_and_senses(graph: CompatGraph) -> dict[str, tuple[str, int]]:
    """Variable -> (lemma, sense); anything else (a constant, ``NULL...``) stands for itself with sense 0."""
    return {var: (graph.lemmas[k], graph.senses[k]) for k, var in enumerate(graph.variables)}


def relation_side(
    own_groups: Groups,
    other_groups: Groups,
    own_names: Names,
    other_names: Names,
    mapping: dict[str, str],
    counts: dict[str, int],
    gamma: float,
) -> RelationSide:
    """Σ s_c·overlap (labeled), Σ s_c·min sizes (unlabeled), Σ w·s_c·overlap (weighted) and the
    sizes of one side, with w = sqrt(d_tail·d_head) + 1 from ``counts``."""
    labeled = unlabeled = weighted = weighted_size = 0.0
    size = 0
    concept: dict[str, float] = {}  # own variable or constant -> s_c with its counterpart under ``mapping``
    for (head, tail), labels in own_groups.items():
        count = len(labels)
        weight = math.sqrt(counts.get(tail, 0) * counts.get(head, 0)) + 1
        size += count
        weighted_size += count * weight
        mapped_head, mapped_tail = mapping.get(head, head), mapping.get(tail, tail)
        other_labels = other_groups.get((mapped_head, mapped_tail))
        if other_labels is None:
            continue
        for own, other in ((head, mapped_head), (tail, mapped_tail)):
            if own not in concept:
                name_a, sense_a = other_names.get(other, (other, 0))
                name_b, sense_b = own_names.get(own, (own, 0))
                sense_factor = 1 + gamma * ((sense_a == sense_b) - 1)
                concept[own] = lemma_similarity(name_a.lower(), name_b.lower()) * sense_factor
        shared = (0.0 + concept[head] + concept[tail]) / 2
        overlap = len(labels & other_labels)
        labeled += shared * overlap
        unlabeled += shared * min(len(other_labels), count)
        weighted += shared * (overlap * weight)
    return RelationSide(labeled, unlabeled, weighted, size, weighted_size)


def _groups(triples: frozenset[Triple]) -> Groups:
    """Labels by (head, tail), in sorted order: the sums then do not depend on string hashing."""
    groups: dict[tuple[str, str], set[str]] = defaultdict(set)
    for head, label, tail in sorted(triples):
        groups[(head, tail)].add(label)
    return groups


def compat_tallies(alignment: CompatAlignment, test: CompatGraph, gold: CompatGraph, gamma: float) -> dict[str, Tally]:
    """Every metric of one pair as the reference computes it, keyed as :data:`engine.metrics.METRICS`."""
    test_map = _mapping(test, gold, alignment.test_to_gold)
    gold_map = _mapping(gold, test, alignment.gold_to_test)
    counts = descendant_counts(test)  # the reference uses the test graph's counts on both sides
    test_triples, gold_triples = test.triples, gold.triples
    test_groups, gold_groups = _groups(test_triples), _groups(gold_triples)
    test_names, gold_names = _names_and_senses(test), _names_and_senses(gold)
    test_side = relation_side(test_groups, gold_groups, test_names, gold_names, test_map, counts, gamma)
    gold_side = relation_side(gold_groups, test_groups, gold_names, test_names, gold_map, counts, gamma)
    test_ledger, gold_ledger = alignment.test_ledger, alignment.gold_ledger
    concepts = Tally(test_ledger.similarity, test_ledger.count, gold_ledger.similarity, gold_ledger.count)
    tallies: dict[str, Tally] = {
        "concept": Tally(test_ledger.similarity, test_ledger.count, test_ledger.similarity, test_ledger.count),
        **side_tallies(test_side, gold_side, partial(FallbackTally, fallback=concepts)),
    }
    test_triples = test_triples | {("TOP", "TOP", test.variables[0])}
    gold_triples = gold_triples | {("TOP", "TOP", gold.variables[0])}
    test_matched = len(_translated(gold_triples, gold_map) & test_triples)
    gold_matched = len(_translated(test_triples, test_map) & gold_triples)
    tallies["mock_smatch"] = Tally(
        test_ledger.identical + test_matched,
        test_ledger.count + len(test_triples),
        gold_ledger.identical + gold_matched,
        gold_ledger.count + len(gold_triples),
    )
    return tallies
