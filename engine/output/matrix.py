"""The ``matrix`` command's output: the annotators' agreement matrix, per-annotator and
per-sentence tables, and label confusion, as a JSON object, a terminal table or CSV.

The JSON object (:func:`matrix_data`) is the source of the other two.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..registry import METRIC
from .text import CsvTable, f1_text, number_text, text_grid

if TYPE_CHECKING:
    from ..metrics.confusion import Confusion, ConfusionCell
    from ..scoring.matrix import MatrixProblem, MatrixResult

__all__ = [
    "CELLS",
    "CsvTable",
    "confusion_csv",
    "confusion_data",
    "confusion_table",
    "matrix_csv",
    "matrix_data",
    "matrix_table",
    "problem_text",
]

CELLS = (
    "F1 of the row annotator (test) against the column annotator (gold); micro: pooled over the "
    "sentences both annotated, macro: the mean of those sentences' F1; null on the diagonal"
)


def matrix_data(
    result: MatrixResult, metric: str, ci: bool = False, hardest_first: bool = False, seed: int = 1
) -> dict:
    """The documented JSON object: annotators, metric, micro and macro matrices (row test,
    column gold), sentences per cell, annotator_means, sentences (and ci)."""
    names = result.names
    size = len(names)
    data: dict = {
        "annotators": names,
        "paths": result.annotations.paths,
        "gold": names[result.gold] if result.gold is not None else None,
        "metric": metric,
        "profile": result.params.profile,
        "cells": CELLS,
        "micro": result.f_matrix(metric, "micro"),
        "macro": result.f_matrix(metric, "macro"),
        "sentences_per_cell": result.counts(),
    }
    if ci:
        intervals = [[result.interval(i, j, metric, seed=seed) for j in range(size)] for i in range(size)]
        data["ci"] = {
            "level": 0.95,
            "of": "micro F1, sentences resampled (seeded percentile bootstrap)",
            "seed": seed,
            "cells": [[list(cell) if cell else None for cell in row] for row in intervals],
        }
    micro, macro = result.annotator_table(metric, "micro"), result.annotator_table(metric, "macro")
    data["annotator_means"] = [
        {
            "annotator": a.name,
            "micro": a.mean,
            "macro": m.mean,
            **({"gold_micro": a.against_gold, "gold_macro": m.against_gold} if result.gold is not None else {}),
        }
        for a, m in zip(micro, macro)
    ]
    data["sentences"] = [
        {
            "index": row.index,
            "id": row.id,
            "mean": row.agreement.mean,
            "spread": row.agreement.spread,
            "min": row.agreement.low,
            "max": row.agreement.high,
            "pairs": row.agreement.pairs,
            "central": names[row.agreement.central] if row.agreement.central is not None else None,
            "central_mean": row.agreement.central_mean,
            "left_out": [names[k] for k in row.left_out],
        }
        for row in result.sentence_table(metric, hardest_first)
    ]
    data["errors"] = [problem_text(result, problem) for problem in result.problems]
    return data


def problem_text(result: MatrixResult, problem: MatrixProblem) -> str:
    """A problem as ``FILE:LINE: what is wrong (what is left out)``."""
    names = result.names
    sentence = result.annotations.sentence_labels()[problem.sentence]
    if problem.other is None:
        return f"{problem.error} (sentence {sentence!r} left out of {names[problem.annotator]}'s cells)"
    pair = f"{names[problem.annotator]} vs {names[problem.other]}"
    return f"{problem.error} (sentence {sentence!r} left out of the cell {pair})"


def _number(value: float | None) -> str:
    return "-" if value is None else f1_text(value)


def matrix_table(data: dict) -> str:
    """The JSON object of :func:`matrix_data` as terminal tables."""
    names = data["annotators"]
    marked = [name + (" (gold)" if name == data["gold"] else "") for name in names]
    metric = METRIC[data["metric"]]
    out = [f"{metric.title} F1 between annotators, profile {data['profile']}; row = test, column = gold"]
    for average, what in (("micro", "pooled over the sentences both annotated"), ("macro", "mean of sentence F1")):
        out += ["", f"{average} F1 ({what})"]
        out += text_grid(
            ["test \\ gold", *marked], [[marked[i], *map(_number, row)] for i, row in enumerate(data[average])]
        )
    if "ci" in data:
        cells = [["-" if c is None else f"{c[0]:.4f}-{c[1]:.4f}" for c in row] for row in data["ci"]["cells"]]
        out += ["", "95 % bootstrap interval of the micro F1 (sentences resampled)"]
        out += text_grid(["test \\ gold", *marked], [[marked[i], *row] for i, row in enumerate(cells)])
    gold = data["gold"] is not None
    against = " (not the gold), F1 against the gold" if gold else ""
    out += ["", f"Annotators: mean agreement with the other annotators{against}"]
    headers = ["annotator", "mean micro", "mean macro"] + (["gold micro", "gold macro"] if gold else [])
    rows = [
        [marked[k], _number(a["micro"]), _number(a["macro"])]
        + ([_number(a["gold_micro"]), _number(a["gold_macro"])] if gold else [])
        for k, a in enumerate(data["annotator_means"])
    ]
    out += text_grid(headers, rows)
    out += ["", "Sentences: mean pairwise F1, its spread (standard deviation), range, most central annotator"]
    rows = [
        [
            str(s["index"] + 1),
            s["id"] or "",
            _number(s["mean"]),
            _number(s["spread"]),
            _number(s["min"]),
            _number(s["max"]),
            s["central"] or "-",
            ", ".join(s["left_out"]),
        ]
        for s in data["sentences"]
    ]
    out += text_grid(["#", "id", "mean", "spread", "min", "max", "central", "left out"], rows, "llrrrrll")
    return "\n".join(out) + "\n"


def matrix_csv(data: dict, table: CsvTable = "cells") -> str:
    """One of the JSON object's tables as CSV: ``cells`` (one row per ordered pair of
    annotators), ``annotators`` or ``sentences``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    names = data["annotators"]
    if table == "cells":
        ci = data.get("ci")
        writer.writerow(
            ["test", "gold", "metric", "sentences", "micro_f", "macro_f"] + (["ci_low", "ci_high"] if ci else [])
        )
        for i, test in enumerate(names):
            for j, gold in enumerate(names):
                if i == j:
                    continue
                row = [
                    test,
                    gold,
                    data["metric"],
                    data["sentences_per_cell"][i][j],
                    number_text(data["micro"][i][j]),
                    number_text(data["macro"][i][j]),
                ]
                interval = ci["cells"][i][j] if ci else None
                writer.writerow(row + ([number_text(v) for v in interval] if interval else ["", ""] if ci else []))
    elif table == "annotators":
        keys = list(data["annotator_means"][0])
        writer.writerow(keys)
        for item in data["annotator_means"]:
            writer.writerow([item[k] if k == "annotator" else number_text(item[k]) for k in keys])
    else:
        keys = ["index", "id", "mean", "spread", "min", "max", "pairs", "central", "central_mean", "left_out"]
        writer.writerow(keys)
        for item in data["sentences"]:
            values = {**item, "left_out": " ".join(item["left_out"])}
            writer.writerow([number_text(values[k]) if isinstance(values[k], float) else values[k] for k in keys])
    return buffer.getvalue()


