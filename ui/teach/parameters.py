"""The lesson's live parameters: sliders for γ (the sense coefficient of S, eq. 1), α and β
(the biases of F = (S + α)(A + β), eq. 13) and the initial anchors' sources (the sentence text,
token alignments), which re-align the pair shown as they move; Reset gives back the scoring's
parameters. The corpus is not scored again. The check boxes and Reset sit beside the sliders, or
under them when the bar is too narrow for one row (a 1024 px wide screen)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from engine.params import Params

from ..common.binding import SyncGuard
from .state import TeachingState

__all__ = ["SLIDERS", "ParameterBar", "Slider"]


@dataclass(frozen=True)
class Slider:
    """A parameter on a slider: its field, its symbol and tip, its range and step."""

    name: str
    symbol: str
    tip: str
    high: float
    step: float

    @property
    def ticks(self) -> int:
        return round(self.high / self.step)

    def text(self, value: float) -> str:
        decimals = len(f"{self.step:g}".partition(".")[2])
        return f"{value:.{decimals}f}"


SLIDERS = (
    Slider("gamma", "γ", "γ: how much a differing sense lowers S (eq. 1)", 1.0, 0.01),
    Slider("alpha", "α", "α: lets pairs of different concepts match by their place in the graphs (eq. 13)", 1.0, 0.01),
    Slider("beta", "β", "β: lets pairs far from every anchor match by their concepts (eq. 13)", 0.1, 0.001),
)


class ParameterBar(QWidget):
    def __init__(self, state: TeachingState, parent=None):
        super().__init__(parent)
        self.state = state
        self.syncing = SyncGuard()
        self.slider_row, self.switches = QWidget(), QWidget()
        layout = QHBoxLayout(self.slider_row)
        layout.setContentsMargins(0, 0, 0, 0)
        self.sliders: dict[str, QSlider] = {}
        self.values: dict[str, QLabel] = {}
        for spec in SLIDERS:
            name = QLabel(spec.symbol)
            name.setToolTip(spec.tip)
            slider = QSlider(Qt.Orientation.Horizontal)
            slider.setRange(0, spec.ticks)
            slider.setToolTip(spec.tip)
            slider.setMinimumWidth(80)
            slider.valueChanged.connect(self.syncing.unless_syncing(lambda value, spec=spec: self._moved(spec, value)))
            value = QLabel()
            value.setMinimumWidth(value.fontMetrics().horizontalAdvance("0.000") + 4)
            self.sliders[spec.name], self.values[spec.name] = slider, value
            layout.addWidget(name)
            layout.addWidget(slider, 1)
            layout.addWidget(value)
        layout = QHBoxLayout(self.switches)
        layout.setContentsMargins(0, 0, 0, 0)
        self.use_text = QCheckBox("text anchors")
        self.use_text.setToolTip("Initial anchors need the lemma in the sentence text (when the graphs carry it)")
        self.use_alignments = QCheckBox("token alignments")
        self.use_alignments.setToolTip("Nodes aligned to the same words are initial anchors (UMR, ISI alignments)")
        for box, source in ((self.use_text, "use_text"), (self.use_alignments, "use_alignments")):
            box.toggled.connect(self.syncing.unless_syncing(lambda on, source=source: self._changed(source, on)))
            layout.addWidget(box)
        self.reset_button = QPushButton("Reset")
        self.reset_button.setToolTip("Back to the scoring's parameters (Scoring > Parameters)")
        self.reset_button.clicked.connect(state.reset_params)
        layout.addWidget(self.reset_button)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setVerticalSpacing(2)
        self.grid.addWidget(self.slider_row, 0, 0)
        self._one_row: bool | None = None
        self._arrange()
        state.params_changed.connect(self.show_params)
        state.app.scoring.params_changed.connect(lambda *_: self.show_params(state.params))
        self.show_params(state.params)

    def _one_row_width(self) -> int:
        """The least width with the check boxes and Reset beside the sliders."""
        spacing = self.grid.horizontalSpacing()
        return self.slider_row.minimumSizeHint().width() + spacing + self.switches.minimumSizeHint().width()

    def minimumSizeHint(self) -> QSize:
        """As narrow as the wider of the two rows (the boxes and Reset then go under the sliders)."""
        rows = (self.slider_row.minimumSizeHint(), self.switches.minimumSizeHint())
        height = rows[0].height() if self._one_row else rows[0].height() + 2 + rows[1].height()
        return QSize(max(row.width() for row in rows), height)

    def _arrange(self) -> None:
        """The boxes and Reset beside the sliders where the bar is wide enough, else under them."""
        one_row = self.width() >= self._one_row_width()
        if one_row == self._one_row:
            return
        self._one_row = one_row
        self.grid.removeWidget(self.switches)
        if one_row:
            self.grid.addWidget(self.switches, 0, 1)
        else:
            self.grid.addWidget(self.switches, 1, 0, Qt.AlignmentFlag.AlignLeft)
        self.grid.setColumnStretch(0, 1)
        self.updateGeometry()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._arrange()

    def show_params(self, params: Params) -> None:
        with self.syncing:
            for spec in SLIDERS:
                value = getattr(params, spec.name)
                self.sliders[spec.name].setValue(round(min(value, spec.high) / spec.step))
                self.values[spec.name].setText(spec.text(value))
            self.use_text.setChecked(params.use_text)
            self.use_alignments.setChecked(params.use_alignments)
        self.reset_button.setEnabled(self.state.own_params is not None)

    def _moved(self, spec: Slider, ticks: int) -> None:
        value = round(ticks * spec.step, 6)
        self.values[spec.name].setText(spec.text(value))
        self._changed(spec.name, value)

    def _changed(self, name: str, value: float | bool) -> None:
        """The lesson re-aligned with one parameter changed."""
        changes: dict[str, Any] = {name: value}
        self.state.set_params(replace(self.state.params, **changes))
