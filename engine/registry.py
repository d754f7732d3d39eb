"""Every score the engine reports, named once: its JSON key, its title and its short name.

The command line, the printers, the HTML report and the app's tables all take their
column names from here.

>>> METRIC["labeled_relation"].short
'LR'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ALL_METRICS",
    "COUNTER",
    "DOCUMENT_METRICS",
    "DRS_METRICS",
    "DSCORER",
    "METRIC",
    "METRICS",
    "SMATCH",
    "Metric",
    "scored_metrics",
    "short_name",
]


@dataclass(frozen=True)
class Metric:
    """A score: ``key`` in JSON and CSV, ``title`` in prose, ``short`` as a column name."""

    key: str
    title: str
    short: str
    description: str


_ALL = (
    Metric("concept", "Concept", "Concept", "mean intrinsic similarity of aligned nodes (AnCast eq. 15-16)"),
    Metric(
        "labeled_relation", "Labeled relation", "LR", "relations with the same label between aligned nodes (eq. 17-20)"
    ),
    Metric(
        "unlabeled_relation", "Unlabeled relation", "ULR", "relations between aligned nodes, labels ignored (eq. 21-23)"
    ),
    Metric("weighted_relation", "Weighted relation", "WLR", "labeled relations weighted by descendants (eq. 24-26)"),
    Metric("mock_smatch", "Mock Smatch", "Mock Smatch", "Smatch triples matched under the anchor-broadcast alignment"),
    Metric("smatch", "Smatch", "Smatch", "Smatch triples under the optimal variable alignment"),
    Metric("modal", "Modal", "Modal", "UMR modal triples after mapping variables through the alignment"),
    Metric("temporal", "Temporal", "Temporal", "UMR temporal triples after mapping variables"),
    Metric("coref", "Coreference", "Coref", "UMR coreference links after transitive closure"),
    Metric("comprehensive", "Comprehensive", "Comprehensive", "labeled relations, modal, temporal and coref pooled"),
    Metric("counter", "Counter", "Counter", "DRS clauses matched under the optimal variable mapping (van Noord 2018)"),
    Metric("dscorer", "DScorer", "DScorer", "DRS k-gram overlap, geometric mean over orders 0..n (Liu et al. 2020)"),
)
METRIC: dict[str, Metric] = {metric.key: metric for metric in _ALL}

METRICS = ("concept", "labeled_relation", "unlabeled_relation", "weighted_relation", "mock_smatch")  # every pair
SMATCH = "smatch"  # on request: classic Smatch under the optimal alignment
COUNTER, DSCORER = "counter", "dscorer"
DRS_METRICS = (COUNTER, DSCORER)  # DRS pairs: on their clauses
ALL_METRICS = METRICS + (SMATCH,) + DRS_METRICS
DOCUMENT_METRICS = ("modal", "temporal", "coref", "comprehensive")  # UMR document level


def scored_metrics(smatch: bool, drs: bool) -> tuple[str, ...]:
    """The pair metrics a run computes: the AnCast ones, Smatch if asked (not for DRS input,
    which has no PENMAN text: Counter is its clause-level counterpart), Counter and DScorer
    for DRS input.

    >>> scored_metrics(True, True)[-3:]
    ('mock_smatch', 'counter', 'dscorer')
    """
    return METRICS + ((SMATCH,) if smatch and not drs else ()) + (DRS_METRICS if drs else ())


def short_name(key: str) -> str:
    """The column name of a score, or the key itself for one not registered (a sub-score).

    >>> short_name("weighted_relation"), short_name("smatch.concepts")
    ('WLR', 'smatch.concepts')
    """
    metric = METRIC.get(key)
    return metric.short if metric is not None else key
