"""Intrinsic node similarity (AnCast paper §2.1, eq. 1-4), and the words
that say what made one pair's S."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

import numpy as np

from ..model import Graph, Node, split_concept

__all__ = [
    "Coded",
    "NodeCodes",
    "attribute_similarity",
    "coded_lemma_similarity",
    "contained_lemmas",
    "intrinsic_similarity",
    "lemma_similarity",
    "lemma_table",
    "node_codes",
    "similarity_reasons",
    "stacked_lemma_similarity",
    "stacked_similarity",
]


@lru_cache(maxsize=65536)
def lemma_similarity(a: str, b: str) -> float:
    """Eq. 2: |shorter| / |longer| when one lemma contains the other, else 0.

    he/she = 2/3, fry/stir-fry = 3/8, book/paper = 0.
    """
    shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
    if not longer or shorter not in longer:
        return 0.0
    return len(shorter) / len(longer)


def attribute_similarity(test: dict[str, str], gold: dict[str, str]) -> tuple[float, int]:
    """Eq. 3-4: the share of attribute keys present on both nodes whose values
    are equal, and the number of such shared keys (|R|; 0 gives similarity 0)."""
    shared = test.keys() & gold.keys()
    if not shared:
        return 0.0, 0
    equal = sum(1 for key in shared if test[key] == gold[key])
    return equal / len(shared), len(shared)


def contained_lemmas(lemmas: Sequence[str]) -> list[tuple[int, int]]:
    """The pairs (a, b) of positions in ``lemmas`` (distinct) where lemmas[a] is part of the longer
    lemmas[b], eq. 2's second case. Found in the lemmas joined line by line: a lemma occurs in them
    more than once (on its own line) only when a longer one holds it, so most lemmas take one count
    and no comparison. The empty lemma, part of every other, is left out (eq. 2 gives it 0).

    >>> contained_lemmas(["he", "she", "fry", "stir-fry", "book"])
    [(0, 1), (2, 3)]
    """
    joined = "\n".join(lemmas)
    starts = list(accumulate((len(lemma) + 1 for lemma in lemmas), initial=0))  # each lemma's line
    found: list[tuple[int, int]] = []
    for place, lemma in enumerate(lemmas):
        if lemma and joined.count(lemma) > 1:
            holders: set[int] = set()
            at = joined.find(lemma)
            while at >= 0:
                line = bisect_right(starts, at) - 1
                if at + len(lemma) < starts[line + 1]:  # within that line (a lemma may hold a line break)
                    holders.add(line)
                at = joined.find(lemma, at + 1)
            holders.discard(place)
            found.extend((place, holder) for holder in sorted(holders))
    return found


class Coded(NamedTuple):
    """Values of stacked pairs as integers, equal values alike on both sides: per side a (B, width)
    table, a row per pair, padded with D on the test side and D + 1 on the gold side (D distinct
    values, ``values`` in order of first appearance), so that padding matches nothing."""

    test: np.ndarray
    gold: np.ndarray
    values: list[str]


def _coded(test_values: Sequence[Sequence[str]], gold_values: Sequence[Sequence[str]]) -> Coded:
    """``test_values[b]`` and ``gold_values[b]``, pair b's values on each side, as :class:`Coded`."""
    codes: dict[str, int] = {}
    flat = [
        [codes.setdefault(value, len(codes)) for values in side for value in values]
        for side in (test_values, gold_values)
    ]
    tables = []
    for padding, side, own in zip((len(codes), len(codes) + 1), (test_values, gold_values), flat):
        sizes = np.array([len(values) for values in side], dtype=np.int64)
        table = np.full((len(side), int(sizes.max(initial=0))), padding, dtype=np.int64)
        table[np.arange(table.shape[1])[None, :] < sizes[:, None]] = own
        tables.append(table)
    return Coded(tables[0], tables[1], list(codes))


class NodeCodes(NamedTuple):
    """The lemmas and the senses (``""`` for none) of the nodes of stacked pairs, each :class:`Coded`."""

    lemmas: Coded
    senses: Coded


