"""Scoring > Parameters with UMR files loaded: the dialog offers no profile those files cannot
use (ancast-0.1.1 reads AMR only), and a profile the reader refuses anyway says it is the
profile's fault and leaves the parameters as they were (the banner said "Could not open", the
refused profile stayed saved, and every F5 failed again)."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from engine.params import ANCAST, PAPER, Params
from ui.shell import params_dialog
from ui.shell.params_dialog import ParamsDialog

from .ui_support import SPEC_PAIR, UMR_VERSIONS, open_annotators, shown_window, wait_until_idle


def offered(dialog: ParamsDialog, profile: str) -> bool:
    """Whether ``profile`` can be chosen in the dialog's profile box."""
    model = dialog.profile.model()
    return bool(model.flags(model.index(dialog.profile.findText(profile), 0)) & Qt.ItemFlag.ItemIsEnabled)


def test_the_dialog_offers_no_profile_the_umr_files_loaded_cannot_use(qtbot, tmp_path, monkeypatch):
    window = shown_window(qtbot, tmp_path, pair=UMR_VERSIONS)
    shown: list[ParamsDialog] = []

    def opened(dialog: ParamsDialog) -> int:
        shown.append(dialog)
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(params_dialog.ParamsDialog, "exec", opened)
    window.action_set["params"].trigger()  # Scoring > Parameters...
    (dialog,) = shown
    ancast = dialog.profile.findText(ANCAST)
    assert not offered(dialog, ANCAST) and offered(dialog, PAPER)
    assert "reads AMR input only" in dialog.profile.itemData(ancast, Qt.ItemDataRole.ToolTipRole)
    dialog.profile.setCurrentIndex(ancast)  # chosen anyway (from the keyboard, say): OK says why, and stays
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert not dialog.problem.isHidden() and "ancast-0.1.1 profile reads AMR input only" in dialog.problem.text()


def test_the_dialog_offers_every_profile_for_amr_files():
    dialog = ParamsDialog(Params(), formats={"amr"})
    assert offered(dialog, ANCAST) and offered(dialog, PAPER)
    dialog.profile.setCurrentText(ANCAST)
    assert dialog.params().profile == ANCAST


def banners(state) -> list[str]:
    texts: list[str] = []
    state.messages.problem.connect(lambda text, details: texts.append(text))
    return texts


def test_a_profile_the_umr_files_shown_refuse_leaves_the_parameters_as_they_were(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, pair=UMR_VERSIONS)
    state, texts = window.state, banners(window.state)
    before = state.scoring.params
    state.scoring.set_params(Params.for_profile(ANCAST))
    wait_until_idle(qtbot, state)
    assert state.scoring.params == before and state.settings.params() == before
    assert texts[-1].startswith("Not scored under the ancast-0.1.1 profile: ") and "Could not open" not in texts[-1]
    assert "back to those before (paper profile)" in texts[-1]
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        assert state.scoring.rescore()  # F5 scores again
    assert state.scoring.corpus.profile == PAPER


def test_a_profile_the_umr_annotators_refuse_leaves_the_parameters_as_they_were(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, pair=None)
    state = window.state
    open_annotators(qtbot, state, UMR_VERSIONS)
    matrix, texts = state.annotators.result, banners(state)
    state.scoring.set_params(Params.for_profile(ANCAST))  # the cell shown and the matrix both refuse it
    wait_until_idle(qtbot, state)
    assert state.scoring.params.profile == PAPER and state.settings.params().profile == PAPER
    assert state.annotators.result is matrix  # not scored again once the parameters went back
    assert texts and all(text.startswith("Not scored under the ancast-0.1.1 profile") for text in texts)


def test_amr_files_opened_under_a_profile_keep_it(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, pair=SPEC_PAIR)
    state = window.state
    with qtbot.waitSignal(state.scoring.corpus_changed, timeout=20000):
        state.scoring.set_params(Params.for_profile(ANCAST))
    assert state.scoring.corpus.profile == ANCAST and state.scoring.params.profile == ANCAST
