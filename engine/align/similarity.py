"""Intrinsic node similarity (AnCast paper §2.1, eq. 1-4), and the words
that say what made one pair's S."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..model import Graph, Node

__all__ = ["attribute_similarity", "intrinsic_similarity", "lemma_similarity", "lemma_table", "similarity_reasons"]


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


def _distinct(values: list[str]) -> tuple[list[str], list[int]]:
    """The distinct values in order of first appearance, and each value's position among them."""
    positions: dict[str, int] = {}
    index = [positions.setdefault(value, len(positions)) for value in values]
    return list(positions), index


def lemma_table(test_lemmas: list[str], gold_lemmas: list[str]) -> np.ndarray:
    """:func:`lemma_similarity` of every test lemma against every gold lemma. Equal lemmas are
    found by lookup; a lemma inside a different one only where it occurs in the other side's
    lemmas, joined, more often than as one of them (rarely), so that most of the table needs no
    comparison at all.

    >>> lemma_table(["he", "fry"], ["she", "stir-fry", "book"]).round(3).tolist()
    [[0.667, 0.0, 0.0], [0.0, 0.375, 0.0]]
    """
    table = np.zeros((len(test_lemmas), len(gold_lemmas)))
    gold_places: dict[str, list[int]] = {}
    for column, lemma in enumerate(gold_lemmas):
        gold_places.setdefault(lemma, []).append(column)
    for row, lemma in enumerate(test_lemmas):
        for column in gold_places.get(lemma, ()):
            table[row, column] = lemma_similarity(lemma, lemma)
    for own, other, transposed in ((test_lemmas, gold_lemmas, False), (gold_lemmas, test_lemmas, True)):
        joined, listed = "\n".join(other), set(other)  # no lemma holds a line break
        for place, lemma in enumerate(own):
            if joined.count(lemma) > (lemma in listed):
                for other_place, longer in enumerate(other):
                    if longer != lemma and lemma in longer:
                        cell = (other_place, place) if transposed else (place, other_place)
                        table[cell] = lemma_similarity(lemma, longer)
    return table


def _codes(test_values: list, gold_values: list) -> tuple[np.ndarray, np.ndarray]:
    """Each value as an integer, equal values alike across both lists."""
    codes: dict = {}
    return (
        np.array([codes.setdefault(value, len(codes)) for value in test_values], dtype=np.int64),
        np.array([codes.setdefault(value, len(codes)) for value in gold_values], dtype=np.int64),
    )


def intrinsic_similarity(test: Graph, gold: Graph, gamma: float) -> np.ndarray:
    """The |V_T| x |V_G| matrix S of eq. 1 for every test/gold node pair:

    S_ij = (S_l (1 + gamma (S_s - 1)) + S_a) / (1 + 1[|R_ij| > 0]),

    with S_l the lemma similarity (eq. 2), S_s = 1 when the senses are equal (two
    senseless concepts count as equal) and S_a the attribute similarity (eq. 3-4).
    """
    test_lemmas, test_index = _distinct([node.lemma for node in test.nodes])
    gold_lemmas, gold_index = _distinct([node.lemma for node in gold.nodes])
    lemma = lemma_table(test_lemmas, gold_lemmas)[np.ix_(test_index, gold_index)]
    test_senses, gold_senses = _codes(
        [node.sense or "" for node in test.nodes], [node.sense or "" for node in gold.nodes]
    )
    similarity = (test_senses[:, None] == gold_senses[None, :]).astype(float)
    similarity -= 1.0  # lemma (1 + gamma (S_s - 1)), in place: the same numbers, fewer n x m temporaries
    similarity *= gamma
    similarity += 1.0
    similarity *= lemma
    _add_attributes(similarity, test.attributes_by_node, gold.attributes_by_node)
    return similarity


def _add_attributes(
    similarity: np.ndarray, test_attributes: tuple[dict[str, str], ...], gold_attributes: tuple[dict[str, str], ...]
) -> None:
    """S = (S + S_a) / 2 where two nodes share attribute keys (eq. 1, 3-4): :func:`attribute_similarity`
    of every such pair at once, each node's attributes as a row of value codes per key."""
    test_nodes = [i for i, attributes in enumerate(test_attributes) if attributes]
    gold_nodes = [j for j, attributes in enumerate(gold_attributes) if attributes]
    if not test_nodes or not gold_nodes:
        return
    keys: dict[str, int] = {}
    values: dict[str, int] = {}
    entries = [  # per side, per node: (key code, value code) of each attribute
        [
            [
                (keys.setdefault(key, len(keys)), values.setdefault(value, len(values)))
                for key, value in own[node].items()
            ]
            for node in nodes
        ]
        for nodes, own in ((test_nodes, test_attributes), (gold_nodes, gold_attributes))
    ]
    codes = [np.full((len(side), len(keys)), -1, dtype=np.int64) for side in entries]  # -1: the node lacks the key
    for table, side in zip(codes, entries):
        for row, attributes in enumerate(side):
            for key, value in attributes:
                table[row, key] = value
    test_codes, gold_codes = codes[0][:, None, :], codes[1][None, :, :]
    both = (test_codes >= 0) & (gold_codes >= 0)
    shared = both.sum(axis=2)
    equal = (both & (test_codes == gold_codes)).sum(axis=2)
    cells = np.ix_(test_nodes, gold_nodes)
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
