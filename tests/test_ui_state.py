"""The application state alone (no window): loading, selection, filter, traces and their cache."""

import threading

import pytest

import ui.state.tasks
from engine.params import Params
from engine.scoring import PairResult
from ui.app_state import AppState
from ui.state.tasks import PairTrace

from .conftest import required
from .ui_support import (
    DRS_PAIR,
    SPEC_PAIR,
    SYS_PAIR,
    UMR_PAIR,
    UMR_VERSIONS,
    broken_pair,
    hold_first_scoring_until_cancelled,
    score_now,
    scored_state,
    wait_until_idle,
)


@pytest.fixture
def state(app_state):
    return app_state


@pytest.fixture
def traced(monkeypatch):
    """Records the thread of every call of the engine's traced alignment."""
    calls = []
    original = ui.state.tasks.traced_alignment

    def recording(test, gold, params):
        calls.append((threading.current_thread(), len(test), len(gold), params))
        return original(test, gold, params)

    monkeypatch.setattr(ui.state.tasks, "traced_alignment", recording)
    return calls


def record(signal):
    seen = []
    signal.connect(lambda *args: seen.append(args))
    return seen


def selected(state: AppState) -> PairResult:
    """The pair selected now, which must be there (read in a call: after an ``is None`` check
    mypy would take the attribute for None even once a signal has changed it)."""
    return required(state.selection.pair)


def shown_trace(state: AppState) -> PairTrace:
    """The trace of the selected pair now, which must be there (read in a call, as above)."""
    return required(state.traces.trace)


def test_opening_scores_in_the_background_then_selects_the_first_pair(qtbot, state):
    events: list[str | tuple[str, int]] = []
    state.scoring.corpus_changed.connect(lambda corpus: events.append("corpus"))
    state.selection.pair_selected.connect(lambda result: events.append(("pair", result.index)))
    busy = record(state.messages.busy_changed)
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.open_pair(*SYS_PAIR)
        assert state.scoring.busy
    assert events[:2] == ["corpus", ("pair", 0)]
    assert busy == [(True,), (False,)] and not state.scoring.busy
    assert state.scoring.files.test_path == SYS_PAIR[0] and len(state.scoring.corpus.pairs) == 5
    assert [entry.files.test_path for entry in state.settings.recent()] == [SYS_PAIR[0].resolve()]


def test_a_second_open_while_scoring_is_refused(qtbot, state):
    messages = record(state.messages.message)
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.open_pair(*SYS_PAIR)
        assert not state.scoring.open_pair(*SPEC_PAIR)
    assert ("Still scoring: cancel (Esc) before starting again.",) in messages
    assert state.scoring.files.test_path == SYS_PAIR[0]


def test_the_wanted_pair_is_selected_once_scored(qtbot, state):
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SPEC_PAIR, select="read")
    assert state.selection.pair.id == "read"
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SYS_PAIR, select="4")  # graphagree-app --pair 4: the app's "Pair 4"
    assert state.selection.pair.id == "sentence 4" and state.selection.pair.number == 4
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SPEC_PAIR, select="read")
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SPEC_PAIR, select="nothing")
    assert state.selection.pair.index == 1  # the previous selection is kept
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SYS_PAIR, select="nothing")
    assert state.selection.pair.index == 0  # other files: their first pair
    messages = record(state.messages.message)
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SYS_PAIR, select="nothing")
    assert messages[-1] == ("No pair 'nothing' in this corpus.",)


def test_a_file_that_cannot_be_read_keeps_the_scores(qtbot, state, tmp_path):
    score_now(state, *SPEC_PAIR)
    before = state.scoring.corpus
    problems = record(state.messages.problem)
    with qtbot.waitSignal(state.scoring.load_failed, timeout=10000) as failed:
        state.scoring.open_pair(tmp_path / "missing.amr", SPEC_PAIR[1])
    assert "missing.amr" in failed.args[0] and "cannot read" in failed.args[0]
    assert state.scoring.corpus is before and state.scoring.last_error == failed.args[0]
    assert problems[-1][0].startswith("Could not open: ") and "still shown" in problems[-1][0]
    assert not state.scoring.busy


