"""The Smatch family as stages: :mod:`.triples` (a graph's triples, standardised) ->
:mod:`engine.matching` (the best variable mapping) -> :mod:`.scorer` (per pair and corpus),
with :mod:`.fine_grained` sub-scores under the same mapping."""

from .fine_grained import SUB_SCORES
from .scorer import SmatchPairResult, smatch_corpus, smatch_pair
from .triples import STANDARDIZATIONS, Standardization, smatch_triples

__all__ = [
    "STANDARDIZATIONS",
    "SUB_SCORES",
    "SmatchPairResult",
    "Standardization",
    "smatch_corpus",
    "smatch_pair",
    "smatch_triples",
]
