"""The lesson as slides (Qt-free): one SVG page per step, 16:9, drawn from the data - a header
(the step, the pair and its sentence, the parameters), the step's heatmap (every row and column
named, its cells marked as on screen), both graphs with only the pairs fixed so far shown as
aligned, and the step's text (the teacher's note, the caption, the details), all real text so
that the PDF made of it (:mod:`ui.teach.pdf`) can be searched and copied. A step that asks the
class a question has a page of its own before its answer's: the question and the rule, the answer
not marked. Every page of a lesson draws the heatmap the same size (:func:`figures_height`).
"""

from __future__ import annotations

from engine.layout.marks import GraphMarks, NodeMark, Status
from engine.layout.pair import PairDrawing, SideDrawing
from engine.layout.text import TextMeasure, approximate_width
from engine.params import Params
from engine.teach import Lesson

from ..common.svg import FigureText, text_element
from ..pair.graph_svg import graph_svg
from ..rounds.svg import heatmap_svg, svg_document
from .captions import RULES, note_paragraphs
from .model import aligned_pairs, step_heatmap

__all__ = ["HEIGHT", "WIDTH", "figures_height", "short_parameters", "slide_svg", "slide_text"]

WIDTH, HEIGHT = 1280.0, 720.0  # px at 96 DPI: 960 x 540 points, 16:9
MARGIN, TOP = 28.0, 86.0
FIGURES_LEAST = 300.0  # the heatmap and the graphs get at least this height; the text the rest
HEATMAP_WIDTH = 600.0
GRAPHS_X = MARGIN + HEATMAP_WIDTH + 32.0
GRAPHS_WIDTH = WIDTH - GRAPHS_X - MARGIN
TEXT_PX = (14.0, 13.0, 12.0, 11.0, 10.0)  # the largest at which the step's text fits, the figures at their least
LINE = 1.4  # line height, in text heights
SUBTITLE_PX = 13.0
GREY, NOTE = "#455a64", "#1b5e20"


def short_parameters(params: Params) -> str:
    """The parameters a lesson depends on, in one short line.

    >>> short_parameters(Params())
    'paper profile · γ 0.1 · α 0.2 · β 0.01 · initial anchors from the text and token alignments'
    """
    sources = [name for name, on in (("the text", params.use_text), ("token alignments", params.use_alignments)) if on]
    anchors = " and ".join(sources) if sources else "same lemmas only"
    return (
        f"{params.profile} profile · γ {params.gamma:g} · α {params.alpha:g} · β {params.beta:g} · "
        f"initial anchors from {anchors}"
    )


def slide_text(lesson: Lesson, index: int, note: str, revealed: bool = True) -> list[tuple[str, bool]]:
    """The step's text as paragraphs, each with whether it is the teacher's note: before the answer
    of a step that asks a question (not ``revealed``), the question and its rule; else the note, the
    caption, the details."""
    step = lesson.steps[index]
    if not revealed and step.prediction is not None:
        return [(f"Question for the class: {step.prediction.question}", False), (RULES[step.kind], False)]
    paragraphs = [(paragraph, True) for paragraph in note_paragraphs(note)]
    paragraphs.append((step.caption, False))
    paragraphs += [(f"• {line}", False) for line in step.details]
    return paragraphs


def _wrap(text: str, width: float, px: float) -> list[str]:
    """``text`` broken between words into lines at most ``width`` wide (by the engine's width model of
    a sans-serif face, :func:`engine.layout.text.approximate_width`); a longer word has a line of its own."""
    lines: list[str] = []
    for word in text.split():
        if lines and approximate_width(f"{lines[-1]} {word}", px) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _subtitle(pair_name: str, sentence: str, parameters: str, width: float, px: float) -> str:
    """The pair, its sentence and the parameters in one line at most ``width`` wide: the sentence
    cut after its last word that fits (with an ellipsis) when the whole is too long.

    >>> _subtitle("pair 3", "one two three four", "γ 0.1", 400, 13)
    'pair 3: one two three four - γ 0.1'
    >>> _subtitle("pair 3", "one two three four", "γ 0.1", 150, 13)
    'pair 3: one… - γ 0.1'
    """
    words = sentence.split()

    def line(count: int) -> str:
        shown = " ".join(words[:count]) + ("…" if count < len(words) else "")
        return f"{pair_name}" + (f": {shown}" if words else "") + f" - {parameters}"

    return line(next((count for count in range(len(words), 0, -1) if approximate_width(line(count), px) <= width), 0))