def node_codes(pairs: Sequence[tuple[Graph, Graph]]) -> NodeCodes:
    """The :class:`NodeCodes` of the stacked pairs (test, gold): their nodes' concepts coded in one
    pass, then each distinct concept split into lemma and sense (as :class:`~engine.model.Node` does).

    >>> from engine.model import Graph, Node
    >>> graph = Graph("a", (Node("a", "read-01"), Node("b", "read-02"), Node("c", "book")), (), ())
    >>> codes = node_codes([(graph, graph)])
    >>> codes.lemmas.test.tolist(), codes.lemmas.values, codes.senses.test.tolist(), codes.senses.values
    ([[0, 0, 1]], ['read', 'book'], [[0, 1, 2]], ['01', '02', ''])
    """
    concepts = _coded(
        [[node.concept for node in test.nodes] for test, _ in pairs],
        [[node.concept for node in gold.nodes] for _, gold in pairs],
    )
    parts = [split_concept(concept) for concept in concepts.values]
    return NodeCodes(
        _recoded(concepts, [lemma for lemma, _ in parts]), _recoded(concepts, [sense or "" for _, sense in parts])
    )


def _recoded(coded: Coded, values: list[str]) -> Coded:
    """``coded`` with its k-th value replaced by ``values[k]`` (equal new values then alike), padding
    kept apart on each side."""
    codes: dict[str, int] = {}
    renumbered = [codes.setdefault(value, len(codes)) for value in values]
    table = np.array([*renumbered, len(codes), len(codes) + 1], dtype=np.int64)
    return Coded(table[coded.test], table[coded.gold], list(codes))


def stacked_lemma_similarity(test_lemmas: Sequence[Sequence[str]], gold_lemmas: Sequence[Sequence[str]]) -> np.ndarray:
    """(B, N, M): :func:`lemma_similarity` of every test lemma of pair b (``test_lemmas[b]``) against
    every gold lemma of it (``gold_lemmas[b]``), 0 on the padding (:func:`coded_lemma_similarity`).

    >>> stacked_lemma_similarity([["he", "fry"]], [["she", "stir-fry", "book"]]).round(3).tolist()
    [[[0.667, 0.0, 0.0], [0.0, 0.375, 0.0]]]
    """
    return coded_lemma_similarity(_coded(test_lemmas, gold_lemmas))


def coded_lemma_similarity(lemmas: Coded) -> np.ndarray:
    """(B, N, M): :func:`lemma_similarity` of stacked pairs' lemmas given as codes. Equal lemmas are
    found by comparing codes; a lemma part of another only among the few pairs
    :func:`contained_lemmas` finds in the whole stack (:func:`_add_parts`)."""
    test_codes, gold_codes, distinct = lemmas
    count = len(distinct)
    if "" in distinct:  # eq. 2 gives the empty lemma 0, even against itself: coded as padding
        empty = distinct.index("")
        test_codes = np.where(test_codes == empty, count, test_codes)
        gold_codes = np.where(gold_codes == empty, count + 1, gold_codes)
    table = (test_codes[:, :, None] == gold_codes[:, None, :]).astype(float)  # |a| / |a| = 1
    contained = contained_lemmas(distinct)
    if contained:
        shorter, longer = np.array(contained, dtype=np.int64).T
        values = np.array([lemma_similarity(distinct[a], distinct[b]) for a, b in contained])
        _add_parts(table, test_codes, gold_codes, count + 2, shorter, longer, values)
    return table


