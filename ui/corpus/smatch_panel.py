"""Smatch over the corpus: the score with its bootstrap interval and the fine-grained breakdown."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from engine.layout.pair import plural
from engine.output.text import f1_text
from engine.registry import SMATCH
from engine.scoring import CorpusResult
from engine.smatch import SUB_SCORES

from ..common.row_table import prf_grid, show_prf
from ..state.services import AppServices

HINT = "Smatch is not computed: turn it on in Scoring > Parameters (\"Also compute Smatch\")."
DRS_HINT = "Smatch reads PENMAN graphs and is not computed for DRS input: Counter (the Clauses tab) is its counterpart."


class SmatchPanel(QWidget):
    """The corpus's Smatch with its bootstrap interval, and the sub-scores."""

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.title = QLabel(HINT)
        self.title.setWordWrap(True)
        self.table = prf_grid([name.replace("_", " ") for name in SUB_SCORES], at_least=6)
        self.table.setToolTip("Sub-scores under the one optimal alignment of each pair, pooled over the corpus")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        layout.addStretch(0)  # what the table does not need (all its rows shown) stays under it
        state.scoring.corpus_changed.connect(self.set_corpus)
        self.set_corpus(state.scoring.corpus)  # what the state holds already

    def set_corpus(self, corpus: CorpusResult | None) -> None:
        """Show the Smatch scores of ``corpus`` with the bootstrap interval of its micro F1."""
        self.table.clearContents()
        scored = sum(1 for result in corpus.pairs if SMATCH in result.tallies) if corpus else 0
        interval = corpus.interval(SMATCH) if corpus is not None and scored else None
        self.table.setVisible(interval is not None)  # no empty breakdown: the line above says why
        if corpus is None or interval is None:
            self.title.setText(DRS_HINT if corpus is not None and corpus.drs else HINT)
            return
        totals = corpus.totals
        micro = totals.micro()
        self.title.setText(
            f"Smatch micro F1 {f1_text(micro[SMATCH].f)}, macro F1 "
            f"{f1_text(totals.macro()[SMATCH].f)}; 95% bootstrap interval of the micro F1 "
            f"[{interval[0]:.4f}, {interval[1]:.4f}] over {plural(scored, 'pair')}."
        )
        show_prf(self.table, [micro.get(f"{SMATCH}.{name}") for name in SUB_SCORES])
