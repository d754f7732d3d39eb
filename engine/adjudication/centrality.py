"""Which annotation a sentence's adjudication starts from: the gold one, else the most central.

The most central annotation is the one with the highest mean agreement with the others
(the per-sentence "most central annotation" of the agreement matrix). :func:`most_central` takes the figures
from whoever computed them - a pairwise matrix such as the ``matrix`` command's (row = test,
column = gold) - and :func:`pairwise_agreement` computes one for a sentence's graphs here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..metrics.agreement import sentence_agreement
from ..model import Graph
from ..params import Params
from ..scoring.pair import score_graphs

__all__ = ["choose_start", "most_central", "pairwise_agreement"]

Matrix = Sequence[Sequence[float | None]]


def most_central(names: Sequence[str], agreement: Matrix) -> str | None:
    """The name whose mean agreement with the others is highest, ties to the first name
    (:func:`engine.metrics.agreement.sentence_agreement` on the matrix, undefined cells None);
    None when no pair has a figure.

    >>> most_central(["a", "b", "c"], [[None, 0.9, 0.8], [0.9, None, 0.5], [0.8, 0.5, None]])
    'a'
    """
    f = np.array([[np.nan if cell is None else cell for cell in row] for row in agreement], dtype=float)
    central = sentence_agreement(f).central if len(names) else None
    return names[central] if central is not None else None


def pairwise_agreement(graphs: Mapping[str, Graph], metric: str = "mock_smatch", params: Params = Params()) -> Matrix:
    """The F of ``metric`` for every pair of graphs, each unordered pair scored once (the
    earlier name as test) and written to both cells; None on the diagonal."""
    names = list(graphs)
    matrix: list[list[float | None]] = [[None] * len(names) for _ in names]
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            _, tallies = score_graphs(graphs[names[a]], graphs[names[b]], params)
            matrix[a][b] = matrix[b][a] = tallies[metric].prf().f
    return matrix


def choose_start(readable: Sequence[str], gold: str | None, agreement: Matrix | None = None) -> str | None:
    """The start annotation among the ``readable`` ones: the gold when it is readable, else the
    most central by ``agreement`` (a matrix over ``readable``), else the first; None when
    nothing is readable.

    >>> choose_start(["a", "b", "c"], "c"), choose_start(["a", "b"], None)
    ('c', 'a')
    """
    if gold is not None and gold in readable:
        return gold
    if agreement is not None:
        central = most_central(readable, agreement)
        if central is not None:
            return central
    return readable[0] if readable else None
