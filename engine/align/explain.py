"""Plain-language captions of an alignment trace, for the teaching view.

Each step (the initial anchors, then every outer round) is told as a
:class:`Caption`: a short headline - how many new anchors, how many ties and
what broke them - and the full list behind it, one line per pair. Everything is
read off the trace (:mod:`engine.align.alignment`): which pairs became anchors
in a round and why (unique mutual maxima, or a tie broken by shared relation
labels, AnCast paper §2.2.2), which ties were left for a later round, and what
the finalisation matched (Algorithm 2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..model import Graph
from ..params import ANCAST, Params
from .alignment import Alignment, Round, label_overlap
from .anchors import anchor_tokens, is_concrete, lemma_candidates
from .broadcast import NewAnchor

__all__ = [
    "Caption",
    "NodeNames",
    "captions",
    "count",
    "deferred_ties",
    "initial_caption",
    "join",
    "node_names",
    "repeated_lemmas",
    "round_caption",
    "shared_labels",
]


@dataclass(frozen=True)
class Caption:
    """One step of the alignment: a headline of a sentence or two, and every pair behind it."""

    headline: str
    details: tuple[str, ...] = ()


def node_names(graph: Graph) -> list[str]:
    """Per node, its concept, with the variable when the concept occurs more than once."""
    counts = Counter(node.concept for node in graph.nodes)
    return [f"{node.concept} ({node.var})" if counts[node.concept] > 1 else node.concept for node in graph.nodes]


def join(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def count(number: int, singular: str, plural: str | None = None) -> str:
    """ "1 pair", "3 pairs" (``plural`` for irregular words)."""
    return f"{number} {singular if number == 1 else plural or singular + 's'}"


class NodeNames:
    """The names of a pair's nodes, computed once per caption."""

    def __init__(self, test: Graph, gold: Graph):
        self.test, self.gold = node_names(test), node_names(gold)

    def pair(self, i: int, j: int) -> str:
        return f"{self.test[i]}–{self.gold[j]}"


def shared_labels(test: Graph, gold: Graph, i: int, j: int) -> list[str]:
    return label_overlap(test, gold).shared_roles(i, j)


def initial_caption(test: Graph, gold: Graph, alignment: Alignment, params: Params = Params()) -> Caption:
    """The initial anchors, and the unique same-lemma pairs left out for not being concrete."""
    names = NodeNames(test, gold)
    rule = (
        "same lemma, unique in both graphs and a substring of both sentences (ancast 0.1.1)"
        if params.profile == ANCAST
        else "same lemma, unique in both graphs and concrete, or the same token span"
    )
    headline = (
        f"Initial anchors: {count(len(alignment.initial), 'pair')} ({rule})"
        if alignment.initial
        else ("Initial anchors: none")
    )
    details = [f"{names.pair(i, j)}: initial anchor" for i, j in alignment.initial]
    if params.profile != ANCAST:
        tokens = anchor_tokens(test, gold, params.use_text)
        skipped = [
            (i, j)
            for i, j in lemma_candidates(test, gold)
            if (i, j) not in alignment.initial and not is_concrete(test, gold, i, j, tokens)
        ]
        reason = "the sentence does not mention it" if tokens is not None else "abstract concept"
        if skipped:
            reasons = reason.replace("mention it", "mention them") if len(skipped) > 1 else reason
            headline += f"; {count(len(skipped), 'same-lemma pair')} left out ({reasons})"
        details += [f"{names.pair(i, j)}: left out ({reason})" for i, j in skipped]
    repeated = repeated_lemmas(test, gold)
    if repeated:
        headline += f"; {count(len(repeated), 'lemma')} in both graphs but not unique ({join(list(repeated))})"
        details += [
            f"{lemma}: {tests} in the test graph, {golds} in the gold graph: not unique, left to the broadcast"
            for lemma, (tests, golds) in repeated.items()
        ]
    return Caption(headline + ".", tuple(details))


