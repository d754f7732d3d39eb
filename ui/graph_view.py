"""Drawing one semantic graph: a QGraphicsScene built from the engine's layered layout."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsPathItem, QGraphicsPolygonItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView,
)

from engine.layout import GraphElements, GraphLayout, PlacedEdge

NODE_HEIGHT = 28.0
PADDING = 10.0
UNALIGNED_PEN = QColor("#c62828")
MISMATCH_PEN = QColor("#c62828")
EDGE_PEN = QColor("#555555")
CONSTANT_FILL = QColor("#eeeeee")
HIGHLIGHT = QColor("#ff8f00")
# Fill colours of aligned pairs: light, distinguishable, cycled.
PALETTE = [QColor(c) for c in (
    "#bbdefb", "#c8e6c9", "#ffe0b2", "#e1bee7", "#b2ebf2", "#f8bbd0", "#dcedc8", "#d1c4e9",
    "#ffccbc", "#b3e5fc", "#f0f4c3", "#cfd8dc", "#ffecb3", "#c5cae9", "#b2dfdb", "#f5d0c5",
)]
LABEL_FONT = QFont("Sans Serif", 9)
LABEL_FONT.setStyleHint(QFont.StyleHint.SansSerif)
ROLE_FONT = QFont("Sans Serif", 8)
ROLE_FONT.setStyleHint(QFont.StyleHint.SansSerif)


def text_width(text: str, font: QFont = LABEL_FONT) -> float:
    return QFontMetricsF(font).horizontalAdvance(text) + 2 * PADDING


@dataclass
class NodeStyle:
    """How to draw one node: fill, and whether it is unaligned (red border)."""

    fill: QColor
    unaligned: bool = False


@dataclass
class GraphStyle:
    node: dict[str, NodeStyle] = field(default_factory=dict)
    mismatched_edges: set[tuple[str, str, str]] = field(default_factory=set)  # (source key, role, target key)


class NodeItem(QGraphicsPathItem):
    """A rounded box with the node's label; constants are square grey boxes."""

    def __init__(self, key: str, label: str, rect: QRectF, style: NodeStyle, constant: bool, scene: "GraphScene"):
        super().__init__()
        self.key = key
        self._scene = scene
        path = QPainterPath()
        radius = 3.0 if constant else 10.0
        path.addRoundedRect(rect, radius, radius)
        self.setPath(path)
        self.setBrush(QBrush(CONSTANT_FILL if constant else style.fill))
        self.base_pen = QPen(UNALIGNED_PEN, 2.5) if style.unaligned else QPen(QColor("#37474f"), 1.0)
        if style.unaligned:
            self.base_pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(self.base_pen)
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(label + ("\n(unaligned)" if style.unaligned else ""))
        self.setZValue(2)
        text = QGraphicsSimpleTextItem(label, self)
        text.setFont(LABEL_FONT)
        bounds = text.boundingRect()
        text.setPos(rect.center().x() - bounds.width() / 2, rect.center().y() - bounds.height() / 2)

    def set_highlighted(self, on: bool) -> None:
        self.setPen(QPen(HIGHLIGHT, 4.0) if on else self.base_pen)

    def hoverEnterEvent(self, event) -> None:
        self._scene.node_hovered.emit(self.key)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        self._scene.node_hovered.emit("")
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event) -> None:
        self._scene.node_clicked.emit(self.key)
        super().mousePressEvent(event)


class EdgeItem(QGraphicsPathItem):
    def __init__(self, placed: PlacedEdge, path: QPainterPath, mismatched: bool):
        super().__init__(path)
        self.edge = placed.edge
        pen = QPen(MISMATCH_PEN if mismatched else EDGE_PEN, 1.8 if mismatched else 1.2)
        if mismatched or not placed.tree or placed.inverted:
            pen.setStyle(Qt.PenStyle.DashLine)
        self.base_pen = pen
        self.setPen(pen)
        self.setZValue(0)

    def set_highlighted(self, on: bool) -> None:
        self.setPen(QPen(HIGHLIGHT, 3.5) if on else self.base_pen)


