"""What the user looks at: the corpus filter, the selected pair, node and triple, and the panel
asked for. Panels report the user's choices here and follow its signals; they never talk to each
other.

The pairs kept are those the filter text accepts and, while some are chosen in a plot (a bar, a
region of points: :class:`Subset`), those chosen.

Signals: ``pair_selected(PairResult | None)`` (None again when the reason there is none changes:
new files, another filter), ``node_selected(side, var)`` (var "" = none),
``triple_selected(TripleMatch | None)``, ``filter_changed(text)`` (the text, or the pairs chosen
in a plot, changed), ``subset_changed(Subset | None)``, ``sort_changed(column, descending)`` (the
corpus table's sort: a column's title); ``node_revealed(side, var)`` - a
node was asked for (found, chosen in a table): the graphs centre it and its partner (it is the
selected node too); ``panel_requested(key)`` - a panel (see :mod:`ui.shell.perspectives`) should be
shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from engine.layout.marks import GraphMarks, graph_marks, pair_marks
from engine.layout.pair import plural
from engine.metrics.triples import TripleMatch
from engine.scoring import PairResult

from ..common.navigation import find_pair
from ..common.sides import SIDES, Side, other_side, partner
from .filter_expression import ReviewOf, parse_filter
from .messages import Messages
from .scoring import Scoring
from .traces import Traces

__all__ = ["Selection", "Subset"]


@dataclass(frozen=True)
class Subset:
    """Sentences chosen in a plot: their indices (a pair's ``index``, a sentence's in an annotator
    set) and what they are in words ("LR F1 from 0.6 to 0.65")."""

    keys: frozenset[int]
    description: str

    def __len__(self) -> int:
        return len(self.keys)

    def joined(self, other: Subset | None) -> Subset:
        """These sentences and ``other``'s."""
        if other is None:
            return self
        return Subset(other.keys | self.keys, f"{other.description}; {self.description}")


