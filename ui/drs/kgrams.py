"""The selected DRS pair's k-grams that DScorer counts differently on the two sides, listed on a
worker thread for the DScorer panel (:mod:`.kgram_rows` lists them).

Signal: ``ready(KgramList)`` - a listing of the pair still selected.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from engine.drs.pair import dscorer_settings
from engine.scoring import PairResult

from ..state.services import AppServices
from .kgram_rows import KgramList, differing_kgrams

__all__ = ["KGRAMS", "KgramLister"]

KGRAMS = "kgrams"  # the lane listing k-grams


class KgramLister(QObject):
    ready = Signal(object)

    def __init__(self, state: AppServices, parent=None):
        super().__init__(parent)
        self.state = state

    def request(self, k: int) -> None:
        """List the selected DRS pair's k-grams of order ``k`` found more often on one side;
        ``ready`` brings them if the pair is still selected then."""
        result, corpus = self.state.selection.pair, self.state.scoring.corpus
        if result is None or result.drs is None or corpus is None:
            return
        drs, settings = result.drs, dscorer_settings(corpus.params)
        self.state.runner.queue(
            KGRAMS,
            lambda progress, cancelled: differing_kgrams(result.index, drs, settings, k),
            lambda listing: self._arrived(result, listing),
            lambda text: self.state.messages.show(f"Could not list the {k}-grams: {text}."),
        )

    def _arrived(self, result: PairResult, listing: KgramList) -> None:
        if result is self.state.selection.pair:  # the same pair of the same scores
            self.ready.emit(listing)
