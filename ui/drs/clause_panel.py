"""A DRS pair's clauses under Counter's optimal variable mapping: matched, only in test,
only in gold, with the mapping itself and Counter's P/R/F. Choosing a row selects the
referent (else the box) the clause is about in the graphs; selecting a node shows the
first clause that has it."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from engine.drs import Clause, CounterScore
from engine.drs.counter import clause_class
from engine.metrics.triples import Category
from engine.output.text import f1_text
from engine.scoring import PairResult

from ..common.binding import SyncGuard
from ..common.row_table import filtered_table
from ..common.sides import Side
from ..state.services import AppServices

__all__ = ["ClausePanel", "ClauseRow", "clause_rows"]

STATUSES = (Category.MATCHED, Category.ONLY_IN_TEST, Category.ONLY_IN_GOLD)  # a clause's, as the Status column says
COLOURS = {
    Category.MATCHED: QColor("#e8f5e9"),
    Category.ONLY_IN_TEST: QColor("#ffebee"),
    Category.ONLY_IN_GOLD: QColor("#fce4ec"),
}
HEADERS = ("Status", "Test clause", "Gold clause", "Kind")
CLASS_NAMES = {"nouns": "noun", "verbs": "verb", "adjectives": "adjective", "adverbs": "adverb"}
HINT = "Counter compares clauses of DRS input (clause files, .clf): File > Open Demo has a DRS pair."


@dataclass(frozen=True)
class ClauseRow:
    """A test clause and the gold clause it matches under Counter's mapping (either may be None)."""

    status: Category
    test: Clause | None
    gold: Clause | None

    @property
    def kind(self) -> str:
        """operator, role, or a concept by its sense's part of speech (noun, verb, ...)."""
        clause = self.test or self.gold
        assert clause is not None
        classes = clause_class(clause)
        return CLASS_NAMES.get(classes[1], "concept") if len(classes) > 1 else classes[0].rstrip("s")

    def variable(self, side: str) -> str | None:
        """The variable the clause on ``side`` is about: its first referent, else its box."""
        clause = self.test if side == "test" else self.gold
        if clause is None:
            return None
        variables = clause.variables
        return variables[1] if len(variables) > 1 else variables[0]


def clause_rows(counter: CounterScore) -> list[ClauseRow]:
    """The clauses side by side, in Counter's order: test clauses first, then gold clauses left over."""
    return [
        ClauseRow(
            Category.MATCHED
            if test is not None and gold is not None
            else Category.ONLY_IN_TEST
            if gold is None
            else Category.ONLY_IN_GOLD,
            test,
            gold,
        )
        for test, gold in counter.clause_pairs
    ]


def counter_summary(counter: CounterScore) -> str:
    """Counter's score of the pair and how sure its mapping is, in a sentence."""
    score, match = counter.tally.prf(), counter.match
    proof = (
        "proven optimal"
        if match.optimal
        else f"not proven optimal in time: the best mapping found; at most {match.upper_bound:g} clauses can match"
    )
    return (
        f"Counter P {f1_text(score.p)}  R {f1_text(score.r)}  F1 {f1_text(score.f)}: {match.matched} of "
        f"{int(counter.tally.test_size)} test and {int(counter.tally.gold_size)} gold clauses matched under the "
        f"variable mapping ({proof})."
    )


def mapping_text(counter: CounterScore) -> str:
    """The variable mapping, test -> gold, names that differ first."""
    pairs = sorted(counter.variables, key=lambda pair: pair[0] == pair[1])
    return "Mapping: " + "  ".join(f"{test}→{gold or '∅'}" for test, gold in pairs)


class ClausePanel(QWidget):
    """The selected pair's clauses by status; empty with a hint for pairs that are not DRSs."""

    availability_changed = Signal(bool)  # offered only while the corpus is DRS input

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()
        self.model, self.proxy, self.table = filtered_table(HEADERS, 0, (100, 300, 300), self)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.summary = QLabel(HINT)
        self.summary.setWordWrap(True)
        self.mapping = QLabel()
        self.mapping.setWordWrap(True)
        self.mapping.setStyleSheet("color:#555;")
        self.status = QComboBox()
        self.status.addItem("All clauses", None)
        for status in STATUSES:
            self.status.addItem(status.value, status.value)
        self.status.currentIndexChanged.connect(lambda _: self.proxy.set_value(self.status.currentData() or None))
        self.counts = QLabel()
        self.body = QWidget()  # hidden for a pair that is not a DRS
        top = QHBoxLayout()
        top.addWidget(QLabel("Show:"))
        top.addWidget(self.status)
        top.addWidget(self.counts, 1)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.mapping)
        body.addLayout(top)
        body.addWidget(self.table, 1)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.body, 1)
        state.selection.pair_selected.connect(self.show_pair)
        state.selection.node_selected.connect(self.select_node)
        state.scoring.corpus_changed.connect(lambda corpus: self.availability_changed.emit(self.is_available()))
        self.show_pair(state.selection.pair)  # what the state holds already

    def is_available(self) -> bool:
        return self.state.scoring.corpus is not None and self.state.scoring.corpus.drs

    def show_pair(self, result: PairResult | None) -> None:
        drs = result.drs if result is not None else None
        rows = clause_rows(drs.counter) if drs is not None else []
        cells = [
            (row.status.value, row.test.text() if row.test else "", row.gold.text() if row.gold else "", row.kind)
            for row in rows
        ]
        self.model.set_rows(rows, cells, [COLOURS[row.status] for row in rows])
        self.body.setVisible(drs is not None)
        if drs is None:
            self.summary.setText(HINT if result is None or result.error is None else f"Not compared: {result.error}")
            return
        self.summary.setText(counter_summary(drs.counter))
        self.mapping.setText(mapping_text(drs.counter))
        tally = {status: sum(1 for row in rows if row.status == status) for status in STATUSES}
        self.counts.setText("  ".join(f"{status}: {count}" for status, count in tally.items()))

    def _current_changed(self, current, previous=None) -> None:
        if not current.isValid() or self.syncing:
            return
        row: ClauseRow = self.proxy.item(current.row())
        side: Side = "test" if row.test is not None else "gold"
        variable = row.variable(side)
        if variable is not None:
            with self.syncing:  # the node selected is this row's: keep the row
                self.state.selection.select_node(side, variable)

    def select_node(self, side: str, var: str) -> None:
        """Select the first shown row whose clause on ``side`` has ``var``."""
        if self.syncing:
            return
        for proxy_row in range(self.proxy.rowCount()):
            row: ClauseRow = self.proxy.item(proxy_row)
            clause = row.test if side == "test" else row.gold
            if clause is not None and var in clause.variables:
                with self.syncing:
                    self.table.selectRow(proxy_row)
                self.table.scrollTo(self.proxy.index(proxy_row, 0))
                return
        self.table.clearSelection()
