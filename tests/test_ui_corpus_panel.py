"""The corpus panel alone with a state: rows, summary, selection both ways, filter box."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetrics, QFontMetricsF
from PySide6.QtWidgets import QStyle

from engine.output.text import f1_text
from engine.params import Params
from engine.scoring.results import totals_of
from ui.app_state import AppState
from ui.corpus.model import SENTENCE_COLUMN
from ui.corpus.panel import SENTENCE_LEAST, CorpusPanel

from .conftest import required
from .ui_support import DRS_PAIR, SMATCH_PAIR, SYS_PAIR, broken_pair, score_now, temporary_settings


@pytest.fixture
def state(app_state):
    return app_state


@pytest.fixture
def panel(qtbot, state):
    panel = CorpusPanel(state)
    qtbot.addWidget(panel)
    score_now(state, *SYS_PAIR)
    return panel


def ids(panel):
    return [panel.proxy.index(row, 1).data() for row in range(panel.proxy.rowCount())]


def test_rows_and_summary_follow_the_corpus(panel):
    assert ids(panel) == [f"sentence {k}" for k in range(1, 6)]
    assert panel.summary.item(0, 0).text() == "0.9067" and panel.summary.item(1, 0).text() != ""
    assert "P " in panel.summary.item(0, 0).toolTip()
    assert panel.table.currentIndex().row() == 0  # the state selected the first pair


def test_pairs_are_numbered_from_one_and_sort_by_number(panel):
    """The # column counts pairs as people do (it said 0 for the first pair, as did "Pair 0")."""
    numbers = [panel.proxy.index(row, 0).data() for row in range(panel.proxy.rowCount())]
    assert numbers == ["1", "2", "3", "4", "5"]
    panel.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    assert [panel.proxy.index(row, 0).data() for row in range(panel.proxy.rowCount())] == numbers[::-1]


def click_header(qtbot, panel, column: int) -> None:
    """A click on a column's header as a user makes it: on the header's viewport, in the section."""
    header = panel.table.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, header.height() // 2))


def test_a_click_on_a_header_sorts_the_table(qtbot, panel):
    """The guide's "click the LR F1 header to sort worst first": the header takes the click (the
    narrow-column header replacing Qt's own was not clickable, so no click sorted)."""
    panel.resize(1200, 400)
    panel.show()
    qtbot.waitExposed(panel)
    lr = panel.model.metric_column("labeled_relation")
    click_header(qtbot, panel, lr)  # worst first: LR 0.4000, 0.5937, 0.7000, then the two 1.0000
    header = panel.table.horizontalHeader()
    assert header.sortIndicatorSection() == lr
    assert ids(panel)[:3] == ["sentence 4", "sentence 1", "sentence 2"]
    click_header(qtbot, panel, lr)  # again: best first
    assert ids(panel)[2:] == ["sentence 2", "sentence 1", "sentence 4"]
    click_header(qtbot, panel, 0)
    assert header.sortIndicatorSection() == 0 and ids(panel) == [f"sentence {k}" for k in range(1, 6)]


def test_choosing_a_row_selects_the_pair_and_the_state_moves_the_row(panel, state):
    panel.table.selectRow(2)
    assert state.selection.pair.id == "sentence 3"
    state.selection.select_pair_id("sentence 5")
    assert panel.table.currentIndex().row() == 4
    panel.table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
    state.selection.select_pair_id("sentence 2")
    assert panel.table.currentIndex().row() == 3 and panel.proxy.result(3).id == "sentence 2"


def summary_rows(panel):
    grid = panel.summary
    return [grid.verticalHeaderItem(row).text() for row in range(grid.rowCount())]


def test_the_micro_and_macro_f1_are_those_of_the_pairs_shown_and_say_so(panel, state, tmp_path):
    """With a filter, the F1 under the table are over the pairs it shows (they ignored it), and the
    rows say how many; pairs that could not be scored are counted out, and said so."""
    assert summary_rows(panel) == ["micro F1", "macro F1"]
    state.selection.set_filter("LR F1 < 0.8")  # sentences 1, 2 and 4
    shown = [r for r in state.scoring.corpus.pairs if r.id in ("sentence 1", "sentence 2", "sentence 4")]
    totals = totals_of(shown, state.scoring.corpus.metrics)
    lr = state.scoring.corpus.metrics.index("labeled_relation")
    assert panel.summary.item(0, lr).text() == f1_text(totals.micro()["labeled_relation"].f) != "0.7714"
    assert panel.summary.item(1, lr).text() == f1_text(totals.macro()["labeled_relation"].f)
    assert summary_rows(panel) == ["micro F1 (3 of 5 pairs)", "macro F1 (3 of 5 pairs)"]
    assert "the 3 pairs the filter shows" in panel.summary.verticalHeaderItem(0).toolTip()
    state.selection.set_filter("")
    assert panel.summary.item(0, lr).text() == "0.7714" and summary_rows(panel) == ["micro F1", "macro F1"]
    score_now(state, *broken_pair(tmp_path))  # one of three pairs cannot be read
    assert summary_rows(panel) == ["micro F1 (2 of 3 pairs)", "macro F1 (2 of 3 pairs)"]
    assert "1 could not be scored" in panel.summary.verticalHeaderItem(0).toolTip()


