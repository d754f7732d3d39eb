"""Connects the graphs panel (:class:`~ui.pair.comparison_panel.ComparisonPanel`, which knows
nothing of the state) to the state: the selected pair, node and triple are drawn there,
and a node clicked there becomes the state's selected node (one under the mouse only is marked
there: hovering selects nothing); a node found or chosen in a table, and a chosen triple, are
centred in the graphs."""

from __future__ import annotations

from PySide6.QtCore import QObject

from ..common.sides import as_side
from ..state.services import AppServices
from .comparison_panel import ComparisonPanel

__all__ = ["ComparisonBinding"]


class ComparisonBinding(QObject):
    """Lives as the panel's child, so its connections end with the panel."""

    def __init__(self, panel: ComparisonPanel, state: AppServices):
        super().__init__(panel)
        self.panel, self.state = panel, state
        state.selection.pair_selected.connect(self._show_pair)
        state.selection.node_selected.connect(self._show_node)
        state.selection.triple_selected.connect(self._show_triple)
        state.selection.node_revealed.connect(panel.reveal)
        panel.node_selected.connect(state.selection.select_node)
        self._show_pair(state.selection.pair)  # what the state holds already
        if state.selection.node is not None:
            self._show_node(*state.selection.node)

    def _show_pair(self, result) -> None:
        # an unscored pair shows its readable graphs; no pair, why there is none
        self.panel.set_result(result, self.state.selection.triple_rows, self.state.selection.empty_text())

    def _show_node(self, side: str, var: str) -> None:
        if var:
            self.panel.select_node(as_side(side), var)

    def _show_triple(self, row) -> None:
        if row is not None:
            self.panel.select_triple(row)
            self.panel.reveal_triple(row)