class Selection(QObject):
    pair_selected = Signal(object)
    node_selected = Signal(str, str)
    triple_selected = Signal(object)
    node_revealed = Signal(str, str)
    panel_requested = Signal(str)
    filter_changed = Signal(str)
    subset_changed = Signal(object)
    sort_changed = Signal(str, bool)

    def __init__(self, scoring: Scoring, traces: Traces, messages: Messages, parent=None):
        super().__init__(parent)
        self.scoring, self.traces, self.messages = scoring, traces, messages
        self.review_of: ReviewOf = lambda result: None  # a pair's adjudication review, for the filter's words
        self.filter_text = ""
        self.subset: Subset | None = None
        self.sort: tuple[str, bool] = ("", False)  # the corpus table's: a column's title ("": as it opened), descending
        self.accepts = parse_filter("")
        self.pair: PairResult | None = None
        self._chosen: int | None = None  # the index of the pair chosen, not moved to by a filter
        self.triple_rows: list[TripleMatch] = []
        self.node: tuple[Side, str] | None = None
        self.triple: TripleMatch | None = None
        self._marks: dict[Side, GraphMarks] | None = None  # of the selected pair, made when first asked for

    # ---------------------------------------------------------------- pairs
    def visible_pairs(self) -> list[PairResult]:
        """The pairs the filter keeps, in file order."""
        corpus = self.scoring.corpus
        return [result for result in corpus.pairs if self.accepts(result)] if corpus else []

    def filtered_pairs(self) -> list[PairResult]:
        """The pairs the filter text keeps, in file order, whichever a plot chose among them (the
        corpus plots draw these and mark the chosen ones)."""
        corpus = self.scoring.corpus
        accepts = parse_filter(self.filter_text, self.review_of)
        return [result for result in corpus.pairs if accepts(result)] if corpus else []

    def set_filter(self, text: str) -> None:
        """Keep the pairs the filter text accepts (see :mod:`ui.state.filter_expression`); the pair
        chosen stays selected if it is kept, else the first kept pair is selected - a pair the
        filter moved to is no choice: typed a letter at a time, a filter ends where it would if
        pasted whole, whichever pairs the texts on the way kept."""
        if text == self.filter_text:
            return
        chosen = self._chosen
        self._apply_filter(text)
        corpus = self.scoring.corpus
        if corpus is not None:
            self.messages.show(f"{len(self.visible_pairs())} of {plural(len(corpus.pairs), 'pair')} shown.")
        self._select_index(chosen if chosen is not None else 0)
        self._chosen = chosen

    def set_sort(self, column: str, descending: bool) -> None:
        """Sort the corpus table by the column titled ``column``, in descending order or not."""
        if (column, descending) != self.sort:
            self.sort = (column, descending)
            self.sort_changed.emit(column, descending)

    def set_subset(self, subset: Subset | None) -> None:
        """Keep only the pairs chosen in a plot (None: every pair the filter text keeps again); the
        selected pair stays selected if it is kept, else the first kept pair is selected."""
        if subset == self.subset:
            return
        previous = self.pair.index if self.pair is not None else 0
        self.subset = subset
        self._apply_filter(self.filter_text)
        self.subset_changed.emit(subset)
        corpus = self.scoring.corpus
        if corpus is not None:
            chosen = f" chosen in the plot ({subset.description})" if subset is not None else ""
            self.messages.show(f"{len(self.visible_pairs())} of {plural(len(corpus.pairs), 'pair')} shown{chosen}.")
        self._select_index(previous)

    def _apply_filter(self, text: str) -> None:
        self.filter_text, self.accepts = text, self._predicate(text)
        self.filter_changed.emit(text)

    def _predicate(self, text: str):
        """The filter text's predicate, and the subset's."""
        accepts, subset = parse_filter(text, self.review_of), self.subset
        if subset is None:
            return accepts
        return lambda result: result.index in subset.keys and accepts(result)

    def refresh_filter(self) -> None:
        """Apply the filter again because what it tests changed (a sentence's adjudication
        status or notes); a selected pair it no longer keeps gives way to the next kept one."""
        if not self.filter_text:
            return
        self.filter_changed.emit(self.filter_text)
        if self.pair is not None and not self.accepts(self.pair):
            visible = self.visible_pairs()
            after = [result for result in visible if result.index > self.pair.index]
            self.select_pair(after[0] if after else visible[-1] if visible else None)

    def clear(self, other_files: bool = False) -> None:
        """New scores are coming: nothing of the old ones stays selected nor chosen in a plot; the
        filter text stays for the same files scored again and is cleared for ``other_files``
        (``filter_changed`` then; else no signal but ``subset_changed`` when pairs were chosen)."""
        self.pair, self.node, self.triple, self.triple_rows, self._marks = None, None, None, [], None
        self._chosen = None
        self.traces.follow(None)
        if self.subset is not None:
            self.subset = None
            self.accepts = self._predicate(self.filter_text)
            self.subset_changed.emit(None)
        if other_files and self.filter_text:
            self._apply_filter("")

    def show_first(self, wanted: str | None, previous: int) -> bool:
        """New scores are shown: select the ``wanted`` pair (an id, else a number from 1), else
        the pair with index ``previous``, else the first kept pair. False when the wanted pair is
        not there."""
        found = self._find_pair(wanted) if wanted is not None else None
        if found is not None:
            self.show_pair(found)
        else:
            self._select_index(previous)
        return wanted is None or found is not None

    def _select_index(self, pair_index: int) -> None:
        """Select the kept pair with this index, else the first kept pair (None if none; when none
        was selected before either, ``pair_selected(None)`` comes again: the reason may be new)."""
        visible = self.visible_pairs()
        chosen = next((r for r in visible if r.index == pair_index), visible[0] if visible else None)
        if chosen is None and self.pair is None:
            self.pair_selected.emit(None)
        else:
            self.select_pair(chosen)

    def _find_pair(self, wanted: str) -> PairResult | None:
        """The pair with this id, else the one with this number (as the app shows it)."""
        return find_pair(self.scoring.corpus.pairs if self.scoring.corpus is not None else [], wanted)

    def show_pair(self, result: PairResult) -> None:
        """Select a pair of the corpus, first showing every pair again if the pairs chosen in a
        plot leave it out, and clearing the filter text if it hides the pair; the status line says which."""
        hidden = []
        if self.subset is not None and result.index not in self.subset.keys:
            self.subset = None
            self.subset_changed.emit(None)
            self._apply_filter(self.filter_text)
            hidden.append("was not among those chosen in the plot")
        if not self.accepts(result):
            hidden.append(f"was hidden by the filter \u201c{self.filter_text}\u201d (cleared)")
            self._apply_filter("")
        corpus = self.scoring.corpus
        if hidden and corpus is not None:
            shown = f"{len(self.visible_pairs())} of {plural(len(corpus.pairs), 'pair')} shown"
            self.messages.show(f"{shown}: {result.id} {' and '.join(hidden)}.")
        self.select_pair(result)

    def select_pair_id(self, wanted: str) -> bool:
        """Select a pair by its id, or by its number when no id matches (the filter is cleared)."""
        found = self._find_pair(wanted)
        if found is None:
            self.messages.show(f"No pair {wanted!r} in this corpus.")
            return False
        self.show_pair(found)
        return True

    def select_pair(self, result: PairResult | None) -> None:
        if result is self.pair:
            return
        self.pair, self.node, self.triple, self._marks = result, None, None, None
        self._chosen = result.index if result is not None else None
        self.triple_rows = result.triples(top=True) if result is not None else []
        self.traces.follow(result)
        self.pair_selected.emit(result)
        self.traces.request()

    def empty_text(self) -> str:
        """Why no pair is selected, and what to do about it."""
        corpus = self.scoring.corpus
        if corpus is None:
            if self.scoring.busy:
                return "Reading and scoring the files..."
            return "No files are open: open a test and a gold file (Ctrl+O) or drop two files on the window."
        if not corpus.pairs:
            return "The files have no pairs to compare."
        if not self.visible_pairs():
            hidden = plural(len(corpus.pairs), "pair")
            if self.subset is not None:
                return f"None of the pairs chosen in the plot matches the filter ({hidden} hidden): clear one of them."
            return f"No pair matches the filter \u201c{self.filter_text}\u201d ({hidden} hidden): change or clear it."
        return "Select a pair in the corpus table."

    # ------------------------------------------------------ nodes, triples
    def select_node(self, side: Side, var: str) -> None:
        """Select a node of one graph ("" for none)."""
        node = (side, var) if var else None
        self._keep_chosen()
        if node != self.node:
            self.node = node
            self.node_selected.emit(side, var)

    def reveal_node(self, side: Side, var: str) -> None:
        """Select a node and ask the graphs to centre it and its partner."""
        self.select_node(side, var)
        if var:
            self.node_revealed.emit(side, var)

    def selected_nodes(self) -> dict[Side, str | None]:
        """The selected node and its aligned partner, by side (empty when none)."""
        if self.node is None:
            return {}
        side, var = self.node
        return {side: var, other_side(side): partner(self.pair, side, var)}

    def node_tooltip(self, side: Side, var: str) -> str:
        """The selected pair's node as the graphs' tooltip describes it: variable, concept, partner,
        S and the round the pair was fixed in ("" when there is no such node)."""
        if self._marks is None:
            self._marks = self._pair_marks()
        mark = self._marks.get(side, GraphMarks()).nodes.get(var)
        return mark.tooltip if mark is not None else ""

    def _pair_marks(self) -> dict[Side, GraphMarks]:
        result = self.pair
        if result is None:
            return {}
        if result.alignment is not None and result.test is not None and result.gold is not None:
            return dict(zip(SIDES, pair_marks(result, self.triple_rows)))
        return {side: graph_marks(graph) for side, graph in zip(SIDES, (result.test, result.gold)) if graph is not None}

    def select_triple(self, row: TripleMatch | None) -> None:
        self._keep_chosen()
        if row is not self.triple:
            self.triple = row
            self.triple_selected.emit(row)

    def request_panel(self, key: str) -> None:
        """Ask the window to show a panel (switching perspective if it must)."""
        self._keep_chosen()
        self.panel_requested.emit(key)

    def _keep_chosen(self) -> None:
        """The pair selected is in use (its graphs opened, a node or triple chosen): chosen now,
        even if a filter moved to it."""
        if self.pair is not None:
            self._chosen = self.pair.index
