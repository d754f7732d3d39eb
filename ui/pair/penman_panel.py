"""Both graphs of the selected pair as PENMAN text, side by side; the selected node (and its
partner) or triple is shaded in both. A side that could not be read says what is wrong and shows
its text as written with the file's line numbers, the line of each problem shaded red (and its
number in bold red) and scrolled to."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontDatabase, QTextCursor, QTextFormat
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSplitter, QTextEdit, QVBoxLayout, QWidget

from engine.errors import InputError
from engine.read.penman_tree import format_tree
from engine.scoring import PairResult

from ..common.elided import TitledBox
from ..common.sides import SIDES, Side
from ..state.services import AppServices
from .numbered_text import NumberedText
from .penman_highlight import block_start, node_line, triple_line

__all__ = ["PenmanPanel"]

SHADE, ERROR_SHADE = QColor("#ffe0b2"), QColor("#ffcdd2")


class _Pane(TitledBox):
    """One side: a note (why it could not be read) over the text; titled with its file's name and
    line, cut to the pane's width."""

    def __init__(self, title: str):
        super().__init__(title)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color:#b3261e;")
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note.hide()
        self.error_lines: list[int] = []  # lines (from 0) of the text shown with a problem
        self.text = NumberedText()
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.note)
        layout.addWidget(self.text, 1)

    def show_note(self, text: str) -> None:
        self.note.setText(text)
        self.note.setVisible(bool(text))


class PenmanPanel(QWidget):
    """``test_text`` and ``gold_text`` are the two PENMAN views."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.panes = {side: _Pane(side.capitalize()) for side in SIDES}
        self.test_box, self.gold_box = self.panes["test"], self.panes["gold"]
        self.test_text, self.gold_text = self.test_box.text, self.gold_box.text
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self.test_box)
        splitter.addWidget(self.gold_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        state.selection.pair_selected.connect(self.set_result)
        state.selection.node_selected.connect(lambda side, var: self.highlight_nodes(state.selection.selected_nodes()))
        state.selection.triple_selected.connect(self._show_triple)
        self.set_result(state.selection.pair)  # what the state holds already
        self.highlight_nodes(state.selection.selected_nodes())

    def set_result(self, result: PairResult | None) -> None:
        """Show both texts; an unreadable side shows its text as written, numbered, and why it could not be read."""
        for side, pane in self.panes.items():
            pane.text.setExtraSelections([])
            pane.text.show_numbers(None)
            pane.error_lines = []
            if result is None:
                pane.setTitle(side.capitalize())
                pane.setToolTip("")
                pane.show_note("")
                pane.text.clear()
                pane.text.setPlaceholderText(self.state.selection.empty_text())
                continue
            number = 0 if side == "test" else 1
            graph = (result.test, result.gold)[number]
            location = graph.location if graph is not None else None
            files = self.state.scoring.files
            name = location and (files.name_of(location.file) if files else Path(location.file).name)
            pane.setTitle(f"{side.capitalize()} - {name}, line {location.line}" if location else side.capitalize())
            pane.setToolTip(str(location) if location else "")
            if graph is not None:
                pane.text.setPlainText(format_tree(graph.tree) if graph.tree is not None else graph.penman)
                pane.show_note("")
            else:
                source, own = result.sources[number] or "", self._own_problems(result, number)
                pane.text.setPlainText(source)
                pane.text.setPlaceholderText("(no graph)")
                pane.show_note(self._problem(result, own))
                self._number(pane, number, source, own)
        self._highlight({})

    def _own_problems(self, result: PairResult, number: int) -> list[InputError]:
        """The problems in one side's file (all of them when the files are not known)."""
        path = self._path(number)
        return [p for p in result.problems if path is None or Path(p.file).resolve() == path] or list(result.problems)

    def _path(self, number: int) -> Path | None:
        files = self.state.scoring.files
        return (files.test_path, files.gold_path)[number].resolve() if files is not None else None

    @staticmethod
    def _problem(result: PairResult, own: list[InputError]) -> str:
        """What is wrong with one side of an unreadable pair."""
        if result.missing:  # no graph of the sentence in this file: the problem names the file
            return "Missing - " + "; ".join(problem.message for problem in result.problems)
        lines = [f"line {p.line}: {p.message}" if p.line is not None else p.message for p in own]
        return "Could not be read - " + "; ".join(lines) if lines else "Could not be read."

    def _number(self, pane: _Pane, number: int, source: str, own: list[InputError]) -> None:
        """Number an unreadable side's text with its file's lines (found in the file as it is
        now) and mark the lines of its problems; nothing when the text is no longer there."""
        path = self._path(number)
        try:
            text = path.read_text(encoding="utf-8", errors="replace") if path is not None and source else ""
        except OSError:
            return
        lines = [p.line for p in own if p.line is not None]
        first = block_start(text, source, lines[0] if lines else None)
        if first is None:
            return
        count = source.count("\n") + 1
        marked = frozenset(line for line in lines if first <= line < first + count)
        pane.text.show_numbers(first, marked)
        pane.error_lines = sorted(line - first for line in marked)

    def _show_triple(self, row) -> None:
        if row is None:
            self._highlight({})
        else:
            self.highlight_triple(row)

    def _highlight(self, lines: Mapping[Side, list[int]]) -> None:
        """Shade the given lines of the test and gold texts and scroll to them; the lines of an
        unreadable side's problems stay shaded red."""
        for side, pane in self.panes.items():
            text, selections = pane.text, []
            shaded = [(n, ERROR_SHADE) for n in pane.error_lines] + [(n, SHADE) for n in lines.get(side, [])]
            for number, colour in shaded:
                block = text.document().findBlockByNumber(number)
                if not block.isValid():
                    continue
                selection = QTextEdit.ExtraSelection()
                selection.format.setBackground(colour)
                selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
                selection.cursor = QTextCursor(block)
                selections.append(selection)
                text.setTextCursor(QTextCursor(block))
                text.ensureCursorVisible()
            text.setExtraSelections(selections)

    def highlight_nodes(self, variables: Mapping[Side, str | None]) -> None:
        """Highlight the line of a node on each side (side -> variable or None)."""
        lines = {}
        for side, var in variables.items():
            number = node_line(self.panes[side].text.toPlainText(), var) if var else None
            lines[side] = [number] if number is not None else []
        self._highlight(lines)

    def highlight_triple(self, row) -> None:
        """Highlight the line of a triple on each side where it exists (of a top, its node's)."""
        lines = {}
        for side, triple in zip(SIDES, (row.test, row.gold)):
            text = self.panes[side].text.toPlainText()
            if triple is not None and triple.is_top:
                number = node_line(text, triple.source)
            else:
                number = triple_line(text, triple.source, triple.role, triple.target) if triple else None
            lines[side] = [number] if number is not None else []
        self._highlight(lines)
