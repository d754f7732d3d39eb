"""The Adjudication panel's agreement table in a maximised window: six annotators fit without
scrolling sideways at 1920x1080 and 1366x768 (a row per annotator, a long name cut short in the
middle and whole in its tooltip, the corrections column only when there are corrections)."""

import pytest
from PySide6.QtWidgets import QApplication

from engine.adjudication import Decision, ExcludePair
from ui.adjudication.tasks import NewSession, create_session

from .ui_support import ANNOTATOR_FILES, score_now, shown_window

LONG = "comptest_annot1_second_pass_after_the_guideline_update"


def six_annotators(folder):
    """The four MetAMoRphosED files and two more annotators (copies), one with a long name."""
    sources = ANNOTATOR_FILES + [ANNOTATOR_FILES[0], ANNOTATOR_FILES[1]]
    names = [path.name for path in ANNOTATOR_FILES] + [f"{LONG}.txt", "comptest_annot5.txt"]
    files = [folder / name for name in names]
    for copy, path in zip(files, sources):
        copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return files


def fits(table) -> bool:
    """Every column in sight: the header no longer than the room, nothing to scroll to."""
    QApplication.processEvents()
    return table.horizontalHeader().length() <= table.viewport().width() and table.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920x1080", "1366x768"])
def test_six_annotators_agreement_fits_without_scrolling(qtbot, tmp_path, size):
    width, height = size
    window = shown_window(qtbot, tmp_path, None, (width, height - 50))  # 50: a maximised window's title and borders
    files = six_annotators(tmp_path)
    score_now(window.state, files[0], files[2])
    session = create_session(NewSession(tuple(files), "ana", tmp_path / "six.adjudication.sqlite", gold=files[2]))
    adjudication = window.state.adjudication
    assert adjudication.open(session, "ana") is None
    qtbot.waitUntil(lambda: not window.state.scoring.busy, timeout=30000)
    table = window.adjudication_panel.scores
    qtbot.waitUntil(table.isVisible)
    assert table.rowCount() == 6 and table.isColumnHidden(table.columnCount() - 1)  # no corrections yet
    labels = [table.verticalHeaderItem(row) for row in range(6)]
    assert [label.toolTip() for label in labels] == adjudication.session.annotators
    long = next(label for label in labels if label.toolTip() == LONG)
    assert (
        long.text() != LONG and "…" in long.text() and long.text().startswith("comp") and long.text().endswith("update")
    )
    assert fits(table), (table.horizontalHeader().length(), table.viewport().width())
    # a correction: its column appears, and everything still fits
    agreement = adjudication.view().agreements["comptest_annot1"]
    pair = (agreement.annotation.nodes[0].var, agreement.adjudicated.nodes[0].var)
    assert adjudication.decide(Decision((ExcludePair("comptest_annot1", *pair),))) is None
    assert not table.isColumnHidden(table.columnCount() - 1)
    assert table.item(0, table.columnCount() - 1).text() == "1 excluded"
    assert fits(table), (table.horizontalHeader().length(), table.viewport().width())
    window.close()
