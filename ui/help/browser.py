"""The page view of the help window: a :class:`QTextBrowser` showing the guide's Markdown pages,
which follows their links itself (:func:`~ui.help.pages.link_kind`), scrolls to the heading a
link names (the GitHub anchors the pages use, which Qt's Markdown reader does not make), sets the
text in a column of readable width, spaces the headings out, shades the code, and draws a picture
wider than the column at the column's width (smoothly scaled; a click opens it at full size)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from PySide6.QtCore import QPointF, Qt, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QImage,
    QPainter,
    QPalette,
    QTextBlock,
    QTextBlockFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextImageFormat,
)
from PySide6.QtWidgets import QTextBrowser

from .pages import LinkKind, heading_anchor, link_kind

__all__ = ["MARGIN", "GuideBrowser"]

MARGIN = 18  # pixels of white around the page's text, at least
COLUMN = 130  # the text's width at most, in average characters: lines a reader's eye can follow
HEADING_SPACE = {1: (0.0, 0.4), 2: (1.1, 0.4), 3: (0.9, 0.3)}  # a heading's space above and below, in lines
FRAME = "#b0b0b0"  # the line round a picture
PICTURE_SPACE = 0.6  # above and below a paragraph that is a picture, in lines


def _framed(image: QImage) -> QImage:
    """The picture with a thin grey line round it, apart from the page's white (drawn on it)."""
    framed = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(framed)
    painter.setPen(QColor(FRAME))
    painter.drawRect(0, 0, framed.width() - 1, framed.height() - 1)
    painter.end()
    return framed


