"""Details of the selected pair: scores, both PENMAN texts side by side, the alignment."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QTextCursor, QTextFormat
from PySide6.QtWidgets import (
    QGroupBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QTableWidgetItem,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from engine.output.rows import alignment_table
from engine.output.text import f1_text
from engine.read.penman_tree import format_tree
from engine.registry import ALL_METRICS, short_name
from engine.scoring import PairResult

from .corpus_model import sentence_of
from .penman_highlight import node_line, triple_line
from .row_table import RowTableModel, score_grid
from .state import AppState


def sentence_words(graph) -> list[str]:
    """The tokens that token alignments count: ``# ::tok`` when given, else the sentence split at spaces."""
    text = graph.metadata.get("tok") or graph.text or ""
    return text.split()


ALIGNMENT_HEADERS = ("Test var", "Test concept", "Gold var", "Gold concept", "S", "Fixed in")


def alignment_cells(result: PairResult | None) -> list[tuple[str, ...]]:
    """Rows: aligned pairs and unaligned nodes of both graphs, in test order then gold order."""
    rows = alignment_table(result) if result is not None else []
    return [(row.test.var if row.test else "", row.test.concept if row.test else "",
             row.gold.var if row.gold else "", row.gold.concept if row.gold else "",
             f"{row.similarity:.4f}" if row.similarity is not None else "", row.how) for row in rows]


def _penman_pane(title: str) -> tuple[QGroupBox, QPlainTextEdit]:
    box = QGroupBox(title)
    text = QPlainTextEdit()
    text.setReadOnly(True)
    text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    layout = QVBoxLayout(box)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(text)
    return box, text


class PairView(QWidget):
    """The selected pair: header, score table, PENMAN texts and alignment table;
    the selected node (and its partner) or triple is shaded in both texts."""

    def __init__(self, state: AppState, parent=None):
        super().__init__(parent)
        self.state = state
        self.result: PairResult | None = None
        self.header = QLabel("Select a pair to see its graphs and alignment.")
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.tokens = QLabel()
        self.tokens.setWordWrap(True)
        self.tokens.setToolTip("Words of each sentence; those aligned to the selected node are highlighted")
        self.scores = score_grid([short_name(m) for m in ALL_METRICS])
        self.test_box, self.test_text = _penman_pane("Test")
        self.gold_box, self.gold_text = _penman_pane("Gold")
        self.alignment_model = RowTableModel(ALIGNMENT_HEADERS, self)
        self.alignment = QTableView()
        self.alignment.setModel(self.alignment_model)
        header = self.alignment.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # fixed widths: no measuring per pair
        for column, width in enumerate((60, 130, 60, 130, 60)):
            header.resizeSection(column, width)
        self.alignment.horizontalHeader().setStretchLastSection(True)
        self.alignment.verticalHeader().hide()
        texts = QSplitter(Qt.Orientation.Horizontal)
        texts.addWidget(self.test_box)
        texts.addWidget(self.gold_box)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(texts)
        body.addWidget(self.alignment)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 2)
        body.setSizes([600, 420])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.header)
        layout.addWidget(self.tokens)
        layout.addWidget(self.scores)
        layout.addWidget(body, 1)
        state.pair_selected.connect(self.set_result)
        state.node_selected.connect(self._show_node)
        state.triple_selected.connect(self._show_triple)
        self.set_result(state.pair)  # what the state holds already
        self._show_node()

    def _show_node(self, side: str = "", var: str = "") -> None:
        selected = self.state.selected_nodes()
        self.highlight_nodes(selected)
        self.show_tokens(selected)

    def _show_triple(self, row) -> None:
        if row is None:
            self._highlight({})
        else:
            self.highlight_triple(row)

    def _highlight(self, lines: dict[str, list[int]]) -> None:
        """Shade the given lines of the test and gold texts and scroll to them."""
        for side, text in (("test", self.test_text), ("gold", self.gold_text)):
            selections = []
            for number in lines.get(side, []):
                block = text.document().findBlockByNumber(number)
                if not block.isValid():
                    continue
                selection = QTextEdit.ExtraSelection()
                selection.format.setBackground(QColor("#ffe0b2"))
                selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
                selection.cursor = QTextCursor(block)
                selections.append(selection)
                text.setTextCursor(QTextCursor(block))
                text.ensureCursorVisible()
            text.setExtraSelections(selections)

    def highlight_nodes(self, variables: dict[str, str | None]) -> None:
        """Highlight the line of a node on each side (side -> variable or None)."""
        lines = {}
        for side, var in variables.items():
            text = (self.test_text if side == "test" else self.gold_text).toPlainText()
            number = node_line(text, var) if var else None
            lines[side] = [number] if number is not None else []
        self._highlight(lines)

    def highlight_triple(self, row) -> None:
        """Highlight the line of a triple on each side where it exists."""
        lines = {}
        for side, triple in (("test", row.test), ("gold", row.gold)):
            text = (self.test_text if side == "test" else self.gold_text).toPlainText()
            number = triple_line(text, triple.source, triple.role, triple.target) if triple else None
            lines[side] = [number] if number is not None else []
        self._highlight(lines)

    def show_tokens(self, selected: dict[str, str | None]) -> None:
        """The words of both sentences, those aligned to the selected nodes highlighted (side -> variable)."""
        result = self.result
        if result is None or result.test is None or result.gold is None:
            self.tokens.clear()
            return
        lines = []
        for side, graph in (("test", result.test), ("gold", result.gold)):
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

    def set_result(self, result: PairResult | None) -> None:
        self.result = result
        cells = alignment_cells(result)
        self.alignment_model.set_rows(cells, cells)
        self._highlight({})
        self.show_tokens({})
        self.scores.clearContents()
        if result is None:
            self.header.setText("Select a pair to see its graphs and alignment.")
            self.test_text.clear()
            self.gold_text.clear()
            return
        title = f"<b>Pair {result.index}</b>" + (f" &middot; {result.id}" if result.id else "")
        sentence = sentence_of(result)
        if sentence:
            title += f"<br>{sentence}"
        if result.error:
            title += f"<br><span style='color:#b3261e'>Not scored: {result.error}</span>"
        self.header.setText(title)
        for side, (box, text), graph, source in zip(
            ("Test", "Gold"), ((self.test_box, self.test_text), (self.gold_box, self.gold_text)),
            (result.test, result.gold), result.sources,
        ):
            location = graph.location if graph is not None else None
            box.setTitle(f"{side} - {Path(location.file).name}, line {location.line}" if location else side)
            box.setToolTip(str(location) if location else "")
            if graph is not None:
                text.setPlainText(format_tree(graph.tree) if graph.tree is not None else graph.penman)
            else:
                text.setPlainText(source or "(no graph)")
        for column, metric in enumerate(ALL_METRICS):
            score = result.scores.get(metric)
            for row, part in enumerate(("p", "r", "f")):
                item = QTableWidgetItem(f1_text(getattr(score, part)) if score else "")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if part == "f":
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                self.scores.setItem(row, column, item)
