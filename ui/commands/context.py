"""What a command may use: the state, the window (parent of dialogs) and the panels it exports or focuses."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QMainWindow

from ..comparison_panel import ComparisonPanel
from ..corpus_panel import CorpusPanel
from ..heatmap_panel import HeatmapPanel
from ..state import AppState

__all__ = ["Context"]


@dataclass(frozen=True)
class Context:
    state: AppState
    window: QMainWindow
    corpus: CorpusPanel
    graphs: ComparisonPanel
    heatmaps: HeatmapPanel
