"""The test and gold graphs of a pair side by side: one scale, aligned nodes
across from each other, views zoomed and panned together while linked."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.layout.marks import GraphMarks, Status, edge_key
from engine.layout.pair import PairDrawing, lay_out_pair
from engine.layout.viewport import WHOLE_TEXT_PX, frame
from engine.metrics.triples import TripleMatch
from engine.scoring import PairResult

from ..common.elided import TitledBox
from ..common.sides import Side, partner
from . import graph_style
from .graph_view import GraphScene, GraphView, LinkedViews, QtText

__all__ = ["ComparisonPanel", "edge_key"]

READABLE_SCALE = 0.8  # the least zoom a revealed node is shown at (its text about 10 px)
LEGEND = graph_style.LEGEND + " · wheel, pinch or +/- zoom, drag pans, F or 0 fits · click a node to find its partner"


def _swatch(fill: str, text: str, colour: str = graph_style.NODE_TEXT) -> str:
    return f"<span style='background:{fill};color:{colour}'>&nbsp;{text}&nbsp;</span>"


# the legend in one short line beside the zoom buttons (the graphs get the room); LEGEND is its tooltip
NODE_KEY = (
    _swatch(graph_style.STATUS_FILL[Status.MATCHED], "aligned"),
    _swatch(graph_style.STATUS_FILL[Status.DIFFERS], "concept differs"),
    _swatch(graph_style.STATUS_FILL[Status.UNALIGNED], "unaligned", graph_style.UNALIGNED_BORDER.colour),
    _swatch(graph_style.STATUS_FILL[Status.CONSTANT], "constant"),
)
EDGE_KEY = (
    f"<span style='color:{graph_style.UNMATCHED_EDGE.colour}'>- - relation not matched</span>",
    f"<span style='color:{graph_style.REENTRANT_EDGE.colour}'>- - reentrancy</span>",
    _swatch(graph_style.TAG_FILL, "<b>3</b>", graph_style.TAG_TEXT) + " pair tag",
)
DRS_KEY = "&nbsp;▣ DRS box"
ELLIPSIS = " …"


def _bounds(items: list[QGraphicsItem | None]) -> QRectF | None:
    """The scene rectangle around the items there are (None when there is none)."""
    rects = [item.sceneBoundingRect() for item in items if item is not None]
    if not rects:
        return None
    bounds = rects[0]
    for rect in rects[1:]:
        bounds = bounds.united(rect)
    return bounds


class _KeyLabel(QLabel):
    """The key on one line: as many of its items as fit, then "…" (the tooltip says it all)."""

    def __init__(self):
        super().__init__()
        self.items: tuple[str, ...] = ()
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(False)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # never widens the bar

    def set_items(self, items: tuple[str, ...]) -> None:
        self.items = items
        self._fit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        text = ""
        for count in range(len(self.items), 0, -1):
            text = " ".join(self.items[:count]) + ("" if count == len(self.items) else ELLIPSIS)
            if self._width(text) <= room:
                break
        self.setText(text)

    def _width(self, html: str) -> float:
        document = QTextDocument()
        document.setDefaultFont(self.font())
        document.setDocumentMargin(0)
        document.setHtml(html)
        return document.idealWidth()


class _Pane(TitledBox):
    """A titled view with a note above it (why a graph is missing or not compared)."""

    def __init__(self, title: str, view: GraphView):
        super().__init__(title)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(f"color:{graph_style.UNMATCHED_ROLE_TEXT};")
        self.note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.note)
        layout.addWidget(view, 1)

    def show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))


class ComparisonPanel(QWidget):
    """Signal ``node_selected(side, var)`` (side "test"/"gold", var "" = none): a node was clicked.
    A node under the mouse is marked with its partner and selects nothing."""

    node_selected = Signal(str, str)

    def __init__(self, parent=None, names: tuple[str, str] = ("Test", "Gold"), whole: bool = False):
        """``whole``: the graphs are fitted down to a smaller text (WHOLE_TEXT_PX) before the view
        zooms in to a readable one (the adjudicated graph beside the annotator's, both in sight)."""
        super().__init__(parent)
        self.names = names  # the titles of the two graphs
        self.result: PairResult | None = None
        self.drawing: PairDrawing | None = None
        self.measure = QtText()
        self.test_scene, self.gold_scene = GraphScene(self, self.measure), GraphScene(self, self.measure)
        self.test_view, self.gold_view = GraphView(self.test_scene), GraphView(self.gold_scene)
        self.views = LinkedViews([self.test_view, self.gold_view], self)
        if whole:
            self.views.least_px = WHOLE_TEXT_PX
        self.test_box, self.gold_box = _Pane(names[0], self.test_view), _Pane(names[1], self.gold_view)
        fit_tip = "Show both graphs whole at one scale (F, 0 or double click)"
        self.fit_button = self._tool("Fit", fit_tip, self.views.fit)
        self.zoom_out_button = self._tool("−", "Zoom out (-, wheel down)", lambda: self._zoom(1 / 1.2))
        self.zoom_in_button = self._tool("+", "Zoom in (+, wheel up)", lambda: self._zoom(1.2))
        self.link_box = QCheckBox("Link views")
        self.link_box.setChecked(True)
        self.link_box.setToolTip("Zooming or panning one graph moves the other the same way")
        self.link_box.toggled.connect(self._set_linked)
        tools = QHBoxLayout()
        tools.setContentsMargins(2, 0, 2, 0)
        for button in (self.fit_button, self.zoom_out_button, self.zoom_in_button):
            tools.addWidget(button)
        tools.addWidget(self.link_box)
        tools.addSpacing(12)
        self.legend = _KeyLabel()
        self.legend.set_items(NODE_KEY + EDGE_KEY)
        self.legend.setToolTip(LEGEND)
        tools.addWidget(self.legend, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.test_box)
        self.splitter.addWidget(self.gold_box)
        self.tools = QWidget()  # the zoom buttons and the colours' key
        self.tools.setLayout(tools)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tools)
        layout.addWidget(self.splitter, 1)
        self.test_scene.node_clicked.connect(lambda key: self.select_node("test", key))
        self.gold_scene.node_clicked.connect(lambda key: self.select_node("gold", key))
        self.test_scene.node_hovered.connect(lambda key: self.hover_node("test", key))
        self.gold_scene.node_hovered.connect(lambda key: self.hover_node("gold", key))

    def set_stacked(self, stacked: bool) -> None:
        """Test above gold (for a narrow column), or side by side; each half the room."""
        self.splitter.setOrientation(Qt.Orientation.Vertical if stacked else Qt.Orientation.Horizontal)
        self.splitter.setSizes([1, 1])

    def _tool(self, text: str, tip: str, slot) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.clicked.connect(slot)
        return button

    def _zoom(self, factor: float) -> None:
        self.test_view.zoom_by(factor)
        if not self.views.linked:
            self.gold_view.zoom_by(factor)

    def _set_linked(self, on: bool) -> None:
        self.views.linked = on
        if on:  # line the gold view up with the test view again
            self.gold_view.place(self.test_view.scale_factor(), self.test_view.visible_center())

    def set_result(self, result: PairResult | None, rows: list[TripleMatch] | None = None, empty: str = "") -> None:
        """Draw a pair (None clears both views and says ``empty`` above them). A pair that could
        not be scored shows whichever graph is readable, with a note for the other."""
        self.result = result
        if result is None:
            self.drawing = None
            for scene, box, side in (
                (self.test_scene, self.test_box, self.names[0]),
                (self.gold_scene, self.gold_box, self.names[1]),
            ):
                scene.draw(None, GraphMarks())
                box.setTitle(side)
                box.show_note(empty)
            return
        drs = any(graph is not None and graph.metadata.get("format") == "drs" for graph in (result.test, result.gold))
        self.legend.set_items(NODE_KEY + ((DRS_KEY,) if drs else ()) + EDGE_KEY)
        self.legend.setToolTip(LEGEND + (graph_style.DRS_LEGEND if drs else ""))
        self.drawing = drawing = lay_out_pair(result, rows, self.measure)
        for scene, box, shown, name in (
            (self.test_scene, self.test_box, drawing.test, self.names[0]),
            (self.gold_scene, self.gold_box, drawing.gold, self.names[1]),
        ):
            scene.draw(shown.geometry, shown.marks)
            box.setTitle(f"{name}: {shown.summary}")
            box.show_note(shown.note)
        self.views.set_frame(frame(drawing.geometries))
        self.views.start()

    def partner(self, side: Side, key: str) -> str | None:
        """The variable aligned to ``key`` in the other graph."""
        return partner(self.result, side, key)

    def select_node(self, side: Side, key: str) -> None:
        """Highlight a node and its partner; tell the other panels."""
        other = self.partner(side, key)
        scenes = (self.test_scene, self.gold_scene)
        own_scene, other_scene = scenes if side == "test" else scenes[::-1]
        own_scene.highlight({key})
        other_scene.highlight({other} if other else set())
        self.node_selected.emit(side, key)

    def hover_node(self, side: Side, key: str) -> None:
        """Mark the node under the mouse and its partner ("" for none); the selection stays as it is."""
        other = self.partner(side, key) if key else None
        scenes = (self.test_scene, self.gold_scene)
        own_scene, other_scene = scenes if side == "test" else scenes[::-1]
        own_scene.hover({key} if key else set())
        other_scene.hover({other} if other else set())

    def _centre(self, places: list[tuple[GraphView, QRectF | None]]) -> None:
        """Centre each view on its part of the scene (None: where it is), at one scale no smaller
        than readable; a view left where it is takes the scale too while the views are linked."""
        scale = max(READABLE_SCALE, self.test_view.scale_factor())
        for view, rect in places:
            if rect is not None or self.views.linked:
                view.place(scale, rect.center() if rect is not None else view.visible_center())
                view.following = False

    def reveal(self, side: Side, key: str) -> None:
        """Centre a node in its view and its aligned partner in the other."""
        wanted = {side: key, ("gold" if side == "test" else "test"): self.partner(side, key) or ""}
        self._centre(
            [
                (self.test_view, _bounds([self.test_scene.node_items.get(wanted["test"])])),
                (self.gold_view, _bounds([self.gold_scene.node_items.get(wanted["gold"])])),
            ]
        )

    def reveal_triple(self, row: TripleMatch) -> None:
        """Centre each graph on its edge of the triple; a graph without it on the partners of the
        other graph's ends (where the relation would be), both at one scale."""
        result = self.result
        if result is None or result.test is None or result.gold is None:
            return
        places: list[tuple[GraphView, QRectF | None]] = []
        for view, scene, graph, triple, partners in (
            (self.test_view, self.test_scene, result.test, row.test, row.gold_partners),
            (self.gold_view, self.gold_scene, result.gold, row.gold, row.test_partners),
        ):
            if triple is not None and triple.is_top:
                places.append((view, _bounds([scene.node_items.get(triple.source)])))
            elif triple is not None:
                places.append((view, _bounds([scene.edge_items.get(edge_key(graph, triple))])))
            else:
                places.append((view, _bounds([scene.node_items.get(node.var) for node in partners if node])))
        self._centre(places)

    def select_triple(self, row: TripleMatch) -> None:
        """Highlight a triple's edge (and its end nodes) in both graphs; a top, its node."""
        result = self.result
        if result is None or result.test is None or result.gold is None:
            return
        for scene, graph, triple in (
            (self.test_scene, result.test, row.test),
            (self.gold_scene, result.gold, row.gold),
        ):
            if triple is None or triple.is_top:
                scene.highlight({triple.source} if triple is not None and triple.source in scene.node_items else set())
                continue
            key = edge_key(graph, triple)
            scene.highlight({key[0], key[2]}, {key})
