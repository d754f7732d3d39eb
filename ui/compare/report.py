"""A self-contained HTML report of a comparison (Qt-free): the files and how they were scored, the
engine's comparison section (every metric: both scores, B − A, p, interval, and the verdict in
words - :func:`engine.output.comparison.comparison_html`), the plots of the metric shown as
inline SVG, the problems that left sentences out, and that metric's F1 of A and B per sentence."""

from __future__ import annotations

from html import escape

from engine.comparison import Comparison
from engine.output.comparison import comparison_html
from engine.output.report import STYLE, parameters_text

from .views import SENTENCE_HEADERS, sentence_rows

__all__ = ["comparison_report"]


def comparison_report(comparison: Comparison, metric: str, figures: dict[str, str]) -> str:
    """The HTML document; ``figures`` maps a caption to an SVG (trusted: made by the app)."""
    setup = comparison.setup
    a, b, gold = (escape(name) for name in setup.names)
    title = f"{a} and {b} against {gold}"
    drs = comparison.matrix.annotations.format == "drs"
    parts = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>",
        f"<style>{STYLE}</style></head><body><h1>{title}</h1>",
        "<h2>Files</h2><ul>",
        *(
            f"<li>{role} = {escape(name)}: {escape(path)}</li>"
            for role, name, path in zip(("A", "B", "gold"), setup.names, setup.files)
        ),
        f"</ul><p>Scoring: {escape(parameters_text(setup.params, drs))}.</p>",
        comparison_html(comparison),
    ]
    if figures:
        inner = "".join(
            f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>" for caption, svg in figures.items()
        )
        parts.append(f"<div class='graphs'>{inner}</div>")
    if comparison.problems:
        items = "".join(f"<li>{escape(str(problem.error))}</li>" for problem in comparison.problems)
        parts.append(f"<h2>Problems (sentences left out)</h2><ul>{items}</ul>")
    rows = sentence_rows(comparison, metric)
    head = "".join(f"<th>{escape(header)}</th>" for header in SENTENCE_HEADERS)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td class='num'>{escape(c)}</td>" if k in (2, 3, 4) else f"<td>{escape(c)}</td>"
            for k, c in enumerate(row.cells)
        )
        + "</tr>"
        for row in rows
    )
    parts.append(f"<h2>Per sentence ({escape(metric)})</h2><table><tr>{head}</tr>{body}</table>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
