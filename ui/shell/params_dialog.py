"""A dialog to change the scoring parameters: the AnCast profile and its γ, α, β (AnCast paper
§2.1-2.2, eq. 1 and 13), the optional metrics, and for DRS input Counter's (van Noord et al.
2018) and DScorer's (Liu et al. 2020)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
)

from engine.params import ANCAST, PAPER, DScorerProfile, Params, Profile, profile_refusal
from engine.registry import COUNTER, optional_metrics, solver_options

from ..common.binding import SyncGuard

PROFILE_TIPS: dict[Profile, str] = {  # the profiles in the box, in this order
    PAPER: "The AnCast paper's equations (§2.1-2.3); fixes the reference package's known behaviours.",
    ANCAST: "The numbers of the reference package ancast 0.1.1, pair for pair, for comparison with published "
    "results (AMR input with # ::snt lines; docs/metrics.md lists the differences).",
}
DSCORER_TIPS: dict[DScorerProfile, str] = {  # DScorer's profiles in its box, in this order
    "paper": "DScorer as the paper defines it: typed nodes, concept and sense one edge, walks (Liu et al. 2020).",
    "reference": "The numbers of the public DRSScorer code: its graph, node-simple paths, counts pooled over the "
    "corpus (docs/metrics.md lists the differences).",
}

PROFILES_LINE = (
    "paper: DScorer as the paper defines it;  reference: the numbers of the public DRSScorer code, "
    "as in published results (they differ)"
)


def _spin(value: float, maximum: float, step: float, decimals: int, tip: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(0.0, maximum)
    spin.setDecimals(decimals)
    spin.setSingleStep(step)
    spin.setValue(value)
    spin.setToolTip(tip)
    return spin


class DrsBox(QGroupBox):
    """Counter's and DScorer's parameters: DScorer's profile, highest order n and weights,
    Counter's REF clauses and time limit."""

    def __init__(self, params: Params, parent=None):
        super().__init__("DRS input: Counter and DScorer", parent)
        self.profile = QComboBox()
        for name, tip in DSCORER_TIPS.items():
            self.profile.addItem(name)
            self.profile.setItemData(self.profile.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.n = QSpinBox()
        self.n.setRange(1, 8)
        self.n.setToolTip("DScorer's highest k-gram order (paths of up to n edges)")
        self.weights = QLineEdit()
        self.weights.setPlaceholderText("default: 0.1, then 0.9/n each")
        self.weights.setToolTip("n + 1 weights w0, w1, ..., wn, comma-separated (w0 weighs the node-count ratio)")
        self.include_ref = QCheckBox("Counter also counts REF clauses")
        self._params = params
        self.time_limit = _spin(
            solver_options(params, COUNTER).time_limit,
            3600.0,
            1.0,
            1,
            "Seconds per pair for Counter's optimal mapping; a pair not proven optimal by then "
            "keeps the best mapping found",
        )
        self.time_limit.setMinimum(0.1)
        self.profiles_line = QLabel(PROFILES_LINE)  # the two profiles told apart in one line
        self.profiles_line.setStyleSheet("color:#555;")
        form = QFormLayout(self)
        form.addRow("DScorer profile", self.profile)
        form.addRow(self.profiles_line)
        form.addRow("DScorer n", self.n)
        form.addRow("DScorer weights", self.weights)
        form.addRow(self.include_ref)
        form.addRow("Counter time limit (s)", self.time_limit)
        self.show_params(params)

    def show_params(self, params: Params) -> None:
        self._params = params
        self.profile.setCurrentText(params.dscorer_profile)
        self.n.setValue(params.dscorer_n)
        weights = params.dscorer_weights
        self.weights.setText(", ".join(f"{w:g}" for w in weights) if weights else "")
        self.include_ref.setChecked(params.drs_include_ref)
        self.time_limit.setValue(solver_options(params, COUNTER).time_limit)

    def values(self) -> dict:
        """The Params fields shown; ValueError for weights that are not numbers."""
        text = self.weights.text().strip()
        try:
            weights = tuple(float(part) for part in text.replace(";", ",").split(",")) if text else None
        except ValueError:
            raise ValueError(f"DScorer weights are numbers separated by commas, not {text!r}") from None
        profile = list(DSCORER_TIPS)[self.profile.currentIndex()]
        return {
            "dscorer_profile": profile,
            "dscorer_n": self.n.value(),
            "dscorer_weights": weights,
            "drs_include_ref": self.include_ref.isChecked(),
            "solvers": {
                **self._params.solvers,
                COUNTER: replace(solver_options(self._params, COUNTER), time_limit=self.time_limit.value()),
            },
        }


def _refusal(profile: str, formats: Collection[str]) -> str | None:
    """Why ``profile`` cannot score the files loaded (their input ``formats``), or None."""
    problems = (profile_refusal(profile, format_name) for format_name in sorted(formats))
    problem = next((problem for problem in problems if problem is not None), None)
    return f"Not for the files loaded: {problem}." if problem is not None else None


class ParamsDialog(QDialog):
    """The scoring profile, gamma, alpha, beta and the sources of initial anchors, and for DRS
    input Counter's and DScorer's; OK re-scores. Choosing a profile loads its defaults.
    ``formats``: the input formats of the files loaded ("amr", "umr", "drs"); a profile that
    cannot score one of them cannot be chosen (its tooltip says why)."""

    def __init__(self, params: Params, parent=None, formats: Collection[str] = ()):
        super().__init__(parent)
        self.setWindowTitle("Scoring parameters")
        self._base, self._formats = params, formats
        self.syncing = SyncGuard()  # the profile box shows the parameters: no choice of defaults
        self.profile = QComboBox()
        items = self.profile.model()
        assert isinstance(items, QStandardItemModel)  # a combo box's own model
        for name, tip in PROFILE_TIPS.items():
            refusal = _refusal(name, formats)
            self.profile.addItem(name)
            self.profile.setItemData(self.profile.count() - 1, refusal or tip, Qt.ItemDataRole.ToolTipRole)
            items.item(self.profile.count() - 1).setEnabled(refusal is None)
        self.profile.setCurrentText(params.profile)
        self.profile.setToolTip("Scoring profile: " + " ".join(f"{k}: {v}" for k, v in PROFILE_TIPS.items()))
        self.gamma = _spin(
            params.gamma, 1.0, 0.05, 3, "Sense coefficient: weight of a sense mismatch in S (paper eq. 1)"
        )
        self.alpha = _spin(params.alpha, 5.0, 0.05, 3, "Bias added to S in F = (S + alpha)(A + beta) (paper eq. 13)")
        self.beta = _spin(params.beta, 1.0, 0.001, 4, "Bias added to the broadcast A in F = (S + alpha)(A + beta)")
        self.use_text = QCheckBox("Find initial anchors with the sentence text (# ::snt)")
        self.use_text.setChecked(params.use_text)
        self.use_alignments = QCheckBox("Nodes aligned to the same tokens (~e.N) are initial anchors")
        self.use_alignments.setChecked(params.use_alignments)
        self.use_alignments.setEnabled(params.profile == PAPER)
        self.switches = {metric.key: QCheckBox(metric.switch.label) for metric in optional_metrics() if metric.switch}
        for key, box in self.switches.items():
            box.setChecked(params.computes(key))
        form = QFormLayout()
        form.addRow("&Profile", self.profile)
        form.addRow("γ (gamma)", self.gamma)
        form.addRow("α (alpha)", self.alpha)
        form.addRow("β (beta)", self.beta)
        form.addRow(self.use_text)
        form.addRow(self.use_alignments)
        for box in self.switches.values():
            form.addRow(box)
        self.drs = DrsBox(params)
        self.drs.setVisible("drs" in formats)
        self.problem = QLabel()
        self.problem.setStyleSheet("color:#b3261e;")
        self.problem.setWordWrap(True)
        self.problem.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        self.profile.currentIndexChanged.connect(
            self.syncing.unless_syncing(lambda index: self.show_params(self._defaults(self._profile())))
        )
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.drs)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """Close only with parameters that can be used; else say why."""
        try:
            self.params()
        except ValueError as error:
            self.problem.setText(str(error))
            self.problem.show()
            return
        super().accept()

    def _switched(self) -> set[str]:
        return {key for key, box in self.switches.items() if box.isChecked()}

    def _profile(self) -> Profile:
        return list(PROFILE_TIPS)[self.profile.currentIndex()]

    def _defaults(self, profile: Profile) -> Params:
        return Params.for_profile(profile, optional_metrics=self._switched())

    def restore_defaults(self) -> None:
        self.show_params(self._defaults(self._profile()))
        self.drs.show_params(Params())

    def show_params(self, params: Params) -> None:
        with self.syncing:
            self.profile.setCurrentText(params.profile)
        self.use_alignments.setEnabled(params.profile == PAPER)
        self.gamma.setValue(params.gamma)
        self.alpha.setValue(params.alpha)
        self.beta.setValue(params.beta)
        self.use_text.setChecked(params.use_text)
        self.use_alignments.setChecked(params.use_alignments)
        for key, box in self.switches.items():
            box.setChecked(params.computes(key))

    def params(self) -> Params:
        """The parameters shown; ValueError for a profile the files loaded cannot use, or weights
        that are not numbers."""
        refusal = _refusal(self._profile(), self._formats)
        if refusal is not None:
            raise ValueError(refusal)
        profile = Params.for_profile(self._profile())
        return replace(
            self._base,
            **{name: getattr(profile, name) for name in ("profile", "tolerance", "digits", "max_inner", "max_outer")},
            gamma=self.gamma.value(),
            alpha=self.alpha.value(),
            beta=self.beta.value(),
            use_text=self.use_text.isChecked(),
            use_alignments=self.use_alignments.isChecked(),
            optional_metrics=self._switched(),
            **self.drs.values(),
        )