class GraphScene(QGraphicsScene):
    """The items of one graph; signals carry node keys (variables, or ``=k`` constants)."""

    node_clicked = Signal(str)
    node_hovered = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # few items, rebuilt for every pair
        self.node_items: dict[str, NodeItem] = {}
        self.edge_items: dict[tuple[str, str, str], EdgeItem] = {}

    def draw(self, elements: GraphElements, layout: GraphLayout, style: GraphStyle) -> None:
        self.clear()
        self.node_items, self.edge_items = {}, {}
        rects = {}
        for node in elements.nodes:
            placed = layout.nodes[node.key]
            rects[node.key] = QRectF(placed.x - placed.width / 2, placed.y, placed.width, NODE_HEIGHT)
            node_style = style.node.get(node.key, NodeStyle(QColor("white")))
            self.node_items[node.key] = item = NodeItem(node.key, node.label, rects[node.key], node_style, node.constant, self)
            self.addItem(item)
        for placed in layout.edges:
            edge = placed.edge
            key = (edge.source, edge.role, edge.target)
            path, label_at, tip, direction = self._route(rects[edge.source], rects[edge.target], placed)
            item = EdgeItem(placed, path, key in style.mismatched_edges)
            self.addItem(item)
            self.edge_items[key] = item
            arrow = self._arrow(tip, direction, item.pen().color())
            arrow.setParentItem(item)
            label = QGraphicsSimpleTextItem(edge.role, item)
            label.setFont(ROLE_FONT)
            label.setBrush(QBrush(item.pen().color().darker(120)))
            bounds = label.boundingRect()
            label.setPos(label_at.x() - bounds.width() / 2, label_at.y() - bounds.height() / 2)
        self.setSceneRect(self.itemsBoundingRect().adjusted(-20, -20, 20, 20))

    @staticmethod
    def _route(source: QRectF, target: QRectF, placed: PlacedEdge):
        """Straight edges downwards; curves for non-tree and upward edges."""
        if target.top() > source.bottom():
            start, end = QPointF(source.center().x(), source.bottom()), QPointF(target.center().x(), target.top())
        elif source.top() > target.bottom():
            start, end = QPointF(source.center().x(), source.top()), QPointF(target.center().x(), target.bottom())
        else:  # same layer: leave from the side
            side = 1 if target.center().x() > source.center().x() else -1
            start = QPointF(source.center().x() + side * source.width() / 2, source.center().y())
            end = QPointF(target.center().x() - side * target.width() / 2, target.center().y())
        path = QPainterPath(start)
        if placed.tree and not placed.inverted:
            path.lineTo(end)
            return path, start + (end - start) * 0.62, end, end - start
        bend = QPointF(0, 0) if start.y() != end.y() else QPointF(0, -40)
        offset = 50.0 if end.x() >= start.x() else -50.0
        control1 = QPointF(start.x() + offset, start.y() + (end.y() - start.y()) * 0.3) + bend
        control2 = QPointF(end.x() + offset, end.y() - (end.y() - start.y()) * 0.3) + bend
        path.cubicTo(control1, control2, end)
        return path, path.pointAtPercent(0.6), end, end - path.pointAtPercent(0.95)

    @staticmethod
    def _arrow(tip: QPointF, direction: QPointF, colour: QColor) -> QGraphicsPolygonItem:
        length = math.hypot(direction.x(), direction.y()) or 1.0
        ux, uy = direction.x() / length, direction.y() / length
        size = 8.0
        back = QPointF(tip.x() - ux * size, tip.y() - uy * size)
        left = QPointF(back.x() - uy * size * 0.5, back.y() + ux * size * 0.5)
        right = QPointF(back.x() + uy * size * 0.5, back.y() - ux * size * 0.5)
        arrow = QGraphicsPolygonItem(QPolygonF([tip, left, right]))
        arrow.setBrush(QBrush(colour))
        arrow.setPen(QPen(colour))
        return arrow

    def highlight(self, nodes: set[str] = frozenset(), edges: set[tuple[str, str, str]] = frozenset()) -> None:
        for key, item in self.node_items.items():
            item.set_highlighted(key in nodes)
        for key, item in self.edge_items.items():
            item.set_highlighted(key in edges)


class GraphView(QGraphicsView):
    """Zoom with the wheel, pan by dragging, F or double-click fits the graph."""

    def __init__(self, scene: GraphScene, parent=None):
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

    def wheelEvent(self, event) -> None:
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self.scale(factor, factor)

    def fit(self) -> None:
        rect = self.scene().sceneRect()
        if not rect.isEmpty():
            self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
            if self.transform().m11() > 1.2:  # small graphs stay readable, not blown up
                self.resetTransform()
                self.scale(1.2, 1.2)
                self.centerOn(rect.center())

    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key.Key_F:
            self.fit()
        elif event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.scale(1.15, 1.15)
        elif event.key() == Qt.Key.Key_Minus:
            self.scale(1 / 1.15, 1 / 1.15)
        else:
            super().keyPressEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        if self.itemAt(event.position().toPoint()) is None:
            self.fit()
        else:
            super().mouseDoubleClickEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()
