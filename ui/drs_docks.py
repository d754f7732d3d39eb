"""The DRS panels' docks in front when DRS scores come in, and the docks they share their
places with in front again when scores of another format follow (the user's own choice of
tab is left alone while the format stays the same)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow

from engine.scoring import CorpusResult

from .state import AppState

__all__ = ["DRS_DOCKS", "DrsDocks"]

DRS_DOCKS = {"clauses": "triples", "dscorer": "rounds"}  # DRS dock -> the dock it is tabbed with


GRAPHS_SHARE = 0.6  # of the height the graphs and the DScorer dock share, for the graphs


class DrsDocks(QObject):
    """Lives as the window's child; ``docks`` by key as the window made them."""

    def __init__(self, state: AppState, window: QMainWindow, docks: dict[str, QDockWidget]):
        super().__init__(window)
        self.window, self.docks = window, docks
        self.drs = False
        state.corpus_changed.connect(self.show_corpus)

    def show_corpus(self, corpus: CorpusResult | None) -> None:
        drs = corpus is not None and corpus.drs
        if drs != self.drs:
            for key in DRS_DOCKS if drs else DRS_DOCKS.values():
                self.docks[key].raise_()
            if drs:  # both DRSs drawn large enough to read, the k-grams below
                graphs, dscorer = self.docks["graphs"], self.docks["dscorer"]
                height = graphs.height() + dscorer.height()
                heights = [round(height * GRAPHS_SHARE), round(height * (1 - GRAPHS_SHARE))]
                self.window.resizeDocks([graphs, dscorer], heights, Qt.Orientation.Vertical)
        self.drs = drs
