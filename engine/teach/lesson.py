"""A lesson of one pair: every step of the anchor-broadcast alignment in order, each with a
caption for students that cites the paper's equations, the matrix to draw, the cells to
mark, and - where a step reveals anchors or a finalisation pick - the cells a student may
predict (AnCast paper §2.1-2.3, Algorithm 1-2).

The steps: the initial anchors; each inner iteration of each round (eq. 5-9) with its
largest change and the cells that changed most; each round's new anchors (eq. 13-14) with
the rule that chose each; each pick of the finalisation; the scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..align.explain import NodeNames, count, deferred_ties, initial_caption, join, node_names
from ..registry import METRIC, metrics
from .cell import CellExplanation, explain_cell
from .trace import LABELS, ORDER, AnchorChoice, Pick, RoundTrace, Trace

__all__ = ["Lesson", "Prediction", "Step", "StepKind", "build_lesson", "explain_step", "most_changed"]

StepKind = Literal["initial", "iteration", "anchors", "finalisation", "metrics"]
Cell = tuple[int, int]

MARKED_SHARE = 0.9  # a cell "changed most" when its change is at least this share of the largest
MARKED_LIMIT = 10  # at most this many such cells are marked


@dataclass(frozen=True)
class Prediction:
    """What a student is asked before the step is revealed, and the cells that answer it."""

    question: str
    answers: tuple[Cell, ...]

    def is_right(self, cell: Cell) -> bool:
        return cell in self.answers


@dataclass(frozen=True, eq=False)
class Step:
    """One step of the lesson.

    ``shows`` names the matrix drawn (``values``): "S" (intrinsic similarity), "A" (the
    broadcast iterate) or "F" (adjusted similarity). ``anchors`` are the pairs fixed before
    the step; ``marked`` the cells the step is about (the most changed, the new anchors, the
    pick, the final alignment). ``round`` and ``iteration`` are 1-based where they apply.
    """

    kind: StepKind
    title: str
    caption: str
    details: tuple[str, ...]
    shows: Literal["S", "A", "F"]
    values: np.ndarray
    anchors: tuple[Cell, ...]
    marked: tuple[Cell, ...]
    round: int | None = None
    iteration: int | None = None
    largest_change: float | None = None
    prediction: Prediction | None = None


@dataclass(frozen=True, eq=False)
class Lesson:
    """The steps of one pair's alignment, its trace and the names of its rows (test nodes)
    and columns (gold nodes)."""

    trace: Trace
    steps: tuple[Step, ...]
    test_names: tuple[str, ...]
    gold_names: tuple[str, ...]


def most_changed(previous: np.ndarray, current: np.ndarray) -> tuple[Cell, ...]:
    """The cells whose change is at least ``MARKED_SHARE`` of the largest (none when nothing
    moved), largest first, at most ``MARKED_LIMIT``.

    >>> most_changed(np.zeros((2, 2)), np.array([[1.0, 0.95], [0.5, 0.0]]))
    ((0, 0), (0, 1))
    """
    change = np.abs(current - previous)
    top = change.max() if change.size else 0.0
    if top <= 0:
        return ()
    cells = [(int(i), int(j)) for i, j in np.argwhere(change >= MARKED_SHARE * top)]
    cells.sort(key=lambda cell: -change[cell])
    return tuple(cells[:MARKED_LIMIT])


def _number(value: float) -> str:
    return f"{value:.4g}"


def _initial_step(trace: Trace, names: NodeNames) -> Step:
    told = initial_caption(trace.test, trace.gold, trace.alignment, trace.params)
    caption = (
        "The alignment starts from the pairs it can be sure of (AnCast §2.1). "
        + told.headline
        + " These anchors start at A = 1, every other pair at A = 0 (the anchor matrix A^(1,0)). "
        "The heatmap shows the intrinsic similarity S of every pair (eq. 1-4): how alike the two concepts "
        "are in lemma, sense and attributes. S never changes; A is what the broadcast will compute."
    )
    anchors = tuple(trace.alignment.initial)
    return Step("initial", "Initial anchors", caption, told.details, "S", trace.similarity, anchors, anchors)


def _iteration_step(trace: Trace, names: NodeNames, round_: RoundTrace, t: int) -> Step:
    previous = round_.anchors if t == 1 else round_.iterates[t - 2].matrix
    step = round_.iterates[t - 1]
    total = len(round_.iterates)
    marked = most_changed(previous, step.matrix)
    if t == 1:
        what = (
            "Broadcast: every pair of nodes adds up the A of the pairs around it - the pairs of their parents "
            "and grandparents give P (eq. 5), of their children and grandchildren C (eq. 6), each sum divided by "
            "ΔN, the ratio of the two nodes' neighbour counts. Then A = √((P+1)(C+1)−1) (eq. 7), every value is "
            "divided by the largest (eq. 8) and the anchors are set back to 1 (eq. 9). Pairs next to an anchor "
            "light up first."
        )
    else:
        what = (
            f"The same sums again (eq. 5-9), now over the A of iteration {t - 1}: the anchors' influence spreads "
            "one more step through both graphs."
        )
    where = join([names.pair(*cell) for cell in marked[:3]]) + (" and others" if len(marked) > 3 else "")
    change = f" The largest change is {_number(step.change)}" + (f", at {where}." if marked else ": nothing moved.")
    tolerance = trace.params.tolerance
    if t < total:
        end = f" Some cell still moved by {tolerance:g} or more, so the broadcast goes on."
    elif step.change < tolerance:
        end = (
            f" No cell moved by {tolerance:g} or more: the broadcast has converged; this is round {round_.number}'s A."
        )
    else:
        end = f" The round stops at the cap of {trace.params.max_inner} iterations; this is round {round_.number}'s A."
    details = tuple(
        f"{names.pair(i, j)}: {_number(float(previous[i, j]))} → {_number(float(step.matrix[i, j]))}" for i, j in marked
    )
    return Step(
        "iteration",
        f"Round {round_.number}, iteration {t} of {total}",
        what + change + end,
        details,
        "A",
        step.matrix,
        tuple(round_.anchor_cells),
        marked,
        round_.number,
        t,
        step.change,
    )


def _anchor_line(names: NodeNames, anchor: AnchorChoice) -> str:
    pair = names.pair(anchor.test, anchor.gold)
    if not anchor.by_labels:
        return f"{pair}: the largest F of its row and of its column ({_number(anchor.value)}), a unique mutual maximum"
    if len(anchor.row_rivals) > 1:
        tie = f"{names.test[anchor.test]} ties with {join([names.gold[j] for j in anchor.row_rivals])}"
    else:
        tie = f"{names.gold[anchor.gold]} ties with {join([names.test[i] for i in anchor.column_rivals])}"
    shared = " and ".join(anchor.labels)
    return (
        f"{pair}: {tie} at F = {_number(anchor.value)}; {names.test[anchor.test]} and {names.gold[anchor.gold]} "
        f"share {shared}, more shared {LABELS} than any rival pair, so {pair} wins the tie (§2.2.2)"
    )


def _anchors_step(trace: Trace, names: NodeNames, round_: RoundTrace) -> Step:
    params = trace.params
    rule = (
        f"F = (S + α)(A + β) (eq. 13, α = {params.alpha:g}, β = {params.beta:g}) combines what two nodes are (S) "
        "with where they sit (A). A pair becomes an anchor when its F is the largest of its row and of its column "
        "(eq. 14); when that maximum is shared, the pair whose nodes share more relation labels wins (§2.2.2). "
    )
    new = round_.new_anchors
    details = [_anchor_line(names, anchor) for anchor in new]
    alignment = trace.alignment
    deferred = deferred_ties(names, alignment, alignment.rounds[round_.number - 1])
    if new:
        ties = [anchor for anchor in new if anchor.by_labels]
        outcome = f"Round {round_.number} adds {count(len(new), 'anchor')}" + (
            f", {count(len(ties), 'tie')} broken by shared labels." if ties else ", each a unique mutual maximum."
        )
        if ties:
            outcome += (
                " A tie is fragile: slightly different numbers (another β, one more neighbour) could let one of "
                "the rivals win outright, or leave the pair to the finalisation."
            )
        question = f"Which pairs become anchors in round {round_.number}? Click a cell."
        prediction = Prediction(question, tuple((a.test, a.gold) for a in new))
    else:
        outcome = (
            f"Round {round_.number} finds no new mutual best match, so the outer loop stops (Algorithm 1, line 7)."
        )
        prediction = None
    if deferred:
        outcome += f" {count(len(deferred), 'tie')} could not be broken and wait for a later round."
    return Step(
        "anchors",
        f"Round {round_.number}: new anchors",
        rule + outcome,
        tuple(details + deferred),
        "F",
        round_.adjusted,
        tuple(round_.anchor_cells),
        tuple((a.test, a.gold) for a in new),
        round_.number,
        prediction=prediction,
    )


def _pick_step(trace: Trace, names: NodeNames, pick: Pick, number: int, fixed: list[Cell]) -> Step:
    total = len(trace.finalisation)
    pair = names.pair(pick.test, pick.gold)
    caption = (
        "Finalisation (§2.2.3, Algorithm 2): the nodes still without a partner are matched greedily. Among the "
        "rows and columns still free, the largest F left is taken, its two nodes are paired and their row and "
        f"column leave the matrix. Largest F left: {_number(pick.value)}, at {pair}."
    )
    if pick.tie_break is not None:
        rivals = join([names.pair(*cell) for cell in pick.tied if cell != (pick.test, pick.gold)])
        caption += f" It ties with {rivals};"
        if pick.tie_break == LABELS:
            caption += " the pair whose nodes share the most relation labels wins."
        elif len(pick.answers) == len(pick.tied):
            caption += f" their shared relation labels tie too, so the first in {ORDER} (row by row) is taken."
        else:
            best = join([names.pair(*cell) for cell in pick.answers])
            caption += (
                f" of them, {best} share the most relation labels and tie on them too, so the first of those in "
                f"{ORDER} (row by row) is taken."
            )
    last = trace.rounds[-1]
    return Step(
        "finalisation",
        f"Finalisation, pick {number} of {total}",
        caption,
        (f"{pair}: F = {_number(pick.value)}" + (f", tie broken by {pick.tie_break}" if pick.tie_break else ""),),
        "F",
        last.adjusted,
        tuple(fixed),
        ((pick.test, pick.gold),),
        last.number,
        prediction=Prediction(
            f"Which pair does the finalisation take next (pick {number})? Click a cell.", pick.answers
        ),
    )


def _metrics_step(trace: Trace, names: NodeNames) -> Step:
    alignment = trace.alignment
    pairs = alignment.pairs()
    initial, finalised = len(alignment.initial), len(alignment.finalised)
    rounds = len(pairs) - initial - finalised
    unaligned = len(trace.test) + len(trace.gold) - 2 * len(pairs)
    caption = (
        f"The alignment is complete: {count(len(pairs), 'pair')} ({initial} initial, {rounds} from the rounds, "
        f"{finalised} from the finalisation); {count(unaligned, 'node')} left without a partner. The scores compare "
        "the graphs under this alignment (§2.3): "
    )
    scores = []
    details = []
    for key in metrics():
        if key not in trace.tallies:
            continue
        f = trace.tallies[key].prf().f
        value = f"{f:.4f}" if f is not None else "n/a"
        scores.append(f"{METRIC[key].title} F1 {value}")
        details.append(f"{METRIC[key].title} F1 {value}: {METRIC[key].description}")
    return Step(
        "metrics",
        "Scores",
        caption + join(scores) + ".",
        tuple(details),
        "S",
        trace.similarity,
        tuple(pairs),
        tuple(pairs),
    )


def build_lesson(trace: Trace) -> Lesson:
    """Every step of the pair's alignment, in order."""
    names = NodeNames(trace.test, trace.gold)
    steps = [_initial_step(trace, names)]
    for round_ in trace.rounds:
        steps += [_iteration_step(trace, names, round_, t) for t in range(1, len(round_.iterates) + 1)]
        steps.append(_anchors_step(trace, names, round_))
    fixed = [pair for pair in trace.alignment.pairs() if pair not in set(trace.alignment.finalised)]
    for number, pick in enumerate(trace.finalisation, start=1):
        steps.append(_pick_step(trace, names, pick, number, list(fixed)))
        fixed.append((pick.test, pick.gold))
    steps.append(_metrics_step(trace, names))
    return Lesson(trace, tuple(steps), tuple(node_names(trace.test)), tuple(node_names(trace.gold)))


def explain_step(trace: Trace, step: Step, i: int, j: int) -> CellExplanation:
    """Cell (i, j) of the matrix a step shows, explained: an iteration's own numbers; a round's
    converged numbers for its anchors; the last round's for finalisation and scores; and for the
    initial anchors, the first iteration that starts from them."""
    if step.kind == "iteration":
        return explain_cell(trace, i, j, step.round or 1, step.iteration)
    if step.kind == "initial":
        return explain_cell(trace, i, j, 1, 1)
    return explain_cell(trace, i, j, step.round or len(trace.rounds))
