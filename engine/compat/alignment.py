"""The alignment exactly as ``ancast`` 0.1.1 computes it (SPEC section 4, last paragraph).

Differences from the paper profile (:mod:`engine.alignment`), all reproduced
on purpose: ``:opN`` constants are glued onto the concept name before the
string similarity; initial anchors are same-lemma pairs, unique in both graphs,
whose lemma is a *substring* of the lowercased ``# ::snt``; the 1- and 2-hop
neighbours are merged and the ratio ΔN divides the products; convergence is
``numpy.allclose`` (atol 1e-4, rtol 1e-5); β = 0.001; at most 5 outer rounds of
50 inner iterations; every round re-selects *all* anchors (an earlier one can
vanish); a tie broken by relation labels is lost when the winner has index 0;
the rest is matched by iterated mutual best matching with a rank pointer per
node. Each matched pair adds to a concept ledger (:class:`ConceptLedger`) as it
is made, so a vanished anchor still counts, as it does in the reference. The
arithmetic follows the reference's order of operations so that ties in the
rounded F fall the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..align.broadcast import NewAnchor
from ..params import Params
from ..align.similarity import lemma_similarity
from .graph import CompatGraph

UNMATCHED = -2  # quality of a node left without a partner
FINALISED = -1  # quality of a node matched by the mutual-best loop
MUTUAL_BEST_LIMIT = 500  # the reference gives up (with an exception) after this many passes


class NoConvergence(ValueError):
    """The mutual-best matching went round in circles; the reference raises too."""


@dataclass
class ConceptLedger:
    """One side's running sums: Σ S and Σ 1[same concept] over matches as they are made, and their count."""

    similarity: float = 0.0
    identical: float = 0.0
    count: int = 0

    def add(self, similarity: float, identical: bool) -> None:
        self.similarity += similarity
        self.identical += identical
        self.count += 1

    @property
    def score(self) -> float:
        return self.similarity / self.count if self.count else 0.0


@dataclass
class CompatRound:
    iterations: int
    anchors: np.ndarray
    broadcast: np.ndarray
    adjusted: np.ndarray
    new_anchors: list[NewAnchor]


@dataclass
class CompatAlignment:
    """Both directions of the reference's matching (they need not agree), the
    quality of each match (0 initial anchor, q round, -1 finalised, -2 none),
    the intrinsic similarity and the per-side concept ledgers."""

    test_to_gold: dict[int, int | None]
    gold_to_test: dict[int, int | None]
    test_quality: dict[int, int]
    gold_quality: dict[int, int]
    similarity: np.ndarray
    identical: np.ndarray
    initial: list[tuple[int, int]]
    rounds: list[CompatRound] = field(default_factory=list)
    finalised: list[tuple[int, int]] = field(default_factory=list)
    test_ledger: ConceptLedger = field(default_factory=ConceptLedger)
    gold_ledger: ConceptLedger = field(default_factory=ConceptLedger)

    def match(self, i: int, j: int, quality: int) -> None:
        """Record the pair on each side where that node is still free."""
        if i not in self.test_to_gold:
            self.test_to_gold[i], self.test_quality[i] = j, quality
            self.test_ledger.add(float(self.similarity[i, j]), bool(self.identical[i, j]))
        if j not in self.gold_to_test:
            self.gold_to_test[j], self.gold_quality[j] = i, quality
            self.gold_ledger.add(float(self.similarity[i, j]), bool(self.identical[i, j]))


def _glued_names(graph: CompatGraph) -> tuple[list[str], list[dict[str, str]]]:
    """Per node, the lemma with its ``op*`` constants appended, and its other constants."""
    names, others = [], []
    for node in range(len(graph)):
        constants = graph.attributes(node)
        names.append(graph.lemmas[node] + "".join(v for k, v in constants.items() if k[:2] == "op"))
        others.append({k: v for k, v in constants.items() if k[:2] != "op"})
    return names, others