def _add_parts(
    table: np.ndarray,
    test_codes: np.ndarray,
    gold_codes: np.ndarray,
    codes: int,
    shorter: np.ndarray,
    longer: np.ndarray,
    values: np.ndarray,
) -> None:
    """Eq. 2's second case, added to ``table`` (B, N, M) for the stacked codes (each below ``codes``):
    ``values[k]`` where one lemma is shorter[k] and the other longer[k]. Only the cells whose two
    lemmas are both in such pairs are looked up, each by its (test code, gold code) in the sorted
    keys of the pairs, both ways round (a lemma is never both part and holder of another)."""
    involved = np.zeros(codes, dtype=bool)
    involved[shorter] = involved[longer] = True
    pair, row, column = np.nonzero(involved[test_codes][:, :, None] & involved[gold_codes][:, None, :])
    cells = test_codes[pair, row] * codes + gold_codes[pair, column]
    keys = np.concatenate([shorter * codes + longer, longer * codes + shorter])
    order = np.argsort(keys)
    keys = keys[order]
    found = np.minimum(np.searchsorted(keys, cells), len(keys) - 1)
    hit = keys[found] == cells
    table[pair[hit], row[hit], column[hit]] += np.concatenate([values, values])[order[found[hit]]]  # 0 + value


def lemma_table(test_lemmas: Sequence[str], gold_lemmas: Sequence[str]) -> np.ndarray:
    """:func:`lemma_similarity` of every test lemma against every gold lemma (one pair's
    :func:`stacked_lemma_similarity`).

    >>> lemma_table(["he", "fry"], ["she", "stir-fry", "book"]).round(3).tolist()
    [[0.667, 0.0, 0.0], [0.0, 0.375, 0.0]]
    """
    return stacked_lemma_similarity([test_lemmas], [gold_lemmas])[0]


def intrinsic_similarity(test: Graph, gold: Graph, gamma: float) -> np.ndarray:
    """The |V_T| x |V_G| matrix S of eq. 1 for every test/gold node pair:

    S_ij = (S_l (1 + gamma (S_s - 1)) + S_a) / (1 + 1[|R_ij| > 0]),

    with S_l the lemma similarity (eq. 2), S_s = 1 when the senses are equal (two
    senseless concepts count as equal) and S_a the attribute similarity (eq. 3-4).
    """
    return stacked_similarity([(test, gold)], gamma)[0]


def stacked_similarity(
    pairs: Sequence[tuple[Graph, Graph]], gamma: float, codes: NodeCodes | None = None
) -> np.ndarray:
    """:func:`intrinsic_similarity` of every pair (test, gold) at once: (B, N, M), pair b's S in
    its first |V_T| rows and |V_G| columns, 0 on the padding. Each cell is computed by the same
    operations in the same order as for the pair alone, so it is the same number. ``codes``: the
    pairs' :func:`node_codes` when already known."""
    tests, golds = [test for test, _ in pairs], [gold for _, gold in pairs]
    lemmas, senses = codes or node_codes(pairs)
    lemma = coded_lemma_similarity(lemmas)
    similarity = (senses.test[:, :, None] == senses.gold[:, None, :]).astype(float)
    similarity -= 1.0  # lemma (1 + gamma (S_s - 1)), in place: the same numbers, fewer temporaries
    similarity *= gamma
    similarity += 1.0
    similarity *= lemma
    _add_attributes(similarity, [test.attributed_nodes for test in tests], [gold.attributed_nodes for gold in golds])
    return similarity


