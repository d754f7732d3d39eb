"""DRS pairs in the app: the clauses panel, the DScorer panel and its k-grams, boxes drawn as
frames, the DRS columns of the corpus table, the DRS parameters, and the bundled demo opened
from the menu in a whole window."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from engine.demos import DEMOS
from engine.drs import DScorerSettings, read_drs_file
from engine.layout import graph_elements
from engine.layout.marks import GraphMarks
from engine.layout.text import ApproximateText
from engine.metrics.triples import Category
from engine.params import Params
from engine.read import load_pairs
from engine.registry import metrics
from engine.scoring import score_corpus
from ui.drs.clause_panel import ClausePanel, clause_rows
from ui.drs.dscorer_panel import SHOWN, DScorerPanel
from ui.drs.kgram_rows import KgramSide, differing_kgrams, kgram_text
from ui.pair.graph_svg import graph_svg
from ui.shell.commands.exports import write_report
from ui.shell.main_window import MainWindow
from ui.shell.params_dialog import ParamsDialog

from .conftest import DATA, graph_of, required
from .ui_support import DRS_PAIR, SPEC_PAIR, score_now, scored_state, temporary_settings

TINY = (DATA / "drs" / "tiny_test.clf", DATA / "drs" / "tiny_gold.clf")


@pytest.fixture
def state(tmp_path):
    state = scored_state(tmp_path, DRS_PAIR)
    yield state
    state.shutdown()


def kgrams_of(qtbot, state, panel, k):
    """Ask for the k-grams of order k and wait until the panel shows them."""
    with qtbot.waitSignal(panel.kgram_lister.ready, timeout=20000):
        panel.order.setValue(k) if panel.order.value() != k else panel._request()
    qtbot.waitUntil(lambda: panel.listing is not None and panel.listing.k == k)
    return panel.listing


def test_the_clause_rows_of_a_pair_under_counters_mapping(state):
    rows = clause_rows(state.selection.pair.drs.counter)
    assert [row.status for row in rows].count(Category.MATCHED) == 14
    only_gold = [required(row.gold).text() for row in rows if row.status is Category.ONLY_IN_GOLD]
    assert only_gold == ["b0 NOT b1", 'b1 play "v.03" e1']
    assert [required(row.test).text() for row in rows if row.status is Category.ONLY_IN_TEST] == ['b1 play "v.01" e1']
    kinds = {row.gold.text(): row.kind for row in rows if row.gold is not None}
    assert kinds["b0 NOT b1"] == "operator" and kinds['b1 play "v.03" e1'] == "verb"
    assert kinds["b1 Agent e1 x1"] == "role" and kinds['b3 piano "n.01" x2'] == "noun"


def test_the_clause_panel(qtbot, state):
    panel = ClausePanel(state)
    qtbot.addWidget(panel)
    assert panel.counts.text() == "matched: 14  only in test: 1  only in gold: 2"
    assert panel.summary.text().startswith("Counter P 0.9333  R 0.8750  F1 0.9032: 14 of 15 test and 16 gold")
    assert "proven optimal" in panel.summary.text() and "b0→b0" in panel.mapping.text()
    panel.status.setCurrentIndex(panel.status.findData(Category.ONLY_IN_GOLD.value))
    assert panel.proxy.rowCount() == 2
    panel.table.selectRow(0)  # b0 NOT b1: about the negated box
    assert state.selection.node == ("gold", "b1") and panel.table.selectionModel().selectedRows()[0].row() == 0
    panel.status.setCurrentIndex(0)
    state.selection.select_node("test", "x2")  # the first clause of the piano
    [selected] = panel.table.selectionModel().selectedRows()
    assert "x2" in panel.proxy.index(selected.row(), 1).data().split()
    state.selection.select_pair_id("gift")  # Tom's name, red's sense and Recipient differ
    assert panel.counts.text() == "matched: 13  only in test: 2  only in gold: 3"
    assert "x9→x3" in panel.mapping.text()


def test_the_dscorer_panel_lists_the_differing_kgrams(qtbot, state):
    panel = DScorerPanel(state)
    qtbot.addWidget(panel)
    assert "this pair P 0.8786  R 0.8577  F1 0.8680" in panel.title.text()
    assert "paper profile, n = 4" in panel.title.text()
    assert panel.orders.rowCount() == 5 and required(panel.orders.item(1, 0)).text() == "0.9655"
    assert [required(panel.orders.item(1, column)).text() for column in (3, 4, 5)] == ["58", "59", "56"]
    listing = kgrams_of(qtbot, state, panel, 1)
    assert (listing.index, listing.k) == (0, 1)
    shown = {
        panel.proxy.index(row, 4).data(): panel.proxy.index(row, 0).data() for row in range(panel.proxy.rowCount())
    }
    assert shown["B ─NOT─ B"] == "only in gold" and shown["B ─play.v.01─ E"] == "only in test"
    first = panel.proxy.index(0, 1)
    assert first.data(Qt.ItemDataRole.ToolTipRole) == panel.proxy.index(0, 4).data()  # the whole sequence
    assert "2 only in test, 3 only in gold" in panel.found.text()
    listing = kgrams_of(qtbot, state, panel, 2)
    assert listing.k == 2 and panel.proxy.rowCount() > 0
    panel.shown.setCurrentIndex(len(SHOWN) - 1)
    assert (
        panel.proxy.rowCount()
        == len(listing.rows)
        >= sum(listing.found[side] for side in (KgramSide.MORE_TEST, KgramSide.MORE_GOLD))
    )


def test_the_dscorer_panel_shows_the_node_counts_and_explains_the_kgrams(qtbot, state, tmp_path):
    panel = DScorerPanel(state)
    qtbot.addWidget(panel)
    state.selection.select_pair_id("gift")
    # paper graphs: test b1 b2 e1 x1 x2 t1 x9 b7 s4 and "mary" "now" = 11 nodes; gold b1 b2 e1 x1 x2 t1 x3 b3 s1
    # and "mary" "tom" "now" = 12: P = R = F1 = 11 / 12
    assert [required(panel.orders.item(0, column)).text() for column in range(6)] == [
        "0.9167",
        "0.9167",
        "0.9167",
        "11",
        "12",
        "11/12",
    ]
    assert (
        required(panel.orders.item(0, 3))
        .toolTip()
        .endswith("test 11, gold 12 nodes; P = R = F1 = min / max = 11/12 = 0.9167")
    )
    legend = panel.legend  # one line, cut short to its width, explained whole in its tooltip
    assert legend.full_text.startswith("─Agent-A1─: the Agent role's edge to its 1st argument (-A2: to its 2nd)")
    assert legend.full_text.endswith('B box, X entity, E event, S state, P proposition, T time, "..." a constant')
    assert "B ─Agent-A1─ E (the role's first argument) and E ─Agent-A2─ X (its second)" in legend.toolTip()
    assert "walked both ways" in panel.table.toolTip() and legend.isVisibleTo(panel)
    panel.show()
    qtbot.waitExposed(panel)
    legend.resize(200, legend.height())
    assert legend.text().endswith("…") and legend.fontMetrics().horizontalAdvance(legend.text()) <= 200
    legend.resize(legend.fontMetrics().horizontalAdvance(legend.full_text) + 10, legend.height())
    assert legend.text() == legend.full_text
    reference = scored_state(tmp_path, DRS_PAIR)  # DRSScorer's graph: its own nodes, its own notation
    reference.scoring.set_params(Params(dscorer_profile="reference"))
    qtbot.waitUntil(lambda: required(reference.scoring.corpus).params.dscorer_profile == "reference", timeout=20000)
    other = DScorerPanel(reference)
    qtbot.addWidget(other)
    assert (
        other.legend.full_text.startswith("─R:1→ / ─R:2→: a role's edge")
        and "B box, X any other" in other.legend.full_text
    )
    test, gold = (int(required(other.orders.item(0, column)).text()) for column in (3, 4))
    assert required(other.orders.item(0, 5)).text() == f"{min(test, gold)}/{max(test, gold)}"
    reference.shutdown()


def test_panels_of_a_pair_that_is_not_a_drs(qtbot, tmp_path):
    state = scored_state(tmp_path, SPEC_PAIR)
    clauses, dscorer = ClausePanel(state), DScorerPanel(state)
    qtbot.addWidget(clauses)
    qtbot.addWidget(dscorer)
    assert "DRS input" in clauses.summary.text() and clauses.body.isHidden() and clauses.model.rows == []
    assert "DRS input" in dscorer.title.text() and dscorer.split.isHidden()
    state.shutdown()


def test_the_tiny_pairs_differing_1grams_by_hand(tmp_path):
    """She sang, sing "v.02" in test: the paper graph walks the sing edge both ways, so the
    1-grams B-sing.v.02-E and E-sing.v.02-B are in test only and the v.01 ones in gold only."""
    corpus = score_corpus(load_pairs(*TINY).pairs)
    listing = differing_kgrams(0, required(corpus.pairs[0].drs), DScorerSettings(), 1)
    assert sorted((row.text, row.side, row.excess) for row in listing.rows) == [
        ("B ─sing.v.01─ E", "only in gold", 1),
        ("B ─sing.v.02─ E", "only in test", 1),
        ("E ─sing.v.01─ B", "only in gold", 1),
        ("E ─sing.v.02─ B", "only in test", 1),
    ]
    # both ways: REF to X, female.n.02, REF to E, Agent-A1, Agent-A2 (10 shared), and the 4 sing 1-grams
    assert listing.total == 14 and not listing.cut
    cut = differing_kgrams(0, required(corpus.pairs[0].drs), DScorerSettings(), 2, limit=1)
    assert cut.cut and len(cut.rows) <= 4


def test_kgram_text_reads_both_profiles():
    assert kgram_text(("B", "Agent-A1", "E", "Agent-A2", "X")) == "B ─Agent-A1─ E ─Agent-A2─ X"
    assert kgram_text(("B", ("to", "REF"), "X", ("from", "Agent:2"), "E")) == "B ─REF→ X ←Agent:2─ E"


def test_drs_boxes_are_drawn_as_frames():
    [pair] = load_pairs(*TINY).pairs[:1]
    elements = graph_elements(graph_of(pair.gold))
    assert {node.key for node in elements.nodes if node.frame} == {"b1"}
    assert not any(node.frame for node in graph_elements(graph_of(load_pairs(*SPEC_PAIR).pairs[0].gold)).nodes)
    from engine.layout import lay_out

    geometry = lay_out(elements, ApproximateText())
    assert geometry.nodes["b1"].frame and not geometry.nodes["e1"].frame
    svg = "\n".join(graph_svg(geometry, GraphMarks(), ApproximateText()))
    assert svg.count('fill="none" stroke="#263238" stroke-width="1"') == 1  # the frame's inner line


def test_the_corpus_table_shows_counter_and_dscorer_for_drs_only(qtbot, tmp_path):
    window = MainWindow(temporary_settings(tmp_path))
    qtbot.addWidget(window)
    columns = [window.corpus_panel.model.metric_column(metric) for metric in ("counter", "dscorer")]
    smatch = window.corpus_panel.model.metric_column("smatch")
    window.state.scoring.params = Params(optional_metrics={"smatch"})  # asked for, but not computed for DRS input
    score_now(window.state, *DRS_PAIR)
    assert not any(window.corpus_panel.table.isColumnHidden(column) for column in columns)
    assert window.corpus_panel.table.isColumnHidden(smatch)  # no empty Smatch column
    scores = window.pair_view.scores  # nor Smatch row, and no empty Smatch breakdown
    assert [scores.verticalHeaderItem(k).text() for k in range(scores.rowCount()) if not scores.isRowHidden(k)] == [
        "Concept",
        "LR",
        "ULR",
        "WLR",
        "Mock Smatch",
        "Counter",
        "DScorer (paper)",
    ]
    assert "not computed for DRS input" in window.smatch_panel.title.text()
    assert not window.smatch_panel.table.isVisibleTo(window.smatch_panel)
    proxy = window.corpus_panel.proxy
    assert [proxy.index(row, columns[0]).data() for row in range(3)] == ["0.9032", "0.8387", "1.0000"]
    assert required(window.corpus_panel.summary.item(0, metrics().index("counter"))).text() == "0.8824"  # 30/33, 30/35
    window.state.selection.set_filter("counter < 0.9")
    assert [result.id for result in window.state.selection.visible_pairs()] == ["gift"]
    score_now(window.state, *SPEC_PAIR)
    assert all(window.corpus_panel.table.isColumnHidden(column) for column in columns)
    assert not window.corpus_panel.table.isColumnHidden(smatch)  # AMR input: Smatch was asked for
    assert not scores.isRowHidden(metrics().index("smatch")) and scores.isRowHidden(metrics().index("counter"))
    window.state.shutdown()


@pytest.mark.parametrize("profile", ["paper", "reference"])
def test_every_dscorer_figure_names_the_profile_that_produced_it(qtbot, tmp_path, profile):
    """Published DScorer numbers come from the reference code: the table's column, the corpus
    summary, the pair's scores and the pair report say which profile gave the figure shown."""
    window = MainWindow(temporary_settings(tmp_path))
    qtbot.addWidget(window)
    window.state.scoring.params = Params(dscorer_profile=profile)
    score_now(window.state, *DRS_PAIR)
    column = window.corpus_panel.model.metric_column("dscorer")
    header = window.corpus_panel.proxy.headerData(column, Qt.Orientation.Horizontal)
    tip = window.corpus_panel.proxy.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert header == f"DScorer ({profile})\nF1" and f"DScorer {profile} profile, n = 4" in tip
    assert "public DRSScorer code" in tip  # what the reference profile is, either way
    summary = window.corpus_panel.summary.horizontalHeaderItem(metrics().index("dscorer"))
    assert summary is not None
    assert summary.text() == f"DScorer ({profile})" and f"DScorer {profile} profile" in summary.toolTip()
    table = window.corpus_panel.table.horizontalHeader()
    assert table.sectionSize(column) >= table.sectionSizeHint(column)  # the longer header is not cut
    row = window.pair_view.scores.verticalHeaderItem(metrics().index("dscorer"))
    assert row.text() == f"DScorer ({profile})" and f"DScorer {profile} profile" in row.toolTip()
    assert write_report(window.context, tmp_path / "pair.html")
    assert f"<th>DScorer ({profile})</th>" in (tmp_path / "pair.html").read_text(encoding="utf-8")
    dialog = ParamsDialog(window.state.scoring.params, formats={"drs"})
    qtbot.addWidget(dialog)
    line = dialog.drs.profiles_line.text()
    assert "paper: DScorer as the paper defines it" in line and "reference: the numbers of the public DRSScorer" in line
    window.state.shutdown()


