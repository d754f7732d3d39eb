"""The alignment exactly as ``ancast`` 0.1.1 computes it (as observed by running it).

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

from ..align.alignment import Round
from ..align.broadcast import NewAnchor
from ..align.similarity import lemma_similarity
from ..errors import NoConvergence
from ..params import Params
from .graph import CompatGraph

__all__ = [
    "FINALISED",
    "UNMATCHED",
    "CompatAlignment",
    "ConceptLedger",
    "NoConvergence",
    "align_compat",
    "initial_anchors",
    "intrinsic_similarity",
]

UNMATCHED = -2  # quality of a node left without a partner
FINALISED = -1  # quality of a node matched by the mutual-best loop
MUTUAL_BEST_LIMIT = 500  # the reference gives up (with an exception) after this many passes
RELATIVE_TOLERANCE = 1e-5  # numpy.allclose's rtol, which the reference leaves at its default


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
        for mapping, quality, ledger, size in (
            (self.test_to_gold, self.test_quality, self.test_ledger, test_size),
            (self.gold_to_test, self.gold_quality, self.gold_ledger, gold_size),
        ):
            for node in range(size):
                if node not in mapping:
                    mapping[node], quality[node] = None, UNMATCHED
                    ledger.add(0.0, False)


def _containing_names(test_names: list[str], gold_names: list[str]) -> set[tuple[int, int]]:
    """The node pairs whose lowercased names contain one another, the only ones with
    sim(name_i, name_j) can be above 0 (eq. 2). A name found in none of the other side's names,
    all joined, is contained in none of them: most names are settled by one search."""
    found: set[tuple[int, int]] = set()
    sides = []
    for names in (test_names, gold_names):
        nodes: dict[str, list[int]] = {}
        for node, name in enumerate(names):
            nodes.setdefault(name.lower(), []).append(node)
        sides.append(nodes)
    for own, other, flip in ((sides[0], sides[1], False), (sides[1], sides[0], True)):
        joined = "\n".join(other)
        for name, own_nodes in own.items():
            if name in joined:
                for other_name, other_nodes in other.items():
                    if name in other_name:
                        found.update((j, i) if flip else (i, j) for i in own_nodes for j in other_nodes)
    return found


def _sharing_constants(
    test_constants: list[dict[str, str]], gold_constants: list[dict[str, str]]
) -> set[tuple[int, int]]:
    """The node pairs with a non-``op`` constant label in common."""
    gold_with_constants = [(j, constants) for j, constants in enumerate(gold_constants) if constants]
    return {
        (i, j)
        for i, constants_i in enumerate(test_constants)
        if constants_i
        for j, constants_j in gold_with_constants
        if not constants_i.keys().isdisjoint(constants_j)
    }


def intrinsic_similarity(test: CompatGraph, gold: CompatGraph, gamma: float) -> tuple[np.ndarray, np.ndarray]:
    """S of the reference, and where the glued names and senses are identical:

    S_ij = (sim(name_i + ops_i, name_j + ops_j)·(1 + γ(S_s − 1)) + S_a) / (1 + 1[shared constant labels]),
    with S_a over the test node's non-``op`` labels also present on the gold node.

    Computed cell by cell as the reference does, where a name contains the other
    or a constant label is shared; everywhere else it comes to 0 (not identical).
    """
    shape = (len(test), len(gold))
    cells, values, identical_cells = [], [], []
    for i, j in _containing_names(test.names, gold.names) | _sharing_constants(test.constants, gold.constants):
        same_sense = test.senses[i] == gold.senses[j]
        name = lemma_similarity(test.names[i].lower(), gold.names[j].lower()) * (1 + gamma * (same_sense - 1))
        constants_i, constants_j = test.constants[i], gold.constants[j]
        shared = [label for label in constants_i if label in constants_j]
        constant = sum(constants_i[label] == constants_j[label] for label in shared) / len(shared) if shared else 0
        cells.append(i * shape[1] + j)
        values.append((name + constant) / (1 + (1 if shared else 0)))
        if name == 1 and same_sense:
            identical_cells.append(i * shape[1] + j)
    similarity, identical = np.zeros(shape), np.zeros(shape, dtype=bool)
    similarity.put(cells, values)
    identical.put(identical_cells, True)
    return similarity, identical


def initial_anchors(test: CompatGraph, gold: CompatGraph) -> list[tuple[int, int]]:
    """Same lemma, once in each graph, and a substring of both lowercased sentences (in test order)."""
    test_once, gold_once = _once(test.lemmas), _once(gold.lemmas)
    test_text, gold_text = test.text.lower(), gold.text.lower()
    return [
        (i, gold_once[lemma])
        for lemma, i in test_once.items()
        if lemma in gold_once and lemma in test_text and lemma in gold_text
    ]


def _once(lemmas: list[str]) -> dict[str, int]:
    """The lemmas found once, with their place (in order of place)."""
    places: dict[str, int | None] = {}
    for place, lemma in enumerate(lemmas):
        places[lemma] = None if lemma in places else place
    return {lemma: place for lemma, place in places.items() if place is not None}


def _merged_hops(graph: CompatGraph) -> list[set[int]]:
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


def _hop_matrices(hops: list[set[int]]) -> tuple[np.ndarray, list[list[int]]]:
    """[out, in] 0/1 matrices of the merged hops (in = outᵀ) and [out counts, in counts]."""
    size = len(hops)
    matrices = np.zeros((2, size, size))
    in_counts = [0] * size
    cells: list[int] = []
    for node, reached in enumerate(hops):
        for other in reached:
            cells += (node * size + other, (size + other) * size + node)
            in_counts[other] += 1
    matrices.put(cells, 1.0)
    return matrices, [[len(reached) for reached in hops], in_counts]


def _ratios(test_counts: list[list[int]], gold_counts: list[list[int]]) -> np.ndarray:
    """ΔN_ij = max/min of node i's and node j's neighbour counts, for each layer.

    Where either count is 0 the reference makes ΔN infinite so that the product
    vanishes; but the product is 0 there already (that node's row or column of
    hops is empty), and 0 divided by any positive number is 0, so the counts are
    taken as at least 1, which changes no other ΔN."""
    test, gold = np.array(test_counts, dtype=float), np.array(gold_counts, dtype=float)
    np.maximum(test, 1.0, out=test)
    np.maximum(gold, 1.0, out=gold)
    test, gold = test[:, :, np.newaxis], gold[:, np.newaxis, :]
    return np.maximum(test, gold) / np.minimum(test, gold)


class CompatNeighbourhood:
    """The merged 1- and 2-hop neighbour matrices of both graphs, out then in,
    stacked so that one ``matmul`` call makes both products (one BLAS product
    per layer, with the operands each layer would have alone), the ratios, and
    the buffers the broadcast works in, made once for the pair."""

    def __init__(self, test: CompatGraph, gold: CompatGraph) -> None:
        test_hops, test_counts = _hop_matrices(_merged_hops(test))
        gold_hops, gold_counts = _hop_matrices(_merged_hops(gold))
        self.test_hops = test_hops  # [out, in], each n x n, C order
        self.gold_hops_t = gold_hops.transpose(0, 2, 1)  # [outᵀ, inᵀ], each m x m, transposed views as ``out.T``
        self.ratios = _ratios(test_counts, gold_counts)
        shape = (len(test), len(gold))
        self.halfway, self.products = np.empty((2, *shape)), np.empty((2, *shape))
        self.steps = (np.empty(shape), np.empty(shape))  # a step's A and the one before, in turn
        self.change = np.empty(shape)

    def broadcast(self, anchors: np.ndarray, anchors_peak: float, params: Params) -> tuple[np.ndarray, int]:
        """The inner loop: A' = sqrt((S_out + 1)(S_in + 1) − 1), normalised, anchors reset,
        until ``allclose`` or ``max_inner`` steps; returns A (in a buffer the next
        call overwrites) and the steps taken; ``anchors_peak`` is the largest
        anchor cell, 1, or 0 when there is none.

        S_out = N_out,T · A · N_out,Gᵀ / ΔN_out, and S_in likewise, each step in
        place in the order of the formula: the same numbers as fresh arrays."""
        test_hops, gold_hops_t, ratios, tolerance = self.test_hops, self.gold_hops_t, self.ratios, params.tolerance
        halfway, products, change = self.halfway, self.products, self.change
        outgoing, incoming = products
        current = anchors
        steps = 0
        for steps in range(1, params.max_inner + 1):
            previous, current = current, self.steps[steps % 2]
            np.matmul(np.matmul(test_hops, previous, halfway), gold_hops_t, products)
            np.divide(products, ratios, products)
            np.add(products, 1.0, products)
            np.multiply(outgoing, incoming, outgoing)
            np.subtract(outgoing, 1.0, outgoing)
            np.sqrt(outgoing, current)
            peak = current.item(current.argmax())
            if peak > 0:
                np.divide(current, peak, current)
            np.maximum(current, anchors, out=current)
            np.absolute(np.subtract(previous, current, change), change)
            # no cell of A exceeds 1 after a normalisation, nor anchors' largest
            if _all_close(change, current, max(1.0 if peak > 0 else 0.0, anchors_peak), tolerance):
                break
        return current, steps


def _all_close(change: np.ndarray, current: np.ndarray, current_peak: float, tolerance: float) -> bool:
    """``numpy.allclose(previous, current, atol=tolerance)`` (rtol 1e-5) for finite
    arrays, given change = |previous − current| and 0 <= current <= current_peak.

    It holds when every |change| <= atol + rtol·|current|: the largest change
    settles it when it is within atol (every bound is at least atol) or beyond
    the largest bound, atol + rtol·current_peak (rounding is monotonic); only in
    between is every cell compared."""
    moved = change.item(change.argmax())
    if moved <= tolerance:
        return True
    if moved > tolerance + RELATIVE_TOLERANCE * current_peak:
        return False
    return bool((change <= tolerance + RELATIVE_TOLERANCE * np.absolute(current)).all())


def _jaccard(a: set[str], b: set[str]) -> float:
    union = len(a | b)
    return len(a & b) / union if union else 0.0


class _LabelTies:
    """The reference's tie-break: the candidate whose raw label set has the highest Jaccard overlap."""

    def __init__(self, test: CompatGraph, gold: CompatGraph) -> None:
        self.graphs = (test, gold)
        self.sets: dict[int, list[set[str]]] = {}  # side -> each node's raw labels, made when first asked

    def _label_sets(self, side: int) -> list[set[str]]:
        if side not in self.sets:
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


