"""Stage 3 of the pipeline: the scores of an aligned pair and their corpus totals.

:mod:`.tally` holds the pooled counts (:class:`Tally`, :class:`PRF`, :class:`Totals`),
:mod:`.ancast` the AnCast metrics (concept, labeled / unlabeled / weighted relation, mock
Smatch; paper §2.3), :mod:`.triples` every relation of a pair put in one category,
:mod:`.document` the UMR document-level scores, :mod:`.bootstrap` confidence intervals,
:mod:`.agreement` agreement among several annotators and :mod:`.confusion` label confusion
under the alignment.
"""

from .tally import PRF, FallbackTally, Tally, Totals, f_score

__all__ = ["PRF", "FallbackTally", "Tally", "Totals", "f_score"]
