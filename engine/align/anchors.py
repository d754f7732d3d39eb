"""Initial anchors: node pairs aligned with confidence before any broadcast
(AnCast paper §2.1, "Initial Anchor Matrix")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..model import Graph
from ..params import Params

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
    return lemma.lower() in mentioned_lemmas(tokens)


@lru_cache(maxsize=256)
def mentioned_lemmas(tokens: frozenset[str]) -> frozenset[str]:
    """The lower-case lemmas that ``tokens`` mention (:func:`is_mentioned`): each token, and each
    token less an inflection it ends with when three letters or more are left.

    >>> sorted(mentioned_lemmas(frozenset(["is", "reading"])))
    ['is', 'read', 'reading']
    """
    stems = {
        token[: -len(suffix)]
        for token in tokens
        for suffix in INFLECTIONS
        if token.endswith(suffix) and len(token) - len(suffix) >= 3
    }
    return tokens | stems


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
    """Pairs with the same lemma (sense may differ) that is unique in each graph."""
    test_lemmas = _unique_positions([node.lemma for node in test.nodes])
    gold_lemmas = _unique_positions([node.lemma for node in gold.nodes])
    return [(i, gold_lemmas[lemma]) for lemma, i in test_lemmas.items() if lemma in gold_lemmas]


def anchor_tokens(test: Graph, gold: Graph, use_text: bool) -> frozenset[str] | None:
    """The sentence tokens that decide concreteness, or None when there is no text to use."""
    texts = {graph.text for graph in (test, gold) if graph.text} if use_text else set()
    if not texts:
        return None
    first, *others = texts  # most pairs carry one sentence: its tokens as they are
    return sentence_tokens(first).union(*map(sentence_tokens, others)) if others else sentence_tokens(first)


def is_concrete(test: Graph, gold: Graph, i: int, j: int, tokens: frozenset[str] | None) -> bool:
    """Mentioned in the sentence when there is one; otherwise not an abstract concept."""
    if tokens is not None:
        return is_mentioned(test.nodes[i].lemma, tokens)
    return not is_abstract(test.nodes[i].concept) and not is_abstract(gold.nodes[j].concept)


def lemma_anchors(test: Graph, gold: Graph, use_text: bool) -> list[tuple[int, int]]:
    """Pairs with the same lemma (sense may differ), unique in each graph and concrete.

    Concrete means mentioned in the sentence text when either graph carries
    one (and ``use_text``); otherwise, not an abstract concept.
    """
    tokens = anchor_tokens(test, gold, use_text)
    return [(i, j) for i, j in lemma_candidates(test, gold) if is_concrete(test, gold, i, j, tokens)]


def initial_anchors(test: Graph, gold: Graph, params: Params) -> list[tuple[int, int]]:
    """The anchors of round 0, one-to-one: token-span anchors first (when
    ``params.use_alignments``), then lemma anchors on the rows and columns left."""
    anchors = span_anchors(test, gold) if params.use_alignments else []
    used_rows = {i for i, _ in anchors}
    used_columns = {j for _, j in anchors}
    for i, j in lemma_anchors(test, gold, params.use_text):
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
