"""The files, the parameters and their scores: reading and scoring on a worker thread, the
recent files remembered, what the status line and the banner say of it.

A finished run is handed on with ``scored(outcome, wanted)``; the app state
(:class:`ui.app_state.AppState`) shows it (:meth:`Scoring.show`), so that the selection is cleared
before the views see the new corpus and set after.

Signals: ``corpus_changed(CorpusResult)`` - new scores are shown; ``params_changed(Params)``;
``recent_changed()``; ``load_failed(text)`` - files could not be opened; ``files_opening(files)`` -
other files are being scored in place of those shown; ``scored(ScoringOutcome, wanted)``.

One pair of files is scored at a time: opening others meanwhile is refused (cancel first), except
while the files shown are scored again (new parameters, F5) or another pair of the annotators'
files is being read (a cell of their matrix, or other roles): the newest choice replaces the one
under way, which is cancelled and never shown (and is scored under the parameters in use).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from engine.layout.pair import plural
from engine.metrics.document import DocumentResult
from engine.params import Params
from engine.read import AnnotationSet, LoadedPairs
from engine.scoring import CorpusResult, PairResult

from .files import AnnotatorFiles
from .jobs import Failure, JobRunner
from .messages import Messages
from .settings import AppSettings
from .tasks import ScoreRequest, ScoringOutcome, read_and_score

__all__ = ["MATRIX", "SCORE", "Scoring"]

log = logging.getLogger(__name__)

SCORE = "score"  # the lane scoring a pair of files
MATRIX = "matrix"  # the lane scoring several annotators' matrix (:mod:`ui.annotators.state`)


@dataclass(frozen=True)
class _Opening:
    """Files to score and show: ``select``, the pair to show then; ``chosen``, the roles remembered."""

    request: ScoreRequest
    select: str | None
    chosen: AnnotatorFiles


class Scoring(QObject):
    corpus_changed = Signal(object)
    params_changed = Signal(object)
    recent_changed = Signal()
    load_failed = Signal(str)
    files_opening = Signal(object)
    scored = Signal(object, object)

    def __init__(self, settings: AppSettings, runner: JobRunner, messages: Messages, parent=None):
        super().__init__(parent)
        self.settings, self.runner, self.messages = settings, runner, messages
        self.params: Params = settings.params()
        self.files: AnnotatorFiles | None = None  # the files whose scores are shown
        self.chosen: AnnotatorFiles | None = None  # the same files in the roles the user chose (remembered)
        self.loaded: LoadedPairs | None = None
        self.corpus: CorpusResult | None = None
        self.last_error: str | None = None
        self._wanted: str | None = None  # a pair to select once the scores are in
        self._choosing: AnnotatorFiles | None = None  # what ``chosen`` becomes once the scores are in
        self._note = ""  # begins the report of the next scores (how the files came to be opened)
        self._reading: ScoreRequest | None = None  # the request being scored
        self._replacing: _Opening | None = None  # what is scored once the cancelled request is over
        self.load_failed.connect(self._forget_note)

    @property
    def busy(self) -> bool:
        """Scoring a pair of files or the annotators' matrix."""
        return self.runner.busy(SCORE) or self.runner.busy(MATRIX)

    def open_files(
        self,
        files: AnnotatorFiles,
        select: str | None = None,
        annotations: AnnotationSet | None = None,
        chosen: AnnotatorFiles | None = None,
    ) -> bool:
        """Read and score ``files`` in the background; what is shown stays until the new
        scores are in (and for good if they fail). ``select``: a pair id or number (from 1) to show then;
        ``annotations``: the files read already as a set of annotators (a cell of the matrix);
        ``chosen``: the same files in the roles the user gave them, when ``files`` gives them
        others (an adjudication session scores its annotators so) - what is remembered among the
        recent files, and scored again when the session closes (default: ``files``)."""
        opening = _Opening(ScoreRequest(files, self.params, annotations=annotations), select, chosen or files)
        if self._replaceable(annotations):
            log.info("scoring %s against %s in place of the pair under way", files.test_path, files.gold_path)
            self._replacing = opening  # started by the callback of the one cancelled
            self.runner.cancel(SCORE)
            return True
        return self._open(opening)

    def _replaceable(self, annotations: AnnotationSet | None) -> bool:
        """Whether files opened now replace the request being scored: the files shown scored again
        (other files are to be shown instead), or another pair of the same annotators."""
        reading = self._reading
        if reading is None or not self.runner.busy(SCORE):
            return False
        rescoring = reading.loaded is not None  # :meth:`rescore`
        return rescoring or (annotations is not None and reading.annotations is annotations)

    def _open(self, opening: _Opening) -> bool:
        files = opening.request.files
        started = self._score(opening.request, "Reading {} and {}...".format(*files.names()))
        if started:
            log.info("scoring %s (test) against %s (gold)", files.test_path, files.gold_path)
            self._wanted, self._choosing = opening.select, opening.chosen
            self.files_opening.emit(files)  # files that are no cell of the matrix close it
        return started

    def _replaced(self) -> bool:
        """The run just over is forgotten; when it was replaced (:meth:`_replaceable`), start the
        files that replaced it (True)."""
        self._reading = None
        opening, self._replacing = self._replacing, None
        if opening is None:
            return False
        self._open(opening)  # the lane is free: a job's callback runs once it is over
        return True

    def open_pair(self, test: str | Path, gold: str | Path, select: str | None = None) -> bool:
        return self.open_files(AnnotatorFiles.of((test, gold)), select)

    def replace_file(self, side, path: str | Path) -> bool:
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
        """Use new parameters, remember them, and re-score what is loaded (files being read are
        scored again under them once they are in: :meth:`_scored`)."""
        self.params = params
        self.settings.save_params(params)
        self.params_changed.emit(params)
        if not self.runner.busy(SCORE):
            self.rescore()

    def refuse_profile(self, failure: Failure, kept: Params | None) -> None:
        """Files that cannot be scored under ``failure.profile`` (they are fine): say so, and go
        back to ``kept``, the parameters that scored them before (None: opened under that profile,
        nothing to go back to), unless another profile was chosen meanwhile."""
        if kept is not None and self.params.profile == failure.profile:
            self.params = kept
            self.settings.save_params(kept)
            self.params_changed.emit(kept)
        if self.params.profile != failure.profile:
            then = f"The parameters are back to those before ({self.params.profile} profile)."
        else:
            then = "Choose another profile in Scoring > Parameters."
        self.messages.show_problem(f"Not scored under the {failure.profile} profile: {failure}. {then}")
        self.messages.show(f"Not scored under the {failure.profile} profile. {then}")

    def cancel(self) -> None:
        self._replacing = None
        if self.runner.busy(SCORE):
            self.runner.cancel(SCORE)
            self.messages.show("Cancelling...")

    def _score(self, request: ScoreRequest, text: str) -> bool:
        if not self.runner.start(SCORE, partial(read_and_score, request), self._scored, self._failed, self._progress):
            self.messages.show("Still scoring: cancel (Esc) before starting again.")
            return False
        self._reading = request
        self.messages.show(text)
        self.messages.show_busy(True)
        return True

    def _progress(self, done: int, total: int) -> None:
        self.messages.show_progress(done, total)
        self.messages.show(f"Scoring pair {done} of {total}...")

    def _scored(self, outcome: ScoringOutcome) -> None:
        if self._replaced():
            return
        wanted, self._wanted = self._wanted, None
        self.scored.emit(outcome, wanted)
        if not outcome.corpus.cancelled:
            self._rescore_if_stale()

    def _rescore_if_stale(self) -> None:
        """Score what is shown again when it was scored under other parameters: they changed
        while files were being read (scoring again could not start then: :meth:`set_params`), or
        the files that replaced its scoring again could not be read."""
        if self.corpus is not None and self.corpus.params != self.params and not self.runner.busy(SCORE):
            self.rescore()

    def _failed(self, failure: Failure) -> None:
        request = self._reading
        if self._replaced():
            return
        text = str(failure)
        self._wanted = self._choosing = None
        self.messages.show_busy(self.busy)
        self.last_error = text
        if failure.profile is not None:  # the files are fine: the parameters are not
            rescoring = request is not None and request.loaded is not None  # the files shown: they were scored
            self.refuse_profile(failure, self.corpus.params if rescoring and self.corpus is not None else None)
        else:
            kept = " The files loaded before are still shown." if self.corpus is not None else ""
            self.messages.show_problem(f"Could not open: {text}.{kept}", failure.details)
            self.messages.show("Could not open the files." + kept)
        self.load_failed.emit(text)
        if request is None or request.loaded is None:  # not the files shown failing again
            self._rescore_if_stale()  # the files shown before

    # ------------------------------------------------------------ showing
    def cancelled(self, outcome: ScoringOutcome) -> bool:
        """Whether the run was cancelled (the status line says so; what is shown stays)."""
        corpus = outcome.corpus
        if corpus.cancelled:
            kept = "the previous results are still shown" if self.corpus is not None else "nothing is loaded"
            total = plural(len(outcome.loaded.pairs), "pair")
            self.messages.show(f"Cancelled after {len(corpus.pairs)} of {total}; {kept}.")
            self._choosing = None
        return corpus.cancelled

    def same_files(self, files: AnnotatorFiles) -> bool:
        """``files`` are those shown, in either role (scored again, or swapped)."""
        return self.files is not None and {self.files.test_path, self.files.gold_path} == {
            files.test_path,
            files.gold_path,
        }

    def show(self, outcome: ScoringOutcome) -> None:
        """Take a finished run's files, pairs and scores; ``corpus_changed`` tells the views."""
        self.files, self.loaded, self.corpus = outcome.files, outcome.loaded, outcome.corpus
        if self._choosing is not None:
            self.chosen, self._choosing = self._choosing, None
        elif self.chosen is None or self.chosen.paths != outcome.files.paths:  # not opened by open_files
            self.chosen = outcome.files  # (scored again, the same files keep their choice)
        self.last_error = None
        self.corpus_changed.emit(outcome.corpus)

    def remember(self) -> None:
        """Two files scored: remembered among the recent files, in the roles the user chose."""
        if self.chosen is not None:
            self.settings.remember(self.chosen)
            self.recent_changed.emit()

    def remember_annotators(self, annotations: AnnotationSet) -> None:
        """Several annotators' files scored: remembered (with their gold) among the recent files."""
        gold = annotations.paths[annotations.gold] if annotations.gold is not None else None
        self.settings.remember_annotators(annotations.paths, gold)
        self.recent_changed.emit()

    def report(self, outcome: ScoringOutcome, cell: bool = False) -> None:
        """The status line's report of the scores shown, and the banner's of their problems. For a
        ``cell`` of the annotators' matrix, sentences an annotator left out (usual among annotators)
        are no problem: the banner gives the annotators' warning that ids are missing from some
        files, the same whichever cell, and the status line counts the cell's missing pairs."""
        corpus, files = outcome.corpus, outcome.files
        errors = corpus.errors
        missing = sum(result.missing for result in corpus.pairs)
        unread = [result.error for result in corpus.pairs if result.error and not result.missing]
        test, gold = files.names()
        source = f"from {test} (test) and {gold} (gold), {corpus.profile} profile"
        text = f"{plural(len(corpus.pairs), 'pair')} {'' if errors else 'scored '}{source}"
        if errors:
            text += f": {len(corpus.pairs) - len(errors)} scored"
            if len(errors) > missing:
                text += f"; {len(errors) - missing} could not be read (filter: error)"
            if missing:
                text += f"; {missing} missing from a file (filter: missing)"
        if unread or (errors and not cell):
            first = (unread or errors)[0]
            self.messages.show_problem(f"{plural(len(errors), 'pair')} not scored. First problem: {first}")
        elif outcome.loaded.warnings:
            warnings = outcome.loaded.warnings
            more = f"\n... and {len(warnings) - 3} more" if len(warnings) > 3 else ""
            self.messages.show_problem(f"{plural(len(warnings), 'warning')}:\n" + "\n".join(warnings[:3]) + more)
        if corpus.documents:
            text += f"; {plural(len(corpus.documents), 'UMR document')}, see the Document level tab (Corpus and Pair)"
        note, self._note = self._note, ""
        self.messages.show(f"{note}: {text}." if note else text + ".")

    def note_next_report(self, text: str) -> None:
        """Begin the status line's report of the next scores shown with ``text`` (how the files
        came to be opened: the last ones, or the demo); forgotten if files cannot be opened."""
        self._note = text

    def _forget_note(self, failure: str) -> None:
        self._note = ""

    def document_of(self, result: PairResult | None) -> DocumentResult | None:
        """The UMR document result the pair belongs to (None for AMR)."""
        if result is None or self.loaded is None or self.corpus is None or not self.corpus.documents:
            return None
        number = self.loaded.pairs[result.index].document
        return self.corpus.documents[number] if number is not None else None
