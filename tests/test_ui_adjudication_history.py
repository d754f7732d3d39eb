"""The Adjudication History in a window: undone and redone statuses and notes said as undos and
redos in the log, and the undo steps beside it cut short to their room (no sideways scrolling),
each shown whole in its tooltip."""

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from .test_ui_adjudication import judge, log_rows, start_session, window  # noqa: F401 (window: a fixture)


def test_undone_statuses_and_notes_are_said_as_undos_in_the_history(qtbot, window):  # noqa: F811
    adjudication = start_session(qtbot, window)
    panel = window.adjudication_panel
    window.action_set["status_needs_discussion"].trigger()
    qtbot.keyClicks(panel.notes, "Welsh or English names?")
    adjudication.flush_notes()
    window.action_set["undo"].trigger()  # the notes
    window.action_set["undo"].trigger()  # the status
    window.action_set["redo"].trigger()
    assert [row[3] for row in log_rows(panel)] == [
        "status not reviewed -> needs discussion",
        'notes: "Welsh or English names?"',
        'undid: notes: "Welsh or English names?"',
        "undid: status not reviewed -> needs discussion",
        "redid: status not reviewed -> needs discussion",
    ]


def test_the_undo_steps_are_cut_short_and_whole_in_their_tooltips(qtbot, window):  # noqa: F811
    start_session(qtbot, window)
    panel = window.adjudication_panel
    judge(qtbot, window, "(g/go-01 :ARG0 b/boy)")
    panel.middle.setCurrentIndex(1)  # the History tab
    steps = panel.history
    qtbot.waitUntil(lambda: steps.isVisible() and steps.viewport().width() > 50)
    QApplication.processEvents()
    text = "s1: accepted ann2's disagreement (concept differs): (g/go-01 :ARG0 b/boy) vs (g/go-02 :ARG0 b/boy)"
    index = steps.model().index(1, 0)
    assert index.data() == text
    assert steps.fontMetrics().horizontalAdvance(text) > steps.viewport().width()  # longer than its room
    assert steps.horizontalScrollBar().maximum() == 0 and not steps.horizontalScrollBar().isVisible()
    place = steps.visualRect(index).center()
    QApplication.sendEvent(
        steps.viewport(), QHelpEvent(QEvent.Type.ToolTip, place, steps.viewport().mapToGlobal(place))
    )
    assert QToolTip.text() == text
    nowhere = QPoint(5, steps.viewport().height() - 5)  # below the steps: the list's own tip
    QApplication.sendEvent(
        steps.viewport(), QHelpEvent(QEvent.Type.ToolTip, nowhere, steps.viewport().mapToGlobal(nowhere))
    )
    assert QToolTip.text().startswith("What Ctrl+Z and Ctrl+Shift+Z go through")
