"""Discourse Representation Structures: clause files, Counter, DScorer, and DRSs as
engine graphs (Counter: van Noord et al. 2018; DScorer: Liu et al. 2020).

:mod:`.clauses` reads clause files (``read_drs_file``, ``looks_like_drs``, ``pair_drs``);
:mod:`.normalise` gives Counter's clause set; :mod:`.counter` scores a pair with the
optimal (or hill-climbed) variable mapping of :mod:`engine.matching`; :mod:`.dscorer`
scores k-gram overlap in the ``paper`` and ``reference`` profiles, through the graphs of
:mod:`.dscorer_graph` and the counting of :mod:`.kgrams`; :mod:`.graph` turns a DRS
into an :class:`~engine.model.Graph` for the AnCast alignment and metrics.
"""

from .clauses import Anchor, Clause, DrsEntry, looks_like_drs, pair_drs, parse_drs_text, read_drs_file
from .counter import CLAUSE_CLASSES, CounterScore, counter_score
from .dscorer import (
    DSCORER_PROFILES,
    DScorerCounts,
    DScorerProfile,
    DScorerScore,
    DScorerSettings,
    DScorerTally,
    dscorer_counts,
    dscorer_kgrams,
    dscorer_score,
)
from .graph import drs_graph

__all__ = [
    "CLAUSE_CLASSES",
    "DSCORER_PROFILES",
    "Anchor",
    "Clause",
    "CounterScore",
    "DScorerCounts",
    "DScorerProfile",
    "DScorerScore",
    "DScorerSettings",
    "DScorerTally",
    "DrsEntry",
    "counter_score",
    "drs_graph",
    "dscorer_counts",
    "dscorer_kgrams",
    "dscorer_score",
    "looks_like_drs",
    "pair_drs",
    "parse_drs_text",
    "read_drs_file",
]
