"""Score one pair or a whole corpus: the library API the CLI and the GUI share."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Callable, Sequence

from .alignment import Alignment, align
from .compat import NoConvergence, score_ancast
from .document import DOCUMENT_METRICS, DocumentResult, score_document
from .errors import InputError
from .metrics import PRF, Tally, Totals, pair_tallies
from .smatch import smatch_tallies
from .model import Graph
from .pairing import Pair, pair_entries
from .process import one_blas_thread_meanwhile, single_threaded_blas
from .params import ANCAST, Params
from .reader import ReadOptions, read_entries, read_text
from .triples import TripleMatch, classify_triples
from .umr import UmrDocument, looks_like_umr, read_umr



@dataclass
class PairResult:
    """Everything known about one pair after scoring (or why it was not scored)."""

    index: int
    id: str | None
    test: Graph | None
    gold: Graph | None
    error: str | None = None
    alignment: Alignment | None = None
    tallies: dict[str, Tally] = field(default_factory=dict)
    sources: tuple[str, str] = ("", "")  # the test and gold blocks as written

    @property
    def scores(self) -> dict[str, PRF]:
        return {name: tally.prf() for name, tally in self.tallies.items()}

    def triples(self) -> list[TripleMatch]:
        """The pair's relations by category (empty for a pair with an error)."""
        if self.alignment is None or self.test is None or self.gold is None:
            return []
        return classify_triples(self.alignment, self.test, self.gold)


def score_graphs(test: Graph, gold: Graph, params: Params = Params(), trace: bool = False) -> tuple[Alignment, dict[str, Tally]]:
    """Align two graphs and compute every metric's tally, under ``params.profile``.

    Raises :class:`~engine.compat.NoConvergence` for a pair the ``ancast-0.1.1``
    profile cannot finish (the reference fails on it too)."""
    if params.profile == ANCAST:
        alignment, tallies = score_ancast(test, gold, params, trace=trace)
    else:
        alignment = align(test, gold, params, trace=trace)
        tallies = pair_tallies(alignment, test, gold)
    if params.smatch:
        tallies.update(smatch_tallies(test, gold))
    return alignment, tallies


def traced_alignment(test: Graph, gold: Graph, params: Params = Params()) -> Alignment:
    """The pair's alignment with every round's matrices, under ``params.profile``
    (for the heatmaps; raises :class:`~engine.compat.NoConvergence` as :func:`score_graphs`)."""
    if params.profile == ANCAST:
        return score_ancast(test, gold, params, trace=True)[0]
    return align(test, gold, params, trace=True)


def score_pair(pair: Pair, params: Params = Params(), trace: bool = False) -> PairResult:
    """Score one :class:`Pair`; a pair with an input error gets no scores."""
    return _result(pair, _scores_of(pair, params, trace))


def _scores_of(pair: Pair, params: Params, trace: bool = False) -> tuple[Alignment, dict[str, Tally]] | str | None:
    """Alignment and tallies of a readable pair (None for a pair with an input
    error, a message for a pair that cannot be scored)."""
    test = pair.test.graph if pair.test else None
    gold = pair.gold.graph if pair.gold else None
    if pair.error is not None or test is None or gold is None:
        return None
    try:
        scores = score_graphs(test, gold, params, trace)
    except NoConvergence as error:
        location = test.location or f"pair {pair.index + 1}"
        return f"{location}: cannot be scored under the {params.profile} profile: {error}"
    test.release_caches()
    gold.release_caches()
    return scores


def _result(pair: Pair, scores: tuple[Alignment, dict[str, Tally]] | str | None) -> PairResult:
    test = pair.test.graph if pair.test else None
    gold = pair.gold.graph if pair.gold else None
    sources = (pair.test.text if pair.test else "", pair.gold.text if pair.gold else "")
    result = PairResult(pair.index, pair.id, test, gold, error=pair.error, sources=sources)
    if isinstance(scores, str):
        result.error = scores
    elif scores is not None:
        result.alignment, result.tallies = scores
    return result


@dataclass
class CorpusResult:
    """Per-pair results with micro (pooled) and macro (mean of pairs) scores."""

    pairs: list[PairResult]
    params: Params
    cancelled: bool = False
    documents: list[DocumentResult] = field(default_factory=list)  # UMR only

    @property
    def profile(self) -> str:
        return self.params.profile

    @property
    def document_scores(self) -> dict[str, PRF]:
        """Document-level scores pooled over every document pair (empty for AMR)."""
        if not self.documents:
            return {}
        totals = {name: Tally() for name in DOCUMENT_METRICS}
        for document in self.documents:
            for name in DOCUMENT_METRICS:
                totals[name] = totals[name] + document.tallies[name]
        return {name: tally.prf() for name, tally in totals.items()}

    @property
    def totals(self) -> Totals:
        totals = Totals()
        for result in self.pairs:
            totals.add(result.tallies)
        return totals

    @property
    def micro(self) -> dict[str, PRF]:
        return self.totals.micro()

    @property
    def macro(self) -> dict[str, PRF]:
        return self.totals.macro()

    @property
    def errors(self) -> list[str]:
        return [result.error for result in self.pairs if result.error]


Progress = Callable[[int, int], None]


