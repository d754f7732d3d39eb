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

Graphs of a sentence have a handful of nodes, and on such matrices a NumPy call
costs far more than its arithmetic, so the work is laid out to make few calls
with the same operations in the same order (the same numbers to the last bit):
the broadcast step in buffers made once per round, its two products in one
stacked call, the ``allclose`` test decided from the largest change where that
settles it; neighbourhoods, label ties, anchor sets and the mutual-best loop in
plain Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..alignment import Round
from ..broadcast import NewAnchor
from ..params import Params
from ..similarity import lemma_similarity
from .graph import CompatGraph

__all__ = ["FINALISED", "UNMATCHED", "CompatAlignment", "ConceptLedger", "NoConvergence", "align_compat",
           "initial_anchors", "intrinsic_similarity"]

UNMATCHED = -2  # quality of a node left without a partner
FINALISED = -1  # quality of a node matched by the mutual-best loop
MUTUAL_BEST_LIMIT = 500  # the reference gives up (with an exception) after this many passes
RELATIVE_TOLERANCE = 1e-5  # numpy.allclose's rtol, which the reference leaves at its default


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
class CompatAlignment:
    """Both directions of the reference's matching (they need not agree), the
    quality of each match (0 initial anchor, q round, -1 finalised, -2 none),
    the intrinsic similarity, the rounds (in the reference's node numbers) and
    the per-side concept ledgers."""

    test_to_gold: dict[int, int | None]
    gold_to_test: dict[int, int | None]
    test_quality: dict[int, int]
    gold_quality: dict[int, int]
    similarity: np.ndarray
    identical: np.ndarray
    initial: list[tuple[int, int]]
    rounds: list[Round] = field(default_factory=list)
    finalised: list[tuple[int, int]] = field(default_factory=list)
    test_ledger: ConceptLedger = field(default_factory=ConceptLedger)
    gold_ledger: ConceptLedger = field(default_factory=ConceptLedger)

    def __post_init__(self) -> None:
        self._cells = (self.similarity.tolist(), self.identical.tolist())  # S_ij and 1[identical] as Python values

    def match(self, i: int, j: int, quality: int) -> None:
        """Record the pair on each side where that node is still free."""
        if i not in self.test_to_gold:
            self.test_to_gold[i], self.test_quality[i] = j, quality
            self.test_ledger.add(self._cells[0][i][j], self._cells[1][i][j])
        if j not in self.gold_to_test:
            self.gold_to_test[j], self.gold_quality[j] = i, quality
            self.gold_ledger.add(self._cells[0][i][j], self._cells[1][i][j])

    def unmatched(self, test_size: int, gold_size: int) -> None:
        """Every node still without a partner gets none, and a 0 in its side's ledger."""
        for mapping, quality, ledger, size in ((self.test_to_gold, self.test_quality, self.test_ledger, test_size),
                                               (self.gold_to_test, self.gold_quality, self.gold_ledger, gold_size)):
            for node in range(size):
                if node not in mapping:
                    mapping[node], quality[node] = None, UNMATCHED
                    ledger.add(0.0, False)


def _name_similarity(test_names: list[str], gold_names: list[str]) -> np.ndarray:
    """sim(name_i, name_j) of eq. 2 on the lowercased names, computed for the pairs where
    one name contains the other (0 elsewhere); a name found in no name of the other side,
    all joined, is contained in none of them, so most pairs are settled by one search."""
    test_distinct: dict[str, int] = {}
    gold_distinct: dict[str, int] = {}
    test_index = [test_distinct.setdefault(name.lower(), len(test_distinct)) for name in test_names]
    gold_index = [gold_distinct.setdefault(name.lower(), len(gold_distinct)) for name in gold_names]
    table = np.zeros((len(test_distinct), len(gold_distinct)))
    candidates: set[tuple[int, int]] = set()
    for own, other, flip in ((test_distinct, gold_distinct, False), (gold_distinct, test_distinct, True)):
        joined = "\n".join(other)
        for name, k in own.items():
            if name in joined:
                candidates.update((l, k) if flip else (k, l) for other_name, l in other.items() if name in other_name)
    test_list, gold_list = list(test_distinct), list(gold_distinct)
    for i, j in candidates:
        table[i, j] = lemma_similarity(test_list[i], gold_list[j])
    if len(test_distinct) == len(test_names) and len(gold_distinct) == len(gold_names):
        return table
    return table[np.ix_(test_index, gold_index)]


