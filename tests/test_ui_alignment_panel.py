"""The Alignment panel alone with a state: why S is what it is, in the S cell's tooltip and the
node tooltip (identical concepts whose attributes differ have S < 1)."""

from PySide6.QtCore import Qt

from ui.pair.alignment_panel import AlignmentPanel

from .ui_support import scored_state

# UMR snt3 of nw_pri_0153 in short: the same do-02, :aspect performance in one version, process in the other
TEST = "# ::id snt3\n(s3d / deny-01 :ARG1 (s3d2 / do-02 :aspect performance))\n"
GOLD = "# ::id snt3\n(s3d / deny-01 :ARG1 (s3d2 / do-02 :aspect process))\n"


def test_the_s_cell_says_why_identical_concepts_have_s_below_one(qtbot, tmp_path):
    test, gold = tmp_path / "v1.amr", tmp_path / "v2.amr"
    test.write_text(TEST)
    gold.write_text(GOLD)
    state = scored_state(tmp_path, (test, gold))
    panel = AlignmentPanel(state)
    qtbot.addWidget(panel)
    row = next(k for k, row in enumerate(panel.model.rows) if row.test.var == "s3d2")
    assert panel.model.index(row, 2).data() == "0.5000"
    tip = panel.model.index(row, 2).data(Qt.ItemDataRole.ToolTipRole)
    why = "same lemma and sense; attributes differ (:aspect performance vs process)"
    assert tip == f"S(s3d2, s3d2) = 0.5000: {why}; the mean of 1 (lemma, sense) and 0 (attributes)"
    assert f"S = 0.500: {why}" in state.selection.node_tooltip("test", "s3d2")  # the graphs' tooltip says it too
    assert f"S = 0.500: {why}" in state.selection.node_tooltip("gold", "s3d2")
    same = next(k for k, row in enumerate(panel.model.rows) if row.test.var == "s3d")
    assert panel.model.index(same, 2).data(Qt.ItemDataRole.ToolTipRole).startswith("S(s3d, s3d) = 1.0000: same lemma")
    state.shutdown()
