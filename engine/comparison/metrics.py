"""Which metrics a comparison (or a matrix) computes for a request and an input format: the one
place that reads the metric registry for them.

>>> metrics_for("all", "amr")
('concept', 'labeled_relation', 'unlabeled_relation', 'weighted_relation', 'mock_smatch', 'smatch')
>>> metrics_for("all", "drs")[-2:]
('counter', 'dscorer')
>>> metrics_for("counter", "amr")
Traceback (most recent call last):
...
ValueError: --metric counter scores DRS clause files; these are AMR
"""

from __future__ import annotations

from ..registry import ALL_METRICS, DRS_METRICS, SMATCH, scored_metrics

__all__ = ["ALL", "METRIC_CHOICES", "metrics_for", "needs_smatch"]

ALL = "all"
METRIC_CHOICES = ALL_METRICS + (ALL,)


def metrics_for(request: str, input_format: str) -> tuple[str, ...]:
    """The metrics of ``request`` (a metric key, or ``all``: every sentence-level metric of the
    format - the AnCast ones, Smatch for PENMAN input, Counter and DScorer for DRS input) for
    input of ``input_format``; ValueError for one the format does not have."""
    drs = input_format == "drs"
    if request == ALL:
        return scored_metrics(smatch=True, drs=drs)
    if request not in ALL_METRICS:
        raise ValueError(f"unknown metric {request!r}; choose one of {', '.join(METRIC_CHOICES)}")
    if request in DRS_METRICS and not drs:
        raise ValueError(f"--metric {request} scores DRS clause files; these are {input_format.upper()}")
    if request == SMATCH and drs:
        raise ValueError(
            "--metric smatch reads PENMAN graphs; for DRS clause files Counter is its counterpart: --metric counter"
        )
    return (request,)


def needs_smatch(metrics: tuple[str, ...]) -> bool:
    """Whether scoring must compute optimal Smatch (slower) for these metrics."""
    return SMATCH in metrics