def test_the_filter_box_and_the_state_filter_agree(panel, state):
    panel.filter_edit.setText("LR F1 < 0.8")
    assert state.selection.filter_text == "LR F1 < 0.8"
    assert ids(panel) == ["sentence 1", "sentence 2", "sentence 4"]
    state.selection.select_pair_id("sentence 3")  # hidden: the state clears the filter, the box follows
    assert panel.filter_edit.text() == "" and len(ids(panel)) == 5
    assert panel.proxy.result(panel.table.currentIndex().row()).id == "sentence 3"
    panel.filter_edit.setText("no such words")
    assert ids(panel) == [] and state.selection.pair is None and not panel.table.currentIndex().isValid()


def test_focus_filter_selects_the_text(qtbot, panel):
    panel.show()
    panel.filter_edit.setText("telescope")
    panel.focus_filter()
    assert panel.filter_edit.selectedText() == "telescope"


def test_smatch_interval_in_the_summary(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    state.scoring.params = Params(optional_metrics={"smatch"})
    panel = CorpusPanel(state)
    qtbot.addWidget(panel)
    score_now(state, *SMATCH_PAIR)
    assert state.scoring.corpus is not None
    low, high = required(state.scoring.corpus.interval("smatch"))
    assert required(panel.summary.item(0, 5)).text() == f"0.8475 [{low:.3f}, {high:.3f}]"
    assert "bootstrap interval" in required(panel.summary.item(0, 5)).toolTip()
    assert (
        required(panel.summary.item(1, 5)).text() == f"{state.scoring.corpus.macro['smatch'].f:.4f}"
    )  # macro: no interval
    state.shutdown()


def test_a_panel_made_after_loading_shows_what_the_state_holds(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    score_now(state, *SYS_PAIR)
    state.selection.set_filter("telescope")
    panel = CorpusPanel(state)
    qtbot.addWidget(panel)
    assert ids(panel) == ["sentence 2"] and panel.filter_edit.text() == "telescope"
    assert (
        panel.table.currentIndex().row() == 0 and required(panel.summary.item(0, 0)).text() == "0.9800"
    )  # of sentence 2
    assert summary_rows(panel)[0] == "micro F1 (1 of 5 pairs)"
    state.shutdown()


NA_TEST = """# ::id okay1
(o / okay)

# ::id low
(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-02 :ARG0 b))

# ::id okay2
(o / okay)

# ::id broken
(l / like-01 :ARG0 (g / girl)

# ::id high
(s / sleep-01 :ARG0 (d / dog))
"""
NA_GOLD = """# ::id okay1
(o / okay)

# ::id low
(w / want-01 :ARG0 (g / girl) :ARG1 (r / run-02 :ARG0 g))

# ::id okay2
(o / okay)

# ::id broken
(l / like-01 :ARG0 (g / girl))

# ::id high
(s / sleep-01 :ARG0 (d / dog))
"""


def test_n_a_and_unreadable_rows_sort_last_both_ways(qtbot, state, tmp_path):
    """One-node pairs have no relations (LR F1 n/a), one pair cannot be read: whichever way an
    F1 column is sorted, the real values come first, in order, and those rows after them."""
    test, gold = tmp_path / "na_test.amr", tmp_path / "na_gold.amr"
    test.write_text(NA_TEST, encoding="utf-8")
    gold.write_text(NA_GOLD, encoding="utf-8")
    panel = CorpusPanel(state)
    qtbot.addWidget(panel)
    score_now(state, test, gold)
    lr = 5  # LR F1
    assert panel.proxy.sourceModel().index(0, lr).data() == "n/a"
    panel.table.sortByColumn(lr, Qt.SortOrder.AscendingOrder)
    assert ids(panel) == ["low", "high", "okay1", "okay2", "broken"]
    assert float(panel.proxy.index(0, lr).data()) < 1.0
    panel.table.sortByColumn(lr, Qt.SortOrder.DescendingOrder)
    assert ids(panel) == ["high", "low", "okay1", "okay2", "broken"]
    panel.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # nodes: the unreadable pair's "-" last too
    assert ids(panel)[-1] == "broken" and ids(panel)[0] == "low"
    panel.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)  # text columns as before
    assert ids(panel) == ["okay2", "okay1", "low", "high", "broken"]


def sentence_width(panel):
    return panel.table.horizontalHeader().sectionSize(SENTENCE_COLUMN)


def test_the_sentence_column_stretches_and_keeps_a_readable_width(qtbot, state, panel, tmp_path):
    """At the corpus column's width at 1366x768 (about 880 px) every column is in sight - the
    AMR demo, the DRS demo's two more scores, and Smatch with ids as long as PubMed's - the score
    headers on two lines and making room for the sort arrow only where it is drawn (the table
    scrolled sideways, "Status" and "Mock Smatch F1" cut); the sentence takes the rest. Narrower,
    it keeps SENTENCE_LEAST and the table scrolls; wider, it stretches again."""
    panel.resize(880, 400)
    panel.show()
    qtbot.waitExposed(panel)
    header, viewport = panel.table.horizontalHeader(), panel.table.viewport()

    def all_in_sight() -> bool:
        return header.length() == viewport.width() and sentence_width(panel) >= SENTENCE_LEAST

    qtbot.waitUntil(all_in_sight)
    score_now(state, *DRS_PAIR)
    qtbot.waitUntil(all_in_sight)
    test, gold = tmp_path / "t.amr", tmp_path / "g.amr"
    for path, concept in ((test, "go-02"), (gold, "go-01")):
        path.write_text(
            "".join(f"# ::id a_pmid_2234_3622.{k}\n(g / {concept} :ARG0 (b / boy))\n\n" for k in range(60, 80)),
            encoding="utf-8",
        )
    state.scoring.params = Params(optional_metrics={"smatch"})
    score_now(state, test, gold)
    qtbot.waitUntil(all_in_sight)
    shown = [c for c in range(header.count()) if not header.isSectionHidden(c)]
    assert all(header.sectionSize(c) >= header.sectionSizeHint(c) for c in shown)  # no header cut
    panel.table.sortByColumn(panel.model.metric_column("mock_smatch"), Qt.SortOrder.AscendingOrder)
    column = panel.model.metric_column("mock_smatch")
    qtbot.waitUntil(lambda: header.sectionSize(column) >= header.sectionSizeHint(column))  # room for its arrow
    panel.resize(600, 400)
    qtbot.waitUntil(lambda: sentence_width(panel) == SENTENCE_LEAST)
    assert header.length() > viewport.width()  # the scores scroll into sight
    panel.resize(1600, 400)
    qtbot.waitUntil(lambda: header.length() == viewport.width() and sentence_width(panel) > SENTENCE_LEAST)


def test_the_id_column_fits_every_id_of_the_corpus_whatever_the_filter(qtbot, state, tmp_path):
    """Ids that grow longer down the corpus (lpp_1943.1 ... lpp_1943.160): the column fits the
    longest, not only the rows in sight or those a filter leaves, so no id is cut."""
    test, gold = tmp_path / "t.amr", tmp_path / "g.amr"
    for path, concept in ((test, "go-02"), (gold, "go-01")):
        path.write_text(
            "".join(
                f"# ::id lpp_1943.{k}\n# ::snt Sentence {k}.\n(g / {concept} :ARG0 (b / boy))\n\n"
                for k in range(1, 161)
            ),
            encoding="utf-8",
        )
    panel = CorpusPanel(state)
    qtbot.addWidget(panel)
    panel.resize(900, 500)
    panel.show()
    score_now(state, test, gold)
    table, metrics = panel.table, QFontMetricsF(panel.table.font())
    margins = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1) + 1  # delegate, grid
    widest = max(metrics.horizontalAdvance(f"lpp_1943.{k}") for k in range(1, 161)) + margins  # fractions count
    for text in ("", "lpp_1943.1", "no such words", "ok", ""):
        panel.filter_edit.setText(text)
        assert table.columnWidth(1) >= widest, text


