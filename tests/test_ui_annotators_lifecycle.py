"""The annotators' matrix belongs to its files: other files opened close it (and stop one being
scored), new parameters score it again without opening a cell in place of other files, a cell
opens on a scored sentence, a sentence missing from a cell's files is a "missing" row, and the
bar back to the matrix shows only while a cell is shown and the matrix is not."""

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui.annotators import state as annotators_state

from .ui_support import (
    ANNOTATOR_FILES,
    SPEC_PAIR,
    TRIO_FILES,
    hold_first_scoring_until_cancelled,
    hold_matrix_after_first_report,
    open_annotators,
    score_now,
    shown_window,
    wait_until_idle,
)

A, B, C = 0, 1, 2


@pytest.fixture
def window(qtbot, tmp_path):
    return shown_window(qtbot, tmp_path, pair=None)


def uneven_trio(folder):
    """ann_a (s1-s4); ann_b without s4; ann_c with one more sentence, s5, that only it has."""
    a, b, c = (path.read_text(encoding="utf-8") for path in TRIO_FILES)
    paths = [folder / "ann_a.amr", folder / "short_b.amr", folder / "long_c.amr"]
    paths[0].write_text(a, encoding="utf-8")
    paths[1].write_text(b[: b.index("# ::id s4")], encoding="utf-8")
    paths[2].write_text(
        c + "\n# ::id s5\n# ::snt The dog slept.\n(s / sleep-01\n   :ARG0 (d / dog))\n", encoding="utf-8"
    )
    return paths


def line_of(path, text):
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line == text)


def open_cell(qtbot, state, test, gold):
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.annotators.open_cell(test, gold)


def statuses(window):
    model = window.corpus_panel.model
    return {model.result(r).id: model.index(r, model.status_column).data() for r in range(model.rowCount())}


def test_other_files_close_the_matrix_and_new_parameters_keep_them(qtbot, window):
    state, workspace = window.state, window.workspace
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    assert window.action_set["export_matrix"].isEnabled()
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.open_pair(*SPEC_PAIR)  # File > Open Test and Gold: two files that are no cell
    assert state.annotators.result is None and state.annotators.cell is None
    assert not window.annotators_panel.is_available() and not window.cell_bar.isVisible()
    assert not window.action_set["export_matrix"].isEnabled()
    wait_until_idle(qtbot, state)
    assert state.annotators.confusion is not None and state.annotators.confusion.cell is None
    assert workspace.show_perspective("annotators")  # Ctrl+4: the pair's label confusion, as with no matrix
    assert window.confusion_panel.isVisible() and not window.annotators_panel.isVisible()
    matrices: list[object] = []
    state.annotators.matrix_changed.connect(matrices.append)
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.set_params(state.scoring.params.switched("smatch"))  # Scoring > Parameters, "Also compute Smatch"
    qtbot.waitUntil(lambda: not state.scoring.busy)
    assert state.scoring.files.paths == tuple(SPEC_PAIR) and matrices == []  # the pair opened stays; no matrix scored
    assert not window.cell_bar.isVisible()


def test_the_label_confusions_pair_boxes_keep_the_window_on_the_label_confusion(qtbot, window):
    """Annotators > Label confusion: choosing in "Pair" or "against" shows that pair's confusion
    there; the window stays in the Annotators perspective (no Ctrl+4 to come back)."""
    state, workspace, panel = window.state, window.workspace, window.confusion_panel
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    wait_until_idle(qtbot, state)
    workspace.show_panel("confusion")
    assert workspace.current == "annotators" and panel.isVisible()
    panel.test_box.setCurrentIndex(A)
    qtbot.waitUntil(lambda: state.annotators.confusion.cell == (A, C), timeout=20000)
    panel.gold_box.setCurrentIndex(B)
    qtbot.waitUntil(lambda: state.annotators.confusion.cell == (A, B), timeout=20000)
    wait_until_idle(qtbot, state)
    assert state.annotators.cell_of(state.scoring.files) == (A, B)
    assert workspace.current == "annotators" and panel.isVisible()


