"""Connects a graphs panel (:class:`~ui.pair.comparison_panel.ComparisonPanel`, reused as it is)
to the lesson: the pair as the lesson's parameters align it, drawn again only when that alignment
changes (the zoom kept while a slider moves); at each step only the pairs fixed so far shown as
aligned (colour and pair tag; the others grey, so that the graphs do not give the answer away) and
the relations judged at the scores only; the explained cell's two nodes highlighted (orange) and
the neighbours its P and C were summed over marked in pink, with the edges that lead to them; a
cell clicked whose nodes are out of view is scrolled to (the zoom kept)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF
from PySide6.QtWidgets import QGraphicsItem

from engine.model import Graph

from ..pair.comparison_panel import ComparisonPanel
from ..pair.graph_view import GraphScene
from .model import aligned_pairs
from .state import TeachingState

__all__ = ["TeachingGraphs", "neighbourhood_edges"]


def neighbourhood_edges(scene: GraphScene, nodes: set[str]) -> set[tuple[str, str, str]]:
    """The drawn edges with both ends among ``nodes`` (the paths from a node to its neighbours)."""
    return {key for key in scene.edge_items if key[0] in nodes and key[2] in nodes}


def _around(scene: GraphScene, item: QGraphicsItem, near: set[str]) -> QRectF:
    """The rectangle that holds ``item`` and the nodes ``near`` it."""
    around = item.sceneBoundingRect()
    for key in near:
        other = scene.node_items.get(key)
        if other is not None:
            around = around.united(other.sceneBoundingRect())
    return around


class TeachingGraphs(QObject):
    """Lives as the panel's child, so its connections end with the panel."""

    def __init__(self, panel: ComparisonPanel, state: TeachingState):
        super().__init__(panel)
        self.panel, self.state = panel, state
        self._drawn: tuple | None = None  # what is drawn: the pair and its alignment's pairs
        self._in_view: tuple | None = None  # the node items last brought into view
        state.lesson_changed.connect(self._show_pair)
        state.step_changed.connect(self._show_step)
        state.cell_changed.connect(self._show_cell)
        panel.node_selected.connect(lambda *_: self._show_cell())  # a node clicked: the cell's marks back
        self._show_pair()

    def _show_pair(self) -> None:
        state = self.state
        pair = state.lesson_pair()
        drawn = None if pair is None else (pair.index, id(pair.test), id(pair.gold), self._pairs(pair))
        if drawn != self._drawn or pair is None:
            self._drawn = drawn
            empty = state.problem or state.app.selection.empty_text()
            self.panel.set_result(pair, pair.triples() if pair is not None and pair.alignment else None, empty)
        self._show_step()

    @staticmethod
    def _pairs(pair) -> tuple:
        return tuple(pair.alignment.pairs()) if pair.alignment is not None else ()

    def _vars(self) -> tuple[Graph, Graph] | None:
        lesson = self.state.lesson
        return (lesson.trace.test, lesson.trace.gold) if lesson is not None else None

    def _show_step(self) -> None:
        graphs, lesson = self._vars(), self.state.lesson
        if graphs is None or lesson is None:
            return
        test, gold = graphs
        pairs, judged = aligned_pairs(lesson, self.state.index, self.state.revealed)
        if judged:  # the scores: every node as the alignment left it, the unaligned ones too (red, dashed)
            self.panel.test_scene.reveal(None, True)
            self.panel.gold_scene.reveal(None, True)
        else:
            self.panel.test_scene.reveal({test.nodes[i].var for i, _ in pairs}, False)
            self.panel.gold_scene.reveal({gold.nodes[j].var for _, j in pairs}, False)
        self._show_cell()

    def _show_cell(self) -> None:
        graphs, explanation = self._vars(), self.state.explanation
        if graphs is None:
            return
        test, gold = graphs
        if explanation is None:
            self.panel.test_scene.highlight()
            self.panel.gold_scene.highlight()
            return
        near_test, near_gold = set(), set()
        for total in (explanation.parents, explanation.children):
            near_test |= {test.nodes[kt].var for kt, _, _ in total.contributions}
            near_gold |= {gold.nodes[kg].var for _, kg, _ in total.contributions}
        sides = (
            (self.panel.test_view, test, explanation.test, near_test),
            (self.panel.gold_view, gold, explanation.gold, near_gold),
        )
        for view, graph, node, near in sides:
            var = graph.nodes[node].var
            scene = view.graph_scene
            scene.highlight({var}, (), near, neighbourhood_edges(scene, near | {var}))
        items = tuple(view.graph_scene.node_items.get(graph.nodes[node].var) for view, graph, node, _ in sides)
        if items != self._in_view:  # another cell, or the graphs drawn again: its nodes shown
            self._in_view = items
            for (view, _, _, near), item in zip(sides, items):
                if item is not None:
                    view.bring_into_view(item.sceneBoundingRect(), _around(view.graph_scene, item, near))
