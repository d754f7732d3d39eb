"""A student's prediction judged (Qt-free): before a round's new anchors (AnCast paper eq. 14,
§2.2.2) or a pick of the finalisation (Algorithm 2) is revealed, the student clicks the cell they
expect; the verdict says right or wrong and why, with the numbers of F. A wrong answer before the
last try (:data:`TRIES`) says why without naming the answer, so that the class can try again."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from engine.teach import Lesson

from .explanation import number

__all__ = ["TRIES", "Verdict", "judge"]

TRIES = 2  # answers the class may give to one question: a misclick does not spoil it

Cell = tuple[int, int]


@dataclass(frozen=True)
class Verdict:
    """``right`` or not, the answer in one line, and why; ``final`` once the answer is given (right,
    or the last try), else the class may try again."""

    cell: Cell
    right: bool
    headline: str
    reason: str
    final: bool = True


def _maxima(values: np.ndarray, cells: list[Cell]) -> tuple[float, list[Cell]]:
    top = max(float(values[cell]) for cell in cells)
    return top, [cell for cell in cells if float(values[cell]) == top]


def _try_again(verdict: Verdict, wrong: str, reason: str) -> Verdict:
    """A wrong answer that is not the last: why, without the answer, and an invitation."""
    return replace(verdict, headline=f"{wrong} Try again (Space shows the answer).", reason=reason, final=False)


def _anchor_verdict(lesson: Lesson, index: int, cell: Cell) -> Verdict:
    step, (i, j) = lesson.steps[index], cell
    assert step.prediction is not None
    tests, golds = lesson.test_names, lesson.gold_names
    pair = f"{tests[i]}–{golds[j]}"
    answers = step.prediction.answers
    if cell in answers:
        why = step.details[answers.index(cell)]
        return Verdict(cell, True, f"Right: {pair} becomes an anchor in round {step.round}.", why)
    wrong = f"Not this one: {pair} does not become an anchor in round {step.round}."
    if cell in step.anchors:
        return Verdict(cell, False, wrong, f"{pair} is an anchor already: it was fixed before this round.")
    values, value = step.values, float(step.values[i, j])
    rows, columns = values.shape
    row_top, row_best = _maxima(values, [(i, c) for c in range(columns)])
    column_top, column_best = _maxima(values, [(r, j) for r in range(rows)])
    reasons = []
    if value < row_top:
        best = ", ".join(golds[c] for _, c in row_best)
        reasons.append(f"the largest F of row {tests[i]} is {number(row_top)}, with {best}")
    if value < column_top:
        best = ", ".join(tests[r] for r, _ in column_best)
        reasons.append(f"the largest F of column {golds[j]} is {number(column_top)}, with {best}")
    if reasons:
        reason = (
            f"Its F is {number(value)}, but " + " and ".join(reasons) + ": a new anchor must have the largest F of "
            "its row and of its column (eq. 14)."
        )
    else:
        rivals = sorted({*row_best, *column_best} - {cell})
        named = ", ".join(f"{tests[r]}–{golds[c]}" for r, c in rivals)
        reason = (
            f"Its F ({number(value)}) is the largest of its row and column, but tied with {named}; the tie-break "
            "by shared relation labels (§2.2.2) chose another pair, or left the tie for a later round."
        )
    return Verdict(cell, False, wrong, reason)


def _pick_verdict(lesson: Lesson, index: int, cell: Cell, last: bool) -> Verdict:
    step, (i, j) = lesson.steps[index], cell
    assert step.prediction is not None
    tests, golds = lesson.test_names, lesson.gold_names
    pair = f"{tests[i]}–{golds[j]}"
    picked = step.marked[0]
    taken = f"{tests[picked[0]]}–{golds[picked[1]]}"
    top = number(float(step.values[picked]))
    if step.prediction.is_right(cell):
        reason = f"It has the largest F left ({top}) among the rows and columns still free."
        if cell != picked:
            reason += f" It ties with {taken}, which the finalisation takes first (matrix order): both follow the rule."
        elif "tie" in step.details[0]:
            reason += f" {step.details[0]}."
        return Verdict(cell, True, f"Right: the finalisation takes {pair} next.", reason)
    wrong = f"Not this one: the finalisation takes {taken} next."
    fixed_rows = dict(step.anchors)
    fixed_columns = {c: r for r, c in step.anchors}
    if i in fixed_rows:
        reason = f"{tests[i]} is paired already (with {golds[fixed_rows[i]]}): its row has left the matrix."
    elif j in fixed_columns:
        reason = f"{golds[j]} is paired already (with {tests[fixed_columns[j]]}): its column has left the matrix."
    elif last:
        reason = (
            f"Its F is {number(float(step.values[i, j]))}; the largest F left among the free rows and columns is "
            f"{top}, at {taken}."
        )
    else:
        reason = f"Its F is {number(float(step.values[i, j]))}; a larger F is left among the free rows and columns."
    verdict = Verdict(cell, False, wrong, reason)
    return (
        verdict if last else _try_again(verdict, f"Not this one: the finalisation does not take {pair} next.", reason)
    )


def judge(lesson: Lesson, index: int, cell: Cell, last: bool = True) -> Verdict:
    """The verdict on ``cell`` as the answer to step ``index``'s prediction (a step with one: a
    round's new anchors or a pick of the finalisation); not ``last``: a wrong answer does not name
    the right one (the class tries again)."""
    step = lesson.steps[index]
    if step.prediction is None:
        raise ValueError(f"step {index + 1} ({step.title}) asks for no prediction")
    if step.kind != "anchors":
        return _pick_verdict(lesson, index, cell, last)
    verdict = _anchor_verdict(lesson, index, cell)
    return verdict if verdict.right or last else _try_again(verdict, verdict.headline, verdict.reason)
