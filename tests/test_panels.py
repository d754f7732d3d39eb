"""The visual panels (graphs, heatmaps, triples, PENMAN) driven offscreen."""

import threading
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from engine.metrics.triples import Category
from ui.adjudication.tasks import NewSession, create_session
from ui.annotators import state as annotators_state
from ui.pair.graph_view import HIGHLIGHT, MISMATCH_PEN, UNALIGNED_PEN
from ui.shell.commands.exports import write_panel, write_report
from ui.shell.main_window import MainWindow

from .conftest import required
from .ui_support import SPEC_PAIR, SYS_PAIR, UMR_PAIR, temporary_settings, wait_until_idle


def spec_window(qtbot, tmp_path, prepare=lambda window: None):
    """A window on the SPEC examples, "read" selected, once every job is over (the scores, the
    trace, the label confusion that the Annotators perspective shows...); ``prepare(window)``
    runs before the files are opened."""
    window = MainWindow(temporary_settings(tmp_path))
    qtbot.addWidget(window)
    window.show()
    prepare(window)
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        window.state.scoring.open_pair(*SPEC_PAIR)
    with qtbot.waitSignal(window.state.traces.trace_ready, timeout=20000):
        assert window.state.selection.select_pair_id("read")
    wait_until_idle(qtbot, window.state)
    return window


@pytest.fixture
def window(qtbot, tmp_path):
    return spec_window(qtbot, tmp_path)


def test_the_window_is_ready_when_the_label_confusion_comes_last(qtbot, tmp_path, monkeypatch):
    """The label confusion held until the trace is in (as a loaded machine may finish them):
    the window is still only handed over with every panel of every perspective ready."""
    traced = threading.Event()
    counted = annotators_state.confusion_of_corpus

    def after_the_trace(*args):
        assert traced.wait(timeout=20)
        return counted(*args)

    monkeypatch.setattr(annotators_state, "confusion_of_corpus", after_the_trace)
    window = spec_window(
        qtbot, tmp_path, lambda window: window.state.traces.trace_ready.connect(lambda _: traced.set())
    )
    assert window.state.annotators.confusion is not None and window.confusion_panel.is_available()


def test_graphs_show_every_node_edge_and_aligned_tags(window):
    panel = window.graphs
    assert set(panel.test_scene.node_items) == {"r1", "h2", "h", "b", "i"}
    assert len(panel.test_scene.edge_items) == 4 and len(panel.gold_scene.edge_items) == 4
    test_marks, gold_marks = panel.test_scene.marks, panel.gold_scene.marks
    for test_var, gold_var in (("r1", "r1"), ("h", "s"), ("b", "p"), ("h2", "h2"), ("i", "i")):
        assert (
            panel.test_scene.node_items[test_var].brush().color()
            == panel.gold_scene.node_items[gold_var].brush().color()
        )
        assert test_marks.nodes[test_var].tag == gold_marks.nodes[gold_var].tag
    assert len({test_marks.nodes[v].tag for v in ("r1", "h", "b", "h2", "i")}) == 5
    # colour by status: same concept (i) and different concepts (he/she) differ
    assert panel.test_scene.node_items["i"].brush().color() != panel.test_scene.node_items["h"].brush().color()
    # poss vs part differ: both edges are drawn red and dashed
    poss = panel.test_scene.edge_items[("b", ":poss", "i")]
    assert poss.pen().color() == MISMATCH_PEN and poss.pen().style() == Qt.PenStyle.DashLine
    # aligned graphs are laid out with partners across from each other (within a few pixels: the boxes differ)
    assert panel.test_scene.node_items["h"].sceneBoundingRect().center().x() == pytest.approx(
        panel.gold_scene.node_items["s"].sceneBoundingRect().center().x(), abs=3.0
    )


def test_unaligned_nodes_are_marked(window, qtbot):
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        window.state.scoring.open_pair(*SYS_PAIR)
    window.state.selection.select_pair_id("sentence 4")  # 4 test nodes against 3 gold nodes
    result = window.state.selection.pair
    unaligned = [result.test.nodes[i].var for i, j in enumerate(result.alignment.gold_of) if j is None]
    assert len(unaligned) == 1
    item = window.graphs.test_scene.node_items[unaligned[0]]
    assert item.pen().color() == UNALIGNED_PEN


def test_clicking_a_node_highlights_its_partner_row_and_text(window):
    window.graphs.test_scene.node_clicked.emit("h")
    assert window.graphs.gold_scene.node_items["s"].pen().color() == HIGHLIGHT
    assert window.graphs.gold_scene.node_items["p"].pen().color() != HIGHLIGHT
    selected = window.triples_panel.table.selectionModel().selectedRows()
    assert len(selected) == 1
    row = window.triples_panel.proxy.item(selected[0].row())
    assert str(row.test) == "(r1/read-01 :ARG0 h/he)"
    gold_lines = [s.cursor.block().text() for s in window.penman_panel.gold_text.extraSelections()]
    assert gold_lines == ["    :ARG0 (s / she)"]


def test_selecting_a_triple_highlights_it_in_both_graphs(window):
    panel = window.triples_panel
    rows = [panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount())]
    panel.table.selectRow(rows.index("label differs"))
    assert window.graphs.test_scene.edge_items[("b", ":poss", "i")].pen().color() == HIGHLIGHT
    assert window.graphs.gold_scene.edge_items[("p", ":part", "i")].pen().color() == HIGHLIGHT
    assert [s.cursor.block().text().strip() for s in window.penman_panel.test_text.extraSelections()] == [
        ":poss (i / i)))"
    ]


