"""Teaching: one pair's anchor-broadcast alignment step by step, every cell explained (AnCast
paper §2.1-2.2, eq. 1-14, Algorithm 1-2). Qt-free; the app's teaching view draws from it.

:mod:`.replay` states the inner loop's equations plainly and keeps every iterate;
:mod:`.trace` records a pair's alignment as the scorer computes it, with every iterate, new
anchor and finalisation pick; :mod:`.cell` explains one cell with the numbers of each equation;
:mod:`.lesson` orders it all into steps with captions for students and the cells a student may
predict.

>>> from engine.read import read_graph
>>> trace = trace_pair(read_graph("(r / read-01 :ARG1 (b / book))"), read_graph("(r / read-01 :ARG1 (p / paper))"))
>>> trace.alignment.initial, [(a.test, a.gold, a.why) for a in trace.rounds[0].new_anchors]
(((0, 0),), [(1, 1, 'unique mutual maximum')])
>>> explain_cell(trace, 1, 1).parents.contributions
((0, 0, 1.0),)
"""

from .cell import CellExplanation, SimilarityTerms, explain_cell
from .lesson import Lesson, Prediction, Step, build_lesson, explain_step
from .replay import Iterate, NeighbourSum
from .trace import AnchorChoice, Pick, RoundTrace, Trace, trace_pair

__all__ = [
    "AnchorChoice",
    "CellExplanation",
    "Iterate",
    "Lesson",
    "NeighbourSum",
    "Pick",
    "Prediction",
    "RoundTrace",
    "SimilarityTerms",
    "Step",
    "Trace",
    "build_lesson",
    "explain_cell",
    "explain_step",
    "trace_pair",
]