def repeated_lemmas(test: Graph, gold: Graph) -> dict[str, tuple[int, int]]:
    """The lemmas both graphs have that occur more than once in either, with their counts
    (test, gold), in the test graph's order: no initial anchor can be made of them.

    >>> from engine.read import read_graph
    >>> repeated_lemmas(read_graph("(a / and :op1 (x / thing) :op2 (y / thing))"), read_graph("(t / thing)"))
    {'thing': (2, 1)}
    """
    tests = Counter(node.lemma for node in test.nodes)
    golds = Counter(node.lemma for node in gold.nodes)
    return {lemma: (n, golds[lemma]) for lemma, n in tests.items() if lemma in golds and max(n, golds[lemma]) > 1}


def _tie(names: NodeNames, anchor: NewAnchor) -> str:
    """ "house ties with home, she and paper at 0.082" - the side where the tie was."""
    if len(anchor.row_rivals) > 1:
        return f"{names.test[anchor.test]} ties with {join([names.gold[j] for j in anchor.row_rivals])}"
    return f"{names.gold[anchor.gold]} ties with {join([names.test[i] for i in anchor.column_rivals])}"


def round_caption(test: Graph, gold: Graph, alignment: Alignment, round_: Round) -> Caption:
    """What happened in one outer round and why."""
    names = NodeNames(test, gold)
    head = f"Round {round_.number} ({count(round_.iterations, 'broadcast iteration')}): "
    if not round_.new_anchors:
        headline = head + "no new mutual best match, so the loop stops"
        details: list[str] = []
        if alignment.finalised and round_ is alignment.rounds[-1]:
            headline += f"; finalisation matches {count(len(alignment.finalised), 'pair')} by global maxima of F"
            details = [
                f"{names.pair(i, j)}: matched in finalisation" + _value(round_, i, j) for i, j in alignment.finalised
            ]
        return Caption(headline + ".", tuple(details))
    unique = [a for a in round_.new_anchors if not a.by_labels]
    broken = [a for a in round_.new_anchors if a.by_labels]
    parts = []
    if unique:
        parts.append(count(len(unique), "unique mutual maximum", "unique mutual maxima"))
    if broken:
        labels = sorted({label for a in broken for label in shared_labels(test, gold, a.test, a.gold)})
        parts.append(f"{count(len(broken), 'tie')} broken by shared relation labels ({', '.join(labels)})")
    headline = head + f"{count(len(round_.new_anchors), 'new anchor')}: " + join(parts)
    details = [f"{names.pair(a.test, a.gold)}: unique mutual maximum at {a.value:g}" for a in unique]
    for anchor in broken:
        labels = shared_labels(test, gold, anchor.test, anchor.gold)
        details.append(
            f"{names.pair(anchor.test, anchor.gold)}: {_tie(names, anchor)} at {anchor.value:g} and the shared "
            f"{' '.join(labels)} label{'s' if len(labels) > 1 else ''} makes "
            f"{names.pair(anchor.test, anchor.gold)} an anchor"
        )
    deferred = deferred_ties(names, alignment, round_)
    if deferred:
        headline += f"; {count(len(deferred), 'tie')} left for a later round"
        details += deferred
    return Caption(headline + ".", tuple(details))


def _value(round_: Round, i: int, j: int) -> str:
    return f" at F = {round_.adjusted[i, j]:g}" if round_.adjusted is not None else ""


def deferred_ties(names: NodeNames, alignment: Alignment, round_: Round) -> list[str]:
    """Rows still unanchored after the round whose maximum is shared, one line each (needs the trace)."""
    if round_.adjusted is None:
        return []
    adjusted = round_.adjusted
    anchored = {i for i, quality in enumerate(alignment.quality) if quality is not None and quality <= round_.number}
    tied = []
    for i in range(adjusted.shape[0]):
        if i in anchored:
            continue
        columns = np.flatnonzero(adjusted[i] == adjusted[i].max())
        if len(columns) > 1:
            rivals = join([names.gold[int(j)] for j in columns])
            tied.append(f"{names.test[i]} ties with {rivals} at {adjusted[i].max():g}: left for a later round")
    return tied


def captions(test: Graph, gold: Graph, alignment: Alignment, params: Params = Params()) -> list[Caption]:
    """One caption per step: the initial anchors, then every outer round."""
    return [initial_caption(test, gold, alignment, params)] + [
        round_caption(test, gold, alignment, round_) for round_ in alignment.rounds
    ]
