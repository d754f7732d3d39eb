"""The pair view alone with a state: header, scores, PENMAN texts, alignment, highlights."""

import pytest

from ui.pair_view import PairView

from .ui_support import UMR_PAIR, broken_pair, scored_state


@pytest.fixture
def state(tmp_path):
    state = scored_state(tmp_path)
    yield state
    state.shutdown()


@pytest.fixture
def view(qtbot, state):
    view = PairView(state)
    qtbot.addWidget(view)
    state.select_pair_id("read")
    return view


def shaded(text):
    return [selection.cursor.block().text().strip() for selection in text.extraSelections()]


def test_shows_the_selected_pair(view):
    assert view.header.text().startswith("<b>Pair 1</b> &middot; read<br>She is reading my book in the house.")
    assert view.test_text.toPlainText().startswith("(r1 / read-01")
    assert view.scores.item(2, 0).text() == "0.5133"  # concept F1
    assert view.alignment_model.rowCount() == 5
    assert view.test_box.title() == "Test - spec_examples_test.amr, line 10"


def test_a_selected_node_and_its_partner_are_shaded(view, state):
    state.select_node("test", "h")
    assert shaded(view.test_text) == [":ARG0 (h / he)"] and shaded(view.gold_text) == [":ARG0 (s / she)"]


def test_a_selected_triple_is_shaded_then_cleared(view, state):
    label_differs = next(row for row in state.triple_rows if row.category.value == "label differs")
    state.select_triple(label_differs)
    assert shaded(view.test_text) == [":poss (i / i)))"] and shaded(view.gold_text) == [":part (i / i)))"]
    state.select_triple(None)
    assert shaded(view.test_text) == [] and shaded(view.gold_text) == []


def test_no_pair_and_an_unreadable_pair(qtbot, tmp_path):
    state = scored_state(tmp_path, broken_pair(tmp_path))
    view = PairView(state)
    qtbot.addWidget(view)
    state.select_pair(state.corpus.pairs[1])
    assert "Not scored" in view.header.text() and view.alignment_model.rowCount() == 0
    assert view.test_text.toPlainText() == "# ::id two\n(l / like-01 :ARG0 (g / girl :ARG1 (c / cat))"
    state.set_filter("no such words")
    assert view.header.text() == "Select a pair to see its graphs and alignment." and view.test_text.toPlainText() == ""
    state.shutdown()


def test_aligned_tokens_of_a_umr_node(qtbot, tmp_path):
    state = scored_state(tmp_path, UMR_PAIR)
    view = PairView(state)
    qtbot.addWidget(view)
    state.select_pair(state.corpus.pairs[1])
    state.select_pair(state.corpus.pairs[0])
    state.select_node("test", "s1x0")  # leave-11, aligned to "left"
    assert "<b>left</b>" in view.tokens.text() and view.tokens.text().count("<b>") == 2
    state.shutdown()
