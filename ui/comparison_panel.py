"""The test and gold graphs of a pair side by side, aligned nodes across from each other."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGroupBox, QLabel, QSplitter, QVBoxLayout, QWidget

from engine.layout import graph_elements, layered_layout
from engine.model import Graph
from engine.scoring import PairResult
from engine.triples import Category, Triple, TripleMatch

from .graph_view import PALETTE, GraphScene, GraphStyle, GraphView, NodeStyle, text_width
from .selection import partner

EdgeKey = tuple[str, str, str]


def edge_key(graph: Graph, triple: Triple) -> EdgeKey:
    """The drawn edge of a triple: constants are leaves ``=k`` by attribute position."""
    if triple.target_concept is not None:
        return triple.source, triple.role, triple.target
    for k, attribute in enumerate(graph.attributes):
        if (attribute.source, attribute.role, attribute.value) == (triple.source, triple.role, triple.target):
            return triple.source, triple.role, f"={k}"
    return triple.source, triple.role, triple.target


def styles_for(result: PairResult, rows: list[TripleMatch]) -> tuple[GraphStyle, GraphStyle]:
    """Aligned pairs share a palette colour; unaligned nodes and non-matched edges are marked."""
    test_style, gold_style = GraphStyle(), GraphStyle()
    alignment = result.alignment
    for number, (i, j) in enumerate(alignment.pairs()):
        colour = PALETTE[number % len(PALETTE)]
        test_style.node[result.test.nodes[i].var] = NodeStyle(colour)
        gold_style.node[result.gold.nodes[j].var] = NodeStyle(colour)
    aligned_gold = set(alignment.test_of)
    for i, node in enumerate(result.test.nodes):
        if alignment.gold_of[i] is None:
            test_style.node[node.var] = NodeStyle(QColor("white"), unaligned=True)
    for j, node in enumerate(result.gold.nodes):
        if j not in aligned_gold:
            gold_style.node[node.var] = NodeStyle(QColor("white"), unaligned=True)
    for row in rows:
        if row.category is Category.MATCHED:
            continue
        if row.test is not None:
            test_style.mismatched_edges.add(edge_key(result.test, row.test))
        if row.gold is not None:
            gold_style.mismatched_edges.add(edge_key(result.gold, row.gold))
    return test_style, gold_style


def _pane(title: str, view: GraphView) -> tuple[QGroupBox, QVBoxLayout]:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(2, 2, 2, 2)
    layout.addWidget(view)
    return box, layout


class ComparisonPanel(QWidget):
    """Signals ``node_selected(side, var)`` and ``node_hovered(side, var)`` (side "test"/"gold", var "" = none)."""

    node_selected = Signal(str, str)
    node_hovered = Signal(str, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.result: PairResult | None = None
        self.test_scene, self.gold_scene = GraphScene(self), GraphScene(self)
        self.test_view, self.gold_view = GraphView(self.test_scene), GraphView(self.gold_scene)
        self.test_box, _ = _pane("Test", self.test_view)
        self.gold_box, _ = _pane("Gold", self.gold_view)
        self.legend = QLabel(
            "Same colour = aligned pair · red dashed border = unaligned node · red dashed edge = relation not matched"
            " · grey dashed edge = reentrancy or inverted role · click a node to find its partner · wheel zooms, F fits")
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color:#555;")
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.test_box)
        splitter.addWidget(self.gold_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.legend)
        self.test_scene.node_clicked.connect(lambda key: self.select_node("test", key))
        self.gold_scene.node_clicked.connect(lambda key: self.select_node("gold", key))
        self.test_scene.node_hovered.connect(lambda key: self._hover("test", key))
        self.gold_scene.node_hovered.connect(lambda key: self._hover("gold", key))

    def set_result(self, result: PairResult | None, rows: list[TripleMatch] | None = None) -> None:
        self.result = result
        if result is None or result.alignment is None:
            self.test_scene.clear()
            self.gold_scene.clear()
            return
        rows = rows if rows is not None else result.triples()
        test_style, gold_style = styles_for(result, rows)
        gold_elements, test_elements = graph_elements(result.gold), graph_elements(result.test)
        gold_labels = {node.key: node.label for node in gold_elements.nodes}
        test_labels = {node.key: node.label for node in test_elements.nodes}
        gold_layout = layered_layout(gold_elements, lambda key: text_width(gold_labels[key]))
        partner_x = {result.test.nodes[i].var: gold_layout.nodes[result.gold.nodes[j].var].x
                     for i, j in result.alignment.pairs()}
        test_layout = layered_layout(test_elements, lambda key: text_width(test_labels[key]), partner_x)
        self.gold_scene.draw(gold_elements, gold_layout, gold_style)
        self.test_scene.draw(test_elements, test_layout, test_style)
        for box, graph, side in ((self.test_box, result.test, "Test"), (self.gold_box, result.gold, "Gold")):
            box.setTitle(f"{side}: {len(graph)} nodes, {len(graph.edges) + len(graph.attributes)} relations")
        self.test_view.fit()
        self.gold_view.fit()

    def partner(self, side: str, key: str) -> str | None:
        """The variable aligned to ``key`` in the other graph."""
        return partner(self.result, side, key)

    def select_node(self, side: str, key: str) -> None:
        """Highlight a node and its partner; tell the other panels."""
        other = self.partner(side, key)
        own_scene, other_scene = (self.test_scene, self.gold_scene) if side == "test" else (self.gold_scene, self.test_scene)
        own_scene.highlight({key})
        other_scene.highlight({other} if other else set())
        self.node_selected.emit(side, key)

    def _hover(self, side: str, key: str) -> None:
        self.node_hovered.emit(side, key)

    def select_triple(self, row: TripleMatch) -> None:
        """Highlight a triple's edge (and its end nodes) in both graphs."""
        result = self.result
        if result is None:
            return
        for scene, graph, triple in ((self.test_scene, result.test, row.test), (self.gold_scene, result.gold, row.gold)):
            if triple is None:
                scene.highlight()
                continue
            key = edge_key(graph, triple)
            scene.highlight({key[0], key[2]}, {key})