def intrinsic_similarity(test: CompatGraph, gold: CompatGraph, gamma: float) -> tuple[np.ndarray, np.ndarray]:
    """S of the reference, and where the glued names and senses are identical:

    S_ij = (sim(name_i + ops_i, name_j + ops_j)·(1 + γ(S_s − 1)) + S_a) / (1 + 1[shared constant labels]),
    with S_a over the test node's non-``op`` labels also present on the gold node.
    """
    same_sense = np.array(test.senses)[:, np.newaxis] == np.array(gold.senses)
    # 1 + γ(S_s − 1) with S_s a bool, as the reference computes it, for S_s true and false
    name = _name_similarity(test.names, gold.names) * np.where(same_sense, 1 + gamma * (True - 1), 1 + gamma * (False - 1))
    identical = (name == 1) & same_sense
    constant, shares = None, None
    gold_with_constants = [(j, constants) for j, constants in enumerate(gold.constants) if constants]
    for i, constants_i in enumerate(test.constants):
        if not constants_i:
            continue
        for j, constants_j in gold_with_constants:
            shared = [label for label in constants_i if label in constants_j]
            if shared:
                if constant is None:
                    constant, shares = np.zeros(name.shape), np.ones(name.shape)
                constant[i, j] = sum(constants_i[label] == constants_j[label] for label in shared) / len(shared)
                shares[i, j] = 2
    if constant is None:  # (name + 0) / 1, which turns a -0.0 into 0.0 as the reference's sum does
        return name + 0.0, identical
    return (name + constant) / shares, identical


def initial_anchors(test: CompatGraph, gold: CompatGraph) -> list[tuple[int, int]]:
    """Same lemma, once in each graph, and a substring of both lowercased sentences (in test order)."""
    test_once, gold_once = _once(test.lemmas), _once(gold.lemmas)
    test_text, gold_text = test.text.lower(), gold.text.lower()
    return [(i, gold_once[lemma]) for lemma, i in test_once.items()
            if lemma in gold_once and lemma in test_text and lemma in gold_text]


def _once(lemmas: list[str]) -> dict[str, int]:
    """The lemmas found once, with their place (in order of place)."""
    places: dict[str, int | None] = {}
    for place, lemma in enumerate(lemmas):
        places[lemma] = None if lemma in places else place
    return {lemma: place for lemma, place in places.items() if place is not None}


def merged_hops(graph: CompatGraph) -> list[set[int]]:
    """Per node, the variables one or two links away as predicate (itself left out):
    the ones of binarise((A·A + A)(J − I)) with A the predicate-to-argument matrix."""
    children: list[set[int]] = [set() for _ in range(len(graph))]
    for predicate, argument in graph.links:
        children[predicate].add(argument)
    hops = []
    for node, own in enumerate(children):
        reached = set(own)
        for child in own:
            reached |= children[child]
        reached.discard(node)
        hops.append(reached)
    return hops


def _hop_matrices(hops: list[set[int]]) -> tuple[np.ndarray, list[int], list[int]]:
    """[out, in] 0/1 matrices of the merged hops (in = outᵀ) and the out and in counts."""
    size = len(hops)
    matrices = np.zeros((2, size, size))
    in_counts = [0] * size
    cells = []
    for node, reached in enumerate(hops):
        for other in reached:
            cells += (node * size + other, (size + other) * size + node)
            in_counts[other] += 1
    matrices.put(cells, 1.0)
    return matrices, [len(reached) for reached in hops], in_counts


