"""The application state and its signals: the files, the parameters, the scores,
the selection and the work in progress. Panels read it and subscribe to its
signals, and report the user's choices back through its methods; they never
talk to each other.

Signals:

* ``corpus_changed(CorpusResult)`` - new scores are in (the selection follows);
* ``pair_selected(PairResult | None)`` (None again when the reason there is none changes: new
  files, another filter), ``node_selected(side, var)`` (var "" = none),
  ``triple_selected(TripleMatch | None)``, ``filter_changed(text)``;
* ``node_revealed(side, var)`` - a node was asked for (found, chosen in a table): the graphs
  centre it and its partner (it is the selected node too);
* ``panel_requested(key)`` - a panel (see :mod:`ui.perspectives`) should be shown;
* ``trace_ready(PairTrace)`` - the selected pair's trace for the heatmaps
  (from the cache at once, else from a worker thread);
* ``kgrams_ready(KgramList)`` - the selected DRS pair's differing k-grams of one order
  (:meth:`AppState.request_kgrams`, listed on a worker thread);
* ``params_changed(Params)``, ``recent_changed()``;
* ``busy_changed(bool)``, ``progress(done, total)`` - scoring in progress;
* ``message(text)`` for the status line, ``problem(text)`` for the banner
  ("" clears it), ``load_failed(text)`` when files could not be opened.

``annotators`` (:class:`~ui.annotators_state.AnnotatorsState`) holds several annotators'
matrix, with its own signals; ``busy`` and ``cancel`` cover its scoring too.
``adjudication`` (:class:`~ui.adjudication_state.AdjudicationState`) holds the adjudication
session, if one is open, with its own signals.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal

from engine.layout.marks import GraphMarks, graph_marks, pair_marks
from engine.layout.pair import plural
from engine.metrics.document import DocumentResult
from engine.metrics.triples import TripleMatch
from engine.params import Params
from engine.read import AnnotationSet, LoadedPairs
from engine.scoring import CorpusResult, PairResult
from engine.drs.pair import dscorer_settings

from .adjudication.state import AdjudicationState
from .state.files import AnnotatorFiles
from .annotators.state import AnnotatorsState
from .state.filter_expression import parse_filter
from .state.jobs import JobRunner
from .drs.kgram_rows import differing_kgrams
from .common.sides import SIDES, Side, other_side, partner
from .state.settings import AppSettings
from .state.tasks import UNREADABLE, PairTrace, ScoreRequest, ScoringOutcome, read_and_score, trace_pair
from .state.trace_cache import TraceCache, TraceKey

__all__ = ["AppState"]

SCORE, TRACE, KGRAMS = "score", "trace", "kgrams"


class AppState(QObject):
    corpus_changed = Signal(object)
    pair_selected = Signal(object)
    node_selected = Signal(str, str)
    triple_selected = Signal(object)
    node_revealed = Signal(str, str)
    panel_requested = Signal(str)
    filter_changed = Signal(str)
    trace_ready = Signal(object)
    kgrams_ready = Signal(object)
    params_changed = Signal(object)
    recent_changed = Signal()
    busy_changed = Signal(bool)
    progress = Signal(int, int)
    message = Signal(str)
    problem = Signal(str)
    load_failed = Signal(str)

    def __init__(self, settings: QSettings | None = None, parent=None):
        super().__init__(parent)
        self.settings = AppSettings(settings)
        self.params: Params = self.settings.params()
        self.runner = JobRunner(self)
        self.files: AnnotatorFiles | None = None  # the files whose scores are shown
        self.loaded: LoadedPairs | None = None
        self.corpus: CorpusResult | None = None
        self.last_error: str | None = None
        self.filter_text = ""
        self.accepts = parse_filter("")
        self.pair: PairResult | None = None
        self.triple_rows: list[TripleMatch] = []
        self.node: tuple[Side, str] | None = None
        self.triple: TripleMatch | None = None
        self.trace: PairTrace | None = None  # of the selected pair, once known
        self._marks: dict[Side, GraphMarks] | None = None  # of the selected pair, made when first asked for
        self.traces: TraceCache[PairTrace] = TraceCache(size_of=lambda trace: trace.nbytes)
        self._generation = 0  # counts the times files were read (part of the trace key)
        self._wanted: str | None = None  # a pair to select once the scores are in
        self.annotators = AnnotatorsState(self)  # several annotators' files: the matrix (issue 16)
        self.adjudication = AdjudicationState(self)
        self.annotators.matrix_changed.connect(self._remember_annotators)
        self._note = ""  # begins the report of the next scores (how the files came to be opened)
        self.load_failed.connect(self._forget_note)

    # ------------------------------------------------------------- scoring
    @property
    def busy(self) -> bool:
        """Scoring a pair of files or the annotators' matrix."""
        return self.runner.busy(SCORE) or self.annotators.busy

    def open_files(
        self, files: AnnotatorFiles, select: str | None = None, annotations: AnnotationSet | None = None
    ) -> bool:
        """Read and score ``files`` in the background; what is shown stays until the new
        scores are in (and for good if they fail). ``select``: a pair id or index to show then;
        ``annotations``: the files read already as a set of annotators (a cell of the matrix)."""
        started = self._score(
            ScoreRequest(files, self.params, annotations=annotations),
            f"Reading {files.test_path.name} and {files.gold_path.name}...",
        )
        if started:
            self._wanted = select
            self.annotators.files_requested(files)  # files that are no cell of the matrix close it
        return started

    def open_pair(self, test: str | Path, gold: str | Path, select: str | None = None) -> bool:
        return self.open_files(AnnotatorFiles.of((test, gold)), select)

    def open_roles(self, test: int, gold: int) -> bool:
        """Score two other files of the loaded ones as test and gold (as the matrix's cell when
        they are its files), the sentence shown kept."""
        if self.files is None:
            return False
        files, matrix = replace(self.files, test=test, gold=gold), self.annotators.result
        cell = self.annotators.cell_of(files) is not None and matrix is not None
        shown = self.pair
        select = (shown.id or str(shown.index)) if shown is not None else None  # other files: say which sentence
        return self.open_files(files, select, annotations=matrix.annotations if cell else None)

    def replace_file(self, side: Side, path: str | Path) -> bool:
        """Open ``path`` as the new test or gold file, the other one kept."""
        return self.files is not None and self.open_files(self.files.with_file(side, path))

    def swap(self) -> bool:
        return self.files is not None and self.open_files(self.files.swapped())

    def rescore(self) -> bool:
        """Score the loaded pairs again under the current parameters."""
        if self.loaded is None or self.files is None:
            return False
        return self._score(ScoreRequest(self.files, self.params, self.loaded), "Re-scoring...")

    def set_params(self, params: Params) -> None:
        """Use new parameters, remember them, and re-score what is loaded."""
        self.params = params
        self.settings.save_params(params)
        self.params_changed.emit(params)
        self.rescore()

    def cancel(self) -> None:
        if self.runner.busy(SCORE):
            self.runner.cancel(SCORE)
            self.message.emit("Cancelling...")
        self.annotators.cancel()

    def shutdown(self) -> None:
        """Stop every job and wait for it, and close the adjudication session (before the window closes)."""
        self.runner.wait()
        self.adjudication.shutdown()

    def _score(self, request: ScoreRequest, text: str) -> bool:
        if not self.runner.start(
            SCORE, partial(read_and_score, request), self.show_scores, self._failed, self._progress
        ):
            self.message.emit("Still scoring: cancel (Esc) before starting again.")
            return False
        self.message.emit(text)
        self.busy_changed.emit(True)
        return True

    def _progress(self, done: int, total: int) -> None:
        self.progress.emit(done, total)
        self.message.emit(f"Scoring pair {done} of {total}...")

    def show_scores(self, outcome: ScoringOutcome) -> None:
        """Show a finished scoring run: the wanted pair, else the pair selected before when the files
        are the same (scored again, or swapped), else the first pair."""
        wanted, self._wanted = self._wanted, None
        self.busy_changed.emit(self.busy)
        corpus = outcome.corpus
        if corpus.cancelled:
            kept = "the previous results are still shown" if self.corpus is not None else "nothing is loaded"
            total = plural(len(outcome.loaded.pairs), "pair")
            self.message.emit(f"Cancelled after {len(corpus.pairs)} of {total}; {kept}.")
            return
        same_files = self.files is not None and {self.files.test_path, self.files.gold_path} == {
            outcome.files.test_path, outcome.files.gold_path}
        previous = self.pair.index if self.pair is not None and same_files else 0  # other files: their first pair
        if outcome.loaded is not self.loaded:
            self._generation += 1
            self.traces.clear()
        self.files, self.loaded, self.corpus = outcome.files, outcome.loaded, corpus
        self.last_error = None
        self.pair, self.node, self.triple, self.triple_rows, self._marks, self.trace = None, None, None, [], None, None
        self.problem.emit("")
        self.corpus_changed.emit(corpus)
        found = self._find_pair(wanted) if wanted is not None else None
        if found is not None:
            self._show_pair(found)
        else:
            self._select_index(previous)
        if self.annotators.cell_of(outcome.files) is None:  # a cell: its annotators are remembered
            self.settings.remember(outcome.files)
            self.recent_changed.emit()
        self._report_scores(outcome)
        if wanted is not None and found is None:
            self.message.emit(f"No pair {wanted!r} in this corpus.")

    def _report_scores(self, outcome: ScoringOutcome) -> None:
        corpus, files = outcome.corpus, outcome.files
        errors = corpus.errors
        missing = sum(result.missing for result in corpus.pairs)
        source = f"from {files.test_path.name} (test) and {files.gold_path.name} (gold), {corpus.profile} profile"
        text = f"{plural(len(corpus.pairs), 'pair')} {'' if errors else 'scored '}{source}"
        if errors:
            text += f": {len(corpus.pairs) - len(errors)} scored"
            if len(errors) > missing:
                text += f"; {len(errors) - missing} could not be read (filter: error)"
            if missing:
                text += f"; {missing} missing from a file (filter: missing)"
            self.problem.emit(f"{plural(len(errors), 'pair')} not scored. First problem: {errors[0]}")
        elif outcome.loaded.warnings:
            warnings = outcome.loaded.warnings
            more = f"\n... and {len(warnings) - 3} more" if len(warnings) > 3 else ""
            self.problem.emit(f"{plural(len(warnings), 'warning')}:\n" + "\n".join(warnings[:3]) + more)
        if corpus.documents:
            text += f"; {plural(len(corpus.documents), 'UMR document')}, see the Document level tab"
        note, self._note = self._note, ""
        self.message.emit(f"{note}: {text}." if note else text + ".")

    def note_next_report(self, text: str) -> None:
        """Begin the status line's report of the next scores shown with ``text`` (how the files
        came to be opened: the last ones, or the demo); forgotten if files cannot be opened."""
        self._note = text

    def _forget_note(self, failure: str) -> None:
        self._note = ""

    def _remember_annotators(self, matrix) -> None:
        """Several annotators' files scored: remembered (with their gold) among the recent files."""
        if matrix is not None:
            annotations = matrix.annotations
            gold = annotations.paths[annotations.gold] if annotations.gold is not None else None
            self.settings.remember_annotators(annotations.paths, gold)
            self.recent_changed.emit()

    def _failed(self, text: str) -> None:
        self._wanted = None
        self.busy_changed.emit(self.busy)
        self.last_error = text
        kept = " The files loaded before are still shown." if self.corpus is not None else ""
        self.problem.emit(f"Could not open: {text}.{kept}")
        self.message.emit("Could not open the files." + kept)
        self.load_failed.emit(text)

    def show_message(self, text: str) -> None:
        self.message.emit(text)

    def show_problem(self, text: str) -> None:
        self.problem.emit(text)

    # ----------------------------------------------------------- selection
    def visible_pairs(self) -> list[PairResult]:
        """The pairs the filter keeps, in file order."""
        return [result for result in self.corpus.pairs if self.accepts(result)] if self.corpus else []

    def set_filter(self, text: str) -> None:
        """Keep the pairs the filter text accepts (see :mod:`ui.filter_expression`); the selected
        pair stays selected if it is kept, else the first kept pair is selected."""
        if text == self.filter_text:
            return
        previous = self.pair.index if self.pair is not None else 0
        self._apply_filter(text)
        if self.corpus is not None:
            self.message.emit(f"{len(self.visible_pairs())} of {plural(len(self.corpus.pairs), 'pair')} shown.")
        self._select_index(previous)

    def _apply_filter(self, text: str) -> None:
        self.filter_text, self.accepts = text, parse_filter(text, self.adjudication.review_of)
        self.filter_changed.emit(text)

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
        """The pair with this id, else the one with this index when no id matches."""
        pairs = self.corpus.pairs if self.corpus is not None else []
        found = next((r for r in pairs if r.id == wanted), None)
        if found is None and wanted.isdigit():
            found = next((r for r in pairs if r.index == int(wanted)), None)
        return found

    def _show_pair(self, result: PairResult) -> None:
        """Select a pair, clearing the filter first if it hides the pair."""
        if not self.accepts(result):
            self._apply_filter("")
        self.select_pair(result)

    def show_pair(self, result: PairResult) -> None:
        """Select a pair of the corpus, clearing the filter first if it hides the pair."""
        self._show_pair(result)

    def select_pair_id(self, wanted: str) -> bool:
        """Select a pair by its id, or by its index when no id matches (the filter is cleared)."""
        found = self._find_pair(wanted)
        if found is None:
            self.message.emit(f"No pair {wanted!r} in this corpus.")
            return False
        self._show_pair(found)
        return True

    def select_pair(self, result: PairResult | None) -> None:
        if result is self.pair:
            return
        self.pair, self.node, self.triple, self._marks = result, None, None, None
        self.triple_rows = result.triples() if result is not None else []
        key = self._trace_key()
        self.trace = self.traces.get(key) if key is not None else None
        self.pair_selected.emit(result)
        self._request_trace()

    def select_node(self, side: Side, var: str) -> None:
        """Select a node of one graph ("" for none)."""
        node = (side, var) if var else None
        if node != self.node:
            self.node = node
            self.node_selected.emit(side, var)

    def reveal_node(self, side: Side, var: str) -> None:
        """Select a node and ask the graphs to centre it and its partner."""
        self.select_node(side, var)
        if var:
            self.node_revealed.emit(side, var)

    def request_panel(self, key: str) -> None:
        """Ask the window to show a panel (switching perspective if it must)."""
        self.panel_requested.emit(key)

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

    def empty_text(self) -> str:
        """Why no pair is selected, and what to do about it."""
        if self.corpus is None:
            if self.busy:
                return "Reading and scoring the files..."
            return "No files are open: open a test and a gold file (Ctrl+O) or drop two files on the window."
        if not self.corpus.pairs:
            return "The files have no pairs to compare."
        if not self.visible_pairs():
            hidden = plural(len(self.corpus.pairs), "pair")
            return f"No pair matches the filter \u201c{self.filter_text}\u201d ({hidden} hidden): change or clear it."
        return "Select a pair in the corpus table."

    def selected_nodes(self) -> dict[Side, str | None]:
        """The selected node and its aligned partner, by side (empty when none)."""
        if self.node is None:
            return {}
        side, var = self.node
        return {side: var, other_side(side): partner(self.pair, side, var)}

    def select_triple(self, row: TripleMatch | None) -> None:
        if row is not self.triple:
            self.triple = row
            self.triple_selected.emit(row)

    def document_of(self, result: PairResult | None) -> DocumentResult | None:
        """The UMR document result the pair belongs to (None for AMR)."""
        if result is None or self.loaded is None or self.corpus is None or not self.corpus.documents:
            return None
        number = self.loaded.pairs[result.index].document
        return self.corpus.documents[number] if number is not None else None

    # -------------------------------------------------------------- traces
    def _trace_key(self) -> TraceKey | None:
        if self.pair is None or self.corpus is None:
            return None
        return TraceKey(self._generation, self.pair.index, self.corpus.params)

    def _request_trace(self) -> None:
        """The selected pair's trace: from the cache, else traced on a worker thread."""
        result, key = self.pair, self._trace_key()
        if result is None or key is None:
            return
        if self.trace is None and result.alignment is None:
            self.trace = PairTrace.missing(UNREADABLE)
        if self.trace is not None:
            self.trace_ready.emit(self.trace)
            return
        self.runner.queue(
            TRACE,
            lambda progress, cancelled: trace_pair(result.test, result.gold, key.params),
            partial(self._trace_arrived, key),
            lambda text: self._trace_arrived(key, PairTrace.missing(f"No trace: {text}.")),
        )

    def _trace_arrived(self, key: TraceKey, trace: PairTrace) -> None:
        """Keep a trace of these files in the cache; show it only if its pair is still selected."""
        if key.generation != self._generation:
            return
        self.traces.put(key, trace)
        if key == self._trace_key() and self.trace is None:
            self.trace = trace
            self.trace_ready.emit(trace)

    # -------------------------------------------------------------- k-grams
    def request_kgrams(self, k: int) -> None:
        """List the selected DRS pair's k-grams of order ``k`` found more often on one side, on
        a worker thread; ``kgrams_ready`` brings them if the pair is still selected then."""
        result, corpus = self.pair, self.corpus
        if result is None or result.drs is None or corpus is None:
            return
        drs, settings = result.drs, dscorer_settings(corpus.params)
        self.runner.queue(
            KGRAMS,
            lambda progress, cancelled: differing_kgrams(result.index, drs, settings, k),
            lambda listing: self._kgrams_arrived(result, listing),
            lambda text: self.message.emit(f"Could not list the {k}-grams: {text}."),
        )

    def _kgrams_arrived(self, result: PairResult, listing) -> None:
        if result is self.pair:  # the same pair of the same scores
            self.kgrams_ready.emit(listing)

    def wait_for_trace(self) -> PairTrace | None:
        """The selected pair's trace, traced here and now when it has not arrived yet
        (for exports, which need it at once)."""
        key = self._trace_key()
        if self.trace is None and key is not None and self.pair is not None:
            self._trace_arrived(key, trace_pair(self.pair.test, self.pair.gold, key.params))
        return self.trace
