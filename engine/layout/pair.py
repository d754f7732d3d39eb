"""Both drawings of a pair: gold first, then test with every aligned node placed
across from its gold partner, each node marked with its alignment status and
tag. A side that could not be read, or is missing from its file, has no drawing and a note saying why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..errors import InputError
from ..metrics.triples import TripleMatch
from .drawing import lay_out
from .elements import graph_elements
from .geometry import GraphGeometry
from .marks import AlignedPair, GraphMarks, graph_marks, pair_marks
from .text import TextMeasure

__all__ = ["PairDrawing", "PairToDraw", "SideDrawing", "lay_out_pair", "plural"]


class PairToDraw(AlignedPair, Protocol):
    """What the drawing needs of a pair (a scored pair, :class:`engine.scoring.PairResult`, has
    it): both graphs, their alignment (None when the pair was not scored), its relations by
    category, and why it was not scored."""

    @property
    def problems(self) -> Sequence[InputError]: ...

    @property
    def error(self) -> str | None: ...

    @property
    def missing(self) -> bool: ...

    def triples(self) -> list[TripleMatch]: ...


def plural(count: int, word: str) -> str:
    """ "1 node", "2 nodes"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@dataclass(frozen=True)
class SideDrawing:
    geometry: GraphGeometry | None
    marks: GraphMarks
    summary: str  # "18 nodes, 20 relations", or why there is no drawing
    note: str = ""  # shown with the drawing: why it is not compared


@dataclass(frozen=True)
class PairDrawing:
    test: SideDrawing
    gold: SideDrawing

    @property
    def geometries(self) -> list[GraphGeometry]:
        return [side.geometry for side in (self.test, self.gold) if side.geometry is not None]


def _summary(graph) -> str:
    return f"{plural(len(graph), 'node')}, {plural(len(graph.edges) + len(graph.attributes), 'relation')}"


def lay_out_pair(result: PairToDraw, rows: list[TripleMatch] | None, measure: TextMeasure) -> PairDrawing:
    """The drawings of a pair; an unscored pair draws each readable side on its own."""
    if result.alignment is not None and result.test is not None and result.gold is not None:
        test_marks, gold_marks = pair_marks(result, rows if rows is not None else result.triples())
        gold = lay_out(graph_elements(result.gold), measure, gold_marks.tags)
        partner_x = {
            result.test.nodes[i].var: gold.nodes[result.gold.nodes[j].var].box.center[0]
            for i, j in result.alignment.pairs()
        }
        test = lay_out(graph_elements(result.test), measure, test_marks.tags, partner_x)
        return PairDrawing(
            SideDrawing(test, test_marks, _summary(result.test)), SideDrawing(gold, gold_marks, _summary(result.gold))
        )
    error = result.error or "the pair was not scored"
    # no graph of the sentence in the file (the message names the file), or one that could not be read
    absent, why = ("missing", "is missing") if result.missing else ("could not be read", "could not be read")
    if result.missing:
        error = "; ".join(problem.message for problem in result.problems)
    sides = []
    for graph, other in ((result.test, result.gold), (result.gold, result.test)):
        if graph is None:
            sides.append(SideDrawing(None, GraphMarks(), absent, f"{absent.capitalize()}: {error}"))
            continue
        note = f"Not compared: the other graph {why}." if other is None else f"Not compared: {error}"
        sides.append(
            SideDrawing(
                lay_out(graph_elements(graph), measure), graph_marks(graph, "not compared"), _summary(graph), note
            )
        )
    return PairDrawing(*sides)