def test_triples_table_filters_by_category(window):
    panel = window.triples_panel
    assert panel.proxy.rowCount() == 4
    panel.category.setCurrentIndex(panel.category.findData(Category.CONCEPT_DIFFERS.value))
    assert panel.proxy.rowCount() == 3
    panel.category.setCurrentIndex(panel.category.findData(Category.MATCHED.value))
    assert panel.proxy.rowCount() == 0
    assert "label differs: 1" in panel.counts.text()


def test_heatmaps_are_painted(window, qtbot):
    window.workspace.show_perspective("rounds")
    plot = window.heatmaps.plots["adjusted"]
    qtbot.waitUntil(lambda: plot.heatmap is not None, timeout=5000)
    image = plot.grab().toImage()
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    assert len(colours) > 20  # a colour-mapped matrix, not an empty white plot


def test_round_slider_walks_the_trace(window):
    heatmaps = window.heatmaps
    assert heatmaps.slider.maximum() == 2 and heatmaps.slider.value() == 1
    assert any("house ties with home, she and paper at 0.082" in line for line in heatmaps.view.caption.details)
    adjusted = heatmaps.plots["adjusted"]
    first = np.array(adjusted.matrix, copy=True)
    assert first[1, 1] == pytest.approx(0.082)
    assert adjusted.row_names == ["read-01", "house", "he", "book", "i"]
    assert adjusted.column_names == ["read-03", "home", "she", "paper", "i"]
    heatmaps.next_button.click()
    assert heatmaps.slider.value() == 2
    assert not np.array_equal(first, adjusted.matrix)
    assert heatmaps.plots["anchors"].matrix.sum() == 5  # every pair is an anchor by round 2
    assert "no new mutual best match" in heatmaps.headline.text()
    assert not heatmaps.next_button.isEnabled()


def test_exports_write_valid_files(window, tmp_path):
    context = window.context
    assert write_panel(context, "graphs", tmp_path / "graphs.png")
    assert not QImage(str(tmp_path / "graphs.png")).isNull()
    assert write_panel(context, "graphs", tmp_path / "graphs.svg")
    assert ET.parse(tmp_path / "graphs.svg").getroot().tag.endswith("svg")
    assert write_panel(context, "rounds", tmp_path / "rounds.png")
    assert not QImage(str(tmp_path / "rounds.png")).isNull()
    assert write_panel(context, "rounds", tmp_path / "rounds.svg")
    assert ET.parse(tmp_path / "rounds.svg").getroot().tag.endswith("svg")
    assert write_report(context, tmp_path / "pair.html")
    html = (tmp_path / "pair.html").read_text()
    assert "She is reading my book in the house." in html and html.count("<svg") == 2 + 2  # graphs, then 2 rounds
    assert "0.4208" in html and "label differs" in html and "house ties with home" in html
    assert "<td>same aligned ends, role :poss in test vs :part in gold</td>" in html  # why, for each triple


def test_every_panel_is_shown_by_a_perspective(window, tmp_path):
    def shown() -> set[str]:
        seen = set()
        for key in window.workspace.pages:
            window.workspace.show_perspective(key)
            seen |= {name for name, panel in window.panels.items() if panel.widget.isVisible()}
        return seen

    adjudication = {"adjudication", "adjudicated"}  # with a session only
    drs = {"clauses", "dscorer"}  # for DRS input only (tests/test_ui_drs.py)
    # the document level only for UMR; the annotators' matrix and their plots once several annotators
    # are opened (tests/test_ui_annotators.py, test_ui_plots.py); the Compare panels with a comparison
    # (tests/test_ui_compare.py); the Explain tab behind Steps until a cell is clicked (presentation explains in
    # the lesson's text: tests/test_ui_teaching_rehearsal.py)
    later = {"document", "annotators", "annotator_plots", "compare", "compare_sentence", "explanation"}
    assert shown() == set(window.panels) - later - adjudication - drs
    session = create_session(NewSession(SPEC_PAIR, "ana", tmp_path / "spec.adjudication.sqlite"))
    assert window.state.adjudication.open(session, "ana") is None
    assert shown() == set(window.panels) - later - drs
    image = window.grab().toImage()
    assert not image.isNull()


def test_umr_pair_shows_document_level_and_aligned_tokens(qtbot, tmp_path):
    window = MainWindow(temporary_settings(tmp_path, "umr.ini"))
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        window.state.scoring.open_pair(*UMR_PAIR)
    assert window.state.scoring.corpus is not None
    assert window.corpus_panel.model.rowCount() == 2 and len(window.state.scoring.corpus.documents) == 1
    assert "counted from 0" in window.banner.text()
    panel = window.document_panel
    assert required(panel.scores.item(0, 0)).text() == "0.5000"  # modal F1 of the sample
    kinds = {row[0] for row in panel.model.rows}
    assert kinds == {"modal", "temporal"}
    panel.kind.setCurrentIndex(panel.kind.findData("temporal"))
    assert panel.proxy.rowCount() == sum(1 for row in panel.model.rows if row[0] == "temporal")
    window.graphs.test_scene.node_clicked.emit("s1x0")  # leave-11, aligned to "left"
    tokens = window.pair_view.tokens.text()
    assert "<b>left</b>" in tokens and tokens.count("<b>") == 2  # in the test and the gold sentence
