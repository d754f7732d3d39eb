"""Panels follow the state through one guard (:class:`ui.common.binding.SyncGuard`): an error
inside a handler that draws the state's selection never leaves a panel deaf to the next one."""

import pytest

import ui.pair.triples_panel
from ui.common.binding import SyncGuard
from ui.corpus.panel import CorpusPanel
from ui.pair.triples_panel import TriplesPanel

from .conftest import required
from .ui_support import SYS_PAIR, scored_state


def fails_once(original):
    """``original``, except that its first call raises."""
    calls = []

    def patched(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("drawing failed")
        return original(*args, **kwargs)

    return patched


def test_the_guard_is_cleared_however_its_block_ends():
    guard = SyncGuard()
    with pytest.raises(ValueError), guard:
        assert guard
        raise ValueError
    assert not guard
    with guard, guard:  # nested: still syncing until the outer block ends
        pass
    assert not guard
    seen: list[str] = []
    chosen = guard.unless_syncing(seen.append)
    with guard:
        chosen("echo")
    chosen("choice")
    assert seen == ["choice"]


def test_the_triples_panel_follows_the_next_selection_after_an_error(qtbot, scored_app_state, monkeypatch):
    state = scored_app_state
    state.selection.select_pair_id("read")
    panel = TriplesPanel(state)
    qtbot.addWidget(panel)
    rows = state.selection.triple_rows
    assert len(rows) >= 3
    monkeypatch.setattr(ui.pair.triples_panel, "select_row", fails_once(ui.pair.triples_panel.select_row))
    with qtbot.capture_exceptions() as raised:
        state.selection.select_triple(rows[0])  # drawing it fails
    assert [kind for kind, *_ in raised] == [RuntimeError]
    assert not panel.syncing
    panel.table.setCurrentIndex(panel.proxy.index(panel.proxy.row_of(rows[1]), 0))  # the user's choice
    assert state.selection.triple is rows[1]
    state.selection.select_triple(rows[2])  # the state's: drawn
    assert panel.proxy.item(panel.table.currentIndex().row()) is rows[2]


def test_the_corpus_table_follows_the_next_pair_after_an_error(qtbot, tmp_path, monkeypatch):
    state = scored_state(tmp_path, SYS_PAIR)
    panel = CorpusPanel(state)
    qtbot.addWidget(panel)
    pairs = required(state.scoring.corpus).pairs
    monkeypatch.setattr(panel.table, "selectRow", fails_once(panel.table.selectRow))
    with qtbot.capture_exceptions() as raised:
        state.selection.select_pair(pairs[1])  # drawing it fails
    assert [kind for kind, *_ in raised] == [RuntimeError]
    assert not panel.syncing
    panel.table.setCurrentIndex(panel.proxy.index(required(panel.proxy.row_of(pairs[2])), 0))  # the user's choice
    assert state.selection.pair is pairs[2]
    state.selection.select_pair(pairs[3])  # the state's: drawn
    assert panel.proxy.result(panel.table.currentIndex().row()) is pairs[3]
    state.shutdown()