def _ratio(test_counts: np.ndarray, gold_counts: np.ndarray) -> np.ndarray:
    """ΔN = max/min of the neighbour counts, infinite where either is 0 (so the product vanishes)."""
    low = np.minimum(test_counts, gold_counts)
    return np.divide(np.maximum(test_counts, gold_counts), low, out=np.full(low.shape, np.inf), where=low > 0)


@dataclass(frozen=True)
class CompatNeighbourhood:
    """The merged 1- and 2-hop neighbour matrices of both graphs, out then in,
    stacked so that one ``matmul`` call makes both products (one BLAS product
    per layer, with the operands each layer would have alone), and the ratios."""

    test_hops: np.ndarray  # [out, in], each n x n, C order
    gold_hops_t: np.ndarray  # [outᵀ, inᵀ], each m x m, transposed views as in ``out.T``
    ratios: np.ndarray  # [out ratio, in ratio]

    @classmethod
    def of(cls, test: CompatGraph, gold: CompatGraph) -> CompatNeighbourhood:
        test_hops, test_out_counts, test_in_counts = _hop_matrices(merged_hops(test))
        gold_hops, gold_out_counts, gold_in_counts = _hop_matrices(merged_hops(gold))
        ratios = _ratio(np.array([test_out_counts, test_in_counts], dtype=float)[:, :, np.newaxis],
                        np.array([gold_out_counts, gold_in_counts], dtype=float)[:, np.newaxis, :])
        return cls(test_hops, gold_hops.transpose(0, 2, 1), ratios)

    def broadcast(self, anchors: np.ndarray, anchors_peak: float, params: Params) -> tuple[np.ndarray, int]:
        """The inner loop: A' = sqrt((S_out + 1)(S_in + 1) − 1), normalised, anchors reset,
        until ``allclose`` or ``max_inner`` steps; returns A and the steps taken
        (``anchors_peak``: the largest anchor cell, 1 or 0 when there is none).

        S_out = N_out,T · A · N_out,Gᵀ / ΔN_out, and S_in likewise. Each step
        works in buffers made once, in the order of the formula: the same
        numbers as fresh arrays, without their cost on small matrices."""
        halfway, products = np.empty((2, *anchors.shape)), np.empty((2, *anchors.shape))
        outgoing, incoming = products
        buffers = (np.empty(anchors.shape), np.empty(anchors.shape))  # the step's A and the one before, in turn
        change = np.empty(anchors.shape)
        test_hops, gold_hops_t, ratios, tolerance = self.test_hops, self.gold_hops_t, self.ratios, params.tolerance
        largest = np.maximum.reduce  # ndarray.max() without its Python wrapper
        current = anchors
        steps = 0
        for steps in range(1, params.max_inner + 1):
            previous, current = current, buffers[steps % 2]
            np.matmul(np.matmul(test_hops, previous, out=halfway), gold_hops_t, out=products)
            np.divide(products, ratios, out=products)
            np.add(products, 1.0, out=products)
            np.multiply(outgoing, incoming, out=outgoing)
            np.subtract(outgoing, 1.0, out=outgoing)
            np.sqrt(outgoing, out=current)
            peak = largest(current, None)
            if peak > 0:
                np.divide(current, peak, out=current)
            np.maximum(current, anchors, out=current)
            # numpy.allclose(previous, current, atol=tolerance), i.e. |change| <= atol + rtol·|current| in
            # every cell: the largest change settles it when it is within atol (every bound is at least atol)
            # or beyond the largest bound (rounding is monotonic); no cell of current exceeds 1 after a
            # normalisation, nor anchors' largest. Only in between is every cell compared.
            np.absolute(np.subtract(previous, current, out=change), out=change)
            moved = largest(change, None)
            if moved <= tolerance:
                break
            if moved <= tolerance + RELATIVE_TOLERANCE * max(1.0 if peak > 0 else 0.0, anchors_peak) and \
                    (change <= tolerance + RELATIVE_TOLERANCE * np.absolute(current)).all():
                break
        return current, steps


