"""A dialog to change the scoring parameters (SPEC sections 2-3)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QVBoxLayout

from engine.params import Params


def _spin(value: float, maximum: float, step: float, decimals: int, tip: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(0.0, maximum)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setToolTip(tip)
    return spin


class ParamsDialog(QDialog):
    """gamma, alpha, beta and the sources of initial anchors; OK re-scores."""

    def __init__(self, params: Params, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Scoring parameters")
        self._base = params
        self.gamma = _spin(params.gamma, 1.0, 0.05, 3, "Sense coefficient: weight of a sense mismatch in S (paper eq. 1)")
        self.alpha = _spin(params.alpha, 5.0, 0.05, 3, "Bias added to S in F = (S + alpha)(A + beta) (paper eq. 13)")
        self.beta = _spin(params.beta, 1.0, 0.001, 4, "Bias added to the broadcast A in F = (S + alpha)(A + beta)")
        self.use_text = QCheckBox("Find initial anchors with the sentence text (# ::snt)")
        self.use_text.setChecked(params.use_text)
        self.use_alignments = QCheckBox("Nodes aligned to the same tokens (~e.N) are initial anchors")
        self.use_alignments.setChecked(params.use_alignments)
        self.smatch = QCheckBox("Also compute Smatch under the optimal (ILP) alignment (slower)")
        self.smatch.setChecked(params.smatch)
        form = QFormLayout()
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
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(lambda: self.show_params(Params()))
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def show_params(self, params: Params) -> None:
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
                "gamma": self.gamma.value(),
                "alpha": self.alpha.value(),
                "beta": self.beta.value(),
                "use_text": self.use_text.isChecked(),
                "use_alignments": self.use_alignments.isChecked(),
                "smatch": self.smatch.isChecked(),
            }
        )
