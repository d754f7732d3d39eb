"""One cell explained for students, as HTML (Qt-free): each equation with the engine's numbers -
S and its terms (AnCast paper eq. 1-4), P and C written out as sums over named neighbour pairs
with ΔN (eq. 5-6), the root (eq. 7), the normalisation (eq. 8) or the anchor reset (eq. 9) and
F (eq. 13). The neighbour pairs are named in the pink that outlines their cells in the heatmap
and their nodes in the graphs. At a round's new anchors and at a pick of the finalisation, a cell
that took part in a tie says so, with the tie-break that decided it."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from engine.align.explain import shared_labels
from engine.teach import CellExplanation, Lesson, NeighbourSum, Pick
from engine.teach.trace import LABELS, ORDER

from ..pair.graph_style import NEIGHBOUR

__all__ = ["LISTED", "explanation_html", "number", "pick_html", "tie_html"]

LISTED = 12  # the neighbour pairs written out in a sum; the others (and those at 0) are counted
LINE = "<p style='margin:0 0 4px 0'>"  # a paragraph of the compact explanation: a line, little space


def number(value: float) -> str:
    """Four significant digits, as the engine's captions write them.

    >>> number(0.39979141849367694), number(1.0), number(0.082)
    ('0.3998', '1', '0.082')
    """
    return f"{value:.4g}"


def _pair(test: str, gold: str) -> str:
    return f"<span style='color:{NEIGHBOUR};font-weight:bold'>{escape(test)} × {escape(gold)}</span>"


def _count(number_of: int, what: str = "pair") -> str:
    return f"{number_of} {what}{'s' if number_of != 1 else ''}"


def _sum_html(
    symbol: str,
    equation: int,
    total: NeighbourSum,
    kin: str,
    names: tuple[tuple[str, ...], tuple[str, ...]],
    t: str,
    compact: bool = False,
) -> str:
    """P or C: the neighbour pairs' A added up and divided by ΔN, in words and numbers (the first
    :data:`LISTED` pairs with a value named, the others summed, the pairs at 0 counted); ``compact``:
    the sum in one line, the words in brackets after it."""
    tests, golds = names
    head = f"<b>{symbol} = {number(total.value)}</b> (eq. {equation})"
    if total.delta_n is None:
        return f"<p>{head}: one of the two nodes has no {kin}, so this side adds nothing.</p>"
    valued = [(kt, kg, a) for kt, kg, a in total.contributions if a != 0]
    named = [f"A({_pair(tests[kt], golds[kg])})" for kt, kg, _ in valued[:LISTED]]
    values = [number(a) for _, _, a in valued[:LISTED]]
    if len(valued) > LISTED:
        named.append(f"the A of {_count(len(valued) - LISTED)} more")
        values.append(number(sum(a for _, _, a in valued[LISTED:])))
    zeros = len(total.contributions) - len(valued)
    at_zero = f" ({_count(zeros)} more at 0)" if zeros else ""
    delta = number(total.delta_n)
    # the pairs by name, then their values: (A(read-01 × read-03) + A(i × i)) / ΔN = (1 + 0.375) / 2 = 0.6875
    sums = f"({' + '.join(named) or '0'}) / ΔN = ({' + '.join(values) or '0'}) / {delta} = <b>{number(total.value)}</b>"
    if compact:
        return f"{LINE}<b>{symbol}</b> = {sums}{at_zero} (eq. {equation}: their {kin} in {t})</p>"
    return (
        f"<p>{head}: the A of every pair of their {kin} in {t}, added up and divided by "
        f"ΔN = {delta} (the ratio of the two nodes' numbers of {kin}):<br>"
        f"&nbsp;&nbsp;{sums}{at_zero}</p>"
    )


def explanation_html(
    explanation: CellExplanation, test_names: tuple[str, ...], gold_names: tuple[str, ...], compact: bool = False
) -> str:
    """The cell's numbers, equation by equation; ``compact`` (a projector): one line an equation where
    the width allows, S without its terms."""
    e, terms = explanation, explanation.terms
    test, gold = test_names[e.test], gold_names[e.gold]
    converged = e.iteration == e.iterations
    when = "converged" if converged else "not yet converged"
    previous = f"the anchors A^({e.round},0)" if e.iteration == 1 else f"the A of iteration {e.iteration - 1}"
    names = (test_names, gold_names)
    shared = ", ".join(f"{escape(role)} {escape(t)} vs {escape(g)}" for role, t, g in terms.attributes)
    senses = f"sense {escape(str(terms.sense[0] or 'none'))} vs {escape(str(terms.sense[1] or 'none'))}"
    if compact:
        return _compact_html(e, test, gold, names, previous)
    parts = [
        f"<p style='font-size:larger'><b>test {escape(test)} × gold {escape(gold)}</b> - round {e.round}, "
        f"iteration {e.iteration} of {e.iterations} ({when})</p>",
        f"<p><b>S = {number(e.similarity)}</b> = (S_l (1 + γ (S_s − 1)) + S_a) / (1 + [R not empty]) (eq. 1-4): "
        f"{escape(terms.text)}.<br>"
        f"&nbsp;&nbsp;S_l = {number(terms.lemma[2])} (lemmas {escape(terms.lemma[0])} vs {escape(terms.lemma[1])}), "
        f"S_s = {number(terms.sense[2])} ({senses}), γ = {number(terms.gamma)}, "
        f"S_a = {number(terms.attribute_value)} (R, the attribute keys both nodes have: {shared or 'none'}).</p>",
        _sum_html("P", 5, e.parents, "parents and grandparents", names, previous),
        _sum_html("C", 6, e.children, "children and grandchildren", names, previous),
        f"<p><b>A_raw</b> = √((P + 1)(C + 1) − 1) = √(({number(e.parents.value)} + 1)({number(e.children.value)} "
        f"+ 1) − 1) = <b>{number(e.raw)}</b> (eq. 7)</p>",
    ]
    if e.anchor:
        parts.append(
            f"<p><b>A = 1</b>: {escape(test)}–{escape(gold)} is an anchor of this round, set back to 1 after "
            "every iteration (eq. 9).</p>"
        )
    else:
        parts.append(
            f"<p><b>A</b> = A_raw / {number(e.normaliser)} (the largest A_raw of the iteration, so that the "
            f"largest A is 1, eq. 8) = <b>{number(e.broadcast)}</b></p>"
        )
    use = (
        "the round chooses its new anchors by F"
        if converged
        else "only the converged A of the round is used to choose anchors"
    )
    parts.append(
        f"<p><b>F</b> = (S + α)(A + β) = ({number(e.similarity)} + {number(e.alpha)})({number(e.broadcast)} + "
        f"{number(e.beta)}) = <b>{number(e.adjusted)}</b> (eq. 13; {use}).</p>"
    )
    return "".join(parts)


def _compact_html(e: CellExplanation, test: str, gold: str, names, previous: str) -> str:
    """The explanation in as few lines as the equations need (:func:`explanation_html`'s ``compact``)."""
    if e.anchor:
        broadcast = "<b>A = 1</b>: an anchor of this round (eq. 9)"
    else:
        broadcast = f"<b>A</b> = A_raw / {number(e.normaliser)} = <b>{number(e.broadcast)}</b> (eq. 8)"
    return "".join(
        [
            f"{LINE}<b>test {escape(test)} × gold {escape(gold)}</b> - round {e.round}, iteration {e.iteration} of "
            f"{e.iterations}</p>",
            f"{LINE}<b>S = {number(e.similarity)}</b> (eq. 1-4): {escape(e.terms.text)}</p>",
            _sum_html("P", 5, e.parents, "parents and grandparents", names, previous, compact=True),
            _sum_html("C", 6, e.children, "children and grandchildren", names, previous, compact=True),
            f"{LINE}<b>A_raw</b> = √((P + 1)(C + 1) − 1) = <b>{number(e.raw)}</b> (eq. 7); {broadcast}</p>",
            f"{LINE}<b>F</b> = (S + α)(A + β) = ({number(e.similarity)} + {number(e.alpha)})({number(e.broadcast)} + "
            f"{number(e.beta)}) = <b>{number(e.adjusted)}</b> (eq. 13)</p>",
        ]
    )


def _tie_text(
    cell: tuple[int, int], tied: list[tuple[int, int]], chosen: tuple[int, int], value: float, how: str, names
) -> str:
    tests, golds = names

    def pair(c: tuple[int, int]) -> str:
        return f"{escape(tests[c[0]])}–{escape(golds[c[1]])}"

    others = ", ".join(pair(c) for c in tied if c != cell)
    if cell == chosen:
        return f"<p><b>A tie</b>: its F, {number(value)}, is also that of {others}; {how} chose this pair.</p>"
    return f"<p><b>A tie</b>: its F, {number(value)}, is also that of {others}; {how} chose {pair(chosen)}.</p>"


def tie_html(lesson: Lesson, index: int, cell: tuple[int, int]) -> str:
    """The tie ``cell`` took part in at step ``index`` - a round's new anchors (eq. 14 and the
    relation-label tie-break of §2.2.2) or a pick of the finalisation (Algorithm 2: the labels,
    then matrix order) - as HTML; "" when it was in none."""
    step, names, trace = lesson.steps[index], (lesson.test_names, lesson.gold_names), lesson.trace
    if step.kind == "anchors" and step.round is not None:
        for choice in trace.round(step.round).new_anchors:
            if not choice.by_labels:
                continue
            chosen = (choice.test, choice.gold)
            tied = [(choice.test, g) for g in choice.row_rivals]
            tied += [(t, choice.gold) for t in choice.column_rivals if (t, choice.gold) not in tied]
            if cell in tied:
                return _tie_text(cell, tied, chosen, choice.value, _by_labels(choice.labels), names)
    pick = _step_pick(lesson, index)
    if pick is not None and pick.tie_break is not None and cell in pick.tied:
        chosen = (pick.test, pick.gold)
        return _tie_text(cell, list(pick.tied), chosen, pick.value, _pick_reason(lesson, pick, cell), names)
    return ""


def pick_html(lesson: Lesson, index: int, cell: tuple[int, int]) -> str:
    """At a pick of the finalisation (Algorithm 2), the picked cell said to be it when no tie
    decided (:func:`tie_html` tells a tied pick), as HTML; "" elsewhere."""
    pick = _step_pick(lesson, index)
    if pick is None or pick.tie_break is not None or cell != (pick.test, pick.gold):
        return ""
    return (
        f"<p><b>The finalisation's pick</b>: its F, {number(pick.value)}, is the largest left in the rows and "
        "columns still free, so the finalisation pairs these two nodes (Algorithm 2).</p>"
    )


def _step_pick(lesson: Lesson, index: int) -> Pick | None:
    """The pick of the finalisation that step ``index`` shows (its marked cell), or None."""
    step = lesson.steps[index]
    if step.kind != "finalisation":
        return None
    return next((pick for pick in lesson.trace.finalisation if (pick.test, pick.gold) in step.marked), None)


def _pick_reason(lesson: Lesson, pick: Pick, cell: tuple[int, int]) -> str:
    """What took a tied pick of the finalisation from ``cell`` (or gave it the pick): the most
    shared relation labels, then, among the cells sharing as many, matrix order."""
    trace = lesson.trace
    labels = shared_labels(trace.test, trace.gold, pick.test, pick.gold)
    if pick.tie_break == LABELS:
        return _by_labels(labels)
    if cell in pick.answers:  # as many shared labels as the pick: matrix order decided
        return f"{ORDER} (row by row; the relation labels the nodes share, {_listed(labels)}, tie too)"
    own = shared_labels(trace.test, trace.gold, *cell)
    return f"the relation labels the nodes share ({_listed(labels)}, here {_listed(own)}), then {ORDER},"


def _listed(labels: Iterable[str]) -> str:
    return ", ".join(labels) or "none"


def _by_labels(labels: Iterable[str]) -> str:
    return f"the relation labels the nodes share ({', '.join(labels)})"
