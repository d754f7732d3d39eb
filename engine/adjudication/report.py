"""The HTML report of a session: progress per status and person, each annotator's agreement
with the adjudicated result, and the sentences with their status, decider and notes.

Agreement is each annotation scored as test against the adjudicated graph as gold
(:mod:`.agreement`), pooled over the sentences (micro: sums of the tallies, then P/R/F)
and averaged (macro: the mean of the sentences' F), over every written sentence and over
the reviewed ones (status other than *not reviewed*).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ..metrics.tally import Totals
from ..output.text import f1_text
from ..registry import METRIC
from .agreement import Agreement, agreement_metrics, corpus_totals
from .progress import Progress, progress
from .schema import ReviewStatus
from .session import Session
from .writer import Written

__all__ = ["session_report"]

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.not-reviewed { color: #777; } .needs-discussion { background: #fff3e0; }
.agreed { background: #e8f5e9; } .adjudicated { background: #e3f2fd; }
"""


def _status_table(state: Progress) -> list[str]:
    parts = ["<h2>Progress</h2><table><tr><th>status</th><th>sentences</th><th>share</th></tr>"]
    for status, count in state.by_status.items():
        share = f"{100 * count / state.sentences:.1f} %" if state.sentences else ""
        css = status.replace(" ", "-")
        parts.append(
            f"<tr class='{css}'><td>{escape(status)}</td><td class='num'>{count}</td><td class='num'>{share}</td></tr>"
        )
    parts.append(f"<tr><th>total</th><td class='num'>{state.sentences}</td><td></td></tr></table>")
    if state.by_person:
        parts.append("<table><tr><th>decided by</th><th>sentences</th></tr>")
        parts += [
            f"<tr><td>{escape(name)}</td><td class='num'>{count}</td></tr>" for name, count in state.by_person.items()
        ]
        parts.append("</table>")
    return parts


def _agreement_table(
    title: str, totals: Mapping[str, Totals], counts: Mapping[str, int], annotators: list[str]
) -> list[str]:
    shown = agreement_metrics()
    header = "".join(f"<th>{escape(METRIC[m].short)} micro</th><th>{escape(METRIC[m].short)} macro</th>" for m in shown)
    parts = [f"<h3>{escape(title)}</h3><table><tr><th>annotator</th><th>sentences</th>{header}</tr>"]
    for annotator in annotators:
        if annotator not in totals:
            parts.append(
                f"<tr><td>{escape(annotator)}</td><td class='num'>0</td>" + "<td></td>" * (2 * len(shown)) + "</tr>"
            )
            continue
        micro, macro = totals[annotator].micro(), totals[annotator].macro()
        cells = "".join(
            f"<td class='num'>{f1_text(micro[m].f)}</td><td class='num'>{f1_text(macro[m].f)}</td>" for m in shown
        )
        parts.append(f"<tr><td>{escape(annotator)}</td><td class='num'>{counts[annotator]}</td>{cells}</tr>")
    parts.append("</table>")
    return parts


def session_report(session: Session, written: Written) -> str:
    """The report of ``session``, whose corpus ``written`` holds (the sentences it left out
    are listed and not scored)."""
    state = progress(session)
    title = f"Adjudication - {escape(session.path.name)}"
    parts = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>",
        f"<style>{STYLE}</style></head><body><h1>{title}</h1>",
        "<table><tr><th>annotator</th><th>file</th><th>gold</th></tr>",
    ]
    for file in session.corpus.files:
        mark = "yes" if file.annotator == session.gold else ""
        parts.append(f"<tr><td>{escape(file.annotator)}</td><td>{escape(file.path)}</td><td>{mark}</td></tr>")
    parts.append("</table>")
    parts += _status_table(state)
    scored: dict[int, dict[str, Agreement]] = {index: session.agreement(index) for index in written.indices}
    reviewed = [i for i in written.indices if session.sentence(i).status != ReviewStatus.NOT_REVIEWED]
    parts.append(
        "<h2>Agreement with the adjudicated result</h2>"
        "<p>Each annotation scored as test against the adjudicated graph as gold (F1); micro pools the "
        "sentences, macro averages them.</p>"
    )
    for caption, indices in (
        (f"All {len(written.indices)} written sentences", written.indices),
        (f"The {len(reviewed)} reviewed sentences", reviewed),
    ):
        chosen = [scored[i] for i in indices]
        counts = {a: sum(a in sentence for sentence in chosen) for a in session.annotators}
        parts += _agreement_table(caption, corpus_totals(chosen), counts, session.annotators)
    if written.skipped:
        parts.append("<h2>Not written</h2><ul>" + "".join(f"<li>{escape(s)}</li>" for s in written.skipped) + "</ul>")
    parts.append(
        "<h2>Sentences</h2><table><tr><th>#</th><th>id</th><th>status</th><th>decided by</th>"
        "<th>start</th><th>decisions</th><th>notes</th></tr>"
    )
    active: dict[int, int] = {}
    for decision in session.decisions():
        active[decision.sentence] = active.get(decision.sentence, 0) + 1
    for record in session.sentences():
        css = str(record.status).replace(" ", "-")
        parts.append(
            f"<tr class='{css}'><td class='num'>{record.index + 1}</td><td>{escape(record.id or '')}</td>"
            f"<td>{escape(str(record.status))}</td><td>{escape(record.decided_by or '')}</td>"
            f"<td>{escape(record.start or '')}</td><td class='num'>{active.get(record.index, 0)}</td>"
            f"<td>{escape(record.notes).replace(chr(10), '<br>')}</td></tr>"
        )
    parts.append("</table></body></html>\n")
    return "\n".join(parts)
