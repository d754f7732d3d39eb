"""The Smatch panel alone with a state."""

from engine.params import Params
from ui.app_state import AppState
from ui.corpus.smatch_panel import HINT, SmatchPanel

from .ui_support import SMATCH_PAIR, score_now, temporary_settings


def test_hint_then_breakdown(qtbot, tmp_path):
    state = AppState(temporary_settings(tmp_path))
    panel = SmatchPanel(state)
    qtbot.addWidget(panel)
    score_now(state, *SMATCH_PAIR)
    assert panel.title.text() == HINT and not panel.table.isVisibleTo(panel)  # the line alone, no empty table
    state.scoring.params = Params(optional_metrics={"smatch"})
    score_now(state, *SMATCH_PAIR)
    low, high = state.scoring.corpus.interval("smatch")
    assert panel.title.text() == (
        f"Smatch micro F1 0.8475, macro F1 {state.scoring.corpus.macro['smatch'].f:.4f}; 95% bootstrap "
        f"interval of the micro F1 [{low:.4f}, {high:.4f}] over 3 pairs."
    )
    assert low < 0.8475 < high and panel.table.isVisibleTo(panel)
    assert [panel.table.item(0, k).text() for k in range(3)] == [f"{11 / 13:.4f}"] * 3
    state.shutdown()