def test_a_cell_chosen_while_another_is_read_takes_its_place(qtbot, window, monkeypatch):
    """Choosing "A" then "C" in Label confusion's boxes quickly: the second choice is not refused
    while the first is being read; the first is cancelled unseen and the second is shown."""
    state = window.state
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    wait_until_idle(qtbot, state)
    requests = hold_first_scoring_until_cancelled(monkeypatch)
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    shown: list[tuple] = []
    state.scoring.corpus_changed.connect(lambda corpus: shown.append(state.annotators.cell_of(state.scoring.files)))
    assert state.annotators.open_cell(A, C, show=False)
    assert state.scoring.busy and state.annotators.cell == (A, C)
    assert state.annotators.open_cell(A, B, show=False)
    assert state.annotators.cell == (A, B)  # the label confusion follows the newest choice at once
    qtbot.waitUntil(lambda: shown != [], timeout=20000)
    wait_until_idle(qtbot, state)
    assert shown == [(A, B)] and [(r.files.test, r.files.gold) for r in requests] == [(A, C), (A, B)]
    assert state.annotators.confusion.cell == (A, B) and state.annotators.cell_of(state.scoring.files) == (A, B)
    assert not [text for text in messages if text.startswith(("Still scoring", "Cancel"))]


def test_cancelling_a_cell_chosen_in_place_of_another_keeps_the_cell_shown(qtbot, window, monkeypatch):
    """Esc while a cell waits to replace the one being read: neither is shown, and the cell (and
    its label confusion) is again the one the pair views show."""
    state = window.state
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    wait_until_idle(qtbot, state)
    requests = hold_first_scoring_until_cancelled(monkeypatch)
    assert state.annotators.open_cell(A, C, show=False) and state.annotators.open_cell(A, B, show=False)
    state.cancel()  # Esc
    wait_until_idle(qtbot, state)
    assert len(requests) == 1 and state.annotators.cell_of(state.scoring.files) == (B, C)
    assert state.annotators.cell == (B, C) and state.annotators.confusion.cell == (B, C)


def test_new_parameters_score_the_matrix_again_and_keep_its_cell(qtbot, window):
    state = window.state
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    with qtbot.waitSignals([state.annotators.matrix_changed, state.scoring.corpus_changed], timeout=20000):
        state.scoring.set_params(state.scoring.params.switched("smatch"))
    qtbot.waitUntil(lambda: not state.scoring.busy)
    assert state.annotators.result.params.computes("smatch") and state.annotators.cell == (B, C)
    assert (state.scoring.files.test, state.scoring.files.gold) == (B, C) and "smatch" in state.scoring.corpus.micro


def test_new_parameters_while_the_annotators_are_read_score_the_matrix_under_them(qtbot, window, monkeypatch):
    """Scoring > Parameters changed while the annotators' files are being read: the matrix (and
    the cell it opens) comes under the new parameters (scoring it again was refused, "Still
    scoring the annotators", or not asked for before a first matrix, and the matrix stayed under
    the old ones while its cell was scored under the new)."""
    state, released = window.state, threading.Event()
    hold_matrix_after_first_report(monkeypatch, released)
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    with qtbot.waitSignal(state.annotators.progress, timeout=20000):
        assert state.annotators.open(TRIO_FILES)
    state.scoring.set_params(state.scoring.params.switched("smatch"))
    released.set()
    wait_until_idle(qtbot, state)
    assert state.annotators.result.params.computes("smatch") and "smatch" in state.scoring.corpus.micro
    assert state.annotators.cell == (A, B) and state.annotators.cell_of(state.scoring.files) == (A, B)
    assert not [text for text in messages if text.startswith("Still scoring")]


