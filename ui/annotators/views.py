"""What the Annotators and Label confusion views show, computed from a scored matrix or a
confusion table (Qt-free): the heatmaps' grids, the rows of the annotator, sentence and
confusion tables, and the text about one cell.

A matrix cell is the F1 of the row annotator (test) against the column annotator (gold);
micro pools the tallies of the sentences both annotated, macro is the mean of those
sentences' F1 (:mod:`engine.scoring.matrix`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.metrics.confusion import NONE, ConfusionCell, ConfusionTable
from engine.output.drs import with_profile
from engine.output.text import f1_text
from engine.read import Sentence
from engine.read.source import parse_metadata
from engine.registry import METRIC
from engine.scoring import MatrixResult
from engine.scoring.matrix import Average

__all__ = [
    "ANNOTATOR_HEADERS",
    "AVERAGES",
    "CONFUSION_HEADERS",
    "EMPTY_GRID",
    "SENTENCE_HEADERS",
    "Grid",
    "MatrixTables",
    "Row",
    "annotator_rows",
    "cell_text",
    "compact_f1",
    "compare_blocked",
    "confusion_grid",
    "confusion_rows",
    "matrix_grid",
    "matrix_names",
    "sentence_rows",
    "sentence_text",
]

AVERAGES: dict[str, str] = {
    "micro": "micro F1: pooled over the sentences both annotated",
    "macro": "macro F1: the mean of the sentences' F1",
}


@dataclass(frozen=True)
class Grid:
    """A labelled heatmap: ``values[r][c]`` on the colour scale ``low``..``high`` (None: no
    value, drawn grey), ``texts[r][c]`` written in the cell (``compact[r][c]`` when the cells
    are too small for them), ``marked`` a cell to frame."""

    title: str
    rows: tuple[str, ...]
    columns: tuple[str, ...]
    values: tuple[tuple[float | None, ...], ...]
    texts: tuple[tuple[str, ...], ...]
    low: float = 0.0
    high: float = 1.0
    row_title: str = ""
    column_title: str = ""
    caption: str = ""
    marked: tuple[int, int] | None = None
    compact: tuple[tuple[str, ...], ...] | None = None
    title_names: tuple[str, ...] = ()  # names in the axis titles: cut to what tells them apart when long

    @property
    def empty(self) -> bool:
        return not self.rows or not self.columns


EMPTY_GRID = Grid("", (), (), (), ())


@dataclass(frozen=True)
class Row:
    """One table row: ``item`` it stands for, the texts shown and their sort keys."""

    item: object
    cells: tuple[str, ...]
    keys: tuple


GOLD_MARK = " (gold)"  # after the gold annotator's name in the matrix and its tables


def matrix_names(result: MatrixResult) -> list[str]:
    """The annotators' names, the gold one marked."""
    return [name + (GOLD_MARK if k == result.gold else "") for k, name in enumerate(result.names)]


def compact_f1(value: float | None) -> str:
    """F1 in two decimals without the leading zero, for small cells.

    >>> compact_f1(0.7588), compact_f1(1.0), compact_f1(None)
    ('.76', '1', 'n/a')
    """
    if value is None:
        return "n/a"
    text = f"{value:.2f}"
    return "1" if text == "1.00" else text.removeprefix("0")


def matrix_grid(result: MatrixResult, metric: str, average: Average, marked: tuple[int, int] | None = None) -> Grid:
    """The agreement matrix of ``metric`` as a heatmap, row = test, column = gold; the colour
    scale runs from the lowest value (down to a tenth) to 1."""
    matrix = result.f_matrix(metric, average)
    names = tuple(matrix_names(result))
    texts = tuple(
        tuple("" if i == j else f1_text(value) for j, value in enumerate(row)) for i, row in enumerate(matrix)
    )
    compact = tuple(
        tuple("" if i == j else compact_f1(value) for j, value in enumerate(row)) for i, row in enumerate(matrix)
    )
    defined = [value for row in matrix for value in row if value is not None]
    low = math.floor(min(defined, default=0.0) * 10) / 10
    return Grid(
        f"{with_profile(METRIC[metric].title, metric, result.params)} F1 between annotators ({average})",
        names,
        names,
        tuple(tuple(row) for row in matrix),
        texts,
        low=min(low, 0.9),
        row_title="test annotator",
        column_title="gold annotator",
        caption=f"{AVERAGES[average]}; profile {result.params.profile}; row = test, column = gold",
        marked=marked,
        compact=compact,
    )