def _cell_data(cell: ConfusionCell, ids: Sequence[str]) -> dict:
    return {"test": cell.test, "gold": cell.gold, "count": cell.count, "sentences": [ids[s] for s in cell.sentences]}


def confusion_data(confusion: Confusion, test: str, gold: str, ids: Sequence[str]) -> dict:
    """Label confusion of annotator ``test`` against ``gold`` as a JSON object: per kind, how
    many label pairs agree, the confusions (most frequent first) and the agreements, each cell
    with the ids of its sentences."""
    data: dict = {"test": test, "gold": gold}
    for table in confusion.tables():
        agreements = sorted((c for c in table.cells.values() if c.agrees), key=lambda c: (-c.count, c.test))
        data[table.kind] = {
            "agreed": table.agreed,
            "total": table.total,
            "confusions": [_cell_data(cell, ids) for cell in table.confusions()],
            "agreements": [_cell_data(cell, ids) for cell in agreements],
        }
    return data


def _kinds(data: dict) -> list[str]:
    return [key for key in data if key not in ("test", "gold")]


def confusion_table(data: dict) -> str:
    """The confusions of :func:`confusion_data` as terminal tables, most frequent first."""
    out = [f"Label confusion of {data['test']} (test) against {data['gold']} (gold) under the alignment"]
    for kind in _kinds(data):
        table = data[kind]
        out += ["", f"{kind.capitalize()}s: {table['agreed']} of {table['total']} label pairs agree"]
        rows = [[str(c["count"]), c["test"], c["gold"], "; ".join(c["sentences"])] for c in table["confusions"]]
        out += text_grid(["count", "test", "gold", "sentences"], rows, "rlll") if rows else ["no confusion"]
    return "\n".join(out) + "\n"


def confusion_csv(data: dict) -> str:
    """Every cell of :func:`confusion_data` (confusions, then agreements) as CSV rows."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["kind", "test", "gold", "count", "agrees", "sentences"])
    for kind in _kinds(data):
        for group, agrees in (("confusions", False), ("agreements", True)):
            for cell in data[kind][group]:
                writer.writerow([kind, cell["test"], cell["gold"], cell["count"], agrees, "; ".join(cell["sentences"])])
    return buffer.getvalue()
