"""The Smatch panel alone with a state."""

from engine.params import Params
from ui.app_state import AppState
from ui.corpus.smatch_panel import HINT, SmatchPanel

from .conftest import required
from .ui_support import SMATCH_PAIR, score_now, temporary_settings


def test_hint_then_breakdown(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    panel = SmatchPanel(state)
    qtbot.addWidget(panel)
    score_now(state, *SMATCH_PAIR)
    assert panel.title.text() == HINT and not panel.table.isVisibleTo(panel)  # the line alone, no empty table
    state.scoring.params = Params(optional_metrics={"smatch"})
    score_now(state, *SMATCH_PAIR)
    assert state.scoring.corpus is not None
    low, high = required(state.scoring.corpus.interval("smatch"))
    assert panel.title.text() == (
        f"Smatch micro F1 0.8475, macro F1 {state.scoring.corpus.macro['smatch'].f:.4f}; 95% bootstrap "
        f"interval of the micro F1 [{low:.4f}, {high:.4f}] over 3 pairs."
    )
    assert low < 0.8475 < high and panel.table.isVisibleTo(panel)
    assert [required(panel.table.item(0, k)).text() for k in range(3)] == [f"{11 / 13:.4f}"] * 3
    state.shutdown()


def test_the_breakdown_shows_every_row_where_there_is_room(qtbot, tmp_path):
    """Taller than the breakdown: all its rows in sight (it scrolled, with the empty room shared
    out under it); shorter: it shrinks to its least rows and scrolls the rest."""
    state = AppState(temporary_settings(tmp_path))
    state.scoring.params = Params(optional_metrics={"smatch"})
    panel = SmatchPanel(state)
    qtbot.addWidget(panel)
    score_now(state, *SMATCH_PAIR)
    table = panel.table
    panel.resize(500, table.maximumHeight() + panel.title.sizeHint().height() + 120)
    panel.show()
    qtbot.waitExposed(panel)
    assert table.height() == table.maximumHeight() and not table.verticalScrollBar().isVisible()
    panel.resize(500, table.minimumHeight() + panel.title.sizeHint().height() + 10)
    qtbot.waitUntil(lambda: table.verticalScrollBar().isVisible())
    state.shutdown()
