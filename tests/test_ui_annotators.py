"""Several annotators in the main window: opening them (menu, drop, app.py), a cell opened in the
pair views and the way back, the exports, and a generated 10 x 200 corpus scored with
progress while the GUI thread keeps running."""

import csv
import io
import json
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDropEvent, QImage

import ui.annotators.tasks as annotator_tasks
from bench.bench_matrix import write_annotators
from engine.output.matrix import matrix_csv, matrix_data
from engine.runtime import parallel
from ui.annotators.dialog import OpenAnnotatorsDialog, guess_gold
from ui.shell.commands.annotators import write_annotators_report, write_confusion, write_matrix
from ui.state.settings import RecentFiles

from .test_app import run_app
from .ui_support import ANNOTATOR_FILES, TRIO_FILES, hold_matrix_after_first_report, open_annotators, shown_window

GOLD = 2


@pytest.fixture
def window(qtbot, tmp_path):
    return shown_window(qtbot, tmp_path, None, (1600, 1000))


def drop(window, paths):
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    event = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    )
    window.dropEvent(event)


def test_a_cell_opens_in_the_pair_views_and_the_way_back(qtbot, window):
    state, workspace = window.state, window.workspace
    tab = workspace.indexOf(workspace.pages["annotators"])
    assert not workspace.isTabVisible(tab) and not window.cell_bar.isVisible()  # nothing to show yet
    open_annotators(qtbot, state, ANNOTATOR_FILES, ANNOTATOR_FILES[GOLD])
    assert workspace.isTabVisible(tab) and workspace.current == "annotators"  # the matrix comes forward
    assert window.annotators_panel.isVisible()
    qtbot.waitUntil(lambda: state.annotators.confusion is not None)  # the pair's confusion counted
    assert window.annotator_plots.isVisible()  # in front, the label confusion on the tab beside it
    assert window.action_set["export_matrix"].isEnabled()
    heatmap = window.annotators_panel.heatmap
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        qtbot.mouseClick(heatmap, Qt.MouseButton.LeftButton, pos=heatmap.cell_rect(1, 3).center().toPoint())
    # the existing pair views show annotators 1 and 3: corpus table, PENMAN texts, graphs, triples
    assert workspace.current == "pair" and window.graphs.isVisible()
    assert window.windowTitle().endswith("comptest_annot3.txt vs comptest_sys.txt")
    assert window.corpus_panel.model.rowCount() == 5
    lr = state.annotators.result.score(1, 3, "labeled_relation").f
    assert window.corpus_panel.summary.item(0, 1).text() == f"{lr:.4f}"
    assert window.penman_panel.test_box.title().startswith("Test - comptest_annot3.txt")
    assert window.graphs.result is state.selection.pair and window.triples_panel.model.rowCount() > 0
    assert window.cell_bar.isVisible() and "<b>comptest_annot3</b> (test) against <b>comptest_sys</b>" in (
        window.cell_bar.label.text()
    )
    window.cell_bar.back.click()  # the way back
    assert workspace.current == "annotators" and heatmap.isVisible()
    window.action_set["perspective_pair"].trigger()
    window.action_set["perspective_annotators"].trigger()  # Ctrl+4
    assert workspace.current == "annotators"
    window.annotators_panel.sentence_table.selectRow(0)  # a sentence opens in the pair views too
    assert workspace.current == "pair" and state.selection.pair.id == "sentence 4"
    state.scoring.open_pair(*TRIO_FILES[:2])  # two files that are no cell of the matrix: no bar
    qtbot.waitUntil(
        lambda: state.scoring.files.paths == tuple(TRIO_FILES[:2]) and not state.scoring.busy, timeout=20000
    )
    assert not window.cell_bar.isVisible() and window.annotators_panel.heatmap.grid.marked is None


def test_dropping_three_files_opens_annotators_and_two_a_pair(qtbot, window):
    with qtbot.waitSignals(
        [window.state.annotators.matrix_changed, window.state.scoring.corpus_changed], timeout=20000
    ):
        drop(window, TRIO_FILES)
    assert window.state.annotators.result.names == ["ann_a", "ann_b", "ann_c"]
    assert (window.state.scoring.files.test, window.state.scoring.files.gold) == (0, 1)  # no gold: the first two
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        drop(window, TRIO_FILES[1:])
    assert window.state.scoring.files.paths == tuple(TRIO_FILES[1:]) and not window.cell_bar.isVisible()
    assert window.state.annotators.result is None  # two files that are no cell of it close the matrix