def intrinsic_similarity(test: CompatGraph, gold: CompatGraph, gamma: float) -> tuple[np.ndarray, np.ndarray]:
    """S of the reference, and where the glued names and senses are identical:

    S_ij = (sim(name_i + ops_i, name_j + ops_j)·(1 + γ(S_s − 1)) + S_a) / (1 + 1[shared constant labels]),
    with S_a over the test node's non-``op`` labels also present on the gold node.
    """
    test_names, test_constants = _glued_names(test)
    gold_names, gold_constants = _glued_names(gold)
    similarity = np.zeros((len(test), len(gold)))
    identical = np.zeros((len(test), len(gold)), dtype=bool)
    for i, (name_i, constants_i) in enumerate(zip(test_names, test_constants)):
        for j, (name_j, constants_j) in enumerate(zip(gold_names, gold_constants)):
            same_sense = test.senses[i] == gold.senses[j]
            name = lemma_similarity(name_i.lower(), name_j.lower()) * (1 + gamma * (same_sense - 1))
            shared = [label for label in constants_i if label in constants_j]
            agreeing = sum(constants_i[label] == constants_j[label] for label in shared)
            constant = agreeing / len(shared) if shared else 0
            similarity[i, j] = (name + constant) / (1 + (1 if shared else 0))
            identical[i, j] = name == 1 and same_sense
    return similarity, identical


def initial_anchors(test: CompatGraph, gold: CompatGraph) -> list[tuple[int, int]]:
    """Same lemma, once in each graph, and a substring of both lowercased sentences."""
    test_counts, gold_counts = Counter(test.lemmas), Counter(gold.lemmas)
    test_text, gold_text = test.text.lower(), gold.text.lower()
    return [
        (i, j)
        for i, lemma in enumerate(test.lemmas)
        for j, other in enumerate(gold.lemmas)
        if lemma == other and lemma in test_text and lemma in gold_text
        and test_counts[lemma] == 1 and gold_counts[lemma] == 1
    ]


def out_matrix(graph: CompatGraph) -> np.ndarray:
    """``out[p, a] = 1`` when variable p is the predicate of variable a in some relation."""
    matrix = np.zeros((len(graph), len(graph)))
    for predicate, argument in graph.variable_links():
        matrix[predicate, argument] = 1
    return matrix


def _merged_hops(adjacency: np.ndarray) -> np.ndarray:
    """binarise((A·A + A)(J − I))."""
    size = len(adjacency)
    merged = (np.matmul(adjacency, adjacency) + adjacency) * (np.ones(adjacency.shape) - np.eye(size))
    merged[merged > 1] = 1
    return merged


def _ratio(test_hops: np.ndarray, gold_hops: np.ndarray) -> np.ndarray:
    """ΔN = max/min of the neighbour counts, infinite where either is 0 (so the product vanishes)."""
    test_counts = test_hops.sum(axis=1)[:, np.newaxis]
    gold_counts = gold_hops.sum(axis=1)[np.newaxis, :]
    low = np.minimum(test_counts, gold_counts)
    low[low == 0] = np.inf
    ratio = np.maximum(test_counts, gold_counts) / low
    ratio[ratio == 0] = np.inf
    return ratio


@dataclass(frozen=True)
class CompatNeighbourhood:
    test_out: np.ndarray
    gold_out: np.ndarray
    test_in: np.ndarray
    gold_in: np.ndarray
    out_ratio: np.ndarray
    in_ratio: np.ndarray

    @classmethod
    def of(cls, test_adjacency: np.ndarray, gold_adjacency: np.ndarray) -> "CompatNeighbourhood":
        test_out, gold_out = _merged_hops(test_adjacency), _merged_hops(gold_adjacency)
        test_in, gold_in = _merged_hops(test_adjacency.T.copy()), _merged_hops(gold_adjacency.T.copy())
        return cls(test_out, gold_out, test_in, gold_in, _ratio(test_out, gold_out), _ratio(test_in, gold_in))

    def broadcast(self, anchors: np.ndarray, params: Params) -> tuple[np.ndarray, int]:
        """The inner loop: A' = sqrt((S_out + 1)(S_in + 1) − 1), normalised, anchors reset,
        until ``allclose`` or ``max_inner`` steps; returns A and the steps taken."""
        current = anchors.copy()
        steps = 0
        for steps in range(1, params.max_inner + 1):
            previous = current.copy()
            outgoing = (self.test_out @ previous) @ self.gold_out.T / self.out_ratio
            incoming = (self.test_in @ previous) @ self.gold_in.T / self.in_ratio
            current = np.sqrt((outgoing + 1) * (incoming + 1) - 1)
            peak = np.amax(current)
            if peak > 0:
                current = current / peak
            current = np.maximum(current, anchors)
            if np.allclose(previous, current, atol=params.tolerance):
                break
        return current, steps


