"""Smatch over the corpus: the score with its bootstrap interval and the fine-grained breakdown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTableWidgetItem, QVBoxLayout, QWidget

from engine.smatch import SUB_SCORES
from engine.scoring import CorpusResult

from engine.output.text import f1_text
from .row_table import score_grid

HINT = "Smatch is not computed: turn it on in Scoring > Parameters (\"Also compute Smatch\")."


class SmatchPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.title = QLabel(HINT)
        self.title.setWordWrap(True)
        self.table = score_grid(["P", "R", "F1"], [name.replace("_", " ") for name in SUB_SCORES])
        self.table.setMaximumHeight(16777215)  # the sub-scores may scroll
        self.table.setToolTip("Sub-scores under the one optimal alignment of each pair, pooled over the corpus")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)

    def set_corpus(self, corpus: CorpusResult | None) -> None:
        self.table.clearContents()
        tallies = [result.tallies["smatch"] for result in corpus.pairs if "smatch" in result.tallies] if corpus else []
        if not tallies:
            self.title.setText(HINT)
            return
        totals = corpus.totals
        micro = totals.micro()
        interval = corpus.interval("smatch")
        self.title.setText(f"Smatch micro F1 {f1_text(micro['smatch'].f)}, macro F1 "
                           f"{f1_text(totals.macro()['smatch'].f)}; 95% bootstrap interval of the micro F1 "
                           f"[{interval[0]:.4f}, {interval[1]:.4f}] over {len(tallies)} pairs.")
        for row, name in enumerate(SUB_SCORES):
            score = micro.get(f"smatch.{name}")
            for column, part in enumerate(("p", "r", "f")):
                item = QTableWidgetItem(f1_text(getattr(score, part)) if score else "")
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
