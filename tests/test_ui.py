"""The desktop app, driven offscreen with pytest-qt."""

import json
import struct
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QGuiApplication

from bench.generate import write_corpus
from engine.params import ANCAST, PROFILES, Params
from ui.corpus.model import ERROR_COLOUR
from ui.shell.commands.exports import write_scores
from ui.shell.main_window import MainWindow
from ui.shell.params_dialog import ParamsDialog

from .ui_support import SMATCH_PAIR, SPEC_PAIR, SYS_PAIR, broken_pair, temporary_settings

LR_COLUMN = 5


@pytest.fixture
def settings(tmp_path):
    return temporary_settings(tmp_path)


@pytest.fixture
def window(qtbot, settings):
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    return window


def open_and_wait(qtbot, window, test, gold):
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        assert window.state.scoring.open_pair(test, gold)


def column(window, number):
    proxy = window.corpus_panel.proxy
    return [proxy.index(row, number).data() for row in range(proxy.rowCount())]


def test_opening_the_demo_scores_every_pair(qtbot, window):
    open_and_wait(qtbot, window, *SYS_PAIR)
    assert window.corpus_panel.model.rowCount() == 5 == len(window.state.scoring.corpus.pairs)
    assert column(window, 1) == [f"sentence {k}" for k in range(1, 6)]
    assert window.corpus_panel.summary.item(0, 0).text() == "0.9067"  # micro concept F1, as the CLI prints
    # the first pair is selected and its details are shown
    assert window.penman_panel.test_text.toPlainText().startswith("(h / have-org-role-91")
    assert window.alignment_panel.model.rowCount() == 6
    assert "5 pairs scored" in window.status_line.label.text()
    assert not window.state.scoring.busy and window.action_set["rescore"].isEnabled()


def test_sorting_by_a_metric(qtbot, window):
    open_and_wait(qtbot, window, *SYS_PAIR)
    window.corpus_panel.table.sortByColumn(LR_COLUMN, Qt.SortOrder.AscendingOrder)
    values = [float(v) for v in column(window, LR_COLUMN)]
    assert values == sorted(values) and values[0] == 0.4
    window.corpus_panel.table.sortByColumn(LR_COLUMN, Qt.SortOrder.DescendingOrder)
    assert [float(v) for v in column(window, LR_COLUMN)] == sorted(values, reverse=True)


def test_filter_box(qtbot, window):
    open_and_wait(qtbot, window, *SYS_PAIR)
    panel = window.corpus_panel
    panel.filter_edit.setText("LR F1 < 0.8")
    assert column(window, 1) == ["sentence 1", "sentence 2", "sentence 4"]
    panel.filter_edit.setText("telescope")
    assert column(window, 1) == ["sentence 2"]
    assert window.state.selection.pair.id == "sentence 2"
    panel.filter_edit.clear()
    assert panel.proxy.rowCount() == 5


def test_unreadable_pair_is_listed_with_its_error(qtbot, window, tmp_path):
    open_and_wait(qtbot, window, *broken_pair(tmp_path))
    model = window.corpus_panel.model
    assert model.rowCount() == 3
    status = model.index(1, model.status_column)
    assert status.data() == "error"
    assert "broken_test.amr:5" in status.data(Qt.ItemDataRole.ToolTipRole)
    assert status.data(Qt.ItemDataRole.ForegroundRole).color() == ERROR_COLOUR
    assert window.banner.isVisible() and "1 pair not scored" in window.banner.text()
    assert model.index(2, LR_COLUMN).data() == "1.0000"
    window.corpus_panel.table.selectRow(1)
    assert "Not scored" in window.pair_view.sentence.text()
    assert window.penman_panel.test_text.toPlainText() == "# ::id two\n(l / like-01 :ARG0 (g / girl :ARG1 (c / cat))"
    assert window.penman_panel.gold_text.toPlainText().startswith("(l / like-01\n")


def test_a_broken_file_keeps_what_was_loaded(qtbot, window, tmp_path):
    open_and_wait(qtbot, window, *SYS_PAIR)
    before = window.state.scoring.corpus
    bad = tmp_path / "bad.amr"
    bad.write_bytes(b"(a / caf\xe9)\n")
    with qtbot.waitSignal(window.state.scoring.load_failed, timeout=10000) as failed:
        window.state.scoring.open_pair(bad, SYS_PAIR[1])
    assert "bad.amr:1: not valid UTF-8" in failed.args[0]
    assert window.state.scoring.corpus is before and window.corpus_panel.model.rowCount() == 5
    assert window.state.scoring.files.test_path == SYS_PAIR[0]
    assert window.banner.isVisible() and "still shown" in window.banner.text()
    with qtbot.waitSignal(window.state.scoring.load_failed, timeout=10000) as failed:
        window.state.scoring.open_pair(tmp_path / "missing.amr", SYS_PAIR[1])
    assert "cannot read" in failed.args[0] and window.corpus_panel.model.rowCount() == 5


