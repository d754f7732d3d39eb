"""A step's text for the lesson panel and the slides (Qt-free): the question while the step waits
for a prediction (the rule, not the answer), else the teacher's note, the step's caption and its
details; a verdict on a prediction; and the pair taught, named."""

from __future__ import annotations

from html import escape

from engine.output.report import items_html
from engine.teach import Step

from .prediction import Verdict

__all__ = ["RIGHT", "RULES", "WRONG", "note_paragraphs", "pair_heading", "step_html", "verdict_html"]

RIGHT, WRONG = "#1b5e20", "#b71c1c"
NOTE_FILL, QUESTION_FILL = "#e8f5e9", "#fff3e0"
RULES = {
    "anchors": (
        "The round's F = (S + α)(A + β) is shown (eq. 13). A pair becomes an anchor when its F is the largest of its "
        "row and of its column (eq. 14); when that maximum is shared, the pair whose nodes share more relation labels "
        "wins (§2.2.2)."
    ),
    "finalisation": (
        "The finalisation (Algorithm 2) pairs the nodes left over greedily: among the rows and columns still free, "
        "the largest F is taken, and its row and column leave the matrix."
    ),
}


def pair_heading(number: int, pair_id: str | None, sentence: str | None) -> str:
    """The pair a lesson teaches, as the class reads it above the step.

    >>> pair_heading(2, "read", "She is reading my book in the house")
    'Pair 2 (read): She is reading my book in the house'
    >>> pair_heading(3, None, None)
    'Pair 3'
    """
    name = f"Pair {number}" + (f" ({pair_id})" if pair_id else "")
    return f"{name}: {sentence}" if sentence else name


def note_paragraphs(note: str) -> list[str]:
    """A note's paragraphs (blank lines between them), each on one line.

    >>> note_paragraphs("One line\\nand the same.\\n\\nAnother.")
    ['One line and the same.', 'Another.']
    """
    return [" ".join(part.split()) for part in note.split("\n\n") if part.strip()]


def _box(fill: str, html: str) -> str:
    """A coloured box (a one-cell table: what Qt's rich text draws with a background)."""
    return f"<table width='100%' cellpadding='6' cellspacing='0' bgcolor='{fill}'><tr><td>{html}</td></tr></table>"


def step_html(step: Step, note: str, asking: bool) -> str:
    """What the panel writes under the step's title."""
    if asking:
        assert step.prediction is not None
        question = escape(step.prediction.question)
        return _box(
            QUESTION_FILL,
            f"<p><b>{question}</b></p><p>{escape(RULES[step.kind])}</p>"
            "<p>Click the cell you expect; Space reveals the answer without one.</p>",
        )
    html = ""
    if note:
        paragraphs = "".join(f"<p>{escape(paragraph)}</p>" for paragraph in note_paragraphs(note))
        html += _box(NOTE_FILL, paragraphs)
    html += f"<p>{escape(step.caption)}</p>" + items_html(step.details)
    return html


def verdict_html(verdict: Verdict) -> str:
    """The verdict in large coloured words, then why."""
    colour, mark = (RIGHT, "✔") if verdict.right else (WRONG, "✘")
    return (
        f"<p style='color:{colour};font-size:x-large;font-weight:bold'>{mark} {escape(verdict.headline)}</p>"
        f"<p>{escape(verdict.reason)}</p>"
    )