def _jaccard(a: set[str], b: set[str]) -> float:
    union = a | b
    return len(a & b) / len(union) if union else 0


class _LabelTies:
    """The reference's tie-break: the candidate whose raw label set has the highest Jaccard overlap."""

    def __init__(self, test: CompatGraph, gold: CompatGraph) -> None:
        self.sets = ([test.label_set(i) for i in range(len(test))], [gold.label_set(j) for j in range(len(gold))])

    def overlaps(self, node: int, candidates, side: int) -> np.ndarray:
        own, other = self.sets[side][node], self.sets[1 - side]
        return np.array([_jaccard(own, other[c]) for c in candidates], dtype=float)

    def unique_winner(self, node: int, candidates: np.ndarray, side: int):
        """The candidate with the unique best overlap, or None (also, as in the reference, when it is index 0)."""
        overlaps = self.overlaps(node, candidates, side)
        best = np.amax(overlaps)
        if np.count_nonzero(overlaps == best) > 1:
            return None
        winner = candidates[np.argmax(overlaps)]
        return winner if winner else None

    def first_winner(self, node: int, candidates: np.ndarray, side: int):
        """The first candidate with the best overlap."""
        return candidates[np.argmax(self.overlaps(node, candidates, side))]


def select_anchors(adjusted: np.ndarray, ties: _LabelTies) -> np.ndarray:
    """Every pair that is its row's and its column's maximum (ties by labels), as a 0/1 matrix."""
    anchors = np.zeros(adjusted.shape)
    row_best, row_max = np.argmax(adjusted, axis=1), np.amax(adjusted, axis=1)
    column_best, column_max = np.argmax(adjusted, axis=0), np.amax(adjusted, axis=0)
    row_choice = set()
    for i in range(adjusted.shape[0]):
        maxima = np.where(adjusted[i] == row_max[i])[0]
        if len(maxima) == 1:
            row_choice.add((i, row_best[i]))
        else:
            winner = ties.unique_winner(i, maxima, 0)
            if winner is not None:
                row_choice.add((i, winner))
    for j in range(adjusted.shape[1]):
        maxima = np.where(adjusted[:, j] == column_max[j])[0]
        winner = column_best[j] if len(maxima) == 1 else ties.unique_winner(j, maxima, 1)
        if winner is not None and (winner, j) in row_choice:
            anchors[winner, j] = 1
    return anchors


def _mutual_best(adjusted: np.ndarray, rows: list[int], columns: list[int], ties: _LabelTies) -> list[tuple[int, int]]:
    """Iterated mutual best matching of the free rows and columns, as the reference does it.

    Each free node keeps a pointer into its own descending order of F (numpy's
    default sort, ties reversed with it); in every pass each node proposes the
    first free partner from its pointer, a tie at that value goes to the best
    label overlap (the pointer steps back by the number tied), and mutual
    proposals are matched and removed.
    """
    sub = adjusted[np.ix_(rows, columns)]
    row_order = adjusted.argsort(axis=1)[:, ::-1]
    column_order = adjusted.argsort(axis=0).T[:, ::-1]
    row_place = np.zeros(len(row_order), dtype=np.int64)
    column_place = np.zeros(len(column_order), dtype=np.int64)

    def propose(node, order, place, free_other, position_of_other, values, side):
        choice = order[node][place[node]]
        while choice not in free_other:
            place[node] += 1
            if place[node] >= len(order[node]):
                break
            choice = order[node][place[node]]
        maxima = np.where(values == values[position_of_other[choice]])[0]
        if len(maxima) != 1:
            choice = ties.first_winner(node, np.array([free_other[m] for m in maxima]), side)
            place[node] = max(place[node] - len(maxima), 0)
        return choice

    rows, columns = list(rows), list(columns)
    matched: list[tuple[int, int]] = []
    passes = 0
    while rows and columns:
        passes += 1
        if passes > MUTUAL_BEST_LIMIT:
            raise NoConvergence("the reference's mutual-best matching does not terminate on this pair")
        row_position = {row: k for k, row in enumerate(rows)}
        column_position = {column: k for k, column in enumerate(columns)}
        row_wants = {row: propose(row, row_order, row_place, columns, column_position, sub[k], 0)
                     for k, row in enumerate(rows)}
        column_wants = {column: propose(column, column_order, column_place, rows, row_position, sub[:, k], 1)
                        for k, column in enumerate(columns)}
        pairs = [(i, j) for i, j in row_wants.items() if j in column_wants and column_wants[j] == i]
        matched += [(int(i), int(j)) for i, j in pairs]
        gone_rows = [row_position[i] for i, _ in pairs]
        gone_columns = [column_position[j] for _, j in pairs]
        for i, j in pairs:
            rows.remove(i)
            columns.remove(j)
        sub = np.delete(np.delete(sub, gone_rows, axis=0), gone_columns, axis=1)
    return matched