def test_new_parameters_rescore_and_are_remembered(qtbot, window, settings):
    open_and_wait(qtbot, window, *SPEC_PAIR)
    read_row = 1
    model = window.corpus_panel.model
    assert model.index(read_row, 4).data() == "0.5133"
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=10000):
        window.state.scoring.set_params(Params(gamma=0.5))
    # read-01 vs read-03 now has S = 1 - 0.5 = 0.5: concept F1 (0.5 + 2/3 + 1) / 5
    assert model.index(read_row, 4).data() == f"{(0.5 + 2 / 3 + 1) / 5:.4f}"
    assert json.loads(settings.value("params/json"))["gamma"] == 0.5
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.state.scoring.params.gamma == 0.5


def test_recent_pairs_are_remembered(qtbot, window, settings):
    open_and_wait(qtbot, window, *SPEC_PAIR)
    open_and_wait(qtbot, window, *SYS_PAIR)
    recent = window.state.settings.recent()
    assert [entry.files.test_path.name for entry in recent] == ["comptest_sys.txt", "spec_examples_test.amr"]
    assert [Path(entry.files.gold_path).name for entry in recent] == ["comptest_gold.txt", "spec_examples_gold.amr"]
    menu = window.action_set.submenus["recent"]
    titles = [action.text() for action in menu.actions()]
    assert titles[0] == "&1 comptest_sys.txt vs comptest_gold.txt"
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=10000):
        menu.actions()[1].trigger()
    assert window.state.scoring.files.test_path.name == "spec_examples_test.amr"


def test_cancel_keeps_the_previous_results(qtbot, window, tmp_path):
    open_and_wait(qtbot, window, *SPEC_PAIR)
    test, gold = write_corpus(tmp_path, 600, 30, 40, seed=3)
    assert window.state.scoring.open_pair(test, gold)
    cancel = window.action_set["cancel"]
    assert cancel.isEnabled()
    qtbot.waitUntil(lambda: window.status_line.progress.maximum() > 0, timeout=20000)
    cancel.trigger()
    qtbot.waitUntil(lambda: not window.state.scoring.busy, timeout=20000)
    assert "Cancelled after" in window.status_line.label.text()
    assert window.corpus_panel.model.rowCount() == 2 and window.state.scoring.files.test_path == SPEC_PAIR[0]
    assert not cancel.isEnabled()


def drop(window, paths):
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    event = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    window.dropEvent(event)


def test_dropping_two_files_opens_them(qtbot, window):
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=10000):
        drop(window, SPEC_PAIR)
    assert window.state.scoring.files.test_path == SPEC_PAIR[0] and window.state.scoring.files.gold_path == SPEC_PAIR[1]


def test_dropping_one_file_replaces_gold(qtbot, window):
    drop(window, SPEC_PAIR[:1])  # nothing loaded yet: one file is not enough
    assert window.banner.isVisible() and "Drop two files at once" in window.banner.text()
    open_and_wait(qtbot, window, *SPEC_PAIR)
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=10000):
        drop(window, SPEC_PAIR[:1])  # the test file against itself
        assert "Dropped spec_examples_test.amr as the new gold file" in window.status_line.label.text()
    assert window.state.scoring.files.test_path == SPEC_PAIR[0] and window.state.scoring.files.gold_path == SPEC_PAIR[0]


def test_swap_and_export(qtbot, window, tmp_path):
    open_and_wait(qtbot, window, *SPEC_PAIR)
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=10000):
        window.action_set["swap"].trigger()
    assert window.state.scoring.files.test_path == SPEC_PAIR[1]
    out = tmp_path / "scores.json"
    assert write_scores(window.context, out)
    data = json.loads(out.read_text())
    assert data["pairs"][0]["scores"]["labeled_relation"]["f"] == pytest.approx(0.2838, abs=1e-4)
    assert write_scores(window.context, tmp_path / "scores.csv")
    assert (tmp_path / "scores.csv").read_text().startswith("index,id,error,concept_p")


def test_window_geometry_is_saved_on_close(qtbot, window, settings):
    window.resize(1000, 700)
    window.close()
    assert not settings.value("window/geometry").isEmpty()


