"""The main window: open two annotators' files, browse the scored corpus, inspect a pair."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget, QFileDialog, QHeaderView, QLabel, QLineEdit, QMainWindow, QMessageBox, QProgressBar,
    QTableView, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from engine.registry import ALL_METRICS, SMATCH
from engine.output.printers import render
from engine.registry import short_name
from engine.params import Params
from engine.scoring import CorpusResult

from engine.output.report import pair_report

from .comparison_panel import ComparisonPanel
from engine.output.text import f1_text
from .corpus_model import CorpusFilterProxy, CorpusTableModel
from .demos import DEMOS
from .document_panel import DocumentPanel
from .export import save_widget
from .graph_export import export_graphs, side_svg
from .heatmap_panel import HeatmapPanel
from .triples_panel import TriplesPanel, triples_csv
from .filter_expression import __doc__ as FILTER_HELP
from .pair_view import PairView
from .row_table import score_grid
from .smatch_panel import SmatchPanel
from .params_dialog import ParamsDialog
from .worker import JobRunner, ScoringJob, ScoringOutcome

MAX_RECENT = 8
APP_NAME = "graphagree"


def load_params(settings: QSettings) -> Params:
    """Parameters saved by an earlier session, or the defaults if none (or unusable)."""
    try:
        saved = json.loads(settings.value("params/json", "{}") or "{}")
        return Params(**{k: v for k, v in saved.items() if k in Params.__dataclass_fields__})
    except (TypeError, ValueError):
        return Params()


def show_summary(grid: QTableWidget, corpus: CorpusResult | None) -> None:
    """Micro and macro F1 of every metric over the corpus (P and R in tooltips)."""
    grid.clearContents()
    if corpus is None:
        return
    for row, scores in enumerate((corpus.micro, corpus.macro)):
        for column, metric in enumerate(ALL_METRICS):
            if metric not in scores:
                continue
            score = scores[metric]
            item = QTableWidgetItem(f1_text(score.f))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            tip = f"P {f1_text(score.p)}   R {f1_text(score.r)}"
            if metric == SMATCH and row == 0:
                interval = corpus.interval(SMATCH)
                item.setText(f"{f1_text(score.f)} [{interval[0]:.3f}, {interval[1]:.3f}]")
                tip += "\n[ ] = 95% bootstrap interval over pairs"
            item.setToolTip(tip)
            grid.setItem(row, column, item)


class MainWindow(QMainWindow):
    """Signals: ``corpus_changed`` after new scores are shown; ``load_failed(message)``."""

    corpus_changed = Signal()
    load_failed = Signal(str)

    def __init__(self, settings: QSettings | None = None, parent=None):
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings(APP_NAME, APP_NAME)
        self.params = load_params(self.settings)
        self.test_path: Path | None = None
        self.gold_path: Path | None = None
        self.loaded = None  # engine.scoring.LoadedPairs of the files shown
        self.corpus: CorpusResult | None = None
        self.last_error: str | None = None
        self.runner = JobRunner(self)
        self.setWindowTitle(APP_NAME)
        self.setAcceptDrops(True)
        self._build_views()
        self._build_actions()
        self._restore_window()

    # ----------------------------------------------------------------- building
    def _build_views(self) -> None:
        self.model = CorpusTableModel(self)
        self.proxy = CorpusFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(50)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.selectionModel().currentRowChanged.connect(self._show_current_pair)

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter: text, or e.g. LR F1 < 0.8, concept >= 0.9, error  (Ctrl+F)")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip(FILTER_HELP)
        self.filter_edit.textChanged.connect(self._filter_changed)

        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background:#fde7e9; color:#8c1d18; padding:6px; border:1px solid #e8b4b8;")
        self.banner.hide()
        self.summary = score_grid([short_name(m) for m in ALL_METRICS], ["micro F1", "macro F1"])
        self.pair_view = PairView()

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(4, 4, 4, 0)
        top_layout.addWidget(self.banner)
        top_layout.addWidget(self.filter_edit)
        top_layout.addWidget(self.table, 1)
        top_layout.addWidget(self.summary)
        self.setCentralWidget(top)

        self.comparison = ComparisonPanel()
        self.triples_panel = TriplesPanel()
        self.heatmaps = HeatmapPanel()
        self.document_panel = DocumentPanel()
        self.smatch_panel = SmatchPanel()
        self.docks = {}
        for key, title, widget, area in (
            ("graphs", "Graphs", self.comparison, Qt.DockWidgetArea.RightDockWidgetArea),
            ("rounds", "Alignment rounds", self.heatmaps, Qt.DockWidgetArea.RightDockWidgetArea),
            ("pair", "Pair: scores, PENMAN, alignment", self.pair_view, Qt.DockWidgetArea.BottomDockWidgetArea),
            ("triples", "Triples", self.triples_panel, Qt.DockWidgetArea.BottomDockWidgetArea),
            ("document", "Document level (UMR)", self.document_panel, Qt.DockWidgetArea.BottomDockWidgetArea),
            ("smatch", "Smatch breakdown", self.smatch_panel, Qt.DockWidgetArea.BottomDockWidgetArea),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(f"dock-{key}")
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[key] = dock
        self.splitDockWidget(self.docks["pair"], self.docks["triples"], Qt.Orientation.Horizontal)
        self.tabifyDockWidget(self.docks["triples"], self.docks["document"])
        self.tabifyDockWidget(self.docks["triples"], self.docks["smatch"])
        self.docks["triples"].raise_()
        self.resizeDocks([self.docks["graphs"], self.docks["rounds"]], [420, 560], Qt.Orientation.Vertical)
        self.resizeDocks([self.docks["graphs"]], [900], Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["pair"]], [400], Qt.Orientation.Vertical)
        self.comparison.node_selected.connect(self._node_selected)
        self.comparison.node_hovered.connect(self._node_hovered)
        self.triples_panel.triple_selected.connect(self._triple_selected)

        self.status_label = QLabel("Open a test and a gold file (Ctrl+O) or drop two files here.")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(240)
        self.progress.hide()
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.progress)

    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.setStatusTip(tip or text.replace("&", "").rstrip("."))
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        self.open_pair_action = self._action("&Open Test and Gold...", self.choose_pair, QKeySequence.StandardKey.Open,
                                             "Choose the test file, then the gold file")
        self.open_test_action = self._action("Open &Test...", lambda: self.choose_side("test"), "Ctrl+T")
        self.open_gold_action = self._action("Open &Gold...", lambda: self.choose_side("gold"), "Ctrl+G")
        self.swap_action = self._action("S&wap Test and Gold", self.swap, "Ctrl+Shift+W")
        self.export_action = self._action("&Export Scores...", self.export_scores, "Ctrl+E", "Save the scores as CSV or JSON")
        self.export_graphs_action = self._action("Export &Graphs...", lambda: self._export_panel("graphs"), None,
                                                 "Save both graphs of the pair as PNG or SVG")
        self.export_rounds_action = self._action("Export &Heatmaps...", lambda: self._export_panel("rounds"), None,
                                                 "Save the heatmaps of the round shown as PNG or SVG")
        self.export_triples_action = self._action("Export &Triples...", self._export_triples, None,
                                                  "Save the pair's triples table as CSV")
        self.export_report_action = self._action("Export Pair &Report...", self._export_report, "Ctrl+Shift+E",
                                                 "Save an HTML report of the pair: scores, graphs, rounds, triples")
        quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.rescore_action = self._action("&Re-score", self.rescore, "F5", "Score the loaded files again")
        self.params_action = self._action("&Parameters...", self.edit_params, "Ctrl+,", "Change gamma, alpha, beta and anchors")
        self.cancel_action = self._action("&Cancel", self.cancel, "Esc", "Stop scoring and keep the previous results")
        self.cancel_action.setEnabled(False)
        filter_action = self._action("&Filter Pairs", self._focus_filter, QKeySequence.StandardKey.Find)
        about_action = self._action("&About", self.about)

        menu = self.menuBar()
        file_menu = menu.addMenu("&File")
        file_menu.addAction(self.open_pair_action)
        file_menu.addAction(self.open_test_action)
        file_menu.addAction(self.open_gold_action)
        file_menu.addAction(self.swap_action)
        demo_menu = file_menu.addMenu("Open &Demo")
        for demo in DEMOS:
            demo_menu.addAction(self._action(demo.title, lambda checked=False, d=demo: self.open_pair(d.test, d.gold)))
        self.recent_menu = file_menu.addMenu("&Recent Pairs")
        file_menu.addSeparator()
        file_menu.addAction(self.export_action)
        for action in (self.export_graphs_action, self.export_rounds_action, self.export_triples_action,
                       self.export_report_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(quit_action)
        score_menu = menu.addMenu("&Scoring")
        score_menu.addAction(self.rescore_action)
        score_menu.addAction(self.params_action)
        score_menu.addAction(self.cancel_action)
        view_menu = menu.addMenu("&View")
        view_menu.addAction(filter_action)
        view_menu.addSeparator()
        for dock in self.docks.values():
            view_menu.addAction(dock.toggleViewAction())
        help_menu = menu.addMenu("&Help")
        help_menu.addAction(about_action)

        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main-toolbar")
        for action in (self.open_pair_action, self.rescore_action, self.params_action, self.cancel_action, self.export_action):
            toolbar.addAction(action)
        self._refresh_recent_menu()
        self._update_actions()

    def _restore_window(self) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1600, 1000)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)

    # ------------------------------------------------------------------ opening
    def choose_pair(self) -> None:
        start = str(self.test_path.parent) if self.test_path else ""
        test, _ = QFileDialog.getOpenFileName(self, "Choose the TEST file (annotator A / system)", start)
        if not test:
            return
        gold, _ = QFileDialog.getOpenFileName(self, "Choose the GOLD file (annotator B / reference)", str(Path(test).parent))
        if gold:
            self.open_pair(Path(test), Path(gold))

    def choose_side(self, side: str) -> None:
        """Replace one file; with nothing loaded yet, ask for the other one too."""
        current = self.test_path if side == "test" else self.gold_path
        path, _ = QFileDialog.getOpenFileName(self, f"Choose the {side.upper()} file", str(current.parent) if current else "")
        if not path:
            return
        other = self.gold_path if side == "test" else self.test_path
        if other is None:
            other_side = "gold" if side == "test" else "test"
            chosen, _ = QFileDialog.getOpenFileName(self, f"Choose the {other_side.upper()} file", str(Path(path).parent))
            if not chosen:
                return
            other = Path(chosen)
        self.open_pair(Path(path), other) if side == "test" else self.open_pair(other, Path(path))

    def swap(self) -> None:
        if self.test_path and self.gold_path:
            self.open_pair(self.gold_path, self.test_path)

    def open_pair(self, test: Path, gold: Path) -> bool:
        """Read and score two files in the background; what is shown now stays
        until the new scores are in (and stays for good if they fail)."""
        return self._start(ScoringJob(Path(test), Path(gold), self.params), f"Reading {Path(test).name} and {Path(gold).name}...")

    def rescore(self) -> None:
        if self.loaded is not None and self.test_path and self.gold_path:
            self._start(ScoringJob(self.test_path, self.gold_path, self.params, loaded=self.loaded), "Re-scoring...")

    def _start(self, job: ScoringJob, message: str) -> bool:
        if self.runner.busy:
            self.status_label.setText("Still scoring: cancel (Esc) before starting again.")
            return False
        self.status_label.setText(message)
        self.progress.setRange(0, 0)
        self.progress.show()
        self.runner.start(job, self._on_progress, self._on_finished, self._on_failed)
        self._update_actions()
        return True

    def cancel(self) -> None:
        if self.runner.busy:
            self.runner.cancel()
            self.status_label.setText("Cancelling...")

    # ------------------------------------------------------------ job results
    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.status_label.setText(f"Scoring pair {done} of {total}...")

    @Slot(object)
    def _on_finished(self, outcome: ScoringOutcome) -> None:
        self.progress.hide()
        if outcome.corpus.cancelled:
            self.status_label.setText(f"Cancelled after {len(outcome.corpus.pairs)} of {len(outcome.loaded.pairs)} pairs; "
                                      "the previous results are still shown.")
            self._update_actions()
            return
        selected = self.current_result()
        self.test_path, self.gold_path = outcome.test_path, outcome.gold_path
        self.loaded, self.corpus = outcome.loaded, outcome.corpus
        self.last_error = None
        self.banner.hide()
        self.model.set_corpus(self.corpus)
        show_summary(self.summary, self.corpus)
        self.smatch_panel.set_corpus(self.corpus)
        self._select_index(selected.index if selected else 0)
        self._remember_pair(self.test_path, self.gold_path)
        self.setWindowTitle(f"{APP_NAME} - {self.test_path.name} vs {self.gold_path.name}")
        errors = self.corpus.errors
        message = (f"{len(self.corpus.pairs)} pairs scored from {self.test_path.name} (test) and "
                   f"{self.gold_path.name} (gold), {self.corpus.profile} profile")
        if errors:
            message += f"; {len(errors)} could not be read (filter: error)"
            self._show_banner(f"{len(errors)} pair(s) not scored. First problem: {errors[0]}")
        elif outcome.loaded.warnings:
            warnings = outcome.loaded.warnings
            more = f"\n... and {len(warnings) - 3} more" if len(warnings) > 3 else ""
            self._show_banner(f"{len(warnings)} warning(s):\n" + "\n".join(warnings[:3]) + more)
        if self.corpus.documents:
            message += f"; {len(self.corpus.documents)} UMR document(s), see the Document level panel"
        self.status_label.setText(message + ".")
        self._update_actions()
        self.corpus_changed.emit()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.progress.hide()
        self.last_error = message
        kept = " The files loaded before are still shown." if self.corpus is not None else ""
        self._show_banner(f"Could not open: {message}.{kept}")
        self.status_label.setText("Could not open the files." + kept)
        self._update_actions()
        self.load_failed.emit(message)

    def _show_banner(self, text: str) -> None:
        self.banner.setText(text)
        self.banner.show()

    def _update_actions(self) -> None:
        busy = self.runner.busy
        loaded = self.loaded is not None
        self.cancel_action.setEnabled(busy)
        self.rescore_action.setEnabled(loaded and not busy)
        self.export_action.setEnabled(self.corpus is not None)
        for action in (self.export_graphs_action, self.export_rounds_action, self.export_triples_action,
                       self.export_report_action):
            action.setEnabled(self.corpus is not None)
        self.swap_action.setEnabled(loaded and not busy)

    # --------------------------------------------------------------- selection
    def current_result(self):
        index = self.table.currentIndex()
        return self.proxy.result(index.row()) if index.isValid() else None

    def select_pair(self, wanted: str) -> bool:
        """Select a pair by its id, or by its index when no id matches."""
        if self.corpus is None:
            return False
        for result in self.corpus.pairs:
            if result.id == wanted or (wanted.isdigit() and result.index == int(wanted) and
                                       not any(r.id == wanted for r in self.corpus.pairs)):
                self.filter_edit.clear()
                self._select_index(result.index)
                return True
        self.status_label.setText(f"No pair {wanted!r} in this corpus.")
        return False

    def _select_index(self, pair_index: int) -> None:
        """Select the row of the pair with this index (or the first row)."""
        row = 0
        for proxy_row in range(self.proxy.rowCount()):
            if self.proxy.result(proxy_row).index == pair_index:
                row = proxy_row
                break
        if self.proxy.rowCount():
            self.table.selectRow(row)
            self.table.setCurrentIndex(self.proxy.index(row, 0))
        else:
            self.show_pair(None)

    @Slot()
    def _show_current_pair(self, current, previous=None) -> None:
        self.show_pair(self.proxy.result(current.row()) if current.isValid() else None)

    def show_pair(self, result) -> None:
        """Fill every pair panel with one pair (None clears them)."""
        self.pair_view.set_result(result)
        rows = result.triples() if result is not None else []
        self.triples_panel.set_rows(rows)
        scored = result is not None and result.alignment is not None
        self.comparison.set_result(result, rows)  # an unscored pair still shows its readable graphs
        self.heatmaps.set_graphs(result.test if scored else None, result.gold if scored else None, self.params)
        self.document_panel.set_document(self.document_of(result), len(self.corpus.documents) if self.corpus else 0)

    def document_of(self, result):
        """The UMR document result the pair belongs to (None for AMR)."""
        if result is None or self.loaded is None or self.corpus is None or not self.corpus.documents:
            return None
        number = self.loaded.pairs[result.index].document
        return self.corpus.documents[number] if number is not None else None

    def _node_selected(self, side: str, var: str) -> None:
        self.triples_panel.select_node(side, var)
        selected = {side: var, self._other(side): self.comparison.partner(side, var)}
        self.pair_view.highlight_nodes(selected)
        self.pair_view.show_tokens(selected)

    def _node_hovered(self, side: str, var: str) -> None:
        if var:
            self.comparison.select_node(side, var)

    @staticmethod
    def _other(side: str) -> str:
        return "gold" if side == "test" else "test"

    def _triple_selected(self, row) -> None:
        self.comparison.select_triple(row)
        self.pair_view.highlight_triple(row)

    def _filter_changed(self, text: str) -> None:
        selected = self.current_result()
        self.proxy.set_filter_text(text)
        shown = self.proxy.rowCount()
        if self.corpus is not None:
            self.status_label.setText(f"{shown} of {len(self.corpus.pairs)} pairs shown.")
        self._select_index(selected.index if selected else 0)

    def _focus_filter(self) -> None:
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()

    # -------------------------------------------------------------- parameters
    def edit_params(self) -> None:
        dialog = ParamsDialog(self.params, self)
        if dialog.exec():
            self.set_params(dialog.params())

    def set_params(self, params: Params) -> None:
        """Use new parameters, remember them, and re-score what is loaded."""
        self.params = params
        self.settings.setValue("params/json", json.dumps(params.as_dict()))
        self.rescore()

    # ------------------------------------------------------------------ recent
    def recent_pairs(self) -> list[tuple[str, str]]:
        try:
            saved = json.loads(self.settings.value("recent/pairs", "[]") or "[]")
        except (TypeError, ValueError):
            return []
        return [(t, g) for t, g in saved if isinstance(t, str) and isinstance(g, str)]

    def _remember_pair(self, test: Path, gold: Path) -> None:
        entry = (str(test.resolve()), str(gold.resolve()))
        pairs = [entry] + [p for p in self.recent_pairs() if tuple(p) != entry]
        self.settings.setValue("recent/pairs", json.dumps(pairs[:MAX_RECENT]))
        self._refresh_recent_menu()

    def _refresh_recent_menu(self) -> None:
        self.recent_menu.clear()
        pairs = self.recent_pairs()
        for number, (test, gold) in enumerate(pairs, start=1):
            action = self._action(f"&{number} {Path(test).name} vs {Path(gold).name}",
                                  lambda checked=False, t=test, g=gold: self.open_pair(Path(t), Path(g)))
            action.setStatusTip(f"test: {test}   gold: {gold}")
            self.recent_menu.addAction(action)
        self.recent_menu.setEnabled(bool(pairs))

    # ------------------------------------------------------------------ export
    def export_scores(self) -> None:
        if self.corpus is None:
            return
        path, chosen = QFileDialog.getSaveFileName(self, "Export scores", "scores.csv", "CSV (*.csv);;JSON (*.json)")
        if path:
            self.write_scores(Path(path))

    def write_scores(self, path: Path) -> None:
        """Write the corpus scores as CSV, or JSON when the name ends in .json."""
        kind = "json" if path.suffix.lower() == ".json" else "csv"
        self._write_text(path, render(self.corpus, kind))

    def _export_panel(self, key: str) -> None:
        kinds = "PNG image (*.png);;SVG (*.svg)" + (";;PDF (*.pdf)" if key == "graphs" else "")
        path, _ = QFileDialog.getSaveFileName(self, "Export panel", f"{key}.png", kinds)
        if path:
            self.export_panel(key, Path(path))

    def export_panel(self, key: str, path: Path) -> bool:
        """Save the graphs (drawn from the layout: PNG at 300 DPI, SVG or PDF) or the heatmap panel (PNG or SVG)."""
        if key == "graphs":
            done = export_graphs(self.comparison, path, dpi=300, params=self.params)
        else:
            done = save_widget(self.heatmaps, path)
        self.status_label.setText(f"Saved {path}." if done else f"Could not save {path}.")
        return done

    def _export_triples(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export triples", "triples.csv", "CSV (*.csv)")
        if path:
            self._write_text(Path(path), triples_csv(self.triples_panel.model.rows))

    def _export_report(self) -> None:
        result = self.current_result()
        if result is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export pair report", f"pair-{result.index}.html", "HTML (*.html)")
        if path:
            self.write_report(Path(path))

    def write_report(self, path: Path) -> None:
        """An HTML report of the selected pair."""
        result = self.current_result()
        if result is None:
            return
        figures, texts = {}, []
        if result.alignment is not None:
            figures = {"Test graph": side_svg(self.comparison, "test"), "Gold graph": side_svg(self.comparison, "gold")}
            texts = self.heatmaps.captions
        self._write_text(path, pair_report(result, self.triples_panel.model.rows, texts, figures))

    def _write_text(self, path: Path, text: str) -> None:
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as error:
            self._show_banner(f"Could not write {path}: {error.strerror or error}")
            return
        self.status_label.setText(f"Saved {path}.")

    # ------------------------------------------------------------ drag & drop
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls() and all(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [Path(url.toLocalFile()) for url in event.mimeData().urls()]
        if len(paths) == 2:
            self.open_pair(paths[0], paths[1])
        elif len(paths) == 1 and self.test_path and self.gold_path:
            self.open_pair(self.test_path, paths[0])
            self.status_label.setText(f"Dropped {paths[0].name} as the new gold file (Ctrl+Shift+W swaps).")
        else:
            self._show_banner("Drop two files at once: the first becomes the test file, the second the gold file.")
        event.acceptProposedAction()

    # ------------------------------------------------------------------- misc
    def about(self) -> None:
        QMessageBox.about(
            self, f"About {APP_NAME}",
            f"<b>{APP_NAME}</b><br>Agreement between semantic-graph annotations: anchor-broadcast "
            "alignment and the AnCast metrics (concept, labeled/unlabeled/weighted relation F1, mock Smatch).",
        )

    def closeEvent(self, event) -> None:
        self.runner.wait()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()
        super().closeEvent(event)
