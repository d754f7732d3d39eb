"""The main window: assembles the state, the panels in the perspectives' tabs (:mod:`ui.shell.workspace`),
the find box, the menus and toolbar (from :data:`ui.shell.actions.TABLE`) and the saved window size
(kept within the screen: :mod:`ui.shell.placement`).
It holds no state of its own."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QStyle, QVBoxLayout, QWidget

from ..adjudication.binding import AdjudicationBinding
from ..adjudication.panel import AdjudicationPanel
from ..annotators.confusion_panel import ConfusionPanel
from ..annotators.panel import AnnotatorsPanel, MatrixCellBar
from ..app_state import AppState
from ..compare.panel import ComparePanel
from ..compare.sentence_panel import CompareSentencePanel
from ..corpus.document_panel import DocumentPanel
from ..corpus.pair_view import PairView
from ..corpus.panel import CorpusPanel
from ..corpus.smatch_panel import SmatchPanel
from ..drs.clause_panel import ClausePanel
from ..drs.dscorer_panel import DScorerPanel
from ..pair.alignment_panel import AlignmentPanel
from ..pair.comparison_binding import ComparisonBinding
from ..pair.comparison_panel import ComparisonPanel
from ..pair.find_bar import FindBar
from ..pair.penman_panel import PenmanPanel
from ..pair.triples_panel import TriplesPanel
from ..plots.annotators_panel import AnnotatorPlotsPanel
from ..plots.corpus_panel import CorpusPlotsPanel
from ..rounds.panel import HeatmapPanel
from ..state.settings import APP_NAME
from ..teach.convergence_panel import ConvergencePanel
from ..teach.explanation_panel import ExplanationPanel
from ..teach.graphs import TeachingGraphs
from ..teach.lesson_panel import LessonPanel
from ..teach.presentation import PRESENTATION, Presenter
from ..teach.steps_panel import StepsPanel
from .actions import build_actions
from .command_keys import CommandKeysFirst
from .commands import Context
from .commands.adjudication import adjudicate
from .commands.compare import choose_annotators
from .commands.files import open_dropped
from .commands.plots import export_plot
from .commands.teaching import teach_this_pair
from .placement import centred, within
from .status import ProblemBanner, StatusLine
from .workspace import Panel, Workspace

__all__ = ["APP_NAME", "MainWindow"]

START_SHARE = 0.9  # of the screen, the first time (no saved size)


def _room(box: QRect) -> tuple[int, int, int, int]:
    """The available geometry of the screen ``box`` is on (the primary screen when none)."""
    screen = QGuiApplication.screenAt(box.center()) or QGuiApplication.primaryScreen()
    room = screen.availableGeometry()
    return room.x(), room.y(), room.width(), room.height()


class MainWindow(QMainWindow):
    """``state`` is the application; the panels are attributes, also in ``panels`` by the keys the
    perspectives use; ``action_set`` holds the menus' actions by key."""

    def __init__(self, settings: QSettings | None = None, parent=None):
        super().__init__(parent)
        self.state = AppState(settings, self)
        self._restored: QRect | None = None  # the geometry restored, kept within the screen once shown
        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self.corpus_panel = CorpusPanel(self.state)
        self.banner = ProblemBanner(self.state)
        self.status_line = StatusLine(self.state)
        self.status_line.attach(self.statusBar())
        self.graphs = ComparisonPanel()
        ComparisonBinding(self.graphs, self.state)
        self.heatmaps = HeatmapPanel(self.state)
        self.pair_view = PairView(self.state)
        self.penman_panel = PenmanPanel(self.state)
        self.alignment_panel = AlignmentPanel(self.state)
        self.triples_panel = TriplesPanel(self.state)
        self.document_panel = DocumentPanel(self.state)
        self.smatch_panel = SmatchPanel(self.state)
        self.clause_panel = ClausePanel(self.state)
        self.dscorer_panel = DScorerPanel(self.state)
        self.adjudicated_graphs = ComparisonPanel(names=("Annotator", "Adjudicated"), whole=True)
        AdjudicationBinding(self.adjudicated_graphs, self.state)
        self.adjudication_panel = AdjudicationPanel(self.state)
        self.find_bar = FindBar(self.state)
        self.annotators_panel = AnnotatorsPanel(self.state)
        self.confusion_panel = ConfusionPanel(self.state)
        self.corpus_plots = CorpusPlotsPanel(self.state)
        self.annotator_plots = AnnotatorPlotsPanel(self.state)
        self.compare_panel = ComparePanel(self.state)
        # hidden while the matrix, or a comparison (no cell), is in front
        self.cell_bar = MatrixCellBar(self.state, self.annotators_panel, (self.compare_panel,))
        self.compare_sentence = CompareSentencePanel(self.state)
        teaching = self.state.teaching
        self.lesson_panel = LessonPanel(teaching)
        self.explanation_panel = ExplanationPanel(teaching)
        self.steps_panel = StepsPanel(teaching)
        self.convergence_panel = ConvergencePanel(teaching)
        self.teaching_graphs = ComparisonPanel()
        TeachingGraphs(self.teaching_graphs, teaching)
        # every panel by the key the perspectives (ui.shell.perspectives) place it with, and the least
        # (width, height) in which it is still of use; add new panels here
        self.panels = {
            "corpus": Panel("Corpus", self.corpus_panel, (480, 200)),
            "summary": Panel("Pair scores", self.pair_view, (240, 160)),
            "graphs": Panel("Graphs", self.graphs, (400, 200)),
            "penman": Panel("PENMAN", self.penman_panel, (280, 120)),
            "triples": Panel("Triples", self.triples_panel, (300, 120)),
            "alignment": Panel("Alignment", self.alignment_panel, (300, 120)),
            "rounds": Panel("Alignment rounds", self.heatmaps, (480, 320)),
            "document": Panel("Document level (UMR)", self.document_panel, (300, 120)),
            "smatch": Panel("Smatch breakdown", self.smatch_panel, (300, 120)),
            "clauses": Panel("Clauses (DRS)", self.clause_panel, (300, 120)),
            "dscorer": Panel("DScorer k-grams (DRS)", self.dscorer_panel, (300, 120)),
            "annotators": Panel("Annotators", self.annotators_panel, (400, 240)),
            "confusion": Panel("Label confusion", self.confusion_panel, (400, 240)),
            "adjudicated": Panel("Adjudicated graph", self.adjudicated_graphs, (400, 200)),
            "adjudication": Panel("Adjudication", self.adjudication_panel, (600, 200)),
            "corpus_plots": Panel("Corpus at a glance", self.corpus_plots, (480, 200)),
            "annotator_plots": Panel("Annotators against the gold", self.annotator_plots, (400, 240)),
            "compare": Panel("Compare", self.compare_panel, (600, 300)),
            "compare_sentence": Panel("Compared sentences", self.compare_sentence, (600, 160)),
            "lesson": Panel("Lesson", self.lesson_panel, (520, 360)),
            "teach_graphs": Panel("Graphs", self.teaching_graphs, (300, 200)),  # stacked when presenting
            "explanation": Panel("Explain a cell", self.explanation_panel, (300, 150)),
            "steps": Panel("Steps", self.steps_panel, (200, 120)),
            "convergence": Panel("Convergence", self.convergence_panel, (300, 90)),
        }
        self.workspace = Workspace(self.panels, self.state.settings)
        self.workspace.setCornerWidget(self.find_bar, Qt.Corner.TopRightCorner)
        self.state.selection.panel_requested.connect(self.workspace.show_panel)
        self.workspace.perspective_changed.connect(self._teaching_shown)
        self._teaching_shown(self.workspace.current)
        teaching_panels = (self.lesson_panel, self.explanation_panel, self.steps_panel, self.convergence_panel)
        self.presenter = Presenter(teaching, self, self.workspace, teaching_panels, self.teaching_graphs)
        self._build_central()
        self.context = Context(
            self.state,
            self,
            self.corpus_panel,
            self.graphs,
            self.heatmaps,
            self.triples_panel,
            self.workspace,
            self.find_bar,
            self.corpus_plots,
            self.annotator_plots,
            self.compare_panel,
            self.presenter,
            self.teaching_graphs,
        )
        self.action_set = build_actions(self, self.context)
        self.command_keys = CommandKeysFirst(lambda: self.action_set.actions.values(), self)
        self.command_keys.watch(self.find_bar.edit, self.corpus_panel.filter_edit)  # Ctrl+E exports from them too
        for prefix, panel in (
            ("corpus", self.corpus_plots),
            ("annotators", self.annotator_plots),
            ("compare", self.compare_panel),
        ):
            panel.export_requested.connect(lambda key, prefix=prefix: export_plot(self.context, f"{prefix}/{key}"))
        self.annotators_panel.compare_requested.connect(lambda: choose_annotators(self.context))
        self.state.scoring.corpus_changed.connect(self._show_title)
        self.state.adjudication.session_changed.connect(self._show_session)
        self.adjudication_panel.adjudicate_requested.connect(lambda: adjudicate(self.context))
        self.heatmaps.teach_requested.connect(lambda: teach_this_pair(self.context))
        self._restore_layout()

    def _build_central(self) -> None:
        top = QWidget()
        layout = QVBoxLayout(top)
        layout.setContentsMargins(4, 4, 4, 0)
        layout.addWidget(self.banner)
        layout.addWidget(self.cell_bar)
        layout.addWidget(self.workspace, 1)
        self.setCentralWidget(top)

    def _restore_layout(self) -> None:
        """The window as it was left, within the screen's room for windows: Qt refuses a geometry
        saved on a screen of another size (the window then takes the first start's size, maximised
        when it was), and one saved partly off this screen is moved (and if it must, shrunk) in."""
        geometry, window_state, maximized = self.state.settings.window_layout()
        if geometry is None or not self.restoreGeometry(geometry):
            self.setGeometry(QRect(*centred(_room(self.geometry()), START_SHARE)))
            if maximized:
                self.setWindowState(self.windowState() | Qt.WindowState.WindowMaximized)
        self._keep_within_screen()
        self._restored = self.geometry()
        if window_state is not None:
            self.restoreState(window_state)

    def _teaching_shown(self, key: str) -> None:
        """The lesson is built (and its keys step) while the Teaching perspective is in front."""
        self.state.teaching.set_shown(key in ("teach", PRESENTATION))

    def _keep_within_screen(self) -> None:
        """A window that is not maximised moved (shrunk if it must) within its screen's room, its
        frame included: as the window system reports it once shown, else a title bar's height."""
        if self.isMaximized() or self.isFullScreen():
            return
        box, outer = self.geometry(), self.frameGeometry()
        frame = (
            box.left() - outer.left(),
            box.top() - outer.top(),
            outer.right() - box.right(),
            outer.bottom() - box.bottom(),
        )
        if frame == (0, 0, 0, 0):
            frame = (0, self.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight), 0, 0)
        placed = QRect(*within((box.x(), box.y(), box.width(), box.height()), _room(box), frame))
        if placed != box:
            self.setGeometry(placed)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        restored, self._restored = self._restored, None
        if restored is not None and restored == self.geometry():  # shown as restored: its frame is known now
            self._keep_within_screen()

    def _show_title(self, *_) -> None:
        files, session = self.state.scoring.files, self.state.adjudication.session
        title = f"{APP_NAME} - {files.title()}" if files else APP_NAME
        self.setWindowTitle(title + (f" - adjudicating in {session.path.name}" if session is not None else ""))

    def _show_session(self, session) -> None:
        """A session opened: the Adjudication perspective (its tab appears with the session) in front."""
        self._show_title()
        if session is not None:
            self.workspace.show_perspective("adjudication")

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and all(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        open_dropped(self.context, [Path(url.toLocalFile()) for url in event.mimeData().urls()])
        event.acceptProposedAction()

    def closeEvent(self, event) -> None:
        self.workspace.save()  # before the session closes and its perspective's tab with it
        self.state.shutdown()
        self.state.settings.save_window_layout(self.saveGeometry(), self.saveState(), self.isMaximized())
        super().closeEvent(event)
