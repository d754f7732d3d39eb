"""A pair's alignment told step by step: every inner iteration of every round, every new
anchor with the rule that chose it, every pick of the finalisation (AnCast paper §2.2,
Algorithm 1-2).

The alignment itself, its rounds' anchor, broadcast and adjusted matrices and its scores come
from the scorer (:func:`engine.scoring.score_graphs`), so they are what ``score`` reports; the
iterates in between are replayed with :mod:`.replay` from each round's anchors for the number of
iterations the scorer ran.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..align.alignment import Alignment, label_overlap
from ..align.broadcast import LabelOverlap, NewAnchor
from ..align.explain import shared_labels
from ..metrics.tally import Tally
from ..model import Graph
from ..params import PAPER, Params
from ..registry import SMATCH
from ..scoring.pair import score_graphs
from .replay import Iterate, Replay

__all__ = ["AnchorChoice", "Pick", "RoundTrace", "Trace", "finalisation_picks", "trace_pair"]

Cell = tuple[int, int]

UNIQUE = "unique mutual maximum"
LABELS = "relation labels"
ORDER = "matrix order"


@dataclass(frozen=True)
class AnchorChoice:
    """A pair that became an anchor at the end of a round (eq. 14), with its adjusted
    similarity F and why: a unique mutual maximum, or a tie (``row_rivals``: gold nodes
    tied at the row's maximum, ``column_rivals``: test nodes tied at the column's, each
    including the pair itself) broken by the relation labels the two nodes share (§2.2.2)."""

    test: int
    gold: int
    value: float
    row_rivals: tuple[int, ...]
    column_rivals: tuple[int, ...]
    labels: tuple[str, ...]

    @property
    def by_labels(self) -> bool:
        return len(self.row_rivals) > 1 or len(self.column_rivals) > 1

    @property
    def why(self) -> str:
        """ "unique mutual maximum", or "tie broken by shared relation labels (:location)"."""
        return f"tie broken by shared {LABELS} ({', '.join(self.labels)})" if self.by_labels else UNIQUE


@dataclass(frozen=True, eq=False)
class RoundTrace:
    """Outer round q: its anchors A^(q,0), every inner iterate A^(q,1..t_c) (the last is the
    converged matrix), the adjusted similarity F^(q) (eq. 13) and the new anchors (eq. 14)."""

    number: int
    anchors: np.ndarray
    iterates: tuple[Iterate, ...]
    converged: np.ndarray
    adjusted: np.ndarray
    new_anchors: tuple[AnchorChoice, ...]

    @property
    def anchor_cells(self) -> list[Cell]:
        return [(int(i), int(j)) for i, j in np.argwhere(self.anchors > 0)]

    @property
    def changes(self) -> list[float]:
        """The largest change of any cell at each inner iteration (the convergence curve)."""
        return [step.change for step in self.iterates]


@dataclass(frozen=True)
class Pick:
    """One pick of the finalisation (Algorithm 2): the largest F left. ``tied`` are the cells
    sharing that value (the pick among them); ``tie_break`` is None for a unique maximum,
    "relation labels" when the most overlapping labels decided, "matrix order" when they
    tied too; ``answers`` are the cells the rule cannot tell from the pick (the pick alone,
    unless matrix order decided)."""

    test: int
    gold: int
    value: float
    tied: tuple[Cell, ...]
    tie_break: str | None
    answers: tuple[Cell, ...]


@dataclass(frozen=True, eq=False)
class Trace:
    """Everything the teaching view shows of one pair: the scorer's alignment with its
    tallies, each round's iterates, the new anchors and the finalisation's picks."""

    test: Graph
    gold: Graph
    params: Params
    alignment: Alignment
    tallies: dict[str, Tally]
    replay: Replay
    rounds: tuple[RoundTrace, ...]
    finalisation: tuple[Pick, ...]

    @property
    def similarity(self) -> np.ndarray:
        return self.alignment.similarity

    def round(self, number: int) -> RoundTrace:
        """Round ``number`` (1-based); ValueError naming the rounds there are."""
        if not 1 <= number <= len(self.rounds):
            raise ValueError(
                f"round {number} does not exist: the pair has {len(self.rounds)} rounds (1-{len(self.rounds)})"
            )
        return self.rounds[number - 1]


def _choice(test: Graph, gold: Graph, anchor: NewAnchor) -> AnchorChoice:
    labels = tuple(shared_labels(test, gold, anchor.test, anchor.gold)) if anchor.by_labels else ()
    return AnchorChoice(anchor.test, anchor.gold, anchor.value, anchor.row_rivals, anchor.column_rivals, labels)


def finalisation_picks(
    adjusted: np.ndarray, anchored: list[Cell], picks: tuple[Cell, ...], overlap: LabelOverlap
) -> tuple[Pick, ...]:
    """The finalisation's picks told with their ties: before each pick, the cells at the
    largest F of the rows and columns still free, and what decided among them."""
    rows = sorted(set(range(adjusted.shape[0])) - {i for i, _ in anchored})
    columns = sorted(set(range(adjusted.shape[1])) - {j for _, j in anchored})
    told = []
    for i, j in picks:
        top = adjusted[np.ix_(rows, columns)].max()
        tied = tuple((r, c) for r in rows for c in columns if adjusted[r, c] == top)
        overlaps = {cell: overlap(*cell) for cell in tied}
        best = [cell for cell in tied if overlaps[cell] == max(overlaps.values())]
        tie_break = None if len(tied) == 1 else LABELS if len(best) == 1 else ORDER
        told.append(Pick(i, j, float(adjusted[i, j]), tied, tie_break, tuple(best)))
        rows.remove(i)
        columns.remove(j)
    return tuple(told)


def trace_pair(test: Graph, gold: Graph, params: Params = Params()) -> Trace:
    """Align and score the pair as ``score`` does, keeping every step (paper profile only:
    the steps are the paper's equations; classic Smatch, slow and no part of the lesson, is
    left out whatever ``params.smatch`` says)."""
    if params.profile != PAPER:
        raise ValueError(f"the step-by-step trace follows the paper's equations; profile {params.profile} has its own")
    alignment, tallies = score_graphs(test, gold, params.switched(SMATCH, on=False), trace=True)
    replay = Replay.of(test, gold)
    rounds = []
    for round_ in alignment.rounds:
        assert round_.anchors is not None and round_.broadcast is not None and round_.adjusted is not None
        rounds.append(
            RoundTrace(
                round_.number,
                round_.anchors,
                replay.iterates(round_.anchors, round_.iterations),
                round_.broadcast,
                round_.adjusted,
                tuple(_choice(test, gold, anchor) for anchor in round_.new_anchors),
            )
        )
    anchored = [pair for pair in alignment.pairs() if pair not in set(alignment.finalised)]
    picks = finalisation_picks(rounds[-1].adjusted, anchored, alignment.finalised, label_overlap(test, gold))
    return Trace(test, gold, params, alignment, tallies, replay, tuple(rounds), picks)
