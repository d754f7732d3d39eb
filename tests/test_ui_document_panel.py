"""The document-level panel alone with a state."""

from ui.document_panel import DocumentPanel

from .ui_support import SPEC_PAIR, UMR_PAIR, scored_state


def test_the_document_of_the_selected_sentence(qtbot, tmp_path):
    state = scored_state(tmp_path, UMR_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    state.select_pair(state.corpus.pairs[1])
    assert panel.scores.item(2, 0).text() == "0.5000"  # modal F1 of the sample
    assert {row[0] for row in panel.model.rows} == {"modal", "temporal"}
    assert panel.title.text().startswith("Document level of the document")
    state.shutdown()


def test_amr_has_no_document(qtbot, tmp_path):
    state = scored_state(tmp_path, SPEC_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    state.select_pair(state.corpus.pairs[1])
    assert panel.title.text().startswith("Document level: none") and panel.model.rows == []
    state.shutdown()
