"""Score a whole corpus: every pair in order (in worker processes when it pays), then the
UMR document level."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain
from pathlib import Path

from ..errors import ProfileRefused
from ..params import Params, profile_refusal
from ..read import load_pairs
from ..read.pairing import Pair, pair_sizes
from ..registry import Format
from ..runtime.parallel import ordered_map, worth_processes
from .pair import pair_result, pair_scores_many, scoring_batches
from .results import CorpusResult, PairResult

__all__ = ["Progress", "check_profile", "corpus_format", "score_corpus", "score_files"]

log = logging.getLogger(__name__)
Progress = Callable[[int, int], None]


def score_corpus(
    pairs: Sequence[Pair],
    params: Params = Params(),
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    documents: Sequence = (),
    jobs: int = 1,
) -> CorpusResult:
    """Score every pair in order. ``progress(done, total)`` is called after each
    pair; when ``cancelled()`` turns true, scoring stops and the result holds
    the pairs done so far with ``cancelled`` set. With UMR ``documents`` (test and
    gold document per document pair), the document-level scores of each document pair
    are computed at the end. ``jobs`` > 1 scores in that many worker processes
    (results keep their order)."""
    results: list[PairResult] = []
    format = corpus_format(pairs)
    log.debug("scoring %d %s pairs under the %s profile", len(pairs), format.upper(), params.profile)
    jobs = jobs if worth_processes(pair_sizes(pairs)) else 1
    with ordered_map(jobs) as mapped:
        runs = mapped(partial(pair_scores_many, params=params), scoring_batches(pairs, jobs))
        scored = map(pair_result, pairs, chain.from_iterable(runs))
        for done, result in enumerate(scored, start=1):
            if cancelled is not None and cancelled():
                return CorpusResult(results, params, cancelled=True, format=format)
            results.append(result)
            if progress is not None:
                progress(done, len(pairs))
    corpus = CorpusResult(results, params, format=format)
    if documents:  # UMR input: its document-level scores, their module loaded for it alone
        from ..metrics.document import score_document
    for number, (test, gold) in enumerate(documents):
        members = [result for pair, result in zip(pairs, results) if pair.document == number]
        corpus.documents.append(score_document(test, gold, members))
    return corpus


def corpus_format(pairs: Sequence[Pair]) -> Format:
    """The input format of a corpus's pairs: DRS when a graph was read from clause files, UMR
    when a pair belongs to a document, else AMR (also for no pair)."""
    if any(entry is not None and entry.clauses is not None for pair in pairs for entry in (pair.test, pair.gold)):
        return "drs"
    return "umr" if any(pair.document is not None for pair in pairs) else "amr"


def check_profile(format_name: str, params: Params, path: str | Path) -> None:
    """Raise :class:`~engine.errors.ProfileRefused` when the profile cannot read this format
    (:func:`~engine.params.profile_refusal`)."""
    problem = profile_refusal(params.profile, format_name)
    if problem is not None:
        raise ProfileRefused(str(path), params.profile, problem)


def score_files(test_path: str | Path, gold_path: str | Path, params: Params = Params(), **kwargs) -> CorpusResult:
    """Read, pair and score two files."""
    loaded = load_pairs(test_path, gold_path)
    check_profile(loaded.format, params, test_path)
    return score_corpus(loaded.pairs, params, documents=loaded.documents, **kwargs)
