"""Connects a graphs panel (:class:`~ui.pair.comparison_panel.ComparisonPanel`, reused as it is)
to the adjudication: the compared annotator's graph on the left, the adjudicated graph on
the right, redrawn after every change (the zoom kept while the sentence stays), the selected
triple highlighted, and a context menu on nodes and relations: accept or reject the triples
there, edit the adjudicated graph, correct the alignment.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMenu

from engine.adjudication import ClearPair, Decision, ExcludePair, PinPair, RemoveNode, RemoveRelation, SetTop
from engine.layout.marks import edge_key
from engine.metrics.triples import TripleMatch
from engine.model import Edge, Graph

from ..pair.comparison_panel import ComparisonPanel
from ..pair.graph_view import EdgeItem, NodeItem
from . import dialogs
from .rows import MismatchRow
from .state import AdjudicationApp, SentenceView

__all__ = ["AdjudicationBinding"]

ADJUDICATED = "Adjudicated"


def _relation_at(graph: Graph, key: tuple[str, str, str]):
    """The relation drawn as ``key`` (a constant is the leaf ``=k``)."""
    source, role, target = key
    if target.startswith("="):
        return graph.attributes[int(target[1:])]
    return Edge(source, role, target)


def _rows_at(
    rows: list[MismatchRow], side: str, graph: Graph, node: str | None, edge
) -> list[tuple[MismatchRow, TripleMatch]]:
    """The open mismatches (with their triples) whose triple on ``side`` touches ``node`` or is
    drawn as ``edge``."""
    found = []
    for row in rows:
        if row.match is None or not row.mismatched:
            continue
        triple = row.match.test if side == "test" else row.match.gold
        if triple is None:
            continue
        ends = (triple.source, triple.target if triple.target_concept else None)
        if (edge is not None and edge_key(graph, triple) == edge) or (node is not None and node in ends):
            found.append((row, row.match))
    return found


def _is_top(match: TripleMatch) -> bool:
    """Whether a row is the graphs' tops (drawn as the top nodes, not as an edge)."""
    triple = match.test or match.gold
    return triple is not None and triple.is_top