def saved_geometry(x: int, y: int, width: int, height: int, screen_width: int) -> QByteArray:
    """What ``QWidget.saveGeometry`` writes (format 3.0) for a normal window at (x, y) of ``width``
    x ``height`` on a screen ``screen_width`` wide."""
    rect = struct.pack(">4i", x, y, x + width - 1, y + height - 1)
    header = struct.pack(">IHH", 0x1D9D0CB, 3, 0)
    return QByteArray(header + rect + rect + struct.pack(">iBBi", 0, 0, 0, screen_width) + rect)


@pytest.mark.parametrize("maximized", [False, True], ids=["normal", "maximised"])
def test_a_window_saved_on_another_screen_comes_back_within_this_one(qtbot, settings, maximized):
    """Saved on a screen much wider than this one (Qt refuses such a geometry and left the window
    at whatever size and place its content asked for): the window comes back within the screen's
    available room at the first start's size, maximised when it was; saved on this screen partly
    off it, it is moved back in."""
    room = QGuiApplication.primaryScreen().availableGeometry()
    settings.setValue(
        "window/geometry", saved_geometry(room.width() // 2, room.height() // 2, 1006, 524, 3 * room.width())
    )
    settings.setValue("window/maximized", maximized)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.isMaximized() == maximized
    if not maximized:
        assert room.contains(window.frameGeometry())
        assert window.width() >= round(0.85 * room.width()) and window.height() >= round(0.85 * room.height())
    window.close()
    settings.setValue(
        "window/geometry", saved_geometry(room.width() - 100, room.height() - 100, 600, 400, room.width())
    )
    settings.setValue("window/maximized", False)
    again = MainWindow(settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert room.contains(again.frameGeometry()) and (again.width(), again.height()) == (600, 400)


def test_smatch_column_fills_when_asked_for(qtbot, window):
    open_and_wait(qtbot, window, *SMATCH_PAIR)
    model = window.corpus_panel.model
    smatch_column = window.corpus_panel.model.metric_column("smatch")
    smatch_summary = window.corpus_panel.model.metrics.index("smatch")
    assert model.headerData(smatch_column, Qt.Orientation.Horizontal) == "Smatch\nF1"  # a narrow column
    assert model.index(0, smatch_column).data() == ""
    table, summary = window.corpus_panel.table, window.corpus_panel.summary
    assert table.isColumnHidden(smatch_column) and summary.isColumnHidden(smatch_summary)  # not computed
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        window.state.scoring.set_params(Params(optional_metrics={"smatch"}))
    assert [model.index(r, smatch_column).data() for r in range(3)] == ["0.8421", "0.5714", "1.0000"]
    assert not table.isColumnHidden(smatch_column) and not summary.isColumnHidden(smatch_summary)
    assert window.corpus_panel.summary.item(0, 5).text().startswith("0.8475 [")  # with its bootstrap interval


def test_smatch_breakdown_panel(qtbot, window):
    open_and_wait(qtbot, window, *SMATCH_PAIR)
    panel = window.smatch_panel
    assert "not computed" in panel.title.text() and not panel.table.isVisibleTo(panel)  # no empty breakdown
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        window.state.scoring.set_params(Params(optional_metrics={"smatch"}))
    assert panel.table.isVisibleTo(panel)
    assert "Smatch micro F1 0.8475" in panel.title.text() and "bootstrap interval" in panel.title.text()
    concepts = [panel.table.item(0, k).text() for k in range(3)]
    assert concepts == [f"{11 / 13:.4f}"] * 3


def test_reference_profile_is_a_choice_in_the_parameters(qtbot, window, settings):
    open_and_wait(qtbot, window, *SPEC_PAIR)
    dialog = ParamsDialog(window.state.scoring.params, window)
    qtbot.addWidget(dialog)
    dialog.profile.setCurrentText(ANCAST)
    assert dialog.beta.value() == 0.001 and not dialog.use_alignments.isEnabled()
    params = dialog.params()
    assert (params.profile, params.beta, params.max_outer, params.max_inner) == (ANCAST, 0.001, 5, 50)
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=10000):
        window.state.scoring.set_params(params)
    read_row = 1
    assert (
        window.corpus_panel.model.index(read_row, window.corpus_panel.model.metric_column("weighted_relation")).data()
        == "0.4256"
    )  # the reference's WLR (paper profile: 0.4277)
    assert "ancast-0.1.1 profile" in window.status_line.label.text()
    assert window.state.selection.select_pair_id("read")
    qtbot.waitUntil(lambda: "ancast 0.1.1" in window.heatmaps.initial.text(), timeout=10000)
    assert json.loads(settings.value("params/json"))["profile"] == ANCAST
    dialog.restore_defaults()
    assert dialog.params().beta == 0.001  # the defaults of the chosen profile
    assert [dialog.profile.itemText(k) for k in range(dialog.profile.count())] == list(PROFILES)  # every profile
