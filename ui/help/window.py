"""Help > User Guide: the guide's pages in a window of their own beside the app (not modal), with
the contents at the side, back and forward, a find box, and its size and place remembered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRect, QSize, Qt, QUrl
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication, QKeySequence, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QSplitter,
    QStyle,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from ..pair.find_bar import NO_MATCH_STYLE
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
        self.find_box = QLineEdit()
        self.find_box.setPlaceholderText("Find in the page (Ctrl+F)")
        self.find_box.setToolTip("Enter or F3: the next place; Shift+Enter or Shift+F3: the previous one")
        self.find_box.setClearButtonEnabled(True)
        self.find_box.setMaximumWidth(self.find_box.fontMetrics().averageCharWidth() * 36)
        self.find_box.textEdited.connect(lambda text: self.find_in_page(backward=False, again=False))
        self.find_box.returnPressed.connect(
            lambda: self.find_in_page(bool(QGuiApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier))
        )
        self._action("&Find", None, QKeySequence.StandardKey.Find).triggered.connect(self._focus_find)
        self._action("Find &Next", None, QKeySequence.StandardKey.FindNext).triggered.connect(
            lambda: self.find_in_page()
        )
        self._action("Find &Previous", None, QKeySequence.StandardKey.FindPrevious).triggered.connect(
            lambda: self.find_in_page(backward=True)
        )
        toolbar = QToolBar()
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions([self.back, self.forward, self.home])
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        toolbar.addWidget(spacer)
        toolbar.addWidget(self.find_box)

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

    def _action(self, text: str, icon: QStyle.StandardPixmap | None, keys) -> QAction:
        action = QAction(text, self)
        if icon is not None:
            action.setIcon(self.style().standardIcon(icon))
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

    def find_in_page(self, backward: bool = False, again: bool = True) -> bool:
        """The next (previous) place of the find box's text on the page, or - as it is typed
        (``again`` False) - the first from where the last one began; the box turns pink when the
        page does not have it."""
        if not again:
            cursor = self.browser.textCursor()
            cursor.setPosition(cursor.selectionStart())
            self.browser.setTextCursor(cursor)
        text = self.find_box.text()
        found = self.browser.find_text(text, backward)
        self.find_box.setStyleSheet(NO_MATCH_STYLE if text and not found else "")
        return found

    def _focus_find(self) -> None:
        self.find_box.setFocus()
        self.find_box.selectAll()

    def page(self) -> str:
        """The file name of the page shown."""
        return Path(self.browser.source().toLocalFile()).name

    def _open_item(self, item: QListWidgetItem) -> None:
        self.open_page(item.data(Qt.ItemDataRole.UserRole))

    def _shown(self, url: QUrl) -> None:
        self.notice.hide()
        name = Path(url.toLocalFile()).name
        self.setWindowTitle(f"{self.browser.heading() or name} - User Guide")
        # the page's entry selected (none for a page it does not list); only a click opens a page
        self.contents.setCurrentRow(-1)
        for row in range(self.contents.count()):
            if self.contents.item(row).data(Qt.ItemDataRole.UserRole) == name:
                self.contents.setCurrentRow(row)

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
