"""Initial anchors: node pairs aligned with confidence before any broadcast
(AnCast paper §2.1, "Initial Anchor Matrix")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

import numpy as np

from ..model import Graph
from ..params import Params
from .similarity import Coded

INFLECTIONS = ("s", "es", "ed", "d", "ing", "er", "est")

# Concepts that stand for no word of the sentence: AMR/UMR special concepts,
# constructions and the named-entity types that are seldom written out.
ABSTRACT_CONCEPTS = frozenset(
    [
        "person",
        "thing",
        "name",
        "and",
        "or",
        "multi-sentence",
        "amr-unknown",
        "amr-choice",
        "amr-empty",
        "string-entity",
        "date-interval",
        "organization",
        "company",
        "government-organization",
        "political-party",
        "criminal-organization",
        "political-movement",
        "religious-group",
        "ethnic-group",
        "regional-group",
        "research-institute",
        "country",
        "city",
        "state",
        "province",
        "county",
        "territory",
        "local-region",
        "country-region",
        "world-region",
        "continent",
    ]
)
ABSTRACT_SUFFIXES = ("-entity", "-91", "-quantity")


def is_abstract(concept: str) -> bool:
    """True for special concepts that no sentence token evokes (``person``,
    ``date-entity``, ``have-org-role-91``, ``monetary-quantity``, ...)."""
    return concept in ABSTRACT_CONCEPTS or concept.endswith(ABSTRACT_SUFFIXES)


@lru_cache(maxsize=256)  # a pair's two graphs mostly carry the same sentence
def sentence_tokens(text: str) -> frozenset[str]:
    """Lower-cased word tokens of a sentence; hyphenated words also give their parts."""
    words = re.findall(r"\w+(?:[-']\w+)*", text.lower())
    parts = {part for word in words if "-" in word for part in word.split("-") if part}
    return frozenset(words) | parts


def is_mentioned(lemma: str, tokens: frozenset[str]) -> bool:
    """A lemma is concrete in a sentence when a token equals it (ignoring case)
    or, for lemmas of three letters or more, is the lemma plus an inflection:
    "reading" counts for ``read``; "is" does not count for ``i``."""
    lemma = lemma.lower()
    if lemma in tokens:
        return True
    if len(lemma) >= 3:
        for suffix in INFLECTIONS:  # a loop, not any(): no generator made for each lemma
            if lemma + suffix in tokens:
                return True
    return False


def _unique_positions(keys: list) -> dict:
    """Each key that occurs once in ``keys`` -> its position, in the order of the keys.

    >>> _unique_positions(["a", "b", "a", "c"])
    {'b': 1, 'c': 3}
    """
    last = dict(zip(keys, range(len(keys))))
    if len(last) == len(keys):
        return last
    first = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1)))
    return {key: place for key, place in last.items() if first[key] == place}


def span_anchors(test: Graph, gold: Graph) -> list[tuple[int, int]]:
    """Pairs of nodes aligned to the same non-empty token span, each span unique in its graph."""
    test_spans = [node.span for node in test.nodes]
    if not any(test_spans):
        return []
    unique_test = _unique_positions(test_spans)
    gold_spans = _unique_positions([node.span for node in gold.nodes])
    return [(i, gold_spans[span]) for span, i in unique_test.items() if span and span in gold_spans]


def lemma_candidates(test: Graph, gold: Graph) -> list[tuple[int, int]]:
    """Pairs with the same lemma (sense may differ) that is unique in each graph, in test order."""
    test_lemmas = _unique_positions([node.lemma for node in test.nodes])
    gold_lemmas = _unique_positions([node.lemma for node in gold.nodes])
    return [(i, gold_lemmas[lemma]) for lemma, i in test_lemmas.items() if lemma in gold_lemmas]


def stacked_lemma_candidates(lemmas: Coded) -> list[list[tuple[int, int]]]:
    """:func:`lemma_candidates` of every pair of a stack, from the pairs' lemmas as codes: the
    test nodes whose code occurs once in their pair's test row and once in its gold row, with
    that gold node (padding never matches: its codes differ on the two sides).

    >>> from .similarity import _coded
    >>> stacked_lemma_candidates(_coded([["a", "b", "b"], ["c"]], [["b", "a"], ["c", "c"]]))
    [[(0, 1)], []]
    """
    count, width = lemmas.test.shape
    codes = len(lemmas.values) + 2  # the padding codes included
    test_keys = (lemmas.test + np.arange(count)[:, None] * codes).ravel()  # (pair, code), distinct over the stack
    gold_keys = (lemmas.gold + np.arange(count)[:, None] * codes).ravel()
    gold_places = np.flatnonzero(_occurring_once(gold_keys))
    if not len(gold_places):
        return [[] for _ in range(count)]
    gold_places = gold_places[np.argsort(gold_keys[gold_places])]
    gold_sorted = gold_keys[gold_places]
    places = np.flatnonzero(_occurring_once(test_keys))
    found = np.minimum(np.searchsorted(gold_sorted, test_keys[places]), len(gold_sorted) - 1)
    matched = gold_sorted[found] == test_keys[places]
    pairs, rows = np.divmod(places[matched], width)
    columns = gold_places[found[matched]] % lemmas.gold.shape[1]
    cells = list(zip(rows.tolist(), columns.tolist()))
    bounds = np.searchsorted(pairs, np.arange(count + 1)).tolist()
    return [cells[start:stop] for start, stop in pairwise(bounds)]


def _occurring_once(keys: np.ndarray) -> np.ndarray:
    """Per key, whether no other key equals it.

    >>> _occurring_once(np.array([3, 1, 3, 2])).tolist()
    [False, True, False, True]
    """
    order = np.argsort(keys, kind="stable")
    ranked = keys[order]
    alone = np.ones(len(keys), dtype=bool)
    differs = ranked[1:] != ranked[:-1]
    alone[1:] &= differs
    alone[:-1] &= differs
    once = np.empty(len(keys), dtype=bool)
    once[order] = alone
    return once


def anchor_tokens(test: Graph, gold: Graph, use_text: bool) -> frozenset[str] | None:
    """The sentence tokens that decide concreteness, or None when there is no text to use."""
    if not use_text:
        return None
    first, second = test.text, gold.text
    if first and second and first != second:
        return sentence_tokens(first) | sentence_tokens(second)
    text = first or second  # most pairs carry one sentence: its tokens as they are
    return sentence_tokens(text) if text else None


def is_concrete(test: Graph, gold: Graph, i: int, j: int, tokens: frozenset[str] | None) -> bool:
    """Mentioned in the sentence when there is one; otherwise not an abstract concept."""
    if tokens is not None:
        return is_mentioned(test.nodes[i].lemma, tokens)
    return not is_abstract(test.nodes[i].concept) and not is_abstract(gold.nodes[j].concept)


def lemma_anchors(
    test: Graph, gold: Graph, use_text: bool, candidates: list[tuple[int, int]] | None = None
) -> list[tuple[int, int]]:
    """Pairs with the same lemma (sense may differ), unique in each graph and concrete
    (``candidates``: the :func:`lemma_candidates` when already known).

    Concrete means mentioned in the sentence text when either graph carries
    one (and ``use_text``); otherwise, not an abstract concept.
    """
    tokens = anchor_tokens(test, gold, use_text)
    if candidates is None:
        candidates = lemma_candidates(test, gold)
    return [(i, j) for i, j in candidates if is_concrete(test, gold, i, j, tokens)]


def initial_anchors(
    test: Graph, gold: Graph, params: Params, candidates: list[tuple[int, int]] | None = None
) -> list[tuple[int, int]]:
    """The anchors of round 0, one-to-one: token-span anchors first (when
    ``params.use_alignments``), then lemma anchors on the rows and columns left
    (``candidates``: the :func:`lemma_candidates` when already known)."""
    anchors = span_anchors(test, gold) if params.use_alignments else []
    lemmas = lemma_anchors(test, gold, params.use_text, candidates)
    if not anchors:
        return lemmas  # one-to-one and in test order already
    used_rows = {i for i, _ in anchors}
    used_columns = {j for _, j in anchors}
    for i, j in lemmas:
        if i not in used_rows and j not in used_columns:
            anchors.append((i, j))
            used_rows.add(i)
            used_columns.add(j)
    return sorted(anchors)


@dataclass(frozen=True)
class Correction:
    """Node pairs a person fixed by hand (test index, gold index): ``pinned`` pairs are initial
    anchors that replace any automatic anchor on their row or column; ``excluded`` pairs are
    never aligned. Checked on creation: pins are one-to-one and no pair is both."""

    pinned: tuple[tuple[int, int], ...] = ()
    excluded: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        rows = [i for i, _ in self.pinned]
        columns = [j for _, j in self.pinned]
        if len(set(rows)) < len(rows) or len(set(columns)) < len(columns):
            raise ValueError(f"pinned pairs must be one-to-one: {self.pinned}")
        both = set(self.pinned) & set(self.excluded)
        if both:
            raise ValueError(f"pairs both pinned and excluded: {sorted(both)}")

    def __bool__(self) -> bool:
        return bool(self.pinned or self.excluded)

    def anchors(self, automatic: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The pinned pairs and the automatic anchors that are neither excluded nor on a pinned
        row or column, sorted."""
        rows = {i for i, _ in self.pinned}
        columns = {j for _, j in self.pinned}
        excluded = set(self.excluded)
        kept = [(i, j) for i, j in automatic if i not in rows and j not in columns and (i, j) not in excluded]
        return sorted(kept + list(self.pinned))
