"""A self-contained HTML report of one pair: the run (files, parameters), scores, graphs,
the alignment rounds (each round's heatmaps with its headline and list of pairs),
the alignment and the triples."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from ..align.explain import Caption
from ..metrics.triples import TripleMatch
from ..params import Params
from ..registry import applying_params, metrics, short_name
from ..scoring.results import PairResult
from .drs import with_profile
from .rows import alignment_table
from .text import f1_text

__all__ = ["RoundFigure", "Run", "items_html", "pair_report", "parameters_text"]

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.graphs { display: flex; gap: 1em; flex-wrap: wrap; }
.graphs figure { margin: 0; border: 1px solid #ddd; padding: 0.5em; }
.matched { background: #e8f5e9; } .label-differs { background: #fff3e0; }
.concept-differs { background: #fffde7; } .only-in-test, .only-in-gold { background: #ffebee; }
.round { margin: 0 0 2em; } .round figure { margin: 0.5em 0; overflow-x: auto; }
.round svg { max-width: 100%; height: auto; } .round ul { margin-top: 0.2em; }
"""


def parameters_text(params: Params, drs: bool) -> str:
    """The profile and every parameter that applies to the input (:func:`engine.registry.applying_params`:
    Counter's and DScorer's for DRS input only) on one line: "profile paper · gamma=0.1 alpha=0.2 ..."."""
    values = " ".join(f"{name}={value}" for name, value in applying_params(params, drs).items() if name != "profile")
    return f"profile {params.profile} · {values}"


@dataclass(frozen=True)
class Run:
    """What was compared and how: the files by role ("test", "gold") and the parameters."""

    files: tuple[tuple[str, str], ...]
    params: Params
    drs: bool  # DRS input: Counter's and DScorer's parameters apply


@dataclass(frozen=True)
class RoundFigure:
    """One step of the alignment: its caption, and its heatmaps as inline SVG ("" for none)."""

    caption: Caption
    svg: str = ""


def items_html(lines: Sequence[str]) -> str:
    """A bulleted list of plain-text lines ("" for none)."""
    return "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>" if lines else ""


def _run_section(run: Run) -> list[str]:
    cells = [(role, path) for role, path in run.files] + [
        (name, str(value)) for name, value in applying_params(run.params, run.drs).items()
    ]
    return (
        ["<h2>Run</h2><table>"]
        + [f"<tr><th>{escape(name)}</th><td>{escape(value)}</td></tr>" for name, value in cells]
        + ["</table>"]
    )


def _rounds_section(rounds: Sequence[RoundFigure]) -> list[str]:
    """Each step: the headline, its heatmaps, then every pair behind the headline."""
    parts = ["<h2>How the alignment was reached</h2>"]
    for step in rounds:
        caption = step.caption
        parts.append(f"<section class='round'><p><strong>{escape(caption.headline)}</strong></p>")
        if step.svg:
            parts.append(f"<figure>{step.svg}</figure>")
        parts.append(items_html(caption.details) + "</section>")
    return parts


def pair_report(
    result: PairResult,
    rows: list[TripleMatch],
    figures: dict[str, str],
    rounds: Sequence[RoundFigure] = (),
    run: Run | None = None,
) -> str:
    """HTML of one pair. ``figures`` maps a caption to inline SVG markup of the graphs, and
    ``rounds`` holds each step's heatmaps (SVG markup trusted: made by the app)."""
    title = f"Pair {result.number}" + (f" - {escape(result.id)}" if result.id else "")
    sentence = result.sentence
    parts = [
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>",
        f"<style>{STYLE}</style></head><body><h1>{title}</h1>",
    ]
    if sentence:
        parts.append(f"<p><em>{escape(sentence)}</em></p>")
    if result.error:
        parts.append(f"<p><strong>Not scored:</strong> {escape(result.error)}</p>")
    if run is not None:
        parts.extend(_run_section(run))
    if result.tallies:
        shown = [m for m in metrics() if m in result.tallies]
        names = [short_name(m) if run is None else with_profile(short_name(m), m, run.params) for m in shown]
        parts.append("<h2>Scores</h2><table><tr><th></th>" + "".join(f"<th>{escape(n)}</th>" for n in names) + "</tr>")
        for part, name in (("p", "P (test)"), ("r", "R (gold)"), ("f", "F1")):
            cells = "".join(f"<td class='num'>{f1_text(getattr(result.scores[m], part))}</td>" for m in shown)
            parts.append(f"<tr><th>{name}</th>{cells}</tr>")
        parts.append("</table>")
    if figures:
        parts.append("<h2>Graphs</h2><div class='graphs'>")
        for caption, svg in figures.items():
            parts.append(f"<figure>{svg}<figcaption>{escape(caption)}</figcaption></figure>")
        parts.append("</div>")
    if rounds:
        parts.extend(_rounds_section(rounds))
    table = alignment_table(result)
    if table:
        parts.append("<h2>Alignment</h2><table><tr><th>test</th><th>gold</th><th>S</th><th>fixed in</th></tr>")
        for row in table:
            test = f"{row.test.var} / {row.test.concept}" if row.test else "(unaligned)"
            gold = f"{row.gold.var} / {row.gold.concept}" if row.gold else "(unaligned)"
            similarity = f1_text(row.similarity) if row.similarity is not None else ""
            parts.append(
                f"<tr><td>{escape(test)}</td><td>{escape(gold)}</td>"
                f"<td class='num'>{similarity}</td><td>{escape(row.how)}</td></tr>"
            )
        parts.append("</table>")
    if rows:
        parts.append(
            "<h2>Triples</h2><table><tr><th>category</th><th>test</th><th>gold</th><th>similarity</th>"
            "<th>why it does not match</th></tr>"
        )
        for triple in rows:
            css = triple.category.value.replace(" ", "-")
            parts.append(
                f"<tr class='{css}'><td>{triple.category.value}</td><td>{escape(str(triple.test or ''))}</td>"
                f"<td>{escape(str(triple.gold or ''))}</td><td class='num'>{triple.similarity:.4f}</td>"
                f"<td>{escape(triple.why)}</td></tr>"
            )
        parts.append("</table>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