def _maxima(tied: np.ndarray) -> list[list[int]]:
    """Per row of a 0/1 matrix, the columns of its ones in order."""
    maxima: list[list[int]] = [[] for _ in range(tied.shape[0])]
    rows, columns = tied.nonzero()
    for row, column in zip(rows.tolist(), columns.tolist()):
        maxima[row].append(column)
    return maxima


def _picks(maxima: list[list[int]], ties: _LabelTies, side: int) -> list[int | None]:
    """Per node, the partner at its maximum: the only one, else the label tie-break's unique winner or None."""
    return [
        candidates[0] if len(candidates) == 1 else ties.unique_winner(node, candidates, side)
        for node, candidates in enumerate(maxima)
    ]


@dataclass
class AnchorChoice:
    """One round's anchors, (test, gold) in row-major order, and for each row and
    each column the places of its maximum."""

    anchors: list[tuple[int, int]]
    row_maxima: list[list[int]]
    column_maxima: list[list[int]]

    def new_anchor(self, adjusted: np.ndarray, i: int, j: int) -> NewAnchor:
        return NewAnchor(i, j, float(adjusted[i, j]), tuple(self.row_maxima[i]), tuple(self.column_maxima[j]))


def _anchor_matrix(anchors: list[tuple[int, int]], shape: tuple[int, int]) -> np.ndarray:
    """The anchors as a 0/1 matrix."""
    matrix = np.zeros(shape)
    matrix.put([i * shape[1] + j for i, j in anchors], 1.0)
    return matrix


