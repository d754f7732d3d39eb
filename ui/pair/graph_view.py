"""Drawing one semantic graph from its engine geometry (a QGraphicsScene that
computes nothing), a view that zooms and pans, and the link that keeps the test
and gold views on one scale and, optionally, in step.

Nodes and edges can be highlighted (orange), marked as neighbours of a highlighted node
(pink) and, for telling an alignment step by step, drawn as not yet aligned (grey, no tag,
relations not yet judged): :meth:`GraphScene.reveal`."""

from __future__ import annotations

from collections.abc import Collection
from typing import ClassVar

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QToolTip,
)

from engine.layout.geometry import EdgeGeometry, GraphGeometry, NodeGeometry, Rect
from engine.layout.marks import EdgeKey, GraphMarks, NodeMark, Status
from engine.layout.viewport import SMALLEST_TEXT_PX, fit_scale, start_view

from . import graph_style as style

__all__ = ["HIGHLIGHT", "HOVER", "MISMATCH_PEN", "UNALIGNED_PEN", "GraphScene", "GraphView", "LinkedViews", "QtText"]

HIGHLIGHT = QColor(style.HIGHLIGHT)
HOVER = QColor(style.HOVER)
MISMATCH_PEN = QColor(style.UNMATCHED_EDGE.colour)
UNALIGNED_PEN = QColor(style.UNALIGNED_BORDER.colour)
ZOOM_STEP = 1.2
MIN_SCALE, MAX_SCALE = 0.05, 8.0


def _font(px: float, bold: bool = False) -> QFont:
    font = QFont(style.FONT_FAMILY)
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(round(px))
    font.setBold(bold)
    return font


class QtText:
    """The engine's :class:`~engine.layout.text.TextMeasure` with the fonts the
    scene draws in (pixel sizes, so scene units do not depend on the screen)."""

    node_px, tag_px, role_px = 12.0, 10.0, 11.0

    def __init__(self):
        self.node_font, self.tag_font, self.role_font = (
            _font(self.node_px),
            _font(self.tag_px, True),
            _font(self.role_px),
        )
        self._metrics = {id(font): QFontMetricsF(font) for font in (self.node_font, self.tag_font, self.role_font)}

    def _width(self, font: QFont, text: str) -> float:
        return self._metrics[id(font)].horizontalAdvance(text)

    def node_width(self, text: str) -> float:
        return self._width(self.node_font, text)

    def tag_width(self, text: str) -> float:
        return self._width(self.tag_font, text)

    def role_width(self, text: str) -> float:
        return self._width(self.role_font, text)


def _qrect(rect: Rect) -> QRectF:
    return QRectF(rect.x, rect.y, rect.width, rect.height)


def _pen(pen: style.Pen) -> QPen:
    result = QPen(QColor(pen.colour), pen.width)
    if pen.dashed:
        result.setStyle(Qt.PenStyle.DashLine)
    return result


CENTRED = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextDontClip
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextDontClip
NODE_TEXT, TAG_TEXT, TAG_FILL = QColor(style.NODE_TEXT), QColor(style.TAG_TEXT), QColor(style.TAG_FILL)
ROLE_TEXT, UNMATCHED_ROLE_TEXT = QColor(style.ROLE_TEXT), QColor(style.UNMATCHED_ROLE_TEXT)


class _MarkedItem(QGraphicsPathItem):
    """What a node and an edge share: an emphasis over their own pen - "highlight" (orange) or
    "neighbour" (pink), :data:`EMPHASIS` - and being drawn as not yet aligned (a node) or judged
    (an edge): its ``plain_pen`` then, and :meth:`_show_revealed` for the rest of its look."""

    EMPHASIS: ClassVar[dict[str, style.Pen]] = {}

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.revealed, self.emphasis = True, ""
        self.base_pen = self.plain_pen = QPen()

    def set_highlighted(self, on: bool) -> None:
        self.set_emphasis("highlight" if on else "")

    def set_emphasis(self, emphasis: str) -> None:
        """ "highlight", "neighbour" or "" (its own pen)."""
        self.emphasis = emphasis
        self._restyle()

    def set_revealed(self, on: bool) -> None:
        """Off: drawn as not yet aligned (or judged)."""
        if on != self.revealed:
            self.revealed = on
            self._show_revealed(on)
            self._restyle()

    def _show_revealed(self, on: bool) -> None:
        """The item's look beyond its pen, revealed or not."""

    def _restyle(self) -> None:
        emphasis = self.EMPHASIS.get(self.emphasis)
        self.setPen(_pen(emphasis) if emphasis is not None else self._own_pen())
        self.setZValue(self.z_value())
        self.update()

    def _own_pen(self) -> QPen:
        """Its pen without an emphasis."""
        return self.base_pen if self.revealed else self.plain_pen

    def z_value(self) -> float:
        return 0.0