def _jaccard(a: set[str], b: set[str]) -> float:
    union = len(a | b)
    return len(a & b) / union if union else 0.0


class _LabelTies:
    """The reference's tie-break: the candidate whose raw label set has the highest Jaccard overlap."""

    def __init__(self, test: CompatGraph, gold: CompatGraph) -> None:
        self.graphs = (test, gold)
        self.sets: list[list[set[str]] | None] = [None, None]

    def _label_sets(self, side: int) -> list[set[str]]:
        if self.sets[side] is None:
            self.sets[side] = [set(labels) for labels in self.graphs[side].around]
        return self.sets[side]

    def overlaps(self, node: int, candidates: list[int], side: int) -> list[float]:
        own, other = self._label_sets(side)[node], self._label_sets(1 - side)
        return [_jaccard(own, other[candidate]) for candidate in candidates]

    def unique_winner(self, node: int, candidates: list[int], side: int) -> int | None:
        """The candidate with the unique best overlap, or None (also, as in the reference, when it is index 0)."""
        overlaps = self.overlaps(node, candidates, side)
        best = max(overlaps)
        if overlaps.count(best) > 1:
            return None
        return candidates[overlaps.index(best)] or None

    def first_winner(self, node: int, candidates: list[int], side: int) -> int:
        """The first candidate with the best overlap."""
        overlaps = self.overlaps(node, candidates, side)
        return candidates[overlaps.index(max(overlaps))]


@dataclass
class AnchorChoice:
    """One round's anchors, (test, gold) in row-major order, and where each row's
    and each column's maximum is reached."""

    anchors: list[tuple[int, int]]
    row_tied: np.ndarray
    column_tied: np.ndarray

    def new_anchor(self, adjusted: np.ndarray, i: int, j: int) -> NewAnchor:
        return NewAnchor(i, j, float(adjusted[i, j]), tuple(self.row_tied[i].nonzero()[0].tolist()),
                         tuple(self.column_tied[:, j].nonzero()[0].tolist()))



def _anchor_matrix(anchors: list[tuple[int, int]], shape: tuple[int, int]) -> np.ndarray:
    """The anchors as a 0/1 matrix."""
    matrix = np.zeros(shape)
    matrix.put([i * shape[1] + j for i, j in anchors], 1.0)
    return matrix


def _picks(tied: np.ndarray, ties: _LabelTies, side: int) -> list[int | None]:
    """Per row of ``tied``, the column of its maximum: the only one, else the label tie-break's unique winner or None."""
    picks: list[int | None] = tied.argmax(axis=1).tolist()
    for node, count in enumerate(np.add.reduce(tied, axis=1).tolist()):
        if count > 1:
            picks[node] = ties.unique_winner(node, tied[node].nonzero()[0].tolist(), side)
    return picks


def select_anchors(adjusted: np.ndarray, ties: _LabelTies) -> AnchorChoice:
    """Every pair that is its row's and its column's maximum (ties by labels)."""
    row_tied = adjusted == np.maximum.reduce(adjusted, axis=1)[:, np.newaxis]
    column_tied = adjusted == np.maximum.reduce(adjusted, axis=0)
    row_picks = _picks(row_tied, ties, 0)
    column_picks = _picks(column_tied.T, ties, 1)
    anchors = sorted((i, j) for j, i in enumerate(column_picks) if i is not None and row_picks[i] == j)
    return AnchorChoice(anchors, row_tied, column_tied)


