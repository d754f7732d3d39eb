"""What a command may use: the state, the window (parent of dialogs) and the panels it exports,
focuses or steps through (the plots' panels: their plots for export); the workspace that
switches perspectives; presentation mode."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QMainWindow

from ...app_state import AppState
from ...compare.panel import ComparePanel
from ...corpus.panel import CorpusPanel
from ...pair.comparison_panel import ComparisonPanel
from ...pair.find_bar import FindBar
from ...pair.triples_panel import TriplesPanel
from ...plots.annotators_panel import AnnotatorPlotsPanel
from ...plots.corpus_panel import CorpusPlotsPanel
from ...rounds.panel import HeatmapPanel
from ...teach.presentation import Presenter
from ..workspace import Workspace

__all__ = ["Context"]


@dataclass(frozen=True)
class Context:
    state: AppState
    window: QMainWindow
    corpus: CorpusPanel
    graphs: ComparisonPanel
    heatmaps: HeatmapPanel
    triples: TriplesPanel | None = None
    workspace: Workspace | None = None
    find: FindBar | None = None
    corpus_plots: CorpusPlotsPanel | None = None
    annotator_plots: AnnotatorPlotsPanel | None = None
    compare: ComparePanel | None = None
    presenter: Presenter | None = None
    teaching_graphs: ComparisonPanel | None = None  # the Teaching perspective's graphs
