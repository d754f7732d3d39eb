"""Help > User Guide: the guide's pages in a window of their own beside the app (not modal), with
the contents at the side, back and forward, and its size and place remembered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication, QKeySequence, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStyle,
    QToolBar,
    QVBoxLayout,
)

from ..state.settings import APP_NAME, AppSettings
from .browser import GuideBrowser
from .pages import CONTENTS, INDEX

__all__ = ["HelpWindow"]

SETTINGS_NAME = "help"  # the window's key in the settings
START_SIZE = QSize(1100, 900)  # the first time, at most: then as the user left it
SCREEN_SHARE = 0.85  # of the screen's room, at most, the first time


class HelpWindow(QDialog):
    """The pages of ``folder`` from its index; ``settings`` keep the window's geometry; ``open_url``
    hands web addresses and pictures to the system (its browser, its image viewer)."""

    def __init__(
        self,
        folder: Path,
        settings: AppSettings,
        parent=None,
        open_url: Callable[[QUrl], object] = QDesktopServices.openUrl,
    ):
        super().__init__(parent)
        self.folder = folder
        self.settings = settings
        self.setWindowFlags(
            Qt.WindowType.Window | Qt.WindowType.WindowMinMaxButtonsHint | Qt.WindowType.WindowCloseButtonHint
        )
        self.browser = GuideBrowser(self, open_url)
        self.contents = QListWidget()
        self.contents.setSpacing(2)
        for name, title in CONTENTS:
            if (folder / name).is_file():
                item = QListWidgetItem(title)
                item.setData(Qt.ItemDataRole.UserRole, name)
                self.contents.addItem(item)
        self.contents.itemActivated.connect(self._open_item)
        self.contents.itemClicked.connect(self._open_item)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.hide()

        self.back = self._action("&Back", QStyle.StandardPixmap.SP_ArrowBack, QKeySequence.StandardKey.Back)
        self.back.triggered.connect(self.browser.backward)
        self.browser.backwardAvailable.connect(self.back.setEnabled)
        self.forward = self._action("&Forward", QStyle.StandardPixmap.SP_ArrowForward, QKeySequence.StandardKey.Forward)
        self.forward.triggered.connect(self.browser.forward)
        self.browser.forwardAvailable.connect(self.forward.setEnabled)
        self.home = self._action("&Contents", QStyle.StandardPixmap.SP_FileDialogContentsView, "Alt+Home")
        self.home.triggered.connect(lambda: self.open_page(INDEX))
        self.back.setEnabled(False)
        self.forward.setEnabled(False)
        toolbar = QToolBar()
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions([self.back, self.forward, self.home])

        splitter = QSplitter()
        splitter.addWidget(self.contents)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        self.contents.setMinimumWidth(self.contents.sizeHintForColumn(0) + 2 * self.contents.frameWidth() + 16)
        splitter.setSizes([self.contents.minimumWidth(), START_SIZE.width()])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 6)
        layout.addWidget(toolbar)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.notice)

        self.browser.sourceChanged.connect(self._shown)
        self.browser.absent.connect(self._absent)
        self._place()
        self.open_page(INDEX)

    def _action(self, text: str, icon: QStyle.StandardPixmap, keys) -> QAction:
        action = QAction(self.style().standardIcon(icon), text, self)
        action.setShortcut(QKeySequence(keys))
        action.setToolTip(
            f"{text.replace('&', '')} ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
        )
        self.addAction(action)
        return action

    def open_page(self, name: str) -> None:
        """Show the page ``name`` of the guide (e.g. "teacher.md")."""
        url = QUrl.fromLocalFile(str(self.folder / name))
        if url != self.browser.source():
            self.browser.setSource(url, QTextDocument.ResourceType.MarkdownResource)

    def page(self) -> str:
        """The file name of the page shown."""
        return Path(self.browser.source().toLocalFile()).name

    def _open_item(self, item: QListWidgetItem) -> None:
        self.open_page(item.data(Qt.ItemDataRole.UserRole))

    def _shown(self, url: QUrl) -> None:
        self.notice.hide()
        name = Path(url.toLocalFile()).name
        self.setWindowTitle(f"{self.browser.heading() or name} - User Guide")
        self.contents.blockSignals(True)
        self.contents.clearSelection()
        for row in range(self.contents.count()):
            if self.contents.item(row).data(Qt.ItemDataRole.UserRole) == name:
                self.contents.setCurrentRow(row)
        self.contents.blockSignals(False)

    def _absent(self, url: QUrl) -> None:
        name = Path(url.toLocalFile()).name
        self.notice.setText(
            f"{name} is not part of the guide installed with the app: it is in {APP_NAME}'s source repository."
        )
        self.notice.show()

    def _place(self) -> None:
        """As the user left it, else a page's width in the middle of the screen."""
        saved = self.settings.dialog_geometry(SETTINGS_NAME)
        if saved is not None and self.restoreGeometry(saved):
            return
        parent = self.parentWidget()
        screen = parent.screen() if parent is not None else QGuiApplication.primaryScreen()
        room = screen.availableGeometry()
        size = QSize(
            min(START_SIZE.width(), round(room.width() * SCREEN_SHARE)),
            min(START_SIZE.height(), round(room.height() * SCREEN_SHARE)),
        )
        box = QRect(room.topLeft(), size)
        box.moveCenter(room.center())
        self.setGeometry(box)

    def hideEvent(self, event) -> None:
        """Closed by its button or Esc, or hidden with the app: its geometry kept for the next time."""
        self.settings.save_dialog_geometry(SETTINGS_NAME, self.saveGeometry())
        super().hideEvent(event)
