"""Several annotators at a glance (Annotators perspective): per annotator, the distribution of
their sentence F1 against the gold annotator (a strip of points each), and F1 against the gold
graph's size, under the matrix's metric. A dragged region keeps only those sentences in the
Annotators panel's sentence table (``AnnotatorsState.choose_sentences``; Show all, or a click on
nothing, brings the others back); a point clicked opens that annotator against the gold on that
sentence in the pair views; the sentence shown there is ringed."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from engine.scoring import MatrixResult

from ..annotators.state import AnnotatorsApp
from ..state.selection import Subset
from .corpus_panel import choose_into
from .figure import Axis, Plot
from .plot_view import PlotView
from .scatter_view import ScatterView
from .sentence_figures import annotator_size_plot, annotator_strip_plot, header

__all__ = ["ANNOTATOR_PLOTS", "AnnotatorPlotsPanel"]

ANNOTATOR_PLOTS = ("strip", "size")
EMPTY = "Open several annotators' files with a gold one to see each annotator's sentence scores against it."


class AnnotatorPlotsPanel(QWidget):
    """Available while the Annotators panel is (a matrix is shown or scored). ``export_requested(key)``."""

    availability_changed = Signal(bool)
    export_requested = Signal(str)

    def __init__(self, state: AnnotatorsApp, parent=None):
        super().__init__(parent)
        self.state = state
        self.annotators = state.annotators
        self._plots: dict[str, Plot] = {}
        self._series: dict[str, tuple[int, ...]] = {}  # the annotator of each series, by plot
        self._made: tuple | None = None  # the (matrix, metric, gold) of the plots made
        self._drawn: tuple | None = None  # ... and of those on screen
        self.strip = ScatterView()
        self.sizes = ScatterView()
        self.views: dict[str, PlotView] = {"strip": self.strip, "size": self.sizes}
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.strip)
        splitter.addWidget(self.sizes)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(splitter)
        for key, view in self.views.items():
            view.choose.connect(self._choose)
            view.clicked.connect(lambda series, sentence, key=key: self._open(key, series, sentence))
            view.export_requested.connect(lambda key=key: self.export_requested.emit(key))
        self.annotators.matrix_changed.connect(self._changed)
        self.annotators.view_changed.connect(self._changed)
        self.annotators.busy_changed.connect(lambda busy: self.availability_changed.emit(self.is_available()))
        self.annotators.sentences_chosen.connect(self._show_chosen)
        self.annotators.cell_changed.connect(lambda cell: self._show_marked())
        state.selection.pair_selected.connect(lambda result: self._show_marked())
        self._changed()

    def is_available(self) -> bool:
        return self.annotators.result is not None or self.annotators.busy

    # ------------------------------------------------------------- showing
    def plots(self) -> dict[str, Plot]:
        """The plots of the matrix shown under its metric and gold, by key (:data:`ANNOTATOR_PLOTS`)."""
        wanted = self._wanted()
        if not _same(self._made, wanted):  # made again when asked for, whoever asks first
            self._plots, self._series = self._make(self.annotators.result)
            self._made = wanted
        return self._plots

    def _wanted(self) -> tuple:
        """What the plots show: (the matrix, the metric, the gold annotator)."""
        result = self.annotators.result
        return (result, self.annotators.metric, result.gold if result is not None else None)

    def _make(self, result: MatrixResult | None) -> tuple[dict[str, Plot], dict[str, tuple[int, ...]]]:
        if result is None:
            empty = Plot("", Axis("", 0, 1), Axis("", 0, 1), empty=EMPTY)
            return dict.fromkeys(ANNOTATOR_PLOTS, empty), {}
        metric, paths = self.annotators.metric, result.annotations.paths
        roles = [(name + (" (gold)" if k == result.gold else ""), paths[k]) for k, name in enumerate(result.names)]
        head = header(roles, metric, result.params, result.format == "drs")
        strip, strip_series = annotator_strip_plot(result, metric, head)
        size, size_series = annotator_size_plot(result, metric, head)
        return {"strip": strip, "size": size}, {"strip": strip_series, "size": size_series}

    def _changed(self, *_) -> None:
        self.availability_changed.emit(self.is_available())
        self._draw()

    def _draw(self) -> None:
        wanted = self._wanted()
        if not self.isVisible() or _same(self._drawn, wanted):
            return
        self._drawn = wanted
        chosen, marked = self.annotators.chosen, self.marked_sentence()
        for key, plot in self.plots().items():
            view = self.views[key]
            view.chosen = chosen.keys if chosen is not None else frozenset()
            view.marked = marked
            view.show_plot(plot)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._draw()

    def marked_sentence(self) -> int | None:
        """The sentence the pair views show when they show a cell of this matrix."""
        pair = self.state.selection.pair
        if pair is None or self.annotators.cell_of(self.state.scoring.files) is None:
            return None
        return pair.index

    def _show_marked(self) -> None:
        for view in self.views.values():
            view.set_marked(self.marked_sentence())

    def _show_chosen(self, chosen: Subset | None) -> None:
        for view in self.views.values():
            view.set_chosen(chosen.keys if chosen is not None else None)

    # ------------------------------------------------------------- choices
    def _choose(self, keys, description: str, adding: bool) -> None:
        self.annotators.choose_sentences(choose_into(self.annotators.chosen, keys, description, adding))

    def _open(self, key: str, series: int, sentence: int) -> None:
        result = self.annotators.result
        annotators = self._series.get(key, ())
        if result is None or result.gold is None or series >= len(annotators):
            return
        label = result.annotations.sentence_labels()[sentence]
        self.annotators.open_cell(annotators[series], result.gold, sentence=label)


def _same(shown: tuple | None, wanted: tuple) -> bool:
    """Whether ``shown`` (matrix, metric, gold) is ``wanted``: the same matrix object, metric and gold."""
    return shown is not None and shown[0] is wanted[0] and shown[1:] == wanted[1:]