def cell_text(
    result: MatrixResult,
    test: int,
    gold: int,
    metric: str,
    sentences: int,
    interval: tuple[float, float] | str | None = "",
) -> str:
    """What is known about one cell, as plain lines: its P, R and F1 micro and macro (one line), how many
    ``sentences`` it pools, and the bootstrap interval (``interval``: the values, None when there
    is none, or a note while it is computed)."""
    names = result.names
    if test == gold:
        return f"{names[test]}: the diagonal compares an annotator with itself and is not scored."
    lines = [f"{names[test]} (test) against {names[gold]} (gold), {METRIC[metric].title}"]
    averages = []
    for average in ("micro", "macro"):
        score = result.score(test, gold, metric, average)
        assert score is not None
        averages.append(f"{average}: P {f1_text(score.p)}  R {f1_text(score.r)}  F1 {f1_text(score.f)}")
    lines += [" · ".join(averages), f"over {sentences} sentences both annotated"]
    if isinstance(interval, str):
        lines.append(interval)
    elif interval is None:
        lines.append("95% bootstrap interval: none (no sentence)")
    else:
        lines.append(f"95% bootstrap interval of the micro F1: [{interval[0]:.4f}, {interval[1]:.4f}]")
    return "\n".join(lines)


ANNOTATOR_HEADERS = ("Annotator", "Mean agreement", "F1 against gold", "Sentences")


def _key(value: float | None) -> float:
    return -1.0 if value is None else value


def annotator_rows(result: MatrixResult, metric: str, average: Average, counts: list[list[int]]) -> list[Row]:
    """Each annotator's mean agreement with the others and F1 (as test) against the gold;
    ``counts`` is ``result.counts()`` (the sentences of each cell)."""
    rows = []
    names = matrix_names(result)
    for row in result.annotator_table(metric, average):
        sentences = max(counts[row.index], default=0)
        against = "gold" if row.index == result.gold else f1_text(row.against_gold) if result.gold is not None else "-"
        rows.append(
            Row(
                row,
                (names[row.index], f1_text(row.mean), against, str(sentences)),
                (row.index, _key(row.mean), _key(row.against_gold), sentences),
            )
        )
    return rows


SENTENCE_HEADERS = ("#", "ID", "Sentence", "Mean F1", "Spread", "Min", "Max", "Pairs", "Most central", "Left out")


def sentence_text(sentence: Sentence) -> str:
    """The sentence's text from the first annotation that gives one (``# ::snt``)."""
    for entry in sentence.entries:
        if entry is None:
            continue
        if entry.graph is not None and entry.graph.text:
            return entry.graph.text
        text = parse_metadata([line for line in entry.text.splitlines() if line.startswith("#")]).get("snt")
        if text:
            return text
    return ""


def sentence_rows(result: MatrixResult, metric: str) -> list[Row]:
    """Each sentence's mean pairwise F1, spread, range and most central annotator; the Mean
    column sorts hardest first (lowest mean, then widest spread, sentences without a mean last)."""
    names = result.names
    sentences = result.annotations.sentences
    hardest = {row.index: rank for rank, row in enumerate(result.sentence_table(metric, hardest_first=True))}
    rows = []
    for row in result.sentence_table(metric):
        a = row.agreement
        text = sentence_text(sentences[row.index])
        central = names[a.central] if a.central is not None else "-"
        left_out = ", ".join(names[k] for k in row.left_out)
        cells = (
            str(row.index + 1),  # numbered from 1, as people count
            row.id or "",
            text,
            f1_text(a.mean) if a.mean is not None else "-",
            f1_text(a.spread) if a.spread is not None else "-",
            f1_text(a.low) if a.low is not None else "-",
            f1_text(a.high) if a.high is not None else "-",
            str(a.pairs),
            central,
            left_out,
        )
        keys = (
            row.index,
            row.id or "",
            text.lower(),
            hardest[row.index],
            _key(a.spread),
            _key(a.low),
            _key(a.high),
            a.pairs,
            central,
            left_out,
        )
        rows.append(Row(row, cells, keys))
    return rows