def test_a_matrix_scored_again_never_takes_the_place_of_other_files(qtbot, window, monkeypatch):
    state = window.state
    score_now(state, *SPEC_PAIR)
    with monkeypatch.context() as patched:  # the matrix's cell cannot be opened: the two files stay
        patched.setattr(state.scoring, "open_files", lambda *args, **kwargs: False)
        with qtbot.waitSignal(state.annotators.matrix_changed, timeout=20000):
            assert state.annotators.open(TRIO_FILES)
        qtbot.waitUntil(lambda: not state.scoring.busy)
    assert state.scoring.files.paths == tuple(SPEC_PAIR) and state.annotators.result is not None
    wait_until_idle(qtbot, state)
    assert state.annotators.confusion is not None
    boxes = window.confusion_panel.test_box, window.confusion_panel.gold_box  # the pair is no cell: say what to choose
    assert [(box.currentIndex(), box.placeholderText()) for box in boxes] == [
        (-1, "(test annotator)"),
        (-1, "(reference annotator)"),
    ]
    with qtbot.waitSignals([state.annotators.matrix_changed, state.scoring.corpus_changed], timeout=20000):
        state.scoring.set_params(state.scoring.params.switched("smatch"))
    qtbot.waitUntil(lambda: not state.scoring.busy)
    assert state.scoring.files.paths == tuple(SPEC_PAIR) and state.annotators.result.params.computes("smatch")
    assert not window.cell_bar.isVisible()


def test_the_label_confusion_of_the_pair_shown_survives_a_matrix_arriving_meanwhile(qtbot, window, monkeypatch):
    """The two files' label confusion still being counted when a matrix (whose cell cannot be
    opened) arrives: it is kept, not dropped with the matrix's (it was, and never asked again)."""
    state, arrived = window.state, threading.Event()
    counted = annotators_state.confusion_of_corpus

    def after_the_matrix(*args):
        assert arrived.wait(timeout=20)
        return counted(*args)

    monkeypatch.setattr(annotators_state, "confusion_of_corpus", after_the_matrix)
    state.annotators.matrix_changed.connect(lambda result: arrived.set())
    score_now(state, *SPEC_PAIR)  # its confusion held until the matrix is in
    with monkeypatch.context() as patched:
        patched.setattr(state.scoring, "open_files", lambda *args, **kwargs: False)
        with qtbot.waitSignal(state.annotators.matrix_changed, timeout=20000):
            assert state.annotators.open(TRIO_FILES)
        wait_until_idle(qtbot, state)
    assert state.scoring.files.paths == tuple(SPEC_PAIR) and state.annotators.confusion is not None
    assert state.annotators.confusion.cell is None and window.confusion_panel.is_available()


def test_other_files_stop_a_matrix_being_scored(qtbot, window, monkeypatch):
    state = window.state
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    hold_matrix_after_first_report(monkeypatch)  # scoring again waits until it is cancelled
    with qtbot.waitSignal(state.annotators.progress, timeout=20000):
        state.scoring.set_params(state.scoring.params.switched("smatch"))
    qtbot.waitUntil(lambda: not state.runner.busy("score"))
    with qtbot.waitSignal(state.annotators.busy_changed, timeout=20000):
        assert state.scoring.open_pair(*SPEC_PAIR)  # closes the matrix and cancels its scoring
    qtbot.waitUntil(lambda: not state.scoring.busy)
    assert state.annotators.result is None and state.scoring.files.paths == tuple(SPEC_PAIR)
    assert not window.annotators_panel.is_available()
    with qtbot.waitSignal(state.annotators.progress, timeout=20000):
        assert state.annotators.open(TRIO_FILES)  # a matrix being opened stops too
    with qtbot.waitSignal(state.annotators.busy_changed, timeout=20000):
        assert state.scoring.open_pair(*SPEC_PAIR[::-1])
    qtbot.waitUntil(lambda: not state.scoring.busy)
    assert state.annotators.result is None and state.scoring.files.paths == tuple(SPEC_PAIR[::-1])


