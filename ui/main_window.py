"""Main window: for now, the scored demo corpus as a read-only table of text."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QMainWindow, QPlainTextEdit

from engine.output import to_table
from engine.scoring import CorpusResult


class MainWindow(QMainWindow):
    def __init__(self, corpus: CorpusResult, title: str):
        super().__init__()
        self.setWindowTitle(f"graphagree - {title}")
        view = QPlainTextEdit(to_table(corpus))
        view.setReadOnly(True)
        view.setFont(QFont("monospace"))
        self.setCentralWidget(view)
        self.resize(900, 400)