def test_files_of_the_same_name_are_named_by_their_folder_everywhere(qtbot, window, tmp_path):
    """alice/amr.txt, bob/amr.txt, carol/amr.txt: the status line, the banner, the window title,
    the PENMAN panes and the recent files name each file by its folder, as the matrix does."""
    paths = []
    for who, source in zip(("alice", "bob", "carol"), ANNOTATOR_FILES):
        (tmp_path / who).mkdir()
        paths.append(tmp_path / who / "amr.txt")
        paths[-1].write_bytes(source.read_bytes())
    state, messages, problems = window.state, list[str](), list[str]()
    state.messages.message.connect(messages.append)
    state.messages.problem.connect(lambda text, details: problems.append(text))
    open_annotators(qtbot, state, paths)
    assert state.annotators.result.names == ["alice/amr", "bob/amr", "carol/amr"]
    assert messages[0] == "Reading 3 annotators' files: alice/amr.txt, bob/amr.txt, carol/amr.txt..."
    missing = f"{paths[2]}:37: id 'sentence 5' has no graph in alice/amr.txt"
    assert any(f"{missing} (sentence" in problem for problem in problems), problems  # matrix
    assert "Reading alice/amr.txt and bob/amr.txt..." in messages
    qtbot.waitUntil(lambda: "from alice/amr.txt (test) and bob/amr.txt (gold)" in messages[-1])
    assert messages[-1].startswith("4 pairs scored from alice/amr.txt")  # sentence 5 (carol only): no pair of theirs
    assert not any("not scored" in problem for problem in problems), problems
    assert window.windowTitle().endswith(" - alice/amr.txt vs bob/amr.txt")
    assert window.penman_panel.test_box.title().startswith("Test - alice/amr.txt, line ")
    assert window.penman_panel.gold_box.title().startswith("Gold - bob/amr.txt, line ")
    recent = RecentFiles(tuple(paths), annotators=True, gold=paths[2])
    assert recent.title() == "3 annotators: alice/amr.txt, bob/amr.txt, carol/amr.txt (gold carol/amr.txt)"
    assert RecentFiles((paths[1], paths[0])).title() == "bob/amr.txt vs alice/amr.txt"


def test_the_open_dialog_marks_a_gold_file(qapp):
    dialog = OpenAnnotatorsDialog(ANNOTATOR_FILES)
    assert dialog.gold() == ANNOTATOR_FILES[GOLD] and guess_gold(TRIO_FILES) is None
    assert dialog.buttons.buttons()[0].isEnabled() and "4 file(s): 6 pairs" in dialog.note.text()
    dialog.files.item(2).setSelected(True)
    dialog._remove()
    assert dialog.paths == [ANNOTATOR_FILES[k] for k in (0, 1, 3)] and dialog.gold() is None
    dialog.set_paths(ANNOTATOR_FILES[:1])
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    dialog.set_paths([Path(f"f{k}.amr") for k in range(21)])
    assert "Choose 2 to 20 files (21 now)" in dialog.note.text()


def test_exports_of_the_matrix_the_confusion_and_the_report(qtbot, window, tmp_path):
    state = window.state
    open_annotators(qtbot, state, ANNOTATOR_FILES, ANNOTATOR_FILES[GOLD])
    qtbot.waitUntil(lambda: state.annotators.confusion is not None, timeout=20000)
    result, ctx = state.annotators.result, window.context
    for kind in ("cells", "annotators", "sentences"):
        assert write_matrix(ctx, tmp_path / f"{kind}.csv", kind)
        data = matrix_data(result, "labeled_relation", ci=kind == "cells", hardest_first=kind == "sentences")
        assert (tmp_path / f"{kind}.csv").read_text() == matrix_csv(data, kind)
    cells = list(csv.DictReader(io.StringIO((tmp_path / "cells.csv").read_text())))
    assert cells[1]["test"] == "comptest_annot1" and cells[1]["gold"] == "comptest_gold" and cells[1]["ci_low"]
    assert write_matrix(ctx, tmp_path / "matrix.json", "json")
    data = json.loads((tmp_path / "matrix.json").read_text())
    assert data["micro"] == result.f_matrix("labeled_relation") and data["gold"] == "comptest_gold" and "ci" in data
    assert write_matrix(ctx, tmp_path / "matrix.png", "png")
    image = QImage(str(tmp_path / "matrix.png"))
    assert round(image.dotsPerMeterX() * 0.0254) == 300 and image.width() > 4 * 64 * 300 / 96
    assert image.text("Title") == "Labeled relation F1 between annotators (micro)"
    assert write_matrix(ctx, tmp_path / "matrix.svg", "svg")
    svg = (tmp_path / "matrix.svg").read_text()
    assert svg.startswith("<?xml") and "comptest_gold (gold)" in svg and "0.7714" in svg
    assert write_confusion(ctx, tmp_path / "confusion.csv", "csv")
    assert (tmp_path / "confusion.csv").read_text().startswith("kind,test,gold,count,agrees,sentences")
    assert write_confusion(ctx, tmp_path / "concepts.svg", "concept")
    assert "<svg" in (tmp_path / "concepts.svg").read_text()
    assert write_confusion(ctx, tmp_path / "confusion.json", "json")
    assert json.loads((tmp_path / "confusion.json").read_text())["test"] == "comptest_annot1"
    assert write_annotators_report(ctx, tmp_path / "report.html")
    html = (tmp_path / "report.html").read_text()
    for text in (
        "Agreement between 4 annotators",
        "0.4887",
        "95% bootstrap interval",
        "Sentences, hardest first",
        "Label confusion: comptest_annot1 (test) against comptest_gold (gold)",
        "<svg",
        "has no graph in",
    ):
        assert text in html, text


