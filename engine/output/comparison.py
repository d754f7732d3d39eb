"""The ``compare`` command's output and the comparison's exports: the result in words
(:func:`verdict`, also the app's), the documented JSON object, a terminal table, CSV, the
per-sentence F1 as CSV and an HTML section for reports.

JSON (:func:`comparison_data`): for one metric the object ``{"metric", "a": {"p", "r", "f"},
"b": {...}, "difference", "p_value", "ci": [low, high], "test", "trials", "sentences"}``; for
several (``--metric all``) a list of such objects, in the order of
:func:`~engine.registry.requested_metrics`. :func:`comparison_document` adds what was compared and
how (files, parameters) and the per-sentence F1, for saving a comparison whole.
"""

from __future__ import annotations

import csv
import io
import json
import math
from html import escape

from ..comparison import Comparison, MetricComparison
from ..registry import short_name
from .report import parameters_text
from .text import f1_text, number_text, text_grid

__all__ = [
    "comparison_csv",
    "comparison_data",
    "comparison_document",
    "comparison_html",
    "comparison_json",
    "comparison_table",
    "evidence_text",
    "p_text",
    "sentence_csv",
    "verdict",
]


def p_text(p: float) -> str:
    """A p-value for people: two significant digits, ``< 0.001`` below that.

    >>> p_text(0.4132), p_text(0.0456), p_text(1.0), p_text(0.00009999)
    ('0.41', '0.046', '1', '< 0.001')
    """
    return "< 0.001" if p < 0.001 else f"{p:.2g}"


def evidence_text(p: float) -> str:
    """What a p-value says about a difference, in words (the usual thresholds 0.001, 0.01,
    0.05 and 0.1).

    >>> evidence_text(0.41), evidence_text(0.03)
    ('no evidence of a real difference', 'evidence of a real difference')
    """
    for bound, words in ((0.001, "very strong"), (0.01, "strong"), (0.05, ""), (0.1, "weak")):
        if p < bound:
            return f"{words} evidence of a real difference".lstrip()
    return "no evidence of a real difference"


def verdict(result: MetricComparison, a: str = "A", b: str = "B") -> str:
    """The comparison of one metric in a sentence, A and B called ``a`` and ``b``:
    "B is higher by 0.0021 LR F1; p = 0.41 - no evidence of a real difference over these
    200 sentences"."""
    name = short_name(result.metric)
    over = "over this one sentence" if result.count == 1 else f"over these {result.count} sentences"
    difference, p = result.difference, result.p_value
    if difference is None or p is None:
        undefined = " and ".join(side for side, score in ((a, result.a), (b, result.b)) if score.f is None)
        return f"{name} F1 is not defined for {undefined} {over}: nothing to test"
    if difference == 0:
        lead = f"{a} and {b} have the same {name} F1 ({f1_text(result.a.f)})"
    else:
        lead = f"{b if difference > 0 else a} is higher by {abs(difference):.4f} {name} F1"
    p_words = f"p {p_text(p)}" if p < 0.001 else f"p = {p_text(p)}"
    return f"{lead}; {p_words} - {evidence_text(p)} {over}"


def comparison_data(comparison: Comparison) -> dict | list[dict]:
    """The documented JSON object of one metric, or the list of them for several."""
    items = [result.as_dict(comparison.setup) for result in comparison.metrics.values()]
    return items[0] if len(items) == 1 else items


def comparison_json(comparison: Comparison) -> str:
    return json.dumps(comparison_data(comparison), indent=2, ensure_ascii=False) + "\n"


def comparison_document(comparison: Comparison) -> dict:
    """The whole comparison for saving: ``setup`` (files, names, metrics, test, trials, seed,
    level, parameters), ``results`` (the list of :func:`comparison_data` objects, each with
    its ``verdict``), ``sentences`` per metric (index, id, F1 of A and of B) and ``problems``."""
    names = comparison.setup.names
    results, sentences = [], {}
    for metric, result in comparison.metrics.items():
        results.append({**result.as_dict(comparison.setup), "verdict": verdict(result, names[0], names[1])})
        sentences[metric] = [
            {"index": int(index), "id": label, "a": _finite(f_a), "b": _finite(f_b)}
            for index, label, f_a, f_b in zip(result.sentences, result.labels, result.f_a, result.f_b)
        ]
    return {
        "setup": comparison.setup.as_dict(),
        "results": results,
        "sentences": sentences,
        "problems": [str(problem.error) for problem in comparison.problems],
    }


