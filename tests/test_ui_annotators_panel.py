"""The Annotators panel alone with a state: the demo's 4x4 matrix equals the two-file scores,
metric and average switch without scoring again, a cell's interval on demand, a click opens
the pair, the annotator and sentence tables, the CLI's matrix is the app's."""

import gc
import json
import weakref

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionComboBox

from bench.bench_matrix import write_annotators
from engine.cli import main as cli_main
from engine.output.text import f1_text
from engine.params import Params
from engine.read import load_pairs
from engine.registry import run_metrics
from engine.scoring import score_corpus
from ui.annotators.confusion_panel import ConfusionPanel
from ui.annotators.panel import AnnotatorsPanel, MatrixCellBar
from ui.app_state import AppState

from .ui_support import (
    ANNOTATOR_FILES,
    TRIO_FILES,
    hold_matrix_after_first_report,
    move_pointer,
    open_annotators,
    shown_window,
    temporary_settings,
    wait_until_idle,
)

GOLD = 2  # comptest_gold


@pytest.fixture
def state(app_state):
    return app_state


@pytest.fixture
def panel(qtbot, state):
    panel = AnnotatorsPanel(state)
    qtbot.addWidget(panel)
    panel.resize(700, 800)
    panel.show()
    open_annotators(qtbot, state, ANNOTATOR_FILES, ANNOTATOR_FILES[GOLD])
    return panel


def choose(panel, metric, average):
    panel.metric_box.setCurrentIndex(panel.metric_box.findData(metric))
    next(b for b in panel.average_buttons.buttons() if b.text() == average).click()


def test_the_demo_matrix_equals_the_two_file_scores_of_every_pair(qtbot, panel, state, monkeypatch):
    result = state.annotators.result
    grid = panel.heatmap.grid
    assert grid.rows == ("comptest_annot1", "comptest_annot3", "comptest_gold (gold)", "comptest_sys")
    calls = []
    monkeypatch.setattr("ui.annotators.tasks.score_matrix", lambda *a, **k: calls.append(1))
    for i, test in enumerate(ANNOTATOR_FILES):
        for j, gold in enumerate(ANNOTATOR_FILES):
            if i == j:
                continue
            corpus = score_corpus(load_pairs(test, gold).pairs, Params())
            for metric in run_metrics(Params(), "amr"):
                for average, scores in (("micro", corpus.micro), ("macro", corpus.macro)):
                    choose(panel, metric, average)
                    grid = panel.heatmap.grid
                    assert grid.values[i][j] == pytest.approx(scores[metric].f, abs=1e-12), (i, j, metric, average)
                    assert grid.texts[i][j] == f1_text(scores[metric].f)
    assert calls == [] and state.annotators.result is result and not state.scoring.busy  # switched, never rescored
    assert grid.values[0][0] is None and grid.texts[0][0] == ""
    choose(panel, "labeled_relation", "micro")
    assert panel.heatmap.grid.texts[0][2] == "0.4887" and "micro" in panel.heatmap.grid.title
    assert "pooled over the sentences both annotated" in panel.heatmap.grid.caption
    choose(panel, "labeled_relation", "macro")
    assert panel.heatmap.grid.texts[0][2] == "0.4717" and "macro" in panel.heatmap.grid.title
    assert "mean of the sentences' F1" in panel.heatmap.grid.caption


def test_the_views_open_with_the_first_annotator_against_the_gold(panel, state):
    assert (state.scoring.files.test, state.scoring.files.gold) == (0, GOLD) and state.annotators.cell == (0, GOLD)
    assert panel.heatmap.grid.marked == (0, GOLD)
    assert (
        state.scoring.corpus.micro["labeled_relation"].f == state.annotators.result.score(0, GOLD, "labeled_relation").f
    )