def test_the_drs_parameters(qtbot):
    params = Params(dscorer_profile="reference", dscorer_n=3, drs_include_ref=True)
    dialog = ParamsDialog(params, formats={"drs"})
    qtbot.addWidget(dialog)
    assert not dialog.drs.isHidden() and dialog.drs.profile.currentText() == "reference"
    dialog.drs.weights.setText("0.4, 0.2, 0.2, 0.2")
    chosen = dialog.params()
    assert (chosen.dscorer_profile, chosen.dscorer_n, chosen.dscorer_weights, chosen.drs_include_ref) == (
        "reference",
        3,
        (0.4, 0.2, 0.2, 0.2),
        True,
    )
    dialog.drs.weights.setText("0.5, 0.5")  # n = 3 takes four
    dialog.accept()
    assert dialog.result() == 0 and "takes 4 weights" in dialog.problem.text()
    dialog.drs.weights.setText("a, b")
    dialog.accept()
    assert "numbers separated by commas" in dialog.problem.text()
    button_box = dialog.findChild(QDialogButtonBox)
    assert button_box is not None
    button_box.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dialog.params().dscorer_profile == "paper" and dialog.params().dscorer_weights is None
    assert ParamsDialog(Params()).drs.isHidden()


def test_the_drs_demo_opens_from_the_menu_with_both_graphs(qtbot, tmp_path):
    window = MainWindow(temporary_settings(tmp_path))
    qtbot.addWidget(window)
    window.show()
    [entry] = [action for action in window.action_set.submenus["demos"].actions() if action.text().startswith("DRS")]
    assert any(demo.test.suffix == ".clf" for demo in DEMOS)
    with qtbot.waitSignal(window.state.scoring.corpus_changed, timeout=20000):
        entry.trigger()
    state = window.state
    assert state.scoring.loaded is not None and state.scoring.corpus is not None
    assert state.scoring.loaded.format == "drs" and [result.id for result in state.scoring.corpus.pairs] == [
        "contrast",
        "gift",
        "sang",
    ]
    for scene in (window.graphs.test_scene, window.graphs.gold_scene):
        frames = {key for key, item in scene.node_items.items() if item._inner is not None}
        assert frames == {"b0", "b1", "b2", "b3", "b4", "b5"}
    assert "DRS box" in " ".join(window.graphs.legend.items) and "DRS box" in window.graphs.legend.toolTip()
    assert "not computed for DRS input" in window.smatch_panel.title.text()
    assert window.workspace.current == "pair"  # the Pair perspective, its Clauses tab in front
    assert window.clause_panel.model.rowCount() == 17 and not window.clause_panel.visibleRegion().isEmpty()
    qtbot.waitUntil(lambda: window.dscorer_panel.listing is not None, timeout=20000)  # listed in the background
    window.workspace.show_panel("dscorer")
    assert window.dscorer_panel.proxy.rowCount() == 5 and not window.dscorer_panel.visibleRegion().isEmpty()
    amr = next(action for action in window.action_set.submenus["demos"].actions() if "MetAMoRphosED" in action.text())
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        amr.trigger()
    assert not window.clause_panel.is_available() and not window.dscorer_panel.is_available()
    assert window.clause_panel.visibleRegion().isEmpty() and not window.triples_panel.visibleRegion().isEmpty()
    state.shutdown()


def test_the_demo_files_are_the_documented_drss():
    assert [entry.id for entry in read_drs_file(DRS_PAIR[1])] == ["contrast", "gift", "sang"]