def score_corpus(
    pairs: Sequence[Pair],
    params: Params = Params(),
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    documents: Sequence[tuple[UmrDocument, UmrDocument]] = (),
    jobs: int = 1,
) -> CorpusResult:
    """Score every pair in order. ``progress(done, total)`` is called after each
    pair; when ``cancelled()`` turns true, scoring stops and the result holds
    the pairs done so far with ``cancelled`` set. With UMR ``documents``, the
    document-level scores of each document pair are computed at the end.
    ``jobs`` > 1 scores in that many worker processes (results keep their order)."""
    results: list[PairResult] = []
    with ordered_map(jobs if worth_processes(pairs) else 1) as mapped:
        scored = map(_result, pairs, mapped(partial(_scores_of, params=params), pairs))
        for done, result in enumerate(scored, start=1):
            if cancelled is not None and cancelled():
                return CorpusResult(results, params, cancelled=True)
            results.append(result)
            if progress is not None:
                progress(done, len(pairs))
    corpus = CorpusResult(results, params)
    for number, (test, gold) in enumerate(documents):
        members = [result for pair, result in zip(pairs, results) if pair.document == number]
        corpus.documents.append(score_document(test, gold, members))
    return corpus


PARALLEL_WORK = 60_000  # Σ |V_T|·|V_G| below which starting processes costs more than it saves


def worth_processes(pairs: Sequence[Pair]) -> bool:
    work = sum(pair.test.size * pair.gold.size for pair in pairs if pair.test is not None and pair.gold is not None)
    return work >= PARALLEL_WORK and len(pairs) >= 4


@contextmanager
def ordered_map(jobs: int):
    """A ``map(function, items)`` that runs in ``jobs`` worker processes (in
    this one for 1), results in order; the function must be picklable."""
    if jobs <= 1:
        yield map
        return
    import multiprocessing

    if "fork" in multiprocessing.get_all_start_methods():
        # forked workers inherit the BLAS thread setting, so set it once here (and restore it after)
        with one_blas_thread_meanwhile(), multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield lambda function, items: pool.imap(function, items, chunksize=max(1, len(items) // (8 * jobs)))
        return
    with multiprocessing.get_context("spawn").Pool(jobs, initializer=single_threaded_blas) as pool:
        yield lambda function, items: pool.imap(function, items, chunksize=max(1, len(items) // (8 * jobs)))


@dataclass
class LoadedFiles:
    """Two files read and paired: the pairs, the format, UMR document pairs and warnings."""

    pairs: list[Pair]
    format: str
    documents: list[tuple[UmrDocument, UmrDocument]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


FORMATS = ("auto", "amr", "umr")


def detect_format(path: str | Path) -> str:
    """"umr" for files with '# sentence level graph:' sections (or a .umr name), else "amr"."""
    if str(path).lower().endswith(".umr"):
        return "umr"
    return "umr" if looks_like_umr(read_text(path)) else "amr"


def pair_umr(test_path: str | Path, gold_path: str | Path, options: ReadOptions) -> LoadedFiles:
    """Pair UMR sentences by position within documents, documents by position."""
    test, gold = read_umr(test_path, options), read_umr(gold_path, options)
    if len(test.sentences) != len(gold.sentences) or len(test.documents) != len(gold.documents):
        raise InputError(
            str(test_path), None,
            f"holds {len(test.documents)} document(s) with {len(test.sentences)} sentences but {gold_path} holds "
            f"{len(gold.documents)} with {len(gold.sentences)}; UMR files are paired sentence by sentence",
        )
    pairs: list[Pair] = []
    for number, (test_doc, gold_doc) in enumerate(zip(test.documents, gold.documents)):
        for test_sentence, gold_sentence in zip(test_doc.sentences, gold_doc.sentences):
            identifier = test_sentence.entry.id or gold_sentence.entry.id
            if len(test.documents) > 1:
                identifier = f"d{number}.{identifier}"
            pairs.append(Pair(len(pairs), identifier, test_sentence.entry, gold_sentence.entry, document=number))
    return LoadedFiles(pairs, "umr", list(zip(test.documents, gold.documents)), test.warnings + gold.warnings)


def check_profile(format_name: str, params: Params, path: str | Path) -> None:
    """Raise :class:`InputError` when the profile cannot read this format (ancast-0.1.1: AMR only)."""
    if format_name == "umr" and params.profile == ANCAST:
        raise InputError(str(path), None, f"the {ANCAST} profile reads AMR input only; score UMR with the paper profile")


def load_files(
    test_path: str | Path, gold_path: str | Path, format_in: str = "auto", options: ReadOptions = ReadOptions()
) -> LoadedFiles:
    """Read both files (AMR/PENMAN or UMR, detected from the test file unless
    given) and pair their graphs; raises InputError for a file that cannot be
    used at all (unreadable, not UTF-8, empty, unpairable)."""
    kind = detect_format(test_path) if format_in == "auto" else format_in
    if kind == "umr":
        return pair_umr(test_path, gold_path, options)
    test_entries = read_entries(test_path, options)
    gold_entries = read_entries(gold_path, options)
    return LoadedFiles(pair_entries(test_entries, gold_entries, str(test_path), str(gold_path)), "amr")


def score_files(test_path: str | Path, gold_path: str | Path, params: Params = Params(), **kwargs) -> CorpusResult:
    """Read, pair and score two files."""
    loaded = load_files(test_path, gold_path)
    return score_corpus(loaded.pairs, params, documents=loaded.documents, **kwargs)
