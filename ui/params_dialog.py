"""A dialog to change the scoring parameters (SPEC sections 2-3)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QVBoxLayout

from engine.params import ANCAST, PAPER, PROFILES, Params

PROFILE_TIPS = {
    PAPER: "The AnCast paper's equations (SPEC sections 2-4); fixes the reference package's known behaviours.",
    ANCAST: "The numbers of the reference package ancast 0.1.1, pair for pair, for comparison with published "
            "results (AMR input with # ::snt lines; see README for the differences).",
}


def _spin(value: float, maximum: float, step: float, decimals: int, tip: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(0.0, maximum)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setToolTip(tip)
    return spin


class ParamsDialog(QDialog):
    """The scoring profile, gamma, alpha, beta and the sources of initial anchors; OK re-scores.
    Choosing a profile loads its defaults."""

    def __init__(self, params: Params, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Scoring parameters")
        self._base = params
        self.profile = QComboBox()
        for name in PROFILES:
            self.profile.addItem(name)
            self.profile.setItemData(self.profile.count() - 1, PROFILE_TIPS[name], Qt.ItemDataRole.ToolTipRole)
        self.profile.setCurrentText(params.profile)
        self.profile.setToolTip("Scoring profile: " + " ".join(f"{k}: {v}" for k, v in PROFILE_TIPS.items()))
        self.gamma = _spin(params.gamma, 1.0, 0.05, 3, "Sense coefficient: weight of a sense mismatch in S (paper eq. 1)")
        self.alpha = _spin(params.alpha, 5.0, 0.05, 3, "Bias added to S in F = (S + alpha)(A + beta) (paper eq. 13)")
        self.beta = _spin(params.beta, 1.0, 0.001, 4, "Bias added to the broadcast A in F = (S + alpha)(A + beta)")
        self.use_text = QCheckBox("Find initial anchors with the sentence text (# ::snt)")
        self.use_text.setChecked(params.use_text)
        self.use_alignments = QCheckBox("Nodes aligned to the same tokens (~e.N) are initial anchors")
        self.use_alignments.setChecked(params.use_alignments)
        self.use_alignments.setEnabled(params.profile == PAPER)
        self.smatch = QCheckBox("Also compute Smatch under the optimal (ILP) alignment (slower)")
        self.smatch.setChecked(params.smatch)
        form = QFormLayout()
        form.addRow("&Profile", self.profile)
        form.addRow("γ (gamma)", self.gamma)
        form.addRow("α (alpha)", self.alpha)
        form.addRow("β (beta)", self.beta)
        form.addRow(self.use_text)
        form.addRow(self.use_alignments)
        form.addRow(self.smatch)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        self.profile.currentTextChanged.connect(lambda name: self.show_params(self._defaults(name)))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _defaults(self, profile: str) -> Params:
        return Params.for_profile(profile, smatch=self.smatch.isChecked())

    def restore_defaults(self) -> None:
        self.show_params(self._defaults(self.profile.currentText()))

    def show_params(self, params: Params) -> None:
        self.profile.blockSignals(True)
        self.profile.setCurrentText(params.profile)
        self.profile.blockSignals(False)
        self.use_alignments.setEnabled(params.profile == PAPER)
        self.gamma.setValue(params.gamma)
        self.alpha.setValue(params.alpha)
        self.beta.setValue(params.beta)
        self.use_text.setChecked(params.use_text)
        self.use_alignments.setChecked(params.use_alignments)
        self.smatch.setChecked(params.smatch)

    def params(self) -> Params:
        return Params(
            **{
                **self._base.as_dict(),
                **Params.for_profile(self.profile.currentText()).as_dict(),
                "gamma": self.gamma.value(),
                "alpha": self.alpha.value(),
                "beta": self.beta.value(),
                "use_text": self.use_text.isChecked(),
                "use_alignments": self.use_alignments.isChecked(),
                "smatch": self.smatch.isChecked(),
            }
        )
