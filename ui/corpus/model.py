"""Qt models of a scored corpus: the pair table and its sort/filter proxy. With an
adjudication session open, the table also shows each sentence's review (status, decider, notes).

A cell without a value to sort by - an F1 that is n/a (no relations), a score not computed, a
pair that could not be read - has the sort key None and sorts after every value, in ascending
and in descending order alike (in their corpus order among themselves)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor

from engine.adjudication.schema import ReviewStatus
from engine.output.drs import dscorer_note, with_profile
from engine.output.text import f1_text
from engine.params import Params
from engine.registry import DSCORER, metrics, short_name
from engine.registry import run_metrics as metrics_of_run
from engine.scoring import CorpusResult, PairResult
from engine.scoring.results import PairStatus

from ..common.row_table import SORT_ROLE, Index
from ..state.filter_expression import Review, ReviewOf, pair_status

FIXED_COLUMNS = ("#", "ID", "Sentence", "Nodes")
SENTENCE_COLUMN = FIXED_COLUMNS.index("Sentence")
REVIEW_COLUMNS = ("Adjudication", "Decided by", "Notes")  # shown while an adjudication session is open
FIRST_METRIC_COLUMN = len(FIXED_COLUMNS)
ERROR_COLOUR = QColor("#b3261e")
MISSING_COLOUR = QColor("#8a5300")  # not scored, but nothing failed to read
STATUS_ORDER = (PairStatus.OK, PairStatus.MISSING, PairStatus.ERROR)  # the Status column's sort order
REVIEW_COLOURS = {
    ReviewStatus.AGREED: QColor("#e8f5e9"),
    ReviewStatus.NEEDS_DISCUSSION: QColor("#fff3e0"),
    ReviewStatus.ADJUDICATED: QColor("#e3f2fd"),
}


def run_metrics(corpus: CorpusResult | None) -> tuple[str, ...]:
    """The pair metrics ``corpus``'s run computed (:func:`engine.registry.run_metrics`: Smatch
    when asked for, Counter and DScorer for DRS input); without a corpus, those a default run
    computes. The tables hide the others' columns and rows (hidden, they keep their index)."""
    return metrics_of_run(Params(), "amr") if corpus is None else corpus.metrics