def _mutual_best(adjusted: np.ndarray, rows: list[int], columns: list[int], ties: _LabelTies) -> list[tuple[int, int]]:
    """Iterated mutual best matching of the free rows and columns, as the reference does it.

    Each free node keeps a pointer into its own descending order of F (numpy's
    default sort, ties reversed with it); in every pass each node proposes the
    first free partner from its pointer, a tie at that value goes to the best
    label overlap (the pointer steps back by the number tied), and mutual
    proposals are matched and removed.
    """
    if not rows or not columns:
        return []
    values = adjusted.tolist()
    by_column = adjusted.T.tolist()
    row_order = adjusted.argsort(axis=1)[:, ::-1].tolist()
    column_order = adjusted.argsort(axis=0).T[:, ::-1].tolist()
    row_place = [0] * len(row_order)
    column_place = [0] * len(column_order)

    def propose(node: int, order: list[list[int]], place: list[int], free_other: list[int], free: set[int],
                own_values: list[float], side: int) -> int:
        ranking = order[node]
        choice = ranking[place[node]]
        while choice not in free:
            place[node] += 1
            if place[node] >= len(ranking):
                break
            choice = ranking[place[node]]
        value = own_values[choice]
        maxima = [other for other in free_other if own_values[other] == value]
        if len(maxima) != 1:
            choice = ties.first_winner(node, maxima, side)
            place[node] = max(place[node] - len(maxima), 0)
        return choice

    rows, columns = list(rows), list(columns)
    matched: list[tuple[int, int]] = []
    passes = 0
    while rows and columns:
        passes += 1
        if passes > MUTUAL_BEST_LIMIT:
            raise NoConvergence("the reference's mutual-best matching does not terminate on this pair")
        free_rows, free_columns = set(rows), set(columns)
        row_wants = {row: propose(row, row_order, row_place, columns, free_columns, values[row], 0) for row in rows}
        column_wants = {column: propose(column, column_order, column_place, rows, free_rows, by_column[column], 1)
                        for column in columns}
        pairs = [(i, j) for i, j in row_wants.items() if column_wants.get(j) == i]
        matched += pairs
        for i, j in pairs:
            rows.remove(i)
            columns.remove(j)
    return matched


def align_compat(test: CompatGraph, gold: CompatGraph, params: Params, trace: bool = False) -> CompatAlignment:
    """Initial anchors, up to ``max_outer`` rounds of broadcast and re-selection, then mutual best matching."""
    similarity, identical = intrinsic_similarity(test, gold, params.gamma)
    result = CompatAlignment({}, {}, {}, {}, similarity, identical, initial_anchors(test, gold))
    anchored = set(result.initial)
    anchors = _anchor_matrix(result.initial, similarity.shape)
    for i, j in result.initial:  # in test order, each row once: the order the reference records them in
        result.match(i, j, 0)
    neighbourhood = CompatNeighbourhood.of(test, gold)
    ties = _LabelTies(test, gold)
    shifted = similarity + params.alpha
    adjusted = np.zeros(similarity.shape)
    for quality in range(1, params.max_outer + 1):
        previous = anchors
        converged, steps = neighbourhood.broadcast(previous, 1.0 if anchored else 0.0, params)
        adjusted = ((converged + params.beta) * shifted).round(params.digits)
        choice = select_anchors(adjusted, ties)
        for i, j in sorted(anchored.difference(choice.anchors)):  # an anchor of an earlier round that is no longer one
            for mapping, quality_of, key in ((result.test_to_gold, result.test_quality, i),
                                             (result.gold_to_test, result.gold_quality, j)):
                mapping.pop(key, None)
                quality_of.pop(key, None)
        added = tuple(choice.new_anchor(adjusted, i, j) for i, j in choice.anchors if (i, j) not in anchored)
        result.rounds.append(Round(quality, steps, added, previous.copy() if trace else None,
                                   converged if trace else None, adjusted if trace else None))
        anchors, anchored = _anchor_matrix(choice.anchors, similarity.shape), set(choice.anchors)
        if not added:
            break
        for i, j in choice.anchors:
            result.match(i, j, quality)

    free_rows = [i for i in range(len(test)) if i not in result.test_to_gold]
    free_columns = [j for j in range(len(gold)) if j not in result.gold_to_test]
    for i, j in _mutual_best(adjusted, free_rows, free_columns, ties):
        result.match(i, j, FINALISED)
        result.finalised.append((i, j))
    result.unmatched(len(test), len(gold))
    return result