def test_the_bar_back_to_the_matrix_shows_only_while_a_cell_is_shown_and_the_matrix_is_not(qtbot, window):
    state, workspace = window.state, window.workspace
    open_annotators(qtbot, state, TRIO_FILES)
    assert workspace.current == "annotators" and state.annotators.cell_of(state.scoring.files) == (A, B)
    assert not window.cell_bar.isVisible()  # the matrix is in front
    workspace.show_perspective("corpus")
    assert window.cell_bar.isVisible() and "<b>ann_a</b> (test) against <b>ann_b</b>" in window.cell_bar.label.text()
    window.cell_bar.back.click()
    assert workspace.current == "annotators" and not window.cell_bar.isVisible()
    heatmap = window.annotators_panel.heatmap
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        qtbot.mouseClick(heatmap, Qt.MouseButton.LeftButton, pos=heatmap.cell_rect(B, C).center().toPoint())
    assert workspace.current == "pair" and window.cell_bar.isVisible()
    window.action_set["perspective_annotators"].trigger()  # Ctrl+4
    assert not window.cell_bar.isVisible()


def test_a_sentence_missing_from_a_cells_files_is_a_missing_row(qtbot, window, tmp_path):
    state = window.state
    paths = uneven_trio(tmp_path)
    open_annotators(qtbot, state, paths)
    assert (state.scoring.files.test, state.scoring.files.gold) == (A, B)
    # s4 is missing from short_b; s5 is in neither file of the cell (only long_c has it): not its pair
    assert statuses(window) == {"s1": "ok", "s2": "ok", "s3": "ok", "s4": "missing"}
    errors = {result.id: result.error for result in state.scoring.corpus.pairs if result.error}
    # placed at the sentence's graph in the file that has it
    assert errors == {"s4": f"{paths[0]}:{line_of(paths[0], '# ::id s4')}: id 's4' has no graph in short_b.amr"}
    assert window.status_line.label.text() == (
        "4 pairs from ann_a.amr (test) and short_b.amr (gold), paper profile: 3 scored; "
        "1 missing from a file (filter: missing)."
    )
    # a sentence an annotator left out is no "pair not scored" problem in a cell: the banner gives
    # the annotators' warning, the same whichever cell is shown
    warning = window.banner.text()
    assert warning.startswith("1 warning:") and "2 id(s) are missing from some files" in warning
    state.selection.set_filter("missing")
    assert [window.corpus_panel.proxy.result(r).id for r in range(window.corpus_panel.proxy.rowCount())] == ["s4"]
    state.selection.set_filter("error")
    assert window.corpus_panel.proxy.rowCount() == 0
    state.selection.set_filter("")
    state.selection.select_pair_id("s3")
    window.action_set["next_disagreement"].trigger()  # Alt+Down
    assert state.selection.pair.id == "s4"
    assert window.graphs.gold_box.note.text() == "Missing: id 's4' has no graph in short_b.amr"
    assert window.graphs.gold_box.title() == "Gold: missing"
    assert window.triples_panel.counts.text() == "No triples: a graph of the sentence is missing."
    open_cell(qtbot, state, A, C)  # long_c has s5: a pair of this cell, missing from ann_a
    assert statuses(window) == {"s1": "ok", "s2": "ok", "s3": "ok", "s4": "ok", "s5": "missing"}
    assert window.banner.text() == warning