def test_clicking_a_cell_opens_that_pair(qtbot, panel, state):
    rect = panel.heatmap.cell_rect(3, 1)
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        qtbot.mouseClick(panel.heatmap, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    assert (state.scoring.files.test, state.scoring.files.gold) == (
        3,
        1,
    ) and state.scoring.files.test_path.name == "comptest_sys.txt"
    assert panel.heatmap.grid.marked == (3, 1)
    assert state.scoring.corpus.micro["concept"].f == state.annotators.result.score(3, 1, "concept").f
    assert [pair.id for pair in state.scoring.corpus.pairs] == [f"sentence {k}" for k in range(1, 6)]
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    qtbot.mouseClick(panel.heatmap, Qt.MouseButton.LeftButton, pos=panel.heatmap.cell_rect(2, 2).center().toPoint())
    assert (state.scoring.files.test, state.scoring.files.gold) == (
        3,
        1,
    ) and not state.scoring.busy  # the diagonal opens nothing
    assert "diagonal" in messages[-1]


def test_a_cells_bootstrap_interval_on_demand(qtbot, panel, state):
    result = state.annotators.result
    assert state.annotators.interval(1, 3) == (False, None)

    # the selected cell's interval may come in first: wait for the hovered one's
    def hovered(test, gold, metric):
        return (test, gold, metric) == (1, 3, "labeled_relation")

    with qtbot.waitSignal(state.annotators.interval_ready, timeout=10000, check_params_cb=hovered):
        move_pointer(panel.heatmap, panel.heatmap.cell_rect(1, 3).center().toPoint())
    low, high = result.interval(1, 3, "labeled_relation")
    assert state.annotators.interval(1, 3) == (True, (low, high))
    assert f"[{low:.4f}, {high:.4f}]" in panel.cell_info.text()
    assert "comptest_annot3 (test) against comptest_sys (gold)" in panel.cell_info.text()
    assert f"[{low:.4f}, {high:.4f}]" in panel._tooltip(1, 3) and "Click to open" in panel._tooltip(1, 3)


def test_the_matrix_stays_in_place_under_the_pointer(qtbot, panel, state):
    """The text under the matrix is as tall for the diagonal's one line as for a cell's four: the
    matrix grew by a few lines' height when the pointer crossed the diagonal, and the next click
    hit another cell than the one aimed at."""
    QApplication.processEvents()
    heatmap = panel.heatmap
    place = heatmap.geometry(), panel.cell_info.geometry()
    for cell in ((2, 2), (1, 3), (0, 0), (3, 1)):
        move_pointer(heatmap, heatmap.cell_rect(*cell).center().toPoint())
        qtbot.waitUntil(lambda cell=cell: heatmap.hovered == cell)
        QApplication.processEvents()
        assert (heatmap.geometry(), panel.cell_info.geometry()) == place, cell
    assert "diagonal" in panel.cell_info.text() or "against" in panel.cell_info.text()


def test_annotator_table_and_the_gold_switch(qtbot, panel, state):
    model = panel.annotator_proxy

    def rows():
        return [[model.index(r, c).data() for c in range(4)] for r in range(model.rowCount())]

    assert rows() == [
        ["comptest_annot1", "0.5754", "0.4887", "4"],  # (0.3921 + 0.7588) / 2: the gold is none of the others
        ["comptest_annot3", "0.5053", "0.6263", "4"],
        ["comptest_gold (gold)", "0.6288", "gold", "5"],  # with the three annotators
        ["comptest_sys", "0.6886", "0.7714", "5"],
    ]  # as `python -m engine matrix ... --gold comptest_gold.txt` prints
    panel.gold_box.setCurrentIndex(panel.gold_box.findData(3))  # comptest_sys as the gold
    assert state.annotators.result.gold == 3 and not state.scoring.busy
    assert rows()[0][2] == "0.7588" and rows()[3][2] == "gold" and panel.heatmap.grid.rows[3] == "comptest_sys (gold)"
    panel.gold_box.setCurrentIndex(0)
    assert state.annotators.result.gold is None and rows()[0][2] == "-"


def test_sentence_table_hardest_first_and_a_click_opens_the_sentence(qtbot, panel, state):
    proxy = panel.sentence_proxy
    ids = [proxy.index(r, 1).data() for r in range(proxy.rowCount())]
    assert ids[0] == "sentence 4" and ids[-1] == "sentence 5"  # lowest mean first (README example)
    assert [proxy.index(0, c).data() for c in (3, 4, 8)] == ["0.4833", "0.2016", "comptest_annot3"]
    assert proxy.index(proxy.rowCount() - 1, 9).data() == "comptest_annot1, comptest_annot3"
    assert proxy.index(0, 2).data() == "the cat catched the little mouse"
    panel.sentence_table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert [proxy.index(r, 1).data() for r in range(proxy.rowCount())] == [f"sentence {k}" for k in range(1, 6)]
    panel.hardest_button.click()
    assert proxy.index(0, 1).data() == "sentence 4"
    panel.sentence_table.selectRow(1)
    assert (
        state.selection.pair.id == proxy.index(1, 1).data()
    )  # the pair shown is a cell: the sentence is selected at once


def test_the_cli_matrix_matches_the_app(panel, state, capsys):
    result = state.annotators.result
    for metric in ("concept", "labeled_relation", "mock_smatch"):
        code = cli_main(
            [
                "matrix",
                *map(str, ANNOTATOR_FILES),
                "--gold",
                str(ANNOTATOR_FILES[GOLD]),
                "--metric",
                metric,
                "--format",
                "json",
                "--jobs",
                "1",
            ]
        )
        assert code == 2  # sentence 5 is missing from two files
        data = json.loads(capsys.readouterr().out)
        assert data["annotators"] == result.names
        for average in ("micro", "macro"):
            choose(panel, metric, average)
            assert [list(row) for row in panel.heatmap.grid.values] == data[average]
            annotators = panel.annotator_proxy
            for k, means in enumerate(data["annotator_means"]):
                assert annotators.index(k, 1).data() == f1_text(means[average])
        sentences = panel.sentence_model
        for item in data["sentences"]:
            row = next(
                r for r in range(sentences.rowCount()) if sentences.cell(r, 0) == str(item["index"] + 1)
            )  # from 1
            assert sentences.cell(row, 3) == (f1_text(item["mean"]) if item["mean"] is not None else "-")
            assert sentences.cell(row, 8) == (item["central"] or "-")


def test_progress_and_cancel_while_scoring(qtbot, tmp_path, state, monkeypatch):
    hold_matrix_after_first_report(monkeypatch)
    paths, _ = write_annotators(tmp_path, 4, 80, 5, 10)
    panel = AnnotatorsPanel(state)
    qtbot.addWidget(panel)
    panel.show()
    assert panel.progress.isHidden() and panel.heatmap.grid.rows == ()
    assert "Open Annotators" in panel.heatmap.grid.title
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    with qtbot.waitSignal(state.annotators.progress, timeout=20000) as first:
        assert state.annotators.open(paths)
    assert first.args[1] == 80 and state.scoring.busy
    assert panel.progress.isVisible() and panel.cancel_button.isVisible() and panel.progress.maximum() == 80
    with qtbot.waitSignal(state.annotators.busy_changed, timeout=20000) as done:
        panel.cancel_button.click()
    assert done.args == [False] and not panel.progress.isVisible() and not state.scoring.busy
    assert state.annotators.result is None and panel.heatmap.grid.rows == ()
    assert messages[-1].startswith("Cancelled after ") and "of 80 sentences; nothing is shown" in messages[-1]


def test_a_file_that_cannot_be_read_is_a_problem_not_a_traceback(qtbot, tmp_path, state):
    problems = []
    state.messages.problem.connect(lambda text, details: problems.append(text))
    with qtbot.waitSignal(state.scoring.load_failed, timeout=20000) as failed:
        state.annotators.open([TRIO_FILES[0], tmp_path / "missing.amr", TRIO_FILES[1]])
    assert "missing.amr" in failed.args[0] and "cannot read" in failed.args[0]
    assert problems[-1].startswith("Could not open the annotators' files:") and state.annotators.result is None


def test_a_panel_made_after_scoring_shows_the_matrix(qtbot, state):
    open_annotators(qtbot, state, TRIO_FILES)
    panel = AnnotatorsPanel(state)
    qtbot.addWidget(panel)
    assert panel.heatmap.grid.rows == ("ann_a", "ann_b", "ann_c")
    assert panel.heatmap.grid.texts[0][2] == f1_text(state.annotators.result.score(0, 2, "labeled_relation").f)
    assert panel.heatmap.cell_at(QPoint(-5, -5).toPointF()) is None


def test_the_state_is_freed_without_the_cyclic_collector(qtbot, tmp_path):
    """No reference cycle through the annotators' state: the collector, run at an arbitrary
    moment, would delete Qt objects in the middle of Qt's own work (which deadlocked the tests)."""
    state = AppState(temporary_settings(tmp_path))
    open_annotators(qtbot, state, TRIO_FILES)
    wait_until_idle(qtbot, state)  # every job over: the confusion, the cells' intervals, ...
    assert state.annotators.confusion is not None
    state.shutdown()
    gc.collect()
    gc.disable()
    try:
        freed = weakref.ref(state)
        del state
        assert freed() is None
    finally:
        gc.enable()


def test_long_names_that_share_beginning_and_end_are_told_apart_and_narrow(qtbot, qtlog, state, tmp_path):
    """A new user's five files named projectX_..._annotA_round2_final_checked.txt and the like:
    the table's rows and the gold box showed the same cut beginning, and the boxes' widths (their
    longest name) widened the window past a 1366-pixel screen."""
    paths = []
    for name, source in zip("ABC", ANNOTATOR_FILES):
        path = tmp_path / f"projectX_welsh_capital_annot{name}_round2_final_checked.txt"
        path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
        paths.append(path)
    panel = AnnotatorsPanel(state)
    qtbot.addWidget(panel)
    panel.resize(600, 700)
    panel.show()
    open_annotators(qtbot, state, paths)
    model = panel.annotator_proxy
    shown = [model.index(r, 0).data() for r in range(model.rowCount())]
    whole = [model.index(r, 0).data(Qt.ItemDataRole.ToolTipRole) for r in range(model.rowCount())]
    assert [label[:7] for label in shown] == ["…annotA", "…annotB", "…annotC"]
    assert whole == [f"projectX_welsh_capital_annot{name}_round2_final_checked" for name in "ABC"]
    box = panel.gold_box
    assert [box.itemText(k)[:7] for k in range(1, box.count())] == ["…annotA", "…annotB", "…annotC"]
    assert box.itemData(2, Qt.ItemDataRole.ToolTipRole) == whole[1] and box.itemData(2) == 1
    assert box.minimumSizeHint().width() < box.fontMetrics().horizontalAdvance(whole[0])
    confusion = ConfusionPanel(state)
    qtbot.addWidget(confusion)
    confusion.show()
    qtbot.waitUntil(lambda: confusion.test_box.count() == 3)
    assert [confusion.test_box.itemText(k)[:7] for k in range(3)] == ["…annotA", "…annotB", "…annotC"]
    qtbot.waitUntil(lambda: bool(confusion.heatmap.grid.rows))  # the confusion of the matrix's cell
    grid = confusion.heatmap.grid  # its axis titles lost the distinguishing word in the middle
    assert grid.row_title.startswith("…annotA_round2_final") and grid.row_title.endswith("(test)")
    assert grid.column_title.startswith("…annotB_round2_final") and "annotB" in grid.title
    assert confusion.minimumSizeHint().width() < 2 * box.fontMetrics().horizontalAdvance(whole[0])
    assert not [record.message for record in qtlog.records if "Negative sizes" in record.message]  # on every start


def test_the_matrix_cell_bar_of_long_names_keeps_the_window_on_a_small_screen(qtbot, tmp_path):
    """A new user's six long file names: the bar over the Corpus and Teaching perspectives
    ("Pair of annotators ... (test) against ... (gold): a cell of the matrix") was one line,
    1,508 px, and widened a 1366 x 768 window to 1516 px, its button off the screen."""
    paths = []
    for name, source in zip(("annot1", "annot2", "gold"), ANNOTATOR_FILES):
        path = tmp_path / f"project_amr_annotation_round3_{name}_final_version_2024.txt"
        path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
        paths.append(path)
    window = shown_window(qtbot, tmp_path, None, size=(1366, 768))
    open_annotators(qtbot, window.state, paths)
    wait_until_idle(qtbot, window.state)
    for perspective in ("perspective_corpus", "perspective_teach"):
        window.action_set[perspective].trigger()
        QApplication.processEvents()
        bar = window.findChild(MatrixCellBar)
        assert bar is not None and bar.isVisible() and "annot1" in bar.label.text()
        assert window.minimumSizeHint().width() <= 1366 and window.width() == 1366


def test_the_gold_box_narrower_than_the_gold_name_shows_it_cut_with_an_ellipsis(qtbot, tmp_path):
    """A new user's same-named files in folders (adjudicated_gold_round2/amr.txt and six
    annotator_<who>_round2/amr.txt): at 1366x768 the Gold box showed "adjudicated_gold_roun",
    cut without an ellipsis (the name fitted the items' room, not the narrower box). What it shows
    fits it now, the rest cut with "…", the whole name in its tooltip; with room the whole name."""
    paths = []
    for who, source in zip(("adjudicated_gold", *(f"annotator_{who}" for who in "abcdef")), [*ANNOTATOR_FILES] * 3):
        (tmp_path / f"{who}_round2").mkdir()
        paths.append(tmp_path / f"{who}_round2" / "amr.txt")
        paths[-1].write_bytes(source.read_bytes())
    window = shown_window(qtbot, tmp_path, None, size=(1366, 768))
    open_annotators(qtbot, window.state, paths, gold=paths[0])
    wait_until_idle(qtbot, window.state)
    assert window.workspace.show_perspective("annotators")
    QApplication.processEvents()
    box = window.annotators_panel.gold_box
    whole = window.state.annotators.result.names[0]
    assert whole.startswith("adjudicated_gold_round2") and box.currentData() == 0

    def fits() -> bool:
        option = QStyleOptionComboBox()
        box.initStyleOption(option)
        field = box.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, box
        )
        return box.fontMetrics().horizontalAdvance(box.currentText()) <= field.width() - 2

    assert fits(), (box.currentText(), box.width())
    assert whole in box.toolTip()
    box.setFixedWidth(box.minimumSizeHint().width())  # as narrow as it may be
    QApplication.processEvents()
    assert fits() and box.currentText().endswith("…") and "gold" in box.currentText(), box.currentText()
    assert whole in box.toolTip() and box.currentData() == 0