class AdjudicationBinding(QObject):
    """Lives as the panel's child, so its connections end with the panel."""

    def __init__(self, panel: ComparisonPanel, state: AdjudicationApp):
        super().__init__(panel)
        self.panel, self.adjudication = panel, state.adjudication
        self._shown: tuple[int | None, str | None] = (None, None)  # sentence and annotator drawn
        adjudication = self.adjudication
        adjudication.current_changed.connect(self._show)
        adjudication.row_selected.connect(self._show_row)
        adjudication.node_selected.connect(self._show_node)
        panel.node_selected.connect(adjudication.select_node)
        for view in (panel.test_view, panel.gold_view):
            view.viewport().installEventFilter(self)
        panel.splitter.setSizes([1, 1])  # the annotation as wide as the adjudicated graph
        self._show()

    def _show(self) -> None:
        view = self.adjudication.view()
        panel = self.panel
        if view is None or view.comparison is None:
            panel.names = ("Annotator", ADJUDICATED)
            panel.gold_box.setToolTip("")
            panel.set_result(None)
            panel.gold_box.show_note(self.adjudication.nothing_text() if view is None else view.problem)
            self._shown = (None, None)
            return
        same = self._shown == (view.index, view.compared)
        kept = (panel.test_view.scale_factor(), panel.test_view.visible_center()) if same else None
        adjudicated = view.adjudicated
        decisions = len(adjudicated.decisions) if adjudicated is not None else 0
        start = adjudicated.start if adjudicated is not None else "?"
        # a short title: the pane is at least as wide as it
        panel.names = (view.compared or "Annotator", f"{ADJUDICATED} ({decisions} decision(s))")
        panel.gold_box.setToolTip(f"The adjudicated graph: {start}'s annotation and {decisions} decision(s) on it")
        matches = [row.match for row in view.rows if row.match is not None and not _is_top(row.match)]
        panel.set_result(view.comparison, matches if self.adjudication.show_matched else None)
        if adjudicated is not None and adjudicated.problems:
            panel.gold_box.show_note("Not writable yet: " + adjudicated.problems[0])
        if kept is not None:
            for graph_view in (panel.test_view, panel.gold_view):
                graph_view.place(*kept)
        self._shown = (view.index, view.compared)

    def _show_row(self, row: MismatchRow | None) -> None:
        if row is None or row.match is None or self.panel.result is None:
            return
        match = row.match
        if not _is_top(match):
            self.panel.select_triple(match)
            return
        for scene, triple in ((self.panel.test_scene, match.test), (self.panel.gold_scene, match.gold)):
            scene.highlight({triple.source} if triple is not None and triple.source in scene.node_items else set())

    def _show_node(self, side: str, var: str) -> None:
        if self.panel.result is not None and var:
            scene = self.panel.test_scene if side == "test" else self.panel.gold_scene
            if var in scene.node_items:
                scene.highlight({var})

    # ------------------------------------------------------------ context menu
    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.ContextMenu:
            for side, view in (("test", self.panel.test_view), ("gold", self.panel.gold_view)):
                if watched is view.viewport():
                    menu = self.menu_at(side, view.itemAt(event.pos()))
                    if menu is not None and not menu.isEmpty():
                        menu.exec(event.globalPos())
                    return True
        return super().eventFilter(watched, event)

    def menu_at(self, side: str, item) -> QMenu | None:
        """The menu for a node or relation item of one graph (None: nothing to offer)."""
        view = self.adjudication.view()
        if view is None or view.comparison is None or item is None:
            return None
        graph = view.comparison.test if side == "test" else view.comparison.gold
        assert graph is not None
        node = item.key if isinstance(item, NodeItem) and not item.key.startswith("=") else None
        edge = (item.edge.source, item.edge.role, item.edge.target) if isinstance(item, EdgeItem) else None
        menu = QMenu(self.panel)
        for row, match in _rows_at(view.rows, side, graph, node, edge):
            label = str(match.test or match.gold)
            for accept, verb in ((True, "Accept"), (False, "Reject")):
                menu.addAction(
                    f"{verb} ({row.consequence(accept)}): {label}", partial(self.adjudication.judge, row, accept)
                )
        if not menu.isEmpty():
            menu.addSeparator()
        if side == "gold":
            self._graph_edits(menu, graph, node, edge)
        if node is not None:
            self._alignment_edits(menu, view, side, node)
        return menu

    def _graph_edits(self, menu: QMenu, graph: Graph, node: str | None, edge) -> None:
        parent, adjudication = self.panel, self.adjudication
        if node is not None:
            menu.addAction(f"Edit the concept of {node}...", lambda: dialogs.edit_concept(parent, adjudication, node))
            menu.addAction(f"Add a node under {node}...", lambda: dialogs.edit_new_node(parent, adjudication, node))
            menu.addAction(
                f"Add a relation from {node}...", lambda: dialogs.edit_new_relation(parent, adjudication, node)
            )
            if node != graph.top:
                menu.addAction(f"Make {node} the top", lambda: adjudication.decide(Decision((SetTop(node),))))
                menu.addAction(
                    f"Remove {node} and its relations", lambda: adjudication.decide(Decision((RemoveNode(node),)))
                )
        if edge is not None:
            relation = _relation_at(graph, edge)
            shown = dialogs.relation_text(relation)
            menu.addAction(
                f"Change the label of {shown}...", lambda: dialogs.edit_relation(parent, adjudication, relation)
            )
            menu.addAction(f"Remove {shown}", lambda: adjudication.decide(Decision((RemoveRelation(relation),))))

    def _alignment_edits(self, menu: QMenu, view: SentenceView, side: str, node: str) -> None:
        """Pin, exclude or clear a pair with ``node`` (a node of either graph)."""
        agreement = view.agreements.get(view.compared or "")
        if agreement is None:
            return
        annotator = agreement.annotator
        own, other = (
            (agreement.annotation, agreement.adjudicated)
            if side == "test"
            else (agreement.adjudicated, agreement.annotation)
        )
        index = own.index.get(node)
        if index is None:
            return
        aligned = agreement.alignment.gold_of[index] if side == "test" else agreement.alignment.test_of.get(index)
        pin = menu.addMenu(f"Align {node} with")
        for candidate in other.nodes:
            pair = (node, candidate.var) if side == "test" else (candidate.var, node)
            pin.addAction(
                f"{candidate.var} / {candidate.concept}",
                partial(self.adjudication.decide, Decision((PinPair(annotator, *pair),))),
            )
        if aligned is not None:
            partner = other.nodes[aligned].var
            pair = (node, partner) if side == "test" else (partner, node)
            menu.addAction(
                f"Never align {annotator}:{pair[0]} with {pair[1]}",
                lambda: self.adjudication.decide(Decision((ExcludePair(annotator, *pair),))),
            )
        correction = agreement.correction
        names = [
            (agreement.annotation.nodes[i].var, agreement.adjudicated.nodes[j].var)
            for i, j in correction.pinned + correction.excluded
        ]
        for pair in names:
            if node == (pair[0] if side == "test" else pair[1]):
                menu.addAction(
                    f"Clear the correction {annotator}:{pair[0]} = {pair[1]}",
                    partial(self.adjudication.decide, Decision((ClearPair(annotator, *pair),))),
                )
