"""A click on the half-visible last row of a table, in a real-size window, selects that row: the
highlight, the state's selection and the panels that follow it all name the row clicked (a view
that scrolled the row into sight in the middle of the click used to highlight the next one)."""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QTableView

from bench.generate import write_corpus
from ui.adjudication.tasks import NewSession, create_session

from .ui_support import DRS_PAIR, shown_window, wait_until_idle

SCREENS = [(1920, 1080), (1366, 768)]


def many_pairs(folder, count=240):
    """A test and a gold file of ``count`` small pairs (ids s000, s001, ...), every other one disagreeing."""
    test, gold = folder / "many_test.amr", folder / "many_gold.amr"
    test.write_text(
        "".join(
            f"# ::id s{k:03}\n# ::snt Sentence number {k}.\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-0{1 + k % 2}))\n\n"
            for k in range(count)
        ),
        encoding="utf-8",
    )
    gold.write_text(
        "".join(
            f"# ::id s{k:03}\n# ::snt Sentence number {k}.\n(w / want-01 :ARG0 (b / boy) :ARG1 (g / go-01))\n\n"
            for k in range(count)
        ),
        encoding="utf-8",
    )
    return test, gold


def settle():
    for _ in range(3):
        QApplication.processEvents()


def click_half_visible_last_row(qtbot, view: QTableView, column: int = 0) -> int:
    """Click the last row in sight where it is cut by the bottom edge; the row's number."""
    viewport = view.viewport()
    bottom = viewport.height() - 1
    row = view.rowAt(bottom)
    assert row > 0, "the table must hold more rows than it shows"
    cell = view.visualRect(view.model().index(row, column))
    if cell.bottom() <= bottom:  # the last row happens to fit whole: scroll so that the next one is cut
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() + 1)
        settle()
        row = view.rowAt(bottom)
        cell = view.visualRect(view.model().index(row, column))
    if cell.bottom() <= bottom:  # rows scrolled a whole row at a time still fit whole: half a row less room
        view.setMaximumHeight(view.height() - cell.height() // 2)
        settle()
        bottom = viewport.height() - 1
        row = view.rowAt(bottom)
        cell = view.visualRect(view.model().index(row, column))
    assert cell.bottom() > bottom, "the row clicked is only partly in sight"
    at = QPoint(cell.center().x(), (cell.top() + bottom) // 2)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=at)
    settle()
    return row


def selected_rows(view: QTableView) -> list[int]:
    return sorted(index.row() for index in view.selectionModel().selectedRows())


@pytest.mark.parametrize("size", SCREENS, ids=["1920x1080", "1366x768"])
@pytest.mark.parametrize("perspective", ["corpus", "adjudication"])
def test_the_corpus_table_highlights_the_sentence_clicked_and_decided(qtbot, tmp_path, size, perspective):
    files = many_pairs(tmp_path)
    window = shown_window(qtbot, tmp_path, files, size)
    if perspective == "adjudication":
        session = create_session(NewSession(files, "ana", tmp_path / "many.adjudication.sqlite"))
        assert window.state.adjudication.open(session, "ana") is None
        wait_until_idle(qtbot, window.state)
    assert window.workspace.show_perspective(perspective)
    settle()
    table = window.corpus_panel.table
    row = click_half_visible_last_row(qtbot, table, column=1)
    clicked = window.corpus_panel.proxy.result(row)
    assert window.state.selection.pair is clicked
    assert selected_rows(table) == [row] and table.currentIndex().row() == row
    if perspective == "adjudication":
        assert window.state.adjudication.view().record.id == clicked.id  # what the panel decides on


def tables_in_sight(page) -> list[QTableView]:
    """The row-selecting tables shown in a perspective's page."""
    return [
        view
        for view in page.findChildren(QTableView)
        if view.isVisible() and view.selectionBehavior() == QTableView.SelectionBehavior.SelectRows
    ]


def click_every_table(qtbot, window, perspectives) -> list[str]:
    """Click the half-visible last row of every table of each perspective (each tab of its
    groups in front in turn; each table once, when no job is running that could refill it); the
    tables whose highlight then is not the row clicked."""
    wrong, clicked = [], []
    for key in perspectives:
        assert window.workspace.show_perspective(key)
        settle()
        page = window.workspace.pages[key]
        for group, slots in page.groups.values():
            for slot in slots:
                if not group.isTabVisible(group.indexOf(slot)):
                    continue
                group.setCurrentWidget(slot)
                settle()
                for view in tables_in_sight(page):
                    if view in clicked or view.rowAt(view.viewport().height() - 1) <= 0:
                        continue  # clicked already, or every row in sight
                    wait_until_idle(qtbot, window.state)
                    row = click_half_visible_last_row(qtbot, view)
                    clicked.append(view)
                    if selected_rows(view) != [row] or view.currentIndex().row() != row:
                        wrong.append(
                            f"{key}: {type(view.parent()).__name__} row {row}, "
                            f"highlight {selected_rows(view)}, current {view.currentIndex().row()}"
                        )
    assert clicked
    return wrong


def test_every_table_of_every_perspective_highlights_the_row_clicked(qtbot, tmp_path):
    files = write_corpus(tmp_path / "corpus", 40, 40, 60, 5)
    window = shown_window(qtbot, tmp_path, files, (1366, 768))
    session = create_session(NewSession(files, "ana", tmp_path / "c.adjudication.sqlite"))
    assert window.state.adjudication.open(session, "ana") is None
    wait_until_idle(qtbot, window.state)
    assert click_every_table(qtbot, window, ("corpus", "pair", "rounds", "adjudication")) == []


def test_the_drs_tables_highlight_the_row_clicked(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, DRS_PAIR, (1366, 768))
    wait_until_idle(qtbot, window.state)
    assert click_every_table(qtbot, window, ("pair",)) == []
