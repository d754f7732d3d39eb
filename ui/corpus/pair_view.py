"""The selected pair in brief: which pair, its sentence (the words of the selected node
marked), whether it could be read, and the F1, P and R of every metric the run computes."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from engine.output.drs import dscorer_note, with_profile
from engine.registry import DSCORER, metrics, short_name
from engine.scoring import PairResult

from ..common.row_table import name_grid_header, prf_grid, show_grid_rows, show_prf
from ..common.sides import SIDES, Side
from ..state.services import AppServices
from .model import run_metrics

__all__ = ["PairView", "sentence_words"]

NOT_SCORED = "—"
ERROR_STYLE = "color:#b3261e"


def sentence_words(graph) -> list[str]:
    """The tokens that token alignments count: ``# ::tok`` when given, else the sentence split at spaces."""
    text = graph.metadata.get("tok") or graph.text or ""
    return text.split()


class PairView(QWidget):
    """Header, the score table (metrics as rows; F1 first, then P and R), then the sentence with
    the words aligned to the selected node (or why the pair could not be read) in a scrolled area,
    so that a long sentence never pushes the scores out of sight."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.result: PairResult | None = None
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)  # escaped text: "&quot;" is a quote, never shown as is
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.scores = prf_grid([short_name(m) for m in metrics()])
        self.scores.setToolTip("The pair's scores: F1, precision (test side) and recall (gold side)")
        self.sentence = QLabel()
        self.sentence.setTextFormat(Qt.TextFormat.RichText)
        self.sentence.setWordWrap(True)
        self.sentence.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sentence.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.tokens = QLabel()
        self.tokens.setWordWrap(True)
        self.tokens.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.tokens.setToolTip("Words of each sentence; those aligned to the selected node are highlighted")
        text = QWidget()
        text_layout = QVBoxLayout(text)
        text_layout.setContentsMargins(0, 0, 0, 0)
        text_layout.addWidget(self.sentence)
        text_layout.addWidget(self.tokens)
        text_layout.addStretch(1)
        scrolled = QScrollArea()
        scrolled.setWidget(text)
        scrolled.setWidgetResizable(True)
        scrolled.setFrameShape(QFrame.Shape.NoFrame)
        scrolled.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scrolled.setMinimumHeight(2 * self.fontMetrics().lineSpacing())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        layout.addWidget(self.header)
        layout.addWidget(self.scores)
        layout.addWidget(scrolled, 1)
        state.scoring.corpus_changed.connect(self._show_metrics)
        state.selection.pair_selected.connect(self.set_result)
        state.selection.node_selected.connect(self._show_node)
        self._show_metrics(state.scoring.corpus)
        self.set_result(state.selection.pair)  # what the state holds already
        self._show_node()

    def _show_metrics(self, corpus) -> None:
        """A row for each metric the run computes (Smatch when asked for, Counter and DScorer for DRS)."""
        computed = run_metrics(corpus)
        drs = corpus.params if corpus is not None and corpus.drs else None  # DScorer's figures name their profile
        name_grid_header(
            self.scores,
            Qt.Orientation.Vertical,
            metrics().index(DSCORER),
            with_profile(short_name(DSCORER), DSCORER, drs) if drs else short_name(DSCORER),
            dscorer_note(drs) if drs else "",
        )
        show_grid_rows(self.scores, [row for row, metric in enumerate(metrics()) if metric in computed])

    def _show_node(self, side: str = "", var: str = "") -> None:
        self.show_tokens(self.state.selection.selected_nodes())

    def show_tokens(self, selected: dict[Side, str | None]) -> None:
        """The words of both sentences, those aligned to the selected nodes highlighted (side -> variable)."""
        result = self.result
        if result is None or result.test is None or result.gold is None:
            self.tokens.clear()
            self.tokens.hide()
            self.sentence.show()
            return
        lines = []
        for side, graph in zip(SIDES, (result.test, result.gold)):
            words = sentence_words(graph)
            if not words or not any(node.span for node in graph.nodes):
                continue
            var = selected.get(side)
            span = graph.nodes[graph.index[var]].span if var in graph.index else frozenset()
            shown = " ".join(
                f"<span style='background:#ffe0b2'><b>{escape(word)}</b></span>" if k in span else escape(word)
                for k, word in enumerate(words)
            )
            lines.append(f"<i>{side}:</i> {shown}")
        self.tokens.setText("<br>".join(lines))
        self.tokens.setVisible(bool(lines))
        self.sentence.setVisible(not lines or bool(result.error))  # the words say the sentence already

    def set_result(self, result: PairResult | None) -> None:
        self.result = result
        if result is None:
            self.header.setText(escape(self.state.selection.empty_text()))
            self.sentence.clear()
            self.scores.clearContents()
            self.show_tokens({})
            return
        self.header.setText(f"<b>Pair {result.number}</b>" + (f" &middot; {escape(result.id)}" if result.id else ""))
        text = escape(result.sentence)
        if result.error:
            text += f"<br><span style='{ERROR_STYLE}'>Not scored: {escape(result.error)}</span>"
        self.sentence.setText(text)
        scores = result.scores
        show_prf(self.scores, [scores.get(metric) for metric in metrics()], "" if scores else NOT_SCORED)
        self.show_tokens({})