def _attribute_codes(sides: Sequence[Sequence[dict[int, dict[str, str]]]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per side, the (pair, node) of each node with attributes, pair by pair, and its attributes
    as a row of value codes per key (-1: the node lacks the key), codes shared by both sides."""
    keys: dict[str, int] = {}
    values: dict[str, int] = {}
    found = []
    for side in sides:
        places: list[tuple[int, int]] = []
        entries: list[tuple[int, int, int]] = []  # (row, key code, value code)
        for pair, attributed in enumerate(side):
            for node, attributes in attributed.items():
                row = len(places)
                places.append((pair, node))
                entries += [
                    (row, keys.setdefault(key, len(keys)), values.setdefault(value, len(values)))
                    for key, value in attributes.items()
                ]
        found.append((places, entries))
    coded = []
    for places, entries in found:
        table = np.full((len(places), len(keys)), -1, dtype=np.int64)
        if entries:
            rows, columns, codes = np.array(entries, dtype=np.int64).T
            table[rows, columns] = codes
        coded.append((np.array(places, dtype=np.int64).reshape(-1, 2), table))
    return coded


def _add_attributes(
    similarity: np.ndarray,
    test_attributes: Sequence[dict[int, dict[str, str]]],
    gold_attributes: Sequence[dict[int, dict[str, str]]],
) -> None:
    """S = (S + S_a) / 2 where two nodes of a pair share attribute keys (eq. 1, 3-4):
    :func:`attribute_similarity` of every such pair of nodes of the stacked ``similarity`` at once,
    ``test_attributes[b]`` and ``gold_attributes[b]`` pair b's nodes with attributes (node -> its
    attributes, :attr:`~engine.model.Graph.attributed_nodes`)."""
    (test_places, test_codes), (gold_places, gold_codes) = _attribute_codes([test_attributes, gold_attributes])
    if not len(test_places) or not len(gold_places):
        return
    # every test node with attributes against every gold node with attributes of its pair
    gold_starts = np.searchsorted(gold_places[:, 0], np.arange(len(similarity) + 1))
    owners = test_places[:, 0]
    counts = gold_starts[owners + 1] - gold_starts[owners]
    tests = np.repeat(np.arange(len(test_places)), counts)
    golds = np.repeat(gold_starts[owners] - (np.cumsum(counts) - counts), counts) + np.arange(int(counts.sum()))
    test_rows, gold_rows = test_codes[tests], gold_codes[golds]
    both = (test_rows >= 0) & (gold_rows >= 0)
    shared = both.sum(axis=1)
    equal = (both & (test_rows == gold_rows)).sum(axis=1)
    cells = (test_places[tests, 0], test_places[tests, 1], gold_places[golds, 1])
    block = similarity[cells]
    mean = (block + np.divide(equal, shared, out=np.zeros(shared.shape), where=shared > 0)) / 2
    similarity[cells] = np.where(shared > 0, mean, block)


def _number(value: float) -> str:
    return f"{value:.3g}"


def _lemma_words(test: Node, gold: Node) -> str:
    """Eq. 2 and the sense factor in words."""
    if test.lemma == gold.lemma:
        lemma = "same lemma"
    else:
        shorter, longer = sorted((test.lemma, gold.lemma), key=len)
        part = lemma_similarity(test.lemma, gold.lemma)
        lemma = (
            f"lemma {shorter} is part of {longer} ({len(shorter)}/{len(longer)})"
            if part
            else f"lemmas differ ({test.lemma} vs {gold.lemma})"
        )
    if test.sense == gold.sense:
        return lemma + " and sense" if test.lemma == gold.lemma else lemma
    return f"{lemma}, senses differ ({test.sense or 'none'} vs {gold.sense or 'none'})"


def similarity_reasons(
    test: Node, gold: Node, test_attributes: dict[str, str], gold_attributes: dict[str, str], value: float
) -> str:
    """What made ``value``, the S of eq. 1 of two nodes, in words: the lemmas (eq. 2), the senses,
    and the attributes both nodes have (eq. 3-4), e.g. "same lemma and sense; attributes differ
    (:aspect performance vs process); the mean of 1 (lemma, sense) and 0 (attributes)". With shared
    attribute keys S is the mean of the lemma-and-sense term L = S_l (1 + gamma (S_s - 1)) and S_a,
    so L = 2 S - S_a (said when S < 1)."""
    reasons = [_lemma_words(test, gold)]
    shared = sorted(test_attributes.keys() & gold_attributes.keys())
    if shared:
        differing = [key for key in shared if test_attributes[key] != gold_attributes[key]]
        equal = [key for key in shared if key not in differing]
        if differing:
            pairs = ", ".join(f"{key} {test_attributes[key]} vs {gold_attributes[key]}" for key in differing)
            reasons.append(f"attributes differ ({pairs})")
        if equal:
            reasons.append("same " + ", ".join(f"{key} {test_attributes[key]}" for key in equal))
        attributes = attribute_similarity(test_attributes, gold_attributes)[0]
        if value < 1:
            reasons.append(
                f"the mean of {_number(2 * value - attributes)} (lemma, sense) and {_number(attributes)} (attributes)"
            )
    return "; ".join(reasons)
