"""The corpus table as a new user met it across files: a restart brings back the table's sort
with the filter and the pair."""

from PySide6.QtCore import Qt

from ui.shell.commands.files import open_at_start

from .ui_support import SYS_PAIR, shown_window, temporary_settings, wait_until_idle


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