@dataclass(frozen=True)
class MatrixTables:
    """What the views show of a scored matrix whatever the average and the gold: the sentences
    of each cell and every metric's sentence rows (computed once, on the worker thread)."""

    counts: list[list[int]]
    sentences: dict[str, list[Row]]

    @classmethod
    def of(cls, result: MatrixResult) -> MatrixTables:
        return cls(result.counts(), {metric: sentence_rows(result, metric) for metric in result.metrics})


CONFUSION_HEADERS = ("Test", "Reference", "Count", "What", "Sentences")  # the labels of the pair's two sides


def _what(cell: ConfusionCell) -> str:
    if cell.agrees:
        return "agree"
    if NONE in (cell.test, cell.gold):
        return "no counterpart"
    return "sense only" if cell.sense_only else "differ"


def confusion_rows(table: ConfusionTable, labels: Sequence[str], agreements: bool = False) -> list[Row]:
    """The table's confusions, most frequent first (and its agreements after them when asked);
    the Sentences column names each cell's sentences by id."""
    cells = table.confusions()
    if agreements:
        cells += sorted((c for c in table.cells.values() if c.agrees), key=lambda c: (-c.count, c.test))
    return [
        Row(
            cell,
            (cell.test, cell.gold, str(cell.count), _what(cell), "; ".join(labels[s] for s in cell.sentences)),
            (cell.test, cell.gold, cell.count, _what(cell), len(cell.sentences)),
        )
        for cell in cells
    ]


def confusion_grid(table: ConfusionTable, test: str, gold: str, agreements: bool = True, top: int = 15) -> Grid:
    """The ``top`` most frequent confusions of one kind as a heatmap of counts, rows the test
    annotator's labels, columns the reference's (``gold``: the pair's second side, whether the
    gold annotator or not - the column title says "reference"). With ``agreements`` the cells where the two labels
    agree are counted too; without, they are left without a value (grey), as the table leaves
    them out, and the colour scale runs up to the largest confusion. The caption says which."""
    rows, columns, counts = table.heatmap(top)
    agree = [[test_label == gold_label != NONE for gold_label in columns] for test_label in rows]
    values = tuple(
        tuple(None if same and not agreements else float(v) for v, same in zip(row, agreeing))
        for row, agreeing in zip(counts.tolist(), agree)
    )
    texts = tuple(tuple(str(int(v)) if v else "" for v in row) for row in values)
    high = max((v for row in values for v in row if v is not None), default=1.0)
    kind = f"{table.kind} label pairs"
    grey = any(v is None for row in values for v in row)  # an agreeing pair among the labels shown
    shown = (
        f"count of aligned {kind} over the corpus among the labels of the most frequent confusions, agreements included"
        if agreements
        else f"count of confused {kind} over the corpus; agreements not shown" + (" (grey)" if grey else "")
    )
    return Grid(
        f"Most frequent {table.kind} confusions: {test} against {gold}",
        tuple(rows),
        tuple(columns),
        values,
        texts,
        low=0.0,
        high=max(high, 1.0),
        row_title=f"{test} (test)",
        column_title=f"{gold} (reference)",  # the pair's second side, the gold annotator or not
        title_names=(test, gold),
        caption=f"{shown}; {table.agreed} of {table.total} pairs agree",
    )


def compare_blocked(result: MatrixResult | None) -> str | None:
    """Why two annotators of the matrix ``result`` cannot be compared against its gold (None: they
    can): A and B are compared against a gold annotator, which is neither of them.

    >>> print(compare_blocked(None))
    Open three or more annotators' files to compare two of them against a gold one.
    """
    if result is None:
        return "Open three or more annotators' files to compare two of them against a gold one."
    if len(result.names) < 3:
        return "Comparing two annotators needs a third, the gold: open three or more annotators' files."
    if result.gold is None:
        return "Choose a Gold annotator first (above the matrix): the two annotators are compared against it."
    return None
