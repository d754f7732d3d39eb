"""The ``trace`` and ``explain`` commands' output: a pair's alignment step by step
(:mod:`engine.teach.trace`) and one cell explained (:mod:`engine.teach.cell`), as JSON or as
text for people."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from ..align.explain import count, join, node_names
from ..teach.cell import CellExplanation
from ..teach.replay import NeighbourSum
from ..teach.trace import Trace

__all__ = ["explanation_data", "explanation_table", "json_text", "trace_data", "trace_table"]


def json_text(data: Any) -> str:
    """JSON with one key a line, and every list or object of plain values (a matrix row, a
    neighbour pair) on one line."""

    def write(value: Any, pad: str) -> str:
        inner = pad + "  "
        nested = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        if not any(isinstance(item, (dict, list)) and item for item in nested):
            return json.dumps(value, ensure_ascii=False)
        if isinstance(value, dict):
            items = [f"{inner}{json.dumps(key)}: {write(item, inner)}" for key, item in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + pad + "}"
        return "[\n" + ",\n".join(inner + write(item, inner) for item in value) + "\n" + pad + "]"

    return write(data, "") + "\n"


def _matrix(values: np.ndarray) -> list[list[float]]:
    return [[float(value) for value in row] for row in values]


def trace_data(trace: Trace, index: int, identifier: str | None) -> dict:
    """The trace as JSON data: pair, test_nodes, gold_nodes, S, rounds (round, anchors_before,
    iterations, F, new_anchors), finalisation and alignment (as ``score`` reports it)."""
    test = [node.var for node in trace.test.nodes]
    gold = [node.var for node in trace.gold.nodes]
    return {
        "pair": {"index": index, "id": identifier},
        "test_nodes": test,
        "gold_nodes": gold,
        "S": _matrix(trace.similarity),
        "rounds": [
            {
                "round": round_.number,
                "anchors_before": [[test[i], gold[j]] for i, j in round_.anchor_cells],
                "iterations": [_matrix(step.matrix) for step in round_.iterates],
                "F": _matrix(round_.adjusted),
                "new_anchors": [
                    {"test": test[a.test], "gold": gold[a.gold], "F": a.value, "why": a.why} for a in round_.new_anchors
                ],
            }
            for round_ in trace.rounds
        ],
        "finalisation": [
            {"test": test[p.test], "gold": gold[p.gold], "F": p.value, "tie_break": p.tie_break}
            for p in trace.finalisation
        ],
        "alignment": [
            {"test": test[i], "gold": gold[j] if j is not None else None} for i, j in enumerate(trace.alignment.gold_of)
        ],
    }


def _grid(values: np.ndarray, rows: list[str], columns: list[str]) -> list[str]:
    """A matrix with named rows and columns, four decimals."""
    cells = [[f"{value:.4f}" for value in row] for row in values]
    first = max([len(name) for name in rows] + [0])
    widths = [max([len(columns[j])] + [len(row[j]) for row in cells]) for j in range(len(columns))]
    lines = [" " * first + "".join(f"  {name:>{w}}" for name, w in zip(columns, widths))]
    lines += [
        f"{name:<{first}}" + "".join(f"  {cell:>{w}}" for cell, w in zip(row, widths)) for name, row in zip(rows, cells)
    ]
    return ["  " + line for line in lines]


def trace_table(trace: Trace, index: int, identifier: str | None) -> str:
    """The trace for people: S, then each round's convergence, A, F and new anchors, the
    finalisation and the alignment; the pair named by its number, ``index`` + 1."""
    rows, columns = node_names(trace.test), node_names(trace.gold)
    params = trace.params
    out = [
        f"Pair {index + 1}"
        + (f" ({identifier})" if identifier else "")
        + f": {len(rows)} test nodes (rows), {len(columns)} gold nodes (columns); "
        f"γ {params.gamma:g}, α {params.alpha:g}, β {params.beta:g}",
        "",
        "S, intrinsic similarity (eq. 1-4):",
        *_grid(trace.similarity, rows, columns),
    ]
    for round_ in trace.rounds:
        anchors = join([f"{rows[i]}–{columns[j]}" for i, j in round_.anchor_cells]) or "none"
        changes = ", ".join(f"{change:.4g}" for change in round_.changes)
        out += [
            "",
            f"Round {round_.number}: anchors {anchors}",
            f"  {count(len(round_.iterates), 'iteration')}; largest change in each: {changes}",
            f"A after iteration {len(round_.iterates)} (converged, eq. 5-9):",
            *_grid(round_.iterates[-1].matrix, rows, columns),
            "F = (S + α)(A + β) (eq. 13):",
            *_grid(round_.adjusted, rows, columns),
        ]
        out += [f"  new anchor {rows[a.test]}–{columns[a.gold]}: F {a.value:g}, {a.why}" for a in round_.new_anchors]
        if not round_.new_anchors:
            out.append("  no new anchor: the loop stops")
    out += ["", "Finalisation:" if trace.finalisation else "Finalisation: nothing left to pick"]
    for p in trace.finalisation:
        out.append(
            f"  {rows[p.test]}–{columns[p.gold]}: F {p.value:g}"
            + (f", tie broken by {p.tie_break}" if p.tie_break else "")
        )
    out += ["", "Alignment:"]
    out += [
        f"  {trace.test.nodes[i].var} / {trace.test.nodes[i].concept}  ->  "
        + (f"{trace.gold.nodes[j].var} / {trace.gold.nodes[j].concept}" if j is not None else "(unaligned)")
        for i, j in enumerate(trace.alignment.gold_of)
    ]
    return "\n".join(out) + "\n"


def _sum_data(trace: Trace, total: NeighbourSum) -> dict:
    return {
        "value": total.value,
        "delta_n": total.delta_n,
        "contributions": [
            {"test": trace.test.nodes[kt].var, "gold": trace.gold.nodes[kg].var, "a": a}
            for kt, kg, a in total.contributions
        ],
    }


def explanation_data(trace: Trace, cell: CellExplanation) -> dict:
    """One cell as JSON data: S with its terms, P and C with their neighbour pairs, A_raw,
    normaliser, anchor, A, F, alpha and beta."""
    terms = cell.terms
    return {
        "S": {
            "value": cell.similarity,
            "terms": {
                "lemma": {"test": terms.lemma[0], "gold": terms.lemma[1], "value": terms.lemma[2]},
                "sense": {"test": terms.sense[0], "gold": terms.sense[1], "value": terms.sense[2]},
                "attributes": {
                    "shared": [{"role": role, "test": t, "gold": g} for role, t, g in terms.attributes],
                    "value": terms.attribute_value,
                },
                "gamma": terms.gamma,
                "text": terms.text,
            },
        },
        "P": _sum_data(trace, cell.parents),
        "C": _sum_data(trace, cell.children),
        "A_raw": cell.raw,
        "normaliser": cell.normaliser,
        "anchor": cell.anchor,
        "A": cell.broadcast,
        "F": cell.adjusted,
        "alpha": cell.alpha,
        "beta": cell.beta,
    }


def _sum_lines(trace: Trace, symbol: str, side: tuple[str, str], equation: int, total: NeighbourSum) -> list[str]:
    """P or C: the sum over the neighbour pairs (``side``: what they are, in two words), ΔN,
    and each pair with its A."""
    rows, columns = node_names(trace.test), node_names(trace.gold)
    if total.delta_n is None:
        return [f"{symbol} = 0 (eq. {equation}): one of the two nodes has no {side[0]} or {side[1]}"]
    added = sum(a for _, _, a in total.contributions)
    lines = [
        f"{symbol} = {added:.4g} / ΔN {total.delta_n:.4g} = {total.value:.4g} (eq. {equation}): the previous "
        f"iterate's A summed over {count(len(total.contributions), 'pair')} of {side[0]} and {side[1]}"
    ]
    lines += [f"    {rows[kt]} × {columns[kg]}: {a:.4g}" for kt, kg, a in total.contributions]
    return lines


def explanation_table(trace: Trace, cell: CellExplanation) -> str:
    """One cell for people: each equation with its numbers."""
    rows, columns = node_names(trace.test), node_names(trace.gold)
    terms = cell.terms
    when = "converged" if cell.iteration == cell.iterations else "not yet converged"
    shared = ", ".join(f"{role} {t} vs {g}" for role, t, g in terms.attributes) or "none shared"
    lines = [
        f"{rows[cell.test]} × {columns[cell.gold]}, round {cell.round}, iteration {cell.iteration} of "
        f"{cell.iterations} ({when})",
        f"S = {cell.similarity:.4g} (eq. 1-4): {terms.text}",
        f"    S_l = {terms.lemma[2]:.4g} ({terms.lemma[0]} vs {terms.lemma[1]}), S_s = {terms.sense[2]:g} "
        f"(sense {terms.sense[0] or 'none'} vs {terms.sense[1] or 'none'}), γ = {terms.gamma:g}, "
        f"S_a = {terms.attribute_value:.4g} (attributes: {shared})",
        *_sum_lines(trace, "P", ("parents", "grandparents"), 5, cell.parents),
        *_sum_lines(trace, "C", ("children", "grandchildren"), 6, cell.children),
        f"A_raw = √((P + 1)(C + 1) − 1) = √(({cell.parents.value:.4g} + 1)({cell.children.value:.4g} + 1) − 1) "
        f"= {cell.raw:.4g} (eq. 7)",
        f"A = 1: an anchor (eq. 9; A_raw / {cell.normaliser:.4g} would be {cell.raw / cell.normaliser:.4g})"
        if cell.anchor
        else f"A = A_raw / {cell.normaliser:.4g} (the largest A_raw of the iteration, eq. 8) = {cell.broadcast:.4g}",
        f"F = (S + α)(A + β) = ({cell.similarity:.4g} + {cell.alpha:g})({cell.broadcast:.4g} + {cell.beta:g}) "
        f"= {cell.adjusted:g} (eq. 13)",
    ]
    return "\n".join(lines) + "\n"