def select_anchors(adjusted: np.ndarray, ties: _LabelTies) -> AnchorChoice:
    """Every pair that is its row's and its column's maximum (ties by labels)."""
    row_maxima = _maxima(adjusted == np.maximum.reduce(adjusted, axis=1)[:, np.newaxis])
    column_maxima = _maxima((adjusted == np.maximum.reduce(adjusted, axis=0)).T)
    row_picks = _picks(row_maxima, ties, 0)
    column_picks = _picks(column_maxima, ties, 1)
    anchors = sorted([(i, j) for j, i in enumerate(column_picks) if i is not None and row_picks[i] == j])
    return AnchorChoice(anchors, row_maxima, column_maxima)


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

    def propose(
        node: int,
        order: list[list[int]],
        place: list[int],
        free_other: list[int],
        free: set[int],
        own_values: list[float],
        side: int,
    ) -> int:
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
        column_wants = {
            column: propose(column, column_order, column_place, rows, free_rows, by_column[column], 1)
            for column in columns
        }
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
    neighbourhood = CompatNeighbourhood(test, gold)
    ties = _LabelTies(test, gold)
    shifted = similarity + params.alpha
    adjusted = np.zeros(similarity.shape)
    for quality in range(1, params.max_outer + 1):
        previous = anchors
        converged, steps = neighbourhood.broadcast(previous, 1.0 if anchored else 0.0, params)
        adjusted = ((converged + params.beta) * shifted).round(params.digits)
        choice = select_anchors(adjusted, ties)
        for i, j in sorted(anchored.difference(choice.anchors)):  # an anchor of an earlier round that is no longer one
            for mapping, quality_of, key in (
                (result.test_to_gold, result.test_quality, i),
                (result.gold_to_test, result.gold_quality, j),
            ):
                mapping.pop(key, None)
                quality_of.pop(key, None)
        added = tuple([choice.new_anchor(adjusted, i, j) for i, j in choice.anchors if (i, j) not in anchored])
        result.rounds.append(
            Round(
                quality,
                steps,
                added,
                previous.copy() if trace else None,
                converged.copy() if trace else None,
                adjusted if trace else None,
            )
        )
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