def test_errors_and_warnings_go_to_the_banner(tmp_path):
    state = scored_state(tmp_path, broken_pair(tmp_path))
    problems = record(state.messages.problem)
    score_now(state, *broken_pair(tmp_path))
    assert problems[0] == ("", "")  # cleared first
    assert problems[1][0].startswith("1 pair not scored. First problem: ") and "broken_test.amr:5" in problems[1][0]
    state = scored_state(tmp_path, UMR_PAIR)
    assert state.scoring.document_of(state.selection.pair) is required(state.scoring.corpus).documents[0]
    problems = record(state.messages.problem)
    score_now(state, *UMR_PAIR)
    assert problems[1][0].startswith("2 warnings:\n") and "counted from 0" in problems[1][0]


def test_the_filter_keeps_the_selection_or_moves_it_to_the_first_kept_pair(tmp_path):
    state = scored_state(tmp_path, SYS_PAIR)
    filters = record(state.selection.filter_changed)
    state.selection.select_pair(required(state.scoring.corpus).pairs[3])
    state.selection.set_filter("LR F1 < 0.8")
    assert [r.id for r in state.selection.visible_pairs()] == ["sentence 1", "sentence 2", "sentence 4"]
    assert selected(state).id == "sentence 4"  # kept
    state.selection.set_filter("telescope")
    assert selected(state).id == "sentence 2"  # the first kept pair
    state.selection.set_filter("no such words")
    assert state.selection.pair is None and state.selection.visible_pairs() == []
    assert state.selection.select_pair_id("sentence 5")  # a hidden pair: the filter is cleared
    assert state.selection.filter_text == "" and selected(state).id == "sentence 5"
    assert filters == [("LR F1 < 0.8",), ("telescope",), ("no such words",), ("",)]
    assert (
        state.selection.select_pair_id("2") and selected(state).id == "sentence 2"
    )  # the pair's number, as the # column and "Pair 2" show it, when no id matches
    assert not state.selection.select_pair_id("0") and selected(state).id == "sentence 2"  # numbered from 1
    assert not state.selection.select_pair_id("sentence 9")


def test_typing_a_filter_ends_on_the_same_pair_as_pasting_it(tmp_path):
    """Typed a letter at a time, "LR F1 < 0.75" passes through "LR F1 < 0.7", which hides the
    pair chosen (snt1) and selected snt22, the first it keeps; "< 0.75" keeps snt22 too, and the
    selection stayed there rather than on snt6, the first pair of the filter typed. The filter
    keeps the pair the user chose, else selects its first pair, whatever it passed through."""
    state = scored_state(tmp_path, UMR_VERSIONS)
    state.selection.select_pair_id("snt1")
    text = "LR F1 < 0.75"
    for end in range(1, len(text) + 1):
        state.selection.set_filter(text[:end])
    assert [r.id for r in state.selection.visible_pairs()][:2] == ["snt6", "snt22"]
    assert selected(state).id == "snt6"
    state.selection.set_filter("")  # the filter undone: the pair chosen
    assert selected(state).id == "snt1"
    for end in range(1, len(text) + 1):
        state.selection.set_filter(text[:end])
    state.selection.request_panel("graphs")  # snt6 opened (a double click): chosen now
    state.selection.set_filter("")
    assert selected(state).id == "snt6"
    state.selection.select_pair_id("snt24")
    for end in range(1, len(text) + 1):
        state.selection.set_filter(text[:end])
    assert selected(state).id == "snt24"  # chosen and kept all along
    state.selection.select_pair_id("snt3")  # kept by the filter typed; "..., wlr < 0" on the way keeps none
    state.selection.set_filter("")
    text = "LR F1 < 0.9, wlr < 0.9"
    for end in range(1, len(text) + 1):
        state.selection.set_filter(text[:end])
    assert "snt3" in [r.id for r in state.selection.visible_pairs()] and selected(state).id == "snt3"
    state.shutdown()


def test_selecting_a_node_names_its_partner(tmp_path):
    state = scored_state(tmp_path)
    nodes = record(state.selection.node_selected)
    state.selection.select_pair_id("read")
    state.selection.select_node("test", "h")
    state.selection.select_node("test", "h")  # no change: no signal
    assert nodes == [("test", "h")]
    assert state.selection.selected_nodes() == {"test": "h", "gold": "s"}
    state.selection.select_node("gold", "p")
    assert state.selection.selected_nodes() == {"gold": "p", "test": "b"}
    state.selection.select_pair(required(state.scoring.corpus).pairs[0])  # a new pair forgets the node
    assert state.selection.node is None and state.selection.selected_nodes() == {}
    state.shutdown()