class GuideBrowser(QTextBrowser):
    """The pages; ``open_url`` hands web addresses and pictures to the system (its browser, its
    image viewer); ``absent`` is emitted with a link to a file this installation lacks."""

    absent = Signal(QUrl)

    def __init__(self, parent=None, open_url: Callable[[QUrl], object] = QDesktopServices.openUrl):
        super().__init__(parent)
        self._open_url = open_url
        self._originals: dict[str, QImage] = {}  # the page's pictures as read, by path
        self._room = 0  # the width the page's pictures were last fitted to
        self._page = QUrl()  # the page whose pictures are in _originals
        self.setOpenLinks(False)
        self.document().setUndoRedoEnabled(False)
        self.document().setDocumentMargin(MARGIN)
        self.anchorClicked.connect(self.follow)
        self.sourceChanged.connect(self._shown)

    def follow(self, link: QUrl) -> None:
        """Go where a link of the page shown leads."""
        target = self.source().resolved(link)
        path = Path(target.toLocalFile()) if target.isLocalFile() else None
        kind = link_kind(target.scheme(), path)
        if kind is LinkKind.PAGE:
            self.setSource(target)
        elif kind is LinkKind.ABSENT:
            self.absent.emit(target)
        elif kind is LinkKind.FILE:
            self._open_url(QUrl.fromLocalFile(target.toLocalFile()))
        else:
            self._open_url(target)

    def find_text(self, text: str, backward: bool = False) -> bool:
        """Select the next (previous) place of ``text`` on the page, from the top (bottom) again
        past the last (first), and show it a third of the way down; False when the page does not have it."""
        flags = QTextDocument.FindFlag.FindBackward if backward else QTextDocument.FindFlag(0)
        if not text:
            return False
        found = self.find(text, flags)
        if not found:
            cursor = self.textCursor()
            cursor.movePosition(QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start)
            self.setTextCursor(cursor)
            found = self.find(text, flags)
        if found:  # a third of the way down the view, not at its very edge
            bar = self.verticalScrollBar()
            bar.setValue(bar.value() + self.cursorRect().center().y() - self.viewport().height() // 3)
        return found

    def heading(self) -> str:
        """The text of the page's first heading ("" when it has none)."""
        return next((block.text() for block in self._blocks() if block.blockFormat().headingLevel()), "")

    def picture_room(self) -> int:
        """The width of the page's text, which a picture may take: the view's, less the margins and
        the room of a vertical scroll bar (counted whether shown or not, so that fitting never makes
        it come and go), and at most :data:`COLUMN` characters."""
        return min(self._room_for_column() - 2 * MARGIN, COLUMN * self.fontMetrics().averageCharWidth())

    def _room_for_column(self) -> int:
        scroll_bar = self.style().pixelMetric(self.style().PixelMetric.PM_ScrollBarExtent)
        return max(self.contentsRect().width() - scroll_bar, 2 * MARGIN + 1)

    def pictures(self) -> list[tuple[str, float]]:
        """The page's pictures: (name as the page writes it, width drawn in pixels)."""
        return [(picture.name(), picture.width()) for _, picture in self._pictures()]

    def picture_at(self, point: QPointF) -> str | None:
        """The path of the picture at ``point`` of the viewport, None when there is none."""
        offset = QPointF(self.horizontalScrollBar().value(), self.verticalScrollBar().value())
        position = self.document().documentLayout().hitTest(point + offset, Qt.HitTestAccuracy.ExactHit)
        for start, picture in self._pictures():
            if position in (start, start + 1):
                return self._path(picture.name())
        return None

    def _blocks(self) -> Iterator[QTextBlock]:
        block = self.document().begin()
        while block.isValid():
            yield block
            block = block.next()

    def _pictures(self) -> Iterator[tuple[int, QTextImageFormat]]:
        """(position, format) of every picture of the page."""
        for block in self._blocks():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                if fragment.charFormat().isImageFormat():
                    yield fragment.position(), fragment.charFormat().toImageFormat()
                fragments += 1

    def _path(self, name: str) -> str:
        return self.source().resolved(QUrl(name)).toLocalFile()

    def _shown(self, url: QUrl) -> None:
        """A page shown (or a heading of it): spaced out, laid out in its column, the heading on top."""
        page = QUrl.fromLocalFile(url.toLocalFile())  # without the heading
        if page != self._page:
            self._page, self._originals = page, {}
        self._space_out()
        self._room = 0
        self._lay_out()
        if url.hasFragment():
            self._scroll_to(url.fragment())

    def _space_out(self) -> None:
        """Room above the headings (Qt's Markdown reader gives them little) and around the pictures,
        and the code (commands, examples) on a shaded band."""
        line = self.fontMetrics().lineSpacing()
        shade = self.palette().color(QPalette.ColorRole.AlternateBase)
        for block in self._blocks():
            written = block.blockFormat()
            level = written.headingLevel()
            above_below = HEADING_SPACE.get(min(level, 3)) if level else None
            if above_below is None and block.length() == 2 and block.begin().fragment().charFormat().isImageFormat():
                above_below = (PICTURE_SPACE, PICTURE_SPACE)
            laid_out = QTextBlockFormat()
            if above_below is not None:
                laid_out.setTopMargin(above_below[0] * line)
                laid_out.setBottomMargin(above_below[1] * line)
            elif written.hasProperty(QTextFormat.Property.BlockCodeLanguage):
                laid_out.setBackground(shade)
                laid_out.setTextIndent(line / 2)
            else:
                continue
            QTextCursor(block).mergeBlockFormat(laid_out)

    def _scroll_to(self, anchor: str) -> None:
        """The heading whose GitHub anchor is ``anchor`` at the top of the view."""
        for block in self._blocks():
            if block.blockFormat().headingLevel() and heading_anchor(block.text()) == anchor:
                top = self.document().documentLayout().blockBoundingRect(block).top()
                self.verticalScrollBar().setValue(round(top))
                return

    def _lay_out(self) -> None:
        """The text in a column of :meth:`picture_room`'s width in the middle of the view, and every
        picture at its own width, or at the column's if it is wider (its height in proportion),
        scaled smoothly here (Qt would draw it scaled pixel by pixel) and framed."""
        room = self.picture_room()
        if room == self._room:
            return
        self._room = room
        page = self.document().rootFrame().frameFormat()
        side = (self._room_for_column() - room) // 2 - 1  # a pixel short: rounding would show a scroll bar
        page.setLeftMargin(side)
        page.setRightMargin(side)
        self.document().rootFrame().setFrameFormat(page)
        ratio = self.devicePixelRatioF()
        for position, picture in list(self._pictures()):
            original = self._original(self._path(picture.name()))
            if original.isNull():
                continue
            width = min(original.width(), room)
            shown = _framed(original.scaledToWidth(round(width * ratio), Qt.TransformationMode.SmoothTransformation))
            shown.setDevicePixelRatio(ratio)
            # keyed as the document looks pictures up: resolved against its base (the page)
            where = self.document().baseUrl().resolved(QUrl(picture.name()))
            self.document().addResource(QTextDocument.ResourceType.ImageResource, where, shown)
            picture.setWidth(width)
            picture.setHeight(width * original.height() / original.width())
            cursor = QTextCursor(self.document())
            cursor.setPosition(position)
            cursor.setPosition(position + 1, QTextCursor.MoveMode.KeepAnchor)
            cursor.setCharFormat(picture)

    def _original(self, path: str) -> QImage:
        """The picture as read from its file (a null image when it cannot be read)."""
        if path not in self._originals:
            self._originals[path] = QImage(path)
        return self._originals[path]

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def mouseMoveEvent(self, event) -> None:
        """The pointing hand over a link or a picture (which a click opens), the arrow elsewhere."""
        super().mouseMoveEvent(event)
        over = self.anchorAt(event.position().toPoint()) or self.picture_at(event.position()) is not None
        self.viewport().setCursor(Qt.CursorShape.PointingHandCursor if over else Qt.CursorShape.ArrowCursor)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        picture = self.picture_at(event.position())
        if event.button() == Qt.MouseButton.LeftButton and picture is not None and not self.textCursor().hasSelection():
            self._open_url(QUrl.fromLocalFile(picture))
