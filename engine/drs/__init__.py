"""Discourse Representation Structures: clause files, Counter, DScorer, and DRSs as
engine graphs (Counter: van Noord et al. 2018; DScorer: Liu et al. 2020).

:mod:`.clauses` reads clause files (``read_drs_file``, ``looks_like_drs``, ``pair_drs``);
:mod:`.normalise` gives Counter's clause set; :mod:`.counter` scores a pair with the
optimal (or hill-climbed) variable mapping of :mod:`engine.matching`; :mod:`.dscorer`
scores k-gram overlap in the ``paper`` and ``reference`` profiles, through the graphs of
:mod:`.dscorer_graph` and the counting of :mod:`.kgrams`; :mod:`.graph` turns a DRS
into an :class:`~engine.model.Graph` for the AnCast alignment and metrics.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

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

_HOMES = {
    "Anchor": "clauses",
    "Clause": "clauses",
    "DrsEntry": "clauses",
    "looks_like_drs": "clauses",
    "pair_drs": "clauses",
    "parse_drs_text": "clauses",
    "read_drs_file": "clauses",
    "CLAUSE_CLASSES": "counter",
    "CounterScore": "counter",
    "counter_score": "counter",
    "DSCORER_PROFILES": "dscorer",
    "DScorerCounts": "dscorer",
    "DScorerProfile": "dscorer",
    "DScorerScore": "dscorer",
    "DScorerSettings": "dscorer",
    "DScorerTally": "dscorer",
    "dscorer_counts": "dscorer",
    "dscorer_kgrams": "dscorer",
    "dscorer_score": "dscorer",
    "drs_graph": "graph",
}


def __getattr__(name: str) -> Any:
    """The names above load with their module on first use: reading a clause file does not
    load DScorer's sparse k-gram counting, nor Counter's solver."""
    if name not in _HOMES:
        raise AttributeError(f"module 'engine.drs' has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
