"""The pipeline that scores pairs: read (:mod:`engine.read`) -> align (:mod:`engine.align`)
-> metrics (:mod:`engine.metrics`, :mod:`engine.smatch`), per pair (:mod:`.pair`), per
corpus (:mod:`.corpus`), streamed with flat memory (:mod:`.stream`) or for several
annotators at once (:mod:`.matrix`); the results are plain data (:mod:`.results`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..runtime.lazy import lazy_names

if TYPE_CHECKING:
    from .corpus import check_profile, score_corpus, score_files
    from .matrix import MatrixResult, score_matrix
    from .pair import score_graphs, score_pair, traced_alignment
    from .results import CorpusResult, PairResult
    from .stream import ScoreStream

__all__ = [
    "CorpusResult",
    "MatrixResult",
    "PairResult",
    "ScoreStream",
    "check_profile",
    "score_corpus",
    "score_files",
    "score_graphs",
    "score_matrix",
    "score_pair",
    "traced_alignment",
]

_HOMES = {
    "CorpusResult": ".results",
    "MatrixResult": ".matrix",
    "PairResult": ".results",
    "ScoreStream": ".stream",
    "check_profile": ".corpus",
    "score_corpus": ".corpus",
    "score_files": ".corpus",
    "score_graphs": ".pair",
    "score_matrix": ".matrix",
    "score_pair": ".pair",
    "traced_alignment": ".pair",
}


__getattr__ = lazy_names(__name__, _HOMES)