def test_selecting_a_triple(tmp_path):
    state = scored_state(tmp_path)
    state.selection.select_pair_id("read")
    assert len(state.selection.triple_rows) == 4
    triples = record(state.selection.triple_selected)
    state.selection.select_triple(state.selection.triple_rows[2])
    state.selection.select_triple(state.selection.triple_rows[2])
    assert triples == [(state.selection.triple_rows[2],)] and state.selection.triple is state.selection.triple_rows[2]
    state.shutdown()


def test_the_trace_is_made_off_the_gui_thread_and_cached(qtbot, tmp_path, traced):
    state = scored_state(tmp_path)
    ready = record(state.traces.trace_ready)
    qtbot.waitUntil(lambda: len(ready) == 1, timeout=10000)  # the first pair, selected on loading
    with qtbot.waitSignal(state.traces.trace_ready, timeout=10000):
        state.selection.select_pair_id("read")
        assert state.traces.trace is None  # not traced on the GUI thread
    assert [(size_test, size_gold) for _, size_test, size_gold, _ in traced] == [(1, 1), (5, 5)]
    assert all(thread is not threading.main_thread() for thread, *_ in traced)
    trace = shown_trace(state)
    assert trace.alignment is not None
    assert trace.rows == ("read-01", "house", "he", "book", "i") and len(trace.alignment.rounds) == 2
    state.selection.select_pair_id("fry")
    state.selection.select_pair_id("read")  # again: from the cache, at once
    assert state.traces.trace is trace and ready[-1] == (trace,)
    assert len(traced) == 2
    state.shutdown()


def test_a_trace_for_a_pair_no_longer_selected_is_not_shown(qtbot, tmp_path, monkeypatch):
    state = scored_state(tmp_path)
    original = ui.state.tasks.traced_alignment
    release = threading.Event()

    def slow(test, gold, params):
        if len(test) == 5:
            release.wait(10)
        return original(test, gold, params)

    monkeypatch.setattr(ui.state.tasks, "traced_alignment", slow)
    qtbot.waitUntil(lambda: state.traces.trace is not None, timeout=10000)  # the first pair, fry
    ready = record(state.traces.trace_ready)
    state.selection.select_pair_id("read")  # traced slowly
    state.selection.select_pair_id("fry")  # from the cache
    release.set()
    qtbot.waitUntil(lambda: not state.runner.busy("trace"), timeout=10000)
    assert [trace.rows for (trace,) in ready] == [("fry-03",)]
    assert shown_trace(state).rows == ("fry-03",)
    assert len(state.traces.cache) == 2  # the late trace is kept for when the pair is selected again
    state.shutdown()


def test_the_cache_holds_for_a_rescore_and_not_for_new_parameters_or_files(qtbot, tmp_path, traced):
    state = scored_state(tmp_path)
    state.selection.select_pair_id("read")
    qtbot.waitUntil(lambda: not state.runner.busy("trace") and state.traces.trace is not None, timeout=10000)
    assert len(traced) == 2
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.rescore()
    qtbot.waitUntil(lambda: state.traces.trace is not None, timeout=10000)
    assert len(traced) == 2  # the same files under the same parameters: no new trace
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.set_params(Params(gamma=0.5))
    qtbot.waitUntil(lambda: state.traces.trace is not None, timeout=10000)
    assert len(traced) == 3 and traced[-1][3].gamma == 0.5
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*SPEC_PAIR)  # read again: new graphs
    qtbot.waitUntil(lambda: state.traces.trace is not None, timeout=10000)
    assert len(traced) == 4
    state.shutdown()


def test_an_unreadable_pair_has_no_trace_at_once(tmp_path, traced):
    state = scored_state(tmp_path, broken_pair(tmp_path))
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    assert (
        shown_trace(state).alignment is None and shown_trace(state).problem == "No trace: the pair could not be read."
    )
    assert all(size != 1 for _, size, *_ in traced)
    state.shutdown()