def _finite(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


def _row(result: MetricComparison) -> list[str]:
    """A metric's short name, P/R/F1 of A and B, B - A, p and the interval, as text."""
    ci = result.ci
    return [
        short_name(result.metric),
        *(f1_text(value) for value in (result.a.p, result.a.r, result.a.f, result.b.p, result.b.r, result.b.f)),
        "n/a" if result.difference is None else f"{result.difference:+.4f}",
        "n/a" if result.p_value is None else p_text(result.p_value),
        "n/a" if ci is None else f"{ci[0]:+.4f} to {ci[1]:+.4f}",
    ]


def _how(comparison: Comparison) -> str:
    """The test and the interval in one line."""
    setup = comparison.setup
    interval = f"{setup.level:.0%} percentile interval of B - A"
    if setup.test == "bootstrap":
        return f"paired bootstrap, {setup.trials} resamples, seed {setup.seed}: two-sided p of B - A = 0, {interval}"
    tested = [result.significance for result in comparison.metrics.values() if result.significance is not None]
    exact = bool(tested) and all(test.exact for test in tested)
    trials = f"all {tested[0].trials} swap patterns (exact)" if exact else f"{setup.trials} trials"
    return (
        f"paired approximate randomisation, two-sided, {trials}, seed {setup.seed}; "
        f"{interval}: paired bootstrap, {setup.trials} resamples"
    )


def _reads_drs(comparison: Comparison) -> bool:
    return comparison.matrix.annotations.format == "drs"


def comparison_table(comparison: Comparison) -> str:
    """The comparison as a terminal table, then each metric's :func:`verdict`."""
    setup = comparison.setup
    a, b, gold = setup.names
    out = [
        f"A = {a} ({setup.files[0]})",
        f"B = {b} ({setup.files[1]})",
        f"gold = {gold} ({setup.files[2]})",
        f"test: {_how(comparison)}",
        f"scoring: {parameters_text(setup.params, _reads_drs(comparison))}",
        "",
    ]
    headers = ["metric", "A P", "A R", "A F1", "B P", "B R", "B F1", "B - A", "p", f"{setup.level:.0%} interval"]
    out += text_grid(headers, [_row(result) for result in comparison.metrics.values()])
    out.append("")
    out += [verdict(result) for result in comparison.metrics.values()]
    return "\n".join(out) + "\n"


def comparison_csv(comparison: Comparison) -> str:
    """One row per metric: the JSON object's fields, the interval in two columns."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(
        ["metric", "a_p", "a_r", "a_f", "b_p", "b_r", "b_f", "difference", "p_value", "ci_low", "ci_high"]
        + ["test", "trials", "sentences"]
    )
    for result in comparison.metrics.values():
        data = result.as_dict(comparison.setup)
        ci = data["ci"] or [None, None]
        writer.writerow(
            [data["metric"]]
            + [number_text(data[side][part]) for side in ("a", "b") for part in "prf"]
            + [number_text(data["difference"]), number_text(data["p_value"]), *map(number_text, ci)]
            + [data["test"], data["trials"], data["sentences"]]
        )
    return buffer.getvalue()


def sentence_csv(comparison: Comparison, metric: str) -> str:
    """One metric's per-sentence F1 of A and of B and their difference (B - A), one row per
    compared sentence (empty where undefined)."""
    result = comparison.metrics[metric]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["index", "id", "f_a", "f_b", "difference"])
    for index, label, f_a, f_b, difference in zip(
        result.sentences, result.labels, result.f_a, result.f_b, result.differences
    ):
        writer.writerow([int(index), label, *(number_text(_finite(v)) for v in (f_a, f_b, difference))])
    return buffer.getvalue()


def comparison_html(comparison: Comparison) -> str:
    """An HTML section for a report: what was compared and how, the table and the verdicts
    (the report's styles: ``td.num`` right-aligned)."""
    setup = comparison.setup
    a, b, gold = (escape(name) for name in setup.names)
    scoring = parameters_text(setup.params, _reads_drs(comparison))
    parts = [
        "<section class='comparison'><h2>A and B against the gold</h2>",
        f"<p>A = {a}, B = {b}, gold = {gold}; {escape(_how(comparison))}; {escape(scoring)}</p>",
        "<table><tr><th>metric</th><th>A P</th><th>A R</th><th>A F1</th><th>B P</th><th>B R</th><th>B F1</th>"
        f"<th>B &minus; A</th><th>p</th><th>{setup.level:.0%} interval</th><th>sentences</th></tr>",
    ]
    for result in comparison.metrics.values():
        name, *numbers = _row(result)
        cells = "".join(f"<td class='num'>{escape(value)}</td>" for value in [*numbers, str(result.count)])
        parts.append(f"<tr><th>{escape(name)}</th>{cells}</tr>")
    parts.append("</table><ul>")
    parts += [
        f"<li>{escape(verdict(result, setup.names[0], setup.names[1]))}</li>" for result in comparison.metrics.values()
    ]
    parts.append("</ul></section>")
    return "".join(parts)