def test_a_cell_opens_on_a_scored_sentence(qtbot, window, tmp_path):
    state = window.state
    paths = uneven_trio(tmp_path)
    open_annotators(qtbot, state, paths)
    assert state.selection.pair.id == "s1"  # the first scored sentence of (ann_a, short_b)
    state.selection.select_pair_id("s3")
    open_cell(qtbot, state, A, C)
    assert state.selection.pair.id == "s3"  # the sentence shown, scored in this cell too
    state.selection.select_pair_id("s5")  # missing from ann_a
    assert statuses(window)["s5"] == "missing"
    open_cell(qtbot, state, B, C)
    assert (
        state.selection.pair.id == "s1" and state.selection.pair.error is None
    )  # not s5 (the row selected before): missing here
    window.annotators_panel.tables.setCurrentIndex(1)
    sentences = window.annotators_panel.sentence_proxy
    row = next(r for r in range(sentences.rowCount()) if sentences.item(r).id == "s2")
    window.annotators_panel.sentence_table.selectRow(row)  # a sentence chosen in the table opens on it
    assert state.selection.pair.id == "s2" and state.annotators.cell == (B, C)
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.annotators.open_cell(C, A)
    assert state.selection.pair.id == "s2"


def test_a_sentence_chosen_while_a_cell_is_read_opens_in_that_cell(qtbot, window, monkeypatch):
    """A cell clicked, then a sentence of the sentence table while the cell is being read: the
    cell opens on that sentence (it was selected in the pair still shown, and the cell opened on
    another once read)."""
    state = window.state
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    wait_until_idle(qtbot, state)
    assert state.selection.pair.id == "s1"
    released = threading.Event()
    requests = hold_first_scoring_until_cancelled(monkeypatch, released)
    assert state.annotators.open_cell(A, C)
    labels = [sentence.id for sentence in state.annotators.result.annotations.sentences]
    assert state.annotators.open_sentence(labels.index("s3"))
    released.set()
    wait_until_idle(qtbot, state)
    assert state.annotators.cell_of(state.scoring.files) == (A, C) and state.annotators.cell == (A, C)
    assert state.selection.pair.id == "s3" and {(r.files.test, r.files.gold) for r in requests} == {(A, C)}


def test_sentences_without_ids_open_by_the_number_the_app_shows(qtbot, window, tmp_path):
    """Sentences with no id are named by their number, counted from 1, in the confusion's list and
    the sentence table: choosing one opens that sentence (the confusion's "2" opened the third)."""
    state = window.state
    paths = [tmp_path / path.name for path in TRIO_FILES]
    for source, path in zip(TRIO_FILES, paths):
        lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
        path.write_text("".join(line for line in lines if not line.startswith("# ::id")), encoding="utf-8")
    open_annotators(qtbot, state, paths)
    wait_until_idle(qtbot, state)
    assert state.annotators.cell is not None and state.annotators.confusion.labels == ("1", "2", "3", "4")
    for sentence in (1, 3, 0):
        with qtbot.waitSignal(state.selection.pair_selected, timeout=5000):
            assert state.annotators.open_confusion_sentence(sentence)
        assert state.selection.pair.index == sentence
    for sentence in (2, 0):
        with qtbot.waitSignal(state.selection.pair_selected, timeout=5000):
            assert state.annotators.open_sentence(sentence)
        assert state.selection.pair.index == sentence
    score_now(state, *paths[:2])  # two files, no matrix: the confusion of the pair shown
    wait_until_idle(qtbot, state)
    assert state.annotators.cell is None and state.annotators.confusion.labels == ("1", "2", "3", "4")
    with qtbot.waitSignal(state.selection.pair_selected, timeout=5000):
        assert state.annotators.open_confusion_sentence(2)
    assert state.selection.pair.index == 2


def test_a_cell_with_a_missing_sentence_fits_a_1024_wide_screen(qtbot, window, tmp_path):
    """The Corpus perspective of a cell: the summary's "micro F1 (3 of 4 pairs)" widens the corpus
    table, and the hidden Document tab beside it kept the room of its wide arrangement: together
    they held the window to about 1080 px."""
    open_annotators(qtbot, window.state, uneven_trio(tmp_path))
    assert window.workspace.show_perspective("corpus")
    qtbot.waitUntil(lambda: window.corpus_panel.summary.verticalHeaderItem(0).text().endswith("of 4 pairs)"))
    for _ in range(5):
        QApplication.processEvents()
    assert not window.document_panel.isVisible()
    assert window.minimumSizeHint().width() <= 1000


