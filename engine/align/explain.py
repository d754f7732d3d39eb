"""Plain-language captions of an alignment trace, for the teaching view.

Everything here is read off the trace (:mod:`engine.alignment`): which pairs
became anchors in a round and why (unique mutual maxima, or a tie broken by
shared relation labels), which ties were left for a later round, and what the
finalisation matched.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from ..model import Graph
from ..params import ANCAST, Params
from .alignment import Alignment, Round
from .anchors import anchor_tokens, is_concrete, lemma_candidates


def node_names(graph: Graph) -> list[str]:
    """Per node, its concept, with the variable when the concept occurs more than once."""
    counts = Counter(node.concept for node in graph.nodes)
    return [f"{node.concept} ({node.var})" if counts[node.concept] > 1 else node.concept for node in graph.nodes]


def node_name(graph: Graph, index: int) -> str:
    return node_names(graph)[index]


def join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def pair_name(test: Graph, gold: Graph, i: int, j: int) -> str:
    return f"{node_name(test, i)}–{node_name(gold, j)}"


def shared_labels(test: Graph, gold: Graph, i: int, j: int) -> list[str]:
    return sorted(role for _, role in test.incident_labels[i] & gold.incident_labels[j])


def initial_caption(test: Graph, gold: Graph, alignment: Alignment, params: Params = Params()) -> str:
    """The initial anchors, and the unique same-lemma pairs left out for not being concrete."""
    rule = (
        "same lemma, unique in both graphs and a substring of both sentences (ancast 0.1.1)"
        if params.profile == ANCAST
        else "same lemma, unique in both graphs and concrete, or the same token span"
    )
    if alignment.initial:
        names = join([pair_name(test, gold, i, j) for i, j in alignment.initial])
        text = f"Initial anchors: {names} ({rule})"
    else:
        text = "Initial anchors: none"
    if params.profile == ANCAST:
        return text + "."
    tokens = anchor_tokens(test, gold, params.use_text)
    skipped = [
        (i, j)
        for i, j in lemma_candidates(test, gold)
        if (i, j) not in alignment.initial and not is_concrete(test, gold, i, j, tokens)
    ]
    if skipped:
        names = join([pair_name(test, gold, i, j) for i, j in skipped])
        reason = "the sentence does not mention it" if tokens is not None else "abstract concept"
        text += f"; not {names} ({reason})"
    return text + "."


def round_caption(test: Graph, gold: Graph, alignment: Alignment, round_: Round) -> str:
    """What happened in one outer round and why."""
    head = f"Round {round_.number} ({round_.iterations} broadcast iterations): "
    if not round_.new_anchors:
        text = head + "no new mutual best match, so the loop stops"
        if alignment.finalised and round_ is alignment.rounds[-1]:
            names = join([pair_name(test, gold, i, j) for i, j in alignment.finalised])
            text += f"; finalisation matches {names} by global maxima of F"
        return text + "."
    parts = []
    unique = [a for a in round_.new_anchors if not a.by_labels]
    if unique:
        names = join([pair_name(test, gold, a.test, a.gold) for a in unique])
        verb = "is a unique mutual maximum" if len(unique) == 1 else "are unique mutual maxima"
        parts.append(f"{names} {verb}")
    for anchor in (a for a in round_.new_anchors if a.by_labels):
        rivals = [node_name(gold, j) for j in anchor.row_rivals]
        labels = shared_labels(test, gold, anchor.test, anchor.gold)
        label_text = " ".join(labels) if labels else "relation"
        tie = (
            f"{node_name(test, anchor.test)} ties with {join(rivals)} at {anchor.value:g}"
            if len(rivals) > 1
            else f"{node_name(gold, anchor.gold)} ties with "
            f"{join([node_name(test, i) for i in anchor.column_rivals])} at {anchor.value:g}"
        )
        parts.append(
            f"{tie} and the shared {label_text} label{'s' if len(labels) > 1 else ''} "
            f"makes {pair_name(test, gold, anchor.test, anchor.gold)} an anchor"
        )
    deferred = deferred_ties(test, gold, alignment, round_)
    if deferred:
        parts.append(deferred)
    return head + "; ".join(parts) + "."


def deferred_ties(test: Graph, gold: Graph, alignment: Alignment, round_: Round) -> str:
    """Rows still unanchored after the round whose maximum is shared (needs the trace)."""
    if round_.adjusted is None:
        return ""
    adjusted = round_.adjusted
    anchored = {i for i, quality in enumerate(alignment.quality) if quality is not None and quality <= round_.number}
    tied = []
    for i in range(adjusted.shape[0]):
        if i in anchored:
            continue
        columns = np.flatnonzero(adjusted[i] == adjusted[i].max())
        if len(columns) > 1:
            rivals = join([node_name(gold, int(j)) for j in columns])
            tied.append(f"{node_name(test, i)} ties with {rivals} at {adjusted[i].max():g}")
    if not tied:
        return ""
    return join(tied) + " and is left for a later round" if len(tied) == 1 else join(tied) + " and are left for later"


def captions(test: Graph, gold: Graph, alignment: Alignment, params: Params = Params()) -> list[str]:
    """One caption per outer round, the initial anchors first."""
    return [initial_caption(test, gold, alignment, params)] + [
        round_caption(test, gold, alignment, round_) for round_ in alignment.rounds
    ]