def _fit_text(paragraphs: list[tuple[str, bool]], width: float, height: float) -> tuple[float, list[tuple[str, bool]]]:
    """The largest of :data:`TEXT_PX` at which the paragraphs fit ``height`` (the smallest, cut,
    when none does), and the lines."""
    lines: list[tuple[str, bool]] = []
    for px in TEXT_PX:
        lines = [(line, note) for text, note in paragraphs for line in _wrap(text, width, px)]
        if _text_height(px, len(lines)) <= height:
            return px, lines
    px = TEXT_PX[-1]
    return px, lines[: int((height - px) // (px * LINE))]


def _text_height(px: float, lines: int) -> float:
    return lines * px * LINE + px  # the lines, and room for the gaps around the teacher's note


def _marks(side: SideDrawing, shown: set[str], judged: bool) -> GraphMarks:
    """The side's marks with only ``shown`` nodes aligned, relations unjudged until ``judged``."""
    nodes = {
        key: mark if key in shown or mark.status is Status.CONSTANT else NodeMark(Status.UNSCORED, mark.tooltip)
        for key, mark in side.marks.nodes.items()
    }
    return GraphMarks(nodes, set(side.marks.unmatched_edges) if judged else set())


def _graph(
    side: SideDrawing, title: str, shown: set[str], judged: bool, top: float, height: float, measure: TextMeasure
) -> list[str]:
    body = [text_element(GRAPHS_X, top + 8, 13, f"{title}: {side.summary}", font_weight="bold")]
    geometry = side.geometry
    if geometry is None or not geometry.nodes:
        return body + [text_element(GRAPHS_X, top + 30, 12, side.note or "no graph", colour=GREY)]
    bounds = geometry.bounds.grown(4.0)
    scale = min(GRAPHS_WIDTH / bounds.width, (height - 22) / bounds.height, 1.5)
    x = GRAPHS_X + (GRAPHS_WIDTH - bounds.width * scale) / 2 - bounds.x * scale
    y = top + 20 - bounds.y * scale
    body.append(f'<g transform="translate({x:.2f} {y:.2f}) scale({scale:.4f})">')
    body += graph_svg(geometry, _marks(side, shown, judged), measure)
    body.append("</g>")
    return body


def figures_height(paragraphs: list[tuple[str, bool]]) -> float:
    """How high the figures of a page can be above these paragraphs: what the text leaves at the
    largest size at which it fits under figures at least :data:`FIGURES_LEAST` high."""
    px, lines = _fit_text(paragraphs, WIDTH - 2 * MARGIN, HEIGHT - MARGIN - TOP - FIGURES_LEAST - 16)
    return HEIGHT - MARGIN - TOP - 16 - _text_height(px, len(lines))


def slide_svg(
    lesson: Lesson,
    index: int,
    drawing: PairDrawing | None,
    measure: TextMeasure,
    pair_name: str,
    note: str = "",
    revealed: bool = True,
    figures: float | None = None,
) -> str:
    """Step ``index`` of the lesson as one SVG page, ``revealed`` (the answer to its question shown)
    or the question's page; the figures ``figures`` high (default: as high as the text leaves,
    :func:`figures_height`), the text as large as fits under them."""
    step, trace = lesson.steps[index], lesson.trace
    total = len(lesson.steps)
    sentence = trace.test.text or trace.gold.text or ""
    asked = not revealed and step.prediction is not None
    title = f"Step {index + 1} of {total}: {step.title}" + (" - your prediction?" if asked else "")
    subtitle = _subtitle(pair_name, sentence, short_parameters(trace.params), WIDTH - 2 * MARGIN, SUBTITLE_PX)
    body = [
        text_element(MARGIN, MARGIN + 10, 24, title, font_weight="bold"),
        text_element(MARGIN, MARGIN + 40, SUBTITLE_PX, subtitle, colour=GREY),
    ]
    paragraphs = slide_text(lesson, index, note, revealed)
    figures = figures_height(paragraphs) if figures is None else figures
    px, lines = _fit_text(paragraphs, WIDTH - 2 * MARGIN, HEIGHT - MARGIN - TOP - 16 - figures)
    heatmap = step_heatmap(step, revealed)
    body.append(text_element(MARGIN, TOP + 8, 15, heatmap.title, font_weight="bold"))
    names = list(lesson.test_names), list(lesson.gold_names)
    body += heatmap_svg(heatmap, *names, MARGIN, TOP + 24, HEATMAP_WIDTH, figures - 24)
    if drawing is not None:
        pairs, judged = aligned_pairs(lesson, index, revealed)
        shown_test = {trace.test.nodes[i].var for i, _ in pairs}
        shown_gold = {trace.gold.nodes[j].var for _, j in pairs}
        graph_height = (figures - 12) / 2
        body += _graph(drawing.test, "Test", shown_test, judged, TOP, graph_height, measure)
        body += _graph(drawing.gold, "Gold", shown_gold, judged, TOP + graph_height + 12, graph_height, measure)
    y = TOP + figures + 16 + px / 2
    previous = None
    for line, is_note in lines:
        if previous is not None and is_note != previous:
            y += px * 0.5
        body.append(text_element(MARGIN, y, px, line, colour=NOTE if is_note else "#1a1a1a"))
        y += px * LINE
        previous = is_note
    return svg_document(WIDTH, HEIGHT, FigureText(title, (subtitle,)), body)
