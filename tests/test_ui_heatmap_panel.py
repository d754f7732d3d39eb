"""The heatmap panel alone with a state: the trace comes from the state; stepping never re-aligns."""

import numpy as np
import pytest

import ui.tasks
from ui.heatmap_panel import NO_PAIR, TRACING, HeatmapPanel

from .ui_support import broken_pair, scored_state


@pytest.fixture
def calls(monkeypatch):
    made = []
    original = ui.tasks.traced_alignment

    def counting(test, gold, params):
        made.append(len(test))
        return original(test, gold, params)

    monkeypatch.setattr(ui.tasks, "traced_alignment", counting)
    return made


@pytest.fixture
def state(tmp_path, calls):
    state = scored_state(tmp_path)
    yield state
    state.shutdown()


@pytest.fixture
def panel(qtbot, state):
    panel = HeatmapPanel(state)
    qtbot.addWidget(panel)
    return panel


def select_and_wait(qtbot, state, wanted):
    with qtbot.waitSignal(state.trace_ready, timeout=10000):
        state.select_pair_id(wanted)


def test_waits_for_the_trace_then_shows_round_one(qtbot, state, panel):
    state.select_pair_id("read")
    assert panel.initial.text() == TRACING and panel.trace is None
    qtbot.waitUntil(lambda: panel.trace is not None, timeout=10000)
    assert panel.initial.text().startswith("Initial anchors: read-01–read-03")
    assert panel.slider.maximum() == 2 and panel.round_label.text() == "round 1 of 2"
    assert panel.plots["adjusted"].row_names == ["read-01", "house", "he", "book", "i"]
    assert panel.plots["adjusted"].image.image[1, 1] == pytest.approx(0.082)
    assert not panel.previous_button.isEnabled() and panel.next_button.isEnabled()


def test_stepping_rounds_and_reselecting_never_realign(qtbot, state, panel, calls):
    select_and_wait(qtbot, state, "read")
    made = len(calls)
    first = np.array(panel.plots["broadcast"].image.image, copy=True)
    panel.step(1)
    assert panel.slider.value() == 2 and "no new mutual best match" in panel.caption.text()
    assert not np.array_equal(first, panel.plots["broadcast"].image.image)
    panel.step(1)  # past the last round: stays
    assert panel.slider.value() == 2
    panel.previous_button.click()
    assert panel.slider.value() == 1 and np.array_equal(first, panel.plots["broadcast"].image.image)
    state.select_pair_id("fry")
    state.select_pair_id("read")
    assert panel.slider.value() == 1 and panel.trace is state.trace  # at once, from the cache
    assert len(calls) == made


def test_a_pair_without_trace_and_no_pair_are_explained(qtbot, tmp_path, calls):
    state = scored_state(tmp_path, broken_pair(tmp_path))
    panel = HeatmapPanel(state)
    qtbot.addWidget(panel)
    state.select_pair(state.corpus.pairs[1])
    assert panel.initial.text() == "No trace: the pair could not be read." and panel.trace is None
    assert panel.plots["similarity"].matrix.size == 0 and not panel.next_button.isEnabled()
    state.set_filter("no such words")
    assert panel.initial.text() == NO_PAIR and panel.captions == ()
    state.shutdown()
