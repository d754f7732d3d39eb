"""The main window: assembles the state, the panels in docks, the menus and toolbar
(from :data:`ui.actions.TABLE`) and the saved layout. It holds no state of its own."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow, QVBoxLayout, QWidget

from .actions import VIEW, build_actions
from .annotators_panel import AnnotatorsPanel, MatrixCellBar
from .commands import Context
from .commands.files import open_dropped
from .comparison_binding import ComparisonBinding
from .comparison_panel import ComparisonPanel
from .confusion_panel import ConfusionPanel
from .corpus_panel import CorpusPanel
from .document_panel import DocumentPanel
from .heatmap_panel import HeatmapPanel
from .pair_view import PairView
from .settings import APP_NAME
from .smatch_panel import SmatchPanel
from .state import AppState
from .status import ProblemBanner, StatusLine
from .triples_panel import TriplesPanel

__all__ = ["APP_NAME", "MATRIX_DOCKS", "MainWindow"]

# (key, title, area) of each dock, in the order they are added
DOCKS = (
    ("graphs", "Graphs", Qt.DockWidgetArea.RightDockWidgetArea),
    ("rounds", "Alignment rounds", Qt.DockWidgetArea.RightDockWidgetArea),
    ("pair", "Pair: scores, PENMAN, alignment", Qt.DockWidgetArea.BottomDockWidgetArea),
    ("triples", "Triples", Qt.DockWidgetArea.BottomDockWidgetArea),
    ("document", "Document level (UMR)", Qt.DockWidgetArea.BottomDockWidgetArea),
    ("smatch", "Smatch breakdown", Qt.DockWidgetArea.BottomDockWidgetArea),
    ("annotators", "Annotators", Qt.DockWidgetArea.LeftDockWidgetArea),  # these two: shown once a matrix is opened
    ("confusion", "Label confusion", Qt.DockWidgetArea.LeftDockWidgetArea),
)


MATRIX_WIDTH = 700  # px of the Annotators dock when it first appears
MATRIX_DOCKS = ("annotators", "confusion")  # hidden until several annotators are opened


def _bring_up(window: QMainWindow, dock: QDockWidget, width: int) -> None:
    """Show ``dock`` in front of the docks tabbed with it, ``width`` wide if it was hidden."""
    hidden = dock.isHidden()
    dock.show()
    dock.raise_()
    if hidden and not dock.isFloating():  # once the layout has made room for it
        QTimer.singleShot(0, lambda: window.resizeDocks([dock], [width], Qt.Orientation.Horizontal))
    dock.widget().setFocus()


class MainWindow(QMainWindow):
    """``state`` is the application; the panels are attributes; ``action_set`` holds the menus' actions by key."""

    def __init__(self, settings: QSettings | None = None, parent=None):
        super().__init__(parent)
        self.state = AppState(settings, self)
        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.corpus_panel = CorpusPanel(self.state)
        self.banner = ProblemBanner(self.state)
        self.status_line = StatusLine(self.state)
        self.statusBar().addWidget(self.status_line, 1)
        self.graphs = ComparisonPanel()
        ComparisonBinding(self.graphs, self.state)
        self.heatmaps = HeatmapPanel(self.state)
        self.pair_view = PairView(self.state)
        self.triples_panel = TriplesPanel(self.state)
        self.document_panel = DocumentPanel(self.state)
        self.smatch_panel = SmatchPanel(self.state)
        self.annotators_panel = AnnotatorsPanel(self.state)
        self.confusion_panel = ConfusionPanel(self.state)
        self.cell_bar = MatrixCellBar(self.state)
        self._build_central()
        self._build_docks()
        self.context = Context(self.state, self, self.corpus_panel, self.graphs, self.heatmaps)
        self.action_set = build_actions(self, self.context)
        view = self.action_set.menus[VIEW]
        view.addSeparator()
        for dock in self.docks.values():
            view.addAction(dock.toggleViewAction())
        self.state.corpus_changed.connect(self._show_title)
        matrix, confusion = self.docks["annotators"], self.docks["confusion"]
        self.state.annotators.matrix_changed.connect(lambda result: confusion.show())
        for signal in (self.state.annotators.matrix_changed, self.state.annotators.matrix_wanted):
            signal.connect(lambda *_: _bring_up(self, matrix, MATRIX_WIDTH))
        self.state.annotators.busy_changed.connect(  # the first matrix's progress shows in its dock
            lambda busy: busy and matrix.isHidden() and _bring_up(self, matrix, MATRIX_WIDTH)
        )
        self._restore_layout()

    def _build_central(self) -> None:
        top = QWidget()
        layout = QVBoxLayout(top)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.addWidget(self.banner)
        layout.addWidget(self.cell_bar)
        layout.addWidget(self.corpus_panel, 1)
        self.setCentralWidget(top)

    def _build_docks(self) -> None:
        widgets = {
            "graphs": self.graphs,
            "rounds": self.heatmaps,
            "pair": self.pair_view,
            "triples": self.triples_panel,
            "document": self.document_panel,
            "smatch": self.smatch_panel,
            "confusion": self.confusion_panel,
            "annotators": self.annotators_panel,
        }
        self.docks: dict[str, QDockWidget] = {}
        for key, title, area in DOCKS:
            dock = self.docks[key] = QDockWidget(title, self)
            dock.setObjectName(f"dock-{key}")
            dock.setWidget(widgets[key])
            self.addDockWidget(area, dock)
        self.splitDockWidget(self.docks["pair"], self.docks["triples"], Qt.Orientation.Horizontal)
        self.tabifyDockWidget(self.docks["triples"], self.docks["document"])
        self.tabifyDockWidget(self.docks["triples"], self.docks["smatch"])
        self.docks["triples"].raise_()
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)  # full height on the left
        self.tabifyDockWidget(self.docks["annotators"], self.docks["confusion"])
        for key in MATRIX_DOCKS:
            self.docks[key].hide()
        self.resizeDocks([self.docks["graphs"], self.docks["rounds"]], [420, 560], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["graphs"]], [900], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["pair"]], [400], Qt.Orientation.Vertical)

    def _restore_layout(self) -> None:
        geometry, dock_state = self.state.settings.window_layout()
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1600, 1000)
        if dock_state is not None:
            self.restoreState(dock_state)

    def _show_title(self, corpus) -> None:
        files = self.state.files
        self.setWindowTitle(f"{APP_NAME} - {files.title()}" if files else APP_NAME)

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and all(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        open_dropped(self.context, [Path(url.toLocalFile()) for url in event.mimeData().urls()])
        event.acceptProposedAction()

    def closeEvent(self, event) -> None:
        self.state.shutdown()
        self.state.settings.save_window_layout(self.saveGeometry(), self.saveState())
        super().closeEvent(event)