class CorpusTableModel(QAbstractTableModel):
    """One row per pair: id, sentence, node counts, the F1 of each pair metric of the
    specification (:func:`engine.registry.metrics`, as registered when the model is made) and
    status, then the review columns."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.metrics = metrics()
        self.columns = FIXED_COLUMNS + tuple(f"{short_name(m)} F1" for m in self.metrics) + ("Status",) + REVIEW_COLUMNS
        self.status_column = self.columns.index("Status")
        self.first_review_column = self.columns.index(REVIEW_COLUMNS[0])
        self._results: list[PairResult] = []
        self._rows: dict[int, int] = {}
        self.review_of: ReviewOf = lambda result: None
        self._params: Params | None = None  # a DRS corpus's: DScorer's column names the profile that scored it

    def refresh_reviews(self, result: PairResult | None = None) -> None:
        """The review columns changed: of one pair (a status, decider or notes), or of every pair
        (another session)."""
        first, last = (0, len(self._results) - 1) if result is None else (self.row_of(result),) * 2
        if self._results and first is not None and last is not None:
            self.dataChanged.emit(self.index(first, self.first_review_column), self.index(last, len(self.columns) - 1))

    def set_corpus(self, corpus: CorpusResult | None) -> None:
        self.beginResetModel()
        self._results = list(corpus.pairs) if corpus is not None else []
        self._rows = {result.index: row for row, result in enumerate(self._results)}
        self._params = corpus.params if corpus is not None and corpus.drs else None
        self.endResetModel()

    def result(self, row: int) -> PairResult:
        return self._results[row]

    def metric_column(self, metric: str) -> int:
        """The column of a metric's F1."""
        return FIRST_METRIC_COLUMN + self.metrics.index(metric)

    def _metric_at(self, column: int) -> str:
        return self.metrics[column - FIRST_METRIC_COLUMN]

    def column_texts(self, column: int) -> list[str]:
        """What a column shows in every row of the corpus (the filter's hidden rows too)."""
        return [self._value(result, column)[0] for result in self._results]

    def row_of(self, result: PairResult) -> int | None:
        """The row of ``result`` (None when it is not one of this corpus's pairs)."""
        row = self._rows.get(result.index)
        return row if row is not None and self._results[row] is result else None

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._results)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        metric_column = FIRST_METRIC_COLUMN <= section < self.status_column
        params = self._params if metric_column and self._metric_at(section) == DSCORER else None  # DScorer's profile
        if role == Qt.ItemDataRole.DisplayRole:  # a metric's name over "F1": its column as narrow as can be
            if params is not None:
                return f"{with_profile(short_name(DSCORER), DSCORER, params)}\nF1"
            return self.columns[section].replace(" F1", "\nF1") if metric_column else self.columns[section]
        if role == Qt.ItemDataRole.ToolTipRole and metric_column:
            tip = "F1 of the pair; hover a cell for precision (test side) and recall (gold side)"
            return f"{tip}\n{dscorer_note(params)}" if params is not None else tip
        if role == Qt.ItemDataRole.ToolTipRole and section >= self.first_review_column:
            return (
                "The sentence in the adjudication session (filter e.g. status = needs discussion, "
                "decided by = NAME, notes)"
            )
        return None

    def _value(self, result: PairResult, column: int):
        """(display text, sort key) of one cell."""
        if column == 0:  # numbered from 1, as people count
            return str(result.number), result.index
        if column == 1:
            return result.id or "", result.id or ""
        if column == 2:
            text = result.sentence
            return text, text.lower()
        if column == 3:
            if result.test is None or result.gold is None:
                return "-", None
            return f"{len(result.test)}/{len(result.gold)}", len(result.test) + len(result.gold)
        if column == self.status_column:
            status = pair_status(result)
            return status.value, STATUS_ORDER.index(status)
        if column >= self.first_review_column:
            return _review_cell(self.review_of(result), column - self.first_review_column)
        score = result.scores.get(self._metric_at(column))
        if score is None:  # an unreadable pair, or a metric this run does not compute
            return "", None
        return f1_text(score.f), score.f  # None: n/a

    def data(self, index: Index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        result = self._results[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._value(result, column)[0]
        if role == SORT_ROLE:
            return self._value(result, column)[1]
        if role == Qt.ItemDataRole.ToolTipRole:
            if result.error:
                return result.error
            if FIRST_METRIC_COLUMN <= column < self.status_column:
                score = result.scores.get(self._metric_at(column))
                if score is None:  # a metric this run does not compute: its column is hidden
                    return None
                return f"P {f1_text(score.p)}   R {f1_text(score.r)}   F1 {f1_text(score.f)}"
            if column == 2:
                return result.sentence
            if column == self.first_review_column + 2:
                review = self.review_of(result)
                return review.notes if review is not None and review.notes else None
        if role == Qt.ItemDataRole.ForegroundRole and result.error:
            return QBrush(MISSING_COLOUR if result.missing else ERROR_COLOUR)
        if role == Qt.ItemDataRole.BackgroundRole and column == self.first_review_column:
            review = self.review_of(result)
            colour = REVIEW_COLOURS.get(review.status) if review is not None else None
            return QBrush(colour) if colour is not None else None
        if role == Qt.ItemDataRole.TextAlignmentRole and (column == 0 or column >= 3) and column < self.status_column:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _review_cell(review: Review | None, which: int) -> tuple[str, str]:
    """(text, sort key) of the status, decider or notes (first line) of a sentence's review."""
    if review is None:
        return "", ""
    text = (review.status, review.decided_by or "", review.notes.strip().split("\n")[0])[which]
    return text, text.lower()


class CorpusFilterProxy(QSortFilterProxyModel):
    """Sorts by the numeric sort keys and keeps the rows a predicate accepts."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self.accepts: Callable[[PairResult], bool] = lambda result: True  # set with set_predicate

    def set_predicate(self, accepts: Callable[[PairResult], bool]) -> None:
        self.beginFilterChange()
        self.accepts = accepts
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def corpus_model(self) -> CorpusTableModel:
        """The model of the pairs filtered (the source model)."""
        model = self.sourceModel()
        assert isinstance(model, CorpusTableModel)
        return model

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        return self.accepts(self.corpus_model().result(source_row))

    def lessThan(self, left: Index, right: Index) -> bool:
        """Values in order; cells without one (sort key None) last whichever the order - Qt
        sorts descending by asking ``lessThan(right, left)``, so they count as least then."""
        left_key, right_key = left.data(SORT_ROLE), right.data(SORT_ROLE)
        if left_key is None or right_key is None:
            descending = self.sortOrder() == Qt.SortOrder.DescendingOrder
            if left_key is None and right_key is None:  # among themselves in corpus order
                return (left.row() > right.row()) if descending else (left.row() < right.row())
            return (left_key is None) if descending else (right_key is None)
        return left_key < right_key

    def result(self, proxy_row: int) -> PairResult:
        return self.corpus_model().result(self.mapToSource(self.index(proxy_row, 0)).row())

    def row_of(self, result: PairResult) -> int | None:
        """The proxy row showing ``result`` (None when filtered out or not in the corpus)."""
        model = self.corpus_model()
        source = model.row_of(result)
        index = self.mapFromSource(model.index(source, 0)) if source is not None else None
        return index.row() if index is not None and index.isValid() else None