class NodeItem(_MarkedItem):
    """A node box that paints its tag and label itself (one item per node);
    tooltip from its mark. Its border: highlighted (orange) when selected, a dashed pink as a
    neighbour, else hovered when under the mouse (or the partner of the node under it), else its
    status's."""

    EMPHASIS: ClassVar[dict[str, style.Pen]] = {"highlight": style.HIGHLIGHT_NODE, "neighbour": style.NEIGHBOUR_NODE}

    def __init__(self, node: NodeGeometry, mark: NodeMark, fonts: QtText, scene: GraphScene):
        super().__init__()
        self.key = node.key
        self._scene = scene
        self._fonts = fonts
        self._label = node.label
        self._tag = node.tag if node.tag_box is not None else None
        self._tag_rect = _qrect(node.tag_box) if node.tag_box is not None and node.tag else None
        box = node.box
        self._text_rect = QRectF(node.text_center[0] - box.width / 2, box.y, box.width, box.height)
        path = QPainterPath()
        radius = 0.0 if node.frame else 3.0 if node.constant else 9.0
        path.addRoundedRect(_qrect(box), radius, radius)
        self.setPath(path)
        self._inner = _qrect(box.grown(-style.FRAME_INSET)) if node.frame else None  # a DRS box's second line
        self._fill = QBrush(QColor(style.STATUS_FILL[mark.status]))
        self._shown_tag = self._tag
        self.base_pen = _pen(style.node_pen(mark.status, node.frame))
        self.plain_pen = _pen(style.node_pen(Status.UNSCORED, node.frame))
        self.setBrush(self._fill)
        self.setPen(self.base_pen)
        self.hovered = False
        self.setAcceptHoverEvents(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(mark.tooltip)
        self.setZValue(2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        super().paint(painter, option, widget)
        if self._inner is not None:
            painter.setPen(_pen(style.FRAME_INNER))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(self._inner)
        if self._shown_tag and self._tag_rect is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(TAG_FILL)
            painter.drawRoundedRect(self._tag_rect, 3.0, 3.0)
            painter.setPen(TAG_TEXT)
            painter.setFont(self._fonts.tag_font)
            painter.drawText(self._tag_rect, CENTRED, self._shown_tag)
        painter.setPen(NODE_TEXT)
        painter.setFont(self._fonts.node_font)
        painter.drawText(self._text_rect, CENTRED, self._label)

    def _show_revealed(self, on: bool) -> None:
        """Not yet aligned: grey, no pair tag."""
        self._shown_tag = self._tag if on else None
        self.setBrush(self._fill if on else QBrush(QColor(style.STATUS_FILL[Status.UNSCORED])))

    def z_value(self) -> float:
        return 2.0

    def set_hovered(self, on: bool) -> None:
        self.hovered = on
        self._restyle()

    def _own_pen(self) -> QPen:
        return _pen(style.HOVER_NODE) if self.hovered else super()._own_pen()

    def hoverEnterEvent(self, event) -> None:
        self._scene.node_hovered.emit(self.key)
        super().hoverEnterEvent(event)

    def hoverLeaveEvent(self, event) -> None:
        self._scene.node_hovered.emit("")
        super().hoverLeaveEvent(event)

    def mousePressEvent(self, event) -> None:
        self._scene.node_clicked.emit(self.key)
        super().mousePressEvent(event)


class EdgeItem(_MarkedItem):
    """An edge path that paints its arrow head and role label itself; over the others while emphasised."""

    EMPHASIS: ClassVar[dict[str, style.Pen]] = {"highlight": style.HIGHLIGHT_EDGE, "neighbour": style.NEIGHBOUR_EDGE}

    def __init__(self, edge: EdgeGeometry, unmatched: bool, fonts: QtText):
        path = QPainterPath(QPointF(*edge.segments[0][0]))
        for _, first, second, end in edge.segments:
            path.cubicTo(QPointF(*first), QPointF(*second), QPointF(*end))
        super().__init__(path)
        self.edge = edge.edge
        self._fonts = fonts
        self.base_pen = _pen(style.edge_pen(unmatched, edge.tree))
        self.plain_pen = _pen(style.edge_pen(False, edge.tree))
        self.setPen(self.base_pen)
        self.setZValue(0)
        self.arrow = QPolygonF([QPointF(*point) for point in edge.arrow])
        self.label_rect = _qrect(edge.label_box)
        self._text_rect = self.label_rect.adjusted(2.0, 0.0, 0.0, 0.0)
        self._own_colour = self._text_colour = UNMATCHED_ROLE_TEXT if unmatched else ROLE_TEXT
        self._bounds = (
            path.boundingRect().united(self.label_rect).united(self.arrow.boundingRect()).adjusted(-3, -3, 3, 3)
        )

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        super().paint(painter, option, widget)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.pen().color())
        painter.drawPolygon(self.arrow)
        painter.setPen(self._text_colour)
        painter.setFont(self._fonts.role_font)
        painter.drawText(self._text_rect, LEFT, self.edge.role)

    def _show_revealed(self, on: bool) -> None:
        """Not yet judged: a plain line and label whether or not the relation matches."""
        self._text_colour = self._own_colour if on else ROLE_TEXT

    def z_value(self) -> float:
        return 1.0 if self.emphasis else 0.0


class GraphScene(QGraphicsScene):
    """The items of one graph; signals carry node keys (variables, or ``=k`` constants):
    ``node_clicked(key)``, ``node_hovered(key)`` ("" when the mouse leaves a node)."""

    node_clicked = Signal(str)
    node_hovered = Signal(str)

    def __init__(self, parent=None, fonts: QtText | None = None):
        super().__init__(parent)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # rebuilt for every pair
        self.fonts = fonts or QtText()
        self.geometry: GraphGeometry | None = None
        self.marks = GraphMarks()
        self.node_items: dict[str, NodeItem] = {}
        self.edge_items: dict[EdgeKey, EdgeItem] = {}

    def draw(self, geometry: GraphGeometry | None, marks: GraphMarks) -> None:
        """Items for ``geometry`` (nothing when None). A node's tooltip still shown belongs to
        the graph drawn before: it goes with its node (Qt would keep it until the mouse moves)."""
        if QToolTip.isVisible():
            QToolTip.hideText()
        self.clear()
        self.geometry, self.marks = geometry, marks
        self.node_items, self.edge_items = {}, {}
        if geometry is None:
            return
        for edge in geometry.edges:
            edge_item = EdgeItem(edge, edge.key in marks.unmatched_edges, self.fonts)
            self.addItem(edge_item)
            self.edge_items[edge.key] = edge_item
        unscored = NodeMark(Status.UNSCORED, "")
        for node in geometry.nodes.values():
            node_item = NodeItem(node, marks.nodes.get(node.key, unscored), self.fonts, self)
            self.addItem(node_item)
            self.node_items[node.key] = node_item

    def highlight(
        self,
        nodes: Collection[str] = frozenset(),
        edges: Collection[EdgeKey] = frozenset(),
        neighbours: Collection[str] = frozenset(),
        neighbour_edges: Collection[EdgeKey] = frozenset(),
    ) -> None:
        """Mark the selection: ``nodes`` and ``edges`` (orange), and ``neighbours`` and
        ``neighbour_edges`` (pink); every other item as drawn."""
        for key, node_item in self.node_items.items():
            node_item.set_emphasis("highlight" if key in nodes else "neighbour" if key in neighbours else "")
        for edge, edge_item in self.edge_items.items():
            edge_item.set_emphasis("highlight" if edge in edges else "neighbour" if edge in neighbour_edges else "")

    def reveal(self, nodes: Collection[str] | None = None, relations: bool = True) -> None:
        """Draw ``nodes`` with their alignment (colour and pair tag) and every other node as not
        yet aligned (None: every node as aligned); ``relations`` False draws every relation as
        not yet judged. Constants keep their look."""
        for key, node_item in self.node_items.items():
            node_item.set_revealed(nodes is None or key in nodes or key.startswith("="))
        for edge_item in self.edge_items.values():
            edge_item.set_revealed(relations)

    def hover(self, nodes: Collection[str] = frozenset()) -> None:
        """Mark the nodes under the mouse (a mark of its own: the selection's stays)."""
        for key, node_item in self.node_items.items():
            node_item.set_hovered(key in nodes)


class GraphView(QGraphicsView):
    """Wheel, +/- keys and pinch zoom; drag pans; F, 0 or a double click on
    the background asks for a fit. A resize keeps the zoom; only a view nobody
    has zoomed or panned since it was last fitted follows the new size."""

    zoomed = Signal()  # by the user
    panned = Signal()  # by the user
    fit_requested = Signal()
    resized = Signal()

    def __init__(self, scene: GraphScene, parent=None):
        super().__init__(scene, parent)
        self.graph_scene = scene  # scene() as the graph scene it is
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().grabGesture(Qt.GestureType.PinchGesture)
        self.following = True  # fitted (or at its start view) and untouched since
        self._programmatic = 0
        self.horizontalScrollBar().valueChanged.connect(self._scrolled)
        self.verticalScrollBar().valueChanged.connect(self._scrolled)

    # -- programmatic changes (not the user's) ------------------------------------
    def place(self, scale: float, center: QPointF) -> None:
        """Show ``center`` at ``scale`` without counting it as the user's doing."""
        self._programmatic += 1
        try:
            self.setTransform(QTransform.fromScale(scale, scale))
            self.centerOn(center)
        finally:
            self._programmatic -= 1

    def bring_into_view(self, focus: QRectF, around: QRectF) -> None:
        """Scroll ``focus`` into view when it is not wholly there, the zoom kept: centred on
        ``around`` (a rectangle that holds it) when that fits the view, else on ``focus``."""
        shown = self.mapToScene(self.viewport().rect()).boundingRect()
        if shown.contains(focus):
            return
        fits = around.width() <= shown.width() and around.height() <= shown.height()
        self.place(self.scale_factor(), (around if fits else focus).center())
        self.following = False

    def visible_center(self) -> QPointF:
        return self.mapToScene(self.viewport().rect().center())

    def scale_factor(self) -> float:
        return self.transform().m11()

    def available_size(self) -> tuple[float, float]:
        """The room for the scene whether or not scroll bars show (so that a
        scroll bar appearing does not change what fits)."""
        rect = self.contentsRect()
        return float(rect.width()), float(rect.height())

    # -- the user's zoom and pan --------------------------------------------------
    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Scale by ``factor`` keeping the scene point under ``anchor`` (a viewport
        position; the centre when None) where it is."""
        current = self.scale_factor()
        scale = min(MAX_SCALE, max(MIN_SCALE, current * factor))
        if scale == current:
            return
        anchor = anchor if anchor is not None else QPointF(self.viewport().rect().center())
        fixed = self.mapToScene(anchor.toPoint())
        center = self.visible_center()
        ratio = current / scale
        self.place(
            scale, QPointF(fixed.x() + (center.x() - fixed.x()) * ratio, fixed.y() + (center.y() - fixed.y()) * ratio)
        )
        self.following = False
        self.zoomed.emit()

    def _scrolled(self) -> None:
        if not self._programmatic:
            self.following = False
            self.panned.emit()

    def wheelEvent(self, event) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(ZOOM_STEP**steps, event.position())
        event.accept()

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(ZOOM_STEP)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_by(1 / ZOOM_STEP)
        elif key in (Qt.Key.Key_0, Qt.Key.Key_F):
            self.fit_requested.emit()
        else:
            super().keyPressEvent(event)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.Gesture:
            pinch = event.gesture(Qt.GestureType.PinchGesture)
            if pinch is not None:
                self.zoom_by(
                    pinch.scaleFactor(), self.viewport().mapFromGlobal(pinch.centerPoint().toPoint()).toPointF()
                )
                event.accept()
                return True
        if event.type() == QEvent.Type.NativeGesture and event.gestureType() == Qt.NativeGestureType.ZoomNativeGesture:
            self.zoom_by(1.0 + event.value(), event.position())
            return True
        return super().viewportEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        if self.itemAt(event.position().toPoint()) is None:
            self.fit_requested.emit()
        else:
            super().mouseDoubleClickEvent(event)

    def resizeEvent(self, event) -> None:
        self._programmatic += 1
        try:
            super().resizeEvent(event)
        finally:
            self._programmatic -= 1
        if self.following:
            self.resized.emit()


class LinkedViews(QObject):
    """The test and gold views: one scale for both at the start and on every fit,
    and, while ``linked``, every zoom and pan of one copied to the other (the
    two scenes share one coordinate frame, so the same point is shown)."""

    def __init__(self, views: list[GraphView], parent=None):
        super().__init__(parent)
        self.views = views
        self.linked = True
        self.node_px = QtText.node_px
        self.text_scale = 1.0  # the least and the readable text size, times this
        self.least_px = SMALLEST_TEXT_PX  # fitted down to this node text size, else zoomed in to a readable one
        self._copying = False
        for view in views:
            view.zoomed.connect(lambda view=view: self._follow(view))
            view.panned.connect(lambda view=view: self._follow(view))
            view.fit_requested.connect(self.fit)
            view.resized.connect(self._refresh)
        self._placed_in = (0.0, 0.0)  # the room the views were last placed for

    def _geometries(self) -> list[GraphGeometry]:
        return [view.graph_scene.geometry for view in self.views if view.graph_scene.geometry is not None]

    def _smallest_view(self) -> tuple[float, float]:
        sizes = [view.available_size() for view in self.views]
        return min(w for w, _ in sizes), min(h for _, h in sizes)

    def set_frame(self, frame: Rect) -> None:
        for view in self.views:
            view.scene().setSceneRect(_qrect(frame))

    def start(self) -> None:
        """The first view of a new pair: fitted at one scale, or zoomed in to a
        readable size on the top node when fitting makes the text too small."""
        width, height = self._smallest_view()
        view = start_view(self._geometries(), width, height, self.node_px, self.text_scale, self.least_px)
        self._place_all(view.scale, QPointF(*view.center))
        self._placed_in = (width, height)

    def fit(self) -> None:
        """Both views show the whole frame at one scale. When the views change size they start
        again (:meth:`start`): the user's fit in the Pair perspective does not shrink the text to
        dots in the Rounds one."""
        width, height = self._smallest_view()
        frame = self.views[0].scene().sceneRect()
        rect = Rect(frame.x(), frame.y(), frame.width(), frame.height())
        self._place_all(fit_scale(rect, width, height), frame.center())
        self._placed_in = (width, height)

    def _place_all(self, scale: float, center: QPointF) -> None:
        for view in self.views:
            view.place(scale, center)
            view.following = True

    def _refresh(self) -> None:
        """A view that follows its fit or start was resized: the pair starts again - fitted
        when its text stays readable so, else readable at its top node (a pair fitted in the
        Pair perspective is not shrunk to dots in the Rounds one's narrower column)."""
        if all(view.following for view in self.views) and self._smallest_view() != self._placed_in:
            self.start()  # (scroll bars coming or going change nothing)

    def _follow(self, source: GraphView) -> None:
        if not self.linked or self._copying:
            return
        self._copying = True
        try:
            for view in self.views:
                if view is not source:
                    view.place(source.scale_factor(), source.visible_center())
                    view.following = source.following
        finally:
            self._copying = False
