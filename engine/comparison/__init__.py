"""Two systems or annotators against one gold: is the difference between their scores real?

:mod:`.compare` scores A and B against the gold per sentence (:func:`compare_files`, or
:func:`compare_matrix` on an annotator matrix already scored) and keeps, per metric, both
micro scores, each sentence's F1 and the test; :mod:`.significance` holds the tests (paired
approximate randomisation, paired bootstrap) on the per-sentence counts of :mod:`.counts`;
:func:`engine.registry.requested_metrics` says which metrics a request means. The printers are in
:mod:`engine.output.comparison`.
"""

from .compare import CompareSetup, Comparison, MetricComparison, compare_files, compare_matrix, compare_metric
from .counts import PairedCounts, paired_counts
from .significance import LEVEL, TESTS, Significance, TestName, paired_bootstrap, permutation_test, significance

__all__ = [
    "LEVEL",
    "TESTS",
    "CompareSetup",
    "Comparison",
    "MetricComparison",
    "PairedCounts",
    "Significance",
    "TestName",
    "compare_files",
    "compare_matrix",
    "compare_metric",
    "paired_bootstrap",
    "paired_counts",
    "permutation_test",
    "significance",
]
