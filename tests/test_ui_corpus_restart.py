"""The corpus table as a new user met it across files: a restart brings back the table's sort
with the filter and the pair; other files opened start unfiltered."""

from PySide6.QtCore import Qt

from ui.shell.commands.files import open_at_start

from .ui_support import SPEC_PAIR, SYS_PAIR, score_now, shown_window, temporary_settings, wait_until_idle


def test_a_restart_brings_back_the_corpus_sort_with_the_filter(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SYS_PAIR)
    panel = window.corpus_panel
    column = panel.model.columns.index("LR F1")
    panel.table.sortByColumn(column, Qt.SortOrder.DescendingOrder)
    window.state.selection.set_filter("nodes > 3")
    wait_until_idle(qtbot, window.state)
    window.close()
    again = shown_window(qtbot, tmp_path, None, settings=temporary_settings(tmp_path))
    open_at_start(again.context)  # started without files
    qtbot.waitUntil(lambda: again.state.selection.filter_text == "nodes > 3", timeout=20000)
    wait_until_idle(qtbot, again.state)
    header = again.corpus_panel.table.horizontalHeader()
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (column, Qt.SortOrder.DescendingOrder)
    assert again.state.selection.sort == ("LR F1", True)
    again.close()


def test_other_files_start_unfiltered(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SYS_PAIR)
    window.state.selection.set_filter("nodes > 3")
    score_now(window.state, *SPEC_PAIR)  # other files (Ctrl+O, a demo, Recent Files)
    assert window.state.selection.filter_text == "" and window.corpus_panel.filter_edit.text() == ""
    assert len(window.state.selection.visible_pairs()) == len(window.state.scoring.corpus.pairs)
    window.close()
