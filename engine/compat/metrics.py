"""The scores of ``ancast`` 0.1.1 for one aligned pair (SPEC section 4, last paragraph).

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

from ..metrics import FallbackTally, Tally
from ..model import reachable_sets
from ..similarity import lemma_similarity
from .alignment import CompatAlignment
from .graph import CompatGraph

Triple = tuple[str, str, str]


def _mapping(own: CompatGraph, other: CompatGraph, matched: dict[int, int | None]) -> dict[str, str]:
    """Variable -> partner variable (``NULL<var>`` when unmatched)."""
    return {
        own.variables[k]: other.variables[v] if v is not None else "NULL" + own.variables[k]
        for k, v in matched.items()
    }


def _translated(triples: set[Triple], mapping: dict[str, str]) -> set[Triple]:
    return {(mapping.get(head, head), label, mapping.get(tail, tail)) for head, label, tail in triples}


def descendant_counts(graph: CompatGraph) -> dict[str, int]:
    """Variable -> number of variables reachable from it (itself too when on a cycle)."""
    children: list[list[int]] = [[] for _ in graph.variables]
    for relation in graph.relations():
        if isinstance(relation.predicate, int) and isinstance(relation.argument, int):
            children[relation.predicate].append(relation.argument)
    return {var: bits.bit_count() for var, bits in zip(graph.variables, reachable_sets(children))}


def _names_and_senses(graph: CompatGraph) -> dict[str, tuple[str, int]]:
    """Variable -> (lemma, sense); anything else (a constant, ``NULL...``) stands for itself with sense 0."""
    return {var: (graph.lemmas[k], graph.senses[k]) for k, var in enumerate(graph.variables)}


def relation_side(own: CompatGraph, other: CompatGraph, mapping: dict[str, str], counts: dict[str, int],
                  gamma: float) -> tuple[list[float], list[float]]:
    """(labeled, unlabeled, weighted) scores and (size, size, weighted size) of one side."""
    own_groups, other_groups = _groups(own.triples()), _groups(other.triples())
    own_names, other_names = _names_and_senses(own), _names_and_senses(other)
    scores, sizes = [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]
    for (head, tail), labels in own_groups.items():
        weight = math.sqrt(counts.get(tail, 0) * counts.get(head, 0)) + 1
        sizes[0] += len(labels)
        sizes[1] += len(labels)
        sizes[2] += len(labels) * weight
        counterpart = (mapping.get(head, head), mapping.get(tail, tail))
        if counterpart not in other_groups:
            continue
        other_labels = other_groups[counterpart]
        shared = 0.0
        for own_var, other_var in zip((head, tail), counterpart):
            name_a, sense_a = other_names.get(other_var, (other_var, 0))
            name_b, sense_b = own_names.get(own_var, (own_var, 0))
            shared += lemma_similarity(name_a.lower(), name_b.lower()) * (1 + gamma * ((sense_a == sense_b) - 1))
        shared /= 2
        overlap = len(labels & other_labels)
        scores[0] += shared * overlap
        scores[1] += shared * min(len(other_labels), len(labels))
        scores[2] += shared * (overlap * weight)
    return scores, sizes


def _groups(triples: set[Triple]) -> dict[tuple[str, str], set[str]]:
    groups: dict[tuple[str, str], set[str]] = defaultdict(set)
    for head, label, tail in triples:
        groups[(head, tail)].add(label)
    return groups


def compat_tallies(alignment: CompatAlignment, test: CompatGraph, gold: CompatGraph, gamma: float) -> dict[str, Tally]:
    """Every metric of one pair as the reference computes it, keyed as :data:`engine.metrics.METRICS`."""
    test_map = _mapping(test, gold, alignment.test_to_gold)
    gold_map = _mapping(gold, test, alignment.gold_to_test)
    counts = descendant_counts(test)  # the reference uses the test graph's counts on both sides
    test_scores, test_sizes = relation_side(test, gold, test_map, counts, gamma)
    gold_scores, gold_sizes = relation_side(gold, test, gold_map, counts, gamma)
    test_ledger, gold_ledger = alignment.test_ledger, alignment.gold_ledger
    concepts = Tally(test_ledger.similarity, test_ledger.count, gold_ledger.similarity, gold_ledger.count)
    tallies: dict[str, Tally] = {
        "concept": Tally(test_ledger.similarity, test_ledger.count, test_ledger.similarity, test_ledger.count),
    }
    for k, name in enumerate(("labeled_relation", "unlabeled_relation", "weighted_relation")):
        tallies[name] = FallbackTally(test_scores[k], test_sizes[k], gold_scores[k], gold_sizes[k], fallback=concepts)
    test_triples, gold_triples = test.triples(), gold.triples()
    test_triples.add(("TOP", "TOP", test.variables[0]))
    gold_triples.add(("TOP", "TOP", gold.variables[0]))
    test_matched = len(_translated(gold_triples, gold_map) & test_triples)
    gold_matched = len(_translated(test_triples, test_map) & gold_triples)
    tallies["mock_smatch"] = Tally(
        test_ledger.identical + test_matched, test_ledger.count + len(test_triples),
        gold_ledger.identical + gold_matched, gold_ledger.count + len(gold_triples),
    )
    return tallies
