"""How well each annotator agrees with the adjudicated graph, under the adjudicator's
alignment corrections.

Each annotation is scored as *test* against the adjudicated graph as *gold*
(:func:`engine.scoring.pair.score_graphs`): precision says how much of the annotation the
adjudication kept, recall how much of the adjudication the annotator had. Pinned pairs are
initial anchors and excluded pairs are never aligned
(:class:`engine.align.anchors.Correction`); a correction naming a node that an edit removed
since is left out and reported as stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..align.alignment import Alignment
from ..align.anchors import Correction
from ..metrics.tally import PRF, Tally, Totals
from ..metrics.triples import TripleMatch, classify_triples, top_match
from ..model import Graph
from ..params import Params
from ..registry import run_metrics
from ..scoring.pair import score_graphs

__all__ = ["Agreement", "agree", "agreement_metrics", "corpus_totals", "correction_for"]

Pairs = Mapping[tuple[str, str], bool]  # (annotator variable, adjudicated variable) -> pinned / excluded


@dataclass(frozen=True)
class Agreement:
    """One annotator against the adjudicated graph of one sentence."""

    annotator: str
    annotation: Graph
    adjudicated: Graph
    alignment: Alignment
    tallies: dict[str, Tally]
    correction: Correction
    stale: tuple[tuple[str, str], ...] = ()  # corrections whose nodes are gone

    @property
    def scores(self) -> dict[str, PRF]:
        return {name: tally.prf() for name, tally in self.tallies.items()}

    def triples(self) -> list[TripleMatch]:
        """The tops (:func:`~engine.metrics.triples.top_match`: matched, or *top differs*), then
        every relation in one category; the annotation as test, the adjudication as gold."""
        top = top_match(self.alignment, self.annotation, self.adjudicated)
        return [top, *classify_triples(self.alignment, self.annotation, self.adjudicated)]


def correction_for(
    pairs: Pairs, annotation: Graph, adjudicated: Graph
) -> tuple[Correction, tuple[tuple[str, str], ...]]:
    """The corrections as node indices, and the pairs left out because a node is gone."""
    pinned: list[tuple[int, int]] = []
    excluded: list[tuple[int, int]] = []
    stale: list[tuple[str, str]] = []
    for (annotator_var, var), is_pin in pairs.items():
        if annotator_var not in annotation.index or var not in adjudicated.index:
            stale.append((annotator_var, var))
            continue
        pair = (annotation.index[annotator_var], adjudicated.index[var])
        (pinned if is_pin else excluded).append(pair)
    return Correction(tuple(pinned), tuple(excluded)), tuple(stale)


def agree(annotator: str, annotation: Graph, adjudicated: Graph, pairs: Pairs, params: Params = Params()) -> Agreement:
    """Align and score ``annotation`` against ``adjudicated`` under the corrections ``pairs``."""
    correction, stale = correction_for(pairs, annotation, adjudicated)
    alignment, tallies = score_graphs(annotation, adjudicated, params, correction=correction)
    return Agreement(annotator, annotation, adjudicated, alignment, tallies, correction, stale)


def agreement_metrics(params: Params = Params()) -> tuple[str, ...]:
    """The metrics :func:`agree` reports (:func:`engine.registry.run_metrics` of a run on graphs)."""
    return run_metrics(params, "amr")


def corpus_totals(sentences: Iterable[Mapping[str, Agreement]]) -> dict[str, Totals]:
    """Per annotator, the micro and macro totals over the sentences it was scored on."""
    totals: dict[str, Totals] = {}
    for agreements in sentences:
        for annotator, agreement in agreements.items():
            totals.setdefault(annotator, Totals(agreement_metrics())).add(agreement.tallies)
    return totals