def test_a_cell_clicked_while_new_parameters_score_the_pair_again_opens_under_them(qtbot, window, monkeypatch):
    """Scoring > Parameters OK'd, then a click on another cell while the pair shown and the matrix
    are scored again under them: the cell opens, under the new parameters, in place of the pair
    shown being scored again (the click was refused, "Still scoring", and lost)."""
    state, released = window.state, threading.Event()
    open_annotators(qtbot, state, TRIO_FILES)
    open_cell(qtbot, state, B, C)
    requests = hold_first_scoring_until_cancelled(monkeypatch)
    hold_matrix_after_first_report(monkeypatch, released)
    with qtbot.waitSignal(state.annotators.progress, timeout=20000):
        state.scoring.set_params(state.scoring.params.switched("smatch"))
    assert state.runner.busy("score") and state.annotators.result is not None  # the old matrix, still shown
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        window.annotators_panel.heatmap.cell_clicked.emit(A, C)  # the click on the cell
    released.set()
    wait_until_idle(qtbot, state)
    assert [request.loaded is not None for request in requests] == [True, False]  # the re-score, then the cell
    assert state.annotators.cell_of(state.scoring.files) == (A, C) and state.annotators.cell == (A, C)
    assert "smatch" in state.scoring.corpus.micro and state.annotators.result.params.computes("smatch")


def test_the_label_confusion_tab_fits_a_1024_wide_screen(qtbot, window):
    """A new user's three annotators: showing Annotators > Label confusion raised the window's least
    width from 780 to 1160 px, its bar ("Pair:" box "against" box, "Show agreements") on one row
    of 561 px beside the matrix; on a 1024-wide screen the right side was cut. The bar wraps."""
    open_annotators(qtbot, window.state, TRIO_FILES)
    wait_until_idle(qtbot, window.state)
    panel = window.confusion_panel
    qtbot.waitUntil(panel.is_available)
    window.workspace.show_panel("confusion")
    for _ in range(5):
        QApplication.processEvents()
    assert panel.isVisible() and panel.test_box.isVisible() and panel.agreements.isVisible()
    assert window.minimumSizeHint().width() <= 1024, window.minimumSizeHint()
    window.resize(1024, 740)
    qtbot.waitUntil(lambda: window.width() == 1024)
    for widget in (panel.agreements, panel.gold_box, panel.header):  # all in sight, on the panel
        right = widget.mapTo(panel, widget.rect().topRight()).x()
        assert 0 < right < panel.width(), (widget, right, panel.width())
    for _ in range(5):
        QApplication.processEvents()
    for view in panel.views.values():  # the last column, Sentences, in sight or scrolled to (it was cut)
        header = view.horizontalHeader()
        end = header.sectionPosition(header.count() - 1) + header.sectionSize(header.count() - 1)
        assert end <= view.viewport().width() or view.horizontalScrollBar().isVisible() or not view.isVisible()


def test_the_bar_back_to_the_matrix_is_hidden_while_a_comparison_is_in_front(qtbot, window):
    """Compare Two Annotators of the Matrix: the Compare perspective showed the bar naming the cell
    shown in the pair views, which has nothing to do with the two annotators compared."""
    state, workspace = window.state, window.workspace
    open_annotators(qtbot, state, ANNOTATOR_FILES, gold=ANNOTATOR_FILES[2])
    open_cell(qtbot, state, 1, 3)
    workspace.show_perspective("pair")
    assert window.cell_bar.isVisible()
    assert state.compare.open_annotators(0, 1)
    wait_until_idle(qtbot, state)
    assert workspace.current == "compare" and not window.cell_bar.isVisible()
    assert workspace.show_perspective("pair") and window.cell_bar.isVisible()
