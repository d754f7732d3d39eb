"""The document-level panel alone with a state."""

from ui.document_panel import DocumentPanel

from .ui_support import SPEC_PAIR, UMR_PAIR, score_now, scored_state


def test_the_document_of_the_selected_sentence(qtbot, tmp_path):
    state = scored_state(tmp_path, UMR_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    state.select_pair(state.corpus.pairs[1])
    assert panel.scores.item(0, 0).text() == "0.5000"  # modal F1 of the sample (F1 first, modal first)
    assert panel.is_available()
    assert {row[0] for row in panel.model.rows} == {"modal", "temporal"}
    assert panel.title.text().startswith("Document level of the document")
    state.shutdown()


def test_amr_has_no_document(qtbot, tmp_path):
    state = scored_state(tmp_path, SPEC_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    state.select_pair(state.corpus.pairs[1])
    assert panel.title.text().startswith("Document level: open UMR files") and panel.model.rows == []
    assert not panel.is_available()
    state.shutdown()


def test_available_only_while_the_files_have_documents(qtbot, tmp_path):
    state = scored_state(tmp_path, SPEC_PAIR)
    panel = DocumentPanel(state)
    qtbot.addWidget(panel)
    changes = []
    panel.availability_changed.connect(changes.append)
    score_now(state, *UMR_PAIR)
    score_now(state, *SPEC_PAIR)
    assert changes == [True, False]
    state.shutdown()