def _new_anchor(adjusted: np.ndarray, i: int, j: int) -> NewAnchor:
    row, column = adjusted[i], adjusted[:, j]
    return NewAnchor(i, j, float(adjusted[i, j]), tuple(map(int, np.flatnonzero(row == row.max()))),
                     tuple(map(int, np.flatnonzero(column == column.max()))))


def align_compat(test: CompatGraph, gold: CompatGraph, params: Params, trace: bool = False) -> CompatAlignment:
    """Initial anchors, up to ``max_outer`` rounds of broadcast and re-selection, then mutual best matching."""
    similarity, identical = intrinsic_similarity(test, gold, params.gamma)
    result = CompatAlignment({}, {}, {}, {}, similarity, identical, initial_anchors(test, gold))
    anchors = np.zeros(similarity.shape)
    for i, j in result.initial:
        anchors[i, j] = 1
    for i, j in zip(*np.where(anchors > 0)):
        result.match(int(i), int(j), 0)
    neighbourhood = CompatNeighbourhood.of(out_matrix(test), out_matrix(gold))
    ties = _LabelTies(test, gold)
    adjusted = np.zeros(similarity.shape)
    for quality in range(1, params.max_outer + 1):
        previous = anchors
        converged, steps = neighbourhood.broadcast(previous, params)
        adjusted = np.around((converged + params.beta) * (similarity + params.alpha), decimals=params.digits)
        anchors = select_anchors(adjusted, ties)
        change = anchors - previous
        for i, j in zip(*np.where(change < 0)):  # an anchor of an earlier round that is no longer one
            for mapping, quality_of, key in ((result.test_to_gold, result.test_quality, int(i)),
                                             (result.gold_to_test, result.gold_quality, int(j))):
                mapping.pop(key, None)
                quality_of.pop(key, None)
        added = [_new_anchor(adjusted, int(i), int(j)) for i, j in zip(*np.where(change > 0))]
        result.rounds.append(CompatRound(steps, previous.copy() if trace else None, converged if trace else None,
                                         adjusted if trace else None, added))
        if not added:
            break
        for i, j in zip(*np.where(anchors > 0)):
            result.match(int(i), int(j), quality)

    free_rows = [i for i in range(len(test)) if i not in result.test_to_gold]
    free_columns = [j for j in range(len(gold)) if j not in result.gold_to_test]
    for i, j in _mutual_best(adjusted, free_rows, free_columns, ties):
        result.match(i, j, FINALISED)
        result.finalised.append((i, j))
    for i in range(len(test)):
        if i not in result.test_to_gold:
            result.test_to_gold[i], result.test_quality[i] = None, UNMATCHED
            result.test_ledger.add(0.0, False)
    for j in range(len(gold)):
        if j not in result.gold_to_test:
            result.gold_to_test[j], result.gold_quality[j] = None, UNMATCHED
            result.gold_ledger.add(0.0, False)
    return result
