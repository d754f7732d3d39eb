"""A self-contained HTML report of several annotators (Qt-free): the agreement matrix micro and
macro with each cell's bootstrap interval, its heatmaps, the annotator and sentence tables,
the problems, and the label confusion of the pair shown with its heatmaps.

The data are the JSON objects of :mod:`engine.output.matrix` (``matrix_data``,
``confusion_data``); the figures are inline SVG made by the app from the same data.
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape

from engine.output.report import STYLE
from engine.output.text import f1_text
from engine.registry import METRIC

__all__ = ["annotators_report"]


def _number(value: float | None) -> str:
    return "-" if value is None else f1_text(value)


def _table(headers: list[str], rows: list[list[str]], numeric: Collection[int] = frozenset()) -> str:
    """An HTML table of already escaped cells; ``numeric`` columns are right-aligned."""
    head = "".join(f"<th>{header}</th>" for header in headers)
    body = "".join(
        "<tr>"
        + "".join(f"<td class='num'>{c}</td>" if k in numeric else f"<td>{c}</td>" for k, c in enumerate(row))
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _figures(figures: dict[str, str]) -> str:
    if not figures:
        return ""
    inner = "".join(
        f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>" for caption, svg in figures.items()
    )
    return f"<div class='graphs'>{inner}</div>"


def _matrix(data: dict, average: str, marked: list[str]) -> str:
    ci = data.get("ci") if average == "micro" else None
    rows = []
    for i, row in enumerate(data[average]):
        cells = []
        for j, value in enumerate(row):
            text = _number(value)
            interval = ci["cells"][i][j] if ci is not None else None
            if interval:
                text += f"<br><small>[{interval[0]:.4f}, {interval[1]:.4f}]</small>"
            cells.append(text)
        rows.append([escape(marked[i]), *cells])
    return _table(["test \\ gold", *map(escape, marked)], rows, set(range(1, len(marked) + 1)))


def _annotators(data: dict, marked: list[str]) -> str:
    gold = data["gold"] is not None
    headers = ["annotator", "mean micro", "mean macro"] + (["gold micro", "gold macro"] if gold else [])
    rows = [
        [escape(marked[k]), _number(a["micro"]), _number(a["macro"])]
        + ([_number(a["gold_micro"]), _number(a["gold_macro"])] if gold else [])
        for k, a in enumerate(data["annotator_means"])
    ]
    return _table(headers, rows, set(range(1, len(headers))))


def _sentences(data: dict) -> str:
    rows = [
        [
            str(s["index"]),
            escape(s["id"] or ""),
            _number(s["mean"]),
            _number(s["spread"]),
            _number(s["min"]),
            _number(s["max"]),
            escape(s["central"] or "-"),
            escape(", ".join(s["left_out"])),
        ]
        for s in data["sentences"]
    ]
    return _table(["#", "id", "mean", "spread", "min", "max", "most central", "left out"], rows, {2, 3, 4, 5})


def _confusion(confusion: dict) -> str:
    parts = [f"<h2>Label confusion: {escape(confusion['test'])} (test) against {escape(confusion['gold'])} (gold)</h2>"]
    parts.append("<p>Over the whole corpus, under the alignment; most frequent first.</p>")
    for kind in ("concept", "role", "attribute"):
        table = confusion[kind]
        parts.append(f"<h3>{kind.capitalize()}s: {table['agreed']} of {table['total']} label pairs agree</h3>")
        rows = [
            [str(c["count"]), escape(c["test"]), escape(c["gold"]), escape("; ".join(c["sentences"]))]
            for c in table["confusions"]
        ]
        parts.append(_table(["count", "test", "gold", "sentences"], rows, {0}) if rows else "<p>No confusion.</p>")
    return "\n".join(parts)


def annotators_report(
    data: dict,
    figures: dict[str, str],
    confusion: dict | None = None,
    confusion_figures: dict[str, str] | None = None,
    sections: Collection[str] = (),
) -> str:
    """HTML of the matrix ``data`` (``matrix_data`` with ``ci``), its ``figures`` (caption -> SVG,
    trusted: made by the app), the label ``confusion`` of one pair with its figures, and more
    ``sections`` (trusted HTML: e.g. the comparison of two annotators against the gold)."""
    names = data["annotators"]
    marked = [name + (" (gold)" if name == data["gold"] else "") for name in names]
    metric = METRIC[data["metric"]].title
    title = f"Agreement between {len(names)} annotators: {escape(metric)}"
    parts = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>",
        f"<style>{STYLE}</style></head><body><h1>{title}</h1>",
        "<h2>Files</h2><ul>",
    ]
    parts += [f"<li>{escape(marked[k])}: {escape(path)}</li>" for k, path in enumerate(data["paths"])]
    parts.append(f"</ul><p>Profile {escape(data['profile'])}. A cell: {escape(data['cells'])}.</p>")
    parts.append("<h2>Matrix, micro F1 (pooled over the sentences both annotated)</h2>")
    if "ci" in data:
        ci = data["ci"]
        parts.append(f"<p>[ ] = 95% bootstrap interval of the {escape(ci['of'])}, seed {ci['seed']}.</p>")
    parts.append(_matrix(data, "micro", marked))
    parts.append("<h2>Matrix, macro F1 (mean of the sentences' F1)</h2>")
    parts.append(_matrix(data, "macro", marked))
    parts.append(_figures(figures))
    parts.append("<h2>Annotators: mean agreement with the others" + (", F1 against the gold" if data["gold"] else ""))
    parts.append("</h2>" + _annotators(data, marked))
    parts.append("<h2>Sentences, hardest first: mean pairwise F1, spread, range, most central annotator</h2>")
    parts.append(_sentences(data))
    if data["errors"]:
        parts.append("<h2>Problems</h2><ul>" + "".join(f"<li>{escape(e)}</li>" for e in data["errors"]) + "</ul>")
    if confusion is not None:
        parts.append(_confusion(confusion))
        parts.append(_figures(confusion_figures or {}))
    parts += sections
    parts.append("</body></html>\n")
    return "\n".join(parts)