def whole(grid, row, column) -> bool:
    """Whether a grid cell's text fits its column (not elided)."""
    item = grid.item(row, column)
    font = item.font()
    metrics = QFontMetrics(font)
    margins = 2 * (grid.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
    return grid.columnWidth(column) >= metrics.horizontalAdvance(item.text()) + margins


@pytest.mark.parametrize("width", [560, 900, 1300])  # the corpus column at 1366x768 in Adjudication, Corpus; wider
def test_every_score_of_the_corpus_summary_is_whole_the_interval_too(qtbot, tmp_path, width):
    state = AppState(temporary_settings(tmp_path))
    state.scoring.params = Params(optional_metrics={"smatch"})
    panel = CorpusPanel(state)
    qtbot.addWidget(panel)
    panel.resize(width, 500)
    panel.show()
    score_now(state, *SMATCH_PAIR)
    qtbot.waitUntil(lambda: panel.summary.width() <= panel.width())
    grid = panel.summary
    shown = [column for column in range(grid.columnCount()) if not grid.isColumnHidden(column)]
    cells = [(row, column) for row in range(2) for column in shown]
    assert all(whole(grid, row, column) for row, column in cells), [
        (required(grid.item(row, column)).text(), grid.columnWidth(column))
        for row, column in cells
        if not whole(grid, row, column)
    ]
    assert grid.viewport().width() >= grid.horizontalHeader().length()  # nothing scrolled out of sight either
    state.shutdown()
