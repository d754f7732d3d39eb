"""The Compare view: A and B against one gold on the metric chosen - the test's result in words,
the interval and p-value, both micro scores, each sentence's F1 of A against B's (the diagonal
drawn: above it B is higher), the distribution of the per-sentence differences and the test's own
distribution of the difference. The metric, the test, its trials and its seed are chosen here
(another test runs on a worker thread, with its progress and Cancel, without scoring again).

A point clicked shows its sentence as A, B and the gold annotated it (the sentence panel); a
dragged region or a bar of the differences chooses sentences, marked in both plots and kept in
the sentence table (a click on nothing clears them). Available while a comparison is shown or made."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.comparison import Comparison
from engine.layout.pair import plural
from engine.params import TESTS

from ..common.binding import SyncGuard
from ..common.row_table import name_grid_header, prf_grid, show_prf
from ..plots.corpus_panel import choose_into
from ..plots.figure import Axis, Plot
from ..plots.histogram_view import HistogramView
from ..plots.plot_view import PlotView
from ..plots.scatter_view import ScatterView
from ..plots.sentence_figures import metric_name
from .state import CompareApp
from .tasks import TestChoice
from .views import differences_plot, draws_plot, scatter_plot, shown_verdict, side_names, significance_text

__all__ = ["COMPARE_PLOTS", "ComparePanel"]

COMPARE_PLOTS = ("scatter", "differences", "test")
EMPTY = "Compare two files against a gold one (File > Compare Two Files Against Gold), or two annotators of the matrix."
TEST_TIPS = {
    "permutation": "Paired approximate randomisation: swap A's and B's counts of random sentences (two-sided)",
    "bootstrap": "Paired bootstrap: resample the sentences, A and B together (two-sided p of B - A = 0)",
}
MAX_TRIALS = 1_000_000


class ComparePanel(QWidget):
    """``export_requested(key)``: a plot's Export button (:data:`COMPARE_PLOTS`)."""

    availability_changed = Signal(bool)
    export_requested = Signal(str)

    def __init__(self, state: CompareApp, parent=None):
        super().__init__(parent)
        self.state = state
        self.compare = state.compare
        self.syncing = SyncGuard()
        self._plots: dict[str, dict[str, Plot]] = {}  # by metric, of the comparison shown
        self.files = QLabel()
        self.files.setWordWrap(True)
        self.files.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.metric_box = QComboBox()
        self.metric_box.setToolTip("The metric compared; every metric of the input was scored and tested")
        self.test_box = QComboBox()
        for test in TESTS:
            self.test_box.addItem(test, test)
            self.test_box.setItemData(self.test_box.count() - 1, TEST_TIPS[test], Qt.ItemDataRole.ToolTipRole)
        self.test_box.setToolTip("The test that gives the p-value (the interval is the paired bootstrap's)")
        self.trials_box = QSpinBox()
        self.trials_box.setRange(100, MAX_TRIALS)
        self.trials_box.setSingleStep(1000)
        self.trials_box.setToolTip("Random swaps (permutation) or resamples (bootstrap); Enter tests again")
        self.seed_box = QSpinBox()
        self.seed_box.setRange(0, 2**31 - 1)
        self.seed_box.setToolTip("The seed of the random draws: the same seed gives the same p and interval")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the comparison and keep what was shown")
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict.setStyleSheet("font-size: 12pt; font-weight: bold; padding: 2px 0;")
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setStyleSheet("color:#37474f;")
        self.scores = prf_grid(["A", "B"])
        self.scatter = ScatterView()
        self.differences = HistogramView()
        self.test_view = HistogramView()
        self.views: dict[str, PlotView] = {
            "scatter": self.scatter,
            "differences": self.differences,
            "test": self.test_view,
        }
        self.tabs = QTabWidget()
        self.tabs.addTab(self.differences, "Differences per sentence")
        self.tabs.addTab(self.test_view, "The test's distribution")
        controls = QHBoxLayout()
        controls.addWidget(self.files, 1)
        for label, widget in (
            ("Metric:", self.metric_box),
            ("Test:", self.test_box),
            ("Trials:", self.trials_box),
            ("Seed:", self.seed_box),
        ):
            controls.addWidget(QLabel(label))
            controls.addWidget(widget)
        controls.addWidget(self.progress)
        controls.addWidget(self.cancel_button)
        summary = QHBoxLayout()
        words = QVBoxLayout()
        words.addWidget(self.verdict)
        words.addWidget(self.details)
        words.addStretch(1)
        summary.addLayout(words, 1)
        summary.addWidget(self.scores)
        plots = QSplitter(Qt.Orientation.Horizontal)
        plots.addWidget(self.scatter)
        plots.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(controls)
        layout.addLayout(summary)
        layout.addWidget(plots, 1)
        self.metric_box.currentIndexChanged.connect(self._metric_chosen)
        self.test_box.currentIndexChanged.connect(lambda _: self._choice_made())
        self.trials_box.editingFinished.connect(self._choice_made)
        self.seed_box.editingFinished.connect(self._choice_made)
        self.cancel_button.clicked.connect(self.compare.cancel)
        for key, view in self.views.items():
            view.export_requested.connect(lambda key=key: self.export_requested.emit(key))
        for view in (self.scatter, self.differences):
            view.choose.connect(self._choose)
        self.scatter.clicked.connect(lambda series, sentence: self.compare.choose_sentence(sentence))
        self.compare.comparison_changed.connect(self._show_comparison)
        self.compare.metric_changed.connect(lambda metric: self._show_metric())
        self.compare.chosen_changed.connect(self._show_chosen)
        self.compare.sentence_changed.connect(self._show_sentence)
        self.compare.busy_changed.connect(self._show_busy)
        self.compare.progress.connect(self._show_progress)
        self._show_busy(self.compare.busy)
        self._show_comparison(self.compare.comparison)

    def is_available(self) -> bool:
        return self.compare.comparison is not None or self.compare.busy

    # ------------------------------------------------------------- showing
    def plots(self) -> dict[str, Plot]:
        """The plots of the comparison shown under the metric chosen, by key (:data:`COMPARE_PLOTS`)."""
        comparison, metric = self.compare.comparison, self.compare.metric
        if metric not in self._plots:
            if comparison is None:
                empty = Plot("", Axis("", 0, 1), Axis("", 0, 1), empty=EMPTY)
                self._plots[metric] = dict.fromkeys(COMPARE_PLOTS, empty)
            else:
                self._plots[metric] = {
                    "scatter": scatter_plot(comparison, metric),
                    "differences": differences_plot(comparison, metric),
                    "test": draws_plot(comparison, metric),
                }
        return self._plots[metric]

    def _show_comparison(self, comparison: Comparison | None) -> None:
        self.availability_changed.emit(self.is_available())
        self._plots = {}
        self.scatter.keep_made(len(comparison.metrics) if comparison is not None else 0)  # a metric switched back
        with self.syncing:
            self.metric_box.clear()
            if comparison is not None:
                for metric in comparison.metrics:
                    self.metric_box.addItem(metric_name(metric, comparison.setup.params).removesuffix(" F1"), metric)
            choice = self.compare.choice
            self.test_box.setCurrentIndex(max(0, self.test_box.findData(choice.test)))
            self.trials_box.setValue(choice.trials)
            self.seed_box.setValue(choice.seed)
        if comparison is None:
            self.files.setText(EMPTY)
            self.scores.clearContents()
        else:
            setup = comparison.setup
            (a, b, gold), names = setup.files, setup.names
            text, tip = (
                f"<b>A</b> = {names[0]} · <b>B</b> = {names[1]} · <b>gold</b> = {names[2]}",
                f"A: {a}\nB: {b}\ngold: {gold}",
            )
            left = comparison.problems  # here, not in the banner: it stayed over the other perspectives
            if left:
                text += (
                    f" · <span style='color:#b71c1c'>{plural(len(left), 'sentence')} left out (hover for why)</span>"
                )
                more = f"\n... and {len(left) - 10} more" if len(left) > 10 else ""
                tip += "\n\nLeft out:\n" + "\n".join(str(problem.error) for problem in left[:10]) + more
            self.files.setText(text)
            self.files.setToolTip(tip)
            for row, (name, path) in enumerate(zip(side_names(comparison), (a, b))):
                name_grid_header(self.scores, Qt.Orientation.Vertical, row, name, str(path))
        self._show_metric()

    def _show_metric(self) -> None:
        comparison, metric = self.compare.comparison, self.compare.metric
        with self.syncing:
            self.metric_box.setCurrentIndex(max(0, self.metric_box.findData(metric)))
        if comparison is None:
            self.verdict.setText("")
            self.details.setText("")
        else:
            result = comparison.metrics[metric]
            self.verdict.setText(shown_verdict(comparison, metric))
            self.details.setText(significance_text(comparison, metric))
            show_prf(self.scores, [result.a, result.b])
        chosen = self.compare.chosen
        for key, plot in self.plots().items():
            view = self.views[key]
            view.chosen = chosen.keys if chosen is not None and key != "test" else frozenset()
            view.marked = self.compare.sentence if key != "test" else None
            view.show_plot(plot)

    def _show_chosen(self, chosen) -> None:
        for view in (self.scatter, self.differences):
            view.set_chosen(chosen.keys if chosen is not None else None)

    def _show_sentence(self, sentence: int | None) -> None:
        for view in (self.scatter, self.differences):
            view.set_marked(sentence)

    def _show_busy(self, busy: bool) -> None:
        self.availability_changed.emit(self.is_available())
        self.progress.setRange(0, 0)
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        for widget in (self.test_box, self.trials_box, self.seed_box):
            widget.setEnabled(not busy)
        if busy and self.compare.comparison is None:
            self.files.setText("Comparing...")

    def _show_progress(self, done: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(done)
        self.progress.setFormat("%v of %m" if total else "testing...")

    # ------------------------------------------------------------- choices
    def _metric_chosen(self, index: int) -> None:
        if not self.syncing and index >= 0:
            self.compare.set_metric(self.metric_box.itemData(index))

    def _choice_made(self) -> None:
        if not self.syncing:
            test = self.test_box.currentData()
            self.compare.set_choice(TestChoice(test, self.trials_box.value(), self.seed_box.value()))

    def _choose(self, keys, description: str, adding: bool) -> None:
        self.compare.choose(choose_into(self.compare.chosen, keys, description, adding))