def test_wait_for_trace_traces_now_when_needed(tmp_path, traced):
    state = scored_state(tmp_path)
    state.selection.select_pair_id("read")
    trace = state.traces.wait_for_trace()
    assert trace is not None
    assert trace is state.traces.trace and trace.alignment is not None
    assert any(thread is threading.main_thread() for thread, *_ in traced)  # an export asked for it
    state.shutdown()


def test_new_parameters_while_files_are_read_score_them_under_the_new_ones(qtbot, tmp_path, monkeypatch):
    """Scoring > Parameters changed while other files are being read: once in, they are scored
    again under the new parameters (scoring them again was refused, "Still scoring", and the
    scores shown stayed those of the old parameters)."""
    state = scored_state(tmp_path)
    released = threading.Event()
    requests = hold_first_scoring_until_cancelled(monkeypatch, released)
    messages: list[str] = []
    state.messages.message.connect(messages.append)
    assert state.scoring.open_pair(*SYS_PAIR)
    state.scoring.set_params(Params(gamma=0.5))
    released.set()
    wait_until_idle(qtbot, state)
    corpus = required(state.scoring.corpus)
    assert required(state.scoring.files).paths == SYS_PAIR and corpus.params.gamma == 0.5
    assert [request.params.gamma for request in requests] == [Params().gamma, 0.5]
    assert not [text for text in messages if text.startswith("Still scoring")]
    state.shutdown()


def test_new_parameters_while_files_that_cannot_be_read_are_read_score_those_shown(qtbot, tmp_path, monkeypatch):
    """The files being read when the parameters changed cannot be opened: the files shown before
    are scored again under the new parameters (they stayed under the old ones)."""
    state = scored_state(tmp_path)
    released = threading.Event()
    hold_first_scoring_until_cancelled(monkeypatch, released)
    failures: list[str] = []
    state.scoring.load_failed.connect(failures.append)
    assert state.scoring.open_pair(tmp_path / "missing.amr", SPEC_PAIR[1])
    state.scoring.set_params(Params(gamma=0.5))
    released.set()
    wait_until_idle(qtbot, state)
    assert len(failures) == 1 and "missing.amr" in failures[0]
    assert required(state.scoring.files).paths == SPEC_PAIR and required(state.scoring.corpus).params.gamma == 0.5
    state.shutdown()


def test_swap_and_replace_keep_the_other_file(qtbot, tmp_path):
    state = scored_state(tmp_path)
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.swap()
    assert state.scoring.files is not None
    assert (state.scoring.files.test_path, state.scoring.files.gold_path) == (SPEC_PAIR[1], SPEC_PAIR[0])
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.replace_file("gold", SPEC_PAIR[1])
    assert (state.scoring.files.test_path, state.scoring.files.gold_path) == (SPEC_PAIR[1], SPEC_PAIR[1])
    state.shutdown()


def test_nothing_to_rescore_or_swap_before_files_are_open(state):
    assert (
        not state.scoring.rescore()
        and not state.scoring.swap()
        and not state.scoring.replace_file("test", SPEC_PAIR[0])
    )
    assert (
        state.selection.pair is None
        and state.selection.selected_nodes() == {}
        and state.scoring.document_of(None) is None
    )


def test_other_files_select_their_first_pair_the_same_files_keep_theirs(qtbot, tmp_path):
    """Pair 2 of the MetAMoRphosED demo is selected: scoring it again (new parameters) or with
    test and gold swapped keeps pair 2; opening the DRS demo selects its first pair, not its pair 2."""
    state = scored_state(tmp_path, SYS_PAIR)
    state.selection.select_pair(required(state.scoring.corpus).pairs[2])
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.set_params(Params(gamma=0.5))
    assert selected(state).index == 2 and required(state.scoring.corpus).params.gamma == 0.5
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.swap()
    assert selected(state).index == 2
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.open_pair(*DRS_PAIR)
    assert state.selection.pair is required(state.scoring.corpus).pairs[0] and selected(state).id == "contrast"
    state.selection.select_pair(required(state.scoring.corpus).pairs[2])
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.replace_file("gold", DRS_PAIR[0])  # another gold file: other files
    assert state.selection.pair.index == 0
    state.shutdown()
