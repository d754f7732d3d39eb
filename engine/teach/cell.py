"""One cell of a round explained with the numbers of the equations: what made its intrinsic
similarity S (AnCast paper eq. 1-4), its parent and child sums P and C as sums over named
neighbour pairs (eq. 5-6), the root (eq. 7), the normalisation (eq. 8), the anchor reset
(eq. 9) and the adjusted similarity F (eq. 13)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..align.broadcast import adjusted_similarity
from ..align.similarity import attribute_similarity, lemma_similarity, similarity_reasons
from .replay import NeighbourSum
from .trace import Trace

__all__ = ["CellExplanation", "SimilarityTerms", "explain_cell"]


@dataclass(frozen=True)
class SimilarityTerms:
    """The terms of eq. 1 for one node pair:

    S = (S_l (1 + gamma (S_s - 1)) + S_a) / (1 + 1[|R| > 0]),

    ``lemma`` = (test lemma, gold lemma, S_l of eq. 2), ``sense`` = (test sense, gold sense,
    S_s), ``attributes`` = the shared attribute keys R (eq. 4) as (role, test value, gold
    value), ``attribute_value`` = S_a (eq. 3, 0 without shared keys), and ``text`` the same
    in words."""

    lemma: tuple[str, str, float]
    sense: tuple[str | None, str | None, float]
    attributes: tuple[tuple[str, str, str], ...]
    attribute_value: float
    gamma: float
    text: str


@dataclass(frozen=True)
class CellExplanation:
    """Cell (test, gold) after inner iteration ``iteration`` of round ``round``.

    ``parents`` and ``children`` are P and C (eq. 5-6) from the previous iterate (the
    round's anchors at iteration 1); ``raw`` = sqrt((P + 1)(C + 1) - 1) (eq. 7);
    ``normaliser`` the largest raw value of the iteration (eq. 8); ``broadcast`` = A, 1 for
    an ``anchor`` (eq. 9), else raw / normaliser; ``adjusted`` = F = (S + alpha)(A + beta)
    (eq. 13), rounded to the digits the scorer rounds F to."""

    test: int
    gold: int
    round: int
    iteration: int
    iterations: int
    similarity: float
    terms: SimilarityTerms
    parents: NeighbourSum
    children: NeighbourSum
    raw: float
    normaliser: float
    anchor: bool
    broadcast: float
    adjusted: float
    alpha: float
    beta: float


def similarity_terms(trace: Trace, i: int, j: int) -> SimilarityTerms:
    """The terms of S_ij (eq. 1-4), read off the two nodes."""
    test, gold = trace.test.nodes[i], trace.gold.nodes[j]
    test_attributes, gold_attributes = trace.test.attributes_by_node[i], trace.gold.attributes_by_node[j]
    shared = tuple(
        (key, test_attributes[key], gold_attributes[key])
        for key in sorted(test_attributes.keys() & gold_attributes.keys())
    )
    return SimilarityTerms(
        (test.lemma, gold.lemma, lemma_similarity(test.lemma, gold.lemma)),
        (test.sense, gold.sense, 1.0 if test.sense == gold.sense else 0.0),
        shared,
        attribute_similarity(test_attributes, gold_attributes)[0],
        trace.params.gamma,
        similarity_reasons(test, gold, test_attributes, gold_attributes, float(trace.similarity[i, j])),
    )


def _index(size: int, index: int, side: str) -> None:
    if not 0 <= index < size:
        raise ValueError(f"{side} node {index} does not exist: the {side} graph has {size} nodes")


def explain_cell(trace: Trace, i: int, j: int, round_number: int = 1, iteration: int | None = None) -> CellExplanation:
    """Explain cell (i, j) after ``iteration`` (1-based; None: the last, converged one) of
    round ``round_number``. ValueError for a node, round or iteration that does not exist."""
    _index(len(trace.test), i, "test")
    _index(len(trace.gold), j, "gold")
    round_ = trace.round(round_number)
    count = len(round_.iterates)
    iteration = count if iteration is None else iteration
    if not 1 <= iteration <= count:
        raise ValueError(
            f"iteration {iteration} does not exist: round {round_number} has {count} iterations (1-{count})"
        )
    previous = round_.anchors if iteration == 1 else round_.iterates[iteration - 2].matrix
    current = round_.iterates[iteration - 1]
    parents, children = trace.replay.cell(previous, i, j)
    params = trace.params
    similarity = float(trace.similarity[i, j])
    broadcast = float(current.matrix[i, j])
    return CellExplanation(
        i,
        j,
        round_number,
        iteration,
        count,
        similarity,
        similarity_terms(trace, i, j),
        parents,
        children,
        math.sqrt((parents.value + 1.0) * (children.value + 1.0) - 1.0),
        current.normaliser,
        bool(round_.anchors[i, j] > 0),
        broadcast,
        float(adjusted_similarity(np.array(similarity), np.array(broadcast), params.alpha, params.beta, params.digits)),
        params.alpha,
        params.beta,
    )
