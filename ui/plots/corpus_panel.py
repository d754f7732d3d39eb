"""The corpus at a glance (Corpus perspective): the distribution of the pairs' F1 for the metric
chosen and F1 against the gold graph's size. A bar clicked, or a region dragged, keeps only those
pairs in the corpus table (``Selection.set_subset``; Show all, or a click on nothing, brings the
others back); a point clicked selects its pair; the pair selected is marked in both plots.

The plots are drawn when the panel is on screen (a corpus scored while another perspective is in
front is drawn when the Corpus perspective comes back); :meth:`CorpusPlotsPanel.plots` gives them
for export whether drawn or not."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from engine.registry import METRIC
from engine.scoring import CorpusResult, PairResult

from ..common.binding import SyncGuard
from ..corpus.model import run_metrics
from ..state.selection import Subset
from ..state.services import AppServices
from .figure import Axis, Plot
from .histogram_view import HistogramView
from .plot_view import PlotView
from .scatter_view import ScatterView
from .sentence_figures import corpus_values, distribution_plot, header, metric_name, size_plot

__all__ = ["CORPUS_PLOTS", "CorpusPlotsPanel"]

CORPUS_PLOTS = ("distribution", "size")  # the keys of :meth:`CorpusPlotsPanel.plots`
DEFAULT_METRIC = "labeled_relation"
EMPTY = "Open a test and a gold file to see the distribution of the pairs' scores."


def choose_into(current: Subset | None, keys, description: str, adding: bool) -> Subset | None:
    """What choosing ``keys`` in a plot makes of the sentences chosen before (None: none)."""
    if keys is None:
        return None
    chosen = Subset(frozenset(keys), description)
    return chosen.joined(current) if adding else chosen


class CorpusPlotsPanel(QWidget):
    export_requested = Signal(str)

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()
        self.shown_metric = DEFAULT_METRIC
        self._plots: dict[str, dict[str, Plot]] = {}  # by metric, of the pairs the filter keeps
        self._filtered: tuple[int, ...] | None = None  # the indices of the pairs the plots were made of
        self._drawn: tuple[CorpusResult | None, str, tuple[int, ...] | None] | None = None  # on screen
        self.metric_box = QComboBox()
        self.metric_box.setToolTip("The metric whose pair F1 the plots show")
        self.distribution = HistogramView()
        self.sizes = ScatterView()
        self.views: dict[str, PlotView] = {"distribution": self.distribution, "size": self.sizes}
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Metric:"))
        bar.addWidget(self.metric_box)
        bar.addStretch(1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.distribution)
        splitter.addWidget(self.sizes)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        self.metric_box.currentIndexChanged.connect(self._metric_chosen)
        for key, view in self.views.items():
            view.choose.connect(self._choose)
            view.export_requested.connect(lambda key=key: self.export_requested.emit(key))
        self.sizes.clicked.connect(self._point_clicked)
        state.scoring.corpus_changed.connect(self._show_corpus)
        state.selection.subset_changed.connect(self._show_subset)
        state.selection.filter_changed.connect(self._show_filter)
        state.selection.pair_selected.connect(self._show_pair)
        self._show_corpus(state.scoring.corpus)

    # ------------------------------------------------------------- showing
    def plots(self) -> dict[str, Plot]:
        """The plots of the pairs the filter keeps under the metric chosen, by key
        (:data:`CORPUS_PLOTS`), as the F1 under the corpus table counts them (the pairs chosen in a
        plot are marked among them, not drawn alone); each metric's made once per corpus and filter."""
        kept = self._kept()
        if kept != self._filtered:
            self._plots, self._filtered = {}, kept
        if self.shown_metric not in self._plots:
            self._plots[self.shown_metric] = self._make(self.state.scoring.corpus)
        return self._plots[self.shown_metric]

    def _kept(self) -> tuple[int, ...]:
        """The indices of the pairs the filter keeps (a status changed may change them)."""
        return tuple(result.index for result in self.state.selection.filtered_pairs())

    def _make(self, corpus: CorpusResult | None) -> dict[str, Plot]:
        if corpus is None:
            empty = Plot("", Axis("", 0, 1), Axis("", 0, 1), empty=EMPTY)
            return dict.fromkeys(CORPUS_PLOTS, empty)
        files = self.state.scoring.files
        roles = (("test", files.test_path), ("gold", files.gold_path)) if files is not None else ()
        head = header(roles, self.shown_metric, corpus.params, corpus.drs)
        values = corpus_values(corpus, self.shown_metric, self.state.selection.filtered_pairs())
        name = metric_name(self.shown_metric, corpus.params)
        distribution = distribution_plot(values, name, head, total=len(corpus.pairs))
        return {"distribution": distribution, "size": size_plot(values, name, head)}

    def _show_corpus(self, corpus: CorpusResult | None) -> None:
        computed = run_metrics(corpus)
        if self.shown_metric not in computed:
            self.shown_metric = DEFAULT_METRIC if DEFAULT_METRIC in computed else computed[0]
        self._fill_metrics(computed, corpus)
        self._plots = {}
        self._draw()

    def _fill_metrics(self, computed: tuple[str, ...], corpus: CorpusResult | None) -> None:
        with self.syncing:
            self.metric_box.clear()
            for metric in computed:
                title = (
                    METRIC[metric].title if corpus is None else metric_name(metric, corpus.params).removesuffix(" F1")
                )
                self.metric_box.addItem(title, metric)
            self.metric_box.setCurrentIndex(max(0, self.metric_box.findData(self.shown_metric)))
            self.metric_box.setEnabled(corpus is not None)

    def _draw(self) -> None:
        """Draw the plots if the panel is on screen and they are not drawn yet."""
        corpus = self.state.scoring.corpus
        selection = self.state.selection
        drawn = self._drawn
        now = (corpus, self.shown_metric, self._kept())
        if not self.isVisible() or (drawn is not None and drawn[0] is corpus and drawn[1:] == now[1:]):
            return
        self._drawn = now
        for key, plot in self.plots().items():
            view = self.views[key]
            view.chosen = selection.subset.keys if selection.subset is not None else frozenset()
            view.marked = selection.pair.index if selection.pair is not None else None
            view.show_plot(plot)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._draw()

    def _show_filter(self, text: str) -> None:
        """Draw the pairs the filter keeps now (a plot's choice alone filters nothing drawn)."""
        if self._kept() != self._filtered:
            self._plots = {}
            self._draw()

    def _show_subset(self, subset: Subset | None) -> None:
        for view in self.views.values():
            view.set_chosen(subset.keys if subset is not None else None)

    def _show_pair(self, result: PairResult | None) -> None:
        for view in self.views.values():
            view.set_marked(result.index if result is not None else None)

    # ------------------------------------------------------------- choices
    def _metric_chosen(self, index: int) -> None:
        metric = self.metric_box.itemData(index)
        if not self.syncing and metric and metric != self.shown_metric:
            self.shown_metric = metric
            self._draw()

    def _choose(self, keys, description: str, adding: bool) -> None:
        selection = self.state.selection
        selection.set_subset(choose_into(selection.subset, keys, description, adding))

    def _point_clicked(self, series: int, key: int) -> None:
        corpus = self.state.scoring.corpus
        found = next((result for result in corpus.pairs if result.index == key), None) if corpus else None
        if found is not None:
            self.state.selection.show_pair(found)
