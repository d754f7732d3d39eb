"""The pair view alone with a state: header, scores (F1 first), sentence, aligned words."""

import pytest
from PySide6.QtGui import Qt, QTextDocumentFragment
from PySide6.QtWidgets import QLabel

from engine.params import Params
from engine.registry import SMATCH, metrics, short_name
from ui.corpus.pair_view import NOT_SCORED, PairView

from .conftest import required
from .ui_support import SPEC_PAIR, UMR_PAIR, broken_pair, score_now, scored_state, shown_window


@pytest.fixture
def state(scored_app_state):
    return scored_app_state


@pytest.fixture
def view(qtbot, state):
    view = PairView(state)
    qtbot.addWidget(view)
    state.selection.select_pair_id("read")
    return view


def headers(grid):
    return [grid.horizontalHeaderItem(k).text() for k in range(grid.columnCount())]


def test_shows_the_selected_pair(view):
    assert view.header.text() == "<b>Pair 2</b> &middot; read"  # the second pair: numbered from 1
    assert view.sentence.text() == "She is reading my book in the house."
    assert headers(view.scores) == ["F1", "P", "R"]
    rows = [view.scores.verticalHeaderItem(k).text() for k in range(view.scores.rowCount())]
    assert rows == [short_name(metric) for metric in metrics()]
    concept = [view.scores.item(0, k).text() for k in range(3)]
    assert concept == ["0.5133"] * 3  # F1, P and R of the concept score (equal sizes)
    assert view.scores.item(0, 0).font().bold() and not view.scores.item(0, 1).font().bold()
    shown = [short_name(m) for k, m in enumerate(metrics()) if not view.scores.isRowHidden(k)]
    assert shown == ["Concept", "LR", "ULR", "WLR", "Mock Smatch"]  # no empty Smatch, Counter, DScorer rows


def test_the_score_table_shows_every_row(view):
    grid = view.scores
    assert grid.height() >= grid.verticalHeader().length() + grid.horizontalHeader().height()
    assert grid.minimumHeight() == grid.maximumHeight()  # no layout can squeeze the rows out of sight
    # and keeps no room for the hidden rows: five rows shown
    assert grid.verticalHeader().length() == 5 * grid.verticalHeader().defaultSectionSize()
    assert grid.maximumHeight() == grid.verticalHeader().length() + grid.horizontalHeader().sizeHint().height() + (
        2 * grid.frameWidth()
    )


def test_the_rows_follow_the_metrics_the_run_computes(qtbot, state, view):
    smatch = metrics().index(SMATCH)
    assert view.scores.isRowHidden(smatch)
    state.scoring.params = Params(optional_metrics={"smatch"})
    score_now(state, *SPEC_PAIR)
    assert not view.scores.isRowHidden(smatch) and view.scores.item(smatch, 0).text() != ""
    assert view.scores.verticalHeader().length() == 6 * view.scores.verticalHeader().defaultSectionSize()


def test_no_pair_an_unreadable_pair_and_an_empty_filter(qtbot, tmp_path):
    state = scored_state(tmp_path, broken_pair(tmp_path))
    view = PairView(state)
    qtbot.addWidget(view)
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    assert "Not scored" in view.sentence.text() and "broken_test.amr:5" in view.sentence.text()
    assert [required(view.scores.item(0, k)).text() for k in range(3)] == [NOT_SCORED] * 3
    state.selection.set_filter("no such words")
    assert (
        view.header.text()
        == "No pair matches the filter \u201cno such words\u201d (3 pairs hidden): change or clear it."
    )
    assert view.sentence.text() == "" and view.scores.item(0, 0) is None
    state.shutdown()


def test_aligned_tokens_of_a_umr_node(qtbot, tmp_path):
    state = scored_state(tmp_path, UMR_PAIR)
    view = PairView(state)
    qtbot.addWidget(view)
    state.selection.select_pair(required(state.scoring.corpus).pairs[1])
    state.selection.select_pair(required(state.scoring.corpus).pairs[0])
    state.selection.select_node("test", "s1x0")  # leave-11, aligned to "left"
    assert "<b>left</b>" in view.tokens.text() and view.tokens.text().count("<b>") == 2
    assert view.sentence.isHidden()  # the words are the sentence
    state.shutdown()


QUOTED = (  # Qt takes a text with "&lt;" for rich text and one without for plain text: both kinds
    "\" There will surely be enough grass for him , \" said the grown - ups ' friend & co",
    "a < b",
)


def shown_text(label: QLabel) -> str:
    """What a label shows: its text as written, or as rendered when Qt takes it for rich text."""
    text, format = label.text(), label.textFormat()
    rich = format == Qt.TextFormat.RichText or (format == Qt.TextFormat.AutoText and Qt.mightBeRichText(text))
    return QTextDocumentFragment.fromHtml(text).toPlainText() if rich else text


def test_quotes_and_ampersands_show_as_written_in_every_label(qtbot, tmp_path):
    """Sentences with quotes, an apostrophe, ``&`` or ``<``: no label of the window shows an HTML
    entity (a label that takes its text for plain text shows ``&quot;`` as it is)."""
    test, gold = tmp_path / "quoted_test.amr", tmp_path / "quoted_gold.amr"
    for path, concept in ((test, "say-01"), (gold, "state-01")):
        path.write_text(
            "".join(
                f"# ::id q{k}\n# ::snt {text}\n(s / {concept} :ARG0 (p / person))\n\n" for k, text in enumerate(QUOTED)
            ),
            encoding="utf-8",
        )
    window = shown_window(qtbot, tmp_path, (test, gold))
    window.state.selection.set_filter("no such words\" & 'here'")  # the header repeats the filter
    assert shown_text(window.pair_view.header).startswith("No pair matches the filter \u201cno such words\" & 'here'")
    window.state.selection.set_filter("")
    for k, text in enumerate(QUOTED):
        window.state.selection.select_pair(window.state.scoring.corpus.pairs[k])
        assert shown_text(window.pair_view.sentence) == text
        for perspective in window.workspace.pages:
            window.workspace.show_perspective(perspective)
            for label in window.findChildren(QLabel):
                shown = shown_text(label)
                assert not any(entity in shown for entity in ("&quot;", "&#x27;", "&amp;", "&lt;", "&gt;")), shown
