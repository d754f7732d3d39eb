"""The pipeline that scores pairs: read (:mod:`engine.read`) -> align (:mod:`engine.align`)
-> metrics (:mod:`engine.metrics`, :mod:`engine.smatch`), per pair (:mod:`.pair`), per
corpus (:mod:`.corpus`), streamed with flat memory (:mod:`.stream`) or for several
annotators at once (:mod:`.matrix`); the results are plain data (:mod:`.results`)."""

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