def test_a_generated_10_by_200_corpus_scores_with_progress_and_the_gui_thread_stays_free(
    qtbot, window, tmp_path, monkeypatch
):
    """The matrix is scored in worker processes (one per core), started off the GUI thread from a fork
    server (the app is never forked), with progress sentence by sentence; the GUI thread stays free."""
    paths, _ = write_annotators(tmp_path, 10, 200, 4, 9)
    state, panel = window.state, window.annotators_panel
    threads, progress, ticks = set(), [], []
    how = parallel._method

    def started(*arguments):
        threads.add((threading.current_thread() is threading.main_thread(), how()))
        return how()

    monkeypatch.setattr(annotator_tasks, "WORKERS", 2)
    monkeypatch.setattr(parallel, "_method", started)
    state.annotators.progress.connect(lambda done, total: progress.append((done, total)))
    timer = QTimer()
    timer.setInterval(10)  # the GUI thread's event loop: it keeps firing while the worker scores
    timer.timeout.connect(lambda: ticks.append((progress[-1][0] if progress else 0, panel.progress.value())))
    timer.start()
    with qtbot.waitSignal(state.annotators.matrix_changed, timeout=300000):
        assert state.annotators.open(paths)
        assert state.scoring.busy and window.action_set["cancel"].isEnabled()
    timer.stop()
    assert threads == {(False, "forkserver")}  # off the GUI thread, in processes that are not forks of the app
    assert [done for done, _ in progress] == list(range(1, 201)) and {total for _, total in progress} == {200}
    during = {done for done, _ in ticks if 0 < done < 200}
    assert len(during) >= 3  # the event loop ran again and again while scoring was under way
    assert any(0 < bar < 200 for _, bar in ticks)  # and the progress bar moved
    result = state.annotators.result
    assert len(result.names) == 10 and result.counts()[0][1] == 200
    assert panel.heatmap.grid.rows[9] == "annotator10" and panel.sentence_model.rowCount() == 200


def test_cancel_keeps_the_matrix_shown(qtbot, window, tmp_path, monkeypatch):
    state = window.state
    open_annotators(qtbot, state, TRIO_FILES)
    hold_matrix_after_first_report(monkeypatch)
    shown = state.annotators.result
    paths, _ = write_annotators(tmp_path, 6, 120, 4, 9)
    with qtbot.waitSignal(state.annotators.progress, timeout=20000):
        state.annotators.open(paths)
    with qtbot.waitSignal(state.annotators.busy_changed, timeout=20000):
        window.action_set["cancel"].trigger()  # Esc, the toolbar's Cancel
    assert state.annotators.result is shown and "the previous matrix is still shown" in window.status_line.label.text()
    assert window.annotators_panel.heatmap.grid.rows == ("ann_a", "ann_b", "ann_c")


def test_app_py_opens_annotators(tmp_path):
    out = tmp_path / "annotators.png"
    done = run_app(*ANNOTATOR_FILES, "--gold", ANNOTATOR_FILES[GOLD], "--pair", "sentence 4", "--screenshot", out)
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert not image.isNull() and image.width() >= 1000
    done = run_app(TRIO_FILES[0], tmp_path / "missing.amr", TRIO_FILES[1], "--screenshot", tmp_path / "x.png")
    assert done.returncode == 2 and "missing.amr: cannot read" in done.stderr and "Traceback" not in done.stderr
    done = run_app("--gold", TRIO_FILES[0])
    assert done.returncode == 2 and "--gold marks one of several annotators' files" in done.stderr
