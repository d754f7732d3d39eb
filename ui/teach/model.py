"""What one step of a lesson shows, without Qt: the heatmap (its matrix, colour levels, the
anchors, the cells the step is about), the pairs the graphs show as aligned, the convergence
curve with the iteration reached, the step list's entries, and where a step of one lesson is
in another (the same lesson re-aligned with other parameters).

Rows are the test nodes and columns the gold nodes in graph order (the lesson's names), not the
Rounds perspective's alignment order, which would give the answer away before it is revealed.
A step that asks for a prediction is shown *unrevealed* first: its matrix and the anchors so
far, without the cells it is about.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.teach import CellExplanation, Lesson, Step
from engine.teach.lesson import StepKind

from ..rounds.model import Heatmap

__all__ = [
    "MATRIX_TITLES",
    "Convergence",
    "StepKey",
    "aligned_pairs",
    "cell_readout",
    "contribution_cells",
    "convergence",
    "corresponding_step",
    "heatmap_title",
    "step_heatmap",
    "step_keys",
    "step_label",
    "taken_nodes",
    "unaligned_nodes",
]

Cell = tuple[int, int]

MATRIX_TITLES = {
    "S": ("similarity", "S - intrinsic similarity (eq. 1-4)"),
    "A": ("broadcast", "A - broadcast (eq. 5-9)"),
    "F": ("adjusted", "F = (S + α)(A + β) (eq. 13)"),
}


@dataclass(frozen=True)
class StepKey:
    """Where a step is in its lesson: its kind, round, iteration and ``ordinal`` (the k-th step of
    its kind and round, from 1: the k-th pick of the finalisation)."""

    kind: StepKind
    round: int | None
    iteration: int | None
    ordinal: int


def step_keys(lesson: Lesson) -> list[StepKey]:
    """The key of every step, in order."""
    seen: dict[tuple[str, int | None], int] = {}
    keys = []
    for step in lesson.steps:
        group = (step.kind, step.round if step.kind != "finalisation" else None)
        seen[group] = seen.get(group, 0) + 1
        keys.append(StepKey(step.kind, step.round, step.iteration, seen[group]))
    return keys


def corresponding_step(key: StepKey, keys: list[StepKey]) -> int:
    """The index in ``keys`` of the step that stands where ``key`` stood: the same step if the
    lesson has it, else the nearest of its kind (same round first, then the nearest iteration or
    pick), else the scores for a finalisation pick, else the first step.

    >>> keys = [StepKey("initial", None, None, 1), StepKey("iteration", 1, 1, 1), StepKey("iteration", 1, 2, 2),
    ...         StepKey("anchors", 1, None, 1), StepKey("metrics", None, None, 1)]
    >>> corresponding_step(StepKey("iteration", 1, 9, 9), keys)
    2
    >>> corresponding_step(StepKey("anchors", 2, None, 1), keys)
    3
    >>> corresponding_step(StepKey("finalisation", 2, None, 3), keys)
    4
    """
    if key in keys:
        return keys.index(key)
    same = [k for k, other in enumerate(keys) if other.kind == key.kind]
    if not same:
        metrics = [k for k, other in enumerate(keys) if other.kind == "metrics"]
        return metrics[0] if key.kind == "finalisation" and metrics else 0

    def distance(index: int) -> tuple[int, int, int]:
        other = keys[index]
        return (
            abs((other.round or 0) - (key.round or 0)),
            abs((other.iteration or 0) - (key.iteration or 0)),
            abs(other.ordinal - key.ordinal),
        )

    return min(same, key=distance)


def heatmap_title(step: Step) -> str:
    """The matrix a step shows, in words, with its equations."""
    if step.kind == "iteration":
        return f"A after iteration {step.iteration} of round {step.round} (eq. 5-9)"
    if step.shows == "F":
        return f"F of round {step.round} = (S + α)(A + β) (eq. 13)"
    return MATRIX_TITLES[step.shows][1]


def step_heatmap(step: Step, revealed: bool = True) -> Heatmap:
    """The step's matrix as the heatmap draws it: S and A on 0-1, F on 0 to its largest value
    (at least 1); the anchors fixed before the step outlined; the step's own cells (the most
    changed, the new anchors, the pick, the alignment) marked once ``revealed``."""
    key = MATRIX_TITLES[step.shows][0]
    values = step.values
    top = max(1.0, float(values.max()) if values.size else 1.0)
    anchors = np.zeros(values.shape, dtype=bool)
    for i, j in step.anchors:
        anchors[i, j] = True
    return Heatmap(
        key,
        heatmap_title(step),
        values,
        (0.0, top) if step.shows == "F" else (0.0, 1.0),
        anchors,
        tuple(step.marked) if revealed else (),
    )


def aligned_pairs(lesson: Lesson, index: int, revealed: bool = True) -> tuple[tuple[Cell, ...], bool]:
    """The pairs the graphs show as aligned at a step - the anchors fixed before it, and its new
    anchors or pick once revealed; every pair of the alignment at the scores - and whether the
    relations are judged yet (at the scores only)."""
    step = lesson.steps[index]
    pairs = list(step.anchors)
    if revealed and step.kind in ("initial", "anchors", "finalisation", "metrics"):
        pairs += [cell for cell in step.marked if cell not in pairs]
    return tuple(pairs), step.kind == "metrics"


def unaligned_nodes(lesson: Lesson, index: int, revealed: bool = True) -> tuple[frozenset[int], frozenset[int]]:
    """The rows (test nodes) and columns (gold nodes) the alignment leaves unaligned, at the scores
    once revealed; none before (which nodes stay unaligned is for the class to work out).

    >>> from engine.read import read_graph
    >>> from engine.teach import build_lesson, trace_pair
    >>> lesson = build_lesson(trace_pair(read_graph("(r / read-01 :ARG1 (b / book))"),
    ...                                  read_graph("(r / read-01 :ARG1 (p / paper) :ARG0 (h / he))")))
    >>> [lesson.gold_names[j] for j in unaligned_nodes(lesson, len(lesson.steps) - 1)[1]]
    ['he']
    >>> unaligned_nodes(lesson, 0)
    (frozenset(), frozenset())
    """
    step = lesson.steps[index]
    if step.kind != "metrics" or not revealed:
        return frozenset(), frozenset()
    rows, columns = step.values.shape
    return (
        frozenset(range(rows)) - {i for i, _ in step.marked},
        frozenset(range(columns)) - {j for _, j in step.marked},
    )


def taken_nodes(lesson: Lesson, index: int) -> tuple[frozenset[int], frozenset[int]]:
    """At a pick of the finalisation, the rows and columns already paired (anchors and earlier
    picks): out of play (Algorithm 2 takes the largest F among the free ones); none at other steps."""
    step = lesson.steps[index]
    if step.kind != "finalisation":
        return frozenset(), frozenset()
    return frozenset(i for i, _ in step.anchors), frozenset(j for _, j in step.anchors)


@dataclass(frozen=True)
class Convergence:
    """The largest change of each inner iteration, per round (the curves), the round the step is
    in (None: before the rounds) and the iteration it shows (None: none of them), and the
    tolerance under which a round has converged."""

    rounds: tuple[tuple[float, ...], ...]
    round: int | None
    iteration: int | None
    tolerance: float


def convergence(lesson: Lesson, index: int) -> Convergence:
    """The curves of the lesson's rounds and where the step is on them: an iteration marks its own
    point; a round's anchors its last iteration; the finalisation and the scores the last round's."""
    trace, step = lesson.trace, lesson.steps[index]
    curves = tuple(tuple(round_.changes) for round_ in trace.rounds)
    number = step.round
    if step.kind == "metrics":
        number = len(curves)
    iteration = step.iteration
    if step.kind in ("anchors", "finalisation", "metrics") and number:
        iteration = len(curves[number - 1])
    return Convergence(curves, number, iteration, trace.params.tolerance)


def contribution_cells(explanation: CellExplanation) -> tuple[Cell, ...]:
    """The neighbour pairs (k_t, k_g) whose A made the cell's P and C (eq. 5-6), each once."""
    cells: list[Cell] = []
    for total in (explanation.parents, explanation.children):
        cells += [(kt, kg) for kt, kg, _ in total.contributions if (kt, kg) not in cells]
    return tuple(cells)


def step_label(lesson: Lesson, index: int) -> str:
    """A step's line in the step list: its number and title.

    >>> from engine.read import read_graph
    >>> from engine.teach import build_lesson, trace_pair
    >>> lesson = build_lesson(trace_pair(read_graph("(r / read-01 :ARG1 (b / book))"),
    ...                                  read_graph("(r / read-01 :ARG1 (p / paper))")))
    >>> step_label(lesson, 0), step_label(lesson, len(lesson.steps) - 1)
    ('1. Initial anchors', '7. Scores')
    """
    return f"{index + 1}. {lesson.steps[index].title}"


def cell_readout(lesson: Lesson, index: int, cell: Cell, asking: bool) -> str:
    """A hovered cell in words: the pair and the value shown, and what a click does."""
    step = lesson.steps[index]
    i, j = cell
    value = float(step.values[i, j])
    what = "click it to answer" if asking else "click to see how it was computed"
    return f"test {lesson.test_names[i]} × gold {lesson.gold_names[j]}:  {step.shows} = {value:.4g}  ·  {what}"
